#include "analyzer/frontend/ts_support.h"

#include <chrono>
#include <vector>

namespace oalens::analyzer {

namespace {

struct Deadline {
  std::chrono::steady_clock::time_point at;
};

bool pastDeadline(TSParseState* state) {
  auto* d = static_cast<Deadline*>(state->payload);
  return std::chrono::steady_clock::now() > d->at;
}

}  // namespace

TSTree* parseWithBudget(TSParser* parser, const std::string& source, const ParseBudget& budget) {
  Deadline deadline{std::chrono::steady_clock::now() + std::chrono::microseconds(budget.timeoutMicros)};
  TSInput input{};
  struct Buf {
    const std::string* s;
  } buf{&source};
  input.payload = &buf;
  input.read = [](void* payload, uint32_t byte, TSPoint, uint32_t* bytesRead) -> const char* {
    const std::string& s = *static_cast<Buf*>(payload)->s;
    if (byte >= s.size()) {
      *bytesRead = 0;
      return "";
    }
    *bytesRead = static_cast<uint32_t>(s.size() - byte);
    return s.data() + byte;
  };
  input.encoding = TSInputEncodingUTF8;
  TSParseOptions options{&deadline, pastDeadline};
  ts_parser_reset(parser);
  return ts_parser_parse_with_options(parser, nullptr, input, options);
}

SourceRange rangeOf(TSNode n) {
  SourceRange r;
  r.startByte = ts_node_start_byte(n);
  r.endByte = ts_node_end_byte(n);
  TSPoint s = ts_node_start_point(n);
  TSPoint e = ts_node_end_point(n);
  r.start = {s.row + 1, s.column + 1};
  r.end = {e.row + 1, e.column + 1};
  return r;
}

DamageReport findDamage(TSNode root, const DamageExcuse& excused) {
  DamageReport out;
  if (!ts_node_has_error(root)) return out;
  TSPoint first{UINT32_MAX, 0};
  TSTreeCursor c = ts_tree_cursor_new(root);
  std::vector<TSNode> ancestors;  // the parents of the cursor's node, root first
  bool more = true;
  while (more) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (ts_node_is_error(n) || ts_node_is_missing(n)) {
      const TSNode parent = ancestors.empty() ? TSNode{} : ancestors.back();
      if (!excused || !excused(n, parent)) {
        ++out.regions;
        TSPoint p = ts_node_start_point(n);
        if (p.row < first.row || (p.row == first.row && p.column < first.column)) first = p;
      }
    } else if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&c)) {
      ancestors.push_back(n);
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        more = false;
        break;
      }
      ancestors.pop_back();
    }
  }
  ts_tree_cursor_delete(&c);
  out.first = first.row == UINT32_MAX ? TSPoint{0, 0} : first;
  return out;
}

}  // namespace oalens::analyzer
