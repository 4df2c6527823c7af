/* The shared phase-1 / phase-2 path of every API of the registry (acpu_registry.h):
 *
 *   1. workspaceSize / executor out-pointers (161001)
 *   2. handles in the API's parameter order: NULL (161001) or not live (161002); an absent optional
 *      scalar is no handle (acpu_check_handle_args, one registry round trip, memoised per thread);
 *      a NULL string argument 161001 in its place in that order
 *   3. the API's checks in its order (CANN's), the attributes converted on the way (ops/op_validate.c)
 *   4. the FRACTAL_NZ warning when the row asks for it (verbose only)
 *   5. an empty call (some tensor with a 0 dim) gets an executor with nothing to do; views of more
 *      than 8 dims are merged into at most 8 (merge_dims; step 6's per-tensor checks run first, on
 *      the caller's views)
 *   6. data present, views inside their storage, the output's overlap rule (acpu_check_tensors_data)
 *   7. the task: the inputs' views broadcast to the output's shape, casts around the compute dtype,
 *      the operator's kernel for its attributes, its parameter block from the kernel's initialiser
 *   8. the tiling: the operator's first strategy for the profile that accepts the call (memoised per
 *      thread on the call's tiling arguments), the thread count, the workspace, the verbose line
 *
 * all under the default FP environment; phase 2 checks the executor (live, planned by this API),
 * the workspace and the stream, then runs the plan on the engine. */
#include <stdio.h>
#include <string.h>

#include "common/acpu_checked.h"
#include "ops/acpu_op_call.h"
#include "ops/acpu_tables.h"

/* ---- step 2: handles ------------------------------------------------------------------------------ */

static bool is_tensor_kind(acpu_param_kind k)
{
    return k == ACPU_P_TIN || k == ACPU_P_TOUT || k == ACPU_P_TOUT_CONST || k == ACPU_P_TINOUT ||
           k == ACPU_P_TINOUT_CONST;
}

static aclnnStatus check_handles(const acpu_api_def *api, const acpu_arg *args)
{
    acpu_handle_arg h[ACPU_MAX_HANDLE_ARGS];
    int n = 0;
    for (int q = 0; q < api->n_params; q++) {
        int i = api->n_null_order > 0 ? (q < api->n_null_order ? api->null_order[q] : -1) : q; /* CANN's order */
        if (i < 0)
            break;
        acpu_param_kind k = api->params[i].kind;
        if (k == ACPU_P_STRING && args[i].s == NULL) { /* a NULL char *: after the handles before it */
            aclnnStatus rc = acpu_check_handle_args(api->phase1, h, n);
            if (rc != ACLNN_SUCCESS)
                return rc;
            acpu_set_error("%s: %s must not be NULL", api->phase1, api->params[i].name);
            return ACLNN_ERR_PARAM_NULLPTR;
        }
        if (!is_tensor_kind(k) && k != ACPU_P_SCALAR && !(k == ACPU_P_SCALAR_OPT && args[i].p != NULL))
            continue;
        h[n].name = api->params[i].name;
        h[n].kind = is_tensor_kind(k) ? ACPU_HANDLE_TENSOR : ACPU_HANDLE_SCALAR;
        h[n].p = args[i].p;
        n++;
    }
    return acpu_check_handle_args(api->phase1, h, n);
}

/* The call's tensors by operator slot, with their parameter names. */
static void resolve(const acpu_api_def *api, const acpu_arg *args, acpu_call *c)
{
    memset(c, 0, sizeof *c);
    c->api = api;
    c->args = args;
    c->n_in = api->op->n_in;
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (p->kind == ACPU_P_TIN || p->kind == ACPU_P_TINOUT || p->kind == ACPU_P_TINOUT_CONST) {
            c->in[p->slot] = args[i].p;
            c->in_name[p->slot] = p->name;
        }
        if (p->kind == ACPU_P_TOUT || p->kind == ACPU_P_TOUT_CONST || p->kind == ACPU_P_TINOUT ||
            p->kind == ACPU_P_TINOUT_CONST) {
            c->out = args[i].p;
            c->out_name = p->name;
        }
    }
}

static void warn_fractal_nz(const acpu_call *c)
{
    for (int i = 0; i <= c->n_in; i++) {
        const aclTensor *t = i < c->n_in ? c->in[i] : c->out;
        if (t->format == ACL_FORMAT_FRACTAL_NZ)
            fprintf(stderr, "aclnn_cpu: warning: %s: %s has format FRACTAL_NZ, computed as ND\n", c->api->phase1,
                    i < c->n_in ? c->in_name[i] : c->out_name);
    }
}

