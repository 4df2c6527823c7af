"""aclnn_cpu.torch: every active module's values and gradients equal PyTorch's within the accuracy
contract; enable()/disable() route a model's aten ops to the library and back."""
from __future__ import annotations

import ctypes
import inspect
import math

import pytest
import torch

import aclnn_cpu
import aclnn_cpu.torch as at
from aclnn_cpu import _registry
from conftest import ulp_diff

ULP = {torch.float32: 8, torch.float64: 8, torch.bfloat16: 1, torch.float16: 1}
EPS = {torch.float32: 2.0 ** -23, torch.float64: 2.0 ** -52, torch.bfloat16: 2.0 ** -7, torch.float16: 2.0 ** -10}


def close(got, want, x, up, dtype):
    """Within ULP[dtype] units of the larger of the result and the scale an element-wise
    gradient's rounding error has, |up| * (1 + |x|) (where the result cancels, as SiLU's near
    x = -1.28, its own ulp says nothing); the forward passes up = 1."""
    got, want, x, up = (t.double() for t in (got, want, x, up))
    both_nan = torch.isnan(got) & torch.isnan(want)
    bound = ULP[dtype] * EPS[dtype] * (want.abs() + up.abs() * (1 + x.abs()))
    err = torch.where(both_nan, torch.zeros_like(got), (got - want).abs())
    worst = float((err - bound).max()) if err.numel() else 0.0
    assert worst <= 0, f"{float((err / bound.clamp_min(1e-300)).max()):.2f} times the bound"
DTYPES = [torch.float32, torch.bfloat16, torch.float16, torch.float64]

# Non-default arguments per module, on top of the row's required ones (`args`).
VARIANTS = {"ELU": dict(alpha=0.4), "CELU": dict(alpha=1.7), "Softplus": dict(beta=2.0, threshold=5.0),
            "LeakyReLU": dict(negative_slope=0.2), "Hardtanh": dict(min_val=-0.5, max_val=2.0),
            "Threshold": dict(threshold=0.0, value=-2.0), "GELU": dict(approximate="tanh"),
            "Hardshrink": dict(lambd=0.7), "Softshrink": dict(lambd=0.7)}
ACTIVE = [e for e in at.ACTIVATIONS if e.module in at.available_modules()]

# Modules whose library rule is PyTorch's own selection or single rounding, or a fixed fp32 order the
# rules below reproduce (Hardswish, Hardsigmoid: CANN's): their values must be the same bits as the
# reference (NaN matching any NaN), with +-0 and +-inf inputs and inf / NaN gradients among the data;
# the others compare within the accuracy contract (close()).
EXACT = {"ReLU", "ReLU6", "Threshold", "LeakyReLU", "Hardtanh", "Hardswish", "Hardsigmoid"}
# Inputs an exact module's specials add (negated too): its breakpoints, the fp32 neighbour inside
# them, and a NaN.
EXACT_SPECIALS = {"Hardswish": (3.0, 2.9999998, math.nan), "Hardsigmoid": (3.0, 2.9999998, math.nan)}


def ctor_args(entry, variant: bool) -> dict:
    return dict(entry.args, **(VARIANTS.get(entry.module, {}) if variant else {}))


# ---- where the library follows CANN rather than PyTorch (doc/DECISIONS.md) ------------------------
# Keyed by API, so every row using the API gets the rule: fn(the API's attributes, tensors, dtype,
# PyTorch's result) -> the reference in place of PyTorch's result, or None where PyTorch's rule holds.


def _f32(v: float) -> float:
    return ctypes.c_float(v).value


def _six_decimals(v: float) -> float:
    """atof(std::to_string(float)): the AiCpu Elu's attributes ("ELU forward DOUBLE")."""
    return float(f"{_f32(v):f}")


def _elu_double(a, x, dt, ref):
    """"ELU forward DOUBLE": alpha, scale and inputScale through the float's six-decimal text."""
    if dt != torch.float64:
        return None
    return torch.ops.aten.elu(x, _six_decimals(a["alpha"]), _six_decimals(a["scale"]), _six_decimals(a["input_scale"]))


def _leaky_double(a, x, dt, ref):
    """"LeakyReLU / LeakyReluBackward DOUBLE": the slope is negativeSlope->ToFloat(), widened."""
    return torch.ops.aten.leaky_relu(x, _f32(a["negative_slope"])) if dt == torch.float64 else None


