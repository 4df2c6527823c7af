"""The tiling lab: host tiling plans as dicts, sweeps over plan variants, and a drawing of a plan.

Plans come from the library's ``aclnnCpuGetTilingPlan``, the same code the ``aclnn-cpu-tiling``
tool prints, so :func:`plan` returns exactly the tool's JSON fields::

    >>> from aclnn_cpu import tiling
    >>> p = tiling.plan("elu_backward", soc="Ascend910B", dtype="float16", shape=(65536,))
    >>> p["schMode"], p["blockDim"], p["tilingData"]["tileDataNum"]      # doctest: +SKIP
    ('FLOAT16_EXP_FAST', 48, 1408)

Nothing runs on the NPU: :func:`sweep` plans every combination of the given variants (and, with
``run=True``, times the operator on this CPU under each profile); :func:`layout` turns a plan's
``"schedule"`` (the engine's, one format for every strategy) into per-core and per-tile element
ranges as the engine executes them; :func:`draw` pictures that with matplotlib.
"""
from __future__ import annotations

import ctypes
import itertools
import json
import math
import re
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _registry
from ._errors import error_for_status
from ._lib import lib

__all__ = ["plan", "plan_args", "operators", "options", "usage", "sweep", "layout", "draw"]

Shape = Union[int, Sequence[int], str, None]

# The options of every op: Python keyword -> the lab's option (aclnn-cpu-tiling's spelling).
_COMMON = {"soc": "soc", "cores": "cores", "ub": "ub", "dtype": "dtype", "shape": "shape", "strategy": "strategy"}


def operators() -> List[str]:
    """The operators the library can plan (``aclnnCpuTilingOpName``: every API's snake name)."""
    L = lib()
    out, i = [], 0
    while True:
        name = L.aclnnCpuTilingOpName(i)
        if not name:
            return out
        out.append(name.decode())
        i += 1


_usage_text: Optional[str] = None


def usage() -> str:
    """The lab's options as the aclnn-cpu-tiling tool's usage text (``aclnnCpuGetTilingUsage``)."""
    global _usage_text
    if _usage_text is None:
        L = lib()
        f = L.declare("aclnnCpuGetTilingUsage", ctypes.c_int32,
                      [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)])
        n = ctypes.c_size_t(0)
        L.check(f(None, 0, ctypes.byref(n)), "aclnnCpuGetTilingUsage")
        buf = ctypes.create_string_buffer(n.value + 1)
        L.check(f(buf, len(buf), ctypes.byref(n)), "aclnnCpuGetTilingUsage")
        _usage_text = buf.value.decode()
    return _usage_text


def _tensor_words(api: _registry.Api) -> Dict[str, str]:
    """CANN tensor name -> the lab's word for it (``gradOutput`` -> ``grad``), read from the usage
    text's ``--W-dtype T, --W-shape D   name`` lines of the API's section."""
    text = usage()
    head = f"\n{api.snake} options ({api.name}):\n"
    at = text.find(head)
    section = text[at + len(head):].split("\n\n", 1)[0] if at >= 0 else ""
    return {m.group(2): m.group(1)
            for m in re.finditer(r"^\s+--([a-z0-9-]+)-dtype T, --\1-shape D\s+(\S+)\s*$", section, re.M)}


_options_cache: Dict[str, Tuple[Dict[str, str], frozenset]] = {}


def options(op: str) -> Dict[str, str]:
    """The keyword options of `op` for :func:`plan` and :func:`sweep`, each with the lab's option
    it becomes: the common ones (``soc``, ``cores``, ``ub``, ``dtype``, ``shape``, ``strategy``),
    ``<word>_dtype`` / ``<word>_shape`` per tensor parameter (``grad_shape``, ``self_dtype``,
    ``out_dtype``, the lab's words for CANN's names), and one per attribute parameter under its
    Python name (``alpha``, ``input_scale``, ``is_result``: a flag), all from the registry."""
    return dict(_op_options(op)[0])


