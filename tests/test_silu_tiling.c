/* SiluGrad host tilings (doc/CANN.md#silu-tiling): the atvoss broadcast steps (collapse, UB budget,
 * UB and block split), the arch35 plan for SiLU spec 2.6's worked examples S1-S5 field by field, the
 * 910B plan for SiLU spec 3.6's table and the experimental tiling UT, the failures, a walk of every
 * arch35 plan's tiles over random broadcast shapes (each output element exactly once, inputs read
 * through the collapsed strides), and the tool's JSON and refusals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_proc.h"
#include "tiling/acpu_platform.h"
#include "tiling/acpu_silu_tiling.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define F32 ACL_FLOAT
#define F16 ACL_FLOAT16
#define BF16 ACL_BF16

static acpu_platform profile(acpu_soc soc)
{
    acpu_platform p;
    acpu_platform_init(&p, soc, 8u, 262144u);
    return p;
}

static acpu_bc_shape shp(int64_t rank, const int64_t *dims)
{
    acpu_bc_shape s = {.rank = rank};
    if (rank > 0)
        memcpy(s.dims, dims, (size_t)rank * sizeof dims[0]);
    return s;
}

static acpu_silu_tiling_args args3(acpu_bc_shape dy, acpu_bc_shape x, acpu_bc_shape out, aclDataType a, aclDataType b,
                                   aclDataType c)
{
    return (acpu_silu_tiling_args){.inputs = {dy, x}, .output = out, .dtypes = {a, b, c}};
}

/* ---- the shared broadcast steps ---------------------------------------------------------------------- */

/* BroadcastInferShape of a and b against the expected shape (rank -1: must fail). */
static void expect_infer(acpu_bc_shape a, acpu_bc_shape b, int64_t rank, const int64_t *dims)
{
    acpu_bc_shape out;
    bool ok = acpu_bc_infer_shape(&a, &b, &out);
    ck_assert(ok == (rank >= 0));
    if (!ok)
        return;
    ck_assert_int_eq(out.rank, rank);
    for (int64_t d = 0; d < rank; d++)
        ck_assert_int_eq(out.dims[d], dims[d]);
}

START_TEST(test_infer_shape)
{
    expect_infer(shp(2, (const int64_t[]){1, 5}), shp(2, (const int64_t[]){2, 5}), 2, (const int64_t[]){2, 5});
    expect_infer(shp(1, (const int64_t[]){16}), shp(3, (const int64_t[]){2, 1, 1}), 3, (const int64_t[]){2, 1, 16});
    expect_infer(shp(1, (const int64_t[]){0}), shp(2, (const int64_t[]){3, 1}), 2, (const int64_t[]){3, 0});
    expect_infer(shp(0, NULL), shp(2, (const int64_t[]){3, 4}), 2, (const int64_t[]){3, 4});
    expect_infer(shp(2, (const int64_t[]){2, 3}), shp(2, (const int64_t[]){3, 3}), -1, NULL);
    expect_infer(shp(1, (const int64_t[]){0}), shp(1, (const int64_t[]){2}), -1, NULL);
}
END_TEST

START_TEST(test_collapse)
{
    acpu_bc_collapsed c;
    /* SiLU spec 2.1: equal shapes collapse to one axis; dy {1,5} with x {2,5} keeps two */
    acpu_bc_shape eq = shp(4, (const int64_t[]){2, 3, 4, 5}), in[2] = {eq, eq};
    ck_assert(acpu_bc_collapse(in, 2, &eq, &c));
    ck_assert(c.rank == 1 && c.out_dims[0] == 120 && c.in_strides[0][0] == 1 && c.out_strides[0] == 1);
    in[0] = shp(2, (const int64_t[]){1, 5});
    in[1] = shp(2, (const int64_t[]){2, 5});
    ck_assert(acpu_bc_collapse(in, 2, &in[1], &c));
    ck_assert(c.rank == 2 && c.in_dims[0][0] == 1 && c.in_dims[0][1] == 5 && c.in_strides[0][0] == 0 &&
              c.in_strides[0][1] == 1 && c.in_strides[1][0] == 5 && c.out_strides[0] == 5);
    /* size-1 output axes are dropped or merged */
    in[0] = shp(4, (const int64_t[]){1, 3, 1, 4});
    in[1] = shp(4, (const int64_t[]){2, 3, 1, 4});
    ck_assert(acpu_bc_collapse(in, 2, &in[1], &c));
    ck_assert_int_eq(c.rank, 2);
    ck_assert(c.out_dims[0] == 2 && c.out_dims[1] == 12 && c.in_strides[0][0] == 0 && c.in_strides[0][1] == 1);
    /* scalars are {1}; failures: a dim <= 0, an input wider than the output, a mismatch */
    acpu_bc_shape scalar = shp(0, NULL), out = shp(1, (const int64_t[]){7});
    in[0] = scalar;
    in[1] = out;
    ck_assert(acpu_bc_collapse(in, 2, &out, &c) && c.rank == 1 && c.in_strides[0][0] == 0);
    in[0] = shp(1, (const int64_t[]){0});
    ck_assert(!acpu_bc_collapse(in, 2, &in[0], &c));
    in[0] = shp(2, (const int64_t[]){1, 7});
    ck_assert(!acpu_bc_collapse(in, 2, &out, &c));
    in[0] = shp(1, (const int64_t[]){3});
    ck_assert(!acpu_bc_collapse(in, 2, &out, &c));
}
END_TEST

