// Which code is the library under test: its packages, its backend modules (a parametrized
// backend, a loop over backends), the test suite's own modules (not the library), the calls
// that only build or configure a graph, and test classes deriving from the library's.
#include "analyzer/oracle/origin_tracer.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <set>

#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

// A loop over backends of the library: `for k in [KTH, KTF]`, `zip(xs, backends)`.
bool OriginTracer::iteratesBackends(const FileModel& m, FunctionId fn, ExprId iterable) const {
  if (iterable == kNone) return false;
  std::string_view text = m.expr(iterable).text;
  if (text.find("backend") != std::string_view::npos || text.find("BACKEND") != std::string_view::npos) return true;
  // A module-level list named elsewhere (`for k in WITH_NP`, WITH_NP = [KTF, KNP]): read its value.
  if (m.expr(iterable).kind == ExprKind::Name) {
    StmtId binding = moduleLevelAssignment(m, m.expr(iterable).name);
    if (binding != kNone && m.stmts[binding].b != kNone) iterable = m.stmts[binding].b;
  }
  // An imported module, or a conditional choosing between imported modules (KTH if ... else KTF):
  // 1 when every choice is a module of the library, 2 when one is another module, -1 when one is
  // not a module.
  auto moduleKind = [&](ExprId el) -> int {
    std::vector<ExprId> choices{el};
    int kind = 0;  // 1: every choice is the library's, 2: some other module
    while (!choices.empty()) {
      ExprId c = choices.back();
      choices.pop_back();
      const Expr& x = m.expr(c);
      if (x.kind == ExprKind::Conditional && x.childCount == 3) {
        choices.push_back(m.child(c, 0));
        choices.push_back(m.child(c, 2));
        continue;
      }
      if (x.kind != ExprKind::Name) return -1;
      bool viaImport = false;
      std::string r = resolveDotted(m, fn, x.name, &viaImport);
      if (!viaImport) return -1;
      kind = std::max(kind, isLibrary(r) ? 1 : 2);
    }
    return kind;
  };
  // Any list or tuple literal inside the iterable naming two or more library modules, or the
  // library's modules beside other implementations (a numpy reference module) and nothing else.
  std::vector<ExprId> stack{iterable};
  for (int guard = 0; !stack.empty() && guard < 64; ++guard) {
    ExprId e = stack.back();
    stack.pop_back();
    const Expr& x = m.expr(e);
    if (x.kind == ExprKind::List || x.kind == ExprKind::Tuple) {
      int library = 0, other = 0, notModules = 0;
      for (uint32_t i = 0; i < x.childCount; ++i) {
        int k = moduleKind(m.child(e, i));
        library += k == 1;
        other += k == 2;
        notModules += k < 0;
      }
      if (library >= 2 || (library >= 1 && library + other >= 2 && notModules == 0)) return true;
    }
    for (uint32_t i = 0; i < x.childCount; ++i) stack.push_back(m.child(e, i));
  }
  return false;
}

bool OriginTracer::isConfiguration(const std::string& name) {
  static const RE2 re(
      R"(^(config|floatX|floatx|set_floatx|cast_to_floatX|epsilon|image_data_format|image_dim_ordering|backend|learning_phase|set_learning_phase|seed|dtype|[dfilbcz]?(scalar|vector|matrix|row|col|tensor[0-9]?)s?|placeholder|TensorType|[A-Za-z_]*[Mm]ode(_[A-Za-z_]*)?|including|excluding|requiring|get_session|_get_session|clear_session|int_shape|ndim|shape|_?asarray|array|as_tensor|as_tensor_variable|convert_to_tensor|convert_to_numpy|asnumpy|asscalar|as_np_ndarray|as_nd_ndarray|as_in_context|as_in_ctx|copyto|tostype|wait_to_read|cpu|cuda|to|detach|clone|contiguous|numpy|item|tolist|float|double|half|device|requires_grad_|static_cast|dynamic_cast|reinterpret_cast|const_cast|(local_)?device_count|(local_)?devices|process_(count|index)|get_(local_)?rank|get_(world|local|nproc)_size|get_nnodes|get_node_rank)$)");
  std::string_view last = lastDottedComponent(name);
  return RE2::FullMatch(re2::StringPiece(last.data(), last.size()), re);
}

