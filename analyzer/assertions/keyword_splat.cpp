#include "analyzer/assertions/keyword_splat.h"

#include <algorithm>

#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

namespace {

// Calls on a dict that change nothing in it.
bool readsOnly(std::string_view method) {
  return method == "get" || method == "copy" || method == "items" || method == "keys" || method == "values";
}

// What a dict is bound to: a local name, or an attribute of the test case (`self.options`).
struct Subject {
  std::string_view name;
  bool ofSelf = false;
  bool is(const FileModel& m, ExprId e) const {
    if (e == kNone) return false;
    const Expr& x = m.expr(e);
    if (!ofSelf) return x.kind == ExprKind::Name && x.name == name;
    if (x.kind != ExprKind::Attribute || x.name != name || x.childCount == 0) return false;
    const Expr& object = m.expr(m.child(e, 0));
    return object.kind == ExprKind::Name && object.name == "self";
  }
};

// The innermost block around `s` that may not run when `at` does: an if, else, loop or handler
// that does not hold `at` too. A with block or a try body runs whenever what holds it does.
StmtId conditionOf(const FileModel& m, FunctionId fid, StmtId s, StmtId at) {
  for (StmtId p = m.stmts[s].parent; p != kNone && m.stmts[p].function == fid; p = m.stmts[p].parent) {
    if (holdsStatement(m, p, at)) return kNone;
    const StmtKind k = m.stmts[p].kind;
    if (k != StmtKind::With && k != StmtKind::Try) return p;
  }
  return kNone;
}

// Everything a function does to a local name before statement `at`.
struct NameUse {
  std::vector<StmtId> bindings;           // name = ...
  std::vector<SplatEntry> sets;           // name["k"] = v, name.update(k=v), name.setdefault("k", v)
  std::vector<SplatEntry> defaults;       // name.setdefault("k", v): set only when absent
  std::vector<std::string_view> removed;  // name.pop("k"), del name["k"]
  bool opaque = false;                    // changed in a way not read here
};

void addEntries(const FileModel& m, ExprId dictValue, StmtId s, std::vector<SplatEntry>& out, bool& opaque) {
  const Expr& d = m.expr(dictValue);
  if (d.kind == ExprKind::Dict) {
    if (d.childCount % 2 != 0) opaque = true;
    for (uint32_t i = 0; i + 1 < d.childCount; i += 2) {
      const std::string_view key = stringLiteralText(m, m.child(dictValue, i));
      if (key.empty()) opaque = true;
      else out.push_back({key, m.child(dictValue, i + 1), s, kNone});
    }
    return;
  }
  if (d.kind == ExprKind::Call && m.expr(m.child(dictValue, 0)).text == "dict") {
    CallArgs args = splitCall(m, dictValue);
    if (!args.positional.empty() || args.hasStarArgs) opaque = true;
    for (const auto& [k, v] : args.keywords) out.push_back({k, v, s, kNone});
    return;
  }
  opaque = true;
}

NameUse usesOf(const FileModel& m, FunctionId fid, StmtId at, const Subject& subject) {
  NameUse use;
  // Most statements only read it (`f(a, b, **kw)`) or do not name it: their text says so
  // faster than their expressions, and the model's index keeps the rest.
  std::vector<StmtId> scratch;
  for (StmtId s : statementsChanging(m, fid, subject.name, scratch)) {
    if (s >= at) break;
    const Stmt& st = m.stmts[s];
    if ((st.kind == StmtKind::Assign || st.kind == StmtKind::For) && st.a != kNone) {
      const Expr& target = m.expr(st.a);
      if (subject.is(m, st.a)) {
        if (st.kind == StmtKind::For) use.opaque = true;
        use.bindings.push_back(s);
      } else if (target.kind == ExprKind::Subscript && subject.is(m, m.child(st.a, 0))) {
        const std::string_view key = stringLiteralText(m, m.child(st.a, 1));
        if (key.empty() || st.b == kNone) use.opaque = true;
        else use.sets.push_back({key, st.b, s, kNone});
      } else if (target.kind == ExprKind::Tuple || target.kind == ExprKind::List) {
        for (uint32_t i = 0; i < target.childCount; ++i)
          if (subject.is(m, m.child(st.a, i))) use.opaque = true;
      }
    } else if (st.kind == StmtKind::AugAssign && subject.is(m, st.a)) {
      use.opaque = true;
    } else if (st.kind == StmtKind::Other && st.text.starts_with("del ") && st.text.find(subject.name) != std::string_view::npos) {
      use.opaque = true;
    }
    for (ExprId e = st.firstExpr; e < st.endExpr; ++e) {
      const Expr& x = m.expr(e);
      if (x.kind != ExprKind::Call) continue;
      const ExprId callee = m.child(e, 0);
      if (m.expr(callee).kind != ExprKind::Attribute || !subject.is(m, m.child(callee, 0))) continue;
      const std::string_view method = m.expr(callee).name;
      if (readsOnly(method)) continue;
      CallArgs args = splitCall(m, e);
      const std::string_view key = args.positional.empty() ? std::string_view{} : stringLiteralText(m, args.positional[0]);
      if (method == "update") {
        if (args.hasStarArgs || args.positional.size() > 1) use.opaque = true;
        if (args.positional.size() == 1) addEntries(m, args.positional[0], s, use.sets, use.opaque);
        for (const auto& [k, v] : args.keywords) use.sets.push_back({k, v, s, kNone});
      } else if (method == "setdefault" && !key.empty() && args.positional.size() == 2) {
        use.defaults.push_back({key, args.positional[1], s, kNone});
      } else if (method == "pop" && !key.empty()) {
        use.removed.push_back(key);
      } else {
        use.opaque = true;
      }
    }
  }
  return use;
}

}  // namespace

