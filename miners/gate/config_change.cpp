#include "miners/gate/config_change.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace oalens::miners {

namespace {

std::optional<double> numberIn(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') return std::nullopt;
  return v;
}

// The line of the configuration text that mentions `needle` (1 when none does).
uint32_t lineOf(const std::string& text, const std::string& needle) {
  const size_t at = needle.empty() ? std::string::npos : text.find(needle);
  if (at == std::string::npos) return 1;
  return static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1);
}

std::string lineText(const std::string& text, uint32_t line) {
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) {
    const size_t end = text.find('\n', start);
    if (end == std::string::npos) return {};
    start = end + 1;
  }
  return text.substr(start, text.find('\n', start) - start);
}

std::string statedReason(const std::string& line) {
  static const RE2 loosenOk(R"(#\s*oalens:\s*loosen-ok\(([^)]*)\))");
  std::string r;
  if (!RE2::PartialMatch(line, loosenOk, &r)) return {};
  return r.empty() ? "stated" : r;
}

}  // namespace

std::vector<GateFinding> weakenedConfiguration(const ConfigSide& before, const ConfigSide& after, const std::string& trailerReason) {
  std::vector<GateFinding> out;
  if (before.text == after.text && before.path == after.path) return out;
  const GateRule* rule = nullptr;
  for (const GateRule& r : gateRules())
    if (std::string_view(r.id) == "CH310") rule = &r;
  const std::string file = !after.path.empty() ? after.path : before.path;
  auto emit = [&](const std::string& mentioned, std::string message) {
    GateFinding f;
    f.file = file;
    f.line = lineOf(after.text, mentioned);
    f.column = 1;
    f.rule = rule->id;
    f.name = rule->name;
    f.severity = rule->severity;
    f.message = std::move(message);
    f.fingerprint = gateFingerprint(f.rule, f.file, f.message, "");
    std::string reason = statedReason(lineText(after.text, f.line));
    if (reason.empty()) reason = trailerReason;
    if (!reason.empty()) {
      f.severity = Severity::Note;
      f.statedReason = reason;
      f.message += fmt::format(" (accepted: {})", reason);
    }
    out.push_back(std::move(f));
  };
  for (const analyzer::ApiSpec& old : before.catalogue.apis()) {
    if (!old.oa) continue;
    const analyzer::ApiSpec* now = after.catalogue.byId(old.id);
    if (!now) {
      emit(old.id, fmt::format("the configuration drops the OA check {}: its calls are no longer checked", old.id));
      continue;
    }
    if (!now->oa) {
      emit(old.id, fmt::format("the configuration makes {} not an OA check: its tolerances are no longer compared", old.id));
      continue;
    }
    for (const std::string& name : old.names)
      if (std::find(now->names.begin(), now->names.end(), name) == now->names.end())
        emit(old.id, fmt::format("the configuration no longer matches `{}` as the OA check {}", name, old.id));
    for (const auto& [kind, text] : old.defaults) {
      auto it = now->defaults.find(kind);
      if (it == now->defaults.end() || it->second == text) continue;
      const std::optional<double> was = numberIn(text), is = numberIn(it->second);
      if (was && is && *is > *was)
        emit(old.id, fmt::format("the configuration raises the default {} of {} from {} to {}", kind, old.id, text, it->second));
    }
  }
  if (before.testFiles != after.testFiles)
    emit("test_files",
         fmt::format("the configuration changes the test-file pattern from `{}` to `{}`: files it no longer matches are not checked",
                     before.testFiles.empty() ? "(default)" : before.testFiles, after.testFiles.empty() ? "(default)" : after.testFiles));
  return out;
}

}  // namespace oalens::miners
