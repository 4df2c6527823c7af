/* aclOpExecutor: a planned call, phase 2 (CommonOpExecutorRun) and the repeatable/destroy API.
 *
 * Storage. A 4K-element call costs ~0.25 us of kernel, so a fresh ~1 KB executor per call (calloc
 * into cold memory, freed 4096 destroys later by the registry's quarantine) cost as much as the
 * rest of the call's bookkeeping. Executors therefore live in a few recycled pool blocks, with the
 * heap (and the quarantine) only when all blocks are in use. The quarantine's guarantee, that a
 * stale handle is not revived by a new object at the same address, is kept by placing each new
 * executor of a block ACPU_EXEC_STEP bytes after the previous one: an address of a block is handed
 * out again only after ACPU_EXEC_PLACES later executors were made in that block, while the memory
 * a call touches stays hot (successive executors overlap but for one cache line in four calls).
 *
 * Lifetime. An executor holds one reference for the registry while it is live, plus one per phase
 * 2 running it; whoever drops the last returns it to its block (or to the quarantine), so that a
 * destroy racing with a repeatable run cannot recycle the memory under the run. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_runtime.h"

#define ACPU_EXEC_BLOCKS 8u
#define ACPU_EXEC_STEP 16u
#define ACPU_EXEC_PLACES 4096u
#define ACPU_EXEC_BLOCK_BYTES ((ACPU_EXEC_PLACES - 1u) * ACPU_EXEC_STEP + sizeof(aclOpExecutor))

_Static_assert(ACPU_EXEC_STEP % _Alignof(aclOpExecutor) == 0, "executor places must stay aligned");

/* Touched only as blocks are used: pages of an unused block are never faulted in. */
static _Alignas(64) unsigned char pool_mem[ACPU_EXEC_BLOCKS][ACPU_EXEC_BLOCK_BYTES];
/* Pool state, under the registry lock. */
static unsigned pool_free[ACPU_EXEC_BLOCKS]; /* stack of blocks returned, most recent (hottest) last */
static unsigned pool_free_count, pool_fresh; /* blocks never used yet: pool_fresh..BLOCKS-1 */
static unsigned pool_place[ACPU_EXEC_BLOCKS];

/* Block b's next place; the caller owns the block (taken under the lock, or its thread's spare). */
static aclOpExecutor *place_next(unsigned b)
{
    unsigned place = pool_place[b];
    pool_place[b] = (place + 1u) % ACPU_EXEC_PLACES;
    aclOpExecutor *e = (aclOpExecutor *)(void *)(pool_mem[b] + (size_t)place * ACPU_EXEC_STEP);
    e->block = (int)b;
    return e;
}

/* The next place of a free block, or NULL when every block holds a live executor. */
static aclOpExecutor *pool_take_locked(void)
{
    unsigned b;
    if (pool_free_count > 0)
        b = pool_free[--pool_free_count];
    else if (pool_fresh < ACPU_EXEC_BLOCKS)
        b = pool_fresh++;
    else
        return NULL;
    return place_next(b);
}

static void pool_put_locked(const aclOpExecutor *e) { pool_free[pool_free_count++] = (unsigned)e->block; }

/* Each thread keeps the block of its last finished executor (block + 1 as the value of a thread
 * key), so that a loop of calls takes and returns blocks without the lock; the key's destructor
 * returns the block to the pool when the thread exits. */
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;
static pthread_key_t spare_key;
static bool spare_ok;

static void spare_return(void *value)
{
    aclOpExecutor e = {.block = (int)((uintptr_t)value - 1u)};
    acpu_registry_lock();
    pool_put_locked(&e);
    acpu_registry_unlock();
}

static void spare_init(void) { spare_ok = pthread_key_create(&spare_key, spare_return) == 0; }

/* The next place of the thread's spare block, if it has one (that block is this thread's alone). */
static aclOpExecutor *spare_take(void)
{
    pthread_once(&spare_once, spare_init);
    uintptr_t value = spare_ok ? (uintptr_t)pthread_getspecific(spare_key) : 0u;
    if (value == 0u)
        return NULL;
    pthread_setspecific(spare_key, NULL);
    return place_next((unsigned)(value - 1u));
}

static bool spare_put(const aclOpExecutor *e)
{
    pthread_once(&spare_once, spare_init);
    if (!spare_ok || pthread_getspecific(spare_key) != NULL)
        return false;
    return pthread_setspecific(spare_key, (void *)(uintptr_t)(e->block + 1)) == 0;
}

static aclOpExecutor *executor_alloc(void)
{
    aclOpExecutor *e = spare_take();
    if (e != NULL)
        return e;
    acpu_registry_lock();
    e = pool_take_locked();
    acpu_registry_unlock();
    if (e == NULL && (e = malloc(sizeof *e)) != NULL)
        e->block = -1;
    return e;
}

/* Returns an executor nobody references any more to its block (or the heap one to the quarantine). */
static void executor_recycle(aclOpExecutor *e)
{
    if (e->block < 0) {
        acpu_registry_release(e);
        return;
    }
    if (spare_put(e))
        return;
    acpu_registry_lock();
    pool_put_locked(e);
    acpu_registry_unlock();
}

/* Drops one reference; the last one recycles the executor. */
static void executor_unref(aclOpExecutor *e)
{
    if (atomic_fetch_sub_explicit(&e->refs, 1u, memory_order_acq_rel) == 1u)
        executor_recycle(e);
}