// A class of the library built from the test's values (`grids.GridArray(data, offset, grid)`,
// `th.Point2(tensor=t)`) holds them; what it computes runs when a method or call of the object is
// traced, each its own origin (`.log_prob`, a model's call).
bool OriginTracer::buildsLibraryObject(const Origin& o) {
  if (o.api.empty() || o.api[0] == '.' || o.api.back() == ')') return false;
  const std::string_view last = lastDottedComponent(o.api);
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0]));
}

bool OriginTracer::computes(const Origin& o) { return o.kind == OriginKind::LibCall && !o.moduleRef && !isConfiguration(o.api); }

// The values a test parameter takes, one per case, from `@pytest.mark.parametrize('k', [A, B])`
// (also 'k,ref' with tuples) or absl's `@parameterized.parameters([A, B], [C, D])` and
// `named_parameters(('name', A, B), ...)` (cases as tuples in the parameters' order, or dicts);
// nothing when the decorator's form is not one of these.
// `pytest.param(v, id=...)`'s value at `position` (none below 0: the expression itself).
static ExprId pytestParamValue(const FileModel& m, ExprId e, int position) {
  if (position < 0 || e == kNone || m.expr(e).kind != ExprKind::Call) return e;
  const CallArgs args = splitCall(m, e);
  if (lastDottedComponent(dottedName(m, args.callee)) != "param" || args.positional.size() <= size_t(position)) return e;
  return args.positional[size_t(position)];
}

// The values of a module-level dict, written as a literal or filled entry by entry (`impl["X"] =
// nk.operator.X`), in the file's order; nothing when `name` is no such dict.
static std::optional<std::vector<ExprId>> moduleDictValues(const FileModel& m, std::string_view name) {
  std::vector<ExprId> values;
  bool isDict = false;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != kNone || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
    const Expr& target = m.expr(st.a);
    if (target.kind == ExprKind::Name && target.name == name) {
      if (m.expr(st.b).kind != ExprKind::Dict) return std::nullopt;
      isDict = true;
      values.clear();
      for (uint32_t i = 1; i < m.childCount(st.b); i += 2) values.push_back(m.child(st.b, i));
    } else if (target.kind == ExprKind::Subscript && m.expr(m.child(st.a, 0)).kind == ExprKind::Name &&
               m.expr(m.child(st.a, 0)).name == name) {
      values.push_back(st.b);
    }
  }
  if (!isDict) return std::nullopt;
  return values;
}

// `[pytest.param(op, id=name) for name, op in IMPLS.items()]`, also over `.values()` or the dict
// itself: the values of a module-level dict (moduleDictValues) each case takes.
static std::optional<std::vector<ExprId>> valuesOfAComprehension(const FileModel& m, ExprId comprehension) {
  if (m.childCount(comprehension) != 3) return std::nullopt;  // one for clause
  const ExprId element = pytestParamValue(m, m.child(comprehension, 0), 0);
  const ExprId target = m.child(comprehension, 1), iterable = m.child(comprehension, 2);
  if (m.expr(element).kind != ExprKind::Name || m.expr(iterable).kind != ExprKind::Call) return std::nullopt;
  const CallArgs over = splitCall(m, iterable);
  const Expr& callee = m.expr(over.callee);
  if (callee.kind != ExprKind::Attribute || m.expr(m.child(over.callee, 0)).kind != ExprKind::Name) return std::nullopt;
  const std::string_view dict = m.expr(m.child(over.callee, 0)).name, element_name = m.expr(element).name;
  // `for name, op in d.items()`: the element is the second target; `for op in d.values()`: the only one.
  const bool items = callee.name == "items" && m.expr(target).kind == ExprKind::Tuple && m.childCount(target) == 2 &&
                     m.expr(m.child(target, 1)).kind == ExprKind::Name && m.expr(m.child(target, 1)).name == element_name;
  const bool valuesOnly = callee.name == "values" && m.expr(target).kind == ExprKind::Name && m.expr(target).name == element_name;
  if (!items && !valuesOnly) return std::nullopt;
  return moduleDictValues(m, dict);
}

