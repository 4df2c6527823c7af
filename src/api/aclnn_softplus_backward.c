/* aclnnSoftplusBackward: the main tree's validation (spec 3.3) plus NULL beta/threshold and
 * gradOutput broadcasting, the two SoftplusV2Grad tilings, and the executor. */
#include <stdio.h>
#include <string.h>

#include "aclnnop/aclnn_softplus_backward.h"
#include "op_common.h"
#include "tiling/acpu_softplus_tiling.h"

#define API "aclnnSoftplusBackwardGetWorkspaceSize"
/* An exp per element: as ELU's exp mode, a thread pays for itself from ~2K elements. */
#define ACPU_SOFTPLUS_THREAD_GRAIN 2048u

typedef struct {
    const aclTensor *grad_output, *self;
    aclTensor *grad_input;
    const aclScalar *beta, *threshold;
} softplus_args;

static aclnnStatus check_handles(const softplus_args *a)
{
    const acpu_handle_arg args[] = {
        {"gradOutput", a->grad_output, ACPU_HANDLE_TENSOR}, {"self", a->self, ACPU_HANDLE_TENSOR},
        {"beta", a->beta, ACPU_HANDLE_SCALAR},               {"threshold", a->threshold, ACPU_HANDLE_SCALAR},
        {"gradInput", a->grad_input, ACPU_HANDLE_TENSOR}};
    return acpu_check_handle_args(API, args, (int)(sizeof args / sizeof args[0]));
}

