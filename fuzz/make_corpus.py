#!/usr/bin/env python3
"""Writes the seed corpora and the regression inputs of both fuzz targets from the operator registry
(the JSON of `aclnn-cpu-registry --json`), in the input formats the header comments of fuzz_api.c and
fuzz_tiling.c describe (the encoders here mirror their readers).

    fuzz/make_corpus.py TOOL --seeds OUT        the seeds, generated: OUT/corpus/{api,tiling} (every
                                                *.bin rewritten), and OUT/regressions/{api,tiling}, a
                                                copy of fuzz/regressions (the stored inputs)
    fuzz/make_corpus.py TOOL --regressions DIR  the regression inputs this script names, into
                                                DIR/{api,tiling}; any other file there (a crash input
                                                kept as found) is left alone

TOOL is the built registry tool (build/dev/tools/aclnn-cpu-registry). The seeds are never stored:
the build writes them (tests/CMakeLists.txt, fuzz/CMakeLists.txt), so a new registry row gets its
seeds with no file to add. The regressions are stored in fuzz/regressions
(`--target fuzz_regressions_update` rewrites the ones this script names there).

fuzz_api seeds, for every API of the registry:
  - a valid call for every combination of the dtypes its tensor parameters list on the host profile,
    each dtype once on Ascend910 and Ascend910B, the base dtypes on Ascend910_93 and Ascend950;
  - hostile calls: strided, offset, 0-dim, empty, rank 8 and 9 views, broadcasts, unwritable output
    dtypes, wrapping extents, impossible storage sizes, every aliasing mode, NULL and destroyed
    handles, NULL out-pointers, every phase-2 mode, rebindings (exact, overlapping, fresh, NULL,
    wrapping, bad index, destroyed executor), odd scalars and strings, FP traps, platform overrides
    (tiny, around the tiles' thresholds, huge, negative UBs; tiny, huge, negative core counts).
fuzz_tiling seeds, for every API: a plan per profile and strategy, per dtype, each option alone,
hostile option vectors (empty shapes, 9 dims, huge and bad numbers, NULL entries, argc shorter than
argv, argv NULL, negative argc, unknown names), every json buffer mode; the usage and registry calls.
"""
import itertools
import json
import os
import shutil
import struct
import subprocess
import sys

# aclDataType values (include/acl/acl_base.h) and the registry JSON's names for them
DT = {'float32': 0, 'float16': 1, 'int8': 2, 'int32': 3, 'uint8': 4, 'int16': 6, 'uint16': 7, 'uint32': 8,
      'int64': 9, 'uint64': 10, 'float64': 11, 'bool': 12, 'complex64': 16, 'complex128': 17, 'bfloat16': 27}
FLOAT, FLOAT16, INT8, INT32, DOUBLE, BOOL, BF16 = 0, 1, 2, 3, 11, 12, 27
STRING, COMPLEX128, INT4, UINT1, COMPLEX32, HIFLOAT8, FLOAT8_E5M2, FLOAT4_E2M1, UINT64, UNDEFINED = \
    13, 17, 29, 30, 33, 34, 35, 40, 10, -1
SHORT = {0: 'f32', 1: 'f16', 2: 'i8', 3: 'i32', 4: 'u8', 6: 'i16', 7: 'u16', 8: 'u32', 9: 'i64', 10: 'u64',
         11: 'f64', 12: 'bool', 16: 'c64', 17: 'c128', 27: 'bf16'}

GROUPS = ['Ascend910', 'Ascend910B', 'Ascend950']          # the registry JSON's profile groups
SOC = {'default': 0, 'host': 1, 'Ascend910': 2, 'Ascend910B': 3, 'Ascend910_93': 4, 'Ascend950': 5}
GROUP_SOC = {'Ascend910': 'Ascend910', 'Ascend910B': 'Ascend910B', 'Ascend950': 'host'}

# fuzz_api.c special_values[] (indices 14 and 15 read 8 raw bytes), typical_values[] indices,
# threshold_ubs[] and huge_ubs[] / huge_cores[]
SPECIALS = [0, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**40, 2**62, 2**62 + 1, 2**63 - 1, -1, -2**63,
            3, 65536]
ONE, HALF, TWO, MINUS_ONE, ZERO, NAN, INF, NEG_INF, BIG, DENORMAL, SELU_SCALE, SELU_ALPHA, TWENTY = \
    0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13
THRESHOLD_UBS = [127, 128, 159, 160, 255, 256, 415, 416, 511, 512, 1024, 1535, 1536, 4096, 16384, 65536]

# phase-2 modes (enum p2_mode), aliasing and handle-fault modes
(NORMAL, TWICE, REPEATABLE, DESTROYED, OTHER_API, NULL_WS, SHORT_WS, FOREIGN_STREAM, FREE_HANDLES,
 REBIND) = range(10)
ALIAS_EXACT, ALIAS_SHIFTED, ALIAS_SHARED, ALIAS_ZERO_STRIDE, ALIAS_INPUTS, ALIAS_ALL = \
    0xA0, 0xB0, 0xC0, 0xD0, 0xE0, 0xF0
NULL_DATA, NULL_HANDLE, DEAD_HANDLE, NULL_AND_DEAD = 0xC0, 0xD0, 0xE0, 0xF0
# rebinding (rebind_mode): calls and address kinds
RB_INPUT, RB_OUTPUT, RB_TENSOR = 0, 1, 2
RB_INTO, RB_FRESH, RB_OWN, RB_NULL, RB_BAD_INDEX, RB_DEAD_EXECUTOR, RB_WRAP = 0, 2, 3, 4, 5, 6, 7

