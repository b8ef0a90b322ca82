#!/usr/bin/env python3
"""CPU check of thread_rows.cu's fast-path index arithmetic (forty-ninth
session; the prototype has not run on a GPU yet): the code's thread ->
(row, segment) mapping, masks and word / element stores mirrored line by
line. For each (element size, N, TPR, R) it asserts that every element of a
block's run is summed once and stored once, by the thread that owns its row
and column, that no read passes the buffer's padding, and reports the most
lanes of a warp that hit one bank in a word read (1: conflict-free).
Planted faults caught: the pair store's `2 * j + 2 < SEG` dropped (a
segment writes its neighbour's first element), rows not interleaved by phase
(a warp's phase no longer uniform). Usage: python3 thread_rows_check.py
"""
def check(size, N, TPR, R):
    VW = 16 // size; P = 2 if size == 2 else 1
    assert N % 2 == 1 and R % (32 * P) == 0
    G = R // (32 * P)
    SEG = ((N + TPR - 1) // TPR + VW - 1) // VW * VW
    LAST = N - (TPR - 1) * SEG
    assert 0 < LAST <= SEG
    WPS = SEG * size // 4
    pad = SEG + 2
    owner = {}  # element -> (row, col) expected
    written = {}
    used = {}
    banks = {}  # (warp, j) -> list of banks (load words)
    for tid in range(TPR * R):
        lane, warp = tid % 32, tid // 32
        q = warp % (P * G); p = q % P; t = warp // (P * G)
        r = (q // P) * 32 * P + lane * P + p
        lim = N - t * SEG
        e0 = r * N + t * SEG
        valid = lambda i: i < LAST or i < lim
        # loads
        if size == 4:
            words = [e0 + j for j in range(WPS)]
        else:
            wb = e0 >> 1; assert (e0 & 1) == p
            words = [wb + j for j in range(WPS + 1)]
        for j, wd in enumerate(words):
            assert wd * 4 < (R * N + pad) * size, ("read past buffer", tid, wd)
            banks.setdefault((warp, j), []).append(wd % 32)
        # elements used: segment i -> element e0 + i
        for i in range(SEG):
            if valid(i):
                e = e0 + i
                assert e // N == r and e % N == t * SEG + i, ("wrong element", tid, i)
                used[e] = used.get(e, 0) + 1
        # stores
        def st(e, i):
            assert 0 <= i < SEG and valid(i), ("stores a masked element", tid, i)
            assert e == e0 + i
            written[e] = written.get(e, 0) + 1
        if size == 4:
            for j in range(SEG):
                if valid(j): st(e0 + j, j)
        elif p == 0:
            for j in range(WPS):
                if valid(2*j+1): st(e0 + 2*j, 2*j); st(e0 + 2*j + 1, 2*j + 1)
                elif valid(2*j): st(e0 + 2*j, 2*j)
        else:
            st(e0, 0)
            for j in range(WPS):
                if 2*j+2 < SEG and valid(2*j+2):
                    w = ((e0 + 1) >> 1) + j
                    assert w * 2 == e0 + 2*j + 1
                    st(e0 + 2*j + 1, 2*j+1); st(e0 + 2*j + 2, 2*j + 2)
                elif valid(2*j+1): st(e0 + 2*j + 1, 2*j + 1)
    tot = R * N
    assert sorted(used) == list(range(tot)) and set(used.values()) == {1}, "sum coverage"
    assert sorted(written) == list(range(tot)) and set(written.values()) == {1}, "store coverage"
    worst = max(max(b.count(x) for x in b) for b in banks.values())
    return SEG, LAST, worst
if __name__ == "__main__":
  for size, N, TPR, R in [(2,127,1,64),(2,127,2,64),(2,127,4,64),(4,127,2,64),(4,127,4,64),(4,127,2,32),(4,127,4,32),
                          (2,63,1,64),(2,255,2,64),(2,255,4,64),(2,201,2,64),(4,255,4,64),(2,127,1,128),(4,63,1,32),
                          (2,191,2,64),(4,191,3,64),(4,191,4,64),(4,63,2,64),(4,63,4,64),(2,63,2,64),(2,255,2,64)]:
      print(size, N, TPR, R, "SEG/LAST/worst bank ways", check(size, N, TPR, R))
