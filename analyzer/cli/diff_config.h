// What `oalens diff` reads of the project's configuration: each side's .oalens.toml or
// [tool.oalens] (the gate checks both sides with the old side's, miners/gate/config_change.h),
// the gate rules --select / --ignore and [diff] choose, and the baseline of accepted findings.
// Here rather than in miners/gate because the configuration's reader is the command layer's.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analyzer/cli/config.h"
#include "miners/gate/change_sides.h"
#include "miners/gate/config_change.h"

namespace oalens::cli {

// The configuration of one side. `rules` receives the old side's [diff] table, `helpUriBase`
// the new side's [sarif] help-uri-base. nullopt after printing why when it is invalid.
std::optional<miners::ConfigSide> gateConfigSide(const miners::ChangeSides& sides, bool newSide, RuleChoice& rules,
                                                 std::string& helpUriBase);

// --select / --ignore, else the old side's [diff] select, ignore and per-file-ignores (the
// old side's: a change cannot switch off the rules that check it). False after printing why
// when a selector names no gate rule.
bool chooseGateRules(const std::vector<std::string>& selectOption, const std::vector<std::string>& ignoreOption, const RuleChoice& config,
                     std::vector<miners::GateFinding>& findings);

// --write-baseline writes the findings' fingerprints; --baseline leaves out those it holds, so
// that a branch's accepted loosenings stop failing each later run over the same range. False
// after printing why when a file cannot be read or written.
bool applyGateBaseline(const std::string& baseline, const std::string& writeBaseline, std::vector<miners::GateFinding>& findings);

}  // namespace oalens::cli
