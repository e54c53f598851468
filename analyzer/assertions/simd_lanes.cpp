#include "analyzer/assertions/simd_lanes.h"

#include <re2/re2.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace oalens::analyzer {
namespace {

std::string_view textOf(const FileModel& m, const SourceRange& r) {
  if (!m.source || r.endByte > m.source->size() || r.startByte > r.endByte) return {};
  return std::string_view(*m.source).substr(r.startByte, r.endByte - r.startByte);
}

// The lane types a value may have, as a set: integers, 16-bit floats (which the checks widen
// exactly), float or double.
using Lanes = uint8_t;
constexpr Lanes kUnknown = 0, kInteger = 1, kHalf = 2, kFloating = 4;

// The element type a type's text names first (`Rebind<float, RebindToUnsigned<D>>` is float).
Lanes kindOfTypeText(std::string_view text) {
  static const RE2 word(
      R"(\b(float|double|RebindToFloat|MakeFloat|float16_t|bfloat16_t|u?int(?:8|16|32|64)_t|size_t|ptrdiff_t|int|unsigned|long|short|RebindToSigned|RebindToUnsigned|MakeSigned|MakeUnsigned)\b)");
  std::string first;
  if (!RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), word, &first)) return kUnknown;
  if (first == "float" || first == "double" || first == "RebindToFloat" || first == "MakeFloat") return kFloating;
  if (first == "float16_t" || first == "bfloat16_t") return kHalf;
  return kInteger;
}

// The lane types a `For...Types` function runs a functor for: Highway's names say them
// (`ForFloatTypes`, `ForAllTypes`, `ForUIF3264`: float or double among them; `ForFloat16Types`,
// `ForUIF16`: 16-bit floats only; `ForIntegerTypes`, `ForUI8`: integers).
Lanes kindOfTypeList(std::string_view name) {
  static const RE2 floating(R"(^For(All|Float(?:32|64|3264)?|UIF(?:\d*(?:32|64)\d*)|F(?:32|64|3264))(Types)?\w*$)");
  static const RE2 halfOnly(R"(^For(Float16|Special|UIF16|F16)(Types)?$)");
  const re2::StringPiece n(name.data(), name.size());
  if (RE2::FullMatch(n, halfOnly)) return kHalf;
  if (RE2::FullMatch(n, floating)) return kFloating;
  return kInteger;
}

// The statements of the file's text that name `word` as a whole word: from the `;`, `{` or `}`
// before each occurrence to the `;` after it. The patterns below run on these alone, not on the
// whole file once per check.
std::vector<std::string_view> statementsNaming(std::string_view text, std::string_view word) {
  std::vector<std::string_view> out;
  const auto wordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + word.size())) {
    if ((at > 0 && wordChar(text[at - 1])) || (at + word.size() < text.size() && wordChar(text[at + word.size()]))) continue;
    const size_t before = text.find_last_of(";{}", at);
    const size_t start = before == std::string_view::npos ? 0 : before + 1;
    const size_t end = std::min(text.find(';', at), text.size());
    if (!out.empty() && out.back().data() == text.data() + start) continue;
    out.push_back(text.substr(start, end - start + (end < text.size() ? 1 : 0)));
  }
  return out;
}

