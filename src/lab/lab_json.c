/* The lab's JSON writer (acpu_lab.h). */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lab/acpu_lab.h"
#include "runtime/acpu_runtime.h"

void acpu_lab_printf(acpu_lab_json *j, const char *fmt, ...)
{
    if (j->overflow)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(j->buf + j->len, j->cap - j->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= j->cap - j->len)
        j->overflow = true;
    else
        j->len += (size_t)n;
}

void acpu_lab_json_string(acpu_lab_json *j, const char *s)
{
    acpu_lab_printf(j, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; ++p) {
        if (*p == '"' || *p == '\\')
            acpu_lab_printf(j, "\\%c", *p);
        else if (*p < 0x20)
            acpu_lab_printf(j, "\\u%04x", *p);
        else
            acpu_lab_printf(j, "%c", *p);
    }
    acpu_lab_printf(j, "\"");
}

/* The separator before a field at the current level, then its name. */
static void field(acpu_lab_json *j, const char *name)
{
    if (!j->first[j->depth])
        acpu_lab_printf(j, ", ");
    j->first[j->depth] = false;
    acpu_lab_json_string(j, name);
    acpu_lab_printf(j, ": ");
}

static void put_u64(void *ctx, const char *name, uint64_t v)
{
    field(ctx, name);
    acpu_lab_printf(ctx, "%" PRIu64, v);
}

static void put_i64(void *ctx, const char *name, int64_t v)
{
    field(ctx, name);
    acpu_lab_printf(ctx, "%" PRId64, v);
}

/* JSON has no inf or NaN: those (SoftplusV2's invBeta for a zero beta) are the strings "inf",
 * "-inf", "nan". */
static void put_real(void *ctx, const char *name, double v)
{
    field(ctx, name);
    if (isfinite(v))
        acpu_lab_printf(ctx, "%.9g", v);
    else
        acpu_lab_printf(ctx, "\"%s\"", isnan(v) ? "nan" : v > 0 ? "inf" : "-inf");
}

static void put_flag(void *ctx, const char *name, bool v)
{
    field(ctx, name);
    acpu_lab_printf(ctx, "%s", v ? "true" : "false");
}

static void put_str(void *ctx, const char *name, const char *v)
{
    field(ctx, name);
    acpu_lab_json_string(ctx, v);
}

static void list_values(acpu_lab_json *j, const int64_t *v, int64_t n)
{
    acpu_lab_printf(j, "[");
    for (int64_t i = 0; i < n; ++i)
        acpu_lab_printf(j, "%s%" PRId64, i > 0 ? ", " : "", v[i]);
    acpu_lab_printf(j, "]");
}

static void put_list(void *ctx, const char *name, const int64_t *v, int64_t n)
{
    field(ctx, name);
    list_values(ctx, v, n);
}

static void put_rows(void *ctx, const char *name, const int64_t *v, int64_t count, int64_t n, int64_t stride)
{
    field(ctx, name);
    acpu_lab_printf(ctx, "[");
    for (int64_t r = 0; r < count; ++r) {
        if (r > 0)
            acpu_lab_printf(ctx, ", ");
        list_values(ctx, v + r * stride, n);
    }
    acpu_lab_printf(ctx, "]");
}

static void put_begin(void *ctx, const char *name)
{
    acpu_lab_json *j = ctx;
    field(j, name);
    acpu_lab_printf(j, "{");
    if (j->depth + 1 < (int)(sizeof j->first / sizeof j->first[0]))
        j->depth++;
    j->first[j->depth] = true;
}

static void put_end(void *ctx)
{
    acpu_lab_json *j = ctx;
    acpu_lab_printf(j, "}");
    if (j->depth > 0)
        j->depth--;
}

acpu_lab_json *acpu_lab_json_new(void)
{
    acpu_lab_json *j = malloc(sizeof *j + ACPU_LAB_JSON_BYTES); /* one allocation: the writer and its text */
    if (j == NULL)
        return NULL;
    memset(j, 0, sizeof *j);
    j->buf = (char *)(j + 1);
    j->buf[0] = '\0';
    j->cap = ACPU_LAB_JSON_BYTES;
    j->first[0] = true;
    j->sink = (acpu_field_sink){.ctx = j,
                                .u64 = put_u64,
                                .i64 = put_i64,
                                .real = put_real,
                                .flag = put_flag,
                                .str = put_str,
                                .list = put_list,
                                .rows = put_rows,
                                .begin = put_begin,
                                .end = put_end};
    return j;
}

void acpu_lab_json_free(acpu_lab_json *j) { free(j); }

void acpu_lab_json_begin(acpu_lab_json *j, const char *op, const char *soc)
{
    acpu_lab_printf(j, "{");
    j->depth = 0;
    j->first[0] = true;
    put_str(j, "op", op);
    put_str(j, "soc", soc);
}

void acpu_lab_json_end(acpu_lab_json *j) { acpu_lab_printf(j, "}"); }

aclnnStatus acpu_lab_json_take(const acpu_lab_json *j, const char *api, char *json, size_t size, size_t *length)
{
    if (j->overflow) {
        acpu_set_error("%s: the text is longer than %zu bytes", api, j->cap);
        return ACLNN_ERR_INNER;
    }
    *length = j->len;
    if (json == NULL)
        return ACL_SUCCESS;
    if (size <= j->len) {
        acpu_set_error("%s: json buffer of %zu bytes too small, the text needs %zu (with the NUL)", api, size,
                       j->len + 1u);
        return ACLNN_ERR_PARAM_INVALID;
    }
    memcpy(json, j->buf, j->len + 1u);
    return ACL_SUCCESS;
}

void acpu_lab_kebab(const char *name, char *buf, size_t size)
{
    size_t n = 0;
    for (const char *p = name; *p != '\0' && n + 2 < size; ++p) {
        if (*p >= 'A' && *p <= 'Z') {
            if (n > 0)
                buf[n++] = '-';
            buf[n++] = (char)(*p - 'A' + 'a');
        } else {
            buf[n++] = *p;
        }
    }
    buf[n] = '\0';
}

void acpu_lab_tensor_word(const char *name, char *buf, size_t size)
{
    if (strcmp(name, "gradOutput") == 0)
        snprintf(buf, size, "grad");
    else if (strcmp(name, "gradInput") == 0 || strcmp(name, "out") == 0 || strcmp(name, "y") == 0)
        snprintf(buf, size, "out");
    else if (strcmp(name, "selfOrResult") == 0 || strcmp(name, "selfRef") == 0 || strcmp(name, "x") == 0)
        snprintf(buf, size, "self");
    else
        acpu_lab_kebab(name, buf, size);
}
