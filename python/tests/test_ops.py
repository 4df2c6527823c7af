"""Differential tests against PyTorch's aten ops: dtypes, shapes, views in and out, broadcasting,
result dtypes, zero-copy."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
import torch

import aclnn_cpu
import aclnn_cpu.torch as at
from conftest import ulp_diff

aten = torch.ops.aten

# The accuracy contract (doc/NUMERICS.md), against aten's own values: each side is
# within a few ulp of the exact value in fp32 (ELU <= 4, softplus <= 3; aten's exp adds its own),
# 16-bit results are rounded once from fp32 on both sides (<= 1 ulp apart).
ULP = {torch.float32: 8, torch.float64: 8, torch.bfloat16: 1, torch.float16: 1}


def ref_elu(g, x, alpha=1.0, scale=1.0, input_scale=1.0, is_result=False):
    if g.dtype == torch.float16:  # aten has no fp16 CPU kernel: fp32, rounded once
        return aten.elu_backward(g.float(), alpha, scale, input_scale, is_result, x.float()).half()
    return aten.elu_backward(g, alpha, scale, input_scale, is_result, x)


def ref_softplus(g, x, beta=1.0, threshold=20.0):
    dt = aclnn_cpu.ops.promote_float(str(g.dtype)[6:], str(x.dtype)[6:])
    wide = torch.float64 if torch.float64 in (g.dtype, x.dtype) else torch.float32
    r = aten.softplus_backward(g.to(wide), x.to(wide), beta, threshold)
    return r.to(getattr(torch, dt))


def data(shape, dtype, lo=-6.0, hi=6.0, seed=0):
    gen = torch.Generator().manual_seed(seed)
    t = torch.rand(shape, generator=gen, dtype=torch.float64) * (hi - lo) + lo
    return t.to(dtype)


SHAPES = [(), (0,), (3, 0, 2), (1,), (7,), (4096,), (3, 5), (2, 3, 4), (2, 1, 3, 2, 2), (1, 2, 1, 2, 1, 2, 1, 3)]
ELU_DTYPES = [torch.float32, torch.float16, torch.bfloat16]
SP_DTYPES = [torch.float32, torch.float16, torch.bfloat16, torch.float64]


@pytest.mark.parametrize("dtype", ELU_DTYPES, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("attrs", [(1.0, 1.0, 1.0, False), (0.5, 1.0507, 1.5, False), (1.3, 1.0, 1.0, True)])
def test_elu_matches_aten(dtype, shape, attrs):
    alpha, scale, input_scale, is_result = attrs
    x = data(shape, dtype, seed=1)
    if is_result:  # an ELU output: >= -alpha*scale
        x = torch.where(x < 0, (torch.exp(x.float()) - 1).to(dtype) * alpha, x)
    g = data(shape, dtype, -2, 2, seed=2)
    got = aclnn_cpu.elu_backward(g, x, alpha, scale, input_scale, is_result)
    want = ref_elu(g, x, alpha, scale, input_scale, is_result)
    assert isinstance(got, torch.Tensor) and got.dtype == dtype and got.shape == torch.Size(shape)
    assert ulp_diff(got, want) <= ULP[dtype]


@pytest.mark.parametrize("dtype", SP_DTYPES, ids=str)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("attrs", [(1.0, 20.0), (2.5, 3.0), (0.5, -1.0)])
def test_softplus_matches_aten(dtype, shape, attrs):
    beta, threshold = attrs
    x = data(shape, dtype, -30, 30, seed=3)
    g = data(shape, dtype, -2, 2, seed=4)
    got = aclnn_cpu.softplus_backward(g, x, beta, threshold)
    assert got.dtype == dtype
    assert ulp_diff(got, ref_softplus(g, x, beta, threshold)) <= ULP[dtype]


@pytest.mark.parametrize("xdtype", [torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.bool,
                                    torch.float16, torch.bfloat16, torch.float64], ids=str)
@pytest.mark.parametrize("gdtype", SP_DTYPES, ids=str)
def test_softplus_mixed_dtypes_promote_like_torch(gdtype, xdtype):
    x = data((5, 7), torch.float64, -5, 5, seed=5)
    x = (x > 0) if xdtype == torch.bool else x.to(xdtype)
    g = data((5, 7), gdtype, -2, 2, seed=6)
    got = aclnn_cpu.softplus_backward(g, x)
    assert got.dtype == torch.promote_types(gdtype, x.dtype if x.is_floating_point() else gdtype)
    assert ulp_diff(got, ref_softplus(g, x)) <= ULP[got.dtype]


def test_numpy_float16_and_float32():
    rng = np.random.default_rng(0)
    for dt in (np.float16, np.float32):
        x = rng.uniform(-5, 5, (64, 33)).astype(dt)
        g = rng.uniform(-2, 2, (64, 33)).astype(dt)
        for got, want in ((aclnn_cpu.elu_backward(g, x, 0.7), ref_elu(torch.from_numpy(g), torch.from_numpy(x), 0.7)),
                          (aclnn_cpu.softplus_backward(g, x, 1.5, 4.0),
                           ref_softplus(torch.from_numpy(g), torch.from_numpy(x), 1.5, 4.0))):
            assert isinstance(got, np.ndarray) and got.dtype == dt
            assert ulp_diff(torch.from_numpy(got), want) <= ULP[want.dtype]


def views(base: torch.Tensor):
    """Strided, offset, transposed and expanded views of a 2-D tensor, all (6, 5)."""
    return {
        "dense": base[:6, :5].contiguous(),
        "offset": base[2:8, 1:6],
        "step": base[::2, ::3][:6, :5],
        "transposed": base.t()[:6, :5],
    }


@pytest.mark.parametrize("dtype", ELU_DTYPES, ids=str)
@pytest.mark.parametrize("gview", ["dense", "offset", "step", "transposed"])
@pytest.mark.parametrize("xview", ["dense", "step", "transposed"])
@pytest.mark.parametrize("oview", ["new", "dense", "offset", "step", "transposed"])
def test_elu_views_in_and_out(dtype, gview, xview, oview):
    g = views(data((16, 16), dtype, -2, 2, seed=7))[gview]
    x = views(data((16, 16), dtype, seed=8))[xview]
    want = ref_elu(g.contiguous(), x.contiguous(), 1.2)
    if oview == "new":
        got = aclnn_cpu.elu_backward(g, x, 1.2)
    else:
        base = torch.full((16, 16), 7.0, dtype=dtype)
        out = views(base)[oview]
        before = base.clone()
        got = aclnn_cpu.elu_backward(g, x, 1.2, out=out)
        assert got is out
        mask = torch.ones_like(base, dtype=torch.bool)
        views(mask)[oview].fill_(False)  # storage outside the view is untouched
        assert torch.equal(base[mask], before[mask])
    assert ulp_diff(got.contiguous(), want) <= ULP[dtype]


@pytest.mark.parametrize("dtype", SP_DTYPES, ids=str)
@pytest.mark.parametrize("gshape", [(6, 5), (5,), (1, 5), (6, 1), (), (1, 1, 6, 5)])
def test_softplus_broadcast_grad(dtype, gshape):
    x = views(data((16, 16), dtype, -8, 8, seed=9))["transposed"]
    if len(gshape) > 2:
        gshape = gshape[2:]  # the result must keep x's shape: no extra leading dims
    g = data(gshape, dtype, -2, 2, seed=10)
    out = views(torch.zeros((16, 16), dtype=dtype))["step"]
    got = aclnn_cpu.softplus_backward(g, x, 1.0, 20.0, out=out)
    assert got is out
    assert ulp_diff(got.contiguous(), ref_softplus(g.expand(6, 5).contiguous(), x.contiguous())) <= ULP[dtype]


def test_softplus_expanded_grad_is_read_in_place():
    x = data((6, 5), torch.float32, seed=11)
    g = torch.tensor([1.5]).expand(6, 5)  # stride 0
    assert ulp_diff(aclnn_cpu.softplus_backward(g, x), ref_softplus(g.contiguous(), x)) <= 8


def test_eight_dims_strided():
    base = data((2, 3, 2, 3, 2, 3, 2, 6), torch.float32, seed=12)
    x = base[..., ::2].permute(7, 6, 5, 4, 3, 2, 1, 0)
    g = torch.ones_like(x)
    assert ulp_diff(aclnn_cpu.elu_backward(g, x).contiguous(), ref_elu(g, x.contiguous())) <= 8
    assert ulp_diff(aclnn_cpu.softplus_backward(g, x).contiguous(), ref_softplus(g, x.contiguous())) <= 8


@pytest.mark.parametrize("odtype", [torch.float32, torch.float64, torch.float16, torch.bfloat16,
                                    torch.complex64, torch.complex128], ids=str)
def test_elu_out_dtypes(odtype):
    x = data((9, 4), torch.bfloat16, seed=13)
    g = data((9, 4), torch.bfloat16, -2, 2, seed=14)
    out = torch.empty((9, 4), dtype=odtype)
    aclnn_cpu.elu_backward(g, x, out=out)
    # CANN's order: the bf16 result first, then the cast
    assert torch.equal(out, ref_elu(g, x).to(odtype))


def test_in_place_on_an_input():
    x = data((100,), torch.float32, seed=15)
    g = data((100,), torch.float32, -2, 2, seed=16)
    want = ref_elu(g, x)
    got = aclnn_cpu.elu_backward(g, x, out=g)
    assert got is g and ulp_diff(g, want) <= 8


def test_zero_copy_numpy_no_temporary():
    n = 1 << 20
    x = np.random.default_rng(0).uniform(-4, 4, 2 * n).astype(np.float32)[::2]  # strided: 4 MiB view
    g = np.ones(n, np.float32)
    out = np.empty(2 * n, np.float32)[1::2]
    aclnn_cpu.elu_backward(g, x, out=out)  # warm: library loaded, the per-thread workspace
    aclnn_cpu.softplus_backward(g, x, out=out)  # (the staging buffers phase 1 asks for) allocated
    tracemalloc.start()
    try:
        r = aclnn_cpu.elu_backward(g, x, out=out)
        r2 = aclnn_cpu.softplus_backward(g, x, out=out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert r is out and r2 is out
    assert peak < n * 4 // 16, f"a temporary of {peak} bytes was allocated for a {n * 4}-byte input"
    assert out.base is not None and np.allclose(out, aclnn_cpu.softplus_backward(g, np.ascontiguousarray(x)))


def test_zero_copy_torch_writes_caller_memory():
    x = data((64, 64), torch.float32, seed=17).t()
    g = torch.ones(64, 64)
    out = torch.empty(64, 128)[:, ::2]
    ptr = out.data_ptr()
    r = aclnn_cpu.softplus_backward(g, x, out=out)
    assert r is out and r.data_ptr() == ptr and r.stride() == (128, 2)


def test_numpy_views_in_out_match_torch():
    rng = np.random.default_rng(3)
    base = rng.uniform(-5, 5, (20, 30)).astype(np.float32)
    x = base[3:15:2, 5:29:4]
    g = np.asfortranarray(rng.uniform(-1, 1, x.shape).astype(np.float32))
    out = np.zeros((40, 40), np.float32)[::3, 1::5][: x.shape[0], : x.shape[1]]
    aclnn_cpu.elu_backward(g, x, 0.9, out=out)
    want = ref_elu(torch.from_numpy(np.ascontiguousarray(g)), torch.from_numpy(np.ascontiguousarray(x)), 0.9)
    assert ulp_diff(torch.from_numpy(np.ascontiguousarray(out)), want) <= 8


def test_lists_are_accepted_as_arrays():
    r = aclnn_cpu.softplus_backward([1.0, 1.0], [0.0, 100.0])
    assert isinstance(r, np.ndarray) and r.dtype == np.float64 and np.allclose(r, [0.5, 1.0])


def test_gil_released_threads_run():
    import threading

    x = data((1 << 16,), torch.float32, seed=18)
    g = torch.ones_like(x)
    want = ref_softplus(g, x)
    errs = []

    def work():
        try:
            for _ in range(20):
                assert ulp_diff(aclnn_cpu.softplus_backward(g, x), want) <= 8
        except BaseException as e:  # noqa: BLE001
            errs.append(e)

    ts = [threading.Thread(target=work) for _ in range(4)]
    [t.start() for t in ts]
    [t.join() for t in ts]
    assert not errs


def test_every_registry_api_is_exported():
    from aclnn_cpu import ops

    for name in aclnn_cpu.available_operators():
        assert ops.bound(name).exported, f"{name}: the library does not export {ops.bound(name).api.name}"


# ---- every registry API against PyTorch, through the aten op the torch table routes to it ---------

EPS = {torch.float32: 2.0 ** -23, torch.float64: 2.0 ** -52, torch.bfloat16: 2.0 ** -7, torch.float16: 2.0 ** -10}
TABLE_APIS = [a["name"] for a in aclnn_cpu.registry()["apis"]
              if any(r.api == a["name"] for e in at.ACTIVATIONS for r in e.aten)]


def close(got, want, x, up, dtype, ulps):
    """Within `ulps` units of the larger of the result and |up| * (1 + |x|), the scale of an
    element-wise gradient's rounding error (where a result cancels its own ulp says nothing)."""
    got, want, x, up = (t.double() for t in (got, want, x, up))
    nan = torch.isnan(got) & torch.isnan(want)
    bound = ulps * EPS[dtype] * (want.abs() + up.abs() * (1 + x.abs()))
    err = torch.where(nan, torch.zeros_like(got), (got - want).abs())
    assert err.numel() == 0 or bool((err <= bound).all()), f"{float((err / bound).max()):.2f} times the bound"


