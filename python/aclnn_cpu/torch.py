"""PyTorch autograd: ELU and Softplus whose forward is PyTorch's and whose backward runs the
library (``aclnnEluBackward``, ``aclnnSoftplusBackward``), as torch_npu's op-plugin would on an
NPU. Drop-in for ``torch.nn.ELU`` / ``torch.nn.Softplus`` in a training loop::

    import torch, aclnn_cpu.torch as at
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), at.ELU(), torch.nn.Linear(32, 1))

Gradients equal PyTorch's within the library's accuracy contract (fp32: a few ulp; float16 /
bfloat16: correctly rounded but for rare halfway cases). Incoming gradients are passed to the
library as they are (strided or expanded views included), nothing is copied.
"""
from __future__ import annotations

from typing import Any, Optional, Tuple

import torch

from . import ops

__all__ = ["ELU", "Softplus", "elu", "softplus", "EluFunction", "SoftplusFunction"]


class EluFunction(torch.autograd.Function):
    """``y = elu(x)`` by ``torch.ops.aten.elu``; ``dx`` by ``aclnnEluBackward``."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, alpha: float, scale: float, input_scale: float,
                use_result: bool) -> torch.Tensor:  # type: ignore[override]
        y = torch.ops.aten.elu(x, alpha, scale, input_scale)
        ctx.params = (float(alpha), float(scale), float(input_scale), bool(use_result))
        ctx.save_for_backward(y if use_result else x)
        return y

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> Tuple[Optional[torch.Tensor], None, None, None, None]:  # type: ignore[override]
        (saved,) = ctx.saved_tensors
        alpha, scale, input_scale, use_result = ctx.params
        if not ctx.needs_input_grad[0]:
            return None, None, None, None, None
        dx = ops.elu_backward(grad, saved, alpha, scale, input_scale, is_result=use_result)
        return dx, None, None, None, None


class SoftplusFunction(torch.autograd.Function):
    """``y = softplus(x)`` by ``torch.nn.functional.softplus``; ``dx`` by ``aclnnSoftplusBackward``."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, beta: float, threshold: float) -> torch.Tensor:  # type: ignore[override]
        ctx.params = (float(beta), float(threshold))
        ctx.save_for_backward(x)
        return torch.nn.functional.softplus(x, beta, threshold)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> Tuple[Optional[torch.Tensor], None, None]:  # type: ignore[override]
        (x,) = ctx.saved_tensors
        if not ctx.needs_input_grad[0]:
            return None, None, None
        beta, threshold = ctx.params
        return ops.softplus_backward(grad, x, beta, threshold, out=torch.empty_like(x)), None, None


def elu(x: torch.Tensor, alpha: float = 1.0, scale: float = 1.0, input_scale: float = 1.0,
        use_result: bool = False) -> torch.Tensor:
    """ELU (``torch.nn.functional.elu`` for scale = input_scale = 1; SELU with scale=1.0507...,
    alpha=1.6733...) with the library's backward.

    Args:
        x: input tensor (CPU; float32, bfloat16, or float16 where PyTorch's forward supports it).
        alpha, scale, input_scale: ELU's parameters (aten's ``elu(x, alpha, scale, input_scale)``).
        use_result: keep the output instead of the input for the backward (``is_result=True``,
            as PyTorch does for in-place ELU); valid for alpha >= 0.
    """
    return EluFunction.apply(x, alpha, scale, input_scale, use_result)


def softplus(x: torch.Tensor, beta: float = 1.0, threshold: float = 20.0) -> torch.Tensor:
    """Softplus (``torch.nn.functional.softplus``) with the library's backward."""
    return SoftplusFunction.apply(x, beta, threshold)


class ELU(torch.nn.Module):
    """``torch.nn.ELU`` whose backward runs ``aclnnEluBackward``.

    Args:
        alpha: ELU's alpha (default 1.0).
        use_result: save the output rather than the input for the backward (see :func:`elu`).
    """

    def __init__(self, alpha: float = 1.0, use_result: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.use_result = use_result

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return elu(x, self.alpha, 1.0, 1.0, self.use_result)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}" + (", use_result=True" if self.use_result else "")


class Softplus(torch.nn.Module):
    """``torch.nn.Softplus`` whose backward runs ``aclnnSoftplusBackward``.

    Args:
        beta: Softplus's beta (default 1.0).
        threshold: above ``beta * x > threshold`` the function is linear (default 20.0).
    """

    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return softplus(x, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"
