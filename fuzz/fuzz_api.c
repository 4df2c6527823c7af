/* libFuzzer target over every API of the operator registry (ops/acpu_registry.h), run under ASan +
 * UBSan (fuzz/CMakeLists.txt). One input is one hostile call: a byte picks the API
 * (acpu_apis[b % acpu_api_count]) and the rest describes each of its parameters by kind, so that a
 * new registry row is fuzzed with no edit here (a new parameter kind needs a reader:
 * tests/test_fuzz_coverage.c fails until it has one).
 *
 *   tensors   any int32 dtype, formats, ranks 0..9, dims and strides from 0 to INT64_MAX and negative,
 *             offsets, storage shapes that fit, do not fit, are absent or cannot exist, NULL data
 *   scalars   every dtype with typical or arbitrary bytes, or NULL (required and optional alike)
 *   bools, int64 values (small, the attribute's choices, extremes, raw), strings (the attribute's
 *             choices, arbitrary bytes, NULL)
 * and around the call: NULL and destroyed handles, NULL out-pointers, outputs aliasing inputs
 * (exactly, shifted, over their storage) and overlapping themselves, a platform profile with tiny,
 * normal, huge and negative UB and core overrides (restored after every input), FP exceptions
 * unmasked, then phase 2 through the row's run: once, twice, repeatable, after its executor was
 * destroyed, by another API's run, with a NULL or short workspace, on a foreign stream, with the
 * handles destroyed, or after rebinding a tensor (aclSetInputTensorAddr / aclSetOutputTensorAddr /
 * aclSetTensorAddr) onto another tensor's buffer (overlapping or not), a fresh buffer, its own
 * address, NULL, a wrapping address, a bad index or a destroyed executor.
 *
 * Buffers are real and exactly as large as the storage a tensor claims when that is at most
 * MAX_REAL_BYTES; a claim that no memory can hold (>= 2^63 bytes or an overflowing product) gets a
 * small real buffer, which the library must refuse to touch; a claim in between gets NULL data,
 * which it must refuse for a non-empty call. Every buffer has GUARD bytes on both sides.
 * After each call (abort() on any violation, so that libFuzzer keeps the input):
 *   - every guard byte is intact, and so is every byte of every buffer outside the output's view;
 *   - on failure, and after phase 1 always, every buffer is bit-for-bit unchanged;
 *   - phase 1 accepted: every tensor's dtype is a whole-byte type with a cast and one the registry
 *     lists for its parameter on the profile; each non-empty call's views fit storages that exist,
 *     over non-NULL data; the output's elements are distinct; the output meets no input except as
 *     the same view (the overlap rule, recomputed here); each string is one of its choices; a UB
 *     override below one 32-byte block was refused;
 *   - a rebinding is accepted exactly when phase 1's rules hold at the new address (recomputed here);
 *   - calls that must fail do fail: a NULL or destroyed handle, a NULL string, a string outside its
 *     choices, a NULL out-pointer, a negative platform override, a destroyed executor, another API's
 *     run, a NULL or short workspace, a foreign stream, a second run of a non-repeatable executor.
 * Every size the harness computes goes through checked arithmetic: the harness itself has no UB.
 *
 * Input format (fuzz/make_corpus.py writes seeds in it; bytes past the end read as 0):
 *   header  h0 API, h1 mode (bits 0-3 phase-2 mode % P2_COUNT, bit 4 FP traps, bits 5-6 out-pointer
 *           fault: 1 NULL workspaceSize, 2 NULL executor), h2 aliasing (alias_mode), h3 its parameter,
 *           h4 handle faults (handle_faults), h5 platform (set_platform), h6 its parameter, h7 rebinding
 *           (rebind_target), h8 its parameter (also: which other API runs), h9..h12 buffer-content seed
 *   then each parameter of the API in order:
 *     tensor  dtype (read_dtype), format byte, rank byte (% 10), rank dims (read_dim), stride mode
 *             byte (< 0x80 NULL strides, else rank stride bytes, read_stride), offset byte
 *             (read_offset), storage byte (read_storage)
 *     scalar  dtype (read_dtype), value byte (< 0xE0 typical value, < 0xF0 16 raw bytes follow,
 *             else NULL)
 *     bool    one byte (bit 0)
 *     int     one byte (read_int)
 *     string  one byte (read_string)
 * FUZZ_API_VERBOSE=1 prints the decoded call and every status (triage of a crash input).
 */
#define _GNU_SOURCE /* feenableexcept, setenv */
#include <fenv.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnn_cpu/aclnn_cpu.h"
#include "acpu_fuzz.h"
#include "ops/acpu_registry.h"
#include "tiling/acpu_platform.h"

#define MAX_RANK 9                /* one above the operators' limit of 8 */
#define MAX_T ACPU_MAX_PARAMS     /* tensors of one call */
#define SPARE MAX_T               /* index of the spare buffer a rebinding may move a tensor to */
#define MAX_REAL_BYTES (1u << 20) /* largest storage backed by a real buffer */
#define SMALL_BYTES 64            /* real buffer behind an impossible storage claim */
#define GUARD 64                  /* guard bytes on each side of every buffer */
#define GUARD_BYTE 0xA5
#define MAX_WORKSPACE (64u << 20)          /* a larger workspace request is not run */
#define MAX_MARKED (1u << 22)              /* view elements walked when checking what phase 2 wrote */
#define MAX_STRING 24                      /* arbitrary string bytes */
#define TINY_UB 32                         /* no tile of any strategy fits below one 32-byte block */
#define SLOTS (ACPU_TILING_MAX_INPUTS + 1) /* an executor's tensors: the inputs, then the output */
/* Loops over buffer bytes: uninstrumented, or libFuzzer's comparison hooks cost more than the call. */
#if defined(__clang__)
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define NO_COVERAGE
#endif

/* ---- failures ------------------------------------------------------------------------------------ */

static bool verbose; /* FUZZ_API_VERBOSE=1: the decoded call and each status on stderr (triage) */
static acpu_fuzz_api_report report;

__attribute__((format(printf, 1, 2), noreturn)) static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz_api: ", stderr);
    if (report.api >= 0)
        fprintf(stderr, "%s: ", acpu_apis[report.api]->name);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (last library message: \"%s\")\n", aclGetRecentErrMsg());
    va_end(ap);
    abort();
}

static void must_fail(aclnnStatus st, const char *what)
{
    if (st == ACLNN_SUCCESS)
        fail("%s returned 0", what);
}

static void must_be(aclnnStatus st, aclnnStatus want, const char *what)
{
    if (st != want)
        fail("%s returned %d, want %d", what, (int)st, (int)want);
}

/* ---- input reader -------------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *p;
    size_t n, at;
} reader;

static uint8_t rd_u8(reader *r) { return r->at < r->n ? r->p[r->at++] : 0; }

static uint64_t rd_u64(reader *r)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)rd_u8(r) << (8 * i);
    return v;
}

static uint32_t rd_u32(reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)rd_u8(r) << (8 * i);
    return v;
}

static int64_t as_i64(uint64_t v)
{
    int64_t s;
    memcpy(&s, &v, sizeof s); /* two's complement reinterpretation, no implementation-defined cast */
    return s;
}

/* ---- dtypes -------------------------------------------------------------------------------------- */