std::optional<std::vector<ExprId>> parametrizedValues(const FileModel& m, FunctionId fn, std::string_view param) {
  const Function& F = m.functions[fn];
  for (ExprId d : F.decorators) {
    if (m.expr(d).kind != ExprKind::Call) continue;
    CallArgs args = splitCall(m, d);
    const std::string callee = dottedName(m, args.callee);
    const std::string_view form = lastDottedComponent(callee);
    std::vector<ExprId> values;
    if (form == "parametrize") {
      if (args.positional.size() < 2) continue;
      const Expr& names = m.expr(args.positional[0]);
      if (names.kind != ExprKind::String || names.text.size() < 2) continue;
      // The names: 'k,ref' or 'k, ref' inside the quotes.
      std::string_view list = names.text.substr(1, names.text.size() - 2);
      int index = -1, at = 0;
      for (size_t start = 0; start <= list.size(); ++at) {
        size_t comma = std::min(list.find(',', start), list.size());
        std::string_view one = list.substr(start, comma - start);
        while (!one.empty() && one.front() == ' ') one.remove_prefix(1);
        while (!one.empty() && one.back() == ' ') one.remove_suffix(1);
        if (one == param) index = at;
        start = comma + 1;
      }
      if (index < 0) continue;
      ExprId casesId = args.positional[1];
      if (m.expr(casesId).kind == ExprKind::List && m.childCount(casesId) == 1 &&
          m.expr(m.child(casesId, 0)).kind == ExprKind::Comprehension)
        casesId = m.child(casesId, 0);
      if (m.expr(casesId).kind == ExprKind::Comprehension) {
        if (at > 1) return std::nullopt;
        return valuesOfAComprehension(m, casesId);
      }
      const Expr& cases = m.expr(casesId);
      if ((cases.kind != ExprKind::List && cases.kind != ExprKind::Tuple) || cases.childCount == 0) return std::nullopt;
      for (uint32_t i = 0; i < cases.childCount; ++i) {
        ExprId v = pytestParamValue(m, m.child(casesId, i), at > 1 ? -1 : 0);
        if (at > 1) {  // one tuple per case, or `pytest.param(a, b, id=...)`
          if (const ExprId in = pytestParamValue(m, v, index); in != v) {
            values.push_back(in);
            continue;
          }
          if (m.expr(v).kind != ExprKind::Tuple || m.childCount(v) <= uint32_t(index)) return std::nullopt;
          v = m.child(v, uint32_t(index));
        }
        values.push_back(v);
      }
      return values;
    }
    if (form != "parameters" && form != "named_parameters") continue;
    // The parameter's position among the test's own (after self).
    int index = -1, position = 0;
    for (const Param& p : F.params) {
      if (p.name == "self" || p.name == "cls") continue;
      if (p.name == param) index = position;
      ++position;
    }
    if (index < 0) continue;
    const auto isCase = [&](ExprId c) {
      const ExprKind k = m.expr(c).kind;
      return k == ExprKind::Tuple || k == ExprKind::List || k == ExprKind::Dict;
    };
    std::vector<ExprId> cases = args.positional;
    if (cases.size() == 1 && (m.expr(cases[0]).kind == ExprKind::List || m.expr(cases[0]).kind == ExprKind::Tuple) &&
        m.childCount(cases[0]) > 0 && isCase(m.child(cases[0], 0))) {
      const ExprId outer = cases[0];
      cases.clear();
      for (uint32_t i = 0; i < m.childCount(outer); ++i) cases.push_back(m.child(outer, i));
    }
    if (cases.empty()) return std::nullopt;
    const uint32_t skip = form == "named_parameters" ? 1 : 0;  // the case's name first
    for (ExprId c : cases) {
      const Expr& x = m.expr(c);
      if (x.kind == ExprKind::Dict) {
        ExprId found = kNone;
        for (uint32_t i = 0; i + 1 < x.childCount; i += 2) {
          const Expr& key = m.expr(m.child(c, i));
          if (key.kind == ExprKind::String && key.text.size() >= 2 && key.text.substr(1, key.text.size() - 2) == param)
            found = m.child(c, i + 1);
        }
        if (found == kNone) return std::nullopt;
        values.push_back(found);
      } else if (x.kind == ExprKind::Tuple || x.kind == ExprKind::List) {
        if (x.childCount <= skip + uint32_t(index)) return std::nullopt;
        values.push_back(m.child(c, skip + uint32_t(index)));
      } else if (position == 1 && skip == 0) {
        values.push_back(c);  // parameters(A, B) of a one-parameter test
      } else {
        return std::nullopt;
      }
    }
    return values;
  }
  return std::nullopt;
}

