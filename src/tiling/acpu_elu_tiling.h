/* EluGradV2 host tiling (spec section 2.6): a pure function of a platform profile and the call.
 * For an Ascend profile every field equals what CANN computes; counts are 64-bit here (CANN
 * truncates the element count to uint32; identical below 2^32). */
#ifndef ACPU_ELU_TILING_H_
#define ACPU_ELU_TILING_H_

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "tiling/acpu_tiling.h"

typedef enum {
    ACPU_ELU_SAFE_EXP = 0,
    ACPU_ELU_SAFE_RESULT = 1,
    ACPU_ELU_SINGLE_TILE_EXP = 2,
    ACPU_ELU_SINGLE_TILE_RESULT = 3,
    ACPU_ELU_MIXED_EXP_FAST = 4,
    ACPU_ELU_MIXED_RESULT_FAST = 5,
    ACPU_ELU_FLOAT16_EXP_FAST = 6,
    ACPU_ELU_FLOAT16_RESULT_FAST = 7
} acpu_elu_sch_mode;

typedef struct {
    uint64_t n;            /* element count */
    aclDataType in_dtype;  /* gradOutput / selfOrResult */
    aclDataType out_dtype; /* the kernel's output dtype (aclnn: same as in_dtype) */
    float alpha, scale, input_scale;
    bool is_result;
} acpu_elu_tiling_args;

/* EluGradV2TilingData, field names as CANN's. */
typedef struct {
    uint64_t totalLength, tileDataNum, coreNum, bigCoreNum, bigCoreDataNum, smallCoreDataNum, lastCoreDataNum;
    uint32_t bufferOpen, computeChunk;
    float alpha, scale, inputScale;
    uint8_t isResult;
} acpu_elu_tiling_data;

typedef struct {
    acpu_elu_tiling_data data;
    acpu_elu_sch_mode sch_mode; /* the tiling key equals the schedule mode */
    uint32_t block_dim;
    uint64_t workspace; /* CANN's workspace[0]: always 0 */
} acpu_elu_plan;

/* 0 on success, -1 when the profile has no cores, n * typeSize does not fit 64 bits, or (n > 0) the
 * UB cannot hold one tile of single-buffered queues beside the scratch. */
int acpu_elu_tiling(const acpu_platform *platform, const acpu_elu_tiling_args *args, acpu_elu_plan *plan);
/* MaxTile(bufferNum) of spec 2.6 step 6 for this call (its typeSize and scratch buffers): the
 * largest blockElems-aligned tileDataNum whose bufferNum x 3 queues fit the UB beside the scratch
 * (blockElems when nothing fits); 0 for a NULL argument or bufferNum 0. */
uint64_t acpu_elu_max_tile(const acpu_platform *platform, const acpu_elu_tiling_args *args, uint32_t buffer_num);
/* "SAFE_EXP", ..., "FLOAT16_RESULT_FAST". */
const char *acpu_elu_sch_mode_name(acpu_elu_sch_mode mode);

/* The EluGradV2 strategy (every profile; the verbose name is the schedule mode). */
extern const acpu_strategy acpu_strategy_elu_grad_v2;

#endif /* ACPU_ELU_TILING_H_ */
