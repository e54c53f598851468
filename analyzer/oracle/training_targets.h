// A model trained in the test and then checked against the data it was trained on: the oracle is
// the labels a quality measure compares the predictions with (docs/oracles.md: `D`), however the
// test made them (`train_y = torch.sin(train_x * 6.28)` is how the data was drawn, not the
// author's re-implementation of the model).
#pragma once
#include <string_view>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// Whether the value `e` (a name, maybe indexed or converted: `train_y[0, :]`, `y.squeeze()`) is
// handed before `at` to a fit (`model.fit(x, y)`) or to a call in a loop that steps an optimiser
// or back-propagates (`loss = -mll(out, train_y)`, `loss.backward()`, `optimizer.step()`).
bool trainedOn(const FileModel& m, FunctionId fn, StmtId at, ExprId e);
// The same for a name (`y` of `model.fit(x, y)`).
bool trainedOnName(const FileModel& m, FunctionId fn, StmtId at, std::string_view name);

// Whether a model is trained in fn before `at`, by a fit or by such a loop, on whatever data.
bool trainsInTest(const FileModel& m, FunctionId fn, StmtId at);

}  // namespace oalens::analyzer