/* Every aclDataType value of include/acl/acl_base.h: a byte >= 64 picks one of these. */
static const int32_t real_dtypes[] = {
    ACL_DT_UNDEFINED, ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_INT32, ACL_UINT8, ACL_INT16, ACL_UINT16, ACL_UINT32,
    ACL_INT64, ACL_UINT64, ACL_DOUBLE, ACL_BOOL, ACL_STRING, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16, ACL_INT4,
    ACL_UINT1, ACL_COMPLEX32, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E8M0, ACL_FLOAT6_E3M2,
    ACL_FLOAT6_E2M3, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2,
    /* the operators' usual dtypes once more: valid calls stay likely under mutation */
    ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
#define N_REAL_DTYPES (sizeof real_dtypes / sizeof real_dtypes[0])

/* byte < 64: that enum value (holes included); < 0xF0: a real value; else: any int32 (4 bytes). */
static int32_t read_dtype(reader *r)
{
    uint8_t t = rd_u8(r);
    if (t < 64)
        return t;
    if (t < 0xF0)
        return real_dtypes[t % N_REAL_DTYPES];
    uint32_t raw = rd_u32(r);
    int32_t v;
    memcpy(&v, &raw, sizeof v);
    return v;
}

/* Storage bits of one element: the packed sub-byte types at their width, unknown values 8 (any
 * access to them is a defect, and the smallest buffer shows it soonest). */
static unsigned dtype_bits(int32_t dt)
{
    switch (dt) {
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16: return 16;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_COMPLEX32: return 32;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_COMPLEX64: return 64;
    case ACL_COMPLEX128: return 128;
    case ACL_INT4:
    case ACL_FLOAT4_E2M1:
    case ACL_FLOAT4_E1M2: return 4;
    case ACL_UINT1: return 1;
    default: return 8;
    }
}

/* The dtypes an operator may read or write at all: whole bytes, with conversions (no string, no
 * sub-byte or 8-bit float, no complex32, no unknown value). */
static bool dtype_has_cast(int32_t dt)
{
    switch (dt) {
    case ACL_FLOAT:
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_DOUBLE:
    case ACL_INT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
    case ACL_UINT8:
    case ACL_UINT16:
    case ACL_UINT32:
    case ACL_UINT64:
    case ACL_BOOL:
    case ACL_COMPLEX64:
    case ACL_COMPLEX128: return true;
    default: return false;
    }
}

/* ---- tensor descriptors -------------------------------------------------------------------------- */

typedef struct {
    int32_t dtype, format;
    uint64_t rank;
    int64_t dims[MAX_RANK];
    bool has_strides;
    int64_t strides[MAX_RANK];
    int64_t offset;
    uint64_t storage_rank; /* 0 with storage_none: created without a storage shape */
    bool storage_none;
    int64_t storage[MAX_RANK];
} tdesc;

static const int64_t special_values[16] = {0,
                                           INT32_MAX,
                                           (int64_t)1 << 31,
                                           ((int64_t)1 << 32) - 1,
                                           (int64_t)1 << 32,
                                           ((int64_t)1 << 32) + 1,
                                           (int64_t)1 << 40,
                                           (int64_t)1 << 62,
                                           ((int64_t)1 << 62) + 1,
                                           INT64_MAX,
                                           -1,
                                           INT64_MIN,
                                           3,
                                           65536,
                                           0 /* raw */,
                                           0 /* raw */};

/* < 0x80: 1..8; < 0xC0: 0..63; < 0xF0: 64 << 0..15; else special_values (14, 15: 8 raw bytes). */
static int64_t read_dim(reader *r, uint8_t v)
{
    if (v < 0x80)
        return 1 + (v & 7);
    if (v < 0xC0)
        return v - 0x80;
    if (v < 0xF0)
        return (int64_t)64 << ((v - 0xC0) & 15);
    unsigned k = v & 15;
    return k >= 14 ? as_i64(rd_u64(r)) : special_values[k];
}

static int64_t sat_mul(int64_t a, int64_t b)
{
    int64_t p;
    return __builtin_mul_overflow(a, b, &p) ? INT64_MAX : p;
}

static int64_t sat_add(int64_t a, int64_t b)
{
    int64_t s;
    return __builtin_add_overflow(a, b, &s) ? (b > 0 ? INT64_MAX : INT64_MIN) : s;
}

/* Row-major strides of the view (saturated at INT64_MAX, dims < 1 counted as 1). */
static void contiguous_strides(const tdesc *d, int64_t *out)
{
    int64_t c = 1;
    for (uint64_t k = d->rank; k-- > 0;) {
        out[k] = c;
        c = sat_mul(c, d->dims[k] > 1 ? d->dims[k] : 1);
    }
}

static void effective_strides(const tdesc *d, int64_t *strides)
{
    if (d->has_strides)
        memcpy(strides, d->strides, sizeof d->strides);
    else
        contiguous_strides(d, strides);
}

/* < 0x40: the row-major stride; < 0x80: 0..63 (0 included); else as read_dim. */
static int64_t read_stride(reader *r, int64_t contiguous)
{
    uint8_t v = rd_u8(r);
    if (v < 0x40)
        return contiguous;
    if (v < 0x80)
        return v & 0x3F;
    return read_dim(r, v);
}

/* < 0x80: 0; < 0xC0: 0..63; else as read_dim. */
static int64_t read_offset(reader *r)
{
    uint8_t v = rd_u8(r);
    if (v < 0x80)
        return 0;
    if (v < 0xC0)
        return v & 0x3F;
    return read_dim(r, v);
}

/* Elements from the first to one past the last element of the view: offset + sum((dim-1)*stride)
 * + 1, or offset when the view is empty (saturated, so absurd views ask for absurd storage). */
static int64_t view_extent(const tdesc *d)
{
    int64_t strides[MAX_RANK];
    effective_strides(d, strides);
    int64_t last = d->offset;
    for (uint64_t k = 0; k < d->rank; k++) {
        if (d->dims[k] <= 0) /* empty, or refused by aclCreateTensor (negative) */
            return d->offset;
        last = sat_add(last, sat_mul(d->dims[k] - 1, strides[k]));
    }
    return sat_add(last, 1);
}

/* < 0x80: exactly the view's extent; < 0xA0: extent + 0..31; < 0xB0: extent - 1; < 0xC0: the view
 * dims; < 0xD0: no storage shape; else an explicit shape (rank byte % 10, read_dim each). */
static void read_storage(reader *r, tdesc *d)
{
    uint8_t s = rd_u8(r);
    int64_t extent = view_extent(d);
    d->storage_none = false;
    d->storage_rank = 1;
    if (s < 0x80) {
        d->storage[0] = extent;
    } else if (s < 0xA0) {
        d->storage[0] = sat_add(extent, s & 0x1F);
    } else if (s < 0xB0) {
        d->storage[0] = extent > 0 ? extent - 1 : 0;
    } else if (s < 0xC0) {
        d->storage_rank = d->rank;
        memcpy(d->storage, d->dims, sizeof d->storage);
    } else if (s < 0xD0) {
        d->storage_rank = 0;
        d->storage_none = true;
    } else {
        d->storage_rank = rd_u8(r) % (MAX_RANK + 1);
        for (uint64_t k = 0; k < d->storage_rank; k++)
            d->storage[k] = read_dim(r, rd_u8(r));
    }
}

static const int32_t formats[8] = {ACL_FORMAT_ND,   ACL_FORMAT_ND,         ACL_FORMAT_ND,        ACL_FORMAT_NCHW,
                                   ACL_FORMAT_NHWC, ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_UNDEFINED, 9999};

static void read_tensor(reader *r, tdesc *d)
{
    memset(d, 0, sizeof *d);
    d->dtype = read_dtype(r);
    d->format = formats[rd_u8(r) & 7];
    d->rank = rd_u8(r) % (MAX_RANK + 1);
    for (uint64_t k = 0; k < d->rank; k++)
        d->dims[k] = read_dim(r, rd_u8(r));
    if (rd_u8(r) >= 0x80) {
        int64_t contiguous[MAX_RANK];
        contiguous_strides(d, contiguous);
        d->has_strides = true;
        for (uint64_t k = 0; k < d->rank; k++)
            d->strides[k] = read_stride(r, contiguous[k]);
    }
    d->offset = read_offset(r);
    read_storage(r, d);
}

/* Elements of the view (false on overflow or a negative dim). */
static bool view_count(const tdesc *d, uint64_t *count)
{
    uint64_t c = 1;
    for (uint64_t k = 0; k < d->rank; k++)
        if (d->dims[k] < 0 || __builtin_mul_overflow(c, (uint64_t)d->dims[k], &c))
            return false;
    *count = c;
    return true;
}

/* Index of the view's last element, offset + sum((dim-1)*stride), exactly (false on overflow). */
static bool view_last(const tdesc *d, uint64_t *last)
{
    int64_t strides[MAX_RANK];
    effective_strides(d, strides);
    uint64_t l = (uint64_t)d->offset, term;
    if (d->offset < 0)
        return false;
    for (uint64_t k = 0; k < d->rank; k++)
        if (d->dims[k] < 1 || strides[k] < 0 ||
            __builtin_mul_overflow((uint64_t)(d->dims[k] - 1), (uint64_t)strides[k], &term) ||
            __builtin_add_overflow(l, term, &l))
            return false;
    *last = l;
    return true;
}

static bool view_empty(const tdesc *d)
{
    for (uint64_t k = 0; k < d->rank; k++)
        if (d->dims[k] == 0)
            return true;
    return false;
}

/* Whether the view's elements are distinct: ordered by stride, each dim larger than 1 steps past the
 * reach of the smaller ones (sum of (dim-1)*stride below it). Runs on accepted views only. */
static bool view_distinct(const tdesc *d)
{
    int64_t strides[MAX_RANK];
    effective_strides(d, strides);
    bool used[MAX_RANK] = {false};
    uint64_t reach = 0; /* elements spanned by the dims taken so far, minus one */
    for (uint64_t n = 0; n < d->rank; n++) {
        uint64_t best = d->rank;
        for (uint64_t k = 0; k < d->rank; k++)
            if (!used[k] && d->dims[k] > 1 && (best == d->rank || strides[k] < strides[best]))
                best = k;
        if (best == d->rank)
            return true;
        used[best] = true;
        uint64_t term;
        if ((uint64_t)strides[best] <= reach ||
            __builtin_mul_overflow((uint64_t)(d->dims[best] - 1), (uint64_t)strides[best], &term) ||
            __builtin_add_overflow(reach, term, &reach))
            return false;
    }
    return true;
}

/* ---- buffers ------------------------------------------------------------------------------------- */

typedef enum {
    STORE_REAL,      /* claim <= MAX_REAL_BYTES: a buffer of exactly that size */
    STORE_HUGE,      /* a possible claim above that: NULL data */
    STORE_IMPOSSIBLE /* >= 2^63 bytes or overflowing: a SMALL_BYTES buffer */
} store_class;

/* Bytes of the claimed storage: prod(storage dims) elements (1 without a storage shape). */
static store_class classify_storage(const tdesc *d, uint64_t *bytes)
{
    uint64_t elems = 1;
    *bytes = 0;
    for (uint64_t k = 0; k < d->storage_rank; k++) {
        if (d->storage[k] < 0)
            return STORE_REAL; /* aclCreateTensor refuses it: never used */
        if (__builtin_mul_overflow(elems, (uint64_t)d->storage[k], &elems))
            return STORE_IMPOSSIBLE;
    }
    unsigned b = dtype_bits(d->dtype);
    if (b % 8 == 0 && __builtin_mul_overflow(elems, (uint64_t)(b / 8), bytes))
        return STORE_IMPOSSIBLE;
    if (b % 8 != 0) /* packed: ceil(elems * b / 8) without forming elems * b */
        *bytes = elems / (8 / b) + (elems % (8 / b) != 0);
    if (*bytes >= (uint64_t)1 << 63)
        return STORE_IMPOSSIBLE;
    return *bytes <= MAX_REAL_BYTES ? STORE_REAL : STORE_HUGE;
}

typedef struct {
    uint8_t *base;     /* GUARD + size + GUARD bytes, NULL for STORE_HUGE */
    uint8_t *snapshot; /* copy of base before the calls */
    size_t size;
    store_class cls;
} buffer;

/* Buffer contents: a window of a random pool filled once (a per-byte generator here would cost
 * more than the library's call). */
#define POOL_WINDOWS 4096
static uint8_t pool[MAX_REAL_BYTES + POOL_WINDOWS];

NO_COVERAGE static void pool_fill(void)
{
    uint64_t s = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < sizeof pool; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17; /* xorshift64 */
        pool[i] = (uint8_t)s;
    }
}

