/* An operator attribute's value, as every layer sees it once the API has converted its argument:
 * an aclScalar (ToFloat and ToDouble of the same value), a bool, an int64_t, or a string attribute
 * held as the index of its value in the attribute's list of choices. Kernel parameter blocks are
 * initialised from these, the tilings read them, the registry stores their defaults. */
#ifndef ACPU_ATTR_H_
#define ACPU_ATTR_H_

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#define ACPU_MAX_ATTRS 4

typedef struct {
    float f;   /* scalar attributes: aclScalar::ToFloat */
    double d;  /* scalar attributes: aclScalar::ToDouble (double kernels read this) */
    int64_t i; /* int attributes; string attributes: the index of the choice */
    bool b;    /* bool attributes */
} acpu_attr_value;

/* CANN's IsFloatEqual (opbase math_util.h), with which host tilings pick a kernel by attribute value:
 * false when either is NaN; when either is infinite, true iff their signs agree (so +inf "equals"
 * 0 and -inf "equals" -1); otherwise |a - b| <= FLT_EPSILON. Quiet compares only. */
static inline bool acpu_cann_float_equal(float a, float b)
{
    if (isnan(a) || isnan(b))
        return false;
    if (isinf(a) || isinf(b))
        return signbit(a) == signbit(b);
    return islessequal(fabsf(a - b), FLT_EPSILON);
}

#endif /* ACPU_ATTR_H_ */
