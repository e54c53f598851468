#include "analyzer/oracle/other_library_run.h"

#include <cctype>

#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

const Origin* leadingComputation(const OriginSet& s) {
  for (const Origin& o : s.items) {
    if (o.kind == OriginKind::Literal || o.kind == OriginKind::Data || o.api.empty()) continue;
    const std::string_view last = lastDottedComponent(o.api);
    if (origin_names::movesData(last) || origin_names::convertsToAnotherPackage(last)) continue;
    return &o;
  }
  return nullptr;
}

std::string anotherLibrarysObjectRun(const OriginSet& s) {
  const Origin* lead = leadingComputation(s);
  if (!lead || lead->kind != OriginKind::OtherLib || lead->api[0] != '.' || isArrayMethod(lead->api)) return {};
  // The object: a class of that library built further down the chain (`...PoolingLayer.Params`);
  // not a class of the test suite's modules (`test.base.env.MoveToRightEnv`, `helper.ModuleCreator`), nor a tape recording the
  // library's own computation for its derivative (`tf.GradientTape`).
  for (const Origin* o = lead + 1; o != s.items.data() + s.items.size(); ++o) {
    if (o->kind != OriginKind::OtherLib || o->api.empty() || o->api[0] == '.') continue;
    const std::string_view root = std::string_view(o->api).substr(0, o->api.find('.'));
    if (root.starts_with("test") || root == "helper" || root == "helpers" || root == "conftest" || root == "common" ||
        o->api.find("Tape") != std::string::npos)
      return {};
    for (std::string_view rest = o->api; !rest.empty();) {
      const size_t dot = rest.find('.');
      const std::string_view part = rest.substr(0, dot);
      if (!part.empty() && std::isupper(static_cast<unsigned char>(part.front()))) return o->api;
      rest = dot == std::string_view::npos ? std::string_view{} : rest.substr(dot + 1);
    }
  }
  return {};
}

bool runsTheLibrary(const OriginSet& s) {
  const Origin* lead = leadingComputation(s);
  return lead && OriginTracer::computes(*lead);
}

}  // namespace oalens::analyzer
