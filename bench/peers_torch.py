#!/usr/bin/env python3
"""The PyTorch peer of aclnn_cpu_bench: times the CPU backward kernels that aclnnEluBackward and
aclnnSoftplusBackward mirror, through their out= forms (the allocating forms page-fault on every
call), and prints CSV rows in the C bench's format:

    op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline

  elu      torch.ops.aten.elu_backward.grad_input(dy, 1, 1, 1, False, x)   (alpha = scale = input_scale = 1)
  elures   the same with is_result=True (x is the forward result)
  softplus torch.ops.aten.softplus_backward.grad_input(dy, x, 1, 20)       (beta 1, threshold 20)
  silu     torch.ops.aten.silu_backward.grad_input(dy, x)

fp32 and bf16 for every op, fp64 for softplus (PyTorch has no fp16 for these on CPUs). impl is
given by --impl (run_bench.py runs this script twice: "torch" with PyTorch's default CPU
capability, "torch_avx512" with ATEN_CPU_CAPABILITY=avx512 in the environment); isa is the
capability PyTorch reports. pct_roofline is left empty: run_bench.py fills it from the C bench's
roofline. Medians of repeated samples (each at least --min-ms long), spread = IQR / median.
torch.set_num_threads sets the threads of each case. Runs with the python3 that has torch
(Debian's python3-torch installs for /usr/bin/python3)."""
import argparse
import os
import sys
import time

OPS = ("elu", "elures", "softplus", "silu")
DTYPES = ("fp32", "fp16", "bf16", "fp64")


def parse_size(text):
    text = text.strip()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
    return int(text[:-1] if mult > 1 else text) * mult


def has_case(op, dtype):
    """PyTorch CPU kernels: float32, bfloat16, float64 (the bench runs fp64 for softplus only)."""
    return dtype in ("fp32", "bf16") or (dtype == "fp64" and op == "softplus")


def quantile(sorted_vals, q):
    pos = q * (len(sorted_vals) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_vals) - 1)
    return sorted_vals[lo] + (pos - lo) * (sorted_vals[hi] - sorted_vals[lo])


def capability(torch):
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage:" in line:
            return line.split(":", 1)[1].strip().lower()
    return "unknown"


def make_call(torch, op, dy, x, out):
    aten = torch.ops.aten
    if op == "silu":
        fn = aten.silu_backward.grad_input
        return lambda: fn(dy, x, grad_input=out)
    if op == "softplus":
        fn = aten.softplus_backward.grad_input
        return lambda: fn(dy, x, 1.0, 20.0, grad_input=out)
    fn = aten.elu_backward.grad_input
    is_result = op == "elures"
    return lambda: fn(dy, 1.0, 1.0, 1.0, is_result, x, grad_input=out)


def time_call(call, samples, min_s):
    call()  # warm-up
    calls, t0 = 0, time.perf_counter()
    while calls < 2 or time.perf_counter() - t0 < min_s * 0.5:
        call()
        calls += 1
    per_call = (time.perf_counter() - t0) / calls
    reps = max(1, int(min_s / per_call + 0.999))
    vals = []
    for _ in range(samples):
        t0 = time.perf_counter()
        for _ in range(reps):
            call()
        vals.append((time.perf_counter() - t0) / reps)
    vals.sort()
    med = quantile(vals, 0.5)
    return med, (quantile(vals, 0.75) - quantile(vals, 0.25)) / med


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    ap.add_argument("--sizes", default="4K,64K,1M,16M,64M")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--samples", type=int, default=25)
    ap.add_argument("--min-ms", type=float, default=20.0)
    ap.add_argument("--impl", default="torch", help="the impl column (torch, torch_avx512)")
    ap.add_argument("--header", action="store_true", help="print the CSV header first")
    args = ap.parse_args()

    import torch  # ~1 s; changes the process's OpenMP thread count (set per case below)

    ops = [o for o in args.ops.split(",") if o]
    dtypes = [d for d in args.dtypes.split(",") if d]
    for name in ops + dtypes:
        if name not in OPS + DTYPES:
            sys.exit(f"peers_torch.py: unknown op or dtype {name}")
    sizes = [parse_size(s) for s in args.sizes.split(",") if s]
    threads = [int(t) for t in args.threads.split(",") if t]
    tdtype = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp64": torch.float64}
    isa = capability(torch)
    if args.header:
        print("op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline")
    print(f"# torch {torch.__version__}, CPU capability {isa}, ATEN_CPU_CAPABILITY="
          f"{os.environ.get('ATEN_CPU_CAPABILITY', '')}, impl {args.impl}", flush=True)
    if "fp16" in dtypes:
        print("# torch: no fp16 CPU kernel for elu_backward / softplus_backward / silu_backward: fp16 skipped", flush=True)
    gen = torch.Generator().manual_seed(1)
    for dtype in dtypes:
        cases = [o for o in ops if has_case(o, dtype)]
        if not cases:
            continue
        for n in sizes:
            dy = (torch.rand(n, generator=gen) * 6 - 3).to(tdtype[dtype])
            x = (torch.rand(n, generator=gen) * 6 - 3).to(tdtype[dtype])
            out = torch.empty_like(dy)
            out.zero_()  # touch every page before timing
            for op in cases:
                for t in threads:
                    torch.set_num_threads(t)
                    med, spread = time_call(make_call(torch, op, dy, x, out), args.samples, args.min_ms / 1000.0)
                    print(f"{op},{dtype},{n},{t},{isa},{args.impl},{n / med * 1e-9:.4f},{med * 1e6:.3f},"
                          f"{spread * 100:.1f},", flush=True)
            del dy, x, out


if __name__ == "__main__":
    main()
