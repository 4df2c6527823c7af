"""PyTorch on the library: autograd modules for the activation family, and :func:`enable`, which
routes PyTorch's own aten ops to the library on CPU.

Everything here is driven by one table, :data:`ACTIVATIONS`: per PyTorch activation its module
class, the library APIs of its forward (and in-place forward) and backward, which tensor the
backward takes (the forward's input or output), how the module's arguments map to the APIs'
attributes, the constructor arguments the ``torch.nn`` class requires (``args``), and the aten ops
:func:`enable` routes to those APIs; :data:`ROUTES` adds aten ops no module owns (``erf``). An
entry is *active* when the loaded library's registry has at least one of its APIs; the half whose
API is missing runs PyTorch's own aten op, so a module works as soon as either half exists and
picks up the other the day the library gains it, with no edit here. The package's tests enforce
coverage: every registry API is used by an entry or a route, or listed in :data:`EXEMPT` with the
reason; every registry API whose Python name is an aten op (``aclnnLeakyRelu`` and
``aten::leaky_relu``) is routed by :func:`enable`, or listed in :data:`UNROUTED` with the reason.

Modules (drop-in for ``torch.nn``: each subclasses the ``torch.nn`` class of its name and takes its
constructor arguments)::

    import torch, aclnn_cpu.torch as at
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), at.ELU(alpha=1.0), torch.nn.Linear(32, 1))
    at.available_modules()        # the active entries' classes

A class whose entry is not active raises ``NotImplementedError`` naming the APIs it needs when it
is constructed. Functional forms take the module's arguments: ``at.elu(x, alpha=1.0)``.

Switch (existing models unchanged)::

    at.enable()                   # registers CPU kernels of the active entries' aten ops
    ...                           # model(x), loss.backward(): the library where it takes the call
    at.disable()                  # PyTorch's kernels again
    with at.enabled(): ...        # the same, for a block

A routed call runs the library when every tensor is a CPU strided tensor of one dtype and one
shape, that dtype is one the API takes on the active platform profile, PyTorch's result has that
dtype too, and the library accepts the call; anything else runs PyTorch's own kernel (the ``out=``
overload's CPU kernel, or the op's composite definition), so results keep PyTorch's dtype, shape
and layout. An op with no PyTorch kernel left to fall back to (``hardswish_backward``: its only CPU
kernel is the functional one being replaced) is not registered; :func:`enable` returns the ops it
routed.

Values are the library's: PyTorch's within the library's accuracy contract, bit for bit for the
piecewise families, and CANN's rule where doc/DECISIONS.md says the library follows CANN
(ReLU of -0 is +0; ThresholdBackward at threshold 0 multiplies, so an infinite or NaN gradient
gives NaN where the input is <= 0; Threshold rounds its threshold to fp16 / bf16; LeakyReLU on
float64 uses the float slope; ELU on float64 takes its attributes to six decimals; Hardswish,
Hardsigmoid and their backwards keep CANN's fp32 order and its ties-away 16-bit rounding). Incoming
gradients are passed to the library as they are (strided or expanded views included); nothing is
copied.
"""
from __future__ import annotations

import ctypes
import inspect
import threading
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

import torch

from . import _registry, ops
from ._errors import AclnnError

__all__ = ["ACTIVATIONS", "ROUTES", "EXEMPT", "UNROUTED", "Activation", "Use", "Aten", "available_modules",
           "enable", "disable", "enabled", "is_enabled", "enabled_ops"]

# ---- the table -----------------------------------------------------------------------------------

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


@dataclass(frozen=True)
class Use:
    """One library API an activation uses.

    Attributes:
        api: the aclnn API (``"aclnnEluBackward"``).
        attrs: the API's attribute arguments (Python parameter names) from the module's arguments:
            ``a`` reads the module's attributes (``a.alpha``), and ``a.result`` is True when the
            backward's tensor is the forward's output (ELU's ``is_result``).
        when: None, or a test on ``a``: the API is used only where it holds (``aclnnGelu`` is
            tanh-only).
    """

    api: str
    attrs: Callable[[Any], Dict[str, Any]] = lambda a: {}
    when: Optional[Callable[[Any], bool]] = None