def _threshold_16bit(a, x, dt, ref):
    """"Threshold on fp16 / bf16": threshold and value rounded to x's dtype first."""
    if dt not in (torch.float16, torch.bfloat16):
        return None
    thr = float(torch.tensor(a["threshold"], dtype=torch.float64).to(dt))
    return torch.threshold(x.float(), thr, a["value"]).to(dt)


def _relu_minus_zero(a, x, dt, ref):
    """"ReLU of -0": +0 (PyTorch's clamp_min keeps -0); NaN kept."""
    return torch.where(x <= 0, torch.zeros_like(x), x)


# Hardswish and Hardsigmoid ("Hardtanh, Hardswish, Hardsigmoid" rows): the arch35 kernels' order in
# fp32, bit for bit (tests/test_hard_math.c holds the same rules in C: hsw_cann, hsig_cann,
# hsg_v1_cann, hsg_v2_cann, hsigg_cann, away16). fp16 / bf16 inputs are widened exactly, each step
# rounds once in fp32, and the result is narrowed as the row on 16-bit casts says.
_SIXTH = torch.tensor(1.0, dtype=torch.float32) / 6  # 1.0f / 6, the kernels' constant (and CANN's alpha)
_THIRD = torch.tensor(1.0, dtype=torch.float32) / 3


def _f32_const(v: float, like: torch.Tensor) -> torch.Tensor:
    return torch.full_like(like, v, dtype=torch.float32)


def _away16(v: torch.Tensor, dt: torch.dtype) -> torch.Tensor:
    """fp32 v narrowed to fp16 / bf16 rounding ties away from zero (AscendC Cast CAST_ROUND): to
    nearest even, then one step away from zero where v lies exactly halfway between two values."""
    r = v.to(dt)
    away = (r.view(torch.int16) + 1).view(dt)  # the next magnitude, same sign (sign-magnitude bits)
    tie = torch.isfinite(v) & (r.float().abs() < v.abs()) & (v.double() * 2 == r.double() + away.double())
    return torch.where(tie, away, r)


def _narrow(v: torch.Tensor, dt: torch.dtype, away: bool) -> torch.Tensor:
    return v if dt == torch.float32 else _away16(v, dt) if away else v.to(dt)


def _hardswish_cann(a, x, dt, ref):
    """"HardSwish `1/6`": (max(x, -3) * clamp(x + 3, 0, 6)) * (1.0f / 6) in fp32 (PyTorch divides
    x * clamp by 6: one ulp apart for about a quarter of fp32 x; x = -inf gives -0, PyTorch NaN; x <= -3
    gives -0). "HardSwish, HardSigmoid(Grad) 16-bit casts": fp16 and bf16 results round ties away
    from zero (PyTorch: to even)."""
    if dt not in (torch.float32, torch.float16, torch.bfloat16):
        return None
    v = x.float()
    t = v + 3
    t = torch.where(t > 6, _f32_const(6.0, t), t)  # the kernel's Mins / Maxs: a NaN stays
    t = torch.where(t < 0, _f32_const(0.0, t), t)
    m = torch.where(v < -3, _f32_const(-3.0, v), v)
    return _narrow((m * t) * _SIXTH, dt, away=True)


def _hardsigmoid_cann(a, x, dt, ref):
    """"HardSigmoid alpha": x * (1.0f / 6) + 0.5, two fp32 roundings, then clamped to [0, 1] (PyTorch:
    (x + 3) / 6 clamped, about one ulp apart for 15% of fp32 x). "HardSwish, HardSigmoid(Grad) 16-bit
    casts": bf16 results round ties away from zero, fp16 to even (as PyTorch)."""
    if dt not in (torch.float32, torch.float16, torch.bfloat16):
        return None
    y = x.float() * _SIXTH + 0.5
    y = torch.where(y > 1, _f32_const(1.0, y), y)
    y = torch.where(y < 0, _f32_const(0.0, y), y)
    return _narrow(y, dt, away=dt == torch.bfloat16)


FORWARD_RULES = {"aclnnElu": _elu_double, "aclnnInplaceElu": _elu_double,
                 "aclnnHardswish": _hardswish_cann, "aclnnInplaceHardswish": _hardswish_cann,
                 "aclnnHardsigmoid": _hardsigmoid_cann, "aclnnInplaceHardsigmoid": _hardsigmoid_cann,
                 "aclnnLeakyRelu": _leaky_double, "aclnnInplaceLeakyRelu": _leaky_double,
                 "aclnnThreshold": _threshold_16bit, "aclnnInplaceThreshold": _threshold_16bit,
                 "aclnnRelu": _relu_minus_zero, "aclnnInplaceRelu": _relu_minus_zero}


