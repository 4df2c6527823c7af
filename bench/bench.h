/* aclnn-cpu benchmark: shared declarations.
 *
 * The cases are the operator registry's APIs (ops/registry.c), each by its snake name
 * ("silu_backward"), plus the named variants of bench_cases.c (e.g. "elures": EluBackward with
 * isResult true). A case's inputs are generated from its parameters' names (gradients, forward
 * inputs, forward results), its attributes are the operator's defaults unless the variant sets
 * them. The driver (aclnn_cpu_bench.c) times each case through the public two-phase API against
 * references measured in the same process on the same tensors, samples interleaved: the memory
 * roofline of the same traffic, a plain fused AVX2 + SLEEF loop where one exists
 * (bench_fused_avx2.c), oneDNN's eltwise primitive (bench_onednn.c) and PyTorch's aten call
 * (bench_torch.cpp, libtorch's C++ API), both peers from the one table of bench_peers.c.
 * run_bench.py runs the modes per ISA path and renders bench/RESULTS.md. */
#ifndef ACPU_BENCH_H_
#define ACPU_BENCH_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "ops/acpu_registry.h"
#include "bench_torch.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { BENCH_FP32 = 0, BENCH_FP16 = 1, BENCH_BF16 = 2, BENCH_FP64 = 3, BENCH_NUM_DTYPES = 4 };

#define BENCH_MAX_LIST 16
#define BENCH_MAX_CASES 256
#define BENCH_MAX_IN ACPU_TILING_MAX_INPUTS

/* ---- the cases (bench_cases.c) ------------------------------------------------------------------ */

/* What an input holds, from its parameter's name (bench_cases.c states the rule):
 *   GRAD    a gradient, uniform in [-1, 1]
 *   INPUT   a forward input, uniform in [-8, 8]
 *   RESULT  a forward result: the forward API's output on a forward input when the registry has
 *           that API, else uniform in the documented fallback range */
enum { BENCH_ROLE_GRAD = 0, BENCH_ROLE_INPUT, BENCH_ROLE_RESULT };

typedef struct {
    const char *name; /* the API parameter carrying it, else the operator's IR input name */
    int role;
    float lo, hi;                /* the uniform range (RESULT: the fallback) */
    char forwardName[48];        /* RESULT: the forward API's snake name */
    const acpu_api_def *forward; /* RESULT: that API when the registry has it (and it is not in-place) */
} BenchInput;

typedef struct {
    char name[48]; /* the case's name: the API's snake name or the variant's */
    const acpu_api_def *api;
    const char *variantNote;               /* what the variant changes; NULL for the API's own case */
    acpu_attr_value attrs[ACPU_MAX_ATTRS]; /* by operator attribute: the defaults, then the variant's */
    int numIn;                             /* operator inputs (op->n_in) */
    BenchInput in[BENCH_MAX_IN];
    int bound[BENCH_MAX_IN]; /* 1 where an API tensor parameter carries operator input j */
    int inplace;             /* the output is operator input inplaceSlot (selfRef) */
    int inplaceSlot;
    int numReads;    /* input tensors one call reads (the roofline's read streams) */
    unsigned dtypes; /* bit d: phase 1 accepts every tensor in BENCH dtype d (probed) */
} BenchCase;

extern BenchCase bench_cases[BENCH_MAX_CASES];
extern int bench_num_cases;

/* Builds the case list from the registry (no ACL call); 0, or -1 with a message on stderr (a
 * variant naming an attribute its operator lacks, too many cases). */
int bench_cases_build(void);
/* Probes each case's dtypes with phase 1 on tiny tensors (after aclInit). */
void bench_cases_probe(void);
int bench_case_find(const char *name); /* index, or -1 */
/* Prints "# note: text" on stdout, once per distinct text. */
void bench_note(const char *text);
const char *bench_role_name(int role);
/* The variants table: each row's name, API, note (bench --check-peers lists them). */
int bench_variant_count(void);
const char *bench_variant_name(int k);
const char *bench_variant_api(int k);

/* The tensors of one case instance: operator inputs (NULL where no API parameter carries one),
 * the output (an in-place case's output is its selfRef input) and the scalars of its attributes. */
