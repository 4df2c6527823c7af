/* Scalar dtype conversions shared by every ISA (casts of the output step and the scalar kernels). */
#include <string.h>

#include "acpu_kernels.h"

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

float acpu_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16;
    uint32_t exp = (h >> 10) & 0x1f, man = h & 0x3ff;
    if (exp == 0x1f) /* inf / NaN: keep the payload */
        return bits_f32(sign | 0x7f800000u | (man << 13));
    if (exp != 0) /* normal: rebias 15 -> 127 */
        return bits_f32(sign | ((exp + 112) << 23) | (man << 13));
    /* zero or subnormal: man * 2^-24 is exact in fp32 */
    float v = (float)man * 0x1p-24f;
    return bits_f32(sign | f32_bits(v));
}

/* Subnormal half: k = round(|f| / 2^-24) from the 24-bit significand m and biased exponent e. */
static uint16_t f16_subnormal(uint32_t abs_bits)
{
    uint32_t e = abs_bits >> 23, m = (abs_bits & 0x7fffffu) | 0x800000u;
    uint32_t shift = 126 - e; /* |f| = m * 2^(e-150) = (m >> shift) * 2^-24 */
    if (e == 0 || shift > 24)
        return 0;
    uint32_t k = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (k & 1)))
        k++;
    return (uint16_t)k; /* k == 0x400 is the smallest normal: the encoding carries over */
}

uint16_t acpu_f32_to_f16(float f)
{
    uint32_t u = f32_bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) /* NaN: quiet, keep the top payload bits */
        return sign | 0x7e00 | (uint16_t)((a >> 13) & 0x3ff);
    if (a >= 0x477ff000u) /* >= 65520 rounds to infinity */
        return sign | 0x7c00;
    if (a < 0x38800000u) /* below 2^-14 */
        return sign | f16_subnormal(a);
    /* rebias 127 -> 15 and round the 13 dropped bits to nearest even */
    uint32_t r = (a - (112u << 23)) + 0xfffu + ((a >> 13) & 1u);
    return sign | (uint16_t)(r >> 13);
}

float acpu_bf16_to_f32(uint16_t b) { return bits_f32((uint32_t)b << 16); }

uint16_t acpu_f32_to_bf16(float f)
{
    uint32_t u = f32_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) /* NaN: quiet it, truncating could make it inf */
        return (uint16_t)((u >> 16) | 0x40);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

/* ---- casts of the output step: source element to float (exact), float to destination ---------- */

typedef float (*load_fn)(const void *src, size_t i);
typedef void (*store_fn)(void *dst, size_t i, float v);

static float load_f32(const void *s, size_t i) { return ((const float *)s)[i]; }
static float load_f16(const void *s, size_t i) { return acpu_f16_to_f32(((const uint16_t *)s)[i]); }
static float load_bf16(const void *s, size_t i) { return acpu_bf16_to_f32(((const uint16_t *)s)[i]); }

static void store_f32(void *d, size_t i, float v) { ((float *)d)[i] = v; }
static void store_f16(void *d, size_t i, float v) { ((uint16_t *)d)[i] = acpu_f32_to_f16(v); }
static void store_bf16(void *d, size_t i, float v) { ((uint16_t *)d)[i] = acpu_f32_to_bf16(v); }
static void store_f64(void *d, size_t i, float v) { ((double *)d)[i] = v; }
static void store_c64(void *d, size_t i, float v)
{
    ((float *)d)[2 * i] = v;
    ((float *)d)[2 * i + 1] = 0.0f;
}
static void store_c128(void *d, size_t i, float v)
{
    ((double *)d)[2 * i] = v;
    ((double *)d)[2 * i + 1] = 0.0;
}

static void cast_loop(size_t n, const void *src, void *dst, load_fn load, store_fn store)
{
    for (size_t i = 0; i < n; i++)
        store(dst, i, load(src, i));
}

#define ACPU_DEFINE_CAST(sname, dname)                                      \
    static void cast_##sname##_##dname(size_t n, const void *src, void *dst) \
    {                                                                        \
        cast_loop(n, src, dst, load_##sname, store_##dname);                 \
    }
#define ACPU_DEFINE_CASTS_FROM(sname)   \
    ACPU_DEFINE_CAST(sname, f32)        \
    ACPU_DEFINE_CAST(sname, f16)        \
    ACPU_DEFINE_CAST(sname, bf16)       \
    ACPU_DEFINE_CAST(sname, f64)        \
    ACPU_DEFINE_CAST(sname, c64)        \
    ACPU_DEFINE_CAST(sname, c128)
ACPU_DEFINE_CASTS_FROM(f32)
ACPU_DEFINE_CASTS_FROM(f16)
ACPU_DEFINE_CASTS_FROM(bf16)

static int cast_dst_index(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return 0;
    case ACL_FLOAT16: return 1;
    case ACL_BF16: return 2;
    case ACL_DOUBLE: return 3;
    case ACL_COMPLEX64: return 4;
    case ACL_COMPLEX128: return 5;
    default: return -1;
    }
}

acpu_cast_fn acpu_cast_get(aclDataType src, aclDataType dst)
{
    static const acpu_cast_fn table[3][6] = {
        {cast_f32_f32, cast_f32_f16, cast_f32_bf16, cast_f32_f64, cast_f32_c64, cast_f32_c128},
        {cast_f16_f32, cast_f16_f16, cast_f16_bf16, cast_f16_f64, cast_f16_c64, cast_f16_c128},
        {cast_bf16_f32, cast_bf16_f16, cast_bf16_bf16, cast_bf16_f64, cast_bf16_c64, cast_bf16_c128},
    };
    int s = cast_dst_index(src), d = cast_dst_index(dst);
    if (s < 0 || s > 2 || d < 0)
        return NULL;
    return table[s][d];
}