def _threshold_backward(a, g, saved, dt, ref):
    """"ThresholdBackward at threshold 0": |threshold| <= FLT_EPSILON runs ReluGrad, dy * (x <= 0 ? 0 : 1)
    (-0 for a negative dy, NaN for an infinite or NaN dy where x <= 0; PyTorch selects +0). Other
    thresholds: PyTorch's rule, x <= threshold ? 0 : dy with the float threshold unrounded for fp16 /
    bf16 x (PyTorch's current kernel and the library; torch 1.13 rounded it to x's dtype first)."""
    thr = _f32(a["threshold"])
    if abs(thr) <= 1.1920928955078125e-07:
        return torch.where(saved <= 0, g * 0, g)
    if dt in (torch.float16, torch.bfloat16):
        return torch.where(saved.float() <= thr, torch.zeros_like(g), g)
    return None


def _leaky_backward_double(a, g, saved, dt, ref):
    if dt != torch.float64:
        return None
    return torch.ops.aten.leaky_relu_backward(g, saved, _f32(a["negative_slope"]), a["self_is_result"])


def _hardswish_backward_cann(g, x, dt, v2):
    """The HardSwishGrad kernels: d = x * (1.0f / 3) + 0.5 (two fp32 roundings) inside the bounds, 0
    below, 1 above, then g * d, rounded to even for fp16 / bf16 (as PyTorch). The rows:
    "HardswishBackward (V1) vs V2 and PyTorch versions": V1 closed bounds (x = -3 gives -0.5 g, x = 3
    gives 1.5 g), V2 open ones (x = -3 gives g * 0, x = 3 gives g); both use x * (1/3) where PyTorch
    divides x by 3 (one ulp apart for about 5% of x). "Hardswish backwards below -3 and
    at NaN self": g * 0 below the bound (-0 for a negative g, NaN for an infinite one; PyTorch selects
    +0), and a NaN x gives g (both comparisons fail: d = 1; PyTorch NaN)."""
    if dt not in (torch.float32, torch.float16, torch.bfloat16):
        return None
    gv, xv = g.float(), x.float()
    slope = xv * _THIRD + 0.5
    d = torch.where(xv > -3 if v2 else xv >= -3, slope, _f32_const(0.0, xv))
    d = torch.where(xv < 3 if v2 else xv <= 3, d, _f32_const(1.0, xv))
    return _narrow(gv * d, dt, away=False)


def _hardswish_backward_v1(a, g, saved, dt, ref):
    return _hardswish_backward_cann(g, saved, dt, v2=False)


def _hardswish_backward_v2(a, g, saved, dt, ref):
    return _hardswish_backward_cann(g, saved, dt, v2=True)


def _hardsigmoid_backward_cann(a, g, saved, dt, ref):
    """"HardSigmoidGrad bounds": the mask is taken on t = x * (1.0f / 6) + 0.5 in fp32, 0 < t < 1 (so the
    fp32 x just below 3, whose t rounds to 1, gives 0 where PyTorch compares x with +-3 and gives g / 6;
    a NaN x gives +0 in both), the gradient g * (1.0f / 6). "HardSwish, HardSigmoid(Grad) 16-bit
    casts": bf16 results round ties away from zero, fp16 to even (as PyTorch)."""
    if dt not in (torch.float32, torch.float16, torch.bfloat16):
        return None
    t = saved.float() * _SIXTH + 0.5
    r = g.float() * _SIXTH
    r = torch.where(t > 0, r, _f32_const(0.0, r))
    r = torch.where(t < 1, r, _f32_const(0.0, r))
    return _narrow(r, dt, away=dt == torch.bfloat16)


BACKWARD_RULES = {"aclnnThresholdBackward": _threshold_backward, "aclnnHardswishBackward": _hardswish_backward_v1,
                  "aclnnHardswishBackwardV2": _hardswish_backward_v2,
                  "aclnnHardsigmoidBackward": _hardsigmoid_backward_cann,
                  "aclnnLeakyReluBackward": _leaky_backward_double}


