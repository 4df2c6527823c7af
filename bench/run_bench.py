#!/usr/bin/env python3
"""Runs the whole benchmark on one or more ISA paths and renders its results
(`cmake --build <dir> --target run_bench`, which `./build.sh bench` runs with --isa all --publish).

Every case of the operator registry (aclnn_cpu_bench --list-cases: each API by its snake name, plus
the named variants) appears in every mode; the sizes and thread counts are chosen per mode to keep
the run short:

  1. kernels  aclnn_cpu_bench --kernels: each case's kernel (the registry's) and each exp variant
              alone, one thread, L1-resident, every dtype, against the same-run memory roofline
              (OUT/kernels.csv),
  2. main     aclnn_cpu_bench: ours (whole two-phase call, phase 2 alone), the rooflines of the same
              traffic (regular and streaming stores), the fused AVX2 loop where a case has one,
              oneDNN (eltwise, four stack alignments) and PyTorch (aten, libtorch's C++ API), all in
              one process on the same tensors, samples interleaved (OUT/bench.csv): every case at
              64K and 1M (in cache) and 16M (DRAM), 1 and 2 threads, in fp32 and bf16 (at 16M in
              fp64 too, where the API takes it), and at 64M (DRAM) in fp32; the cases with a fused
              loop also at 4K, and in fp16 and fp64 (MAIN_PASSES),
  3. busy     aclnn_cpu_bench --busy: a process spins on one CPU while every case runs in fp32 and
              bf16 at 64K, 1M and 16M with 1 and 2 threads, samples interleaved (OUT/busy.csv),

then writes OUT/results.md and, with gnuplot, OUT/<case>_<dtype>.png for the cases measured at 3
sizes or more.

ISA paths (--isa): avx2 caps the library to AVX2 (ACLNN_CPU_MAX_ISA=avx2) so that an AVX-512 machine
stands in for an AVX2-only CPU; avx512 caps it to AVX-512; native: no cap; all: avx2, then avx512
when the CPU has it, each into OUT/<isa>/. The bench caps both peers to the library's ISA itself,
before their first use (DNNL_MAX_CPU_ISA, ATEN_CPU_CAPABILITY); run_bench.py removes any such
setting of its own environment so that the bench's caps apply.

--publish ROOT replaces the path's section of ROOT/bench/RESULTS.md (one section per ISA path;
the others are kept as they are, with their own CPU and date). OUT/notes.txt keeps the run's
settings and notes: --render-only redoes results.md, the plots (and, with --publish, the section)
from OUT's CSVs without measuring. Only the standard library is used here."""
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
DTYPES = ["fp32", "fp16", "bf16", "fp64"]
PATH_TITLES = {"avx2": "AVX2 path", "avx512": "AVX-512 path", "neon": "NEON path", "scalar": "scalar path"}
# The main mode's passes (see the docstring): which cases ("all", or "fused": those with a fused
# loop), sizes, threads, dtypes, samples; each sample lasts at least 5 ms. With ~50 cases the "all"
# passes dominate: every target's sizes and thread counts (in cache 64K and 1M, DRAM 16M and 64M,
# 1 and 2 threads), fewer samples at 16M and 64M (64M in fp32 only: 768 MiB a case; fp64, which the
# DRAM target names, at 16M: 384 MiB).
MAIN_PASSES = [
    ("all", "64K,1M", "1,2", "fp32,bf16", 7),
    ("all", "16M", "1,2", "fp32,bf16,fp64", 5),
    ("all", "64M", "1,2", "fp32", 3),
    ("fused", "4K", "1,2", "fp32,fp16,bf16,fp64", 11),
    ("fused", "1M", "1,2", "fp16,fp64", 11),
    ("fused", "64K,16M", "1,2", "fp16,fp64", 11),
]
BUSY = {"sizes": "64K,1M,16M", "threads": "1,2", "dtypes": "fp32,bf16"}
PEERS = ["onednn", "torch"]
PEER_TITLES = {"onednn": "oneDNN", "torch": "PyTorch"}
STYLES = {
    "aclnn": ("ours, whole call", "lw 3 lc rgb '#d62728' pt 7"),
    "aclnn_phase2": ("ours, phase 2", "lw 2 dt 2 lc rgb '#d62728' pt 6"),
    "fused": ("fused AVX2 loop", "lw 1 dt 3 lc rgb '#7f7f7f' pt 1"),
    "onednn": ("oneDNN", "lw 2 lc rgb '#1f77b4' pt 5"),
    "torch": ("PyTorch", "lw 2 lc rgb '#2ca02c' pt 9"),
    "roofline": ("roofline", "lw 2 lc rgb 'black' pt 3"),
    "roofline_nt": ("roofline NT stores", "lw 1 dt 2 lc rgb 'black' pt 2"),
}


def log(msg):
    print(f"run_bench: {msg}", flush=True)


def size_label(n):
    for unit, div in (("M", 1 << 20), ("K", 1 << 10)):
        if n % div == 0 and n >= div:
            return f"{n // div}{unit}"
    return str(n)


def load_cases(bench):
    """[{name, api, op_type, kernel_inputs, inplace, fused, variant}] of aclnn_cpu_bench --list-cases."""
    proc = subprocess.run([bench, "--list-cases"], capture_output=True, text=True)
    rows = list(csv.DictReader(line for line in proc.stdout.splitlines() if line.strip()))
    if proc.returncode != 0 or not rows:
        sys.exit(f"run_bench: {bench} --list-cases failed (status {proc.returncode})")
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
    """The environment of the bench on a path: the library capped, the peers left to the bench."""
    env = dict(os.environ)
    for var in ("ACLNN_CPU_MAX_ISA", "DNNL_MAX_CPU_ISA", "ONEDNN_MAX_CPU_ISA", "ATEN_CPU_CAPABILITY"):
        env.pop(var, None)
    if path in ("avx2", "avx512"):
        env["ACLNN_CPU_MAX_ISA"] = path
    return env


def rel_command(argv, script="bench/run_bench.py"):
    """A bench script's command line with paths inside the source tree made relative to it."""
    words = [script]
    for a in argv:
        inside = os.path.isabs(a) and (a == ROOT or a.startswith(ROOT + os.sep))
        words.append(os.path.relpath(a, ROOT) if inside else a)
    return " ".join(words)


# ---- running ------------------------------------------------------------------------------------

