"""Settings, help text, the installed copy, and the training example."""
from __future__ import annotations

import os
import pydoc
import subprocess
import sys

import pytest

import aclnn_cpu
from conftest import REPO


def test_settings_round_trip():
    aclnn_cpu.set_num_threads(3)
    assert aclnn_cpu.get_num_threads() == 3
    aclnn_cpu.set_num_threads(0)
    aclnn_cpu.set_platform("Ascend950", cores=7, ub_bytes=65536)
    assert aclnn_cpu.get_platform() == aclnn_cpu.Platform("Ascend950", 7, 65536, True)
    aclnn_cpu.set_platform("ascend910")
    assert aclnn_cpu.get_platform().soc == "Ascend910" and aclnn_cpu.get_platform().core_num == 32
    aclnn_cpu.set_platform(None)
    assert aclnn_cpu.get_isa() in aclnn_cpu.settings.ISAS


def test_max_isa_before_first_use_in_a_fresh_process():
    code = ("import aclnn_cpu, numpy as np\n"
            "print(aclnn_cpu.set_max_isa('scalar'))\n"
            "aclnn_cpu.elu_backward(np.ones(4, np.float32), np.ones(4, np.float32))\n"
            "try:\n    aclnn_cpu.set_max_isa('avx2')\nexcept RuntimeError as e:\n    print('refused')\n")
    env = {k: v for k, v in os.environ.items() if k != "ACLNN_CPU_MAX_ISA"}
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["scalar", "refused"]


def test_max_isa_refused_after_a_tiling_plan():
    """Planning reads the settings (the ISA is then fixed): a later cap is refused, not ignored."""
    code = ("import aclnn_cpu, aclnn_cpu.tiling\n"
            "aclnn_cpu.tiling.plan('elu_backward', shape=(100,))\n"
            "try:\n    aclnn_cpu.set_max_isa('scalar')\n    print('accepted', aclnn_cpu.get_isa())\n"
            "except RuntimeError as e:\n    print('refused')\n")
    env = {k: v for k, v in os.environ.items() if k != "ACLNN_CPU_MAX_ISA"}
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["refused"] or r.stdout.split() == ["accepted", "scalar"]


def test_help_explains_every_argument():
    """The tiling lab's plan (the generated functions: test_registry.py)."""
    text = pydoc.render_doc(aclnn_cpu.tiling.plan, renderer=pydoc.plaintext)
    for a in ["op", "soc", "dtype", "shape", "cores", "ub"]:
        assert f"{a}:" in text, f"plan's help does not explain {a}"
    text = pydoc.render_doc(aclnn_cpu.elu_backward, renderer=pydoc.plaintext)
    assert "Raises" in text and "self_or_result:" in text


def test_import_loads_nothing_until_asked():
    """import aclnn_cpu loads no library; the first generated name does, once."""
    code = ("import aclnn_cpu, aclnn_cpu._lib as L\n"
            "print(L.loaded())\n"
            "f = aclnn_cpu.elu_backward\n"
            "print(L.loaded(), f is aclnn_cpu.ops.elu_backward, 'elu_backward' in aclnn_cpu.__all__)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["False", "True", "True", "True"]


def test_installed_copy_finds_its_library():
    """Under CTest the package is the one pip installed from <prefix>/python into a venv, and the
    library is found through the install prefix it recorded (no ACLNN_CPU_LIBRARY)."""
    prefix = os.environ.get("ACLNN_CPU_TEST_PREFIX")
    if not prefix:
        pytest.skip("not run from the installed copy (CTest sets ACLNN_CPU_TEST_PREFIX)")
    from aclnn_cpu import _install

    assert "site-packages" in aclnn_cpu.__file__
    assert os.path.realpath(_install.PREFIX) == os.path.realpath(prefix)
    assert "ACLNN_CPU_LIBRARY" not in os.environ
    assert os.path.realpath(aclnn_cpu.library_path()).startswith(os.path.realpath(prefix))


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_training_example_runs(dtype):
    script = REPO / "examples" / "python" / "train_mlp.py"
    r = subprocess.run([sys.executable, str(script), "--steps", "8", "--batch", "64", "--dtype", dtype],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "loss (PyTorch)" in r.stdout and "time per step" in r.stdout and "largest relative" in r.stdout


def test_overhead_example_covers_the_registry():
    """examples/python/overhead.py prints one row per registry API that has a PyTorch op."""
    import aclnn_cpu.torch as at
    from aclnn_cpu import _registry

    script = REPO / "examples" / "python" / "overhead.py"
    r = subprocess.run([sys.executable, str(script), "--sizes", "1024", "--rounds", "1", "--reps", "3"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    names = [a.py_name for a in _registry.apis().values() if not a.inplace and
             any(row.api == a.name and not row.op.endswith("_") for e in at.ACTIVATIONS for row in e.aten)]
    assert names
    for n in names:
        assert f"| {n} | 1K |" in r.stdout, n
