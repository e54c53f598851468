// The language-neutral code model every analysis reads: expressions in one arena per file,
// statements in source order with their block nesting, functions (with class and decorator
// context), classes, and imports. Frontends (Python now, C++ later) fill it; nothing after the
// frontend sees a parser type. All text is a string_view into the file's own source buffer,
// which the FileModel owns and never moves, so a model is cheap to build and to keep.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/core/diagnostics.h"
#include "analyzer/core/source_range.h"

namespace oalens::analyzer {

using ExprId = uint32_t;
using StmtId = uint32_t;
using FunctionId = uint32_t;
using ClassId = uint32_t;
inline constexpr uint32_t kNone = UINT32_MAX;

enum class Language : uint8_t { Python, Cpp };
struct NameIndex;
struct NotebookCode;
std::string_view languageName(Language l);

enum class ExprKind : uint8_t {
  Name,       // name = identifier
  Attribute,  // child 0 = object; name = attribute
  Call,       // child 0 = callee; then positional args, Keyword and Starred nodes in order
  Keyword,    // keyword argument: name = keyword (empty for **kwargs); child 0 = value
  Starred,    // *args (name = "*") or **kwargs (name = "**"); child 0 = value
  Number,     // text is the literal
  String,
  Bool,
  NoneLit,
  BinaryOp,   // name = operator; children left, right
  UnaryOp,    // name = operator; child 0 = operand
  Compare,    // children = operands (2+); ops() gives the operators between them
  BoolOp,     // name = "and"/"or"; children left, right
  Not,        // child 0 = operand
  Subscript,  // child 0 = value; child 1 = index (a Tuple for a[i, j])
  Tuple,
  List,
  Set,
  Dict,           // children alternate key, value
  Comprehension,  // child 0 = element; then (target, iterable) pairs of the for clauses
  Conditional,    // children body, condition, orelse
  Lambda,         // child 0 = body; name = the parameters' text (Python)
  Slice,
  Other,  // anything else, or an expression cut off by the nesting budget
};

struct Expr {
  ExprKind kind = ExprKind::Other;
  uint32_t firstChild = 0;  // index into FileModel::childIds
  uint32_t childCount = 0;
  uint32_t firstOp = 0;   // Compare only: index into FileModel::compareOps
  std::string_view text;  // the expression as written
  std::string_view name;  // see ExprKind
  SourceRange range;
};

enum class StmtKind : uint8_t {
  ExprStmt,   // a = expression
  Assert,     // a = test, b = message
  Assign,     // a = target (Tuple for unpacking), b = value
  AugAssign,  // a = target, b = value, op = operator
  Return,     // a = value (may be kNone)
  If,         // a = condition; also elif (isElif)
  Else,       // the else branch of an if/for/while/try
  For,        // a = target, b = iterable
  While,      // a = condition
  With,       // a = Tuple of the context expressions
  Try,
  Except,
  FunctionDef,
  ClassDef,
  Import,
  Raise,  // a = exception
  Other,
};

struct Stmt {
  StmtKind kind = StmtKind::Other;
  bool isElif = false;
  uint16_t depth = 0;           // block nesting below the function (or module) body
  StmtId parent = kNone;        // the compound statement whose block holds this one
  FunctionId function = kNone;  // innermost enclosing function, kNone at module or class level
  ClassId cls = kNone;          // innermost enclosing class
  ExprId a = kNone;
  ExprId b = kNone;
  std::string_view op;
  std::string_view text;
  SourceRange range;
  // The expressions this statement owns (its own, not those of nested statements):
  // [firstExpr, endExpr) in FileModel::exprs. Call-graph passes read calls from here.
  ExprId firstExpr = 0;
  ExprId endExpr = 0;
};

struct Param {
  std::string_view name;
  // C++: the declared type as written (`xnn_f32_ibilinear_ukernel_fn`, `const Tensor&`'s
  // `Tensor`), which tells overloads apart; empty in Python.
  std::string_view type;
  ExprId defaultValue = kNone;
  bool varArgs = false;      // *args
  bool kwArgs = false;       // **kwargs
  bool keywordOnly = false;  // after * or *args
  bool pointer = false;      // C++: declared a pointer (`double* relative_error`), a place to write to or an array
};

struct Function {
  std::string_view name;
  std::string qualifiedName;  // Class.method, outer.inner: unique enough inside one file
  ClassId cls = kNone;        // the class this is a method of (direct member only)
  FunctionId parent = kNone;  // enclosing function for nested definitions
  std::vector<Param> params;
  std::vector<ExprId> decorators;
  StmtId firstStmt = 0;  // [firstStmt, endStmt) are the statements lexically inside
  StmtId endStmt = 0;
  SourceRange range;
  bool isTestCase = false;
  bool isGenerator = false;  // contains yield: nose-style generator tests
  bool isMacro = false;      // C++: a function-like #define, its replacement text the body

