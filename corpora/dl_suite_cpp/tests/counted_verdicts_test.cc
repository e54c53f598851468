// Verdicts a helper works out itself: the elements a closeness predicate rejects counted and
// weighed against an allowance, a check macro that throws through a function named for it, and
// NumPy's `isclose` bound written out.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "minitensor/layers.h"

namespace {

[[noreturn]] void throwCheckFailure(const char* file, int line) {
  throw std::runtime_error(std::string("check failed at ") + file + ":" + std::to_string(line));
}

void checkOrThrow(bool holds, const char* file, int line) {
  if (!holds) {
    throwCheckFailure(file, line);
  }
}

#define MT_CHECK(val) checkOrThrow(val, __FILE__, __LINE__)  // expect: assert api=checkOrThrow

bool nearlyEqual(float a, float b, float atol = 1e-5f, float rtol = 1e-8f) {
  if (std::isnan(a) && std::isnan(b)) return true;
  return std::fabs(a - b) <= atol + rtol * std::fabs(b);
}

// One element in a hundred may miss: the verdict is the count of misses against that allowance.
bool mostlyClose(const std::vector<float>& out, const std::vector<float>& ref, float atol, float rtol) {
  std::size_t misses = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    bool ok = nearlyEqual(out[i], ref[i], atol, rtol);
    misses += ok ? 0 : 1;
  }
  const std::size_t allowed = static_cast<std::size_t>(0.01 * out.size());
  return misses <= allowed;
}

// Aborts on the first element outside NumPy's `isclose` band around the reference.
void expectAllClose(const std::vector<float>& out, const std::vector<float>& ref) {
  const float r_tol = 1e-5f;
  const float a_tol = 1e-7f;
  for (std::size_t i = 0; i < out.size(); ++i) {
    MT_CHECK(std::fabs(out[i] - ref[i]) <= a_tol + r_tol * std::fabs(ref[i]));  // expect: oa api=MT_CHECK cat=error_bound thr=customized tol=atol:constant:1e-07,rtol:constant:1e-05
  }
}

// A host copy that hands out its elements through a pointer accessor.
struct HostCopy {
  std::vector<float> values;
  const float* getPtr() const { return values.data(); }
};

HostCopy copyToHost(const std::vector<float>& v) { return HostCopy{v}; }

// The same band, on elements read through the copies' accessor: the sides are still the
// helper's parameters, so the bound still splits into its absolute and relative parts.
void expectAllCloseOnHost(const std::vector<float>& out, const std::vector<float>& ref) {
  const HostCopy outHost = copyToHost(out);
  const HostCopy refHost = copyToHost(ref);
  const float r_tol = 1e-5f;
  const float a_tol = 1e-7f;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const float got = outHost.getPtr()[i];
    const float want = refHost.getPtr()[i];
    MT_CHECK(std::fabs(got - want) <= (a_tol + r_tol * std::fabs(want)));  // expect: oa api=MT_CHECK cat=error_bound thr=customized tol=atol:constant:1e-07,rtol:constant:1e-05
  }
}

// The verdict of one of two calls, chosen by the element size: either is a check site.
template <typename T>
bool closeAtItsPrecision(const std::vector<float>& out, const std::vector<float>& ref) {
  bool ok = false;
  if (sizeof(T) == 4) {
    ok = mostlyClose(out, ref, 1e-6f, 1e-4f);
  } else {
    ok = mostlyClose(out, ref, 1e-3f, 1e-1f);
  }
  return ok;
}

// Tolerances a helper picks by the element size in one expression each: chosen at each call.
template <typename T>
bool closeForItsType(const std::vector<float>& out, const std::vector<float>& ref) {
  const float atol = sizeof(T) == 4 ? 1e-6f : 1e-3f;
  const float rtol = sizeof(T) == 4 ? 1e-4f : 1e-1f;
  return mostlyClose(out, ref, atol, rtol);
}

std::vector<float> softplusByHand(const std::vector<float>& x) {
  std::vector<float> y;
  for (float v : x) y.push_back(std::log1p(std::exp(v)));
  return y;
}

}  // namespace

TEST(CountedVerdicts, KeptThenAsserted) {
  const std::vector<float> x = minitensor::linspace(-3.0f, 3.0f, 200);
  const std::vector<float> got = minitensor::softplus(x);
  const bool passed = mostlyClose(got, softplusByHand(x), 1e-5f, 1e-4f);
  EXPECT_TRUE(passed);  // expect: oa api=mostlyClose cat=abs_rel thr=customized tol=atol:literal:1e-05,rtol:literal:0.0001
}

TEST(CountedVerdicts, AssertedAtTheCall) {
  const std::vector<float> x = minitensor::linspace(-3.0f, 3.0f, 200);
  EXPECT_TRUE(mostlyClose(minitensor::softplus(x), softplusByHand(x), 1e-6f, 1e-3f));  // expect: oa api=mostlyClose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:0.001
}

TEST(CountedVerdicts, ThrownByTheSuitesMacro) {
  const std::vector<float> x = minitensor::linspace(-1.0f, 1.0f, 11);
  expectAllClose(minitensor::softplus(x), softplusByHand(x));  // expect: oa api=expectAllClose cat=abs_rel thr=default tol=atol:default:1e-07,rtol:default:1e-05
}

TEST(CountedVerdicts, ReadThroughAnAccessor) {
  const std::vector<float> x = minitensor::linspace(-1.0f, 1.0f, 11);
  expectAllCloseOnHost(minitensor::softplus(x), softplusByHand(x));  // expect: oa api=expectAllCloseOnHost cat=abs_rel thr=default tol=atol:default:1e-07,rtol:default:1e-05
}

TEST(CountedVerdicts, ChosenByPrecision) {
  const std::vector<float> x = minitensor::linspace(-2.0f, 2.0f, 100);
  // The tolerances read are the later branch's: the scan does not evaluate `sizeof(T)`.
  EXPECT_TRUE(closeAtItsPrecision<float>(minitensor::softplus(x), softplusByHand(x)));  // expect: oa api=closeAtItsPrecision cat=abs_rel thr=default tol=atol:default:0.001,rtol:default:0.1
}

TEST(CountedVerdicts, PickedByTypeInOneExpression) {
  const std::vector<float> x = minitensor::linspace(-2.0f, 2.0f, 100);
  EXPECT_TRUE(closeForItsType<float>(minitensor::softplus(x), softplusByHand(x)));  // expect: oa api=closeForItsType cat=abs_rel thr=depend tol=atol:default:1e-06,rtol:default:0.0001
}
