/* SoftplusV2Grad host tilings (acpu_softplus_tiling.h):
 * - arch35, spec 3.7 (softplus_v2_grad_tiling_arch35.cpp): PadAndSqueeze, CheckBroadcastShape,
 *   FindSplitAxis, MultiCoreSplit, broadcast strides, RANK 4 or 8;
 * - ascend910b, spec 3.6 (experimental softplus_v2_grad_tiling.cpp): 512-byte blocks spread over
 *   big and small cores.
 * Pure functions of the profile and the call. Counts are 64-bit; where CANN would divide by zero
 * or overflow (unsupported dtype, UB below one tile, uint32 byte length) we fail or stay exact. */
#include "tiling/acpu_softplus_tiling.h"

#include "common/acpu_int_math.h"

#include <stddef.h>
#include <string.h>

/* ---- arch35 constants (softplus_v2_grad_tiling_struct.h) ---------------------------------------- */
#define SP_PHYS_NODES 4      /* kPhysNodes: the UB is split into 4 equal buffers */
#define SP_CALC_DTYPE_SIZE 4 /* FindSplitAxis sizes buffers in fp32 even for 16-bit data */
#define SP_RANK_SMALL 4      /* SOFTPLUS_V2_GRAD_RANK_4 */
#define SP_RANK_LARGE 8      /* SOFTPLUS_V2_GRAD_RANK_8 */

/* ---- ascend910b constants (softplus_v2_grad_tiling.cpp) ----------------------------------------- */
#define SP_BLOCK_SIZE 512u       /* BLOCK_SIZE = DATA_COPY_ALIGNMENT: core split granule, bytes */
#define SP_COMPUTE_ALIGN 256u    /* COMPUTE_ALIGNMENT: vector pass granule, bytes */
#define SP_910B_WORKSPACE 512u   /* workspace[0] = 2 * 256 */
#define SP_UB_DATA_NUMBER_16 24u /* UB_DATA_NUMBER for FLOAT16 and BF16 */
#define SP_UB_DATA_NUMBER_32 13u /* UB_DATA_NUMBER for FLOAT */

static bool mul_nonneg(int64_t a, int64_t b, int64_t *out)
{
    if (a != 0 && b > INT64_MAX / a)
        return false;
    *out = a * b;
    return true;
}

static bool shape_valid(const acpu_sp_shape *s)
{
    if (s->rank < 0 || s->rank > ACPU_SP_MAX_RANK)
        return false;
    for (int64_t d = 0; d < s->rank; ++d)
        if (s->dims[d] < 0)
            return false;
    return true;
}

static bool element_count(const acpu_sp_shape *s, uint64_t *n)
{
    int64_t c = 1;
    if (!shape_valid(s))
        return false;
    for (int64_t d = 0; d < s->rank; ++d)
        if (!mul_nonneg(c, s->dims[d], &c))
            return false;
    *n = (uint64_t)c;
    return true;
}

/* Step 7 padding: `s` right-aligned in R dims, shape padded with 1 and strides with 0. */
static void store_padded(const acpu_sp_shape *s, int64_t R, int64_t *shape_out, int64_t *strides_out)
{
    int64_t strides[ACPU_SP_MAX_RANK] = {0};
    acpu_sp_precompute_strides(s, strides);
    int64_t off = R - s->rank;
    for (int64_t d = 0; d < R; ++d) {
        shape_out[d] = d < off ? 1 : s->dims[d - off];
        if (strides_out != NULL)
            strides_out[d] = d < off ? 0 : strides[d - off];
    }
}

/* Steps 7-8: the tiling data in RANK dims, split.axis shifted by RANK - rank, key and blockDim. */
static void fill_arch35(acpu_sp_arch35_plan *plan, const acpu_sp_tiling_args *args, const acpu_sp_shape *max_bro,
                        const acpu_sp_shape *norm_in, const acpu_sp_shape *norm_out)
{
    acpu_sp_arch35_data *d = &plan->data;
    int64_t R = max_bro->rank <= SP_RANK_SMALL ? SP_RANK_SMALL : SP_RANK_LARGE;
    d->rank = max_bro->rank;
    d->split.axis += R - max_bro->rank;
    store_padded(max_bro, R, d->max_bro_shape, NULL);
    d->num_inputs = args->num_inputs;
    d->num_outputs = 1;
    for (int64_t i = 0; i < args->num_inputs; ++i)
        store_padded(&norm_in[i], R, d->input_shapes[i], d->input_strides[i]);
    store_padded(norm_out, R, d->output_shapes[0], d->output_strides[0]);
    d->beta = args->beta;
    d->threshold = args->threshold;
    plan->RANK = R;
    plan->tiling_key = (uint32_t)R; /* GET_TPL_TILING_KEY(RANK): the RANK value (spec 5 leaves it open) */
    plan->block_dim = (uint32_t)d->multiCore.num_cores;
    plan->workspace = 0u;
}

