#include "analyzer/assertions/simd_lanes.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>

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

// What the file runs functor `functor` for: `ForFloatTypes(ForPartialVectors<TestX>())`, or a
// local of such a type handed to them (`const ForPartialVectors<TestX> func; ForIntegerTypes(func);
// func(hwy::float16_t());`).
Lanes laneTypesOfFunctor(const FileModel& m, std::string_view functor) {
  if (!m.source || functor.empty()) return kUnknown;
  const std::string name = RE2::QuoteMeta(std::string(functor));
  const re2::StringPiece all(*m.source);
  Lanes kind = kUnknown;
  const RE2 direct(R"(\b(For\w+)\s*\(\s*For\w+\s*<[^;{}]*?\b)" + name + R"(\b)");
  re2::StringPiece rest = all;
  std::string list;
  while (RE2::FindAndConsume(&rest, direct, &list)) kind |= kindOfTypeList(list);
  const RE2 temporary(R"(For\w+\s*<[^;{}]*?\b)" + name + R"(\b[^;{}]*>\s*\(\s*\)\s*\(\s*([\w:]+)\s*(?:\(\s*\)|\{\s*\}))");
  rest = all;
  std::string type;
  while (RE2::FindAndConsume(&rest, temporary, &type)) kind |= kindOfTypeText(type);
  const RE2 local(R"((?:For\w+\s*<[^;{}]*?\b)" + name + R"(\b[^;{}]*>|\b)" + name + R"()\s+(\w+)\s*[;({])");
  rest = all;
  std::string var;
  while (RE2::FindAndConsume(&rest, local, &var)) {
    const std::string v = RE2::QuoteMeta(var);
    const RE2 handed(R"(\b(For\w+)\s*\(\s*)" + v + R"(\s*\))");
    const RE2 called(R"(\b)" + v + R"(\s*\(\s*([\w:]+)\s*(?:\(\s*\)|\{\s*\}))");
    re2::StringPiece uses = all;
    while (RE2::FindAndConsume(&uses, handed, &list)) kind |= kindOfTypeList(list);
    uses = all;
    while (RE2::FindAndConsume(&uses, called, &type)) kind |= kindOfTypeText(type);
  }
  return kind;
}

struct Functor {
  FunctionId body = kNone;          // its operator()
  std::string_view laneType;        // the type of its first parameter (`T`)
  std::string_view descriptor;      // the name of its second (`d`), if any
  std::string_view descriptorType;  // and its type (`D`)
  std::string_view name;            // its struct's name
};

// The method of a struct the check is in, taking its lane type first (`operator()(T, D d)`, a
// static `TestOps(T)` the struct's operator() calls).
Functor enclosingFunctor(const FileModel& m, FunctionId fn) {
  static const RE2 typeName(R"(\w+)");
  for (FunctionId f = fn; f != kNone && f < m.functions.size(); f = m.functions[f].parent) {
    const Function& F = m.functions[f];
    if (F.cls == kNone || F.params.empty()) continue;
    const std::string_view lane = F.params[0].type;
    if (!RE2::FullMatch(re2::StringPiece(lane.data(), lane.size()), typeName)) return {};
    const bool second = F.params.size() > 1;
    return {f, lane, second ? F.params[1].name : std::string_view{}, second ? F.params[1].type : std::string_view{}, m.classes[F.cls].name};
  }
  return {};
}

// The type `name` is declared with: a parameter of `fn` or of a function around it, a
// declaration in its text (`const RebindToSigned<D> di;`), else one in the file (a constant).
std::string declaredType(const FileModel& m, FunctionId fn, std::string_view name) {
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
  if (RE2::PartialMatch(*m.source, declared, &type)) return type;
  return {};
}

