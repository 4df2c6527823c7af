/* The shared phase-1 / phase-2 path of every operator (acpu_op_desc.h lists the steps). */
#include <stdio.h>
#include <string.h>

#include "acpu_op_desc.h"

/* ---- shared rules ---------------------------------------------------------------------------- */

aclnnStatus acpu_op_dtype_in(const acpu_op_desc *d, const char *name, aclDataType dt, const aclDataType *list,
                             size_t n, const char *expected)
{
    if (acpu_dtype_in(dt, list, n))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s dtype must be one of %s, got %s", d->api, name, expected, acpu_dtype_name(dt));
    return ACLNN_ERR_PARAM_INVALID;
}

aclnnStatus acpu_op_check_rank(const acpu_op_desc *d, const char *name, const aclTensor *t)
{
    if (t->view_rank <= ACPU_MAX_DIMS)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s must have at most %d dims, got %llu", d->api, name, ACPU_MAX_DIMS,
                   (unsigned long long)t->view_rank);
    return ACLNN_ERR_PARAM_INVALID;
}

void acpu_op_shape_of(const aclTensor *t, acpu_bc_shape *s)
{
    s->rank = (int64_t)t->view_rank;
    memcpy(s->dims, t->view_dims, t->view_rank * sizeof t->view_dims[0]);
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
        memcpy(folded, m->folded, ACPU_OP_FOLDED_BYTES);
        return;
    }
    memset(folded, 0, ACPU_OP_FOLDED_BYTES);
    d->fold(a, folded);
    m->valid = true;
    for (int i = 0; i < d->n_scalars; i++)
        m->scalars[i] = *a->s[i];
    memcpy(m->folded, folded, ACPU_OP_FOLDED_BYTES);
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
    acpu_tensor_broadcast_view(a->t[0], acpu_dtype_size(in0), out, &task->in[0]);
    acpu_tensor_broadcast_view(a->t[1], acpu_dtype_size(in1), out, &task->in[1]);
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

static aclnnStatus tiling(const acpu_op_desc *d, const acpu_platform *p, const void *key, acpu_op_tiling *out)
{
    static _Thread_local tiling_memo memos[ACPU_OP_COUNT];
    tiling_memo *m = &memos[d->id];
    if (m->valid && acpu_same_platform(&m->platform, p) && memcmp(m->key, key, ACPU_OP_TILING_KEY_BYTES) == 0) {
        acpu_copy(out, &m->tiling, sizeof *out);
        return ACLNN_SUCCESS;
    }
    aclnnStatus rc = d->tiling(d, p, key, out);
    m->valid = rc == ACLNN_SUCCESS;
    if (rc == ACLNN_SUCCESS) {
        m->platform = *p;
        memcpy(m->key, key, ACPU_OP_TILING_KEY_BYTES);
        acpu_copy(&m->tiling, out, sizeof *out);
    }
    return rc;
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
    memset(key, 0, sizeof key);
    d->tiling_key(d, a, s, cdt, folded, &call->task, key);
    acpu_op_tiling t;
    if ((rc = tiling(d, &s->platform, key, &t)) != ACLNN_SUCCESS)
        return rc;
    call->plan = t.plan;
    call->plan.min_thread_elems = a->flag ? d->grain_flag : d->grain;
    if ((rc = acpu_size_call(d->api, call, s)) != ACLNN_SUCCESS)
        return rc;
    if (s->verbose) /* formatting costs as much as a 4K-element kernel: only when asked */
        describe(d, a, s, t.sch, call);
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
    snprintf(call.op_name, sizeof call.op_name, "%s", d->name);
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
    acpu_fp_leave(&saved);
    return rc;
}

aclnnStatus acpu_op_phase2(const acpu_op_desc *d, void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                           aclrtStream stream)
{
    return acpu_executor_run(d->run_api, d->id, workspace, workspace_size, executor, stream);
}
