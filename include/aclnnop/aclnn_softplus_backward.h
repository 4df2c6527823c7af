/* aclnn-cpu: aclnnSoftplusBackward (CANN kernel SoftplusV2Grad), spec section 3.1.
 *   z = beta * self;  gradInput = z > threshold ? gradOutput : gradOutput / (1 + exp(-z))
 * gradOutput broadcasts to self's shape; gradInput has self's shape (see README). */
#ifndef ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H_
#define ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSoftplusBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                            const aclScalar *beta, const aclScalar *threshold,
                                                            aclTensor *gradInput, uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSoftplusBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SOFTPLUS_BACKWARD_H_ */
