/* libFuzzer target over the tiling lab (aclnnCpuGetTilingPlan, aclnnCpuGetTilingUsage,
 * aclnnCpuGetOpRegistry), run under ASan + UBSan (fuzz/CMakeLists.txt). One input is one call:
 * for aclnnCpuGetTilingPlan, an op (an API's snake name from the registry, its aclnn name, arbitrary
 * bytes or NULL) and an option vector whose names come from the API's real option set, as the lab
 * derives it from the registry (--soc --cores --ub --dtype --shape --strategy, --<word>-dtype and
 * --<word>-shape per tensor parameter, --<kebab-name> per attribute) or are arbitrary, with typical
 * values (profiles, core counts and UBs around the tiles' thresholds, every dtype name, shapes with
 * zeros, huge dims, 9 dims, bad numbers, the operator's strategies, the attributes' choices) or
 * arbitrary bytes, NULL entries, argc shorter than the vector, a NULL argv, a negative argc; and a
 * json buffer that is absent, tiny, exactly the length, one more, or large.
 *
 * Invariants (abort() on any violation):
 *   - the status is one of 0, 161001, 161002, 561000, 561002, and 161001 exactly when a pointer
 *     argument is NULL where it must not be or an argv entry below argc is NULL (wherever it
 *     stands); a failure leaves a message naming the call;
 *   - nothing is written at or past jsonSize, and nothing at all on failure;
 *   - on success the text is NUL-terminated at *jsonLength, has no other NUL, fits jsonSize, and
 *     (plans and the registry) is one JSON value; a length query (json NULL) gives the length a
 *     buffer of length + 1 then receives, and a buffer of exactly the length gets 161002 with the
 *     length still reported;
 *   - a plan's schedule (--schedule) with elements has a core and a tile of at least one element.
 *
 * Input format (fuzz/make_corpus.py writes seeds in it; bytes past the end read as 0):
 *   h0 bits 0-1 the call (0, 1 plan; 2 usage; 3 registry), bits 2-4 the op name (0-3 the API's snake
 *      name, 4 its aclnn name, 5 arbitrary bytes, 6 NULL, 7 the snake name with a suffix),
 *   h1 the API (% acpu_api_count),
 *   h2 bits 0-2 the json buffer (json_mode), bit 3 jsonLength NULL, bit 4 "--schedule" appended to
 *      the vector (the engine's schedule in the plan), h3 the buffer's parameter,
 *   h4 bits 0-1 argc (0 the vector's length, 1 fewer by h5, 2 argv NULL, 3 negative), h5 its parameter,
 *   then tokens until the input ends (read_token), at most MAX_TOKENS.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclnn_cpu/aclnn_cpu.h"
#include "acl/acl.h"
#include "acpu_fuzz.h"
#include "lab/acpu_lab.h"
#include "ops/acpu_registry.h"

#define MAX_TOKENS 32
#define MAX_ARBITRARY 40 /* arbitrary token bytes */
#define MAX_OPTIONS (6 + 2 * ACPU_MAX_PARAMS)
#define GUARD 64
#define GUARD_BYTE 0x5A
#define BIG_JSON (256u * 1024u + 16u)
#define MAX_JSON_DEPTH 64

static acpu_fuzz_tiling_report report;
static bool verbose; /* FUZZ_TILING_VERBOSE=1: the decoded call and its status on stderr */

__attribute__((format(printf, 1, 2), noreturn)) static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz_tiling: ", stderr);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (last library message: \"%s\")\n", aclGetRecentErrMsg());
    va_end(ap);
    abort();
}

/* ---- input reader -------------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *p;
    size_t n, at;
} reader;

static uint8_t rd_u8(reader *r) { return r->at < r->n ? r->p[r->at++] : 0; }
static bool rd_more(const reader *r) { return r->at < r->n; }

/* ---- the options of an API, as the lab derives them from its row ---------------------------------- */

typedef enum { V_SOC, V_CORES, V_UB, V_DTYPE, V_SHAPE, V_STRATEGY, V_REAL, V_CHOICE, V_INT, V_NONE } value_kind;

typedef struct {
    char name[64]; /* without the "--" */
    value_kind kind;
    const acpu_attr_def *attr; /* V_CHOICE, V_INT: the attribute */
} option;

