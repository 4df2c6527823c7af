/* libFuzzer target over the public API of aclnnEluBackward and aclnnSoftplusBackward, run under
 * ASan + UBSan (fuzz/CMakeLists.txt). Each input describes one call, hostile caller included:
 * any int32 dtype, ranks 0..9, dims and strides from 0 to INT64_MAX (and negative), offsets,
 * storage shapes that fit, do not fit or are absent, scalars of every dtype with arbitrary bytes,
 * NULL and destroyed handles, outputs aliasing inputs, a destroyed executor or the other
 * operator's phase 2, a short or NULL workspace, a foreign stream, FP exceptions unmasked.
 *
 * Buffers are real and exactly as large as the storage the descriptor claims, when that is at
 * most MAX_REAL_BYTES; a claim that no memory can hold (>= 2^63 bytes, or an overflowing product)
 * gets a small real buffer, which the library must refuse to touch; a claim in between gets NULL
 * data, which it must refuse for a non-empty tensor. Every buffer has GUARD bytes on both sides.
 * After each call (abort() on any violation, so libFuzzer keeps the input):
 *   - every guard byte is intact, and so is every byte of every buffer the output does not use;
 *   - on failure, and after phase 1 always, the output's buffer is bit-for-bit unchanged;
 *   - on success, only bytes inside gradInput's view changed, gradInput's dtype is one the
 *     README lists, its view fits its claimed storage, that storage is possible, and the view
 *     has no dim > 1 with stride 0;
 *   - calls that must fail (NULL or destroyed handle, NULL out-pointer, destroyed executor,
 *     the other operator's executor, NULL or short workspace, foreign stream) do fail.
 * Every size the harness computes itself goes through checked arithmetic: the harness has no UB.
 *
 * Input format (fuzz/make_corpus.py writes seeds in it; bytes past the end read as 0):
 *   header  b0: bit 0 op (0 ELU, 1 softplus), bit 1 isResult, bit 2 FP traps, bits 3-5 platform
 *               (0 default, 1 host, 2 Ascend910, 3 Ascend910B, 4 Ascend910_93, 5 Ascend950,
 *               6 Ascend910B with coreNum = b4 % 65, 7 host with ubBytes = b4 * 1024)
 *           b1: bits 0-2 phase-2 mode (enum p2_mode), bit 3 run twice in modes 0 and 1,
 *               bits 4-7: 15 = NULL workspaceSize pointer, 14 = NULL executor pointer
 *           b2: aliasing (alias_mode()), b3: handle faults (handle_faults()), b4: platform parameter,
 *           b5..b8: seed of the buffer contents (little endian)
 *   tensor  x3 (gradOutput, self/selfOrResult, gradInput):
 *           dtype (read_dtype), format byte, rank byte (% 10), rank dims (read_dim),
 *           stride mode byte (< 0x80 NULL, else rank stride bytes, read_stride),
 *           offset byte (read_offset), storage mode byte (read_storage)
 *   scalar  x3 ELU (alpha, scale, inputScale) / x2 softplus (beta, threshold):
 *           dtype (read_dtype), value byte (< 0xE0 typical value, else 16 raw bytes follow)
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
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"

#define MAX_RANK 9                  /* one above the operators' limit of 8 */
#define MAX_REAL_BYTES (1u << 20)   /* largest storage backed by a real buffer */
#define SMALL_BYTES 64              /* real buffer behind an impossible storage claim */
#define GUARD 64                    /* guard bytes on each side of every buffer */
#define GUARD_BYTE 0xA5
#define MAX_WORKSPACE (64u << 20)   /* a larger workspace request is not run */
#define MAX_MARKED (1u << 22)       /* view elements walked when checking what phase 2 wrote */
#define NT 3                        /* tensors: gradOutput, self, gradInput */
#define OUT 2                       /* gradInput's index */
/* Loops over buffer bytes: uninstrumented, or libFuzzer's comparison hooks cost more than the call. */
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))

/* ---- failures --------------------------------------------------------------------------- */

static bool verbose; /* FUZZ_API_VERBOSE=1: the decoded call and each status on stderr (triage) */

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz_api: ", stderr);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (last library message: \"%s\")\n", aclGetRecentErrMsg());
    va_end(ap);
    abort();
}

