/* EluGradV2 host tiling, spec section 2.6 steps 1-12 (experimental elu_grad_v2_tiling.cpp).
 *
 * Which CANN constants come from the profile:
 * - core_chunk (ELU_GRAD_V2_CORE_CHUNK, 1024): core dispatch granularity, SMALL_FAST_PATH_LIMIT
 *   (n <= 1024), the "avg <= 1024" single-tile-direct test, MIXED_SINGLE_TILE_LIMIT (2 * 1024) and
 *   the pipelining thresholds target * 1024 and MIN_PIPE_TILE_NUM * 1024.
 * - compute_chunk (ELU_GRAD_V2_*_COMPUTE_CHUNK, 4096): the stored computeChunk, the fp32 scratch
 *   and mask buffers it sizes inside the UB budget, the generic tile cap min(4096, maxTile), the
 *   "maxTileDouble >= 4096" double-buffer test (it asks whether the cap fits twice) and the
 *   tileDataNum of an empty tensor.
 * - The fast-path minimum n >= 4096 stays a literal (ACPU_ELU_FAST_PATH_MIN_N): it selects the
 *   dedicated fp16/bf16 kernels and is not a buffer size. (CANN spells it 4 * CORE_CHUNK; on the
 *   Ascend profiles both readings give 4096.)
 * Counts are 64-bit; CANN's uint32 arithmetic gives the same values below 2^32 elements. */
#include <math.h>

#include "tiling/acpu_elu_tiling.h"
#include "common/acpu_checked.h"
#include "common/acpu_int_math.h"

#include <stddef.h>
#include <string.h>

#define ACPU_ELU_BLOCK_BYTES 256u  /* ELU_GRAD_V2_BLOCK_BYTES: alignment unit */
#define ACPU_ELU_MAX_BUFFER_NUM 2u /* double buffering */
#define ACPU_ELU_RESERVED_UB_BYTES 1024u
#define ACPU_ELU_PIPE_QUEUE_COUNT 3u /* dy in, x in, y out */
#define ACPU_ELU_MASK_BUFFER_NUM 1u  /* one uint8 mask of computeChunk bytes */
#define ACPU_ELU_MIN_PIPE_TILE_NUM 2u
#define ACPU_ELU_FAST_PATH_MIN_N 4096u
#define ACPU_ELU_ATTR_EPS 1e-3f

/* Values shared by the steps after the early exits. */
typedef struct {
    const acpu_elu_tiling_args *args;
    uint64_t n;
    uint32_t core_chunk, compute_chunk;
    uint32_t be; /* blockElems = 256 / typeSize */
    bool f16_fast, bf16_fast;
    uint64_t used_cores, total_blocks, avg;
    uint64_t max_tile_double, max_tile_single;
} elu_ctx;

/* GetTypeSize: 4 only for ACL_FLOAT, 2 for anything else. */
static uint32_t elu_type_size(aclDataType dt) { return dt == ACL_FLOAT ? 4u : 2u; }

/* IsNearlyEqual(v, 1): |v - 1| <= 1e-3, inclusive; false for NaN. */
static bool nearly_one(float v)
{
    /* quiet compares: a NaN attribute is "not one" and never raises FE_INVALID */
    float diff = isgreater(v, 1.0f) ? v - 1.0f : 1.0f - v;
    return islessequal(diff, ACPU_ELU_ATTR_EPS);
}

/* Aligned-length part of both fast paths: n a multiple of the input dtype's blockElems (128 for
 * 16-bit; from the input dtype, not the mixed typeSize) and n >= 4096. */
static bool aligned_fast_len(aclDataType in_dt, uint64_t n)
{
    uint64_t in_be = ACPU_ELU_BLOCK_BYTES / elu_type_size(in_dt);
    return n % in_be == 0u && n >= ACPU_ELU_FAST_PATH_MIN_N;
}

/* Step 3: FLOAT16 aligned fast path (exp form with all attributes ~1). */
static bool is_f16_fast(const acpu_elu_tiling_args *a)
{
    return a->in_dtype == ACL_FLOAT16 && !a->is_result && nearly_one(a->alpha) && nearly_one(a->scale) &&
           nearly_one(a->input_scale) && aligned_fast_len(a->in_dtype, a->n);
}

