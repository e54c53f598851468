// Reference outputs a script generated for the operator tests, one array per case, declared at
// file scope with the element type of the tensor they check.
#pragma once
#include <cstdint>

static const int16_t kRectifiedInt16[6] = {0, 0, 3, 7, 0, 12};
static const float kRectifiedFloat[6] = {0.f, 0.f, 0.25f, 1.5f, 0.f, 2.75f};
