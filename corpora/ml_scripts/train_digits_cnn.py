"""Trains a small convolutional classifier on 28x28 digit images (PyTorch).

Written with several classic mistakes on purpose: see the `# expect:` annotations.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class DigitNet(nn.Module):
    def __init__(self, classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.drop = nn.Dropout(0.25)
        self.head = nn.Linear(32 * 7 * 7, classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        return self.head(self.drop(x.flatten(1)))


def synthetic_digits(n):
    images = torch.rand(n, 1, 28, 28)  # expect: ML205
    labels = torch.randint(0, 10, (n,))
    return TensorDataset(images, labels)


def evaluate(model, loader):
    correct, seen = 0, 0
    with torch.no_grad():
        for images, labels in loader:
            probs = F.softmax(model(images), dim=1)
            correct += (probs.argmax(1) == labels).sum().item()
            seen += len(labels)
    return correct / seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default=3)
    args = parser.parse_args()
    train_loader = DataLoader(synthetic_digits(2048), batch_size=64, shuffle=True)
    val_loader = DataLoader(synthetic_digits(512), batch_size=256)
    model = DigitNet()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model.train()
    for epoch in range(args.epochs):
        epoch_loss = 0.0
        for images, labels in train_loader:
            probs = F.softmax(model(images), dim=1)
            loss = F.cross_entropy(probs, labels)  # expect: ML203
            loss.backward()
            optimizer.step()  # expect: ML201
            epoch_loss += loss  # expect: ML211
        model.eval()  # expect: ML209
        accuracy = evaluate(model, val_loader)
        print(f"epoch {epoch}: loss {float(epoch_loss):.3f} accuracy {accuracy:.3f}")
        if epoch_loss == float("nan"):  # expect: ML204
            break


if __name__ == "__main__":
    main()