def grads(module, x, upstream):
    x = x.detach().clone().requires_grad_(True)
    y = module(x * 1 if getattr(module, "inplace", False) else x)  # in place needs a non-leaf
    y.backward(upstream)
    return y.detach(), x.grad


def torch_grads(name, kwargs, x, up):
    """PyTorch's module; where its CPU kernel lacks the dtype (float16 for many), in float32
    rounded once, as the library's 16-bit results are. Also whether PyTorch itself ran."""
    try:
        return grads(getattr(torch.nn, name)(**kwargs), x, up) + (True,)
    except RuntimeError as e:
        if "not implemented for" not in str(e):
            raise
        y, g = grads(getattr(torch.nn, name)(**kwargs), x.float(), up.float())
        return y.to(x.dtype), g.to(x.dtype), False


def library_takes(use_api: str, dtype: torch.dtype) -> bool:
    api = _registry.api(use_api)
    return api is not None and at._accepted(api, _registry.current_group()) is not None and \
        dtype in at._accepted(api, _registry.current_group())


def data(shape, dtype, seed, scale=4.0):
    gen = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=gen, dtype=torch.float64) * scale).to(dtype)


def with_specials(x, up, kwargs, extra=()):
    """x with +-0, +-inf, the module's numeric arguments and `extra` (and their negations) in front;
    up with +-inf and NaN at some of them."""
    vals = [-0.0, 0.0, math.inf, -math.inf] + [float(v) for v in kwargs.values()
                                                if isinstance(v, (int, float)) and not isinstance(v, bool)]
    vals += list(extra)
    vals += [-v for v in vals[4:]]
    x, up = x.clone(), up.clone()
    xf, uf = x.view(-1), up.view(-1)
    xf[:len(vals)] = torch.tensor(vals, dtype=torch.float64).to(x.dtype)
    xf[len(vals):2 * len(vals)] = xf[:len(vals)]
    uf[len(vals):2 * len(vals)] = torch.tensor([math.inf, -math.inf, math.nan] * len(vals))[:len(vals)].to(up.dtype)
    return x, up


def same_bits(got, want):
    nan = torch.isnan(got)
    assert torch.equal(nan, torch.isnan(want)), "NaN in one result only"
    itype = {torch.float32: torch.int32, torch.float64: torch.int64, torch.float16: torch.int16,
             torch.bfloat16: torch.int16}[got.dtype]
    differ = (got.view(itype) != want.view(itype)) & ~nan
    assert not differ.any(), f"{int(differ.sum())} elements differ in bits, e.g. {got[differ][:4]} vs {want[differ][:4]}"


def reference(entry, kwargs, ours, x, up, dtype):
    """PyTorch's values and gradients, with CANN's rule where the library takes the call and
    doc/DECISIONS.md says it follows CANN; (y, g, whether PyTorch ran, forward use, backward use)."""
    y, g, pytorch_has_it = torch_grads(entry.module, kwargs, x, up)
    a = at._Args(ours)
    fwd, bwd = at._pick(entry.forward, a), at._pick(entry.backward, at._Args(ours, entry.saves == "output"))
    rule = FORWARD_RULES.get(fwd.api)
    if rule is not None and library_takes(fwd.api, dtype):
        r = rule(fwd.attrs(a), x, dtype, y)
        y = y if r is None else r
    rule = BACKWARD_RULES.get(bwd.api)
    if rule is not None and library_takes(bwd.api, dtype):
        saved = y if entry.saves == "output" else x
        r = rule(bwd.attrs(at._Args(ours, entry.saves == "output")), up, saved, dtype, g)
        g = g if r is None else r
    return y, g, pytorch_has_it, fwd, bwd


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("variant", [False, True], ids=["defaults", "variant"])
@pytest.mark.parametrize("entry", ACTIVE, ids=lambda e: e.module)
def test_module_matches_torch_nn(entry, variant, dtype):
    kwargs = ctor_args(entry, variant)
    x = data((37, 53), dtype, 0)
    up = data((37, 53), dtype, 1, 1.0)
    exact = entry.module in EXACT
    if exact:
        x, up = with_specials(x, up, kwargs, EXACT_SPECIALS.get(entry.module, ()))
    ours = getattr(at, entry.module)(**kwargs)
    assert isinstance(ours, getattr(torch.nn, entry.module))
    y2, g2, pytorch_has_it, fwd, bwd = reference(entry, kwargs, ours, x, up, dtype)
    if not pytorch_has_it and not (library_takes(fwd.api, dtype) and library_takes(bwd.api, dtype)):
        with pytest.raises(RuntimeError, match="not implemented for"):  # PyTorch's half refuses it, as PyTorch
            grads(ours, x, up)
        return
    y1, g1 = grads(ours, x, up)
    assert y1.dtype == y2.dtype == dtype and g1.dtype == g2.dtype == dtype
    if exact:
        same_bits(y1, y2)
        same_bits(g1, g2)
        return
    if library_takes(fwd.api, dtype):
        close(y1, y2, x, torch.ones_like(x), dtype)
    else:
        assert torch.equal(y1, y2)  # PyTorch's own forward
    close(g1, g2, x, up, dtype)


