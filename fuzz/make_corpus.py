#!/usr/bin/env python3
"""Writes the seed corpus of fuzz/fuzz_api.c: one small file per case below, in the input format
that fuzz_api.c's header comment describes (the encoders here mirror its read_* functions).

    fuzz/make_corpus.py [DIR]      # default: fuzz/corpus next to this script; rewrites DIR/*.bin

The seeds cover each operator's dtype pairs, strided, offset, broadcast, empty and 0-dim views,
every aliasing and phase-2 mode, NULL and destroyed handles, platform profiles, and the call
shapes of issue 8's defects (unknown gradInput dtypes, wrapping extents and counts, impossible
storage sizes, NaN scalars under FP traps, the other operator's executor, overlapping outputs).
"""
import os
import struct
import sys

# aclDataType values (include/acl/acl_base.h)
FLOAT, FLOAT16, INT8, INT32, UINT8, INT16, INT64, DOUBLE, BOOL = 0, 1, 2, 3, 4, 6, 9, 11, 12
STRING, COMPLEX64, COMPLEX128, BF16, INT4, UINT1, COMPLEX32, HIFLOAT8 = 13, 16, 17, 27, 29, 30, 33, 34
FLOAT8_E5M2, FLOAT4_E2M1, UINT64, UNDEFINED = 35, 40, 10, -1

# fuzz_api.c special_values[] (indices 14 and 15 read 8 raw bytes)
SPECIALS = [0, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40, 2**62, 2**62 + 1, 2**63 - 1, -1, -2**63,
            3, 65536]
# fuzz_api.c typical_values[] indices
ONE, HALF, TWO, MINUS_ONE, ZERO, NAN, INF, NEG_INF, BIG, DENORMAL, SELU_SCALE, SELU_ALPHA, TWENTY = \
    0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13

# phase-2 modes (enum p2_mode) and aliasing / handle-fault bytes
NORMAL, REPEATABLE, DESTROYED, OTHER_OP, NULL_WS, SHORT_WS, FOREIGN_STREAM, FREE_HANDLES = range(8)
ALIAS_EXACT, ALIAS_SHIFTED, ALIAS_SHARED, ALIAS_ZERO_STRIDE, ALIAS_INPUTS, ALIAS_ALL = \
    0xA0, 0xB0, 0xC0, 0xD0, 0xE0, 0xF0
NULL_DATA, NULL_HANDLE, DEAD_HANDLE = 0xC0, 0xD0, 0xE0


def dtype(v):
    return bytes([v]) if 0 <= v < 64 else bytes([0xF0]) + struct.pack('<i', v)


def dim(v):
    """read_dim: 1..8, 0..63, 64 << k, a special value, else 8 raw bytes."""
    if 1 <= v <= 8:
        return bytes([v - 1])
    if 0 <= v <= 63:
        return bytes([0x80 + v])
    for k in range(16):
        if v == 64 << k:
            return bytes([0xC0 + k])
    if v in SPECIALS:
        return bytes([0xF0 + SPECIALS.index(v)])
    return bytes([0xFE]) + struct.pack('<q', v)


def big(v):
    """read_dim for a value read from a byte >= 0xC0 (offsets) or >= 0x80 (strides)."""
    encoded = dim(v)
    return encoded if encoded[0] >= 0xC0 else bytes([0xFE]) + struct.pack('<q', v)


def stride(v, contiguous):
    if v == contiguous:
        return b'\x00'
    if 0 <= v <= 63:
        return bytes([0x40 + v])
    return big(v)


def offset(v):
    if v == 0:
        return b'\x00'
    if 1 <= v <= 63:
        return bytes([0x80 + v])
    return big(v)


def contiguous_strides(dims):
    out, c = [], 1
    for d in reversed(dims):
        out.insert(0, c)
        c *= max(d, 1)
    return out


