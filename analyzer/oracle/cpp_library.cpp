// The library under test in C++ tests. Python names it through imports; a C++ test names it
// through namespaces: gtest suites of a library are written inside its namespace
// (`namespace xgboost {`, `namespace caffe {`, `namespace tiny_dnn {`) or after `using
// namespace`, so that its functions are called unqualified, and the test's own helpers are
// functions of the scanned test files. A call whose name nothing in the test binds is then the
// library's; `std::exp(x)` is the standard library's, another library.
#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

namespace {

// Namespaces of the test suite and of nothing in particular, not the library's.
bool suiteNamespace(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("test") != std::string::npos || lower == "std" || lower == "detail" || lower == "internal" || lower == "helpers" ||
         lower == "anonymous";
}

// Libraries a C++ test calls besides the one under test.
bool otherLibraryNamespace(std::string_view root) {
  static constexpr std::string_view k[] = {"std",  "Eigen", "cv",      "boost", "thrust", "cub",
                                           "absl", "fmt",   "testing", "gtest", "Catch",  "doctest"};
  return std::find(std::begin(k), std::end(k), root) != std::end(k);
}

// Frameworks C++ DL libraries are built on, the library under test only where the scanned code
// opens their namespace.
bool frameworkNamespace(std::string_view root) {
  static constexpr std::string_view k[] = {"torch", "at", "c10", "caffe2", "folly", "tensorflow", "tflite", "onnx", "ort"};
  return std::find(std::begin(k), std::end(k), root) != std::end(k);
}

}  // namespace

void OriginTracer::indexCppLibrary() {
  static const RE2 opened(R"(namespace\s+([A-Za-z_]\w*)(?:\s*::\s*\w+)*\s*\{)");
  static const RE2 used(R"(using\s+namespace\s+([A-Za-z_]\w*))");
  std::vector<std::pair<const FileModel*, std::vector<std::string>>> namesOfFile;
  for (const FileModel& f : project_.files) {
    if (f.language != Language::Cpp || !f.source) continue;
    for (const Function& fn : f.functions)
      if (callableByName(f, fn)) cppTestFunctions_.insert(std::string(fn.name));
    for (const ClassDef& c : f.classes) cppTestFunctions_.insert(std::string(c.name));
    re2::StringPiece text(*f.source);
    std::string name;
    std::vector<std::string> names;
    while (RE2::FindAndConsume(&text, opened, &name))
      if (!suiteNamespace(name)) cppNamespaces_.insert(name), names.push_back(name);
    text = re2::StringPiece(*f.source);
    while (RE2::FindAndConsume(&text, used, &name)) names.push_back(name);
    namesOfFile.emplace_back(&f, std::move(names));
  }
  for (const auto& [file, names] : namesOfFile)
    for (const std::string& n : names)
      if (cppNamespaces_.count(n)) cppInside_.insert(file);
}

bool OriginTracer::knowsCppLibrary(const FileModel& m) const { return cppInside_.count(&m) > 0; }

bool OriginTracer::boundInScope(const FileModel& m, FunctionId fn, std::string_view name) const {
  std::vector<StmtId> scratch;
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    if (!statementsBinding(m, f, name, scratch).empty() || m.functions[f].hasParam(name)) return true;
  }
  return moduleLevelAssignment(m, name) != kNone;
}

std::optional<Origin> OriginTracer::cppLibraryCall(const FileModel& m, FunctionId fn, ExprId call, const CallArgs& args,
                                                   std::string_view dotted, const std::string& argKey) const {
  if (m.language != Language::Cpp || dotted.empty() || cppNamespaces_.empty()) return std::nullopt;
  const std::string_view root = dotted.substr(0, dotted.find('.'));
  // `Tensor{{1.0f, 2.0f}}`: a value built from its elements, test data whatever its type.
  const std::string_view text = m.expr(call).text;
  if (const size_t open = text.find_first_of("{("); open != std::string_view::npos && text[open] == '{')
    return Origin{OriginKind::Literal, std::string(dotted), argKey, {}};
  if (boundInScope(m, fn, root)) return std::nullopt;  // a method of a value the test holds
  // A cast converts its argument (OriginTracer::isConfiguration): a call of no library.
  if (root == "static_cast" || root == "dynamic_cast" || root == "reinterpret_cast" || root == "const_cast")
    return Origin{OriginKind::LibCall, std::string(dotted), argKey, {}};
  // A function-style cast to a scalar type, `double(n)`, or of one number to a type alias,
  // `float_t(0)`: read as static_cast (`tensor_t(1, vec_t(n))` builds a container).
  static constexpr std::string_view kScalars[] = {"float", "double", "int", "long", "short", "unsigned", "char", "bool"};
  const bool oneNumber =
      args.positional.size() == 1 && args.keywords.empty() &&
      (m.expr(args.positional[0]).kind == ExprKind::Number ||
       (m.expr(args.positional[0]).kind == ExprKind::UnaryOp && m.expr(m.child(args.positional[0], 0)).kind == ExprKind::Number));
  if (dotted == root && args.positional.size() == 1 &&
      (std::find(std::begin(kScalars), std::end(kScalars), root) != std::end(kScalars) || (root.ends_with("_t") && oneNumber)))
    return Origin{OriginKind::LibCall, "static_cast", argKey, {}};
  if (otherLibraryNamespace(root)) return Origin{OriginKind::OtherLib, std::string(dotted), argKey, {}};
  if (cppNamespaces_.count(std::string(root))) return Origin{OriginKind::LibCall, std::string(dotted), argKey, {}};
  // `torch::tensor({1, 2})` in TorchRec's C++ tests: a framework the tested library builds on,
  // where the scanned code opens no namespace of that name (ATen's own tests open `at`).
  if (frameworkNamespace(root)) return Origin{OriginKind::OtherLib, std::string(dotted), argKey, {}};
  // Unqualified, or qualified by a nested namespace (`common::Exp`), inside the library's
  // namespace: the library's unless the scanned tests define it.
  if (!knowsCppLibrary(m) || cppTestFunctions_.count(std::string(root)) ||
      cppTestFunctions_.count(std::string(lastDottedComponent(dotted))))
    return std::nullopt;
  return Origin{OriginKind::LibCall, std::string(dotted), argKey, {}};
}

}  // namespace oalens::analyzer
