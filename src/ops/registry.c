/* The operator registry (acpu_registry.h): every operator and every aclnn API of the library, as
 * data. An API row generates its public entry points (ops/acpu_entry.h); its checks run in the
 * order listed, which is CANN's (doc/CANN.md per API); the attributes' defaults are the operator
 * proto's (op_graph/<op>_proto.h of ops-nn). Adding an operator: doc/ARCHITECTURE.md#adding-an-operator. */
#include <float.h>
#include <math.h>

#include "ops/acpu_entry.h"
#include "ops/acpu_op_call.h"
#include "ops/acpu_public_headers.h" /* every include/aclnnop header: the entry points must match them */
#include "tiling/acpu_brc_base_tiling.h"
#include "tiling/acpu_elu_tiling.h"
#include "tiling/acpu_hard_tiling.h"
#include "tiling/acpu_silu_tiling.h"
#include "tiling/acpu_softplus_tiling.h"

/* ---- shorthands for the rows -------------------------------------------------------------------- */

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define F_ATTR(n, v) {.name = n, .type = ACPU_ATTR_FLOAT, .dflt = {.f = (float)(v), .d = (v), .b = (v) != 0.0}}
#define B_ATTR(n, v) {.name = n, .type = ACPU_ATTR_BOOL, .dflt = {.b = (v), .f = (v), .d = (v), .i = (v)}}
/* clang-format on */
/* A float attribute that CANN's IR has as an INPUT or OPTIONAL_INPUT tensor (acpu_attr_def.ir_input);
 * its integer value is set too (integer kernels, ClipByValueV2's, read .i). */
/* clang-format off */
#define F_INPUT(n, v, how) {.name = n, .type = ACPU_ATTR_FLOAT, .dflt = {.f = (float)(v), .d = (v), .b = (v) != 0.0, .i = (v)}, .ir_input = (how)}
/* clang-format on */

/* dtype sets */
#define DT_F32 ACPU_DT(ACL_FLOAT)
#define DT_F16 ACPU_DT(ACL_FLOAT16)
#define DT_BF16 ACPU_DT(ACL_BF16)
#define DT_F64 ACPU_DT(ACL_DOUBLE)
#define DT_INTS (ACPU_DT(ACL_INT8) | ACPU_DT(ACL_INT16) | ACPU_DT(ACL_INT32) | ACPU_DT(ACL_INT64) | ACPU_DT(ACL_UINT8))
#define DT_BOOL ACPU_DT(ACL_BOOL)
#define DT_COMPLEX (ACPU_DT(ACL_COMPLEX64) | ACPU_DT(ACL_COMPLEX128))
/* The same list on every profile, and one whose BF16 exists only where the profile has it (not Ascend910). */
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define ALL(set) {[ACPU_PG_910] = (set), [ACPU_PG_A2A3] = (set), [ACPU_PG_950] = (set)}
#define BF16_NOT_910(set) {[ACPU_PG_910] = (set) & ~DT_BF16, [ACPU_PG_A2A3] = (set), [ACPU_PG_950] = (set)}
/* clang-format on */

/* checks: parameter indices */
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define CK_DTYPE(p, lists) {.kind = ACPU_CK_DTYPE, .a = (p), .dtypes = lists}
#define CK_DTYPE_ON(pg, p, lists) {.kind = ACPU_CK_DTYPE, .a = (p), .profiles = (pg), .dtypes = lists}
#define CK_SAME_DTYPE(p, q) {.kind = ACPU_CK_SAME_DTYPE, .a = (p), .b = (q)}
#define CK_SAME_DTYPE_ON(pg, p, q) {.kind = ACPU_CK_SAME_DTYPE, .a = (p), .b = (q), .profiles = (pg)}
#define CK_PROMOTE_OUT_ON(pg, o, x, y) {.kind = ACPU_CK_PROMOTE_OUT, .a = (o), .b = (x), .c = (y), .profiles = (pg)}
#define CK_CAST_OUT(o, from, lists) {.kind = ACPU_CK_CAST_OUT, .a = (o), .b = (from), .dtypes = lists}
#define CK_SCALAR_CAST(p, dt) {.kind = ACPU_CK_SCALAR_CAST, .a = (p), .b = (dt)}
#define CK_SCALAR_DTYPE(p, lists) {.kind = ACPU_CK_SCALAR_DTYPE, .a = (p), .dtypes = lists}
#define CK_RANK(p) {.kind = ACPU_CK_RANK, .a = (p)}
#define CK_SAME_SHAPE(p, q) {.kind = ACPU_CK_SAME_SHAPE, .a = (p), .b = (q)}
#define CK_SAME_SHAPE_ON(pg, p, q) {.kind = ACPU_CK_SAME_SHAPE, .a = (p), .b = (q), .profiles = (pg)}
#define CK_BROADCAST_TO(p, q) {.kind = ACPU_CK_BROADCAST_TO, .a = (p), .b = (q)}
#define CK_BROADCAST_OUT_ON(pg, o, x, y) {.kind = ACPU_CK_BROADCAST_OUT, .a = (o), .b = (x), .c = (y), .profiles = (pg)}
#define CK_OWN {.kind = ACPU_CK_OWN}
#define CK_SCALAR_CAST_TO(p, t) {.kind = ACPU_CK_SCALAR_CAST_TO, .a = (p), .b = (t)}
#define CK_PROMOTE_CAST(o, x, y, lists) {.kind = ACPU_CK_PROMOTE_CAST, .a = (o), .b = (x), .c = (y), .dtypes = lists}
#define CK_NOT_PRIVATE_FORMAT(p, q) {.kind = ACPU_CK_NOT_PRIVATE_FORMAT, .a = (p), .b = (q)}
#define CK_SAME_FORMAT(p, q) {.kind = ACPU_CK_SAME_FORMAT, .a = (p), .b = (q)}
#define CK_CAN_CAST(to, from) {.kind = ACPU_CK_CAN_CAST, .a = (to), .b = (from)}
/* clang-format on */
#define CHECKS(...) .n_checks = sizeof((acpu_check[]){__VA_ARGS__}) / sizeof(acpu_check), .checks = {__VA_ARGS__}

#define PG_910_A2A3 (ACPU_PG_BIT(ACPU_PG_910) | ACPU_PG_BIT(ACPU_PG_A2A3))
#define PG_950 ACPU_PG_BIT(ACPU_PG_950)
#define PG_910 ACPU_PG_BIT(ACPU_PG_910)

#define TILINGS(...) \
    .n_tilings = sizeof((acpu_tiling_choice[]){__VA_ARGS__}) / sizeof(acpu_tiling_choice), .tilings = {__VA_ARGS__}

/* ==== the ELU family ================================================================================ */

/* EluGradV2: exp mode, or result mode when is_result. */
static acpu_kernel_id elu_grad_kernel(const acpu_attr_value *a)
{
    return a[3].b ? ACPU_KERNEL_ELU_GRAD_RESULT : ACPU_KERNEL_ELU_GRAD_EXP;
}

static const acpu_op_def k_op_elu_grad_v2 = {
    .type = "EluGradV2",
    .n_in = 2,
    .in = {"grads", "activations"},
    .out = "y",
    .n_attrs = 4,
    .in_dtypes = {DT_F32 | DT_F16 | DT_BF16, DT_F32 | DT_F16 | DT_BF16},
    .out_dtypes = DT_F32 | DT_F16 | DT_BF16,
    .attrs = {F_ATTR("alpha", 1.0), F_ATTR("scale", 1.0), F_ATTR("input_scale", 1.0), B_ATTR("is_result", false)},
    .kernel = ACPU_KERNEL_ELU_GRAD_EXP,
    .pick_kernel = elu_grad_kernel,
    TILINGS({&acpu_strategy_elu_grad_v2, NULL})};

/* Spec 2.3 step 6: alpha as converted (ToFloat); a quiet compare, so a NaN alpha never traps. */
static aclnnStatus elu_backward_own(const acpu_api_def *api, const acpu_call *c)
{
    if (c->attrs[3].b && isless(c->attrs[0].f, 0.0f)) {
        acpu_set_error("%s: alpha must be >= 0 when isResult is true, got %g", api->phase1, (double)c->attrs[0].f);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* Spec 2.3: kernel in gradOutput's dtype, then Cast to gradInput's.
 * CanCast's targets that this library can write are a closed list, so that no dtype without a cast
 * (sub-byte, 8-bit float, string, unknown values) ever reaches the planner. */
ACPU_API(EluBackward, "elu_backward",
         ((TIN, gradOutput, 0), (SCALAR, alpha, 0), (SCALAR, scale, 1), (SCALAR, inputScale, 2), (BOOL, isResult, 3),
          (TIN, selfOrResult, 1), (TOUT, gradInput, 0)),
         .op = &k_op_elu_grad_v2,
         CHECKS(CK_SAME_DTYPE(5, 0), CK_DTYPE(0, BF16_NOT_910(DT_F32 | DT_F16 | DT_BF16)), CK_SCALAR_CAST(1, ACL_FLOAT),
                CK_SCALAR_CAST(2, ACL_FLOAT), CK_SCALAR_CAST(3, ACL_FLOAT),
                CK_CAST_OUT(6, 0, ALL(DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX)), CK_SAME_SHAPE(5, 0),
                CK_SAME_SHAPE(6, 0), CK_RANK(0), CK_OWN),
         .own = elu_backward_own, .own_doc = "alpha (as ToFloat) >= 0 when isResult is true (161002)",
         .warn_fractal_nz = true)

/* Elu (activation/elu): x of the IR's FloatingDataType (double, float, float16) and bf16; the
 * AiCore kernel (EluDag, tiling key 101) takes fp32/fp16/bf16, DOUBLE runs on CANN's AiCpu Elu.
 * DAG constants of EluDag<T, float> (elu_dag.h) per kernel dtype fp32, fp16, bf16; DOUBLE, which has
 * no AiCore tiling on the device, is planned with the fp32 row (doc/DECISIONS.md). */
static uint64_t elu_tiling_key(const acpu_tiling_call *c, int variant)
{
    (void)c, (void)variant;
    return 101u; /* EluDag's one SetTilingKey value */
}

static const acpu_elewise_params k_elu_elewise = {.dag = {{{4, 4, 4}, {4, 2, 2}, {4, 2, 2}}},
                                                  .variant_names = {"EluDag"},
                                                  .layout = ACPU_ELEWISE_BASE,
                                                  .n_scalars = 3,
                                                  .scalar_attrs = {0, 1, 2},
                                                  .scalar_names = {"alpha", "scale", "inputScale"},
                                                  .workspace = 16777216u,
                                                  .tiling_key = elu_tiling_key};

#define DT_FLOATING (DT_F64 | DT_F32 | DT_F16) /* GE's FloatingDataType */

static const acpu_op_def k_op_elu = {.type = "Elu",
                                     .n_in = 1,
                                     .in = {"x"},
                                     .out = "y",
                                     .in_dtypes = {DT_FLOATING | DT_BF16},
                                     .out_dtypes = DT_FLOATING | DT_BF16,
                                     .n_attrs = 3,
                                     .attrs = {F_ATTR("alpha", 1.0), F_ATTR("scale", 1.0), F_ATTR("input_scale", 1.0)},
                                     .kernel = ACPU_KERNEL_ELU,
                                     TILINGS({&acpu_strategy_elewise, &k_elu_elewise})};

/* aclnn_elu.cpp NeedInfNanHandling: alpha or inputScale (ToFloat) inf or NaN gives
 * scale * Threshold(x, 0, -alpha), x cast to FLOAT first (DOUBLE, FLOAT16, BF16), computed in fp32,
 * then cast to out's dtype. The element-wise plan stays Elu's for fp32 (doc/CANN.md#elu). */
static bool elu_nonfinite_path(const acpu_attr_value *a, acpu_kernel_id *kernel, aclDataType *compute_dt)
{
    if (isfinite(a[0].f) && isfinite(a[2].f))
        return false;
    *kernel = ACPU_KERNEL_ELU_THRESHOLD;
    *compute_dt = ACL_FLOAT;
    return true;
}

/* aclnn_elu.cpp CheckParams: NULLs (self, alpha, scale, inputScale, out); self's dtype in {FLOAT,
 * FLOAT16, DOUBLE, BF16} on every SoC (Ascend910 runs BF16 on its AiCpu kernel); scale, then alpha, then
 * inputScale castable to FLOAT; out a cast target of self; out's shape self's; self at most 8 dims.
 * The kernel computes in self's dtype, then Cast to out's. */
#define ELU_DTYPES ALL(DT_F32 | DT_F16 | DT_F64 | DT_BF16)
#define ELU_OUT_DTYPES ALL(DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX)
ACPU_API(Elu, "elu", ((TIN, self, 0), (SCALAR, alpha, 0), (SCALAR, scale, 1), (SCALAR, inputScale, 2), (TOUT, out, 0)),
         .op = &k_op_elu,
         CHECKS(CK_DTYPE(0, ELU_DTYPES), CK_SCALAR_CAST(2, ACL_FLOAT), CK_SCALAR_CAST(1, ACL_FLOAT),
                CK_SCALAR_CAST(3, ACL_FLOAT), CK_CAST_OUT(4, 0, ELU_OUT_DTYPES), CK_SAME_SHAPE(4, 0), CK_RANK(0)),
         .own_path = elu_nonfinite_path)

/* The same path with selfRef as self and out (GetWorkspaceSizeCommon). */
ACPU_API(InplaceElu, "inplace_elu",
         ((TINOUT, selfRef, 0), (SCALAR, alpha, 0), (SCALAR, scale, 1), (SCALAR, inputScale, 2)), .op = &k_op_elu,
         CHECKS(CK_DTYPE(0, ELU_DTYPES), CK_SCALAR_CAST(2, ACL_FLOAT), CK_SCALAR_CAST(1, ACL_FLOAT),
                CK_SCALAR_CAST(3, ACL_FLOAT), CK_RANK(0)),
         .own_path = elu_nonfinite_path)

/* EluGrad (activation/elu_grad; graph only, no aclnn API): TensorFlow's EluGrad on the forward's
 * activations. The AiCore kernel takes fp32/fp16/bf16 (no AiCpu kernel: the IR's DOUBLE has none).
 * DAG constants of EluGradDag<T> (elu_grad_dag.h: the compare's uint8 mask is the min dtype);
 * template arguments scheMode (DoTiling's 1) and dType (TPL_FP16 1, TPL_BF16 2, TPL_FP32 3). */
static void elu_grad_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)variant;
    s->u64(s->ctx, "scheMode", 1u);
    s->u64(s->ctx, "dType", c->compute_dt == ACL_FLOAT16 ? 1u : c->compute_dt == ACL_BF16 ? 2u : 3u);
}

