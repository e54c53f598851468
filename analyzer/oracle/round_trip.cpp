#include "analyzer/oracle/round_trip.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/origin_walk.h"
#include "analyzer/oracle/training_targets.h"

namespace oalens::analyzer {

bool computesWithLibrary(const OriginSet& s) {
  for (const auto& o : s.items)
    if (OriginTracer::computes(o)) return true;
  return false;
}

bool computesBeyondBuilding(const OriginSet& s) {
  for (const auto& o : s.items)
    if (OriginTracer::computes(o) && !OriginTracer::buildsLibraryObject(o)) return true;
  return false;
}

std::string handedName(std::string_view expressionText) {
  // Only what moves data: a device or dtype move, a copy, a detach, the tensor's storage.
  static const RE2 re(
      R"(([A-Za-z_][A-Za-z_0-9]*)(?:\.(?:data|T)|\.(?:detach|clone|cpu|cuda|numpy|contiguous|float|double|to)\([^()]*\))*)");
  const std::string text = normalized(expressionText);
  std::string name;
  if (!RE2::FullMatch(text, re, &name)) return {};
  if (name == "self" || name == "None" || name == "True" || name == "False") return {};
  return name;
}

bool takesAsArgument(const OriginSet& side, const std::string& name) {
  if (name.empty()) return false;
  for (const Origin& o : side.items) {
    // A shape or dtype taken from a value (`reshape_as(acq)`, `type_as(x)`) computes nothing from it.
    const std::string_view last = lastDottedComponent(o.api);
    if (!OriginTracer::computes(o) || isArrayMethod(o.api) || (last.size() > 3 && last.substr(last.size() - 3) == "_as")) continue;
    // A nested call's own arguments are its own origin's: only whole arguments are compared.
    const std::vector<std::string> parts = topLevelArguments(o.args);
    // A lambda's parameters (`lambdai,y,v1,v2:...`) are its own names, not the values handed.
    bool parameters = false;
    for (const std::string& part : parts) {
      if (part.rfind("lambda", 0) == 0) parameters = true;
      // `x@12`: x as changed at line 12 (origin_calls.cpp), still the value bound to x.
      if (!parameters && (part == name || (part.size() > name.size() && part.starts_with(name) && part[name.size()] == '@'))) return true;
      if (part.find(':') != std::string::npos) parameters = false;
    }
  }
  return false;
}

bool sameBindingOf(const OriginSet& one, const OriginSet& other, const std::string& name) {
  const std::string suffix = ":" + name;
  const auto of = [&](const OriginSet& s) {
    std::set<std::string> found;
    // What changed it in place counts as a binding: a value changed after it was handed on
    // (`mujoco.mj_fwdActuation(m, d)` after `put_data(m, d)`) is no longer what was handed.
    for (const std::set<std::string>* names : {&s.bindings, &s.updates})
      for (const std::string& b : *names)
        if (b.size() > suffix.size() && b.compare(b.size() - suffix.size(), suffix.size(), suffix) == 0) found.insert(b);
    return found;
  };
  // Equal sets: a name rebound from its own earlier value (R1 = decompose(essential(R1, ...)))
  // holds both bindings on one side and only the first on the other.
  return of(one) == of(other);
}

bool readsBack(const OriginSet& side) {
  static const RE2 reading(R"((^|\.)(load|loads|load_[a-z0-9_]+|restore|from_file|from_pretrained|read_pickle|unpickle|deserialize)$)");
  for (const Origin& o : side.items)
    if ((o.kind == OriginKind::LibCall || o.kind == OriginKind::OtherLib || o.kind == OriginKind::Data) &&
        RE2::PartialMatch(o.api, reading))
      return true;
  return false;
}

std::vector<std::string> storedBefore(const FileModel& m, FunctionId fn, StmtId at) {
  static const RE2 storing(
      R"((?:^|[^A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*\.)?(?:save|dump|dumps|save_[a-z0-9_]+|serialize|to_file|export)\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)?)");
  std::vector<std::string> stored;
  if (fn == kNone) return stored;
  for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s) {
    if (m.stmts[s].function != fn) continue;
    re2::StringPiece text(m.stmts[s].text.data(), m.stmts[s].text.size());
    std::string owner, first;
    while (RE2::FindAndConsume(&text, storing, &owner, &first)) {
      if (!first.empty()) stored.push_back(first);
      // `model.save(dir)` stores the model; `torch.save(p, f)` and `pickle.dump(x, f)` their argument.
      if (!owner.empty()) stored.push_back(owner.substr(0, owner.size() - 1));
    }
  }
  return stored;
}

