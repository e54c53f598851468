#include "rules/rule_pages.h"

#include <cstring>

#include "analyzer/core/embedded_text.h"

extern const oalens::EmbeddedText kRuleReadmes[];

namespace oalens::rules {

std::string_view rulePage(std::string_view docPage) {
  for (const EmbeddedText* e = kRuleReadmes; e->path; ++e)
    if (docPage == e->path) return e->text;
  return {};
}

std::string_view pageSection(std::string_view page, std::string_view title) {
  const std::string heading = "## " + std::string(title) + "\n";
  size_t at = page.rfind(heading, 0) == 0 ? 0 : page.find("\n" + heading);
  if (at == std::string_view::npos) return {};
  at += (at == 0 ? 0 : 1) + heading.size();
  size_t end = page.find("\n## ", at);
  std::string_view body = page.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
  while (!body.empty() && (body.front() == '\n' || body.front() == ' ')) body.remove_prefix(1);
  while (!body.empty() && (body.back() == '\n' || body.back() == ' ')) body.remove_suffix(1);
  return body;
}

std::string joinedParagraphs(std::string_view markdown) {
  std::string out;
  bool inCode = false, joinable = false;
  for (size_t from = 0; from <= markdown.size();) {
    size_t nl = markdown.find('\n', from);
    if (nl == std::string_view::npos) nl = markdown.size();
    const std::string_view line = markdown.substr(from, nl - from);
    from = nl + 1;
    const bool fence = line.rfind("```", 0) == 0;
    if (inCode || fence || line.rfind("- ", 0) == 0 || line.rfind("| ", 0) == 0) {
      if (!out.empty() && out.back() != '\n') out += '\n';
      out += line;
      out += '\n';
      if (fence) inCode = !inCode;
      joinable = false;
      continue;
    }
    if (line.empty()) {
      if (!out.empty() && !out.ends_with("\n\n")) out += out.back() == '\n' ? "\n" : "\n\n";
      joinable = false;
      continue;
    }
    if (joinable) out += ' ';
    out += line;
    joinable = true;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace oalens::rules
