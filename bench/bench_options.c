/* Command line of aclnn_cpu_bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *const kDtypeNames[BENCH_NUM_DTYPES] = {"fp32", "fp16", "bf16", "fp64"};
static const size_t kDtypeSizes[BENCH_NUM_DTYPES] = {4, 2, 2, 8};
static const aclDataType kAclTypes[BENCH_NUM_DTYPES] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};

const char *bench_dtype_name(int dtype) { return kDtypeNames[dtype]; }
size_t bench_dtype_size(int dtype) { return kDtypeSizes[dtype]; }
aclDataType bench_dtype_acl(int dtype) { return kAclTypes[dtype]; }

static void usage(FILE *f)
{
    fprintf(f,
            "usage: aclnn_cpu_bench [options]\n"
            "  Times every API of the operator registry (--list-ops: the cases, one a line: each API by its\n"
            "  snake name, plus named variants such as elures = elu_backward with isResult true) through the\n"
            "  public two-phase API, per call (phase 1 + phase 2 + stream sync: impl aclnn) and phase 2 alone\n"
            "  with a repeatable executor (impl aclnn_phase2), against references timed in the same process\n"
            "  on the same tensors, samples interleaved:\n"
            "    roofline     out[i] = in0[i] * in1[i] ..., the same traffic (the call's inputs read, one output\n"
            "                 written; an in-place call reads and writes one array)\n"
            "    roofline_nt  the same with streaming (non-temporal) stores\n"
            "    fused        a plain fused AVX2 + SLEEF loop, where one exists (elu_backward, elures,\n"
            "                 softplus_backward, silu_backward)\n"
            "    onednn_rspK  oneDNN's eltwise primitive of the peers table (fp32, bf16) called with the stack\n"
            "                 pointer K mod 64 (K = 0, 16, 32, 48); impl onednn repeats the best\n"
            "    torch        PyTorch's aten call of the peers table (libtorch's C++ API, in this process)\n"
            "    aclnn_direct the whole call with the 16-bit lookup tables off, where the call uses one\n"
            "                 (aclnnCpuSetLookupTables): what the table buys, in the same run (and, for an\n"
            "                 output of 16 MiB or more, the streaming stores a one-load lookup gets)\n"
            "  Inputs: gradients in [-1, 1], forward inputs in [-8, 8], forward results through the forward\n"
            "  API (bench_cases.c); attributes at the operator's defaults. The peers run capped to the\n"
            "  library's ISA (DNNL_MAX_CPU_ISA, ATEN_CPU_CAPABILITY, unless set).\n"
            "  --ops LIST       case names (default: every case)\n"
            "  --list-ops       print the case names, one a line, and exit\n"
            "  --list-cases     print the cases as CSV (name,api,op_type,kernel_inputs,inplace,fused,variant)\n"
            "  --dtypes LIST    fp32,fp16,bf16,fp64      (default: all; each case runs those its API takes)\n"
            "  --sizes LIST     elements, K/M suffixes   (default: 4K,64K,1M,16M; --quick: 4K,64K,1M)\n"
            "  --threads LIST   thread counts            (default: 1,2)\n"
            "  --samples N      samples per case and implementation (default: 25; --quick, --sweep, --busy: 9;\n"
            "                   --demo: 7)\n"
            "  --min-ms MS      minimum duration of one sample (default: 20; --quick, --sweep, --busy: 4; --demo: 3)\n"
            "  --quick          fewer sizes and samples\n"
            "  --table          print a short table on stdout instead of the CSV\n"
            "  --csv FILE       also write the CSV to FILE\n"
            "  --verify         compare the library's output with every reference ('#' lines)\n"
            "  --no-fused       skip the fused loops\n"
            "  --no-peers       skip oneDNN and PyTorch\n"
            "Output: CSV op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline\n"
            "(spread_pct = interquartile range / median; pct_roofline against the regular-store roofline),\n"
            "then summary lines starting with '#'.\n"
            "\n"
            "Demo: --demo prints a short table (silu_backward, elu_backward, softplus_backward at 64K and 16M,\n"
            "fp32 and bf16, all threads): Gelem/s, spread, ratio to the same-run roofline and to the best peer.\n"
            "\n"
            "Busy core: --busy runs a process spinning on one CPU (the last of this process's affinity set)\n"
            "while it times the whole call at 1 thread and at the largest of --threads (default sizes\n"
            "64K,1M,16M), samples interleaved; per case both times and their ratio (CSV busy,op,dtype,n,\n"
            "threads,t1_us,tT_us,ratio,spread1_pct,spreadT_pct).\n"
            "\n"
            "Peers check: --check-peers exits non-zero when a registry API (or a name given with\n"
            "--check-extra NAME) has no row in the peers table (bench_peers.c) with, for each peer, a call or\n"
            "a reason, when a row names an unknown oneDNN algorithm, aten call or attribute, or when a peer\n"
            "that runs disagrees with the library on a 4K fp32 case (max relative difference 1e-3).\n"
            "\n"
            "Kernel-ceiling mode: each case's kernel (the registry's operator kernel, or its pick for the\n"
            "attribute values; the parameter block from the kernel's init) alone for each dtype, and each math\n"
            "variant of the active table, one thread, no API and no OpenMP, on L1-resident arrays (8 KiB\n"
            "each; the inputs as above), next to the roofline of the same traffic at 16M elements with 1\n"
            "thread and with all (omp_get_max_threads()) threads, measured in the same run. Cases sharing a\n"
            "kernel and parameters (an API and its in-place form) give one row; --samples and --min-ms apply:\n"
            "  --kernels        print that table and write its CSV to --csv FILE:\n"
            "                   kind,name,dtype,n,threads,isa,native_bf16,gelem_s,median_us,spread_pct,reads,\n"
            "                   op_type,kernel,grain,bytes_bound (kind kernel, math or roofline; roofline rows\n"
            "                   per dtype, reads and thread count; grain and bytes_bound: the kernel row's,\n"
            "                   bytes_bound 1 where an in-place call keeps twice the grain)\n"
            "\n"
            "Sweep mode (tiling experiments): the first of --ops, --dtypes and --sizes (default 1M), each\n"
            "thread count, over plan variants set with aclnnCpuSetPlatform(soc, cores, ub):\n"
            "  --sweep          run the sweep instead of the benchmark\n"
            "  --socs LIST      profiles (default: host,Ascend910B,Ascend950)\n"
            "  --cores LIST     core counts, 0 = the profile's own (default: 0,1,2,8,48)\n"
            "  --ub LIST        UB bytes, K/M suffixes, 0 = the profile's own (default: 0,16K,64K,192K,1M)\n"
            "  --buffer LIST    plan, on, off: the plan's own double buffering or forced (default: plan)\n"
            "  --tiles LIST     elements per tile, K/M suffixes, 0 = the plan's own (default: 0); a\n"
            "                   forced tile needs a big/small-core (RANGES) plan\n"
            "Forced buffering or tiles are set on the phase-1 executor's plan: only phase 2 is timed then,\n"
            "and the row shows the forced values and phase 2's spread. The bench's tensors are dense and\n"
            "uncast: nothing is staged, so double buffering changes no work here.\n"
            "Each variant reports the plan phase 1 made for it (strategy, cores, tile, double buffering) and\n"
            "the threads the executor runs, then the whole-call and phase-2 throughput. Sweep CSV:\n"
            "sweep,op,dtype,n,threads,soc,cores_req,ub_req,buffer_req,tile_req,plan_cores,ub_bytes,\n"
            "strategy,buffer_open,tile,exec_threads,call_gelem_s,phase2_gelem_s,spread_pct\n");
}

static int lookup(const char *s, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    if (names == kDtypeNames) {
        if (!strcmp(s, "float32") || !strcmp(s, "float"))
            return BENCH_FP32;
        if (!strcmp(s, "float16") || !strcmp(s, "half"))
            return BENCH_FP16;
        if (!strcmp(s, "bfloat16"))
            return BENCH_BF16;
        if (!strcmp(s, "float64") || !strcmp(s, "double"))
            return BENCH_FP64;
    }
    return -1;
}

/* "4K" = 4096, "1M" = 1048576; plain numbers are element counts. 0 on error. */
static size_t parse_size(const char *s)
{
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s)
        return 0;
    if (*end == 'K' || *end == 'k')
        v <<= 10, end++;
    else if (*end == 'M' || *end == 'm')
        v <<= 20, end++;
    else if (*end == 'G' || *end == 'g')
        v <<= 30, end++;
    return *end == '\0' ? (size_t)v : 0;
}

