#include "miners/classify/reason_tagger.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <optional>

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

namespace {

uint8_t kindBit(const std::string& name) {
  static const std::pair<const char*, uint8_t> kBits[] = {{"added", kKindAdded},         {"deleted", kKindDeleted},
                                                          {"cosmetic", kKindCosmetic},   {"api", kKindApi},
                                                          {"parameter", kKindParameter}, {"threshold", kKindThreshold}};
  for (const auto& [n, bit] : kBits)
    if (name == n) return bit;
  return 0;
}

}  // namespace

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
    uint8_t kinds = 0;
    if (const toml::node* k = (*tab)["kinds"].node()) {
      const toml::array* list = k->as_array();
      for (size_t j = 0; list && j < list->size(); ++j) {
        const uint8_t bit = kindBit((*list)[j].value_or(std::string()));
        if (!bit) {
          list = nullptr;
          break;
        }
        kinds |= bit;
      }
      if (!list) {
        err = fmt::format("{}: reason[{}] ({}): 'kinds' must be a list of added, deleted, cosmetic, api, parameter, threshold", source, i,
                          *id);
        t.reasons_.clear();
        return t;
      }
    }
    t.reasons_.push_back({*id, std::move(re), squashed ? squashed->value_or(true) : true, kinds});
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

// Whether lines[1, end) are two or more one-line paragraphs that read as commit subjects (short,
// not ending a sentence, no bullet; trailers aside).
bool unbulletedSubjects(const std::vector<std::string_view>& lines, size_t end) {
  size_t subjects = 0;
  for (size_t i = 1; i < end; ++i) {
    const std::string_view line = analyzer::trimmedLine(lines[i]);
    if (line.empty() || isTrailer(line)) continue;
    const bool alone = analyzer::trimmedLine(lines[i - 1]).empty() && (i + 1 >= end || analyzer::trimmedLine(lines[i + 1]).empty());
    if (!alone || line.size() > 72 || line.back() == '.' || line.back() == ':' || line.substr(0, 2) == "* " || line.substr(0, 2) == "- ")
      return false;
    ++subjects;
  }
  return subjects >= 2;
}

// A body line that only points at issues ("Fixes #4955", "Fix #1038, fix #377", "Closes
// https://github.com/o/r/issues/7"): a pull-request template's link, which says nothing of what
// the change does (an issue may ask for a feature as well as report a bug).
bool onlyIssueReferences(std::string_view line) {
  static const RE2 kReferences(R"((?i)\s*(((fix(es|ed)?|close[sd]?|resolve[sd]?|part of|related to|addresse[sd]|see)\s*:?\s*)?)"
                               R"((#\d+|https?://\S+/(issues|pull)/\d+)[\s,;.&]*(and\s+)?)+)");
  return RE2::FullMatch(re2::StringPiece(line.data(), line.size()), kReferences);
}

// A pull-request template's task list (`- [x] Non-breaking change (fix or new feature that would
// not break ...)`, `- [ ] New tests added to cover the changes`): categories every such pull request
// is offered, ticked or not, rather than what this change did or why.
bool taskItem(std::string_view line) {
  const std::string_view t = analyzer::trimmedLine(line);
  if (t.size() < 5 || (t[0] != '-' && t[0] != '*') || t[1] != ' ' || t[2] != '[' || t[4] != ']') return false;
  return t[3] == ' ' || t[3] == 'x' || t[3] == 'X';
}

// `line` without the parts inside `<!-- ... -->` (a template's instructions to the author);
// `inComment` carries an open comment to the next line.
std::string withoutHtmlComments(std::string_view line, bool& inComment) {
  std::string out;
  size_t pos = 0;
  while (pos < line.size()) {
    if (inComment) {
      const size_t close = line.find("-->", pos);
      if (close == std::string_view::npos) return out;
      inComment = false;
      pos = close + 3;
    } else {
      const size_t open = line.find("<!--", pos);
      out.append(line.substr(pos, open == std::string_view::npos ? std::string_view::npos : open - pos));
      if (open == std::string_view::npos) return out;
      inComment = true;
      pos = open + 4;
    }
  }
  return out;
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
  // A body of commit subjects without bullets, each a paragraph of one line ("support qr
  // factorization in lm", blank, "revert gain ratio change", ...: a squashed branch's steps),
  // two at least, none a sentence: its steps, not what the commit did to the history.
  const bool subjectList = !withSquashedCommits && unbulletedSubjects(lines, end);
  std::string prose(lines[0]);  // the subject always counts
  prose.push_back('\n');
  bool inFence = false, inComment = false, inTaskItem = false;
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::string uncommented = withoutHtmlComments(lines[i], inComment);
    const std::string_view line = uncommented;
    if (analyzer::trimmedLine(line).substr(0, 3) == "```") {
      inFence = !inFence;
      continue;
    }
    const bool trailer = i >= lastParagraph && isTrailer(line);
    // A Markdown table row (`| Dtype | Before |`): figures, not prose; `|x| is stable` is prose.
    const std::string_view cells = analyzer::trimmedLine(line);
    const bool tableRow = cells.size() >= 2 && cells.front() == '|' && cells.back() == '|';
    // A bot's lines in a squash merge ("[pre-commit.ci] auto fixes from pre-commit.com hooks",
    // "for more information, see https://pre-commit.ci") are not the author's prose.
    const bool bot = line.find("pre-commit.ci") != std::string_view::npos;
    // A squashed commit's revert ("* Revert \"Fix ...\"", then "This reverts commit ...") undid a
    // step of the branch, not an earlier change of the history.
    const bool squashedRevert = squashList && line.starts_with("This reverts commit");
    if (inFence || trailer || tableRow || bot || squashedRevert || (squashList && line.substr(0, 2) == "* ") || subjectList) continue;
    // A task item's text may wrap: its lines run to a blank line or the next item.
    if (taskItem(line)) inTaskItem = true;
    else if (analyzer::trimmedLine(line).empty() || line.starts_with("- ") || line.starts_with("* ")) inTaskItem = false;
    if (inTaskItem || onlyIssueReferences(line)) continue;
    prose.append(line);
    prose.push_back('\n');
  }
  return prose;
}

