/* Kernel-level suite, as XNNPACK's microkernel testers: every kernel table this build and CPU have
 * (each ISA, AVX-512 with and without the avx512_bf16 conversion) x every row of the kernel list
 * (kernels/acpu_kernel_list.h) x every dtype the row has, called directly:
 *   - sizes 0 .. 4 vectors of the widest ISA plus every tail, and a few large ones;
 *   - every element equals the same element computed alone (n = 1): results never depend on where
 *     an element sits in a vector or tail;
 *   - misaligned pointers (1..3 elements off), in place on either input: the same results;
 *   - guard bytes before and after the output and the inputs are never touched, n = 0 writes nothing;
 *   - special inputs (+-0, +-inf, NaN, subnormals, huge and tiny values) are among the elements;
 *   - every table's results are bit-identical to the scalar table's (NaN payloads aside): the
 *     kernels share their math and exps (kernels/ops), so a wrong kernel in a slot or an ISA-specific
 *     rounding fails; the accuracy itself is each operator's math suite's business.
 * The suite finds kernels through the list: a new row is tested without a line here. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "kernels/acpu_kernels.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define GUARD 64
#define MAX_N 1100
#define GUARD_BYTE 0x5A

static const char *const k_kernel_names[ACPU_KERNEL_COUNT] = {
#define NAME_ROW(id, fn, f64) [ACPU_KERNEL_##id] = #fn,
    ACPU_KERNEL_LIST(NAME_ROW)
#undef NAME_ROW
};

static const aclDataType k_kdt_acl[ACPU_KDT_COUNT] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
static const char *const k_kdt_names[ACPU_KDT_COUNT] = {"f32", "f16", "bf16", "f64"};

/* A parameter block for each row that has one; rows without an entry get zeros (parameterless). */
static void params_for(acpu_kernel_id id, unsigned char block[64])
{
    memset(block, 0, 64);
    if (id == ACPU_KERNEL_ELU_EXP || id == ACPU_KERNEL_ELU_RESULT) {
        acpu_elu_params p = {.scale = 1.05f, .input_scale = 0.9f};
        p.neg_bias = 1.3f * p.scale;
        p.factor_neg = p.neg_bias * p.input_scale;
        memcpy(block, &p, sizeof p);
    } else if (id == ACPU_KERNEL_SOFTPLUS) {
        acpu_softplus_params p = {.beta = 1.1f, .threshold = 2.0f, .beta_d = 1.1, .threshold_d = 2.0};
        memcpy(block, &p, sizeof p);
    }
}

/* The tables to walk: each ISA, and AVX-512 also with the integer bf16 rounding. */
typedef struct {
    const acpu_kernel_table *t;
    char name[24];
} table_ref;

static int built_tables(table_ref *out)
{
    int n = 0;
    for (int isa = 0; isa < ACPU_ISA_COUNT; isa++)
        for (int bf = 0; bf < 2; bf++) {
            const acpu_kernel_table *t = acpu_kernel_table_get((acpu_isa)isa, bf == 1);
            bool dup = false;
            for (int k = 0; k < n; k++)
                dup |= out[k].t == t;
            if (t == NULL || dup)
                continue;
            out[n].t = t;
            snprintf(out[n].name, sizeof out[n].name, "%s%s", acpu_isa_name(t->isa), t->native_bf16 ? "+bf16" : "");
            n++;
        }
    return n;
}

/* Inputs: element i of operand `which`; specials every 7th element. */
static double input_value(int which, size_t i, aclDataType dt)
{
    static const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1e-40, -1e-42, 88.0, -89.5, 1e30,
                                      -1e30, 2.0, -1.278, 20.0, 0.5};
    if (i % 7 == 3) {
        double v = specials[(i / 7 + (size_t)which * 5) % N_ELEMS(specials)];
        return dt == ACL_FLOAT16 && fabs(v) > 6e4 && isfinite(v) ? copysign(6e4, v) : v;
    }
    uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ (uint64_t)(which + 1) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    double u = (double)(h >> 11) * 0x1p-53;
    return which == 0 ? (u * 4.0 - 2.0) : (u * 24.0 - 12.0);
}

