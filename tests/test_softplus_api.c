/* aclnnSoftplusBackward API: every case of spec 3.8.1 / 3.8.2 with its status code, NULL and dead
 * handles, the validation order of doc/BEHAVIOUR.md (two faults per call: the earlier check wins),
 * the dtype tables per profile, ranks 0..9, broadcasting of gradOutput to self's shape, gradInput's
 * shape, empty tensors, the data/storage checks, unchecked scalar dtypes, "nothing written on
 * failure", error messages, phase 2, stdout silence and the ACLNN_CPU_VERBOSE line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_proc.h"
#include "acpu_test_tensor.h"
#include "aclnnop/aclnn_softplus_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define API "aclnnSoftplusBackwardGetWorkspaceSize"
#define CHILD_FLAG "--softplus-verbose-child"
#define MAX_RANK 10
#define SENTINEL_BYTE 0xA5 /* fill of gradInput before every call */
#define NULLPTR ACLNN_ERR_PARAM_NULLPTR
#define INVALID ACLNN_ERR_PARAM_INVALID

/* ---- call description ------------------------------------------------------------------------- */

/* Arguments in BEHAVIOUR.md's handle-check order, then the two out-pointers. */
enum { A_GO, A_SELF, A_BETA, A_THR, A_OUT, A_WS, A_EXEC, A_COUNT };
static const char *const k_arg_name[A_COUNT] = {"gradOutput", "self",          "beta",    "threshold",
                                                "gradInput",  "workspaceSize", "executor"};
enum { T_GO, T_SELF, T_OUT }; /* tensor index */
enum { S_BETA, S_THR };       /* scalar index */

typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t shape[MAX_RANK];
    const int64_t *strides; /* NULL: row-major */
    int64_t offset;
    uint64_t storage_rank; /* with has_storage; 0 means "no storage shape" */
    int64_t storage[MAX_RANK];
    bool has_storage; /* false: storage = view shape */
    bool null_data;
} tdesc;

typedef struct {
    aclDataType dt;
    double v; /* encoded in dt */
} sdesc;

typedef struct {
    tdesc t[3];
    sdesc s[2];
    acpu_test_fault f[A_COUNT];
    const char *soc; /* NULL: "host" */
} sp_call;

static void set_shape(sp_call *c, int which, uint64_t rank, const int64_t *shape)
{
    c->t[which].rank = rank;
    for (uint64_t i = 0; i < rank; ++i)
        c->t[which].shape[i] = shape[i];
}

static void set_shape_all(sp_call *c, uint64_t rank, const int64_t *shape)
{
    for (int i = 0; i < 3; ++i)
        set_shape(c, i, rank, shape);
}

static void set_dtype_all(sp_call *c, aclDataType dt)
{
    for (int i = 0; i < 3; ++i)
        c->t[i].dt = dt;
}

/* Spec 3.8.1 defaults: {2,3} FLOAT ND everywhere, beta = threshold = 0.0f. */
static void base_main(sp_call *c)
{
    memset(c, 0, sizeof *c);
    set_shape_all(c, 2, (const int64_t[]){2, 3});
    set_dtype_all(c, ACL_FLOAT);
    c->s[S_BETA] = (sdesc){ACL_FLOAT, 0.0};
    c->s[S_THR] = (sdesc){ACL_FLOAT, 0.0};
}

/* beta 1, threshold 1.5: with self in [-4, 4] (pattern()) both branches occur. */
static void base_attrs(sp_call *c)
{
    base_main(c);
    c->s[S_BETA].v = 1.0;
    c->s[S_THR].v = 1.5;
}

/* ---- building the call ------------------------------------------------------------------------ */

typedef struct {
    sp_call c;
    aclTensor *t[3];
    aclScalar *s[2];
    bool dead_t[3], dead_s[2];
    unsigned char *buf[3], *snap[3];
    size_t bytes[3]; /* storage bytes (the guard follows) */
    int64_t strides[3][MAX_RANK];
    uint64_t ws;
    aclOpExecutor *exec;
} sp_run;

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

static bool is_unsigned(aclDataType dt)
{
    return dt == ACL_UINT8 || dt == ACL_BOOL || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64;
}

/* gradOutput values in [-2, 2]; self values in [-4, 4] (both branches of z > 1.5 with beta 1),
 * non-negative for unsigned dtypes (a negative double converted to unsigned is undefined). */
static double pattern(int which, aclDataType dt, int64_t i)
{
    double v = which == T_GO ? (double)((i * 7 + 3) % 17 - 8) / 4.0 : (double)((i * 5 + 1) % 13 - 6) * 2.0 / 3.0;
    return is_unsigned(dt) ? fabs(v) : v;
}

static void alloc_tensor_buf(sp_run *r, int which)
{
    const tdesc *d = &r->c.t[which];
    int64_t n = storage_numel(d);
    r->bytes[which] = (size_t)n * acpu_test_esize(d->dt);
    r->buf[which] = acpu_test_guarded_alloc(r->bytes[which], SENTINEL_BYTE);
    for (int64_t i = 0; which != T_OUT && i < n; ++i)
        acpu_test_store(d->dt, r->buf[which], (size_t)i, pattern(which, d->dt, i));
    r->snap[which] = acpu_test_snapshot(r->buf[which], r->bytes[which]);
}

static aclTensor *make_tensor(sp_run *r, int which)
{
    const tdesc *d = &r->c.t[which];
    fill_strides(d, r->strides[which]);
    const int64_t *storage = d->has_storage ? d->storage : d->shape;
    uint64_t storage_rank = d->has_storage ? d->storage_rank : d->rank;
    return aclCreateTensor(d->rank ? d->shape : NULL, d->rank, d->dt, d->rank ? r->strides[which] : NULL, d->offset,
                           ACL_FORMAT_ND, storage_rank ? storage : NULL, storage_rank,
                           d->null_data ? NULL : r->buf[which]);
}

/* A non-zero imaginary part for complex scalars: ToFloat must take the real part alone. */
static aclScalar *make_scalar(const sdesc *s) { return acpu_test_scalar(s->dt, s->v, 0.5); }

static void apply_handle_faults(sp_run *r)
{
    static const int k_tensor_arg[3] = {A_GO, A_SELF, A_OUT}, k_scalar_arg[2] = {A_BETA, A_THR};
    for (int i = 0; i < 3; ++i)
        if (r->c.f[k_tensor_arg[i]] == ACPU_TEST_F_DEAD) {
            ck_assert_int_eq(aclDestroyTensor(r->t[i]), ACLNN_SUCCESS);
            r->dead_t[i] = true;
        }
    for (int i = 0; i < 2; ++i)
        if (r->c.f[k_scalar_arg[i]] == ACPU_TEST_F_DEAD) {
            ck_assert_int_eq(aclDestroyScalar(r->s[i]), ACLNN_SUCCESS);
            r->dead_s[i] = true;
        }
}

static void run_setup(sp_run *r, const sp_call *c)
{
    memset(r, 0, sizeof *r);
    r->c = *c;
    ck_assert_int_eq(aclnnCpuSetPlatform(c->soc ? c->soc : "host", 0, 0), ACL_SUCCESS);
    for (int i = 0; i < 3; ++i) {
        alloc_tensor_buf(r, i);
        r->t[i] = make_tensor(r, i);
        ck_assert_ptr_nonnull(r->t[i]);
    }
    for (int i = 0; i < 2; ++i) {
        r->s[i] = make_scalar(&c->s[i]);
    }
    apply_handle_faults(r);
}

/* The pointer passed for argument a, after its fault. */
static const void *arg_ptr(const sp_run *r, int a, const void *good, const void *other_kind)
{
    return acpu_test_fault_ptr(r->c.f[a], good, other_kind);
}

static aclnnStatus run_phase1(sp_run *r)
{
    const aclScalar *sc = r->s[S_BETA];
    const aclTensor *tn = r->t[T_GO];
    return aclnnSoftplusBackwardGetWorkspaceSize(
        arg_ptr(r, A_GO, r->t[T_GO], sc), arg_ptr(r, A_SELF, r->t[T_SELF], sc), arg_ptr(r, A_BETA, r->s[S_BETA], tn),
        arg_ptr(r, A_THR, r->s[S_THR], tn), (aclTensor *)arg_ptr(r, A_OUT, r->t[T_OUT], sc),
        r->c.f[A_WS] == ACPU_TEST_F_NULL ? NULL : &r->ws, r->c.f[A_EXEC] == ACPU_TEST_F_NULL ? NULL : &r->exec);
}

static aclnnStatus run_phase2(sp_run *r) { return acpu_test_run_phase2(aclnnSoftplusBackward, r->ws, r->exec); }

static void run_release(sp_run *r)
{
    for (int i = 0; i < 3; ++i) {
        if (!r->dead_t[i])
            ck_assert_int_eq(aclDestroyTensor(r->t[i]), ACLNN_SUCCESS);
        free(r->buf[i]);
        free(r->snap[i]);
    }
    for (int i = 0; i < 2; ++i)
        if (!r->dead_s[i])
            ck_assert_int_eq(aclDestroyScalar(r->s[i]), ACLNN_SUCCESS);
}

static const char *tensor_name(int which)
{
    return k_arg_name[which == T_GO ? A_GO : which == T_SELF ? A_SELF : A_OUT];
}

