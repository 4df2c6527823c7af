/* "Device" and host memory: 64-byte-aligned host allocations, tracked so that frees of foreign or
 * already-freed pointers are refused. Size rounded up to 32 and padded by 32 bytes, as CANN does. */
#include <stdlib.h>
#include <string.h>

#include "acpu_runtime.h"

#define ACPU_MEM_ALIGN 64u

static bool policy_is_valid(aclrtMemMallocPolicy policy)
{
    unsigned p = (unsigned)policy;
    unsigned flags = ACL_MEM_TYPE_LOW_BAND_WIDTH | ACL_MEM_TYPE_HIGH_BAND_WIDTH | ACL_MEM_ACCESS_USER_SPACE_READONLY;
    return (p & ~flags) <= ACL_MEM_MALLOC_HUGE1G_ONLY_P2P;
}

static const char *pointer_arg(acpu_handle_kind kind) { return kind == ACPU_HANDLE_DEVICE_MEM ? "devPtr" : "hostPtr"; }

static aclError allocate(const char *api, void **ptr, size_t size, acpu_handle_kind kind)
{
    if (ptr == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, pointer_arg(kind));
        return ACL_ERROR_INVALID_PARAM;
    }
    if (size == 0) {
        acpu_set_error("%s: size must be > 0, got 0", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t padded = ((size + 31) / 32) * 32 + 32;
    padded = (padded + ACPU_MEM_ALIGN - 1) / ACPU_MEM_ALIGN * ACPU_MEM_ALIGN;
    void *p = padded < size ? NULL : aligned_alloc(ACPU_MEM_ALIGN, padded);
    if (p == NULL || !acpu_registry_add(p, kind)) {
        free(p);
        acpu_set_error("%s: cannot allocate %zu bytes", api, size);
        return ACL_ERROR_BAD_ALLOC;
    }
    *ptr = p;
    return ACL_SUCCESS;
}

static aclError release(const char *api, void *ptr, acpu_handle_kind kind)
{
    if (ptr == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, pointer_arg(kind));
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!acpu_registry_remove(ptr, kind)) {
        acpu_set_error("%s: %s %p was not returned by %s, or was freed already", api, pointer_arg(kind), ptr,
                       kind == ACPU_HANDLE_DEVICE_MEM ? "aclrtMalloc" : "aclrtMallocHost");
        return ACL_ERROR_INVALID_PARAM;
    }
    free(ptr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    if (!policy_is_valid(policy)) {
        acpu_set_error("aclrtMalloc: policy must be an aclrtMemMallocPolicy value, got %#x", (unsigned)policy);
        return ACL_ERROR_INVALID_PARAM;
    }
    return allocate("aclrtMalloc", devPtr, size, ACPU_HANDLE_DEVICE_MEM);
}

ACL_FUNC_VISIBILITY aclError aclrtFree(void *devPtr) { return release("aclrtFree", devPtr, ACPU_HANDLE_DEVICE_MEM); }

ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void **hostPtr, size_t size)
{
    return allocate("aclrtMallocHost", hostPtr, size, ACPU_HANDLE_HOST_MEM);
}

ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void *hostPtr)
{
    return release("aclrtFreeHost", hostPtr, ACPU_HANDLE_HOST_MEM);
}

aclError acpu_memcpy_checked(const char *api, void *dst, size_t destMax, const void *src, size_t count,
                             aclrtMemcpyKind kind)
{
    if (dst == NULL || src == NULL) {
        acpu_set_error("%s: %s must not be NULL", api, dst == NULL ? "dst" : "src");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (count > destMax) {
        acpu_set_error("%s: count %zu exceeds destMax %zu", api, count, destMax);
        return ACL_ERROR_INVALID_PARAM;
    }
    if ((unsigned)kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE) {
        acpu_set_error("%s: kind must be an aclrtMemcpyKind value (0..7), got %d", api, (int)kind);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (count > 0)
        memmove(dst, src, count);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)
{
    return acpu_memcpy_checked("aclrtMemcpy", dst, destMax, src, count, kind);
}

aclError acpu_memset_checked(const char *api, void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    if (devPtr == NULL) {
        acpu_set_error("%s: devPtr must not be NULL", api);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (count > maxCount) {
        acpu_set_error("%s: count %zu exceeds maxCount %zu", api, count, maxCount);
        return ACL_ERROR_INVALID_PARAM;
    }
    memset(devPtr, (unsigned char)value, count);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    return acpu_memset_checked("aclrtMemset", devPtr, maxCount, value, count);
}

/* Out of line on purpose: GCC expands a fixed-size memset / memcpy of an executor-sized struct
 * (~1 KB) into `rep stos` / `rep movs`, whose start-up alone cost ~10 ns per call here (a 4K-element
 * kernel takes ~250 ns); libc's vector code for a size it only learns at run time is several times
 * faster at this size. */
void acpu_zero(void *p, size_t n) { memset(p, 0, n); }

void acpu_copy(void *dst, const void *src, size_t n) { memcpy(dst, src, n); }