MAX_LEN = 2048  # the fuzzers' -max_len (fuzz/CMakeLists.txt)


# ---- fuzz_api encoders ------------------------------------------------------------------------

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


def scalar(dt=FLOAT, value=ONE):
    """value: an index of typical_values[], 16 raw bytes, or None (a NULL scalar)."""
    if value is None:
        return dtype(dt) + b'\xF0'
    if isinstance(value, bytes):
        return dtype(dt) + b'\xE0' + value.ljust(16, b'\0')
    return dtype(dt) + bytes([value])


def integer(v):
    """read_int: -64..63 in one byte, else 8 raw bytes (or a power of two / special value)."""
    if -64 <= v <= 63:
        return bytes([v + 64])
    return big(v)


def string(value):
    """read_string: an int (a choice index), bytes (arbitrary), or None (NULL)."""
    if value is None:
        return b'\xF0'
    if isinstance(value, int):
        return bytes([value])
    return bytes([0xC0, len(value)]) + value


def platform(soc='default', cores=None, ub=None):
    """set_platform's two bytes: (soc | cores mode << 3 | UB mode << 5, parameter). cores: ('tiny', n),
    ('normal', n), ('huge', i); ub: ('tiny', bytes), ('threshold', bytes), ('normal', k), ('huge', i),
    'negative'."""
    b, q = SOC[soc], 0
    if cores is not None:
        mode, v = cores
        b |= {'tiny': 1, 'normal': 2, 'huge': 3}[mode] << 3
        q = {'tiny': lambda: v - 1, 'normal': lambda: v - 4, 'huge': lambda: v}[mode]()
    if ub is not None:
        mode, v = ub if isinstance(ub, tuple) else (ub, 0)
        b |= {'tiny': 1, 'threshold': 2, 'normal': 3, 'huge': 4, 'negative': 5}[mode] << 5
        q = {'tiny': lambda: v - 1, 'threshold': lambda: THRESHOLD_UBS.index(v), 'normal': lambda: v,
             'huge': lambda: v, 'negative': lambda: 0}[mode]()
    return b, q


def header(api, mode=NORMAL, traps=False, out_ptrs=0, alias=0, alias_p=0, fault=0, plat=(0, 0), rebind=0,
           rebind_p=0, seed=1):
    h1 = mode | traps << 4 | out_ptrs << 5
    return bytes([api, h1, alias, alias_p, fault, plat[0], plat[1], rebind, rebind_p]) + struct.pack('<I', seed)


def rebind(call=RB_OUTPUT, index=0, kind=RB_INTO, first_run=False):
    return call | index << 2 | kind << 4 | first_run << 7


# ---- the registry ------------------------------------------------------------------------------

TENSOR_KINDS = ('tensor', 'out', 'inout')


class Api:
    """One API row of the registry JSON, with what the encoders need."""

    def __init__(self, index, row, ops):
        self.index, self.name, self.snake, self.params = index, row['name'], row['snake'], row['params']
        self.op = ops[row['op']]
        self.broadcast = row['broadcast']
        for p in self.params:
            if p['kind'] not in TENSOR_KINDS + ('scalar', 'scalar_optional', 'bool', 'int', 'string'):
                raise SystemExit(f"make_corpus.py: {self.name}.{p['name']}: parameter kind {p['kind']!r} has no "
                                 "encoder (and fuzz_api.c no reader): add both")
        self.tensors = [i for i, p in enumerate(self.params) if p['kind'] in TENSOR_KINDS]
        outs = [i for i in self.tensors if self.params[i]['kind'] in ('out', 'inout')]
        self.out = outs[0] if outs else None
        self.inputs = [i for i in self.tensors if i != self.out]

    def tensor_pos(self, param):
        """The tensor index fuzz_api.c gives parameter `param` (tensors in parameter order)."""
        return self.tensors.index(param)

    def dtypes(self, param, group):
        p = self.params[param]
        return [DT[n] for n in p['dtypes'][group]] if 'dtypes' in p else None

    def attr(self, param):
        return self.op['attrs'][self.params[param]['slot']]

    def base_dtype(self, param, group='Ascend950'):
        listed = self.dtypes(param, group)
        return None if listed is None else FLOAT if FLOAT in listed else listed[0]

    def resolve(self, chosen):
        """Dtypes for every tensor: `chosen` for the listed ones, the same_as parameter's for the others,
        else the first tensor's."""
        out = dict(chosen)
        by_name = {p['name']: i for i, p in enumerate(self.params)}
        for i in self.tensors:
            if i not in out:
                same = self.params[i].get('same_as')
                out[i] = out.get(by_name[same]) if same in by_name else None
        first = out[self.tensors[0]] if self.tensors else FLOAT
        return {i: (FLOAT if first is None else first) if v is None else v for i, v in out.items()}


def load_registry(tool):
    data = json.loads(subprocess.run([tool, '--json'], check=True, capture_output=True, text=True).stdout)
    ops = {op['type']: op for op in data['ops']}
    return [Api(i, row, ops) for i, row in enumerate(data['apis'])]


def int_default(attr):
    """An int parameter's default: the attribute's default, or the index of its default choice (GeluV2's
    int approximate sets the string attribute approximate: 0 "none", 1 "tanh")."""
    default, choices = attr.get('default', 0), attr.get('choices')
    return choices.index(default) if choices and default in choices else int(default)


