/* Kernel-level suite, as XNNPACK's microkernel testers: every kernel table this build and CPU have
 * (each ISA, AVX-512 with and without the avx512_bf16 conversion) x every row of the kernel list
 * (kernels/acpu_kernel_list.h) x every dtype the row has, with the row's arity (1..3 inputs) and its
 * parameter block from the row's own initialiser, called directly:
 *   - sizes 0 .. 4 vectors of the widest ISA plus every tail, and a few large ones;
 *   - every element equals the same element computed alone (n = 1): results never depend on where
 *     an element sits in a vector or tail;
 *   - misaligned pointers (1..3 elements off), in place on any input: the same results;
 *   - guard bytes before and after the output and the inputs are never touched, n = 0 writes nothing;
 *   - special inputs (+-0, +-inf, NaN, subnormals, huge and tiny values) are among the elements;
 *   - every table's results are bit-identical to the scalar table's (NaN payloads aside): the
 *     kernels share their math and exps (kernels/ops), so a wrong kernel in a slot or an ISA-specific
 *     rounding fails; the accuracy itself is each operator's math suite's business.
 *   - every kernel with a lookup-table form (kernels/ops/lookup.h): its table, filled by the kernel's
 *     own code, read by the ISA's lookup kernel and by its lookup_loads alternative over every
 *     16-bit x (and special and random first operands, every tail), gives exactly the bits of the
 *     kernel itself, for two attribute sets.
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

#define K_NAME(id) (acpu_kernel_infos[id].name)

static const char *const k_kdt_names[ACPU_KDT_COUNT] = {"f32", "f16", "bf16", "f64", "i8", "u8", "i16", "i32", "i64"};

/* A parameter block from the row's initialiser, with attribute values that are valid for every
 * operator (non-unit, positive): 1.3, 1.05, 0.9, true. */
static void params_for(acpu_kernel_id id, unsigned char block[64])
{
    static const acpu_attr_value attrs[ACPU_MAX_ATTRS] = {{.f = 1.3f, .d = 1.3, .i = 1, .b = true},
                                                          {.f = 1.05f, .d = 1.05, .i = 1, .b = true},
                                                          {.f = 0.9f, .d = 0.9, .i = 0, .b = true},
                                                          {.f = 1.0f, .d = 1.0, .i = 1, .b = true}};
    memset(block, 0, 64);
    ck_assert_uint_le(acpu_kernel_infos[id].params_size, 64);
    if (acpu_kernel_infos[id].init != NULL)
        acpu_kernel_infos[id].init(attrs, block);
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
    static const double specials[] = {0.0,   -0.0, INFINITY, -INFINITY, NAN,    1e-40, -1e-42, 88.0,
                                      -89.5, 1e30, -1e30,    2.0,       -1.278, 20.0,  0.5};
    if (i % 7 == 3) {
        double v = specials[(i / 7 + (size_t)which * 5) % N_ELEMS(specials)];
        return dt == ACL_FLOAT16 && fabs(v) > 6e4 && isfinite(v) ? copysign(6e4, v) : v;
    }
    uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ (uint64_t)(which + 1) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    double u = (double)(h >> 11) * 0x1p-53;
    return which == 0 ? (u * 4.0 - 2.0) : (u * 24.0 - 12.0);
}

#define MAX_IN 3

typedef struct {
    unsigned char *in[MAX_IN], *out; /* GUARD bytes before, MAX_N + 3 elements + GUARD after */
    int arity;
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
    for (int j = 0; j < bf->arity; j++)
        for (size_t i = 0; i < MAX_N; i++)
            acpu_test_store(dt, bf->in[j] + GUARD + off * bf->es, i, input_value(j, i, dt));
}

