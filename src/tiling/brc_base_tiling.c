/* The atvoss BroadcastBaseTiling scheme (acpu_brc_base_tiling.h; opbase broadcast_tiling.h,
 * DoTiling and its one-dim branches; the NDDMA split is broadcast.c's acpu_plan_broadcast). */
#include <string.h>

#include "common/acpu_int_math.h"
#include "tiling/acpu_brc_base_tiling.h"

#define BRC_CACHE_LINE 128            /* CACHE_LINE */
#define BRC_CACHE_LINE_512 512        /* CACHE_LINE_512 */
#define BRC_DB_LOOP 2                 /* DB_LOOP */
#define BRC_PER_CORE_MIN_UB_BYTE 8192 /* PER_CORE_MIN_UB_BYTE */
#define BRC_MAX_NNDMA_DIM 5           /* MAX_NNDMA_DIM */
#define BRC_SCH_NDDMA 1               /* SCH_MODE_NDDMA_WITHOUT_LOOP_CACHE_BRC */
#define BRC_SCH_NDDMA_LOOP 2          /* SCH_MODE_NDDMA_WITH_LOOP_CACHE_BRC */
#define BRC_SCH_ONE_DIM 201           /* SCH_MODE_ONE_DIM */
#define BRC_SCH_ONE_DIM_ADVANCE 202   /* SCH_MODE_ONE_DIM_ADVANCE */
#define BRC_WORKSPACE 16777216u       /* DEFAULT_TILING_WORKSPACE_SIZE */

int acpu_brc_dtype_index(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return ACPU_BRC_F32;
    case ACL_FLOAT16: return ACPU_BRC_F16;
    case ACL_BF16: return ACPU_BRC_BF16;
    case ACL_DOUBLE: return ACPU_BRC_F64;
    case ACL_INT8: return ACPU_BRC_I8;
    case ACL_UINT8: return ACPU_BRC_U8;
    case ACL_INT16: return ACPU_BRC_I16;
    case ACL_INT32: return ACPU_BRC_I32;
    case ACL_INT64: return ACPU_BRC_I64;
    default: return -1;
    }
}

/* ceil(a / b) for a >= 0, b > 0, without the overflow of a + b - 1 (dims and UBs come from callers). */
static int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/* DoOneDimFormerTiling's split of dim elements into tiles of ub_former over the cores. */
static void one_dim_split(acpu_brc_base_data *d, int64_t dim, int64_t ub_former, int64_t cores)
{
    d->ub_former = ub_former;
    d->ub_outer = ceil_div(dim, ub_former);
    d->ub_tail = dim % ub_former == 0 ? ub_former : dim % ub_former;
    d->block_former = ceil_div(d->ub_outer, cores);
    d->block_tail = d->ub_outer % d->block_former == 0 ? d->block_former : d->ub_outer % d->block_former;
    d->block_num = ceil_div(d->ub_outer, d->block_former);
}

/* DoOneDimOpTiling: ubFormer = (UB / alive) rounded down to 128 bytes, in elements of the widest
 * dtype; when that uses fewer than half the cores and a tile holds more than 8 KB, tiles of about
 * 2 * dim / cores elements (128-byte aligned, at least 8 KB / alive) instead. */
static int one_dim(const acpu_platform *p, int64_t dim, acpu_brc_base_data *d, const char **why)
{
    int64_t cores = (int64_t)p->core_num, bytes = d->max_bytes;
    int64_t ub_former = (int64_t)p->ub_bytes / d->alive / BRC_CACHE_LINE * BRC_CACHE_LINE / bytes;
    if (ub_former == 0) {
        *why = "the UB cannot hold one 128-byte line of the kernel's buffers";
        return -1;
    }
    one_dim_split(d, dim, ub_former, cores);
    if (d->block_num < cores / 2 && ub_former * bytes * d->alive > BRC_PER_CORE_MIN_UB_BYTE) {
        /* dim * 2 / cores, and no more than ub_former (the product with bytes then fits the UB) */
        int64_t per_core = dim / cores * 2 + dim % cores * 2 / cores;
        per_core = per_core < ub_former ? per_core : ub_former;
        int64_t aligned = ceil_div(per_core * bytes, BRC_CACHE_LINE) * BRC_CACHE_LINE / bytes;
        int64_t lowest = BRC_PER_CORE_MIN_UB_BYTE / d->alive / BRC_CACHE_LINE * BRC_CACHE_LINE / bytes;
        ub_former = ub_former > aligned ? aligned : ub_former;
        one_dim_split(d, dim, ub_former < lowest ? lowest : ub_former, cores);
    }
    d->sch_mode = BRC_SCH_ONE_DIM;
    return 0;
}

/* DoOneDimOpTilingAdvance: tiles of (UB / alive) rounded down to 512 bytes; fewer elements than
 * cores * 512 bytes of the narrowest dtype: one 512-byte tile per core; fewer than cores * tile:
 * dim / cores rounded down to 512 bytes; at least two tiles per core (double buffering). */