static const acpu_elewise_params k_elu_grad_elewise = {.dag = {{{9, 4, 1}, {10, 4, 1}, {10, 4, 1}}},
                                                       .variant_names = {"EluGradDag"},
                                                       .layout = ACPU_ELEWISE_BASE,
                                                       .tpl_args = elu_grad_tpl_args,
                                                       .workspace = 16777216u};

static const acpu_op_def k_op_elu_grad = {.type = "EluGrad",
                                          .n_in = 2,
                                          .in = {"grads", "activations"},
                                          .out = "y",
                                          .in_dtypes = {DT_FLOATING | DT_BF16, DT_FLOATING | DT_BF16},
                                          .out_dtypes = DT_FLOATING | DT_BF16,
                                          .kernel = ACPU_KERNEL_ELU_GRAD,
                                          TILINGS({&acpu_strategy_elewise, &k_elu_grad_elewise})};

#define ELU_OPS &k_op_elu_grad_v2, &k_op_elu, &k_op_elu_grad,
#define ELU_APIS &k_api_EluBackward, &k_api_Elu, &k_api_InplaceElu,

/* ==== the CELU family =============================================================================== */

/* CeluV2's tiling (celu_v2_tiling_arch35.cpp) is the big/small-core scheme: 32-byte blocks,
 * BUFFER_NUM 2, 5 (fp32) or 7 (16-bit) logical buffers per tile: ub / 32 / 2 / 5 or 7 blocks. It
 * fails for |alpha| < 1e-7 (the op_api has refused alpha == 0 and NaN before). Workspace: 512 plus
 * the platform library's 16 MiB. */
static const char *celu_refuse(const acpu_tiling_call *c)
{
    return fabsf(c->attrs[0].f) < 1e-7f ? "alpha is zero or near zero (|alpha| < 1e-7)" : NULL;
}

static void celu_scalars(const acpu_tiling_call *c, const acpu_field_sink *s)
{
    s->real(s->ctx, "alpha", (double)c->attrs[0].f);
    s->real(s->ctx, "invAlpha", (double)(1.0f / c->attrs[0].f));
}

static const acpu_bigsmall_params k_celu_bigsmall = {.block_bytes = 32u,
                                                     .single_buffers = {10u, 14u},
                                                     .double_buffers = {10u, 14u},
                                                     .buffering = ACPU_BS_DOUBLE,
                                                     .refuse = celu_refuse,
                                                     .describe_scalars = celu_scalars,
                                                     .workspace = 512u + 16777216u};

static const acpu_op_def k_op_celu_v2 = {.type = "CeluV2",
                                         .n_in = 1,
                                         .in = {"x"},
                                         .out = "y",
                                         .n_attrs = 1,
                                         .attrs = {F_ATTR("alpha", 1.0)},
                                         .in_dtypes = {DT_F32 | DT_F16 | DT_BF16},
                                         .out_dtypes = DT_F32 | DT_F16 | DT_BF16,
                                         .kernel = ACPU_KERNEL_CELU_V2,
                                         TILINGS({&acpu_strategy_bigsmall, &k_celu_bigsmall})};

/* aclnn_celu.cpp CheckAttributeValue: !(alpha > 0 || alpha < 0) on ToFloat: zero and NaN. */
static aclnnStatus celu_own(const acpu_api_def *api, const acpu_call *c)
{
    float alpha = c->attrs[0].f;
    if (!(alpha > 0.0f || alpha < 0.0f)) {
        acpu_set_error("%s: alpha cannot be 0 for CELU (must be nonzero and not NaN), got %g", api->phase1,
                       (double)alpha);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* aclnn_celu.cpp: self in the list (910B list on regbase and DAV_2201, else 910's), alpha castable
 * to FLOAT, out a cast target of self, rank <= 8, equal shapes, alpha nonzero; CeluV2 with
 * alpha->ToFloat(), then Cast to out. The in-place API runs the same checks on (selfRef, selfRef). */
#define CELU_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_BF16)
ACPU_API(Celu, "celu", ((TIN, self, 0), (SCALAR, alpha, 0), (TOUT, out, 0)), .op = &k_op_celu_v2,
         CHECKS(CK_DTYPE(0, CELU_DTYPES), CK_SCALAR_CAST(1, ACL_FLOAT),
                CK_CAST_OUT(2, 0, ALL(DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX)), CK_RANK(0),
                CK_SAME_SHAPE(2, 0), CK_OWN),
         .own = celu_own)
ACPU_API(InplaceCelu, "inplace_celu", ((TINOUT, selfRef, 0), (SCALAR, alpha, 0)), .op = &k_op_celu_v2,
         CHECKS(CK_DTYPE(0, CELU_DTYPES), CK_SCALAR_CAST(1, ACL_FLOAT), CK_RANK(0), CK_OWN), .own = celu_own)

#define CELU_OPS &k_op_celu_v2,
#define CELU_APIS &k_api_Celu, &k_api_InplaceCelu,

/* ==== the Softplus family =========================================================================== */

static const acpu_op_def k_op_softplus_v2_grad = {
    .type = "SoftplusV2Grad",
    .n_in = 2,
    .in = {"input_gradients", "input_features"},
    .out = "output_backprops",
    .in_dtypes = {DT_F32 | DT_F16 | DT_BF16, DT_F32 | DT_F16 | DT_BF16},
    .out_dtypes = DT_F32 | DT_F16 | DT_BF16,
    .n_attrs = 2,
    .attrs = {F_ATTR("beta", 1.0), F_ATTR("threshold", 20.0)},
    .kernel = ACPU_KERNEL_SOFTPLUS_GRAD,
    TILINGS({&acpu_strategy_sp_910b, NULL}, {&acpu_strategy_sp_arch35, NULL})};

/* Spec 3.3, with gradOutput allowed to broadcast to self's shape;
 * the "910B" lists (with BF16) wherever the profile has BF16. */
#define SP_GRAD_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_F64 | DT_BF16)
ACPU_API(SoftplusBackward, "softplus_backward",
         ((TIN, gradOutput, 0), (TIN, self, 1), (SCALAR, beta, 0), (SCALAR, threshold, 1), (TOUT, gradInput, 0)),
         .op = &k_op_softplus_v2_grad,
         CHECKS(CK_DTYPE(0, SP_GRAD_DTYPES),
                CK_DTYPE(1, BF16_NOT_910(DT_INTS | DT_F16 | DT_F32 | DT_F64 | DT_BOOL | DT_BF16)),
                CK_DTYPE(4, SP_GRAD_DTYPES), CK_RANK(0), CK_RANK(1), CK_RANK(4), CK_BROADCAST_TO(0, 1),
                CK_SAME_SHAPE(4, 1)))

/* SoftplusV2 (activation/softplus_v2): its arch35 kernel's own split (softplus_tiling.h) on every
 * profile. */
static const acpu_op_def k_op_softplus_v2 = {.type = "SoftplusV2",
                                             .n_in = 1,
                                             .in = {"x"},
                                             .out = "y",
                                             .n_attrs = 2,
                                             .attrs = {F_ATTR("beta", 1.0), F_ATTR("threshold", 20.0)},
                                             .in_dtypes = {DT_F32 | DT_F16 | DT_BF16},
                                             .out_dtypes = DT_F32 | DT_F16 | DT_BF16,
                                             .kernel = ACPU_KERNEL_SOFTPLUS_V2,
                                             TILINGS({&acpu_strategy_sp_v2, NULL})};

/* aclnn_softplus.cpp: self in the profile's list (ASCEND950_DTYPE_SUPPORT_LIST on regbase, which
 * the doc calls unsupported: the code decides, doc/DECISIONS.md), beta and threshold castable to
 * self's dtype, out a cast target of self; rank <= 8, equal shapes. SoftplusV2 with ToFloat of both
 * scalars, then Cast to out. */
ACPU_API(Softplus, "softplus", ((TIN, self, 0), (SCALAR, beta, 0), (SCALAR, threshold, 1), (TOUT, out, 0)),
         .op = &k_op_softplus_v2,
         CHECKS(CK_DTYPE(0, BF16_NOT_910(DT_F32 | DT_F16 | DT_BF16)), CK_SCALAR_CAST_TO(1, 0), CK_SCALAR_CAST_TO(2, 0),
                CK_CAST_OUT(3, 0, ALL(DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX)), CK_RANK(0),
                CK_SAME_SHAPE(0, 3)))

#define SOFTPLUS_OPS &k_op_softplus_v2_grad, &k_op_softplus_v2,
#define SOFTPLUS_APIS &k_api_SoftplusBackward, &k_api_Softplus,

/* ==== the SiLU family =============================================================================== */

static const acpu_op_def k_op_silu_grad = {
    .type = "SiluGrad",
    .n_in = 2,
    .in = {"dy", "x"},
    .out = "dx",
    .kernel = ACPU_KERNEL_SILU_GRAD,
    .in_dtypes = {DT_F32 | DT_F16 | DT_BF16, DT_F32 | DT_F16 | DT_BF16},
    .out_dtypes = DT_F32 | DT_F16 | DT_BF16,
    TILINGS({&acpu_strategy_silu_910b, NULL}, {&acpu_strategy_silu_arch35, NULL})};

/* SiLU spec 3.3: the lists; the pairing rule of the profile (regbase:
 * mixed inputs give their promotion, FLOAT; otherwise all equal); BF16 only where the profile has it;
 * equal shapes, or (regbase) broadcasting to gradInput. */
#define SILU_DTYPES ALL(DT_F16 | DT_F32 | DT_BF16)
ACPU_API(SiluBackward, "silu_backward", ((TIN, gradOutput, 0), (TIN, self, 1), (TOUT, gradInput, 0)),
         .op = &k_op_silu_grad,
         CHECKS(CK_DTYPE(0, SILU_DTYPES), CK_DTYPE(1, SILU_DTYPES), CK_DTYPE(2, SILU_DTYPES),
                CK_PROMOTE_OUT_ON(PG_950, 2, 0, 1), CK_SAME_DTYPE_ON(PG_910_A2A3, 0, 2),
                CK_SAME_DTYPE_ON(PG_910_A2A3, 1, 2), CK_DTYPE_ON(PG_910, 0, ALL(DT_F16 | DT_F32)),
                CK_DTYPE_ON(PG_910, 1, ALL(DT_F16 | DT_F32)), CK_RANK(0), CK_RANK(1),
                CK_SAME_SHAPE_ON(PG_910_A2A3, 0, 2), CK_SAME_SHAPE_ON(PG_910_A2A3, 1, 2),
                CK_BROADCAST_OUT_ON(PG_950, 2, 0, 1)))

/* Swish (activation/swish): the scale attribute picks the kernel DAG as its arch35 tiling does
 * (CANN's IsFloatEqual: -1 and 0 have their own DAGs). DAG constants of SwishOther / SwishNegOne /
 * SwishZero (swish_dag.h) per kernel dtype fp32, fp16, bf16. */
static int swish_variant(const acpu_attr_value *a)
{
    return acpu_cann_float_equal(a[0].f, -1.0f) ? 1 : acpu_cann_float_equal(a[0].f, 0.0f) ? 2 : 0;
}

static acpu_kernel_id swish_kernel(const acpu_attr_value *a)
{
    static const acpu_kernel_id k[3] = {ACPU_KERNEL_SWISH, ACPU_KERNEL_SWISH_NEG_ONE, ACPU_KERNEL_SWISH_ZERO};
    return k[swish_variant(a)];
}

static int swish_tiling_variant(const acpu_tiling_call *c) { return swish_variant(c->attrs); }

/* TPL_SCALE_OTHER 3, TPL_SCALE_NEG_ONE 1, TPL_SCALE_ZERO 2; schMode stays 0 (swish_tiling_arch35.h). */
static void swish_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    static const uint64_t attr_work[3] = {3u, 1u, 2u};
    (void)c;
    s->u64(s->ctx, "schMode", 0u);
    s->u64(s->ctx, "attrWork", attr_work[variant]);
}

static const acpu_elewise_params k_swish_elewise = {
    .dag = {{{4, 4, 4}, {4, 2, 2}, {4, 2, 2}}, {{4, 4, 4}, {4, 2, 2}, {4, 2, 2}}, {{4, 4, 4}, {6, 4, 2}, {6, 4, 2}}},
    .variant = swish_tiling_variant,
    .variant_names = {"SwishOther", "SwishNegOne", "SwishZero"},
    .layout = ACPU_ELEWISE_COMPACT,
    .n_scalars = 1,
    .scalar_attrs = {0},
    .scalar_names = {"scale"},
    .tpl_args = swish_tpl_args,
    .workspace = 16777216u};

static const acpu_op_def k_op_swish = {.type = "Swish",
                                       .n_in = 1,
                                       .in = {"x"},
                                       .out = "y",
                                       .n_attrs = 1,
                                       .attrs = {F_ATTR("scale", 1.0)},
                                       .in_dtypes = {DT_F32 | DT_F16 | DT_BF16},
                                       .out_dtypes = DT_F32 | DT_F16 | DT_BF16,
                                       .kernel = ACPU_KERNEL_SWISH,
                                       .pick_kernel = swish_kernel,
                                       TILINGS({&acpu_strategy_elewise, &k_swish_elewise})};

/* aclnn_silu.cpp: CheckDtypeValidActivation (self, then out, in the profile's list; out as self),
 * CheckSameShapeNotlimit1In1Out; l0op::Swish with scale 1. */
#define ACTIVATION_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_BF16)
ACPU_API(Silu, "silu", ((TIN, self, 0), (TOUT, out, 0)), .op = &k_op_swish,
         CHECKS(CK_DTYPE(0, ACTIVATION_DTYPES), CK_DTYPE(1, ACTIVATION_DTYPES), CK_SAME_DTYPE(1, 0),
                CK_SAME_SHAPE(0, 1)))

/* aclnn_swish.cpp: the out-pointers first (OP_CHECK_COMM_INPUT), NULLs (self, out; betaOptional may
 * be NULL: scale 1.0), CheckDtypeValidActivation (self, then out, in the profile's list; out as
 * self), betaOptional castable to FLOAT, self and out at most 8 dims, CheckSameShapeNotlimit1In1Out;
 * l0op::Swish with scale = betaOptional->ToFloat(). */
ACPU_API(Swish, "swish", ((TIN, self, 0), (SCALAR_OPT, betaOptional, 0), (TOUT, out, 0)), .op = &k_op_swish,
         CHECKS(CK_DTYPE(0, ACTIVATION_DTYPES), CK_DTYPE(2, ACTIVATION_DTYPES), CK_SAME_DTYPE(2, 0),
                CK_SCALAR_CAST(1, ACL_FLOAT), CK_RANK(0), CK_RANK(2), CK_SAME_SHAPE(0, 2)))

/* SwishGrad (activation/swish_grad): IR inputs grad, x, y and output grad_x, all of one dtype; the
 * kernel reads grad and x only (the DAG binds In0 and In1; the l0op passes self again as y).
 * DAG constants of SwishGradDAG<T> (swish_grad_dag.h); template arguments schMode (the tiling
 * data's scheMode, 1) and dType (TPL_FP16 1, TPL_BF16 2, TPL_FP32 3); SwishGradTilingData is
 * EleBaseTilingData and the float scale. */
static void swish_grad_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)variant;
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "dType", c->compute_dt == ACL_FLOAT16 ? 1u : c->compute_dt == ACL_BF16 ? 2u : 3u);
}

