// Decides which assertion API a call is: through imports to a catalogued qualified name, by
// method name on any receiver (self.assertAllClose), by bare name after star imports, or to a
// project wrapper discovered in the scanned files. Calls whose last name reads like an
// assertion (assert_*, assertX, failUnless*) but are in no catalogue are generic assertions.
#pragma once
#include <string>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

struct ApiMatch {
  const ApiSpec* spec = nullptr;  // nullptr for generic assertions and non-assertions
  bool generic = false;           // assertion by name, not catalogued
  std::string name;               // resolved callee name
  std::string_view lastName;      // last component as written
};

class ApiMatcher {
 public:
  ApiMatcher(const Catalogue& catalogue, const Catalogue& wrappers) : catalogue_(catalogue), wrappers_(wrappers) {}
  ApiMatch match(const FileModel& m, FunctionId scope, ExprId call) const;

 private:
  const Catalogue& catalogue_;
  const Catalogue& wrappers_;
};

// assert_x, assertX, assert_, failUnlessX, failIfX: names test frameworks give assertions.
bool looksLikeAssertionName(std::string_view lastName);
// assertRaises, assert_raises, assertWarns, assertLogs...: checks of control flow.
bool isExceptionCheck(std::string_view lastName);

}  // namespace oalens::analyzer
