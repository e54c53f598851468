#include "miners/classify/change_classifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "analyzer/assertions/dtype_overrides.h"
#include "analyzer/core/diagnostics.h"
#include "analyzer/tolerance/allowed_deviation.h"
#include "miners/classify/symbolic_tolerance.h"

namespace oalens::miners {

std::string_view directionName(Direction d) {
  switch (d) {
    case Direction::Tighten: return "tighten";
    case Direction::Loosen: return "loosen";
    case Direction::Mixed: return "mixed";
    default: return "";
  }
}

std::string ChangeKinds::kindList() const {
  std::string out;
  auto add = [&](bool on, const char* name) {
    if (!on) return;
    if (!out.empty()) out += ',';
    out += name;
  };
  add(added, "added");
  add(deleted, "deleted");
  add(cosmetic, "cosmetic");
  add(api, "api");
  add(parameter, "parameter");
  add(threshold, "threshold");
  return out;
}

Direction compareTolerance(const std::string& name, double oldValue, double newValue, bool negated) {
  if (oldValue == newValue) return Direction::None;
  // Digits-style tolerances accept more when they shrink; a lower bound accepts more when it drops.
  const bool smallerIsLooser = name == "decimal" || name == "places" || name == "significant" || name == "lower_bound";
  bool looser = smallerIsLooser ? newValue < oldValue : newValue > oldValue;
  if (negated) looser = !looser;
  return looser ? Direction::Loosen : Direction::Tighten;
}

namespace {

std::string stripWs(std::string_view s) { return normalizeStatement(s); }

// The text with each floating literal written one way (`0.`, `0.0` and `0`, `1e-02` and `1e-2`
// alike): a compared value whose literals were only reformatted (OTT's lint commit 8519182) is the
// same value.
std::string canonicalNumbers(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  for (size_t i = 0; i < s.size();) {
    const bool starts = std::isdigit(static_cast<unsigned char>(s[i])) ||
                        (s[i] == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])));
    if (!starts || (i > 0 && word(s[i - 1]))) {
      out += s[i++];
      continue;
    }
    size_t j = i;
    while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.')) ++j;
    if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
      size_t k = j + 1;
      if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
      if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
        while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
        j = k;
      }
    }
    const std::string token(s.substr(i, j - i));
    char* end = nullptr;
    const double v = std::strtod(token.c_str(), &end);
    // A literal running into a name (`0x1f`, `1j`, `2f`) is left as written, and so is an integer;
    // a whole float is written as one (`2 * eps` and `2.0 * eps` compute the same).
    const bool floating = token.find_first_of(".eE") != std::string::npos;
    if (!floating || end != token.c_str() + token.size() ||
        (j < s.size() && (std::isalpha(static_cast<unsigned char>(s[j])) || s[j] == '_')))
      out += token;
    else out += fmt::format("{}", v);
    i = j;
  }
  return out;
}

// Compares two values the classifier computed (a half-width, an allowance), not read from one
// tolerance: equal up to rounding is equal. Records the direction and a detail line.
void compareComputed(const std::string& what, double o, double n, bool negated, bool& loosen, bool& tighten,
                     std::vector<std::string>& details) {
  if (std::fabs(n - o) <= 1e-9 * std::max(std::fabs(o), std::fabs(n))) return;
  const Direction d = compareTolerance("bound", o, n, negated);
  (d == Direction::Loosen ? loosen : tighten) = true;
  const double factor = o != 0 && n != 0 ? std::max(n / o, o / n) : 0.0;
  details.push_back(factor > 0 ? fmt::format("{} {:g} -> {:g} ({}, x{:.3g})", what, o, n, directionName(d), factor)
                               : fmt::format("{} {:g} -> {:g} ({})", what, o, n, directionName(d)));
}

