/* torch_npu's way in: no link against the library. It first scans $ASCEND_HOME_PATH/lib64 for the
 * per-domain libraries (libopapi_*.so) and dlopens each by full path, then dlopen("libopapi.so")
 * through the loader path (LD_LIBRARY_PATH from set_env.sh); every call goes through dlsym. Prints
 * the libraries found and one ELU backward result; every handle must resolve to one copy. */
#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_elu_backward.h"

#define SYM(lib, name) ((__typeof__(&name))dlsym(lib, #name))
#define MAX_LIBS 16

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* libopapi_<domain>.so files of dir, sorted (readdir's order is the file system's); -1 on error. */
static int scan_opapi(const char *dir, char *names[MAX_LIBS])
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    int n = 0;
    for (struct dirent *e = readdir(d); e != NULL; e = readdir(d)) {
        size_t len = strlen(e->d_name);
        if (len > strlen("libopapi_.so") && strncmp(e->d_name, "libopapi_", 9) == 0 &&
            strcmp(e->d_name + len - 3, ".so") == 0 && n < MAX_LIBS)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    return n;
}

int main(void)
{
    const char *home = getenv("ASCEND_HOME_PATH");
    if (home == NULL) {
        printf("ASCEND_HOME_PATH is not set (source set_env.sh)\n");
        return 1;
    }
    char dir[4096], path[4096 + 256];
    snprintf(dir, sizeof dir, "%s/lib64", home);
    char *names[MAX_LIBS];
    int n = scan_opapi(dir, names);
    if (n <= 0) {
        printf("no libopapi_*.so in %s\n", dir);
        return 1;
    }
    void *domain[MAX_LIBS];
    printf("lib64 libopapi_*.so:");
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        domain[i] = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (domain[i] == NULL) {
            printf("\ndlopen %s failed: %s\n", path, dlerror());
            return 1;
        }
        printf(" %s", names[i]);
        free(names[i]);
    }
    printf("\n");
    void *lib = dlopen("libopapi.so", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        printf("dlopen failed: %s\n", dlerror());
        return 1;
    }
    __typeof__(&aclCreateTensor) create = SYM(lib, aclCreateTensor);
    __typeof__(&aclCreateScalar) scalar = SYM(lib, aclCreateScalar);
    __typeof__(&aclnnEluBackwardGetWorkspaceSize) phase1 = SYM(lib, aclnnEluBackwardGetWorkspaceSize);
    __typeof__(&aclnnEluBackward) phase2 = SYM(lib, aclnnEluBackward);
    __typeof__(&aclGetRecentErrMsg) msg = SYM(lib, aclGetRecentErrMsg);
    if (!create || !scalar || !phase1 || !phase2 || !msg) {
        printf("dlsym failed: %s\n", dlerror());
        return 1;
    }
    for (int i = 0; i < n; i++) {
        if (dlsym(domain[i], "aclnnEluBackward") != (void *)phase2) {
            printf("lib64's libopapi_*.so number %d is another copy of the library\n", i);
            return 1;
        }
    }
    float go[4] = {1, 1, 1, 1}, x[4] = {-1, 0, 1, 2}, gi[4] = {0}, one = 1.0f;
    int64_t shape[1] = {4};
    aclTensor *tGo = create(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, go);
    aclTensor *tX = create(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, x);
    aclTensor *tGi = create(shape, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, shape, 1, gi);
    aclScalar *s = scalar(&one, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor *e = NULL;
    if (phase1(tGo, s, s, s, true, tX, tGi, &ws, &e) != 0 || ws != 0 || phase2(NULL, 0, e, NULL) != 0) {
        printf("aclnnEluBackward failed: %s\n", msg());
        return 1;
    }
    printf("dlopen elu: %f %f %f %f\n", gi[0], gi[1], gi[2], gi[3]);
    return 0;
}
