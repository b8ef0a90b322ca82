"""Writes hostile variants of a manifest (argv[1]) into a folder (argv[2])."""
import json
import os
import sys

source, out = sys.argv[1], sys.argv[2]
m = json.load(open(source))


def write(name, data):
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        f.write(data)


def variant(name, **changes):
    v = dict(m)
    v.update(changes)
    write(name, json.dumps(v))


write("deep.json", "[" * 100000 + "]" * 100000)
variant("rpb0.json", rows_per_block=0)
variant("block4096.json", block=[4096, 1, 1])
variant("path.json", files={"ptx": "../../elsewhere/k.sm_90.ptx"})
variant("eps0.json", epsilon=0.0)
write("nan.json", json.dumps(m).replace('"n": 5128', '"n": NaN'))
write("hex.json", json.dumps(m).replace('"n": 5128', '"n": 0x1408'))
# A byte-order mark, and the kernel's name spelled with \u escapes.
escaped = json.dumps(m, ensure_ascii=True).replace(
    '"kernel": "rms_norm_f16_5128"',
    '"kernel": "rms_norm_f16_5128 \\u00e9\\ud83d\\ude00"')
write("bom.json", "\ufeff" + escaped)