static const acpu_elewise_params k_swish_grad_elewise = {.dag = {{{6, 4, 4}, {6, 2, 2}, {6, 2, 2}}},
                                                         .variant_names = {"SwishGradDAG"},
                                                         .layout = ACPU_ELEWISE_BASE,
                                                         .n_scalars = 1,
                                                         .scalar_attrs = {0},
                                                         .scalar_names = {"scale"},
                                                         .tpl_args = swish_grad_tpl_args,
                                                         .workspace = 16777216u};

static const acpu_op_def k_op_swish_grad = {.type = "SwishGrad",
                                            .n_in = 2,
                                            .in = {"grad", "x"},
                                            .unread_in = {"y"},
                                            .out = "grad_x",
                                            .in_dtypes = {DT_F16 | DT_F32 | DT_BF16, DT_F16 | DT_F32 | DT_BF16},
                                            .out_dtypes = DT_F16 | DT_F32 | DT_BF16,
                                            .n_attrs = 1,
                                            .attrs = {F_ATTR("scale", 1.0)},
                                            .kernel = ACPU_KERNEL_SWISH_GRAD,
                                            TILINGS({&acpu_strategy_elewise, &k_swish_grad_elewise})};

/* aclnn_swish_backward.cpp: the out-pointers, NULLs (gradOutput, self, gradInput; betaOptional may
 * be NULL: scale 1.0); gradOutput's, then self's dtype in {FLOAT16, FLOAT, BF16}; betaOptional
 * castable to FLOAT; gradOutput's and self's dtype equal to gradInput's; a BF16 self only on
 * 910B..910E and Ascend950 (not Ascend910); gradOutput, self, gradInput at most 8 dims; gradOutput's
 * and self's shape gradInput's. */
#define SWISH_GRAD_DTYPES ALL(DT_F16 | DT_F32 | DT_BF16)
ACPU_API(SwishBackward, "swish_backward",
         ((TIN, gradOutput, 0), (TIN, self, 1), (SCALAR_OPT, betaOptional, 0), (TOUT, gradInput, 0)),
         .op = &k_op_swish_grad,
         CHECKS(CK_DTYPE(0, SWISH_GRAD_DTYPES), CK_DTYPE(1, SWISH_GRAD_DTYPES), CK_SCALAR_CAST(2, ACL_FLOAT),
                CK_SAME_DTYPE(0, 3), CK_SAME_DTYPE(1, 3), CK_DTYPE_ON(PG_910, 1, ALL(DT_F16 | DT_F32)), CK_RANK(0),
                CK_RANK(1), CK_RANK(3), CK_SAME_SHAPE(0, 3), CK_SAME_SHAPE(1, 3)))

#define SILU_OPS &k_op_silu_grad, &k_op_swish, &k_op_swish_grad,
#define SILU_APIS &k_api_SiluBackward, &k_api_Silu, &k_api_Swish, &k_api_SwishBackward,

/* ==== the Sigmoid family =============================================================== */

/* Complex inputs (CANN: the AiCpu Sigmoid / SigmoidGrad) are refused here, 161002 (doc/DECISIONS.md);
 * a complex output of real inputs is the real result with imaginary part 0, as CANN's cast gives. */
static aclnnStatus refuse_complex(const acpu_api_def *api, const acpu_call *c)
{
    for (int j = 0; j < c->n_in; j++) {
        aclDataType dt = c->in[j]->dtype;
        if (dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128) {
            acpu_set_error("%s: %s dtype %s is not supported by aclnn-cpu (no complex %s kernel)", api->phase1,
                           c->in_name[j], acpu_dtype_name(dt), api->short_name);
            return ACLNN_ERR_PARAM_INVALID;
        }
    }
    return ACLNN_SUCCESS;
}

/* The older ElewiseTiling helper (E'): bufferDivisor 128 (fp32) or 64 (16-bit) bits per element
 * with maxDtypeBits 32, i.e. 4 and 2 buffers (sigmoid_tiling_arch35.cpp GetComputeMap); tiling key
 * opKey * 10^14 + 100 (opKey 3 fp32, 1 fp16, 2 bf16), workspace 32. DOUBLE (AiCpu on the device) is
 * planned as fp32. */
static const acpu_elewise_params k_sigmoid_elewise = {
    .dag = {{{4, 4, 4}, {2, 4, 2}, {2, 4, 2}}},
    .layout = ACPU_ELEWISE_LEGACY,
    .workspace = 32u,
    .legacy_key = {300000000000100u, 100000000000100u, 200000000000100u}};

static const acpu_op_def k_op_sigmoid = {.type = "Sigmoid",
                                         .n_in = 1,
                                         .in = {"x"},
                                         .out = "y",
                                         .in_dtypes = {DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX},
                                         .out_dtypes = DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX,
                                         .kernel = ACPU_KERNEL_SIGMOID,
                                         TILINGS({&acpu_strategy_elewise, &k_sigmoid_elewise})};

/* SigmoidGrad(y, dy): bufferDivisor 192 / 96 (sigmoid_grad_tiling_arch35.cpp), i.e. 6 and 3 buffers. */
static const acpu_elewise_params k_sigmoid_grad_elewise = {
    .dag = {{{6, 4, 4}, {3, 4, 2}, {3, 4, 2}}},
    .layout = ACPU_ELEWISE_LEGACY,
    .workspace = 32u,
    .legacy_key = {300000000000100u, 100000000000100u, 200000000000100u}};

static const acpu_op_def k_op_sigmoid_grad = {
    .type = "SigmoidGrad",
    .n_in = 2,
    .in = {"y", "dy"},
    .out = "z",
    .n_attrs = 1,
    .attrs = {B_ATTR("complex_conj", false)},
    .in_dtypes = {DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX, DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX},
    .out_dtypes = DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX,
    .kernel = ACPU_KERNEL_SIGMOID_GRAD,
    TILINGS({&acpu_strategy_elewise, &k_sigmoid_grad_elewise})};

/* aclnn_sigmoid.cpp: self in DTYPE_SUPPORT_LIST and out in DTYPE_OUT_LIST on every profile, a BF16
 * self only where the SoC is 910B..910E; equal shapes, rank <= 8. No CanCast: a self outside the
 * out list (integers, bool) is cast to out's dtype before the kernel (the compute rule). */
#define SIGMOID_SELF_DTYPES (DT_F32 | DT_F16 | DT_F64 | DT_INTS | DT_BOOL | DT_COMPLEX | DT_BF16)
#define SIGMOID_OUT_DTYPES (DT_F32 | DT_F16 | DT_F64 | DT_COMPLEX | DT_BF16)
ACPU_API(Sigmoid, "sigmoid", ((TIN, self, 0), (TOUT, out, 0)), .op = &k_op_sigmoid,
         CHECKS(CK_DTYPE(0, ALL(SIGMOID_SELF_DTYPES)), CK_DTYPE(1, ALL(SIGMOID_OUT_DTYPES)),
                CK_DTYPE_ON(PG_910, 0, ALL(SIGMOID_SELF_DTYPES & ~DT_BF16)), CK_SAME_SHAPE(0, 1), CK_RANK(0), CK_OWN),
         .own = refuse_complex, .compute = ACPU_COMPUTE_FLOAT_ELSE_OUT)
/* CheckInplaceParams: selfRef in the out list of the profile (no BF16 on Ascend910), then the
 * checks above on (selfRef, selfRef), of which only the rank can still fail. */
ACPU_API(InplaceSigmoid, "inplace_sigmoid", ((TINOUT, selfRef, 0)), .op = &k_op_sigmoid,
         CHECKS(CK_DTYPE(0, BF16_NOT_910(SIGMOID_OUT_DTYPES)), CK_RANK(0), CK_OWN), .own = refuse_complex)

/* aclnn_sigmoid_backward.cpp: the three dtypes in the list, a BF16 gradOutput only where the SoC is
 * 910B..910E, ranks <= 8, the promotion of gradOutput and output in the list and castable to
 * gradInput, gradInput's shape the broadcast of theirs; both are broadcast (BroadcastTo) and cast
 * to the promotion, SigmoidGrad(output, gradOutput), then Cast to gradInput. */
#define SIGMOID_GRAD_DTYPES ALL(DT_F32 | DT_F16 | DT_F64 | DT_COMPLEX | DT_BF16)
ACPU_API(SigmoidBackward, "sigmoid_backward", ((TIN, gradOutput, 1), (TIN, output, 0), (TOUT, gradInput, 0)),
         .op = &k_op_sigmoid_grad,
         CHECKS(CK_DTYPE(0, SIGMOID_GRAD_DTYPES), CK_DTYPE(1, SIGMOID_GRAD_DTYPES), CK_DTYPE(2, SIGMOID_GRAD_DTYPES),
                CK_DTYPE_ON(PG_910, 0, ALL(DT_F32 | DT_F16 | DT_F64 | DT_COMPLEX)), CK_OWN, CK_RANK(0), CK_RANK(1),
                CK_PROMOTE_CAST(2, 0, 1, SIGMOID_GRAD_DTYPES), CK_BROADCAST_OUT_ON(0, 2, 0, 1)),
         .own = refuse_complex)

#define SIGMOID_OPS &k_op_sigmoid, &k_op_sigmoid_grad,
#define SIGMOID_APIS &k_api_Sigmoid, &k_api_InplaceSigmoid, &k_api_SigmoidBackward,

/* ==== the Tanh family ================================================================== */

/* Tanh (ops-math math/tanh): the atvoss element-wise scheme with TanhDAG (tanh_dag.h) per kernel
 * dtype fp32, fp16, bf16 (the DAG probe: BufferNum 4 / 6 / 6, MaxDtypeBytes 4, MinDtypeBytes 4 / 2
 * / 2), EleBaseTilingData, template arguments schMode (the tiling's scheMode, 1) and dType
 * (TPL_FP32 3, TPL_FP16 1, TPL_BF16 2), workspace 16 MiB. */
static void tanh_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)variant;
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "dType", c->compute_dt == ACL_FLOAT16 ? 1u : c->compute_dt == ACL_BF16 ? 2u : 3u);
}

static const acpu_elewise_params k_tanh_elewise = {.dag = {{{4, 4, 4}, {6, 4, 2}, {6, 4, 2}}},
                                                   .layout = ACPU_ELEWISE_BASE,
                                                   .tpl_args = tanh_tpl_args,
                                                   .workspace = 16777216u};

static const acpu_op_def k_op_tanh = {.type = "Tanh",
                                      .n_in = 1,
                                      .in = {"x"},
                                      .out = "y",
                                      .in_dtypes = {DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX},
                                      .out_dtypes = DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX,
                                      .kernel = ACPU_KERNEL_TANH,
                                      TILINGS({&acpu_strategy_elewise, &k_tanh_elewise})};

/* TanhGrad(y, dy) (tanh_grad_tiling_arch35.cpp): BroadcastTiling with the compute map of its opKey
 * (y, dy, z): bufferDivisor 96 for the 16-bit triples, 192 for fp32, 160 or 128 for the mixed ones
 * (the op_api never makes those: it requires one dtype), workspace 32. */
static const acpu_broadcast_params k_tanh_grad_broadcast = {.n_keys = 9,
                                                            .workspace = 32u,
                                                            .keys = {{{ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, 96, 16},
                                                                     {{ACL_FLOAT, ACL_FLOAT, ACL_FLOAT}, 192, 32},
                                                                     {{ACL_BF16, ACL_BF16, ACL_BF16}, 96, 16},
                                                                     {{ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT}, 160, 16},
                                                                     {{ACL_FLOAT16, ACL_BF16, ACL_FLOAT}, 128, 16},
                                                                     {{ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT}, 160, 16},
                                                                     {{ACL_FLOAT, ACL_BF16, ACL_FLOAT}, 160, 16},
                                                                     {{ACL_BF16, ACL_FLOAT16, ACL_FLOAT}, 128, 16},
                                                                     {{ACL_BF16, ACL_FLOAT, ACL_FLOAT}, 160, 16}}};

static const acpu_op_def k_op_tanh_grad = {
    .type = "TanhGrad",
    .n_in = 2,
    .in = {"y", "dy"},
    .out = "z",
    .n_attrs = 1,
    .attrs = {B_ATTR("complex_conj", false)},
    .in_dtypes = {DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX, DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX},
    .out_dtypes = DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX,
    .kernel = ACPU_KERNEL_TANH_GRAD,
    TILINGS({&acpu_strategy_broadcast, &k_tanh_grad_broadcast})};

/* Tanh's op_api (the cast check and its integer rule): out must be a cast target of FLOAT when
 * self is an integer or bool (cast to FLOAT for the kernel), else of self's dtype. */
static aclnnStatus tanh_own(const acpu_api_def *api, const acpu_call *c)
{
    aclDataType self = c->in[0]->dtype, out = c->out->dtype;
    aclDataType from = self == ACL_FLOAT || self == ACL_FLOAT16 || self == ACL_BF16 ? self : ACL_FLOAT;
    if (acpu_can_cast(from, out))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: out dtype must be a cast target of %s (self %s), got %s", api->phase1, acpu_dtype_name(from),
                   acpu_dtype_name(self), acpu_dtype_name(out));
    return ACLNN_ERR_PARAM_INVALID;
}