@dataclass(frozen=True)
class Aten:
    """An aten op :func:`enable` routes to an API.

    Attributes:
        op: the aten op (``"elu_backward"``; its default overload).
        api: the aclnn API. The aten op's tensor arguments are the API's tensor parameters in
            order; its other arguments are the API's attributes of the same name.
        rename: aten argument -> API parameter where the names differ; None drops the argument
            (only with a `when` that makes it irrelevant).
        when: None, or a test on the aten arguments (a dict by name): the API is used only where
            it holds.
        fallback: PyTorch's own definition of the op, for an op whose only CPU kernel is the one
            the registration replaces (``relu`` is ``clamp_min(self, 0)`` in ATen).
        implies: the values of dropped arguments that the API stands for (``aclnnGelu`` is
            ``gelu(approximate="tanh")``), passed when PyTorch's op runs in the API's place.
    """

    op: str
    api: str
    rename: Mapping[str, Optional[str]] = field(default_factory=dict)
    when: Optional[Callable[[Dict[str, Any]], bool]] = None
    fallback: Optional[Callable[..., Any]] = None
    implies: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Activation:
    """One PyTorch activation on the library.

    Attributes:
        module: the ``torch.nn`` class (``"ELU"``); ``aclnn_cpu.torch.<module>`` subclasses it.
        functional: the name of the functional form (``"elu"``).
        forward, inplace, backward: the APIs of the forward, the in-place forward (modules with
            ``inplace=True``; none: the forward, then a copy) and the backward, in order of
            preference (the first the registry has and whose `when` holds).
        saves: the backward's second tensor: the forward's ``"input"`` or ``"output"``;
            inplace_saves: the same for the in-place forward (default: `saves`; an input is
            cloned before it is overwritten).
        aten: the aten ops :func:`enable` routes for this activation.
        args: the arguments the ``torch.nn`` constructor requires (those without a default), as
            the tests and examples construct the module (``Threshold(threshold=0.1, value=20.0)``).
    """

    module: str
    functional: str
    forward: Tuple[Use, ...]
    backward: Tuple[Use, ...]
    saves: str = "input"
    inplace: Tuple[Use, ...] = ()
    inplace_saves: Optional[str] = None
    aten: Tuple[Aten, ...] = ()
    args: Mapping[str, Any] = field(default_factory=dict)

    def apis(self) -> List[str]:
        return [u.api for u in self.forward + self.inplace + self.backward] + [r.api for r in self.aten]


def _elu_attrs(alpha: Callable[[Any], float], scale: float = 1.0, input_scale: Callable[[Any], float] = None):
    """ELU-family attributes: alpha from the module, fixed scale, input scale 1 or from the module."""
    return lambda a: {"alpha": alpha(a), "scale": scale,
                      "input_scale": 1.0 if input_scale is None else input_scale(a)}


def _elu_backward_attrs(alpha, scale=1.0, input_scale=None):
    fwd = _elu_attrs(alpha, scale, input_scale)
    return lambda a: dict(fwd(a), is_result=bool(a.result))


_tanh = lambda a: a.approximate == "tanh"  # noqa: E731

_HARDTANH = {"min_val": "clip_value_min", "max_val": "clip_value_max"}

def _hardswish_backward(grad_output: torch.Tensor, self: torch.Tensor) -> torch.Tensor:
    """PyTorch's hardswish_backward in torch ops, for the calls the library does not take (DOUBLE,
    broadcasting shapes): aten::hardswish_backward has no out= kernel and no composite for a
    registration to fall back on. The vectorised CPU kernel's rule (Activation.cpp), which runs
    every full vector: 0 below -3, the gradient from 3 up, grad * (x / 3 + 1/2) between them and for
    a NaN x (NaN), 16-bit inputs computed in fp32 and rounded once. Its scalar tail differs at x = 3
    (1.5 grad) and for NaN (grad)."""
    dtype = torch.promote_types(grad_output.dtype, self.dtype)
    wide = torch.float32 if dtype in (torch.float16, torch.bfloat16) else dtype  # 16-bit: fp32, one rounding
    g, x = grad_output.to(wide), self.to(wide)
    mid = g * (x / 3 + 0.5)
    return torch.where(x < -3, torch.zeros_like(mid), torch.where(x >= 3, g, mid)).to(dtype)


