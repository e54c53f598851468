#include "analyzer/core/progress_line.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace oalens::analyzer {

bool progressWanted(ProgressMode mode, bool quiet) {
  if (mode != ProgressMode::Auto) return mode == ProgressMode::Always;
  if (quiet) return false;
  if (const char* env = std::getenv("OALENS_PROGRESS")) {
    if (std::strcmp(env, "always") == 0) return true;
    if (std::strcmp(env, "never") == 0) return false;
  }
  const char* term = std::getenv("TERM");
  return ::isatty(STDERR_FILENO) && !(term && std::strcmp(term, "dumb") == 0);
}

void ProgressLine::phase(std::string stage, size_t total, std::string unit) {
  if (!enabled_) return;
  std::lock_guard lock(mu_);
  stage_ = std::move(stage);
  unit_ = std::move(unit);
  total_ = total;
  done_ = 0;
  start_ = std::chrono::steady_clock::now();
  lastDraw_ = {};
}

void ProgressLine::advance(size_t n) {
  if (!enabled_) return;
  const size_t done = done_ += n;
  draw(done, done == total_);
}

void ProgressLine::draw(size_t done, bool force) {
  const auto now = std::chrono::steady_clock::now();
  // Another worker drawing has a line as good, except for the last count, which must show.
  std::unique_lock lock(mu_, std::defer_lock);
  if (force) lock.lock();
  else if (!lock.try_lock()) return;
  if (!force && now - lastDraw_ < std::chrono::milliseconds(100)) return;
  lastDraw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? done / seconds : 0;
  std::string line = fmt::format("\r{}: {}{}{}/{} {}", command_, stage_, stage_.empty() ? "" : " ", done, total_, unit_);
  if (rate > 0) {
    line += fmt::format(", {:.0f}/s", rate);
    if (done < total_) {
      const auto eta = static_cast<long>((total_ - done) / rate + 0.5);
      line += fmt::format(", ETA {}:{:02}", eta / 60, eta % 60);
    }
  }
  line += "\x1b[K";  // clears what a longer earlier line left
  std::fputs(line.c_str(), out_);
  std::fflush(out_);
  drawn_ = true;
}

void ProgressLine::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mu_);
  if (!drawn_) return;
  std::fputs("\r\x1b[K", out_);
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace oalens::analyzer