bool onlyWrapsData(const OriginSet& side) {
  for (const Origin& o : side.items) {
    if (!OriginTracer::computes(o)) continue;
    const std::string_view last = lastDottedComponent(o.api);
    if (last.empty() || !std::isupper(static_cast<unsigned char>(last[0]))) return false;
  }
  return true;
}

std::optional<RoundTrip> handedBack(const Sides& sides, const OriginSet& actual, const OriginSet& oracle) {
  const auto handed = [](const std::string& name, const OriginSet& value, const OriginSet& computed, const std::string& made,
                         const std::string& last) {
    if (name.empty() || !takesAsArgument(computed, name) || !computesWithLibrary(computed) || !sameBindingOf(value, computed, name))
      return false;
    // A function handed to the library (`batch(kernel_fn)`) is run, not given back.
    const auto calls = [&](const OriginSet& s) {
      return std::any_of(s.items.begin(), s.items.end(), [&](const Origin& o) {
        return o.kind != OriginKind::Data && o.kind != OriginKind::Literal && (o.api == name || o.api == name + "()");
      });
    };
    if (calls(value) || calls(computed)) return false;
    // Literals and arrays of the test's own say so by themselves, unless the trace was cut short
    // before it reached them all (an input built by nested stacking deeper than the budget).
    const bool cutShort = std::any_of(value.items.begin(), value.items.end(),
                                      [](const Origin& o) { return o.kind == OriginKind::Unknown && o.reason == kTraceTooDeep; });
    if (!computesWithLibrary(value) && !value.has(OriginKind::OtherLib) && !value.arithmetic && !value.loop && !cutShort) return false;
    // The same function making the value and ending the CUT's side is a relation of two of its
    // runs; unless the value is handed to another function first, which the CUT's side undoes
    // (`tensor = cp_to_tensor(init)`, then `cp_to_tensor(constrained_parafac(tensor))`: a
    // decomposition checked by the tensor it was given).
    const bool handedToAnother = std::any_of(computed.items.begin(), computed.items.end(), [&](const Origin& o) {
      if (!OriginTracer::computes(o) || o.api == made || isArrayMethod(o.api)) return false;
      const std::vector<std::string> parts = topLevelArguments(o.args);
      return !parts.empty() && parts[0] == name;
    });
    return made.empty() || made != last || handedToAnother;
  };
  const std::string oracleName = handedName(sides.expectedText), actualName = handedName(sides.actualText);
  if (oracleName == actualName) return std::nullopt;
  RoundTrip trip;
  if (!handed(oracleName, oracle, actual, sides.oraclePrimary, sides.actualPrimary)) {
    if (!handed(actualName, actual, oracle, sides.actualPrimary, sides.oraclePrimary) || takesAsArgument(actual, oracleName))
      return std::nullopt;
    trip.swapSides = true;
  }
  trip.type = "D";
  trip.reason = fmt::format("the oracle `{}` is the test's own input, handed to the CUT and compared with what comes back",
                            trip.swapSides ? actualName : oracleName);
  return trip;
}

