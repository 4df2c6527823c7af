/* aclnn-cpu: aclnnSilu (CANN kernel Swish with scale 1): out = self / (1 + exp(-self)).
 * self and out: same shape and dtype (float32, float16; bfloat16 except on Ascend910). */
#ifndef ACLNNOP_ACLNN_SILU_H_
#define ACLNNOP_ACLNN_SILU_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSiluGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSilu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SILU_H_ */
