/* aclnn-cpu: aclnnElu and aclnnInplaceElu (CANN kernel Elu; activation/elu):
 *   out = scale * x                                  for x > 0
 *         alpha * scale * (exp(x * inputScale) - 1)  for x <= 0
 * and, when alpha or inputScale is inf or NaN, out = scale * (x <= 0 ? -alpha : x) in fp32.
 * self: float32, float16, double; bfloat16 except on Ascend910; at most 8 dims. alpha, scale,
 * inputScale: scalars castable to float32. out: self's shape, a dtype self casts to. */
#ifndef ACLNNOP_ACLNN_ELU_H_
#define ACLNNOP_ACLNN_ELU_H_

#include "../aclnn/aclnn_base.h" /* relative: works with -I include or -I include/aclnnop alone */

#ifdef __cplusplus
extern "C" {
#endif

ACLNN_API aclnnStatus aclnnEluGetWorkspaceSize(const aclTensor *self, const aclScalar *alpha, const aclScalar *scale,
                                               const aclScalar *inputScale, aclTensor *out, uint64_t *workspaceSize,
                                               aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnElu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, aclrtStream stream);

ACLNN_API aclnnStatus aclnnInplaceEluGetWorkspaceSize(aclTensor *selfRef, const aclScalar *alpha,
                                                      const aclScalar *scale, const aclScalar *inputScale,
                                                      uint64_t *workspaceSize, aclOpExecutor **executor);
ACLNN_API aclnnStatus aclnnInplaceElu(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                      aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLNNOP_ACLNN_ELU_H_ */