def pytorch_value(row_op, tensors, attrs, dtype):
    """PyTorch's aten op on the tensors; in float32 rounded once where its CPU kernel lacks the
    dtype (float16 for many ops)."""
    try:
        return row_op.call_pytorch([t.clone() for t in tensors], attrs)
    except RuntimeError as e:
        if "not implemented for" not in str(e):
            raise
        return row_op.call_pytorch([t.float() for t in tensors], attrs).to(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.float64], ids=str)
@pytest.mark.parametrize("layout", ["dense", "views"])
@pytest.mark.parametrize("api_name", TABLE_APIS)
def test_every_api_matches_pytorch(api_name, layout, dtype):
    """Default attributes, random inputs over [-6, 6); `views`: transposed inputs, a strided out,
    and (an API that broadcasts, with two inputs) a gradient that broadcasts. A dtype the API
    refuses on the host profile must be refused with 161002."""
    from aclnn_cpu import _registry

    api = _registry.api(api_name)
    fn = getattr(aclnn_cpu, api.py_name)
    row_op = at._aten_of(api_name)
    shape = (7, 6) if layout == "dense" else (6, 7)
    tensors = [data(shape, dtype, -6, 6, seed=31 + i) for i in range(len(api.inputs))]
    if layout == "views":
        tensors = [t.t().contiguous().t() for t in tensors]  # column-major views of (6, 7)
    attrs = {p.py: p.default for p in api.attrs}
    accepted = at._accepted(api, "Ascend950")
    if accepted is not None and dtype not in accepted:
        with pytest.raises(aclnn_cpu.ParamInvalidError) as e:
            fn(*tensors, **attrs)
        assert e.value.status == 161002
        return
    broadcast = layout == "views" and api.broadcast and len(tensors) == 2
    if broadcast:
        tensors[0] = tensors[0][:1]
    full = [t.expand(shape) for t in tensors]
    want = pytorch_value(row_op, full, attrs, dtype)
    if api.inplace:
        target = tensors[0].clone()
        got = fn(target, *tensors[1:], **attrs)
        assert got is target
    elif layout == "views":
        base = torch.full((shape[0] * 2, shape[1] * 3), 7.0, dtype=dtype)
        out = base[::2, ::3]
        got = fn(*tensors, **attrs, out=out)
        assert got is out and bool((base[1::2] == 7.0).all())
    else:
        got = fn(*tensors, **attrs)
    assert got.dtype == want.dtype and got.shape == want.shape
    up = full[0] if len(full) == 2 else torch.ones_like(full[0])
    close(got, want, full[-1], up, dtype, 8 if dtype in (torch.float32, torch.float64) else 1)