/* ---- views of more than 8 dims ------------------------------------------------------------------------
 * APIs without a rank limit (CANN reshapes a contiguous copy of more than 8 dims to 1-D) take views
 * of any rank when every tensor has the same shape: the call then runs on copies of its tensors
 * whose dims are merged jointly (dims of size 1 dropped, neighbours merged where every tensor steps
 * them as one), which the engine's 8-dim views hold. A call that cannot be merged into 8 dims is
 * refused (161002). */
typedef struct {
    aclTensor t[ACPU_CALL_TENSORS];
} shadow_tensors;

static bool needs_merge(const acpu_call *c)
{
    bool deep = c->out->view_rank > ACPU_MAX_DIMS;
    for (int j = 0; j < c->n_in; j++)
        deep = deep || c->in[j]->view_rank > ACPU_MAX_DIMS;
    return deep;
}

/* Whether dim d (of size > 1) continues the group whose innermost stride is `inner` in every tensor
 * (a caller's strides are untrusted: a product past int64 continues nothing). */
static bool mergeable(const aclTensor *const *t, int n, uint64_t d, const int64_t *group_stride, int64_t group_size)
{
    for (int i = 0; i < n; i++) {
        int64_t next;
        if (__builtin_mul_overflow(group_stride[i], group_size, &next) || t[i]->strides[d] != next)
            return false;
    }
    return true;
}

static aclnnStatus merge_dims(acpu_call *c, shadow_tensors *sh)
{
    const aclTensor *t[ACPU_CALL_TENSORS];
    int n = c->n_in + 1;
    for (int j = 0; j < c->n_in; j++)
        t[j] = c->in[j];
    t[c->n_in] = c->out;
    for (int i = 1; i < n; i++)
        if (!acpu_same_shape(t[i], t[0])) {
            acpu_set_error("%s: a view of more than %d dims needs every tensor of the call to have its shape",
                           c->api->phase1, ACPU_MAX_DIMS);
            return ACLNN_ERR_PARAM_INVALID;
        }
    /* Step 6's per-tensor checks on the caller's views, in the same order: a merge can leave rank 0
     * (every dim 1), which needs no storage shape, and its messages would name merged dims. The
     * merged copies have the same extents, so step 6 passes them again. */
    for (int i = 0; i < n; i++) {
        uint64_t last;
        aclnnStatus rc = acpu_check_tensor_extent(c->api->phase1, i < c->n_in ? c->in_name[i] : c->out_name, t[i],
                                                  &last);
        if (rc != ACLNN_SUCCESS)
            return rc;
    }
    int64_t dims[ACPU_MAX_TENSOR_DIMS], strides[ACPU_CALL_TENSORS][ACPU_MAX_TENSOR_DIMS];
    int rank = 0; /* merged dims, innermost first */
    for (uint64_t k = t[0]->view_rank; k-- > 0;) {
        int64_t size = t[0]->view_dims[k];
        if (size == 1)
            continue;
        int64_t inner[ACPU_CALL_TENSORS];
        for (int i = 0; rank > 0 && i < n; i++)
            inner[i] = strides[i][rank - 1];
        if (rank > 0 && mergeable(t, n, k, inner, dims[rank - 1])) {
            dims[rank - 1] *= size;
            continue;
        }
        dims[rank] = size;
        for (int i = 0; i < n; i++)
            strides[i][rank] = t[i]->strides[k];
        rank++;
    }
    if (rank > ACPU_MAX_DIMS) {
        acpu_set_error("%s: the views' %llu dims merge into %d, more than the %d the library runs", c->api->phase1,
                       (unsigned long long)t[0]->view_rank, rank, ACPU_MAX_DIMS);
        return ACLNN_ERR_PARAM_INVALID;
    }
    for (int i = 0; i < n; i++) {
        acpu_copy(&sh->t[i], t[i], sizeof sh->t[i]);
        sh->t[i].view_rank = (uint64_t)rank;
        for (int d = 0; d < rank; d++) { /* outermost first */
            sh->t[i].view_dims[d] = dims[rank - 1 - d];
            sh->t[i].strides[d] = strides[i][rank - 1 - d];
        }
    }
    for (int j = 0; j < c->n_in; j++)
        c->in[j] = &sh->t[j];
    c->out = &sh->t[c->n_in];
    return ACLNN_SUCCESS;
}

