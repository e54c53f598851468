// C++ check macros "overloaded" by their argument count: a variadic macro that hands its
// arguments to a selector which picks one of several macros by how many there are,
//
//   #define GET_MACRO(_1, _2, _3, _4, NAME, ...) NAME
//   #define EXPECT_ALL_CLOSE(...) GET_MACRO(__VA_ARGS__, EXPECT_ALL_CLOSE4, EXPECT_ALL_CLOSE3, EXPECT_ALL_CLOSE2)(__VA_ARGS__)
//
// (ChainerX's EXPECT_ARRAY_ALL_CLOSE). A call of it is a call of the candidate taking that many
// arguments: the entries wrapper discovery adds are the candidates' own, one per argument count,
// under the variadic macro's name (chooseOverload picks among them by count).
#pragma once
#include <string_view>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The macros a variadic macro's replacement picks from by argument count, in the order it
// names them; empty for any other function.
std::vector<std::string_view> countDispatchCandidates(const FileModel& m, FunctionId fid);

// The entries of the variadic macro `fid` for each candidate `wrappers` knows as a check: a copy
// of the candidate's entry under the macro's name, taking exactly the candidate's parameters.
std::vector<ApiSpec> countDispatchSpecs(const FileModel& m, FunctionId fid, const Catalogue& wrappers);

}  // namespace oalens::analyzer
