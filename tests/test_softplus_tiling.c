/* SoftplusV2Grad host tilings: the arch35 tiling UT of spec 3.8.5 (pure functions and framework
 * cases), Appendix C.3 field by field, the ascend910b tiling of spec 3.6 (the derived values of
 * 3.8.3 and step 3), invariants over pseudo-random calls for both strategies, and the
 * `aclnn-cpu-tiling softplus_backward` tool. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "acpu_test_proc.h"
#include "tiling/acpu_platform.h"
#include "tiling/acpu_softplus_tiling.h"

/* ---- helpers -------------------------------------------------------------------------------- */

/* A rank above 8 keeps its rank (for the refusal tests) and its first 8 dims. */
static acpu_sp_shape make_shape(const int64_t *dims, int64_t rank)
{
    acpu_sp_shape s = {.rank = rank};
    for (int64_t d = 0; d < rank && d < ACPU_SP_MAX_RANK; ++d)
        s.dims[d] = dims[d];
    return s;
}

/* SHAPE(2, 3) -> {rank 2, dims {2, 3}}; SCALAR is the 0-dim shape. */
#define SHAPE(...) \
    make_shape((const int64_t[]){__VA_ARGS__}, (int64_t)(sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t)))
#define SCALAR make_shape(NULL, 0)

static void assert_shape(const acpu_sp_shape *got, const acpu_sp_shape want, const char *what)
{
    ck_assert_msg(got->rank == want.rank, "%s: rank %lld, expected %lld", what, (long long)got->rank,
                  (long long)want.rank);
    for (int64_t d = 0; d < want.rank; ++d)
        ck_assert_msg(got->dims[d] == want.dims[d], "%s: dim %lld is %lld, expected %lld", what, (long long)d,
                      (long long)got->dims[d], (long long)want.dims[d]);
}

static void assert_list(const int64_t *got, const int64_t *want, int64_t n, const char *what)
{
    for (int64_t i = 0; i < n; ++i)
        ck_assert_msg(got[i] == want[i], "%s[%lld] is %lld, expected %lld", what, (long long)i, (long long)got[i],
                      (long long)want[i]);
}

/* An Ascend profile with `cores` AIV cores and `ub` bytes of UB. */
static acpu_platform platform_of(acpu_soc soc, uint32_t cores, uint64_t ub)
{
    acpu_platform p;
    acpu_platform_init(&p, soc, 0u, 0u);
    p.core_num = cores;
    p.ub_bytes = ub;
    return p;
}

static acpu_sp_tiling_args sp_args(aclDataType dt, acpu_sp_shape grad, acpu_sp_shape self, acpu_sp_shape out)
{
    return (acpu_sp_tiling_args){
        .inputs = {grad, self}, .num_inputs = 2, .output = out, .dtype = dt, .beta = 1.0f, .threshold = 20.0f};
}

/* ---- spec 3.8.5 pure functions ---------------------------------------------------------------- */

START_TEST(test_check_broadcast)
{
    acpu_sp_shape in2[2] = {SHAPE(4, 4), SHAPE(4, 4)};
    acpu_sp_shape out = SHAPE(2, 3);
    acpu_sp_shape in = SHAPE(2, 3);
    ck_assert(acpu_sp_check_broadcast(&in, 1, &out)); /* {2,3} vs out {2,3} */
    out = SHAPE(4, 4);
    ck_assert(acpu_sp_check_broadcast(in2, 2, &out)); /* {4,4},{4,4} out {4,4} */
    in = SHAPE(1, 4);
    ck_assert(acpu_sp_check_broadcast(&in, 1, &out)); /* in {1,4} out {4,4} */
    in = SHAPE(4, 4);
    out = SHAPE(1, 4);
    ck_assert(acpu_sp_check_broadcast(&in, 1, &out)); /* in {4,4} out {1,4} */
    in2[0] = SHAPE(2, 3);
    in2[1] = SHAPE(4, 3);
    out = SHAPE(4, 3);
    ck_assert(!acpu_sp_check_broadcast(in2, 2, &out)); /* {2,3},{4,3} out {4,3} */
    in = SHAPE(2, 3);
    ck_assert(!acpu_sp_check_broadcast(&in, 1, &out)); /* in {2,3} out {4,3} */

    /* Beyond the UT: rank-different (3.8.7), kernel case 5, 0-dim, and arguments the structs refuse. */
    in2[0] = SHAPE(2, 3, 4);
    in2[1] = SHAPE(4);
    out = SHAPE(2, 3, 4);
    ck_assert(acpu_sp_check_broadcast(in2, 2, &out));
    in2[0] = SHAPE(4, 1, 8);
    in2[1] = SHAPE(1, 3, 8);
    out = SHAPE(4, 3, 8);
    ck_assert(acpu_sp_check_broadcast(in2, 2, &out));
    in2[1] = SHAPE(1, 3, 7);
    ck_assert(!acpu_sp_check_broadcast(in2, 2, &out));
    in2[0] = SCALAR;
    in2[1] = SHAPE(5, 1);
    out = SHAPE(5, 6);
    ck_assert(acpu_sp_check_broadcast(in2, 2, &out));
    in2[0] = SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 1);
    ck_assert(!acpu_sp_check_broadcast(in2, 2, &out)); /* rank 9 */
    in2[0] = SHAPE(5, -6);
    ck_assert(!acpu_sp_check_broadcast(in2, 2, &out)); /* negative dim */
    in2[0] = SHAPE(5, 6);
    ck_assert(!acpu_sp_check_broadcast(in2, 3, &out)); /* more inputs than slots */
    ck_assert(!acpu_sp_check_broadcast(in2, 1, NULL));
}
END_TEST

/* PadAndSqueeze of `n` inputs and `out`; checks max_bro, each normalised input and the output. */
static void check_pad_squeeze(const acpu_sp_shape *in, int64_t n, acpu_sp_shape out, acpu_sp_shape want_max,
                              const acpu_sp_shape *want_in, acpu_sp_shape want_out)
{
    acpu_sp_shape max_bro, norm_in[2], norm_out;
    memset(&max_bro, 0x5a, sizeof max_bro);
    memset(norm_in, 0x5a, sizeof norm_in);
    memset(&norm_out, 0x5a, sizeof norm_out);
    acpu_sp_pad_and_squeeze(in, n, &out, &max_bro, norm_in, &norm_out);
    assert_shape(&max_bro, want_max, "max_bro");
    for (int64_t i = 0; i < n; ++i)
        assert_shape(&norm_in[i], want_in[i], "norm_in");
    assert_shape(&norm_out, want_out, "norm_out");
}

START_TEST(test_pad_and_squeeze)
{
    acpu_sp_shape in[2] = {SHAPE(2, 3), SHAPE(2, 3)};
    check_pad_squeeze(in, 2, SHAPE(2, 3), SHAPE(2, 3), in, SHAPE(2, 3));
    check_pad_squeeze(in, 1, SHAPE(3), SHAPE(2, 3), in, SHAPE(1, 3));
    in[0] = SHAPE(1);
    check_pad_squeeze(in, 1, SHAPE(1), SHAPE(1), in, SHAPE(1));
    in[0] = SHAPE(1, 4, 4, 8);
    acpu_sp_shape want[2] = {SHAPE(4, 4, 8), SHAPE(4, 4, 8)};
    check_pad_squeeze(in, 1, SHAPE(1, 4, 4, 8), SHAPE(4, 4, 8), want, SHAPE(4, 4, 8));

    /* Kernel case 5 (self broadcasts too) and a squeeze inside the shape. */
    in[0] = SHAPE(4, 1, 8);
    in[1] = SHAPE(1, 3, 8);
    check_pad_squeeze(in, 2, SHAPE(4, 3, 8), SHAPE(4, 3, 8), in, SHAPE(4, 3, 8));
    in[0] = SHAPE(1, 2, 1, 3);
    in[1] = SHAPE(3);
    want[0] = SHAPE(2, 3);
    want[1] = SHAPE(1, 3);
    check_pad_squeeze(in, 2, SHAPE(1, 2, 1, 3), SHAPE(2, 3), want, SHAPE(2, 3));
    /* An empty dim broadcasts as numpy does (0 with 1 gives 0); CANN's max would give 1 there
     * (only reachable for empty tensors, which aclnn never tiles). */
    in[0] = SHAPE(0, 3);
    in[1] = SHAPE(1, 3);
    check_pad_squeeze(in, 2, SHAPE(1, 3), SHAPE(0, 3), in, SHAPE(1, 3));
    /* All ones and 0-dim: everything {1}. */
    in[0] = SCALAR;
    in[1] = SHAPE(1, 1);
    want[0] = want[1] = SHAPE(1);
    check_pad_squeeze(in, 2, SHAPE(1), SHAPE(1), want, SHAPE(1));
}
END_TEST