/* ---- step 7: the task ------------------------------------------------------------------------------ */

static aclnnStatus fill_task(const acpu_call *c, const acpu_settings *s, aclDataType cdt, acpu_kernel_id kid,
                             acpu_task *task)
{
    const aclTensor *out = c->out;
    task->n_in = c->n_in;
    for (int j = 0; j < c->n_in; j++) { /* most calls: the input has the output's shape, a plain view */
        const aclTensor *t = c->in[j];
        size_t es = acpu_dtype_size(t->dtype);
        if (acpu_same_shape(t, out))
            acpu_tensor_view(t, es, &task->in[j]);
        else
            acpu_tensor_broadcast_view(t, es, out, &task->in[j]);
        task->in_cast[j] = t->dtype == cdt ? NULL : acpu_cast_get(t->dtype, cdt);
        if (t->dtype != cdt && task->in_cast[j] == NULL)
            return acpu_missing_cast(c->api->phase1, t->dtype, cdt);
    }
    acpu_tensor_view(out, acpu_dtype_size(out->dtype), &task->out);
    acpu_kdtype kdt = acpu_kdtype_of(cdt);
    task->kernel = kdt == ACPU_KDT_NONE ? NULL : s->kernels->k[kid][kdt];
    task->kernel_elem = acpu_dtype_size(cdt);
    task->cast = out->dtype == cdt ? NULL : acpu_cast_get(cdt, out->dtype);
    if (out->dtype != cdt && task->cast == NULL)
        return acpu_missing_cast(c->api->phase1, cdt, out->dtype);
    if (task->kernel == NULL) /* a dtype the rules accept but the kernel list lacks: a bug */
        return acpu_missing_cast(c->api->phase1, cdt, cdt);
    return ACLNN_SUCCESS;
}

/* ---- step 8: the tiling, memoised per thread -----------------------------------------------------
 * The strategies are pure functions of the profile and the tiling call, and a program calls the
 * same operator on the same shapes again and again. Keys compare field by field (same_tiling_call).
 * A direct-mapped memo per thread, the slot chosen by the API row's address. */
#define ACPU_TILING_MEMO_SLOTS 16

typedef struct {
    const acpu_api_def *api;
    acpu_platform platform;
    acpu_tiling_call key;
    acpu_schedule sched;
    const char *sch;
} tiling_memo;

/* A tensor's shape into a tiling shape (keys compare dims up to the rank only). */
static void shape_into(const aclTensor *t, acpu_bc_shape *s)
{
    s->rank = (int64_t)t->view_rank;
    for (int64_t k = 0; k < s->rank; k++)
        s->dims[k] = t->view_dims[k];
}

/* Field by field: a memset of the ~450-byte key compiles to `rep stos`, which costs more than the
 * rest of a small call's bookkeeping. */
static void tiling_call_of(const acpu_call *c, aclDataType cdt, const acpu_task *task, acpu_tiling_call *k)
{
    k->n_in = c->n_in;
    k->dense = acpu_view_is_dense(&task->out);
    for (int j = 0; j < ACPU_TILING_MAX_INPUTS; j++) {
        if (j < c->n_in) {
            shape_into(c->in[j], &k->in[j]);
            k->in_dt[j] = c->in[j]->dtype;
            k->dense = k->dense && acpu_view_is_dense(&task->in[j]);
        } else {
            k->in[j].rank = 0;
            k->in_dt[j] = ACL_DT_UNDEFINED;
        }
    }
    shape_into(c->out, &k->out);
    k->out_dt = cdt; /* the kernel writes the compute dtype; a cast to the output's follows */
    k->compute_dt = cdt;
    for (int a = 0; a < ACPU_MAX_ATTRS; a++)
        k->attrs[a] = c->attrs[a];
    k->n = acpu_numel(c->out);
}

static bool same_shape_key(const acpu_bc_shape *a, const acpu_bc_shape *b)
{
    if (a->rank != b->rank)
        return false;
    for (int64_t d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d])
            return false;
    return true;
}