/* Splits a comma-separated list of kind 0 ops, 1 dtypes, 2 sizes, 3 threads, 4 socs, 5 cores,
 * 6 UB bytes, 7 buffering (plan, on, off), 8 tiles (sizes and UB bytes and tiles take K/M/G
 * suffixes; cores, UB bytes and tiles may be 0). */
static int parse_list(const char *arg, int kind, BenchOptions *o)
{
    char buf[512];
    int count = 0;
    snprintf(buf, sizeof buf, "%s", arg);
    for (char *tok = strtok(buf, ","); tok != NULL; tok = strtok(NULL, ",")) {
        if (count == BENCH_MAX_LIST)
            return -1;
        if (kind == 7) {
            static const char *const modes[] = {"off", "on", "plan"};
            int m = lookup(tok, modes, 3);
            if (m < 0)
                return -1;
            o->sweepBuffer[count++] = m == 2 ? -1 : m;
            continue;
        }
        if (kind == 4) {
            if (strlen(tok) >= sizeof o->sweepSocs[0])
                return -1;
            snprintf(o->sweepSocs[count++], sizeof o->sweepSocs[0], "%s", tok);
            continue;
        }
        int zeroOk = kind >= 5 && strcmp(tok, "0") == 0;
        if (kind == 8) {
            long long t = zeroOk ? 0 : (long long)parse_size(tok);
            if (t <= 0 && !zeroOk)
                return -1;
            o->sweepTile[count++] = t;
            continue;
        }
        long long v = kind == 1                ? lookup(tok, kDtypeNames, BENCH_NUM_DTYPES)
                      : kind == 2 || kind == 6 ? (long long)parse_size(tok)
                                               : atoll(tok);
        if (v < 0 || (kind >= 2 && v == 0 && !zeroOk) || (kind == 3 && v > 1024) || (kind == 5 && v > 4096))
            return -1;
        if (kind == 1)
            o->dtypes[count] = (int)v;
        else if (kind == 2)
            o->sizes[count] = (size_t)v;
        else if (kind == 3)
            o->threads[count] = (int)v;
        else if (kind == 5)
            o->sweepCores[count] = v;
        else
            o->sweepUb[count] = v;
        count++;
    }
    if (count == 0)
        return -1;
    if (kind == 1)
        o->numDtypes = count;
    else if (kind == 2)
        o->numSizes = count;
    else if (kind == 3)
        o->numThreads = count;
    else if (kind == 4)
        o->numSweepSocs = count;
    else if (kind == 5)
        o->numSweepCores = count;
    else if (kind == 6)
        o->numSweepUb = count;
    else if (kind == 7)
        o->numSweepBuffer = count;
    else
        o->numSweepTile = count;
    return 0;
}

