/* The operator registry: every operator and every aclnn API of the library as data (ops/registry.c
 * holds the one list). Everything else reads it: the public entry points (generated from the API
 * rows, ops/acpu_entry.h), the shared phase-1 / phase-2 path, the tiling lab, the registry's JSON
 * (Python, docs), the benchmark, the fuzzer, the test harness and the graph runner.
 *
 * An operator (acpu_op_def) is a kernel op type as CANN's graph knows it ("EluGradV2"): its inputs
 * and output by IR name, its attributes with type and default, its kernel (or a pick among
 * kernels by attribute value) and its tiling strategies in the order tried.
 *
 * An API (acpu_api_def) is one aclnn function pair ("aclnnEluBackward"): its parameters in CANN's
 * order (each a tensor bound to an operator input or the output, or an attribute's value), its
 * validation as an ordered list of declarative checks (CANN's order, per profile where it differs),
 * its compute-dtype rule, and what is truly its own (one hook). */
#ifndef ACPU_REGISTRY_H_
#define ACPU_REGISTRY_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "aclnn/aclnn_base.h"
#include "common/acpu_attr.h"
#include "kernels/acpu_kernels.h"
#include "tiling/acpu_tiling.h"

#define ACPU_MAX_PARAMS 10
#define ACPU_MAX_CHECKS 16

/* dtype sets as bits of aclDataType values (all < 64); any other value (a caller's ACL_DT_UNDEFINED,
 * 5000) is in no set */
#define ACPU_DT(dt) ((uint64_t)(dt) < 64u ? UINT64_C(1) << (dt) : UINT64_C(0))

/* ---- operators ---------------------------------------------------------------------------------- */

typedef enum { ACPU_ATTR_FLOAT = 0, ACPU_ATTR_BOOL, ACPU_ATTR_INT, ACPU_ATTR_STRING } acpu_attr_type;

typedef struct {
    const char *name; /* IR name: "alpha", "input_scale", "is_result" */
    acpu_attr_type type;
    acpu_attr_value dflt;       /* CANN's default (a string attribute: the index of its default choice) */
    const char *const *choices; /* a string or int attribute's allowed values (NULL-terminated), or NULL */
    /* How CANN's IR (REG_OP) has it: 0 an ATTR; ACPU_ATTR_IR_INPUT / _IR_OPTIONAL_INPUT an INPUT /
     * OPTIONAL_INPUT tensor of one element (ThresholdV2's threshold and value, ClipByValueV2's limits:
     * the aclnn APIs pass them as scalars, the graph runner reads the tensor's value). */
    uint8_t ir_input;
} acpu_attr_def;

#define ACPU_ATTR_IR_INPUT 1
#define ACPU_ATTR_IR_OPTIONAL_INPUT 2

typedef struct acpu_op_def acpu_op_def;
struct acpu_op_def {
    const char *type; /* the kernel op type / GE op type: "EluGradV2" */
    int n_in;
    const char *in[ACPU_TILING_MAX_INPUTS]; /* IR input names, in the kernel's order */
    const char *out;                        /* IR output name */
    /* The IR's TensorType lists (REG_OP), as ACPU_DT bits: what the operator's kernel takes, before
     * any API casts around it (the tiling lab and the graph runner read these). */
    uint64_t in_dtypes[ACPU_TILING_MAX_INPUTS], out_dtypes;
    int n_attrs;
    acpu_attr_def attrs[ACPU_MAX_ATTRS];
    acpu_kernel_id kernel; /* kernels/acpu_kernel_list.h */
    /* The kernel for these attribute values (NULL: `kernel`), e.g. EluGradV2's result mode. */
    acpu_kernel_id (*pick_kernel)(const acpu_attr_value *attrs);
    int n_tilings;
    acpu_tiling_choice tilings[ACPU_MAX_TILINGS]; /* in the order tried */
    /* IR inputs after `in` that the kernel never reads (SwishGrad's y, which its l0op fills with
     * self again: "noNeed"): a graph binds them, nothing reads them. NULL-terminated. */
    const char *unread_in[ACPU_TILING_MAX_INPUTS];
};

/* ---- APIs --------------------------------------------------------------------------------------- */

