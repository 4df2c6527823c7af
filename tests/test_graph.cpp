// The graph layer (src/geir): CANN's GE graph API running the registry's operators on the CPU.
//   - every registry operator is a graph node type (its kernel op type), runnable, with a proto
//   - one node: EluGrad against TensorFlow's formula, bit for bit, in fp32 and bf16
//   - multi-node graphs (a forward then its backward, Const inputs, an output read twice) bit for
//     bit against the same aclnn calls
//   - Data binding by index, and by SetInputs order when the indices collide (with a warning)
//   - broadcasting where the operator's API rows broadcast on the profile, not elsewhere
//   - empty and 0-dim tensors, outputs padded with zeros, attributes (defaults, set, wrong type,
//     required), the Operator handle semantics
//   - bad graphs refused with GE statuses and messages, nothing written to the outputs: unknown op
//     type, input not connected, unknown input name, wrong dtype, a dtype without a kernel, shape
//     mismatch, a cycle, wrong input count or size, session misuse
//   - aclgrphDumpGraph's file, GEGetErrorMsgV2 / GEGetWarningMsgV2
//   - the inputs CANN's IR has where the aclnn APIs take scalars (ThresholdV2's threshold and
//     value, ClipByValueV2's limits): one-element Const or Data tensors, against the aclnn calls
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" {
#include "acpu_test.h"
}
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_hardtanh.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softplus.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "aclnnop/aclnn_threshold.h"
#include "all_ops.h"
#include "ge/ge_api.h"
#include "ge/ge_ir_build.h"
#include "graph/graph.h"
#include "graph/operator_reg.h"
#include "ops/acpu_op_node.h"

// tests/acpu_test_registry_probe.c: the registry's own list (its headers are C only).
extern "C" {
int acpu_test_registry_op_count(void);
const char *acpu_test_registry_op_type(int i);
int acpu_test_registry_op_inputs(int i);
int acpu_test_registry_op_attrs(int i);
}

using namespace ge;

// An operator proto written here in ops-nn's form, with a REQUIRED_ATTR (the generated protos have
// defaults for every attribute).
namespace ge {
REG_OP(HardtanhGradRequired)
    .INPUT(result, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .INPUT(grad, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .OUTPUT(y, TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16}))
    .REQUIRED_ATTR(min_val, Float)
    .ATTR(max_val, Float, 1.0)
    .OP_END_FACTORY_REG(HardtanhGradRequired)
} // namespace ge

namespace {

// ---- helpers ----------------------------------------------------------------------------------

Tensor host_tensor(DataType dt, const std::vector<int64_t> &dims, const void *data, size_t bytes)
{
    TensorDesc d(Shape(dims), FORMAT_ND, dt);
    d.SetPlacement(kPlacementHost);
    return Tensor(d, static_cast<const uint8_t *>(data), bytes);
}

Tensor f32_tensor(const std::vector<int64_t> &dims, const std::vector<float> &v)
{
    return host_tensor(DT_FLOAT, dims, v.data(), v.size() * sizeof(float));
}

// Values of a random-looking but fixed sequence in [lo, hi).
std::vector<float> values(size_t n, float lo, float hi, uint64_t seed)
{
    acpu_test_lcg_seed(seed, 32);
    std::vector<float> v(n);
    for (float &x : v)
        x = static_cast<float>(acpu_test_lcg_range(lo, hi));
    return v;
}

op::Data data_node(const char *name, int64_t index)
{
    op::Data d(name);
    d.set_attr_index(index);
    return d;
}

// GEInitialize for a case; each case runs in its own process.
void ge_up()
{
    std::map<AscendString, AscendString> options = {{"ge.exec.deviceId", "0"}, {"ge.graphRunMode", "1"}};
    ck_assert_uint_eq(GEInitialize(options), SUCCESS);
}

Status run_graph(Graph &graph, const std::vector<Tensor> &inputs, std::vector<Tensor> &outputs)
{
    std::map<AscendString, AscendString> none;
    Session session(none);
    Status st = session.AddGraph(1, graph);
    if (st != SUCCESS)
        return st;
    return session.RunGraph(1, inputs, outputs);
}

std::string error_text() { return GEGetErrorMsgV2().GetString(); }

void expect_error(Status st, Status want, const std::vector<std::string> &parts)
{
    std::string m = error_text();
    ck_assert_msg(st == want, "status %u, expected %u (%s)", st, want, m.c_str());
    for (const std::string &p : parts)
        ck_assert_msg(m.find(p) != std::string::npos, "the message '%s' does not name '%s'", m.c_str(), p.c_str());
}

// An aclTensor over caller memory (the aclnn side of the comparisons).
aclTensor *acl_tensor(aclDataType dt, const std::vector<int64_t> &dims, void *data)
{
    return acpu_test_tensor(dt, dims.data(), dims.size(), data);
}

// Runs an aclnn call planned by phase 1 (called before: the arguments read its results), with its
// workspace.
template <typename Run> void acl_run(aclnnStatus planned, uint64_t ws, aclOpExecutor *exec, Run run)
{
    ck_assert_msg(planned == ACLNN_SUCCESS, "phase 1: %s", aclGetRecentErrMsg());
    void *w = ws > 0 ? std::malloc(ws) : nullptr;
    ck_assert_int_eq(run(w, ws, exec, nullptr), ACLNN_SUCCESS);
    std::free(w);
}

void expect_same_bytes(const Tensor &t, const void *want, size_t bytes, const char *what)
{
    ck_assert_msg(t.GetSize() == bytes, "%s: %zu bytes, expected %zu", what, t.GetSize(), bytes);
    ck_assert_msg(std::memcmp(t.GetData(), want, bytes) == 0, "%s: not the aclnn call's bits", what);
}

float bf16_to_f32(uint16_t b) { return acpu_test_bf16_to_f32(b); }
uint16_t f32_to_bf16(float v) { return acpu_test_f64_to_bf16(static_cast<double>(v)); }

} // namespace

// ---- inputs that the aclnn APIs take as scalars ------------------------------------------------

