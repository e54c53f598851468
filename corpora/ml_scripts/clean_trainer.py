"""The digit classifier's training loop with the mistakes fixed: nothing to report."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def train(model: nn.Module, optimizer, train_loader, val_loader, epochs):
    history = []
    for epoch in range(epochs):
        model.train()
        running = 0.0
        for images, labels in train_loader:
            optimizer.zero_grad()
            logits = model(images)
            loss = F.cross_entropy(logits, labels)  # ok: ML203
            loss.backward()
            optimizer.step()  # ok: ML201
            running += loss.item()  # ok: ML211
        model.eval()  # ok: ML209
        with torch.no_grad():  # ok: ML210
            log_probs = F.log_softmax(model(val_loader.dataset.tensors[0]), dim=1)  # ok: ML202
            val_loss = F.nll_loss(log_probs, val_loader.dataset.tensors[1]).item()
        if torch.isnan(torch.tensor(val_loss)):  # ok: ML204
            break
        history.append((running, val_loss))
    return history


if __name__ == "__main__":
    data = torch.randn(64, 1, 28, 28)  # ok: ML205 (seeded above)
    print(data.shape)
