/* A graph-mode program of this project in the form of ops-nn's examples/test_geir_<op>.cpp, with
 * two operator nodes and the protos the install generates from the registry (swish_proto.h and
 * silu_grad_proto.h under opp/built-in/op_proto/inc): SiLU forward (Swish, scale 1) on a Data input,
 * then its backward (SiluGrad) with the gradient from a Const node and the forward's input. Both
 * nodes are outputs. Stdout: test_geir_silu_chain.expected; output files:
 * test_geir_silu_chain.bin.expected. */
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "graph.h"
#include "types.h"
#include "tensor.h"
#include "ge_error_codes.h"
#include "ge_api_types.h"
#include "ge_api.h"
#include "array_ops.h"
#include "ge_ir_build.h"

#include "swish_proto.h"
#include "silu_grad_proto.h"

#define FAILED -1
#define SUCCESS 0

using namespace ge;

static Tensor FloatTensor(const std::vector<int64_t> &shape, const std::vector<float> &values)
{
    TensorDesc desc(ge::Shape(shape), FORMAT_ND, DT_FLOAT);
    desc.SetPlacement(ge::kPlacementHost);
    desc.SetRealDimCnt(shape.size());
    return Tensor(desc, reinterpret_cast<const uint8_t *>(values.data()), values.size() * sizeof(float));
}

static void SaveBytes(const std::string &file, const uint8_t *bytes, size_t size)
{
    FILE *f = fopen(file.c_str(), "w");
    if (f != nullptr) {
        fwrite(bytes, 1, size, f);
        fclose(f);
    }
}

int main(int argc, char *argv[])
{
    (void)argc;
    (void)argv;
    std::map<AscendString, AscendString> globalOptions = {{"ge.exec.deviceId", "0"}};
    if (ge::GEInitialize(globalOptions) != SUCCESS) {
        printf("GEInitialize failed: %s\n", ge::GEGetErrorMsgV2().GetString());
        return FAILED;
    }
    std::vector<int64_t> shape = {2, 4};
    std::vector<float> x = {-3.0f, -2.0f, -1.0f, -0.5f, 0.0f, 0.5f, 1.0f, 2.0f};
    std::vector<float> dy(8, 1.0f);

    Graph graph("silu_chain_graph");
    auto input = op::Data("x").set_attr_index(0);
    TensorDesc xDesc(ge::Shape(shape), FORMAT_ND, DT_FLOAT);
    input.update_input_desc_x(xDesc);
    input.update_output_desc_y(xDesc);
    auto gradient = op::Const("dy");
    gradient.set_attr_value(FloatTensor(shape, dy));
    auto forward = op::Swish("silu");
    forward.set_input_x(input);
    auto backward = op::SiluGrad("siluGrad");
    backward.set_input_dy(gradient).set_input_x(input);
    std::vector<Operator> inputs{input};
    std::vector<Operator> outputs{forward, backward};
    graph.SetInputs(inputs).SetOutputs(outputs);

    std::map<AscendString, AscendString> options;
    Session *session = new Session(options);
    printf("AddGraph: %u\n", session->AddGraph(1, graph, options));
    std::string dumpPath = "./dump";
    printf("aclgrphDumpGraph: %u\n", aclgrphDumpGraph(graph, dumpPath.c_str(), dumpPath.length()));
    std::vector<Tensor> inputTensors = {FloatTensor(shape, x)}, outputTensors;
    Status ret = session->RunGraph(1, inputTensors, outputTensors);
    if (ret != SUCCESS) {
        printf("RunGraph failed: %u\n%s\n", ret, ge::GEGetErrorMsgV2().GetString());
        delete session;
        ge::GEFinalize();
        return FAILED;
    }
    const char *names[] = {"silu", "siluGrad"};
    for (size_t i = 0; i < outputTensors.size(); i++) {
        int64_t count = outputTensors[i].GetTensorDesc().GetShape().GetShapeSize();
        printf("output %zu (%s): dtype %d, %ld elements\n", i, names[i],
               static_cast<int>(outputTensors[i].GetTensorDesc().GetDataType()), count);
        SaveBytes("./silu_chain_output_" + std::to_string(i) + ".bin", outputTensors[i].GetData(),
                  outputTensors[i].GetSize());
        const float *result = reinterpret_cast<const float *>(outputTensors[i].GetData());
        for (int64_t j = 0; j < count; j++)
            printf("result[%ld] is: %f\n", j, result[j]);
    }
    printf("errors: \"%s\"\nwarnings: \"%s\"\n", ge::GEGetErrorMsgV2().GetString(),
           ge::GEGetWarningMsgV2().GetString());
    delete session;
    printf("GEFinalize: %u\n", ge::GEFinalize());
    return SUCCESS;
}
