/* The Hardtanh / Hardswish family's own host tilings (acpu_hard_tiling.h, doc/CANN.md#hard-tiling). */
#include "tiling/acpu_hard_tiling.h"

#include <string.h>

#include "common/acpu_int_math.h"

/* ---- ClipByValueV2 ------------------------------------------------------------------------------ */

#define CLIP_CACHE_LINE 512u      /* CACHE_LINE_512 */
#define CLIP_DB_LOOP 2            /* DB_LOOP: a core with one tile takes two */
#define CLIP_SCH_MODE 202u        /* SCH_MODE_ONE_DIM_ADVANCE */
#define CLIP_WORKSPACE 16777216u  /* DEFAULT_TILING_WORKSPACE_SIZE */
#define CLIP_SCALAR_FLAG_LIMITS 6 /* inputs 1 and 2 (the 0-dim limits) are scalars: bits 1 and 2 */

bool acpu_clip_dag_of(aclDataType dt, acpu_clip_dag *dag)
{
    /* clip_by_value_v2_dag.h, probed: BufferNum 8 for every T; Max = Min = sizeof(T) (half for BF16). */
    int64_t bytes = (int64_t)acpu_tiling_dtype_bytes(dt);
    switch (dt) {
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_INT64: *dag = (acpu_clip_dag){8, bytes, bytes, true}; return true;
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_DOUBLE: *dag = (acpu_clip_dag){8, bytes, bytes, false}; return true;
    default: return false;
    }
}

int acpu_plan_clip_one_dim(const acpu_platform *p, uint64_t n, aclDataType dt, acpu_clip_data *d, const char **why)
{
    acpu_clip_dag dag;
    memset(d, 0, sizeof *d);
    if (!acpu_clip_dag_of(dt, &dag)) {
        *why = "a dtype ClipByValueV2 does not take";
        return -1;
    }
    if (n == 0u || p->core_num == 0u) {
        *why = n == 0u ? "an empty tensor (dimLength is zero)" : "no cores on the profile";
        return -1;
    }
    uint64_t cores = p->core_num, max_b = (uint64_t)dag.max_bytes, min_b = (uint64_t)dag.min_bytes;
    /* GetOneDimUBFormerAdvance: the UB per live buffer in 512-byte blocks, as elements */
    uint64_t tile = p->ub_bytes / (uint64_t)dag.alive / CLIP_CACHE_LINE * CLIP_CACHE_LINE / max_b;
    if (tile == 0u) {
        *why = "the UB cannot hold one 512-byte block per live buffer (tileNum 0)";
        return -1;
    }
    /* DoOneDimFormerTilingAdvance */
    uint64_t in_line = CLIP_CACHE_LINE / min_b, line = CLIP_CACHE_LINE / max_b;
    if (cores * in_line > n)
        tile = in_line;
    else if (cores * tile > n)
        tile = n / cores / line * line;
    uint64_t outer = acpu_ceil_div_u64(n, tile), former = acpu_ceil_div_u64(outer, cores);
    if (former == 1u)
        former = CLIP_DB_LOOP;
    uint64_t blocks = acpu_ceil_div_u64(outer, former);
    d->dimLen = (int64_t)n;
    d->tileNum = (int64_t)tile;
    d->blockNum = (int64_t)blocks;
    d->scalarFlag = CLIP_SCALAR_FLAG_LIMITS + (n == 1u ? 1 : 0); /* x too when it has one element */
    d->ubOuter = (int64_t)outer;
    /* the kernel (broadcast_sch_one_dim_advance.h) derives its own blockFormer from blockNum */
    d->blockFormer = (int64_t)acpu_ceil_div_u64(outer, blocks);
    d->blockTail = (int64_t)(outer - (blocks - 1u) * (uint64_t)d->blockFormer);
    d->aicore = dag.aicore;
    return 0;
}

void acpu_sched_clip_one_dim(const acpu_clip_data *d, acpu_schedule *s)
{
    uint64_t n = (uint64_t)d->dimLen, tile = (uint64_t)d->tileNum, outer = (uint64_t)d->ubOuter;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_BLOCKS;
    s->total = n;
    s->core_num = (uint64_t)d->blockNum;
    s->double_buffer = true;
    s->a_o = outer;
    s->a_i = tile;
    s->a_i_tail = n - (outer - 1u) * tile;
    s->axis_len = n;
    s->inner = 1u;
    s->tile = acpu_min_u64(tile, n);
    s->block_former = (uint64_t)d->blockFormer;
    s->block_tail = (uint64_t)d->blockTail;
}

_Static_assert(sizeof(acpu_clip_data) <= ACPU_TILING_RECORD_BYTES, "clip record");

static int clip_plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    acpu_clip_data *d = (acpu_clip_data *)(void *)r->record;
    (void)params;
    r->sch = "one_dim_advance";
    if (acpu_plan_clip_one_dim(p, c->n, c->compute_dt, d, &r->why) != 0)
        return -1;
    acpu_sched_clip_one_dim(d, &r->sched);
    return 0;
}

static const char *clip_source(acpu_soc soc, bool aicore)
{
    if (!aicore)
        return "ops-math arch35 broadcast scheme applied to a dtype CANN runs on AiCpu (no AiCore kernel takes it)";
    return soc == ACPU_SOC_ASCEND950 ? "ops-math arch35 kernel (Ascend950)"
           : soc == ACPU_SOC_HOST    ? "ops-math arch35 kernel's scheme with the host's cores and cache budget"
                                     : "ops-math arch35 kernel's scheme with this profile's cores and UB (its own "
                                       "kernel is not public)";
}

