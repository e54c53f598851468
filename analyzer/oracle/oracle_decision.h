// The decision table of the oracle types (docs/oracles.md): from the origins of the CUT's side and
// the oracle's side (origin_tracer.h), which type the oracle is and why. oracle_classifier.cpp
// traces the two sides, picks which is the CUT and records the decision with its evidence.
#pragma once
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>

#include "analyzer/model/code_model.h"
#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer::oracle_decision {

struct Core {
  std::string primary;                // the outermost computing call: a library function or a method
  std::string primaryInputs;          // its argument texts
  std::set<std::string> full;         // library functions computing the value
  std::set<std::string> last;         // their last names (to see two backends of one function)
  std::multiset<std::string> inputs;  // argument texts of the library calls
};

struct Decision {
  std::string type;
  std::string why;
};

// Methods that run a model; on any receiver they mean "the same model again".
bool isModelMethod(std::string_view api);

// The library calls computing a side: its outermost one, the functions and their inputs.
Core coreOf(const OriginSet& s);

// Whether every origin is of the kinds given; the library's conversions and configuration calls
// (`jnp.array([2., 6.])`, `x.asnumpy()`) pass their data through and are left out.
bool allOf(const OriginSet& s, std::initializer_list<OriginKind> kinds);

// The oracle type of `sharedOracle` against `cut`, the first row of the table that holds.
Decision decide(const OriginSet& cut, const OriginSet& sharedOracle, Language language);

}  // namespace oalens::analyzer::oracle_decision
