/* aclnn-cpu: aclnnSwishBackward (CANN kernel SwishGrad with scale = betaOptional, 1.0 when NULL;
 * activation/swish_grad): gradInput = gradOutput * s * (1 + beta * self * (1 - s)),
 * s = 1 / (1 + exp(-beta * self)).
 * gradOutput, self, gradInput: one shape and one dtype (float32, float16; bfloat16 except on
 * Ascend910), at most 8 dims; betaOptional castable to float32. */
#ifndef ACLNNOP_ACLNN_SWISH_BACKWARD_H_
#define ACLNNOP_ACLNN_SWISH_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSwishBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                         const aclScalar *betaOptional, aclTensor *gradInput,
                                                         uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSwishBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                         aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SWISH_BACKWARD_H_ */
