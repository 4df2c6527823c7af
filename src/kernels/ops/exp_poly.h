/* The project's fp32 exp, static inline for every fp32, fp16 and bf16 kernel (SLEEF's is always an
 * out-of-line call, which spills every live vector register), written once for every ISA on top of the
 * vocabulary's acpu_vf_fma / acpu_vf_clamp / acpu_vf_scale_pow2, in two flavours:
 * acpu_vf_exp_poly for fp32 results, acpu_vf_exp_poly16 (the last steps cheaper) for 16-bit ones.
 *
 *   x is clamped to [-104, 89] (NaN kept): exp rounds to +0 below and to +inf above in fp32 anyway;
 *   q = rint(x * log2(e));  r_hi = x - q*ln2_hi is exact (FMA; x and q*ln2_hi are multiples of
 *   2^-24 when q != 0 and |r_hi| < 2^-1);  r = r_hi - q*ln2_lo rounded, r_err = the part of
 *   r_hi - q*ln2_lo that r lost (an FMA on the exact r_hi - r);
 *   exp(r) = 1 + r + r^2 * P(r),  |r| <= ln2/2 (plus r_err, first order),
 *   P(r) = c0 + c1 r + c2 r^2 + c3 r^3 + c4 r^4, a weighted minimax fit (Lawson iterations on
 *   Chebyshev nodes) of (exp(r) - 1 - r) / r^2 minimising the relative error of exp: 0.064 ulp of fp32
 *   (tools/exp_poly_fit.py refits it and prints that);
 *   1 + r is split into head + head_err (Fast2Sum, exact), so the sum
 *   head + (r^2 P(r) + r_err + head_err) rounds once: the error stays near the 0.5 ulp of that one
 *   rounding instead of adding the roundings of r, r + r^2 P and 1 + ...;
 *   exp(x) = 2^q * exp(r), the scaling rounding once (subnormal results as IEEE's).
 * Error (tools/aclnn-cpu-expcheck, every fp32 input, doc/NUMERICS.md): at most 0.78 ulp, the largest
 * in the subnormal range where the scaling rounds a second time; SLEEF's u10 reaches 0.97. The
 * 16-bit flavour rounds r + r^2 P(r) and then 1 + that: up to 1.014 ulp of fp32 over every input (not an fp32 exp).
 *
 * acpu_vd_exp_poly, the fp64 exp (softplus's double kernel), the same way, but carrying the
 * rounding errors of the reduction and of 1 + r, which would each add up to 0.25 ulp to the 0.5 of
 * the last rounding (doc/NUMERICS.md quotes tools/aclnn-cpu-expcheck: 0.60 ulp, 0.76 for subnormal
 * results):
 *   x is clamped to [-746, 710] (NaN kept): exp rounds to +0 below and to +inf above;
 *   q = rint(x * log2(e)) in [-1076, 1024];
 *   r_hi = x - q*ln2_hi exactly (ln2_hi has 32 significant bits: q*ln2_hi is exact, a multiple of
 *     ulp(x) when q != 0, and the difference is no larger than |x|);
 *   r = r_hi - q*ln2_lo rounded once, |r| < 0.3466, and its rounding error
 *   e = (r_hi - r) - q*ln2_lo, |e| <= 2^-55 (|r_hi - r| < 2^-22, so that difference is exact or
 *     off by 2^-75; ln2_hi + ln2_lo is ln 2 to 2^-86, times |q| <= 1076);
 *   exp(r + e) = exp(r) * (1 + e + ...) = 1 + r + (r^2 * P(r) + e * (1 + r)) to 2^-59 of 1, where
 *   P(r) = c0 + ... + c10 r^10 approximates (exp(r) - 1 - r) / r^2 with relative error of exp
 *   2^-61.4 (Chebyshev economisation of its Taylor series: tools/exp_poly_fit_f64.py);
 *   1 + r = a + b exactly (Fast2Sum: a = fl(1 + r), b = (1 - a) + r), so that
 *   u = a + t, t = r^2 * P(r) + (b + e * (1 + r)) in one FMA, rounds once at the end: besides that
 *   last 0.5 ulp, the roundings of r^2, P(r) and t add up to ~0.1 ulp of u (also carrying r^2's
 *   rounding error measured 0.556 instead of 0.600 ulp, but cost 10% of the throughput);
 *   exp(x) = 2^q * u, the scaling rounding once. A subnormal result is thus rounded twice (u, then
 *   the scaling, where ulp(u) * 2^q is at most half the result's ulp): up to 0.5 + 0.3 ulp. At
 *   q = 1024 the scaling is exact for u < 1 (ulp(u) * 2^1024 = ulp(DBL_MAX)), so the result is +inf
 *   exactly when u rounds to 1, i.e. when exp(x) rounds to +inf. */