@pytest.mark.parametrize("gshape,xshape", [((4, 5, 6), (6,)), ((6,), (4, 5, 6)), ((4, 1, 6), (1, 5, 1))])
def test_silu_result_has_the_broadcast_shape(gshape, xshape):
    """out=None allocates the broadcast of both shapes (the C API's gradInput shape), as aten does."""
    if "silu_backward" not in aclnn_cpu.available_operators():
        pytest.skip("the loaded library has no aclnnSiluBackward")
    g = data(gshape, torch.float32, seed=23)
    x = data(xshape, torch.float32, seed=29)
    got, want = aclnn_cpu.silu_backward(g, x), aten.silu_backward(g, x)
    assert got.shape == want.shape
    assert ulp_diff(got, want) <= 8


# Special values against PyTorch for the GELU and Mish APIs: +-0, +-inf, NaN, subnormals, large
# magnitudes, the breakpoints (exp overflowing in the tanh forms near x = -10, gelu' crossing zero
# near x = -0.7518, mish' near x = -1.19). Where CANN's order gives another value than PyTorch's the
# library follows CANN (doc/DECISIONS.md#gelu): GeluGrad's NaN guard returns dy for x = +inf and
# x >= ~1e13 and 0 for x = -inf and x <= -10.06 (PyTorch: NaN for the infinities and huge |x|), and
# the erf form's zeros keep x's sign (PyTorch's are +0); both lists below.
SPECIALS = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e-45, -1e-45, 1e-40, -1e-40, 1e-20,
            -20.0, 20.0, -10.5, -10.0, -10.06, 1e20, -1e20, -0.7518, -1.19, 3.0, -3.0, 88.0, -88.0, -100.0]


