/* What every strategy shares: the pick in list order, the head fields, the dtype sizes. */
#include "tiling/acpu_tiling.h"

const acpu_tiling_choice *acpu_tiling_pick(const acpu_tiling_choice *choices, int n, acpu_soc soc,
                                           const acpu_tiling_call *c)
{
    for (int i = 0; i < n; i++) {
        const acpu_strategy *s = choices[i].strategy;
        if ((s->for_soc == NULL || s->for_soc(soc)) && (s->refuses == NULL || s->refuses(c) == NULL))
            return &choices[i];
    }
    return NULL;
}

int acpu_tiling_plan(const acpu_tiling_choice *choice, const acpu_platform *p, const acpu_tiling_call *c,
                     acpu_tiling_result *r)
{
    r->why = "the strategy gave no reason";
    if (choice->strategy->plan(p, c, choice->params, r) != 0)
        return -1;
    const acpu_schedule *s = &r->sched;
    bool segments = s->kind == ACPU_SCHED_SPLIT || s->kind == ACPU_SCHED_BLOCKS;
    if (s->total == 0u)
        return 0;
    if (s->core_num == 0u || s->tile == 0u) {
        r->why = s->core_num == 0u ? "the plan has no core" : "the plan's tile holds no element (the UB is too small)";
        return -1;
    }
    if (segments && (s->a_i == 0u || s->inner == 0u || s->axis_len == 0u)) {
        r->why = "the plan's tile segment holds no element (the UB is too small, or the shape has an empty axis)";
        return -1;
    }
    return 0;
}

void acpu_tiling_describe_head(const acpu_field_sink *s, const char *strategy, const char *source, const uint64_t *key,
                               uint64_t block_dim, uint64_t workspace)
{
    s->str(s->ctx, "strategy", strategy);
    s->str(s->ctx, "source", source);
    if (key != NULL)
        s->u64(s->ctx, "tilingKey", *key);
    s->u64(s->ctx, "blockDim", block_dim);
    s->u64(s->ctx, "workspace", workspace);
}

const char *acpu_tiling_source_950(acpu_soc soc)
{
    return soc == ACPU_SOC_ASCEND950 ? "the open arch35 kernel (Ascend950) of ops-nn or ops-math"
           : soc == ACPU_SOC_HOST    ? "the open arch35 kernel's scheme with the host's cores and cache budget"
                                  : "the open arch35 kernel's scheme with this profile's cores and UB (the profile's "
                                    "built-in kernel is closed; ops-nn's experimental ones are not followed)";
}

uint64_t acpu_tiling_dtype_bytes(aclDataType dt)
{
    switch (dt) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL: return 1u;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 2u;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32: return 4u;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_COMPLEX64: return 8u;
    case ACL_COMPLEX128: return 16u;
    default: return 0u;
    }
}
