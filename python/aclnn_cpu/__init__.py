"""aclnn_cpu: CANN's aclnn operators on the CPU, from numpy and PyTorch.

Array functions, one per aclnn API of the loaded library, generated from its operator registry
(numpy arrays and torch CPU tensors, read and written in place, no copies):

    >>> import numpy as np, aclnn_cpu
    >>> x = np.linspace(-2, 2, 5, dtype=np.float32); g = np.ones_like(x)
    >>> aclnn_cpu.elu_backward(g, x, alpha=1.0)          # doctest: +SKIP
    array([0.13533528, 0.36787945, 1.        , 1.        , 1.        ], dtype=float32)

- Names: the API without ``aclnn`` in snake case (``aclnnEluBackward`` -> :func:`elu_backward`);
  an in-place API drops ``Inplace`` and ends in ``_`` (``aclnnInplaceElu`` -> ``elu_``).
  Parameters: CANN's names in snake case and order, tensors positional, attributes with the
  operator's defaults, ``out=None``. :func:`available_operators` lists them; each one's help shows
  its C signature, dtypes and defaults.
- :func:`registry`: the registry itself (operators, APIs, parameters, dtypes per profile).
- Settings: :func:`set_num_threads`, :func:`set_platform`, :func:`get_platform`, :func:`get_isa`,
  :func:`set_max_isa`.
- Errors: :class:`AclnnError` (``.status``, ``.message``) and its subclasses.
- :mod:`aclnn_cpu.torch`: autograd modules (PyTorch's activations on the library) and
  ``enable()``, which routes PyTorch's own aten ops to the library.
- :mod:`aclnn_cpu.tiling`: tiling plans as dicts, sweeps, and a drawing of a plan.

The shared library is found through ``ACLNN_CPU_LIBRARY``, the install prefix, or ``set_env.sh``'s
variables (:func:`library_path` says which file was loaded). It is loaded, and the registry read,
the first time a function is asked for (``import aclnn_cpu`` alone loads nothing).
"""
from __future__ import annotations

from typing import Any, List

from ._errors import (AclnnError, AclParamError, InnerError, LibraryNotFoundError, ParamInvalidError,
                      ParamNullptrError)
from . import ops
from .settings import (Platform, get_isa, get_num_threads, get_platform, set_max_isa, set_num_threads,
                       set_platform)

__version__ = "0.2.0"


def library_path() -> str:
    """The path of the loaded shared library (loads it if needed)."""
    from ._lib import lib

    return lib().path


def registry() -> dict:
    """The loaded library's operator registry (``aclnnCpuGetOpRegistry``) as a dict:
    ``{"ops": [{"type", "inputs", "output", "attrs", "kernel", "strategies"}, ...],
    "apis": [{"name", "snake", "op", "params", "broadcast"}, ...]}``."""
    from ._registry import registry as _read

    return _read()


def available_operators() -> List[str]:
    """The names of the generated functions: one per API of the loaded library's registry."""
    from .ops import available_operators as _names

    return _names()


_STATIC = [
    "AclnnError", "AclParamError", "InnerError", "LibraryNotFoundError", "ParamInvalidError", "ParamNullptrError",
    "available_operators", "registry",
    "Platform", "get_isa", "get_num_threads", "get_platform", "set_max_isa", "set_num_threads", "set_platform",
    "library_path", "__version__",
]


def __getattr__(name: str) -> Any:
    """The generated functions (``aclnn_cpu.elu_backward``), made on first use; ``__all__``."""
    if name == "__all__":
        try:
            from .ops import functions

            return _STATIC + list(functions())
        except ImportError:  # no library: the static names
            return list(_STATIC)
    if name.startswith("_"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name in ("tiling", "torch"):  # submodules, imported when first named
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    fns = ops.functions()
    if name in fns:
        clash = [n for n in fns if n in _STATIC or n in ("ops", "settings", "tiling", "torch")]
        if clash:
            raise RuntimeError(f"aclnn_cpu: the registry's {', '.join(clash)} clash with the package's names")
        globals().update(fns)  # later lookups are plain attribute reads
        return fns[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> List[str]:
    names = set(globals())
    try:
        from .ops import functions

        names.update(functions())
    except ImportError:
        pass
    return sorted(names)
