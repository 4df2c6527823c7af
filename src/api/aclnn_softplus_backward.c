/* aclnnSoftplusBackward: the main tree's validation (spec 3.3) plus NULL beta/threshold and
 * gradOutput broadcasting, and the two SoftplusV2Grad tilings, as one operator descriptor run by
 * the shared path (acpu_op_desc.h). */
#include <stdio.h>

#include "aclnnop/aclnn_softplus_backward.h"
#include "acpu_op_desc.h"
#include "tiling/acpu_softplus_tiling.h"

#define API "aclnnSoftplusBackwardGetWorkspaceSize"

/* Tensors: gradOutput, self, gradInput; scalars: beta, threshold. */
enum { GO, SELF, GI };
enum { BETA, THRESHOLD };

/* Spec 3.3 step 3; the "910B" lists (with BF16) wherever the profile has BF16. BF16 sits last in
 * both lists so that the "910" lists are their prefixes. */
static aclnnStatus check_dtypes(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *platform)
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
    if ((rc = acpu_op_dtype_in(d, "gradOutput", a->t[GO]->dtype, grad_list, n_grad, grad_names)) ||
        (rc = acpu_op_dtype_in(d, "self", a->t[SELF]->dtype, self_list, n_self, self_names)) ||
        (rc = acpu_op_dtype_in(d, "gradInput", a->t[GI]->dtype, grad_list, n_grad, grad_names)))
        return rc;
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_error(const char *name, const char *relation, const aclTensor *t, const aclTensor *self)
{
    char got[160], want[160];
    acpu_set_error(API ": %s shape must %s self shape %s, got %s", name, relation, acpu_shape_str(self, want, sizeof want),
                   acpu_shape_str(t, got, sizeof got));
    return ACLNN_ERR_PARAM_INVALID;
}

/* Spec 3.3 step 4, with gradOutput allowed to broadcast to self's shape (ranks checked first, so
 * the shapes fit acpu_bc_shape). */
static aclnnStatus check_shapes(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *p,
                                const void *folded)
{
    (void)p;
    (void)folded;
    aclnnStatus rc;
    if ((rc = acpu_op_check_rank(d, "gradOutput", a->t[GO])) || (rc = acpu_op_check_rank(d, "self", a->t[SELF])) ||
        (rc = acpu_op_check_rank(d, "gradInput", a->t[GI])))
        return rc;
    acpu_bc_shape grad, self;
    acpu_op_shape_of(a->t[GO], &grad);
    acpu_op_shape_of(a->t[SELF], &self);
    if (!acpu_bc_broadcasts_to(&grad, &self))
        return shape_error("gradOutput", "broadcast to", a->t[GO], a->t[SELF]);
    if (!acpu_same_shape(a->t[GI], a->t[SELF]))
        return shape_error("gradInput", "equal", a->t[GI], a->t[SELF]);
    return ACLNN_SUCCESS;
}

/* DOUBLE if either input is; the 16-bit kernel for two equal 16-bit dtypes; fp32 otherwise. */
static aclDataType compute_dtype(const acpu_op_args *a, const acpu_platform *p)
{
    (void)p;
    aclDataType grad = a->t[GO]->dtype, self = a->t[SELF]->dtype;
    if (grad == ACL_DOUBLE || self == ACL_DOUBLE)
        return ACL_DOUBLE;
    if (grad == self && (grad == ACL_FLOAT16 || grad == ACL_BF16))
        return grad;
    return ACL_FLOAT;
}

ACPU_OP_CHECK_PARAMS(acpu_softplus_params);
ACPU_OP_CHECK_FOLDED(acpu_softplus_params);

/* Scalars converted (ToFloat / ToDouble of spec 1.9) under the default FP environment of phase 1. */
static void fold(const acpu_op_args *a, void *out)
{
    acpu_softplus_params *p = out;
    p->beta = acpu_scalar_to_float(a->s[BETA]);
    p->threshold = acpu_scalar_to_float(a->s[THRESHOLD]);
    p->beta_d = acpu_scalar_to_double(a->s[BETA]);
    p->threshold_d = acpu_scalar_to_double(a->s[THRESHOLD]);
}

/* The memo key: the tiling's arguments and the strategy (which also reads the views' density). */
typedef struct {
    acpu_sp_tiling_args args;
    uint64_t n;
    bool b910;
} softplus_key;
ACPU_OP_CHECK_TILING_KEY(softplus_key);

/* The tiling module's rule: ascend910b on its profiles when the shapes are equal and all dense. */
static bool use_910b(const acpu_sp_tiling_args *t, const acpu_platform *p, const acpu_binary_task *task)
{
    return acpu_sp_soc_has_910b_tiling(p->soc) && acpu_bc_shape_equal(&t->inputs[0], &t->inputs[1]) &&
           acpu_view_is_dense(&task->in[0]) && acpu_view_is_dense(&task->in[1]) && acpu_view_is_dense(&task->out);
}

