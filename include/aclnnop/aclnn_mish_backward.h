/* aclnn-cpu: aclnnMishBackward (CANN kernel MishGrad; activation/mish_grad), in the kernel's order:
 * with t = tanh(softplus(self)), gradInput = gradOutput * (t + self * sigmoid(self) * (1 - t^2)).
 * gradOutput, self, gradInput: float32, float16 (bfloat16 except on Ascend910), at most 8 dims;
 * gradOutput and self broadcast to gradInput's shape and compute in their promotion; gradInput a
 * cast target of self's dtype. */
#ifndef ACLNNOP_ACLNN_MISH_BACKWARD_H_
#define ACLNNOP_ACLNN_MISH_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnMishBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMishBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_MISH_BACKWARD_H_ */
