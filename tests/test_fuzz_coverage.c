/* The fuzzers cover every row of the operator registry. With the decoders of fuzz/acpu_fuzz.h over
 * the seeds fuzz/make_corpus.py writes from the registry (the fuzz_seeds fixture, ACPU_FUZZ_DIR), in
 * the normal build:
 *   - every parameter kind of every registry API has a reader in fuzz_api.c;
 *   - for every API, a seed of corpus/api selects it and gets 0 from phase 1 and from its phase 2, on
 *     a profile of each profile group where every tensor parameter lists a dtype;
 *   - for every API, every tensor parameter and every dtype the registry lists for it on a profile
 *     group, a seed that calls the API on a profile of that group with that dtype (a listed dtype
 *     may still be refused: the lists do not carry the rules between parameters);
 *   - for every API, a seed of corpus/tiling gets its tiling plan (0).
 * A new registry row gets its seeds from the script; it fails here until fuzz_api.c and
 * make_corpus.py handle any new parameter kind, and until the seeds the script writes for it reach
 * it (every profile group, every listed dtype, a plan). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_fuzz.h"
#include "acpu_test.h"
#include "runtime/acpu_runtime.h"
#include "tiling/acpu_platform.h"

#define MAX_APIS 256
#define RERUN \
    "the seeds fuzz/make_corpus.py writes from the registry do not reach it (its encoders, or fuzz_api.c's readers)"

/* What the seeds reached: per API and profile group, phase 2 returned 0; per API, tensor parameter
 * and profile group, the dtypes (ACPU_DT bits) phase 1 was called with; per API, a plan. */
static bool g_ran[MAX_APIS][ACPU_PG_COUNT], g_planned[MAX_APIS];
static uint64_t g_called[MAX_APIS][ACPU_MAX_PARAMS][ACPU_PG_COUNT];

static acpu_fuzz_inputs list_corpus(const char *target)
{
    acpu_fuzz_inputs in = {0, NULL};
    const char *root = getenv("ACPU_FUZZ_DIR");
    ck_assert_msg(root != NULL, "ACPU_FUZZ_DIR is not set (tests/CMakeLists.txt sets it to fuzz/)");
    ck_assert_msg(acpu_fuzz_inputs_list(&in, root, target, false) > 0, "%s/corpus/%s has no input: " RERUN, root,
                  target);
    return in;
}

static void record_api(const acpu_fuzz_api_report *r)
{
    acpu_soc soc;
    if (r->api < 0 || !r->called || !acpu_soc_parse(r->soc, &soc))
        return;
    acpu_profile_group g = acpu_profile_group_of(soc);
    for (int t = 0; t < r->n_tensors; t++)
        if (r->tensor_dtype[t] >= 0 && r->tensor_dtype[t] < 64)
            g_called[r->api][r->tensor_param[t]][g] |= ACPU_DT(r->tensor_dtype[t]);
    if (r->phase1 == ACLNN_SUCCESS && r->ran && r->phase2 == ACLNN_SUCCESS)
        g_ran[r->api][g] = true;
}

static const char *const k_group_names[ACPU_PG_COUNT] = {"Ascend910", "Ascend910B / Ascend910_93", "Ascend950 / host"};

/* Whether every tensor parameter of the API lists a dtype on group g (or follows another's). */
static bool runs_on_group(const acpu_api_def *api, acpu_profile_group g)
{
    for (int i = 0; i < api->n_params; i++) {
        uint64_t set;
        if (api->params[i].kind <= ACPU_P_TINOUT_CONST && acpu_api_param_dtypes(api, i, g, &set) && set == 0)
            return false;
    }
    return true;
}

static void run_api_corpus(void)
{
    ck_assert_int_le(acpu_api_count, MAX_APIS);
    acpu_fuzz_inputs in = list_corpus("api");
    acpu_fuzz_api_init();
    for (int i = 0; i < in.n; i++) {
        size_t size = 0;
        uint8_t *data = acpu_fuzz_inputs_read(in.paths[i], &size);
        ACPU_TEST_EXPECT(data != NULL, "cannot read %s", in.paths[i]);
        acpu_fuzz_api_one(data, size);
        record_api(acpu_fuzz_api_last());
        free(data);
    }
    acpu_fuzz_inputs_free(&in);
}

START_TEST(test_decoder_reads_every_kind)
{
    for (int a = 0; a < acpu_api_count; a++)
        for (int i = 0; i < acpu_apis[a]->n_params; i++)
            ck_assert_msg(acpu_fuzz_api_handles_kind(acpu_apis[a]->params[i].kind),
                          "%s parameter %s: fuzz/fuzz_api.c has no reader for kind %d (and make_corpus.py no encoder)",
                          acpu_apis[a]->name, acpu_apis[a]->params[i].name, (int)acpu_apis[a]->params[i].kind);
}
END_TEST

START_TEST(test_every_api_reaches_phase2)
{
    run_api_corpus();
    for (int a = 0; a < acpu_api_count; a++)
        for (int g = 0; g < ACPU_PG_COUNT; g++)
            ck_assert_msg(g_ran[a][g] || !runs_on_group(acpu_apis[a], (acpu_profile_group)g),
                          "no seed of corpus/api runs %s through phase 1 and phase 2 (0 from both) on %s: " RERUN,
                          acpu_apis[a]->name, k_group_names[g]);
}
END_TEST

START_TEST(test_every_listed_dtype_called)
{
    run_api_corpus();
    char names[256];
    for (int a = 0; a < acpu_api_count; a++) {
        const acpu_api_def *api = acpu_apis[a];
        for (int i = 0; i < api->n_params; i++) {
            for (int g = 0; g < ACPU_PG_COUNT; g++) {
                uint64_t listed, missing;
                if (api->params[i].kind > ACPU_P_TINOUT_CONST ||
                    !acpu_api_param_dtypes(api, i, (acpu_profile_group)g, &listed))
                    continue;
                missing = listed & ~g_called[a][i][g];
                ck_assert_msg(missing == 0, "%s %s on %s: no seed of corpus/api calls it as %s: " RERUN, api->name,
                              api->params[i].name, k_group_names[g], acpu_dtype_set_str(missing, names, sizeof names));
            }
        }
    }
}
END_TEST

START_TEST(test_every_api_planned)
{
    acpu_fuzz_inputs in = list_corpus("tiling");
    acpu_fuzz_tiling_init();
    for (int i = 0; i < in.n; i++) {
        size_t size = 0;
        uint8_t *data = acpu_fuzz_inputs_read(in.paths[i], &size);
        ACPU_TEST_EXPECT(data != NULL, "cannot read %s", in.paths[i]);
        acpu_fuzz_tiling_one(data, size);
        const acpu_fuzz_tiling_report *r = acpu_fuzz_tiling_last();
        if (r->call == 0 && r->api >= 0 && r->status == ACLNN_SUCCESS)
            g_planned[r->api] = true;
        free(data);
    }
    acpu_fuzz_inputs_free(&in);
    for (int a = 0; a < acpu_api_count; a++)
        ck_assert_msg(g_planned[a], "no seed of corpus/tiling gets a tiling plan of %s: " RERUN, acpu_apis[a]->snake);
}
END_TEST

static Suite *coverage_suite(void)
{
    Suite *s = suite_create("fuzz_coverage");
    TCase *tc = tcase_create("registry");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_decoder_reads_every_kind);
    tcase_add_test(tc, test_every_api_reaches_phase2);
    tcase_add_test(tc, test_every_listed_dtype_called);
    tcase_add_test(tc, test_every_api_planned);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(coverage_suite()); }
