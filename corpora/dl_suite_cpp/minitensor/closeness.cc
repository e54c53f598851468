#include "minitensor/closeness.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace minitensor {

bool ArraysClose(const Tensor& a, const Tensor& b, double rtol, double atol) {
  // Both on the host first; each element read in its stored type, then widened.
  const Tensor host_a = a.ToHost();
  const Tensor host_b = b.ToHost();
  return DispatchOnType(a.type(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const Indexed<const T> ia{host_a};
    const Indexed<const T> ib{host_b};
    for (size_t i = 0; i < host_a.size(); ++i) {
      const T x = detail::StoredToValue<T>(ia[i]);
      const T y = detail::StoredToValue<T>(ib[i]);
      if (std::abs(static_cast<double>(x) - static_cast<double>(y)) > atol + rtol * std::abs(static_cast<double>(y))) {
        return false;
      }
    }
    return true;
  });
}

namespace {

void CheckGradientsOnce(const std::function<Tensor(const Tensor&)>& f, const std::vector<Tensor>& inputs,
                        const std::vector<Tensor>& steps, double atol, double rtol) {
  const std::vector<Tensor> backward = BackwardOf(f, inputs);
  const std::vector<Tensor> numeric = FiniteDifferencesOf(f, inputs, steps);
  // Every input is compared before the check fails, so that the message names them all.
  std::vector<size_t> mismatched;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!ArraysClose(backward[i], numeric[i], rtol, atol)) {
      mismatched.push_back(i);
    }
  }
  if (!mismatched.empty()) {
    throw std::runtime_error("gradients of " + std::to_string(mismatched.size()) + " inputs differ");
  }
}

}  // namespace

void CheckGradients(const std::function<Tensor(const Tensor&)>& f, const std::vector<Tensor>& inputs, const std::vector<Tensor>& steps,
                    double atol, double rtol) {
  CheckGradientsOnce(f, inputs, steps, atol, rtol);
}

}  // namespace minitensor