static aclnnStatus check_dtype_in(const char *name, aclDataType dt, const aclDataType *list, size_t n,
                                  const char *expected)
{
    if (acpu_dtype_in(dt, list, n))
        return ACLNN_SUCCESS;
    acpu_set_error(API ": %s dtype must be one of %s, got %s", name, expected, acpu_dtype_name(dt));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Spec 3.3 step 3; the "910B" lists (with BF16) wherever the profile has BF16. BF16 sits last in
 * both lists so that the "910" lists are their prefixes. */
static aclnnStatus check_dtypes(const softplus_args *a, const acpu_platform *platform)
{
    static const aclDataType grad_list[] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
    static const aclDataType self_list[] = {ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8,
                                            ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BOOL, ACL_BF16};
    bool bf16 = acpu_soc_has_bf16(platform->soc);
    const char *grad_names = bf16 ? "float32, float16, float64, bfloat16" : "float32, float16, float64";
    const char *self_names = bf16 ? "int8, int16, int32, int64, uint8, float16, float32, float64, bool, bfloat16"
                                  : "int8, int16, int32, int64, uint8, float16, float32, float64, bool";
    size_t n_grad = bf16 ? 4 : 3, n_self = bf16 ? 10 : 9;
    aclnnStatus rc;
    if ((rc = check_dtype_in("gradOutput", a->grad_output->dtype, grad_list, n_grad, grad_names)) ||
        (rc = check_dtype_in("self", a->self->dtype, self_list, n_self, self_names)) ||
        (rc = check_dtype_in("gradInput", a->grad_input->dtype, grad_list, n_grad, grad_names)))
        return rc;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_rank(const char *name, const aclTensor *t)
{
    if (t->view_rank <= ACPU_MAX_DIMS)
        return ACLNN_SUCCESS;
    acpu_set_error(API ": %s must have at most %d dims, got %llu", name, ACPU_MAX_DIMS,
                   (unsigned long long)t->view_rank);
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus shape_error(const char *name, const char *relation, const aclTensor *t, const aclTensor *self)
{
    char got[160], want[160];
    acpu_set_error(API ": %s shape must %s self shape %s, got %s", name, relation, acpu_shape_str(self, want, sizeof want),
                   acpu_shape_str(t, got, sizeof got));
    return ACLNN_ERR_PARAM_INVALID;
}

static void shape_of(const aclTensor *t, acpu_sp_shape *s)
{
    s->rank = (int64_t)t->view_rank;
    memcpy(s->dims, t->view_dims, t->view_rank * sizeof t->view_dims[0]);
}

/* Spec 3.3 step 4, with gradOutput allowed to broadcast to self's shape (ranks checked first, so
 * the shapes fit acpu_sp_shape). */
static aclnnStatus check_shapes(const softplus_args *a)
{
    aclnnStatus rc;
    if ((rc = check_rank("gradOutput", a->grad_output)) || (rc = check_rank("self", a->self)) ||
        (rc = check_rank("gradInput", a->grad_input)))
        return rc;
    acpu_sp_shape grad, self;
    shape_of(a->grad_output, &grad);
    shape_of(a->self, &self);
    if (!acpu_sp_broadcasts_to(&grad, &self))
        return shape_error("gradOutput", "broadcast to", a->grad_output, a->self);
    if (!acpu_same_shape(a->grad_input, a->self))
        return shape_error("gradInput", "equal", a->grad_input, a->self);
    return ACLNN_SUCCESS;
}

/* DOUBLE if either input is; the 16-bit kernel for two equal 16-bit dtypes; fp32 otherwise. */
static aclDataType compute_dtype(aclDataType grad, aclDataType self)
{
    if (grad == ACL_DOUBLE || self == ACL_DOUBLE)
        return ACL_DOUBLE;
    if (grad == self && (grad == ACL_FLOAT16 || grad == ACL_BF16))
        return grad;
    return ACL_FLOAT;
}

/* Scalars converted (ToFloat / ToDouble of spec 1.9) under the default FP environment of phase 1. */
static void fold_params_now(const softplus_args *a, acpu_softplus_params *p)
{
    p->beta = acpu_scalar_to_float(a->beta);
    p->threshold = acpu_scalar_to_float(a->threshold);
    p->beta_d = acpu_scalar_to_double(a->beta);
    p->threshold_d = acpu_scalar_to_double(a->threshold);
}

/* A pure function of the two scalars; each thread keeps its last result (converting costs more
 * than comparing). */
static void fold_params(const softplus_args *a, acpu_softplus_params *p)
{
    static _Thread_local struct {
        bool valid;
        aclScalar beta, threshold;
        acpu_softplus_params params;
    } memo;
    if (memo.valid && acpu_same_scalar(&memo.beta, a->beta) && acpu_same_scalar(&memo.threshold, a->threshold)) {
        *p = memo.params;
        return;
    }
    fold_params_now(a, p);
    memo.valid = true;
    memo.beta = *a->beta;
    memo.threshold = *a->threshold;
    memo.params = *p;
}

static aclnnStatus fill_task(const softplus_args *a, const acpu_settings *s, aclDataType cdt, acpu_binary_task *task)
{
    aclDataType grad = a->grad_output->dtype, self = a->self->dtype, gi = a->grad_input->dtype;
    acpu_tensor_broadcast_view(a->grad_output, acpu_dtype_size(grad), a->self, &task->in[0]);
    acpu_tensor_view(a->self, acpu_dtype_size(self), &task->in[1]);
    acpu_tensor_view(a->grad_input, acpu_dtype_size(gi), &task->out);
    task->in_cast[0] = grad == cdt ? NULL : acpu_cast_get(grad, cdt);
    task->in_cast[1] = self == cdt ? NULL : acpu_cast_get(self, cdt);
    task->kernel = s->kernels->softplus[acpu_kernel_dtype(cdt)];
    task->kernel_elem = acpu_dtype_size(cdt);
    task->cast = gi == cdt ? NULL : acpu_cast_get(cdt, gi);
    if (grad != cdt && task->in_cast[0] == NULL)
        return acpu_missing_cast(API, grad, cdt);
    if (self != cdt && task->in_cast[1] == NULL)
        return acpu_missing_cast(API, self, cdt);
    if (gi != cdt && task->cast == NULL)
        return acpu_missing_cast(API, cdt, gi);
    return ACLNN_SUCCESS;
}

/* The tiling module's rule: ascend910b on its profiles when the shapes are equal and all dense. */
static bool use_910b(const acpu_sp_tiling_args *t, const acpu_platform *p, const acpu_binary_task *task)
{
    return acpu_sp_soc_has_910b_tiling(p->soc) && acpu_sp_shape_equal(&t->inputs[0], &t->inputs[1]) &&
           acpu_view_is_dense(&task->in[0]) && acpu_view_is_dense(&task->in[1]) && acpu_view_is_dense(&task->out);
}

/* Field by field into the call's zeroed plan (a compound literal is zero-filled with `rep stos`
 * first, which costs more than the rest of this). */
static void plan_910b(const acpu_sp_910b_plan *t, uint64_t n, acpu_core_plan *plan)
{
    const acpu_sp_910b_data *d = &t->data;
    bool last_big = t->block_dim <= d->tailBlockNum;
    plan->kind = ACPU_PLAN_RANGES;
    plan->total = n;
    plan->core_num = t->block_dim;
    plan->tile = d->tileDataNum;
    plan->min_thread_elems = ACPU_SOFTPLUS_THREAD_GRAIN;
    plan->big_core_num = d->tailBlockNum;
    plan->big_core_len = d->bigCoreDataNum;
    plan->small_core_len = d->smallCoreDataNum;
    plan->last_core_len = last_big ? d->bigCoreDataNum : d->smallCoreDataNum;
}

static void plan_arch35(const acpu_sp_arch35_plan *t, uint64_t n, acpu_core_plan *plan)
{
    const acpu_sp_arch35_data *d = &t->data;
    uint64_t inner = 1;
    for (int64_t k = d->split.axis + 1; k < t->RANK; k++)
        inner *= (uint64_t)d->max_bro_shape[k];
    plan->kind = ACPU_PLAN_SPLIT;
    plan->total = n;
    plan->core_num = (uint64_t)d->multiCore.num_cores;
    plan->tile = (uint64_t)d->split.a_i * inner;
    plan->min_thread_elems = ACPU_SOFTPLUS_THREAD_GRAIN;
    plan->tiles_main = (uint64_t)d->multiCore.tiles_main;
    plan->cores_tail = (uint64_t)d->multiCore.cores_tail;
    plan->a_o = (uint64_t)d->split.a_o;
    plan->a_i = (uint64_t)d->split.a_i;
    plan->a_i_tail = (uint64_t)d->split.a_i_tail;
    plan->axis_len = (uint64_t)d->max_bro_shape[d->split.axis];
    plan->inner = inner;
}

/* Runs the chosen tiling and maps it onto the (zeroed) engine plan; *sch names the strategy. */
static int run_tiling(const acpu_platform *platform, const acpu_sp_tiling_args *t, bool b910, uint64_t n,
                      acpu_core_plan *plan)
{
    int rc;
    if (b910) {
        acpu_sp_910b_plan p;
        if ((rc = acpu_sp_tiling_910b(platform, t, &p)) == 0)
            plan_910b(&p, n, plan);
    } else {
        acpu_sp_arch35_plan p;
        if ((rc = acpu_sp_tiling_arch35(platform, t, &p)) == 0)
            plan_arch35(&p, n, plan);
    }
    return rc;
}

static bool same_tiling_args(const acpu_sp_tiling_args *x, const acpu_sp_tiling_args *y)
{
    return x->num_inputs == y->num_inputs && x->dtype == y->dtype && acpu_same_float_bits(x->beta, y->beta) &&
           acpu_same_float_bits(x->threshold, y->threshold) && acpu_sp_shape_equal(&x->inputs[0], &y->inputs[0]) &&
           acpu_sp_shape_equal(&x->inputs[1], &y->inputs[1]) && acpu_sp_shape_equal(&x->output, &y->output);
}

/* The tilings are pure functions of the profile, the arguments and the strategy (n follows from
 * the shapes), and a program repeats its calls: each thread keeps its last plan. */
static int tiling_memo(const acpu_platform *platform, const acpu_sp_tiling_args *t, bool b910, uint64_t n,
                       acpu_core_plan *plan)
{
    static _Thread_local struct {
        bool valid, b910;
        acpu_platform platform;
        acpu_sp_tiling_args args;
        acpu_core_plan plan;
    } memo;
    if (memo.valid && memo.b910 == b910 && acpu_same_platform(&memo.platform, platform) &&
        same_tiling_args(&memo.args, t)) {
        *plan = memo.plan;
        return 0;
    }
    int rc = run_tiling(platform, t, b910, n, plan);
    memo.valid = rc == 0;
    if (rc == 0) {
        memo.b910 = b910;
        memo.platform = *platform;
        memo.args = *t;
        memo.plan = *plan;
    }
    return rc;
}

/* The tiling sees the kernel dtype CANN would: the 16-bit dtype of an equal pair, FLOAT for
 * everything CANN casts (int, bool, double, mixed pairs). */
static aclnnStatus plan_tiling(const softplus_args *a, const acpu_settings *s, aclDataType cdt,
                               const acpu_softplus_params *params, acpu_op_call *call, const char **sch)
{
    acpu_sp_tiling_args t = {.num_inputs = 2, .beta = params->beta, .threshold = params->threshold,
                             .dtype = cdt == ACL_FLOAT16 || cdt == ACL_BF16 ? cdt : ACL_FLOAT};
    shape_of(a->grad_output, &t.inputs[0]);
    shape_of(a->self, &t.inputs[1]);
    shape_of(a->grad_input, &t.output);
    bool b910 = use_910b(&t, &s->platform, &call->task);
    *sch = b910 ? "ascend910b" : "arch35";
    if (tiling_memo(&s->platform, &t, b910, acpu_numel(a->self), &call->plan) != 0) {
        acpu_set_error(API ": the %s tiling failed for profile %s", *sch, acpu_soc_name(s->platform.soc));
        return ACLNN_ERR_INNER_TILING_ERROR;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus plan_call(const softplus_args *a, const acpu_settings *s, acpu_op_call *call)
{
    aclDataType cdt = compute_dtype(a->grad_output->dtype, a->self->dtype);
    acpu_softplus_params *params = (acpu_softplus_params *)(void *)call->params;
    fold_params(a, params);
    const char *sch;
    aclnnStatus rc;
    if ((rc = fill_task(a, s, cdt, &call->task)) || (rc = plan_tiling(a, s, cdt, params, call, &sch)) ||
        (rc = acpu_size_call(API, call, s)))
        return rc;
    const aclTensor *const tensors[3] = {a->grad_output, a->self, a->grad_input};
    if (s->verbose)
        acpu_describe_call(call, tensors, a->self, s, sch, call->plan.core_num, call->plan.tile);
    return ACLNN_SUCCESS;
}

static aclnnStatus validate(const softplus_args *a, const acpu_settings *s)
{
    aclnnStatus rc;
    if ((rc = check_handles(a)) || (rc = check_dtypes(a, &s->platform)) || (rc = check_shapes(a)))
        return rc;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_data(const softplus_args *a)
{
    static const char *const names[3] = {"gradOutput", "self", "gradInput"};
    const aclTensor *const tensors[3] = {a->grad_output, a->self, a->grad_input};
    return acpu_check_tensors_data(API, names, tensors, 3);
}

static aclnnStatus phase1(const softplus_args *a, uint64_t *workspace_size, aclOpExecutor **executor)
{
    aclnnStatus rc;
    acpu_settings s;
    acpu_settings_get(&s);
    if ((rc = validate(a, &s)) != ACLNN_SUCCESS)
        return rc;
    acpu_op_call call;
    acpu_zero(&call, sizeof call);
    call.op = ACPU_OP_SOFTPLUS_BACKWARD;
    snprintf(call.op_name, sizeof call.op_name, "SoftplusBackward");
    call.empty = acpu_is_empty(a->grad_output) || acpu_is_empty(a->self) || acpu_is_empty(a->grad_input);
    if (!call.empty && ((rc = check_data(a)) || (rc = plan_call(a, &s, &call))))
        return rc;
    if (call.empty && s.verbose) {
        const aclTensor *const tensors[3] = {a->grad_output, a->self, a->grad_input};
        acpu_describe_call(&call, tensors, a->self, &s, "EMPTY", 0, 0);
    }
    return acpu_finish_phase1(API, &call, workspace_size, executor);
}

ACLNN_API aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                            const aclScalar *beta, const aclScalar *threshold,
                                                            aclTensor *gradInput, uint64_t *workspaceSize,
                                                            aclOpExecutor **executor)
{
    aclnnStatus rc = acpu_check_out_pointers(API, workspaceSize, executor);
    if (rc != ACLNN_SUCCESS)
        return rc;
    const softplus_args a = {gradOutput, self, gradInput, beta, threshold};
    acpu_fp_state saved; /* all of phase 1 under the default FP environment: nothing can trap */
    acpu_fp_enter(&saved);
    rc = phase1(&a, workspaceSize, executor);
    acpu_hazard_clear(); /* phase 1 has finished reading the handles */
    acpu_fp_leave(&saved);
    return rc;
}

ACLNN_API aclnnStatus aclnnSoftplusBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream)
{
    return acpu_executor_run("aclnnSoftplusBackward", ACPU_OP_SOFTPLUS_BACKWARD, workspace, workspaceSize,
                             executor, stream);
}
