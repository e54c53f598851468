#include "analyzer/oracle/same_model.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer::oracle_decision {

// The object a side's outermost method runs on, when it is a name: where it was bound.
std::string receiverOf(const OriginSet& s, const std::string& method) {
  for (const auto& o : s.items)
    if (o.api == method) return o.receiver;
  return {};
}

// A model or object made again from another (loaded, deserialized, cloned, copied): the same
// model, whatever name it is bound to.
bool remadeBy(const std::string& api) {
  static const RE2 re(
      R"((^|\.)(load[A-Za-z_]*|[A-Za-z_]*from_(config|json|yaml|file|pretrained)|clone[A-Za-z_]*|copy|deepcopy|loads|restore[A-Za-z_]*)$)");
  return RE2::PartialMatch(api, re);
}

bool remadeFromAnother(const OriginSet& s) {
  return std::any_of(s.items.begin(), s.items.end(), [](const Origin& o) { return remadeBy(o.api); });
}

// `JitTraceEnum_ELBO` and `TraceEnum_ELBO`: one name is the other with a word of compiling added.
bool compiledVariant(std::string_view a, std::string_view b) {
  if (a.size() < b.size()) std::swap(a, b);
  const size_t at = a.find(b);
  if (at == std::string_view::npos) return false;
  std::string extra = std::string(a.substr(0, at)) + std::string(a.substr(at + b.size()));
  std::transform(extra.begin(), extra.end(), extra.begin(), [](unsigned char c) { return std::tolower(c); });
  static const RE2 compiling("jit|compiled|script|traced|fused|fast");
  return RE2::PartialMatch(extra, compiling);
}

// The library class whose instance runs `method` on this side: the first class constructor the
// trace meets after the method (`gpflow.models.SVGP` of `model.predict_f(x)`, `model` returned by
// a helper that builds one), or "" where the object was remade first (`io.load_mesh(f)`: the
// loader's class is not the object's).
std::string classRunning(const OriginSet& s, const std::string& method) {
  const auto at = std::find_if(s.items.begin(), s.items.end(), [&](const Origin& o) { return o.api == method; });
  for (auto it = at; it != s.items.end(); ++it) {
    if (it != at && remadeBy(it->api)) return {};
    const std::string_view last = lastDottedComponent(it->api);
    if (it->kind == OriginKind::LibCall && it->api.find('.') != std::string::npos && it->api[0] != '.' && !last.empty() &&
        std::isupper(static_cast<unsigned char>(last[0])))
      return it->api;
  }
  return {};
}

// The library wrapper through which `wrapped` runs what `plain` calls (`mlp()` on x in plain;
// `noinline(mlp)` and a call on x in wrapped), or "" when it does not.
std::string wrapperOfTheSameCall(const OriginSet& plain, const OriginSet& wrapped) {
  for (const Origin& call : plain.items) {
    if (call.kind != OriginKind::LibCall || call.api.size() < 3 || !call.api.ends_with("()")) continue;
    const std::string name = call.api.substr(0, call.api.size() - 2);
    for (const Origin& w : wrapped.items) {
      // A function of the library (`noinline`, `batch`, `filter_jit`); a class built around a model
      // (`ProximalAcquisitionFunction(ei, ...)`) is another model.
      const std::string_view last = lastDottedComponent(w.api);
      if (!OriginTracer::computes(w) || w.args != name + "," || last.empty() || !std::islower(static_cast<unsigned char>(last[0])))
        continue;
      if (std::any_of(plain.items.begin(), plain.items.end(), [&](const Origin& x) { return x.api == w.api; })) continue;
      const bool sameArguments = std::any_of(wrapped.items.begin(), wrapped.items.end(), [&](const Origin& x) {
        return x.kind == OriginKind::LibCall && x.api.ends_with("()") && x.api != call.api && x.args == call.args;
      });
      if (sameArguments) return w.api;
    }
  }
  return {};
}

// model(x) against quantizer.quantize(model) exported and run on x: the wrapped side hands the
// plain side's callable object to a call (a transform, a compiler, an export) and runs what it
// made on the same arguments. The transform's name, or "".
std::string transformOfTheSameObject(const OriginSet& plain, const OriginSet& wrapped) {
  for (const Origin& call : plain.items) {
    if (call.kind == OriginKind::LibCall || call.args.empty() || call.api.empty() || call.api.find_first_of(".()") != std::string::npos)
      continue;
    // A function (`quantize`, `export`, `compile`); a class built around the model (`SVGP(kernel,
    // ...)`) is another model.
    const auto handedTheObject = [&](const Origin& x) {
      const std::vector<std::string> handed = topLevelArguments(x.args);
      const std::string_view last = lastDottedComponent(x.api);
      return OriginTracer::computes(x) && !handed.empty() && handed[0] == call.api && !last.empty() &&
             std::islower(static_cast<unsigned char>(last[0]));
    };
    // What it made called, or a method of it (`exported.module()(x)`, `traced.run(x)`).
    const auto runOnTheSameArguments = [&](const Origin& x) {
      return (x.api.ends_with("()") || x.api.starts_with(".")) && x.args == call.args;
    };
    const auto transform = std::find_if(wrapped.items.begin(), wrapped.items.end(), handedTheObject);
    if (transform != wrapped.items.end() && std::any_of(wrapped.items.begin(), wrapped.items.end(), runOnTheSameArguments))
      return transform->api;
  }
  return {};
}

}  // namespace oalens::analyzer::oracle_decision
