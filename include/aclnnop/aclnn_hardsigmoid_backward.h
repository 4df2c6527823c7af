/* aclnn-cpu: aclnnHardsigmoidBackward (CANN kernel HardSigmoidGrad, alpha 1/6, beta 0.5;
 * doc/CANN.md#hardsigmoid-backward): out = (0 < self * alpha + beta < 1) ? gradOutput * alpha : 0,
 * computed in the promotion of gradOutput and self, cast to out. FLOAT, FLOAT16, BFLOAT16 (not on
 * Ascend910); equal shapes, at most 8 dims. */
#ifndef ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardsigmoidBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                               aclTensor* out, uint64_t* workspaceSize,
                                                               aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardsigmoidBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                               aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDSIGMOID_BACKWARD_H_ */
