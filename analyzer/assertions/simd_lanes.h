// The lane type of values a SIMD test compares. Highway's tests are functors over lane types
// (`struct TestX { template <class T, class D> void operator()(T, D d) { ... } }`), run by
// `ForFloatTypes(ForPartialVectors<TestX>())` or through a local `const ForPartialVectors<TestX>
// func; ForIntegerTypes(func);`, and their equality checks let float and double lanes differ by one
// unit in the last place while integer lanes (and 16-bit floats, widened exactly) compare exactly:
// which lanes a check compares decides whether it is an approximation. docs/cpp.md, "SIMD lanes".
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// What a file runs each functor for, read once per file by a caller that asks for many checks.
struct LaneCache {
  std::unordered_map<std::string, uint8_t> functors;  // struct -> the lanes the file runs it for
  bool functorsRead = false;
  std::unordered_map<std::string, std::string> fileTypes, fileAliases;  // declarations outside functions
};

// Whether a check of function `fn` with a catalogue `lanes` entry, called with `args`, compares
// integer lanes: by its descriptor argument (`d`, `di` of `RebindToSigned<D>`, `df` of
// `Rebind<float, D>`), or by its two values (`static_cast<T>(2)`, `1.0f`, a local declared
// `T`), the surer reading deciding and float where two are as sure. A functor's own lane type
// `T` is read from the calls in the file that run it.
bool lanesAreIntegers(const FileModel& m, FunctionId fn, const CallArgs& args, const ApiSpec& spec, LaneCache* cache = nullptr);

}  // namespace oalens::analyzer