static int one_dim_advance(const acpu_platform *p, int64_t dim, int64_t extra, acpu_brc_base_data *d, const char **why)
{
    int64_t cores = (int64_t)p->core_num;
    int64_t actual = (int64_t)p->ub_bytes - extra;
    int64_t tile = actual <= 0 ? 0 : actual / d->alive / BRC_CACHE_LINE_512 * BRC_CACHE_LINE_512 / d->max_bytes;
    if (tile == 0) {
        *why = "the UB cannot hold one 512-byte line of the kernel's buffers";
        return -1;
    }
    int64_t in_line = BRC_CACHE_LINE_512 / d->min_bytes, line = BRC_CACHE_LINE_512 / d->max_bytes;
    if (cores * in_line > dim)
        tile = in_line;
    else if (tile > dim / cores)
        tile = dim / cores / line * line;
    int64_t outer = ceil_div(dim, tile), former = ceil_div(outer, cores);
    former = former == 1 ? BRC_DB_LOOP : former;
    d->dim_len = dim;
    d->tile_num = tile;
    d->ub_outer = outer;
    d->block_former = former;
    d->block_num = ceil_div(outer, former);
    d->sch_mode = BRC_SCH_ONE_DIM_ADVANCE;
    return 0;
}

int acpu_plan_brc_base(const acpu_platform *p, const acpu_tiling_call *call, const acpu_brc_base_params *prm,
                       acpu_brc_base_data *d, const char **why)
{
    memset(d, 0, sizeof *d);
    d->variant = prm->variant != NULL ? prm->variant(call) : 0;
    const acpu_brc_dag *dags = d->variant == 1 ? prm->dag_alt : prm->dag;
    int64_t extra = prm->extra_bytes[d->variant == 1];
    int k = acpu_brc_dtype_index(call->compute_dt);
    if (k < 0 || dags[k].alive <= 0) {
        *why = "a dtype the kernel does not take";
        return -1;
    }
    if (p->core_num == 0) {
        *why = "no cores on the profile";
        return -1;
    }
    /* The op_api's BroadcastTo: the kernel sees every input in the output's shape. */
    acpu_tiling_call wide;
    const acpu_tiling_call *c = call;
    if (prm->op_api_broadcasts != NULL && prm->op_api_broadcasts(p->soc)) {
        wide = *call;
        for (int j = 0; j < wide.n_in; j++)
            wide.in[j] = wide.out;
        c = &wide;
        d->materialized = true;
    }
    const acpu_brc_dag *g = &dags[k];
    d->alive = (int32_t)g->alive;
    d->max_bytes = (int32_t)g->max_dtype_bytes;
    d->min_bytes = (int32_t)g->min_dtype_bytes;
    d->tpl_dtype = (uint32_t)g->tpl_dtype;
    acpu_bc_collapsed col;
    if (!acpu_bc_collapse(c->in, c->n_in, &c->out, &col)) {
        *why = "shapes that do not broadcast to the output, or an empty dimension";
        return -1;
    }
    if (col.rank == 1) {
        for (int64_t i = 0; i < col.num_inputs; i++)
            d->scalar_flag += col.in_dims[i][0] == 1 ? (int64_t)1 << i : 0;
        if (prm->unread_copy && col.in_dims[prm->unread_copy_of][0] == 1)
            d->scalar_flag += (int64_t)1 << col.num_inputs;
        d->branch = prm->has_var || c->n_in + 1 > 4 ? ACPU_BRC_ONE_DIM : ACPU_BRC_ONE_DIM_ADVANCE;
        return d->branch == ACPU_BRC_ONE_DIM ? one_dim(p, col.out_dims[0], d, why)
                                             : one_dim_advance(p, col.out_dims[0], extra, d, why);
    }
    d->branch = ACPU_BRC_NDDMA;
    if (acpu_plan_broadcast(p, c, g->alive * g->max_dtype_bytes * 8, g->min_dtype_bytes * 8, extra, &d->bc, why) != 0)
        return -1;
    d->sch_mode = d->bc.c.rank - d->bc.split.ub_split_axis > BRC_MAX_NNDMA_DIM ? BRC_SCH_NDDMA_LOOP : BRC_SCH_NDDMA;
    return 0;
}

/* One-dim plans: block_num cores of block_former tiles (the last core the rest), tiles of the
 * branch's tile size; NDDMA plans: the broadcast tiles dealt as the kernel deals them. */
void acpu_sched_brc_base(const acpu_brc_base_data *d, uint64_t n, acpu_schedule *s)
{
    if (d->branch == ACPU_BRC_NDDMA) {
        acpu_sched_broadcast(&d->bc, n, s);
        return;
    }
    uint64_t tile = (uint64_t)(d->branch == ACPU_BRC_ONE_DIM ? d->ub_former : d->tile_num);
    uint64_t per_core = tile * (uint64_t)d->block_former, cores = (uint64_t)d->block_num;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_RANGES;
    s->total = n;
    s->core_num = cores;
    s->small_core_len = per_core;
    s->last_core_len = n - (cores - 1u) * per_core;
    s->tile = acpu_min_u64(acpu_min_u64(tile, per_core), n); /* the largest tile run: staging sizes follow it */
    s->double_buffer = true;
}

