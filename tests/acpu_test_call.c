/* The generic registry call (acpu_test_call.h). */
#include "acpu_test_call.h"

#include <stdlib.h>
#include <string.h>

#include "acpu_test_tensor.h"
#include "tiling/acpu_platform.h"

bool acpu_test_kind_is_tensor(acpu_param_kind k)
{
    return k == ACPU_P_TIN || k == ACPU_P_TOUT || k == ACPU_P_TOUT_CONST || k == ACPU_P_TINOUT ||
           k == ACPU_P_TINOUT_CONST;
}

bool acpu_test_kind_is_output(acpu_param_kind k)
{
    return k == ACPU_P_TOUT || k == ACPU_P_TOUT_CONST || k == ACPU_P_TINOUT || k == ACPU_P_TINOUT_CONST;
}

bool acpu_test_kind_is_input(acpu_param_kind k)
{
    return k == ACPU_P_TIN || k == ACPU_P_TINOUT || k == ACPU_P_TINOUT_CONST;
}

bool acpu_test_kind_is_pointer(acpu_param_kind k)
{
    return acpu_test_kind_is_tensor(k) || k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT || k == ACPU_P_STRING;
}

aclTensor *acpu_test_call_tensor(const acpu_test_call *c, aclDataType dt, const int64_t *strides, int64_t offset,
                                 uint64_t storage_rank, const int64_t *storage, void *data)
{
    aclTensor *t = aclCreateTensor(c->dims, c->rank, dt, strides, offset, ACL_FORMAT_ND, storage, storage_rank, data);
    ck_assert_msg(t != NULL, "%s: aclCreateTensor: %s", c->api->name, aclGetRecentErrMsg());
    return t;
}

/* Input values from the row's range for operator input `slot`. */
static void fill_input(const acpu_test_call *c, int slot, unsigned char *buf)
{
    for (int64_t e = 0; e < c->numel; e++)
        acpu_test_store(c->dt, buf, (size_t)e, acpu_test_lcg_sym(c->op->range[slot]));
}

static void make_tensor_param(acpu_test_call *c, int i)
{
    const acpu_param_def *p = &c->api->params[i];
    c->buf[i] = acpu_test_guarded_alloc(c->cap, ACPU_TEST_CALL_OUT_FILL);
    if (acpu_test_kind_is_input(p->kind))
        fill_input(c, p->slot, c->buf[i]);
    c->snap[i] = acpu_test_snapshot(c->buf[i], c->cap);
    c->t[i] = acpu_test_call_tensor(c, c->dt, NULL, 0, c->rank, c->dims, c->buf[i]);
}

static void make_param(acpu_test_call *c, int i)
{
    const acpu_param_def *p = &c->api->params[i];
    double v = c->op->attr[p->slot];
    switch (p->kind) {
    case ACPU_P_TIN:
    case ACPU_P_TOUT:
    case ACPU_P_TOUT_CONST:
    case ACPU_P_TINOUT:
    case ACPU_P_TINOUT_CONST: make_tensor_param(c, i); break;
    case ACPU_P_SCALAR:
    case ACPU_P_SCALAR_OPT:
        c->s[i] = acpu_test_scalar_f32((float)v);
        ck_assert_ptr_nonnull(c->s[i]);
        break;
    case ACPU_P_BOOL:
    case ACPU_P_INT:
    case ACPU_P_STRING: break;
    default:
        ck_abort_msg("%s: parameter %s has kind %d, which the contract harness has no maker for", c->api->name, p->name,
                     (int)p->kind);
    }
}

/* The call's own argument of parameter i. */
static acpu_arg own_arg(const acpu_test_call *c, int i)
{
    const acpu_param_def *p = &c->api->params[i];
    double v = c->op->attr[p->slot];
    acpu_arg a = {.p = NULL};
    if (acpu_test_kind_is_tensor(p->kind))
        a.p = c->t[i];
    else if (p->kind == ACPU_P_SCALAR || p->kind == ACPU_P_SCALAR_OPT)
        a.p = c->s[i];
    else if (p->kind == ACPU_P_BOOL)
        a.b = v != 0.0;
    else if (p->kind == ACPU_P_INT)
        a.i = (int64_t)v;
    else if (p->kind == ACPU_P_STRING)
        a.s = c->api->op->attrs[p->slot].choices[(int)v];
    return a;
}

