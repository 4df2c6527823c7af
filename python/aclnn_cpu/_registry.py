"""The library's operator registry (``aclnnCpuGetOpRegistry``) read once, as Python records.

The registry is the library's own list of its operators and aclnn APIs (the C code's entry points,
validation, tiling lab and docs are generated from the same rows). Everything in this package that
depends on which operators exist reads it from here: the array functions (:mod:`aclnn_cpu.ops`),
the torch table's availability (:mod:`aclnn_cpu.torch`) and the tiling lab's options
(:mod:`aclnn_cpu.tiling`).

Naming rules (the Python spelling of CANN's names):

- an API's function: the API without ``aclnn`` in snake case; an ``Inplace`` API drops
  ``inplace_`` and gets a trailing underscore (``aclnnGeluBackwardV2`` -> ``gelu_backward_v2``,
  ``aclnnInplaceElu`` -> ``elu_``);
- a parameter: CANN's name in snake case (``gradOutput`` -> ``grad_output``), a Python keyword
  getting a trailing underscore (``lambda`` -> ``lambda_``); the output parameter is ``out``.
"""
from __future__ import annotations

import ctypes
import json
import keyword
import re
import threading
from typing import Any, Dict, List, Optional, Tuple

from ._errors import error_for_status
from ._lib import lib

__all__ = ["snake", "function_name", "param_name", "Param", "Api", "registry", "apis", "api", "GROUPS",
           "group_of_soc", "current_group"]

# The profile groups of the registry's dtype lists, and the profiles each covers (the host profile
# follows Ascend950's rules).
GROUPS: Dict[str, Tuple[str, ...]] = {
    "Ascend910": ("Ascend910",),
    "Ascend910B": ("Ascend910B", "Ascend910_93"),
    "Ascend950": ("Ascend950", "host"),
}

_TENSOR_KINDS = ("tensor", "out", "inout")
_ATTR_KINDS = ("scalar", "scalar_optional", "bool", "int", "string")
# C types of the phase-1 parameters, for the signatures in the docstrings.
C_TYPES = {"tensor": "const aclTensor *", "out": "aclTensor *", "inout": "aclTensor *",
           "scalar": "const aclScalar *", "scalar_optional": "const aclScalar *", "bool": "bool ",
           "int": "int64_t ", "string": "char *"}

_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def snake(name: str) -> str:
    """CANN's camel case in snake case: ``selfOrResult`` -> ``self_or_result``,
    ``GeluBackwardV2`` -> ``gelu_backward_v2``, ``Relu6`` -> ``relu6``."""
    return _BOUNDARY.sub("_", name).lower()


def function_name(api_name: str) -> str:
    """The Python function of an aclnn API: ``aclnnEluBackward`` -> ``elu_backward``,
    ``aclnnInplaceElu`` -> ``elu_``."""
    base = api_name[len("aclnn"):] if api_name.startswith("aclnn") else api_name
    if base.startswith("Inplace") and base[len("Inplace"):][:1].isupper():
        return snake(base[len("Inplace"):]) + "_"
    return snake(base)


def param_name(cann_name: str, kind: str) -> str:
    """The Python parameter of a CANN parameter: snake case; the output is ``out``."""
    if kind == "out":
        return "out"
    name = snake(cann_name)
    return name + "_" if keyword.iskeyword(name) or name == "out" else name


