/* One operator of the registry run as a graph node (the GE graph runner of src/geir calls these): by
 * its kernel op type ("EluGrad"), with attribute values by IR name and tensors by IR input name,
 * through the shared phase-1 / phase-2 path of every API (ops/op_phase.c). Each operator gets an
 * API row of its own, made once from its operator row (ops/op_node.c):
 *
 *   parameters  its kernel inputs (IR names), its attributes (IR names and types), its output
 *   checks      each input's dtype in the IR's TensorType list (no BF16 on the Ascend910 profile,
 *               which has none), every input and the output of input 0's dtype, ranks <= 8, the
 *               shape rule of the operator's API rows on the profile (see acpu_node_infer), and a
 *               kernel for the dtype (the IR may list a dtype no kernel computes, EluGrad's double)
 *   compute     the inputs' dtype (ACPU_COMPUTE_KEEP); no API casts, no API hooks
 *
 * so a node's validation errors are the shared path's, with the operator's type as the message's
 * prefix. The graph layer is C++ and lives in another shared library (libaclnn_cpu_graph.so): this
 * header is C and C++, includes public headers only, and the one way in is the function table that
 * acpu_node_iface_get returns (the only internal symbol libaclnn_cpu exports). */
#ifndef ACPU_OP_NODE_H_
#define ACPU_OP_NODE_H_

#include <stdbool.h>
#include <stdint.h>

#include "acl/acl_base.h"
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACPU_NODE_MAX_INPUTS 4 /* IR inputs, the unread ones included */
#define ACPU_NODE_MAX_ATTRS 4
#define ACPU_NODE_MAX_DIMS 8

/* The values of acpu_attr_type (ops/acpu_registry.h). */
typedef enum {
    ACPU_NODE_ATTR_FLOAT = 0,
    ACPU_NODE_ATTR_BOOL,
    ACPU_NODE_ATTR_INT,
    ACPU_NODE_ATTR_STRING
} acpu_node_attr_type;

/* An attribute value: `f` for FLOAT, `b` for BOOL, `i` for INT, `s` for STRING (one of `choices`). */
typedef struct {
    acpu_node_attr_type type;
    double f;
    bool b;
    int64_t i;
    const char *s;
} acpu_node_value;

typedef struct {
    const char *name;           /* IR name: "alpha" */
    acpu_node_value dflt;       /* the registry's default */
    const char *const *choices; /* a STRING attribute's values (NULL-terminated), or NULL */
    /* 0: a GE attribute; 1: an INPUT of CANN's IR, 2: an OPTIONAL_INPUT (the default when it is not
     * connected): a tensor of one element whose value the graph runner passes as the attribute */
    int ir_input;
} acpu_node_attr;

/* An operator as a graph sees it. */
typedef struct {
    const char *type; /* the GE op type: "EluGrad" */
    int n_in;         /* inputs the kernel reads: in[0 .. n_in) */
    int n_ir_in;      /* every IR input, in IR order: the kernel's, then the unread ones */
    const char *in[ACPU_NODE_MAX_INPUTS];
    uint64_t in_dtypes[ACPU_NODE_MAX_INPUTS]; /* the IR's TensorType lists as bits of aclDataType */
    const char *out;                          /* the IR output */
    uint64_t out_dtypes;
    int n_attrs;
    acpu_node_attr attrs[ACPU_NODE_MAX_ATTRS];
} acpu_node_op;

/* A tensor's dtype and shape (rank <= ACPU_NODE_MAX_DIMS). */
typedef struct {
    aclDataType dtype;
    int rank;
    int64_t dims[ACPU_NODE_MAX_DIMS];
} acpu_node_shape;

#define ACPU_NODE_ABI 2u

typedef struct {
    uint32_t abi; /* ACPU_NODE_ABI of the library that made the table */
    int (*op_count)(void);
    const acpu_node_op *(*op_at)(int i);
    /* The operator of type `type`, or NULL. */
    const acpu_node_op *(*op_find)(const char *type);
    /* The output's dtype and shape from the n_in kernel inputs' under the current profile: the
     * inputs' dtype (input 0's), and the shape of the operator's API rows' rule there: the
     * broadcast of the inputs where an API row of the operator broadcasts its output from them
     * (SiluGrad, TanhGrad on Ascend950 and host), input `b`'s shape where one broadcasts input a to
     * input b (SoftplusV2Grad), input 0's otherwise. 161002 with the message set when the shapes do
     * not broadcast or a rank exceeds 8. */
    aclnnStatus (*infer)(const acpu_node_op *op, const acpu_node_shape *in, acpu_node_shape *out);
    /* Phase 1 of the node: values[k] for attrs[k] (its type), in[j] for the kernel inputs, out
     * created by the caller with the inferred shape and dtype. The executor it returns runs once. */
    aclnnStatus (*plan)(const acpu_node_op *op, const acpu_node_value *values, const aclTensor *const *in,
                        aclTensor *out, uint64_t *workspace_size, aclOpExecutor **executor);
    /* Phase 2 of a planned node (synchronous). */
    aclnnStatus (*run)(const acpu_node_op *op, void *workspace, uint64_t workspace_size, aclOpExecutor *executor);
} acpu_node_iface;

ACLNN_API const acpu_node_iface *acpu_node_iface_get(void);

#ifdef __cplusplus
}
#endif

#endif /* ACPU_OP_NODE_H_ */