/* One argument of a phase-1 call, as the generated entry points pack them. */
typedef union acpu_arg {
    const void *p; /* tensors, scalars */
    bool b;
    int64_t i;
    double d; /* ACPU_P_FLOAT */
    const char *s;
} acpu_arg;

/* A parameter of an aclnn phase-1 function, before workspaceSize and executor. */
typedef enum {
    ACPU_P_TIN = 0,      /* const aclTensor *: operator input `slot` */
    ACPU_P_TOUT,         /* aclTensor *: the output */
    ACPU_P_TOUT_CONST,   /* const aclTensor *: the output (CANN's const out of Relu, Hardswish) */
    ACPU_P_TINOUT,       /* aclTensor *selfRef: input `slot` and the output (in-place APIs) */
    ACPU_P_TINOUT_CONST, /* const aclTensor *: the same (CANN's InplaceHardswish, InplaceHardsigmoid) */
    ACPU_P_SCALAR,       /* const aclScalar *: attribute `slot` (required) */
    ACPU_P_SCALAR_OPT,   /* const aclScalar *: attribute `slot`, NULL gives its default */
    ACPU_P_BOOL,         /* bool: attribute `slot` */
    ACPU_P_INT,          /* int64_t: attribute `slot` */
    ACPU_P_STRING,       /* char *: attribute `slot`, one of its choices */
    ACPU_P_FLOAT,        /* double: attribute `slot` (no aclnn API has one: the operator rows of graph
                            nodes pass their Float attributes so, ops/acpu_op_node.h) */
    ACPU_P_KIND_COUNT
} acpu_param_kind;

typedef struct {
    const char *name; /* CANN's name: "gradOutput", "selfOrResult", "inputScale" */
    acpu_param_kind kind;
    uint8_t slot; /* operator input (tensors) or attribute (the rest) */
} acpu_param_def;

/* The validation steps, run in list order (CANN's). `a`, `b`, `c` are parameter indices. */
typedef enum {
    ACPU_CK_DTYPE = 1,          /* a's dtype in dtypes[profile group] */
    ACPU_CK_SAME_DTYPE,         /* a's dtype equals b's */
    ACPU_CK_PROMOTE_OUT,        /* a's dtype equals the promotion of b's and c's (the output of a mixed pair) */
    ACPU_CK_CAST_OUT,           /* a's dtype in dtypes[group] and a cast target of b's (CanCast) */
    ACPU_CK_SCALAR_CAST,        /* scalar a castable to dtype b (an aclDataType) */
    ACPU_CK_RANK,               /* a has at most 8 dims */
    ACPU_CK_SAME_SHAPE,         /* a's shape equals b's */
    ACPU_CK_BROADCAST_TO,       /* a broadcasts to b's shape */
    ACPU_CK_BROADCAST_OUT,      /* a's shape is the broadcast of b's and c's */
    ACPU_CK_OWN,                /* the API's own check (acpu_api_def.own), on the converted attributes */
    ACPU_CK_SCALAR_DTYPE,       /* scalar a's dtype in dtypes[profile group] (an absent optional scalar passes) */
    ACPU_CK_SCALAR_CAST_TO,     /* scalar a castable to tensor b's dtype (Softplus's beta to self's) */
    ACPU_CK_PROMOTE_CAST,       /* the promotion of b's and c's dtypes exists, is in dtypes[group] and casts to a's
                                  (CANN's PromoteType + CheckType + CanCast, SigmoidBackward) */
    ACPU_CK_SAME_FORMAT,        /* a's storage format equals b's */
    ACPU_CK_PROMOTE_CAST_OUT,   /* a's dtype in dtypes[group] and a cast target of the promotion of b's and c's */
    ACPU_CK_NOT_PRIVATE_FORMAT, /* neither a's nor b's storage format is one of CANN's private formats
                                  (opdev IsPrivateFormat: NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...) */
    ACPU_CK_CAN_CAST            /* b's dtype castable to a's (CanCast, no list: MishBackward's self to gradInput) */
} acpu_check_kind;

/* Profile groups of CANN's per-SoC dtype lists. The host profile follows Ascend950's rules. */
typedef enum { ACPU_PG_910 = 0, ACPU_PG_A2A3, ACPU_PG_950, ACPU_PG_COUNT } acpu_profile_group;
#define ACPU_PG_BIT(g) (1u << (g))
acpu_profile_group acpu_profile_group_of(acpu_soc soc);

