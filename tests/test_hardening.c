/* Hostile-caller regressions: every size a caller controls is checked exactly, output dtype lists
 * are closed, an executor runs only under its own operator, outputs may not overlap themselves or
 * partially overlap an input, absurd thread counts are capped; and, for every API of the registry
 * (its operator-info row, through the generic call of acpu_test_call.h, so that a new row is covered
 * with no edit here): a UB override too small for one tile is refused in phase 1, a UB override so
 * large that the workspace is not representable is refused as the tiling lab's plan says, phase 1 and
 * 2 never trap with every FP exception unmasked, the tiling lab refuses empty outputs and NULL argv
 * entries with the documented codes, and rebinding an executor's tensors (NULL, wrapping and
 * overlapping addresses, exact in-place aliasing) keeps phase 1's guarantees. A few ELU and Softplus
 * cases stay for what is their own. Each case fails (or crashes) on a library without the check it
 * names; each failing call must also leave every buffer and its guard untouched. */
#define _GNU_SOURCE /* feenableexcept */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "acpu_test.h"
#include "acpu_test_call.h"
#include "acpu_test_opinfo.h"
#include "acpu_test_proc.h"
#include "acpu_test_tensor.h"
#include "lab/acpu_lab.h"
#include "runtime/acpu_runtime.h" /* acpu_dtype_name */
#include "tiling/acpu_platform.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define ELU_API "aclnnEluBackwardGetWorkspaceSize"
#define SP_API "aclnnSoftplusBackwardGetWorkspaceSize"
#define CHILD_FLAG "--thread-cap-child"
#define P62 ((int64_t)1 << 62)
#define P32 ((int64_t)1 << 32)

/* One tensor as a hostile caller describes it: any dims, strides, offset and storage shape over a
 * real guarded buffer (the claimed storage may be far larger than the buffer). */
typedef struct {
    aclDataType dt;
    uint64_t rank;
    int64_t dims[8], strides[8];
    bool contiguous; /* strides NULL */
    int64_t offset;
    uint64_t storage_rank;
    int64_t storage[8];
} desc;

typedef struct {
    aclTensor *t;
    unsigned char *buf, *snap;
    size_t bytes;
} held;

static held hold(const desc *d, size_t bytes, unsigned char fill)
{
    held h = {NULL, acpu_test_guarded_alloc(bytes, fill), NULL, bytes};
    h.t = aclCreateTensor(d->dims, d->rank, d->dt, d->contiguous ? NULL : d->strides, d->offset, ACL_FORMAT_ND,
                          d->storage, d->storage_rank, h.buf);
    ck_assert_msg(h.t != NULL, "aclCreateTensor refused a descriptor the case needs: %s", aclGetRecentErrMsg());
    h.snap = acpu_test_snapshot(h.buf, bytes);
    return h;
}

static void release(held *h)
{
    ck_assert_int_eq(aclDestroyTensor(h->t), ACLNN_SUCCESS);
    free(h->buf);
    free(h->snap);
}

/* A dense 1-D tensor of n elements. */
static desc dense(aclDataType dt, int64_t n)
{
    desc d = {.dt = dt, .rank = 1, .dims = {n}, .contiguous = true, .storage_rank = 1, .storage = {n}};
    return d;
}

/* Phase 1 of ELU (alpha = scale = inputScale = 1, isResult false) on the three tensors. */
static aclnnStatus elu_phase1(const aclTensor *go, const aclTensor *x, aclTensor *gi, aclOpExecutor **exec,
                              uint64_t *ws)
{
    aclScalar *one = acpu_test_scalar_f32(1.0f);
    aclnnStatus st = aclnnEluBackwardGetWorkspaceSize(go, one, one, one, false, x, gi, ws, exec);
    aclDestroyScalar(one);
    return st;
}

/* Phase 1 of softplus (beta 1, threshold 20). */
static aclnnStatus softplus_phase1(const aclTensor *go, const aclTensor *x, aclTensor *gi, aclOpExecutor **exec,
                                   uint64_t *ws)
{
    aclScalar *beta = acpu_test_scalar_f32(1.0f), *threshold = acpu_test_scalar_f32(20.0f);
    aclnnStatus st = aclnnSoftplusBackwardGetWorkspaceSize(go, x, beta, threshold, gi, ws, exec);
    aclDestroyScalar(beta);
    aclDestroyScalar(threshold);
    return st;
}

typedef aclnnStatus (*phase1_fn)(const aclTensor *, const aclTensor *, aclTensor *, aclOpExecutor **, uint64_t *);

/* Expects phase 1 to refuse with `code`, naming `arg` (unless NULL), and every buffer untouched. */
static void expect_refused(phase1_fn op, held *go, held *x, held *gi, aclnnStatus code, const char *arg, int line)
{
    const char *api = op == elu_phase1 ? ELU_API : SP_API;
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    aclnnStatus st = op(go->t, x->t, gi->t, &exec, &ws);
    ck_assert_msg(st == code, "at %d: %s returned %d, want %d (%s)", line, api, (int)st, (int)code,
                  aclGetRecentErrMsg());
    acpu_test_expect_msg_at(api, arg, NULL, line);
    acpu_test_expect_unchanged(gi->buf, gi->snap, gi->bytes, "gradInput", line);
    acpu_test_expect_unchanged(go->buf, go->snap, go->bytes, "gradOutput", line);
    acpu_test_expect_unchanged(x->buf, x->snap, x->bytes, "self", line);
}

/* ---- ELU's gradInput dtypes are a closed list ---------------------------------------------- */

static const int k_unwritable[] = {-1,
                                   9999,
                                   ACL_STRING,
                                   ACL_INT4,
                                   ACL_UINT1,
                                   ACL_COMPLEX32,
                                   ACL_HIFLOAT8,
                                   ACL_FLOAT8_E5M2,
                                   ACL_FLOAT8_E4M3FN,
                                   ACL_FLOAT8_E8M0,
                                   ACL_FLOAT6_E3M2,
                                   ACL_FLOAT6_E2M3,
                                   ACL_FLOAT4_E2M1,
                                   ACL_FLOAT4_E1M2,
                                   ACL_INT8,
                                   ACL_UINT64,
                                   ACL_BOOL,
                                   14,
                                   15,
                                   18,
                                   28,
                                   31,
                                   32,
                                   42,
                                   INT32_MIN,
                                   INT32_MAX};

/* gradOutput = selfOrResult = BF16 (1000 elements), gradInput of the unwritable dtype over a
 * 1000-byte buffer: without a closed output list phase 1 accepts most of them and phase 2 writes
 * 2000 bytes. */
START_TEST(test_elu_output_dtype_closed)
{
    desc in = dense(ACL_BF16, 1000), out = dense((aclDataType)k_unwritable[_i], 1000);
    held go = hold(&in, 2000, 0x3c), x = hold(&in, 2000, 0x3f), gi = hold(&out, 1000, 0xa5);
    expect_refused(elu_phase1, &go, &x, &gi, ACLNN_ERR_PARAM_INVALID, "gradInput", __LINE__);
    release(&go);
    release(&x);
    release(&gi);
}
END_TEST

/* Every dtype doc/OPERATORS.md lists for gradInput still runs and writes exactly its own width. */
START_TEST(test_elu_output_dtype_listed)
{
    static const aclDataType listed[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    aclDataType dt = listed[_i];
    desc in = dense(ACL_BF16, 100), out = dense(dt, 100);
    held go = hold(&in, 200, 0x3c), x = hold(&in, 200, 0x3f), gi = hold(&out, 100 * acpu_test_esize(dt), 0xa5);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    ck_assert_int_eq(elu_phase1(go.t, x.t, gi.t, &exec, &ws), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnEluBackward, ws, exec), ACLNN_SUCCESS);
    bool covered[100];
    for (int i = 0; i < 100; i++)
        covered[i] = true;
    acpu_test_expect_uncovered_unchanged(gi.buf, gi.snap, gi.bytes, acpu_test_esize(dt), covered, 100);
    ck_assert_msg(memcmp(gi.buf, gi.snap, gi.bytes) != 0, "the output was not written");
    release(&go);
    release(&x);
    release(&gi);
}
END_TEST

/* ---- extents and byte sizes are exact ------------------------------------------------------ */

/* Views whose last element lies past their storage once computed exactly; unchecked 64-bit sums
 * wrap back into range. */
static const struct {
    uint64_t rank;
    int64_t dims[3], strides[3], offset, storage;
} k_wrapping_views[] = {
    {1, {5}, {P62}, 0, 1},                           /* 4 * 2^62 wraps to 0 */
    {3, {2, 2, 2}, {INT64_MAX, INT64_MAX, 2}, 0, 8}, /* 2^64 wraps to 0 */
    {1, {P32 + 1}, {P32}, 0, 8},                     /* 2^32 * 2^32 wraps to 0 */
    {1, {2}, {1}, INT64_MAX, 8},                     /* past INT64_MAX */
    {1, {3}, {P62}, P62, 8},                         /* 3 * 2^62 */
};

/* The tensor `which` (0 gradOutput, 1 self, 2 gradInput) gets the bad view; the others the same
 * shape, dense, so that only the extent check can refuse. A view too large for a dense twin goes
 * to all three: the first tensor checked (gradOutput) is then the one named. */
static void wrapping_view_case(phase1_fn op, int which, int k)
{
    static const char *const names[2][3] = {{"gradOutput", "selfOrResult", "gradInput"},
                                            {"gradOutput", "self", "gradInput"}};
    desc bad = {.dt = ACL_FLOAT,
                .rank = k_wrapping_views[k].rank,
                .offset = k_wrapping_views[k].offset,
                .storage_rank = 1,
                .storage = {k_wrapping_views[k].storage}};
    memcpy(bad.dims, k_wrapping_views[k].dims, sizeof k_wrapping_views[k].dims);
    memcpy(bad.strides, k_wrapping_views[k].strides, sizeof k_wrapping_views[k].strides);
    int64_t n = 1;
    for (uint64_t d = 0; d < bad.rank; d++)
        n *= bad.dims[d];
    desc good = bad;
    good.contiguous = true;
    good.offset = 0;
    good.storage[0] = n;
    held t[3];
    for (int i = 0; i < 3; i++)
        t[i] = hold(i == which || n > 64 ? &bad : &good, 64 * sizeof(float), (unsigned char)(0x11 * (i + 1)));
    const char *arg = names[op == softplus_phase1][n > 64 ? 0 : which];
    expect_refused(op, &t[0], &t[1], &t[2], ACLNN_ERR_PARAM_INVALID, arg, __LINE__);
    for (int i = 0; i < 3; i++)
        release(&t[i]);
}

START_TEST(test_view_extent_exact)
{
    for (int k = 0; k < (int)N_ELEMS(k_wrapping_views); k++) {
        wrapping_view_case(elu_phase1, _i, k);
        wrapping_view_case(softplus_phase1, _i, k);
    }
}
END_TEST

/* Storage sizes no address space holds: 2^62 floats (2^64 bytes), 2^61 (2^63 bytes, past ptrdiff_t);
 * and offsets whose byte offsets wrapped to the buffer's start (2^62 floats) or 20 bytes before it. */