// Every struct the file runs over lane types, with the lanes it runs it for:
// `ForFloatTypes(ForPartialVectors<TestX>())`, `ForGEVectors<32, TestX>()(int8_t())`, a local of
// such a type handed to them or called (`const ForPartialVectors<TestX> func; ForIntegerTypes(func);
// func(hwy::float16_t());`), and a plain instance called (`TestSpecialFloat test; test(float16_t());`).
std::unordered_map<std::string, Lanes> functorLanes(const FileModel& m) {
  std::unordered_map<std::string, Lanes> out;
  if (!m.source) return out;
  const std::string_view all = *m.source;
  static const RE2 wrapped(R"(\bFor\w+\s*<([^;{}()]*)>)"), word(R"(\b([A-Za-z_]\w*)\b)");
  static const RE2 listBefore(R"((For\w+)\s*\(\s*$)"), typeCalled(R"(^\s*\(\s*\)\s*\(\s*([\w:]+)\s*(?:\(\s*\)|\{\s*\}))"),
      localAfter(R"(^\s+(\w+)\s*[;({])"), handedTo(R"(\b(For\w+)\s*\(\s*(\w+)\s*\))"),
      calledWith(R"(\b(\w+)\s*\(\s*([\w:]+)\s*(?:\(\s*\)|\{\s*\}))");
  // What one local (or instance) is handed to or called with.
  const auto usesOf = [&](const std::string& var) {
    Lanes lanes = kUnknown;
    std::string list, name, type;
    for (const std::string_view use : statementsNaming(all, var)) {
      re2::StringPiece rest(use.data(), use.size());
      while (RE2::FindAndConsume(&rest, handedTo, &list, &name))
        if (name == var) lanes |= kindOfTypeList(list);
      rest = re2::StringPiece(use.data(), use.size());
      while (RE2::FindAndConsume(&rest, calledWith, &name, &type))
        if (name == var) lanes |= kindOfTypeText(type);
    }
    return lanes;
  };
  re2::StringPiece rest(all.data(), all.size());
  std::string arguments;
  while (RE2::FindAndConsume(&rest, wrapped, &arguments)) {
    const size_t end = static_cast<size_t>(rest.data() - all.data());
    const size_t start = all.rfind("For", end - 1 - arguments.size());
    Lanes lanes = kUnknown;
    std::string found;
    const std::string_view before = all.substr(0, start == std::string_view::npos ? 0 : start);
    const std::string_view tail = before.substr(before.size() > 80 ? before.size() - 80 : 0);
    if (RE2::PartialMatch(re2::StringPiece(tail.data(), tail.size()), listBefore, &found)) lanes |= kindOfTypeList(found);
    const std::string_view after = all.substr(end, std::min<size_t>(200, all.size() - end));
    if (RE2::PartialMatch(re2::StringPiece(after.data(), after.size()), typeCalled, &found)) lanes |= kindOfTypeText(found);
    if (RE2::PartialMatch(re2::StringPiece(after.data(), after.size()), localAfter, &found)) lanes |= usesOf(found);
    if (lanes == kUnknown) continue;
    re2::StringPiece words(arguments);
    std::string name;
    while (RE2::FindAndConsume(&words, word, &name)) out[name] |= lanes;
  }
  // Instances of the file's own structs: `TestSpecialFloat test; test(float16_t());`.
  for (const ClassDef& c : m.classes) {
    if (out.count(std::string(c.name))) continue;
    const RE2 instance(R"(\b)" + RE2::QuoteMeta(std::string(c.name)) + R"(\s+(\w+)\s*;)");
    Lanes lanes = kUnknown;
    std::string var;
    for (const std::string_view statement : statementsNaming(all, c.name))
      if (RE2::PartialMatch(re2::StringPiece(statement.data(), statement.size()), instance, &var)) lanes |= usesOf(var);
    if (lanes != kUnknown) out[std::string(c.name)] = lanes;
  }
  return out;
}

struct Functor {
  FunctionId body = kNone;          // its operator()
  std::string_view laneType;        // the type of its first parameter (`T`)
  std::string_view descriptor;      // the name of its second (`d`), if any
  std::string_view descriptorType;  // and its type (`D`)
  std::string_view name;            // its struct's name
  LaneCache* cache = nullptr;       // what the file runs each functor for, read once
};

// `f.cache` is always set (lanesAreIntegers).
Lanes lanesOf(const FileModel& m, const Functor& f) {
  LaneCache& cache = *f.cache;
  if (!cache.functorsRead) {
    cache.functors = functorLanes(m);
    cache.functorsRead = true;
  }
  const auto at = cache.functors.find(std::string(f.name));
  return at == cache.functors.end() ? kUnknown : at->second;
}