/* ---- input reader ----------------------------------------------------------------------- */

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

/* ---- dtypes ------------------------------------------------------------------------------ */

/* Every aclDataType value of include/acl/acl_base.h: a byte >= 64 picks one of these. */
static const int32_t real_dtypes[] = {
    ACL_DT_UNDEFINED, ACL_FLOAT,     ACL_FLOAT16,    ACL_INT8,          ACL_INT32,          ACL_UINT8,
    ACL_INT16,        ACL_UINT16,    ACL_UINT32,     ACL_INT64,         ACL_UINT64,         ACL_DOUBLE,
    ACL_BOOL,         ACL_STRING,    ACL_COMPLEX64,  ACL_COMPLEX128,    ACL_BF16,           ACL_INT4,
    ACL_UINT1,        ACL_COMPLEX32, ACL_HIFLOAT8,   ACL_FLOAT8_E5M2,   ACL_FLOAT8_E4M3FN,  ACL_FLOAT8_E8M0,
    ACL_FLOAT6_E3M2,  ACL_FLOAT6_E2M3, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2,
    /* the operators' own dtypes once more: valid calls stay likely under mutation */
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
    case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 16;
    case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32: return 32;
    case ACL_DOUBLE: case ACL_INT64: case ACL_UINT64: case ACL_COMPLEX64: return 64;
    case ACL_COMPLEX128: return 128;
    case ACL_INT4: case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2: return 4;
    case ACL_UINT1: return 1;
    default: return 8;
    }
}

/* gradInput dtypes of the README's table. */
static bool output_dtype_listed(bool softplus, int32_t dt)
{
    switch (dt) {
    case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: case ACL_DOUBLE: return true;
    case ACL_COMPLEX64: case ACL_COMPLEX128: return !softplus;
    default: return false;
    }
}

/* ---- tensor descriptors ------------------------------------------------------------------ */

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

static const int64_t special_values[16] = {
    0, INT32_MAX, (int64_t)1 << 31, ((int64_t)1 << 32) - 1, (int64_t)1 << 32, ((int64_t)1 << 32) + 1,
    (int64_t)1 << 40, (int64_t)1 << 62, ((int64_t)1 << 62) + 1, INT64_MAX, -1, INT64_MIN, 3, 65536,
    0 /* raw */, 0 /* raw */};

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
    if (d->has_strides)
        memcpy(strides, d->strides, sizeof strides);
    else
        contiguous_strides(d, strides);
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