static void buffer_alloc(buffer *b, size_t size, uint64_t seed)
{
    b->size = size;
    b->base = malloc(2 * GUARD + size);
    b->snapshot = malloc(2 * GUARD + size);
    if (b->base == NULL || b->snapshot == NULL)
        fail("out of memory for a %zu-byte buffer", size);
    memset(b->base, GUARD_BYTE, GUARD);
    memcpy(b->base + GUARD, pool + seed % POOL_WINDOWS, size);
    memset(b->base + GUARD + size, GUARD_BYTE, GUARD);
    memcpy(b->snapshot, b->base, 2 * GUARD + size);
}

static void buffer_make(buffer *b, const tdesc *d, uint64_t seed)
{
    uint64_t bytes = 0;
    memset(b, 0, sizeof *b);
    b->cls = classify_storage(d, &bytes);
    if (b->cls != STORE_HUGE)
        buffer_alloc(b, b->cls == STORE_REAL ? (size_t)bytes : SMALL_BYTES, seed);
}

static uint8_t *buffer_data(const buffer *b) { return b->base ? b->base + GUARD : NULL; }

static void buffer_snapshot(buffer *b)
{
    if (b->base)
        memcpy(b->snapshot, b->base, 2 * GUARD + b->size);
}

static void buffer_free(buffer *b)
{
    free(b->base);
    free(b->snapshot);
    memset(b, 0, sizeof *b);
}

/* ---- scalars ------------------------------------------------------------------------------------- */

typedef struct {
    float f;
    double d;
    int64_t i; /* what an integer dtype stores (truncated to its width) */
} typical;

static const typical typical_values[] = {{1.0f, 1.0, 1},
                                         {0.5f, 0.5, 0},
                                         {2.0f, 2.0, 2},
                                         {-1.0f, -1.0, -1},
                                         {0.0f, 0.0, 0},
                                         {-0.0f, -0.0, 0},
                                         {__builtin_nanf(""), __builtin_nan(""), INT64_MIN},
                                         {__builtin_inff(), __builtin_inf(), INT64_MAX},
                                         {-__builtin_inff(), -__builtin_inf(), INT64_MIN},
                                         {1e30f, 1e30, INT64_MAX},
                                         {1e-40f, 1e-40, 0},
                                         {1.0507010f, 1.0507009873554805, 1},
                                         {1.6732632f, 1.6732632423543772, 1},
                                         {20.0f, 20.0, 20},
                                         {-20.0f, -20.0, -20},
                                         {65504.0f, 65504.0, 65504},
                                         {__builtin_inff(), 1e300, 255},
                                         {-3.5f, -3.5, -3},
                                         {100.0f, 100.0, 128},
                                         {-__builtin_nanf(""), -__builtin_nan(""), -128}};
#define N_TYPICAL (sizeof typical_values / sizeof typical_values[0])

/* IEEE binary16 bits of f, rounding toward zero (a plausible value is all that is needed). */
static uint16_t f16_bits(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
    int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
    uint32_t man = x & 0x7fffff;
    if (((x >> 23) & 0xff) == 0xff)
        return sign | 0x7c00 | (man ? 0x200 : 0);
    if (exp >= 31)
        return sign | 0x7c00;
    if (exp <= 0)
        return exp < -10 ? sign : (uint16_t)(sign | ((man | 0x800000) >> (14 - exp)));
    return (uint16_t)(sign | (exp << 10) | (man >> 13));
}

/* The value in dtype's representation; 8-bit floats and unknown dtypes get the float's bytes. */
static void encode_typical(const typical *t, int32_t dt, uint8_t out[16])
{
    memset(out, 0, 16);
    uint32_t fb;
    memcpy(&fb, &t->f, sizeof fb);
    switch (dt) {
    case ACL_DOUBLE:
    case ACL_COMPLEX128: memcpy(out, &t->d, sizeof t->d); break;
    case ACL_FLOAT16: {
        uint16_t h = f16_bits(t->f);
        memcpy(out, &h, 2);
        break;
    }
    case ACL_BF16: {
        uint16_t h = (uint16_t)(fb >> 16);
        memcpy(out, &h, 2);
        break;
    }
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_INT64:
    case ACL_UINT64: memcpy(out, &t->i, sizeof t->i); break; /* little endian */
    default: memcpy(out, &fb, sizeof fb); break;             /* FLOAT, COMPLEX64 (imaginary 0), others */
    }
}

/* NULL when the value byte asks for no scalar, or when aclCreateScalar refuses the dtype. */
static aclScalar *read_scalar(reader *r, int32_t *dtype)
{
    int32_t dt = read_dtype(r);
    uint8_t v = rd_u8(r), value[16];
    *dtype = dt;
    if (v >= 0xF0)
        return NULL;
    if (v < 0xE0)
        encode_typical(&typical_values[v % N_TYPICAL], dt, value);
    else
        for (int i = 0; i < 16; i++)
            value[i] = rd_u8(r);
    return aclCreateScalar(value, (aclDataType)dt);
}

/* ---- one call ------------------------------------------------------------------------------------ */

enum p2_mode {
    P2_NORMAL,         /* run once */
    P2_TWICE,          /* run twice: the second must fail (not repeatable) */
    P2_REPEATABLE,     /* repeatable, run twice, destroy */
    P2_DESTROYED,      /* destroy the executor, then run: must fail */
    P2_OTHER_API,      /* another API's phase 2 first: must fail; then its own */
    P2_NULL_WS,        /* workspace NULL with a size > 0: must fail */
    P2_SHORT_WS,       /* one byte less workspace than asked: must fail */
    P2_FOREIGN_STREAM, /* a stream that is no stream: must fail */
    P2_FREE_HANDLES,   /* destroy tensors and scalars between the phases, then run */
    P2_REBIND,         /* rebind one of the executor's tensors (rebind_target), then run */
    P2_COUNT
};

/* Where a tensor's data is: buffer `buf` (a tensor index, or SPARE), `shift` bytes in; buf -1: at
 * an address no buffer holds (a wrapping rebinding of an empty call). */
typedef struct {
    int buf;
    size_t shift;
} loc;

