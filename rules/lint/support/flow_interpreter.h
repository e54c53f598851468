// The interpreter that follows a data pipeline's values through a file (data_flow.cpp runs it):
// rows, splits, fits and the events each value went through. Its statements and values are read
// in flow_interpreter.cpp, its calls and the helpers it inlines in flow_calls.cpp.
#pragma once
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "rules/lint/support/data_flow.h"
#include "rules/lint/support/flow_values.h"

namespace oalens::rules::flow::detail {

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

  DataFlow run();

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

  const FileIndex& fileIndex() const;

  Value freshRows();

  Value* lookup(Frame& frame, std::string_view name);

  void runBody(FunctionId f, Frame& frame);

  void exec(StmtId s, Frame& frame);

  // The name an assignment target or a method's receiver belongs to: `df` of `df["a"].b`.
  std::string_view rootName(ExprId e) const;

  void assign(ExprId target, ExprId value, Frame& frame);

  void bind(ExprId target, Value v, Frame& frame);

  bool inAlternativeBranch() const;

  // `root[...] = v`, `root.fillna(v, inplace=True)`: the value root holds takes in v's events.
  void mutate(Frame& frame, std::string_view root, const Value& v);

  // A statistic or fit over rows that include test rows, written into the training part.
  void checkTrainingPart(const Value& v, std::string_view name);

  void leak(const Trace& tr, LeakKind kind, std::string split, StmtId splitAt);

  // Data about to be split (or cross-validated): every event over rows it shares leaks.
  void checkSplit(const std::vector<Value>& inputs, std::string_view how, bool folds = false);

  std::vector<Value> splitParts(ExprId call, Frame& frame);

  uint32_t newEvent(EventKind kind, ExprId call, std::string what, const Value& subject);

  // The result of a call that learned from `subject`: its rows (when `rows`), its events and the new one.
  Value learnedFrom(const Value& subject, uint32_t event, bool rows);

  Value eval(ExprId e, Frame& frame);

  // `data[:n]` and `data[n:]` of rows concatenated earlier split them again into the parts
  // they were (the train and test sets a notebook joined to preprocess together).
  Value subscript(ExprId e, Frame& frame);

  bool isModule(ExprId e) const;

  bool rowWise(ExprId call) const;

  bool windowed(ExprId receiver) const;

  bool learner(const Value& object, std::string_view method) const;

  Value call(ExprId e, Frame& frame);

  Value methodCall(ExprId e, std::string_view name, ExprId receiverExpr, Value receiver, const std::vector<Value>& positional,
                   const Value& all, std::string_view firstText, Frame& frame);

  void recordFit(const Value& model, ExprId receiverExpr, const Value& data);

  void setHeld(Frame& frame, std::string_view name, const Value& v);

  FunctionId localFunction(std::string_view name) const;

  FunctionId methodOf(std::string_view cls, std::string_view method) const;

  // Runs function `f` of `file` (the current file when null) with the caller's arguments.
  Value inlineCall(FunctionId f, const CallArgs& args, const std::vector<Value>& positional, Frame& caller,
                   const FileModel* file = nullptr);

  // A function imported from a module of the project (`from prep import clean`, `prep.clean`):
  // its file and definition.
  std::pair<const FileModel*, FunctionId> importedFunction(ExprId callee);

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

}  // namespace oalens::rules::flow::detail