// The method of a struct the check is in, taking its lane type first (`operator()(T, D d)`, a
// static `TestOps(T)` the struct's operator() calls).
// One taking its descriptor first (`operator()(D d, size_t count, ...)`) names its lane type by an
// alias of the descriptor's (`using T = TFromD<D>;`).
Functor enclosingFunctor(const FileModel& m, FunctionId fn) {
  static const RE2 typeName(R"(\w+)");
  for (FunctionId f = fn; f != kNone && f < m.functions.size(); f = m.functions[f].parent) {
    const Function& F = m.functions[f];
    if (F.cls == kNone || F.params.empty()) continue;
    const std::string_view first = F.params[0].type;
    if (!RE2::FullMatch(re2::StringPiece(first.data(), first.size()), typeName)) return {};
    if (!F.params[0].name.empty()) {
      const std::string_view body = textOf(m, F.range);
      const RE2 laneOfDescriptor(R"(\busing\s+(\w+)\s*=\s*(?:hwy::)?(?:HWY_NAMESPACE::)?TFromD\s*<\s*)" +
                                 RE2::QuoteMeta(std::string(first)) + R"(\s*>)");
      re2::StringPiece lane;
      if (RE2::PartialMatch(re2::StringPiece(body.data(), body.size()), laneOfDescriptor, &lane))
        return {f, std::string_view(lane.data(), lane.size()), F.params[0].name, first, m.classes[F.cls].name};
    }
    const bool second = F.params.size() > 1;
    return {f, first, second ? F.params[1].name : std::string_view{}, second ? F.params[1].type : std::string_view{},
            m.classes[F.cls].name};
  }
  return {};
}

// The type `name` is declared with: a parameter of `fn` or of a function around it, a
// declaration in its text (`const RebindToSigned<D> di;`), else one in the file (a constant).
std::string declaredType(const FileModel& m, FunctionId fn, std::string_view name, LaneCache* cache) {
  if (name.empty() || !m.source) return {};
  for (FunctionId f = fn; f != kNone && f < m.functions.size(); f = m.functions[f].parent)
    for (const Param& p : m.functions[f].params)
      if (p.name == name && !p.type.empty()) return std::string(p.type);
  const RE2 declared(R"(([\w:]+\s*<[^;{}=]*>|[\w:]+)\s*[&*]?\s+)" + RE2::QuoteMeta(std::string(name)) + R"(\s*(?:;|\(|\{|=|\[))");
  std::string type;
  if (fn != kNone && fn < m.functions.size()) {
    const std::string_view body = textOf(m, m.functions[fn].range);
    if (RE2::PartialMatch(re2::StringPiece(body.data(), body.size()), declared, &type)) return type;
  }
  if (cache)
    if (const auto it = cache->fileTypes.find(std::string(name)); it != cache->fileTypes.end()) return it->second;
  if (!RE2::PartialMatch(*m.source, declared, &type)) type.clear();
  if (cache) cache->fileTypes.emplace(name, type);
  return type;
}

// `using TI = int32_t;` (or `typedef int32_t TI;`) in function `fn`'s text or the file: what `name` stands for.
std::string aliasOf(const FileModel& m, FunctionId fn, std::string_view name, LaneCache* cache) {
  if (name.empty() || !m.source) return {};
  const std::string n = RE2::QuoteMeta(std::string(name));
  const RE2 usingAlias(R"(\busing\s+)" + n + R"(\s*=\s*([^;]+);)"), typedefAlias(R"(\btypedef\s+([^;]+?)\s+)" + n + R"(\s*;)");
  std::string type;
  if (fn != kNone && fn < m.functions.size()) {
    const std::string_view body = textOf(m, m.functions[fn].range);
    const re2::StringPiece b(body.data(), body.size());
    if (RE2::PartialMatch(b, usingAlias, &type) || RE2::PartialMatch(b, typedefAlias, &type)) return type;
  }
  if (cache)
    if (const auto it = cache->fileAliases.find(std::string(name)); it != cache->fileAliases.end()) return it->second;
  if (!RE2::PartialMatch(*m.source, usingAlias, &type) && !RE2::PartialMatch(*m.source, typedefAlias, &type)) type.clear();
  if (cache) cache->fileAliases.emplace(name, type);
  return type;
}

Lanes descriptorKind(const FileModel& m, FunctionId fn, const Functor& f, std::string_view text, int depth);

