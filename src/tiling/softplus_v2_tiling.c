/* SoftplusV2's arch35 host tiling (acpu_softplus_tiling.h; ops-nn
 * activation/softplus_v2/op_host/arch35/softplus_v2_tiling.cpp): ComputeTileLength,
 * ComputeUsedCoreNum, FillTilingData. Counts are 64-bit (CANN holds tileLength in uint32: identical
 * for any UB below 2^32 bytes). */
#include <math.h>
#include <string.h>

#include "common/acpu_int_math.h"
#include "tiling/acpu_softplus_tiling.h"

#define SPV2_SELECT_RESERVE 8192u /* 8 KiB for Select's mode-2 temporaries */
#define SPV2_MASKS 2u             /* cmpMask + logMask */
#define SPV2_MASK_ALIGN 256u
#define SPV2_ELEM_ALIGN 64u /* Compare works on 256 bytes = 64 fp32 */
#define SPV2_MIN_CORE_BYTES 2048u

static uint64_t mask_bytes(uint64_t tile) { return acpu_align_up_u64(tile / 8u, SPV2_MASK_ALIGN); }

/* bytes_per_elem: 24 (fp32: 2 in + 2 out + tmp + work, 4 bytes each) or 20 (16-bit). */
static uint64_t tile_length(uint64_t ub, uint64_t bytes_per_elem)
{
    if (ub <= SPV2_SELECT_RESERVE)
        return SPV2_ELEM_ALIGN;
    uint64_t avail = ub - SPV2_SELECT_RESERVE;
    uint64_t tile = acpu_align_down_u64(avail * 8u / (bytes_per_elem * 8u + SPV2_MASKS), SPV2_ELEM_ALIGN);
    if (tile == 0u)
        return SPV2_ELEM_ALIGN;
    while (bytes_per_elem * tile + SPV2_MASKS * mask_bytes(tile) + SPV2_SELECT_RESERVE > ub && tile > SPV2_ELEM_ALIGN)
        tile -= SPV2_ELEM_ALIGN;
    return tile;
}

/* SafeInvBeta, as the kernel's parameter block computes it (kernels/ops/softplus.h). */
static float safe_inv_beta(float beta)
{
    return fabsf(beta) <= 1.1920928955078125e-07f ? (float)INFINITY : 1.0f / beta;
}

static uint32_t ge_dtype(aclDataType dt) { return dt == ACL_FLOAT ? 0u : dt == ACL_FLOAT16 ? 1u : 27u; }

int acpu_sp_v2_tiling(const acpu_platform *platform, uint64_t n, aclDataType dtype, float beta, float threshold,
                      acpu_sp_v2_data *d)
{
    memset(d, 0, sizeof *d);
    if (platform == NULL || n == 0u || platform->core_num == 0u || n > (uint64_t)INT64_MAX / 4u ||
        (dtype != ACL_FLOAT && dtype != ACL_FLOAT16 && dtype != ACL_BF16))
        return -1;
    uint64_t elem = dtype == ACL_FLOAT ? 4u : 2u;
    uint64_t cores = acpu_min_u64(acpu_ceil_div_u64(n * elem, SPV2_MIN_CORE_BYTES), platform->core_num);
    if (cores < 1u)
        cores = 1u;
    uint64_t used = acpu_ceil_div_u64(n, acpu_ceil_div_u64(n, cores));
    d->totalLength = (int64_t)n;
    d->usedCoreNum = (int64_t)used;
    d->blockFactor = (int64_t)acpu_ceil_div_u64(n, used);
    d->tileLength = (int64_t)tile_length(platform->ub_bytes, dtype == ACL_FLOAT ? 24u : 20u);
    d->beta = beta;
    d->threshold = threshold;
    d->invBeta = safe_inv_beta(beta);
    d->d_t_x = ge_dtype(dtype);
    return 0;
}

/* ---- the strategy ---------------------------------------------------------------------------- */

_Static_assert(sizeof(acpu_sp_v2_data) <= ACPU_TILING_RECORD_BYTES, "softplus v2 record");

static int plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)params;
    acpu_sp_v2_data *d = (acpu_sp_v2_data *)(void *)r->record;
    r->sch = "arch35";
    if (acpu_sp_v2_tiling(p, c->n, c->compute_dt, c->attrs[0].f, c->attrs[1].f, d) != 0) {
        r->why = "an empty tensor, no cores, or a dtype other than float32, float16, bfloat16";
        return -1;
    }
    /* CANN falls back to a 64-element tile that overruns a smaller UB; refused here, as every
     * operator refuses a UB that cannot hold one tile (doc/DECISIONS.md#ub-too-small). */
    uint64_t bytes_per_elem = c->compute_dt == ACL_FLOAT ? 24u : 20u, tile = (uint64_t)d->tileLength;
    if (bytes_per_elem * tile + SPV2_MASKS * mask_bytes(tile) + SPV2_SELECT_RESERVE > p->ub_bytes) {
        r->why = "the UB cannot hold one tile (64 elements and the 8 KiB Select reserve)";
        return -1;
    }
    acpu_schedule *s = &r->sched;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_RANGES;
    s->total = c->n;
    s->core_num = (uint64_t)d->usedCoreNum;
    s->small_core_len = (uint64_t)d->blockFactor;
    s->last_core_len = c->n - (uint64_t)(d->usedCoreNum - 1) * (uint64_t)d->blockFactor;
    s->tile = acpu_min_u64((uint64_t)d->tileLength, (uint64_t)d->blockFactor);
    s->double_buffer = true; /* BUFFER_NUM 2 */
    return 0;
}

static void describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *s)
{
    (void)c;
    (void)params;
    const acpu_sp_v2_data *d = (const acpu_sp_v2_data *)(const void *)r->record;
    acpu_tiling_describe_head(s, "arch35", acpu_tiling_source_950(p->soc), NULL, (uint64_t)d->usedCoreNum, 0u);
    s->begin(s->ctx, "tplArgs");
    s->u64(s->ctx, "D_T_X", d->d_t_x);
    s->end(s->ctx);
    s->begin(s->ctx, "tilingData");
    s->i64(s->ctx, "totalLength", d->totalLength);
    s->i64(s->ctx, "blockFactor", d->blockFactor);
    s->i64(s->ctx, "tileLength", d->tileLength);
    s->real(s->ctx, "beta", (double)d->beta);
    s->real(s->ctx, "threshold", (double)d->threshold);
    s->real(s->ctx, "invBeta", (double)d->invBeta);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_sp_v2 = {.name = "arch35", .plan = plan, .describe = describe};