def tensor(dt, dims, strides=None, off=0, storage='exact', fmt=0):
    """storage: 'exact', ('slack', n), 'short', 'dims', 'none' or a list of storage dims."""
    out = dtype(dt) + bytes([fmt, len(dims)]) + b''.join(dim(d) for d in dims)
    if strides is None:
        out += b'\x00'
    else:
        out += b'\x80' + b''.join(stride(s, c) for s, c in zip(strides, contiguous_strides(dims)))
    out += offset(off)
    if storage == 'exact':
        out += b'\x00'
    elif storage == 'short':
        out += b'\xA0'
    elif storage == 'dims':
        out += b'\xB0'
    elif storage == 'none':
        out += b'\xC0'
    elif isinstance(storage, tuple):
        out += bytes([0x80 + storage[1]])
    else:
        out += bytes([0xD0, len(storage)]) + b''.join(dim(d) for d in storage)
    return out


def scalar(dt, value=ONE):
    """value: an index of typical_values[] or 16 raw bytes."""
    if isinstance(value, bytes):
        return dtype(dt) + b'\xE0' + value.ljust(16, b'\0')
    return dtype(dt) + bytes([value])


def header(op, is_result=False, traps=False, platform=0, mode=NORMAL, twice=False, out_ptrs=0, alias=0, fault=0,
           param=0, seed=1):
    b0 = op | is_result << 1 | traps << 2 | platform << 3
    b1 = mode | twice << 3 | out_ptrs << 4
    return bytes([b0, b1, alias, fault, param]) + struct.pack('<I', seed)


def elu(dt, dims, out_dt=None, alpha=ONE, scale=ONE, input_scale=ONE, scalar_dt=FLOAT, go=None, x=None, gi=None,
        **kw):
    go = go or tensor(dt, dims)
    x = x or tensor(dt, dims)
    gi = gi or tensor(dt if out_dt is None else out_dt, dims)
    return header(0, **kw) + go + x + gi + scalar(scalar_dt, alpha) + scalar(scalar_dt, scale) + \
        scalar(scalar_dt, input_scale)


def softplus(go_dt, dims, self_dt=None, out_dt=None, beta=ONE, threshold=TWENTY, scalar_dt=FLOAT, go=None, x=None,
             gi=None, **kw):
    go = go or tensor(go_dt, dims)
    x = x or tensor(go_dt if self_dt is None else self_dt, dims)
    gi = gi or tensor(go_dt if out_dt is None else out_dt, dims)
    return header(1, **kw) + go + x + gi + scalar(scalar_dt, beta) + scalar(scalar_dt, threshold)


