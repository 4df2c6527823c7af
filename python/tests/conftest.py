"""Shared helpers of the aclnn_cpu tests (pytest)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch

import aclnn_cpu

REPO = Path(__file__).resolve().parents[2]


def ulp_diff(a: torch.Tensor, b: torch.Tensor) -> int:
    """Largest distance in units in the last place between two tensors of one float dtype
    (NaN == NaN; +0 == -0)."""
    assert a.dtype == b.dtype and a.shape == b.shape
    if a.numel() == 0:
        return 0
    itype = {torch.float32: torch.int32, torch.float64: torch.int64, torch.float16: torch.int16,
             torch.bfloat16: torch.int16}[a.dtype]
    both_nan = torch.isnan(a) & torch.isnan(b)
    if (torch.isnan(a) != torch.isnan(b)).any():
        return 1 << 62

    def ordered(t):
        i = t.contiguous().view(itype).to(torch.int64)
        bits = {torch.int32: 31, torch.int64: 63, torch.int16: 15}[itype]
        return torch.where(i < 0, -(i & ((1 << bits) - 1)), i)

    d = (ordered(a) - ordered(b)).abs()
    d[both_nan] = 0
    return int(d.max())


@pytest.fixture(autouse=True)
def _restore_settings():
    """Each test starts and ends on the host profile with the default thread count."""
    yield
    aclnn_cpu.set_platform(None)
    aclnn_cpu.set_num_threads(0)


def tiling_tool() -> str:
    """The aclnn-cpu-tiling executable: ACLNN_CPU_TILING_TOOL, the install prefix's bin/, PATH."""
    env = os.environ.get("ACLNN_CPU_TILING_TOOL")
    if env:
        return env
    from aclnn_cpu import _install

    if _install.PREFIX and os.path.exists(os.path.join(_install.PREFIX, "bin", "aclnn-cpu-tiling")):
        return os.path.join(_install.PREFIX, "bin", "aclnn-cpu-tiling")
    for cand in (REPO / "build" / "dev" / "tools" / "aclnn-cpu-tiling", REPO / "build" / "release" / "tools" / "aclnn-cpu-tiling"):
        if cand.exists():
            return str(cand)
    found = shutil.which("aclnn-cpu-tiling")
    if not found:
        pytest.fail("aclnn-cpu-tiling not found: set ACLNN_CPU_TILING_TOOL")
    return found


@pytest.fixture
def rng():
    return np.random.default_rng(1234)
