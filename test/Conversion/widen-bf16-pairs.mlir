// rownorm-widen-bf16-pairs: in kernels, the widening of an even-length 1-D
// bf16 vector to f32 becomes integer work on 32-bit words, two elements per
// word: the first (low half) shifted up by 16, the second (high half)
// masked in place, then interleaved back into element order, in every
// gpu.func (kernel or not, also one nested in another: each widening is
// rewritten once). f16, scalars, odd lengths, vectors longer than 1024
// elements and functions outside gpu.func are left alone.
// RUN: rmsnorm-opt %s --rownorm-widen-bf16-pairs | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @pairs
    // CHECK: %[[WORDS:.*]] = vector.bitcast %{{.*}} : vector<8xbf16> to vector<4xi32>
    // CHECK: %[[SHIFT:.*]] = arith.constant dense<16> : vector<4xi32>
    // CHECK: %[[LO:.*]] = arith.shli %[[WORDS]], %[[SHIFT]] : vector<4xi32>
    // CHECK: %[[HIGH:.*]] = arith.constant dense<-65536> : vector<4xi32>
    // CHECK: %[[HI:.*]] = arith.andi %[[WORDS]], %[[HIGH]] : vector<4xi32>
    // CHECK: %[[LOF:.*]] = arith.bitcast %[[LO]] : vector<4xi32> to vector<4xf32>
    // CHECK: %[[HIF:.*]] = arith.bitcast %[[HI]] : vector<4xi32> to vector<4xf32>
    // CHECK: %[[W:.*]] = vector.shuffle %[[LOF]], %[[HIF]] [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
    // CHECK: vector.store %[[W]]
    // CHECK-NOT: arith.extf
    gpu.func @pairs(%a: memref<8xbf16>, %o: memref<8xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = vector.load %a[%c0] : memref<8xbf16>, vector<8xbf16>
      %e = arith.extf %v : vector<8xbf16> to vector<8xf32>
      vector.store %e, %o[%c0] : memref<8xf32>, vector<8xf32>
      gpu.return
    }

    // CHECK-LABEL: gpu.func @outer
    // CHECK: gpu.func @inner
    // CHECK: %[[W:.*]] = vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
    // CHECK: arith.shli %[[W]]
    // CHECK: arith.andi %[[W]]
    // CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1] : vector<1xf32>, vector<1xf32>
    // CHECK-NOT: arith.extf
    // CHECK: gpu.return
    gpu.func @outer() kernel {
      builtin.module {
        gpu.module @nested {
          gpu.func @inner(%v: vector<2xbf16>, %o: memref<2xf32>) kernel {
            %c0 = arith.constant 0 : index
            %e = arith.extf %v : vector<2xbf16> to vector<2xf32>
            vector.store %e, %o[%c0] : memref<2xf32>, vector<2xf32>
            gpu.return
          }
        }
      }
      gpu.return
    }

    // CHECK-LABEL: gpu.func @left_alone
    // CHECK: arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
    // CHECK: arith.extf %{{.*}} : bf16 to f32
    // CHECK: arith.extf %{{.*}} : vector<3xbf16> to vector<3xf32>
    // CHECK: arith.extf %{{.*}} : vector<2xbf16> to vector<2xf64>
    // CHECK: arith.extf %{{.*}} : vector<1026xbf16> to vector<1026xf32>
    // CHECK-NOT: vector.bitcast
    gpu.func @left_alone(%h: vector<8xf16>, %s: bf16, %odd: vector<3xbf16>,
                         %wide: vector<2xbf16>, %long: vector<1026xbf16>,
                         %o: memref<8xf32>, %o1: memref<1xf32>,
                         %o3: memref<3xf32>, %o64: memref<2xf64>,
                         %ol: memref<1026xf32>) kernel {
      %c0 = arith.constant 0 : index
      %a = arith.extf %h : vector<8xf16> to vector<8xf32>
      vector.store %a, %o[%c0] : memref<8xf32>, vector<8xf32>
      %b = arith.extf %s : bf16 to f32
      memref.store %b, %o1[%c0] : memref<1xf32>
      %c = arith.extf %odd : vector<3xbf16> to vector<3xf32>
      vector.store %c, %o3[%c0] : memref<3xf32>, vector<3xf32>
      %d = arith.extf %wide : vector<2xbf16> to vector<2xf64>
      vector.store %d, %o64[%c0] : memref<2xf64>, vector<2xf64>
      %l = arith.extf %long : vector<1026xbf16> to vector<1026xf32>
      vector.store %l, %ol[%c0] : memref<1026xf32>, vector<1026xf32>
      gpu.return
    }
  }

  // A vector of 2^32 elements is left alone (its mask alone would take
  // 32 GiB: it ran out of memory before the bound).
  gpu.module @huge {
    // CHECK-LABEL: gpu.func @huge
    // CHECK: arith.extf %{{.*}} : vector<4294967296xbf16> to vector<4294967296xf32>
    gpu.func @huge(%v: vector<4294967296xbf16>, %o: memref<4294967296xf32>) kernel {
      %c0 = arith.constant 0 : index
      %e = arith.extf %v : vector<4294967296xbf16> to vector<4294967296xf32>
      vector.store %e, %o[%c0] : memref<4294967296xf32>, vector<4294967296xf32>
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @host
  // CHECK: arith.extf %{{.*}} : vector<8xbf16> to vector<8xf32>
  func.func @host(%v: vector<8xbf16>) -> vector<8xf32> {
    %e = arith.extf %v : vector<8xbf16> to vector<8xf32>
    return %e : vector<8xf32>
  }
}