START_TEST(test_ub_budget)
{
    ck_assert_int_eq(acpu_bc_ub_budget(245760, 0, 192, 32), 10240);
    ck_assert_int_eq(acpu_bc_ub_budget(245760, 0, 128, 16), 15360);
    ck_assert_int_eq(acpu_bc_ub_budget(245760, 0, 160, 16), 12288);
    ck_assert_int_eq(acpu_bc_ub_budget(253952, 0, 192, 16), 10496);
    ck_assert_int_eq(acpu_bc_ub_budget(253952, 0, 192, 32), 10560);
    ck_assert_int_eq(acpu_bc_ub_budget(253952, 0, 128, 16), 15872);
    ck_assert_int_eq(acpu_bc_ub_budget(253952, 0, 160, 16), 12672);
    ck_assert_int_eq(acpu_bc_ub_budget(2048, 0, 160, 16), 0);
    ck_assert_int_eq(acpu_bc_ub_budget(100, 100, 160, 16), 0);
    ck_assert(acpu_bc_ub_budget(UINT64_MAX, 0, 128, 16) > 0); /* no overflow */
}
END_TEST

/* ---- arch35: SiLU spec 2.6 S1-S5 -------------------------------------------------------------------------- */

typedef struct {
    acpu_silu_tiling_args a;
    int64_t block_former, ub_former, ub_outer, ub_tail, block_tail, shape_len, axis, fused, elem_num;
    uint32_t block_dim;
    uint64_t key;
} arch35_case;

static void check_arch35(const arch35_case *k)
{
    acpu_platform p = profile(ACPU_SOC_ASCEND950);
    ck_assert(p.core_num == 64 && p.ub_bytes == 245760);
    acpu_silu_arch35_plan plan;
    ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &k->a, &plan), 0);
    const acpu_silu_arch35_data *d = &plan.data;
    ck_assert_int_eq(d->blockFormer, k->block_former);
    ck_assert_int_eq(d->ubFormer, k->ub_former);
    ck_assert_int_eq(d->ubOuter, k->ub_outer);
    ck_assert_int_eq(d->ubTail, k->ub_tail);
    ck_assert_int_eq(d->blockTail, k->block_tail);
    ck_assert_int_eq(d->shapeLen, k->shape_len);
    ck_assert_int_eq(d->ubSplitAxis, k->axis);
    ck_assert_int_eq(d->dimProductBeforeUbInner, k->fused);
    ck_assert_int_eq(d->elemNum, k->elem_num);
    ck_assert_uint_eq(plan.block_dim, k->block_dim);
    ck_assert_uint_eq(plan.tiling_key, k->key);
    ck_assert_uint_eq(plan.workspace, 32);
}

