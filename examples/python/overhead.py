#!/usr/bin/env python3
"""Per-call time from Python, for every API of the library's registry that has a PyTorch
counterpart (the aten op aclnn_cpu.torch routes to it): aclnn_cpu's generated function (numpy and
torch, with out= and with a new result), the aten op routed by aclnn_cpu.torch.enable(), and
PyTorch's own aten op (out= and new result), at 4K and 1M float32 elements, one thread each
(best of several rounds: the machine may be shared). Also the cost of one foreign call through
ctypes and through cffi (the binding choice).

    python3 examples/python/overhead.py [--threads 1] [--rounds 7] [--sizes 4096,1048576] [--reps N]

The output is the markdown doc/PYTHON.md quotes (with this command line and the machine).
"""
from __future__ import annotations

import argparse
import platform
import time

import numpy as np
import torch

import aclnn_cpu
import aclnn_cpu.torch as at
from aclnn_cpu import _registry
from aclnn_cpu._lib import lib


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            return next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or platform.machine()


def best_us(f, n: int, rounds: int) -> float:
    f()
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        best = min(best, (time.perf_counter() - t0) / n)
    return best * 1e6


def out_overload(op: "at._AtenOp"):
    """PyTorch's out= overload of an aten op and its out argument's name (None when it has none)."""
    packet = op.overload.overloadpacket
    for ov in packet.overloads():
        o = getattr(packet, ov)
        outs = [a.name for a in o._schema.arguments if getattr(a, "is_out", False)]
        if len(outs) == 1:
            return o, outs[0]
    return None, None


def rows(n: int, rounds: int, reps: int = 0):
    """One row per (API with an aten op, size): the timings in microseconds (`reps` calls per
    round; 0: about 8M elements' worth, 3 to 2000)."""
    for api in _registry.apis().values():
        try:
            aten = at._aten_of(api.name)
        except LookupError:
            continue
        if api.inplace or aten.in_place:
            continue
        reps = reps or max(3, min(2000, (8 << 20) // n))
        rng = np.random.default_rng(0)
        arrays = [rng.uniform(-4, 4, n).astype(np.float32) for _ in api.inputs]
        tensors = [torch.from_numpy(a) for a in arrays]
        o, ot = np.empty(n, np.float32), torch.empty(n)
        attrs = {p.py: p.default for p in api.attrs}
        fn = getattr(aclnn_cpu, api.py_name)
        t_np = best_us(lambda: fn(*arrays, **attrs, out=o), reps, rounds)
        t_to = best_us(lambda: fn(*tensors, **attrs, out=ot), reps, rounds)
        t_tn = best_us(lambda: fn(*tensors, **attrs), reps, rounds)
        theirs = lambda: aten.call_pytorch(tensors, attrs)  # noqa: E731
        ov, out_name = out_overload(aten)
        if ov is not None:
            full, kw = [], {out_name: ot}
            it = iter(tensors)
            for i, a in enumerate(aten.args):
                if i in aten.tensor_idx:
                    v = next(it)
                elif a.name in aten.row.implies:  # aclnnGelu is gelu(approximate="tanh")
                    v = aten.row.implies[a.name]
                else:
                    key = aten.row.rename.get(a.name) or a.name
                    v = attrs.get(key, a.default_value)
                if a.kwarg_only:
                    kw[a.name] = v
                else:
                    full.append(v)
            t_po = best_us(lambda: ov(*full, **kw), reps, rounds)
        else:
            t_po = float("nan")
        t_pn = best_us(theirs, reps, rounds)
        with at.enabled():
            t_en = best_us(theirs, reps, rounds)
        yield api.py_name, n, t_np, t_to, t_tn, t_en, t_po, t_pn


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--sizes", default="4096,1048576", help="element counts, comma-separated")
    ap.add_argument("--reps", type=int, default=0, help="calls per round (default: about 8M elements' worth)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    aclnn_cpu.set_num_threads(args.threads)
    L = lib()
    print(f"`python3 examples/python/overhead.py --threads {args.threads} --rounds {args.rounds} --sizes {args.sizes}"
          f"{f' --reps {args.reps}' if args.reps else ''}`: "
          f"{cpu_name()}, isa {aclnn_cpu.get_isa()}, {args.threads} thread(s), "
          f"torch {torch.__version__}, numpy {np.__version__}.")
    print()
    one = best_us(L.aclnnCpuGetNumThreads, 20000, args.rounds)
    line = f"One foreign call (aclnnCpuGetNumThreads): ctypes {one:.2f} us"
    try:
        import cffi

        ffi = cffi.FFI()
        ffi.cdef("int aclnnCpuGetNumThreads(void);")
        C = ffi.dlopen(L.path)
        line += f", cffi (ABI mode) {best_us(C.aclnnCpuGetNumThreads, 20000, args.rounds):.2f} us."
    except ImportError:
        line += " (cffi not installed)."
    print(line)
    print()
    print("| function | N | numpy, out= | torch, out= | torch, new result | aten op with enable() | "
          "PyTorch aten, out= | PyTorch aten, new result | ours - PyTorch (new result) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        label = f"{n >> 20}M" if n >= 1 << 20 and n % (1 << 20) == 0 else (f"{n >> 10}K" if n % 1024 == 0 else str(n))
        for name, _, t_np, t_to, t_tn, t_en, t_po, t_pn in rows(n, args.rounds, args.reps):
            print(f"| {name} | {label} | {t_np:.1f} us | {t_to:.1f} us | {t_tn:.1f} us | {t_en:.1f} us | "
                  f"{t_po:.1f} us | {t_pn:.1f} us | {t_tn - t_pn:+.1f} us |")


if __name__ == "__main__":
    main()