def call(api, dts=None, dims=(2, 3), tensors=None, scalars=None, bools=None, ints=None, strings=None, **head):
    """One fuzz_api input: the header, then every parameter of the row in order. dts: dtype per tensor
    parameter (default: each parameter's base dtype); tensors: a parameter's tensor bytes instead."""
    dts = api.resolve(dts if dts is not None else
                      {i: api.base_dtype(i) for i in api.tensors if api.base_dtype(i) is not None})
    out = header(api.index, **head)
    for i, p in enumerate(api.params):
        kind = p['kind']
        if kind in TENSOR_KINDS:
            out += (tensors or {}).get(i) or tensor(dts[i], list(dims))
        elif kind in ('scalar', 'scalar_optional'):
            out += (scalars or {}).get(i, scalar())
        elif kind == 'bool':
            out += bytes([1 if (bools or {}).get(i, False) else 0])
        elif kind == 'int':
            out += (ints or {}).get(i, integer(int_default(api.attr(i))))
        else:
            out += string((strings or {}).get(i, api.attr(i).get('choices', []).index(api.attr(i)['default'])
                                               if api.attr(i).get('choices') else b''))
    return out


# ---- fuzz_api seeds ---------------------------------------------------------------------------------

def dtype_combinations(api, group, full):
    """Every combination of the listed dtypes (`full`, up to 256), else a covering subset: each dtype of
    each parameter at least once; the unlisted parameters follow."""
    listed = [i for i in api.tensors if api.dtypes(i, group) is not None]
    lists = [api.dtypes(i, group) for i in listed]
    combos = list(itertools.product(*lists))
    longest = max((len(lst) for lst in lists), default=1)
    covering = [tuple(lst[k % len(lst)] for lst in lists) for k in range(longest)]
    if not full:
        combos = covering
    elif len(combos) > 256:
        combos = covering + combos[::len(combos) // 200 + 1]
    return [dict(zip(listed, c)) for c in combos]


def valid_seeds(api, s):
    """Every dtype combination on the host profile (the Ascend950 group, which lists the most), each
    dtype once on the others; the remaining profiles once."""
    for group in GROUPS:
        soc = GROUP_SOC[group]
        for combo in dtype_combinations(api, group, full=group == 'Ascend950'):
            dts = api.resolve(combo)
            name = '_'.join(SHORT.get(dts[i], str(dts[i])) for i in api.tensors)
            s[f'{api.snake}_{soc}_{name}'] = call(api, dts, plat=platform(soc))
    for soc in ('Ascend910_93', 'Ascend950', 'default'):
        s[f'{api.snake}_{soc}_base'] = call(api, plat=platform(soc))


def with_tensor(api, param, data):
    return {param: data}


def view_seeds(api, s):
    n, dt = api.snake, api.resolve({i: api.base_dtype(i) for i in api.tensors if api.base_dtype(i) is not None})
    inp = api.inputs[0] if api.inputs else None
    o = api.out
    if o is not None:
        s[f'{n}_strided_out'] = call(api, tensors={o: tensor(dt[o], [2, 3], strides=[1, 2])})
        s[f'{n}_offset_out'] = call(api, tensors={o: tensor(dt[o], [3, 4], off=2)}, dims=(3, 4))
    if inp is not None:
        s[f'{n}_strided_in'] = call(api, tensors={inp: tensor(dt[inp], [2, 3], strides=[4, 1])})
        s[f'{n}_offset_slack_in'] = call(api, dims=(3, 4), tensors={inp: tensor(dt[inp], [3, 4], off=5,
                                                                               storage=('slack', 3))})
        s[f'{n}_0dim_no_storage'] = call(api, dims=(), tensors={inp: tensor(dt[inp], [], storage='none')})
        s[f'{n}_transposed_in'] = call(api, dims=(8, 8), tensors={inp: tensor(dt[inp], [8, 8], strides=[1, 8])})
    s[f'{n}_0dim'] = call(api, dims=())
    s[f'{n}_empty'] = call(api, dims=(0, 3))
    s[f'{n}_rank8'] = call(api, dims=(1, 2, 1, 2, 1, 2, 1, 2))
    s[f'{n}_rank9'] = call(api, dims=(1, 1, 1, 1, 1, 1, 1, 1, 2))
    s[f'{n}_4099'] = call(api, dims=(4099,))
    s[f'{n}_formats'] = call(api, tensors={i: tensor(dt[i], [2, 3], fmt=k + 3) for k, i in enumerate(api.tensors)})
    if api.broadcast and inp is not None:
        s[f'{n}_broadcast_row'] = call(api, tensors={inp: tensor(dt[inp], [1, 3])})
        s[f'{n}_broadcast_rank'] = call(api, dims=(4, 2, 3), tensors={inp: tensor(dt[inp], [3])})


def hostile_size_seeds(api, s):
    n, o = api.snake, api.out
    if o is None:
        return
    for name, bad in (('hifloat8', HIFLOAT8), ('undefined', UNDEFINED), ('9999', 9999), ('int4', INT4),
                      ('uint1', UINT1), ('float4', FLOAT4_E2M1), ('complex32', COMPLEX32), ('string', STRING),
                      ('uint64', UINT64), ('int8', INT8)):
        s[f'{n}_out_{name}'] = call(api, dims=(1000,), tensors={o: tensor(bad, [1000])})
    f = FLOAT
    s[f'{n}_stride_2p62'] = call(api, dims=(5,), tensors={o: tensor(f, [5], strides=[2**62], storage=[1])})
    s[f'{n}_strides_int64max'] = call(api, dims=(2, 2, 2), tensors={
        o: tensor(f, [2, 2, 2], strides=[2**63 - 1, 2**63 - 1, 2], storage=[8])})
    wide = {i: tensor(f, [2**32 + 1], strides=[0], storage=[1]) for i in api.inputs}
    wide[o] = tensor(f, [2**32 + 1], strides=[2**32], storage=[4])
    s[f'{n}_dim_2p32p1'] = call(api, dims=(2**32 + 1,), tensors=wide)
    s[f'{n}_count_wraps'] = call(api, dims=(2**32, 2**32), tensors={
        i: tensor(f, [2**32, 2**32], strides=[0, 0], storage=[1]) for i in api.tensors})
    s[f'{n}_storage_2p64_bytes'] = call(api, dims=(4,), tensors={o: tensor(f, [4], storage=[2**62])})
    s[f'{n}_offset_huge'] = call(api, dims=(2,), tensors={o: tensor(f, [2], off=2**62, storage=[2**62 + 1])})
    s[f'{n}_int64max_zero_strides'] = call(api, dims=(2**63 - 1, 2), tensors={
        i: tensor(f, [2**63 - 1, 2], strides=[0, 0], storage=[1]) for i in api.tensors})
    s[f'{n}_size1_huge_stride'] = call(api, dims=(1, 2, 1), tensors={
        i: tensor(f, [1, 2, 1], strides=[2**63 - 1, 1, 2**62], storage=[2]) for i in api.tensors})
    s[f'{n}_storage_short'] = call(api, tensors={o: tensor(f, [2, 3], storage='short')})
    s[f'{n}_storage_none'] = call(api, tensors={o: tensor(f, [2, 3], storage='none')})
    s[f'{n}_huge_null_data'] = call(api, dims=(1 << 20,))


def alias_seeds(api, s):
    n = api.snake
    for k in range(len(api.inputs)):
        s[f'{n}_inplace_exact_{k}'] = call(api, dims=(4, 4), alias=ALIAS_EXACT, alias_p=k)
        s[f'{n}_inplace_shifted_{k}'] = call(api, dims=(16,), alias=ALIAS_SHIFTED, alias_p=k | 0x20)
        s[f'{n}_shared_storage_{k}'] = call(api, dims=(8,), alias=ALIAS_SHARED, alias_p=k)
    s[f'{n}_out_zero_stride'] = call(api, dims=(3, 5), alias=ALIAS_ZERO_STRIDE, alias_p=1)
    s[f'{n}_inputs_share'] = call(api, dims=(5,), alias=ALIAS_INPUTS, alias_p=0x10)
    s[f'{n}_all_same'] = call(api, dims=(33,), alias=ALIAS_ALL)


def handle_seeds(api, s):
    n = api.snake
    handles = [i for i, p in enumerate(api.params) if p['kind'] in TENSOR_KINDS + ('scalar', 'scalar_optional')]
    for k, i in enumerate(handles):
        pname = api.params[i]['name']
        s[f'{n}_null_{pname}'] = call(api, fault=NULL_HANDLE | k)
        s[f'{n}_dead_{pname}'] = call(api, fault=DEAD_HANDLE | k)
    s[f'{n}_null_and_dead'] = call(api, fault=NULL_AND_DEAD)
    for k in range(len(api.tensors)):
        s[f'{n}_null_data_{k}'] = call(api, fault=NULL_DATA | k)
    s[f'{n}_null_ws_size_ptr'] = call(api, out_ptrs=1)
    s[f'{n}_null_executor_ptr'] = call(api, out_ptrs=2)


def attribute_seeds(api, s):
    n = api.snake
    scalars = [i for i, p in enumerate(api.params) if p['kind'] in ('scalar', 'scalar_optional')]
    for i in scalars:
        pname = api.params[i]['name']
        s[f'{n}_{pname}_null'] = call(api, scalars={i: scalar(FLOAT, None)})
        s[f'{n}_{pname}_nan_traps'] = call(api, scalars={i: scalar(FLOAT, NAN)}, traps=True)
        s[f'{n}_{pname}_inf_traps'] = call(api, dims=(6,), scalars={i: scalar(FLOAT16, INF)}, traps=True)
        s[f'{n}_{pname}_int8'] = call(api, scalars={i: scalar(INT8, MINUS_ONE)})
        s[f'{n}_{pname}_raw_bool'] = call(api, scalars={i: scalar(BOOL, b'\x80')})
        s[f'{n}_{pname}_f8'] = call(api, scalars={i: scalar(FLOAT8_E5M2, b'\x7c')})
        s[f'{n}_{pname}_u64_max'] = call(api, scalars={i: scalar(UINT64, b'\xff' * 8)})
        s[f'{n}_{pname}_c128_denormal'] = call(api, scalars={i: scalar(COMPLEX128, DENORMAL)})
        s[f'{n}_{pname}_double_big'] = call(api, scalars={i: scalar(DOUBLE, BIG)})
    for i, p in enumerate(api.params):
        if p['kind'] == 'bool':
            s[f'{n}_{p["name"]}_true'] = call(api, bools={i: True})
            for j in scalars:
                s[f'{n}_{p["name"]}_true_{api.params[j]["name"]}_minus1'] = call(
                    api, bools={i: True}, scalars={j: scalar(FLOAT, MINUS_ONE)})
        elif p['kind'] == 'int':
            for v in (0, 1, -1, 2**63 - 1, -2**63, 2**40):
                s[f'{n}_{p["name"]}_{v}'] = call(api, ints={i: integer(v)})
        elif p['kind'] == 'string':
            for k, choice in enumerate(api.attr(i).get('choices', [])):
                s[f'{n}_{p["name"]}_{choice}'] = call(api, strings={i: k})
            s[f'{n}_{p["name"]}_null'] = call(api, strings={i: None})
            s[f'{n}_{p["name"]}_bogus'] = call(api, strings={i: b'bogus'})
            s[f'{n}_{p["name"]}_empty'] = call(api, strings={i: b''})


def platform_seeds(api, s):
    n = api.snake
    for soc in ('host', 'Ascend910', 'Ascend910B', 'Ascend910_93', 'Ascend950'):
        s[f'{n}_{soc}_64x64_f16'] = call(api, dims=(64, 64), plat=platform(soc),
                                         dts=api.resolve({i: FLOAT16 for i in api.tensors}))
        s[f'{n}_{soc}_ub_tiny'] = call(api, dims=(1000,), plat=platform(soc, ub=('tiny', 16)))
    for ub, dt in ((127, FLOAT), (159, FLOAT), (160, FLOAT), (255, FLOAT), (256, FLOAT), (415, FLOAT16),
                   (416, FLOAT16), (511, FLOAT16), (512, FLOAT16)):
        s[f'{n}_Ascend910B_ub{ub}_{SHORT[dt]}'] = call(api, dims=(1000,), plat=platform('Ascend910B', ub=(
            'threshold', ub)), dts=api.resolve({i: dt for i in api.tensors}))
    s[f'{n}_host_ub_huge'] = call(api, dims=(3000,), plat=platform('host', ub=('huge', 0)))
    s[f'{n}_Ascend910B_ub_huge'] = call(api, dims=(3000,), plat=platform('Ascend910B', ub=('huge', 2)))
    s[f'{n}_host_ub_normal'] = call(api, dims=(70000,), plat=platform('host', ub=('normal', 0)))
    s[f'{n}_ub_negative'] = call(api, plat=platform('Ascend950', ub='negative'))
    s[f'{n}_Ascend910B_cores_7'] = call(api, dims=(3000,), plat=platform('Ascend910B', cores=('normal', 7)))
    s[f'{n}_Ascend950_cores_1'] = call(api, dims=(3000,), plat=platform('Ascend950', cores=('tiny', 1)))
    s[f'{n}_Ascend910B_cores_int32max'] = call(api, dims=(3000,), plat=platform('Ascend910B', cores=('huge', 1)))
    s[f'{n}_host_cores_negative'] = call(api, plat=platform('host', cores=('huge', 2)))


def phase2_seeds(api, s):
    n, o = api.snake, api.out
    s[f'{n}_repeatable'] = call(api, dims=(100,), mode=REPEATABLE)
    s[f'{n}_run_twice'] = call(api, dims=(7,), mode=TWICE)
    s[f'{n}_destroyed_executor'] = call(api, dims=(7,), mode=DESTROYED)
    s[f'{n}_other_api_phase2'] = call(api, dims=(7,), mode=OTHER_API)
    s[f'{n}_foreign_stream'] = call(api, dims=(7,), mode=FOREIGN_STREAM)
    s[f'{n}_free_handles'] = call(api, dims=(2, 9), mode=FREE_HANDLES)
    if o is not None:  # a workspace: a strided output is staged
        strided = {o: tensor(FLOAT, [50], strides=[2], storage='exact')}
        s[f'{n}_null_workspace'] = call(api, dims=(50,), tensors=strided, mode=NULL_WS)
        s[f'{n}_short_workspace'] = call(api, dims=(50,), tensors=strided, mode=SHORT_WS)


def rebind_seeds(api, s):
    n, o = api.snake, api.out
    if o is None:
        return
    to_input = api.tensor_pos(api.inputs[0]) if api.inputs else 0
    to_out = api.tensor_pos(o)
    for first in (False, True):
        tag = '_after_run' if first else ''
        s[f'{n}_rebind_out_onto_input{tag}'] = call(api, dims=(16,), mode=REBIND,
                                                    rebind=rebind(RB_OUTPUT, 0, RB_INTO, first), rebind_p=to_input)
        s[f'{n}_rebind_out_onto_input_shifted{tag}'] = call(
            api, dims=(16,), mode=REBIND, rebind=rebind(RB_OUTPUT, 0, RB_INTO, first),
            rebind_p=to_input | 0x30, tensors={api.inputs[0]: tensor(FLOAT, [16], storage=('slack', 8))}
            if api.inputs else None)
        s[f'{n}_rebind_input_onto_out{tag}'] = call(api, dims=(16,), mode=REBIND,
                                                    rebind=rebind(RB_INPUT, 0, RB_INTO, first), rebind_p=to_out)
        s[f'{n}_rebind_fresh{tag}'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_OUTPUT, 0, RB_FRESH, first))
    s[f'{n}_rebind_own'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_INPUT, 1, RB_OWN))
    s[f'{n}_rebind_null'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_OUTPUT, 0, RB_NULL))
    s[f'{n}_rebind_null_empty'] = call(api, dims=(0,), mode=REBIND, rebind=rebind(RB_INPUT, 0, RB_NULL))
    s[f'{n}_rebind_bad_index'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_INPUT, 0, RB_BAD_INDEX))
    s[f'{n}_rebind_bad_output_index'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_OUTPUT, 0, RB_BAD_INDEX))
    s[f'{n}_rebind_dead_executor'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_TENSOR, 0, RB_DEAD_EXECUTOR))
    s[f'{n}_rebind_wrap'] = call(api, dims=(16,), mode=REBIND, rebind=rebind(RB_INPUT, 0, RB_WRAP))
    for k in range(len(api.inputs) + 1):
        s[f'{n}_rebind_tensor_addr_{k}'] = call(api, dims=(4, 4), mode=REBIND, rebind=rebind(RB_TENSOR, k, RB_INTO),
                                                rebind_p=k)