int acpu_sp_tiling_arch35(const acpu_platform *platform, const acpu_sp_tiling_args *args, acpu_sp_arch35_plan *plan)
{
    if (platform == NULL || args == NULL || plan == NULL)
        return -1;
    *plan = (acpu_sp_arch35_plan){0};
    /* Step 1: input 0's dtype must be one the kernel has. */
    if (args->dtype != ACL_FLOAT16 && args->dtype != ACL_BF16 && args->dtype != ACL_FLOAT)
        return -1;
    if (args->num_inputs < 1 || args->num_inputs > ACPU_SP_MAX_INPUTS || platform->ub_bytes > (uint64_t)INT64_MAX)
        return -1;
    if (!acpu_sp_check_broadcast(args->inputs, args->num_inputs, &args->output)) /* validates the shapes too */
        return -1;
    acpu_sp_shape max_bro, norm_in[ACPU_SP_MAX_INPUTS], norm_out;
    acpu_sp_pad_and_squeeze(args->inputs, args->num_inputs, &args->output, &max_bro, norm_in, &norm_out);
    uint64_t total = 0u;
    if (!element_count(&max_bro, &total)) /* offsets and strides must fit in int64 */
        return -1;
    acpu_sp_arch35_data *d = &plan->data;
    if (!acpu_sp_find_split_axis(&max_bro, SP_CALC_DTYPE_SIZE, (int64_t)platform->ub_bytes, SP_PHYS_NODES, &d->split,
                                 &d->per_buf_bytes) ||
        !acpu_sp_multicore_split(&d->split, &max_bro, (int64_t)platform->core_num, &d->multiCore)) {
        *plan = (acpu_sp_arch35_plan){0};
        return -1;
    }
    fill_arch35(plan, args, &max_bro, norm_in, &norm_out);
    return 0;
}

/* ---- ascend910b ------------------------------------------------------------------------------------ */

/* SoftplusV2Grad's 910B kernel as the big/small-core scheme: 512-byte blocks, a tile of
 * ub / 512 / UB_DATA_NUMBER blocks (13 for FLOAT, 24 for the 16-bit types), single-buffered, one core
 * when one tile holds everything. */
const acpu_bigsmall_params acpu_sp_910b_scheme = {.block_bytes = SP_BLOCK_SIZE,
                                                  .single_buffers = {SP_UB_DATA_NUMBER_32, SP_UB_DATA_NUMBER_16},
                                                  .double_buffers = {SP_UB_DATA_NUMBER_32, SP_UB_DATA_NUMBER_16},
                                                  .buffering = ACPU_BS_SINGLE,
                                                  .one_core_single_tile = true};

/* *processDataNum_computes: `count` elements rounded up to whole 256-byte vector passes. */
static uint64_t sp_910b_compute_count(uint64_t count, uint64_t tl)
{
    return acpu_align_up_u64(count * tl, SP_COMPUTE_ALIGN) / tl;
}

/* The scheme over input 0's elements; its data in `bs`. */
static int b910(const acpu_platform *platform, const acpu_sp_tiling_args *args, acpu_sp_910b_plan *plan,
                acpu_bigsmall_data *bs, const char **why)
{
    uint64_t n = 0u, tl = args->dtype == ACL_FLOAT ? 4u : 2u;
    *plan = (acpu_sp_910b_plan){0};
    *why = "a dtype other than float32, float16, bfloat16";
    if (args->dtype != ACL_FLOAT && args->dtype != ACL_FLOAT16 && args->dtype != ACL_BF16)
        return -1;
    *why = "an element count beyond 64 bits";
    if (args->num_inputs < 1 || !element_count(&args->inputs[0], &n) ||
        acpu_plan_bigsmall(platform, n, tl, &acpu_sp_910b_scheme, bs, why) != 0)
        return -1;
    acpu_sp_910b_data *d = &plan->data;
    d->typeLength = tl;
    d->tileDataNum = bs->tileDataNum;
    d->tailBlockNum = bs->tailBlockNum;
    d->smallCoreDataNum = bs->smallCoreDataNum;
    d->finalSmallTileNum = bs->finalSmallTileNum;
    d->smallTailDataNum = bs->smallTailDataNum;
    d->bigCoreDataNum = bs->bigCoreDataNum;
    d->finalBigTileNum = bs->finalBigTileNum;
    d->bigTailDataNum = bs->bigTailDataNum;
    d->bigprocessDataNum_computes = sp_910b_compute_count(d->tileDataNum, tl);
    d->smallprocessDataNum_computes = sp_910b_compute_count(d->tileDataNum, tl);
    d->tailbigprocessDataNum_computes = sp_910b_compute_count(d->bigTailDataNum, tl);
    d->tailsmallprocessDataNum_computes = sp_910b_compute_count(d->smallTailDataNum, tl);
    d->beta = args->beta;
    d->threshold = args->threshold;
    plan->tiling_key = 0u;
    plan->block_dim = (uint32_t)bs->blockDim; /* <= core_num, a uint32 */
    plan->workspace = SP_910B_WORKSPACE;
    return 0;
}

