/* aclnn_cpu_bench --kernels: the kernel ceiling. Each case's kernel, as the registry names it (the
 * operator's kernel, or its pick_kernel for the case's attribute values; the parameter block from
 * the kernel's init on those values), of the active table (the one the API's phase 1 captures:
 * ACLNN_CPU_MAX_ISA, ACLNN_CPU_AVX512_BF16) is timed alone on L1-resident arrays, one thread, no API
 * and no OpenMP, and so is each math primitive of that table (ACPU_MATH_LIST). Cases that share a kernel and its
 * parameters (an API and its in-place form) give one row. Next to it, the memory roofline of the
 * same traffic (the kernel's inputs read, one output written, at 16M elements, regular stores, the
 * same loop as the main mode's) with one thread and with all threads, measured in the same run. A
 * kernel alone slower than the roofline of T threads divided by T cannot keep T threads at the
 * memory limit: it is compute-bound there. Samples of one group (kernels, or one element size's
 * rooflines) are interleaved so that all see the same machine state. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "settings/acpu_settings.h" /* acpu_active_kernels */
#include "bench.h"
#include "kernels/acpu_kernels.h"

/* Each array of a kernel in 8 KiB: with up to 3 inputs and the output, 32 KiB plus the stagger
 * (binary kernels: 24 KiB, inside a 32 KiB L1d). fp32 2048 elements, 16-bit 4096, fp64 1024. */
#define KERNEL_ARRAY_BYTES (8u * 1024u)
/* The roofline at a DRAM size (16M elements: 64-512 MiB of traffic per call, far past any L3). */
#define ROOF_N ((size_t)16 << 20)
#define MAX_ITEMS (BENCH_MAX_CASES * BENCH_NUM_DTYPES + ACPU_MATH_COUNT)
#define PARAMS_BYTES 64

enum { ITEM_KERNEL, ITEM_EXP, ITEM_ROOF };
static const char *const kItemKinds[] = {"kernel", "math", "roofline"};

typedef struct {
    int kind;
    const char *name; /* case name, math primitive name, or "roofline" */
    const char *opType, *kernelName;
    uint64_t grain;  /* the kernel row's grain (kernels/acpu_kernel_list.h); 0: not a kernel */
    bool bytesBound; /* the form costs its bytes (acpu_kernel_bytes_bound): in place, twice the grain */
    int dtype;       /* BENCH_FP32 ... (roofline: one dtype of its element size) */
    int reads;       /* input arrays */
    size_t n;
    int threads;
    acpu_kernel_fn kernel;
    acpu_unary_kernel exp;
    const void *params;
    const void *in[BENCH_MAX_IN];
    void *out;
    long reps;
    double *samples;
    double median, spread; /* seconds per call; IQR / median */
    double best;           /* the fastest sample, seconds per call */
} Item;

static const acpu_kdtype kKernelDtypes[BENCH_NUM_DTYPES] = {[BENCH_FP32] = ACPU_KDT_F32,
                                                            [BENCH_FP16] = ACPU_KDT_F16,
                                                            [BENCH_BF16] = ACPU_KDT_BF16,
                                                            [BENCH_FP64] = ACPU_KDT_F64};

/* The arrays of one kernel item in one block (the case's inputs as the main mode generates them),
 * each KERNEL_ARRAY_STAGGER bytes further from a 4 KiB boundary than the previous one: arrays at
 * the same offset modulo 4 KiB make the CPU stall loads behind unrelated stores (4K aliasing), a
 * cost the library's calls do not pay in general. */
#define KERNEL_ARRAY_STAGGER 320u
static void *arrays_create(const BenchCase *c, int dtype, void **in, void **out)
{
    size_t stride = KERNEL_ARRAY_BYTES + KERNEL_ARRAY_STAGGER, n = KERNEL_ARRAY_BYTES / bench_dtype_size(dtype);
    char *block = bench_xalloc((size_t)(c->numIn + 1) * stride);
    for (int j = 0; j < c->numIn; j++)
        in[j] = block + (size_t)j * stride;
    *out = block + (size_t)c->numIn * stride;
    bench_case_fill(c, dtype, n, in);
    memset(*out, 0, KERNEL_ARRAY_BYTES);
    return block;
}

