#include "analyzer/assertions/integer_values.h"

#include <re2/re2.h>

#include <string_view>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/model/name_index.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

namespace {

constexpr int kMaxSteps = 8;

std::string_view lastName(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

// torch.int64, torch.long, np.int32, "uint8", int: a dtype of whole numbers (bool included: a
// mask compared with allclose is compared exactly too).
bool namesIntegerDtype(const FileModel& m, ExprId e) {
  if (e == kNone) return false;
  static const RE2 integerDtype(R"(^['"]?(?:(?:torch|np|numpy|jnp|tf)\.)?(?:u?int(?:8|16|32|64)?|long|short|bool_?)['"]?$)");
  const std::string_view text = m.expr(e).text;
  return RE2::FullMatch(re2::StringPiece(text.data(), text.size()), integerDtype);
}

// 3, -1, 0x10 (not 3.0, 1e-3, 2j).
bool isIntegerLiteral(const FileModel& m, ExprId e) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::UnaryOp && (x.name == "-" || x.name == "+") && x.childCount == 1) return isIntegerLiteral(m, m.child(e, 0));
  if (x.kind != ExprKind::Number || x.text.empty()) return false;
  if (x.text.starts_with("0x") || x.text.starts_with("0X")) return true;
  return x.text.find_first_of(".eEjJ") == std::string_view::npos;
}

// [[0, 1, 2], [3, 4, 5]]: nested lists or tuples of integer literals only, at least one.
bool integerLiterals(const FileModel& m, ExprId e, int depth, bool& any) {
  if (depth > kMaxSteps) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::List || x.kind == ExprKind::Tuple) {
    for (uint32_t i = 0; i < x.childCount; ++i)
      if (!integerLiterals(m, m.child(e, i), depth + 1, any)) return false;
    return true;
  }
  any = true;
  return isIntegerLiteral(m, e);
}

// [True, False]: a list or tuple of boolean literals only, at least one.
bool booleanLiterals(const FileModel& m, ExprId e) {
  const Expr& x = m.expr(e);
  if ((x.kind != ExprKind::List && x.kind != ExprKind::Tuple) || x.childCount == 0) return false;
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (m.expr(m.child(e, i)).kind != ExprKind::Bool) return false;
  return true;
}

// 3, [0, 15], ((0, 1), (2, 3)), np.array([4, 14]), jnp.asarray([1, 2]) with no dtype: whole
// numbers written by the test.
bool integerLiteralValue(const FileModel& m, ExprId e) {
  bool any = false;
  if (integerLiterals(m, e, 0, any) && any) return true;
  if (m.expr(e).kind != ExprKind::Call) return false;
  const CallArgs args = splitCall(m, e);
  if (args.callee == kNone || args.positional.size() != 1 || !args.keywords.empty() || args.hasStarArgs) return false;
  const std::string_view last = lastName(m.expr(args.callee).text);
  if (last != "array" && last != "asarray") return false;
  any = false;
  return m.expr(args.positional[0]).kind != ExprKind::Number && integerLiterals(m, args.positional[0], 0, any) && any;
}

// The name a value is read under: a local's or a field's (`sliced.indices_`), a method's that
// answers it (`buf.unfinished_index()`), a string key's (`out[m]['inds']`), through element
// reads and moves between devices and libraries (`inds.cpu().numpy()`, `faces[0]`).
std::string_view valueName(const FileModel& m, ExprId e, int steps) {
  if (e == kNone || steps > kMaxSteps) return {};
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Name:
    case ExprKind::Attribute: return x.name;
    case ExprKind::Subscript: {
      if (x.childCount < 2) return {};
      const Expr& key = m.expr(m.child(e, 1));
      if (key.kind == ExprKind::String && key.text.size() > 2) return key.text.substr(1, key.text.size() - 2);
      return valueName(m, m.child(e, 0), steps + 1);
    }
    case ExprKind::Call: {
      const CallArgs args = splitCall(m, e);
      if (args.callee == kNone) return {};
      if (m.expr(args.callee).kind == ExprKind::Name) return m.expr(args.callee).name;  // top_k_indices(s, 2)
      if (m.expr(args.callee).kind != ExprKind::Attribute) return {};
      const std::string_view method = m.expr(args.callee).name;
      static const RE2 moves(R"(cpu|cuda|numpy|detach|clone|contiguous|tolist|to|squeeze|flatten|ravel)");
      if (RE2::FullMatch(re2::StringPiece(method.data(), method.size()), moves)) return valueName(m, m.child(args.callee, 0), steps + 1);
      return method;
    }
    default: return {};
  }
}

