/* aclnn_cpu_bench --kernels: the kernel ceiling. Each kernel of the active table (the one the API's
 * phase 1 captures: ACLNN_CPU_MAX_ISA, ACLNN_CPU_AVX512_BF16) is timed alone on L1-resident arrays,
 * one thread, no API and no OpenMP, and so is each exp variant of that table. Next to it, the
 * memory roofline of the same traffic (c[i] = a[i]*b[i] at 16M elements, regular stores, the same
 * loop as the main mode's) with one thread and with all threads, measured in the same run. A kernel
 * alone slower than the roofline of T threads divided by T cannot keep T threads at the memory
 * limit: it is compute-bound there. Samples of one group (kernels, or one element size's
 * rooflines) are interleaved so that all see the same machine state. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/acpu_settings.h" /* acpu_active_kernels */
#include "bench.h"
#include "kernels/acpu_kernels.h"

/* The three arrays of a binary kernel (2 inputs, 1 output) in 24 KiB: inside a 32 KiB L1d with
 * room for the stack and the constants. fp32 2048 elements, 16-bit 4096, fp64 1024. */
#define KERNEL_ARRAY_BYTES (8u * 1024u)
/* The roofline at a DRAM size (16M elements: 96-384 MiB of traffic per call, far past any L3). */
#define ROOF_N ((size_t)16 << 20)

enum { ITEM_KERNEL, ITEM_EXP, ITEM_ROOF };
static const char *const kItemKinds[] = {"kernel", "exp", "roofline"};

typedef struct {
    int kind;
    const char *name; /* bench op name, exp variant name, or "roofline" */
    int dtype;        /* BENCH_FP32 ... (roofline: one dtype of its element size) */
    size_t n;
    int threads;
    acpu_binary_kernel kernel;
    acpu_unary_kernel exp;
    const void *params, *a, *b;
    void *out;
    long reps;
    double *samples;
    double median, spread; /* seconds per call; IQR / median */
    double best;           /* the fastest sample, seconds per call */
} Item;

/* Per dtype: the kernels' arrays. dy in [-1, 1], x in [-8, 8] (both signs: both branches of
 * every kernel run), y = ELU(x) with alpha 1 (the forward result ELU_RESULT reads). */
typedef struct {
    void *dy, *x, *y, *out;
    size_t n;
} KernelArrays;

static const acpu_kdtype kKernelDtypes[BENCH_NUM_DTYPES] = {
    [BENCH_FP32] = ACPU_KDT_F32, [BENCH_FP16] = ACPU_KDT_F16, [BENCH_BF16] = ACPU_KDT_BF16, [BENCH_FP64] = ACPU_KDT_F64};
/* The parameters as the kernels get them for the main mode's attributes: ELU alpha = scale =
 * inputScale = 1 (folded: factor_neg = alpha*scale*inputScale, neg_bias = alpha*scale), softplus
 * beta 1, threshold 20; SiLU has none. */
static const acpu_elu_params kEluParams = {.scale = 1.0f, .input_scale = 1.0f, .factor_neg = 1.0f, .neg_bias = 1.0f};
static const acpu_softplus_params kSoftplusParams = {.beta = 1.0f, .threshold = 20.0f, .beta_d = 1.0, .threshold_d = 20.0};

/* Each bench op's kernel row and parameters; an op without a row here is skipped with a note (no
 * silent stand-in: a zeroed row would name ELU_EXP). */
typedef struct {
    int set;
    acpu_kernel_id id;
    const void *params;
} OpKernel;
static const OpKernel kOpKernels[BENCH_NUM_OPS] = {
    [BENCH_OP_ELU] = {1, ACPU_KERNEL_ELU_EXP, &kEluParams},
    [BENCH_OP_ELURES] = {1, ACPU_KERNEL_ELU_RESULT, &kEluParams},
    [BENCH_OP_SOFTPLUS] = {1, ACPU_KERNEL_SOFTPLUS, &kSoftplusParams},
    [BENCH_OP_SILU] = {1, ACPU_KERNEL_SILU, NULL},
};

