"""Process-wide settings of the library: thread count, platform profile, ISA cap.

Settings are captured by each call's phase 1. The ISA is different: the library reads
``ACLNN_CPU_MAX_ISA`` once, at its first use in the process, and keeps that choice. From Python,
either set the variable in the environment before starting Python, or call :func:`set_max_isa`
before the first operator call (or :func:`get_isa`) of the process.
"""
from __future__ import annotations

import ctypes
import os
from typing import NamedTuple, Optional

from ._lib import lib

__all__ = ["Platform", "set_num_threads", "get_num_threads", "set_platform", "get_platform", "get_isa",
           "set_max_isa", "ISAS", "SOCS"]

ISAS = ("scalar", "neon", "avx2", "avx512")
"""ISA names, lowest first (``ACLNN_CPU_MAX_ISA`` values)."""
SOCS = ("host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950")
"""Platform profile names (``ACLNN_CPU_SOC`` values)."""


_platform_epoch = 0  # bumped by set_platform: readers of the profile cache it per epoch


def platform_epoch() -> int:
    """A number that changes whenever :func:`set_platform` is called (for caches of the profile)."""
    return _platform_epoch


class Platform(NamedTuple):
    """The active platform profile: what the tiling plans for."""

    soc: str  #: profile name
    core_num: int  #: vector cores the tiling plans for (host: the thread count)
    ub_bytes: int  #: unified-buffer bytes per core
    bf16: bool  #: whether bfloat16 operands are accepted on this profile


class _CPlatform(ctypes.Structure):
    _fields_ = [("soc", ctypes.c_char * 32), ("coreNum", ctypes.c_int32), ("ubBytes", ctypes.c_int64),
                ("bf16", ctypes.c_int32)]


def set_num_threads(n: int) -> None:
    """Threads used by phase 2 (also the host profile's core count). ``0`` restores the default
    (``ACLNN_CPU_NUM_THREADS``, else OpenMP's ``omp_get_max_threads()``, which PyTorch's
    ``torch.set_num_threads`` changes too where both use the system's libgomp, as Debian's torch
    does; a PyPI wheel ships its own). Range 0..4096."""
    L = lib()
    L.used = True
    L.check(L.aclnnCpuSetNumThreads(int(n)), "aclnnCpuSetNumThreads")


def get_num_threads() -> int:
    """Threads phase 2 uses now."""
    L = lib()
    L.used = True
    return int(L.aclnnCpuGetNumThreads())


def set_platform(soc: Optional[str] = "host", cores: int = 0, ub_bytes: int = 0) -> None:
    """Selects the platform profile the tiling plans for.

    Args:
        soc: one of :data:`SOCS` (case-insensitive); ``None`` restores ``ACLNN_CPU_SOC`` (or host)
            and drops the overrides.
        cores: overrides the profile's vector-core count when > 0 (tiling experiments).
        ub_bytes: overrides the profile's unified-buffer bytes per core when > 0.
    """
    L = lib()
    L.used = True
    global _platform_epoch
    try:
        L.check(L.aclnnCpuSetPlatform(None if soc is None else str(soc).encode(), int(cores), int(ub_bytes)),
                "aclnnCpuSetPlatform")
    finally:
        _platform_epoch += 1


def get_platform() -> Platform:
    """The active platform profile (:class:`Platform`)."""
    L = lib()
    L.used = True
    p = _CPlatform()
    L.check(L.aclnnCpuGetPlatform(ctypes.addressof(p)), "aclnnCpuGetPlatform")
    return Platform(p.soc.decode(), int(p.coreNum), int(p.ubBytes), bool(p.bf16))


def get_isa() -> str:
    """The ISA whose kernels run in this process (``"avx512"``, ``"avx2"``, ``"neon"`` or
    ``"scalar"``). The first call fixes it for the process (see :func:`set_max_isa`)."""
    L = lib()
    L.used = True
    return L.aclnnCpuIsaName(L.aclnnCpuGetIsa()).decode()


def set_max_isa(isa: str) -> str:
    """Caps the kernel ISA (``ACLNN_CPU_MAX_ISA``) and returns the ISA that then runs.

    The library reads the cap once, at its first use in the process, so this works only before
    any operator call or :func:`get_isa` in this process; later it raises ``RuntimeError`` (unless
    the same cap is already in effect). The alternative is the environment:
    ``ACLNN_CPU_MAX_ISA=avx2 python ...``.
    """
    name = str(isa).lower()
    if name not in ISAS:
        raise ValueError(f"isa must be one of {', '.join(ISAS)}, got {isa!r}")
    L = lib()
    if L.used:
        if os.environ.get("ACLNN_CPU_MAX_ISA", "").lower() == name:
            return get_isa()
        raise RuntimeError(
            f"the ISA is chosen once per process and already is {get_isa()!r}: set ACLNN_CPU_MAX_ISA={name} in "
            "the environment, or call set_max_isa() before the first operator call")
    os.environ["ACLNN_CPU_MAX_ISA"] = name  # putenv: the library's getenv sees it
    return get_isa()
