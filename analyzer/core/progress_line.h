// One updating progress line on stderr (`scan: parsing 412/1952 files, 180/s, ETA 0:08`), redrawn in
// place with a carriage return, for scan, lint and mine on a terminal. Workers call advance()
// from any thread; the line is redrawn at most ten times a second (a redraw per file would
// cost more than a small file's parse), and cleared when the work is done, so the report that
// follows starts on a clean line. Disabled, every call returns at once.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace oalens::analyzer {

// --progress: auto draws when stderr is a terminal and -q was not given; OALENS_PROGRESS=
// always|never in the environment decides for auto (after -q), so tests and CI logs can force it.
enum class ProgressMode { Auto, Always, Never };
bool progressWanted(ProgressMode mode, bool quiet);

class ProgressLine {
 public:
  ProgressLine(std::string command, bool enabled, std::FILE* out = stderr) : command_(std::move(command)), enabled_(enabled), out_(out) {}
  ~ProgressLine() { finish(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  // A new stage ("parsing", or "" for the only one) of `total` items of `unit` ("files",
  // "commits"); its count and clock start at 0.
  void phase(std::string stage, size_t total, std::string unit);
  void advance(size_t n = 1);
  // Clears the line (a no-op when nothing was drawn).
  void finish();

 private:
  void draw(size_t done, bool force);

  const std::string command_;
  const bool enabled_;
  std::FILE* out_;
  std::mutex mu_;
  std::string stage_, unit_;
  size_t total_ = 0;
  std::atomic<size_t> done_{0};
  std::chrono::steady_clock::time_point start_, lastDraw_;
  bool drawn_ = false;
};

}  // namespace oalens::analyzer