typedef struct {
    unsigned char *a, *b, *out; /* GUARD bytes before, MAX_N + 3 elements + GUARD after */
    size_t es;
} buffers;

static unsigned char *guarded(size_t es)
{
    unsigned char *p = malloc(2 * GUARD + (MAX_N + 3) * es);
    ck_assert_ptr_nonnull(p);
    memset(p, GUARD_BYTE, 2 * GUARD + (MAX_N + 3) * es);
    return p;
}

static void fill_inputs(buffers *bf, aclDataType dt, size_t off)
{
    for (size_t i = 0; i < MAX_N; i++) {
        acpu_test_store(dt, bf->a + GUARD + off * bf->es, i, input_value(0, i, dt));
        acpu_test_store(dt, bf->b + GUARD + off * bf->es, i, input_value(1, i, dt));
    }
}

static void expect_guards(const unsigned char *p, size_t used, size_t total, const char *what)
{
    for (size_t k = 0; k < GUARD; k++)
        ACPU_TEST_EXPECT(p[k] == GUARD_BYTE, "%s: guard byte %zu before the data changed", what, k);
    for (size_t k = GUARD + used; k < total; k++)
        ACPU_TEST_EXPECT(p[k] == GUARD_BYTE, "%s: byte %zu past the data changed", what, k - GUARD - used);
}

/* Bit-equal, NaNs compared as NaNs (a NaN's payload may differ between a lone and a vector call only
 * if the ISA's instructions differ, which the contract does not promise either way). */
static bool same_value(aclDataType dt, const void *x, const void *y, size_t i)
{
    double a = acpu_test_load(dt, x, i), b = acpu_test_load(dt, y, i);
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return memcmp((const char *)x + i * acpu_test_dtype_size(dt), (const char *)y + i * acpu_test_dtype_size(dt),
                  acpu_test_dtype_size(dt)) == 0;
}

static const size_t k_sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 47, 48, 49, 63, 64,
                                 65, 79, 80, 95, 96, 127, 128, 129, 1000, 1024, 1100};

/* One table x row x dtype: every size, alone-vs-vector, misaligned, in place, guards. */
static void check_kernel(const table_ref *tr, acpu_kernel_id id, acpu_kdtype kdt)
{
    acpu_binary_kernel k = tr->t->k[id][kdt];
    aclDataType dt = k_kdt_acl[kdt];
    size_t es = acpu_test_dtype_size(dt);
    unsigned char params[64];
    params_for(id, params);
    buffers bf = {guarded(es), guarded(es), guarded(es), es};
    unsigned char *alone = malloc(MAX_N * es), *ref = malloc(MAX_N * es);
    ck_assert(alone && ref);
    fill_inputs(&bf, dt, 0);
    /* every element alone: the reference for position independence */
    for (size_t i = 0; i < MAX_N; i++)
        k(1, bf.a + GUARD + i * es, bf.b + GUARD + i * es, alone + i * es, params);
    size_t total = 2 * GUARD + (MAX_N + 3) * es;
    for (size_t s = 0; s < N_ELEMS(k_sizes); s++) {
        size_t n = k_sizes[s];
        for (size_t off = 0; off < 4; off++) {
            fill_inputs(&bf, dt, off);
            memset(bf.out, GUARD_BYTE, total);
            unsigned char *a = bf.a + GUARD + off * es, *b = bf.b + GUARD + off * es, *o = bf.out + GUARD + off * es;
            k(n, a, b, o, params);
            expect_guards(bf.out, (off + n) * es, total, "out");
            for (size_t i = 0; i < off * es; i++) /* the misalignment gap before the output */
                ACPU_TEST_EXPECT(bf.out[GUARD + i] == GUARD_BYTE, "%s %s %s: byte before a misaligned output",
                                 tr->name, k_kernel_names[id], k_kdt_names[kdt]);
            for (size_t i = 0; i < n; i++)
                ACPU_TEST_EXPECT(same_value(dt, o, alone, i), "%s %s %s n=%zu off=%zu: element %zu differs from alone",
                                 tr->name, k_kernel_names[id], k_kdt_names[kdt], n, off, i);
            /* in place on either input */
            for (int which = 0; which < 2 && n > 0; which++) {
                unsigned char *io = which == 0 ? a : b;
                k(n, a, b, io, params);
                for (size_t i = 0; i < n; i++)
                    ACPU_TEST_EXPECT(same_value(dt, io, alone, i), "%s %s %s n=%zu: in place on input %d, element %zu",
                                     tr->name, k_kernel_names[id], k_kdt_names[kdt], n, which, i);
                fill_inputs(&bf, dt, off);
            }
            expect_guards(bf.a, (MAX_N + 3) * es, total, "input a");
            expect_guards(bf.b, (MAX_N + 3) * es, total, "input b");
        }
    }
    /* against the scalar table: every kernel is written once over the vocabularies, with the
     * project's exps and IEEE arithmetic in a fixed order, so every ISA gives the same bits (NaN
     * payloads aside) */
    const acpu_kernel_table *sc = acpu_kernel_table_get(ACPU_ISA_SCALAR, false);
    fill_inputs(&bf, dt, 0);
    sc->k[id][kdt](MAX_N, bf.a + GUARD, bf.b + GUARD, ref, params);
    for (size_t i = 0; i < MAX_N; i++)
        ACPU_TEST_EXPECT(same_value(dt, alone, ref, i), "%s %s %s element %zu: %.17g, scalar table %.17g", tr->name,
                         k_kernel_names[id], k_kdt_names[kdt], i, acpu_test_load(dt, alone, i),
                         acpu_test_load(dt, ref, i));
    free(bf.a);
    free(bf.b);
    free(bf.out);
    free(alone);
    free(ref);
}

