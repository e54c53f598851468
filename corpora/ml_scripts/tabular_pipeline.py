"""Credit-default model on a tabular extract: cleaning, features, a logistic-regression
baseline, a gradient-boosting model with cross-validation, and a free-text baseline on the
loan officers' notes. Writes a JSON report next to the input file.

Usage: python tabular_pipeline.py data/loans.csv
"""
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score, roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_score, train_test_split
from sklearn.preprocessing import StandardScaler

SEED = 42
NUMERIC = ["age", "income", "loan_amount", "term_months", "credit_lines", "utilization", "delinquencies"]
CATEGORICAL = ["home_ownership", "purpose", "region"]
TARGET = "defaulted"


def load_data(path):
    df = pd.read_csv(path, parse_dates=["application_date"])
    df = df.drop_duplicates(subset="application_id")
    df = df[df["income"] != np.nan]  # expect: ML204
    df = df[df[TARGET].notna()]
    df["utilization"] = df["utilization"].clip(0, 1.5)
    df["notes"] = df["notes"].fillna("")
    return df.reset_index(drop=True)


def build_features(df):
    numeric = df[NUMERIC].astype(float)
    numeric["debt_to_income"] = df["loan_amount"] / df["income"].replace(0, np.nan)
    numeric["log_income"] = np.log1p(df["income"].clip(lower=0))
    dummies = pd.get_dummies(df[CATEGORICAL].fillna("missing"), prefix=CATEGORICAL, dtype=float)
    X = pd.concat([numeric, dummies], axis=1)
    y = df[TARGET].astype(int).to_numpy()
    return X, y


def logistic_baseline(X, y):
    imputer = SimpleImputer(strategy="median")
    X_filled = imputer.fit_transform(X)  # expect: ML208
    X_train, X_test, y_train, y_test = train_test_split(X_filled, y, test_size=0.2, stratify=y)  # expect: ML206
    scaler = StandardScaler()
    X_train = scaler.fit_transform(X_train)
    X_test = scaler.fit_transform(X_test)  # expect: ML207
    clf = LogisticRegression(max_iter=2000, C=0.5, class_weight="balanced")
    clf.fit(X_train, y_train)
    proba = clf.predict_proba(X_test)
    np.allclose(proba.sum(axis=1), 1.0)  # expect: OA104
    return {
        "roc_auc": roc_auc_score(y_test, proba[:, 1]),
        "avg_precision": average_precision_score(y_test, proba[:, 1]),
        "n_test": int(len(y_test)),
    }


def boosting_cv(X, y):
    model = GradientBoostingClassifier(n_estimators=300, learning_rate=0.05, max_depth=3, random_state=SEED)
    cv = StratifiedKFold(n_splits=5, shuffle=True)  # expect: ML206
    scores = cross_val_score(model, X.fillna(X.median()), y, cv=cv, scoring="roc_auc")  # expect: ML208
    return {"cv_auc_mean": float(scores.mean()), "cv_auc_std": float(scores.std())}


def boosting_holdout(X, y):
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2, stratify=y, random_state=SEED)
    medians = X_train.median()
    model = GradientBoostingClassifier(n_estimators=300, learning_rate=0.05, max_depth=3, random_state=SEED)
    model.fit(X_train.fillna(medians), y_train)
    scores = model.predict_proba(X_test.fillna(medians))[:, 1]
    importances = pd.Series(model.feature_importances_, index=X.columns).sort_values(ascending=False)
    return {"roc_auc": roc_auc_score(y_test, scores), "top_features": importances.head(10).round(4).to_dict()}


def notes_baseline(df, y):
    tfidf = TfidfVectorizer(min_df=5, ngram_range=(1, 2), sublinear_tf=True)
    notes_matrix = tfidf.fit_transform(df["notes"])  # expect: ML208
    n_train, n_test, y_train, y_test = train_test_split(notes_matrix, y, test_size=0.2, random_state=SEED)
    clf = LogisticRegression(max_iter=1000, C=2.0)
    clf.fit(n_train, y_train)
    return {"roc_auc": roc_auc_score(y_test, clf.predict_proba(n_test)[:, 1])}


def describe(df):
    missing = df[NUMERIC].isna().mean().round(3).to_dict()
    return {
        "rows": int(len(df)),
        "default_rate": float(df[TARGET].mean()),
        "missing_share": missing,
        "first_application": str(df["application_date"].min().date()),
        "last_application": str(df["application_date"].max().date()),
    }


def main(path):
    df = load_data(path)
    X, y = build_features(df)
    report = {
        "data": describe(df),
        "logistic": logistic_baseline(X, y),
        "boosting_cv": boosting_cv(X, y),
        "boosting_holdout": boosting_holdout(X, y),
        "notes": notes_baseline(df, y),
    }
    out = Path(path).with_suffix(".report.json")
    out.write_text(json.dumps(report, indent=2, default=float))
    print(json.dumps(report, indent=2, default=float))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "data/loans.csv")
