// Builds the model of a text from models of its parts, so that `mine` parses only the parts
// of a version that changed. The text (the target) is a skeleton with some units (a test, a
// helper, a statement) written out in full: the skeleton model was parsed from a compact text
// where one `pass` line stands for one unit or a run of adjacent ones, each written-out unit
// was parsed alone, inside a wrapper of one definition per line that puts it at the same block
// depth (`class _:` for a method, `def _():` for a statement of a function, both for one of a
// method); the wrapper's class and function stand for the real ones, and a `pass` in the block
// of a compound statement gives the statements of the wrapper's body its depth. The frontend
// appends every arena (statements, expressions, functions, classes, imports) in source order,
// so a unit's entries are contiguous: splicing inserts them where the `pass` was and shifts what follows. The
// result equals the model of parsing the target directly, field by field (modelDifference
// checks it, in tests and in `mine --check-splices`); anything the splice is not sure of
// (a syntax error, a missing `pass`) declines, and the caller parses the target instead.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

struct SpliceRegion {
  // In the skeleton's text: the one line standing for the unit, `pass` at the unit's indent.
  // Regions that follow one another in the target, each with a piece, may share one line.
  uint32_t skeletonLine = 0;                    // 1-based
  uint32_t skeletonStart = 0, skeletonEnd = 0;  // the line's first byte, the next line's first byte
  // In the target: the unit's lines, and their bytes (the first line's start, the next line's start).
  uint32_t firstLine = 0, lastLine = 0;
  uint32_t start = 0, end = 0;
  // The unit's model when the target writes it out (its text is the target's [start, end)
  // after `headerBytes` of wrapper); null when the target has `pass` and blank lines there too.
  const FileModel* piece = nullptr;
  uint32_t headerLines = 0, headerBytes = 0;
};

// The model of `target`; nullopt (with the reason) when the parts cannot be spliced. Regions
// are in source order. The skeleton and the pieces must be free of diagnostics.
std::optional<FileModel> spliceModels(const FileModel& skeleton, std::string target, const std::vector<SpliceRegion>& regions,
                                      std::string& whyNot);

// The first field in which two models differ, described for a reader ("stmts[12].range: ...");
// empty when they are equal. Views are compared by their place in the source and their text;
// fields without meaning (firstChild of a childless expression) are not compared.
std::string modelDifference(const FileModel& a, const FileModel& b);

}  // namespace oalens::analyzer