  bool hasParam(std::string_view n) const {
    for (const Param& p : params)
      if (p.name == n) return true;
    return false;
  }
};

struct ClassDef {
  std::string_view name;
  std::string qualifiedName;
  std::vector<ExprId> bases;
  ClassId parent = kNone;
  FunctionId enclosingFunction = kNone;
  SourceRange range;
};

struct Import {
  std::string module;      // absolute dotted module ("numpy.testing"), relative ones resolved
  std::string_view name;   // imported name for `from m import name`; empty for `import m`
  std::string_view alias;  // the local name it binds
  bool star = false;
  FunctionId scope = kNone;  // function the import is inside, kNone at module level
  uint32_t line = 0;
};

struct FileModel {
  std::string path;        // relative to the scan root, '/' separated
  std::string moduleName;  // dotted module derived from the path ("pkg.tests.test_ops")
  Language language = Language::Python;
  std::unique_ptr<std::string> source;  // owned; views below point into it

  std::vector<Expr> exprs;
  std::vector<ExprId> childIds;
  std::vector<std::string_view> compareOps;
  std::vector<Stmt> stmts;
  std::vector<Function> functions;
  std::vector<ClassDef> classes;
  std::vector<Import> imports;
  // C++: the paths of `#include <...>`, apart from `imports` (the quoted includes): read only to tell
  // which of two headers defining one name a file sees (Project::includes).
  std::vector<std::string> angledIncludes;
  // C++: the names the file declares something with as its type, or defines as a type
  // (`const real tol = real(1e-4);`, `using real = float;`, `typedef double real;`): calling one
  // is a conversion (`real(1e-4)` is 1e-4). Sorted, unique; empty for Python.
  std::vector<std::string_view> typeNames;
  // C++: `using name = T;` and `typedef T name;` as (name, T's text), in the file's order.
  std::vector<std::pair<std::string_view, std::string_view>> typeAliases;
  // C++: functions the file declares without defining that give parameters defaults (`bool
  // close_f(float a, float b, int bits = 2);` in a header whose source defines `test::close_f`
  // without them): a call may leave those out.
  struct DeclaredDefaults {
    std::string qualifiedName;
    std::vector<std::string_view> paramTypes;
    std::vector<ExprId> defaults;  // per parameter; kNone where it gives none
    uint32_t required = 0;
  };
  std::vector<DeclaredDefaults> declaredDefaults;

  bool hasSyntaxErrors = false;
  std::vector<Diagnostic> diagnostics;
  std::shared_ptr<const NameIndex> names;  // analyzer/model/name_index.h: lookups by name
  // A notebook's: where each line of `source` sits in the .ipynb (analyzer/frontend/notebook.h).
  std::shared_ptr<const NotebookCode> notebook;