int acpu_sp_tiling_910b(const acpu_platform *platform, const acpu_sp_tiling_args *args, acpu_sp_910b_plan *plan)
{
    acpu_bigsmall_data bs;
    if (platform == NULL || args == NULL || plan == NULL)
        return -1;
    const char *why;
    return b910(platform, args, plan, &bs, &why);
}

bool acpu_sp_soc_has_910b_tiling(acpu_soc soc) { return soc == ACPU_SOC_ASCEND910B || soc == ACPU_SOC_ASCEND910_93; }

bool acpu_sp_shape_equal(const acpu_sp_shape *a, const acpu_sp_shape *b) { return acpu_bc_shape_equal(a, b); }

bool acpu_sp_broadcasts_to(const acpu_sp_shape *from, const acpu_sp_shape *to)
{
    return acpu_bc_broadcasts_to(from, to);
}

/* ---- the strategies ------------------------------------------------------------------------------ */

_Static_assert(sizeof(acpu_sp_arch35_plan) <= ACPU_TILING_RECORD_BYTES, "softplus arch35 record");
_Static_assert(sizeof(acpu_sp_910b_plan) <= ACPU_TILING_RECORD_BYTES, "softplus 910b record");

/* The kernel dtype CANN's tiling sees: the 16-bit dtype of an equal pair, FLOAT for everything CANN
 * casts (int, bool, double, mixed pairs). */
static acpu_sp_tiling_args sp_args(const acpu_tiling_call *c)
{
    aclDataType dt = c->compute_dt == ACL_FLOAT16 || c->compute_dt == ACL_BF16 ? c->compute_dt : ACL_FLOAT;
    return (acpu_sp_tiling_args){.inputs = {c->in[0], c->in[1]},
                                 .num_inputs = 2,
                                 .output = c->out,
                                 .dtype = dt,
                                 .beta = c->attrs[0].f,
                                 .threshold = c->attrs[1].f};
}

static int plan_arch35(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)params;
    acpu_sp_arch35_plan *t = (acpu_sp_arch35_plan *)(void *)r->record;
    acpu_sp_tiling_args a = sp_args(c);
    r->sch = "arch35";
    if (acpu_sp_tiling_arch35(p, &a, t) != 0) {
        r->why = acpu_sp_check_broadcast(a.inputs, a.num_inputs, &a.output)
                     ? "UB too small for one buffer, or an empty dimension it cannot split"
                     : "gradOutput's shape does not broadcast to self's";
        return -1;
    }
    const acpu_sp_arch35_data *d = &t->data;
    uint64_t inner = 1;
    for (int64_t k = d->split.axis + 1; k < t->RANK; k++)
        inner *= (uint64_t)d->max_bro_shape[k];
    acpu_schedule *s = &r->sched;
    memset(s, 0, sizeof *s);
    s->kind = ACPU_SCHED_SPLIT;
    s->total = c->n;
    s->core_num = (uint64_t)d->multiCore.num_cores;
    s->tile = (uint64_t)d->split.a_i * inner;
    s->tiles_main = (uint64_t)d->multiCore.tiles_main;
    s->cores_tail = (uint64_t)d->multiCore.cores_tail;
    s->a_o = (uint64_t)d->split.a_o;
    s->a_i = (uint64_t)d->split.a_i;
    s->a_i_tail = (uint64_t)d->split.a_i_tail;
    s->axis_len = (uint64_t)d->max_bro_shape[d->split.axis];
    s->inner = inner;
    return 0;
}

/* The head every SoftplusV2Grad plan starts with (no "source": both kernels are public). */
static void sp_head(const acpu_field_sink *s, const char *strategy, uint64_t key, uint64_t block_dim,
                    uint64_t workspace)
{
    s->str(s->ctx, "strategy", strategy);
    s->u64(s->ctx, "tilingKey", key);
    s->u64(s->ctx, "blockDim", block_dim);
    s->u64(s->ctx, "workspace", workspace);
    s->begin(s->ctx, "tilingData");
}

