/* Command line of aclnn_cpu_bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static const char *const kOpNames[BENCH_NUM_OPS] = {"elu", "elures", "softplus"};
static const char *const kDtypeNames[BENCH_NUM_DTYPES] = {"fp32", "fp16", "bf16", "fp64"};
static const size_t kDtypeSizes[BENCH_NUM_DTYPES] = {4, 2, 2, 8};

const char *bench_op_name(int op) { return kOpNames[op]; }
const char *bench_dtype_name(int dtype) { return kDtypeNames[dtype]; }
size_t bench_dtype_size(int dtype) { return kDtypeSizes[dtype]; }
int bench_op_has_dtype(int op, int dtype) { return dtype != BENCH_FP64 || op == BENCH_OP_SOFTPLUS; }

static void usage(FILE *f)
{
    fprintf(f,
            "usage: aclnn_cpu_bench [options]\n"
            "  Times aclnnEluBackward and aclnnSoftplusBackward (phase 1 + phase 2 per call) against a\n"
            "  same-run memory roofline (c[i] = a[i]*b[i], same traffic: 2 reads + 1 write of the\n"
            "  dtype, 24 bytes per element for fp64) and a plain fused AVX2 + SLEEF loop.\n"
            "  --ops LIST       elu,elures,softplus      (default: all; softplus: beta 1, threshold 20)\n"
            "  --dtypes LIST    fp32,fp16,bf16,fp64      (default: all; fp64 runs for softplus only)\n"
            "  --sizes LIST     elements, K/M suffixes   (default: 4K,64K,1M,16M,64M; --quick: 4K,64K,1M)\n"
            "  --threads LIST   thread counts            (default: 1,2)\n"
            "  --samples N      samples per case and implementation (default: 25; --quick: 9)\n"
            "  --min-ms MS      minimum duration of one sample (default: 20; --quick: 4)\n"
            "  --quick          fewer sizes and samples (the demo)\n"
            "  --table          print a short table on stdout instead of the CSV\n"
            "  --csv FILE       also write the CSV to FILE\n"
            "  --verify         check that the library and the fused loop agree (ulp distance, '#' lines)\n"
            "Output: CSV op,dtype,n,threads,isa,impl,gelem_s,median_us,spread_pct,pct_roofline\n"
            "(spread_pct = interquartile range / median), then summary lines starting with '#'.\n");
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

/* Splits a comma-separated list; parse_item returns < 0 (names) or 0 (sizes) on a bad item. */
static int parse_list(const char *arg, int kind, BenchOptions *o)
{
    char buf[512];
    int count = 0;
    snprintf(buf, sizeof buf, "%s", arg);
    for (char *tok = strtok(buf, ","); tok != NULL; tok = strtok(NULL, ",")) {
        if (count == BENCH_MAX_LIST)
            return -1;
        long long v = kind == 0 ? lookup(tok, kOpNames, BENCH_NUM_OPS)
                      : kind == 1 ? lookup(tok, kDtypeNames, BENCH_NUM_DTYPES)
                      : kind == 2 ? (long long)parse_size(tok)
                                  : atoll(tok);
        if (v < 0 || (kind >= 2 && v == 0) || (kind == 3 && v > 1024))
            return -1;
        if (kind == 0) o->ops[count] = (int)v;
        else if (kind == 1) o->dtypes[count] = (int)v;
        else if (kind == 2) o->sizes[count] = (size_t)v;
        else o->threads[count] = (int)v;
        count++;
    }
    if (count == 0)
        return -1;
    if (kind == 0) o->numOps = count;
    else if (kind == 1) o->numDtypes = count;
    else if (kind == 2) o->numSizes = count;
    else o->numThreads = count;
    return 0;
}

static void set_defaults(BenchOptions *o, int quick)
{
    memset(o, 0, sizeof *o);
    o->quick = quick;
    parse_list("elu,elures,softplus", 0, o);
    parse_list("fp32,fp16,bf16,fp64", 1, o);
    parse_list(quick ? "4K,64K,1M" : "4K,64K,1M,16M,64M", 2, o);
    parse_list("1,2", 3, o);
    o->samples = quick ? 9 : 25;
    o->minSampleS = quick ? 0.004 : 0.020;
}

static int parse_one(const char *flag, const char *val, BenchOptions *o)
{
    static const char *const listFlags[] = {"--ops", "--dtypes", "--sizes", "--threads"};
    for (int k = 0; k < 4; k++)
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
    int quick = 0;
    for (int i = 1; i < argc; i++)
        quick |= strcmp(argv[i], "--quick") == 0;
    set_defaults(opt, quick);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        }
        if (strcmp(a, "--quick") == 0)
            continue;
        if (strcmp(a, "--table") == 0 || strcmp(a, "--verify") == 0) {
            *(a[2] == 't' ? &opt->table : &opt->verify) = 1;
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
    if (!any_case(opt)) {
        fprintf(stderr, "aclnn_cpu_bench: no case to run (fp64 runs for softplus only)\n");
        return -1;
    }
    return 0;
}
