/* aclnn-cpu benchmark: shared declarations. The driver (aclnn_cpu_bench.c) times the public
 * two-phase API of each operator against two references measured in the same run and the same
 * conditions: a memory roofline (c[i] = a[i]*b[i], same traffic: 2 reads + 1 write of the dtype's
 * size, e.g. 24 bytes per element for fp64) and a plain fused AVX2 + SLEEF loop. */
#ifndef ACPU_BENCH_H_
#define ACPU_BENCH_H_

#include <stddef.h>
#include <stdint.h>

/* elu / elures: aclnnEluBackward with isResult false / true; softplus: aclnnSoftplusBackward. */
enum { BENCH_OP_ELU = 0, BENCH_OP_ELURES = 1, BENCH_OP_SOFTPLUS = 2, BENCH_NUM_OPS = 3 };
enum { BENCH_FP32 = 0, BENCH_FP16 = 1, BENCH_BF16 = 2, BENCH_FP64 = 3, BENCH_NUM_DTYPES = 4 };

#define BENCH_MAX_LIST 16

typedef struct {
    int ops[BENCH_MAX_LIST];
    int numOps;
    int dtypes[BENCH_MAX_LIST];
    int numDtypes;
    size_t sizes[BENCH_MAX_LIST];
    int numSizes;
    int threads[BENCH_MAX_LIST];
    int numThreads;
    int samples;         /* samples per implementation and case */
    double minSampleS;   /* each sample lasts at least this long (several calls if needed) */
    int quick;
    int table;           /* print a short table instead of the CSV on stdout */
    int verify;          /* compare the library's output with the fused loop's, per case */
    const char *csvPath; /* also write the CSV here (NULL: no file) */
} BenchOptions;

/* Operator parameters as the fused loops use them (the kernels' constants). */
typedef struct {
    float scale;        /* ELU: factorPos */
    float factorNeg;    /* ELU: alpha * scale * inputScale */
    float negBias;      /* ELU: alpha * scale (result mode) */
    float inputScale;   /* ELU */
    float beta;         /* softplus: z = beta * x (the fp64 loop uses (double)beta) */
    float threshold;    /* softplus: z > threshold -> dy, else dy / (1 + exp(-z)) */
} BenchParams;

/* One run of a kernel over n elements: out = f(dy, x), `threads` OpenMP threads. */
typedef void (*BenchKernel)(const void *dy, const void *x, void *out, size_t n, int threads,
                            const BenchParams *p);

/* bench_options.c */
int bench_parse_options(int argc, char **argv, BenchOptions *opt); /* 0 ok, 1 help shown, -1 error */
const char *bench_op_name(int op);
const char *bench_dtype_name(int dtype);
size_t bench_dtype_size(int dtype); /* bytes per element: 4, 2, 2, 8 */
int bench_op_has_dtype(int op, int dtype); /* fp64 is benchmarked for softplus only */

/* bench_util.c */
double bench_now(void);
void bench_fill(int dtype, void *buf, size_t n, uint64_t seed); /* values in [-3, 3] */
uint16_t bench_f32_to_bf16(float v);
uint16_t bench_f32_to_f16(float v);
/* Median, first and third quartile of v[0..n) (sorts v). */
void bench_stats(double *v, int n, double *median, double *q1, double *q3);
/* Largest distance in units in the last place (of the dtype) between a[i] and b[i], and how many
 * elements differ at all (NaNs with the same bits count as equal). */
uint64_t bench_max_ulp_diff(int dtype, const void *a, const void *b, size_t n, size_t *differing);
/* STREAM-like roofline c[i] = a[i]*b[i] with elements of `esize` bytes (8, 4 or 2), plain C. */
void bench_roofline_generic(const void *a, const void *b, void *c, size_t n, int threads, size_t esize);
/* 1 when the CPU has AVX2 + FMA + F16C (the fused loop and the AVX2 roofline may run). */
int bench_have_avx2(void);

/* bench_fused_avx2.c (built with -mavx2 -mfma -mf16c; call only when bench_have_avx2()). */
BenchKernel bench_fused_kernel(int op, int dtype); /* call only when bench_op_has_dtype(op, dtype) */
void bench_roofline_avx2(const void *a, const void *b, void *c, size_t n, int threads, size_t esize);

#endif /* ACPU_BENCH_H_ */
