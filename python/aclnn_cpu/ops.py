"""The library's aclnn APIs as array functions, generated from its operator registry.

One function per API of the registry (:mod:`aclnn_cpu._registry` has the naming rules), made the
first time any of them is asked for: ``aclnnEluBackward`` is ``elu_backward(grad_output,
self_or_result, alpha=1.0, scale=1.0, input_scale=1.0, is_result=False, *, out=None)``. Tensor
parameters come first, positional, in CANN's order; then the attributes in CANN's order with the
operator's defaults (keywords, or positional after the tensors); then ``out``. An in-place API
(``aclnnInplaceElu`` -> ``elu_``) writes its first tensor and returns it.

One generic caller (:func:`_run`) describes the arrays as they are (no copies, :mod:`._arrays`),
makes the scalars, runs the two phases on a per-thread workspace and raises
:class:`~aclnn_cpu.AclnnError` with the library's status and message on failure.
"""
from __future__ import annotations

import ctypes
import math
import textwrap
import threading
from ctypes import POINTER, c_bool, c_double, c_int64, c_uint64, c_void_p
from functools import reduce
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import _arrays
from . import _registry
from ._errors import ACLNN_ERR_PARAM_INVALID, error_for_status
from ._lib import lib
from ._registry import Api, Param

ArrayLike = Any  # numpy.ndarray | torch.Tensor (or anything np.asarray takes, copied)

_FLOAT_RANK = {"float16": 1, "bfloat16": 1, "float32": 2, "float64": 3}


def promote_float(a: str, b: str) -> str:
    """PyTorch's / numpy's promotion of two dtypes where only floats count: the wider float;
    float16 with bfloat16 gives float32; an integer or bool dtype on either side keeps the other."""
    if b not in _FLOAT_RANK or a == b:
        return a
    if a not in _FLOAT_RANK:
        return b
    if _FLOAT_RANK[a] == _FLOAT_RANK[b]:  # float16 vs bfloat16
        return "float32"
    return a if _FLOAT_RANK[a] > _FLOAT_RANK[b] else b


_ACL_DOUBLE = 11
_ACL_FORMAT_ND = 2

# The caller's plan of one phase-1 argument: what to pass for each CANN parameter.
_TENSOR, _OUT, _SCALAR, _BOOL, _INT, _STRING = range(6)
_PLAN_CODE = {"tensor": _TENSOR, "inout": _TENSOR, "out": _OUT, "scalar": _SCALAR, "scalar_optional": _SCALAR,
              "bool": _BOOL, "int": _INT, "string": _STRING}
_C_ARG = {_TENSOR: c_void_p, _OUT: c_void_p, _SCALAR: c_void_p, _BOOL: c_bool, _INT: c_int64,
          _STRING: ctypes.c_char_p}


class _Bound:
    """An API's two C functions, declared once, and the order its arguments are passed in."""

    def __init__(self, api: Api) -> None:
        L = lib()
        self.api = api
        self.L = L
        self.in_names = [p.py for p in api.inputs]
        self.inout_pos = api.inputs.index(api.inout) if api.inout is not None else None
        self.plan: List[Tuple[int, int, Param]] = []
        for p in api.params:
            code = _PLAN_CODE[p.kind]
            index = api.inputs.index(p) if code == _TENSOR else (api.attrs.index(p) if code != _OUT else -1)
            self.plan.append((code, index, p))
        self.exported = L.has(api.name + "GetWorkspaceSize") and L.has(api.name)
        if self.exported:
            self.phase1 = L.declare(api.name + "GetWorkspaceSize", ctypes.c_int32,
                                    [_C_ARG[c] for c, _, _ in self.plan] + [POINTER(c_uint64), POINTER(c_void_p)])
            self.phase2 = L.declare(api.name, ctypes.c_int32, [c_void_p, c_uint64, c_void_p, c_void_p])
        # the result's dtype for out=None: the output's dtypes (any profile), or another tensor's
        out = api.out
        self.out_same_as = None
        self.out_dtypes: Optional[Tuple[str, ...]] = None
        if out is not None:
            if out.same_as is not None:
                self.out_same_as = next(i for i, p in enumerate(api.inputs) if p.name == out.same_as)
            elif out.dtypes is not None:
                allowed: List[str] = []
                for names in out.dtypes.values():
                    allowed += [n for n in names if n not in allowed]
                self.out_dtypes = tuple(allowed)