static void set_defaults(BenchOptions *o, int fewer, int sweep, int busy, int demo)
{
    memset(o, 0, sizeof *o);
    o->quick = fewer;
    o->sweep = sweep;
    parse_list("fp32,fp16,bf16,fp64", 1, o);
    parse_list(sweep ? "1M" : busy ? "64K,1M,16M" : fewer ? "4K,64K,1M" : "4K,64K,1M,16M", 2, o);
    parse_list("1,2", 3, o);
    parse_list("host,Ascend910B,Ascend950", 4, o);
    parse_list("0,1,2,8,48", 5, o);
    parse_list("0,16K,64K,192K,1M", 6, o);
    parse_list("plan", 7, o);
    parse_list("0", 8, o);
    o->samples = fewer || sweep || busy ? 9 : 25;
    o->minSampleS = fewer || sweep || busy ? 0.004 : 0.020;
    if (demo) /* well under a minute on a busy 2-core machine */
        o->samples = 7, o->minSampleS = 0.003;
}

static int parse_one(const char *flag, const char *val, BenchOptions *o)
{
    static const char *const listFlags[] = {"--ops",   "--dtypes", "--sizes",  "--threads", "--socs",
                                            "--cores", "--ub",     "--buffer", "--tiles"};
    if (strcmp(flag, "--ops") == 0) {
        o->opsArg = val;
        return 0;
    }
    if (strcmp(flag, "--check-extra") == 0) {
        if (o->numCheckExtra == BENCH_MAX_LIST)
            return -1;
        o->checkExtra[o->numCheckExtra++] = val;
        return 0;
    }
    for (int k = 1; k < 9; k++)
        if (strcmp(flag, listFlags[k]) == 0)
            return parse_list(val, k, o);
    if (strcmp(flag, "--samples") == 0) {
        o->samples = atoi(val);
        return o->samples >= 1 && o->samples <= 1000 ? 0 : -1;
    }
    if (strcmp(flag, "--min-ms") == 0) {
        o->minSampleS = atof(val) / 1000.0;
        return o->minSampleS > 0.0 ? 0 : -1;
    }
    if (strcmp(flag, "--csv") == 0) {
        o->csvPath = val;
        return 0;
    }
    return -1;
}