  const Expr& expr(ExprId id) const { return exprs[id]; }
  ExprId child(ExprId id, uint32_t i) const {
    const Expr& e = exprs[id];
    return i < e.childCount ? childIds[e.firstChild + i] : kNone;
  }
  uint32_t childCount(ExprId id) const { return exprs[id].childCount; }
  std::string_view compareOp(ExprId id, uint32_t i) const { return compareOps[exprs[id].firstOp + i]; }
};

// Whether `v` lies inside `buffer`: where a model's views point (its own source or another's).
inline bool pointsInto(std::string_view v, const std::string& buffer) {
  const std::less_equal<const char*> le;
  return le(buffer.data(), v.data()) && le(v.data() + v.size(), buffer.data() + buffer.size());
}

// 1e-3, -0.5, 2.f: a number written out (a sign before it included).
inline bool isNumberLiteral(const FileModel& m, ExprId e) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::UnaryOp && x.childCount == 1) return m.expr(m.child(e, 0)).kind == ExprKind::Number;
  return x.kind == ExprKind::Number;
}

// Arguments of a Call, split as the callee will see them.
struct CallArgs {
  ExprId callee = kNone;
  std::vector<ExprId> positional;                             // values, in order
  std::vector<std::pair<std::string_view, ExprId>> keywords;  // name -> value
  bool hasStarArgs = false;                                   // *args or **kwargs present
};
CallArgs splitCall(const FileModel& m, ExprId call);

// The class whose method holds function `f` (itself or a function nested in it), or kNone.
inline ClassId enclosingClass(const FileModel& m, FunctionId f) {
  while (f != kNone && f < m.functions.size() && m.functions[f].cls == kNone) f = m.functions[f].parent;
  return f == kNone || f >= m.functions.size() ? kNone : m.functions[f].cls;
}

// Whether a method is the one a test framework runs before each test of its class (unittest's
// `setUp`, pytest's `setup_method`, nose's `setup`).
inline bool isPerTestSetUp(std::string_view method) { return method == "setUp" || method == "setup_method" || method == "setup"; }

// The statement after `s`'s block at its level (its `else` or `elif`, or the next statement of
// the same block), or kNone.
StmtId nextSibling(const FileModel& m, StmtId s);
// The statement before `s` at its level (for an `else`, its `if`), or kNone.
StmtId previousSibling(const FileModel& m, StmtId s);
// Whether statement `block` holds `s` in its block, at any depth.
bool holdsStatement(const FileModel& m, StmtId block, StmtId s);

// "a.b.c" for Name/Attribute chains; empty if the chain contains anything else.
std::string dottedName(const FileModel& m, ExprId id);

// "::testing::FloatNear" -> "testing.FloatNear": how the model spells a C++ qualified name.
std::string cppDottedName(std::string_view qualified);

// Whether dotted name `name` is `suffix` or ends in its last components ("a.b.c" ends with "b.c";
// not with "c" of "a.bc"); never for an empty suffix.
bool endsWithDotted(std::string_view name, std::string_view suffix);

// gmock's name for the value a matcher is applied to: the first parameter of the function the C++
// frontend reads from a MATCHER_P definition (`MATCHER_P(IsCloseTo, other, "")`: IsCloseTo(arg, other)).
inline constexpr std::string_view kMatcherValueParam = "arg";

// A C++ test macro, TEST(Suite, Name), defines no function a call can name: `Sigmoid(x)` inside
// TEST(Activation, Sigmoid) calls the library's Sigmoid, not the test.
inline bool callableByName(const FileModel& m, const Function& f) { return !(f.isTestCase && m.language == Language::Cpp); }

// Whether a scanned path is a package's __init__.py ("__init__.py", "pkg/sub/__init__.py").
inline bool isPackageInit(std::string_view path) { return path == "__init__.py" || path.ends_with("/__init__.py"); }

// "c" for "a.b.c".
inline std::string_view lastDottedComponent(std::string_view dotted) {
  auto dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

}  // namespace oalens::analyzer