/* Step 3: BF16 "mixed aligned" fast path, independent of isResult and the attributes. */
static bool is_bf16_fast(const acpu_elu_tiling_args *a)
{
    return a->in_dtype == ACL_BF16 && aligned_fast_len(a->in_dtype, a->n);
}

/* Step 6 MaxTile(bufNum): largest be-aligned tile with bufNum * 3 queues of typeSize elements
 * beside the scratch (cfb fp32 chunks + one uint8 mask chunk + 1024 reserved); be when nothing fits. */
static uint64_t max_tile(uint64_t ub, uint32_t type_size, uint32_t buf_num, uint32_t cfb, uint32_t chunk)
{
    uint64_t be = ACPU_ELU_BLOCK_BYTES / type_size;
    uint64_t scratch = (uint64_t)cfb * chunk * sizeof(float) + (uint64_t)ACPU_ELU_MASK_BUFFER_NUM * chunk +
                       ACPU_ELU_RESERVED_UB_BYTES;
    uint64_t per_elem = (uint64_t)buf_num * ACPU_ELU_PIPE_QUEUE_COUNT * type_size;
    if (ub <= scratch)
        return be;
    return acpu_max_u64(be, acpu_align_down_u64((ub - scratch) / per_elem, be));
}

/* Whether one be-aligned tile of single-buffered queues fits beside the scratch: CANN's MaxTile
 * falls back to a tile of be elements when it does not, which overruns the UB; we refuse, as every
 * operator does when a profile's UB cannot hold one tile. */
static bool one_tile_fits(uint64_t ub, uint32_t type_size, uint32_t cfb, uint32_t chunk)
{
    uint64_t be = ACPU_ELU_BLOCK_BYTES / type_size;
    uint64_t scratch = (uint64_t)cfb * chunk * sizeof(float) + (uint64_t)ACPU_ELU_MASK_BUFFER_NUM * chunk +
                       ACPU_ELU_RESERVED_UB_BYTES;
    return ub > scratch && (ub - scratch) / ((uint64_t)ACPU_ELU_PIPE_QUEUE_COUNT * type_size) >= be;
}

/* chunkFloatBufferNum: fp32 scratch chunks, 2 on the fast paths, else 1 for fp32 and 3 for
 * 16-bit inputs. */
static uint32_t chunk_float_buffers(const acpu_elu_tiling_args *a)
{
    if (is_f16_fast(a) || is_bf16_fast(a))
        return 2u;
    return a->in_dtype == ACL_FLOAT ? 1u : 3u;
}

/* Step 2: typeSize, widened to the output's for a mixed-output result call. */
static uint32_t tiling_type_size(const acpu_elu_tiling_args *a)
{
    uint32_t ts = elu_type_size(a->in_dtype);
    if (a->is_result && a->in_dtype != a->out_dtype && elu_type_size(a->out_dtype) > ts)
        ts = elu_type_size(a->out_dtype);
    return ts;
}

/* Step 6: cores used, 256-byte block count, per-core average and the UB tile limits. */
static void plan_cores(elu_ctx *c, uint64_t core_num, uint64_t ub, uint32_t type_size)
{
    c->be = ACPU_ELU_BLOCK_BYTES / type_size;
    c->total_blocks = acpu_ceil_div_u64(c->n * type_size, ACPU_ELU_BLOCK_BYTES);
    uint64_t used = acpu_min_u64(core_num, acpu_ceil_div_u64(c->n, c->core_chunk));
    c->used_cores = acpu_max_u64(1u, acpu_min_u64(used, acpu_max_u64(c->total_blocks, 1u)));
    c->avg = acpu_ceil_div_u64(c->n, c->used_cores);
    uint32_t cfb = chunk_float_buffers(c->args);
    c->max_tile_double = max_tile(ub, type_size, ACPU_ELU_MAX_BUFFER_NUM, cfb, c->compute_chunk);
    c->max_tile_single = max_tile(ub, type_size, 1u, cfb, c->compute_chunk);
}

/* Step 8 target: tiles per core when pipelining. */
static uint64_t target_tile_num(const elu_ctx *c)
{
    const acpu_elu_tiling_args *a = c->args;
    if (c->f16_fast || c->bf16_fast)
        return 2u;
    if (a->in_dtype == ACL_FLOAT)
        return a->is_result ? 3u : 4u;
    if (a->in_dtype == ACL_FLOAT16)
        return a->is_result ? 3u : 2u;
    return 2u;
}

