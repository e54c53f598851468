// A quantized tensor of the library whose own method compares two tensors within a tolerance:
// the public method answers with a private one's verdict, which dispatches on the element
// kind to a loop counting the elements off by more than the tolerance. A macro defined inside
// a switch writes two of its cases: the scan reads such a directive apart from the class
// around it, as a definition of its own.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace minitensor {

class QTensor final {
 public:
  enum class Kind { Float, Int8, UInt8 };

  bool matches(const QTensor& other, float allowed = 1e-4f) const {
    if (onAccelerator()) {
      return false;
    }
    return matchesAs(other, allowed);
  }

  void clear() {
    switch (kind_) {
#define CLEAR_CASE(KIND, TYPE)                                \
  case Kind::KIND: {                                          \
    auto* p = reinterpret_cast<TYPE*>(bytes_.data());         \
    for (size_t i = 0; i < count_; ++i) p[i] = TYPE(offset_); \
    break;                                                    \
  }
      CLEAR_CASE(Int8, int8_t);
      CLEAR_CASE(UInt8, uint8_t);
#undef CLEAR_CASE
      default:
        break;
    }
  }

 private:
  bool matchesAs(const QTensor& other, float allowed) const {
    switch (kind_) {
      case Kind::Float:
        return allWithin<float>(other, allowed);
      default:
        return allWithin<int8_t>(other, allowed);
    }
  }

  template <typename T>
  bool allWithin(const QTensor& other, float allowed) const {
    size_t off = 0;
    for (size_t i = 0; i < count_; ++i) {
      double diff = at<T>(i) - other.at<T>(i);
      diff = std::abs(diff);
      if (!(diff <= allowed)) ++off;
    }
    return off == 0;
  }

  bool onAccelerator() const;
  template <typename T>
  T at(size_t i) const;

  Kind kind_ = Kind::Float;
  std::vector<uint8_t> bytes_;
  size_t count_ = 0;
  int offset_ = 0;
};

QTensor quantizedConv(const QTensor& input);
QTensor referenceConv(const QTensor& input);

}  // namespace minitensor