typedef struct {
    const acpu_api_def *api;
    int api_index;
    bool traps;
    unsigned mode, out_ptrs;
    uint8_t rebind, rebind_param;
    /* the tensors, in parameter order */
    int nt;
    int param_of[MAX_T]; /* tensor -> parameter index */
    int out;             /* the output tensor, -1 when the API has none */
    int n_in;            /* operator inputs */
    int slot_t[SLOTS];   /* executor slot (inputs, then the output) -> tensor */
    tdesc t[MAX_T];
    loc at[MAX_T];      /* where each tensor's data is */
    loc slot_at[SLOTS]; /* where the executor reads and writes each slot (rebinding moves it) */
    bool null_data[MAX_T];
    buffer buf[MAX_T + 1]; /* buf[i] for tensor i when at[i].buf == i; buf[SPARE] for rebinding */
    aclTensor *th[MAX_T];
    bool th_dead[MAX_T]; /* destroyed on purpose: passed as is, never destroyed again */
    /* the other parameters, by parameter index */
    acpu_arg args[ACPU_MAX_PARAMS];
    aclScalar *sh[ACPU_MAX_PARAMS];
    int32_t sdt[ACPU_MAX_PARAMS];
    bool sh_dead[ACPU_MAX_PARAMS];
    char str[ACPU_MAX_PARAMS][MAX_STRING + 1];
    bool handle_fault;   /* a NULL or destroyed handle: phase 1 must fail */
    bool bad_attr;       /* a NULL string or one outside its choices: phase 1 must fail */
    bool bad_platform;   /* a negative override: aclnnCpuSetPlatform refused it */
    int64_t ub_override; /* the UB override in effect (0: none) */
    acpu_profile_group group;
} call;

static bool is_tensor_kind(acpu_param_kind k) { return k <= ACPU_P_TINOUT_CONST; }
static bool is_output_kind(acpu_param_kind k) { return k >= ACPU_P_TOUT && k <= ACPU_P_TINOUT_CONST; }
static bool is_input_kind(acpu_param_kind k)
{
    return k == ACPU_P_TIN || k == ACPU_P_TINOUT || k == ACPU_P_TINOUT_CONST;
}

bool acpu_fuzz_api_handles_kind(acpu_param_kind kind)
{
    switch (kind) {
    case ACPU_P_TIN:
    case ACPU_P_TOUT:
    case ACPU_P_TOUT_CONST:
    case ACPU_P_TINOUT:
    case ACPU_P_TINOUT_CONST:
    case ACPU_P_SCALAR:
    case ACPU_P_SCALAR_OPT:
    case ACPU_P_BOOL:
    case ACPU_P_INT:
    case ACPU_P_STRING: return true;
    default: return false;
    }
}

static const char *tensor_name(const call *c, int t) { return c->api->params[c->param_of[t]].name; }

/* The tensors of the API's row: which parameter each is, the output, the executor's slots. */
static void layout(call *c)
{
    const acpu_api_def *api = c->api;
    c->nt = 0;
    c->out = -1;
    c->n_in = api->op->n_in;
    for (int s = 0; s < SLOTS; s++)
        c->slot_t[s] = -1;
    for (int i = 0; i < api->n_params; i++) {
        acpu_param_kind k = api->params[i].kind;
        if (!is_tensor_kind(k))
            continue;
        int t = c->nt++;
        c->param_of[t] = i;
        if (is_input_kind(k) && api->params[i].slot < ACPU_TILING_MAX_INPUTS)
            c->slot_t[api->params[i].slot] = t;
        if (is_output_kind(k)) {
            c->out = t;
            c->slot_t[c->n_in] = t;
        }
    }
}

/* ---- parameters other than tensors ---------------------------------------------------------------- */

static int choice_count(const acpu_attr_def *a)
{
    int n = 0;
    while (a->choices != NULL && a->choices[n] != NULL)
        n++;
    return n;
}

/* < 0x80: -64..63; < 0xC0: one of the attribute's choices as a number (when it has choices), else a
 * special value; else as read_dim (specials, raw 8 bytes). */
static int64_t read_int(reader *r, const acpu_attr_def *a)
{
    uint8_t v = rd_u8(r);
    if (v < 0x80)
        return (int64_t)v - 64;
    int n = choice_count(a);
    if (v < 0xC0)
        return n > 0 ? strtoll(a->choices[(v & 0x3F) % n], NULL, 10) : special_values[v & 13];
    return read_dim(r, v);
}

/* < 0xC0: one of the attribute's choices (copied: the library must compare, not match pointers), ""
 * when it has none; < 0xF0: a length byte (% MAX_STRING + 1) and that many arbitrary bytes; else
 * NULL. Sets c->bad_attr when the string is NULL or not one of the choices. */
static const char *read_string(reader *r, call *c, int i, const acpu_attr_def *a)
{
    uint8_t v = rd_u8(r);
    char *s = c->str[i];
    memset(s, 0, MAX_STRING + 1);
    int n = choice_count(a);
    if (v >= 0xF0) {
        c->bad_attr = true;
        return NULL;
    }
    if (v < 0xC0 && n > 0) {
        snprintf(s, MAX_STRING + 1, "%s", a->choices[v % n]);
    } else if (v >= 0xC0) {
        size_t len = rd_u8(r) % (MAX_STRING + 1);
        for (size_t k = 0; k < len; k++)
            s[k] = (char)rd_u8(r);
    }
    bool listed = false;
    for (int k = 0; k < n; k++)
        listed = listed || strcmp(s, a->choices[k]) == 0;
    c->bad_attr = c->bad_attr || !listed;
    return s;
}

/* Reads every parameter of the row in order; false (and report.unhandled_kind) for a kind without
 * a reader. */
static bool read_params(reader *r, call *c)
{
    const acpu_api_def *api = c->api;
    int t = 0;
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        const acpu_attr_def *a = is_tensor_kind(p->kind) ? NULL : &api->op->attrs[p->slot];
        switch (p->kind) {
        case ACPU_P_TIN:
        case ACPU_P_TOUT:
        case ACPU_P_TOUT_CONST:
        case ACPU_P_TINOUT:
        case ACPU_P_TINOUT_CONST: read_tensor(r, &c->t[t++]); break;
        case ACPU_P_SCALAR:
        case ACPU_P_SCALAR_OPT:
            c->sh[i] = read_scalar(r, &c->sdt[i]);
            c->handle_fault = c->handle_fault || (c->sh[i] == NULL && p->kind == ACPU_P_SCALAR);
            c->args[i].p = c->sh[i];
            break;
        case ACPU_P_BOOL: c->args[i].b = (rd_u8(r) & 1) != 0; break;
        case ACPU_P_INT: c->args[i].i = read_int(r, a); break;
        case ACPU_P_STRING: c->args[i].s = read_string(r, c, i, a); break;
        default: report.unhandled_kind = (int)p->kind; return false;
        }
    }
    return true;
}

/* ---- the platform -------------------------------------------------------------------------------- */

static const char *const socs[6] = {NULL, "host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950"};
static const int32_t huge_cores[4] = {65536, INT32_MAX, -1, 1 << 20};
static const int64_t threshold_ubs[16] = {127, 128, 159,  160,  255,  256,  415,   416,
                                          511, 512, 1024, 1535, 1536, 4096, 16384, 65536};
static const int64_t huge_ubs[4] = {INT64_MAX, (int64_t)1 << 40, (int64_t)1 << 62, ((int64_t)1 << 31) + 32};

/* p: bits 0-2 soc (% 6; 0 restores the environment's profile, which ignores the overrides),
 * bits 3-4 cores (0 the profile's, 1 tiny 1..3, 2 normal 4..64, 3 huge or negative), bits 5-7 UB
 * (0 the profile's, 1 tiny 1..31 bytes, 2 around the tiles' thresholds, 3 normal 8K..256K, 4 huge,
 * 5 negative, 6 and 7 the profile's); q the values' parameter. */
static void set_platform(call *c, uint8_t p, uint8_t q)
{
    const char *soc = socs[(p & 7) % 6];
    unsigned cm = (p >> 3) & 3, um = p >> 5;
    int32_t cores = cm == 1 ? 1 + q % 3 : cm == 2 ? 4 + q % 61 : cm == 3 ? huge_cores[q & 3] : 0;
    int64_t ub = um == 1   ? 1 + q % (TINY_UB - 1)
                 : um == 2 ? threshold_ubs[q & 15]
                 : um == 3 ? (int64_t)8192 << (q % 6)
                 : um == 4 ? huge_ubs[q & 3]
                 : um == 5 ? -1 - (q & 1)
                           : 0;
    aclError st = aclnnCpuSetPlatform(soc, cores, ub);
    c->bad_platform = cores < 0 || ub < 0;
    if (c->bad_platform != (st != ACL_SUCCESS))
        fail("aclnnCpuSetPlatform(%s, %d, %lld) returned %d", soc ? soc : "NULL", (int)cores, (long long)ub, (int)st);
    c->ub_override = !c->bad_platform && soc != NULL ? ub : 0;
    aclnnCpuPlatform now;
    acpu_soc parsed = ACPU_SOC_HOST;
    if (aclnnCpuGetPlatform(&now) != ACL_SUCCESS || !acpu_soc_parse(now.soc, &parsed))
        fail("aclnnCpuGetPlatform gave no known profile");
    c->group = acpu_profile_group_of(parsed);
    snprintf(report.soc, sizeof report.soc, "%s", now.soc);
}

/* ---- aliasing and handle faults ------------------------------------------------------------------- */

/* Tensor dst may take tensor src's storage: src has a real buffer and dst's elements are whole
 * bytes no wider than src's, so dst's claim is at most src's buffer. */
