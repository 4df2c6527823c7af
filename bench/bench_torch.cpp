// The PyTorch peer: each aten call of the peers table (bench_peers.c) through libtorch's C++ API, in
// the bench's own process, on tensors that wrap the case's buffers (at::from_blob: no copies), with
// the out= form where aten has one (the result lands in the case's output, as the library's does).
// A call is bound once (bench_torch_create: tensors, scalars from the case's attributes by operator
// attribute name) and then run again and again. Inputs by role: grad() is the gradient input, x()
// the other (a forward input or result). PyTorch's threads: at::set_num_threads (OpenMP, the same
// libgomp as the library's). Its CPU capability is read from ATEN_CPU_CAPABILITY at its first
// dispatch: the bench sets it before (bench_cap_peers). C++17; built only when CMake finds
// libtorch (Debian's libtorch-dev).
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include <ATen/Parallel.h>
#include <ATen/Version.h>
#include <ATen/core/Tensor.h>
#include <torch/csrc/api/include/torch/version.h>
#include <ATen/ops/celu.h>
#include <ATen/ops/elu.h>
#include <ATen/ops/elu_backward.h>
#include <ATen/ops/from_blob.h>
#include <ATen/ops/gelu.h>
#include <ATen/ops/gelu_backward.h>
#include <ATen/ops/hardsigmoid.h>
#include <ATen/ops/hardsigmoid_backward.h>
#include <ATen/ops/hardswish.h>
#include <ATen/ops/hardswish_backward.h>
#include <ATen/ops/hardtanh.h>
#include <ATen/ops/hardtanh_backward.h>
#include <ATen/ops/leaky_relu.h>
#include <ATen/ops/leaky_relu_backward.h>
#include <ATen/ops/mish.h>
#include <ATen/ops/mish_backward.h>
#include <ATen/ops/relu.h>
#include <ATen/ops/sigmoid.h>
#include <ATen/ops/sigmoid_backward.h>
#include <ATen/ops/silu.h>
#include <ATen/ops/silu_backward.h>
#include <ATen/ops/softplus.h>
#include <ATen/ops/softplus_backward.h>
#include <ATen/ops/tanh.h>
#include <ATen/ops/tanh_backward.h>
#include <ATen/ops/threshold.h>
#include <ATen/ops/threshold_backward.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>

extern "C" {
#include "bench_torch.h"
}

namespace {

enum { ROLE_GRAD = 0 }; // BENCH_ROLE_GRAD (bench.h)

// One case instance as the binders see it.
class Ctx {
  public:
    explicit Ctx(const BenchTorchCall &c) : c_(c)
    {
        static const c10::ScalarType types[] = {at::kFloat, at::kHalf, at::kBFloat16, at::kDouble};
        const std::vector<int64_t> shape{static_cast<int64_t>(c.n)};
        auto opts = at::TensorOptions().dtype(types[c.dtype]).device(at::kCPU);
        for (int j = 0; j < c.numIn; j++)
            in_.push_back(at::from_blob(c.in[j], shape, opts));
        out_ = c.inplace ? in_.at(0) : at::from_blob(c.out, shape, opts);
    }
    at::Tensor grad() const { return in_.at(index_of(true)); }
    at::Tensor x() const { return in_.at(index_of(false)); }
    at::Tensor out() const { return out_; }
    bool verify() const { return c_.verify != 0; }
    // An attribute by operator attribute name ("a|b": the first the operator has).
    double num(const char *names) const { return c_.attrValues[attr(names)]; }
    at::Scalar scalar(const char *names) const { return at::Scalar(num(names)); }
    bool flag(const char *names) const { return num(names) != 0.0; }
    // GELU's approximate: a string attribute's value, or an int (0: "none", 1: "tanh").
    std::string approximate() const
    {
        int k = attr("approximate");
        if (c_.attrTypes[k] == BENCH_TORCH_ATTR_STRING && c_.attrStrings[k] != nullptr)
            return c_.attrStrings[k];
        return c_.attrValues[k] != 0.0 ? "tanh" : "none";
    }

