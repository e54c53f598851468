// An expected value written as objects of the library's classes built from the test's values
// (`expected = grids.GridArray(-jnp.ones(shape), offset, grid)`): the objects hold those values,
// nothing of the library runs for the oracle (docs/oracles.md, "How the classifier decides").
#pragma once
#include "analyzer/model/code_model.h"
#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

// Whether `e`, read at statement `at` of fn, is a capitalised call (a class built), an element
// of one or of a tuple or list of them, or the attribute a keyword of the call stored
// (`Point2(tensor=t).tensor`), reached through names bound to them in fn and handed to no call
// since (a log filled by `run(out=log)` holds what the run wrote).
bool readsBuiltObject(const FileModel& m, FunctionId fn, StmtId at, ExprId e);

// Whether a side's library calls build objects of its classes and do nothing else.
bool onlyBuildsLibraryObjects(const OriginSet& s);

// The side with its builds read as the data they hold.
OriginSet withBuildsAsData(OriginSet s);

}  // namespace oalens::analyzer