namespace {

// "not flaky", "non-GPU", "without cleanup", "never on Windows", "doesn't fail on GPU": the words
// just before a match that deny it. "no longer flaky" still names flakiness as what was fixed.
bool negated(std::string_view prose, size_t start) {
  static const RE2 kNegation(R"((?i)(\bnot(\s+(a|an|the))?|\bnon|\bwithout|\bnever|n't)[\s-]*$)");
  const size_t from = start > 24 ? start - 24 : 0;
  const std::string_view before = prose.substr(from, start - from);
  return RE2::PartialMatch(re2::StringPiece(before.data(), before.size()), kNegation);
}

// Where the first match of `pattern` in `prose` that no negation precedes starts.
std::optional<size_t> firstAffirmed(std::string_view prose, const RE2& pattern) {
  size_t pos = 0;
  re2::StringPiece m;
  const re2::StringPiece text(prose.data(), prose.size());
  while (pos <= prose.size() && pattern.Match(text, pos, prose.size(), RE2::UNANCHORED, &m, 1)) {
    const size_t start = static_cast<size_t>(m.data() - prose.data());
    if (!negated(prose, start)) return start;
    pos = start + std::max<size_t>(1, m.size());
  }
  return std::nullopt;
}

// The end of a leading `[Tag]` of the subject, or 0.
size_t bracketTagEnd(std::string_view prose) {
  const size_t open = prose.find_first_not_of(" \t");
  if (open == std::string_view::npos || prose[open] != '[') return 0;
  const size_t close = prose.find_first_of("]\n", open);
  return close != std::string_view::npos && prose[close] == ']' ? close + 1 : 0;
}

// Whether the clause holding the match at `start` goes on to say what it was done for ("Refactor
// tests in order to check consistency at each step"): the match names the means, the words after
// the purpose. Read up to the end of the sentence or line.
bool namesTheMeans(std::string_view prose, size_t start) {
  static const RE2 kPurpose(R"((?i)\b(in order to|so as to|so that)\b)");
  size_t end = prose.find('\n', start);
  if (end == std::string_view::npos) end = prose.size();
  if (const size_t dot = prose.find(". ", start); dot < end) end = dot;
  const std::string_view clause = prose.substr(start, end - start);
  return RE2::PartialMatch(re2::StringPiece(clause.data(), clause.size()), kPurpose);
}

}  // namespace

std::vector<MessageMatch> ReasonTagger::matches(std::string_view message) const {
  const std::string whole = messageProse(message, true), withoutSquashed = messageProse(message, false);
  std::vector<MessageMatch> out;
  for (const auto& r : reasons_) {
    const std::string& prose = r.readsSquashedCommits ? whole : withoutSquashed;
    std::optional<size_t> at = firstAffirmed(prose, *r.pattern);
    if (!at) continue;
    const bool inSubject = *at < prose.find('\n');
    const bool onlyInSteps = r.readsSquashedCommits && whole != withoutSquashed && !firstAffirmed(withoutSquashed, *r.pattern);
    if (*at < bracketTagEnd(prose) || namesTheMeans(prose, *at)) *at += prose.size();
    out.push_back({r.id, *at, r.kinds, inSubject, onlyInSteps});
  }
  return out;
}

std::vector<std::string> ReasonTagger::tag(std::string_view message) const {
  std::vector<std::string> out;
  for (MessageMatch& m : matches(message))
    if (std::find(out.begin(), out.end(), m.id) == out.end()) out.push_back(std::move(m.id));
  return out;
}

}  // namespace oalens::miners