START_TEST(test_storage_bytes_exact)
{
    static const struct {
        int64_t storage, offset;
    } cases[] = {{P62, 0}, {P62 >> 1, 0}, {P62 + 4, P62}, {INT64_MAX, INT64_MAX - 5}};
    desc bad = dense(ACL_FLOAT, 4), good = dense(ACL_FLOAT, 4);
    bad.storage[0] = cases[_i].storage;
    bad.offset = cases[_i].offset;
    for (int which = 0; which < 3; which++) {
        held t[3];
        for (int i = 0; i < 3; i++)
            t[i] = hold(i == which ? &bad : &good, 16, (unsigned char)(0x21 * (i + 1)));
        expect_refused(elu_phase1, &t[0], &t[1], &t[2], ACLNN_ERR_PARAM_INVALID, "storage", __LINE__);
        expect_refused(softplus_phase1, &t[0], &t[1], &t[2], ACLNN_ERR_PARAM_INVALID, "storage", __LINE__);
        for (int i = 0; i < 3; i++)
            release(&t[i]);
    }
}
END_TEST

/* ELU's and Softplus's own outcomes (every API against the tiling lab's plan:
 * test_workspace_exact_every_api): a staged call of 2^59 elements (strided gradOutput over a claimed
 * 2^60-float storage) on a profile whose UB is INT64_MAX: softplus's tile, and so its workspace, would
 * not be representable. Phase 1 only checks, so the data pointers are far-apart addresses that are
 * never dereferenced (real buffers this large do not exist, and claimed spans this large would
 * overlap). */
START_TEST(test_workspace_exact)
{
    const int64_t n = P62 >> 3, strided[1] = {2}, dims[1] = {n}, storage_in[1] = {2 * n}, storage_out[1] = {n};
    void *go_at = (void *)(uintptr_t)(1ull << 62), *x_at = (void *)(uintptr_t)(1ull << 61),
         *gi_at = (void *)(uintptr_t)(1ull << 63);
    aclTensor *go = aclCreateTensor(dims, 1, ACL_FLOAT, strided, 0, ACL_FORMAT_ND, storage_in, 1, go_at);
    aclTensor *x = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage_out, 1, x_at);
    aclTensor *gi = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage_out, 1, gi_at);
    ck_assert(go && x && gi);
    ck_assert_int_eq(aclnnCpuSetPlatform(_i == 0 ? "Ascend910B" : "host", 0, INT64_MAX), ACL_SUCCESS);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0, elu_ws = 0;
    aclnnStatus elu = elu_phase1(go, x, gi, &exec, &elu_ws);
    aclOpExecutor *elu_exec = exec;
    aclnnStatus sp = softplus_phase1(go, x, gi, &exec, &ws);
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
    /* softplus's arch35 tile grows with the UB: refused */
    ck_assert_msg(sp == ACLNN_ERR_PARAM_INVALID, "softplus: %d, workspace %llu", (int)sp, (unsigned long long)ws);
    acpu_test_expect_msg_at(SP_API, "workspace", NULL, __LINE__);
    /* ELU's tile is capped by its compute chunk whatever the UB: a small, exact workspace (not run) */
    ck_assert_int_eq(elu, ACLNN_SUCCESS);
    ck_assert_msg(elu_ws > 0 && elu_ws < (1u << 20), "ELU workspace %llu", (unsigned long long)elu_ws);
    ck_assert_int_eq(aclDestroyAclOpExecutor(elu_exec), ACLNN_SUCCESS);
    aclDestroyTensor(go);
    aclDestroyTensor(x);
    aclDestroyTensor(gi);
}
END_TEST

/* Size-1 dims may carry any stride (it never moves): {1, 2, 1} with strides {INT64_MAX, 1, 2^62}
 * is a valid 2-element view. The engine's byte steps multiplied such a stride by the element size
 * (signed overflow, fatal under UBSan; found by the fuzzer). Staged (a cast) and in place. */
START_TEST(test_size1_dim_huge_stride)
{
    const int64_t dims[3] = {1, 2, 1}, odd[3] = {INT64_MAX, 1, P62}, storage[1] = {2};
    float go_buf[2] = {1.0f, 2.0f}, x_buf[2] = {-1.0f, 0.5f}, gi_buf[2] = {0.0f, 0.0f};
    double gi_f64[2] = {0.0, 0.0};
    aclTensor *go = aclCreateTensor(dims, 3, ACL_FLOAT, odd, 0, ACL_FORMAT_ND, storage, 1, go_buf);
    aclTensor *x = aclCreateTensor(dims, 3, ACL_FLOAT, odd, 0, ACL_FORMAT_ND, storage, 1, x_buf);
    aclTensor *gi = aclCreateTensor(dims, 3, _i ? ACL_DOUBLE : ACL_FLOAT, odd, 0, ACL_FORMAT_ND, storage, 1,
                                    _i ? (void *)gi_f64 : (void *)gi_buf);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    ck_assert_int_eq(elu_phase1(go, x, gi, &exec, &ws), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(aclnnEluBackward, ws, exec), ACLNN_SUCCESS);
    double got0 = _i ? gi_f64[0] : gi_buf[0], got1 = _i ? gi_f64[1] : gi_buf[1];
    ck_assert_double_eq_tol(got0, exp(-1.0), 1e-6);
    ck_assert_double_eq_tol(got1, 2.0, 1e-6);
    aclDestroyTensor(go);
    aclDestroyTensor(x);
    aclDestroyTensor(gi);
}
END_TEST

/* ---- aclCreateTensor refuses dims whose products do not fit --------------------------------- */

START_TEST(test_create_refuses_overflowing_dims)
{
    static const struct {
        uint64_t rank;
        int64_t dims[3];
        bool strided; /* strides given (zeros): an unchecked row-major product overflows all the same (UB) */
        bool storage; /* the dims as storage dims instead of view dims */
    } cases[] = {
        {2, {P32, P32}, false, false},      {2, {INT64_MAX, 2}, false, false}, {2, {INT64_MAX, 2}, true, false},
        {3, {0, P62, P62}, false, false},   {2, {P62, 4}, true, false},        {2, {P32, P32}, false, true},
        {3, {2, INT64_MAX, 1}, true, true},
    };
    static const int64_t zero_strides[3] = {0, 0, 0}, one[1] = {1};
    float data[4] = {0};
    bool st = cases[_i].storage;
    aclTensor *t = aclCreateTensor(st ? one : cases[_i].dims, st ? 1 : cases[_i].rank, ACL_FLOAT,
                                   cases[_i].strided ? zero_strides : NULL, 0, ACL_FORMAT_ND, st ? cases[_i].dims : one,
                                   st ? cases[_i].rank : 1, data);
    ck_assert_msg(t == NULL, "case %d: aclCreateTensor accepted dims whose product overflows int64", _i);
    acpu_test_expect_msg_at("aclCreateTensor", st ? "storageDims" : "viewDims", NULL, __LINE__);
}
END_TEST

/* Right at the limit: a product of exactly INT64_MAX, and an empty view with one huge dim, are fine. */
START_TEST(test_create_accepts_largest_dims)
{
    static const int64_t dims[2] = {INT64_MAX, 1}, empty[2] = {0, INT64_MAX}, strides[2] = {0, 1}, one[1] = {1};
    float data[1] = {0};
    aclTensor *t = aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, one, 1, data);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
    t = aclCreateTensor(empty, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, one, 1, data);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
}
END_TEST

/* ---- phase 1 and 2 never trap, whatever FP exceptions the caller enabled ------------------------- */

static const uint32_t k_trap_bits[] = {0x7fc00000u /* qNaN */,
                                       0x7fa00000u /* sNaN */,
                                       0xffc00001u /* -qNaN */,
                                       0x7f800000u,
                                       0xff800000u,
                                       0x00000001u /* subnormal */,
                                       0x7f7fffffu,
                                       0x3dcccccdu /* 0.1 */};