ACTIVATIONS: Tuple[Activation, ...] = (
    Activation("ELU", "elu",
               forward=(Use("aclnnElu", _elu_attrs(lambda a: a.alpha)),),
               inplace=(Use("aclnnInplaceElu", _elu_attrs(lambda a: a.alpha)),),
               backward=(Use("aclnnEluBackward", _elu_backward_attrs(lambda a: a.alpha)),),
               saves="input", inplace_saves="output",  # as aten's elu_ derivative: is_result=True
               aten=(Aten("elu", "aclnnElu"), Aten("elu_", "aclnnInplaceElu"),
                     Aten("elu_backward", "aclnnEluBackward"))),
    Activation("CELU", "celu",  # PyTorch's derivative: elu_backward(alpha, 1, 1.0 / alpha.toFloat())
               forward=(Use("aclnnCelu", lambda a: {"alpha": a.alpha}),),
               inplace=(Use("aclnnInplaceCelu", lambda a: {"alpha": a.alpha}),),
               backward=(Use("aclnnEluBackward", _elu_backward_attrs(
                   lambda a: a.alpha, input_scale=lambda a: 1.0 / ctypes.c_float(a.alpha).value)),),
               saves="input", inplace_saves="output",
               aten=(Aten("celu", "aclnnCelu"), Aten("celu_", "aclnnInplaceCelu"))),
    Activation("SELU", "selu",  # PyTorch's selu is elu(alpha, scale); torch.selu decomposes to aten::elu
               forward=(Use("aclnnElu", _elu_attrs(lambda a: SELU_ALPHA, SELU_SCALE)),),
               inplace=(Use("aclnnInplaceElu", _elu_attrs(lambda a: SELU_ALPHA, SELU_SCALE)),),
               backward=(Use("aclnnEluBackward", _elu_backward_attrs(lambda a: SELU_ALPHA, SELU_SCALE)),),
               saves="input", inplace_saves="output"),
    Activation("Softplus", "softplus",
               forward=(Use("aclnnSoftplus", lambda a: {"beta": a.beta, "threshold": a.threshold}),),
               backward=(Use("aclnnSoftplusBackward", lambda a: {"beta": a.beta, "threshold": a.threshold}),),
               saves="input",
               aten=(Aten("softplus", "aclnnSoftplus"), Aten("softplus_backward", "aclnnSoftplusBackward"))),
    Activation("SiLU", "silu",
               forward=(Use("aclnnSilu"),),
               backward=(Use("aclnnSiluBackward"),),
               saves="input",
               aten=(Aten("silu", "aclnnSilu"), Aten("silu_", "aclnnSilu"),  # in place: out= self
                     Aten("silu_backward", "aclnnSiluBackward"))),
    Activation("Sigmoid", "sigmoid",
               forward=(Use("aclnnSigmoid"),),
               inplace=(Use("aclnnInplaceSigmoid"),),
               backward=(Use("aclnnSigmoidBackward"),),
               saves="output",
               aten=(Aten("sigmoid", "aclnnSigmoid"), Aten("sigmoid_", "aclnnInplaceSigmoid"),
                     Aten("sigmoid_backward", "aclnnSigmoidBackward"))),
    Activation("Tanh", "tanh",
               forward=(Use("aclnnTanh"),),
               inplace=(Use("aclnnInplaceTanh"),),
               backward=(Use("aclnnTanhBackward"),),
               saves="output",
               aten=(Aten("tanh", "aclnnTanh"), Aten("tanh_", "aclnnInplaceTanh"),
                     Aten("tanh_backward", "aclnnTanhBackward"))),
    Activation("GELU", "gelu",  # aclnnGelu / aclnnGeluBackward are the tanh form only
               forward=(Use("aclnnGeluV2", lambda a: {"approximate": a.approximate}),
                        Use("aclnnGelu", when=_tanh)),
               backward=(Use("aclnnGeluBackwardV2", lambda a: {"approximate": a.approximate}),
                         Use("aclnnGeluBackward", when=_tanh)),
               saves="input",
               aten=(Aten("gelu", "aclnnGeluV2"),
                     Aten("gelu", "aclnnGelu", rename={"approximate": None},
                          when=lambda k: k["approximate"] == "tanh", implies={"approximate": "tanh"}),
                     Aten("gelu_", "aclnnGeluV2"),
                     Aten("gelu_backward", "aclnnGeluBackwardV2"),
                     Aten("gelu_backward", "aclnnGeluBackward", rename={"approximate": None},
                          when=lambda k: k["approximate"] == "tanh", implies={"approximate": "tanh"}))),
    Activation("Mish", "mish",
               forward=(Use("aclnnMish"),),
               inplace=(Use("aclnnInplaceMish"),),
               backward=(Use("aclnnMishBackward"),),
               saves="input",
               aten=(Aten("mish", "aclnnMish"), Aten("mish_", "aclnnInplaceMish"),
                     Aten("mish_backward", "aclnnMishBackward"))),
    Activation("ReLU", "relu",  # PyTorch's derivative: threshold_backward(grad, result, 0)
               forward=(Use("aclnnRelu"),),
               inplace=(Use("aclnnInplaceRelu"),),
               backward=(Use("aclnnThresholdBackward", lambda a: {"threshold": 0.0}),),
               saves="output",
               aten=(Aten("relu", "aclnnRelu", fallback=lambda self: torch.clamp_min(self, 0)),
                     Aten("relu_", "aclnnInplaceRelu", fallback=lambda self: torch.clamp_min_(self, 0)),
                     Aten("threshold_backward", "aclnnThresholdBackward"))),
    Activation("Threshold", "threshold",
               forward=(Use("aclnnThreshold", lambda a: {"threshold": a.threshold, "value": a.value}),),
               inplace=(Use("aclnnInplaceThreshold", lambda a: {"threshold": a.threshold, "value": a.value}),),
               backward=(Use("aclnnThresholdBackward", lambda a: {"threshold": a.threshold}),),
               saves="input",
               aten=(Aten("threshold", "aclnnThreshold"), Aten("threshold_", "aclnnInplaceThreshold")),
               args={"threshold": 0.1, "value": 20.0}),
    Activation("LeakyReLU", "leaky_relu",
               forward=(Use("aclnnLeakyRelu", lambda a: {"negative_slope": a.negative_slope}),),
               inplace=(Use("aclnnInplaceLeakyRelu", lambda a: {"negative_slope": a.negative_slope}),),
               backward=(Use("aclnnLeakyReluBackward",
                             lambda a: {"negative_slope": a.negative_slope, "self_is_result": bool(a.result)}),),
               saves="input", inplace_saves="output",
               aten=(Aten("leaky_relu", "aclnnLeakyRelu"), Aten("leaky_relu_", "aclnnInplaceLeakyRelu"),
                     Aten("leaky_relu_backward", "aclnnLeakyReluBackward"))),
    Activation("Hardtanh", "hardtanh",
               forward=(Use("aclnnHardtanh", lambda a: {"clip_value_min": a.min_val, "clip_value_max": a.max_val}),),
               inplace=(Use("aclnnInplaceHardtanh",
                            lambda a: {"clip_value_min": a.min_val, "clip_value_max": a.max_val}),),
               backward=(Use("aclnnHardtanhBackward", lambda a: {"min": a.min_val, "max": a.max_val}),),
               saves="input", inplace_saves="output",
               aten=(Aten("hardtanh", "aclnnHardtanh", rename=_HARDTANH),
                     Aten("hardtanh_", "aclnnInplaceHardtanh", rename=_HARDTANH),
                     Aten("hardtanh_backward", "aclnnHardtanhBackward", rename={"min_val": "min", "max_val": "max"}))),
    Activation("ReLU6", "relu6",  # torch.nn.ReLU6 is Hardtanh(0, 6); F.relu6 decomposes to aten::hardtanh
               forward=(Use("aclnnHardtanh", lambda a: {"clip_value_min": a.min_val, "clip_value_max": a.max_val}),),
               inplace=(Use("aclnnInplaceHardtanh",
                            lambda a: {"clip_value_min": a.min_val, "clip_value_max": a.max_val}),),
               backward=(Use("aclnnHardtanhBackward", lambda a: {"min": a.min_val, "max": a.max_val}),),
               saves="input", inplace_saves="output"),
    Activation("Hardswish", "hardswish",
               forward=(Use("aclnnHardswish"),),
               inplace=(Use("aclnnInplaceHardswish"),),
               backward=(Use("aclnnHardswishBackward"),),
               saves="input",
               aten=(Aten("hardswish", "aclnnHardswish"), Aten("hardswish_", "aclnnInplaceHardswish"),
                     Aten("hardswish_backward", "aclnnHardswishBackward", fallback=_hardswish_backward))),
    Activation("Hardsigmoid", "hardsigmoid",
               forward=(Use("aclnnHardsigmoid"),),
               inplace=(Use("aclnnInplaceHardsigmoid"),),
               backward=(Use("aclnnHardsigmoidBackward"),),
               saves="input",
               aten=(Aten("hardsigmoid", "aclnnHardsigmoid"), Aten("hardsigmoid_", "aclnnInplaceHardsigmoid"),
                     Aten("hardsigmoid_backward", "aclnnHardsigmoidBackward"))),
    Activation("Hardshrink", "hardshrink",
               forward=(Use("aclnnHardshrink", lambda a: {"lambd": a.lambd}),),
               backward=(Use("aclnnHardshrinkBackward", lambda a: {"lambd": a.lambd}),),
               saves="input",
               aten=(Aten("hardshrink", "aclnnHardshrink"), Aten("hardshrink_backward", "aclnnHardshrinkBackward"))),
    Activation("Softshrink", "softshrink",
               forward=(Use("aclnnSoftshrink", lambda a: {"lambd": a.lambd}),),
               backward=(Use("aclnnSoftshrinkBackward", lambda a: {"lambda_": a.lambd}),),  # CANN: `lambda`
               saves="input",
               aten=(Aten("softshrink", "aclnnSoftshrink"),
                     Aten("softshrink_backward", "aclnnSoftshrinkBackward", rename={"lambd": "lambda_"}))),
)
"""The activations, in the order of ``torch.nn``'s documentation."""