typedef struct {
    int n;
    option o[MAX_OPTIONS];
} option_set;

static void add_option(option_set *s, const char *name, value_kind kind, const acpu_attr_def *attr)
{
    if (s->n >= MAX_OPTIONS)
        fail("more than %d options for one API", MAX_OPTIONS);
    option *o = &s->o[s->n++];
    snprintf(o->name, sizeof o->name, "%s", name);
    o->kind = kind;
    o->attr = attr;
}

static value_kind attr_value_kind(acpu_param_kind k)
{
    switch (k) {
    case ACPU_P_BOOL: return V_NONE;
    case ACPU_P_STRING: return V_CHOICE;
    case ACPU_P_INT: return V_INT;
    default: return V_REAL; /* scalars */
    }
}

static void api_options(const acpu_api_def *api, option_set *s)
{
    static const char *const platform[6] = {"soc", "cores", "ub", "dtype", "shape", "strategy"};
    static const value_kind kinds[6] = {V_SOC, V_CORES, V_UB, V_DTYPE, V_SHAPE, V_STRATEGY};
    s->n = 0;
    for (int i = 0; i < 6; i++)
        add_option(s, platform[i], kinds[i], NULL);
    char word[48], name[64];
    for (int i = 0; i < api->n_params; i++) {
        const acpu_param_def *p = &api->params[i];
        if (p->kind <= ACPU_P_TINOUT_CONST) {
            acpu_lab_tensor_word(p->name, word, sizeof word);
            snprintf(name, sizeof name, "%s-dtype", word);
            add_option(s, name, V_DTYPE, NULL);
            snprintf(name, sizeof name, "%s-shape", word);
            add_option(s, name, V_SHAPE, NULL);
        } else {
            acpu_lab_kebab(p->name, word, sizeof word);
            add_option(s, word, attr_value_kind(p->kind), &api->op->attrs[p->slot]);
        }
    }
}

/* ---- values ------------------------------------------------------------------------------------- */

static const char *const socs[] = {"host", "Ascend910", "Ascend910B", "Ascend910_93", "Ascend950", "ascend910b",
                                   "HOST", "Ascend",    "",           "Ascend910C"};
static const char *const counts[] = {"1",   "2",          "8",          "40",        "64",
                                     "0",   "2147483647", "2147483648", "-1",        "18446744073709551616",
                                     "1e3", " 8",         "08",         "4294967297"};
static const char *const ubs[] = {"1",
                                  "31",
                                  "32",
                                  "127",
                                  "128",
                                  "159",
                                  "160",
                                  "255",
                                  "256",
                                  "415",
                                  "416",
                                  "511",
                                  "512",
                                  "1535",
                                  "1536",
                                  "8192",
                                  "196608",
                                  "262144",
                                  "9223372036854775807",
                                  "9223372036854775808",
                                  "0",
                                  "-5"};
static const char *const dtypes[] = {"float32", "float",   "fp32",      "float16", "fp16",  "half",    "bfloat16",
                                     "bf16",    "float64", "double",    "int8",    "uint8", "int16",   "int32",
                                     "int64",   "bool",    "complex64", "int4",    "",      "FLOAT32", "uint64"};
static const char *const shapes[] = {"",
                                     "scalar",
                                     "0",
                                     "1",
                                     "2,0",
                                     "0,3",
                                     "4,3,8",
                                     "1,1,1,1,1,1,1,1",
                                     "1,1,1,1,1,1,1,1,1",
                                     "9223372036854775807",
                                     "4294967296,4294967296",
                                     "3037000500,3037000500",
                                     "1,,2",
                                     ",",
                                     "-1",
                                     "a",
                                     "65536,65536",
                                     "2,3,4,5,6,7,8,9",
                                     "1024,1024",
                                     "1,4096",
                                     "7",
                                     "1000000",
                                     "3,1",
                                     "1,3",
                                     "2,1,3",
                                     "0,0",
                                     "18446744073709551615",
                                     "1,0,9223372036854775807"};
static const char *const reals[] = {"1",    "-1",    "0.5",          "0",   "-0", "20",   "1e38", "1e39", "nan", "inf",
                                    "-inf", "1e-45", "3.4028235e38", "abc", "",   "1.05", "-20",  "0x10"};