#ifndef ACPU_OPS_EXP_POLY_H_
#define ACPU_OPS_EXP_POLY_H_

/* An exp flavour, passed to the op bodies as a constant so that it can be inlined. With GCC's default
 * limits a kernel TU reached its unit growth limit and called functions out of line (in the AVX2 TU
 * 230 calls: 76 fp32 and 119 16-bit exps, erf, the bodies' helpers; about 120 in each AVX-512 TU,
 * the bf16 pair store among them), every live vector spilled around each call; forcing only the fp32
 * flavour (always_inline) took the budget from the 16-bit ones. The x86 SIMD TUs are therefore
 * compiled with larger growth limits (CMakeLists.txt, GCC only), which inline every call:
 * aclnn_cpu_bench --kernels on a Zen 4, best of 2 runs of 5 samples per kernel, against the default
 * limits: AVX2 1.06x (geomean of 112 kernels and math rows, none below 0.99; ELU fp32 1.20x, ELU
 * backward 1.25x; bf16 ReLU 1.7x too, with its code unchanged: a placement effect, not counted as a
 * gain), AVX-512 1.01x (0.93-1.21; the lowest, ELU's result mode, has no call to inline: noise). */
typedef acpu_vf (*acpu_vf_exp_fn)(acpu_vf);

/* Shared by both flavours: clamp, q = rint(x * log2(e)), r = (x - q*ln2_hi) - q*ln2_lo rounded,
 * the part r_err it lost, and P(r) (the 16-bit flavour leaves r_err unused: the compiler drops it). */
typedef struct {
    acpu_vf q, r, r_err, p;
} acpu_vf_exp_parts;

static inline acpu_vf_exp_parts acpu_vf_exp_reduce(acpu_vf x)
{
    const acpu_vf log2e = acpu_vf_set1(1.44269502163f);
    const acpu_vf neg_ln2_hi = acpu_vf_set1(-0.693147182464599609375f); /* -float(ln 2) */
    const acpu_vf neg_ln2_lo = acpu_vf_set1(1.904654299957768e-09f);    /* -(ln 2 - float(ln 2)) */
    acpu_vf_exp_parts e;
    x = acpu_vf_clamp(x, acpu_vf_set1(-104.0f), acpu_vf_set1(89.0f));
    /* rint(x * log2(e)) rounding once: |x * log2(e)| < 2^22, so adding 1.5 * 2^23 leaves an integer */
    const acpu_vf shifter = acpu_vf_set1(12582912.0f);
    e.q = acpu_vf_sub(acpu_vf_fma(x, log2e, shifter), shifter);
    acpu_vf r_hi = acpu_vf_fma(e.q, neg_ln2_hi, x); /* exact */
    e.r = acpu_vf_fma(e.q, neg_ln2_lo, r_hi);
    e.r_err = acpu_vf_fma(e.q, neg_ln2_lo, acpu_vf_sub(r_hi, e.r)); /* (r_hi - q*ln2_lo) - r */
    acpu_vf p = acpu_vf_set1(0.001381461275741458f);
    p = acpu_vf_fma(p, e.r, acpu_vf_set1(0.008368710055947304f));
    p = acpu_vf_fma(p, e.r, acpu_vf_set1(0.04166838899254799f));
    p = acpu_vf_fma(p, e.r, acpu_vf_set1(0.1666652113199234f));
    e.p = acpu_vf_fma(p, e.r, acpu_vf_set1(0.4999999403953552f));
    return e;
}

