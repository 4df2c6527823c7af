// AscendString, Shape, TensorDesc, Tensor, the dtype helpers of graph/types.h, and the messages of
// GEGetErrorMsgV2 / GEGetWarningMsgV2.
#include <cstring>
#include <limits>
#include <sstream>

#include "geir/geir_impl.h"

namespace ge {

// ---- messages --------------------------------------------------------------------------------------

namespace {
thread_local std::string t_errors;
thread_local std::string t_warnings;

void append_line(std::string &to, const std::string &message)
{
    if (!to.empty())
        to += '\n';
    to += message;
}
} // namespace

void geir_error(const std::string &message) { append_line(t_errors, message); }
void geir_warning(const std::string &message) { append_line(t_warnings, message); }

std::string geir_take_errors()
{
    std::string m;
    m.swap(t_errors);
    return m;
}

std::string geir_take_warnings()
{
    std::string m;
    m.swap(t_warnings);
    return m;
}

AscendString GEGetErrorMsgV2() { return AscendString(geir_take_errors().c_str()); }
AscendString GEGetWarningMsgV2() { return AscendString(geir_take_warnings().c_str()); }
std::string GEGetErrorMsg() { return geir_take_errors(); }
std::string GEGetWarningMsg() { return geir_take_warnings(); }

// ---- AscendString ----------------------------------------------------------------------------------

AscendString::AscendString(const char *name)
{
    if (name != nullptr)
        name_ = std::make_shared<std::string>(name);
}

AscendString::AscendString(const char *name, size_t length)
{
    if (name != nullptr)
        name_ = std::make_shared<std::string>(name, length);
}

const char *AscendString::GetString() const { return name_ != nullptr ? name_->c_str() : ""; }
size_t AscendString::GetLength() const { return name_ != nullptr ? name_->size() : 0; }
size_t AscendString::Hash() const { return std::hash<std::string>()(name_ != nullptr ? *name_ : std::string()); }

namespace {
int compare(const AscendString &a, const AscendString &b)
{
    return std::string(a.GetString(), a.GetLength()).compare(std::string(b.GetString(), b.GetLength()));
}
} // namespace

bool AscendString::operator<(const AscendString &d) const { return compare(*this, d) < 0; }
bool AscendString::operator>(const AscendString &d) const { return compare(*this, d) > 0; }
bool AscendString::operator<=(const AscendString &d) const { return compare(*this, d) <= 0; }
bool AscendString::operator>=(const AscendString &d) const { return compare(*this, d) >= 0; }
bool AscendString::operator==(const AscendString &d) const { return compare(*this, d) == 0; }
bool AscendString::operator!=(const AscendString &d) const { return compare(*this, d) != 0; }
bool AscendString::operator==(const char *d) const { return *this == AscendString(d); }
bool AscendString::operator!=(const char *d) const { return *this != AscendString(d); }

// ---- dtypes and formats ----------------------------------------------------------------------

namespace {
struct DtypeRow {
    DataType dt;
    const char *name;
    int bytes; // -1: no whole byte size
    int bits;  // sub-byte types: bits per element (0 otherwise)
};

const DtypeRow k_dtypes[] = {
    {DT_FLOAT, "float32", 4, 0},
    {DT_FLOAT16, "float16", 2, 0},
    {DT_INT8, "int8", 1, 0},
    {DT_INT32, "int32", 4, 0},
    {DT_UINT8, "uint8", 1, 0},
    {DT_INT16, "int16", 2, 0},
    {DT_UINT16, "uint16", 2, 0},
    {DT_UINT32, "uint32", 4, 0},
    {DT_INT64, "int64", 8, 0},
    {DT_UINT64, "uint64", 8, 0},
    {DT_DOUBLE, "double", 8, 0},
    {DT_BOOL, "bool", 1, 0},
    {DT_STRING, "string", -1, 0},
    {DT_DUAL_SUB_INT8, "dual_sub_int8", 1, 0},
    {DT_DUAL_SUB_UINT8, "dual_sub_uint8", 1, 0},
    {DT_COMPLEX64, "complex64", 8, 0},
    {DT_COMPLEX128, "complex128", 16, 0},
    {DT_QINT8, "qint8", 1, 0},
    {DT_QINT16, "qint16", 2, 0},
    {DT_QINT32, "qint32", 4, 0},
    {DT_QUINT8, "quint8", 1, 0},
    {DT_QUINT16, "quint16", 2, 0},
    {DT_RESOURCE, "resource", 8, 0},
    {DT_STRING_REF, "string_ref", -1, 0},
    {DT_DUAL, "dual", 5, 0},
    {DT_VARIANT, "variant", 8, 0},
    {DT_BF16, "bfloat16", 2, 0},
    {DT_UNDEFINED, "undefined", -1, 0},
    {DT_INT4, "int4", -1, 4},
    {DT_UINT1, "uint1", -1, 1},
    {DT_INT2, "int2", -1, 2},
    {DT_UINT2, "uint2", -1, 2},
    {DT_COMPLEX32, "complex32", 4, 0},
    {DT_HIFLOAT8, "hifloat8", 1, 0},
    {DT_FLOAT8_E5M2, "float8_e5m2", 1, 0},
    {DT_FLOAT8_E4M3FN, "float8_e4m3fn", 1, 0},
    {DT_FLOAT8_E8M0, "float8_e8m0", 1, 0},
    {DT_FLOAT6_E3M2, "float6_e3m2", -1, 6},
    {DT_FLOAT6_E2M3, "float6_e2m3", -1, 6},
    {DT_FLOAT4_E2M1, "float4_e2m1", -1, 4},
    {DT_FLOAT4_E1M2, "float4_e1m2", -1, 4},
    {DT_HIFLOAT4, "hifloat4", -1, 4},
};

const DtypeRow *dtype_row(DataType dt)
{
    for (const DtypeRow &r : k_dtypes)
        if (r.dt == dt)
            return &r;
    return nullptr;
}

const char *const k_format_names[] = {"NCHW",
                                      "NHWC",
                                      "ND",
                                      "NC1HWC0",
                                      "FRACTAL_Z",
                                      "NC1C0HWPAD",
                                      "NHWC1C0",
                                      "FSR_NCHW",
                                      "FRACTAL_DECONV",
                                      "C1HWNC0",
                                      "FRACTAL_DECONV_TRANSPOSE",
                                      "FRACTAL_DECONV_SP_STRIDE_TRANS",
                                      "NC1HWC0_C04",
                                      "FRACTAL_Z_C04",
                                      "CHWN",
                                      "FRACTAL_DECONV_SP_STRIDE8_TRANS",
                                      "HWCN",
                                      "NC1KHKWHWC0",
                                      "BN_WEIGHT",
                                      "FILTER_HWCK",
                                      "HASHTABLE_LOOKUP_LOOKUPS",
                                      "HASHTABLE_LOOKUP_KEYS",
                                      "HASHTABLE_LOOKUP_VALUE",
                                      "HASHTABLE_LOOKUP_OUTPUT",
                                      "HASHTABLE_LOOKUP_HITS",
                                      "C1HWNCoC0",
                                      "MD",
                                      "NDHWC",
                                      "FRACTAL_ZZ",
                                      "FRACTAL_NZ",
                                      "NCDHW",
                                      "DHWCN",
                                      "NDC1HWC0",
                                      "FRACTAL_Z_3D",
                                      "CN",
                                      "NC",
                                      "DHWNC",
                                      "FRACTAL_Z_3D_TRANSPOSE",
                                      "FRACTAL_ZN_LSTM",
                                      "FRACTAL_Z_G",
                                      "RESERVED",
                                      "ALL",
                                      "NULL",
                                      "ND_RNN_BIAS",
                                      "FRACTAL_ZN_RNN",
                                      "NYUV",
                                      "NYUV_A",
                                      "NCL",
                                      "FRACTAL_Z_WINO",
                                      "C1HWC0",
                                      "FRACTAL_NZ_C0_16",
                                      "FRACTAL_NZ_C0_32",
                                      "FRACTAL_NZ_C0_2",
                                      "FRACTAL_NZ_C0_4",
                                      "FRACTAL_NZ_C0_8"};
} // namespace

int GetSizeByDataType(DataType data_type)
{
    const DtypeRow *r = dtype_row(data_type);
    return r != nullptr ? r->bytes : -1;
}

int64_t GetSizeInBytes(int64_t element_count, DataType data_type)
{
    const DtypeRow *r = dtype_row(data_type);
    if (r == nullptr || element_count < 0 || (r->bytes < 0 && r->bits == 0))
        return -1;
    if (r->bytes > 0)
        return element_count > std::numeric_limits<int64_t>::max() / r->bytes ? -1 : element_count * r->bytes;
    return element_count > std::numeric_limits<int64_t>::max() / r->bits ? -1 : (element_count * r->bits + 7) / 8;
}

const char_t *GetFormatName(Format format)
{
    size_t i = static_cast<size_t>(format);
    return i < sizeof k_format_names / sizeof k_format_names[0] ? k_format_names[i] : "RESERVED";
}

std::string geir_dtype_name(DataType dt)
{
    const DtypeRow *r = dtype_row(dt);
    return r != nullptr ? r->name : "dtype(" + std::to_string(static_cast<int>(dt)) + ")";
}

std::string geir_dims_text(const std::vector<int64_t> &dims)
{
    if (dims.empty())
        return "scalar";
    std::string s;
    for (size_t i = 0; i < dims.size(); i++)
        s += (i ? "x" : "") + std::to_string(dims[i]);
    return s;
}

// ---- Shape -----------------------------------------------------------------------------------------

Shape::Shape() = default;
Shape::Shape(const std::vector<int64_t> &dims) : dims_(dims) {}

size_t Shape::GetDimNum() const
{
    if (dims_.size() == 1 && dims_[0] == UNKNOWN_DIM_NUM)
        return 0;
    return dims_.size();
}

int64_t Shape::GetDim(size_t idx) const { return idx < dims_.size() ? dims_[idx] : 0; }

graphStatus Shape::SetDim(size_t idx, int64_t value)
{
    if (idx >= dims_.size())
        return GRAPH_FAILED;
    dims_[idx] = value;
    return GRAPH_SUCCESS;
}

std::vector<int64_t> Shape::GetDims() const { return dims_; }

int64_t Shape::GetShapeSize() const
{
    if (dims_.empty())
        return 0;
    int64_t n = 1;
    for (int64_t d : dims_) {
        if (d < 0)
            return -1;
        if (d == 0)
            return 0;
    }
    for (int64_t d : dims_) {
        if (n > std::numeric_limits<int64_t>::max() / d)
            return 0;
        n *= d;
    }
    return n;
}

// ---- TensorDesc ------------------------------------------------------------------------------------

TensorDesc::TensorDesc() : f_(new Fields()) {}
TensorDesc::~TensorDesc() = default;

TensorDesc::TensorDesc(Shape shape, Format format, DataType dt) : f_(new Fields())
{
    f_->dims = shape.GetDims();
    f_->format = format;
    f_->dtype = dt;
    f_->real_dim_cnt = static_cast<int64_t>(f_->dims.size());
}

TensorDesc::TensorDesc(const TensorDesc &desc) : f_(new Fields(*desc.f_)) {}
TensorDesc::TensorDesc(TensorDesc &&desc) noexcept : f_(std::move(desc.f_)) { desc.f_.reset(new Fields()); }

TensorDesc &TensorDesc::operator=(const TensorDesc &desc)
{
    if (this != &desc)
        *f_ = *desc.f_;
    return *this;
}

TensorDesc &TensorDesc::operator=(TensorDesc &&desc) noexcept
{
    if (this != &desc)
        f_.swap(desc.f_);
    return *this;
}

void TensorDesc::Update(const Shape &shape, Format format, DataType dt)
{
    f_->dims = shape.GetDims();
    f_->format = format;
    f_->dtype = dt;
}

Shape TensorDesc::GetShape() const { return Shape(f_->dims); }
void TensorDesc::SetShape(const Shape &shape) { f_->dims = shape.GetDims(); }

graphStatus TensorDesc::SetUnknownDimNumShape()
{
    f_->dims = UNKNOWN_RANK;
    return GRAPH_SUCCESS;
}

graphStatus TensorDesc::SetShapeRange(const std::vector<std::pair<int64_t, int64_t>> &range)
{
    f_->shape_range = range;
    return GRAPH_SUCCESS;
}

graphStatus TensorDesc::GetShapeRange(std::vector<std::pair<int64_t, int64_t>> &range) const
{
    range = f_->shape_range;
    return GRAPH_SUCCESS;
}

Format TensorDesc::GetFormat() const { return f_->format; }
void TensorDesc::SetFormat(Format format) { f_->format = format; }
Shape TensorDesc::GetOriginShape() const { return Shape(f_->origin_shape_set ? f_->origin_dims : f_->dims); }

void TensorDesc::SetOriginShape(const Shape &origin_shape)
{
    f_->origin_dims = origin_shape.GetDims();
    f_->origin_shape_set = true;
}

Format TensorDesc::GetOriginFormat() const { return f_->origin_format_set ? f_->origin_format : f_->format; }

void TensorDesc::SetOriginFormat(Format origin_format)
{
    f_->origin_format = origin_format;
    f_->origin_format_set = true;
}

DataType TensorDesc::GetDataType() const { return f_->dtype; }
void TensorDesc::SetDataType(DataType dt) { f_->dtype = dt; }
std::string TensorDesc::GetName() const { return f_->name; }

graphStatus TensorDesc::GetName(AscendString &name)
{
    name = AscendString(f_->name.c_str());
    return GRAPH_SUCCESS;
}

graphStatus TensorDesc::GetName(AscendString &name) const
{
    name = AscendString(f_->name.c_str());
    return GRAPH_SUCCESS;
}

void TensorDesc::SetName(const std::string &name) { f_->name = name; }
void TensorDesc::SetName(const char_t *name) { f_->name = name != nullptr ? name : ""; }
void TensorDesc::SetSize(int64_t size) { f_->size = size; }
int64_t TensorDesc::GetSize() const { return f_->size; }
int64_t TensorDesc::GetRealDimCnt() const { return f_->real_dim_cnt; }
void TensorDesc::SetRealDimCnt(const int64_t real_dim_cnt) { f_->real_dim_cnt = real_dim_cnt; }
void TensorDesc::SetPlacement(Placement placement) { f_->placement = placement; }
Placement TensorDesc::GetPlacement() const { return f_->placement; }

// ---- Tensor ---------------------------------------------------------------------------------------

void TensorImpl::Assign(const uint8_t *bytes, size_t n, size_t capacity)
{
    if (capacity < n)
        capacity = n;
    if (capacity == 0) {
        data.reset();
        size = 0;
        return;
    }
    uint8_t *p = new uint8_t[capacity];
    if (n > 0 && bytes != nullptr)
        std::memcpy(p, bytes, n);
    std::memset(p + n, 0, capacity - n);
    data.reset(p, std::default_delete<uint8_t[]>());
    size = n;
}

Tensor::Tensor() : impl_(std::make_shared<TensorImpl>()) {}

Tensor::Tensor(const TensorDesc &tensor_desc) : impl_(std::make_shared<TensorImpl>()) { impl_->desc = tensor_desc; }

Tensor::Tensor(const TensorDesc &tensor_desc, const std::vector<uint8_t> &data) : impl_(std::make_shared<TensorImpl>())
{
    impl_->desc = tensor_desc;
    impl_->Assign(data.data(), data.size(), data.size());
}

Tensor::Tensor(const TensorDesc &tensor_desc, const uint8_t *data, size_t size) : impl_(std::make_shared<TensorImpl>())
{
    impl_->desc = tensor_desc;
    impl_->Assign(data, data != nullptr ? size : 0, data != nullptr ? size : 0);
}

Tensor::Tensor(TensorDesc &&tensor_desc, std::vector<uint8_t> &&data) : impl_(std::make_shared<TensorImpl>())
{
    impl_->desc = std::move(tensor_desc);
    impl_->Assign(data.data(), data.size(), data.size());
}

TensorDesc Tensor::GetTensorDesc() const { return impl_->desc; }

graphStatus Tensor::SetTensorDesc(const TensorDesc &tensor_desc)
{
    impl_->desc = tensor_desc;
    return GRAPH_SUCCESS;
}

const uint8_t *Tensor::GetData() const { return impl_->data.get(); }
uint8_t *Tensor::GetData() { return impl_->data.get(); }
size_t Tensor::GetSize() const { return impl_->size; }

graphStatus Tensor::SetData(std::vector<uint8_t> &&data)
{
    impl_->Assign(data.data(), data.size(), data.size());
    return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const std::vector<uint8_t> &data)
{
    impl_->Assign(data.data(), data.size(), data.size());
    return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const uint8_t *data, size_t size)
{
    if (data == nullptr && size > 0)
        return GRAPH_PARAM_INVALID;
    impl_->Assign(data, size, size);
    return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const std::string &data)
{
    impl_->Assign(reinterpret_cast<const uint8_t *>(data.c_str()), data.size() + 1, data.size() + 1);
    return GRAPH_SUCCESS;
}

graphStatus Tensor::SetData(const char_t *data)
{
    if (data == nullptr)
        return GRAPH_PARAM_INVALID;
    return SetData(std::string(data));
}

graphStatus Tensor::SetData(uint8_t *data, size_t size, const Tensor::DeleteFunc &deleter_func)
{
    if (data == nullptr && size > 0)
        return GRAPH_PARAM_INVALID;
    DeleteFunc deleter = deleter_func;
    impl_->data = std::shared_ptr<uint8_t>(data, [deleter](uint8_t *p) {
        if (deleter)
            deleter(p);
    });
    impl_->size = size;
    return GRAPH_SUCCESS;
}

graphStatus Tensor::IsValid()
{
    int64_t n = impl_->desc.GetShape().GetShapeSize();
    if (n < 0)
        return GRAPH_SUCCESS;
    if (impl_->desc.GetShape().GetDims().empty())
        n = 1;
    int64_t bytes = GetSizeInBytes(n, impl_->desc.GetDataType());
    return bytes >= 0 && static_cast<uint64_t>(bytes) == impl_->size ? GRAPH_SUCCESS : GRAPH_FAILED;
}

graphStatus Tensor::SetShapeDimNum(const size_t dim_num)
{
    std::vector<int64_t> dims = impl_->desc.GetShape().GetDims();
    dims.resize(dim_num, 0);
    impl_->desc.SetShape(Shape(dims));
    return GRAPH_SUCCESS;
}

size_t Tensor::GetShapeDimNum() const { return impl_->desc.GetShape().GetDims().size(); }

graphStatus Tensor::SetShapeDim(const size_t idx, const int64_t dim_value)
{
    Shape s = impl_->desc.GetShape();
    if (s.SetDim(idx, dim_value) != GRAPH_SUCCESS)
        return GRAPH_PARAM_INVALID;
    impl_->desc.SetShape(s);
    return GRAPH_SUCCESS;
}

int64_t Tensor::GetShapeDim(const size_t idx) const { return impl_->desc.GetShape().GetDim(idx); }

graphStatus Tensor::SetOriginFormat(const Format &format)
{
    impl_->desc.SetOriginFormat(format);
    return GRAPH_SUCCESS;
}

Format Tensor::GetOriginFormat() const { return impl_->desc.GetOriginFormat(); }

graphStatus Tensor::SetFormat(const Format &format)
{
    impl_->desc.SetFormat(format);
    return GRAPH_SUCCESS;
}

Format Tensor::GetFormat() const { return impl_->desc.GetFormat(); }

graphStatus Tensor::SetDataType(const DataType &dtype)
{
    impl_->desc.SetDataType(dtype);
    return GRAPH_SUCCESS;
}

DataType Tensor::GetDataType() const { return impl_->desc.GetDataType(); }

graphStatus Tensor::SetPlacement(const Placement &placement)
{
    impl_->desc.SetPlacement(placement);
    return GRAPH_SUCCESS;
}

Placement Tensor::GetPlacement() const { return impl_->desc.GetPlacement(); }

Tensor Tensor::Clone() const
{
    Tensor t(impl_->desc);
    t.impl_->Assign(impl_->data.get(), impl_->size, impl_->size);
    return t;
}

} // namespace ge