static const char *const ints[] = {
    "0", "1", "-1", "2", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "x", ""};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A typical value of the kind, written into `out` (size bytes). */
static void typical_value(const acpu_api_def *api, const option *o, uint8_t v, char *out, size_t size)
{
    const acpu_op_def *op = api->op;
    int n = 0;
    switch (o->kind) {
    case V_SOC: snprintf(out, size, "%s", socs[v % N_OF(socs)]); break;
    case V_CORES: snprintf(out, size, "%s", counts[v % N_OF(counts)]); break;
    case V_UB: snprintf(out, size, "%s", ubs[v % N_OF(ubs)]); break;
    case V_DTYPE: snprintf(out, size, "%s", dtypes[v % N_OF(dtypes)]); break;
    case V_SHAPE: snprintf(out, size, "%s", shapes[v % N_OF(shapes)]); break;
    case V_STRATEGY:
        if (v % (unsigned)(op->n_tilings + 2) < (unsigned)op->n_tilings)
            snprintf(out, size, "%s", op->tilings[v % (unsigned)(op->n_tilings + 2)].strategy->name);
        else
            snprintf(out, size, "%s", v & 1 ? "bogus" : "");
        break;
    case V_CHOICE:
        while (o->attr->choices != NULL && o->attr->choices[n] != NULL)
            n++;
        snprintf(out, size, "%s", (int)(v % (unsigned)(n + 2)) < n ? o->attr->choices[v % (unsigned)(n + 2)] : "x");
        break;
    case V_INT: snprintf(out, size, "%s", ints[v % N_OF(ints)]); break;
    case V_REAL: snprintf(out, size, "%s", reals[v % N_OF(reals)]); break;
    default: snprintf(out, size, "%s", "1"); break;
    }
}

/* Arbitrary bytes: a length byte (% MAX_ARBITRARY + 1), then that many (a NUL ends the text). */
static void arbitrary(reader *r, char *out, size_t size)
{
    size_t len = rd_u8(r) % (MAX_ARBITRARY + 1);
    memset(out, 0, size);
    for (size_t k = 0; k < len && k + 1 < size; k++)
        out[k] = (char)rd_u8(r);
}

/* A value: < 0xC0 typical of the option's kind, else arbitrary. */
static void read_value(reader *r, const acpu_api_def *api, const option *o, char *out, size_t size)
{
    uint8_t v = rd_u8(r);
    if (v < 0xC0)
        typical_value(api, o, v, out, size);
    else
        arbitrary(r, out, size);
}

/* ---- the argument vector ------------------------------------------------------------------------- */

typedef struct {
    int n;
    char *tok[MAX_TOKENS]; /* NULL: a NULL entry */
} tokens;

/* Each token its own allocation of exactly its length + 1 (ASan sees any over-read). */
static void push(tokens *t, const char *a, const char *b)
{
    if (t->n >= MAX_TOKENS)
        return;
    if (a == NULL) {
        t->tok[t->n++] = NULL;
        return;
    }
    size_t la = strlen(a), lb = b ? strlen(b) : 0;
    char *s = malloc(la + lb + 1);
    if (s == NULL)
        fail("out of memory");
    memcpy(s, a, la);
    if (b)
        memcpy(s + la, b, lb);
    s[la + lb] = '\0';
    t->tok[t->n++] = s;
}

/* Two bytes k, f: the option is opts[(f & 0x7F) % n], f's bit 7 the "--name=value" form (else two
 * tokens). k < 0x60: that option with a value (read_value; a value-less option alone); < 0x70: the
 * option without its value; < 0x80: "--" + arbitrary bytes; < 0x90: an arbitrary token; < 0xA0: a
 * NULL entry; < 0xB0: a lone typical value of the option's kind (f its index); else the option with
 * an arbitrary value. */
