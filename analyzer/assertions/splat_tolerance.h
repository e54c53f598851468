// Tolerances a Python call leaves to its `**name` (analyzer/assertions/keyword_splat.h reads
// the dict).
#pragma once
#include <optional>
#include <string>

#include "analyzer/assertions/assertion.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// A tolerance a call leaves to its `**name`: the entry of the dict the function builds (`tol =
// {"atol": 1e-4}`), or for `**self.options` its test case's setUp (splatDict, selfSplatDict), with
// its condition when it is set under a branch the call is not in, read for the comparison across
// versions as the choice the branch makes; for anything else, `**name` unresolved, since it may
// set it: the default is not known to apply, and a change to or from such a call has no
// direction. nullopt when the dict cannot hold the key, so that the default applies (`note` then
// says so). `defaultText` is empty for a tolerance without a default (unittest's `delta`).
// `splatValue` is the text after `**` (`self.check_forward_options`).
std::optional<Tolerance> toleranceFromSplat(const FileModel& m, const Assertion& a, const ToleranceResolver& resolver,
                                            std::string_view splatValue, const std::optional<SplatDict>& dict, const std::string& kind,
                                            const std::string& param, const std::string& defaultText, std::string& note);

}  // namespace oalens::analyzer