# ---- APIs no module runs, against PyTorch's op bit for bit (with the rules above) -------------------

# (API, PyTorch's op on (gradOutput, self)): at.EXEMPT says why no module or aten op runs them.
UNROUTED_EXACT = [("aclnnHardswishBackwardV2", lambda g, x: torch.ops.aten.hardswish_backward(g, x))]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
@pytest.mark.parametrize("api_name,pytorch", UNROUTED_EXACT, ids=[r[0] for r in UNROUTED_EXACT])
def test_unrouted_api_matches_pytorch_bits(api_name, pytorch, dtype):
    """The API's function on random data with the specials (+-0, +-inf, +-3 and their fp32 neighbours
    inside, NaN; infinite and NaN gradients): PyTorch's bits (its fp32 kernel rounded once where it has
    no kernel of the dtype), with CANN's rule where the library follows CANN (BACKWARD_RULES). A dtype
    the API refuses on the profile: 161002."""
    api = _registry.api(api_name)
    if api is None:
        pytest.skip(f"the loaded library has no {api_name}")
    fn = getattr(aclnn_cpu, api.py_name)
    x, g = with_specials(data((37, 53), dtype, 12), data((37, 53), dtype, 13, 1.0), {}, (3.0, 2.9999998, math.nan))
    if not library_takes(api_name, dtype):
        with pytest.raises(aclnn_cpu.ParamInvalidError) as e:
            fn(g, x)
        assert e.value.status == 161002
        return
    try:
        want = pytorch(g, x)
    except RuntimeError as e:
        if "not implemented for" not in str(e):
            raise
        want = pytorch(g.float(), x.float()).to(dtype)
    rule = BACKWARD_RULES.get(api_name)
    if rule is not None:
        r = rule({}, g, x, dtype, want)
        want = want if r is None else r
    got = fn(g, x)
    assert got.dtype == dtype
    same_bits(got, want)


# ---- the Hardswish and Hardsigmoid rules against the library over whole input sets --------------

HARD_RULES = {**{k: v for k, v in FORWARD_RULES.items() if "Hard" in k and "Hardtanh" not in k},
              **{k: v for k, v in BACKWARD_RULES.items() if "Hard" in k}}


def _every_16bit(dtype):
    return torch.arange(-32768, 32768, dtype=torch.int32).to(torch.int16).view(dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16], ids=str)
@pytest.mark.parametrize("api_name", sorted(HARD_RULES))
def test_hard_rules_reproduce_the_library(api_name, dtype):
    """Each rule is the library's result bit for bit (so that the module tests' exact comparisons
    rest on rules that hold everywhere, not only on their samples): fp16 / bf16 over every input
    value, as self and, for a backward, as the gradient (self 0 and 1.5: inside the bounds, where
    the gradient's own ties round); fp32 over 65536 random values and the specials."""
    api = _registry.api(api_name)
    if api is None or not library_takes(api_name, dtype):
        pytest.skip(f"the loaded library has no {api_name} taking {dtype}")
    fn, rule = getattr(aclnn_cpu, api.py_name), HARD_RULES[api_name]
    if dtype == torch.float32:
        x, _ = with_specials(data((65536,), dtype, 14), torch.zeros(65536), {}, (3.0, 2.9999998, math.nan))
    else:
        x = _every_16bit(dtype)
    cases = [(x, None)]
    if api_name in BACKWARD_RULES:
        g = data((x.numel(),), dtype, 15, 2.0)
        cases = [(x, g), (torch.zeros_like(x), x), (torch.full_like(x, 1.5), x)]
    for self_, grad in cases:  # the function gets copies: an in-place API writes its self
        if grad is None:
            want, got = rule({}, self_, dtype, None), fn(self_.clone())
        else:
            want, got = rule({}, grad, self_, dtype, None), fn(grad.clone(), self_.clone())
        same_bits(got, want)