/* aclnn_tanh.cpp: self and out in the same list (the 910B list where the SoC is 910B..910E, which
 * takes Ascend950), out castable from self (integers and bool as FLOAT), rank <= 8, equal shapes;
 * integer and bool self cast to FLOAT, Tanh, Cast to out. */
#define TANH_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_BOOL | DT_INTS | DT_BF16)
ACPU_API(Tanh, "tanh", ((TIN, self, 0), (TOUT, out, 0)), .op = &k_op_tanh,
         CHECKS(CK_DTYPE(0, TANH_DTYPES), CK_DTYPE(1, TANH_DTYPES), CK_OWN, CK_SAME_FORMAT(1, 0),
                CK_NOT_PRIVATE_FORMAT(0, 1), CK_RANK(0), CK_SAME_SHAPE(0, 1)),
         .own = tanh_own)
/* CheckInplaceParams: selfRef in the out list (910B list on 910B, 910_93 and regbase), then the
 * checks above on (selfRef, selfRef), of which only a private format and the rank can still fail. */
ACPU_API(InplaceTanh, "inplace_tanh", ((TINOUT, selfRef, 0)), .op = &k_op_tanh,
         CHECKS(CK_DTYPE(0, BF16_NOT_910(DT_F32 | DT_F16 | DT_BF16)), CK_NOT_PRIVATE_FORMAT(0, 0), CK_RANK(0)))

/* aclnn_tanh_backward.cpp: the three dtypes in the list of the arch (DAV_2201 and DAV_3510: with
 * BF16), gradOutput's dtype equal to output's and gradInput's, ranks <= 8, gradInput's shape the
 * broadcast of gradOutput's and output's; TanhGrad(output, gradOutput) (broadcasting in the
 * kernel), then Cast (regbase). */
#define TANH_GRAD_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_F64 | DT_BF16)
ACPU_API(TanhBackward, "tanh_backward", ((TIN, gradOutput, 1), (TIN, output, 0), (TOUT, gradInput, 0)),
         .op = &k_op_tanh_grad,
         CHECKS(CK_DTYPE(0, TANH_GRAD_DTYPES), CK_DTYPE(1, TANH_GRAD_DTYPES), CK_DTYPE(2, TANH_GRAD_DTYPES),
                CK_SAME_DTYPE(0, 1), CK_SAME_DTYPE(0, 2), CK_RANK(0), CK_RANK(1), CK_BROADCAST_OUT_ON(0, 2, 0, 1)))

#define TANH_OPS &k_op_tanh, &k_op_tanh_grad,
#define TANH_APIS &k_api_Tanh, &k_api_InplaceTanh, &k_api_TanhBackward,

/* ==== the GELU family ================================================================== */

/* The GELU kernels' dType template argument (TPL_FP16 1, TPL_BF16 2, TPL_FP32 3). */
static uint64_t gelu_tpl_dtype(aclDataType dt) { return dt == ACL_FLOAT16 ? 1u : dt == ACL_BF16 ? 2u : 3u; }

/* GeluTiling::RunTiling (gelu_tiling_arch35.cpp): ElewiseBaseTiling::DoTiling into
 * EleBaseTilingData16B with GeluDAG<T> (gelu_dag.h, probed: BufferNum 4 / 6 / 6, MaxDtypeBytes 4,
 * MinDtypeBytes 4 / 2 / 2 for fp32 / fp16 / bf16); GET_TPL_TILING_KEY(1, dType); workspace 16 MiB. */
static void gelu_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)variant;
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "dType", gelu_tpl_dtype(c->compute_dt));
}

static const acpu_elewise_params k_gelu_elewise = {.dag = {{{4, 4, 4}, {6, 4, 2}, {6, 4, 2}}},
                                                   .variant_names = {"GeluDAG"},
                                                   .layout = ACPU_ELEWISE_COMPACT,
                                                   .tpl_args = gelu_tpl_args,
                                                   .workspace = 16777216u};

#define GELU_DT (DT_F32 | DT_F16 | DT_BF16)
static const acpu_op_def k_op_gelu = {.type = "Gelu",
                                      .n_in = 1,
                                      .in = {"x"},
                                      .out = "y",
                                      .in_dtypes = {GELU_DT},
                                      .out_dtypes = GELU_DT,
                                      .kernel = ACPU_KERNEL_GELU,
                                      TILINGS({&acpu_strategy_elewise, &k_gelu_elewise})};

/* aclnn_gelu.cpp CheckParams: NULL self, out; a BF16 self only on DAV_2201 and regbase (not
 * Ascend910), self in {FLOAT, FLOAT16, BF16}, out's dtype self's; no private storage format
 * (CheckFormat); self at most 8 dims, out's shape self's. Gelu (the tanh form) in self's dtype,
 * ViewCopy to out. */
#define GELU_DTYPES BF16_NOT_910(GELU_DT)
ACPU_API(Gelu, "gelu", ((TIN, self, 0), (TOUT, out, 0)), .op = &k_op_gelu,
         CHECKS(CK_DTYPE(0, GELU_DTYPES), CK_SAME_DTYPE(1, 0), CK_NOT_PRIVATE_FORMAT(0, 1), CK_RANK(0),
                CK_SAME_SHAPE(1, 0)))

/* GeluV2 (activation/gelu_v2): its string attribute approximate ("none" the erf form, "tanh");
 * aclnnGeluV2 passes "tanh" for the int 1 and "none" for any other value (GetApproximateStr), so
 * the attribute's value here is that int: 1 is tanh, anything else none. */
static const char *const k_gelu_approximate[] = {"none", "tanh", NULL};

static bool gelu_is_tanh(const acpu_attr_value *a) { return a[0].i == 1; }

static acpu_kernel_id gelu_v2_kernel(const acpu_attr_value *a)
{
    return gelu_is_tanh(a) ? ACPU_KERNEL_GELU : ACPU_KERNEL_GELU_ERF;
}

static int gelu_v2_variant(const acpu_tiling_call *c) { return gelu_is_tanh(c->attrs) ? 1 : 0; }

/* TPL_NONE 1, TPL_TANH 2 (gelu_v2_struct.h); GET_TPL_TILING_KEY(1, approximate, dType). */
static void gelu_v2_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "approximate", variant == 1 ? 2u : 1u);
    s->u64(s->ctx, "dType", gelu_tpl_dtype(c->compute_dt));
}

/* GeluV2Tiling::RunTiling (gelu_v2_tiling_arch35.cpp): DoTiling into EleBaseTilingData16B with
 * extraSize ASCEND_API_BUFFER = 122880 (the Erf library's buffer, reserved for both forms) on
 * GeluV2Erf32BDag (fp32) / GeluV2Erf16BDag (fp16, bf16) or GeluV2TanhDag; probed: erf 6/4/4 and
 * 7/4/2, tanh 4/4/4 and 6/4/2. Workspace 16 MiB. */
static const acpu_elewise_params k_gelu_v2_elewise = {
    .dag = {{{6, 4, 4}, {7, 4, 2}, {7, 4, 2}}, {{4, 4, 4}, {6, 4, 2}, {6, 4, 2}}},
    .variant = gelu_v2_variant,
    .variant_names = {"GeluV2Erf32BDag (fp32) / GeluV2Erf16BDag (fp16, bf16)", "GeluV2TanhDag"},
    .extra_bytes = 122880,
    .layout = ACPU_ELEWISE_COMPACT,
    .tpl_args = gelu_v2_tpl_args,
    .workspace = 16777216u};

static const acpu_op_def k_op_gelu_v2 = {
    .type = "GeluV2",
    .n_in = 1,
    .in = {"x"},
    .out = "y",
    .in_dtypes = {GELU_DT},
    .out_dtypes = GELU_DT,
    .n_attrs = 1,
    .attrs = {{.name = "approximate", .type = ACPU_ATTR_STRING, .dflt = {.i = 0}, .choices = k_gelu_approximate}},
    .kernel = ACPU_KERNEL_GELU_ERF,
    .pick_kernel = gelu_v2_kernel,
    TILINGS({&acpu_strategy_elewise, &k_gelu_v2_elewise})};

/* aclnn_gelu_v2.cpp CheckParams: NULL x, y; y's dtype x's; a BF16 x only on 910B..910E (not
 * Ascend910); x in {FLOAT, FLOAT16, BF16}; y's shape x's. No rank limit, no format check, and
 * approximate is not checked (1 is tanh, anything else none). */
ACPU_API(GeluV2, "gelu_v2", ((TIN, x, 0), (INT, approximate, 0), (TOUT, y, 0)), .op = &k_op_gelu_v2,
         CHECKS(CK_SAME_DTYPE(2, 0), CK_DTYPE(0, GELU_DTYPES), CK_SAME_SHAPE(2, 0)))

/* GeluGrad (activation/gelu_grad): IR inputs dy, x, y (the forward's output in TensorFlow's
 * signature; the op_api passes dy again and the kernel never reads it) and output z. Its arch35
 * tiling is BroadcastBaseTiling<GeluGradDAG<T>>::DoTiling() (probed: GetBufferNum<true, true>() 6
 * for fp32, 9 for fp16 / bf16; MaxDtypeBytes 4; MinDtypeBytes 4 / 2), whose shapes include y
 * (scalarFlag's third bit); key GET_TPL_TILING_KEY(schMode). aclnnGeluBackward broadcasts the
 * inputs itself (BroadcastTo) except on regbase, where the kernel broadcasts. */
static bool gelu_grad_op_api_broadcasts(acpu_soc soc) { return acpu_profile_group_of(soc) != ACPU_PG_950; }

static void gelu_grad_tpl_args(const acpu_tiling_call *c, int variant, const acpu_brc_base_data *d,
                               const acpu_field_sink *s)
{
    (void)c;
    (void)variant;
    s->u64(s->ctx, "schMode", d->sch_mode);
}

static const acpu_brc_base_params k_gelu_grad_brc = {
    .dag = {[ACPU_BRC_F32] = {6, 4, 4, 0}, [ACPU_BRC_F16] = {9, 4, 2, 0}, [ACPU_BRC_BF16] = {9, 4, 2, 0}},
    .dag_name = "GeluGradDAG",
    .op_api_broadcasts = gelu_grad_op_api_broadcasts,
    .unread_copy = true,
    .unread_copy_of = 0,
    .tpl_args = gelu_grad_tpl_args};

static const acpu_op_def k_op_gelu_grad = {.type = "GeluGrad",
                                           .n_in = 2,
                                           .in = {"dy", "x"},
                                           .unread_in = {"y"},
                                           .out = "z",
                                           .in_dtypes = {GELU_DT, GELU_DT},
                                           .out_dtypes = GELU_DT,
                                           .kernel = ACPU_KERNEL_GELU_GRAD,
                                           TILINGS({&acpu_strategy_brc_base, &k_gelu_grad_brc})};

/* aclnn_gelu_backward.cpp: NULL gradOutput, self, gradInput; CheckPromoteTypeGeluBackward (the
 * promotion of gradOutput and self exists, BF16 only on DAV_2201 / regbase, in {FLOAT, FLOAT16,
 * BF16}); gradOutput and self at most 8 dims, broadcasting to gradInput's shape. CANN does not check
 * gradInput's dtype (its Cast takes the result anywhere): here a cast target of the promotion among
 * the floating and complex dtypes (doc/DECISIONS.md). GeluGrad in the promoted dtype, Cast to
 * gradInput. */
#define GELU_GRAD_PROMOTED BF16_NOT_910(GELU_DT)
#define GELU_GRAD_OUT BF16_NOT_910(GELU_DT | DT_F64 | DT_COMPLEX)
ACPU_API(GeluBackward, "gelu_backward", ((TIN, gradOutput, 0), (TIN, self, 1), (TOUT_CONST, gradInput, 0)),
         .op = &k_op_gelu_grad, .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_PROMOTE_CAST(2, 0, 1, GELU_GRAD_PROMOTED), CK_DTYPE(2, GELU_GRAD_OUT), CK_RANK(0), CK_RANK(1),
                CK_BROADCAST_OUT_ON(0, 2, 0, 1)))

/* GeluGradV2 (activation/gelu_grad_v2): dy, x -> z, string attribute approximate ("none", "tanh");
 * "tanh" runs GeluGrad's kernel (GeluGradV2TanhCustom is GeluGradCustom's sequence). The arch35
 * tiling: BroadcastBaseTiling on GeluGradV2None32DAG / None16DAG with extraSize 122880 (the Erf
 * library's buffer; probed 8 for fp32, 10 for fp16 / bf16) or GeluGradV2TanhDAG (6 / 9); key
 * GET_TPL_TILING_KEY(schMode, approximate: TPL_NONE 0, TPL_TANH 1). aclnnGeluBackwardV2 broadcasts
 * the inputs itself (BroadcastTo) on every profile. */
static acpu_kernel_id gelu_grad_v2_kernel(const acpu_attr_value *a)
{
    return a[0].i == 1 ? ACPU_KERNEL_GELU_GRAD : ACPU_KERNEL_GELU_GRAD_ERF;
}

