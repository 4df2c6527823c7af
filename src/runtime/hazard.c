/* Hazard pointers for tensor and scalar handles: a call that found its handles live keeps reading
 * them until it returns, while another thread may destroy one of them at any moment. A destroyed
 * handle's memory is freed only after 4096 later destroys (registry.c), which a stalled caller (a
 * preempted thread, a signal handler, a debugger) can outlast. So each thread publishes the handles
 * it is about to check in its own record, and the registry frees a quarantined object only when no
 * record names it.
 *
 * Ordering (a Dekker pair of sequentially consistent fences): the reader stores its pointers, fences,
 * then checks liveness (the registry, or its memo of the destroy counters); the freer's destroy
 * removed the handle and counted it before, and it fences before scanning the records. Either the
 * reader's check sees the removal (and refuses the handle), or the scan sees the published pointer
 * (and the free waits). A thread that cannot get a record (out of memory) counts itself in
 * `unrecorded`, and nothing is freed while that count is non-zero. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "acpu_runtime.h"

typedef struct acpu_hazard_rec {
    _Atomic(const void *) slot[ACPU_HAZARD_SLOTS];
    atomic_bool owned;
    struct acpu_hazard_rec *next; /* set before the record is published, never changed */
} acpu_hazard_rec;

static _Atomic(acpu_hazard_rec *) records;
static atomic_uint unrecorded;

/* One thread-local object, so that a call reaches its state with one TLS lookup per function. Not
 * the initial-exec TLS model, although it would save the __tls_get_addr calls: that model makes
 * the whole library's TLS static, and dlopen("libopapi.so") then fails with "cannot allocate
 * memory in static TLS block" (the CANN drop-in test's dlopen route showed it). */
typedef struct {
    acpu_hazard_rec *own;
    int used;     /* slots of `own` holding pointers */
    bool counted; /* this thread's protection is the `unrecorded` count */
} acpu_hazard_thread;
static _Thread_local acpu_hazard_thread hz;

static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static bool key_ok;

/* At thread exit the record goes back for another thread (records are never freed). */
static void record_release(void *rec)
{
    acpu_hazard_rec *r = rec;
    for (int i = 0; i < ACPU_HAZARD_SLOTS; i++)
        atomic_store_explicit(&r->slot[i], NULL, memory_order_relaxed);
    atomic_store_explicit(&r->owned, false, memory_order_release);
}

static void key_init(void) { key_ok = pthread_key_create(&exit_key, record_release) == 0; }

/* The first records come from here, so that threads up to this many never allocate for them. */
#define ACPU_STATIC_RECORDS 64
static acpu_hazard_rec static_records[ACPU_STATIC_RECORDS];
static atomic_uint static_used;

static acpu_hazard_rec *record_claim(void)
{
    for (acpu_hazard_rec *r = atomic_load_explicit(&records, memory_order_acquire); r != NULL; r = r->next) {
        bool free_rec = false;
        if (!atomic_load_explicit(&r->owned, memory_order_relaxed) &&
            atomic_compare_exchange_strong(&r->owned, &free_rec, true))
            return r;
    }
    unsigned k = atomic_fetch_add_explicit(&static_used, 1u, memory_order_relaxed);
    acpu_hazard_rec *r = k < ACPU_STATIC_RECORDS ? &static_records[k] : calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    atomic_init(&r->owned, true);
    r->next = atomic_load_explicit(&records, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&records, &r->next, r, memory_order_release, memory_order_relaxed))
        ;
    return r;
}

/* The calling thread's record, claimed on first use and handed back at thread exit. */
static acpu_hazard_rec *own_record(acpu_hazard_thread *t)
{
    if (t->own != NULL)
        return t->own;
    pthread_once(&key_once, key_init);
    if (!key_ok)
        return NULL; /* no way to hand it back at exit: use the count instead */
    acpu_hazard_rec *r = record_claim();
    if (r != NULL && pthread_setspecific(exit_key, r) != 0) {
        record_release(r);
        r = NULL;
    }
    t->own = r;
    return r;
}

void acpu_hazard_protect(const void *const *ps, int n)
{
    acpu_hazard_thread *t = &hz;
    acpu_hazard_rec *r = own_record(t);
    if (r == NULL) {
        if (!t->counted)
            atomic_fetch_add_explicit(&unrecorded, 1u, memory_order_seq_cst);
        t->counted = true;
        return;
    }
    for (int i = 0; i < n; i++)
        atomic_store_explicit(&r->slot[i], ps[i], memory_order_relaxed);
    for (int i = n; i < t->used; i++)
        atomic_store_explicit(&r->slot[i], NULL, memory_order_relaxed);
    t->used = n;
    atomic_thread_fence(memory_order_seq_cst);
}

void acpu_hazard_clear(void)
{
    acpu_hazard_thread *t = &hz;
    if (t->counted) {
        t->counted = false;
        atomic_fetch_sub_explicit(&unrecorded, 1u, memory_order_release);
        return;
    }
    for (int i = 0; i < t->used; i++) /* release: every read of the handles came before */
        atomic_store_explicit(&t->own->slot[i], NULL, memory_order_release);
    t->used = 0;
}

bool acpu_hazard_in_use(const void *p)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&unrecorded, memory_order_acquire) != 0u)
        return true;
    for (acpu_hazard_rec *r = atomic_load_explicit(&records, memory_order_acquire); r != NULL; r = r->next)
        for (int i = 0; i < ACPU_HAZARD_SLOTS; i++)
            if (atomic_load_explicit(&r->slot[i], memory_order_acquire) == p)
                return true;
    return false;
}