// How surely a name speaks of positions: 2 for a word that only names them (`indices`, `idx`,
// `perm`, mesh `faces`: `expected_faces`, `indices_prev`, `faces_padded`), 1 for one that names
// them or counts as its last word (`unfinished_index`, `plateau_count`; also a float score,
// `jaccard_index`, so only against whole numbers written down); 0 when another word names a
// measure taken at them.
int positionWords(std::string_view name) {
  static const RE2 strong(R"((?i)(?:^|_)(?:indices|indice|inds|idx|idxs|perm|permutation|faces|indptr)(?:_|$))");
  static const RE2 weak(R"((?i)(?:^|_)(?:index|count|counts)_?$)");
  // What is measured at positions is no position: `faces_normals_list`, `grad_faces`, `faces_uvs`.
  static const RE2 measured(
      R"((?i)(?:^|_)(?:normals?|areas?|grads?|gradients?|weights?|dists?|distances?|values?|scores?|probs?|uvs?|feats?|features|coords?)(?:_|$))");
  const re2::StringPiece text(name.data(), name.size());
  if (RE2::PartialMatch(text, measured)) return 0;
  if (RE2::PartialMatch(text, strong)) return 2;
  return RE2::PartialMatch(text, weak) ? 1 : 0;
}

// Whether `dotted` reads a name an import binds to PyTorch (`F.one_hot` after `import
// torch.nn.functional as F`).
bool bindsTorch(const FileModel& m, FunctionId fid, std::string_view dotted) {
  bool viaImport = false;
  const std::string resolved = resolveDotted(m, fid, dotted, &viaImport);
  return viaImport && (resolved == "torch" || resolved.starts_with("torch."));
}

// Whether `e` is a name an import binds (`torch` of `torch.movedim(t, 0, 1)`).
bool isImportedName(const FileModel& m, FunctionId fid, ExprId e) {
  bool viaImport = false;
  if (m.expr(e).kind == ExprKind::Name) resolveDotted(m, fid, m.expr(e).name, &viaImport);
  return viaImport;
}

// Whether `dotted` names, through the file's imports, a class of a library of the scikit-learn
// estimator interface, whose `predict` answers labels; a deep-learning model named a classifier
// (`ImageClassifier.predict`, DeepChem's `MultitaskClassifier`) answers probabilities.
bool followsScikitLearn(const FileModel& m, FunctionId fid, std::string_view dotted) {
  bool viaImport = false;
  const std::string resolved = resolveDotted(m, fid, dotted, &viaImport);
  if (!viaImport) return false;
  for (std::string_view package : {"sklearn.", "lightgbm.", "xgboost.", "catboost.", "cuml."})
    if (resolved.starts_with(package)) return true;
  return false;
}

// Whether the method `method` of an estimator of class `cls` answers whole numbers: `predict` of a
// classifier or a clustering (the scikit-learn interface, which LightGBM's and XGBoost's
// `*Classifier` follow), `transform` of an encoder of labels or categories.
bool estimatorGivesWholeNumbers(std::string_view cls, std::string_view method) {
  static const RE2 labels(
      R"(^(\w*Classifier|LogisticRegression(CV)?|SVC|LinearSVC|NuSVC|Perceptron|(Gaussian|Multinomial|Bernoulli|Complement|Categorical)NB|(MiniBatch)?KMeans|(Bayesian)?GaussianMixture|(Linear|Quadratic)DiscriminantAnalysis)$)");
  static const RE2 codes(R"(^(LabelEncoder|OneHotEncoder|OrdinalEncoder|LabelBinarizer|MultiLabelBinarizer|MissingIndicator)$)");
  const re2::StringPiece name(cls.data(), cls.size());
  if (method == "predict" || method == "fit_predict") return RE2::FullMatch(name, labels);
  if (method == "transform" || method == "fit_transform") return RE2::FullMatch(name, codes);
  return false;
}