namespace {

// What a value reads once copies and data movements are peeled off: `p1.clone().data` ->
// `p1`, `a.kernel[...]` -> `a.kernel`, `np.array(x.w)` -> `x.w`; "" for anything computed.
std::string readPath(std::string_view text) {
  std::string t = normalized(text);
  static const RE2 wrapped(R"((?:np|numpy|jnp|copy|torch)\.(?:array|asarray|copy|deepcopy|clone)\((.*)\))");
  static const RE2 moved(
      R"((.*?)(?:\.(?:data|T)|\.(?:detach|clone|copy|cpu|cuda|numpy|contiguous|to|item|tolist)\([^()]*\)|\[(?:\.\.\.|:)\]))");
  for (int i = 0; i < 8; ++i) {
    std::string inner;
    if (RE2::FullMatch(t, wrapped, &inner) || RE2::FullMatch(t, moved, &inner)) {
      t = inner;
      continue;
    }
    break;
  }
  static const RE2 path(R"([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)");
  if (!RE2::FullMatch(t, path) || t == "self" || t == "None" || t == "True" || t == "False") return {};
  return t;
}

}  // namespace

std::optional<RoundTrip> snapshotBeforeACall(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  for (const bool oracleIsSnapshot : {true, false}) {
    const std::string_view snapshotText = oracleIsSnapshot ? sides.expectedText : sides.actualText;
    const std::string_view laterText = oracleIsSnapshot ? sides.actualText : sides.expectedText;
    const std::string name = handedName(snapshotText);
    const std::string later = readPath(laterText);
    // A gradient is what a backward pass computes, not state the test set (`expected_grad = x.grad`).
    if (name.empty() || later.empty() || name == later || later.ends_with("grad") || later.find(".grad.") != std::string::npos) continue;
    const StmtId bound = localBindingStmt(m, fn, at, name);
    if (bound == kNone || m.stmts[bound].b == kNone || m.stmts[bound].kind != StmtKind::Assign) continue;
    if (readPath(m.expr(m.stmts[bound].b).text) != later) continue;
    // Something ran in between: a call made as a statement (`opt.step()`, `f(m)`; not a check),
    // and neither the value read nor the snapshot was bound or written anew since (`func, y0, t =
    // self.problem()`, `kp2._data[0, 0] = 999.0`).
    const std::string root = later.substr(0, later.find('.'));
    // Seeding a generator runs nothing (`torch.manual_seed(24)` before a second run that
    // reproduces the snapshot: SCUT_SAME).
    static const RE2 check(R"((?i)(^|\.)((assert|check|expect|verify)\w*|\w*seed\w*)$)");
    bool ran = false, rebound = false;
    for (StmtId s = bound + 1; s < at && s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fn || st.a == kNone) continue;
      if (st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
        const std::string callee(m.expr(m.child(st.a, 0)).text);
        if (!RE2::PartialMatch(callee, check)) ran = true;
      }
      if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign || st.kind == StmtKind::For) &&
          (mentionsWord(m.expr(st.a).text, root) || mentionsWord(m.expr(st.a).text, name)))
        rebound = true;
    }
    if (!ran || rebound) continue;
    RoundTrip trip;
    trip.swapSides = !oracleIsSnapshot;
    trip.type = "D";
    trip.reason = fmt::format("the oracle `{}` is a snapshot of `{}` the test took at line {}, before the calls that follow it", name,
                              later, m.stmts[bound].range.start.line);
    return trip;
  }
  return std::nullopt;
}

