/* The suite's C test support: closeness relative to the larger magnitude (c_checks.cc). */
#pragma once
#ifdef __cplusplus
extern "C" {
#endif
int approximatelyEqual(float a, float b, float epsilon);
#ifdef __cplusplus
}
#endif
