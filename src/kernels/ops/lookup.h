/* 16-bit lookup kernels (kernels/acpu_kernels.h, "16-bit lookup tables"), included after a
 * vocabulary header by kernels/acpu_kernel_table.h.
 *
 * A family writes a kernel with a MUL or DIV form as
 *   ACPU_DEFINE_FACTOR_KERNELS(stem, body, factor16, FORM, ParamT)
 * where body(a, x, p) is its fp32 body and factor16(x, p) the fp32 factor of its 16-bit kernel; the
 * 16-bit kernels are then exactly a * factor16(x) (or a / factor16(x)), rounded once, and the
 * table fills stem_fill_f16 / stem_fill_bf16 evaluate factor16 on every 16-bit value. The lookup
 * kernels below gather the factor instead of computing it: the same operation on the same operands,
 * so the same bits on every ISA that computes the factor alike. */
#ifndef ACPU_OPS_LOOKUP_H_
#define ACPU_OPS_LOOKUP_H_

#include <string.h>

#include "kernels/ops/loops.h"

/* a * f and a / f, with a NaN `a` passed through: when both operands are NaN, which payload an x86
 * multiply returns depends on the operand order the compiler picked, so the direct and the lookup
 * kernels could disagree; with `a` passed through, a NaN result has one possible payload. */
#define ACPU_TABLE_COMBINE_MUL(a, f) acpu_vf_select(acpu_vf_cmp_eq(a, a), acpu_vf_mul(a, f), a)
#define ACPU_TABLE_COMBINE_DIV(a, f) acpu_vf_select(acpu_vf_cmp_eq(a, a), acpu_vf_div(a, f), a)

/* table[x] = factor16(widen(x)) for every 16-bit pattern x (ACPU_VLANES divides 65536). */
#define ACPU_DEFINE_TABLE_FILL(fn, SFX, factor16, ParamT)                          \
    static void fn(const void *params, float *table)                               \
    {                                                                              \
        const ParamT *prm = (const ParamT *)params;                                \
        uint16_t bits[ACPU_VLANES];                                                \
        for (uint32_t b = 0; b < ACPU_TABLE_ENTRIES; b += ACPU_VLANES) {           \
            for (uint32_t k = 0; k < ACPU_VLANES; k++)                             \
                bits[k] = (uint16_t)(b + k);                                       \
            acpu_vf_store_f32(table + b, factor16(acpu_vf_load_##SFX(bits), prm)); \
        }                                                                          \
    }

#define ACPU_DEFINE_FACTOR_KERNELS(stem, body, factor16, FORM, ParamT)                       \
    static inline acpu_vf acpu_##stem##_factor_body16(acpu_vf a, acpu_vf x, const ParamT *p) \
    {                                                                                        \
        return ACPU_TABLE_COMBINE_##FORM(a, factor16(x, p));                                 \
    }                                                                                        \
    ACPU_DEFINE_FLOAT_KERNELS(2, stem, body, acpu_##stem##_factor_body16, ParamT)            \
    ACPU_DEFINE_TABLE_FILL(ACPU_KERNEL_NAME(stem##_fill_f16), f16, factor16, ParamT)         \
    ACPU_DEFINE_TABLE_FILL(ACPU_KERNEL_NAME(stem##_fill_bf16), bf16, factor16, ParamT)

/* table[idx[k]] for 2 * ACPU_VLANES indices in the lane order of load2_<dtype> (memory order unless
 * the vocabulary pairs its bf16 loads, ACPU_VF_PAIR_BF16, and gives the matching gather). */
static inline void acpu_vf_gather2_idx16_f16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    *f0 = acpu_vf_gather_idx16(table, idx);
    *f1 = acpu_vf_gather_idx16(table, idx + ACPU_VLANES);
}
#ifndef ACPU_VF_PAIR_BF16
static inline void acpu_vf_gather2_idx16_bf16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    acpu_vf_gather2_idx16_f16(table, idx, f0, f1);
}
#endif

#ifdef ACPU_LOADS_IDX16
/* The same from one scalar load per lane (the vocabulary's loads_idx16). */
static inline void acpu_vf_loads2_idx16_f16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    *f0 = acpu_vf_loads_idx16(table, idx);
    *f1 = acpu_vf_loads_idx16(table, idx + ACPU_VLANES);
}
#ifndef ACPU_VF_PAIR_BF16
static inline void acpu_vf_loads2_idx16_bf16(const float *table, const uint16_t *idx, acpu_vf *f0, acpu_vf *f1)
{
    acpu_vf_loads2_idx16_f16(table, idx, f0, f1);
}
#endif
#endif

/* out[i] = round16(combine(widen(a[i]), table[x[i]])), a = in[0], x = in[1], two vectors at a time
 * through the pair loads; the tail through a padded copy (index 0 is a valid entry). FETCH reads
 * the table: gather (the vocabulary's gather_idx16) or loads (loads_idx16, one load per lane). */
#define ACPU_DEFINE_LOOKUP_KERNEL(fn, SFX, FORM, FETCH)                                                                \
    static void fn(size_t n, const void *const *in, void *out_, const void *params_)                                   \
    {                                                                                                                  \
        const uint16_t *a = (const uint16_t *)in[0], *x = (const uint16_t *)in[1];                                     \
        uint16_t *out = (uint16_t *)out_;                                                                              \
        const float *table = (const float *)((const acpu_lookup_params *)params_)->table;                              \
        size_t i = 0;                                                                                                  \
        for (; i + 2 * ACPU_VLANES <= n; i += 2 * ACPU_VLANES) {                                                       \
            acpu_vf a0, a1, f0, f1;                                                                                    \
            acpu_vf_load2_##SFX(a + i, &a0, &a1);                                                                      \
            acpu_vf_##FETCH##2_idx16_##SFX(table, x + i, &f0, &f1);                                                    \
            acpu_vf_store2_##SFX(out + i, ACPU_TABLE_COMBINE_##FORM(a0, f0), ACPU_TABLE_COMBINE_##FORM(a1, f1));       \
        }                                                                                                              \
        for (; i + ACPU_VLANES <= n; i += ACPU_VLANES)                                                                 \
            acpu_vf_store_##SFX(                                                                                       \
                out + i, ACPU_TABLE_COMBINE_##FORM(acpu_vf_load_##SFX(a + i), acpu_vf_##FETCH##_idx16(table, x + i))); \
        if (i < n) {                                                                                                   \
            uint16_t ta[ACPU_VLANES] = {0}, tx[ACPU_VLANES] = {0}, to[ACPU_VLANES];                                    \
            memcpy(ta, a + i, (n - i) * sizeof(uint16_t));                                                             \
            memcpy(tx, x + i, (n - i) * sizeof(uint16_t));                                                             \
            acpu_vf_store_##SFX(                                                                                       \
                to, ACPU_TABLE_COMBINE_##FORM(acpu_vf_load_##SFX(ta), acpu_vf_##FETCH##_idx16(table, tx)));            \
            memcpy(out + i, to, (n - i) * sizeof(uint16_t));                                                           \
        }                                                                                                              \
    }

#ifdef ACPU_GATHER_U16
/* The WHOLE lookup out[i] = table[x[i]] with the vocabulary's 16-bit gather, two vectors at a time,
 * the tail one by one (acpu_lookup_whole16's loop). */
static void ACPU_KERNEL_NAME(lookup_whole16)(size_t n, const void *const *in, void *out_, const void *params_)
{
    const uint16_t *x = (const uint16_t *)in[0];
    const uint16_t *table = (const uint16_t *)((const acpu_lookup_params *)params_)->table;
    uint16_t *out = (uint16_t *)out_;
    size_t i = 0;
    for (; i + 2 * ACPU_VLANES <= n; i += 2 * ACPU_VLANES) {
        acpu_gather_u16(table, x + i, out + i);
        acpu_gather_u16(table, x + i + ACPU_VLANES, out + i + ACPU_VLANES);
    }
    for (; i < n; i++)
        out[i] = table[x[i]];
}
#define ACPU_LOOKUP_WHOLE16 ACPU_KERNEL_NAME(lookup_whole16)
#else
#define ACPU_LOOKUP_WHOLE16 acpu_lookup_whole16
#endif

ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_mul_f16), f16, MUL, gather)
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_mul_bf16), bf16, MUL, gather)
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_div_f16), f16, DIV, gather)
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_div_bf16), bf16, DIV, gather)

