#include "miners/walk/statement_parts.h"

#include <string_view>

#include "miners/gate/diff_scope.h"
#include "miners/gate/python_lines.h"

namespace oalens::miners {

namespace {

// `elif`, `else`, `except` and `finally` go on the statement above them.
bool continuesAClause(const std::string& source, const LogicalLine& line) {
  const std::string_view word(source.data() + line.begin, identifierEnd(source, line.begin) - line.begin);
  return word == "elif" || word == "else" || word == "except" || word == "finally";
}

// The last line of the statement whose logical lines are [first, last]: its last line, or a
// comment after it that tree-sitter-python keeps inside one of the statement's blocks. The
// scanner closes, at each comment, the blocks indented deeper than the comment; once none of
// the statement's blocks is open, what follows belongs to the function's body. nullopt for a
// comment indented with other than spaces.
std::optional<int> statementLastLine(const std::string& source, const std::vector<size_t>& starts, const std::vector<LogicalLine>& lines,
                                     size_t first, size_t last, int bodyIndent, int lastCandidate) {
  std::vector<int> open{bodyIndent};  // the indents of the blocks open after the statement's last line
  for (size_t i = first + 1; i <= last; ++i) {
    while (lines[i].indent < open.back()) open.pop_back();
    if (lines[i].indent > open.back()) open.push_back(lines[i].indent);
  }
  int end = lines[last].last;
  for (int l = lines[last].last + 1; l <= lastCandidate && open.size() > 1; ++l) {
    const LineShape shape = lineShape(std::string_view(source.data() + starts[static_cast<size_t>(l)],
                                                       starts[static_cast<size_t>(l) + 1] - starts[static_cast<size_t>(l)]));
    if (shape.kind == LineShape::Blank) continue;
    if (shape.kind == LineShape::Unsure) return std::nullopt;
    if (shape.kind == LineShape::Code) break;  // the next statement
    while (open.size() > 1 && shape.indent < open.back()) open.pop_back();
    if (open.size() > 1) end = l;
  }
  return end;
}

// The statements of the block whose first logical line is lines[from], at indent `body`, each
// with `wrapper` (of `headerLines` lines) before it; the skeleton is `source` with them
// replaced by one `pass`.
std::optional<StatementParts> cutBlock(const std::string& source, const std::vector<LogicalLine>& lines, size_t from, int body,
                                       const std::string& wrapper, uint32_t headerLines) {
  std::vector<std::pair<size_t, size_t>> statements;  // first and last logical line of each
  bool decorating = false;
  for (size_t i = from; i < lines.size(); ++i) {
    const LogicalLine& line = lines[i];
    if (line.indent < body) return std::nullopt;  // not one block
    if (line.indent > body) {
      if (statements.empty()) return std::nullopt;
      statements.back().second = i;
      continue;
    }
    if (!statements.empty() && (decorating || continuesAClause(source, line))) statements.back().second = i;
    else statements.emplace_back(i, i);
    decorating = line.kind == LogicalLine::Decorator;
  }
  if (statements.empty()) return std::nullopt;

  const std::vector<size_t> starts = lineStartOffsets(source);
  const int lineTotal = static_cast<int>(starts.size()) - 2;
  std::vector<std::pair<int, int>> spans;  // first and last line of each statement's node
  for (size_t k = 0; k < statements.size(); ++k) {
    const auto [first, last] = statements[k];
    const int nextFirst = k + 1 < statements.size() ? lines[statements[k + 1].first].first : lineTotal + 1;
    const std::optional<int> end = statementLastLine(source, starts, lines, first, last, body, nextFirst - 1);
    if (!end) return std::nullopt;
    spans.emplace_back(lines[first].first, *end);
  }

  StatementParts out;
  const size_t regionStart = starts[static_cast<size_t>(spans.front().first)];
  const size_t regionEnd = starts[static_cast<size_t>(spans.back().second) + 1];
  out.skeleton.assign(source, 0, regionStart);
  out.skeleton.append(static_cast<size_t>(body), ' ').append("pass");
  if (source[regionEnd - 1] == '\n') out.skeleton += '\n';
  const size_t skeletonEnd = out.skeleton.size();
  out.skeleton.append(source, regionEnd, std::string::npos);

  for (size_t k = 0; k < spans.size(); ++k) {
    const auto [first, last] = spans[k];
    StatementParts::Part part;
    const size_t start = starts[static_cast<size_t>(first)], end = starts[static_cast<size_t>(last) + 1];
    part.source.reserve(wrapper.size() + end - start);
    part.source.append(wrapper).append(source, start, end - start);
    size_t head = statements[k].first;
    while (head < statements[k].second && lines[head].kind == LogicalLine::Decorator) ++head;
    part.definesClass = lines[head].kind == LogicalLine::Class;
    analyzer::SpliceRegion& r = part.region;
    r.skeletonLine = static_cast<uint32_t>(spans.front().first);
    r.skeletonStart = static_cast<uint32_t>(regionStart);
    r.skeletonEnd = static_cast<uint32_t>(skeletonEnd);
    r.firstLine = static_cast<uint32_t>(first);
    r.lastLine = static_cast<uint32_t>(last);
    r.start = static_cast<uint32_t>(start);
    r.end = static_cast<uint32_t>(end);
    r.headerLines = headerLines;
    r.headerBytes = static_cast<uint32_t>(wrapper.size());
    out.statements.push_back(std::move(part));
  }
  return out;
}

}  // namespace

std::optional<StatementParts> cutIntoStatements(const std::string& source) {
  std::vector<LogicalLine> lines;
  if (!logicalLines(source, lines)) return std::nullopt;
  const bool wrapped = source.starts_with(kMethodWrapper);
  size_t def = 0;
  if (wrapped) {
    if (lines.empty() || lines[0].kind != LogicalLine::Class) return std::nullopt;
    def = 1;
  }
  while (def < lines.size() && lines[def].kind == LogicalLine::Decorator) ++def;
  if (def >= lines.size()) return std::nullopt;
  // A method's statements go in a function of the wrapper's class; a top-level class's in a
  // class, as the wrapper of a method puts it.
  std::string wrapper;
  if (wrapped && lines[def].kind == LogicalLine::Def)
    wrapper = std::string(kMethodWrapper) + std::string(static_cast<size_t>(lines[def].indent), ' ') + std::string(kStatementWrapper);
  else if (!wrapped && lines[def].indent == 0 && lines[def].kind == LogicalLine::Def) wrapper = kStatementWrapper;
  else if (!wrapped && lines[def].indent == 0 && lines[def].kind == LogicalLine::Class) wrapper = kMethodWrapper;
  else return std::nullopt;
  const int body = blockIndentAfter(lines, def);
  if (body < 0) return std::nullopt;
  return cutBlock(source, lines, def + 1, body, wrapper, wrapped ? 2 : 1);
}

std::optional<StatementParts> cutIntoBlock(const std::string& source) {
  // The wrapper of a function's statement, or of a method's.
  size_t header = 0;
  if (source.starts_with(kStatementWrapper)) header = 1;
  else if (source.starts_with(kMethodWrapper) &&
           source.find(kStatementWrapper, kMethodWrapper.size()) == source.find_first_not_of(' ', kMethodWrapper.size()))
    header = 2;
  else return std::nullopt;
  // Most statements are simple: their first word says so before any lexing.
  const size_t wrapperEnd = header == 1 ? kStatementWrapper.size() : source.find('\n', kMethodWrapper.size()) + 1;
  const size_t first = source.find_first_not_of(' ', wrapperEnd);
  if (first == std::string::npos) return std::nullopt;
  const std::string_view firstWord(source.data() + first, identifierEnd(source, first) - first);
  if (firstWord != "with" && firstWord != "for" && firstWord != "while" && firstWord != "if" && firstWord != "async") return std::nullopt;
  std::vector<LogicalLine> lines;
  if (!logicalLines(source, lines) || lines.size() <= header + 1) return std::nullopt;
  const LogicalLine& head = lines[header];
  std::string_view word(source.data() + head.begin, identifierEnd(source, head.begin) - head.begin);
  if (word == "async") {
    const size_t next = skipBlanks(source, head.begin + word.size());
    word = std::string_view(source.data() + next, identifierEnd(source, next) - next);
  }
  if (word != "with" && word != "for" && word != "while" && word != "if") return std::nullopt;
  // One block: an `else`, `elif` or `except` would be a second one at the header's indent.
  for (size_t i = header + 1; i < lines.size(); ++i)
    if (lines[i].indent <= head.indent) return std::nullopt;
  const int body = blockIndentAfter(lines, header);
  if (body < 0) return std::nullopt;
  return cutBlock(source, lines, header + 1, body, source.substr(0, wrapperEnd), static_cast<uint32_t>(header));
}

std::optional<StatementParts> cutIntoTopLevelStatements(const std::string& source) {
  std::vector<LogicalLine> lines;
  if (!logicalLines(source, lines)) return std::nullopt;
  return cutBlock(source, lines, 0, 0, "", 0);
}

}  // namespace oalens::miners