def seeds():
    s = {}
    # ---- ELU: dtypes, attributes, views
    s['elu_f32'] = elu(FLOAT, [2, 3])
    s['elu_f16_selu'] = elu(FLOAT16, [4, 5], alpha=SELU_ALPHA, scale=SELU_SCALE)
    s['elu_bf16_result'] = elu(BF16, [3, 7], is_result=True, alpha=HALF)
    s['elu_f16_to_f32'] = elu(FLOAT16, [9], out_dt=FLOAT)
    s['elu_f32_to_f64'] = elu(FLOAT, [2, 2, 2], out_dt=DOUBLE)
    s['elu_bf16_to_complex64'] = elu(BF16, [5], out_dt=COMPLEX64)
    s['elu_f32_to_complex128'] = elu(FLOAT, [3], out_dt=COMPLEX128)
    s['elu_strided'] = elu(FLOAT, [2, 3], go=tensor(FLOAT, [2, 3], strides=[4, 1]),
                           gi=tensor(FLOAT, [2, 3], strides=[1, 2]))
    s['elu_offset_slack'] = elu(FLOAT16, [3, 4], x=tensor(FLOAT16, [3, 4], off=5, storage=('slack', 3)),
                                gi=tensor(FLOAT16, [3, 4], off=2, storage='exact'))
    s['elu_0dim'] = elu(FLOAT, [], go=tensor(FLOAT, [], storage='none'))
    s['elu_empty'] = elu(BF16, [0, 3])
    s['elu_rank8'] = elu(FLOAT, [1, 2, 1, 2, 1, 2, 1, 2])
    s['elu_rank9'] = elu(FLOAT, [1, 1, 1, 1, 1, 1, 1, 1, 2])
    s['elu_4096_ascend910b'] = elu(FLOAT16, [64, 64], platform=3)
    s['elu_bf16_ascend910'] = elu(BF16, [8], platform=2)
    s['elu_cores_ub'] = elu(FLOAT, [3000], platform=6, param=7)
    s['elu_small_ub'] = elu(FLOAT, [5000], platform=7, param=1)
    s['elu_scalars_int8'] = elu(FLOAT, [4], scalar_dt=INT8, alpha=MINUS_ONE)
    s['elu_scalar_raw_bool'] = header(0) + tensor(FLOAT, [4]) + tensor(FLOAT, [4]) + tensor(FLOAT, [4]) + \
        scalar(BOOL, b'\x80') + scalar(FLOAT8_E5M2, b'\x7c') + scalar(UINT64, b'\xff' * 8)
    s['elu_nan_alpha_traps'] = elu(FLOAT, [6], alpha=NAN, traps=True, is_result=True)
    s['elu_inf_scale_traps'] = elu(FLOAT16, [6], scale=INF, input_scale=BIG, traps=True)
    # ---- ELU: issue 8's call shapes
    s['elu_out_hifloat8'] = elu(BF16, [1000], out_dt=HIFLOAT8)
    s['elu_out_undefined'] = elu(FLOAT, [10], out_dt=UNDEFINED)
    s['elu_out_9999'] = elu(FLOAT, [10], out_dt=9999)
    s['elu_out_int4'] = elu(FLOAT16, [10], out_dt=INT4)
    s['elu_out_uint1_string'] = elu(FLOAT, [10], out_dt=UINT1, go=tensor(STRING, [10]))
    s['elu_out_float4'] = elu(FLOAT, [10], out_dt=FLOAT4_E2M1)
    s['elu_out_complex32'] = elu(FLOAT, [10], out_dt=COMPLEX32)
    s['elu_stride_2p62'] = elu(FLOAT, [5], gi=tensor(FLOAT, [5], strides=[2**62], storage=[1]))
    s['elu_strides_int64max'] = elu(FLOAT, [2, 2, 2], gi=tensor(FLOAT, [2, 2, 2], strides=[2**63 - 1, 2**63 - 1, 2],
                                                              storage=[8]))
    s['elu_dim_2p32p1'] = elu(FLOAT, [2**32 + 1], go=tensor(FLOAT, [2**32 + 1], strides=[0], storage=[1]),
                              x=tensor(FLOAT, [2**32 + 1], strides=[0], storage=[1]),
                              gi=tensor(FLOAT, [2**32 + 1], strides=[2**32], storage=[4]))
    s['elu_count_wraps'] = elu(FLOAT, [2**32, 2**32], go=tensor(FLOAT, [2**32, 2**32], strides=[0, 0], storage=[1]))
    s['elu_storage_2p64_bytes'] = elu(FLOAT, [4], gi=tensor(FLOAT, [4], storage=[2**62]))
    s['elu_offset_huge'] = elu(FLOAT, [2], out_dt=DOUBLE, gi=tensor(DOUBLE, [2], off=2**62, storage=[2**62 + 1]))
    # ---- ELU: aliasing and phase 2
    s['elu_inplace_exact'] = elu(FLOAT, [4, 4], alias=ALIAS_EXACT)
    s['elu_inplace_shifted'] = elu(FLOAT, [16], x=tensor(FLOAT, [16], storage=('slack', 4)),
                                   alias=ALIAS_SHIFTED | 1)
    s['elu_shared_storage'] = elu(FLOAT, [8], x=tensor(FLOAT, [8], storage=('slack', 8)),
                                  gi=tensor(FLOAT16, [8], strides=[2], storage='exact'), alias=ALIAS_SHARED | 1)
    s['elu_out_zero_stride'] = elu(FLOAT, [3, 5], alias=ALIAS_ZERO_STRIDE)
    s['elu_all_same'] = elu(BF16, [33], alias=ALIAS_ALL)
    s['elu_repeatable_twice'] = elu(FLOAT16, [100], out_dt=FLOAT, mode=REPEATABLE, twice=True)
    s['elu_run_twice'] = elu(FLOAT, [7], mode=NORMAL, twice=True)
    s['elu_destroyed_executor'] = elu(FLOAT, [7], mode=DESTROYED)
    s['elu_softplus_phase2'] = elu(FLOAT, [7], mode=OTHER_OP)
    s['elu_null_workspace'] = elu(FLOAT16, [50], out_dt=DOUBLE, mode=NULL_WS)
    s['elu_short_workspace'] = elu(FLOAT, [50], gi=tensor(FLOAT, [50], strides=[2], storage='exact'), mode=SHORT_WS)
    s['elu_foreign_stream'] = elu(FLOAT, [7], mode=FOREIGN_STREAM)
    s['elu_free_handles'] = elu(FLOAT, [2, 9], mode=FREE_HANDLES)
    s['elu_null_alpha'] = elu(FLOAT, [3], fault=NULL_HANDLE | 3)
    s['elu_dead_gradinput'] = elu(FLOAT, [3], fault=DEAD_HANDLE | 2)
    s['elu_null_data'] = elu(FLOAT, [3], fault=NULL_DATA | 1)
    s['elu_null_executor_ptr'] = elu(FLOAT, [3], out_ptrs=14)
    # ---- softplus
    s['sp_f32'] = softplus(FLOAT, [2, 3])
    s['sp_f16'] = softplus(FLOAT16, [5, 5], beta=TWO, threshold=ONE)
    s['sp_bf16_to_f32'] = softplus(BF16, [17], out_dt=FLOAT)
    s['sp_f64'] = softplus(DOUBLE, [3, 3], scalar_dt=DOUBLE)
    s['sp_int32_self'] = softplus(FLOAT, [4, 4], self_dt=INT32)
    s['sp_bool_self_f16_out'] = softplus(FLOAT, [6], self_dt=BOOL, out_dt=FLOAT16)
    s['sp_int64_self_f64_out'] = softplus(FLOAT16, [6], self_dt=INT64, out_dt=DOUBLE)
    s['sp_broadcast'] = softplus(FLOAT, [2, 3], go=tensor(FLOAT, [1, 3]))
    s['sp_broadcast_rank'] = softplus(FLOAT16, [4, 2, 3], go=tensor(FLOAT16, [3]))
    s['sp_ascend910b_dense'] = softplus(FLOAT16, [1024], platform=3)
    s['sp_ascend950_strided'] = softplus(FLOAT, [8, 8], platform=5, x=tensor(FLOAT, [8, 8], strides=[1, 8]))
    s['sp_null_beta'] = softplus(FLOAT, [3], fault=NULL_HANDLE | 3)
    s['sp_nan_threshold_traps'] = softplus(FLOAT, [3], threshold=NAN, beta=NEG_INF, traps=True)
    s['sp_scalar_complex128'] = softplus(FLOAT, [3], scalar_dt=COMPLEX128, beta=DENORMAL)
    s['sp_int64max_zero_strides'] = softplus(FLOAT, [2**63 - 1, 2],
                                             go=tensor(FLOAT, [2**63 - 1, 2], strides=[0, 0], storage=[1]),
                                             x=tensor(FLOAT, [2**63 - 1, 2], strides=[0, 0], storage=[1]),
                                             gi=tensor(FLOAT, [2**63 - 1, 2], strides=[0, 0], storage=[1]))
    s['sp_out_int8'] = softplus(FLOAT, [4], out_dt=INT8)
    s['sp_elu_phase2'] = softplus(FLOAT, [9], mode=OTHER_OP)
    s['sp_inplace_self'] = softplus(FLOAT, [5, 2], alias=ALIAS_EXACT | 1)
    s['sp_inputs_share'] = softplus(FLOAT, [5], go=tensor(FLOAT, [5], storage=('slack', 1)),
                                    x=tensor(FLOAT, [5], off=1), alias=ALIAS_INPUTS)
    s['sp_repeatable'] = softplus(BF16, [40], mode=REPEATABLE, twice=True)
    s['sp_null_ws_size_ptr'] = softplus(FLOAT, [3], out_ptrs=15)
    return s


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'corpus')
    os.makedirs(out_dir, exist_ok=True)
    for name in os.listdir(out_dir):
        if name.endswith('.bin'):
            os.remove(os.path.join(out_dir, name))
    all_seeds = seeds()
    for name, data in sorted(all_seeds.items()):
        assert len(data) <= 1024, name  # the fuzzer's -max_len
        with open(os.path.join(out_dir, name + '.bin'), 'wb') as f:
            f.write(data)
    print(f'{len(all_seeds)} seeds written to {out_dir}')


if __name__ == '__main__':
    main()
