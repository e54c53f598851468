// The by-name lookups the analysis makes for every call or check: is a name defined at module
// level, which function nested in a function has a name, which method of a class, which import
// binds an alias in a scope, which statements of a function may bind or change a name, where a
// module-level name is assigned. Each was a scan over all of a file's functions, imports or
// statements, so hostile files cost n^2 (a class of 32,000 methods calling one another: 18 s).
// Built once by whatever produces a model (the frontends, the splice); a model built by other
// means, or changed after, has none and is read as before.
#pragma once
#include <cstdint>
#include <mutex>
#include <span>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

struct NameIndex {
  struct ScopedName {
    uint32_t scope;  // a FunctionId or a ClassId, by the map it keys; kNone for the module
    std::string_view name;
    bool operator==(const ScopedName&) const = default;
  };
  struct ScopedNameHash {
    size_t operator()(const ScopedName& k) const noexcept {
      return std::hash<std::string_view>{}(k.name) ^ (size_t{k.scope} * 0x9e3779b97f4a7c15ULL);
    }
  };

  size_t functionCount = 0;  // the model's counts when it was built: a model whose counts
  size_t classCount = 0;     // differ has changed since, and the index is not used
  size_t importCount = 0;
  size_t statementCount = 0;
  std::unordered_set<std::string_view> moduleLevel;  // functions and classes defined at module level
  // (enclosing function, name) -> the first function of that name nested in it (not a method)
  std::unordered_map<ScopedName, FunctionId, ScopedNameHash> nestedFunctions;
  // (class, name) -> the first method of that name the class defines
  std::unordered_map<ScopedName, FunctionId, ScopedNameHash> methods;
  // (scope, alias) -> the last import that binds alias in that scope (star imports left out)
  std::unordered_map<ScopedName, uint32_t, ScopedNameHash> imports;
  // (function, name) -> in order, the statements of the function that may bind or fill the name:
  // `name = ...`, `a, name = ...`, `for name in ...`, `name += ...`, `name[i] = ...`,
  // `name.append(...)` (also extend, insert). The origin tracer reads these instead of every
  // statement of the function, for each name of each check.
  std::unordered_map<ScopedName, std::vector<StmtId>, ScopedNameHash> bindingStatements;
  // name -> the first module-level `name = ...` (outside classes)
  std::unordered_map<std::string_view, StmtId> moduleAssignments;
  // name -> every function of that name, in order (free, nested and methods alike)
  std::unordered_map<std::string_view, std::vector<FunctionId>> functionsNamed;

  size_t approximateBytes() const;

 private:
  friend std::span<const StmtId> statementsChanging(const FileModel&, FunctionId, std::string_view, std::vector<StmtId>&);
  // statementsChanging's lists, made on the first request for a (function, name).
  mutable std::mutex changingMutex_;
  mutable std::unordered_map<ScopedName, std::vector<StmtId>, ScopedNameHash> changing_;
};

// The functions of the model named `name`, in order: the index's list, or, for a model without
// an index, the same list made in `scratch`.
std::span<const FunctionId> functionsNamed(const FileModel& m, std::string_view name, std::vector<FunctionId>& scratch);

// Whether an assignment or loop target binds `name` (`name`, `a, name`, `(a, (b, name))`).
bool targetBinds(const FileModel& m, ExprId target, std::string_view name);

// Whether a name read anywhere in expression `e` is a parameter of `f` (`atol or 1e-5`, `tol * 2`,
// `isinstance(solver, Newton)`); `self` and `cls` count only `withSelf` (`self.atol`: a value the
// calling class may set).
bool readsAParameter(const FileModel& m, const Function& f, ExprId e, bool withSelf);

// The statements of fn, in order, that may bind or fill `name` (NameIndex::bindingStatements):
// the index's list, or, for a model without an index, the same list made in `scratch`.
std::span<const StmtId> statementsBinding(const FileModel& m, FunctionId fn, std::string_view name, std::vector<StmtId>& scratch);

// The statements of fn, in order, that are loops or whose text may bind or change `name`
// (mayChange, analyzer/core/words.h): what the keyword splats read for each `**name` call of a
// function, instead of every statement before the call. An index keeps each list once made
// (thread-safe); a model without one has it made in `scratch`.
std::span<const StmtId> statementsChanging(const FileModel& m, FunctionId fn, std::string_view name, std::vector<StmtId>& scratch);

// The classes defined at the file's top level under the bare name a class of it gives as a
// base (`class B(A)` after `class A:`), but that class itself.
std::vector<ClassId> sameFileClasses(const FileModel& m, ExprId base, ClassId cls);

// The method `name` of class `cls`, or of a base class of it defined in the file (Chainer's
// `class TestCopyToNonChainerx(CopyTestBase, ...)` runs CopyTestBase's `check_forward`), up to
// four classes deep; kNone when none of those defines it (a base class of another file may).
FunctionId classMethod(const FileModel& m, ClassId cls, std::string_view name, int depth = 0);

// Builds m's index (m.names). Call once the model's functions, classes and imports are final.
void indexNames(FileModel& m);

// m's index when it still describes m, else nullptr.
const NameIndex* namesOf(const FileModel& m);

// The first module-level `NAME = value` of a file, or kNone.
inline StmtId moduleLevelAssignment(const FileModel& m, std::string_view name) {
  if (const NameIndex* index = namesOf(m)) {
    auto it = index->moduleAssignments.find(name);
    return it == index->moduleAssignments.end() ? kNone : it->second;
  }
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != kNone || st.cls != kNone || st.kind != StmtKind::Assign || st.a == kNone) continue;
    if (m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == name) return s;
  }
  return kNone;
}

}  // namespace oalens::analyzer
