/* aclnn-cpu: aclnnHardtanhBackward (CANN kernel HardtanhGrad; doc/CANN.md#hardtanh-backward):
 * out = ((min < self < max) || isnan(self)) ? gradOutput : 0 (the kernel's rule: the boundaries give
 * 0). gradOutput, self, out: same shape and dtype, FLOAT, FLOAT16, BFLOAT16 (not on Ascend910). */
#ifndef ACLNNOP_ACLNN_HARDTANH_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDTANH_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardtanhBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                            const aclScalar* min, const aclScalar* max, aclTensor* out,
                                                            uint64_t* workspaceSize, aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardtanhBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDTANH_BACKWARD_H_ */