int bench_parse_options(int argc, char **argv, BenchOptions *opt)
{
    int fewer = 0, sweep = 0, busy = 0, demo = 0;
    for (int i = 1; i < argc; i++) {
        demo |= strcmp(argv[i], "--demo") == 0;
        fewer |= strcmp(argv[i], "--quick") == 0 || demo;
        sweep |= strcmp(argv[i], "--sweep") == 0;
        busy |= strcmp(argv[i], "--busy") == 0;
    }
    set_defaults(opt, fewer, sweep, busy, demo);
    opt->busy = busy;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        }
        if (strcmp(a, "--list-ops") == 0) {
            for (int k = 0; k < bench_num_cases; k++)
                printf("%s\n", bench_cases[k].name);
            return 1;
        }
        if (strcmp(a, "--list-cases") == 0) {
            printf("name,api,op_type,kernel_inputs,inplace,fused,variant\n");
            for (int k = 0; k < bench_num_cases; k++) {
                const BenchCase *c = &bench_cases[k];
                int fused = 0;
                for (int d = 0; d < BENCH_NUM_DTYPES; d++)
                    fused |= bench_have_avx2() && bench_fused_kernel(c->name, d) != NULL;
                printf("%s,%s,%s,%d,%d,%d,%s\n", c->name, c->api->name, acpu_api_op_for(c->api, c->attrs)->type,
                       c->numIn, c->inplace, fused, c->variantNote != NULL ? c->variantNote : "");
            }
            return 1;
        }
        if (strcmp(a, "--quick") == 0 || strcmp(a, "--sweep") == 0 || strcmp(a, "--busy") == 0)
            continue;
        int *flag = !strcmp(a, "--table")         ? &opt->table
                    : !strcmp(a, "--verify")      ? &opt->verify
                    : !strcmp(a, "--kernels")     ? &opt->kernels
                    : !strcmp(a, "--demo")        ? &opt->demo
                    : !strcmp(a, "--check-peers") ? &opt->checkPeers
                    : !strcmp(a, "--no-fused")    ? &opt->noFused
                    : !strcmp(a, "--no-peers")    ? &opt->noPeers
                                                  : NULL;
        if (flag != NULL) {
            *flag = 1;
            continue;
        }
        if (i + 1 >= argc || parse_one(a, argv[i + 1], opt) != 0) {
            fprintf(stderr, "aclnn_cpu_bench: bad option or value: %s%s%s\n", a, i + 1 < argc ? " " : "",
                    i + 1 < argc ? argv[i + 1] : "");
            usage(stderr);
            return -1;
        }
        i++;
    }
    return 0;
}

/* 1 when some selected case runs in `dtype`. */
static int dtype_used(const BenchOptions *o, int dtype)
{
    for (int k = 0; k < o->numOps; k++)
        if (bench_case_has_dtype(o->ops[k], dtype))
            return 1;
    return 0;
}

int bench_resolve_ops(BenchOptions *o)
{
    o->numOps = 0;
    if (o->opsArg == NULL) {
        for (int k = 0; k < bench_num_cases; k++)
            o->ops[o->numOps++] = k;
    } else {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s", o->opsArg);
        for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
            int k = bench_case_find(tok);
            if (k < 0) {
                fprintf(stderr, "aclnn_cpu_bench: --ops: no case %s (aclnn_cpu_bench --list-ops lists them)\n", tok);
                return -1;
            }
            o->ops[o->numOps++] = k;
        }
    }
    int kept = 0;
    for (int d = 0; d < o->numDtypes; d++)
        if (dtype_used(o, o->dtypes[d]))
            o->dtypes[kept++] = o->dtypes[d];
    o->numDtypes = kept;
    if (o->numOps == 0 || kept == 0) {
        fprintf(stderr, "aclnn_cpu_bench: no case to run (no selected API takes the selected dtypes)\n");
        return -1;
    }
    if (o->sweep && !bench_case_has_dtype(o->ops[0], o->dtypes[0])) {
        fprintf(stderr, "aclnn_cpu_bench: --sweep: %s has no %s case\n", bench_cases[o->ops[0]].name,
                bench_dtype_name(o->dtypes[0]));
        return -1;
    }
    return 0;
}
