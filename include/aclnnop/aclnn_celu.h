/* aclnn-cpu: aclnnCelu and aclnnInplaceCelu (CANN kernel CeluV2): out = max(0, x) + min(0, alpha *
 * (exp(x / alpha) - 1)), the expm1 in the kernel's numerically stable form. self: float32, float16
 * (bfloat16 except on Ascend910); alpha castable to float32, nonzero; out a cast target of self,
 * self's shape. */
#ifndef ACLNNOP_ACLNN_CELU_H_
#define ACLNNOP_ACLNN_CELU_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnCeluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha, aclTensor *out,
                                                uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnCelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceCeluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha,
                                                       uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceCelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_CELU_H_ */