def different_shapes(api):
    """Input tensor {6}, every other tensor {1, 6}: a valid call where the API broadcasts."""
    t = {i: tensor(FLOAT, [1, 6]) for i in api.tensors}
    if api.inputs:
        t[api.inputs[0]] = tensor(FLOAT, [6])
    return t


def api_seeds(apis):
    s = {}
    for api in apis:
        valid_seeds(api, s)
        view_seeds(api, s)
        hostile_size_seeds(api, s)
        alias_seeds(api, s)
        handle_seeds(api, s)
        attribute_seeds(api, s)
        platform_seeds(api, s)
        phase2_seeds(api, s)
        rebind_seeds(api, s)
    return s


# ---- fuzz_api regressions ---------------------------------------------------------------------------

def find(apis, name):
    for api in apis:
        if api.name == name:
            return api
    raise SystemExit(f'make_corpus.py: the regressions name {name}, which the registry lacks')


def api_regressions(apis):
    """Inputs that crashed the library or broke an invariant (fuzz/README.md lists the defects)."""
    s = {}
    elu, sp, silu = (find(apis, n) for n in ('aclnnEluBackward', 'aclnnSoftplusBackward', 'aclnnSiluBackward'))
    go, gi = 0, elu.out
    s['crash-elu-gradinput-dtype-unknown'] = call(elu, dims=(10,), tensors={gi: tensor(5000, [10])})
    s['crash-elu-gradinput-hifloat8'] = call(elu, dims=(1000,), dts=elu.resolve({go: BF16, gi: BF16}),
                                             tensors={gi: tensor(HIFLOAT8, [1000])})
    s['crash-view-extent-wraps-stride-2p62'] = call(elu, dims=(5,), tensors={
        gi: tensor(FLOAT, [5], strides=[2**62], storage=[1])})
    s['crash-view-extent-wraps-int64max-strides'] = call(elu, dims=(2, 2, 2), tensors={
        gi: tensor(FLOAT, [2, 2, 2], strides=[2**63 - 1, 2**63 - 1, 2], storage=[8])})
    s['crash-view-extent-wraps-dim-2p32p1'] = call(elu, dims=(2**32 + 1,), tensors={
        go: tensor(FLOAT, [2**32 + 1], strides=[0], storage=[1]),
        elu.inputs[1]: tensor(FLOAT, [2**32 + 1], strides=[0], storage=[1]),
        gi: tensor(FLOAT, [2**32 + 1], strides=[2**32], storage=[4])})
    s['crash-storage-2p63-bytes'] = call(elu, dims=(), tensors={go: tensor(FLOAT, [], off=65536, storage=[2**61])})
    s['crash-offset-bytes-overflow'] = call(elu, dims=(2,), dts=elu.resolve({go: FLOAT, gi: DOUBLE}), tensors={
        gi: tensor(DOUBLE, [2], off=2**62, storage=[2**62 + 1])})
    s['crash-create-tensor-stride-product-overflow'] = call(elu, dims=(2**32, 2**32), tensors={
        go: tensor(FLOAT, [2**32, 2**32], storage=[1])})
    # softplus's executor run by aclnnEluBackward (other_api: the API q % (count - 1) + 1 rows on)
    s['crash-other-operator-executor'] = call(sp, dims=(9,), mode=OTHER_API,
                                              rebind_p=(elu.index - sp.index - 1) % len(apis))
    s['crash-output-zero-stride'] = call(elu, dims=(3, 5), alias=ALIAS_ZERO_STRIDE, alias_p=1)
    s['crash-view-size1-dim-huge-stride'] = call(elu, dims=(1, 2, 1), tensors={
        i: tensor(FLOAT, [1, 2, 1], strides=[2**63 - 1, 1, 2**62], storage=[2]) for i in elu.tensors})
    # a UB below one 910B SiluGrad tile: a 0-element tile and a division by zero in phase 2
    for ub, dt, n in ((128, FLOAT, 1000), (255, FLOAT, 1000), (415, FLOAT16, 1000), (511, FLOAT16, 5000)):
        s[f'crash-{silu.snake}-ub{ub}-{SHORT[dt]}-zero-tile'] = call(
            silu, dims=(n,), dts=silu.resolve({i: dt for i in silu.tensors}),
            plat=platform('Ascend910B', ub=('threshold', ub)))
    # gradInput {1, n} rebound onto gradOutput {n}'s memory (and the other way): phase 1 refuses
    # that aliasing, the rebinding accepted it
    for api in (sp, silu):
        to_go, to_gi = api.tensor_pos(api.inputs[0]), api.tensor_pos(api.out)
        s[f'crash-{api.snake}-rebind-out-onto-broadcast-input'] = call(
            api, tensors=different_shapes(api), mode=REBIND, rebind=rebind(RB_OUTPUT, 0, RB_INTO), rebind_p=to_go)
        s[f'crash-{api.snake}-rebind-input-onto-out'] = call(
            api, tensors=different_shapes(api), mode=REBIND, rebind=rebind(RB_INPUT, 0, RB_INTO), rebind_p=to_gi)
    # inputs of an undefined dtype (-1) with a non-zero threshold on host: ThresholdBackward's own check
    # runs before the dtype lists and shifted a bit by the dtype (a negative shift, UB)
    tb = find(apis, 'aclnnThresholdBackward')
    s['crash-threshold_backward-input-dtype-undefined'] = call(tb, dims=(4,), plat=platform('host'), tensors={
        i: tensor(UNDEFINED, [4]) for i in tb.tensors if i != tb.out})
    # a 9-dim view (more than 8: its dims are merged) whose strides make the merge's stride product
    # pass int64 (a signed overflow, UB)
    hs = find(apis, 'aclnnHardswish')
    wide = [31, 31, 40, 2**63 - 1, 923521, 29791, 961, 31, 1]
    s['crash-hardswish-merge-dims-stride-overflow'] = call(hs, dims=(31,) * 9, tensors={
        i: tensor(FLOAT, [31] * 9, strides=wide, storage=[2**63 - 1]) for i in hs.tensors})
    # nine dims of 1 without a storage shape: the merge leaves rank 0, which needs none, and the view
    # of rank 9 was accepted where one of rank 8 is refused
    ihs = find(apis, 'aclnnInplaceHardswish')
    s['crash-inplace_hardswish-rank9-ones-no-storage-shape'] = call(ihs, dims=(1,) * 9, tensors={
        i: tensor(FLOAT, [1] * 9, storage='none') for i in ihs.tensors})
    return s


