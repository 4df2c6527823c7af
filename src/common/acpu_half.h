/* Exact widening of the 16-bit float formats to fp32, for every layer (the kernels' conversions,
 * the runtime's aclScalar::ToFloat). Narrowing, which rounds, lives in kernels/convert.c. */
#ifndef ACPU_HALF_H_
#define ACPU_HALF_H_

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

#endif /* ACPU_HALF_H_ */
