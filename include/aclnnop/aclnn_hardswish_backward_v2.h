/* aclnn-cpu: aclnnHardswishBackwardV2 (CANN kernel HardSwishGradV2; doc/CANN.md#hardswish-backward-v2):
 * out = gradOutput * (self <= -3 ? 0 : self >= 3 ? 1 : self / 3 + 0.5), open bounds (self = -3 gives
 * 0, self = 3 gives gradOutput). Same shapes and dtypes, FLOAT, FLOAT16, BFLOAT16 (not on Ascend910),
 * at most 8 dims. */
#ifndef ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H_
#define ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardswishBackwardV2GetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                               aclTensor* out, uint64_t* workspaceSize,
                                                               aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardswishBackwardV2(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                               aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H_ */
