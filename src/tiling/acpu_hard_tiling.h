/* The host tilings of the Hardtanh / Hardswish family whose plans are not one of the generic schemes
 * (doc/CANN.md#hard-tiling):
 * - ClipByValueV2 (aclnnHardtanh), ops-math arch35: the atvoss broadcast tiling
 *   (BroadcastBaseTiling<ClipByValueV2Compute<T>::OpDag>). x with the two 0-dim limits always
 *   collapses to one axis of n elements, so the plan is its one-dim "advance" branch
 *   (DoOneDimOpTilingAdvance, schMode 202);
 * - HardSwishGradV2 (aclnnHardswishBackwardV2), arch22 (Ascend910 / 910B / 910_93): elementNum,
 *   needCoreNum, ubSize, elementNumEachCore = ub / 10 / 4 rounded down to 256, the tiles dealt by the
 *   kernel (hard_swish_grad_v2_220.h Process) onto a DEALT schedule.
 * Pure functions of the profile and the call. */
#ifndef ACPU_HARD_TILING_H_
#define ACPU_HARD_TILING_H_

#include "tiling/acpu_tiling.h"

/* ---- ClipByValueV2, one-dim advance ------------------------------------------------------------ */

/* The ClipByValueV2Compute<T> DAG constants for x's dtype (the DAG probe): its live buffers
 * (GetBufferNum<true, true>), MaxDtypeBytes, MinDtypeBytes; whether CANN runs the dtype on AiCore
 * (FLOAT16, BF16 with the half DAG, FLOAT, INT32, INT64) or AiCpu (INT8, UINT8, INT16, DOUBLE: the
 * same scheme with the dtype's size); false for a dtype the operator does not take. */
typedef struct {
    int64_t alive, max_bytes, min_bytes;
    bool aicore;
} acpu_clip_dag;
bool acpu_clip_dag_of(aclDataType dt, acpu_clip_dag *dag);

typedef struct {
    int64_t dimLen, tileNum, blockNum, scalarFlag; /* BroadcastOneDimTilingDataAdvance */
    int64_t ubOuter, blockFormer, blockTail;       /* as the kernel derives them */
    bool aicore;
} acpu_clip_data;

/* n elements of x's dtype dt; -1 (and *why) when the UB holds no 512-byte block per live buffer. */
int acpu_plan_clip_one_dim(const acpu_platform *p, uint64_t n, aclDataType dt, acpu_clip_data *d, const char **why);
/* BLOCKS over n: ubOuter tiles of tileNum (the last ubTail), blockFormer per core, the last blockTail. */
void acpu_sched_clip_one_dim(const acpu_clip_data *d, acpu_schedule *s);
extern const acpu_strategy acpu_strategy_clip_one_dim; /* params: NULL */

/* ---- HardSwishGradV2, arch22 (Ascend910 / 910B / 910_93) --------------------------------------- */

typedef struct {
    int64_t elementNum;
    uint64_t needCoreNum, ubSize;
    int64_t elementNumEachCore;
} acpu_hsg_v2_data;

bool acpu_hsg_v2_910b_soc(acpu_soc soc);
int acpu_plan_hsg_v2_910b(const acpu_platform *p, uint64_t n, acpu_hsg_v2_data *d, const char **why);
/* DEALT: ceil(n / elementNumEachCore) tiles, dealt totalTime / needCoreNum per core and one more to the
 * first totalTime % needCoreNum, the short tile at the end of the last of those (or of the last core). */
void acpu_sched_hsg_v2_910b(const acpu_hsg_v2_data *d, acpu_schedule *s);
extern const acpu_strategy acpu_strategy_hsg_v2_910b; /* params: NULL */

#endif /* ACPU_HARD_TILING_H_ */
