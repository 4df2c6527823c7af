/* Tiling plans of aclnnSwish and aclnnSwishBackward through the tiling lab (doc/CANN.md#swish): the
 * Swish plan against ops-nn's tiling UT (activation/swish/tests/ut/op_host/arch35/test_swish_tiling.cpp
 * swish_test_0: {16,1,4,4,8} fp16, scale 29.17882261333122 -> tiling key 6, "2048 1 30720 29.178823"),
 * the DAG picked by beta (IsFloatEqual -1 and 0), and SwishGrad's plan worked by hand (its UT asserts
 * only a failing call: an output shape of {} against {2,9} inputs, the shared path's check here). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

static void plan(const char *op, const char *const *argv, int argc, char *json, size_t size)
{
    size_t len = 0;
    aclnnStatus rc = aclnnCpuGetTilingPlan(op, argc, argv, json, size, &len);
    ck_assert_msg(rc == ACL_SUCCESS, "%s: %d (%s)", op, rc, aclGetRecentErrMsg());
}

static void expect_has(const char *json, const char *want)
{
    ck_assert_msg(strstr(json, want) != NULL, "plan lacks '%s': %s", want, json);
}

/* EleBaseTilingData16B (dim0, coreNum, ubFormer) and the scale; the key GET_TPL_TILING_KEY(schMode 0,
 * attrWork 3) = 3 << 1 = 6. */
START_TEST(test_swish_ut)
{
    char json[4096];
    const char *argv[] = {"--soc",   "Ascend950", "--shape",         "16,1,4,4,8",
                          "--dtype", "float16",   "--beta-optional", "29.17882261333122"};
    plan("swish", argv, 8, json, sizeof json);
    expect_has(json, "{\"op\": \"Swish\", \"soc\": \"Ascend950\", \"strategy\": \"elewise\"");
    expect_has(json, "\"tplArgs\": {\"schMode\": 0, \"attrWork\": 3}");
    expect_has(json, "\"dag\": \"SwishOther\"");
    expect_has(json, "\"tilingData\": {\"dim0\": 2048, \"coreNum\": 1, \"ubFormer\": 30720, \"scale\": 29.1788235}");
}
END_TEST

/* beta -1 and 0 pick their DAGs (TPL_SCALE_NEG_ONE 1, TPL_SCALE_ZERO 2); SwishZero<half> has
 * BufferNum 6 and MaxDtypeBytes 4: ubFormer 245760 * 8 / (6 * 32) = 10240. */
START_TEST(test_swish_variants)
{
    static const struct {
        const char *beta, *dag, *tpl, *fields;
    } cases[] = {
        {"-1", "SwishNegOne", "\"attrWork\": 1", "\"dim0\": 2048, \"coreNum\": 1, \"ubFormer\": 30720, \"scale\": -1}"},
        {"0", "SwishZero", "\"attrWork\": 2", "\"dim0\": 2048, \"coreNum\": 1, \"ubFormer\": 10240, \"scale\": 0}"},
        {"1", "SwishOther", "\"attrWork\": 3", "\"dim0\": 2048, \"coreNum\": 1, \"ubFormer\": 30720, \"scale\": 1}"},
    };
    char json[4096];
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        const char *argv[] = {"--soc",   "Ascend950", "--shape",         "2048",
                              "--dtype", "float16",   "--beta-optional", cases[k].beta};
        plan("swish", argv, 8, json, sizeof json);
        char dag[64];
        snprintf(dag, sizeof dag, "\"dag\": \"%s\"", cases[k].dag);
        expect_has(json, dag);
        expect_has(json, cases[k].tpl);
        expect_has(json, cases[k].fields);
    }
    /* no beta option: the default 1 (a NULL betaOptional) */
    const char *argv[] = {"--soc", "Ascend950", "--shape", "2048", "--dtype", "float16"};
    plan("swish", argv, 6, json, sizeof json);
    expect_has(json, "\"dag\": \"SwishOther\"");
}
END_TEST

/* SwishGradDAG: BufferNum 6, Max/MinDtypeBytes 2 (16-bit) or 4 (fp32); EleBaseTilingData and the
 * scale; tplArgs schMode (the data's scheMode, 1) and dType (TPL_FP16 1, TPL_BF16 2, TPL_FP32 3). */
START_TEST(test_swish_grad_by_hand)
{
    static const struct {
        const char *dtype, *shape, *tpl, *fields;
    } cases[] = {
        /* {2,9} fp16 (the UT's shape): one core, ubFormer 245760 * 8 / (6 * 16) = 20480 */
        {"float16", "2,9", "\"schMode\": 1, \"dType\": 1",
         "\"dim0\": 18, \"coreNum\": 1, \"ubFormer\": 20480, \"blockFormer\": 512, \"blockNum\": 1, "
         "\"ubLoopOfFormerBlock\": 1, \"ubLoopOfTailBlock\": 1, \"ubTailOfFormerBlock\": 512, "
         "\"ubTailOfTailBlock\": 18, \"elemNum\": 20480, \"scheMode\": 1, \"scale\": 1.10000002}"},
        {"bfloat16", "2,9", "\"schMode\": 1, \"dType\": 2", "\"dim0\": 18, \"coreNum\": 1, \"ubFormer\": 20480"},
        /* {1024,1024} fp32: 64 cores of 16384, ubFormer 245760 * 8 / (6 * 32) = 10240 -> two passes */
        {"float32", "1024,1024", "\"schMode\": 1, \"dType\": 3",
         "\"dim0\": 1048576, \"coreNum\": 64, \"ubFormer\": 10240, \"blockFormer\": 16384, \"blockNum\": 64, "
         "\"ubLoopOfFormerBlock\": 2, \"ubLoopOfTailBlock\": 2, \"ubTailOfFormerBlock\": 6144, "
         "\"ubTailOfTailBlock\": 6144, \"elemNum\": 10240, \"scheMode\": 1, \"scale\": 1.10000002}"},
    };
    char json[4096];
    for (size_t k = 0; k < N_ELEMS(cases); k++) {
        const char *argv[] = {"--soc",   "Ascend950",    "--shape",         cases[k].shape,
                              "--dtype", cases[k].dtype, "--beta-optional", "1.1"};
        plan("swish_backward", argv, 8, json, sizeof json);
        expect_has(json, "{\"op\": \"SwishGrad\", \"soc\": \"Ascend950\", \"strategy\": \"elewise\"");
        expect_has(json, "\"workspace\": 16777216");
        expect_has(json, "\"dag\": \"SwishGradDAG\"");
        expect_has(json, cases[k].tpl);
        expect_has(json, cases[k].fields);
    }
}
END_TEST

static Suite *swish_tiling_suite(void)
{
    Suite *s = suite_create("swish_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_test(tc, test_swish_ut);
    tcase_add_test(tc, test_swish_variants);
    tcase_add_test(tc, test_swish_grad_by_hand);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(swish_tiling_suite()); }