def stream(cmd, env, notes):
    """Runs cmd, echoing its stdout; collects its '# note:' and '# peers' lines; returns lines."""
    log("running " + " ".join(cmd))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    lines = []
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line)
        if line.startswith("# note:"):
            notes.append(line[len("# note:"):].strip())
        elif line.startswith("# peers") or line.startswith("# aclnn_cpu_bench:"):
            notes.append(line[2:].strip())
    if proc.wait() != 0:
        sys.exit(f"run_bench: {cmd[0]} {' '.join(cmd[1:3])} failed (status {proc.returncode})")
    return lines


def timing_args(args, samples, min_ms):
    return ["--samples", str(samples if args.samples is None else args.samples),
            "--min-ms", str(min_ms if args.min_ms is None else args.min_ms)]


def run_kernels(args, env, out, notes):
    path = os.path.join(out, "kernels.csv")
    stream([args.bench, "--kernels", "--csv", path, "--ops", args.ops] + timing_args(args, 15, 5), env, notes)
    return path


def run_main(args, env, out, cases, notes):
    """The main mode's passes into one CSV (the bench's CSV format)."""
    fused = ",".join(c["name"] for c in cases if c["fused"] == "1" and c["name"] in args.ops.split(","))
    passes = [p for p in MAIN_PASSES if p[0] == "all" or (fused and not args.quick)]
    rows = []
    for k, (which, sizes, threads, dtypes, samples) in enumerate(passes):
        part = os.path.join(out, f"main{k}.csv")
        stream([args.bench, "--table", "--csv", part, "--ops", args.ops if which == "all" else fused, "--sizes", sizes,
                "--threads", threads, "--dtypes", dtypes] + timing_args(args, samples, 5), env, notes)
        with open(part) as f:
            rows += list(csv.DictReader(f))
        os.remove(part)
    path = os.path.join(out, "bench.csv")
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()) if rows else ["op"], lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    return path


def run_busy(args, env, out, notes):
    path = os.path.join(out, "busy.csv")
    stream([args.bench, "--busy", "--table", "--csv", path, "--ops", args.ops, "--sizes", BUSY["sizes"],
            "--threads", BUSY["threads"], "--dtypes", BUSY["dtypes"]] + timing_args(args, 7, 4), env, notes)
    return path


# ---- reading the CSVs ---------------------------------------------------------------------------

def read_rows(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        for k in ("n", "threads", "reads"):
            if k in r and r[k] not in (None, ""):
                r[k] = int(r[k])
        for k in ("gelem_s", "median_us", "spread_pct", "t1_us", "tT_us", "ratio", "spread1_pct", "spreadT_pct"):
            if k in r and r[k] not in (None, ""):
                r[k] = float(r[k])
    return rows


def index_cases(rows):
    """{(op, dtype, n, threads): {impl: row}}"""
    cases = {}
    for r in rows:
        cases.setdefault((r["op"], r["dtype"], r["n"], r["threads"]), {})[r["impl"]] = r
    return cases


def sort_key(order):
    return lambda key: (order.index(key[0]) if key[0] in order else len(order), DTYPES.index(key[1]), key[2], key[3])


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


def fmt(v, spec=".2f", none="-"):
    return none if v is None else format(v, spec)


def kernel_row(krows, op, dtype, op_type=None):
    """The --kernels row of the case's kernel: its own row, else (a case that shares the kernel and its
    parameters with an earlier case, such as an in-place form) the one row of its operator type, or None."""
    rows = [r for r in krows if r["kind"] == "kernel" and r["dtype"] == dtype]
    hit = next((r for r in rows if r["name"] == op), None)
    same_type = [r for r in rows if op_type is not None and r.get("op_type") == op_type]
    return hit or (same_type[0] if len(same_type) == 1 else None)


# A kernel row's grain (kernels/acpu_kernel_list.h: fewest elements per thread that repay a fork) is
# below this for every kernel that computes a transcendental (exp, tanh, erf: 1024..4096) and above
# it for the compare / multiply-add kernels (ACPU_GRAIN_MEMORY_BOUND).
MEMORY_GRAIN = 16384


def dram_floor(isa, dtype, grain):
    """The issue's DRAM target for a case: 16-bit exp ops >= 0.85 of the roofline on AVX-512 and >= 0.75
    on AVX2 (and the other paths); fp32, fp64 and every memory-bound kernel >= 0.90."""
    if dtype in ("fp16", "bf16") and 0 < grain < MEMORY_GRAIN:
        return 0.85 if isa == "avx512" else 0.75
    return 0.90


# ---- targets ------------------------------------------------------------------------------------

def case_name(key):
    op, dtype, n, thr = key
    return f"{op} {dtype} {size_label(n)} T{thr}"


def verdict(fails, total):
    if total == 0:
        return "not measured (no such cases in this run)"
    return "**met**" if not fails else f"**not met** ({len(fails)} of {total} cases)"


def lowest(items, k=6, highest=False):
    items = sorted(items, key=lambda t: -t[1] if highest else t[1])[:k]
    word = "Highest" if highest else "Lowest"
    return (f" {word}: " + "; ".join(f"{name} {val:.2f}" for name, val in items) + ".") if items else ""


ELEM_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "fp64": 8}
STREAM_MIN_BYTES = 16 << 20  # ACPU_STREAM_MIN_BYTES (settings/acpu_settings.h)


def row_grain(row):
    """A kernel row's grain (0 for no row, or a row without one)."""
    return int(row.get("grain") or 0) if row else 0


def streams(row, dtype, n, inplace):
    """Whether the library streams the case's output by default (ACLNN_CPU_STREAM_STORES=auto) as a
    memory-bound kernel's: an output of STREAM_MIN_BYTES or more, not in place. (It also streams the
    16-bit lookups read one load per element, which the DRAM target holds to the 16-bit exp ops'
    floor on the regular-store roofline.)"""
    return row_grain(row) >= MEMORY_GRAIN and not inplace and n * ELEM_BYTES.get(dtype, 4) >= STREAM_MIN_BYTES


def bytes_bound(row):
    """Whether a kernel row's form costs its bytes (the kernels CSV's bytes_bound column; a CSV from
    before it: the memory-bound grain)."""
    if not row:
        return False
    if row.get("bytes_bound") not in (None, ""):
        return row["bytes_bound"] == "1"
    return row_grain(row) >= MEMORY_GRAIN


