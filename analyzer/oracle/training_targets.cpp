#include "analyzer/oracle/training_targets.h"

#include <string>
#include <string_view>

#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

namespace {

bool identifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `name` occurs in `text` as a whole identifier, not part of a longer one nor an
// attribute of another value (`self.train_y` is not `train_y`).
bool mentions(std::string_view text, std::string_view name) {
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    const bool startsWord = at == 0 || (!identifierChar(text[at - 1]) && text[at - 1] != '.');
    const size_t end = at + name.size();
    if (startsWord && (end == text.size() || !identifierChar(text[end]))) return true;
  }
  return false;
}

// The name a value is read from through indexing, attributes and method calls on it.
std::string_view rootName(const FileModel& m, ExprId e) {
  for (int depth = 0; e != kNone && depth < 8; ++depth) {
    const Expr& x = m.expr(e);
    if (x.kind == ExprKind::Name) return x.name;
    if (x.kind == ExprKind::Subscript || x.kind == ExprKind::Attribute) {
      e = x.childCount > 0 ? m.child(e, 0) : kNone;
      continue;
    }
    // y.squeeze(), y.float(); not a module's function (`tree.get(state, k)`).
    if (x.kind == ExprKind::Call && x.childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Attribute &&
        isArrayMethod("." + std::string(m.expr(m.child(e, 0)).name))) {
      e = m.child(m.child(e, 0), 0);
      continue;
    }
    return {};
  }
  return {};
}

// What a training step writes: a gradient and an optimiser's step, Pyro's `svi.step(...)`, an
// optax update applied. A gradient alone is a gradient test; a step alone a simulation's or a
// line search's.
struct Training {
  bool backward = false, step = false, other = false;
  void read(std::string_view text) {
    backward |= text.find(".backward(") != std::string_view::npos;
    step |= text.find(".step(") != std::string_view::npos;
    other |= text.find("svi.step(") != std::string_view::npos || text.find("apply_updates(") != std::string_view::npos;
  }
  bool trains() const { return (backward && step) || other; }
};

}  // namespace

// The training of a model before `at` in fn: a fit call (`model.fit(x, y)`) or a loop stepping an
// optimiser or back-propagating; `handedName`, when not empty, must be among what is handed to
// the fit or to a call of the loop.
static bool trains(const FileModel& m, FunctionId fn, StmtId at, std::string_view handedName) {
  if (fn == kNone || at == kNone || fn >= m.functions.size()) return false;
  const Function& f = m.functions[fn];
  for (StmtId s = f.firstStmt; s < at && s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn) continue;
    // What a statement hands on: an assignment's value, not its target (`history = model.fit(...)`).
    const auto handedText = [&](const Stmt& x) {
      return (x.kind == StmtKind::Assign || x.kind == StmtKind::AugAssign) && x.b != kNone ? m.expr(x.b).text : x.text;
    };
    if (st.text.find("fit(") != std::string_view::npos && (handedName.empty() || mentions(handedText(st), handedName))) return true;
    if (st.kind != StmtKind::For && st.kind != StmtKind::While) continue;
    // The loop's block: the statements after it nested deeper, up to the check.
    // A name the loop rebinds is what it trains (`params = optax.apply_updates(params, u)`), not
    // the targets.
    Training training;
    bool handed = handedName.empty(), rebound = false;
    for (StmtId b = s + 1; b < at && b < m.stmts.size() && m.stmts[b].depth > st.depth; ++b) {
      const Stmt& x = m.stmts[b];
      training.read(x.text);
      if (handedName.empty() || x.kind == StmtKind::For) continue;
      handed |= mentions(handedText(x), handedName);
      rebound |= (x.kind == StmtKind::Assign || x.kind == StmtKind::AugAssign) && x.a != kNone && mentions(m.expr(x.a).text, handedName);
    }
    if (training.trains() && handed && !rebound) return true;
  }
  return false;
}

bool trainedOn(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  const std::string_view name = rootName(m, e);
  return !name.empty() && trains(m, fn, at, name);
}

bool trainedOnName(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) { return !name.empty() && trains(m, fn, at, name); }

bool trainsInTest(const FileModel& m, FunctionId fn, StmtId at) { return trains(m, fn, at, {}); }

}  // namespace oalens::analyzer
