#include "analyzer/model/name_index.h"

#include "analyzer/core/words.h"

namespace oalens::analyzer {

size_t NameIndex::approximateBytes() const {
  // A node per entry (key, value, next pointer, cached hash) and a bucket pointer. The lists
  // statementsChanging makes later, one per `**name` a function splats, are not counted.
  constexpr size_t perEntry = sizeof(ScopedName) + 3 * sizeof(void*) + sizeof(void*);
  size_t bytes = sizeof(*this) + moduleLevel.size() * (sizeof(std::string_view) + 3 * sizeof(void*)) +
                 (nestedFunctions.size() + methods.size() + imports.size() + bindingStatements.size() + moduleAssignments.size() +
                  functionsNamed.size()) *
                     perEntry;
  for (const auto& [name, functions] : functionsNamed) bytes += sizeof(functions) + functions.capacity() * sizeof(FunctionId);
  for (const auto& [key, statements] : bindingStatements) bytes += sizeof(statements) + statements.capacity() * sizeof(StmtId);
  return bytes;
}

namespace {

// The names of a target, nested tuples included (`for (name, param), g in zip(...)`).
template <typename Add>
void targetNames(const FileModel& m, ExprId target, Add& add, int depth) {
  const Expr& t = m.expr(target);
  if (t.kind == ExprKind::Name) add(t.name);
  if ((t.kind == ExprKind::Tuple || t.kind == ExprKind::List) && depth < 4)
    for (uint32_t i = 0; i < t.childCount; ++i) targetNames(m, m.child(target, i), add, depth + 1);
}

// The names statement s may bind or fill (see NameIndex::bindingStatements); a superset is
// harmless, as the reader looks at each statement again.
template <typename Add>
void namesBoundBy(const FileModel& m, const Stmt& st, Add add) {
  const Expr& t = m.expr(st.a);
  targetNames(m, st.a, add, 0);
  if (st.kind == StmtKind::ExprStmt && t.kind == ExprKind::Call && t.childCount > 0) {
    const ExprId calleeId = m.child(st.a, 0);
    const Expr& callee = m.expr(calleeId);
    if (callee.kind == ExprKind::Attribute && callee.childCount > 0 && m.expr(m.child(calleeId, 0)).kind == ExprKind::Name)
      add(m.expr(m.child(calleeId, 0)).name);
    // x.mul_(2).exp_(): a chain of methods rooted at a name may change it in place.
    ExprId link = calleeId;
    for (int hops = 0; hops < 16 && m.expr(link).kind == ExprKind::Attribute && m.expr(link).childCount > 0; ++hops) {
      link = m.child(link, 0);
      if (m.expr(link).kind == ExprKind::Call && m.expr(link).childCount > 0) link = m.child(link, 0);
    }
    if (link != calleeId && m.expr(link).kind == ExprKind::Name) add(m.expr(link).name);
    // quantize_(model, config): a function named with a trailing underscore changes its first
    // argument in place (PyTorch's convention).
    const std::string_view called = callee.kind == ExprKind::Name || callee.kind == ExprKind::Attribute ? callee.name : std::string_view{};
    if (namesAnInPlaceOperation(called)) {
      const CallArgs ca = splitCall(m, st.a);
      if (!ca.positional.empty() && m.expr(ca.positional[0]).kind == ExprKind::Name) add(m.expr(ca.positional[0]).name);
    }
  }
  if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && t.kind == ExprKind::Subscript && t.childCount > 0 &&
      m.expr(m.child(st.a, 0)).kind == ExprKind::Name)
    add(m.expr(m.child(st.a, 0)).name);
}

void changingInto(const FileModel& m, FunctionId fn, std::string_view name, std::vector<StmtId>& out) {
  if (fn >= m.functions.size()) return;
  const Function& f = m.functions[fn];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function == fn && (st.kind == StmtKind::For || mayChange(st.text, name))) out.push_back(s);
  }
}

}  // namespace

bool readsAParameter(const FileModel& m, const Function& f, ExprId e, bool withSelf) {
  // Bounded: an expression a file makes enormous is read no further than this many nodes.
  constexpr int kMaxNodes = 256;
  std::vector<ExprId> pending;
  if (e != kNone) pending.push_back(e);
  for (int visited = 0; !pending.empty() && visited < kMaxNodes; ++visited) {
    const ExprId at = pending.back();
    pending.pop_back();
    const Expr& x = m.expr(at);
    if (x.kind == ExprKind::Name && (withSelf || (x.name != "self" && x.name != "cls")) && f.hasParam(x.name)) return true;
    for (uint32_t i = 0; i < x.childCount; ++i) pending.push_back(m.child(at, i));
  }
  return false;
}

bool targetBinds(const FileModel& m, ExprId target, std::string_view name) {
  bool binds = false;
  auto add = [&](std::string_view bound) { binds |= bound == name; };
  if (target != kNone) targetNames(m, target, add, 0);
  return binds;
}

