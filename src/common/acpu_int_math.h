/* Small unsigned-integer helpers shared by the tilings and the engine. */
#ifndef ACPU_INT_MATH_H_
#define ACPU_INT_MATH_H_

#include <stdint.h>

static inline uint64_t acpu_min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static inline uint64_t acpu_max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }
/* ceil(v / d) without overflowing v + d - 1 */
static inline uint64_t acpu_ceil_div_u64(uint64_t v, uint64_t d) { return v / d + (v % d != 0u); }
static inline uint64_t acpu_align_up_u64(uint64_t v, uint64_t f) { return acpu_ceil_div_u64(v, f) * f; }
static inline uint64_t acpu_align_down_u64(uint64_t v, uint64_t f) { return v / f * f; }

#endif /* ACPU_INT_MATH_H_ */