static void clip_describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params,
                          const acpu_tiling_result *r, const acpu_field_sink *s)
{
    const acpu_clip_data *d = (const acpu_clip_data *)(const void *)r->record;
    (void)c;
    (void)params;
    acpu_tiling_describe_head(s, "one_dim_advance", clip_source(p->soc, d->aicore), NULL, (uint64_t)d->blockNum,
                              CLIP_WORKSPACE);
    s->begin(s->ctx, "tplArgs");
    s->u64(s->ctx, "schMode", CLIP_SCH_MODE);
    s->end(s->ctx);
    s->begin(s->ctx, "tilingData");
    s->i64(s->ctx, "dimLen", d->dimLen);
    s->i64(s->ctx, "tileNum", d->tileNum);
    s->i64(s->ctx, "blockNum", d->blockNum);
    s->i64(s->ctx, "scalarFlag", d->scalarFlag);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_clip_one_dim = {
    .name = "one_dim_advance", .plan = clip_plan, .describe = clip_describe};

/* ---- HardSwishGradV2, arch22 ------------------------------------------------------------------- */

#define HSG_V2_UB_DIVIDE 10u       /* UB_DIVIDE_NUM_EACH_CORE */
#define HSG_V2_UB_ALIGN 256u       /* UB_MEMORY_ALIGN (elements) */
#define HSG_V2_WORKSPACE 16777216u /* GetLibApiWorkSpaceSize() of these SoCs (16 MiB) */

bool acpu_hsg_v2_910b_soc(acpu_soc soc)
{
    return soc == ACPU_SOC_ASCEND910 || soc == ACPU_SOC_ASCEND910B || soc == ACPU_SOC_ASCEND910_93;
}

int acpu_plan_hsg_v2_910b(const acpu_platform *p, uint64_t n, acpu_hsg_v2_data *d, const char **why)
{
    memset(d, 0, sizeof *d);
    uint64_t each = p->ub_bytes / HSG_V2_UB_DIVIDE / sizeof(float) / HSG_V2_UB_ALIGN * HSG_V2_UB_ALIGN;
    if (each == 0u || p->core_num == 0u) {
        *why = each == 0u ? "the UB cannot hold one 256-element tile (elementNumEachCore 0)"
                          : "no cores on the profile";
        return -1;
    }
    if (n == 0u) {
        *why = "an empty tensor";
        return -1;
    }
    uint64_t need = acpu_ceil_div_u64(n, each); /* GetNeedCoreNum: at least 1, at most the cores */
    d->elementNum = (int64_t)n;
    d->needCoreNum = acpu_min_u64(need, p->core_num);
    d->ubSize = p->ub_bytes;
    d->elementNumEachCore = (int64_t)each;
    return 0;
}

void acpu_sched_hsg_v2_910b(const acpu_hsg_v2_data *d, acpu_schedule *s)
{
    uint64_t n = (uint64_t)d->elementNum, each = (uint64_t)d->elementNumEachCore, cores = d->needCoreNum;
    uint64_t tiles = acpu_ceil_div_u64(n, each), extra = tiles % cores;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_DEALT;
    s->total = n;
    s->core_num = cores;
    s->tile = each;
    s->double_buffer = true; /* pingPongFlag: two halves of the UB */
    s->tiles_main = tiles / cores;
    s->cores_tail = extra;
    s->short_core = extra > 0u ? extra - 1u : cores - 1u; /* lastCoreNum */
}

_Static_assert(sizeof(acpu_hsg_v2_data) <= ACPU_TILING_RECORD_BYTES, "hsg v2 record");

static int hsg_plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    acpu_hsg_v2_data *d = (acpu_hsg_v2_data *)(void *)r->record;
    (void)params;
    r->sch = "arch22";
    if (acpu_plan_hsg_v2_910b(p, c->n, d, &r->why) != 0)
        return -1;
    acpu_sched_hsg_v2_910b(d, &r->sched);
    return 0;
}

static void hsg_describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params,
                         const acpu_tiling_result *r, const acpu_field_sink *s)
{
    const acpu_hsg_v2_data *d = (const acpu_hsg_v2_data *)(const void *)r->record;
    static const uint64_t key = 0u;
    (void)c;
    (void)params;
    acpu_tiling_describe_head(s, "arch22",
                              p->soc == ACPU_SOC_ASCEND910 ? "ops-nn arch22 tiling with the 910 kernel (arch 100)"
                                                           : "ops-nn arch22 tiling and kernel (Ascend910B / 910_93)",
                              &key, d->needCoreNum, HSG_V2_WORKSPACE);
    s->begin(s->ctx, "tilingData");
    s->i64(s->ctx, "elementNum", d->elementNum);
    s->u64(s->ctx, "needCoreNum", d->needCoreNum);
    s->u64(s->ctx, "ubSize", d->ubSize);
    s->i64(s->ctx, "elementNumEachCore", d->elementNumEachCore);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_hsg_v2_910b = {
    .name = "arch22", .for_soc = acpu_hsg_v2_910b_soc, .plan = hsg_plan, .describe = hsg_describe};