START_TEST(test_arch35_s1_s4)
{
    acpu_bc_shape s464 = shp(2, (const int64_t[]){4, 64}), s1m = shp(2, (const int64_t[]){1024, 1024});
    acpu_bc_shape s16 = shp(1, (const int64_t[]){16}), s1616 = shp(2, (const int64_t[]){16, 16});
    acpu_bc_shape s234 = shp(3, (const int64_t[]){2, 3, 4});
    const arch35_case cases[] = {
        {args3(s464, s464, s464, F32, F32, F32), 1, 10240, 1, 256, 1, 1, 0, 1, 10240, 1, 300000001000100ull},
        {args3(s1m, s1m, s1m, F16, F16, F16), 2, 10240, 103, 4096, 1, 1, 0, 103, 10240, 52, 100000001000100ull},
        {args3(s16, s1616, s1616, F32, F32, F32), 1, 640, 1, 16, 1, 2, 0, 1, 10240, 1, 300000001000100ull},
        {args3(s234, s234, s234, F16, F32, F32), 1, 12288, 1, 24, 1, 1, 0, 1, 12288, 1, 500000001000100ull},
    };
    for (size_t i = 0; i < N_ELEMS(cases); i++)
        check_arch35(&cases[i]);
}
END_TEST

START_TEST(test_arch35_s5)
{
    acpu_bc_shape dy = shp(7, (const int64_t[]){1, 13, 1, 11, 6, 3, 3});
    acpu_bc_shape x = shp(7, (const int64_t[]){10, 13, 12, 1, 6, 1, 3});
    acpu_bc_shape out = shp(7, (const int64_t[]){10, 13, 12, 11, 6, 3, 3});
    arch35_case k = {args3(dy, x, out, F16, F32, F32), 3, 1, 13, 1, 1, 7, 1, 130, 12288, 44, 500000001001100ull};
    check_arch35(&k);
    acpu_platform p = profile(ACPU_SOC_ASCEND950);
    acpu_silu_arch35_plan plan;
    ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &k.a, &plan), 0);
    const int64_t s_dy[7] = {0, 594, 0, 54, 9, 3, 1}, s_x[7] = {2808, 216, 18, 0, 3, 0, 1};
    const int64_t s_out[7] = {92664, 7128, 594, 54, 9, 3, 1};
    for (int d = 0; d < 7; d++) {
        ck_assert_int_eq(plan.data.input0Strides[d], s_dy[d]);
        ck_assert_int_eq(plan.data.input1Strides[d], s_x[d]);
        ck_assert_int_eq(plan.data.outputStrides[d], s_out[d]);
        ck_assert_int_eq(plan.data.outputDims[d], out.dims[d]);
    }
    ck_assert_int_eq(plan.data.outputDims[7], 0); /* unused tail entries 0 */
}
END_TEST

/* opKeys 1..9 and their budgets; anything else fails. */
START_TEST(test_arch35_op_keys)
{
    static const struct {
        aclDataType dt[3];
        int64_t key, divisor, elem;
    } rows[] = {
        {{F16, F16, F16}, 1, 192, 10240},  {{BF16, BF16, BF16}, 2, 192, 10240}, {{F32, F32, F32}, 3, 192, 10240},
        {{F16, BF16, F32}, 4, 128, 15360}, {{F16, F32, F32}, 5, 160, 12288},    {{BF16, F16, F32}, 6, 128, 15360},
        {{BF16, F32, F32}, 7, 160, 12288}, {{F32, F16, F32}, 8, 160, 12288},    {{F32, BF16, F32}, 9, 160, 12288},
    };
    acpu_platform p = profile(ACPU_SOC_ASCEND950);
    acpu_bc_shape s = shp(1, (const int64_t[]){100});
    acpu_silu_arch35_plan plan;
    for (size_t i = 0; i < N_ELEMS(rows); i++) {
        acpu_silu_tiling_args a = args3(s, s, s, rows[i].dt[0], rows[i].dt[1], rows[i].dt[2]);
        ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &a, &plan), 0);
        ck_assert_int_eq(plan.op_key, rows[i].key);
        ck_assert_int_eq(plan.buffer_divisor, rows[i].divisor);
        ck_assert_int_eq(plan.data.elemNum, rows[i].elem);
        ck_assert_uint_eq(plan.tiling_key, (uint64_t)rows[i].key * 100000000000000ull + 1000100u);
    }
    static const aclDataType bad[][3] = {{F16, F16, F32}, {F32, F32, F16}, {ACL_DOUBLE, F32, F32}, {F16, F32, F16}};
    for (size_t i = 0; i < N_ELEMS(bad); i++) {
        acpu_silu_tiling_args a = args3(s, s, s, bad[i][0], bad[i][1], bad[i][2]);
        ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &a, &plan), -1);
    }
}
END_TEST

