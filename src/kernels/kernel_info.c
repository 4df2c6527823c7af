/* The kernel list's columns for every layer (kernels/acpu_kernels.h), and the kernel dtypes.
 * Compiled without ISA flags. */
#include <string.h>

#include "acpu_kernels.h"

const acpu_kernel_info acpu_kernel_infos[ACPU_KERNEL_COUNT] = {
#define ACPU_KERNEL_INFO_ROW(id, stem, ar, P, init_fn, grain_, dts) \
    [ACPU_KERNEL_##id] = {.name = #stem,                            \
                          .arity = ar,                              \
                          .params_size = sizeof(P),                 \
                          .init = init_fn,                          \
                          .grain = grain_,                          \
                          .dtypes = ACPU_KDT_BITS_##dts},
    ACPU_KERNEL_LIST(ACPU_KERNEL_INFO_ROW)
#undef ACPU_KERNEL_INFO_ROW
};

const uint8_t acpu_kernel_table_forms[ACPU_KERNEL_COUNT] = {
#define ACPU_KERNEL_FORM_ROW(id, stem, form) [ACPU_KERNEL_##id] = ACPU_TABLE_##form,
    ACPU_TABLE_LIST(ACPU_KERNEL_FORM_ROW)
#undef ACPU_KERNEL_FORM_ROW
};

static const uint16_t k_pattern16[ACPU_KERNEL_COUNT] = {
#define ACPU_KERNEL_PATTERN16_ROW(id, forms) [ACPU_KERNEL_##id] = ACPU_KDT_BITS_##forms,
    ACPU_PATTERN16_LIST(ACPU_KERNEL_PATTERN16_ROW)
#undef ACPU_KERNEL_PATTERN16_ROW
};

bool acpu_kernel_bytes_bound(acpu_kernel_id kid, acpu_kdtype kdt)
{
    if ((unsigned)kid >= ACPU_KERNEL_COUNT || acpu_kernel_infos[kid].grain < ACPU_GRAIN_MEMORY_BOUND)
        return false;
    return (kdt != ACPU_KDT_F16 && kdt != ACPU_KDT_BF16) || (k_pattern16[kid] >> kdt & 1u) != 0;
}

size_t acpu_table_bytes(acpu_table_form f)
{
    return f == ACPU_TABLE_WHOLE                        ? ACPU_TABLE_ENTRIES * sizeof(uint16_t) + ACPU_TABLE_PAD
           : f == ACPU_TABLE_MUL || f == ACPU_TABLE_DIV ? ACPU_TABLE_ENTRIES * sizeof(float)
                                                        : 0;
}

/* out[i] = table[x[i]], four results packed into one 8-byte store where the byte order allows: one
 * store per element kept the store buffer full of 2-byte stores waiting for their lines from memory
 * (gelu bf16, AVX-512, 1 thread, Zen 4: 1.77 -> 2.5 Gelem/s at 64M elements, 2.8 -> 3.4 at 16M,
 * 3.2 -> 4.0 at 1M; 1.2-1.7x on AVX2). */
void acpu_lookup_whole16(size_t n, const void *const *in, void *out, const void *params)
{
    const uint16_t *x = (const uint16_t *)in[0], *table = (const uint16_t *)((const acpu_lookup_params *)params)->table;
    uint16_t *y = (uint16_t *)out;
    size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 4 <= n; i += 4) {
        uint64_t w = (uint64_t)table[x[i]] | (uint64_t)table[x[i + 1]] << 16 | (uint64_t)table[x[i + 2]] << 32 |
                     (uint64_t)table[x[i + 3]] << 48;
        memcpy(y + i, &w, sizeof w);
    }
#endif
    for (; i < n; i++)
        y[i] = table[x[i]];
}

bool acpu_table_fillable(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt)
{
    acpu_table_form form = (acpu_table_form)acpu_kernel_table_forms[kid];
    if (kdt != ACPU_KDT_F16 && kdt != ACPU_KDT_BF16)
        return false;
    if (form == ACPU_TABLE_WHOLE)
        return kt->k[kid][kdt] != NULL && acpu_kernel_infos[kid].arity == 1;
    return (form == ACPU_TABLE_MUL || form == ACPU_TABLE_DIV) && kt->fill[kid][kdt == ACPU_KDT_BF16] != NULL;
}

/* Whether `k` is in a [form][f16, bf16] row of lookup kernels. */
static bool in_lookup_row(acpu_kernel_fn const row[ACPU_TABLE_FORM_COUNT][2], acpu_kernel_fn k)
{
    if (k == NULL) /* a row's empty slots are NULL */
        return false;
    for (int f = ACPU_TABLE_WHOLE; f < ACPU_TABLE_FORM_COUNT; f++)
        for (int b = 0; b < 2; b++)
            if (row[f][b] == k)
                return true;
    return false;
}

bool acpu_is_lookup_kernel(const acpu_kernel_table *kt, acpu_kernel_fn k)
{
    return in_lookup_row(kt->lookup, k) || in_lookup_row(kt->lookup_loads, k);
}

bool acpu_is_loads_lookup(const acpu_kernel_table *kt, acpu_kernel_fn k) { return in_lookup_row(kt->lookup_loads, k); }

#define ACPU_TABLE_FILL_CHUNK 4096u

void acpu_table_fill(const acpu_kernel_table *kt, acpu_kernel_id kid, acpu_kdtype kdt, const void *params, void *table)
{
    if (acpu_kernel_table_forms[kid] != ACPU_TABLE_WHOLE) {
        kt->fill[kid][kdt == ACPU_KDT_BF16](params, (float *)table);
        return;
    }
    uint16_t bits[ACPU_TABLE_FILL_CHUNK];
    const void *in[1] = {bits};
    for (uint32_t base = 0; base < ACPU_TABLE_ENTRIES; base += ACPU_TABLE_FILL_CHUNK) {
        for (uint32_t k = 0; k < ACPU_TABLE_FILL_CHUNK; k++)
            bits[k] = (uint16_t)(base + k);
        kt->k[kid][kdt](ACPU_TABLE_FILL_CHUNK, in, (uint16_t *)table + base, params);
    }
    memset((uint16_t *)table + ACPU_TABLE_ENTRIES, 0, ACPU_TABLE_PAD);
}

static const aclDataType k_kdt_acl[ACPU_KDT_COUNT] = {
    [ACPU_KDT_F32] = ACL_FLOAT,  [ACPU_KDT_F16] = ACL_FLOAT16, [ACPU_KDT_BF16] = ACL_BF16,
    [ACPU_KDT_F64] = ACL_DOUBLE, [ACPU_KDT_I8] = ACL_INT8,     [ACPU_KDT_U8] = ACL_UINT8,
    [ACPU_KDT_I16] = ACL_INT16,  [ACPU_KDT_I32] = ACL_INT32,   [ACPU_KDT_I64] = ACL_INT64};

acpu_kdtype acpu_kdtype_of(aclDataType dt)
{
    for (int k = 0; k < ACPU_KDT_COUNT; k++)
        if (k_kdt_acl[k] == dt)
            return (acpu_kdtype)k;
    return ACPU_KDT_NONE;
}

aclDataType acpu_kdtype_acl(acpu_kdtype k) { return (unsigned)k < ACPU_KDT_COUNT ? k_kdt_acl[k] : ACL_DT_UNDEFINED; }
