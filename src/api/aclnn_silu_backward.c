/* aclnnSiluBackward: CANN's validation order (SiLU spec 3.3, doc/CANN.md#silu-validation) and the two
 * SiluGrad tilings, as one operator descriptor run by the shared path (acpu_op_desc.h). */
#include <stdio.h>

#include "aclnnop/aclnn_silu_backward.h"
#include "acpu_op_desc.h"
#include "tiling/acpu_silu_tiling.h"

#define API "aclnnSiluBackwardGetWorkspaceSize"

enum { GO, SELF, GI };

static aclnnStatus dtype_error(const char *name, aclDataType got, aclDataType want)
{
    acpu_set_error(API ": %s dtype must equal gradInput dtype %s, got %s", name, acpu_dtype_name(want),
                   acpu_dtype_name(got));
    return ACLNN_ERR_PARAM_INVALID;
}

/* SiLU spec 3.3 step 4: the three lists; the pairing rule of the profile (regbase: mixed inputs give a
 * FLOAT output; otherwise all equal); BF16 only where the profile's NPU arch has it. */
static aclnnStatus check_dtypes(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *p)
{
    static const aclDataType list[] = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
    static const char names[] = "float16, float32, bfloat16";
    aclDataType go = a->t[GO]->dtype, x = a->t[SELF]->dtype, gi = a->t[GI]->dtype;
    aclnnStatus rc;
    if ((rc = acpu_op_dtype_in(d, "gradOutput", go, list, 3, names)) ||
        (rc = acpu_op_dtype_in(d, "self", x, list, 3, names)) || (rc = acpu_op_dtype_in(d, "gradInput", gi, list, 3, names)))
        return rc;
    if (acpu_silu_soc_is_regbase(p->soc) && go != x) {
        if (gi != ACL_FLOAT) {
            acpu_set_error(API ": gradInput dtype must be float32 when gradOutput (%s) and self (%s) differ on "
                           "profile %s, got %s", acpu_dtype_name(go), acpu_dtype_name(x), acpu_soc_name(p->soc),
                           acpu_dtype_name(gi));
            return ACLNN_ERR_PARAM_INVALID;
        }
    } else {
        if (go != gi)
            return dtype_error("gradOutput", go, gi);
        if (x != gi)
            return dtype_error("self", x, gi);
    }
    if ((go == ACL_BF16 || x == ACL_BF16) && !acpu_soc_has_bf16(p->soc)) {
        acpu_set_error(API ": bfloat16 is not supported on profile %s (gradOutput %s, self %s)", acpu_soc_name(p->soc),
                       acpu_dtype_name(go), acpu_dtype_name(x));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_error(const char *what, const aclTensor *t, const char *ref_name, const aclTensor *ref)
{
    char got[160], want[160];
    acpu_set_error(API ": %s shape %s %s shape %s", what, acpu_shape_str(t, got, sizeof got), ref_name,
                   acpu_shape_str(ref, want, sizeof want));
    return ACLNN_ERR_PARAM_INVALID;
}

/* SiLU spec 3.3 step 5: ranks, then equal shapes (non-regbase) or broadcasting to gradInput (regbase). */
static aclnnStatus check_shapes(const acpu_op_desc *d, const acpu_op_args *a, const acpu_platform *p,
                                const void *folded)
{
    (void)folded;
    aclnnStatus rc;
    if ((rc = acpu_op_check_rank(d, "gradOutput", a->t[GO])) || (rc = acpu_op_check_rank(d, "self", a->t[SELF])))
        return rc;
    if (!acpu_silu_soc_is_regbase(p->soc)) {
        if (!acpu_same_shape(a->t[GO], a->t[GI]))
            return shape_error("gradOutput", a->t[GO], "must equal gradInput", a->t[GI]);
        if (!acpu_same_shape(a->t[SELF], a->t[GI]))
            return shape_error("self", a->t[SELF], "must equal gradInput", a->t[GI]);
        return ACLNN_SUCCESS;
    }
    acpu_bc_shape go, x, out;
    acpu_op_shape_of(a->t[GO], &go);
    acpu_op_shape_of(a->t[SELF], &x);
    if (!acpu_bc_infer_shape(&go, &x, &out))
        return shape_error("gradOutput", a->t[GO], "does not broadcast with self", a->t[SELF]);
    bool same = out.rank == (int64_t)a->t[GI]->view_rank;
    for (int64_t k = 0; same && k < out.rank; k++)
        same = out.dims[k] == a->t[GI]->view_dims[k];
    if (!same) {
        char got[160], g[160], x_str[160];
        acpu_set_error(API ": gradInput shape %s must equal the broadcast shape of gradOutput %s and self %s",
                       acpu_shape_str(a->t[GI], got, sizeof got), acpu_shape_str(a->t[GO], g, sizeof g),
                       acpu_shape_str(a->t[SELF], x_str, sizeof x_str));
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* The kernel computes in the inputs' dtype when they match, in FLOAT for a mixed pair (which then
 * is also gradInput's dtype): there is never an output cast. */
static aclDataType compute_dtype(const acpu_op_args *a, const acpu_platform *p)
{
    (void)p;
    return a->t[GO]->dtype == a->t[SELF]->dtype ? a->t[GO]->dtype : ACL_FLOAT;
}

typedef struct {
    acpu_silu_tiling_args args;
    bool b910;
    uint64_t n;
} silu_key;
ACPU_OP_CHECK_TILING_KEY(silu_key);

static void tiling_key(const acpu_op_desc *d, const acpu_op_args *a, const acpu_settings *s, aclDataType cdt,
                       const void *folded, const acpu_binary_task *task, void *key)
{
    (void)d;
    (void)cdt;
    (void)folded;
    (void)task;
    silu_key *k = key;
    acpu_op_shape_of(a->t[GO], &k->args.inputs[0]);
    acpu_op_shape_of(a->t[SELF], &k->args.inputs[1]);
    acpu_op_shape_of(a->t[GI], &k->args.output);
    for (int i = 0; i < 3; i++)
        k->args.dtypes[i] = a->t[i]->dtype;
    k->b910 = acpu_silu_soc_has_910b_tiling(s->platform.soc);
    k->n = acpu_numel(a->t[GI]);
}

static void plan_910b(const acpu_silu_910b_plan *t, uint64_t n, acpu_core_plan *plan)
{
    const acpu_silu_910b_data *d = &t->data;
    plan->kind = ACPU_PLAN_RANGES;
    plan->total = n; /* CANN's whole 32-byte blocks overshoot the tensor: clamped to n */
    plan->core_num = t->block_dim;
    /* the largest tile executed: a core never runs more than its own elements in one tile */
    uint64_t biggest = d->tailBlockNum > 0 ? d->bigCoreDataNum : d->smallCoreDataNum;
    plan->tile = d->tileDataNum < biggest ? d->tileDataNum : biggest;
    plan->double_buffer = t->tiling_key == 1u;
    plan->big_core_num = d->tailBlockNum;
    plan->big_core_len = d->bigCoreDataNum;
    plan->small_core_len = d->smallCoreDataNum;
    plan->last_core_len = t->block_dim <= d->tailBlockNum ? d->bigCoreDataNum : d->smallCoreDataNum;
}

static void plan_arch35(const acpu_silu_arch35_plan *t, uint64_t n, acpu_core_plan *plan)
{
    const acpu_silu_arch35_data *d = &t->data;
    uint64_t inner = 1, axis_len = (uint64_t)d->outputDims[d->ubSplitAxis];
    for (int64_t k = d->ubSplitAxis + 1; k < d->shapeLen; k++)
        inner *= (uint64_t)d->outputDims[k];
    plan->kind = ACPU_PLAN_SPLIT;
    plan->total = n;
    plan->core_num = t->block_dim;
    plan->double_buffer = true; /* the kernels' queues hold two buffers */
    plan->a_o = (uint64_t)d->ubOuter;
    plan->a_i = (uint64_t)d->ubFormer;
    plan->a_i_tail = (uint64_t)d->ubTail;
    plan->axis_len = axis_len;
    plan->inner = inner;
    plan->tile = (plan->a_i < axis_len ? plan->a_i : axis_len) * inner; /* the largest tile executed */
    plan->block_former = (uint64_t)d->blockFormer;
    plan->block_tail = (uint64_t)d->blockTail;
}

static aclnnStatus tiling(const acpu_op_desc *d, const acpu_platform *platform, const void *key, acpu_op_tiling *out)
{
    (void)d;
    const silu_key *k = key;
    acpu_zero(&out->plan, sizeof out->plan);
    out->sch = k->b910 ? "ascend910b" : "arch35";
    int rc;
    if (k->b910) {
        acpu_silu_910b_plan p;
        if ((rc = acpu_silu_tiling_910b(platform, &k->args, &p)) == 0)
            plan_910b(&p, k->n, &out->plan);
    } else {
        acpu_silu_arch35_plan p;
        if ((rc = acpu_silu_tiling_arch35(platform, &k->args, &p)) == 0)
            plan_arch35(&p, k->n, &out->plan);
    }
    if (rc == 0)
        return ACLNN_SUCCESS;
    acpu_set_error(API ": the %s tiling failed for profile %s", out->sch, acpu_soc_name(platform->soc));
    return ACLNN_ERR_INNER_TILING_ERROR;
}

/* An exp and a division per element: as Softplus, a thread pays for itself from ~2K elements. */
static const acpu_op_desc k_silu = {
    .id = ACPU_OP_SILU_BACKWARD, .api = API, .run_api = "aclnnSiluBackward", .name = "SiluBackward",
    .tensor_names = {"gradOutput", "self", "gradInput"},
    .handles = {{"gradOutput", ACPU_HANDLE_TENSOR, GO}, {"self", ACPU_HANDLE_TENSOR, SELF},
                {"gradInput", ACPU_HANDLE_TENSOR, GI}},
    .n_handles = 3,
    .check_dtypes = check_dtypes, .check_shapes = check_shapes, .compute_dtype = compute_dtype,
    .kernel = ACPU_KERNEL_SILU, .kernel_flag = ACPU_KERNEL_SILU, .grain = 2048u, .grain_flag = 2048u,
    .tiling_key = tiling_key, .tiling = tiling, .tiling_key_size = sizeof(silu_key)};

ACLNN_API aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor)
{
    const acpu_op_args a = {.t = {gradOutput, self, gradInput}};
    return acpu_op_phase1(&k_silu, &a, workspaceSize, executor);
}

ACLNN_API aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream)
{
    return acpu_op_phase2(&k_silu, workspace, workspaceSize, executor, stream);
}