/* The inputs' element pointers at offset `off` elements, element `at` on. */
static void in_ptrs(const buffers *bf, size_t off, size_t at, const void *p[MAX_IN])
{
    for (int j = 0; j < MAX_IN; j++)
        p[j] = j < bf->arity ? bf->in[j] + GUARD + (off + at) * bf->es : NULL;
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

static const size_t k_sizes[] = {0,  1,  2,  3,  4,  5,  7,  8,  9,  15, 16,  17,  23,  24,   31,   32,  33,
                                 47, 48, 49, 63, 64, 65, 79, 80, 95, 96, 127, 128, 129, 1000, 1024, 1100};

/* One table x row x dtype: every size, alone-vs-vector, misaligned, in place, guards. */
static void check_kernel(const table_ref *tr, acpu_kernel_id id, acpu_kdtype kdt)
{
    acpu_kernel_fn k = tr->t->k[id][kdt];
    aclDataType dt = acpu_kdtype_acl(kdt);
    size_t es = acpu_test_dtype_size(dt);
    unsigned char params[64];
    params_for(id, params);
    buffers bf = {.arity = acpu_kernel_infos[id].arity, .es = es, .out = guarded(es)};
    ck_assert(bf.arity >= 1 && bf.arity <= MAX_IN);
    for (int j = 0; j < bf.arity; j++)
        bf.in[j] = guarded(es);
    unsigned char *alone = malloc(MAX_N * es), *ref = malloc(MAX_N * es);
    ck_assert(alone && ref);
    fill_inputs(&bf, dt, 0);
    const void *p[MAX_IN];
    /* every element alone: the reference for position independence */
    for (size_t i = 0; i < MAX_N; i++) {
        in_ptrs(&bf, 0, i, p);
        k(1, p, alone + i * es, params);
    }
    size_t total = 2 * GUARD + (MAX_N + 3) * es;
    for (size_t s = 0; s < N_ELEMS(k_sizes); s++) {
        size_t n = k_sizes[s];
        for (size_t off = 0; off < 4; off++) {
            fill_inputs(&bf, dt, off);
            memset(bf.out, GUARD_BYTE, total);
            unsigned char *o = bf.out + GUARD + off * es;
            in_ptrs(&bf, off, 0, p);
            k(n, p, o, params);
            expect_guards(bf.out, (off + n) * es, total, "out");
            for (size_t i = 0; i < off * es; i++) /* the misalignment gap before the output */
                ACPU_TEST_EXPECT(bf.out[GUARD + i] == GUARD_BYTE, "%s %s %s: byte before a misaligned output", tr->name,
                                 K_NAME(id), k_kdt_names[kdt]);
            for (size_t i = 0; i < n; i++)
                ACPU_TEST_EXPECT(same_value(dt, o, alone, i), "%s %s %s n=%zu off=%zu: element %zu differs from alone",
                                 tr->name, K_NAME(id), k_kdt_names[kdt], n, off, i);
            /* in place on any input */
            for (int which = 0; which < bf.arity && n > 0; which++) {
                unsigned char *io = bf.in[which] + GUARD + off * es;
                k(n, p, io, params);
                for (size_t i = 0; i < n; i++)
                    ACPU_TEST_EXPECT(same_value(dt, io, alone, i), "%s %s %s n=%zu: in place on input %d, element %zu",
                                     tr->name, K_NAME(id), k_kdt_names[kdt], n, which, i);
                fill_inputs(&bf, dt, off);
            }
            for (int j = 0; j < bf.arity; j++)
                expect_guards(bf.in[j], (MAX_N + 3) * es, total, "input");
        }
    }
    /* against the scalar table: every kernel is written once over the vocabularies, with the
     * project's exps and IEEE arithmetic in a fixed order, so every ISA gives the same bits (NaN
     * payloads aside) */
    const acpu_kernel_table *sc = acpu_kernel_table_get(ACPU_ISA_SCALAR, false);
    fill_inputs(&bf, dt, 0);
    in_ptrs(&bf, 0, 0, p);
    sc->k[id][kdt](MAX_N, p, ref, params);
    for (size_t i = 0; i < MAX_N; i++)
        ACPU_TEST_EXPECT(same_value(dt, alone, ref, i), "%s %s %s element %zu: %.17g, scalar table %.17g", tr->name,
                         K_NAME(id), k_kdt_names[kdt], i, acpu_test_load(dt, alone, i), acpu_test_load(dt, ref, i));
    for (int j = 0; j < bf.arity; j++)
        free(bf.in[j]);
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
    /* every row has at least one dtype in every table */
    ck_assert_int_ge(checked, nt * ACPU_KERNEL_COUNT);
    fprintf(stderr, "test_kernels: %d kernels checked in %d tables\n", checked, nt);
}
END_TEST

/* The list's rows and the tables agree: every table has exactly the dtypes each row says. */
START_TEST(test_table_shape)
{
    table_ref tables[2 * ACPU_ISA_COUNT];
    int nt = built_tables(tables);
    for (int t = 0; t < nt; t++)
        for (int id = 0; id < ACPU_KERNEL_COUNT; id++)
            for (int kdt = 0; kdt < ACPU_KDT_COUNT; kdt++) {
                bool listed = (acpu_kernel_infos[id].dtypes >> kdt) & 1u;
                ck_assert_msg((tables[t].t->k[id][kdt] != NULL) == listed, "%s %s %s: %s", tables[t].name, K_NAME(id),
                              k_kdt_names[kdt], listed ? "missing" : "present but not listed");
            }
}
END_TEST

/* ---- lookup tables ------------------------------------------------------------------------------ */

#define ALL16 ACPU_TABLE_ENTRIES

/* First operands of a factor form: specials, then pseudo-random patterns. */
static uint16_t first_operand(int which, acpu_kdtype kdt, uint32_t i)
{
    static const uint16_t f16[] = {0x3c00, 0xc0a0, 0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e01, 0xfe00, 0x0001, 0x7bff};
    static const uint16_t bf16[] = {0x3f80, 0xc020, 0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc1, 0xffc0, 0x0001, 0x7f7f};
    if (which < (int)N_ELEMS(f16))
        return kdt == ACPU_KDT_F16 ? f16[which] : bf16[which];
    uint32_t h = (i + 1u) * 2654435761u + (uint32_t)which * 40503u;
    return (uint16_t)(h >> 13);
}

/* The lookup kernel against the kernel over all 65536 x, with first operand set `which`. */
static void check_lookup_pass(const table_ref *tr, acpu_kernel_id id, acpu_kdtype kdt, const void *params,
                              const void *table, int which, uint16_t *a, uint16_t *x, uint16_t *want, uint16_t *got)
{
    const acpu_kernel_table *t = tr->t;
    acpu_table_form form = (acpu_table_form)acpu_kernel_table_forms[id];
    int arity = acpu_kernel_infos[id].arity;
    for (uint32_t i = 0; i < ALL16; i++) {
        x[i] = (uint16_t)i;
        a[i] = first_operand(which, kdt, i);
    }
    const void *in[2] = {arity == 1 ? (const void *)x : (const void *)a, x};
    acpu_lookup_params lp = {table};
    t->k[id][kdt](ALL16, in, want, params);
    /* the table's lookup kernel, and the alternative a build may pick instead (lookup_loads) */
    acpu_kernel_fn lookups[2] = {t->lookup[form][kdt == ACPU_KDT_BF16], t->lookup_loads[form][kdt == ACPU_KDT_BF16]};
    for (int l = 0; l < 2 && lookups[l] != NULL; l++) {
        acpu_kernel_fn lookup = lookups[l];
        memset(got, 0xa5, ALL16 * 2);
        lookup(ALL16, in, got, &lp);
        ck_assert_msg(memcmp(want, got, ALL16 * 2) == 0, "%s %s %s operand set %d: lookup %d differs from the kernel",
                      tr->name, K_NAME(id), k_kdt_names[kdt], which, l);
        /* tails and offsets (of the inputs, and of the output: 0-2 elements past a 64-byte
         * boundary): every element as the full run had it, nothing written past the n-th */
        for (size_t off = 0; off < 3; off++)
            for (size_t n = 0; n <= 70; n += 1 + n / 8) {
                const void *sub[2] = {arity == 1 ? (const void *)(x + 1000 + off) : (const void *)(a + 1000 + off),
                                      x + 1000 + off};
                _Alignas(64) uint16_t out[2 + 70 + 8];
                memset(out, 0xa5, sizeof out);
                lookup(n, sub, out + off, &lp);
                ck_assert_msg(memcmp(out + off, want + 1000 + off, n * 2) == 0,
                              "%s %s %s: lookup %d of %zu elements at offset %zu", tr->name, K_NAME(id),
                              k_kdt_names[kdt], l, n, off);
                for (size_t k = 0; k < sizeof out / sizeof out[0]; k++)
                    ck_assert_msg(k - off < n || out[k] == 0xa5a5, "%s %s %s: lookup %d of %zu elements wrote [%zu]",
                                  tr->name, K_NAME(id), k_kdt_names[kdt], l, n, k);
            }
    }
}

static void check_lookup(const table_ref *tr, acpu_kernel_id id, acpu_kdtype kdt, const acpu_attr_value *attrs)
{
    unsigned char params[64] = {0};
    if (acpu_kernel_infos[id].init != NULL)
        acpu_kernel_infos[id].init(attrs, params);
    acpu_table_form form = (acpu_table_form)acpu_kernel_table_forms[id];
    void *table = malloc(acpu_table_bytes(form));
    uint16_t *a = malloc(ALL16 * 2), *x = malloc(ALL16 * 2), *want = malloc(ALL16 * 2), *got = malloc(ALL16 * 2);
    ck_assert(table && a && x && want && got);
    acpu_table_fill(tr->t, id, kdt, params, table);
    int sets = form == ACPU_TABLE_WHOLE ? 1 : 12;
    for (int which = 0; which < sets; which++)
        check_lookup_pass(tr, id, kdt, params, table, which, a, x, want, got);
    free(table);
    free(a);
    free(x);
    free(want);
    free(got);
}

START_TEST(test_lookup_tables)
{
    static const acpu_attr_value attr_sets[2][ACPU_MAX_ATTRS] = {{{.f = 1.3f, .d = 1.3, .i = 1, .b = true},
                                                                  {.f = 1.05f, .d = 1.05, .i = 1, .b = true},
                                                                  {.f = 0.9f, .d = 0.9, .i = 0, .b = true},
                                                                  {.f = 1.0f, .d = 1.0, .i = 1, .b = true}},
                                                                 {{.f = 0.5f, .d = 0.5, .i = 0, .b = false},
                                                                  {.f = 2.0f, .d = 2.0, .i = 0, .b = false},
                                                                  {.f = -1.5f, .d = -1.5, .i = 0, .b = false},
                                                                  {.f = 3.0f, .d = 3.0, .i = 0, .b = false}}};
    table_ref tables[2 * ACPU_ISA_COUNT];
    int nt = built_tables(tables), forms = 0, checked = 0;
    for (int id = 0; id < ACPU_KERNEL_COUNT; id++)
        forms += acpu_kernel_table_forms[id] != ACPU_TABLE_NONE;
    ck_assert_int_ge(forms, 1);
    for (int t = 0; t < nt; t++)
        for (int id = 0; id < ACPU_KERNEL_COUNT; id++)
            for (int kdt = ACPU_KDT_F16; kdt <= ACPU_KDT_BF16; kdt++) {
                if (acpu_kernel_table_forms[id] == ACPU_TABLE_NONE || tables[t].t->k[id][kdt] == NULL)
                    continue;
                ck_assert_msg(acpu_table_fillable(tables[t].t, (acpu_kernel_id)id, (acpu_kdtype)kdt),
                              "%s %s %s: listed with a table form but not fillable", tables[t].name, K_NAME(id),
                              k_kdt_names[kdt]);
                for (int s = 0; s < 2; s++)
                    check_lookup(&tables[t], (acpu_kernel_id)id, (acpu_kdtype)kdt, attr_sets[s]);
                checked++;
            }
    ck_assert_int_ge(checked, nt * forms);
    fprintf(stderr, "test_kernels: %d lookup tables checked in %d tables\n", checked, nt);
}
END_TEST

/* ---- the 16-bit compare-and-select kernels on patterns ------------------------------------------ */

/* The reference: widen (exact), the fp32 compare and select of the operator, narrow (exact for the
 * values selected; a NaN comes back with the format's quiet bit set, its payload kept). */
typedef struct {
    bool bf16;
} h16_fmt;

static float h16_widen(h16_fmt f, uint16_t h) { return f.bf16 ? acpu_test_bf16_to_f32(h) : acpu_test_f16_to_f32(h); }

static uint16_t h16_narrow(h16_fmt f, float v, uint16_t nan_source)
{
    if (isnan(v))
        return (uint16_t)(nan_source | (f.bf16 ? 0x0040 : 0x0200));
    return f.bf16 ? acpu_test_f64_to_bf16(v) : acpu_test_f64_to_f16(v);
}

/* The limits as the kernels' dtype holds them (ConvertToTensor): bf16 of the float, fp16 of the double. */
static uint16_t h16_limit(h16_fmt f, float v)
{
    return f.bf16 ? acpu_test_f64_to_bf16(v) : acpu_test_f64_to_f16((double)v);
}

static uint16_t h16_reference(acpu_kernel_id id, h16_fmt f, uint16_t a, uint16_t b, float p0, float p1)
{
    float x = h16_widen(f, a);
    switch (id) {
    case ACPU_KERNEL_THRESHOLD: { /* y = x <= thr ? value : x, both rounded to x's format */
        uint16_t t = h16_limit(f, p0), v = h16_limit(f, p1);
        return x <= h16_widen(f, t) ? h16_narrow(f, h16_widen(f, v), v) : h16_narrow(f, x, a);
    }
    case ACPU_KERNEL_RELU_GRAD: { /* (dy, x): dy * (x <= 0 ? 0 : 1), the product in fp32 */
        float dy = x, xv = h16_widen(f, b);
        float r = dy * (xv <= 0.0f ? 0.0f : 1.0f);
        if (isnan(r) && !isnan(dy)) /* inf * 0: the default NaN, x86's (negative, quiet) on every ISA */
            return f.bf16 ? 0xFFC0u : 0xFE00u;
        return h16_narrow(f, r, a); /* a NaN product is dy's NaN, quieted */
    }
    case ACPU_KERNEL_THRESHOLD_GRAD: { /* (dy, x): x <= threshold (fp32) ? +0 : dy */
        float dy = x, xv = h16_widen(f, b);
        return xv <= p0 ? 0 : h16_narrow(f, dy, a);
    }
    case ACPU_KERNEL_HARDTANH: { /* min(hi, max(lo, x)), a > b ? a : b and a < b ? a : b, the limit first */
        float lo = h16_widen(f, h16_limit(f, p0)), hi = h16_widen(f, h16_limit(f, p1));
        float m = lo > x ? lo : x;
        float r = hi < m ? hi : m;
        return h16_narrow(f, r, a); /* a NaN r is x: a NaN limit is never chosen */
    }
    case ACPU_KERNEL_HARDTANH_GRAD: { /* (x, grad): x < max && x > min, or NaN x: grad, else +0 */
        float g = h16_widen(f, b);
        return (x < p1 && x > p0) || x != x ? h16_narrow(f, g, b) : 0;
    }
    default: ck_abort_msg("no reference for %s", K_NAME(id)); return 0;
    }
}

enum { H16_N = 65536 };

/* One 16-bit pattern kernel of a table over H16_N elements (a, b), bit for bit against h16_reference. */
static void check_h16_kernel(const table_ref *tr, acpu_kernel_id id, int kdt, const uint16_t *a, const uint16_t *b,
                             uint16_t *out, const void *block, float p0, float p1)
{
    acpu_kernel_fn fn = tr->t->k[id][kdt];
    ck_assert_ptr_nonnull(fn);
    h16_fmt f = {kdt == ACPU_KDT_BF16};
    const void *in[2] = {a, b};
    fn(H16_N, in, out, block);
    for (uint32_t i = 0; i < H16_N; i++) {
        uint16_t want = h16_reference(id, f, a[i], b[i], p0, p1);
        ACPU_TEST_EXPECT(out[i] == want, "%s %s %s limits (%a, %a) inputs %04x %04x: got %04x want %04x", tr->name,
                         K_NAME(id), k_kdt_names[kdt], (double)p0, (double)p1, a[i], b[i], out[i], want);
    }
}

/* Every x pattern (and, as the second operand, patterns with NaNs, infinities and both zeros) against
 * limits on and between the formats' values, both zeros, infinities, NaN of both signs, beyond fp16's
 * range and in its subnormals, lo > hi with a zero hi (x of the other zero sign gives hi); each
 * table's kernel, bit for bit. */
START_TEST(test_h16_select_kernels)
{
    static const acpu_kernel_id ids[] = {ACPU_KERNEL_THRESHOLD, ACPU_KERNEL_THRESHOLD_GRAD, ACPU_KERNEL_RELU_GRAD,
                                         ACPU_KERNEL_HARDTANH, ACPU_KERNEL_HARDTANH_GRAD};
    static const float limits[][2] = {
        {0.0f, 0.0f},          {-0.0f, -0.0f},        {0.0f, -0.0f},     {-1.25f, 2.5f},        {1.2f, 2.4f},
        {-1.0f, 1.0f},         {-1.0001f, 1.0001f},   {0.99995f, 7.0f},  {-65504.0f, 70000.0f}, {-70000.0f, 65510.0f},
        {-INFINITY, INFINITY}, {INFINITY, -INFINITY}, {NAN, 0.5f},       {-0.5f, NAN},          {NAN, NAN},
        {3e-8f, -3e-8f},       {-1e-10f, 1e-10f},     {-1e-40f, 1e-40f}, {5.0f, -5.0f},         {1e-5f, 0.1f},
        {1.0f, 0.0f},          {1.0f, -0.0f},         {INFINITY, 0.0f},  {1.0f, 1e-45f},        {-NAN, 2.0f}};
    uint16_t *a = malloc(H16_N * sizeof *a), *b = malloc(H16_N * sizeof *b), *out = malloc(H16_N * sizeof *out);
    ck_assert(a && b && out);
    table_ref tables[2 * ACPU_ISA_COUNT];
    int nt = built_tables(tables), checked = 0;
    for (int t = 0; t < nt; t++)
        for (size_t k = 0; k < N_ELEMS(ids); k++)
            for (int kdt = ACPU_KDT_F16; kdt <= ACPU_KDT_BF16; kdt++) {
                /* the pattern operand is x: the second input for ThresholdGradV2D and ReluGrad (dy, x),
                 * else the first */
                bool x_second = ids[k] == ACPU_KERNEL_THRESHOLD_GRAD || ids[k] == ACPU_KERNEL_RELU_GRAD;
                for (uint32_t i = 0; i < H16_N; i++) {
                    uint16_t other = (uint16_t)(i * 40503u + 17u);
                    a[i] = x_second ? other : (uint16_t)i;
                    b[i] = x_second ? (uint16_t)i : other;
                }
                for (size_t l = 0; l < N_ELEMS(limits); l++) {
                    acpu_attr_value attrs[ACPU_MAX_ATTRS] = {{.f = limits[l][0], .d = limits[l][0]},
                                                             {.f = limits[l][1], .d = limits[l][1]}};
                    unsigned char block[64] = {0};
                    if (acpu_kernel_infos[ids[k]].init != NULL) /* ReluGrad has no parameters */
                        acpu_kernel_infos[ids[k]].init(attrs, block);
                    check_h16_kernel(&tables[t], ids[k], kdt, a, b, out, block, limits[l][0], limits[l][1]);
                    checked++;
                }
            }
    ck_assert_int_eq(checked, nt * (int)(N_ELEMS(ids) * 2 * N_ELEMS(limits)));
    free(a);
    free(b);
    free(out);
}
END_TEST

/* ReluGrad's 16-bit forms: every x pattern against each special gradient (both zeros, subnormals,
 * the largest values, infinities, quiet and signalling NaNs of both signs), so that each meets every
 * class of x (the pairing above gives each x one gradient only). */
START_TEST(test_relu_grad_h16_specials)
{
    static const uint16_t dys[2][14] = {{0x0000, 0x8000, 0x0001, 0x8001, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
                                         0x7e00, 0xfe01, 0x7c01, 0xfd55},
                                        {0x0000, 0x8000, 0x0001, 0x8001, 0x3f80, 0xbf80, 0x7f7f, 0xff7f, 0x7f80, 0xff80,
                                         0x7fc0, 0xffc1, 0x7f81, 0xffa5}};
    uint16_t *dy = malloc(H16_N * sizeof *dy), *x = malloc(H16_N * sizeof *x), *out = malloc(H16_N * sizeof *out);
    ck_assert(dy && x && out);
    for (uint32_t i = 0; i < H16_N; i++)
        x[i] = (uint16_t)i;
    table_ref tables[2 * ACPU_ISA_COUNT];
    int nt = built_tables(tables), checked = 0;
    for (int t = 0; t < nt; t++)
        for (int kdt = ACPU_KDT_F16; kdt <= ACPU_KDT_BF16; kdt++)
            for (size_t d = 0; d < N_ELEMS(dys[0]); d++) {
                for (uint32_t i = 0; i < H16_N; i++)
                    dy[i] = dys[kdt == ACPU_KDT_BF16][d];
                unsigned char block[64] = {0};
                check_h16_kernel(&tables[t], ACPU_KERNEL_RELU_GRAD, kdt, dy, x, out, block, 0.0f, 0.0f);
                checked++;
            }
    ck_assert_int_eq(checked, nt * 2 * (int)N_ELEMS(dys[0]));
    free(dy);
    free(x);
    free(out);
}
END_TEST

static Suite *kernels_suite(void)
{
    Suite *s = suite_create("kernels");
    TCase *tc = tcase_create("tables");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_table_shape);
    tcase_add_test(tc, test_every_table_and_row);
    tcase_add_test(tc, test_lookup_tables);
    tcase_add_test(tc, test_h16_select_kernels);
    tcase_add_test(tc, test_relu_grad_h16_specials);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(kernels_suite()); }
