/* aclnn-cpu: aclnnHardtanh, aclnnInplaceHardtanh (CANN kernel ClipByValueV2, ops-math
 * conversion/clip_by_value_v2; doc/CANN.md#hardtanh): out = min(clipValueMax, max(clipValueMin, self))
 * in self's dtype (the limits converted to it). self: FLOAT16, FLOAT, DOUBLE, INT8, UINT8, INT16,
 * INT32, INT64, BFLOAT16 (not on Ascend910), at most 8 dims; clipValueMin > clipValueMax is refused. */
#ifndef ACLNNOP_ACLNN_HARDTANH_H_
#define ACLNNOP_ACLNN_HARDTANH_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardtanhGetWorkspaceSize(const aclTensor* self, const aclScalar* clipValueMin,
                                                    const aclScalar* clipValueMax, aclTensor* out,
                                                    uint64_t* workspaceSize, aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardtanh(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                    aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceHardtanhGetWorkspaceSize(aclTensor* selfRef, const aclScalar* clipValueMin,
                                                           const aclScalar* clipValueMax, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnInplaceHardtanh(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDTANH_H_ */