std::optional<RoundTrip> snapshotBeforeARebuild(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  const Function& f = m.functions[fn];
  for (const bool oracleIsSnapshot : {true, false}) {
    const std::string name = handedName(oracleIsSnapshot ? sides.expectedText : sides.actualText);
    std::string later = readPath(oracleIsSnapshot ? sides.actualText : sides.expectedText);
    // `final_constant = trained.prior.mean_function.constant.value`, then `final_constant`: the path it read.
    if (!later.empty() && later.find('.') == std::string::npos)
      if (const ExprId value = localBinding(m, fn, at, later); value != kNone) later = readPath(m.expr(value).text);
    const size_t laterDot = later.rfind('.');
    if (name.empty() || later.empty() || laterDot == std::string::npos || later.ends_with("grad")) continue;
    const StmtId bound = localBindingStmt(m, fn, at, name);
    if (bound == kNone || m.stmts[bound].b == kNone || m.stmts[bound].kind != StmtKind::Assign) continue;
    const std::string snapshot = readPath(m.expr(m.stmts[bound].b).text);
    const size_t dot = snapshot.find('.');
    if (dot == std::string::npos || snapshot.substr(snapshot.rfind('.')) != later.substr(laterDot)) continue;
    const std::string object = snapshot.substr(0, dot), root = later.substr(0, later.find('.'));
    if (object == root) continue;  // the same object read again: snapshotBeforeACall's
    // State the test gave an object of a class it built (`meanf = Constant(constant=1.0)`), not
    // what a function computed (`rasterized = rasterize(...).layer(0)`).
    const ExprId made = localBinding(m, fn, bound, object);
    if (made == kNone || m.expr(made).kind != ExprKind::Call) continue;
    const std::string_view cls = lastDottedComponent(m.expr(splitCall(m, made).callee).text);
    if (cls.empty() || !std::isupper(static_cast<unsigned char>(cls[0]))) continue;
    // The names built from the object, in order, up to the call that binds the root after the
    // snapshot; that call must be handed one of them.
    std::vector<std::string> derived{object};
    bool rebuilt = false;
    for (StmtId s = f.firstStmt; s < at && s < m.stmts.size() && !rebuilt; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fn || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
      const std::string_view value = m.expr(st.b).text;
      const bool fromObject = std::ranges::any_of(derived, [&](const std::string& d) { return mentionsWord(value, d); });
      if (s > bound && mentionsWord(m.expr(st.a).text, root) && m.expr(st.b).kind == ExprKind::Call && fromObject) rebuilt = true;
      else if (fromObject)
        for (const std::string& target : topLevelArguments(normalized(m.expr(st.a).text)))
          if (!target.empty() && !std::ranges::count(derived, target)) derived.push_back(target);
    }
    if (!rebuilt || localBindingStmt(m, fn, at, root) <= bound) continue;
    RoundTrip trip;
    trip.swapSides = !oracleIsSnapshot;
    trip.type = "D";
    trip.reason = fmt::format("the oracle `{}` is `{}` as the test set it at line {}, before a call made `{}` from it", name, snapshot,
                              m.stmts[bound].range.start.line, root);
    return trip;
  }
  return std::nullopt;
}

namespace {

// Whether `name` is bound at statement `st` by what bound it before statement `from`
// (`_, _, dl = self._init(seed=1)` twice): then it holds the same value again.
bool boundAsBefore(const FileModel& m, FunctionId fn, StmtId from, const Stmt& st, const std::string& name) {
  for (StmtId b = from; b-- > m.functions[fn].firstStmt && st.b != kNone;) {
    const Stmt& earlier = m.stmts[b];
    if (earlier.function != fn || earlier.kind != StmtKind::Assign || earlier.a == kNone || earlier.b == kNone) continue;
    const std::vector<std::string> bound = topLevelArguments(normalized(m.expr(earlier.a).text));
    if (std::find(bound.begin(), bound.end(), name) == bound.end()) continue;
    return normalized(m.expr(earlier.b).text) == normalized(m.expr(st.b).text);
  }
  return false;
}

// Whether statement `st` binds `name` to its own value moved or cast (`x = x.astype(np.float64)`,
// `x = device_put(jnp.asarray(x))`): the same data.
bool movedOnly(const FileModel& m, const Stmt& st, const std::string& name) {
  if (st.b == kNone || m.expr(st.b).kind != ExprKind::Call || !mentionsWord(m.expr(st.b).text, name)) return false;
  return origin_names::movesData(lastDottedComponent(m.expr(m.child(st.b, 0)).text));
}

// `p1.copy()`, `p1.clone()`, `copy.deepcopy(p1)`, also moved on (`copy.deepcopy(lin).to(device)`).
bool copies(const FileModel& m, FunctionId fn, ExprId e, std::string_view original) {
  for (int peeled = 0; peeled < 4 && e != kNone; ++peeled) {
    if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) return false;
    const CallArgs call = splitCall(m, e);
    const Expr& callee = m.expr(call.callee);
    const std::string_view last = callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name ? callee.name : std::string_view{};
    const auto isOriginal = [&](ExprId x) { return x != kNone && m.expr(x).kind == ExprKind::Name && m.expr(x).name == original; };
    if (namesACopy(last) && callee.kind == ExprKind::Attribute && isOriginal(m.child(call.callee, 0))) return true;
    if ((last == "deepcopy" || last == "copy") && !call.positional.empty() && isOriginal(call.positional[0])) return true;
    e = origin_names::convertedValue(m, fn, e);
  }
  return false;
}

