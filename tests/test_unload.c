/* The shared library unloaded (dlclose) while a thread that used it is still alive: when that
 * thread exits afterwards, nothing of the library may run from unmapped memory (its thread-exit
 * handlers, e.g. the one returning the thread's spare executor block). The library is linked
 * with -z nodelete for this. ACPU_TEST_LIBRARY names the shared library to load. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

#include "acpu_test.h"
#include "aclnnop/aclnn_elu_backward.h"

typedef struct {
    __typeof__(&aclCreateTensor) create_tensor;
    __typeof__(&aclCreateScalar) create_scalar;
    __typeof__(&aclDestroyTensor) destroy_tensor;
    __typeof__(&aclDestroyScalar) destroy_scalar;
    __typeof__(&aclnnEluBackwardGetWorkspaceSize) phase1;
    __typeof__(&aclnnEluBackward) phase2;
} lib_api;

typedef struct {
    lib_api api;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int stage; /* 1: the worker's call is done; 2: the library is unloaded, the worker may exit */
    aclnnStatus status;
    float out[4];
} worker_state;

static void *sym(void *lib, const char *name)
{
    void *p = dlsym(lib, name);
    ck_assert_msg(p != NULL, "dlsym %s: %s", name, dlerror());
    return p;
}

/* gradInput = dy * scale for x > 0, exp(x) * dy for x <= 0 (alpha, scale, inputScale 1). */
static aclnnStatus one_call(const lib_api *api, float *out)
{
    static float dy[4] = {1, 2, 3, 4}, x[4] = {1, -1, 0.5f, -2};
    int64_t shape[1] = {4}, strides[1] = {1};
    float one = 1.0f;
    aclTensor *t_dy = api->create_tensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, dy);
    aclTensor *t_x = api->create_tensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x);
    aclTensor *t_out = api->create_tensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, out);
    aclScalar *s = api->create_scalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = api->phase1(t_dy, s, s, s, false, t_x, t_out, &ws, &ex);
    if (st == ACLNN_SUCCESS)
        st = api->phase2(NULL, 0, ex, NULL);
    api->destroy_tensor(t_dy);
    api->destroy_tensor(t_x);
    api->destroy_tensor(t_out);
    api->destroy_scalar(s);
    return st;
}

static void *worker(void *arg)
{
    worker_state *w = arg;
    aclnnStatus st = one_call(&w->api, w->out);
    pthread_mutex_lock(&w->lock);
    w->status = st;
    w->stage = 1;
    pthread_cond_broadcast(&w->cond);
    while (w->stage < 2)
        pthread_cond_wait(&w->cond, &w->lock);
    pthread_mutex_unlock(&w->lock);
    return NULL; /* the thread exits after the library was unloaded */
}

START_TEST(test_thread_exits_after_dlclose)
{
    const char *path = getenv("ACPU_TEST_LIBRARY");
    ck_assert_msg(path != NULL, "ACPU_TEST_LIBRARY is not set");
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    ck_assert_msg(lib != NULL, "dlopen %s: %s", path, dlerror());
    static worker_state w = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};
    w.api.create_tensor = (__typeof__(w.api.create_tensor))sym(lib, "aclCreateTensor");
    w.api.create_scalar = (__typeof__(w.api.create_scalar))sym(lib, "aclCreateScalar");
    w.api.destroy_tensor = (__typeof__(w.api.destroy_tensor))sym(lib, "aclDestroyTensor");
    w.api.destroy_scalar = (__typeof__(w.api.destroy_scalar))sym(lib, "aclDestroyScalar");
    w.api.phase1 = (__typeof__(w.api.phase1))sym(lib, "aclnnEluBackwardGetWorkspaceSize");
    w.api.phase2 = (__typeof__(w.api.phase2))sym(lib, "aclnnEluBackward");
    pthread_t t;
    ck_assert_int_eq(pthread_create(&t, NULL, worker, &w), 0);
    pthread_mutex_lock(&w.lock);
    while (w.stage < 1)
        pthread_cond_wait(&w.cond, &w.lock);
    pthread_mutex_unlock(&w.lock);
    ck_assert_int_eq(w.status, ACLNN_SUCCESS);
    ck_assert_int_eq(dlclose(lib), 0);
    pthread_mutex_lock(&w.lock);
    w.stage = 2;
    pthread_cond_broadcast(&w.cond);
    pthread_mutex_unlock(&w.lock);
    ck_assert_int_eq(pthread_join(t, NULL), 0);      /* reached only if the thread's exit did not crash */
    ck_assert(w.out[0] == 1.0f && w.out[2] == 3.0f); /* x > 0: dy * scale */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("unload");
    TCase *tc = tcase_create("dlclose");
    tcase_add_test(tc, test_thread_exits_after_dlclose);
    suite_add_tcase(s, tc);
    return acpu_test_main(s);
}