bool holds(const FileModel& m, FunctionId fid, StmtId at, ExprId e, int steps) {
  if (e == kNone || steps > kMaxSteps) return false;
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Name: {
      const ExprId bound = throughLocal(m, fid, at, e);
      return bound != e && holds(m, fid, at, bound, steps + 1);
    }
    // faces[0], expected[None]: elements of an integer tensor.
    case ExprKind::Subscript: return holds(m, fid, at, m.child(e, 0), steps + 1);
    // x - y, 2 * x of integer tensors (`torch.tensor([1, 2])`): integers again; not `/`.
    case ExprKind::BinaryOp: {
      if (x.name != "+" && x.name != "-" && x.name != "*" && x.name != "//" && x.name != "%") return false;
      const ExprId left = m.child(e, 0), right = m.child(e, 1);
      const bool leftHolds = holds(m, fid, at, left, steps + 1), rightHolds = holds(m, fid, at, right, steps + 1);
      return (leftHolds && rightHolds) || (leftHolds && isIntegerLiteral(m, right)) || (rightHolds && isIntegerLiteral(m, left));
    }
    case ExprKind::UnaryOp: return x.name == "-" && holds(m, fid, at, m.child(e, 0), steps + 1);
    // `expected = True`: a truth value, compared exactly however the check is spelled.
    case ExprKind::Bool: return true;
    // x.shape, x.ndim: a shape and a rank are whole numbers.
    case ExprKind::Attribute: return x.name == "shape" || x.name == "ndim";
    // [len(paths), len(paths[0])]: a list or tuple of such values, every element one.
    case ExprKind::List:
    case ExprKind::Tuple: {
      if (x.childCount == 0) return false;
      for (uint32_t i = 0; i < x.childCount; ++i)
        if (!holds(m, fid, at, m.child(e, i), steps + 1)) return false;
      return true;
    }
    // {'tokens': jnp.ones([8, 128], jnp.int32), ...}: a structure compared leaf by leaf, every
    // leaf of integers.
    case ExprKind::Dict: {
      if (x.childCount < 2) return false;
      for (uint32_t i = 1; i < x.childCount; i += 2)
        if (!holds(m, fid, at, m.child(e, i), steps + 1)) return false;
      return true;
    }
    case ExprKind::Call: {
      const CallArgs args = splitCall(m, e);
      // torch.tensor([1, 6], **tkwargs): the splat may give a dtype.
      if (args.callee == kNone || args.hasStarArgs) return false;
      for (const auto& [keyword, value] : args.keywords)
        if (keyword == "dtype") return namesIntegerDtype(m, value);
      const Expr& callee = m.expr(args.callee);
      const std::string_view last = lastName(callee.kind == ExprKind::Name || callee.kind == ExprKind::Attribute ? callee.text : "");
      if (last == "argmax" || last == "argmin" || last == "argsort" || last == "nonzero" || last == "argwhere") return true;
      // len(cells), t.numel(), t.dim(): a count.
      if ((callee.kind == ExprKind::Name && last == "len" && !isImportedName(m, fid, args.callee)) ||
          (callee.kind == ExprKind::Attribute && (last == "numel" || last == "dim") && args.positional.empty()))
        return true;
      // PyTorch's one-hot encoding is int64 (`F.one_hot(targets)`); JAX's and TensorFlow's are floats.
      if (last == "one_hot" && callee.kind == ExprKind::Attribute && bindsTorch(m, fid, callee.text)) return true;
      // torch.movedim(t, 0, 1), np.transpose(a): the same elements rearranged.
      static const RE2 rearranged(R"(^(movedim|moveaxis|permute|transpose|reshape|squeeze|unsqueeze|flatten|swapaxes)$)");
      if (callee.kind == ExprKind::Attribute && !args.positional.empty() &&
          RE2::FullMatch(re2::StringPiece(last.data(), last.size()), rearranged) && isImportedName(m, fid, m.child(args.callee, 0)))
        return holds(m, fid, at, args.positional[0], steps + 1);
      if (last == "LongTensor" || last == "IntTensor" || last == "ShortTensor" || last == "ByteTensor" || last == "BoolTensor") return true;
      // jnp.ones([8, 128], jnp.int32), np.full(shape, 3, np.int64): a constructor given an integer
      // dtype by position.
      static const RE2 constructor(R"(^(zeros|ones|full|empty|arange|array|asarray|tensor|constant)$)");
      if (RE2::FullMatch(re2::StringPiece(last.data(), last.size()), constructor))
        for (ExprId a : args.positional)
          if (namesIntegerDtype(m, a) && m.expr(a).kind != ExprKind::Name) return true;
      // jnp.concatenate([zeros_i32, ones_i32], axis=1): joined integer arrays.
      if ((last == "concatenate" || last == "stack" || last == "hstack" || last == "vstack" || last == "cat") && !args.positional.empty() &&
          (m.expr(args.positional[0]).kind == ExprKind::List || m.expr(args.positional[0]).kind == ExprKind::Tuple) &&
          m.childCount(args.positional[0]) > 0) {
        for (uint32_t i = 0; i < m.childCount(args.positional[0]); ++i)
          if (!holds(m, fid, at, m.child(args.positional[0], i), steps + 1)) return false;
        return true;
      }
      if (callee.kind == ExprKind::Attribute) {
        const ExprId receiver = m.child(args.callee, 0);
        // x.long(), x.int(), x.astype(np.int64), x.to(torch.long), x.type(torch.int32)
        if ((last == "long" || last == "int" || last == "short") && args.positional.empty()) return true;
        if ((last == "astype" || last == "to" || last == "type") && !args.positional.empty() && namesIntegerDtype(m, args.positional[0]))
          return true;
        // x.to(device), x.cuda(), x.cpu(), x.clone(): the same values elsewhere.
        if (last == "to" || last == "cuda" || last == "cpu" || last == "clone" || last == "detach" || last == "contiguous" ||
            last == "todense" || last == "toarray")
          return holds(m, fid, at, receiver, steps + 1);
        // model.predict(X) of `model = SGDClassifier(...)`: the class labels of an estimator of the
        // scikit-learn interface; `enc.transform(x)` of a label or one-hot encoder: codes.
        if (m.expr(receiver).kind == ExprKind::Name && fid != kNone)
          if (const ExprId made = throughLocal(m, fid, at, receiver); made != receiver && m.expr(made).kind == ExprKind::Call)
            if (const ExprId maker = splitCall(m, made).callee; maker != kNone && followsScikitLearn(m, fid, m.expr(maker).text))
              return estimatorGivesWholeNumbers(lastName(m.expr(maker).text), last);
      }
      // torch.tensor([[0, 1, 2]]): PyTorch makes a tensor of integer literals int64, and its
      // closeness checks compare only tensors of one dtype.
      // Also through a test suite's backend module (`F.tensor([1, 2, 2])`, DGL's), PyTorch's under it.
      if ((last == "tensor" || last == "as_tensor") && callee.kind == ExprKind::Attribute && !args.positional.empty()) {
        bool any = false;
        return integerLiterals(m, args.positional[0], 0, any) && any &&
               (m.expr(args.positional[0]).kind == ExprKind::List || m.expr(args.positional[0]).kind == ExprKind::Tuple);
      }
      return false;
    }
    default: return false;
  }
}

