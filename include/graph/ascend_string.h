/* aclnn-cpu's GE graph API: AscendString, the API's string (CANN's class and methods). */
#ifndef ACLNN_CPU_GRAPH_ASCEND_STRING_H_
#define ACLNN_CPU_GRAPH_ASCEND_STRING_H_

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#pragma GCC visibility push(default)
namespace ge {
class AscendString {
  public:
    AscendString() = default;
    ~AscendString() = default;
    AscendString(const char *name);                /* NOLINT: implicit, as CANN's */
    AscendString(const char *name, size_t length); /* the first `length` bytes (NUL bytes included) */

    /* "" for a default-constructed string, never NULL. */
    const char *GetString() const;
    size_t GetLength() const;
    size_t Hash() const;

    bool operator<(const AscendString &d) const;
    bool operator>(const AscendString &d) const;
    bool operator<=(const AscendString &d) const;
    bool operator>=(const AscendString &d) const;
    bool operator==(const AscendString &d) const;
    bool operator!=(const AscendString &d) const;
    bool operator==(const char *d) const;
    bool operator!=(const char *d) const;

  private:
    std::shared_ptr<std::string> name_;
};
} // namespace ge
#pragma GCC visibility pop

namespace std {
template <> struct hash<ge::AscendString> {
    size_t operator()(const ge::AscendString &name) const { return name.Hash(); }
};
} // namespace std

#endif /* ACLNN_CPU_GRAPH_ASCEND_STRING_H_ */
