//===- rmsnorm_op.cpp - rmsnorm::rms_norm as a PyTorch custom op ----------===//
//
// A thin binding over lib/Runtime's KernelSet (which kernels exist, which one
// serves a call, argument checks, launch): converts tensors to descriptors,
// launches on PyTorch's current stream (so CUDA-graph capture works) and
// turns runtime errors into PyTorch errors. TORCH_LIBRARY rather than the
// stable ABI: refusing gradients needs an Autograd-key kernel that
// redispatches below autograd, which the stable ABI does not expose, and the
// binding is built against the PyTorch it runs with (no binary is shipped
// across versions).
//
//===----------------------------------------------------------------------===//

#include "rmsnorm/Runtime/KernelSet.h"

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/library.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>

using namespace rmsnorm::runtime;

namespace {
const char *kOp = "rmsnorm::rms_norm: ";

/// The kernels, read once from the folder the package installs (or
/// RMSNORM_TORCH_KERNELS).
KernelSet &kernels() {
  static std::unique_ptr<KernelSet> set = [] {
    const char *dir = std::getenv("RMSNORM_TORCH_KERNELS");
    try {
      return KernelSet::fromDirectory(dir ? dir : RMSNORM_TORCH_KERNELS_DIR,
                                      "nvptx");
    } catch (const Error &e) {
      TORCH_CHECK(false, kOp, "cannot read the kernels: ", e.what());
    }
  }();
  return *set;
}

ElementType elementType(const at::Tensor &t, const char *what) {
  switch (t.scalar_type()) {
  case at::kFloat:
    return ElementType::F32;
  case at::kHalf:
    return ElementType::F16;
  case at::kBFloat16:
    return ElementType::BF16;
  default:
    TORCH_CHECK(false, kOp, what, " is ", c10::toString(t.scalar_type()),
                "; the kernels take float32, float16 and bfloat16");
  }
}

// Messages are built from strings only (no number formatting through
// iostreams here): a compiler that links its own C++ runtime statically
// would format with locale facets the process's runtime did not create.
std::string shapeText(const at::Tensor &t) {
  std::string text = std::string(c10::toString(t.scalar_type())) + " [";
  for (int64_t i = 0; i < t.dim(); ++i)
    text += (i ? ", " : "") + std::to_string(t.size(i));
  return text + "]";
}

std::string numberText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

TensorDesc describe(const at::Tensor &t, const char *what) {
  TensorDesc d;
  d.data = reinterpret_cast<uint64_t>(t.data_ptr());
  d.dtype = elementType(t, what);
  d.sizes = t.sizes().vec();
  d.strides = t.strides().vec();
  d.device = t.is_cuda() ? t.get_device() : -1;
  return d;
}

void rmsNormOut(const at::Tensor &x, const at::Tensor &weight, double epsilon,
                const at::Tensor &out) {
  TORCH_CHECK(x.is_cuda(), kOp, "x is on ", x.device().str(),
              "; the kernels run on CUDA GPUs");
  TORCH_CHECK(weight.device() == x.device(), kOp, "weight is on ",
              weight.device().str(), ", x on ", x.device().str());
  TORCH_CHECK(out.device() == x.device(), kOp, "out is on ",
              out.device().str(), ", x on ", x.device().str());
  TORCH_CHECK(x.dim() >= 1, kOp, "x needs at least one dimension");
  TORCH_CHECK(out.sizes() == x.sizes() && out.scalar_type() == x.scalar_type(),
              kOp, "out is ", shapeText(out), ", x is ", shapeText(x));
  ElementType dtype = elementType(x, "x");
  ElementType weightDtype = elementType(weight, "weight");
  int64_t n = x.size(-1);
  const Manifest *m = kernels().find(dtype, weightDtype, n, epsilon);
  TORCH_CHECK(m, kOp, "no kernel for ", elementTypeName(dtype),
              " rows of N = ", std::to_string(n), " with a ",
              elementTypeName(weightDtype), " weight and epsilon ",
              numberText(epsilon), ". This build has: ",
              kernels().describe(),
              ". Build more: add the width to RMSNORM_TORCH_WIDTHS (README, "
              "'From PyTorch'), or call rmsnorm_torch.rms_norm(..., "
              "fallback=True) to use torch.nn.functional.rms_norm instead");
  if (x.numel() == 0)
    return;
  c10::cuda::CUDAGuard guard(x.device());
  try {
    LaunchValues values = kernels().prepare(
        *m, describe(x, "x"), describe(weight, "weight"), describe(out, "out"),
        epsilon);
    kernels().launch(*m, values, x.get_device(),
                     c10::cuda::getCurrentCUDAStream(x.get_device()).stream());
  } catch (const Error &e) {
    TORCH_CHECK(false, kOp, e.what());
  }
}

at::Tensor rmsNorm(const at::Tensor &x, const at::Tensor &weight,
                   double epsilon) {
  at::Tensor out = at::empty(x.sizes(), x.options());
  rmsNormOut(x, weight, epsilon, out);
  return out;
}

void refuseGradients(const at::Tensor &x, const at::Tensor &weight) {
  TORCH_CHECK(!at::GradMode::is_enabled() ||
                  !(x.requires_grad() || weight.requires_grad()),
              kOp,
              "no backward yet: call it under torch.no_grad() or "
              "torch.inference_mode(), or use "
              "rmsnorm_torch.rms_norm(..., fallback=True), which falls back "
              "to torch.nn.functional.rms_norm when gradients are needed");
}

at::Tensor rmsNormAutograd(c10::DispatchKeySet keys, const at::Tensor &x,
                           const at::Tensor &weight, double epsilon) {
  refuseGradients(x, weight);
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("rmsnorm::rms_norm", "")
                       .typed<at::Tensor(const at::Tensor &, const at::Tensor &,
                                         double)>();
  at::AutoDispatchBelowADInplaceOrView below;
  return op.redispatch(keys & c10::after_autograd_keyset, x, weight, epsilon);
}

void rmsNormOutAutograd(c10::DispatchKeySet keys, const at::Tensor &x,
                        const at::Tensor &weight, double epsilon,
                        const at::Tensor &out) {
  refuseGradients(x, weight);
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("rmsnorm::rms_norm_out", "")
                       .typed<void(const at::Tensor &, const at::Tensor &,
                                   double, const at::Tensor &)>();
  at::AutoDispatchBelowADInplaceOrView below;
  op.redispatch(keys & c10::after_autograd_keyset, x, weight, epsilon, out);
  // What ADInplaceOrView does for a mutated tensor.
  out.unsafeGetTensorImpl()->bump_version();
}
} // namespace

TORCH_LIBRARY(rmsnorm, m) {
  m.def("rms_norm(Tensor x, Tensor weight, float eps) -> Tensor");
  // The out variant returns nothing: functionalization (torch.compile,
  // opcheck) refuses custom ops whose outputs alias an input.
  m.def("rms_norm_out(Tensor x, Tensor weight, float eps, *, Tensor(a!) out) "
        "-> ()");
}

TORCH_LIBRARY_IMPL(rmsnorm, CUDA, m) {
  m.impl("rms_norm", &rmsNorm);
  m.impl("rms_norm_out", &rmsNormOut);
}

// On the CPU key too, so that host tensors get the op's own error ("x is on
// cpu; the kernels run on CUDA GPUs") rather than the dispatcher's.
TORCH_LIBRARY_IMPL(rmsnorm, CPU, m) {
  m.impl("rms_norm", &rmsNorm);
  m.impl("rms_norm_out", &rmsNormOut);
}

TORCH_LIBRARY_IMPL(rmsnorm, Autograd, m) {
  m.impl("rms_norm", &rmsNormAutograd);
  m.impl("rms_norm_out", &rmsNormOutAutograd);
}