static void read_token(reader *r, const acpu_api_def *api, const option_set *opts, tokens *t)
{
    uint8_t k = rd_u8(r), f = rd_u8(r);
    const option *o = &opts->o[(f & 0x7F) % (unsigned)opts->n];
    char name[80], value[MAX_ARBITRARY + 64];
    snprintf(name, sizeof name, "--%s", o->name);
    if (k < 0x60 && o->kind == V_NONE) {
        push(t, name, NULL);
    } else if (k < 0x60 || k >= 0xB0) {
        if (k < 0x60)
            read_value(r, api, o, value, sizeof value);
        else
            arbitrary(r, value, sizeof value);
        if (f & 0x80) {
            push(t, name, "=");
            char *joined = t->tok[t->n - 1];
            t->n--;
            push(t, joined, value);
            free(joined);
        } else {
            push(t, name, NULL);
            push(t, value, NULL);
        }
    } else if (k < 0x70) {
        push(t, name, NULL);
    } else if (k < 0x80) {
        arbitrary(r, value, sizeof value);
        push(t, "--", value);
    } else if (k < 0x90) {
        arbitrary(r, value, sizeof value);
        push(t, value, NULL);
    } else if (k < 0xA0) {
        push(t, NULL, NULL);
    } else {
        typical_value(api, o, f, value, sizeof value);
        push(t, value, NULL);
    }
}

static void tokens_free(tokens *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->tok[i]);
    t->n = 0;
}

/* ---- a minimal JSON syntax check ------------------------------------------------------------------ */

static const char *json_value(const char *p, int depth);

static const char *json_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static const char *json_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (; *p != '"'; p++) {
        if (*p == '\0' || (unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\' && *++p == '\0')
            return NULL;
    }
    return p + 1;
}

static const char *json_number(const char *p)
{
    const char *start = p;
    if (*p == '-')
        p++;
    while ((*p >= '0' && *p <= '9') || *p == '.' || *p == 'e' || *p == 'E' || *p == '+' || *p == '-')
        p++;
    return p > start && (p[-1] >= '0' && p[-1] <= '9') ? p : NULL;
}

/* An object's members or an array's elements up to `close`. */
static const char *json_items(const char *p, int depth, char close, bool keys)
{
    p = json_ws(p);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (keys) {
            if ((p = json_string(json_ws(p))) == NULL)
                return NULL;
            p = json_ws(p);
            if (*p++ != ':')
                return NULL;
        }
        if ((p = json_value(p, depth + 1)) == NULL)
            return NULL;
        p = json_ws(p);
        if (*p == close)
            return p + 1;
        if (*p++ != ',')
            return NULL;
    }
}

static const char *json_value(const char *p, int depth)
{
    if (depth > MAX_JSON_DEPTH)
        return NULL;
    p = json_ws(p);
    switch (*p) {
    case '{': return json_items(p + 1, depth, '}', true);
    case '[': return json_items(p + 1, depth, ']', false);
    case '"': return json_string(p);
    case 't': return strncmp(p, "true", 4) == 0 ? p + 4 : NULL;
    case 'f': return strncmp(p, "false", 5) == 0 ? p + 5 : NULL;
    case 'n': return strncmp(p, "null", 4) == 0 ? p + 4 : NULL;
    default: return json_number(p);
    }
}

static bool json_valid(const char *text)
{
    const char *end = json_value(text, 0);
    return end != NULL && *json_ws(end) == '\0';
}

/* ---- the call ------------------------------------------------------------------------------------ */

typedef struct {
    int call; /* 0 plan, 1 usage, 2 registry */
    const acpu_api_def *api;
    char op_buf[MAX_ARBITRARY + 64];
    const char *op;
    bool op_known;
    unsigned json_mode;
    size_t json_size;
    bool json_null, length_null;
    bool schedule; /* "--schedule" was appended to the vector */
    int32_t argc;
    bool argv_null;
    const char **argv; /* exactly argc entries (ASan sees a read past them), NULL when argv_null */
    tokens tok;
} lab_call;

static const char *const call_names[3] = {"aclnnCpuGetTilingPlan", "aclnnCpuGetTilingUsage", "aclnnCpuGetOpRegistry"};

/* The call with a json buffer of `size` (json NULL when `null`), writing the length to *len (or
 * nothing when len is NULL); the buffer holds GUARD bytes past size. */
