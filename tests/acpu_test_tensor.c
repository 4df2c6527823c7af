/* Test harness: see acpu_test_tensor.h. */
#include "acpu_test_tensor.h"

#include <stdlib.h>
#include <string.h>

/* Distinct non-zero values: a write through a misused pointer shows as a changed element. */
static int64_t g_garbage[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

const void *acpu_test_fault_ptr(acpu_test_fault f, const void *good, const void *other_kind)
{
    switch (f) {
    case ACPU_TEST_F_NULL: return NULL;
    case ACPU_TEST_F_FOREIGN: return other_kind;
    case ACPU_TEST_F_GARBAGE: return g_garbage;
    default: return good;
    }
}

void acpu_test_expect_garbage_intact(int line)
{
    for (int i = 0; i < 16; ++i)
        ACPU_TEST_EXPECT(g_garbage[i] == i + 1, "at %d: unrelated memory written (element %d is %lld)", line, i,
                         (long long)g_garbage[i]);
}

int64_t acpu_test_numel(const int64_t *shape, uint64_t rank)
{
    int64_t n = 1;
    for (uint64_t i = 0; i < rank; ++i)
        n *= shape[i];
    return n;
}

size_t acpu_test_esize(aclDataType dt)
{
    size_t s = acpu_test_dtype_size(dt);
    return s ? s : 8;
}

static size_t guarded_total(size_t bytes) { return (bytes + ACPU_TEST_GUARD + 63) / 64 * 64; }

unsigned char *acpu_test_guarded_alloc(size_t bytes, unsigned char fill)
{
    size_t total = guarded_total(bytes);
    unsigned char *p = aligned_alloc(64, total);
    ck_assert_ptr_nonnull(p);
    memset(p, fill, total);
    return p;
}

unsigned char *acpu_test_snapshot(const unsigned char *buf, size_t bytes)
{
    size_t total = guarded_total(bytes);
    unsigned char *p = malloc(total);
    ck_assert_ptr_nonnull(p);
    memcpy(p, buf, total);
    return p;
}

void acpu_test_expect_unchanged(const unsigned char *buf, const unsigned char *snap, size_t bytes, const char *name,
                                int line)
{
    if (memcmp(buf, snap, bytes + ACPU_TEST_GUARD) == 0)
        return;
    size_t i = 0;
    while (buf[i] == snap[i])
        ++i;
    ck_abort_msg("at %d: %s byte %zu changed (storage %zu bytes)", line, name, i, bytes);
}

void acpu_test_expect_uncovered_unchanged(const unsigned char *buf, const unsigned char *snap, size_t bytes, size_t es,
                                          const bool *covered, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        ACPU_TEST_EXPECT(covered[i] || memcmp(buf + i * es, snap + i * es, es) == 0,
                         "storage element %lld outside the view was written", (long long)i);
    ACPU_TEST_EXPECT(memcmp(buf + bytes, snap + bytes, ACPU_TEST_GUARD) == 0,
                     "the guard after the output's storage was written");
}

aclnnStatus acpu_test_run_phase2(acpu_test_phase2_fn op, uint64_t ws, aclOpExecutor *exec)
{
    void *buf = NULL;
    if (ws > 0)
        ck_assert_int_eq(aclrtMalloc(&buf, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclnnStatus st = op(buf, ws, exec, NULL);
    if (buf != NULL)
        ck_assert_int_eq(aclrtFree(buf), ACL_SUCCESS);
    return st;
}
