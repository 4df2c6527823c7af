"""aclnn_cpu.torch: gradients equal PyTorch's own within the accuracy contract."""
from __future__ import annotations

import pytest
import torch

import aclnn_cpu.torch as at
from conftest import ulp_diff


def grads(module, x, upstream):
    x = x.detach().clone().requires_grad_(True)
    y = module(x)
    y.backward(upstream)
    return y.detach(), x.grad


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
@pytest.mark.parametrize("ours,theirs", [
    (lambda: at.ELU(), lambda: torch.nn.ELU()),
    (lambda: at.ELU(alpha=0.4), lambda: torch.nn.ELU(alpha=0.4)),
    (lambda: at.Softplus(), lambda: torch.nn.Softplus()),
    (lambda: at.Softplus(beta=2.0, threshold=5.0), lambda: torch.nn.Softplus(beta=2.0, threshold=5.0)),
], ids=["elu", "elu_alpha", "softplus", "softplus_attrs"])
def test_module_gradients(dtype, ours, theirs):
    gen = torch.Generator().manual_seed(0)
    x = (torch.randn(37, 53, generator=gen) * 4).to(dtype)
    up = torch.randn(37, 53, generator=gen).to(dtype)
    y1, g1 = grads(ours(), x, up)
    y2, g2 = grads(theirs(), x, up)
    assert torch.equal(y1, y2)  # the forward is PyTorch's
    assert ulp_diff(g1, g2) <= (8 if dtype == torch.float32 else 1)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=str)
def test_elu_use_result_matches_aten_is_result(dtype):
    """use_result=True differentiates from the output, as aten's is_result path (in-place ELU)."""
    gen = torch.Generator().manual_seed(1)
    x = (torch.randn(41, 29, generator=gen) * 4).to(dtype)
    up = torch.randn(41, 29, generator=gen).to(dtype)
    y, g = grads(at.ELU(alpha=0.8, use_result=True), x, up)
    ref = torch.ops.aten.elu_backward(up, 0.8, 1.0, 1.0, True, y)
    assert ulp_diff(g, ref) <= (8 if dtype == torch.float32 else 1)


def test_expanded_upstream_gradient():
    x = torch.randn(64, 32, requires_grad=True)
    at.softplus(x).sum().backward()  # sum's backward hands an expanded (stride 0) gradient
    ref = torch.sigmoid(x.detach())
    assert ulp_diff(x.grad, ref) <= 8
    x.grad = None
    at.elu(x, 0.5).mean().backward()
    x2 = x.detach().clone().requires_grad_(True)
    torch.nn.functional.elu(x2, 0.5).mean().backward()
    assert ulp_diff(x.grad, x2.grad) <= 8


def test_selu_parameters_through_functional():
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    x = torch.randn(100, requires_grad=True)
    at.elu(x, alpha, scale, 1.0).sum().backward()
    x2 = x.detach().clone().requires_grad_(True)
    torch.selu(x2).sum().backward()
    assert ulp_diff(x.grad, x2.grad) <= 8


def test_in_a_training_loop_and_gradcheck():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), at.ELU(), torch.nn.Linear(16, 16), at.Softplus(),
                                torch.nn.Linear(16, 1))
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


def test_no_grad_needed_skips_the_library():
    x = torch.randn(10)
    y = at.elu(x)
    assert not y.requires_grad and torch.equal(y, torch.nn.functional.elu(x))