@pytest.mark.parametrize("entry", [e for e in ACTIVE if "inplace" in inspect.signature(
    getattr(torch.nn, e.module).__init__).parameters], ids=lambda e: e.module)
def test_in_place_module_matches_torch_nn(entry):
    kwargs = dict(ctor_args(entry, True), inplace=True)
    x = data((41, 29), torch.float32, 2)
    up = data((41, 29), torch.float32, 3, 1.0)
    y1, g1 = grads(getattr(at, entry.module)(**kwargs), x, up)
    y2, g2 = grads(getattr(torch.nn, entry.module)(**kwargs), x, up)
    close(y1, y2, x, torch.ones_like(x), torch.float32)
    close(g1, g2, x, up, torch.float32)


def test_elu_in_place_differentiates_from_the_output():
    """ELU(inplace=True) keeps the output for the backward (aten's is_result path, as PyTorch)."""
    x = data((64,), torch.float32, 4)
    leaf = x.clone().requires_grad_(True)
    y = at.ELU(alpha=0.8, inplace=True)(leaf * 1)
    up = torch.ones_like(y)
    y.backward(up)
    ref = torch.ops.aten.elu_backward(up, 0.8, 1.0, 1.0, True, y.detach())
    assert ulp_diff(leaf.grad, ref) <= 8


def test_functional_forms():
    x = torch.randn(64, 32, requires_grad=True)
    at.softplus(x).sum().backward()  # sum's backward hands an expanded (stride 0) gradient
    assert ulp_diff(x.grad, torch.sigmoid(x.detach())) <= 8
    x.grad = None
    at.elu(x, alpha=0.5).mean().backward()
    x2 = x.detach().clone().requires_grad_(True)
    torch.nn.functional.elu(x2, 0.5).mean().backward()
    assert ulp_diff(x.grad, x2.grad) <= 8
    assert list(inspect.signature(at.elu).parameters) == ["input", "alpha", "inplace"]


def test_selu_through_elu():
    x = torch.randn(100, requires_grad=True)
    at.SELU()(x).sum().backward()
    x2 = x.detach().clone().requires_grad_(True)
    torch.selu(x2).sum().backward()
    assert ulp_diff(x.grad, x2.grad) <= 8


def test_in_a_training_loop():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), at.ELU(), torch.nn.Linear(16, 16), at.Softplus(),
                                torch.nn.Linear(16, 16), at.SiLU(), torch.nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x, y = torch.randn(64, 8), torch.randn(64, 1)
    first = None
    for _ in range(30):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        first = first if first is not None else float(loss)
    assert float(loss) < first
    assert "alpha=1.0" in repr(model)


def test_no_grad_needed_skips_the_graph(monkeypatch):
    """Without a gradient to compute (no requires_grad, or no_grad) the forward runs alone, no
    autograd Function: the library's aclnnElu result itself (CANN's exp(x) - 1, within the contract of
    PyTorch's expm1 form, so not its bits)."""
    def no_graph(*a, **k):
        raise AssertionError("the autograd Function ran")

    monkeypatch.setattr(at._ActivationFunction, "apply", no_graph)
    x = torch.randn(100)
    want = aclnn_cpu.elu(x, 1.0, 1.0, 1.0, out=torch.empty_like(x)) if _registry.api("aclnnElu") else \
        torch.nn.functional.elu(x)
    y = at.elu(x)
    assert not y.requires_grad and y.grad_fn is None and torch.equal(y, want)
    close(y, torch.nn.functional.elu(x), x, torch.ones_like(x), torch.float32)
    leaf = x.clone().requires_grad_(True)
    with torch.no_grad():
        y2 = at.ELU()(leaf)
    assert not y2.requires_grad and torch.equal(y2, want)


def test_double_backward_is_refused():
    x = torch.randn(10, requires_grad=True)
    (g,) = torch.autograd.grad(at.SiLU()(x).sum(), x, create_graph=True)
    with pytest.raises(RuntimeError):
        g.sum().backward()


# ---- enable() / disable() ------------------------------------------------------------------------


