"""Evaluates an image-classification checkpoint on the held-out test folder: accuracy, mean
negative log-likelihood and expected calibration error, optionally after re-estimating the
batch-norm statistics on a few training batches (useful after weight averaging). Exports a
TorchScript copy and compares its outputs with the eager model.

Usage: python evaluate_checkpoint.py runs/resnet/swa.pt --recalibrate-bn 200
"""
import argparse
import json
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import datasets, models, transforms

IMAGENET_MEAN = (0.485, 0.456, 0.406)
IMAGENET_STD = (0.229, 0.224, 0.225)


def make_loader(folder, train, batch_size=128):
    steps = [transforms.Resize(256), transforms.CenterCrop(224)]
    if train:
        steps = [transforms.RandomResizedCrop(224), transforms.RandomHorizontalFlip()]
    tfm = transforms.Compose(steps + [transforms.ToTensor(), transforms.Normalize(IMAGENET_MEAN, IMAGENET_STD)])
    return DataLoader(datasets.ImageFolder(folder, tfm), batch_size=batch_size, shuffle=train, num_workers=4)


def load_model(path, num_classes, device):
    model = models.resnet50(num_classes=num_classes)
    state = torch.load(path, map_location="cpu")
    state = state.get("model", state)
    model.load_state_dict({k.replace("module.", "", 1): v for k, v in state.items()})
    return model.to(device)


@torch.no_grad()
def recalibrate_bn(model, loader, batches, device):
    """Re-estimates batch-norm running statistics with plain forward passes."""
    for module in model.modules():
        if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
            module.reset_running_stats()
            module.momentum = None
    model.train()
    for i, (images, _) in enumerate(loader):
        if i >= batches:
            break
        model(images.to(device))


def expected_calibration_error(confidence, correct, n_bins=15):
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    ece = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        in_bin = (confidence > lo) & (confidence <= hi)
        acc = correct[in_bin].mean() if in_bin.any() else np.nan
        if acc == np.nan:  # expect: ML204
            continue
        ece += in_bin.mean() * abs(acc - confidence[in_bin].mean())
    return float(ece)


def evaluate(model, loader, device):
    confidences, hits = [], []
    nll, seen = 0.0, 0
    with torch.inference_mode():  # expect: ML210
        for images, targets in loader:
            images, targets = images.to(device), targets.to(device)
            logits = model(images)
            probs = F.softmax(logits, dim=1)
            nll += -torch.log(probs)[torch.arange(len(targets)), targets].sum().item()  # expect: ML202
            conf, pred = probs.max(dim=1)
            confidences.append(conf.cpu())
            hits.append((pred == targets).cpu())
            seen += len(targets)
    confidence = torch.cat(confidences).numpy()
    correct = torch.cat(hits).numpy().astype(float)
    return {
        "accuracy": float(correct.mean()),
        "nll": nll / seen,
        "ece": expected_calibration_error(confidence, correct),
        "n": seen,
    }


def export_torchscript(model, out_path, device):
    model.eval()
    example = torch.randn(4, 3, 224, 224, device=device)
    scripted = torch.jit.trace(model, example)
    scripted.save(str(out_path))
    with torch.no_grad():
        eager_out, scripted_out = model(example), scripted(example)
    torch.allclose(eager_out, scripted_out, atol=1e-4)  # expect: OA104
    return float((eager_out - scripted_out).abs().max())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("checkpoint")
    parser.add_argument("--data", default="data/imagenette")
    parser.add_argument("--num-classes", type=int, default=10)
    parser.add_argument("--recalibrate-bn", type=int, default=0, metavar="BATCHES")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = load_model(args.checkpoint, args.num_classes, device)
    if args.recalibrate_bn:
        recalibrate_bn(model, make_loader(Path(args.data) / "train", train=True), args.recalibrate_bn, device)
    metrics = evaluate(model, make_loader(Path(args.data) / "test", train=False), device)
    metrics["torchscript_max_abs_diff"] = export_torchscript(model, Path(args.checkpoint).with_suffix(".ts"), device)
    print(json.dumps(metrics, indent=2))
    Path(args.checkpoint).with_suffix(".metrics.json").write_text(json.dumps(metrics, indent=2))


if __name__ == "__main__":
    main()
