// rownorm-widen-bf16-pairs is exact: its rewrite of a vector<8xbf16> -> f32
// widening (shift and mask of 32-bit words, interleaved), run on the CPU,
// gives every one of the 65536 bf16 bit patterns in every lane the f32 whose
// bits are the pattern shifted up by 16 (the definition of bf16), and the
// same bits as the CPU's own arith.extf (NaN payloads, signalling NaNs,
// infinities, subnormals and -0 included). The pass only rewrites inside
// gpu.func, so the rewritten function is lifted out as a func.func; the
// checks prefixed REWRITTEN make sure there was a rewrite to test.
// REQUIRES: mlir-runner
// RUN: rmsnorm-opt %s --rownorm-widen-bf16-pairs | sed -n '/gpu.func @widen/,/gpu.return/p' \
// RUN:   | sed -e 's/gpu.func/func.func/' -e 's/gpu.return/return/' > %t.widen.mlir
// RUN: echo "}" >> %t.widen.mlir
// RUN: FileCheck %s --check-prefix=REWRITTEN --input-file=%t.widen.mlir
// RUN: cat %t.widen.mlir %S/Inputs/widen-bf16-main.mlir | mlir-opt %{lower_to_cpu} \
// RUN:   | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_c_runner_utils,%mlir_runner_utils \
// RUN:   | FileCheck %s

// REWRITTEN: func.func @widen
// REWRITTEN-NOT: arith.extf
// REWRITTEN: vector.shuffle
// REWRITTEN-NOT: arith.extf
// REWRITTEN: return

// CHECK: patterns checked: 524288
// CHECK-NEXT: differ from the bits shifted up by 16: 0
// CHECK-NEXT: differ from arith.extf: 0

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @widen(%v: vector<8xbf16>) -> vector<8xf32> {
      %e = arith.extf %v : vector<8xbf16> to vector<8xf32>
      gpu.return %e : vector<8xf32>
    }
  }
}
