#include "analyzer/lint/lint_baseline.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace oalens::analyzer {

std::optional<std::set<std::string>> readLintBaseline(const std::string& path, std::string& err) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    err = "cannot read the baseline";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("fingerprints") || !doc["fingerprints"].is_array()) {
    err =
        "not a baseline (JSON with a list of fingerprints; `oalens lint --write-baseline FILE` and `oalens diff --write-baseline FILE` "
        "write one)";
    return std::nullopt;
  }
  std::set<std::string> out;
  for (const auto& entry : doc["fingerprints"]) {
    if (entry.is_object() && entry.contains("fingerprint") && entry["fingerprint"].is_string())
      out.insert(entry["fingerprint"].get<std::string>());
    else if (entry.is_string()) out.insert(entry.get<std::string>());
  }
  return out;
}

std::string baselineText(const std::vector<BaselineEntry>& entries) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const BaselineEntry& e : entries) list.push_back({{"fingerprint", e.fingerprint}, {"rule", e.rule}, {"file", e.file}});
  return nlohmann::ordered_json{{"version", 1}, {"fingerprints", list}}.dump(2) + "\n";
}

std::string lintBaselineText(const LintResult& result) {
  std::vector<BaselineEntry> entries;
  for (const LintFinding& f : result.findings) entries.push_back({f.fingerprint, f.rule, f.file});
  return baselineText(entries);
}

size_t applyLintBaseline(LintResult& result, const std::set<std::string>& fingerprints) {
  const size_t before = result.findings.size();
  std::erase_if(result.findings, [&](const LintFinding& f) { return fingerprints.count(f.fingerprint) > 0; });
  return before - result.findings.size();
}

}  // namespace oalens::analyzer