@pytest.mark.parametrize("name", ["gelu", "gelu_v2", "gelu_backward", "gelu_backward_v2", "mish", "mish_backward"])
def test_gelu_mish_special_values_match_pytorch(name):
    if name not in aclnn_cpu.available_operators():
        pytest.skip(f"the loaded library has no {name}")
    x = torch.tensor(SPECIALS, dtype=torch.float32)
    g = torch.linspace(-2.0, 2.0, len(SPECIALS), dtype=torch.float32)
    fn = getattr(aclnn_cpu, name)
    if name == "gelu":
        got, want = fn(x), torch.nn.functional.gelu(x, approximate="tanh")
    elif name == "gelu_v2":
        got, want = fn(x, approximate=0), torch.nn.functional.gelu(x)
    elif name == "gelu_backward":
        got, want = fn(g, x), aten.gelu_backward(g, x, approximate="tanh")
    elif name == "gelu_backward_v2":
        got, want = fn(g, x, approximate="none"), aten.gelu_backward(g, x, approximate="none")
    elif name == "mish":
        got, want = fn(x), torch.nn.functional.mish(x)
    else:
        got, want = fn(g, x), aten.mish_backward(g, x)
    for i, v in enumerate(SPECIALS):
        a, b = float(got[i]), float(want[i])
        if name == "gelu_backward" and (v in (float("inf"), float("-inf"), 1e20, -1e20) or v <= -10.5):
            # CANN's guard (PyTorch: NaN for the infinities and huge |x|; 0 below x = -10.06 on both)
            assert a == (float(g[i]) if v > 0 else 0.0), (v, a)
            continue
        if np.isnan(b) or np.isinf(b):
            assert a == b or (np.isnan(a) and np.isnan(b)), (name, v, a, b)
            continue
        tol = 8 * 2.0 ** -23 * (abs(b) + abs(float(g[i])) * (1 + abs(v)) * 0.5)  # the terms' scale
        if name in ("gelu", "gelu_backward") and -10.5 <= v <= -3:
            tol = max(tol, 512 * 2.0 ** -23 * abs(b))  # the exp argument's rounding, |c| up to 88 (NUMERICS.md)
        assert abs(a - b) <= tol, (name, v, a, b)
        if a == 0.0 and b == 0.0 and name == "gelu_v2" and v < 0:
            assert np.signbit(a), (v, a)  # CANN's (e + 1) * (x * 0.5): 0 * -x = -0


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.uint8, torch.bool])
def test_integer_inputs_give_pytorchs_result_dtype(dtype):
    """out=None with integer or bool inputs: a float32 result where the API computes in float (its
    compute rule "widen": tanh), the input's dtype where it computes in it ("keep": relu), as
    PyTorch's own ops give."""
    x = torch.tensor([0, 1, 2, 1, 0], dtype=torch.int64).to(dtype)
    for fn, ref in ((aclnn_cpu.tanh, torch.tanh), (aclnn_cpu.relu, torch.relu)):
        if fn is aclnn_cpu.relu and dtype in (torch.bool, torch.uint8):
            continue  # torch.relu refuses bool; uint8 relu is a copy in both
        got, want = fn(x), ref(x)
        assert got.dtype == want.dtype, (fn.__name__, dtype, got.dtype, want.dtype)
        assert torch.allclose(got.double(), want.double(), atol=1e-6)
    y = aclnn_cpu.tanh(x.numpy())
    assert y.dtype == np.float32


