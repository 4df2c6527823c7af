/* The operator registry (src/ops/registry.c) and the consumers that must cover every row:
 *   - every row is well formed: names derived as the entry points spell them, each operator input
 *     and the output bound exactly once, attribute slots inside the operator's, a kernel that exists
 *     in every dtype the API can compute in, at least one tiling strategy, operator types unique;
 *   - every public header under include/aclnnop declares only registry APIs (both phases), and every
 *     registry API is declared by one of them;
 *   - every registry API has its CANN-style example examples/<snake>.cpp calling both phases, with
 *     its expected output (examples/<snake>.expected or a closing "Expected output" comment);
 *   - the tiling lab plans every API (its default options) and its usage text names every API;
 *   - the registry's JSON names every operator and API.
 * ACPU_SOURCE_DIR (set by tests/CMakeLists.txt) is the source tree. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "ops/acpu_registry.h"

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1u);
    ck_assert_ptr_nonnull(buf);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

static const char *source_dir(void)
{
    const char *d = getenv("ACPU_SOURCE_DIR");
    ck_assert_msg(d != NULL && *d != '\0', "ACPU_SOURCE_DIR is not set");
    return d;
}

/* "EluBackward" -> "elu_backward". */
static void snake_of(const char *camel, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = camel; *p != '\0' && n + 2 < size; ++p) {
        if (isupper((unsigned char)*p) && p != camel && !isupper((unsigned char)p[-1]))
            out[n++] = '_';
        else if (isupper((unsigned char)*p) && p != camel && islower((unsigned char)p[1]))
            out[n++] = '_';
        out[n++] = (char)tolower((unsigned char)*p);
    }
    out[n] = '\0';
}

static bool is_tensor(acpu_param_kind k) { return k <= ACPU_P_TINOUT_CONST; }

START_TEST(test_rows_well_formed)
{
    ck_assert_int_gt(acpu_api_count, 0);
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_api_def *api = acpu_apis[i];
        const acpu_op_def *op = api->op;
        char want[96], snake[96];
        snprintf(want, sizeof want, "aclnn%s", api->short_name);
        ck_assert_str_eq(api->name, want);
        snprintf(want, sizeof want, "aclnn%sGetWorkspaceSize", api->short_name);
        ck_assert_str_eq(api->phase1, want);
        snake_of(api->short_name, snake, sizeof snake);
        ck_assert_msg(strcmp(api->snake, snake) == 0, "%s: snake name %s, expected %s", api->name, api->snake, snake);
        ck_assert_msg(acpu_op_find(op->type) == op, "%s: operator %s is not in acpu_ops", api->name, op->type);
        int bound_in[ACPU_TILING_MAX_INPUTS] = {0}, outs = 0;
        for (int k = 0; k < api->n_params; k++) {
            const acpu_param_def *p = &api->params[k];
            if (p->kind == ACPU_P_TIN || p->kind == ACPU_P_TINOUT || p->kind == ACPU_P_TINOUT_CONST) {
                ck_assert_msg(p->slot < op->n_in, "%s %s: input slot %d of %d", api->name, p->name, p->slot, op->n_in);
                bound_in[p->slot]++;
            }
            if (p->kind == ACPU_P_TOUT || p->kind == ACPU_P_TOUT_CONST || p->kind == ACPU_P_TINOUT ||
                p->kind == ACPU_P_TINOUT_CONST)
                outs++;
            if (!is_tensor(p->kind))
                ck_assert_msg(p->slot < op->n_attrs, "%s %s: attribute slot %d of %d", api->name, p->name, p->slot,
                              op->n_attrs);
        }
        for (int j = 0; j < op->n_in; j++)
            ck_assert_msg(bound_in[j] == 1, "%s: operator input %d bound %d times", api->name, j, bound_in[j]);
        ck_assert_msg(outs == 1, "%s: %d outputs", api->name, outs);
        ck_assert_msg(op->n_tilings >= 1, "%s: no tiling strategy", op->type);
        for (int k = 0; k < api->n_checks; k++) {
            const acpu_check *c = &api->checks[k];
            ck_assert_msg(c->kind != ACPU_CK_OWN || api->own != NULL, "%s: an own check without a hook", api->name);
            ck_assert_msg(c->a < api->n_params && c->b < (c->kind == ACPU_CK_SCALAR_CAST ? 64 : api->n_params) &&
                              c->c < api->n_params,
                          "%s: check %d names a parameter out of range", api->name, k);
        }
    }
    for (int i = 0; i < acpu_op_count; i++)
        for (int j = i + 1; j < acpu_op_count; j++)
            ck_assert_msg(strcmp(acpu_ops[i]->type, acpu_ops[j]->type) != 0, "operator %s twice", acpu_ops[i]->type);
}
END_TEST

