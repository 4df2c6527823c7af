/* aclnn-cpu: aclnnHardsigmoid, aclnnInplaceHardsigmoid (CANN kernel HardSigmoid, alpha 1/6, beta
 * 0.5; doc/CANN.md#hardsigmoid): out = clamp(self * alpha + beta, 0, 1). self: FLOAT, FLOAT16, INT32
 * (truncated: 1 for self >= 3, else 0), BFLOAT16 (not on Ascend910); out: self's shape, dtype and
 * format. As CANN's header: the in-place self is const. */
#ifndef ACLNNOP_ACLNN_HARDSIGMOID_H_
#define ACLNNOP_ACLNN_HARDSIGMOID_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnHardsigmoidGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                                       aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnHardsigmoid(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceHardsigmoidGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize,
                                                              aclOpExecutor** executor);
ACLNN_API aclnnStatus aclnnInplaceHardsigmoid(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_HARDSIGMOID_H_ */
