// Passes of the diff gate over the whole change, after each file is checked on its own: an OA
// assertion "deleted" from one file is no weakening when the change
//   - adds it to another file (a test moved, renamed, or migrated to another module), or
//   - deletes the code it tests: the functions or classes its compared expression calls are
//     defined in a non-test file of the change and gone from it afterwards, or the deleted test
//     file imports a module the change deletes (a feature removed with its tests).
#pragma once
#include <set>
#include <string>
#include <vector>

#include "miners/gate/diff_gate.h"

namespace oalens::miners {

// What the change does outside the single files' checks.
struct ChangeFacts {
  std::set<std::string> addedOa;            // OA assertions (normalised, and their compared values) new in some file
  std::set<std::string> removedNames;       // functions and classes a non-test Python file of the change no longer defines
  std::set<std::string> removedModules;     // dotted and last-component names of Python modules the change deletes
  std::set<std::string> testsWithGoneCode;  // deleted test files that import a removed module
};

// The names `def name` / `class name` defines in Python text.
std::set<std::string> definedNames(const std::string& text);
// Whether Python text imports one of `modules` (dotted paths from the repository root, and
// their last components for relative imports): `import a.b`, `from a.b import c`, `from a import b`.
bool importsAnyOf(const std::string& text, const std::set<std::string>& modules);
// "pkg/sub/mod.py" -> {"pkg.sub.mod", "mod"}.
std::vector<std::string> moduleNamesOf(const std::string& path);

// The CH302 findings of `findings` the facts explain, dropped; how many were.
size_t dropExplainedDeletions(std::vector<GateFinding>& findings, const ChangeFacts& facts);

}  // namespace oalens::miners
