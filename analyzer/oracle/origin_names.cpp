// Names and shapes of calls the origin tracer reads without tracing into them (origin_walk.h):
// constructors of test data, random draws, builtins, data movements, function transforms.
#include <re2/re2.h>

#include <string_view>

#include "analyzer/assertions/applied_both_ways.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

namespace origin_names {

bool isConstructor(std::string_view last) {
  static constexpr std::string_view k[] = {"array", "asarray", "asanyarray", "zeros", "ones", "eye", "identity", "full", "arange",
                                           "linspace", "empty", "zeros_like", "ones_like", "full_like", "list", "tuple", "float", "int",
                                           "float16", "float32", "float64", "int32", "int64", "astype", "reshape", "copy", "ravel",
                                           "flatten", "tensor", "as_tensor", "from_numpy", "cast", "bool", "complex", "dict", "range",
                                           "repeat", "tile", "floatX", "asfloatx", "squeeze", "expand_dims", "T",
                                           // a tensor's own constructor of another of its type and device (`x.new_tensor(v)`;
                                           // `x.new_zeros(shape)` and kin are shape constructors)
                                           "new_tensor", "empty_like"};
  for (auto n : k)
    if (last == n) return true;
  return false;
}

bool isShapeConstructor(std::string_view last) {
  static constexpr std::string_view k[] = {"zeros", "ones", "empty", "eye", "identity", "zeros_like", "ones_like", "empty_like", "full",
                                           "full_like", "new_zeros", "new_ones", "new_full", "new_empty",
                                           // a shape, not a value computed (`torch.Size([2, 3])`)
                                           "Size", "TensorShape"};
  for (auto n : k)
    if (last == n) return true;
  return false;
}

bool isRandom(std::string_view resolved) {
  static const RE2 re(
      R"((^|\.)random\.|(^|\.)(RandomState|default_rng|Generator|rng|randn|rand|randint|uniform|normal|standard_normal|permutation|shuffle|choice|binomial|multinomial|random_sample|random|rand_[a-z_]+|randn_like|rand_like|random_[a-z_]+)$|\brng\.)");
  return RE2::PartialMatch(re2::StringPiece(resolved.data(), resolved.size()), re);
}

// A function that draws initial parameters by its name: init_fn, init_params, net_init.
bool initializes(std::string_view name) {
  static const RE2 re(R"(^(init|initialize)(_[a-z_]*)?$|_init$)");
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), re);
}

bool isPythonBuiltin(std::string_view name) {
  static constexpr std::string_view k[] = {"abs", "sum", "max",       "min", "len", "round",   "pow",        "sorted", "reversed",
                                           "zip", "map", "enumerate", "all", "any", "getattr", "isinstance", "str",    "divmod"};
  for (auto n : k)
    if (name == n) return true;
  return false;
}

bool convertsToAnotherPackage(std::string_view last) {
  // to_numpy, to_torch, to_float_tensor (fvcore's), as_numpy, asnumpy, tensor_to_numpy, numpy_to_tensor
  static const RE2 conversion(
      R"((?:to|as)_?(?:float_|double_|long_|int_)?(?:numpy|np|torch|tensor|jax|tf)|(?:tensor|numpy|torch)_to_(?:numpy|tensor|torch))");
  return RE2::FullMatch(re2::StringPiece(last.data(), last.size()), conversion);
}

bool movesData(std::string_view last) {
  static constexpr std::string_view k[] = {
      // layout
      "reshape", "view", "view_as", "unsqueeze", "squeeze", "unsqueeze_", "squeeze_", "expand", "expand_as", "expand_dims", "repeat",
      "repeat_interleave", "tile", "permute", "transpose", "t", "swapaxes", "swapdims", "moveaxis", "movedim", "flatten", "ravel",
      "unflatten", "contiguous", "flip", "fliplr", "flipud", "roll", "broadcast_to", "broadcast_as", "atleast_1d", "atleast_2d",
      "atleast_3d", "dimshuffle", "broadcast_arrays",
      // selection
      "narrow", "take", "take_along_axis", "index_select", "select", "unbind", "tensor_split", "chunk", "array_split", "pop",
      // joining
      "stack", "concatenate", "cat", "concat", "hstack", "vstack", "dstack", "column_stack", "row_stack",
      // copies, casts, device moves
      "clone", "copy", "detach", "cpu", "cuda", "to", "numpy", "tolist", "item", "astype", "type_as", "float", "double", "half", "bfloat16",
      "int", "long", "bool", "ascontiguousarray", "asnumpy", "device_put", "block_until_ready", "requires_grad_", "get_value",
      // values placed into a buffer (`np.fill_diagonal(expected, v)`, `np.copyto(out, x)`, `out.copy_(x)`)
      "fill_diagonal", "copyto", "copy_",
      // a buffer filled with one value (`torch.fill_(torch.rand(shape), v)`): that value, of its shape
      "fill_", "fill",
      // a framework's tensor made of a value (`tf.constant(np.log(1 / 3))`)
      "constant", "convert_to_tensor", "as_tensor", "convert_to_numpy", "from_tensor_slices",
      // the leaves of nested structures, flattened or rebuilt (JAX's pytrees)
      "tree_leaves", "tree_flatten", "tree_unflatten", "tree_flatten_with_path", "tree_leaves_with_path", "ravel_pytree"};
  for (auto n : k)
    if (last == n) return true;
  // a library's own device moves and array wrapping (`cuda.to_gpu(x)`, `force_array(y)`)
  return wrapsItsValue(last);
}

