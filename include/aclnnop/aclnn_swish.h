/* aclnn-cpu: aclnnSwish (CANN kernel Swish with scale = betaOptional, 1.0 when NULL;
 * activation/swish): out = self / (1 + exp(-beta * self)).
 * self and out: same shape and dtype (float32, float16; bfloat16 except on Ascend910), at most 8
 * dims; betaOptional castable to float32. */
#ifndef ACLNNOP_ACLNN_SWISH_H_
#define ACLNNOP_ACLNN_SWISH_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSwishGetWorkspaceSize(const aclTensor *self, const aclScalar *betaOptional, aclTensor *out,
                                                 uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSwish(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SWISH_H_ */