static acpu_sp_split find_split(acpu_sp_shape max_bro, int64_t dtype, int64_t ub, int64_t phys, int64_t *per_buf)
{
    acpu_sp_split split;
    ck_assert(acpu_sp_find_split_axis(&max_bro, dtype, ub, phys, &split, per_buf));
    return split;
}

START_TEST(test_find_split_axis)
{
    int64_t per_buf = 0;
    acpu_sp_split s = find_split(SHAPE(2, 3), 4, 262144, 4, &per_buf);
    ck_assert_int_eq(s.axis, 0);
    ck_assert_int_eq(s.a_o, 1);
    ck_assert_int_eq(s.a_i, 2);
    ck_assert_int_eq(s.a_i_tail, 2);
    ck_assert_int_eq(per_buf, 65536); /* the UT comment's 65504 is wrong (spec 4.17) */
    s = find_split(SHAPE(1, 65536), 4, 262144, 4, &per_buf);
    ck_assert_int_eq(s.axis, 1);
    ck_assert_int_eq(s.a_o, 4);
    ck_assert_int_eq(s.a_i, 16384);
    ck_assert_int_eq(s.a_i_tail, 16384);
    acpu_sp_shape sh = SHAPE(2, 3);
    ck_assert(!acpu_sp_find_split_axis(&sh, 0, 262144, 4, &s, &per_buf)); /* dtype 0 */
    ck_assert(!acpu_sp_find_split_axis(&sh, 4, 262144, 0, &s, &per_buf)); /* phys 0 */
    ck_assert(!acpu_sp_find_split_axis(&sh, 4, 64, 4, &s, &per_buf));     /* ub 64 */

    /* Derived: split on an inner axis with a tail; per_buf_bytes rounded down to 32. */
    s = find_split(SHAPE(3, 100, 7), 4, 4000, 4, &per_buf); /* 1000 -> 992 bytes, 248 elems */
    ck_assert_int_eq(per_buf, 992);
    ck_assert(s.axis == 1 && s.a_i == 35 && s.a_o == 3 && s.a_i_tail == 30);
    /* An exact fit (3 * 5120 = 15360 elements) is not an overflow: the split moves outward. */
    s = find_split(SHAPE(2, 3, 5120), 4, 245760, 4, &per_buf);
    ck_assert(s.axis == 0 && s.a_i == 1 && s.a_o == 2 && s.a_i_tail == 1);
    s = find_split(SHAPE(3, 5120), 4, 245760, 4, &per_buf);
    ck_assert(s.axis == 0 && s.a_i == 3 && s.a_o == 1 && s.a_i_tail == 3);
}
END_TEST

static acpu_sp_multicore multicore(acpu_sp_split split, acpu_sp_shape max_bro, int64_t cores)
{
    acpu_sp_multicore mc;
    ck_assert(acpu_sp_multicore_split(&split, &max_bro, cores, &mc));
    return mc;
}

static void assert_mc(acpu_sp_multicore mc, int64_t cores, int64_t total, int64_t main_tiles, int64_t tail)
{
    ck_assert_msg(mc.num_cores == cores && mc.total_tiles == total && mc.tiles_main == main_tiles &&
                      mc.cores_tail == tail,
                  "multicore (%lld,%lld,%lld,%lld), expected (%lld,%lld,%lld,%lld)", (long long)mc.num_cores,
                  (long long)mc.total_tiles, (long long)mc.tiles_main, (long long)mc.cores_tail, (long long)cores,
                  (long long)total, (long long)main_tiles, (long long)tail);
}

START_TEST(test_multicore_split)
{
    assert_mc(multicore((acpu_sp_split){0, 2, 1, 2}, SHAPE(2, 3), 64), 1, 1, 1, 0);
    assert_mc(multicore((acpu_sp_split){1, 16376, 5, 4}, SHAPE(1, 65536), 64), 5, 5, 1, 0);
    assert_mc(multicore((acpu_sp_split){0, 2, 5, 2}, SHAPE(100, 8), 3), 3, 5, 1, 2);
    assert_mc(multicore((acpu_sp_split){0, 3, 2, 2}, SHAPE(5), 3), 2, 2, 1, 0);
    acpu_sp_split split = {0, 1, 0, 1};
    acpu_sp_shape sh = SHAPE(0);
    acpu_sp_multicore mc;
    ck_assert(!acpu_sp_multicore_split(&split, &sh, 64, &mc));
    /* Derived: outer dims before the axis multiply the tiles; no cores fails. */
    assert_mc(multicore((acpu_sp_split){2, 5, 3, 2}, SHAPE(4, 3, 12, 9), 64), 36, 36, 1, 0);
    assert_mc(multicore((acpu_sp_split){2, 5, 3, 2}, SHAPE(4, 3, 12, 9), 10), 10, 36, 3, 6);
    split = (acpu_sp_split){0, 2, 1, 2};
    sh = SHAPE(2, 3);
    ck_assert(!acpu_sp_multicore_split(&split, &sh, 0, &mc));
}
END_TEST

static void check_strides(acpu_sp_shape sh, acpu_sp_shape want)
{
    int64_t strides[ACPU_SP_MAX_RANK];
    memset(strides, 0x5a, sizeof strides);
    acpu_sp_precompute_strides(&sh, strides);
    assert_list(strides, want.dims, want.rank, "strides");
}

START_TEST(test_precompute_strides)
{
    check_strides(SHAPE(5), SHAPE(1));
    check_strides(SHAPE(3, 4), SHAPE(4, 1));
    check_strides(SHAPE(1, 8, 1), SHAPE(0, 1, 0));
    check_strides(SHAPE(2, 3, 4), SHAPE(12, 4, 1));
}
END_TEST

START_TEST(test_integration)
{
    acpu_sp_shape in = SHAPE(4, 8), out = SHAPE(4, 8), max_bro, norm_in, norm_out;
    acpu_sp_pad_and_squeeze(&in, 1, &out, &max_bro, &norm_in, &norm_out);
    ck_assert(acpu_sp_check_broadcast(&norm_in, 1, &norm_out));
    assert_shape(&max_bro, SHAPE(4, 8), "max_bro");

    int64_t per_buf = 0;
    acpu_sp_shape big = SHAPE(32, 128);
    acpu_sp_split split = find_split(big, 4, 245760, 4, &per_buf);
    acpu_sp_multicore mc = multicore(split, big, 64);
    ck_assert(mc.num_cores >= 1 && mc.num_cores <= 64);
    int64_t covered = mc.tiles_main * mc.num_cores + mc.cores_tail;
    ck_assert_int_eq(covered, mc.total_tiles);
}
END_TEST

/* ---- spec 3.8.5 framework cases and Appendix C.3 ---------------------------------------------- */

typedef struct {
    const char *name;
    aclDataType dt;
    acpu_sp_shape grad, self, out;
    uint64_t ub;
    uint32_t cores;
    int64_t RANK, rank;
    acpu_sp_split split;
    acpu_sp_multicore mc;
    int64_t per_buf;
    int64_t max_bro[ACPU_SP_MAX_RANK];
    int64_t grad_shape[ACPU_SP_MAX_RANK], self_shape[ACPU_SP_MAX_RANK], out_shape[ACPU_SP_MAX_RANK];
    int64_t grad_strides[ACPU_SP_MAX_RANK], self_strides[ACPU_SP_MAX_RANK], out_strides[ACPU_SP_MAX_RANK];
} c3_row;

/* clang-format off */ /* one-line braced macros: clang-format 14 would lay them out as blocks */
#define SH(...) {(int64_t)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)), {__VA_ARGS__}}
/* clang-format on */
#define SAME3(...) SH(__VA_ARGS__), SH(__VA_ARGS__), SH(__VA_ARGS__)
#define FW 245760u, 64u /* framework cases: Ascend950 tiling UT profile */
#define KN 253952u      /* kernel UT UB */

