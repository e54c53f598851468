// Closeness by relative error, with the error measured handed back through a pointer.
#pragma once

namespace minitensor {

bool IsClose(double x, double y, double relative_precision, double* relative_error = nullptr);

}  // namespace minitensor
