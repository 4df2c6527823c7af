/* aclnnEluBackward API: every case of spec 2.8.1 / 2.8.2 with its status code, the validation order
 * of spec 2.3 and the extra checks of doc/BEHAVIOUR.md, scalar conversion (spec 1.9), gradInput
 * dtypes, SoC-dependent BF16, "nothing written on failure", error messages, stdout silence and the
 * ACLNN_CPU_VERBOSE line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_proc.h"
#include "acpu_test_tensor.h"
#include "aclnnop/aclnn_elu_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define API "aclnnEluBackwardGetWorkspaceSize"
#define CHILD_FLAG "--elu-verbose-child"
#define MAX_RANK 10
#define SENTINEL_BYTE 0xA5 /* fill of gradInput before every call */

/* ---- call description ------------------------------------------------------------------------- */

/* Arguments in the NULL-check order of spec 2.3 step 3, then the two out-pointers. */
enum { A_DY, A_ALPHA, A_SCALE, A_ISCALE, A_X, A_OUT, A_WS, A_EXEC, A_COUNT };
static const char *const k_arg_name[A_COUNT] = {"gradOutput",   "alpha",     "scale",         "inputScale",
                                                "selfOrResult", "gradInput", "workspaceSize", "executor"};
enum { T_DY, T_X, T_OUT };           /* tensor index */
enum { S_ALPHA, S_SCALE, S_ISCALE }; /* scalar index */

typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t shape[MAX_RANK];
    const int64_t *strides; /* NULL: row-major */
    int64_t offset;
    uint64_t storage_rank; /* 0 with has_storage false: storage = view shape */
    int64_t storage[MAX_RANK];
    bool has_storage;
    aclFormat fmt;
    bool null_data;
    const double *values; /* storage contents (inputs); NULL: a fixed pattern */
} tdesc;

typedef struct {
    aclDataType dt;
    double v;   /* the value, encoded in dt (complex: real part) */
    int64_t iv; /* INT64 / UINT64 (as its bit pattern) value when use_iv */
    bool use_iv;
} sdesc;

typedef struct {
    tdesc t[3];
    sdesc s[3];
    bool is_result;
    acpu_test_fault f[A_COUNT];
    const char *soc; /* platform profile; NULL: "host" */
} elu_call;

static void set_shape(elu_call *c, int which, uint64_t rank, const int64_t *shape)
{
    c->t[which].rank = rank;
    for (uint64_t i = 0; i < rank; ++i)
        c->t[which].shape[i] = shape[i];
}

static void set_shape_all(elu_call *c, uint64_t rank, const int64_t *shape)
{
    for (int i = 0; i < 3; ++i)
        set_shape(c, i, rank, shape);
}

static void set_dtype_all(elu_call *c, aclDataType dt)
{
    for (int i = 0; i < 3; ++i)
        c->t[i].dt = dt;
}

static void set_fmt_all(elu_call *c, aclFormat fmt)
{
    for (int i = 0; i < 3; ++i)
        c->t[i].fmt = fmt;
}

static void set_scalars(elu_call *c, aclDataType dt, double alpha, double scale, double iscale)
{
    c->s[S_ALPHA] = (sdesc){dt, alpha, 0, false};
    c->s[S_SCALE] = (sdesc){dt, scale, 0, false};
    c->s[S_ISCALE] = (sdesc){dt, iscale, 0, false};
}

/* Experimental UT defaults (2.8.1 case_001): {2,3} FLOAT ND, alpha 1.3, scale 0.8, inputScale 1.1,
 * isResult false. */
static void base_exp(elu_call *c)
{
    memset(c, 0, sizeof *c);
    set_shape_all(c, 2, (const int64_t[]){2, 3});
    set_dtype_all(c, ACL_FLOAT);
    set_fmt_all(c, ACL_FORMAT_ND);
    set_scalars(c, ACL_FLOAT, 1.3, 0.8, 1.1);
}

/* Main UT defaults (2.8.2): {2} FLOAT ND, alpha = scale = inputScale = 1.0, isResult true. */
static void base_main(elu_call *c)
{
    base_exp(c);
    set_shape_all(c, 1, (const int64_t[]){2});
    set_scalars(c, ACL_FLOAT, 1.0, 1.0, 1.0);
    c->is_result = true;
}

/* ---- building the call ------------------------------------------------------------------------ */

typedef struct {
    elu_call c;
    aclTensor *t[3];
    aclScalar *s[3];
    bool dead_t[3], dead_s[3];
    unsigned char *buf[3], *snap[3];
    size_t bytes[3]; /* storage bytes (the guard follows) */
    int64_t strides[3][MAX_RANK];
    uint64_t ws;
    aclOpExecutor *exec;
} elu_run;

static int64_t storage_numel(const tdesc *d)
{
    return d->has_storage ? acpu_test_numel(d->storage, d->storage_rank) : acpu_test_numel(d->shape, d->rank);
}

static void fill_strides(const tdesc *d, int64_t *st)
{
    int64_t s = 1;
    for (uint64_t i = d->rank; i-- > 0;) {
        st[i] = d->strides ? d->strides[i] : s;
        s *= d->shape[i];
    }
}

/* Pattern values in [-2, 2] (x includes 0.0, which takes the negative branch). */
static double pattern(int which, int64_t i)
{
    return which == T_DY ? (double)((i * 7 + 3) % 17 - 8) / 4.0 : (double)((i * 5 + 1) % 13 - 6) / 3.0;
}

static void alloc_tensor_buf(elu_run *r, int which)
{
    const tdesc *d = &r->c.t[which];
    int64_t n = storage_numel(d);
    r->bytes[which] = (size_t)n * acpu_test_esize(d->dt);
    r->buf[which] = acpu_test_guarded_alloc(r->bytes[which], SENTINEL_BYTE);
    for (int64_t i = 0; which != T_OUT && i < n; ++i)
        acpu_test_store(d->dt, r->buf[which], (size_t)i, d->values ? d->values[i] : pattern(which, i));
    r->snap[which] = acpu_test_snapshot(r->buf[which], r->bytes[which]);
}

static aclTensor *make_tensor(elu_run *r, int which)
{
    const tdesc *d = &r->c.t[which];
    fill_strides(d, r->strides[which]);
    const int64_t *storage = d->has_storage ? d->storage : d->shape;
    uint64_t storage_rank = d->has_storage ? d->storage_rank : d->rank;
    return aclCreateTensor(d->rank ? d->shape : NULL, d->rank, d->dt, d->rank ? r->strides[which] : NULL, d->offset,
                           d->fmt, storage_rank ? storage : NULL, storage_rank, d->null_data ? NULL : r->buf[which]);
}

/* INT64 / UINT64 scalars given by bit pattern (use_iv): values a double cannot hold. */
static aclScalar *make_scalar(const sdesc *s)
{
    if (!s->use_iv)
        return acpu_test_scalar(s->dt, s->v, 0.0);
    aclScalar *h = aclCreateScalar((void *)&s->iv, s->dt);
    ck_assert_ptr_nonnull(h);
    return h;
}

/* aclScalar::ToFloat of spec 1.9, computed independently; 64-bit integers convert straight to float. */
static float scalar_to_float(const sdesc *s)
{
    if (s->use_iv)
        return s->dt == ACL_INT64 ? (float)s->iv : (float)(uint64_t)s->iv;
    return (float)acpu_test_scalar_value(s->dt, s->v, false);
}

static void apply_handle_faults(elu_run *r)
{
    static const int k_tensor_arg[3] = {A_DY, A_X, A_OUT}, k_scalar_arg[3] = {A_ALPHA, A_SCALE, A_ISCALE};
    for (int i = 0; i < 3; ++i) {
        if (r->c.f[k_tensor_arg[i]] == ACPU_TEST_F_DEAD) {
            ck_assert_int_eq(aclDestroyTensor(r->t[i]), ACLNN_SUCCESS);
            r->dead_t[i] = true;
        }
        if (r->c.f[k_scalar_arg[i]] == ACPU_TEST_F_DEAD) {
            ck_assert_int_eq(aclDestroyScalar(r->s[i]), ACLNN_SUCCESS);
            r->dead_s[i] = true;
        }
    }
}

