/* Command line of aclnn_cpu_bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define BENCH_OP_NAME_ROW(id, name, f64) [BENCH_OP_##id] = name,
#define BENCH_OP_F64_ROW(id, name, f64) [BENCH_OP_##id] = f64,
static const char *const kOpNames[BENCH_NUM_OPS] = {BENCH_OP_LIST(BENCH_OP_NAME_ROW)};
static const int kOpHasF64[BENCH_NUM_OPS] = {BENCH_OP_LIST(BENCH_OP_F64_ROW)};
static const char *const kDtypeNames[BENCH_NUM_DTYPES] = {"fp32", "fp16", "bf16", "fp64"};
static const size_t kDtypeSizes[BENCH_NUM_DTYPES] = {4, 2, 2, 8};

const char *bench_op_name(int op) { return kOpNames[op]; }
const char *bench_dtype_name(int dtype) { return kDtypeNames[dtype]; }
size_t bench_dtype_size(int dtype) { return kDtypeSizes[dtype]; }
int bench_op_has_dtype(int op, int dtype) { return dtype != BENCH_FP64 || kOpHasF64[op]; }

int bench_op_parse(const char *name)
{
    for (int op = 0; op < BENCH_NUM_OPS; op++)
        if (strcmp(name, kOpNames[op]) == 0)
            return op;
    return -1;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: aclnn_cpu_bench [options]\n"
            "  Times aclnnEluBackward, aclnnSoftplusBackward and aclnnSiluBackward through the public two-phase\n"
            "  API, per call\n"
            "  (phase 1 + phase 2 + stream sync: impl aclnn) and phase 2 alone with a repeatable executor\n"
            "  (impl aclnn_phase2), against same-run references, samples interleaved:\n"
            "    roofline     c[i] = a[i]*b[i], same traffic (2 reads + 1 write of the dtype, 24 B/elem fp64)\n"
            "    roofline_nt  the same with streaming (non-temporal) stores\n"
            "    fused        a plain fused AVX2 + SLEEF loop\n"
            "    onednn_rspK  oneDNN eltwise backward (fp32, bf16) called with the stack pointer K mod 64\n"
            "                 (K = 0, 16, 32, 48); impl onednn repeats the best (when built with oneDNN)\n"
            "  --ops LIST       elu,elures,softplus,silu (default: all; softplus: beta 1, threshold 20)\n"
            "  --list-ops       print the operator names, one a line, and exit\n"
            "  --dtypes LIST    fp32,fp16,bf16,fp64      (default: all; fp64 runs for softplus only)\n"
            "  --sizes LIST     elements, K/M suffixes   (default: 4K,64K,1M,16M,64M; --quick: 4K,64K,1M)\n"
            "  --threads LIST   thread counts            (default: 1,2)\n"
            "  --samples N      samples per case and implementation (default: 25; --quick, --sweep: 9)\n"
            "  --min-ms MS      minimum duration of one sample (default: 20; --quick, --sweep: 4)\n"
            "  --quick          fewer sizes and samples (the demo)\n"
            "  --table          print a short table on stdout instead of the CSV\n"
            "  --csv FILE       also write the CSV to FILE\n"
            "  --verify         check that the library agrees with the fused loop and oneDNN ('#' lines)\n"
            "  --no-fused       skip the fused loop\n"
            "  --no-peers       skip oneDNN\n"
            "Output: CSV op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline\n"
            "(spread_pct = interquartile range / median; pct_roofline against the regular-store roofline),\n"
            "then summary lines starting with '#'.\n"
            "\n"
            "Kernel-ceiling mode: each kernel of the active ISA's table (the one the API uses: ACLNN_CPU_MAX_ISA,\n"
            "ACLNN_CPU_AVX512_BF16) alone for each of --ops x --dtypes, and each exp variant of that table, one\n"
            "thread, no API and no OpenMP, on L1-resident arrays (8 KiB each: 2048 fp32, 4096 fp16/bf16, 1024\n"
            "fp64 elements; x in [-8, 8], dy in [-1, 1]; unit ELU attributes, softplus beta 1 threshold 20),\n"
            "next to the roofline c=a*b of the same traffic at 16M elements with 1 thread and with all\n"
            "(omp_get_max_threads()) threads, measured in the same run; --samples and --min-ms apply:\n"
            "  --kernels        print that table (always a table) and write its CSV to --csv FILE:\n"
            "                   kind,name,dtype,n,threads,isa,native_bf16,gelem_s,median_us,spread_pct\n"
            "                   (kind kernel, exp or roofline; roofline rows per dtype and thread count)\n"
            "\n"
            "Sweep mode (tiling experiments): the first of --ops, --dtypes and --sizes (default 1M), each\n"
            "thread count, over plan variants set with aclnnCpuSetPlatform(soc, cores, ub):\n"
            "  --sweep          run the sweep instead of the benchmark\n"
            "  --socs LIST      profiles (default: host,Ascend910B,Ascend950)\n"
            "  --cores LIST     core counts, 0 = the profile's own (default: 0,1,2,8,48)\n"
            "  --ub LIST        UB bytes, K/M suffixes, 0 = the profile's own (default: 0,16K,64K,192K,1M)\n"
            "  --buffer LIST    plan, on, off: the plan's own double buffering or forced (default: plan)\n"
            "  --tiles LIST     elements per tile, K/M suffixes, 0 = the plan's own (default: 0); a\n"
            "                   forced tile needs a big/small-core (RANGES) plan, not softplus's arch35\n"
            "Forced buffering or tiles are set on the phase-1 executor's plan: only phase 2 is timed then,\n"
            "and the row shows the forced values and phase 2's spread. The bench's tensors are dense and\n"
            "uncast: nothing is staged, so double buffering changes no work here.\n"
            "Each variant reports the plan the tiling functions give for it (schedule or strategy, cores,\n"
            "tile, bufferOpen for ELU) and the threads the executor runs, then the whole-call and phase-2\n"
            "throughput. Sweep CSV: sweep,op,dtype,n,threads,soc,cores_req,ub_req,buffer_req,tile_req,plan_cores,ub_bytes,\n"
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
        long long v = kind == 0 ? lookup(tok, kOpNames, BENCH_NUM_OPS)
                      : kind == 1 ? lookup(tok, kDtypeNames, BENCH_NUM_DTYPES)
                      : kind == 2 || kind == 6 ? (long long)parse_size(tok)
                                               : atoll(tok);
        if (v < 0 || (kind >= 2 && v == 0 && !zeroOk) || (kind == 3 && v > 1024) || (kind == 5 && v > 4096))
            return -1;
        if (kind == 0) o->ops[count] = (int)v;
        else if (kind == 1) o->dtypes[count] = (int)v;
        else if (kind == 2) o->sizes[count] = (size_t)v;
        else if (kind == 3) o->threads[count] = (int)v;
        else if (kind == 5) o->sweepCores[count] = v;
        else o->sweepUb[count] = v;
        count++;
    }
    if (count == 0)
        return -1;
    if (kind == 0) o->numOps = count;
    else if (kind == 1) o->numDtypes = count;
    else if (kind == 2) o->numSizes = count;
    else if (kind == 3) o->numThreads = count;
    else if (kind == 4) o->numSweepSocs = count;
    else if (kind == 5) o->numSweepCores = count;
    else if (kind == 6) o->numSweepUb = count;
    else if (kind == 7) o->numSweepBuffer = count;
    else o->numSweepTile = count;
    return 0;
}

static void set_defaults(BenchOptions *o, int quick, int sweep)
{
    memset(o, 0, sizeof *o);
    o->quick = quick;
    o->sweep = sweep;
    for (int op = 0; op < BENCH_NUM_OPS; op++)
        o->ops[op] = op;
    o->numOps = BENCH_NUM_OPS;
    parse_list("fp32,fp16,bf16,fp64", 1, o);
    parse_list(sweep ? "1M" : quick ? "4K,64K,1M" : "4K,64K,1M,16M,64M", 2, o);
    parse_list("1,2", 3, o);
    parse_list("host,Ascend910B,Ascend950", 4, o);
    parse_list("0,1,2,8,48", 5, o);
    parse_list("0,16K,64K,192K,1M", 6, o);
    parse_list("plan", 7, o);
    parse_list("0", 8, o);
    o->samples = quick || sweep ? 9 : 25;
    o->minSampleS = quick || sweep ? 0.004 : 0.020;
}

static int parse_one(const char *flag, const char *val, BenchOptions *o)
{
    static const char *const listFlags[] = {"--ops",  "--dtypes", "--sizes",  "--threads", "--socs",
                                            "--cores", "--ub",    "--buffer", "--tiles"};
    for (int k = 0; k < 9; k++)
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

/* 1 when some requested op supports some requested dtype. */
static int any_case(const BenchOptions *o)
{
    for (int k = 0; k < o->numOps; k++)
        for (int d = 0; d < o->numDtypes; d++)
            if (bench_op_has_dtype(o->ops[k], o->dtypes[d]))
                return 1;
    return 0;
}

