// Text views of a mined database (history_text.h): fixed-width tables in the study's order and
// one line per change, as `oalens report` and `oalens mine` print them.
#include "reports/text/history_text.h"

#include <fmt/format.h>

#include "reports/sqlite/history_tables.h"

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

// `["kinds"] direction  details  [reasons]`, leaving out what is empty; a reason read from the
// code says so (`hardware from the code`).
std::string kindsToReasons(const json& c) {
  std::string reasons;
  for (const auto& [reason, source] : c["reason_sources"].items())
    reasons += fmt::format("{}{}{}", reasons.empty() ? "" : ", ", reason, source.get<std::string>() == "code" ? " from the code" : "");
  std::string out = c["kinds"].dump();
  if (!c["direction"].is_null()) out += " " + c["direction"].get<std::string>();
  if (const std::string& details = c["details"].get_ref<const std::string&>(); !details.empty()) out += "  " + details;
  if (!reasons.empty()) out += "  [" + reasons + "]";
  return out;
}

// One change in the text list: `sha file:line ["kinds"] direction  details  [reasons]`.
std::string changeLine(const json& c) {
  return fmt::format("{} {}:{} {}\n", c["commit"].get<std::string>().substr(0, 12), c["file"].get<std::string>(), c["line"].get<int64_t>(),
                     kindsToReasons(c));
}

// Each assertion with how often it was loosened, then its changes a line each.
std::string loosenedText(const json& loosened, int64_t atLeast) {
  auto times = [](int64_t n) { return fmt::format("{} time{}", n, n == 1 ? "" : "s"); };
  std::string text = fmt::format("Assertions loosened {} or more: {}\n", times(atLeast), loosened.size());
  for (const auto& a : loosened) {
    text += fmt::format("{}:{}  loosened {}  (uid {})\n", a["file"].get<std::string>(), a["line"].get<int64_t>(),
                        times(a["loosenings"].get<int64_t>()), a["assertion_uid"].get<std::string>());
    for (const auto& c : a["changes"]) {
      text += fmt::format("  {} {} {}\n", c["date"].get<std::string>(), c["commit"].get<std::string>().substr(0, 12), kindsToReasons(c));
    }
  }
  return text;
}

}  // namespace

std::string historyText(const json& out, int64_t atLeast) {
  std::string text;
  if (out.contains("table5")) {
    const json& t = out["table5"];
    text += "OA assertion changes (as the study's Table V)\n";
    for (const char* k : {"commits", "oa_commits", "oa_changes", "additions", "deletions", "cosmetic", "non_cosmetic", "api", "parameter",
                          "threshold", "loosen", "tighten", "mixed"})
      text += fmt::format("  {:<16}{:>8}\n", k, t[k].get<int64_t>());
    text += "Reasons of threshold changes (a change with several counts in each)\n";
    text += fmt::format("  {:<22}{:>8}{:>8}{:>8}{:>8}\n", "reason (source)", "changes", "loosen", "tighten", "mixed");
    for (const auto& r : out["threshold_reasons"])
      text += fmt::format("  {:<22}{:>8}{:>8}{:>8}{:>8}\n", r["reason"].get<std::string>() + " (" + r["source"].get<std::string>() + ")",
                          r["changes"].get<int64_t>(), r["loosen"].get<int64_t>(), r["tighten"].get<int64_t>(), r["mixed"].get<int64_t>());
    if (out["threshold_reasons"].empty()) text += "  none\n";
  }
  if (out.contains("incomplete"))
    for (const auto& i : out["incomplete"])
      text += fmt::format("Incomplete history of {}: {}\n", i["repository"].get<std::string>(), i["problem"].get<std::string>());
  if (out.contains("changes"))
    for (const auto& c : out["changes"]) text += changeLine(c);
  if (out.contains("loosened")) text += loosenedText(out["loosened"], atLeast);
  return text;
}

std::string minedRepositoryText(Database& db, int64_t repository, const std::string& dbPath) {
  std::string text = "  OA assertion changes of this repository (as the study's Table V):\n";
  for (const auto& [key, n] : tableFive(db, repository)) text += fmt::format("    {:<16}{:>8}\n", key, n);
  // Files that could not be read or parsed cleanly are recorded, not printed one by one.
  if (const int64_t problems = mineProblems(db, repository); problems > 0)
    text += fmt::format("  {} problem{} with files recorded: sqlite3 {} 'SELECT * FROM mine_diagnostics'\n", problems,
                        problems == 1 ? "" : "s", dbPath);
  return text;
}

}  // namespace oalens::reports
