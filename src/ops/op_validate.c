/* The declarative validation of an API row (acpu_registry.h): its checks in list order, each with
 * CANN's code and a message naming the API, the argument, what was expected and what came; the
 * attribute conversion; dtype promotion and the compute-dtype rules. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ops/acpu_op_call.h"

acpu_profile_group acpu_profile_group_of(acpu_soc soc)
{
    switch (soc) {
    case ACPU_SOC_ASCEND910: return ACPU_PG_910;
    case ACPU_SOC_ASCEND910B:
    case ACPU_SOC_ASCEND910_93: return ACPU_PG_A2A3;
    default: return ACPU_PG_950; /* Ascend950 and host */
    }
}

/* ---- dtypes ------------------------------------------------------------------------------------- */

/* The messages' order of dtype names. */
static const aclDataType k_dtype_order[] = {
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16,   ACL_DOUBLE, ACL_INT8, ACL_INT16,     ACL_INT32,     ACL_INT64,
    ACL_UINT8, ACL_UINT16,  ACL_UINT32, ACL_UINT64, ACL_BOOL, ACL_COMPLEX32, ACL_COMPLEX64, ACL_COMPLEX128};

const char *acpu_dtype_set_str(uint64_t set, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof k_dtype_order / sizeof k_dtype_order[0]; i++) {
        if (!(set & ACPU_DT(k_dtype_order[i])))
            continue;
        int w = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", acpu_dtype_name(k_dtype_order[i]));
        if (w < 0 || (size_t)w >= size - used)
            break;
        used += (size_t)w;
    }
    return buf;
}

static bool in_set(aclDataType dt, uint64_t set) { return (unsigned)dt < 64u && (set & ACPU_DT(dt)) != 0; }

static int float_rank(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT16:
    case ACL_BF16: return 1;
    case ACL_FLOAT: return 2;
    case ACL_DOUBLE: return 3;
    default: return 0;
    }
}

/* CANN's PromoteType (opbase include/nnopbase/opdev/data_type_utils.h, kPromoteTypesLookup) on the
 * dtypes a tensor of this library can have: the table's rows and columns for them, read as
 * table[a][b] as CANN does (not symmetric everywhere: uint16 with complex64 is complex64 one way
 * round, undefined the other); equal dtypes promote to themselves. */
enum {
    PT_F32,
    PT_F16,
    PT_I8,
    PT_I32,
    PT_U8,
    PT_I16,
    PT_U16,
    PT_U32,
    PT_I64,
    PT_U64,
    PT_F64,
    PT_BOOL,
    PT_C64,
    PT_C128,
    PT_BF,
    PT_C32,
    PT_COUNT
};

static int promote_index(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return PT_F32;
    case ACL_FLOAT16: return PT_F16;
    case ACL_INT8: return PT_I8;
    case ACL_INT32: return PT_I32;
    case ACL_UINT8: return PT_U8;
    case ACL_INT16: return PT_I16;
    case ACL_UINT16: return PT_U16;
    case ACL_UINT32: return PT_U32;
    case ACL_INT64: return PT_I64;
    case ACL_UINT64: return PT_U64;
    case ACL_DOUBLE: return PT_F64;
    case ACL_BOOL: return PT_BOOL;
    case ACL_COMPLEX64: return PT_C64;
    case ACL_COMPLEX128: return PT_C128;
    case ACL_BF16: return PT_BF;
    case ACL_COMPLEX32: return PT_C32;
    default: return -1;
    }
}

