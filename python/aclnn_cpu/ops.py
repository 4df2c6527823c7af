"""The operators as array functions, written over one table of operators (:data:`OPERATORS`).

Each row names the C entry points and the order of their arguments; one generic caller
(:func:`_run`) describes the arrays, makes the scalars, runs the two phases and raises
:class:`~aclnn_cpu.AclnnError` on failure. An operator the loaded library does not export (e.g.
``aclnnSiluBackward`` in a library older than it) keeps its function, which raises
``NotImplementedError``; :func:`available_operators` lists what the library has.
"""
from __future__ import annotations

import ctypes
import threading
from ctypes import POINTER, c_bool, c_double, c_int64, c_uint64, c_void_p
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

from . import _arrays
from ._errors import ACLNN_ERR_PARAM_INVALID, error_for_status
from ._lib import lib

ArrayLike = Any  # numpy.ndarray | torch.Tensor (or anything np.asarray takes, copied)

_FLOAT_RANK = {"float16": 1, "bfloat16": 1, "float32": 2, "float64": 3}


def promote_float(a: str, b: str) -> str:
    """PyTorch's / numpy's promotion for the result of a float gradOutput and any self dtype:
    the wider float; float16 with bfloat16 gives float32; an integer or bool self keeps a."""
    if b not in _FLOAT_RANK or a == b or a not in _FLOAT_RANK:
        return a
    if _FLOAT_RANK[a] == _FLOAT_RANK[b]:  # float16 vs bfloat16
        return "float32"
    return a if _FLOAT_RANK[a] > _FLOAT_RANK[b] else b


@dataclass(frozen=True)
class OpSpec:
    """One operator of the table.

    Attributes:
        name: the Python function name (``"elu_backward"``).
        symbol: the C name without the phase suffix (``"aclnnEluBackward"``).
        c_args: the phase-1 arguments before gradInput, in C order: ``("tensor", "grad_output")``,
            ``("scalar", "alpha")``, ``("bool", "is_result")``.
        shape_from: which tensor argument gives the result's shape, or ``"broadcast"`` for the
            broadcast of all the tensor arguments' shapes (numpy rules).
        result_dtype: the gradInput dtype for ``out=None``, from the tensor arguments' dtypes.
    """

    name: str
    symbol: str
    c_args: Tuple[Tuple[str, str], ...]
    shape_from: str
    result_dtype: Callable[[Dict[str, str]], str]


OPERATORS: Dict[str, OpSpec] = {
    spec.name: spec
    for spec in (
        OpSpec("elu_backward", "aclnnEluBackward",
               (("tensor", "grad_output"), ("scalar", "alpha"), ("scalar", "scale"), ("scalar", "input_scale"),
                ("bool", "is_result"), ("tensor", "x")),
               "x", lambda d: d["grad_output"]),
        OpSpec("softplus_backward", "aclnnSoftplusBackward",
               (("tensor", "grad_output"), ("tensor", "x"), ("scalar", "beta"), ("scalar", "threshold")),
               "x", lambda d: promote_float(d["grad_output"], d["x"])),
        # aclnnSiluBackward(gradOutput, self, gradInput): present when the library exports it.
        OpSpec("silu_backward", "aclnnSiluBackward",
               (("tensor", "grad_output"), ("tensor", "x")),
               "broadcast", lambda d: promote_float(d["grad_output"], d["x"])),
    )
}

_ACL_DOUBLE = 11
_ACL_FORMAT_ND = 2


class _Bound:
    """An operator's two C functions, declared once."""

    def __init__(self, spec: OpSpec) -> None:
        L = lib()
        argtypes: List[Any] = [c_bool if kind == "bool" else c_void_p for kind, _ in spec.c_args]
        self.phase1 = L.declare(spec.symbol + "GetWorkspaceSize", ctypes.c_int32,
                                argtypes + [c_void_p, POINTER(c_uint64), POINTER(c_void_p)])
        self.phase2 = L.declare(spec.symbol, ctypes.c_int32, [c_void_p, c_uint64, c_void_p, c_void_p])


_bound: Dict[str, _Bound] = {}
_bound_lock = threading.Lock()
_tls = threading.local()


def available_operators() -> List[str]:
    """The operators of :data:`OPERATORS` whose C functions the loaded library exports."""
    L = lib()
    return [n for n, s in OPERATORS.items() if L.has(s.symbol + "GetWorkspaceSize") and L.has(s.symbol)]


def _bind(spec: OpSpec) -> _Bound:
    b = _bound.get(spec.name)
    if b is None:
        L = lib()
        if not (L.has(spec.symbol + "GetWorkspaceSize") and L.has(spec.symbol)):
            raise NotImplementedError(f"{spec.name}: the loaded library ({L.path}) does not export {spec.symbol}")
        with _bound_lock:
            b = _bound.setdefault(spec.name, _Bound(spec))
    return b