START_TEST(test_arch35_failures)
{
    acpu_platform p = profile(ACPU_SOC_ASCEND950);
    acpu_silu_arch35_plan plan;
    acpu_bc_shape e = shp(2, (const int64_t[]){0, 4}), s = shp(2, (const int64_t[]){3, 4});
    acpu_silu_tiling_args a = args3(e, e, e, F32, F32, F32); /* the tiling UT's failure: empty dims */
    ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &a, &plan), -1);
    a = args3(shp(2, (const int64_t[]){2, 4}), s, s, F32, F32, F32);
    ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &a, &plan), -1);
    a = args3(s, s, s, F32, F32, F32);
    acpu_platform none = p;
    none.core_num = 0;
    ck_assert_int_eq(acpu_silu_tiling_arch35(&none, &a, &plan), -1);
    acpu_platform tiny = p;
    tiny.ub_bytes = 1000; /* 1000 * 8 / 192 = 41 < 64 */
    ck_assert_int_eq(acpu_silu_tiling_arch35(&tiny, &a, &plan), -1);
    tiny.ub_bytes = 1536; /* exactly one 64-element block */
    ck_assert_int_eq(acpu_silu_tiling_arch35(&tiny, &a, &plan), 0);
    ck_assert_int_eq(plan.data.elemNum, 64);
}
END_TEST

/* Walks an arch35 plan as the kernel does (SiLU spec 3.5, kernel side): every output element exactly
 * once, and each input element reached through the collapsed strides is the broadcast source. */
static void walk_plan(const acpu_silu_arch35_plan *plan, const acpu_silu_tiling_args *a, int64_t cores)
{
    const acpu_silu_arch35_data *d = &plan->data;
    int64_t L = d->shapeLen, axis = d->ubSplitAxis, total = 1;
    for (int64_t k = 0; k < L; k++)
        total *= d->outputDims[k];
    unsigned char *seen = calloc((size_t)total, 1);
    ck_assert_ptr_nonnull(seen);
    ck_assert(plan->block_dim >= 1 && (int64_t)plan->block_dim <= cores);
    for (int64_t b = 0; b < (int64_t)plan->block_dim; b++) {
        int64_t tiles = b + 1 == (int64_t)plan->block_dim ? d->blockTail : d->blockFormer;
        for (int64_t t = 0; t < tiles; t++) {
            int64_t f = b * d->blockFormer + t, idx[8] = {0};
            idx[axis] = f % d->ubOuter; /* mixed radix: the split axis's outer index, then the dims before */
            int64_t rest = f / d->ubOuter;
            for (int64_t k = axis - 1; k >= 0; k--) {
                idx[k] = rest % d->outputDims[k];
                rest /= d->outputDims[k];
            }
            ck_assert_int_eq(rest, 0);
            int64_t len = idx[axis] + 1 == d->ubOuter ? d->ubTail : d->ubFormer;
            int64_t inner = 1;
            for (int64_t k = axis + 1; k < L; k++)
                inner *= d->outputDims[k];
            int64_t base = idx[axis] * d->ubFormer * d->outputStrides[axis];
            for (int64_t k = 0; k < axis; k++)
                base += idx[k] * d->outputStrides[k];
            for (int64_t e = 0; e < len * inner; e++) {
                ck_assert(base + e < total);
                ACPU_TEST_EXPECT(seen[base + e] == 0, "element %lld twice", (long long)(base + e));
                seen[base + e] = 1;
            }
        }
    }
    for (int64_t e = 0; e < total; e++)
        ACPU_TEST_EXPECT(seen[e] == 1, "element %lld never written", (long long)e);
    free(seen);
    (void)a;
}

