"""aclnn_cpu.tiling: plan() equals the tool's JSON; sweep rows; layouts as the engine runs them; a PNG."""
from __future__ import annotations

import json
import math
import subprocess

import pytest

import aclnn_cpu
from aclnn_cpu import tiling
from conftest import tiling_tool

# Host cases name --cores: otherwise the host profile takes each process's own thread count (the
# tool's and this interpreter's differ: importing torch changes OpenMP's default).
CASES = [
    ("elu_backward", dict(soc="Ascend910B", dtype="float16", out_dtype="float16", shape=(65536,), alpha=1.0,
                          scale=1.0, input_scale=1.0)),
    ("elu_backward", dict(soc="ascend910b", dtype="fp32", shape=(5, 205), is_result=True, alpha=1.3)),
    ("elu_backward", dict(soc="Ascend950", cores=40, ub=196608, dtype="bf16", shape=65536, is_result=True)),
    ("elu_backward", dict(soc="Ascend910B", shape=())),
    ("elu_backward", dict(cores=2, ub=262144, dtype="float16", shape=(1000000,))),
    ("elu_backward", dict(soc="Ascend910", shape=(3, 4, 5), alpha=0.5, scale=1.0507, input_scale=1.67)),
    ("elu_backward", dict(dtype="bfloat16", out_dtype="float32", shape=(100000000,), cores=2)),
    ("elu_backward", dict(shape=(0,), cores=4)),
    ("softplus_backward", dict(soc="Ascend950", dtype="float32", shape=(4, 3, 8), grad_shape=(4, 1, 8), beta=1.0,
                               threshold=20.0, strategy="arch35")),
    ("softplus_backward", dict(soc="Ascend910B", dtype="float16", shape=(2, 8), cores=40)),
    ("softplus_backward", dict(soc="Ascend950", dtype="fp16", shape=(2, 8), grad_shape=(2, 8), cores=40, ub=196608,
                               strategy="ascend910b")),
    ("softplus_backward", dict(soc="ascend910_93", shape=(100, 1000))),
    ("softplus_backward", dict(soc="Ascend950", cores=3, ub=253952, shape=(2, 20000))),
    ("softplus_backward", dict(soc="Ascend950", shape=(2, 3, 4), grad_shape=(4,), beta=2.5, threshold=-1.0)),
    ("softplus_backward", dict(soc="Ascend950", shape=(), dtype="bf16")),
    ("softplus_backward", dict(soc="Ascend950", shape=(2, 3, 2, 3, 4))),
    ("softplus_backward", dict(shape=(1000000,), dtype="bfloat16", cores=2, ub=262144)),
    ("softplus_backward", dict(soc="Ascend910B", shape=(7, 333), beta=0.1)),
]


