/* SoftplusV2Grad host tilings as pure functions of a platform profile and the call:
 *   - arch35 (spec 3.7): PadAndSqueeze, CheckBroadcastShape, FindSplitAxis, MultiCoreSplit and
 *     broadcast strides, RANK 4 or 8 (Ascend950 and host profiles; every broadcast or non-dense call);
 *   - ascend910b (spec 3.6): the 512-byte-block split with big and small cores (Ascend910B and
 *     Ascend910_93 profiles when the shapes are equal and dense).
 * Field names follow CANN's tiling structs. */
#ifndef ACPU_SOFTPLUS_TILING_H_
#define ACPU_SOFTPLUS_TILING_H_

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "tiling/acpu_tiling.h"

#define ACPU_SP_MAX_RANK ACPU_BC_MAX_RANK
#define ACPU_SP_MAX_INPUTS 2

typedef acpu_bc_shape acpu_sp_shape;

typedef struct {
    acpu_sp_shape inputs[ACPU_SP_MAX_INPUTS]; /* gradOutput, self (storage shapes as the kernel sees them) */
    int64_t num_inputs;                       /* 2 */
    acpu_sp_shape output;                     /* gradInput */
    aclDataType dtype;                        /* the kernel's input dtype (FLOAT, FLOAT16 or BF16) */
    float beta, threshold;
} acpu_sp_tiling_args;

/* The ascend910b plan is the choice on the DAV_2201 profiles (Ascend910B, Ascend910_93) for calls
 * whose shapes are equal and whose tensors are dense; every other call gets the arch35 plan. */
bool acpu_sp_soc_has_910b_tiling(acpu_soc soc);
bool acpu_sp_shape_equal(const acpu_sp_shape *a, const acpu_sp_shape *b);
/* numpy broadcasting of `from` (left-padded with 1s) gives exactly `to`: what aclnn accepts for
 * gradOutput against self. */
bool acpu_sp_broadcasts_to(const acpu_sp_shape *from, const acpu_sp_shape *to);

/* ---- arch35 ------------------------------------------------------------------------------------- */
/* The shape-generic steps live in acpu_broadcast.h under neutral names; these names stay for the
 * softplus tiling's own data and its tests. */
typedef acpu_bc_axis_split acpu_sp_split;
typedef acpu_bc_multicore acpu_sp_multicore;

/* SoftplusV2GradTilingData<RANK>: arrays hold RANK entries (left-padded: shapes with 1, strides and
 * max_bro_shape padding as spec 3.7 step 7), split.axis counted in those RANK dims. */
typedef struct {
    acpu_sp_split split;
    acpu_sp_multicore multiCore;
    int64_t rank; /* rank after PadAndSqueeze */
    int64_t per_buf_bytes;
    int64_t max_bro_shape[ACPU_SP_MAX_RANK];
    int64_t num_inputs, num_outputs;
    int64_t input_shapes[ACPU_SP_MAX_INPUTS][ACPU_SP_MAX_RANK];
    int64_t input_strides[ACPU_SP_MAX_INPUTS][ACPU_SP_MAX_RANK];
    int64_t output_shapes[1][ACPU_SP_MAX_RANK];
    int64_t output_strides[1][ACPU_SP_MAX_RANK];
    float beta, threshold;
} acpu_sp_arch35_data;

typedef struct {
    acpu_sp_arch35_data data;
    int64_t RANK;        /* template parameter: 4 or 8 */
    uint32_t tiling_key; /* our encoding of GET_TPL_TILING_KEY(RANK): the RANK value (spec 5 leaves it open) */
    uint32_t block_dim;  /* num_cores */
    uint64_t workspace;  /* 0 */
} acpu_sp_arch35_plan;

/* 0 on success; -1 on any failure of the algorithm (unsupported dtype, shapes that do not
 * broadcast, no cores, UB too small). */
int acpu_sp_tiling_arch35(const acpu_platform *platform, const acpu_sp_tiling_args *args, acpu_sp_arch35_plan *plan);

/* The steps (spec 3.8.5 tests them): acpu_bc_* in acpu_broadcast.h. */
#define acpu_sp_check_broadcast acpu_bc_check_broadcast
#define acpu_sp_pad_and_squeeze acpu_bc_pad_and_squeeze
#define acpu_sp_find_split_axis acpu_bc_find_split_axis
#define acpu_sp_multicore_split acpu_bc_multicore_split
#define acpu_sp_precompute_strides acpu_bc_precompute_strides

/* ---- ascend910b (experimental) ------------------------------------------------------------------ */
typedef struct {
    uint64_t smallCoreDataNum, bigCoreDataNum, finalBigTileNum, finalSmallTileNum, tileDataNum, smallTailDataNum,
        bigTailDataNum, tailBlockNum, bigprocessDataNum_computes, smallprocessDataNum_computes,
        tailbigprocessDataNum_computes, tailsmallprocessDataNum_computes, typeLength;
    float beta, threshold;
} acpu_sp_910b_data;

typedef struct {
    acpu_sp_910b_data data;
    uint32_t tiling_key; /* 0 */
    uint32_t block_dim;  /* coreNum */
    uint64_t workspace;  /* 512 (2 * 256) */
} acpu_sp_910b_plan;

/* Element count = product of inputs[0]. 0 on success; -1 for n == 0, an unsupported dtype or no
 * cores. Counts are 64-bit (CANN computes the byte length in uint32). */
int acpu_sp_tiling_910b(const acpu_platform *platform, const acpu_sp_tiling_args *args, acpu_sp_910b_plan *plan);

/* ---- SoftplusV2 (aclnnSoftplus; softplus_v2_tiling.cpp, the arch35 kernel's own split) ---------
 *   tileLength: fp32 (6 tile buffers of 4 bytes) or 16-bit (20 bytes per element) plus two
 *     compare masks of ceil(tile/8) bytes rounded up to 256, and 8 KiB kept for Select, within the
 *     UB: floor((ub - 8192) * 8 / (8 * bytes + 2)) rounded down to 64, then lowered by 64 until it
 *     fits (64 when the UB is 8 KiB or less);
 *   usedCoreNum: one core per 2 KiB of input at most, min(that, cores) >= 1 = e, then
 *     ceil(n / ceil(n / e)); blockFactor = ceil(n / usedCoreNum);
 *   beta, threshold as attributes (ToFloat), invBeta = 1/beta (+inf when |beta| <= FLT_EPSILON). */
typedef struct {
    int64_t totalLength, blockFactor, tileLength;
    float beta, threshold, invBeta;
    int64_t usedCoreNum;
    uint32_t d_t_x; /* the template argument D_T_X: ge::DataType of x (0 FLOAT, 1 FLOAT16, 27 BF16) */
} acpu_sp_v2_data;

/* 0 on success; -1 for n == 0, no cores or a dtype other than FLOAT, FLOAT16, BF16. */
int acpu_sp_v2_tiling(const acpu_platform *platform, uint64_t n, aclDataType dtype, float beta, float threshold,
                      acpu_sp_v2_data *d);
extern const acpu_strategy acpu_strategy_sp_v2;

/* The two strategies, in the order SoftplusV2Grad tries them. */
extern const acpu_strategy acpu_strategy_sp_910b;
extern const acpu_strategy acpu_strategy_sp_arch35;
/* The 910B kernel's parameters of the big/small-core scheme. */
extern const acpu_bigsmall_params acpu_sp_910b_scheme;

#endif /* ACPU_SOFTPLUS_TILING_H_ */
