/* The two fuzz targets' decoders as functions (fuzz_api.c, fuzz_tiling.c), so that they run without
 * libFuzzer too: the libFuzzer entry points call them, and so do the CTest suites that replay the
 * corpus and the regressions (tests/test_fuzz_replay.c) and check that the fuzzer reaches every
 * registry API (tests/test_fuzz_coverage.c), reading the stored inputs with fuzz_inputs.c. Built
 * with ACPU_FUZZ_NO_ENTRY, the target files define no libFuzzer entry point. Every violated
 * invariant ends the process with abort(). */
#ifndef ACPU_FUZZ_H_
#define ACPU_FUZZ_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ops/acpu_registry.h"

/* ---- fuzz_api: one hostile call of one registry API per input ---------------------------------- */

/* What the last input did (for the coverage test and FUZZ_API_VERBOSE). */
typedef struct {
    int api;            /* index in acpu_apis, -1 for an empty input */
    int unhandled_kind; /* the first parameter kind of the API the decoder has no reader for, or -1:
                         * then the API is never called */
    bool called;        /* phase 1 was called */
    aclnnStatus phase1;
    bool ran;           /* the API's own phase 2 ran (at least once) */
    aclnnStatus phase2; /* its first run's status */
    int n_tensors;
    int tensor_param[ACPU_MAX_PARAMS]; /* the parameter index of each tensor */
    int32_t tensor_dtype[ACPU_MAX_PARAMS];
    char soc[32]; /* the profile phase 1 ran on */
} acpu_fuzz_api_report;

void acpu_fuzz_api_init(void);
/* Decodes and runs one input; aborts on a violated invariant. */
void acpu_fuzz_api_one(const uint8_t *data, size_t size);
const acpu_fuzz_api_report *acpu_fuzz_api_last(void);
/* Whether the decoder reads parameters of this kind. */
bool acpu_fuzz_api_handles_kind(acpu_param_kind kind);

/* ---- fuzz_tiling: one tiling-lab call per input ------------------------------------------------ */

typedef struct {
    int api;  /* index in acpu_apis of the op named, -1 for another call or name */
    int call; /* 0 aclnnCpuGetTilingPlan, 1 aclnnCpuGetTilingUsage, 2 aclnnCpuGetOpRegistry */
    aclnnStatus status;
} acpu_fuzz_tiling_report;

void acpu_fuzz_tiling_init(void);
void acpu_fuzz_tiling_one(const uint8_t *data, size_t size);
const acpu_fuzz_tiling_report *acpu_fuzz_tiling_last(void);

/* ---- the stored inputs (fuzz_inputs.c) ------------------------------------------------------------ */

typedef struct {
    int n;
    char **paths;
} acpu_fuzz_inputs;

/* Appends the files of <root>/corpus/<target> (and <root>/regressions/<target> when `regressions`),
 * each directory sorted by name: how many, or -1 when a directory cannot be read. */
int acpu_fuzz_inputs_list(acpu_fuzz_inputs *in, const char *root, const char *target, bool regressions);
/* The file's bytes (malloc'd, *size of them), NULL when it cannot be read. */
uint8_t *acpu_fuzz_inputs_read(const char *path, size_t *size);
void acpu_fuzz_inputs_free(acpu_fuzz_inputs *in);

#endif /* ACPU_FUZZ_H_ */
