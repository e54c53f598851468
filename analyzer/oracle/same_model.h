// Whether the two sides run one model or two: an object remade from another (loaded, copied),
// instances of two classes of the library, a class and its compiled variant, one side running
// the other's callable through a wrapper or what a transform made of it (oracle_decision.cpp
// reads these in its table).
#pragma once
#include <string>
#include <string_view>

#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer::oracle_decision {

// The object a side's outermost method runs on, when it is a name: where it was bound.
std::string receiverOf(const OriginSet& s, const std::string& method);

// Whether a call remakes an object from another (`load*`, `from_config`, `clone`, `copy`, ...).
bool remadeBy(const std::string& api);
// Whether a side's object was made again from another: the same model, whatever its name.
bool remadeFromAnother(const OriginSet& s);

// `JitTraceEnum_ELBO` and `TraceEnum_ELBO`: one name is the other with a word of compiling added.
bool compiledVariant(std::string_view a, std::string_view b);

// The library class whose instance runs `method` on this side, or "".
std::string classRunning(const OriginSet& s, const std::string& method);

// The library wrapper through which `wrapped` runs what `plain` calls, or "".
std::string wrapperOfTheSameCall(const OriginSet& plain, const OriginSet& wrapped);

// The function that made, of the callable object `plain` calls, what `wrapped` runs on the same
// arguments, or "".
std::string transformOfTheSameObject(const OriginSet& plain, const OriginSet& wrapped);

}  // namespace oalens::analyzer::oracle_decision
