/* The process's 16-bit lookup tables (kernels/acpu_kernels.h, "16-bit lookup tables"): built on
 * demand by the kernels' own code, kept for the life of the process (the library is linked with
 * -z nodelete: an executor may hold a table until exit, and nothing frees one under it), at most
 * ACPU_TABLE_CACHE_SLOTS tables and ACPU_TABLE_CACHE_BYTES bytes (a call past either runs its kernel
 * directly, as it does without tables). */
#ifndef ACPU_TABLES_H_
#define ACPU_TABLES_H_

#include <stdbool.h>
#include <stddef.h>

#include "kernels/acpu_kernels.h"

#define ACPU_TABLE_CACHE_SLOTS 32
#define ACPU_TABLE_CACHE_BYTES (8u << 20)
/* A table is built by a call of at least this many elements (its 65536 evaluations then cost no
 * more than the call itself) and used by calls of at least ACPU_TABLE_USE_MIN (below that the
 * gathers would mostly miss the cache). */
#define ACPU_TABLE_BUILD_MIN 65536u
#define ACPU_TABLE_USE_MIN 4096u
/* A lookup kernel is cheap: the fewest elements per thread that repay a fork/join. */
#define ACPU_TABLE_GRAIN 16384u

/* The table of kernel `kid` of the kernel table `kt` for the 16-bit dtype kdt and the kernel's
 * parameter block params[0..params_size): found, or built when `build` (under the default floating-
 * point environment, as the engine runs kernels); NULL when the kernel has no table form, when it
 * is absent and not to be built, when the cache is full or the allocation fails, and, with
 * `only_faster`, when the timing made at its build found the lookup no faster than the kernel on
 * this CPU (op_tables.c: calibrate). With a table, *lookup is the lookup kernel to read it with (the
 * faster on this CPU where there is a choice). */
const void *acpu_table_get(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt, const void *params,
                           size_t params_size, bool build, bool only_faster, acpu_kernel_fn *lookup);

#endif /* ACPU_TABLES_H_ */
