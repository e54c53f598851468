// The data-flow interpreter's statements and values (flow_interpreter.h).
#include "rules/lint/support/flow_interpreter.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analyzer/frontend/notebook.h"
#include "rules/lint/support/lint_patterns.h"
#include "rules/lint/support/ml_vocabulary.h"

namespace oalens::rules::flow::detail {

DataFlow Interpreter::run() {
  Frame module;
  module_ = &module;
  for (StmtId s = 0; s < m().stmts.size() && !out_.exhausted; ++s)
    if (m().stmts[s].function == kNone && m().stmts[s].cls == kNone) exec(s, module);
  // Functions no module code calls still split and preprocess their own parameters.
  for (FunctionId f = 0; f < m().functions.size() && !out_.exhausted; ++f) {
    if (inlined_.count({&home_, f})) continue;
    Frame local;
    local.parent = &module;
    for (const Param& p : m().functions[f].params) local.names[p.name] = freshRows();
    runBody(f, local);
  }
  return std::move(out_);
}

const Interpreter::FileIndex& Interpreter::fileIndex() const {
  auto [it, fresh] = indexes_.try_emplace(mp_);
  if (fresh) {
    const FileModel& f = *mp_;
    for (const Import& i : f.imports)
      if (!i.alias.empty()) it->second.importAliases.insert(i.alias);
    for (FunctionId fn = 0; fn < f.functions.size(); ++fn)
      if (f.functions[fn].cls == kNone) it->second.functionsByName[f.functions[fn].name].push_back(fn);
      else if (f.functions[fn].cls < f.classes.size())
        it->second.methods.emplace(std::pair{f.classes[f.functions[fn].cls].name, f.functions[fn].name}, fn);
  }
  return it->second;
}

Value Interpreter::freshRows() {
  Value v;
  v.rows.push_back(nextRows_++);
  return v;
}

Value* Interpreter::lookup(Frame& frame, std::string_view name) {
  for (Frame* f = &frame; f; f = f->parent)
    if (auto it = f->names.find(name); it != f->names.end()) return &it->second;
  return nullptr;
}

void Interpreter::runBody(FunctionId f, Frame& frame) {
  const Function& fn = m().functions[f];
  for (StmtId s = fn.firstStmt; s < fn.endStmt && s < m().stmts.size() && !out_.exhausted; ++s)
    if (m().stmts[s].function == f) exec(s, frame);
}

void Interpreter::exec(StmtId s, Frame& frame) {
  if (++visited_ > kStatementBudget) {
    out_.exhausted = true;
    return;
  }
  const Stmt& st = m().stmts[s];
  stmt_ = s;
  switch (st.kind) {
    case StmtKind::Assign:
      if (st.a != kNone && st.b != kNone) assign(st.a, st.b, frame);
      break;
    case StmtKind::AugAssign:
      if (st.a != kNone && st.b != kNone) {
        const Value v = eval(st.b, frame);
        if (const std::string_view root = rootName(st.a); !root.empty()) mutate(frame, root, v);
      }
      break;
    case StmtKind::For:
      if (st.a != kNone && st.b != kNone) bind(st.a, eval(st.b, frame), frame);
      break;
    case StmtKind::Return:
      if (st.a != kNone) frame.returned = unite(frame.returned, eval(st.a, frame));
      break;
    case StmtKind::ExprStmt:
    case StmtKind::If:
    case StmtKind::While:
    case StmtKind::With:
      if (st.a != kNone) eval(st.a, frame);
      break;
    default: break;
  }
}

std::string_view Interpreter::rootName(ExprId e) const {
  while (e != kNone) {
    const Expr& x = m().expr(e);
    if (x.kind == ExprKind::Name) return x.name;
    if (x.kind != ExprKind::Subscript && x.kind != ExprKind::Attribute && x.kind != ExprKind::Call) return {};
    if (x.kind == ExprKind::Call) {
      const ExprId callee = m().child(e, 0);
      if (callee == kNone || m().expr(callee).kind != ExprKind::Attribute) return {};
      e = m().child(callee, 0);
      continue;
    }
    e = m().child(e, 0);
  }
  return {};
}

void Interpreter::assign(ExprId target, ExprId value, Frame& frame) {
  const Expr& v = m().expr(value);
  const bool unpacks = m().expr(target).kind == ExprKind::Tuple || m().expr(target).kind == ExprKind::List;
  if (unpacks && v.kind == ExprKind::Call && calleeLastName(m(), value) == "random_split") {
    // torch's random_split(dataset, [n_train, n_test(, n_val)]): the first part trains.
    const std::vector<Value> parts = splitParts(value, frame);
    for (uint32_t i = 0; i < m().childCount(target); ++i)
      bind(m().child(target, i), parts.empty() ? Value{} : parts[i == 0 ? 0 : 1], frame);
    return;
  }
  if (unpacks && v.kind == ExprKind::Call && calleeLastName(m(), value) == "train_test_split") {
    const std::vector<Value> parts = splitParts(value, frame);
    for (uint32_t i = 0; i < m().childCount(target); ++i) bind(m().child(target, i), i < parts.size() ? parts[i] : Value{}, frame);
    return;
  }
  if (unpacks && (v.kind == ExprKind::Tuple || v.kind == ExprKind::List) && m().childCount(value) == m().childCount(target)) {
    std::vector<Value> values;
    for (uint32_t i = 0; i < m().childCount(value); ++i) values.push_back(eval(m().child(value, i), frame));
    for (uint32_t i = 0; i < m().childCount(target); ++i) bind(m().child(target, i), values[i], frame);
    return;
  }
  bind(target, eval(value, frame), frame);
}

void Interpreter::bind(ExprId target, Value v, Frame& frame) {
  const Expr& t = m().expr(target);
  if (t.kind == ExprKind::Name) {
    for (Trace& tr : v.learned)
      if (tr.path.size() < kMaxPath && (tr.path.empty() || tr.path.back() != t.name)) tr.path.push_back(t.name);
    checkTrainingPart(v, t.name);
    // In an `else` or `elif` branch the name may still hold what the first branch gave it:
    // the two branches' values meet.
    if (inAlternativeBranch())
      if (auto it = frame.names.find(t.name); it != frame.names.end()) v = unite(it->second, v);
    frame.names[t.name] = std::move(v);
    frame.rebound.insert(t.name);
  } else if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List || t.kind == ExprKind::Starred) {
    for (uint32_t i = 0; i < m().childCount(target); ++i) bind(m().child(target, i), v, frame);
  } else if (const std::string_view root = rootName(target); !root.empty()) {
    mutate(frame, root, v);
  }
}

