/* Platform profiles (acpu_platform.h): the numbers the NPU host tiling reads from the platform,
 * plus the EluGradV2 algorithm constants, per profile. */
#include "tiling/acpu_platform.h"

#include <stddef.h>

/* Host profile constants, tuned by measurement with the bench sweep:
 * - CORE_CHUNK: elements per logical core before another one is used. 2048 lets a 4K-element exp
 *   call use two cores (measured 1.2-1.4x faster on 2 threads); whether cores become threads is
 *   the engine's choice, by the kernel's cost (cheap result-mode calls stay on one thread).
 * - COMPUTE_CHUNK: elements per vector pass and the generic tile cap (CANN's value).
 * - MAX_CORES: cap on logical cores (CANN caps at 64 AIV cores; a host may have more threads). */
#define ACPU_HOST_CORE_CHUNK 2048u
#define ACPU_HOST_COMPUTE_CHUNK 4096u
#define ACPU_HOST_MAX_CORES 1024u

/* EluGradV2 constants on every Ascend profile (spec 2.6: ELU_GRAD_V2_CORE_CHUNK,
 * ELU_GRAD_V2_*_COMPUTE_CHUNK, MAX_VECTOR_CORE_NUM). */
#define ACPU_ASCEND_CORE_CHUNK 1024u
#define ACPU_ASCEND_COMPUTE_CHUNK 4096u
#define ACPU_ASCEND_MAX_CORES 64u

typedef struct {
    const char *name;
    uint32_t core_num; /* AIV cores; 0 for host (taken from the machine) */
    uint64_t ub_bytes; /* UB per core; 0 for host (taken from the machine) */
    bool bf16;
} soc_profile;

/* Indexed by acpu_soc. Ascend numbers follow the tiling UTs (spec 1.10): 910B-style 48 cores and
 * UB 196608; Ascend950 64 vector cores and UB 245760 (arch35 tiling UT). The spec gives no UT
 * numbers for Ascend910 (DAV_1001): 32 cores with the 910B UB size are an assumption. Ascend910_93
 * (A3, same DAV_2201 arch as 910B) uses the 910B numbers. */
static const soc_profile k_profiles[ACPU_SOC_COUNT] = {
    [ACPU_SOC_HOST] = {"host", 0u, 0u, true},
    [ACPU_SOC_ASCEND910] = {"Ascend910", 32u, 196608u, false},
    [ACPU_SOC_ASCEND910B] = {"Ascend910B", 48u, 196608u, true},
    [ACPU_SOC_ASCEND910_93] = {"Ascend910_93", 48u, 196608u, true},
    [ACPU_SOC_ASCEND950] = {"Ascend950", 64u, 245760u, true},
};

static bool valid_soc(acpu_soc soc) { return (int)soc >= 0 && soc < ACPU_SOC_COUNT; }

/* ASCII case-insensitive equality (locale-independent, unlike strcasecmp). */
static bool name_equal(const char *a, const char *b)
{
    for (;; ++a, ++b) {
        unsigned char ca = (unsigned char)*a, cb = (unsigned char)*b;
        if (ca >= 'A' && ca <= 'Z')
            ca = (unsigned char)(ca - 'A' + 'a');
        if (cb >= 'A' && cb <= 'Z')
            cb = (unsigned char)(cb - 'A' + 'a');
        if (ca != cb)
            return false;
        if (ca == '\0')
            return true;
    }
}

const char *acpu_soc_name(acpu_soc soc) { return valid_soc(soc) ? k_profiles[soc].name : NULL; }

bool acpu_soc_parse(const char *name, acpu_soc *soc)
{
    if (name == NULL || soc == NULL)
        return false;
    for (int i = 0; i < (int)ACPU_SOC_COUNT; ++i) {
        if (name_equal(name, k_profiles[i].name)) {
            *soc = (acpu_soc)i;
            return true;
        }
    }
    /* ASCEND910_95 is the SocVersion name of Ascend950 (spec 1.10). */
    if (name_equal(name, "Ascend910_95")) {
        *soc = ACPU_SOC_ASCEND950;
        return true;
    }
    return false;
}

bool acpu_soc_has_bf16(acpu_soc soc) { return valid_soc(soc) && k_profiles[soc].bf16; }

/* An unknown soc gets a profile with no cores, which acpu_elu_tiling() refuses. */
void acpu_platform_init(acpu_platform *p, acpu_soc soc, uint32_t host_cores, uint64_t host_ub_bytes)
{
    if (p == NULL)
        return;
    *p = (acpu_platform){.soc = soc};
    if (!valid_soc(soc))
        return;
    if (soc == ACPU_SOC_HOST) {
        p->core_num = host_cores;
        p->ub_bytes = host_ub_bytes;
        p->core_chunk = ACPU_HOST_CORE_CHUNK;
        p->compute_chunk = ACPU_HOST_COMPUTE_CHUNK;
        p->max_cores = ACPU_HOST_MAX_CORES;
        return;
    }
    p->core_num = k_profiles[soc].core_num;
    p->ub_bytes = k_profiles[soc].ub_bytes;
    p->core_chunk = ACPU_ASCEND_CORE_CHUNK;
    p->compute_chunk = ACPU_ASCEND_COMPUTE_CHUNK;
    p->max_cores = ACPU_ASCEND_MAX_CORES;
}
