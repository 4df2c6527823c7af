/* aclnn-cpu: aclnnSigmoidBackward (CANN kernel SigmoidGrad(output, gradOutput)): gradInput =
 * gradOutput * (1 - output) * output, gradOutput and output broadcast to gradInput's shape and cast
 * to their promotion. dtypes: float32, float16, double (bfloat16 except as gradOutput on Ascend910);
 * complex inputs are refused by aclnn-cpu. */
#ifndef ACLNNOP_ACLNN_SIGMOID_BACKWARD_H_
#define ACLNNOP_ACLNN_SIGMOID_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSigmoidBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                           aclTensor *gradInput, uint64_t *workspaceSize,
                                                           aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSigmoidBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                           const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SIGMOID_BACKWARD_H_ */