static const int32_t formats[8] = {ACL_FORMAT_ND, ACL_FORMAT_ND, ACL_FORMAT_ND, ACL_FORMAT_NCHW,
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

/* ---- buffers ----------------------------------------------------------------------------- */

typedef enum {
    STORE_REAL,       /* claim <= MAX_REAL_BYTES: a buffer of exactly that size */
    STORE_HUGE,       /* a possible claim above that: NULL data */
    STORE_IMPOSSIBLE  /* >= 2^63 bytes or overflowing: a SMALL_BYTES buffer */
} store_class;

/* Bytes of the claimed storage: prod(storage dims) elements (1 without a storage shape). */
static store_class classify_storage(const tdesc *d, uint64_t *bytes)
{
    uint64_t elems = 1;
    for (uint64_t k = 0; k < d->storage_rank; k++) {
        if (d->storage[k] < 0)
            return *bytes = 0, STORE_REAL; /* aclCreateTensor refuses it: never used */
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

static void buffer_make(buffer *b, const tdesc *d, uint64_t seed)
{
    uint64_t bytes = 0;
    memset(b, 0, sizeof *b);
    b->cls = classify_storage(d, &bytes);
    if (b->cls == STORE_HUGE)
        return;
    b->size = b->cls == STORE_REAL ? (size_t)bytes : SMALL_BYTES;
    b->base = malloc(2 * GUARD + b->size);
    b->snapshot = malloc(2 * GUARD + b->size);
    if (b->base == NULL || b->snapshot == NULL)
        fail("out of memory for a %zu-byte buffer", b->size);
    memset(b->base, GUARD_BYTE, GUARD);
    memcpy(b->base + GUARD, pool + seed % POOL_WINDOWS, b->size);
    memset(b->base + GUARD + b->size, GUARD_BYTE, GUARD);
}

static uint8_t *buffer_data(const buffer *b) { return b->base ? b->base + GUARD : NULL; }

static void buffer_free(buffer *b)
{
    free(b->base);
    free(b->snapshot);
}

static void buffer_snapshot(buffer *b)
{
    if (b->base)
        memcpy(b->snapshot, b->base, 2 * GUARD + b->size);
}

/* ---- scalars ----------------------------------------------------------------------------- */

typedef struct {
    float f;
    double d;
    int64_t i; /* what an integer dtype stores (truncated to its width) */
} typical;

static const typical typical_values[] = {
    {1.0f, 1.0, 1},          {0.5f, 0.5, 0},           {2.0f, 2.0, 2},          {-1.0f, -1.0, -1},
    {0.0f, 0.0, 0},          {-0.0f, -0.0, 0},         {__builtin_nanf(""), __builtin_nan(""), INT64_MIN},
    {__builtin_inff(), __builtin_inf(), INT64_MAX},   {-__builtin_inff(), -__builtin_inf(), INT64_MIN},
    {1e30f, 1e30, INT64_MAX}, {1e-40f, 1e-40, 0},      {1.0507010f, 1.0507009873554805, 1},
    {1.6732632f, 1.6732632423543772, 1},              {20.0f, 20.0, 20},       {-20.0f, -20.0, -20},
    {65504.0f, 65504.0, 65504}, {__builtin_inff(), 1e300, 255}, {-3.5f, -3.5, -3}, {100.0f, 100.0, 128},
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
    case ACL_DOUBLE: case ACL_COMPLEX128: memcpy(out, &t->d, sizeof t->d); break;
    case ACL_FLOAT16: { uint16_t h = f16_bits(t->f); memcpy(out, &h, 2); break; }
    case ACL_BF16: { uint16_t h = (uint16_t)(fb >> 16); memcpy(out, &h, 2); break; }
    case ACL_INT8: case ACL_UINT8: case ACL_BOOL: case ACL_INT16: case ACL_UINT16: case ACL_INT32:
    case ACL_UINT32: case ACL_INT64: case ACL_UINT64: memcpy(out, &t->i, sizeof t->i); break; /* little endian */
    default: memcpy(out, &fb, sizeof fb); break; /* FLOAT, COMPLEX64 (imaginary 0), others */
    }
}

static aclScalar *read_scalar(reader *r)
{
    int32_t dt = read_dtype(r);
    uint8_t v = rd_u8(r), value[16];
    if (v < 0xE0)
        encode_typical(&typical_values[v % N_TYPICAL], dt, value);
    else
        for (int i = 0; i < 16; i++)
            value[i] = rd_u8(r);
    return aclCreateScalar(value, (aclDataType)dt);
}

/* ---- one call ---------------------------------------------------------------------------- */

enum p2_mode {
    P2_NORMAL,        /* run (twice with bit 3: the second must fail) */
    P2_REPEATABLE,    /* repeatable, run (twice with bit 3), destroy */
    P2_DESTROYED,     /* destroy the executor, then run: must fail */
    P2_OTHER_OP,      /* the other operator's phase 2 first: must fail; then the right one */
    P2_NULL_WS,       /* workspace NULL with a size > 0: must fail */
    P2_SHORT_WS,      /* one byte less workspace than asked: must fail */
    P2_FOREIGN_STREAM, /* a stream that is no stream: must fail */
    P2_FREE_HANDLES   /* destroy tensors and scalars between the phases, then run */
};

typedef struct {
    bool softplus, is_result, traps;
    unsigned mode;
    bool twice;
    unsigned out_ptrs;
    tdesc t[NT];
    int owner[NT];      /* index of the tensor whose buffer this tensor's data points into */
    bool null_data[NT];
    buffer buf[NT];     /* buf[i] is used only when owner[i] == i */
    aclTensor *th[NT];
    aclScalar *sh[3];
    bool th_dead[NT], sh_dead[3]; /* destroyed on purpose: passed as is, never destroyed again */
    int n_scalars;
    bool handle_fault;  /* a NULL or destroyed handle: phase 1 must fail */
} call;

static const char *const tensor_names[NT] = {"gradOutput", "self", "gradInput"};

static void set_platform(uint8_t b0, uint8_t param)
{
    static const char *const socs[8] = {NULL, "host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950",
                                        "Ascend910B", "host"};
    unsigned p = (b0 >> 3) & 7;
    int32_t cores = p == 6 ? param % 65 : 0;
    int64_t ub = p == 7 ? (int64_t)param * 1024 : 0;
    if (aclnnCpuSetPlatform(socs[p], cores, ub) != ACL_SUCCESS)
        fail("aclnnCpuSetPlatform(%s, %d, %lld) refused", socs[p] ? socs[p] : "NULL", (int)cores, (long long)ub);
}

/* Tensor dst may take tensor src's storage: src has a real buffer and dst's elements are whole
 * bytes no wider than src's, so dst's claim is at most src's buffer. */
static bool may_share(const call *c, int src, int dst)
{
    uint64_t bytes;
    unsigned bits = dtype_bits(c->t[dst].dtype);
    return classify_storage(&c->t[src], &bytes) == STORE_REAL && bits <= dtype_bits(c->t[src].dtype) &&
           bits % 8 == 0;
}

static void share_storage(call *c, int src, int dst)
{
    memcpy(c->t[dst].storage, c->t[src].storage, sizeof c->t[dst].storage);
    c->t[dst].storage_rank = c->t[src].storage_rank;
    c->t[dst].storage_none = c->t[src].storage_none;
    c->owner[dst] = src;
}

/* b2 < 0xA0: none; 0xA0: gradInput is input (b2 & 1)'s exact view; 0xB0: that view shifted by
 * 1..8 elements; 0xC0: gradInput's own view over input (b2 & 1)'s storage; 0xD0: a zero stride on
 * one of gradInput's dims; 0xE0: self's own view over gradOutput's storage; 0xF0: all three
 * tensors the same view. */
static void alias_mode(call *c, uint8_t a)
{
    int src = a & 1;
    tdesc *out = &c->t[OUT];
    switch (a >> 4) {
    case 0xA: *out = c->t[src]; c->owner[OUT] = src; break;
    case 0xB:
        *out = c->t[src];
        out->offset = sat_add(out->offset, 1 + ((a >> 1) & 7));
        c->owner[OUT] = src;
        break;
    case 0xC:
        if (may_share(c, src, OUT))
            share_storage(c, src, OUT);
        break;
    case 0xD:
        if (out->rank > 0) {
            if (!out->has_strides)
                contiguous_strides(out, out->strides);
            out->has_strides = true;
            out->strides[(a & 15) % out->rank] = 0;
        }
        break;
    case 0xE:
        if (may_share(c, 0, 1))
            share_storage(c, 0, 1);
        break;
    case 0xF:
        c->t[1] = *out = c->t[0];
        c->owner[1] = c->owner[OUT] = 0;
        break;
    default: break;
    }
}

static aclTensor *create_tensor(const tdesc *d, void *data)
{
    return aclCreateTensor(d->dims, d->rank, (aclDataType)d->dtype, d->has_strides ? d->strides : NULL, d->offset,
                           (aclFormat)d->format, d->storage_none ? NULL : d->storage, d->storage_rank, data);
}

static void *tensor_data(const call *c, int i)
{
    return c->null_data[i] ? NULL : buffer_data(&c->buf[c->owner[i]]);
}

/* Argument k (tensors first, then scalars) destroyed: then passed as NULL, or as the dangling
 * pointer (`dangling`), which the library must recognise as dead without reading it. */
static void fault_arg(call *c, int k, bool dangling)
{
    aclnnStatus st;
    if (k < NT && c->th[k] != NULL) {
        st = aclDestroyTensor(c->th[k]);
        c->th_dead[k] = dangling;
        c->th[k] = dangling ? c->th[k] : NULL;
    } else if (k >= NT && c->sh[k - NT] != NULL) {
        st = aclDestroyScalar(c->sh[k - NT]);
        c->sh_dead[k - NT] = dangling;
        c->sh[k - NT] = dangling ? c->sh[k - NT] : NULL;
    } else {
        return; /* not created: already a fault */
    }
    if (st != ACLNN_SUCCESS)
        fail("destroying live argument %d failed: %d", k, (int)st);
    c->handle_fault = true;
}

/* b3 < 0xC0: none; 0xC0: NULL data for tensor (b3 & 15) % 3 (before creation); 0xD0: a NULL handle
 * for argument k = (b3 & 15) % (3 + scalars); 0xE0: argument k destroyed; 0xF0: k NULL and k + 1
 * destroyed. */
static void null_data_fault(call *c, uint8_t h)
{
    if ((h >> 4) == 0xC)
        c->null_data[(h & 15) % NT] = true;
}

static void handle_faults(call *c, uint8_t h)
{
    int nargs = NT + c->n_scalars, k = (h & 15) % nargs;
    if ((h >> 4) == 0xD || (h >> 4) == 0xF)
        fault_arg(c, k, false);
    if ((h >> 4) == 0xE)
        fault_arg(c, k, true);
    if ((h >> 4) == 0xF)
        fault_arg(c, (k + 1) % nargs, true);
}

static void destroy_handles(call *c)
{
    for (int i = 0; i < NT; i++)
        if (c->th[i] && !c->th_dead[i] && aclDestroyTensor(c->th[i]) != ACLNN_SUCCESS)
            fail("aclDestroyTensor(%s) of a live tensor failed", tensor_names[i]);
    for (int i = 0; i < c->n_scalars; i++)
        if (c->sh[i] && !c->sh_dead[i] && aclDestroyScalar(c->sh[i]) != ACLNN_SUCCESS)
            fail("aclDestroyScalar of a live scalar failed");
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

/* ---- what an accepted call must satisfy --------------------------------------------------- */

static void effective_strides(const tdesc *d, int64_t *strides)
{
    if (d->has_strides)
        memcpy(strides, d->strides, sizeof d->strides);
    else
        contiguous_strides(d, strides);
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
        if (d->dims[k] < 1 || strides[k] < 0 || __builtin_mul_overflow((uint64_t)(d->dims[k] - 1), (uint64_t)strides[k], &term) ||
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

/* Phase 1 returned 0: the README's contract for every tensor of the call. Runs only for live,
 * created tensors (aclCreateTensor refused negative dims, strides and offsets). An empty output
 * ends validation before the data checks (BEHAVIOUR.md: "any empty tensor -> workspace 0"):
 * nothing is read or written then. */
static void check_accepted(const call *c)
{
    const tdesc *out = &c->t[OUT];
    if (!output_dtype_listed(c->softplus, out->dtype))
        fail("%s accepted gradInput dtype %d", c->softplus ? "SoftplusBackward" : "EluBackward", (int)out->dtype);
    if (view_empty(out))
        return;
    for (int i = 0; i < NT; i++) {
        const tdesc *d = &c->t[i];
        if (view_empty(d))
            continue;
        uint64_t count, last, bytes, elems = 1;
        if (!view_count(d, &count))
            fail("accepted %s with an element count above 2^64", tensor_names[i]);
        store_class cls = classify_storage(d, &bytes);
        if (cls == STORE_IMPOSSIBLE)
            fail("accepted %s whose storage claims 2^63 bytes or more", tensor_names[i]);
        if (tensor_data(c, i) == NULL)
            fail("accepted non-empty %s with NULL data", tensor_names[i]);
        for (uint64_t k = 0; k < d->storage_rank; k++)
            elems *= (uint64_t)d->storage[k]; /* no overflow: cls is not STORE_IMPOSSIBLE */
        if (d->storage_none && d->rank > 0)
            fail("accepted %s of rank %llu without a storage shape", tensor_names[i], (unsigned long long)d->rank);
        if (!view_last(d, &last) || last >= elems)
            fail("accepted %s whose view (offset %lld) does not fit its storage of %llu elements", tensor_names[i],
                 (long long)d->offset, (unsigned long long)elems);
    }
    int64_t strides[MAX_RANK];
    effective_strides(out, strides);
    for (uint64_t k = 0; k < out->rank; k++)
        if (out->dims[k] > 1 && strides[k] == 0)
            fail("accepted a gradInput with stride 0 on dim %llu of size %lld (it overlaps itself)",
                 (unsigned long long)k, (long long)out->dims[k]);
}

/* Copies the bytes of gradInput's view from `from` to `to` (both the buffer's data bytes); false
 * when the view has more than MAX_MARKED elements. Positions cannot overflow: check_accepted
 * proved the last one fits a real storage. */
NO_COVERAGE static bool copy_output_view(const call *c, const uint8_t *from, uint8_t *to, size_t size)
{
    const tdesc *d = &c->t[OUT];
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
        if (pos >= size / esize)
            fail("gradInput element at %llu lies outside its %zu-byte buffer", (unsigned long long)pos, size);
        memcpy(to + pos * esize, from + pos * esize, esize);
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

/* After a call: guards intact everywhere; on failure nothing changed; on success only bytes of
 * gradInput's view changed (the snapshot with the view's new bytes copied in must equal the
 * buffer). The snapshots then move on to the new contents. */
static void check_buffers(call *c, bool success, const char *what)
{
    for (int i = 0; i < NT; i++) {
        buffer *b = &c->buf[i];
        if (c->owner[i] != i || b->base == NULL)
            continue;
        uint8_t *now = b->base + GUARD, *before = b->snapshot + GUARD;
        if (memcmp(b->base, b->snapshot, GUARD) != 0 || memcmp(now + b->size, before + b->size, GUARD) != 0)
            fail("%s wrote a guard byte of %s's %zu-byte buffer", what, tensor_names[i], b->size);
        bool written = success && c->owner[OUT] == i && !c->null_data[OUT];
        bool checkable = !written || copy_output_view(c, now, before, b->size);
        if (checkable && memcmp(now, before, b->size) != 0)
            fail("%s (%s) changed byte %zu of %s's buffer%s", what, success ? "success" : "failure",
                 first_difference(now, before, b->size), tensor_names[i], written ? ", outside gradInput's view" : "");
        buffer_snapshot(b);
    }
}

/* ---- phase 2 ----------------------------------------------------------------------------- */

typedef aclnnStatus (*phase2_fn)(void *, uint64_t, aclOpExecutor *, aclrtStream);

typedef struct {
    uint8_t *base; /* GUARD + size + GUARD */
    uint64_t size;
} workspace;

static aclnnStatus run_checked(call *c, phase2_fn fn, void *ws, uint64_t ws_size, aclOpExecutor *exec,
                               aclrtStream stream, const workspace *w, const char *what)
{
    traps_on(c);
    aclnnStatus st = fn(ws, ws_size, exec, stream);
    traps_off(c);
    if (verbose)
        fprintf(stderr, "  %s: %d %s\n", what, (int)st, st ? aclGetRecentErrMsg() : "");
    check_buffers(c, st == ACLNN_SUCCESS, what);
    static uint8_t guard[GUARD];
    memset(guard, GUARD_BYTE, GUARD);
    if (w->base && (memcmp(w->base, guard, GUARD) != 0 || memcmp(w->base + GUARD + w->size, guard, GUARD) != 0))
        fail("%s wrote a guard byte of the %llu-byte workspace", what, (unsigned long long)w->size);
    return st;
}

static void must_fail(aclnnStatus st, const char *what)
{
    if (st == ACLNN_SUCCESS)
        fail("%s returned 0", what);
}

static void phase2(call *c, aclOpExecutor *exec, uint64_t ws_size)
{
    phase2_fn run = c->softplus ? aclnnSoftplusBackward : aclnnEluBackward;
    phase2_fn other = c->softplus ? aclnnEluBackward : aclnnSoftplusBackward;
    if (ws_size > MAX_WORKSPACE) {
        aclDestroyAclOpExecutor(exec);
        return;
    }
    workspace w = {NULL, ws_size};
    if (ws_size > 0) {
        w.base = malloc(2 * GUARD + ws_size);
        if (w.base == NULL)
            fail("out of memory for a %llu-byte workspace", (unsigned long long)ws_size);
        memset(w.base, GUARD_BYTE, 2 * GUARD + ws_size);
    }
    void *ws = w.base ? w.base + GUARD : NULL;
    int not_a_stream = 0;
    aclnnStatus st;
    switch (c->mode) {
    case P2_REPEATABLE:
        if (aclSetAclOpExecutorRepeatable(exec) != ACLNN_SUCCESS)
            fail("aclSetAclOpExecutorRepeatable of a fresh executor failed");
        run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2 (repeatable)");
        if (c->twice)
            run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2 (repeatable, again)");
        if (aclDestroyAclOpExecutor(exec) != ACLNN_SUCCESS)
            fail("aclDestroyAclOpExecutor of a repeatable executor failed");
        break;
    case P2_DESTROYED:
        if (aclDestroyAclOpExecutor(exec) != ACLNN_SUCCESS)
            fail("aclDestroyAclOpExecutor of an executor that has not run failed");
        must_fail(run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2 (destroyed executor)"),
                  "phase 2 with a destroyed executor");
        break;
    case P2_OTHER_OP:
        must_fail(run_checked(c, other, ws, ws_size, exec, NULL, &w, "the other operator's phase 2"),
                  "the other operator's phase 2");
        run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2 (after the other operator's)");
        aclDestroyAclOpExecutor(exec); /* live or released by either run */
        break;
    case P2_NULL_WS:
    case P2_SHORT_WS:
        if (ws_size > 0) {
            bool null_ws = c->mode == P2_NULL_WS;
            st = run_checked(c, run, null_ws ? NULL : ws, null_ws ? ws_size : ws_size - 1, exec, NULL, &w,
                             null_ws ? "phase 2 (NULL workspace)" : "phase 2 (short workspace)");
            must_fail(st, null_ws ? "phase 2 with a NULL workspace" : "phase 2 with a short workspace");
            aclDestroyAclOpExecutor(exec);
            break;
        }
        /* fall through: no workspace to withhold */
    case P2_NORMAL:
    default:
        st = run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2");
        if (c->twice && st == ACLNN_SUCCESS)
            must_fail(run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2 (run again)"),
                      "a second run of a non-repeatable executor");
        aclDestroyAclOpExecutor(exec); /* a failed or refused run may leave it live */
        break;
    case P2_FOREIGN_STREAM:
        must_fail(run_checked(c, run, ws, ws_size, exec, (aclrtStream)&not_a_stream, &w, "phase 2 (foreign stream)"),
                  "phase 2 on a foreign stream");
        aclDestroyAclOpExecutor(exec);
        break;
    case P2_FREE_HANDLES:
        destroy_handles(c);
        run_checked(c, run, ws, ws_size, exec, NULL, &w, "phase 2 (tensors and scalars destroyed)");
        aclDestroyAclOpExecutor(exec);
        break;
    }
    free(w.base);
}

/* ---- entry points ------------------------------------------------------------------------ */

static void print_i64s(const char *name, const int64_t *v, uint64_t n)
{
    fprintf(stderr, " %s={", name);
    for (uint64_t k = 0; k < n; k++)
        fprintf(stderr, "%s%lld", k ? "," : "", (long long)v[k]);
    fputc('}', stderr);
}

static void describe(const call *c)
{
    fprintf(stderr, "fuzz_api: %s isResult=%d traps=%d mode=%u twice=%d outPtrs=%u\n",
            c->softplus ? "SoftplusBackward" : "EluBackward", c->is_result, c->traps, c->mode, c->twice, c->out_ptrs);
    for (int i = 0; i < NT; i++) {
        const tdesc *d = &c->t[i];
        uint64_t bytes = 0;
        store_class cls = classify_storage(d, &bytes);
        fprintf(stderr, "  %s: dtype=%d format=%d", tensor_names[i], (int)d->dtype, (int)d->format);
        print_i64s("dims", d->dims, d->rank);
        if (d->has_strides)
            print_i64s("strides", d->strides, d->rank);
        fprintf(stderr, " offset=%lld", (long long)d->offset);
        if (d->storage_none)
            fputs(" storage=none", stderr);
        else
            print_i64s("storage", d->storage, d->storage_rank);
        fprintf(stderr, " buffer=%s%s %s%s\n", cls == STORE_REAL ? "real" : cls == STORE_HUGE ? "NULL(huge)" : "small",
                c->owner[i] != i ? " of" : "", c->owner[i] != i ? tensor_names[c->owner[i]] : "",
                c->null_data[i] ? " data=NULL" : "");
    }
}

static aclnnStatus phase1(call *c, uint64_t *ws_size, aclOpExecutor **exec)
{
    traps_on(c);
    aclnnStatus st = c->softplus ? aclnnSoftplusBackwardGetWorkspaceSize(c->th[0], c->th[1], c->sh[0], c->sh[1],
                                                                         c->th[OUT], ws_size, exec)
                                 : aclnnEluBackwardGetWorkspaceSize(c->th[0], c->sh[0], c->sh[1], c->sh[2],
                                                                    c->is_result, c->th[1], c->th[OUT], ws_size,
                                                                    exec);
    traps_off(c);
    return st;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    /* one thread: deterministic, and a crash reproduces from its input alone */
    setenv("ACLNN_CPU_NUM_THREADS", "1", 1);
    if (aclnnCpuSetNumThreads(1) != ACL_SUCCESS)
        fail("aclnnCpuSetNumThreads(1) refused");
    pool_fill();
    const char *v = getenv("FUZZ_API_VERBOSE");
    verbose = v != NULL && *v != '\0' && strcmp(v, "0") != 0;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size, 0};
    static call c; /* large: kept off the stack */
    memset(&c, 0, sizeof c);
    uint8_t b0 = rd_u8(&r), b1 = rd_u8(&r), b2 = rd_u8(&r), b3 = rd_u8(&r), b4 = rd_u8(&r);
    uint64_t seed = rd_u32(&r);
    c.softplus = b0 & 1;
    c.is_result = (b0 >> 1) & 1;
    c.traps = (b0 >> 2) & 1;
    c.mode = b1 & 7;
    c.twice = (b1 >> 3) & 1;
    c.out_ptrs = b1 >> 4;
    c.n_scalars = c.softplus ? 2 : 3;
    set_platform(b0, b4);
    for (int i = 0; i < NT; i++) {
        read_tensor(&r, &c.t[i]);
        c.owner[i] = i;
    }
    alias_mode(&c, b2);
    null_data_fault(&c, b3);
    for (int i = 0; i < NT; i++)
        if (c.owner[i] == i)
            buffer_make(&c.buf[i], &c.t[i], seed * 3 + (uint64_t)i * 1031);
    for (int i = 0; i < NT; i++)
        c.handle_fault |= (c.th[i] = create_tensor(&c.t[i], tensor_data(&c, i))) == NULL;
    for (int i = 0; i < c.n_scalars; i++)
        c.handle_fault |= (c.sh[i] = read_scalar(&r)) == NULL;
    handle_faults(&c, b3);
    for (int i = 0; i < NT; i++)
        buffer_snapshot(&c.buf[i]);

    uint64_t ws_size = 0;
    aclOpExecutor *exec = NULL;
    if (verbose)
        describe(&c);
    aclnnStatus st = phase1(&c, c.out_ptrs == 15 ? NULL : &ws_size, c.out_ptrs == 14 ? NULL : &exec);
    if (verbose)
        fprintf(stderr, "  phase 1: %d workspace=%llu %s\n", (int)st, (unsigned long long)ws_size,
                st ? aclGetRecentErrMsg() : "");
    check_buffers(&c, false, "phase 1"); /* phase 1 never writes */
    if (c.handle_fault || c.out_ptrs >= 14)
        must_fail(st, c.handle_fault ? "phase 1 with a NULL or destroyed handle" : "phase 1 with a NULL out-pointer");
    if (st == ACLNN_SUCCESS) {
        if (exec == NULL)
            fail("phase 1 returned 0 and no executor");
        check_accepted(&c);
        phase2(&c, exec, ws_size);
    }
    destroy_handles(&c);
    for (int i = 0; i < NT; i++)
        buffer_free(&c.buf[i]);
    return 0;
}
