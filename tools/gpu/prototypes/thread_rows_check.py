#!/usr/bin/env python3
"""CPU check of thread_rows.cu (forty-ninth session; written before the
prototype first ran on a GPU): a bit-level emulation of one block's fast
path and of perRowLoop's shuffles (shfl.sync.bfly with PTX's clamp and
segment mask), mirroring the kernel line for line. For each configuration
(dtype, N, TPR, R) it asserts that every element of the run is stored once
by its owner, that every w column is read and none past N, that no shared
word read passes the buffer's padding, and that y is within 8e-3 (16-bit) /
1e-5 (f32) of an fp64 reference, relative to the largest |y|; and that the
fallback's shuffles give every row its whole sum. The configurations are
the ones s49a builds and the ones thread_rows_widths.py picks.
Faults planted in a copy and caught (each makes it exit 1): the pair
store's `2 * j + 2 < SEG` dropped, the sum's mask `i < SEG`, rows not
interleaved by phase, a p = 0 row's lone last element dropped, the funnel
shift reversed, w's column off by the phase, the partial sums indexed by
the row, w's vector test on SEG, padding of SEG - LAST, a fallback of three
threads a row (not a power of two).
Usage: python3 thread_rows_check.py   (exits non-zero on a failure)
"""
import math
import random
import struct
import sys

rng = random.Random(1)
def f32(v): return struct.unpack('f', struct.pack('f', float(v)))[0]
def f32bits(v): return struct.unpack('I', struct.pack('f', float(v)))[0]
def bitsf32(b): return struct.unpack('f', struct.pack('I', b))[0]
def bits2f(b, dt):
    b = int(b)
    if dt == 'bf16': return bitsf32(b << 16)
    if dt == 'f16': return struct.unpack('e', struct.pack('H', b))[0]
    return bitsf32(b)
def f2bits(v, dt):
    v = f32(v)
    if dt == 'bf16':
        u = f32bits(v); return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF
    if dt == 'f16': return struct.unpack('H', struct.pack('e', v))[0]
    return f32bits(v)