// `std::vector<unsigned int> peaks = {...}`, `std::array<int, 4> path{...}`, `int64_t idx[] =
// {...}`: a container or array declared with an integer element type (a scalar `int n` is left
// out: counts are compared exactly anyway, and a float check may read one).
bool declaresIntegerElements(std::string_view declaration) {
  static const RE2 integerTemplate(
      R"(^(?:(?:static|const|constexpr)\s+)*(?:\w+::)*(\w+)\s*<\s*(?:std::)?(?:u?int(?:8|16|32|64)_t|int|unsigned(?: int)?|long(?: long)?|short|size_t|bool)\s*[,>])");
  static const RE2 integerArray(
      R"(^(?:(?:static|const|constexpr)\s+)*(?:std::)?(?:u?int(?:8|16|32|64)_t|int|unsigned(?: int)?|long|size_t)\s+\w+\s*\[)");
  const re2::StringPiece text(declaration.data(), declaration.size());
  if (std::string name; RE2::PartialMatch(text, integerTemplate, &name))
    return name != "map" && name != "unordered_map" && name != "multimap" && name != "pair" && name != "tuple" && name != "function" &&
           name != "variant";
  return RE2::PartialMatch(text, integerArray);
}

// An array or container of integers declared at file scope in `m` or one of `headers`
// (uTensor's generated `static const int16_t s_ref_out[784] = {...}` in a constants header).
bool fileScopeIntegerElements(const FileModel& m, std::span<const FileModel* const> headers, std::string_view name) {
  const auto declares = [&](const FileModel& file) {
    const StmtId s = moduleLevelAssignment(file, name);
    return s != kNone && s < file.stmts.size() && declaresIntegerElements(file.stmts[s].text);
  };
  if (declares(m)) return true;
  for (const FileModel* header : headers)
    if (header && declares(*header)) return true;
  return false;
}