static int gelu_grad_v2_variant(const acpu_tiling_call *c) { return c->attrs[0].i == 1 ? 1 : 0; }

static bool op_api_broadcasts_always(acpu_soc soc)
{
    (void)soc;
    return true;
}

static void gelu_grad_v2_tpl_args(const acpu_tiling_call *c, int variant, const acpu_brc_base_data *d,
                                  const acpu_field_sink *s)
{
    (void)c;
    s->u64(s->ctx, "schMode", d->sch_mode);
    s->u64(s->ctx, "approximate", variant == 1 ? 1u : 0u);
}

static const acpu_brc_base_params k_gelu_grad_v2_brc = {
    .dag = {[ACPU_BRC_F32] = {8, 4, 4, 0}, [ACPU_BRC_F16] = {10, 4, 2, 0}, [ACPU_BRC_BF16] = {10, 4, 2, 0}},
    .dag_name = "GeluGradV2None32DAG (fp32) / GeluGradV2None16DAG (fp16, bf16)",
    .variant = gelu_grad_v2_variant,
    .dag_alt = {[ACPU_BRC_F32] = {6, 4, 4, 0}, [ACPU_BRC_F16] = {9, 4, 2, 0}, [ACPU_BRC_BF16] = {9, 4, 2, 0}},
    .dag_alt_name = "GeluGradV2TanhDAG",
    .extra_bytes = {122880, 0},
    .op_api_broadcasts = op_api_broadcasts_always,
    .tpl_args = gelu_grad_v2_tpl_args};

static const acpu_op_def k_op_gelu_grad_v2 = {
    .type = "GeluGradV2",
    .n_in = 2,
    .in = {"dy", "x"},
    .out = "z",
    .in_dtypes = {GELU_DT, GELU_DT},
    .out_dtypes = GELU_DT,
    .n_attrs = 1,
    .attrs = {{.name = "approximate", .type = ACPU_ATTR_STRING, .dflt = {.i = 0}, .choices = k_gelu_approximate}},
    .kernel = ACPU_KERNEL_GELU_GRAD_ERF,
    .pick_kernel = gelu_grad_v2_kernel,
    TILINGS({&acpu_strategy_brc_base, &k_gelu_grad_v2_brc})};

/* aclnn_gelu_backward_v2.cpp: NULL gradOutput, self, gradInput, approximate (CANN's order, 161001);
 * the promotion as GeluBackward's, and equal to gradInput's dtype; gradOutput and self broadcasting
 * to gradInput's shape (no rank limit); approximate exactly "none" or "tanh" (161002, last).
 * GeluGradV2 in the promoted dtype. */
ACPU_API(GeluBackwardV2, "gelu_backward_v2",
         ((TIN, gradOutput, 0), (TIN, self, 1), (STRING, approximate, 0), (TOUT, gradInput, 0)),
         .op = &k_op_gelu_grad_v2, .compute = ACPU_COMPUTE_KEEP, .n_null_order = 4, .null_order = {0, 1, 3, 2},
         CHECKS(CK_PROMOTE_CAST(3, 0, 1, GELU_GRAD_PROMOTED), CK_PROMOTE_OUT_ON(0, 3, 0, 1),
                CK_BROADCAST_OUT_ON(0, 3, 0, 1)))

#define GELU_OPS &k_op_gelu, &k_op_gelu_v2, &k_op_gelu_grad, &k_op_gelu_grad_v2,
#define GELU_APIS &k_api_Gelu, &k_api_GeluV2, &k_api_GeluBackward, &k_api_GeluBackwardV2,

/* ==== the Mish family ================================================================== */

/* Mish and MishGrad (activation/mish, activation/mish_grad): ElewiseBaseTiling::DoTiling into
 * EleBaseTilingData16B with MishDAG<T> (mish_dag.h, probed 4/4/4, fp16 / bf16 6/4/2) and MishGradDAG<T>
 * (mish_grad_dag.h, probed 8/4/4, fp16 / bf16 9/4/2); GET_TPL_TILING_KEY(1, dType: TPL_FP16 1, TPL_BF16
 * 2, TPL_FP32 3); workspace 0. */
static void mish_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)variant;
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "dType", gelu_tpl_dtype(c->compute_dt));
}

static const acpu_elewise_params k_mish_elewise = {.dag = {{{4, 4, 4}, {6, 4, 2}, {6, 4, 2}}},
                                                   .variant_names = {"MishDAG"},
                                                   .layout = ACPU_ELEWISE_COMPACT,
                                                   .tpl_args = mish_tpl_args,
                                                   .workspace = 0u};

#define MISH_DT (DT_F32 | DT_F16 | DT_BF16)
static const acpu_op_def k_op_mish = {.type = "Mish",
                                      .n_in = 1,
                                      .in = {"x"},
                                      .out = "y",
                                      .in_dtypes = {MISH_DT},
                                      .out_dtypes = MISH_DT,
                                      .kernel = ACPU_KERNEL_MISH,
                                      TILINGS({&acpu_strategy_elewise, &k_mish_elewise})};

/* aclnn_mish.cpp CheckParams: NULL self, out; self, then out in GetDtypeSupportListV2's list (BF16
 * on DAV_2201 and regbase), their dtypes equal; self, out at most 8 dims; out's shape self's. The
 * in-place API calls it with (selfRef, selfRef). */
#define MISH_DTYPES BF16_NOT_910(MISH_DT)
ACPU_API(Mish, "mish", ((TIN, self, 0), (TOUT, out, 0)), .op = &k_op_mish,
         CHECKS(CK_DTYPE(0, MISH_DTYPES), CK_DTYPE(1, MISH_DTYPES), CK_SAME_DTYPE(1, 0), CK_RANK(0), CK_RANK(1),
                CK_SAME_SHAPE(1, 0)))
ACPU_API(InplaceMish, "inplace_mish", ((TINOUT, selfRef, 0)), .op = &k_op_mish,
         CHECKS(CK_DTYPE(0, MISH_DTYPES), CK_RANK(0)))

/* MishGrad: IR inputs grad, x and the optional tanhx (the forward's tanh(softplus(x)), read by
 * MishGradFullDAG when present); aclnnMishBackward never passes it (MishGradWithTanhX(.., nullptr)
 * on regbase, MishGrad elsewhere: the same MishGradDAG), so the row has grad and x. */
static const acpu_elewise_params k_mish_grad_elewise = {.dag = {{{8, 4, 4}, {9, 4, 2}, {9, 4, 2}}},
                                                        .variant_names = {"MishGradDAG"},
                                                        .layout = ACPU_ELEWISE_COMPACT,
                                                        .tpl_args = mish_tpl_args,
                                                        .workspace = 0u};

static const acpu_op_def k_op_mish_grad = {.type = "MishGrad",
                                           .n_in = 2,
                                           .in = {"grad", "x"},
                                           .out = "x_grad",
                                           .in_dtypes = {MISH_DT, MISH_DT},
                                           .out_dtypes = MISH_DT,
                                           .kernel = ACPU_KERNEL_MISH_GRAD,
                                           TILINGS({&acpu_strategy_elewise, &k_mish_grad_elewise})};

/* aclnn_mish_backward.cpp: the out-pointers; NULL gradOutput, self, gradInput; gradInput a cast
 * target of self's dtype (OP_CHECK_RESULT_DTYPE_CAST_FAILED, first); gradOutput, self, gradInput in
 * the arch's list (BF16 on DAV_2201 and DAV_3510); the three at most 8 dims; gradInput's shape the
 * broadcast of self's and gradOutput's. Empty: success. Both inputs cast to their promotion and
 * broadcast (BroadcastTo), MishGrad, Cast to gradInput. */
ACPU_API(MishBackward, "mish_backward", ((TIN, gradOutput, 0), (TIN, self, 1), (TOUT, gradInput, 0)),
         .op = &k_op_mish_grad, .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_CAN_CAST(2, 1), CK_DTYPE(0, MISH_DTYPES), CK_DTYPE(1, MISH_DTYPES), CK_DTYPE(2, MISH_DTYPES),
                CK_RANK(0), CK_RANK(1), CK_RANK(2), CK_BROADCAST_OUT_ON(0, 2, 1, 0)))

#define MISH_OPS &k_op_mish, &k_op_mish_grad,
#define MISH_APIS &k_api_Mish, &k_api_InplaceMish, &k_api_MishBackward,

/* ==== the ReLU and Threshold family ==================================================== */

/* Relu (activation/relu, doc/CANN.md#relu): the arch35 tiling runs ElewiseBaseTiling::DoTiling on
 * GraphRelu<U, T> (GraphReluMax for INT64) and sets a fixed tiling key per dtype. DAG constants
 * (relu_dag.h, probed): GraphRelu<float,float> 4/4/4, <half,half> 4/2/2, <half,float> (the bf16
 * tiling) 6/4/2, <int8_t,half> 6/2/1, <int32_t,int32_t> 4/4/4 (variant 0's fp32 column),
 * GraphReluMax<int64_t> 4/8/8. UINT8 never reaches a kernel in CANN (the op_api copies it): its
 * plan here is the INT8 DAG's. */
static int relu_variant(const acpu_tiling_call *c)
{
    aclDataType dt = c->compute_dt;
    return dt == ACL_INT8 || dt == ACL_UINT8 ? 1 : dt == ACL_INT64 ? 2 : 0;
}

/* RELU_TILING_KEY_ELEMENTWISE_FP16 101, BF16 102, FP32 103, INT8 104, INT32 105, INT64 106. */
static uint64_t relu_tiling_key(const acpu_tiling_call *c, int variant)
{
    (void)variant;
    switch (c->compute_dt) {
    case ACL_FLOAT16: return 101u;
    case ACL_BF16: return 102u;
    case ACL_INT8:
    case ACL_UINT8: return 104u;
    case ACL_INT32: return 105u;
    case ACL_INT64: return 106u;
    default: return 103u;
    }
}

static const acpu_elewise_params k_relu_elewise = {
    .dag = {{{4, 4, 4}, {4, 2, 2}, {6, 4, 2}}, {{6, 2, 1}, {6, 2, 1}, {6, 2, 1}}, {{4, 8, 8}, {4, 8, 8}, {4, 8, 8}}},
    .variant = relu_variant,
    .variant_names = {"GraphRelu", "GraphRelu<int8_t, half>", "GraphReluMax<int64_t>"},
    .layout = ACPU_ELEWISE_COMPACT,
    .tiling_key = relu_tiling_key,
    .workspace = 16777216u};

/* REG_OP(Relu) lists DT_UINT16 and DT_QINT8 too: no kernel here takes them. */
#define RELU_IR_DTYPES (DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_INTS)
static const acpu_op_def k_op_relu = {.type = "Relu",
                                      .n_in = 1,
                                      .in = {"x"},
                                      .out = "y",
                                      .in_dtypes = {RELU_IR_DTYPES},
                                      .out_dtypes = RELU_IR_DTYPES,
                                      .kernel = ACPU_KERNEL_RELU,
                                      TILINGS({&acpu_strategy_elewise, &k_relu_elewise})};

/* aclnn_relu.cpp: self in the list (BF16 on 910B..910E, which holds Ascend950), out's dtype equal
 * to self's, both at most 8 dims, equal shapes. UINT8 is in both APIs' lists (the doc names it for
 * the in-place one only): the op_api copies it unchanged, the kernel here is max(x, 0) = x. */
#define RELU_DTYPES                                                                                                   \
    BF16_NOT_910(DT_F32 | DT_F16 | ACPU_DT(ACL_INT8) | ACPU_DT(ACL_UINT8) | ACPU_DT(ACL_INT32) | ACPU_DT(ACL_INT64) | \
                 DT_BF16)
ACPU_API(Relu, "relu", ((TIN, self, 0), (TOUT_CONST, out, 0)), .op = &k_op_relu, .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_DTYPE(0, RELU_DTYPES), CK_SAME_DTYPE(1, 0), CK_RANK(0), CK_RANK(1), CK_SAME_SHAPE(0, 1)))
ACPU_API(InplaceRelu, "inplace_relu", ((TINOUT, selfRef, 0)), .op = &k_op_relu, .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_DTYPE(0, RELU_DTYPES), CK_RANK(0)))

/* ReluGrad (activation/relu_grad) and ThresholdGradV2D (activation/threshold_grad_v2_d): the
 * arch35 tilings are BroadcastBaseTiling<Dag<T>> (acpu_brc_base_tiling.h). DAG constants
 * (relu_grad_dag.h, threshold_grad_v2_d_dag.h, probed) as GetBufferNum<true, true>() / Max / Min,
 * and the dType template argument of each dtype. ReluGrad's tiling gives INT64 the INT32 dType (6),
 * as CANN's code does. */
static const acpu_brc_base_params k_relu_grad_brc = {.dag = {[ACPU_BRC_F32] = {10, 4, 1, 3},
                                                             [ACPU_BRC_F16] = {10, 2, 1, 1},
                                                             [ACPU_BRC_BF16] = {10, 2, 1, 2},
                                                             [ACPU_BRC_I8] = {11, 2, 1, 4},
                                                             [ACPU_BRC_U8] = {11, 2, 1, 5},
                                                             [ACPU_BRC_I32] = {10, 4, 1, 6},
                                                             [ACPU_BRC_I64] = {10, 8, 1, 6}},
                                                     .dag_name = "ReluGradDag (INT8, UINT8: ReluGradCastDag)"};

static const acpu_brc_base_params k_threshold_grad_brc = {
    .dag = {[ACPU_BRC_F32] = {8, 4, 1, 3},
            [ACPU_BRC_F16] = {10, 4, 1, 1},
            [ACPU_BRC_BF16] = {10, 4, 1, 2},
            [ACPU_BRC_I32] = {10, 4, 1, 4},
            [ACPU_BRC_I8] = {10, 4, 1, 5},
            [ACPU_BRC_U8] = {10, 4, 1, 6}},
    .has_var = true,
    .dag_name = "ThresholdGradV2DDag (INT32: Int32Dag, INT8, UINT8: 8BDag)",
    .n_scalars = 1,
    .scalar_attrs = {0},
    .scalar_names = {"threshold"}};

