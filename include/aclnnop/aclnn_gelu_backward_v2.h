/* aclnn-cpu: aclnnGeluBackwardV2 (CANN kernel GeluGradV2; activation/gelu_grad_v2), in the kernel's
 * order: approximate "none": gradInput = gradOutput * (Phi(self) + self * phi(self)) (erf form);
 * "tanh": the tanh form's derivative (as aclnnGeluBackward). gradOutput and self: any dtypes whose
 * promotion is float32, float16 (or bfloat16 except on Ascend910), broadcasting to gradInput's
 * shape; gradInput: the promotion's dtype. Note the non-const char *approximate, as CANN's
 * prototype. */
#ifndef ACLNNOP_ACLNN_GELU_BACKWARD_V2_H_
#define ACLNNOP_ACLNN_GELU_BACKWARD_V2_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnGeluBackwardV2GetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                          char *approximate, aclTensor *gradInput,
                                                          uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGeluBackwardV2(void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                                          const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_GELU_BACKWARD_V2_H_ */