_tls = threading.local()


def _workspace(size: int) -> Any:
    """A per-thread workspace buffer of at least `size` bytes (grown, never shrunk). The caller
    keeps the returned object until phase 2 is done: a call made meanwhile on this thread (by a
    finalizer) may grow the workspace and drop the old buffer from the thread's slot."""
    buf = getattr(_tls, "ws", None)
    if buf is None or ctypes.sizeof(buf) < size:
        buf = ctypes.create_string_buffer(max(size, 2 * (ctypes.sizeof(buf) if buf is not None else 0), 4096))
        _tls.ws = buf
    return buf


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
    dims = _c_dims(v.shape)
    strides = _c_dims(v.strides)
    storage = _c_dims((v.storage,))
    h = L.aclCreateTensor(dims, len(v.shape), v.acl_dtype, strides, v.offset, _ACL_FORMAT_ND, storage, 1,
                          v.data or None)
    if not h:
        raise error_for_status(ACLNN_ERR_PARAM_INVALID, f"{L.last_error()} ({what})", "aclCreateTensor")
    return h


class _Handles:
    """One thread's aclTensor and aclScalar handles, kept by what they describe, so that repeated
    calls on the same arrays (a training loop) skip creating and destroying them: two foreign calls
    each, about 5 us a tensor. A handle only describes memory (it owns nothing), and the library
    copies a scalar's value, so a handle made for one call describes the same thing to any later call
    with the same key. At most `LIMIT` of each kind are kept; a call that finds more starts over.

    Also the thread's repeatable executors, kept by API and phase-1 arguments (handles and attribute
    values) from the second call with those arguments (`seen` holds the keys called once, so that
    one-off calls pay nothing for it), made under the library's settings stamp `stamp`: a call that
    repeats one runs only its phase 2. Phase 1's checks read nothing but those arguments and the
    settings (an executor copies what it needs from the handles), and its plan those and the lookup
    tables published so far, so the executor is the plan a new phase 1 would make until the stamp
    moves (a setter ran, the thread's OpenMP default changed, a table was published). The
    executors go before any handle does: their keys name handles by address, which a new handle may
    take. Tables are emptied before their contents are destroyed, so that a call made meanwhile (a
    finalizer run by a collection) finds them consistent."""

    LIMIT = 256

    def __init__(self, L: Any) -> None:
        self.L = L
        self.tensors: Dict[Tuple[Any, ...], int] = {}
        self.scalars: Dict[Tuple[float, float], int] = {}
        self.executors: Dict[Tuple[Any, ...], Tuple[int, int]] = {}  # -> (executor, workspace size)
        self.seen: Dict[Tuple[Any, ...], None] = {}  # keys called once under the stamp, not kept
        self.stamp = 0  # the settings stamp of the executors (the library's stamps are never 0)
        # phase 1's two results and references to them, made once per depth: a call made inside a
        # call (a finalizer run by a collection between phase 1 and reading its results) has its own
        self._results: List[Tuple[Any, Any, Tuple[Any, Any]]] = []
        self.depth = 0  # calls of this thread under way

    def results(self) -> Tuple[Any, Any, Tuple[Any, Any]]:
        """(workspace size, executor, their byrefs) for the call at the current depth (>= 1)."""
        while len(self._results) < self.depth:
            size, executor = c_uint64(0), c_void_p(None)
            self._results.append((size, executor, (ctypes.byref(size), ctypes.byref(executor))))
        return self._results[self.depth - 1]

    def trim(self) -> None:
        """Called before a call takes any handle, unless a call of this thread is under way (one
        made from inside it: a user's ``__float__``, a finalizer), so that no call loses a handle
        or an executor it holds."""
        if self.depth > 0:
            return
        full = len(self.tensors) > self.LIMIT or len(self.scalars) > self.LIMIT
        if full or len(self.executors) > self.LIMIT:
            self.drop_executors()
        if len(self.seen) > self.LIMIT:
            self.seen.clear()
        if len(self.tensors) > self.LIMIT:
            self._drop(self.tensors, self.L.aclDestroyTensor)
        if len(self.scalars) > self.LIMIT:
            self._drop(self.scalars, self.L.aclDestroyScalar)

    def plans_for(self, stamp: int) -> bool:
        """Whether the kept executors may serve a call under the settings `stamp`. The outermost
        call of the thread (depth 1) drops them when the stamp moved; a call inside a call leaves
        them to the outer one and plans its own."""
        if stamp != self.stamp and self.depth == 1:
            self.drop_executors()
            self.stamp = stamp
        return stamp == self.stamp

    def drop_executors(self) -> None:
        held = list(self.executors.values())
        self.executors.clear()
        self.seen.clear()
        for executor, _ in held:
            self.L.aclDestroyAclOpExecutor(executor)

    def keeps(self, key: Tuple[Any, ...]) -> bool:
        """Whether a call with `key` (not kept) should keep its executor: the second time it is seen."""
        if key in self.seen:
            del self.seen[key]
            return True
        self.seen[key] = None
        return False

    @staticmethod
    def _drop(handles: Dict[Any, int], destroy: Callable[[int], int]) -> None:
        held = list(handles.values())
        handles.clear()
        for h in held:
            destroy(h)

    def tensor(self, v: _arrays.View, what: str) -> int:
        key = v[1:7]  # (acl_dtype, shape, strides, offset, storage, data): everything the handle says
        h = self.tensors.get(key)
        if h is None:
            h = self.tensors[key] = _create_tensor(self.L, v, what)
        return h

    def scalar(self, value: float) -> int:
        """An ACL_DOUBLE scalar of `value` (keyed with its sign, so -0.0 is not 0.0; a NaN is never
        equal to a key, so each NaN makes a new handle, kept until the next trim)."""
        key = (value, math.copysign(1.0, value))
        h = self.scalars.get(key)
        if h is None:
            d = c_double(value)
            h = self.L.aclCreateScalar(ctypes.addressof(d), _ACL_DOUBLE)  # copies the value
            if not h:
                raise error_for_status(ACLNN_ERR_PARAM_INVALID, self.L.last_error(), "aclCreateScalar")
            self.scalars[key] = h
        return h

    def __del__(self) -> None:  # the thread ended (or the interpreter is going down)
        try:
            self.drop_executors()
            self._drop(self.tensors, self.L.aclDestroyTensor)
            self._drop(self.scalars, self.L.aclDestroyScalar)
        except Exception:  # noqa: BLE001 - ctypes may be torn down at exit: the process frees them
            pass


