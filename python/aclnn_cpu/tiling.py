"""The tiling lab: host tiling plans as dicts, sweeps over plan variants, and a drawing of a plan.

Plans come from the library's ``aclnnCpuGetTilingPlan``, the same code the ``aclnn-cpu-tiling``
tool prints, so :func:`plan` returns exactly the tool's JSON fields::

    >>> from aclnn_cpu import tiling
    >>> p = tiling.plan("elu_backward", soc="Ascend910B", dtype="float16", shape=(65536,))
    >>> p["schMode"], p["blockDim"], p["tilingData"]["tileDataNum"]      # doctest: +SKIP
    ('FLOAT16_EXP_FAST', 48, 1408)

Nothing runs on the NPU: :func:`sweep` plans every combination of the given variants (and, with
``run=True``, times the operator on this CPU under each profile); :func:`layout` turns a plan into
per-core and per-tile element ranges as the engine executes them; :func:`draw` pictures that with
matplotlib.
"""
from __future__ import annotations

import ctypes
import itertools
import json
import math
import time
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._errors import error_for_status
from ._lib import lib

__all__ = ["plan", "plan_args", "operators", "sweep", "layout", "draw"]

Shape = Union[int, Sequence[int], str, None]

# Python keyword -> the tool's option, per op (flags are bools).
_OPTIONS: Dict[str, Dict[str, str]] = {
    "common": {"soc": "soc", "cores": "cores", "ub": "ub", "dtype": "dtype", "shape": "shape"},
    "elu_backward": {"out_dtype": "out-dtype", "alpha": "alpha", "scale": "scale", "input_scale": "input-scale",
                     "is_result": "is-result"},
    "softplus_backward": {"grad_shape": "grad-shape", "beta": "beta", "threshold": "threshold",
                          "strategy": "strategy"},
    "silu_backward": {"grad_shape": "grad-shape", "out_shape": "out-shape", "self_dtype": "self-dtype",
                      "out_dtype": "out-dtype", "strategy": "strategy"},
}
_FLAGS = {"is_result"}


def operators() -> List[str]:
    """The operators the library can plan (``aclnnCpuTilingOpName``)."""
    L = lib()
    out, i = [], 0
    while True:
        name = L.aclnnCpuTilingOpName(i)
        if not name:
            return out
        out.append(name.decode())
        i += 1


def _shape_str(shape: Shape) -> str:
    if shape is None or shape == () or shape == "scalar":
        return "scalar"
    if isinstance(shape, str):
        return shape
    if isinstance(shape, int):
        return str(shape)
    return ",".join(str(int(d)) for d in shape)


def plan_args(op: str, **options: Any) -> List[str]:
    """The tool's command-line options for these keyword options (what :func:`plan` passes to
    ``aclnnCpuGetTilingPlan``); ``aclnn-cpu-tiling OP <these>`` prints the same plan."""
    known = dict(_OPTIONS["common"], **_OPTIONS.get(op, {}))
    argv: List[str] = []
    for key, value in options.items():
        if key not in known:
            raise TypeError(f"plan({op!r}): unknown option {key!r} (options: {', '.join(sorted(known))})")
        if value is None:
            continue
        opt = "--" + known[key]
        if key in _FLAGS:
            if value:
                argv.append(opt)
            continue
        if key in ("shape", "grad_shape", "out_shape"):
            value = _shape_str(value)
        elif isinstance(value, float):
            value = repr(value)
        argv += [opt, str(value)]
    return argv


