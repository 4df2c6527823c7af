/* aclnn-cpu: aclnnMish, aclnnInplaceMish (CANN kernel Mish; activation/mish):
 * out = self * tanh(softplus(self)), in the kernel's order (tanh(softplus) from exps).
 * self and out: same shape and dtype (float32, float16; bfloat16 except on Ascend910), at most 8
 * dims; selfRef likewise. */
#ifndef ACLNNOP_ACLNN_MISH_H_
#define ACLNNOP_ACLNN_MISH_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnMishGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnMish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceMishGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceMish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_MISH_H_ */