static aclScalar *scalar_bits(uint32_t bits)
{
    float v;
    memcpy(&v, &bits, sizeof v);
    aclScalar *s = aclCreateScalar(&v, ACL_FLOAT);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Phase 1 (and 2 where 1 succeeded) with the pattern in one ELU scalar slot, isResult as given. */
static aclnnStatus elu_with_odd(held *go, held *x, held *gi, aclScalar *one, aclScalar *odd, int slot, bool result)
{
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    aclnnStatus rc = aclnnEluBackwardGetWorkspaceSize(go->t, slot == 0 ? odd : one, slot == 1 ? odd : one,
                                                      slot == 2 ? odd : one, result, x->t, gi->t, &ws, &exec);
    return rc == ACLNN_SUCCESS ? acpu_test_run_phase2(aclnnEluBackward, ws, exec) : rc;
}

static aclnnStatus softplus_with_odd(held *go, held *x, held *gi, aclScalar *one, aclScalar *twenty, aclScalar *odd,
                                     int slot)
{
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    aclnnStatus rc = aclnnSoftplusBackwardGetWorkspaceSize(go->t, x->t, slot == 0 ? odd : one, slot == 1 ? odd : twenty,
                                                           gi->t, &ws, &exec);
    return rc == ACLNN_SUCCESS ? acpu_test_run_phase2(aclnnSoftplusBackward, ws, exec) : rc;
}

/* ELU's and Softplus's own statuses (every API, against the masked call: test_no_trap_every_api):
 * every scalar slot in turn holding the pattern, every FP exception unmasked (SIGFPE at the first
 * trapping instruction, which Check's fork mode reports as an error); only ELU's isResult with a
 * negative alpha is refused. */
START_TEST(test_no_trap_with_fp_exceptions)
{
    uint32_t bits = k_trap_bits[_i];
    desc d = dense(ACL_FLOAT16, 300);
    held go = hold(&d, 600, 0x3c), x = hold(&d, 600, 0xbc), gi = hold(&d, 600, 0x00);
    aclScalar *one = acpu_test_scalar_f32(1.0f), *twenty = acpu_test_scalar_f32(20.0f), *odd = scalar_bits(bits);
    aclnnStatus elu[3][2], sp[2];
    feenableexcept(FE_ALL_EXCEPT);
    for (int slot = 0; slot < 3; slot++)
        for (int result = 0; result < 2; result++)
            elu[slot][result] = elu_with_odd(&go, &x, &gi, one, odd, slot, result != 0);
    for (int slot = 0; slot < 2; slot++)
        sp[slot] = softplus_with_odd(&go, &x, &gi, one, twenty, odd, slot);
    fedisableexcept(FE_ALL_EXCEPT);
    /* alpha < 0 with isResult is refused (-inf here; a NaN is not < 0); everything else runs */
    float alpha;
    memcpy(&alpha, &bits, sizeof alpha);
    bool refused = alpha < 0.0f;
    for (int slot = 0; slot < 3; slot++) {
        ck_assert_int_eq(elu[slot][0], ACLNN_SUCCESS);
        ck_assert_int_eq(elu[slot][1], slot == 0 && refused ? ACLNN_ERR_PARAM_INVALID : ACLNN_SUCCESS);
    }
    ck_assert_int_eq(sp[0], ACLNN_SUCCESS);
    ck_assert_int_eq(sp[1], ACLNN_SUCCESS);
    aclDestroyScalar(one);
    aclDestroyScalar(twenty);
    aclDestroyScalar(odd);
    release(&go);
    release(&x);
    release(&gi);
}
END_TEST

/* ---- an executor runs only under the operator that planned it ---------------------------------- */

START_TEST(test_executor_of_other_operator)
{
    desc d = dense(ACL_FLOAT, 64);
    held go = hold(&d, 256, 0x00), x = hold(&d, 256, 0x00), gi = hold(&d, 256, 0x5a);
    float *g = (float *)(void *)go.buf, *v = (float *)(void *)x.buf;
    for (int i = 0; i < 64; i++) {
        g[i] = 1.0f;
        v[i] = (float)(i - 32) * 0.25f;
    }
    static const phase1_fn plan[2] = {elu_phase1, softplus_phase1};
    static const acpu_test_phase2_fn own[2] = {aclnnEluBackward, aclnnSoftplusBackward};
    static const acpu_test_phase2_fn other[2] = {aclnnSoftplusBackward, aclnnEluBackward};
    static const char *const other_api[2] = {"aclnnSoftplusBackward", "aclnnEluBackward"};
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    ck_assert_int_eq(plan[_i](go.t, x.t, gi.t, &exec, &ws), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(other[_i], ws, exec), ACLNN_ERR_PARAM_INVALID);
    acpu_test_expect_msg_at(other_api[_i], "executor", NULL, __LINE__);
    acpu_test_expect_unchanged(gi.buf, gi.snap, gi.bytes, "gradInput", __LINE__);
    /* refused, not consumed: its own operator still runs it, once */
    ck_assert_int_eq(acpu_test_run_phase2(own[_i], ws, exec), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(own[_i], ws, exec), ACLNN_ERR_PARAM_INVALID);
    const float *out = (const float *)(const void *)gi.buf;
    for (int i = 0; i < 64; i++) {
        double ref = _i == 0 ? (v[i] > 0 ? 1.0 : exp((double)v[i])) : 1.0 / (1.0 + exp(-(double)v[i]));
        ACPU_TEST_EXPECT(fabs(out[i] - ref) <= 1e-6 * fmax(1.0, fabs(ref)), "element %d: %g, want %g", i,
                         (double)out[i], ref);
    }
    release(&go);
    release(&x);
    release(&gi);
}
END_TEST

/* ---- overlap rules ------------------------------------------------------------------------------ */

/* All three 1-D tensors of n floats over ONE buffer of 64, placed by offset and stride. */
typedef struct {
    const char *what;
    int64_t n, go_off, go_stride, x_off, x_stride, gi_off, gi_stride;
    bool ok;
} overlap_case;

static const overlap_case k_overlap[] = {
    {"gradInput is self's exact view (in place)", 16, 0, 1, 16, 1, 16, 1, true},
    {"gradInput is gradOutput's exact view (in place)", 16, 0, 1, 16, 1, 0, 1, true},
    {"all three the same view", 16, 0, 1, 0, 1, 0, 1, true},
    {"three disjoint ranges", 16, 0, 1, 16, 1, 32, 1, true},
    {"strided gradInput past both inputs", 8, 0, 1, 8, 1, 48, 2, true},
    {"gradInput one element after self", 16, 0, 1, 16, 1, 17, 1, false},
    {"gradInput one element before gradOutput", 16, 1, 1, 32, 1, 0, 1, false},
    {"dense gradInput over strided self's span, same first element", 8, 0, 1, 16, 2, 16, 1, false},
    {"gradInput with a zero stride", 16, 0, 1, 16, 1, 40, 0, false},
    /* no element shared, but the spans meet: refused (stricter than PyTorch, which cannot tell) */
    {"gradInput interleaved with self", 8, 0, 1, 16, 2, 17, 2, false},
};

static void expect_overlap_values(phase1_fn op, const overlap_case *c, const float *before, const float *buf)
{
    for (int64_t k = 0; k < c->n; k++) { /* the reference from the inputs as they were before the call */
        double g = before[c->go_off + k * c->go_stride], v = before[c->x_off + k * c->x_stride];
        double ref = op == elu_phase1 ? g * (v > 0 ? 1.0 : exp(v)) : g / (1.0 + exp(-v));
        double got = buf[c->gi_off + k * c->gi_stride];
        ACPU_TEST_EXPECT(fabs(got - ref) <= 1e-6 * fmax(1.0, fabs(ref)), "%s: element %lld is %g, want %g", c->what,
                         (long long)k, got, ref);
    }
}

static void overlap_run(phase1_fn op, acpu_test_phase2_fn run, const overlap_case *c)
{
    const char *api = op == elu_phase1 ? ELU_API : SP_API;
    float *buf = (float *)(void *)acpu_test_guarded_alloc(64 * sizeof(float), 0);
    for (int i = 0; i < 64; i++)
        buf[i] = 0.25f * (float)(i - 20);
    float before[64];
    memcpy(before, buf, sizeof before);
    const int64_t storage[1] = {64}, dims[1] = {c->n};
    const int64_t s_go[1] = {c->go_stride}, s_x[1] = {c->x_stride}, s_gi[1] = {c->gi_stride};
    aclTensor *go = aclCreateTensor(dims, 1, ACL_FLOAT, s_go, c->go_off, ACL_FORMAT_ND, storage, 1, buf);
    aclTensor *x = aclCreateTensor(dims, 1, ACL_FLOAT, s_x, c->x_off, ACL_FORMAT_ND, storage, 1, buf);
    aclTensor *gi = aclCreateTensor(dims, 1, ACL_FLOAT, s_gi, c->gi_off, ACL_FORMAT_ND, storage, 1, buf);
    ck_assert(go && x && gi);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    aclnnStatus st = op(go, x, gi, &exec, &ws);
    if (c->ok) {
        ck_assert_msg(st == ACLNN_SUCCESS, "%s: %s returned %d (%s)", c->what, api, (int)st, aclGetRecentErrMsg());
        ck_assert_int_eq(acpu_test_run_phase2(run, ws, exec), ACLNN_SUCCESS);
        expect_overlap_values(op, c, before, buf);
    } else {
        ck_assert_msg(st == ACLNN_ERR_PARAM_INVALID, "%s: %s returned %d, want 161002", c->what, api, (int)st);
        acpu_test_expect_msg_at(api, "gradInput", NULL, __LINE__);
        ck_assert_msg(memcmp(buf, before, sizeof before) == 0, "%s: a refused call wrote memory", c->what);
    }
    aclDestroyTensor(go);
    aclDestroyTensor(x);
    aclDestroyTensor(gi);
    free(buf);
}

START_TEST(test_overlap_rules)
{
    overlap_run(elu_phase1, aclnnEluBackward, &k_overlap[_i]);
    overlap_run(softplus_phase1, aclnnSoftplusBackward, &k_overlap[_i]);
}
END_TEST

/* A transposed view of self's memory as gradInput: same span and first element, other order. */
START_TEST(test_overlap_transposed)
{
    float *buf = (float *)(void *)acpu_test_guarded_alloc(64 * sizeof(float), 0);
    const int64_t dims[2] = {4, 4}, rows[2] = {4, 1}, cols[2] = {1, 4}, storage[1] = {64};
    aclTensor *go = aclCreateTensor(dims, 2, ACL_FLOAT, rows, 32, ACL_FORMAT_ND, storage, 1, buf);
    aclTensor *x = aclCreateTensor(dims, 2, ACL_FLOAT, rows, 0, ACL_FORMAT_ND, storage, 1, buf);
    aclTensor *gi = aclCreateTensor(dims, 2, ACL_FLOAT, cols, 0, ACL_FORMAT_ND, storage, 1, buf);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    ck_assert_int_eq(elu_phase1(go, x, gi, &exec, &ws), ACLNN_ERR_PARAM_INVALID);
    acpu_test_expect_msg_at(ELU_API, "gradInput", NULL, __LINE__);
    ck_assert_int_eq(softplus_phase1(go, x, gi, &exec, &ws), ACLNN_ERR_PARAM_INVALID);
    acpu_test_expect_msg_at(SP_API, "gradInput", NULL, __LINE__);
    aclDestroyTensor(go);
    aclDestroyTensor(x);
    aclDestroyTensor(gi);
    free(buf);
}
END_TEST

/* Softplus gradOutput broadcast (1 x 8 to 4 x 8) whose memory is gradInput's first row: writing row
 * 0 would change the gradOutput that rows 1..3 read. */
START_TEST(test_overlap_broadcast_input)
{
    float *buf = (float *)(void *)acpu_test_guarded_alloc(96 * sizeof(float), 0);
    const int64_t gdims[2] = {1, 8}, dims[2] = {4, 8}, storage[1] = {96};
    aclTensor *go = aclCreateTensor(gdims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage, 1, buf);
    aclTensor *x = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 64, ACL_FORMAT_ND, storage, 1, buf);
    aclTensor *gi = aclCreateTensor(dims, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, storage, 1, buf);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    ck_assert_int_eq(softplus_phase1(go, x, gi, &exec, &ws), ACLNN_ERR_PARAM_INVALID);
    acpu_test_expect_msg_at(SP_API, "gradOutput", NULL, __LINE__);
    aclDestroyTensor(go);
    aclDestroyTensor(x);
    aclDestroyTensor(gi);
    free(buf);
}
END_TEST

/* ---- every registry API: UB overrides, the tiling lab's refusals, rebinding ---------------------- */

#define MAX_IN ACPU_TILING_MAX_INPUTS
static const char *const k_socs[] = {"host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950"};
#define N_SOCS ((int)N_ELEMS(k_socs))

/* One dense call of an operator-info row (acpu_test_opinfo.h) on n elements of one dtype: inputs by
 * operator slot, each of shape {n} or {1, n} (rank[]), and the output; separate guarded buffers. */
typedef struct {
    const acpu_test_op *op;
    const acpu_api_def *api;
    aclDataType dt;
    int64_t n;
    int n_in;
    size_t bytes;
    unsigned char *in[MAX_IN], *in_snap[MAX_IN], *out, *out_snap;
    aclTensor *t_in[MAX_IN], *t_out;
} row_call;

static aclTensor *row_tensor(aclDataType dt, int64_t n, uint64_t rank, void *data)
{
    const int64_t dims[2] = {rank == 2 ? 1 : n, n}, storage[1] = {n};
    aclTensor *t = aclCreateTensor(rank == 2 ? dims : dims + 1, rank, dt, NULL, 0, ACL_FORMAT_ND, storage, 1, data);
    ck_assert_msg(t != NULL, "aclCreateTensor: %s", aclGetRecentErrMsg());
    return t;
}

/* `rank[j]`: input j's rank (1: {n}, 2: {1, n}); the output gets out_rank. */
static void row_make(row_call *c, const acpu_test_op *op, aclDataType dt, int64_t n, const uint64_t *rank,
                     uint64_t out_rank)
{
    memset(c, 0, sizeof *c);
    c->op = op;
    c->api = acpu_test_op_api(op);
    c->dt = dt;
    c->n = n;
    c->n_in = c->api->op->n_in;
    c->bytes = (size_t)n * acpu_test_dtype_size(dt);
    acpu_test_lcg_seed(7u + (unsigned)dt, 32);
    for (int j = 0; j < c->n_in; j++) {
        c->in[j] = acpu_test_guarded_alloc(c->bytes, 0x11);
        for (int64_t e = 0; e < n; e++)
            acpu_test_store(dt, c->in[j], (size_t)e, acpu_test_lcg_sym(op->range[j]));
        c->in_snap[j] = acpu_test_snapshot(c->in[j], c->bytes);
        c->t_in[j] = row_tensor(dt, n, rank[j], c->in[j]);
    }
    c->out = acpu_test_guarded_alloc(c->bytes, 0x5a);
    c->out_snap = acpu_test_snapshot(c->out, c->bytes);
    c->t_out = row_tensor(dt, n, out_rank, c->out);
}

static void row_free(row_call *c)
{
    for (int j = 0; j < c->n_in; j++) {
        aclDestroyTensor(c->t_in[j]);
        free(c->in[j]);
        free(c->in_snap[j]);
    }
    aclDestroyTensor(c->t_out);
    free(c->out);
    free(c->out_snap);
}

/* An in-place API computes on its output: it starts as input 0 each time. */
static void row_reset_output(row_call *c)
{
    memcpy(c->out, c->out_snap, c->bytes);
    if (acpu_test_op_inplace(c->op))
        memcpy(c->out, c->in[0], c->bytes);
}