START_TEST(test_arch35_walk_random)
{
    acpu_test_lcg_seed(0x7a11u, 32);
    for (int iter = 0; iter < 400; iter++) {
        int64_t rank = 1 + (int64_t)(acpu_test_lcg_next() % 6), out[8], dy[8], x[8];
        for (int64_t k = 0; k < rank; k++) {
            out[k] = 1 + (int64_t)(acpu_test_lcg_next() % 9);
            dy[k] = acpu_test_lcg_next() % 3 == 0 ? 1 : out[k];
            x[k] = acpu_test_lcg_next() % 3 == 0 ? 1 : out[k];
        }
        int64_t dy_skip = (int64_t)(acpu_test_lcg_next() % (uint32_t)rank); /* dy may have fewer dims */
        static const aclDataType dts[3][3] = {{F32, F32, F32}, {F16, F16, F16}, {BF16, F32, F32}};
        const aclDataType *dt = dts[iter % 3];
        acpu_silu_tiling_args a = args3(shp(rank - dy_skip, dy + dy_skip), shp(rank, x), shp(rank, out), dt[0], dt[1],
                                        dt[2]);
        acpu_platform p = profile(ACPU_SOC_ASCEND950);
        p.core_num = 1 + acpu_test_lcg_next() % 9;
        p.ub_bytes = 3072u * (1u + acpu_test_lcg_next() % 4);
        acpu_silu_arch35_plan plan;
        ck_assert_int_eq(acpu_silu_tiling_arch35(&p, &a, &plan), 0);
        walk_plan(&plan, &a, p.core_num);
    }
}
END_TEST

/* ---- ascend910b: SiLU spec 3.6 --------------------------------------------------------------------------- */

START_TEST(test_910b_table)
{
    static const struct {
        int64_t n;
        aclDataType dt;
        uint32_t cores;
        uint64_t small, big, tail, tile;
        uint32_t key;
    } rows[] = {
        {1, F32, 1, 8, 16, 0, 9824, 0},
        {256, F16, 1, 256, 272, 0, 7552, 0},
        {24576, BF16, 24, 1024, 1040, 0, 7552, 0},
        {65537, F32, 48, 1360, 1368, 33, 9824, 0},
        {1048576, F32, 48, 21840, 21848, 32, 6144, 1},
        {1048576, F16, 48, 21840, 21856, 16, 6144, 1},
        {256, F32, 1, 256, 264, 0, 9824, 0}, /* the experimental tiling UT, {1,2,8,16} */
    };
    acpu_platform p = profile(ACPU_SOC_ASCEND910B);
    ck_assert(p.core_num == 48 && p.ub_bytes == 196608);
    for (size_t i = 0; i < N_ELEMS(rows); i++) {
        acpu_bc_shape s = shp(1, &rows[i].n);
        acpu_silu_tiling_args a = args3(s, s, s, rows[i].dt, rows[i].dt, rows[i].dt);
        acpu_silu_910b_plan plan;
        ck_assert_int_eq(acpu_silu_tiling_910b(&p, &a, &plan), 0);
        ck_assert_uint_eq(plan.block_dim, rows[i].cores);
        ck_assert_uint_eq(plan.data.smallCoreDataNum, rows[i].small);
        ck_assert_uint_eq(plan.data.bigCoreDataNum, rows[i].big);
        ck_assert_uint_eq(plan.data.tailBlockNum, rows[i].tail);
        ck_assert_uint_eq(plan.data.tileDataNum, rows[i].tile);
        ck_assert_uint_eq(plan.tiling_key, rows[i].key);
        /* the per-core counts cover whole 32-byte blocks: at least n, less than n + one block per core */
        uint64_t covered = plan.data.tailBlockNum * plan.data.bigCoreDataNum +
                           (plan.block_dim - plan.data.tailBlockNum) * plan.data.smallCoreDataNum;
        ck_assert(covered >= (uint64_t)rows[i].n && covered < (uint64_t)rows[i].n + 32u);
    }
    acpu_bc_shape e = shp(1, (const int64_t[]){0});
    acpu_silu_tiling_args a = args3(e, e, e, F32, F32, F32);
    acpu_silu_910b_plan plan;
    ck_assert_int_eq(acpu_silu_tiling_910b(&p, &a, &plan), -1);
    ck_assert(acpu_silu_soc_has_910b_tiling(ACPU_SOC_ASCEND910) &&
              acpu_silu_soc_has_910b_tiling(ACPU_SOC_ASCEND910_93));
    ck_assert(!acpu_silu_soc_has_910b_tiling(ACPU_SOC_ASCEND950) && !acpu_silu_soc_has_910b_tiling(ACPU_SOC_HOST));
}
END_TEST

/* ---- the tool ------------------------------------------------------------------------------------------ */

