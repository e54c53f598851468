#include "rules/lint/support/data_flow.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/frontend/notebook.h"
#include "rules/lint/support/flow_interpreter.h"
#include "rules/lint/support/flow_values.h"
#include "rules/lint/support/lint_patterns.h"
#include "rules/lint/support/ml_vocabulary.h"

namespace oalens::rules::flow {
namespace {

using namespace analyzer;
using detail::Interpreter;

// Whether the file can split data at all: a leak needs a split, a cross-validation or rows joined
// to be cut apart again. Most test files have none and are not interpreted.
bool maySplit(std::string_view source) {
  static const RE2 words(R"(split|cross_val|SearchCV|_curve|permutation_test_score|concat|vstack|row_stack|append)");
  return RE2::PartialMatch(re2::StringPiece(source.data(), source.size()), words);
}

}  // namespace

DataFlow analyzeDataFlow(const FileModel& m, const Project* project) {
  if (m.language != Language::Python || !m.source || !maySplit(*m.source)) return {};
  return Interpreter(m, project).run();
}

const DataFlow& dataFlowOf(LintContext& ctx) {
  std::shared_ptr<const void>& slot = ctx.fileAnalyses["data-flow"];
  // A test suite's files call the library under test, not a data pipeline's helpers: their
  // imports are not followed (it would run the library's code for nothing).
  if (!slot) slot = std::make_shared<const DataFlow>(analyzeDataFlow(ctx.model, ctx.isTestFile ? nullptr : &ctx.project));
  return *static_cast<const DataFlow*>(slot.get());
}

// "; it trains LogisticRegression (line 17)": the model fits whose training data carries the leak.
std::string modelsTrainedOn(const FileModel& m, const DataFlow& df, uint32_t event) {
  std::vector<std::string> names, models;  // each model once, at its first fit
  for (const ModelFit& fit : df.fits) {
    if (std::find(fit.events.begin(), fit.events.end(), event) == fit.events.end()) continue;
    if (std::find(names.begin(), names.end(), fit.model) != names.end()) continue;
    names.push_back(fit.model);
    models.push_back(fmt::format("{} ({})", fit.model, placeOf(m, fit.stmt)));
  }
  if (models.empty()) return {};
  const size_t shown = std::min<size_t>(models.size(), 4);
  std::string out = "; it trains ";
  for (size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + models[i];
  if (models.size() > shown) out += fmt::format(" and {} more", models.size() - shown);
  return out;
}

std::string placeOf(const FileModel& m, StmtId s) {
  const uint32_t line = m.stmts[s].range.start.line;
  if (m.notebook && line >= 1 && line <= m.notebook->lines.size()) {
    const NotebookLine& at = m.notebook->lines[line - 1];
    return fmt::format("cell {}, line {}", at.cell, at.cellLine);
  }
  return fmt::format("line {}", line);
}

}  // namespace oalens::rules::flow
