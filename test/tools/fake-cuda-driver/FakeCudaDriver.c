/*===- FakeCudaDriver.c - a CUDA driver without a GPU, for CPU tests -------===*
 *
 * libcuda.so.1 for the runtime's tests on machines without a GPU (CI): the
 * entry points lib/Runtime/CUDA/CudaDevice.cpp resolves, with one device
 * (sm_90), device memory in host memory and kernels that do nothing, so the
 * harness runs up to its checks (which then fail: y is never written).
 * Every launch is appended to the file named by FAKE_CUDA_LOG: the function
 * used, the grid, the block and, for cuLaunchKernelEx, each launch
 * attribute, the dynamic shared memory and the stream. The launch structures
 *are declared here from cuda.h's layout on their own, not shared with the
 * runtime, so a layout mistake there shows as a wrong line here. Built twice
 * (CMakeLists.txt beside it): with cuLaunchKernelEx, and without it
 * (FAKE_CUDA_NO_LAUNCH_EX: an older driver). Never installed.
 *
 *===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef void *Handle;

enum { kSuccess = 0, kInvalidValue = 1 };
/* CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR / _MINOR. */
enum { kMajor = 75, kMinor = 76 };

/* CUlaunchAttribute: a 4-byte id, padding to 8, a 64-byte value union. */
typedef struct {
  int id;
  char pad[4];
  union {
    char bytes[64];
    unsigned long long align; /* the union holds 8-byte members */
    int programmaticStreamSerializationAllowed;
  } value;
} Attribute;

/* CUlaunchConfig. */
typedef struct {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  Handle hStream;
  Attribute *attrs;
  unsigned numAttrs;
} Config;

/* cuda.h's sizes and offsets (x86-64 / aarch64 Linux). */
_Static_assert(sizeof(Attribute) == 72 && _Alignof(Attribute) == 8 &&
                   offsetof(Attribute, value) == 8,
               "CUlaunchAttribute");
_Static_assert(sizeof(Config) == 56 && offsetof(Config, hStream) == 32 &&
                   offsetof(Config, attrs) == 40 &&
                   offsetof(Config, numAttrs) == 48,
               "CUlaunchConfig");

static int handles; /* distinct non-null handles */
static Handle newHandle(void) {
  return (Handle)(size_t)(0x1000 + 16 * ++handles);
}

/* The streams cuStreamCreate made: "created K" in the log (from 1); the
 * null stream "null"; any other handle (a caller's) by its value. */
enum { kMaxStreams = 16 };
static Handle streams[kMaxStreams];
static int streamCount;
static void logStream(FILE *log, Handle stream) {
  for (int i = 0; i < streamCount; ++i)
    if (streams[i] == stream) {
      fprintf(log, " stream created %d", i + 1);
      return;
    }
  if (stream)
    fprintf(log, " stream %p", stream);
  else
    fprintf(log, " stream null");
}

static FILE *launchLog(void) {
  const char *path = getenv("FAKE_CUDA_LOG");
  return path ? fopen(path, "a") : NULL;
}

CUresult cuInit(unsigned flags) {
  (void)flags;
  return kSuccess;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return kSuccess;
}
CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? kSuccess : kInvalidValue;
}
CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  (void)device;
  snprintf(name, (size_t)length, "fake CUDA driver");
  return kSuccess;
}
CUresult cuDeviceGetAttribute(int *value, int attribute, CUdevice device) {
  (void)device;
  *value = attribute == kMajor ? 9 : attribute == kMinor ? 0 : 1;
  return kSuccess;
}
CUresult cuDevicePrimaryCtxRetain(Handle *context, CUdevice device) {
  (void)device;
  *context = newHandle();
  return kSuccess;
}
CUresult cuCtxSetCurrent(Handle context) {
  (void)context;
  return kSuccess;
}
CUresult cuCtxSynchronize(void) { return kSuccess; }
CUresult cuModuleLoadData(Handle *module, const void *image) {
  (void)image;
  *module = newHandle();
  return kSuccess;
}
CUresult cuModuleUnload(Handle module) {
  (void)module;
  return kSuccess;
}
CUresult cuModuleGetFunction(Handle *function, Handle module,
                             const char *name) {
  (void)module;
  (void)name;
  *function = newHandle();
  return kSuccess;
}
CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  void *p = aligned_alloc(256, (bytes + 255) / 256 * 256);
  *ptr = (CUdeviceptr)(size_t)p;
  return p ? kSuccess : kInvalidValue;
}
CUresult cuMemFree_v2(CUdeviceptr ptr) {
  free((void *)(size_t)ptr);
  return kSuccess;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  memcpy((void *)(size_t)dst, src, bytes);
  return kSuccess;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  memcpy(dst, (const void *)(size_t)src, bytes);
  return kSuccess;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                              Handle stream) {
  (void)stream;
  memmove((void *)(size_t)dst, (const void *)(size_t)src, bytes);
  return kSuccess;
}
CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char byte, size_t bytes,
                         Handle stream) {
  (void)stream;
  memset((void *)(size_t)dst, byte, bytes);
  return kSuccess;
}
/* One line of the launch log: entry point, grid, block, shared bytes,
 * stream; cuLaunchKernelEx adds its attributes. */
