/* The vector vocabulary contract. Every vocabulary header (vec/scalar.h, vec/avx2.h, vec/avx512.h,
 * vec/neon.h) includes this file first and defines the same names, so that the ops headers write
 * each operator's math once for every ISA. Exactly one vocabulary per translation unit.
 *
 * fp32, ACPU_VLANES lanes:      acpu_vf, acpu_vmask (a lane mask)
 * fp64, ACPU_VDLANES lanes:     acpu_vd, acpu_vdmask
 * naming:                       ACPU_KERNEL_NAME(stem) -> stem_<isa> (one symbol set per TU)
 *
 * Every operation is lane-wise and IEEE-754 with round-to-nearest-even (the kernels run under the
 * default FP environment, engine/fpenv.c), rounding once, with subnormals kept:
 *   set1 add sub mul div neg      (neg and abs touch the sign bit only, NaN included)
 *   abs                           |a|
 *   min(a, b) = a < b ? a : b     max(a, b) = a > b ? a : b      (b when unordered, on every ISA)
 *   cmp_lt cmp_le cmp_gt cmp_ge cmp_eq(a, b) -> mask: ordered, quiet compares (a NaN lane is false)
 *   select(mask, t, f)            t where the mask lane is set, else f
 *   exp_sleef                     SLEEF's u10 (<= 1 ulp), fp32 and fp64
 *   log_sleef tanh_sleef erf_sleef  SLEEF's u10 fp32 functions (ops/math_arrays.h's references)
 *   exponent(a) (fp32)            the float (biased exponent field of a) - 127: floor(log2 |a|) for
 *                                 a normal a, -127 for +-0 and subnormals, 128 for +-inf and NaN
 *   significand(a) (fp32)         the float with a's fraction field, exponent field 127, sign 0: in
 *                                 [1, 2) for every a (1 for +-0 and +-inf)
 *   copysign(m, s) (fp32)         m's magnitude bits with s's sign bit (NaN included)
 *   fma clamp scale_pow2          fp32 and fp64, for ops/exp_poly.h only (fused a*b+c; clamp
 *   round (fp64 only)             keeping NaN; rint; u * 2^q rounded once)
 *   load_/store_{f32,f16,bf16}    (fp32 lanes; 16-bit widening exact, narrowing rounds to nearest
 *   load_/store_f64               even, NaN stays NaN) and, optionally, load2_/store2_ pairs
 *   gather_idx16(table, idx)      table[idx[k]] for ACPU_VLANES 16-bit indices (ops/lookup.h)
 *   round_away_{f16,bf16}         a value the 16-bit store narrows to v's rounding with ties away
 *                                 from zero (CANN's CAST_ROUND): ties moved one fp32 ulp outwards
 *   optional, gather_u16:         ACPU_GATHER_U16 and gather_u16(table, idx, out): out[k] =
 *                                 table[idx[k]] for ACPU_VLANES indices into a 16-bit table
 *                                 (ops/lookup.h's WHOLE lookup; plain C without it)
 *   optional, loads_idx16:        ACPU_LOADS_IDX16, loads_idx16(table, idx) (gather_idx16's values
 *                                 from one scalar load per lane) and loads2_idx16_bf16 (gather2's
 *                                 lane order, with ACPU_VF_PAIR_BF16): offered by a vocabulary whose
 *                                 gather is an instruction where one load per lane is faster on the
 *                                 CPUs measured (ops/lookup.h: AVX2)
 *   optional, streaming output:   ACPU_STREAM_BYTES, stream_store(dst, src) (one non-temporal store
 *                                 of that many bytes, dst aligned to it) and stream_fence(); a
 *                                 vocabulary without them has no streaming copy (ops/stream.h)
 * Results are bit-identical whatever the position of an element in a vector (ops/loops.h
 * pads the tail), so every ISA is deterministic. exponent, significand and copysign are bit
 * operations, the same bits on every ISA (ops/math_poly.h builds log, tanh and erf on them). */
#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__)
#error "kernels/vec: compile without -ffast-math / -ffinite-math-only (the kernels keep NaN, inf and CANN's order)"
#endif
#ifndef ACPU_VEC_CONTRACT_H_
#define ACPU_VEC_CONTRACT_H_
#else
#error "kernels/vec: only one vocabulary header per translation unit"
#endif
