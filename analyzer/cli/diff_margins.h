// `oalens diff --margins DB`: the gate's CH301 message says what the recorded test runs of a
// margins database (pytest -p oalens_margins) measured at the loosened check.
#pragma once
#include <string>

#include "miners/gate/diff_gate.h"

namespace oalens::cli {

// Reads `db` and sets context.measuredLoosening. `treeRoot`: the repository's work tree (the
// plugin's rootdir when the repository is bare). False, with a message on stderr, when `db`
// cannot be read as a margins database.
bool attachMargins(const std::string& db, const std::string& treeRoot, miners::GateContext& context);

}  // namespace oalens::cli
