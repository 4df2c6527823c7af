/* The streaming output copy (kernels/acpu_kernels.h, "streaming stores"), included after a
 * vocabulary header by kernels/acpu_kernel_table.h.
 *
 * A regular store to a line that is not in the cache first reads the line (read for ownership), so
 * a kernel writing an output larger than the caches moves its output twice over the memory bus. The
 * engine can instead let the kernel write a small L1-resident chunk and copy it out with
 * non-temporal stores, which write whole lines without reading them. Bytes are copied unchanged:
 * results are the same bits either way. The vocabulary gives the store (ACPU_STREAM_BYTES wide, an
 * aligned destination) and the fence; without them the table has no streaming copy (NULL). */
#ifndef ACPU_OPS_STREAM_H_
#define ACPU_OPS_STREAM_H_

#include <stdint.h>
#include <string.h>

#ifdef ACPU_STREAM_BYTES
/* dst[0, bytes) = src[0, bytes): the head up to dst's first ACPU_STREAM_BYTES boundary and the tail
 * by memcpy, the aligned middle by non-temporal stores, four at a time. */
static void ACPU_KERNEL_NAME(stream_copy)(void *dst_, const void *src_, size_t bytes)
{
    char *dst = (char *)dst_;
    const char *src = (const char *)src_;
    size_t head = (size_t)(-(uintptr_t)dst) & (ACPU_STREAM_BYTES - 1);
    head = head < bytes ? head : bytes;
    memcpy(dst, src, head);
    dst += head, src += head, bytes -= head;
    for (; bytes >= 4 * ACPU_STREAM_BYTES; dst += 4 * ACPU_STREAM_BYTES, src += 4 * ACPU_STREAM_BYTES) {
        acpu_stream_store(dst, src);
        acpu_stream_store(dst + ACPU_STREAM_BYTES, src + ACPU_STREAM_BYTES);
        acpu_stream_store(dst + 2 * ACPU_STREAM_BYTES, src + 2 * ACPU_STREAM_BYTES);
        acpu_stream_store(dst + 3 * ACPU_STREAM_BYTES, src + 3 * ACPU_STREAM_BYTES);
        bytes -= 4 * ACPU_STREAM_BYTES;
    }
    for (; bytes >= ACPU_STREAM_BYTES; dst += ACPU_STREAM_BYTES, src += ACPU_STREAM_BYTES, bytes -= ACPU_STREAM_BYTES)
        acpu_stream_store(dst, src);
    memcpy(dst, src, bytes);
}

static void ACPU_KERNEL_NAME(stream_fence)(void) { acpu_stream_fence(); }
#define ACPU_STREAM_TABLE_ROW \
    .stream_copy = ACPU_KERNEL_NAME(stream_copy), .stream_fence = ACPU_KERNEL_NAME(stream_fence)
#else
#define ACPU_STREAM_TABLE_ROW .stream_copy = NULL, .stream_fence = NULL
#endif

#endif /* ACPU_OPS_STREAM_H_ */