static bool may_share(const call *c, int src, int dst)
{
    uint64_t bytes;
    unsigned bits = dtype_bits(c->t[dst].dtype);
    return classify_storage(&c->t[src], &bytes) == STORE_REAL && bits <= dtype_bits(c->t[src].dtype) && bits % 8 == 0;
}

static void share_storage(call *c, int src, int dst)
{
    memcpy(c->t[dst].storage, c->t[src].storage, sizeof c->t[dst].storage);
    c->t[dst].storage_rank = c->t[src].storage_rank;
    c->t[dst].storage_none = c->t[src].storage_none;
    c->at[dst] = (loc){src, 0};
}

/* An input tensor other than the output (the k-th, cyclically), or -1 when there is none. */
static int other_input(const call *c, unsigned k)
{
    int n = 0, list[MAX_T];
    for (int t = 0; t < c->nt; t++)
        if (t != c->out)
            list[n++] = t;
    return n == 0 ? -1 : list[k % (unsigned)n];
}

/* a < 0xA0: none; 0xA0: the output is input (p)'s exact view; 0xB0: that view shifted by 1..8
 * elements; 0xC0: the output's own view over input (p)'s storage; 0xD0: a zero stride on the
 * output's dim p % rank; 0xE0: input (p >> 4) takes input (p)'s storage; 0xF0: every tensor is the
 * first tensor's view. */
static void alias_mode(call *c, uint8_t a, uint8_t p)
{
    int src = other_input(c, p & 15), out = c->out;
    tdesc *o = out >= 0 ? &c->t[out] : NULL;
    switch (a >> 4) {
    case 0xA:
        if (o && src >= 0) {
            *o = c->t[src];
            c->at[out] = (loc){src, 0};
        }
        break;
    case 0xB:
        if (o && src >= 0) {
            *o = c->t[src];
            o->offset = sat_add(o->offset, 1 + ((p >> 4) & 7));
            c->at[out] = (loc){src, 0};
        }
        break;
    case 0xC:
        if (o && src >= 0 && may_share(c, src, out))
            share_storage(c, src, out);
        break;
    case 0xD:
        if (o && o->rank > 0) {
            if (!o->has_strides)
                contiguous_strides(o, o->strides);
            o->has_strides = true;
            o->strides[p % o->rank] = 0;
        }
        break;
    case 0xE: {
        int dst = other_input(c, p >> 4);
        if (src >= 0 && dst != src && may_share(c, src, dst))
            share_storage(c, src, dst);
        break;
    }
    case 0xF:
        for (int t = 1; t < c->nt; t++) {
            c->t[t] = c->t[0];
            c->at[t] = (loc){0, 0};
        }
        break;
    default: break;
    }
}

/* The handle arguments of the call (tensors and scalars, in parameter order): parameter indices. */
static int handle_params(const call *c, int *list)
{
    int n = 0;
    for (int i = 0; i < c->api->n_params; i++) {
        acpu_param_kind k = c->api->params[i].kind;
        if (is_tensor_kind(k) || k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT)
            list[n++] = i;
    }
    return n;
}

static int tensor_of_param(const call *c, int i)
{
    for (int t = 0; t < c->nt; t++)
        if (c->param_of[t] == i)
            return t;
    return -1;
}

/* Handle argument (parameter i) destroyed: then passed as NULL, or as the dangling pointer
 * (`dangling`), which the library must recognise as dead without reading it. A NULL optional
 * scalar is no fault. */
static void fault_arg(call *c, int i, bool dangling)
{
    int t = tensor_of_param(c, i);
    aclnnStatus st;
    if (t >= 0 && c->th[t] != NULL) {
        st = aclDestroyTensor(c->th[t]);
        c->th_dead[t] = dangling;
        c->th[t] = dangling ? c->th[t] : NULL;
    } else if (t < 0 && c->sh[i] != NULL) {
        st = aclDestroyScalar(c->sh[i]);
        c->sh_dead[i] = dangling;
        c->sh[i] = dangling ? c->sh[i] : NULL;
        c->args[i].p = c->sh[i];
    } else {
        return; /* not created: already a fault, or an absent optional scalar */
    }
    if (st != ACLNN_SUCCESS)
        fail("destroying live argument %s failed: %d", c->api->params[i].name, (int)st);
    c->handle_fault = c->handle_fault || dangling || c->api->params[i].kind != ACPU_P_SCALAR_OPT;
}

/* h < 0xC0: none; 0xC0: NULL data for tensor (h & 15) % tensors (before creation); 0xD0: a NULL
 * handle for handle argument k = (h & 15) % handles; 0xE0: argument k destroyed; 0xF0: k NULL and
 * k + 1 destroyed. */
static void null_data_fault(call *c, uint8_t h)
{
    if ((h >> 4) == 0xC && c->nt > 0)
        c->null_data[(h & 15) % c->nt] = true;
}

static void handle_faults(call *c, uint8_t h)
{
    int list[ACPU_MAX_PARAMS], n = handle_params(c, list);
    if (n == 0 || (h >> 4) < 0xD)
        return;
    int k = (h & 15) % n;
    if ((h >> 4) == 0xD || (h >> 4) == 0xF)
        fault_arg(c, list[k], false);
    if ((h >> 4) == 0xE)
        fault_arg(c, list[k], true);
    if ((h >> 4) == 0xF)
        fault_arg(c, list[(k + 1) % n], true);
}

static void *loc_data(const call *c, loc l)
{
    uint8_t *base = l.buf >= 0 ? buffer_data(&c->buf[l.buf]) : NULL;
    return base ? base + l.shift : NULL;
}

static aclTensor *create_tensor(const tdesc *d, void *data)
{
    return aclCreateTensor(d->dims, d->rank, (aclDataType)d->dtype, d->has_strides ? d->strides : NULL, d->offset,
                           (aclFormat)d->format, d->storage_none ? NULL : d->storage, d->storage_rank, data);
}

static void create_tensors(call *c)
{
    for (int t = 0; t < c->nt; t++) {
        c->th[t] = create_tensor(&c->t[t], c->null_data[t] ? NULL : loc_data(c, c->at[t]));
        c->handle_fault = c->handle_fault || c->th[t] == NULL;
        c->args[c->param_of[t]].p = c->th[t];
    }
    for (int s = 0; s < SLOTS; s++)
        c->slot_at[s] = c->slot_t[s] >= 0 ? c->at[c->slot_t[s]] : (loc){-1, 0};
}

static void destroy_handles(call *c)
{
    for (int t = 0; t < c->nt; t++)
        if (c->th[t] && !c->th_dead[t] && aclDestroyTensor(c->th[t]) != ACLNN_SUCCESS)
            fail("aclDestroyTensor(%s) of a live tensor failed", tensor_name(c, t));
    for (int i = 0; i < c->api->n_params; i++)
        if (c->sh[i] && !c->sh_dead[i] && aclDestroyScalar(c->sh[i]) != ACLNN_SUCCESS)
            fail("aclDestroyScalar(%s) of a live scalar failed", c->api->params[i].name);
    memset(c->th, 0, sizeof c->th);
    memset(c->sh, 0, sizeof c->sh);
}

static void traps_on(const call *c)
{
    if (c->traps)
        feenableexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW);
}

static void traps_off(const call *c)
{
    if (c->traps) {
        fedisableexcept(FE_ALL_EXCEPT);
        feclearexcept(FE_ALL_EXCEPT);
    }
}

/* ---- the overlap rule, recomputed ------------------------------------------------------------------ */

/* A view as the overlap rule sees it: [begin, end) in bytes, and what "the same view" compares. */
typedef struct {
    uintptr_t begin, end;
    size_t esize;
    const tdesc *d;
} span;

/* Only for views phase 1 accepted (or a rebinding of them): sizes were checked to fit. */
static span span_of(const call *c, int t, loc l)
{
    const tdesc *d = &c->t[t];
    uint64_t last = 0;
    size_t es = dtype_bits(d->dtype) / 8;
    uintptr_t base = (uintptr_t)loc_data(c, l);
    if (!view_last(d, &last))
        fail("%s: an accepted view without an exact last index", tensor_name(c, t));
    return (span){base + (uintptr_t)d->offset * es, base + ((uintptr_t)last + 1u) * es, es, d};
}

static bool same_view(span a, span b)
{
    int64_t sa[MAX_RANK], sb[MAX_RANK];
    if (a.esize != b.esize || a.begin != b.begin || a.d->rank != b.d->rank)
        return false;
    effective_strides(a.d, sa);
    effective_strides(b.d, sb);
    for (uint64_t k = 0; k < a.d->rank; k++)
        if (a.d->dims[k] != b.d->dims[k] || (a.d->dims[k] > 1 && sa[k] != sb[k]))
            return false;
    return true;
}