static void run_setup(elu_run *r, const elu_call *c)
{
    memset(r, 0, sizeof *r);
    r->c = *c;
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", 0, 0), ACL_SUCCESS);
    for (int i = 0; i < 3; ++i) {
        alloc_tensor_buf(r, i);
        r->t[i] = make_tensor(r, i);
        ck_assert_ptr_nonnull(r->t[i]);
        r->s[i] = make_scalar(&c->s[i]);
    }
    apply_handle_faults(r);
}

/* The pointer passed for argument a, after its fault. */
static const void *arg_ptr(elu_run *r, int a, const void *good, const void *other_kind)
{
    return acpu_test_fault_ptr(r->c.f[a], good, other_kind);
}

static aclnnStatus run_phase1(elu_run *r)
{
    const aclScalar *sc = r->s[S_ALPHA];
    const aclTensor *tn = r->t[T_DY];
    return aclnnEluBackwardGetWorkspaceSize(
        arg_ptr(r, A_DY, r->t[T_DY], sc), arg_ptr(r, A_ALPHA, r->s[S_ALPHA], tn),
        arg_ptr(r, A_SCALE, r->s[S_SCALE], tn), arg_ptr(r, A_ISCALE, r->s[S_ISCALE], tn), r->c.is_result,
        arg_ptr(r, A_X, r->t[T_X], sc), (aclTensor *)arg_ptr(r, A_OUT, r->t[T_OUT], sc),
        r->c.f[A_WS] == ACPU_TEST_F_NULL ? NULL : &r->ws, r->c.f[A_EXEC] == ACPU_TEST_F_NULL ? NULL : &r->exec);
}

static aclnnStatus run_phase2(elu_run *r) { return acpu_test_run_phase2(aclnnEluBackward, r->ws, r->exec); }

static void run_release(elu_run *r)
{
    for (int i = 0; i < 3; ++i) {
        if (!r->dead_t[i])
            ck_assert_int_eq(aclDestroyTensor(r->t[i]), ACLNN_SUCCESS);
        if (!r->dead_s[i])
            ck_assert_int_eq(aclDestroyScalar(r->s[i]), ACLNN_SUCCESS);
        free(r->buf[i]);
        free(r->snap[i]);
    }
}

/* Bytes of tensor `which` (storage and guard) equal what was there before the call. */
static void expect_buffer_unchanged(const elu_run *r, int which, int line)
{
    acpu_test_expect_unchanged(r->buf[which], r->snap[which], r->bytes[which],
                               k_arg_name[which == T_DY  ? A_DY
                                          : which == T_X ? A_X
                                                         : A_OUT],
                               line);
}

/* Phase 1 fails with `code`, the message names `arg` (and not `not_arg`), nothing is written.
 * `line` locates the case in failure messages: a source line, 1000 + index in k_fail_cases or
 * 2000 + index in k_order_cases. */
static void expect_fail_at(const elu_call *c, aclnnStatus code, const char *arg, const char *not_arg, int line)
{
    elu_run r;
    run_setup(&r, c);
    aclnnStatus st = run_phase1(&r);
    ck_assert_msg(st == code, "at %d: status %d, expected %d (%s)", line, st, code, aclGetRecentErrMsg());
    for (int i = 0; i < 3; ++i)
        expect_buffer_unchanged(&r, i, line);
    acpu_test_expect_msg_at(API, arg, not_arg, line);
    acpu_test_expect_garbage_intact(line);
    run_release(&r);
}
#define EXPECT_FAIL(c, code, arg) expect_fail_at((c), (code), (arg), NULL, __LINE__)

/* ---- checking results ------------------------------------------------------------------------- */

/* Reference dx in double from the (dtype-rounded) inputs, and the magnitude its rounding errors scale with. */
static double ref_elu(const elu_call *c, double dy, double x, double *mag)
{
    double a = scalar_to_float(&c->s[S_ALPHA]), sc = scalar_to_float(&c->s[S_SCALE]);
    double is = scalar_to_float(&c->s[S_ISCALE]);
    double r;
    if (!(x <= 0)) {
        r = dy * sc;
        *mag = fabs(r);
    } else if (!c->is_result) {
        r = dy * is * a * sc * exp(x * is);
        *mag = fabs(r) * (1.0 + fabs(x * is));
    } else {
        r = dy * is * (x + a * sc);
        *mag = fabs(dy * is) * (fabs(x) + fabs(a * sc));
    }
    return r;
}

static int64_t offset_of(const tdesc *d, const int64_t *st, int64_t lin)
{
    int64_t off = d->offset;
    for (uint64_t i = d->rank; i-- > 0;) {
        off += (lin % d->shape[i]) * st[i];
        lin /= d->shape[i];
    }
    return off;
}

static void check_element(const elu_run *r, int64_t lin, bool *covered)
{
    const tdesc *t = r->c.t;
    aclDataType in = t[T_DY].dt, out = t[T_OUT].dt;
    int64_t o = offset_of(&t[T_OUT], r->strides[T_OUT], lin);
    double dy = acpu_test_load(in, r->buf[T_DY], (size_t)offset_of(&t[T_DY], r->strides[T_DY], lin));
    double x = acpu_test_load(in, r->buf[T_X], (size_t)offset_of(&t[T_X], r->strides[T_X], lin));
    double mag, ref = ref_elu(&r->c, dy, x, &mag);
    double got = acpu_test_load(out, r->buf[T_OUT], (size_t)o);
    covered[o] = true;
    if (isnan(ref)) {
        if (!isnan(got))
            ck_abort_msg("element %lld: got %.9g, expected NaN", (long long)lin, got);
        return;
    }
    int man_in = acpu_test_man_bits(in), man_out = acpu_test_man_bits(out);
    int bits = man_in < man_out ? man_in : man_out;
    double tiny_in = ldexp(1.0, acpu_test_min_exp(in) - man_in),
           tiny_out = ldexp(1.0, acpu_test_min_exp(out) - man_out);
    double tol = 16.0 * ldexp(mag, -bits) + (tiny_in > tiny_out ? tiny_in : tiny_out);
    if (!(fabs(got - ref) <= tol))
        ck_abort_msg("element %lld (dy %.9g, x %.9g): got %.9g, expected %.9g (tol %.3g)", (long long)lin, dy, x, got,
                     ref, tol);
    double imag = out == ACL_COMPLEX64    ? ((const float *)r->buf[T_OUT])[2 * o + 1]
                  : out == ACL_COMPLEX128 ? ((const double *)r->buf[T_OUT])[2 * o + 1]
                                          : 0.0;
    if (imag != 0.0)
        ck_abort_msg("element %lld: imaginary part %.9g, expected 0", (long long)lin, imag);
}

/* Every view element is right; storage elements outside the view, the guard and the inputs are untouched.
 * Per-element checks abort only on a mismatch (a passing ck_assert costs a message to the runner). */
static void check_output(const elu_run *r)
{
    int64_t n = acpu_test_numel(r->c.t[T_OUT].shape, r->c.t[T_OUT].rank), sn = storage_numel(&r->c.t[T_OUT]);
    size_t es = acpu_test_esize(r->c.t[T_OUT].dt);
    bool *covered = calloc((size_t)sn + 1, 1);
    for (int64_t i = 0; i < n; ++i)
        check_element(r, i, covered);
    acpu_test_expect_uncovered_unchanged(r->buf[T_OUT], r->snap[T_OUT], r->bytes[T_OUT], es, covered, sn);
    expect_buffer_unchanged(r, T_DY, __LINE__);
    expect_buffer_unchanged(r, T_X, __LINE__);
    free(covered);
}

static bool is_dense(const tdesc *d) { return d->strides == NULL; }