def targets(cases, krows, busy, isa, op_types, inplace_ops=frozenset()):
    """The performance targets on this run's cases: (lines, {number: met / not met / not measured})."""
    lines, met = [], {}
    # 1. in cache: ours / best peer >= 1.25
    vals = [(case_name(k) + f" vs {PEER_TITLES[bp[0]]}", v["aclnn"]["gelem_s"] / bp[1])
            for k, v in cases.items() if k[2] in (64 << 10, 1 << 20) and "aclnn" in v and (bp := best_peer(v))]
    fails = [t for t in vals if t[1] < 1.25]
    lines.append(f"1. In cache (64K, 1M), 1 and 2 threads, ours / best peer >= 1.25: {verdict(fails, len(vals))}."
                 + lowest(vals))
    # Below it, three groups: (a) the kernel alone (threads x its kernel-ceiling speed, no call around
    # it) under 1.25x the peer's whole call, where it is the call's ceiling (ours no faster than it
    # but for the noise between the kernel row's fastest sample and the call's median: 10%,
    # and the call runs that kernel: no 16-bit lookup table, whose cases have an aclnn_direct row):
    # the kernel itself is too slow; (b) of the others, those where 1.25x the peer would pass the
    # same-run roofline at that size (the peer at more than 0.8 of it; a peer past 1.25x the
    # roofline means a broken roofline sample, not counted here): ours would have to beat the loop
    # that moves the same bytes; (c) the rest, with the share of its ceiling the whole call reaches
    # (the lower of T x the kernel alone and the T-thread roofline, T the threads the call runs:
    # one for an in-place call of a form that costs its bytes, which the doubled grain keeps on one
    # thread, counted too).
    kernel_short, roof_bound, call_short, call_t1, above, inplace_one = [], [], [], [], [], 0
    for k, v in cases.items():
        op, dtype, n, thr = k
        bp = best_peer(v) if n in (64 << 10, 1 << 20) and "aclnn" in v else None
        if not bp or v["aclnn"]["gelem_s"] / bp[1] >= 1.25:
            continue
        ours = v["aclnn"]["gelem_s"]
        row = kernel_row(krows, op, dtype, op_types.get(op))
        name = case_name(k) + f" vs {PEER_TITLES[bp[0]]}"
        roof = v["roofline"]["gelem_s"] if "roofline" in v else None
        kernel = row["gelem_s"] * thr if row else None
        if kernel and kernel / bp[1] < 1.25 and ours <= 1.1 * kernel and "aclnn_direct" not in v:
            kernel_short.append((name, kernel / bp[1]))
        elif roof and 0.8 * roof < bp[1] <= 1.25 * roof:
            roof_bound.append((name, bp[1] / roof, ours / roof))
        else:
            one = op in inplace_ops and bytes_bound(row) and thr > 1 and n <= 2 * row_grain(row)
            inplace_one += one
            one_roof = cases.get((op, dtype, n, 1), {}).get("roofline")
            ceil_roof = one_roof["gelem_s"] if one and one_roof else roof
            if row and ceil_roof:
                share = ours / min(row["gelem_s"] * (1 if one else thr), ceil_roof)
                if share >= 1.0:  # the call is not below its ceiling: that ceiling is below the peer
                    above.append((f"{name} {ours / bp[1]:.2f}, share", share))
                    inplace_one -= one
                    continue
                call_short.append((case_name(k), share))
                t1 = cases.get((op, dtype, n, 1), {})
                if thr > 1 and not one and "aclnn" in t1 and "roofline" in t1:
                    call_t1.append((f"{op} {dtype} {size_label(n)}", share,
                                    t1["aclnn"]["gelem_s"] / min(row["gelem_s"], t1["roofline"]["gelem_s"])))
    if fails:
        rest = len(fails) - len(kernel_short) - len(roof_bound) - len(above)
        span = lambda i: f"{min(t[i] for t in roof_bound):.2f} to {max(t[i] for t in roof_bound):.2f}"
        lines += [f"   - of the {len(fails)} below, {len(kernel_short)} have a kernel that alone (threads x the"
                  " kernel-ceiling speed, L1-resident, no call around it; the call no faster than it and running"
                  " that kernel, not a lookup table) runs below 1.25x the peer's whole call: the kernel itself"
                  " limits them (for the exp ops, CANN's formula in fp32)." + lowest(kernel_short),
                  f"   - {len(roof_bound)} more would have to beat the same-run roofline (the loop that moves the"
                  " same bytes at that size): the peer already runs at more than 0.8 of it, so 1.25x the peer"
                  + (f" is above it (peer / roofline {span(1)}; ours {span(2)})." if roof_bound else " is above it.")
                  + (f" {len(above)} more run at or above their own ceiling (the lower of T x the kernel alone and the"
                     " roofline), which is below 1.25x the peer: the kernel row or the roofline limits them, not the"
                     " call (ours / peer, ours / ceiling)." + lowest(above, k=len(above), highest=True)
                     if above else ""),
                  f"   - the other {rest} lose in the call around the kernel: the whole call reaches this share of"
                  " its ceiling, the lower of T x the kernel alone and the T-thread roofline, T the threads it"
                  " runs (planning, the fork and join, staging, the cache traffic of a 1M call); of them,"
                  f" {inplace_one} {'is an in-place call' if inplace_one == 1 else 'are in-place calls'} asked for"
                  f" 2 threads that {'runs' if inplace_one == 1 else 'run'} on one, of a memory-bound kernel's form"
                  " that costs its bytes (fp32, fp64, the integers, or 16-bit on bit patterns), up to 96K elements"
                  " in place (twice ACPU_GRAIN_MEMORY_BOUND; T = 1 for "
                  + ("it)." if inplace_one == 1 else "them).") + lowest(call_short)]
        if call_t1:
            good = [t for t in call_t1 if t[2] >= 0.85]
            low = [t for t in call_t1 if t[2] < 0.85]
            lines.append(f"     Of them, {len(call_t1)} run 2 threads; {len(good)} of those reach 0.85 or more of their"
                         " 1-thread ceiling at 1 thread (the same case, same run): the second thread's fork, join and"
                         " shared cache traffic cost what the call loses (share at 1 thread, at 2)."
                         + lowest([(f"{n}: 1T {b:.2f}, 2T", a) for n, a, b in good])
                         + (f" The other {len(low)} fall short at 1 thread as well (share at 1 thread, at 2)."
                            + lowest([(f"{n}: 1T {b:.2f}, 2T", a) for n, a, b in low], k=len(low)) if low else ""))
    met[1] = (fails, vals)
    # 2. DRAM: ours / roofline >= the case's floor (dram_floor); ahead of every peer.
    # Each case below its floor falls in one group: a 16-bit lookup table (it has an aclnn_direct row),
    # a kernel whose compute ceiling is below the roofline, or a kernel that keeps up (the call around
    # it falls short: its phase-2 share beside). A streamed case under 0.90 of roofline NT: its kernel
    # ceiling below that too, or the copy through the L1 chunk (ours against both rooflines). Behind a
    # peer: the kernel alone slower than the peer's call, or the peer at the memory limit (0.9-1.25 of
    # the roofline; above it, a roofline sample that stalled), or neither (both against the roofline).
    mem, peers, compute, tabled, call_dram = [], [], [], [], []
    streamed, stream_ceiling, stream_copy = [], [], []
    peer_kernel, peer_roof, peer_other = [], [], []
    for k, v in cases.items():
        op, dtype, n, thr = k
        if n < (16 << 20) or "aclnn" not in v or "roofline" not in v:
            continue
        row = kernel_row(krows, op, dtype, op_types.get(op))
        name, ours, roof = case_name(k), v["aclnn"]["gelem_s"], v["roofline"]["gelem_s"]
        kernel = row["gelem_s"] * thr if row and "aclnn_direct" not in v else None  # None: a lookup table
        floor = dram_floor(isa, dtype, row_grain(row))
        mem.append((f"{name} (floor {floor:.2f})", ours / roof, floor))
        if ours / roof < floor and "aclnn_direct" in v:
            tabled.append((name, ours / roof))
        elif ours / roof < floor and kernel and kernel < roof:
            compute.append((name, kernel / roof))
        elif ours / roof < floor and kernel:
            call_dram.append((f"{name} {ours / roof:.2f} /", v.get("aclnn_phase2", v["aclnn"])["gelem_s"] / roof))
        if streams(row, dtype, n, op in inplace_ops) and "roofline_nt" in v:
            nt = v["roofline_nt"]["gelem_s"]
            streamed.append((name, ours / nt))
            if ours / nt < 0.90 and kernel and kernel < 0.90 * nt:
                stream_ceiling.append((name, kernel / nt))
            elif ours / nt < 0.90:
                stream_copy.append((f"{name} {ours / nt:.2f},", ours / roof))
        bp = best_peer(v)
        if not bp:
            continue
        peer_name = f"{name} vs {PEER_TITLES[bp[0]]}"
        peers.append((peer_name, ours / bp[1]))
        if ours >= bp[1]:
            continue
        if kernel and kernel < bp[1]:
            peer_kernel.append((peer_name, kernel / bp[1]))
        elif 0.9 * roof <= bp[1] <= 1.25 * roof:
            peer_roof.append((peer_name, ours / bp[1]))
        else:
            peer_other.append((f"{peer_name} {ours / bp[1]:.2f}: ours / roofline {ours / roof:.2f}, peer / roofline",
                               bp[1] / roof))
    mem_fails = [t for t in mem if t[1] < t[2]]
    peer_fails = [t for t in peers if t[1] < 1.0]
    streamed_fails = [t for t in streamed if t[1] < 0.90]
    dram_sizes = ", ".join(size_label(n) for n in sorted({k[2] for k in cases if k[2] >= (16 << 20)}))
    lines += [f"2. DRAM ({dram_sizes or 'not run'}), 1 and 2 threads: "
              f"{verdict(mem_fails + peer_fails, len(mem) + len(peers)).replace('cases', 'checks')}.",
              "   - ours / same-run roofline >= 0.90 (fp32, fp64, every memory-bound kernel), >= 0.85 (AVX-512) or"
              f" 0.75 (AVX2) for the 16-bit exp ops: {verdict(mem_fails, len(mem))}."
              + lowest([(t[0], t[1]) for t in mem]),
              f"   - of the {len(mem_fails)} below their floor, {len(compute)} run a kernel (not a 16-bit lookup"
              " table) whose compute ceiling (threads x the kernel alone, kernel-ceiling table) is below the"
              " roofline: the kernel, not the memory, limits them (ceiling / roofline)." + lowest(compute)
              + (f" {len(tabled)} more run a 16-bit lookup table (about one element per cycle and core: the"
                 " kernel-ceiling rows are not theirs; ours / roofline)." + lowest(tabled) if tabled else "")
              + (f" The other {len(call_dram)} run a kernel that alone keeps up with the roofline: the call around it"
                 " falls short (ours / roofline, phase 2 / roofline; an in-place case's roofline reads and writes one"
                 " array, of which a large L3 may hold part)."
                 + lowest(call_dram, k=len(call_dram))
                 if call_dram else ""),
              f"   - the {len(streamed)} cases of memory-bound kernels whose output the library streams (outputs of"
              " 16 MiB or more, not in place: ACLNN_CPU_STREAM_STORES=auto) may pass the regular-store roofline,"
              " as they skip the output's reads; against the streaming-store roofline (roofline NT), >= 0.90: "
              f"{verdict(streamed_fails, len(streamed))}." + lowest(streamed)
              + (f" Of the {len(streamed_fails)} below, {len(stream_ceiling)} run a kernel whose ceiling (threads x the"
                 " kernel alone) is itself below 0.90 of roofline NT (ceiling / roofline NT)." + lowest(stream_ceiling)
                 + f" The other {len(stream_copy)} write their output through an L1-resident chunk that a streaming copy"
                 " then writes out: a load and a store per element more than the roofline NT loop, which writes its"
                 f" results directly; {sum(t[1] >= 0.90 for t in stream_copy)} of them reach 0.90 of the"
                 " regular-store roofline or more (ours / roofline NT, ours / roofline)." + lowest(stream_copy)
                 if streamed_fails else ""),
              f"   - ahead of every peer (ours / best peer >= 1.00): {verdict(peer_fails, len(peers))}." + lowest(peers)
              + (f" Of the {len(peer_fails)} behind, {len(peer_kernel)} run a kernel that alone (threads x the"
                 " kernel-ceiling speed) is slower than the peer's whole call: CANN's formula in fp32 costs more than"
                 " the peer's (kernel ceiling / peer)." + lowest(peer_kernel)
                 + f" {len(peer_roof)} more are behind a peer that runs at the memory limit (0.9 to 1.25 of the"
                 " roofline; ours / peer)." + lowest(peer_roof)
                 + (f" The other {len(peer_other)} (ours / peer, ours / roofline, peer / roofline: a peer above 1.25 of"
                    " the roofline means a roofline sample that stalled)."
                    + lowest(peer_other, k=len(peer_other)) if peer_other else "")
                 if peer_fails else "")]
    met[2] = (mem_fails + peer_fails, mem + peers)
    # 3. scaling: from 64K up, 2 threads >= 1.8 x 1 thread where the 2-thread roofline is not the limit;
    #    beside each, the roofline loop's own 2-thread / 1-thread ratio at that size, same run: under 1.8
    #    the machine (its second CPU, the fork and join at small sizes) limits a plain OpenMP loop as well
    vals, roof_scaling, key_of = [], {}, {}
    for k, v in cases.items():
        op, dtype, n, thr = k
        one = cases.get((op, dtype, n, 1))
        if n >= (64 << 10) and thr == 2 and one and "aclnn" in v and "aclnn" in one and "roofline" in v \
                and v["aclnn"]["gelem_s"] < 0.9 * v["roofline"]["gelem_s"]:
            name = f"{op} {dtype} {size_label(n)}"
            key_of[name] = (op, dtype, n)
            vals.append((name, v["aclnn"]["gelem_s"] / one["aclnn"]["gelem_s"]))
            if "roofline" in one:
                roof_scaling[name] = v["roofline"]["gelem_s"] / one["roofline"]["gelem_s"]
    fails = [t for t in vals if t[1] < 1.8]
    lines.append("3. From 64K up, 2 threads / 1 thread >= 1.8 (cases below 0.90 of the same-run 2-thread roofline): "
                 f"{verdict(fails, len(vals))}." + lowest(vals))
    # a roofline whose 2-thread samples ran slower than its 1-thread ones collapsed (a thread the OS
    # did not run: the plain OpenMP loop has no back-off): no evidence about the machine's second CPU
    roof_short = [(name, roof_scaling[name]) for name, _ in fails if 1.0 <= roof_scaling.get(name, 2.0) < 1.8]
    roof_broken = [(name, roof_scaling[name]) for name, _ in fails if roof_scaling.get(name, 2.0) < 1.0]
    rest = []
    for name, ratio in fails:
        if name not in roof_scaling or roof_scaling[name] < 1.8:
            continue
        one, two = cases[key_of[name] + (1,)], cases[key_of[name] + (2,)]
        rest.append((f"{name} {ratio:.2f}: 1T {one['aclnn']['gelem_s'] / one['roofline']['gelem_s']:.2f}, 2T",
                     two["aclnn"]["gelem_s"] / two["roofline"]["gelem_s"]))
    if fails:
        lines.append(f"   - of the {len(fails)} below, {len(roof_short)} are at sizes where the same-run roofline loop"
                     " (a plain OpenMP loop over the same traffic) also scaled below 1.8 from 1 to 2 threads: the"
                     " machine's second CPU or the fork and join limit both (roofline 2T / 1T)." + lowest(roof_short)
                     + (f" For {len(roof_broken)} more the roofline's own 2-thread samples ran slower than its 1-thread"
                        " ones (2T / 1T below 1): that loop stalled on a thread the OS did not run, which says nothing"
                        " of the second CPU (roofline 2T / 1T)." + lowest(roof_broken) if roof_broken else "")
                     + (f" The other {len(rest)} scale below 1.8 where the roofline loop did not (2T / 1T, then ours"
                        " / roofline at 1 and at 2 threads)." + lowest(rest, k=len(rest)) if rest else ""))
    met[3] = (fails, vals)
    # 4. busy core: 2-thread time <= 1.3 x 1-thread time
    vals = [(f"{r['op']} {r['dtype']} {size_label(r['n'])}", r["ratio"]) for r in busy]
    fails = [t for t in vals if t[1] > 1.3]
    lines.append("4. A core kept busy (`--busy`): 2-thread time / 1-thread time <= 1.3: "
                 f"{verdict(fails, len(vals))}." + lowest(vals, highest=True)
                 + (" Above 1.3, with the same mode's roofline loop (a plain OpenMP loop, no back-off): T-thread"
                    " time / 1-thread time of ours, then of that loop."
                    + lowest([(f"{r['op']} {r['dtype']} {size_label(r['n'])} {r['ratio']:.2f},",
                               float(r["roofT_us"]) / float(r["roof1_us"])) for r in busy if r["ratio"] > 1.3],
                             k=len(fails), highest=True) if fails else ""))
    met[4] = (fails, vals)
    words = {k: "not measured" if not v[1] else "not met" if v[0] else "met" for k, v in met.items()}
    return lines, words


