/* aclnn-cpu: aclnnEluBackward (CANN kernel EluGradV2), spec section 2.1.
 *   x <= 0, isResult false: gradInput = (exp(x*inputScale) * (alpha*scale*inputScale)) * gradOutput
 *   x <= 0, isResult true : gradInput = ((x + alpha*scale) * inputScale) * gradOutput
 *   x >  0 (or NaN)       : gradInput = gradOutput * scale                                        */
#ifndef ACLNNOP_ACLNN_ELU_BACKWARD_H_
#define ACLNNOP_ACLNN_ELU_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnEluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclScalar *alpha,
                                                       const aclScalar *scale, const aclScalar *inputScale,
                                                       bool isResult, const aclTensor *selfOrResult,
                                                       aclTensor *gradInput, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnEluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_ELU_BACKWARD_H_ */
