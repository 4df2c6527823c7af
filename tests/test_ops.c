/* The shared operator suite: every row of the operator-info harness (acpu_test_opinfo.c) through the
 * public API, so that each operator gets the same checks without copying a harness:
 *   - values against the row's double reference, every dtype, on the host profile;
 *   - determinism: bit-identical results for thread counts 1, 2, 3, the host / Ascend950 /
 *     Ascend910B profiles with small UB and core overrides, and misaligned buffers;
 *   - strided and offset input views and a strided output equal the dense call bit for bit;
 *   - gradOutput broadcast (where the row allows it) equals the materialised call bit for bit;
 *   - empty tensors: workspace 0, nothing written;
 *   - an executor is refused (not consumed) by every other operator's phase 2. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_opinfo.h"
#include "acpu_test_tensor.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

static const char *dt_name(aclDataType dt)
{
    return dt == ACL_FLOAT ? "fp32" : dt == ACL_FLOAT16 ? "fp16" : dt == ACL_BF16 ? "bf16" : "fp64";
}

static aclTensor *tensor(aclDataType dt, uint64_t rank, const int64_t *shape, const int64_t *strides, int64_t offset,
                         uint64_t srank, const int64_t *storage, void *data)
{
    aclTensor *t = aclCreateTensor(shape, rank, dt, strides, offset, ACL_FORMAT_ND, storage, srank, data);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* phase 1 + phase 2 of `op` on three tensors; asserts success. */
static void run(const acpu_test_op *op, const aclTensor *dy, const aclTensor *x, aclTensor *out)
{
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    aclnnStatus rc = op->phase1(dy, x, out, &ws, &exec);
    ck_assert_msg(rc == ACLNN_SUCCESS, "%s phase 1: %d (%s)", op->name, rc, aclGetRecentErrMsg());
    ck_assert_int_eq(acpu_test_run_phase2(op->phase2, ws, exec), ACLNN_SUCCESS);
}

/* A dense 1-D call of n elements over the given buffers. */
static void run_1d(const acpu_test_op *op, aclDataType dt, int64_t n, void *dy, void *x, void *out)
{
    const int64_t shape[1] = {n}, st[1] = {1};
    aclTensor *a = tensor(dt, 1, shape, st, 0, 1, shape, dy), *b = tensor(dt, 1, shape, st, 0, 1, shape, x);
    aclTensor *o = tensor(dt, 1, shape, st, 0, 1, shape, out);
    run(op, a, b, o);
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(o);
}

static void fill(aclDataType dt, void *buf, int64_t n, double range, uint64_t seed)
{
    acpu_test_lcg_seed(seed, 32);
    for (int64_t i = 0; i < n; i++)
        acpu_test_store(dt, buf, (size_t)i, acpu_test_lcg_sym(range));
}

/* The cases: op x dtype. */
typedef struct {
    const acpu_test_op *op;
    aclDataType dt;
} op_case;

static op_case g_cases[32];
static int g_num_cases;

static void collect_cases(void)
{
    for (int o = 0; o < acpu_test_num_ops; o++)
        for (int d = 0; d < acpu_test_ops[o].n_dtypes; d++)
            g_cases[g_num_cases++] = (op_case){&acpu_test_ops[o], acpu_test_ops[o].dtypes[d]};
}

