/*===- CAPI.h - the runtime's C entry point ------------------------*- C -*-===*
 *
 * For callers that are not C++ (Python through ctypes, other languages): load
 * an emitted kernel by its manifest and launch it on the caller's stream.
 * Needs no LLVM, MLIR or Python at run time; the GPU driver is found with
 * dlopen when the first kernel is loaded.
 *
 * Functions returning int give 0 on success; on failure (non-zero, or a null
 * pointer) rmsnorm_last_error() says why, for the calling thread.
 *
 *===----------------------------------------------------------------------===*/

#ifndef RMSNORM_RUNTIME_CAPI_H
#define RMSNORM_RUNTIME_CAPI_H

#include <stdint.h>

#if defined(__GNUC__)
#define RMSNORM_RUNTIME_API __attribute__((visibility("default")))
#else
#define RMSNORM_RUNTIME_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rmsnorm_kernel rmsnorm_kernel;

/* What a manifest says about its kernel. The strings live as long as the
 * kernel. */
typedef struct rmsnorm_kernel_info {
  const char *kernel, *symbol, *target, *chip, *dtype, *weight_dtype;
  int64_t n;
  int runtime_epsilon; /* 1: epsilon is a launch argument */
  double epsilon;      /* the built-in epsilon when runtime_epsilon is 0 */
  int64_t rows_per_block;
  int64_t block[3];
  int64_t pointer_alignment;
} rmsnorm_kernel_info;

/* Why the last call on this thread failed ("" after a success). */
RMSNORM_RUNTIME_API const char *rmsnorm_last_error(void);

/* Reads the manifest and loads its image on the first device of its target
 * (the CUDA primary context, which frameworks share); also each kernel for
 * many rows the manifest names in "variants" (beside it; a missing or
 * mismatched one fails the load). The info below is the named kernel's. */
RMSNORM_RUNTIME_API rmsnorm_kernel *
rmsnorm_kernel_load(const char *manifest_path);
RMSNORM_RUNTIME_API void rmsnorm_kernel_free(rmsnorm_kernel *kernel);
RMSNORM_RUNTIME_API int rmsnorm_kernel_get_info(const rmsnorm_kernel *kernel,
                                                rmsnorm_kernel_info *info);

/* y[i, :] = rmsnorm(x[i, :]) * w for i < rows, on `stream` (a CUstream or
 * hipStream_t; null is the default stream), by the loaded kernel or, from
 * its "from_rows" rows, by a kernel for many rows it names (the same
 * computation and parameters, another grid). Strides are in elements. The
 * arguments are checked against the manifest first (rows >= 1, strides >= n
 * and equal to any compiled into the kernel, aligned base pointers, epsilon:
 * positive and finite, and equal to a built-in one; a kernel that writes in
 * place needs y == x and one stride). Asynchronous: kernel
 * faults surface on the stream's next synchronization. */
RMSNORM_RUNTIME_API int rmsnorm_kernel_launch(const rmsnorm_kernel *kernel,
                                              const void *x, const void *w,
                                              void *y, int64_t rows,
                                              int64_t x_row_stride,
                                              int64_t y_row_stride,
                                              float epsilon, void *stream);

/* --- The numerics reference ------------------------------------------------
 * The one reference and tolerance rule of the project (lib/Runtime/Numerics),
 * also for the CPU integration tests (mlir-runner -shared-libs) and Python
 * (ctypes). Element types: */
enum { RMSNORM_F32 = 0, RMSNORM_F16 = 1, RMSNORM_BF16 = 2 };

typedef struct rmsnorm_check_result {
  int64_t checked, mismatches;
  uint64_t max_ulp;
  int64_t first_row, first_column; /* -1 when nothing mismatched */
  double expected, actual;
} rmsnorm_check_result;

/* Tolerance in ULPs of the output type: 8 for f32, 1 for f16 and bf16. */
RMSNORM_RUNTIME_API int32_t rmsnorm_max_ulps(int32_t dtype);

/* Compares y (rows x n, row stride in elements; bit patterns of dtype in
 * memory) with the fp64 reference of x * rsqrt(mean(x^2) + epsilon) * w
 * rounded to dtype: within rmsnorm_max_ulps(dtype) ULPs, counted as steps
 * between neighbouring values of dtype (so near zero one ULP is one
 * subnormal spacing; no other absolute floor); NaN or Inf outputs fail; rows
 * whose input holds NaN or Inf are not checked; a row whose f32 sum of
 * squares overflows must be zeros. Returns the number of mismatching
 * elements (0: pass) and fills `result` when it is not null; -1 on bad
 * arguments. */
RMSNORM_RUNTIME_API int64_t rmsnorm_check(int32_t dtype, int32_t weight_dtype,
                                          int64_t rows, int64_t n,
                                          const void *x, int64_t x_row_stride,
                                          const void *w, const void *y,
                                          int64_t y_row_stride, double epsilon,
                                          rmsnorm_check_result *result);
/* The same, printing one line to stdout, e.g. "rmsnorm_check: 0 mismatches
 * of 200 checked, max 1 ULP" (and the first mismatch). */
RMSNORM_RUNTIME_API int64_t rmsnorm_check_print(
    int32_t dtype, int32_t weight_dtype, int64_t rows, int64_t n, const void *x,
    int64_t x_row_stride, const void *w, const void *y, int64_t y_row_stride,
    double epsilon);
/* Writes the reference output (rounded to dtype) into y. */
RMSNORM_RUNTIME_API int rmsnorm_reference(int32_t dtype, int32_t weight_dtype,
                                          int64_t rows, int64_t n,
                                          const void *x, int64_t x_row_stride,
                                          const void *w, void *y,
                                          int64_t y_row_stride, double epsilon);

#ifdef __cplusplus
}
#endif

#endif /* RMSNORM_RUNTIME_CAPI_H */
