// The data-flow interpreter's expressions, calls and the helpers it inlines (flow_interpreter.h).
#include "rules/lint/support/flow_interpreter.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analyzer/frontend/notebook.h"
#include "rules/lint/support/lint_patterns.h"
#include "rules/lint/support/ml_vocabulary.h"

namespace oalens::rules::flow::detail {

Value Interpreter::eval(ExprId e, Frame& frame) {
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

Value Interpreter::subscript(ExprId e, Frame& frame) {
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

bool Interpreter::isModule(ExprId e) const {
  while (e != kNone && m().expr(e).kind == ExprKind::Attribute) e = m().child(e, 0);
  return e != kNone && m().expr(e).kind == ExprKind::Name && fileIndex().importAliases.count(m().expr(e).name) > 0;
}

bool Interpreter::rowWise(ExprId call) const {
  const ExprId axis = keywordArgument(m(), call, "axis");
  if (axis != kNone) {
    const std::string_view t = m().expr(axis).text;
    return t == "1" || t == "-1" || t == "'columns'" || t == "\"columns\"";
  }
  const ExprId first = firstArgument(m(), call);
  return first != kNone && (m().expr(first).text == "1" || m().expr(first).text == "-1");
}

bool Interpreter::windowed(ExprId receiver) const {
  for (ExprId e = receiver; e != kNone && m().expr(e).kind == ExprKind::Call;) {
    if (isWindow(calleeLastName(m(), e))) return true;
    const ExprId callee = m().child(e, 0);
    if (callee == kNone || m().expr(callee).kind != ExprKind::Attribute) break;
    e = m().child(callee, 0);
  }
  return false;
}

bool Interpreter::learner(const Value& object, std::string_view method) const {
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

Value Interpreter::call(ExprId e, Frame& frame) {
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
    checkSplit(name == "random_split" ? std::vector<Value>(positional.begin(), positional.begin() + std::min<size_t>(1, positional.size()))
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

Value Interpreter::methodCall(ExprId e, std::string_view name, ExprId receiverExpr, Value receiver, const std::vector<Value>& positional,
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
      const std::string cls = receiver.constructor.empty() ? squeezed(m().expr(receiverExpr).text, 30) : std::string(receiver.constructor);
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
        newEvent(EventKind::Learns, e, fmt::format("the {} of {} is taken over all rows", name, squeezed(m().expr(receiverExpr).text, 40)),
                 receiver);
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

void Interpreter::recordFit(const Value& model, ExprId receiverExpr, const Value& data) {
  if (data.learned.empty()) return;
  // A class's name (LogisticRegression, make_pipeline), not that of the loop's enumerate or zip.
  const std::string_view cls = model.constructor;
  const bool named = !cls.empty() && (std::isupper(static_cast<unsigned char>(cls.front())) || isCompositeTransformer(cls));
  ModelFit fit{here(), named ? std::string(cls) : squeezed(m().expr(receiverExpr).text, 30), {}};
  for (const Trace& t : data.learned) fit.events.push_back(t.event);
  out_.fits.push_back(std::move(fit));
}

void Interpreter::setHeld(Frame& frame, std::string_view name, const Value& v) {
  if (Value* held = lookup(frame, name)) *held = v;
  else frame.names[name] = v;
}

FunctionId Interpreter::localFunction(std::string_view name) const {
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

FunctionId Interpreter::methodOf(std::string_view cls, std::string_view method) const {
  if (cls.empty()) return kNone;
  const auto& methods = fileIndex().methods;
  auto it = methods.find({cls, method});
  return it == methods.end() ? kNone : it->second;
}

Value Interpreter::inlineCall(FunctionId f, const CallArgs& args, const std::vector<Value>& positional, Frame& caller,
                              const FileModel* file) {
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

std::pair<const FileModel*, FunctionId> Interpreter::importedFunction(ExprId callee) {
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

}  // namespace oalens::rules::flow::detail
