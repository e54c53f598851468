// Tags commit messages with change reasons (docs/reasons.md) using RE2 patterns kept as data in
// rules/reasons/reasons.toml (built in): which reasons a message states, where it states each
// first, and for which kinds of change. miners/classify/reason_resolver.h weighs them with the
// evidence of the diff.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace re2 {
class RE2;
}

namespace oalens::miners {

// What of a commit message states its reasons: the subject and the body, without fenced code
// blocks (a `dtype=float32` in an example), Markdown table rows (a benchmark's `| Dtype |`) and
// trailers (`PiperOrigin-RevId:`, `Signed-off-by:`), the lines of the pre-commit.ci bot, a
// pull-request template's task list and HTML comments, body lines that only link issues ("Fixes
// #12"); and, unless `withSquashedCommits`, without
// the list of commit subjects a squash merge puts in its body (three or more lines starting
// with "* "), where `* revert that`, `* cleanup` or `* works for GPU` were steps of the branch,
// not why the merged change was made.
std::string messageProse(std::string_view message, bool withSquashedCommits);

// Kinds of change an entry applies to (`kinds` in reasons.toml); 0 means every kind.
enum ChangeKindBit : uint8_t {
  kKindAdded = 1,
  kKindDeleted = 2,
  kKindCosmetic = 4,
  kKindApi = 8,
  kKindParameter = 16,
  kKindThreshold = 32,
};

// One reason a message states.
struct MessageMatch {
  std::string id;
  // Where its first match not negated starts in the prose; a match inside a leading bracket tag
  // of the subject (`[Feat] refactor tests`) ranks after every other, since the prose after the
  // tag says more precisely what the commit does; so does a match whose clause goes on to say
  // what it was done for ("Refactor tests in order to ...": the means, not the reason).
  size_t position = 0;
  uint8_t kinds = 0;       // ChangeKindBit mask; 0: every change
  bool inSubject = false;  // the match is on the message's first line
  // Read only in the steps a squash merge lists (`* chore: disabling flaky test`): a cause one
  // step names, not necessarily the commit's.
  bool onlyInSquashedSteps = false;
};

class ReasonTagger {
 public:
  // Built-in patterns; a schema or pattern error is reported in `err` and leaves no patterns.
  static ReasonTagger builtin(std::string& err);
  // rules/reasons/reasons.toml as built in.
  static std::string_view builtinText();
  static ReasonTagger fromToml(std::string_view text, std::string_view source, std::string& err);
  ReasonTagger(ReasonTagger&&) noexcept;
  ReasonTagger& operator=(ReasonTagger&&) noexcept;
  ~ReasonTagger();

  // The reasons whose pattern matches the message's prose (messageProse; with the squashed
  // commits unless the reason says `squashed_commits = false`), a match preceded by a negation
  // ("not", "non-", "without", "never", "n't") left out; one per entry, in entry order.
  std::vector<MessageMatch> matches(std::string_view message) const;
  // The ids of `matches`, each once, in entry order.
  std::vector<std::string> tag(std::string_view message) const;
  size_t size() const { return reasons_.size(); }

 private:
  ReasonTagger();
  struct Reason {
    std::string id;
    std::unique_ptr<re2::RE2> pattern;
    bool readsSquashedCommits = true;
    uint8_t kinds = 0;
  };
  std::vector<Reason> reasons_;
};

}  // namespace oalens::miners
