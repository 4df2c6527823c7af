/* The project's fp32 exp, inlined into every fp32, fp16 and bf16 kernel (SLEEF's is an out-of-line
 * call that spills every live vector register), written once for every ISA on top of the
 * vocabulary's acpu_vf_fma / acpu_vf_clamp / acpu_vf_round / acpu_vf_scale_pow2, in two flavours:
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
 * 16-bit flavour rounds r + r^2 P(r) and then 1 + that: up to 1.02 ulp of fp32 (not an fp32 exp). */
#ifndef ACPU_OPS_EXP_POLY_H_
#define ACPU_OPS_EXP_POLY_H_

/* An exp flavour, passed to the op bodies as a constant so that it is inlined. */
typedef acpu_vf (*acpu_vf_exp_fn)(acpu_vf);

/* Shared by both flavours: clamp, q = rint(x * log2(e)), r_hi = x - q*ln2_hi (exact), r = r_hi -
 * q*ln2_lo rounded, and P(r). */
typedef struct {
    acpu_vf q, r_hi, r, p;
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
    e.r_hi = acpu_vf_fma(e.q, neg_ln2_hi, x);
    e.r = acpu_vf_fma(e.q, neg_ln2_lo, e.r_hi);
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
    const acpu_vf neg_ln2_lo = acpu_vf_set1(1.904654299957768e-09f);
    const acpu_vf one = acpu_vf_set1(1.0f);
    acpu_vf_exp_parts e = acpu_vf_exp_reduce(x);
    acpu_vf r_err = acpu_vf_fma(e.q, neg_ln2_lo, acpu_vf_sub(e.r_hi, e.r)); /* (r_hi - q*ln2_lo) - r */
    acpu_vf tail = acpu_vf_fma(acpu_vf_mul(e.r, e.r), e.p, r_err);
    acpu_vf head = acpu_vf_add(one, e.r);
    acpu_vf head_err = acpu_vf_add(acpu_vf_sub(one, head), e.r); /* exact (Fast2Sum: |r| < 1) */
    return acpu_vf_scale_pow2(acpu_vf_add(head, acpu_vf_add(tail, head_err)), e.q);
}

/* For results rounded to fp16 / bf16 only: (1 + (r + r^2 P(r))) rounded twice, <= 1.02 ulp of fp32,
 * 6 operations fewer; the 16-bit rounding that follows is 2^13 (fp16) or 2^16 (bf16) times coarser. */
static inline acpu_vf acpu_vf_exp_poly16(acpu_vf x)
{
    acpu_vf_exp_parts e = acpu_vf_exp_reduce(x);
    acpu_vf s = acpu_vf_fma(acpu_vf_mul(e.r, e.r), e.p, e.r);
    return acpu_vf_scale_pow2(acpu_vf_add(s, acpu_vf_set1(1.0f)), e.q);
}

#endif /* ACPU_OPS_EXP_POLY_H_ */