/* Both phases succeed; the workspace follows BEHAVIOUR.md; the output is checked. Leaves r alive. */
static void run_ok_at(elu_run *r, const elu_call *c, int line)
{
    run_setup(r, c);
    aclnnStatus st = run_phase1(r);
    ck_assert_msg(st == ACLNN_SUCCESS, "at %d: phase 1 status %d (%s)", line, st, aclGetRecentErrMsg());
    ck_assert_msg(r->exec != NULL, "at %d: no executor", line);
    bool empty = acpu_test_numel(c->t[T_DY].shape, c->t[T_DY].rank) == 0;
    bool dense = is_dense(&c->t[0]) && is_dense(&c->t[1]) && is_dense(&c->t[2]) && c->t[T_OUT].dt == c->t[T_DY].dt;
    if (empty || dense)
        ck_assert_msg(r->ws == 0, "at %d: workspace %llu, expected 0", line, (unsigned long long)r->ws);
    else
        ck_assert_msg(r->ws > 0, "at %d: workspace 0 for a non-dense or converting call", line);
    st = run_phase2(r);
    ck_assert_msg(st == ACLNN_SUCCESS, "at %d: phase 2 status %d (%s)", line, st, aclGetRecentErrMsg());
    check_output(r);
}

static void expect_ok_at(const elu_call *c, int line)
{
    elu_run r;
    run_ok_at(&r, c, line);
    run_release(&r);
}
#define EXPECT_OK(c) expect_ok_at((c), __LINE__)

/* ---- spec 2.8.1 / 2.8.2: successful cases ----------------------------------------------------- */

typedef void (*mutator)(elu_call *c);
#define MUTATOR(name, base, ...)  \
    static void name(elu_call *c) \
    {                             \
        base(c);                  \
        __VA_ARGS__;              \
    }

static const int64_t k_4d[4] = {2, 2, 2, 2}, k_5d[5] = {2, 2, 2, 2, 2};
static const int64_t k_uncontig_strides[2] = {1, 2}, k_strides_2_1[2] = {2, 1}, k_strides_3_2[2] = {3, 2};

MUTATOR(ok_case_001_float32, base_exp, (void)0)
MUTATOR(ok_case_002_float16, base_exp, set_dtype_all(c, ACL_FLOAT16), set_scalars(c, ACL_FLOAT, 1, 1, 1))
MUTATOR(ok_case_008_empty, base_exp, set_shape_all(c, 1, (const int64_t[]){0}))
MUTATOR(ok_float_nd, base_main, (void)0)
MUTATOR(ok_float16_nchw, base_main, set_shape_all(c, 4, k_4d), set_dtype_all(c, ACL_FLOAT16),
        set_fmt_all(c, ACL_FORMAT_NCHW))
MUTATOR(ok_ratio_uint8_hwcn, base_main, set_shape_all(c, 4, k_4d), set_fmt_all(c, ACL_FORMAT_HWCN),
        set_scalars(c, ACL_UINT8, 1, 1, 1))
MUTATOR(ok_grad_input_complex64_ndhwc, base_main, set_shape_all(c, 5, k_5d), set_fmt_all(c, ACL_FORMAT_NDHWC),
        c->t[T_OUT].dt = ACL_COMPLEX64)
MUTATOR(ok_alpha_2_ncdhw, base_main, set_shape_all(c, 5, k_5d), set_fmt_all(c, ACL_FORMAT_NCDHW), c->s[S_ALPHA].v = 2)
MUTATOR(ok_alpha_half_nchw_nhwc, base_main, set_shape_all(c, 4, k_4d), set_fmt_all(c, ACL_FORMAT_NCHW),
        c->t[T_OUT].fmt = ACL_FORMAT_NHWC, c->s[S_ALPHA].v = 0.5)
MUTATOR(ok_scale_2, base_main, c->s[S_SCALE].v = 2)
MUTATOR(ok_scale_half, base_main, c->s[S_SCALE].v = 0.5)
MUTATOR(ok_input_scale_2, base_main, c->s[S_ISCALE].v = 2)
MUTATOR(ok_input_scale_half, base_main, c->s[S_ISCALE].v = 0.5)
MUTATOR(ok_is_result_false, base_main, c->is_result = false)
MUTATOR(ok_empty_main, base_main, set_shape_all(c, 1, (const int64_t[]){0}))
MUTATOR(ok_large_shape, base_main, set_shape_all(c, 2, (const int64_t[]){1024, 1024}))
MUTATOR(ok_5d_float16, base_main, set_shape_all(c, 5, (const int64_t[]){2, 4, 8, 16, 32}),
        set_dtype_all(c, ACL_FLOAT16), set_fmt_all(c, ACL_FORMAT_NCDHW), c->s[S_ALPHA].v = 1.2)
MUTATOR(ok_alpha_zero, base_main, c->s[S_ALPHA].v = 0)
MUTATOR(ok_alpha_neg_zero, base_main, c->s[S_ALPHA].v = -0.0)
MUTATOR(ok_alpha_nan, base_main, c->s[S_ALPHA].v = NAN)
MUTATOR(ok_alpha_negative_exp_mode, base_main, c->is_result = false, c->s[S_ALPHA].v = -0.5)
MUTATOR(ok_fractal_nz, base_main, set_fmt_all(c, ACL_FORMAT_FRACTAL_NZ))
MUTATOR(ok_8_dims, base_main, set_shape_all(c, 8, (const int64_t[]){1, 2, 1, 2, 1, 2, 1, 2}))
MUTATOR(ok_empty_middle_dim_null_data, base_main, set_shape_all(c, 3, (const int64_t[]){2, 0, 3}),
        c->t[T_DY].null_data = true, c->t[T_X].null_data = true, c->t[T_OUT].null_data = true)
MUTATOR(ok_empty_alpha_nan, base_exp, set_shape_all(c, 2, (const int64_t[]){0, 5}), c->is_result = true,
        c->s[S_ALPHA].v = NAN)

/* normal_uncontiguous: view {2,4}, strides {1,2}, offset 0, storage {4,2}, all three tensors. */
static void ok_uncontiguous(elu_call *c)
{
    base_main(c);
    set_shape_all(c, 2, (const int64_t[]){2, 4});
    for (int i = 0; i < 3; ++i) {
        c->t[i].strides = k_uncontig_strides;
        c->t[i].has_storage = true;
        c->t[i].storage_rank = 2;
        c->t[i].storage[0] = 4;
        c->t[i].storage[1] = 2;
    }
}

/* A strided, offset view of gradInput that leaves storage elements uncovered; mixed input layouts. */
static const int64_t k_pad_strides[2] = {4, 1};
static void ok_offset_views(elu_call *c)
{
    base_exp(c);
    set_shape_all(c, 2, (const int64_t[]){2, 2});
    c->t[T_OUT].strides = k_pad_strides;
    c->t[T_OUT].offset = 1;
    c->t[T_OUT].has_storage = true;
    c->t[T_OUT].storage_rank = 1;
    c->t[T_OUT].storage[0] = 12;
    c->t[T_X].offset = 3;
    c->t[T_X].strides = k_strides_2_1;
    c->t[T_X].has_storage = true;
    c->t[T_X].storage_rank = 1;
    c->t[T_X].storage[0] = 7;
}

/* Dense views at an offset: still no workspace ("any offset"). */
static void ok_dense_offset(elu_call *c)
{
    base_exp(c);
    for (int i = 0; i < 3; ++i) {
        c->t[i].offset = 2 + i;
        c->t[i].has_storage = true;
        c->t[i].storage_rank = 1;
        c->t[i].storage[0] = 6 + 2 + i;
    }
}

/* clang-format off */ /* a table: one row per line */
static const mutator k_ok_cases[] = {
    ok_case_001_float32, ok_case_002_float16, ok_case_008_empty, ok_float_nd, ok_float16_nchw,
    ok_ratio_uint8_hwcn, ok_grad_input_complex64_ndhwc, ok_alpha_2_ncdhw, ok_alpha_half_nchw_nhwc,
    ok_scale_2, ok_scale_half, ok_input_scale_2, ok_input_scale_half, ok_is_result_false, ok_empty_main,
    ok_large_shape, ok_5d_float16, ok_alpha_zero, ok_alpha_neg_zero, ok_alpha_nan, ok_alpha_negative_exp_mode,
    ok_fractal_nz, ok_8_dims, ok_empty_middle_dim_null_data, ok_empty_alpha_nan, ok_uncontiguous,
    ok_offset_views, ok_dense_offset,
};
/* clang-format on */