START_TEST(test_every_table_and_row)
{
    table_ref tables[2 * ACPU_ISA_COUNT];
    int nt = built_tables(tables);
    ck_assert_int_ge(nt, 1);
    int checked = 0;
    for (int t = 0; t < nt; t++)
        for (int id = 0; id < ACPU_KERNEL_COUNT; id++)
            for (int kdt = 0; kdt < ACPU_KDT_COUNT; kdt++) {
                if (tables[t].t->k[id][kdt] == NULL)
                    continue;
                check_kernel(&tables[t], (acpu_kernel_id)id, (acpu_kdtype)kdt);
                checked++;
            }
    /* every row has f32, f16 and bf16 in every table */
    ck_assert_int_ge(checked, nt * ACPU_KERNEL_COUNT * 3);
    fprintf(stderr, "test_kernels: %d kernels checked in %d tables\n", checked, nt);
}
END_TEST

/* The list's rows and the tables agree: the f32/f16/bf16 entries exist, and fp64 exactly where the
 * row says so. */
START_TEST(test_table_shape)
{
    static const int has_f64[ACPU_KERNEL_COUNT] = {
#define F64_ROW(id, fn, f64) [ACPU_KERNEL_##id] = f64,
        ACPU_KERNEL_LIST(F64_ROW)
#undef F64_ROW
    };
    table_ref tables[2 * ACPU_ISA_COUNT];
    int nt = built_tables(tables);
    for (int t = 0; t < nt; t++)
        for (int id = 0; id < ACPU_KERNEL_COUNT; id++) {
            for (int kdt = 0; kdt < ACPU_KDT_F64; kdt++)
                ck_assert_msg(tables[t].t->k[id][kdt] != NULL, "%s %s %s missing", tables[t].name, k_kernel_names[id],
                              k_kdt_names[kdt]);
            ck_assert_msg((tables[t].t->k[id][ACPU_KDT_F64] != NULL) == (has_f64[id] != 0), "%s %s f64 entry",
                          tables[t].name, k_kernel_names[id]);
        }
}
END_TEST

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("kernels");
    TCase *tc = tcase_create("tables");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_table_shape);
    tcase_add_test(tc, test_every_table_and_row);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(kernels_suite()); }