std::vector<ExprId> keywordSplats(const FileModel& m, ExprId call) {
  std::vector<ExprId> out;
  if (call == kNone || m.language != Language::Python || m.expr(call).kind != ExprKind::Call) return out;
  for (uint32_t i = 1; i < m.expr(call).childCount; ++i) {
    const ExprId arg = m.child(call, i);
    const Expr& e = m.expr(arg);
    const bool splat = (e.kind == ExprKind::Keyword && e.name.empty()) || (e.kind == ExprKind::Starred && e.name == "**");
    if (splat && e.childCount > 0) out.push_back(m.child(arg, 0));
  }
  return out;
}

ExprId keywordSplat(const FileModel& m, ExprId call) {
  const std::vector<ExprId> all = keywordSplats(m, call);
  return all.empty() ? kNone : all.back();
}

const SplatEntry* SplatDict::find(std::string_view key) const {
  for (auto it = entries.rbegin(); it != entries.rend(); ++it)
    if (it->key == key) return &*it;
  return nullptr;
}

size_t SplatDict::count(std::string_view key) const {
  return static_cast<size_t>(std::ranges::count_if(entries, [&](const SplatEntry& e) { return e.key == key; }));
}

namespace {

// The dict `subject` holds at statement `at` of function `fid`, from what fid does to it.
// `startedElsewhere`: fid may only change a dict made before it runs (a test case's setUp
// updating `self.options`, which its class body or a base class binds), whose entries are
// those given (none, and not closed, when nothing here says what they are).
std::optional<SplatDict> dictBuiltIn(const FileModel& m, FunctionId fid, StmtId at, const Subject& subject, bool eitherBranch,
                                     const SplatDict* startedElsewhere = nullptr) {
  NameUse use = usesOf(m, fid, at, subject);
  // A dict made before fid runs may be updated, or replaced in the first branch of an `if` (the
  // start holds where it is not taken); a binding on every path is read below, one under an
  // `elif` or `else` is not read.
  const auto replacedUnderIfOnly = [&](StmtId b) {
    const StmtId c = conditionOf(m, fid, b, at);
    return c != kNone && m.stmts[c].kind == StmtKind::If && !m.stmts[c].isElif;
  };
  if (startedElsewhere && std::ranges::all_of(use.bindings, replacedUnderIfOnly)) {
    if (use.bindings.empty() && use.sets.empty() && use.defaults.empty() && use.removed.empty()) return std::nullopt;  // not changed here
    SplatDict out = *startedElsewhere;
    bool opaque = use.opaque;
    StmtId replacedUnder = kNone;
    for (StmtId b : use.bindings) {
      if (replacedUnder == kNone) replacedUnder = conditionOf(m, fid, b, at);
      addEntries(m, m.stmts[b].b, b, out.entries, opaque);
    }
    for (SplatEntry& e : use.sets) out.entries.push_back(e);
    for (SplatEntry& e : use.defaults)
      if (!out.find(e.key)) out.entries.push_back(e);
    for (std::string_view key : use.removed) std::erase_if(out.entries, [&](const SplatEntry& e) { return e.key == key; });
    for (SplatEntry& e : out.entries) {
      if (e.stmt < m.stmts.size() && m.stmts[e.stmt].function == fid) e.condition = conditionOf(m, fid, e.stmt, at);
      if (e.condition == kNone && replacedUnder != kNone && e.stmt < replacedUnder) e.condition = replacedUnder;
    }
    out.closed = startedElsewhere->closed && !opaque;
    out.scope = fid;
    return out;
  }
  // The last binding on every path to the call starts the dict; a binding after it under a
  // branch (`options = {}`, then `if dtype == float16: options = {"atol": 1e-4}`) may replace
  // it, so that every entry is conditional from there on.
  StmtId base = kNone;
  for (StmtId b : use.bindings)
    if (conditionOf(m, fid, b, at) == kNone) base = b;
  SplatDict out;
  bool opaque = use.opaque;
  if (base == kNone) {
    // `if C: name = {...}` / `else: name = {...}`: one dict or the other, each entry under its
    // branch; any other binding only in branches leaves the dict unknown.
    if (!eitherBranch || use.bindings.size() != 2) return std::nullopt;
    const StmtId inIf = use.bindings[0], inElse = use.bindings[1];
    const StmtId ifStmt = m.stmts[inIf].parent, elseStmt = m.stmts[inElse].parent;
    if (ifStmt == kNone || elseStmt == kNone || m.stmts[ifStmt].kind != StmtKind::If || m.stmts[ifStmt].isElif ||
        m.stmts[elseStmt].kind != StmtKind::Else || conditionOf(m, fid, inIf, at) != ifStmt ||
        conditionOf(m, fid, inElse, at) != elseStmt || nextSibling(m, ifStmt) != elseStmt)
      return std::nullopt;
    addEntries(m, m.stmts[inIf].b, inIf, out.entries, opaque);
    addEntries(m, m.stmts[inElse].b, inElse, out.entries, opaque);
    base = inElse;
  } else {
    addEntries(m, m.stmts[base].b, base, out.entries, opaque);
  }
  StmtId replacedUnder = kNone;
  for (StmtId b : use.bindings) {
    if (b <= base) continue;
    if (replacedUnder == kNone) replacedUnder = conditionOf(m, fid, b, at);
    addEntries(m, m.stmts[b].b, b, out.entries, opaque);
  }
  if (opaque && out.entries.empty() && use.sets.empty()) return std::nullopt;  // not a dict built here
  for (SplatEntry& e : use.sets)
    if (e.stmt > base) out.entries.push_back(e);
  for (SplatEntry& e : use.defaults)
    if (e.stmt > base && !out.find(e.key)) out.entries.push_back(e);
  for (std::string_view key : use.removed) std::erase_if(out.entries, [&](const SplatEntry& e) { return e.key == key; });
  for (SplatEntry& e : out.entries) {
    e.condition = conditionOf(m, fid, e.stmt, at);
    if (e.condition == kNone && replacedUnder != kNone && e.stmt < replacedUnder) e.condition = replacedUnder;
  }
  out.closed = !opaque;
  out.scope = fid;
  return out;
}

// Whether function `f` binds or changes `self.<name>` anywhere.
bool changesSelfAttribute(const FileModel& m, FunctionId f, const Subject& subject) {
  const NameUse use = usesOf(m, f, m.functions[f].endStmt, subject);
  return use.opaque || !use.bindings.empty() || !use.sets.empty() || !use.defaults.empty() || !use.removed.empty();
}

// Whether a string of the file names `name`: Chainer's `@testing.parameterize({
// 'forward_test_options': {'atol': 1e-3}})` gives a test case its own value, as `setattr(self,
// 'options', ...)` does.
bool namedByString(const FileModel& m, std::string_view name) {
  for (ExprId e = 0; e < m.exprs.size(); ++e)
    if (m.expr(e).kind == ExprKind::String && stringLiteralText(m, e) == name) return true;
  return false;
}

// Whether statement `st` binds `name` in the body of its class.
bool bindsInClassBody(const FileModel& m, const Stmt& st, std::string_view name) {
  return st.function == kNone && st.cls != kNone && st.kind == StmtKind::Assign && st.a != kNone && m.expr(st.a).kind == ExprKind::Name &&
         m.expr(st.a).name == name;
}

// The dict class `cls`'s own body binds to `name` by its one unconditional binding there.
std::optional<SplatDict> classBodyDict(const FileModel& m, ClassId cls, std::string_view name) {
  StmtId binding = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.cls != cls || !bindsInClassBody(m, st, name)) continue;
    if (binding != kNone || (st.parent != kNone && m.stmts[st.parent].kind != StmtKind::ClassDef)) return std::nullopt;
    binding = s;
  }
  if (binding == kNone || m.stmts[binding].b == kNone) return std::nullopt;
  SplatDict out;
  bool opaque = false;
  addEntries(m, m.stmts[binding].b, binding, out.entries, opaque);
  if (opaque && out.entries.empty()) return std::nullopt;  // not a dict
  out.closed = !opaque;
  return out;
}