  private:
    int index_of(bool gradient) const
    {
        for (int j = 0; j < c_.numIn; j++)
            if ((c_.inRoles[j] == ROLE_GRAD) == gradient)
                return j;
        throw std::runtime_error(std::string(c_.caseName) + " has no " + (gradient ? "gradient" : "data") + " input");
    }
    int attr(const char *names) const
    {
        std::string all(names);
        for (size_t at = 0; at <= all.size();) {
            size_t bar = all.find('|', at);
            std::string one = all.substr(at, bar == std::string::npos ? std::string::npos : bar - at);
            for (int k = 0; k < c_.numAttrs; k++)
                if (one == c_.attrNames[k])
                    return k;
            if (bar == std::string::npos)
                break;
            at = bar + 1;
        }
        throw std::runtime_error(std::string(c_.caseName) + ": the operator has no attribute " + names);
    }
    const BenchTorchCall &c_;
    std::vector<at::Tensor> in_;
    at::Tensor out_;
};

using Run = std::function<void()>;
using Binder = Run (*)(const Ctx &);

// The aten calls of the peers table, by its names.
struct Entry {
    const char *call;
    Binder bind;
};

const Entry kCalls[] = {
    {"aten::elu_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         auto a = c.scalar("alpha"), s = c.scalar("scale"), i = c.scalar("input_scale");
         bool r = c.flag("is_result");
         return [=]() mutable { at::elu_backward_out(o, g, a, s, i, r, x); };
     }},
    {"aten::elu.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         auto a = c.scalar("alpha"), s = c.scalar("scale"), i = c.scalar("input_scale");
         return [=]() mutable { at::elu_out(o, x, a, s, i); };
     }},
    {"aten::elu_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         auto a = c.scalar("alpha"), s = c.scalar("scale"), i = c.scalar("input_scale");
         return [=]() mutable { at::elu_(x, a, s, i); };
     }},
    {"aten::celu.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         auto a = c.scalar("alpha");
         return [=]() mutable { at::celu_out(o, x, a); };
     }},
    {"aten::celu_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         auto a = c.scalar("alpha");
         return [=]() mutable { at::celu_(x, a); };
     }},
    {"aten::softplus_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         auto b = c.scalar("beta"), t = c.scalar("threshold");
         return [=]() mutable { at::softplus_backward_out(o, g, x, b, t); };
     }},
    {"aten::softplus.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         auto b = c.scalar("beta"), t = c.scalar("threshold");
         return [=]() mutable { at::softplus_out(o, x, b, t); };
     }},
    {"aten::silu_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         return [=]() mutable { at::silu_backward_out(o, g, x); };
     }},
    {"aten::silu.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::silu_out(o, x); };
     }},
    {"aten::silu_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::silu_(x); };
     }},
    {"aten::sigmoid.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::sigmoid_out(o, x); };
     }},
    {"aten::sigmoid_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::sigmoid_(x); };
     }},
    {"aten::sigmoid_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), y = c.x(), o = c.out();
         return [=]() mutable { at::sigmoid_backward_out(o, g, y); };
     }},
    {"aten::tanh.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::tanh_out(o, x); };
     }},
    {"aten::tanh_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::tanh_(x); };
     }},
    {"aten::tanh_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), y = c.x(), o = c.out();
         return [=]() mutable { at::tanh_backward_out(o, g, y); };
     }},
    {"aten::gelu.out(tanh)",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::gelu_out(o, x, "tanh"); };
     }},
    {"aten::gelu.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         std::string a = c.approximate();
         return [=]() mutable { at::gelu_out(o, x, a); };
     }},
    {"aten::gelu_backward.grad_input(tanh)",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         return [=]() mutable { at::gelu_backward_out(o, g, x, "tanh"); };
     }},
    {"aten::gelu_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         std::string a = c.approximate();
         return [=]() mutable { at::gelu_backward_out(o, g, x, a); };
     }},
    {"aten::mish.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::mish_out(o, x); };
     }},
    {"aten::mish_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::mish_(x); };
     }},
    {"aten::mish_backward",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         if (c.verify()) // no out= form: copied into the output only to compare it
             return [=]() mutable { o.copy_(at::mish_backward(g, x)); };
         return [=]() mutable { (void)at::mish_backward(g, x); };
     }},
    {"aten::relu.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::relu_out(o, x); };
     }},
    {"aten::relu_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::relu_(x); };
     }},
    {"aten::threshold_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         auto t = c.scalar("threshold");
         return [=]() mutable { at::threshold_backward_out(o, g, x, t); };
     }},
    {"aten::threshold.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         auto t = c.scalar("threshold"), v = c.scalar("value");
         return [=]() mutable { at::threshold_out(o, x, t, v); };
     }},
    {"aten::threshold_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         auto t = c.scalar("threshold"), v = c.scalar("value");
         return [=]() mutable { at::threshold_(x, t, v); };
     }},
    {"aten::leaky_relu.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         auto s = c.scalar("negative_slope|alpha");
         return [=]() mutable { at::leaky_relu_out(o, x, s); };
     }},
    {"aten::leaky_relu_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         auto s = c.scalar("negative_slope|alpha");
         return [=]() mutable { at::leaky_relu_(x, s); };
     }},
    {"aten::leaky_relu_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         auto s = c.scalar("negative_slope|alpha");
         bool r = c.flag("self_is_result");
         return [=]() mutable { at::leaky_relu_backward_out(o, g, x, s, r); };
     }},
    {"aten::hardtanh.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         auto lo = c.scalar("min_val|clip_value_min|min"), hi = c.scalar("max_val|clip_value_max|max");
         return [=]() mutable { at::hardtanh_out(o, x, lo, hi); };
     }},
    {"aten::hardtanh_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         auto lo = c.scalar("min_val|clip_value_min|min"), hi = c.scalar("max_val|clip_value_max|max");
         return [=]() mutable { at::hardtanh_(x, lo, hi); };
     }},
    {"aten::hardtanh_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         auto lo = c.scalar("min_val|min"), hi = c.scalar("max_val|max");
         return [=]() mutable { at::hardtanh_backward_out(o, g, x, lo, hi); };
     }},
    {"aten::hardswish.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::hardswish_out(o, x); };
     }},
    {"aten::hardswish_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::hardswish_(x); };
     }},
    {"aten::hardswish_backward.out",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         return [=]() mutable { at::hardswish_backward_out(o, g, x); };
     }},
    {"aten::hardsigmoid.out",
     [](const Ctx &c) -> Run {
         auto x = c.x(), o = c.out();
         return [=]() mutable { at::hardsigmoid_out(o, x); };
     }},
    {"aten::hardsigmoid_",
     [](const Ctx &c) -> Run {
         auto x = c.x();
         return [=]() mutable { at::hardsigmoid_(x); };
     }},
    {"aten::hardsigmoid_backward.grad_input",
     [](const Ctx &c) -> Run {
         auto g = c.grad(), x = c.x(), o = c.out();
         return [=]() mutable { at::hardsigmoid_backward_out(o, g, x); };
     }},
};