def _workspace(size: int) -> int:
    """Address of a per-thread workspace of at least `size` bytes (grown, never shrunk)."""
    buf = getattr(_tls, "ws", None)
    if buf is None or ctypes.sizeof(buf) < size:
        buf = ctypes.create_string_buffer(max(size, 2 * (ctypes.sizeof(buf) if buf is not None else 0), 4096))
        _tls.ws = buf
    return ctypes.addressof(buf)


_dims_cache: Dict[Tuple[int, ...], Any] = {}


def _c_dims(dims: Tuple[int, ...]) -> Any:
    """A ctypes int64 array of dims, cached (training loops repeat shapes; arrays are read-only here)."""
    arr = _dims_cache.get(dims)
    if arr is None:
        if len(_dims_cache) > 4096:
            _dims_cache.clear()
        arr = _dims_cache[dims] = (c_int64 * max(len(dims), 1))(*dims)
    return arr


def _create_tensor(L: Any, v: _arrays.View, what: str) -> int:
    n = len(v.shape)
    dims = _c_dims(v.shape)
    strides = _c_dims(v.strides)
    storage = _c_dims((v.storage,))
    h = L.aclCreateTensor(dims, n, v.acl_dtype, strides, v.offset, _ACL_FORMAT_ND, storage, 1, v.data or None)
    if not h:
        raise error_for_status(ACLNN_ERR_PARAM_INVALID, f"{L.last_error()} ({what})", "aclCreateTensor")
    return h


def _scalar_value(value: Any, what: str) -> float:
    if isinstance(value, complex) or (hasattr(value, "dtype") and getattr(value.dtype, "kind", "") == "c"):
        raise TypeError(f"{what} must be a real number, got {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a real number, got {type(value).__name__}") from None


def _run(spec: OpSpec, args: Dict[str, Any], out: Optional[ArrayLike]) -> ArrayLike:
    """Describes the arrays, runs both phases, returns gradInput (out, or a new array)."""
    b = _bind(spec)
    L = lib()
    L.used = True
    views: Dict[str, _arrays.View] = {}
    for kind, name in spec.c_args:
        if kind == "tensor":
            args[name] = arr = _arrays.as_array(args[name], name)
            views[name] = _arrays.describe(arr, name)
    if out is None:
        if spec.shape_from == "broadcast":
            shape = tuple(_arrays.np.broadcast_shapes(*(v.shape for v in views.values())))
        else:
            shape = views[spec.shape_from].shape
        dtype = spec.result_dtype({n: v.dtype for n, v in views.items()})
        kind_of = next((args[n] for n in views if _arrays.is_torch(args[n])), None)
        out = _arrays.empty_like_kind(kind_of, shape, dtype)
    elif not (isinstance(out, _arrays.np.ndarray) or _arrays.is_torch(out)):
        raise TypeError(f"out must be a numpy array or a torch tensor, not {type(out).__name__}")
    out_view = _arrays.describe(out, "out", writable=True)

    handles: List[Tuple[Callable[[int], int], int]] = []
    scalars: List[c_double] = []
    try:
        c_values: List[Any] = []
        for kind, name in spec.c_args:
            if kind == "tensor":
                h = _create_tensor(L, views[name], name)
                handles.append((L.aclDestroyTensor, h))
                c_values.append(h)
            elif kind == "scalar":
                d = c_double(_scalar_value(args[name], name))
                scalars.append(d)
                h = L.aclCreateScalar(ctypes.addressof(d), _ACL_DOUBLE)
                if not h:
                    raise error_for_status(ACLNN_ERR_PARAM_INVALID, L.last_error(), "aclCreateScalar")
                handles.append((L.aclDestroyScalar, h))
                c_values.append(h)
            else:
                c_values.append(bool(args[name]))
        h_out = _create_tensor(L, out_view, "out")
        handles.append((L.aclDestroyTensor, h_out))
        ws_size = c_uint64(0)
        executor = c_void_p(None)
        status = b.phase1(*c_values, h_out, ctypes.byref(ws_size), ctypes.byref(executor))
        if status != 0:
            raise error_for_status(status, L.last_error(), spec.symbol + "GetWorkspaceSize")
    finally:
        for destroy, h in handles:
            destroy(h)
    try:
        ws = _workspace(ws_size.value) if ws_size.value else None
    except BaseException:
        L.aclDestroyAclOpExecutor(executor)
        raise
    status = b.phase2(ws, ws_size.value, executor, None)  # ctypes releases the GIL for the call
    if status != 0:
        raise error_for_status(status, L.last_error(), spec.symbol)
    return out


