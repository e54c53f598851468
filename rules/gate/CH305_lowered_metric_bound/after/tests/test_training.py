from toy import accuracy, train_classifier


def test_classifier_learns():
    model = train_classifier(epochs=5)
    assert accuracy(model) > 0.8
