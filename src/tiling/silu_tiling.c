/* SiluGrad host tilings (acpu_silu_tiling.h; SiLU spec 3.5 and 3.6). */
#include "acpu_silu_tiling.h"

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
    static const aclDataType rows[9][3] = {
        {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16, ACL_BF16},   {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},
        {ACL_FLOAT16, ACL_BF16, ACL_FLOAT},      {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT16, ACL_FLOAT},
        {ACL_BF16, ACL_FLOAT, ACL_FLOAT},        {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT}, {ACL_FLOAT, ACL_BF16, ACL_FLOAT}};
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
    *d = (acpu_silu_arch35_data){
        .blockFormer = s->block_former, .ubFormer = s->ub_former, .ubOuter = s->ub_outer, .ubTail = s->ub_tail,
        .blockTail = s->block_tail, .shapeLen = c->rank, .ubSplitAxis = s->ub_split_axis,
        .dimProductBeforeUbInner = s->fused, .elemNum = s->elem_num};
    for (int64_t k = 0; k < c->rank; k++) {
        d->input0Dims[k] = c->in_dims[0][k];
        d->input1Dims[k] = c->in_dims[1][k];
        d->outputDims[k] = c->out_dims[k];
        d->input0Strides[k] = c->in_strides[0][k];
        d->input1Strides[k] = c->in_strides[1][k];
        d->outputStrides[k] = c->out_strides[k];
    }
}

int acpu_silu_tiling_arch35(const acpu_platform *platform, const acpu_silu_tiling_args *args,
                            acpu_silu_arch35_plan *plan)
{
    int64_t key = op_key(args->dtypes), divisor, min_bits;
    acpu_bc_collapsed c;
    acpu_bc_split s;
    if (platform == NULL || key == 0 || platform->core_num == 0 || !acpu_bc_collapse(args->inputs, 2, &args->output, &c))
        return -1;
    compute_params(key, &divisor, &min_bits);
    int64_t budget = acpu_bc_ub_budget(platform->ub_bytes, 0, (uint64_t)divisor, (uint64_t)min_bits);
    if (!acpu_bc_ub_block_split(c.out_dims, c.rank, budget, (int64_t)platform->core_num, &s))
        return -1;
    *plan = (acpu_silu_arch35_plan){.op_key = key, .buffer_divisor = divisor, .workspace = 32u,
                                    .block_dim = (uint32_t)s.block_num};
    fill_data(&c, &s, &plan->data);
    plan->tiling_key = (uint64_t)key * 100000000000000ull + 1000000u + (c.rank - s.ub_split_axis <= 5 ? 100u : 1100u);
    return 0;
}

/* ---- ascend910b --------------------------------------------------------------------------------- */
#define SILU_BLOCK 32u
#define SILU_TARGET_ELEM_PER_CORE 1024u

int acpu_silu_tiling_910b(const acpu_platform *platform, const acpu_silu_tiling_args *args, acpu_silu_910b_plan *plan)
{
    if (platform == NULL || platform->ub_bytes == 0 || platform->core_num == 0)
        return -1;
    uint64_t n = 1;
    for (int64_t d = 0; d < args->inputs[0].rank; d++)
        n *= (uint64_t)args->inputs[0].dims[d];
    if (n == 0)
        return -1;
    uint64_t tl = args->dtypes[0] == ACL_FLOAT ? 4u : 2u, ub_blocks = platform->ub_bytes / SILU_BLOCK;
    uint64_t single = ub_blocks / (tl == 4u ? 5u : 13u) * SILU_BLOCK / tl;
    uint64_t dbl = ub_blocks / (tl == 4u ? 8u : 16u) * SILU_BLOCK / tl;
    uint64_t blocks = acpu_ceil_div_u64(n, SILU_BLOCK / tl); /* ceil(n * tl / 32): whole blocks */
    uint64_t cores = acpu_min_u64(acpu_min_u64(platform->core_num, acpu_ceil_div_u64(n, SILU_TARGET_ELEM_PER_CORE)),
                                  blocks);
    cores = cores ? cores : 1u;
    uint64_t ecb = blocks / cores;
    *plan = (acpu_silu_910b_plan){.block_dim = (uint32_t)cores};
    plan->data.tailBlockNum = blocks % cores;
    plan->data.smallCoreDataNum = ecb * SILU_BLOCK / tl;
    plan->data.bigCoreDataNum = (ecb + 1u) * SILU_BLOCK / tl;
    plan->tiling_key = plan->data.smallCoreDataNum <= 2u * single ? 0u : 1u;
    plan->data.tileDataNum = plan->tiling_key == 0u ? single : dbl;
    return 0;
}