/* Whether the output at its slot's place meets an input (at theirs) other than as the same view. */
static bool output_conflicts(const call *c, const loc *slot_at)
{
    if (c->out < 0)
        return false;
    span o = span_of(c, c->out, slot_at[c->n_in]);
    for (int s = 0; s < c->n_in; s++) {
        if (c->slot_t[s] < 0)
            continue;
        span in = span_of(c, c->slot_t[s], slot_at[s]);
        if (o.begin < in.end && in.begin < o.end && !same_view(o, in))
            return true;
    }
    return false;
}

/* ---- what an accepted call must satisfy ------------------------------------------------------------ */

static bool call_empty(const call *c)
{
    for (int t = 0; t < c->nt; t++)
        if (view_empty(&c->t[t]))
            return true;
    return false;
}

/* The registry's dtype rule for tensor t on the call's profile: its listed set, or the dtype of the
 * parameter it must equal. */
static void check_dtype_listed(const call *c, int t)
{
    int32_t dt = c->t[t].dtype;
    uint64_t set;
    const char *same = acpu_api_param_same_as(c->api, c->param_of[t]);
    if (!dtype_has_cast(dt))
        fail("accepted %s of dtype %d, which has no cast", tensor_name(c, t), (int)dt);
    if (acpu_api_param_dtypes(c->api, c->param_of[t], c->group, &set)) {
        if (!(set & ACPU_DT(dt)))
            fail("accepted %s of dtype %d, not in its registry list on %s", tensor_name(c, t), (int)dt, report.soc);
    } else if (same != NULL) {
        for (int u = 0; u < c->nt; u++)
            if (strcmp(tensor_name(c, u), same) == 0 && c->t[u].dtype != dt)
                fail("accepted %s of dtype %d, not %s's %d", tensor_name(c, t), (int)dt, same, (int)c->t[u].dtype);
    }
}

static void check_accepted_tensor(const call *c, int t)
{
    const tdesc *d = &c->t[t];
    uint64_t count, last, bytes, elems = 1;
    if (!view_count(d, &count))
        fail("accepted %s with an element count above 2^64", tensor_name(c, t));
    if (classify_storage(d, &bytes) == STORE_IMPOSSIBLE)
        fail("accepted %s whose storage claims 2^63 bytes or more", tensor_name(c, t));
    if (c->null_data[t] || loc_data(c, c->at[t]) == NULL)
        fail("accepted non-empty %s with NULL data", tensor_name(c, t));
    for (uint64_t k = 0; k < d->storage_rank; k++)
        elems *= (uint64_t)d->storage[k]; /* no overflow: the class is not STORE_IMPOSSIBLE */
    if (d->storage_none && d->rank > 0)
        fail("accepted %s of rank %llu without a storage shape", tensor_name(c, t), (unsigned long long)d->rank);
    if (!view_last(d, &last) || last >= elems)
        fail("accepted %s whose view (offset %lld) does not fit its storage of %llu elements", tensor_name(c, t),
             (long long)d->offset, (unsigned long long)elems);
}

/* Phase 1 returned 0: the contract for every tensor of the call. Runs only for live, created
 * tensors (aclCreateTensor refused negative dims, strides and offsets). An empty call ends
 * validation before the data checks: nothing is read or written then. */
static void check_accepted(const call *c)
{
    if (c->bad_attr)
        fail("accepted a NULL string or one outside its choices");
    for (int t = 0; t < c->nt; t++)
        check_dtype_listed(c, t);
    if (call_empty(c))
        return;
    if (c->ub_override > 0 && c->ub_override < TINY_UB)
        fail("accepted a UB override of %lld bytes (less than one 32-byte block)", (long long)c->ub_override);
    for (int t = 0; t < c->nt; t++)
        check_accepted_tensor(c, t);
    if (c->out >= 0 && !view_distinct(&c->t[c->out]))
        fail("accepted %s whose elements overlap each other", tensor_name(c, c->out));
    if (output_conflicts(c, c->slot_at))
        fail("accepted %s partially overlapping an input", tensor_name(c, c->out));
}

/* Copies the bytes of the output's view (placed `shift` bytes into a buffer of `size` bytes) from
 * `from` to `to` (both the buffer's data bytes); false when the view has more than MAX_MARKED
 * elements. Positions cannot overflow: check_accepted proved the last one fits a real storage. */
NO_COVERAGE static bool copy_output_view(const call *c, size_t shift, const uint8_t *from, uint8_t *to, size_t size)
{
    const tdesc *d = &c->t[c->out];
    uint64_t count;
    if (!view_count(d, &count) || count > MAX_MARKED)
        return false;
    int64_t strides[MAX_RANK], idx[MAX_RANK] = {0};
    effective_strides(d, strides);
    size_t esize = dtype_bits(d->dtype) / 8;
    for (uint64_t n = 0; n < count; n++) {
        uint64_t pos = (uint64_t)d->offset;
        for (uint64_t k = 0; k < d->rank; k++)
            pos += (uint64_t)idx[k] * (uint64_t)strides[k];
        size_t at = shift + (size_t)pos * esize;
        if (at > size || size - at < esize)
            fail("%s element at %llu lies outside its %zu-byte buffer", tensor_name(c, c->out), (unsigned long long)pos,
                 size);
        memcpy(to + at, from + at, esize);
        for (uint64_t k = d->rank; k-- > 0;)
            if (++idx[k] < d->dims[k])
                break;
            else
                idx[k] = 0;
    }
    return true;
}

NO_COVERAGE static size_t first_difference(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t j = 0;
    while (j < n && a[j] == b[j])
        j++;
    return j;
}

/* After a call: guards intact everywhere; on failure nothing changed; on success only bytes of the
 * output's view (where the executor writes it) changed: the snapshot with the view's new bytes
 * copied in must equal the buffer. The snapshots then move on to the new contents. */
static void check_buffers(call *c, bool success, const char *what)
{
    loc o = c->out >= 0 ? c->slot_at[c->n_in] : (loc){-1, 0};
    for (int i = 0; i <= SPARE; i++) {
        buffer *b = &c->buf[i];
        if (b->base == NULL)
            continue;
        uint8_t *now = b->base + GUARD, *before = b->snapshot + GUARD;
        if (memcmp(b->base, b->snapshot, GUARD) != 0 || memcmp(now + b->size, before + b->size, GUARD) != 0)
            fail("%s wrote a guard byte of a %zu-byte buffer (%s's)", what, b->size,
                 i == SPARE ? "the spare" : tensor_name(c, i));
        bool written = success && o.buf == i && !c->null_data[c->out];
        bool checkable = !written || copy_output_view(c, o.shift, now, before, b->size);
        if (checkable && memcmp(now, before, b->size) != 0)
            fail("%s (%s) changed byte %zu of %s's buffer%s", what, success ? "success" : "failure",
                 first_difference(now, before, b->size), i == SPARE ? "the spare" : tensor_name(c, i),
                 written ? ", outside the output's view" : "");
        buffer_snapshot(b);
    }
}

/* ---- phase 2 ------------------------------------------------------------------------------------- */

typedef aclnnStatus (*phase2_fn)(void *, uint64_t, aclOpExecutor *, aclrtStream);

typedef struct {
    uint8_t *base; /* GUARD + size + GUARD */
    uint64_t size;
    void *ws; /* what phase 2 gets */
} workspace;

static void note_run(const call *c, phase2_fn fn, aclnnStatus st)
{
    if (fn == c->api->run && !report.ran) {
        report.ran = true;
        report.phase2 = st;
    }
}

static aclnnStatus run_checked(call *c, phase2_fn fn, void *ws, uint64_t ws_size, aclOpExecutor *exec,
                               aclrtStream stream, const workspace *w, const char *what)
{
    traps_on(c);
    aclnnStatus st = fn(ws, ws_size, exec, stream);
    traps_off(c);
    note_run(c, fn, st);
    if (verbose)
        fprintf(stderr, "  %s: %d %s\n", what, (int)st, st ? aclGetRecentErrMsg() : "");
    check_buffers(c, st == ACLNN_SUCCESS, what);
    static uint8_t guard[GUARD];
    memset(guard, GUARD_BYTE, GUARD);
    if (w->base && (memcmp(w->base, guard, GUARD) != 0 || memcmp(w->base + GUARD + w->size, guard, GUARD) != 0))
        fail("%s wrote a guard byte of the %llu-byte workspace", what, (unsigned long long)w->size);
    return st;
}

static aclnnStatus run_own(call *c, aclOpExecutor *exec, const workspace *w, const char *what)
{
    return run_checked(c, c->api->run, w->ws, w->size, exec, NULL, w, what);
}

/* ---- rebinding ---------------------------------------------------------------------------------- */

/* rebind_target reads r (h7): bits 0-1 the call (0 aclSetInputTensorAddr, 1 aclSetOutputTensorAddr,
 * 2-3 aclSetTensorAddr), bits 2-3 the input index (or aclSetTensorAddr's), bits 4-6 the address
 * (rebind_address, with q = h8): 0-1 into the buffer of tensor (q % tensors), q >> 4 elements in;
 * 2 a fresh buffer; 3 its own place; 4 NULL; 5 a bad index; 6 a destroyed executor; 7 an address
 * the view would wrap from; bit 7 a first run before the rebinding (the executor repeatable). */
