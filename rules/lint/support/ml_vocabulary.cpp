#include "rules/lint/support/ml_vocabulary.h"

#include <set>
#include <string>

namespace oalens::rules {
namespace {

using Names = std::set<std::string, std::less<>>;

bool among(const Names& names, std::string_view n) { return names.count(n) > 0; }

}  // namespace

bool learnsFromRows(std::string_view cls) {
  static const Names names = {// scaling and imputation
                              "StandardScaler", "MinMaxScaler", "MaxAbsScaler", "RobustScaler", "QuantileTransformer", "PowerTransformer",
                              "KBinsDiscretizer", "SimpleImputer", "Imputer", "KNNImputer", "IterativeImputer", "TargetEncoder",
                              // decompositions and embeddings
                              "PCA", "IncrementalPCA", "KernelPCA", "SparsePCA", "TruncatedSVD", "FactorAnalysis", "FastICA", "NMF",
                              "LatentDirichletAllocation", "LinearDiscriminantAnalysis", "TSNE", "Isomap", "LocallyLinearEmbedding", "UMAP",
                              // text
                              "TfidfVectorizer", "CountVectorizer", "TfidfTransformer", "Tokenizer",
                              // feature selection
                              "SelectKBest", "SelectPercentile", "SelectFpr", "SelectFdr", "SelectFwe", "GenericUnivariateSelect",
                              "VarianceThreshold", "RFE", "RFECV", "SelectFromModel", "SequentialFeatureSelector"};
  return among(names, cls);
}

bool isStatelessTransformer(std::string_view cls) {
  static const Names names = {"Normalizer",     "PolynomialFeatures", "FunctionTransformer", "HashingVectorizer",   "FeatureHasher",
                              "Binarizer",      "LabelEncoder",       "LabelBinarizer",      "MultiLabelBinarizer", "OneHotEncoder",
                              "OrdinalEncoder", "DictVectorizer",     "SplineTransformer"};
  return among(names, cls);
}

bool isCompositeTransformer(std::string_view cls) {
  static const Names names = {"Pipeline",          "make_pipeline",           "FeatureUnion",   "make_union",
                              "ColumnTransformer", "make_column_transformer", "DataFrameMapper"};
  return among(names, cls);
}

bool isUndersampler(std::string_view cls) {
  static const Names names = {"RandomUnderSampler",
                              "NearMiss",
                              "TomekLinks",
                              "EditedNearestNeighbours",
                              "RepeatedEditedNearestNeighbours",
                              "AllKNN",
                              "ClusterCentroids",
                              "OneSidedSelection",
                              "NeighbourhoodCleaningRule",
                              "InstanceHardnessThreshold",
                              "CondensedNearestNeighbour"};
  return among(names, cls);
}

bool isRowStatistic(std::string_view method) {
  static const Names names = {"mean",     "std",    "var",       "median", "min",    "max",        "quantile",      "nanmean",
                              "nanstd",   "nanvar", "nanmedian", "nanmin", "nanmax", "percentile", "nanpercentile", "corr",
                              "corrwith", "cov",    "mode",      "amin",   "amax",   "ptp"};
  return among(names, method);
}

bool isWindow(std::string_view method) {
  static const Names names = {"rolling", "expanding", "ewm", "resample", "shift", "diff", "pct_change"};
  return among(names, method);
}

bool isScalingFunction(std::string_view function) {
  static const Names names = {"scale", "minmax_scale", "maxabs_scale", "robust_scale", "quantile_transform", "power_transform", "qcut"};
  return among(names, function);
}

bool isCrossValidation(std::string_view function) {
  static const Names names = {"cross_val_score", "cross_val_predict", "cross_validate",
                              "learning_curve",  "validation_curve",  "permutation_test_score"};
  return among(names, function);
}

bool isScalarFunction(std::string_view function) {
  static const Names names = {"len",
                              "print",
                              "range",
                              "type",
                              "isinstance",
                              "hasattr",
                              "id",
                              "repr",
                              "display",
                              "plot",
                              "show",
                              "figure",
                              "subplot",
                              "subplots",
                              "title",
                              "xlabel",
                              "ylabel",
                              "legend",
                              "describe",
                              "info",
                              "score",
                              "accuracy_score",
                              "f1_score",
                              "mean_squared_error",
                              "mean_absolute_error",
                              "classification_report",
                              "confusion_matrix",
                              "roc_auc_score",
                              "r2_score",
                              "precision_score",
                              "recall_score",
                              "log_loss"};
  return among(names, function);
}

bool isRowConcatenation(std::string_view function) {
  static const Names names = {"concat", "concatenate", "vstack", "row_stack", "append"};
  return among(names, function);
}

}  // namespace oalens::rules
