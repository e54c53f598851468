// Names a module lends to wrappers and catalogued functions another module defines: a package
// re-exporting them (`from chainer.testing.array import assert_allclose`), and a package that
// imports one of its children at run time (DGL's tests/backend). Wrapper discovery adds them
// after each round, so that wrappers of the lent names are found in the next.
#pragma once
#include <cstddef>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

// Each returns how many names it added to `wrappers`.
size_t addReexportedNames(const Project& project, const Catalogue& catalogue, Catalogue& wrappers);
size_t addRuntimeChosenNames(const Project& project, const Catalogue& catalogue, Catalogue& wrappers);

}  // namespace oalens::analyzer