// `E - t <= x <= E + t`: an interval around an oracle E, whose tolerance is its half-width t.
// Its two bounds move together when E changes (a named constant), which is not a threshold
// change; comparing them one by one reported it as mixed (one tightens, one loosens).
bool centredInterval(const std::map<std::string, const analyzer::Tolerance*>& ts, double& halfWidth) {
  auto lo = ts.find("lower_bound"), hi = ts.find("bound");
  if (lo == ts.end() || hi == ts.end() || !lo->second->value || !hi->second->value) return false;
  const std::string lower = stripWs(lo->second->text), upper = stripWs(hi->second->text);
  if (lower.size() != upper.size()) return false;
  for (size_t i = 1; i + 1 < lower.size(); ++i)
    if (lower[i] == '-' && upper[i] == '+' && lower.compare(0, i, upper, 0, i) == 0 &&
        lower.compare(i + 1, std::string::npos, upper, i + 1) == 0) {
      halfWidth = (*hi->second->value - *lo->second->value) / 2;
      return true;
    }
  return false;
}

// What a check accepts, |actual - expected| <= absolute + relative * |expected|, read from
// tolerances of any system, so that a change between systems has a direction too:
// assertAlmostEqual(x, 0.) (places=7: |d| < 5e-8) -> assert abs(x) < 1e-4 loosens. The
// constants are the APIs' own: unittest rounds |d| to `places` digits, numpy's almost_equal
// accepts |d| < 1.5 * 10^-decimal. An error bound counts as absolute only on a difference
// (`abs(a - b) < t`) or an absolute value (`np.abs(d) < t`): `err < t` may be relative.
// significant, ulps and one-sided bounds have no such form.
struct Acceptance {
  double absolute = 0, relative = 0;
};

std::optional<Acceptance> acceptanceOf(const std::map<std::string, const analyzer::Tolerance*>& ts, const analyzer::Assertion& a) {
  if (ts.empty() || (ts.count("places") && ts.count("delta"))) return std::nullopt;  // one or the other applies
  Acceptance out;
  for (const auto& [name, t] : ts) {
    if (!t->value) return std::nullopt;
    const double v = *t->value;
    if (name == "atol" || name == "delta" || name == "prec") out.absolute = v;
    else if (name == "rtol") out.relative = v;
    else if (name == "places" || name == "decimal") out.absolute = *analyzer::allowedDeviation(name, v);
    else if (name == "bound" && analyzer::boundsAnAbsoluteDeviation(a)) out.absolute = v;
    else return std::nullopt;
  }
  return out;
}

// The numbers of an oracle written as a number or a flat list or tuple of numbers (`0.5`,
// `-1e-3`, `[0.5, 1.0]`); nullopt for anything else.
std::optional<std::vector<double>> literalNumbers(std::string_view text) {
  std::string t = stripWs(text);
  if (t.size() >= 2 && ((t.front() == '[' && t.back() == ']') || (t.front() == '(' && t.back() == ')'))) t = t.substr(1, t.size() - 2);
  if (!t.empty() && t.back() == ',') t.pop_back();
  if (t.empty()) return std::nullopt;
  std::vector<double> out;
  for (size_t start = 0; start <= t.size();) {
    const size_t comma = std::min(t.find(',', start), t.size());
    const std::string one = t.substr(start, comma - start);
    char* end = nullptr;
    const double v = std::strtod(one.c_str(), &end);
    if (one.empty() || end != one.c_str() + one.size() || !std::isfinite(v)) return std::nullopt;
    out.push_back(v);
    start = comma + 1;
  }
  return out;
}

// What a check accepts at an oracle value e: numpy's and most APIs' atol + rtol * |e|,
// pytest.approx's max(rel * |e|, abs); nullopt for another approximate value (Catch2's Approx
// scales its epsilon otherwise).
std::optional<double> allowanceAt(const Acceptance& x, const analyzer::Assertion& check, double e) {
  if (check.api == "pytest.approx") return std::max(x.relative * std::fabs(e), x.absolute);
  if (check.api.find("Approx") != std::string::npos) return std::nullopt;
  if (check.category == analyzer::Category::AbsRel || check.category == analyzer::Category::Abs ||
      check.category == analyzer::Category::Rounding || check.category == analyzer::Category::ErrorBound)
    return x.absolute + x.relative * std::fabs(e);
  return std::nullopt;
}

