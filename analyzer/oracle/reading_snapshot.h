// A reading the test takes of an object with a function of its own, kept, and taken again after
// calls that hand the object on (Accelerate's `sig = get_signature(model)`, `save_model(model,
// d)`, `load_checkpoint_in_model(model, d)`, then `get_signature(model)` against `sig`): the kept
// reading is the test's snapshot of the object's state, D, as snapshotBeforeACall's copies are.
#pragma once
#include <optional>

#include "analyzer/oracle/round_trip.h"

namespace oalens::analyzer {

// One side a name bound by `f(obj)`, the other the same `f(obj)` written out, `f` a function of
// the test file, `obj` one plain name handed to a call made as a statement in between, neither
// name bound anew since: D, the side written out the CUT.
std::optional<RoundTrip> readingBeforeCallsOnItsObject(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

}  // namespace oalens::analyzer
