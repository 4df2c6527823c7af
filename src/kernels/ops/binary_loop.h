/* Loop skeleton shared by the binary element-wise ops, included after a vocabulary header.
 * ACPU_DEFINE_BINARY_KERNEL(fn, T, V, LANES, load, store, body, ParamT) defines
 *   static void fn(size_t n, const void *a, const void *b, void *out, const void *params)
 * where body(va, vb, params) -> V computes one vector of LANES elements of type T. Two vectors
 * per iteration hide the latency of the out-of-line exp; the tail goes through the same vector body on a padded
 * copy, so every element gets bit-identical results wherever it sits. */
#ifndef ACPU_OPS_BINARY_LOOP_H_
#define ACPU_OPS_BINARY_LOOP_H_

#include <stddef.h>
#include <string.h>

#define ACPU_DEFINE_BINARY_KERNEL(fn, T, V, LANES, load, store, body, ParamT)                        \
    static void fn(size_t n, const void *a_, const void *b_, void *out_, const void *params_) \
    {                                                                                         \
        const T *a = (const T *)a_;                                                           \
        const T *b = (const T *)b_;                                                           \
        T *out = (T *)out_;                                                                   \
        const ParamT *prm = (const ParamT *)params_;                                          \
        size_t i = 0;                                                                         \
        for (; i + 2 * LANES <= n; i += 2 * LANES) {                                           \
            V r0 = body(load(a + i), load(b + i), prm);                                             \
            V r1 = body(load(a + i + LANES), load(b + i + LANES), prm);                             \
            store(out + i, r0);                                                                     \
            store(out + i + LANES, r1);                                                             \
        }                                                                                           \
        for (; i + LANES <= n; i += LANES)                                        \
            store(out + i, body(load(a + i), load(b + i), prm));                              \
        if (i < n) {                                                                          \
            T ta[LANES] = {0}, tb[LANES] = {0}, to[LANES];                  \
            memcpy(ta, a + i, (n - i) * sizeof(T));                                           \
            memcpy(tb, b + i, (n - i) * sizeof(T));                                           \
            store(to, body(load(ta), load(tb), prm));                                         \
            memcpy(out + i, to, (n - i) * sizeof(T));                                         \
        }                                                                                     \
    }

#endif /* ACPU_OPS_BINARY_LOOP_H_ */