/* Attribute values compare bit for bit (a NaN matches itself, -0 does not match +0). */
static bool same_attr(const acpu_attr_value *a, const acpu_attr_value *b)
{
    return memcmp(&a->f, &b->f, sizeof a->f) == 0 && memcmp(&a->d, &b->d, sizeof a->d) == 0 && a->i == b->i &&
           a->b == b->b;
}

/* Whether two tiling calls are the same, field by field (their padding is never read). */
static bool same_tiling_call(const acpu_tiling_call *a, const acpu_tiling_call *b, int n_attrs)
{
    if (a->n_in != b->n_in || a->dense != b->dense || a->n != b->n || a->out_dt != b->out_dt ||
        a->compute_dt != b->compute_dt || !same_shape_key(&a->out, &b->out))
        return false;
    for (int j = 0; j < a->n_in; j++)
        if (a->in_dt[j] != b->in_dt[j] || !same_shape_key(&a->in[j], &b->in[j]))
            return false;
    for (int k = 0; k < n_attrs; k++)
        if (!same_attr(&a->attrs[k], &b->attrs[k]))
            return false;
    return true;
}

static aclnnStatus tiling_failed(const acpu_call *c, const acpu_platform *p, const char *strategy, const char *why)
{
    acpu_set_error("%s: the %s tiling of %s failed for profile %s (%s)", c->api->phase1, strategy, c->op->type,
                   acpu_soc_name(p->soc), why);
    return ACLNN_ERR_INNER_TILING_ERROR;
}

static aclnnStatus plan_tiling(const acpu_call *c, const acpu_platform *p, const acpu_tiling_call *key,
                               acpu_schedule *sched, const char **sch)
{
    static _Thread_local tiling_memo memos[ACPU_TILING_MEMO_SLOTS];
    tiling_memo *m = &memos[((uintptr_t)c->api / sizeof(acpu_api_def)) % ACPU_TILING_MEMO_SLOTS];
    if (m->api == c->api && acpu_same_platform(&m->platform, p) &&
        same_tiling_call(&m->key, key, c->api->op->n_attrs)) {
        *sched = m->sched;
        *sch = m->sch;
        return ACLNN_SUCCESS;
    }
    const acpu_op_def *op = c->op;
    const acpu_tiling_choice *choice = acpu_tiling_pick(op->tilings, op->n_tilings, p->soc, key);
    if (choice == NULL)
        return tiling_failed(c, p, "", "no strategy of the operator takes this profile and call");
    acpu_tiling_result r;
    if (acpu_tiling_plan(choice, p, key, &r) != 0)
        return tiling_failed(c, p, choice->strategy->name, r.why);
    m->api = NULL; /* filled whole before it is valid */
    m->platform = *p;
    m->key = *key;
    m->sched = r.sched;
    m->sch = r.sch;
    m->api = c->api;
    *sched = r.sched;
    *sch = r.sch;
    return ACLNN_SUCCESS;
}

/* A 16-bit call of a kernel with a table form runs the lookup kernel on the table (ops/acpu_tables.h)
 * when tables are on and the call is large enough; the parameter block then holds the table. */
static void use_table(const acpu_settings *s, acpu_kernel_id kid, aclDataType cdt, uint64_t n, acpu_op_call *call)
{
    acpu_table_form form = (acpu_table_form)acpu_kernel_table_forms[kid];
    acpu_kdtype kdt = acpu_kdtype_of(cdt);
    acpu_switch mode = s->switches[ACPU_SWITCH_TABLES];
    if (mode == ACPU_SWITCH_OFF || form == ACPU_TABLE_NONE || n < ACPU_TABLE_USE_MIN ||
        (kdt != ACPU_KDT_F16 && kdt != ACPU_KDT_BF16))
        return;
    acpu_kernel_fn lookup = NULL;
    const void *table = acpu_table_get(s->kernels, kid, kdt, call->params, acpu_kernel_infos[kid].params_size,
                                       n >= ACPU_TABLE_BUILD_MIN, mode == ACPU_SWITCH_AUTO, &lookup);
    if (table == NULL)
        return;
    acpu_lookup_params lp = {table};
    memcpy(call->params, &lp, sizeof lp);
    call->task.kernel = lookup;
    call->grain = ACPU_TABLE_GRAIN;
    call->bytes_bound = false;
}