typedef struct {
    const BenchCase *c;
    int dtype;
    size_t n;
    void *in[BENCH_MAX_IN];
    void *out;
    void *pristine; /* in-place cases: the input as generated, restored before each call (untimed) */
    aclTensor *tin[BENCH_MAX_IN], *tout;
    aclScalar *scalars[ACPU_MAX_ATTRS];
} BenchData;

/* Allocates and fills a case's tensors (every page touched); exits with a message on failure. */
void bench_data_create(const BenchCase *c, int dtype, size_t n, BenchData *d);
void bench_data_destroy(BenchData *d);
/* In-place cases: puts the generated input back (the calls overwrite it). */
void bench_data_restore(const BenchData *d);
/* Fills arrays in[0..numIn) of n elements (operator input order) with the case's inputs (kernel
 * mode: every operator input, bound or not). */
void bench_case_fill(const BenchCase *c, int dtype, size_t n, void *const *in);
/* Phase 1 of the case's API on its tensors, through the registry's generic trampoline. */
aclnnStatus bench_case_phase1(const BenchData *d, uint64_t *workspaceSize, aclOpExecutor **executor);
/* One whole call (phase 1, phase 2, synchronize) with its own workspace; for data generation. */
aclnnStatus bench_case_call_once(const BenchData *d, aclrtStream stream);
/* The tensor (operator input j, or the output for j = -1) whose role is `role`: the first bound
 * input with it, or -1. */
int bench_case_input_with_role(const BenchCase *c, int role);
/* The case's attribute value by operator attribute name ("alpha"; "a|b" tries each); 0 when found. */
int bench_case_attr(const BenchCase *c, const char *names, acpu_attr_value *v, int *type);

/* ---- options (bench_options.c) ------------------------------------------------------------------ */

typedef struct {
    int ops[BENCH_MAX_CASES];
    int numOps;
    const char *opsArg; /* --ops as given (resolved after the cases are built) */
    int dtypes[BENCH_MAX_LIST];
    int numDtypes;
    size_t sizes[BENCH_MAX_LIST];
    int numSizes;
    int threads[BENCH_MAX_LIST];
    int numThreads;
    int samples;       /* samples per implementation and case */
    double minSampleS; /* each sample lasts at least this long (several calls if needed) */
    int quick;
    int table;                              /* print a short table instead of the CSV on stdout */
    int verify;                             /* compare the library's output with every reference, per case */
    int noFused;                            /* skip the fused AVX2 + SLEEF loop */
    int noPeers;                            /* skip oneDNN and PyTorch */
    int kernels;                            /* --kernels: the kernel ceiling (bench_kernels.c) */
    int demo;                               /* --demo: the short newcomer's table */
    int busy;                               /* --busy: 1 and T threads with a spinning competitor on one CPU */
    int checkPeers;                         /* --check-peers: coverage and agreement of the peers table */
    const char *checkExtra[BENCH_MAX_LIST]; /* --check-extra NAME: names the check also requires */
    int numCheckExtra;
    const char *csvPath; /* also write the CSV here (NULL: no file) */
    /* --sweep: one op, one dtype, one N over plan variants (profile x cores x UB bytes) */
    int sweep;
    char sweepSocs[BENCH_MAX_LIST][32];
    int numSweepSocs;
    long long sweepCores[BENCH_MAX_LIST]; /* 0: the profile's own */
    int numSweepCores;
    long long sweepUb[BENCH_MAX_LIST]; /* bytes; 0: the profile's own */
    int numSweepUb;
    int sweepBuffer[BENCH_MAX_LIST]; /* -1: the plan's own double buffering; 0 off; 1 on */
    int numSweepBuffer;
    long long sweepTile[BENCH_MAX_LIST]; /* elements per tile; 0: the plan's own */
    int numSweepTile;
} BenchOptions;

/* 0 ok, 1 help shown, -1 error. The --ops names are resolved by bench_resolve_ops. */
int bench_parse_options(int argc, char **argv, BenchOptions *opt);
/* After bench_cases_probe: --ops to case indices (default: every case), dropping dtypes no
 * selected case has; 0, or -1 with a message. */
