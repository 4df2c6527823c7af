/* The planned call (acpu_op_call.h): engine views of the tensors, the executor's payload, threads and
 * workspace, the verbose description. */
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ops/acpu_op_call.h"

void acpu_tensor_view(const aclTensor *t, size_t elem_size, acpu_view *v)
{
    /* Field by field: a memset of the view compiles to `rep stos`, whose start-up cost as much as
     * the rest of phase 1's bookkeeping. Unused dims are zeroed so executors stay deterministic. */
    v->data_offset = t->offset * (int64_t)elem_size;
    v->data = (char *)t->data + v->data_offset;
    v->rank = (uint32_t)t->view_rank;
    v->elem_size = elem_size;
    for (uint32_t d = 0; d < ACPU_MAX_DIMS; d++) {
        bool used = d < v->rank;
        v->shape[d] = used ? t->view_dims[d] : 0;
        /* a size-1 dim is never stepped: its stride (any value up to INT64_MAX) becomes 0, so that
         * the engine's byte-step products stay within the checked extent */
        v->stride[d] = used && t->view_dims[d] > 1 ? t->strides[d] : 0;
    }
}

_Static_assert(sizeof(acpu_op_call) <= ACPU_EXEC_PAYLOAD_BYTES, "a planned call must fit an executor's payload");
_Static_assert(_Alignof(acpu_op_call) <= 16, "a planned call needs more alignment than an executor's payload");

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

/* Verbose mode says once per process that a request was capped, and why. */
static void note_cap(bool verbose, unsigned requested, unsigned used, const char *why)
{
    static atomic_bool noted;
    if (verbose && !atomic_exchange(&noted, true))
        fprintf(stderr,
                "aclnn_cpu: note: %u threads requested, %u used (%s: libgomp ends the process when it cannot "
                "create a thread)\n",
                requested, used, why);
}

/* Phase 2's threads: the planned count within what the address-space and data limits hold thread
 * stacks for, read here, on the thread that runs the call, just before its team starts (the
 * engine skips them when this thread's last team was at least as large: its threads exist). */
static unsigned run_threads(const acpu_op_call *call, bool verbose)
{
    if (call->threads <= 1)
        return call->threads;
    unsigned by_memory = acpu_engine_memory_thread_limit(call->threads);
    if (by_memory >= call->threads)
        return call->threads;
    note_cap(verbose, call->threads, by_memory, "what the address-space and data limits hold thread stacks for");
    return by_memory;
}

/* Phase 2's work, under the default FP environment as a whole (the engine's threads set it again):
 * the verbose timing's arithmetic must not trap either when the caller enabled FP exceptions. */
static void run_op_call(const acpu_exec_call *ec, void *workspace)
{
    const acpu_op_call *call = (const acpu_op_call *)(const void *)ec->payload;
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    bool verbose = acpu_verbose();
    double t0 = verbose ? now_us() : 0.0;
    unsigned threads = call->empty ? call->threads : run_threads(call, verbose);
    if (!call->empty)
        acpu_engine_run(&call->plan, &call->task, threads, workspace);
    if (verbose)
        fprintf(stderr, "aclnn_cpu: exec op=%s %s threads=%u time_us=%.1f\n", call->op_name, call->detail, threads,
                now_us() - t0);
    acpu_fp_leave(&saved);
}

/* The executor's copy points its task at its own parameter block. */
static void placed_op_call(acpu_exec_call *ec)
{
    acpu_op_call *call = (acpu_op_call *)(void *)ec->payload;
    call->task.params = call->params;
}

acpu_op_call *acpu_executor_op_call(aclOpExecutor *e) { return (acpu_op_call *)(void *)e->call.payload; }

void acpu_executor_set_workspace(aclOpExecutor *e, uint64_t workspace_size)
{
    acpu_executor_op_call(e)->workspace_size = workspace_size;
    e->call.h.workspace_size = workspace_size;
}