// A type's text: an element type named, else the functor's descriptor type or another
// descriptor's (`Half<D>`, `RepartitionToWide<decltype(dh)>`).
Lanes kindOfDescriptorTypeAsWritten(const FileModel& m, FunctionId fn, const Functor& f, std::string_view type, int depth);

// A descriptor widened from 16-bit floats (`RepartitionToWide<DN>` run for bfloat16_t) has float lanes.
Lanes kindOfDescriptorType(const FileModel& m, FunctionId fn, const Functor& f, std::string_view type, int depth) {
  Lanes k = kindOfDescriptorTypeAsWritten(m, fn, f, type, depth);
  if ((k & kHalf) && type.find("Wide") != std::string_view::npos) k |= kFloating;
  return k;
}

Lanes kindOfDescriptorTypeAsWritten(const FileModel& m, FunctionId fn, const Functor& f, std::string_view type, int depth) {
  if (depth > 4) return kUnknown;
  if (const Lanes k = kindOfTypeText(type); k != kUnknown) return k;
  // `Rebind<TI, DF>` with `using TI = int32_t;`: the alias's type.
  static const RE2 firstArgument(R"(<\s*(\w+)\s*[,>])");
  std::string first;
  if (RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), firstArgument, &first) && first.size() > 1 &&
      first != f.descriptorType && first != "decltype")
    if (const std::string alias = aliasOf(m, fn, first, f.cache); !alias.empty())
      if (const Lanes k = kindOfTypeText(alias); k != kUnknown) return k;
  // A descriptor parameter of a template type (`D d` of the struct's method): the struct's lanes.
  static const RE2 bare(R"(\s*(?:const\s+)?(\w+)\s*&?\s*)");
  std::string param;
  if (f.body != kNone && RE2::FullMatch(re2::StringPiece(type.data(), type.size()), bare, &param) && param.size() <= 2 &&
      std::isupper(static_cast<unsigned char>(param[0])))
    return lanesOf(m, f);
  static const RE2 decl(R"(decltype\s*\(\s*(\w+)\s*\))");
  std::string other;
  if (RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), decl, &other)) return descriptorKind(m, fn, f, other, depth + 1);
  if (!f.descriptorType.empty()) {
    const RE2 ownType(R"(\b)" + RE2::QuoteMeta(std::string(f.descriptorType)) + R"(\b)");
    if (RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), ownType)) return lanesOf(m, f);
  }
  return kUnknown;
}

Lanes descriptorKind(const FileModel& m, FunctionId fn, const Functor& f, std::string_view text, int depth) {
  if (depth > 4) return kUnknown;
  if (!f.descriptor.empty() && text == f.descriptor) return lanesOf(m, f);
  if (text.find('<') != std::string_view::npos) return kindOfDescriptorType(m, fn, f, text, depth);
  std::string type = declaredType(m, fn, text, f.cache);
  if (type.empty() && f.body != kNone && f.body != fn) type = declaredType(m, f.body, text, f.cache);
  return type.empty() ? kUnknown : kindOfDescriptorType(m, fn, f, type, depth);
}

// A type's text, the functor's lane type standing for the types the file runs it for.
Lanes kindOfValueType(const FileModel& m, const Functor& f, std::string_view type) {
  if (!f.laneType.empty() && type == f.laneType) return lanesOf(m, f);
  return kindOfTypeText(type);
}

// How sure a value's kind is: its declaration (3) over the conversion it is made by (2) over the
// literals and casts inside it (1).
struct ValueKind {
  Lanes kind = kUnknown;
  int strength = 0;
};