# ---- fuzz_tiling encoders ---------------------------------------------------------------------------

def kebab(name):
    out = ''
    for ch in name:
        if ch.isupper():
            out += ('-' if out else '') + ch.lower()
        else:
            out += ch
    return out


def tensor_word(name):
    """src/lab/lab_json.c acpu_lab_tensor_word."""
    if name == 'gradOutput':
        return 'grad'
    if name in ('gradInput', 'out', 'y'):
        return 'out'
    if name in ('selfOrResult', 'selfRef', 'x'):
        return 'self'
    return kebab(name)


def options(api):
    """fuzz_tiling.c api_options: the lab's option names of the API, in that order."""
    names = ['soc', 'cores', 'ub', 'dtype', 'shape', 'strategy']
    for p in api.params:
        if p['kind'] in TENSOR_KINDS:
            names += [tensor_word(p['name']) + '-dtype', tensor_word(p['name']) + '-shape']
        else:
            names.append(kebab(p['name']))
    return names


def value_less(api, opt):
    return any(p['kind'] == 'bool' and kebab(p['name']) == opt for p in api.params)


def opt(api, name, value=None, joined=False):
    """An option of the API's set; the value (a str) as arbitrary bytes, exactly."""
    f = options(api).index(name) | (0x80 if joined else 0)
    if value is None:
        return bytes([0x00 if value_less(api, name) else 0x60, f])
    data = value.encode()
    assert len(data) <= 40, value
    return bytes([0xB0, f, len(data)]) + data


