// One value a thread keeps for the model it last read, so that a pass asked the same question for
// each check of a large file answers it once (a file's counted failures, a function's first save
// or restore call). The model is known by its name index (name_index.h): a model freed and another
// built at its address has an index of its own, which a pointer or a path would not tell (`mine`
// reads two versions of one file, often alike in size, one after the other). A model without an
// index, or changed since its index was built, gets no memo.
#pragma once
#include <memory>

#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

template <class Value>
class ModelMemo {
 public:
  // The value kept for `m`, emptied when `m` is not the model it was kept for; null when `m` can
  // have none.
  Value* of(const FileModel& m) {
    if (!m.names || m.names->statementCount != m.stmts.size() || m.names->functionCount != m.functions.size()) return nullptr;
    if (index_.lock() != m.names) {
      index_ = m.names;
      value_ = Value{};
    }
    return &value_;
  }

 private:
  std::weak_ptr<const NameIndex> index_;
  Value value_{};
};

}  // namespace oalens::analyzer
