// A suite's macros that apply the predicate they are handed and abort unless it holds, their
// messages built by stringizing the arguments over several lines.
#pragma once
#include <cmath>

namespace mt_check {
void Fail(const char* what);
template <typename T>
bool Within(T a, T b, T tolerance) {
  return std::fabs(a - b) <= tolerance;
}
}  // namespace mt_check

#define MT_CHECK_APPLY3(a_exp, b_exp, t_exp, pred)             \
  do {                                                         \
    auto a = a_exp;                                            \
    auto b = b_exp;                                            \
    auto t = t_exp;                                            \
    if (!pred(a, b, t))                                        \
      mt_check::Fail(#pred "(" #a_exp ", " #b_exp ")\n"        \
                     #t_exp);                                  \
  } while (false)

#define MT_CHECK_WITHIN(a, b, t) MT_CHECK_APPLY3(static_cast<double>(a), static_cast<double>(b), static_cast<double>(t), mt_check::Within)  // expect: oa api=mt_check::Within cat=abs thr=depend tol=atol:depend

#define MT_CHECK_TRUE(c) \
  while (!(c)) mt_check::Fail(#c)

// A comparison handed on as an operator, applied between the operands.
#define MT_CHECK_OP(a_exp, op, b_exp)                           \
  do {                                                          \
    auto a = a_exp;                                             \
    auto b = b_exp;                                             \
    if (!((a)op(b))) mt_check::Fail(#a_exp " " #op " " #b_exp); \
  } while (false)
#define MT_CHECK_LT(a, b) MT_CHECK_OP(a, <, b)  // expect: not-oa api=MT_CHECK_OP