def plan(op: str, soc: str = "host", dtype: str = "float32", shape: Shape = (), cores: int = 0, ub: int = 0,
         **options: Any) -> Dict[str, Any]:
    """The host tiling plan of `op`, as the dict of the ``aclnn-cpu-tiling`` tool's JSON.

    Args:
        op: ``"elu_backward"``, ``"softplus_backward"`` or ``"silu_backward"`` (:func:`operators`).
        soc: platform profile: ``host``, ``Ascend910``, ``Ascend910B``, ``Ascend910_93``, ``Ascend950``.
        dtype: ``float32``, ``float16`` or ``bfloat16`` (the kernel's input dtype).
        shape: dims (tuple, list or int; ``()`` is 0-dim); softplus: self's shape.
        cores: overrides the profile's vector-core count when > 0.
        ub: overrides the profile's unified-buffer bytes per core when > 0.
        **options: elu_backward: ``out_dtype``, ``alpha``, ``scale``, ``input_scale``,
            ``is_result``; softplus_backward: ``grad_shape`` (broadcasts to ``shape``), ``beta``,
            ``threshold``, ``strategy`` (``"arch35"`` or ``"ascend910b"``); silu_backward:
            ``grad_shape``, ``out_shape`` (default: the broadcast), ``self_dtype``, ``out_dtype``,
            ``strategy``. (:func:`layout` and :func:`draw` know the ELU and softplus plans.)

    Returns:
        ``{"op": ..., "soc": ..., "tilingKey": ..., "blockDim": ..., "workspace": ...,
        "tilingData": {...}}`` with the fields of CANN's tiling struct (softplus adds
        ``"strategy"``; ELU ``"schMode"``).

    Raises:
        ParamInvalidError: unknown option value, shapes that do not broadcast, a strategy the
            shapes rule out (status 161002).
        InnerError: the tiling refuses the call (status 561002), e.g. a UB too small for a tile.
    """
    argv = plan_args(op, soc=soc, dtype=dtype, shape=shape, cores=cores or None, ub=ub or None, **options)
    L = lib()
    if not L.has_tiling:
        raise NotImplementedError(f"the loaded library ({L.path}) has no aclnnCpuGetTilingPlan")
    L.used = True  # planning reads the settings, which fixes the ISA: set_max_isa is too late now
    c_argv = (ctypes.c_char_p * max(len(argv), 1))(*[a.encode() for a in argv])
    buf = ctypes.create_string_buffer(16384)
    length = ctypes.c_size_t(0)
    status = L.aclnnCpuGetTilingPlan(op.encode(), len(argv), c_argv, buf, len(buf), ctypes.byref(length))
    if status != 0:
        raise error_for_status(status, L.last_error(), "aclnnCpuGetTilingPlan")
    return json.loads(buf.value[: length.value].decode())


def _flatten(d: Dict[str, Any], prefix: str = "") -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(_flatten(v, prefix + k + "."))
        else:
            out[prefix + k] = v
    return out


def sweep(op: str, socs: Iterable[str] = ("host",), cores: Iterable[int] = (0,), ubs: Iterable[int] = (0,),
          dtypes: Iterable[str] = ("float32",), shapes: Iterable[Shape] = ((4096,),), run: bool = False,
          repeat: int = 20, as_frame: Optional[bool] = None, **options: Any) -> Any:
    """Plans (and optionally runs) every combination of the variants; one row per variant.

    Args:
        op: the operator (:func:`operators`).
        socs, cores, ubs, dtypes, shapes: the variants (``0`` for cores/ub: the profile's own).
        run: also run the operator on this CPU under each variant (the library's platform set to
            that profile, cores and UB; restored afterwards) with random inputs of that dtype and
            shape, and report ``time_us`` (median of `repeat` whole two-phase calls) and
            ``gelem_s``. Needs torch for bfloat16, numpy otherwise.
        repeat: timed calls per variant when `run`.
        as_frame: return a pandas DataFrame (``None``: when pandas is importable).
        **options: options for every variant (as :func:`plan`); a *list* value is swept too
            (``alpha=[0.5, 1.0]``, ``strategy=["arch35", "ascend910b"]``, ``grad_shape=[(4, 1, 8), (8,)]``);
            a tuple is one value (a shape).

    Returns:
        A list of dicts (or a DataFrame): the variant's inputs (``soc``, ``cores_req``,
        ``ub_req``, ``dtype``, ``shape``, swept options), the plan's fields flattened
        (``tilingData.tileDataNum``, ``tilingData.split.a_i``, ...), ``error`` when planning
        failed (status and message), and the timing columns when `run`.
    """
    swept = {k: v for k, v in options.items() if isinstance(v, list)}
    fixed = {k: v for k, v in options.items() if k not in swept}
    keys = list(swept)
    rows: List[Dict[str, Any]] = []
    for soc, c, u, dt, shp, *vals in itertools.product(socs, cores, ubs, dtypes, shapes,
                                                       *[swept[k] for k in keys]):
        opts = dict(fixed, **dict(zip(keys, vals)))
        row: Dict[str, Any] = {"op": op, "soc": soc, "cores_req": c, "ub_req": u, "dtype": dt,
                               "shape": _shape_str(shp)}
        row.update({k: opts[k] for k in keys})
        try:
            p = plan(op, soc=soc, dtype=dt, shape=shp, cores=c, ub=u, **opts)
            row.update(_flatten(p))
            row["soc"] = soc
        except Exception as e:  # noqa: BLE001 - a refused variant is a row, not the end of the sweep
            row["error"] = str(e)
        if run and "error" not in row:
            row.update(_time_variant(op, soc, c, u, dt, shp, opts, repeat))
        rows.append(row)
    if as_frame is None or as_frame:
        try:
            import pandas as pd  # noqa: F401
        except ImportError:
            if as_frame:
                raise
            return rows
        return pd.DataFrame(rows)
    return rows


