/* Platform profiles: what the NPU host tiling reads from the platform, plus the algorithm's
 * constants. Pure data; no I/O, no threads. */
#ifndef ACPU_PLATFORM_H_
#define ACPU_PLATFORM_H_

#include <stdbool.h>
#include <stdint.h>

typedef enum {
    ACPU_SOC_HOST = 0,
    ACPU_SOC_ASCEND910,
    ACPU_SOC_ASCEND910B,
    ACPU_SOC_ASCEND910_93,
    ACPU_SOC_ASCEND950,
    ACPU_SOC_COUNT
} acpu_soc;

typedef struct {
    acpu_soc soc;
    uint32_t core_num;      /* vector (AIV) cores */
    uint64_t ub_bytes;      /* unified buffer per core */
    uint32_t core_chunk;    /* EluGradV2: elements per core before another core is used (CANN 1024) */
    uint32_t compute_chunk; /* EluGradV2: elements per vector pass, generic tile cap (CANN 4096) */
    uint32_t max_cores;     /* EluGradV2: MAX_VECTOR_CORE_NUM (CANN 64) */
} acpu_platform;

/* Profile name as users write it ("host", "Ascend910B", ...); NULL for an unknown soc. */
const char *acpu_soc_name(acpu_soc soc);
/* Parses a profile name (case-insensitive); false when unknown. */
bool acpu_soc_parse(const char *name, acpu_soc *soc);
/* BF16 operands: host, Ascend910B, Ascend910_93 (DAV_2201), Ascend950 (DAV_3510). */
bool acpu_soc_has_bf16(acpu_soc soc);
/* Fills the profile's defaults. For ACPU_SOC_HOST, host_cores and host_ub_bytes give the
 * machine's numbers (threads, per-core cache budget). */
void acpu_platform_init(acpu_platform *p, acpu_soc soc, uint32_t host_cores, uint64_t host_ub_bytes);

#endif /* ACPU_PLATFORM_H_ */
