/* The big/small-core scheme (acpu_tiling.h): CeluV2's arch35 tiling (celu_v2_tiling_arch35.cpp), the
 * 910B SoftplusV2Grad and SiluGrad tilings (spec 3.6, SiLU spec 3.6) are this scheme with their own
 * block size, buffer counts and core rule. */
#include <string.h>

#include "common/acpu_int_math.h"
#include "tiling/acpu_tiling.h"

/* One kind of core holding `blocks` blocks: its elements, its tiles (a partial last tile counts)
 * and its last tile's elements (a full tile when the blocks divide evenly). */
static void core_kind(const acpu_bigsmall_params *prm, uint64_t blocks, uint64_t tile_blocks, uint64_t tile,
                      uint64_t tl, uint64_t *data, uint64_t *final_tiles, uint64_t *tail)
{
    uint64_t tiles = blocks / tile_blocks;
    *data = blocks * prm->block_bytes / tl;
    *final_tiles = tiles + (blocks % tile_blocks != 0u);
    *tail = *data - tile * tiles;
    if (*tail == 0u)
        *tail = tile;
}

/* Blocks of UB a tile takes with `buffers` buffers of the dtype class (0 when none fits). */
static uint64_t tile_blocks(const acpu_platform *p, const acpu_bigsmall_params *prm, uint64_t buffers)
{
    return buffers == 0u ? 0u : p->ub_bytes / prm->block_bytes / buffers;
}

static uint64_t core_count(const acpu_platform *p, const acpu_bigsmall_params *prm, uint64_t n, uint64_t blocks,
                           uint64_t tile)
{
    uint64_t cores = acpu_min_u64(p->core_num, blocks);
    if (prm->min_core_elems != 0u)
        cores = acpu_min_u64(cores, acpu_ceil_div_u64(n, prm->min_core_elems));
    if (prm->one_core_single_tile && tile >= n)
        cores = 1u;
    return cores ? cores : 1u;
}

int acpu_plan_bigsmall(const acpu_platform *p, uint64_t n, uint64_t tl, const acpu_bigsmall_params *prm,
                       acpu_bigsmall_data *d, const char **why)
{
    memset(d, 0, sizeof *d);
    int k = tl <= 2u ? 1 : 0;
    if (n == 0u || tl == 0u || n > (UINT64_MAX - prm->block_bytes) / tl) {
        *why = n == 0u ? "an empty tensor" : "a byte length past 64 bits";
        return -1;
    }
    if (p->core_num == 0u) {
        *why = "no cores on the profile";
        return -1;
    }
    bool dbl = prm->buffering == ACPU_BS_DOUBLE;
    uint64_t tb = tile_blocks(p, prm, dbl ? prm->double_buffers[k] : prm->single_buffers[k]);
    if (tb == 0u) {
        *why = "the UB cannot hold one tile of the kernel's buffers";
        return -1;
    }
    uint64_t tile = tb * prm->block_bytes / tl;
    uint64_t blocks = acpu_ceil_div_u64(n * tl, prm->block_bytes);
    uint64_t cores = core_count(p, prm, n, blocks, tile), ecb = blocks / cores;
    d->typeLength = tl;
    d->blockDim = cores;
    d->tailBlockNum = blocks % cores;
    d->smallCoreDataNum = ecb * prm->block_bytes / tl;
    if (prm->buffering == ACPU_BS_BY_SIZE && d->smallCoreDataNum > 2u * tile) {
        dbl = true;
        tb = tile_blocks(p, prm, prm->double_buffers[k]);
        if (tb == 0u) {
            *why = "the UB cannot hold one double-buffered tile of the kernel's buffers";
            return -1;
        }
        tile = tb * prm->block_bytes / tl;
    }
    d->tileDataNum = tile;
    d->doubleBuffer = dbl;
    core_kind(prm, ecb, tb, tile, tl, &d->smallCoreDataNum, &d->finalSmallTileNum, &d->smallTailDataNum);
    core_kind(prm, ecb + 1u, tb, tile, tl, &d->bigCoreDataNum, &d->finalBigTileNum, &d->bigTailDataNum);
    return 0;
}

void acpu_sched_bigsmall(const acpu_bigsmall_data *d, uint64_t n, acpu_schedule *s)
{
    uint64_t biggest = d->tailBlockNum > 0u ? d->bigCoreDataNum : d->smallCoreDataNum;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_RANGES;
    s->total = n; /* CANN's whole blocks overshoot the tensor: clamped to n */
    s->core_num = d->blockDim;
    s->tile = acpu_min_u64(d->tileDataNum, biggest); /* a core never runs more than its own elements in one tile */
    s->double_buffer = d->doubleBuffer;
    s->big_core_num = d->tailBlockNum;
    s->big_core_len = d->bigCoreDataNum;
    s->small_core_len = d->smallCoreDataNum;
    s->last_core_len = d->blockDim <= d->tailBlockNum ? d->bigCoreDataNum : d->smallCoreDataNum;
}

/* ---- the strategy (CeluV2-style operators: every field of the scheme) -------------------------- */

_Static_assert(sizeof(acpu_bigsmall_data) <= ACPU_TILING_RECORD_BYTES, "bigsmall record");

static int plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    const acpu_bigsmall_params *prm = params;
    acpu_bigsmall_data *d = (acpu_bigsmall_data *)(void *)r->record;
    r->sch = "bigsmall";
    if (prm->refuse != NULL && (r->why = prm->refuse(c)) != NULL)
        return -1;
    if (acpu_plan_bigsmall(p, c->n, acpu_tiling_dtype_bytes(c->compute_dt), params, d, &r->why) != 0)
        return -1;
    acpu_sched_bigsmall(d, c->n, &r->sched);
    return 0;
}

static void describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params, const acpu_tiling_result *r,
                     const acpu_field_sink *s)
{
    const acpu_bigsmall_params *prm = params;
    const acpu_bigsmall_data *d = (const acpu_bigsmall_data *)(const void *)r->record;
    acpu_tiling_describe_head(s, "bigsmall", acpu_tiling_source_950(p->soc), &(uint64_t){0}, d->blockDim,
                              prm->workspace);
    s->begin(s->ctx, "tilingData");
    s->u64(s->ctx, "smallCoreDataNum", d->smallCoreDataNum);
    s->u64(s->ctx, "bigCoreDataNum", d->bigCoreDataNum);
    s->u64(s->ctx, "tileDataNum", d->tileDataNum);
    s->u64(s->ctx, "smallTailDataNum", d->smallTailDataNum);
    s->u64(s->ctx, "bigTailDataNum", d->bigTailDataNum);
    s->u64(s->ctx, "finalSmallTileNum", d->finalSmallTileNum);
    s->u64(s->ctx, "finalBigTileNum", d->finalBigTileNum);
    s->u64(s->ctx, "tailBlockNum", d->tailBlockNum);
    if (prm->describe_scalars != NULL)
        prm->describe_scalars(c, s);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_bigsmall = {.name = "bigsmall", .plan = plan, .describe = describe};