/* ---- the strategy ---------------------------------------------------------------------------- */

_Static_assert(sizeof(acpu_brc_base_data) <= ACPU_TILING_RECORD_BYTES, "brc_base record");

static int plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    acpu_brc_base_data *d = (acpu_brc_base_data *)(void *)r->record;
    if (acpu_plan_brc_base(p, c, params, d, &r->why) != 0)
        return -1;
    static const char *const names[] = {"one_dim_advance", "one_dim", "nddma"};
    r->sch = names[d->branch];
    acpu_sched_brc_base(d, c->n, &r->sched);
    return 0;
}

static void describe_nddma(const acpu_brc_base_data *d, const acpu_field_sink *s)
{
    const acpu_bc_collapsed *col = &d->bc.c;
    const acpu_bc_split *sp = &d->bc.split;
    s->i64(s->ctx, "shapeLen", col->rank);
    s->i64(s->ctx, "ubSplitAxis", sp->ub_split_axis);
    s->i64(s->ctx, "ubFormer", sp->ub_former);
    s->i64(s->ctx, "ubTail", sp->ub_tail);
    s->i64(s->ctx, "ubOuter", sp->ub_outer);
    s->i64(s->ctx, "blockFormer", sp->block_former);
    s->i64(s->ctx, "blockTail", sp->block_tail);
    s->i64(s->ctx, "dimProductBeforeUbInner", sp->fused);
    s->i64(s->ctx, "elemNum", sp->elem_num);
    s->i64(s->ctx, "blockNum", sp->block_num);
    s->list(s->ctx, "outputDims", col->out_dims, col->rank);
    s->list(s->ctx, "outputStrides", col->out_strides, col->rank);
    s->rows(s->ctx, "inputDims", &col->in_dims[0][0], col->num_inputs, col->rank, ACPU_BC_MAX_RANK);
    s->rows(s->ctx, "inputStrides", &col->in_strides[0][0], col->num_inputs, col->rank, ACPU_BC_MAX_RANK);
}

static void describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *s)
{
    const acpu_brc_base_params *prm = params;
    const acpu_brc_base_data *d = (const acpu_brc_base_data *)(const void *)r->record;
    uint64_t blocks = (uint64_t)(d->branch == ACPU_BRC_NDDMA ? d->bc.split.block_num : d->block_num);
    acpu_tiling_describe_head(s, "brc_base", acpu_tiling_source_950(p->soc), NULL, blocks, BRC_WORKSPACE);
    s->begin(s->ctx, "tplArgs");
    if (prm->tpl_args != NULL) {
        prm->tpl_args(c, d->variant, d, s);
    } else {
        s->u64(s->ctx, "schMode", d->sch_mode);
        s->u64(s->ctx, "dType", d->tpl_dtype);
    }
    s->end(s->ctx);
    s->str(s->ctx, "dag", d->variant == 1 ? prm->dag_alt_name : prm->dag_name);
    s->i64(s->ctx, "bufferNum", d->alive);
    if (prm->extra_bytes[d->variant == 1] != 0)
        s->i64(s->ctx, "extraSize", prm->extra_bytes[d->variant == 1]);
    if (d->materialized)
        s->flag(s->ctx, "inputsBroadcastByOpApi", true);
    s->begin(s->ctx, "tilingData");
    if (d->branch == ACPU_BRC_ONE_DIM_ADVANCE) {
        s->i64(s->ctx, "dimLen", d->dim_len);
        s->i64(s->ctx, "tileNum", d->tile_num);
        s->i64(s->ctx, "blockNum", d->block_num);
        s->i64(s->ctx, "scalarFlag", d->scalar_flag);
    } else if (d->branch == ACPU_BRC_ONE_DIM) {
        s->i64(s->ctx, "scalarFlag", d->scalar_flag);
        s->i64(s->ctx, "ubFormer", d->ub_former);
        s->i64(s->ctx, "ubTail", d->ub_tail);
        s->i64(s->ctx, "blockNum", d->block_num);
        s->i64(s->ctx, "blockFormer", d->block_former);
        s->i64(s->ctx, "blockTail", d->block_tail);
    } else {
        s->i64(s->ctx, "scheMode", (int64_t)d->sch_mode);
        describe_nddma(d, s);
    }
    for (int i = 0; i < prm->n_scalars; i++)
        s->real(s->ctx, prm->scalar_names[i], (double)c->attrs[prm->scalar_attrs[i]].f);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_brc_base = {.name = "brc_base", .plan = plan, .describe = describe};