@pytest.mark.parametrize("beta", [1.0, 1.1, -0.5, 0.0])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_swish_matches_its_formula(beta, dtype):
    """aclnnSwish and aclnnSwishBackward have no aten op: the reference is x * sigmoid(beta * x) and
    its derivative by autograd, in float64, rounded once to the dtype; special values (+-0, +-inf,
    NaN, exp overflow) must give the reference's non-finite results and signs of zero where it is
    finite and nonzero."""
    x = torch.cat([torch.linspace(-30, 30, 601, dtype=torch.float64),
                   torch.tensor([0.0, -0.0, 1e-30, -1e-30, 100.0, -100.0], dtype=torch.float64)])
    g = torch.linspace(-2, 2, x.numel(), dtype=torch.float64)
    xd, gd = x.to(dtype), g.to(dtype)
    xr = xd.double().requires_grad_(True)
    y = xr * torch.sigmoid(beta * xr)
    y.backward(gd.double())
    got_y = aclnn_cpu.swish(xd, beta)
    got_g = aclnn_cpu.swish_backward(gd, xd, beta)
    eps = {torch.float32: 2.0 ** -23, torch.float16: 2.0 ** -10, torch.bfloat16: 2.0 ** -7}[dtype]
    for got, want, scale in ((got_y, y.detach(), xd.double().abs()),
                             (got_g, xr.grad, gd.double().abs() * (1 + (beta * xd.double()).abs()))):
        assert got.dtype == dtype
        tol = 6 * eps * (want.abs() + scale) + 1e-30
        bad = (got.double() - want).abs() > tol
        assert not bad.any(), (beta, dtype, xd[bad][:4], got[bad][:4], want[bad][:4])
    special = torch.tensor([float("inf"), float("-inf"), float("nan")], dtype=dtype)
    s = aclnn_cpu.swish(special, 1.0)
    assert float(s[0]) == float("inf") and torch.isnan(s[2])


