"""RMSNorm kernels emitted by rmsnorm, as a PyTorch custom op.

    from rmsnorm_torch import rms_norm, RMSNorm
    y = rms_norm(x, weight, eps=1e-6)                 # or torch.ops.rmsnorm.rms_norm
    rms_norm(x, weight, eps=1e-6, out=y)              # or torch.ops.rmsnorm.rms_norm_out
    model.norm = RMSNorm(4096, eps=1e-6, dtype=torch.bfloat16, device="cuda")

The op launches on PyTorch's current CUDA stream, has a fake (meta)
implementation for torch.compile, and refuses gradients until a backward
exists. A width, dtype or device without a kernel raises an error naming the
kernels there are; fallback=True uses torch.nn.functional.rms_norm instead
(also when gradients are needed), and only then.
"""
import os

import torch
import torch.nn.functional as F

_HERE = os.path.dirname(os.path.abspath(__file__))
os.environ.setdefault("RMSNORM_TORCH_KERNELS", os.path.join(_HERE, "kernels"))
torch.ops.load_library(os.path.join(_HERE, "_rmsnorm_ops.so"))

__all__ = ["rms_norm", "RMSNorm"]
# The overloads themselves: calling them skips the packet's overload resolution.
_op = torch.ops.rmsnorm.rms_norm.default
_op_out = torch.ops.rmsnorm.rms_norm_out.default


@torch.library.register_fake("rmsnorm::rms_norm")
def _rms_norm_fake(x, weight, eps):
    torch._check(x.shape[-1] == weight.shape[0],
                 lambda: f"rmsnorm::rms_norm: x's last dimension {x.shape[-1]} "
                         f"differs from the weight's {weight.shape[0]}")
    return torch.empty(x.shape, dtype=x.dtype, device=x.device)


@torch.library.register_fake("rmsnorm::rms_norm_out")
def _rms_norm_out_fake(x, weight, eps, *, out):
    torch._check(x.shape == out.shape,
                 lambda: f"rmsnorm::rms_norm: out's shape {tuple(out.shape)} "
                         f"differs from x's {tuple(x.shape)}")
    return None


def _needs_grad(x, weight):
    return torch.is_grad_enabled() and (x.requires_grad or weight.requires_grad)


def rms_norm(x, weight, eps=1e-6, fallback=False, out=None):
    """y = x * rsqrt(mean(x^2, -1) + eps) * weight, over the last dimension.

    With out=, y is written there (same shape and dtype as x) and returned.

    With fallback=True, torch.nn.functional.rms_norm serves the calls the
    kernels cannot: no kernel for this dtype or width, a tensor off the GPU,
    or gradients needed.
    """
    def call():
        if out is None:
            return _op(x, weight, eps)
        _op_out(x, weight, eps, out=out)
        return out

    def fall_back():
        y = F.rms_norm(x, (x.shape[-1],), weight, eps)
        return y if out is None else out.copy_(y)

    if fallback and (_needs_grad(x, weight) or not x.is_cuda):
        return fall_back()
    if not fallback:
        return call()
    try:
        return call()
    except RuntimeError as error:
        if "rmsnorm::rms_norm: no kernel for" not in str(error):
            raise
        return fall_back()


class RMSNorm(torch.nn.Module):
    """A drop-in for torch.nn.RMSNorm over the last dimension."""

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True,
                 device=None, dtype=None, fallback=False):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        normalized_shape = tuple(normalized_shape)
        if len(normalized_shape) != 1:
            raise ValueError(f"rmsnorm_torch.RMSNorm normalizes the last "
                             f"dimension only, got normalized_shape "
                             f"{normalized_shape}")
        self.normalized_shape = normalized_shape
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        self.fallback = fallback
        weight = torch.ones(normalized_shape, device=device, dtype=dtype)
        if elementwise_affine:
            self.weight = torch.nn.Parameter(weight)
        else:
            self.register_buffer("weight", weight, persistent=False)

    def forward(self, x):
        eps = self.eps if self.eps is not None else torch.finfo(x.dtype).eps
        return rms_norm(x, self.weight, eps, fallback=self.fallback)

    def extra_repr(self):
        return (f"{self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")