ValueKind valueKind(const FileModel& m, FunctionId fn, const Functor& f, std::string_view text) {
  const re2::StringPiece t(text.data(), text.size());
  static const RE2 identifier(R"(^\s*([A-Za-z_]\w*)\s*$)");
  std::string name;
  if (RE2::FullMatch(t, identifier, &name)) {
    std::string type = declaredType(m, fn, name, f.cache);
    if (type.empty() && f.body != kNone && f.body != fn) type = declaredType(m, f.body, name, f.cache);
    static const RE2 qualifiers(R"(\bconst\s+|\s+const\b)");
    RE2::GlobalReplace(&type, qualifiers, "");
    if (!type.empty()) return {kindOfValueType(m, f, type), 3};
    return {};
  }
  // `ConvertScalarTo<T>(1.5f)`, `BitCastScalar<uint16_t>(...)`, `static_cast<double>(x)`: the
  // type the outermost call converts to; `size_t{0}`, `T(0)`: the type constructed.
  static const RE2 converted(R"(^\s*[-+]?\s*[\w:]+\s*<\s*([\w:]+)\s*>\s*\()"), constructed(R"(^\s*[-+]?\s*([\w:]+)\s*[({])");
  for (const RE2* made : {&converted, &constructed}) {
    std::string to;
    if (!RE2::PartialMatch(t, *made, &to)) continue;
    if (const Lanes k = kindOfValueType(m, f, to.substr(to.rfind(':') == std::string::npos ? 0 : to.rfind(':') + 1)); k != kUnknown)
      return {k, 2};
  }
  if (!f.laneType.empty()) {
    const RE2 ofLane(R"(<\s*)" + RE2::QuoteMeta(std::string(f.laneType)) + R"(\s*>|\b)" + RE2::QuoteMeta(std::string(f.laneType)) +
                     R"(\s*[({])");
    if (RE2::PartialMatch(t, ofLane)) return {lanesOf(m, f), 1};
  }
  static const RE2 floatLiteral(R"((?:^|[^\w.])(?:\d+\.\d*|\.\d+|\d+[eE][-+]?\d+)[fFlL]?(?:$|[^\w.]))");
  static const RE2 floatCast(R"(<\s*(float|double)\s*>|\b(float|double)\s*\()");
  if (RE2::PartialMatch(t, floatLiteral) || RE2::PartialMatch(t, floatCast)) return {kFloating, 1};
  static const RE2 integerLiteral(R"(^\s*[-+]?\s*(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*$)");
  if (RE2::FullMatch(t, integerLiteral)) return {kInteger, 1};
  return {};
}

// A caller asking for one check at a time (wrapper discovery) keeps the cache of the last file it
// asked about, known by its text's digest: `mine` reads versions of one file at one address.
LaneCache* lastFileCache(const FileModel& m) {
  struct Last {
    uint64_t digest = 0;
    size_t size = 0;
    LaneCache cache;
  };
  thread_local Last last;
  const uint64_t digest = XXH3_64bits(m.source->data(), m.source->size());
  if (digest != last.digest || m.source->size() != last.size) last = Last{digest, m.source->size(), {}};
  return &last.cache;
}

}  // namespace

bool lanesAreIntegers(const FileModel& m, FunctionId fn, const CallArgs& args, const ApiSpec& spec, LaneCache* cache) {
  if (spec.lanes.empty() || !m.source) return false;
  Functor f = enclosingFunctor(m, fn);
  f.cache = cache ? cache : lastFileCache(m);
  const auto argument = [&](std::string_view param) -> ExprId {
    const auto at = std::find(spec.params.begin(), spec.params.end(), param);
    const size_t index = static_cast<size_t>(at - spec.params.begin());
    return index < args.positional.size() ? args.positional[index] : kNone;
  };
  if (spec.lanes != "values") {
    const ExprId d = argument(spec.lanes);
    if (d == kNone) return false;
    const Lanes k = descriptorKind(m, fn, f, m.expr(d).text, 0);
    return k != kUnknown && !(k & kFloating);
  }
  // The two values: the surer reading decides; float where two are as sure.
  ValueKind best;
  for (const std::string& side : {spec.actual, spec.expected}) {
    const ExprId e = argument(side);
    if (e == kNone) continue;
    const ValueKind k = valueKind(m, fn, f, m.expr(e).text);
    if (k.kind == kUnknown) continue;
    if (k.strength > best.strength || (k.strength == best.strength && (k.kind & kFloating))) best = k;
  }
  return best.kind != kUnknown && !(best.kind & kFloating);
}

}  // namespace oalens::analyzer
