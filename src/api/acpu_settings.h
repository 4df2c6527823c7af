/* Process settings (environment at first use, then the aclnnCpu* setters; settings.c): what phase 1
 * captures for a call. Part of the operator layer: it owns the platform profile (tiling) and the
 * kernel table (kernels), which the runtime layer does not know. */
#ifndef ACPU_SETTINGS_H_
#define ACPU_SETTINGS_H_

#include <stdbool.h>

#include "kernels/acpu_kernels.h"
#include "tiling/acpu_platform.h"

typedef struct {
    acpu_platform platform;
    unsigned threads;
    const acpu_kernel_table *kernels;
    bool verbose;
} acpu_settings;

/* Snapshot of the current settings, as phase 1 captures them. */
void acpu_settings_get(acpu_settings *out);
/* The host profile with cores / ub overrides (0: the settings' own), changing no setting. */
void acpu_settings_host_platform(uint32_t cores, uint64_t ub, acpu_platform *p);
const acpu_kernel_table *acpu_active_kernels(void);
bool acpu_verbose(void);

#endif /* ACPU_SETTINGS_H_ */