// A change between tolerance systems that moves one allowance each way (assertAlmostEqual(x,
// 0.5), |d| < 5e-8, -> x == approx(0.5), |d| <= 1e-6 * 0.5) has a direction where both sides
// compare with the same literal oracle: what each accepts at its values. None when they
// disagree between values or cannot be read.
Direction directionAtOracle(const Acceptance& before, const analyzer::Assertion& a, const Acceptance& after, const analyzer::Assertion& b,
                            std::vector<std::string>& details) {
  const auto olds = literalNumbers(a.expectedText), news = literalNumbers(b.expectedText);
  if (!olds || !news || *olds != *news) return Direction::None;
  bool loosen = false, tighten = false;
  std::vector<std::string> lines;
  for (double e : *olds) {
    const auto o = allowanceAt(before, a, e), n = allowanceAt(after, b, e);
    if (!o || !n) return Direction::None;
    std::vector<std::string> one;
    compareComputed(fmt::format("allowance at the oracle's value {:g}:", e), *o, *n, b.negated, loosen, tighten, one);
    if (!one.empty() && lines.size() < 3) lines.push_back(one.front());
  }
  if (loosen == tighten) return Direction::None;
  details.insert(details.end(), lines.begin(), lines.end());
  return loosen ? Direction::Loosen : Direction::Tighten;
}

// Compares two systems through what they accept; true when both could be read.
bool compareAcceptance(const std::map<std::string, const analyzer::Tolerance*>& ot, const analyzer::Assertion& a,
                       const std::map<std::string, const analyzer::Tolerance*>& nt, const analyzer::Assertion& b, bool& loosen,
                       bool& tighten, std::vector<std::string>& details) {
  const auto before = acceptanceOf(ot, a), after = acceptanceOf(nt, b);
  if (!before || !after || a.negated != b.negated) return false;
  compareComputed("absolute allowance", before->absolute, after->absolute, b.negated, loosen, tighten, details);
  compareComputed("relative allowance", before->relative, after->relative, b.negated, loosen, tighten, details);
  return true;
}

// Tolerances that are plain numbers: literals, constants and the API's defaults with a value,
// no per-dtype table or conditional (whose moves the details list dtype by dtype).
bool plainNumbers(const std::map<std::string, const analyzer::Tolerance*>& ts) {
  for (const auto& [name, t] : ts)
    if (!t->value || t->isDtypeDefault || t->provenance == analyzer::Provenance::Depend ||
        t->provenance == analyzer::Provenance::Unresolved || isConditional(t->comparableText()) ||
        t->comparableText().find('{') != std::string::npos)
      return false;
  return true;
}

// Same names, texts, values and comparable texts, in the same order (a NaN value is never the
// same).
bool sameTolerances(const std::vector<analyzer::Tolerance>& a, const std::vector<analyzer::Tolerance>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const analyzer::Tolerance& x, const analyzer::Tolerance& y) {
    return x.name == y.name && x.text == y.text && x.value == y.value && x.comparable == y.comparable;
  });
}

}  // namespace

