/* aclnn-cpu-tiling: prints the tiling plan an operator gets on a platform profile, as one JSON
 * object on one line. Exit status: 0 success, 1 planning failed, 2 bad arguments.
 * A thin wrapper over the library's aclnnCpuGetTilingPlan and aclnnCpuGetTilingUsage (src/lab/), which
 * parse the options, plan, write the JSON and the usage text from the operator registry; this file
 * keeps the exit codes. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define EXIT_USAGE 2

/* The usage text: the library's, generated from its operator registry. */
static void print_usage(FILE *f)
{
    size_t len = 0;
    if (aclnnCpuGetTilingUsage(NULL, 0, &len) != ACL_SUCCESS)
        return;
    char *text = malloc(len + 1u);
    if (text != NULL && aclnnCpuGetTilingUsage(text, len + 1u, &len) == ACL_SUCCESS)
        fputs(text, f);
    free(text);
}

static bool is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "aclnn-cpu-tiling: missing OP\n");
        print_usage(stderr);
        return EXIT_USAGE;
    }
    for (int i = 1; i < argc; ++i) {
        if (is_help(argv[i])) {
            print_usage(stdout);
            return EXIT_SUCCESS;
        }
    }
    static char json[1u << 16];
    size_t len = 0u;
    aclnnStatus rc = aclnnCpuGetTilingPlan(argv[1], (int32_t)(argc - 2), (const char *const *)(argv + 2), json,
                                           sizeof json, &len);
    if (rc == ACLNN_ERR_PARAM_INVALID || rc == ACLNN_ERR_PARAM_NULLPTR) {
        fprintf(stderr, "aclnn-cpu-tiling: %s\n", aclGetRecentErrMsg());
        print_usage(stderr);
        return EXIT_USAGE;
    }
    if (rc != ACL_SUCCESS) {
        fprintf(stderr, "aclnn-cpu-tiling: %s\n", aclGetRecentErrMsg());
        return EXIT_FAILURE;
    }
    printf("%s\n", json);
    return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
