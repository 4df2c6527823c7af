/* aclnnEluBackward: CANN's validation order (spec 2.3), the EluGradV2 plan, and the executor. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aclnnop/aclnn_elu_backward.h"
#include "op_common.h"
#include "tiling/acpu_elu_tiling.h"

#define API "aclnnEluBackwardGetWorkspaceSize"

typedef struct {
    const aclTensor *grad_output, *self_or_result;
    aclTensor *grad_input;
    const aclScalar *alpha, *scale, *input_scale;
    bool is_result;
} elu_args;

static aclnnStatus check_handles(const elu_args *a)
{
    const acpu_handle_arg args[] = {
        {"gradOutput", a->grad_output, ACPU_HANDLE_TENSOR}, {"alpha", a->alpha, ACPU_HANDLE_SCALAR},
        {"scale", a->scale, ACPU_HANDLE_SCALAR},            {"inputScale", a->input_scale, ACPU_HANDLE_SCALAR},
        {"selfOrResult", a->self_or_result, ACPU_HANDLE_TENSOR}, {"gradInput", a->grad_input, ACPU_HANDLE_TENSOR}};
    return acpu_check_handle_args(API, args, (int)(sizeof args / sizeof args[0]));
}

static aclnnStatus check_scalar_cast(const char *name, const aclScalar *s)
{
    if (acpu_can_cast(s->dtype, ACL_FLOAT))
        return ACLNN_SUCCESS;
    acpu_set_error(API ": %s must be castable to float32, got a %s scalar", name, acpu_dtype_name(s->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Spec 2.3 step 4: a..f. BF16 only on profiles whose NPU arch has it (DAV_2201, DAV_3510, host). */
