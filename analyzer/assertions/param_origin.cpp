#include "analyzer/assertions/param_origin.h"

#include <re2/re2.h>

#include <algorithm>
#include <iterator>

#include "analyzer/core/words.h"
#include "analyzer/scan/scanner.h"

namespace oalens::analyzer {

bool isPassThrough(std::string_view last) {
  static constexpr std::string_view kNames[] = {
      "asarray", "array", "asanyarray", "ravel", "flatten", "reshape", "squeeze", "astype", "zip", "enumerate", "list", "tuple", "float",
      "int", "eval", "get_value", "numpy", "cpu", "detach", "item", "tolist", "to_dense", "todense", "toarray", "as_numpy",
      "convert_to_numpy", "np_value", "value", "copy", "atleast_1d", "atleast_2d", "concatenate", "stack", "flat", "sorted", "reversed",
      "iter",
      // tinygrad's lazy tensors: `fxn(*args).realize()` is the value `fxn` computes
      "realize",
      // C++ optionals: `opt_atol.value_or(default_atol(t))` is the value the caller passes
      "value_or",
      // backend-neutral conversions: TensorLy's `T.to_numpy(x)`, MXNet's `x.asnumpy()`
      "to_numpy", "asnumpy",
      // device moves of a library (Chainer's `cuda.to_cpu(y)`)
      "to_cpu", "to_gpu", "to_device",
      // the mean of samples: TFP's assertAllMeansClose(samples, expected, axis) checks
      // `tf.reduce_mean(samples, axis)` against `expected`
      "mean", "reduce_mean",
      // pytrees: jax.tree_util.tree_flatten(x) (its leaves first), jax.tree.leaves(x), tf.nest.flatten(x)
      "tree_flatten", "tree_leaves", "leaves",
      // functools.partial(fn, ...) is fn with some arguments bound: calling it calls fn
      "partial",
      // C++: iterators and views of a container parameter, and conversions of its elements
      "begin", "cbegin", "data", "flat", "at", "get", "static_cast", "double"};
  for (auto n : kNames)
    if (last == n) return true;
  return false;
}

// `native::StorageToDataType<const T>` -> StorageToDataType: the last name of a qualified C++
// callee, its template arguments left out; "" for anything else (a member access, a call).
static std::string_view plainCppName(std::string_view text) {
  if (const size_t angle = text.find('<'); angle != std::string_view::npos) {
    if (text.back() != '>') return {};
    text = text.substr(0, angle);
  }
  if (const size_t colons = text.rfind("::"); colons != std::string_view::npos) text.remove_prefix(colons + 2);
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return {};
  return text;
}

bool namesAConversion(std::string_view name) {
  // toDoubles, to_host, asVector, ConvertToFloat, copyToHost; from one representation to another,
  // StorageToDataType, HalfToFloat, fp16_to_fp32; not total(x), topk(x) or photo(x).
  static const RE2 conversion(
      R"(^(?:(?:to|as|convert|copy|cast|To|As|Convert|Copy|Cast)(?:_\w+|[A-Z]\w*)|[A-Z]\w*[a-z0-9]To[A-Z]\w*|[a-z]\w*_to_[a-z]\w*)$)");
  return RE2::FullMatch(re2::StringPiece(name.data(), name.size()), conversion);
}

bool namesAnElementAccessor(std::string_view name) {
  static constexpr std::string_view kNames[] = {"getPtr",   "ptr",     "data_ptr",    "mutable_data", "host_data",  "raw_data",
                                                "get_data", "getData", "data_handle", "host",         "getHostPtr", "host_ptr"};
  return std::ranges::find(kNames, name) != std::end(kNames);
}

bool targetPath(const FileModel& m, ExprId target, std::string_view name, std::vector<uint32_t>& path, int depth) {
  const Expr& t = m.expr(target);
  if (t.kind == ExprKind::Name) return t.name == name;
  if ((t.kind != ExprKind::Tuple && t.kind != ExprKind::List) || depth > 4) return false;
  for (uint32_t i = 0; i < t.childCount; ++i) {
    path.push_back(i);
    if (targetPath(m, m.child(target, i), name, path, depth + 1)) return true;
    path.pop_back();
  }
  return false;
}

bool isSelf(std::string_view name) { return name == "self" || name == "cls"; }

namespace {

// Whether function `g` calls its parameter `name` (`res = metric(trg, pds)`).
bool callsParameter(const FileModel& m, FunctionId g, std::string_view name) {
  const Function& fn = m.functions[g];
  if (!fn.hasParam(name)) return false;
  for (StmtId s = fn.firstStmt; s < fn.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != g) continue;
    for (ExprId e : {st.a, st.b}) {
      if (e == kNone) continue;
      const std::string_view text = m.expr(e).text;
      for (size_t at = findWord(text, name); at != std::string_view::npos; at = findWord(text, name, at + 1)) {
        const size_t next = skipBlanks(text, at + name.size());
        if ((at == 0 || text[at - 1] != '.') && next < text.size() && text[next] == '(') return true;
      }
    }
  }
  return false;
}

}  // namespace

