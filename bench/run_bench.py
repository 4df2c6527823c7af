#!/usr/bin/env python3
"""Runs the whole benchmark on one or more ISA paths and writes its results
(`cmake --build <dir> --target run_bench`, which `./build.sh bench` runs with --isa all --publish):

  1. aclnn_cpu_bench --kernels: each kernel and exp variant of the path's table alone, one thread,
     L1-resident, against the same-run memory roofline (the kernel ceiling, OUT/kernels.csv),
  2. aclnn_cpu_bench (ours: whole two-phase call and phase 2 alone; rooflines with regular and
     streaming stores; the fused AVX2 + SLEEF loop; oneDNN at four stack alignments when the bench
     was built with it),
  3. peers_torch.py with the python3 that has torch: PyTorch's default CPU capability (impl torch)
     and, on the AVX-512 path, ATEN_CPU_CAPABILITY=avx512 (impl torch_avx512),
  4. merges 2 and 3 into OUT/bench.csv (the C bench's CSV format; pct_roofline filled for PyTorch
     from the C bench's roofline of the same case), writes OUT/results.md (the issue's targets
     checked, the kernel-ceiling table, all cases with ratios ours / roofline and ours / best peer)
     and, with gnuplot, OUT/<op>_<dtype>.png (Gelem/s against N; one panel per thread count).

ISA paths (--isa): avx2 caps everything to AVX2 so that an AVX-512 machine stands in for an
AVX2-only CPU: ACLNN_CPU_MAX_ISA=avx2 for ours, DNNL_MAX_CPU_ISA=AVX2 for oneDNN (which then has no
bf16 eltwise), ATEN_CPU_CAPABILITY=avx2 for PyTorch. avx512: ACLNN_CPU_MAX_ISA=avx512, oneDNN and
PyTorch uncapped (default and avx512). native: no caps. all: avx2, then avx512 when the CPU has it,
each into OUT/<isa>/ (a single path writes OUT itself).

--publish ROOT replaces the path's section of ROOT/bench/RESULTS.md (one section per ISA path;
the others are kept as they are, with their own CPU and date) and regenerates the summary block
of ROOT/README.md between its bench-summary markers from all sections. Peers that are missing are
skipped with a note. OUT/notes.txt keeps the run's settings and notes: --render-only redoes
results.md, the plots (and, with --publish, the section) from OUT/bench.csv and OUT/kernels.csv
without measuring. Only the standard library is used here."""
import argparse
import csv
import datetime
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# The operators come from the C bench's own list (aclnn_cpu_bench --list-ops, bench.h BENCH_OP_LIST),
# read in main() before anything uses them; this is only the fallback for --render-only without one.
OPS = ["elu", "elures", "softplus", "silu"]
EXP_OPS = ("elu", "softplus", "silu")  # the ops whose kernels evaluate an exp
DTYPES = ["fp32", "fp16", "bf16", "fp64"]
PEERS = ["onednn", "torch", "torch_avx512"]
FIELDS = ["op", "dtype", "n", "threads", "isa", "impl", "gelem_s", "median_us", "spread_pct", "pct_roofline"]
# Section titles of bench/RESULTS.md, in their order there.
PATH_TITLES = {"avx2": "AVX2 path", "avx512": "AVX-512 path", "neon": "NEON path", "scalar": "scalar path"}
# Plot styles: impl -> (title, line style)
STYLES = {
    "aclnn": ("ours, whole call", "lw 3 lc rgb '#d62728' pt 7"),
    "aclnn_phase2": ("ours, phase 2", "lw 2 dt 2 lc rgb '#d62728' pt 6"),
    "fused": ("fused AVX2 loop", "lw 1 dt 3 lc rgb '#7f7f7f' pt 1"),
    "onednn": ("oneDNN", "lw 2 lc rgb '#1f77b4' pt 5"),
    "torch": ("PyTorch", "lw 2 lc rgb '#2ca02c' pt 9"),
    "torch_avx512": ("PyTorch avx512", "lw 2 dt 4 lc rgb '#2ca02c' pt 8"),
    "roofline": ("roofline", "lw 2 lc rgb 'black' pt 3"),
    "roofline_nt": ("roofline NT stores", "lw 1 dt 2 lc rgb 'black' pt 2"),
}


def load_ops(bench):
    """The operator names of aclnn_cpu_bench, in its order."""
    proc = subprocess.run([bench, "--list-ops"], capture_output=True, text=True)
    names = [line.strip() for line in proc.stdout.splitlines() if line.strip()]
    if proc.returncode != 0 or not names:
        sys.exit(f"run_bench: {bench} --list-ops failed (status {proc.returncode})")
    OPS[:] = names


def log(msg):
    print(f"run_bench: {msg}", flush=True)


def size_label(n):
    for unit, div in (("M", 1 << 20), ("K", 1 << 10)):
        if n % div == 0 and n >= div:
            return f"{n // div}{unit}"
    return str(n)