/* Bytes of tensor `which` (storage and guard) equal what was there before the call. */
static void expect_buffer_unchanged(const sp_run *r, int which, int line)
{
    acpu_test_expect_unchanged(r->buf[which], r->snap[which], r->bytes[which], tensor_name(which), line);
}

/* Phase 1 fails with `code`, the message names `arg` (and not `not_arg`), nothing is written.
 * `line` locates the case: a source line, or 1000 + index in k_fail_cases, 2000 + index in
 * k_order_cases, 3000 + index in a dtype or shape table. */
static void expect_fail_at(const sp_call *c, aclnnStatus code, const char *arg, const char *not_arg, int line)
{
    sp_run r;
    run_setup(&r, c);
    aclnnStatus st = run_phase1(&r);
    ACPU_TEST_EXPECT(st == code, "at %d: status %d, expected %d (%s)", line, st, code, aclGetRecentErrMsg());
    for (int i = 0; i < 3; ++i)
        expect_buffer_unchanged(&r, i, line);
    acpu_test_expect_msg_at(API, arg, not_arg, line);
    acpu_test_expect_garbage_intact(line);
    run_release(&r);
}
#define EXPECT_FAIL(c, code, arg) expect_fail_at((c), (code), (arg), NULL, __LINE__)

/* ---- checking results ------------------------------------------------------------------------- */

/* Reference gradInput in double from the stored inputs (z rounded as the compute type rounds it). */
static double ref_softplus(const sp_call *c, double go, double x)
{
    bool dbl = acpu_test_softplus_compute_dt(c->t[T_GO].dt, c->t[T_SELF].dt) == ACL_DOUBLE;
    const sdesc *b = &c->s[S_BETA], *t = &c->s[S_THR];
    double beta = acpu_test_scalar_value(b->dt, b->v, dbl), thr = acpu_test_scalar_value(t->dt, t->v, dbl);
    double z = dbl ? beta * x : (double)(float)(beta * (double)(float)x);
    if (z > thr)
        return go;
    double e = exp(-z);
    if (!dbl && e > 0x1.fffffep127)
        e = INFINITY;
    return go / (1.0 + e);
}

/* Storage index of gradOutput's element for output element `lin` (numpy broadcasting). */
static int64_t bcast_index(const tdesc *d, const int64_t *st, const tdesc *out, int64_t lin)
{
    int64_t off = d->offset;
    for (uint64_t k = out->rank; k-- > 0;) {
        int64_t coord = lin % out->shape[k];
        lin /= out->shape[k];
        int64_t dd = (int64_t)k - (int64_t)(out->rank - d->rank);
        if (dd >= 0 && d->shape[dd] != 1)
            off += coord * st[dd];
    }
    return off;
}

static void check_element(const sp_run *r, int64_t lin, bool *covered)
{
    const tdesc *t = r->c.t;
    aclDataType ct = acpu_test_softplus_compute_dt(t[T_GO].dt, t[T_SELF].dt), out = t[T_OUT].dt;
    int64_t o = bcast_index(&t[T_OUT], r->strides[T_OUT], &t[T_OUT], lin);
    double go = acpu_test_load(t[T_GO].dt, r->buf[T_GO],
                               (size_t)bcast_index(&t[T_GO], r->strides[T_GO], &t[T_OUT], lin));
    double x = acpu_test_load(t[T_SELF].dt, r->buf[T_SELF],
                              (size_t)bcast_index(&t[T_SELF], r->strides[T_SELF], &t[T_OUT], lin));
    double ref = ref_softplus(&r->c, go, x);
    double got = acpu_test_load(out, r->buf[T_OUT], (size_t)o);
    covered[o] = true;
    if (isnan(ref)) {
        ACPU_TEST_EXPECT(isnan(got), "element %lld: got %.9g, expected NaN", (long long)lin, got);
        return;
    }
    int man_c = acpu_test_man_bits(ct), man_o = acpu_test_man_bits(out);
    int bits = man_c < man_o ? man_c : man_o;
    double tiny_c = ldexp(1.0, acpu_test_min_exp(ct) - man_c), tiny_o = ldexp(1.0, acpu_test_min_exp(out) - man_o);
    double tol = 4.0 * ldexp(fabs(ref), -bits) + (tiny_c > tiny_o ? tiny_c : tiny_o);
    ACPU_TEST_EXPECT(fabs(got - ref) <= tol || got == ref,
                     "element %lld (gradOutput %.9g, self %.9g): got %.9g, expected %.9g (tol %.3g)", (long long)lin,
                     go, x, got, ref, tol);
}

/* Every view element is right; storage elements outside the view, the guard and the inputs untouched. */
static void check_output(const sp_run *r)
{
    const tdesc *d = &r->c.t[T_OUT];
    int64_t n = acpu_test_numel(d->shape, d->rank), sn = storage_numel(d);
    size_t es = acpu_test_esize(d->dt);
    bool *covered = calloc((size_t)sn + 1, 1);
    ck_assert_ptr_nonnull(covered);
    for (int64_t i = 0; i < n; ++i)
        check_element(r, i, covered);
    acpu_test_expect_uncovered_unchanged(r->buf[T_OUT], r->snap[T_OUT], r->bytes[T_OUT], es, covered, sn);
    expect_buffer_unchanged(r, T_GO, __LINE__);
    expect_buffer_unchanged(r, T_SELF, __LINE__);
    free(covered);
}

static bool same_shape(const tdesc *a, const tdesc *b)
{
    return a->rank == b->rank && memcmp(a->shape, b->shape, a->rank * sizeof a->shape[0]) == 0;
}

/* BEHAVIOUR.md: workspace 0 when nothing is staged (dense tensors of the compute dtype, no broadcast). */
static bool nothing_staged(const sp_call *c)
{
    aclDataType ct = acpu_test_softplus_compute_dt(c->t[T_GO].dt, c->t[T_SELF].dt);
    for (int i = 0; i < 3; ++i)
        if (c->t[i].strides != NULL || c->t[i].dt != ct)
            return false;
    return same_shape(&c->t[T_GO], &c->t[T_SELF]);
}

static bool any_empty(const sp_call *c)
{
    for (int i = 0; i < 3; ++i)
        if (acpu_test_numel(c->t[i].shape, c->t[i].rank) == 0)
            return true;
    return false;
}

/* Both phases succeed; workspace per BEHAVIOUR.md; the output is checked. Leaves r alive. */
static void run_ok_at(sp_run *r, const sp_call *c, int line)
{
    run_setup(r, c);
    aclnnStatus st = run_phase1(r);
    ACPU_TEST_EXPECT(st == ACLNN_SUCCESS, "at %d: phase 1 status %d (%s)", line, st, aclGetRecentErrMsg());
    ACPU_TEST_EXPECT(r->exec != NULL, "at %d: no executor", line);
    if (any_empty(c) || nothing_staged(c))
        ACPU_TEST_EXPECT(r->ws == 0, "at %d: workspace %llu, expected 0", line, (unsigned long long)r->ws);
    st = run_phase2(r);
    ACPU_TEST_EXPECT(st == ACLNN_SUCCESS, "at %d: phase 2 status %d (%s)", line, st, aclGetRecentErrMsg());
    if (any_empty(c)) {
        for (int i = 0; i < 3; ++i)
            expect_buffer_unchanged(r, i, line);
    } else {
        check_output(r);
    }
}

static void expect_ok_at(const sp_call *c, int line)
{
    sp_run r;
    run_ok_at(&r, c, line);
    run_release(&r);
}
#define EXPECT_OK(c) expect_ok_at((c), __LINE__)

/* ---- spec 3.8.1 / 3.8.2 ----------------------------------------------------------------------- */

typedef void (*mutator)(sp_call *c);
#define MUTATOR(name, base, ...) \
    static void name(sp_call *c) \
    {                            \
        base(c);                 \
        __VA_ARGS__;             \
    }

static const int64_t k_9d[9] = {2, 3, 1, 1, 1, 1, 1, 1, 1};
static const int64_t k_strides_2_1[2] = {2, 1};