aclnnStatus acpu_finish_phase1(const char *api, const void *owner, acpu_op_call *call, uint64_t *workspace_size,
                               aclOpExecutor **executor)
{
    acpu_exec_header h = {
        .owner = owner, .workspace_size = call->workspace_size, .run = run_op_call, .placed = placed_op_call};
    memcpy(h.op_name, call->op_name, sizeof h.op_name);
    /* the description is copied only as far as it goes (empty unless verbose) */
    size_t size = offsetof(acpu_op_call, detail) + strnlen(call->detail, sizeof call->detail - 1u) + 1u;
    aclOpExecutor *e = acpu_executor_create(&h, call, size);
    if (e == NULL) {
        acpu_set_error("%s: cannot create the executor (out of memory)", api);
        return ACLNN_ERR_INNER_CREATE_EXECUTOR;
    }
    *workspace_size = call->workspace_size;
    *executor = e;
    return ACLNN_SUCCESS;
}

void acpu_tensor_broadcast_view(const aclTensor *t, size_t elem_size, const aclTensor *shape, acpu_view *v)
{
    acpu_tensor_view(shape, elem_size, v); /* shape and rank of the target */
    v->data_offset = t->offset * (int64_t)elem_size;
    v->data = (char *)t->data + v->data_offset;
    uint64_t pad = shape->view_rank - t->view_rank;
    for (uint64_t d = 0; d < shape->view_rank; d++) {
        bool grows = d < pad || t->view_dims[d - pad] != shape->view_dims[d];
        v->stride[d] = grows || shape->view_dims[d] <= 1 ? 0 : t->strides[d - pad];
    }
}

/* Threads for a planned call: the settings' count within 4 per CPU (at least 8) and the plan's own
 * limits (phase 2 keeps them within the memory limits: run_threads). The workspace is sized for
 * these; fewer threads need less. */
static unsigned call_threads(const acpu_op_call *call, const acpu_settings *s)
{
    unsigned cpu_limit = acpu_engine_thread_limit();
    unsigned requested = s->threads <= cpu_limit ? s->threads : cpu_limit;
    if (requested < s->threads)
        note_cap(s->verbose, s->threads, requested, "at most 4 per CPU of the affinity mask, at least 8");
    return acpu_engine_threads(&call->plan, &call->task, call->grain, call->bytes_bound, requested);
}

aclnnStatus acpu_size_call(const char *api, acpu_op_call *call, const acpu_settings *s)
{
    call->threads = call_threads(call, s);
    size_t ws = acpu_engine_workspace(&call->plan, &call->task, call->threads);
    if (ws == SIZE_MAX) {
        acpu_set_error("%s: the plan's tile of %llu elements needs a workspace larger than the address space "
                       "(profile UB %llu bytes)",
                       api, (unsigned long long)call->plan.tile, (unsigned long long)s->platform.ub_bytes);
        return ACLNN_ERR_PARAM_INVALID;
    }
    call->workspace_size = ws;
    return ACLNN_SUCCESS;
}

void acpu_describe_call(acpu_op_call *call, const acpu_call *c, const acpu_settings *s, const char *sch)
{
    char shape[96], dtypes[64];
    size_t used = 0;
    for (int i = 0; i < c->n_in; i++) {
        int w = snprintf(dtypes + used, sizeof dtypes - used, "%s%s", i ? "," : "", acpu_dtype_name(c->in[i]->dtype));
        used += w > 0 && (size_t)w < sizeof dtypes - used ? (size_t)w : 0;
    }
    snprintf(
        call->detail, sizeof call->detail, "dtypes=%s->%s shape=%s profile=%s sch=%s cores=%llu tile=%llu isa=%s%s%s%s",
        dtypes, acpu_dtype_name(c->out->dtype), acpu_shape_str(c->out, shape, sizeof shape),
        acpu_soc_name(s->platform.soc), sch, (unsigned long long)call->plan.core_num,
        (unsigned long long)call->plan.tile, acpu_isa_name(s->kernels->isa), s->kernels->native_bf16 ? "+bf16" : "",
        acpu_is_lookup_kernel(s->kernels, call->task.kernel) ? " table=1" : "",
        call->task.stream_copy != NULL ? " stream=1" : "");
}
