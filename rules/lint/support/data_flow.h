// The data-flow core of the leakage rules. It follows a file's data as a program runs it, from
// where rows are read to where they are split into train and test: module statements in order
// (a notebook's cells one after the other), the functions of the file and those it imports from
// other modules of the project inlined where they are called (parameters bound to the caller's
// values, in-place changes handed back; what happens in another module is reported at the
// call), and the functions nobody calls on their own. An assignment makes a new value; `df["c"] = ...`,
// `inplace=True` and `.append` change the value a name holds.
//
// A value records which row sources it holds (each read, load or constructor call is one), which
// events shaped it, and whether it is the training or the test part of a split. An event is a
// statistic or fit over rows (a transformer's fit, `df.mean()`, `preprocessing.scale`) or an
// oversampling; it travels with everything computed from its result. A leak is an event over
// rows that include test rows which reaches a split of those rows (train_test_split,
// cross-validation, or slices of train and test concatenated earlier), or is written into a
// training part after the split. Loops run once and both branches of an `if` run in order, so the
// analysis is flow-insensitive inside a branch.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/lint/lint_rule.h"

namespace oalens::rules::flow {

using analyzer::ExprId;
using analyzer::StmtId;

enum class Part : uint8_t { Whole, Train, Test };
enum class EventKind : uint8_t { Learns, Oversamples };

struct Event {
  EventKind kind = EventKind::Learns;
  StmtId stmt = analyzer::kNone;
  ExprId call = analyzer::kNone;
  std::string what;  // "StandardScaler is fit on X", "the mean of df is taken"
  std::vector<uint32_t> subjectRows;
  Part subjectPart = Part::Whole;
  StmtId subjectSplitAt = analyzer::kNone;  // the split whose part the subject was
};

// Before a split into train and test; before a cross-validation splits it into folds (the
// validation folds shaped it); written into the training part after a split.
enum class LeakKind : uint8_t { BeforeSplit, BeforeCrossValidation, IntoTrainingPart };

struct Leak {
  uint32_t event = 0;
  LeakKind kind = LeakKind::BeforeSplit;
  StmtId at = analyzer::kNone;         // the split (of the training part written into)
  std::string split;                   // "train_test_split", "cross_val_score", "the slice data[:n]"
  std::vector<std::string_view> path;  // the names the data went by from the event to `at`
};

// A model fit (an estimator that is no transformer, a Keras model) and the events its training
// data carries: where a leak ends up.
struct ModelFit {
  StmtId stmt = analyzer::kNone;
  std::string model;  // its class when built in the file (LogisticRegression), else the receiver as written
  std::vector<uint32_t> events;
};

struct DataFlow {
  std::vector<Event> events;
  std::vector<ModelFit> fits;
  std::vector<Leak> leaks;  // one a leaking event, the first place it leaks
  bool exhausted = false;   // the statement budget ran out: later statements were not followed
};

// `project`, when given, holds the modules whose imported functions are followed too.
DataFlow analyzeDataFlow(const analyzer::FileModel& m, const analyzer::Project* project = nullptr);

// The file's data flow, built once for all the rules that read it.
const DataFlow& dataFlowOf(analyzer::LintContext& ctx);

// "; it trains LogisticRegression (line 17), SVC (line 20)": the models whose training data
// carries the event, each at its first fit; empty when none does.
std::string modelsTrainedOn(const analyzer::FileModel& m, const DataFlow& df, uint32_t event);

// "line 12", or "cell 4, line 2" in a notebook.
std::string placeOf(const analyzer::FileModel& m, StmtId s);

}  // namespace oalens::rules::flow
