// Keyword splats: what a call's `**name` passes. Suites build the tolerances of a check in a
// dict and splat it (`tol = {"atol": 1e-4}; assert_allclose(a, b, **tol)`; JAX's
// _assert_numpy_allclose: `kw = {}; if atol: kw["atol"] = atol; ...(a, b, **kw)`), and helpers
// forward their own `**kwargs` to the check they wrap. A splat read as "the defaults apply"
// drops the tolerances it carries.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The value of a Python call's last `**value`, or kNone.
ExprId keywordSplat(const FileModel& m, ExprId call);
// The values of all of a Python call's `**value`s, in order (`f(**common, **kwargs)`).
std::vector<ExprId> keywordSplats(const FileModel& m, ExprId call);

struct SplatEntry {
  std::string_view key;
  ExprId value = kNone;
  StmtId stmt = kNone;       // where the entry is set
  StmtId condition = kNone;  // the innermost if/else/loop/try the entry is set under and the call is not
};

// The entries of the dict a function builds under a local name and passes as `**name` at
// statement `at`: `name = {...}`, `name = dict(k=v)`, `name["k"] = v`, `name.update(...)`.
// `closed` when nothing else can add a key (no computed key, no `**other`, no other mutation),
// so that a key it lacks is left at the callee's default. A binding under a branch after the
// last one every path takes makes the entries before it conditional; with `eitherBranch`, an
// `if`/`else` binding it in each branch gives the entries of both, each under its branch (for
// the check's own tolerances; wrapper discovery, which maps entries to its parameters, does not
// take them). nullopt when `splat` is not such a name: a parameter, bound from something else
// than a dict, or only in branches.
struct SplatDict {
  std::vector<SplatEntry> entries;
  bool closed = true;
  FunctionId scope = kNone;  // the function whose statements build it (its entries' scope)
  // The last entry set for `key`, and how many are.
  const SplatEntry* find(std::string_view key) const;
  size_t count(std::string_view key) const;
};
std::optional<SplatDict> splatDict(const FileModel& m, FunctionId fid, StmtId at, ExprId splat, bool eitherBranch = false);
// The same for `**self.options` in a method of a test case: the dict the method builds ahead of
// statement `at`, or else the one its class's setUp builds, when no other method of the class
// binds or changes it (Chainer: `self.check_forward_options = {}` then `if self.dtype ==
// numpy.float16: self.check_forward_options = {'atol': 5e-4, 'rtol': 5e-3}` in setUp). Entries
// under a block of setUp are conditional on it. A setUp that only updates the dict
// (`self.check_forward_options.update({'atol': 1e-3})`) updates the one the class body binds
// (`check_forward_options = {'atol': 1e-4}`, the only such binding in the file's class bodies),
// or else one a base class makes, which is not closed; with no setUp, the class body's dict.
std::optional<SplatDict> selfSplatDict(const FileModel& m, FunctionId fid, StmtId at, ExprId splat);
// The dict `self.<name>` holds in test case `cls` when a base class the file does not hold makes
// it empty (Chainer's FunctionTestCase and `check_forward_options`): what the class body binds
// and setUp builds or updates, as selfSplatDict reads them, on an empty dict. nullopt when
// another method changes it too.
std::optional<SplatDict> emptyBaseDictOf(const FileModel& m, ClassId cls, std::string_view name);

// What a helper does with a keyword its callers give, when `splat` is the function's own
// `**kwargs` parameter passed on to the check it wraps: nullopt when the keyword does not get
// through unchanged (the parameter is rebound, or the key popped, set or changed in a way not
// read here); its default when the helper sets one (`kwargs.setdefault("rtol", 1e-4)`).
struct ForwardedKeyword {
  ExprId defaultValue = kNone;
};
std::optional<ForwardedKeyword> forwardedKeyword(const FileModel& m, FunctionId fid, StmtId at, ExprId splat, std::string_view key);

// The text of a string literal without its prefix and quotes; empty for anything else.
std::string_view stringLiteralText(const FileModel& m, ExprId e);

}  // namespace oalens::analyzer
