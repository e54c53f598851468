#include "analyzer/assertions/runtime_choice.h"

#include <re2/re2.h>

#include <algorithm>
#include <string>

namespace oalens::analyzer {

namespace {

bool matches(std::string_view text, const RE2& re) { return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re); }

// The words of ToleranceResolver::mentionsRuntimeChoice, split by what they choose, plus the
// dtype words it leaves to "config" (`config.x64_enabled`), complex types, and `on_tpu`.
const RE2& dtypeWords() {
  // Also a tolerance named for the floating type it suits (e3nn's `float_tolerance` fixture).
  static const RE2 re(
      "(?i)(dtype|floatx|float16|float32|float64|bfloat16|complex64|complex128|\\bhalf\\b|precision|x64|"
      "\\b(float|double)_(tol|tolerance|atol|rtol|eps|epsilon)\\b)");
  return re;
}
const RE2& deviceWords() {
  static const RE2 re("(?i)(gpu|cuda|device|platform|cudnn|rocm|(\\b|_)(mkl|tpus?|cpus?|xpu|hpu|npu|mlu|mps|musa|ipu)(\\b|_))");
  return re;
}
// TensorFlow's sessions: `use_gpu=False` keeps the check on the CPU, as leaving it out does.
const RE2& noDevice() {
  static const RE2 re("(?i)\\b(use|force)_gpu\\s*=\\s*False\\b");
  return re;
}

// A loop runs the check per dtype or device (RuntimeChoice bits) when its variables are named
// for one (`for dtype in DTYPES`, `for x_dtype, tol in CASES`, `for device in devices`); the
// words alone would also take `for cudnn_out in cudnn_outs` and `for f_gpu in fns`, loops over
// results.
uint8_t loopVariableChoices(std::string_view target) {
  static const RE2 dtypeName("(?i)^(\\w*_)?(dtype|floatx|precision)s?$");
  static const RE2 deviceName("(?i)^((\\w*_)?devices?|(use|on|force)_gpu|gpus?|cuda|tpus?|cpus?|platforms?)$");
  uint8_t bits = 0;
  for (size_t i = 0; i < target.size();) {
    const size_t end = std::min(target.find_first_of(" ,()[]\t\n", i), target.size());
    const std::string_view name = target.substr(i, end - i);
    if (!name.empty()) {
      if (matches(name, dtypeName)) bits |= kByDtype;
      if (matches(name, deviceName)) bits |= kByDevice;
    }
    i = end + 1;
  }
  return bits;
}

// The conditions of the if/elif statements whose branches come before statement `at` in its
// block: an `else` or `elif` branch runs because they were false. Statements are in source
// order, so the one before a statement is its previous sibling or the last statement nested in
// it; climbing from there keeps a branch after a long block from reading the whole block.
template <typename Add>
void conditionsBefore(const FileModel& m, StmtId at, Add&& add) {
  const StmtId block = m.stmts[at].parent;
  for (StmtId q = at; q > 0;) {
    StmtId prev = q - 1;
    while (prev != kNone && prev != block && m.stmts[prev].parent != block) prev = m.stmts[prev].parent;
    if (prev == kNone || prev == block) return;  // the first statement of its block
    const Stmt& sibling = m.stmts[prev];
    if (sibling.kind != StmtKind::If) return;  // the else of a for, while or try
    if (sibling.a != kNone) add(m.expr(sibling.a).text);
    if (!sibling.isElif) return;
    q = prev;
  }
}

}  // namespace

uint8_t runtimeChoicesIn(std::string_view text) {
  std::string withoutCpuSessions;
  if (matches(text, noDevice())) {
    withoutCpuSessions.assign(text);
    RE2::GlobalReplace(&withoutCpuSessions, noDevice(), "");
    text = withoutCpuSessions;
  }
  uint8_t bits = 0;
  if (matches(text, dtypeWords())) bits |= kByDtype;
  if (matches(text, deviceWords())) bits |= kByDevice;
  return bits;
}

RuntimeChoices runtimeChoicesOf(const FileModel& m, const Assertion& a, bool alwaysByDtype) {
  RuntimeChoices out;
  if (!a.isOa) return out;
  if (alwaysByDtype) out.tolerance |= kByDtype;
  // The resolution note quotes the code that chooses (`chosen by `on_tpu``, `looked up by
  // `tol[dtype]``), the text may hold a table by dtype (`{np.float32: 1e-2} if on_tpu else
  // None`); a tolerance that names neither (`self.tol is set in 2 places`) gives no choice.
  for (const Tolerance& t : a.tolerances)
    if (t.provenance == Provenance::Depend) out.tolerance |= runtimeChoicesIn(t.note) | runtimeChoicesIn(t.text);
  auto add = [&](std::string_view text) { out.blocks |= runtimeChoicesIn(text); };
  // The blocks holding the check, up to the function's own statement (at class or module
  // level, outside the test's text).
  for (StmtId p = a.stmt < m.stmts.size() ? m.stmts[a.stmt].parent : kNone; p != kNone && p < m.stmts.size(); p = m.stmts[p].parent) {
    const Stmt& st = m.stmts[p];
    if (st.function == kNone) break;
    switch (st.kind) {
      case StmtKind::If:
        if (st.a != kNone) add(m.expr(st.a).text);
        if (st.isElif) conditionsBefore(m, p, add);
        break;
      case StmtKind::Else: conditionsBefore(m, p, add); break;
      case StmtKind::For:
        if (st.a != kNone) out.blocks |= loopVariableChoices(m.expr(st.a).text);
        break;
      case StmtKind::While:
        if (st.a != kNone) add(m.expr(st.a).text);
        break;
      case StmtKind::With:  // its items: the tuple that holds them spans the whole statement
        if (st.a != kNone)
          for (uint32_t i = 0; i < m.childCount(st.a); ++i) add(m.expr(m.child(st.a, i)).text);
        break;
      default: break;
    }
  }
  return out;
}

RuntimeChoices gainedChoices(const RuntimeChoices& was, const RuntimeChoices& now) {
  return {static_cast<uint8_t>(now.tolerance & ~was.tolerance), static_cast<uint8_t>(now.blocks & ~was.blocks)};
}

std::string gainedChoicesNote(const RuntimeChoices& was, const RuntimeChoices& now) {
  auto words = [](uint8_t bits) {
    return bits == (kByDtype | kByDevice) ? std::string("dtype and device")
           : bits == kByDtype             ? std::string("dtype")
                                          : std::string("device");
  };
  const RuntimeChoices gained = gainedChoices(was, now);
  std::string note;
  if (gained.tolerance) note += "; the tolerance is now chosen by " + words(gained.tolerance);
  if (gained.blocks) note += "; the check now runs in a block chosen by " + words(gained.blocks);
  return note;
}

}  // namespace oalens::analyzer
