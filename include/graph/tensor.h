/* aclnn-cpu's GE graph API: Shape, TensorDesc and Tensor (CANN's classes and methods). Shape and
 * TensorDesc are values (a copy is independent); Tensor is a handle whose copies share the data, as
 * CANN's. Tensor(desc, data, size) and SetData copy the bytes they are given. */
#ifndef ACLNN_CPU_GRAPH_TENSOR_H_
#define ACLNN_CPU_GRAPH_TENSOR_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ascend_string.h"
#include "error_codes.h"
#include "types.h"

#pragma GCC visibility push(default)
namespace ge {
class Shape {
  public:
    Shape();
    ~Shape() = default;
    explicit Shape(const std::vector<int64_t> &dims);

    /* Known dims: 0 for an unknown rank ({-2}). */
    size_t GetDimNum() const;
    /* 0 past the last dim. */
    int64_t GetDim(size_t idx) const;
    graphStatus SetDim(size_t idx, int64_t value);
    std::vector<int64_t> GetDims() const;
    /* The product of the dims: -1 with an unknown dim, 0 with a zero dim, for no dims (a scalar, as
     * CANN's) and on overflow. */
    int64_t GetShapeSize() const;

  private:
    std::vector<int64_t> dims_;
};

class TensorDesc {
  public:
    TensorDesc();
    ~TensorDesc();
    explicit TensorDesc(Shape shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT);
    TensorDesc(const TensorDesc &desc);
    TensorDesc(TensorDesc &&desc) noexcept;
    TensorDesc &operator=(const TensorDesc &desc);
    TensorDesc &operator=(TensorDesc &&desc) noexcept;

    void Update(const Shape &shape, Format format = FORMAT_ND, DataType dt = DT_FLOAT);
    Shape GetShape() const;
    void SetShape(const Shape &shape);
    graphStatus SetUnknownDimNumShape();
    graphStatus SetShapeRange(const std::vector<std::pair<int64_t, int64_t>> &range);
    graphStatus GetShapeRange(std::vector<std::pair<int64_t, int64_t>> &range) const;
    Format GetFormat() const;
    void SetFormat(Format format);
    Shape GetOriginShape() const;
    void SetOriginShape(const Shape &origin_shape);
    Format GetOriginFormat() const;
    void SetOriginFormat(Format origin_format);
    DataType GetDataType() const;
    void SetDataType(DataType dt);
    std::string GetName() const;
    graphStatus GetName(AscendString &name);
    graphStatus GetName(AscendString &name) const;
    void SetName(const std::string &name);
    void SetName(const char_t *name);
    void SetSize(int64_t size);
    int64_t GetSize() const;
    int64_t GetRealDimCnt() const;
    void SetRealDimCnt(const int64_t real_dim_cnt);
    void SetPlacement(Placement placement);
    Placement GetPlacement() const;

    struct Fields; /* the library's */

  private:
    std::unique_ptr<Fields> f_;
};

class TensorImpl;
class Tensor {
  public:
    using DeleteFunc = std::function<void(uint8_t *)>;
    Tensor();
    ~Tensor() = default;
    explicit Tensor(const TensorDesc &tensor_desc);
    Tensor(const TensorDesc &tensor_desc, const std::vector<uint8_t> &data);
    Tensor(const TensorDesc &tensor_desc, const uint8_t *data, size_t size);
    Tensor(TensorDesc &&tensor_desc, std::vector<uint8_t> &&data);

    TensorDesc GetTensorDesc() const;
    graphStatus SetTensorDesc(const TensorDesc &tensor_desc);
    /* The data (NULL when there is none); a tensor RunGraph returns keeps zeros past its end, up to
     * 8 bytes per element (doc/DECISIONS.md). */
    const uint8_t *GetData() const;
    uint8_t *GetData();
    size_t GetSize() const;
    graphStatus SetData(std::vector<uint8_t> &&data);
    graphStatus SetData(const std::vector<uint8_t> &data);
    graphStatus SetData(const uint8_t *data, size_t size);
    graphStatus SetData(const std::string &data);
    graphStatus SetData(const char_t *data);
    /* Takes `data` (size bytes) without copying; `deleter_func` frees it when the last copy of the
     * tensor goes. */
    graphStatus SetData(uint8_t *data, size_t size, const Tensor::DeleteFunc &deleter_func);
    /* GRAPH_SUCCESS when the data holds the desc's shape and dtype exactly (or the shape has an
     * unknown dim). */
    graphStatus IsValid();

    graphStatus SetShapeDimNum(const size_t dim_num);
    size_t GetShapeDimNum() const;
    graphStatus SetShapeDim(const size_t idx, const int64_t dim_value);
    int64_t GetShapeDim(const size_t idx) const;
    graphStatus SetOriginFormat(const Format &format);
    Format GetOriginFormat() const;
    graphStatus SetFormat(const Format &format);
    Format GetFormat() const;
    graphStatus SetDataType(const DataType &dtype);
    DataType GetDataType() const;
    graphStatus SetPlacement(const Placement &placement);
    Placement GetPlacement() const;
    /* A tensor with its own copy of the desc and the data. */
    Tensor Clone() const;

  private:
    std::shared_ptr<TensorImpl> impl_;
    friend class TensorImpl;
};
} // namespace ge
#pragma GCC visibility pop

#endif /* ACLNN_CPU_GRAPH_TENSOR_H_ */
