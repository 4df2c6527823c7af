/* The aclnnCpu* settings calls (include/aclnn_cpu/aclnn_cpu.h): their argument checks and messages;
 * the state is the settings layer's. */
#include <stdio.h>
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "runtime/acpu_runtime.h"
#include "settings/acpu_settings.h"

ACL_FUNC_VISIBILITY aclnnCpuIsa aclnnCpuGetIsa(void) { return (aclnnCpuIsa)acpu_active_kernels()->isa; }

ACL_FUNC_VISIBILITY const char *aclnnCpuIsaName(aclnnCpuIsa isa) { return acpu_isa_name((acpu_isa)isa); }

ACL_FUNC_VISIBILITY aclError aclnnCpuSetNumThreads(int32_t numThreads)
{
    if (numThreads < 0 || numThreads > 4096) {
        acpu_set_error("aclnnCpuSetNumThreads: numThreads must be in 0..4096 (0 = default), got %d", (int)numThreads);
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_settings_set_threads((unsigned)numThreads);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY int32_t aclnnCpuGetNumThreads(void)
{
    acpu_settings s;
    acpu_settings_get(&s);
    return (int32_t)s.threads;
}

ACL_FUNC_VISIBILITY uint64_t aclnnCpuGetSettingsStamp(void) { return (uint64_t)acpu_settings_stamp(); }

ACL_FUNC_VISIBILITY aclError aclnnCpuSetPlatform(const char *soc, int32_t coreNum, int64_t ubBytes)
{
    acpu_soc parsed = ACPU_SOC_HOST;
    if (soc != NULL && !acpu_soc_parse(soc, &parsed)) {
        acpu_set_error("aclnnCpuSetPlatform: soc must be host, Ascend910, Ascend910B, Ascend910_93 or "
                       "Ascend950, got \"%s\"",
                       soc);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (coreNum < 0 || ubBytes < 0) {
        acpu_set_error("aclnnCpuSetPlatform: coreNum and ubBytes must be >= 0 (0 = profile default), got %d and %lld",
                       (int)coreNum, (long long)ubBytes);
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_settings_set_platform(soc != NULL, parsed, (uint32_t)coreNum, (uint64_t)ubBytes);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclnnCpuGetPlatform(aclnnCpuPlatform *platform)
{
    if (platform == NULL) {
        acpu_set_error("aclnnCpuGetPlatform: platform must not be NULL");
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_settings s;
    acpu_settings_get(&s);
    memset(platform, 0, sizeof *platform);
    snprintf(platform->soc, sizeof platform->soc, "%s", acpu_soc_name(s.platform.soc));
    platform->coreNum = (int32_t)s.platform.core_num;
    platform->ubBytes = (int64_t)s.platform.ub_bytes;
    platform->bf16 = acpu_soc_has_bf16(s.platform.soc);
    return ACL_SUCCESS;
}

/* The public modes are the internal switch values (settings/acpu_settings.h). */
_Static_assert(ACLNN_CPU_TABLES_AUTO == (int)ACPU_SWITCH_AUTO && ACLNN_CPU_TABLES_OFF == (int)ACPU_SWITCH_OFF &&
                   ACLNN_CPU_TABLES_ON == (int)ACPU_SWITCH_ON,
               "aclnnCpuTableMode differs from acpu_switch");
_Static_assert(ACLNN_CPU_STREAM_AUTO == (int)ACPU_SWITCH_AUTO && ACLNN_CPU_STREAM_OFF == (int)ACPU_SWITCH_OFF &&
                   ACLNN_CPU_STREAM_ON == (int)ACPU_SWITCH_ON,
               "aclnnCpuStreamMode differs from acpu_switch");

/* aclnnCpuSet<...>(mode) of a switch; `prefix` names its public values in the message. */
static aclError set_switch(const char *api, const char *prefix, acpu_switch_id which, int mode)
{
    if (mode != ACPU_SWITCH_AUTO && mode != ACPU_SWITCH_OFF && mode != ACPU_SWITCH_ON) {
        acpu_set_error("%s: mode must be %s_AUTO (0), _OFF (1) or _ON (2), got %d", api, prefix, mode);
        return ACL_ERROR_INVALID_PARAM;
    }
    acpu_settings_set_switch(which, (acpu_switch)mode);
    return ACL_SUCCESS;
}

static acpu_switch get_switch(acpu_switch_id which)
{
    acpu_settings s;
    acpu_settings_get(&s);
    return s.switches[which];
}

ACL_FUNC_VISIBILITY aclError aclnnCpuSetLookupTables(aclnnCpuTableMode mode)
{
    return set_switch("aclnnCpuSetLookupTables", "ACLNN_CPU_TABLES", ACPU_SWITCH_TABLES, (int)mode);
}

ACL_FUNC_VISIBILITY aclnnCpuTableMode aclnnCpuGetLookupTables(void)
{
    return (aclnnCpuTableMode)get_switch(ACPU_SWITCH_TABLES);
}

ACL_FUNC_VISIBILITY aclError aclnnCpuSetStreamingStores(aclnnCpuStreamMode mode)
{
    return set_switch("aclnnCpuSetStreamingStores", "ACLNN_CPU_STREAM", ACPU_SWITCH_STREAMING, (int)mode);
}

ACL_FUNC_VISIBILITY aclnnCpuStreamMode aclnnCpuGetStreamingStores(void)
{
    return (aclnnCpuStreamMode)get_switch(ACPU_SWITCH_STREAMING);
}
