/* The Tanh family's tilings (doc/CANN.md#tanh), through the tiling lab:
 *   - Tanh: the atvoss element-wise scheme with TanhDAG (BufferNum 4 / 6 / 6, MaxDtypeBytes 4,
 *     MinDtypeBytes 4 / 2 / 2: the DAG probe), the ops-math tiling UT's calls (64 cores, UB 245760;
 *     its tiling keys 3 / 5 / 7 are GET_TPL_TILING_KEY(schMode 1, dType 1 / 2 / 3) = schMode +
 *     2 * dType, the tplArgs here) and workspace 16 MiB;
 *   - TanhGrad: BroadcastTiling with its opKey's compute map, the ops-math UT's call field by field
 *     ({32, 32} fp16, 64 cores, UB 262144: key 100000001000100 and its 57 numbers), a broadcast
 *     call's collapsed dims and strides, the nine opKeys' divisors, DOUBLE planned as fp32. */
#include "acpu_test_plan.h"

static char g_json[ACPU_PLAN_BYTES];

START_TEST(test_tanh_ut)
{
    static const char *const dts[3] = {"fp16", "bf16", "fp32"};
    static const int64_t dtype_tpl[3] = {1, 2, 3}, ut_key[3] = {3, 5, 7};
    for (int k = 0; k < 3; k++) {
        ACPU_PLAN(g_json, "tanh", "--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", dts[k]);
        int64_t sch = acpu_plan_i64(g_json, "schMode"), dt = acpu_plan_i64(g_json, "dType");
        ck_assert_int_eq(dt, dtype_tpl[k]);
        ck_assert_int_eq(sch + 2 * dt, ut_key[k]);
        ck_assert_int_eq(acpu_plan_i64(g_json, "workspace"), 16777216);
        /* 8192 elements: 4 KiB per core of min-dtype bits: 4 cores (16-bit) or 8 (fp32) */
        ck_assert_int_eq(acpu_plan_i64(g_json, "coreNum"), k < 2 ? 4 : 8);
        ck_assert_int_eq(acpu_plan_i64(g_json, "blockFormer"), k < 2 ? 2048 : 1024);
        /* ubFormer: 245760 * 8 / (BufferNum * 32) rounded to 256 * 8 / minBits */
        ck_assert_int_eq(acpu_plan_i64(g_json, "ubFormer"), k < 2 ? 10240 : 15360);
        ck_assert_int_eq(acpu_plan_i64(g_json, "scheMode"), 1);
    }
    char json[ACPU_PLAN_BYTES];
    ck_assert_int_eq(acpu_plan_try(json, "tanh", (const char *const[]){"--shape", "1,0,2,64", NULL}),
                     ACLNN_ERR_INNER_TILING_ERROR);
}
END_TEST

/* tanh_grad_tiling_test_001 */
START_TEST(test_tanh_grad_ut)
{
    ACPU_PLAN(g_json, "tanh_backward", "--soc", "Ascend950", "--cores", "64", "--ub", "262144", "--shape", "32,32",
              "--dtype", "fp16");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 100000001000100);
    ck_assert_int_eq(acpu_plan_i64(g_json, "workspace"), 32);
    static const char *const names[9] = {"blockFormer", "ubFormer", "ubOuter",     "ubTail",
                                         "blockTail",   "shapeLen", "ubSplitAxis", "dimProductBeforeUbInner",
                                         "elemNum"};
    static const int64_t want[9] = {1, 21760, 1, 1024, 1, 1, 0, 1, 21760};
    for (int i = 0; i < 9; i++)
        ck_assert_msg(acpu_plan_i64(g_json, names[i]) == want[i], "%s = %lld", names[i],
                      (long long)acpu_plan_i64(g_json, names[i]));
    static const char *const lists[6] = {"input0Dims",    "input1Dims",    "outputDims",
                                         "input0Strides", "input1Strides", "outputStrides"};
    for (int l = 0; l < 6; l++) {
        int64_t v[8];
        acpu_plan_list(g_json, lists[l], v, 8);
        ck_assert_int_eq(v[0], l < 3 ? 1024 : 1);
        for (int i = 1; i < 8; i++)
            ck_assert_int_eq(v[i], 0);
    }
}
END_TEST