EXEMPT: Dict[str, str] = {
    "aclnnSelu": "PyTorch's SELU is ELU with fixed alpha and scale (torch.selu decomposes to aten::elu): SELU runs "
                 "aclnnElu / aclnnEluBackward, as torch_npu does",
    "aclnnInplaceSelu": "as aclnnSelu: SELU(inplace=True) runs aclnnInplaceElu",
    "aclnnSeluBackward": "as aclnnSelu: SELU's backward is aclnnEluBackward",
    "aclnnSwish": "x * sigmoid(beta * x): no PyTorch activation (SiLU, beta = 1, runs aclnnSilu)",
    "aclnnSwishBackward": "as aclnnSwish",
    "aclnnFastGelu": "torch_npu's npu_fast_gelu: no PyTorch op",
    "aclnnFastGeluBackward": "as aclnnFastGelu",
    "aclnnLogSigmoid": "PyTorch's log_sigmoid_backward reads the forward's buffer, which CANN leaves unused: "
                       "no entry until the two agree",
    "aclnnLogSigmoidForward": "as aclnnLogSigmoid",
    "aclnnLogSigmoidBackward": "as aclnnLogSigmoid",
    "aclnnHardswishBackwardV2": "differs from PyTorch at x = -3 and 3 (Hardswish runs aclnnHardswishBackward)",
    "aclnnPrelu": "PReLU has a learnable weight (a second tensor, a reduction in the backward): not an "
                  "element-wise activation entry",
    "aclnnPreluBackward": "as aclnnPrelu",
    "aclnnRReluWithNoise": "random noise from an RNG state: not routed",
    "aclnnInplaceRReluWithNoise": "as aclnnRReluWithNoise",
    "aclnnShrink": "ONNX's Shrink: no PyTorch op",
}
"""Registry APIs that neither a module nor :data:`ROUTES` uses, with the reason."""