/* Input/output shapes in the tiling are the normalised shapes left-padded to RANK (C.3 notes). */
/* clang-format off */ /* a table: one row per line */
static const c3_row k_c3[] = {
    {"fp32 {4,8}", ACL_FLOAT, SAME3(4, 8), FW, 4, 2, {2, 4, 1, 4}, {1, 1, 1, 0}, 61440, {1, 1, 4, 8},
     {1, 1, 4, 8}, {1, 1, 4, 8}, {1, 1, 4, 8}, {0, 0, 8, 1}, {0, 0, 8, 1}, {0, 0, 8, 1}},
    {"fp16 {1,4,4,8}", ACL_FLOAT16, SAME3(1, 4, 4, 8), FW, 4, 3, {1, 4, 1, 4}, {1, 1, 1, 0}, 61440, {1, 4, 4, 8},
     {1, 4, 4, 8}, {1, 4, 4, 8}, {1, 4, 4, 8}, {0, 32, 8, 1}, {0, 32, 8, 1}, {0, 32, 8, 1}},
    {"bf16 {1,1,2,3,4}", ACL_BF16, SAME3(1, 1, 2, 3, 4), FW, 4, 3, {1, 2, 1, 2}, {1, 1, 1, 0}, 61440, {1, 2, 3, 4},
     {1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}, {0, 12, 4, 1}, {0, 12, 4, 1}, {0, 12, 4, 1}},
    {"fp32 {256}", ACL_FLOAT, SAME3(256), FW, 4, 1, {3, 256, 1, 256}, {1, 1, 1, 0}, 61440, {1, 1, 1, 256},
     {1, 1, 1, 256}, {1, 1, 1, 256}, {1, 1, 1, 256}, {0, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, 0, 1}},
    {"fp32 {1,65536}", ACL_FLOAT, SAME3(1, 65536), FW, 4, 1, {3, 15360, 5, 4096}, {5, 5, 1, 0}, 61440,
     {1, 1, 1, 65536}, {1, 1, 1, 65536}, {1, 1, 1, 65536}, {1, 1, 1, 65536}, {0, 0, 0, 1}, {0, 0, 0, 1},
     {0, 0, 0, 1}},
    {"kernel case1 {4,64}", ACL_FLOAT, SAME3(4, 64), KN, 1u, 4, 2, {2, 4, 1, 4}, {1, 1, 1, 0}, 63488,
     {1, 1, 4, 64}, {1, 1, 4, 64}, {1, 1, 4, 64}, {1, 1, 4, 64}, {0, 0, 64, 1}, {0, 0, 64, 1}, {0, 0, 64, 1}},
    {"kernel case5 g{4,1,8} f{1,3,8} o{4,3,8}", ACL_FLOAT, SH(4, 1, 8), SH(1, 3, 8), SH(4, 3, 8), KN, 1u, 4, 3,
     {1, 4, 1, 4}, {1, 1, 1, 0}, 63488, {1, 4, 3, 8}, {1, 4, 1, 8}, {1, 1, 3, 8}, {1, 4, 3, 8}, {0, 8, 0, 1},
     {0, 0, 8, 1}, {0, 24, 8, 1}},
    {"kernel case6 {2,3,2,3,4}", ACL_FLOAT, SAME3(2, 3, 2, 3, 4), KN, 1u, 8, 5, {3, 2, 1, 2}, {1, 1, 1, 0}, 63488,
     {1, 1, 1, 2, 3, 2, 3, 4}, {1, 1, 1, 2, 3, 2, 3, 4}, {1, 1, 1, 2, 3, 2, 3, 4}, {1, 1, 1, 2, 3, 2, 3, 4},
     {0, 0, 0, 72, 24, 12, 4, 1}, {0, 0, 0, 72, 24, 12, 4, 1}, {0, 0, 0, 72, 24, 12, 4, 1}},
    {"kernel case9 {10,64}, coreNum 4", ACL_FLOAT, SAME3(10, 64), KN, 4u, 4, 2, {2, 10, 1, 10}, {1, 1, 1, 0},
     63488, {1, 1, 10, 64}, {1, 1, 10, 64}, {1, 1, 10, 64}, {1, 1, 10, 64}, {0, 0, 64, 1}, {0, 0, 64, 1},
     {0, 0, 64, 1}},
    {"kernel case10 fp32 {2,20000}, coreNum 3", ACL_FLOAT, SAME3(2, 20000), KN, 3u, 4, 2, {3, 15872, 2, 4128},
     {3, 4, 1, 1}, 63488, {1, 1, 2, 20000}, {1, 1, 2, 20000}, {1, 1, 2, 20000}, {1, 1, 2, 20000},
     {0, 0, 20000, 1}, {0, 0, 20000, 1}, {0, 0, 20000, 1}},
    {"kernel case11 fp16 {2,20000}, coreNum 3", ACL_FLOAT16, SAME3(2, 20000), KN, 3u, 4, 2, {3, 15872, 2, 4128},
     {3, 4, 1, 1}, 63488, {1, 1, 2, 20000}, {1, 1, 2, 20000}, {1, 1, 2, 20000}, {1, 1, 2, 20000},
     {0, 0, 20000, 1}, {0, 0, 20000, 1}, {0, 0, 20000, 1}},
};
/* clang-format on */

#define C3_FRAMEWORK_ROWS 5

START_TEST(test_appendix_c3)
{
    const c3_row *r = &k_c3[_i];
    acpu_platform p = platform_of(ACPU_SOC_ASCEND950, r->cores, r->ub);
    acpu_sp_tiling_args a = sp_args(r->dt, r->grad, r->self, r->out);
    a.beta = 2.0f;
    a.threshold = 5.0f;
    acpu_sp_arch35_plan plan;
    memset(&plan, 0xa5, sizeof plan);
    ck_assert_msg(acpu_sp_tiling_arch35(&p, &a, &plan) == 0, "%s: tiling failed", r->name);
    const acpu_sp_arch35_data *d = &plan.data;
    if (_i < C3_FRAMEWORK_ROWS) /* the UT's generic validity */
        ck_assert(d->rank > 0 && d->per_buf_bytes > 0 && d->multiCore.num_cores >= 1 && d->multiCore.num_cores <= 64);
    ck_assert_msg(plan.RANK == r->RANK && d->rank == r->rank, "%s: RANK %lld rank %lld", r->name, (long long)plan.RANK,
                  (long long)d->rank);
    ck_assert_uint_eq(plan.tiling_key, (uint32_t)r->RANK);
    ck_assert_msg(memcmp(&d->split, &r->split, sizeof r->split) == 0, "%s: split (%lld,%lld,%lld,%lld)", r->name,
                  (long long)d->split.axis, (long long)d->split.a_i, (long long)d->split.a_o,
                  (long long)d->split.a_i_tail);
    assert_mc(d->multiCore, r->mc.num_cores, r->mc.total_tiles, r->mc.tiles_main, r->mc.cores_tail);
    ck_assert_uint_eq(plan.block_dim, (uint32_t)r->mc.num_cores);
    ck_assert_uint_eq(plan.workspace, 0u);
    ck_assert_int_eq(d->per_buf_bytes, r->per_buf);
    assert_list(d->max_bro_shape, r->max_bro, r->RANK, "max_bro_shape");
    ck_assert(d->num_inputs == 2 && d->num_outputs == 1);
    assert_list(d->input_shapes[0], r->grad_shape, r->RANK, "grad shape");
    assert_list(d->input_shapes[1], r->self_shape, r->RANK, "self shape");
    assert_list(d->output_shapes[0], r->out_shape, r->RANK, "output shape");
    assert_list(d->input_strides[0], r->grad_strides, r->RANK, "grad strides");
    assert_list(d->input_strides[1], r->self_strides, r->RANK, "self strides");
    assert_list(d->output_strides[0], r->out_strides, r->RANK, "output strides");
    ck_assert(d->beta == 2.0f && d->threshold == 5.0f);
}
END_TEST