typedef struct {
    uint8_t kind, a, b, c;
    uint8_t profiles;               /* ACPU_PG_BIT set where the step applies; 0: every profile */
    uint64_t dtypes[ACPU_PG_COUNT]; /* ACPU_CK_DTYPE, ACPU_CK_CAST_OUT */
} acpu_check;

/* The dtype the kernel computes in, from the inputs' dtypes. */
typedef enum {
    /* the inputs' dtype when they are all equal and a float type, DOUBLE when any input is
     * DOUBLE, FLOAT otherwise (ints, bool, mixed pairs) */
    ACPU_COMPUTE_WIDEN = 0,
    /* the inputs' dtype when they are all equal, integers included (ReLU, Threshold on ints), their
     * promotion otherwise (acpu_promote; FLOAT where that is no kernel dtype) */
    ACPU_COMPUTE_KEEP,
    /* input 0's dtype when it is a float type (FLOAT, FLOAT16, BF16, DOUBLE); otherwise (integers,
     * bool) the output's, COMPLEX64 as FLOAT and COMPLEX128 as DOUBLE (Sigmoid's op_api: a dtype
     * outside its out list is cast to the out dtype before the kernel) */
    ACPU_COMPUTE_FLOAT_ELSE_OUT
} acpu_compute_rule;

/* An attribute value the API passes as a constant of its op_api source instead of the operator's
 * default (aclnnHardsigmoid: alpha = 1.0f / 6.0f, where the proto's default is 0.16666666). */
typedef struct {
    uint8_t slot;
    double value;
} acpu_attr_const;

typedef struct acpu_api_def acpu_api_def;
typedef struct acpu_call acpu_call;
struct acpu_api_def {
    const char *name;       /* "aclnnEluBackward": phase 2's name */
    const char *phase1;     /* "aclnnEluBackwardGetWorkspaceSize": every phase-1 message's prefix */
    const char *short_name; /* "EluBackward" */
    char exec_name[32];     /* short_name again, as the executor's fixed-size name field */
    const char *snake;      /* "elu_backward": the tiling lab's and Python's name */
    const acpu_op_def *op;
    int n_params;
    acpu_param_def params[ACPU_MAX_PARAMS];
    int n_checks;
    acpu_check checks[ACPU_MAX_CHECKS];
    acpu_compute_rule compute;
    /* The API's own checks (ACPU_CK_OWN), on the converted attributes: ACLNN_SUCCESS or the status,
     * with the message set. */
    aclnnStatus (*own)(const acpu_api_def *api, const acpu_call *call);
    const char *own_doc;  /* what `own` checks, for doc/OPERATORS.md ("alpha >= 0 when isResult (161002)") */
    bool warn_fractal_nz; /* a FRACTAL_NZ tensor is computed as ND with a verbose warning */
    int n_consts;         /* attribute values fixed by the API (acpu_attr_const), after the defaults */
    acpu_attr_const consts[ACPU_MAX_ATTRS];
    /* Calls the public phase-1 function with generic arguments (the fuzzer, the graph runner). */
    aclnnStatus (*invoke)(const acpu_arg *args, uint64_t *workspace_size, aclOpExecutor **executor);
    /* The public phase-2 function. */
    aclnnStatus (*run)(void *workspace, uint64_t workspace_size, aclOpExecutor *executor, aclrtStream stream);
    /* A computation of the API's own for some attribute values instead of its operator's kernel
     * (NULL: none): true with that kernel and the dtype it computes in (given the rule's), e.g.
     * aclnnElu's path for a non-finite alpha or inputScale (Threshold then Muls, in fp32). Phase 1
     * applies it; the tiling lab takes finite attribute values only, so its plans never need it. */
    bool (*own_path)(const acpu_attr_value *attrs, acpu_kernel_id *kernel, aclDataType *compute_dt);
    /* The operator a call runs, from its converted attributes, where the op_api picks among
     * operators by attribute value (ThresholdBackward: ReluGrad or ThresholdGradV2D); NULL: `op`.
     * `op` stays the API's operator of record: its attributes are the ones the parameters name. */
    const acpu_op_def *(*pick_op)(const acpu_attr_value *attrs);
    /* CANN's order of the NULL checks, as parameter indices, where it is not the parameter order
     * (n_null_order 0: the parameter order). */
    uint8_t n_null_order;
    uint8_t null_order[ACPU_MAX_PARAMS];
};