static void run_item(const Item *it)
{
    if (it->kind == ITEM_KERNEL)
        it->kernel(it->n, it->in, it->out, it->params);
    else if (it->kind == ITEM_EXP)
        it->exp(it->n, it->in[0], it->out);
    else if (bench_have_avx2())
        bench_roofline_avx2(it->in, it->reads, it->out, it->n, it->threads, bench_dtype_size(it->dtype));
    else
        bench_roofline_generic(it->in, it->reads, it->out, it->n, it->threads, bench_dtype_size(it->dtype));
}

/* Warms up, then sets how many calls make one sample of at least minS. */
static void calibrate(Item *it, double minS)
{
    long calls = 0;
    run_item(it);
    double t0 = bench_now(), dt = 0.0;
    while (calls < 2 || dt < minS * 0.5) {
        run_item(it);
        calls++;
        dt = bench_now() - t0;
    }
    long reps = (long)(minS / (dt / (double)calls)) + 1;
    it->reps = reps < 1 ? 1 : reps;
}

/* Times items[0..count) with their samples interleaved; medians and spreads. */
static void measure_group(Item *items, int count, const BenchOptions *o)
{
    for (int i = 0; i < count; i++)
        calibrate(&items[i], o->minSampleS);
    for (int s = 0; s < o->samples; s++)
        for (int i = 0; i < count; i++) {
            double t0 = bench_now();
            for (long r = 0; r < items[i].reps; r++)
                run_item(&items[i]);
            items[i].samples[s] = (bench_now() - t0) / (double)items[i].reps;
        }
    for (int i = 0; i < count; i++) {
        double q1 = 0, q3 = 0;
        bench_stats(items[i].samples, o->samples, &items[i].median, &q1, &q3);
        items[i].spread = (q3 - q1) / items[i].median;
        items[i].best = items[i].samples[0];
        for (int s = 1; s < o->samples; s++)
            items[i].best = items[i].samples[s] < items[i].best ? items[i].samples[s] : items[i].best;
    }
}

/* A kernel's or primitive's ceiling is its fastest sample (on a shared machine the median drops with the
 * load of others, and a ceiling is what the code can do); a roofline is its median. */
static double item_gelem(const Item *it)
{
    return (double)it->n / (it->kind == ITEM_ROOF ? it->median : it->best) * 1e-9;
}

static int wants_dtype(const BenchOptions *o, int dtype)
{
    for (int d = 0; d < o->numDtypes; d++)
        if (o->dtypes[d] == dtype)
            return 1;
    return 0;
}

static Item *add_item(Item *items, int *count, const BenchOptions *o, Item it)
{
    it.samples = calloc((size_t)o->samples, sizeof *it.samples);
    if (it.samples == NULL) {
        fprintf(stderr, "aclnn_cpu_bench: out of memory\n");
        exit(1);
    }
    items[*count] = it;
    return &items[(*count)++];
}

/* The kernel and parameter block of a case, from the registry: the operator the API runs with the
 * case's attribute values (pick_op: ThresholdBackward at threshold 0 runs ReluGrad). */
static acpu_kernel_id case_kernel(const BenchCase *c, unsigned char *params)
{
    const acpu_op_def *op = acpu_api_op_for(c->api, c->attrs);
    acpu_kernel_id id = op->pick_kernel != NULL ? op->pick_kernel(c->attrs) : op->kernel;
    memset(params, 0, PARAMS_BYTES);
    if (acpu_kernel_infos[id].init != NULL)
        acpu_kernel_infos[id].init(c->attrs, params);
    return id;
}

/* Whether an earlier item has the same kernel function and parameters. */
static int same_kernel(const Item *items, int count, acpu_kernel_fn fn, const unsigned char *params)
{
    for (int i = 0; i < count; i++)
        if (items[i].kind == ITEM_KERNEL && items[i].kernel == fn && memcmp(items[i].params, params, PARAMS_BYTES) == 0)
            return 1;
    return 0;
}