// `using TI = int32_t;` (or `typedef int32_t TI;`) in function `fn`'s text or the file: what `name` stands for.
std::string aliasOf(const FileModel& m, FunctionId fn, std::string_view name) {
  if (name.empty() || !m.source) return {};
  const std::string n = RE2::QuoteMeta(std::string(name));
  const RE2 usingAlias(R"(\busing\s+)" + n + R"(\s*=\s*([^;]+);)"), typedefAlias(R"(\btypedef\s+([^;]+?)\s+)" + n + R"(\s*;)");
  std::string type;
  if (fn != kNone && fn < m.functions.size()) {
    const std::string_view body = textOf(m, m.functions[fn].range);
    const re2::StringPiece b(body.data(), body.size());
    if (RE2::PartialMatch(b, usingAlias, &type) || RE2::PartialMatch(b, typedefAlias, &type)) return type;
  }
  if (RE2::PartialMatch(*m.source, usingAlias, &type) || RE2::PartialMatch(*m.source, typedefAlias, &type)) return type;
  return {};
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
  if (RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), firstArgument, &first))
    if (const std::string alias = aliasOf(m, fn, first); !alias.empty())
      if (const Lanes k = kindOfTypeText(alias); k != kUnknown) return k;
  // A descriptor parameter of a template type (`D d` of the struct's method): the struct's lanes.
  static const RE2 bare(R"(\s*(?:const\s+)?(\w+)\s*&?\s*)");
  std::string param;
  if (f.body != kNone && RE2::FullMatch(re2::StringPiece(type.data(), type.size()), bare, &param) && param.size() <= 2 &&
      std::isupper(static_cast<unsigned char>(param[0])))
    return laneTypesOfFunctor(m, f.name);
  static const RE2 decl(R"(decltype\s*\(\s*(\w+)\s*\))");
  std::string other;
  if (RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), decl, &other)) return descriptorKind(m, fn, f, other, depth + 1);
  if (!f.descriptorType.empty()) {
    const RE2 ownType(R"(\b)" + RE2::QuoteMeta(std::string(f.descriptorType)) + R"(\b)");
    if (RE2::PartialMatch(re2::StringPiece(type.data(), type.size()), ownType)) return laneTypesOfFunctor(m, f.name);
  }
  return kUnknown;
}

Lanes descriptorKind(const FileModel& m, FunctionId fn, const Functor& f, std::string_view text, int depth) {
  if (depth > 4) return kUnknown;
  if (!f.descriptor.empty() && text == f.descriptor) return laneTypesOfFunctor(m, f.name);
  if (text.find('<') != std::string_view::npos) return kindOfDescriptorType(m, fn, f, text, depth);
  std::string type = declaredType(m, fn, text);
  if (type.empty() && f.body != kNone && f.body != fn) type = declaredType(m, f.body, text);
  return type.empty() ? kUnknown : kindOfDescriptorType(m, fn, f, type, depth);
}

// A type's text, the functor's lane type standing for the types the file runs it for.
Lanes kindOfValueType(const FileModel& m, const Functor& f, std::string_view type) {
  if (!f.laneType.empty() && type == f.laneType) return laneTypesOfFunctor(m, f.name);
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
    std::string type = declaredType(m, fn, name);
    if (type.empty() && f.body != kNone && f.body != fn) type = declaredType(m, f.body, name);
    static const RE2 qualifiers(R"(\bconst\s+|\s+const\b)");
    RE2::GlobalReplace(&type, qualifiers, "");
    if (!type.empty()) return {kindOfValueType(m, f, type), 3};
    return {};
  }
  // `ConvertScalarTo<T>(1.5f)`, `BitCastScalar<uint16_t>(...)`, `static_cast<double>(x)`: the
  // type the outermost call converts to.
  static const RE2 converted(R"(^\s*[-+]?\s*[\w:]+\s*<\s*([\w:]+)\s*>\s*\()");
  std::string to;
  if (RE2::PartialMatch(t, converted, &to))
    if (const Lanes k = kindOfValueType(m, f, to.substr(to.rfind(':') == std::string::npos ? 0 : to.rfind(':') + 1)); k != kUnknown)
      return {k, 2};
  if (!f.laneType.empty()) {
    const RE2 ofLane(R"(<\s*)" + RE2::QuoteMeta(std::string(f.laneType)) + R"(\s*>|\b)" + RE2::QuoteMeta(std::string(f.laneType)) +
                     R"(\s*[({])");
    if (RE2::PartialMatch(t, ofLane)) return {laneTypesOfFunctor(m, f.name), 1};
  }
  static const RE2 floatLiteral(R"((?:^|[^\w.])(?:\d+\.\d*|\.\d+|\d+[eE][-+]?\d+)[fFlL]?(?:$|[^\w.]))");
  static const RE2 floatCast(R"(<\s*(float|double)\s*>|\b(float|double)\s*\()");
  if (RE2::PartialMatch(t, floatLiteral) || RE2::PartialMatch(t, floatCast)) return {kFloating, 1};
  static const RE2 integerLiteral(R"(^\s*[-+]?\s*(?:0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*$)");
  if (RE2::FullMatch(t, integerLiteral)) return {kInteger, 1};
  return {};
}

}  // namespace

bool lanesAreIntegers(const FileModel& m, FunctionId fn, const CallArgs& args, const ApiSpec& spec) {
  if (spec.lanes.empty() || !m.source) return false;
  const Functor f = enclosingFunctor(m, fn);
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
