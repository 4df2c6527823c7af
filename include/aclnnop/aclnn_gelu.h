/* aclnn-cpu: aclnnGelu (CANN kernel Gelu; activation/gelu), always the tanh approximation:
 * out = self / (1 + exp(-1.5957691 * (self + 0.044715 * self^3))), in the kernel's order.
 * self and out: same shape and dtype (float32, float16; bfloat16 except on Ascend910), self at most
 * 8 dims. */
#ifndef ACLNNOP_ACLNN_GELU_H_
#define ACLNNOP_ACLNN_GELU_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnGeluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_GELU_H_ */
