"""Coverage: the package follows the library's operator registry. Every registry API has its
function with the registry's parameters (names, order, defaults); every registry API is used by
the torch table or exempted with a reason; the table's rows fit both PyTorch's schemas and the
registry's APIs."""
from __future__ import annotations

import inspect
import keyword
import re

import pytest
import torch

import aclnn_cpu
import aclnn_cpu.torch as at
from aclnn_cpu import _registry

REG = aclnn_cpu.registry()
API_NAMES = [a["name"] for a in REG["apis"]]


def camel_to_snake(name: str) -> str:
    """An independent spelling of the naming rule (tokens: capitalised words, digit runs)."""
    words = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", name)
    out = []
    for w in words:
        if w.isdigit() and out:
            out[-1] += w  # Relu6 -> relu6
        else:
            out.append(w.lower())
    return "_".join(out)


def expected_function_name(api_name: str) -> str:
    base = api_name[len("aclnn"):]
    if base.startswith("Inplace"):
        return camel_to_snake(base[len("Inplace"):]) + "_"
    return camel_to_snake(base)


def expected_param(p: dict) -> str:
    if p["kind"] == "out":
        return "out"
    name = camel_to_snake(p["name"])
    return name + "_" if keyword.iskeyword(name) or name == "out" else name


@pytest.mark.parametrize("name,want", [
    ("aclnnElu", "elu"), ("aclnnInplaceElu", "elu_"), ("aclnnGeluBackwardV2", "gelu_backward_v2"),
    ("aclnnEluBackward", "elu_backward"), ("aclnnLeakyReluBackward", "leaky_relu_backward"),
    ("aclnnInplaceHardtanh", "hardtanh_"), ("aclnnLogSigmoidForward", "log_sigmoid_forward"),
])
def test_naming_rule(name, want):
    assert _registry.function_name(name) == want == expected_function_name(name)


@pytest.mark.parametrize("cann,want", [("gradOutput", "grad_output"), ("selfOrResult", "self_or_result"),
                                       ("inputScale", "input_scale"), ("clipValueMin", "clip_value_min"),
                                       ("selfIsResult", "self_is_result"), ("lambda", "lambda_"), ("self", "self")])
def test_parameter_naming_rule(cann, want):
    assert _registry.param_name(cann, "scalar") == want


def test_registry_is_not_empty_and_well_formed():
    assert REG["apis"] and REG["ops"]
    types = {o["type"] for o in REG["ops"]}
    for a in REG["apis"]:
        assert a["name"].startswith("aclnn") and a["op"] in types
        kinds = [p["kind"] for p in a["params"]]
        assert kinds.count("out") + kinds.count("inout") == 1, a["name"]


@pytest.mark.parametrize("api_name", API_NAMES)
def test_every_api_has_its_function(api_name):
    name = expected_function_name(api_name)
    assert name in aclnn_cpu.available_operators()
    fn = getattr(aclnn_cpu, name)
    assert fn is getattr(aclnn_cpu.ops, name) and callable(fn)
    assert name in dir(aclnn_cpu) and name in aclnn_cpu.__all__
    assert api_name in fn.__doc__


@pytest.mark.parametrize("api_name", API_NAMES)
def test_signature_follows_the_registry(api_name):
    """Tensors positional in CANN's order, then the attributes in CANN's order with the operator
    attribute's default, then keyword-only out (absent for an in-place API)."""
    raw = next(a for a in REG["apis"] if a["name"] == api_name)
    op = next(o for o in REG["ops"] if o["type"] == raw["op"])
    want = []
    for p in raw["params"]:
        if p["kind"] in ("tensor", "inout"):
            want.append((expected_param(p), inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty))
    for p in raw["params"]:
        if p["kind"] in ("scalar", "scalar_optional", "bool", "int", "string"):
            want.append((expected_param(p), inspect.Parameter.POSITIONAL_OR_KEYWORD, op["attrs"][p["slot"]]["default"]))
    if any(p["kind"] == "out" for p in raw["params"]):
        want.append(("out", inspect.Parameter.KEYWORD_ONLY, None))
    sig = inspect.signature(getattr(aclnn_cpu, expected_function_name(api_name)))
    got = [(p.name, p.kind, p.default) for p in sig.parameters.values()]
    assert got == want
    for (name, _, default), p in zip(want, sig.parameters.values()):
        if default is not inspect.Parameter.empty:
            assert type(p.default) is type(default) or isinstance(default, int) and isinstance(p.default, float)