aclDataType acpu_promote(aclDataType a, aclDataType b)
{
#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define I8 ACL_INT8
#define I32 ACL_INT32
#define U8 ACL_UINT8
#define I16 ACL_INT16
#define I64 ACL_INT64
#define F64 ACL_DOUBLE
#define BOOL ACL_BOOL
#define C64 ACL_COMPLEX64
#define C128 ACL_COMPLEX128
#define BF ACL_BF16
#define C32 ACL_COMPLEX32
#define UD ACL_DT_UNDEFINED
    static const aclDataType table[PT_COUNT][PT_COUNT] = {
        /* F32  */ {F32, F32, F32, F32, F32, F32, UD, UD, F32, UD, F64, F32, C64, C128, F32, C64},
        /* F16  */ {F32, F16, F16, F16, F16, F16, UD, UD, F16, UD, F64, F16, C64, C128, F32, C32},
        /* I8   */ {F32, F16, I8, I32, I16, I16, UD, UD, I64, UD, F64, I8, C64, C128, BF, C32},
        /* I32  */ {F32, F16, I32, I32, I32, I32, UD, UD, I64, UD, F64, I32, C64, C128, BF, C32},
        /* U8   */ {F32, F16, I16, I32, U8, I16, UD, UD, I64, UD, F64, U8, C64, C128, BF, C32},
        /* I16  */ {F32, F16, I16, I32, I16, I16, UD, UD, I64, UD, F64, I16, C64, C128, BF, C32},
        /* U16  */ {UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, C64, C128, UD, UD},
        /* U32  */ {UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, C64, C128, UD, UD},
        /* I64  */ {F32, F16, I64, I64, I64, I64, UD, UD, I64, UD, F64, I64, C64, C128, BF, C32},
        /* U64  */ {UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, UD, C128, C128, UD, UD},
        /* F64  */ {F64, F64, F64, F64, F64, F64, UD, UD, F64, UD, F64, F64, C128, C128, F64, C128},
        /* BOOL */ {F32, F16, I8, I32, U8, I16, UD, UD, I64, UD, F64, BOOL, C64, C128, BF, C32},
        /* C64  */ {C64, C64, C64, C64, C64, C64, UD, UD, C64, UD, C128, C64, C64, C128, C64, C64},
        /* C128 */ {C128, C128, C128, C128, C128, C128, UD, UD, C128, UD, C128, C128, C128, C128, C128, C128},
        /* BF   */ {F32, F32, BF, BF, BF, BF, UD, UD, BF, UD, F64, BF, C64, C128, BF, C64},
        /* C32  */ {C64, C32, C32, C32, C32, C32, UD, UD, C32, UD, C128, C32, C64, C128, C64, C32},
    };
#undef F32
#undef F16
#undef I8
#undef I32
#undef U8
#undef I16
#undef I64
#undef F64
#undef BOOL
#undef C64
#undef C128
#undef BF
#undef C32
#undef UD
    if (a == b)
        return a;
    int ia = promote_index(a), ib = promote_index(b);
    return ia < 0 || ib < 0 ? ACL_DT_UNDEFINED : table[ia][ib];
}

aclDataType acpu_compute_dtype(acpu_compute_rule rule, const aclDataType *in, int n_in)
{
    if (rule == ACPU_COMPUTE_KEEP) {
        aclDataType dt = in[0];
        for (int i = 1; i < n_in; i++)
            dt = acpu_promote(dt, in[i]);
        return acpu_kdtype_of(dt) != ACPU_KDT_NONE ? dt : ACL_FLOAT;
    }
    bool equal = true, any_double = false;
    for (int i = 0; i < n_in; i++) {
        equal = equal && in[i] == in[0];
        any_double = any_double || in[i] == ACL_DOUBLE;
    }
    if (any_double)
        return ACL_DOUBLE;
    if (equal && float_rank(in[0]) > 0)
        return in[0];
    return ACL_FLOAT;
}

aclDataType acpu_compute_dtype_out(acpu_compute_rule rule, const aclDataType *in, int n_in, aclDataType out)
{
    if (rule != ACPU_COMPUTE_FLOAT_ELSE_OUT || float_rank(in[0]) > 0)
        return acpu_compute_dtype(rule, in, n_in);
    if (out == ACL_COMPLEX64)
        return ACL_FLOAT;
    return out == ACL_COMPLEX128 ? ACL_DOUBLE : out;
}

/* ---- the checks ---------------------------------------------------------------------------------- */

static const aclTensor *tensor_arg(const acpu_call *c, int i) { return (const aclTensor *)c->args[i].p; }
static const char *param_name(const acpu_call *c, int i) { return c->api->params[i].name; }