/* Streaming stores for the output (engine/acpu_engine.h) when the mode says so: AUTO for an output
 * of ACPU_STREAM_MIN_BYTES or more of a memory-bound kernel (ACPU_GRAIN_MEMORY_BOUND: compare and
 * multiply-add) or of a 16-bit lookup that reads its table with one load per element (a
 * lookup_loads alternative, which the table's build chose over the gather on this CPU). A kernel
 * with a transcendental is slower than memory: the chunk's extra copy cost it 5-20% (Xeon), and the
 * read it saves was not what limited it. The lookups differ by how they read: aclnn_cpu_bench at 16M
 * and 64M elements, 1 and 2 threads, 3 alternating runs, streaming on against off (Zen 4, 2 vCPUs),
 *   one load per element (AVX2: every table on that CPU; AVX-512: bf16 WHOLE, the C loop)
 *     WHOLE (CELU, GELU, Sigmoid, Tanh) bf16 1.02-1.15x (16M) and 1.24-1.46x (64M), fp16 (AVX2)
 *     1.06-1.11x and 1.20-1.25x; MUL / DIV (ELU, SiLU, Softplus, GELU gradients) 1.02-1.25x (16M)
 *     and 1.03-1.10x (64M);
 *   a gather instruction (AVX-512: fp16 WHOLE, every MUL / DIV table) 0.88-1.02x,
 * so only the first stream. Why the two differ was not established (no hardware counters here); the
 * AVX2 gathers with streaming were not measured, the builds on that Zen 4 chose the loads for every
 * AVX2 table. Which lookup a table gets is its build's timing (ops/op_tables.c), so whether a large
 * call streams follows it: a speed, never a bit, changes. The engine still writes regularly where the
 * output is staged or overlaps an input. */
bool acpu_streaming_pays(const acpu_kernel_table *kt, uint64_t grain, acpu_kernel_fn kernel)
{
    return grain >= ACPU_GRAIN_MEMORY_BOUND || acpu_is_loads_lookup(kt, kernel);
}

static void use_streaming(const acpu_settings *s, uint64_t n, acpu_op_call *call)
{
    uint64_t bytes;
    bool large = !acpu_mul_u64(n, call->task.kernel_elem, &bytes) || bytes >= ACPU_STREAM_MIN_BYTES;
    acpu_switch mode = s->switches[ACPU_SWITCH_STREAMING];
    bool on = mode == ACPU_SWITCH_ON ||
              (mode == ACPU_SWITCH_AUTO && large && acpu_streaming_pays(s->kernels, call->grain, call->task.kernel));
    call->task.stream_copy = on ? s->kernels->stream_copy : NULL;
    call->task.stream_fence = on ? s->kernels->stream_fence : NULL;
}

/* Whether the task converts an input or its result (a 16-bit tensor computed in fp32, say): the
 * conversions, not the bytes, then set the cost, as in a kernel that widens (acpu_kernel_bytes_bound).
 * Only a bytes-bound call doubles its grain in place (acpu_engine_threads): in-place fp16 / bf16
 * Hardswish, Hardsigmoid, LeakyReLU and fp16 Hardtanh (widening) at 64K and 96K elements on 2
 * threads ran 1.33x (AVX-512) and 1.38x (AVX2) geomean (0.80-1.73, 5 alternating runs, Zen 4, 2
 * vCPUs) with the plain grain against the doubled one; the pattern forms' calls, left doubled,
 * 0.98-0.99x in the same runs. */
static bool task_casts(const acpu_task *task)
{
    for (int j = 0; j < task->n_in; j++)
        if (task->in_cast[j] != NULL)
            return true;
    return task->cast != NULL;
}

static aclnnStatus plan_call(const acpu_call *c, const acpu_settings *s, acpu_op_call *call)
{
    const acpu_op_def *op = c->op;
    aclDataType in_dt[ACPU_TILING_MAX_INPUTS];
    for (int j = 0; j < c->n_in; j++)
        in_dt[j] = c->in[j]->dtype;
    aclDataType cdt = acpu_compute_dtype_out(c->api->compute, in_dt, c->n_in, c->out->dtype);
    acpu_kernel_id kid = op->pick_kernel ? op->pick_kernel(c->attrs) : op->kernel;
    if (c->api->own_path != NULL)
        c->api->own_path(c->attrs, &kid, &cdt);
    const acpu_kernel_info *info = &acpu_kernel_infos[kid];
    if (info->init != NULL)
        info->init(c->attrs, call->params);
    aclnnStatus rc = fill_task(c, s, cdt, kid, &call->task);
    if (rc != ACLNN_SUCCESS)
        return rc;
    acpu_tiling_call key;
    tiling_call_of(c, cdt, &call->task, &key);
    const char *sch = NULL;
    if ((rc = plan_tiling(c, &s->platform, &key, &call->plan, &sch)) != ACLNN_SUCCESS)
        return rc;
    call->grain = info->grain;
    call->bytes_bound = acpu_kernel_bytes_bound(kid, acpu_kdtype_of(cdt)) && !task_casts(&call->task);
    use_table(s, kid, cdt, key.n, call);
    use_streaming(s, key.n, call);
    call->sch = sch;
    if ((rc = acpu_size_call(c->api->phase1, call, s)) != ACLNN_SUCCESS)
        return rc;
    if (s->verbose) /* formatting costs as much as a 4K-element kernel: only when asked */
        acpu_describe_call(call, c, s, sch);
    return ACLNN_SUCCESS;
}