def tok_null():
    return b'\x90\x00'


def tok_raw(text):
    data = text.encode() if isinstance(text, str) else text
    return bytes([0x80, 0, len(data)]) + data


def plan(api, *toks, json_mode=4, length_null=False, size_p=0, argc_mode=0, argc_p=0, name_mode=0, schedule=False):
    h0 = 0 | name_mode << 2
    h2 = json_mode | length_null << 3 | schedule << 4
    return bytes([h0, api.index, h2, size_p, argc_mode, argc_p]) + b''.join(toks)


def lab_call(which, json_mode=4, length_null=False, size_p=0):
    return bytes([{'usage': 2, 'registry': 3}[which], 0, json_mode | length_null << 3, size_p, 0, 0])


def tiling_seeds(apis):
    s = {}
    for api in apis:
        n = api.snake
        for soc in ('host', 'Ascend910', 'Ascend910B', 'Ascend910_93', 'Ascend950'):
            s[f'{n}_{soc}'] = plan(api, opt(api, 'soc', soc), opt(api, 'shape', '4,3,8'))
            for strategy in api.op['strategies']:
                s[f'{n}_{soc}_{strategy}'] = plan(api, opt(api, 'soc', soc), opt(api, 'shape', '4,3,8'),
                                                  opt(api, 'strategy', strategy))
        for dt in ('float32', 'float16', 'bfloat16', 'float64', 'int32', 'bool'):
            s[f'{n}_dtype_{dt}'] = plan(api, opt(api, 'dtype', dt, joined=True), opt(api, 'shape', '1000'))
        for name in options(api):
            s[f'{n}_opt_{name}'] = plan(api, opt(api, name), opt(api, 'shape', '2,3'))
        for shape in ('', 'scalar', '0', '2,0', '1,1,1,1,1,1,1,1,1', '9223372036854775807', '4294967296,4294967296',
                      '1,,2', '-1', 'x', '1024,1024'):
            s[f'{n}_shape_{shape or "none"}'] = plan(api, opt(api, 'shape', shape))
        words = [tensor_word(api.params[i]['name']) for i in api.tensors]
        for w in words:
            s[f'{n}_{w}_shape_0'] = plan(api, opt(api, f'{w}-shape', '0'))
            s[f'{n}_{w}_shape_2_0'] = plan(api, opt(api, 'shape', '1'), opt(api, f'{w}-shape', '2,0'))
            s[f'{n}_{w}_dtype_int8'] = plan(api, opt(api, f'{w}-dtype', 'int8'), opt(api, 'shape', '3'))
            s[f'{n}_{w}_broadcast'] = plan(api, opt(api, 'shape', '4,3'), opt(api, f'{w}-shape', '1,3'))
        for ub in ('1', '31', '128', '159', '255', '415', '511', '9223372036854775807'):
            s[f'{n}_ub_{ub}'] = plan(api, opt(api, 'soc', 'Ascend910B'), opt(api, 'ub', ub), opt(api, 'shape', '1000'))
            s[f'{n}_ub_{ub}_schedule'] = plan(api, opt(api, 'soc', 'Ascend910B'), opt(api, 'ub', ub),
                                              opt(api, 'shape', '1000'), schedule=True)
        for soc in ('host', 'Ascend910B', 'Ascend950'):
            s[f'{n}_{soc}_schedule'] = plan(api, opt(api, 'soc', soc), opt(api, 'shape', '4,3,8'), schedule=True)
        for cores in ('0', '1', '2147483647', '2147483648'):
            s[f'{n}_cores_{cores}'] = plan(api, opt(api, 'cores', cores), opt(api, 'shape', '100000'))
        s[f'{n}_null_value'] = plan(api, opt(api, 'shape'), tok_null())
        s[f'{n}_null_first'] = plan(api, tok_null(), opt(api, 'shape', '3'))
        s[f'{n}_null_after_unknown'] = plan(api, tok_raw('--bogus'), tok_null())
        s[f'{n}_null_past_argc'] = plan(api, opt(api, 'shape', '3'), tok_null(), argc_mode=1, argc_p=1)
        s[f'{n}_missing_value'] = plan(api, bytes([0x60, options(api).index('shape')]))
        s[f'{n}_unknown_option'] = plan(api, tok_raw('--frobnicate'))
        s[f'{n}_bare_word'] = plan(api, tok_raw('shape'))
        s[f'{n}_argv_null'] = plan(api, opt(api, 'shape', '3'), argc_mode=2, argc_p=1)
        s[f'{n}_argc_negative'] = plan(api, opt(api, 'shape', '3'), argc_mode=3)
        s[f'{n}_aclnn_name'] = plan(api, opt(api, 'shape', '3'), name_mode=4)
        s[f'{n}_op_null'] = plan(api, name_mode=6)
        s[f'{n}_op_suffix'] = plan(api, name_mode=7)
        for mode in range(8):
            s[f'{n}_json_mode_{mode}'] = plan(api, opt(api, 'shape', '4,3'), json_mode=mode, size_p=7)
        s[f'{n}_length_null'] = plan(api, opt(api, 'shape', '4'), length_null=True)
    for which in ('usage', 'registry'):
        for mode in range(8):
            s[f'lab_{which}_json_mode_{mode}'] = lab_call(which, json_mode=mode, size_p=200)
        s[f'lab_{which}_length_null'] = lab_call(which, length_null=True)
    return s