// The leading name of a plain name or attribute chain (`the_copy.diagonal`: the_copy), else "".
std::string_view leadingName(std::string_view text) {
  static const RE2 chain(R"([A-Za-z_]\w*(\.[A-Za-z_]\w*)*)");
  if (!RE2::FullMatch(re2::StringPiece(text.data(), text.size()), chain)) return {};
  return text.substr(0, std::min(text.find('.'), text.size()));
}

}  // namespace

// The identifiers of a code text, in order (`geom.apply_cost(x, axis=0)`: geom, apply_cost, x, axis).
std::vector<std::string> identifiersOf(std::string_view text) {
  static const RE2 identifier(R"(([A-Za-z_][A-Za-z0-9_]*))");
  std::vector<std::string> words;
  re2::StringPiece rest(text.data(), text.size());
  for (std::string word; RE2::FindAndConsume(&rest, identifier, &word);) words.push_back(std::move(word));
  return words;
}

std::optional<RoundTrip> copyComparedWithItsOriginal(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  const std::string_view actual = leadingName(sides.actualText), expected = leadingName(sides.expectedText);
  if (actual.empty() || expected.empty() || actual == expected) return std::nullopt;
  // The same attribute of both (`the_copy.diagonal` against `p1.diagonal`), or the objects
  // themselves; not a gradient autograd left on each (`inputs.grad` after a backward of each run).
  const std::string_view attribute = sides.actualText.substr(actual.size());
  if (attribute != sides.expectedText.substr(expected.size()) || mentionsWord(attribute, "grad")) return std::nullopt;
  const auto copyOf = [&](std::string_view copy, std::string_view original) {
    const StmtId binding = lastBindingBefore(m, fn, at, copy);
    if (binding == kNone || m.stmts[binding].b == kNone) return false;
    const Stmt& b = m.stmts[binding];
    if (b.kind == StmtKind::Assign) return m.expr(b.a).kind == ExprKind::Name && copies(m, fn, b.b, original);
    // for the_copy in [p1.copy(), copy.deepcopy(p1)]: every element a copy.
    const Expr& items = m.expr(b.b);
    if (m.expr(b.a).kind != ExprKind::Name || (items.kind != ExprKind::List && items.kind != ExprKind::Tuple) || items.childCount == 0)
      return false;
    for (uint32_t i = 0; i < items.childCount; ++i)
      if (!copies(m, fn, m.child(b.b, i), original)) return false;
    return true;
  };
  const bool expectedIsCopy = copyOf(expected, actual), actualIsCopy = !expectedIsCopy && copyOf(actual, expected);
  if (!expectedIsCopy && !actualIsCopy) return std::nullopt;
  if (handedOnSinceBound(m, fn, at, actual) || handedOnSinceBound(m, fn, at, expected)) return std::nullopt;
  const std::string_view original = expectedIsCopy ? actual : expected;
  return RoundTrip{expectedIsCopy, "D",
                   fmt::format("the oracle is the test's `{}` against a copy of it: the value passed through", original)};
}