// The dict a class body binds to `name` (`allclose_option = {'atol': 1e-6, 'rtol': 1e-4}`) for
// a method of that class, which its subclasses run too: read when it is the only binding of
// that name in any class body of the file, no string names it and no method of another class
// binds it on its instances, so that every test case running the method holds that dict.
std::optional<SplatDict> classLevelDict(const FileModel& m, ClassId cls, std::string_view name) {
  for (const Stmt& st : m.stmts)
    if (st.cls != cls && bindsInClassBody(m, st, name)) return std::nullopt;
  if (namedByString(m, name)) return std::nullopt;
  for (FunctionId f = 0; f < m.functions.size(); ++f)
    if (m.functions[f].cls != cls && m.functions[f].cls != kNone && changesSelfAttribute(m, f, Subject{name, true})) return std::nullopt;
  return classBodyDict(m, cls, name);
}

// Class `cls` and the file's classes it derives from (sameFileClasses), nearest first.
std::vector<ClassId> lineageOf(const FileModel& m, ClassId cls) {
  std::vector<ClassId> out{cls};
  for (size_t i = 0; i < out.size() && out.size() < 8; ++i)
    for (ExprId base : m.classes[out[i]].bases)
      for (ClassId c : sameFileClasses(m, base, out[i]))
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return out;
}