// `int16_t tmp;` (or `= ...`) declared in the function before `at`: a scalar of an integer type.
bool declaresIntegerScalar(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  if (fid == kNone || fid >= m.functions.size()) return false;
  static const RE2 scalar(
      R"(^(?:(?:static|const|constexpr)\s+)*(?:std::)?(?:u?int(?:8|16|32|64)_t|int|unsigned(?: int)?|long(?: long)?|short)\s+(\w+)\s*[;=({])");
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < at && s < f.endStmt && s < m.stmts.size(); ++s) {
    if (m.stmts[s].function != fid) continue;
    std::string declared;
    const std::string_view text = m.stmts[s].text;
    if (RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), scalar, &declared) && declared == name) return true;
  }
  return false;
}

// C++: values made with an integer element type written as a template argument (a container's
// first one: `std::vector<int>`, `xt::xarray<long>`; not a map's key or a pair's first)
// (`read_vector<int64_t>(result)`, a method's, `m.GetOutput<uint8>()` with TFLite's `uint8`, `std::vector<int>{1, 2}`, nGraph's integer op
// tests), also through a local bound to one, and arrays of integers declared at file scope.
bool cppHolds(const FileModel& m, FunctionId fid, StmtId at, ExprId e, std::span<const FileModel* const> headers, int steps) {
  if (e == kNone || steps > kMaxSteps) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) {
    const StmtId binding = fid == kNone ? kNone : localBindingStmt(m, fid, at, x.name);
    if (binding != kNone && declaresIntegerElements(m.stmts[binding].text)) return true;
    if (binding == kNone && fileScopeIntegerElements(m, headers, x.name)) return true;
    const ExprId bound = binding == kNone ? e : m.stmts[binding].b;
    if (bound != e) return cppHolds(m, fid, at, bound, headers, steps + 1);
    // A lambda's capture (`falses` of the test that defines `auto check = [&](dtype t) {...}`):
    // the enclosing function's local, as bound before the lambda.
    if (fid == kNone || m.functions[fid].parent == kNone) return false;
    const FunctionId outer = m.functions[fid].parent;
    const StmtId before = m.functions[fid].firstStmt;
    const ExprId captured = throughLocal(m, outer, before, e);
    return captured != e && cppHolds(m, outer, before, captured, headers, steps + 1);
  }
  if (x.kind == ExprKind::Subscript) return cppHolds(m, fid, at, m.child(e, 0), headers, steps + 1);
  // `sA + 5`, `s - t`: arithmetic of integer values with integer literals keeps them integers;
  // so does a scalar declared with an integer type beside them (`tmp - ref[i]` of an `int16_t
  // tmp`), though not alone (a count a float check may read).
  if (x.kind == ExprKind::BinaryOp && (x.name == "+" || x.name == "-" || x.name == "*")) {
    bool held = false;
    for (uint32_t i = 0; i < x.childCount; ++i) {
      const ExprId c = m.child(e, i);
      if (isIntegerLiteral(m, c)) continue;
      if (m.expr(c).kind == ExprKind::Name && declaresIntegerScalar(m, fid, at, m.expr(c).name)) continue;
      if (!cppHolds(m, fid, at, c, headers, steps + 1)) return false;
      held = true;
    }
    return held;
  }
  // A cast (`static_cast<int32_t>(c[i])`) converts one value: XNNPACK's quantized outputs are
  // compared within a tolerance some platforms set to 1.
  if (x.text.find("_cast<") != std::string_view::npos) return false;
  static const RE2 integerElements(
      R"(^[A-Za-z_](?:[\w:.]|->)*\s*<\s*(?:std::)?(?:u?int(?:8|16|32|64)(?:_t)?|int|unsigned|long|long long|short|size_t|bool)\s*>\s*[({])");
  // Not a dequantization named for it (`m.GetDequantizedOutput<uint8_t>()` gives floats of integers stored so).
  static const RE2 dequantizes(R"((?i)^[^<]*dequantiz)");
  if (RE2::PartialMatch(re2::StringPiece(x.text.data(), x.text.size()), integerElements) &&
      !RE2::PartialMatch(re2::StringPiece(x.text.data(), x.text.size()), dequantizes))
    return true;
  // A comparison's result (`a > b`) holds booleans.
  if (x.kind == ExprKind::Compare) return true;
  if (x.kind == ExprKind::Other && m.childCount(e) == 1) return cppHolds(m, fid, at, m.child(e, 0), headers, steps + 1);
  if (x.kind != ExprKind::Call) return false;
  const CallArgs args = splitCall(m, e);
  if (args.callee == kNone) return false;
  // `s(0, 1)` of a tensor `s` a local holds: an element or slice of it.
  if (m.expr(args.callee).kind == ExprKind::Name && fid != kNone && throughLocal(m, fid, at, args.callee) != args.callee)
    return cppHolds(m, fid, at, args.callee, headers, steps + 1);
  // `f2.data()`, `t.slice(c)` of a `Tensor<uint8_t> f2`: a view of the values the object holds.
  if (const Expr& c = m.expr(args.callee); c.kind == ExprKind::Attribute && m.childCount(args.callee) > 0) {
    static const RE2 view(R"(^(data|values|slice|row|col|at|index|array|matrix|view)$)");
    if (RE2::FullMatch(re2::StringPiece(c.name.data(), c.name.size()), view))
      return cppHolds(m, fid, at, m.child(args.callee, 0), headers, steps + 1);
  }
  const std::string_view callee = m.expr(args.callee).text;
  const std::string_view last = callee.substr(callee.rfind(':') == std::string_view::npos ? 0 : callee.rfind(':') + 1);
  // Positions and counts (`fl::argsort(t, 0)`, `countNonzero(b)`), and a tensor given an integer
  // element type (`fl::full(shape, 5, fl::dtype::s32)`) or filled with an integer literal and no
  // type (`fl::full(shape, 23)`: Flashlight makes it s32).
  static const RE2 positions(R"((?i)^(argsort|argmax|argmin|nonzero|count_?nonzero)$)");
  if (RE2::FullMatch(re2::StringPiece(last.data(), last.size()), positions)) return true;
  static const RE2 integerType(R"(\bdtype::(?:s|u)(?:8|16|32|64)\b|\bdtype::b8\b|\bk(?:Int|UInt|Long|Bool)\w*\b)");
  for (ExprId a : args.positional) {
    // `iota(shape, tiles, dtype)` after `const auto dtype = dtype::s32;`: the type a local holds.
    if (RE2::PartialMatch(re2::StringPiece(m.expr(a).text.data(), m.expr(a).text.size()), integerType)) return true;
    static const RE2 integerTypeName(R"(^(?:\w+::)*(?:dtype::(?:[su](?:8|16|32|64)|b8)|k(?:Int|UInt|Long|Bool)\w*)$)");
    const ExprId given = fid == kNone || m.expr(a).kind != ExprKind::Name ? a : throughLocal(m, fid, at, a);
    if (given != a && RE2::FullMatch(re2::StringPiece(m.expr(given).text.data(), m.expr(given).text.size()), integerTypeName)) return true;
  }
  // `Tensor::fromVector({8}, peaks)` of a `std::vector<unsigned>`: a tensor of the container's
  // element type.
  if (last == "fromVector" || last == "fromArray" || last == "fromBuffer")
    for (ExprId a : args.positional)
      if (m.expr(a).kind == ExprKind::Name && cppHolds(m, fid, at, a, headers, steps + 1)) return true;
  if ((last == "full" || last == "full_like") && args.positional.size() == 2) return isIntegerLiteral(m, args.positional[1]);
  return false;
}

}  // namespace

