/* aclnn-cpu: aclnnLeakyReluBackward (CANN kernel LeakyReluGrad):
 * out = self > 0 ? gradOutput : gradOutput * negativeSlope, gradOutput and self broadcast to out and
 * promoted to one dtype (float32, float16, double; bfloat16 except on Ascend910). selfIsResult with a
 * negative slope is refused (161002). */
#ifndef ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H_
#define ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnLeakyReluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                             const aclScalar *negativeSlope, bool selfIsResult,
                                                             aclTensor *out, uint64_t *workspaceSize,
                                                             aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnLeakyReluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H_ */
