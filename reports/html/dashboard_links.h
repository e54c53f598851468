// Links from the dashboard to the code (`oalens report --dashboard DB --link TEMPLATE`): the
// template names a file at a commit and a line, e.g.
// `https://github.com/org/repo/blob/{commit}/{file}#L{line}`. A commit's own page is the
// template's text before `/blob/` (GitHub, Gitea; `/-/blob/` on GitLab) with `/commit/{sha}`,
// else the template with an empty file. Without a template, every helper returns the escaped
// text: the page stays the same, without links.
#pragma once
#include <cstdint>
#include <string>

namespace oalens::reports {

class CodeLinks {
 public:
  CodeLinks() = default;
  // `fallbackCommit` stands for {commit} where the database knows none (a scan, a lint run):
  // the mined tip, else HEAD.
  CodeLinks(std::string linkTemplate, std::string fallbackCommit);

  bool enabled() const { return !template_.empty(); }
  // The URL of `file` (at `commit`, line `line`; 0 leaves the line out); empty without a template.
  std::string fileUrl(const std::string& file, uint32_t line, const std::string& commit = "") const;
  std::string commitUrl(const std::string& sha) const;
  // `<a href="...">text</a>`, or the escaped text alone.
  std::string file(const std::string& text, const std::string& file, uint32_t line, const std::string& commit = "") const;
  std::string commit(const std::string& text, const std::string& sha) const;

 private:
  std::string template_, fallbackCommit_;
};

// Whether `linkTemplate` can make links: an http(s) URL naming {file}. Empty `err` otherwise.
bool validLinkTemplate(const std::string& linkTemplate, std::string& err);

}  // namespace oalens::reports