/* REG_OP(ReluGrad): RealNumberType (the unsigned 16/32/64-bit types have no kernel here). */
static const acpu_op_def k_op_relu_grad = {.type = "ReluGrad",
                                           .n_in = 2,
                                           .in = {"gradients", "features"},
                                           .out = "backprops",
                                           .in_dtypes = {RELU_IR_DTYPES, RELU_IR_DTYPES},
                                           .out_dtypes = RELU_IR_DTYPES,
                                           .kernel = ACPU_KERNEL_RELU_GRAD,
                                           TILINGS({&acpu_strategy_brc_base, &k_relu_grad_brc})};

/* REG_OP(ThresholdGradV2D) lists INT32, FLOAT16, BF16 with a required threshold; its op_def adds
 * FLOAT, INT8, UINT8 and the default 1.0 (the default here). */
#define THRESHOLD_GRAD_IR_DTYPES \
    (DT_F32 | DT_F16 | DT_BF16 | ACPU_DT(ACL_INT32) | ACPU_DT(ACL_INT8) | ACPU_DT(ACL_UINT8))
static const acpu_op_def k_op_threshold_grad_v2_d = {.type = "ThresholdGradV2D",
                                                     .n_in = 2,
                                                     .in = {"gradients", "features"},
                                                     .out = "backprops",
                                                     .in_dtypes = {THRESHOLD_GRAD_IR_DTYPES, THRESHOLD_GRAD_IR_DTYPES},
                                                     .out_dtypes = THRESHOLD_GRAD_IR_DTYPES,
                                                     .n_attrs = 1,
                                                     .attrs = {F_ATTR("threshold", 1.0)},
                                                     .kernel = ACPU_KERNEL_THRESHOLD_GRAD,
                                                     TILINGS({&acpu_strategy_brc_base, &k_threshold_grad_brc})};

/* aclnn_threshold_backward.cpp's own IsFloatEqual: |a - b| <= FLT_EPSILON in float (unlike
 * opbase's, an infinite threshold is not 0). */
static bool threshold_is_zero(float t) { return islessequal(fabsf(t - 0.0f), FLT_EPSILON); }

static const acpu_op_def *threshold_backward_op(const acpu_attr_value *a)
{
    return threshold_is_zero(a[0].f) ? &k_op_relu_grad : &k_op_threshold_grad_v2_d;
}

#define TB_910_DTYPES (DT_F32 | ACPU_DT(ACL_INT32) | DT_F16 | ACPU_DT(ACL_INT8) | ACPU_DT(ACL_UINT8))
#define TB_DTYPES                                                                \
    {                                                                            \
        [ACPU_PG_910] = TB_910_DTYPES, [ACPU_PG_A2A3] = TB_910_DTYPES | DT_BF16, \
        [ACPU_PG_950] = TB_910_DTYPES | DT_BF16 | ACPU_DT(ACL_INT64)             \
    }

/* GetDtypeSupportList: on Ascend950 the REGBASE list (with INT64) only when the threshold is 0,
 * the 910B list otherwise; gradOutput, then self. */
static aclnnStatus threshold_backward_own(const acpu_api_def *api, const acpu_call *c)
{
    acpu_settings s;
    acpu_settings_get(&s);
    if (threshold_is_zero(c->attrs[0].f) || acpu_profile_group_of(s.platform.soc) != ACPU_PG_950)
        return ACLNN_SUCCESS;
    for (int p = 0; p < 2; p++) {
        aclDataType dt = ((const aclTensor *)c->args[p].p)->dtype;
        if (dt == ACL_INT64) {
            acpu_set_error("%s: %s dtype must be one of float32, float16, bfloat16, int8, int32, uint8 when threshold "
                           "is not 0 (%g), got int64",
                           api->phase1, api->params[p].name, (double)c->attrs[0].f);
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (!(TB_910_DTYPES & ACPU_DT(dt)) && dt != ACL_BF16)
            return ACLNN_SUCCESS; /* the list check that follows names it */
    }
    return ACLNN_SUCCESS;
}

/* The op_api's order: NULL threshold, out, then gradOutput and self; dtypes; ranks; the broadcast
 * of self and gradOutput equal to out's shape. ReluGrad when the threshold is 0, ThresholdGradV2D
 * otherwise (pick_op). */
ACPU_API(ThresholdBackward, "threshold_backward",
         ((TIN, gradOutput, 0), (TIN, self, 1), (SCALAR, threshold, 0), (TOUT, out, 0)),
         .op = &k_op_threshold_grad_v2_d, .pick_op = threshold_backward_op, .compute = ACPU_COMPUTE_KEEP,
         .n_null_order = 4, .null_order = {2, 3, 0, 1},
         CHECKS(CK_OWN, CK_DTYPE(0, TB_DTYPES), CK_DTYPE(1, TB_DTYPES), CK_SAME_DTYPE(0, 1), CK_SAME_DTYPE(3, 1),
                CK_RANK(0), CK_RANK(1), CK_BROADCAST_OUT_ON(0, 3, 1, 0)),
         .own = threshold_backward_own)

/* ThresholdV2 (activation/threshold_v2; the API in activation/threshold): threshold and value are
 * one-element input tensors of x's dtype in the IR, attributes here (the op_api converts the
 * scalars; acpu_threshold_init). The arch35 tiling: ElewiseBaseTiling::DoTiling (EleBaseTilingData)
 * on ThresholdDag<T> (bf16: ThresholdCastDag<bfloat16_t, float>); DAG constants (threshold_dag.h,
 * probed): float 5/4/1, half 5/2/1, bf16 cast 7/4/1, int32 5/4/1 (variant 0's fp32 column), int8 and
 * uint8 5/1/1, int16 5/2/1, int64 5/8/1. Tiling key GET_TPL_TILING_KEY(schMode 1, valueMode
 * TPL_HAS_VALUE 1) = 3 (two 1-bit fields; the tiling UT asserts 3), workspace 0. */
static int threshold_variant(const acpu_tiling_call *c)
{
    aclDataType dt = c->compute_dt;
    return dt == ACL_INT8 || dt == ACL_UINT8 ? 1 : dt == ACL_INT16 ? 2 : dt == ACL_INT64 ? 3 : 0;
}

static void threshold_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)c;
    (void)variant;
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "valueMode", 1u);
}

static uint64_t threshold_tiling_key(const acpu_tiling_call *c, int variant)
{
    (void)c;
    (void)variant;
    return 1u | 1u << 1;
}

static const acpu_elewise_params k_threshold_elewise = {
    .dag = {{{5, 4, 1}, {5, 2, 1}, {7, 4, 1}},
            {{5, 1, 1}, {5, 1, 1}, {5, 1, 1}},
            {{5, 2, 1}, {5, 2, 1}, {5, 2, 1}},
            {{5, 8, 1}, {5, 8, 1}, {5, 8, 1}}},
    .variant = threshold_variant,
    .variant_names = {"ThresholdDag", "ThresholdDag<int8_t>", "ThresholdDag<int16_t>", "ThresholdDag<int64_t>"},
    .layout = ACPU_ELEWISE_BASE,
    .tpl_args = threshold_tpl_args,
    .tiling_key = threshold_tiling_key};

/* REG_OP(ThresholdV2) and its op_def (which adds INT16). */
#define THRESHOLD_IR_DTYPES (DT_F32 | DT_F16 | DT_BF16 | DT_INTS)
static const acpu_op_def k_op_threshold_v2 = {
    .type = "ThresholdV2",
    .n_in = 1,
    .in = {"x"},
    .out = "y",
    .in_dtypes = {THRESHOLD_IR_DTYPES},
    .out_dtypes = THRESHOLD_IR_DTYPES,
    .n_attrs = 2,
    .attrs = {F_INPUT("threshold", 0.0, ACPU_ATTR_IR_INPUT), F_INPUT("value", 0.0, ACPU_ATTR_IR_OPTIONAL_INPUT)},
    .kernel = ACPU_KERNEL_THRESHOLD,
    TILINGS({&acpu_strategy_elewise, &k_threshold_elewise})};

#define THRESHOLD_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_INTS | DT_BF16)
/* The casts this library writes after the kernel (the op_api's final Cast). */
#define CAST_TARGETS (DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX)

/* CheckDtypeValid's out: CanCast(self, out) before DAV_3510, nothing on Ascend950; the op_api then
 * casts the result to out's dtype. Here out is self's dtype or a floating / complex one (always
 * castable from the list's dtypes); another integer type has no cast here (doc/DECISIONS.md). */
static aclnnStatus threshold_own(const acpu_api_def *api, const acpu_call *c)
{
    aclDataType self = c->in[0]->dtype, out = c->out->dtype;
    if (out == self || ((unsigned)out < 64u && (CAST_TARGETS & ACPU_DT(out))))
        return ACLNN_SUCCESS;
    char names[160];
    acpu_set_error("%s: out dtype must be self's (%s) or one of %s, got %s", api->phase1, acpu_dtype_name(self),
                   acpu_dtype_set_str(CAST_TARGETS, names, sizeof names), acpu_dtype_name(out));
    return ACLNN_ERR_PARAM_INVALID;
}

/* aclnn_threshold.cpp: NULL self, out, threshold, value; self in the list; out (own); self at most
 * 8 dims; equal shapes. */
ACPU_API(Threshold, "threshold", ((TIN, self, 0), (SCALAR, threshold, 0), (SCALAR, value, 1), (TOUT, out, 0)),
         .op = &k_op_threshold_v2, .compute = ACPU_COMPUTE_KEEP, .n_null_order = 4, .null_order = {0, 3, 1, 2},
         CHECKS(CK_DTYPE(0, THRESHOLD_DTYPES), CK_OWN, CK_RANK(0), CK_SAME_SHAPE(0, 3)), .own = threshold_own)
ACPU_API(InplaceThreshold, "inplace_threshold", ((TINOUT, selfRef, 0), (SCALAR, threshold, 0), (SCALAR, value, 1)),
         .op = &k_op_threshold_v2, .compute = ACPU_COMPUTE_KEEP, CHECKS(CK_DTYPE(0, THRESHOLD_DTYPES), CK_RANK(0)))

#define RELU_OPS &k_op_relu, &k_op_relu_grad, &k_op_threshold_grad_v2_d, &k_op_threshold_v2,
#define RELU_APIS &k_api_Relu, &k_api_InplaceRelu, &k_api_ThresholdBackward, &k_api_Threshold, &k_api_InplaceThreshold,

/* ==== the LeakyReLU family ============================================================= */

/* LeakyRelu (activation/leaky_relu): ElewiseBaseTiling::DoTiling24B on LeakyReluDag<float> 4/4/4,
 * LeakyReluCastDag<half|bfloat16_t, float> 6/4/2 (leaky_relu_dag.h, probed), SetScalar(negative
 * slope); GET_TPL_TILING_KEY(schMode 1, dType FP16 1 / BF16 2 / FP32 3); workspace 16 MB. DOUBLE
 * runs on CANN's AiCpu kernel (no tiling): its plan here is the fp32 DAG's. */
static void leaky_relu_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)variant;
    s->u64(s->ctx, "schMode", 1u);
    s->u64(s->ctx, "dType", c->compute_dt == ACL_FLOAT16 ? 1u : c->compute_dt == ACL_BF16 ? 2u : 3u);
}

static const acpu_elewise_params k_leaky_relu_elewise = {.dag = {{{4, 4, 4}, {6, 4, 2}, {6, 4, 2}}},
                                                         .variant_names = {"LeakyReluDag"},
                                                         .layout = ACPU_ELEWISE_COMPACT,
                                                         .n_scalars = 1,
                                                         .scalar_attrs = {0},
                                                         .scalar_names = {"negativeSlope"},
                                                         .tpl_args = leaky_relu_tpl_args,
                                                         .workspace = 16777216u};

#define LEAKY_IR_DTYPES (DT_F32 | DT_F16 | DT_F64 | DT_BF16)
static const acpu_op_def k_op_leaky_relu = {.type = "LeakyRelu",
                                            .n_in = 1,
                                            .in = {"x"},
                                            .out = "y",
                                            .in_dtypes = {LEAKY_IR_DTYPES},
                                            .out_dtypes = LEAKY_IR_DTYPES,
                                            .n_attrs = 1,
                                            .attrs = {F_ATTR("negative_slope", 0.0)},
                                            .kernel = ACPU_KERNEL_LEAKY_RELU,
                                            TILINGS({&acpu_strategy_elewise, &k_leaky_relu_elewise})};

/* aclnn_leaky_relu.cpp: NULL self, negativeSlope, out; self in the list; CanCast(self, out); self
 * at most 8 dims; out's shape equal to self's; the kernel in self's dtype with ToFloat(slope), then
 * Cast to out. The in-place API is the same call with out = selfRef. */
#define LEAKY_DTYPES BF16_NOT_910(DT_F32 | DT_F16 | DT_F64 | DT_BF16)
ACPU_API(LeakyRelu, "leaky_relu", ((TIN, self, 0), (SCALAR, negativeSlope, 0), (TOUT, out, 0)), .op = &k_op_leaky_relu,
         .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_DTYPE(0, LEAKY_DTYPES), CK_CAST_OUT(2, 0, ALL(CAST_TARGETS)), CK_RANK(0), CK_SAME_SHAPE(2, 0)))
ACPU_API(InplaceLeakyRelu, "inplace_leaky_relu", ((TINOUT, selfRef, 0), (SCALAR, negativeSlope, 0)),
         .op = &k_op_leaky_relu, .compute = ACPU_COMPUTE_KEEP, CHECKS(CK_DTYPE(0, LEAKY_DTYPES), CK_RANK(0)))

/* LeakyReluGrad (activation/leaky_relu_grad): BroadcastBaseTiling<LeakyReluGradDag<T>> (probed:
 * float 8/4/1, half and bf16 10/4/1; a Var placeholder), SetScalar(negative slope). DOUBLE runs on
 * CANN's AiCpu kernel: its plan here has the fp32 buffer count with 8-byte elements. The second
 * attribute is not LeakyReluGrad's: it holds the API's selfIsResult, which only its check reads. */
