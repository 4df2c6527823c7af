/* Checked integer arithmetic for sizes that callers control (dims, strides, offsets, storage,
 * workspace): every such computation goes through these, so that a value which does not fit is
 * refused instead of wrapping. GCC and Clang both provide the builtins. */
#ifndef ACPU_CHECKED_H_
#define ACPU_CHECKED_H_

#include <stdbool.h>
#include <stdint.h>

/* *out = a * b, false (and *out unspecified) when the product exceeds UINT64_MAX. */
static inline bool acpu_mul_u64(uint64_t a, uint64_t b, uint64_t *out) { return !__builtin_mul_overflow(a, b, out); }
/* *out = a + b, false when the sum exceeds UINT64_MAX. */
static inline bool acpu_add_u64(uint64_t a, uint64_t b, uint64_t *out) { return !__builtin_add_overflow(a, b, out); }
/* *out = a * b + c (one term of an extent sum), false when either step overflows. */
static inline bool acpu_muladd_u64(uint64_t a, uint64_t b, uint64_t c, uint64_t *out)
{
    uint64_t p;
    return acpu_mul_u64(a, b, &p) && acpu_add_u64(p, c, out);
}

#endif /* ACPU_CHECKED_H_ */