/* `out` holds the row's reference of the inputs, within its tolerance (acpu_test_opinfo.h). */
static void expect_row_values(const row_call *c, const unsigned char *out, const char *what)
{
    int k = c->dt == ACL_FLOAT16 ? 1 : c->dt == ACL_BF16 ? 2 : 0;
    for (int64_t e = 0; e < c->n; e++) {
        double v[MAX_IN] = {0}, scale = 1.0;
        for (int j = 0; j < c->n_in; j++) {
            v[j] = acpu_test_load(c->dt, c->in[j], (size_t)e);
            scale *= 1.0 + fabs(v[j]);
        }
        double ref = c->op->reference(v, c->op->attr), got = acpu_test_load(c->dt, out, (size_t)e);
        if (isnan(ref))
            ACPU_TEST_EXPECT(isnan(got), "%s %s: element %lld is %g, want NaN", c->op->api, what, (long long)e, got);
        else
            ACPU_TEST_EXPECT(fabs(got - ref) <= c->op->rel_tol[k] * fabs(ref) + c->op->abs_tol[k] * scale,
                             "%s %s: element %lld is %.9g, want %.9g", c->op->api, what, (long long)e, got, ref);
    }
}

static void expect_inputs_unchanged(const row_call *c, int line)
{
    for (int j = 0; j < c->n_in; j++)
        acpu_test_expect_unchanged(c->in[j], c->in_snap[j], c->bytes, "an input", line);
}

/* Every tensor dtype check of the API takes dt on the profile's group (a promoted input: the
 * promotion's list, which a call of one dtype meets). */
static bool profile_takes(const acpu_api_def *api, aclDataType dt, const char *soc)
{
    acpu_soc parsed;
    ck_assert(acpu_soc_parse(soc, &parsed));
    acpu_profile_group g = acpu_profile_group_of(parsed);
    for (int i = 0; i < api->n_params; i++) {
        uint64_t set;
        if (api->params[i].kind <= ACPU_P_TINOUT_CONST &&
            (acpu_api_param_dtypes(api, i, g, &set) || acpu_api_param_promoted_dtypes(api, i, g, &set)) &&
            !(set & ACPU_DT(dt)))
            return false;
    }
    return true;
}

/* Phase 1 (and 2 when it succeeds) on the profile with the UB override: the first failing status,
 * or 0 with the values checked. A failure leaves every buffer as it was. */
static aclnnStatus run_on(row_call *c, const char *soc, int64_t ub, int line)
{
    ck_assert_int_eq(aclnnCpuSetPlatform(soc, 0, ub), ACL_SUCCESS);
    row_reset_output(c);
    unsigned char *before = acpu_test_snapshot(c->out, c->bytes);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    aclnnStatus st = acpu_test_op_phase1(c->op, (const aclTensor *const *)c->t_in, c->t_out, &ws, &exec);
    if (st == ACLNN_SUCCESS)
        st = acpu_test_run_phase2(c->api->run, ws, exec);
    if (st == ACLNN_SUCCESS)
        expect_row_values(c, c->out, soc);
    else
        acpu_test_expect_unchanged(c->out, before, c->bytes, "the output", line);
    expect_inputs_unchanged(c, line);
    free(before);
    return st;
}

/* Below one 32-byte block: no strategy's tile fits. */
static const int64_t k_tiny_ubs[] = {1, 16, 31};
/* Up to one 910B SiluGrad tile, single- or double-buffered (fp32 160 / 256 bytes, 16-bit 416 / 512) */
static const int64_t k_threshold_ubs[] = {32, 64, 100, 127, 128, 159, 160, 200, 255, 256, 300, 415, 416, 500, 511, 512};

/* A UB override too small for any tile (below one 32-byte block) is refused in phase 1 (561002, the
 * message naming the API and the UB) by every API on every profile, for every dtype the row runs in
 * there; a UB up to the 910B tiles' thresholds either plans (then runs right) or is refused the same
 * way; the profile's own UB and a normal override run. Before the fix SiluBackward planned a 0-element tile on the
 * 910B profiles and divided by zero in phase 2 (SIGFPE). */
START_TEST(test_ub_below_one_tile_every_api)
{
    const acpu_test_op *op = &acpu_test_ops[_i / N_SOCS];
    const char *soc = k_socs[_i % N_SOCS];
    static const uint64_t dense[MAX_IN] = {1, 1, 1};
    int dtypes = 0;
    for (int d = 0; d < op->n_dtypes; d++) {
        if (!profile_takes(acpu_test_op_api(op), op->dtypes[d], soc))
            continue;
        dtypes++;
        row_call c;
        row_make(&c, op, op->dtypes[d], 1000, dense, 1);
        ck_assert_msg(run_on(&c, soc, 0, __LINE__) == ACLNN_SUCCESS, "%s on %s: %s", op->api, soc,
                      aclGetRecentErrMsg());
        aclnnStatus normal = run_on(&c, soc, 65536, __LINE__);
        if (normal ==
            ACLNN_ERR_INNER_TILING_ERROR) { /* a kernel with a UB reserve of its own (GeluV2's Erf, 120 KiB) */
            acpu_test_expect_msg_at(acpu_test_op_api(op)->phase1, "UB", NULL, __LINE__);
            normal = run_on(&c, soc, 65536 + 131072, __LINE__);
        }
        ck_assert_msg(normal == ACLNN_SUCCESS, "%s on %s, UB 65536 (+128 KiB): %s", op->api, soc, aclGetRecentErrMsg());
        for (size_t k = 0; k < N_ELEMS(k_tiny_ubs); k++) {
            aclnnStatus st = run_on(&c, soc, k_tiny_ubs[k], __LINE__);
            ck_assert_msg(st == ACLNN_ERR_INNER_TILING_ERROR, "%s on %s, UB %lld: %d, want 561002", op->api, soc,
                          (long long)k_tiny_ubs[k], (int)st);
            acpu_test_expect_msg_at(acpu_test_op_api(op)->phase1, "UB", NULL, __LINE__);
        }
        for (size_t k = 0; k < N_ELEMS(k_threshold_ubs); k++) {
            aclnnStatus st = run_on(&c, soc, k_threshold_ubs[k], __LINE__);
            ck_assert_msg(st == ACLNN_SUCCESS || st == ACLNN_ERR_INNER_TILING_ERROR, "%s on %s, UB %lld: %d", op->api,
                          soc, (long long)k_threshold_ubs[k], (int)st);
        }
        row_free(&c);
    }
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
    ck_assert_msg(dtypes > 0, "%s runs in none of its row's dtypes on %s", op->api, soc);
}
END_TEST

/* The lab's word for the API's output ("out" for gradInput); false when it has none. */
static bool output_word(const acpu_api_def *api, char *word, size_t size)
{
    for (int i = 0; i < api->n_params; i++)
        if (api->params[i].kind >= ACPU_P_TOUT && api->params[i].kind <= ACPU_P_TINOUT_CONST) {
            acpu_lab_tensor_word(api->params[i].name, word, size);
            return true;
        }
    return false;
}

/* Whether a check that holds on every profile ties the output's shape to an input's: then the lab
 * refuses an output shape of its own (161002) before any tiling. */
static bool lab_checks_output_shape(const acpu_api_def *api)
{
    for (int i = 0; i < api->n_checks; i++) {
        const acpu_check *k = &api->checks[i];
        bool out_a = api->params[k->a].kind >= ACPU_P_TOUT, out_b = api->params[k->b].kind >= ACPU_P_TOUT;
        if (k->profiles == 0 && (k->kind == ACPU_CK_SAME_SHAPE || k->kind == ACPU_CK_BROADCAST_TO) &&
            (out_a || out_b) && api->params[k->a].kind <= ACPU_P_TINOUT_CONST &&
            api->params[k->b].kind <= ACPU_P_TINOUT_CONST)
            return true;
    }
    return false;
}

/* aclnnCpuGetTilingPlan with argv; asserts a documented code and, on success, a NUL-terminated text
 * of the length reported. */
static aclnnStatus lab_plan(const char *op, const char *const *argv, int32_t argc, size_t *len)
{
    static char json[ACPU_LAB_JSON_BYTES];
    memset(json, 0x5a, sizeof json);
    aclnnStatus st = aclnnCpuGetTilingPlan(op, argc, argv, json, sizeof json, len);
    ck_assert_msg(st == ACLNN_SUCCESS || st == ACLNN_ERR_PARAM_NULLPTR || st == ACLNN_ERR_PARAM_INVALID ||
                      st == ACLNN_ERR_INNER_TILING_ERROR || st == ACLNN_ERR_INNER,
                  "%s: aclnnCpuGetTilingPlan returned %d", op, (int)st);
    if (st == ACLNN_SUCCESS)
        ck_assert_msg(*len > 0 && json[0] == '{' && strlen(json) == *len, "%s: a plan of length %zu: %.80s", op, *len,
                      json);
    else
        acpu_test_expect_msg_at("aclnnCpuGetTilingPlan", NULL, NULL, __LINE__);
    return st;
}

/* An empty output shape, alone or with inputs that broadcast to it only through its 0 dim, on every
 * profile and strategy of every API: 161002 where a check on every profile ties the output's shape to
 * an input's, else a plan (0) or the tiling's refusal (561002); never a crash. Before the fix the
 * atvoss broadcast split divided by zero (SiluBackward: SIGFPE). */
START_TEST(test_lab_empty_output_every_api)
{
    const acpu_api_def *api = acpu_apis[_i];
    char word[48], opt[64], soc_opt[64], strategy_opt[64];
    ck_assert(output_word(api, word, sizeof word));
    snprintf(opt, sizeof opt, "--%s-shape", word);
    bool checked = lab_checks_output_shape(api);
    int refused_by_tiling = 0;
    for (int s = 0; s < N_SOCS; s++) {
        snprintf(soc_opt, sizeof soc_opt, "--soc=%s", k_socs[s]);
        for (int k = -1; k < api->op->n_tilings; k++) {
            snprintf(strategy_opt, sizeof strategy_opt, "--strategy=%s",
                     k < 0 ? "" : api->op->tilings[k].strategy->name);
            const char *const alone[] = {soc_opt, opt, "0", strategy_opt};
            const char *const broadcast[] = {soc_opt, "--shape", "1", opt, "2,0", strategy_opt};
            int32_t extra = k < 0 ? 0 : 1; /* the strategy option last, when forced */
            size_t len = 0;
            aclnnStatus a = lab_plan(api->snake, alone, 3 + extra, &len);
            aclnnStatus b = lab_plan(api->snake, broadcast, 5 + extra, &len);
            if (checked) {
                ck_assert_msg(a == ACLNN_ERR_PARAM_INVALID && b == ACLNN_ERR_PARAM_INVALID,
                              "%s %s: %d, %d, want 161002", api->snake, k_socs[s], (int)a, (int)b);
                continue;
            }
            ck_assert_msg(a != ACLNN_ERR_PARAM_NULLPTR && b != ACLNN_ERR_PARAM_NULLPTR, "%s %s: 161001", api->snake,
                          k_socs[s]);
            refused_by_tiling += (a == ACLNN_ERR_INNER_TILING_ERROR) + (b == ACLNN_ERR_INNER_TILING_ERROR);
        }
    }
    ck_assert_msg(checked || refused_by_tiling > 0, "%s: no profile's tiling refused an empty output", api->snake);
}
END_TEST

/* The audit's two option vectors: SiluBackward's host plan of an empty output is refused (561002). */
START_TEST(test_lab_empty_output_silu)
{
    const acpu_api_def *api = acpu_api_find("silu_backward");
    ck_assert_ptr_nonnull(api);
    const char *const alone[] = {"--out-shape", "0"}, *const broadcast[] = {"--shape", "1", "--out-shape", "2,0"};
    size_t len = 0;
    ck_assert_int_eq(lab_plan(api->snake, alone, 2, &len), ACLNN_ERR_INNER_TILING_ERROR);
    acpu_test_expect_msg_at("aclnnCpuGetTilingPlan", "SiluGrad", NULL, __LINE__);
    ck_assert_int_eq(lab_plan(api->snake, broadcast, 4, &len), ACLNN_ERR_INNER_TILING_ERROR);
}
END_TEST