static aclnnStatus check_dtypes(const elu_args *a, const acpu_platform *platform)
{
    aclDataType go = a->grad_output->dtype;
    if (go != a->self_or_result->dtype) {
        acpu_set_error(API ": selfOrResult dtype must equal gradOutput dtype %s, got %s", acpu_dtype_name(go),
                       acpu_dtype_name(a->self_or_result->dtype));
        return ACLNN_ERR_PARAM_INVALID;
    }
    static const aclDataType supported[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    size_t n_supported = acpu_soc_has_bf16(platform->soc) ? 3 : 2;
    if (!acpu_dtype_in(go, supported, n_supported)) {
        acpu_set_error(API ": gradOutput dtype must be float32, float16%s on profile %s, got %s",
                       n_supported == 3 ? " or bfloat16" : "", acpu_soc_name(platform->soc), acpu_dtype_name(go));
        return ACLNN_ERR_PARAM_INVALID;
    }
    aclnnStatus rc;
    if ((rc = check_scalar_cast("alpha", a->alpha)) || (rc = check_scalar_cast("scale", a->scale)) ||
        (rc = check_scalar_cast("inputScale", a->input_scale)))
        return rc;
    /* CanCast's targets that this library can write: a closed list, so that no dtype without a
     * cast (sub-byte, 8-bit float, string, unknown values) ever reaches the planner. */
    static const aclDataType outputs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    aclDataType gi = a->grad_input->dtype;
    if (!acpu_dtype_in(gi, outputs, sizeof outputs / sizeof outputs[0]) || !acpu_can_cast(go, gi)) {
        acpu_set_error(API ": gradInput dtype must be one of float32, float16, bfloat16, float64, complex64, "
                       "complex128 (a cast target of %s), got %s (%d)", acpu_dtype_name(go), acpu_dtype_name(gi),
                       (int)gi);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_error(const char *name, const aclTensor *t, const aclTensor *ref)
{
    char got[160], want[160];
    acpu_set_error(API ": %s shape must equal gradOutput shape %s, got %s", name, acpu_shape_str(ref, want, sizeof want),
                   acpu_shape_str(t, got, sizeof got));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Spec 2.3 steps 5 and 6; alpha as folded (ToFloat). */
static aclnnStatus check_shapes_attrs(const elu_args *a, float alpha)
{
    if (!acpu_same_shape(a->self_or_result, a->grad_output))
        return shape_error("selfOrResult", a->self_or_result, a->grad_output);
    if (!acpu_same_shape(a->grad_input, a->grad_output))
        return shape_error("gradInput", a->grad_input, a->grad_output);
    if (a->grad_output->view_rank > ACPU_MAX_DIMS) {
        acpu_set_error(API ": gradOutput must have at most %d dims, got %llu", ACPU_MAX_DIMS,
                       (unsigned long long)a->grad_output->view_rank);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (a->is_result && isless(alpha, 0.0f)) { /* a quiet compare: a NaN alpha never traps */
        acpu_set_error(API ": alpha must be >= 0 when isResult is true, got %g", (double)alpha);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static void warn_fractal_nz(const elu_args *a, bool verbose)
{
    const aclTensor *ts[3] = {a->grad_output, a->self_or_result, a->grad_input};
    static const char *const names[3] = {"gradOutput", "selfOrResult", "gradInput"};
    for (int i = 0; i < 3 && verbose; i++)
        if (ts[i]->format == ACL_FORMAT_FRACTAL_NZ)
            fprintf(stderr, "aclnn_cpu: warning: " API ": %s has format FRACTAL_NZ, computed as ND\n", names[i]);
}

static aclnnStatus check_data(const elu_args *a)
{
    static const char *const names[3] = {"gradOutput", "selfOrResult", "gradInput"};
    const aclTensor *const tensors[3] = {a->grad_output, a->self_or_result, a->grad_input};
    return acpu_check_tensors_data(API, names, tensors, 3);
}

/* The scalars as the kernel and the tiling see them. */
typedef struct {
    float alpha, scale, input_scale;
    acpu_elu_params params;
} elu_folded;

/* Phase 1 runs under the default FP environment, like the kernels: the caller's rounding mode or
 * FTZ must not change alpha*scale or factorNeg. Pure, so it may precede the checks that use it. */
static void fold_params_now(const elu_args *a, elu_folded *f)
{
    f->alpha = acpu_scalar_to_float(a->alpha);
    f->scale = acpu_scalar_to_float(a->scale);
    f->input_scale = acpu_scalar_to_float(a->input_scale);
    f->params.scale = f->scale;
    f->params.input_scale = f->input_scale;
    f->params.neg_bias = f->alpha * f->scale;
    f->params.factor_neg = f->params.neg_bias * f->input_scale;
}

/* fold_params_now is a pure function of the three scalars' dtypes and values, and converting them
 * costs more than comparing: each thread keeps its last result. */
static void fold_params(const elu_args *a, elu_folded *f)
{
    static _Thread_local struct {
        bool valid;
        aclScalar alpha, scale, input_scale;
        elu_folded folded;
    } memo;
    if (memo.valid && acpu_same_scalar(&memo.alpha, a->alpha) && acpu_same_scalar(&memo.scale, a->scale) &&
        acpu_same_scalar(&memo.input_scale, a->input_scale)) {
        *f = memo.folded;
        return;
    }
    fold_params_now(a, f);
    memo.valid = true;
    memo.alpha = *a->alpha;
    memo.scale = *a->scale;
    memo.input_scale = *a->input_scale;
    memo.folded = *f;
}

/* Elements per thread that repay a fork/join (measured with bench/ on 2 cores): the exp kernels
 * cost ~0.17-0.25 ns per element and core (a 4K call on two threads ran slower than on one,
 * 8K faster), the result kernels ~0.06-0.1 ns. */
#define ACPU_ELU_EXP_THREAD_GRAIN 4096u
#define ACPU_ELU_RESULT_THREAD_GRAIN 16384u

/* Field by field into the zeroed call: a compound literal would be zero-filled with `rep stos`
 * first, which costs more here than the tiling itself. */
static void plan_from_tiling(const acpu_elu_plan *elu, acpu_core_plan *plan)
{
    const acpu_elu_tiling_data *d = &elu->data;
    plan->kind = ACPU_PLAN_RANGES;
    plan->total = d->totalLength;
    plan->core_num = d->coreNum;
    plan->big_core_num = d->bigCoreNum;
    plan->big_core_len = d->bigCoreDataNum;
    plan->small_core_len = d->smallCoreDataNum;
    plan->last_core_len = d->lastCoreDataNum;
    plan->tile = d->tileDataNum;
    plan->double_buffer = d->bufferOpen != 0;
    plan->min_thread_elems = d->isResult ? ACPU_ELU_RESULT_THREAD_GRAIN : ACPU_ELU_EXP_THREAD_GRAIN;
}

/* The verbose line's fields; an empty call (elu NULL) has no plan: sch=EMPTY cores=0 tile=0. */
static void describe(const elu_args *a, const acpu_settings *s, const acpu_elu_plan *elu, acpu_op_call *call)
{
    const aclTensor *const tensors[3] = {a->grad_output, a->self_or_result, a->grad_input};
    acpu_describe_call(call, tensors, a->grad_output, s, elu ? acpu_elu_sch_mode_name(elu->sch_mode) : "EMPTY",
                       elu ? elu->data.coreNum : 0, elu ? elu->data.tileDataNum : 0);
}

/* The tiling is a pure function of the profile and the arguments, and a program calls the same
 * operator on the same shapes again and again: each thread keeps its last result. */
static bool same_args(const acpu_elu_tiling_args *x, const acpu_elu_tiling_args *y)
{
    return x->n == y->n && x->in_dtype == y->in_dtype && x->out_dtype == y->out_dtype &&
           x->is_result == y->is_result && acpu_same_float_bits(x->alpha, y->alpha) &&
           acpu_same_float_bits(x->scale, y->scale) && acpu_same_float_bits(x->input_scale, y->input_scale);
}

static int elu_tiling_memo(const acpu_platform *platform, const acpu_elu_tiling_args *args, acpu_elu_plan *plan)
{
    static _Thread_local struct {
        bool valid;
        acpu_platform platform;
        acpu_elu_tiling_args args;
        acpu_elu_plan plan;
    } memo;
    if (memo.valid && acpu_same_platform(&memo.platform, platform) && same_args(&memo.args, args)) {
        *plan = memo.plan;
        return 0;
    }
    int rc = acpu_elu_tiling(platform, args, plan);
    memo.valid = rc == 0;
    if (rc == 0) {
        memo.platform = *platform;
        memo.args = *args;
        memo.plan = *plan;
    }
    return rc;
}

/* Spec 2.3 step 9: kernel in gradOutput's dtype, then Cast to gradInput's, then ViewCopy. */
static aclnnStatus plan_call(const elu_args *a, const acpu_settings *s, const elu_folded *f, acpu_op_call *call)
{
    aclDataType go = a->grad_output->dtype, gi = a->grad_input->dtype;
    memcpy(call->params, &f->params, sizeof f->params);
    acpu_elu_tiling_args targs = {.n = acpu_numel(a->grad_output), .in_dtype = go, .out_dtype = go,
                                  .alpha = f->alpha, .scale = f->scale, .input_scale = f->input_scale,
                                  .is_result = a->is_result};
    acpu_elu_plan elu;
    if (elu_tiling_memo(&s->platform, &targs, &elu) != 0) {
        acpu_set_error(API ": the tiling failed for profile %s (no cores, or n * typeSize past 2^64 bytes)", acpu_soc_name(s->platform.soc));
        return ACLNN_ERR_INNER_TILING_ERROR;
    }
    plan_from_tiling(&elu, &call->plan);
    acpu_binary_task *task = &call->task;
    size_t in_size = acpu_dtype_size(go);
    acpu_tensor_view(a->grad_output, in_size, &task->in[0]);
    acpu_tensor_view(a->self_or_result, in_size, &task->in[1]);
    acpu_tensor_view(a->grad_input, acpu_dtype_size(gi), &task->out);
    const acpu_kernel_table *k = s->kernels;
    task->kernel = (a->is_result ? k->elu_result : k->elu_exp)[acpu_kernel_dtype(go)];
    task->kernel_elem = in_size;
    task->cast = gi == go ? NULL : acpu_cast_get(go, gi);
    if (gi != go && task->cast == NULL)
        return acpu_missing_cast(API, go, gi);
    aclnnStatus rc = acpu_size_call(API, call, s);
    if (rc != ACLNN_SUCCESS)
        return rc;
    if (s->verbose) /* formatting costs as much as a 4K-element kernel: only when asked */
        describe(a, s, &elu, call);
    return ACLNN_SUCCESS;
}

static aclnnStatus validate(const elu_args *a, const acpu_settings *s, elu_folded *f)
{
    aclnnStatus rc;
    if ((rc = check_handles(a)) || (rc = check_dtypes(a, &s->platform)))
        return rc;
    fold_params(a, f); /* the scalars are live and castable: checked above */
    if ((rc = check_shapes_attrs(a, f->alpha)))
        return rc;
    warn_fractal_nz(a, s->verbose);
    return ACLNN_SUCCESS;
}

static aclnnStatus phase1(const elu_args *a, uint64_t *workspace_size, aclOpExecutor **executor)
{
    aclnnStatus rc;
    acpu_settings s;
    acpu_settings_get(&s);
    elu_folded folded;
    if ((rc = validate(a, &s, &folded)) != ACLNN_SUCCESS)
        return rc;
    acpu_op_call call;
    acpu_zero(&call, sizeof call);
    call.op = ACPU_OP_ELU_BACKWARD;
    snprintf(call.op_name, sizeof call.op_name, "EluBackward");
    call.empty = acpu_is_empty(a->grad_output);
    if (!call.empty && ((rc = check_data(a)) || (rc = plan_call(a, &s, &folded, &call))))
        return rc;
    if (call.empty && s.verbose)
        describe(a, &s, NULL, &call);
    return acpu_finish_phase1(API, &call, workspace_size, executor);
}

ACLNN_API aclnnStatus aclnnEluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclScalar *alpha,
                                                       const aclScalar *scale, const aclScalar *inputScale,
                                                       bool isResult, const aclTensor *selfOrResult,
                                                       aclTensor *gradInput, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor)
{
    aclnnStatus rc = acpu_check_out_pointers(API, workspaceSize, executor);
    if (rc != ACLNN_SUCCESS)
        return rc;
    const elu_args a = {gradOutput, selfOrResult, gradInput, alpha, scale, inputScale, isResult};
    /* All of phase 1 under the default environment: no compare or conversion of a caller's NaN,
     * huge or subnormal scalar can trap when the caller enabled FP exceptions. */
    acpu_fp_state saved;
    acpu_fp_enter(&saved);
    rc = phase1(&a, workspaceSize, executor);
    acpu_hazard_clear(); /* phase 1 has finished reading the handles */
    acpu_fp_leave(&saved);
    return rc;
}

ACLNN_API aclnnStatus aclnnEluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream)
{
    return acpu_executor_run("aclnnEluBackward", ACPU_OP_ELU_BACKWARD, workspace, workspaceSize, executor,
                             stream);
}