// Long: the change kinds of one pair, each a comparison of the two versions' parts (API, compared
// values, tolerances and their provenance), all reading the texts and tolerances normalised at
// the head; the kinds are independent flags, set top to bottom.
ChangeKinds classifyChange(const AssertionVersion* o, const AssertionVersion* n) {
  ChangeKinds k;
  if (!o) {
    k.added = true;
    return k;
  }
  if (!n) {
    k.deleted = true;
    return k;
  }
  const analyzer::Assertion& a = o->assertion();
  const analyzer::Assertion& b = n->assertion();
  // Most pairs are an assertion a commit left alone, in a file it changed elsewhere: nothing
  // below would find a kind (the same tolerances compare equal one by one), so say so at once.
  if (o->raw() == n->raw() && o->range.start.col == n->range.start.col && sameTolerances(a.tolerances, b.tolerances)) return k;
  const bool sameText = o->normalized() == n->normalized();
  k.api = !sameText && !sameApi(*o, *n);
  // The compared values, in either order (a swap of arguments is not a new oracle).
  std::set<std::string> ov{canonicalNumbers(stripWs(a.actualText)), canonicalNumbers(stripWs(a.expectedText))},
      nv{canonicalNumbers(stripWs(b.actualText)), canonicalNumbers(stripWs(b.expectedText))};
  k.parameter = !sameText && ov != nv;

  std::map<std::string, const analyzer::Tolerance*> ot, nt;
  // A check that now passes when the values differ (assertAllClose -> assertNotAllClose), or
  // the other way round, accepts the opposite: its tolerances are neither looser nor tighter.
  if (a.negated == b.negated) {
    for (const auto& t : a.tolerances) ot[t.name] = &t;
    for (const auto& t : b.tolerances) nt[t.name] = &t;
  } else {
    // The check itself changed (`assert np.allclose` -> `assert not np.allclose` too): an API change.
    k.api = true;
    k.details.push_back(b.negated ? "now passes when the values differ: tolerances not compared"
                                  : "now passes when the values are close: tolerances not compared");
  }
  bool loosen = false, tighten = false, unknown = false;
  double oldHalf = 0, newHalf = 0;
  if (centredInterval(ot, oldHalf) && centredInterval(nt, newHalf)) {
    // One tolerance, the half-width, compared in place of the two bounds.
    for (auto* ts : {&ot, &nt}) {
      ts->erase("lower_bound");
      ts->erase("bound");
    }
    compareComputed("half-width", oldHalf, newHalf, b.negated, loosen, tighten, k.details);
  }
  // Tolerances of different systems (places -> bound, err -> atol and rtol) are compared
  // through what they accept; the same names are compared one by one.
  auto names = [](const auto& ts) {
    std::set<std::string> out;
    for (const auto& [name, t] : ts) out.insert(name);
    return out;
  };
  // By the comparable texts (imported names by module, names bound once by their values),
  // which differ: the same expression with other numbers, per-dtype tables, or a conditional
  // compared branch by branch (symbolic_tolerance.h). False when the texts cannot tell and
  // `orValues` allows the values to (nothing recorded then).
  auto compareTexts = [&](const std::string& name, const std::string& kind, const analyzer::Tolerance* old, const analyzer::Tolerance* t,
                          bool orValues) {
    // A default the API picks by dtype is no plain number; one number for every dtype is.
    const auto side = [](const analyzer::Tolerance& x) {
      const bool plain = x.value && !x.isDtypeDefault && !(x.provenance == analyzer::Provenance::Default && x.defaultDependsOnDtype);
      return ToleranceText{x.comparableText(), plain, x.byDtype, x.isDtypeDefault};
    };
    const auto moved = movedNumbers(side(*old), side(*t));
    if (!moved && orValues) return false;
    // The same check whose name is bound otherwise: news only where numbers say how.
    if (!moved && sameText) return true;
    if (!moved) {
      unknown = true;
      k.details.push_back(fmt::format("{} {} -> {} (not evaluable)", name, old->text, t->text));
      return true;
    }
    // A table spans lines: the texts go into the details on one line each.
    const std::string from = analyzer::squeezed(old->text, std::string::npos), to = analyzer::squeezed(t->text, std::string::npos);
    if (!moved->uncompared.empty() && !sameText) {
      unknown = true;
      k.details.push_back(fmt::format("{} {} -> {} (not evaluable: {})", name, from, to, fmt::join(moved->uncompared, ", ")));
    }
    // One line for the tolerance: its loosened moves, then its tightened ones.
    std::vector<std::string> loosened, tightened;
    for (const MovedNumber& m : moved->numbers) {
      const Direction d = m.grows ? compareTolerance(kind, m.from, m.to, b.negated) : compareTolerance(kind, m.to, m.from, b.negated);
      if (d == Direction::None) continue;
      (d == Direction::Loosen ? loosen : tighten) = true;
      (d == Direction::Loosen ? loosened : tightened).push_back(m.label);
    }
    std::vector<std::string> parts;
    if (!loosened.empty()) parts.push_back(fmt::format("{}: {}", directionName(Direction::Loosen), fmt::join(loosened, "; ")));
    if (!tightened.empty()) parts.push_back(fmt::format("{}: {}", directionName(Direction::Tighten), fmt::join(tightened, "; ")));
    if (!parts.empty()) k.details.push_back(fmt::format("{} {} -> {} ({})", name, from, to, fmt::join(parts, "; ")));
    return true;
  };
  // One tolerance of each side under one name: its direction and a detail line.
  auto compareOne = [&](const std::string& name, const std::string& kind, const analyzer::Tolerance* old, const analyzer::Tolerance* t) {
    // Texts the same once read as comparable are the same tolerance (an alias renamed, a table
    // hoisted into a local); a name bound to another value changes the comparable text only.
    const bool meaningChanged = stripWs(old->comparableText()) != stripWs(t->comparableText());
    if (old->value && t->value) {
      // The value of `A if C else B` is A's: B moving, or A and B apart, only the branches show.
      if (meaningChanged && (isConditional(old->comparableText()) || isConditional(t->comparableText())) &&
          compareTexts(name, kind, old, t, true))
        return;
      Direction d = compareTolerance(kind, *old->value, *t->value, b.negated);
      // `err < tol` -> `err <= tol`, `acc > 0.9` -> `acc >= 0.9`: the bound itself now passes.
      if (d == Direction::None && (kind == "bound" || kind == "lower_bound") && old->inclusive != t->inclusive) {
        d = t->inclusive ? Direction::Loosen : Direction::Tighten;
        (d == Direction::Loosen ? loosen : tighten) = true;
        k.details.push_back(fmt::format("{} {} {:g} -> {} {:g} ({})", name, old->inclusive ? "inclusive" : "strict", *old->value,
                                        t->inclusive ? "inclusive" : "strict", *t->value, directionName(d)));
        k.values.push_back({name, *old->value, *t->value, 1, d});
        return;
      }
      if (d == Direction::None) return;
      (d == Direction::Loosen ? loosen : tighten) = true;
      // Digits-style tolerances: one decimal place is a factor of ten in what is accepted.
      const bool digits = kind == "decimal" || kind == "places" || kind == "significant";
      const double factor = digits                               ? std::pow(10.0, std::fabs(*t->value - *old->value))
                            : *old->value != 0 && *t->value != 0 ? std::max(*t->value / *old->value, *old->value / *t->value)
                                                                 : 0;
      // Through a constant the text stays; the values say what changed. A text that is not its
      // number (a name, an expression) shows the value compared: `delta 0.06 -> delta = 0.05`.
      const auto withValue = [](const analyzer::Tolerance& x) {
        return x.provenance == analyzer::Provenance::Literal || x.provenance == analyzer::Provenance::Default || x.isDtypeDefault
                   ? x.text
                   : fmt::format("{} = {:g}", analyzer::squeezed(x.text, std::string::npos), *x.value);
      };
      const std::string from = old->text == t->text ? fmt::format("{} = {:g}", old->text, *old->value) : withValue(*old);
      const std::string to = old->text == t->text ? fmt::format("{:g}", *t->value) : withValue(*t);
      k.details.push_back(factor > 0 ? fmt::format("{} {} -> {} ({}, x{:.3g})", name, from, to, directionName(d), factor)
                                     : fmt::format("{} {} -> {} ({})", name, from, to, directionName(d)));
      k.values.push_back({name, *old->value, *t->value, factor, d});
    } else if (meaningChanged) {
      compareTexts(name, kind, old, t, false);
    }
  };
  // A tolerance a device replaces (Keras 3's `tpu_atol`: "atol@tpu") is the base one where a
  // side lacks it: adding `tpu_atol=1e-2` to `atol=1e-3` loosens the check on a TPU.
  std::map<std::string, const analyzer::Tolerance*> od, nd;
  for (auto [from, to] : {std::pair{&ot, &od}, std::pair{&nt, &nd}})
    for (auto it = from->begin(); it != from->end();) {
      if (it->first.find('@') == std::string::npos) {
        ++it;
        continue;
      }
      to->insert(*it);
      it = from->erase(it);
    }
  const bool otherSystem = names(ot) != names(nt) && compareAcceptance(ot, a, nt, b, loosen, tighten, k.details);
  const decltype(nt) noneLeft;
  for (const auto& [name, t] : otherSystem ? noneLeft : nt)
    if (auto it = ot.find(name); it != ot.end()) compareOne(name, name, it->second, t);  // else another system: not comparable
  std::set<std::string> deviceNames = names(od);
  deviceNames.merge(names(nd));
  // Details of tolerances a test's decorator sets (PyTorch's @precisionOverride), which change
  // with the decorator while the check's text stays.
  std::set<size_t> byDecorator;
  for (const std::string& name : deviceNames) {
    const std::string kind = name.substr(0, name.find('@'));
    auto either = [&](const auto& device, const auto& base) -> const analyzer::Tolerance* {
      if (auto it = device.find(name); it != device.end()) return it->second;
      auto it = base.find(kind);
      return it == base.end() ? nullptr : it->second;
    };
    const analyzer::Tolerance *old = either(od, ot), *t = either(nd, nt);
    if (!old || !t) continue;
    const size_t before = k.details.size();
    compareOne(name, kind, old, t);
    if (analyzer::setByDecorator(old->note) || analyzer::setByDecorator(t->note))
      for (size_t i = before; i < k.details.size(); ++i) byDecorator.insert(i);
  }
  if (sameText) unknown = false;  // the same text evaluating differently is only news with numbers
  if (sameText && (loosen || tighten))
    for (size_t i = 0; i < k.details.size(); ++i)
      k.details[i] += byDecorator.count(i) ? " through the test's decorator" : " through a named constant";
  // One allowance looser, another tighter: against the same literal oracle, what each version
  // accepts at its values decides.
  if (loosen && tighten && od.empty() && nd.empty() && plainNumbers(ot) && plainNumbers(nt) && a.negated == b.negated)
    if (const auto before = acceptanceOf(ot, a), after = acceptanceOf(nt, b); before && after)
      if (const Direction d = directionAtOracle(*before, a, *after, b, k.details); d != Direction::None)
        loosen = d == Direction::Loosen, tighten = d == Direction::Tighten;
  k.threshold = loosen || tighten || unknown;
  if (loosen && tighten) k.direction = Direction::Mixed;
  else if (loosen) k.direction = Direction::Loosen;
  else if (tighten) k.direction = Direction::Tighten;
  else if (unknown) k.direction = Direction::Unknown;
  // Same tokens, different layout (white space, line breaks, indentation): what a line diff
  // shows as a changed assertion line although nothing in it changed. Text changed but no
  // kind explains it (a message argument, a keyword spelled out): layout too.
  if (sameText) k.cosmetic = !k.threshold && (o->raw() != n->raw() || o->range.start.col != n->range.start.col);
  else if (!k.api && !k.parameter && !k.threshold) k.cosmetic = true;
  return k;
}

}  // namespace oalens::miners