typedef struct {
    int fn, slot; /* slot -1: an index out of range */
    int tensor;   /* the tensor passed (the slot's, or the one of the slot named before the bad index) */
    size_t index;
    unsigned addr_kind;
    void *addr;
    loc to; /* where the slot's data moves (to.buf -1: no buffer) */
} rebind_plan;

static const char *const rebind_names[3] = {"aclSetInputTensorAddr", "aclSetOutputTensorAddr", "aclSetTensorAddr"};

/* The slot and index of the plan; false when the call has no such slot (no output, no input). */
static bool rebind_target(const call *c, uint8_t r, rebind_plan *p)
{
    unsigned k = (r >> 2) & 3;
    p->fn = (r & 3) > 2 ? 2 : r & 3;
    p->addr_kind = (r >> 4) & 7;
    if (p->fn == 0)
        p->slot = c->n_in > 0 ? (int)(k % (unsigned)c->n_in) : -1;
    else if (p->fn == 1)
        p->slot = c->out >= 0 ? c->n_in : -1;
    else
        p->slot = (int)(k % (unsigned)(c->n_in + 1));
    if (p->slot < 0 || c->slot_t[p->slot] < 0)
        return false;
    p->tensor = c->slot_t[p->slot];
    p->index = p->fn == 1 ? 0 : (size_t)p->slot;
    if (p->addr_kind == 5) { /* past the last index of the call's numbering */
        p->index = (p->fn == 0 ? (size_t)c->n_in : p->fn == 1 ? 1u : (size_t)c->n_in + 1u) + (r >> 7);
        p->slot = -1;
    }
    return true;
}

/* Where a tensor of `bytes` storage bytes can move inside buffer `b`, `elems` elements of `es` in
 * (clamped so that the storage fits); false when it does not fit at all. */
static bool place_in(const buffer *b, uint64_t bytes, size_t es, unsigned elems, size_t *shift)
{
    if (b->base == NULL || b->cls != STORE_REAL || bytes > b->size)
        return false;
    size_t room = (b->size - (size_t)bytes) / es * es, want = (size_t)elems * es;
    *shift = want < room ? want : room;
    return true;
}

static void rebind_address(call *c, uint8_t q, rebind_plan *p, uint64_t seed)
{
    int t = p->tensor;
    uint64_t bytes = 0;
    size_t es = dtype_bits(c->t[t].dtype) / 8, shift = 0;
    classify_storage(&c->t[t], &bytes);
    p->to = (loc){-1, 0};
    p->addr = NULL;
    if (p->addr_kind == 7) { /* no byte fits past it: every non-empty view wraps */
        p->addr = (void *)UINTPTR_MAX;
        return;
    }
    if (p->addr_kind == 3 && p->slot >= 0)
        p->to = c->slot_at[p->slot];
    if (p->addr_kind <= 1) {
        int target = (int)(q % (unsigned)c->nt);
        int b = c->at[target].buf;
        if (b >= 0 && place_in(&c->buf[b], bytes, es == 0 ? 1 : es, q >> 4, &shift))
            p->to = (loc){b, shift};
        else
            p->addr_kind = 2; /* it does not fit there: a fresh buffer */
    }
    if (p->addr_kind == 2 && bytes <= MAX_REAL_BYTES) {
        buffer_free(&c->buf[SPARE]);
        buffer_alloc(&c->buf[SPARE], (size_t)bytes, seed);
        p->to = (loc){SPARE, 0};
    }
    if (p->addr_kind <= 3)
        p->addr = loc_data(c, p->to);
}

static aclnnStatus rebind_call(call *c, aclOpExecutor *exec, const rebind_plan *p)
{
    aclTensor *t = c->th[p->tensor];
    switch (p->fn) {
    case 0: return aclSetInputTensorAddr(exec, p->index, t, p->addr);
    case 1: return aclSetOutputTensorAddr(exec, p->index, t, p->addr);
    default: return aclSetTensorAddr(exec, p->index, t, p->addr);
    }
}

/* The status a rebinding must get: 161002 for a bad index or a dead executor; for an empty call
 * (which never reads its views) 0 otherwise; else 161001 for NULL, 161002 for a wrapping view or
 * one that breaks the overlap rule at the new place, 0 otherwise. */
static aclnnStatus rebind_expected(const call *c, const rebind_plan *p)
{
    if (p->addr_kind == 5 || p->addr_kind == 6)
        return ACLNN_ERR_PARAM_INVALID;
    if (call_empty(c))
        return ACLNN_SUCCESS;
    if (p->addr == NULL)
        return ACLNN_ERR_PARAM_NULLPTR;
    if (p->addr_kind == 7)
        return ACLNN_ERR_PARAM_INVALID;
    loc moved[SLOTS];
    memcpy(moved, c->slot_at, sizeof moved);
    moved[p->slot] = p->to;
    return output_conflicts(c, moved) ? ACLNN_ERR_PARAM_INVALID : ACLNN_SUCCESS;
}

static void phase2_rebind(call *c, aclOpExecutor *exec, const workspace *w, uint64_t seed)
{
    rebind_plan p;
    bool first_run = (c->rebind >> 7) != 0, live = true;
    if (!rebind_target(c, c->rebind, &p)) {
        run_own(c, exec, w, "phase 2 (nothing to rebind)");
        aclDestroyAclOpExecutor(exec);
        return;
    }
    if (first_run || p.addr_kind == 6) {
        if (aclSetAclOpExecutorRepeatable(exec) != ACLNN_SUCCESS)
            fail("aclSetAclOpExecutorRepeatable of a fresh executor failed");
        if (first_run)
            run_own(c, exec, w, "phase 2 (before the rebinding)");
    }
    if (p.addr_kind == 6) {
        if (aclDestroyAclOpExecutor(exec) != ACLNN_SUCCESS)
            fail("aclDestroyAclOpExecutor of a repeatable executor failed");
        live = false;
    }
    rebind_address(c, c->rebind_param, &p, seed);
    buffer_snapshot(&c->buf[SPARE]);
    aclnnStatus st = rebind_call(c, exec, &p), want = rebind_expected(c, &p);
    if (verbose)
        fprintf(stderr, "  %s(index %zu, kind %u, buffer %d + %zu): %d %s\n", rebind_names[p.fn], p.index, p.addr_kind,
                p.to.buf, p.to.shift, (int)st, st ? aclGetRecentErrMsg() : "");
    must_be(st, want, rebind_names[p.fn]);
    check_buffers(c, false, rebind_names[p.fn]); /* rebinding never writes */
    if (st == ACLNN_SUCCESS)
        c->slot_at[p.slot] = p.to;
    if (!live) {
        must_fail(run_own(c, exec, w, "phase 2 (destroyed executor, after a rebinding)"),
                  "phase 2 with a destroyed executor");
        return;
    }
    run_own(c, exec, w, "phase 2 (after the rebinding)");
    aclDestroyAclOpExecutor(exec); /* repeatable, or live after a refused run */
}

/* Another API of the registry (the one after this, skipping q of them); NULL when it is alone. */
static const acpu_api_def *other_api(const call *c, uint8_t q)
{
    if (acpu_api_count < 2)
        return NULL;
    return acpu_apis[(c->api_index + 1 + q % (acpu_api_count - 1)) % acpu_api_count];
}

static void phase2_modes(call *c, aclOpExecutor *exec, workspace *w, uint64_t seed)
{
    int not_a_stream = 0;
    const acpu_api_def *other = other_api(c, c->rebind_param);
    aclnnStatus st;
    switch (c->mode) {
    case P2_TWICE:
        if (run_own(c, exec, w, "phase 2") == ACLNN_SUCCESS)
            must_fail(run_own(c, exec, w, "phase 2 (run again)"), "a second run of a non-repeatable executor");
        break;
    case P2_REPEATABLE:
        if (aclSetAclOpExecutorRepeatable(exec) != ACLNN_SUCCESS)
            fail("aclSetAclOpExecutorRepeatable of a fresh executor failed");
        run_own(c, exec, w, "phase 2 (repeatable)");
        run_own(c, exec, w, "phase 2 (repeatable, again)");
        if (aclDestroyAclOpExecutor(exec) != ACLNN_SUCCESS)
            fail("aclDestroyAclOpExecutor of a repeatable executor failed");
        return;
    case P2_DESTROYED:
        if (aclDestroyAclOpExecutor(exec) != ACLNN_SUCCESS)
            fail("aclDestroyAclOpExecutor of an executor that has not run failed");
        must_fail(run_own(c, exec, w, "phase 2 (destroyed executor)"), "phase 2 with a destroyed executor");
        return;
    case P2_OTHER_API:
        if (other != NULL)
            must_fail(run_checked(c, other->run, w->ws, w->size, exec, NULL, w, other->name), "another API's phase 2");
        run_own(c, exec, w, "phase 2 (after another API's)");
        break;
    case P2_NULL_WS:
    case P2_SHORT_WS:
        if (w->size > 0) {
            bool null_ws = c->mode == P2_NULL_WS;
            st = run_checked(c, c->api->run, null_ws ? NULL : w->ws, null_ws ? w->size : w->size - 1, exec, NULL, w,
                             null_ws ? "phase 2 (NULL workspace)" : "phase 2 (short workspace)");
            must_fail(st, null_ws ? "phase 2 with a NULL workspace" : "phase 2 with a short workspace");
            break;
        }
        run_own(c, exec, w, "phase 2"); /* no workspace to withhold */
        break;
    case P2_FOREIGN_STREAM:
        must_fail(run_checked(c, c->api->run, w->ws, w->size, exec, (aclrtStream)&not_a_stream, w,
                              "phase 2 (foreign stream)"),
                  "phase 2 on a foreign stream");
        break;
    case P2_FREE_HANDLES:
        destroy_handles(c);
        run_own(c, exec, w, "phase 2 (tensors and scalars destroyed)");
        break;
    case P2_REBIND: phase2_rebind(c, exec, w, seed); return;
    default: run_own(c, exec, w, "phase 2"); break;
    }
    aclDestroyAclOpExecutor(exec); /* a failed or refused run may leave it live */
}

