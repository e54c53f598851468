// Two objects of one class run on the same input, one of them handed to the library on its way
// (Accelerate's `load_checkpoint_and_dispatch(new_model, checkpoint)`, a dispatch or offload):
// the same model run again after an operation that should not change its result.
#pragma once
#include <optional>

#include "analyzer/oracle/round_trip.h"

namespace oalens::analyzer {

// Both compared names bound by a call of an object on the same arguments (`expected = model(x)`,
// `output = new_model(x)`), both objects instances of one class (`ModelForTest()`), at least one
// of them the result of a call it was handed to: SCUT_SAME, the handed one's side the CUT.
std::optional<RoundTrip> sameClassRunAgain(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// A name bound by running an object (`prev = module(x)`), then a restore (`load_checkpoint`,
// `restore`, `from_pretrained`; the object possibly built anew of its class first), then the same
// run written out (`module(x)`) against the name, `x` unchanged: SCUT_SAME, the run after the
// restore the CUT (SpeechBrain's checkpointer tests).
std::optional<RoundTrip> restoredModelRunAgain(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

}  // namespace oalens::analyzer
