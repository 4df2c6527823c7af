#!/usr/bin/env python3
"""Trains a small MLP on synthetic data twice: with PyTorch's ELU/Softplus, and with
aclnn_cpu.torch's (PyTorch's forward, the library's backward). Prints both loss curves side by side
and the time per step, and exits 1 when they diverge beyond the accuracy contract.

    python3 examples/python/train_mlp.py [--steps 200] [--dtype float32|bfloat16] [--act elu|softplus|both]

Why the tolerance is what it is: the two runs start from identical weights and data, so every
difference comes from the backward's rounding. fp32 gradients agree to a few ulp (contract: ELU
<= 4 ulp, Softplus <= 3 ulp), which plain SGD on a well-conditioned problem keeps at the level of
fp32 noise: relative loss difference <= 1e-4 over the run. bf16 gradients are correctly rounded on
both sides (but for rare halfway cases), but bf16 training amplifies a one-ulp difference in one
weight, so its curves are held to 2e-2. The contract itself is checked directly too: each
activation's input gradient, ours against PyTorch's on the same inputs, within 4 ulp (fp32) or 1
ulp (bf16).
"""
from __future__ import annotations

import argparse
import sys
import time

import torch

import aclnn_cpu
import aclnn_cpu.torch as at


def make_model(act: str, ours: bool, dtype: torch.dtype, seed: int) -> torch.nn.Module:
    torch.manual_seed(seed)
    lib = at if ours else torch.nn
    acts = {"elu": lambda: lib.ELU(alpha=1.0), "softplus": lambda: lib.Softplus(beta=1.0, threshold=20.0)}
    a1 = acts["elu" if act in ("elu", "both") else "softplus"]
    a2 = acts["softplus" if act in ("softplus", "both") else "elu"]
    model = torch.nn.Sequential(torch.nn.Linear(32, 128), a1(), torch.nn.Linear(128, 128), a2(),
                                torch.nn.Linear(128, 1))
    return model.to(dtype)


def train(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor, steps: int, lr: float):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    losses, times = [], []
    for _ in range(steps):
        t0 = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x).float(), y.float())
        loss.backward()
        opt.step()
        times.append(time.perf_counter() - t0)
        losses.append(float(loss.detach().float()))
    return losses, times


def ulps(a: torch.Tensor, b: torch.Tensor) -> int:
    """Largest distance between a and b in units in the last place of their dtype (fp32 or bf16)."""
    bits = {torch.float32: torch.int32, torch.bfloat16: torch.int16}[a.dtype]

    def ordered(t: torch.Tensor) -> torch.Tensor:
        i = t.contiguous().view(bits).to(torch.int64)
        return torch.where(i < 0, -(i & (2 ** (8 * t.element_size() - 1) - 1)), i)
    return int((ordered(a) - ordered(b)).abs().max())


def activation_gradients_ulps(act: str, dtype: torch.dtype, x: torch.Tensor) -> int:
    """Each activation's input gradient, ours against PyTorch's, at the first layer's real inputs
    and a random upstream gradient: the contract's measure (the loss curves only show its effect)."""
    worst = 0
    h = make_model(act, False, dtype, 1)[0](x).detach() * 3  # pre-activations over a wide range
    dy = torch.randn(h.shape, generator=torch.Generator().manual_seed(5)).to(dtype)
    for name, ours, ref in (("elu", at.ELU(alpha=1.0), torch.nn.ELU(alpha=1.0)),
                            ("softplus", at.Softplus(beta=1.0, threshold=20.0), torch.nn.Softplus(beta=1.0,
                                                                                                  threshold=20.0))):
        if act not in (name, "both"):
            continue
        grads = []
        for module in (ours, ref):
            hi = h.clone().requires_grad_(True)
            (gi,) = torch.autograd.grad(module(hi), hi, dy)
            grads.append(gi)
        worst = max(worst, ulps(grads[0], grads[1]))
    return worst


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=200, help="SGD steps per run (default 200)")
    ap.add_argument("--batch", type=int, default=256, help="batch size (default 256)")
    ap.add_argument("--dtype", choices=["float32", "bfloat16"], default="float32")
    ap.add_argument("--act", choices=["elu", "softplus", "both"], default="both",
                    help="activations of the two hidden layers (default: ELU then Softplus)")
    ap.add_argument("--every", type=int, default=0, help="print every Nth step (default: about 20 rows)")
    ap.add_argument("--lr", type=float, default=0.01, help="SGD learning rate (default 0.01, momentum 0.9)")
    ap.add_argument("--threads", type=int, default=0, help="library threads (0: default)")
    args = ap.parse_args(argv)
    dtype = getattr(torch, args.dtype)
    tol = 1e-4 if dtype == torch.float32 else 2e-2
    if args.threads:
        aclnn_cpu.set_num_threads(args.threads)

    g = torch.Generator().manual_seed(0)
    x = torch.randn(args.batch, 32, generator=g)
    w = torch.randn(32, 1, generator=g)
    y = torch.sin(x @ w) + 0.1 * x[:, :1] ** 2
    x, y = x.to(dtype), y.to(dtype)

    ref_losses, ref_times = train(make_model(args.act, False, dtype, 1), x, y, args.steps, args.lr)
    our_losses, our_times = train(make_model(args.act, True, dtype, 1), x, y, args.steps, args.lr)

    every = args.every or max(1, args.steps // 20)
    print(f"MLP 32-128-128-1, {args.act}, {args.dtype}, batch {args.batch}, library {aclnn_cpu.library_path()} "
          f"(isa {aclnn_cpu.get_isa()}, {aclnn_cpu.get_num_threads()} threads)")
    print(f"{'step':>6} {'loss (PyTorch)':>16} {'loss (aclnn_cpu)':>17} {'rel diff':>10}")
    worst = 0.0
    for i, (a, b) in enumerate(zip(ref_losses, our_losses)):
        rel = abs(a - b) / max(abs(a), 1e-30)
        worst = max(worst, rel)
        if i % every == 0 or i == len(ref_losses) - 1:
            print(f"{i:>6} {a:>16.8g} {b:>17.8g} {rel:>10.2e}")
    med = lambda v: sorted(v)[len(v) // 2] * 1e3  # noqa: E731
    print(f"time per step (median): PyTorch {med(ref_times):.3f} ms, aclnn_cpu backward {med(our_times):.3f} ms")
    print(f"largest relative loss difference {worst:.3e} (tolerance {tol:g})")
    grad_ulps, grad_tol = activation_gradients_ulps(args.act, dtype, x), (4 if dtype == torch.float32 else 1)
    print(f"activation input gradients, ours vs PyTorch: at most {grad_ulps} ulp (contract: {grad_tol})")
    if not all(map(lambda v: v == v, our_losses)) or worst > tol or grad_ulps > grad_tol:
        print("FAIL: the two runs diverge beyond the accuracy contract", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