std::optional<RoundTrip> indexedAgainstItsData(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  // `name[...]` with attribute reads after it (`.tensor`): the name, else "".
  static const RE2 indexed(R"(^\s*([A-Za-z_]\w*)\s*\[.*\](\.[A-Za-z_]\w*)*\s*$)");
  const auto indexedName = [](std::string_view text) {
    std::string name;
    return RE2::FullMatch(re2::StringPiece(text.data(), text.size()), indexed, &name) ? name : std::string{};
  };
  const std::string actual = indexedName(sides.actualText), expected = indexedName(sides.expectedText);
  if (actual.empty() || expected.empty() || actual == expected) return std::nullopt;
  // `wrapper` bound to a call of the library given `data` first.
  const auto builtAround = [&](const std::string& wrapper, const std::string& data, const std::string& primary) {
    if (primary.empty()) return false;
    const ExprId value = localBinding(m, fn, at, wrapper);
    if (value == kNone || m.expr(value).kind != ExprKind::Call) return false;
    // An object of a class (`GeometricTensor(t, type)`), not what a function made of the data
    // (`y = pad(x, 2)`: its elements are computed).
    const CallArgs args = splitCall(m, value);
    const std::string_view cls = lastDottedComponent(m.expr(args.callee).text);
    return !cls.empty() && std::isupper(static_cast<unsigned char>(cls[0])) && !args.positional.empty() &&
           m.expr(args.positional[0]).kind == ExprKind::Name && m.expr(args.positional[0]).name == data;
  };
  const bool actualWraps = builtAround(actual, expected, sides.actualPrimary);
  const bool expectedWraps = !actualWraps && builtAround(expected, actual, sides.oraclePrimary);
  if (!actualWraps && !expectedWraps) return std::nullopt;
  const std::string& data = actualWraps ? expected : actual;
  return RoundTrip{
      expectedWraps, "DT",
      fmt::format("the oracle indexes the test's `{}` in another library, the CUT the library's object built around it", data)};
}