bool elementwiseOrReduction(std::string_view last) {
  static constexpr std::string_view k[] = {
      // elementwise
      "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "cbrt", "square", "power", "pow", "float_power", "abs",
      "absolute", "fabs", "sign", "negative", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "asin", "acos",
      "atan", "atan2", "sinh", "cosh", "tanh", "floor", "ceil", "round", "rint", "trunc", "clip", "clamp", "maximum", "minimum", "fmax",
      "fmin", "where", "add", "subtract", "sub", "multiply", "mul", "divide", "div", "true_divide", "floor_divide", "mod", "fmod",
      "remainder", "hypot", "logaddexp", "heaviside", "real", "imag", "conj", "angle", "erf", "erfc", "sigmoid", "expit", "logit", "relu",
      // reductions and products
      "sum", "nansum", "mean", "nanmean", "average", "prod", "cumsum", "cumprod", "max", "min", "amax", "amin", "argmax", "argmin",
      "logsumexp", "dot", "vdot", "matmul", "mm", "bmm", "einsum", "tensordot", "outer", "inner", "kron", "trace", "diff", "var", "std",
      "nanvar", "nanstd", "median", "all", "any", "count_nonzero", "reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod",
      "reduce_logsumexp", "sqrt_", "exp_", "add_", "mul_", "div_", "sub_", "norm", "percentile", "quantile", "sort",
      // arrays built from values (a diagonal, a triangle, pieces, a value per row)
      "diag", "diagonal", "diagflat", "diag_embed", "triu", "tril", "split", "apply_along_axis", "array", "asarray", "tensor", "full",
      "full_like", "zeros", "ones", "eye"};
  for (auto n : k)
    if (last == n) return true;
  return false;
}

bool appliesItsFunction(std::string_view last) {
  // Batching, compiling and differentiating transforms: `value_and_grad(f)(x)` and `jacfwd(f)(x)`
  // are f again, computed another way, as `jit(f)(x)` is; scripting or tracing a module leaves the
  // module (`torch.jit.trace`, Pyro's `jit.trace`), and so do an outlined call (Equinox's
  // `noinline`) and a function made to take sparse arrays (`sparsify`).
  static constexpr std::string_view k[] = {"vmap",
                                           "pmap",
                                           "jit",
                                           "pjit",
                                           "vectorize",
                                           "checkpoint",
                                           "remat",
                                           "filter_jit",
                                           "filter_vmap",
                                           "filter_pmap",
                                           "filter_checkpoint",
                                           "named_call",
                                           "grad",
                                           "value_and_grad",
                                           "jacfwd",
                                           "jacrev",
                                           "jacobian",
                                           "hessian",
                                           "filter_grad",
                                           "filter_value_and_grad",
                                           "script",
                                           "trace",
                                           "noinline",
                                           "sparsify"};
  for (auto n : k)
    if (last == n) return true;
  return false;
}

bool mapsItsFunction(std::string_view last) { return last == "tree_map" || last == "map" || last == "tree_map_with_path"; }

// The value a conversion, copy or device move is called on (`x.asnumpy()`, `y.cuda()`,
// `t.to(device)`): the call hands it on and computes nothing. kNone for any other call, and for
// a module's function of that name (`np.asarray(x)` converts its argument, not the module).
bool visibleFrom(const FileModel& m, const Function& f, FunctionId caller) {
  if (f.parent == kNone) return true;
  for (FunctionId s = caller; s != kNone; s = m.functions[s].parent)
    if (f.parent == s) return true;
  return false;
}

std::vector<std::string_view> lambdaParameters(std::string_view text) {
  std::vector<std::string_view> names;
  for (std::string_view rest = text; !rest.empty();) {
    const size_t comma = std::min(rest.find(','), rest.size());
    std::string_view one = rest.substr(0, comma);
    one = one.substr(0, std::min(one.find('='), one.size()));
    while (!one.empty() && (one.front() == ' ' || one.front() == '*')) one.remove_prefix(1);
    while (!one.empty() && one.back() == ' ') one.remove_suffix(1);
    names.push_back(one);
    rest.remove_prefix(std::min(comma + 1, rest.size()));
  }
  return names;
}

ExprId convertedValue(const FileModel& m, FunctionId fn, ExprId call) {
  if (m.expr(call).kind != ExprKind::Call || m.expr(call).childCount == 0) return kNone;
  const ExprId method = m.child(call, 0);
  // `cuda.to_gpu(x)`, `chainer.Variable(x)`: a device move or wrapping of its first argument.
  if (wrapsItsValue(lastDottedComponent(m.expr(method).text)))
    if (const CallArgs args = splitCall(m, call); !args.positional.empty()) return args.positional[0];
  // A dtype cast is a conversion too (docs/oracles.md: it only moves data).
  if (m.expr(method).kind != ExprKind::Attribute ||
      !(OriginTracer::isConfiguration(std::string(m.expr(method).name)) || m.expr(method).name == "astype"))
    return kNone;
  const ExprId receiver = m.child(method, 0);
  bool isModule = false;
  if (m.expr(receiver).kind == ExprKind::Name || m.expr(receiver).kind == ExprKind::Attribute)
    resolveDotted(m, fn, dottedName(m, receiver), &isModule);
  return isModule ? kNone : receiver;
}

}  // namespace origin_names

}  // namespace oalens::analyzer
