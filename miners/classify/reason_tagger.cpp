#include "miners/classify/reason_tagger.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <toml++/toml.h>

extern const char* const kBuiltinReasonsToml;  // generated from rules/reasons/reasons.toml

namespace oalens::miners {

ReasonTagger::ReasonTagger() = default;
ReasonTagger::ReasonTagger(ReasonTagger&&) noexcept = default;
ReasonTagger& ReasonTagger::operator=(ReasonTagger&&) noexcept = default;
ReasonTagger::~ReasonTagger() = default;

ReasonTagger ReasonTagger::builtin(std::string& err) { return fromToml(kBuiltinReasonsToml, "rules/reasons/reasons.toml", err); }

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
    t.reasons_.push_back({*id, std::move(re)});
    ++i;
  }
  return t;
}

std::vector<std::string> ReasonTagger::tag(std::string_view message) const {
  std::vector<std::string> out;
  for (const auto& r : reasons_)
    if (RE2::PartialMatch(re2::StringPiece(message.data(), message.size()), *r.pattern)) out.push_back(r.id);
  return out;
}

}  // namespace oalens::miners
