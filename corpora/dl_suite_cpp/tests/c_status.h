/* A C suite's check: the status a test returns is set unless the condition holds. */
#pragma once
#include <stdio.h>

#define STATUS_ASSERT(STATUS, CONDITION, WHAT)           \
  {                                                      \
    if (!(STATUS)) {                                     \
      (STATUS) = !(CONDITION);                           \
      if ((STATUS)) { printf("check failed: %s\n", (WHAT)); } \
    }                                                    \
  }