MUTATOR(ut_grad_nullptr, base_main, c->f[A_GO] = ACPU_TEST_F_NULL)
MUTATOR(ut_self_nullptr, base_main, c->f[A_SELF] = ACPU_TEST_F_NULL)
MUTATOR(ut_out_nullptr, base_main, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(ut_grad_int32, base_main, c->t[T_GO].dt = ACL_INT32)
MUTATOR(ut_self_complex64, base_main, c->t[T_SELF].dt = ACL_COMPLEX64)
MUTATOR(ut_out_int32, base_main, c->t[T_OUT].dt = ACL_INT32)
MUTATOR(ut_self_9d, base_main, set_shape(c, T_SELF, 9, k_9d))
MUTATOR(ut_grad_9d, base_main, set_shape(c, T_GO, 9, k_9d))
MUTATOR(ut_grad_self_shape, base_main, set_shape(c, T_GO, 3, (const int64_t[]){2, 3, 1}))
MUTATOR(ut_self_out_shape, base_main, set_shape(c, T_OUT, 3, (const int64_t[]){2, 3, 1}))
MUTATOR(ut_empty, base_main, set_shape_all(c, 1, (const int64_t[]){0}))
MUTATOR(ut_empty_2_0_3, base_main, set_shape_all(c, 3, (const int64_t[]){2, 0, 3}))
MUTATOR(ut_normal_float32, base_main, (void)0)
MUTATOR(ut_bf16_910b, base_main, set_dtype_all(c, ACL_BF16), c->soc = "Ascend910B")
MUTATOR(ut_self_int32, base_main, c->t[T_SELF].dt = ACL_INT32)
/* normal_self_discontiguous: self view {2,3}, strides {2,1}, offset 0, storage {3,2}. */
MUTATOR(ut_self_discontiguous, base_main, c->t[T_SELF].strides = k_strides_2_1, c->t[T_SELF].has_storage = true,
        c->t[T_SELF].storage_rank = 2, c->t[T_SELF].storage[0] = 3, c->t[T_SELF].storage[1] = 2)

typedef struct {
    mutator make;
    aclnnStatus code;    /* 0: both phases succeed, output checked */
    const char *arg;     /* must appear in the message */
    const char *not_arg; /* must not (the check that should have lost); may be NULL */
} api_case;

/* clang-format off */ /* a table: one row per line */
static const api_case k_ut_cases[] = {
    {ut_grad_nullptr, NULLPTR, "gradOutput", NULL},
    {ut_self_nullptr, NULLPTR, "self", NULL},
    {ut_out_nullptr, NULLPTR, "gradInput", NULL},
    {ut_grad_int32, INVALID, "gradOutput", NULL},
    {ut_self_complex64, INVALID, "self", NULL},
    {ut_out_int32, INVALID, "gradInput", NULL},
    {ut_self_9d, INVALID, "self", NULL},
    {ut_grad_9d, INVALID, "gradOutput", NULL},
    {ut_grad_self_shape, INVALID, "gradOutput", NULL},
    {ut_self_out_shape, INVALID, "gradInput", NULL},
    {ut_empty, 0, NULL, NULL},
    {ut_empty_2_0_3, 0, NULL, NULL},
    {ut_normal_float32, 0, NULL, NULL},
    {ut_bf16_910b, 0, NULL, NULL},
    {ut_self_int32, 0, NULL, NULL},
    {ut_self_discontiguous, 0, NULL, NULL},
};
/* clang-format on */

static void run_api_case(const api_case *k, int id)
{
    sp_call c;
    k->make(&c);
    if (k->code == 0)
        expect_ok_at(&c, id);
    else
        expect_fail_at(&c, k->code, k->arg, k->not_arg, id);
}

START_TEST(test_spec_ut_cases)
{
    run_api_case(&k_ut_cases[_i], 1000 + _i);
}
END_TEST

/* Every element of the 6-element FLOAT run is gradOutput / 2 (z = 0 is not above a threshold >= 0). */
static void expect_half_of_grad(const sp_run *r)
{
    for (int i = 0; i < 6; ++i) {
        float go = ((const float *)r->buf[T_GO])[i], got = ((const float *)r->buf[T_OUT])[i];
        ACPU_TEST_EXPECT(got == go * 0.5f, "element %d: %a, expected %a", i, (double)got, (double)(go * 0.5f));
    }
}

/* beta = threshold = 0 (the UT attributes): z = 0 is not > 0, so every element is gradOutput / 2. */
START_TEST(test_spec_ut_values)
{
    sp_call c;
    sp_run r;
    base_main(&c);
    run_ok_at(&r, &c, __LINE__);
    expect_half_of_grad(&r);
    run_release(&r);
}
END_TEST

/* Spec 3.8.2: {2,3} FLOAT, beta 0.0, threshold 20.0 (factor 0.5), the UT's values. */
START_TEST(test_spec_experimental_ut)
{
    const int64_t shape[2] = {2, 3};
    float go[6] = {-1.023f, 2023.08f, 3.14f, 10987654321.0f, 0.0f, -0.0f}, x[6], out[6] = {0};
    memcpy(x, go, sizeof x);
    aclTensor *t_go = acpu_test_tensor(ACL_FLOAT, shape, 2, go), *t_x = acpu_test_tensor(ACL_FLOAT, shape, 2, x);
    aclTensor *t_out = acpu_test_tensor(ACL_FLOAT, shape, 2, out);
    aclScalar *beta = acpu_test_scalar_f32(0.0f), *thr = acpu_test_scalar_f32(20.0f);
    ck_assert(t_go && t_x && t_out && beta && thr);
    uint64_t ws = 7;
    aclOpExecutor *ex = NULL;
    ck_assert_int_eq(aclnnSoftplusBackwardGetWorkspaceSize(t_go, t_x, beta, thr, t_out, &ws, &ex), ACLNN_SUCCESS);
    ck_assert_uint_eq(ws, 0);
    ck_assert_int_eq(aclnnSoftplusBackward(NULL, 0, ex, NULL), ACLNN_SUCCESS);
    for (int i = 0; i < 6; ++i)
        ACPU_TEST_EXPECT(out[i] == go[i] * 0.5f && signbit(out[i]) == signbit(go[i]), "element %d: %a, expected %a", i,
                         (double)out[i], (double)(go[i] * 0.5f));
    ck_assert_int_eq(aclDestroyTensor(t_go) | aclDestroyTensor(t_x) | aclDestroyTensor(t_out), 0);
    ck_assert_int_eq(aclDestroyScalar(beta) | aclDestroyScalar(thr), 0);
}
END_TEST

/* ---- dtype tables ----------------------------------------------------------------------------- */

static const aclDataType k_float_dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16};
static const aclDataType k_self_ok[] = {ACL_INT8, ACL_INT16,   ACL_INT32, ACL_INT64,  ACL_UINT8,
                                        ACL_BOOL, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16};
/* Refused everywhere (gradOutput and gradInput also refuse the integer and bool types). */
static const aclDataType k_never_ok[] = {ACL_UINT16,        ACL_UINT32,      ACL_UINT64,       ACL_COMPLEX64,
                                         ACL_COMPLEX128,    ACL_STRING,      ACL_DT_UNDEFINED, ACL_INT4,
                                         ACL_UINT1,         ACL_COMPLEX32,   ACL_HIFLOAT8,     ACL_FLOAT8_E5M2,
                                         ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E8M0, ACL_FLOAT6_E3M2,  ACL_FLOAT6_E2M3,
                                         ACL_FLOAT4_E2M1,   ACL_FLOAT4_E1M2, (aclDataType)5,   (aclDataType)99};
static const aclDataType k_int_dts[] = {ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL};

/* beta 1, threshold 1.5 (both branches); the tensor `which` gets dt, the others stay FLOAT. */
static void dtype_call(sp_call *c, int which, aclDataType dt, const char *soc)
{
    base_attrs(c);
    c->t[which].dt = dt;
    c->soc = soc;
}

START_TEST(test_dtype_go_ok)
{
    sp_call c;
    dtype_call(&c, T_GO, k_float_dts[_i], NULL);
    EXPECT_OK(&c);
    for (size_t s = 0; s < N_ELEMS(k_self_ok); ++s) { /* and against every self dtype */
        c.t[T_SELF].dt = k_self_ok[s];
        expect_ok_at(&c, 3000 + (int)s);
    }
}
END_TEST

START_TEST(test_dtype_self_ok)
{
    sp_call c;
    dtype_call(&c, T_SELF, k_self_ok[_i], NULL);
    EXPECT_OK(&c);
    c.t[T_GO].dt = ACL_FLOAT16;
    EXPECT_OK(&c);
}
END_TEST

START_TEST(test_dtype_out_ok)
{
    sp_call c;
    dtype_call(&c, T_OUT, k_float_dts[_i], NULL);
    EXPECT_OK(&c);
    c.t[T_SELF].dt = ACL_UINT8; /* integer self with any float gradInput (spec 4.3) */
    EXPECT_OK(&c);
}
END_TEST

START_TEST(test_dtype_refused)
{
    aclDataType dt = k_never_ok[_i];
    sp_call c;
    for (int w = 0; w < 3; ++w) {
        dtype_call(&c, w, dt, NULL);
        expect_fail_at(&c, INVALID, tensor_name(w), NULL, 3000 + w);
    }
}
END_TEST

/* Integer and bool dtypes: fine for self, refused for gradOutput and gradInput. */
START_TEST(test_dtype_int_refused)
{
    sp_call c;
    dtype_call(&c, T_GO, k_int_dts[_i], NULL);
    EXPECT_FAIL(&c, INVALID, "gradOutput");
    dtype_call(&c, T_OUT, k_int_dts[_i], NULL);
    EXPECT_FAIL(&c, INVALID, "gradInput");
    dtype_call(&c, T_SELF, k_int_dts[_i], NULL);
    EXPECT_OK(&c);
}
END_TEST

/* BF16 in each position per profile: refused only on Ascend910, whose other dtypes stay accepted. */
static const char *const k_socs[] = {"host", "Ascend910B", "Ascend910_93", "Ascend950", "Ascend910"};

