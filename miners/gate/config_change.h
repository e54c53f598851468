// CH310: a change to the project configuration that weakens the gate. The gate scans both sides
// of a change with the configuration of the old side (a staged `.oalens.toml` that redefines
// `assert_allclose` as not-OA must not turn the gate green), and compares the two
// configurations: an OA check of the old one that the new one drops or makes not-OA, a default
// tolerance it raises, a name it stops matching, or a changed test-file pattern is a finding on
// the configuration file, accepted like any other with `# oalens: loosen-ok(<reason>)` on the
// line or a Tolerance-Change trailer.
#pragma once
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "miners/gate/diff_gate.h"

namespace oalens::miners {

// One side's configuration: the catalogue it makes (built-in entries plus the file's), its
// [scan] test_files, and the file it came from with its text (empty when there is none).
struct ConfigSide {
  analyzer::Catalogue catalogue;
  std::string testFiles;
  std::string path, text;
};

std::vector<GateFinding> weakenedConfiguration(const ConfigSide& before, const ConfigSide& after, const std::string& trailerReason);

}  // namespace oalens::miners