/* Step 8: tile size and double buffering before the core split. */
static uint64_t choose_tile(const elu_ctx *c, uint32_t *buffer_open)
{
    const acpu_elu_tiling_args *a = c->args;
    bool mixed_type = a->in_dtype != ACL_FLOAT;
    bool dedicated = c->f16_fast || c->bf16_fast;
    uint64_t target = target_tile_num(c);
    bool prefer_single = !dedicated && ((a->in_dtype == ACL_BF16 && a->is_result && c->avg <= c->max_tile_single) ||
                                        (mixed_type && c->avg <= 2u * (uint64_t)c->core_chunk));
    uint64_t tt = 1u;
    *buffer_open = 0u;
    if (dedicated && !prefer_single && c->avg >= target * c->core_chunk) {
        *buffer_open = 1u;
        tt = target;
    } else if (dedicated && !prefer_single && !mixed_type &&
               c->avg >= (uint64_t)ACPU_ELU_MIN_PIPE_TILE_NUM * c->core_chunk) {
        *buffer_open = 1u; /* unreachable: the dedicated paths are 16-bit */
        tt = ACPU_ELU_MIN_PIPE_TILE_NUM;
    }
    uint64_t tile = acpu_max_u64(acpu_align_up_u64(acpu_ceil_div_u64(c->avg, tt), c->be), c->be);
    if (!dedicated) {
        /* Generic kernels: one compute chunk per tile, double-buffered unless fp32 result form. */
        bool prefer_double = a->in_dtype != ACL_FLOAT || !a->is_result;
        *buffer_open = (prefer_double && c->max_tile_double >= c->compute_chunk) ? 1u : 0u;
        tile = acpu_min_u64(c->compute_chunk, *buffer_open ? c->max_tile_double : c->max_tile_single);
    } else if (*buffer_open) {
        tile = acpu_min_u64(tile, c->max_tile_double);
    } else {
        tile = acpu_min_u64(acpu_align_up_u64(c->avg, c->be), c->max_tile_single);
    }
    return acpu_max_u64(tile, c->be);
}

/* Step 9: whole 256-byte blocks across the used cores; the last core takes the remainder of n. */
static void split_blocks(const elu_ctx *c, acpu_elu_tiling_data *d)
{
    uint64_t used = c->used_cores;
    uint64_t small_blocks = c->total_blocks / used;
    d->bigCoreNum = c->total_blocks % used;
    d->smallCoreDataNum = small_blocks * c->be;
    d->bigCoreDataNum = (small_blocks + (d->bigCoreNum > 0u ? 1u : 0u)) * c->be;
    uint64_t last_start = 0u;
    if (used > 1u) {
        uint64_t last = used - 1u;
        last_start = last < d->bigCoreNum
                         ? last * d->bigCoreDataNum
                         : d->bigCoreNum * d->bigCoreDataNum + (last - d->bigCoreNum) * d->smallCoreDataNum;
    }
    d->lastCoreDataNum = c->n > last_start ? c->n - last_start : 0u;
    if (used == 1u)
        d->lastCoreDataNum = c->n;
}

/* Fields every exit stores (step 12 and the early exits of steps 5 and 7). */
static void store_common(acpu_elu_plan *plan, const acpu_elu_tiling_args *a, uint32_t compute_chunk)
{
    *plan = (acpu_elu_plan){0};
    plan->data.totalLength = a->n;
    plan->data.computeChunk = compute_chunk;
    plan->data.alpha = a->alpha;
    plan->data.scale = a->scale;
    plan->data.inputScale = a->input_scale;
    plan->data.isResult = a->is_result ? 1u : 0u;
    plan->workspace = 0u;
}

/* Step 7: n <= core_chunk runs as one single tile on one core. */
static void small_case(const elu_ctx *c, acpu_elu_plan *plan)
{
    plan->sch_mode = c->args->is_result ? ACPU_ELU_SINGLE_TILE_RESULT : ACPU_ELU_SINGLE_TILE_EXP;
    plan->data.tileDataNum = acpu_min_u64(acpu_max_u64(acpu_align_up_u64(c->n, c->be), c->be), c->max_tile_single);
    plan->data.coreNum = 1u;
    plan->data.lastCoreDataNum = c->n;
    plan->block_dim = 1u;
}