START_TEST(test_dtype_bf16_profiles)
{
    const char *soc = k_socs[_i];
    bool refused = strcmp(soc, "Ascend910") == 0;
    sp_call c;
    for (int w = 0; w < 3; ++w) {
        dtype_call(&c, w, ACL_BF16, soc);
        if (refused)
            expect_fail_at(&c, INVALID, tensor_name(w), NULL, 3000 + w);
        else
            expect_ok_at(&c, 3000 + w);
    }
    dtype_call(&c, T_GO, ACL_BF16, soc); /* all three BF16 */
    set_dtype_all(&c, ACL_BF16);
    if (refused)
        EXPECT_FAIL(&c, INVALID, "gradOutput");
    else
        EXPECT_OK(&c);
    for (size_t d = 0; d < 3; ++d) { /* FLOAT, FLOAT16, DOUBLE everywhere */
        dtype_call(&c, T_GO, k_float_dts[d], soc);
        set_dtype_all(&c, k_float_dts[d]);
        expect_ok_at(&c, 3010 + (int)d);
    }
    for (size_t s = 0; s < N_ELEMS(k_self_ok); ++s) {
        dtype_call(&c, T_SELF, k_self_ok[s], soc);
        if (refused && k_self_ok[s] == ACL_BF16)
            expect_fail_at(&c, INVALID, "self", NULL, 3020 + (int)s);
        else
            expect_ok_at(&c, 3020 + (int)s);
    }
}
END_TEST

/* ---- ranks ------------------------------------------------------------------------------------ */

static const int64_t k_rank_dims[9] = {2, 3, 1, 2, 2, 1, 3, 2, 1};

/* _i = rank 0..8: all three tensors of that rank; then gradOutput broadcast (every other dim 1, and
 * with fewer dims). */
START_TEST(test_ranks_ok)
{
    sp_call c;
    base_attrs(&c);
    set_shape_all(&c, (uint64_t)_i, k_rank_dims);
    EXPECT_OK(&c);
    int64_t g[9];
    for (int d = 0; d < _i; ++d)
        g[d] = d % 2 ? 1 : k_rank_dims[d];
    set_shape(&c, T_GO, (uint64_t)_i, g);
    EXPECT_OK(&c);
    if (_i > 0) {
        set_shape(&c, T_GO, (uint64_t)(_i / 2), k_rank_dims + (_i - _i / 2));
        EXPECT_OK(&c);
    }
    c.t[T_SELF].dt = ACL_INT16;
    c.t[T_OUT].dt = ACL_DOUBLE;
    EXPECT_OK(&c);
}
END_TEST

/* Rank 9 (and 10) refused for each tensor, whatever the others are. */
START_TEST(test_ranks_refused)
{
    static const int64_t r10[10] = {1, 1, 1, 1, 1, 1, 1, 1, 2, 3};
    uint64_t rank = _i ? 10 : 9;
    const int64_t *shape = _i ? r10 : r10 + 1; /* {1,...,1,2,3}: broadcasts to {2,3} */
    sp_call c;
    base_attrs(&c);
    set_shape(&c, T_GO, rank, shape);
    EXPECT_FAIL(&c, INVALID, "gradOutput");
    base_attrs(&c);
    set_shape(&c, T_SELF, rank, shape);
    EXPECT_FAIL(&c, INVALID, "self");
    base_attrs(&c);
    set_shape(&c, T_OUT, rank, shape);
    EXPECT_FAIL(&c, INVALID, "gradInput");
    base_attrs(&c); /* self and gradInput of rank 9, gradOutput {2,3}: self's rank is refused */
    set_shape(&c, T_SELF, rank, shape);
    set_shape(&c, T_OUT, rank, shape);
    EXPECT_FAIL(&c, INVALID, "self");
}
END_TEST

/* ---- broadcasting ----------------------------------------------------------------------------- */

typedef struct {
    uint64_t go_rank;
    int64_t go[8];
    uint64_t self_rank;
    int64_t self[8];
    bool ok; /* broadcast(go, self) == self's shape */
} bcast_case;

/* clang-format off */ /* a table: one row per line */
static const bcast_case k_bcast[] = {
    {1, {3}, 2, {2, 3}, true},
    {2, {1, 3}, 2, {2, 3}, true},
    {2, {2, 1}, 2, {2, 3}, true},
    {2, {1, 1}, 2, {2, 3}, true},
    {0, {0}, 2, {2, 3}, true},
    {0, {0}, 0, {0}, true},
    {1, {1}, 2, {2, 3}, true},
    {3, {4, 1, 8}, 3, {4, 3, 8}, true},
    {3, {1, 3, 8}, 3, {4, 3, 8}, true},
    {1, {8}, 3, {4, 3, 8}, true},
    {2, {3, 1}, 3, {4, 3, 8}, true},
    {3, {1, 1, 1}, 3, {2, 3, 4}, true},
    {5, {2, 1, 4, 1, 3}, 5, {2, 5, 4, 6, 3}, true},
    {8, {1, 2, 1, 2, 1, 2, 1, 2}, 8, {2, 2, 2, 2, 2, 2, 2, 2}, true},
    {1, {2}, 8, {1, 1, 1, 1, 1, 1, 1, 2}, true},
    {0, {0}, 8, {2, 1, 2, 1, 2, 1, 2, 1}, true},
    {3, {1, 1, 65}, 2, {1, 65}, false}, /* result {1,1,65}: rank differs from self's */
    {1, {2}, 2, {2, 3}, false},
    {2, {3, 1}, 2, {2, 3}, false},
    {3, {1, 2, 3}, 2, {2, 3}, false},
    {3, {4, 1, 8}, 3, {1, 3, 8}, false},
    {2, {2, 3}, 2, {2, 1}, false},
    {2, {2, 3}, 1, {3}, false},
    {1, {1}, 0, {0}, false},
    {3, {2, 3, 1}, 2, {2, 3}, false},
    {4, {1, 1, 2, 3}, 2, {2, 3}, false},
    {1, {3}, 2, {2, 4}, false},
    {2, {2, 3}, 2, {3, 2}, false},
    {1, {0}, 1, {1}, false},
    {1, {2}, 1, {0}, false},
    {1, {0}, 0, {0}, false},
    {2, {0, 3}, 2, {2, 3}, false},
};
/* clang-format on */

/* Non-empty cases: values checked through the broadcast (host and Ascend910B, FLOAT and mixed). */
START_TEST(test_broadcast)
{
    const bcast_case *k = &k_bcast[_i];
    static const char *const socs[2] = {"host", "Ascend910B"};
    for (int v = 0; v < 4; ++v) {
        sp_call c;
        base_attrs(&c);
        set_shape(&c, T_GO, k->go_rank, k->go);
        set_shape(&c, T_SELF, k->self_rank, k->self);
        set_shape(&c, T_OUT, k->self_rank, k->self);
        c.soc = socs[v % 2];
        if (v >= 2) {
            c.t[T_GO].dt = ACL_FLOAT16;
            c.t[T_SELF].dt = ACL_FLOAT16;
            c.t[T_OUT].dt = v == 2 ? ACL_FLOAT16 : ACL_DOUBLE;
        }
        if (k->ok)
            expect_ok_at(&c, 3000 + _i);
        else
            expect_fail_at(&c, INVALID, "gradOutput", NULL, 3000 + _i);
    }
}
END_TEST

/* Broadcast cases with empty tensors: shapes are checked first, then nothing is done. */
/* clang-format off */ /* a table: one row per line */
static const bcast_case k_bcast_empty[] = {
    {1, {0}, 2, {2, 0}, true},
    {1, {1}, 1, {0}, true},
    {2, {1, 0}, 2, {3, 0}, true},
    {0, {0}, 1, {0}, true},
    {3, {2, 1, 3}, 3, {2, 0, 3}, true},
    {1, {2}, 2, {0, 3}, false},
    {2, {0, 3}, 2, {1, 3}, false},
    {1, {0}, 0, {0}, false},
};
/* clang-format on */

START_TEST(test_broadcast_empty)
{
    const bcast_case *k = &k_bcast_empty[_i];
    sp_call c;
    base_attrs(&c);
    set_shape(&c, T_GO, k->go_rank, k->go);
    set_shape(&c, T_SELF, k->self_rank, k->self);
    set_shape(&c, T_OUT, k->self_rank, k->self);
    if (k->ok)
        EXPECT_OK(&c);
    else
        EXPECT_FAIL(&c, INVALID, "gradOutput");
}
END_TEST

/* gradInput must have exactly self's shape (no broadcasting, no squeezing). */
typedef struct {
    uint64_t self_rank;
    int64_t self[4];
    uint64_t out_rank;
    int64_t out[4];
} out_shape_case;

/* clang-format off */ /* a table: one row per line */
static const out_shape_case k_out_shapes[] = {
    {2, {2, 3}, 3, {2, 3, 1}}, {2, {2, 3}, 1, {6}},    {2, {2, 3}, 2, {3, 2}},   {2, {1, 3}, 1, {3}},
    {0, {0}, 1, {1}},          {1, {1}, 0, {0}},       {2, {2, 3}, 2, {0, 3}},   {2, {0, 3}, 2, {2, 3}},
    {2, {2, 3}, 3, {1, 2, 3}}, {2, {2, 1}, 2, {2, 3}}, {1, {0}, 2, {1, 0}},
};
/* clang-format on */

