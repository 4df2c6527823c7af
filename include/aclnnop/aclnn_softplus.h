/* aclnn-cpu: aclnnSoftplus (CANN kernel SoftplusV2): out = beta * self > threshold ? self
 * : log(1 + exp(beta * self)) / beta, in the kernel's order. self: float32, float16 (bfloat16 except
 * on Ascend910); beta and threshold castable to self's dtype; out a cast target of self, self's shape. */
#ifndef ACLNNOP_ACLNN_SOFTPLUS_H_
#define ACLNNOP_ACLNN_SOFTPLUS_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSoftplusGetWorkspaceSize(const aclTensor *self, const aclScalar *beta,
                                                    const aclScalar *threshold, aclTensor *out, uint64_t *workspaceSize,
                                                    aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSoftplus(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                    const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SOFTPLUS_H_ */
