/* aclnn-cpu: aclnnThresholdBackward (CANN kernels ReluGrad when threshold is 0, ThresholdGradV2D
 * otherwise): out = self <= threshold ? 0 : gradOutput, gradOutput and self broadcast to out.
 * gradOutput, self and out of one dtype: float32, float16, int8, int32, uint8; bfloat16 except on
 * Ascend910; int64 on Ascend950 / host with threshold 0. */
#ifndef ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_
#define ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
                                                             const aclScalar *threshold, aclTensor *out,
                                                             uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnThresholdBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                             const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_ */