/* For fp32 results: <= 0.78 ulp. */
static inline acpu_vf acpu_vf_exp_poly(acpu_vf x)
{
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf_exp_parts e = acpu_vf_exp_reduce(x);
    acpu_vf tail = acpu_vf_fma(acpu_vf_mul(e.r, e.r), e.p, e.r_err);
    acpu_vf head = acpu_vf_add(one, e.r);
    acpu_vf head_err = acpu_vf_add(acpu_vf_sub(one, head), e.r); /* exact (Fast2Sum: |r| < 1) */
    return acpu_vf_scale_pow2(acpu_vf_add(head, acpu_vf_add(tail, head_err)), e.q);
}

/* For results rounded to fp16 / bf16 only: (1 + (r + r^2 P(r))) rounded twice, <= 1.014 ulp of fp32,
 * 6 operations fewer; the 16-bit rounding that follows is 2^13 (fp16) or 2^16 (bf16) times coarser. */
static inline acpu_vf acpu_vf_exp_poly16(acpu_vf x)
{
    acpu_vf_exp_parts e = acpu_vf_exp_reduce(x);
    acpu_vf s = acpu_vf_fma(acpu_vf_mul(e.r, e.r), e.p, e.r);
    return acpu_vf_scale_pow2(acpu_vf_add(s, acpu_vf_set1(1.0f)), e.q);
}

static inline acpu_vd acpu_vd_exp_poly(acpu_vd x)
{
    const acpu_vd log2e = acpu_vd_set1(0x1.71547652b82fep0);
    const acpu_vd neg_ln2_hi = acpu_vd_set1(-0x1.62e42feep-1);       /* 32 significant bits */
    const acpu_vd neg_ln2_lo = acpu_vd_set1(-0x1.a39ef35793c76p-33); /* -(ln 2 - ln2_hi), rounded */
    const acpu_vd one = acpu_vd_set1(1.0);
    x = acpu_vd_clamp(x, acpu_vd_set1(-746.0), acpu_vd_set1(710.0));
    acpu_vd q = acpu_vd_round(acpu_vd_mul(x, log2e));
    acpu_vd r_hi = acpu_vd_fma(q, neg_ln2_hi, x);
    acpu_vd r = acpu_vd_fma(q, neg_ln2_lo, r_hi);
    acpu_vd e = acpu_vd_fma(q, neg_ln2_lo, acpu_vd_sub(r_hi, r));
    acpu_vd p = acpu_vd_set1(0x1.1f7f2613da7fap-29);
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.af4de76a90952p-26));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.27e4d41a20dbfp-22));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.71de023288d0bp-19));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.a01a01a9e94f0p-16));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.a01a01abe7b65p-13));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.6c16c16c15a69p-10));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.11111111100dcp-7));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.5555555555557p-5));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0x1.5555555555557p-3));
    p = acpu_vd_fma(p, r, acpu_vd_set1(0.5));
    acpu_vd a = acpu_vd_add(one, r);
    acpu_vd b = acpu_vd_add(acpu_vd_sub(one, a), r);
    acpu_vd t = acpu_vd_fma(acpu_vd_mul(r, r), p, acpu_vd_add(b, acpu_vd_fma(e, r, e)));
    return acpu_vd_scale_pow2(acpu_vd_add(a, t), q);
}

#endif /* ACPU_OPS_EXP_POLY_H_ */