// The library modules, classes or functions a test parameter takes (parametrizedValues), when
// every value is one; nothing otherwise.
std::optional<std::vector<std::string>> OriginTracer::parametrizedLibraryModules(const FileModel& m, FunctionId fn,
                                                                                 std::string_view param) const {
  const auto values = parametrizedValues(m, fn, param);
  if (!values || values->empty()) return std::nullopt;
  std::vector<std::string> modules;
  for (ExprId v : *values) {
    // `partial(nk.operator.FermionOperator2ndJax, _mode="mask")`: the class it builds.
    if (m.expr(v).kind == ExprKind::Call)
      if (const CallArgs args = splitCall(m, v); lastDottedComponent(dottedName(m, args.callee)) == "partial" && !args.positional.empty())
        v = args.positional[0];
    const std::string dotted = dottedName(m, v);
    if (dotted.empty()) return std::nullopt;
    // A function named through its module (`ops.softmax`) is one the test may hand to a runner of
    // the library (`graph.batched(fn, 2)`), read where it is run; a class (`dist.Gamma`) is built.
    const std::string_view last = lastDottedComponent(dotted);
    if (m.expr(v).kind != ExprKind::Name && !last.empty() && !std::isupper(static_cast<unsigned char>(last[0]))) return std::nullopt;
    bool viaImport = false;
    std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
    if (!viaImport || !isLibrary(resolved)) return std::nullopt;
    modules.push_back(std::move(resolved));
  }
  return modules;
}

bool OriginTracer::isLibrary(const std::string& name) const {
  // The library's own test suite (theano.gpuarray.tests.config) is test code, not the library.
  static const RE2 testModule(R"((^|\.)(tests?|testing)(\.|$)|(^|\.)(test_\w*|\w*_tests?)\.)");
  if (RE2::PartialMatch(name, testModule)) return false;
  // A name the scanned tree gives a module of a source root (python.mxnet.base) is imported
  // without the root (mxnet.base).
  auto inPackage = [&](std::string_view n) {
    for (const auto& p : packages_)
      if (n == p || (n.size() > p.size() && n.compare(0, p.size(), p) == 0 && n[p.size()] == '.')) return true;
    return false;
  };
  if (inPackage(name)) return true;
  // A custom operator the library registers with PyTorch (`torch.ops.xformers.sparse24_sparsify`,
  // `torch.ops.torchao.quantize_affine`) is the library's own code, called through PyTorch.
  if (name.starts_with("torch.ops.")) {
    const std::string_view rest = std::string_view(name).substr(10);
    if (const std::string_view ns = rest.substr(0, rest.find('.')); !ns.empty() && inPackage(ns)) return true;
  }
  const size_t dot = name.find('.');
  return dot != std::string::npos && isSourceRoot(std::string_view(name).substr(0, dot)) &&
         inPackage(std::string_view(name).substr(dot + 1));
}

std::string OriginTracer::libraryBaseOf(const FileModel& m, FunctionId fn, std::string_view className, int depth) const {
  if (depth > 4) return {};
  for (const ClassDef& c : m.classes) {
    if (c.name != className) continue;
    for (ExprId b : c.bases) {
      const std::string dotted = dottedName(m, b);
      if (dotted.empty()) continue;
      if (std::string r = resolveDotted(m, fn, dotted); isLibrary(r)) return r;
      if (dotted.find('.') == std::string::npos)
        if (std::string r = libraryBaseOf(m, fn, dotted, depth + 1); !r.empty()) return r;
    }
  }
  return {};
}

bool OriginTracer::isInfrastructure(const std::string& name) {
  static const RE2 re(
      R"(^(function|shared|[dfilbcz]?(scalar|vector|matrix|row|col|tensor[0-9]?)s?|TensorType|tensor|placeholder|variable|constant|eval|get_value|set_value|batch_get_value|In|Out|Param|compile|Mode|get_mode|Input|InputLayer|Model|Sequential|fit|zeros|ones|function_dump|make_node|grad|config|floatX|cast_to_floatX|to_dense|get_session|_get_session|clear_session|including|excluding|requiring|clone|optimizer|[A-Za-z_]*[Mm]ode(_[A-Za-z_]*)?|floatx|set_floatx|epsilon|image_data_format|image_dim_ordering|backend|learning_phase|set_learning_phase|seed|dtype)$)");
  std::string_view last = lastDottedComponent(name);
  return RE2::FullMatch(re2::StringPiece(last.data(), last.size()), re);
}

