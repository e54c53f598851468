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

class ReasonTagger {
 public:
  // Built-in patterns; a schema or pattern error is reported in `err` and leaves no patterns.
  static ReasonTagger builtin(std::string& err);
  static ReasonTagger fromToml(std::string_view text, std::string_view source, std::string& err);
  ReasonTagger(ReasonTagger&&) noexcept;
  ReasonTagger& operator=(ReasonTagger&&) noexcept;
  ~ReasonTagger();

  std::vector<std::string> tag(std::string_view message) const;
  size_t size() const { return reasons_.size(); }

 private:
  ReasonTagger();
  struct Reason {
    std::string id;
    std::unique_ptr<re2::RE2> pattern;
  };
  std::vector<Reason> reasons_;
};

}  // namespace oalens::miners