ROUTES: Tuple[Aten, ...] = (
    Aten("erf", "aclnnErf"), Aten("erf_", "aclnnInplaceErf"),
    Aten("erfc", "aclnnErfc"), Aten("erfc_", "aclnnInplaceErfc"),
    Aten("erfinv", "aclnnErfinv"), Aten("erfinv_", "aclnnInplaceErfinv"),
)
"""Aten ops :func:`enable` routes that no module's entry owns (math functions, not activations)."""

UNROUTED: Dict[str, str] = {
    "aclnnSelu": "aten::selu is CompositeImplicitAutograd: it decomposes to aten::elu with SELU's constants, "
                 "which enable() routes to aclnnElu (as torch_npu does)",
    "aclnnInplaceSelu": "as aclnnSelu: aten::selu_ decomposes to aten::elu_",
    "aclnnLogSigmoid": "aten::log_sigmoid decomposes to log_sigmoid_forward, whose buffer output PyTorch's "
                       "log_sigmoid_backward reads and CANN leaves unused",
    "aclnnLogSigmoidForward": "as aclnnLogSigmoid: two outputs, the buffer PyTorch's backward needs",
    "aclnnLogSigmoidBackward": "as aclnnLogSigmoid: PyTorch's kernel reads the forward's buffer",
    "aclnnPrelu": "aten::prelu is CompositeImplicitAutograd over _prelu_kernel; a learnable weight with "
                  "per-channel broadcasting, not an element-wise call of one shape",
    "aclnnPreluBackward": "as aclnnPrelu: two outputs (gradInput, gradWeight) and a reduction",
}
"""Registry APIs whose Python name is an aten op that :func:`enable` does not route, with the
reason (the package's tests fail for any other registry API with a same-named aten op that
enable() leaves alone)."""

# ---- calling an API, or PyTorch's op where the library does not take the call -------------------


class _Args:
    """A module's arguments as the table's `attrs` read them, plus ``result``."""

    __slots__ = ("_m", "result")

    def __init__(self, m: Any, result: bool = False) -> None:
        self._m = m
        self.result = result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._m, name)


_ACCEPTED: Dict[Tuple[str, str], Optional[FrozenSet[torch.dtype]]] = {}


def _accepted(api: _registry.Api, group: str) -> Optional[FrozenSet[torch.dtype]]:
    """The torch dtypes every tensor of `api` takes on profile group `group` (None: no list)."""
    key = (api.name, group)
    if key not in _ACCEPTED:
        sets = [set(p.dtypes_in(group) or ()) for p in api.params if p.is_tensor and p.dtypes_in(group) is not None]
        names = set.intersection(*sets) if sets else None
        _ACCEPTED[key] = None if names is None else frozenset(
            getattr(torch, n) for n in names if isinstance(getattr(torch, n, None), torch.dtype))
    return _ACCEPTED[key]


def _routable(api: _registry.Api, tensors: Sequence[Any]) -> bool:
    """Whether the library may take this call with PyTorch's semantics: CPU strided tensors of one
    dtype and one shape (the result then has them too, as PyTorch's), a dtype the API takes on the
    active profile."""
    t0 = tensors[0]
    if not isinstance(t0, torch.Tensor):
        return False
    dtype, shape = t0.dtype, t0.shape
    complex_ = dtype.is_complex  # the conj bit only complex tensors carry; the neg bit any
    for t in tensors:
        if (not isinstance(t, torch.Tensor) or t.dtype != dtype or t.shape != shape or not t.is_cpu
                or t.layout is not torch.strided or t.is_neg() or (complex_ and t.is_conj())):
            return False
    accepted = _accepted(api, _registry.current_group())
    return accepted is None or dtype in accepted


def _api(name: str) -> Optional[_registry.Api]:
    """The registry's API of that name; None when the registry (or the library) has none."""
    try:
        return _registry.api(name)
    except (ImportError, NotImplementedError):  # no library, or one that predates the registry
        return None


def _function(api: _registry.Api) -> Callable[..., Any]:
    """The generated function of an API (one place, so that tests can count the calls)."""
    return ops.functions()[api.py_name]


def _library_call(api: _registry.Api, tensors: Sequence[Any], attrs: Dict[str, Any], in_place: bool) -> Any:
    """The library on `tensors` (PyTorch's result layout: like the last tensor); None when it
    refuses the call."""
    fn = _function(api)
    try:
        if api.inplace:
            return fn(*tensors, **attrs)
        if in_place:  # an in-place aten op on an out-of-place API: the very same view as out
            fn(*tensors, **attrs, out=tensors[0])
            return tensors[0]
        return fn(*tensors, **attrs, out=torch.empty_like(tensors[-1]))
    except AclnnError:
        return None


def _call(use: Use, tensors: Sequence[Any], a: _Args, in_place: bool = False) -> Any:
    """One use of an API from a module: the library where it takes the call, else the aten op the
    table routes to that API (PyTorch's kernel, or the library again when :func:`enable` is on)."""
    attrs = use.attrs(a)
    api = _api(use.api)
    if api is not None and _routable(api, tensors):
        r = _library_call(api, tensors, attrs, in_place)
        if r is not None:
            return r
    return _aten_of(use.api).call_pytorch(tensors, attrs)