def _op_options(op: str) -> Tuple[Dict[str, str], frozenset]:
    if op not in _options_cache:
        api = _registry.api(op)
        if api is None:  # the lab names it: ParamInvalidError from plan()
            return dict(_COMMON), frozenset()
        known = dict(_COMMON)
        words = _tensor_words(api)
        for p in api.params:
            if p.is_tensor:
                word = words.get(p.name)
                if word is None:
                    raise NotImplementedError(f"{op}: the tiling lab's usage text has no options for {p.name}")
                for what in ("dtype", "shape"):
                    known[f"{word.replace('-', '_')}_{what}"] = f"{word}-{what}"
            else:
                known[p.py] = p.py.rstrip("_").replace("_", "-")
        flags = frozenset(p.py for p in api.attrs if p.kind == "bool")
        _options_cache[op] = (known, flags)
    return _options_cache[op]


def _shape_str(shape: Shape) -> str:
    if shape is None or shape == () or shape == "scalar":
        return "scalar"
    if isinstance(shape, str):
        return shape
    if isinstance(shape, int):
        return str(shape)
    return ",".join(str(int(d)) for d in shape)


def plan_args(op: str, **opts: Any) -> List[str]:
    """The tool's command-line options for these keyword options (what :func:`plan` passes to
    ``aclnnCpuGetTilingPlan``); ``aclnn-cpu-tiling OP <these>`` prints the same plan. The keywords
    are :func:`options`; a bool attribute is a flag (given when true)."""
    known, flags = _op_options(op)
    argv: List[str] = []
    for key, value in opts.items():
        if key not in known:
            raise TypeError(f"plan({op!r}): unknown option {key!r} (options: {', '.join(sorted(known))})")
        if value is None:
            continue
        opt = "--" + known[key]
        if key in flags:
            if value:
                argv.append(opt)
            continue
        if key == "shape" or key.endswith("_shape"):
            value = _shape_str(value)
        elif isinstance(value, float):
            value = repr(value)
        argv += [opt, str(value)]
    return argv


def plan(op: str, soc: str = "host", dtype: str = "float32", shape: Shape = (), cores: int = 0, ub: int = 0,
         **options: Any) -> Dict[str, Any]:
    """The host tiling plan of `op`, as the dict of the ``aclnn-cpu-tiling`` tool's JSON.

    Args:
        op: an API's snake name (:func:`operators`: ``"elu_backward"``, ...).
        soc: platform profile: ``host``, ``Ascend910``, ``Ascend910B``, ``Ascend910_93``, ``Ascend950``.
        dtype: every tensor's dtype (``float32``, ``float16``, ``bfloat16``, ...).
        shape: every tensor's dims (tuple, list or int; ``()`` is 0-dim).
        cores: overrides the profile's vector-core count when > 0.
        ub: overrides the profile's unified-buffer bytes per core when > 0.
        **options: :func:`options` lists them per op, from the registry: ``strategy`` (one of
            the operator's strategies), ``<word>_dtype`` / ``<word>_shape`` for one tensor
            (``grad_shape`` broadcasting to ``shape``, ``out_dtype``, ...), and the API's
            attributes by their Python names (``alpha``, ``beta``, ``is_result`` as a flag).

    Returns:
        ``{"op": ..., "soc": ..., "tilingKey": ..., "blockDim": ..., "workspace": ...,
        "tilingData": {...}, "schedule": {...}}`` with the fields of CANN's tiling struct (and
        the strategy's own head fields: ``"strategy"``, ``"schMode"``, ``"source"``), then the
        engine's schedule of the plan in one format for every strategy (what :func:`layout`
        reads).

    Raises:
        ParamInvalidError: unknown option value, shapes that do not broadcast, a strategy the
            shapes rule out (status 161002).
        InnerError: the tiling refuses the call (status 561002), e.g. a UB too small for a tile.
    """
    # --schedule: the engine's schedule too (the C API and the tool print CANN's data alone by default)
    argv = plan_args(op, soc=soc, dtype=dtype, shape=shape, cores=cores or None, ub=ub or None, **options) + ["--schedule"]
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


def _dims(shp: Shape) -> Tuple[int, ...]:
    if shp in (None, "scalar", "", ()):
        return ()
    if isinstance(shp, int):
        return (shp,)
    if isinstance(shp, str):
        return tuple(int(d) for d in shp.split(","))
    return tuple(int(d) for d in shp)


