// Decides which assertion API a call is: through imports to a catalogued qualified name, by
// method name on any receiver (self.assertAllClose), by bare name after star imports, or to a
// project wrapper discovered in the scanned files. Calls whose last name reads like an
// assertion (assert_*, assertX, failUnless*) but are in no catalogue are generic assertions.
#pragma once
#include <string>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/assertions/class_hierarchy.h"
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
  // `classes`, when given, tells which class's method a bare or `this->` call in a C++ method or
  // fixture test reaches (a discovered method of a class it does not derive from is not it).
  ApiMatcher(const Catalogue& catalogue, const Catalogue& wrappers, const ClassHierarchy* classes = nullptr)
      : catalogue_(catalogue), wrappers_(wrappers), classes_(classes) {}
  ApiMatch match(const FileModel& m, FunctionId scope, ExprId call) const;
  // The same for a function named without being called (tree_map(np.testing.assert_allclose, a, b)).
  ApiMatch matchCallee(const FileModel& m, FunctionId scope, ExprId callee) const;
  // `spec`, or among its C++ overloads the one `args` fit (chooseOverload); null when none or a
  // tie leaves it open, or when the chosen one checks nothing.
  const ApiSpec* overloadFor(const FileModel& m, FunctionId scope, const ApiSpec& spec, const CallArgs& args) const;
  const Catalogue& catalogue() const { return catalogue_; }
  const Catalogue& wrappers() const { return wrappers_; }

 private:
  const ApiSpec* matchCppShort(const FileModel& m, FunctionId scope, ExprId callee, const std::string& dotted) const;
  // The one discovered C++ wrapper of this short name, when it is a class's method; else null.
  const ApiSpec* uniqueDiscoveredMethod(std::string_view name) const;
  // An entry several headers define alike (ApiSpec::includable) of qualified `name`: the one of a
  // header `m` is or includes; else any of them; nullptr if none.
  const ApiSpec* includableEntry(const FileModel& m, const std::string& name, std::string_view lastName) const;
  // Of several, the one method of that name a class of this file or of a header it includes
  // defines (oneDAL's `dbscan_test::dbi_determenistic_checks` in the fixture batch.cpp includes,
  // not the SPMD fixture's of the same name); null when not exactly one.
  const ApiSpec* includedDiscoveredMethod(const FileModel& m, std::string_view name) const;
  // The first of the discovered methods of that name the file can see, where they all check alike
  // (the same category, OA or not, and tolerance kinds), or null.
  const ApiSpec* agreeingIncludedMethod(const FileModel& m, std::string_view name) const;
  // Whether a bare or `this->` call in `scope` may run the discovered method `s`.
  bool mayReachMethod(const FileModel& m, FunctionId scope, const ApiSpec& s) const;
  const Catalogue& catalogue_;
  const Catalogue& wrappers_;
  const ClassHierarchy* classes_ = nullptr;
};

// Among the C++ overloads of one discovered name, the one a call's arguments fit: by their
// count, then by how well each fits its parameter's declared type (a named argument by the type
// `scope` declares it with). A call inside one of the overloads is to a sibling: an overload that
// converts its arguments and calls the name again forwards them. Null when none fits, or when an
// overload that checks and one that does not fit alike.
const ApiSpec* chooseOverload(const FileModel& m, FunctionId scope, const CallArgs& args, const std::vector<const ApiSpec*>& overloads);

// `obj.f` or `obj->f` in C++, a member of a value; not `ns::f` or `Class::f`.
bool isMemberAccess(const FileModel& m, ExprId attribute);

// assert_x, assertX, assert_, failUnlessX, failIfX: names test frameworks give assertions; in
// C++ EXPECT_*, ASSERT_*, CHECK*, REQUIRE*, BOOST_CHECK*/REQUIRE*/WARN*/TEST*, VERIFY*,
// assert, and helpers named Expect*/Assert*.
bool looksLikeAssertionName(std::string_view lastName, Language language = Language::Python);
// assertRaises, assert_raises, assertWarns, assertLogs...: checks of control flow; in C++
// EXPECT_THROW, ASSERT_DEATH, EXPECT_CALL, REQUIRE_THROWS...
bool isExceptionCheck(std::string_view lastName, Language language = Language::Python);

// How an assertion that is not catalogued by name checks its arguments.
enum class AssertionForm {
  Plain,         // compares its first two arguments (assertEqual, EXPECT_EQ)
  Truth,         // checks a condition (assertTrue, EXPECT_TRUE, REQUIRE, assert)
  Falsity,       // checks that a condition is false (assertFalse, EXPECT_FALSE, CHECK_FALSE)
  Matcher,       // checks a value against a matcher (EXPECT_THAT, CHECK_THAT)
  GreaterBound,  // first argument bounds the second from above (assertGreater(tol, err), EXPECT_GT)
};
AssertionForm assertionForm(std::string_view lastName, Language language);
// The form of a matched call: a catalogued condition check's (`DLIB_TEST(cond)`: Truth), else
// the generic name's; Plain for every other catalogued API.
AssertionForm assertionFormOf(const ApiMatch& match, Language language);

// Whether the matched call fails the test whenever it runs: a catalogued failing call (`FAIL()`,
// `HWY_ABORT(...)`, `checks = "abort"`), or a condition check of a literal false
// (`HWY_ASSERT(false)`, `ASSERT_TRUE(false)`, `assert(0)`).
bool failsTheTest(const FileModel& m, const ApiMatch& match, ExprId call);

// The last names of the calls that may map a check over the leaves of structures (tree_map,
// tree_multimap, map_structure, jax.tree.map's map): assertion_mapped.cpp resolves them further.
bool mayMapOverStructures(std::string_view lastName);

// C++: the class of the file whose `operator()` a parallel construct's call in function `scope` runs,
// by name (`Kokkos::parallel_reduce(policy, *this, failures)` in a method of it, `parallel_for(policy,
// Check(want, got, eps))` building it); empty for any other call. A functor of another file is not
// looked up.
std::string_view parallelFunctor(const FileModel& m, FunctionId scope, ExprId call);

}  // namespace oalens::analyzer
