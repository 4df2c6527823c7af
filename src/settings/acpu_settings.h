/* Process settings (environment at first use, then the aclnnCpu* setters of runtime/settings_api.c):
 * what phase 1 captures for a call. Below the runtime: the settings own the platform profile
 * (tiling) and the kernel table (kernels); the runtime's public calls report their errors. */
#ifndef ACPU_SETTINGS_H_
#define ACPU_SETTINGS_H_

#include <stdbool.h>

#include "kernels/acpu_kernels.h"
#include "tiling/acpu_platform.h"

typedef enum { ACPU_TABLES_AUTO = 0, ACPU_TABLES_OFF, ACPU_TABLES_ON } acpu_table_mode;

typedef struct {
    acpu_platform platform;
    unsigned threads;
    const acpu_kernel_table *kernels;
    bool verbose;
    acpu_table_mode tables; /* 16-bit lookup tables: AUTO (where measured faster), ON, OFF */
} acpu_settings;

/* Snapshot of the current settings, as phase 1 captures them. */
void acpu_settings_get(acpu_settings *out);
/* The host profile with cores / ub overrides (0: the settings' own), changing no setting. */
void acpu_settings_host_platform(uint32_t cores, uint64_t ub, acpu_platform *p);
const acpu_kernel_table *acpu_active_kernels(void);
bool acpu_verbose(void);
/* The setters' effect (arguments checked by their callers): threads 0 restores the default; `set`
 * false restores ACLNN_CPU_SOC's profile (soc, cores and ub ignored); cores / ub 0 keep the
 * profile's own. */
void acpu_settings_set_threads(unsigned threads);
void acpu_settings_set_platform(bool set, acpu_soc soc, uint32_t cores, uint64_t ub);
void acpu_settings_set_tables(acpu_table_mode mode);

#endif /* ACPU_SETTINGS_H_ */