static void describe_arch35(const acpu_platform *p, const acpu_tiling_call *c, const void *params,
                            const acpu_tiling_result *r, const acpu_field_sink *s)
{
    (void)p;
    (void)c;
    (void)params;
    const acpu_sp_arch35_plan *t = (const acpu_sp_arch35_plan *)(const void *)r->record;
    const acpu_sp_arch35_data *d = &t->data;
    sp_head(s, "arch35", t->tiling_key, t->block_dim, t->workspace);
    s->begin(s->ctx, "split");
    s->i64(s->ctx, "axis", d->split.axis);
    s->i64(s->ctx, "a_i", d->split.a_i);
    s->i64(s->ctx, "a_o", d->split.a_o);
    s->i64(s->ctx, "a_i_tail", d->split.a_i_tail);
    s->end(s->ctx);
    s->begin(s->ctx, "multiCore");
    s->i64(s->ctx, "num_cores", d->multiCore.num_cores);
    s->i64(s->ctx, "total_tiles", d->multiCore.total_tiles);
    s->i64(s->ctx, "tiles_main", d->multiCore.tiles_main);
    s->i64(s->ctx, "cores_tail", d->multiCore.cores_tail);
    s->end(s->ctx);
    s->i64(s->ctx, "rank", d->rank);
    s->i64(s->ctx, "per_buf_bytes", d->per_buf_bytes);
    s->list(s->ctx, "max_bro_shape", d->max_bro_shape, t->RANK);
    s->rows(s->ctx, "input_shapes", &d->input_shapes[0][0], d->num_inputs, t->RANK, ACPU_SP_MAX_RANK);
    s->rows(s->ctx, "input_strides", &d->input_strides[0][0], d->num_inputs, t->RANK, ACPU_SP_MAX_RANK);
    s->rows(s->ctx, "output_shapes", &d->output_shapes[0][0], 1, t->RANK, ACPU_SP_MAX_RANK);
    s->rows(s->ctx, "output_strides", &d->output_strides[0][0], 1, t->RANK, ACPU_SP_MAX_RANK);
    s->real(s->ctx, "beta", (double)d->beta);
    s->real(s->ctx, "threshold", (double)d->threshold);
    s->end(s->ctx);
}

/* ascend910b on its profiles for equal, dense shapes (CANN's experimental 910B kernel). */
static const char *refuses_910b(const acpu_tiling_call *c)
{
    if (!acpu_bc_shape_equal(&c->in[0], &c->in[1]))
        return "the ascend910b strategy needs --grad-shape equal to --shape";
    return c->dense ? NULL : "the ascend910b strategy needs dense tensors";
}

static int plan_910b(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)params;
    acpu_sp_910b_plan *t = (acpu_sp_910b_plan *)(void *)r->record;
    acpu_sp_tiling_args a = sp_args(c);
    acpu_bigsmall_data bs;
    r->sch = "ascend910b";
    if (b910(p, &a, t, &bs, &r->why) != 0)
        return -1;
    acpu_sched_bigsmall(&bs, c->n, &r->sched);
    return 0;
}

static void describe_910b(const acpu_platform *p, const acpu_tiling_call *c, const void *params,
                          const acpu_tiling_result *r, const acpu_field_sink *s)
{
    (void)p;
    (void)c;
    (void)params;
    const acpu_sp_910b_plan *t = (const acpu_sp_910b_plan *)(const void *)r->record;
    const acpu_sp_910b_data *d = &t->data;
    sp_head(s, "ascend910b", t->tiling_key, t->block_dim, t->workspace);
    s->u64(s->ctx, "smallCoreDataNum", d->smallCoreDataNum);
    s->u64(s->ctx, "bigCoreDataNum", d->bigCoreDataNum);
    s->u64(s->ctx, "finalBigTileNum", d->finalBigTileNum);
    s->u64(s->ctx, "finalSmallTileNum", d->finalSmallTileNum);
    s->u64(s->ctx, "tileDataNum", d->tileDataNum);
    s->u64(s->ctx, "smallTailDataNum", d->smallTailDataNum);
    s->u64(s->ctx, "bigTailDataNum", d->bigTailDataNum);
    s->u64(s->ctx, "tailBlockNum", d->tailBlockNum);
    s->u64(s->ctx, "bigprocessDataNum_computes", d->bigprocessDataNum_computes);
    s->u64(s->ctx, "smallprocessDataNum_computes", d->smallprocessDataNum_computes);
    s->u64(s->ctx, "tailbigprocessDataNum_computes", d->tailbigprocessDataNum_computes);
    s->u64(s->ctx, "tailsmallprocessDataNum_computes", d->tailsmallprocessDataNum_computes);
    s->u64(s->ctx, "typeLength", d->typeLength);
    s->real(s->ctx, "beta", (double)d->beta);
    s->real(s->ctx, "threshold", (double)d->threshold);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_sp_910b = {.name = "ascend910b",
                                             .for_soc = acpu_sp_soc_has_910b_tiling,
                                             .refuses = refuses_910b,
                                             .plan = plan_910b,
                                             .describe = describe_910b};
const acpu_strategy acpu_strategy_sp_arch35 = {.name = "arch35", .plan = plan_arch35, .describe = describe_arch35};
