/* aclnn-cpu: aclnnRelu, aclnnInplaceRelu (CANN kernel Relu): out = self <= 0 ? +0 : self (NaN kept).
 * self and out: same shape and dtype, at most 8 dims: float32, float16, int8, int32, int64, uint8
 * (copied unchanged); bfloat16 except on Ascend910. CANN's header declares out const. */
#ifndef ACLNNOP_ACLNN_RELU_H_
#define ACLNNOP_ACLNN_RELU_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnReluGetWorkspaceSize(const aclTensor *self, const aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceReluGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_RELU_H_ */
