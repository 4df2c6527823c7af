/* aclnn-cpu: aclnnGeluV2 (CANN kernel GeluV2; activation/gelu_v2), in the kernel's order:
 * approximate 1 (tanh): y = x / (1 + exp(-1.5957691 * (x + 0.044715 * x^3)));
 * any other value (none): y = (erf(x / sqrt 2) + 1) * (x * 0.5).
 * x and y: same shape and dtype (float32, float16; bfloat16 except on Ascend910); no rank limit. */
#ifndef ACLNNOP_ACLNN_GELU_V2_H_
#define ACLNNOP_ACLNN_GELU_V2_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnGeluV2GetWorkspaceSize(const aclTensor *x, int64_t approximate, aclTensor *y,
                                                  uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnGeluV2(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                  const aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_GELU_V2_H_ */