static const acpu_brc_base_params k_leaky_relu_grad_brc = {.dag = {[ACPU_BRC_F32] = {8, 4, 1, 3},
                                                                   [ACPU_BRC_F16] = {10, 4, 1, 1},
                                                                   [ACPU_BRC_BF16] = {10, 4, 1, 2},
                                                                   [ACPU_BRC_F64] = {8, 8, 1, 0}},
                                                           .has_var = true,
                                                           .dag_name = "LeakyReluGradDag",
                                                           .n_scalars = 1,
                                                           .scalar_attrs = {0},
                                                           .scalar_names = {"negativeSlope"}};

static const acpu_op_def k_op_leaky_relu_grad = {
    .type = "LeakyReluGrad",
    .n_in = 2,
    .in = {"gradients", "features"},
    .out = "backprops",
    .in_dtypes = {LEAKY_IR_DTYPES, LEAKY_IR_DTYPES},
    .out_dtypes = LEAKY_IR_DTYPES,
    .n_attrs = 2,
    .attrs = {F_ATTR("negative_slope", 0.0), B_ATTR("self_is_result", false)},
    .kernel = ACPU_KERNEL_LEAKY_RELU_GRAD,
    TILINGS({&acpu_strategy_brc_base, &k_leaky_relu_grad_brc})};

/* CheckIsResult: selfIsResult with a negative slope (ToDouble) is 161002 (an in-place forward with a
 * negative slope loses the sign of the input); a NaN slope passes. */