static aclnnStatus lab_invoke(const lab_call *c, char *json, size_t size, size_t *len)
{
    switch (c->call) {
    case 0: return aclnnCpuGetTilingPlan(c->op, c->argc, c->argv, json, size, len);
    case 1: return aclnnCpuGetTilingUsage(json, size, len);
    default: return aclnnCpuGetOpRegistry(json, size, len);
    }
}

/* The status the pointer and argv rules give before anything else (161001), or 0 when they pass;
 * -1 when other rules decide first (a negative argc or an unknown op). */
static aclnnStatus nullptr_expected(const lab_call *c)
{
    if (c->length_null || (c->json_null && c->json_size > 0))
        return ACLNN_ERR_PARAM_NULLPTR;
    if (c->call != 0)
        return ACLNN_SUCCESS;
    if (c->op == NULL || (c->argv_null && c->argc > 0))
        return ACLNN_ERR_PARAM_NULLPTR;
    if (c->argc < 0)
        return -1;
    for (int32_t i = 0; c->argv != NULL && i < c->argc; i++) /* checked before the op name is looked up */
        if (c->argv[i] == NULL)
            return ACLNN_ERR_PARAM_NULLPTR;
    return c->op_known ? ACLNN_SUCCESS : -1;
}

static bool documented(aclnnStatus st)
{
    return st == ACLNN_SUCCESS || st == ACLNN_ERR_PARAM_NULLPTR || st == ACLNN_ERR_PARAM_INVALID ||
           st == ACLNN_ERR_INNER || st == ACLNN_ERR_INNER_TILING_ERROR;
}

/* The unsigned value of "name" inside the schedule object of a plan's JSON; false when absent. */
static bool schedule_field(const char *sched, const char *name, unsigned long long *v)
{
    char key[32];
    snprintf(key, sizeof key, "\"%s\": ", name);
    const char *at = strstr(sched, key);
    return at != NULL && sscanf(at + strlen(key), "%llu", v) == 1;
}

/* A schedule the engine runs: with elements, a core and a tile of at least one element. */
static void check_schedule(const char *json)
{
    const char *sched = strstr(json, "\"schedule\": {");
    unsigned long long total, cores, tile;
    if (sched == NULL)
        return; /* a strategy without one: the lab said so (and the Python package raises) */
    if (!schedule_field(sched, "total", &total) || !schedule_field(sched, "core_num", &cores) ||
        !schedule_field(sched, "tile", &tile))
        fail("a plan's schedule without total, core_num or tile: %.300s", sched);
    if (total > 0 && (cores == 0 || tile == 0))
        fail("a plan of %llu elements on %llu cores with tiles of %llu elements: %.300s", total, cores, tile, sched);
}

static void check_text(const lab_call *c, const char *json, size_t size, size_t len)
{
    if (len >= size)
        fail("%s returned 0 with length %zu for a %zu-byte buffer", call_names[c->call], len, size);
    if (json[len] != '\0' || strlen(json) != len)
        fail("%s: the text is not NUL-terminated at its length %zu (strlen %zu)", call_names[c->call], len,
             strlen(json));
    if (c->call != 1 && !json_valid(json))
        fail("%s returned text that is not one JSON value: %.200s", call_names[c->call], json);
    if (c->call == 0 && c->schedule)
        check_schedule(json);
}

/* Length query, then a buffer of length + 1 (must succeed with the same length) and one of exactly
 * the length (161002, the length still reported). */
static void check_length_protocol(const lab_call *c, size_t len)
{
    char *buf = malloc(len + 1 + GUARD);
    if (buf == NULL)
        fail("out of memory");
    size_t again = 0;
    memset(buf, GUARD_BYTE, len + 1 + GUARD);
    aclnnStatus st = lab_invoke(c, buf, len + 1, &again);
    if (st != ACLNN_SUCCESS || again != len)
        fail("%s: a length query gave %zu, a %zu-byte buffer then %d with length %zu", call_names[c->call], len,
             len + 1, (int)st, again);
    check_text(c, buf, len + 1, again);
    for (size_t k = len + 1; k < len + 1 + GUARD; k++)
        if ((unsigned char)buf[k] != GUARD_BYTE)
            fail("%s wrote byte %zu past a %zu-byte buffer", call_names[c->call], k - len - 1, len + 1);
    if (len > 0) {
        memset(buf, GUARD_BYTE, len + 1 + GUARD);
        st = lab_invoke(c, buf, len, &again);
        if (st != ACLNN_ERR_PARAM_INVALID || again != len)
            fail("%s: a buffer of exactly the length %zu gave %d with length %zu", call_names[c->call], len, (int)st,
                 again);
        for (size_t k = 0; k < len + 1 + GUARD; k++)
            if ((unsigned char)buf[k] != GUARD_BYTE)
                fail("%s wrote byte %zu of a buffer too small for the text", call_names[c->call], k);
    }
    free(buf);
}