def _handles(L: Any) -> _Handles:
    h = getattr(_tls, "handles", None)
    if h is None:
        h = _tls.handles = _Handles(L)
    h.trim()
    return h


def _scalar_value(value: Any, what: str) -> float:
    if isinstance(value, complex) or (hasattr(value, "dtype") and getattr(value.dtype, "kind", "") == "c"):
        raise TypeError(f"{what} must be a real number, got {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a real number, got {type(value).__name__}") from None


def _bool_value(value: Any, what: str) -> bool:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{what} must be a bool, got {value!r}")
    return bool(value)


def _int_value(value: Any, p: Param) -> int:
    """An int attribute: an integer, or (an attribute with named choices) one of the names."""
    choices = (p.attr or {}).get("choices")
    if isinstance(value, str):
        if choices and value in choices:
            return choices.index(value)
        raise ValueError(f"{p.py} must be an integer{' or one of ' + ', '.join(choices) if choices else ''}, "
                         f"got {value!r}")
    if isinstance(value, float) or not hasattr(value, "__index__"):
        raise TypeError(f"{p.py} must be an integer, got {value!r}")
    return int(value)


def _string_value(value: Any, p: Param) -> bytes:
    if not isinstance(value, str):
        raise TypeError(f"{p.py} must be a string, got {type(value).__name__}")
    return value.encode()


def _result_dtype(b: _Bound, dtypes: Sequence[str]) -> str:
    """The dtype of a new result: the output's rule in the registry (the dtype of the tensor it
    must equal), else the promotion of the float inputs (integer and bool inputs do not count),
    else, for integer and bool inputs alone, their dtype where the API computes in it (its compute
    rule "keep": ReLU, Threshold) and float32 where it computes in float (Tanh of an int32 tensor is
    float32, as torch.tanh's); outside the output's dtypes, float32."""
    if b.out_same_as is not None:
        return dtypes[b.out_same_as]
    floats = [d for d in dtypes if d in _FLOAT_RANK]
    keep = dtypes[0] if dtypes and b.api.compute == "keep" else "float32"
    want = reduce(promote_float, floats) if floats else keep
    allowed = b.out_dtypes
    if allowed is None or want in allowed:
        return want
    return "float32" if "float32" in allowed else allowed[0]


