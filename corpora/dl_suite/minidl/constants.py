"""Numerical tolerances shared by the minidl test suite."""

TOL = 1e-4
ATOL = 1e-6
RTOL = 1e-5
DECIMAL = 5
ULPS = 4
FP16_TOL = 1e-2

TOLS = {
    "float16": 1e-2,
    "float32": 1e-5,
    "float64": 1e-10,
}
