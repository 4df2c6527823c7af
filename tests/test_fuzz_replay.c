/* The fuzz targets' inputs replayed in the normal build, without libFuzzer: every seed
 * fuzz/make_corpus.py writes from the registry and every stored regression of fuzz/regressions
 * (<ACPU_FUZZ_DIR>/corpus/<target> and /regressions/<target>, the fuzz_seeds fixture) once through its target's
 * decoder (fuzz/acpu_fuzz.h). A decoder abort()s on any invariant the call breaks (the header
 * comments of fuzz/fuzz_api.c and fuzz/fuzz_tiling.c list them), so a regression input whose defect
 * is back fails its case here, and a crash in the library fails it too (Check's fork mode). Each
 * case replays BATCH files (a case is a fork, which costs ~50 ms under ASan: 64 files a case took the
 * ASan run from 60 s to 11 s per ISA); the file being replayed is printed first (stderr), so that
 * the output of a failed case names it (a leak, reported when the case's process exits, names only
 * the batch: replay its files one at a time, fuzz/README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_fuzz.h"
#include "acpu_test.h"

#define BATCH 64

typedef struct {
    const char *name;
    void (*init)(void);
    void (*one)(const uint8_t *data, size_t size);
    acpu_fuzz_inputs corpus, all; /* the corpus alone, and corpus + regressions */
} target;

static target g_targets[2] = {{"api", acpu_fuzz_api_init, acpu_fuzz_api_one, {0, NULL}, {0, NULL}},
                              {"tiling", acpu_fuzz_tiling_init, acpu_fuzz_tiling_one, {0, NULL}, {0, NULL}}};
static const char *g_root;
static bool g_listed;

static void replay_batch(target *t, int batch)
{
    t->init();
    for (int i = batch * BATCH; i < t->all.n && i < (batch + 1) * BATCH; i++) {
        size_t size = 0;
        uint8_t *data = acpu_fuzz_inputs_read(t->all.paths[i], &size);
        ck_assert_msg(data != NULL, "cannot read %s", t->all.paths[i]);
        fprintf(stderr, "test_fuzz_replay: %s\n", t->all.paths[i]);
        t->one(data, size);
        free(data);
    }
}

START_TEST(test_replay_api)
{
    replay_batch(&g_targets[0], _i);
}
END_TEST

START_TEST(test_replay_tiling)
{
    replay_batch(&g_targets[1], _i);
}
END_TEST

/* Both targets have seeds and regressions: a moved or empty directory must not pass as replayed. */
START_TEST(test_inputs_present)
{
    ck_assert_msg(g_root != NULL, "ACPU_FUZZ_DIR is not set (tests/CMakeLists.txt sets it to fuzz/)");
    ck_assert_msg(g_listed, "cannot read the directories of %s/corpus and %s/regressions", g_root, g_root);
    for (int k = 0; k < 2; k++) {
        ck_assert_msg(g_targets[k].corpus.n > 0, "%s/corpus/%s has no input (the fuzz_seeds fixture writes them)",
                      g_root, g_targets[k].name);
        ck_assert_msg(g_targets[k].all.n > g_targets[k].corpus.n, "%s/regressions/%s has no input", g_root,
                      g_targets[k].name);
    }
}
END_TEST

static int batches(const target *t) { return (t->all.n + BATCH - 1) / BATCH; }

static Suite *replay_suite(void)
{
    Suite *s = suite_create("fuzz_replay");
    TCase *tc = tcase_create("inputs");
    tcase_add_test(tc, test_inputs_present);
    tcase_add_loop_test(tc, test_replay_api, 0, batches(&g_targets[0]));
    tcase_add_loop_test(tc, test_replay_tiling, 0, batches(&g_targets[1]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    g_root = getenv("ACPU_FUZZ_DIR");
    g_listed = g_root != NULL;
    for (int k = 0; k < 2 && g_root != NULL; k++)
        g_listed = g_listed && acpu_fuzz_inputs_list(&g_targets[k].corpus, g_root, g_targets[k].name, false) >= 0 &&
                   acpu_fuzz_inputs_list(&g_targets[k].all, g_root, g_targets[k].name, true) >= 0;
    int rc = acpu_test_main(replay_suite());
    for (int k = 0; k < 2; k++) {
        acpu_fuzz_inputs_free(&g_targets[k].corpus);
        acpu_fuzz_inputs_free(&g_targets[k].all);
    }
    return rc;
}
