/* Live-handle registry: an open-addressing hash set of (pointer, kind) under one lock (acpu_lock.h). Handles are
 * checked here before any dereference, so a destroyed or foreign pointer is refused safely. */
#include <stdatomic.h>
#include <stdlib.h>

#include "common/acpu_lock.h"
#include "acpu_runtime.h"

#define ACPU_TOMBSTONE ((uintptr_t)1)
/* Destroyed handles wait here before their memory is freed, so a stale handle is not soon given to
 * a new object at the same address (where it would look live again). */
#define ACPU_QUARANTINE 4096u

typedef struct {
    uintptr_t key; /* 0 empty, 1 tombstone */
    int kind;
} acpu_slot;

static acpu_lock registry_lock = ACPU_LOCK_INIT;
static acpu_slot *slots;
static size_t capacity, used; /* used counts live entries and tombstones */
static void *quarantine[ACPU_QUARANTINE];
static size_t quarantine_next;

static size_t slot_hash(uintptr_t key)
{
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 17);
}

/* Index of key, or of the first free slot in its probe sequence when absent. */
static size_t probe(uintptr_t key, bool *found)
{
    size_t mask = capacity - 1, i = slot_hash(key) & mask, free_at = SIZE_MAX;
    for (;; i = (i + 1) & mask) {
        if (slots[i].key == key) {
            *found = true;
            return i;
        }
        if (slots[i].key == ACPU_TOMBSTONE && free_at == SIZE_MAX)
            free_at = i;
        if (slots[i].key == 0) {
            *found = false;
            return free_at != SIZE_MAX ? free_at : i;
        }
    }
}

static bool grow(void)
{
    size_t old_cap = capacity;
    acpu_slot *old = slots;
    size_t live = 0;
    for (size_t i = 0; i < old_cap; i++)
        live += old[i].key > ACPU_TOMBSTONE;
    size_t cap = 64;
    while (cap < 4 * (live + 1))
        cap *= 2;
    acpu_slot *fresh = calloc(cap, sizeof *fresh);
    if (fresh == NULL)
        return false;
    slots = fresh;
    capacity = cap;
    used = live;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].key > ACPU_TOMBSTONE) {
            bool found;
            slots[probe(old[i].key, &found)] = old[i];
        }
    }
    free(old);
    return true;
}

bool acpu_registry_add_locked(const void *p, acpu_handle_kind kind)
{
    uintptr_t key = (uintptr_t)p;
    bool found;
    if (key <= ACPU_TOMBSTONE || ((used + 1) * 2 > capacity && !grow()))
        return false;
    size_t i = probe(key, &found);
    if (found)
        return false;
    used += slots[i].key == 0;
    slots[i].key = key;
    slots[i].kind = (int)kind;
    return true;
}

bool acpu_registry_add(const void *p, acpu_handle_kind kind)
{
    acpu_lock_take(&registry_lock);
    bool ok = acpu_registry_add_locked(p, kind);
    acpu_lock_give(&registry_lock);
    return ok;
}

void acpu_registry_lock(void) { acpu_lock_take(&registry_lock); }

void acpu_registry_unlock(void) { acpu_lock_give(&registry_lock); }

/* Slot of p registered as `kind`, or SIZE_MAX; the caller holds the lock. */
static size_t find_locked(const void *p, acpu_handle_kind kind)
{
    uintptr_t key = (uintptr_t)p;
    bool found;
    if (key <= ACPU_TOMBSTONE || capacity == 0)
        return SIZE_MAX;
    size_t i = probe(key, &found);
    return found && slots[i].kind == (int)kind ? i : SIZE_MAX;
}

bool acpu_registry_contains_locked(const void *p, acpu_handle_kind kind) { return find_locked(p, kind) != SIZE_MAX; }

bool acpu_registry_remove_locked(const void *p, acpu_handle_kind kind)
{
    size_t i = find_locked(p, kind);
    if (i == SIZE_MAX)
        return false;
    slots[i].key = ACPU_TOMBSTONE;
    /* A tombstone that ends a probe run can be empty instead, and so can the tombstones before it:
     * handles come and go on every call, and without this the table would fill with tombstones
     * and rehash every few dozen calls. */
    size_t mask = capacity - 1;
    if (slots[(i + 1) & mask].key == 0) {
        for (; slots[i].key == ACPU_TOMBSTONE; i = (i - 1) & mask) {
            slots[i].key = 0;
            used--;
        }
    }
    return true;
}

bool acpu_registry_contains(const void *p, acpu_handle_kind kind)
{
    acpu_lock_take(&registry_lock);
    bool hit = acpu_registry_contains_locked(p, kind);
    acpu_lock_give(&registry_lock);
    return hit;
}

bool acpu_registry_remove(const void *p, acpu_handle_kind kind)
{
    acpu_lock_take(&registry_lock);
    bool hit = acpu_registry_remove_locked(p, kind);
    acpu_lock_give(&registry_lock);
    return hit;
}

int acpu_registry_first_dead(const void *const *ps, const acpu_handle_kind *kinds, int n)
{
    int dead = -1;
    acpu_lock_take(&registry_lock);
    for (int i = 0; i < n && dead < 0; i++)
        if (!acpu_registry_contains_locked(ps[i], kinds[i]))
            dead = i;
    acpu_lock_give(&registry_lock);
    return dead;
}

/* Objects out of quarantine that a stalled call still reads (hazard.c): freed by a later release.
 * Under the registry lock. A node that cannot be allocated leaks its object, never frees it early. */
typedef struct acpu_deferred {
    void *p;
    struct acpu_deferred *next;
} acpu_deferred;
static acpu_deferred *deferred;

/* p, or NULL when a thread may still read it (then kept on the deferred list). */
static void *free_now_or_defer_locked(void *p)
{
    if (p == NULL || !acpu_hazard_in_use(p))
        return p;
    acpu_deferred *d = malloc(sizeof *d);
    if (d != NULL) {
        d->p = p;
        d->next = deferred;
        deferred = d;
    }
    return NULL;
}

/* The first deferred object no thread reads any more, taken off the list (NULL if none). */
static void *deferred_take_locked(void)
{
    for (acpu_deferred **link = &deferred; *link != NULL; link = &(*link)->next) {
        acpu_deferred *d = *link;
        if (acpu_hazard_in_use(d->p))
            continue;
        void *p = d->p;
        *link = d->next;
        free(d);
        return p;
    }
    return NULL;
}

void acpu_registry_release(void *p)
{
    acpu_lock_take(&registry_lock);
    void *oldest = free_now_or_defer_locked(quarantine[quarantine_next]);
    quarantine[quarantine_next] = p;
    quarantine_next = (quarantine_next + 1) % ACPU_QUARANTINE;
    void *settled = deferred != NULL ? deferred_take_locked() : NULL;
    acpu_lock_give(&registry_lock);
    free(oldest);
    free(settled);
}

static atomic_ullong destroys[ACPU_HANDLE_KIND_COUNT]; /* 64 bits: a count never comes back */

bool acpu_registry_destroy(void *p, acpu_handle_kind kind)
{
    if (!acpu_registry_remove(p, kind))
        return false;
    atomic_fetch_add_explicit(&destroys[kind], 1ull, memory_order_release);
    acpu_registry_release(p);
    return true;
}

uint64_t acpu_registry_destroys(acpu_handle_kind kind)
{
    return atomic_load_explicit(&destroys[kind], memory_order_acquire);
}