/* ---- the registry ------------------------------------------------------------------------------- */

extern const acpu_op_def *const acpu_ops[];
extern const int acpu_op_count;
extern const acpu_api_def *const acpu_apis[];
extern const int acpu_api_count;

/* The API named `name` ("aclnnSilu" or "silu"); NULL when unknown. */
const acpu_api_def *acpu_api_find(const char *name);
/* The operator of type `type` ("SiluGrad"); NULL when unknown. */
const acpu_op_def *acpu_op_find(const char *type);
/* The operator a call of `api` with these attribute values runs (pick_op, else op). */
const acpu_op_def *acpu_api_op_for(const acpu_api_def *api, const acpu_attr_value *attrs);

/* The dtypes tensor parameter `param` takes on profile group g: the intersection of its dtype checks'
 * lists there; false when no check lists it (its dtype follows another parameter's). */
bool acpu_api_param_dtypes(const acpu_api_def *api, int param, acpu_profile_group g, uint64_t *set);
/* For an input of a promotion check (GeluBackward's gradOutput and self: any dtype whose promotion
 * with the other's is in the list): that list, which is what calls with inputs of one dtype take;
 * false for any other parameter. */
bool acpu_api_param_promoted_dtypes(const acpu_api_def *api, int param, acpu_profile_group g, uint64_t *set);
/* The parameter whose dtype `param` must equal on every profile, or NULL. */
const char *acpu_api_param_same_as(const acpu_api_def *api, int param);
/* Whether an input may broadcast on profile group g (a broadcast check applies there). */
bool acpu_api_broadcasts(const acpu_api_def *api, acpu_profile_group g);
/* The attribute values of a call before its arguments: the operator's defaults, then the API's
 * constants (acpu_attr_const). */
void acpu_api_default_attrs(const acpu_api_def *api, acpu_attr_value *attrs);

/* ---- a call ------------------------------------------------------------------------------------- */

/* A phase-1 call as the shared path sees it after resolving the parameters. */
struct acpu_call {
    const acpu_api_def *api;
    const acpu_arg *args;
    int n_in;
    const aclTensor *in[ACPU_TILING_MAX_INPUTS];
    const aclTensor *out;
    const char *in_name[ACPU_TILING_MAX_INPUTS], *out_name;
    acpu_attr_value attrs[ACPU_MAX_ATTRS];
    bool attrs_ready;
    const acpu_op_def *op; /* the operator the call runs (acpu_api_op_for), set once validated */
};

/* Phase 1 and phase 2 of every API (the public entry points call these). */
aclnnStatus acpu_op_phase1(const acpu_api_def *api, const acpu_arg *args, uint64_t *workspace_size,
                           aclOpExecutor **executor);
aclnnStatus acpu_op_phase2(const acpu_api_def *api, void *workspace, uint64_t workspace_size, aclOpExecutor *executor,
                           aclrtStream stream);

/* The API's checks on `call` in order (ops/op_validate.c); the attributes are converted on the way
 * (call->attrs_ready) once the checks of their arguments have passed. */
aclnnStatus acpu_validate(acpu_call *call, const acpu_platform *p);
/* Converts the attribute arguments of `call` (scalars, bools, ints, strings; absent optional scalars
 * take their defaults): ACLNN_SUCCESS, or 161002 for a string or int outside its choices. */
aclnnStatus acpu_convert_attrs(acpu_call *call);
/* The promotion of two dtypes (CANN's PromoteType for the types the operators take). */
aclDataType acpu_promote(aclDataType a, aclDataType b);
/* The compute dtype of a rule for the inputs' dtypes (a rule that reads the output's dtype takes it
 * as WIDEN here: FLOAT for integer inputs). */
aclDataType acpu_compute_dtype(acpu_compute_rule rule, const aclDataType *in, int n_in);
/* The same with the output's dtype known (phase 1, the tiling lab). */
aclDataType acpu_compute_dtype_out(acpu_compute_rule rule, const aclDataType *in, int n_in, aclDataType out);
/* The dtypes of a set, in the messages' order ("float32, float16, bfloat16"). */
const char *acpu_dtype_set_str(uint64_t set, char *buf, size_t size);

#endif /* ACPU_REGISTRY_H_ */
