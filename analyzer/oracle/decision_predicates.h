// The predicates the rows of the oracle types' decision table ask (oracle_decision.cpp, `decide`):
// what the CUT's and the oracle's origins share, name and compute.
#pragma once
#include <set>
#include <string>
#include <string_view>

#include "analyzer/oracle/oracle_decision.h"

namespace oalens::analyzer::oracle_decision {

// Whether the two sides' functions of one name live in modules named for different backends
// (`theano_backend.conv1d` against `tensorflow_backend.conv1d`, `ops_cuda.f` against `ops_cpu.f`),
// not in two modules of one backend (`parallel.hmm_filter` against `serial.hmm_filter`: the
// library's other implementation, RI).
bool backendsDiffer(const std::set<std::string>& oracle, const std::set<std::string>& cut);

std::string firstUnknownReason(const OriginSet& s);

// Whether a function's name says it performs an operator's operation (`tree_sub` for `-`,
// `batch_matmul` for `@`), by a word of its name.
bool namesTheOperation(std::string_view function, const std::string& op);

// Two different parts of results (h['loss'] against h['weighted_mse'], the loss and a metric
// unpacked from one evaluate): outputs of different functions, even of one run.
bool differentParts(const OriginSet& cut, const OriginSet& oracle);

// Whether a call's arguments (normalized texts, each followed by a comma) share one with any of
// the CUT's library calls: np.maximum(x, 0.0) against relu(x) runs on the CUT's input.
bool sharesAnInput(const std::multiset<std::string>& cutInputs, const std::string& args);

// The call of a callable the test is handed (`unroll_fn(core, xs, state)`, parametrized over the
// library's unrolls), when it makes the value: the first call on its side, after at most the
// library wrapping the callable itself (`unroll_fn = tf.function(unroll_fn)`); else null.
const Origin* handedCallableCall(const OriginSet& s);

// Arithmetic or loops of the oracle's own: met directly in its expression, or under a binding
// or helper the CUT's side does not follow. What both sides follow prepares the inputs they
// share (gen_unique_vector(n) feeding the CUT and np.sort alike) and is no formula.
bool ownOf(const std::set<std::string>& oracleAt, const std::set<std::string>& cutAt);

// The first call met tracing a side, the one that computes its value last; nullptr when none.
const Origin* outermostCall(const OriginSet& s);

// The distinctive words of a function's name (`MulticlassPrecisionRecallCurve`: multiclass,
// precision, recall, curve; `soft_dtw`: soft, dtw), lower-cased; words every metric or step
// shares and single letters say nothing of which function it is.
std::set<std::string> distinctiveWords(std::string_view name);

// A function or class of another library named by its module (`torch.nn.functional.relu`), run on
// data: not a method of an object the scan could not place (`.sum`), nor a C++ name.
bool namedOtherLibraryRun(const Origin& o);

// Whether another library's function is named for the function the CUT's side computes: every
// distinctive word of its name is one of the CUT's (`sklearn.metrics.precision_recall_curve`
// against `MulticlassPrecisionRecallCurve`, `tslearn...soft_dtw` against `SoftDTW`).
// Not a method (`.diagonal` of any array), nor a primitive of the array libraries formulas are
// written with (`math.log` against `log_prob`); a name of one short word says too little.
bool namesTheCutsFunction(const OriginSet& cut, std::string_view otherApi);

// Whether a side makes the call `x` too.
bool makes(const OriginSet& s, const Origin& x);

// Whether every computing call of the oracle is one the CUT's side makes too, or an array's
// reduction of the formula (`.sum(0)`): no function of the library runs for the oracle alone.
bool computesOnlyWhatTheCutMakes(const OriginSet& cut, const OriginSet& oracle);

// The library call through which the CUT runs every origin of an oracle that holds an
// unresolved callee, or "" when the CUT does not hold them all.
std::string libraryRunOf(const OriginSet& cut, const OriginSet& oracle);

// Whether the oracle is a loop of the author's with arithmetic of its own around the library's
// parts (`[layer.call(x * alpha[i]) * gamma[i] for i in range(n)]`), the CUT one call with neither.
bool authorsLoopAround(const OriginSet& cut, const OriginSet& oracle);

// Whether the CUT's side takes a derivative (`jacobian`, `grad`, `hessian`) the oracle's does not.
bool differentiatesOnly(const OriginSet& cut, const OriginSet& oracle);

}  // namespace oalens::analyzer::oracle_decision
