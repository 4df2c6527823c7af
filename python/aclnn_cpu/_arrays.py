"""numpy arrays and torch CPU tensors described to the C API as they are (CANN view semantics).

A view becomes ``aclCreateTensor(viewDims, dtype, strides, offset, ND, storageDims, data)`` with
``data`` the start of the memory that holds it (numpy: the buffer of the array at the root of
``.base``; torch: the tensor's storage), ``offset`` and ``strides`` in elements, and
``storageDims`` one dim covering that whole buffer. Nothing is copied.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, NamedTuple, Optional, Tuple

import numpy as np

# name -> (aclDataType, element bytes)
ACL_DTYPES: Dict[str, Tuple[int, int]] = {
    "float32": (0, 4),
    "float16": (1, 2),
    "int8": (2, 1),
    "int32": (3, 4),
    "uint8": (4, 1),
    "int16": (6, 2),
    "uint16": (7, 2),
    "uint32": (8, 4),
    "int64": (9, 8),
    "uint64": (10, 8),
    "float64": (11, 8),
    "bool": (12, 1),
    "complex64": (16, 8),
    "complex128": (17, 16),
    "bfloat16": (27, 2),
}

_NP_NAMES: Dict[Any, str] = {np.dtype(n).type: n for n in ACL_DTYPES if n != "bfloat16"}

_TORCH_NAMES: Optional[Dict[Any, str]] = None


def torch_module():
    """torch if it has been imported by anyone (never imports it: that takes a second)."""
    return sys.modules.get("torch")


def _torch_names() -> Dict[Any, str]:
    global _TORCH_NAMES
    if _TORCH_NAMES is None:
        import torch

        _TORCH_NAMES = {
            getattr(torch, n): n for n in ACL_DTYPES if hasattr(torch, n) and n not in ("uint16", "uint32", "uint64")
        }
    return _TORCH_NAMES


def is_torch(a: Any) -> bool:
    t = torch_module()
    return t is not None and isinstance(a, t.Tensor)


class View(NamedTuple):
    """What aclCreateTensor needs, plus the object that owns the memory (kept alive by the caller).
    Fields 1 to 6 are everything an aclTensor handle says (ops._Handles keys handles by them)."""

    dtype: str
    acl_dtype: int
    shape: Tuple[int, ...]
    strides: Tuple[int, ...]  # elements
    offset: int  # elements from data
    storage: int  # elements in the buffer from data
    data: int  # address of the buffer start (0 for an empty torch storage)
    obj: Any


def dtype_name(a: Any) -> str:
    """The ACL dtype name of a numpy array or torch tensor (TypeError when there is none)."""
    if is_torch(a):
        name = _torch_names().get(a.dtype)
        if name is None:
            raise TypeError(f"torch dtype {a.dtype} has no ACL equivalent")
        return name
    name = _NP_NAMES.get(a.dtype.type)
    if name is None:
        raise TypeError(f"numpy dtype {a.dtype} has no ACL equivalent (supported: {', '.join(_NP_NAMES.values())})")
    return name


def as_array(a: Any, what: str) -> Any:
    """numpy arrays and torch tensors pass unchanged; anything else goes through np.asarray
    (a list or a Python number becomes a new array: there is no memory to share)."""
    if isinstance(a, np.ndarray) or is_torch(a):
        return a
    if a is None:
        raise TypeError(f"{what} must be an array or tensor, not None")
    try:
        return np.asarray(a)
    except Exception as e:  # noqa: BLE001 - anything numpy cannot read is a TypeError here
        raise TypeError(f"{what}: cannot make an array of {type(a).__name__}: {e}") from None


def describe(a: Any, what: str, writable: bool = False) -> View:
    """The CANN view of a numpy array or torch CPU tensor (as_array's result), without copying it."""
    if isinstance(a, np.ndarray):
        return _describe_numpy(a, what, writable)
    return _describe_torch(a, what)


def out_view(out: Any) -> View:
    """The view of an ``out=`` argument: a writable numpy array or torch CPU tensor."""
    if isinstance(out, np.ndarray):
        return _describe_numpy(out, "out", True)
    if is_torch(out):
        return _describe_torch(out, "out")
    raise TypeError(f"out must be a numpy array or a torch tensor, not {type(out).__name__}")


def array_view(a: Any, what: str, writable: bool = False) -> Tuple[Any, View]:
    """as_array and describe in one: (the array, its view), the two usual kinds tested once."""
    if isinstance(a, np.ndarray):
        return a, _describe_numpy(a, what, writable)
    t = torch_module()
    if t is not None and isinstance(a, t.Tensor):
        return a, _describe_torch(a, what)
    a = as_array(a, what)
    return a, describe(a, what, writable)


def _describe_numpy(a: np.ndarray, what: str, writable: bool) -> View:
    dt = a.dtype
    if not dt.isnative:
        raise ValueError(f"{what}: byte order {dt.byteorder!r} is not the machine's; use a native-endian array")
    name = _NP_NAMES.get(dt.type)
    if name is None:
        raise TypeError(f"{what}: numpy dtype {dt} has no ACL equivalent (supported: {', '.join(_NP_NAMES.values())})")
    if writable and not a.flags.writeable:
        raise ValueError(f"{what}: the array is read-only")
    code, size = ACL_DTYPES[name]
    ptr = a.__array_interface__["data"][0]
    strides = []
    for s in a.strides:
        if s % size:
            raise ValueError(f"{what}: stride of {s} bytes is not a whole number of {size}-byte elements; "
                             "the C API counts strides in elements")
        strides.append(s // size)
    root = a
    while isinstance(root.base, np.ndarray):
        root = root.base
    if root.flags.c_contiguous or root.flags.f_contiguous:  # the usual case, without byte_bounds' cost
        low = root.__array_interface__["data"][0] if root is not a else ptr
        high = low + root.nbytes
    else:
        low, high = np.byte_bounds(root)
    if not low <= ptr <= high:  # a view made with as_strided outside its base: describe its own span
        low, high = np.byte_bounds(a)
    start = low + (ptr - low) % size
    return View(name, code, a.shape, tuple(strides), (ptr - start) // size, max(high - start, 0) // size, start, a)


# torch dtype -> (ACL name, aclDataType, element bytes, complex), and torch.strided: made at first use
_TORCH_INFO: Optional[Dict[Any, Tuple[str, int, int, bool]]] = None
_STRIDED: Any = None


def _torch_info() -> Dict[Any, Tuple[str, int, int, bool]]:
    global _TORCH_INFO, _STRIDED
    if _TORCH_INFO is None:
        _STRIDED = torch_module().strided
        _TORCH_INFO = {dt: (n, *ACL_DTYPES[n], n.startswith("complex")) for dt, n in _torch_names().items()}
    return _TORCH_INFO


_new_view = tuple.__new__  # View(...) without the generated __new__'s extra frame (a call per tensor)


def _describe_torch(t: Any, what: str) -> View:
    info = (_TORCH_INFO or _torch_info()).get(t.dtype)
    if not t.is_cpu:
        raise ValueError(f"{what}: tensor is on {t.device}; aclnn_cpu runs on CPU tensors")
    if t.layout is not _STRIDED:
        raise ValueError(f"{what}: layout {t.layout} is not supported (strided tensors only)")
    if info is None:
        raise TypeError(f"{what}: torch dtype {t.dtype} has no ACL equivalent")
    name, code, size, is_complex = info
    # the neg bit reaches real tensors too (the .imag of a conjugated view); the conj bit only complex
    if t.is_neg() or (is_complex and t.is_conj()):
        raise ValueError(f"{what}: a lazily conjugated/negated view; call .resolve_conj()/.resolve_neg() first")
    st = (_storage_accessor or _find_storage_accessor())(t)
    return _new_view(View, (name, code, tuple(t.shape), t.stride(), t.storage_offset(), st.nbytes() // size,
                            st.data_ptr(), t))


_storage_accessor: Any = None


def _find_storage_accessor() -> Any:
    """The tensor's storage as bytes: ``untyped_storage()`` (torch 2), else ``_storage()`` (torch
    1.13), about 0.3 us, else ``storage()``, whose TypedStorage wrapper costs 1-2 us, more than the
    rest of a tensor's description. The storage's real size is what the library checks the view
    against: a view can outlive a shrunk storage (``t.storage().resize_(n)``)."""
    global _storage_accessor
    if _storage_accessor is None:
        cls = torch_module().Tensor
        _storage_accessor = next(getattr(cls, n) for n in ("untyped_storage", "_storage", "storage") if hasattr(cls, n))
    return _storage_accessor


def empty_like_kind(kind_of: Any, shape: Tuple[int, ...], dtype: str) -> Any:
    """A new uninitialised array of `shape` and `dtype`: a torch tensor when kind_of is one, else numpy."""
    if is_torch(kind_of):
        torch = torch_module()
        return torch.empty(shape, dtype=getattr(torch, dtype))
    if dtype == "bfloat16":
        raise TypeError("numpy has no bfloat16; pass torch tensors or out= a torch.bfloat16 tensor")
    return np.empty(shape, dtype=dtype)