START_TEST(test_ok_cases)
{
    elu_call c;
    k_ok_cases[_i](&c);
    EXPECT_OK(&c);
}
END_TEST

START_TEST(test_valuerange)
{
    static const double dy[8] = {-1, -0.75, -0.5, 0, 0.25, 0.5, 0.75, 1};
    static const double x[8] = {1, 0.75, -0.5, -0.0, 0, -0.25, -1, 0.5};
    elu_call c;
    base_main(&c);
    set_shape_all(&c, 1, (const int64_t[]){8});
    c.t[T_DY].values = dy;
    c.t[T_X].values = x;
    EXPECT_OK(&c);
    c.is_result = false;
    EXPECT_OK(&c);
}
END_TEST

/* normal_with_specific_values: within 1 ulp of fp32 of the derived values. */
START_TEST(test_specific_values)
{
    static const double dy[4] = {0.5, -0.5, 1.0, -1.0}, x[4] = {0.1, -0.1, 0.05, -0.05};
    static const double want[4] = {0.5, -0.45, 1.0, -0.95};
    elu_call c;
    elu_run r;
    base_main(&c);
    set_shape_all(&c, 1, (const int64_t[]){4});
    c.t[T_DY].values = dy;
    c.t[T_X].values = x;
    run_ok_at(&r, &c, __LINE__);
    for (int i = 0; i < 4; ++i) {
        double got = ((const float *)r.buf[T_OUT])[i];
        ck_assert_msg(acpu_test_ulp_error(ACL_FLOAT, got, want[i]) <= 1.0, "element %d: %.9g vs %.9g", i, got, want[i]);
    }
    run_release(&r);
}
END_TEST

/* normal_scalar_shape: a 0-dim tensor is one element; the byte after it is untouched (guard). */
START_TEST(test_zero_dim)
{
    static const double dy[1] = {2.0}, x[1] = {-1.0};
    elu_call c;
    elu_run r;
    base_main(&c);
    set_shape_all(&c, 0, NULL);
    c.t[T_DY].values = dy;
    c.t[T_X].values = x;
    run_ok_at(&r, &c, __LINE__);
    ck_assert_uint_eq(r.bytes[T_OUT], sizeof(float));
    ck_assert_float_eq(((const float *)r.buf[T_OUT])[0], 0.0f); /* isResult: 2 * (-1 + 1) */
    run_release(&r);
    c.is_result = false; /* 2 * exp(-1) */
    run_ok_at(&r, &c, __LINE__);
    ck_assert_float_eq_tol(((const float *)r.buf[T_OUT])[0], (float)(2.0 * exp(-1.0)), 1e-6f);
    run_release(&r);
}
END_TEST

/* Empty tensors: workspace 0, an executor whose phase 2 succeeds and writes nothing. */
START_TEST(test_empty_writes_nothing)
{
    elu_call c;
    elu_run r;
    base_exp(&c);
    set_shape_all(&c, 3, (const int64_t[]){4, 0, 2});
    run_setup(&r, &c);
    ck_assert_int_eq(run_phase1(&r), ACLNN_SUCCESS);
    ck_assert_uint_eq(r.ws, 0);
    ck_assert_ptr_nonnull(r.exec);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, r.exec, NULL), ACLNN_SUCCESS);
    expect_buffer_unchanged(&r, T_OUT, __LINE__);
    run_release(&r);
}
END_TEST

/* ---- SoC-dependent dtype support -------------------------------------------------------------- */

typedef struct {
    const char *soc;
    aclDataType dt;
    aclnnStatus code;
} soc_case;

/* clang-format off */ /* a table: one row per line */
static const soc_case k_soc_cases[] = {
    {"host", ACL_BF16, 0},         {"Ascend910B", ACL_BF16, 0},  {"Ascend910_93", ACL_BF16, 0},
    {"Ascend950", ACL_BF16, 0},    {"Ascend910", ACL_BF16, ACLNN_ERR_PARAM_INVALID},
    {"Ascend910", ACL_FLOAT16, 0}, {"Ascend910", ACL_FLOAT, 0},  {"Ascend950", ACL_FLOAT16, 0},
    {"Ascend910B", ACL_FLOAT, 0},  {"Ascend910_93", ACL_FLOAT16, 0},
};
/* clang-format on */

/* case_003_bfloat16 ({2,3}, alpha 1.0, scale 0.9, inputScale 1.2) and normal_BF16_NHWC, per profile. */
START_TEST(test_soc_dtypes)
{
    const soc_case *k = &k_soc_cases[_i];
    elu_call c;
    base_exp(&c);
    set_dtype_all(&c, k->dt);
    set_scalars(&c, ACL_FLOAT, 1.0, 0.9, 1.2);
    c.soc = k->soc;
    if (k->code == 0)
        EXPECT_OK(&c);
    else
        EXPECT_FAIL(&c, k->code, "gradOutput");
    base_main(&c);
    set_shape_all(&c, 4, k_4d);
    set_dtype_all(&c, k->dt);
    set_fmt_all(&c, ACL_FORMAT_NHWC);
    c.soc = k->soc;
    if (k->code == 0)
        EXPECT_OK(&c);
    else
        EXPECT_FAIL(&c, k->code, "gradOutput");
}
END_TEST

/* BF16 gradInput from a FLOAT gradOutput is a cast target, not an operand: fine on Ascend910 too. */
START_TEST(test_bf16_output_on_ascend910)
{
    elu_call c;
    base_exp(&c);
    c.t[T_OUT].dt = ACL_BF16;
    c.soc = "Ascend910";
    EXPECT_OK(&c);
}
END_TEST

/* ---- failing cases, one fault each ------------------------------------------------------------ */

typedef struct {
    mutator make;
    aclnnStatus code;
    const char *arg;     /* must appear in the message */
    const char *not_arg; /* must not (the check that should have lost); may be NULL */
} fail_case;

#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID
static const int64_t k_9d[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, k_10d[10] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2};