// ThresholdV2(x, threshold, value) and ClipByValueV2(x, clip_value_min, clip_value_max) as CANN's
// IR has them (tensors of one value: Const, Data; one element, or several equal ones), bit for bit
// against aclnnThreshold / aclnnHardtanh; ThresholdV2's optional value left out is 0.
START_TEST(scalar_inputs_as_tensors)
{
    ge_up();
    const std::vector<int64_t> dims = {64};
    const size_t n = 64;
    std::vector<float> x = values(n, -8, 8, 51);
    x[3] = 4.1f;
    float thr = 4.1f, val = 10.0f, lo = -1.5f, hi = 2.25f, zero = 0.0f;
    Graph graph("scalars");
    op::Data dx = data_node("x", 0), dhi = data_node("hi", 1);
    op::Const cthr("thr"), cval("val"), clo("lo");
    cthr.set_attr_value(f32_tensor({1}, {thr}));
    cval.set_attr_value(f32_tensor({3}, {val, val, val}));
    clo.set_attr_value(f32_tensor({}, {lo}));
    op::ThresholdV2 t1("t1"), t2("t2");
    t1.set_input_x(dx).set_input_threshold(cthr).set_input_value(cval);
    t2.set_input_x(dx).set_input_threshold(cthr); // value: the optional input's default, 0
    op::ClipByValueV2 clip("clip");
    clip.set_input_x(dx).set_input_clip_value_min(clo).set_input_clip_value_max(dhi);
    graph.SetInputs({dx, dhi}).SetOutputs({t1, t2, clip});
    std::vector<Tensor> out;
    ck_assert_uint_eq(run_graph(graph, {f32_tensor(dims, x), f32_tensor({1}, {hi})}, out), SUCCESS);
    ck_assert_uint_eq(out.size(), 3);
    std::vector<float> w1(n), w2(n), w3(n);
    aclTensor *tx = acl_tensor(ACL_FLOAT, dims, x.data()), *o1 = acl_tensor(ACL_FLOAT, dims, w1.data()),
              *o2 = acl_tensor(ACL_FLOAT, dims, w2.data()), *o3 = acl_tensor(ACL_FLOAT, dims, w3.data());
    aclScalar *s_thr = acpu_test_scalar_f32(thr), *s_val = acpu_test_scalar_f32(val),
              *s_zero = acpu_test_scalar_f32(zero), *s_lo = acpu_test_scalar_f32(lo), *s_hi = acpu_test_scalar_f32(hi);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    aclnnStatus rc = aclnnThresholdGetWorkspaceSize(tx, s_thr, s_val, o1, &ws, &exec);
    acl_run(rc, ws, exec, aclnnThreshold);
    rc = aclnnThresholdGetWorkspaceSize(tx, s_thr, s_zero, o2, &ws, &exec);
    acl_run(rc, ws, exec, aclnnThreshold);
    rc = aclnnHardtanhGetWorkspaceSize(tx, s_lo, s_hi, o3, &ws, &exec);
    acl_run(rc, ws, exec, aclnnHardtanh);
    expect_same_bytes(out[0], w1.data(), n * 4, "ThresholdV2");
    expect_same_bytes(out[1], w2.data(), n * 4, "ThresholdV2 without value");
    expect_same_bytes(out[2], w3.data(), n * 4, "ClipByValueV2");
    ck_assert_float_eq(static_cast<const float *>(static_cast<const void *>(out[0].GetData()))[3], val);
    for (aclTensor *t : {tx, o1, o2, o3})
        aclDestroyTensor(t);
    for (aclScalar *s : {s_thr, s_val, s_zero, s_lo, s_hi})
        aclDestroyScalar(s);
}
END_TEST

