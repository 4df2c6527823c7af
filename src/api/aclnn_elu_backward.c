/* aclnnEluBackward: CANN's validation order (spec 2.3) and the EluGradV2 plan, as one operator
 * descriptor run by the shared path (acpu_op_desc.h). */
#include <math.h>
#include <stdio.h>

#include "aclnnop/aclnn_elu_backward.h"
#include "acpu_op_desc.h"
#include "tiling/acpu_elu_tiling.h"

#define API "aclnnEluBackwardGetWorkspaceSize"

/* Tensors: gradOutput, selfOrResult, gradInput; scalars: alpha, scale, inputScale; flag: isResult. */
enum { GO, SR, GI };
enum { ALPHA, SCALE, INPUT_SCALE };

static aclnnStatus check_scalar_cast(const char *name, const aclScalar *s)
{
    if (acpu_can_cast(s->dtype, ACL_FLOAT))
        return ACLNN_SUCCESS;
    acpu_set_error(API ": %s must be castable to float32, got a %s scalar", name, acpu_dtype_name(s->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Spec 2.3 step 4: a..f. BF16 only on profiles whose NPU arch has it (DAV_2201, DAV_3510, host). */
static aclnnStatus check_dtypes(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *platform)
{
    (void)d;
    aclDataType go = a->t[GO]->dtype;
    if (go != a->t[SR]->dtype) {
        acpu_set_error(API ": selfOrResult dtype must equal gradOutput dtype %s, got %s", acpu_dtype_name(go),
                       acpu_dtype_name(a->t[SR]->dtype));
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
    if ((rc = check_scalar_cast("alpha", a->s[ALPHA])) || (rc = check_scalar_cast("scale", a->s[SCALE])) ||
        (rc = check_scalar_cast("inputScale", a->s[INPUT_SCALE])))
        return rc;
    /* CanCast's targets that this library can write: a closed list, so that no dtype without a
     * cast (sub-byte, 8-bit float, string, unknown values) ever reaches the planner. */
    static const aclDataType outputs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    aclDataType gi = a->t[GI]->dtype;
    if (!acpu_dtype_in(gi, outputs, sizeof outputs / sizeof outputs[0]) || !acpu_can_cast(go, gi)) {
        acpu_set_error(API ": gradInput dtype must be one of float32, float16, bfloat16, float64, complex64, "
                       "complex128 (a cast target of %s), got %s (%d)", acpu_dtype_name(go), acpu_dtype_name(gi),
                       (int)gi);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* The scalars as the kernel (params, first) and the tiling and checks see them. */
typedef struct {
    acpu_elu_params params;
    float alpha, scale, input_scale;
} elu_folded;
ACPU_OP_CHECK_PARAMS(acpu_elu_params);
ACPU_OP_CHECK_FOLDED(elu_folded);
ACPU_OP_CHECK_TILING_KEY(acpu_elu_tiling_args);

/* Phase 1 runs under the default FP environment, like the kernels: the caller's rounding mode or
 * FTZ must not change alpha*scale or factorNeg. */
static void fold(const acpu_op_args *a, void *out)
{
    elu_folded *f = out;
    f->alpha = acpu_scalar_to_float(a->s[ALPHA]);
    f->scale = acpu_scalar_to_float(a->s[SCALE]);
    f->input_scale = acpu_scalar_to_float(a->s[INPUT_SCALE]);
    f->params.scale = f->scale;
    f->params.input_scale = f->input_scale;
    f->params.neg_bias = f->alpha * f->scale;
    f->params.factor_neg = f->params.neg_bias * f->input_scale;
}

static aclnnStatus shape_error(const char *name, const aclTensor *t, const aclTensor *ref)
{
    char got[160], want[160];
    acpu_set_error(API ": %s shape must equal gradOutput shape %s, got %s", name, acpu_shape_str(ref, want, sizeof want),
                   acpu_shape_str(t, got, sizeof got));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Spec 2.3 steps 5 and 6; alpha as folded (ToFloat). */
static aclnnStatus check_shapes(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *p,
                                const void *folded)
{
    (void)d;
    (void)p;
    const elu_folded *f = folded;
    if (!acpu_same_shape(a->t[SR], a->t[GO]))
        return shape_error("selfOrResult", a->t[SR], a->t[GO]);
    if (!acpu_same_shape(a->t[GI], a->t[GO]))
        return shape_error("gradInput", a->t[GI], a->t[GO]);
    if (a->t[GO]->view_rank > ACPU_MAX_DIMS) {
        acpu_set_error(API ": gradOutput must have at most %d dims, got %llu", ACPU_MAX_DIMS,
                       (unsigned long long)a->t[GO]->view_rank);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (a->flag && isless(f->alpha, 0.0f)) { /* a quiet compare: a NaN alpha never traps */
        acpu_set_error(API ": alpha must be >= 0 when isResult is true, got %g", (double)f->alpha);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Spec 2.3 step 9: kernel in gradOutput's dtype, then Cast to gradInput's, then ViewCopy. */
static aclDataType compute_dtype(const acpu_op_args *a, const acpu_platform *p)
{
    (void)p;
    return a->t[GO]->dtype;
}

static void tiling_key(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, aclDataType cdt,
                       const void *folded, const acpu_binary_task *task, void *key)
{
    (void)d;
    (void)s;
    (void)task;
    const elu_folded *f = folded;
    acpu_elu_tiling_args *t = key;
    t->n = acpu_numel(a->t[GO]);
    t->in_dtype = cdt;
    t->out_dtype = cdt;
    t->alpha = f->alpha;
    t->scale = f->scale;
    t->input_scale = f->input_scale;
    t->is_result = a->flag;
}

/* Field by field into the plan: a compound literal would be zero-filled with `rep stos` first,
 * which costs more here than the tiling itself. */
static aclnnStatus tiling(const acpu_op_desc *d, const acpu_platform *platform, const void *key, acpu_op_tiling *out)
{
    (void)d;
    acpu_elu_plan elu;
    if (acpu_elu_tiling(platform, key, &elu) != 0) {
        acpu_set_error(API ": the tiling failed for profile %s (no cores, or n * typeSize past 2^64 bytes)", acpu_soc_name(platform->soc));
        return ACLNN_ERR_INNER_TILING_ERROR;
    }
    const acpu_elu_tiling_data *t = &elu.data;
    acpu_core_plan *plan = &out->plan;
    acpu_zero(plan, sizeof *plan);
    plan->kind = ACPU_PLAN_RANGES;
    plan->total = t->totalLength;
    plan->core_num = t->coreNum;
    plan->big_core_num = t->bigCoreNum;
    plan->big_core_len = t->bigCoreDataNum;
    plan->small_core_len = t->smallCoreDataNum;
    plan->last_core_len = t->lastCoreDataNum;
    plan->tile = t->tileDataNum;
    plan->double_buffer = t->bufferOpen != 0;
    out->sch = acpu_elu_sch_mode_name(elu.sch_mode);
    return ACLNN_SUCCESS;
}

/* Elements per thread that repay a fork/join (measured with bench/ on 2 cores): the exp kernels
 * cost ~0.17-0.25 ns per element and core (a 4K call on two threads ran slower than on one,
 * 8K faster), the result kernels ~0.06-0.1 ns. */
static const acpu_op_desc k_elu = {
    .id = ACPU_OP_ELU_BACKWARD, .api = API, .run_api = "aclnnEluBackward", .name = "EluBackward",
    .tensor_names = {"gradOutput", "selfOrResult", "gradInput"},
    .handles = {{"gradOutput", ACPU_HANDLE_TENSOR, GO}, {"alpha", ACPU_HANDLE_SCALAR, ALPHA},
                {"scale", ACPU_HANDLE_SCALAR, SCALE}, {"inputScale", ACPU_HANDLE_SCALAR, INPUT_SCALE},
                {"selfOrResult", ACPU_HANDLE_TENSOR, SR}, {"gradInput", ACPU_HANDLE_TENSOR, GI}},
    .n_handles = 6, .n_scalars = 3,
    .check_dtypes = check_dtypes, .fold = fold, .params_size = sizeof(acpu_elu_params),
    .folded_size = sizeof(elu_folded),
    .check_shapes = check_shapes, .warn_fractal_nz = true, .compute_dtype = compute_dtype,
    .kernel = ACPU_KERNEL_ELU_EXP, .kernel_flag = ACPU_KERNEL_ELU_RESULT, .grain = 4096u, .grain_flag = 16384u,
    .tiling_key = tiling_key, .tiling = tiling, .tiling_key_size = sizeof(acpu_elu_tiling_args)};

ACLNN_API aclnnStatus aclnnEluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclScalar *alpha,
                                                       const aclScalar *scale, const aclScalar *inputScale,
                                                       bool isResult, const aclTensor *selfOrResult,
                                                       aclTensor *gradInput, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor)
{
    const acpu_op_args a = {.t = {gradOutput, selfOrResult, gradInput}, .s = {alpha, scale, inputScale},
                            .flag = isResult};
    return acpu_op_phase1(&k_elu, &a, workspaceSize, executor);
}

ACLNN_API aclnnStatus aclnnEluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream)
{
    return acpu_op_phase2(&k_elu, workspace, workspaceSize, executor, stream);
}