def _pick(uses: Sequence[Use], a: _Args) -> Optional[Use]:
    """The first use whose API the registry has and whose `when` holds; else the first whose
    `when` holds (it runs PyTorch's op)."""
    usable = [u for u in uses if u.when is None or u.when(a)]
    return next((u for u in usable if _api(u.api) is not None), usable[0] if usable else None)


# ---- aten ops: schema binding and PyTorch's own kernel -------------------------------------------


def _overload(op: str) -> Any:
    return getattr(torch.ops.aten, op).default


class _AtenOp:
    """An aten op of the table, bound to its schema: its tensor arguments, the API parameter of
    each other argument, and PyTorch's kernel for the calls the library does not take."""

    def __init__(self, row: Aten) -> None:
        self.row = row
        self.overload = _overload(row.op)
        schema = self.overload._schema
        self.args = list(schema.arguments)
        self.names = [a.name for a in self.args]
        self.tensor_idx = [i for i, a in enumerate(self.args) if str(a.type) == "Tensor"]
        self.in_place = bool(self.args and self.args[0].alias_info is not None and self.args[0].alias_info.is_write)

    def call(self, vals: Sequence[Any]) -> Any:
        """The overload on arguments in schema order, the keyword-only ones (gelu's approximate) by name."""
        return self.overload(*[v for a, v in zip(self.args, vals) if not a.kwarg_only],
                             **{a.name: v for a, v in zip(self.args, vals) if a.kwarg_only})

    def bind(self, args: Sequence[Any], kwargs: Mapping[str, Any]) -> List[Any]:
        """The arguments in schema order (defaults filled)."""
        vals = list(args)
        for a in self.args[len(vals):]:
            vals.append(kwargs[a.name] if a.name in kwargs else a.default_value)
        return vals

    def attr_map(self, api: _registry.Api) -> List[Tuple[str, int]]:
        """(API parameter, aten argument index) for every attribute of `api`; ValueError when the
        row does not cover them (a parameter no argument gives, an argument that reaches nothing)."""
        rename = self.row.rename
        target = {n: rename.get(n, n) for i, n in enumerate(self.names) if i not in self.tensor_idx}
        params = {p.py for p in api.attrs}
        lost = [n for n, t in target.items() if t is not None and t not in params]
        if lost:
            raise ValueError(f"aten::{self.row.op} -> {api.name}: {', '.join(lost)} reach no parameter of the API "
                             f"(its attributes: {', '.join(sorted(params)) or 'none'})")
        given = {t: self.names.index(n) for n, t in target.items() if t is not None}
        missing = params - set(given)
        if missing:
            raise ValueError(f"aten::{self.row.op} -> {api.name}: no argument gives {', '.join(sorted(missing))}")
        if len(self.tensor_idx) != len(api.inputs):
            raise ValueError(f"aten::{self.row.op} has {len(self.tensor_idx)} tensors, {api.name} "
                             f"{len(api.inputs)}")
        return [(p.py, given[p.py]) for p in api.attrs]

    def call_pytorch(self, tensors: Sequence[Any], attrs: Dict[str, Any]) -> Any:
        """The aten op (through the dispatcher) on tensors and the API's attributes."""
        back = {t: n for n, t in self.row.rename.items() if t is not None}
        it = iter(tensors)
        vals = []
        for i, a in enumerate(self.args):
            if i in self.tensor_idx:
                vals.append(next(it))
            elif a.name in self.row.implies:
                vals.append(self.row.implies[a.name])
            else:
                key = next((k for k, n in back.items() if n == a.name), a.name)
                vals.append(attrs[key] if key in attrs else a.default_value)
        return self.call(vals)


_ATEN: Dict[str, _AtenOp] = {}


def _aten_rows() -> List[Aten]:
    """Every aten row: the entries' (table order), then :data:`ROUTES`."""
    return [r for e in ACTIVATIONS for r in e.aten] + list(ROUTES)


def _aten_of(api_name: str) -> _AtenOp:
    """The aten op the table routes to `api_name` (the first row naming it)."""
    op = _ATEN.get(api_name)
    if op is None:
        row = next((r for r in _aten_rows() if r.api == api_name), None)
        if row is None:
            raise LookupError(f"no aten op of the table routes to {api_name}")
        op = _ATEN[api_name] = _AtenOp(row)
    return op


def _meta(v: Any) -> Any:
    if isinstance(v, torch.Tensor):
        return torch.empty_strided(v.shape, v.stride(), dtype=v.dtype, device="meta")
    return v


