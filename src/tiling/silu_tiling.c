/* SiluGrad host tilings (acpu_silu_tiling.h; SiLU spec 3.5 and 3.6). */
#include "tiling/acpu_silu_tiling.h"

#include "common/acpu_int_math.h"

bool acpu_silu_soc_has_910b_tiling(acpu_soc soc)
{
    return soc == ACPU_SOC_ASCEND910 || soc == ACPU_SOC_ASCEND910B || soc == ACPU_SOC_ASCEND910_93;
}

bool acpu_silu_soc_is_regbase(acpu_soc soc) { return soc == ACPU_SOC_ASCEND950 || soc == ACPU_SOC_HOST; }

/* ---- arch35 ------------------------------------------------------------------------------------- */

/* opKey of SiLU spec 3.5 step 2: the nine (dy, x, dx) dtype rows of the kernel; 0 for anything else. */
static int64_t op_key(const aclDataType dt[3])
{
    static const aclDataType rows[9][3] = {{ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16, ACL_BF16},
                                           {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},       {ACL_FLOAT16, ACL_BF16, ACL_FLOAT},
                                           {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},     {ACL_BF16, ACL_FLOAT16, ACL_FLOAT},
                                           {ACL_BF16, ACL_FLOAT, ACL_FLOAT},        {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT},
                                           {ACL_FLOAT, ACL_BF16, ACL_FLOAT}};
    for (int k = 0; k < 9; k++)
        if (rows[k][0] == dt[0] && rows[k][1] == dt[1] && rows[k][2] == dt[2])
            return k + 1;
    return 0;
}

/* Compute parameters of SiLU spec 3.5 step 3: bits per element of the live buffers, smallest dtype. */
static void compute_params(int64_t key, int64_t *divisor, int64_t *min_bits)
{
    *min_bits = key == 3 ? 32 : 16;
    *divisor = key <= 3 ? 192 : (key == 4 || key == 6 ? 128 : 160);
}

static void fill_data(const acpu_bc_collapsed *c, const acpu_bc_split *s, acpu_silu_arch35_data *d)
{
    *d = (acpu_silu_arch35_data){.blockFormer = s->block_former,
                                 .ubFormer = s->ub_former,
                                 .ubOuter = s->ub_outer,
                                 .ubTail = s->ub_tail,
                                 .blockTail = s->block_tail,
                                 .shapeLen = c->rank,
                                 .ubSplitAxis = s->ub_split_axis,
                                 .dimProductBeforeUbInner = s->fused,
                                 .elemNum = s->elem_num};
    for (int64_t k = 0; k < c->rank; k++) {
        d->input0Dims[k] = c->in_dims[0][k];
        d->input1Dims[k] = c->in_dims[1][k];
        d->outputDims[k] = c->out_dims[k];
        d->input0Strides[k] = c->in_strides[0][k];
        d->input1Strides[k] = c->in_strides[1][k];
        d->outputStrides[k] = c->out_strides[k];
    }
}

/* The atvoss broadcast scheme with SiluGrad's compute parameters; its data in `bc`. */
static int arch35(const acpu_platform *platform, const acpu_silu_tiling_args *args, acpu_silu_arch35_plan *plan,
                  acpu_broadcast_data *bc, const char **why)
{
    int64_t key = op_key(args->dtypes), divisor, min_bits;
    *why = "a dtype triple outside the kernel's nine";
    if (platform == NULL || key == 0)
        return -1;
    compute_params(key, &divisor, &min_bits);
    acpu_tiling_call c = {.n_in = 2, .in = {args->inputs[0], args->inputs[1]}, .out = args->output};
    if (acpu_plan_broadcast(platform, &c, divisor, min_bits, 0, bc, why) != 0)
        return -1;
    *plan = (acpu_silu_arch35_plan){
        .op_key = key, .buffer_divisor = divisor, .workspace = 32u, .block_dim = (uint32_t)bc->split.block_num};
    fill_data(&bc->c, &bc->split, &plan->data);
    plan->tiling_key = (uint64_t)key * 100000000000000ull + 1000000u +
                       (bc->c.rank - bc->split.ub_split_axis <= 5 ? 100u : 1100u);
    return 0;
}

int acpu_silu_tiling_arch35(const acpu_platform *platform, const acpu_silu_tiling_args *args,
                            acpu_silu_arch35_plan *plan)
{
    acpu_broadcast_data bc;
    const char *why;
    return arch35(platform, args, plan, &bc, &why);
}

/* ---- ascend910b --------------------------------------------------------------------------------- */
/* SiluGrad's 910B kernel as the big/small-core scheme: 32-byte blocks, a tile of ub/32/5 (fp32) or
 * ub/32/13 (16-bit) blocks single-buffered, ub/32/8 or ub/32/16 double-buffered (when a small core
 * holds more than two single tiles), a core per 1024 elements at most. */
const acpu_bigsmall_params acpu_silu_910b_scheme = {.block_bytes = 32u,
                                                    .single_buffers = {5u, 13u},
                                                    .double_buffers = {8u, 16u},
                                                    .buffering = ACPU_BS_BY_SIZE,
                                                    .min_core_elems = 1024u};

