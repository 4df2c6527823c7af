/* aclnn-cpu: aclnnHardswishBackward (CANN kernel HardSwishGrad; doc/CANN.md#hardswish-backward):
 * out = gradOutput * (self < -3 ? 0 : self > 3 ? 1 : self / 3 + 0.5), closed bounds (self = 3 gives
 * 1.5 * gradOutput). Same shapes and dtypes, FLOAT, FLOAT16, BFLOAT16 (not on Ascend910), at most 8 dims. */
#ifndef ACLNNOP_ACLNN_HARDSWISH_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDSWISH_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardswishBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                             aclTensor* out, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardswishBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDSWISH_BACKWARD_H_ */
