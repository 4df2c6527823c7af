/* The kernel families: one header each under kernels/ops/. No include guard on purpose: included
 * once by kernels/acpu_kernel_list.h for the families' kernel lists (and parameter blocks), and
 * again by kernels/acpu_kernel_table.h after a vocabulary, when each header gives its math too.
 * A new family: its header here, its kernel list in ACPU_KERNEL_LIST and its table list (possibly
 * empty) in ACPU_TABLE_LIST below, and in ACPU_PATTERN16_LIST its list of 16-bit forms on bit
 * patterns if it has any. */
#include "kernels/ops/celu.h"
#include "kernels/ops/elu.h"
#include "kernels/ops/hardsigmoid.h"
#include "kernels/ops/hardswish.h"
#include "kernels/ops/hardtanh.h"
#include "kernels/ops/leaky_relu.h"
#include "kernels/ops/relu.h"
#include "kernels/ops/sigmoid.h"
#include "kernels/ops/silu.h"
#include "kernels/ops/softplus.h"
#include "kernels/ops/tanh.h"

#ifndef ACPU_KERNEL_LIST
/* clang-format off */ /* X-macro lists: one family per line */
#define ACPU_KERNEL_LIST(X)     \
    ACPU_KERNELS_ELU(X)         \
    ACPU_KERNELS_SOFTPLUS(X)    \
    ACPU_KERNELS_SILU(X)        \
    ACPU_KERNELS_RELU(X)        \
    ACPU_KERNELS_LEAKY_RELU(X)  \
    ACPU_KERNELS_CELU(X)        \
    ACPU_KERNELS_SIGMOID(X)     \
    ACPU_KERNELS_TANH(X)        \
    ACPU_KERNELS_HARDTANH(X)    \
    ACPU_KERNELS_HARDSWISH(X)   \
    ACPU_KERNELS_HARDSIGMOID(X)
#define ACPU_TABLE_LIST(T)     \
    ACPU_TABLES_ELU(T)         \
    ACPU_TABLES_SOFTPLUS(T)    \
    ACPU_TABLES_SILU(T)        \
    ACPU_TABLES_RELU(T)        \
    ACPU_TABLES_LEAKY_RELU(T)  \
    ACPU_TABLES_CELU(T)        \
    ACPU_TABLES_SIGMOID(T)     \
    ACPU_TABLES_TANH(T)        \
    ACPU_TABLES_HARDTANH(T)    \
    ACPU_TABLES_HARDSWISH(T)   \
    ACPU_TABLES_HARDSIGMOID(T)
#define ACPU_PATTERN16_LIST(P) \
    ACPU_PATTERN16_RELU(P)     \
    ACPU_PATTERN16_HARDTANH(P)
/* clang-format on */
#endif