/* The alternatives a table's build times against them (ops/op_tables.c), where the vocabulary's
 * gather is an instruction: the MUL / DIV lookups from one load per lane (a vocabulary with
 * loads_idx16) and the WHOLE lookup in plain C; NULL where none is offered. Offered only where the
 * build's timing (4096 inputs, L1-resident) held for large calls: on one Zen 4, aclnn_cpu_bench at
 * 1M and 16M elements, 1 and 2 threads, the alternative against the gather ran
 *   AVX2:     WHOLE 1.4-1.6x (1M) and 0.98-1.5x (16M); MUL / DIV 1.4-1.5x (1M), 0.98-1.13x (16M);
 *   AVX-512:  WHOLE bf16 1.1-1.3x (1M), 1.1-1.2x (16M); WHOLE fp16 1.1-1.2x (1M) but 0.80-0.84x
 *             (16M); MUL / DIV 1.0-1.35x (1M) but 0.66-0.95x (16M),
 * so AVX2 offers every alternative and AVX-512 (no loads_idx16) the bf16 WHOLE one. (Measured with
 * the C loop's one store per element; with its four results per 8-byte store, AVX-512 fp16 WHOLE ran
 * 1.35x at 1M but 0.75-0.9x at 16M and 64M: still not offered.) bf16's 7-bit
 * significand puts a layer's values on few WHOLE entries (a million uniform samples in [-8, 8] hit
 * 3.1K of them, 6 KiB of the table); where the alternative lost at 16M, AVX-512's 16 loads at once
 * keep more misses in flight under the stream from memory, which a timing in L1 cannot see. */
#ifdef ACPU_LOADS_IDX16
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_loads_mul_f16), f16, MUL, loads)
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_loads_mul_bf16), bf16, MUL, loads)
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_loads_div_f16), f16, DIV, loads)
ACPU_DEFINE_LOOKUP_KERNEL(ACPU_KERNEL_NAME(lookup_loads_div_bf16), bf16, DIV, loads)
/* clang-format off */
#define ACPU_LOOKUP_LOADS_ROW                                                                                  \
    .lookup_loads = {                                                                                          \
        [ACPU_TABLE_WHOLE] = {acpu_lookup_whole16, acpu_lookup_whole16},                                       \
        [ACPU_TABLE_MUL] = {ACPU_KERNEL_NAME(lookup_loads_mul_f16), ACPU_KERNEL_NAME(lookup_loads_mul_bf16)}, \
        [ACPU_TABLE_DIV] = {ACPU_KERNEL_NAME(lookup_loads_div_f16), ACPU_KERNEL_NAME(lookup_loads_div_bf16)}},
/* clang-format on */
#elif defined(ACPU_GATHER_U16)
#define ACPU_LOOKUP_LOADS_ROW .lookup_loads = {[ACPU_TABLE_WHOLE] = {NULL, acpu_lookup_whole16}},
#else
#define ACPU_LOOKUP_LOADS_ROW
#endif

#endif /* ACPU_OPS_LOOKUP_H_ */