# ---- the per-thread handle cache (ops._Handles): repeated calls reuse aclTensor / aclScalar handles


def test_a_tensor_whose_metadata_changes_is_described_anew():
    def fresh(t):  # the result through new memory, so through new handles
        return aclnn_cpu.sigmoid(t.clone())

    x = data((64,), torch.float32, seed=40)
    out = torch.zeros(64)
    assert torch.equal(aclnn_cpu.sigmoid(x, out=out), fresh(x))
    x.mul_(-1)  # same memory, new values: a handle describes memory, not values
    assert torch.equal(aclnn_cpu.sigmoid(x, out=out), fresh(x))
    x.set_(data((64,), torch.float32, seed=41))  # same object, another storage
    assert torch.equal(aclnn_cpu.sigmoid(x, out=out), fresh(x))
    x.as_strided_((16,), (4,), 3)  # same storage, another view
    rest = out[16:].clone()
    assert torch.equal(aclnn_cpu.sigmoid(x, out=out[:16]), fresh(x))
    assert torch.equal(out[16:], rest)  # only the new view was written


def test_signed_zero_scalars_are_kept_apart():
    x = data((256,), torch.float32, seed=42)  # half of it negative
    for slope in (0.0, -0.0, 0.0, -0.0):
        got = aclnn_cpu.leaky_relu(x, slope)
        want = aten.leaky_relu(x, slope)
        assert torch.equal(torch.signbit(got), torch.signbit(want)), slope


def test_nan_scalars_work_and_the_cache_stays_bounded():
    from aclnn_cpu import ops

    x = data((32,), torch.float32, seed=43)
    base = torch.empty(32 + ops._Handles.LIMIT + 64)
    for k in range(ops._Handles.LIMIT + 64):  # a new output view (offset k) and a new NaN each call
        got = aclnn_cpu.leaky_relu(x, float("nan"), out=base[k : k + 32])
        assert torch.equal(torch.isnan(got), x < 0) and torch.equal(got[x >= 0], x[x >= 0])
    cache = ops._tls.handles
    assert len(cache.tensors) <= ops._Handles.LIMIT + 4 and len(cache.scalars) <= ops._Handles.LIMIT + 4


def test_a_threads_handles_are_destroyed_when_it_ends(monkeypatch):
    import gc
    import threading

    from aclnn_cpu import ops

    destroyed = []
    real_drop = ops._Handles._drop

    def drop(handles, destroy):
        destroyed.append(len(handles))
        real_drop(handles, destroy)

    monkeypatch.setattr(ops._Handles, "_drop", staticmethod(drop))
    x = data((100,), torch.float32, seed=44)

    def work():
        aclnn_cpu.leaky_relu(x, 0.25)  # two tensors (x and the new result) and one scalar

    t = threading.Thread(target=work)
    t.start()
    t.join()
    gc.collect()
    assert destroyed == [2, 1]


# ---- the per-thread executor cache: a repeated call runs only phase 2 until the settings change


def _empty_tables():
    """Starts the thread's handle and executor tables empty, so that no trim (earlier tests' handles
    past the limit) drops an executor in the middle of a test that counts phase-1 runs."""
    from aclnn_cpu import ops

    cache = ops._handles(ops.lib())
    cache.drop_executors()
    cache._drop(cache.tensors, cache.L.aclDestroyTensor)
    cache._drop(cache.scalars, cache.L.aclDestroyScalar)


