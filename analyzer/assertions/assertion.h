// The assertion record every consumer sees (scan output, the database, mine, diff, lint).
// Field meanings follow the machine-readable contract in docs/json.md.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/core/source_range.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/dtype_table.h"

namespace oalens::analyzer {

// How a tolerance value was obtained.
enum class Provenance { Default, Literal, Constant, Depend, Unresolved };
std::string_view provenanceName(Provenance p);

// The study's threshold classes for a whole assertion.
enum class ThresholdProvenance { Default, Customized, Depend, None };
std::string_view thresholdProvenanceName(ThresholdProvenance p);

// What is chosen at run time: RuntimeChoice bits.
enum RuntimeChoice : uint8_t { kByDtype = 1, kByDevice = 2 };
struct RuntimeChoices {
  uint8_t tolerance = 0;  // by the tolerance's resolution
  uint8_t blocks = 0;     // by the if/while/with/for blocks of the test that hold the check
};

struct Tolerance {
  std::string name;  // atol, rtol, decimal, places, delta, ulps, significant, bound
  std::string text;  // as written, or the catalogue default
  std::optional<double> value;
  Provenance provenance = Provenance::Default;
  std::string note;  // how it was resolved ("module constant TOL", "float32 default"...)
  // The value for each dtype the text names none for, where the API picks it by dtype: all of
  // them for its default, those a per-dtype table leaves out for a table given (dtype_table.h).
  const DtypeTable* byDtype = nullptr;
  bool isDtypeDefault = false;  // the API's pick by dtype: every dtype takes byDtype's value
  bool inclusive = false;       // a bound the value may equal (`<=`, `>=`, assertLessEqual, EXPECT_LE)
  // A default the API picks by dtype from no table known here (`value` is float32's): unlike a
  // default that is one number for every dtype (numpy's rtol=1e-7), it is no plain number.
  bool defaultDependsOnDtype = false;
  // For a value not known or chosen at run time: the text with imported names spelled by their
  // module and names bound once replaced by their values (comparable_text.h); empty when that
  // is `text`. Not output.
  std::string comparable{};
  std::string_view comparableText() const { return comparable.empty() ? std::string_view(text) : std::string_view(comparable); }
};

struct Assertion {
  std::string file;
  SourceRange range;  // the whole assertion statement
  Language language = Language::Python;
  std::string testCase;  // qualified name of the enclosing test case, empty if none
  std::string function;  // qualified name of the enclosing function, empty at module level
  std::string api;       // canonical API id ("assert" for a bare assert statement)
  std::string apiText;   // the callee as written
  std::string via;       // wrapper chain: the catalogued API a project wrapper forwards to
  // The helper's two side parameters ("actual, expected") when the call leaves one of them to
  // its fallback, the other's value (wrapper_body.cpp, fallbackParam): one function, run through
  // the helper's two paths.
  std::string sameFunctionBoth;
  // Where the helper computes the oracle the call leaves out ("path:line" of `expected =
  // _reference(case)`, ApiSpec::expectedComputedAt); empty otherwise.
  std::string oracleComputedAt;
  std::vector<std::string> checkSites;  // where a discovered wrapper called here compares (ApiSpec::checkSites)
  std::string form;                     // "call", "assert", "assertTrue", ... how the check is written
  Category category = Category::Exact;
  bool isOa = false;
  std::string actualText, expectedText;
  bool swapped = false;  // filled by the oracle classifier when evidence swaps the roles
  // The check passes when the values are NOT close (assertNotAlmostEqual, assert not allclose,
  // assert abs(a - b) > eps): a larger tolerance makes it stricter, not looser.
  bool negated = false;
  // A bound on a trained model's quality (`loss < 0.9`, `acc > 0.8`): an error bound whose
  // oracle is the labels the metric measures the predictions against.
  bool qualityBound = false;
  // A closeness API given whole numbers (indices, counts, flags): an exact check in effect, not OA.
  bool wholeNumbers = false;
  std::vector<Tolerance> tolerances;
  ThresholdProvenance thresholdProvenance = ThresholdProvenance::None;
  // What the tolerance, and the test's blocks holding the check, are chosen by at run time
  // (runtime_choice.h); none for a check that is not OA.
  RuntimeChoices runtimeChoices;
  std::string oracleType = "UNKNOWN";
  std::string oracleReason;  // why the classifier chose oracleType, one sentence
  // Digest of the oracle's code: its expression and every statement it was traced through,
  // white space aside. Equal on two versions: the oracle is computed by the same code, and a
  // different type comes from how names resolve (imports, the file's place), not from an edit.
  uint64_t oracleSource = 0;
  std::vector<std::string> evidence;

  // Internal handles into the FileModel, for later passes.
  StmtId stmt = kNone;
  ExprId call = kNone;  // the catalogued call (or the comparison for error bounds)
  ExprId actualExpr = kNone;
  ExprId expectedExpr = kNone;
  FunctionId functionId = kNone;
};

}  // namespace oalens::analyzer
