/* aclnn-cpu: aclnnSiluBackward (CANN kernel SiluGrad), SiLU spec 3.1 (doc/CANN.md#silu).
 *   s = 1 / (1 + exp(-self));  gradInput = gradOutput * (s * (1 + self * (1 - s)))
 * Ascend910 / 910B / 910_93 profiles: three equal shapes and dtypes; Ascend950 and host: gradOutput
 * and self broadcast to gradInput's shape, and mixed input dtypes give a FLOAT gradInput. */
#ifndef ACLNNOP_ACLNN_SILU_BACKWARD_H_
#define ACLNNOP_ACLNN_SILU_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                        aclTensor *gradInput, uint64_t *workspaceSize,
                                                        aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SILU_BACKWARD_H_ */
