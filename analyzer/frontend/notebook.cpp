#include "analyzer/frontend/notebook.h"

#include <re2/re2.h>

#include <nlohmann/json.hpp>

#include "analyzer/core/text_lines.h"

namespace oalens::analyzer {

namespace {

using json = nlohmann::json;

// IPython syntax on one line: a line magic, a shell escape, a help request, or either assigned.
bool isIPythonLine(std::string_view line) {
  const std::string_view t = trimmedLine(line);
  if (t.empty()) return false;
  if (t.front() == '%' || t.front() == '!') return true;
  static const RE2 help(R"(^\??[\w.]+\?{1,2}$)");
  static const RE2 assigned(R"(^[\w.,\s\[\]]+=\s*[!%])");
  const re2::StringPiece piece(t.data(), t.size());
  return RE2::PartialMatch(piece, help) || RE2::PartialMatch(piece, assigned);
}

// Cell magics whose body is Python that runs as the cell's code.
bool runsTheCellAsPython(std::string_view magicLine) {
  static const RE2 magic(R"(^%%(time|timeit|capture|prun|debug)\b)");
  const std::string_view t = trimmedLine(magicLine);
  return RE2::PartialMatch(re2::StringPiece(t.data(), t.size()), magic);
}

// The lines of the .ipynb text that open each cell's source, in order: `"source": [` (one
// string a line follows, as Jupyter writes them) or `"source": "..."` and `"source": ["..."]`
// (all on that line); nbformat 3's `"input"`.
std::vector<std::pair<uint32_t, bool>> sourceLines(std::string_view text, std::string_view key) {
  std::vector<std::pair<uint32_t, bool>> out;  // (line, one string a line)
  const std::string open = "\"" + std::string(key) + "\":";
  const std::vector<std::string_view> lines = splitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    // Each unescaped key on the line (a string's `\"source\":` is escaped), in order.
    const std::string_view l = lines[i];
    for (size_t at = l.find(open); at != std::string_view::npos; at = l.find(open, at + open.size())) {
      if (at > 0 && l[at - 1] == '\\') continue;
      out.emplace_back(static_cast<uint32_t>(i + 1), trimmedLine(l.substr(at + open.size())) == "[");
    }
  }
  return out;
}

// A cell's source: a string, or a list of strings (each a line with its newline).
std::optional<std::vector<std::string>> sourceParts(const json& source) {
  std::vector<std::string> parts;
  if (source.is_string()) {
    parts.push_back(source.get<std::string>());
    return parts;
  }
  if (!source.is_array()) return std::nullopt;
  for (const json& part : source) {
    if (!part.is_string()) return std::nullopt;
    parts.push_back(part.get<std::string>());
  }
  return parts;
}

}  // namespace

bool isNotebookPath(std::string_view path) { return path.size() >= 6 && path.substr(path.size() - 6) == ".ipynb"; }

std::optional<NotebookCode> notebookCode(std::string_view text, std::string& err) {
  const json doc = json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) {
    err = "not a notebook: the file is not JSON";
    return std::nullopt;
  }
  const json* cells = nullptr;
  std::string key = "source";
  if (auto c = doc.find("cells"); c != doc.end() && c->is_array()) {
    cells = &*c;
  } else if (auto w = doc.find("worksheets"); w != doc.end() && w->is_array() && !w->empty() && (*w)[0].contains("cells")) {
    cells = &(*w)[0]["cells"];  // nbformat 3
    key = "input";
  }
  if (!cells || !cells->is_array()) {
    err = "not a notebook: no list of cells";
    return std::nullopt;
  }
  const auto opening = sourceLines(text, key);
  // Lines of the file are known only when every cell's source was found where Jupyter writes it.
  const bool located = opening.size() == cells->size();
  NotebookCode out;
  uint32_t cellNumber = 0;
  for (const json& cell : *cells) {
    ++cellNumber;
    if (!cell.is_object()) {
      err = "not a notebook: cell " + std::to_string(cellNumber) + " is not an object";
      return std::nullopt;
    }
    const auto type = cell.find("cell_type");
    const bool code = type != cell.end() && type->is_string() && type->get<std::string>() == "code";
    const auto source = cell.find(key);
    if (source == cell.end()) {
      if (!code) continue;
      err = "not a notebook: code cell " + std::to_string(cellNumber) + " has no source";
      return std::nullopt;
    }
    if (!code) continue;
    const auto parts = sourceParts(*source);
    if (!parts) {
      err = "not a notebook: the source of cell " + std::to_string(cellNumber) + " is neither text nor a list of lines";
      return std::nullopt;
    }
    std::vector<std::string> lines;
    std::vector<uint32_t> fileLines;
    for (size_t p = 0; p < parts->size(); ++p) {
      const std::string& part = (*parts)[p];
      const uint32_t fileLine = !located                         ? 0
                                : opening[cellNumber - 1].second ? opening[cellNumber - 1].first + 1 + static_cast<uint32_t>(p)
                                                                 : opening[cellNumber - 1].first;
      size_t start = 0;
      while (start < part.size()) {
        size_t end = part.find('\n', start);
        if (end == std::string::npos) end = part.size();
        lines.push_back(part.substr(start, end - start));
        fileLines.push_back(fileLine);
        start = end + 1;
      }
    }
    if (lines.empty()) continue;
    const bool wholeCellForeign = trimmedLine(lines[0]).starts_with("%%") && !runsTheCellAsPython(lines[0]);
    const uint32_t first = static_cast<uint32_t>(out.lines.size()) + 1;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (!wholeCellForeign && !isIPythonLine(lines[i])) out.python += lines[i];
      out.python += '\n';
      out.lines.push_back({cellNumber, static_cast<uint32_t>(i + 1), fileLines[i]});
    }
    out.cellSpans.emplace_back(first, static_cast<uint32_t>(out.lines.size()));
  }
  return out;
}

}  // namespace oalens::analyzer