START_TEST(test_arch35_failures)
{
    acpu_platform p = platform_of(ACPU_SOC_ASCEND950, 64u, 245760u);
    acpu_sp_arch35_plan plan;
    static const aclDataType bad[] = {ACL_INT32, ACL_DOUBLE, ACL_INT8, ACL_BOOL, ACL_INT64};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) { /* framework case INT32 {2,3} and others */
        acpu_sp_tiling_args a = sp_args(bad[i], SHAPE(2, 3), SHAPE(2, 3), SHAPE(2, 3));
        ck_assert_int_eq(acpu_sp_tiling_arch35(&p, &a, &plan), -1);
    }
    acpu_sp_tiling_args a = sp_args(ACL_FLOAT, SHAPE(4, 2, 8), SHAPE(4, 3, 8), SHAPE(4, 3, 8));
    ck_assert_int_eq(acpu_sp_tiling_arch35(&p, &a, &plan), -1); /* does not broadcast */
    ck_assert_uint_eq(plan.tiling_key, 0u);                     /* key only after success */
    a = sp_args(ACL_FLOAT, SHAPE(4, 3, 8), SHAPE(4, 3, 8), SHAPE(4, 3, 8));
    acpu_platform tiny = platform_of(ACPU_SOC_ASCEND950, 64u, 64u);
    ck_assert_int_eq(acpu_sp_tiling_arch35(&tiny, &a, &plan), -1); /* UB too small */
    acpu_platform none = platform_of(ACPU_SOC_ASCEND950, 0u, 245760u);
    ck_assert_int_eq(acpu_sp_tiling_arch35(&none, &a, &plan), -1); /* no cores */
    a.inputs[0] = SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 4);
    ck_assert_int_eq(acpu_sp_tiling_arch35(&p, &a, &plan), -1); /* rank 9 */
    a = sp_args(ACL_FLOAT, SHAPE(1, 1), SHAPE(1, 1), SHAPE(INT64_C(1) << 32, INT64_C(1) << 32));
    ck_assert_int_eq(acpu_sp_tiling_arch35(&p, &a, &plan), -1); /* 2^64 elements */
    a.output = SHAPE(INT64_C(1) << 31, INT64_C(1) << 31);
    ck_assert_int_eq(acpu_sp_tiling_arch35(&p, &a, &plan), 0); /* 2^62 elements still plan */
    ck_assert(plan.data.multiCore.total_tiles == (INT64_C(1) << 31) * 139811 && plan.block_dim == 64u);
    ck_assert_int_eq(acpu_sp_tiling_arch35(&p, NULL, &plan), -1);
    /* RANK 8 from rank 5 up, RANK 4 up to rank 4; 0-dim everything is {1}. */
    a = sp_args(ACL_BF16, SCALAR, SCALAR, SCALAR);
    ck_assert_int_eq(acpu_sp_tiling_arch35(&p, &a, &plan), 0);
    ck_assert(plan.RANK == 4 && plan.data.rank == 1 && plan.data.max_bro_shape[3] == 1 && plan.block_dim == 1u);
}
END_TEST

/* ---- ascend910b: spec 3.8.3 (current code) and step 3 ----------------------------------------- */

static acpu_sp_910b_plan plan_910b(const acpu_platform *p, aclDataType dt, acpu_sp_shape shape)
{
    acpu_sp_tiling_args a = sp_args(dt, shape, shape, shape);
    acpu_sp_910b_plan plan;
    memset(&plan, 0xa5, sizeof plan);
    ck_assert_int_eq(acpu_sp_tiling_910b(p, &a, &plan), 0);
    return plan;
}

/* All 13 integer fields in CANN order, then blockDim. */
static void assert_910b(const acpu_sp_910b_plan *plan, const uint64_t want[13], uint32_t block_dim)
{
    const acpu_sp_910b_data *d = &plan->data;
    const uint64_t got[13] = {d->smallCoreDataNum,
                              d->bigCoreDataNum,
                              d->finalBigTileNum,
                              d->finalSmallTileNum,
                              d->tileDataNum,
                              d->smallTailDataNum,
                              d->bigTailDataNum,
                              d->tailBlockNum,
                              d->bigprocessDataNum_computes,
                              d->smallprocessDataNum_computes,
                              d->tailbigprocessDataNum_computes,
                              d->tailsmallprocessDataNum_computes,
                              d->typeLength};
    for (int i = 0; i < 13; ++i)
        ck_assert_msg(got[i] == want[i], "field %d is %llu, expected %llu", i, (unsigned long long)got[i],
                      (unsigned long long)want[i]);
    ck_assert_uint_eq(plan->block_dim, block_dim);
    ck_assert_uint_eq(plan->tiling_key, 0u);
    ck_assert_uint_eq(plan->workspace, 512u);
}

START_TEST(test_910b_ut_3_8_3)
{
    /* ascend9101_test_tiling_fp16_001 under the current code: {40 cores, UB 196608}, {2,8} fp16. */
    acpu_platform p = platform_of(ACPU_SOC_ASCEND910B, 40u, 196608u);
    acpu_sp_910b_plan plan = plan_910b(&p, ACL_FLOAT16, SHAPE(2, 8));
    static const uint64_t want[13] = {256, 512, 1, 1, 4096, 256, 512, 0, 4096, 4096, 512, 256, 2};
    assert_910b(&plan, want, 1u);
    ck_assert(plan.data.beta == 1.0f && plan.data.threshold == 20.0f);
}
END_TEST

START_TEST(test_910b_tile_data_num)
{
    /* Step 3 at UB 196608: 16-bit tileBlockNum 16 -> 4096; fp32 tileBlockNum 29 -> 3712. */
    acpu_platform p = platform_of(ACPU_SOC_ASCEND910B, 48u, 196608u);
    ck_assert_uint_eq(plan_910b(&p, ACL_FLOAT16, SHAPE(100000)).data.tileDataNum, 4096u);
    ck_assert_uint_eq(plan_910b(&p, ACL_BF16, SHAPE(100000)).data.tileDataNum, 4096u);
    ck_assert_uint_eq(plan_910b(&p, ACL_FLOAT, SHAPE(100000)).data.tileDataNum, 3712u);

    /* Derived: fp32 n=100000 on 48 cores: 782 blocks, ecb 16, 14 big cores of 17 blocks. */
    static const uint64_t f32[13] = {2048, 2176, 1, 1, 3712, 2048, 2176, 14, 3712, 3712, 2176, 2048, 4};
    acpu_sp_910b_plan plan = plan_910b(&p, ACL_FLOAT, SHAPE(100, 1000));
    assert_910b(&plan, f32, 48u);
    /* Derived: fp16 n=1e6: 3907 blocks, ecb 81 (5 tiles + 1 block), 19 big cores of 82 blocks. */
    plan = plan_910b(&p, ACL_FLOAT16, SHAPE(1000, 1000));
    static const uint64_t f16[13] = {20736, 20992, 6, 6, 4096, 256, 512, 19, 4096, 4096, 512, 256, 2};
    assert_910b(&plan, f16, 48u);
    /* Derived: one tile holds n (tileDataNum >= n) -> one core even with several blocks. */
    plan = plan_910b(&p, ACL_FLOAT, SHAPE(3712));
    static const uint64_t one[13] = {3712, 3840, 2, 1, 3712, 3712, 128, 0, 3712, 3712, 128, 3712, 4};
    assert_910b(&plan, one, 1u);
}
END_TEST

START_TEST(test_910b_failures)
{
    acpu_platform p = platform_of(ACPU_SOC_ASCEND910B, 48u, 196608u);
    acpu_sp_910b_plan plan;
    acpu_sp_tiling_args a = sp_args(ACL_FLOAT16, SHAPE(2, 0), SHAPE(2, 0), SHAPE(2, 0));
    ck_assert_int_eq(acpu_sp_tiling_910b(&p, &a, &plan), -1); /* n == 0 */
    static const aclDataType bad[] = {ACL_INT32, ACL_DOUBLE, ACL_INT8, ACL_BOOL};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) { /* UB_DATA_NUMBER 0 */
        a = sp_args(bad[i], SHAPE(2, 3), SHAPE(2, 3), SHAPE(2, 3));
        ck_assert_int_eq(acpu_sp_tiling_910b(&p, &a, &plan), -1);
    }
    a = sp_args(ACL_FLOAT, SHAPE(2, 3), SHAPE(2, 3), SHAPE(2, 3));
    acpu_platform none = platform_of(ACPU_SOC_ASCEND910B, 0u, 196608u);
    ck_assert_int_eq(acpu_sp_tiling_910b(&none, &a, &plan), -1); /* no cores */
    acpu_platform small = platform_of(ACPU_SOC_ASCEND910B, 48u, 13u * 512u - 1u);
    ck_assert_int_eq(acpu_sp_tiling_910b(&small, &a, &plan), -1); /* no tile block */
    small.ub_bytes = 13u * 512u;
    ck_assert_int_eq(acpu_sp_tiling_910b(&small, &a, &plan), 0);
    ck_assert_uint_eq(plan.data.tileDataNum, 128u);
    a.dtype = ACL_FLOAT16;
    ck_assert_int_eq(acpu_sp_tiling_910b(&small, &a, &plan), -1); /* fp16 needs 24 blocks */
    /* 0-dim: one element. */
    a = sp_args(ACL_BF16, SCALAR, SCALAR, SCALAR);
    ck_assert_int_eq(acpu_sp_tiling_910b(&p, &a, &plan), 0);
    ck_assert(plan.block_dim == 1u && plan.data.smallCoreDataNum == 256u);
}
END_TEST

