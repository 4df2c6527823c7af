#!/usr/bin/env python3
"""Per-call time from Python: aclnn_cpu's elu_backward / softplus_backward against PyTorch's own
aten ops, at 4K and 1M float32 elements, one thread each (best of several rounds: the machine may be
shared). Also the cost of one foreign call through ctypes and through cffi (the binding choice).

    python3 examples/python/overhead.py [--threads 1] [--rounds 7]
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch

import aclnn_cpu
from aclnn_cpu._lib import lib


def best_us(f, n: int, rounds: int) -> float:
    f()
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        best = min(best, (time.perf_counter() - t0) / n)
    return best * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    aclnn_cpu.set_num_threads(args.threads)
    L = lib()
    print(f"library {L.path}, isa {aclnn_cpu.get_isa()}, threads {args.threads}, torch {torch.__version__}")
    print(f"one foreign call (aclnnCpuGetNumThreads): ctypes {best_us(L.aclnnCpuGetNumThreads, 20000, args.rounds):.2f} us",
          end="")
    try:
        import cffi

        ffi = cffi.FFI()
        ffi.cdef("int aclnnCpuGetNumThreads(void);")
        C = ffi.dlopen(L.path)
        print(f", cffi (ABI mode) {best_us(C.aclnnCpuGetNumThreads, 20000, args.rounds):.2f} us")
    except ImportError:
        print(", cffi not installed")
    aten = torch.ops.aten
    print("| op | N | ours numpy, out= | ours torch, out= | ours torch, new output | PyTorch aten, out= | "
          "PyTorch aten, new output | ours - PyTorch (new output) |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (4096, 1 << 20):
        reps = 2000 if n == 4096 else 20
        x = np.random.default_rng(0).uniform(-4, 4, n).astype(np.float32)
        g = np.ones(n, np.float32)
        o = np.empty(n, np.float32)
        xt, gt, ot = torch.from_numpy(x), torch.from_numpy(g), torch.empty(n)
        for name, ours, theirs_out, theirs in (
            ("elu_backward",
             (lambda: aclnn_cpu.elu_backward(g, x, out=o), lambda: aclnn_cpu.elu_backward(gt, xt, out=ot),
              lambda: aclnn_cpu.elu_backward(gt, xt)),
             lambda: aten.elu_backward.grad_input(gt, 1.0, 1.0, 1.0, False, xt, grad_input=ot),
             lambda: aten.elu_backward(gt, 1.0, 1.0, 1.0, False, xt)),
            ("softplus_backward",
             (lambda: aclnn_cpu.softplus_backward(g, x, out=o), lambda: aclnn_cpu.softplus_backward(gt, xt, out=ot),
              lambda: aclnn_cpu.softplus_backward(gt, xt)),
             lambda: aten.softplus_backward.grad_input(gt, xt, 1.0, 20.0, grad_input=ot),
             lambda: aten.softplus_backward(gt, xt, 1.0, 20.0)),
        ):
            t = [best_us(f, reps, args.rounds) for f in ours]
            to = best_us(theirs_out, reps, args.rounds)
            tn = best_us(theirs, reps, args.rounds)
            label = "4K" if n == 4096 else "1M"
            print(f"| {name} | {label} | {t[0]:.1f} us | {t[1]:.1f} us | {t[2]:.1f} us | {to:.1f} us | {tn:.1f} us | "
                  f"{t[2] - tn:+.1f} us |")


if __name__ == "__main__":
    main()
