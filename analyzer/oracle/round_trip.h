// A value the test hands to the code under test and compares the result with: a round trip
// (`expmap(a, logmap(a, b))` against `b`), a setting read back, an identity. By the labelling
// conventions (docs/oracles.md) the oracle is then the test's own input, test data (D), however
// the test prepared it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

// A library call that computes something (not a dtype, a mode, a graph input or a config value).
bool computesWithLibrary(const OriginSet& s);
// Whether it calls the library for more than building objects of its classes from values
// (`GridArray(data, offset, grid)` holds the test's data; a method or call of the object computes).
bool computesBeyondBuilding(const OriginSet& s);

// The compared texts and the outermost computing call of each side (the classifier's).
struct Sides {
  std::string_view actualText, expectedText;
  std::string actualPrimary, oraclePrimary;
};

struct RoundTrip {
  bool swapSides = false;  // the catalogue's actual side is the oracle
  std::string type, reason;
};

// A value the test hands to the code under test, compared with what comes back: D, however the
// test prepared it. Not when the CUT's last call made the value (`projx(p)` against `p =
// projx(x)`: the same code again), a function is handed to be run, or the name is rebound.
std::optional<RoundTrip> handedBack(const Sides& sides, const OriginSet& actual, const OriginSet& oracle);

// A target the test hands to the code under test inside a function it defines and passes on
// (`def closure(): loss = (Xstar - X).pow(2).sum() ...; optim.step(closure)`, then X against
// Xstar): the oracle is the test's data, D, however it was prepared. Names the function, or "".
std::string targetOfHandedFunction(const FileModel& m, FunctionId fn, StmtId at, std::string_view expectedText, const OriginSet& oracle);

// What the test stored and read back (`torch.save(p, f)`, then `torch.load(f)`), compared with
// what it stored: the same computation before and after (SCUT_SAME), or the stored data itself
// (D). The side read back is the CUT.
std::optional<RoundTrip> storedAndReadBack(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides, const OriginSet& actual,
                                           const OriginSet& oracle);

// Two objects of the test, one saved through an object holding it and the other restored through
// another (`c1 = Checkpoint(module=m1)`, `c2 = Checkpoint(module=m2)`, `c1.save()`,
// `c2.restore_latest()`), then the same computation on each (`f(m1)` against `f(m2)`): the same
// state before and after a round trip, SCUT_SAME; the restored side is the CUT.
std::optional<RoundTrip> restoredFromAnother(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// A snapshot the test took of a value before a call and compares with that value after it
// (`p1old = p1.clone(); opt.step(); assert_allclose(p1.data, p1old.data)`, Flax's `a_kernel =
// a.kernel[...]`, `f(m)`, then `a.kernel[...]` against `a_kernel`): the oracle is the test's own
// state, D; the side read after the call is the CUT.
std::optional<RoundTrip> snapshotBeforeACall(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// One side indexes an object of the library built around the test's tensor (`gt =
// GeometricTensor(t, type)`, then `gt[2:4].tensor`), the other indexes that tensor (`t[2:4]`):
// another library's indexing is the oracle of the library's, DT; the indexed object's side is the
// CUT. An index the other side leaves out (the tensor itself) stays D.
std::optional<RoundTrip> indexedAgainstItsData(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// The same for a call that hands back a new object built from the one the snapshot was read off
// (JAX style: `initial = meanf.constant`, `trained, _ = fit(model=posterior, ...)` with `posterior`
// made from `meanf`, then `trained.prior.mean_function.constant` against `initial`): the same
// attribute read off what the call made is the CUT, the snapshot the test's own state, D.
std::optional<RoundTrip> snapshotBeforeARebuild(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// Both compared names bound by the same call written twice (`data1 = self._read_all(None)`, a
// reseed, `data2 = self._read_all(None)`): the same code run twice, SCUT_SAME, whatever the call
// computes with; SCUT_DIFF where its arguments were bound anew or set in place in between.
std::optional<RoundTrip> sameCallTwice(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// One side runs a method of an object the test combined from others by an operator (`add =
// op1 + op2`, `mul = op1 * scalar`; `add.mv(v)`, `add.T.as_matrix()`), the other the same method of
// those operands, combined likewise (`op1.mv(v) + op2.mv(v)`, or a local bound to it): the
// combined object's method is the CUT, the operands' own method another function of the
// library computing it (RI). Not a method that makes an array (`to_dense`): the array library's
// operator computes that (DT).
std::optional<RoundTrip> operandsMethodCombined(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// An object the test built, or an attribute of it, against the same of a copy it made
// (`the_copy = p1.copy()`, `copy.deepcopy(p1)`, `lin2 = copy.deepcopy(lin).to(device)`), neither
// handed to a call or run since (a copy compiled or quantized in place is another run): the
// test's value passed through, D; the copy is the CUT.
std::optional<RoundTrip> copyComparedWithItsOriginal(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides);

// The name a compared value is, once data movements are peeled off (`b`, `x.detach()`,
// `p.data.numpy()`); "" when the value is anything else.
std::string handedName(std::string_view expressionText);

// The identifiers of a code text, in order (`geom.apply_cost(x, axis=0)`: geom, apply_cost, x, axis).
std::vector<std::string> identifiersOf(std::string_view text);

// Whether a call traced on a side takes `name` as one of its whole arguments: the side computes
// from that value (a shape or dtype taken from it does not count).
bool takesAsArgument(const OriginSet& side, const std::string& name);

// Whether `other` followed the binding of `name` that `one` followed (the test may rebind a name:
// `R1` of the scene handed to the library, then `R1` of its result); both binding none counts.
bool sameBindingOf(const OriginSet& one, const OriginSet& other, const std::string& name);

// Whether a side reads a value back from storage (`torch.load(path)`, `pickle.loads(b)`, `from_pretrained(dir)`,
// `model.load_state_dict(...)`, `tf.saved_model.load(dir)`).
bool readsBack(const OriginSet& side);

// What the function stores before statement `at`: the names given first to a storing call
// (`torch.save(p, path)`: p; `pickle.dumps(m)`: m) or owning it (`model.save(dir)`: model). A
// reference file a test only loads is no round trip: then nothing.
std::vector<std::string> storedBefore(const FileModel& m, FunctionId fn, StmtId at);

// Whether a side's library calls only wrap data in the library's types (`ManifoldTensor(t)`,
// `Parameter(x)`): constructors, which compute nothing of their own.
bool onlyWrapsData(const OriginSet& side);

}  // namespace oalens::analyzer