class Param:
    """One phase-1 parameter of an API, in CANN's order.

    Attributes:
        name: CANN's name (``"gradOutput"``); py: the Python parameter (``"grad_output"``).
        kind: ``tensor`` (an input), ``out`` (the result), ``inout`` (an in-place API's tensor:
            input and result), ``scalar``, ``scalar_optional`` (NULL gives the default), ``bool``,
            ``int``, ``string``.
        slot: the operator input (tensors) or attribute (the rest) it binds.
        dtypes: per profile group, the dtypes the API takes there (tensors whose dtype the
            registry lists; None otherwise); same_as: the parameter whose dtype it must equal;
            promoted: for an input promoted with another (GeluBackward's), per profile group the
            list its promotion must be in (what calls with inputs of one dtype take).
        attr: the operator attribute (``{"name", "type", "default"[, "choices"]}``) of an
            attribute parameter, None for tensors; default: its default value.
        io: the operator's IR name of the tensor (``"grads"``), None for attributes.
    """

    __slots__ = ("name", "py", "kind", "slot", "dtypes", "same_as", "promoted", "attr", "default", "io")

    def __init__(self, raw: Dict[str, Any], op: Dict[str, Any]) -> None:
        self.name: str = raw["name"]
        self.kind: str = raw["kind"]
        self.slot: int = int(raw["slot"])
        self.py = param_name(self.name, self.kind)
        self.dtypes: Optional[Dict[str, Tuple[str, ...]]] = (
            {g: tuple(v) for g, v in raw["dtypes"].items()} if "dtypes" in raw else None)
        self.same_as: Optional[str] = raw.get("same_as")
        self.promoted: Optional[Dict[str, Tuple[str, ...]]] = (
            {g: tuple(v) for g, v in raw["promoted_dtypes"].items()} if "promoted_dtypes" in raw else None)
        self.attr: Optional[Dict[str, Any]] = None
        self.default: Any = None
        self.io: Optional[str] = None
        if self.kind in _ATTR_KINDS:
            self.attr = op["attrs"][self.slot]
            self.default = self.attr["default"]
            if self.attr["type"] == "float":
                self.default = float(self.default)
        elif self.kind == "out":
            self.io = op["output"]
        else:
            self.io = op["inputs"][self.slot]

    @property
    def is_tensor(self) -> bool:
        return self.kind in _TENSOR_KINDS

    def dtypes_in(self, group: str) -> Optional[Tuple[str, ...]]:
        """The dtypes this tensor takes on a profile group in a call whose inputs have one dtype (a
        promoted input: its promotion's list); None: the registry does not list them."""
        if self.dtypes is not None:
            return self.dtypes.get(group)
        return None if self.promoted is None else self.promoted.get(group)

    def __repr__(self) -> str:
        return f"Param({self.name!r}, {self.kind!r}, slot={self.slot})"


class Api:
    """One aclnn API of the registry with its Python spelling.

    Attributes:
        name: ``"aclnnEluBackward"``; snake: the registry's snake name (the tiling lab's op name);
        py_name: the Python function (``"elu_backward"``, ``"elu_"`` for ``aclnnInplaceElu``).
        op: the operator record (``{"type", "inputs", "output", "attrs", "kernel", "strategies"}``).
        params: the :class:`Param` list in CANN's order.
        inputs: the tensor parameters the caller passes (inputs and the in-place tensor), in
            CANN's order; attrs: the attribute parameters in CANN's order; out: the output
            parameter (None for an in-place API); inout: the in-place tensor (or None).
        broadcast: whether inputs may broadcast (on Ascend950 and host).
        compute: the dtype the kernel computes in, as the registry's rule names it: ``"widen"``
            (integer and bool inputs compute in float32), ``"keep"`` (they compute in their own
            dtype) or ``"float_else_out"`` (in the output's dtype).
    """

    def __init__(self, raw: Dict[str, Any], ops: Dict[str, Dict[str, Any]]) -> None:
        self.raw = raw
        self.name: str = raw["name"]
        self.snake: str = raw["snake"]
        self.py_name = function_name(self.name)
        self.op: Dict[str, Any] = ops[raw["op"]]
        self.params: List[Param] = [Param(p, self.op) for p in raw["params"]]
        self.inputs = [p for p in self.params if p.kind in ("tensor", "inout")]
        self.attrs = [p for p in self.params if p.kind in _ATTR_KINDS]
        self.out = next((p for p in self.params if p.kind == "out"), None)
        self.inout = next((p for p in self.params if p.kind == "inout"), None)
        self.broadcast = bool(raw.get("broadcast", False))
        self.compute: str = raw.get("compute", "widen")
        self.inplace = self.inout is not None
        seen = [p.py for p in self.inputs + self.attrs] + (["out"] if self.out else [])
        if len(set(seen)) != len(seen):
            raise ValueError(f"{self.name}: two parameters have one Python name: {seen}")

    def by_name(self, cann_name: str) -> Param:
        return next(p for p in self.params if p.name == cann_name)

    def c_signature(self, sep: str = ", ") -> str:
        """The phase-1 C declaration, as the registry describes it (an output the header declares
        const reads ``aclTensor *`` here: the registry does not say)."""
        args = [f"{C_TYPES[p.kind]}{p.name}" for p in self.params]
        args += ["uint64_t *workspaceSize", "aclOpExecutor **executor"]
        return f"aclnnStatus {self.name}GetWorkspaceSize({sep.join(args)})"

    def __repr__(self) -> str:
        return f"Api({self.name!r} -> {self.py_name!r})"