def _new_result(b: _Bound, arrays: List[Any], views: List[_arrays.View]) -> Any:
    """out=None: a new array of the inputs' broadcast shape (their common shape; for an API that
    does not broadcast, the first input's, so that the library reports a mismatch) and the result
    dtype, numpy or torch as the inputs are."""
    shape = views[0].shape if views else ()
    if b.api.broadcast and any(v.shape != shape for v in views):
        try:
            shape = tuple(_arrays.np.broadcast_shapes(*(v.shape for v in views)))
        except ValueError:
            pass  # shapes that do not broadcast: phase 1 says which
    kind_of = next((a for a in arrays if _arrays.is_torch(a)), None)
    return _arrays.empty_like_kind(kind_of, shape, _result_dtype(b, [v.dtype for v in views]))


def _c_arguments(b: _Bound, cache: _Handles, views: List[_arrays.View], out_view: Optional[_arrays.View],
                 attrs: Tuple[Any, ...]) -> List[Any]:
    """Phase 1's arguments in the API's order: cached handles for tensors and scalars, C values for
    the rest."""
    c_values: List[Any] = []
    for code, i, p in b.plan:
        if code == _TENSOR:
            c_values.append(cache.tensor(views[i], b.in_names[i]))
        elif code == _OUT:
            c_values.append(cache.tensor(out_view, "out"))
        elif code == _SCALAR:
            value = attrs[i]
            if value is None and p.kind == "scalar_optional":
                c_values.append(None)
            else:
                c_values.append(cache.scalar(_scalar_value(value, p.py)))
        elif code == _BOOL:
            c_values.append(_bool_value(attrs[i], p.py))
        elif code == _INT:
            c_values.append(_int_value(attrs[i], p))
        else:
            c_values.append(_string_value(attrs[i], p))
    return c_values


def _phase2(b: _Bound, size: int, executor: int) -> int:
    """Phase 2 on a workspace of `size` bytes; returns its status. The workspace buffer stays
    referenced here until phase 2 returns."""
    ws_buf = _workspace(size) if size else None
    ws = ctypes.addressof(ws_buf) if ws_buf is not None else None
    return b.phase2(ws, size, executor, None)  # ctypes releases the GIL for the call


def _both_phases(b: _Bound, cache: _Handles, c_values: List[Any]) -> int:
    """Phase 2 of the thread's kept executor for these arguments, or phase 1 into this call depth's
    results (the executor made repeatable and kept when the settings stamp allows and the arguments
    come a second time), then phase 2; returns phase 2's status. A kept executor whose phase 2
    fails (not expected: it passed before) is dropped, and the error raised here, before
    destroying it could replace the message."""
    L = b.L
    key = None
    if L.settings_stamp is not None and cache.plans_for(L.settings_stamp()):
        key = (b, *c_values)
        kept = cache.executors.get(key)
        if kept is not None:
            status = _phase2(b, kept[1], kept[0])
            if status != 0:
                _drop_kept(b, cache, key, kept, status)
            return status
    ws_size, executor_ref, refs = cache.results()
    status = b.phase1(*c_values, *refs)
    if status != 0:
        raise error_for_status(status, L.last_error(), b.api.name + "GetWorkspaceSize")
    size, executor = ws_size.value, executor_ref.value
    keep = (key is not None and key not in cache.executors and cache.keeps(key)
            and L.aclSetAclOpExecutorRepeatable(executor) == 0)
    if keep:
        cache.executors[key] = (executor, size)
    try:
        status = _phase2(b, size, executor)
    except BaseException:  # the workspace could not be allocated: the executor never ran
        if keep and cache.executors.get(key) == (executor, size):
            del cache.executors[key]
        L.aclDestroyAclOpExecutor(executor)
        raise
    if status != 0 and keep:
        _drop_kept(b, cache, key, (executor, size), status)
    return status


def _drop_kept(b: _Bound, cache: _Handles, key: Tuple[Any, ...], kept: Tuple[int, int], status: int) -> None:
    """Raises phase 2's error for a kept executor after dropping it (its message read first)."""
    message = b.L.last_error()
    if cache.executors.get(key) == kept:
        del cache.executors[key]
    b.L.aclDestroyAclOpExecutor(kept[0])
    raise error_for_status(status, message, b.api.name)