START_TEST(test_values)
{
    const op_case *c = &g_cases[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    enum { N = 4099 };
    size_t es = acpu_test_dtype_size(c->dt);
    unsigned char *dy = malloc(N * es), *x = malloc(N * es), *out = malloc(N * es);
    fill(c->dt, dy, N, 2.0, 11);
    fill(c->dt, x, N, 12.0, 12);
    run_1d(c->op, c->dt, N, dy, x, out);
    int k = c->dt == ACL_FLOAT16 ? 1 : c->dt == ACL_BF16 ? 2 : 0;
    for (size_t i = 0; i < N; i++) {
        double a = acpu_test_load(c->dt, dy, i), b = acpu_test_load(c->dt, x, i);
        double got = acpu_test_load(c->dt, out, i), ref = c->op->reference(a, b);
        double tol = c->op->rel_tol[k] * fabs(ref) + c->op->abs_tol[k] * (1 + fabs(a)) * (1 + fabs(b));
        ACPU_TEST_EXPECT(fabs(got - ref) <= tol, "%s %s element %zu: dy %.9g x %.9g got %.9g ref %.9g", c->op->name,
                         dt_name(c->dt), i, a, b, got, ref);
    }
    free(dy);
    free(x);
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
    {"host", 0, 0, 1, 0},       {"host", 0, 0, 2, 1},           {"host", 3, 8192, 3, 3},
    {"Ascend950", 0, 0, 2, 0},  {"Ascend950", 5, 16384, 3, 2},  {"Ascend910B", 0, 0, 2, 0},
    {"Ascend910B", 7, 16384, 2, 1},
};

START_TEST(test_determinism)
{
    const op_case *c = &g_cases[_i];
    enum { N = 100003, PAD = 8 };
    size_t es = acpu_test_dtype_size(c->dt);
    unsigned char *dy = malloc((N + PAD) * es), *x = malloc((N + PAD) * es), *out = malloc((N + PAD) * es);
    unsigned char *src_dy = malloc(N * es), *src_x = malloc(N * es), *ref = malloc(N * es);
    fill(c->dt, src_dy, N, 3.0, 21);
    fill(c->dt, src_x, N, 16.0, 22);
    for (size_t k = 0; k < N_ELEMS(k_settings); k++) {
        const setting *s = &k_settings[k];
        ck_assert_int_eq(aclnnCpuSetPlatform(s->soc, s->cores, s->ub), ACL_SUCCESS);
        ck_assert_int_eq(aclnnCpuSetNumThreads(s->threads), ACL_SUCCESS);
        size_t off = (size_t)s->offset * es;
        memcpy(dy + off, src_dy, N * es);
        memcpy(x + off, src_x, N * es);
        run_1d(c->op, c->dt, N, dy + off, x + off, out + off);
        if (k == 0)
            memcpy(ref, out + off, N * es);
        else
            ck_assert_msg(memcmp(ref, out + off, N * es) == 0, "%s %s: setting %zu (%s, %d threads) differs",
                          c->op->name, dt_name(c->dt), k, s->soc, s->threads);
    }
    aclnnCpuSetPlatform(NULL, 0, 0);
    aclnnCpuSetNumThreads(0);
    free(dy);
    free(x);
    free(out);
    free(src_dy);
    free(src_x);
    free(ref);
}
END_TEST

/* A transposed x, an offset dy and a column-major output against the dense call on the same values. */
START_TEST(test_views_equal_dense)
{
    const op_case *c = &g_cases[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    enum { R = 33, C = 47, N = R * C };
    size_t es = acpu_test_dtype_size(c->dt);
    unsigned char *dy = malloc((N + 5) * es), *xt = malloc(N * es), *out = malloc(N * es);
    unsigned char *ddy = malloc(N * es), *dx = malloc(N * es), *dout = malloc(N * es);
    fill(c->dt, dy, N + 5, 2.0, 31);
    fill(c->dt, xt, N, 12.0, 32);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            memcpy(ddy + (size_t)(i * C + j) * es, dy + (size_t)(5 + i * C + j) * es, es);
            memcpy(dx + (size_t)(i * C + j) * es, xt + (size_t)(j * R + i) * es, es);
        }
    const int64_t shape[2] = {R, C}, tshape[2] = {C, R}, st[2] = {C, 1}, tst[2] = {1, R}, ostor[1] = {N + 5};
    aclTensor *a = tensor(c->dt, 2, shape, st, 5, 1, ostor, dy), *b = tensor(c->dt, 2, shape, tst, 0, 2, tshape, xt);
    aclTensor *o = tensor(c->dt, 2, shape, tst, 0, 2, tshape, out); /* column-major output */
    run(c->op, a, b, o);
    run_1d(c->op, c->dt, N, ddy, dx, dout);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            ACPU_TEST_EXPECT(memcmp(out + (size_t)(j * R + i) * es, dout + (size_t)(i * C + j) * es, es) == 0,
                             "%s %s (%d,%d): the view result differs from the dense one", c->op->name, dt_name(c->dt),
                             i, j);
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(o);
    free(dy);
    free(xt);
    free(out);
    free(ddy);
    free(dx);
    free(dout);
}
END_TEST

/* gradOutput {1, C} against x {R, C}: equal to the call with gradOutput repeated. */
START_TEST(test_broadcast_equals_materialised)
{
    const op_case *c = &g_cases[_i];
    if (!c->op->broadcast_grad_output)
        return;
    aclnnCpuSetPlatform("host", 0, 0);
    enum { R = 19, C = 53, N = R * C };
    size_t es = acpu_test_dtype_size(c->dt);
    unsigned char *row = malloc(C * es), *x = malloc(N * es), *out = malloc(N * es), *full = malloc(N * es);
    unsigned char *ref = malloc(N * es);
    fill(c->dt, row, C, 2.0, 41);
    fill(c->dt, x, N, 12.0, 42);
    for (int i = 0; i < R; i++)
        memcpy(full + (size_t)i * C * es, row, C * es);
    const int64_t rshape[2] = {1, C}, shape[2] = {R, C}, st[2] = {C, 1};
    aclTensor *a = tensor(c->dt, 2, rshape, st, 0, 2, rshape, row), *b = tensor(c->dt, 2, shape, st, 0, 2, shape, x);
    aclTensor *o = tensor(c->dt, 2, shape, st, 0, 2, shape, out);
    run(c->op, a, b, o);
    run_1d(c->op, c->dt, N, full, x, ref);
    ck_assert_msg(memcmp(out, ref, N * es) == 0, "%s %s: broadcast differs from materialised", c->op->name,
                  dt_name(c->dt));
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(o);
    free(row);
    free(x);
    free(out);
    free(full);
    free(ref);
}
END_TEST

START_TEST(test_empty)
{
    const op_case *c = &g_cases[_i];
    aclnnCpuSetPlatform("host", 0, 0);
    unsigned char buf[3][16];
    memset(buf, 0xA5, sizeof buf);
    const int64_t shape[2] = {0, 3}, st[2] = {3, 1};
    aclTensor *t[3];
    for (int i = 0; i < 3; i++)
        t[i] = tensor(c->dt, 2, shape, st, 0, 2, shape, buf[i]);
    uint64_t ws = 7;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(c->op->phase1(t[0], t[1], t[2], &ws, &exec), ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(c->op->phase2(NULL, 0, exec, NULL), ACLNN_SUCCESS);
    for (size_t k = 0; k < sizeof buf[2]; k++)
        ck_assert_uint_eq(buf[2][k], 0xA5);
    for (int i = 0; i < 3; i++)
        aclDestroyTensor(t[i]);
}
END_TEST

/* Operator i's executor is refused by every other operator's phase 2, then runs under its own. */
START_TEST(test_executor_per_operator)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    float dy[8] = {1, 2, 3, 4, -1, -2, -3, -4}, x[8] = {0.5f, -0.5f, 1, -1, 2, -2, 3, -3}, out[8];
    const int64_t shape[1] = {8}, st[1] = {1};
    aclTensor *a = tensor(ACL_FLOAT, 1, shape, st, 0, 1, shape, dy), *b = tensor(ACL_FLOAT, 1, shape, st, 0, 1, shape, x);
    aclTensor *o = tensor(ACL_FLOAT, 1, shape, st, 0, 1, shape, out);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(op->phase1(a, b, o, &ws, &exec), ACLNN_SUCCESS);
    for (int j = 0; j < acpu_test_num_ops; j++) {
        if (j == _i)
            continue;
        ck_assert_int_eq(acpu_test_ops[j].phase2(NULL, 0, exec, NULL), ACLNN_ERR_PARAM_INVALID);
        ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), op->name));
    }
    ck_assert_int_eq(op->phase2(NULL, 0, exec, NULL), ACLNN_SUCCESS);
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(o);
}
END_TEST

static Suite *ops_suite(void)
{
    collect_cases();
    Suite *s = suite_create("ops");
    TCase *tc = tcase_create("every operator");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_values, 0, g_num_cases);
    tcase_add_loop_test(tc, test_determinism, 0, g_num_cases);
    tcase_add_loop_test(tc, test_views_equal_dense, 0, g_num_cases);
    tcase_add_loop_test(tc, test_broadcast_equals_materialised, 0, g_num_cases);
    tcase_add_loop_test(tc, test_empty, 0, g_num_cases);
    tcase_add_loop_test(tc, test_executor_per_operator, 0, acpu_test_num_ops);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(ops_suite()); }
