// A model trained in the test and then checked against the data it was trained on: the oracle is
// the labels a quality measure compares the predictions with (docs/oracles.md: `D`), however the
// test made them (`train_y = torch.sin(train_x * 6.28)` is how the data was drawn, not the
// author's re-implementation of the model).
#pragma once
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// Where fn trains a model, read once per function: the statements that call a fit
// (`model.fit(x, y)`) and the loops that step an optimiser after a gradient, Pyro's `svi.step`,
// or apply an optax update. Empty for a function whose text names none of these.
struct TrainingSites {
  std::vector<StmtId> fits, loops;
  bool empty() const { return fits.empty() && loops.empty(); }
};
TrainingSites trainingSitesOf(const FileModel& m, FunctionId fn);

// Whether the value `e` (a name, maybe indexed or converted: `train_y[0, :]`, `y.squeeze()`) is
// handed before `at` to a fit or to a call in such a loop (`loss = -mll(out, train_y)`), and the
// same for a name (`y` of `model.fit(x, y)`).
bool trainedOn(const FileModel& m, const TrainingSites& sites, StmtId at, ExprId e);
bool trainedOnName(const FileModel& m, const TrainingSites& sites, StmtId at, std::string_view name);

// Whether a model is trained before `at`, on whatever data.
bool trainsInTest(const FileModel& m, const TrainingSites& sites, StmtId at);

}  // namespace oalens::analyzer