/* ---- invariants over pseudo-random calls ------------------------------------------------------ */

static uint64_t lcg_state;

static uint32_t lcg_next(void)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg_state >> 33);
}

static uint32_t lcg_below(uint32_t n) { return lcg_next() % n; }

/* First failure of an invariant check, for one ck_abort_msg per case (no asserts in the loops). */
static char g_err[512];

static bool record_failure(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_err, sizeof g_err, fmt, ap);
    va_end(ap);
    return false;
}

#define EXPECT(cond, ...)                       \
    do {                                        \
        if (!(cond))                            \
            return record_failure(__VA_ARGS__); \
    } while (0)

static const char *shape_str(const acpu_sp_shape *s, char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "{");
    for (int64_t d = 0; d < s->rank && len < cap; ++d)
        len += (size_t)snprintf(buf + len, cap - len, "%s%lld", d ? "," : "", (long long)s->dims[d]);
    if (len < cap)
        snprintf(buf + len, cap - len, "}");
    return buf;
}

/* A dim size: mostly small, some 1s, some large enough to split the UB. */
static int64_t random_dim(bool small_total)
{
    uint32_t k = lcg_below(20u);
    if (k < 4u)
        return 1;
    if (k < 15u || small_total)
        return 2 + lcg_below(5u);
    if (k < 19u)
        return 5 + lcg_below(300u);
    return 1000 + lcg_below(69000u);
}

/* An output shape of rank 0..8 with at most `cap` elements. */
static acpu_sp_shape random_out_shape(int64_t cap)
{
    acpu_sp_shape s = {.rank = lcg_below(9u)};
    int64_t n = 1;
    for (int64_t d = 0; d < s.rank; ++d) {
        int64_t v = random_dim(n > cap / 70000);
        while (v > 1 && n * v > cap)
            v /= 2;
        s.dims[d] = v < 1 ? 1 : v;
        n *= s.dims[d];
    }
    return s;
}

/* An input broadcastable to `out`: some dims 1, maybe fewer leading dims. */
static acpu_sp_shape random_input(const acpu_sp_shape *out)
{
    acpu_sp_shape s = *out;
    if (lcg_below(4u) == 0u && s.rank > 0) {
        int64_t drop = lcg_below((uint32_t)s.rank + 1u);
        s.rank -= drop;
        memmove(s.dims, out->dims + drop, (size_t)s.rank * sizeof s.dims[0]);
    }
    for (int64_t d = 0; d < s.rank; ++d)
        if (lcg_below(3u) == 0u)
            s.dims[d] = 1;
    return s;
}

/* gradOutput, self and output; sometimes the output keeps a 1 where an input has the size, and
 * sometimes an input gets a size that disagrees with the output. */
static acpu_sp_tiling_args random_arch35_args(int64_t cap)
{
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    acpu_sp_shape out = random_out_shape(cap);
    acpu_sp_tiling_args a = sp_args(dts[lcg_below(3u)], random_input(&out), random_input(&out), out);
    if (lcg_below(8u) == 0u && out.rank > 0) {
        int64_t d = lcg_below((uint32_t)out.rank);
        a.output.dims[d] = 1;
    }
    if (lcg_below(5u) == 0u) {
        acpu_sp_shape *in = &a.inputs[lcg_below(2u)];
        if (in->rank > 0) {
            int64_t d = lcg_below((uint32_t)in->rank);
            int64_t od = d + (out.rank - in->rank);
            if (out.dims[od] > 1 && out.dims[od] < cap / 2)
                in->dims[d] = out.dims[od] + 1;
        }
    }
    a.beta = (float)lcg_below(5u) * 0.5f;
    a.threshold = (float)lcg_below(40u) - 10.0f;
    return a;
}

/* Independent numpy-style broadcast of the call's three shapes; false when a non-1 size disagrees. */
static bool ref_broadcast(const acpu_sp_tiling_args *a, acpu_sp_shape *bro)
{
    const acpu_sp_shape *all[3] = {&a->inputs[0], &a->inputs[1], &a->output};
    bro->rank = 0;
    for (int i = 0; i < 3; ++i)
        bro->rank = all[i]->rank > bro->rank ? all[i]->rank : bro->rank;
    for (int64_t back = 1; back <= bro->rank; ++back) {
        int64_t size = 1;
        for (int i = 0; i < 3; ++i) {
            int64_t v = back <= all[i]->rank ? all[i]->dims[all[i]->rank - back] : 1;
            if (v != 1 && size != 1 && v != size)
                return false;
            size = v != 1 ? v : size;
        }
        bro->dims[bro->rank - back] = size;
    }
    return true;
}

/* `s` padded to the broadcast rank, the broadcast's size-1 dims removed, left-padded to RANK;
 * strides row-major over the kept dims with 0 for size 1. */
static void ref_normalised(const acpu_sp_shape *s, const acpu_sp_shape *bro, int64_t RANK, int64_t *shape,
                           int64_t *strides)
{
    int64_t kept[ACPU_SP_MAX_RANK], n = 0;
    for (int64_t d = 0; d < bro->rank; ++d) {
        int64_t off = bro->rank - s->rank;
        if (bro->dims[d] != 1)
            kept[n++] = d < off ? 1 : s->dims[d - off];
    }
    for (int64_t d = 0; d < RANK; ++d) {
        shape[d] = 1;
        strides[d] = 0;
    }
    int64_t acc = 1;
    for (int64_t i = n - 1; i >= 0; --i) {
        shape[RANK - n + i] = kept[i];
        strides[RANK - n + i] = kept[i] == 1 ? 0 : acc;
        acc *= kept[i];
    }
}

/* max_bro, shapes and strides against the reference broadcast. */
static bool check_arch35_layout(const acpu_sp_arch35_plan *plan, const acpu_sp_tiling_args *a, const acpu_sp_shape *bro)
{
    const acpu_sp_arch35_data *d = &plan->data;
    int64_t squeezed[ACPU_SP_MAX_RANK], rank = 0;
    for (int64_t i = 0; i < bro->rank; ++i)
        if (bro->dims[i] != 1)
            squeezed[rank++] = bro->dims[i];
    if (rank == 0)
        squeezed[rank++] = 1;
    EXPECT(d->rank == rank, "rank %lld, expected %lld", (long long)d->rank, (long long)rank);
    int64_t R = rank <= 4 ? 4 : 8;
    EXPECT(plan->RANK == R && plan->tiling_key == (uint32_t)R, "RANK %lld key %u", (long long)plan->RANK,
           plan->tiling_key);
    for (int64_t i = 0; i < R; ++i)
        EXPECT(d->max_bro_shape[i] == (i < R - rank ? 1 : squeezed[i - (R - rank)]), "max_bro_shape[%lld] = %lld",
               (long long)i, (long long)d->max_bro_shape[i]);
    const acpu_sp_shape *all[3] = {&a->inputs[0], &a->inputs[1], &a->output};
    const int64_t *shapes[3] = {d->input_shapes[0], d->input_shapes[1], d->output_shapes[0]};
    const int64_t *strides[3] = {d->input_strides[0], d->input_strides[1], d->output_strides[0]};
    for (int t = 0; t < 3; ++t) {
        int64_t want_shape[ACPU_SP_MAX_RANK], want_strides[ACPU_SP_MAX_RANK];
        ref_normalised(all[t], bro, R, want_shape, want_strides);
        for (int64_t i = 0; i < R; ++i)
            EXPECT(shapes[t][i] == want_shape[i] && strides[t][i] == want_strides[i],
                   "tensor %d dim %lld: shape %lld stride %lld, expected %lld %lld", t, (long long)i,
                   (long long)shapes[t][i], (long long)strides[t][i], (long long)want_shape[i],
                   (long long)want_strides[i]);
    }
    EXPECT(d->num_inputs == 2 && d->num_outputs == 1, "num_inputs/outputs");
    EXPECT(d->beta == a->beta && d->threshold == a->threshold, "beta/threshold not copied");
    return true;
}

