/* Accuracy sweeps of an API against a double reference, for the family math suites
 * (test_<family>_math.c): a call through the public two-phase API on 1-D tensors, every fp32 input
 * at a stride (or every 16-bit input), the error of each finite result in ulps of the output type
 * (acpu_test_ulp_error) and the fraction equal to the reference rounded once to the output type.
 * The API is called through a callback that runs both phases on the given tensors. Header only:
 * every suite includes it once. Test code only. */
#ifndef ACPU_TEST_SWEEP_H_
#define ACPU_TEST_SWEEP_H_

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_tensor.h"
#include "runtime/acpu_runtime.h" /* acpu_dtype_name */

/* Runs the API on in[0..n_in) (contiguous 1-D tensors of n elements) into out. */
typedef aclnnStatus (*acpu_sweep_call)(const aclTensor *const *in, aclTensor *out);
/* The exact value of one element from its inputs (already rounded to the input dtype). */
typedef double (*acpu_sweep_ref)(const double *in);

typedef struct {
    uint64_t checked;   /* finite-reference results compared */
    uint64_t nearest;   /* equal to the reference rounded once to the output dtype */
    double max_ulp;     /* largest error */
    double worst_in[3]; /* its inputs, its result and the reference */
    double worst_got, worst_ref;
} acpu_sweep_result;

/* Phase 1 and 2 of an API with workspace; the phase-1 status when it fails. */
#define ACPU_SWEEP_RUN(phase1_call, phase2_fn)                                           \
    do {                                                                                 \
        uint64_t ws_ = 0;                                                                \
        aclOpExecutor *exec_ = NULL;                                                     \
        aclnnStatus rc_ = phase1_call;                                                   \
        return rc_ != ACLNN_SUCCESS ? rc_ : acpu_test_run_phase2(phase2_fn, ws_, exec_); \
    } while (0)

static inline double acpu_sweep_round_to(aclDataType dt, double v)
{
    if (dt == ACL_FLOAT)
        return (double)(float)v;
    if (dt == ACL_FLOAT16)
        return (double)acpu_test_f16_to_f32(acpu_test_f64_to_f16(v));
    if (dt == ACL_BF16)
        return (double)acpu_test_bf16_to_f32(acpu_test_f64_to_bf16(v));
    return v;
}

/* Calls the API on n elements of dt (inputs given as doubles, stored rounded to dt) and returns the
 * results as doubles in got[]. */
static inline void acpu_sweep_call_n(acpu_sweep_call call, int n_in, aclDataType dt, double *const *in, double *got,
                                     int64_t n)
{
    size_t es = acpu_test_esize(dt);
    void *buf[4];
    aclTensor *t[4];
    const int64_t shape[1] = {n};
    for (int j = 0; j <= n_in; j++) {
        buf[j] = calloc((size_t)n, es);
        ck_assert_ptr_nonnull(buf[j]);
        for (int64_t i = 0; j < n_in && i < n; i++)
            acpu_test_store(dt, buf[j], (size_t)i, in[j][i]);
        t[j] = acpu_test_tensor(dt, shape, 1, buf[j]);
    }
    aclnnStatus rc = call((const aclTensor *const *)t, t[n_in]);
    ck_assert_msg(rc == ACLNN_SUCCESS, "sweep call: %d (%s)", rc, aclGetRecentErrMsg());
    for (int64_t i = 0; i < n; i++)
        got[i] = acpu_test_load(dt, buf[n_in], (size_t)i);
    for (int j = 0; j <= n_in; j++) {
        for (int64_t i = 0; j < n_in && i < n; i++) /* the inputs as the API saw them */
            in[j][i] = acpu_test_load(dt, buf[j], (size_t)i);
        aclDestroyTensor(t[j]);
        free(buf[j]);
    }
}