@pytest.mark.parametrize("op,opts", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_plan_equals_tool_json(op, opts):
    argv = tiling.plan_args(op, **opts) + ["--schedule"]  # plan() asks for the engine's schedule too
    r = subprocess.run([tiling_tool(), op, *argv], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.endswith("\n") and r.stdout.count("\n") == 1
    assert tiling.plan(op, **opts) == json.loads(r.stdout)


def test_operators_and_plan_args():
    ops = tiling.operators()  # the registry's order: families in the docs' order, rows within them
    assert ops[0] == "elu_backward" and ops.index("elu_backward") < ops.index("softplus_backward")
    assert tiling.plan_args("elu_backward", soc="Ascend910B", shape=(4, 3), is_result=True, alpha=0.5) == \
        ["--soc", "Ascend910B", "--shape", "4,3", "--is-result", "--alpha", "0.5"]
    assert tiling.plan_args("elu_backward", shape=(), is_result=False) == ["--shape", "scalar"]


def test_plan_changes_no_setting():
    aclnn_cpu.set_platform("Ascend910B", 8, 0)
    before = aclnn_cpu.get_platform()
    tiling.plan("elu_backward", soc="host", cores=3, shape=(100000,))
    tiling.plan("softplus_backward", soc="Ascend950", shape=(10,))
    assert aclnn_cpu.get_platform() == before


def test_host_profile_uses_the_thread_count():
    aclnn_cpu.set_num_threads(3)
    assert tiling.plan("elu_backward", shape=(1 << 22,))["tilingData"]["coreNum"] == 3


def test_sweep_rows():
    rows = tiling.sweep("softplus_backward", socs=["Ascend910B", "Ascend950"], cores=[0, 8], ubs=[0, 64],
                        shapes=[(4, 3, 8)], as_frame=False, beta=[1.0, 2.0])
    assert len(rows) == 2 * 2 * 2 * 2
    ok = [r for r in rows if "error" not in r]
    bad = [r for r in rows if "error" in r]
    assert ok and bad and all(r["ub_req"] == 64 for r in bad)
    assert all("561002" in r["error"] for r in bad)
    assert {r["beta"] for r in rows} == {1.0, 2.0}
    r = next(r for r in ok if r["soc"] == "Ascend910B" and r["cores_req"] == 8 and r["beta"] == 2.0)
    want = tiling.plan("softplus_backward", soc="Ascend910B", cores=8, shape=(4, 3, 8), beta=2.0)
    assert r["strategy"] == want["strategy"] and r["tilingData.tileDataNum"] == want["tilingData"]["tileDataNum"]


def test_sweep_run_times_each_variant():
    rows = tiling.sweep("elu_backward", socs=["host", "Ascend910B"], dtypes=["float32", "bfloat16"],
                        shapes=[(8192,)], run=True, repeat=3, as_frame=False)
    assert len(rows) == 4 and all(r["time_us"] > 0 and r["gelem_s"] > 0 for r in rows)
    assert aclnn_cpu.get_platform().soc == "host"  # restored


def _check_cover(lay):
    """The cores' tiles cover [0, total) once, in order."""
    pos = 0
    for c in lay["cores"]:
        for s, n in c["tiles"]:
            assert s == pos and n > 0
            pos += n
    assert pos == lay["total"]


@pytest.mark.parametrize("op,opts", [
    ("elu_backward", dict(soc="Ascend910B", dtype="float16", shape=(300000,))),
    ("elu_backward", dict(soc="Ascend910B", dtype="float32", shape=(5, 205), is_result=True)),
    ("elu_backward", dict(soc="Ascend950", shape=(1 << 20,), cores=7)),
    ("softplus_backward", dict(soc="Ascend910B", shape=(100, 1000))),
    ("softplus_backward", dict(soc="Ascend910B", shape=(7, 333), cores=5)),
    ("softplus_backward", dict(soc="Ascend950", shape=(2, 20000), cores=3, ub=253952)),
    ("softplus_backward", dict(soc="Ascend950", shape=(64, 3, 100))),
])
def test_layout_covers_every_element_once(op, opts):
    lay = tiling.layout(op, **opts)
    _check_cover(lay)
    kinds = [c["kind"] for c in lay["cores"]]
    assert kinds[-1] == "last"


def test_layout_big_small_last():
    lay = tiling.layout("elu_backward", soc="Ascend910B", dtype="float16", shape=(65536,))
    p = tiling.plan("elu_backward", soc="Ascend910B", dtype="float16", shape=(65536,))["tilingData"]
    assert [c["kind"] for c in lay["cores"]].count("big") == p["bigCoreNum"]
    assert lay["cores"][0]["len"] == p["bigCoreDataNum"] and lay["cores"][-1]["len"] == p["lastCoreDataNum"]


def test_pipeline_order():
    steps = tiling._pipeline(4, True)
    assert steps[0] == [("CopyIn", 0)]
    assert steps[2] == [("CopyIn", 2), ("Compute", 1), ("CopyOut", 0)]
    assert steps[-1] == [("CopyOut", 3)] and len(steps) == 6
    assert [s[0] for s in tiling._pipeline(2, False)] == [("CopyIn", 0), ("Compute", 0), ("CopyOut", 0),
                                                          ("CopyIn", 1), ("Compute", 1), ("CopyOut", 1)]


def test_draw_png(tmp_path):
    path = tmp_path / "plan.png"
    fig = tiling.draw("elu_backward", str(path), soc="Ascend910B", dtype="float16", shape=(300000,), cores=6)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10000
    assert "EluGradV2 on Ascend910B" in fig.axes[0].get_title()
    tiling.draw("softplus_backward", str(tmp_path / "sp.png"), soc="Ascend950", shape=(2, 20000), cores=3, ub=253952)
    assert (tmp_path / "sp.png").stat().st_size > 10000


# ---- every registry API: options, plans, layouts ---------------------------------------------------

from aclnn_cpu import _registry  # noqa: E402

APIS = list(_registry.apis().values())


def test_operators_are_the_registry_apis():
    assert tiling.operators() == [a.snake for a in APIS]


@pytest.mark.parametrize("api", APIS, ids=lambda a: a.snake)
def test_options_follow_the_registry_and_the_lab(api):
    """One keyword per tensor dtype and shape and per attribute, exactly the lab's options for the op."""
    opts = tiling.options(api.snake)
    section = tiling.usage().split(f"\n{api.snake} options ({api.name}):\n", 1)[1].split("\n\n", 1)[0]
    import re

    lab = set(re.findall(r"--([a-z0-9-]+)", section)) | {"soc", "cores", "ub", "dtype", "shape", "strategy"}
    assert set(opts.values()) == lab
    for p in api.attrs:
        assert p.py in opts
    assert len([k for k in opts if k.endswith("_dtype")]) == len([p for p in api.params if p.is_tensor])


LAYOUT_SHAPES = [(3, 2000), (7,), (2, 3, 4, 5, 6), (40000,), ()]


@pytest.mark.parametrize("api", APIS, ids=lambda a: a.snake)
def test_every_strategy_plans_and_lays_out(api):
    """Each strategy of each API plans on some profile, and layout() (from the plan's schedule)
    covers [0, n) once, in tiles no larger than the schedule's tile."""
    for strategy in api.op["strategies"]:
        laid = 0
        for soc in ("host", "Ascend910B", "Ascend950"):
            for shape in LAYOUT_SHAPES:
                try:
                    p = tiling.plan(api.snake, soc=soc, shape=shape, cores=6, strategy=strategy)
                except (aclnn_cpu.ParamInvalidError, aclnn_cpu.InnerError):
                    continue
                lay = tiling.layout(api.snake, p)
                _check_cover(lay)
                assert lay["total"] == math.prod(shape) and lay["scheme"] == p["schedule"]["kind"]
                assert len(lay["cores"]) == p["schedule"]["core_num"] and isinstance(lay["double_buffer"], bool)
                assert all(n <= lay["tile"] for c in lay["cores"] for _, n in c["tiles"])
                laid += 1
        assert laid, f"{api.snake}: strategy {strategy} planned on no profile"


@pytest.mark.parametrize("api", APIS, ids=lambda a: a.snake)
def test_sweep_runs_every_api(api):
    rows = tiling.sweep(api.snake, socs=["host", "Ascend910B"], shapes=[(4096,)], run=True, repeat=2,
                        as_frame=False)
    assert len(rows) == 2 and all("error" not in r and r["time_us"] > 0 for r in rows)


def test_draw_every_scheme(tmp_path):
    for i, api in enumerate(APIS):
        fig = tiling.draw(api.snake, str(tmp_path / f"{i}.png"), soc="Ascend950", shape=(2, 20000), cores=3)
        assert (tmp_path / f"{i}.png").stat().st_size > 10000 and api.op["type"] in fig.axes[0].get_title()
        import matplotlib.pyplot as plt

        plt.close(fig)


def test_layout_reads_only_the_schedule():
    """layout() needs nothing of CANN's tiling data: the schedule alone gives the cores and tiles."""
    p = tiling.plan("softplus_backward", soc="Ascend950", shape=(2, 20000), cores=3, ub=253952)
    bare = {"op": p["op"], "schedule": p["schedule"]}
    assert tiling.layout("softplus_backward", bare) == tiling.layout("softplus_backward", p)
    with pytest.raises(NotImplementedError, match="schedule"):
        tiling.layout("softplus_backward", {"op": p["op"], "tilingData": p["tilingData"]})