const Entry *find(const char *call)
{
    for (const Entry &e : kCalls)
        if (std::strcmp(e.call, call) == 0)
            return &e;
    return nullptr;
}

} // namespace

struct BenchTorch {
    Run run;
};

extern "C" {

int bench_torch_available(void) { return 1; }

const char *bench_torch_version(void)
{
    static std::string text;
    if (text.empty()) {
        std::string cfg = at::show_config(), cap = "unknown";
        size_t at = cfg.find("CPU capability usage:");
        if (at != std::string::npos) {
            at += std::strlen("CPU capability usage:");
            cap = cfg.substr(at, cfg.find('\n', at) - at);
            cap.erase(0, cap.find_first_not_of(' '));
        }
        text = std::string(TORCH_VERSION) + ", CPU capability " + cap;
    }
    return text.c_str();
}

int bench_torch_has_call(const char *call) { return find(call) != nullptr; }

BenchTorch *bench_torch_create(const BenchTorchCall *call, char *why, size_t whySize)
{
    const Entry *e = find(call->call);
    if (e == nullptr) {
        std::snprintf(why, whySize, "PyTorch: bench_torch.cpp has no %s", call->call);
        return nullptr;
    }
    try {
        Ctx ctx(*call);
        Run run = e->bind(ctx);
        run(); // refuses here when aten has no kernel for the dtype
        return new BenchTorch{run};
    } catch (const std::exception &ex) {
        std::string msg = ex.what();
        std::snprintf(why, whySize, "PyTorch %s refused: %s", call->call, msg.substr(0, msg.find('\n')).c_str());
        return nullptr;
    }
}

void bench_torch_set_threads(int threads) { at::set_num_threads(threads); }

void bench_torch_run(BenchTorch *t) { t->run(); }

void bench_torch_destroy(BenchTorch *t) { delete t; }

} // extern "C"