START_TEST(test_tool_json)
{
    const char *tool = acpu_test_tool_path();
    char out[4096];
    int rc = acpu_test_run_tool(tool, "silu_backward --soc Ascend950 --shape 4,64", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out,
                     "{\"op\": \"SiluGrad\", \"soc\": \"Ascend950\", \"strategy\": \"arch35\", \"tilingKey\": "
                     "300000001000100, \"blockDim\": 1, \"workspace\": 32, \"opKey\": 3, \"bufferDivisor\": 192, "
                     "\"tilingData\": {\"blockFormer\": 1, \"ubFormer\": 10240, \"ubOuter\": 1, \"ubTail\": 256, "
                     "\"blockTail\": 1, \"shapeLen\": 1, \"ubSplitAxis\": 0, \"dimProductBeforeUbInner\": 1, "
                     "\"elemNum\": 10240, \"input0Dims\": [256, 0, 0, 0, 0, 0, 0, 0], \"input1Dims\": [256, 0, 0, "
                     "0, 0, 0, 0, 0], \"outputDims\": [256, 0, 0, 0, 0, 0, 0, 0], \"input0Strides\": [1, 0, 0, 0, "
                     "0, 0, 0, 0], \"input1Strides\": [1, 0, 0, 0, 0, 0, 0, 0], \"outputStrides\": [1, 0, 0, 0, 0, "
                     "0, 0, 0]}}\n");
    rc = acpu_test_run_tool(tool,
                            "silu_backward --soc Ascend950 --grad-shape 1,13,1,11,6,3,3 --dtype fp16 "
                            "--shape=10,13,12,1,6,1,3 --self-dtype fp32",
                            out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"tilingKey\": 500000001001100, \"blockDim\": 44"));
    ck_assert_ptr_nonnull(strstr(out, "\"input0Strides\": [0, 594, 0, 54, 9, 3, 1, 0]"));
    rc = acpu_test_run_tool(tool, "silu_backward --soc Ascend910B --shape 65537", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out,
                     "{\"op\": \"SiluGrad\", \"soc\": \"Ascend910B\", \"strategy\": \"ascend910b\", \"tilingKey\": "
                     "0, \"blockDim\": 48, \"workspace\": 0, \"tilingData\": {\"smallCoreDataNum\": 1360, "
                     "\"bigCoreDataNum\": 1368, \"tileDataNum\": 9824, \"tailBlockNum\": 33}}\n");
    rc = acpu_test_run_tool(tool, "silu_backward --soc Ascend950 --shape 8 --strategy ascend910b --cores 2", out,
                            sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"strategy\": \"ascend910b\", \"tilingKey\": 0, \"blockDim\": 1"));
}
END_TEST

START_TEST(test_tool_refuses)
{
    static const char *const usage[] = {
        "silu_backward --shape 2,3 --grad-shape 3,3", "silu_backward --dtype double", "silu_backward --strategy x",
        "silu_backward --shape 1,2,3,4,5,6,7,8,9",    "silu_backward --bogus 1",
    };
    acpu_test_expect_tool_refuses(usage, N_ELEMS(usage), 2);
    static const char *const plan[] = {
        "silu_backward --soc Ascend950 --shape 0,4",
        "silu_backward --soc Ascend950 --dtype fp16 --out-dtype fp16 --self-dtype fp32",
        "silu_backward --soc Ascend950 --shape 2,3 --out-shape 3,3",
        "silu_backward --soc Ascend910B --shape 0",
    };
    acpu_test_expect_tool_refuses(plan, N_ELEMS(plan), 1);
}
END_TEST

static Suite *silu_tiling_suite(void)
{
    Suite *s = suite_create("silu_tiling");
    TCase *tc = tcase_create("tiling");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_infer_shape);
    tcase_add_test(tc, test_collapse);
    tcase_add_test(tc, test_ub_budget);
    tcase_add_test(tc, test_arch35_s1_s4);
    tcase_add_test(tc, test_arch35_s5);
    tcase_add_test(tc, test_arch35_op_keys);
    tcase_add_test(tc, test_arch35_failures);
    tcase_add_test(tc, test_arch35_walk_random);
    tcase_add_test(tc, test_910b_table);
    tcase_add_test(tc, test_tool_json);
    tcase_add_test(tc, test_tool_refuses);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(silu_tiling_suite()); }
