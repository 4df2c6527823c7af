/* The oneDNN peer: eltwise backward through oneDNN's C API (2.x), on the bench's own buffers.
 *   elu      dnnl_eltwise_elu from the forward input (alpha 1):   diff_src = dy * (x > 0 ? 1 : exp(x))
 *   elures   dnnl_eltwise_elu_use_dst_for_bwd from the result:      diff_src = dy * (y > 0 ? 1 : y + 1)
 *   softplus dnnl_eltwise_soft_relu (oneDNN 2.6 has beta 1 only and no threshold): dy * sigmoid(x)
 *   silu     dnnl_eltwise_swish with alpha 1 (x * sigmoid(x)), from the forward input
 * fp32 and bf16 only (oneDNN has no fp16 eltwise on these CPUs, and no fp64).
 * oneDNN runs on OpenMP: its thread count is omp_get_max_threads() at creation and execution.
 * Its JIT eltwise backward is sensitive to the caller's stack alignment (PERFORMANCE.md: up to 2.1x).
 * Measured here with oneDNN 2.6.3 on Zen 4 (1M fp32, 1 thread): the residue mod 64 matters, not
 * mod 32: with the stack pointer 48 mod 64 at the call, soft_relu ran 1.2-1.9x and elu 1.1-1.2x
 * faster than at 0, 16 or 32 mod 64. bench_dnnl_run calls it with a chosen residue mod 64 so that
 * the bench can time all four (0, 16, 32, 48) and keep the best. Only the calling thread's stack is
 * steered: OpenMP worker threads run on their own stacks. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#ifdef ACPU_BENCH_HAVE_DNNL
#include <omp.h>

#include <dnnl.h>

struct BenchDnnl {
    dnnl_engine_t engine;
    dnnl_stream_t stream;
    dnnl_primitive_desc_t fwdPd, bwdPd;
    dnnl_primitive_t prim;
    dnnl_memory_t mem[3]; /* data (src or dst), diff_dst, diff_src */
    dnnl_exec_arg_t args[3];
    char impl[64];
};

int bench_dnnl_available(void) { return 1; }

const char *bench_dnnl_version(void)
{
    static char buf[32];
    const dnnl_version_t *v = dnnl_version();
    snprintf(buf, sizeof buf, "%d.%d.%d", v->major, v->minor, v->patch);
    return buf;
}

static int dnnl_alg(int op, dnnl_alg_kind_t *alg);

int bench_dnnl_has(int op, int dtype)
{
    dnnl_alg_kind_t alg;
    return dnnl_alg(op, &alg) && (dtype == BENCH_FP32 || dtype == BENCH_BF16);
}

void bench_dnnl_set_threads(int threads) { omp_set_num_threads(threads); }

static int ok(dnnl_status_t st, const char *what)
{
    if (st == dnnl_success)
        return 1;
    /* unimplemented: no kernel for this ISA and dtype (bf16 under DNNL_MAX_CPU_ISA=AVX2 in 2.6) */
    fprintf(stderr, "aclnn_cpu_bench: oneDNN %s failed: status %d%s\n", what, (int)st,
            st == dnnl_unimplemented ? " (unimplemented for this ISA and dtype: no oneDNN row)" : "");
    return 0;
}

/* Every benchmarked op by name: an op without a row here is refused (no silent stand-in). */
static int dnnl_alg(int op, dnnl_alg_kind_t *alg)
{
    static const dnnl_alg_kind_t algs[BENCH_NUM_OPS] = {
        [BENCH_OP_ELU] = dnnl_eltwise_elu, [BENCH_OP_ELURES] = dnnl_eltwise_elu_use_dst_for_bwd,
        [BENCH_OP_SOFTPLUS] = dnnl_eltwise_soft_relu, [BENCH_OP_SILU] = dnnl_eltwise_swish};
    if (op < 0 || op >= BENCH_NUM_OPS || algs[op] == dnnl_alg_kind_undef)
        return 0;
    *alg = algs[op];
    return 1;
}