/* ---- phase 1 and phase 2 ------------------------------------------------------------------------- */

static bool any_empty(const acpu_call *c)
{
    for (int j = 0; j < c->n_in; j++)
        if (acpu_is_empty(c->in[j]))
            return true;
    return acpu_is_empty(c->out);
}

static aclnnStatus data_checks(const acpu_call *c, acpu_op_call *call)
{
    const aclTensor *t[ACPU_CALL_TENSORS];
    for (int j = 0; j < c->n_in; j++) {
        t[j] = c->in[j];
        call->tensor_names[j] = c->in_name[j];
    }
    t[c->n_in] = c->out;
    call->tensor_names[c->n_in] = c->out_name;
    call->n_tensors = c->n_in + 1;
    return acpu_check_tensors_data(c->api->phase1, call->tensor_names, t, call->n_tensors, call->geom);
}

static aclnnStatus phase1(const acpu_api_def *api, const acpu_arg *args, uint64_t *workspace_size,
                          aclOpExecutor **executor)
{
    aclnnStatus rc;
    acpu_settings s;
    acpu_settings_get(&s);
    if ((rc = check_handles(api, args)) != ACLNN_SUCCESS)
        return rc;
    acpu_call c;
    resolve(api, args, &c);
    if ((rc = acpu_validate(&c, &s.platform)) != ACLNN_SUCCESS)
        return rc;
    c.op = acpu_api_op_for(api, c.attrs);
    if (api->warn_fractal_nz && s.verbose)
        warn_fractal_nz(&c);
    acpu_op_call call;
    acpu_zero(&call, ACPU_OP_CALL_ZEROED); /* the rest is written as it is used */
    call.detail[0] = '\0';
    _Static_assert(sizeof call.op_name == sizeof api->exec_name, "executor names differ in size");
    memcpy(call.op_name, api->exec_name, sizeof call.op_name); /* fixed size: no printf or strlen per call */
    call.task.n_in = c.n_in;                                   /* the address calls count an empty call's inputs too */
    call.empty = any_empty(&c);
    shadow_tensors shadows;
    if (!call.empty && needs_merge(&c) && (rc = merge_dims(&c, &shadows)) != ACLNN_SUCCESS)
        return rc;
    if (!call.empty && ((rc = data_checks(&c, &call)) || (rc = plan_call(&c, &s, &call))))
        return rc;
    if (call.empty && s.verbose)
        acpu_describe_call(&call, &c, &s, "EMPTY");
    return acpu_finish_phase1(api->phase1, api, &call, workspace_size, executor);
}

aclnnStatus acpu_op_phase1(const acpu_api_def *api, const acpu_arg *args, uint64_t *workspace_size,
                           aclOpExecutor **executor)
{
    aclnnStatus rc = acpu_check_out_pointers(api->phase1, workspace_size, executor);
    if (rc != ACLNN_SUCCESS)
        return rc;
    /* All of phase 1 under the default environment: no compare or conversion of a caller's NaN,
     * huge or subnormal scalar can trap when the caller enabled FP exceptions. */
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    rc = phase1(api, args, workspace_size, executor);
    acpu_hazard_clear(); /* phase 1 has finished reading the handles (acpu_check_handle_args published them) */
    acpu_fp_leave(&saved);
    return rc;
}

aclnnStatus acpu_op_phase2(const acpu_api_def *api, void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                           aclrtStream stream)
{
    return acpu_executor_run(api->name, api, workspace, workspace_size, executor, stream);
}