_lock = threading.Lock()
_cache: Optional[Tuple[Dict[str, Any], Dict[str, Api]]] = None
_by_any_name: Dict[str, Api] = {}  # API name, Python name and snake name -> API


def _read_json() -> Dict[str, Any]:
    L = lib()
    if not L.has("aclnnCpuGetOpRegistry"):
        raise NotImplementedError(f"the loaded library ({L.path}) has no aclnnCpuGetOpRegistry: it predates the "
                                  "operator registry this package is built from")
    f = L.declare("aclnnCpuGetOpRegistry", ctypes.c_int32,
                  [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)])
    length = ctypes.c_size_t(0)
    L.check(f(None, 0, ctypes.byref(length)), "aclnnCpuGetOpRegistry")
    buf = ctypes.create_string_buffer(length.value + 1)
    status = f(buf, len(buf), ctypes.byref(length))
    if status != 0:
        raise error_for_status(status, L.last_error(), "aclnnCpuGetOpRegistry")
    return json.loads(buf.value[: length.value].decode())


def _load() -> Tuple[Dict[str, Any], Dict[str, Api]]:
    global _cache
    if _cache is None:
        with _lock:
            if _cache is None:
                raw = _read_json()
                ops = {o["type"]: o for o in raw["ops"]}
                table: Dict[str, Api] = {}
                for a in raw["apis"]:
                    api_ = Api(a, ops)
                    if api_.py_name in table:
                        raise ValueError(f"{api_.name} and {table[api_.py_name].name} have one Python name "
                                         f"{api_.py_name!r}")
                    table[api_.py_name] = api_
                for a_ in table.values():
                    _by_any_name.update({a_.snake: a_, a_.name: a_})
                _by_any_name.update(table)
                _cache = (raw, table)
    return _cache


def registry() -> Dict[str, Any]:
    """The registry's JSON as a dict: ``{"ops": [...], "apis": [...]}`` (read once)."""
    return _load()[0]


def apis() -> Dict[str, Api]:
    """Every API of the registry by Python function name, in the registry's order."""
    return _load()[1]


def api(name: str) -> Optional[Api]:
    """The API named ``name`` (``"aclnnSilu"``, its Python name ``"silu"`` or the registry's snake
    name); None when the registry has none."""
    if _cache is None:
        _load()
    return _by_any_name.get(name)


_group_cache: Tuple[int, str] = (-1, "")


def current_group() -> str:
    """The profile group of the active platform profile (cached until the next set_platform)."""
    global _group_cache
    from . import settings

    epoch = settings.platform_epoch()
    if _group_cache[0] != epoch:
        _group_cache = (epoch, group_of_soc(settings.get_platform().soc))
    return _group_cache[1]


def group_of_soc(soc: str) -> str:
    """The registry's profile group of a platform profile (``"host"`` -> ``"Ascend950"``)."""
    for g, socs in GROUPS.items():
        if soc in socs:
            return g
    return "Ascend950"
