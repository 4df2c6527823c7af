/* Process settings (environment at first use, then the aclnnCpu* setters of runtime/settings_api.c):
 * what phase 1 captures for a call. Below the runtime: the settings own the platform profile
 * (tiling) and the kernel table (kernels); the runtime's public calls report their errors. */
#ifndef ACPU_SETTINGS_H_
#define ACPU_SETTINGS_H_

#include <stdbool.h>

#include "kernels/acpu_kernels.h"
#include "tiling/acpu_platform.h"

/* A setting the library decides per call unless told: AUTO, OFF, ON (the values of the public
 * aclnnCpuTableMode and aclnnCpuStreamMode). */
typedef enum { ACPU_SWITCH_AUTO = 0, ACPU_SWITCH_OFF, ACPU_SWITCH_ON } acpu_switch;
/* The switches, each with its environment variable (settings.c):
 *   TABLES     16-bit lookup tables: AUTO where a timing at the table's build found it faster
 *   STREAMING  streaming stores of large outputs (engine/acpu_engine.h): AUTO for outputs of at
 *              least ACPU_STREAM_MIN_BYTES of the memory-bound kernels and of the 16-bit lookups
 *              read one load per element (ops/op_phase.c), ON every output the engine can stream */
typedef enum { ACPU_SWITCH_TABLES = 0, ACPU_SWITCH_STREAMING, ACPU_SWITCH_COUNT } acpu_switch_id;
/* AUTO's threshold: an output this large (16 MiB) outgrows the caches of the CPUs we measured, so
 * reading its lines before writing them (what a regular store does) is pure memory traffic. */
#define ACPU_STREAM_MIN_BYTES (16u * 1024u * 1024u)

typedef struct {
    acpu_platform platform;
    unsigned threads;
    const acpu_kernel_table *kernels;
    bool verbose;
    acpu_switch switches[ACPU_SWITCH_COUNT]; /* by acpu_switch_id */
} acpu_settings;

/* Snapshot of the current settings, as phase 1 captures them. */
void acpu_settings_get(acpu_settings *out);
/* A number (never 0) that changes whenever this thread's snapshot may have: the same stamp, the
 * same settings for phase 1. */
unsigned long long acpu_settings_stamp(void);
/* Something besides the settings that phase 1 reads has changed for good (a lookup table was
 * published: calls planned from now on may use it): every thread's stamp moves. */
void acpu_settings_plans_may_change(void);
/* The host profile with cores / ub overrides (0: the settings' own), changing no setting. */
void acpu_settings_host_platform(uint32_t cores, uint64_t ub, acpu_platform *p);
const acpu_kernel_table *acpu_active_kernels(void);
bool acpu_verbose(void);
/* The setters' effect (arguments checked by their callers): threads 0 restores the default; `set`
 * false restores ACLNN_CPU_SOC's profile (soc, cores and ub ignored); cores / ub 0 keep the
 * profile's own. */
void acpu_settings_set_threads(unsigned threads);
void acpu_settings_set_platform(bool set, acpu_soc soc, uint32_t cores, uint64_t ub);
void acpu_settings_set_switch(acpu_switch_id which, acpu_switch mode);

#endif /* ACPU_SETTINGS_H_ */
