// Which side of a check runs another library's model: both sides reach the library under test,
// one only through what it hands another library's object (Lingvo's `PoolingLayer` run on the
// variables the Praxis layer initialised), the other by running the library itself. The first is
// the reference the library is checked against (docs/oracles.md, "How the classifier decides").
#pragma once
#include <string>

#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

// The first call a side makes that computes, past data movement and conversions
// (`to_np(layer.FProp(...))` leads with `.FProp`); null when it makes none.
const Origin* leadingComputation(const OriginSet& s);

// The class of another library whose object the side runs first, on values that may come from
// the library under test (`tf_layer.FProp(vars, x)`, `tf_layer` made by
// `lingvo_layers.PoolingLayer.Params().Set(...).Instantiate()`: "lingvo.core.layers.PoolingLayer.Params");
// empty when the side leads with anything else.
std::string anotherLibrarysObjectRun(const OriginSet& s);

// Whether the side leads with a computing call of the library under test.
bool runsTheLibrary(const OriginSet& s);

}  // namespace oalens::analyzer
