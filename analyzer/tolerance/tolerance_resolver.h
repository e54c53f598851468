// Tolerance resolver: evaluates a tolerance expression to a number where the code fixes it, and
// says how: `literal` (1e-5, 10**-3, 1. / 255), `constant` (through local, module, class, setUp
// and imported names, parameter defaults), `depend` (chosen at run time by dtype, device or
// configuration: conditionals on dtype, dicts keyed by dtype, loops over dtype/tolerance pairs,
// names assigned differently under such branches), or `unresolved`. Name chains are followed at
// most kMaxHops deep, so mutually recursive definitions terminate.
#pragma once
#include <optional>
#include <string>

#include "analyzer/assertions/assertion.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

struct ResolvedValue {
  std::optional<double> value;
  Provenance provenance = Provenance::Unresolved;
  std::string note;
};

class ToleranceResolver {
 public:
  explicit ToleranceResolver(const Project* project = nullptr) : project_(project) {}

  // Resolves expression `e` of file `m` as seen from statement `at` inside function `fn`.
  ResolvedValue resolve(const FileModel& m, FunctionId fn, StmtId at, ExprId e) const;

  // `self.attr` as seen from a method of function `fn`'s class: a class constant, or set once
  // in its methods, through the base classes of the same file.
  ResolvedValue resolveSelfAttribute(const FileModel& m, FunctionId fn, std::string_view attr) const;
  // Parses a Python numeric literal ("1e-5", "1_000", "0x10", "5L"); nullopt if not numeric.
  static std::optional<double> parseNumber(std::string_view text);
  // True when text (a condition, a subscript, a loop header) selects by dtype/device/config.
  static bool mentionsRuntimeChoice(std::string_view text);

  // C++: the scanned headers `m` includes, and those they include, nearest first (three deep).
  std::vector<const FileModel*> includedHeaders(const FileModel& m) const;

 private:
  ResolvedValue eval(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int hops) const;
  ResolvedValue evalName(const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int hops) const;
  ResolvedValue selfAttribute(const FileModel& m, FunctionId fn, std::string_view attr, std::string_view dotted, int hops) const;
  ResolvedValue memberInitializedInTheFixture(const FileModel& m, std::string_view member) const;
  ResolvedValue evalAttribute(const FileModel& m, FunctionId fn, ExprId e, int hops) const;
  ResolvedValue evalCall(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int hops) const;
  ResolvedValue fromBindings(const FileModel& m, FunctionId scope, ClassId cls, StmtId before, std::string_view name, int hops,
                             const char* where) const;
  // C++: what the type alias `name` of `m` or of a header it includes names, or "" (unknown).
  std::string_view aliasedType(const FileModel& m, std::string_view name) const;

  const Project* project_;
};

}  // namespace oalens::analyzer