/* Steps 8-12 for n > core_chunk. */
static void general_case(const elu_ctx *c, acpu_elu_plan *plan)
{
    acpu_elu_tiling_data *d = &plan->data;
    bool is_result = c->args->is_result;
    uint32_t buffer_open = 0u;
    uint64_t tile = choose_tile(c, &buffer_open);
    split_blocks(c, d);
    /* Step 10: double buffering needs at least two tiles on the biggest core. */
    uint64_t biggest = d->bigCoreNum > 0u ? d->bigCoreDataNum : d->smallCoreDataNum;
    if (buffer_open && acpu_ceil_div_u64(biggest, tile) < ACPU_ELU_MIN_PIPE_TILE_NUM) {
        buffer_open = 0u;
        tile = acpu_max_u64(acpu_min_u64(acpu_align_up_u64(c->avg, c->be), c->max_tile_single), c->be);
    }
    /* Step 11: one tile per core covering every core's range -> the single-tile kernel. */
    bool single_direct = buffer_open == 0u && tile >= biggest && c->avg <= c->core_chunk;
    if (single_direct)
        plan->sch_mode = is_result ? ACPU_ELU_SINGLE_TILE_RESULT : ACPU_ELU_SINGLE_TILE_EXP;
    else if (c->f16_fast)
        plan->sch_mode = ACPU_ELU_FLOAT16_EXP_FAST;
    else if (c->bf16_fast)
        plan->sch_mode = is_result ? ACPU_ELU_MIXED_RESULT_FAST : ACPU_ELU_MIXED_EXP_FAST;
    else
        plan->sch_mode = is_result ? ACPU_ELU_SAFE_RESULT : ACPU_ELU_SAFE_EXP;
    d->tileDataNum = tile;
    d->coreNum = c->used_cores;
    d->bufferOpen = buffer_open;
    plan->block_dim = (uint32_t)c->used_cores;
}

int acpu_elu_tiling(const acpu_platform *platform, const acpu_elu_tiling_args *args, acpu_elu_plan *plan)
{
    if (platform == NULL || args == NULL || plan == NULL)
        return -1;
    /* Step 1: cores capped at MAX_VECTOR_CORE_NUM; none -> failure. */
    uint64_t core_num = acpu_min_u64(platform->core_num, platform->max_cores);
    uint64_t bytes; /* step 6 counts blocks of n * typeSize bytes: it must be representable */
    if (core_num == 0u || platform->core_chunk == 0u || args->n > (uint64_t)INT64_MAX ||
        !acpu_mul_u64(args->n, tiling_type_size(args), &bytes))
        return -1;
    elu_ctx c = {
        .args = args, .n = args->n, .core_chunk = platform->core_chunk, .compute_chunk = platform->compute_chunk};
    c.f16_fast = is_f16_fast(args);
    c.bf16_fast = is_bf16_fast(args);
    store_common(plan, args, c.compute_chunk);
    if (c.n == 0u) {
        /* Step 5: empty tensor, safe mode key, one core, tile = computeChunk. */
        plan->sch_mode = args->is_result ? ACPU_ELU_SAFE_RESULT : ACPU_ELU_SAFE_EXP;
        plan->data.tileDataNum = c.compute_chunk;
        plan->data.coreNum = 1u;
        plan->block_dim = 1u;
        return 0;
    }
    if (!one_tile_fits(platform->ub_bytes, tiling_type_size(args), chunk_float_buffers(args), c.compute_chunk))
        return -1;
    plan_cores(&c, core_num, platform->ub_bytes, tiling_type_size(args));
    if (c.n <= c.core_chunk)
        small_case(&c, plan);
    else
        general_case(&c, plan);
    return 0;
}

uint64_t acpu_elu_max_tile(const acpu_platform *platform, const acpu_elu_tiling_args *args, uint32_t buffer_num)
{
    if (platform == NULL || args == NULL || buffer_num == 0u)
        return 0u;
    return max_tile(platform->ub_bytes, tiling_type_size(args), buffer_num, chunk_float_buffers(args),
                    platform->compute_chunk);
}