def _pytorch_kernel(op: _AtenOp) -> Optional[Callable[..., Any]]:
    """PyTorch's own kernel for `op` that a CPU registration of it does not replace: the CPU kernel
    of its out= overload (the structured kernel the functional one shares; the result laid out as
    the meta function says), the op's composite definition, or the row's `fallback`; None when
    there is none."""
    name = op.overload._schema.name
    base = name[len("aten::"):]
    base = base[:-1] if op.in_place else base
    packet = getattr(torch.ops.aten, base)
    for ov in packet.overloads():
        o = getattr(packet, ov)
        outs = [a.name for a in o._schema.arguments if getattr(a, "is_out", False)]
        if len(outs) != 1 or not torch._C._dispatch_has_kernel_for_dispatch_key(f"aten::{base}.{ov}", "CPU"):
            continue
        out_name = outs[0]
        if op.in_place:
            return lambda *a, _o=o, _n=out_name, **k: _o(*a, **k, **{_n: a[0]})
        functional = op.overload

        def structured(*a: Any, _o: Any = o, _n: str = out_name, **k: Any) -> Any:
            m = functional(*[_meta(v) for v in a], **{key: _meta(v) for key, v in k.items()})
            out = torch.empty_strided(m.shape, m.stride(), dtype=m.dtype)
            return _o(*a, **k, **{_n: out})

        return structured
    for key in ("CompositeExplicitAutograd", "CompositeImplicitAutograd"):
        if torch._C._dispatch_has_kernel_for_dispatch_key(name, key):
            dk = getattr(torch._C.DispatchKey, key)
            return lambda *a, _dk=dk, **k: op.overload._op_dk(_dk, *a, **k)
    return op.row.fallback


def _make_impl(op_name: str, rows: Sequence[Aten]) -> Optional[Callable[..., Any]]:
    """The CPU kernel :func:`enable` registers for an aten op: the first row whose API the registry
    has, whose `when` holds and that the library takes; PyTorch's own kernel otherwise. None when
    PyTorch's kernel would be unreachable."""
    aten = _AtenOp(rows[0])
    pytorch = _pytorch_kernel(aten)
    if pytorch is None:
        return None
    routes = []
    for row in rows:
        api = _api(row.api)
        if api is None:
            continue
        try:
            routes.append((row, api, _AtenOp(row).attr_map(api)))
        except ValueError as e:  # a row that does not fit the registry's API: not routed
            warnings.warn(f"aclnn_cpu.torch: {e}; not routed", RuntimeWarning, stacklevel=3)
    if not routes:
        return None
    tensor_idx, names, in_place = aten.tensor_idx, aten.names, aten.in_place
    keeps: Dict[torch.dtype, bool] = {}

    def keeps_dtype(vals: List[Any], dtype: torch.dtype) -> bool:
        """Whether PyTorch's result has the inputs' dtype (the library's out is made like them;
        aten::erf of an integer tensor is float: PyTorch's kernel takes that call). Asked of the
        meta kernel once per dtype."""
        if dtype not in keeps:
            try:
                keeps[dtype] = aten.call([_meta(v) for v in vals]).dtype == dtype
            except (RuntimeError, NotImplementedError):
                keeps[dtype] = False
        return keeps[dtype]

    def impl(*args: Any, **kwargs: Any) -> Any:
        vals = aten.bind(args, kwargs)
        tensors = [vals[i] for i in tensor_idx]
        if not in_place and isinstance(tensors[0], torch.Tensor) and not keeps_dtype(vals, tensors[0].dtype):
            return pytorch(*args, **kwargs)
        for row, api, amap in routes:
            if row.when is not None and not row.when(dict(zip(names, vals))):
                continue
            if not _routable(api, tensors):
                continue
            r = _library_call(api, tensors, {p: vals[i] for p, i in amap}, in_place)
            if r is not None:
                return r
        return pytorch(*args, **kwargs)

    impl.__name__ = f"aclnn_cpu_{op_name}"
    impl.__qualname__ = impl.__name__
    return impl


# ---- the switch ------------------------------------------------------------------------------------

_switch_lock = threading.RLock()
_library: Optional[Any] = None
_routed: List[str] = []


def _active_rows() -> Dict[str, List[Aten]]:
    """The table's aten rows whose API the registry has, by aten op (in table order)."""
    by_op: Dict[str, List[Aten]] = {}
    for r in _aten_rows():
        by_op.setdefault(r.op, []).append(r)
    return {op: rows for op, rows in by_op.items() if any(_api(r.api) is not None for r in rows)}


def enable() -> List[str]:
    """Registers CPU kernels for the aten ops of the active entries (``torch.library``), so that
    PyTorch code on CPU runs the library wherever it takes the call; PyTorch's own kernels
    otherwise. Idempotent. Returns the aten ops routed (``["elu_backward", ...]``)."""
    global _library
    with _switch_lock:
        if _library is not None:
            return list(_routed)
        lib = torch.library.Library("aten", "IMPL")
        routed = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Overriding a previously registered kernel": that is the point
            for op, rows in _active_rows().items():
                impl = _make_impl(op, rows)
                if impl is None:
                    continue
                try:
                    lib.impl(op, impl, "CPU")
                except RuntimeError:  # another torch.library already overrides it: leave it alone
                    continue
                routed.append(op)
        _library = lib
        _routed[:] = routed
        return list(routed)


def disable() -> None:
    """Drops the registrations of :func:`enable` (PyTorch's kernels again). Idempotent."""
    global _library
    with _switch_lock:
        lib, _library = _library, None
        _routed.clear()
        del lib  # the Library's destructor deregisters every kernel it registered


def is_enabled() -> bool:
    """Whether :func:`enable` is in effect."""
    return _library is not None


def enabled_ops() -> List[str]:
    """The aten ops routed now (empty when disabled)."""
    return list(_routed)


