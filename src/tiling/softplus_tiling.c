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

/* ---- arch35 constants (softplus_v2_grad_tiling_struct.h) ---------------------------------------- */
#define SP_PHYS_NODES 4        /* kPhysNodes: the UB is split into 4 equal buffers */
#define SP_CALC_DTYPE_SIZE 4   /* FindSplitAxis sizes buffers in fp32 even for 16-bit data */
#define SP_RANK_SMALL 4        /* SOFTPLUS_V2_GRAD_RANK_4 */
#define SP_RANK_LARGE 8        /* SOFTPLUS_V2_GRAD_RANK_8 */

/* ---- ascend910b constants (softplus_v2_grad_tiling.cpp) ----------------------------------------- */
#define SP_BLOCK_SIZE 512u         /* BLOCK_SIZE = DATA_COPY_ALIGNMENT: core split granule, bytes */
#define SP_COMPUTE_ALIGN 256u      /* COMPUTE_ALIGNMENT: vector pass granule, bytes */
#define SP_910B_WORKSPACE 512u     /* workspace[0] = 2 * 256 */
#define SP_UB_DATA_NUMBER_16 24u   /* UB_DATA_NUMBER for FLOAT16 and BF16 */
#define SP_UB_DATA_NUMBER_32 13u   /* UB_DATA_NUMBER for FLOAT */

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

/* UB_DATA_NUMBER and the byte size of input 0's dtype; false for dtypes CANN leaves at 0. */
static bool sp_910b_dtype(aclDataType dt, uint64_t *ub_data_number, uint64_t *type_length)
{
    switch (dt) {
    case ACL_FLOAT16:
    case ACL_BF16: *ub_data_number = SP_UB_DATA_NUMBER_16; *type_length = 2u; return true;
    case ACL_FLOAT: *ub_data_number = SP_UB_DATA_NUMBER_32; *type_length = 4u; return true;
    default: return false;
    }
}

/* Step 5 for one kind of core holding `blocks` 512-byte blocks: data count, tile count (a partial
 * last tile counts) and the last tile's count (a full tile when the blocks divide evenly). */
static void sp_910b_core(uint64_t blocks, uint64_t tile_blocks, uint64_t tile_data, uint64_t tl, uint64_t *data,
                         uint64_t *final_tiles, uint64_t *tail)
{
    uint64_t tiles = blocks / tile_blocks;
    *data = blocks * SP_BLOCK_SIZE / tl;
    *final_tiles = tiles + (blocks % tile_blocks != 0u);
    *tail = *data - tile_data * tiles;
    if (*tail == 0u)
        *tail = tile_data;
}

/* *processDataNum_computes: `count` elements rounded up to whole 256-byte vector passes. */
static uint64_t sp_910b_compute_count(uint64_t count, uint64_t tl)
{
    return acpu_align_up_u64(count * tl, SP_COMPUTE_ALIGN) / tl;
}

int acpu_sp_tiling_910b(const acpu_platform *platform, const acpu_sp_tiling_args *args, acpu_sp_910b_plan *plan)
{
    uint64_t udn = 0u, tl = 0u, n = 0u;
    if (platform == NULL || args == NULL || plan == NULL)
        return -1;
    *plan = (acpu_sp_910b_plan){0};
    /* Steps 1-2: n, typeLength (= inputBytes: the byte length is exact in 64 bits). */
    if (!sp_910b_dtype(args->dtype, &udn, &tl) || args->num_inputs < 1 || !element_count(&args->inputs[0], &n) ||
        n == 0u || n > UINT64_MAX / tl - SP_BLOCK_SIZE || platform->core_num == 0u)
        return -1;
    /* Step 3: a tile takes UB_DATA_NUMBER blocks' worth of UB per tile block; none -> CANN divides by 0. */
    uint64_t tile_blocks = platform->ub_bytes / SP_BLOCK_SIZE / udn;
    if (tile_blocks == 0u)
        return -1;
    acpu_sp_910b_data *d = &plan->data;
    d->typeLength = tl;
    d->tileDataNum = tile_blocks * SP_BLOCK_SIZE / tl;
    /* Step 4: whole 512-byte blocks; one core when a single tile holds everything. */
    uint64_t total_blocks = acpu_ceil_div_u64(n * tl, SP_BLOCK_SIZE);
    uint64_t cores = d->tileDataNum >= n ? 1u : acpu_min_u64(platform->core_num, total_blocks);
    /* Step 5: ecb blocks per small core; the first tailBlockNum ("big") cores take one more. */
    uint64_t ecb = total_blocks / cores;
    d->tailBlockNum = total_blocks % cores;
    sp_910b_core(ecb, tile_blocks, d->tileDataNum, tl, &d->smallCoreDataNum, &d->finalSmallTileNum,
                 &d->smallTailDataNum);
    sp_910b_core(ecb + 1u, tile_blocks, d->tileDataNum, tl, &d->bigCoreDataNum, &d->finalBigTileNum,
                 &d->bigTailDataNum);
    d->bigprocessDataNum_computes = sp_910b_compute_count(d->tileDataNum, tl);
    d->smallprocessDataNum_computes = sp_910b_compute_count(d->tileDataNum, tl);
    d->tailbigprocessDataNum_computes = sp_910b_compute_count(d->bigTailDataNum, tl);
    d->tailsmallprocessDataNum_computes = sp_910b_compute_count(d->smallTailDataNum, tl);
    /* Step 6. */
    d->beta = args->beta;
    d->threshold = args->threshold;
    plan->tiling_key = 0u;
    plan->block_dim = (uint32_t)cores; /* <= core_num, a uint32 */
    plan->workspace = SP_910B_WORKSPACE;
    return 0;
}

bool acpu_sp_soc_has_910b_tiling(acpu_soc soc) { return soc == ACPU_SOC_ASCEND910B || soc == ACPU_SOC_ASCEND910_93; }

bool acpu_sp_shape_equal(const acpu_sp_shape *a, const acpu_sp_shape *b) { return acpu_bc_shape_equal(a, b); }

bool acpu_sp_broadcasts_to(const acpu_sp_shape *from, const acpu_sp_shape *to) { return acpu_bc_broadcasts_to(from, to); }