@pytest.fixture
def spy(monkeypatch):
    """Counts the library calls of aclnn_cpu.torch by function name."""
    counts = {}
    real = at._function

    def counting(api):
        fn = real(api)

        def wrapped(*a, **k):
            counts[api.py_name] = counts.get(api.py_name, 0) + 1
            return fn(*a, **k)
        return wrapped

    monkeypatch.setattr(at, "_function", counting)
    yield counts
    at.disable()


def small_model(seed=0):
    torch.manual_seed(seed)
    return torch.nn.Sequential(torch.nn.Linear(12, 24), torch.nn.ELU(alpha=0.7), torch.nn.Linear(24, 24),
                               torch.nn.Softplus(beta=1.5), torch.nn.Linear(24, 24), torch.nn.SiLU(),
                               torch.nn.Linear(24, 1))


def run(model, x, y):
    model.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    return float(loss), [p.grad.clone() for p in model.parameters()]


def test_enable_routes_a_model_and_disable_restores(spy):
    x, y = torch.randn(32, 12), torch.randn(32, 1)
    model = small_model()
    loss_pt, grads_pt = run(model, x, y)
    assert not spy
    routed = at.enable()
    assert {"elu_backward", "softplus_backward", "silu_backward"} <= set(routed)
    assert at.is_enabled() and at.enabled_ops() == routed
    loss_on, grads_on = run(model, x, y)
    assert spy.get("elu_backward") and spy.get("softplus_backward") and spy.get("silu_backward")
    # the same gradients as the library's modules give (both run the same library calls)
    ours = small_model()
    ours[1], ours[3], ours[5] = at.ELU(alpha=0.7), at.Softplus(beta=1.5), at.SiLU()
    at.disable()
    loss_mod, grads_mod = run(ours, x, y)
    assert loss_on == loss_mod and all(torch.equal(a, b) for a, b in zip(grads_on, grads_mod))
    assert all(torch.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(grads_on, grads_pt))
    spy.clear()
    loss_off, grads_off = run(model, x, y)
    assert not at.is_enabled() and at.enabled_ops() == []
    assert loss_off == loss_pt and all(torch.equal(a, b) for a, b in zip(grads_off, grads_pt))
    assert not spy.get("elu_backward") and not spy.get("silu_backward")


def test_enabled_op_equals_the_library_function(spy):
    g, x = data((6, 7), torch.float32, 5, 1.0), data((6, 7), torch.float32, 6)
    with at.enabled():
        got = torch.ops.aten.softplus_backward(g, x, 2.0, 3.0)
    assert torch.equal(got, aclnn_cpu.softplus_backward(g, x, 2.0, 3.0))
    assert not at.is_enabled()


CALLS = {  # op: (call on (grad, self) with PyTorch's signature, the API enable() routes it to)
    "elu_backward": (lambda g, x: torch.ops.aten.elu_backward(g, 1.0, 1.0, 1.0, False, x), "aclnnEluBackward"),
    "silu_backward": (lambda g, x: torch.ops.aten.silu_backward(g, x), "aclnnSiluBackward"),
    "softplus_backward": (lambda g, x: torch.ops.aten.softplus_backward(g, x, 1.0, 20.0), "aclnnSoftplusBackward"),
    # no PyTorch kernel survives the registration here: these calls run the row's fallback
    "hardswish_backward": (lambda g, x: torch.ops.aten.hardswish_backward(g, x), "aclnnHardswishBackward"),
}


@pytest.mark.parametrize("case", ["float64", "mixed", "broadcast", "910-bf16"])
@pytest.mark.parametrize("op", list(CALLS))
def test_unrouted_calls_run_pytorchs_kernel(spy, op, case):
    """Calls the library would not take as PyTorch does (a dtype the API refuses on the profile,
    mixed dtypes, unequal shapes) run PyTorch's own kernel, bit for bit, and not the library."""
    call, api = CALLS[op]
    g, x = data((5, 6), torch.float32, 7, 1.0), data((5, 6), torch.float32, 8)
    soc = "host"
    if case == "float64":
        g, x = g.double(), x.double()
    elif case == "mixed":
        x = x.double()
    elif case == "broadcast":
        g = g[:1]
    else:
        g, x, soc = g.bfloat16(), x.bfloat16(), "Ascend910"
    aclnn_cpu.set_platform(soc)
    if case in ("float64", "910-bf16") and library_takes(api, g.dtype):
        pytest.skip(f"{api} takes {g.dtype} on {soc}")
    try:
        want = call(g, x)
    except RuntimeError as e:  # PyTorch refuses it itself: so must the routed op
        with at.enabled(), pytest.raises(RuntimeError):
            call(g, x)
        assert str(e)
        return
    with at.enabled():
        got = call(g, x)
    assert got.dtype == want.dtype and got.shape == want.shape and torch.equal(got, want)
    assert not spy.get(_registry.function_name(api))


