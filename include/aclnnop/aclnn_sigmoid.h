/* aclnn-cpu: aclnnSigmoid and aclnnInplaceSigmoid (CANN kernel Sigmoid): out = 1 / (1 + exp(-self)).
 * self: float32, float16, double, int8/16/32/64, uint8, bool (bfloat16 except on Ascend910; integers
 * and bool computed in out's dtype); out: float32, float16, bfloat16, double, complex64/128; equal
 * shapes. Complex inputs are refused by aclnn-cpu. */
#ifndef ACLNNOP_ACLNN_SIGMOID_H_
#define ACLNNOP_ACLNN_SIGMOID_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnSigmoidGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                   aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                   const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceSigmoidGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                          aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceSigmoid(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_SIGMOID_H_ */