/* TanhGrad(y = output, dy = gradOutput): output {1, 4, 1} and gradOutput {3, 1, 5} give {3, 4, 5},
 * input 0 (y) broadcast on axes 0 and 2, input 1 (dy) on axis 1. */
START_TEST(test_tanh_grad_broadcast)
{
    ACPU_PLAN(g_json, "tanh_backward", "--soc", "Ascend950", "--grad-shape", "3,1,5", "--output-shape", "1,4,1");
    ck_assert_int_eq(acpu_plan_i64(g_json, "tilingKey"), 200000001000100);
    ck_assert_int_eq(acpu_plan_i64(g_json, "shapeLen"), 3);
    int64_t d0[8], d1[8], s0[8], s1[8], so[8];
    acpu_plan_list(g_json, "input0Dims", d0, 8);
    acpu_plan_list(g_json, "input1Dims", d1, 8);
    acpu_plan_list(g_json, "input0Strides", s0, 8);
    acpu_plan_list(g_json, "input1Strides", s1, 8);
    acpu_plan_list(g_json, "outputStrides", so, 8);
    ck_assert(d0[0] == 1 && d0[1] == 4 && d0[2] == 1 && d1[0] == 3 && d1[1] == 1 && d1[2] == 5);
    ck_assert(s0[0] == 0 && s0[1] == 1 && s0[2] == 0 && s1[0] == 5 && s1[1] == 0 && s1[2] == 1);
    ck_assert(so[0] == 20 && so[1] == 5 && so[2] == 1);
    /* 1M fp32 on Ascend950: 10240 per UB pass, 103 passes, 2 per core: 52 cores */
    ACPU_PLAN(g_json, "tanh_backward", "--soc", "Ascend950", "--shape", "1048576");
    ck_assert_int_eq(acpu_plan_i64(g_json, "blockDim"), 52);
    ck_assert_int_eq(acpu_plan_i64(g_json, "ubOuter"), 103);
    ck_assert_int_eq(acpu_plan_i64(g_json, "ubTail"), 4096);
    /* DOUBLE: the fp32 key */
    ACPU_PLAN(g_json, "tanh_backward", "--soc", "Ascend950", "--shape", "64", "--dtype", "double");
    ck_assert_int_eq(acpu_plan_i64(g_json, "opKey"), 2);
}
END_TEST

/* The nine opKeys (y, dy, z) and their divisors, reachable in the tool with mixed dtypes (the lab
 * computes a mixed pair in FLOAT; the API requires one dtype). */
START_TEST(test_tanh_grad_keys)
{
    static const struct {
        const char *y, *dy, *z;
        int64_t key, divisor;
    } rows[] = {{"fp16", "fp16", "fp16", 1, 96},  {"fp32", "fp32", "fp32", 2, 192}, {"bf16", "bf16", "bf16", 3, 96},
                {"fp16", "fp32", "fp32", 4, 160}, {"fp16", "bf16", "fp32", 5, 128}, {"fp32", "fp16", "fp32", 6, 160},
                {"fp32", "bf16", "fp32", 7, 160}, {"bf16", "fp16", "fp32", 8, 128}, {"bf16", "fp32", "fp32", 9, 160}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char json[ACPU_PLAN_BYTES];
        aclnnStatus rc = acpu_plan_try(json, "tanh_backward",
                                       (const char *const[]){"--shape", "64", "--output-dtype", rows[i].y,
                                                             "--grad-dtype", rows[i].dy, "--out-dtype", rows[i].z,
                                                             NULL});
        ck_assert_msg(rc == ACLNN_SUCCESS, "row %zu: %d (%s)", i, rc, aclGetRecentErrMsg());
        ck_assert_int_eq(acpu_plan_i64(json, "opKey"), rows[i].key);
        ck_assert_int_eq(acpu_plan_i64(json, "bufferDivisor"), rows[i].divisor);
    }
}
END_TEST

static Suite *tanh_tiling_suite(void)
{
    Suite *s = suite_create("tanh_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_test(tc, test_tanh_ut);
    tcase_add_test(tc, test_tanh_grad_ut);
    tcase_add_test(tc, test_tanh_grad_broadcast);
    tcase_add_test(tc, test_tanh_grad_keys);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(tanh_tiling_suite()); }
