// A C++ function answering whether one value lies between the two floating neighbours of another
// (`nextafter(x, lowest) <= y and nextafter(x, max) >= y`, MIGraphX's `float_equal`): equal within
// one unit in the last place, a closeness predicate with a fixed tolerance of 1 ULP. docs/cpp.md.
#pragma once
#include <optional>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The predicate's entry, or nullopt. Where the function is a method of a class the file also
// declares an object of at namespace scope (`static constexpr float_equal_fn float_equal{};`, whose
// call operator forwards to it), the entry names that object: calls go through it.
std::optional<ApiSpec> ulpNeighbourSpec(const FileModel& m, FunctionId fid);

}  // namespace oalens::analyzer