START_TEST(test_out_shape_refused)
{
    const out_shape_case *k = &k_out_shapes[_i];
    sp_call c;
    base_attrs(&c);
    set_shape(&c, T_GO, 0, NULL); /* 0-dim gradOutput broadcasts to any self */
    set_shape(&c, T_SELF, k->self_rank, k->self);
    set_shape(&c, T_OUT, k->out_rank, k->out);
    EXPECT_FAIL(&c, INVALID, "gradInput");
    set_shape(&c, T_GO, k->self_rank, k->self); /* and with gradOutput of self's shape */
    EXPECT_FAIL(&c, INVALID, "gradInput");
}
END_TEST

/* ---- empty tensors ---------------------------------------------------------------------------- */

/* Workspace 0 and an executor whose phase 2 writes nothing (sentinel storage around an empty view). */
START_TEST(test_empty_writes_nothing)
{
    static const int64_t shapes[][3] = {{4, 0, 2}, {0, 1, 1}, {3, 5, 0}};
    for (int k = 0; k < 3; ++k) {
        sp_call c;
        sp_run r;
        base_attrs(&c);
        set_shape_all(&c, 3, shapes[k]);
        c.t[T_OUT].has_storage = true; /* storage of 16 elements behind the empty view */
        c.t[T_OUT].storage_rank = 1;
        c.t[T_OUT].storage[0] = 16;
        c.t[T_SELF].dt = k == 1 ? ACL_INT8 : ACL_FLOAT;
        c.t[T_OUT].dt = k == 2 ? ACL_DOUBLE : ACL_FLOAT;
        run_setup(&r, &c);
        ck_assert_int_eq(run_phase1(&r), ACLNN_SUCCESS);
        ck_assert_uint_eq(r.ws, 0);
        ck_assert_ptr_nonnull(r.exec);
        ck_assert_int_eq(aclnnSoftplusBackward(NULL, 0, r.exec, NULL), ACLNN_SUCCESS);
        for (int i = 0; i < 3; ++i)
            expect_buffer_unchanged(&r, i, __LINE__);
        run_release(&r);
    }
}
END_TEST

/* Empty calls skip the data checks (BEHAVIOUR.md step 5 precedes step 6): NULL data everywhere, and a
 * non-empty gradOutput {1} with NULL data against an empty self. */
MUTATOR(e_null_data_all, base_attrs, set_shape_all(c, 3, (const int64_t[]){2, 0, 3}), c->t[T_GO].null_data = true,
        c->t[T_SELF].null_data = true, c->t[T_OUT].null_data = true)
MUTATOR(e_null_data_go_nonempty, base_attrs, set_shape(c, T_GO, 1, (const int64_t[]){1}),
        set_shape(c, T_SELF, 1, (const int64_t[]){0}), set_shape(c, T_OUT, 1, (const int64_t[]){0}),
        c->t[T_GO].null_data = true)
MUTATOR(e_bf16_host, base_attrs, set_shape_all(c, 1, (const int64_t[]){0}), set_dtype_all(c, ACL_BF16))
MUTATOR(e_nan_attrs, base_attrs, set_shape_all(c, 2, (const int64_t[]){0, 5}), c->s[S_BETA].v = NAN,
        c->s[S_THR].v = -INFINITY)

static const mutator k_empty_ok[] = {e_null_data_all, e_null_data_go_nonempty, e_bf16_host, e_nan_attrs};

START_TEST(test_empty_ok)
{
    sp_call c;
    k_empty_ok[_i](&c);
    expect_ok_at(&c, 3000 + _i);
}
END_TEST

/* ---- failing cases, one fault each ------------------------------------------------------------ */

static const int64_t k_strides_3_2[2] = {3, 2};

MUTATOR(f_null_beta, base_main, c->f[A_BETA] = ACPU_TEST_F_NULL)
MUTATOR(f_null_thr, base_main, c->f[A_THR] = ACPU_TEST_F_NULL)
MUTATOR(f_null_ws, base_main, c->f[A_WS] = ACPU_TEST_F_NULL)
MUTATOR(f_null_exec, base_main, c->f[A_EXEC] = ACPU_TEST_F_NULL)
MUTATOR(f_dead_go, base_main, c->f[A_GO] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_self, base_main, c->f[A_SELF] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_beta, base_main, c->f[A_BETA] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_thr, base_main, c->f[A_THR] = ACPU_TEST_F_DEAD)
MUTATOR(f_dead_out, base_main, c->f[A_OUT] = ACPU_TEST_F_DEAD)
MUTATOR(f_foreign_go, base_main, c->f[A_GO] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_foreign_self, base_main, c->f[A_SELF] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_foreign_beta, base_main, c->f[A_BETA] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_foreign_thr, base_main, c->f[A_THR] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_foreign_out, base_main, c->f[A_OUT] = ACPU_TEST_F_FOREIGN)
MUTATOR(f_garbage_go, base_main, c->f[A_GO] = ACPU_TEST_F_GARBAGE)
MUTATOR(f_garbage_thr, base_main, c->f[A_THR] = ACPU_TEST_F_GARBAGE)
MUTATOR(f_garbage_out, base_main, c->f[A_OUT] = ACPU_TEST_F_GARBAGE)
MUTATOR(f_null_beta_empty, base_main, c->f[A_BETA] = ACPU_TEST_F_NULL, set_shape_all(c, 1, (const int64_t[]){0}))
MUTATOR(f_null_thr_empty, base_main, c->f[A_THR] = ACPU_TEST_F_NULL, set_shape_all(c, 1, (const int64_t[]){0}))
/* BEHAVIOUR.md step 6: NULL data of a non-empty tensor; views not fitting their storage. */
MUTATOR(f_null_data_go, base_attrs, c->t[T_GO].null_data = true)
MUTATOR(f_null_data_self, base_attrs, c->t[T_SELF].null_data = true)
MUTATOR(f_null_data_out, base_attrs, c->t[T_OUT].null_data = true)
MUTATOR(f_null_data_0dim, base_attrs, set_shape_all(c, 0, NULL), c->t[T_SELF].null_data = true)
MUTATOR(f_null_data_bcast_go, base_attrs, set_shape(c, T_GO, 2, (const int64_t[]){1, 3}), c->t[T_GO].null_data = true)
MUTATOR(f_storage_small_go, base_attrs, c->t[T_GO].has_storage = true, c->t[T_GO].storage_rank = 1,
        c->t[T_GO].storage[0] = 5)
MUTATOR(f_storage_small_bcast_go, base_attrs, set_shape(c, T_GO, 2, (const int64_t[]){1, 3}),
        c->t[T_GO].has_storage = true, c->t[T_GO].storage_rank = 1, c->t[T_GO].storage[0] = 2)
MUTATOR(f_storage_offset_self, base_attrs, c->t[T_SELF].has_storage = true, c->t[T_SELF].storage_rank = 1,
        c->t[T_SELF].storage[0] = 6, c->t[T_SELF].offset = 1)
MUTATOR(f_storage_offset_out, base_attrs, c->t[T_OUT].has_storage = true, c->t[T_OUT].storage_rank = 1,
        c->t[T_OUT].storage[0] = 6, c->t[T_OUT].offset = 1)
MUTATOR(f_storage_strides_out, base_attrs, c->t[T_OUT].has_storage = true, c->t[T_OUT].storage_rank = 2,
        c->t[T_OUT].storage[0] = 2, c->t[T_OUT].storage[1] = 3, c->t[T_OUT].strides = k_strides_3_2)
MUTATOR(f_no_storage_shape_self, base_attrs, c->t[T_SELF].has_storage = true, c->t[T_SELF].storage_rank = 0)
MUTATOR(f_storage_0dim_offset, base_attrs, set_shape_all(c, 0, NULL), c->t[T_GO].has_storage = true,
        c->t[T_GO].storage_rank = 1, c->t[T_GO].storage[0] = 1, c->t[T_GO].offset = 1)

/* clang-format off */ /* a table: one row per line */
static const api_case k_fail_cases[] = {
    {f_null_beta, NULLPTR, "beta", NULL},
    {f_null_thr, NULLPTR, "threshold", NULL},
    {f_null_ws, NULLPTR, "workspaceSize", NULL},
    {f_null_exec, NULLPTR, "executor", NULL},
    {f_dead_go, INVALID, "gradOutput", NULL},
    {f_dead_self, INVALID, "self", NULL},
    {f_dead_beta, INVALID, "beta", NULL},
    {f_dead_thr, INVALID, "threshold", NULL},
    {f_dead_out, INVALID, "gradInput", NULL},
    {f_foreign_go, INVALID, "gradOutput", NULL},
    {f_foreign_self, INVALID, "self", NULL},
    {f_foreign_beta, INVALID, "beta", NULL},
    {f_foreign_thr, INVALID, "threshold", NULL},
    {f_foreign_out, INVALID, "gradInput", NULL},
    {f_garbage_go, INVALID, "gradOutput", NULL},
    {f_garbage_thr, INVALID, "threshold", NULL},
    {f_garbage_out, INVALID, "gradInput", NULL},
    {f_null_beta_empty, NULLPTR, "beta", NULL},
    {f_null_thr_empty, NULLPTR, "threshold", NULL},
    {f_null_data_go, NULLPTR, "gradOutput", NULL},
    {f_null_data_self, NULLPTR, "self", NULL},
    {f_null_data_out, NULLPTR, "gradInput", NULL},
    {f_null_data_0dim, NULLPTR, "self", NULL},
    {f_null_data_bcast_go, NULLPTR, "gradOutput", NULL},
    {f_storage_small_go, INVALID, "gradOutput", NULL},
    {f_storage_small_bcast_go, INVALID, "gradOutput", NULL},
    {f_storage_offset_self, INVALID, "self", NULL},
    {f_storage_offset_out, INVALID, "gradInput", NULL},
    {f_storage_strides_out, INVALID, "gradInput", NULL},
    {f_no_storage_shape_self, INVALID, "self", NULL},
    {f_storage_0dim_offset, INVALID, "gradOutput", NULL},
};
/* clang-format on */