bool Interpreter::inAlternativeBranch() const {
  for (StmtId p = m().stmts[stmt_].parent; p != kNone; p = m().stmts[p].parent) {
    const Stmt& st = m().stmts[p];
    if (st.kind == StmtKind::FunctionDef || st.kind == StmtKind::ClassDef) return false;
    if (st.kind == StmtKind::Else || st.kind == StmtKind::Except || (st.kind == StmtKind::If && st.isElif)) return true;
  }
  return false;
}

void Interpreter::mutate(Frame& frame, std::string_view root, const Value& v) {
  Value* held = lookup(frame, root);
  if (!held) held = &(frame.names[root] = Value{});
  std::vector<Trace> added = v.learned;
  for (Trace& tr : added)
    if (tr.path.size() < kMaxPath && (tr.path.empty() || tr.path.back() != root)) tr.path.push_back(root);
  addLearned(held->learned, added);
  if (held->rows.empty()) addRows(held->rows, v.rows);
  checkTrainingPart(*held, root);
}

void Interpreter::checkTrainingPart(const Value& v, std::string_view name) {
  if (v.part != Part::Train) return;
  for (const Trace& tr : v.learned) {
    const Event& ev = out_.events[tr.event];
    if (ev.kind == EventKind::Learns && ev.subjectPart == Part::Whole && overlaps(ev.subjectRows, v.rows))
      leak(tr, LeakKind::IntoTrainingPart, fmt::format("the training part {}", name), v.splitAt);
  }
}

void Interpreter::leak(const Trace& tr, LeakKind kind, std::string split, StmtId splitAt) {
  if (!leaked_.insert(out_.events[tr.event].call).second) return;
  out_.leaks.push_back(Leak{tr.event, kind, splitAt == kNone ? here() : splitAt, std::move(split), tr.path});
}

void Interpreter::checkSplit(const std::vector<Value>& inputs, std::string_view how, bool folds) {
  for (const Value& v : inputs)
    for (const Trace& tr : v.learned) {
      const Event& ev = out_.events[tr.event];
      // A training part fit on and then split again (a validation split, cross-validation
      // of the training set) leaks into the new held-out rows as the whole data would.
      const bool sameRows = ev.subjectPart == v.part && ev.subjectSplitAt == v.splitAt;
      if ((ev.subjectPart != Part::Train || sameRows) && overlaps(ev.subjectRows, v.rows))
        leak(tr, folds ? LeakKind::BeforeCrossValidation : LeakKind::BeforeSplit, std::string(how), here());
    }
}

std::vector<Value> Interpreter::splitParts(ExprId call, Frame& frame) {
  const CallArgs args = splitCall(m(), call);
  std::vector<Value> inputs;
  for (ExprId a : args.positional) inputs.push_back(eval(a, frame));
  for (const auto& [k, v] : args.keywords) eval(v, frame);
  if (calleeLastName(m(), call) == "random_split" && inputs.size() > 1) inputs.resize(1);  // the sizes are no data
  checkSplit(inputs, calleeLastName(m(), call));
  std::vector<Value> parts;
  for (const Value& in : inputs)
    for (Part p : {Part::Train, Part::Test}) {
      Value part = in;
      part.part = p;
      part.splitAt = here();
      part.concatenated = false;
      parts.push_back(std::move(part));
    }
  return parts;
}

uint32_t Interpreter::newEvent(EventKind kind, ExprId call, std::string what, const Value& subject) {
  if (mp_ != &home_) what = fmt::format("{} (in {})", what, m().moduleName);
  out_.events.push_back(Event{kind, here(), hereCall(call), std::move(what), subject.rows, subject.part, subject.splitAt});
  return static_cast<uint32_t>(out_.events.size() - 1);
}

Value Interpreter::learnedFrom(const Value& subject, uint32_t event, bool rows) {
  Value v;
  if (rows) v.rows = subject.rows, v.part = subject.part, v.splitAt = subject.splitAt;
  v.learned = subject.learned;
  if (v.learned.size() < kMaxTraces) v.learned.push_back(Trace{event, {}});
  return v;
}

}  // namespace oalens::rules::flow::detail
