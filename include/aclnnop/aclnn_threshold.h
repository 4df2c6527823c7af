/* aclnn-cpu: aclnnThreshold, aclnnInplaceThreshold (CANN kernel ThresholdV2):
 * out = self <= threshold ? value : self, threshold and value converted to self's dtype first.
 * self: float32, float16, int8, int16, int32, int64, uint8; bfloat16 except on Ascend910. */
#ifndef ACLNNOP_ACLNN_THRESHOLD_H_
#define ACLNNOP_ACLNN_THRESHOLD_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnThresholdGetWorkspaceSize(const aclTensor *self, const aclScalar *threshold,
                                                     const aclScalar *value, aclTensor *out, uint64_t *workspaceSize,
                                                     aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnThreshold(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                     aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceThresholdGetWorkspaceSize(aclTensor *selfRef, const aclScalar *threshold,
                                                            const aclScalar *value, uint64_t *workspaceSize,
                                                            aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceThreshold(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                            aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_THRESHOLD_H_ */