/* The scheme over input 0's elements; its data in `bs`. */
static int b910(const acpu_platform *platform, const acpu_silu_tiling_args *args, acpu_silu_910b_plan *plan,
                acpu_bigsmall_data *bs, const char **why)
{
    *why = "no platform";
    if (platform == NULL)
        return -1;
    uint64_t n = 1;
    for (int64_t d = 0; d < args->inputs[0].rank; d++)
        n *= (uint64_t)args->inputs[0].dims[d];
    if (acpu_plan_bigsmall(platform, n, args->dtypes[0] == ACL_FLOAT ? 4u : 2u, &acpu_silu_910b_scheme, bs, why) != 0)
        return -1;
    *plan = (acpu_silu_910b_plan){.block_dim = (uint32_t)bs->blockDim, .tiling_key = bs->doubleBuffer ? 1u : 0u};
    plan->data.tailBlockNum = bs->tailBlockNum;
    plan->data.smallCoreDataNum = bs->smallCoreDataNum;
    plan->data.bigCoreDataNum = bs->bigCoreDataNum;
    plan->data.tileDataNum = bs->tileDataNum;
    return 0;
}

int acpu_silu_tiling_910b(const acpu_platform *platform, const acpu_silu_tiling_args *args, acpu_silu_910b_plan *plan)
{
    acpu_bigsmall_data bs;
    const char *why;
    return b910(platform, args, plan, &bs, &why);
}

/* ---- the strategies ------------------------------------------------------------------------------ */

_Static_assert(sizeof(acpu_silu_arch35_plan) <= ACPU_TILING_RECORD_BYTES, "silu arch35 record");
_Static_assert(sizeof(acpu_silu_910b_plan) <= ACPU_TILING_RECORD_BYTES, "silu 910b record");

static acpu_silu_tiling_args silu_args(const acpu_tiling_call *c)
{
    return (acpu_silu_tiling_args){
        .inputs = {c->in[0], c->in[1]}, .output = c->out, .dtypes = {c->in_dt[0], c->in_dt[1], c->out_dt}};
}

static bool not_910b(acpu_soc soc) { return !acpu_silu_soc_has_910b_tiling(soc); }

static int plan_arch35(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)params;
    acpu_silu_arch35_plan *t = (acpu_silu_arch35_plan *)(void *)r->record;
    acpu_silu_tiling_args a = silu_args(c);
    acpu_broadcast_data bc;
    r->sch = "arch35";
    if (arch35(p, &a, t, &bc, &r->why) != 0)
        return -1;
    acpu_sched_broadcast(&bc, c->n, &r->sched);
    return 0;
}

/* The head every SiluGrad plan starts with (no "source": both kernels are public). */
static void silu_head(const acpu_field_sink *s, const char *strategy, uint64_t key, uint64_t block_dim,
                      uint64_t workspace)
{
    s->str(s->ctx, "strategy", strategy);
    s->u64(s->ctx, "tilingKey", key);
    s->u64(s->ctx, "blockDim", block_dim);
    s->u64(s->ctx, "workspace", workspace);
}

static void describe_arch35(const acpu_platform *p, const acpu_tiling_call *c, const void *params,
                            const acpu_tiling_result *r, const acpu_field_sink *s)
{
    (void)p;
    (void)c;
    (void)params;
    const acpu_silu_arch35_plan *t = (const acpu_silu_arch35_plan *)(const void *)r->record;
    const acpu_silu_arch35_data *d = &t->data;
    silu_head(s, "arch35", t->tiling_key, t->block_dim, t->workspace);
    s->i64(s->ctx, "opKey", t->op_key);
    s->i64(s->ctx, "bufferDivisor", t->buffer_divisor);
    s->begin(s->ctx, "tilingData");
    s->i64(s->ctx, "blockFormer", d->blockFormer);
    s->i64(s->ctx, "ubFormer", d->ubFormer);
    s->i64(s->ctx, "ubOuter", d->ubOuter);
    s->i64(s->ctx, "ubTail", d->ubTail);
    s->i64(s->ctx, "blockTail", d->blockTail);
    s->i64(s->ctx, "shapeLen", d->shapeLen);
    s->i64(s->ctx, "ubSplitAxis", d->ubSplitAxis);
    s->i64(s->ctx, "dimProductBeforeUbInner", d->dimProductBeforeUbInner);
    s->i64(s->ctx, "elemNum", d->elemNum);
    s->list(s->ctx, "input0Dims", d->input0Dims, 8);
    s->list(s->ctx, "input1Dims", d->input1Dims, 8);
    s->list(s->ctx, "outputDims", d->outputDims, 8);
    s->list(s->ctx, "input0Strides", d->input0Strides, 8);
    s->list(s->ctx, "input1Strides", d->input1Strides, 8);
    s->list(s->ctx, "outputStrides", d->outputStrides, 8);
    s->end(s->ctx);
}

static int plan_910b(const acpu_platform *p, const acpu_tiling_call *c, const void *params, acpu_tiling_result *r)
{
    (void)params;
    acpu_silu_910b_plan *t = (acpu_silu_910b_plan *)(void *)r->record;
    acpu_silu_tiling_args a = silu_args(c);
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
    const acpu_silu_910b_plan *t = (const acpu_silu_910b_plan *)(const void *)r->record;
    silu_head(s, "ascend910b", t->tiling_key, t->block_dim, t->workspace);
    s->begin(s->ctx, "tilingData");
    s->u64(s->ctx, "smallCoreDataNum", t->data.smallCoreDataNum);
    s->u64(s->ctx, "bigCoreDataNum", t->data.bigCoreDataNum);
    s->u64(s->ctx, "tileDataNum", t->data.tileDataNum);
    s->u64(s->ctx, "tailBlockNum", t->data.tailBlockNum);
    s->end(s->ctx);
}

const acpu_strategy acpu_strategy_silu_910b = {
    .name = "ascend910b", .for_soc = acpu_silu_soc_has_910b_tiling, .plan = plan_910b, .describe = describe_910b};
const acpu_strategy acpu_strategy_silu_arch35 = {
    .name = "arch35", .for_soc = not_910b, .plan = plan_arch35, .describe = describe_arch35};
