/* Exact widening of the 16-bit float formats to fp32, for every layer (the kernels' conversions,
 * the runtime's aclScalar::ToFloat). Narrowing, which rounds, lives in kernels/convert.c. */
#ifndef ACPU_HALF_H_
#define ACPU_HALF_H_

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline float acpu_bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* IEEE binary16 -> fp32, exact; NaN keeps its payload. */
static inline float acpu_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16;
    uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    if (exp == 0x1f) /* inf / NaN: keep the payload */
        return acpu_bits_f32(sign | 0x7f800000u | (man << 13));
    if (exp != 0) /* normal: rebias 15 -> 127 */
        return acpu_bits_f32(sign | ((exp + 112) << 23) | (man << 13));
    /* zero or subnormal: man * 2^-24 is exact in fp32 */
    float v = (float)man * 0x1p-24f;
    uint32_t vb;
    memcpy(&vb, &v, sizeof vb);
    return acpu_bits_f32(sign | vb);
}

/* bfloat16 -> fp32: the top half of the pattern. */
static inline float acpu_bf16_to_f32(uint16_t b) { return acpu_bits_f32((uint32_t)b << 16); }

/* ---- 16-bit patterns compared without widening (the compare-and-select kernels) ----------------
 * key(h) reads the pattern as sign and magnitude and returns it as a two's-complement integer:
 * h for h < 0x8000, -(h & 0x7fff) otherwise. Keys grow with the value and +0, -0 share key 0, so for
 * two non-NaN patterns every IEEE comparison of their values is the same comparison of their keys.
 * A NaN's magnitude is above the format's infinity (ACPU_F16_INF, ACPU_BF16_INF): its key lies beyond
 * the infinities', so the kernels test for NaN first. Narrowing a NaN sets the format's quiet bit. */
enum { ACPU_F16_INF = 0x7c00, ACPU_BF16_INF = 0x7f80, ACPU_F16_QUIET = 0x0200, ACPU_BF16_QUIET = 0x0040 };
/* x86's default NaN (an invalid operation's result: 0xFFC00000 in fp32, sign set, quiet) narrowed. */
enum { ACPU_F16_X86_NAN = 0xfe00, ACPU_BF16_X86_NAN = 0xffc0 };

/* Written as (m ^ s) - s with s = h >> 15 arithmetic (0 or -1), m the magnitude: four integer
 * operations per lane once vectorised, no blend. */
static inline int16_t acpu_h16_key(uint16_t h)
{
    int16_t m = (int16_t)(h & 0x7fff), s = (int16_t)((int16_t)h >> 15);
    return (int16_t)((m ^ s) - s);
}

/* Magnitudes are at most 0x7fff: a signed compare (one instruction on every ISA). */
static inline bool acpu_h16_is_nan(uint16_t h, uint16_t inf) { return (int16_t)(h & 0x7fff) > (int16_t)inf; }

/* 0xffff for a NaN pattern, else 0: the compare's own lane mask once vectorised. */
static inline uint16_t acpu_h16_nan_mask(uint16_t h, uint16_t inf)
{
    bool nan = acpu_h16_is_nan(h, inf);
    return (uint16_t)(0u - nan);
}

/* The pattern a widening and a narrowing give back: h itself, a NaN quieted. Written with the mask, not
 * `nan ? quiet_bit : 0`, which GCC vectorised as a second NaN test (a saturating subtract and an
 * equality): a kernel that quiets the pattern it tests for NaN now shares one compare. */
static inline uint16_t acpu_h16_quiet(uint16_t h, uint16_t inf, uint16_t quiet_bit)
{
    return (uint16_t)(h | (quiet_bit & acpu_h16_nan_mask(h, inf)));
}

/* Keys that bound a non-NaN fp32 t among a format's values, from `nearest`, t narrowed to nearest
 * (within one step of t; keys of neighbouring values differ by 1), and its value: floor = the key of
 * the largest value <= t, ceil = of the smallest >= t. */
static inline int16_t acpu_h16_floor_key(float t, uint16_t nearest, float nearest_value)
{
    int16_t k = acpu_h16_key(nearest);
    return nearest_value > t ? (int16_t)(k - 1) : k;
}

static inline int16_t acpu_h16_ceil_key(float t, uint16_t nearest, float nearest_value)
{
    int16_t k = acpu_h16_key(nearest);
    return nearest_value < t ? (int16_t)(k + 1) : k;
}

/* "x <= v" for a non-NaN pattern x and a fixed v of key k, in one XOR and one signed compare:
 * (int16_t)(x ^ flip) <= bound. For k >= 0, flip = 0 and bound = k: read as int16, every negative
 * pattern (-0 included) lies below 0 and the others are their magnitudes. For k < 0 (v negative, of
 * magnitude -k), flip = 0x7fff: a negative x becomes -1 - |x|, a positive one stays >= 0, and
 * bound = -1 - (-k) = k - 1. NEVER and ALWAYS hold for no and for every non-NaN x. A NaN x has no
 * meaning here: the kernels test for it. */
typedef struct {
    int16_t flip, bound;
} acpu_h16_le;

#define ACPU_H16_LE_NEVER ((acpu_h16_le){0x7fff, INT16_MIN})
#define ACPU_H16_LE_ALWAYS ((acpu_h16_le){0, INT16_MAX})

static inline acpu_h16_le acpu_h16_le_key(int16_t k)
{
    return k >= 0 ? (acpu_h16_le){0, k} : (acpu_h16_le){0x7fff, (int16_t)(k - 1)};
}

/* x <= t for x of a format, t an fp32 (nearest, nearest_value as for acpu_h16_floor_key): x <= the
 * largest value <= t; never for a NaN t. */
static inline acpu_h16_le acpu_h16_le_fp32(float t, uint16_t nearest, float nearest_value)
{
    return isnan(t) ? ACPU_H16_LE_NEVER : acpu_h16_le_key(acpu_h16_floor_key(t, nearest, nearest_value));
}

/* x <= v for v a pattern of the format; never for a NaN v. */
static inline acpu_h16_le acpu_h16_le_pattern(uint16_t v, uint16_t inf)
{
    return acpu_h16_is_nan(v, inf) ? ACPU_H16_LE_NEVER : acpu_h16_le_key(acpu_h16_key(v));
}

/* The kernels test the negation, "x > v" for a non-NaN x: (int16_t)(x ^ flip) > bound, one signed
 * greater-than, where "<=" vectorises on AVX2 as a minimum and an equality (SSE and AVX2 have no 16-bit
 * less-or-equal). */
static inline bool acpu_h16_gt(uint16_t x, acpu_h16_le t) { return (int16_t)(x ^ (uint16_t)t.flip) > t.bound; }

#endif /* ACPU_HALF_H_ */
