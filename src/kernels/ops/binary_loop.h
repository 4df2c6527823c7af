/* Loop skeleton shared by the binary element-wise ops, included after a vocabulary header.
 * ACPU_DEFINE_BINARY_KERNEL(fn, T, load, store, body) defines
 *   static void fn(size_t n, const void *a, const void *b, void *out, const void *params)
 * where body(va, vb, params) -> acpu_vf computes one vector. Four vectors per iteration hide
 * the latency of the out-of-line exp; the tail goes through the same vector body on a padded
 * copy, so every element gets bit-identical results wherever it sits. */
#ifndef ACPU_OPS_BINARY_LOOP_H_
#define ACPU_OPS_BINARY_LOOP_H_

#include <stddef.h>
#include <string.h>

#define ACPU_DEFINE_BINARY_KERNEL(fn, T, load, store, body, ParamT)                           \
    static void fn(size_t n, const void *a_, const void *b_, void *out_, const void *params_) \
    {                                                                                         \
        const T *a = (const T *)a_;                                                           \
        const T *b = (const T *)b_;                                                           \
        T *out = (T *)out_;                                                                   \
        const ParamT *prm = (const ParamT *)params_;                                          \
        size_t i = 0;                                                                         \
        for (; i + 4 * ACPU_VLANES <= n; i += 4 * ACPU_VLANES) {                              \
            acpu_vf r0 = body(load(a + i), load(b + i), prm);                                 \
            acpu_vf r1 = body(load(a + i + ACPU_VLANES), load(b + i + ACPU_VLANES), prm);     \
            acpu_vf r2 = body(load(a + i + 2 * ACPU_VLANES), load(b + i + 2 * ACPU_VLANES), prm); \
            acpu_vf r3 = body(load(a + i + 3 * ACPU_VLANES), load(b + i + 3 * ACPU_VLANES), prm); \
            store(out + i, r0);                                                               \
            store(out + i + ACPU_VLANES, r1);                                                 \
            store(out + i + 2 * ACPU_VLANES, r2);                                             \
            store(out + i + 3 * ACPU_VLANES, r3);                                             \
        }                                                                                     \
        for (; i + ACPU_VLANES <= n; i += ACPU_VLANES)                                        \
            store(out + i, body(load(a + i), load(b + i), prm));                              \
        if (i < n) {                                                                          \
            T ta[ACPU_VLANES] = {0}, tb[ACPU_VLANES] = {0}, to[ACPU_VLANES];                  \
            memcpy(ta, a + i, (n - i) * sizeof(T));                                           \
            memcpy(tb, b + i, (n - i) * sizeof(T));                                           \
            store(to, body(load(ta), load(tb), prm));                                         \
            memcpy(out + i, to, (n - i) * sizeof(T));                                         \
        }                                                                                     \
    }

#endif /* ACPU_OPS_BINARY_LOOP_H_ */