/* The buffer's size in its mode m (of the length the text has, `len`): 0 NULL, size 0 (a length
 * query); 1 NULL with a size (161001); 2 tiny; 3 exactly the length; 4 the length + 1; 5 large;
 * 6 size 0 with a buffer; 7 q * 64. */
static size_t json_size_of(unsigned m, uint8_t q, size_t len)
{
    switch (m) {
    case 0:
    case 6: return 0;
    case 1: return 1 + q;
    case 2: return q % 64;
    case 3: return len;
    case 4: return len + 1;
    case 5: return BIG_JSON;
    default: return (size_t)q * 64;
    }
}

static void run_lab(lab_call *c, uint8_t q)
{
    size_t probe = 0;
    /* the length modes need the length first: the same call as a length query (any status) */
    if (c->json_mode == 3 || c->json_mode == 4)
        (void)lab_invoke(c, NULL, 0, &probe);
    c->json_size = json_size_of(c->json_mode, q, probe);
    c->json_null = c->json_mode <= 1;
    char *buf = c->json_null ? NULL : malloc(c->json_size + GUARD);
    if (!c->json_null && buf == NULL)
        fail("out of memory");
    if (buf)
        memset(buf, GUARD_BYTE, c->json_size + GUARD);
    size_t len = 12345;
    aclnnStatus st = lab_invoke(c, buf, c->json_size, c->length_null ? NULL : &len);
    report.status = st;
    if (verbose)
        fprintf(stderr, "  %s: %d length=%zu %s\n", call_names[c->call], (int)st, len, st ? aclGetRecentErrMsg() : "");
    if (!documented(st))
        fail("%s returned %d, not a documented code", call_names[c->call], (int)st);
    aclnnStatus want = nullptr_expected(c);
    if (want == ACLNN_ERR_PARAM_NULLPTR && st != want)
        fail("%s returned %d, want 161001 (a NULL pointer or argv entry)", call_names[c->call], (int)st);
    if (want != ACLNN_ERR_PARAM_NULLPTR && st == ACLNN_ERR_PARAM_NULLPTR)
        fail("%s returned 161001 with every pointer and argv entry present", call_names[c->call]);
    if (st != ACLNN_SUCCESS && strstr(aclGetRecentErrMsg(), call_names[c->call]) == NULL)
        fail("%s failed with a message that does not name it", call_names[c->call]);
    size_t limit = st == ACLNN_SUCCESS && buf ? c->json_size : 0; /* bytes it may have written */
    for (size_t k = limit; buf && k < c->json_size + GUARD; k++)
        if ((unsigned char)buf[k] != GUARD_BYTE)
            fail("%s (%d) wrote byte %zu of a %zu-byte buffer", call_names[c->call], (int)st, k, c->json_size);
    if (st == ACLNN_ERR_PARAM_INVALID && buf && !c->length_null && len > 0 && len < c->json_size)
        fail("%s refused a %zu-byte buffer for a text of %zu bytes", call_names[c->call], c->json_size, len);
    if (st == ACLNN_SUCCESS && !c->length_null) {
        if (buf)
            check_text(c, buf, c->json_size, len);
        else
            check_length_protocol(c, len);
    }
    free(buf);
}

/* ---- decoding ------------------------------------------------------------------------------------ */