/* The tiling sees the kernel dtype CANN would: the 16-bit dtype of an equal pair, FLOAT for
 * everything CANN casts (int, bool, double, mixed pairs). */
static void tiling_key(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, aclDataType cdt,
                       const void *folded, const acpu_binary_task *task, void *key)
{
    (void)d;
    const acpu_softplus_params *params = folded;
    softplus_key *k = key;
    acpu_sp_tiling_args *t = &k->args;
    t->num_inputs = 2;
    t->beta = params->beta;
    t->threshold = params->threshold;
    t->dtype = cdt == ACL_FLOAT16 || cdt == ACL_BF16 ? cdt : ACL_FLOAT;
    acpu_op_shape_of(a->t[GO], &t->inputs[0]);
    acpu_op_shape_of(a->t[SELF], &t->inputs[1]);
    acpu_op_shape_of(a->t[GI], &t->output);
    k->n = acpu_numel(a->t[SELF]);
    k->b910 = use_910b(t, &s->platform, task);
}

/* Field by field into the zeroed plan (a compound literal is zero-filled with `rep stos` first,
 * which costs more than the rest of this). */
static void plan_910b(const acpu_sp_910b_plan *t, uint64_t n, acpu_core_plan *plan)
{
    const acpu_sp_910b_data *d = &t->data;
    bool last_big = t->block_dim <= d->tailBlockNum;
    plan->kind = ACPU_PLAN_RANGES;
    plan->total = n;
    plan->core_num = t->block_dim;
    plan->tile = d->tileDataNum;
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
    plan->tiles_main = (uint64_t)d->multiCore.tiles_main;
    plan->cores_tail = (uint64_t)d->multiCore.cores_tail;
    plan->a_o = (uint64_t)d->split.a_o;
    plan->a_i = (uint64_t)d->split.a_i;
    plan->a_i_tail = (uint64_t)d->split.a_i_tail;
    plan->axis_len = (uint64_t)d->max_bro_shape[d->split.axis];
    plan->inner = inner;
}

static aclnnStatus tiling(const acpu_op_desc *d, const acpu_platform *platform, const void *key, acpu_op_tiling *out)
{
    (void)d;
    const softplus_key *k = key;
    acpu_zero(&out->plan, sizeof out->plan);
    out->sch = k->b910 ? "ascend910b" : "arch35";
    int rc;
    if (k->b910) {
        acpu_sp_910b_plan p;
        if ((rc = acpu_sp_tiling_910b(platform, &k->args, &p)) == 0)
            plan_910b(&p, k->n, &out->plan);
    } else {
        acpu_sp_arch35_plan p;
        if ((rc = acpu_sp_tiling_arch35(platform, &k->args, &p)) == 0)
            plan_arch35(&p, k->n, &out->plan);
    }
    if (rc == 0)
        return ACLNN_SUCCESS;
    acpu_set_error(API ": the %s tiling failed for profile %s", out->sch, acpu_soc_name(platform->soc));
    return ACLNN_ERR_INNER_TILING_ERROR;
}

/* An exp per element: as ELU's exp mode, a thread pays for itself from ~2K elements. */
static const acpu_op_desc k_softplus = {
    .id = ACPU_OP_SOFTPLUS_BACKWARD, .api = API, .run_api = "aclnnSoftplusBackward", .name = "SoftplusBackward",
    .tensor_names = {"gradOutput", "self", "gradInput"},
    .handles = {{"gradOutput", ACPU_HANDLE_TENSOR, GO}, {"self", ACPU_HANDLE_TENSOR, SELF},
                {"beta", ACPU_HANDLE_SCALAR, BETA}, {"threshold", ACPU_HANDLE_SCALAR, THRESHOLD},
                {"gradInput", ACPU_HANDLE_TENSOR, GI}},
    .n_handles = 5, .n_scalars = 2,
    .check_dtypes = check_dtypes, .fold = fold, .params_size = sizeof(acpu_softplus_params),
    .folded_size = sizeof(acpu_softplus_params),
    .check_shapes = check_shapes, .compute_dtype = compute_dtype,
    .kernel = ACPU_KERNEL_SOFTPLUS, .kernel_flag = ACPU_KERNEL_SOFTPLUS, .grain = 2048u, .grain_flag = 2048u,
    .tiling_key = tiling_key, .tiling = tiling, .tiling_key_size = sizeof(softplus_key)};

ACLNN_API aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                            const aclScalar *beta, const aclScalar *threshold,
                                                            aclTensor *gradInput, uint64_t *workspaceSize,
                                                            aclOpExecutor **executor)
{
    const acpu_op_args a = {.t = {gradOutput, self, gradInput}, .s = {beta, threshold}};
    return acpu_op_phase1(&k_softplus, &a, workspaceSize, executor);
}

ACLNN_API aclnnStatus aclnnSoftplusBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream)
{
    return acpu_op_phase2(&k_softplus, workspace, workspaceSize, executor, stream);
}