int bench_resolve_ops(BenchOptions *opt);
const char *bench_dtype_name(int dtype);
size_t bench_dtype_size(int dtype); /* bytes per element: 4, 2, 2, 8 */
aclDataType bench_dtype_acl(int dtype);
int bench_case_has_dtype(int op, int dtype);

/* ---- helpers (bench_util.c) --------------------------------------------------------------------- */

double bench_now(void);
float bench_uniform(uint64_t seed, size_t i, float lo, float hi); /* element i of a seeded sequence in [lo, hi) */
void bench_store(int dtype, void *buf, size_t i, float v);        /* buf[i] = v in the dtype, rounded to nearest */
double bench_load(int dtype, const void *buf, size_t i);
void bench_fill_uniform(int dtype, void *buf, size_t n, uint64_t seed, float lo, float hi);
void bench_cpu_model(char *buf, size_t size); /* /proc/cpuinfo's model name, or "unknown CPU" */
uint16_t bench_f32_to_bf16(float v);
uint16_t bench_f32_to_f16(float v);
void *bench_xalloc(size_t bytes); /* 64-byte aligned; exits on failure */
/* Median, first and third quartile of v[0..n) (sorts v). */
void bench_stats(double *v, int n, double *median, double *q1, double *q3);
/* Largest distance in units in the last place (of the dtype) between a[i] and b[i], and how many
 * elements differ at all (NaNs with the same bits count as equal). */
uint64_t bench_max_ulp_diff(int dtype, const void *a, const void *b, size_t n, size_t *differing);
/* How many elements of buf are subnormal (an in-place case's data drifting there slows kernels down). */
size_t bench_count_subnormal(int dtype, const void *buf, size_t n);
/* Largest |a - b| / (|b| + floor) over the elements, NaN against non-NaN counting as infinite. */
double bench_max_rel_diff(int dtype, const void *a, const void *b, size_t n, double floor);
/* Roofline of `reads` input streams and one output of `esize`-byte elements (8, 4 or 2):
 * out[i] = in[0][i] * ... * in[reads-1][i] (one input: in[0][i] * 1); out may be in[0] (an
 * in-place call's traffic: one read and one write of the same array). Plain C. */
void bench_roofline_generic(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize);
/* 1 when the CPU has AVX2 + FMA + F16C (the fused loops and the AVX2 rooflines may run). */
int bench_have_avx2(void);
/* The ISA caps of the peers for the library's active ISA, set in the environment before either
 * peer's first use unless already set: DNNL_MAX_CPU_ISA and ATEN_CPU_CAPABILITY. Returns the
 * line that states them. */
const char *bench_cap_peers(void);

/* ---- the fused loops and AVX2 rooflines (bench_fused_avx2.c; call only when bench_have_avx2()) -- */

/* The constants of the fused loops, from a case's attributes (aclnn_cpu_bench.c). */
typedef struct {
    float scale;      /* ELU: the positive branch's factor */
    float factorNeg;  /* ELU: alpha * scale * inputScale */
    float negBias;    /* ELU: alpha * scale (result mode) */
    float inputScale; /* ELU */
    float beta;       /* softplus: z = beta * x (the fp64 loop uses (double)beta) */
    float threshold;  /* softplus: z > threshold -> dy, else dy / (1 + exp(-z)) */
} BenchFusedParams;

/* One run over n elements: out = f(in[0], in[1]) (operator input order), `threads` OpenMP threads. */
typedef void (*BenchFused)(const void *const *in, void *out, size_t n, int threads, const BenchFusedParams *p);
/* The plain fused loop of a case name and dtype, or NULL (no such loop: the tables show "-"). */
BenchFused bench_fused_kernel(const char *caseName, int dtype);
void bench_roofline_avx2(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize);
/* The same with non-temporal (streaming) stores: no read-for-ownership of out. */
void bench_roofline_nt_avx2(const void *const *in, int reads, void *out, size_t n, int threads, size_t esize);

/* ---- the peers table (bench_peers.c) ------------------------------------------------------------ */

/* An argument of a peer: the case's attribute (attr != NULL; "a|b" tries each) or a constant. */
typedef struct {
    const char *attr;
    double value;
} BenchPeerArg;

/* An attribute value the peer's formula assumes (the peer is skipped for a case without it). */
typedef struct {
    const char *attr;
    double value;
} BenchAttrEq;