bool isSourceRoot(std::string_view dir) {
  // `src/` (the src layout), `python/` (MXNet, TVM, Arrow), `python-package/` (XGBoost,
  // LightGBM), `lib/`: a directory that holds the packages without being one. Other
  // directories holding packages (extra/, contrib/, plugin/, benchmark/) hold tools and
  // examples, not the library, so only these names are taken.
  static const RE2 re(R"(^(src|lib|python|python[-_]package)$)");
  return RE2::FullMatch(re2::StringPiece(dir.data(), dir.size()), re);
}

std::vector<std::string> libraryPackagesAmong(const std::vector<std::string>& packageDirs) {
  static const RE2 notLibrary(R"(^(tests?|testing|docs?|examples?|benchmarks?|scripts?|tools?|setup|conftest|build|dist|bin|ci)$|test)");
  std::vector<std::string> out;
  for (const std::string& top : packageDirs)
    if (!RE2::PartialMatch(top, notLibrary)) out.push_back(top);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> inferLibraryPackages(const Project& project) {
  std::vector<std::string> packageDirs;
  // `pkg/__init__.py` (a path below a root): `pkg`.
  const auto packageOf = [](std::string_view path) {
    const size_t slash = path.find('/');
    return slash != std::string_view::npos && path.substr(slash) == "/__init__.py" ? path.substr(0, slash) : std::string_view{};
  };
  // A project of its own inside the tree (`projects/DensePose/setup.py` beside
  // `projects/DensePose/densepose/__init__.py`, Detectron2's): its packages are libraries too,
  // which its tests beside them import by their own names.
  std::vector<std::string_view> projectRoots;
  for (const FileModel& f : project.files)
    if (const std::string_view path = f.path; path.ends_with("/setup.py")) projectRoots.push_back(path.substr(0, path.size() - 9));
  for (const FileModel& f : project.files)
    for (const std::string_view root : projectRoots) {
      const std::string_view path = f.path;
      if (!path.starts_with(root) || path.size() <= root.size() + 1 || path[root.size()] != '/') continue;
      if (const std::string_view package = packageOf(path.substr(root.size() + 1)); !package.empty()) packageDirs.emplace_back(package);
    }
  for (const FileModel& f : project.files) {
    // `src/pkg/__init__.py` is imported as `pkg`, like `pkg/__init__.py`; so is
    // `python/src/pkg/__init__.py` (NNabla's), a source root inside another.
    std::string_view path = f.path;
    for (int roots = 0; roots < 2; ++roots)
      if (const size_t slash = path.find('/'); slash != std::string_view::npos && isSourceRoot(path.substr(0, slash)))
        path.remove_prefix(slash + 1);
    auto slash = path.find('/');
    if (slash == std::string_view::npos) continue;
    // `faiss/python/__init__.py`: the Python bindings of the C++ library in faiss/, built and
    // installed as the package `faiss`.
    if (path.substr(slash) == "/python/__init__.py") packageDirs.emplace_back(path.substr(0, slash));
    if (const std::string_view package = packageOf(path); !package.empty()) packageDirs.emplace_back(package);
  }
  // None at the top: a namespace package's (PEP 420), `mujoco/mjx/__init__.py` without a
  // `mujoco/__init__.py` (MuJoCo's MJX, installed as `mujoco.mjx` beside the C engine's bindings).
  if (libraryPackagesAmong(packageDirs).empty()) {
    std::set<std::string_view> regular;
    for (const FileModel& f : project.files)
      if (const std::string_view top = packageOf(f.path); !top.empty()) regular.insert(top);
    for (const FileModel& f : project.files) {
      const std::string_view path = f.path;
      const size_t first = path.find('/');
      if (first == std::string_view::npos || regular.count(path.substr(0, first))) continue;
      if (const std::string_view sub = packageOf(path.substr(first + 1)); !sub.empty())
        packageDirs.push_back(fmt::format("{}.{}", path.substr(0, first), sub));
    }
  }
  return libraryPackagesAmong(packageDirs);
}

}  // namespace oalens::analyzer
