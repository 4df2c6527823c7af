/* aclnn-cpu: aclnnGeluBackward (CANN kernel GeluGrad; activation/gelu_grad), the derivative of the
 * tanh form in the kernel's order: with u = 1.5957691 * (self + 0.044715 * self^3) and
 * f = 1 / (1 + exp(-u)), gradInput = gradOutput * (f + self * u'(self) * f * (1 - f)).
 * gradOutput and self: any dtypes whose promotion is float32, float16 (or bfloat16 except on
 * Ascend910), at most 8 dims, broadcasting to gradInput's shape; gradInput: a cast target of the
 * promotion. Note the const gradInput, as CANN's prototype. */
#ifndef ACLNNOP_ACLNN_GELU_BACKWARD_H_
#define ACLNNOP_ACLNN_GELU_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnGeluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        const aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGeluBackward(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_GELU_BACKWARD_H_ */