/* The tiling lab under a UB override below one tile: every API on every profile refuses the plan
 * with 561002 and a message naming the tiling (never a plan of zero-element tiles). */
START_TEST(test_lab_ub_below_one_tile_every_api)
{
    const acpu_api_def *api = acpu_apis[_i];
    char soc_opt[64];
    for (int s = 0; s < N_SOCS; s++) {
        snprintf(soc_opt, sizeof soc_opt, "--soc=%s", k_socs[s]);
        const char *const argv[] = {soc_opt, "--ub", "31", "--shape", "4096"};
        size_t len = 0;
        aclnnStatus st = lab_plan(api->snake, argv, 5, &len);
        ck_assert_msg(st == ACLNN_ERR_INNER_TILING_ERROR, "%s on %s with a 31-byte UB: %d, want 561002", api->snake,
                      k_socs[s], (int)st);
        acpu_test_expect_msg_at("aclnnCpuGetTilingPlan", "tiling failed", NULL, __LINE__);
    }
}
END_TEST

/* The audit's case: SiluGrad's 910B plan below one tile of its buffers (fp16 416 bytes, fp32 160)
 * was a plan with tileDataNum 0; now refused, and the smallest UB that holds a tile plans one. */
START_TEST(test_lab_silu_910b_smallest_ub)
{
    static const struct {
        const char *dtype, *below, *at, *tile;
    } k[] = {{"float16", "415", "416", "\"tileDataNum\": 16"}, {"float32", "159", "160", "\"tileDataNum\": 8"}};
    for (size_t i = 0; i < N_ELEMS(k); i++) {
        const char *const below[] = {"--soc", "Ascend910B", "--dtype", k[i].dtype, "--ub", k[i].below};
        const char *const at[] = {"--soc", "Ascend910B", "--dtype", k[i].dtype, "--ub", k[i].at};
        size_t len = 0;
        ck_assert_int_eq(lab_plan("silu_backward", below, 6, &len), ACLNN_ERR_INNER_TILING_ERROR);
        acpu_test_expect_msg_at("aclnnCpuGetTilingPlan", "cannot hold one tile", NULL, __LINE__);
        static char json[ACPU_LAB_JSON_BYTES];
        ck_assert_int_eq(aclnnCpuGetTilingPlan("silu_backward", 6, at, json, sizeof json, &len), ACLNN_SUCCESS);
        ck_assert_msg(strstr(json, k[i].tile) != NULL, "%s at UB %s: %s", k[i].dtype, k[i].at, json);
    }
}
END_TEST

/* A NULL argv entry below argc is 161001 wherever it stands (as a value, first, after an unknown
 * option, between valid options, last), with the message naming its index; past argc it is never
 * read. Before the fix a NULL value ("--shape", NULL) was a bad value (161002). */
START_TEST(test_lab_null_argv_entry_every_api)
{
    const char *op = acpu_apis[_i]->snake;
    static const struct {
        const char *argv[5];
        int32_t argc;
        const char *index;
    } cases[] = {
        {{"--shape", NULL}, 2, "argv[1]"},      {{NULL}, 1, "argv[0]"},
        {{"--bogus", NULL}, 2, "argv[1]"},      {{"--dtype", "float32", NULL, "--shape", "3"}, 5, "argv[2]"},
        {{"--shape", "4", NULL}, 3, "argv[2]"}, {{"--soc", NULL, "--bogus"}, 3, "argv[1]"},
    };
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        size_t len = 99;
        aclnnStatus st = lab_plan(op, cases[k].argv, cases[k].argc, &len);
        ck_assert_msg(st == ACLNN_ERR_PARAM_NULLPTR, "%s case %zu: %d, want 161001", op, k, (int)st);
        acpu_test_expect_msg_at("aclnnCpuGetTilingPlan", cases[k].index, NULL, __LINE__);
        ck_assert_uint_eq(len, 0);
    }
    const char *const past[] = {"--shape", "4", NULL};
    size_t len = 0;
    ck_assert_int_eq(lab_plan(op, past, 2, &len), ACLNN_SUCCESS);
    /* before the op name too: an unknown op with a NULL entry is 161001, not the unknown op's 161002 */
    const char *const unknown[] = {"--shape", "3", NULL};
    ck_assert_int_eq(lab_plan("no_such_op", unknown, 3, &len), ACLNN_ERR_PARAM_NULLPTR);
    acpu_test_expect_msg_at("aclnnCpuGetTilingPlan", "argv[2]", NULL, __LINE__);
}
END_TEST

/* A rebinding through `call` refused as a partial overlap: 161002, the message naming the call and
 * the overlap. */
static void expect_rebind_refused(aclnnStatus st, const char *call, int line)
{
    ck_assert_msg(st == ACLNN_ERR_PARAM_INVALID, "at %d: %s returned %d, want 161002 (partial overlap)", line, call,
                  (int)st);
    acpu_test_expect_msg_at(call, "overlap", NULL, line);
}

/* Input `j` {n} and the output {1, n} (the other inputs {1, n}) on separate buffers: phase 1
 * accepts them wherever the API broadcasts, and refuses them at one address (not the same view).
 * Rebinding the output onto input j's memory, or input j onto the output's, must be refused the
 * same way, through each of aclSetOutputTensorAddr / aclSetInputTensorAddr / aclSetTensorAddr;
 * nothing changes (the next run computes from and into the original buffers), and a move to a
 * fresh buffer still works. Returns whether the API took the shapes. Before the fix the rebinding
 * checked no overlap. */
