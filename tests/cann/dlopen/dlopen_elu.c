/* torch_npu's way in: no link against the library; dlopen("libopapi.so") through the loader path
 * (LD_LIBRARY_PATH from set_env.sh) and every call by dlsym. Prints one ELU backward result. */
#include <dlfcn.h>
#include <stdio.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_elu_backward.h"

#define SYM(lib, name) ((__typeof__(&name))dlsym(lib, #name))

int main(void)
{
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
    void *again = dlopen("libopapi_nn.so", RTLD_NOW | RTLD_LOCAL);
    if (!create || !scalar || !phase1 || !phase2 || !msg || again == NULL ||
        dlsym(again, "aclnnEluBackward") != (void *)phase2) {
        printf("dlsym failed or libopapi_nn.so is another copy\n");
        return 1;
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