bool holdsIntegers(const FileModel& m, FunctionId fid, StmtId at, ExprId e, std::span<const FileModel* const> headers) {
  if (m.language == Language::Cpp) return cppHolds(m, fid, at, e, headers, 0);
  if (m.language != Language::Python || fid == kNone) return false;
  return holds(m, fid, at, e, 0);
}

bool namesAnIntegerScalarType(std::string_view type) {
  static const RE2 integer(
      R"(^\s*(?:const\s+)?(?:unsigned\s+)?(?:std::)?(?:int|long|long long|short|size_t|u?int(?:8|16|32|64)_t|index_t|\w+_int)\s*&?\s*$)");
  return RE2::FullMatch(re2::StringPiece(type.data(), type.size()), integer);
}

bool holdsFloats(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (m.language != Language::Cpp || fid == kNone || e == kNone) return false;
  while (m.expr(e).kind == ExprKind::Subscript) e = m.child(e, 0);
  if (m.expr(e).kind != ExprKind::Name) return false;
  const StmtId binding = localBindingStmt(m, fid, at, m.expr(e).name);
  static const RE2 floatElements(
      R"(^(?:(?:static|const|constexpr)\s+)*(?:\w+::)*\w+\s*<\s*(?:std::)?(?:float|double|half|long double)\s*[,>])");
  const std::string_view text = binding != kNone ? m.stmts[binding].text : std::string_view{};
  if (binding != kNone) return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), floatElements);
  // A parameter of the function (`const Buffer<double>& output_ref`).
  for (const Param& p : m.functions[fid].params)
    if (p.name == m.expr(e).name) return RE2::PartialMatch(re2::StringPiece(p.type.data(), p.type.size()), floatElements);
  return false;
}