static FILE *logLaunch(const char *entry, const unsigned dims[6],
                       unsigned shared, Handle stream) {
  FILE *log = launchLog();
  if (log) {
    fprintf(log, "%s grid %u %u %u block %u %u %u shared %u", entry, dims[0],
            dims[1], dims[2], dims[3], dims[4], dims[5], shared);
    logStream(log, stream);
  }
  return log;
}

CUresult cuLaunchKernel(Handle function, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        Handle stream, void **args, void **extra) {
  (void)function, (void)args, (void)extra;
  const unsigned dims[6] = {gx, gy, gz, bx, by, bz};
  FILE *log = logLaunch("cuLaunchKernel", dims, shared, stream);
  if (log) {
    fprintf(log, "\n");
    fclose(log);
  }
  return kSuccess;
}
#ifndef FAKE_CUDA_NO_LAUNCH_EX
CUresult cuLaunchKernelEx(const Config *config, Handle function, void **args,
                          void **extra) {
  (void)function, (void)args, (void)extra;
  const unsigned dims[6] = {config->gridDimX,  config->gridDimY,
                            config->gridDimZ,  config->blockDimX,
                            config->blockDimY, config->blockDimZ};
  FILE *log = logLaunch("cuLaunchKernelEx", dims, config->sharedMemBytes,
                        config->hStream);
  if (log) {
    fprintf(log, " attributes %u", config->numAttrs);
    for (unsigned i = 0; i < config->numAttrs; ++i)
      fprintf(log, " [id %d value %d]", config->attrs[i].id,
              config->attrs[i].value.programmaticStreamSerializationAllowed);
    fprintf(log, "\n");
    fclose(log);
  }
  return kSuccess;
}
#endif
CUresult cuStreamCreate(Handle *stream, unsigned flags) {
  (void)flags;
  *stream = newHandle();
  if (streamCount < kMaxStreams)
    streams[streamCount++] = *stream;
  return kSuccess;
}
CUresult cuStreamSynchronize(Handle stream) {
  (void)stream;
  return kSuccess;
}
CUresult cuEventCreate(Handle *event, unsigned flags) {
  (void)flags;
  *event = newHandle();
  return kSuccess;
}
CUresult cuEventRecord(Handle event, Handle stream) {
  (void)event, (void)stream;
  return kSuccess;
}
CUresult cuEventSynchronize(Handle event) {
  (void)event;
  return kSuccess;
}
CUresult cuEventElapsedTime(float *ms, Handle start, Handle stop) {
  (void)start, (void)stop;
  *ms = 1.0f;
  return kSuccess;
}
CUresult cuStreamBeginCapture_v2(Handle stream, int mode) {
  (void)stream, (void)mode;
  return kSuccess;
}
CUresult cuStreamEndCapture(Handle stream, Handle *graph) {
  (void)stream;
  *graph = newHandle();
  return kSuccess;
}
CUresult cuGraphInstantiateWithFlags(Handle *exec, Handle graph,
                                     unsigned long long flags) {
  (void)graph, (void)flags;
  *exec = newHandle();
  return kSuccess;
}
CUresult cuGraphLaunch(Handle exec, Handle stream) {
  (void)exec, (void)stream;
  return kSuccess;
}
CUresult cuGraphExecDestroy(Handle exec) {
  (void)exec;
  return kSuccess;
}
CUresult cuGraphDestroy(Handle graph) {
  (void)graph;
  return kSuccess;
}
CUresult cuGetErrorString(CUresult error, const char **text) {
  (void)error;
  *text = "fake CUDA driver error";
  return kSuccess;
}
