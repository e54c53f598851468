#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

size_t NameIndex::approximateBytes() const {
  // A node per entry (key, value, next pointer, cached hash) and a bucket pointer.
  constexpr size_t perEntry = sizeof(ScopedName) + 3 * sizeof(void*) + sizeof(void*);
  return sizeof(*this) + moduleLevel.size() * (sizeof(std::string_view) + 3 * sizeof(void*)) +
         (nestedFunctions.size() + methods.size() + imports.size()) * perEntry;
}

void indexNames(FileModel& m) {
  auto index = std::make_shared<NameIndex>();
  index->functionCount = m.functions.size();
  index->classCount = m.classes.size();
  index->importCount = m.imports.size();
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& fn = m.functions[f];
    if (fn.parent == kNone && fn.cls == kNone) index->moduleLevel.insert(fn.name);
    if (fn.cls != kNone) index->methods.try_emplace({fn.cls, fn.name}, f);
    else if (fn.parent != kNone) index->nestedFunctions.try_emplace({fn.parent, fn.name}, f);
  }
  for (const ClassDef& c : m.classes)
    if (c.parent == kNone && c.enclosingFunction == kNone) index->moduleLevel.insert(c.name);
  for (uint32_t i = 0; i < m.imports.size(); ++i)
    if (!m.imports[i].star) index->imports.insert_or_assign({m.imports[i].scope, m.imports[i].alias}, i);
  m.names = std::move(index);
}

const NameIndex* namesOf(const FileModel& m) {
  const NameIndex* index = m.names.get();
  if (!index || index->functionCount != m.functions.size() || index->classCount != m.classes.size() ||
      index->importCount != m.imports.size())
    return nullptr;
  return index;
}

}  // namespace oalens::analyzer