def _random_tensor(shape: Tuple[int, ...], dtype: str, seed: int) -> Any:
    """Random data of a dtype as the lab names it: numpy, or torch for bfloat16."""
    import numpy as np

    dtype = {"fp32": "float32", "float": "float32", "fp16": "float16", "half": "float16", "bf16": "bfloat16",
             "double": "float64"}.get(dtype, dtype)
    x = np.random.default_rng(seed).standard_normal(shape)
    if dtype == "bfloat16":
        import torch

        return torch.from_numpy(x).to(torch.bfloat16)
    if dtype == "bool":
        return x > 0
    return (x * 8).astype(dtype) if dtype.startswith(("int", "uint")) else x.astype(dtype)


def _time_variant(op: str, soc: str, c: int, u: int, dt: str, shp: Shape, opts: Dict[str, Any],
                  repeat: int) -> Dict[str, Any]:
    """Times the op's generated function on random inputs of the variant's dtypes and shapes (the
    per-tensor options where given) with the variant's attributes, under the variant's profile."""
    from . import ops, settings

    api = _registry.api(op)
    words = _tensor_words(api)

    def option_of(p: _registry.Param, what: str, default: Any) -> Any:
        """The variant's per-tensor option (``grad_shape``), else the common one."""
        return opts.get(f"{words[p.name].replace('-', '_')}_{what}", default)

    tensors = [_random_tensor(_dims(option_of(p, "shape", shp)), option_of(p, "dtype", dt), i)
               for i, p in enumerate(api.inputs)]
    attrs = {p.py: opts[p.py] for p in api.attrs if p.py in opts}
    fn = ops.functions()[api.py_name]
    out = None
    if api.out is not None and any(option_of(api.out, w, None) is not None for w in ("dtype", "shape")):
        out = _random_tensor(_dims(option_of(api.out, "shape", shp)), option_of(api.out, "dtype", dt), 99)
    call = (lambda: fn(*tensors, **attrs, out=out)) if api.out is not None else (lambda: fn(*tensors, **attrs))
    n = math.prod(_dims(shp))
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

    Read from the plan's ``"schedule"`` (the engine's schedule, one format for every strategy:
    doc/PYTHON.md, ``src/common/acpu_schedule.h``), never from CANN's per-operator tiling data, so
    every strategy of every registry API lays out the same way.

    Args:
        op: the operator.
        p: a plan from :func:`plan` (else one is made from `plan_options`).
        **plan_options: as :func:`plan` (unused when `p` is given).

    Returns:
        ``{"op", "scheme": the schedule's kind ("ranges", "split", "blocks", "dealt"), "total": N,
        "tile": the largest tile in elements, "double_buffer": bool, "cores": [{"core": i,
        "kind": "big"|"small"|"last", "start": s, "len": n, "tiles": [(start, len), ...]}, ...]}``;
        element ranges are of the flattened output (after the broadcast schemes' dimension
        collapse). ``kind``: ``big`` for the cores that get more (RANGES' first big_core_num,
        SPLIT's and DEALT's first cores_tail), ``last`` for the last core, ``small`` otherwise.
    """
    if p is None:
        p = plan(op, **plan_options)
    s = p.get("schedule")
    if s is None:
        raise NotImplementedError(f"layout: the plan of {p.get('op')} has no \"schedule\" (a library older than "
                                  "this package)")
    reader = _SCHEDULES.get(s["kind"])
    if reader is None:
        raise NotImplementedError(f"layout: unknown schedule kind {s['kind']!r} in the plan of {p.get('op')}")
    cores = [reader(s, c) for c in range(s["core_num"])]
    if cores:
        cores[-1]["kind"] = "last"
    return {"op": p["op"], "scheme": s["kind"], "total": s["total"], "tile": s["tile"],
            "double_buffer": bool(s["double_buffer"]), "cores": cores}


def _core(c: int, kind: str, tiles: List[Tuple[int, int]], start: int) -> Dict[str, Any]:
    return {"core": c, "kind": kind, "start": tiles[0][0] if tiles else start, "len": sum(n for _, n in tiles),
            "tiles": tiles}


def _ranges_core(s: Dict[str, Any], c: int) -> Dict[str, Any]:
    """RANGES: core c < big_core_num owns big_core_len elements, later cores small_core_len, the
    last last_core_len; clamped to total; tiles of `tile`."""
    big, big_len, total, tile = s["big_core_num"], s["big_core_len"], s["total"], s["tile"]
    if c < big:
        start, n = c * big_len, big_len
    else:
        start, n = big * big_len + (c - big) * s["small_core_len"], s["small_core_len"]
    if c + 1 == s["core_num"]:
        n = s["last_core_len"]
    n = min(n, total - start) if start < total else 0
    tiles = [(start + t * tile, min(tile, n - t * tile)) for t in range(-(-n // tile))] if tile else []
    return _core(c, "big" if c < big else "small", tiles, min(start, total))


def _flat_tile(s: Dict[str, Any], f: int) -> Tuple[int, int]:
    """SPLIT / BLOCKS flat tile f: [((f / a_o) * axis_len + (f % a_o) * a_i) * inner, + len), len
    a_i_tail * inner on the axis's last segment, else a_i * inner."""
    a_o = s["a_o"] or 1
    outer, seg = divmod(f, a_o)
    return ((outer * s["axis_len"] + seg * s["a_i"]) * s["inner"],
            (s["a_i_tail"] if seg + 1 == a_o else s["a_i"]) * s["inner"])