/* Every case's kernel for the requested dtypes, then every math primitive whose element type is
 * requested. blocks[] collects the arrays to free. Returns the count. */
static int kernel_items(const acpu_kernel_table *t, const BenchOptions *o, Item *items, void **blocks, int *numBlocks)
{
    static _Alignas(16) unsigned char params[BENCH_MAX_CASES][PARAMS_BYTES];
    static _Alignas(64) double expIn[2][KERNEL_ARRAY_BYTES / 8], expOut[KERNEL_ARRAY_BYTES / 8];
    int count = 0;
    for (int k = 0; k < o->numOps; k++) {
        const BenchCase *c = &bench_cases[o->ops[k]];
        acpu_kernel_id id = case_kernel(c, params[k]);
        for (int d = 0; d < BENCH_NUM_DTYPES; d++) {
            acpu_kernel_fn fn = t->k[id][kKernelDtypes[d]];
            if (fn == NULL || !wants_dtype(o, d) || !bench_case_has_dtype(o->ops[k], d) ||
                same_kernel(items, count, fn, params[k]))
                continue;
            void *in[BENCH_MAX_IN] = {NULL}, *out = NULL;
            blocks[(*numBlocks)++] = arrays_create(c, d, in, &out);
            Item it = {.kind = ITEM_KERNEL,
                       .name = c->name,
                       .opType = acpu_api_op_for(c->api, c->attrs)->type,
                       .kernelName = acpu_kernel_infos[id].name,
                       .grain = acpu_kernel_infos[id].grain,
                       .bytesBound = acpu_kernel_bytes_bound(id, kKernelDtypes[d]),
                       .dtype = d,
                       .reads = c->numIn,
                       .n = KERNEL_ARRAY_BYTES / bench_dtype_size(d),
                       .threads = 1,
                       .kernel = fn,
                       .params = params[k],
                       .out = out};
            for (int j = 0; j < c->numIn; j++)
                it.in[j] = in[j];
            add_item(items, &count, o, it);
        }
    }
    for (int f = 0; f < 2; f++) /* the primitives' inputs: in [-8, 8] */
        for (size_t i = 0; i < KERNEL_ARRAY_BYTES / 8; i++)
            bench_store(f ? BENCH_FP64 : BENCH_FP32, expIn[f], i, bench_uniform(2, i, -8.0f, 8.0f));
    for (int v = 0; v < ACPU_MATH_COUNT; v++) {
        int f64 = acpu_math_is_f64((acpu_math_variant)v), d = f64 ? BENCH_FP64 : BENCH_FP32;
        if (t->math[v] == NULL || !wants_dtype(o, d))
            continue;
        add_item(items, &count, o,
                 (Item){.kind = ITEM_EXP,
                        .name = acpu_math_name((acpu_math_variant)v),
                        .opType = "-",
                        .kernelName = "-",
                        .dtype = d,
                        .reads = 1,
                        .n = KERNEL_ARRAY_BYTES / bench_dtype_size(d),
                        .threads = 1,
                        .exp = t->math[v],
                        .in = {expIn[f64]},
                        .out = expOut});
    }
    return count;
}

/* The rooflines of one element size and read count: 1 thread and `all` threads (one item when all
 * is 1), on buffers filled with the dtype's values (no subnormal products: an fp32 view of fp64
 * bits could hold some, and their microcode assists would slow the multiply down). */
static void measure_roofs(int dtype, int reads, int all, const BenchOptions *o, void **bufs, Item *items, int *count)
{
    int first = *count;
    for (int j = 0; j < reads; j++)
        bench_fill_uniform(dtype, bufs[j], ROOF_N, (uint64_t)j + 1, -3.0f, 3.0f);
    memset(bufs[3], 0, ROOF_N * bench_dtype_size(dtype));
    Item roof = {.kind = ITEM_ROOF,
                 .name = "roofline",
                 .opType = "-",
                 .kernelName = "-",
                 .dtype = dtype,
                 .reads = reads,
                 .n = ROOF_N,
                 .threads = 1,
                 .in = {bufs[0], bufs[1], bufs[2]},
                 .out = bufs[3]};
    add_item(items, count, o, roof);
    if (all > 1) {
        roof.threads = all;
        add_item(items, count, o, roof);
    }
    measure_group(items + first, *count - first, o);
}