const char *acpu_elu_sch_mode_name(acpu_elu_sch_mode mode)
{
    switch (mode) {
    case ACPU_ELU_SAFE_EXP: return "SAFE_EXP";
    case ACPU_ELU_SAFE_RESULT: return "SAFE_RESULT";
    case ACPU_ELU_SINGLE_TILE_EXP: return "SINGLE_TILE_EXP";
    case ACPU_ELU_SINGLE_TILE_RESULT: return "SINGLE_TILE_RESULT";
    case ACPU_ELU_MIXED_EXP_FAST: return "MIXED_EXP_FAST";
    case ACPU_ELU_MIXED_RESULT_FAST: return "MIXED_RESULT_FAST";
    case ACPU_ELU_FLOAT16_EXP_FAST: return "FLOAT16_EXP_FAST";
    case ACPU_ELU_FLOAT16_RESULT_FAST: return "FLOAT16_RESULT_FAST";
    }
    return NULL;
}

/* ---- the strategy: EluGradV2's own (attributes alpha, scale, input_scale, is_result) ----------- */

_Static_assert(sizeof(acpu_elu_plan) <= ACPU_TILING_RECORD_BYTES, "elu record");

static acpu_elu_tiling_args strategy_args(const acpu_tiling_call *c)
{
    return (acpu_elu_tiling_args){.n = c->n,
                                  .in_dtype = c->compute_dt,
                                  .out_dtype = c->out_dt,
                                  .alpha = c->attrs[0].f,
                                  .scale = c->attrs[1].f,
                                  .input_scale = c->attrs[2].f,
                                  .is_result = c->attrs[3].b};
}

static int strategy_plan(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)params;
    acpu_elu_plan *e = (acpu_elu_plan *)(void *)r->record;
    acpu_elu_tiling_args a = strategy_args(c);
    r->sch = "EluGradV2";
    if (acpu_elu_tiling(p, &a, e) != 0) {
        r->why = "no cores on the profile, n * typeSize past 2^64 bytes, or a UB that cannot hold one tile";
        return -1;
    }
    const acpu_elu_tiling_data *t = &e->data;
    acpu_schedule *s = &r->sched;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_RANGES;
    s->total = t->totalLength;
    s->core_num = t->coreNum;
    s->big_core_num = t->bigCoreNum;
    s->big_core_len = t->bigCoreDataNum;
    s->small_core_len = t->smallCoreDataNum;
    s->last_core_len = t->lastCoreDataNum;
    s->tile = t->tileDataNum;
    s->double_buffer = t->bufferOpen != 0;
    r->sch = acpu_elu_sch_mode_name(e->sch_mode);
    return 0;
}

static void strategy_describe(const acpu_platform *p, const acpu_tiling_call *c, const void *params,
                              const acpu_tiling_result *r, const acpu_field_sink *s)
{
    (void)p;
    (void)c;
    (void)params;
    const acpu_elu_plan *e = (const acpu_elu_plan *)(const void *)r->record;
    const acpu_elu_tiling_data *d = &e->data;
    s->i64(s->ctx, "tilingKey", (int64_t)e->sch_mode);
    s->str(s->ctx, "schMode", acpu_elu_sch_mode_name(e->sch_mode));
    s->u64(s->ctx, "blockDim", e->block_dim);
    s->u64(s->ctx, "workspace", e->workspace);
    s->begin(s->ctx, "tilingData");
    s->u64(s->ctx, "totalLength", d->totalLength);
    s->u64(s->ctx, "tileDataNum", d->tileDataNum);
    s->u64(s->ctx, "coreNum", d->coreNum);
    s->u64(s->ctx, "bigCoreNum", d->bigCoreNum);
    s->u64(s->ctx, "bigCoreDataNum", d->bigCoreDataNum);
    s->u64(s->ctx, "smallCoreDataNum", d->smallCoreDataNum);
    s->u64(s->ctx, "lastCoreDataNum", d->lastCoreDataNum);
    s->u64(s->ctx, "bufferOpen", d->bufferOpen);
    s->u64(s->ctx, "computeChunk", d->computeChunk);
    s->real(s->ctx, "alpha", (double)d->alpha);
    s->real(s->ctx, "scale", (double)d->scale);
    s->real(s->ctx, "inputScale", (double)d->inputScale);
    s->flag(s->ctx, "isResult", d->isResult != 0);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_elu_grad_v2 = {
    .name = "ascend910b", .plan = strategy_plan, .describe = strategy_describe};
