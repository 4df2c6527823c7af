/* Scalar dtype conversions shared by every ISA (casts of the output step and the scalar kernels). */
#include <math.h>
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

uint16_t acpu_f32_to_bf16(float f)
{
    uint32_t u = f32_bits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) /* NaN: quiet it, truncating could make it inf */
        return (uint16_t)((u >> 16) | 0x40);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

/* Round-to-odd double -> float: truncate, then set the last bit when inexact. A float rounded this way
 * keeps enough information (24 >= 11 + 2 and 8 + 2 bits) for one correct rounding to fp16 or bf16. */
static float f64_to_f32_odd(double d)
{
    float f = (float)d;
    if (isnan(d) || (double)f == d)
        return f;
    if (fabs((double)f) > fabs(d))
        f = nextafterf(f, 0.0f);
    return bits_f32(f32_bits(f) | 1u);
}

uint16_t acpu_f64_to_f16(double d) { return acpu_f32_to_f16(f64_to_f32_odd(d)); }
uint16_t acpu_f64_to_bf16(double d) { return acpu_f32_to_bf16(f64_to_f32_odd(d)); }

/* ---- casts: a source element read as float (one rounding at most) or as double (exact except
 * int64/uint64), written to the destination with one rounding ----------------------------------- */

#define ACPU_CAST_SOURCES(X)                                                                        \
    X(f32, ((const float *)s)[i], ((const float *)s)[i])                                            \
    X(f16, acpu_f16_to_f32(((const uint16_t *)s)[i]), acpu_f16_to_f32(((const uint16_t *)s)[i]))    \
    X(bf16, acpu_bf16_to_f32(((const uint16_t *)s)[i]), acpu_bf16_to_f32(((const uint16_t *)s)[i])) \
    X(i8, (float)((const int8_t *)s)[i], (double)((const int8_t *)s)[i])                            \
    X(i16, (float)((const int16_t *)s)[i], (double)((const int16_t *)s)[i])                         \
    X(i32, (float)((const int32_t *)s)[i], (double)((const int32_t *)s)[i])                         \
    X(i64, (float)((const int64_t *)s)[i], (double)((const int64_t *)s)[i])                         \
    X(u8, (float)((const uint8_t *)s)[i], (double)((const uint8_t *)s)[i])                          \
    X(b8, ((const uint8_t *)s)[i] != 0 ? 1.0f : 0.0f, ((const uint8_t *)s)[i] != 0 ? 1.0 : 0.0)

static void store_f32(void *d, size_t i, float v) { ((float *)d)[i] = v; }
static void store_f16(void *d, size_t i, float v) { ((uint16_t *)d)[i] = acpu_f32_to_f16(v); }
static void store_bf16(void *d, size_t i, float v) { ((uint16_t *)d)[i] = acpu_f32_to_bf16(v); }
static void store_c64(void *d, size_t i, float v)
{
    ((float *)d)[2 * i] = v;
    ((float *)d)[2 * i + 1] = 0.0f;
}
static void dstore_f32(void *d, size_t i, double v) { ((float *)d)[i] = (float)v; }
static void dstore_f16(void *d, size_t i, double v) { ((uint16_t *)d)[i] = acpu_f64_to_f16(v); }
static void dstore_bf16(void *d, size_t i, double v) { ((uint16_t *)d)[i] = acpu_f64_to_bf16(v); }
static void dstore_f64(void *d, size_t i, double v) { ((double *)d)[i] = v; }
static void dstore_c64(void *d, size_t i, double v)
{
    ((float *)d)[2 * i] = (float)v;
    ((float *)d)[2 * i + 1] = 0.0f;
}
static void dstore_c128(void *d, size_t i, double v)
{
    ((double *)d)[2 * i] = v;
    ((double *)d)[2 * i + 1] = 0.0;
}

