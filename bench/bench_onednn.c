/* The oneDNN peer: an eltwise primitive through oneDNN's C API (2.x), on the case's own buffers (no
 * copies), as the peers table (bench_peers.c) names it: the algorithm kind with its alpha and beta;
 * the backward primitive for a case with a gradient input (diff_dst = the gradient, src = the other
 * input, or dst for the *_use_dst_for_bwd kinds; diff_src = the output), the forward one otherwise
 * (src = the input, dst = the output: the same memory for an in-place API).
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
#include <string.h>

#include "bench.h"

#ifdef ACPU_BENCH_HAVE_DNNL
#include <omp.h>

#include <dnnl.h>

struct BenchDnnl {
    dnnl_engine_t engine;
    dnnl_stream_t stream;
    dnnl_primitive_desc_t fwdPd, bwdPd;
    dnnl_primitive_t prim;
    dnnl_memory_t mem[3];
    dnnl_exec_arg_t args[3];
    int numArgs;
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

int bench_dnnl_has_dtype(int dtype) { return dtype == BENCH_FP32 || dtype == BENCH_BF16; }

void bench_dnnl_set_threads(int threads) { omp_set_num_threads(threads); }

/* The algorithm kinds by the peers table's names (bench_dnnl_alg_known lists the same). */
static dnnl_alg_kind_t alg_of(const char *name)
{
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define ALG(n) {#n, dnnl_eltwise_##n}
    /* clang-format on */
    static const struct {
        const char *name;
        dnnl_alg_kind_t alg;
    } algs[] = {ALG(relu),
                ALG(tanh),
                ALG(elu),
                ALG(square),
                ALG(abs),
                ALG(sqrt),
                ALG(linear),
                ALG(bounded_relu),
                ALG(soft_relu),
                ALG(logistic),
                ALG(exp),
                ALG(gelu_tanh),
                ALG(swish),
                ALG(log),
                ALG(clip),
                ALG(clip_v2),
                ALG(pow),
                ALG(gelu_erf),
                ALG(round),
                ALG(logsigmoid),
                ALG(mish),
                ALG(hardswish),
                ALG(relu_use_dst_for_bwd),
                ALG(tanh_use_dst_for_bwd),
                ALG(elu_use_dst_for_bwd),
                ALG(sqrt_use_dst_for_bwd),
                ALG(logistic_use_dst_for_bwd),
                ALG(exp_use_dst_for_bwd),
                ALG(clip_v2_use_dst_for_bwd)};
#undef ALG
    for (size_t k = 0; k < sizeof algs / sizeof algs[0]; k++)
        if (strcmp(algs[k].name, name) == 0)
            return algs[k].alg;
    return dnnl_alg_kind_undef;
}

/* oneDNN's status as a message; unimplemented: no kernel for this ISA and dtype (bf16 under
 * DNNL_MAX_CPU_ISA=AVX2 in 2.6). */
static int ok(dnnl_status_t st, const char *what, char *why, size_t whySize)
{
    if (st == dnnl_success)
        return 1;
    snprintf(why, whySize, "oneDNN %s failed: status %d%s", what, (int)st,
             st == dnnl_unimplemented ? " (unimplemented for this ISA and dtype)" : "");
    return 0;
}

/* The gradient input and the data input of a case (-1 where it has none). */
static void inputs_of(const BenchCase *c, int *grad, int *data)
{
    *grad = bench_case_input_with_role(c, BENCH_ROLE_GRAD);
    *data = -1;
    for (int j = 0; j < c->numIn && *data < 0; j++)
        if (c->bound[j] && j != *grad)
            *data = j;
}

BenchDnnl *bench_dnnl_create(const BenchData *bd, int threads, char *why, size_t whySize)
{
    const BenchCase *c = bd->c;
    const BenchPeer *p = bench_peer_find(c->name);
    int grad = -1, data = -1;
    inputs_of(c, &grad, &data);
    if (p == NULL || p->dnnlAlg == NULL || !bench_dnnl_has_dtype(bd->dtype) || data < 0) {
        snprintf(why, whySize, "oneDNN: no primitive for %s %s", c->name, bench_dtype_name(bd->dtype));
        return NULL;
    }
    BenchDnnl *d = calloc(1, sizeof *d);
    if (d == NULL)
        return NULL;
    omp_set_num_threads(threads);
    dnnl_dims_t dims = {(dnnl_dim_t)bd->n};
    dnnl_memory_desc_t md;
    dnnl_eltwise_desc_t fwd, bwd;
    const dnnl_alg_kind_t alg = alg_of(p->dnnlAlg);
    const float alpha = (float)bench_peer_arg(c, p->dnnlAlpha), beta = (float)bench_peer_arg(c, p->dnnlBeta);
    const dnnl_data_type_t dt = bd->dtype == BENCH_BF16 ? dnnl_bf16 : dnnl_f32;
    const int backward = grad >= 0;
    /* The backward primitive needs a forward training one as its hint; its data argument is the
     * forward input (src), or the forward output (dst) for the use_dst_for_bwd kinds. */
    const int dataArg = strstr(p->dnnlAlg, "use_dst_for_bwd") != NULL ? DNNL_ARG_DST : DNNL_ARG_SRC;
    int good = ok(dnnl_engine_create(&d->engine, dnnl_cpu, 0), "engine_create", why, whySize) &&
               ok(dnnl_stream_create(&d->stream, d->engine, dnnl_stream_default_flags), "stream_create", why,
                  whySize) &&
               ok(dnnl_memory_desc_init_by_tag(&md, 1, dims, dt, dnnl_a), "memory_desc_init_by_tag", why, whySize) &&
               ok(dnnl_eltwise_forward_desc_init(&fwd, backward ? dnnl_forward_training : dnnl_forward_inference, alg,
                                                 &md, alpha, beta),
                  "eltwise_forward_desc_init", why, whySize) &&
               ok(dnnl_primitive_desc_create(&d->fwdPd, &fwd, NULL, d->engine, NULL), "forward primitive_desc_create",
                  why, whySize);
    if (good && backward)
        good = ok(dnnl_eltwise_backward_desc_init(&bwd, alg, &md, &md, alpha, beta), "eltwise_backward_desc_init", why,
                  whySize) &&
               ok(dnnl_primitive_desc_create(&d->bwdPd, &bwd, NULL, d->engine, d->fwdPd),
                  "backward primitive_desc_create", why, whySize);
    dnnl_primitive_desc_t pd = backward ? d->bwdPd : d->fwdPd;
    if (good)
        good = ok(dnnl_primitive_create(&d->prim, pd), "primitive_create", why, whySize) &&
               ok(dnnl_memory_create(&d->mem[0], &md, d->engine, bd->in[data]), "memory_create", why, whySize) &&
               ok(dnnl_memory_create(&d->mem[1], &md, d->engine, bd->out), "memory_create", why, whySize) &&
               (!backward ||
                ok(dnnl_memory_create(&d->mem[2], &md, d->engine, bd->in[grad]), "memory_create", why, whySize));
    if (!good) {
        bench_dnnl_destroy(d);
        return NULL;
    }
    if (backward) {
        d->args[0] = (dnnl_exec_arg_t){dataArg, d->mem[0]};
        d->args[1] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_SRC, d->mem[1]};
        d->args[2] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_DST, d->mem[2]};
        d->numArgs = 3;
    } else {
        d->args[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, d->mem[0]};
        d->args[1] = (dnnl_exec_arg_t){DNNL_ARG_DST, d->mem[1]};
        d->numArgs = 2;
    }
    const char *impl = NULL;
    if (dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl) != dnnl_success || impl == NULL)
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
    dnnl_status_t st = dnnl_primitive_execute(d->prim, d->stream, d->numArgs, d->args);
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
    if (dnnl_primitive_execute(d->prim, d->stream, d->numArgs, d->args) != dnnl_success) {
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
int bench_dnnl_has_dtype(int dtype)
{
    (void)dtype;
    return 0;
}
void bench_dnnl_set_threads(int threads) { (void)threads; }
BenchDnnl *bench_dnnl_create(const BenchData *d, int threads, char *why, size_t whySize)
{
    (void)d;
    (void)threads;
    snprintf(why, whySize, "oneDNN not built");
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