/* Kernel walk of spec 3.7: cores take consecutive flat tiles; tile f covers flat indices
 * [(outer*size_axis + seg*a_i)*inner, + a_i_seg*inner) of max_bro_shape, outer = f / a_o,
 * seg = f % a_o. Consecutive tiles must abut and end at the element count. */
static bool check_arch35_cover(const acpu_sp_arch35_plan *plan, const acpu_platform *p)
{
    const acpu_sp_arch35_data *d = &plan->data;
    const acpu_sp_split *s = &d->split;
    const acpu_sp_multicore *mc = &d->multiCore;
    int64_t R = plan->RANK, elems = d->per_buf_bytes / 4, inner = 1, total = 1;
    EXPECT(d->per_buf_bytes == (int64_t)(p->ub_bytes / 4u / 32u * 32u), "per_buf_bytes %lld",
           (long long)d->per_buf_bytes);
    EXPECT(s->axis >= R - d->rank && s->axis < R && s->a_i >= 1 && s->a_o >= 1, "split axis %lld a_i %lld a_o %lld",
           (long long)s->axis, (long long)s->a_i, (long long)s->a_o);
    for (int64_t i = 0; i < R; ++i)
        total *= d->max_bro_shape[i];
    for (int64_t i = s->axis + 1; i < R; ++i)
        inner *= d->max_bro_shape[i];
    int64_t size_axis = d->max_bro_shape[s->axis];
    EXPECT(s->a_o == (size_axis + s->a_i - 1) / s->a_i && s->a_i_tail == size_axis - (s->a_o - 1) * s->a_i,
           "a_o %lld / a_i_tail %lld inconsistent", (long long)s->a_o, (long long)s->a_i_tail);
    /* Reference split: the innermost axis whose suffix product exceeds the buffer, cut to as many
     * rows as fit; none -> the outermost kept axis whole. */
    int64_t ref_axis = R - d->rank, suffix = 1, ref_a_i = d->max_bro_shape[R - d->rank];
    for (int64_t k = R - 1; k >= R - d->rank; --k) {
        if (suffix * d->max_bro_shape[k] > elems) {
            ref_axis = k;
            ref_a_i = elems / suffix;
            break;
        }
        suffix *= d->max_bro_shape[k];
    }
    EXPECT(s->axis == ref_axis && s->a_i == ref_a_i, "split axis %lld a_i %lld, expected %lld %lld", (long long)s->axis,
           (long long)s->a_i, (long long)ref_axis, (long long)ref_a_i);
    EXPECT(mc->num_cores >= 1 && mc->num_cores <= (int64_t)p->core_num &&
               mc->num_cores == (mc->total_tiles < (int64_t)p->core_num ? mc->total_tiles : (int64_t)p->core_num) &&
               plan->block_dim == (uint32_t)mc->num_cores,
           "num_cores %lld of %u cores, %lld tiles", (long long)mc->num_cores, p->core_num, (long long)mc->total_tiles);
    int64_t next_tile = 0, next_flat = 0;
    for (int64_t c = 0; c < mc->num_cores; ++c) {
        int64_t tail = mc->cores_tail, per = mc->tiles_main;
        int64_t start = c < tail ? c * (per + 1) : tail * (per + 1) + (c - tail) * per;
        int64_t end = start + mc->tiles_main + (c < mc->cores_tail ? 1 : 0);
        EXPECT(start == next_tile && end > start, "core %lld tiles [%lld, %lld)", (long long)c, (long long)start,
               (long long)end);
        for (int64_t f = start; f < end; ++f) {
            int64_t outer = f / s->a_o, seg = f % s->a_o;
            int64_t count = (seg == s->a_o - 1 ? s->a_i_tail : s->a_i) * inner;
            int64_t flat = (outer * size_axis + seg * s->a_i) * inner;
            EXPECT(flat == next_flat, "tile %lld starts at %lld, expected %lld", (long long)f, (long long)flat,
                   (long long)next_flat);
            EXPECT(count * 4 <= d->per_buf_bytes, "tile %lld holds %lld elements", (long long)f, (long long)count);
            next_flat = flat + count;
        }
        next_tile = end;
    }
    EXPECT(next_tile == mc->total_tiles && next_flat == total, "covered %lld of %lld tiles, %lld of %lld elements",
           (long long)next_tile, (long long)mc->total_tiles, (long long)next_flat, (long long)total);
    return true;
}

/* One random arch35 call: success exactly when the shapes broadcast, then layout and cover. */
static bool check_arch35_case(const acpu_platform *p, const acpu_sp_tiling_args *a, bool *ok)
{
    acpu_sp_shape bro;
    acpu_sp_arch35_plan plan;
    bool compatible = ref_broadcast(a, &bro);
    int rc = acpu_sp_tiling_arch35(p, a, &plan);
    *ok = rc == 0;
    EXPECT((rc == 0) == compatible, "tiling returned %d, broadcastable %d", rc, (int)compatible);
    if (!compatible)
        return true;
    return check_arch35_layout(&plan, a, &bro) && check_arch35_cover(&plan, p);
}

static acpu_platform random_arch35_profile(bool *small_ub)
{
    *small_ub = false;
    switch (lcg_below(5u)) {
    case 0: return platform_of(ACPU_SOC_ASCEND950, 64u, 245760u);
    case 1: return platform_of(ACPU_SOC_ASCEND950, 1u + lcg_below(3u), 253952u);
    case 2: return platform_of(ACPU_SOC_ASCEND910B, 48u, 196608u);
    case 3: *small_ub = true; return platform_of(ACPU_SOC_HOST, 1u + lcg_below(100u), 128u + lcg_below(8192u));
    default: return platform_of(ACPU_SOC_HOST, 1u + lcg_below(256u), 1024u + lcg_below(1u << 20));
    }
}

START_TEST(test_arch35_invariants)
{
    char s0[128], s1[128], s2[128];
    int ok_count = 0, fail_count = 0;
    lcg_state = 0x50f7a000u + (uint64_t)_i;
    for (int iter = 0; iter < 2500; ++iter) {
        bool small_ub = false, ok = false;
        acpu_platform p = random_arch35_profile(&small_ub);
        acpu_sp_tiling_args a = random_arch35_args(small_ub ? (1 << 14) : (1 << 22));
        if (!check_arch35_case(&p, &a, &ok))
            ck_abort_msg("iter %d: grad %s self %s out %s, %u cores, UB %llu: %s", iter,
                         shape_str(&a.inputs[0], s0, sizeof s0), shape_str(&a.inputs[1], s1, sizeof s1),
                         shape_str(&a.output, s2, sizeof s2), p.core_num, (unsigned long long)p.ub_bytes, g_err);
        ok_count += ok;
        fail_count += !ok;
    }
    /* Both outcomes exercised. */
    ck_assert_msg(ok_count > 1500 && fail_count > 100, "%d successes, %d failures", ok_count, fail_count);
}
END_TEST

/* Spec 3.6 kernel ranges, clamped to n: big cores first, each a whole number of 512-byte blocks
 * starting below n; tiles of tileDataNum with the stated tail; the ranges cover [0, n) once. */
static bool check_910b_cover(const acpu_sp_910b_data *d, uint64_t n, uint64_t cores)
{
    uint64_t tl = d->typeLength, next = 0u;
    EXPECT(d->bigCoreDataNum == d->smallCoreDataNum + 512u / tl, "big %llu small %llu",
           (unsigned long long)d->bigCoreDataNum, (unsigned long long)d->smallCoreDataNum);
    for (uint64_t i = 0u; i < cores; ++i) {
        bool big = i < d->tailBlockNum;
        uint64_t len = big ? d->bigCoreDataNum : d->smallCoreDataNum;
        uint64_t start = big ? i * d->bigCoreDataNum
                             : d->tailBlockNum * d->bigCoreDataNum + (i - d->tailBlockNum) * d->smallCoreDataNum;
        uint64_t tiles = big ? d->finalBigTileNum : d->finalSmallTileNum;
        uint64_t tail = big ? d->bigTailDataNum : d->smallTailDataNum;
        EXPECT(start == next && start < n && len > 0u && len * tl % 512u == 0u, "core %llu [%llu, +%llu)",
               (unsigned long long)i, (unsigned long long)start, (unsigned long long)len);
        EXPECT(tiles >= 1u && tail >= 1u && tail <= d->tileDataNum && (tiles - 1u) * d->tileDataNum + tail == len,
               "core %llu: %llu tiles, tail %llu, len %llu", (unsigned long long)i, (unsigned long long)tiles,
               (unsigned long long)tail, (unsigned long long)len);
        next = start + len;
    }
    EXPECT(next >= n && (next - n) * tl < 512u, "cores cover %llu of %llu", (unsigned long long)next,
           (unsigned long long)n);
    return true;
}

