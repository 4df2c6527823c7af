/* Copies whose destination bypasses the caches (streaming, non-temporal stores): for outputs
 * larger than the last-level cache, a regular store first reads the line it writes (read for
 * ownership), a fourth memory transfer per element of a 2-read-1-write kernel; a streaming store
 * does not. SSE2 (baseline x86-64) suffices: four 16-byte streaming stores fill a line in the
 * write-combining buffer as one wider store would. Elsewhere a plain copy. */
#include <stdint.h>
#include <string.h>

#include "acpu_kernels.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>

void acpu_copy_streaming(void *dst, const void *src, size_t bytes)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t head = (16u - ((uintptr_t)d & 15u)) & 15u;
    if (head > bytes)
        head = bytes;
    memcpy(d, s, head);
    d += head, s += head, bytes -= head;
    for (; bytes >= 64; d += 64, s += 64, bytes -= 64) {
        __m128i v0 = _mm_loadu_si128((const __m128i *)(const void *)s);
        __m128i v1 = _mm_loadu_si128((const __m128i *)(const void *)(s + 16));
        __m128i v2 = _mm_loadu_si128((const __m128i *)(const void *)(s + 32));
        __m128i v3 = _mm_loadu_si128((const __m128i *)(const void *)(s + 48));
        _mm_stream_si128((__m128i *)(void *)d, v0);
        _mm_stream_si128((__m128i *)(void *)(d + 16), v1);
        _mm_stream_si128((__m128i *)(void *)(d + 32), v2);
        _mm_stream_si128((__m128i *)(void *)(d + 48), v3);
    }
    for (; bytes >= 16; d += 16, s += 16, bytes -= 16)
        _mm_stream_si128((__m128i *)(void *)d, _mm_loadu_si128((const __m128i *)(const void *)s));
    memcpy(d, s, bytes);
}

void acpu_streaming_fence(void) { _mm_sfence(); }

#else

void acpu_copy_streaming(void *dst, const void *src, size_t bytes) { memcpy(dst, src, bytes); }

void acpu_streaming_fence(void) {}

#endif