static bool rebind_case(const acpu_test_op *op, int j)
{
    uint64_t rank[MAX_IN] = {2, 2, 2};
    rank[j] = 1;
    row_call c;
    row_make(&c, op, ACL_FLOAT, 24, rank, 2);
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    row_reset_output(&c);
    if (acpu_test_op_phase1(op, (const aclTensor *const *)c.t_in, c.t_out, &ws, &exec) != ACLNN_SUCCESS) {
        row_free(&c);
        return false;
    }
    size_t n_in = (size_t)c.n_in;
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    expect_rebind_refused(aclSetOutputTensorAddr(exec, 0, c.t_out, c.in[j]), "aclSetOutputTensorAddr", __LINE__);
    expect_rebind_refused(aclSetInputTensorAddr(exec, (size_t)j, c.t_in[j], c.out), "aclSetInputTensorAddr", __LINE__);
    expect_rebind_refused(aclSetTensorAddr(exec, n_in, c.t_out, c.in[j]), "aclSetTensorAddr", __LINE__);
    expect_rebind_refused(aclSetTensorAddr(exec, (size_t)j, c.t_in[j], c.out), "aclSetTensorAddr", __LINE__);
    ck_assert_int_eq(acpu_test_run_phase2(c.api->run, ws, exec), ACLNN_SUCCESS);
    expect_row_values(&c, c.out, "after refused rebindings");
    expect_inputs_unchanged(&c, __LINE__);
    unsigned char *fresh = acpu_test_guarded_alloc(c.bytes, 0x77);
    if (acpu_test_op_inplace(op))
        memcpy(fresh, c.in[0], c.bytes);
    ck_assert_int_eq(aclSetOutputTensorAddr(exec, 0, c.t_out, fresh), ACLNN_SUCCESS);
    ck_assert_int_eq(acpu_test_run_phase2(c.api->run, ws, exec), ACLNN_SUCCESS);
    expect_row_values(&c, fresh, "rebound to a fresh buffer");
    ck_assert_int_eq(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
    free(fresh);
    /* the same two views at one address in phase 1: refused too */
    aclTensor *shared = row_tensor(ACL_FLOAT, c.n, 2, c.in[j]);
    aclTensor *saved = c.t_out;
    c.t_out = shared;
    ck_assert_int_eq(acpu_test_op_phase1(op, (const aclTensor *const *)c.t_in, shared, &ws, &exec),
                     ACLNN_ERR_PARAM_INVALID);
    c.t_out = saved;
    aclDestroyTensor(shared);
    row_free(&c);
    return true;
}

START_TEST(test_rebind_overlap_every_api)
{
    int cases = 0;
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    for (int o = 0; o < acpu_test_num_ops; o++) {
        const acpu_test_op *op = &acpu_test_ops[o];
        int first = acpu_test_op_inplace(op) ? 1 : 0; /* an in-place API's input 0 is its output */
        for (int j = first; j < acpu_test_op_api(op)->op->n_in; j++)
            cases += rebind_case(op, j);
    }
    ck_assert_msg(cases > 0, "no registry API takes an input {n} with an output {1, n}: the case tests nothing");
}
END_TEST

/* ---- every registry API: rebinding keeps phase 1's guarantees ------------------------------------ */

/* The host call of the row on `n` elements (1-D, dense, separate guarded buffers; acpu_test_call.h)
 * in its base dtype there, checked present. */
static void make_host_call(acpu_test_call *c, const acpu_test_op *op, int64_t n, uint64_t seed)
{
    const int64_t dims[1] = {n};
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    aclDataType dt = acpu_test_call_base_dtype(op, ACPU_PG_950);
    ck_assert_msg(dt != ACL_DT_UNDEFINED, "%s: no dtype of its row runs on the host profile", op->api);
    acpu_test_call_make(c, op, dt, 1, dims, seed);
}

static size_t call_bytes(const acpu_test_call *c) { return (size_t)c->numel * acpu_test_dtype_size(c->dt); }

/* A rebinding's status is `want`; a refusal's message names the call and `word`. */
static void expect_rebind_at(aclnnStatus got, aclnnStatus want, const char *call, const char *word,
                             const acpu_test_call *c, const char *what, int line)
{
    ck_assert_msg(got == want, "at %d: %s: %s (%s) returned %d, want %d (%s)", line, c->api->name, call, what, (int)got,
                  (int)want, aclGetRecentErrMsg());
    if (want != ACLNN_SUCCESS)
        acpu_test_expect_msg_at(call, word, NULL, line);
}
#define EXPECT_REBIND(got, want, call, word, c, what) \
    expect_rebind_at((got), (want), (call), (word), (c), (what), __LINE__)

/* Tensor parameter i moved to addr through each call that numbers it (an in-place selfRef is both an
 * input and the output): every one must return `want`. */
static void rebind_each(aclOpExecutor *exec, const acpu_test_call *c, int i, void *addr, aclnnStatus want,
                        const char *word, const char *what)
{
    const acpu_param_def *p = &c->api->params[i];
    aclTensor *t = c->t[i];
    size_t n_in = (size_t)c->api->op->n_in;
    if (acpu_test_kind_is_input(p->kind)) {
        EXPECT_REBIND(aclSetInputTensorAddr(exec, p->slot, t, addr), want, "aclSetInputTensorAddr", word, c, what);
        EXPECT_REBIND(aclSetTensorAddr(exec, p->slot, t, addr), want, "aclSetTensorAddr", word, c, what);
    }
    if (acpu_test_kind_is_output(p->kind)) {
        EXPECT_REBIND(aclSetOutputTensorAddr(exec, 0, t, addr), want, "aclSetOutputTensorAddr", word, c, what);
        EXPECT_REBIND(aclSetTensorAddr(exec, n_in, t, addr), want, "aclSetTensorAddr", word, c, what);
    }
}

/* Element offset k (possibly negative) from a buffer, as an address (never dereferenced). */
static void *shifted(const unsigned char *buf, int64_t k, size_t es)
{
    return (void *)(uintptr_t)((uintptr_t)buf + (uintptr_t)(k * (int64_t)es));
}

/* Phase 2 of the executor: 0, the output `at` holding `want`'s bits (and the rest of its buffer and
 * the guard as they were), every other tensor buffer as its snapshot (unless it is `at`). */
static void rebound_run(const acpu_test_call *c, aclOpExecutor *exec, uint64_t ws, const unsigned char *want,
                        const unsigned char *at, const char *what)
{
    ck_assert_msg(acpu_test_call_phase2(c, ws, exec) == ACLNN_SUCCESS, "%s (%s): phase 2: %s", c->api->name, what,
                  aclGetRecentErrMsg());
    size_t bytes = call_bytes(c);
    ck_assert_msg(memcmp(at, want, bytes) == 0, "%s (%s): the output differs from the call on its own buffers",
                  c->api->name, what);
    for (int i = 0; i < c->n_params; i++) {
        if (c->buf[i] == NULL)
            continue;
        const unsigned char *from = c->buf[i] == at ? c->buf[i] + bytes : c->buf[i];
        size_t skip = (size_t)(from - c->buf[i]);
        acpu_test_expect_unchanged(from, c->snap[i] + skip, c->cap - skip, c->api->params[i].name, __LINE__);
    }
}

/* Every tensor's storage address is still its own buffer (a refused rebinding changes nothing). */
static void expect_addresses_kept(const acpu_test_call *c)
{
    for (int i = 0; i < c->n_params; i++) {
        if (c->buf[i] == NULL)
            continue;
        void *addr = NULL;
        ck_assert_int_eq(aclGetRawTensorAddr(c->t[i], &addr), ACLNN_SUCCESS);
        ck_assert_msg(addr == c->buf[i], "%s: a refused rebinding moved %s", c->api->name, c->api->params[i].name);
    }
}

/* A repeatable executor of the row's dense host call, its tensors rebound through
 * aclSetInputTensorAddr / aclSetOutputTensorAddr / aclSetTensorAddr (doc/BEHAVIOUR.md, "The meta API"):
 *   - a NULL address: 161001, and an address at which the view wraps around the address space:
 *     161002, for every tensor through every call that numbers it;
 *   - the output one element after or before an input, and an input one element after or before the
 *     output (a partial overlap): 161002 naming the overlap;
 *   - none of these changes anything: the storage addresses stay, and the next run reads and writes
 *     the original buffers with the bits of the call made there;
 *   - the output moved exactly onto an input, or an input exactly onto the output (in place): accepted,
 *     computed in place with the same bits, nothing else written; an in-place API's selfRef moved to
 *     a fresh buffer (as input and as output) computes there;
 *   - after the executor is destroyed: 161002. */
START_TEST(test_rebind_rules_every_api)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    acpu_test_call c;
    make_host_call(&c, op, 64, 29);
    size_t es = acpu_test_dtype_size(c.dt), bytes = call_bytes(&c), n_in = (size_t)c.api->op->n_in;
    unsigned char *want = malloc(bytes);
    ck_assert_msg(acpu_test_call_run(&c) == ACLNN_SUCCESS, "%s: %s", op->api, aclGetRecentErrMsg());
    memcpy(want, c.buf[c.out], bytes);
    acpu_test_call_reset(&c);
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    ck_assert_int_eq(acpu_test_call_phase1(&c, &ws, &exec), ACLNN_SUCCESS);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    void *const wrap = (void *)(uintptr_t)(UINTPTR_MAX - 8);
    int moved = 0;
    for (int i = 0; i < c.n_params; i++) {
        const acpu_param_def *p = &c.api->params[i];
        if (!acpu_test_kind_is_tensor(p->kind))
            continue;
        rebind_each(exec, &c, i, NULL, ACLNN_ERR_PARAM_NULLPTR, "addr", "a NULL address");
        rebind_each(exec, &c, i, wrap, ACLNN_ERR_PARAM_INVALID, "wraps", "a view wrapping the address space");
        if (!acpu_test_kind_is_input(p->kind))
            continue;
        for (int64_t k = -1; k <= 1; k += 2) { /* partial overlaps, both ways, on both sides */
            EXPECT_REBIND(aclSetOutputTensorAddr(exec, 0, c.t[c.out], shifted(c.buf[i], k, es)),
                          ACLNN_ERR_PARAM_INVALID, "aclSetOutputTensorAddr", "overlap", &c, p->name);
            EXPECT_REBIND(aclSetTensorAddr(exec, n_in, c.t[c.out], shifted(c.buf[i], k, es)), ACLNN_ERR_PARAM_INVALID,
                          "aclSetTensorAddr", "overlap", &c, p->name);
            EXPECT_REBIND(aclSetInputTensorAddr(exec, p->slot, c.t[i], shifted(c.buf[c.out], k, es)),
                          ACLNN_ERR_PARAM_INVALID, "aclSetInputTensorAddr", "overlap", &c, p->name);
            EXPECT_REBIND(aclSetTensorAddr(exec, p->slot, c.t[i], shifted(c.buf[c.out], k, es)),
                          ACLNN_ERR_PARAM_INVALID, "aclSetTensorAddr", "overlap", &c, p->name);
        }
        moved++;
    }
    ck_assert_msg(moved > 0, "%s has no input to rebind", op->api);
    expect_addresses_kept(&c);
    acpu_test_call_reset(&c);
    rebound_run(&c, exec, ws, want, c.buf[c.out], "after refused rebindings");
    for (int j = 0; j < c.n_params; j++) { /* exact aliasing: in place over input j, both ways */
        const acpu_param_def *p = &c.api->params[j];
        if (p->kind != ACPU_P_TIN)
            continue;
        acpu_test_call_reset(&c);
        EXPECT_REBIND(aclSetOutputTensorAddr(exec, 0, c.t[c.out], c.buf[j]), ACLNN_SUCCESS, "aclSetOutputTensorAddr",
                      NULL, &c, "the output onto an input");
        rebound_run(&c, exec, ws, want, c.buf[j], "the output exactly on an input");
        acpu_test_call_reset(&c);
        EXPECT_REBIND(aclSetTensorAddr(exec, n_in, c.t[c.out], c.buf[c.out]), ACLNN_SUCCESS, "aclSetTensorAddr", NULL,
                      &c, "the output back");
        memcpy(c.buf[c.out], c.snap[j], bytes); /* input j's values, read and overwritten in place */
        EXPECT_REBIND(aclSetInputTensorAddr(exec, p->slot, c.t[j], c.buf[c.out]), ACLNN_SUCCESS,
                      "aclSetInputTensorAddr", NULL, &c, "an input onto the output");
        ck_assert_msg(acpu_test_call_phase2(&c, ws, exec) == ACLNN_SUCCESS, "%s: %s", op->api, aclGetRecentErrMsg());
        ck_assert_msg(memcmp(c.buf[c.out], want, bytes) == 0, "%s: in place over the output's buffer differs", op->api);
        acpu_test_expect_unchanged(c.buf[j], c.snap[j], c.cap, p->name, __LINE__);
        EXPECT_REBIND(aclSetTensorAddr(exec, p->slot, c.t[j], c.buf[j]), ACLNN_SUCCESS, "aclSetTensorAddr", NULL, &c,
                      "the input back");
    }
    if (acpu_test_kind_is_input(c.api->params[c.out].kind)) { /* an in-place API's selfRef, moved whole */
        unsigned char *fresh = acpu_test_guarded_alloc(c.cap, 0);
        memcpy(fresh, c.snap[c.out], c.cap);
        unsigned char *fresh_snap = acpu_test_snapshot(fresh, c.cap);
        acpu_test_call_reset(&c);
        rebind_each(exec, &c, c.out, fresh, ACLNN_SUCCESS, NULL, "the selfRef to a fresh buffer");
        ck_assert_msg(acpu_test_call_phase2(&c, ws, exec) == ACLNN_SUCCESS, "%s: %s", op->api, aclGetRecentErrMsg());
        ck_assert_msg(memcmp(fresh, want, bytes) == 0, "%s: the selfRef moved computes other bits", op->api);
        acpu_test_expect_unchanged(fresh + bytes, fresh_snap + bytes, c.cap - bytes, "the fresh buffer", __LINE__);
        acpu_test_call_expect_unchanged(&c, __LINE__);
        void *addr = NULL;
        ck_assert_int_eq(aclGetRawTensorAddr(c.t[c.out], &addr), ACLNN_SUCCESS);
        ck_assert_ptr_eq(addr, fresh);
        rebind_each(exec, &c, c.out, c.buf[c.out], ACLNN_SUCCESS, NULL, "the selfRef back");
        free(fresh);
        free(fresh_snap);
    }
    ck_assert_int_eq(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
    EXPECT_REBIND(aclSetOutputTensorAddr(exec, 0, c.t[c.out], c.buf[c.out]), ACLNN_ERR_PARAM_INVALID,
                  "aclSetOutputTensorAddr", "executor", &c, "a destroyed executor");
    free(want);
    acpu_test_call_free(&c);
}
END_TEST

/* ---- every registry API: a workspace that is not representable ------------------------------------ */

/* The call: WS_N float elements, every tensor dense over its own far-apart address (phase 1 only
 * checks, so none is dereferenced; real buffers this large do not exist). */
#define WS_N ((int64_t)1 << 56)
/* doc/BEHAVIOUR.md, "Sizes and memory": a plan is refused when (tile + 64) elements of 16 bytes in
 * each of 2 x (3 inputs + the output) + 1 staging buffers, times the threads (1 here), pass
 * PTRDIFF_MAX, whatever the call itself stages. */
#define WS_BUFFERS 9u
#define WS_MARK ((uint64_t)0x5eed5eedu) /* what a refused phase 1 leaves in workspaceSize */
#define WS_TILE_MAX ((uint64_t)PTRDIFF_MAX / (16u * WS_BUFFERS) - 64u)

/* The tiling lab's plan of the same call (dense FLOAT tensors of WS_N elements) on `soc` with UB
 * `ub`: its status, the schedule's tile on success, the refusal's "(why)" on 561002. */
/* The lab's options for the row's attribute values (as acpu_test_call passes them: scalars in fp32). */
typedef struct {
    char text[2 * ACPU_MAX_PARAMS][64];
    const char *argv[2 * ACPU_MAX_PARAMS + 16];
    int32_t argc;
} lab_args;

static void lab_arg(lab_args *a, const char *v) { a->argv[a->argc++] = v; }

static void lab_attr_args(lab_args *a, const acpu_test_op *op, const acpu_api_def *api)
{
    for (int i = 0, k = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (acpu_test_kind_is_tensor(p->kind))
            continue;
        double v = op->attr[p->slot];
        char *opt = a->text[k++], *val = a->text[k++];
        memcpy(opt, "--", 3);
        acpu_lab_kebab(p->name, opt + 2, 62);
        if (p->kind == ACPU_P_BOOL) {
            if (v != 0.0)
                lab_arg(a, opt);
            continue;
        }
        if (p->kind == ACPU_P_STRING)
            snprintf(val, 64, "%s", api->op->attrs[p->slot].choices[(int)v]);
        else if (p->kind == ACPU_P_INT)
            snprintf(val, 64, "%lld", (long long)v);
        else
            snprintf(val, 64, "%.17g", (double)(float)v);
        lab_arg(a, opt);
        lab_arg(a, val);
    }
}

static aclnnStatus lab_ws_plan(const acpu_test_op *op, const acpu_api_def *api, const char *soc, int64_t ub,
                               uint64_t *tile, char *why, size_t why_size)
{
    char ub_text[32], n_text[32];
    snprintf(ub_text, sizeof ub_text, "%lld", (long long)ub);
    snprintf(n_text, sizeof n_text, "%lld", (long long)WS_N);
    lab_args a = {.argc = 0};
    const char *const fixed[] = {"--soc", soc, "--ub", ub_text, "--dtype", "float32", "--shape", n_text, "--schedule"};
    for (size_t i = 0; i < N_ELEMS(fixed); i++)
        lab_arg(&a, fixed[i]);
    lab_attr_args(&a, op, api);
    static char json[ACPU_LAB_JSON_BYTES];
    size_t len = 0;
    aclnnStatus st = aclnnCpuGetTilingPlan(api->snake, a.argc, a.argv, json, sizeof json, &len);
    if (st == ACLNN_ERR_INNER_TILING_ERROR) {
        const char *m = strstr(aclGetRecentErrMsg(), "tiling failed (");
        ck_assert_msg(m != NULL, "%s on %s: the lab's refusal says no why: %s", api->snake, soc, aclGetRecentErrMsg());
        snprintf(why, why_size, "%s", m + strlen("tiling failed "));
        return st;
    }
    ck_assert_msg(st == ACLNN_SUCCESS, "%s on %s, UB %lld: the lab returned %d (%s)", api->snake, soc, (long long)ub,
                  (int)st, aclGetRecentErrMsg());
    const char *sched = strstr(json, "\"schedule\"");
    const char *t = sched != NULL ? strstr(sched, "\"tile\": ") : NULL;
    ck_assert_msg(t != NULL, "%s on %s: no schedule tile in %.200s", api->snake, soc, json);
    *tile = strtoull(t + strlen("\"tile\": "), NULL, 10);
    return st;
}

/* Every API on every profile with a UB override of INT64_MAX and of INT64_MAX / 8, one thread, a
 * dense FLOAT call of 2^56 elements with the row's attribute values: phase 1 does what the tiling lab's
 * plan of the same call says.
 * The lab refuses it (561002): phase 1 refuses it with the same reason. The plan's tile is too large
 * for a representable workspace (WS_TILE_MAX): 161002, the message naming the workspace and that
 * tile. Otherwise: accepted, workspace 0 (nothing staged). The ELU and Softplus specifics (ELU's tile
 * capped by its compute chunk, Softplus's growing with the UB, both on a staged call):
 * test_workspace_exact. */
START_TEST(test_workspace_exact_every_api)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    static const int64_t ubs[2] = {INT64_MAX, INT64_MAX / 8};
    static const int64_t one[1] = {1}, dims[1] = {WS_N};
    acpu_test_call c;
    acpu_test_call_make(&c, op, ACL_FLOAT, 1, one, 41); /* its scalars and flags; the tensors replaced below */
    aclTensor *t[ACPU_MAX_PARAMS] = {NULL};
    for (int i = 0, k = 1; i < c.n_params; i++)
        if (acpu_test_kind_is_tensor(c.api->params[i].kind)) {
            t[i] = aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 1,
                                   (void *)(uintptr_t)((uint64_t)k++ << 60));
            ck_assert_ptr_nonnull(t[i]);
            c.args[i].p = t[i];
        }
    ck_assert_int_eq(aclnnCpuSetNumThreads(1), ACL_SUCCESS);
    int outcomes[3] = {0, 0, 0}; /* refused by the tiling, by the workspace, accepted */
    for (int s = 0; s < N_SOCS; s++) {
        for (int u = 0; u < 2; u++) {
            ck_assert_int_eq(aclnnCpuSetPlatform(k_socs[s], 0, ubs[u]), ACL_SUCCESS);
            uint64_t tile = 0;
            char why[256] = "", tile_text[64];
            aclnnStatus lab = lab_ws_plan(op, c.api, k_socs[s], ubs[u], &tile, why, sizeof why);
            uint64_t ws = WS_MARK;
            aclOpExecutor *exec = NULL;
            aclnnStatus st = acpu_test_call_phase1(&c, &ws, &exec);
            const char *m = aclGetRecentErrMsg();
            if (lab == ACLNN_ERR_INNER_TILING_ERROR) {
                ck_assert_msg(st == lab, "%s on %s, UB %lld: %d where the lab refuses %s", op->api, k_socs[s],
                              (long long)ubs[u], (int)st, why);
                acpu_test_expect_msg_at(c.api->phase1, why, NULL, __LINE__);
                outcomes[0]++;
            } else if (tile > WS_TILE_MAX) {
                ck_assert_msg(st == ACLNN_ERR_PARAM_INVALID, "%s on %s, UB %lld: %d (%s) with a tile of %llu elements",
                              op->api, k_socs[s], (long long)ubs[u], (int)st, m, (unsigned long long)tile);
                snprintf(tile_text, sizeof tile_text, "tile of %llu elements", (unsigned long long)tile);
                acpu_test_expect_msg_at(c.api->phase1, "workspace", NULL, __LINE__);
                acpu_test_expect_msg_at(c.api->phase1, tile_text, NULL, __LINE__);
                outcomes[1]++;
            } else {
                ck_assert_msg(st == ACLNN_SUCCESS, "%s on %s, UB %lld: %d (%s) with a tile of %llu elements", op->api,
                              k_socs[s], (long long)ubs[u], (int)st, m, (unsigned long long)tile);
                ck_assert_msg(ws == 0, "%s on %s: a dense call staged %llu bytes", op->api, k_socs[s],
                              (unsigned long long)ws);
                ck_assert_int_eq(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
                outcomes[2]++;
            }
            if (st != ACLNN_SUCCESS)
                ck_assert_msg(ws == WS_MARK, "%s: a refused phase 1 wrote its workspace size", op->api);
        }
    }
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    printf("%s: refused by the tiling %d, by the workspace %d, accepted %d of %d plans\n", op->api, outcomes[0],
           outcomes[1], outcomes[2], 2 * N_SOCS);
    for (int i = 0; i < c.n_params; i++)
        if (t[i] != NULL)
            ck_assert_int_eq(aclDestroyTensor(t[i]), ACLNN_SUCCESS);
    acpu_test_call_free(&c);
}
END_TEST