// The setUp among `classes`' methods, which sets `self.<name>` before every test runs: kNone
// when there is none; nullopt when another of their methods changes it too (its order against
// the check's is not known).
std::optional<FunctionId> onlySetUpChanges(const FileModel& m, const std::vector<ClassId>& classes, ClassId cls, const Subject& subject) {
  FunctionId setUp = kNone;
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    if (std::find(classes.begin(), classes.end(), m.functions[f].cls) == classes.end()) continue;
    if (m.functions[f].cls == cls && m.functions[f].name == "setUp" && setUp == kNone) setUp = f;
    else if (changesSelfAttribute(m, f, subject)) return std::nullopt;
  }
  return setUp;
}

// The dict `self.<name>` holds once `setUp` (kNone: none) ran on a test case that started with
// `start` (nullopt: not known, and what setUp updates is then an open dict): what setUp binds on
// every path, else `start` with its updates; nullopt when setUp changes it in a way not read here.
std::optional<SplatDict> afterSetUp(const FileModel& m, FunctionId setUp, const Subject& subject, const std::optional<SplatDict>& start) {
  if (setUp == kNone) return start;
  const StmtId end = m.functions[setUp].endStmt;
  if (std::optional<SplatDict> built = dictBuiltIn(m, setUp, end, subject, true)) return built;
  SplatDict open;
  open.closed = false;
  if (std::optional<SplatDict> updated = dictBuiltIn(m, setUp, end, subject, true, start ? &*start : &open)) return updated;
  if (changesSelfAttribute(m, setUp, subject)) return std::nullopt;
  return start;
}

}  // namespace

std::optional<SplatDict> splatDict(const FileModel& m, FunctionId fid, StmtId at, ExprId splat, bool eitherBranch) {
  if (fid == kNone || splat == kNone || m.expr(splat).kind != ExprKind::Name) return std::nullopt;
  const std::string_view name = m.expr(splat).name;
  for (const Param& p : m.functions[fid].params)
    if (p.name == name) return std::nullopt;
  return dictBuiltIn(m, fid, at, Subject{name}, eitherBranch);
}

