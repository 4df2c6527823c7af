/* aclnn-cpu: aclnnTanhBackward (CANN ops-math kernel TanhGrad(output, gradOutput)): gradInput =
 * (1 - output^2) * gradOutput, gradOutput and output broadcasting to gradInput's shape. One dtype
 * for all three: float32, float16, double (bfloat16 except on Ascend910). */
#ifndef ACLNNOP_ACLNN_TANH_BACKWARD_H_
#define ACLNNOP_ACLNN_TANH_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnTanhBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *output,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnTanhBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_TANH_BACKWARD_H_ */