static void phase2(call *c, aclOpExecutor *exec, uint64_t ws_size, uint64_t seed)
{
    if (ws_size > MAX_WORKSPACE) {
        aclDestroyAclOpExecutor(exec);
        return;
    }
    workspace w = {NULL, ws_size, NULL};
    if (ws_size > 0) {
        w.base = malloc(2 * GUARD + ws_size);
        if (w.base == NULL)
            fail("out of memory for a %llu-byte workspace", (unsigned long long)ws_size);
        memset(w.base, GUARD_BYTE, 2 * GUARD + ws_size);
        w.ws = w.base + GUARD;
    }
    phase2_modes(c, exec, &w, seed);
    free(w.base);
}

/* ---- entry points -------------------------------------------------------------------------------- */

static void print_i64s(const char *name, const int64_t *v, uint64_t n)
{
    fprintf(stderr, " %s={", name);
    for (uint64_t k = 0; k < n; k++)
        fprintf(stderr, "%s%lld", k ? "," : "", (long long)v[k]);
    fputc('}', stderr);
}

static void describe_tensor(const call *c, int t)
{
    const tdesc *d = &c->t[t];
    uint64_t bytes = 0;
    store_class cls = classify_storage(d, &bytes);
    fprintf(stderr, "  %s: dtype=%d format=%d", tensor_name(c, t), (int)d->dtype, (int)d->format);
    print_i64s("dims", d->dims, d->rank);
    if (d->has_strides)
        print_i64s("strides", d->strides, d->rank);
    fprintf(stderr, " offset=%lld", (long long)d->offset);
    if (d->storage_none)
        fputs(" storage=none", stderr);
    else
        print_i64s("storage", d->storage, d->storage_rank);
    fprintf(stderr, " buffer=%s", cls == STORE_REAL ? "real" : cls == STORE_HUGE ? "NULL(huge)" : "small");
    if (c->at[t].buf != t)
        fprintf(stderr, " of %s", tensor_name(c, c->at[t].buf));
    fprintf(stderr, "%s%s\n", c->null_data[t] ? " data=NULL" : "", c->th[t] == NULL ? " handle=NULL" : "");
}

static void describe(const call *c)
{
    fprintf(stderr, "fuzz_api: %s profile=%s ub=%lld traps=%d mode=%u outPtrs=%u\n", c->api->name, report.soc,
            (long long)c->ub_override, c->traps, c->mode, c->out_ptrs);
    for (int t = 0; t < c->nt; t++)
        describe_tensor(c, t);
    for (int i = 0; i < c->api->n_params; i++) {
        acpu_param_kind k = c->api->params[i].kind;
        const char *name = c->api->params[i].name;
        if (k == ACPU_P_SCALAR || k == ACPU_P_SCALAR_OPT)
            fprintf(stderr, "  %s: scalar dtype=%d%s\n", name, (int)c->sdt[i], c->args[i].p ? "" : " NULL");
        else if (k == ACPU_P_BOOL)
            fprintf(stderr, "  %s: %s\n", name, c->args[i].b ? "true" : "false");
        else if (k == ACPU_P_INT)
            fprintf(stderr, "  %s: %lld\n", name, (long long)c->args[i].i);
        else if (k == ACPU_P_STRING)
            fprintf(stderr, "  %s: %s%s%s\n", name, c->args[i].s ? "\"" : "", c->args[i].s ? c->args[i].s : "NULL",
                    c->args[i].s ? "\"" : "");
    }
}

static aclnnStatus phase1(call *c, uint64_t *ws_size, aclOpExecutor **exec)
{
    traps_on(c);
    aclnnStatus st = c->api->invoke(c->args, ws_size, exec);
    traps_off(c);
    report.called = true;
    report.phase1 = st;
    return st;
}

static void run_call(call *c, uint64_t seed)
{
    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    if (verbose)
        describe(c);
    aclnnStatus st = phase1(c, c->out_ptrs == 1 ? NULL : &ws_size, c->out_ptrs == 2 ? NULL : &exec);
    if (verbose)
        fprintf(stderr, "  phase 1: %d workspace=%llu %s\n", (int)st, (unsigned long long)ws_size,
                st ? aclGetRecentErrMsg() : "");
    check_buffers(c, false, "phase 1"); /* phase 1 never writes */
    if (c->handle_fault)
        must_fail(st, "phase 1 with a NULL or destroyed handle");
    if (c->out_ptrs == 1 || c->out_ptrs == 2)
        must_fail(st, "phase 1 with a NULL out-pointer");
    if (st != ACLNN_SUCCESS)
        return;
    if (exec == NULL)
        fail("phase 1 returned 0 and no executor");
    check_accepted(c);
    phase2(c, exec, ws_size, seed);
}

static void call_free(call *c)
{
    destroy_handles(c);
    for (int i = 0; i <= SPARE; i++)
        buffer_free(&c->buf[i]);
    if (aclnnCpuSetPlatform(NULL, 0, 0) != ACL_SUCCESS)
        fail("aclnnCpuSetPlatform(NULL, 0, 0) refused");
}

/* Header, parameters, aliasing, buffers, handles; false when the API has a parameter kind without a
 * reader (then nothing was created). */
static bool decode(reader *r, call *c, uint64_t *seed)
{
    uint8_t h[9];
    for (int i = 0; i < 9; i++)
        h[i] = rd_u8(r);
    *seed = rd_u32(r);
    c->api_index = h[0] % acpu_api_count;
    c->api = acpu_apis[c->api_index];
    report.api = c->api_index;
    c->mode = (h[1] & 15) % P2_COUNT;
    c->traps = (h[1] >> 4) & 1;
    c->out_ptrs = (h[1] >> 5) & 3;
    c->rebind = h[7];
    c->rebind_param = h[8];
    layout(c);
    if (!read_params(r, c)) {
        destroy_handles(c);
        return false;
    }
    for (int t = 0; t < c->nt; t++)
        c->at[t] = (loc){t, 0};
    alias_mode(c, h[2], h[3]);
    null_data_fault(c, h[4]);
    for (int t = 0; t < c->nt; t++)
        if (c->at[t].buf == t)
            buffer_make(&c->buf[t], &c->t[t], *seed * 3 + (uint64_t)t * 1031);
    create_tensors(c);
    handle_faults(c, h[4]);
    set_platform(c, h[5], h[6]);
    report.n_tensors = c->nt;
    for (int t = 0; t < c->nt; t++) {
        report.tensor_param[t] = c->param_of[t];
        report.tensor_dtype[t] = c->t[t].dtype;
    }
    return true;
}

void acpu_fuzz_api_init(void)
{
    /* one thread: deterministic, and a crash reproduces from its input alone */
    setenv("ACLNN_CPU_NUM_THREADS", "1", 1);
    if (aclnnCpuSetNumThreads(1) != ACL_SUCCESS)
        fail("aclnnCpuSetNumThreads(1) refused");
    pool_fill();
    const char *v = getenv("FUZZ_API_VERBOSE");
    verbose = v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

const acpu_fuzz_api_report *acpu_fuzz_api_last(void) { return &report; }

void acpu_fuzz_api_one(const uint8_t *data, size_t size)
{
    static call c; /* large: kept off the stack */
    memset(&c, 0, sizeof c);
    memset(&report, 0, sizeof report);
    report.api = -1;
    report.unhandled_kind = -1;
    if (size == 0 || acpu_api_count == 0)
        return;
    reader r = {data, size, 0};
    uint64_t seed = 0;
    if (!decode(&r, &c, &seed))
        return;
    run_call(&c, seed);
    call_free(&c);
}

#ifndef ACPU_FUZZ_NO_ENTRY
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    acpu_fuzz_api_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    acpu_fuzz_api_one(data, size);
    return 0;
}
#endif