std::optional<SplatDict> selfSplatDict(const FileModel& m, FunctionId fid, StmtId at, ExprId splat) {
  if (fid == kNone || splat == kNone || m.language != Language::Python) return std::nullopt;
  const Expr& x = m.expr(splat);
  if (x.kind != ExprKind::Attribute || x.childCount == 0 || m.expr(m.child(splat, 0)).kind != ExprKind::Name ||
      m.expr(m.child(splat, 0)).name != "self")
    return std::nullopt;
  const Subject subject{x.name, true};
  // Built by the method that checks, ahead of the check.
  if (std::optional<SplatDict> here = dictBuiltIn(m, fid, at, subject, true)) return here;
  // Else by the class's setUp, and by no other method, whose order against the check's is not known.
  const ClassId cls = m.functions[fid].cls;
  if (cls == kNone) return std::nullopt;
  const std::optional<FunctionId> setUp = onlySetUpChanges(m, {cls}, cls, subject);
  if (!setUp) return std::nullopt;
  // The class body's dict, which setUp may update; else one a base class makes, whose entries
  // are not known (Chainer's FunctionTestCase starts `self.check_forward_options` as `{}`, and
  // its test cases' setUp calls `self.check_forward_options.update({'atol': 1e-3})`).
  return afterSetUp(m, *setUp, subject, classLevelDict(m, cls, subject.name));
}

std::optional<SplatDict> emptyBaseDictOf(const FileModel& m, ClassId cls, std::string_view name) {
  if (cls == kNone || m.language != Language::Python) return std::nullopt;
  const Subject subject{name, true};
  // The test case's instances hold what its class and the file's classes it derives from do;
  // its subclasses are test cases of their own.
  const std::vector<ClassId> lineage = lineageOf(m, cls);
  const std::optional<FunctionId> setUp = onlySetUpChanges(m, lineage, cls, subject);
  if (!setUp) return std::nullopt;
  // The nearest class body's dict, else the base's empty one; a parameterization may replace
  // either, and then what a test case starts from is not known.
  std::optional<SplatDict> start;
  const bool parameterized = namedByString(m, name);
  bool unread = false;  // a class body binds it in a way not read here
  for (ClassId c : lineage) {
    if (parameterized || (start = classBodyDict(m, c, name))) break;
    unread = std::ranges::any_of(m.stmts, [&](const Stmt& st) { return st.cls == c && bindsInClassBody(m, st, name); });
    if (unread) break;
  }
  if (!start) {
    start.emplace();
    start->closed = !parameterized && !unread;
  }
  return afterSetUp(m, *setUp, subject, start);
}

std::optional<ForwardedKeyword> forwardedKeyword(const FileModel& m, FunctionId fid, StmtId at, ExprId splat, std::string_view key) {
  if (fid == kNone || splat == kNone || m.expr(splat).kind != ExprKind::Name) return std::nullopt;
  const std::string_view name = m.expr(splat).name;
  bool isKwargs = false;
  for (const Param& p : m.functions[fid].params) isKwargs |= p.kwArgs && p.name == name;
  if (!isKwargs) return std::nullopt;
  NameUse use = usesOf(m, fid, at, Subject{name});
  if (use.opaque || !use.bindings.empty() || std::ranges::find(use.removed, key) != use.removed.end()) return std::nullopt;
  for (const SplatEntry& e : use.sets)
    if (e.key == key) return std::nullopt;
  ForwardedKeyword out;
  for (const SplatEntry& e : use.defaults)
    if (e.key == key) out.defaultValue = e.value;
  return out;
}

std::string_view stringLiteralText(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::String) return {};
  std::string_view t = m.expr(e).text;
  while (!t.empty() && t.front() != '"' && t.front() != '\'') {
    const char c = static_cast<char>(t.front() | 0x20);
    if (c != 'r' && c != 'u' && c != 'b') return {};  // f-strings and the like are computed
    t.remove_prefix(1);
  }
  if (t.size() < 2 || t.back() != t.front()) return {};
  t = t.substr(1, t.size() - 2);
  if (t.find_first_of("\"'\\") != std::string_view::npos) return {};  // triple quotes, escapes
  return t;
}

}  // namespace oalens::analyzer