static aclnnStatus leaky_relu_backward_own(const acpu_api_def *api, const acpu_call *c)
{
    if (c->attrs[1].b && isless(c->attrs[0].d, 0.0)) {
        acpu_set_error("%s: negativeSlope must be >= 0 when selfIsResult is true (the in-place forward with a "
                       "negative slope cannot be differentiated from its result), got %g",
                       api->phase1, c->attrs[0].d);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

#define LRB_SCALAR_910                                                                                             \
    (DT_F32 | DT_F16 | DT_F64 | ACPU_DT(ACL_INT32) | ACPU_DT(ACL_INT64) | ACPU_DT(ACL_INT8) | ACPU_DT(ACL_UINT8) | \
     DT_BOOL | ACPU_DT(ACL_INT16))
/* aclnn_leaky_relu_backward.cpp: NULL gradOutput, self, negativeSlope, out; gradOutput and self in
 * the list, negativeSlope's dtype in the scalar list; ranks; the broadcast of gradOutput and self
 * equal to out's shape; selfIsResult with a negative slope; CanCast(promote(gradOutput, self), out)
 * (both are floating: CanCast from self is the same). The kernel in the promoted dtype. */
ACPU_API(LeakyReluBackward, "leaky_relu_backward",
         ((TIN, gradOutput, 0), (TIN, self, 1), (SCALAR, negativeSlope, 0), (BOOL, selfIsResult, 1), (TOUT, out, 0)),
         .op = &k_op_leaky_relu_grad, .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_DTYPE(0, LEAKY_DTYPES), CK_DTYPE(1, LEAKY_DTYPES),
                CK_SCALAR_DTYPE(2, BF16_NOT_910(LRB_SCALAR_910 | DT_BF16)), CK_RANK(0), CK_RANK(1),
                CK_BROADCAST_OUT_ON(0, 4, 0, 1), CK_OWN, CK_CAST_OUT(4, 1, ALL(CAST_TARGETS))),
         .own = leaky_relu_backward_own)

#define LEAKY_RELU_OPS &k_op_leaky_relu, &k_op_leaky_relu_grad,
#define LEAKY_RELU_APIS &k_api_LeakyRelu, &k_api_InplaceLeakyRelu, &k_api_LeakyReluBackward,

/* ==== the Hardtanh family ============================================================== */

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define CK_SCALAR_DTYPE(p, lists) {.kind = ACPU_CK_SCALAR_DTYPE, .a = (p), .dtypes = lists}
/* clang-format on */

/* ClipByValueV2 (ops-math conversion/clip_by_value_v2): the IR's inputs clip_value_min and
 * clip_value_max are the API's scalars, which CANN converts to 0-dim tensors of x's dtype
 * (ConvertToTensor); here they are attributes, converted to x's dtype by the kernel's parameter
 * block (kernels/ops/hardtanh.h). The IR takes NumberType(); the list is what aclnnHardtanh sends.
 * Its arch35 tiling is the atvoss broadcast scheme, whose one-dim branch every call takes. */
#define HARDTANH_KERNEL_DT (DT_F16 | DT_F32 | DT_F64 | DT_INTS | DT_BF16)
static const acpu_op_def k_op_clip_by_value_v2 = {
    .type = "ClipByValueV2",
    .n_in = 1,
    .in = {"x"},
    .out = "y",
    .in_dtypes = {HARDTANH_KERNEL_DT},
    .out_dtypes = HARDTANH_KERNEL_DT,
    .n_attrs = 2,
    .attrs = {F_INPUT("clip_value_min", -1, ACPU_ATTR_IR_INPUT), F_INPUT("clip_value_max", 1, ACPU_ATTR_IR_INPUT)},
    .kernel = ACPU_KERNEL_HARDTANH,
    TILINGS({&acpu_strategy_clip_one_dim, NULL})};

/* The scalar parameter bound to attribute `slot`. */
static const aclScalar *hard_scalar_at(const acpu_call *c, int slot)
{
    for (int i = 0; i < c->api->n_params; i++)
        if (c->api->params[i].kind == ACPU_P_SCALAR && c->api->params[i].slot == slot)
            return c->args[i].p;
    return NULL;
}

static bool hard_is_integral(aclDataType dt)
{
    return dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_INT16 || dt == ACL_UINT16 || dt == ACL_INT32 ||
           dt == ACL_UINT32 || dt == ACL_INT64 || dt == ACL_UINT64;
}

static bool hard_is_floating(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

/* aclnn_hardtanh.cpp CheckMinMaxValue: by clipValueMin's dtype, ToInt64 (integral) or ToDouble
 * (floating) of both must not have min > max (a quiet compare: NaN passes); other dtypes are not
 * compared. */
static aclnnStatus hardtanh_own(const acpu_api_def *api, const acpu_call *c)
{
    const aclScalar *lo = hard_scalar_at(c, 0);
    const acpu_attr_value *min = &c->attrs[0], *max = &c->attrs[1];
    if (hard_is_integral(lo->dtype) && min->i > max->i) {
        acpu_set_error("%s: clipValueMin must be less than or equal to clipValueMax, got %lld and %lld (ToInt64)",
                       api->phase1, (long long)min->i, (long long)max->i);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (hard_is_floating(lo->dtype) && isgreater(min->d, max->d)) {
        acpu_set_error("%s: clipValueMin must be less than or equal to clipValueMax, got %g and %g", api->phase1,
                       min->d, max->d);
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

/* aclnn_hardtanh.cpp: CheckDtypeValid (self, clipValueMin, clipValueMax in the profile's list, which
 * has BF16 on DAV_2201 and regbase; out as self), CheckShape (self at most 8 dims, out as self),
 * CheckMinMaxValue; the FRACTAL_NZ warning; empty: workspace 0; integer self computes in its own
 * dtype (KEEP). */
#define HARDTANH_DTYPES BF16_NOT_910(HARDTANH_KERNEL_DT)
ACPU_API(Hardtanh, "hardtanh", ((TIN, self, 0), (SCALAR, clipValueMin, 0), (SCALAR, clipValueMax, 1), (TOUT, out, 0)),
         .op = &k_op_clip_by_value_v2, .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_DTYPE(0, HARDTANH_DTYPES), CK_SCALAR_DTYPE(1, HARDTANH_DTYPES), CK_SCALAR_DTYPE(2, HARDTANH_DTYPES),
                CK_SAME_DTYPE(3, 0), CK_RANK(0), CK_SAME_SHAPE(0, 3), CK_OWN),
         .own = hardtanh_own, .warn_fractal_nz = true)

/* The same path with out = selfRef. */
ACPU_API(InplaceHardtanh, "inplace_hardtanh",
         ((TINOUT, selfRef, 0), (SCALAR, clipValueMin, 0), (SCALAR, clipValueMax, 1)), .op = &k_op_clip_by_value_v2,
         .compute = ACPU_COMPUTE_KEEP,
         CHECKS(CK_DTYPE(0, HARDTANH_DTYPES), CK_SCALAR_DTYPE(1, HARDTANH_DTYPES), CK_SCALAR_DTYPE(2, HARDTANH_DTYPES),
                CK_RANK(0), CK_OWN),
         .own = hardtanh_own, .warn_fractal_nz = true)

/* HardtanhGrad (activation/hardtanh_grad): inputs (result, grad) = the API's (self, gradOutput);
 * min_val / max_val REQUIRED (proto defaults -1, 1). The arch35 tiling is the atvoss element-wise
 * scheme over HardtanhGradDag<T> (hardtanh_grad_dag.h, probed: BufferNum 9 for fp32, 10 for fp16 /
 * bf16; MaxDtypeBytes 4, MinDtypeBytes 1), tiling data EleBaseTilingData + minVal, maxVal. */
static void hardtanh_grad_tpl_args(const acpu_tiling_call *c, int variant, const acpu_field_sink *s)
{
    (void)c;
    (void)variant;
    s->u64(s->ctx, "schMode", 1u); /* baseTiling.scheMode */
    s->u64(s->ctx, "dType", 1u);   /* HardtanhGrad_TPL */
}

static const acpu_elewise_params k_hardtanh_grad_elewise = {.dag = {{{9, 4, 1}, {10, 4, 1}, {10, 4, 1}}},
                                                            .layout = ACPU_ELEWISE_BASE,
                                                            .n_scalars = 2,
                                                            .scalar_attrs = {0, 1},
                                                            .scalar_names = {"minVal", "maxVal"},
                                                            .tpl_args = hardtanh_grad_tpl_args,
                                                            .workspace = 16777216u};

#define HARDTANH_GRAD_DT (DT_F32 | DT_F16 | DT_BF16)
static const acpu_op_def k_op_hardtanh_grad = {.type = "HardtanhGrad",
                                               .n_in = 2,
                                               .in = {"result", "grad"},
                                               .out = "y",
                                               .in_dtypes = {HARDTANH_GRAD_DT, HARDTANH_GRAD_DT},
                                               .out_dtypes = HARDTANH_GRAD_DT,
                                               .n_attrs = 2,
                                               .attrs = {F_ATTR("min_val", -1.0), F_ATTR("max_val", 1.0)},
                                               .kernel = ACPU_KERNEL_HARDTANH_GRAD,
                                               TILINGS({&acpu_strategy_elewise, &k_hardtanh_grad_elewise})};

/* aclnn_hardtanh_backward.cpp: CheckDtypeValid (gradOutput, self, out in the list, gradOutput as
 * self), CheckShapeValid (gradOutput, self at most 8 dims, equal shapes); min and max ToFloat. CANN
 * checks out's shape and out's dtype against self nowhere before its kernel's tiling refuses them:
 * refused here (doc/DECISIONS.md). */
#define HARDTANH_GRAD_DTYPES BF16_NOT_910(HARDTANH_GRAD_DT)
ACPU_API(HardtanhBackward, "hardtanh_backward",
         ((TIN, gradOutput, 1), (TIN, self, 0), (SCALAR, min, 0), (SCALAR, max, 1), (TOUT, out, 0)),
         .op = &k_op_hardtanh_grad,
         CHECKS(CK_DTYPE(0, HARDTANH_GRAD_DTYPES), CK_DTYPE(1, HARDTANH_GRAD_DTYPES), CK_DTYPE(4, HARDTANH_GRAD_DTYPES),
                CK_SAME_DTYPE(0, 1), CK_RANK(0), CK_RANK(1), CK_SAME_SHAPE(0, 1), CK_SAME_SHAPE(4, 1),
                CK_SAME_DTYPE(4, 1)),
         .n_null_order = 5, .null_order = {1, 0, 4, 2, 3}) /* CheckNotNull: self, gradOutput, out, min, max */

#define HARDTANH_OPS &k_op_clip_by_value_v2, &k_op_hardtanh_grad,
#define HARDTANH_APIS &k_api_Hardtanh, &k_api_InplaceHardtanh, &k_api_HardtanhBackward,

/* ==== the Hardswish family ============================================================= */

#define HARD_FLOAT_DT (DT_F32 | DT_F16 | DT_BF16)
#define HARD_FLOAT_DTYPES BF16_NOT_910(HARD_FLOAT_DT)

/* The kernel's dtype as its template argument: schMode 0 / 1 / 2 for fp32 / fp16 / bf16. */
static uint64_t hard_dtype_mode(aclDataType dt) { return dt == ACL_FLOAT16 ? 1u : dt == ACL_BF16 ? 2u : 0u; }

static void hard_swish_tpl_args(const acpu_tiling_call *c, const acpu_even_data *d, const acpu_field_sink *s)
{
    (void)d;
    s->u64(s->ctx, "schMode", hard_dtype_mode(c->compute_dt));
}

/* HardSwish (activation/hard_swish), arch35 hard_swish_tiling.cpp: ubFactor =
 * FloorAlign(ub / 4 / BUFFER_NUM, 32) with BUFFER_NUM 6 (fp32) or 8 (fp16, bf16 computed in fp32);
 * blockFactor = CeilDiv(totalNum, coreNum); the queues hold two buffers; workspace 0. */
static const acpu_even_params k_hard_swish_even = {
    .calc_bytes = {4, 4}, .buffers = {6, 8}, .align = 32, .double_buffer = true, .tpl_args = hard_swish_tpl_args};

static const acpu_op_def k_op_hard_swish = {.type = "HardSwish",
                                            .n_in = 1,
                                            .in = {"x"},
                                            .out = "y",
                                            .in_dtypes = {HARD_FLOAT_DT},
                                            .out_dtypes = HARD_FLOAT_DT,
                                            .kernel = ACPU_KERNEL_HARDSWISH,
                                            TILINGS({&acpu_strategy_even, &k_hard_swish_even})};

/* aclnn_hardswish.cpp: CheckNotNull, CheckDtypeValid (self and out in the list, BF16 from Ascend910B
 * to 910E, which includes Ascend950; out a cast target of self), CheckShape (equal shapes, no rank
 * limit); empty: workspace 0; HardSwish in self's dtype, then Cast to out's. */
ACPU_API(Hardswish, "hardswish", ((TIN, self, 0), (TOUT_CONST, out, 0)), .op = &k_op_hard_swish,
         CHECKS(CK_DTYPE(0, HARD_FLOAT_DTYPES), CK_DTYPE(1, HARD_FLOAT_DTYPES), CK_CAST_OUT(1, 0, HARD_FLOAT_DTYPES),
                CK_SAME_SHAPE(0, 1)))

/* aclnnInplaceHardswishGetWorkspaceSize calls aclnnHardswishGetWorkspaceSize(self, self). */
ACPU_API(InplaceHardswish, "inplace_hardswish", ((TINOUT_CONST, self, 0)), .op = &k_op_hard_swish,
         CHECKS(CK_DTYPE(0, HARD_FLOAT_DTYPES)))

/* HardSwishGrad / HardSwishGradV2 arch35 tilings (hard_swish_grad_tiling_arch35.cpp,
 * hard_swish_grad_v2_tiling_arch35.cpp, the same steps): typeSize 4 (fp32) or 2; BUFFER_MODE 1
 * (double buffers) above 1024 elements with bufferNum 8 (fp32) or 11, else 5 or 8; ubFactor =
 * FloorAlign(ub / typeSize / bufferNum, max(32, 64)); template arguments D_T_X (the dtype) and
 * BUFFER_MODE; workspace 0. */
static void hard_swish_grad_tpl_args(const acpu_tiling_call *c, const acpu_even_data *d, const acpu_field_sink *s)
{
    s->u64(s->ctx, "D_T_X", (uint64_t)c->compute_dt);
    s->u64(s->ctx, "BUFFER_MODE", d->double_buffer ? 1u : 0u);
}

static const acpu_even_params k_hard_swish_grad_even = {.calc_bytes = {4, 2},
                                                        .buffers = {8, 11},
                                                        .align = 64,
                                                        .double_buffer = true,
                                                        .single_upto = 1024,
                                                        .single_buffers = {5, 8},
                                                        .tpl_args = hard_swish_grad_tpl_args};

static const acpu_op_def k_op_hard_swish_grad = {.type = "HardSwishGrad",
                                                 .n_in = 2,
                                                 .in = {"grad_output", "self"},
                                                 .out = "grad_input",
                                                 .in_dtypes = {HARD_FLOAT_DT, HARD_FLOAT_DT},
                                                 .out_dtypes = HARD_FLOAT_DT,
                                                 .kernel = ACPU_KERNEL_HARDSWISH_GRAD,
                                                 TILINGS({&acpu_strategy_even, &k_hard_swish_grad_even})};

/* aclnn_hardswish_backward.cpp: CheckNotNull3Tensor, CheckDtypeValid (self, then gradOutput in the
 * list; gradOutput and out as self), CheckShapeValid (gradOutput, self at most 8 dims; gradOutput
 * and out as self). */
ACPU_API(HardswishBackward, "hardswish_backward", ((TIN, gradOutput, 0), (TIN, self, 1), (TOUT, out, 0)),
         .op = &k_op_hard_swish_grad,
         CHECKS(CK_DTYPE(1, HARD_FLOAT_DTYPES), CK_DTYPE(0, HARD_FLOAT_DTYPES), CK_SAME_DTYPE(0, 1),
                CK_SAME_DTYPE(2, 1), CK_RANK(0), CK_RANK(1), CK_SAME_SHAPE(0, 1), CK_SAME_SHAPE(2, 1)))

/* HardSwishGradV2 (activation/hard_swish_grad_v2): the arch22 tiling and kernel on Ascend910, 910B,
 * 910_93 (the one open 910B kernel of the family), the arch35 one elsewhere. */
static const acpu_op_def k_op_hard_swish_grad_v2 = {
    .type = "HardSwishGradV2",
    .n_in = 2,
    .in = {"gradOutput", "self"},
    .out = "out",
    .in_dtypes = {HARD_FLOAT_DT, HARD_FLOAT_DT},
    .out_dtypes = HARD_FLOAT_DT,
    .kernel = ACPU_KERNEL_HARDSWISH_GRAD_V2,
    TILINGS({&acpu_strategy_hsg_v2_910b, NULL}, {&acpu_strategy_even, &k_hard_swish_grad_even})};

/* aclnn_hardswish_backward_v2.cpp: as V1 but gradOutput's dtype is checked before self's. */
ACPU_API(HardswishBackwardV2, "hardswish_backward_v2", ((TIN, gradOutput, 0), (TIN, self, 1), (TOUT, out, 0)),
         .op = &k_op_hard_swish_grad_v2,
         CHECKS(CK_DTYPE(0, HARD_FLOAT_DTYPES), CK_DTYPE(1, HARD_FLOAT_DTYPES), CK_SAME_DTYPE(0, 1),
                CK_SAME_DTYPE(2, 1), CK_RANK(0), CK_RANK(1), CK_SAME_SHAPE(0, 1), CK_SAME_SHAPE(2, 1)))

#define HARDSWISH_OPS &k_op_hard_swish, &k_op_hard_swish_grad, &k_op_hard_swish_grad_v2,
#define HARDSWISH_APIS &k_api_Hardswish, &k_api_InplaceHardswish, &k_api_HardswishBackward, &k_api_HardswishBackwardV2,

/* ==== the Hardsigmoid family =========================================================== */

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define CK_PROMOTE_CAST_OUT(o, x, y, lists) {.kind = ACPU_CK_PROMOTE_CAST_OUT, .a = (o), .b = (x), .c = (y), .dtypes = lists}
/* clang-format on */

/* The op_api passes alpha = 1.0f / 6.0f (hardsigmoid.cpp kHardSigmoidAlpha, aclnn_hardsigmoid_backward.cpp),
 * not the proto's 0.16666666 (one fp32 ulp below), and beta = 0.5. */
#define HARD_SIGMOID_CONSTS .n_consts = 1, .consts = {{0, (double)(1.0f / 6.0f)}}

static void hard_sigmoid_tpl_args(const acpu_tiling_call *c, const acpu_even_data *d, const acpu_field_sink *s)
{
    (void)c;
    (void)d;
    s->u64(s->ctx, "schMode", 0u); /* HARD_SIGMOID_SCH_MODE_DEFAULT: the dtype is compiled in */
}

/* HardSigmoid (activation/hard_sigmoid), arch35 hard_sigmoid_tiling_arch35.cpp: ubFactor =
 * FloorAlign((ub - 8192) / bytes per element, 256 / storage bytes) with 16 (fp32), 12 (fp16, bf16:
 * two double-buffered queues plus an fp32 buffer) or 20 (int32) bytes; at most totalElements /
 * ceil(16 KiB / storage bytes) cores, at least one; tiling data totalElements, blockFactor,
 * ubFactor, alpha, beta; workspace 0. */
static const acpu_even_params k_hard_sigmoid_even = {.calc_bytes = {16, 12},
                                                     .buffers = {1, 1},
                                                     .align = 64,
                                                     .double_buffer = true,
                                                     .min_core_bytes = 16384,
                                                     .reserve_bytes = 8192,
                                                     .int_calc_bytes = 20,
                                                     .align_bytes = 256,
                                                     .total_name = "totalElements",
                                                     .n_scalars = 2,
                                                     .scalar_attrs = {0, 1},
                                                     .scalar_names = {"alpha", "beta"},
                                                     .tpl_args = hard_sigmoid_tpl_args};

#define HARD_SIGMOID_DT (DT_F32 | DT_F16 | DT_BF16 | ACPU_DT(ACL_INT32))
static const acpu_op_def k_op_hard_sigmoid = {.type = "HardSigmoid",
                                              .n_in = 1,
                                              .in = {"input_x"},
                                              .out = "output_y",
                                              .in_dtypes = {HARD_SIGMOID_DT},
                                              .out_dtypes = HARD_SIGMOID_DT,
                                              .n_attrs = 2,
                                              .attrs = {F_ATTR("alpha", 0.16666666), F_ATTR("beta", 0.5)},
                                              .kernel = ACPU_KERNEL_HARDSIGMOID,
                                              TILINGS({&acpu_strategy_even, &k_hard_sigmoid_even})};

/* aclnn_hardsigmoid.cpp: CheckNotNull2Tensor, CheckDtypeValid (self in the list: INT32 too),
 * CheckShape (self at most 8 dims, out as self), then out's dtype and storage format as self's;
 * empty: workspace 0; INT32 computes as INT32 (KEEP). */
#define HARD_SIGMOID_DTYPES BF16_NOT_910(HARD_SIGMOID_DT)
ACPU_API(Hardsigmoid, "hardsigmoid", ((TIN, self, 0), (TOUT, out, 0)), .op = &k_op_hard_sigmoid,
         .compute = ACPU_COMPUTE_KEEP, HARD_SIGMOID_CONSTS,
         CHECKS(CK_DTYPE(0, HARD_SIGMOID_DTYPES), CK_RANK(0), CK_SAME_SHAPE(0, 1), CK_SAME_DTYPE(1, 0),
                CK_SAME_FORMAT(1, 0)))

/* aclnnInplaceHardsigmoidGetWorkspaceSize calls aclnnHardsigmoidGetWorkspaceSize(self, self). */
ACPU_API(InplaceHardsigmoid, "inplace_hardsigmoid", ((TINOUT_CONST, self, 0)), .op = &k_op_hard_sigmoid,
         .compute = ACPU_COMPUTE_KEEP, HARD_SIGMOID_CONSTS, CHECKS(CK_DTYPE(0, HARD_SIGMOID_DTYPES), CK_RANK(0)))

static void hard_sigmoid_grad_tpl_args(const acpu_tiling_call *c, const acpu_even_data *d, const acpu_field_sink *s)
{
    (void)d;
    s->u64(s->ctx, "schMode", hard_dtype_mode(c->compute_dt));
}

/* HardSigmoidGrad (activation/hard_sigmoid_grad), arch35 hard_sigmoid_grad_tiling_arch35.cpp: one
 * core below 1024 elements; ubFactor = FloorAlign(ub / 4 / bufferNum, max(32, 256) / 4) with
 * bufferNum 8 (fp32) or 7 (fp16, bf16); tiling data totalLength, blockFactor, ubFactor, alpha,
 * beta; schMode 0 / 1 / 2 by dtype; double-buffered queues; workspace 0. */
static const acpu_even_params k_hard_sigmoid_grad_even = {.calc_bytes = {4, 4},
                                                          .buffers = {8, 7},
                                                          .align = 64,
                                                          .double_buffer = true,
                                                          .one_core_below = 1024,
                                                          .total_name = "totalLength",
                                                          .n_scalars = 2,
                                                          .scalar_attrs = {0, 1},
                                                          .scalar_names = {"alpha", "beta"},
                                                          .tpl_args = hard_sigmoid_grad_tpl_args};

static const acpu_op_def k_op_hard_sigmoid_grad = {.type = "HardSigmoidGrad",
                                                   .n_in = 2,
                                                   .in = {"grads", "input_x"},
                                                   .out = "y",
                                                   .in_dtypes = {HARD_FLOAT_DT, HARD_FLOAT_DT},
                                                   .out_dtypes = HARD_FLOAT_DT,
                                                   .n_attrs = 2,
                                                   .attrs = {F_ATTR("alpha", 0.16666666), F_ATTR("beta", 0.5)},
                                                   .kernel = ACPU_KERNEL_HARDSIGMOID_GRAD,
                                                   TILINGS({&acpu_strategy_even, &k_hard_sigmoid_grad_even})};

/* aclnn_hardsigmoid_backward.cpp: CheckNotNull, CheckDtypeValid (gradOutput, self in the list; out
 * a cast target of their promotion), CheckShape (all three at most 8 dims, self's shape equal to
 * gradOutput's and out's); both inputs cast to the promotion, HardSigmoidGrad, Cast to out's dtype. */
ACPU_API(HardsigmoidBackward, "hardsigmoid_backward", ((TIN, gradOutput, 0), (TIN, self, 1), (TOUT, out, 0)),
         .op = &k_op_hard_sigmoid_grad, HARD_SIGMOID_CONSTS,
         CHECKS(CK_DTYPE(0, HARD_FLOAT_DTYPES), CK_DTYPE(1, HARD_FLOAT_DTYPES),
                CK_PROMOTE_CAST_OUT(2, 0, 1, ALL(DT_F32 | DT_F16 | DT_BF16 | DT_F64 | DT_COMPLEX)), CK_RANK(0),
                CK_RANK(1), CK_RANK(2), CK_SAME_SHAPE(1, 0), CK_SAME_SHAPE(1, 2)))

#define HARDSIGMOID_OPS &k_op_hard_sigmoid, &k_op_hard_sigmoid_grad,
#define HARDSIGMOID_APIS &k_api_Hardsigmoid, &k_api_InplaceHardsigmoid, &k_api_HardsigmoidBackward,

/* ==== the lists: every family's operators and APIs, in the docs' order ============================= */

const acpu_op_def *const acpu_ops[] = {ELU_OPS SOFTPLUS_OPS SILU_OPS CELU_OPS SIGMOID_OPS TANH_OPS GELU_OPS MISH_OPS
                                           RELU_OPS LEAKY_RELU_OPS HARDTANH_OPS HARDSWISH_OPS HARDSIGMOID_OPS};
const int acpu_op_count = (int)(sizeof acpu_ops / sizeof acpu_ops[0]);

const acpu_api_def *const acpu_apis[] = {
    ELU_APIS SOFTPLUS_APIS SILU_APIS CELU_APIS SIGMOID_APIS TANH_APIS GELU_APIS MISH_APIS RELU_APIS LEAKY_RELU_APIS
        HARDTANH_APIS HARDSWISH_APIS HARDSIGMOID_APIS};
const int acpu_api_count = (int)(sizeof acpu_apis / sizeof acpu_apis[0]);