def read_csv_rows(lines):
    rows = []
    for row in csv.DictReader(line for line in lines if line.strip() and not line.startswith("#")):
        if row.get("op") in OPS:
            row["n"], row["threads"] = int(row["n"]), int(row["threads"])
            row["gelem_s"] = float(row["gelem_s"])
            rows.append(row)
    return rows


def read_kernel_rows(path):
    """OUT/kernels.csv of aclnn_cpu_bench --kernels; [] when absent (a run from before it)."""
    if not os.path.exists(path):
        return []
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["n"], r["threads"], r["gelem_s"] = int(r["n"]), int(r["threads"]), float(r["gelem_s"])
    return rows


# ---- the machine and the ISA paths ----------------------------------------------------------------

def cpu_flags():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def cpu_has(isa):
    """Whether the CPU has an ISA path, as the library tests it (src/kernels/acpu_cpu_x86.h)."""
    flags = cpu_flags()
    avx2 = {"avx2", "fma", "f16c"} <= flags
    if isa == "avx2":
        return avx2
    return isa == "avx512" and avx2 and {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= flags


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def resolve_paths(word):
    if word == "all":
        return [p for p in ("avx2", "avx512") if cpu_has(p)] or ["native"]
    if word in ("avx2", "avx512") and not cpu_has(word):
        sys.exit(f"run_bench: --isa {word}: this CPU has no {word} (see /proc/cpuinfo)")
    return [word]


def path_env(path):
    """(environment of the C bench, of PyTorch runs: [(impl, ATEN_CPU_CAPABILITY or None)]) of a
    path. DNNL_MAX_CPU_ISA is read by oneDNN once per process (ONEDNN_VERBOSE=1 prints the ISA
    it dispatched: jit:avx2 under AVX2)."""
    env = dict(os.environ)
    for var in ("ACLNN_CPU_MAX_ISA", "DNNL_MAX_CPU_ISA", "ONEDNN_MAX_CPU_ISA"):
        env.pop(var, None)
    if path in ("avx2", "avx512"):
        env["ACLNN_CPU_MAX_ISA"] = path
    if path == "avx2":
        env["DNNL_MAX_CPU_ISA"] = "AVX2"
        return env, [("torch", "avx2")]
    return env, [("torch", None)] + ([("torch_avx512", "avx512")] if cpu_has("avx512") else [])


def path_caps(path):
    """The path's caps as words for results.md."""
    if path == "avx2":
        return "ACLNN_CPU_MAX_ISA=avx2, DNNL_MAX_CPU_ISA=AVX2, ATEN_CPU_CAPABILITY=avx2 (standing in for an AVX2-only CPU)"
    if path == "avx512":
        return "ACLNN_CPU_MAX_ISA=avx512; oneDNN uncapped; PyTorch default and ATEN_CPU_CAPABILITY=avx512"
    return "no caps (each library's own choice)"


def rel_command(argv):
    """run_bench.py's command line with paths inside the source tree made relative to it."""
    words = ["bench/run_bench.py"]
    for a in argv:
        inside = os.path.isabs(a) and (a == ROOT or a.startswith(ROOT + os.sep))
        words.append(os.path.relpath(a, ROOT) if inside else a)
    return " ".join(words)


# ---- running ------------------------------------------------------------------------------------

def stream(cmd, env, on_line=None):
    """Runs cmd, echoing its stdout; returns (status, lines)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line)
        if on_line:
            on_line(line)
    return proc.wait(), lines


def run_kernels(args, env, out):
    csv_path = os.path.join(out, "kernels.csv")
    cmd = [args.bench, "--kernels", "--csv", csv_path, "--samples", str(args.samples), "--min-ms", str(args.min_ms),
           "--ops", args.ops, "--dtypes", args.dtypes]
    log("running " + " ".join(cmd))
    if stream(cmd, env)[0] != 0:
        sys.exit("run_bench: aclnn_cpu_bench --kernels failed")
    return read_kernel_rows(csv_path)


def run_c_bench(args, env, out, notes):
    csv_path = os.path.join(out, "aclnn_cpu_bench.csv")
    cmd = [args.bench, "--table", "--csv", csv_path, "--sizes", args.sizes, "--threads", args.threads,
           "--samples", str(args.samples), "--min-ms", str(args.min_ms), "--ops", args.ops, "--dtypes", args.dtypes]
    log("running " + " ".join(cmd))

    def on_line(line):
        if line.startswith("# note:"):
            notes.append(line[2:].strip())
        elif line.startswith("# summary:") and "; oneDNN " in line:
            version = line.rsplit("; oneDNN ", 1)[1].rstrip(")\n")
            if version[:1].isdigit():
                notes.append(f"oneDNN {version} (C API)")
    if stream(cmd, env, on_line)[0] != 0:
        sys.exit("run_bench: aclnn_cpu_bench failed")
    with open(csv_path) as f:
        return read_csv_rows(f)


def find_torch_python(explicit):
    candidates = [explicit] if explicit else ["/usr/bin/python3", sys.executable, shutil.which("python3")]
    for py in candidates:
        if py and os.path.exists(py):
            r = subprocess.run([py, "-c", "import torch"], capture_output=True)
            if r.returncode == 0:
                return py
    return None


def run_torch(args, variants, notes):
    if args.no_torch:
        notes.append("PyTorch peer skipped (--no-torch)")
        return []
    py = find_torch_python(args.torch_python)
    if py is None:
        notes.append("PyTorch peer skipped: no python3 with torch (Debian: apt-get install python3-torch)")
        log(notes[-1])
        return []
    rows = []
    for impl, cap in variants:
        env = dict(os.environ)
        env.pop("ATEN_CPU_CAPABILITY", None)
        if cap:
            env["ATEN_CPU_CAPABILITY"] = cap
        # The C bench's dtypes that PyTorch has; fp16 is reported as skipped by the script.
        cmd = [py, os.path.join(HERE, "peers_torch.py"), "--impl", impl, "--sizes", args.sizes,
               "--threads", args.threads, "--samples", str(args.samples), "--min-ms", str(args.min_ms),
               "--ops", args.ops, "--dtypes", args.dtypes]
        log(("ATEN_CPU_CAPABILITY=" + cap + " " if cap else "") + " ".join(cmd))

        def on_line(line):
            if line.startswith("# torch"):
                notes.append(line[2:].strip())
        status, lines = stream(cmd, env, on_line)
        if status != 0:
            notes.append(f"PyTorch run {impl} failed (status {status}); its rows are missing")
            log(notes[-1])
            continue
        rows += read_csv_rows(["op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline\n"] + lines)
    return rows


# ---- merging ------------------------------------------------------------------------------------

def case_key(row):
    return (row["op"], row["dtype"], row["n"], row["threads"])


def index_rows(rows):
    """{case: {impl: row}}"""
    cases = {}
    for r in rows:
        cases.setdefault(case_key(r), {})[r["impl"]] = r
    return cases


def sort_key(key):
    op, dtype, n, threads = key
    return (OPS.index(op), DTYPES.index(dtype), n, threads)


def write_combined(path, cases):
    impl_order = ["aclnn", "aclnn_phase2", "fused", "roofline", "roofline_nt", "onednn_rsp0", "onednn_rsp16",
                  "onednn_rsp32", "onednn_rsp48", "onednn", "torch", "torch_avx512"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(FIELDS)
        for key in sorted(cases, key=sort_key):
            impls = cases[key]
            roof = impls.get("roofline")
            for impl in sorted(impls, key=lambda i: impl_order.index(i) if i in impl_order else 99):
                r = impls[impl]
                if not r.get("pct_roofline") and roof:
                    r["pct_roofline"] = f"{r['gelem_s'] / roof['gelem_s'] * 100:.1f}"
                w.writerow([r[k] if k not in ("gelem_s",) else f"{r[k]:.4f}" for k in FIELDS])


def gelem(impls, impl):
    r = impls.get(impl)
    return r["gelem_s"] if r else None


def best_peer(impls):
    best = None
    for p in PEERS:
        g = gelem(impls, p)
        if g is not None and (best is None or g > best[1]):
            best = (p, g)
    return best


def call_over_phase2(impls):
    a, p = impls.get("aclnn"), impls.get("aclnn_phase2")
    return float(a["median_us"]) / float(p["median_us"]) if a and p else None


# ---- markdown -----------------------------------------------------------------------------------

def fmt(v, spec=".2f", none="-"):
    return none if v is None else format(v, spec)


def results_table(cases):
    head = ["op", "dtype", "N", "thr", "ours Gelem/s (IQR)", "phase 2", "call/ph2 time", "roofline", "roofline NT",
            "ours/roofline", "oneDNN", "PyTorch", "PyTorch avx512", "ours/best peer"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key in sorted(cases, key=sort_key):
        impls = cases[key]
        if "aclnn" not in impls:
            continue
        op, dtype, n, thr = key
        ours = impls["aclnn"]
        roof = gelem(impls, "roofline")
        bp = best_peer(impls)
        out.append("| " + " | ".join([
            op, dtype, size_label(n), str(thr),
            f"{ours['gelem_s']:.3f} (±{float(ours['spread_pct']) / 2:.0f}%)",
            fmt(gelem(impls, "aclnn_phase2"), ".3f"),
            fmt(call_over_phase2(impls)),
            fmt(roof, ".3f"), fmt(gelem(impls, "roofline_nt"), ".3f"),
            fmt(ours["gelem_s"] / roof if roof else None),
            fmt(gelem(impls, "onednn"), ".3f"), fmt(gelem(impls, "torch"), ".3f"),
            fmt(gelem(impls, "torch_avx512"), ".3f"),
            (f"**{ours['gelem_s'] / bp[1]:.2f}** ({bp[0]})" if bp else "-"),
        ]) + " |")
    return out


def kernel_rate(krows, op, dtype):
    """Gelem/s of op's kernel alone (aclnn_cpu_bench --kernels), or None."""
    return next((r["gelem_s"] for r in krows if r["kind"] == "kernel" and r["name"] == op and r["dtype"] == dtype),
                None)


def case_name(key):
    op, dtype, n, thr = key
    return f"{op} {dtype} {size_label(n)} T{thr}"


def verdict(fails, total):
    if total == 0:
        return "not measured (no such cases in this run)"
    return "**met**" if not fails else f"**not met** ({len(fails)} of {total} cases)"


def lowest(items, k=6):
    """'Lowest: a 0.81; b 0.85.' over (name, ratio) pairs, or ''."""
    items = sorted(items, key=lambda t: t[1])[:k]
    return (" Lowest: " + "; ".join(f"{name} {val:.2f}" for name, val in items) + ".") if items else ""


def target_in_cache(cases):
    """Target 1: 64K and 1M, 1 and 2 threads, ours >= 1.25 x the best peer."""
    vals = []
    for k, v in cases.items():
        bp = best_peer(v)
        if k[2] in (64 << 10, 1 << 20) and k[3] in (1, 2) and "aclnn" in v and bp:
            vals.append((case_name(k) + f" vs {bp[0]}", v["aclnn"]["gelem_s"] / bp[1]))
    fails = [t for t in vals if t[1] < 1.25]
    return fails, [f"1. In cache (64K, 1M), 1 and 2 threads, ours / best peer >= 1.25: {verdict(fails, len(vals))}."
                   + lowest(vals)]


def target_dram(cases, krows):
    """Target 2: 16M and 64M, 1 and 2 threads. fp32, fp64 and elures: ours >= 0.90 x roofline; the
    16-bit exp ops with 2 threads: ours >= 0.75 x roofline, or >= 0.90 x the compute ceiling (2 x
    the kernel alone) where that ceiling is below 0.75 x roofline; every case ahead of every peer."""
    dram = {k: v for k, v in cases.items() if k[2] >= (16 << 20) and k[3] in (1, 2) and "aclnn" in v
            and "roofline" in v}
    mem, exp16, peers, ceiling_cases = [], [], [], []
    for k, v in dram.items():
        op, dtype, n, thr = k
        ours, roof = v["aclnn"]["gelem_s"], v["roofline"]["gelem_s"]
        if dtype in ("fp32", "fp64") or op == "elures":
            mem.append((case_name(k), ours / roof))
        elif op in EXP_OPS and thr == 2:
            rate = kernel_rate(krows, op, dtype)
            ceiling = rate * thr if rate is not None else None
            if ceiling is not None and ceiling < 0.75 * roof:
                ceiling_cases.append(f"{case_name(k)} (ceiling {ceiling / roof:.2f} x roofline)")
                exp16.append((case_name(k) + " vs ceiling", ours / ceiling / 0.90 * 0.75, ours / ceiling))
            else:
                exp16.append((case_name(k) + " vs roofline", ours / roof, ours / roof))
        bp = best_peer(v)
        if bp:
            peers.append((case_name(k) + f" vs {bp[0]}", ours / bp[1]))
    mem_fails = [t for t in mem if t[1] < 0.90]
    # exp16 entries: (name, ratio scaled so that 0.75 is the bar for both criteria, shown ratio)
    exp_fails = [t for t in exp16 if t[1] < 0.75]
    peer_fails = [t for t in peers if t[1] < 1.0]
    # lowest first by the margin to each case's own bar; the ratio shown is against its reference
    worst16 = "; ".join(f"{name} {shown:.2f}" for name, _, shown in sorted(exp16, key=lambda t: t[1])[:6])
    worst16 = f" Lowest: {worst16}." if worst16 else ""
    fails = mem_fails + exp_fails + peer_fails
    total = len(mem) + len(exp16) + len(peers)
    lines = [f"2. DRAM (16M, 64M), 1 and 2 threads: {verdict(fails, total).replace('cases', 'checks')}.",
             f"   - fp32, fp64 and elures, ours / regular-store roofline >= 0.90: {verdict(mem_fails, len(mem))}."
             + lowest(mem),
             "   - 16-bit exp ops (elu, softplus, silu in fp16, bf16), 2 threads: ours / roofline >= 0.75, or ours /"
             " compute ceiling >= 0.90 where the ceiling (2 x the kernel alone, kernel-ceiling table) is below 0.75 x"
             f" the roofline: {verdict(exp_fails, len(exp16))}."
             + worst16
             + (" The ceiling applies to: " + "; ".join(ceiling_cases) + "." if ceiling_cases
                else " The roofline applies to every case." if exp16 and krows else "")
             + ("" if krows or not exp16 else " (No kernel-ceiling data: the roofline applies.)"),
             f"   - ahead of every peer (ours / best peer >= 1.00): {verdict(peer_fails, len(peers))}." + lowest(peers)]
    return fails, lines


def target_scaling(cases):
    """Target 3: exp ops from 64K up, 2 threads >= 1.8 x 1 thread."""
    vals, bound = [], []
    for k, v in cases.items():
        op, dtype, n, thr = k
        one = cases.get((op, dtype, n, 1))
        if op in EXP_OPS and n >= (64 << 10) and thr == 2 and one and "aclnn" in v and "aclnn" in one:
            vals.append((f"{op} {dtype} {size_label(n)}", v["aclnn"]["gelem_s"] / one["aclnn"]["gelem_s"]))
            if "roofline" in v and v["aclnn"]["gelem_s"] >= 0.9 * v["roofline"]["gelem_s"]:
                bound.append(vals[-1][0])
    fails = [t for t in vals if t[1] < 1.8]
    at_roof = [name for name, _ in fails if name in bound]
    return fails, [f"3. From 64K up, exp ops (elu, softplus, silu), 2 threads / 1 thread >= 1.8: "
                   f"{verdict(fails, len(vals))}." + lowest(vals)
                   + (f" Of the misses, {len(at_roof)} reach >= 0.90 of the same-run 2-thread roofline:"
                      f" {', '.join(at_roof)}." if at_roof else "")]


def info_lines(cases, native_bf16):
    """Information, no target: the per-call overhead at 4K; fp16 / bf16 where bf16 is not native."""
    lines = []
    vals = [(case_name(k), call_over_phase2(v)) for k, v in cases.items() if k[2] == 4096 and call_over_phase2(v)]
    if vals:
        top = sorted(vals, key=lambda t: -t[1])[:6]
        lines.append("- Information: 4K whole-call time / phase-2 time (per-call overhead; no target unless it"
                     " regresses): highest " + "; ".join(f"{n} {x:.2f}" for n, x in top) + ".")
    if not native_bf16:
        vals = []
        for k, v in cases.items():
            op, dtype, n, thr = k
            other = cases.get((op, "bf16", n, thr))
            if dtype == "fp16" and n >= (64 << 10) and other and "aclnn" in v and "aclnn" in other:
                vals.append((f"{op} {size_label(n)} T{thr}", v["aclnn"]["gelem_s"] / other["aclnn"]["gelem_s"]))
        if vals:
            lines.append("- Information: ours fp16 / ours bf16 from 64K up (a goal >= 1 where bf16 conversion is not"
                         f" native, as here): {sum(1 for t in vals if t[1] >= 1)} of {len(vals)} cases >= 1."
                         + lowest(vals))
    return lines


def check_targets(cases, krows, native_bf16):
    """Issue 11's three targets on the cases that were run. Returns ({target: "met", "not met" or
    "not measured"}, markdown lines)."""
    cases = {k: cases[k] for k in sorted(cases, key=sort_key)}  # the same lists from a run and its render
    met, lines = {}, []
    for number, (fails, text) in enumerate((target_in_cache(cases), target_dram(cases, krows),
                                            target_scaling(cases)), 1):
        met[number] = "not measured" if "not measured" in text[0] else "not met" if fails else "met"
        lines += text
    return met, lines + info_lines(cases, native_bf16)


def kernel_table(krows):
    """The kernel-ceiling table: each kernel and exp alone (1 thread) against the roofline."""
    roofs = {(r["dtype"], r["threads"]): r["gelem_s"] for r in krows if r["kind"] == "roofline"}
    all_t = max((t for _, t in roofs), default=1)
    head = ["kind", "name", "dtype", "n", "alone, 1 thread, best Gelem/s (IQR)", "roofline 1T", "alone / roofline 1T",
            f"roofline {all_t}T", f"{all_t} x alone / roofline {all_t}T", f"bound 1T / {all_t}T"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in krows:
        if r["kind"] == "roofline":
            continue
        r1, rt = roofs.get((r["dtype"], 1)), roofs.get((r["dtype"], all_t))
        q1 = r["gelem_s"] / r1 if r1 else None
        qt = r["gelem_s"] * all_t / rt if rt else None
        bound = "/".join("-" if q is None else "compute" if q < 1 else "memory" for q in (q1, qt))
        out.append("| " + " | ".join([r["kind"], r["name"], r["dtype"], str(r["n"]),
                                      f"{r['gelem_s']:.3f} (±{float(r['spread_pct']) / 2:.0f}%)", fmt(r1, ".3f"),
                                      fmt(q1), fmt(rt, ".3f"), fmt(qt), bound]) + " |")
    return out


def section_lines(meta, cases, krows, notes):
    """One ISA path's results: the section of bench/RESULTS.md and the body of OUT/results.md."""
    isa, nb = meta["isa"], meta["native_bf16"]
    title = PATH_TITLES.get(isa, f"{isa} path")
    met, targets = check_targets(cases, krows, nb)
    isa_words = f"{isa}, native bf16 conversion {'on' if nb else 'off'}"
    summary = (f"{meta['cpu']}, ISA {isa_words}, measured {meta['date']}; targets "
               + ", ".join(f"{k} {v}" for k, v in met.items()))
    md = [f"## {title}", "", f"<!-- bench-summary: {summary} -->", "",
          f"- Machine: {meta['cpu']}, {meta['ncpu']} logical CPUs; aclnn-cpu ISA {isa_words}; caps: {meta['caps']}.",
          f"- Run: {meta['date']}, {meta['elapsed']:.0f} s: `{meta['command']}`; medians of {meta['samples']} samples "
          f"(each >= {meta['min_ms']:g} ms), interleaved per case; sizes {meta['sizes']}; threads {meta['threads']}."]
    md += [f"- {n}" for n in dict.fromkeys(notes)]
    md += ["", "### Targets (issue 11), this run", ""] + targets
    md += ["", "### Kernel ceiling (`aclnn_cpu_bench --kernels`)", ""]
    if krows:
        md += ["Each kernel and exp variant of this path's table alone, one thread, no API, L1-resident arrays"
               " (8 KiB each; the fastest sample: a ceiling), against the roofline c=a*b of the same traffic at 16M elements measured in the same"
               " run (exp rows: the roofline of the binary kernels of their element type). Below 1: the kernel alone"
               " is slower than memory (compute-bound at that thread count).", ""] + kernel_table(krows)
    else:
        md.append("Not measured in this run.")
    md += ["", "### All cases", "",
           "ours = aclnnXxxGetWorkspaceSize + aclnnXxx + aclrtSynchronizeStream per call (public API); "
           "phase 2 = aclnnXxx + sync on one executor made repeatable (aclSetAclOpExecutorRepeatable); "
           "call/ph2 = time ratio. Roofline: c[i] = a[i]*b[i] with the same traffic (2 reads + 1 write of the "
           "dtype), regular or streaming (non-temporal) stores. oneDNN = eltwise backward (elu, "
           "elu_use_dst_for_bwd, soft_relu, swish), the best of four stack alignments (stack pointer 0, 16, 32, 48 "
           "mod 64 at the call). PyTorch = aten elu_backward / softplus_backward / silu_backward (.grad_input) "
           "from Python. Gelem/s = N / time; (±x%) = half the interquartile range relative to the median. Ratios "
           "to the roofline and to oneDNN come from samples interleaved in one process; PyTorch runs in its own "
           "processes after the C bench, so at DRAM sizes ours / PyTorch also carries the drift of the memory "
           "bandwidth between the two.", ""]
    md += results_table(cases)
    return md, met


# ---- publishing: bench/RESULTS.md sections and the README summary block ---------------------------

RESULTS_HEAD = """# Benchmark results

Generated by `bench/run_bench.py --publish` (`./build.sh bench` runs the AVX2 path and, on a CPU
with AVX-512, the AVX-512 path): one section per ISA path. A run replaces its path's section and
keeps the others, each naming the CPU and date it was measured on. Do not edit by hand. How to run:
[README](../README.md#benchmark); options: `aclnn_cpu_bench --help`.
"""
SECTION_RE = re.compile(r"<!-- bench-section:(\w+) begin -->\n(.*?)<!-- bench-section:\1 end -->\n", re.S)
README_BEGIN = "<!-- bench-summary:begin (generated by bench/run_bench.py --publish) -->"
README_END = "<!-- bench-summary:end -->"


def anchor(title):
    """GitHub's anchor of a heading."""
    return re.sub(r"[^a-z0-9 _-]", "", title.lower()).replace(" ", "-")


def section_order(isa):
    order = list(PATH_TITLES)
    return (order.index(isa) if isa in order else len(order), isa)


def publish(root, isa, lines):
    """Replaces the section of `isa` in root/bench/RESULTS.md, then the README summary block."""
    path = os.path.join(root, "bench", "RESULTS.md")
    sections = {}
    if os.path.exists(path):
        with open(path) as f:
            sections = {m.group(1): m.group(2) for m in SECTION_RE.finditer(f.read())}
    sections[isa] = "\n".join(lines).rstrip() + "\n"
    text = RESULTS_HEAD + "".join(f"\n<!-- bench-section:{k} begin -->\n{sections[k]}<!-- bench-section:{k} end -->\n"
                                  for k in sorted(sections, key=section_order))
    with open(path, "w") as f:
        f.write(text)
    log(f"published the {isa} section of {path}")
    update_readme(root, sections)


def update_readme(root, sections):
    """README.md's block between the bench-summary markers: one line per section of RESULTS.md."""
    path = os.path.join(root, "README.md")
    with open(path) as f:
        text = f.read()
    begin, end = text.find(README_BEGIN), text.find(README_END)
    if begin < 0 or end < begin:
        log(f"warning: {path} has no bench-summary markers; summary not written")
        return
    lines = []
    for isa in sorted(sections, key=section_order):
        title = re.search(r"^## (.+)$", sections[isa], re.M)
        summary = re.search(r"<!-- bench-summary: (.*?) -->", sections[isa])
        title = title.group(1) if title else PATH_TITLES.get(isa, isa)
        lines.append(f"- [{title}](bench/RESULTS.md#{anchor(title)}): "
                     + (summary.group(1) if summary else "see there") + ".")
    with open(path, "w") as f:
        f.write(text[:begin] + README_BEGIN + "\n" + "\n".join(lines) + "\n" + text[end:])
    log(f"updated the benchmark summary in {path}")


def write_markdown(path, lines, plots):
    md = ["# aclnn-cpu benchmark results", ""] + lines
    if plots:
        md += ["", "## Plots", ""] + [f"![{os.path.splitext(p)[0]}]({p})" for p in plots]
    with open(path, "w") as f:
        f.write("\n".join(md) + "\n")


# ---- plots --------------------------------------------------------------------------------------

def make_plots(args, out, cases, notes):
    gnuplot = shutil.which("gnuplot")
    if args.no_plots:
        return []
    if gnuplot is None:
        notes.append("plots skipped: gnuplot not installed (Debian: apt-get install gnuplot-nox)")
        log(notes[-1])
        return []
    terms = subprocess.run([gnuplot, "-e", "set terminal"], capture_output=True, text=True)
    term = ("pngcairo size 1400,700 font ',10'" if "pngcairo" in (terms.stdout + terms.stderr)
            else "png size 1400,700")
    threads = sorted({k[3] for k in cases})
    plots = []
    for op in OPS:
        for dtype in DTYPES:
            keys = [k for k in cases if k[0] == op and k[1] == dtype]
            if not keys:
                continue
            impls = [i for i in STYLES if any(i in cases[k] for k in keys)]
            # Log-log: the ratios between lines (what the targets are about) read the same everywhere.
            script = [f"set terminal {term} noenhanced", f"set output '{op}_{dtype}.png'",
                      f"set multiplot layout 1,{len(threads)} title '{op} backward, {dtype}: throughput against N "
                      "(higher is better; log scales). ours = aclnn-cpu public API; phase 2 = repeatable executor; "
                      "oneDNN at its best stack alignment; roofline = c=a*b, same traffic'",
                      "set logscale xy 2", "set grid", "set key below horizontal maxcols 4 font ',9'",
                      "set ylabel 'Gelem/s'", "set format y '%g'"]
            sizes = sorted({k[2] for k in keys})
            script.append("set xtics (" + ", ".join(f"'{size_label(n)}' {n}" for n in sizes) + ")")
            script.append(f"set xrange [{sizes[0] / 1.5}:{sizes[-1] * 1.5}]")
            for t in threads:
                blocks, plot = [], []
                for impl in impls:
                    pts = [(n, cases[(op, dtype, n, t)][impl]["gelem_s"]) for n in sizes
                           if (op, dtype, n, t) in cases and impl in cases[(op, dtype, n, t)]]
                    if not pts:
                        continue
                    block = f"$d_{impl}_{t}"
                    blocks += [f"{block} << EOD"] + [f"{n} {g}" for n, g in pts] + ["EOD"]
                    title, style = STYLES[impl]
                    plot.append(f"{block} using 1:2 with linespoints {style} title '{title}'")
                script += blocks
                script.append(f"set title '{t} thread{'s' if t > 1 else ''}'")
                script.append("plot " + ", \\\n     ".join(plot))
            script.append("unset multiplot")
            gp = os.path.join(out, f"{op}_{dtype}.gp")
            with open(gp, "w") as f:
                f.write("\n".join(script) + "\n")
            r = subprocess.run([gnuplot, os.path.basename(gp)], cwd=out, capture_output=True, text=True)
            if r.returncode != 0:
                notes.append(f"gnuplot failed on {os.path.basename(gp)}: {r.stderr.strip()[:200]}")
                log(notes[-1])
            else:
                plots.append(f"{op}_{dtype}.png")
    return plots



def note_missing_dnnl(cases, path, notes):
    """oneDNN 2.6 has no bf16 eltwise below AVX-512: say so instead of leaving a silent gap."""
    bf16 = [v for k, v in cases.items() if k[1] == "bf16" and "aclnn" in v]
    if bf16 and any("onednn" in v for k, v in cases.items() if k[1] == "fp32") and \
            not any("onednn" in v for v in bf16):
        notes.append(f"oneDNN has no bf16 eltwise backward on this path ({path}): no oneDNN bf16 rows")


def measure_path(args, path, out):
    """Runs one ISA path into out; returns (meta, cases, kernel rows, c rows, notes)."""
    env, torch_variants = path_env(path)
    notes = []
    t0 = datetime.datetime.now(datetime.timezone.utc)
    krows = run_kernels(args, env, out)
    c_rows = run_c_bench(args, env, out, notes)
    torch_rows = run_torch(args, torch_variants, notes)
    cases = index_rows(c_rows + torch_rows)
    write_combined(os.path.join(out, "bench.csv"), cases)
    note_missing_dnnl(cases, path, notes)
    meta = {"path": path, "date": t0.strftime("%Y-%m-%d %H:%M UTC"),
            "elapsed": (datetime.datetime.now(datetime.timezone.utc) - t0).total_seconds(),
            "command": rel_command(sys.argv[1:]) + ("" if args.isa == path else f" (path {path})"),
            "caps": path_caps(path), "cpu": cpu_model(), "ncpu": os.cpu_count(), "samples": args.samples,
            "min_ms": args.min_ms, "sizes": args.sizes, "threads": args.threads}
    return meta, cases, krows, c_rows, notes


def measured_isa(c_rows, krows):
    """(isa, native bf16) the library ran: from the kernels run, else the C bench's isa column."""
    if krows:
        return krows[0]["isa"], krows[0]["native_bf16"] == "1"
    return next((r["isa"] for r in c_rows if r["impl"] == "aclnn"), "unknown"), False


def save_notes(out, meta, notes):
    """OUT/notes.txt: the run's settings on the first lines (key value), then the notes."""
    keys = ("path", "date", "elapsed", "command", "caps", "cpu", "ncpu", "samples", "min_ms", "sizes", "threads")
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("".join(f"@{k} {meta[k]}\n" for k in keys) + "".join(n + "\n" for n in notes))


def load_notes(out):
    meta, notes = {}, []
    with open(os.path.join(out, "notes.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("@"):
                key, _, value = line[1:].partition(" ")
                meta[key] = value
            elif line.strip():
                notes.append(line)
    if "date" not in meta:
        sys.exit(f"run_bench: {out}/notes.txt is from an older run_bench.py (no @date line): rerun the benchmark")
    for key, conv in (("elapsed", float), ("samples", int), ("min_ms", float)):
        meta[key] = conv(meta[key])
    return meta, notes


def do_path(args, path, out):
    os.makedirs(out, exist_ok=True)
    if args.render_only:
        with open(os.path.join(out, "bench.csv")) as f:
            c_rows = read_csv_rows(f)
        krows = read_kernel_rows(os.path.join(out, "kernels.csv"))
        meta, notes = load_notes(out)
        cases = index_rows(c_rows)
    else:
        meta, cases, krows, c_rows, notes = measure_path(args, path, out)
    meta["isa"], meta["native_bf16"] = measured_isa(c_rows, krows)
    if path in ("avx2", "avx512") and meta["isa"] != path:
        sys.exit(f"run_bench: --isa {path} ran the library's {meta['isa']} kernels (not built in?)")
    plots = make_plots(args, out, cases, notes)
    if not args.render_only:
        save_notes(out, meta, notes)
    lines, met = section_lines(meta, cases, krows, notes)
    md = os.path.join(out, "results.md")
    write_markdown(md, lines, plots)
    if args.publish:
        publish(args.publish, meta["isa"], lines)
    print()
    print("\n".join(lines).split("### All cases")[0].rstrip())
    log(f"wrote {os.path.join(out, 'bench.csv')}, {md}" + (f" and {len(plots)} plots" if plots else "")
        + f" ({meta['elapsed']:.0f} s)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", required=True, help="path of aclnn_cpu_bench")
    ap.add_argument("--out", required=True, help="output folder (with --isa all: one subfolder per path)")
    ap.add_argument("--isa", default="native", choices=["avx2", "avx512", "native", "all"],
                    help="ISA path(s) to measure (default native); see above")
    ap.add_argument("--publish", metavar="ROOT",
                    help="replace the path's section of ROOT/bench/RESULTS.md and the summary in ROOT/README.md")
    ap.add_argument("--sizes", default="4K,64K,1M,16M,64M")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--ops", default=None, help="default: every operator of aclnn_cpu_bench --list-ops")
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    # 25 samples of >= 10 ms (35 took about 7 minutes per path): one path (kernels, C bench, PyTorch) takes
    # about 5 minutes on an idle 2-core machine, both paths of --isa all about 10.
    ap.add_argument("--samples", type=int, default=25)
    ap.add_argument("--min-ms", type=float, default=10.0)
    ap.add_argument("--torch-python", help="python3 with torch (default: /usr/bin/python3, then this one)")
    ap.add_argument("--no-torch", action="store_true")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--render-only", action="store_true",
                    help="measure nothing: redo results.md, the plots (and --publish) from OUT's CSVs and notes.txt")
    args = ap.parse_args()
    if not args.render_only or os.path.exists(args.bench):
        load_ops(args.bench)
    if args.ops is None:
        args.ops = ",".join(OPS)
    if not args.render_only:
        paths = resolve_paths(args.isa)
    elif args.isa == "all":  # render what an --isa all run left, whatever this CPU has
        paths = sorted(d for d in ("avx2", "avx512", "native") if os.path.isdir(os.path.join(args.out, d)))
    else:
        paths = [args.isa]
    for path in paths:
        do_path(args, path, args.out if len(paths) == 1 and args.isa != "all" else os.path.join(args.out, path))


if __name__ == "__main__":
    main()
