/* The shared operator suite: every row of the operator-info harness (acpu_test_opinfo.c), one per
 * registry API, through the public API, so that each operator gets the same checks without copying a
 * harness:
 *   - every registry API has a row, and every row names a registry API;
 *   - values against the row's double reference, every dtype, on the host profile;
 *   - determinism: bit-identical results for thread counts 1, 2, 3, the host / Ascend950 /
 *     Ascend910B profiles with small UB and core overrides, and misaligned buffers;
 *   - strided and offset input views and a strided output equal the dense call bit for bit;
 *   - input 0 broadcast (where the API broadcasts) equals the materialised call bit for bit;
 *   - empty tensors: workspace 0, nothing written;
 *   - an executor is refused (not consumed) by every other API's phase 2.
 * An in-place API computes on its output, which starts as a copy of its input 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_opinfo.h"
#include "acpu_test_tensor.h"
#include "runtime/acpu_runtime.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_IN ACPU_TILING_MAX_INPUTS

static const char *dt_name(aclDataType dt) { return acpu_dtype_name(dt); }

static aclTensor *tensor(aclDataType dt, uint64_t rank, const int64_t *shape, const int64_t *strides, int64_t offset,
                         uint64_t srank, const int64_t *storage, void *data)
{
    aclTensor *t = aclCreateTensor(shape, rank, dt, strides, offset, ACL_FORMAT_ND, storage, srank, data);
    ck_assert_ptr_nonnull(t);
    return t;
}

static int n_inputs(const acpu_test_op *op) { return acpu_test_op_api(op)->op->n_in; }

/* phase 1 + phase 2 of `op` on its inputs and output; asserts success. */
static void run(const acpu_test_op *op, const aclTensor *const *in, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = acpu_test_op_phase1(op, in, out, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "%s phase 1: %d (%s)", op->api, rc, aclGetRecentErrMsg());
    void *w = ws ? malloc(ws) : NULL;
    ck_assert_int_eq(acpu_test_op_phase2(op, w, ws, exec), ACLNN_SUCCESS);
    free(w);
}

/* A dense 1-D call of n elements over the given buffers (an in-place API: out holds input 0 first). */
static void run_1d(const acpu_test_op *op, aclDataType dt, int64_t n, unsigned char *const *in, void *out)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *t[MAX_IN] = {NULL};
    int k = n_inputs(op);
    for (int j = 0; j < k; j++)
        t[j] = tensor(dt, 1, shape, st, 0, 1, shape, in[j]);
    aclTensor *o = tensor(dt, 1, shape, st, 0, 1, shape, out);
    if (acpu_test_op_inplace(op))
        memcpy(out, in[0], (size_t)n * acpu_test_dtype_size(dt));
    run(op, (const aclTensor *const *)t, o);
    for (int j = 0; j < k; j++)
        aclDestroyTensor(t[j]);
    aclDestroyTensor(o);
}

static void fill(aclDataType dt, void *buf, int64_t n, double range, uint64_t seed)
{
    acpu_test_lcg_seed(seed, 32);
    for (int64_t i = 0; i < n; i++)
        acpu_test_store(dt, buf, (size_t)i, acpu_test_lcg_sym(range));
}

/* The cases: row x dtype. */
typedef struct {
    const acpu_test_op *op;
    aclDataType dt;
} op_case;

static op_case g_cases[256];
static int g_num_cases;

static void collect_cases(void)
{
    for (int o = 0; o < acpu_test_num_ops; o++)
        for (int d = 0; d < acpu_test_ops[o].n_dtypes && g_num_cases < (int)N_ELEMS(g_cases); d++)
            g_cases[g_num_cases++] = (op_case){&acpu_test_ops[o], acpu_test_ops[o].dtypes[d]};
}

/* Buffers for every input of a case. */
static void alloc_inputs(const op_case *c, size_t n, unsigned char **in)
{
    for (int j = 0; j < MAX_IN; j++)
        in[j] = j < n_inputs(c->op) ? malloc(n * acpu_test_dtype_size(c->dt)) : NULL;
}

static void free_inputs(unsigned char **in)
{
    for (int j = 0; j < MAX_IN; j++)
        free(in[j]);
}

