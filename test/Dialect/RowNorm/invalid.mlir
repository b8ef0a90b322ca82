// Every verifier message of rownorm.rms_norm, one case per split.
// RUN: rmsnorm-opt %s --split-input-file --verify-diagnostics

// x of an unsupported element type
func.func @element_type_f64(%x: memref<?x8xf64>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{operand #0 must be 2D memref of 32-bit float or 16-bit float or bfloat16 type values, but got 'memref<?x8xf64>'}}
  rownorm.rms_norm ins(%x : memref<?x8xf64>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// integer rows (quantized input is not an op yet)
func.func @element_type_i8(%x: memref<?x8xi8>, %w: memref<8xf32>, %y: memref<?x8xi8>) {
  // expected-error @+1 {{operand #0 must be 2D memref of 32-bit float or 16-bit float or bfloat16 type values, but got 'memref<?x8xi8>'}}
  rownorm.rms_norm ins(%x : memref<?x8xi8>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xi8>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// rows must be 2-D
func.func @input_rank_1(%x: memref<8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{operand #0 must be 2D memref}}
  rownorm.rms_norm ins(%x : memref<8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// batched rows must be flattened to 2-D by the caller
func.func @input_rank_3(%x: memref<?x?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{operand #0 must be 2D memref}}
  rownorm.rms_norm ins(%x : memref<?x?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// the weight is one row
func.func @weight_rank_2(%x: memref<?x8xf32>, %w: memref<1x8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{operand #1 must be 1D memref}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<1x8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// weight of an unsupported element type
func.func @weight_element_type_f64(%x: memref<?x8xf32>, %w: memref<8xf64>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{operand #1 must be 1D memref of 32-bit float or 16-bit float or bfloat16 type values, but got 'memref<8xf64>'}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf64>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// output must be 2-D
func.func @output_rank_1(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<8xf32>) {
  // expected-error @+1 {{operand #2 must be 2D memref}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// N must be static for now
func.func @dynamic_row_length(%x: memref<?x?xf32>, %w: memref<8xf32>, %y: memref<?x?xf32>) {
  // expected-error @+1 {{expects a static row length; a dynamic N is not supported yet}}
  rownorm.rms_norm ins(%x : memref<?x?xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x?xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// N = 0
func.func @zero_row_length(%x: memref<?x0xf32>, %w: memref<0xf32>, %y: memref<?x0xf32>) {
  // expected-error @+1 {{expects a row length of at least 1, got 0}}
  rownorm.rms_norm ins(%x : memref<?x0xf32>) weight(%w : memref<0xf32>) outs(%y : memref<?x0xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// output of another element type
func.func @output_element_type_mismatch(%x: memref<?x8xf16>, %w: memref<8xf16>, %y: memref<?x8xbf16>) {
  // expected-error @+1 {{expects output element type ('bf16') to match input element type ('f16')}}
  rownorm.rms_norm ins(%x : memref<?x8xf16>) weight(%w : memref<8xf16>) outs(%y : memref<?x8xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// output rows of another length
func.func @output_row_length_mismatch(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x16xf32>) {
  // expected-error @+1 {{expects output row length (16) to match input row length (8)}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x16xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// output rows of unknown length
func.func @output_row_length_dynamic(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x?xf32>) {
  // expected-error @+1 {{expects output row length (?) to match input row length (8)}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x?xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// static M that differs
func.func @row_count_mismatch(%x: memref<8x8xf32>, %w: memref<8xf32>, %y: memref<4x8xf32>) {
  // expected-error @+1 {{expects output rows (4) to match input rows (8): fix M in both types or in neither}}
  rownorm.rms_norm ins(%x : memref<8x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<4x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// M fixed for one buffer only: a kernel would bound x's rows by the launch's
// row count and y's by the type's (stores past a shorter y)
func.func @row_count_fixed_for_output_only(%x: memref<?x127xbf16>, %w: memref<127xbf16>, %y: memref<4096x127xbf16>) {
  // expected-error @+1 {{expects output rows (4096) to match input rows (?): fix M in both types or in neither}}
  rownorm.rms_norm ins(%x : memref<?x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<4096x127xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

func.func @row_count_fixed_for_input_only(%x: memref<4096x127xbf16>, %w: memref<127xbf16>, %y: memref<?x127xbf16>) {
  // expected-error @+1 {{expects output rows (?) to match input rows (4096): fix M in both types or in neither}}
  rownorm.rms_norm ins(%x : memref<4096x127xbf16>) weight(%w : memref<127xbf16>) outs(%y : memref<?x127xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// weight shorter than a row
func.func @weight_length_mismatch(%x: memref<?x4096xbf16>, %w: memref<4095xbf16>, %y: memref<?x4096xbf16>) {
  // expected-error @+1 {{expects weight length (4095) to match row length (4096)}}
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4095xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// weight of unknown length
func.func @weight_length_dynamic(%x: memref<?x8xf32>, %w: memref<?xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects weight length (?) to match row length (8)}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<?xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// an f16 weight for bf16 rows
func.func @weight_element_type_other_narrow(%x: memref<?x8xbf16>, %w: memref<8xf16>, %y: memref<?x8xbf16>) {
  // expected-error @+1 {{expects weight element type ('f16') to be the input element type ('bf16') or f32}}
  rownorm.rms_norm ins(%x : memref<?x8xbf16>) weight(%w : memref<8xf16>) outs(%y : memref<?x8xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// a bf16 weight for f32 rows
func.func @weight_element_type_narrow_for_f32(%x: memref<?x8xf32>, %w: memref<8xbf16>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects weight element type ('bf16') to be the input element type ('f32') or f32}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xbf16>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// operands in different memory spaces
func.func @memory_space_mismatch(%x: memref<?x8xf32>, %w: memref<8xf32, 3>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects input, weight and output in one memory space}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32, 3>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// a layout that is not strided
func.func @input_not_strided(%x: memref<?x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects input to have a strided layout, got 'memref<?x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>'}}
  rownorm.rms_norm ins(%x : memref<?x8xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// rows that are not contiguous
func.func @input_column_stride(%x: memref<?x8xf32, strided<[?, 2]>>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects input rows to be contiguous (innermost stride 1), got stride 2}}
  rownorm.rms_norm ins(%x : memref<?x8xf32, strided<[?, 2]>>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// an output whose column stride is unknown
func.func @output_column_stride_dynamic(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32, strided<[?, ?]>>) {
  // expected-error @+1 {{expects output rows to be contiguous (innermost stride 1), got stride ?}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32, strided<[?, ?]>>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// a row stride that cannot hold a row
func.func @input_row_stride_too_small(%x: memref<?x4096xbf16, strided<[4000, 1]>>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
  // expected-error @+1 {{expects input row stride (4000) to hold a row of 4096 elements}}
  rownorm.rms_norm ins(%x : memref<?x4096xbf16, strided<[4000, 1]>>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// a static row stride beyond what a manifest carries exactly (2^53 + 1)
func.func @row_stride_too_large(%x: memref<?x8xf32, strided<[9007199254740993, 1]>>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects input row stride (9007199254740993) to be at most 2^53 elements}}
  rownorm.rms_norm ins(%x : memref<?x8xf32, strided<[9007199254740993, 1]>>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// an output row stride that cannot hold a row
func.func @output_row_stride_too_small(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32, strided<[7, 1]>>) {
  // expected-error @+1 {{expects output row stride (7) to hold a row of 8 elements}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32, strided<[7, 1]>>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// a strided weight
func.func @weight_stride(%x: memref<?x8xf32>, %w: memref<8xf32, strided<[2]>>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects weight to be contiguous (innermost stride 1), got stride 2}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32, strided<[2]>>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// epsilon must be positive
func.func @epsilon_zero(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects a positive epsilon, got 0}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 0.0 : f32}
  return
}

// -----

// negative zero is not positive either
func.func @epsilon_negative_zero(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects a positive epsilon, got -0}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = -0.0 : f32}
  return
}

// -----

// a negative epsilon
func.func @epsilon_negative(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects a positive epsilon, got -9.99999974E-6}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = -1.0e-05 : f32}
  return
}

// -----

// an infinite epsilon
func.func @epsilon_infinite(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects a finite epsilon, got +Inf}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 0x7F800000 : f32}
  return
}

// -----

// a NaN epsilon
func.func @epsilon_nan(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects a finite epsilon, got NaN}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 0x7FC00000 : f32}
  return
}

// -----

// epsilon is required
func.func @epsilon_missing(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{expects exactly one epsilon: the attribute (built in) or the operand (at run time)}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) 
  return
}

// -----

// epsilon is an f32
func.func @epsilon_f64(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>) {
  // expected-error @+1 {{custom op 'rownorm.rms_norm' 'rownorm.rms_norm' op attribute 'epsilon' failed to satisfy constraint: 32-bit float attribute}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) {epsilon = 1.0e-05 : f64}
  return
}

// -----

// a schedule that does not cover the row
func.func @schedule_too_short(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
  // expected-error @+1 {{expects a schedule with vectors_per_thread = 4 for a row of 4096 elements read by 128 threads in vectors of 8, got 2}}
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 2>}
  return
}

// -----

// a schedule with vectors past the row
func.func @schedule_idle_vectors(%x: memref<?x4096xbf16>, %w: memref<4096xbf16>, %y: memref<?x4096xbf16>) {
  // expected-error @+1 {{expects a schedule with vectors_per_thread = 4 for a row of 4096 elements read by 128 threads in vectors of 8, got 5}}
  rownorm.rms_norm ins(%x : memref<?x4096xbf16>) weight(%w : memref<4096xbf16>) outs(%y : memref<?x4096xbf16>) {epsilon = 1.0e-05 : f32, schedule = #rownorm.schedule<rows_per_block = 1, threads_per_row = 128, vector_width = 8, vectors_per_thread = 5>}
  return
}

// -----

// a built-in and a run-time epsilon at once
func.func @two_epsilons(%x: memref<?x8xf32>, %w: memref<8xf32>, %y: memref<?x8xf32>, %eps: f32) {
  // expected-error @+1 {{expects exactly one epsilon: the attribute (built in) or the operand (at run time)}}
  rownorm.rms_norm ins(%x : memref<?x8xf32>) weight(%w : memref<8xf32>) outs(%y : memref<?x8xf32>) epsilon(%eps) {epsilon = 1.0e-05 : f32}
  return
}

// -----

// a run-time epsilon is an f32
// expected-note @+1 {{prior use here}}
func.func @epsilon_f16(%x: memref<?x8xf16>, %w: memref<8xf16>, %y: memref<?x8xf16>, %eps: f16) {
  // expected-error @+1 {{use of value '%eps' expects different type than prior uses: 'f32' vs 'f16'}}
  rownorm.rms_norm ins(%x : memref<?x8xf16>) weight(%w : memref<8xf16>) outs(%y : memref<?x8xf16>) epsilon(%eps)
  return
}
