// What an OA check is made to depend on besides its arguments, read from the code: the data
// type or the device its tolerance is chosen by (`atol = 1e-2 if dtype == np.float16 else
// 1e-6`, `tol[dtype]`, `1e-3 if on_gpu else 1e-6`), and the ones the blocks holding the check
// are (`if x.dtype == np.float32:`, `for dtype in DTYPES:`, `with self.session(use_gpu=True):`,
// `with tf.device('/gpu:0'):`). `mine` gives a change the reason `dtype` or `hardware` from
// the code when its new side's tolerance, or the blocks holding it, are chosen by what the old
// side's were not (docs/mine.md, step 5).
//
// Only the test's own blocks are read, up to the function at class or module level: an
// untouched test keeps its value, so `mine` may carry it over to the next version. A test's
// decorators and parameters are not read: a test parameterized by dtype (JAX's, PyTorch's
// device-generic tests) or skipped on a device says nothing of why one of its checks changed
// (on Keras master such changes were rewrites of the test). A choice by backend, configuration
// or environment (`K.backend() == 'cntk'`, `jit_compile`) is neither.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "analyzer/assertions/assertion.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The choices a piece of code names (RuntimeChoice bits): a condition, a `with` item, a
// tolerance's text or resolution note. `use_gpu=False` and `force_gpu=False` name no device.
uint8_t runtimeChoicesIn(std::string_view text);

// The choices an OA assertion found in `m` depends on; none for others. `alwaysByDtype`: its API
// picks its tolerance by dtype.
RuntimeChoices runtimeChoicesOf(const FileModel& m, const Assertion& a, bool alwaysByDtype);

// The choices `now` has and `was` lacks, field by field.
RuntimeChoices gainedChoices(const RuntimeChoices& was, const RuntimeChoices& now);

// What a change gained, for a message: "; the tolerance is now chosen by dtype", "; the check
// now runs in a block chosen by device", both, or empty.
std::string gainedChoicesNote(const RuntimeChoices& was, const RuntimeChoices& now);

}  // namespace oalens::analyzer