class enabled:
    """``with aclnn_cpu.torch.enabled(): ...``: :func:`enable` for the block, then the previous
    state (disabled again unless it was enabled before)."""

    def __enter__(self) -> List[str]:
        self._was = is_enabled()
        return enable()

    def __exit__(self, *exc: Any) -> None:
        if not self._was:
            disable()


# ---- autograd modules ----------------------------------------------------------------------------


def _forward_value(e: Activation, m: Any, x: torch.Tensor, in_place: bool) -> torch.Tensor:
    a = _Args(m)
    if in_place:
        use = _pick(e.inplace, a)
        if use is not None:
            return _call(use, (x,), a, in_place=True)
        y = _call(_pick(e.forward, a), (x,), a)
        return x.copy_(y)
    return _call(_pick(e.forward, a), (x,), a)


class _ActivationFunction(torch.autograd.Function):
    """forward and backward of any entry: the library where it takes the call."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, e: Activation, m: Any,  # type: ignore[override]
                in_place: bool) -> torch.Tensor:
        saves = (e.inplace_saves or e.saves) if in_place else e.saves
        kept = x.clone() if in_place and saves == "input" else x
        y = _forward_value(e, m, x, in_place)
        if in_place:
            ctx.mark_dirty(x)
        ctx.save_for_backward(y if saves == "output" else kept)
        ctx.state = (e, m, saves == "output")
        return y

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx: Any,  # type: ignore[override]
                 grad: torch.Tensor) -> Tuple[Optional[torch.Tensor], None, None, None]:
        (saved,) = ctx.saved_tensors
        e, m, result = ctx.state
        if not ctx.needs_input_grad[0]:
            return None, None, None, None
        a = _Args(m, result)
        return _call(_pick(e.backward, a), (grad, saved), a), None, None, None


def _apply(e: Activation, m: Any, x: torch.Tensor) -> torch.Tensor:
    in_place = bool(getattr(m, "inplace", False))
    if torch.is_grad_enabled() and x.requires_grad:
        return _ActivationFunction.apply(x, e, m, in_place)
    return _forward_value(e, m, x, in_place)


def _entry_state(e: Activation) -> Tuple[bool, List[str]]:
    """(active, the APIs it would use) for an entry."""
    names = list(dict.fromkeys(u.api for u in e.forward + e.inplace + e.backward))
    return any(_api(n) is not None for n in names), names


def _ctor_signature(base: type) -> str:
    sig = inspect.signature(base.__init__)
    return str(sig.replace(parameters=[p for n, p in sig.parameters.items() if n != "self"],
                           return_annotation=inspect.Signature.empty))


def _make_module(e: Activation) -> type:
    base = getattr(torch.nn, e.module)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        active, names = _entry_state(e)
        if not active:
            raise NotImplementedError(f"aclnn_cpu.torch.{e.module} needs one of {', '.join(names)}; the loaded "
                                      f"library's registry has none of them (aclnn_cpu.torch.available_modules() "
                                      f"lists the active ones)")
        base.__init__(self, *args, **kwargs)

    def forward(self: Any, input: torch.Tensor) -> torch.Tensor:
        return _apply(e, self, input)

    uses = lambda us: " or ".join(f"``{u.api}``" for u in us) or "none"  # noqa: E731
    doc = (f"``torch.nn.{e.module}`` on the library: forward {uses(e.forward)}"
           + (f" (in place: {uses(e.inplace)})" if e.inplace else "")
           + f", backward {uses(e.backward)} from the forward's {e.saves}"
           + ". Where an API is not in the loaded library, or does not take the call (dtype, profile), that "
           f"half runs PyTorch's own op.\n\nArguments: as ``torch.nn.{e.module}{_ctor_signature(base)}``.")
    return type(e.module, (base,), {"__init__": __init__, "forward": forward, "__doc__": doc,
                                    "__module__": __name__, "entry": e})


def _make_functional(e: Activation, cls: type) -> Callable[..., torch.Tensor]:
    sig = inspect.signature(getattr(torch.nn, e.module).__init__)
    params = [p for n, p in sig.parameters.items() if n != "self"]
    cache: Dict[Any, Any] = {}

    def fn(input: torch.Tensor, *args: Any, **kwargs: Any) -> torch.Tensor:
        key = (args, tuple(sorted(kwargs.items())))
        m = cache.get(key)
        if m is None:
            if len(cache) > 64:
                cache.clear()
            m = cache[key] = cls(*args, **kwargs)
        return _apply(e, m, input)

    fn.__name__ = fn.__qualname__ = e.functional
    fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("input", inspect.Parameter.POSITIONAL_OR_KEYWORD)] + params)
    fn.__doc__ = f"``{e.functional}(input, ...)``: :class:`{e.module}`'s forward with these arguments (autograd " \
                 f"through the library as the module)."
    return fn


def available_modules() -> List[str]:
    """The module classes whose entry is active in the loaded library (e.g. ``["ELU", "Softplus",
    "SiLU"]``)."""
    return [e.module for e in ACTIVATIONS if _entry_state(e)[0]]


for _e in ACTIVATIONS:
    _cls = _make_module(_e)
    globals()[_e.module] = _cls
    globals()[_e.functional] = _make_functional(_e, _cls)
    __all__ += [_e.module, _e.functional]
del _e, _cls
