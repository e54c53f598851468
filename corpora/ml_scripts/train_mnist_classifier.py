"""Trains a small convolutional network on MNIST and keeps the best checkpoint.

Usage:
    python train_mnist_classifier.py --epochs 10 --batch-size 128 --subset 20000
    python train_mnist_classifier.py --find-lr
"""
import argparse
import copy
import json
import math
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Subset
from torchvision import datasets, transforms

DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")
MNIST_MEAN, MNIST_STD = 0.1307, 0.3081


class ConvNet(nn.Module):
    def __init__(self, num_classes=10, dropout=0.25):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 32, kernel_size=3, padding=1),
            nn.BatchNorm2d(32),
            nn.ReLU(inplace=True),
            nn.Conv2d(32, 64, kernel_size=3, padding=1),
            nn.BatchNorm2d(64),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Dropout(dropout),
        )
        self.classifier = nn.Sequential(
            nn.Flatten(),
            nn.Linear(64 * 14 * 14, 128),
            nn.ReLU(inplace=True),
            nn.Dropout(2 * dropout),
            nn.Linear(128, num_classes),
        )

    def forward(self, x):
        return self.classifier(self.features(x))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data-dir", default="data")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--subset", type=int, default=0, help="train on a random subset of this size (0: all)")
    parser.add_argument("--find-lr", action="store_true", help="run a learning-rate range test and exit")
    parser.add_argument("--out", default="runs/mnist")
    return parser.parse_args()


def build_loaders(args):
    to_tensor = transforms.Compose([transforms.ToTensor(), transforms.Normalize((MNIST_MEAN,), (MNIST_STD,))])
    train_set = datasets.MNIST(args.data_dir, train=True, download=True, transform=to_tensor)
    val_set = datasets.MNIST(args.data_dir, train=False, download=True, transform=to_tensor)
    if args.subset:
        keep = np.random.choice(len(train_set), size=args.subset, replace=False)  # expect: ML205
        train_set = Subset(train_set, keep.tolist())
    train_loader = DataLoader(train_set, batch_size=args.batch_size, shuffle=True, num_workers=2)
    val_loader = DataLoader(val_set, batch_size=512, shuffle=False, num_workers=2)
    return train_loader, val_loader


def find_lr(model, loader, criterion, start_lr=1e-6, end_lr=1.0, steps=100):
    """Learning-rate range test on a copy of the model; returns (lr, loss) pairs."""
    probe = copy.deepcopy(model).to(DEVICE)
    optimizer = torch.optim.SGD(probe.parameters(), lr=start_lr, momentum=0.9)
    factor = (end_lr / start_lr) ** (1.0 / steps)
    probe.train()
    optimizer.zero_grad()
    results = []
    for step, (images, targets) in enumerate(loader):
        if step >= steps:
            break
        loss = criterion(probe(images.to(DEVICE)), targets.to(DEVICE))
        loss.backward()
        optimizer.step()  # expect: ML201
        results.append((optimizer.param_groups[0]["lr"], loss.item()))
        for group in optimizer.param_groups:
            group["lr"] *= factor
    return results


def train_one_epoch(model, loader, optimizer, criterion, epoch):
    model.train()
    running_loss, correct, seen = 0.0, 0, 0
    start = time.perf_counter()
    for step, (images, targets) in enumerate(loader, 1):
        images, targets = images.to(DEVICE), targets.to(DEVICE)
        logits = model(images)
        loss = criterion(F.softmax(logits, dim=1), targets)  # expect: ML203
        loss.backward()
        optimizer.step()  # expect: ML201
        running_loss += loss  # expect: ML211
        correct += (logits.argmax(dim=1) == targets).sum().item()
        seen += targets.size(0)
        if step % 100 == 0:
            rate = seen / (time.perf_counter() - start)
            print(f"epoch {epoch} step {step}: loss {running_loss.item() / step:.4f} ({rate:.0f} img/s)")
    return running_loss.item() / len(loader), correct / seen


@torch.no_grad()
def evaluate(model, loader, criterion):
    model.eval()
    total_loss, correct = 0.0, 0
    for images, targets in loader:
        images, targets = images.to(DEVICE), targets.to(DEVICE)
        logits = model(images)
        total_loss += criterion(logits, targets).item() * targets.size(0)
        correct += (logits.argmax(dim=1) == targets).sum().item()
    n = len(loader.dataset)
    return total_loss / n, correct / n


def main():
    args = parse_args()
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    train_loader, val_loader = build_loaders(args)
    model = ConvNet().to(DEVICE)
    criterion = nn.CrossEntropyLoss()
    if args.find_lr:
        for lr, loss in find_lr(model, train_loader, criterion):
            print(f"{lr:.2e}\t{loss:.4f}")
        return

    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.5)
    best_acc, history = 0.0, []
    for epoch in range(1, args.epochs + 1):
        train_loss, train_acc = train_one_epoch(model, train_loader, optimizer, criterion, epoch)
        val_loss, val_acc = evaluate(model, val_loader, criterion)
        scheduler.step()
        history.append({"epoch": epoch, "train_loss": train_loss, "val_loss": val_loss, "val_acc": val_acc})
        print(f"epoch {epoch}: train {train_loss:.4f}/{train_acc:.3f}  val {val_loss:.4f}/{val_acc:.3f}")
        if train_loss == float("nan"):  # expect: ML204
            print("training diverged, stopping early")
            break
        if math.isnan(val_loss):
            print("validation loss is NaN, skipping checkpoint")
            continue
        if val_acc > best_acc:
            best_acc = val_acc
            torch.save(model.state_dict(), out_dir / "best.pt")
    (out_dir / "history.json").write_text(json.dumps(history, indent=2))
    print(f"best validation accuracy {best_acc:.4f}")


if __name__ == "__main__":
    main()