def _run(b: _Bound, tensors: Tuple[Any, ...], attrs: Tuple[Any, ...], out: Optional[ArrayLike]) -> ArrayLike:
    """Describes the arrays, runs both phases, returns the result (out, a new array, or the
    in-place tensor)."""
    if not b.exported:
        raise NotImplementedError(f"{b.api.py_name}: the loaded library ({b.L.path}) does not export {b.api.name}")
    L = b.L
    L.used = True
    arrays: List[Any] = []
    views: List[_arrays.View] = []
    for i, a in enumerate(tensors):
        a, v = _arrays.array_view(a, b.in_names[i], i == b.inout_pos)
        arrays.append(a)
        views.append(v)
    out_view = None
    if b.inout_pos is not None:
        result = arrays[b.inout_pos]
    else:
        if out is None:
            out = _new_result(b, arrays, views)
        out_view = _arrays.out_view(out)
        result = out

    cache = _handles(L)
    cache.depth += 1
    try:
        status = _both_phases(b, cache, _c_arguments(b, cache, views, out_view, attrs))
    finally:
        cache.depth -= 1
    if status != 0:
        raise error_for_status(status, L.last_error(), b.api.name)
    return result


# ---- the generated functions ---------------------------------------------------------------------


def _dtype_text(p: Param) -> str:
    """A tensor's dtypes as the registry gives them, the profiles with equal lists together."""
    lists = p.dtypes if p.dtypes is not None else p.promoted
    if lists is None:
        return f"the dtype of ``{_registry.snake(p.same_as)}``" if p.same_as else "any dtype the library accepts"
    if p.dtypes is None:
        return "any dtype whose promotion with the other input's is in: " + _lists_text(lists)
    return _lists_text(lists)


def _lists_text(lists: Dict[str, Tuple[str, ...]]) -> str:
    merged: Dict[Tuple[str, ...], List[str]] = {}
    for g, v in lists.items():
        merged.setdefault(v, []).extend(_registry.GROUPS.get(g, (g,)))
    if len(merged) == 1:
        return ", ".join(next(iter(merged)))
    return "; ".join(f"{'/'.join(socs)}: {', '.join(v)}" for v, socs in merged.items())


def _attr_text(p: Param) -> str:
    a = p.attr or {}
    c_kind = {"scalar": "aclScalar", "scalar_optional": "aclScalar, optional (None passes NULL: the default)",
              "bool": "bool", "int": "int64_t", "string": "string"}[p.kind]
    text = f"``{p.name}`` ({c_kind}): attribute ``{a.get('name')}`` of {a.get('type')}, default {p.default!r}"
    if a.get("choices"):
        text += f", one of {', '.join(repr(c) for c in a['choices'])}"
    return text + "."