int bench_parse_options(int argc, char **argv, BenchOptions *opt)
{
    int quick = 0, sweep = 0;
    for (int i = 1; i < argc; i++) {
        quick |= strcmp(argv[i], "--quick") == 0;
        sweep |= strcmp(argv[i], "--sweep") == 0;
    }
    set_defaults(opt, quick, sweep);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        }
        if (strcmp(a, "--list-ops") == 0) {
            for (int op = 0; op < BENCH_NUM_OPS; op++)
                printf("%s\n", bench_op_name(op));
            return 1;
        }
        if (strcmp(a, "--quick") == 0 || strcmp(a, "--sweep") == 0)
            continue;
        int *flag = !strcmp(a, "--table") ? &opt->table : !strcmp(a, "--verify") ? &opt->verify
                    : !strcmp(a, "--kernels") ? &opt->kernels
                    : !strcmp(a, "--no-fused") ? &opt->noFused : !strcmp(a, "--no-peers") ? &opt->noPeers : NULL;
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
    if (opt->sweep && !bench_op_has_dtype(opt->ops[0], opt->dtypes[0])) {
        fprintf(stderr, "aclnn_cpu_bench: --sweep: %s has no %s case (fp64 runs for softplus only)\n",
                bench_op_name(opt->ops[0]), bench_dtype_name(opt->dtypes[0]));
        return -1;
    }
    if (!any_case(opt)) {
        fprintf(stderr, "aclnn_cpu_bench: no case to run (fp64 runs for softplus only)\n");
        return -1;
    }
    return 0;
}
