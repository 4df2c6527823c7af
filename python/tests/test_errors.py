"""Every error path raises the right exception with the library's status and message; nothing
crashes and nothing is written on failure."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
import torch

import aclnn_cpu
from aclnn_cpu import _lib

f32 = torch.float32


def t(shape=(4, 4), dtype=f32, v=0.5):
    return torch.full(shape, v, dtype=dtype)


CASES_161002 = [
    ("elu shapes differ", lambda: aclnn_cpu.elu_backward(t((4, 4)), t((4, 5))), "shape"),
    ("elu self dtype", lambda: aclnn_cpu.elu_backward(t(), t(dtype=torch.float16)), "dtype"),
    ("elu grad int", lambda: aclnn_cpu.elu_backward(t(dtype=torch.int32), t(dtype=torch.int32)), "dtype"),
    ("elu grad float64", lambda: aclnn_cpu.elu_backward(t(dtype=torch.float64), t(dtype=torch.float64)), "dtype"),
    ("elu out int", lambda: aclnn_cpu.elu_backward(t(), t(), out=t(dtype=torch.int32)), "dtype"),
    ("elu out shape", lambda: aclnn_cpu.elu_backward(t(), t(), out=t((4, 3))), "shape"),
    ("elu out zero stride", lambda: aclnn_cpu.elu_backward(t(), t(), out=torch.zeros(4, 1).expand(4, 4)), ""),
    ("elu out partial overlap", lambda: (lambda b: aclnn_cpu.elu_backward(b[:16].view(4, 4), t(),
                                                                          out=b[2:18].view(4, 4)))(torch.zeros(32)), ""),
    ("rank 9", lambda: aclnn_cpu.softplus_backward(t((1,) * 9), t((1,) * 9)), "8"),
    ("softplus no broadcast", lambda: aclnn_cpu.softplus_backward(t((3, 4)), t((4, 4))), ""),
    ("softplus grad bool", lambda: aclnn_cpu.softplus_backward(t(dtype=torch.bool), t()), "dtype"),
    ("softplus out complex", lambda: aclnn_cpu.softplus_backward(t(), t(), out=t(dtype=torch.complex64)), "dtype"),
    ("negative stride (numpy)", lambda: aclnn_cpu.elu_backward(np.ones(4, np.float32),
                                                               np.ones(4, np.float32)[::-1]), "stride"),
]


@pytest.mark.parametrize("name,call,word", CASES_161002, ids=[c[0] for c in CASES_161002])
def test_param_invalid(name, call, word):
    with pytest.raises(aclnn_cpu.ParamInvalidError) as e:
        call()
    assert e.value.status == 161002
    assert isinstance(e.value, ValueError) and isinstance(e.value, aclnn_cpu.AclnnError)
    assert e.value.message and word.lower() in e.value.message.lower()
    assert str(e.value).startswith("[161002]")


def test_bf16_refused_on_ascend910():
    aclnn_cpu.set_platform("Ascend910")
    assert not aclnn_cpu.get_platform().bf16
    with pytest.raises(aclnn_cpu.ParamInvalidError) as e:
        aclnn_cpu.elu_backward(t(dtype=torch.bfloat16), t(dtype=torch.bfloat16))
    assert e.value.status == 161002 and "Ascend910" in e.value.message


def test_nothing_written_on_failure():
    out = torch.full((4, 4), 3.0)
    with pytest.raises(aclnn_cpu.ParamInvalidError):
        aclnn_cpu.softplus_backward(t((4, 4)), t((4, 4), dtype=torch.complex64), out=out)
    assert torch.equal(out, torch.full((4, 4), 3.0))


def test_python_side_errors():
    x = np.ones(4, np.float32)
    with pytest.raises(ValueError, match="read-only"):
        ro = np.ones(4, np.float32)
        ro.flags.writeable = False
        aclnn_cpu.elu_backward(x, x, out=ro)
    with pytest.raises(ValueError, match="byte order"):
        aclnn_cpu.elu_backward(x.astype(">f4"), x)
    with pytest.raises(TypeError, match="no ACL equivalent"):
        aclnn_cpu.elu_backward(np.array(["a"]), x)
    with pytest.raises(TypeError, match="no ACL equivalent"):
        aclnn_cpu.elu_backward(np.ones(4, np.longdouble), x)
    with pytest.raises(ValueError, match="whole number"):
        rec = np.zeros(4, dtype=[("a", np.float32), ("b", np.int16)])
        aclnn_cpu.elu_backward(x, rec["a"])
    with pytest.raises(TypeError):
        aclnn_cpu.elu_backward(x, None)
    with pytest.raises(TypeError, match="real number"):
        aclnn_cpu.elu_backward(x, x, alpha=1j)
    with pytest.raises(TypeError, match="real number"):
        aclnn_cpu.softplus_backward(x, x, beta="x")
    with pytest.raises(TypeError, match="out must be"):
        aclnn_cpu.elu_backward(x, x, out=[0.0] * 4)
    with pytest.raises(ValueError, match="conjugated"):
        c = torch.ones(4, dtype=torch.complex64).conj()
        aclnn_cpu.elu_backward(t((4,)), t((4,)), out=c)
    with pytest.raises(TypeError, match="bfloat16"):
        aclnn_cpu.ops._arrays.empty_like_kind(None, (2,), "bfloat16")


def test_settings_errors():
    with pytest.raises(aclnn_cpu.AclParamError) as e:
        aclnn_cpu.set_num_threads(-1)
    assert e.value.status == 100000 and "numThreads" in e.value.message
    with pytest.raises(aclnn_cpu.AclParamError) as e:
        aclnn_cpu.set_platform("Ascend310P")
    assert e.value.status == 100000 and "Ascend310P" in e.value.message
    with pytest.raises(aclnn_cpu.AclParamError):
        aclnn_cpu.set_platform("host", cores=-2)
    with pytest.raises(ValueError, match="isa must be"):
        aclnn_cpu.set_max_isa("sse2")


def test_tiling_errors():
    from aclnn_cpu import tiling

    with pytest.raises(aclnn_cpu.ParamInvalidError) as e:
        tiling.plan("relu_backward")
    assert e.value.status == 161002 and "relu_backward" in e.value.message
    with pytest.raises(aclnn_cpu.ParamInvalidError, match="bad value"):
        tiling.plan("elu_backward", dtype="int8")
    with pytest.raises(aclnn_cpu.ParamInvalidError, match="broadcast"):
        tiling.plan("softplus_backward", soc="Ascend950", shape=(4, 3, 8), grad_shape=(4, 2, 8))
    with pytest.raises(aclnn_cpu.InnerError) as e:
        tiling.plan("softplus_backward", soc="Ascend950", shape=(8,), ub=64)
    assert e.value.status == 561002
    with pytest.raises(TypeError, match="unknown option"):
        tiling.plan("softplus_backward", alpha=1.0)


def test_library_not_found_lists_what_it_tried(monkeypatch, tmp_path):
    bogus = tmp_path / "libnothing.so"
    bogus.write_bytes(b"not an ELF file")
    monkeypatch.setattr(_lib, "_candidates", lambda: [("/nonexistent/libaclnn_cpu.so.0", "ACLNN_CPU_LIBRARY"),
                                                      (str(bogus), "LD_LIBRARY_PATH"),
                                                      ("libc.so.6", "the loader's search path")])
    with pytest.raises(aclnn_cpu.LibraryNotFoundError) as e:
        _lib._load()
    msg = str(e.value)
    assert "/nonexistent/libaclnn_cpu.so.0 (ACLNN_CPU_LIBRARY): not found" in msg
    assert str(bogus) in msg and "libc.so.6" in msg and "not aclnn-cpu" in msg
    assert "ACLNN_CPU_LIBRARY=" in msg and "set_env.sh" in msg


def test_search_order(monkeypatch):
    monkeypatch.setenv("ACLNN_CPU_LIBRARY", "/x/libaclnn_cpu.so.0")
    monkeypatch.setenv("ASCEND_HOME_PATH", "/toolkit")
    monkeypatch.setenv("LD_LIBRARY_PATH", "/ld1:/ld2")
    c = _lib._candidates()
    whys = [w for _, w in c]
    assert c[0] == ("/x/libaclnn_cpu.so.0", "ACLNN_CPU_LIBRARY")
    assert ("/toolkit/lib64/libaclnn_cpu.so.0", "ASCEND_HOME_PATH") in c
    assert whys.index("ASCEND_HOME_PATH") < whys.index("LD_LIBRARY_PATH")
    assert c[-1] == ("libaclnn_cpu.so.0", "the loader's search path")


def test_bad_library_path_in_a_fresh_process():
    env = dict(os.environ, ACLNN_CPU_LIBRARY="/nonexistent/libaclnn_cpu.so.0")
    code = "import aclnn_cpu\ntry:\n    aclnn_cpu.get_isa()\nexcept aclnn_cpu.LibraryNotFoundError as e:\n    print(e)\n"
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0
    # the variable is tried first; a later place may still find the library
    assert "/nonexistent/libaclnn_cpu.so.0" in r.stdout or r.stdout == ""