bool comparesPositions(const FileModel& m, ExprId a, ExprId b) {
  if (a == kNone || b == kNone) return false;
  if (booleanLiterals(m, a) || booleanLiterals(m, b)) return true;
  const int wordsA = positionWords(valueName(m, a, 0)), wordsB = positionWords(valueName(m, b, 0));
  return (wordsA == 2 && wordsB == 2) || (wordsA > 0 && integerLiteralValue(m, b)) || (wordsB > 0 && integerLiteralValue(m, a));
}

bool checksIntegerElements(const FileModel& m, ExprId call) {
  if (m.language != Language::Cpp || call == kNone || m.expr(call).kind != ExprKind::Call || m.childCount(call) == 0) return false;
  static const RE2 integerArguments(
      R"(^[A-Za-z_][\w:]*\s*<\s*(?:(?:std::)?(?:u?int(?:8|16|32|64)_t|int|unsigned(?: int| char)?|long(?: long)?|short|size_t|bool)\s*,?\s*)+>$)");
  const std::string_view callee = m.expr(m.child(call, 0)).text;
  return RE2::FullMatch(re2::StringPiece(callee.data(), callee.size()), integerArguments);
}

bool bothIntegerLiterals(const FileModel& m, ExprId a, ExprId b) {
  return a != kNone && b != kNone && isIntegerLiteral(m, a) && isIntegerLiteral(m, b);
}

}  // namespace oalens::analyzer