// Such an input must be known when the graph is planned and hold one element; a required one must
// be connected.
START_TEST(scalar_inputs_refused)
{
    ge_up();
    std::vector<float> x = values(8, -8, 8, 52);
    {
        Graph graph("computed");
        op::Data dx = data_node("x", 0);
        op::Relu r("relu");
        r.set_input_x(dx);
        op::ThresholdV2 t("t");
        t.set_input_x(dx).set_input_threshold(r);
        graph.SetInputs({dx}).SetOutputs({t});
        std::vector<Tensor> out;
        expect_error(run_graph(graph, {f32_tensor({8}, x)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"input threshold", "computed by", "Data or Const"});
    }
    {
        Graph graph("two");
        op::Data dx = data_node("x", 0);
        op::Const c("c");
        c.set_attr_value(f32_tensor({2}, {1.0f, 2.0f}));
        op::ThresholdV2 t("t");
        t.set_input_x(dx).set_input_threshold(c);
        graph.SetInputs({dx}).SetOutputs({t});
        std::vector<Tensor> out;
        expect_error(run_graph(graph, {f32_tensor({8}, x)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"must hold one value", "element 1 of its 2"});
    }
    {
        Graph graph("missing");
        op::Data dx = data_node("x", 0);
        op::ThresholdV2 t("t");
        t.set_input_x(dx);
        graph.SetInputs({dx}).SetOutputs({t});
        std::vector<Tensor> out;
        expect_error(run_graph(graph, {f32_tensor({8}, x)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"input threshold is not connected"});
    }
}
END_TEST

// ---- the registry's operators as node types ---------------------------------------------------

START_TEST(every_operator_is_a_node_type)
{
    const acpu_node_iface *f = acpu_node_iface_get();
    ck_assert_uint_eq(f->abi, ACPU_NODE_ABI);
    ck_assert_int_eq(f->op_count(), acpu_test_registry_op_count());
    for (int i = 0; i < acpu_test_registry_op_count(); i++) {
        const acpu_node_op *n = f->op_at(i);
        ck_assert_str_eq(n->type, acpu_test_registry_op_type(i)); // the GE op type is the kernel op type
        ck_assert_ptr_eq(f->op_find(n->type), n);
        ck_assert_int_eq(n->n_in, acpu_test_registry_op_inputs(i));
        ck_assert_int_eq(n->n_attrs, acpu_test_registry_op_attrs(i));
        // each has a generated proto: OperatorFactory knows every type all_ops.h declared
        ck_assert_msg(OperatorFactory::IsExistOp(n->type), "no proto declares %s", n->type);
        // and its row could be made: planning a call does not fail for want of room
        acpu_node_shape in[ACPU_NODE_MAX_INPUTS] = {}, out;
        for (int j = 0; j < n->n_in; j++) {
            in[j].dtype = ACL_FLOAT;
            in[j].rank = 1;
            in[j].dims[0] = 4;
        }
        ck_assert_msg(f->infer(n, in, &out) == ACLNN_SUCCESS, "%s: %s", n->type, aclGetRecentErrMsg());
    }
    ck_assert_ptr_null(f->op_find("NoSuchOp"));
    ck_assert_ptr_nonnull(f->op_find("EluGrad"));
    ck_assert_ptr_nonnull(f->op_find("SoftplusV2Grad"));
}
END_TEST

// ---- one node ------------------------------------------------------------------------------------

START_TEST(elu_grad_matches_formula_fp32)
{
    ge_up();
    const size_t n = 1031;
    std::vector<float> g = values(n, -4, 4, 11), a = values(n, -3, 3, 12);
    a[0] = -0.0f, a[1] = 0.0f, a[2] = -1.0f, a[3] = NAN;
    Graph graph("elu_grad");
    op::Data dg = data_node("grads", 0), da = data_node("activations", 1);
    op::EluGrad e("eluGrad1");
    e.set_input_grads(dg).set_input_activations(da);
    graph.SetInputs({dg, da}).SetOutputs({e});
    std::vector<Tensor> out;
    ck_assert_uint_eq(run_graph(graph, {f32_tensor({1031}, g), f32_tensor({1031}, a)}, out), SUCCESS);
    ck_assert_uint_eq(out.size(), 1);
    ck_assert_int_eq(out[0].GetTensorDesc().GetDataType(), DT_FLOAT);
    ck_assert_int_eq(out[0].GetTensorDesc().GetShape().GetShapeSize(), static_cast<int64_t>(n));
    const float *y = reinterpret_cast<const float *>(out[0].GetData());
    for (size_t i = 0; i < n; i++) {
        float m = g[i] * (a[i] + 1.0f);
        float want = a[i] < 0.0f ? m : g[i];
        ACPU_TEST_EXPECT(std::memcmp(&y[i], &want, sizeof want) == 0, "y[%zu] = %a, expected %a", i, y[i], want);
    }
}
END_TEST

START_TEST(elu_grad_matches_formula_bf16)
{
    ge_up();
    const size_t n = 257;
    std::vector<float> gf = values(n, -4, 4, 21), af = values(n, -3, 3, 22);
    std::vector<uint16_t> g(n), a(n);
    for (size_t i = 0; i < n; i++)
        g[i] = f32_to_bf16(gf[i]), a[i] = f32_to_bf16(af[i]);
    Graph graph("elu_grad_bf16");
    op::Data dg = data_node("g", 0), da = data_node("a", 1);
    op::EluGrad e("eluGrad1");
    e.set_input_grads(dg).set_input_activations(da);
    graph.SetInputs({dg, da}).SetOutputs({e});
    std::vector<Tensor> out;
    ck_assert_uint_eq(
        run_graph(graph, {host_tensor(DT_BF16, {257}, g.data(), n * 2), host_tensor(DT_BF16, {257}, a.data(), n * 2)},
                  out),
        SUCCESS);
    ck_assert_int_eq(out[0].GetTensorDesc().GetDataType(), DT_BF16);
    const uint16_t *y = reinterpret_cast<const uint16_t *>(out[0].GetData());
    for (size_t i = 0; i < n; i++) {
        float gv = bf16_to_f32(g[i]), av = bf16_to_f32(a[i]);
        uint16_t want = av < 0.0f ? f32_to_bf16(gv * (av + 1.0f)) : g[i];
        ACPU_TEST_EXPECT(y[i] == want, "y[%zu] = %#x, expected %#x", i, y[i], want);
    }
}
END_TEST

// ---- forward then backward, against aclnn -----------------------------------------------------

// Silu: Swish(x) (scale 1), then SiluGrad(dy = that output, x): aclnnSilu, then aclnnSiluBackward.
START_TEST(silu_forward_backward_matches_aclnn)
{
    ge_up();
    const std::vector<int64_t> dims = {3, 5, 7};
    const size_t n = 105;
    std::vector<float> x = values(n, -8, 8, 31);
    Graph graph("silu");
    op::Data dx = data_node("x", 0);
    op::Swish fwd("swish");
    fwd.set_input_x(dx);
    op::SiluGrad bwd("siluGrad");
    bwd.set_input_dy(fwd).set_input_x(dx);
    graph.SetInputs({dx}).SetOutputs({fwd, bwd});
    std::vector<Tensor> out;
    ck_assert_uint_eq(run_graph(graph, {f32_tensor(dims, x)}, out), SUCCESS);
    ck_assert_uint_eq(out.size(), 2);

    std::vector<float> y(n), dxv(n);
    aclTensor *tx = acl_tensor(ACL_FLOAT, dims, x.data()), *ty = acl_tensor(ACL_FLOAT, dims, y.data()),
              *tdx = acl_tensor(ACL_FLOAT, dims, dxv.data());
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    aclnnStatus rc = aclnnSiluGetWorkspaceSize(tx, ty, &ws, &exec);
    acl_run(rc, ws, exec, aclnnSilu);
    rc = aclnnSiluBackwardGetWorkspaceSize(ty, tx, tdx, &ws, &exec);
    acl_run(rc, ws, exec, aclnnSiluBackward);
    expect_same_bytes(out[0], y.data(), n * 4, "Swish");
    expect_same_bytes(out[1], dxv.data(), n * 4, "SiluGrad");
    aclDestroyTensor(tx), aclDestroyTensor(ty), aclDestroyTensor(tdx);
}
END_TEST

// Softplus with attributes: SoftplusV2(x, beta 2, threshold 5), then SoftplusV2Grad with the forward's
// output as the gradient and a Const input as the features, in bf16.
START_TEST(softplus_forward_backward_matches_aclnn_bf16)
{
    ge_up();
    const std::vector<int64_t> dims = {4, 33};
    const size_t n = 132;
    std::vector<float> xf = values(n, -6, 6, 41), cf = values(n, -6, 6, 42);
    std::vector<uint16_t> x(n), c(n);
    for (size_t i = 0; i < n; i++)
        x[i] = f32_to_bf16(xf[i]), c[i] = f32_to_bf16(cf[i]);
    Graph graph("softplus");
    op::Data dx = data_node("x", 0);
    op::Const features("features");
    features.set_attr_value(host_tensor(DT_BF16, dims, c.data(), n * 2));
    op::SoftplusV2 fwd("softplus");
    fwd.set_input_x(dx).set_attr_beta(2.0f).set_attr_threshold(5.0f);
    op::SoftplusV2Grad bwd("softplusGrad");
    bwd.set_input_input_gradients(fwd).set_input_input_features(features).set_attr_beta(2.0f).set_attr_threshold(5.0f);
    graph.SetInputs({dx}).SetOutputs({fwd, bwd});
    std::vector<Tensor> out;
    ck_assert_uint_eq(run_graph(graph, {host_tensor(DT_BF16, dims, x.data(), n * 2)}, out), SUCCESS);

    std::vector<uint16_t> y(n), dx2(n);
    aclTensor *tx = acl_tensor(ACL_BF16, dims, x.data()), *tc = acl_tensor(ACL_BF16, dims, c.data()),
              *ty = acl_tensor(ACL_BF16, dims, y.data()), *td = acl_tensor(ACL_BF16, dims, dx2.data());
    aclScalar *beta = acpu_test_scalar_f32(2.0f), *thr = acpu_test_scalar_f32(5.0f);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    aclnnStatus rc = aclnnSoftplusGetWorkspaceSize(tx, beta, thr, ty, &ws, &exec);
    acl_run(rc, ws, exec, aclnnSoftplus);
    rc = aclnnSoftplusBackwardGetWorkspaceSize(ty, tc, beta, thr, td, &ws, &exec);
    acl_run(rc, ws, exec, aclnnSoftplusBackward);
    expect_same_bytes(out[0], y.data(), n * 2, "SoftplusV2");
    expect_same_bytes(out[1], dx2.data(), n * 2, "SoftplusV2Grad");
    aclDestroyTensor(tx), aclDestroyTensor(tc), aclDestroyTensor(ty), aclDestroyTensor(td);
    aclDestroyScalar(beta), aclDestroyScalar(thr);
}
END_TEST

// ELU's result mode: Elu(x, alpha 0.5, scale 1.5, input_scale 2), then EluGradV2(dy, the forward's
// output, is_result) — aclnnElu then aclnnEluBackward(isResult true); the forward's output also
// feeds a second node (EluGrad) and is itself an output, read three times.
START_TEST(elu_forward_backward_matches_aclnn)
{
    ge_up();
    const std::vector<int64_t> dims = {2, 3, 17};
    const size_t n = 102;
    std::vector<float> x = values(n, -5, 5, 51), dy = values(n, -2, 2, 52);
    Graph graph("elu");
    op::Data dx = data_node("x", 0), ddy = data_node("dy", 1);
    op::Elu fwd("elu");
    fwd.set_input_x(dx).set_attr_alpha(0.5f).set_attr_scale(1.5f).set_attr_input_scale(2.0f);
    op::EluGradV2 bwd("eluGradV2");
    bwd.set_input_grads(ddy).set_input_activations(fwd);
    bwd.set_attr_alpha(0.5f).set_attr_scale(1.5f).set_attr_input_scale(2.0f).set_attr_is_result(true);
    op::EluGrad tf("eluGradTf");
    tf.set_input_grads(ddy).set_input_activations(fwd);
    graph.SetInputs({dx, ddy}).SetOutputs({fwd, bwd, tf});
    std::vector<Tensor> out;
    ck_assert_uint_eq(run_graph(graph, {f32_tensor(dims, x), f32_tensor(dims, dy)}, out), SUCCESS);
    ck_assert_uint_eq(out.size(), 3);

    std::vector<float> y(n), grad(n);
    aclTensor *tx = acl_tensor(ACL_FLOAT, dims, x.data()), *ty = acl_tensor(ACL_FLOAT, dims, y.data()),
              *tdy = acl_tensor(ACL_FLOAT, dims, dy.data()), *tg = acl_tensor(ACL_FLOAT, dims, grad.data());
    aclScalar *alpha = acpu_test_scalar_f32(0.5f), *scale = acpu_test_scalar_f32(1.5f),
              *iscale = acpu_test_scalar_f32(2.0f);
    uint64_t ws = 0;
    aclOpExecutor *exec = nullptr;
    aclnnStatus rc = aclnnEluGetWorkspaceSize(tx, alpha, scale, iscale, ty, &ws, &exec);
    acl_run(rc, ws, exec, aclnnElu);
    rc = aclnnEluBackwardGetWorkspaceSize(tdy, alpha, scale, iscale, true, ty, tg, &ws, &exec);
    acl_run(rc, ws, exec, aclnnEluBackward);
    expect_same_bytes(out[0], y.data(), n * 4, "Elu");
    expect_same_bytes(out[1], grad.data(), n * 4, "EluGradV2");
    const float *tfv = reinterpret_cast<const float *>(out[2].GetData());
    for (size_t i = 0; i < n; i++) {
        float want = y[i] < 0.0f ? dy[i] * (y[i] + 1.0f) : dy[i];
        ACPU_TEST_EXPECT(std::memcmp(&tfv[i], &want, 4) == 0, "EluGrad[%zu] = %a, expected %a", i, tfv[i], want);
    }
    aclDestroyTensor(tx), aclDestroyTensor(ty), aclDestroyTensor(tdy), aclDestroyTensor(tg);
    aclDestroyScalar(alpha), aclDestroyScalar(scale), aclDestroyScalar(iscale);
}
END_TEST

// ---- binding the inputs -------------------------------------------------------------------------------

// Distinct indices bind by index, whatever the SetInputs order; colliding ones by SetInputs order.
START_TEST(data_binding_by_index_then_by_order)
{
    ge_up();
    std::vector<float> g = {1, 2, 3, 4}, a = {-0.5f, -0.5f, 1, 1};
    std::vector<Tensor> out;
    {
        Graph graph("by_index");
        op::Data dg = data_node("g", 1), da = data_node("a", 0); // the activations are input 0
        op::EluGrad e("e");
        e.set_input_grads(dg).set_input_activations(da);
        graph.SetInputs({dg, da}).SetOutputs({e});
        ck_assert_uint_eq(run_graph(graph, {f32_tensor({4}, a), f32_tensor({4}, g)}, out), SUCCESS);
        const float *y = reinterpret_cast<const float *>(out[0].GetData());
        ck_assert(y[0] == 0.5f && y[1] == 1.0f && y[2] == 3.0f && y[3] == 4.0f);
        ck_assert(std::string(GEGetWarningMsgV2().GetString()).empty());
    }
    {
        Graph graph("by_order");
        op::Data dg = data_node("g", 0), da = data_node("a", 0); // ops-nn's examples: every index 0
        op::EluGrad e("e");
        e.set_input_grads(dg).set_input_activations(da);
        graph.SetInputs({dg, da}).SetOutputs({e});
        ck_assert_uint_eq(run_graph(graph, {f32_tensor({4}, g), f32_tensor({4}, a)}, out), SUCCESS);
        const float *y = reinterpret_cast<const float *>(out[0].GetData());
        ck_assert(y[0] == 0.5f && y[1] == 1.0f && y[2] == 3.0f && y[3] == 4.0f);
        std::string w = GEGetWarningMsgV2().GetString();
        ck_assert_msg(w.find("both have index 0") != std::string::npos && w.find("SetInputs") != std::string::npos,
                      "warning: %s", w.c_str());
    }
    {
        Graph graph("out_of_range");
        op::Data dg = data_node("g", 0), da = data_node("a", 5);
        op::EluGrad e("e");
        e.set_input_grads(dg).set_input_activations(da);
        graph.SetInputs({dg, da}).SetOutputs({e});
        expect_error(run_graph(graph, {f32_tensor({4}, g), f32_tensor({4}, a)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"index 5 of Data node 'a' is invalid"});
    }
    {
        // colliding indices and a Data node missing from SetInputs: its tensor is unknown
        Graph graph("unknown_input");
        op::Data dg = data_node("g", 0), da = data_node("a", 0);
        op::EluGrad e("e");
        e.set_input_grads(dg).set_input_activations(da);
        graph.SetInputs({dg}).SetOutputs({e});
        expect_error(run_graph(graph, {f32_tensor({4}, g), f32_tensor({4}, a)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"both have index 0", "'a' is not among"});
    }
}
END_TEST

// ---- shapes ------------------------------------------------------------------------------------------

// SiluGrad broadcasts its inputs to the output where aclnnSiluBackward does (host, Ascend950), and
// wants equal shapes where it does not (Ascend910B).
START_TEST(broadcast_follows_the_profile)
{
    ge_up();
    std::vector<float> dy = {1, 2, 3}, x = {-1, 0, 1, 2, 3, 4};
    Graph graph("bcast");
    op::Data ddy = data_node("dy", 0), dx = data_node("x", 1);
    op::SiluGrad s("s");
    s.set_input_dy(ddy).set_input_x(dx);
    graph.SetInputs({ddy, dx}).SetOutputs({s});
    std::vector<Tensor> out;
    ck_assert_int_eq(aclnnCpuSetPlatform("host", 0, 0), ACL_SUCCESS);
    ck_assert_uint_eq(run_graph(graph, {f32_tensor({1, 3}, dy), f32_tensor({2, 3}, x)}, out), SUCCESS);
    std::vector<int64_t> dims = out[0].GetTensorDesc().GetShape().GetDims();
    ck_assert(dims == std::vector<int64_t>({2, 3}));
    // the row of x = (2, 3, 4) takes dy = (1, 2, 3): the same as an unbroadcast call
    std::vector<float> dy2 = {1, 2, 3, 1, 2, 3};
    std::vector<Tensor> ref;
    ck_assert_uint_eq(run_graph(graph, {f32_tensor({2, 3}, dy2), f32_tensor({2, 3}, x)}, ref), SUCCESS);
    expect_same_bytes(out[0], ref[0].GetData(), 24, "broadcast SiluGrad");
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910B", 0, 0), ACL_SUCCESS);
    expect_error(run_graph(graph, {f32_tensor({1, 3}, dy), f32_tensor({2, 3}, x)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"node 's' (SiluGrad)", "x shape 2x3 must equal dy shape 1x3"});
    ck_assert_int_eq(aclnnCpuSetPlatform(nullptr, 0, 0), ACL_SUCCESS);
}
END_TEST

START_TEST(empty_and_scalar_tensors)
{
    ge_up();
    std::vector<Tensor> out;
    {
        Graph graph("empty");
        op::Data dg = data_node("g", 0), da = data_node("a", 1);
        op::EluGrad e("e");
        e.set_input_grads(dg).set_input_activations(da);
        graph.SetInputs({dg, da}).SetOutputs({e});
        ck_assert_uint_eq(run_graph(graph, {f32_tensor({0, 3}, {}), f32_tensor({0, 3}, {})}, out), SUCCESS);
        ck_assert_uint_eq(out[0].GetSize(), 0);
        ck_assert(out[0].GetTensorDesc().GetShape().GetDims() == std::vector<int64_t>({0, 3}));
    }
    {
        Graph graph("scalar");
        op::Data dg = data_node("g", 0), da = data_node("a", 1);
        op::EluGrad e("e");
        e.set_input_grads(dg).set_input_activations(da);
        graph.SetInputs({dg, da}).SetOutputs({e});
        ck_assert_uint_eq(run_graph(graph, {f32_tensor({}, {3.0f}), f32_tensor({}, {-0.25f})}, out), SUCCESS);
        ck_assert_uint_eq(out[0].GetSize(), 4);
        ck_assert(out[0].GetTensorDesc().GetShape().GetDims().empty());
        ck_assert(*reinterpret_cast<const float *>(out[0].GetData()) == 2.25f);
    }
}
END_TEST

// A 16-bit output read as floats (as ops-nn's examples print every output) reads zeros past its end.
START_TEST(outputs_are_padded_with_zeros)
{
    ge_up();
    std::vector<uint16_t> g(8, f32_to_bf16(2.0f)), a(8, f32_to_bf16(1.0f));
    Graph graph("pad");
    op::Data dg = data_node("g", 0), da = data_node("a", 1);
    op::EluGrad e("e");
    e.set_input_grads(dg).set_input_activations(da);
    graph.SetInputs({dg, da}).SetOutputs({e});
    std::vector<Tensor> out;
    ck_assert_uint_eq(
        run_graph(graph, {host_tensor(DT_BF16, {4, 2}, g.data(), 16), host_tensor(DT_BF16, {4, 2}, a.data(), 16)}, out),
        SUCCESS);
    ck_assert_uint_eq(out[0].GetSize(), 16);
    const float *as_f32 = reinterpret_cast<const float *>(out[0].GetData());
    for (int i = 0; i < 4; i++) // two bf16 2.0 per float: 0x40004000, 2 * (1 + 2^-9)
        ck_assert_float_eq(as_f32[i], 2.00390625f);
    for (int i = 4; i < 16; i++) // 8 bytes per element in all: zeros
        ck_assert_float_eq(as_f32[i], 0.0f);
}
END_TEST

// An input tensor with more bytes than its desc needs (ops-nn's ELU example feeds fp32 data to a
// bf16 desc) is used from its start, with a warning; one with fewer is refused.
START_TEST(input_sizes)
{
    ge_up();
    std::vector<float> twos(8, 2.0f);
    Graph graph("sizes");
    op::Data dg = data_node("g", 0), da = data_node("a", 1);
    op::EluGrad e("e");
    e.set_input_grads(dg).set_input_activations(da);
    graph.SetInputs({dg, da}).SetOutputs({e});
    std::vector<Tensor> out;
    Tensor big = host_tensor(DT_BF16, {4, 2}, twos.data(), 32);
    ck_assert_uint_eq(run_graph(graph, {big, big}, out), SUCCESS);
    const uint16_t *y = reinterpret_cast<const uint16_t *>(out[0].GetData());
    for (int i = 0; i < 8; i++) // the bf16 halves of fp32 2.0: 0 and 2
        ck_assert_uint_eq(y[i], i % 2 ? 0x4000u : 0u);
    std::string w = GEGetWarningMsgV2().GetString();
    ck_assert_msg(w.find("holds 32 bytes") != std::string::npos && w.find("the first 16 are used") != std::string::npos,
                  "%s", w.c_str());
    Tensor small = host_tensor(DT_FLOAT, {4, 2}, twos.data(), 16);
    out.clear();
    expect_error(run_graph(graph, {small, small}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"input tensor 0 (Data node 'g') holds 16 bytes", "needs 32"});
    ck_assert(out.empty());
}
END_TEST

// ---- attributes and the Operator handle ----------------------------------------------------------

START_TEST(attributes)
{
    ge_up();
    op::SoftplusV2Grad s("s");
    ck_assert_float_eq(s.get_attr_beta(), 1.0f); // the proto's default
    ck_assert_float_eq(s.get_attr_threshold(), 20.0f);
    s.set_attr_threshold(3.0f);
    Operator copy = s; // the same node
    float t = 0;
    ck_assert_uint_eq(copy.GetAttr("threshold", t), GRAPH_SUCCESS);
    ck_assert_float_eq(t, 3.0f);
    int64_t wrong = 0;
    ck_assert_uint_eq(copy.GetAttr("threshold", wrong), GRAPH_FAILED); // stored as a Float
    ck_assert(copy.GetOpType() == "SoftplusV2Grad");
    ck_assert(copy.GetName() == "s");
    std::string name = op::SoftplusV2Grad::name_attr_beta();
    ck_assert_str_eq(name.c_str(), "beta");

    // a Float attribute given a Bool is refused with the node named
    std::vector<float> v = {1, 2};
    Graph graph("attr_type");
    op::Data dg = data_node("g", 0), dx = data_node("x", 1);
    s.set_input_input_gradients(dg).set_input_input_features(dx);
    s.SetAttr("beta", true);
    graph.SetInputs({dg, dx}).SetOutputs({s});
    std::vector<Tensor> out;
    expect_error(run_graph(graph, {f32_tensor({2}, v), f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"node 's' (SoftplusV2Grad): attribute beta is Bool true, SoftplusV2Grad takes a Float"});
    // an Int is taken as a Float; an attribute the operator lacks is ignored with a warning
    s.SetAttr("beta", static_cast<int64_t>(2));
    s.SetAttr("not_an_attr", 7);
    ck_assert_uint_eq(run_graph(graph, {f32_tensor({2}, v), f32_tensor({2}, v)}, out), SUCCESS);
    std::string w = GEGetWarningMsgV2().GetString();
    ck_assert_msg(w.find("attribute not_an_attr is not one of SoftplusV2Grad's") != std::string::npos, "%s", w.c_str());
}
END_TEST

START_TEST(required_attribute_and_registry_defaults)
{
    ge_up();
    std::vector<float> v = {0.5f, 2.0f}, w = {3.0f, 4.0f};
    Graph graph("required");
    op::Data dr = data_node("r", 0), dg = data_node("g", 1);
    op::HardtanhGradRequired h("h");
    h.set_input_result(dr).set_input_grad(dg);
    graph.SetInputs({dr, dg}).SetOutputs({h});
    std::vector<Tensor> out;
    // not a registry operator, and its required attribute is not set: both are reported
    expect_error(run_graph(graph, {f32_tensor({2}, v), f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"op type 'HardtanhGradRequired' is not an operator of aclnn-cpu",
                  "node 'h' (HardtanhGradRequired): required attribute min_val (Float) was not set"});
    // an Operator of a registry type made without a proto: the registry's defaults (-1, 1). (New
    // Data nodes: a graph holds every node its nodes reach, h too through dr and dg.)
    op::Data dr2 = data_node("r", 0), dg2 = data_node("g", 1);
    Operator op2("h2", "HardtanhGrad");
    op2.SetInput("result", dr2).SetInput("grad", dg2);
    Graph g2("defaults");
    g2.SetInputs({dr2, dg2}).SetOutputs({op2});
    Status st = run_graph(g2, {f32_tensor({2}, v), f32_tensor({2}, w)}, out);
    ck_assert_msg(st == SUCCESS, "%s", error_text().c_str());
    const float *y = reinterpret_cast<const float *>(out[0].GetData());
    ck_assert(y[0] == 3.0f && y[1] == 0.0f); // result 0.5 inside (-1, 1): grad passes; 2 outside: 0
    op2.SetAttr("max_val", 0.25f);
    ck_assert_uint_eq(run_graph(g2, {f32_tensor({2}, v), f32_tensor({2}, w)}, out), SUCCESS);
    y = reinterpret_cast<const float *>(out[0].GetData());
    ck_assert(y[0] == 0.0f && y[1] == 0.0f); // result 0.5 above max_val 0.25: zero
}
END_TEST

// A graph's nodes are those its operators reach: an edge replaced by SetInput no longer counts;
// FindOpByName returns a handle on the same node.
START_TEST(graph_nodes_follow_the_edges)
{
    op::Data d1 = data_node("d1", 0), d2 = data_node("d2", 0);
    op::EluGrad e("e");
    e.set_input_grads(d1).set_input_activations(d1);
    e.set_input_grads(d2); // d1 still feeds activations
    Graph g1("g1");
    g1.SetInputs({d1});
    ck_assert_uint_eq(g1.GetAllOpCount(), 3);
    e.set_input_activations(d2); // now d1 feeds nothing
    ck_assert_uint_eq(g1.GetAllOpCount(), 1);
    std::vector<AscendString> names;
    ck_assert_uint_eq(g1.GetAllOpName(names), GRAPH_SUCCESS);
    ck_assert(names.size() == 1 && names[0] == "d1");
    Graph g2("g2");
    g2.SetInputs({d2});
    Operator found;
    ck_assert_uint_eq(g2.FindOpByName("e", found), GRAPH_SUCCESS);
    ck_assert(found.GetOpType() == "EluGrad");
    found.SetAttr("note", static_cast<int64_t>(5));
    int64_t note = 0;
    ck_assert_uint_eq(e.GetAttr("note", note), GRAPH_SUCCESS);
    ck_assert_int_eq(note, 5);
    ck_assert_uint_eq(g2.FindOpByName("nobody", found), GRAPH_FAILED);
    std::vector<Operator> datas;
    ck_assert_uint_eq(g2.FindOpByType("Data", datas), GRAPH_SUCCESS);
    ck_assert_uint_eq(datas.size(), 1);
}
END_TEST

// ---- bad graphs -----------------------------------------------------------------------------------

START_TEST(unknown_op_type)
{
    ge_up();
    std::vector<float> v = {1};
    Graph graph("unknown");
    op::Data d = data_node("d", 0);
    Operator bad("mystery", "NoSuchOp");
    bad.SetInput("x", d);
    graph.SetInputs({d}).SetOutputs({bad});
    std::vector<Tensor> out = {f32_tensor({1}, v)};
    expect_error(run_graph(graph, {f32_tensor({1}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"node 'mystery' (NoSuchOp)", "op type 'NoSuchOp' is not an operator of aclnn-cpu"});
    ck_assert_uint_eq(out.size(), 1); // untouched
    ck_assert(error_text().empty());  // read once, then cleared
}
END_TEST

START_TEST(input_not_connected_or_unknown)
{
    ge_up();
    std::vector<float> v = {1, 2};
    std::vector<Tensor> out;
    {
        Graph graph("missing");
        op::Data d = data_node("d", 0);
        op::EluGrad e("eluGrad1");
        e.set_input_grads(d);
        graph.SetInputs({d}).SetOutputs({e});
        expect_error(run_graph(graph, {f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"node 'eluGrad1' (EluGrad): input activations is not connected"});
    }
    {
        Graph graph("unknown_port");
        op::Data d = data_node("d", 0);
        op::EluGrad e("eluGrad1");
        e.set_input_grads(d).set_input_activations(d);
        e.SetInput("bias", d); // the proto has no such input
        graph.SetInputs({d}).SetOutputs({e});
        expect_error(run_graph(graph, {f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"input bias was set, but a EluGrad node has no input of that name"});
    }
    {
        Graph graph("unregistered_port");
        op::Data d = data_node("d", 0);
        Operator e("e", "EluGrad"); // no proto: names are checked against the registry at run
        e.SetInput("grads", d).SetInput("activation", d);
        graph.SetInputs({d}).SetOutputs({e});
        expect_error(run_graph(graph, {f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"input activations is not connected", "EluGrad has no input 'activation' (its inputs: grads, "
                                                            "activations)"});
    }
    {
        Graph graph("count");
        op::Data d = data_node("d", 0);
        op::EluGrad e("e");
        e.set_input_grads(d).set_input_activations(d);
        graph.SetInputs({d}).SetOutputs({e});
        expect_error(run_graph(graph, {f32_tensor({2}, v), f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                     {"has 1 Data nodes but got 2 input tensors"});
    }
}
END_TEST

START_TEST(wrong_dtype)
{
    ge_up();
    std::vector<Tensor> out;
    Graph graph("dtype");
    op::Data dg = data_node("g", 0), da = data_node("a", 1);
    op::EluGrad e("eluGrad1");
    e.set_input_grads(dg).set_input_activations(da);
    graph.SetInputs({dg, da}).SetOutputs({e});
    std::vector<int32_t> i32 = {1, 2};
    std::vector<double> f64 = {1, 2};
    std::vector<float> f32 = {1, 2};
    Tensor ti = host_tensor(DT_INT32, {2}, i32.data(), 8), td = host_tensor(DT_DOUBLE, {2}, f64.data(), 16);
    expect_error(run_graph(graph, {ti, ti}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"node 'eluGrad1' (EluGrad): EluGrad: grads dtype must be one of float32, float16, bfloat16, float64",
                  "got int32"});
    expect_error(run_graph(graph, {f32_tensor({2}, f32), td}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"activations dtype must equal grads dtype float32, got float64"});
    // double is in EluGrad's IR list, but no kernel computes it (nor on the device)
    expect_error(run_graph(graph, {td, td}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"grads dtype float64 is in the operator's IR list, but aclnn-cpu has no EluGrad kernel for it"});
    // no BF16 on the Ascend910 profile
    std::vector<uint16_t> b = {0x3f80, 0x4000};
    Tensor tb = host_tensor(DT_BF16, {2}, b.data(), 4);
    ck_assert_int_eq(aclnnCpuSetPlatform("Ascend910", 0, 0), ACL_SUCCESS);
    expect_error(run_graph(graph, {tb, tb}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"float32, float16, float64 on profile Ascend910, got bfloat16"});
    ck_assert_int_eq(aclnnCpuSetPlatform(nullptr, 0, 0), ACL_SUCCESS);
    ck_assert_uint_eq(run_graph(graph, {tb, tb}, out), SUCCESS);
}
END_TEST

START_TEST(shape_mismatch)
{
    ge_up();
    std::vector<float> v(8, 1.0f);
    Graph graph("shape");
    op::Data dg = data_node("g", 0), da = data_node("a", 1);
    op::EluGrad e("eluGrad1");
    e.set_input_grads(dg).set_input_activations(da);
    graph.SetInputs({dg, da}).SetOutputs({e});
    std::vector<Tensor> out;
    expect_error(run_graph(graph, {f32_tensor({4, 2}, v), f32_tensor({2, 4}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"activations shape 2x4 must equal grads shape 4x2"});
    // SiluGrad broadcasts on host, but not 4x2 with 2x4
    op::SiluGrad s("s");
    s.set_input_dy(dg).set_input_x(da);
    Graph g2("bcast");
    g2.SetInputs({dg, da}).SetOutputs({s});
    expect_error(run_graph(g2, {f32_tensor({4, 2}, v), f32_tensor({2, 4}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"dy shape 4x2 does not broadcast with x shape 2x4"});
    // more than 8 dims
    std::vector<int64_t> nine(9, 1);
    expect_error(run_graph(graph, {f32_tensor(nine, {1}), f32_tensor(nine, {1})}, out), ACL_ERROR_GE_SHAPE_INVALID,
                 {"has 9 dims, at most 8"});
}
END_TEST

START_TEST(cycle_is_refused)
{
    ge_up();
    std::vector<float> v = {1, 2};
    Graph graph("cycle");
    op::Data d = data_node("d", 0);
    op::EluGrad a("a"), b("b");
    a.set_input_grads(d).set_input_activations(b);
    b.set_input_grads(d).set_input_activations(a);
    graph.SetInputs({d}).SetOutputs({b});
    std::vector<Tensor> out;
    expect_error(run_graph(graph, {f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"has a cycle", "'a'", "'b'"});
    // a node reading itself
    op::EluGrad self("self");
    self.set_input_grads(d).set_input_activations(self);
    Graph g2("self_cycle");
    g2.SetInputs({d}).SetOutputs({self});
    expect_error(run_graph(g2, {f32_tensor({2}, v)}, out), ACL_ERROR_GE_PARAM_INVALID,
                 {"has a cycle: 'self' -> 'self'"});
    // a and b stay alive through each other: break the cycle so that they are freed (LeakSanitizer)
    a.set_input_activations(d);
    self.set_input_activations(d);
}
END_TEST

START_TEST(session_misuse)
{
    ck_assert_uint_eq(GEFinalize(), SUCCESS); // graph mode off, whatever ran before in this process
    std::map<AscendString, AscendString> none;
    std::vector<float> v = {1};
    Graph graph("g");
    op::Data d = data_node("d", 0);
    op::EluGrad e("e");
    e.set_input_grads(d).set_input_activations(d);
    graph.SetInputs({d}).SetOutputs({e});
    std::vector<Tensor> out;
    {
        Session early(none); // before GEInitialize
        ge_up();
        expect_error(early.AddGraph(1, graph), ACL_ERROR_GE_EXEC_NOT_INIT, {"created before GEInitialize"});
    }
    Session s(none);
    ck_assert_uint_eq(s.AddGraph(1, graph), SUCCESS);
    expect_error(s.AddGraph(1, graph), ACL_ERROR_GE_PARAM_INVALID, {"graph id 1 is taken"});
    expect_error(s.RunGraph(2, {f32_tensor({1}, v)}, out), ACL_ERROR_GE_PARAM_INVALID, {"no graph has id 2"});
    expect_error(s.AddGraph(3, Graph("empty")), ACL_ERROR_GE_PARAM_INVALID, {"graph 3 has no operator"});
    ck_assert_uint_eq(s.RunGraph(1, {f32_tensor({1}, v)}, out), SUCCESS);
    ck_assert_uint_eq(s.RemoveGraph(1), SUCCESS);
    expect_error(s.RemoveGraph(1), ACL_ERROR_GE_PARAM_INVALID, {"no graph has id 1"});
    ck_assert_uint_eq(GEFinalize(), SUCCESS);
    expect_error(s.AddGraph(1, graph), ACL_ERROR_GE_EXEC_NOT_INIT, {"GEFinalize has run"});
    std::map<AscendString, AscendString> dev1 = {{"ge.exec.deviceId", "1"}};
    expect_error(GEInitialize(dev1), ACL_ERROR_GE_PARAM_INVALID, {"ge.exec.deviceId is \"1\""});
}
END_TEST

// ---- the dump -------------------------------------------------------------------------------------

START_TEST(dump_graph)
{
    ge_up();
    char dir[] = "/tmp/acpu_geir_dumpXXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    Graph graph("dumped");
    op::Data d = data_node("placeholder", 0);
    TensorDesc desc(Shape({4, 2}), FORMAT_ND, DT_FLOAT);
    d.update_output_desc_y(desc);
    op::SoftplusV2Grad s("softplusV2Grad1");
    s.set_input_input_gradients(d).set_input_input_features(d).set_attr_beta(2.0f);
    graph.SetInputs({d}).SetOutputs({s});
    std::string file = std::string(dir) + "/dump";
    ck_assert_uint_eq(aclgrphDumpGraph(graph, file.c_str(), file.size() + 1), GRAPH_PARAM_INVALID);
    std::string missing = std::string(dir) + "/no/such/dir/dump";
    ck_assert_uint_eq(aclgrphDumpGraph(graph, missing.c_str(), missing.size()), GRAPH_PARAM_INVALID);
    ck_assert_msg(error_text().find("does not exist") != std::string::npos, "the message names the directory");
    ck_assert_uint_eq(aclgrphDumpGraph(graph, file.c_str(), file.size()), GRAPH_SUCCESS);
    std::string listing = std::string("ls ") + dir + "/ge_proto_*_dump.txt > " + dir + "/names";
    ck_assert_int_eq(std::system(listing.c_str()), 0);
    std::ifstream names(std::string(dir) + "/names");
    std::string path;
    ck_assert(static_cast<bool>(std::getline(names, path)));
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string t = text.str();
    for (const char *want :
         {"graph dumped\n", "inputs: placeholder\n", "outputs: softplusV2Grad1\n", "node placeholder (Data)\n",
          "  attr index = 0\n", "  output y: float32 4x2 ND", "node softplusV2Grad1 (SoftplusV2Grad)\n",
          "  input input_gradients <- placeholder:0  TensorType({DT_FLOAT, DT_FLOAT16, DT_BF16})\n",
          "  attr beta = 2\n", "  attr threshold = 20\n"})
        ck_assert_msg(t.find(want) != std::string::npos, "the dump lacks '%s':\n%s", want, t.c_str());
    ck_assert(t.find("node placeholder") < t.find("node softplusV2Grad1")); // topological order
    std::string clean = std::string("rm -rf ") + dir;
    ck_assert_int_eq(std::system(clean.c_str()), 0);
}
END_TEST

static Suite *graph_suite(void)
{
    Suite *s = suite_create("graph");
    TCase *tc = tcase_create("graph");
    tcase_add_test(tc, every_operator_is_a_node_type);
    tcase_add_test(tc, elu_grad_matches_formula_fp32);
    tcase_add_test(tc, elu_grad_matches_formula_bf16);
    tcase_add_test(tc, silu_forward_backward_matches_aclnn);
    tcase_add_test(tc, softplus_forward_backward_matches_aclnn_bf16);
    tcase_add_test(tc, elu_forward_backward_matches_aclnn);
    tcase_add_test(tc, data_binding_by_index_then_by_order);
    tcase_add_test(tc, broadcast_follows_the_profile);
    tcase_add_test(tc, empty_and_scalar_tensors);
    tcase_add_test(tc, outputs_are_padded_with_zeros);
    tcase_add_test(tc, input_sizes);
    tcase_add_test(tc, attributes);
    tcase_add_test(tc, required_attribute_and_registry_defaults);
    tcase_add_test(tc, graph_nodes_follow_the_edges);
    tcase_add_test(tc, unknown_op_type);
    tcase_add_test(tc, input_not_connected_or_unknown);
    tcase_add_test(tc, wrong_dtype);
    tcase_add_test(tc, shape_mismatch);
    tcase_add_test(tc, cycle_is_refused);
    tcase_add_test(tc, session_misuse);
    tcase_add_test(tc, dump_graph);
    tcase_add_test(tc, scalar_inputs_as_tensors);
    tcase_add_test(tc, scalar_inputs_refused);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return acpu_test_main(graph_suite()); }
