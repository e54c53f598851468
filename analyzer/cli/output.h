// Writes command output to a file or stdout; a write to a closed pipe is not an error.
#pragma once
#include <string>

namespace oalens::cli {

// Returns false (after printing why) when the file, or standard output, cannot be written
// (a full device): the command then exits 2. A closed pipe is no failure.
// `colour`: the findings' lines get terminal colours (terminal.h), added after the text's own
// control bytes were made visible.
bool writeOutput(const std::string& path, const std::string& text, bool colour = false);

// Prints `oalens: <why>` on stderr and returns 2, the exit code of a usage or fatal error.
int fatal(const std::string& why);

}  // namespace oalens::cli
