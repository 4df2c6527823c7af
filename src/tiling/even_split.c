/* The even split of the hand-written kernels (acpu_tiling.h; e.g. hard_swish_tiling.cpp:
 * blockFactor = CeilDiv(totalNum, coreNum), ubFactor = FloorAlign(ub / typeSize / BUFFER_NUM, block)),
 * with the variations of the kernels that use it (hard_swish_grad_tiling_arch35.cpp,
 * hard_sigmoid_tiling_arch35.cpp, hard_sigmoid_grad_tiling_arch35.cpp: doc/CANN.md#hard-tiling). */
#include <string.h>

#include "common/acpu_int_math.h"
#include "tiling/acpu_tiling.h"

int acpu_plan_even(const acpu_platform *p, uint64_t n, const acpu_even_params *prm, bool half, acpu_even_data *d,
                   const char **why)
{
    int k = half ? 1 : 0;
    memset(d, 0, sizeof *d);
    if (n == 0u) {
        *why = "an empty tensor";
        return -1;
    }
    if (p->core_num == 0u || prm->calc_bytes[k] == 0u || prm->buffers[k] == 0u || prm->align == 0u) {
        *why = "no cores on the profile";
        return -1;
    }
    d->totalNum = n;
    d->blockFactor = acpu_ceil_div_u64(n, p->core_num);
    d->usedCoreNum = acpu_ceil_div_u64(n, d->blockFactor);
    d->ubFactor = acpu_align_down_u64(p->ub_bytes / prm->calc_bytes[k] / prm->buffers[k], prm->align);
    d->double_buffer = prm->double_buffer;
    if (d->ubFactor == 0u) {
        *why = "the UB cannot hold one tile of the kernel's buffers (ubFactor 0)";
        return -1;
    }
    return 0;
}

static bool is_half(aclDataType dt) { return dt == ACL_FLOAT16 || dt == ACL_BF16; }

static bool is_int(aclDataType dt)
{
    return dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_INT16 || dt == ACL_INT32 || dt == ACL_INT64;
}

/* The cores the kernel uses: all, one below one_core_below, or one per min_core_bytes of input
 * (HardSigmoid: maxCoreNumByCopy = totalElements / ceil(16 KiB / storage bytes), at least one). */
static uint64_t even_cores(const acpu_platform *p, const acpu_tiling_call *c, const acpu_even_params *prm)
{
    uint64_t cores = p->core_num;
    if (prm->one_core_below != 0u && c->n < prm->one_core_below)
        cores = 1u;
    uint64_t es = acpu_tiling_dtype_bytes(c->in_dt[0]);
    if (prm->min_core_bytes != 0u && es != 0u) {
        uint64_t by_bytes = c->n / acpu_ceil_div_u64(prm->min_core_bytes, es);
        cores = by_bytes == 0u ? 1u : acpu_min_u64(by_bytes, cores);
    }
    return cores;
}

/* Bytes per element and buffers of the call's compute dtype (the single-buffered kernel's buffers
 * when it runs single-buffered by size). */
static void even_element(const acpu_tiling_call *c, const acpu_even_params *prm, bool dbl, uint64_t *bytes,
                         uint64_t *buffers)
{
    int k = is_half(c->compute_dt) ? 1 : 0;
    *bytes = prm->calc_bytes[k];
    *buffers = prm->single_upto != 0u && !dbl ? prm->single_buffers[k] : prm->buffers[k];
    if (is_int(c->compute_dt) && prm->int_calc_bytes != 0u) {
        *bytes = prm->int_calc_bytes;
        *buffers = 1u;
    }
}

int acpu_plan_even_call(const acpu_platform *p, const acpu_tiling_call *c, const acpu_even_params *prm,
                        acpu_even_data *d, const char **why)
{
    memset(d, 0, sizeof *d);
    uint64_t n = c->n, es = acpu_tiling_dtype_bytes(c->in_dt[0]);
    bool dbl = prm->single_upto == 0u ? prm->double_buffer : n > prm->single_upto;
    uint64_t bytes, buffers, align = prm->align_bytes != 0u && es != 0u ? prm->align_bytes / es : prm->align;
    even_element(c, prm, dbl, &bytes, &buffers);
    if (n == 0u) {
        *why = "an empty tensor";
        return -1;
    }
    if (p->core_num == 0u || bytes == 0u || buffers == 0u || align == 0u) {
        *why = "no cores on the profile";
        return -1;
    }
    uint64_t cores = even_cores(p, c, prm);
    d->totalNum = n;
    d->blockFactor = acpu_ceil_div_u64(n, cores);
    d->usedCoreNum = acpu_ceil_div_u64(n, d->blockFactor);
    d->double_buffer = dbl;
    uint64_t ub = p->ub_bytes > prm->reserve_bytes ? p->ub_bytes - prm->reserve_bytes : 0u;
    d->ubFactor = acpu_align_down_u64(ub / bytes / buffers, align);
    if (d->ubFactor == 0u) {
        *why = "the UB cannot hold one tile of the kernel's buffers (ubFactor 0)";
        return -1;
    }
    return 0;
}

void acpu_sched_even(const acpu_even_data *d, bool double_buffer, acpu_schedule *s)
{
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_RANGES;
    s->total = d->totalNum;
    s->core_num = d->usedCoreNum;
    s->small_core_len = d->blockFactor;
    s->last_core_len = d->totalNum - (d->usedCoreNum - 1u) * d->blockFactor;
    s->tile = acpu_min_u64(d->ubFactor, d->blockFactor);
    s->double_buffer = double_buffer;
}

/* ---- the strategy ---------------------------------------------------------------------------- */

_Static_assert(sizeof(acpu_even_data) <= ACPU_TILING_RECORD_BYTES, "even record");

static int plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    const acpu_even_params *prm = params;
    acpu_even_data *d = (acpu_even_data *)(void *)r->record;
    r->sch = "even";
    if (acpu_plan_even_call(p, c, prm, d, &r->why) != 0)
        return -1;
    acpu_sched_even(d, d->double_buffer, &r->sched);
    return 0;
}

static void describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *s)
{
    const acpu_even_params *prm = params;
    const acpu_even_data *d = (const acpu_even_data *)(const void *)r->record;
    const uint64_t *key = prm->tpl_args != NULL ? NULL : &prm->tiling_key[is_half(c->compute_dt)];
    acpu_tiling_describe_head(s, "even", acpu_tiling_source_950(p->soc), key, d->usedCoreNum, prm->workspace);
    if (prm->tpl_args != NULL) {
        s->begin(s->ctx, "tplArgs");
        prm->tpl_args(c, d, s);
        s->end(s->ctx);
    }
    s->begin(s->ctx, "tilingData");
    s->u64(s->ctx, prm->total_name != NULL ? prm->total_name : "totalNum", d->totalNum);
    s->u64(s->ctx, "blockFactor", d->blockFactor);
    s->u64(s->ctx, "ubFactor", d->ubFactor);
    for (int i = 0; i < prm->n_scalars; i++)
        s->real(s->ctx, prm->scalar_names[i], (double)c->attrs[prm->scalar_attrs[i]].f);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_even = {.name = "even", .plan = plan, .describe = describe};
