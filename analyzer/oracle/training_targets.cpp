#include "analyzer/oracle/training_targets.h"

#include <string>
#include <string_view>

#include "analyzer/core/words.h"
#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

namespace {

// Whether `name` occurs in `text` as a whole word that is no attribute of another value
// (`self.train_y` is not `train_y`).
bool mentions(std::string_view text, std::string_view name) {
  for (size_t at = findWord(text, name); at != std::string_view::npos; at = findWord(text, name, at + 1))
    if (at == 0 || text[at - 1] != '.') return true;
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

TrainingSites trainingSitesOf(const FileModel& m, FunctionId fn) {
  TrainingSites sites;
  if (!m.source || fn == kNone || fn >= m.functions.size()) return sites;
  const Function& f = m.functions[fn];
  // Most functions speak of no training at all: their text decides before their statements do.
  const SourceRange& r = f.range;
  if (r.startByte >= m.source->size() || r.endByte <= r.startByte) return sites;
  const std::string_view text = std::string_view(*m.source).substr(r.startByte, r.endByte - r.startByte);
  bool any = false;
  for (std::string_view word : {"fit(", ".backward(", "svi.step(", "apply_updates("}) any |= text.find(word) != std::string_view::npos;
  if (!any) return sites;
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn) continue;
    const bool simple =
        st.kind == StmtKind::ExprStmt || st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign || st.kind == StmtKind::Return;
    if (simple && st.text.find("fit(") != std::string_view::npos) sites.fits.push_back(s);
    if (st.kind != StmtKind::For && st.kind != StmtKind::While) continue;
    Training training;
    for (StmtId b = s + 1; b < m.stmts.size() && m.stmts[b].depth > st.depth; ++b) training.read(m.stmts[b].text);
    if (training.trains()) sites.loops.push_back(s);
  }
  return sites;
}

// What a statement hands on: an assignment's value, not its target (`history = model.fit(...)`).
static std::string_view handedText(const FileModel& m, const Stmt& x) {
  return (x.kind == StmtKind::Assign || x.kind == StmtKind::AugAssign) && x.b != kNone ? m.expr(x.b).text : x.text;
}

// The training of a model before `at`: a fit call (`model.fit(x, y)`) or a loop stepping an
// optimiser or back-propagating; `handedName`, when not empty, must be among what is handed to
// the fit or to a call of the loop.
static bool trains(const FileModel& m, const TrainingSites& sites, StmtId at, std::string_view handedName) {
  if (at == kNone) return false;
  for (StmtId s : sites.fits)
    if (s < at && (handedName.empty() || mentions(handedText(m, m.stmts[s]), handedName))) return true;
  for (StmtId s : sites.loops) {
    if (s >= at) break;
    const Stmt& st = m.stmts[s];
    // The loop's block up to the check. A name the loop rebinds is what it trains
    // (`params = optax.apply_updates(params, u)`), not the targets.
    Training training;
    bool handed = handedName.empty(), rebound = false;
    for (StmtId b = s + 1; b < at && b < m.stmts.size() && m.stmts[b].depth > st.depth; ++b) {
      const Stmt& x = m.stmts[b];
      training.read(x.text);
      if (handedName.empty() || x.kind == StmtKind::For) continue;
      handed |= mentions(handedText(m, x), handedName);
      rebound |= (x.kind == StmtKind::Assign || x.kind == StmtKind::AugAssign) && x.a != kNone && mentions(m.expr(x.a).text, handedName);
    }
    if (training.trains() && handed && !rebound) return true;
  }
  return false;
}

bool trainedOn(const FileModel& m, const TrainingSites& sites, StmtId at, ExprId e) {
  const std::string_view name = rootName(m, e);
  return !name.empty() && trains(m, sites, at, name);
}

bool trainedOnName(const FileModel& m, const TrainingSites& sites, StmtId at, std::string_view name) {
  return !name.empty() && trains(m, sites, at, name);
}

bool trainsInTest(const FileModel& m, const TrainingSites& sites, StmtId at) { return trains(m, sites, at, {}); }

}  // namespace oalens::analyzer