static void decode_op(lab_call *c, reader *r, unsigned name_mode)
{
    c->op = c->op_buf;
    c->op_known = name_mode <= 3;
    switch (name_mode) {
    case 0:
    case 1:
    case 2:
    case 3: snprintf(c->op_buf, sizeof c->op_buf, "%s", c->api->snake); break;
    case 4: snprintf(c->op_buf, sizeof c->op_buf, "%s", c->api->name); break;
    case 5: arbitrary(r, c->op_buf, sizeof c->op_buf); break;
    case 6: c->op = NULL; break;
    default: snprintf(c->op_buf, sizeof c->op_buf, "%s_", c->api->snake); break;
    }
    if (c->op != NULL && !c->op_known) /* arbitrary bytes may spell a real name */
        for (int i = 0; i < acpu_api_count; i++)
            c->op_known = c->op_known || strcmp(c->op, acpu_apis[i]->snake) == 0;
}

static void decode_argc(lab_call *c, uint8_t mode, uint8_t q)
{
    c->argc = c->tok.n;
    c->argv_null = false;
    switch (mode & 3) {
    case 1: c->argc = c->tok.n - (int32_t)(q % (unsigned)(c->tok.n + 1)); break;
    case 2:
        c->argv_null = true;
        c->argc = q & 1 ? c->tok.n : 0;
        break;
    case 3: c->argc = -1 - (int32_t)q; break;
    default: break;
    }
    if (c->argv_null)
        return;
    size_t n = c->argc > 0 ? (size_t)c->argc : 1u;
    c->argv = malloc(n * sizeof *c->argv);
    if (c->argv == NULL)
        fail("out of memory");
    for (int32_t i = 0; i < c->argc; i++)
        c->argv[i] = c->tok.tok[i];
}

static void describe(const lab_call *c)
{
    const char *q = c->op ? "\"" : "";
    fprintf(stderr, "fuzz_tiling: %s op=%s%s%s argc=%d%s json=%s size=%zu%s\n", call_names[c->call], q,
            c->op ? c->op : "NULL", q, (int)c->argc, c->argv_null ? " argv=NULL" : "", c->json_null ? "NULL" : "buffer",
            c->json_size, c->length_null ? " jsonLength=NULL" : "");
    for (int i = 0; i < c->tok.n; i++)
        fprintf(stderr, "  %s[%d] = %s%s%s\n", i < c->argc ? "argv" : "past argc", i, c->tok.tok[i] ? "\"" : "",
                c->tok.tok[i] ? c->tok.tok[i] : "NULL", c->tok.tok[i] ? "\"" : "");
}

void acpu_fuzz_tiling_init(void)
{
    const char *v = getenv("FUZZ_TILING_VERBOSE");
    verbose = v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

const acpu_fuzz_tiling_report *acpu_fuzz_tiling_last(void) { return &report; }

void acpu_fuzz_tiling_one(const uint8_t *data, size_t size)
{
    static lab_call c;
    static option_set opts;
    memset(&c, 0, sizeof c);
    memset(&report, 0, sizeof report);
    report.api = -1;
    if (size == 0 || acpu_api_count == 0)
        return;
    reader r = {data, size, 0};
    uint8_t h[6];
    for (int i = 0; i < 6; i++)
        h[i] = rd_u8(&r);
    c.call = (h[0] & 3) < 2 ? 0 : (h[0] & 3) - 1;
    c.api = acpu_apis[h[1] % acpu_api_count];
    c.json_mode = h[2] & 7;
    c.length_null = (h[2] >> 3) & 1;
    report.call = c.call;
    if (c.call == 0) {
        decode_op(&c, &r, (h[0] >> 2) & 7);
        api_options(c.api, &opts);
        while (rd_more(&r) && c.tok.n < MAX_TOKENS)
            read_token(&r, c.api, &opts, &c.tok);
        c.schedule = ((h[2] >> 4) & 1) && c.tok.n < MAX_TOKENS; /* last, where there is room */
        if (c.schedule)
            push(&c.tok, "--schedule", NULL);
        decode_argc(&c, h[4], h[5]);
        if (c.op_known && c.op != NULL && strcmp(c.op, c.api->snake) == 0)
            report.api = (int)(h[1] % acpu_api_count);
    }
    if (verbose)
        describe(&c);
    run_lab(&c, h[3]);
    free(c.argv);
    tokens_free(&c.tok);
}

#ifndef ACPU_FUZZ_NO_ENTRY
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    acpu_fuzz_tiling_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    acpu_fuzz_tiling_one(data, size);
    return 0;
}
#endif
