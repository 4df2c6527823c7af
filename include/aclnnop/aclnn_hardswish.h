/* aclnn-cpu: aclnnHardswish, aclnnInplaceHardswish (CANN kernel HardSwish; doc/CANN.md#hardswish):
 * out = max(self, -3) * clamp(self + 3, 0, 6) * (1/6). self: FLOAT, FLOAT16, BFLOAT16 (not on
 * Ascend910); out: a cast target of self, same shape. As CANN's header: out and the in-place self
 * are const. */
#ifndef ACLNNOP_ACLNN_HARDSWISH_H_
#define ACLNNOP_ACLNN_HARDSWISH_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardswishGetWorkspaceSize(const aclTensor* self, const aclTensor* out,
                                                     uint64_t* workspaceSize, aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardswish(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceHardswishGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize,
                                                            aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnInplaceHardswish(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDSWISH_H_ */