def test_enable_is_idempotent_and_nests():
    try:
        first = at.enable()
        assert at.enable() == first
        with at.enabled() as routed:
            assert routed == first
        assert at.is_enabled()  # the block leaves it as it found it
    finally:
        at.disable()
    at.disable()
    assert not at.is_enabled()
    with at.enabled():
        assert at.is_enabled()
    assert not at.is_enabled()


def test_every_routed_op_keeps_a_pytorch_kernel():
    """Every op enable() routes has PyTorch's own kernel for the calls the library does not take;
    on a dtype the API refuses it gives PyTorch's result."""
    with at.enabled() as routed:
        for op in routed:
            assert at._pytorch_kernel(at._AtenOp(next(r for e in at.ACTIVATIONS for r in e.aten if r.op == op)))
    assert routed


def test_table_entries_without_apis_raise_naming_them():
    missing = [e for e in at.ACTIVATIONS if e.module not in at.available_modules()]
    for e in missing:
        with pytest.raises(NotImplementedError) as err:
            getattr(at, e.module)(**e.args)
        assert e.backward[0].api in str(err.value)


def _schema_call(op):
    """Arguments for aten op `op` (schema order): float32 tensors of random data, the schema's defaults,
    and for a required non-tensor argument a value by its type (floats 0.25, 1.5, 2.75, ... so that
    min/max pairs are ordered; bools False)."""
    schema = getattr(torch.ops.aten, op).default._schema
    vals, floats, seed = [], iter([0.25, 1.5, 2.75, 4.0]), 20
    for a in schema.arguments:
        t = str(a.type)
        if t == "Tensor":
            vals.append(data((6, 7), torch.float32, seed, 2.0))
            seed += 1
        elif a.has_default_value():
            vals.append(a.default_value)
        elif t in ("float", "Scalar", "number"):
            vals.append(next(floats))
        elif t == "bool":
            vals.append(False)
        else:
            raise AssertionError(f"aten::{op}: no test value for {a.name}: {t}")
    return vals


def _invoke(op, vals):
    """aten op `op` on its arguments in schema order, the keyword-only ones (gelu's approximate) by name."""
    overload = getattr(torch.ops.aten, op).default
    args = overload._schema.arguments
    return overload(*[v for a, v in zip(args, vals) if not a.kwarg_only],
                    **{a.name: v for a, v in zip(args, vals) if a.kwarg_only})


def test_every_routed_op_runs_the_library(spy):
    """Each aten op enable() routes runs its API's generated function (spy) and gives exactly what that
    function gives on the same call; disabled, it runs PyTorch's kernel only."""
    routed = at.enable()
    assert routed
    for op in routed:
        vals = _schema_call(op)
        aten_op = at._AtenOp(next(r for r in at._aten_rows() if r.op == op))
        names = aten_op.names
        row = next(r for r in at._aten_rows() if r.op == op and _registry.api(r.api)
                   and (r.when is None or r.when(dict(zip(names, vals)))))
        api = _registry.api(row.api)
        amap = at._AtenOp(row).attr_map(api)
        tensors = [vals[i] for i in aten_op.tensor_idx]
        spy.clear()
        call_vals = [v.clone() if isinstance(v, torch.Tensor) else v for v in vals]
        got = _invoke(op, call_vals)
        assert spy.get(api.py_name) == 1, f"aten::{op} did not run {api.name}: {spy}"
        fn = aclnn_cpu.ops.functions()[api.py_name]
        mine = [t.clone() for t in tensors]
        attrs = {p: vals[i] for p, i in amap}
        if api.inplace:
            want = fn(*mine, **attrs)
        elif aten_op.in_place:
            want = fn(*mine, **attrs, out=mine[0])
        else:
            want = fn(*mine, **attrs, out=torch.empty_like(mine[-1]))
        same_bits(got, want)
        if aten_op.in_place:
            assert got is call_vals[aten_op.tensor_idx[0]]
    at.disable()
    spy.clear()
    for op in routed:
        _invoke(op, _schema_call(op))
    assert not spy
