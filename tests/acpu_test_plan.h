/* The tiling lab's plan of a call (aclnnCpuGetTilingPlan, the JSON aclnn-cpu-tiling prints) and
 * its fields, for the family tiling suites (test_<family>_tiling.c). Header only: every suite
 * includes it once. Test code only. */
#ifndef ACPU_TEST_PLAN_H_
#define ACPU_TEST_PLAN_H_

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnn_cpu/aclnn_cpu.h"

#define ACPU_PLAN_BYTES 8192

/* The plan of `op` with the tool's options (NULL-terminated); the status of the call. */
static inline aclnnStatus acpu_plan_try(char *json, const char *op, const char *const *argv)
{
    int32_t argc = 0;
    while (argv[argc] != NULL)
        argc++;
    size_t len = 0;
    return aclnnCpuGetTilingPlan(op, argc, argv, json, ACPU_PLAN_BYTES, &len);
}

/* The plan, which must succeed. */
#define ACPU_PLAN(json, op, ...)                                                                   \
    do {                                                                                           \
        aclnnStatus rc_ = acpu_plan_try(json, op, (const char *const[]){__VA_ARGS__, NULL});       \
        ck_assert_msg(rc_ == ACLNN_SUCCESS, "plan of %s: %d (%s)", op, rc_, aclGetRecentErrMsg()); \
    } while (0)

/* The first number after "name": in json (asserts the field is there). */
static inline double acpu_plan_num(const char *json, const char *name)
{
    char key[96];
    snprintf(key, sizeof key, "\"%s\": ", name);
    const char *p = strstr(json, key);
    ck_assert_msg(p != NULL, "no field %s in %s", name, json);
    return strtod(p + strlen(key), NULL);
}

static inline int64_t acpu_plan_i64(const char *json, const char *name)
{
    char key[96];
    snprintf(key, sizeof key, "\"%s\": ", name);
    const char *p = strstr(json, key);
    ck_assert_msg(p != NULL, "no field %s in %s", name, json);
    return strtoll(p + strlen(key), NULL, 10);
}

static inline const char *acpu_plan_str(const char *json, const char *name, char *out, size_t size)
{
    char key[96];
    snprintf(key, sizeof key, "\"%s\": \"", name);
    const char *p = strstr(json, key);
    ck_assert_msg(p != NULL, "no field %s in %s", name, json);
    p += strlen(key);
    size_t n = strcspn(p, "\"");
    ck_assert_uint_lt(n, size);
    memcpy(out, p, n);
    out[n] = '\0';
    return out;
}

/* The integer list "name": [a, b, ...] into out[0..n). */
static inline void acpu_plan_list(const char *json, const char *name, int64_t *out, int n)
{
    char key[96];
    snprintf(key, sizeof key, "\"%s\": [", name);
    const char *p = strstr(json, key);
    ck_assert_msg(p != NULL, "no list %s in %s", name, json);
    p += strlen(key);
    for (int i = 0; i < n; i++) {
        char *end;
        out[i] = strtoll(p, &end, 10);
        p = end + strspn(end, ", ");
    }
}

#endif /* ACPU_TEST_PLAN_H_ */
