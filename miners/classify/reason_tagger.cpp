#include "miners/classify/reason_tagger.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include <toml++/toml.h>

#include "analyzer/core/text_lines.h"

extern const char* const kBuiltinReasonsToml;  // generated from rules/reasons/reasons.toml

namespace oalens::miners {

ReasonTagger::ReasonTagger() = default;
ReasonTagger::ReasonTagger(ReasonTagger&&) noexcept = default;
ReasonTagger& ReasonTagger::operator=(ReasonTagger&&) noexcept = default;
ReasonTagger::~ReasonTagger() = default;

ReasonTagger ReasonTagger::builtin(std::string& err) { return fromToml(kBuiltinReasonsToml, "rules/reasons/reasons.toml", err); }

std::string_view ReasonTagger::builtinText() { return kBuiltinReasonsToml; }

ReasonTagger ReasonTagger::fromToml(std::string_view text, std::string_view source, std::string& err) {
  ReasonTagger t;
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    err = fmt::format("{}:{}: {}", source, e.source().begin.line, e.description());
    return t;
  }
  const toml::array* arr = root["reason"].as_array();
  if (!arr) {
    err = fmt::format("{}: 'reason' must be an array of tables ([[reason]])", source);
    return t;
  }
  size_t i = 0;
  for (const auto& el : *arr) {
    const toml::table* tab = el.as_table();
    auto id = tab ? (*tab)["id"].value<std::string>() : std::nullopt;
    auto pattern = tab ? (*tab)["pattern"].value<std::string>() : std::nullopt;
    if (!id || !pattern) {
      err = fmt::format("{}: reason[{}]: keys 'id' and 'pattern' must be strings", source, i);
      t.reasons_.clear();
      return t;
    }
    auto re = std::make_unique<re2::RE2>(*pattern);
    if (!re->ok()) {
      err = fmt::format("{}: reason[{}] ({}): pattern does not compile: {}", source, i, *id, re->error());
      t.reasons_.clear();
      return t;
    }
    const toml::node* squashed = (*tab)["squashed_commits"].node();
    if (squashed && !squashed->is_boolean()) {
      err = fmt::format("{}: reason[{}] ({}): 'squashed_commits' must be true or false", source, i, *id);
      t.reasons_.clear();
      return t;
    }
    t.reasons_.push_back({*id, std::move(re), squashed ? squashed->value_or(true) : true});
    ++i;
  }
  return t;
}

namespace {

// `Signed-off-by: ...`, `PiperOrigin-RevId: 123`, `Change-Id: I...`: a token of letters and
// dashes, a colon, no spaces before it.
bool isTrailer(std::string_view line) {
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 >= line.size() || line[colon + 1] != ' ') return false;
  const std::string_view key = line.substr(0, colon);
  const bool token = std::all_of(key.begin(), key.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; });
  return token && key.find('-') != std::string_view::npos;
}

}  // namespace

std::string messageProse(std::string_view message, bool withSquashedCommits) {
  const std::vector<std::string_view> lines = analyzer::splitLines(message);
  // Trailers close a message: only its last paragraph can hold them ("Follow-up: ..." earlier
  // is prose).
  size_t end = lines.size();
  while (end > 1 && analyzer::trimmedLine(lines[end - 1]).empty()) --end;
  size_t lastParagraph = end;
  while (lastParagraph > 1 && !analyzer::trimmedLine(lines[lastParagraph - 1]).empty()) --lastParagraph;
  if (lastParagraph <= 1) lastParagraph = lines.size();  // no blank line after the subject: no trailers
  size_t squashItems = 0;
  for (size_t i = 1; i < lines.size(); ++i) squashItems += lines[i].substr(0, 2) == "* ";
  const bool squashList = !withSquashedCommits && squashItems >= 3;
  std::string prose(lines[0]);  // the subject always counts
  prose.push_back('\n');
  bool inFence = false;
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (analyzer::trimmedLine(line).substr(0, 3) == "```") {
      inFence = !inFence;
      continue;
    }
    const bool trailer = i >= lastParagraph && isTrailer(line);
    // A Markdown table row (`| Dtype | Before |`): figures, not prose; `|x| is stable` is prose.
    const std::string_view cells = analyzer::trimmedLine(line);
    const bool tableRow = cells.size() >= 2 && cells.front() == '|' && cells.back() == '|';
    if (inFence || trailer || tableRow || (squashList && line.substr(0, 2) == "* ")) continue;
    prose.append(line);
    prose.push_back('\n');
  }
  return prose;
}

std::vector<std::string> ReasonTagger::tag(std::string_view message) const {
  const std::string whole = messageProse(message, true), withoutSquashed = messageProse(message, false);
  std::vector<std::string> out;
  for (const auto& r : reasons_)
    if (RE2::PartialMatch(r.readsSquashedCommits ? whole : withoutSquashed, *r.pattern)) out.push_back(r.id);
  return out;
}

}  // namespace oalens::miners
