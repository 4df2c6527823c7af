/* Table-driven phase-1 cases for the family API suites (test_<family>_api.c), as CANN's op_api UTs
 * write them: per case the API, the profile, each tensor parameter's dtype and shape (or NULL) and
 * its format (ND unless given), each scalar parameter's dtype and value (or NULL) and, in the same
 * list, an int64 parameter's value and a string parameter's (NULL passes NULL), the expected status
 * and the argument the message must name. The call goes through the API's public entry point (the registry row's
 * trampoline, in the parameter order of CANN's prototype); a successful case also runs phase 2 on zeroed storage.
 * Header only: every suite includes it once. Test code only. */
#ifndef ACPU_TEST_CASES_H_
#define ACPU_TEST_CASES_H_

#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "ops/acpu_registry.h"

#define ACPU_CASE_MAX_RANK 10
#define ACPU_CASE_NULL (-1) /* a tensor or scalar passed as NULL */

typedef struct {
    aclDataType dt;
    int64_t rank; /* ACPU_CASE_NULL: NULL */
    int64_t dims[ACPU_CASE_MAX_RANK];
    int format; /* 0: ACL_FORMAT_ND; otherwise the aclFormat + 1 */
} acpu_case_tensor;

/* A scalar parameter, or the value of an int64_t (v) or char * (str) parameter. */
typedef struct {
    aclDataType dt;
    double v;
    int null;
    const char *str;
} acpu_case_scalar;

typedef struct {
    const char *api;       /* "aclnnCelu" */
    const char *soc;       /* NULL: host */
    acpu_case_tensor t[4]; /* the tensor parameters in order */
    acpu_case_scalar s[3]; /* the scalar, int and string parameters in order */
    aclnnStatus want;
    const char *arg; /* a word the failure message must hold, or NULL */
    int line;
} acpu_case;

/* Shorthands: T(dt, dims...) a tensor, TF(dt, format, dims...) one of another format, TNULL a NULL
 * tensor, S(dt, v) a scalar, SNULL, I(v) an int64_t, STR(s) a char * (STR(NULL): NULL). */
#define ACPU_CASE_NARGS(...) (sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t))
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define T(dt_, ...) {.dt = (dt_), .rank = (int64_t)ACPU_CASE_NARGS(__VA_ARGS__), .dims = {__VA_ARGS__}}
/* clang-format on */
#define TF(dt_, fmt, ...)                                                                                           \
    {                                                                                                               \
        .dt = (dt_), .rank = (int64_t)ACPU_CASE_NARGS(__VA_ARGS__), .dims = {__VA_ARGS__}, .format = (int)(fmt) + 1 \
    }
/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define T0(dt_) {.dt = (dt_), .rank = 0}
#define TNULL {.dt = ACL_FLOAT, .rank = ACPU_CASE_NULL}
#define S(dt_, v_) {.dt = (dt_), .v = (v_)}
#define SNULL {.dt = ACL_FLOAT, .null = 1}
#define I(v_) {.dt = ACL_INT64, .v = (double)(v_)}
#define STR(s_) {.dt = ACL_DT_UNDEFINED, .str = (s_)}
/* clang-format on */

static inline bool acpu_case_is_tensor(acpu_param_kind k) { return k <= ACPU_P_TINOUT_CONST; }

static inline void acpu_run_case(const acpu_case *c)
{
    const acpu_api_def *api = acpu_api_find(c->api);
    ck_assert_msg(api != NULL, "line %d: no API %s", c->line, c->api);
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", 0, 0), ACL_SUCCESS);
    acpu_arg a[ACPU_MAX_PARAMS];
    aclTensor *tensors[4] = {NULL};
    aclScalar *scalars[3] = {NULL};
    void *bufs[4] = {NULL};
    int nt = 0, ns = 0;
    for (int i = 0; i < api->n_params; i++) {
        acpu_param_kind k = api->params[i].kind;
        if (acpu_case_is_tensor(k)) {
            const acpu_case_tensor *d = &c->t[nt];
            if (d->rank != ACPU_CASE_NULL) {
                int64_t n = acpu_test_numel(d->dims, (uint64_t)d->rank);
                bufs[nt] = calloc((size_t)(n > 0 ? n : 1), acpu_test_esize(d->dt));
                ck_assert_ptr_nonnull(bufs[nt]);
                if (d->format == 0) {
                    tensors[nt] = acpu_test_tensor(d->dt, d->dims, (uint64_t)d->rank, bufs[nt]);
                } else {
                    int64_t st[ACPU_CASE_MAX_RANK], m = 1;
                    for (int64_t r = d->rank; r-- > 0;) {
                        st[r] = m;
                        m *= d->dims[r];
                    }
                    tensors[nt] = aclCreateTensor(d->dims, (uint64_t)d->rank, d->dt, st, 0, (aclFormat)(d->format - 1),
                                                  d->dims, (uint64_t)d->rank, bufs[nt]);
                }
            }
            a[i].p = tensors[nt++];
        } else if (k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT) {
            const acpu_case_scalar *d = &c->s[ns];
            if (!d->null)
                scalars[ns] = acpu_test_scalar(d->dt, d->v, 0.0);
            a[i].p = scalars[ns++];
        } else if (k == ACPU_P_INT) {
            a[i].i = (int64_t)c->s[ns++].v;
        } else if (k == ACPU_P_STRING) {
            a[i].s = (char *)(uintptr_t)c->s[ns++].str;
        } else {
            ck_abort_msg("line %d: %s parameter kind %d", c->line, c->api, (int)k);
        }
    }
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = api->invoke(a, &ws, &exec);
    ck_assert_msg(rc == c->want, "line %d: %s on %s: %d, want %d (%s)", c->line, c->api, c->soc ? c->soc : "host", rc,
                  c->want, aclGetRecentErrMsg());
    if (rc != ACLNN_SUCCESS)
        acpu_test_expect_msg_at(api->phase1, c->arg, NULL, c->line);
    else
        ck_assert_msg(acpu_test_run_phase2(api->run, ws, exec) == ACLNN_SUCCESS, "line %d: %s phase 2", c->line,
                      c->api);
    for (int j = 0; j < nt; j++) {
        if (tensors[j] != NULL)
            aclDestroyTensor(tensors[j]);
        free(bufs[j]);
    }
    for (int j = 0; j < ns; j++)
        if (scalars[j] != NULL)
            aclDestroyScalar(scalars[j]);
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
}

/* Runs every case of a table (a Check loop test over its index). */
#define ACPU_CASE_TABLE_TEST(name, table) \
    START_TEST(name)                      \
    {                                     \
        acpu_run_case(&table[_i]);        \
    }                                     \
    END_TEST

#endif /* ACPU_TEST_CASES_H_ */