/* Folds n results into r: finite references only (the suites check the rest by class). */
static inline void acpu_sweep_fold(aclDataType dt, int n_in, double *const *in, const double *got, int64_t n,
                                   acpu_sweep_ref ref, acpu_sweep_result *r)
{
    for (int64_t i = 0; i < n; i++) {
        double x[3] = {0};
        for (int j = 0; j < n_in; j++)
            x[j] = in[j][i];
        double want = ref(x);
        if (!isfinite(want) || fabs(want) > (dt == ACL_FLOAT16 ? 65504.0 : 3.4e38))
            continue;
        r->checked++;
        r->nearest += got[i] == acpu_sweep_round_to(dt, want);
        double e = isfinite(got[i]) ? acpu_test_ulp_error(dt, got[i], want) : INFINITY;
        if (!(e <= r->max_ulp)) {
            r->max_ulp = e;
            memcpy(r->worst_in, x, sizeof x);
            r->worst_got = got[i];
            r->worst_ref = want;
        }
    }
}

/* A unary API over every `stride`-th fp32 bit pattern (stride 1: every input), or every 16-bit
 * pattern (stride ignored), in calls of up to 1M elements; NaN inputs skipped. */
static inline void acpu_sweep_unary(acpu_sweep_call call, acpu_sweep_ref ref, aclDataType dt, uint32_t stride,
                                    acpu_sweep_result *r)
{
    enum { CHUNK = 1 << 20 };
    memset(r, 0, sizeof *r);
    double *x = malloc(CHUNK * sizeof *x), *got = malloc(CHUNK * sizeof *got);
    ck_assert(x != NULL && got != NULL);
    uint64_t count = dt == ACL_FLOAT ? (uint64_t)UINT32_MAX / stride + 1 : 65536u;
    for (uint64_t first = 0; first < count; first += CHUNK) {
        int64_t n = 0;
        for (uint64_t k = first; k < count && k < first + CHUNK; k++) {
            double v;
            if (dt == ACL_FLOAT) {
                uint32_t u = (uint32_t)(k * stride);
                float f;
                memcpy(&f, &u, sizeof f);
                v = f;
            } else {
                v = dt == ACL_FLOAT16 ? acpu_test_f16_to_f32((uint16_t)k) : acpu_test_bf16_to_f32((uint16_t)k);
            }
            if (!isnan(v))
                x[n++] = v;
        }
        acpu_sweep_call_n(call, 1, dt, (double *const[]){x}, got, n);
        acpu_sweep_fold(dt, 1, (double *const[]){x}, got, n, ref, r);
    }
    free(x);
    free(got);
}

/* A binary API on `count` input pairs from gen(i, in0, in1). */
static inline void acpu_sweep_binary(acpu_sweep_call call, acpu_sweep_ref ref, aclDataType dt, int64_t count,
                                     void (*gen)(int64_t i, double *a, double *b), acpu_sweep_result *r)
{
    memset(r, 0, sizeof *r);
    double *a = malloc((size_t)count * sizeof *a), *b = malloc((size_t)count * sizeof *b);
    double *got = malloc((size_t)count * sizeof *got);
    ck_assert(a != NULL && b != NULL && got != NULL);
    for (int64_t i = 0; i < count; i++)
        gen(i, &a[i], &b[i]);
    acpu_sweep_call_n(call, 2, dt, (double *const[]){a, b}, got, count);
    acpu_sweep_fold(dt, 2, (double *const[]){a, b}, got, count, ref, r);
    free(a);
    free(b);
    free(got);
}

static inline void acpu_sweep_print(const char *what, aclDataType dt, const acpu_sweep_result *r)
{
    fprintf(stderr, "%s %s: %llu results, max %.4f ulp at (%a, %a) got %a want %a, %.5f%% correctly rounded\n", what,
            acpu_dtype_name(dt), (unsigned long long)r->checked, r->max_ulp, r->worst_in[0], r->worst_in[1],
            r->worst_got, r->worst_ref, 100.0 * (double)r->nearest / (double)(r->checked ? r->checked : 1));
}

/* One element through the API (unary): the result as a double. */
static inline double acpu_sweep_one(acpu_sweep_call call, aclDataType dt, double x)
{
    double in = x, got;
    acpu_sweep_call_n(call, 1, dt, (double *const[]){&in}, &got, 1);
    return got;
}

#endif /* ACPU_TEST_SWEEP_H_ */
