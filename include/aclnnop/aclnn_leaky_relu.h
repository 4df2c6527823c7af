/* aclnn-cpu: aclnnLeakyRelu, aclnnInplaceLeakyRelu (CANN kernel LeakyRelu):
 * out = self > 0 ? self : self * negativeSlope (the slope as float). self: float32, float16, double;
 * bfloat16 except on Ascend910; out a cast target of self with self's shape. */
#ifndef ACLNNOP_ACLNN_LEAKY_RELU_H_
#define ACLNNOP_ACLNN_LEAKY_RELU_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnLeakyReluGetWorkspaceSize(const aclTensor *self, const aclScalar *negativeSlope,
                                                     aclTensor *out, uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnLeakyRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceLeakyReluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *negativeSlope,
                                                            uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceLeakyRelu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_LEAKY_RELU_H_ */
