#include "rules/lint/support/data_flow.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/frontend/notebook.h"
#include "rules/lint/support/flow_values.h"
#include "rules/lint/support/lint_patterns.h"
#include "rules/lint/support/ml_vocabulary.h"

namespace oalens::rules::flow {
namespace {

using namespace analyzer;

// A notebook of a few thousand cells runs in well under this; a generated file stops here.
constexpr size_t kStatementBudget = 200000;
constexpr size_t kMaxInlineDepth = 4;
struct Frame {
  std::unordered_map<std::string_view, Value> names;
  Frame* parent = nullptr;
  Value returned;
  std::unordered_set<std::string_view> rebound;  // names given a new value by `name = ...`
};

class Interpreter {
 public:
  Interpreter(const FileModel& m, const Project* project) : mp_(&m), home_(m), project_(project) {}

  DataFlow run() {
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

 private:
  struct FileIndex {
    std::unordered_set<std::string_view> importAliases;
    std::unordered_map<std::string_view, std::vector<FunctionId>> functionsByName;
    std::map<std::pair<std::string_view, std::string_view>, FunctionId> methods;  // (class, method) -> its definition
  };

  const FileModel& m() const { return *mp_; }
  // The statement and call of the linted file where what happens now is reported.
  StmtId here() const { return mp_ == &home_ ? stmt_ : reportStmt_; }
  ExprId hereCall(ExprId call) const { return mp_ == &home_ ? call : reportCall_; }

  const FileIndex& fileIndex() const {
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

  Value freshRows() {
    Value v;
    v.rows.push_back(nextRows_++);
    return v;
  }

  Value* lookup(Frame& frame, std::string_view name) {
    for (Frame* f = &frame; f; f = f->parent)
      if (auto it = f->names.find(name); it != f->names.end()) return &it->second;
    return nullptr;
  }

  void runBody(FunctionId f, Frame& frame) {
    const Function& fn = m().functions[f];
    for (StmtId s = fn.firstStmt; s < fn.endStmt && s < m().stmts.size() && !out_.exhausted; ++s)
      if (m().stmts[s].function == f) exec(s, frame);
  }

  void exec(StmtId s, Frame& frame) {
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

  // The name an assignment target or a method's receiver belongs to: `df` of `df["a"].b`.
  std::string_view rootName(ExprId e) const {
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

  void assign(ExprId target, ExprId value, Frame& frame) {
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

  void bind(ExprId target, Value v, Frame& frame) {
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

  bool inAlternativeBranch() const {
    for (StmtId p = m().stmts[stmt_].parent; p != kNone; p = m().stmts[p].parent) {
      const Stmt& st = m().stmts[p];
      if (st.kind == StmtKind::FunctionDef || st.kind == StmtKind::ClassDef) return false;
      if (st.kind == StmtKind::Else || st.kind == StmtKind::Except || (st.kind == StmtKind::If && st.isElif)) return true;
    }
    return false;
  }

  // `root[...] = v`, `root.fillna(v, inplace=True)`: the value root holds takes in v's events.
  void mutate(Frame& frame, std::string_view root, const Value& v) {
    Value* held = lookup(frame, root);
    if (!held) held = &(frame.names[root] = Value{});
    std::vector<Trace> added = v.learned;
    for (Trace& tr : added)
      if (tr.path.size() < kMaxPath && (tr.path.empty() || tr.path.back() != root)) tr.path.push_back(root);
    addLearned(held->learned, added);
    if (held->rows.empty()) addRows(held->rows, v.rows);
    checkTrainingPart(*held, root);
  }

  // A statistic or fit over rows that include test rows, written into the training part.
  void checkTrainingPart(const Value& v, std::string_view name) {
    if (v.part != Part::Train) return;
    for (const Trace& tr : v.learned) {
      const Event& ev = out_.events[tr.event];
      if (ev.kind == EventKind::Learns && ev.subjectPart == Part::Whole && overlaps(ev.subjectRows, v.rows))
        leak(tr, LeakKind::IntoTrainingPart, fmt::format("the training part {}", name), v.splitAt);
    }
  }

  void leak(const Trace& tr, LeakKind kind, std::string split, StmtId splitAt) {
    if (!leaked_.insert(out_.events[tr.event].call).second) return;
    out_.leaks.push_back(Leak{tr.event, kind, splitAt == kNone ? here() : splitAt, std::move(split), tr.path});
  }

  // Data about to be split (or cross-validated): every event over rows it shares leaks.
  void checkSplit(const std::vector<Value>& inputs, std::string_view how, bool folds = false) {
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

  std::vector<Value> splitParts(ExprId call, Frame& frame) {
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

  uint32_t newEvent(EventKind kind, ExprId call, std::string what, const Value& subject) {
    if (mp_ != &home_) what = fmt::format("{} (in {})", what, m().moduleName);
    out_.events.push_back(Event{kind, here(), hereCall(call), std::move(what), subject.rows, subject.part, subject.splitAt});
    return static_cast<uint32_t>(out_.events.size() - 1);
  }

  // The result of a call that learned from `subject`: its rows (when `rows`), its events and the new one.
  Value learnedFrom(const Value& subject, uint32_t event, bool rows) {
    Value v;
    if (rows) v.rows = subject.rows, v.part = subject.part, v.splitAt = subject.splitAt;
    v.learned = subject.learned;
    if (v.learned.size() < kMaxTraces) v.learned.push_back(Trace{event, {}});
    return v;
  }

  Value eval(ExprId e, Frame& frame) {
    if (e == kNone) return {};
    const Expr& x = m().expr(e);
    switch (x.kind) {
      case ExprKind::Name: {
        if (Value* v = lookup(frame, x.name)) return *v;
        return {};
      }
      case ExprKind::Attribute: {
        const std::string_view a = x.name;
        if (a == "shape" || a == "size" || a == "ndim" || a == "dtype" || a == "dtypes") return {};
        return eval(m().child(e, 0), frame);
      }
      case ExprKind::Subscript: return subscript(e, frame);
      case ExprKind::Call: return call(e, frame);
      case ExprKind::Number:
      case ExprKind::String:
      case ExprKind::Bool:
      case ExprKind::NoneLit: return {};
      default: {
        Value v;
        for (uint32_t i = 0; i < m().childCount(e); ++i) v = unite(v, eval(m().child(e, i), frame));
        return v;
      }
    }
  }

  // `data[:n]` and `data[n:]` of rows concatenated earlier split them again into the parts
  // they were (the train and test sets a notebook joined to preprocess together).
  Value subscript(ExprId e, Frame& frame) {
    Value base = eval(m().child(e, 0), frame);
    ExprId index = m().child(e, 1);
    const Value indexValue = eval(index, frame);
    if (index != kNone && m().expr(index).kind == ExprKind::Tuple && m().childCount(index) > 0) index = m().child(index, 0);
    if (base.concatenated && index != kNone && m().expr(index).kind == ExprKind::Slice) {
      const std::string_view text = m().expr(index).text;
      const bool head = text.starts_with(':') && text.size() > 1, tail = text.ends_with(':') && text.size() > 1;
      if (head != tail) {
        checkSplit({base}, fmt::format("the slice {}", squeezed(m().expr(e).text, 40)));
        base.part = head ? Part::Train : Part::Test;
        base.splitAt = here();
        base.concatenated = false;
      }
    }
    addLearned(base.learned, indexValue.learned);
    return base;
  }

  bool isModule(ExprId e) const {
    while (e != kNone && m().expr(e).kind == ExprKind::Attribute) e = m().child(e, 0);
    return e != kNone && m().expr(e).kind == ExprKind::Name && fileIndex().importAliases.count(m().expr(e).name) > 0;
  }

  bool rowWise(ExprId call) const {
    const ExprId axis = keywordArgument(m(), call, "axis");
    if (axis != kNone) {
      const std::string_view t = m().expr(axis).text;
      return t == "1" || t == "-1" || t == "'columns'" || t == "\"columns\"";
    }
    const ExprId first = firstArgument(m(), call);
    return first != kNone && (m().expr(first).text == "1" || m().expr(first).text == "-1");
  }

  bool windowed(ExprId receiver) const {
    for (ExprId e = receiver; e != kNone && m().expr(e).kind == ExprKind::Call;) {
      if (isWindow(calleeLastName(m(), e))) return true;
      const ExprId callee = m().child(e, 0);
      if (callee == kNone || m().expr(callee).kind != ExprKind::Attribute) break;
      e = m().child(callee, 0);
    }
    return false;
  }

  bool learner(const Value& object, std::string_view method) const {
    const std::string_view cls = object.constructor;
    if (learnsFromRows(cls)) return true;
    if (isStatelessTransformer(cls)) return false;
    if (isCompositeTransformer(cls) && !object.builtBy.empty()) {
      const std::string_view text = object.builtBy;
      for (std::string_view part : {"Scaler", "Imputer", "PCA", "SVD", "Vectorizer", "Select", "Discretizer", "Transformer", "Encoder"})
        if (text.find(part) != std::string_view::npos && !(part == "Encoder" && text.find("LabelEncoder") != std::string_view::npos))
          return true;
      return false;
    }
    return method == "fit_transform" || method == "fit_on_texts";
  }

  Value call(ExprId e, Frame& frame) {
    const CallArgs args = splitCall(m(), e);
    currentCall_ = e;
    const ExprId callee = args.callee;
    const std::string_view name = calleeLastName(m(), e);
    const bool method = callee != kNone && m().expr(callee).kind == ExprKind::Attribute && !isModule(m().child(callee, 0));
    const ExprId receiverExpr = method ? m().child(callee, 0) : kNone;
    Value receiver = method ? eval(receiverExpr, frame) : Value{};
    std::vector<Value> positional;
    for (ExprId a : args.positional) positional.push_back(eval(a, frame));
    Value all;
    for (const Value& v : positional) all = unite(all, v);
    for (const auto& [k, v] : args.keywords) all = unite(all, eval(v, frame));
    const Value first = positional.empty() ? Value{} : positional.front();
    const std::string firstText = args.positional.empty() ? std::string{} : squeezed(m().expr(args.positional.front()).text, 40);

    if (isScalarFunction(name)) return {};
    if (name == "train_test_split" || name == "random_split") {
      checkSplit(name == "random_split"
                     ? std::vector<Value>(positional.begin(), positional.begin() + std::min<size_t>(1, positional.size()))
                     : positional,
                 name);
      return all;
    }
    if (!method && isCrossValidation(name)) {
      checkSplit(std::vector<Value>(positional.begin() + std::min<size_t>(1, positional.size()), positional.end()), name, true);
      return {};
    }
    if (method) return methodCall(e, name, receiverExpr, std::move(receiver), positional, all, firstText, frame);

    if (isScalingFunction(name) && !positional.empty()) {
      if (name == "qcut" || !rowWise(e)) {
        const uint32_t ev = newEvent(EventKind::Learns, e, fmt::format("{} is applied to {}", name, firstText), first);
        return learnedFrom(first, ev, true);
      }
    }
    if (isRowStatistic(name) && !positional.empty() && !rowWise(e)) {
      const uint32_t ev = newEvent(EventKind::Learns, e, fmt::format("the {} of {} is taken over all rows", name, firstText), first);
      return learnedFrom(first, ev, false);
    }
    if (name == "resample" && keywordArgument(m(), e, "replace") != kNone && m().expr(keywordArgument(m(), e, "replace")).text == "True") {
      const uint32_t ev = newEvent(EventKind::Oversamples, e, fmt::format("resample(replace=True) copies rows of {}", firstText), all);
      return learnedFrom(all, ev, true);
    }
    if (callee != kNone && m().expr(callee).kind == ExprKind::Name)
      if (const FunctionId f = localFunction(name); f != kNone) return inlineCall(f, args, positional, frame);
    if (const auto [file, f] = importedFunction(callee); file) {
      currentCall_ = e;
      return inlineCall(f, args, positional, frame, file);
    }
    Value v = all;
    if (isRowConcatenation(name)) {
      const ExprId axis = keywordArgument(m(), e, "axis");
      v.concatenated = v.rows.size() >= 2 && (axis == kNone || m().expr(axis).text == "0");
    }
    if (v.rows.empty()) v = unite(freshRows(), v);
    v.constructor = name;
    v.builtBy = m().expr(e).text;
    return v;
  }

  Value methodCall(ExprId e, std::string_view name, ExprId receiverExpr, Value receiver, const std::vector<Value>& positional,
                   const Value& all, std::string_view firstText, Frame& frame) {
    const Value first = positional.empty() ? Value{} : positional.front();
    const std::string_view root = rootName(receiverExpr);
    if (const FunctionId f = methodOf(receiver.constructor, name); f != kNone) {
      // A method of a class of this file (its own fit too), on an object built here: `self` is
      // the receiver.
      std::vector<Value> withSelf = {receiver};
      withSelf.insert(withSelf.end(), positional.begin(), positional.end());
      CallArgs shifted = splitCall(m(), e);
      shifted.positional.insert(shifted.positional.begin(), receiverExpr);
      return unite(receiver, inlineCall(f, shifted, withSelf, frame));
    }
    if (name == "fit" || name == "fit_transform" || name == "partial_fit" || name == "fit_on_texts") {
      if (receiver.constructor.ends_with("SearchCV")) checkSplit(positional, receiver.constructor, true);
      // fit starts over (and scikit-learn clones the steps a Pipeline or a ColumnTransformer is
      // given): what the object learned before is gone, but for partial_fit.
      Value fitted = receiver;
      if (name != "partial_fit") fitted.learned.clear();
      addLearned(fitted.learned, all.learned);
      if (learner(receiver, name) && !positional.empty()) {
        const std::string cls =
            receiver.constructor.empty() ? squeezed(m().expr(receiverExpr).text, 30) : std::string(receiver.constructor);
        const uint32_t ev = newEvent(EventKind::Learns, e, fmt::format("{} is fit on {}", cls, firstText), first);
        if (fitted.learned.size() < kMaxTraces) fitted.learned.push_back(Trace{ev, {}});
        if (name == "fit_transform") {
          if (!root.empty()) setHeld(frame, root, fitted);
          return learnedFrom(first, ev, true);
        }
      }
      if ((name == "fit" || name == "partial_fit") && (!learner(receiver, name) || positional.empty()))
        recordFit(receiver, receiverExpr, all);
      if (!root.empty()) setHeld(frame, root, fitted);
      return fitted;
    }
    if (name == "transform" || name == "predict" || name == "predict_proba" || name == "decision_function" || name == "inverse_transform" ||
        name == "texts_to_sequences" || name == "texts_to_matrix") {
      Value result = first;
      addLearned(result.learned, receiver.learned);
      return result;
    }
    if (name == "fit_resample" || name == "fit_sample") {
      if (isUndersampler(receiver.constructor)) return all;
      const std::string sampler =
          receiver.constructor.empty() ? squeezed(m().expr(receiverExpr).text, 30) : std::string(receiver.constructor);
      const uint32_t ev = newEvent(EventKind::Oversamples, e, fmt::format("{} oversamples {}", sampler, firstText), all);
      return learnedFrom(all, ev, true);
    }
    if (isRowStatistic(name) && !rowWise(e) && !windowed(receiverExpr)) {
      const uint32_t ev =
          newEvent(EventKind::Learns, e,
                   fmt::format("the {} of {} is taken over all rows", name, squeezed(m().expr(receiverExpr).text, 40)), receiver);
      return learnedFrom(receiver, ev, false);
    }
    if (name == "apply" || name == "agg" || name == "pipe") {
      const ExprId fn = firstArgument(m(), e);
      if (fn != kNone && m().expr(fn).kind == ExprKind::Name)
        if (const FunctionId f = localFunction(m().expr(fn).name); f != kNone && !rowWise(e)) {
          CallArgs one;
          return unite(receiver, inlineCall(f, one, {receiver}, frame));
        }
    }
    Value result = unite(receiver, all);
    const ExprId inplace = keywordArgument(m(), e, "inplace");
    const bool changesReceiver = (inplace != kNone && m().expr(inplace).text == "True") || name == "append" || name == "extend" ||
                                 name == "update" || name == "insert";
    if (changesReceiver && !root.empty()) mutate(frame, root, all);
    if (isRowConcatenation(name) && !all.rows.empty() && !receiver.rows.empty() && !overlaps(all.rows, receiver.rows))
      result.concatenated = true;
    return result;
  }

  void recordFit(const Value& model, ExprId receiverExpr, const Value& data) {
    if (data.learned.empty()) return;
    // A class's name (LogisticRegression, make_pipeline), not that of the loop's enumerate or zip.
    const std::string_view cls = model.constructor;
    const bool named = !cls.empty() && (std::isupper(static_cast<unsigned char>(cls.front())) || isCompositeTransformer(cls));
    ModelFit fit{here(), named ? std::string(cls) : squeezed(m().expr(receiverExpr).text, 30), {}};
    for (const Trace& t : data.learned) fit.events.push_back(t.event);
    out_.fits.push_back(std::move(fit));
  }

  void setHeld(Frame& frame, std::string_view name, const Value& v) {
    if (Value* held = lookup(frame, name)) *held = v;
    else frame.names[name] = v;
  }

  FunctionId localFunction(std::string_view name) const {
    const auto& byName = fileIndex().functionsByName;
    auto it = byName.find(name);
    if (it == byName.end()) return kNone;
    // The definition in force: the last one above the call (a notebook redefines helpers).
    const uint32_t line = m().stmts[stmt_].range.start.line;
    FunctionId chosen = it->second.front();
    for (FunctionId f : it->second)
      if (m().functions[f].range.start.line <= line) chosen = f;
    return chosen;
  }

  FunctionId methodOf(std::string_view cls, std::string_view method) const {
    if (cls.empty()) return kNone;
    const auto& methods = fileIndex().methods;
    auto it = methods.find({cls, method});
    return it == methods.end() ? kNone : it->second;
  }

  // Runs function `f` of `file` (the current file when null) with the caller's arguments.
  Value inlineCall(FunctionId f, const CallArgs& args, const std::vector<Value>& positional, Frame& caller,
                   const FileModel* file = nullptr) {
    if (!file) file = mp_;
    const ExprId site = currentCall_;  // before the arguments' own calls move it
    Value all;
    for (const Value& v : positional) all = unite(all, v);
    const std::pair<const FileModel*, FunctionId> key{file, f};
    if (inlineStack_.size() >= kMaxInlineDepth || std::count(inlineStack_.begin(), inlineStack_.end(), key)) return all;
    inlined_.insert(key);
    // The arguments are the caller's code: read them before the callee's file runs.
    std::vector<std::pair<std::string_view, std::pair<Value, std::string_view>>> keywordValues;  // keyword -> value, caller's name
    for (const auto& [k, v] : args.keywords) keywordValues.push_back({k, {eval(v, caller), rootName(v)}});
    std::vector<std::string_view> positionalRoots;
    for (ExprId a : args.positional) positionalRoots.push_back(rootName(a));
    const Function& fn = file->functions[f];
    Frame local;
    local.parent = module_;
    std::vector<std::pair<std::string_view, std::string_view>> passedNames;  // parameter -> the caller's name
    size_t next = 0;
    for (const Param& p : fn.params) {
      if (p.varArgs || p.kwArgs) continue;
      if (!p.keywordOnly && next < positional.size()) {
        local.names[p.name] = positional[next];
        if (next < positionalRoots.size() && !positionalRoots[next].empty()) passedNames.emplace_back(p.name, positionalRoots[next]);
        ++next;
        continue;
      }
      for (const auto& [k, value] : keywordValues)
        if (k == p.name) {
          local.names[p.name] = value.first;
          if (!value.second.empty()) passedNames.emplace_back(p.name, value.second);
        }
    }
    const StmtId callSite = stmt_;
    const FileModel* callerFile = mp_;
    const StmtId savedReportStmt = reportStmt_;
    const ExprId savedReportCall = reportCall_;
    if (file != mp_ && mp_ == &home_) reportStmt_ = stmt_, reportCall_ = site;
    mp_ = file;
    inlineStack_.push_back(key);
    runBody(f, local);
    inlineStack_.pop_back();
    mp_ = callerFile;
    reportStmt_ = savedReportStmt, reportCall_ = savedReportCall;
    stmt_ = callSite;
    // What the function did to the objects it was passed (`df.fillna(..., inplace=True)`).
    for (const auto& [param, root] : passedNames)
      if (!local.rebound.count(param))
        if (auto it = local.names.find(param); it != local.names.end()) mutate(caller, root, it->second);
    return local.returned;
  }

  // A function imported from a module of the project (`from prep import clean`, `prep.clean`):
  // its file and definition.
  std::pair<const FileModel*, FunctionId> importedFunction(ExprId callee) {
    if (!project_ || callee == kNone) return {nullptr, kNone};
    std::string module, function;
    const Expr& c = m().expr(callee);
    for (const Import& i : m().imports) {
      if (c.kind == ExprKind::Name && !i.name.empty() && i.alias == c.name) module = i.module, function = std::string(i.name);
      if (c.kind == ExprKind::Attribute && i.name.empty()) {
        const ExprId object = m().child(callee, 0);
        if (object != kNone && m().expr(object).kind == ExprKind::Name && m().expr(object).name == i.alias)
          module = i.module, function = std::string(c.name);
      }
    }
    if (module.empty()) return {nullptr, kNone};
    const FileModel* file = project_->moduleFile(module);
    if (!file || file == mp_ || file->language != Language::Python) return {nullptr, kNone};
    for (FunctionId f = 0; f < file->functions.size(); ++f)
      if (file->functions[f].name == function && file->functions[f].cls == kNone && file->functions[f].parent == kNone) return {file, f};
    return {nullptr, kNone};
  }

  // The file whose statements run now: the linted file, or a module of the project whose helper
  // is inlined. Events and leaks raised in another file are placed at the linted file's call.
  const FileModel* mp_;
  const FileModel& home_;
  const Project* project_;
  StmtId reportStmt_ = kNone;
  ExprId reportCall_ = kNone;
  ExprId currentCall_ = kNone;  // the call being evaluated
  DataFlow out_;
  Frame* module_ = nullptr;
  StmtId stmt_ = 0;
  uint32_t nextRows_ = 0;
  size_t visited_ = 0;
  mutable std::map<const FileModel*, FileIndex> indexes_;  // built as each file is first run
  std::set<std::pair<const FileModel*, FunctionId>> inlined_;
  std::vector<std::pair<const FileModel*, FunctionId>> inlineStack_;
  std::set<ExprId> leaked_;
};

// Whether the file can split data at all: a leak needs a split, a cross-validation or rows joined
// to be cut apart again. Most test files have none and are not interpreted.
bool maySplit(std::string_view source) {
  static const RE2 words(R"(split|cross_val|SearchCV|_curve|permutation_test_score|concat|vstack|row_stack|append)");
  return RE2::PartialMatch(re2::StringPiece(source.data(), source.size()), words);
}

}  // namespace

DataFlow analyzeDataFlow(const FileModel& m, const Project* project) {
  if (m.language != Language::Python || !m.source || !maySplit(*m.source)) return {};
  return Interpreter(m, project).run();
}

const DataFlow& dataFlowOf(LintContext& ctx) {
  std::shared_ptr<const void>& slot = ctx.fileAnalyses["data-flow"];
  // A test suite's files call the library under test, not a data pipeline's helpers: their
  // imports are not followed (it would run the library's code for nothing).
  if (!slot) slot = std::make_shared<const DataFlow>(analyzeDataFlow(ctx.model, ctx.isTestFile ? nullptr : &ctx.project));
  return *static_cast<const DataFlow*>(slot.get());
}

// "; it trains LogisticRegression (line 17)": the model fits whose training data carries the leak.
std::string modelsTrainedOn(const FileModel& m, const DataFlow& df, uint32_t event) {
  std::vector<std::string> names, models;  // each model once, at its first fit
  for (const ModelFit& fit : df.fits) {
    if (std::find(fit.events.begin(), fit.events.end(), event) == fit.events.end()) continue;
    if (std::find(names.begin(), names.end(), fit.model) != names.end()) continue;
    names.push_back(fit.model);
    models.push_back(fmt::format("{} ({})", fit.model, placeOf(m, fit.stmt)));
  }
  if (models.empty()) return {};
  const size_t shown = std::min<size_t>(models.size(), 4);
  std::string out = "; it trains ";
  for (size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + models[i];
  if (models.size() > shown) out += fmt::format(" and {} more", models.size() - shown);
  return out;
}

std::string placeOf(const FileModel& m, StmtId s) {
  const uint32_t line = m.stmts[s].range.start.line;
  if (m.notebook && line >= 1 && line <= m.notebook->lines.size()) {
    const NotebookLine& at = m.notebook->lines[line - 1];
    return fmt::format("cell {}, line {}", at.cell, at.cellLine);
  }
  return fmt::format("line {}", line);
}

}  // namespace oalens::rules::flow