def _time_variant(op: str, soc: str, c: int, u: int, dt: str, shp: Shape, opts: Dict[str, Any],
                  repeat: int) -> Dict[str, Any]:
    import numpy as np

    from . import ops, settings

    shape = () if shp in (None, "scalar", ()) else ((shp,) if isinstance(shp, int) else tuple(shp))
    n = math.prod(shape)
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape).astype(np.float32)
    g = rng.standard_normal(shape).astype(np.float32)
    if dt in ("bfloat16", "bf16"):
        import torch

        x, g = torch.from_numpy(x).to(torch.bfloat16), torch.from_numpy(g).to(torch.bfloat16)
    else:
        x, g = x.astype(dt), g.astype(dt)
    if op == "elu_backward":
        kw = {k: opts[k] for k in ("alpha", "scale", "input_scale", "is_result") if k in opts}
        call = lambda: ops.elu_backward(g, x, **kw)  # noqa: E731
    elif op == "softplus_backward":
        kw = {k: opts[k] for k in ("beta", "threshold") if k in opts}
        call = lambda: ops.softplus_backward(g, x, **kw)  # noqa: E731
    else:
        return {"time_us": None, "gelem_s": None}
    before = settings.get_platform()
    try:
        settings.set_platform(soc, c, u)
        call()
        times = []
        for _ in range(max(repeat, 1)):
            t0 = time.perf_counter()
            call()
            times.append(time.perf_counter() - t0)
    finally:
        settings.set_platform(before.soc, 0, 0)
    t = sorted(times)[len(times) // 2]
    return {"time_us": t * 1e6, "gelem_s": n / t / 1e9 if t > 0 else None, "threads": settings.get_num_threads()}


def layout(op: str, p: Optional[Dict[str, Any]] = None, **plan_options: Any) -> Dict[str, Any]:
    """Where each core and each tile of a plan works, as the library's engine runs it.

    Args:
        op: the operator.
        p: a plan from :func:`plan` (else one is made from `plan_options`). The softplus
            ascend910b plan carries no element count: then pass ``shape=`` too.
        **plan_options: as :func:`plan`.

    Returns:
        ``{"total": N, "double_buffer": bool, "cores": [{"core": i, "kind": "big"|"small"|"last",
        "start": s, "len": n, "tiles": [(start, len), ...]}, ...]}``; element ranges are of the
        flattened output (for softplus arch35, the broadcast shape after PadAndSqueeze).
    """
    if p is None:
        p = plan(op, **plan_options)
    d = p["tilingData"]
    if p["op"] == "SoftplusV2Grad" and p.get("strategy") == "arch35":
        return _layout_split(p)
    if p["op"] == "EluGradV2":
        total, core_num, tile = d["totalLength"], p["blockDim"], d["tileDataNum"]
        big_num, big_len, small_len, last_len = d["bigCoreNum"], d["bigCoreDataNum"], d["smallCoreDataNum"], \
            d["lastCoreDataNum"]
        double = bool(d["bufferOpen"])
    else:  # SoftplusV2Grad ascend910b
        shape = plan_options.get("shape", ())
        shape = () if shape in (None, "scalar", ()) else ((shape,) if isinstance(shape, int) else tuple(shape))
        total, core_num, tile = math.prod(shape), p["blockDim"], d["tileDataNum"]
        big_num, big_len, small_len = d["tailBlockNum"], d["bigCoreDataNum"], d["smallCoreDataNum"]
        last_len = big_len if core_num <= big_num else small_len
        double = False
    cores = []
    for c in range(core_num):
        if c < big_num:
            start, n, kind = c * big_len, big_len, "big"
        else:
            start, n, kind = big_num * big_len + (c - big_num) * small_len, small_len, "small"
        if c + 1 == core_num:
            n, kind = last_len, "last"
        n = min(n, total - start) if start < total else 0
        tiles = [(start + t * tile, min(tile, n - t * tile)) for t in range((n + tile - 1) // tile)] if tile else []
        cores.append({"core": c, "kind": kind, "start": start, "len": n, "tiles": tiles})
    return {"op": p["op"], "total": total, "tile": tile, "double_buffer": double, "cores": cores}


def _layout_split(p: Dict[str, Any]) -> Dict[str, Any]:
    d = p["tilingData"]
    split, mc, mbs = d["split"], d["multiCore"], d["max_bro_shape"]
    axis = split["axis"]
    inner = math.prod(mbs[axis + 1:])
    a_o = split["a_o"] or 1
    axis_len = mbs[axis]
    total = math.prod(mbs)
    cores = []
    big = mc["tiles_main"] + 1
    for c in range(mc["num_cores"]):
        first = c * big if c < mc["cores_tail"] else mc["cores_tail"] * big + (c - mc["cores_tail"]) * mc["tiles_main"]
        count = big if c < mc["cores_tail"] else mc["tiles_main"]
        tiles = []
        for f in range(first, first + count):
            outer, seg = divmod(f, a_o)
            start = (outer * axis_len + seg * split["a_i"]) * inner
            tiles.append((start, (split["a_i_tail"] if seg + 1 == a_o else split["a_i"]) * inner))
        kind = "last" if c + 1 == mc["num_cores"] else ("big" if c < mc["cores_tail"] else "small")
        cores.append({"core": c, "kind": kind, "start": tiles[0][0] if tiles else 0,
                      "len": sum(n for _, n in tiles), "tiles": tiles})
    return {"op": p["op"], "total": total, "tile": split["a_i"] * inner, "double_buffer": False, "cores": cores}


def _pipeline(tiles: int, double: bool) -> List[List[Tuple[str, int]]]:
    """Per step, the (stage, tile) pairs that run: CopyIn(i), Compute(i-1), CopyOut(i-2) when
    double-buffered, else CopyIn, Compute, CopyOut of one tile after the other."""
    if not double or tiles <= 1:
        return [[(s, t)] for t in range(tiles) for s in ("CopyIn", "Compute", "CopyOut")]
    steps = []
    for s in range(tiles + 2):
        step = [(name, s - k) for k, name in enumerate(("CopyIn", "Compute", "CopyOut")) if 0 <= s - k < tiles]
        steps.append(step)
    return steps


def draw(op: str, path: Optional[str] = None, p: Optional[Dict[str, Any]] = None, max_cores: int = 64,
         pipeline_tiles: int = 6, **plan_options: Any) -> Any:
    """Draws a plan with matplotlib: cores x tiles (each tile a box at its element range, big,
    small and last cores coloured apart) and the CopyIn/Compute/CopyOut order of one core's
    pipeline. Saves a PNG when `path` is given; returns the Figure.

    Args:
        op: the operator; **plan_options as :func:`plan` (or pass a plan as `p`, plus ``shape=``
            for a softplus ascend910b plan).
        path: where to save the PNG (``None``: only return the figure).
        max_cores: cores drawn at most (the rest are summarised in the title).
        pipeline_tiles: tiles of the first core shown in the pipeline panel.
    """
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch, Rectangle

    if p is None:
        p = plan(op, **plan_options)
    lay = layout(op, p, **plan_options)
    cores = lay["cores"][:max_cores]
    colors = {"big": "#4C72B0", "small": "#55A868", "last": "#C44E52"}
    fig, (ax, ax2) = plt.subplots(2, 1, figsize=(11, 7.5), gridspec_kw={"height_ratios": [3, 1.3]})
    # cores x tiles: one row per core, one cell per tile, cell width = the tile's share of a full
    # tile (partial tiles show short), labelled with the tile's element range when there is room
    max_tiles = max((len(c["tiles"]) for c in cores), default=0)
    full = max(lay["tile"], 1)
    small_grid = len(cores) <= 16 and max_tiles <= 8
    for c in cores:
        y = c["core"]
        for i, (s, n) in enumerate(c["tiles"]):
            w = 0.94 * min(n / full, 1.0)
            ax.add_patch(Rectangle((i, y - 0.4), w, 0.8, facecolor=colors[c["kind"]], edgecolor="black",
                                   linewidth=0.3))
            if small_grid:
                wide = w > 0.5
                ax.text(i + (w / 2 if wide else w + 0.02), y, f"[{s}, {s + n})", ha="center" if wide else "left",
                        va="center", fontsize=7, color="white" if wide else "black")
        label = f'{c["kind"]}: [{c["start"]}, {c["start"] + c["len"]}) = {c["len"]} in {len(c["tiles"])} tile' + \
            ("s" if len(c["tiles"]) != 1 else "")
        ax.text(max_tiles + 0.05, y, label, va="center", fontsize=7 if len(cores) <= 24 else 5)
    ax.set_xlim(0, max_tiles + max(1.2, 0.45 * max_tiles))
    ax.set_ylim(len(cores) - 0.5, -0.5)
    ax.set_xlabel(f"tile of the core (width: elements / tile size {lay['tile']})")
    ax.set_ylabel("core")
    ax.set_xticks(range(max_tiles + 1))
    ax.axvline(max_tiles, color="black", linewidth=0.6)
    what = p.get("schMode") or p.get("strategy")
    title = (f'{p["op"]} on {p["soc"]}: {what}, blockDim {p["blockDim"]}, tilingKey {p["tilingKey"]}, '
             f'{lay["total"]} elements, tile {lay["tile"]}, '
             f'{"double-buffered" if lay["double_buffer"] else "single-buffered"}')
    if len(lay["cores"]) > len(cores):
        title += f" (first {len(cores)} of {len(lay['cores'])} cores)"
    ax.set_title(title, fontsize=9)
    ax.legend(handles=[Patch(color=colors[k], label=f"{k} core") for k in ("big", "small", "last")],
              loc="upper right", fontsize=7)
    if len(cores) <= 24:
        ax.set_yticks([c["core"] for c in cores])
    # pipeline of the first core with work
    first = next((c for c in lay["cores"] if c["tiles"]), None)
    ntiles = min(len(first["tiles"]), pipeline_tiles) if first else 0
    steps = _pipeline(ntiles, lay["double_buffer"])
    stage_y = {"CopyIn": 0, "Compute": 1, "CopyOut": 2}
    stage_c = {"CopyIn": "#8172B2", "Compute": "#CCB974", "CopyOut": "#64B5CD"}
    for x, step in enumerate(steps):
        for name, t in step:
            ax2.add_patch(Rectangle((x, stage_y[name] - 0.4), 0.92, 0.8, facecolor=stage_c[name], edgecolor="black",
                                    linewidth=0.4))
            ax2.text(x + 0.46, stage_y[name], f"{name}({t})", ha="center", va="center", fontsize=6)
    ax2.set_xlim(0, max(len(steps), 1))
    ax2.set_xticks([i + 0.46 for i in range(len(steps))])
    ax2.set_xticklabels([str(i) for i in range(len(steps))], fontsize=7)
    ax2.set_ylim(2.6, -0.6)
    ax2.set_yticks([0, 1, 2])
    ax2.set_yticklabels(["CopyIn", "Compute", "CopyOut"], fontsize=7)
    ax2.set_xlabel("step")
    extra = "" if not first or len(first["tiles"]) <= ntiles else f" (first {ntiles} of {len(first['tiles'])} tiles)"
    ax2.set_title(f"core {first['core'] if first else '-'}: stage order"
                  + (": CopyIn(i), Compute(i-1), CopyOut(i-2) per step" if lay["double_buffer"] else
                     ": one tile after the other") + extra, fontsize=8)
    fig.tight_layout()
    if path is not None:
        fig.savefig(path, dpi=120)
    return fig
