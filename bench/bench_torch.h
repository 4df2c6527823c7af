/* The PyTorch peer's interface (bench_torch.cpp, libtorch's C++ API, C++17), in types that C and
 * C++ share: bench_torch.cpp sees neither the registry nor the library. The C side describes a
 * case instance (its tensors with their roles, its attributes by operator attribute name) and names
 * the aten call of the peers table (bench_peers.c); bench_torch.cpp binds that call to the tensors
 * once (tensors wrap the case's buffers: no copies) and runs it. Without libtorch (not found at
 * configure time, a cross or sanitizer build, or ACLNN_CPU_BENCH_TORCH=OFF) bench_torch_none.c
 * answers "not built". */
#ifndef ACPU_BENCH_TORCH_H_
#define ACPU_BENCH_TORCH_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_TORCH_MAX_IN 3
#define BENCH_TORCH_MAX_ATTRS 4

/* Attribute types as the registry's acpu_attr_type: float (a scalar), bool, int, string. */
enum { BENCH_TORCH_ATTR_FLOAT = 0, BENCH_TORCH_ATTR_BOOL, BENCH_TORCH_ATTR_INT, BENCH_TORCH_ATTR_STRING };

typedef struct {
    const char *call;     /* the aten call: "aten::silu_backward.grad_input" */
    const char *caseName; /* for messages */
    int dtype;            /* BENCH_FP32, BENCH_FP16, BENCH_BF16, BENCH_FP64 */
    size_t n;
    int numIn;
    void *in[BENCH_TORCH_MAX_IN]; /* the API's input tensors, operator input order */
    const char *inNames[BENCH_TORCH_MAX_IN];
    int inRoles[BENCH_TORCH_MAX_IN]; /* BENCH_ROLE_GRAD, BENCH_ROLE_INPUT, BENCH_ROLE_RESULT */
    void *out;                       /* the output (an in-place case's: its input) */
    int inplace;
    int numAttrs;
    const char *attrNames[BENCH_TORCH_MAX_ATTRS];
    int attrTypes[BENCH_TORCH_MAX_ATTRS];
    double attrValues[BENCH_TORCH_MAX_ATTRS];       /* float, bool (0/1), int */
    const char *attrStrings[BENCH_TORCH_MAX_ATTRS]; /* string attributes: the chosen value */
    int verify; /* the result must land in `out` (forms without out= copy it there) */
} BenchTorchCall;

typedef struct BenchTorch BenchTorch;
int bench_torch_available(void);
const char *bench_torch_version(void); /* "1.13.1, CPU capability AVX2" or "not built" */
/* 1 when bench_torch.cpp implements the aten call named in the peers table. */
int bench_torch_has_call(const char *call);
/* The bound call; NULL with a message in why (PyTorch refuses: no kernel for the dtype, an
 * attribute or input the call needs is missing). */
BenchTorch *bench_torch_create(const BenchTorchCall *call, char *why, size_t whySize);
void bench_torch_set_threads(int threads);
void bench_torch_run(BenchTorch *t);
void bench_torch_destroy(BenchTorch *t);

#ifdef __cplusplus
}
#endif

#endif /* ACPU_BENCH_TORCH_H_ */