#define BENCH_MAX_REQUIRES 3

typedef struct {
    const char *name; /* case name: the API's snake name or a variant's */
    /* oneDNN eltwise: the algorithm kind without "dnnl_eltwise_" (direction from the case: a
     * gradient input makes it the backward primitive), alpha, beta; or the reason there is none */
    const char *dnnlAlg;
    BenchPeerArg dnnlAlpha, dnnlBeta;
    BenchAttrEq dnnlRequires[BENCH_MAX_REQUIRES];
    const char *noDnnl;
    /* PyTorch: the aten call (the key of bench_torch.cpp's table), or the reason there is none */
    const char *torch;
    BenchAttrEq torchRequires[BENCH_MAX_REQUIRES];
    const char *noTorch;
    const char *note; /* how the peers' formulas differ, where they do */
} BenchPeer;

/* The row of a case name; NULL when the table has none. */
const BenchPeer *bench_peer_find(const char *caseName);
/* Why a peer does not run for a case ("" when it does): no entry, a reason, an attribute the
 * formula assumes that the case does not have. which: 0 oneDNN, 1 PyTorch. */
const char *bench_peer_skip(const BenchCase *c, int which, char *buf, size_t size);
/* The value of a peer argument for a case (exits with a message when the attribute is missing). */
double bench_peer_arg(const BenchCase *c, BenchPeerArg a);
/* --check-peers: every registry API (and each name of `extra`) has a row with a peer or a reason
 * for each; the rows' algorithm kinds, aten calls and attribute names exist. Prints a line per
 * problem; returns their count. */
int bench_peers_check_table(const char *const *extra, int numExtra);
/* The oneDNN algorithm kinds the table may name (whatever the build has). */
int bench_dnnl_alg_known(const char *alg);

/* ---- oneDNN (bench_onednn.c; optional: ACPU_BENCH_HAVE_DNNL) ------------------------------------ */

typedef struct BenchDnnl BenchDnnl;
int bench_dnnl_available(void);
const char *bench_dnnl_version(void); /* "2.6.3" or "not built" */
/* 1 when oneDNN has the dtype (fp32, bf16; not fp16 or fp64 on x86 CPUs). */
int bench_dnnl_has_dtype(int dtype);
/* The case's primitive on its tensors for `threads` OpenMP threads; NULL with a message in why
 * (oneDNN refuses: unimplemented on this ISA and dtype). */
BenchDnnl *bench_dnnl_create(const BenchData *d, int threads, char *why, size_t whySize);
void bench_dnnl_set_threads(int threads);
/* One call with the stack pointer at the call instruction congruent to rsp64 (0, 16, 32 or 48)
 * mod 64; returns the residue it actually had (-1 where it cannot be controlled: not x86-64). */
int bench_dnnl_run(BenchDnnl *d, int rsp64);
const char *bench_dnnl_impl_name(const BenchDnnl *d); /* oneDNN's implementation, e.g. "jit:avx512_core" */
void bench_dnnl_destroy(BenchDnnl *d);

/* ---- PyTorch (bench_torch.cpp; optional: ACPU_BENCH_HAVE_TORCH): see bench_torch.h ------------- */

/* The call descriptor of a case instance for bench_torch_create (built from the peers table row). */
void bench_torch_call_of(const BenchData *d, const char *call, int verify, BenchTorchCall *out);

/* ---- the busy-core competitor (bench_busy.c) ---------------------------------------------------- */

/* Starts a process that spins on the last CPU of this process's affinity set for at most limitS
 * seconds (and dies with this process); returns the CPU, or -1 with a message (fewer than two
 * CPUs, fork refused). */
int bench_busy_start(double limitS);
void bench_busy_stop(void);

/* ---- the kernel ceiling (bench_kernels.c) ------------------------------------------------------- */

/* --kernels: each case's kernel (the registry's op->kernel / pick_kernel, its parameter block from
 * the kernel's init) and each exp variant of the active table alone on L1-resident data against the
 * same-run memory roofline; a table on stdout, the CSV to opt->csvPath. Returns the exit status. */
int bench_kernels_run(const BenchOptions *opt);

#ifdef __cplusplus
}
#endif

#endif /* ACPU_BENCH_H_ */