std::optional<RoundTrip> sameCallTwice(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  const std::string one = handedName(sides.actualText), other = handedName(sides.expectedText);
  if (one.empty() || other.empty() || one == other) return std::nullopt;
  // localBindingStmt: an assignment of a value to the name alone. A part of what the call returns
  // (`model(**inputs).logits`, `model(x)[0]`) is that call's too.
  const auto boundCall = [&](const std::string& name) -> std::pair<StmtId, std::string> {
    const StmtId s = localBindingStmt(m, fn, at, name);
    if (s == kNone) return {kNone, {}};
    ExprId value = m.stmts[s].b;
    while (value != kNone && (m.expr(value).kind == ExprKind::Attribute || m.expr(value).kind == ExprKind::Subscript) &&
           m.expr(value).childCount > 0)
      value = m.child(value, 0);
    if (value == kNone || m.expr(value).kind != ExprKind::Call) return {kNone, {}};
    return {s, normalized(m.expr(m.stmts[s].b).text)};
  };
  const auto [first, firstCall] = boundCall(one);
  const auto [second, secondCall] = boundCall(other);
  if (first == kNone || second == kNone || first == second || firstCall != secondCall) return std::nullopt;
  // Two readings of a clock time what ran between them.
  static const RE2 clock(R"((^|\.)(time|monotonic|perf_counter|process_time|now)\()");
  if (RE2::PartialMatch(firstCall, clock)) return std::nullopt;
  const StmtId from = std::min(first, second), to = std::max(first, second);
  // Either value changed after it was bound (`x[0, :1] = 1.0`, `opt([x])`, `x.add_(1)`): what is
  // compared is no longer what the call returned. Before the later binding, only the earlier
  // name counts: the later one is bound afresh there (`output = model(x)` written once per step).
  const std::string& earlierName = first > second ? other : one;
  for (StmtId s = from + 1; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.a == kNone || s == to) continue;
    const std::string_view text = m.expr(st.a).text;
    if (s < to && !mentionsWord(text, earlierName)) continue;
    const bool intoAPart = st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign;
    static const RE2 check(R"((?i)(^|\.)(assert|check|expect|verify)\w*$)");
    const bool call = st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call &&
                      !RE2::PartialMatch(std::string(m.expr(m.child(st.a, 0)).text), check);
    if ((intoAPart || call) && (mentionsWord(text, one) || mentionsWord(text, other))) return std::nullopt;
  }
  // The names the call reads: in its callee (`geom.apply_cost`: geom) and in its arguments.
  const size_t open = std::min(firstCall.find('('), firstCall.size());
  const std::vector<std::string> callee = identifiersOf(std::string_view(firstCall).substr(0, open));
  const std::vector<std::string> arguments = identifiersOf(std::string_view(firstCall).substr(open));
  // Between the runs, an argument bound anew (`state = step_fn(state)`, a `def` of a function it
  // is handed again) or a value set in place (`param.assign(10.0)`, `init.ones_(layer.weight)`):
  // the same code on other inputs. The callee's object bound anew otherwise (`geom =
  // Geometry(cost)` after `geom = PointCloud(x, y)`) is another code: no answer here.
  bool changed = false;
  for (StmtId s = from + 1; s < to && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn) {
      if (st.function != kNone && m.functions[st.function].parent == fn && m.functions[st.function].firstStmt == s)
        changed |= std::find(arguments.begin(), arguments.end(), std::string(m.functions[st.function].name)) != arguments.end();
      continue;
    }
    if (st.a == kNone) continue;
    if (st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign || st.kind == StmtKind::For) {
      for (const std::string& target : topLevelArguments(normalized(m.expr(st.a).text))) {
        const bool read = std::find(arguments.begin(), arguments.end(), target) != arguments.end();
        const bool calls = std::find(callee.begin(), callee.end(), target) != callee.end();
        if ((!read && !calls) || (st.kind == StmtKind::Assign && (boundAsBefore(m, fn, from, st, target) || movedOnly(m, st, target))))
          continue;
        if (calls) return std::nullopt;
        changed = true;
      }
    } else if (st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
      const std::string_view method = lastDottedComponent(m.expr(m.child(st.a, 0)).text);
      changed |= method == "assign" || namesAnInPlaceOperation(method);
    }
  }
  // `w0 = net.module_.lin.weight.clone()`, `net.partial_fit(X, y)`, then the same read again: the
  // state before the model was trained, which the test kept, against the state after (a frozen
  // layer's check, or its negation): the kept copy is the test's data (D), not a second run.
  // Only a read of state (a copy or a conversion of what the model holds), not a computation
  // (`model.predict(x)` before and after `fit`: the same model run on the same input twice).
  static const RE2 stateRead(R"((^|\.)(copy|clone|numpy|detach|cpu|to_numpy|deepcopy|array|asarray|tolist|item)\($)");
  const TrainingSites training = trainingSitesOf(m, fn);
  const auto between = [&](StmtId s) { return s > from && s < to; };
  if (RE2::PartialMatch(firstCall.substr(0, firstCall.rfind('(') + 1), stateRead) &&
      (std::ranges::any_of(training.fits, between) || std::ranges::any_of(training.loops, between))) {
    RoundTrip kept;
    kept.swapSides = first > second;
    kept.type = "D";
    kept.reason = fmt::format("the oracle is the state read at line {} before the model was trained, kept by the test",
                              m.stmts[from].range.start.line);
    return kept;
  }
  RoundTrip trip;
  trip.swapSides = first > second;  // the later run is the CUT
  trip.type = changed ? "SCUT_DIFF" : "SCUT_SAME";
  trip.reason = fmt::format("both sides are bound by the same call written twice (lines {} and {}){}", m.stmts[from].range.start.line,
                            m.stmts[to].range.start.line, changed ? ", its inputs changed in between" : ": the same code run again");
  return trip;
}

