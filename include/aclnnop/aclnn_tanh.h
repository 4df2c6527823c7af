/* aclnn-cpu: aclnnTanh and aclnnInplaceTanh (CANN ops-math kernel Tanh), in the kernel's order.
 * self: float32, float16, bool, uint8, int8/16/32/64 (bfloat16 except on Ascend910; integers and bool
 * computed as float32); out: a float type that is a cast target of the computed dtype, self's shape.
 * selfRef: float32, float16 (bfloat16 except on Ascend910). */
#ifndef ACLNNOP_ACLNN_TANH_H_
#define ACLNNOP_ACLNN_TANH_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnTanhGetWorkspaceSize(const aclTensor *self, aclTensor *out, uint64_t *workspaceSize,
                                                aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnTanh(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                const aclrtStream stream);
ACLNN_API aclnnStatus aclnnInplaceTanhGetWorkspaceSize(aclTensor *selfRef, uint64_t *workspaceSize,
                                                       aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceTanh(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                       const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_TANH_H_ */