def _docstring(api: Api) -> str:
    op = api.op
    lines = [
        f"``{api.name}`` on numpy arrays and torch CPU tensors.",
        "",
        f"Operator ``{op['type']}`` (kernel ``{op['kernel']}``; tiling strategies "
        f"{', '.join(op['strategies']) or 'none'}). Generated from the library's operator registry.",
        "",
        "C API::",
        "",
        "    " + api.c_signature(sep=",\n        "),
        f"    aclnnStatus {api.name}(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,",
        "        aclrtStream stream)",
        "",
        "Args:",
    ]
    for p in api.inputs:
        role = "read and written in place (the in-place tensor)" if p.kind == "inout" else "read in place"
        lines.append(f"    {p.py}: ``{p.name}`` (the operator's input ``{p.io}``): a numpy array or torch CPU "
                     f"tensor, any strides and offset, {role}. Dtypes: {_dtype_text(p)}.")
    for p in api.attrs:
        lines.append(f"    {p.py}: {_attr_text(p)}")
    if api.out is not None:
        shape = "the inputs' broadcast shape" if api.broadcast else "the inputs' shape (they must be equal)"
        lines.append(f"    out: ``{api.out.name}`` (the operator's output ``{api.out.io}``): where to write the "
                     f"result, a writable array/tensor, any strides (memory outside the view is never touched); "
                     f"the very same view as an input is allowed, a partial overlap is not. Dtypes: "
                     f"{_dtype_text(api.out)}. None: a new array of {shape}; its dtype is the promotion of the "
                     f"float inputs (integer and bool inputs do not count), float32 where the output takes no "
                     f"such dtype.")
    lines += ["", "Returns:"]
    if api.inplace:
        lines.append(f"    ``{api.inout.py}``, written in place.")
    else:
        lines.append("    ``out``, or the new array (numpy in, numpy out; a torch tensor among the inputs, torch out).")
    broadcast = ("Inputs may broadcast (numpy rules) on Ascend950 and host, as the API's checks allow."
                 if api.broadcast else "Inputs do not broadcast.")
    lines += [
        "",
        broadcast,
        "",
        "Raises:",
        "    ParamInvalidError: status 161002, a dtype, shape, view, value or overlap the API refuses.",
        "    ParamNullptrError: status 161001 (e.g. a non-empty tensor without data).",
        "    InnerError: status 561xxx (e.g. a tiling the platform numbers refuse).",
        "    TypeError, ValueError: an argument that is not an array or of the wrong kind, or a view the C",
        "        API cannot describe (strides that are not whole elements, a non-CPU tensor, a read-only",
        "        output).",
    ]
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str, width: int = 100) -> str:
    """An argument line wrapped under its name (help() shows the docstring as written)."""
    if len(line) <= width or "\n" in line:
        return line
    indent = " " * (len(line) - len(line.lstrip()))
    return textwrap.fill(line, width, initial_indent="", subsequent_indent=indent + "    ",
                         break_on_hyphens=False)


def _make_function(api: Api) -> Callable[..., Any]:
    """The Python function of one API, with a real signature (so that calls bind at C speed)."""
    b = _Bound(api)
    ins = [p.py for p in api.inputs]
    attrs = [p.py for p in api.attrs]
    namespace: Dict[str, Any] = {"_run": _run, "_b": b}
    params = list(ins)
    for i, p in enumerate(api.attrs):
        namespace[f"_d{i}"] = p.default
        params.append(f"{p.py}=_d{i}")
    if api.out is not None:
        params += ["*", "out=None"]
    tup = lambda names: "(" + "".join(n + ", " for n in names) + ")"  # noqa: E731
    src = (f"def {api.py_name}({', '.join(params)}):\n"
           f"    return _run(_b, {tup(ins)}, {tup(attrs)}, {'out' if api.out is not None else 'None'})\n")
    exec(compile(src, f"<aclnn_cpu.ops {api.name}>", "exec"), namespace)  # noqa: S102 - generated from the registry
    fn = namespace[api.py_name]
    fn.__doc__ = _docstring(api)
    fn.__module__ = __name__
    fn.__qualname__ = api.py_name
    fn.api = api  # type: ignore[attr-defined]
    _BOUND_BY_NAME[api.py_name] = b
    return fn


_functions: Optional[Dict[str, Callable[..., Any]]] = None
_functions_lock = threading.Lock()


def functions() -> Dict[str, Callable[..., Any]]:
    """Every generated function by name, in the registry's order (made on first use)."""
    global _functions
    if _functions is None:
        with _functions_lock:
            if _functions is None:
                made = {name: _make_function(a) for name, a in _registry.apis().items()}
                clash = [n for n in made if n in globals()]
                if clash:  # an API spelt like a name of this module: refuse rather than shadow either
                    raise RuntimeError(f"aclnn_cpu.ops: the registry's {', '.join(clash)} clash with the "
                                       "module's names")
                globals().update(made)
                _functions = made
    return _functions


def available_operators() -> List[str]:
    """The generated functions' names: one per API of the loaded library's registry."""
    return list(functions())


def bound(name: str) -> _Bound:
    """The bound C functions and argument plan of a generated function (``"elu_backward"``)."""
    functions()
    return _BOUND_BY_NAME[name]


_BOUND_BY_NAME: Dict[str, _Bound] = {}

__all__ = ["available_operators", "functions", "bound", "promote_float"]


def __getattr__(name: str) -> Any:
    """The generated functions, on first use (reading the registry loads the library)."""
    if name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    fns = functions()
    if name in fns:
        return fns[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r} (the registry's APIs: {', '.join(fns)})")


def __dir__() -> List[str]:
    names = set(globals())
    try:
        names.update(functions())
    except ImportError:
        pass
    return sorted(names)