def elu_backward(grad_output: ArrayLike, x: ArrayLike, alpha: float = 1.0, scale: float = 1.0,
                 input_scale: float = 1.0, is_result: bool = False, out: Optional[ArrayLike] = None) -> ArrayLike:
    """Gradient of ELU (``aclnnEluBackward``): ``grad_input = d elu(x) / dx * grad_output``.

    For ``x <= 0``: ``grad_output * alpha * scale * input_scale * exp(x * input_scale)`` (or, with
    ``is_result=True`` where ``x`` holds the forward result ``y``, ``grad_output * input_scale *
    (y + alpha * scale)``); for ``x > 0``: ``grad_output * scale``. Same as
    ``torch.ops.aten.elu_backward(grad_output, alpha, scale, input_scale, is_result, x)``.

    Args:
        grad_output: gradient of the loss w.r.t. the ELU output. numpy array or torch CPU tensor
            of float32, float16 or bfloat16 (torch only), any strides and offset (read in place).
        x: the ELU input (``is_result=False``) or its output (``is_result=True``); same dtype and
            shape as ``grad_output`` (no broadcasting: the C API demands equal shapes).
        alpha: ELU's alpha (negative-side saturation), any real number.
        scale: output scale (SELU's lambda; 1 for ELU).
        input_scale: input scale (1 for ELU).
        is_result: ``x`` holds the forward result instead of the input.
        out: where to write the result: an array/tensor of ``x``'s shape, writable, of float32,
            float16, bfloat16, float64, complex64 or complex128 (the C API's gradInput dtypes),
            any strides (written in place; memory outside the view is never touched). It may be
            the very same view as an input (in place), not a partial overlap.

    Returns:
        ``out``, or a new array (numpy in, numpy out; torch in, torch out) of ``x``'s shape and
        ``grad_output``'s dtype.

    Raises:
        ParamInvalidError: a dtype, shape, view or overlap the C API refuses (status 161002).
        ParamNullptrError: status 161001 (e.g. a non-empty tensor without data).
        TypeError, ValueError: an argument that is not an array, or a view the C API cannot
            describe (strides that are not whole elements, a non-CPU tensor, a read-only ``out``).
    """
    return _run(OPERATORS["elu_backward"], {"grad_output": grad_output, "x": x, "alpha": alpha, "scale": scale,
                                            "input_scale": input_scale, "is_result": is_result}, out)


def softplus_backward(grad_output: ArrayLike, x: ArrayLike, beta: float = 1.0, threshold: float = 20.0,
                      out: Optional[ArrayLike] = None) -> ArrayLike:
    """Gradient of Softplus (``aclnnSoftplusBackward``): ``grad_output * sigmoid(beta * x)``, and
    ``grad_output`` where ``beta * x > threshold``. Same as
    ``torch.ops.aten.softplus_backward(grad_output, x, beta, threshold)``.

    Args:
        grad_output: float32, float16, float64 or bfloat16 (torch only); broadcasts to ``x``'s
            shape (numpy rules; the result has ``x``'s shape). Read in place, any strides.
        x: the Softplus input: float32, float16, float64, bfloat16, int8, int16, int32, int64,
            uint8 or bool. Read in place, any strides.
        beta: Softplus's beta.
        threshold: above ``beta * x > threshold`` the gradient is ``grad_output`` itself.
        out: an array/tensor of ``x``'s shape and of float32, float16, float64 or bfloat16,
            written in place (strided views allowed).

    Returns:
        ``out``, or a new array of ``x``'s shape whose dtype is the promotion of ``grad_output``'s
        and ``x``'s (as numpy and torch promote: the wider float, float16 with bfloat16 gives
        float32, an integer or bool ``x`` keeps ``grad_output``'s dtype). Computed in float64 when
        either input is float64, else in float32 (16-bit results rounded once).

    Raises:
        ParamInvalidError, ParamNullptrError, TypeError, ValueError: as :func:`elu_backward`.
    """
    return _run(OPERATORS["softplus_backward"], {"grad_output": grad_output, "x": x, "beta": beta,
                                                 "threshold": threshold}, out)


def silu_backward(grad_output: ArrayLike, x: ArrayLike, out: Optional[ArrayLike] = None) -> ArrayLike:
    """Gradient of SiLU (``aclnnSiluBackward``): ``grad_output * s * (1 + x * (1 - s))`` with
    ``s = sigmoid(x)``. Same as ``torch.ops.aten.silu_backward(grad_output, x)``.

    Available when the loaded library exports ``aclnnSiluBackward`` (see
    :func:`available_operators`); otherwise raises ``NotImplementedError``.

    Args:
        grad_output: the incoming gradient (numpy array or torch CPU tensor, float16, bfloat16 or
            float32). On the ``host`` and ``Ascend950`` profiles it may broadcast with `x` (numpy
            rules); on the 910 profiles both must have the same shape and dtype.
        x: the forward input ``self``, same kinds and dtypes.
        out: where to write the result (any writable view of the broadcast shape); a new array of
            that shape when ``None``: ``grad_output``'s dtype when the inputs' dtypes match, else
            float32 (the C API's rule).

    Errors as :func:`elu_backward` (an :class:`AclnnError` subclass with the status code).
    """
    return _run(OPERATORS["silu_backward"], {"grad_output": grad_output, "x": x}, out)


__all__ = ["OPERATORS", "OpSpec", "available_operators", "elu_backward", "softplus_backward", "silu_backward",
           "promote_float"]
