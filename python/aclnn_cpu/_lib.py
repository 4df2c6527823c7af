"""Finding, loading and declaring the shared library (ctypes).

Search order (the first that loads wins):

1. ``ACLNN_CPU_LIBRARY``: a path to the library file (or to a directory holding it);
2. the install prefix this copy of the package was installed with (``cmake --install`` records it
   in ``aclnn_cpu/_install.py``): ``<prefix>/lib64``, ``<prefix>/lib``;
3. ``set_env.sh``'s variables: ``ASCEND_HOME_PATH``, ``ASCEND_TOOLKIT_HOME`` (``<dir>/lib64``),
   then every directory of ``LD_LIBRARY_PATH``;
4. a source checkout's build trees (``build/release``, ``build/dev``) when the package runs from
   the repository;
5. the loader's own search (``libaclnn_cpu.so.0`` by name: ldconfig's cache, the system dirs).

CDLL functions release the GIL while they run, so phase 2 runs without it.
"""
from __future__ import annotations

import ctypes
import os
import threading
from ctypes import POINTER, c_char_p, c_int32, c_int64, c_size_t, c_uint64, c_void_p
from pathlib import Path
from typing import List, Optional, Tuple

from ._errors import LibraryNotFoundError, error_for_status

SONAME = "libaclnn_cpu.so.0"
_NAMES = (SONAME, "libaclnn_cpu.so")


def _candidates() -> List[Tuple[str, str]]:
    """(path, where it came from) in search order."""
    out: List[Tuple[str, str]] = []

    def add_dir(d: str, why: str) -> None:
        for name in _NAMES:
            out.append((os.path.join(d, name), why))

    env = os.environ.get("ACLNN_CPU_LIBRARY")
    if env:
        if os.path.isdir(env):
            add_dir(env, "ACLNN_CPU_LIBRARY")
        else:
            out.append((env, "ACLNN_CPU_LIBRARY"))
    try:
        from . import _install

        prefix = getattr(_install, "PREFIX", None)
    except ImportError:  # pragma: no cover
        prefix = None
    if prefix:
        for sub in ("lib64", "lib"):
            add_dir(os.path.join(prefix, sub), f"install prefix {prefix}")
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME"):
        v = os.environ.get(var)
        if v:
            add_dir(os.path.join(v, "lib64"), var)
    for d in os.environ.get("LD_LIBRARY_PATH", "").split(":"):
        if d:
            add_dir(d, "LD_LIBRARY_PATH")
    repo = Path(__file__).resolve().parent.parent.parent
    if (repo / "CMakeLists.txt").is_file() and (repo / "include" / "aclnn_cpu").is_dir():
        for b in ("release", "dev"):
            out.append((str(repo / "build" / b / "libaclnn_cpu.so"), "source checkout"))
    out.append((SONAME, "the loader's search path"))
    return out


def _load() -> Tuple[ctypes.CDLL, str]:
    tried: List[str] = []
    seen = set()
    for path, why in _candidates():
        if path in seen:
            continue
        seen.add(path)
        if os.sep in path and not os.path.exists(path):
            tried.append(f"  {path} ({why}): not found")
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"  {path} ({why}): {e}")
            continue
        if not hasattr(lib, "aclnnCpuGetIsa"):
            tried.append(f"  {path} ({why}): loaded, but it is not aclnn-cpu (no aclnnCpuGetIsa)")
            continue
        return lib, path
    raise LibraryNotFoundError(
        "aclnn_cpu: cannot load the aclnn-cpu shared library. Tried, in order:\n"
        + "\n".join(tried)
        + "\nSet ACLNN_CPU_LIBRARY=/path/to/libaclnn_cpu.so.0, or `source <prefix>/set_env.sh` of an "
        "install (cmake --install build/release --prefix <prefix>)."
    )


class _Lib:
    """The loaded library with its prototypes declared; created on first use."""

    def __init__(self) -> None:
        self.cdll, self.path = _load()
        L = self.cdll
        P = POINTER
        self.used = False  # set once any call that reads the environment has run

        def fn(name: str, restype, *argtypes):
            f = getattr(L, name)
            f.restype = restype
            f.argtypes = list(argtypes)
            return f

        self.aclCreateTensor = fn(
            "aclCreateTensor", c_void_p, P(c_int64), c_uint64, c_int32, P(c_int64), c_int64, c_int32,
            P(c_int64), c_uint64, c_void_p)
        self.aclCreateScalar = fn("aclCreateScalar", c_void_p, c_void_p, c_int32)
        self.aclDestroyTensor = fn("aclDestroyTensor", c_int32, c_void_p)
        self.aclDestroyScalar = fn("aclDestroyScalar", c_int32, c_void_p)
        self.aclDestroyAclOpExecutor = fn("aclDestroyAclOpExecutor", c_int32, c_void_p)
        self.aclSetAclOpExecutorRepeatable = fn("aclSetAclOpExecutorRepeatable", c_int32, c_void_p)
        # the settings stamp (a library without it: None, and calls plan every time)
        self.settings_stamp = None
        if hasattr(L, "aclnnCpuGetSettingsStamp"):
            self.settings_stamp = fn("aclnnCpuGetSettingsStamp", c_uint64)
        self.aclGetRecentErrMsg = fn("aclGetRecentErrMsg", c_char_p)
        self.aclnnCpuGetIsa = fn("aclnnCpuGetIsa", c_int32)
        self.aclnnCpuIsaName = fn("aclnnCpuIsaName", c_char_p, c_int32)
        self.aclnnCpuSetNumThreads = fn("aclnnCpuSetNumThreads", c_int32, c_int32)
        self.aclnnCpuGetNumThreads = fn("aclnnCpuGetNumThreads", c_int32)
        self.aclnnCpuSetPlatform = fn("aclnnCpuSetPlatform", c_int32, c_char_p, c_int32, c_int64)
        self.aclnnCpuGetPlatform = fn("aclnnCpuGetPlatform", c_int32, c_void_p)
        self.has_tiling = hasattr(L, "aclnnCpuGetTilingPlan")
        if self.has_tiling:
            self.aclnnCpuGetTilingPlan = fn(
                "aclnnCpuGetTilingPlan", c_int32, c_char_p, c_int32, P(c_char_p), c_char_p, c_size_t, P(c_size_t))
            self.aclnnCpuTilingOpName = fn("aclnnCpuTilingOpName", c_char_p, c_int32)

    def has(self, symbol: str) -> bool:
        return hasattr(self.cdll, symbol)

    def declare(self, name: str, restype, argtypes) -> ctypes._CFuncPtr:  # type: ignore[name-defined]
        f = getattr(self.cdll, name)
        f.restype = restype
        f.argtypes = list(argtypes)
        return f

    def last_error(self) -> str:
        m = self.aclGetRecentErrMsg()
        return m.decode("utf-8", "replace") if m else ""

    def check(self, status: int, api: str) -> None:
        """Raises the AclnnError subclass for a non-zero status, with aclGetRecentErrMsg()."""
        if status != 0:
            raise error_for_status(status, self.last_error(), api)


_lock = threading.Lock()
_instance: Optional[_Lib] = None


def lib() -> _Lib:
    """The loaded library (loaded on first use; raises LibraryNotFoundError listing what it tried)."""
    global _instance
    if _instance is None:
        with _lock:
            if _instance is None:
                _instance = _Lib()
    return _instance


def loaded() -> bool:
    return _instance is not None


__all__ = ["lib", "loaded", "SONAME"]
