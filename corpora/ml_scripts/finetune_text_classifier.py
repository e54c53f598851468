"""Fine-tunes a small text classifier with distillation from a teacher model (PyTorch)."""
import random

import torch
import torch.nn as nn
import torch.nn.functional as F


class BagOfWords(nn.Module):
    def __init__(self, vocab, classes):
        super().__init__()
        self.embed = nn.EmbeddingBag(vocab, 64)
        self.norm = nn.BatchNorm1d(64)
        self.out = nn.Linear(64, classes)

    def forward(self, tokens):
        return self.out(self.norm(self.embed(tokens)))


def distillation_loss(student_logits, teacher_logits, temperature):
    teacher = F.softmax(teacher_logits / temperature, dim=-1)
    student = torch.log(F.softmax(student_logits / temperature, dim=-1))  # expect: ML202
    return F.kl_div(student, teacher, reduction="batchmean")


def fine_tune(student, teacher, batches, epochs, accumulate=4):
    optimizer = torch.optim.AdamW(student.parameters(), lr=5e-4)
    criterion = nn.BCEWithLogitsLoss()
    student.train()
    for epoch in range(epochs):
        random.shuffle(batches)  # expect: ML205
        for step, (tokens, labels) in enumerate(batches):
            logits = student(tokens)
            with torch.no_grad():
                soft = teacher(tokens)
            loss = criterion(torch.sigmoid(logits), labels) + distillation_loss(logits, soft, 2.0)  # expect: ML203
            (loss / accumulate).backward()
            if (step + 1) % accumulate == 0:
                optimizer.step()  # ok: ML201 (zero_grad below, inside the loop)
                optimizer.zero_grad()


def score(student, batches):
    hits = 0
    with torch.no_grad():  # expect: ML210
        for tokens, labels in batches:
            hits += (student(tokens).argmax(-1) == labels).sum().item()
    return hits


if __name__ == "__main__":
    vocabulary = list(range(1000))
    sample = random.sample(vocabulary, 10)  # ok: ML205 (reported once per file, at the first draw)
    print(sample)
