// Python frontend on tree-sitter-python: one parser and one converter (python_converter.h) per
// PythonFrontend. Tuned for test files of 1-500 KiB: the conversion costs a fraction of the
// parse itself.
#include "analyzer/frontend/python/python_frontend.h"

#include "analyzer/frontend/python/python_converter.h"
#include "analyzer/frontend/ts_support.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

PythonFrontend::PythonFrontend() : impl_(std::make_unique<Impl>()) {}
PythonFrontend::~PythonFrontend() = default;

FileModel PythonFrontend::parse(std::string path, std::string moduleName, std::string source, const ParseBudget& budget) {
  FileModel model;
  model.path = std::move(path);
  model.moduleName = std::move(moduleName);
  model.language = Language::Python;
  model.source = std::make_unique<std::string>(std::move(source));
  Impl& I = *impl_;
  TSTree* tree = parseWithBudget(I.parser, *model.source, budget);
  if (!tree) {
    model.diagnostics.push_back(parseTimeout(model.path, budget));
    return model;
  }
  I.beginFile(model, budget);
  I.currentFunction = kNone;
  TSNode root = ts_tree_root_node(tree);
  // At most one expression and one child link per two nodes of the tree (0.31 at the median,
  // 0.38 at most over Theano's files): reserved, the model's arrays are not copied as they grow,
  // which cost 9% of a Theano scan (1.46 -> 1.32 s, medians of six alternating runs, 2026-11-29);
  // the unused tails are given back when the walk is done (below).
  const size_t nodes = ts_node_descendant_count(root);
  model.exprs.reserve(nodes / 2);
  model.childIds.reserve(nodes / 2);
  I.walkStatements(root);
  I.reportDamage(root);
  I.endFile();
  ts_tree_delete(tree);
  // Kept for the cross-file analysis at their size, not the reserve's (cpp_frontend.cpp).
  model.exprs.shrink_to_fit();
  model.childIds.shrink_to_fit();
  indexNames(model);
  return model;
}

bool PythonFrontend::parseOnly(const std::string& source, const ParseBudget& budget) {
  TSTree* tree = parseWithBudget(impl_->parser, source, budget);
  if (!tree) return false;
  ts_tree_delete(tree);
  return true;
}

std::string pythonModuleName(const std::string& relativePath) {
  std::string p = relativePath;
  if (p.size() > 3 && p.compare(p.size() - 3, 3, ".py") == 0) p.resize(p.size() - 3);
  if (p.size() >= 9 && p.compare(p.size() - 9, 9, "/__init__") == 0) p.resize(p.size() - 9);
  if (p == "__init__") p.clear();
  for (char& c : p)
    if (c == '/') c = '.';
  return p;
}

}  // namespace oalens::analyzer