def fast(dt, N, TPR, R, eps=1e-6):
    size = 4 if dt == 'f32' else 2
    VW = 16 // size; P = 2 if size == 2 else 1; G = R // (32 * P)
    SEG = (-(-N // TPR) + VW - 1) // VW * VW; LAST = N - (TPR - 1) * SEG
    assert N % 2 and R % (32 * P) == 0 and 0 < LAST <= SEG and SEG * size <= 256
    WPS = SEG * size // 4; NV = SEG // VW; EW = 4 // size
    nbuf = R * N + SEG + 2
    # x, w random values representable in the type
    xv = [bits2f(f2bits(v, dt), dt) for v in [rng.gauss(0,1) for _ in range(R * N)]]
    wv = [bits2f(f2bits(v, dt), dt) for v in [rng.gauss(0,1) for _ in range(N)]]
    buf = [f2bits(v, dt) for v in xv] + [0x7FC0 if size == 2 else 0x7FC00000] * (nbuf - R * N)  # NaN padding
    mask = (1 << (8 * size)) - 1
    def word(k):
        if size == 4:
            assert 0 <= k < nbuf, "smem OOB word"; return buf[k]
        assert 0 <= 2 * k + 1 < nbuf, "smem OOB word"; return buf[2 * k] | (buf[2 * k + 1] << 16)
    wreads = set()
    st = []
    # phase A: w loads, x loads, partial sums (all reads)
    part = {}
    for tid in range(TPR * R):
        lane, warp = tid % 32, tid // 32
        q = warp % (P * G); p = q % P; t = warp // (P * G)
        r = (q // P) * 32 * P + lane * P + p
        lim = N - t * SEG
        we = []
        for v in range(NV):
            base = t * SEG + v * VW
            if (v + 1) * VW <= LAST or (v + 1) * VW <= lim:
                assert base % VW == 0 and base + VW <= N, "w vector OOB"
                we += [wv[base + j] for j in range(VW)]; wreads.update(range(base, base + VW))
            else:
                for j in range(VW):
                    if v * VW + j < lim:
                        assert base + j < N; we.append(wv[base + j]); wreads.add(base + j)
                    else: we.append(f32(0))
        e0 = r * N + t * SEG
        if size == 4:
            xw = [word(e0 + j) for j in range(WPS)]
        else:
            wb, sh = e0 >> 1, (e0 & 1) * 16
            prev = word(wb); xw = []
            for j in range(WPS):
                nxt = word(wb + j + 1)
                xw.append((((nxt << 32) | prev) >> sh) & 0xFFFFFFFF); prev = nxt
        xe = []
        for wd in xw:
            for h in range(EW): xe.append(bits2f((wd >> (16 * h)) & mask if size == 2 else wd, dt))
        acc = [f32(0)] * 4
        for i in range(SEG):
            if i < LAST or i < lim:
                acc[i % 4] = f32(f32(xe[i] * xe[i]) + acc[i % 4])  # (fma ~)
        s_ = f32((acc[0] + acc[1]) + (acc[2] + acc[3]))
        part[(t, q * 32 + lane)] = s_
        st.append((tid, p, t, r, lim, e0, xe, we))
    # barrier; phase B: writes
    owner = {}
    def store_half(e, val, tid):
        assert 0 <= e < R * N, ("store outside run", e)
        assert e not in owner, ("double store", e, owner.get(e), tid)
        owner[e] = tid; buf[e] = val
    for (tid, p, t, r, lim, e0, xe, we) in st:
        q = (tid // 32) % (P * G); lane = tid % 32
        ssum = f32(0)
        if TPR > 1:
            for k in range(TPR): ssum = f32(ssum + part[(k, q * 32 + lane)])
        else: ssum = part[(0, q * 32 + lane)]
        s = f32(1 / math.sqrt(f32(f32(ssum * f32(1 / N)) + f32(eps))))
        ow = []
        for j in range(WPS):
            a = f2bits(f32(f32(xe[EW * j] * s) * we[EW * j]), dt)
            b = f2bits(f32(f32(xe[EW * j + 1] * s) * we[EW * j + 1]), dt) if EW == 2 else 0
            ow.append(a | (b << 16) if size == 2 else a)
        oe = [(ow[i // 2] >> (16 * (i % 2))) & 0xFFFF for i in range(SEG)] if size == 2 else ow
        valid = lambda i: i < LAST or i < lim
        if size == 4:
            for j in range(SEG):
                if valid(j): store_half(e0 + j, ow[j], tid)
        elif p == 0:
            for j in range(WPS):
                if valid(2 * j + 1):
                    k = (e0 >> 1) + j; store_half(2 * k, ow[j] & 0xFFFF, tid); store_half(2 * k + 1, ow[j] >> 16, tid)
                elif valid(2 * j): store_half(e0 + 2 * j, oe[2 * j], tid)
        else:
            store_half(e0, oe[0], tid)
            for j in range(WPS):
                if 2 * j + 2 < SEG and valid(2 * j + 2):
                    k = ((e0 + 1) >> 1) + j
                    wd = (((ow[j + 1] if j + 1 < WPS else 0) << 32 | ow[j]) >> 16) & 0xFFFFFFFF
                    store_half(2 * k, wd & 0xFFFF, tid); store_half(2 * k + 1, wd >> 16, tid)
                elif valid(2 * j + 1): store_half(e0 + 2 * j + 1, oe[2 * j + 1], tid)
    assert sorted(owner) == list(range(R * N)), "store coverage"
    assert wreads == set(range(N))
    err = 0.0; mx = 0.0
    for r in range(R):
        row = xv[r * N:(r + 1) * N]; sc = 1 / math.sqrt(sum(v * v for v in row) / N + eps)
        for c in range(N):
            ref = row[c] * sc * wv[c]; y = bits2f(buf[r * N + c], dt)
            err = max(err, abs(y - ref)); mx = max(mx, abs(ref))
    err /= mx
    tol = 1e-5 if dt == 'f32' else 8e-3
    assert err < tol, ("values", err)
    return SEG, LAST, err

def shfl_bfly(vals, b, width, lanes_active=32):
    c = ((32 - width) << 8) | 0x1f; segmask = (c >> 8) & 0x1f; clamp = c & 0x1f
    out = []
    for lane in range(32):
        mn = lane & segmask; mx = mn | (clamp & ~segmask); j = lane ^ b
        out.append(vals[j] if j <= mx else vals[lane])
    return out

def fallback(N, TPR, R, nrows):
    rows = [[rng.gauss(0,1) for _ in range(N)] for _ in range(R)]; bad = 0
    nthreads = TPR * R
    acc = [0.0] * nthreads
    for tid in range(nthreads):
        t, r = tid % TPR, tid // TPR
        if r < nrows: acc[tid] = sum(rows[r][c] ** 2 for c in range(t, N, TPR))
    m = TPR // 2
    while m > 0:
        new = []
        for w0 in range(0, nthreads, 32): new += shfl_bfly(acc[w0:w0 + 32], m, TPR)
        acc = [a + b for a, b in zip(acc, new)]; m //= 2
    for tid in range(nthreads):
        r = tid // TPR
        if r < nrows and abs(acc[tid] - sum(v * v for v in rows[r])) > 1e-9: bad += 1
    return bad

if __name__ == "__main__":
    cfgs = {("bf16", 127, 1, 64), ("f16", 127, 1, 64), ("f16", 127, 2, 64), ("bf16", 127, 4, 64),
            ("f32", 127, 2, 64), ("f32", 127, 4, 64)}
    # The widths as thread_rows_widths.py picks them for s49b's builds and (4, 4).
    for T, U in ((1, 2), (2, 4), (4, 4)):
        for n in (63, 127, 191, 255):
            for dt in ("bf16", "f16", "f32"):
                pr = 1 if dt == "f32" else 2
                tpr = max(U if dt == "f32" else T, -(-n // (64 * pr)))
                tpr = 1 << (tpr - 1).bit_length()
                rows = 64 if 64 * n * (4 // pr) <= 40 * 1024 else 32
                cfgs.add((dt, n, tpr, rows))
    for c in sorted(cfgs):
        print(c, "SEG, LAST, relative error:", fast(*c), flush=True)
    bad = 0
    for N, TPR, R in ((127, 1, 64), (127, 2, 64), (127, 4, 64), (191, 4, 32), (63, 2, 64)):
        for nrows in (R, R - 1, 1):
            b = fallback(N, TPR, R, nrows)
            print("fallback", N, TPR, R, nrows, "rows with a wrong sum:", b)
            bad += b
    sys.exit(1 if bad else 0)