aclOpExecutor *acpu_executor_create(const acpu_exec_header *h, const void *payload, size_t payload_size)
{
    aclOpExecutor *e = payload_size <= ACPU_EXEC_PAYLOAD_BYTES ? executor_alloc() : NULL;
    if (e != NULL) {
        /* Filled before it is registered: no handle ever reaches a half-written executor. */
        e->call.h = *h;
        acpu_copy(e->call.payload, payload, payload_size);
        if (h->placed != NULL)
            h->placed(&e->call);
        e->repeatable = false;
        atomic_init(&e->refs, 1u);
        acpu_registry_lock();
        bool ok = acpu_registry_add_locked(e, ACPU_HANDLE_EXECUTOR);
        if (!ok && e->block >= 0)
            pool_put_locked(e);
        acpu_registry_unlock();
        if (ok)
            return e;
        if (e->block < 0)
            free(e);
    }
    return NULL;
}

/* Phase 2's checks, in CANN's order, and the claim on the executor, atomically under the registry
 * lock: a repeatable executor gains a reference for the run; a non-repeatable one is unregistered,
 * its registry reference passing to the run, so that a second (or racing) run is refused.
 * *drop: the caller must drop a reference (a non-repeatable executor released by a failed call). */
static aclnnStatus claim_locked(const char *api, const void *owner, void *workspace, uint64_t workspace_size,
                                aclOpExecutor *executor, aclrtStream stream, bool *drop)
{
    if (!acpu_registry_contains_locked(executor, ACPU_HANDLE_EXECUTOR)) {
        acpu_set_error("%s: executor %p is not live (already run without aclSetAclOpExecutorRepeatable, destroyed, "
                       "or not an executor)",
                       api, (void *)executor);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (executor->call.h.owner != owner) { /* refused, not consumed: its own operator may still run it */
        acpu_set_error("%s: executor %p was planned for %s, not for this operator", api, (void *)executor,
                       executor->call.h.op_name);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (workspace_size > 0 && workspace == NULL) {
        acpu_set_error("%s: workspace is NULL but workspaceSize is %llu", api, (unsigned long long)workspace_size);
        *drop = !executor->repeatable && acpu_registry_remove_locked(executor, ACPU_HANDLE_EXECUTOR);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    if (workspace_size < executor->call.h.workspace_size) {
        acpu_set_error("%s: workspaceSize must be at least %llu (from phase 1), got %llu", api,
                       (unsigned long long)executor->call.h.workspace_size, (unsigned long long)workspace_size);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (stream != NULL && !acpu_registry_contains_locked(stream, ACPU_HANDLE_STREAM)) {
        acpu_set_error("%s: stream %p is not a live stream", api, stream);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (executor->repeatable)
        atomic_fetch_add_explicit(&executor->refs, 1u, memory_order_relaxed);
    else
        acpu_registry_remove_locked(executor, ACPU_HANDLE_EXECUTOR);
    return ACLNN_SUCCESS;
}

aclnnStatus acpu_executor_run(const char *api, const void *owner, void *workspace, uint64_t workspace_size,
                              aclOpExecutor *executor, aclrtStream stream)
{
    if (executor == NULL) {
        acpu_set_error("%s: executor must not be NULL", api);
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    bool drop = false;
    acpu_registry_lock();
    aclnnStatus rc = claim_locked(api, owner, workspace, workspace_size, executor, stream, &drop);
    bool repeatable = rc == ACLNN_SUCCESS && executor->repeatable;
    acpu_registry_unlock();
    if (rc == ACLNN_SUCCESS)
        executor->call.h.run(&executor->call, workspace);
    /* A non-repeatable executor claimed (or dropped) here was never run before, so no repeatable run
     * holds a reference: the registry's, now ours, is the only one and needs no atomic. */
    if (drop || (rc == ACLNN_SUCCESS && !repeatable))
        executor_recycle(executor);
    else if (rc == ACLNN_SUCCESS)
        executor_unref(executor);
    return rc;
}

ACLNN_API aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor)
{
    if (executor == NULL) {
        acpu_set_error("aclSetAclOpExecutorRepeatable: executor must not be NULL");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    acpu_registry_lock();
    bool live = acpu_registry_contains_locked(executor, ACPU_HANDLE_EXECUTOR);
    if (live)
        executor->repeatable = true;
    acpu_registry_unlock();
    if (live)
        return ACLNN_SUCCESS;
    acpu_set_error("aclSetAclOpExecutorRepeatable: executor %p is not live (already run, destroyed, or not an "
                   "executor)",
                   (void *)executor);
    return ACLNN_ERR_PARAM_INVALID;
}

ACLNN_API aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor)
{
    if (executor == NULL) {
        acpu_set_error("aclDestroyAclOpExecutor: executor must not be NULL");
        return ACLNN_ERR_INNER_NULLPTR;
    }
    if (acpu_registry_remove(executor, ACPU_HANDLE_EXECUTOR)) {
        executor_unref(executor);
        return ACLNN_SUCCESS;
    }
    acpu_set_error("aclDestroyAclOpExecutor: executor %p is not live (already run, destroyed, or not an executor)",
                   (void *)executor);
    return ACLNN_ERR_PARAM_INVALID;
}
