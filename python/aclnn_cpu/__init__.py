"""aclnn_cpu: CANN's aclnn operators on the CPU, from numpy and PyTorch.

Array functions (numpy arrays and torch CPU tensors, read and written in place, no copies):

    >>> import numpy as np, aclnn_cpu
    >>> x = np.linspace(-2, 2, 5, dtype=np.float32); g = np.ones_like(x)
    >>> aclnn_cpu.elu_backward(g, x, alpha=1.0)          # doctest: +SKIP
    array([0.13533528, 0.36787945, 1.        , 1.        , 1.        ], dtype=float32)

- :func:`elu_backward`, :func:`softplus_backward`, :func:`silu_backward` (when the library has it;
  :func:`available_operators`).
- Settings: :func:`set_num_threads`, :func:`set_platform`, :func:`get_platform`, :func:`get_isa`,
  :func:`set_max_isa`.
- Errors: :class:`AclnnError` (``.status``, ``.message``) and its subclasses.
- :mod:`aclnn_cpu.torch`: ELU / Softplus modules whose backward runs the library.
- :mod:`aclnn_cpu.tiling`: tiling plans as dicts, sweeps, and a drawing of a plan.

The shared library is found through ``ACLNN_CPU_LIBRARY``, the install prefix, or ``set_env.sh``'s
variables (:func:`library_path` says which file was loaded).
"""
from __future__ import annotations

from ._errors import (AclnnError, AclParamError, InnerError, LibraryNotFoundError, ParamInvalidError,
                      ParamNullptrError)
from .ops import OPERATORS, available_operators, elu_backward, silu_backward, softplus_backward
from .settings import (Platform, get_isa, get_num_threads, get_platform, set_max_isa, set_num_threads,
                       set_platform)

__version__ = "0.1.0"


def library_path() -> str:
    """The path of the loaded shared library (loads it if needed)."""
    from ._lib import lib

    return lib().path


__all__ = [
    "AclnnError", "AclParamError", "InnerError", "LibraryNotFoundError", "ParamInvalidError", "ParamNullptrError",
    "OPERATORS", "available_operators", "elu_backward", "softplus_backward", "silu_backward",
    "Platform", "get_isa", "get_num_threads", "get_platform", "set_max_isa", "set_num_threads", "set_platform",
    "library_path", "__version__",
]
