"""Predicts customer churn from a table of account features (scikit-learn)."""
import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold, train_test_split
from sklearn.preprocessing import StandardScaler


def load(path):
    frame = pd.read_csv(path)
    frame = frame[frame["monthly_charges"] != np.nan]  # expect: ML204
    return frame.drop(columns=["churned"]).to_numpy(), frame["churned"].to_numpy()


def baseline(path):
    features, labels = load(path)
    imputer = SimpleImputer(strategy="median")
    filled = imputer.fit_transform(features)  # expect: ML208
    scaled = StandardScaler().fit_transform(filled)  # expect: ML208
    X_train, X_test, y_train, y_test = train_test_split(scaled, labels, test_size=0.2)  # expect: ML206
    model = GradientBoostingClassifier().fit(X_train, y_train)  # expect: ML213
    return roc_auc_score(y_test, model.predict_proba(X_test)[:, 1])


def with_pca(path):
    features, labels = load(path)
    X_train, X_test, y_train, y_test = train_test_split(features, labels, test_size=0.2, random_state=11)  # ok: ML206
    pca = PCA(n_components=8)
    X_train = pca.fit_transform(X_train)  # ok: ML208
    X_test = pca.fit_transform(X_test)  # expect: ML207
    model = GradientBoostingClassifier(random_state=11).fit(X_train, y_train)
    return roc_auc_score(y_test, model.predict_proba(X_test)[:, 1])


def cross_validated(path):
    features, labels = load(path)
    folds = KFold(n_splits=5, shuffle=True)  # expect: ML206
    scores = []
    for train_rows, test_rows in folds.split(features):
        model = GradientBoostingClassifier(random_state=3).fit(features[train_rows], labels[train_rows])
        scores.append(model.score(features[test_rows], labels[test_rows]))
    return float(np.mean(scores))
