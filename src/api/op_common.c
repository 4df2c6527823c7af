/* Shared operator-API helpers (see op_common.h). */
#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "op_common.h"

aclnnStatus acpu_check_out_pointers(const char *api, const uint64_t *workspace_size, aclOpExecutor **executor)
{
    if (workspace_size == NULL || executor == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, workspace_size == NULL ? "workspaceSize" : "executor");
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    return ACLNN_SUCCESS;
}

static const char *handle_type(acpu_handle_kind kind) { return kind == ACPU_HANDLE_SCALAR ? "aclScalar" : "aclTensor"; }

/* The handles of a thread's last successful check, and the tensor and scalar destroy counts read
 * before it: while neither count has moved, no tensor or scalar has been destroyed since, so the
 * same handles are still live and a loop of calls on the same tensors skips the registry lock. */
typedef struct {
    int n;
    const void *ps[ACPU_MAX_HANDLE_ARGS];
    acpu_handle_kind kinds[ACPU_MAX_HANDLE_ARGS];
    uint64_t tensor_destroys, scalar_destroys;
} handle_check_memo;

static bool memo_holds(const handle_check_memo *m, const void *const *ps, const acpu_handle_kind *kinds, int n,
                       uint64_t tensor_destroys, uint64_t scalar_destroys)
{
    if (m->n != n || m->tensor_destroys != tensor_destroys || m->scalar_destroys != scalar_destroys)
        return false;
    for (int i = 0; i < n; i++)
        if (m->ps[i] != ps[i] || m->kinds[i] != kinds[i] ||
            (kinds[i] != ACPU_HANDLE_TENSOR && kinds[i] != ACPU_HANDLE_SCALAR))
            return false;
    return true;
}

static int first_dead_handle(const void *const *ps, const acpu_handle_kind *kinds, int n)
{
    static _Thread_local handle_check_memo memo;
    uint64_t td = acpu_registry_destroys(ACPU_HANDLE_TENSOR), sd = acpu_registry_destroys(ACPU_HANDLE_SCALAR);
    if (memo_holds(&memo, ps, kinds, n, td, sd))
        return -1;
    int dead = acpu_registry_first_dead(ps, kinds, n);
    if (dead < 0) {
        memo.n = n;
        memcpy(memo.ps, ps, (size_t)n * sizeof ps[0]);
        memcpy(memo.kinds, kinds, (size_t)n * sizeof kinds[0]);
        memo.tensor_destroys = td;
        memo.scalar_destroys = sd;
    }
    return dead;
}

aclnnStatus acpu_check_handle_args(const char *api, const acpu_handle_arg *args, int n)
{
    const void *ps[ACPU_MAX_HANDLE_ARGS];
    acpu_handle_kind kinds[ACPU_MAX_HANDLE_ARGS];
    for (int i = 0; i < n; i++) {
        ps[i] = args[i].p;
        kinds[i] = args[i].kind;
    }
    acpu_hazard_protect(ps, n); /* before the check: a handle found live stays readable until the clear */
    int dead = first_dead_handle(ps, kinds, n);
    if (dead < 0)
        return ACLNN_SUCCESS;
    /* The first failing handle in argument order decides, exactly as one check per handle would. */
    const acpu_handle_arg *a = &args[dead];
    if (a->p == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, a->name);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    acpu_set_error("%s: %s (%p) is not a live %s (destroyed, or never created)", api, a->name, a->p,
                   handle_type(a->kind));
    return ACLNN_ERR_PARAM_INVALID;
}

static bool is_complex(aclDataType dt) { return dt == ACL_COMPLEX32 || dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }

static bool is_floating(aclDataType dt)
{
    switch (dt) {
    case ACL_DOUBLE: case ACL_FLOAT: case ACL_BF16: case ACL_FLOAT16: case ACL_HIFLOAT8: case ACL_FLOAT8_E5M2:
    case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0: case ACL_FLOAT6_E3M2: case ACL_FLOAT6_E2M3: case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2: return true;
    default: return false;
    }
}

static bool is_integer(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8: case ACL_INT16: case ACL_INT32: case ACL_INT64: case ACL_UINT8: case ACL_UINT16:
    case ACL_UINT32: case ACL_UINT64: return true;
    default: return false;
    }
}

bool acpu_can_cast(aclDataType from, aclDataType to)
{
    if (is_complex(from) && !is_complex(to))
        return false;
    if (is_floating(from) && is_integer(to))
        return false;
    return !(to == ACL_BOOL && from != ACL_BOOL);
}

