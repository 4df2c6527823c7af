/* Shared harness for the API suites: broken arguments, guarded storage buffers that show any
 * stray write, and phase 2 with its workspace. Test code only. */
#ifndef ACPU_TEST_TENSOR_H_
#define ACPU_TEST_TENSOR_H_

#include "acpu_test.h"

#define ACPU_TEST_GUARD 64 /* bytes after a tensor's storage that must stay untouched */

/* How an argument is broken: passed NULL, destroyed before the call, a live handle of the other
 * kind (tensor for scalar and back), or the address of unrelated memory. */
typedef enum {
    ACPU_TEST_F_NONE,
    ACPU_TEST_F_NULL,
    ACPU_TEST_F_DEAD,
    ACPU_TEST_F_FOREIGN,
    ACPU_TEST_F_GARBAGE
} acpu_test_fault;

/* The pointer to pass for an argument with fault f (F_DEAD: the good, destroyed, handle). */
const void *acpu_test_fault_ptr(acpu_test_fault f, const void *good, const void *other_kind);
/* The unrelated memory F_GARBAGE passes has not been written (asserts). */
void acpu_test_expect_garbage_intact(int line);

int64_t acpu_test_numel(const int64_t *shape, uint64_t rank);
size_t acpu_test_esize(aclDataType dt); /* acpu_test_dtype_size, 8 for dtypes it does not know */

/* bytes of storage and ACPU_TEST_GUARD after it, 64-byte aligned, every byte `fill` (asserts). */
unsigned char *acpu_test_guarded_alloc(size_t bytes, unsigned char fill);
/* A copy of the storage and guard of a guarded buffer (asserts). */
unsigned char *acpu_test_snapshot(const unsigned char *buf, size_t bytes);
/* Storage and guard equal the snapshot; a failure names tensor `name` and the first changed byte. */
void acpu_test_expect_unchanged(const unsigned char *buf, const unsigned char *snap, size_t bytes, const char *name,
                                int line);
/* Every storage element of size es not marked in covered[n] and the guard equal the snapshot. */
void acpu_test_expect_uncovered_unchanged(const unsigned char *buf, const unsigned char *snap, size_t bytes, size_t es,
                                          const bool *covered, int64_t n);

/* Phase 2 of an operator (`op`, e.g. aclnnEluBackward) with a workspace of ws bytes allocated by
 * aclrtMalloc for the call and freed after it; returns op's status. */
typedef aclnnStatus (*acpu_test_phase2_fn)(void *workspace, uint64_t ws, aclOpExecutor *exec, aclrtStream stream);
aclnnStatus acpu_test_run_phase2(acpu_test_phase2_fn op, uint64_t ws, aclOpExecutor *exec);

#endif /* ACPU_TEST_TENSOR_H_ */