START_TEST(test_fail_cases)
{
    run_api_case(&k_fail_cases[_i], 1100 + _i);
}
END_TEST

/* A broadcast gradOutput view whose storage holds exactly its own (smaller) shape is fine. */
START_TEST(test_bcast_storage_fits)
{
    sp_call c;
    base_attrs(&c);
    set_shape(&c, T_GO, 2, (const int64_t[]){1, 3});
    c.t[T_GO].has_storage = true;
    c.t[T_GO].storage_rank = 1;
    c.t[T_GO].storage[0] = 3;
    EXPECT_OK(&c);
}
END_TEST

/* ---- validation order: two faults, the earlier check wins ------------------------------------- */

MUTATOR(o_ws_null_go_null, base_main, c->f[A_WS] = ACPU_TEST_F_NULL, c->f[A_GO] = ACPU_TEST_F_NULL)
MUTATOR(o_exec_null_dtype, base_main, c->f[A_EXEC] = ACPU_TEST_F_NULL, c->t[T_GO].dt = ACL_INT32)
MUTATOR(o_exec_null_beta_null, base_main, c->f[A_EXEC] = ACPU_TEST_F_NULL, c->f[A_BETA] = ACPU_TEST_F_NULL)
MUTATOR(o_go_null_self_null, base_main, c->f[A_GO] = ACPU_TEST_F_NULL, c->f[A_SELF] = ACPU_TEST_F_NULL)
MUTATOR(o_self_null_beta_null, base_main, c->f[A_SELF] = ACPU_TEST_F_NULL, c->f[A_BETA] = ACPU_TEST_F_NULL)
MUTATOR(o_beta_null_thr_null, base_main, c->f[A_BETA] = ACPU_TEST_F_NULL, c->f[A_THR] = ACPU_TEST_F_NULL)
MUTATOR(o_thr_null_out_null, base_main, c->f[A_THR] = ACPU_TEST_F_NULL, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(o_self_null_out_null, base_main, c->f[A_SELF] = ACPU_TEST_F_NULL, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(o_go_dead_self_null, base_main, c->f[A_GO] = ACPU_TEST_F_DEAD, c->f[A_SELF] = ACPU_TEST_F_NULL)
MUTATOR(o_go_null_self_dead, base_main, c->f[A_GO] = ACPU_TEST_F_NULL, c->f[A_SELF] = ACPU_TEST_F_DEAD)
MUTATOR(o_self_dead_beta_null, base_main, c->f[A_SELF] = ACPU_TEST_F_DEAD, c->f[A_BETA] = ACPU_TEST_F_NULL)
MUTATOR(o_beta_dead_thr_null, base_main, c->f[A_BETA] = ACPU_TEST_F_DEAD, c->f[A_THR] = ACPU_TEST_F_NULL)
MUTATOR(o_thr_dead_out_null, base_main, c->f[A_THR] = ACPU_TEST_F_DEAD, c->f[A_OUT] = ACPU_TEST_F_NULL)
MUTATOR(o_thr_null_out_dead, base_main, c->f[A_THR] = ACPU_TEST_F_NULL, c->f[A_OUT] = ACPU_TEST_F_DEAD)
MUTATOR(o_beta_null_go_dtype, base_main, c->f[A_BETA] = ACPU_TEST_F_NULL, c->t[T_GO].dt = ACL_INT32)
MUTATOR(o_thr_null_out_rank, base_main, c->f[A_THR] = ACPU_TEST_F_NULL, set_shape(c, T_OUT, 9, k_9d))
MUTATOR(o_out_null_go_dtype, base_main, c->f[A_OUT] = ACPU_TEST_F_NULL, c->t[T_GO].dt = ACL_INT32)
MUTATOR(o_out_dead_self_dtype, base_main, c->f[A_OUT] = ACPU_TEST_F_DEAD, c->t[T_SELF].dt = ACL_COMPLEX64)
MUTATOR(o_go_dtype_self_dtype, base_main, c->t[T_GO].dt = ACL_INT32, c->t[T_SELF].dt = ACL_COMPLEX64)
MUTATOR(o_self_dtype_out_dtype, base_main, c->t[T_SELF].dt = ACL_UINT16, c->t[T_OUT].dt = ACL_INT32)
MUTATOR(o_go_dtype_out_dtype, base_main, c->t[T_GO].dt = ACL_BOOL, c->t[T_OUT].dt = ACL_INT8)
MUTATOR(o_out_dtype_go_rank, base_main, c->t[T_OUT].dt = ACL_INT64, set_shape(c, T_GO, 9, k_9d))
MUTATOR(o_out_dtype_bcast, base_main, c->t[T_OUT].dt = ACL_INT64, set_shape(c, T_GO, 1, (const int64_t[]){2}))
MUTATOR(o_self_dtype_out_shape, base_main, c->t[T_SELF].dt = ACL_UINT32, set_shape(c, T_OUT, 1, (const int64_t[]){6}))
MUTATOR(o_bf16_910_go_rank, base_main, set_dtype_all(c, ACL_BF16), c->soc = "Ascend910", set_shape(c, T_SELF, 9, k_9d))
MUTATOR(o_go_rank_self_rank, base_main, set_shape(c, T_GO, 9, k_9d), set_shape(c, T_SELF, 9, k_9d))
MUTATOR(o_self_rank_out_rank, base_main, set_shape(c, T_SELF, 9, k_9d), set_shape(c, T_OUT, 9, k_9d))
MUTATOR(o_out_rank_bcast, base_main, set_shape(c, T_OUT, 9, k_9d), set_shape(c, T_GO, 1, (const int64_t[]){2}))
MUTATOR(o_out_rank_empty, base_main, set_shape(c, T_OUT, 9, (const int64_t[]){2, 0, 1, 1, 1, 1, 1, 1, 1}),
        set_shape(c, T_GO, 2, (const int64_t[]){2, 0}), set_shape(c, T_SELF, 2, (const int64_t[]){2, 0}))
MUTATOR(o_bcast_out_shape, base_main, set_shape(c, T_GO, 1, (const int64_t[]){2}),
        set_shape(c, T_OUT, 1, (const int64_t[]){6}))
MUTATOR(o_bcast_null_data, base_main, set_shape(c, T_GO, 1, (const int64_t[]){2}), c->t[T_SELF].null_data = true)
MUTATOR(o_out_shape_null_data, base_main, set_shape(c, T_OUT, 1, (const int64_t[]){6}), c->t[T_GO].null_data = true)
MUTATOR(o_go_dtype_empty, base_main, set_shape_all(c, 1, (const int64_t[]){0}), c->t[T_GO].dt = ACL_UINT8)
MUTATOR(o_bf16_910_empty, base_main, set_shape_all(c, 1, (const int64_t[]){0}), c->t[T_OUT].dt = ACL_BF16,
        c->soc = "Ascend910")
MUTATOR(o_bf16_910_null_data, base_main, c->t[T_SELF].dt = ACL_BF16, c->soc = "Ascend910", c->t[T_GO].null_data = true)
MUTATOR(o_out_dtype_null_data, base_main, c->t[T_OUT].dt = ACL_INT32, c->t[T_SELF].null_data = true)
/* Step 6 runs tensor by tensor: gradOutput's storage before self's data; same tensor: data first. */
MUTATOR(o_go_view_self_null_data, base_attrs, c->t[T_GO].has_storage = true, c->t[T_GO].storage_rank = 1,
        c->t[T_GO].storage[0] = 5, c->t[T_SELF].null_data = true)
MUTATOR(o_self_null_data_out_view, base_attrs, c->t[T_SELF].null_data = true, c->t[T_OUT].has_storage = true,
        c->t[T_OUT].storage_rank = 1, c->t[T_OUT].storage[0] = 5)
MUTATOR(o_go_null_data_bad_view, base_attrs, c->t[T_GO].null_data = true, c->t[T_GO].has_storage = true,
        c->t[T_GO].storage_rank = 1, c->t[T_GO].storage[0] = 5)
MUTATOR(o_self_view_out_null_data, base_attrs, c->t[T_SELF].has_storage = true, c->t[T_SELF].storage_rank = 1,
        c->t[T_SELF].storage[0] = 5, c->t[T_OUT].null_data = true)

/* clang-format off */ /* a table: one row per line */
static const api_case k_order_cases[] = {
    {o_ws_null_go_null, NULLPTR, "workspaceSize", NULL},
    {o_exec_null_dtype, NULLPTR, "executor", NULL},
    {o_exec_null_beta_null, NULLPTR, "executor", NULL},
    {o_go_null_self_null, NULLPTR, "gradOutput", NULL},
    {o_self_null_beta_null, NULLPTR, "self", "beta"},
    {o_beta_null_thr_null, NULLPTR, "beta", "threshold"},
    {o_thr_null_out_null, NULLPTR, "threshold", "gradInput"},
    {o_self_null_out_null, NULLPTR, "self", "gradInput"},
    {o_go_dead_self_null, INVALID, "gradOutput", NULL},
    {o_go_null_self_dead, NULLPTR, "gradOutput", NULL},
    {o_self_dead_beta_null, INVALID, "self", "beta"},
    {o_beta_dead_thr_null, INVALID, "beta", "threshold"},
    {o_thr_dead_out_null, INVALID, "threshold", "gradInput"},
    {o_thr_null_out_dead, NULLPTR, "threshold", "gradInput"},
    {o_beta_null_go_dtype, NULLPTR, "beta", NULL},
    {o_thr_null_out_rank, NULLPTR, "threshold", "gradInput"},
    {o_out_null_go_dtype, NULLPTR, "gradInput", NULL},
    {o_out_dead_self_dtype, INVALID, "gradInput", "self"},
    {o_go_dtype_self_dtype, INVALID, "gradOutput", "self"},
    {o_self_dtype_out_dtype, INVALID, "self", "gradInput"},
    {o_go_dtype_out_dtype, INVALID, "gradOutput", "gradInput"},
    {o_out_dtype_go_rank, INVALID, "gradInput", NULL},
    {o_out_dtype_bcast, INVALID, "gradInput", NULL},
    {o_self_dtype_out_shape, INVALID, "self", "gradInput"},
    {o_bf16_910_go_rank, INVALID, "gradOutput", NULL},
    {o_go_rank_self_rank, INVALID, "gradOutput", NULL},
    {o_self_rank_out_rank, INVALID, "self", "gradInput"},
    {o_out_rank_bcast, INVALID, "gradInput", NULL},
    {o_out_rank_empty, INVALID, "gradInput", NULL},
    {o_bcast_out_shape, INVALID, "gradOutput", "gradInput"},
    {o_bcast_null_data, INVALID, "gradOutput", NULL},
    {o_out_shape_null_data, INVALID, "gradInput", NULL},
    {o_go_dtype_empty, INVALID, "gradOutput", NULL},
    {o_bf16_910_empty, INVALID, "gradInput", NULL},
    {o_bf16_910_null_data, INVALID, "self", NULL},
    {o_out_dtype_null_data, INVALID, "gradInput", NULL},
    {o_go_view_self_null_data, INVALID, "gradOutput", NULL},
    {o_self_null_data_out_view, NULLPTR, "self", "gradInput"},
    {o_go_null_data_bad_view, NULLPTR, "gradOutput", NULL},
    {o_self_view_out_null_data, INVALID, "self", "gradInput"},
};
/* clang-format on */

START_TEST(test_order_cases)
{
    run_api_case(&k_order_cases[_i], 2000 + _i);
}
END_TEST

/* ---- scalars: never dtype-checked, converted by ToFloat (ToDouble on the DOUBLE path) ---------- */

/* clang-format off */ /* a table: one row per line */
static const sdesc k_scalar_values[] = {
    {ACL_FLOAT, 0.75},        {ACL_DOUBLE, 0.1},        {ACL_FLOAT16, 0.333},     {ACL_BF16, 1.7},
    {ACL_INT8, -2},           {ACL_UINT8, 3},           {ACL_INT16, 2},           {ACL_UINT16, 1},
    {ACL_INT32, -1},          {ACL_UINT32, 2},          {ACL_INT64, 1},           {ACL_UINT64, 1},
    {ACL_BOOL, 1},            {ACL_BOOL, 0},            {ACL_COMPLEX64, 1.5},     {ACL_COMPLEX128, 1.5},
    {ACL_HIFLOAT8, 0},        {ACL_FLOAT8_E5M2, 0},     {ACL_FLOAT8_E4M3FN, 0},   {ACL_FLOAT8_E8M0, 0},
    {ACL_FLOAT6_E3M2, 0},     {ACL_FLOAT6_E2M3, 0},     {ACL_FLOAT4_E2M1, 0},     {ACL_FLOAT4_E1M2, 0},
};
/* clang-format on */

/* _i: scalar; used as beta (threshold 1.5 FLOAT) and as threshold (beta 1 FLOAT), on the FLOAT and
 * the DOUBLE path. Values are checked against the reference using the converted scalar. */
START_TEST(test_scalar_dtypes)
{
    for (int k = 0; k < 4; ++k) {
        sp_call c;
        base_attrs(&c);
        c.s[k % 2 ? S_THR : S_BETA] = k_scalar_values[_i];
        if (k >= 2)
            set_dtype_all(&c, ACL_DOUBLE);
        expect_ok_at(&c, 3000 + k);
    }
}
END_TEST

/* Complex beta converts to 0: every element is gradOutput / 2 (threshold 1.5 >= 0). */
START_TEST(test_scalar_complex_is_zero)
{
    sp_call c;
    sp_run r;
    base_attrs(&c);
    c.s[S_BETA] = (sdesc){ACL_COMPLEX64, 3.0};
    run_ok_at(&r, &c, __LINE__);
    expect_half_of_grad(&r);
    run_release(&r);
}
END_TEST

/* ---- phase 2 and executors -------------------------------------------------------------------- */

START_TEST(test_phase2)
{
    ck_assert_int_eq(aclnnSoftplusBackward(NULL, 0, NULL, NULL), NULLPTR);
    ck_assert_msg(strstr(aclGetRecentErrMsg(), "executor") != NULL, "message: %s", aclGetRecentErrMsg());
    sp_call c;
    sp_run r;
    base_attrs(&c);
    run_ok_at(&r, &c, __LINE__); /* consumes the non-repeatable executor */
    ck_assert_int_eq(aclnnSoftplusBackward(NULL, 0, r.exec, NULL), INVALID);
    run_release(&r);

    /* A repeatable executor over mixed dtypes and a broadcast: runs twice; a workspace smaller than
     * asked is refused without writing; tensors and scalars may be destroyed between the phases. */
    base_attrs(&c);
    c.t[T_GO].dt = ACL_FLOAT16;
    c.t[T_SELF].dt = ACL_INT32;
    c.t[T_OUT].dt = ACL_BF16;
    set_shape(&c, T_GO, 1, (const int64_t[]){3});
    run_setup(&r, &c);
    ck_assert_int_eq(run_phase1(&r), ACLNN_SUCCESS);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(r.exec), ACLNN_SUCCESS);
    for (int i = 0; i < 3; ++i) {
        ck_assert_int_eq(aclDestroyTensor(r.t[i]), ACLNN_SUCCESS);
        r.dead_t[i] = true;
    }
    for (int i = 0; i < 2; ++i) {
        ck_assert_int_eq(aclDestroyScalar(r.s[i]), ACLNN_SUCCESS);
        r.dead_s[i] = true;
    }
    void *ws = NULL;
    if (r.ws > 0) {
        ck_assert_int_eq(aclrtMalloc(&ws, r.ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ck_assert_int_eq(aclnnSoftplusBackward(ws, r.ws - 1, r.exec, NULL), INVALID);
        expect_buffer_unchanged(&r, T_OUT, __LINE__);
    }
    ck_assert_int_eq(aclnnSoftplusBackward(ws, r.ws, r.exec, NULL), ACLNN_SUCCESS);
    check_output(&r);
    memcpy(r.buf[T_OUT], r.snap[T_OUT], r.bytes[T_OUT]);
    ck_assert_int_eq(aclnnSoftplusBackward(ws, r.ws, r.exec, NULL), ACLNN_SUCCESS);
    check_output(&r);
    ck_assert_int_eq(aclDestroyAclOpExecutor(r.exec), ACLNN_SUCCESS);
    ck_assert_int_eq(aclnnSoftplusBackward(ws, r.ws, r.exec, NULL), INVALID);
    if (ws)
        ck_assert_int_eq(aclrtFree(ws), ACL_SUCCESS);
    run_release(&r);
}
END_TEST

/* ---- nothing on stdout ------------------------------------------------------------------------ */

static void run_mixed_calls(void)
{
    sp_call c;
    for (size_t k = 0; k < N_ELEMS(k_ut_cases); ++k)
        run_api_case(&k_ut_cases[k], 1000 + (int)k);
    f_null_beta(&c);
    EXPECT_FAIL(&c, NULLPTR, "beta");
    f_dead_thr(&c);
    EXPECT_FAIL(&c, INVALID, "threshold");
    base_attrs(&c);
    set_shape(&c, T_GO, 1, (const int64_t[]){2});
    EXPECT_FAIL(&c, INVALID, "gradOutput");
    set_shape(&c, T_GO, 1, (const int64_t[]){3});
    EXPECT_OK(&c);
    (void)aclnnSoftplusBackward(NULL, 0, NULL, NULL);
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

enum { V_DENSE, V_BCAST, V_STRIDED, V_EMPTY, N_VMODES };
static const char *const k_vmode[N_VMODES] = {"dense", "bcast", "strided", "empty"};

/* The child: one call on profile argv soc. dense: gradOutput {4,3,8} FLOAT, self INT32 (the
 * BEHAVIOUR.md example); bcast: gradOutput {4,1,8} FLOAT, self FLOAT; strided: self a transposed
 * view; empty: {4,0,8}. */
static int verbose_child(const char *mode, const char *soc)
{
    int m = 0;
    while (m < N_VMODES && strcmp(mode, k_vmode[m]) != 0)
        ++m;
    if (m == N_VMODES || aclnnCpuSetPlatform(soc, 0, 0) != 0)
        return 5;
    int64_t shape[3] = {4, m == V_EMPTY ? 0 : 3, 8}, go_shape[3] = {4, m == V_BCAST ? 1 : shape[1], 8};
    int64_t tstrides[3] = {1, 4, 12}, storage[1] = {96};
    float go[96], out[96];
    int32_t xi[96];
    float xf[96];
    for (int i = 0; i < 96; ++i) {
        go[i] = (float)(i % 7) - 3.0f;
        xi[i] = i % 11 - 5;
        xf[i] = (float)xi[i] * 0.5f;
    }
    aclTensor *t_go = acpu_test_tensor(ACL_FLOAT, go_shape, 3, go);
    aclTensor *t_x = m == V_DENSE     ? acpu_test_tensor(ACL_INT32, shape, 3, xi)
                     : m == V_STRIDED ? aclCreateTensor(shape, 3, ACL_FLOAT, tstrides, 0, ACL_FORMAT_ND, storage, 1, xf)
                                      : acpu_test_tensor(ACL_FLOAT, shape, 3, xf);
    aclTensor *t_out = acpu_test_tensor(ACL_FLOAT, shape, 3, out);
    aclScalar *beta = acpu_test_scalar_f32(1.0f), *thr = acpu_test_scalar_f32(20.0f);
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    if (aclnnSoftplusBackwardGetWorkspaceSize(t_go, t_x, beta, thr, t_out, &ws_size, &exec) != 0)
        return 2;
    void *ws = NULL;
    if (ws_size > 0 && aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST) != 0)
        return 6;
    if (aclnnSoftplusBackward(ws, ws_size, exec, NULL) != 0)
        return 3;
    if (ws)
        aclrtFree(ws);
    return (aclDestroyTensor(t_go) | aclDestroyTensor(t_x) | aclDestroyTensor(t_out) | aclDestroyScalar(beta) |
            aclDestroyScalar(thr))
               ? 4
               : 0;
}

/* Runs this executable as the child (ACLNN_CPU_VERBOSE as given, 1 thread, no ACLNN_CPU_SOC). */
static void run_child(const char *verbose, const char *mode, const char *soc, char *out, char *err, size_t cap)
{
    const char *const argv[] = {"test_softplus_api", CHILD_FLAG, mode, soc, NULL};
    const acpu_test_env env[3] = {
        {"ACLNN_CPU_VERBOSE", verbose}, {"ACLNN_CPU_NUM_THREADS", "1"}, {"ACLNN_CPU_SOC", NULL}};
    acpu_test_run_self(argv, env, 3, out, err, cap);
}

/* The single "exec" line of `err` has BEHAVIOUR.md's format with the given fields. */
static void check_exec_line(const char *err, const char *dtypes, const char *shape, const char *profile,
                            const char *sch, bool empty)
{
    char prefix[200];
    snprintf(prefix, sizeof prefix, "aclnn_cpu: exec op=SoftplusBackward dtypes=%s shape=%s profile=%s sch=%s ", dtypes,
             shape, profile, sch);
    const char *line = acpu_test_exec_line(err, prefix);
    char isa[16];
    unsigned cores = 0, tile = 0, threads = 0;
    double us = -1;
    int end = -1;
    int got = sscanf(line + strlen(prefix), "cores=%u tile=%u isa=%15s threads=%u time_us=%lf%n", &cores, &tile, isa,
                     &threads, &us, &end);
    ck_assert_msg(got == 5 && end > 0, "exec line \"%s\" does not parse (%d fields)", line, got);
    const char *rest = line + strlen(prefix) + end;
    ck_assert_msg(*rest == '\n' || *rest == '\0', "trailing text in exec line \"%s\"", line);
    acpu_test_assert_isa_token(isa);
    if (empty) {
        ck_assert_uint_eq(cores, 0);
        ck_assert_uint_eq(tile, 0);
        ck_assert_uint_le(threads, 1); /* nothing runs: 0 or the configured 1 */
    } else {
        ck_assert_uint_ge(cores, 1);
        ck_assert_uint_ge(tile, 1);
        ck_assert_uint_eq(threads, 1); /* ACLNN_CPU_NUM_THREADS=1 */
    }
    ck_assert(us >= 0);
}

enum { CAP = 8192 };

typedef struct {
    const char *mode, *soc, *dtypes, *shape, *sch;
} verbose_case;

/* clang-format off */ /* a table: one row per line */
static const verbose_case k_verbose[] = {
    {"dense", "host", "float32,int32->float32", "4x3x8", "arch35"},
    {"dense", "Ascend950", "float32,int32->float32", "4x3x8", "arch35"},
    {"dense", "Ascend910B", "float32,int32->float32", "4x3x8", "ascend910b"},
    {"dense", "Ascend910_93", "float32,int32->float32", "4x3x8", "ascend910b"},
    {"bcast", "Ascend910B", "float32,float32->float32", "4x3x8", "arch35"},
    {"bcast", "host", "float32,float32->float32", "4x3x8", "arch35"},
    {"strided", "Ascend910B", "float32,float32->float32", "4x3x8", "arch35"},
    {"empty", "Ascend910B", "float32,float32->float32", "4x0x8", "EMPTY"},
};
/* clang-format on */

START_TEST(test_verbose_line)
{
    static char out[CAP], err[CAP];
    const verbose_case *k = &k_verbose[_i];
    run_child("1", k->mode, k->soc, out, err, CAP);
    ck_assert_str_eq(out, "");
    check_exec_line(err, k->dtypes, k->shape, k->soc, k->sch, strcmp(k->sch, "EMPTY") == 0);
}
END_TEST

START_TEST(test_verbose_off)
{
    static char out[CAP], err[CAP];
    run_child(NULL, "dense", "host", out, err, CAP);
    ck_assert_str_eq(out, "");
    ck_assert_ptr_null(strstr(err, "aclnn_cpu: exec"));
}
END_TEST

/* ---- suite ------------------------------------------------------------------------------------ */

static Suite *softplus_api_suite(void)
{
    Suite *s = suite_create("softplus_api");
    TCase *tc = tcase_create("spec");
    tcase_add_loop_test(tc, test_spec_ut_cases, 0, (int)N_ELEMS(k_ut_cases));
    tcase_add_test(tc, test_spec_ut_values);
    tcase_add_test(tc, test_spec_experimental_ut);
    suite_add_tcase(s, tc);

    tc = tcase_create("dtypes");
    tcase_add_loop_test(tc, test_dtype_go_ok, 0, (int)N_ELEMS(k_float_dts));
    tcase_add_loop_test(tc, test_dtype_self_ok, 0, (int)N_ELEMS(k_self_ok));
    tcase_add_loop_test(tc, test_dtype_out_ok, 0, (int)N_ELEMS(k_float_dts));
    tcase_add_loop_test(tc, test_dtype_refused, 0, (int)N_ELEMS(k_never_ok));
    tcase_add_loop_test(tc, test_dtype_int_refused, 0, (int)N_ELEMS(k_int_dts));
    tcase_add_loop_test(tc, test_dtype_bf16_profiles, 0, (int)N_ELEMS(k_socs));
    tcase_add_loop_test(tc, test_scalar_dtypes, 0, (int)N_ELEMS(k_scalar_values));
    tcase_add_test(tc, test_scalar_complex_is_zero);
    suite_add_tcase(s, tc);

    tc = tcase_create("shapes");
    tcase_add_loop_test(tc, test_ranks_ok, 0, 9);
    tcase_add_loop_test(tc, test_ranks_refused, 0, 2);
    tcase_add_loop_test(tc, test_broadcast, 0, (int)N_ELEMS(k_bcast));
    tcase_add_loop_test(tc, test_broadcast_empty, 0, (int)N_ELEMS(k_bcast_empty));
    tcase_add_loop_test(tc, test_out_shape_refused, 0, (int)N_ELEMS(k_out_shapes));
    tcase_add_test(tc, test_empty_writes_nothing);
    tcase_add_loop_test(tc, test_empty_ok, 0, (int)N_ELEMS(k_empty_ok));
    tcase_add_test(tc, test_bcast_storage_fits);
    suite_add_tcase(s, tc);

    tc = tcase_create("failure");
    tcase_add_loop_test(tc, test_fail_cases, 0, (int)N_ELEMS(k_fail_cases));
    tcase_add_loop_test(tc, test_order_cases, 0, (int)N_ELEMS(k_order_cases));
    suite_add_tcase(s, tc);

    tc = tcase_create("runtime");
    tcase_add_test(tc, test_phase2);
    tcase_add_test(tc, test_stdout_silent);
    tcase_add_loop_test(tc, test_verbose_line, 0, (int)N_ELEMS(k_verbose));
    tcase_add_test(tc, test_verbose_off);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    if (argc > 3 && strcmp(argv[1], CHILD_FLAG) == 0)
        return verbose_child(argv[2], argv[3]); /* a separate process started by test_verbose_*; runs no Check */
    return acpu_test_main(softplus_api_suite());
}