static void *xalloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (p == NULL) {
        fprintf(stderr, "aclnn_cpu_bench: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return p;
}

/* The four arrays in one block, each KERNEL_ARRAY_STAGGER bytes further from a 4 KiB boundary
 * than the previous one: arrays at the same offset modulo 4 KiB make the CPU stall loads behind
 * unrelated stores (4K aliasing), a cost the library's calls do not pay in general. */
#define KERNEL_ARRAY_STAGGER 320u
static void arrays_create(KernelArrays *k, int dtype)
{
    size_t esize = bench_dtype_size(dtype), stride = KERNEL_ARRAY_BYTES + KERNEL_ARRAY_STAGGER;
    char *block = xalloc(4 * stride);
    k->n = KERNEL_ARRAY_BYTES / esize;
    k->dy = block;
    k->x = block + stride;
    k->y = block + 2 * stride;
    k->out = block + 3 * stride;
    for (size_t i = 0; i < k->n; i++) {
        float x = bench_uniform(2, i, -8.0f, 8.0f);
        bench_store(dtype, k->dy, i, bench_uniform(1, i, -1.0f, 1.0f));
        bench_store(dtype, k->x, i, x);
        bench_store(dtype, k->y, i, x > 0.0f ? x : expm1f(x));
    }
    memset(k->out, 0, KERNEL_ARRAY_BYTES);
}

static void arrays_destroy(KernelArrays *k)
{
    free(k->dy); /* the block */
}

static void run_item(const Item *it)
{
    if (it->kind == ITEM_KERNEL)
        it->kernel(it->n, it->a, it->b, it->out, it->params);
    else if (it->kind == ITEM_EXP)
        it->exp(it->n, it->a, it->out);
    else if (bench_have_avx2())
        bench_roofline_avx2(it->a, it->b, it->out, it->n, it->threads, bench_dtype_size(it->dtype));
    else
        bench_roofline_generic(it->a, it->b, it->out, it->n, it->threads, bench_dtype_size(it->dtype));
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

/* A kernel's or exp's ceiling is its fastest sample (on a shared machine the median drops with the
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

/* Every kernel of the table for the requested ops and dtypes, then every exp variant whose element
 * type is requested. Returns the count. */
static int kernel_items(const acpu_kernel_table *t, const BenchOptions *o, KernelArrays *arrays, Item *items)
{
    int count = 0;
    for (int k = 0; k < o->numOps; k++) {
        const OpKernel *ok = &kOpKernels[o->ops[k]];
        if (!ok->set)
            printf("# note: %s has no kernel row in bench_kernels.c: skipped\n", bench_op_name(o->ops[k]));
        for (int d = 0; d < BENCH_NUM_DTYPES && ok->set; d++) {
            int op = o->ops[k];
            acpu_binary_kernel fn = t->k[ok->id][kKernelDtypes[d]];
            if (fn == NULL || !wants_dtype(o, d) || !bench_op_has_dtype(op, d))
                continue;
            const KernelArrays *a = &arrays[d];
            add_item(items, &count, o, (Item){.kind = ITEM_KERNEL, .name = bench_op_name(op), .dtype = d, .n = a->n,
                                              .threads = 1, .kernel = fn, .params = ok->params, .a = a->dy,
                                              .b = op == BENCH_OP_ELURES ? a->y : a->x, .out = a->out});
        }
    }
    for (int v = 0; v < ACPU_EXP_COUNT; v++) {
        int d = acpu_exp_variant_is_f64((acpu_exp_variant)v) ? BENCH_FP64 : BENCH_FP32;
        if (t->exp[v] == NULL || !wants_dtype(o, d))
            continue;
        add_item(items, &count, o, (Item){.kind = ITEM_EXP, .name = acpu_exp_variant_name((acpu_exp_variant)v),
                                          .dtype = d, .n = arrays[d].n, .threads = 1, .exp = t->exp[v],
                                          .a = arrays[d].x, .out = arrays[d].out});
    }
    return count;
}

/* The rooflines of one element size: 1 thread and `all` threads (one item when all is 1), on
 * buffers filled with the dtype's values (no subnormal products: an fp32 view of fp64 bits could
 * hold some, and their microcode assists would slow the multiply down). */
static void measure_roofs(int dtype, int all, const BenchOptions *o, void *bufs[3], Item *items, int *count)
{
    int first = *count;
    bench_fill(dtype, bufs[0], ROOF_N, 1);
    bench_fill(dtype, bufs[1], ROOF_N, 2);
    memset(bufs[2], 0, ROOF_N * bench_dtype_size(dtype));
    Item roof = {.kind = ITEM_ROOF, .name = "roofline", .dtype = dtype, .n = ROOF_N, .threads = 1,
                 .a = bufs[0], .b = bufs[1], .out = bufs[2]};
    add_item(items, count, o, roof);
    if (all > 1) {
        roof.threads = all;
        add_item(items, count, o, roof);
    }
    measure_group(items + first, *count - first, o);
}

/* The roofline item of a dtype's element size at `threads`; NULL when not measured. */
static const Item *find_roof(const Item *roofs, int count, int dtype, int threads)
{
    for (int i = 0; i < count; i++)
        if (bench_dtype_size(roofs[i].dtype) == bench_dtype_size(dtype) && roofs[i].threads == threads)
            return &roofs[i];
    return NULL;
}

static void print_header(const acpu_kernel_table *t, int all, const char *cpu)
{
    printf("# aclnn_cpu_bench --kernels: each kernel of the active table alone, 1 thread, L1-resident arrays\n"
           "# (%u bytes each), against the roofline c=a*b at %zuM elements (same traffic, regular stores).\n",
           KERNEL_ARRAY_BYTES, ROOF_N >> 20);
    printf("# kernel and exp rates: the fastest sample (IQR of all samples); rooflines: the median.\n");
    printf("# cpu: %s; isa: %s; native bf16 conversion: %s; all threads: %d\n", cpu, acpu_isa_name(t->isa),
           t->native_bf16 ? "on" : "off", all);
    printf("# k/roof = kernel alone / roofline at 1 thread; %dk/roof%d = %d x kernel alone / roofline at %d threads;\n"
           "# below 1: compute-bound there (the kernel cannot keep up with memory), else memory-bound.\n"
           "# exp rows: against the roofline of the binary kernels of their element type (the exp is their ceiling).\n",
           all, all, all, all);
    printf("%-8s %-14s %-5s %6s %16s %8s %7s %8s %9s %-8s %-8s\n", "kind", "name", "dtype", "n", "Gelem/s (IQR)",
           "roof1", "k/roof", "roofT", "Tk/roofT", "bound@1", "bound@T");
}

static void print_row(const Item *it, const Item *roof1, const Item *roofT, int all)
{
    double g = item_gelem(it), r1 = item_gelem(roof1), rT = item_gelem(roofT);
    double q1 = g / r1, qT = g * all / rT;
    char rate[32];
    snprintf(rate, sizeof rate, "%.3f (±%.0f%%)", g, it->spread * 50.0);
    printf("%-8s %-14s %-5s %6zu %16s %8.3f %7.2f %8.3f %9.2f %-8s %-8s\n", kItemKinds[it->kind], it->name,
           bench_dtype_name(it->dtype), it->n, rate, r1, q1, rT, qT, q1 < 1.0 ? "compute" : "memory",
           qT < 1.0 ? "compute" : "memory");
}

/* kind,name,dtype,n,threads,isa,native_bf16,gelem_s,median_us,spread_pct: kernel and exp rows (1
 * thread), then roofline rows per dtype and thread count (fp16 and bf16 share one measurement). */
static void write_csv(FILE *f, const acpu_kernel_table *t, const Item *items, int count, const Item *roofs,
                      int numRoofs, const BenchOptions *o)
{
    const char *isa = acpu_isa_name(t->isa);
    fprintf(f, "kind,name,dtype,n,threads,isa,native_bf16,gelem_s,median_us,spread_pct\n");
    for (int i = 0; i < count; i++)
        fprintf(f, "%s,%s,%s,%zu,1,%s,%d,%.4f,%.4f,%.1f\n", kItemKinds[items[i].kind], items[i].name,
                bench_dtype_name(items[i].dtype), items[i].n, isa, t->native_bf16, item_gelem(&items[i]),
                items[i].median * 1e6, items[i].spread * 100.0);
    for (int d = 0; d < BENCH_NUM_DTYPES; d++)
        for (int r = 0; r < numRoofs && wants_dtype(o, d); r++)
            if (bench_dtype_size(roofs[r].dtype) == bench_dtype_size(d))
                fprintf(f, "roofline,roofline,%s,%zu,%d,%s,%d,%.4f,%.1f,%.1f\n", bench_dtype_name(d), roofs[r].n,
                        roofs[r].threads, isa, t->native_bf16, item_gelem(&roofs[r]), roofs[r].median * 1e6,
                        roofs[r].spread * 100.0);
}

static void free_items(Item *items, int count)
{
    for (int i = 0; i < count; i++)
        free(items[i].samples);
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
    /* Rooflines first: their 16M buffers are freed before the kernels run. */
    static Item roofs[2 * 3], items[BENCH_NUM_OPS * BENCH_NUM_DTYPES + ACPU_EXP_COUNT];
    int numRoofs = 0;
    void *bufs[3];
    for (int k = 0; k < 3; k++)
        bufs[k] = xalloc(ROOF_N * 8);
    static const int kRoofDtypes[] = {BENCH_FP32, BENCH_FP16, BENCH_FP64}; /* 4, 2 and 8 bytes */
    for (int k = 0; k < 3; k++)
        if (wants_dtype(o, kRoofDtypes[k]) || (kRoofDtypes[k] == BENCH_FP16 && wants_dtype(o, BENCH_BF16)))
            measure_roofs(kRoofDtypes[k], all, o, bufs, roofs, &numRoofs);
    for (int k = 0; k < 3; k++)
        free(bufs[k]);
    KernelArrays arrays[BENCH_NUM_DTYPES];
    for (int d = 0; d < BENCH_NUM_DTYPES; d++)
        arrays_create(&arrays[d], d);
    int count = kernel_items(t, o, arrays, items);
    measure_group(items, count, o);
    for (int i = 0; i < count; i++)
        print_row(&items[i], find_roof(roofs, numRoofs, items[i].dtype, 1), find_roof(roofs, numRoofs, items[i].dtype, all),
                  all);
    if (csv != NULL) {
        write_csv(csv, t, items, count, roofs, numRoofs, o);
        fclose(csv);
    }
    free_items(items, count);
    free_items(roofs, numRoofs);
    for (int d = 0; d < BENCH_NUM_DTYPES; d++)
        arrays_destroy(&arrays[d]);
    return 0;
}
