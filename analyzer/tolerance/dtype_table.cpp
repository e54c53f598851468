#include "analyzer/tolerance/dtype_table.h"

#include <memory>
#include <mutex>

#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

namespace {

// The value `kind` gets in one entry: "rtol=1e-6 atol=1e-6", "rtol=atol=1e-3".
std::optional<double> valueIn(std::string_view entry, std::string_view kind) {
  size_t at = 0;
  while (at < entry.size()) {
    while (at < entry.size() && entry[at] == ' ') ++at;
    size_t end = entry.find(' ', at);
    if (end == std::string_view::npos) end = entry.size();
    const std::string_view chain = entry.substr(at, end - at);
    at = end;
    const size_t lastEq = chain.rfind('=');
    if (lastEq == std::string_view::npos) continue;
    const std::string_view names = chain.substr(0, lastEq + 1), value = chain.substr(lastEq + 1);
    for (size_t from = 0; from < names.size();) {
      const size_t eq = names.find('=', from);
      if (names.substr(from, eq - from) == kind) return ToleranceResolver::parseNumber(value);
      from = eq + 1;
    }
  }
  return std::nullopt;
}

}  // namespace

const DtypeTable* dtypeDefaultsOf(const std::map<std::string, std::string>& dtypeDefaults, std::string_view kind) {
  if (dtypeDefaults.empty()) return nullptr;
  DtypeTable table;
  for (const auto& [dtype, entry] : dtypeDefaults)
    if (const std::optional<double> v = valueIn(entry, kind)) table.emplace(dtype, *v);
  if (table.empty()) return nullptr;
  // A few tables in all (one per catalogue entry and kind): kept, so that a tolerance can point
  // at its own in every copy of the assertion.
  static std::mutex mu;
  static std::map<DtypeTable, std::unique_ptr<const DtypeTable>> kept;
  std::lock_guard lock(mu);
  auto& slot = kept[table];
  if (!slot) slot = std::make_unique<const DtypeTable>(table);
  return slot.get();
}

}  // namespace oalens::analyzer
