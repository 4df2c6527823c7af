/* Runtime emulation and handle safety (doc/BEHAVIOUR.md "The runtime calls", "The meta API",
 * "Threads and settings"): acl* / aclrt* return codes, memory, streams, error messages, tensors,
 * scalars, executors. */
#include <math.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpu_test.h"
#include "aclnnop/aclnn_elu_backward.h"

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_ISA_ENV "ACLNN_CPU_MAX_ISA"

/* ---- helpers ---------------------------------------------------------------------------------- */

/* The calling thread's message names `api` and (when given) `arg`. */
#define EXPECT_MSG(api, arg) acpu_test_expect_msg_at((api), (arg), NULL, __LINE__)

static size_t round_up(size_t v, size_t to) { return (v + to - 1) / to * to; }

static void fill_pattern(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; ++i)
        p[i] = (unsigned char)(seed * 31u + i * 7u);
}

/* Per-byte checks abort only on a mismatch (a passing ck_assert costs a message to the runner). */
static void check_pattern(const unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; ++i)
        if (p[i] != (unsigned char)(seed * 31u + i * 7u))
            ck_abort_msg("byte %zu of block %u changed", i, seed);
}

/* ---- aclInit / aclFinalize, devices, streams ---------------------------------------------------- */

START_TEST(test_init_finalize)
{
    ck_assert_int_eq(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    ck_assert_int_eq(aclInit(NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclInit(NULL), ACL_ERROR_REPEAT_INITIALIZE);
    ck_assert_int_eq(aclFinalize(), ACL_SUCCESS);
    ck_assert_int_eq(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    ck_assert_int_eq(aclInit(NULL), ACL_SUCCESS); /* init again after finalize */
    ck_assert_int_eq(aclFinalize(), ACL_SUCCESS);
}
END_TEST

START_TEST(test_devices)
{
    int32_t id = 42;
    ck_assert_int_eq(aclrtGetDevice(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtGetDevice(&id), ACL_ERROR_INVALID_DEVICE);
    ck_assert_int_eq(aclrtSetDevice(1), ACL_ERROR_INVALID_DEVICE);
    ck_assert_int_eq(aclrtSetDevice(-1), ACL_ERROR_INVALID_DEVICE);
    ck_assert_int_eq(aclrtGetDevice(&id), ACL_ERROR_INVALID_DEVICE);
    ck_assert_int_eq(aclrtSetDevice(0), ACL_SUCCESS);
    ck_assert_int_eq(aclrtGetDevice(&id), ACL_SUCCESS);
    ck_assert_int_eq(id, 0);
    ck_assert_int_eq(aclrtGetDevice(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtResetDevice(1), ACL_ERROR_INVALID_DEVICE);
    ck_assert_int_eq(aclrtResetDevice(0), ACL_SUCCESS);
    ck_assert_int_eq(aclrtGetDevice(&id), ACL_ERROR_INVALID_DEVICE);
}
END_TEST

START_TEST(test_streams)
{
    aclrtStream s1 = NULL, s2 = NULL;
    int garbage = 7;
    ck_assert_int_eq(aclrtCreateStream(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtCreateStream(&s1), ACL_SUCCESS);
    ck_assert_int_eq(aclrtCreateStream(&s2), ACL_SUCCESS);
    ck_assert_ptr_nonnull(s1);
    ck_assert_ptr_ne(s1, s2);
    ck_assert_int_eq(aclrtSynchronizeStream(s1), ACL_SUCCESS);
    ck_assert_int_eq(aclrtSynchronizeStream(NULL), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyStream(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtDestroyStream(s1), ACL_SUCCESS);
    ck_assert_int_eq(aclrtDestroyStream(s1), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtSynchronizeStream(s1), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtSynchronizeStream(s2), ACL_SUCCESS); /* the other stream is still alive */
    ck_assert_int_eq(aclrtSynchronizeStream(&garbage), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtDestroyStream(&garbage), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(garbage, 7);
    ck_assert_int_eq(aclrtDestroyStream(s2), ACL_SUCCESS);
}
END_TEST

/* ---- memory ------------------------------------------------------------------------------------ */

static const size_t k_sizes[] = {1,   2,   3,   7,   8,   31,  32,   33,   63,   64,   65,    96,      100,
                                 127, 128, 129, 255, 256, 257, 1000, 1023, 4096, 4097, 65537, 1u << 20};

/* Every block is 64-byte aligned and usable up to round_up(size, 32) + 32 bytes, without overlap. */
static void check_alignment(bool host, aclrtMemMallocPolicy policy)
{
    void *p[N_ELEMS(k_sizes)];
    for (size_t i = 0; i < N_ELEMS(k_sizes); ++i) {
        aclError rc = host ? aclrtMallocHost(&p[i], k_sizes[i]) : aclrtMalloc(&p[i], k_sizes[i], policy);
        ck_assert_int_eq(rc, ACL_SUCCESS);
        ck_assert_msg(((uintptr_t)p[i] % 64u) == 0, "size %zu: %p is not 64-byte aligned", k_sizes[i], p[i]);
        fill_pattern(p[i], round_up(k_sizes[i], 32) + 32, (unsigned)i);
    }
    for (size_t i = 0; i < N_ELEMS(k_sizes); ++i) {
        check_pattern(p[i], round_up(k_sizes[i], 32) + 32, (unsigned)i);
        ck_assert_int_eq(host ? aclrtFreeHost(p[i]) : aclrtFree(p[i]), ACL_SUCCESS);
    }
}

static const int k_good_policies[] = {0, 1,     2,      3,        4,         5,          6,
                                      7, 0x100, 0x1000, 0x100000, 0x100 | 2, 0x1000 | 1, 0x100000 | 7};

START_TEST(test_malloc_alignment)
{
    for (size_t i = 0; i < N_ELEMS(k_good_policies); ++i)
        check_alignment(false, (aclrtMemMallocPolicy)k_good_policies[i]);
    check_alignment(true, ACL_MEM_MALLOC_HUGE_FIRST);
}
END_TEST

static const int k_bad_policies[] = {8, 9, -1, 0x200, 0x2000, 0x10, 0x7fffffff, 0x100 | 8};

START_TEST(test_malloc_errors)
{
    void *p = NULL;
    ck_assert_int_eq(aclrtMalloc(NULL, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    for (size_t i = 0; i < N_ELEMS(k_bad_policies); ++i)
        ck_assert_msg(aclrtMalloc(&p, 64, (aclrtMemMallocPolicy)k_bad_policies[i]) == ACL_ERROR_INVALID_PARAM,
                      "policy %#x accepted", k_bad_policies[i]);
    ck_assert_int_eq(aclrtMallocHost(NULL, 64), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMallocHost(&p, 0), ACL_ERROR_INVALID_PARAM);
}
END_TEST

/* Sizes no allocator can satisfy, including ones whose rounding would wrap around. AddressSanitizer
 * aborts on an oversized request instead of returning NULL, so there only the sizes that the library
 * must refuse before allocating (rounding overflow) are tried. */
static const size_t k_huge_sizes[] = {SIZE_MAX,     SIZE_MAX - 1,   SIZE_MAX - 31, SIZE_MAX - 40,
#ifndef __SANITIZE_ADDRESS__
                                      SIZE_MAX / 2, (size_t)1 << 62
#endif
};

START_TEST(test_malloc_huge)
{
    for (size_t i = 0; i < N_ELEMS(k_huge_sizes); ++i) {
        void *p = NULL;
        ck_assert_int_eq(aclrtMalloc(&p, k_huge_sizes[i], ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_BAD_ALLOC);
        EXPECT_MSG("aclrtMalloc", NULL);
        ck_assert_int_eq(aclrtMallocHost(&p, k_huge_sizes[i]), ACL_ERROR_BAD_ALLOC);
        EXPECT_MSG("aclrtMallocHost", NULL);
    }
}
END_TEST

START_TEST(test_free_errors)
{
    void *dev = NULL, *host = NULL;
    int on_stack = 0;
    void *foreign = malloc(64);
    ck_assert_int_eq(aclrtMalloc(&dev, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ck_assert_int_eq(aclrtMallocHost(&host, 128), ACL_SUCCESS);
    memset(dev, 0x5a, 128);
    memset(host, 0x6b, 128);
    ck_assert_int_eq(aclrtFree(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtFreeHost(NULL), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtFree(foreign), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtFreeHost(foreign), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtFree(&on_stack), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtFree((char *)dev + 64), ACL_ERROR_INVALID_PARAM); /* interior pointer */
    ck_assert_int_eq(aclrtFree(host), ACL_ERROR_INVALID_PARAM);             /* cross-kind */
    ck_assert_int_eq(aclrtFreeHost(dev), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtFreeHost", "hostPtr");
    /* nothing was freed by the refused calls: both blocks still hold their bytes and free normally */
    for (int i = 0; i < 128; ++i) {
        ck_assert_uint_eq(((unsigned char *)dev)[i], 0x5a);
        ck_assert_uint_eq(((unsigned char *)host)[i], 0x6b);
    }
    ck_assert_int_eq(aclrtFree(dev), ACL_SUCCESS);
    ck_assert_int_eq(aclrtFreeHost(host), ACL_SUCCESS);
    ck_assert_int_eq(aclrtFree(dev), ACL_ERROR_INVALID_PARAM); /* double free */
    ck_assert_int_eq(aclrtFreeHost(host), ACL_ERROR_INVALID_PARAM);
    free(foreign);
}
END_TEST

START_TEST(test_memcpy_errors)
{
    unsigned char src[32], dst[32], before[32];
    fill_pattern(src, sizeof src, 1);
    fill_pattern(dst, sizeof dst, 2);
    memcpy(before, dst, sizeof dst);
    ck_assert_int_eq(aclrtMemcpy(dst, 10, src, 11, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpy", "destMax");
    ck_assert_int_eq(aclrtMemcpy(NULL, 32, src, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMemcpy(dst, 32, NULL, 8, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMemcpy(dst, 32, src, 8, (aclrtMemcpyKind)8), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpy", "kind");
    ck_assert_int_eq(aclrtMemcpy(dst, 32, src, 8, (aclrtMemcpyKind)-1), ACL_ERROR_INVALID_PARAM);
    ck_assert_mem_eq(dst, before, sizeof dst);
    ck_assert_int_eq(aclrtMemcpy(dst, 32, src, 0, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    ck_assert_int_eq(aclrtMemcpy(dst, 0, src, 0, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    ck_assert_mem_eq(dst, before, sizeof dst);
    ck_assert_int_eq(aclrtMemcpy(dst, 10, src, 10, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS); /* count == destMax */
    ck_assert_mem_eq(dst, src, 10);
    ck_assert_mem_eq(dst + 10, before + 10, sizeof dst - 10);
}
END_TEST

/* Copies `count` bytes from offset `from` to offset `to` of one block; must equal memmove. */
static void check_overlap(size_t to, size_t from, size_t count)
{
    unsigned char *buf = NULL, ref[256];
    ck_assert_int_eq(aclrtMalloc((void **)&buf, sizeof ref, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    fill_pattern(buf, sizeof ref, 9);
    memcpy(ref, buf, sizeof ref);
    memmove(ref + to, ref + from, count);
    ck_assert_int_eq(aclrtMemcpy(buf + to, sizeof ref - to, buf + from, count, ACL_MEMCPY_DEVICE_TO_DEVICE),
                     ACL_SUCCESS);
    ck_assert_mem_eq(buf, ref, sizeof ref);
    ck_assert_int_eq(aclrtFree(buf), ACL_SUCCESS);
}

START_TEST(test_memcpy_overlap)
{
    check_overlap(16, 0, 200);
    check_overlap(0, 16, 200);
    check_overlap(1, 0, 255);
    check_overlap(0, 1, 255);
    check_overlap(5, 5, 100);
}
END_TEST

START_TEST(test_memcpy_kinds)
{
    for (int kind = 0; kind <= 7; ++kind) {
        unsigned char *dev = NULL, *host = NULL;
        ck_assert_int_eq(aclrtMalloc((void **)&dev, 100, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
        ck_assert_int_eq(aclrtMallocHost((void **)&host, 100), ACL_SUCCESS);
        fill_pattern(host, 100, (unsigned)kind);
        memset(dev, 0, 100);
        ck_assert_int_eq(aclrtMemcpy(dev, 100, host, 100, (aclrtMemcpyKind)kind), ACL_SUCCESS);
        check_pattern(dev, 100, (unsigned)kind);
        ck_assert_int_eq(aclrtFree(dev), ACL_SUCCESS);
        ck_assert_int_eq(aclrtFreeHost(host), ACL_SUCCESS);
    }
}
END_TEST

START_TEST(test_memset)
{
    unsigned char buf[64], before[64];
    fill_pattern(buf, sizeof buf, 3);
    memcpy(before, buf, sizeof buf);
    ck_assert_int_eq(aclrtMemset(NULL, 64, 0, 8), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMemset(buf, 8, 0, 9), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemset", "maxCount");
    ck_assert_mem_eq(buf, before, sizeof buf);
    ck_assert_int_eq(aclrtMemset(buf, 64, 0x1ab, 10), ACL_SUCCESS); /* (uint8_t)0x1ab == 0xab */
    for (int i = 0; i < 10; ++i)
        ck_assert_uint_eq(buf[i], 0xab);
    ck_assert_mem_eq(buf + 10, before + 10, sizeof buf - 10);
    ck_assert_int_eq(aclrtMemset(buf, 64, -1, 64), ACL_SUCCESS);
    for (int i = 0; i < 64; ++i)
        ck_assert_uint_eq(buf[i], 0xff);
    ck_assert_int_eq(aclrtMemset(buf, 64, 0, 0), ACL_SUCCESS);
    ck_assert_uint_eq(buf[0], 0xff);
}
END_TEST

/* ---- aclGetRecentErrMsg ------------------------------------------------------------------------ */

typedef struct {
    bool fail_first; /* make a failing call on the thread before reading */
    char msg[512];
} thread_probe;

static void *probe_thread(void *arg)
{
    thread_probe *t = arg;
    if (t->fail_first)
        (void)aclrtSetDevice(7);
    const char *m = aclGetRecentErrMsg();
    snprintf(t->msg, sizeof t->msg, "%s", m ? m : "(null)");
    return NULL;
}

static void run_probe(thread_probe *t)
{
    pthread_t th;
    ck_assert_int_eq(pthread_create(&th, NULL, probe_thread, t), 0);
    ck_assert_int_eq(pthread_join(th, NULL), 0);
}

START_TEST(test_errmsg_fresh_thread)
{
    thread_probe t = {.fail_first = false};
    (void)aclrtMemcpy(NULL, 0, NULL, 1, ACL_MEMCPY_HOST_TO_HOST); /* this thread now has a message */
    run_probe(&t);
    ck_assert_str_eq(t.msg, "");
    ck_assert_str_ne(aclGetRecentErrMsg(), "");
}
END_TEST

START_TEST(test_errmsg_per_thread)
{
    unsigned char a[16] = {0}, b[16] = {0};
    thread_probe t = {.fail_first = true};
    ck_assert_int_eq(aclrtMemcpy(a, 10, b, 100, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMemcpy", "destMax");
    run_probe(&t);
    ck_assert_msg(strstr(t.msg, "aclrtSetDevice") != NULL, "other thread's message: \"%s\"", t.msg);
    EXPECT_MSG("aclrtMemcpy", "destMax"); /* unchanged here */
    ck_assert_ptr_null(strstr(aclGetRecentErrMsg(), "aclrtSetDevice"));
}
END_TEST

START_TEST(test_errmsg_lifecycle)
{
    void *p = NULL;
    int32_t id = 0;
    ck_assert_str_eq(aclGetRecentErrMsg(), ""); /* a fresh process has no failure yet */
    ck_assert_int_eq(aclrtMalloc(&p, 64, (aclrtMemMallocPolicy)99), ACL_ERROR_INVALID_PARAM);
    EXPECT_MSG("aclrtMalloc", "policy");
    ck_assert_int_eq(aclrtSetDevice(0), ACL_SUCCESS); /* success does not clear */
    EXPECT_MSG("aclrtMalloc", "policy");
    ck_assert_int_eq(aclrtGetDevice(NULL), ACL_ERROR_INVALID_PARAM); /* next failure replaces it */
    EXPECT_MSG("aclrtGetDevice", NULL);
    ck_assert_ptr_null(strstr(aclGetRecentErrMsg(), "aclrtMalloc"));
    ck_assert_int_eq(aclrtGetDevice(&id), ACL_SUCCESS);
}
END_TEST

/* One failing call per API: the code and the message naming API and argument. */
typedef struct {
    aclError (*call)(void);
    int code;
    const char *api, *arg;
} fail_case;

static int g_garbage = 3;
static aclError f_set_dev(void) { return aclrtSetDevice(1); }
static aclError f_reset_dev(void) { return aclrtResetDevice(3); }
static aclError f_get_dev(void) { return aclrtGetDevice(NULL); }
static aclError f_create_stream(void) { return aclrtCreateStream(NULL); }
static aclError f_destroy_stream(void) { return aclrtDestroyStream(NULL); }
static aclError f_sync_stream(void) { return aclrtSynchronizeStream(&g_garbage); }
static aclError f_malloc_null(void) { return aclrtMalloc(NULL, 64, ACL_MEM_MALLOC_HUGE_FIRST); }
static aclError f_malloc_zero(void)
{
    void *p;
    return aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST);
}
static aclError f_malloc_policy(void)
{
    void *p;
    return aclrtMalloc(&p, 64, (aclrtMemMallocPolicy)8);
}
static aclError f_mallochost_null(void) { return aclrtMallocHost(NULL, 64); }
static aclError f_free_null(void) { return aclrtFree(NULL); }
static aclError f_freehost_null(void) { return aclrtFreeHost(NULL); }
static aclError f_memcpy_dst(void) { return aclrtMemcpy(NULL, 8, &g_garbage, 4, ACL_MEMCPY_HOST_TO_HOST); }
static aclError f_memcpy_src(void) { return aclrtMemcpy(&g_garbage, 4, NULL, 4, ACL_MEMCPY_HOST_TO_HOST); }
static aclError f_memset_null(void) { return aclrtMemset(NULL, 8, 0, 4); }
static aclError f_init_twice(void)
{
    (void)aclInit(NULL);
    return aclInit(NULL);
}
static aclError f_finalize(void) { return aclFinalize(); }
static aclError f_destroy_tensor_twice(void)
{
    int64_t shape[1] = {1};
    float v = 0;
    aclTensor *t = acpu_test_tensor(ACL_FLOAT, shape, 1, &v);
    (void)aclDestroyTensor(t);
    return aclDestroyTensor(t);
}
static aclError f_destroy_scalar_twice(void)
{
    aclScalar *s = acpu_test_scalar_f32(1.0f);
    (void)aclDestroyScalar(s);
    return aclDestroyScalar(s);
}
static aclError f_view_shape_null(void)
{
    int64_t *dims;
    uint64_t n;
    return aclGetViewShape(NULL, &dims, &n);
}
static aclError f_repeatable_null(void) { return aclSetAclOpExecutorRepeatable(NULL); }
static aclError f_destroy_exec_null(void) { return aclDestroyAclOpExecutor(NULL); }
static aclError f_phase2_null(void) { return aclnnEluBackward(NULL, 0, NULL, NULL); }
static aclError f_threads(void) { return aclnnCpuSetNumThreads(-1); }
static aclError f_platform_soc(void) { return aclnnCpuSetPlatform("NoSuchSoc", 0, 0); }
static aclError f_platform_cores(void) { return aclnnCpuSetPlatform("host", -1, 0); }
static aclError f_platform_ub(void) { return aclnnCpuSetPlatform("host", 0, -1); }

static const fail_case k_fail_cases[] = {
    {f_set_dev, ACL_ERROR_INVALID_DEVICE, "aclrtSetDevice", "deviceId"},
    {f_reset_dev, ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice", "deviceId"},
    {f_get_dev, ACL_ERROR_INVALID_PARAM, "aclrtGetDevice", "deviceId"},
    {f_create_stream, ACL_ERROR_INVALID_PARAM, "aclrtCreateStream", "stream"},
    {f_destroy_stream, ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream", "stream"},
    {f_sync_stream, ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeStream", "stream"},
    {f_malloc_null, ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "devPtr"},
    {f_malloc_zero, ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "size"},
    {f_malloc_policy, ACL_ERROR_INVALID_PARAM, "aclrtMalloc", "policy"},
    {f_mallochost_null, ACL_ERROR_INVALID_PARAM, "aclrtMallocHost", "hostPtr"},
    {f_free_null, ACL_ERROR_INVALID_PARAM, "aclrtFree", "devPtr"},
    {f_freehost_null, ACL_ERROR_INVALID_PARAM, "aclrtFreeHost", "hostPtr"},
    {f_memcpy_dst, ACL_ERROR_INVALID_PARAM, "aclrtMemcpy", "dst"},
    {f_memcpy_src, ACL_ERROR_INVALID_PARAM, "aclrtMemcpy", "src"},
    {f_memset_null, ACL_ERROR_INVALID_PARAM, "aclrtMemset", "devPtr"},
    {f_init_twice, ACL_ERROR_REPEAT_INITIALIZE, "aclInit", NULL},
    {f_finalize, ACL_ERROR_REPEAT_FINALIZE, "aclFinalize", NULL},
    {f_destroy_tensor_twice, ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor", "tensor"},
    {f_destroy_scalar_twice, ACLNN_ERR_PARAM_INVALID, "aclDestroyScalar", "scalar"},
    {f_view_shape_null, ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape", "tensor"},
    {f_repeatable_null, ACLNN_ERR_INNER_NULLPTR, "aclSetAclOpExecutorRepeatable", "executor"},
    {f_destroy_exec_null, ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor", "executor"},
    {f_phase2_null, ACLNN_ERR_PARAM_NULLPTR, "aclnnEluBackward", "executor"},
    {f_threads, ACL_ERROR_INVALID_PARAM, "aclnnCpuSetNumThreads", "numThreads"},
    {f_platform_soc, ACL_ERROR_INVALID_PARAM, "aclnnCpuSetPlatform", "soc"},
    {f_platform_cores, ACL_ERROR_INVALID_PARAM, "aclnnCpuSetPlatform", "coreNum"},
    {f_platform_ub, ACL_ERROR_INVALID_PARAM, "aclnnCpuSetPlatform", "ubBytes"},
};

START_TEST(test_errmsg_table)
{
    const fail_case *c = &k_fail_cases[_i];
    ck_assert_msg(c->call() == c->code, "%s: expected %d", c->api, c->code);
    EXPECT_MSG(c->api, c->arg);
}
END_TEST

/* ---- tensors ----------------------------------------------------------------------------------- */

START_TEST(test_tensor_create_null)
{
    int64_t dims[65], neg[2] = {2, -1}, strides[2] = {1, -1}, ok[2] = {2, 2};
    for (int i = 0; i < 65; ++i)
        dims[i] = 1;
    float data[4] = {0};
    ck_assert_ptr_null(aclCreateTensor(NULL, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, ok, 2, data));
    EXPECT_MSG("aclCreateTensor", "viewDims");
    ck_assert_ptr_null(aclCreateTensor(ok, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, NULL, 2, data));
    EXPECT_MSG("aclCreateTensor", "storageDims");
    ck_assert_ptr_null(aclCreateTensor(dims, 65, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, dims, 65, data));
    ck_assert_ptr_null(aclCreateTensor(neg, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, ok, 2, data));
    ck_assert_ptr_null(aclCreateTensor(ok, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, neg, 2, data));
    ck_assert_ptr_null(aclCreateTensor(ok, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, ok, 2, data));
    EXPECT_MSG("aclCreateTensor", "stride");
    ck_assert_ptr_null(aclCreateTensor(ok, 2, ACL_FLOAT, NULL, -1, ACL_FORMAT_ND, ok, 2, data));
    EXPECT_MSG("aclCreateTensor", "offset");
}
END_TEST

static void create_and_destroy(const int64_t *dims, uint64_t n, aclDataType dt, void *data)
{
    aclTensor *t = aclCreateTensor(dims, n, dt, NULL, 0, ACL_FORMAT_ND, dims, n, data);
    ck_assert_msg(t != NULL, "rank %llu dtype %d refused", (unsigned long long)n, (int)dt);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
}

START_TEST(test_tensor_create_accepts)
{
    int64_t dims[64], two[2] = {2, 3}, empty[2] = {2, 0};
    for (int i = 0; i < 64; ++i)
        dims[i] = 1;
    float data[8] = {0};
    static const int k_dtypes[] = {ACL_DT_UNDEFINED, ACL_STRING, ACL_INT4, ACL_UINT1,     ACL_COMPLEX32,
                                   ACL_FLOAT4_E1M2,  ACL_FLOAT,  ACL_BF16, ACL_COMPLEX128};
    create_and_destroy(dims, 64, ACL_FLOAT, data);
    create_and_destroy(NULL, 0, ACL_FLOAT, data); /* 0-dim */
    create_and_destroy(two, 2, ACL_FLOAT, NULL);  /* NULL data is the operator's business */
    create_and_destroy(empty, 2, ACL_FLOAT, NULL);
    for (size_t i = 0; i < N_ELEMS(k_dtypes); ++i)
        create_and_destroy(two, 2, (aclDataType)k_dtypes[i], data);
}
END_TEST

static void expect_dims(int64_t *got, uint64_t n, const int64_t *want, uint64_t want_n)
{
    ck_assert_uint_eq(n, want_n);
    for (uint64_t i = 0; i < n; ++i)
        ck_assert_int_eq(got[i], want[i]);
    free(got);
}

START_TEST(test_tensor_getters)
{
    const int64_t view[3] = {2, 3, 4}, strides[3] = {1, 2, 6}, storage[2] = {5, 10};
    float data[50];
    aclTensor *t = aclCreateTensor(view, 3, ACL_FLOAT16, strides, 5, ACL_FORMAT_NHWC, storage, 2, data);
    ck_assert_ptr_nonnull(t);
    int64_t *arr = NULL, off = -1;
    uint64_t n = 0;
    aclDataType dt = ACL_DT_UNDEFINED;
    aclFormat fmt = ACL_FORMAT_UNDEFINED;
    ck_assert_int_eq(aclGetViewShape(t, &arr, &n), ACLNN_SUCCESS);
    expect_dims(arr, n, view, 3);
    ck_assert_int_eq(aclGetViewStrides(t, &arr, &n), ACLNN_SUCCESS);
    expect_dims(arr, n, strides, 3);
    ck_assert_int_eq(aclGetStorageShape(t, &arr, &n), ACLNN_SUCCESS);
    expect_dims(arr, n, storage, 2);
    ck_assert_int_eq(aclGetViewOffset(t, &off), ACLNN_SUCCESS);
    ck_assert_int_eq(off, 5);
    ck_assert_int_eq(aclGetDataType(t, &dt), ACLNN_SUCCESS);
    ck_assert_int_eq(dt, ACL_FLOAT16);
    ck_assert_int_eq(aclGetFormat(t, &fmt), ACLNN_SUCCESS);
    ck_assert_int_eq(fmt, ACL_FORMAT_NHWC);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
}
END_TEST

START_TEST(test_tensor_default_strides)
{
    const int64_t view[4] = {2, 3, 4, 5}, want[4] = {60, 20, 5, 1};
    float data[120];
    aclTensor *t = aclCreateTensor(view, 4, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, view, 4, data);
    ck_assert_ptr_nonnull(t);
    int64_t *arr = NULL;
    uint64_t n = 0;
    ck_assert_int_eq(aclGetViewStrides(t, &arr, &n), ACLNN_SUCCESS);
    expect_dims(arr, n, want, 4);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
}
END_TEST

START_TEST(test_tensor_getter_errors)
{
    const int64_t view[1] = {4};
    float data[4];
    aclTensor *t = acpu_test_tensor(ACL_FLOAT, view, 1, data);
    int64_t *arr = NULL, off = 0;
    uint64_t n = 0;
    aclDataType dt;
    aclFormat fmt;
    ck_assert_int_eq(aclGetViewShape(t, NULL, &n), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetViewShape(t, &arr, NULL), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetViewStrides(NULL, &arr, &n), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetStorageShape(t, NULL, &n), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetViewOffset(t, NULL), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetDataType(NULL, &dt), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclGetFormat(t, NULL), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
    ck_assert_int_eq(aclGetViewShape(t, &arr, &n), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclGetViewStrides(t, &arr, &n), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclGetStorageShape(t, &arr, &n), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclGetViewOffset(t, &off), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclGetDataType(t, &dt), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclGetFormat(t, &fmt), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclGetFormat", "tensor");
}
END_TEST

/* ---- scalars, destroy ------------------------------------------------------------------------- */

static const int k_scalar_ok[] = {ACL_FLOAT,       ACL_FLOAT16,     ACL_BF16,          ACL_INT8,        ACL_INT16,
                                  ACL_UINT16,      ACL_UINT8,       ACL_INT32,         ACL_INT64,       ACL_UINT32,
                                  ACL_UINT64,      ACL_BOOL,        ACL_DOUBLE,        ACL_COMPLEX64,   ACL_COMPLEX128,
                                  ACL_HIFLOAT8,    ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E8M0, ACL_FLOAT6_E3M2,
                                  ACL_FLOAT6_E2M3, ACL_FLOAT4_E2M1, ACL_FLOAT4_E1M2};
static const int k_scalar_bad[] = {
    ACL_DT_UNDEFINED, ACL_STRING, ACL_INT4, ACL_UINT1, ACL_COMPLEX32, 5, 14, 28, 42, 1000, -7};

START_TEST(test_scalar_dtypes)
{
    unsigned char value[16] = {0};
    for (size_t i = 0; i < N_ELEMS(k_scalar_ok); ++i) {
        aclScalar *s = aclCreateScalar(value, (aclDataType)k_scalar_ok[i]);
        ck_assert_msg(s != NULL, "scalar dtype %d refused", k_scalar_ok[i]);
        ck_assert_int_eq(aclDestroyScalar(s), ACLNN_SUCCESS);
    }
    for (size_t i = 0; i < N_ELEMS(k_scalar_bad); ++i) {
        ck_assert_msg(aclCreateScalar(value, (aclDataType)k_scalar_bad[i]) == NULL, "scalar dtype %d accepted",
                      k_scalar_bad[i]);
        EXPECT_MSG("aclCreateScalar", NULL);
    }
    ck_assert_ptr_null(aclCreateScalar(NULL, ACL_FLOAT));
    EXPECT_MSG("aclCreateScalar", "value");
}
END_TEST

START_TEST(test_destroy_handles)
{
    const int64_t view[1] = {2};
    float data[2];
    int garbage[8] = {0};
    aclTensor *t = acpu_test_tensor(ACL_FLOAT, view, 1, data);
    aclScalar *s = acpu_test_scalar_f32(2.0f);
    aclDataType dt;
    ck_assert_int_eq(aclDestroyTensor(NULL), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyScalar(NULL), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyTensor((const aclTensor *)garbage), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyScalar((const aclScalar *)garbage), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyScalar((const aclScalar *)t), ACLNN_ERR_PARAM_INVALID); /* wrong kind */
    ck_assert_int_eq(aclDestroyTensor((const aclTensor *)s), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclGetDataType(t, &dt), ACLNN_SUCCESS); /* the refused destroy left it alive */
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyScalar(s), ACLNN_SUCCESS);
    ck_assert_int_eq(aclDestroyScalar(s), ACLNN_ERR_PARAM_INVALID);
    for (int i = 0; i < 8; ++i)
        ck_assert_int_eq(garbage[i], 0);
}
END_TEST

/* ---- executors ------------------------------------------------------------------------------- */

/* dy, x FLOAT {4}; alpha 1, scale 2, inputScale 1, isResult false:
 * gradInput = x > 0 ? 2*dy : 2*dy*exp(x). */
typedef struct {
    float dy[4], x[4];
    double out[4]; /* room for a DOUBLE gradInput */
    aclDataType out_dt;
    aclTensor *t_dy, *t_x, *t_out;
    aclScalar *alpha, *scale, *iscale;
    uint64_t ws;
    aclOpExecutor *exec;
} fixture;

static const float k_dy[4] = {1.0f, 2.0f, -3.0f, 4.0f}, k_x[4] = {1.0f, -1.0f, 2.0f, -0.5f};
#define SENTINEL (-777.0)

static void fx_fill_sentinel(fixture *f)
{
    for (int i = 0; i < 4; ++i)
        acpu_test_store(f->out_dt, f->out, (size_t)i, SENTINEL);
}

static void fx_build(fixture *f, aclDataType out_dt)
{
    const int64_t shape[1] = {4};
    memset(f, 0, sizeof *f);
    memcpy(f->dy, k_dy, sizeof k_dy);
    memcpy(f->x, k_x, sizeof k_x);
    f->out_dt = out_dt;
    fx_fill_sentinel(f);
    f->t_dy = acpu_test_tensor(ACL_FLOAT, shape, 1, f->dy);
    f->t_x = acpu_test_tensor(ACL_FLOAT, shape, 1, f->x);
    f->t_out = acpu_test_tensor(out_dt, shape, 1, f->out);
    f->alpha = acpu_test_scalar_f32(1.0f);
    f->scale = acpu_test_scalar_f32(2.0f);
    f->iscale = acpu_test_scalar_f32(1.0f);
    ck_assert_int_eq(aclnnEluBackwardGetWorkspaceSize(f->t_dy, f->alpha, f->scale, f->iscale, false, f->t_x, f->t_out,
                                                      &f->ws, &f->exec),
                     ACLNN_SUCCESS);
    ck_assert_ptr_nonnull(f->exec);
}

static void fx_destroy_handles(fixture *f)
{
    ck_assert_int_eq(aclDestroyTensor(f->t_dy), 0);
    ck_assert_int_eq(aclDestroyTensor(f->t_x), 0);
    ck_assert_int_eq(aclDestroyTensor(f->t_out), 0);
    ck_assert_int_eq(aclDestroyScalar(f->alpha), 0);
    ck_assert_int_eq(aclDestroyScalar(f->scale), 0);
    ck_assert_int_eq(aclDestroyScalar(f->iscale), 0);
}

static void fx_check_result(const fixture *f)
{
    for (int i = 0; i < 4; ++i) {
        double ref = k_x[i] > 0 ? 2.0 * k_dy[i] : 2.0 * k_dy[i] * exp((double)k_x[i]);
        double got = acpu_test_load(f->out_dt, f->out, (size_t)i);
        ck_assert_msg(fabs(got - ref) <= 1e-5 * fabs(ref), "element %d: got %g, expected %g", i, got, ref);
    }
}

static void fx_check_untouched(const fixture *f)
{
    for (int i = 0; i < 4; ++i)
        ck_assert_double_eq(acpu_test_load(f->out_dt, f->out, (size_t)i), SENTINEL);
}

/* Phase 2 with a workspace of the size phase 1 asked for. */
static aclnnStatus fx_run(fixture *f)
{
    void *ws = NULL;
    if (f->ws > 0)
        ck_assert_int_eq(aclrtMalloc(&ws, f->ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclnnStatus st = aclnnEluBackward(ws, f->ws, f->exec, NULL);
    if (ws != NULL)
        ck_assert_int_eq(aclrtFree(ws), ACL_SUCCESS);
    return st;
}

/* Phase 1 remembers a thread's last live handles until a tensor or scalar is destroyed: after
 * successful calls on the same handles, destroying any one of them (_i: argument index) makes the
 * next call on them fail with 161002 naming that argument, and write nothing. */
static const char *const k_handle_names[6] = {"gradOutput", "alpha",        "scale",
                                              "inputScale", "selfOrResult", "gradInput"};

START_TEST(test_handle_memo_after_destroy)
{
    fixture f;
    fx_build(&f, ACL_FLOAT);
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    ck_assert_int_eq(
        aclnnEluBackwardGetWorkspaceSize(f.t_dy, f.alpha, f.scale, f.iscale, false, f.t_x, f.t_out, &f.ws, &f.exec),
        ACLNN_SUCCESS);
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    fx_fill_sentinel(&f);
    const void *handles[6] = {f.t_dy, f.alpha, f.scale, f.iscale, f.t_x, f.t_out};
    if (_i == 1 || _i == 2 || _i == 3)
        ck_assert_int_eq(aclDestroyScalar(handles[_i]), ACLNN_SUCCESS);
    else
        ck_assert_int_eq(aclDestroyTensor(handles[_i]), ACLNN_SUCCESS);
    aclOpExecutor *ex = NULL;
    uint64_t ws = 0;
    ck_assert_int_eq(
        aclnnEluBackwardGetWorkspaceSize(f.t_dy, f.alpha, f.scale, f.iscale, false, f.t_x, f.t_out, &ws, &ex),
        ACLNN_ERR_PARAM_INVALID);
    ck_assert_ptr_null(ex);
    ck_assert_msg(strstr(aclGetRecentErrMsg(), k_handle_names[_i]) != NULL, "message: %s", aclGetRecentErrMsg());
    fx_check_untouched(&f);
    for (int h = 0; h < 6; ++h) {
        if (h == _i)
            continue;
        if (h == 1 || h == 2 || h == 3)
            ck_assert_int_eq(aclDestroyScalar(handles[h]), ACLNN_SUCCESS);
        else
            ck_assert_int_eq(aclDestroyTensor(handles[h]), ACLNN_SUCCESS);
    }
}
END_TEST

START_TEST(test_exec_single_use)
{
    fixture f;
    fx_build(&f, ACL_FLOAT);
    ck_assert_uint_eq(f.ws, 0); /* dense, same dtype */
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    fx_check_result(&f);
    fx_fill_sentinel(&f);
    ck_assert_int_eq(fx_run(&f), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclnnEluBackward", "executor");
    fx_check_untouched(&f);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(f.exec), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyAclOpExecutor(f.exec), ACLNN_ERR_PARAM_INVALID);
    fx_destroy_handles(&f);
}
END_TEST

START_TEST(test_exec_repeatable)
{
    fixture f;
    fx_build(&f, ACL_FLOAT);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(f.exec), ACLNN_SUCCESS);
    for (int run = 0; run < 3; ++run) {
        fx_fill_sentinel(&f);
        ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
        fx_check_result(&f);
    }
    ck_assert_int_eq(aclDestroyAclOpExecutor(f.exec), ACLNN_SUCCESS);
    fx_fill_sentinel(&f);
    ck_assert_int_eq(fx_run(&f), ACLNN_ERR_PARAM_INVALID);
    fx_check_untouched(&f);
    ck_assert_int_eq(aclDestroyAclOpExecutor(f.exec), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(f.exec), ACLNN_ERR_PARAM_INVALID);
    fx_destroy_handles(&f);
}
END_TEST

START_TEST(test_exec_destroy_unrun)
{
    fixture f;
    fx_build(&f, ACL_FLOAT);
    ck_assert_int_eq(aclDestroyAclOpExecutor(f.exec), ACLNN_SUCCESS);
    ck_assert_int_eq(fx_run(&f), ACLNN_ERR_PARAM_INVALID);
    fx_check_untouched(&f);
    fx_destroy_handles(&f);
}
END_TEST

START_TEST(test_exec_null_paths)
{
    fixture f;
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, NULL, NULL), ACLNN_ERR_PARAM_NULLPTR);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(NULL), ACLNN_ERR_INNER_NULLPTR);
    ck_assert_int_eq(aclDestroyAclOpExecutor(NULL), ACLNN_ERR_INNER_NULLPTR);
    fx_build(&f, ACL_FLOAT);
    ck_assert_int_eq(aclnnEluBackward(NULL, 64, f.exec, NULL), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_MSG("aclnnEluBackward", "workspace");
    fx_check_untouched(&f);
    ck_assert_int_eq(fx_run(&f), ACLNN_ERR_PARAM_INVALID); /* released by the failed call */
    fx_check_untouched(&f);
    fx_destroy_handles(&f);
}
END_TEST

START_TEST(test_exec_garbage)
{
    int garbage = 12345;
    aclOpExecutor *g = (aclOpExecutor *)&garbage;
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, g, NULL), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(g), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyAclOpExecutor(g), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(garbage, 12345);
}
END_TEST

START_TEST(test_exec_small_workspace)
{
    fixture f;
    fx_build(&f, ACL_DOUBLE); /* gradInput dtype differs: staging buffers needed */
    ck_assert_uint_gt(f.ws, 0);
    void *ws = NULL;
    ck_assert_int_eq(aclrtMalloc(&ws, f.ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ck_assert_int_eq(aclnnEluBackward(ws, f.ws - 1, f.exec, NULL), ACLNN_ERR_PARAM_INVALID);
    EXPECT_MSG("aclnnEluBackward", "workspaceSize");
    fx_check_untouched(&f);
    ck_assert_int_eq(aclrtFree(ws), ACL_SUCCESS);
}
END_TEST

START_TEST(test_exec_double_out)
{
    fixture f;
    fx_build(&f, ACL_DOUBLE);
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    fx_check_result(&f);
    fx_destroy_handles(&f);
}
END_TEST

START_TEST(test_exec_streams)
{
    fixture f;
    aclrtStream s = NULL;
    int garbage = 0;
    fx_build(&f, ACL_FLOAT);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(f.exec), ACLNN_SUCCESS);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.exec, &garbage), ACLNN_ERR_PARAM_INVALID);
    fx_check_untouched(&f);
    ck_assert_int_eq(aclrtCreateStream(&s), ACL_SUCCESS);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.exec, s), ACLNN_SUCCESS);
    ck_assert_int_eq(aclrtSynchronizeStream(s), ACL_SUCCESS);
    fx_check_result(&f);
    ck_assert_int_eq(aclrtDestroyStream(s), ACL_SUCCESS);
    fx_fill_sentinel(&f);
    ck_assert_int_eq(aclnnEluBackward(NULL, 0, f.exec, s), ACLNN_ERR_PARAM_INVALID); /* destroyed stream */
    fx_check_untouched(&f);
    ck_assert_int_eq(aclDestroyAclOpExecutor(f.exec), ACLNN_SUCCESS);
}
END_TEST

START_TEST(test_exec_outlives_handles)
{
    fixture f;
    fx_build(&f, ACL_FLOAT);
    fx_destroy_handles(&f);
    /* Reuse the freed handle memory with new objects, as a careless caller would. */
    aclScalar *other = acpu_test_scalar_f32(-100.0f);
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    fx_check_result(&f);
    ck_assert_int_eq(aclDestroyScalar(other), 0);
}
END_TEST

/* Executors are recycled (executor.c): a run or destroyed executor's handle stays refused while
 * thousands of new executors are made and run, none of them gets its address within 4096 creations,
 * and refusing it touches nothing. */
START_TEST(test_exec_stale_after_recycling)
{
    fixture f, g;
    fx_build(&f, ACL_FLOAT);
    aclOpExecutor *stale = f.exec;
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    fx_build(&g, ACL_FLOAT);
    for (int i = 1; i < 4095; ++i) { /* executors 1..4095 after the stale one */
        if (g.exec == stale)
            ck_abort_msg("executor %d reuses the run executor's address", i);
        ck_assert_int_eq(i % 2 ? fx_run(&g) : aclDestroyAclOpExecutor(g.exec), ACLNN_SUCCESS);
        fx_destroy_handles(&g);
        fx_build(&g, ACL_FLOAT);
    }
    ck_assert_ptr_ne(g.exec, stale);
    fx_fill_sentinel(&f);
    f.exec = stale;
    ck_assert_int_eq(fx_run(&f), ACLNN_ERR_PARAM_INVALID);
    fx_check_untouched(&f);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(stale), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(aclDestroyAclOpExecutor(stale), ACLNN_ERR_PARAM_INVALID);
    ck_assert_int_eq(fx_run(&g), ACLNN_SUCCESS); /* the live one still runs */
    fx_check_result(&g);
    fx_destroy_handles(&f);
    fx_destroy_handles(&g);
}
END_TEST

/* More live executors than the pool holds (the rest come from the heap), all distinct, each
 * running once and then refused; a repeatable one among them survives the others' release. */
START_TEST(test_exec_many_live)
{
    enum { N = 40 };
    static fixture f[N];
    for (int i = 0; i < N; ++i)
        fx_build(&f[i], ACL_FLOAT);
    ck_assert_int_eq(aclSetAclOpExecutorRepeatable(f[7].exec), ACLNN_SUCCESS);
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < i; ++j)
            if (f[i].exec == f[j].exec)
                ck_abort_msg("executors %d and %d share an address", i, j);
    for (int i = 0; i < N; ++i) {
        ck_assert_int_eq(fx_run(&f[i]), ACLNN_SUCCESS);
        fx_check_result(&f[i]);
    }
    for (int i = 0; i < N; ++i) {
        fx_fill_sentinel(&f[i]);
        ck_assert_int_eq(fx_run(&f[i]), i == 7 ? ACLNN_SUCCESS : ACLNN_ERR_PARAM_INVALID);
        if (i == 7)
            fx_check_result(&f[i]);
        else
            fx_check_untouched(&f[i]);
    }
    ck_assert_int_eq(aclDestroyAclOpExecutor(f[7].exec), ACLNN_SUCCESS);
    ck_assert_int_eq(fx_run(&f[7]), ACLNN_ERR_PARAM_INVALID);
    for (int i = 0; i < N; ++i)
        fx_destroy_handles(&f[i]);
}
END_TEST

/* Threads that make and run executors and exit hand their cached pool block back: the pool stays
 * usable, and a stale handle from a finished thread stays refused. */
static void *exec_thread(void *arg)
{
    fixture *f = arg;
    fx_build(f, ACL_FLOAT);
    ck_assert_int_eq(fx_run(f), ACLNN_SUCCESS);
    fx_destroy_handles(f);
    fx_build(f, ACL_FLOAT);
    ck_assert_int_eq(fx_run(f), ACLNN_SUCCESS); /* f->exec: run, its block now this thread's spare */
    return NULL;
}

START_TEST(test_exec_thread_exit)
{
    static fixture f[32];
    for (int i = 0; i < 32; ++i) {
        pthread_t t;
        ck_assert_int_eq(pthread_create(&t, NULL, exec_thread, &f[i]), 0);
        ck_assert_int_eq(pthread_join(t, NULL), 0);
    }
    for (int i = 0; i < 32; ++i) {
        fx_fill_sentinel(&f[i]);
        ck_assert_int_eq(fx_run(&f[i]), ACLNN_ERR_PARAM_INVALID);
        fx_check_untouched(&f[i]);
        fx_destroy_handles(&f[i]);
    }
    fixture g;
    fx_build(&g, ACL_FLOAT);
    ck_assert_int_eq(fx_run(&g), ACLNN_SUCCESS);
    fx_check_result(&g);
    fx_destroy_handles(&g);
}
END_TEST

START_TEST(test_aclnn_init)
{
    ck_assert_int_eq(aclnnInit(NULL), ACLNN_SUCCESS);
    ck_assert_int_eq(aclnnFinalize(), ACLNN_SUCCESS);
}
END_TEST

/* ---- extensions ------------------------------------------------------------------------------- */

static void expect_platform(const char *soc, int32_t cores, int64_t ub, int32_t bf16)
{
    aclnnCpuPlatform p;
    memset(&p, 0, sizeof p);
    ck_assert_int_eq(aclnnCpuGetPlatform(&p), ACL_SUCCESS);
    ck_assert_str_eq(p.soc, soc);
    if (cores > 0)
        ck_assert_int_eq(p.coreNum, cores);
    else
        ck_assert_int_gt(p.coreNum, 0);
    if (ub > 0)
        ck_assert_int_eq(p.ubBytes, ub);
    else
        ck_assert_int_gt(p.ubBytes, 0);
    ck_assert_int_eq(p.bf16, bf16);
}

START_TEST(test_num_threads)
{
    ck_assert_int_eq(aclnnCpuSetNumThreads(-1), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_ge(aclnnCpuGetNumThreads(), 1);
    ck_assert_int_eq(aclnnCpuSetNumThreads(3), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuGetNumThreads(), 3);
    ck_assert_int_eq(aclnnCpuSetNumThreads(-5), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclnnCpuGetNumThreads(), 3); /* refused call changed nothing */
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    expect_platform("host", 3, 0, 1); /* host cores are the threads */
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    ck_assert_int_ge(aclnnCpuGetNumThreads(), 1);
}
END_TEST

/* The settings stamp: unchanged by calls that change nothing (getters, refused setters, operator
 * calls), new after every setter that ran and after a change of this thread's OpenMP default (when
 * ACLNN_CPU_NUM_THREADS does not fix the count). */
START_TEST(test_settings_stamp)
{
    uint64_t s0 = aclnnCpuGetSettingsStamp();
    ck_assert_uint_ne(s0, 0);
    ck_assert_uint_eq(aclnnCpuGetSettingsStamp(), s0);
    ck_assert_int_ge(aclnnCpuGetNumThreads(), 1);
    ck_assert_int_eq(aclnnCpuSetNumThreads(-1), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclnnCpuSetPlatform("NoSuchSoc", 0, 0), ACL_ERROR_INVALID_PARAM);
    ck_assert_uint_eq(aclnnCpuGetSettingsStamp(), s0);

    uint64_t seen[6] = {s0};
    ck_assert_int_eq(aclnnCpuSetNumThreads(3), ACL_SUCCESS);
    seen[1] = aclnnCpuGetSettingsStamp();
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910B", 0, 0), ACL_SUCCESS);
    seen[2] = aclnnCpuGetSettingsStamp();
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_OFF), ACL_SUCCESS);
    seen[3] = aclnnCpuGetSettingsStamp();
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_OFF), ACL_SUCCESS);
    seen[4] = aclnnCpuGetSettingsStamp();
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetNumThreads(0), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetLookupTables(ACLNN_CPU_TABLES_AUTO), ACL_SUCCESS);
    ck_assert_int_eq(aclnnCpuSetStreamingStores(ACLNN_CPU_STREAM_AUTO), ACL_SUCCESS);
    seen[5] = aclnnCpuGetSettingsStamp(); /* the settings of s0 again, but a new stamp */
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            ck_assert_msg(seen[i] != seen[j], "stamps %d and %d are both %llu", i, j, (unsigned long long)seen[i]);

    /* an operator call plans and runs without changing the settings */
    fixture f;
    fx_build(&f, ACL_FLOAT);
    ck_assert_int_eq(fx_run(&f), ACLNN_SUCCESS);
    fx_destroy_handles(&f);
    ck_assert_uint_eq(aclnnCpuGetSettingsStamp(), seen[5]);

    if (getenv("ACLNN_CPU_NUM_THREADS") == NULL) { /* the default follows this thread's OpenMP count */
        int was = omp_get_max_threads();
        omp_set_num_threads(was + 1);
        uint64_t more = aclnnCpuGetSettingsStamp();
        ck_assert_uint_ne(more, seen[5]);
        ck_assert_int_eq(aclnnCpuGetNumThreads(), was + 1);
        omp_set_num_threads(was);
        ck_assert_uint_ne(aclnnCpuGetSettingsStamp(), more);
    }
}
END_TEST

START_TEST(test_platform)
{
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910B", 0, 0), ACL_SUCCESS);
    expect_platform("Ascend910B", 48, 196608, 1);
    ck_assert_int_eq(aclnnCpuSetPlatform("NoSuchSoc", 0, 0), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910", -1, 0), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910", 0, -1), ACL_ERROR_INVALID_PARAM);
    expect_platform("Ascend910B", 48, 196608, 1); /* refused calls changed nothing */
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910", 0, 0), ACL_SUCCESS);
    expect_platform("Ascend910", 0, 0, 0);
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910_93", 0, 0), ACL_SUCCESS);
    expect_platform("Ascend910_93", 0, 0, 1);
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend950", 0, 0), ACL_SUCCESS);
    expect_platform("Ascend950", 64, 0, 1);
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910B", 8, 65536), ACL_SUCCESS);
    expect_platform("Ascend910B", 8, 65536, 1);
    ck_assert_int_eq(aclnnCpuSetPlatform(NULL, 0, 0), ACL_SUCCESS);
    if (getenv("ACLNN_CPU_SOC") == NULL)
        expect_platform("host", 0, 0, 1);
}
END_TEST

START_TEST(test_isa)
{
    const char *want = getenv(MAX_ISA_ENV);
    aclnnCpuIsa isa = aclnnCpuGetIsa();
    const char *name = aclnnCpuIsaName(isa);
    ck_assert_ptr_nonnull(name);
    ck_assert_int_eq(aclnnCpuGetIsa(), isa);
    if (want != NULL && *want != '\0')
        ck_assert_str_eq(name, want);
    ck_assert_str_eq(aclnnCpuIsaName(ACLNN_CPU_ISA_SCALAR), "scalar");
    ck_assert_str_eq(aclnnCpuIsaName(ACLNN_CPU_ISA_NEON), "neon");
    ck_assert_str_eq(aclnnCpuIsaName(ACLNN_CPU_ISA_AVX2), "avx2");
    ck_assert_str_eq(aclnnCpuIsaName(ACLNN_CPU_ISA_AVX512), "avx512");
    ck_assert_ptr_null(aclnnCpuIsaName((aclnnCpuIsa)4));
    ck_assert_ptr_null(aclnnCpuIsaName((aclnnCpuIsa)-1));
}
/* A destroyed handle stays refused even while new objects are created (its address is not handed
 * out again at once), and refusing it does not touch the new objects. */
START_TEST(test_stale_handle_not_revived)
{
    int64_t shape[1] = {4};
    float data[4] = {0};
    aclTensor *stale = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, data);
    ck_assert_ptr_nonnull(stale);
    ck_assert_int_eq(aclDestroyTensor(stale), ACLNN_SUCCESS);
    aclTensor *fresh[256];
    for (int i = 0; i < 256; ++i) {
        fresh[i] = aclCreateTensor(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, data);
        ck_assert_ptr_nonnull(fresh[i]);
        if (fresh[i] == stale)
            ck_abort_msg("new tensor %d reuses the destroyed tensor's address", i);
    }
    ck_assert_int_eq(aclDestroyTensor(stale), ACLNN_ERR_PARAM_INVALID);
    for (int i = 0; i < 256; ++i)
        if (aclDestroyTensor(fresh[i]) != ACLNN_SUCCESS)
            ck_abort_msg("tensor %d could not be destroyed", i);
}
END_TEST

/* count 0 does not excuse NULL pointers or an unknown kind. */
START_TEST(test_memcpy_zero_count_still_checked)
{
    char buf[8] = {0};
    ck_assert_int_eq(aclrtMemcpy(NULL, 0, buf, 0, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMemcpy(buf, 8, NULL, 0, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    ck_assert_int_eq(aclrtMemcpy(buf, 8, buf, 0, (aclrtMemcpyKind)99), ACL_ERROR_INVALID_PARAM);
    ck_assert_ptr_nonnull(strstr(aclGetRecentErrMsg(), "kind"));
    ck_assert_int_eq(aclrtMemcpy(buf, 8, buf, 0, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
}
END_TEST

END_TEST

/* ---- suite ------------------------------------------------------------------------------------ */

static Suite *runtime_suite(void)
{
    Suite *s = suite_create("runtime");
    TCase *rt = tcase_create("runtime");
    tcase_add_test(rt, test_init_finalize);
    tcase_add_test(rt, test_devices);
    tcase_add_test(rt, test_streams);
    tcase_add_test(rt, test_malloc_alignment);
    tcase_add_test(rt, test_malloc_errors);
    tcase_add_test(rt, test_malloc_huge);
    tcase_add_test(rt, test_free_errors);
    tcase_add_test(rt, test_memcpy_errors);
    tcase_add_test(rt, test_memcpy_zero_count_still_checked);
    tcase_add_test(rt, test_memcpy_overlap);
    tcase_add_test(rt, test_memcpy_kinds);
    tcase_add_test(rt, test_memset);
    suite_add_tcase(s, rt);

    TCase *msg = tcase_create("errmsg");
    tcase_add_test(msg, test_errmsg_fresh_thread);
    tcase_add_test(msg, test_errmsg_per_thread);
    tcase_add_test(msg, test_errmsg_lifecycle);
    tcase_add_loop_test(msg, test_errmsg_table, 0, (int)N_ELEMS(k_fail_cases));
    suite_add_tcase(s, msg);

    TCase *meta = tcase_create("meta");
    tcase_add_test(meta, test_tensor_create_null);
    tcase_add_test(meta, test_stale_handle_not_revived);
    tcase_add_test(meta, test_tensor_create_accepts);
    tcase_add_test(meta, test_tensor_getters);
    tcase_add_test(meta, test_tensor_default_strides);
    tcase_add_test(meta, test_tensor_getter_errors);
    tcase_add_test(meta, test_scalar_dtypes);
    tcase_add_test(meta, test_destroy_handles);
    suite_add_tcase(s, meta);

    TCase *ex = tcase_create("executor");
    tcase_add_test(ex, test_exec_single_use);
    tcase_add_loop_test(ex, test_handle_memo_after_destroy, 0, 6);
    tcase_add_test(ex, test_exec_repeatable);
    tcase_add_test(ex, test_exec_destroy_unrun);
    tcase_add_test(ex, test_exec_null_paths);
    tcase_add_test(ex, test_exec_garbage);
    tcase_add_test(ex, test_exec_small_workspace);
    tcase_add_test(ex, test_exec_double_out);
    tcase_add_test(ex, test_exec_streams);
    tcase_add_test(ex, test_exec_outlives_handles);
    tcase_add_test(ex, test_exec_stale_after_recycling);
    tcase_add_test(ex, test_exec_many_live);
    tcase_add_test(ex, test_exec_thread_exit);
    tcase_add_test(ex, test_aclnn_init);
    suite_add_tcase(s, ex);

    TCase *ext = tcase_create("extensions");
    tcase_add_test(ext, test_num_threads);
    tcase_add_test(ext, test_settings_stamp);
    tcase_add_test(ext, test_platform);
    tcase_add_test(ext, test_isa);
    suite_add_tcase(s, ext);
    return s;
}

int main(void) { return acpu_test_main(runtime_suite()); }