# ---- markdown -----------------------------------------------------------------------------------

def results_table(cases, order):
    head = ["case", "dtype", "N", "thr", "ours Gelem/s (IQR)", "phase 2", "call/ph2 time", "roofline", "roofline NT",
            "ours/roofline", "fused", "oneDNN", "PyTorch", "ours/best peer"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for key in sorted(cases, key=sort_key(order)):
        v = cases[key]
        if "aclnn" not in v:
            continue
        op, dtype, n, thr = key
        ours, roof, bp = v["aclnn"], gelem(v, "roofline"), best_peer(v)
        ph2 = v.get("aclnn_phase2")
        out.append("| " + " | ".join([
            op, dtype, size_label(n), str(thr), f"{ours['gelem_s']:.3f} (±{ours['spread_pct'] / 2:.0f}%)",
            fmt(gelem(v, "aclnn_phase2"), ".3f"),
            fmt(ours["median_us"] / ph2["median_us"] if ph2 else None),
            fmt(roof, ".3f"), fmt(gelem(v, "roofline_nt"), ".3f"), fmt(ours["gelem_s"] / roof if roof else None),
            fmt(gelem(v, "fused"), ".3f"), fmt(gelem(v, "onednn"), ".3f"), fmt(gelem(v, "torch"), ".3f"),
            f"**{ours['gelem_s'] / bp[1]:.2f}** ({PEER_TITLES[bp[0]]})" if bp else "-"]) + " |")
    return out


def lookup_table(cases, order):
    """ours / the same call with the lookup tables off (aclnn_direct), one row per case and dtype that
    has such rows, one column per size and thread count."""
    cols = sorted({(k[2], k[3]) for k, v in cases.items() if "aclnn_direct" in v})
    rows = sorted({(k[0], k[1]) for k, v in cases.items() if "aclnn_direct" in v},
                  key=lambda r: sort_key(order)((r[0], r[1], 0, 0)))
    if not rows:
        return []
    head = ["case", "dtype"] + [f"{size_label(n)} T{t}" for n, t in cols]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for op, dtype in rows:
        cells = []
        for n, t in cols:
            v = cases.get((op, dtype, n, t), {})
            cells.append(fmt(v["aclnn"]["gelem_s"] / v["aclnn_direct"]["gelem_s"]
                             if "aclnn" in v and "aclnn_direct" in v else None))
        out.append("| " + " | ".join([op, dtype] + cells) + " |")
    return out


def kernel_table(krows):
    roofs = {(r["dtype"], r["reads"], r["threads"]): r["gelem_s"] for r in krows if r["kind"] == "roofline"}
    all_t = max((t for _, _, t in roofs), default=1)
    head = ["kind", "name", "kernel", "dtype", "n", "alone, 1 thread, best Gelem/s (IQR)", "roofline 1T",
            "alone / roofline 1T", f"roofline {all_t}T", f"{all_t} x alone / roofline {all_t}T", f"bound 1T / {all_t}T"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in krows:
        if r["kind"] == "roofline":
            continue
        reads = 2 if r["kind"] == "exp" else r["reads"]
        r1, rt = roofs.get((r["dtype"], reads, 1)), roofs.get((r["dtype"], reads, all_t))
        q1 = r["gelem_s"] / r1 if r1 else None
        qt = r["gelem_s"] * all_t / rt if rt else None
        bound = "/".join("-" if q is None else "compute" if q < 1 else "memory" for q in (q1, qt))
        out.append("| " + " | ".join([r["kind"], r["name"], r.get("kernel", "-"), r["dtype"], str(r["n"]),
                                      f"{r['gelem_s']:.3f} (±{r['spread_pct'] / 2:.0f}%)", fmt(r1, ".3f"), fmt(q1),
                                      fmt(rt, ".3f"), fmt(qt), bound]) + " |")
    return out


def busy_table(busy):
    head = ["case", "dtype", "N", "T", "1 thread, us (IQR)", "T threads, us (IQR)", "T / 1 time", "roofline 1T us",
            "roofline TT us"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in busy:
        ratio = f"**{r['ratio']:.2f}**" if r["ratio"] > 1.3 else f"{r['ratio']:.2f}"
        out.append("| " + " | ".join([r["op"], r["dtype"], size_label(r["n"]), str(r["threads"]),
                                      f"{r['t1_us']:.1f} (±{r['spread1_pct'] / 2:.0f}%)",
                                      f"{r['tT_us']:.1f} (±{r['spreadT_pct'] / 2:.0f}%)", ratio,
                                      f"{float(r['roof1_us']):.1f}", f"{float(r['roofT_us']):.1f}"]) + " |")
    return out


def coverage_lines(cases_list, cases, krows, busy):
    """Which registry cases each mode measured: every one, or the list of those missing."""
    names = [c["name"] for c in cases_list]
    seen = {"main": {k[0] for k in cases}, "kernels": {r["name"] for r in krows if r["kind"] == "kernel"},
            "busy": {r["op"] for r in busy}}
    out = []
    for mode, got in seen.items():
        missing = [n for n in names if n not in got]
        out.append(f"- {mode}: {len(names) - len(missing)} of {len(names)} cases"
                   + (f" (not measured: {', '.join(missing)}; kernel rows are shared by cases with the same kernel and"
                      " parameters)" if missing and mode == "kernels" else f" (not measured: {', '.join(missing)})"
                      if missing else ""))
    return out


METHOD = """- Method. ours = aclnnXxxGetWorkspaceSize + aclnnXxx + aclrtSynchronizeStream per call (public API);
  phase 2 = aclnnXxx + sync on one executor made repeatable (aclSetAclOpExecutorRepeatable); call/ph2 = time
  ratio. Roofline: out[i] = in0[i] * in1[i] ... with the same traffic (the call's inputs read, one output written;
  an in-place call reads and writes one array), regular or streaming (non-temporal) stores; the library itself
  streams the outputs of 16 MiB or more of its memory-bound kernels (ACLNN_CPU_STREAM_STORES=auto), so those
  cases can pass the regular-store roofline (the DRAM target also gives them against roofline NT). It streams
  those of its 16-bit lookups too (not in place) where the table's build chose the lookup that reads it one
  load per element (a choice made at run time; those cases keep their own floor against the regular-store
  roofline). Inputs: gradients uniform in [-1, 1], forward inputs in [-8, 8], forward results through the
  forward API when the registry has it (else a documented range, noted below); attributes at the operator's
  defaults (variants: as named).
- Peers, measured like with like: in the bench's own process, on the case's own tensors (no copies), samples
  interleaved with ours and the rooflines. oneDNN = its C API's eltwise primitive of the peers table
  (bench/bench_peers.c; the backward primitive for a case with a gradient input), the best of four stack
  alignments (stack pointer 0, 16, 32, 48 mod 64 at the call). PyTorch = the aten call of the peers table through
  libtorch's C++ API (at::xxx_out into the case's output, or the in-place form), at::set_num_threads per case.
  Both are capped to the library's ISA by the bench before their first use: DNNL_MAX_CPU_ISA and
  ATEN_CPU_CAPABILITY (the values are in the lines above).
- Gelem/s = N / time; (±x%) = half the interquartile range relative to the median. Medians of the samples;
  kernel-ceiling rows: the fastest sample."""


def busy_matrix(busy):
    """The busy pass's cases, sizes, dtypes and thread counts as its rows give them."""
    if not busy:
        return "not run"
    ops = len({r["op"] for r in busy})
    sizes = ",".join(size_label(n) for n in sorted({r["n"] for r in busy}))
    dtypes = ",".join(d for d in DTYPES if any(r["dtype"] == d for r in busy))
    threads = " and ".join(str(t) for t in sorted({1} | {r["threads"] for r in busy}))
    return f"{ops} cases at {sizes}, {dtypes} (dtypes where the API takes them), {threads} threads"


def section_lines(meta, cases_list, cases, krows, busy, notes):
    isa, nb = meta["isa"], meta["native_bf16"]
    title = PATH_TITLES.get(isa, f"{isa} path")
    target_lines, met = targets(cases, krows, busy, isa, {c["name"]: c["op_type"] for c in cases_list},
                                frozenset(c["name"] for c in cases_list if str(c.get("inplace")) in ("1", "true", "True")))
    order = [c["name"] for c in cases_list]
    md = [f"## {title}", "",
          f"<!-- bench-summary: {meta['cpu']}, ISA {isa}, measured {meta['date']} at {meta['commit']}; targets "
          + ", ".join(f"{k} {v}" for k, v in met.items()) + " -->", "",
          f"- Machine: {meta['cpu']}, {meta['ncpu']} logical CPUs; aclnn-cpu ISA {isa}, native bf16 conversion "
          f"{'on' if nb else 'off'}; library cap: {meta['caps']}.",
          f"- Run: {meta['date']}, source {meta['commit']}, {meta['elapsed']:.0f} s in all (kernels {meta['t_kernels']:.0f} s, main "
          f"{meta['t_main']:.0f} s, busy {meta['t_busy']:.0f} s): `{meta['command']}`.",
          "- Matrices: main: " + "; ".join(f"{'every case' if w == 'all' else 'the cases with a fused loop'} at {sz},"
                                           f" threads {th}, {dt}, {sa} samples" for w, sz, th, dt, sa in MAIN_PASSES)
          + f" (dtypes where the API takes them); busy: {busy_matrix(busy)}; kernels: every case, every dtype its"
          " API takes.",
          METHOD]
    md += [f"- {n}" for n in dict.fromkeys(notes)]
    md += ["", "### Coverage", ""] + coverage_lines(cases_list, cases, krows, busy)
    md += ["", "### Targets, this run", ""] + target_lines
    md += ["", "### A core kept busy (`aclnn_cpu_bench --busy`)", "",
           "A process spins on one CPU (the last of the bench's affinity set) for the whole mode; each case runs the"
           " whole call at 1 and at 2 threads, samples interleaved (the rooflines after them). The target: 2-thread"
           " time <= 1.3 x 1-thread time (bold: above). On a 2-CPU virtual machine whole runs of this mode were"
           " seen where the calling thread shared the spinner's CPU through one kind of sample only (ratios near"
           " 0.5 or 2.0 in many rows): read a row against the runs before and after it.", ""]
    md += busy_table(busy) if busy else ["Not measured in this run."]
    tables = lookup_table(cases, order)
    if tables:
        md += ["", "### What the 16-bit lookup tables buy", "",
               "The fp16 / bf16 calls that run a lookup table (ACLNN_CPU_TABLES=auto: the table of all 65536 inputs,"
               " filled once by the kernel itself) against the same call with the tables off, timed interleaved in"
               " the same run (aclnn_direct): ours / tables off, whole calls; at 16M the tables-off call also"
               " writes with regular stores where the lookup streams its output. \"-\": the call ran its kernel,"
               " not a table: a table is used only where its one-off timing when it is built (in that process: the"
               " bench runs 16M in a process of its own) found the lookup at least 10% faster than the kernel.",
               ""] + tables
    md += ["", "### Kernel ceiling (`aclnn_cpu_bench --kernels`)", ""]
    if krows:
        md += ["Each case's kernel (the registry's; cases sharing a kernel and parameters share a row) and each exp"
               " variant alone, one thread, no API, L1-resident arrays (8 KiB each), against the roofline of the same"
               " traffic at 16M elements measured in the same run (exp rows: the roofline of binary kernels). Below 1:"
               " the kernel alone is slower than memory (compute-bound at that thread count).", ""] + kernel_table(krows)
    else:
        md.append("Not measured in this run.")
    md += ["", "### All cases", ""] + results_table(cases, order)
    return md


# ---- publishing: bench/RESULTS.md sections ------------------------------------------------------

RESULTS_HEAD = """# Benchmark results

Generated by `bench/run_bench.py --publish` (`./build.sh bench` runs the AVX2 path and, on a CPU
with AVX-512, the AVX-512 path): one section per ISA path. A run replaces its path's section and
keeps the others, each naming the CPU and date it was measured on. Do not edit by hand. Options:
`aclnn_cpu_bench --help`; the peers of each case: `bench/bench_peers.c`.
"""
SECTION_RE = re.compile(r"<!-- bench-section:(\w+) begin -->\n(.*?)<!-- bench-section:\1 end -->\n", re.S)


def section_order(isa):
    order = list(PATH_TITLES)
    return (order.index(isa) if isa in order else len(order), isa)


def publish(root, isa, lines):
    """Replaces the section of `isa` in root/bench/RESULTS.md."""
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


def write_markdown(path, lines, plots):
    md = ["# aclnn-cpu benchmark results", ""] + lines
    if plots:
        md += ["", "## Plots", ""] + [f"![{os.path.splitext(p)[0]}]({p})" for p in plots]
    with open(path, "w") as f:
        f.write("\n".join(md) + "\n")


# ---- plots --------------------------------------------------------------------------------------

def make_plots(args, out, cases, notes):
    """Gelem/s against N per case and dtype measured at 3 sizes or more (one panel per thread count)."""
    gnuplot = shutil.which("gnuplot")
    if args.no_plots:
        return []
    if gnuplot is None:
        notes.append("plots skipped: gnuplot not installed (Debian: apt-get install gnuplot-nox)")
        return []
    terms = subprocess.run([gnuplot, "-e", "set terminal"], capture_output=True, text=True)
    term = "pngcairo size 1400,700 font ',10'" if "pngcairo" in terms.stdout + terms.stderr else "png size 1400,700"
    threads = sorted({k[3] for k in cases})
    plots = []
    for op, dtype in sorted({(k[0], k[1]) for k in cases}):
        keys = [k for k in cases if k[0] == op and k[1] == dtype]
        sizes = sorted({k[2] for k in keys})
        if len(sizes) < 3:
            continue
        impls = [i for i in STYLES if any(i in cases[k] for k in keys)]
        script = [f"set terminal {term} noenhanced", f"set output '{op}_{dtype}.png'",
                  f"set multiplot layout 1,{len(threads)} title '{op}, {dtype}: throughput against N (higher is better;"
                  " log scales). ours = public API; phase 2 = repeatable executor; oneDNN at its best stack alignment;"
                  " roofline = same traffic'",
                  "set logscale xy 2", "set grid", "set key below horizontal maxcols 4 font ',9'",
                  "set ylabel 'Gelem/s'", "set format y '%g'",
                  "set xtics (" + ", ".join(f"'{size_label(n)}' {n}" for n in sizes) + ")",
                  f"set xrange [{sizes[0] / 1.5}:{sizes[-1] * 1.5}]"]
        for t in threads:
            blocks, plot = [], []
            for impl in impls:
                pts = [(n, cases[(op, dtype, n, t)][impl]["gelem_s"]) for n in sizes
                       if (op, dtype, n, t) in cases and impl in cases[(op, dtype, n, t)]]
                if not pts:
                    continue
                block = f"$d_{impl}_{t}"
                blocks += [f"{block} << EOD"] + [f"{n} {g}" for n, g in pts] + ["EOD"]
                plot.append(f"{block} using 1:2 with linespoints {STYLES[impl][1]} title '{STYLES[impl][0]}'")
            script += blocks + [f"set title '{t} thread{'s' if t > 1 else ''}'", "plot " + ", \\\n     ".join(plot)]
        script.append("unset multiplot")
        gp = os.path.join(out, f"{op}_{dtype}.gp")
        with open(gp, "w") as f:
            f.write("\n".join(script) + "\n")
        r = subprocess.run([gnuplot, os.path.basename(gp)], cwd=out, capture_output=True, text=True)
        if r.returncode != 0:
            notes.append(f"gnuplot failed on {os.path.basename(gp)}: {r.stderr.strip()[:200]}")
        else:
            plots.append(f"{op}_{dtype}.png")
    return plots


# ---- one path -----------------------------------------------------------------------------------

META_KEYS = ("path", "date", "elapsed", "t_kernels", "t_main", "t_busy", "command", "caps", "cpu", "ncpu", "commit")


def source_commit():
    """The checkout's commit, '+changes' when tracked files other than the published results differ
    from it; 'unknown' outside a git checkout."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        head = subprocess.run(["git", "-C", root, "rev-parse", "--short=8", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    dirty = [line for line in changed if not line.endswith("bench/RESULTS.md")]
    return head + ("+changes" if dirty else "")


def now():
    return datetime.datetime.now(datetime.timezone.utc)


def measure_path(args, path, out, cases_list):
    env, notes, t = path_env(path), [], {}
    start = now()
    for mode, fn in (("kernels", lambda: run_kernels(args, env, out, notes)),
                     ("main", lambda: run_main(args, env, out, cases_list, notes)),
                     ("busy", lambda: None if args.no_busy else run_busy(args, env, out, notes))):
        t0 = now()
        fn()
        t[mode] = (now() - t0).total_seconds()
    meta = {"path": path, "date": start.strftime("%Y-%m-%d %H:%M UTC"), "elapsed": (now() - start).total_seconds(),
            "t_kernels": t["kernels"], "t_main": t["main"], "t_busy": t["busy"],
            "command": rel_command(sys.argv[1:]) + ("" if args.isa == path else f" (path {path})"),
            "caps": f"ACLNN_CPU_MAX_ISA={path}" if path in ("avx2", "avx512") else "none",
            "cpu": cpu_model(), "ncpu": os.cpu_count(), "commit": source_commit()}
    write_notes(out, {k: meta[k] for k in META_KEYS}, notes)
    return meta, notes


def write_notes(out, meta, notes):
    """OUT/notes.txt: one '@key value' line per setting of the run, then its notes (each once)."""
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("".join(f"@{k} {v}\n" for k, v in meta.items()) + "".join(n + "\n" for n in dict.fromkeys(notes)))


def read_notes(out):
    """write_notes's file back: ({key: value text}, [notes])."""
    meta, notes = {}, []
    with open(os.path.join(out, "notes.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("@"):
                key, _, value = line[1:].partition(" ")
                meta[key] = value
            elif line.strip():
                notes.append(line)
    return meta, notes


def load_notes(out):
    meta, notes = read_notes(out)
    if "t_busy" not in meta:
        sys.exit(f"run_bench: {out}/notes.txt is from an older run_bench.py: rerun the benchmark")
    for key in ("elapsed", "t_kernels", "t_main", "t_busy"):
        meta[key] = float(meta[key])
    meta.setdefault("commit", "unknown")
    return meta, notes


def do_path(args, path, out, cases_list):
    os.makedirs(out, exist_ok=True)
    if args.render_only:
        meta, notes = load_notes(out)
    else:
        meta, notes = measure_path(args, path, out, cases_list)
    krows = read_rows(os.path.join(out, "kernels.csv"))
    rows = read_rows(os.path.join(out, "bench.csv"))
    busy = read_rows(os.path.join(out, "busy.csv"))
    cases = index_cases(rows)
    meta["isa"] = krows[0]["isa"] if krows else next((r["isa"] for r in rows if r["impl"] == "aclnn"), "unknown")
    meta["native_bf16"] = bool(krows) and krows[0]["native_bf16"] == "1"
    if path in ("avx2", "avx512") and meta["isa"] != path:
        sys.exit(f"run_bench: --isa {path} ran the library's {meta['isa']} kernels (not built in?)")
    plots = make_plots(args, out, cases, notes)
    lines = section_lines(meta, cases_list, cases, krows, busy, notes)
    md = os.path.join(out, "results.md")
    write_markdown(md, lines, plots)
    if args.publish:
        publish(args.publish, meta["isa"], lines)
    print()
    print("\n".join(lines).split("### A core kept busy")[0].rstrip())
    log(f"wrote {md}" + (f" and {len(plots)} plots" if plots else "") + f" ({meta['elapsed']:.0f} s)")
    return meta["elapsed"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", required=True, help="path of aclnn_cpu_bench")
    ap.add_argument("--out", required=True, help="output folder (with --isa all: one subfolder per path)")
    ap.add_argument("--isa", default="native", choices=["avx2", "avx512", "native", "all"],
                    help="ISA path(s) to measure (default native); see above")
    ap.add_argument("--publish", metavar="ROOT", help="replace the path's section of ROOT/bench/RESULTS.md")
    ap.add_argument("--ops", default=None, help="cases (default: every case of aclnn_cpu_bench --list-cases)")
    ap.add_argument("--samples", type=int, default=None, help="override every mode's samples per case")
    ap.add_argument("--min-ms", type=float, default=None, help="override every mode's minimum sample duration")
    ap.add_argument("--quick", action="store_true", help="the main mode's passes over every case only")
    ap.add_argument("--no-busy", action="store_true")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--render-only", action="store_true",
                    help="measure nothing: redo results.md, the plots (and --publish) from OUT's CSVs and notes.txt")
    args = ap.parse_args()
    cases_list = load_cases(args.bench)
    if args.ops is None:
        args.ops = ",".join(c["name"] for c in cases_list)
    if not args.render_only:
        paths = resolve_paths(args.isa)
    elif args.isa == "all":
        paths = sorted(d for d in ("avx2", "avx512", "native") if os.path.isdir(os.path.join(args.out, d)))
    else:
        paths = [args.isa]
    total = 0.0
    for path in paths:
        total += do_path(args, path, args.out if len(paths) == 1 and args.isa != "all" else os.path.join(args.out, path),
                         cases_list)
    log(f"total {total:.0f} s over {len(paths)} path(s)")


if __name__ == "__main__":
    main()