std::optional<RoundTrip> operandsMethodCombined(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  static const RE2 methodOf(R"(([A-Za-z_]\w*)((?:\.T)?)\.([A-Za-z_]\w*)\(.*\))");
  // A compared text, or the value a local of that name was bound to.
  const auto valueText = [&](std::string_view text) {
    std::string t = normalized(text);
    if (static const RE2 name(R"([A-Za-z_]\w*(?:\.T)?)"); RE2::FullMatch(t, name)) {
      const std::string base = t.substr(0, t.find('.'));
      if (const ExprId bound = localBinding(m, fn, at, base); bound != kNone)
        t = normalized(m.expr(bound).text) + (t.size() > base.size() ? ".T" : "");
    }
    return t;
  };
  for (const bool actualCombined : {true, false}) {
    const std::string combined = normalized(actualCombined ? sides.actualText : sides.expectedText);
    const std::string other = valueText(actualCombined ? sides.expectedText : sides.actualText);
    std::string receiver, transposed, method;
    if (!RE2::FullMatch(combined, methodOf, &receiver, &transposed, &method)) continue;
    // `h1.to_dense() + h2.to_dense()`: the array library's operator on the arrays the operands are
    // made into computes it (DT, docs/oracles.md), not the library.
    if (madeIntoArray(Origin{OriginKind::OtherLib, "." + method, {}, {}})) continue;
    const StmtId bound = localBindingStmt(m, fn, at, receiver);
    if (bound == kNone) continue;
    // `cast(T, scalar * op)`: the value cast.
    ExprId value = m.stmts[bound].b;
    if (m.expr(value).kind == ExprKind::Call && lastOf(m, m.child(value, 0)) == "cast" && m.childCount(value) >= 3)
      value = m.child(value, m.childCount(value) - 1);
    if (m.expr(value).kind != ExprKind::BinaryOp) continue;
    // Its operands that the other side calls the method of.
    const std::vector<std::string> operands = identifiersOf(m.expr(value).text);
    const bool used = std::any_of(operands.begin(), operands.end(),
                                  [&](const std::string& word) { return other.find(word + "." + method + "(") != std::string::npos; });
    if (!used || other.find(receiver + ".") != std::string::npos) continue;
    RoundTrip trip;
    trip.swapSides = !actualCombined;
    trip.type = "RI";
    trip.reason = fmt::format("the operands of `{}` (line {}) run their own .{}, combined as the operator combines them", receiver,
                              m.stmts[bound].range.start.line, method);
    return trip;
  }
  return std::nullopt;
}

std::optional<RoundTrip> storedAndReadBack(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides, const OriginSet& actual,
                                           const OriginSet& oracle) {
  const bool actualRead = readsBack(actual), oracleRead = readsBack(oracle);
  if (actualRead == oracleRead) return std::nullopt;
  const std::vector<std::string> stored = storedBefore(m, fn, at);
  if (stored.empty()) return std::nullopt;
  // Data read back must be what was stored (not a NumPy reference computed beside a pickled
  // function); a computation of the library is the same run again, whichever copy was stored.
  const OriginSet& original = oracleRead ? actual : oracle;
  const std::string name = handedName(oracleRead ? sides.actualText : sides.expectedText);
  const bool computes = computesWithLibrary(original) && !onlyWrapsData(original);
  if (!computes && std::find(stored.begin(), stored.end(), name) == stored.end()) return std::nullopt;
  RoundTrip trip;
  trip.swapSides = oracleRead;
  trip.type = computes ? "SCUT_SAME" : "D";
  trip.reason = computes ? "the same computation before it was stored and after it was read back"
                         : "the test's own data, stored and read back (a round trip)";
  return trip;
}

std::string targetOfHandedFunction(const FileModel& m, FunctionId fn, StmtId at, std::string_view expectedText, const OriginSet& oracle) {
  const std::string name = handedName(expectedText);
  if (name.empty() || fn == kNone || (!computesWithLibrary(oracle) && !oracle.has(OriginKind::OtherLib))) return {};
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& inner = m.functions[f];
    if (inner.parent != fn || inner.firstStmt >= at) continue;  // defined before the check
    // Read there as the test's value, not bound there as a local of its own.
    bool reads = false, binds = false;
    for (StmtId s = inner.firstStmt; s < inner.endStmt; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != f) continue;
      reads |= mentionsWord(st.text, name);
      if ((st.kind == StmtKind::Assign || st.kind == StmtKind::For) && st.a != kNone) binds |= mentionsWord(m.expr(st.a).text, name);
    }
    if (!reads || binds) continue;
    // Handed on: given as an argument somewhere in the test (`optim.step(closure)`).
    const std::string handed = std::string(inner.name);
    static const RE2 argument(R"([(,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,)])");
    for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.functions[fn].endStmt; ++s) {
      if (m.stmts[s].function != fn) continue;
      re2::StringPiece text(m.stmts[s].text.data(), m.stmts[s].text.size());
      std::string given;
      while (RE2::FindAndConsume(&text, argument, &given))
        if (given == handed) return handed;
    }
  }
  return {};
}

}  // namespace oalens::analyzer
