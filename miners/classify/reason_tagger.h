// Tags commit messages with change reasons (flaky, hardware, dtype, rollback, refactoring,
// new-test) using RE2 patterns kept as data in rules/reasons/reasons.toml (built in).
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace re2 {
class RE2;
}

namespace oalens::miners {

// What of a commit message states its reasons: the subject and the body, without fenced code
// blocks (a `dtype=float32` in an example), Markdown table rows (a benchmark's `| Dtype |`) and
// trailers (`PiperOrigin-RevId:`, `Signed-off-by:`); and, unless `withSquashedCommits`, without
// the list of commit subjects a squash merge puts in its body (three or more lines starting
// with "* "), where `* revert that`, `* cleanup` or `* works for GPU` were steps of the branch,
// not why the merged change was made.
std::string messageProse(std::string_view message, bool withSquashedCommits);

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
  // commits unless the reason says `squashed_commits = false`).
  std::vector<std::string> tag(std::string_view message) const;
  size_t size() const { return reasons_.size(); }

 private:
  ReasonTagger();
  struct Reason {
    std::string id;
    std::unique_ptr<re2::RE2> pattern;
    bool readsSquashedCommits = true;
  };
  std::vector<Reason> reasons_;
};

}  // namespace oalens::miners
