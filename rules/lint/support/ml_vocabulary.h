// What the leakage rules know of scikit-learn, imbalanced-learn, pandas and NumPy by name:
// which classes learn from the rows they are fit on, which calls take a statistic over rows,
// which split data or cross-validate. Names are matched by spelling (the last component of the
// callee), so the lists hold names that mean one thing across the libraries.
#pragma once
#include <string_view>

namespace oalens::rules {

// A transformer that learns from the rows it is fit on: scalers, imputers, decompositions,
// vectorisers, feature selectors, discretisers. Stateless ones (Normalizer, PolynomialFeatures,
// FunctionTransformer, HashingVectorizer) and encoders that only learn the label or category
// set are not among them.
bool learnsFromRows(std::string_view cls);
// Learns nothing a test row could leak into, even through fit_transform.
bool isStatelessTransformer(std::string_view cls);
// A container of steps (Pipeline, ColumnTransformer, DataFrameMapper): it learns when one of its
// steps does.
bool isCompositeTransformer(std::string_view cls);
// imbalanced-learn's undersamplers: they remove rows and copy none.
bool isUndersampler(std::string_view cls);

// pandas/NumPy reductions that summarise the rows: mean, std, median, quantile, min, max, corr...
bool isRowStatistic(std::string_view method);
// A windowed or expanding view (`rolling`, `ewm`): its statistics look at earlier rows only.
bool isWindow(std::string_view method);
// sklearn.preprocessing's functions that fit and transform in one call (`scale`, `minmax_scale`).
bool isScalingFunction(std::string_view function);
// The functions that cross-validate an estimator on the data given (`cross_val_score`).
bool isCrossValidation(std::string_view function);
// Functions that compute a result without carrying the rows of their arguments (`len`, `print`).
bool isScalarFunction(std::string_view function);
// Joins of row sets (`pd.concat`, `np.concatenate`, `np.vstack`).
bool isRowConcatenation(std::string_view function);

}  // namespace oalens::rules
