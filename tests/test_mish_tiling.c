/* The Mish family's tiling plans (doc/CANN.md#mish) through the tiling lab: the atvoss element-wise
 * scheme with the probed DAG constants (MishDAG 4 / 6 / 6 buffers, MishGradDAG 8 / 9 / 9; MaxDtypeBytes
 * 4), EleBaseTilingData16B, key (1, dType), workspace 0, on the tiling-UT shape {1, 64, 2, 64}
 * (Ascend950: UB 245760, 64 cores) and on the other profiles with their cores and UB. */
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    const char *op;
    const char *args[12];
    const char *want[10];
} plan_case;

static const plan_case k_cases[] = {
    /* Mish fp16: cores = ceil(8192 * 16 / 32768) = 4, ubFormer = 245760 * 8 / (6 * 32) = 10240. */
    {"mish",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "fp16"},
     {"\"op\": \"Mish\"", "\"schMode\": 1, \"dType\": 1", "\"coreNum\": 4", "\"ubFormer\": 10240", "\"workspace\": 0"}},
    /* fp32 4/4/4: cores 8, ubFormer 15360. */
    {"inplace_mish",
     {"--soc", "Ascend950", "--shape", "1,64,2,64"},
     {"\"dType\": 3", "\"coreNum\": 8", "\"ubFormer\": 15360"}},
    /* MishGrad bf16 9/4/2: floor(245760 * 8 / 288) = 6826, down to 128: 6784. */
    {"mish_backward",
     {"--soc", "Ascend950", "--shape", "1,64,2,64", "--dtype", "bf16"},
     {"\"op\": \"MishGrad\"", "\"dType\": 2", "\"coreNum\": 4", "\"ubFormer\": 6784", "MishGradDAG"}},
    /* fp32 8/4/4: 245760 * 8 / 256 = 7680. */
    {"mish_backward", {"--soc", "Ascend950", "--shape", "1,64,2,64"}, {"\"dType\": 3", "\"ubFormer\": 7680"}},
    /* Ascend910 (32 cores, UB 196608), fp32 100000: cores min(98, 32) = 32, blockFormer = ceil(3125 / 512) *
     * 512 = 3584, blockNum 28; ubFormer = 196608 * 8 / 256 = 6144. */
    {"mish_backward",
     {"--soc", "Ascend910", "--shape", "100000"},
     {"built-in kernel is closed", "\"blockDim\": 28", "\"coreNum\": 32", "\"ubFormer\": 6144"}},
};

START_TEST(test_plans)
{
    const plan_case *c = &k_cases[_i];
    int argc = 0;
    while (argc < (int)N_ELEMS(c->args) && c->args[argc] != NULL)
        argc++;
    char json[1 << 13];
    size_t len = 0;
    aclnnStatus rc = aclnnCpuGetTilingPlan(c->op, argc, c->args, json, sizeof json, &len);
    ck_assert_msg(rc == ACL_SUCCESS, "case %d %s: %d (%s)", _i, c->op, rc, aclGetRecentErrMsg());
    for (int k = 0; k < (int)N_ELEMS(c->want) && c->want[k] != NULL; k++)
        ck_assert_msg(strstr(json, c->want[k]) != NULL, "case %d %s: no %s in %s", _i, c->op, c->want[k], json);
}
END_TEST

static Suite *mish_tiling_suite(void)
{
    Suite *s = suite_create("mish_tiling");
    TCase *tc = tcase_create("plans");
    tcase_add_loop_test(tc, test_plans, 0, (int)N_ELEMS(k_cases));
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(mish_tiling_suite()); }