static aclnnStatus check_dtype(const acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    aclDataType dt = tensor_arg(c, k->a)->dtype;
    uint64_t set = k->dtypes[acpu_profile_group_of(p->soc)];
    if (in_set(dt, set))
        return ACLNN_SUCCESS;
    char names[256];
    acpu_set_error("%s: %s dtype must be one of %s on profile %s, got %s", c->api->phase1, param_name(c, k->a),
                   acpu_dtype_set_str(set, names, sizeof names), acpu_soc_name(p->soc), acpu_dtype_name(dt));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_same_dtype(const acpu_call *c, const acpu_check *k)
{
    aclDataType a = tensor_arg(c, k->a)->dtype, b = tensor_arg(c, k->b)->dtype;
    if (a == b)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s dtype must equal %s dtype %s, got %s", c->api->phase1, param_name(c, k->a),
                   param_name(c, k->b), acpu_dtype_name(b), acpu_dtype_name(a));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_promote_out(const acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    aclDataType out = tensor_arg(c, k->a)->dtype, x = tensor_arg(c, k->b)->dtype, y = tensor_arg(c, k->c)->dtype;
    aclDataType want = acpu_promote(x, y);
    if (out == want)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s dtype must be %s (the promotion of %s %s and %s %s) on profile %s, got %s", c->api->phase1,
                   param_name(c, k->a), acpu_dtype_name(want), param_name(c, k->b), acpu_dtype_name(x),
                   param_name(c, k->c), acpu_dtype_name(y), acpu_soc_name(p->soc), acpu_dtype_name(out));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_cast_out(const acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    aclDataType out = tensor_arg(c, k->a)->dtype, from = tensor_arg(c, k->b)->dtype;
    uint64_t set = k->dtypes[acpu_profile_group_of(p->soc)];
    if (in_set(out, set) && acpu_can_cast(from, out))
        return ACLNN_SUCCESS;
    char names[256];
    acpu_set_error("%s: %s dtype must be one of %s (a cast target of %s), got %s (%d)", c->api->phase1,
                   param_name(c, k->a), acpu_dtype_set_str(set, names, sizeof names), acpu_dtype_name(from),
                   acpu_dtype_name(out), (int)out);
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_scalar_cast(const acpu_call *c, const acpu_check *k)
{
    const aclScalar *s = c->args[k->a].p;
    if (s == NULL || acpu_can_cast(s->dtype, (aclDataType)k->b)) /* an absent optional scalar: its default */
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s must be castable to %s, got a %s scalar", c->api->phase1, param_name(c, k->a),
                   acpu_dtype_name((aclDataType)k->b), acpu_dtype_name(s->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_scalar_dtype(const acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    const aclScalar *s = c->args[k->a].p;
    uint64_t set = k->dtypes[acpu_profile_group_of(p->soc)];
    if (s == NULL || in_set(s->dtype, set)) /* an absent optional scalar: its default */
        return ACLNN_SUCCESS;
    char names[256];
    acpu_set_error("%s: %s dtype must be one of %s on profile %s, got a %s scalar", c->api->phase1, param_name(c, k->a),
                   acpu_dtype_set_str(set, names, sizeof names), acpu_soc_name(p->soc), acpu_dtype_name(s->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_scalar_cast_to(const acpu_call *c, const acpu_check *k)
{
    const aclScalar *s = c->args[k->a].p;
    aclDataType to = tensor_arg(c, k->b)->dtype;
    if (s == NULL || acpu_can_cast(s->dtype, to))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s must be castable to %s dtype %s, got a %s scalar", c->api->phase1, param_name(c, k->a),
                   param_name(c, k->b), acpu_dtype_name(to), acpu_dtype_name(s->dtype));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_promote_cast(const acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    aclDataType out = tensor_arg(c, k->a)->dtype, x = tensor_arg(c, k->b)->dtype, y = tensor_arg(c, k->c)->dtype;
    aclDataType pt = acpu_promote(x, y);
    uint64_t set = k->dtypes[acpu_profile_group_of(p->soc)];
    char names[256];
    if (pt == ACL_DT_UNDEFINED) {
        acpu_set_error("%s: %s dtype %s and %s dtype %s have no promotion", c->api->phase1, param_name(c, k->b),
                       acpu_dtype_name(x), param_name(c, k->c), acpu_dtype_name(y));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (!in_set(pt, set)) {
        acpu_set_error("%s: the promotion %s of %s and %s must be one of %s", c->api->phase1, acpu_dtype_name(pt),
                       param_name(c, k->b), param_name(c, k->c), acpu_dtype_set_str(set, names, sizeof names));
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (acpu_can_cast(pt, out))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s dtype must be a cast target of %s (the promotion of %s and %s), got %s", c->api->phase1,
                   param_name(c, k->a), acpu_dtype_name(pt), param_name(c, k->b), param_name(c, k->c),
                   acpu_dtype_name(out));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_same_format(const acpu_call *c, const acpu_check *k)
{
    aclFormat a = tensor_arg(c, k->a)->format, b = tensor_arg(c, k->b)->format;
    if (a == b)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s format must equal %s format (aclFormat %d), got aclFormat %d", c->api->phase1,
                   param_name(c, k->a), param_name(c, k->b), (int)b, (int)a);
    return ACLNN_ERR_PARAM_INVALID;
}

/* OP_CHECK_RESULT_DTYPE_CAST_FAILED(b, a): CanCast from b's dtype to a's, no list. */
static aclnnStatus check_can_cast(const acpu_call *c, const acpu_check *k)
{
    aclDataType to = tensor_arg(c, k->a)->dtype, from = tensor_arg(c, k->b)->dtype;
    if (acpu_can_cast(from, to))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s dtype %s cannot be cast to %s dtype %s", c->api->phase1, param_name(c, k->b),
                   acpu_dtype_name(from), param_name(c, k->a), acpu_dtype_name(to));
    return ACLNN_ERR_PARAM_INVALID;
}

/* opdev IsPrivateFormat (opbase format_utils.cpp): the fractal and C0-blocked formats. 33 is
 * FORMAT_FRACTAL_Z_3D, which acl_base.h does not name. */
static bool is_private_format(aclFormat f)
{
    switch ((int)f) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NDC1HWC0:
    case 33:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ_C0_16:
    case ACL_FORMAT_FRACTAL_NZ_C0_32:
    case ACL_FORMAT_FRACTAL_NZ_C0_2:
    case ACL_FORMAT_FRACTAL_NZ_C0_4:
    case ACL_FORMAT_FRACTAL_NZ_C0_8: return true;
    default: return false;
    }
}

static aclnnStatus check_not_private_format(const acpu_call *c, const acpu_check *k)
{
    aclFormat a = tensor_arg(c, k->a)->format, b = tensor_arg(c, k->b)->format;
    if (!is_private_format(a) && !is_private_format(b))
        return ACLNN_SUCCESS;
    acpu_set_error("%s: formats must not be private (only ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, ...): %s aclFormat %d, "
                   "%s aclFormat %d",
                   c->api->phase1, param_name(c, k->a), (int)a, param_name(c, k->b), (int)b);
    return ACLNN_ERR_PARAM_INVALID;
}

/* OP_CHECK_RESULT_DTYPE_CAST_FAILED(PromoteType(b, c), a), with a in the library's list. */
static aclnnStatus check_promote_cast_out(const acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    aclDataType out = tensor_arg(c, k->a)->dtype, x = tensor_arg(c, k->b)->dtype, y = tensor_arg(c, k->c)->dtype;
    aclDataType from = acpu_promote(x, y);
    uint64_t set = k->dtypes[acpu_profile_group_of(p->soc)];
    if (from != ACL_DT_UNDEFINED && in_set(out, set) && acpu_can_cast(from, out))
        return ACLNN_SUCCESS;
    char names[256];
    acpu_set_error("%s: %s dtype must be one of %s (a cast target of %s, the promotion of %s %s and %s %s), got %s",
                   c->api->phase1, param_name(c, k->a), acpu_dtype_set_str(set, names, sizeof names),
                   acpu_dtype_name(from), param_name(c, k->b), acpu_dtype_name(x), param_name(c, k->c),
                   acpu_dtype_name(y), acpu_dtype_name(out));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_rank(const acpu_call *c, const acpu_check *k)
{
    const aclTensor *t = tensor_arg(c, k->a);
    if (t->view_rank <= ACPU_MAX_DIMS)
        return ACLNN_SUCCESS;
    acpu_set_error("%s: %s must have at most %d dims, got %llu", c->api->phase1, param_name(c, k->a), ACPU_MAX_DIMS,
                   (unsigned long long)t->view_rank);
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus shape_error(const acpu_call *c, const acpu_check *k, const char *relation)
{
    char a[160], b[160];
    acpu_set_error("%s: %s shape %s must %s %s shape %s", c->api->phase1, param_name(c, k->a),
                   acpu_shape_str(tensor_arg(c, k->a), a, sizeof a), relation, param_name(c, k->b),
                   acpu_shape_str(tensor_arg(c, k->b), b, sizeof b));
    return ACLNN_ERR_PARAM_INVALID;
}

static aclnnStatus check_broadcast_to(const acpu_call *c, const acpu_check *k)
{
    const aclTensor *from = tensor_arg(c, k->a), *to = tensor_arg(c, k->b);
    acpu_bc_shape f, t;
    if (from->view_rank <= ACPU_BC_MAX_RANK && to->view_rank <= ACPU_BC_MAX_RANK) {
        acpu_shape_of(from, &f);
        acpu_shape_of(to, &t);
        if (acpu_bc_broadcasts_to(&f, &t))
            return ACLNN_SUCCESS;
    }
    return shape_error(c, k, "broadcast to");
}

static aclnnStatus check_broadcast_out(const acpu_call *c, const acpu_check *k)
{
    const aclTensor *out = tensor_arg(c, k->a), *x = tensor_arg(c, k->b), *y = tensor_arg(c, k->c);
    acpu_bc_shape xs, ys, want;
    char o[160], xb[160], yb[160];
    if (x->view_rank <= ACPU_BC_MAX_RANK && y->view_rank <= ACPU_BC_MAX_RANK) {
        acpu_shape_of(x, &xs);
        acpu_shape_of(y, &ys);
        if (!acpu_bc_infer_shape(&xs, &ys, &want)) {
            acpu_set_error("%s: %s shape %s does not broadcast with %s shape %s", c->api->phase1, param_name(c, k->b),
                           acpu_shape_str(x, xb, sizeof xb), param_name(c, k->c), acpu_shape_str(y, yb, sizeof yb));
            return ACLNN_ERR_PARAM_INVALID;
        }
        bool same = want.rank == (int64_t)out->view_rank;
        for (int64_t d = 0; same && d < want.rank; d++)
            same = want.dims[d] == out->view_dims[d];
        if (same)
            return ACLNN_SUCCESS;
    } else if (acpu_same_shape(x, out) && acpu_same_shape(y, out)) {
        return ACLNN_SUCCESS; /* more than 8 dims (an API without a rank limit): equal shapes only */
    }
    acpu_set_error("%s: %s shape %s must equal the broadcast shape of %s %s and %s %s", c->api->phase1,
                   param_name(c, k->a), acpu_shape_str(out, o, sizeof o), param_name(c, k->b),
                   acpu_shape_str(x, xb, sizeof xb), param_name(c, k->c), acpu_shape_str(y, yb, sizeof yb));
    return ACLNN_ERR_PARAM_INVALID;
}

/* ---- attributes --------------------------------------------------------------------------------- */

static aclnnStatus convert_choice(const acpu_call *c, int param, const acpu_attr_def *def, const char *s,
                                  acpu_attr_value *v)
{
    const char *name = param_name(c, param);
    if (s == NULL) {
        acpu_set_error("%s: %s must not be NULL", c->api->phase1, name);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    for (int64_t i = 0; def->choices != NULL && def->choices[i] != NULL; i++) {
        if (strcmp(s, def->choices[i]) == 0) {
            v->i = i;
            return ACLNN_SUCCESS;
        }
    }
    acpu_set_error("%s: %s must be one of the %s choices, got \"%.64s\"", c->api->phase1, name, c->api->short_name, s);
    return ACLNN_ERR_PARAM_INVALID;
}

/* A double truncated toward zero; values outside int64 saturate and NaN gives 0. */
static int64_t double_to_int64(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 0x1p63)
        return INT64_MAX;
    return d <= -0x1p63 ? INT64_MIN : (int64_t)d;
}

/* aclScalar::To<int64_t>: an integer scalar's own value (UINT64 above INT64_MAX wraps, as the
 * static_cast does), a floating one truncated toward zero; values outside int64 saturate and NaN
 * gives 0 (CANN's cast is undefined there). */
static int64_t scalar_to_int64(const aclScalar *s)
{
    switch (s->dtype) {
    case ACL_INT64: return *(const int64_t *)(const void *)s->value;
    case ACL_UINT64: return (int64_t) * (const uint64_t *)(const void *)s->value;
    case ACL_INT32: return *(const int32_t *)(const void *)s->value;
    case ACL_UINT32: return *(const uint32_t *)(const void *)s->value;
    case ACL_INT16: return *(const int16_t *)(const void *)s->value;
    case ACL_UINT16: return *(const uint16_t *)(const void *)s->value;
    case ACL_INT8: return *(const int8_t *)(const void *)s->value;
    case ACL_UINT8: return *(const uint8_t *)(const void *)s->value;
    default: break;
    }
    return double_to_int64(acpu_scalar_to_double(s));
}

static aclnnStatus convert_all(acpu_call *c)
{
    const acpu_op_def *op = c->api->op;
    acpu_api_default_attrs(c->api, c->attrs);
    for (int i = 0; i < c->api->n_params; i++) {
        const acpu_param_def *prm = &c->api->params[i];
        acpu_attr_value *v = &c->attrs[prm->slot];
        switch (prm->kind) {
        case ACPU_P_SCALAR:
        case ACPU_P_SCALAR_OPT:
            if (c->args[i].p != NULL) {
                v->f = acpu_scalar_to_float(c->args[i].p);
                v->d = acpu_scalar_to_double(c->args[i].p);
                v->b = v->d != 0.0;
                v->i = scalar_to_int64(c->args[i].p);
            }
            break;
        case ACPU_P_BOOL:
            v->b = c->args[i].b;
            v->f = v->b;
            v->d = v->b;
            v->i = v->b;
            break;
        case ACPU_P_INT:
            v->i = c->args[i].i;
            v->f = (float)v->i;
            v->d = (double)v->i;
            break;
        case ACPU_P_FLOAT:
            v->d = c->args[i].d;
            v->f = (float)v->d;
            v->b = v->d != 0.0;
            v->i = double_to_int64(v->d);
            break;
        case ACPU_P_STRING: {
            aclnnStatus rc = convert_choice(c, i, &op->attrs[prm->slot], c->args[i].s, v);
            if (rc != ACLNN_SUCCESS)
                return rc;
            break;
        }
        default: break;
        }
    }
    return ACLNN_SUCCESS;
}

/* The conversion is a pure function of the attribute arguments, and a program repeats its calls:
 * each thread keeps the last conversion per memo slot (chosen by the API row's address), keyed by
 * the scalars' dtypes and value bytes and the bool / int arguments. Calls with a string argument
 * are converted every time (a string compares by content). */
#define ACPU_ATTR_MEMO_SLOTS 8
typedef struct {
    const acpu_api_def *api;
    aclScalar scalars[ACPU_MAX_PARAMS];
    bool present[ACPU_MAX_PARAMS];
    acpu_arg plain[ACPU_MAX_PARAMS];
    acpu_attr_value attrs[ACPU_MAX_ATTRS];
} attr_memo;

static bool memo_usable(const acpu_api_def *api)
{
    for (int i = 0; i < api->n_params; i++)
        if (api->params[i].kind == ACPU_P_STRING)
            return false;
    return true;
}

static bool memo_holds(const attr_memo *m, const acpu_call *c)
{
    if (m->api != c->api)
        return false;
    for (int i = 0; i < c->api->n_params; i++) {
        acpu_param_kind k = c->api->params[i].kind;
        if (k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT) {
            const aclScalar *s = c->args[i].p;
            if ((s != NULL) != m->present[i] || (s != NULL && !acpu_same_scalar(&m->scalars[i], s)))
                return false;
        } else if ((k == ACPU_P_BOOL && m->plain[i].b != c->args[i].b) ||
                   (k == ACPU_P_INT && m->plain[i].i != c->args[i].i) ||
                   (k == ACPU_P_FLOAT && memcmp(&m->plain[i].d, &c->args[i].d, sizeof(double)) != 0)) {
            return false;
        }
    }
    return true;
}

static void memo_store(attr_memo *m, const acpu_call *c)
{
    m->api = NULL;
    for (int i = 0; i < c->api->n_params; i++) {
        acpu_param_kind k = c->api->params[i].kind;
        const aclScalar *s = k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT ? c->args[i].p : NULL;
        m->present[i] = s != NULL;
        if (s != NULL)
            m->scalars[i] = *s;
        m->plain[i] = c->args[i];
    }
    memcpy(m->attrs, c->attrs, sizeof m->attrs);
    m->api = c->api;
}

aclnnStatus acpu_convert_attrs(acpu_call *c)
{
    static _Thread_local attr_memo memos[ACPU_ATTR_MEMO_SLOTS];
    bool usable = memo_usable(c->api);
    attr_memo *m = &memos[((uintptr_t)c->api / sizeof(acpu_api_def)) % ACPU_ATTR_MEMO_SLOTS];
    if (usable && memo_holds(m, c)) {
        memcpy(c->attrs, m->attrs, sizeof c->attrs);
        c->attrs_ready = true;
        return ACLNN_SUCCESS;
    }
    aclnnStatus rc = convert_all(c);
    if (rc != ACLNN_SUCCESS)
        return rc;
    if (usable)
        memo_store(m, c);
    c->attrs_ready = true;
    return ACLNN_SUCCESS;
}

/* ---- the list ---------------------------------------------------------------------------------- */

static aclnnStatus run_check(acpu_call *c, const acpu_check *k, const acpu_platform *p)
{
    switch (k->kind) {
    case ACPU_CK_DTYPE: return check_dtype(c, k, p);
    case ACPU_CK_SAME_DTYPE: return check_same_dtype(c, k);
    case ACPU_CK_PROMOTE_OUT: return check_promote_out(c, k, p);
    case ACPU_CK_CAST_OUT: return check_cast_out(c, k, p);
    case ACPU_CK_SCALAR_CAST: return check_scalar_cast(c, k);
    case ACPU_CK_RANK: return check_rank(c, k);
    case ACPU_CK_SAME_SHAPE:
        return acpu_same_shape(tensor_arg(c, k->a), tensor_arg(c, k->b)) ? ACLNN_SUCCESS : shape_error(c, k, "equal");
    case ACPU_CK_BROADCAST_TO: return check_broadcast_to(c, k);
    case ACPU_CK_BROADCAST_OUT: return check_broadcast_out(c, k);
    case ACPU_CK_SCALAR_DTYPE: return check_scalar_dtype(c, k, p);
    case ACPU_CK_SCALAR_CAST_TO: return check_scalar_cast_to(c, k);
    case ACPU_CK_PROMOTE_CAST: return check_promote_cast(c, k, p);
    case ACPU_CK_SAME_FORMAT: return check_same_format(c, k);
    case ACPU_CK_PROMOTE_CAST_OUT: return check_promote_cast_out(c, k, p);
    case ACPU_CK_NOT_PRIVATE_FORMAT: return check_not_private_format(c, k);
    case ACPU_CK_CAN_CAST: return check_can_cast(c, k);
    case ACPU_CK_OWN: {
        aclnnStatus rc = c->attrs_ready ? ACLNN_SUCCESS : acpu_convert_attrs(c);
        return rc != ACLNN_SUCCESS ? rc : c->api->own(c->api, c);
    }
    default: return ACLNN_SUCCESS;
    }
}

aclnnStatus acpu_validate(acpu_call *c, const acpu_platform *p)
{
    unsigned group = ACPU_PG_BIT(acpu_profile_group_of(p->soc));
    for (int i = 0; i < c->api->n_checks; i++) {
        const acpu_check *k = &c->api->checks[i];
        if (k->profiles != 0 && !(k->profiles & group))
            continue;
        aclnnStatus rc = run_check(c, k, p);
        if (rc != ACLNN_SUCCESS)
            return rc;
    }
    return c->attrs_ready ? ACLNN_SUCCESS : acpu_convert_attrs(c);
}