@pytest.mark.parametrize("api_name", API_NAMES)
def test_help_explains_every_parameter(api_name):
    fn = getattr(aclnn_cpu, expected_function_name(api_name))
    doc = fn.__doc__
    for p in inspect.signature(fn).parameters:
        assert f"    {p}:" in doc, f"{fn.__name__}'s help does not explain {p}"
    assert f"{api_name}GetWorkspaceSize(" in doc and "Raises:" in doc
    raw = next(a for a in REG["apis"] if a["name"] == api_name)
    for p in raw["params"]:
        assert p["name"] in doc


def test_unknown_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="registry"):
        aclnn_cpu.ops.no_such_api
    with pytest.raises(AttributeError):
        aclnn_cpu.no_such_api


# ---- the torch table against the registry ---------------------------------------------------------


def table_apis():
    """The APIs the torch table uses: its entries' (modules and their aten rows) and ROUTES'."""
    used = set()
    for e in at.ACTIVATIONS:
        used.update(e.apis())
    used.update(r.api for r in at.ROUTES)
    return used


@pytest.mark.parametrize("api_name", API_NAMES)
def test_every_registry_api_is_used_by_the_torch_table_or_exempt(api_name):
    used, exempt = api_name in table_apis(), api_name in at.EXEMPT
    assert used or exempt, (f"{api_name} is in the registry but no aclnn_cpu.torch.ACTIVATIONS entry or ROUTES row "
                            "uses it and EXEMPT does not list it with a reason")
    assert not (used and exempt), f"{api_name} is both used and exempt"


def test_exemptions_have_reasons_and_are_not_used():
    assert all(isinstance(r, str) and len(r) > 10 for r in at.EXEMPT.values())
    assert all(isinstance(r, str) and len(r) > 10 for r in at.UNROUTED.values())
    assert not table_apis() & set(at.EXEMPT)
    assert all(k.startswith("aclnn") for k in list(at.EXEMPT) + list(at.UNROUTED))


@pytest.fixture(scope="module")
def routed_apis():
    """aten op -> the registry APIs enable() routes it to."""
    with at.enabled() as routed:
        rows = {op: {r.api for r in at._aten_rows() if r.op == op and _registry.api(r.api)} for op in routed}
    return rows


@pytest.mark.parametrize("api_name", API_NAMES)
def test_every_api_with_an_aten_op_of_its_name_is_routed(api_name, routed_apis):
    """A registry API whose Python name is an aten op (aclnnLeakyReluBackward, aten::leaky_relu_backward)
    is what enable() routes that op to, unless UNROUTED gives the reason; every API is routed, used
    by a module or exempt."""
    name = _registry.function_name(api_name)
    if hasattr(torch.ops.aten, name) and api_name not in at.UNROUTED:
        assert api_name in routed_apis.get(name, ()), (
            f"aten::{name} exists but enable() does not route it to {api_name} (routed: "
            f"{sorted(routed_apis.get(name, ()))}); add an Aten row, or UNROUTED with the reason")
    routed = any(api_name in apis for apis in routed_apis.values())
    modules = {u.api for e in at.ACTIVATIONS for u in e.forward + e.inplace + e.backward}
    assert routed or api_name in modules or api_name in at.EXEMPT, \
        f"{api_name} is neither routed by enable(), used by a module, nor exempt with a reason"


