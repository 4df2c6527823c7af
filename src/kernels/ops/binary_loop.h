/* Loop skeleton shared by the binary element-wise ops, included after a vocabulary header.
 * ACPU_DEFINE_BINARY_KERNEL(fn, T, VP, LANES, SFX, body, ParamT) defines
 *   static void fn(size_t n, const void *a, const void *b, void *out, const void *params)
 * where VP is the vector type (acpu_vf, acpu_vd), body(va, vb, params) -> VP computes one vector of
 * LANES elements of type T, and memory is accessed through the vocabulary's VP_load_SFX /
 * VP_store_SFX (one vector) and VP_load2_SFX / VP_store2_SFX (two), e.g. SFX bf16. The main loop
 * moves two vectors (2*LANES elements) at a time through load2/store2, which may hold the elements
 * in any lane order as long as store2 undoes load2's: the body is element-wise. The tail goes
 * through the same body on single vectors and a padded copy, so every element gets bit-identical
 * results wherever it sits. */
#ifndef ACPU_OPS_BINARY_LOOP_H_
#define ACPU_OPS_BINARY_LOOP_H_

#include <stddef.h>
#include <string.h>

/* Default pair access: two single vectors in memory order. */
#define ACPU_DEFINE_PAIR_ACCESS(V, T, LANES, load, store, load2, store2)                          \
    static inline void load2(const T *p, V *v0, V *v1)                                              \
    {                                                                                               \
        *v0 = load(p);                                                                              \
        *v1 = load(p + LANES);                                                                      \
    }                                                                                               \
    static inline void store2(T *p, V v0, V v1)                                                     \
    {                                                                                               \
        store(p, v0);                                                                               \
        store(p + LANES, v1);                                                                       \
    }

ACPU_DEFINE_PAIR_ACCESS(acpu_vf, float, ACPU_VLANES, acpu_vf_load_f32, acpu_vf_store_f32, acpu_vf_load2_f32,
                        acpu_vf_store2_f32)
ACPU_DEFINE_PAIR_ACCESS(acpu_vf, uint16_t, ACPU_VLANES, acpu_vf_load_f16, acpu_vf_store_f16, acpu_vf_load2_f16,
                        acpu_vf_store2_f16)
#ifndef ACPU_VF_PAIR_BF16 /* a vocabulary with cheaper bf16 conversions two vectors at a time */
ACPU_DEFINE_PAIR_ACCESS(acpu_vf, uint16_t, ACPU_VLANES, acpu_vf_load_bf16, acpu_vf_store_bf16, acpu_vf_load2_bf16,
                        acpu_vf_store2_bf16)
#endif
ACPU_DEFINE_PAIR_ACCESS(acpu_vd, double, ACPU_VDLANES, acpu_vd_load_f64, acpu_vd_store_f64, acpu_vd_load2_f64,
                        acpu_vd_store2_f64)

#define ACPU_DEFINE_BINARY_KERNEL(fn, T, VP, LANES, SFX, body, ParamT)                                \
    static void fn(size_t n, const void *a_, const void *b_, void *out_, const void *params_)       \
    {                                                                                               \
        const T *a = (const T *)a_;                                                                 \
        const T *b = (const T *)b_;                                                                 \
        T *out = (T *)out_;                                                                         \
        const ParamT *prm = (const ParamT *)params_;                                                \
        size_t i = 0;                                                                               \
        for (; i + 2 * LANES <= n; i += 2 * LANES) {                                                \
            VP a0, a1, b0, b1;                                                                      \
            VP##_load2_##SFX(a + i, &a0, &a1);                                                                 \
            VP##_load2_##SFX(b + i, &b0, &b1);                                                                 \
            VP##_store2_##SFX(out + i, body(a0, b0, prm), body(a1, b1, prm));                                  \
        }                                                                                           \
        for (; i + LANES <= n; i += LANES)                                                          \
            VP##_store_##SFX(out + i, body(VP##_load_##SFX(a + i), VP##_load_##SFX(b + i), prm));                                    \
        if (i < n) {                                                                                \
            T ta[LANES] = {0}, tb[LANES] = {0}, to[LANES];                                          \
            memcpy(ta, a + i, (n - i) * sizeof(T));                                                 \
            memcpy(tb, b + i, (n - i) * sizeof(T));                                                 \
            VP##_store_##SFX(to, body(VP##_load_##SFX(ta), VP##_load_##SFX(tb), prm));                                               \
            memcpy(out + i, to, (n - i) * sizeof(T));                                               \
        }                                                                                           \
    }

/* The unary form, out[i] = body(in[i]), one vector at a time with the same padded tail:
 *   static void fn(size_t n, const void *in, void *out) */
#define ACPU_DEFINE_UNARY_KERNEL(fn, T, VP, LANES, SFX, body)                                         \
    static void fn(size_t n, const void *in_, void *out_)                                           \
    {                                                                                               \
        const T *in = (const T *)in_;                                                               \
        T *out = (T *)out_;                                                                         \
        size_t i = 0;                                                                               \
        for (; i + LANES <= n; i += LANES)                                                          \
            VP##_store_##SFX(out + i, body(VP##_load_##SFX(in + i)));                               \
        if (i < n) {                                                                                \
            T ti[LANES] = {0}, to[LANES];                                                           \
            memcpy(ti, in + i, (n - i) * sizeof(T));                                                \
            VP##_store_##SFX(to, body(VP##_load_##SFX(ti)));                                        \
            memcpy(out + i, to, (n - i) * sizeof(T));                                               \
        }                                                                                           \
    }

#endif /* ACPU_OPS_BINARY_LOOP_H_ */