/* processDataNum_computes: the count rounded up to 256 bytes. */
static bool compute_ok(uint64_t got, uint64_t count, uint64_t tl)
{
    return got >= count && got * tl % 256u == 0u && (got - count) * tl < 256u;
}

static bool check_910b_case(const acpu_platform *p, aclDataType dt, uint64_t n)
{
    acpu_sp_shape sh = {.rank = 2, .dims = {(int64_t)(n / 8u), 8}};
    if (n % 8u != 0u)
        sh = (acpu_sp_shape){.rank = 1, .dims = {(int64_t)n}};
    acpu_sp_tiling_args a = sp_args(dt, sh, sh, sh);
    acpu_sp_910b_plan plan;
    EXPECT(acpu_sp_tiling_910b(p, &a, &plan) == 0, "tiling failed");
    const acpu_sp_910b_data *d = &plan.data;
    uint64_t tl = dt == ACL_FLOAT ? 4u : 2u, udn = dt == ACL_FLOAT ? 13u : 24u;
    uint64_t tile_blocks = p->ub_bytes / 512u / udn, blocks = (n * tl + 511u) / 512u;
    uint64_t cores = d->tileDataNum >= n ? 1u : (blocks < p->core_num ? blocks : p->core_num);
    EXPECT(d->typeLength == tl && d->tileDataNum == tile_blocks * 512u / tl, "typeLength %llu tileDataNum %llu",
           (unsigned long long)d->typeLength, (unsigned long long)d->tileDataNum);
    EXPECT(d->tileDataNum * tl * udn <= p->ub_bytes, "tile over UB");
    EXPECT(plan.block_dim == cores && plan.tiling_key == 0u && plan.workspace == 512u && d->tailBlockNum < cores,
           "blockDim %u (expected %llu), tailBlockNum %llu", plan.block_dim, (unsigned long long)cores,
           (unsigned long long)d->tailBlockNum);
    EXPECT(compute_ok(d->bigprocessDataNum_computes, d->tileDataNum, tl) &&
               compute_ok(d->smallprocessDataNum_computes, d->tileDataNum, tl) &&
               compute_ok(d->tailbigprocessDataNum_computes, d->bigTailDataNum, tl) &&
               compute_ok(d->tailsmallprocessDataNum_computes, d->smallTailDataNum, tl),
           "processDataNum_computes");
    EXPECT(d->beta == a.beta && d->threshold == a.threshold, "beta/threshold");
    return check_910b_cover(d, n, cores);
}

static uint64_t random_910b_n(void)
{
    switch (lcg_below(5u)) {
    case 0: return 1u + lcg_below(5000u);
    case 1: return 1u + lcg_below(1u << 20);
    case 2: return ((uint64_t)lcg_next() << 2) + 1u;                         /* up to 2^33 */
    case 3: return (uint64_t)(1u + lcg_below(4096u)) * 256u + lcg_below(3u); /* near 512-byte blocks */
    default: return (uint64_t)(1u + lcg_below(64u)) * 4096u - 1u + lcg_below(3u);
    }
}

static acpu_platform random_910b_profile(void)
{
    switch (lcg_below(4u)) {
    case 0: return platform_of(ACPU_SOC_ASCEND910B, 48u, 196608u);
    case 1: return platform_of(ACPU_SOC_ASCEND910B, 40u, 196608u);
    case 2: return platform_of(ACPU_SOC_ASCEND910_93, 1u + lcg_below(64u), 253952u);
    default: return platform_of(ACPU_SOC_ASCEND910B, 1u + lcg_below(100u), 12288u + lcg_below(1u << 20));
    }
}

START_TEST(test_910b_invariants)
{
    static const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    lcg_state = 0x910b0000u + (uint64_t)_i;
    for (int iter = 0; iter < 2500; ++iter) {
        acpu_platform p = random_910b_profile();
        aclDataType dt = dts[lcg_below(3u)];
        uint64_t n = random_910b_n();
        if (!check_910b_case(&p, dt, n))
            ck_abort_msg("iter %d: n %llu dtype %d, %u cores, UB %llu: %s", iter, (unsigned long long)n, (int)dt,
                         p.core_num, (unsigned long long)p.ub_bytes, g_err);
    }
}
END_TEST

/* ---- the aclnn-cpu-tiling tool ---------------------------------------------------------------- */

static const char k_json_arch35[] =
    "{\"op\": \"SoftplusV2Grad\", \"soc\": \"Ascend950\", \"strategy\": \"arch35\", \"tilingKey\": 4, "
    "\"blockDim\": 1, \"workspace\": 0, \"tilingData\": {\"split\": {\"axis\": 1, \"a_i\": 4, \"a_o\": 1, "
    "\"a_i_tail\": 4}, \"multiCore\": {\"num_cores\": 1, \"total_tiles\": 1, \"tiles_main\": 1, \"cores_tail\": 0}, "
    "\"rank\": 3, \"per_buf_bytes\": 61440, \"max_bro_shape\": [1, 4, 3, 8], \"input_shapes\": [[1, 4, 1, 8], "
    "[1, 4, 3, 8]], \"input_strides\": [[0, 8, 0, 1], [0, 24, 8, 1]], \"output_shapes\": [[1, 4, 3, 8]], "
    "\"output_strides\": [[0, 24, 8, 1]], \"beta\": 1, \"threshold\": 20}}\n";

static const char k_json_910b_data[] =
    "\"tilingData\": {\"smallCoreDataNum\": 256, \"bigCoreDataNum\": 512, \"finalBigTileNum\": 1, "
    "\"finalSmallTileNum\": 1, \"tileDataNum\": 4096, \"smallTailDataNum\": 256, \"bigTailDataNum\": 512, "
    "\"tailBlockNum\": 0, \"bigprocessDataNum_computes\": 4096, \"smallprocessDataNum_computes\": 4096, "
    "\"tailbigprocessDataNum_computes\": 512, \"tailsmallprocessDataNum_computes\": 256, \"typeLength\": 2, "
    "\"beta\": 1, \"threshold\": 20}}\n";