aclnnStatus acpu_missing_cast(const char *api, aclDataType from, aclDataType to)
{
    assert(!"a dtype accepted by validation has no cast"); /* debug builds stop here */
    acpu_set_error("%s: internal error: no cast from %s (%d) to %s (%d) although validation accepted it", api,
                   acpu_dtype_name(from), (int)from, acpu_dtype_name(to), (int)to);
    return ACLNN_ERR_INNER;
}

bool acpu_dtype_in(aclDataType dt, const aclDataType *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (list[i] == dt)
            return true;
    return false;
}

uint64_t acpu_numel(const aclTensor *t) { return acpu_tensor_numel(t); }

bool acpu_is_empty(const aclTensor *t) { return acpu_numel(t) == 0; }

const char *acpu_shape_str(const aclTensor *t, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    if (t->view_rank == 0)
        snprintf(buf, size, "scalar");
    for (uint64_t d = 0; d < t->view_rank && used < size; d++) {
        int w = snprintf(buf + used, size - used, d ? "x%lld" : "%lld", (long long)t->view_dims[d]);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

static aclnnStatus storage_error(const char *api, const char *name, const aclTensor *t, const char *why)
{
    acpu_set_error("%s: %s %s (view offset %lld, storage of %llu elements of %s)", api, name, why,
                   (long long)t->offset, (unsigned long long)acpu_tensor_storage_elems(t), acpu_dtype_name(t->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

/* The checks past CANN's list for one tensor: data present when it is not empty (161001), the view
 * inside its storage and the storage inside the address space (161002); gives the view's last
 * storage element index. */
static aclnnStatus check_tensor_extent(const char *api, const char *name, const aclTensor *t, uint64_t *last)
{
    if (t->data == NULL) {
        acpu_set_error("%s: %s has no data (tensorData is NULL) but %llu elements", api, name,
                       (unsigned long long)acpu_numel(t));
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (t->storage_rank == 0 && t->view_rank > 0) {
        acpu_set_error("%s: %s has a %llu-dim view but no storage shape (storageDimsNum 0): its extent cannot "
                       "be checked", api, name, (unsigned long long)t->view_rank);
        return ACLNN_ERR_PARAM_INVALID;
    }
    uint64_t storage = acpu_tensor_storage_elems(t), bytes;
    int d = acpu_tensor_last_index(t, last); /* the tensor is not empty: d >= 0 means overflow */
    if (d >= 0) {
        acpu_set_error("%s: %s view reaches past storage element 2^63-1: offset %lld + sum((dim-1)*stride) overflows "
                       "at dim %d (size %lld, stride %lld)", api, name, (long long)t->offset, d,
                       (long long)t->view_dims[d], (long long)t->strides[d]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (*last >= storage) {
        acpu_set_error("%s: %s view reaches storage element %llu but the storage holds %llu elements", api, name,
                       (unsigned long long)*last, (unsigned long long)storage);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!acpu_bytes_fit(t->data, storage, acpu_dtype_size(t->dtype), &bytes))
        return storage_error(api, name, t, "storage does not fit the address space from its data pointer");
    return ACLNN_SUCCESS;
}

/* The overlap rules with each tensor's last index known (n <= ACPU_MAX_HANDLE_ARGS). */
static aclnnStatus check_overlap(const char *api, const char *const *names, const aclTensor *const *tensors,
                                 const uint64_t *lasts, int n);

aclnnStatus acpu_check_tensors_data(const char *api, const char *const *names, const aclTensor *const *tensors,
                                    int n)
{
    uint64_t lasts[ACPU_MAX_HANDLE_ARGS];
    for (int i = 0; i < n; i++) {
        aclnnStatus rc = check_tensor_extent(api, names[i], tensors[i], &lasts[i]);
        if (rc != ACLNN_SUCCESS)
            return rc;
    }
    return check_overlap(api, names, tensors, lasts, n);
}

/* Byte span [begin, end) of a checked tensor's view whose last storage element is `last`. */
typedef struct {
    uintptr_t begin, end;
} byte_span;

static byte_span tensor_span(const aclTensor *t, uint64_t last)
{
    byte_span s;
    acpu_view_span(t, acpu_dtype_size(t->dtype), last, &s.begin, &s.end);
    return s;
}

static aclnnStatus check_overlap(const char *api, const char *const *names, const aclTensor *const *tensors,
                                 const uint64_t *lasts, int n)
{
    const aclTensor *out = tensors[n - 1];
    if (!acpu_view_is_distinct(out)) {
        acpu_set_error("%s: %s must not overlap itself (a written view needs distinct elements: no zero stride on a "
                       "dim larger than 1, each stride past the reach of the smaller ones)", api, names[n - 1]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    byte_span o = tensor_span(out, lasts[n - 1]);
    for (int i = 0; i < n - 1; i++) {
        const aclTensor *in = tensors[i];
        byte_span s = tensor_span(in, lasts[i]);
        if (!(o.begin < s.end && s.begin < o.end) ||
            acpu_views_alias_exactly(out, acpu_dtype_size(out->dtype), in, acpu_dtype_size(in->dtype)))
            continue;
        acpu_set_error("%s: %s must not partially overlap %s: only the same view of the same memory (in place, "
                       "equal element sizes) may be shared", api, names[n - 1], names[i]);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

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

/* Phase 2's work, under the default FP environment as a whole (the engine's threads set it again):
 * the verbose timing's arithmetic must not trap either when the caller enabled FP exceptions. */
static void run_op_call(const acpu_exec_call *ec, void *workspace)
{
    const acpu_op_call *call = (const acpu_op_call *)(const void *)ec->payload;
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    bool verbose = acpu_verbose();
    double t0 = verbose ? now_us() : 0.0;
    if (!call->empty)
        acpu_engine_run(&call->plan, &call->task, call->threads, workspace);
    if (verbose)
        fprintf(stderr, "aclnn_cpu: exec op=%s %s threads=%u time_us=%.1f\n", call->op_name, call->detail,
                call->threads, now_us() - t0);
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

aclnnStatus acpu_finish_phase1(const char *api, acpu_op_call *call, uint64_t *workspace_size,
                               aclOpExecutor **executor)
{
    acpu_exec_header h = {.op = call->op, .workspace_size = call->workspace_size, .run = run_op_call,
                          .placed = placed_op_call};
    memcpy(h.op_name, call->op_name, sizeof h.op_name);
    aclOpExecutor *e = acpu_executor_create(&h, call, sizeof *call);
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

acpu_kdtype acpu_kernel_dtype(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16: return ACPU_KDT_F16;
    case ACL_BF16: return ACPU_KDT_BF16;
    case ACL_DOUBLE: return ACPU_KDT_F64;
    default: return ACPU_KDT_F32;
    }
}

/* Verbose mode says once per process that a request was capped, and why. */
static void note_cap(const acpu_settings *s, unsigned used, const char *why)
{
    static atomic_bool noted;
    if (s->verbose && !atomic_exchange(&noted, true))
        fprintf(stderr, "aclnn_cpu: note: %u threads requested, %u used (%s: libgomp ends the process when it cannot "
                "create a thread)\n", s->threads, used, why);
}

/* Threads for a planned call: the settings' count within 4 per CPU (at least 8), the plan's own
 * limits, and, when that is still more than one, what the memory limits hold stacks for. */
static unsigned call_threads(const acpu_op_call *call, const acpu_settings *s)
{
    unsigned cpu_limit = acpu_engine_thread_limit();
    unsigned requested = s->threads <= cpu_limit ? s->threads : cpu_limit;
    if (requested < s->threads)
        note_cap(s, requested, "at most 4 per CPU of the affinity mask, at least 8");
    unsigned threads = acpu_engine_threads(&call->plan, requested);
    if (threads <= 1)
        return threads;
    unsigned by_memory = acpu_engine_memory_thread_limit();
    if (by_memory >= threads)
        return threads;
    note_cap(s, by_memory, "what the address-space and data limits hold thread stacks for");
    return by_memory;
}

aclnnStatus acpu_size_call(const char *api, acpu_op_call *call, const acpu_settings *s)
{
    call->threads = call_threads(call, s);
    size_t ws = acpu_engine_workspace(&call->plan, &call->task, call->threads);
    if (ws == SIZE_MAX) {
        acpu_set_error("%s: the plan's tile of %llu elements needs a workspace larger than the address space "
                       "(profile UB %llu bytes)", api, (unsigned long long)call->plan.tile,
                       (unsigned long long)s->platform.ub_bytes);
        return ACLNN_ERR_PARAM_INVALID;
    }
    call->workspace_size = ws;
    return ACLNN_SUCCESS;
}

void acpu_describe_call(acpu_op_call *call, const aclTensor *const tensors[3], const aclTensor *shape_of,
                        const acpu_settings *s, const char *sch, uint64_t cores, uint64_t tile)
{
    char shape[96];
    snprintf(call->detail, sizeof call->detail,
             "dtypes=%s,%s->%s shape=%s profile=%s sch=%s cores=%llu tile=%llu isa=%s%s",
             acpu_dtype_name(tensors[0]->dtype), acpu_dtype_name(tensors[1]->dtype), acpu_dtype_name(tensors[2]->dtype),
             acpu_shape_str(shape_of, shape, sizeof shape), acpu_soc_name(s->platform.soc), sch,
             (unsigned long long)cores, (unsigned long long)tile, acpu_isa_name(s->kernels->isa),
             s->kernels->native_bf16 ? "+bf16" : "");
}
