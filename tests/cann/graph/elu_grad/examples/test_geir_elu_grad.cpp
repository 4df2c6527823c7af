/* A graph-mode program of this project written the way ops-nn's ELU graph example is (its
 * examples/test_geir_<op>.cpp form, with the headers experiment_ops.h and nn_other.h and the
 * operator's own proto from ../op_graph), for the graph routes of tests/cann/run_route.sh. Besides
 * the habits of test_geir_softplus_backward.cpp it keeps the ELU example's dtype quirk: the Data
 * descs say BF16, but the tensors are filled with fp32 values (4 bytes per element, twice what the
 * desc needs), so each fp32 value reads as two bf16 elements, its low half (0) then its high half;
 * and the results, 16-bit, are printed as floats (two elements per float, then the zeros the runner
 * keeps past the end). Stdout: test_geir_elu_grad.expected; output file: test_geir_elu_grad.bin.expected. */
#include <cstdint>
#include <cstdio>
#include <cstring>
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

#include "experiment_ops.h"
#include "nn_other.h"
#include "../op_graph/elu_grad_proto.h"

#define FAILED -1
#define SUCCESS 0

using namespace ge;

/* A float tensor of `shape` holding first, first + step, ...: the buffer is handed to Tensor, which
 * copies it, and left allocated as ops-nn's examples leave theirs. */
static int32_t FillFloat32(const std::vector<int64_t> &shape, Tensor &tensor, TensorDesc &desc, float first, float step)
{
    desc.SetRealDimCnt(shape.size());
    size_t count = 1;
    for (int64_t d : shape)
        count *= d;
    float *values = new (std::nothrow) float[count];
    if (values == nullptr)
        return FAILED;
    for (size_t i = 0; i < count; i++)
        values[i] = first + step * i;
    tensor = Tensor(desc, reinterpret_cast<uint8_t *>(values), count * sizeof(float));
    return SUCCESS;
}

static void SaveBytes(const std::string &file, const uint8_t *bytes, size_t size)
{
    FILE *f = fopen(file.c_str(), "w");
    if (f != nullptr) {
        fwrite(bytes, 1, size, f);
        fclose(f);
    }
}

/* One Data node feeding input `port` of `node`, in ops-nn's ADD_INPUT manner. */
#define FEED_DATA(number, port, dtype, dims, first, step)                                   \
    std::vector<int64_t> shape##number = dims;                                              \
    auto data##number = op::Data("placeholder" + number).set_attr_index(0);                 \
    TensorDesc desc##number = TensorDesc(ge::Shape(shape##number), FORMAT_ND, dtype);       \
    desc##number.SetPlacement(ge::kPlacementHost);                                          \
    desc##number.SetFormat(FORMAT_ND);                                                      \
    Tensor tensor##number;                                                                  \
    if (FillFloat32(shape##number, tensor##number, desc##number, first, step) != SUCCESS) { \
        printf("input %d: out of memory\n", number);                                        \
        return FAILED;                                                                      \
    }                                                                                       \
    data##number.update_input_desc_x(desc##number);                                         \
    data##number.update_output_desc_y(desc##number);                                        \
    inputTensors.push_back(tensor##number);                                                 \
    graph.AddOp(data##number);                                                              \
    node.set_input_##port(data##number);                                                    \
    dataOps.push_back(data##number);

static int BuildGraph(Graph &graph, std::vector<Tensor> &inputTensors, std::vector<Operator> &dataOps,
                      std::vector<Operator> &outputOps)
{
    auto node = op::EluGrad("eluGrad1");
    std::vector<int64_t> dims = {4, 2};
    /* bf16 grads 0, 3, 0, 3, ... and activations 0, -0.5, 0, -0.5, ...: 3 * (1 - 0.5) where negative */
    FEED_DATA(1, grads, DT_BF16, dims, 3.0f, 0.0f);
    FEED_DATA(2, activations, DT_BF16, dims, -0.5f, 0.0f);
    outputOps.push_back(node);
    return SUCCESS;
}

int main(int argc, char *argv[])
{
    Graph graph("elu_grad_graph");
    std::map<AscendString, AscendString> globalOptions = {{"ge.exec.deviceId", "0"}, {"ge.graphRunMode", "1"}};
    if (ge::GEInitialize(globalOptions) != SUCCESS) {
        printf("GEInitialize failed: %s\n", ge::GEGetErrorMsgV2().GetString());
        return FAILED;
    }
    printf("GEInitialize done\n");

    /* build.sh passes no argument: this streams a NULL char *, which sets std::cout's badbit, and
     * nothing later reaches std::cout (printf still prints) */
    std::cout << argv[1] << std::endl;
    DataType dtype = DT_BF16;
    std::cout << dtype << std::endl;

    std::vector<Tensor> inputTensors;
    std::vector<Operator> dataOps, outputOps;
    if (BuildGraph(graph, inputTensors, dataOps, outputOps) != SUCCESS)
        return FAILED;
    graph.SetInputs(dataOps).SetOutputs(outputOps);

    std::map<AscendString, AscendString> buildOptions, graphOptions;
    Session *session = new Session(buildOptions);
    uint32_t graphId = 0;
    Status ret = session->AddGraph(graphId, graph, graphOptions);
    printf("AddGraph: %u\n", ret);
    std::string dumpPath = "./dump";
    printf("aclgrphDumpGraph: %u\n", aclgrphDumpGraph(graph, dumpPath.c_str(), dumpPath.length()));

    std::vector<Tensor> outputs;
    ret = session->RunGraph(graphId, inputTensors, outputs);
    if (ret != SUCCESS) {
        printf("RunGraph failed: %u\n%s\n", ret, ge::GEGetErrorMsgV2().GetString());
        delete session;
        ge::GEFinalize();
        return FAILED;
    }
    printf("RunGraph done: %zu output(s)\n", outputs.size());

    for (size_t i = 0; i < inputTensors.size(); i++) {
        std::cout << "input " << i << " dtype: " << inputTensors[i].GetTensorDesc().GetDataType() << std::endl;
        SaveBytes("./elu_grad_input_" + std::to_string(i) + ".bin", inputTensors[i].GetData(),
                  inputTensors[i].GetSize());
    }
    for (size_t i = 0; i < outputs.size(); i++) {
        TensorDesc desc = outputs[i].GetTensorDesc();
        int64_t count = desc.GetShape().GetShapeSize();
        std::cout << "output " << i << " dtype: " << desc.GetDataType() << std::endl;
        printf("output %zu: dtype %d, %ld elements\n", i, static_cast<int>(desc.GetDataType()), count);
        SaveBytes("./elu_grad_output_" + std::to_string(i) + ".bin", outputs[i].GetData(), count * sizeof(uint16_t));
        const float *result = reinterpret_cast<const float *>(outputs[i].GetData());
        for (int64_t j = 0; j < count; j++)
            printf("result[%ld] is: %f\n", j, result[j]);
    }

    ge::AscendString errors = ge::GEGetErrorMsgV2();
    std::cout << "Error message: " << errors.GetString() << std::endl;
    ge::AscendString warnings = ge::GEGetWarningMsgV2();
    std::cout << "Warning message: " << warnings.GetString() << std::endl;
    printf("errors: \"%s\"\nwarnings: \"%s\"\n", errors.GetString(), warnings.GetString());
    delete session;
    printf("GEFinalize: %u\n", ge::GEFinalize());
    return SUCCESS;
}