/* Every dtype an API can compute in (its compute rule over the dtypes its inputs take, a promoted
 * input's the promotion's list) has a kernel. */
START_TEST(test_kernels_cover_the_dtypes)
{
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_api_def *api = acpu_apis[i];
        const acpu_op_def *op = api->op;
        for (int k = 0; k < api->n_params; k++) {
            uint64_t set;
            acpu_param_kind kind = api->params[k].kind;
            if (!is_tensor(kind) || kind == ACPU_P_TOUT || kind == ACPU_P_TOUT_CONST ||
                !(acpu_api_param_dtypes(api, k, ACPU_PG_950, &set) ||
                  acpu_api_param_promoted_dtypes(api, k, ACPU_PG_950, &set)))
                continue;
            for (int dt = 0; dt < 64; dt++) {
                if (!(set & ACPU_DT(dt)))
                    continue;
                aclDataType in[ACPU_TILING_MAX_INPUTS];
                for (int j = 0; j < op->n_in; j++)
                    in[j] = (aclDataType)dt;
                acpu_kdtype kdt = acpu_kdtype_of(acpu_compute_dtype(api->compute, in, op->n_in));
                ck_assert_msg(kdt != ACPU_KDT_NONE && (acpu_kernel_infos[op->kernel].dtypes >> kdt) & 1u,
                              "%s: %s dtype %d computes in a dtype kernel %s lacks", api->name, api->params[k].name, dt,
                              acpu_kernel_infos[op->kernel].name);
            }
        }
    }
}
END_TEST

/* Every include/aclnnop header declares registry APIs only, and every registry API is declared. */
START_TEST(test_public_headers)
{
    for (int i = 0; i < acpu_api_count; i++) {
        /* the header is CANN's: include/aclnnop/aclnn_<op folder>.h; find it by its declaration */
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "grep -l -s '%s(' %s/include/aclnnop/*.h", acpu_apis[i]->phase1, source_dir());
        FILE *p = popen(cmd, "r");
        ck_assert_ptr_nonnull(p);
        char line[1024];
        bool found = fgets(line, sizeof line, p) != NULL;
        pclose(p);
        ck_assert_msg(found, "%s is declared by no include/aclnnop header", acpu_apis[i]->phase1);
    }
    /* every aclnnXxxGetWorkspaceSize the headers declare is a registry API */
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "grep -h -o 'aclnn[A-Za-z0-9]*GetWorkspaceSize' %s/include/aclnnop/*.h | sort -u",
             source_dir());
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    char line[256];
    int declared = 0;
    while (fgets(line, sizeof line, p) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        line[strlen(line) - strlen("GetWorkspaceSize")] = '\0';
        ck_assert_msg(acpu_api_find(line) != NULL, "%s is declared but not in the registry", line);
        declared++;
    }
    pclose(p);
    ck_assert_int_eq(declared, acpu_api_count);
}
END_TEST

START_TEST(test_examples_cover_the_registry)
{
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_api_def *api = acpu_apis[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/examples/%s.cpp", source_dir(), api->snake);
        char *text = read_file(path);
        ck_assert_msg(text != NULL, "%s has no example %s", api->name, path);
        char call[128];
        snprintf(call, sizeof call, "%s(", api->phase1);
        ck_assert_msg(strstr(text, call) != NULL, "%s does not call %s", path, api->phase1);
        snprintf(call, sizeof call, "%s(", api->name);
        ck_assert_msg(strstr(text, call) != NULL, "%s does not call %s", path, api->name);
        snprintf(path, sizeof path, "%s/examples/%s.expected", source_dir(), api->snake);
        char *expected = read_file(path);
        ck_assert_msg(expected != NULL || strstr(text, "\n/* Expected output") != NULL,
                      "examples/%s.cpp has neither a .expected file nor an Expected output comment", api->snake);
        free(expected);
        free(text);
    }
}
END_TEST

/* The engine's schedule of a plan of 64 elements (asked with --schedule): last in the JSON, of a
 * kind the lab names. */
static void expect_schedule(const char *api, const char *json)
{
    const char *sched = strstr(json, ", \"schedule\": {\"kind\": \"");
    ck_assert_msg(sched != NULL && strstr(sched, "\"total\": 64, \"core_num\": ") != NULL &&
                      strstr(sched, "\"kind\": \"unknown\"") == NULL && strcmp(json + strlen(json) - 2, "}}") == 0,
                  "%s: no schedule over 64 elements at the end: %s", api, json);
}

