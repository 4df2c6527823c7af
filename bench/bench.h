/* aclnn-cpu benchmark: shared declarations. The driver (aclnn_cpu_bench.c) times the public
 * two-phase API of each operator (whole call, and phase 2 alone with a repeatable executor)
 * against references measured in the same run and the same conditions: a memory roofline
 * (c[i] = a[i]*b[i], same traffic: 2 reads + 1 write of the dtype's size, e.g. 24 bytes per
 * element for fp64) with regular and with streaming stores, a plain fused AVX2 + SLEEF loop, and
 * oneDNN's eltwise backward at four stack alignments when the build found it (bench_onednn.c).
 * PyTorch is timed by peers_torch.py; run_bench.py merges everything into CSV, markdown and
 * plots. */
#ifndef ACPU_BENCH_H_
#define ACPU_BENCH_H_

#include <stddef.h>
#include <stdint.h>

/* The benchmarked operators, one row each: X(ID, name, has_fp64). elu / elures: aclnnEluBackward
 * with isResult false / true; softplus: aclnnSoftplusBackward (beta 1, threshold 20); silu:
 * aclnnSiluBackward. The row's name is the CSV op column, the --ops word and what run_bench.py and
 * peers_torch.py read back (aclnn_cpu_bench --list-ops). Every table indexed by op below is built
 * with designated initialisers [BENCH_OP_<ID>]. */
#define BENCH_OP_LIST(X)        \
    X(ELU, "elu", 0)            \
    X(ELURES, "elures", 0)      \
    X(SOFTPLUS, "softplus", 1)  \
    X(SILU, "silu", 0)
#define BENCH_OP_ENUM_ROW(id, name, f64) BENCH_OP_##id,
enum { BENCH_OP_LIST(BENCH_OP_ENUM_ROW) BENCH_NUM_OPS };
#undef BENCH_OP_ENUM_ROW
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
    int noFused;         /* skip the fused AVX2 + SLEEF loop */
    int noPeers;         /* skip oneDNN */
    int kernels;         /* --kernels: the kernel ceiling (bench_kernels.c) instead of the benchmark */
    const char *csvPath; /* also write the CSV here (NULL: no file) */
    /* --sweep: one op, one dtype, one N over plan variants (profile x cores x UB bytes) */
    int sweep;
    char sweepSocs[BENCH_MAX_LIST][32];
    int numSweepSocs;
    long long sweepCores[BENCH_MAX_LIST]; /* 0: the profile's own */
    int numSweepCores;
    long long sweepUb[BENCH_MAX_LIST];    /* bytes; 0: the profile's own */
    int numSweepUb;
    int sweepBuffer[BENCH_MAX_LIST];      /* -1: the plan's own double buffering; 0 off; 1 on */
    int numSweepBuffer;
    long long sweepTile[BENCH_MAX_LIST];  /* elements per tile; 0: the plan's own */
    int numSweepTile;
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
int bench_op_has_dtype(int op, int dtype); /* fp64 where the op's row says so (softplus) */
int bench_op_parse(const char *name);        /* the op of a name, -1 when unknown */

/* bench_util.c */
double bench_now(void);
void bench_fill(int dtype, void *buf, size_t n, uint64_t seed); /* values in [-3, 3] */
float bench_uniform(uint64_t seed, size_t i, float lo, float hi); /* element i of a seeded sequence in [lo, hi) */
void bench_store(int dtype, void *buf, size_t i, float v);       /* buf[i] = v in the dtype, rounded to nearest */
void bench_cpu_model(char *buf, size_t size); /* /proc/cpuinfo's model name, or "unknown CPU" */
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
/* The same roofline with non-temporal (streaming) stores: no read-for-ownership of c. */
void bench_roofline_nt_avx2(const void *a, const void *b, void *c, size_t n, int threads, size_t esize);

/* bench_kernels.c: --kernels, each kernel and exp variant of the active table alone on L1-resident
 * data against the same-run memory roofline; a table on stdout, the CSV to opt->csvPath. Returns
 * the exit status. */
int bench_kernels_run(const BenchOptions *opt);

/* bench_onednn.c: oneDNN's eltwise backward (elu from the forward input, elu_use_dst_for_bwd,
 * soft_relu) on the case's buffers, without copies. Built against dnnl.h when CMake found
 * libdnnl (ACPU_BENCH_HAVE_DNNL); otherwise bench_dnnl_available() is 0 and nothing else runs. */
typedef struct BenchDnnl BenchDnnl;
int bench_dnnl_available(void);
const char *bench_dnnl_version(void); /* "2.6.3" or "not built" */
/* 1 when oneDNN has the op and dtype (fp32, bf16; not fp16 or fp64 on x86 CPUs; every op here has
 * an eltwise algorithm: elu, elu_use_dst_for_bwd, soft_relu, swish). */
int bench_dnnl_has(int op, int dtype);
/* Creates the primitive for `threads` OpenMP threads (sets omp_set_num_threads); NULL with a
 * message on stderr when oneDNN refuses. Call bench_dnnl_set_threads before each run. */
BenchDnnl *bench_dnnl_create(int op, int dtype, size_t n, const void *dy, const void *x, void *dx, int threads);
void bench_dnnl_set_threads(int threads);
/* One call with the stack pointer at the call instruction congruent to rsp64 (0, 16, 32 or 48)
 * mod 64; returns the residue it actually had (-1 where it cannot be controlled: not x86-64). */
int bench_dnnl_run(BenchDnnl *d, int rsp64);
const char *bench_dnnl_impl_name(const BenchDnnl *d); /* oneDNN's implementation, e.g. "jit:avx512_core" */
void bench_dnnl_destroy(BenchDnnl *d);

#endif /* ACPU_BENCH_H_ */