def test_table_rows_are_unique_and_every_use_has_a_pytorch_op():
    modules = [e.module for e in at.ACTIVATIONS]
    assert len(set(modules)) == len(modules)
    functional = [e.functional for e in at.ACTIVATIONS]
    assert len(set(functional)) == len(functional)
    for e in at.ACTIVATIONS:
        assert hasattr(torch.nn, e.module), e.module
        assert e.saves in ("input", "output") and e.inplace_saves in (None, "input", "output")
        assert e.forward and e.backward
        for u in e.forward + e.inplace + e.backward:  # the PyTorch op a module runs without the API
            assert at._aten_of(u.api).row.api == u.api
    pairs = [(r.op, r.api) for r in at._aten_rows()]
    assert len(set(pairs)) == len(pairs)
    ops_of = {}
    for e in at.ACTIVATIONS:
        for r in e.aten:
            assert ops_of.setdefault(r.op, e.module) == e.module, f"aten::{r.op} in two entries"
    for r in at.ROUTES:
        assert ops_of.setdefault(r.op, "ROUTES") == "ROUTES", f"aten::{r.op} in an entry and in ROUTES"


@pytest.mark.parametrize("entry", at.ACTIVATIONS, ids=lambda e: e.module)
def test_rows_give_the_required_constructor_arguments(entry):
    """`args` names exactly the torch.nn constructor's parameters without a default, so that every
    row can be constructed from the table alone (tests, docs)."""
    sig = inspect.signature(getattr(torch.nn, entry.module).__init__)
    required = {n for n, p in sig.parameters.items() if n != "self" and p.default is inspect.Parameter.empty
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
    assert set(entry.args) == required, entry.module
    assert isinstance(getattr(torch.nn, entry.module)(**entry.args), torch.nn.Module)


@pytest.mark.parametrize("row", at._aten_rows(), ids=lambda r: f"{r.op}-{r.api}")
def test_aten_rows_fit_pytorch_schemas(row):
    """Every aten op exists, renames name its arguments, in-place ops have an in-place API or out."""
    op = at._AtenOp(row)
    assert set(row.rename) <= set(op.names) - {op.names[i] for i in op.tensor_idx}
    assert op.in_place == row.op.endswith("_")
    assert (None in row.rename.values()) <= (row.when is not None)


ACTIVE_ROWS = [r for r in at._aten_rows() if _registry.api(r.api) is not None]


@pytest.mark.parametrize("row", ACTIVE_ROWS, ids=lambda r: f"{r.op}-{r.api}")
def test_active_aten_rows_fit_the_registry(row):
    """An aten op routed to a registry API gives every attribute of the API from an argument, and
    every argument reaches a parameter (attr_map raises otherwise)."""
    api = _registry.api(row.api)
    op = at._AtenOp(row)
    amap = op.attr_map(api)
    assert [p for p, _ in amap] == [p.py for p in api.attrs]
    assert not api.inplace or op.in_place, f"aten::{row.op} is not in place, {api.name} is"


USES = [(e, u) for e in at.ACTIVATIONS for u in e.forward + e.inplace + e.backward if _registry.api(u.api)]


@pytest.mark.parametrize("entry,use", USES, ids=lambda v: getattr(v, "api", getattr(v, "module", "")))
def test_module_attributes_fit_the_registry(entry, use):
    """The attributes a module passes are exactly the API's attribute parameters."""
    api = _registry.api(use.api)
    m = getattr(torch.nn, entry.module)(**entry.args)
    keys = set(use.attrs(at._Args(m, False)))
    assert keys == {p.py for p in api.attrs}, f"{entry.module} -> {use.api}"
    assert len(api.inputs) == (2 if use in entry.backward else 1)


def test_available_modules_follow_the_registry():
    names = at.available_modules()
    for e in at.ACTIVATIONS:
        has = any(_registry.api(u.api) is not None for u in e.forward + e.inplace + e.backward)
        assert (e.module in names) == has
        if not has:
            with pytest.raises(NotImplementedError, match=e.forward[0].api):
                getattr(at, e.module)(**e.args)
        else:
            assert isinstance(getattr(at, e.module)(**e.args), getattr(torch.nn, e.module))
    # the three the library has had from the start
    assert {"ELU", "Softplus", "SiLU"} <= set(names)