/* The roofline item of a dtype's element size, read count and thread count; NULL when not measured. */
static const Item *find_roof(const Item *roofs, int count, int dtype, int reads, int threads)
{
    for (int i = 0; i < count; i++)
        if (bench_dtype_size(roofs[i].dtype) == bench_dtype_size(dtype) && roofs[i].reads == reads &&
            roofs[i].threads == threads)
            return &roofs[i];
    return NULL;
}

static void print_header(const acpu_kernel_table *t, int all, const char *cpu)
{
    printf("# aclnn_cpu_bench --kernels: each case's kernel (the registry's) alone, 1 thread, L1-resident arrays\n"
           "# (%u bytes each), against the roofline of the same traffic at %zuM elements (regular stores).\n",
           KERNEL_ARRAY_BYTES, ROOF_N >> 20);
    printf("# kernel and math rates: the fastest sample (IQR of all samples); rooflines: the median.\n");
    printf("# cpu: %s; isa: %s; native bf16 conversion: %s; all threads: %d\n", cpu, acpu_isa_name(t->isa),
           t->native_bf16 ? "on" : "off", all);
    printf(
        "# k/roof = kernel alone / roofline at 1 thread; %dk/roof%d = %d x kernel alone / roofline at %d threads;\n"
        "# below 1: compute-bound there (the kernel cannot keep up with memory), else memory-bound.\n"
        "# math rows: against the roofline of binary kernels of their element type (the primitive is their ceiling).\n",
        all, all, all, all);
    printf("%-8s %-22s %-20s %-5s %5s %16s %7s %7s %7s %8s %-8s %-8s\n", "kind", "name", "kernel", "dtype", "n",
           "Gelem/s (IQR)", "roof1", "k/roof", "roofT", "Tk/roofT", "bound@1", "bound@T");
}

static void print_row(const Item *it, const Item *roof1, const Item *roofT, int all)
{
    double g = item_gelem(it), r1 = item_gelem(roof1), rT = item_gelem(roofT);
    double q1 = g / r1, qT = g * all / rT;
    char rate[32];
    snprintf(rate, sizeof rate, "%.3f (±%.0f%%)", g, it->spread * 50.0);
    printf("%-8s %-22s %-20s %-5s %5zu %16s %7.3f %7.2f %7.3f %8.2f %-8s %-8s\n", kItemKinds[it->kind], it->name,
           it->kernelName, bench_dtype_name(it->dtype), it->n, rate, r1, q1, rT, qT, q1 < 1.0 ? "compute" : "memory",
           qT < 1.0 ? "compute" : "memory");
}

/* kind,name,dtype,n,threads,isa,native_bf16,gelem_s,median_us,spread_pct,reads,op_type,kernel,grain,bytes_bound:
 * kernel and math rows (1 thread), then roofline rows per dtype, read count and thread count (fp16
 * and bf16 share one measurement). grain: the kernel row's (a transcendental kernel's is below
 * 16384), 0 on other rows; bytes_bound: 1 where the row's form costs its bytes (an in-place call of
 * it then stays on one thread up to twice the grain), 0 elsewhere. */