/* ---- every registry API: no trap whatever FP exceptions the caller unmasked ----------------------- */

/* The call's output holds the row's reference of its inputs within the row's tolerance
 * (acpu_test_opinfo.h), for the row's own attribute values. */
static void expect_call_values(const acpu_test_call *c, const char *what)
{
    int k = c->dt == ACL_FLOAT16 ? 1 : c->dt == ACL_BF16 ? 2 : 0;
    for (int64_t e = 0; e < c->numel; e++) {
        double v[MAX_IN] = {0}, scale = 1.0;
        for (int i = 0; i < c->n_params; i++)
            if (acpu_test_kind_is_input(c->api->params[i].kind)) {
                v[c->api->params[i].slot] = acpu_test_load(c->dt, c->snap[i], (size_t)e);
                scale *= 1.0 + fabs(v[c->api->params[i].slot]);
            }
        double ref = c->op->reference(v, c->op->attr), got = acpu_test_load(c->dt, c->buf[c->out], (size_t)e);
        if (isnan(ref))
            ACPU_TEST_EXPECT(isnan(got), "%s %s: element %lld is %g, want NaN", c->api->name, what, (long long)e, got);
        else
            ACPU_TEST_EXPECT(fabs(got - ref) <= c->op->rel_tol[k] * fabs(ref) + c->op->abs_tol[k] * scale,
                             "%s %s: element %lld is %.9g, want %.9g", c->api->name, what, (long long)e, got, ref);
    }
}

/* Both phases of c under the environment in force, with no Check call (Check's own code must not
 * run with exceptions unmasked); `workspace` holds `cap` bytes. p2 -1: not run; -2: workspace short. */
typedef struct {
    aclnnStatus p1, p2;
} trap_outcome;

static trap_outcome trap_call(const acpu_test_call *c, void *workspace, uint64_t cap)
{
    trap_outcome r = {-1, -1};
    uint64_t ws = 0;
    aclOpExecutor *exec = NULL;
    r.p1 = acpu_test_call_phase1(c, &ws, &exec);
    if (r.p1 == ACLNN_SUCCESS)
        r.p2 = ws <= cap ? c->api->run(workspace, ws, exec, NULL) : -2;
    return r;
}

/* Every floating dtype of the row (its base dtype where it has none), 300 elements: the row's
 * scalars, then each scalar parameter in turn holding each k_trap_bits pattern (NaNs, a signalling
 * NaN, infinities, a subnormal, FLT_MAX, 0.1), each with every value of the bool parameters; both
 * phases once with every FP exception masked and once with all of them unmasked (a trap is SIGFPE,
 * which Check's fork mode reports as an error). Unmasked, each call gives the masked call's statuses
 * (0, or 161002 / 561002 naming the API for attribute values it refuses: CELU's tiny alpha is a
 * tiling refusal) and its output bits (untouched when refused); the row's own attributes give the row's reference
 * values. The ELU and Softplus statuses for these patterns: test_no_trap_with_fp_exceptions. */
START_TEST(test_no_trap_every_api)
{
    const acpu_test_op *op = &acpu_test_ops[_i];
    enum { N = 300, WS_CAP = 1 << 20 };
    static const int64_t dims[1] = {N};
    void *workspace = aligned_alloc(64, WS_CAP);
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    aclDataType dts[10];
    int n_dt = 0;
    for (int d = 0; d < op->n_dtypes; d++)
        if (op->dtypes[d] == ACL_FLOAT || op->dtypes[d] == ACL_FLOAT16 || op->dtypes[d] == ACL_BF16 ||
            op->dtypes[d] == ACL_DOUBLE)
            dts[n_dt++] = op->dtypes[d];
    if (n_dt == 0)
        dts[n_dt++] = acpu_test_call_base_dtype(op, ACPU_PG_950);
    long runs = 0, refused = 0;
    for (int d = 0; d < n_dt; d++) {
        acpu_test_call c;
        acpu_test_call_make(&c, op, dts[d], 1, dims, 43);
        size_t bytes = call_bytes(&c);
        unsigned char *masked = malloc(bytes);
        int bools[ACPU_MAX_PARAMS], n_bools = 0;
        for (int i = 0; i < c.n_params; i++)
            if (c.api->params[i].kind == ACPU_P_BOOL)
                bools[n_bools++] = i;
        aclScalar *odd[N_ELEMS(k_trap_bits)];
        for (size_t b = 0; b < N_ELEMS(k_trap_bits); b++)
            odd[b] = scalar_bits(k_trap_bits[b]);
        /* variant -1: the row's scalars; else scalar parameter `param` holds odd[variant % patterns] */
        for (int param = -1; param < c.n_params; param++) {
            if (param >= 0 && c.api->params[param].kind != ACPU_P_SCALAR &&
                c.api->params[param].kind != ACPU_P_SCALAR_OPT)
                continue;
            for (size_t b = 0; b < (param < 0 ? 1 : N_ELEMS(k_trap_bits)); b++) {
                for (unsigned flags = 0; flags < (1u << n_bools); flags++) {
                    acpu_test_call_reset(&c);
                    if (param >= 0)
                        c.args[param].p = odd[b];
                    bool own = param < 0;
                    for (int k = 0; k < n_bools; k++) {
                        c.args[bools[k]].b = (flags >> k) & 1u;
                        own = own && c.args[bools[k]].b == (op->attr[c.api->params[bools[k]].slot] != 0.0);
                    }
                    trap_outcome m = trap_call(&c, workspace, WS_CAP);
                    memcpy(masked, c.buf[c.out], bytes);
                    acpu_arg args[ACPU_MAX_PARAMS];
                    memcpy(args, c.args, sizeof args);
                    acpu_test_call_reset(&c);
                    memcpy(c.args, args, sizeof args);
                    feenableexcept(FE_ALL_EXCEPT);
                    trap_outcome u = trap_call(&c, workspace, WS_CAP);
                    fedisableexcept(FE_ALL_EXCEPT);
                    char what[96];
                    snprintf(what, sizeof what, "%s, scalar %d pattern %zu, bools %u", acpu_dtype_name(c.dt), param, b,
                             flags);
                    ck_assert_msg(m.p2 != -2, "%s (%s): workspace over %d bytes", op->api, what, (int)WS_CAP);
                    ck_assert_msg(u.p1 == m.p1 && u.p2 == m.p2, "%s (%s): unmasked %d, %d; masked %d, %d", op->api,
                                  what, (int)u.p1, (int)u.p2, (int)m.p1, (int)m.p2);
                    if (m.p1 == ACLNN_SUCCESS) {
                        ck_assert_msg(m.p2 == ACLNN_SUCCESS, "%s (%s): phase 2 %d", op->api, what, (int)m.p2);
                        ck_assert_msg(memcmp(c.buf[c.out], masked, bytes) == 0,
                                      "%s (%s): unmasked exceptions changed "
                                      "the bits",
                                      op->api, what);
                    } else {
                        ck_assert_msg(m.p1 == ACLNN_ERR_PARAM_INVALID || m.p1 == ACLNN_ERR_INNER_TILING_ERROR,
                                      "%s (%s): phase 1 %d", op->api, what, (int)m.p1);
                        acpu_test_expect_msg_at(c.api->phase1, NULL, NULL, __LINE__);
                        acpu_test_call_expect_unchanged(&c, __LINE__);
                        refused++;
                    }
                    if (own) {
                        ck_assert_msg(m.p1 == ACLNN_SUCCESS, "%s (%s): the row's own call refused", op->api, what);
                        expect_call_values(&c, what);
                    }
                    runs++;
                }
            }
        }
        for (size_t b = 0; b < N_ELEMS(k_trap_bits); b++)
            aclDestroyScalar(odd[b]);
        free(masked);
        acpu_test_call_free(&c);
    }
    ck_assert_msg(runs > refused, "%s: every call refused", op->api);
    free(workspace);
}
END_TEST

