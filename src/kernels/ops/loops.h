/* Loop skeletons of the element-wise kernels, included after a vocabulary header.
 * ACPU_DEFINE_KERNEL<A>(fn, T, VP, LANES, SFX, body, ParamT), A = 1, 2 or 3 inputs, defines
 *   static void fn(size_t n, const void *const *in, void *out, const void *params)
 * (acpu_kernel_fn) where VP is the vector type (acpu_vf, acpu_vd), body(v0[, v1[, v2]], params) -> VP
 * computes one vector of LANES elements of type T, and memory is accessed through the vocabulary's
 * VP_load_SFX / VP_store_SFX (one vector) and VP_load2_SFX / VP_store2_SFX (two), e.g. SFX bf16. The
 * main loop moves two vectors (2*LANES elements) at a time through load2/store2, which may hold the
 * elements in any lane order as long as store2 undoes load2's: the body is element-wise. The tail
 * goes through the same body on single vectors and a padded copy, so every element gets
 * bit-identical results wherever it sits. */
#ifndef ACPU_OPS_LOOPS_H_
#define ACPU_OPS_LOOPS_H_

#include <stddef.h>
#include <string.h>

/* Default pair access: two single vectors in memory order. */
#define ACPU_DEFINE_PAIR_ACCESS(V, T, LANES, load, store, load2, store2) \
    static inline void load2(const T *p, V *v0, V *v1)                   \
    {                                                                    \
        *v0 = load(p);                                                   \
        *v1 = load(p + LANES);                                           \
    }                                                                    \
    static inline void store2(T *p, V v0, V v1)                          \
    {                                                                    \
        store(p, v0);                                                    \
        store(p + LANES, v1);                                            \
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

#define ACPU_KERNEL_PROLOGUE(T, ParamT)          \
    T *out = (T *)out_;                          \
    const ParamT *prm = (const ParamT *)params_; \
    (void)prm;                                   \
    size_t i = 0;

#define ACPU_DEFINE_KERNEL1(fn, T, VP, LANES, SFX, body, ParamT)                     \
    static void fn(size_t n, const void *const *in, void *out_, const void *params_) \
    {                                                                                \
        const T *a = (const T *)in[0];                                               \
        ACPU_KERNEL_PROLOGUE(T, ParamT)                                              \
        for (; i + 2 * LANES <= n; i += 2 * LANES) {                                 \
            VP a0, a1;                                                               \
            VP##_load2_##SFX(a + i, &a0, &a1);                                       \
            VP##_store2_##SFX(out + i, body(a0, prm), body(a1, prm));                \
        }                                                                            \
        for (; i + LANES <= n; i += LANES)                                           \
            VP##_store_##SFX(out + i, body(VP##_load_##SFX(a + i), prm));            \
        if (i < n) {                                                                 \
            T ta[LANES] = {0}, to[LANES];                                            \
            memcpy(ta, a + i, (n - i) * sizeof(T));                                  \
            VP##_store_##SFX(to, body(VP##_load_##SFX(ta), prm));                    \
            memcpy(out + i, to, (n - i) * sizeof(T));                                \
        }                                                                            \
    }

#define ACPU_DEFINE_KERNEL2(fn, T, VP, LANES, SFX, body, ParamT)                                  \
    static void fn(size_t n, const void *const *in, void *out_, const void *params_)              \
    {                                                                                             \
        const T *a = (const T *)in[0];                                                            \
        const T *b = (const T *)in[1];                                                            \
        ACPU_KERNEL_PROLOGUE(T, ParamT)                                                           \
        for (; i + 2 * LANES <= n; i += 2 * LANES) {                                              \
            VP a0, a1, b0, b1;                                                                    \
            VP##_load2_##SFX(a + i, &a0, &a1);                                                    \
            VP##_load2_##SFX(b + i, &b0, &b1);                                                    \
            VP##_store2_##SFX(out + i, body(a0, b0, prm), body(a1, b1, prm));                     \
        }                                                                                         \
        for (; i + LANES <= n; i += LANES)                                                        \
            VP##_store_##SFX(out + i, body(VP##_load_##SFX(a + i), VP##_load_##SFX(b + i), prm)); \
        if (i < n) {                                                                              \
            T ta[LANES] = {0}, tb[LANES] = {0}, to[LANES];                                        \
            memcpy(ta, a + i, (n - i) * sizeof(T));                                               \
            memcpy(tb, b + i, (n - i) * sizeof(T));                                               \
            VP##_store_##SFX(to, body(VP##_load_##SFX(ta), VP##_load_##SFX(tb), prm));            \
            memcpy(out + i, to, (n - i) * sizeof(T));                                             \
        }                                                                                         \
    }

#define ACPU_DEFINE_KERNEL3(fn, T, VP, LANES, SFX, body, ParamT)                                                 \
    static void fn(size_t n, const void *const *in, void *out_, const void *params_)                             \
    {                                                                                                            \
        const T *a = (const T *)in[0];                                                                           \
        const T *b = (const T *)in[1];                                                                           \
        const T *c = (const T *)in[2];                                                                           \
        ACPU_KERNEL_PROLOGUE(T, ParamT)                                                                          \
        for (; i + 2 * LANES <= n; i += 2 * LANES) {                                                             \
            VP a0, a1, b0, b1, c0, c1;                                                                           \
            VP##_load2_##SFX(a + i, &a0, &a1);                                                                   \
            VP##_load2_##SFX(b + i, &b0, &b1);                                                                   \
            VP##_load2_##SFX(c + i, &c0, &c1);                                                                   \
            VP##_store2_##SFX(out + i, body(a0, b0, c0, prm), body(a1, b1, c1, prm));                            \
        }                                                                                                        \
        for (; i + LANES <= n; i += LANES)                                                                       \
            VP##_store_##SFX(out + i,                                                                            \
                             body(VP##_load_##SFX(a + i), VP##_load_##SFX(b + i), VP##_load_##SFX(c + i), prm)); \
        if (i < n) {                                                                                             \
            T ta[LANES] = {0}, tb[LANES] = {0}, tc[LANES] = {0}, to[LANES];                                      \
            memcpy(ta, a + i, (n - i) * sizeof(T));                                                              \
            memcpy(tb, b + i, (n - i) * sizeof(T));                                                              \
            memcpy(tc, c + i, (n - i) * sizeof(T));                                                              \
            VP##_store_##SFX(to, body(VP##_load_##SFX(ta), VP##_load_##SFX(tb), VP##_load_##SFX(tc), prm));      \
            memcpy(out + i, to, (n - i) * sizeof(T));                                                            \
        }                                                                                                        \
    }

/* The three floating-point kernels of a row (f32, f16, bf16: 16-bit results use body16, whose exp
 * is the 16-bit flavour), for a stem and an arity. */
#define ACPU_DEFINE_FLOAT_KERNELS(ARITY, stem, body, body16, ParamT)                                                 \
    ACPU_DEFINE_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_f32), float, acpu_vf, ACPU_VLANES, f32, body, ParamT)          \
        ACPU_DEFINE_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_f16), uint16_t, acpu_vf, ACPU_VLANES, f16, body16, ParamT) \
            ACPU_DEFINE_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_bf16), uint16_t, acpu_vf, ACPU_VLANES, bf16, body16,   \
                                      ParamT)