static void write_csv(FILE *f, const acpu_kernel_table *t, const Item *items, int count, const Item *roofs,
                      int numRoofs, const BenchOptions *o)
{
    const char *isa = acpu_isa_name(t->isa);
    fprintf(f, "kind,name,dtype,n,threads,isa,native_bf16,gelem_s,median_us,spread_pct,reads,op_type,kernel,grain,"
               "bytes_bound\n");
    for (int i = 0; i < count; i++)
        fprintf(f, "%s,%s,%s,%zu,1,%s,%d,%.4f,%.4f,%.1f,%d,%s,%s,%llu,%d\n", kItemKinds[items[i].kind], items[i].name,
                bench_dtype_name(items[i].dtype), items[i].n, isa, t->native_bf16, item_gelem(&items[i]),
                items[i].median * 1e6, items[i].spread * 100.0, items[i].reads, items[i].opType, items[i].kernelName,
                (unsigned long long)items[i].grain, items[i].bytesBound);
    for (int d = 0; d < BENCH_NUM_DTYPES; d++)
        for (int r = 0; r < numRoofs && wants_dtype(o, d); r++)
            if (bench_dtype_size(roofs[r].dtype) == bench_dtype_size(d))
                fprintf(f, "roofline,roofline,%s,%zu,%d,%s,%d,%.4f,%.1f,%.1f,%d,-,-,0,0\n", bench_dtype_name(d),
                        roofs[r].n, roofs[r].threads, isa, t->native_bf16, item_gelem(&roofs[r]), roofs[r].median * 1e6,
                        roofs[r].spread * 100.0, roofs[r].reads);
}

static void free_items(Item *items, int count)
{
    for (int i = 0; i < count; i++)
        free(items[i].samples);
}

/* Whether some item reads `reads` arrays of dtype's element size (math rows: against binary kernels). */
static int roof_needed(const Item *items, int count, int dtype, int reads)
{
    for (int i = 0; i < count; i++) {
        int r = items[i].kind == ITEM_EXP ? 2 : items[i].reads;
        int d = items[i].dtype == BENCH_BF16 ? BENCH_FP16 : items[i].dtype; /* one measurement per size */
        if (d == dtype && r == reads)
            return 1;
    }
    return 0;
}

int bench_kernels_run(const BenchOptions *o)
{
    const acpu_kernel_table *t = acpu_active_kernels();
    int all = omp_get_max_threads();
    char cpu[128];
    bench_cpu_model(cpu, sizeof cpu);
    FILE *csv = o->csvPath != NULL ? fopen(o->csvPath, "w") : NULL;
    if (o->csvPath != NULL && csv == NULL) {
        perror(o->csvPath);
        return 2;
    }
    print_header(t, all, cpu);
    fflush(stdout);
    static Item items[MAX_ITEMS], roofs[3 * 3 * 2];
    static void *blocks[MAX_ITEMS];
    int numBlocks = 0, numRoofs = 0;
    int count = kernel_items(t, o, items, blocks, &numBlocks);
    /* Rooflines first (their 16M buffers are freed before the kernels run): each element size and
     * read count the items have. */
    void *bufs[4];
    for (int k = 0; k < 4; k++)
        bufs[k] = bench_xalloc(ROOF_N * 8);
    static const int kRoofDtypes[] = {BENCH_FP32, BENCH_FP16, BENCH_FP64}; /* 4, 2 and 8 bytes */
    for (int k = 0; k < 3; k++)
        for (int reads = 1; reads <= 3; reads++)
            if (roof_needed(items, count, kRoofDtypes[k], reads))
                measure_roofs(kRoofDtypes[k], reads, all, o, bufs, roofs, &numRoofs);
    for (int k = 0; k < 4; k++)
        free(bufs[k]);
    measure_group(items, count, o);
    for (int i = 0; i < count; i++) {
        int reads = items[i].kind == ITEM_EXP ? 2 : items[i].reads;
        const Item *r1 = find_roof(roofs, numRoofs, items[i].dtype, reads, 1);
        const Item *rT = find_roof(roofs, numRoofs, items[i].dtype, reads, all);
        if (r1 != NULL && rT != NULL)
            print_row(&items[i], r1, rT, all);
    }
    if (csv != NULL) {
        write_csv(csv, t, items, count, roofs, numRoofs, o);
        fclose(csv);
    }
    free_items(items, count);
    free_items(roofs, numRoofs);
    for (int k = 0; k < numBlocks; k++)
        free(blocks[k]);
    return 0;
}