void acpu_test_call_make(acpu_test_call *c, const acpu_test_op *op, aclDataType dt, uint64_t rank, const int64_t *dims,
                         uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->op = op;
    c->api = acpu_test_op_api(op);
    c->n_params = c->api->n_params;
    c->out = -1;
    c->rank = rank;
    c->numel = 1;
    for (uint64_t d = 0; d < rank; d++) {
        c->dims[d] = dims[d];
        c->numel *= dims[d];
    }
    c->dt = dt;
    c->cap = (size_t)(c->numel > 0 ? c->numel : 1) * ACPU_TEST_CALL_ELEM_MAX;
    acpu_test_lcg_seed(seed, 32);
    for (int i = 0; i < c->n_params; i++) {
        make_param(c, i);
        if (acpu_test_kind_is_output(c->api->params[i].kind))
            c->out = i;
    }
    ck_assert_msg(c->out >= 0, "%s has no output parameter", c->api->name);
    for (int i = 0; i < c->n_params; i++)
        c->args[i] = own_arg(c, i);
}

void acpu_test_call_free(acpu_test_call *c)
{
    for (int i = 0; i < c->n_params; i++) {
        if (c->t[i] != NULL)
            ck_assert_int_eq(aclDestroyTensor(c->t[i]), ACLNN_SUCCESS);
        if (c->s[i] != NULL)
            ck_assert_int_eq(aclDestroyScalar(c->s[i]), ACLNN_SUCCESS);
        free(c->buf[i]);
        free(c->snap[i]);
    }
    memset(c, 0, sizeof *c);
}

void acpu_test_call_reset(acpu_test_call *c)
{
    for (int i = 0; i < c->n_params; i++) {
        if (c->buf[i] != NULL)
            memcpy(c->buf[i], c->snap[i], c->cap + ACPU_TEST_GUARD);
        c->args[i] = own_arg(c, i);
    }
}

aclnnStatus acpu_test_call_phase1(const acpu_test_call *c, uint64_t *ws, aclOpExecutor **exec)
{
    return c->api->invoke(c->args, ws, exec);
}

aclnnStatus acpu_test_call_phase2(const acpu_test_call *c, uint64_t ws, aclOpExecutor *exec)
{
    return acpu_test_run_phase2(c->api->run, ws, exec);
}

aclnnStatus acpu_test_call_run(const acpu_test_call *c)
{
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus st = acpu_test_call_phase1(c, &ws, &exec);
    return st != ACLNN_SUCCESS ? st : acpu_test_call_phase2(c, ws, exec);
}

void acpu_test_call_expect_unchanged(const acpu_test_call *c, int line)
{
    for (int i = 0; i < c->n_params; i++)
        if (c->buf[i] != NULL)
            acpu_test_expect_unchanged(c->buf[i], c->snap[i], c->cap, c->api->params[i].name, line);
}

acpu_profile_group acpu_test_current_group(void)
{
    aclnnCpuPlatform p;
    ck_assert_int_eq(aclnnCpuGetPlatform(&p), ACL_SUCCESS);
    acpu_soc soc;
    ck_assert_msg(acpu_soc_parse(p.soc, &soc), "profile %s", p.soc);
    return acpu_profile_group_of(soc);
}

/* A call of one dtype meets every list (a promoted input's: the promotion's list). */
static bool every_list_takes(const acpu_api_def *api, aclDataType dt, acpu_profile_group g)
{
    for (int i = 0; i < api->n_params; i++) {
        uint64_t set;
        if (acpu_test_kind_is_tensor(api->params[i].kind) &&
            (acpu_api_param_dtypes(api, i, g, &set) || acpu_api_param_promoted_dtypes(api, i, g, &set)) &&
            !(set & ACPU_DT(dt)))
            return false;
    }
    return true;
}

aclDataType acpu_test_call_base_dtype(const acpu_test_op *op, acpu_profile_group g)
{
    static const int64_t dims[1] = {4};
    for (int d = 0; d < op->n_dtypes; d++) {
        if (!every_list_takes(acpu_test_op_api(op), op->dtypes[d], g))
            continue;
        acpu_test_call c;
        acpu_test_call_make(&c, op, op->dtypes[d], 1, dims, 1);
        uint64_t ws = 0;
        aclOpExecutor *exec = NULL;
        aclnnStatus st = acpu_test_call_phase1(&c, &ws, &exec);
        if (st == ACLNN_SUCCESS)
            ck_assert_int_eq(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
        acpu_test_call_free(&c);
        if (st == ACLNN_SUCCESS)
            return op->dtypes[d];
    }
    return ACL_DT_UNDEFINED;
}