START_TEST(test_lab_covers_the_registry)
{
    size_t len = 0;
    ck_assert_int_eq(aclnnCpuGetTilingUsage(NULL, 0, &len), ACL_SUCCESS);
    char *usage = malloc(len + 1);
    ck_assert_int_eq(aclnnCpuGetTilingUsage(usage, len + 1, &len), ACL_SUCCESS);
    for (int i = 0; i < acpu_api_count; i++) {
        ck_assert_msg(strstr(usage, acpu_apis[i]->snake) != NULL, "the usage text lacks %s", acpu_apis[i]->snake);
        ck_assert_str_eq(aclnnCpuTilingOpName(i), acpu_apis[i]->snake);
        const char *argv[] = {"--shape", "4,16", "--schedule"};
        char json[1 << 16];
        aclnnStatus rc = aclnnCpuGetTilingPlan(acpu_apis[i]->snake, 3, argv, json, sizeof json, &len);
        ck_assert_msg(rc == ACL_SUCCESS, "the lab cannot plan %s: %d (%s)", acpu_apis[i]->snake, rc,
                      aclGetRecentErrMsg());
        char want[128];
        snprintf(want, sizeof want, "{\"op\": \"%s\"", acpu_apis[i]->op->type);
        ck_assert_msg(strncmp(json, want, strlen(want)) == 0, "%s: %s", acpu_apis[i]->snake, json);
        expect_schedule(acpu_apis[i]->snake, json);
    }
    ck_assert_ptr_null(aclnnCpuTilingOpName(acpu_api_count));
    free(usage);
}
END_TEST

/* Every strategy of every API plans a 4x16 call on at least one of three profiles, and each plan
 * ends with a schedule of a kind the lab names. */
START_TEST(test_lab_schedules_every_strategy)
{
    static const char *const socs[] = {"host", "Ascend910B", "Ascend950"};
    for (int i = 0; i < acpu_api_count; i++) {
        const acpu_op_def *op = acpu_apis[i]->op;
        for (int t = 0; t < op->n_tilings; t++) {
            int planned = 0;
            for (size_t k = 0; k < sizeof socs / sizeof socs[0]; k++) {
                const char *argv[] = {
                    "--soc", socs[k], "--shape", "4,16", "--strategy", op->tilings[t].strategy->name, "--schedule"};
                char json[1 << 16];
                size_t len = 0;
                if (aclnnCpuGetTilingPlan(acpu_apis[i]->snake, 7, argv, json, sizeof json, &len) != ACL_SUCCESS)
                    continue;
                expect_schedule(acpu_apis[i]->snake, json);
                planned++;
            }
            ck_assert_msg(planned > 0, "%s: strategy %s planned on no profile", acpu_apis[i]->snake,
                          op->tilings[t].strategy->name);
        }
    }
}
END_TEST

START_TEST(test_json_covers_the_registry)
{
    size_t len = 0;
    ck_assert_int_eq(aclnnCpuGetOpRegistry(NULL, 0, &len), ACL_SUCCESS);
    char *json = malloc(len + 1);
    ck_assert_int_eq(aclnnCpuGetOpRegistry(json, len + 1, &len), ACL_SUCCESS);
    ck_assert_uint_eq(strlen(json), len);
    char want[128];
    for (int i = 0; i < acpu_op_count; i++) {
        snprintf(want, sizeof want, "{\"type\": \"%s\"", acpu_ops[i]->type);
        ck_assert_msg(strstr(json, want) != NULL, "the registry JSON lacks %s", acpu_ops[i]->type);
    }
    for (int i = 0; i < acpu_api_count; i++) {
        snprintf(want, sizeof want, "{\"name\": \"%s\", \"snake\": \"%s\"", acpu_apis[i]->name, acpu_apis[i]->snake);
        ck_assert_msg(strstr(json, want) != NULL, "the registry JSON lacks %s", acpu_apis[i]->name);
    }
    char small[4];
    ck_assert_int_eq(aclnnCpuGetOpRegistry(small, sizeof small, &len), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclnnCpuGetOpRegistry(NULL, 0, NULL), ACLNN_ERR_PARAM_NULLPTR);
    free(json);
}
END_TEST

static Suite *registry_suite(void)
{
    Suite *s = suite_create("registry");
    TCase *tc = tcase_create("rows and consumers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_rows_well_formed);
    tcase_add_test(tc, test_kernels_cover_the_dtypes);
    tcase_add_test(tc, test_public_headers);
    tcase_add_test(tc, test_examples_cover_the_registry);
    tcase_add_test(tc, test_lab_covers_the_registry);
    tcase_add_test(tc, test_lab_schedules_every_strategy);
    tcase_add_test(tc, test_json_covers_the_registry);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(registry_suite()); }