/* Integer kernels (ReLU, Threshold, Hardtanh, ... on int tensors): plain loops over the element
 * type, which the compiler vectorises for each ISA translation unit's flags. body(T, a[, b], prm)
 * is an expression of the element values (a macro or an inline function); the same code runs on
 * every ISA, so the results are the same bits everywhere. `omp simd` (every layer compiles with
 * OpenMP) makes the vectoriser take the loop at -O2, whose very-cheap cost model refuses loops that
 * need an alias check or an epilogue: an element reads only its own index, so the output may be an
 * input (in place). The parameter block is read into a local first: an 8-bit output may alias
 * anything, which would reload the parameters for every element. */
#define ACPU_INT_LOOP _Pragma("omp simd") for (size_t i = 0; i < n; i++)
#define ACPU_DEFINE_INT_KERNEL1(fn, T, body, ParamT)                                                \
    static void fn(size_t n, const void *const *in, void *out_, const void *params_)                \
    {                                                                                               \
        const T *a = (const T *)in[0];                                                              \
        T *out = (T *)out_;                                                                         \
        const ParamT prm_copy = *(const ParamT *)params_; /* a local: no store to out aliases it */ \
        const ParamT *prm = &prm_copy;                                                              \
        (void)prm;                                                                                  \
        ACPU_INT_LOOP                                                                               \
        {                                                                                           \
            T va = a[i];                                                                            \
            out[i] = body(T, va, prm);                                                              \
        }                                                                                           \
    }

