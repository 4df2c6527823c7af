/* The shared phase-1 / phase-2 path of every operator (acpu_op_desc.h lists the steps). */
#include <stdio.h>
#include <string.h>

#include "acpu_op_desc.h"

/* ---- shared rules ---------------------------------------------------------------------------- */

aclnnStatus acpu_op_dtype_error(const acpu_op_desc *d, const char *name, aclDataType dt, const char *expected)
{
    acpu_set_error("%s: %s dtype must be one of %s, got %s", d->api, name, expected, acpu_dtype_name(dt));
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus acpu_op_rank_error(const acpu_op_desc *d, const char *name, const aclTensor *t)
{
    acpu_set_error("%s: %s must have at most %d dims, got %llu", d->api, name, ACPU_MAX_DIMS,
                   (unsigned long long)t->view_rank);
    return ACLNN_ERR_PARAM_INVALID;
}

/* ---- step 2: handles --------------------------------------------------------------------------- */

static aclnnStatus check_handles(const acpu_op_desc *d, const acpu_op_args *a)
{
    acpu_handle_arg args[ACPU_MAX_HANDLE_ARGS];
    for (int i = 0; i < d->n_handles; i++) {
        const acpu_op_handle *h = &d->handles[i];
        args[i].name = h->name;
        args[i].kind = h->kind;
        args[i].p = h->kind == ACPU_HANDLE_SCALAR ? (const void *)a->s[h->slot] : (const void *)a->t[h->slot];
    }
    return acpu_check_handle_args(d->api, args, d->n_handles);
}

/* ---- step 4: folding, memoised per thread and operator --------------------------------------------
 * A pure function of the scalars' dtypes and value bytes, and converting them costs more than
 * comparing: each thread keeps every operator's last result. */
typedef struct {
    bool valid;
    aclScalar scalars[ACPU_OP_MAX_SCALARS];
    _Alignas(16) unsigned char folded[ACPU_OP_FOLDED_BYTES];
} fold_memo;

static bool fold_memo_holds(const fold_memo *m, const acpu_op_desc *d, const acpu_op_args *a)
{
    if (!m->valid)
        return false;
    for (int i = 0; i < d->n_scalars; i++)
        if (!acpu_same_scalar(&m->scalars[i], a->s[i]))
            return false;
    return true;
}

static void fold(const acpu_op_desc *d, const acpu_op_args *a, void *folded)
{
    static _Thread_local fold_memo memos[ACPU_OP_COUNT];
    if (d->fold == NULL)
        return;
    fold_memo *m = &memos[d->id];
    if (fold_memo_holds(m, d, a)) {
        memcpy(folded, m->folded, d->folded_size);
        return;
    }
    memset(folded, 0, d->folded_size);
    d->fold(a, folded);
    m->valid = true;
    for (int i = 0; i < d->n_scalars; i++)
        m->scalars[i] = *a->s[i];
    memcpy(m->folded, folded, d->folded_size);
}

/* ---- steps 2-6: validation ---------------------------------------------------------------------- */

static void warn_fractal_nz(const acpu_op_desc *d, const acpu_op_args *a)
{
    for (int i = 0; i < ACPU_OP_TENSORS; i++)
        if (a->t[i]->format == ACL_FORMAT_FRACTAL_NZ)
            fprintf(stderr, "aclnn_cpu: warning: %s: %s has format FRACTAL_NZ, computed as ND\n", d->api,
                    d->tensor_names[i]);
}

static aclnnStatus validate(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, void *folded)
{
    aclnnStatus rc;
    if ((rc = check_handles(d, a)) || (rc = d->check_dtypes(d, a, &s->platform)))
        return rc;
    fold(d, a, folded); /* the scalars are live and castable: checked above */
    if ((rc = d->check_shapes(d, a, &s->platform, folded)))
        return rc;
    if (d->warn_fractal_nz && s->verbose)
        warn_fractal_nz(d, a);
    return ACLNN_SUCCESS;
}

/* ---- step 9: the task --------------------------------------------------------------------------- */

static aclnnStatus fill_task(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, aclDataType cdt,
                             acpu_binary_task *task)
{
    const aclTensor *out = a->t[2];
    aclDataType in0 = a->t[0]->dtype, in1 = a->t[1]->dtype, od = out->dtype;
    for (int j = 0; j < 2; j++) { /* most calls: the input has the output's shape, a plain view */
        size_t es = acpu_dtype_size(a->t[j]->dtype);
        if (acpu_same_shape(a->t[j], out))
            acpu_tensor_view(a->t[j], es, &task->in[j]);
        else
            acpu_tensor_broadcast_view(a->t[j], es, out, &task->in[j]);
    }
    acpu_tensor_view(out, acpu_dtype_size(od), &task->out);
    task->in_cast[0] = in0 == cdt ? NULL : acpu_cast_get(in0, cdt);
    task->in_cast[1] = in1 == cdt ? NULL : acpu_cast_get(in1, cdt);
    task->kernel = s->kernels->k[a->flag ? d->kernel_flag : d->kernel][acpu_kernel_dtype(cdt)];
    task->kernel_elem = acpu_dtype_size(cdt);
    task->cast = od == cdt ? NULL : acpu_cast_get(cdt, od);
    if (in0 != cdt && task->in_cast[0] == NULL)
        return acpu_missing_cast(d->api, in0, cdt);
    if (in1 != cdt && task->in_cast[1] == NULL)
        return acpu_missing_cast(d->api, in1, cdt);
    if (od != cdt && task->cast == NULL)
        return acpu_missing_cast(d->api, cdt, od);
    if (task->kernel == NULL) /* a dtype the rules accept but the kernel list lacks: a bug */
        return acpu_missing_cast(d->api, cdt, cdt);
    return ACLNN_SUCCESS;
}

/* ---- step 10: the tiling, memoised per thread and operator -----------------------------------------
 * The tilings are pure functions of the profile and their arguments (the key), and a program
 * calls the same operator on the same shapes again and again. Keys are zero-filled, so they
 * compare as bytes: floats bit for bit (a NaN matches itself, -0 does not match +0). */
typedef struct {
    bool valid;
    acpu_platform platform;
    _Alignas(16) unsigned char key[ACPU_OP_TILING_KEY_BYTES];
    acpu_op_tiling tiling;
} tiling_memo;

/* The memo's tiling for `key` (computed on a miss, straight into the memo): valid until the thread's
 * next call of this operator. */
static const acpu_op_tiling *tiling(const acpu_op_desc *d, const acpu_platform *p, const void *key, aclnnStatus *rc)
{
    static _Thread_local tiling_memo memos[ACPU_OP_COUNT];
    tiling_memo *m = &memos[d->id];
    *rc = ACLNN_SUCCESS;
    if (m->valid && acpu_same_platform(&m->platform, p) && memcmp(m->key, key, d->tiling_key_size) == 0)
        return &m->tiling;
    *rc = d->tiling(d, p, key, &m->tiling);
    m->valid = *rc == ACLNN_SUCCESS;
    if (m->valid) {
        m->platform = *p;
        memcpy(m->key, key, d->tiling_key_size);
    }
    return &m->tiling;
}

static void describe(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, const char *sch,
                     acpu_op_call *call)
{
    (void)d;
    acpu_describe_call(call, a->t, a->t[2], s, sch, call->plan.core_num, call->plan.tile);
}

static aclnnStatus plan_call(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s,
                             const void *folded, acpu_op_call *call)
{
    aclDataType cdt = d->compute_dtype(a, &s->platform);
    memcpy(call->params, folded, d->params_size);
    aclnnStatus rc = fill_task(d, a, s, cdt, &call->task);
    if (rc != ACLNN_SUCCESS)
        return rc;
    _Alignas(16) unsigned char key[ACPU_OP_TILING_KEY_BYTES];
    memset(key, 0, d->tiling_key_size);
    d->tiling_key(d, a, s, cdt, folded, &call->task, key);
    const acpu_op_tiling *t = tiling(d, &s->platform, key, &rc);
    if (rc != ACLNN_SUCCESS)
        return rc;
    call->plan = t->plan;
    call->plan.min_thread_elems = a->flag ? d->grain_flag : d->grain;
    if ((rc = acpu_size_call(d->api, call, s)) != ACLNN_SUCCESS)
        return rc;
    if (s->verbose) /* formatting costs as much as a 4K-element kernel: only when asked */
        describe(d, a, s, t->sch, call);
    return ACLNN_SUCCESS;
}

/* ---- phase 1 and phase 2 ------------------------------------------------------------------------- */

static bool any_empty(const acpu_op_args *a)
{
    return acpu_is_empty(a->t[0]) || acpu_is_empty(a->t[1]) || acpu_is_empty(a->t[2]);
}

static aclnnStatus phase1(const acpu_op_desc *d, const acpu_op_args *a, uint64_t *workspace_size,
                          aclOpExecutor **executor)
{
    aclnnStatus rc;
    acpu_settings s;
    acpu_settings_get(&s);
    _Alignas(16) unsigned char folded[ACPU_OP_FOLDED_BYTES];
    if ((rc = validate(d, a, &s, folded)) != ACLNN_SUCCESS)
        return rc;
    acpu_op_call call;
    acpu_zero(&call, sizeof call);
    call.op = d->id;
    _Static_assert(sizeof call.op_name == sizeof d->name, "executor and descriptor names differ in size");
    memcpy(call.op_name, d->name, sizeof call.op_name); /* fixed size: no printf or strlen per call */
    call.empty = any_empty(a);
    if (!call.empty && ((rc = acpu_check_tensors_data(d->api, d->tensor_names, a->t, ACPU_OP_TENSORS)) ||
                        (rc = plan_call(d, a, &s, folded, &call))))
        return rc;
    if (call.empty && s.verbose)
        describe(d, a, &s, "EMPTY", &call);
    return acpu_finish_phase1(d->api, &call, workspace_size, executor);
}

aclnnStatus acpu_op_phase1(const acpu_op_desc *d, const acpu_op_args *a, uint64_t *workspace_size,
                           aclOpExecutor **executor)
{
    aclnnStatus rc = acpu_check_out_pointers(d->api, workspace_size, executor);
    if (rc != ACLNN_SUCCESS)
        return rc;
    /* All of phase 1 under the default environment: no compare or conversion of a caller's NaN,
     * huge or subnormal scalar can trap when the caller enabled FP exceptions. */
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    rc = phase1(d, a, workspace_size, executor);
    acpu_hazard_clear(); /* phase 1 has finished reading the handles (acpu_check_handle_args published them) */
    acpu_fp_leave(&saved);
    return rc;
}

aclnnStatus acpu_op_phase2(const acpu_op_desc *d, void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                           aclrtStream stream)
{
    return acpu_executor_run(d->run_api, d->id, workspace, workspace_size, executor, stream);
}