START_TEST(test_tool_output)
{
    const char *tool = acpu_test_tool_path();
    char out[4096], want[2048];
    int rc = acpu_test_run_tool(
        tool, "softplus_backward --soc Ascend950 --dtype float32 --shape 4,3,8 --grad-shape 4,1,8", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out, k_json_arch35);
    rc = acpu_test_run_tool(tool,
                            "softplus_backward --soc Ascend950 --dtype float32 --shape=4,3,8 --grad-shape 4,1,8 "
                            "--beta 1 --threshold 20 --strategy arch35",
                            out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_str_eq(out, k_json_arch35);

    /* 3.8.3 under the current code: ascend910b by default on Ascend910B with equal shapes. */
    rc = acpu_test_run_tool(tool, "softplus_backward --soc Ascend910B --dtype float16 --shape 2,8 --cores 40", out,
                            sizeof out);
    ck_assert_int_eq(rc, 0);
    snprintf(want, sizeof want,
             "{\"op\": \"SoftplusV2Grad\", \"soc\": \"Ascend910B\", \"strategy\": \"ascend910b\", "
             "\"tilingKey\": 0, \"blockDim\": 1, \"workspace\": 512, %s",
             k_json_910b_data);
    ck_assert_str_eq(out, want);
    /* The same plan when asked for on another profile with the same numbers. */
    rc = acpu_test_run_tool(tool,
                            "softplus_backward --soc Ascend950 --dtype fp16 --shape 2,8 --grad-shape 2,8 --cores 40 "
                            "--ub 196608 --strategy ascend910b",
                            out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_ptr_nonnull(strstr(out, "\"soc\": \"Ascend950\", \"strategy\": \"ascend910b\", \"tilingKey\": 0, "
                                      "\"blockDim\": 1, \"workspace\": 512, "));
    ck_assert_ptr_nonnull(strstr(out, k_json_910b_data));
}
END_TEST

/* `args` succeeds and its output contains `part`. */
static void expect_tool(const char *tool, const char *args, const char *part)
{
    char out[4096];
    int rc = acpu_test_run_tool(tool, args, out, sizeof out);
    ck_assert_msg(rc == 0, "'%s' exited %d", args, rc);
    ck_assert_msg(strstr(out, part) != NULL, "'%s' printed %s, expected to contain %s", args, out, part);
    ck_assert_msg(strchr(out, '\n') == out + strlen(out) - 1u, "'%s': not one line", args);
}

START_TEST(test_tool_strategies)
{
    const char *tool = acpu_test_tool_path();
    /* Default strategy: ascend910b only on Ascend910B / Ascend910_93 with equal shapes. */
    expect_tool(tool, "softplus_backward --soc Ascend910B --shape 4,3,8 --grad-shape 4,1,8",
                "\"strategy\": \"arch35\", \"tilingKey\": 4, \"blockDim\": 1, \"workspace\": 0,");
    expect_tool(tool, "softplus_backward --soc ascend910_93 --dtype float32 --shape 100,1000",
                "\"soc\": \"Ascend910_93\", \"strategy\": \"ascend910b\", \"tilingKey\": 0, \"blockDim\": 48, "
                "\"workspace\": 512, \"tilingData\": {\"smallCoreDataNum\": 2048, \"bigCoreDataNum\": 2176,");
    expect_tool(tool, "softplus_backward --soc Ascend910B --shape 2,8 --strategy arch35", "\"strategy\": \"arch35\"");
    expect_tool(tool, "softplus_backward --soc Ascend910 --shape 2,8", "\"strategy\": \"arch35\"");
    expect_tool(tool, "softplus_backward --soc Ascend950 --shape 2,8", "\"strategy\": \"arch35\"");
    expect_tool(tool, "softplus_backward --shape 2,8 --cores 2 --ub 262144",
                "\"soc\": \"host\", \"strategy\": "
                "\"arch35\"");
    /* C.3 kernel case 10 through the tool, rank-different gradOutput, attributes, 0-dim, RANK 8. */
    expect_tool(tool, "softplus_backward --soc Ascend950 --cores 3 --ub 253952 --shape 2,20000",
                "\"split\": {\"axis\": 3, \"a_i\": 15872, \"a_o\": 2, \"a_i_tail\": 4128}, \"multiCore\": "
                "{\"num_cores\": 3, \"total_tiles\": 4, \"tiles_main\": 1, \"cores_tail\": 1}, \"rank\": 2, "
                "\"per_buf_bytes\": 63488,");
    expect_tool(tool, "softplus_backward --soc Ascend950 --shape 2,3,4 --grad-shape 4 --beta 2.5 --threshold=-1",
                "\"input_shapes\": [[1, 1, 1, 4], [1, 2, 3, 4]], \"input_strides\": [[0, 0, 0, 1], [0, 12, 4, 1]], "
                "\"output_shapes\": [[1, 2, 3, 4]], \"output_strides\": [[0, 12, 4, 1]], \"beta\": 2.5, "
                "\"threshold\": -1}}");
    expect_tool(tool, "softplus_backward --soc Ascend950 --shape scalar --dtype bf16",
                "\"rank\": 1, \"per_buf_bytes\": 61440, \"max_bro_shape\": [1, 1, 1, 1],");
    expect_tool(tool, "softplus_backward --soc Ascend950 --shape 2,3,2,3,4",
                "\"tilingKey\": 8, \"blockDim\": 1, \"workspace\": 0, \"tilingData\": {\"split\": {\"axis\": 3,");
}
END_TEST

START_TEST(test_tool_failures)
{
    static const char *const cases[] = {
        "softplus_backward --soc Ascend910B --shape 4,0 --strategy ascend910b", /* n == 0 */
        "softplus_backward --soc Ascend910B --shape 8 --ub 12287 --dtype bf16", /* UB below one tile */
        "softplus_backward --soc Ascend950 --shape 8 --ub 64",                  /* per_buf_bytes 0 */
    };
    acpu_test_expect_tool_refuses(cases, sizeof cases / sizeof cases[0], 1);
}
END_TEST

/* clang-format off */ /* a table: one row per line */
static const char *const k_bad_args[] = {
    "softplus_backward --bogus 1",
    "softplus_backward --soc Ascend950 --shape 4,3,8 --grad-shape 4,2,8",  /* does not broadcast */
    "softplus_backward --soc Ascend910B --shape 4,3,8 --grad-shape 2,3,8",
    "softplus_backward --soc Ascend950 --shape 1,3,8 --grad-shape 4,1,8",  /* broadcasts, but not to --shape */
    "softplus_backward --soc Ascend950 --shape 2,3 --grad-shape 1,2,3",    /* result rank above --shape's */
    "softplus_backward --shape",                                     /* missing value */
    "softplus_backward --shape 1,2,3,4,5,6,7,8,9",                   /* rank 9 */
    "softplus_backward --shape 2,-3",
    "softplus_backward --grad-shape 2,,3",
    "softplus_backward --shape 4294967296,4294967296",               /* element count overflows */
    "softplus_backward --dtype float64",                             /* kernel dtypes only */
    "softplus_backward --dtype double",
    "softplus_backward --dtype int32",
    "softplus_backward --strategy foo",
    "softplus_backward --strategy",
    "softplus_backward --beta nan",
    "softplus_backward --threshold inf",
    "softplus_backward --beta 1x",
    "softplus_backward --soc Ascend310P",
    "softplus_backward --cores 0",
    "softplus_backward --ub 0",
    "softplus_backward --alpha 1",                                   /* an elu_backward option */
    "softplus_backward --is-result",
    "softplus_backward stray",
    "softplus_backward --soc Ascend910B --shape 4,3,8 --grad-shape 4,1,8 --strategy ascend910b",
    "softplus_backward --soc Ascend950 --shape 2,8 --grad-shape 8 --strategy=ascend910b",
    "softplus_backwards --shape 2",                                  /* unknown op */
};
/* clang-format on */

START_TEST(test_tool_bad_args)
{
    acpu_test_expect_tool_refuses(k_bad_args, sizeof k_bad_args / sizeof k_bad_args[0], 2);
}
END_TEST

START_TEST(test_tool_help)
{
    const char *tool = acpu_test_tool_path();
    char out[8192];
    ck_assert_int_eq(acpu_test_run_tool(tool, "--help", out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "softplus_backward"));
    ck_assert_int_eq(acpu_test_run_tool(tool, "softplus_backward --help", out, sizeof out), 0);
    ck_assert_ptr_nonnull(strstr(out, "--grad-shape"));
    ck_assert_ptr_nonnull(strstr(out, "--strategy"));
}
END_TEST

static Suite *softplus_tiling_suite(void)
{
    Suite *s = suite_create("softplus_tiling");
    TCase *arch35 = tcase_create("arch35");
    tcase_add_test(arch35, test_check_broadcast);
    tcase_add_test(arch35, test_pad_and_squeeze);
    tcase_add_test(arch35, test_find_split_axis);
    tcase_add_test(arch35, test_multicore_split);
    tcase_add_test(arch35, test_precompute_strides);
    tcase_add_test(arch35, test_integration);
    tcase_add_loop_test(arch35, test_appendix_c3, 0, (int)(sizeof k_c3 / sizeof k_c3[0]));
    tcase_add_test(arch35, test_arch35_failures);
    tcase_add_loop_test(arch35, test_arch35_invariants, 0, 2);
    suite_add_tcase(s, arch35);
    TCase *b910 = tcase_create("ascend910b");
    tcase_add_test(b910, test_910b_ut_3_8_3);
    tcase_add_test(b910, test_910b_tile_data_num);
    tcase_add_test(b910, test_910b_failures);
    tcase_add_loop_test(b910, test_910b_invariants, 0, 2);
    suite_add_tcase(s, b910);
    TCase *tool = tcase_create("tool");
    tcase_add_test(tool, test_tool_output);
    tcase_add_test(tool, test_tool_strategies);
    tcase_add_test(tool, test_tool_failures);
    tcase_add_test(tool, test_tool_bad_args);
    tcase_add_test(tool, test_tool_help);
    suite_add_tcase(s, tool);
    return s;
}

int main(void) { return acpu_test_main(softplus_tiling_suite()); }