/* Every registry API has exactly one row, and every row names one. */
START_TEST(test_rows_cover_the_registry)
{
    for (int i = 0; i < acpu_api_count; i++) {
        int rows = 0;
        for (int o = 0; o < acpu_test_num_ops; o++)
            rows += acpu_api_find(acpu_test_ops[o].api) == acpu_apis[i];
        ck_assert_msg(rows == 1, "registry API %s has %d rows in tests/acpu_test_opinfo.c", acpu_apis[i]->name, rows);
    }
    for (int o = 0; o < acpu_test_num_ops; o++)
        ck_assert_msg(acpu_api_find(acpu_test_ops[o].api) != NULL, "row %s names no registry API",
                      acpu_test_ops[o].api);
}
END_TEST

START_TEST(test_values)
{
    const op_case *c = &g_cases[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    enum { N = 4099 };
    size_t es = acpu_test_dtype_size(c->dt);
    unsigned char *in[MAX_IN], *out = malloc(N * es);
    alloc_inputs(c, N, in);
    int k_in = n_inputs(c->op);
    for (int j = 0; j < k_in; j++)
        fill(c->dt, in[j], N, c->op->range[j], 11u + (unsigned)j);
    run_1d(c->op, c->dt, N, in, out);
    int k = c->dt == ACL_FLOAT16 ? 1 : c->dt == ACL_BF16 ? 2 : 0;
    for (size_t i = 0; i < N; i++) {
        double v[MAX_IN] = {0}, scale = 1.0;
        for (int j = 0; j < k_in; j++) {
            v[j] = acpu_test_load(c->dt, in[j], i);
            scale *= 1.0 + fabs(v[j]);
        }
        double got = acpu_test_load(c->dt, out, i), ref = c->op->reference(v, c->op->attr);
        if (isnan(ref)) {
            ACPU_TEST_EXPECT(isnan(got), "%s %s element %zu: got %.9g, expected NaN", c->op->api, dt_name(c->dt), i,
                             got);
            continue;
        }
        double tol = c->op->rel_tol[k] * fabs(ref) + c->op->abs_tol[k] * scale;
        ACPU_TEST_EXPECT(fabs(got - ref) <= tol, "%s %s element %zu: in %.9g %.9g got %.9g ref %.9g", c->op->api,
                         dt_name(c->dt), i, v[0], v[1], got, ref);
    }
    free_inputs(in);
    free(out);
}
END_TEST

typedef struct {
    const char *soc;
    int32_t cores;
    int64_t ub;
    int32_t threads;
    int offset;
} setting;

static const setting k_settings[] = {
    {"host", 0, 0, 1, 0},           {"host", 0, 0, 2, 1},          {"host", 3, 65536, 3, 3},
    {"Ascend950", 0, 0, 2, 0},      {"Ascend950", 5, 65536, 3, 2}, {"Ascend910B", 0, 0, 2, 0},
    {"Ascend910B", 7, 65536, 2, 1},
};

/* The UB override of a setting for this API: a kernel that reserves UB bytes of its own (GeluV2's
 * 120 KiB Erf buffer) refuses the small override with 561002, as CANN's tiling would; such an API
 * gets the override plus 128 KiB, still several tiles per core. */
static int64_t setting_ub(const acpu_test_op *op, aclDataType dt, const setting *s)
{
    if (s->ub == 0)
        return 0;
    const int64_t shape[1] = {4096}, st[1] = {1};
    size_t es = acpu_test_dtype_size(dt);
    unsigned char *buf = calloc(MAX_IN + 1, 4096 * es);
    ck_assert_ptr_nonnull(buf);
    aclTensor *t[MAX_IN] = {NULL};
    for (int j = 0; j < n_inputs(op); j++)
        t[j] = tensor(dt, 1, shape, st, 0, 1, shape, buf + (size_t)j * 4096 * es);
    aclTensor *o = tensor(dt, 1, shape, st, 0, 1, shape, buf + (size_t)MAX_IN * 4096 * es);
    ck_assert_int_eq(aclnnCpuSetPlatform(s->soc, s->cores, s->ub), ACL_SUCCESS);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = acpu_test_op_phase1(op, (const aclTensor *const *)t, o, &ws, &exec);
    if (rc == ACLNN_SUCCESS)
        aclDestroyAclOpExecutor(exec);
    for (int j = 0; j < n_inputs(op); j++)
        aclDestroyTensor(t[j]);
    aclDestroyTensor(o);
    free(buf);
    ck_assert_msg(rc == ACLNN_SUCCESS || rc == ACLNN_ERR_INNER_TILING_ERROR, "%s: %d (%s)", op->api, rc,
                  aclGetRecentErrMsg());
    return rc == ACLNN_SUCCESS ? s->ub : s->ub + 131072;
}

START_TEST(test_determinism)
{
    const op_case *c = &g_cases[_i];
    enum { N = 100003, PAD = 8 };
    size_t es = acpu_test_dtype_size(c->dt);
    int k_in = n_inputs(c->op);
    unsigned char *in[MAX_IN], *src[MAX_IN], *out = malloc((N + PAD) * es), *ref = malloc(N * es);
    for (int j = 0; j < MAX_IN; j++) {
        in[j] = j < k_in ? malloc((N + PAD) * es) : NULL;
        src[j] = j < k_in ? malloc(N * es) : NULL;
        if (j < k_in)
            fill(c->dt, src[j], N, 1.5 * c->op->range[j], 21u + (unsigned)j);
    }
    for (size_t k = 0; k < N_ELEMS(k_settings); k++) {
        const setting *s = &k_settings[k];
        ck_assert_int_eq(aclnnCpuSetPlatform(s->soc, s->cores, setting_ub(c->op, c->dt, s)), ACL_SUCCESS);
        ck_assert_int_eq(aclnnCpuSetNumThreads(s->threads), ACL_SUCCESS);
        size_t off = (size_t)s->offset * es;
        unsigned char *at[MAX_IN];
        for (int j = 0; j < MAX_IN; j++) {
            at[j] = j < k_in ? in[j] + off : NULL;
            if (j < k_in)
                memcpy(at[j], src[j], N * es);
        }
        run_1d(c->op, c->dt, N, at, out + off);
        if (k == 0)
            memcpy(ref, out + off, N * es);
        else
            ck_assert_msg(memcmp(ref, out + off, N * es) == 0, "%s %s: setting %zu (%s, %d threads) differs",
                          c->op->api, dt_name(c->dt), k, s->soc, s->threads);
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    aclnnCpuSetNumThreads(0);
    free_inputs(in);
    free_inputs(src);
    free(out);
    free(ref);
}
END_TEST

/* An offset input 0, transposed later inputs and a column-major output against the dense call on the
 * same values (in-place APIs: their view is their output, checked by their own suites). */
START_TEST(test_views_equal_dense)
{
    const op_case *c = &g_cases[_i];
    if (acpu_test_op_inplace(c->op))
        return;
    aclnnCpuSetPlatform("host", 0, 0);
    enum { R = 33, C = 47, N = R * C };
    size_t es = acpu_test_dtype_size(c->dt);
    int k_in = n_inputs(c->op);
    unsigned char *raw[MAX_IN] = {NULL}, *dense[MAX_IN] = {NULL}, *out = malloc(N * es), *dout = malloc(N * es);
    const int64_t shape[2] = {R, C}, tshape[2] = {C, R}, st[2] = {C, 1}, tst[2] = {1, R}, ostor[1] = {N + 5};
    aclTensor *t[MAX_IN] = {NULL};
    for (int j = 0; j < k_in; j++) {
        raw[j] = malloc((N + 5) * es);
        dense[j] = malloc(N * es);
        fill(c->dt, raw[j], N + 5, c->op->range[j], 31u + (unsigned)j);
        for (int i = 0; i < R; i++)
            for (int q = 0; q < C; q++) /* input 0: offset 5, row-major; the others: transposed */
                memcpy(dense[j] + (size_t)(i * C + q) * es, raw[j] + (size_t)(j == 0 ? 5 + i * C + q : q * R + i) * es,
                       es);
        t[j] = j == 0 ? tensor(c->dt, 2, shape, st, 5, 1, ostor, raw[j])
                      : tensor(c->dt, 2, shape, tst, 0, 2, tshape, raw[j]);
    }
    aclTensor *o = tensor(c->dt, 2, shape, tst, 0, 2, tshape, out); /* column-major output */
    run(c->op, (const aclTensor *const *)t, o);
    run_1d(c->op, c->dt, N, dense, dout);
    for (int i = 0; i < R; i++)
        for (int q = 0; q < C; q++)
            ACPU_TEST_EXPECT(memcmp(out + (size_t)(q * R + i) * es, dout + (size_t)(i * C + q) * es, es) == 0,
                             "%s %s (%d,%d): the view result differs from the dense one", c->op->api, dt_name(c->dt), i,
                             q);
    for (int j = 0; j < k_in; j++)
        aclDestroyTensor(t[j]);
    aclDestroyTensor(o);
    free_inputs(raw);
    free_inputs(dense);
    free(out);
    free(dout);
}
END_TEST

/* Input 0 {1, C} against the others {R, C}: equal to the call with input 0 repeated. */
START_TEST(test_broadcast_equals_materialised)
{
    const op_case *c = &g_cases[_i];
    if (!acpu_api_broadcasts(acpu_test_op_api(c->op), ACPU_PG_950) || n_inputs(c->op) < 2)
        return;
    aclnnCpuSetPlatform("host", 0, 0);
    enum { R = 19, C = 53, N = R * C };
    size_t es = acpu_test_dtype_size(c->dt);
    int k_in = n_inputs(c->op);
    unsigned char *row = malloc(C * es), *full[MAX_IN] = {NULL}, *out = malloc(N * es), *ref = malloc(N * es);
    fill(c->dt, row, C, c->op->range[0], 41);
    const int64_t rshape[2] = {1, C}, shape[2] = {R, C}, st[2] = {C, 1};
    aclTensor *t[MAX_IN] = {NULL};
    for (int j = 0; j < k_in; j++) {
        full[j] = malloc(N * es);
        if (j == 0)
            for (int i = 0; i < R; i++)
                memcpy(full[0] + (size_t)i * C * es, row, C * es);
        else
            fill(c->dt, full[j], N, c->op->range[j], 42u + (unsigned)j);
        t[j] = j == 0 ? tensor(c->dt, 2, rshape, st, 0, 2, rshape, row)
                      : tensor(c->dt, 2, shape, st, 0, 2, shape, full[j]);
    }
    aclTensor *o = tensor(c->dt, 2, shape, st, 0, 2, shape, out);
    run(c->op, (const aclTensor *const *)t, o);
    run_1d(c->op, c->dt, N, full, ref);
    ck_assert_msg(memcmp(out, ref, N * es) == 0, "%s %s: broadcast differs from materialised", c->op->api,
                  dt_name(c->dt));
    for (int j = 0; j < k_in; j++)
        aclDestroyTensor(t[j]);
    aclDestroyTensor(o);
    free(row);
    free_inputs(full);
    free(out);
    free(ref);
}
END_TEST

/* Whether the API limits the rank of some tensor (a rank check in its list). */
static bool limits_rank(const acpu_api_def *api)
{
    for (int i = 0; i < api->n_checks; i++)
        if (api->checks[i].kind == ACPU_CK_RANK)
            return true;
    return false;
}

/* More than 8 dims: an API without a rank limit takes a 10-dim dense call (merged into fewer dims)
 * and gives the 1-D call's bits; a 10-dim view whose dims cannot be merged into 8 is refused with
 * 161002; an API with a rank limit refuses the 10-dim call with 161002. */
START_TEST(test_more_than_8_dims)
{
    const op_case *c = &g_cases[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    enum { N = 2 * 3 * 2 * 2 * 3 * 5 };
    const int64_t shape[10] = {2, 1, 3, 1, 2, 1, 2, 1, 3, 5};
    int64_t st[10];
    for (int d = 9, acc = 1; d >= 0; d--) {
        st[d] = acc;
        acc *= (int)shape[d];
    }
    const int64_t stor[1] = {N};
    size_t es = acpu_test_dtype_size(c->dt);
    int k_in = n_inputs(c->op);
    unsigned char *in[MAX_IN] = {NULL}, *out = malloc(N * es), *ref = malloc(N * es);
    aclTensor *t[MAX_IN] = {NULL};
    for (int j = 0; j < k_in; j++) {
        in[j] = malloc(N * es);
        fill(c->dt, in[j], N, c->op->range[j], 61u + (unsigned)j);
        t[j] = tensor(c->dt, 10, shape, st, 0, 1, stor, in[j]);
    }
    aclTensor *o = tensor(c->dt, 10, shape, st, 0, 1, stor, out);
    if (acpu_test_op_inplace(c->op))
        memcpy(out, in[0], N * es);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = acpu_test_op_phase1(c->op, (const aclTensor *const *)t, o, &ws, &exec);
    if (limits_rank(acpu_test_op_api(c->op))) {
        ck_assert_msg(rc == ACLNN_ERR_PARAM_INVALID, "%s: 10 dims gave %d", c->op->api, rc);
    } else {
        ck_assert_msg(rc == ACLNN_SUCCESS, "%s: 10 dims: %d (%s)", c->op->api, rc, aclGetRecentErrMsg());
        void *w = ws ? malloc(ws) : NULL;
        ck_assert_int_eq(acpu_test_op_phase2(c->op, w, ws, exec), ACLNN_SUCCESS);
        free(w);
        run_1d(c->op, c->dt, N, in, ref);
        ck_assert_msg(memcmp(out, ref, N * es) == 0, "%s %s: 10 dims differ from 1-D", c->op->api, dt_name(c->dt));
        /* nine dims of 2 stepped in a scrambled order cannot merge: refused */
        const int64_t s9[9] = {2, 2, 2, 2, 2, 2, 2, 2, 2}, st9[9] = {256, 1, 128, 2, 64, 4, 32, 8, 16},
                      stor9[1] = {512};
        unsigned char *big = calloc(512, es);
        aclTensor *a9[MAX_IN] = {NULL};
        for (int j = 0; j < k_in; j++)
            a9[j] = tensor(c->dt, 9, s9, st9, 0, 1, stor9, big);
        unsigned char *big_out = calloc(512, es);
        aclTensor *o9 = tensor(c->dt, 9, s9, st9, 0, 1, stor9, acpu_test_op_inplace(c->op) ? big : big_out);
        ck_assert_int_eq(acpu_test_op_phase1(c->op, (const aclTensor *const *)a9, o9, &ws, &exec),
                         ACLNN_ERR_PARAM_INVALID);
        for (int j = 0; j < k_in; j++)
            aclDestroyTensor(a9[j]);
        aclDestroyTensor(o9);
        free(big);
        free(big_out);
        /* nine dims of 1 merge into rank 0, but the caller's 9-dim views still need a storage shape:
         * refused without one (161002, as for 8 dims; the output untouched), run with one (the 1-D
         * call's bits) */
        const int64_t ones[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, one_storage[1] = {1};
        unsigned char *one_in[MAX_IN] = {NULL}, *one_out = calloc(1, es), *one_ref = malloc(es), *kept = malloc(es);
        for (int j = 0; j < k_in; j++) {
            one_in[j] = malloc(es);
            fill(c->dt, one_in[j], 1, c->op->range[j], 71u + (unsigned)j);
        }
        run_1d(c->op, c->dt, 1, one_in, one_ref);
        unsigned char *one_dst = acpu_test_op_inplace(c->op) ? one_in[0] : one_out;
        for (int with_storage = 0; with_storage < 2; with_storage++) {
            aclTensor *i1[MAX_IN] = {NULL};
            for (int j = 0; j < k_in; j++)
                i1[j] = tensor(c->dt, 9, ones, ones, 0, (uint64_t)with_storage, one_storage, one_in[j]);
            aclTensor *o1 = tensor(c->dt, 9, ones, ones, 0, (uint64_t)with_storage, one_storage, one_dst);
            memcpy(kept, one_dst, es);
            exec = NULL;
            rc = acpu_test_op_phase1(c->op, (const aclTensor *const *)i1, o1, &ws, &exec);
            if (with_storage) {
                ck_assert_msg(rc == ACLNN_SUCCESS, "%s: nine 1s: %d (%s)", c->op->api, rc, aclGetRecentErrMsg());
                void *w = ws ? malloc(ws) : NULL;
                ck_assert_int_eq(acpu_test_op_phase2(c->op, w, ws, exec), ACLNN_SUCCESS);
                free(w);
                ck_assert_msg(memcmp(one_dst, one_ref, es) == 0, "%s %s: nine 1s differ from 1-D", c->op->api,
                              dt_name(c->dt));
            } else {
                ck_assert_msg(rc == ACLNN_ERR_PARAM_INVALID, "%s: nine 1s, no storage shape: %d", c->op->api, rc);
                ck_assert_msg(strstr(aclGetRecentErrMsg(), "9-dim view but no storage shape") != NULL, "%s: %s",
                              c->op->api, aclGetRecentErrMsg());
                ck_assert_msg(memcmp(one_dst, kept, es) == 0, "%s: a refused call wrote its output", c->op->api);
            }
            for (int j = 0; j < k_in; j++)
                aclDestroyTensor(i1[j]);
            aclDestroyTensor(o1);
        }
        if (!acpu_test_op_inplace(c->op)) { /* tensor by tensor, as for 8 dims: the first input's extent
                                              * (161002) before the output's NULL data (161001) */
            aclTensor *i1[MAX_IN] = {NULL};
            for (int j = 0; j < k_in; j++)
                i1[j] = tensor(c->dt, 9, ones, ones, j == 0 ? 1 : 0, 1, one_storage, one_in[j]);
            aclTensor *o1 = tensor(c->dt, 9, ones, ones, 0, 1, one_storage, NULL);
            rc = acpu_test_op_phase1(c->op, (const aclTensor *const *)i1, o1, &ws, &exec);
            ck_assert_msg(rc == ACLNN_ERR_PARAM_INVALID, "%s: nine 1s past the storage: %d (%s)", c->op->api, rc,
                          aclGetRecentErrMsg());
            for (int j = 0; j < k_in; j++)
                aclDestroyTensor(i1[j]);
            aclDestroyTensor(o1);
        }
        free_inputs(one_in);
        free(one_out);
        free(one_ref);
        free(kept);
    }
    for (int j = 0; j < k_in; j++)
        aclDestroyTensor(t[j]);
    aclDestroyTensor(o);
    free_inputs(in);
    free(out);
    free(ref);
}
END_TEST

START_TEST(test_empty)
{
    const op_case *c = &g_cases[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    unsigned char buf[MAX_IN + 1][16];
    memset(buf, 0xA5, sizeof buf);
    const int64_t shape[2] = {0, 3}, st[2] = {3, 1};
    aclTensor *t[MAX_IN + 1] = {NULL};
    int k_in = n_inputs(c->op);
    for (int i = 0; i <= k_in; i++)
        t[i] = tensor(c->dt, 2, shape, st, 0, 2, shape, buf[i]);
    uint64_t ws = 7;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(acpu_test_op_phase1(c->op, (const aclTensor *const *)t, t[k_in], &ws, &exec), ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(acpu_test_op_phase2(c->op, NULL, 0, exec), ACLNN_SUCCESS);
    for (size_t k = 0; k < sizeof buf[k_in]; k++)
        ck_assert_uint_eq(buf[k_in][k], 0xA5);
    for (int i = 0; i <= k_in; i++)
        aclDestroyTensor(t[i]);
}
END_TEST

/* Row i's executor is refused by every other API's phase 2, then runs under its own. */
START_TEST(test_executor_per_operator)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    float buf[MAX_IN][8] = {{1, 2, 3, 4, -1, -2, -3, -4}, {0.5f, -0.5f, 1, -1, 2, -2, 3, -3}, {1, 1, 1, 1, 2, 2, 2, 2}};
    float out[8] = {0.25f, 0.5f, 1, 2, -0.25f, -0.5f, -1, -2};
    const int64_t shape[1] = {8}, st[1] = {1};
    aclTensor *t[MAX_IN] = {NULL};
    for (int j = 0; j < n_inputs(op); j++)
        t[j] = tensor(ACL_FLOAT, 1, shape, st, 0, 1, shape, buf[j]);
    aclTensor *o = tensor(ACL_FLOAT, 1, shape, st, 0, 1, shape, out);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(acpu_test_op_phase1(op, (const aclTensor *const *)t, o, &ws, &exec), ACLNN_SUCCESS);
    const char *name = acpu_test_op_api(op)->short_name;
    for (int j = 0; j < acpu_api_count; j++) {
        if (acpu_apis[j] == acpu_test_op_api(op))
            continue;
        ck_assert_int_eq(acpu_apis[j]->run(NULL, 0, exec, NULL), ACLNN_ERR_PARAM_INVALID);
        ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), name));
    }
    ck_assert_int_eq(acpu_test_op_phase2(op, NULL, 0, exec), ACLNN_SUCCESS);
    for (int j = 0; j < n_inputs(op); j++)
        aclDestroyTensor(t[j]);
    aclDestroyTensor(o);
}
END_TEST

static Suite *ops_suite(void)
{
    collect_cases();
    Suite *s = suite_create("ops");
    TCase *tc = tcase_create("every operator");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_rows_cover_the_registry);
    tcase_add_loop_test(tc, test_values, 0, g_num_cases);
    tcase_add_loop_test(tc, test_determinism, 0, g_num_cases);
    tcase_add_loop_test(tc, test_views_equal_dense, 0, g_num_cases);
    tcase_add_loop_test(tc, test_broadcast_equals_materialised, 0, g_num_cases);
    tcase_add_loop_test(tc, test_empty, 0, g_num_cases);
    tcase_add_loop_test(tc, test_more_than_8_dims, 0, g_num_cases);
    tcase_add_loop_test(tc, test_executor_per_operator, 0, acpu_test_num_ops);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(ops_suite()); }
