// C++ overloads of a discovered wrapper: their entries, told apart by parameter types, and the defaults a declaration gives.
#include "analyzer/assertions/wrapper_overloads.h"

#include <algorithm>
#include <cctype>

#include "analyzer/assertions/discovered_entry.h"

namespace oalens::analyzer {

// C++ functions of one file that share a qualified name: overloads (`Test(f16_fn)`,
// `Test(f32_fn)`, `Test(u8_fn)` of a tester), by name. Macros are never overloads: two
// definitions of one are the branches of an #if (KALDI_ASSERT checking, or `(void)(cond)` under
// NDEBUG), and the one that checks is the one tests are written against.
std::unordered_map<std::string_view, std::vector<FunctionId>> cppOverloads(const FileModel& m) {
  std::unordered_map<std::string_view, std::vector<FunctionId>> byName, out;
  if (m.language != Language::Cpp) return out;
  for (FunctionId f = 0; f < m.functions.size(); ++f)
    if (!m.functions[f].isTestCase && !m.functions[f].isMacro) byName[m.functions[f].qualifiedName].push_back(f);
  for (auto& [name, fs] : byName)
    if (fs.size() > 1) out.emplace(name, std::move(fs));
  return out;
}

// An overload's entry tells it from its siblings: its parameter types, in its id too.
void signOverload(const FileModel& m, const Function& f, ApiSpec& w) {
  w.paramTypes.clear();
  w.requiredParams = 0;
  std::string signature;
  for (const Param& p : f.params) {
    if (p.varArgs) continue;
    w.paramTypes.emplace_back(p.type);
    if (p.defaultValue == kNone) ++w.requiredParams;
    signature += (signature.empty() ? "" : ",") + std::string(p.type);
  }
  w.id += "(" + signature + ")";
  (void)m;
}

// The entry of an overload that is no check (a tester's `Test(u8_fn)` compares exactly): a
// call the matcher resolves to it is no assertion, not its OA sibling's.
ApiSpec overloadThatChecksNothing(const FileModel& m, const Function& f) {
  ApiSpec w;
  nameDiscovered(m, f, w);
  w.checksNothing = true;
  signOverload(m, f, w);
  return w;
}

namespace {

// Whether a declaration's parameter type and a definition's are one type, spelled with or
// without namespaces (`std::vector<float>` in the header, `vector<float>` under `using
// namespace std`; `ngraph::runtime::Tensor` and `runtime::Tensor`).
bool sameSpelledType(std::string_view declared, std::string_view defined) {
  auto plain = [](std::string_view t) {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t.substr(i).starts_with("std::")) i += 4;
      else if (!std::isspace(static_cast<unsigned char>(t[i]))) out += t[i];
    }
    return out;
  };
  const std::string a = plain(declared), b = plain(defined);
  const auto qualifies = [](std::string_view longer, std::string_view shorter) {
    return longer.size() > shorter.size() + 2 && longer.ends_with(shorter) && longer.substr(longer.size() - shorter.size() - 2, 2) == "::";
  };
  return a == b || qualifies(a, b) || qualifies(b, a);
}

}  // namespace

namespace {

// The tolerance defaults declaration `d` gives (`int tolerance_bits = DEFAULT_BITS`), valued where
// it stands, for those the definition does not give itself.
void takeToleranceDefaults(const FileModel& file, const FileModel::DeclaredDefaults& d, const Function& f,
                           const ToleranceResolver& resolver, ApiSpec& w) {
  std::vector<std::string_view> params;
  for (const Param& p : f.params)
    if (!p.varArgs) params.push_back(p.name);
  for (const auto& [kind, param] : w.tolerances) {
    const auto at = std::ranges::find(params, param);
    // A default the definition writes stays; one taken from the check it forwards to does not
    // apply to a parameter the declaration gives a default of its own.
    if (param.empty() || at == params.end() || std::ranges::find(w.ownDefaults, kind) != w.ownDefaults.end()) continue;
    const size_t i = static_cast<size_t>(at - params.begin());
    if (i >= d.defaults.size() || d.defaults[i] == kNone) continue;
    w.defaults[kind] = std::string(file.expr(d.defaults[i]).text);
    w.ownDefaults.push_back(kind);
    if (ResolvedValue r = resolver.resolve(file, kNone, 0, d.defaults[i]); r.value) w.defaultValues[kind] = *r.value;
  }
}

bool declares(const FileModel::DeclaredDefaults& d, std::string_view name) { return endsWithDotted(d.qualifiedName, name); }

}  // namespace

// The fewest arguments a call of an overload's definition may give when a declaration elsewhere
// (a header) gives its trailing parameters defaults the definition does not repeat: the
// declaration of the same name, or of a name it ends in (`ngraph::test::close_f` declared,
// `test::close_f` defined under `using namespace ngraph`), with the same types; that
// declaration's full name and the tolerance defaults it gives count too.
void takeDeclaredDefaults(const std::vector<DeclaredIn>& declared, const Function& f, const ToleranceResolver& resolver, ApiSpec& w) {
  for (const auto& [file, d] : declared) {
    if (!declares(*d, f.qualifiedName) || d->paramTypes.size() != w.paramTypes.size() || d->required >= w.requiredParams) continue;
    if (!std::equal(d->paramTypes.begin(), d->paramTypes.end(), w.paramTypes.begin(), sameSpelledType)) continue;
    w.requiredParams = d->required;
    // Defined as `bits::close_bits` under `using namespace suite`, declared in namespace
    // suite::bits: callers spell the declared name.
    if (std::ranges::find(w.names, d->qualifiedName) == w.names.end()) w.names.push_back(d->qualifiedName);
    takeToleranceDefaults(*file, *d, f, resolver, w);
  }
}

void takeDeclaredToleranceDefaults(const std::vector<DeclaredIn>& declared, const Function& f, const ToleranceResolver& resolver,
                                   ApiSpec& w) {
  std::vector<std::string_view> types;
  for (const Param& p : f.params)
    if (!p.varArgs) types.push_back(p.type);
  for (const auto& [file, d] : declared)
    if (declares(*d, f.qualifiedName) && d->paramTypes.size() == types.size() &&
        std::equal(d->paramTypes.begin(), d->paramTypes.end(), types.begin(), sameSpelledType))
      takeToleranceDefaults(*file, *d, f, resolver, w);
}

}  // namespace oalens::analyzer