/* Float-family sources: float path to f32/f16/bf16/c64, double path (exact) to f64/c128. */
#define ACPU_DEFINE_CASTS(name, as_float, as_double)                 \
    static void cast_##name##_f32(size_t n, const void *s, void *d)  \
    {                                                                \
        for (size_t i = 0; i < n; i++)                               \
            store_f32(d, i, as_float);                               \
    }                                                                \
    static void cast_##name##_f16(size_t n, const void *s, void *d)  \
    {                                                                \
        for (size_t i = 0; i < n; i++)                               \
            store_f16(d, i, as_float);                               \
    }                                                                \
    static void cast_##name##_bf16(size_t n, const void *s, void *d) \
    {                                                                \
        for (size_t i = 0; i < n; i++)                               \
            store_bf16(d, i, as_float);                              \
    }                                                                \
    static void cast_##name##_c64(size_t n, const void *s, void *d)  \
    {                                                                \
        for (size_t i = 0; i < n; i++)                               \
            store_c64(d, i, as_float);                               \
    }                                                                \
    static void cast_##name##_f64(size_t n, const void *s, void *d)  \
    {                                                                \
        for (size_t i = 0; i < n; i++)                               \
            dstore_f64(d, i, as_double);                             \
    }                                                                \
    static void cast_##name##_c128(size_t n, const void *s, void *d) \
    {                                                                \
        for (size_t i = 0; i < n; i++)                               \
            dstore_c128(d, i, as_double);                            \
    }
ACPU_CAST_SOURCES(ACPU_DEFINE_CASTS)

/* Double sources round once, straight from double. */
#define ACPU_DEFINE_F64_CAST(dname)                                \
    static void cast_f64_##dname(size_t n, const void *s, void *d) \
    {                                                              \
        for (size_t i = 0; i < n; i++)                             \
            dstore_##dname(d, i, ((const double *)s)[i]);          \
    }
ACPU_DEFINE_F64_CAST(f32)
ACPU_DEFINE_F64_CAST(f16)
ACPU_DEFINE_F64_CAST(bf16)
ACPU_DEFINE_F64_CAST(f64)
ACPU_DEFINE_F64_CAST(c64)
ACPU_DEFINE_F64_CAST(c128)

enum { DST_F32, DST_F16, DST_BF16, DST_F64, DST_C64, DST_C128, DST_COUNT };

static int cast_dst_index(aclDataType dt)
{
    switch (dt) {
    case ACL_FLOAT: return DST_F32;
    case ACL_FLOAT16: return DST_F16;
    case ACL_BF16: return DST_BF16;
    case ACL_DOUBLE: return DST_F64;
    case ACL_COMPLEX64: return DST_C64;
    case ACL_COMPLEX128: return DST_C128;
    default: return -1;
    }
}

#define ACPU_CAST_ROW(name)                                                                             \
    {                                                                                                   \
        cast_##name##_f32, cast_##name##_f16, cast_##name##_bf16, cast_##name##_f64, cast_##name##_c64, \
            cast_##name##_c128                                                                          \
    }

static const acpu_cast_fn *cast_row(aclDataType src)
{
    static const acpu_cast_fn rows[][DST_COUNT] = {
        ACPU_CAST_ROW(f32), ACPU_CAST_ROW(f16), ACPU_CAST_ROW(bf16), ACPU_CAST_ROW(f64), ACPU_CAST_ROW(i8),
        ACPU_CAST_ROW(i16), ACPU_CAST_ROW(i32), ACPU_CAST_ROW(i64),  ACPU_CAST_ROW(u8),  ACPU_CAST_ROW(b8),
    };
    switch (src) {
    case ACL_FLOAT: return rows[0];
    case ACL_FLOAT16: return rows[1];
    case ACL_BF16: return rows[2];
    case ACL_DOUBLE: return rows[3];
    case ACL_INT8: return rows[4];
    case ACL_INT16: return rows[5];
    case ACL_INT32: return rows[6];
    case ACL_INT64: return rows[7];
    case ACL_UINT8: return rows[8];
    case ACL_BOOL: return rows[9];
    default: return NULL;
    }
}

acpu_cast_fn acpu_cast_get(aclDataType src, aclDataType dst)
{
    const acpu_cast_fn *row = cast_row(src);
    int d = cast_dst_index(dst);
    return row != NULL && d >= 0 ? row[d] : NULL;
}