/* ---- thread requests stay within what the process can create ---------------------------------- */

/* Field `field` (0-based) of /proc/self/statm in bytes: 0 the address space, 5 data + stack. */
static unsigned long long statm_bytes(int field)
{
    unsigned long long v[6] = {0};
    FILE *f = fopen("/proc/self/statm", "r");
    if (f != NULL) {
        if (fscanf(f, "%llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 6)
            v[field] = 0;
        fclose(f);
    }
    return v[field] * (unsigned long long)sysconf(_SC_PAGESIZE);
}

/* Sets the soft limit `resource` 40 MiB above the size it measures (statm field): room for the
 * buffers and a few thread stacks, not for 8. */
static bool limit_to_40mib_more(int resource, int field)
{
    struct rlimit r = {statm_bytes(field) + (40ull << 20), RLIM_INFINITY};
    return setrlimit(resource, &r) == 0;
}

static int softplus_1m(aclTensor *const t[3], bool run)
{
    aclOpExecutor *exec = NULL;
    uint64_t ws = 0;
    if (softplus_phase1(t[0], t[1], t[2], &exec, &ws) != ACLNN_SUCCESS || ws != 0)
        return 2;
    if (!run)
        return aclDestroyAclOpExecutor(exec) == ACLNN_SUCCESS ? 0 : 5;
    return aclnnSoftplusBackward(NULL, 0, exec, NULL) == ACLNN_SUCCESS ? 0 : 3;
}

/* A separate process (no Check calls here): one 1M-element softplus call on the settings it was
 * started with. Modes: "as" / "data", first under an address-space / data limit 40 MiB above the
 * current size; "late-as", a phase 1 of the same call (not run) before the address-space limit is
 * lowered, so that limits read once at the first call would miss it; "team-as", the same call run
 * once before the limit is lowered (its team's threads then exist, so the second call needs none). */
static int thread_cap_child(const char *mode)
{
    if ((strcmp(mode, "as") == 0 && !limit_to_40mib_more(RLIMIT_AS, 0)) ||
        (strcmp(mode, "data") == 0 && !limit_to_40mib_more(RLIMIT_DATA, 5)))
        return 4;
    enum { N = 1 << 20 };
    const int64_t dims[1] = {N};
    float *buf = calloc(3 * (size_t)N, sizeof(float));
    aclTensor *t[3];
    for (int i = 0; i < 3; i++)
        t[i] = buf ? aclCreateTensor(dims, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 1, buf + (size_t)i * N) : NULL;
    if (t[0] == NULL || t[1] == NULL || t[2] == NULL)
        return 1;
    if (strcmp(mode, "late-as") == 0 || strcmp(mode, "team-as") == 0) {
        int rc = softplus_1m(t, strcmp(mode, "team-as") == 0);
        if (rc != 0)
            return rc;
        if (!limit_to_40mib_more(RLIMIT_AS, 0))
            return 4;
    }
    return softplus_1m(t, true);
}

/* The threads= count of the child's exec line, after checking the cap note is there. */
static long capped_thread_count(const char *requested, const char *err)
{
    char note[64];
    snprintf(note, sizeof note, "%s threads requested", requested);
    ck_assert_msg(strstr(err, note) != NULL, "no cap note in: %s", err);
    const char *line = acpu_test_exec_line(err, "aclnn_cpu: exec op=SoftplusBackward");
    const char *t = strstr(line, "threads=");
    ck_assert_ptr_nonnull(t);
    return strtol(t + 8, NULL, 10);
}

/* 4096 threads asked for (the host profile then has 4096 logical cores): the call runs on at most 4
 * threads per CPU (at least 8), and verbose mode says so. */
START_TEST(test_thread_request_capped)
{
    static const char *const argv[] = {"test_hardening", CHILD_FLAG, NULL};
    const acpu_test_env env[2] = {{"ACLNN_CPU_VERBOSE", "1"}, {"ACLNN_CPU_NUM_THREADS", "4096"}};
    static char out[4096], err[4096];
    acpu_test_run_self(argv, env, 2, out, err, sizeof out);
    long used = capped_thread_count("4096", err);
    ck_assert_msg(used >= 1 && used < 4096, "threads=%ld", used);
}
END_TEST

/* 8 threads under a memory limit with room for only a few stacks: before the rule libgomp ended
 * the process ("Thread creation failed"); now the call runs on fewer threads. _i: the address-space
 * limit, the data limit (which counts thread stacks too), and an address-space limit lowered after
 * a first call. Registered only where such limits measure the library (memory_limits_apply). */
START_TEST(test_thread_request_within_memory_limits)
{
    static const char *const modes[3] = {"as", "data", "late-as"};
    const char *const argv[] = {"test_hardening", CHILD_FLAG, modes[_i], NULL};
    const acpu_test_env env[2] = {{"ACLNN_CPU_VERBOSE", "1"}, {"ACLNN_CPU_NUM_THREADS", "8"}};
    static char out[4096], err[4096];
    acpu_test_run_self(argv, env, 2, out, err, sizeof out);
    long used = capped_thread_count("8", err);
    ck_assert_msg(used >= 1 && used < 8, "%s: threads=%ld", modes[_i], used);
}
END_TEST

/* A team of 8 that ran before the limit was lowered: libgomp keeps its threads, so the second call
 * runs on all 8 without reading the limits (no cap note) and without creating a thread (which the
 * limit would not allow: libgomp would end the process). */
START_TEST(test_existing_team_needs_no_room)
{
    const char *const argv[] = {"test_hardening", CHILD_FLAG, "team-as", NULL};
    const acpu_test_env env[2] = {{"ACLNN_CPU_VERBOSE", "1"}, {"ACLNN_CPU_NUM_THREADS", "8"}};
    static char out[4096], err[4096];
    acpu_test_run_self(argv, env, 2, out, err, sizeof out); /* asserts the child's exit status 0 */
    ck_assert_msg(strstr(err, "threads requested") == NULL, "a cap note: %s", err);
    const char *first = strstr(err, "aclnn_cpu: exec op=SoftplusBackward");
    ck_assert_ptr_nonnull(first);
    const char *second = strstr(first + 1, "aclnn_cpu: exec op=SoftplusBackward");
    ck_assert_ptr_nonnull(second);
    const char *first_threads = strstr(first, "threads=8");
    ck_assert_msg(first_threads != NULL && first_threads < second && strstr(second, "threads=8") != NULL,
                  "two calls on 8 threads: %s", err);
}
END_TEST

/* Sanitizer builds reserve terabytes of shadow memory, which no such limit allows; under qemu-user
 * (cross builds) the limits apply to the emulator, which reserves the guest's whole address space. */
static bool memory_limits_apply(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return false;
#else
    const char *emulator = getenv("ACPU_TEST_EMULATOR");
    return emulator == NULL || emulator[0] == '\0';
#endif
}

static Suite *hardening_suite(void)
{
    Suite *s = suite_create("hardening");
    TCase *tc = tcase_create("hostile");
    tcase_add_loop_test(tc, test_elu_output_dtype_closed, 0, (int)N_ELEMS(k_unwritable));
    tcase_add_loop_test(tc, test_elu_output_dtype_listed, 0, 6);
    tcase_add_loop_test(tc, test_view_extent_exact, 0, 3);
    tcase_add_loop_test(tc, test_storage_bytes_exact, 0, 4);
    tcase_add_loop_test(tc, test_workspace_exact, 0, 2);
    tcase_add_loop_test(tc, test_size1_dim_huge_stride, 0, 2);
    tcase_add_loop_test(tc, test_create_refuses_overflowing_dims, 0, 7);
    tcase_add_test(tc, test_create_accepts_largest_dims);
    tcase_add_loop_test(tc, test_no_trap_with_fp_exceptions, 0, (int)N_ELEMS(k_trap_bits));
    tcase_add_loop_test(tc, test_executor_of_other_operator, 0, 2);
    tcase_add_loop_test(tc, test_overlap_rules, 0, (int)N_ELEMS(k_overlap));
    tcase_add_test(tc, test_overlap_transposed);
    tcase_add_test(tc, test_overlap_broadcast_input);
    tcase_add_loop_test(tc, test_ub_below_one_tile_every_api, 0, acpu_test_num_ops * N_SOCS);
    tcase_add_loop_test(tc, test_lab_empty_output_every_api, 0, acpu_api_count);
    tcase_add_test(tc, test_lab_empty_output_silu);
    tcase_add_loop_test(tc, test_lab_ub_below_one_tile_every_api, 0, acpu_api_count);
    tcase_add_test(tc, test_lab_silu_910b_smallest_ub);
    tcase_add_loop_test(tc, test_lab_null_argv_entry_every_api, 0, acpu_api_count);
    tcase_add_test(tc, test_rebind_overlap_every_api);
    tcase_add_loop_test(tc, test_rebind_rules_every_api, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_workspace_exact_every_api, 0, acpu_test_num_ops);
    tcase_add_loop_test(tc, test_no_trap_every_api, 0, acpu_test_num_ops);
    tcase_add_test(tc, test_thread_request_capped);
    if (memory_limits_apply()) {
        tcase_add_loop_test(tc, test_thread_request_within_memory_limits, 0, 3);
        tcase_add_test(tc, test_existing_team_needs_no_room);
    }
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], CHILD_FLAG) == 0)
        return thread_cap_child(argc > 2 ? argv[2] : "");
    return acpu_test_main(hardening_suite());
}