def _count_phase1(monkeypatch, name):
    from aclnn_cpu import ops

    _empty_tables()
    b = ops.bound(name)
    calls = []
    real = b.phase1

    def counted(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(b, "phase1", counted)
    return calls


def test_a_repeated_call_skips_phase_one_and_reads_the_data_anew(monkeypatch):
    calls = _count_phase1(monkeypatch, "silu")
    x = data((300,), torch.float32, seed=50)
    out = torch.empty(300)
    for _ in range(3):
        assert torch.equal(aclnn_cpu.silu(x, out=out), aclnn_cpu.silu(x.clone()))
        x.mul_(-0.5)  # same memory, new values: phase 2 reads them
    assert calls, "phase 1 never ran"
    calls.clear()
    aclnn_cpu.silu(x, out=out)
    assert calls == [], "a repeated call ran phase 1"
    y = x.clone()
    aclnn_cpu.leaky_relu_(y, 0.5)  # in place, twice: the second call applies the operator again
    aclnn_cpu.leaky_relu_(y, 0.5)
    assert torch.equal(y, torch.where(x > 0, x, x * 0.25))


def test_a_settings_change_plans_again(monkeypatch):
    from aclnn_cpu import ops

    calls = _count_phase1(monkeypatch, "silu")
    x = data((1000,), torch.bfloat16, seed=51)
    out = torch.empty(1000, dtype=torch.bfloat16)
    want = aclnn_cpu.silu(x, out=out).clone()
    for _ in range(3):  # planned twice (the second call keeps the executor), then only run
        aclnn_cpu.silu(x, out=out)
    assert len(calls) == 2
    aclnn_cpu.set_platform("Ascend910")  # no bfloat16 there: a kept executor would run anyway
    with pytest.raises(aclnn_cpu.ParamInvalidError, match="BF16|bfloat16|dtype"):
        aclnn_cpu.silu(x, out=out)
    assert len(calls) == 3 and not ops._tls.handles.executors
    aclnn_cpu.set_platform(None)
    aclnn_cpu.set_num_threads(1)  # a thread count is a setting too
    for _ in range(3):
        assert torch.equal(aclnn_cpu.silu(x, out=out), want)
    assert len(calls) == 5
    torch.set_num_threads(torch.get_num_threads())  # no setting changed: the stamp stays
    aclnn_cpu.silu(x, out=out)
    assert len(calls) == 5


def test_a_setter_in_another_thread_plans_again(monkeypatch):
    import threading

    calls = _count_phase1(monkeypatch, "sigmoid")
    x = data((100,), torch.float32, seed=54)
    out = torch.empty(100)
    for _ in range(3):
        aclnn_cpu.sigmoid(x, out=out)
    assert len(calls) == 2
    t = threading.Thread(target=aclnn_cpu.set_num_threads, args=(1,))
    t.start()
    t.join()
    aclnn_cpu.sigmoid(x, out=out)
    assert len(calls) == 3


def test_a_setter_run_inside_a_call_leaves_the_outer_call_whole(monkeypatch):
    """A call made while the outer call takes its workspace (a finalizer run by a collection) that
    changes a setting: the outer call runs the executor it planned; the next call plans again."""
    from aclnn_cpu import ops

    x = data((2000,), torch.float32, seed=55)[::2]  # strided: the call stages through a workspace
    out = torch.empty(1000)
    want = aclnn_cpu.silu(x.clone())
    real = ops._workspace
    inner = []

    def workspace_with_a_call(size):
        if not inner:
            inner.append(1)
            aclnn_cpu.set_num_threads(1)
            assert torch.equal(aclnn_cpu.relu(x.clone()), torch.relu(x))
        return real(size)

    aclnn_cpu.silu(x, out=out)
    aclnn_cpu.silu(x, out=out)  # kept now
    monkeypatch.setattr(ops, "_workspace", workspace_with_a_call)
    assert torch.equal(aclnn_cpu.silu(x, out=out), want)
    assert inner == [1]
    assert torch.equal(aclnn_cpu.silu(x, out=out), want)


def test_a_workspace_that_fails_leaves_no_broken_executor(monkeypatch):
    from aclnn_cpu import ops

    x = data((2000,), torch.float32, seed=56)[::2]
    out = torch.empty(1000)
    want = aclnn_cpu.silu(x.clone())
    _empty_tables()
    real = ops._workspace

    def no_memory(size):
        raise MemoryError("no workspace")

    aclnn_cpu.silu(x, out=out)  # seen once
    monkeypatch.setattr(ops, "_workspace", no_memory)
    with pytest.raises(MemoryError):
        aclnn_cpu.silu(x, out=out)  # would be kept: planned, never run
    assert not ops._tls.handles.executors
    monkeypatch.setattr(ops, "_workspace", real)
    for _ in range(2):
        assert torch.equal(aclnn_cpu.silu(x, out=out), want)
    assert len(ops._tls.handles.executors) == 1
    monkeypatch.setattr(ops, "_workspace", no_memory)
    with pytest.raises(MemoryError):
        aclnn_cpu.silu(x, out=out)  # kept: stays, never run this time
    monkeypatch.setattr(ops, "_workspace", real)
    assert torch.equal(aclnn_cpu.silu(x, out=out), want)


def test_the_executors_stay_bounded_and_go_with_the_handles():
    from aclnn_cpu import ops

    x = data((32,), torch.float32, seed=52)
    base = torch.empty(32 + ops._Handles.LIMIT + 64)
    _empty_tables()  # so the last trim falls where this test expects, whatever earlier tests left
    for k in range(ops._Handles.LIMIT + 64):  # a new output view, so a new executor, each call
        for _ in range(2):
            assert torch.equal(aclnn_cpu.relu(x, out=base[k : k + 32]), torch.relu(x))
    cache = ops._tls.handles
    assert 0 < len(cache.executors) <= ops._Handles.LIMIT + 1
    tensors = set(cache.tensors.values())
    for key in cache.executors:  # every kept executor names live handles only
        assert all(h in tensors for h in key[1:] if isinstance(h, int) and h > 4096), key


def test_one_off_calls_keep_no_executor():
    from aclnn_cpu import ops

    x = data((32,), torch.float32, seed=57)
    base = torch.empty(32 + 100)
    _empty_tables()
    for k in range(100):
        aclnn_cpu.relu(x, out=base[k : k + 32])
    assert not ops._tls.handles.executors


def test_a_threads_executors_are_destroyed_when_it_ends(monkeypatch):
    import gc
    import threading

    from aclnn_cpu import ops

    destroyed = []
    real = ops._Handles.drop_executors

    def drop(self):
        destroyed.append(len(self.executors))
        real(self)

    monkeypatch.setattr(ops._Handles, "drop_executors", drop)
    x = data((100,), torch.float32, seed=53)

    def work():
        out = torch.empty(100)
        aclnn_cpu.sigmoid(x, out=out)
        aclnn_cpu.sigmoid(x, out=out)

    t = threading.Thread(target=work)
    t.start()
    t.join()
    gc.collect()
    assert destroyed[-1] == 1


def test_a_view_past_its_shrunk_storage_is_refused():
    x = data((4096,), torch.float32, seed=45)
    out = torch.full((4096,), 7.0)
    x.storage().resize_(16)  # the view outlives most of its storage
    with pytest.raises(aclnn_cpu.ParamInvalidError, match="storage"):
        aclnn_cpu.sigmoid(x, out=out)
    assert torch.equal(out, torch.full((4096,), 7.0))  # nothing written
    with pytest.raises(aclnn_cpu.ParamInvalidError, match="storage"):
        aclnn_cpu.relu_(x)


def test_a_call_made_inside_a_call_keeps_the_outer_handles():
    from aclnn_cpu import ops

    x = data((64,), torch.float32, seed=46)
    want = aclnn_cpu.leaky_relu(x.clone(), 0.5)

    class Slope:  # its float() runs calls that would fill the handle table past its limit
        def __float__(self):
            base = torch.empty(64 + ops._Handles.LIMIT + 8)
            for k in range(ops._Handles.LIMIT + 8):
                aclnn_cpu.relu(x, out=base[k : k + 64])
            return 0.5

    assert torch.equal(aclnn_cpu.leaky_relu(x, Slope()), want)


def test_a_call_that_grows_the_workspace_leaves_the_outer_buffer_alive(monkeypatch):
    """_run holds the workspace buffer until its phase 2 returns: a call made meanwhile on the thread
    (a finalizer) may grow the workspace and drop the old buffer from the thread's slot."""
    import ctypes
    import gc
    import weakref

    from aclnn_cpu import ops

    x = data((1000,), torch.float32, seed=49)[::2]  # strided: the call stages through a workspace
    want = aclnn_cpu.silu(x)
    b = ops._BOUND_BY_NAME["silu"]
    real_phase2 = b.phase2
    seen = []

    def phase2_after_growth(ws, size, executor, stream):
        assert size > 0 and ctypes.addressof(ops._tls.ws) == ws
        outer = weakref.ref(ops._tls.ws)
        ops._workspace(ctypes.sizeof(ops._tls.ws) * 4)  # what a call made here would do
        gc.collect()
        seen.append(outer() is not None)
        return real_phase2(ws, size, executor, stream)

    monkeypatch.setattr(b, "phase2", phase2_after_growth)
    assert torch.equal(aclnn_cpu.silu(x), want)
    assert seen == [True], "the outer call's workspace was freed before its phase 2"


def test_a_call_between_phase_one_and_its_results_keeps_the_outer_executor(monkeypatch):
    """A call made after phase 1 returns and before its results are read (a finalizer run by a
    collection there) has its own workspace size and executor: the outer call runs its own."""
    from aclnn_cpu import ops

    aclnn_cpu.leaky_relu(torch.zeros(4), 0.5)  # binds the function
    b = ops._BOUND_BY_NAME["leaky_relu"]
    x = data((64,), torch.float32, seed=47)
    want = torch.nn.functional.leaky_relu(x, 0.5)
    inner_x = data((1000,), torch.float32, seed=48)
    real_phase1 = b.phase1

    def phase1_then_a_call(*args):
        status = real_phase1(*args)
        assert torch.equal(aclnn_cpu.relu(inner_x), torch.relu(inner_x))
        return status

    monkeypatch.setattr(b, "phase1", phase1_then_a_call)
    assert torch.equal(aclnn_cpu.leaky_relu(x, 0.5), want)