std::span<const StmtId> statementsBinding(const FileModel& m, FunctionId fn, std::string_view name, std::vector<StmtId>& scratch) {
  if (const NameIndex* index = namesOf(m)) {
    auto it = index->bindingStatements.find({fn, name});
    return it == index->bindingStatements.end() ? std::span<const StmtId>{} : std::span<const StmtId>(it->second);
  }
  scratch.clear();
  if (fn >= m.functions.size()) return scratch;
  const Function& f = m.functions[fn];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.a == kNone) continue;
    bool named = false;
    namesBoundBy(m, st, [&](std::string_view bound) { named |= bound == name; });
    if (named) scratch.push_back(s);
  }
  return scratch;
}

std::span<const StmtId> statementsChanging(const FileModel& m, FunctionId fn, std::string_view name, std::vector<StmtId>& scratch) {
  const NameIndex* index = namesOf(m);
  if (!index) {
    scratch.clear();
    changingInto(m, fn, name, scratch);
    return scratch;
  }
  std::lock_guard lock(index->changingMutex_);
  auto [it, added] = index->changing_.try_emplace({fn, name});
  if (added) changingInto(m, fn, name, it->second);
  return it->second;  // a node of the map: stays put when others are added
}

std::span<const FunctionId> functionsNamed(const FileModel& m, std::string_view name, std::vector<FunctionId>& scratch) {
  const NameIndex* index = m.names.get();
  if (index && index->functionCount == m.functions.size()) {
    const auto it = index->functionsNamed.find(name);
    if (it == index->functionsNamed.end()) return {};
    return it->second;
  }
  scratch.clear();
  for (FunctionId f = 0; f < m.functions.size(); ++f)
    if (m.functions[f].name == name) scratch.push_back(f);
  return scratch;
}

void indexNames(FileModel& m) {
  auto index = std::make_shared<NameIndex>();
  index->functionCount = m.functions.size();
  index->classCount = m.classes.size();
  index->importCount = m.imports.size();
  index->statementCount = m.stmts.size();
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& fn = m.functions[f];
    if (fn.parent == kNone && fn.cls == kNone && callableByName(m, fn)) index->moduleLevel.insert(fn.name);
    index->functionsNamed[fn.name].push_back(f);
    if (fn.cls != kNone) index->methods.try_emplace({fn.cls, fn.name}, f);
    else if (fn.parent != kNone) index->nestedFunctions.try_emplace({fn.parent, fn.name}, f);
  }
  for (const ClassDef& c : m.classes)
    if (c.parent == kNone && c.enclosingFunction == kNone) index->moduleLevel.insert(c.name);
  for (uint32_t i = 0; i < m.imports.size(); ++i)
    if (!m.imports[i].star) index->imports.insert_or_assign({m.imports[i].scope, m.imports[i].alias}, i);
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function == kNone && st.cls == kNone && st.kind == StmtKind::Assign && st.a != kNone && m.expr(st.a).kind == ExprKind::Name)
      index->moduleAssignments.try_emplace(m.expr(st.a).name, s);
    if (st.function == kNone || st.a == kNone) continue;
    namesBoundBy(m, st, [&](std::string_view name) {
      std::vector<StmtId>& statements = index->bindingStatements[{st.function, name}];
      if (statements.empty() || statements.back() != s) statements.push_back(s);
    });
  }
  m.names = std::move(index);
}

const NameIndex* namesOf(const FileModel& m) {
  const NameIndex* index = m.names.get();
  if (!index || index->functionCount != m.functions.size() || index->classCount != m.classes.size() ||
      index->importCount != m.imports.size() || index->statementCount != m.stmts.size())
    return nullptr;
  return index;
}

std::vector<ClassId> sameFileClasses(const FileModel& m, ExprId base, ClassId cls) {
  std::vector<ClassId> out;
  if (base == kNone || m.expr(base).kind != ExprKind::Name) return out;
  for (ClassId c = 0; c < m.classes.size(); ++c)
    if (c != cls && m.classes[c].name == m.expr(base).name && m.classes[c].parent == kNone) out.push_back(c);
  return out;
}

FunctionId classMethod(const FileModel& m, ClassId cls, std::string_view name, int depth) {
  if (const NameIndex* index = namesOf(m)) {
    if (auto it = index->methods.find({cls, name}); it != index->methods.end()) return it->second;
  } else {
    for (FunctionId f = 0; f < m.functions.size(); ++f)
      if (m.functions[f].cls == cls && m.functions[f].name == name) return f;
  }
  if (depth >= 4) return kNone;
  for (ExprId base : m.classes[cls].bases)
    for (ClassId c : sameFileClasses(m, base, cls))
      if (const FunctionId f = classMethod(m, c, name, depth + 1); f != kNone) return f;
  return kNone;
}

}  // namespace oalens::analyzer