MUTATOR(f_null_dy, base_main, c->f[A_DY] = ACPU_TEST_F_NULL)
MUTATOR(f_null_alpha, base_main, c->f[A_ALPHA] = ACPU_TEST_F_NULL)
MUTATOR(f_null_scale, base_main, c->f[A_SCALE] = ACPU_TEST_F_NULL)
MUTATOR(f_null_iscale, base_main, c->f[A_ISCALE] = ACPU_TEST_F_NULL)
MUTATOR(f_null_x, base_main, c->f[A_X] = ACPU_TEST_F_NULL)
MUTATOR(f_null_out, base_main, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(f_null_ws, base_main, c->f[A_WS] = ACPU_TEST_F_NULL)
MUTATOR(f_null_exec, base_main, c->f[A_EXEC] = ACPU_TEST_F_NULL)
MUTATOR(f_all_double, base_exp, set_dtype_all(c, ACL_DOUBLE))
MUTATOR(f_dtype_unequal_exp, base_exp, c->t[T_X].dt = ACL_FLOAT16)
MUTATOR(f_dtype_unequal_main, base_main, c->t[T_X].dt = ACL_FLOAT16)
MUTATOR(f_shape_x_transposed, base_exp, set_shape(c, T_X, 2, (const int64_t[]){3, 2}))
MUTATOR(f_9_dims, base_exp, set_shape_all(c, 9, k_9d))
MUTATOR(f_10_dims, base_main, set_shape_all(c, 10, k_10d))
MUTATOR(f_alpha_neg_exp_ut, base_exp, c->is_result = true, c->s[S_ALPHA].v = -0.1)
MUTATOR(f_alpha_neg_main_ut, base_main, c->s[S_ALPHA].v = -1, c->s[S_SCALE].v = 2)
MUTATOR(f_alpha_neg_int8, base_main, c->s[S_ALPHA] = (sdesc){ACL_INT8, -1, 0, false})
MUTATOR(f_alpha_neg_tiny, base_main, c->s[S_ALPHA] = (sdesc){ACL_DOUBLE, -1e-50, 0, false})
MUTATOR(f_out_int32, base_main, c->t[T_OUT].dt = ACL_INT32)
MUTATOR(f_shape_x_rank_main, base_main, set_shape(c, T_X, 2, (const int64_t[]){2, 2}), c->t[T_OUT].dt = ACL_INT32)
MUTATOR(f_shape_out_rank_main, base_main, set_shape(c, T_OUT, 2, (const int64_t[]){2, 2}), c->t[T_OUT].dt = ACL_INT32)
MUTATOR(f_shape_x_rank, base_main, set_shape(c, T_X, 2, (const int64_t[]){2, 2}))
MUTATOR(f_shape_out_rank, base_main, set_shape(c, T_OUT, 2, (const int64_t[]){2, 2}))
MUTATOR(f_shape_out_trailing_one, base_exp, set_shape(c, T_OUT, 3, (const int64_t[]){2, 3, 1}))
MUTATOR(f_shape_out_transposed, base_exp, set_shape(c, T_OUT, 2, (const int64_t[]){3, 2}))
MUTATOR(f_complex_alpha, base_main, c->s[S_ALPHA].dt = ACL_COMPLEX64)
MUTATOR(f_complex_scale, base_main, c->s[S_SCALE].dt = ACL_COMPLEX128)
MUTATOR(f_complex_iscale, base_main, c->s[S_ISCALE].dt = ACL_COMPLEX64)
/* BEHAVIOUR.md: handles destroyed, of the other kind, or garbage. */
MUTATOR(f_dead_dy, base_main, c->f[A_DY] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_alpha, base_main, c->f[A_ALPHA] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_scale, base_main, c->f[A_SCALE] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_iscale, base_main, c->f[A_ISCALE] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_x, base_main, c->f[A_X] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_out, base_main, c->f[A_OUT] = ACPU_TEST_F_DEAD)
MUTATOR(f_foreign_dy, base_main, c->f[A_DY] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_foreign_scale, base_main, c->f[A_SCALE] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_garbage_x, base_main, c->f[A_X] = ACPU_TEST_F_GARBAGE)
MUTATOR(f_garbage_iscale, base_main, c->f[A_ISCALE] = ACPU_TEST_F_GARBAGE)
MUTATOR(f_garbage_out, base_main, c->f[A_OUT] = ACPU_TEST_F_GARBAGE)
/* BEHAVIOUR.md: non-empty tensor with NULL data; views not fitting their storage. */
MUTATOR(f_null_data_dy, base_exp, c->t[T_DY].null_data = true)
MUTATOR(f_null_data_x, base_exp, c->t[T_X].null_data = true)
MUTATOR(f_null_data_out, base_exp, c->t[T_OUT].null_data = true)
MUTATOR(f_null_data_0dim, base_exp, set_shape_all(c, 0, NULL), c->t[T_X].null_data = true)
MUTATOR(f_storage_small_dy, base_exp, c->t[T_DY].has_storage = true, c->t[T_DY].storage_rank = 1,
        c->t[T_DY].storage[0] = 5)
MUTATOR(f_storage_offset_out, base_exp, c->t[T_OUT].has_storage = true, c->t[T_OUT].storage_rank = 1,
        c->t[T_OUT].storage[0] = 6, c->t[T_OUT].offset = 1)
/* No storage shape (storageDimsNum 0) for a 2-dim view: its extent cannot be checked. */
MUTATOR(f_no_storage_shape_dy, base_exp, c->t[T_DY].has_storage = true, c->t[T_DY].storage_rank = 0)
MUTATOR(f_storage_strides_x, base_exp, c->t[T_X].has_storage = true, c->t[T_X].storage_rank = 2,
        c->t[T_X].storage[0] = 2, c->t[T_X].storage[1] = 3, c->t[T_X].strides = k_strides_3_2)
MUTATOR(f_storage_0dim_offset, base_exp, set_shape_all(c, 0, NULL), c->t[T_DY].has_storage = true,
        c->t[T_DY].storage_rank = 1, c->t[T_DY].storage[0] = 1, c->t[T_DY].offset = 1)

/* clang-format off */ /* a table: one row per line */
static const fail_case k_fail_cases[] = {
    {f_null_dy, NULLPTR, "gradOutput", NULL},
    {f_null_alpha, NULLPTR, "alpha", NULL},
    {f_null_scale, NULLPTR, "scale", NULL},
    {f_null_iscale, NULLPTR, "inputScale", NULL},
    {f_null_x, NULLPTR, "selfOrResult", NULL},
    {f_null_out, NULLPTR, "gradInput", NULL},
    {f_null_ws, NULLPTR, "workspaceSize", NULL},
    {f_null_exec, NULLPTR, "executor", NULL},
    {f_all_double, INVALID, "gradOutput", NULL},
    {f_dtype_unequal_exp, INVALID, "selfOrResult", NULL},
    {f_dtype_unequal_main, INVALID, "selfOrResult", NULL},
    {f_shape_x_transposed, INVALID, "selfOrResult", NULL},
    {f_9_dims, INVALID, "gradOutput", NULL},
    {f_10_dims, INVALID, "gradOutput", NULL},
    {f_alpha_neg_exp_ut, INVALID, "alpha", NULL},
    {f_alpha_neg_main_ut, INVALID, "alpha", NULL},
    {f_alpha_neg_int8, INVALID, "alpha", NULL},
    {f_out_int32, INVALID, "gradInput", NULL},
    {f_shape_x_rank_main, INVALID, "gradInput", "selfOrResult"}, /* dtype check (4f) before shapes */
    {f_shape_out_rank_main, INVALID, "gradInput", NULL},
    {f_shape_x_rank, INVALID, "selfOrResult", NULL},
    {f_shape_out_rank, INVALID, "gradInput", NULL},
    {f_shape_out_trailing_one, INVALID, "gradInput", NULL},
    {f_shape_out_transposed, INVALID, "gradInput", NULL},
    {f_complex_alpha, INVALID, "alpha", NULL},
    {f_complex_scale, INVALID, "scale", NULL},
    {f_complex_iscale, INVALID, "inputScale", NULL},
    {f_dead_dy, INVALID, "gradOutput", NULL},
    {f_dead_alpha, INVALID, "alpha", NULL},
    {f_dead_scale, INVALID, "scale", NULL},
    {f_dead_iscale, INVALID, "inputScale", NULL},
    {f_dead_x, INVALID, "selfOrResult", NULL},
    {f_dead_out, INVALID, "gradInput", NULL},
    {f_foreign_dy, INVALID, "gradOutput", NULL},
    {f_foreign_scale, INVALID, "scale", NULL},
    {f_garbage_x, INVALID, "selfOrResult", NULL},
    {f_garbage_iscale, INVALID, "inputScale", NULL},
    {f_garbage_out, INVALID, "gradInput", NULL},
    {f_null_data_dy, NULLPTR, "gradOutput", NULL},
    {f_null_data_x, NULLPTR, "selfOrResult", NULL},
    {f_null_data_out, NULLPTR, "gradInput", NULL},
    {f_null_data_0dim, NULLPTR, "selfOrResult", NULL},
    {f_storage_small_dy, INVALID, "gradOutput", NULL},
    {f_storage_offset_out, INVALID, "gradInput", NULL},
    {f_no_storage_shape_dy, INVALID, "gradOutput", NULL},
    {f_storage_strides_x, INVALID, "selfOrResult", NULL},
    {f_storage_0dim_offset, INVALID, "gradOutput", NULL},
};
/* clang-format on */

static void run_fail_case(const fail_case *k, int id)
{
    elu_call c;
    k->make(&c);
    expect_fail_at(&c, k->code, k->arg, k->not_arg, id);
}

START_TEST(test_fail_cases)
{
    run_fail_case(&k_fail_cases[_i], 1000 + _i);
}
END_TEST

/* Spec 2.3 step 6 compares alpha.ToFloat() < 0: a DOUBLE -1e-50 converts to -0.0f and passes. */
START_TEST(test_alpha_tiny_negative)
{
    elu_call c;
    f_alpha_neg_tiny(&c);
    EXPECT_OK(&c);
}
END_TEST

/* abnormal_gradOutput_*: all three tensors of that dtype, {2}. */
static const aclDataType k_bad_input_dtypes[] = {
    ACL_INT32,  ACL_INT64,        ACL_INT16,  ACL_INT8,   ACL_UINT8,  ACL_BOOL,   ACL_COMPLEX64, ACL_COMPLEX128,
    ACL_DOUBLE, ACL_DT_UNDEFINED, ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_STRING, ACL_HIFLOAT8};

START_TEST(test_bad_input_dtypes)
{
    elu_call c;
    base_main(&c);
    set_dtype_all(&c, k_bad_input_dtypes[_i]);
    EXPECT_FAIL(&c, INVALID, "gradOutput");
}
END_TEST

/* gradInput dtype must be a CanCast target of FLOAT / FLOAT16 / BF16 (spec 1.8). */
static const aclDataType k_good_out_dtypes[] = {ACL_FLOAT,  ACL_FLOAT16,   ACL_BF16,
                                                ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
static const aclDataType k_bad_out_dtypes[] = {ACL_INT32, ACL_INT8,   ACL_BOOL,   ACL_UINT8, ACL_INT16,
                                               ACL_INT64, ACL_UINT16, ACL_UINT32, ACL_UINT64};
static const aclDataType k_in_dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

START_TEST(test_good_out_dtypes)
{
    for (size_t i = 0; i < N_ELEMS(k_in_dtypes); ++i) {
        elu_call c;
        base_exp(&c);
        set_dtype_all(&c, k_in_dtypes[i]);
        c.t[T_OUT].dt = k_good_out_dtypes[_i];
        EXPECT_OK(&c);
        c.is_result = true;
        EXPECT_OK(&c);
    }
}
END_TEST

START_TEST(test_bad_out_dtypes)
{
    for (size_t i = 0; i < N_ELEMS(k_in_dtypes); ++i) {
        elu_call c;
        base_exp(&c);
        set_dtype_all(&c, k_in_dtypes[i]);
        c.t[T_OUT].dt = k_bad_out_dtypes[_i];
        EXPECT_FAIL(&c, INVALID, "gradInput");
    }
}
END_TEST

/* ---- validation order: two faults, the earlier check wins ------------------------------------- */

MUTATOR(o_ws_null_dy_null, base_main, c->f[A_WS] = ACPU_TEST_F_NULL, c->f[A_DY] = ACPU_TEST_F_NULL)
MUTATOR(o_exec_null_dtype, base_main, c->f[A_EXEC] = ACPU_TEST_F_NULL, set_dtype_all(c, ACL_DOUBLE))
MUTATOR(o_dy_null_alpha_null, base_main, c->f[A_DY] = ACPU_TEST_F_NULL, c->f[A_ALPHA] = ACPU_TEST_F_NULL)
MUTATOR(o_alpha_null_scale_null, base_main, c->f[A_ALPHA] = ACPU_TEST_F_NULL, c->f[A_SCALE] = ACPU_TEST_F_NULL)
MUTATOR(o_scale_null_x_dtype, base_main, c->f[A_SCALE] = ACPU_TEST_F_NULL, c->t[T_X].dt = ACL_FLOAT16)
MUTATOR(o_iscale_null_out_null, base_main, c->f[A_ISCALE] = ACPU_TEST_F_NULL, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(o_x_null_out_null, base_main, c->f[A_X] = ACPU_TEST_F_NULL, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(o_out_null_dtype, base_main, c->f[A_OUT] = ACPU_TEST_F_NULL, set_dtype_all(c, ACL_DOUBLE))
MUTATOR(o_alpha_null_dead_out, base_main, c->f[A_ALPHA] = ACPU_TEST_F_NULL, c->f[A_OUT] = ACPU_TEST_F_DEAD)
MUTATOR(o_dy_null_dead_alpha, base_main, c->f[A_DY] = ACPU_TEST_F_NULL, c->f[A_ALPHA] = ACPU_TEST_F_DEAD)
MUTATOR(o_x_dtype_out_dtype, base_main, c->t[T_X].dt = ACL_FLOAT16, c->t[T_OUT].dt = ACL_INT32)
MUTATOR(o_dy_support_alpha_complex, base_main, c->t[T_DY].dt = ACL_DOUBLE, c->t[T_X].dt = ACL_DOUBLE,
        c->s[S_ALPHA].dt = ACL_COMPLEX64)
MUTATOR(o_alpha_complex_scale_complex, base_main, c->s[S_ALPHA].dt = ACL_COMPLEX64, c->s[S_SCALE].dt = ACL_COMPLEX64)
MUTATOR(o_iscale_complex_out_dtype, base_main, c->s[S_ISCALE].dt = ACL_COMPLEX128, c->t[T_OUT].dt = ACL_INT8)
MUTATOR(o_out_dtype_x_shape, base_exp, c->t[T_OUT].dt = ACL_INT32, set_shape(c, T_X, 2, (const int64_t[]){3, 2}))
MUTATOR(o_x_shape_out_shape, base_exp, set_shape(c, T_X, 2, (const int64_t[]){3, 2}),
        set_shape(c, T_OUT, 1, (const int64_t[]){6}))
MUTATOR(o_out_shape_9_dims, base_exp, set_shape(c, T_DY, 9, k_9d), set_shape(c, T_X, 9, k_9d))
MUTATOR(o_x_shape_alpha_neg, base_exp, c->is_result = true, c->s[S_ALPHA].v = -1,
        set_shape(c, T_X, 2, (const int64_t[]){3, 2}))
MUTATOR(o_alpha_neg_empty, base_main, c->s[S_ALPHA].v = -1, set_shape_all(c, 1, (const int64_t[]){0}))
MUTATOR(o_alpha_neg_null_data, base_main, c->s[S_ALPHA].v = -1, c->t[T_X].null_data = true)
MUTATOR(o_out_dtype_null_data, base_main, c->t[T_OUT].dt = ACL_INT32, c->t[T_X].null_data = true)
MUTATOR(o_soc_bf16_null_data, base_main, set_dtype_all(c, ACL_BF16), c->soc = "Ascend910", c->t[T_DY].null_data = true)
/* Same tensor: the NULL-data check precedes the storage-fit check. */
MUTATOR(o_null_data_bad_view_dy, base_exp, c->t[T_DY].null_data = true, c->t[T_DY].has_storage = true,
        c->t[T_DY].storage_rank = 1, c->t[T_DY].storage[0] = 5)
MUTATOR(o_bad_view_out_shape, base_exp, c->t[T_DY].has_storage = true, c->t[T_DY].storage_rank = 1,
        c->t[T_DY].storage[0] = 5, set_shape(c, T_OUT, 2, (const int64_t[]){3, 2}))

/* clang-format off */ /* a table: one row per line */
static const fail_case k_order_cases[] = {
    {o_ws_null_dy_null, NULLPTR, "workspaceSize", NULL},
    {o_exec_null_dtype, NULLPTR, "executor", NULL},
    {o_dy_null_alpha_null, NULLPTR, "gradOutput", "alpha"},
    {o_alpha_null_scale_null, NULLPTR, "alpha", "scale"},
    {o_scale_null_x_dtype, NULLPTR, "scale", "selfOrResult"},
    {o_iscale_null_out_null, NULLPTR, "inputScale", "gradInput"},
    {o_x_null_out_null, NULLPTR, "selfOrResult", "gradInput"},
    {o_out_null_dtype, NULLPTR, "gradInput", NULL},
    {o_alpha_null_dead_out, NULLPTR, "alpha", "gradInput"},
    {o_dy_null_dead_alpha, NULLPTR, "gradOutput", "alpha"},
    {o_x_dtype_out_dtype, INVALID, "selfOrResult", "gradInput"},
    {o_dy_support_alpha_complex, INVALID, "gradOutput", "alpha"},
    {o_alpha_complex_scale_complex, INVALID, "alpha", "scale"},
    {o_iscale_complex_out_dtype, INVALID, "inputScale", "gradInput"},
    {o_out_dtype_x_shape, INVALID, "gradInput", "selfOrResult"},
    {o_x_shape_out_shape, INVALID, "selfOrResult", "gradInput"},
    {o_out_shape_9_dims, INVALID, "gradInput", NULL},
    {o_x_shape_alpha_neg, INVALID, "selfOrResult", "alpha"},
    {o_alpha_neg_empty, INVALID, "alpha", NULL},
    {o_alpha_neg_null_data, INVALID, "alpha", "selfOrResult"},
    {o_out_dtype_null_data, INVALID, "gradInput", "selfOrResult"},
    {o_soc_bf16_null_data, INVALID, "gradOutput", NULL},
    {o_null_data_bad_view_dy, NULLPTR, "gradOutput", NULL},
    {o_bad_view_out_shape, INVALID, "gradInput", NULL},
};
/* clang-format on */

START_TEST(test_order_cases)
{
    run_fail_case(&k_order_cases[_i], 2000 + _i);
}
END_TEST

/* ---- scalar conversion (spec 1.9) ------------------------------------------------------------- */

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define SV(dt, v) {(dt), (v), 0, false}
#define IV(dt, i) {(dt), 0, (i), true}
/* clang-format on */
/* clang-format off */ /* a table: one row per line */
static const sdesc k_scalar_values[] = {
    SV(ACL_FLOAT, 1.75), SV(ACL_DOUBLE, 0.1), SV(ACL_FLOAT16, 0.333), SV(ACL_BF16, 3.14), SV(ACL_UINT8, 200),
    SV(ACL_INT8, -7), SV(ACL_INT16, -300), SV(ACL_UINT16, 65535), SV(ACL_INT32, -100000),
    SV(ACL_UINT32, 4000000001.0), SV(ACL_INT64, 123456789), SV(ACL_INT64, -3), SV(ACL_UINT64, 1e19),
    SV(ACL_BOOL, 1), SV(ACL_BOOL, 0),
    /* 64-bit integers convert straight to float: through double they would round twice
     * (2^60 + 2^36 + 1 -> 2^60 + 2^37, not 2^60; 2^63 + 2^39 + 1 -> 2^63 + 2^40). */
    IV(ACL_INT64, 0x1000001000000001LL), IV(ACL_UINT64, (int64_t)0x8000008000000001ULL),
    /* ToFloat gives 0 for the 8/6/4-bit float types */
    SV(ACL_HIFLOAT8, 0), SV(ACL_FLOAT8_E5M2, 0), SV(ACL_FLOAT8_E4M3FN, 0), SV(ACL_FLOAT8_E8M0, 0),
    SV(ACL_FLOAT6_E3M2, 0), SV(ACL_FLOAT6_E2M3, 0), SV(ACL_FLOAT4_E2M1, 0), SV(ACL_FLOAT4_E1M2, 0),
};
/* clang-format on */

/* x > 0 everywhere: gradInput = gradOutput * scale.ToFloat(), one fp32 rounding, so exact. */
START_TEST(test_scalar_scale_exact)
{
    static const double dy[6] = {0.5, -1.0, 1.5, -2.0, 0.125, 1.0}, x[6] = {1, 2, 0.5, 1, 3, 0.25};
    const sdesc *s = &k_scalar_values[_i];
    elu_call c;
    elu_run r;
    base_exp(&c);
    c.t[T_DY].values = dy;
    c.t[T_X].values = x;
    c.s[S_SCALE] = *s;
    run_ok_at(&r, &c, __LINE__);
    float sf = scalar_to_float(s);
    for (int i = 0; i < 6; ++i) {
        float want = (float)dy[i] * sf;
        ck_assert_msg(((const float *)r.buf[T_OUT])[i] == want, "dtype %d element %d: %.9g, expected %.9g", (int)s->dt,
                      i, (double)((const float *)r.buf[T_OUT])[i], (double)want);
    }
    run_release(&r);
}
END_TEST

/* All three scalars of one dtype, both modes, checked against the reference. */
/* clang-format off */ /* a table: one row per line */
static const sdesc k_scalar_triples[][3] = {
    {SV(ACL_UINT8, 2), SV(ACL_UINT8, 3), SV(ACL_UINT8, 1)},
    {SV(ACL_INT64, 2), SV(ACL_INT64, 1), SV(ACL_INT64, 2)},
    {SV(ACL_BOOL, 1), SV(ACL_BOOL, 1), SV(ACL_BOOL, 1)},
    {SV(ACL_DOUBLE, 1.3), SV(ACL_DOUBLE, 0.7), SV(ACL_DOUBLE, 1.1)},
    {SV(ACL_FLOAT16, 1.5), SV(ACL_FLOAT16, 0.8), SV(ACL_FLOAT16, 1.2)},
    {SV(ACL_BF16, 0.6), SV(ACL_BF16, 1.4), SV(ACL_BF16, 0.9)},
    {SV(ACL_INT8, 3), SV(ACL_INT16, 2), SV(ACL_UINT16, 1)},
    {SV(ACL_INT32, 2), SV(ACL_UINT32, 2), SV(ACL_UINT64, 3)},
    {SV(ACL_BOOL, 0), SV(ACL_FLOAT, 1.5), SV(ACL_FLOAT8_E4M3FN, 0)},
};
/* clang-format on */

START_TEST(test_scalar_triples)
{
    elu_call c;
    base_exp(&c);
    memcpy(c.s, k_scalar_triples[_i], sizeof c.s);
    EXPECT_OK(&c);
    c.is_result = true;
    EXPECT_OK(&c);
}
END_TEST

/* The scalar's value is copied at creation. */
START_TEST(test_scalar_copied)
{
    const int64_t shape[1] = {2};
    float dy[2] = {1.5f, -2.0f}, x[2] = {1.0f, 2.0f}, out[2] = {0, 0};
    float scale = 3.0f, one = 1.0f;
    aclScalar *s_scale = aclCreateScalar(&scale, ACL_FLOAT), *s_one = aclCreateScalar(&one, ACL_FLOAT);
    aclTensor *t_dy = acpu_test_tensor(ACL_FLOAT, shape, 1, dy), *t_x = acpu_test_tensor(ACL_FLOAT, shape, 1, x);
    aclTensor *t_out = acpu_test_tensor(ACL_FLOAT, shape, 1, out);
    uint64_t ws = 1;
    aclOpExecutor *exec = NULL;
    scale = 100.0f;
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(t_dy, s_one, s_scale, s_one, false, t_x, t_out, &ws, &exec),
                     ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, exec, NULL), ACLNN_SUCCESS);
    ck_assert_float_eq(out[0], 4.5f);
    ck_assert_float_eq(out[1], -6.0f);
    ck_assert_int_eq(aclDestroyTensor(t_dy) + aclDestroyTensor(t_x) + aclDestroyTensor(t_out), 0);
    ck_assert_int_eq(aclDestroyScalar(s_scale) + aclDestroyScalar(s_one), 0);
}
END_TEST

/* ---- nothing on stdout ------------------------------------------------------------------------ */

static void run_mixed_calls(void)
{
    elu_call c;
    base_main(&c);
    c.f[A_DY] = ACPU_TEST_F_NULL;
    EXPECT_FAIL(&c, NULLPTR, "gradOutput");
    f_all_double(&c);
    EXPECT_FAIL(&c, INVALID, "gradOutput");
    f_dead_x(&c);
    EXPECT_FAIL(&c, INVALID, "selfOrResult");
    ok_fractal_nz(&c); /* logs a precision warning: not on stdout */
    EXPECT_OK(&c);
    ok_uncontiguous(&c);
    EXPECT_OK(&c);
    (void)aclnnEluBackward(NULL, 0, NULL, NULL);
}

START_TEST(test_stdout_silent)
{
    acpu_test_capture cap = acpu_test_stdout_capture();
    run_mixed_calls();
    long long bytes = acpu_test_stdout_bytes(cap);
    ck_assert_msg(bytes == 0, "the library wrote %lld bytes to stdout", bytes);
}
END_TEST

/* ---- ACLNN_CPU_VERBOSE (a child process: the environment is read once per process) ------------ */

/* The child: one {2,2} FLOAT call, isResult true, with whatever environment it was given. */
static int verbose_child(void)
{
    const int64_t shape[2] = {2, 2};
    float dy[4] = {1, -1, 2, -2}, x[4] = {1, -1, 0.5f, -0.5f}, out[4];
    aclTensor *t_dy = acpu_test_tensor(ACL_FLOAT, shape, 2, dy), *t_x = acpu_test_tensor(ACL_FLOAT, shape, 2, x);
    aclTensor *t_out = acpu_test_tensor(ACL_FLOAT, shape, 2, out);
    aclScalar *one = acpu_test_scalar_f32(1.0f);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    if (aclnnEluBackwardGetWorkspaceSize(t_dy, one, one, one, true, t_x, t_out, &ws, &exec) != 0 || ws != 0)
        return 2;
    if (aclnnEluBackward(NULL, 0, exec, NULL) != 0)
        return 3;
    return (aclDestroyTensor(t_dy) | aclDestroyTensor(t_x) | aclDestroyTensor(t_out) | aclDestroyScalar(one)) ? 4 : 0;
}

/* Runs this executable as the child with the given variables set (NULL value: unset). */
static void run_child(const char *verbose, const char *soc, const char *threads, char *out, char *err, size_t cap)
{
    static const char *const argv[] = {"test_elu_api", CHILD_FLAG, NULL};
    const acpu_test_env env[3] = {
        {"ACLNN_CPU_VERBOSE", verbose}, {"ACLNN_CPU_SOC", soc}, {"ACLNN_CPU_NUM_THREADS", threads}};
    acpu_test_run_self(argv, env, 3, out, err, cap);
}

static const char *const k_sch_names[] = {"SAFE_EXP",           "SAFE_RESULT",        "SINGLE_TILE_EXP",
                                          "SINGLE_TILE_RESULT", "MIXED_EXP_FAST",     "MIXED_RESULT_FAST",
                                          "FLOAT16_EXP_FAST",   "FLOAT16_RESULT_FAST"};

static bool known_sch(const char *s)
{
    for (size_t i = 0; i < N_ELEMS(k_sch_names); ++i)
        if (strcmp(s, k_sch_names[i]) == 0)
            return true;
    return false;
}

/* The single "exec" line of `err` has BEHAVIOUR.md's format. */
static void check_exec_line(const char *err, const char *profile)
{
    char prefix[160];
    snprintf(prefix, sizeof prefix,
             "aclnn_cpu: exec op=EluBackward dtypes=float32,float32->float32 shape=2x2 profile=%s sch=", profile);
    const char *line = acpu_test_exec_line(err, prefix);
    char sch[32], isa[16];
    unsigned cores = 0, tile = 0, threads = 0;
    double us = -1;
    int end = -1;
    int got = sscanf(line + strlen(prefix), "%31s cores=%u tile=%u isa=%15s threads=%u time_us=%lf%n", sch, &cores,
                     &tile, isa, &threads, &us, &end);
    ck_assert_msg(got == 6, "exec line \"%s\" does not parse (%d fields)", line, got);
    const char *rest = line + strlen(prefix) + end;
    ck_assert_msg(*rest == '\n' || *rest == '\0', "trailing text in exec line \"%s\"", line);
    ck_assert_msg(known_sch(sch), "unknown sch %s", sch);
    acpu_test_assert_isa_token(isa);
    ck_assert_uint_ge(cores, 1);
    ck_assert_uint_ge(tile, 1);
    ck_assert_uint_ge(threads, 1);
    ck_assert(us >= 0);
}

enum { CAP = 8192 };

START_TEST(test_verbose_line)
{
    static char out[CAP], err[CAP];
    run_child("1", NULL, NULL, out, err, CAP);
    ck_assert_str_eq(out, "");
    check_exec_line(err, "host");
    run_child("1", "Ascend910B", NULL, out, err, CAP);
    ck_assert_str_eq(out, "");
    check_exec_line(err, "Ascend910B");
}
END_TEST

START_TEST(test_verbose_off)
{
    static char out[CAP], err[CAP];
    run_child(NULL, NULL, NULL, out, err, CAP);
    ck_assert_str_eq(out, "");
    ck_assert_ptr_null(strstr(err, "aclnn_cpu: exec"));
}
END_TEST

/* Invalid environment values are ignored (profile host) and reported under ACLNN_CPU_VERBOSE=1. */
START_TEST(test_verbose_invalid_env)
{
    static char out[CAP], err[CAP];
    run_child("1", "NoSuchSoc", "-3", out, err, CAP);
    ck_assert_str_eq(out, "");
    check_exec_line(err, "host");
    ck_assert_msg(strstr(err, "ACLNN_CPU_SOC") != NULL, "invalid ACLNN_CPU_SOC not reported: \"%s\"", err);
    ck_assert_msg(strstr(err, "ACLNN_CPU_NUM_THREADS") != NULL, "invalid ACLNN_CPU_NUM_THREADS not reported: \"%s\"",
                  err);
}
END_TEST

/* ---- suite ------------------------------------------------------------------------------------ */

static Suite *elu_api_suite(void)
{
    Suite *s = suite_create("elu_api");
    TCase *ok = tcase_create("success");
    tcase_add_loop_test(ok, test_ok_cases, 0, (int)N_ELEMS(k_ok_cases));
    tcase_add_test(ok, test_valuerange);
    tcase_add_test(ok, test_specific_values);
    tcase_add_test(ok, test_zero_dim);
    tcase_add_test(ok, test_empty_writes_nothing);
    tcase_add_loop_test(ok, test_soc_dtypes, 0, (int)N_ELEMS(k_soc_cases));
    tcase_add_test(ok, test_bf16_output_on_ascend910);
    tcase_add_test(ok, test_alpha_tiny_negative);
    tcase_add_loop_test(ok, test_good_out_dtypes, 0, (int)N_ELEMS(k_good_out_dtypes));
    suite_add_tcase(s, ok);

    TCase *fail = tcase_create("failure");
    tcase_add_loop_test(fail, test_fail_cases, 0, (int)N_ELEMS(k_fail_cases));
    tcase_add_loop_test(fail, test_bad_input_dtypes, 0, (int)N_ELEMS(k_bad_input_dtypes));
    tcase_add_loop_test(fail, test_bad_out_dtypes, 0, (int)N_ELEMS(k_bad_out_dtypes));
    tcase_add_loop_test(fail, test_order_cases, 0, (int)N_ELEMS(k_order_cases));
    suite_add_tcase(s, fail);

    TCase *sc = tcase_create("scalars");
    tcase_add_loop_test(sc, test_scalar_scale_exact, 0, (int)N_ELEMS(k_scalar_values));
    tcase_add_loop_test(sc, test_scalar_triples, 0, (int)N_ELEMS(k_scalar_triples));
    tcase_add_test(sc, test_scalar_copied);
    suite_add_tcase(s, sc);

    TCase *io = tcase_create("output");
    tcase_add_test(io, test_stdout_silent);
    tcase_add_test(io, test_verbose_line);
    tcase_add_test(io, test_verbose_off);
    tcase_add_test(io, test_verbose_invalid_env);
    suite_add_tcase(s, io);
    return s;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], CHILD_FLAG) == 0)
        return verbose_child(); /* a separate process started by test_verbose_*; runs no Check */
    return acpu_test_main(elu_api_suite());
}