#define ACPU_DEFINE_INT_KERNEL2(fn, T, body, ParamT)                                                \
    static void fn(size_t n, const void *const *in, void *out_, const void *params_)                \
    {                                                                                               \
        const T *a = (const T *)in[0];                                                              \
        const T *b = (const T *)in[1];                                                              \
        T *out = (T *)out_;                                                                         \
        const ParamT prm_copy = *(const ParamT *)params_; /* a local: no store to out aliases it */ \
        const ParamT *prm = &prm_copy;                                                              \
        (void)prm;                                                                                  \
        ACPU_INT_LOOP                                                                               \
        {                                                                                           \
            T va = a[i], vb = b[i]; /* both loaded: a select, not a conditional load (AVX2) */      \
            out[i] = body(T, va, vb, prm);                                                          \
        }                                                                                           \
    }

/* The five integer kernels of a row (i8, u8, i16, i32, i64: the INTS dtypes of the kernel list). */
#define ACPU_DEFINE_INT_KERNELS(ARITY, stem, body, ParamT)                                         \
    ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_i8), int8_t, body, ParamT)               \
        ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_u8), uint8_t, body, ParamT)          \
            ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_i16), int16_t, body, ParamT)     \
                ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_i32), int32_t, body, ParamT) \
                    ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_i64), int64_t, body, ParamT)

/* The three floating-point kernels of a compare-and-select row: f32 on the vector vocabulary, f16 and
 * bf16 on their 16-bit patterns (integer bodies as ACPU_DEFINE_INT_KERNEL<A> takes them, on the keys
 * of common/acpu_half.h). */
#define ACPU_DEFINE_PATTERN16_KERNELS(ARITY, stem, body, body_f16, body_bf16, ParamT)                       \
    ACPU_DEFINE_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_f32), float, acpu_vf, ACPU_VLANES, f32, body, ParamT) \
        ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_f16), uint16_t, body_f16, ParamT)             \
            ACPU_DEFINE_INT_KERNEL##ARITY(ACPU_KERNEL_NAME(stem##_bf16), uint16_t, body_bf16, ParamT)

/* An array map without parameters, out[i] = body(in[i]), one vector at a time with the same padded
 * tail (the math arrays of kernels/ops/math_arrays.h):
 *   static void fn(size_t n, const void *in, void *out) */
#define ACPU_DEFINE_ARRAY_MAP(fn, T, VP, LANES, SFX, body)            \
    static void fn(size_t n, const void *in_, void *out_)             \
    {                                                                 \
        const T *in = (const T *)in_;                                 \
        T *out = (T *)out_;                                           \
        size_t i = 0;                                                 \
        for (; i + LANES <= n; i += LANES)                            \
            VP##_store_##SFX(out + i, body(VP##_load_##SFX(in + i))); \
        if (i < n) {                                                  \
            T ti[LANES] = {0}, to[LANES];                             \
            memcpy(ti, in + i, (n - i) * sizeof(T));                  \
            VP##_store_##SFX(to, body(VP##_load_##SFX(ti)));          \
            memcpy(out + i, to, (n - i) * sizeof(T));                 \
        }                                                             \
    }

#endif /* ACPU_OPS_LOOPS_H_ */