def tiling_regressions(apis):
    s = {}
    silu = find(apis, 'aclnnSiluBackward')
    # an empty output divided by zero in the atvoss broadcast split
    s[f'crash-{silu.snake}-out-shape-0'] = plan(silu, opt(silu, 'out-shape', '0'))
    s[f'crash-{silu.snake}-shape-1-out-shape-2-0'] = plan(silu, opt(silu, 'shape', '1'), opt(silu, 'out-shape', '2,0'))
    # inputs whose broadcast has more than INT64_MAX elements: a signed overflow in the collapsed strides
    for api in apis:
        words = [tensor_word(api.params[i]['name']) for i in api.inputs]
        if len(words) < 2:  # one input: no broadcast between inputs
            continue
        s[f'crash-{api.snake}-broadcast-count-overflow'] = plan(
            api, opt(api, 'shape', '9223372036854775807'), opt(api, f'{words[0]}-shape', '3,1'))
    # a NULL value entry was read as a bad value (161002), not a NULL argv entry (161001)
    for api in apis[:1] + [silu]:
        s[f'crash-{api.snake}-shape-null-entry'] = plan(api, opt(api, 'shape'), tok_null())
    return s


# ---- output -----------------------------------------------------------------------------------------

def write(out_dir, seeds, clear):
    os.makedirs(out_dir, exist_ok=True)
    if clear:
        for name in os.listdir(out_dir):
            if name.endswith('.bin'):
                os.remove(os.path.join(out_dir, name))
    for name, data in sorted(seeds.items()):
        assert len(data) <= MAX_LEN, name
        with open(os.path.join(out_dir, name.replace('/', '_') + '.bin'), 'wb') as f:
            f.write(data)
    print(f'{len(seeds)} inputs written to {out_dir}')


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ('--seeds', '--regressions'):
        raise SystemExit(__doc__)
    apis = load_registry(sys.argv[1])
    out = sys.argv[3]
    if sys.argv[2] == '--regressions':
        write(os.path.join(out, 'api'), api_regressions(apis), clear=False)
        write(os.path.join(out, 'tiling'), tiling_regressions(apis), clear=False)
        return
    write(os.path.join(out, 'corpus', 'api'), api_seeds(apis), clear=True)
    write(os.path.join(out, 'corpus', 'tiling'), tiling_seeds(apis), clear=True)
    stored = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'regressions')
    for target in ('api', 'tiling'):
        dst = os.path.join(out, 'regressions', target)
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(os.path.join(stored, target), dst)


if __name__ == '__main__':
    main()