std::string_view adaptedParam(const FileModel& m, FunctionId f, const CallArgs& partialArgs, int hops) {
  // partial(_compute_sklearn_metric, metric=reference_metric, reverse=reverse): a function of
  // this module's that calls the function bound to one of its parameters computes its values
  // with it (torchmetrics' retrieval tests adapt the reference metric so). Only the bound
  // argument the adapter calls counts: `reverse` is a flag, not what it computes with.
  const Expr& fn = m.expr(partialArgs.positional[0]);
  if (fn.kind != ExprKind::Name) return {};
  for (FunctionId g = 0; g < m.functions.size(); ++g) {
    const Function& def = m.functions[g];
    if (def.name != fn.name || def.parent != kNone || def.cls != kNone) continue;
    for (const auto& [keyword, value] : partialArgs.keywords)
      if (callsParameter(m, g, keyword))
        if (const std::string_view origin = originParam(m, f, value, hops + 1, false); !origin.empty()) return origin;
  }
  return {};
}

std::string_view originParam(const FileModel& m, FunctionId f, ExprId e, int hops, bool allowSelf) {
  if (e == kNone || hops > kMaxOriginHops) return {};
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Name: {
      // A method's own object is what the caller calls it on: one side of a check may be its
      // state (`zip(self.losses, losses)`, a baseline kept by the test), never a tolerance.
      if (isSelf(x.name)) return allowSelf ? x.name : std::string_view{};
      const bool isParam = m.functions[f].hasParam(x.name);
      const Function& fn = m.functions[f];
      for (StmtId s = fn.firstStmt; s < fn.endStmt; ++s) {
        const Stmt& st = m.stmts[s];
        if (st.function != f || (st.kind != StmtKind::Assign && st.kind != StmtKind::For)) continue;
        if (st.a == kNone) continue;
        // Where the name sits in the target: x is {} in `x = ...`, {1, 0} in `for i, (x, y) in ...`.
        std::vector<uint32_t> path;
        if (!targetPath(m, st.a, x.name, path, 0)) continue;
        // A parameter keeps its caller's value through `x = np.asarray(x)` and a default set
        // under a condition (`if atol is None: atol = 1e-5`); an assignment in the function's
        // own body from anything else replaces it (Chainer's `def check_forward(self, y): y =
        // F.upsampling_2d(...)`).
        if (isParam && (st.depth != 0 || st.b == kNone || mentionsWord(m.expr(st.b).text, x.name))) continue;
        // for x, y in zip(actual, desired): each target takes its own sequence; enumerate's first
        // is the index. Anything else passes the whole value on.
        ExprId value = st.b;
        for (uint32_t step : path) {
          if (value == kNone || m.expr(value).kind != ExprKind::Call) break;
          CallArgs args = splitCall(m, value);
          const std::string_view callee = m.expr(args.callee).name;
          if (callee == "zip") value = step < args.positional.size() ? args.positional[step] : kNone;
          else if (callee == "enumerate") value = step == 1 && !args.positional.empty() ? args.positional[0] : kNone;
          else break;
        }
        return value == kNone ? std::string_view{} : originParam(m, f, value, hops + 1, allowSelf);
      }
      return isParam ? x.name : std::string_view{};
    }
    case ExprKind::Subscript:
    case ExprKind::Attribute:
    case ExprKind::Starred: return originParam(m, f, m.child(e, 0), hops + 1, allowSelf);
    case ExprKind::Conditional: {
      // x.numpy() if isinstance(x, Tensor) else x: both branches pass x on (or one of them does).
      const std::string_view body = originParam(m, f, m.child(e, 0), hops + 1, allowSelf);
      const std::string_view orelse = originParam(m, f, m.child(e, 2), hops + 1, allowSelf);
      if (body.empty() || orelse.empty() || body == orelse) return body.empty() ? orelse : body;
      return {};
    }
    case ExprKind::UnaryOp:  // C++ *it, &x
      if (x.name == "*" || x.name == "&") return originParam(m, f, m.child(e, 0), hops + 1, allowSelf);
      return {};
    case ExprKind::Call: {
      CallArgs args = splitCall(m, e);
      const Expr& callee = m.expr(args.callee);
      // lax_ans = lax_op(*args): the value of a function the caller passes (JAX's
      // _CheckAgainstNumpy(np_fun, jnp_fun, args_maker, tol=...) compares the two functions).
      if (callee.kind == ExprKind::Name && !isSelf(callee.name) && m.functions[f].hasParam(callee.name)) return callee.name;
      // batch = metric(x) after `metric = metric_class(...)`, or `metric = partial(metric_fn,
      // ...)`: a local made from what the caller passes (torchmetrics' _class_test and
      // _functional_test, which run the metric they are given against a reference).
      if (callee.kind == ExprKind::Name && !isSelf(callee.name) && !isPassThrough(callee.name))
        if (const std::string_view made = originParam(m, f, args.callee, hops + 1, false); !made.empty()) return made;
      // tree_util.tree_map(sparse.todense, ans), map(np.asarray, xs): a function mapped over a
      // value passes the value on (JAX's _CheckAgainstDense densifies the sparse answer so).
      if (callee.name == "tree_map" || callee.name == "map" || callee.name == "map_structure")
        return args.positional.size() >= 2 ? originParam(m, f, args.positional[1], hops + 1, allowSelf) : std::string_view{};
      // cached(reference_metric)(x), jax.jit(fun)(x): a function made by a call from a parameter.
      if (callee.kind == ExprKind::Call)
        if (const CallArgs maker = splitCall(m, args.callee); !maker.positional.empty())
          if (const std::string_view made = originParam(m, f, maker.positional[0], hops + 1, false); !made.empty()) return made;
      if (callee.name == "partial" && !args.positional.empty())
        if (const std::string_view adapted = adaptedParam(m, f, args, hops); !adapted.empty()) return adapted;
      // A C++ function named for converting its one argument (`toDoubles(got)`, `toHost(t)`,
      // `asVector(x)`, `copy_to_host(y)`): the value it is handed, in another type or place.
      // Also qualified and given template arguments (`native::StorageToDataType<const T>(v)`).
      if (m.language == Language::Cpp && args.positional.size() == 1 &&
          (callee.kind == ExprKind::Name ? namesAConversion(callee.name) : namesAConversion(plainCppName(callee.text))))
        return originParam(m, f, args.positional[0], hops + 1, allowSelf);
      // A C++ method so named, given nothing (`a.ToNative()`, `t.toHost()`): its object, elsewhere.
      if (m.language == Language::Cpp && callee.kind == ExprKind::Attribute && args.positional.empty() && args.keywords.empty() &&
          namesAConversion(callee.name))
        return originParam(m, f, m.child(args.callee, 0), hops + 1, allowSelf);
      // A C++ accessor of an object's elements, given nothing (FasterTransformer's
      // `t.getPtr<T>()`, `t.data_ptr()`, `buf.host_data()`): the object's values, seen as a pointer.
      if (m.language == Language::Cpp && callee.kind == ExprKind::Attribute && args.positional.empty() && args.keywords.empty() &&
          namesAnElementAccessor(plainCppName(callee.name)))
        return originParam(m, f, m.child(args.callee, 0), hops + 1, allowSelf);
      // A C++ functional cast names its type in the text only (`double(rtol)`).
      if (!isPassThrough(callee.name.empty() ? callee.text : callee.name)) return {};
      // x.astype(ref.dtype) passes its receiver on, np.asarray(x) and self.to_numpy(x) their argument.
      if (callee.kind == ExprKind::Attribute)
        if (const std::string_view receiver = originParam(m, f, m.child(args.callee, 0), hops + 1, allowSelf);
            !receiver.empty() && (!isSelf(receiver) || args.positional.empty()))
          return receiver;
      if (!args.positional.empty()) return originParam(m, f, args.positional[0], hops + 1, allowSelf);
      return {};
    }
    default: return {};
  }
}

}  // namespace oalens::analyzer
