// The library's own assertions: a report object that collects a message streamed after the
// check and throws when it is issued. The message is evaluated only when the check fails.
#pragma once
#include <sstream>
#include <stdexcept>

namespace minitensor {
namespace detail {

template <typename Kind>
struct ErrorReport {
  std::ostringstream message;
  ErrorReport& start(const char* file, int line, const char* condition) {
    message << file << ":" << line << ": " << condition << " ";
    return *this;
  }
  template <typename T>
  ErrorReport& operator<<(const T& part) {
    message << part;
    return *this;
  }
  [[noreturn]] void issue() { throw Kind(message.str()); }
};

struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

#define minitensor_check_impl(condition, kind)                                  \
  if (!(condition))                                                             \
    for (minitensor::detail::ErrorReport<kind> report_; 1; report_.issue())     \
    /* the loop never ends normally: issue() throws */ report_.start(__FILE__, __LINE__, #condition)

#define minitensor_assert(c) minitensor_check_impl(c, minitensor::detail::UserError)

}  // namespace detail
}  // namespace minitensor
