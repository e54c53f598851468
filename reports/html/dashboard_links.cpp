#include "reports/html/dashboard_links.h"

#include <fmt/format.h>

#include <cctype>

#include "reports/html/svg_charts.h"

namespace oalens::reports {

namespace {

// A path as a URL's path: its segments percent-encoded, its slashes kept.
std::string urlPath(std::string_view path) {
  std::string out;
  for (unsigned char c : path) {
    const bool plain = std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~';
    out += plain ? std::string(1, static_cast<char>(c)) : fmt::format("%{:02X}", c);
  }
  return out;
}

void replaceAll(std::string& text, std::string_view what, std::string_view with) {
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size())) text.replace(at, what.size(), with);
}

}  // namespace

CodeLinks::CodeLinks(std::string linkTemplate, std::string fallbackCommit)
    : template_(std::move(linkTemplate)), fallbackCommit_(fallbackCommit.empty() ? "HEAD" : std::move(fallbackCommit)) {}

std::string CodeLinks::fileUrl(const std::string& file, uint32_t line, const std::string& commit) const {
  if (template_.empty()) return {};
  std::string url = template_;
  replaceAll(url, "{commit}", urlPath(commit.empty() ? fallbackCommit_ : commit));
  replaceAll(url, "{file}", urlPath(file));
  if (line == 0) {
    // `#L{line}` without a line is a dangling fragment: the file's page alone.
    if (const size_t hash = url.find('#'); hash != std::string::npos && url.find("{line}", hash) != std::string::npos) url.erase(hash);
    replaceAll(url, "{line}", "");
  }
  replaceAll(url, "{line}", std::to_string(line));
  return url;
}

std::string CodeLinks::commitUrl(const std::string& sha) const {
  if (template_.empty()) return {};
  for (std::string_view blob : {"/-/blob/", "/blob/"})
    if (const size_t at = template_.find(blob); at != std::string::npos)
      return template_.substr(0, at) + (blob == "/-/blob/" ? "/-/commit/" : "/commit/") + urlPath(sha);
  return fileUrl("", 0, sha);
}

std::string CodeLinks::file(const std::string& text, const std::string& path, uint32_t line, const std::string& commit) const {
  if (template_.empty()) return htmlEscape(text);
  return fmt::format("<a href=\"{}\">{}</a>", htmlEscape(fileUrl(path, line, commit)), htmlEscape(text));
}

std::string CodeLinks::commit(const std::string& text, const std::string& sha) const {
  if (template_.empty()) return htmlEscape(text);
  return fmt::format("<a href=\"{}\">{}</a>", htmlEscape(commitUrl(sha)), htmlEscape(text));
}

bool validLinkTemplate(const std::string& linkTemplate, std::string& err) {
  if (!linkTemplate.starts_with("https://") && !linkTemplate.starts_with("http://")) {
    err = fmt::format("--link '{}' is no http(s) URL", linkTemplate);
    return false;
  }
  if (linkTemplate.find("{file}") == std::string::npos) {
    err = fmt::format("--link '{}' names no {{file}} (e.g. https://github.com/ORG/REPO/blob/{{commit}}/{{file}}#L{{line}})", linkTemplate);
    return false;
  }
  return true;
}

}  // namespace oalens::reports