def _split_core(s: Dict[str, Any], c: int) -> Dict[str, Any]:
    """SPLIT: tiles dealt tiles_main per core, one more for each of the first cores_tail."""
    main, tail = s["tiles_main"], s["cores_tail"]
    first = c * (main + 1) if c < tail else tail * (main + 1) + (c - tail) * main
    count = main + 1 if c < tail else main
    return _core(c, "big" if c < tail else "small", [_flat_tile(s, f) for f in range(first, first + count)], 0)


def _blocks_core(s: Dict[str, Any], c: int) -> Dict[str, Any]:
    """BLOCKS: core c takes block_former flat tiles from c * block_former, the last block_tail."""
    count = s["block_tail"] if c + 1 == s["core_num"] else s["block_former"]
    first = c * s["block_former"]
    return _core(c, "small", [_flat_tile(s, f) for f in range(first, first + count)], 0)


def _dealt_core(s: Dict[str, Any], c: int) -> Dict[str, Any]:
    """DEALT: tiles of `tile` elements in element order, tiles_main per core and one more for each
    of the first cores_tail; the tensor's shortfall (the short last tile) ends core short_core's
    range, and the later cores start that much earlier."""
    main, tail, tile, short = s["tiles_main"], s["cores_tail"], s["tile"], s["short_core"]
    shortfall = (main * s["core_num"] + tail) * tile - s["total"]
    count = main + (1 if c < tail else 0)
    start, n = (c * main + min(c, tail)) * tile, count * tile
    if c > short:
        start -= shortfall
    if c == short:
        n -= shortfall
    tiles = [(start + t * tile, min(tile, n - t * tile)) for t in range(count)]
    return _core(c, "big" if c < tail else "small", tiles, start)


_SCHEDULES: Dict[str, Callable[[Dict[str, Any], int], Dict[str, Any]]] = {
    "ranges": _ranges_core, "split": _split_core, "blocks": _blocks_core, "dealt": _dealt_core}
"""The engine's schedule kinds (src/common/acpu_schedule.h, src/engine/engine.c's core_work and
tile_extent), by the plan's ``schedule.kind``."""


_BUFFERING = {True: "double-buffered", False: "single-buffered"}


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
        op: the operator; **plan_options as :func:`plan` (or pass a plan as `p`).
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
    key = f', tilingKey {p["tilingKey"]}' if "tilingKey" in p else ""
    title = (f'{p["op"]} on {p["soc"]}: {what}, blockDim {p["blockDim"]}{key}, {lay["scheme"]} schedule, '
             f'{lay["total"]} elements, tile {lay["tile"]}, {_BUFFERING[lay["double_buffer"]]}')
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
