/* The operator-info rows (acpu_test_opinfo.h). */
#include <math.h>

#include "acpu_test_opinfo.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"

/* ---- ELU, exp mode: alpha 1.3, scale 1.05, inputScale 0.9 ------------------------------------- */
#define ELU_ALPHA 1.3f
#define ELU_SCALE 1.05f
#define ELU_ISCALE 0.9f

static aclnnStatus elu_phase1(const aclTensor *dy, const aclTensor *x, aclTensor *out, uint64_t *ws,
                              aclOpExecutor **exec)
{
    aclScalar *a = acpu_test_scalar_f32(ELU_ALPHA), *s = acpu_test_scalar_f32(ELU_SCALE);
    aclScalar *i = acpu_test_scalar_f32(ELU_ISCALE);
    aclnnStatus rc = aclnnEluBackwardGetWorkspaceSize(dy, a, s, i, false, x, out, ws, exec);
    aclDestroyScalar(a);
    aclDestroyScalar(s);
    aclDestroyScalar(i);
    return rc;
}

static double elu_ref(double dy, double x)
{
    return x <= 0 ? exp(x * (double)ELU_ISCALE) * ((double)ELU_ALPHA * ELU_SCALE * ELU_ISCALE) * dy : dy * ELU_SCALE;
}

/* ---- Softplus: beta 1.1, threshold 2 ------------------------------------------------------------- */
static aclnnStatus softplus_phase1(const aclTensor *dy, const aclTensor *x, aclTensor *out, uint64_t *ws,
                                   aclOpExecutor **exec)
{
    aclScalar *b = acpu_test_scalar_f32(1.1f), *t = acpu_test_scalar_f32(2.0f);
    aclnnStatus rc = aclnnSoftplusBackwardGetWorkspaceSize(dy, x, b, t, out, ws, exec);
    aclDestroyScalar(b);
    aclDestroyScalar(t);
    return rc;
}

static double softplus_ref(double dy, double x)
{
    double z = (double)1.1f * x;
    return z > 2.0 ? dy : dy / (1.0 + exp(-z));
}

/* ---- SiLU ----------------------------------------------------------------------------------------- */
static aclnnStatus silu_phase1(const aclTensor *dy, const aclTensor *x, aclTensor *out, uint64_t *ws,
                               aclOpExecutor **exec)
{
    return aclnnSiluBackwardGetWorkspaceSize(dy, x, out, ws, exec);
}

static double silu_ref(double dy, double x)
{
    double e = exp(-x), s = 1.0 / (1.0 + e);
    return dy * s * (1.0 + x * (s * e));
}

/* Tolerances: fp32 a few ulp relative (the kernels round the exp argument in fp32 first), plus SiLU's
 * cancellation, absolute at the inputs' scale; 16-bit one ulp of the type (fp16 subnormals absolute).
 * DOUBLE results (Softplus) use the fp32 row. */
const acpu_test_op acpu_test_ops[] = {
    {"EluBackward", elu_phase1, aclnnEluBackward, elu_ref, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, 3,
     {2e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, false},
    {"SoftplusBackward", softplus_phase1, aclnnSoftplusBackward, softplus_ref,
     {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}, 4, {2e-6, 1.0 / 1024, 1.0 / 128}, {1e-30, 6e-8, 1e-30}, true},
    {"SiluBackward", silu_phase1, aclnnSiluBackward, silu_ref, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}, 3,
     {1e-6, 1.0 / 1024, 1.0 / 128}, {1e-6, 1.0 / 1024, 1.0 / 128}, true},
};
const int acpu_test_num_ops = (int)(sizeof acpu_test_ops / sizeof acpu_test_ops[0]);
