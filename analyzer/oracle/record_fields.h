// Records a test builds to carry values together: a namedtuple (`TestData = collections.namedtuple(
// 'TestData', ['x', 'encoded_x', 'decoded_x'])`), a `typing.NamedTuple` subclass or a dataclass.
// Reading `data.x` off `data = TestData(x, encode(x), decode(encode(x)))` reads the argument given
// for `x`, not the whole record: the input of a round trip stays the test's data.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The fields of the record class `name` defined at module level of `m`, in order; nullopt when
// `name` is no record class there.
std::optional<std::vector<std::string>> recordFields(const FileModel& m, std::string_view name);

// The argument `call` (a construction of a record with these fields) gives for `field`: by
// keyword, else by position; kNone when the call leaves it to its default or passes `*args`.
ExprId recordFieldArgument(const FileModel& m, ExprId call, const std::vector<std::string>& fields, std::string_view field);

}  // namespace oalens::analyzer
