// `oalens report --margins DB --root TREE`: scans TREE, joins its OA assertions with the test
// runs the margins database DB holds, prints a verdict per assertion (docs/margins.md).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "reports/margins/margins_verdicts.h"

namespace oalens::cli {

struct MarginsArgs {
  std::string db, root = ".", format = "text", output;
  std::string helpUriBase;  // --help-uri-base; the root's [sarif] help-uri-base when empty
  double safetyFactor = 10;
};

// The margins database at `db`, or null after printing why it cannot be read (missing, not a
// margins database, of a newer schema, damaged). Shared: diff and lint keep it in their hooks.
std::shared_ptr<const reports::MarginsData> readMarginsOrSay(const std::string& db);

// Reads the database, scans the tree, judges; nullopt (after printing why) for a database that
// is missing, foreign or damaged, or a tree that does not exist.
std::optional<reports::MarginsReport> judgeMargins(const MarginsArgs& args);

// Prints the report as args.format says (text, json, html). Returns the exit code: 0, or 2
// when judgeMargins fails or the output cannot be written.
int reportMargins(const MarginsArgs& args);

}  // namespace oalens::cli