BenchDnnl *bench_dnnl_create(int op, int dtype, size_t n, const void *dy, const void *x, void *dx, int threads)
{
    if (!bench_dnnl_has(op, dtype))
        return NULL;
    BenchDnnl *d = calloc(1, sizeof *d);
    if (d == NULL)
        return NULL;
    omp_set_num_threads(threads);
    dnnl_dims_t dims = {(dnnl_dim_t)n};
    dnnl_memory_desc_t md;
    dnnl_eltwise_desc_t fwd, bwd;
    dnnl_alg_kind_t alg = dnnl_alg_kind_undef;
    (void)dnnl_alg(op, &alg); /* bench_dnnl_has checked it */
    const float alpha = 1.0f, beta = 0.0f; /* swish: alpha 1 is SiLU */
    const dnnl_data_type_t dt = dtype == BENCH_BF16 ? dnnl_bf16 : dnnl_f32;
    /* The backward primitive needs a forward training one as its hint; the data argument is the
     * forward input (src), or its output (dst) for the use_dst_for_bwd algorithms. */
    const int dataArg = op == BENCH_OP_ELURES ? DNNL_ARG_DST : DNNL_ARG_SRC;
    if (!ok(dnnl_engine_create(&d->engine, dnnl_cpu, 0), "engine_create") ||
        !ok(dnnl_stream_create(&d->stream, d->engine, dnnl_stream_default_flags), "stream_create") ||
        !ok(dnnl_memory_desc_init_by_tag(&md, 1, dims, dt, dnnl_a), "memory_desc_init_by_tag") ||
        !ok(dnnl_eltwise_forward_desc_init(&fwd, dnnl_forward_training, alg, &md, alpha, beta),
            "eltwise_forward_desc_init") ||
        !ok(dnnl_primitive_desc_create(&d->fwdPd, &fwd, NULL, d->engine, NULL), "forward primitive_desc_create") ||
        !ok(dnnl_eltwise_backward_desc_init(&bwd, alg, &md, &md, alpha, beta), "eltwise_backward_desc_init") ||
        !ok(dnnl_primitive_desc_create(&d->bwdPd, &bwd, NULL, d->engine, d->fwdPd),
            "backward primitive_desc_create") ||
        !ok(dnnl_primitive_create(&d->prim, d->bwdPd), "primitive_create") ||
        !ok(dnnl_memory_create(&d->mem[0], &md, d->engine, (void *)x), "memory_create") ||
        !ok(dnnl_memory_create(&d->mem[1], &md, d->engine, (void *)dy), "memory_create") ||
        !ok(dnnl_memory_create(&d->mem[2], &md, d->engine, dx), "memory_create")) {
        bench_dnnl_destroy(d);
        return NULL;
    }
    d->args[0] = (dnnl_exec_arg_t){dataArg, d->mem[0]};
    d->args[1] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_DST, d->mem[1]};
    d->args[2] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_SRC, d->mem[2]};
    const char *impl = NULL;
    if (dnnl_primitive_desc_query(d->bwdPd, dnnl_query_impl_info_str, 0, &impl) != dnnl_success || impl == NULL)
        impl = "unknown";
    snprintf(d->impl, sizeof d->impl, "%s", impl);
    return d;
}

const char *bench_dnnl_impl_name(const BenchDnnl *d) { return d->impl; }

#if defined(__x86_64__)
static inline unsigned rsp_mod64(void)
{
    unsigned long long sp;
    __asm__ volatile("mov %%rsp, %0" : "=r"(sp));
    return (unsigned)(sp & 63u);
}

/* Grows this frame in 16-byte steps (alloca rounds to 16) until the stack pointer is `rsp64` mod
 * 64, then calls oneDNN: the stack pointer at the call instruction is the one just read (all four
 * arguments travel in registers; checked in the disassembly). Not inlined, so the frame and its
 * alloca end with the call. */
__attribute__((noinline)) static int execute_at(BenchDnnl *d, unsigned rsp64)
{
    unsigned got = rsp_mod64();
    for (int k = 0; k < 4 && got != rsp64; k++) {
        char *pad = __builtin_alloca(8);
        __asm__ volatile("" : : "r"(pad) : "memory");
        got = rsp_mod64();
    }
    dnnl_status_t st = dnnl_primitive_execute(d->prim, d->stream, 3, d->args);
    if (st != dnnl_success) {
        fprintf(stderr, "aclnn_cpu_bench: oneDNN primitive_execute failed: status %d\n", (int)st);
        exit(1);
    }
    return (int)got;
}
#else
__attribute__((noinline)) static int execute_at(BenchDnnl *d, unsigned rsp64)
{
    (void)rsp64;
    if (dnnl_primitive_execute(d->prim, d->stream, 3, d->args) != dnnl_success) {
        fprintf(stderr, "aclnn_cpu_bench: oneDNN primitive_execute failed\n");
        exit(1);
    }
    return -1;
}
#endif

int bench_dnnl_run(BenchDnnl *d, int rsp64)
{
    int got = execute_at(d, (unsigned)rsp64);
    dnnl_stream_wait(d->stream);
    return got;
}

void bench_dnnl_destroy(BenchDnnl *d)
{
    if (d == NULL)
        return;
    for (int i = 0; i < 3; i++)
        if (d->mem[i] != NULL)
            dnnl_memory_destroy(d->mem[i]);
    if (d->prim != NULL)
        dnnl_primitive_destroy(d->prim);
    if (d->bwdPd != NULL)
        dnnl_primitive_desc_destroy(d->bwdPd);
    if (d->fwdPd != NULL)
        dnnl_primitive_desc_destroy(d->fwdPd);
    if (d->stream != NULL)
        dnnl_stream_destroy(d->stream);
    if (d->engine != NULL)
        dnnl_engine_destroy(d->engine);
    free(d);
}

#else /* no oneDNN in this build */

struct BenchDnnl {
    int unused;
};

int bench_dnnl_available(void) { return 0; }
const char *bench_dnnl_version(void) { return "not built"; }
int bench_dnnl_has(int op, int dtype)
{
    (void)op;
    (void)dtype;
    return 0;
}
void bench_dnnl_set_threads(int threads) { (void)threads; }
BenchDnnl *bench_dnnl_create(int op, int dtype, size_t n, const void *dy, const void *x, void *dx, int threads)
{
    (void)op, (void)dtype, (void)n, (void)dy, (void)x, (void)dx, (void)threads;
    return NULL;
}
int bench_dnnl_run(BenchDnnl *d, int rsp64)
{
    (void)d;
    (void)rsp64;
    abort();
}
const char *bench_dnnl_impl_name(const BenchDnnl *d)
{
    (void)d;
    return "none";
}
void bench_dnnl_destroy(BenchDnnl *d) { (void)d; }

#endif
