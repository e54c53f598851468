"""Fine-tunes a small pretrained encoder for sentiment classification, distilling from a
larger teacher whose logits were computed offline, then pseudo-labels unlabeled reviews.

Input files are JSON lines with "text", "label" and (for training) "teacher_logits".
"""
import argparse
import json
import random
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from transformers import AutoModel, AutoTokenizer, get_linear_schedule_with_warmup

NUM_LABELS = 3  # negative, neutral, positive


def set_seed(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


class ReviewDataset(Dataset):
    def __init__(self, path, tokenizer, max_len=256):
        self.rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        self.tokenizer = tokenizer
        self.max_len = max_len

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        row = self.rows[i]
        enc = self.tokenizer(row["text"], truncation=True, max_length=self.max_len, padding="max_length", return_tensors="pt")
        item = {k: v.squeeze(0) for k, v in enc.items()}
        item["labels"] = torch.tensor(row.get("label", -1))
        item["teacher_logits"] = torch.tensor(row.get("teacher_logits", [0.0] * NUM_LABELS))
        return item


class SentimentClassifier(nn.Module):
    def __init__(self, backbone_name, dropout=0.1):
        super().__init__()
        self.encoder = AutoModel.from_pretrained(backbone_name)
        self.dropout = nn.Dropout(dropout)
        self.head = nn.Linear(self.encoder.config.hidden_size, NUM_LABELS)

    def forward(self, input_ids, attention_mask):
        hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask).last_hidden_state
        return self.head(self.dropout(hidden[:, 0]))


def distillation_loss(student_logits, teacher_logits, temperature):
    log_p = torch.log(F.softmax(student_logits / temperature, dim=-1))  # expect: ML202
    q = F.softmax(teacher_logits / temperature, dim=-1)
    return F.kl_div(log_p, q, reduction="batchmean") * temperature**2


def accuracy(model, loader, device):
    hits, total = 0, 0
    for batch in loader:
        logits = model(batch["input_ids"].to(device), batch["attention_mask"].to(device))
        hits += (logits.argmax(dim=-1).cpu() == batch["labels"]).sum().item()
        total += batch["labels"].numel()
    return hits / max(total, 1)


def train(model, train_loader, val_loader, args, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    total_steps = len(train_loader) * args.epochs
    scheduler = get_linear_schedule_with_warmup(optimizer, int(0.06 * total_steps), total_steps)
    best = 0.0
    model.train()
    for epoch in range(args.epochs):
        epoch_loss, kd_total = 0.0, 0.0
        for batch in train_loader:
            optimizer.zero_grad()
            logits = model(batch["input_ids"].to(device), batch["attention_mask"].to(device))
            ce = F.cross_entropy(logits, batch["labels"].to(device), label_smoothing=0.1)
            kd = distillation_loss(logits, batch["teacher_logits"].to(device), args.temperature)
            loss = (1 - args.alpha) * ce + args.alpha * kd
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            epoch_loss = epoch_loss + loss  # expect: ML211
            kd_total += kd.item()
        model.eval()  # expect: ML209
        with torch.no_grad():
            val_acc = accuracy(model, val_loader, device)
        print(f"epoch {epoch}: loss {epoch_loss.item() / len(train_loader):.4f} kd {kd_total / len(train_loader):.4f} val acc {val_acc:.4f}")
        if val_acc > best:
            best = val_acc
            torch.save(model.state_dict(), Path(args.out) / "student.pt")
    return best


def pseudo_label(model, loader, device, threshold=0.9):
    keep = []
    with torch.no_grad():  # expect: ML210
        for batch in loader:
            logits = model(batch["input_ids"].to(device), batch["attention_mask"].to(device))
            probs = F.softmax(logits, dim=-1)
            confidence, label = probs.max(dim=-1)
            for c, y in zip(confidence.tolist(), label.tolist()):
                keep.append(y if c >= threshold else -1)
    return keep


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--backbone", default="distilroberta-base")
    parser.add_argument("--train", default="data/reviews_train.jsonl")
    parser.add_argument("--val", default="data/reviews_val.jsonl")
    parser.add_argument("--unlabeled", default="data/reviews_unlabeled.jsonl")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--lr", type=float, default=3e-5)
    parser.add_argument("--temperature", type=float, default=2.0)
    parser.add_argument("--alpha", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--out", default="runs/sentiment")
    args = parser.parse_args()

    set_seed(args.seed)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    tokenizer = AutoTokenizer.from_pretrained(args.backbone)
    train_loader = DataLoader(ReviewDataset(args.train, tokenizer), batch_size=16, shuffle=True)
    val_loader = DataLoader(ReviewDataset(args.val, tokenizer), batch_size=64)
    unlabeled_loader = DataLoader(ReviewDataset(args.unlabeled, tokenizer), batch_size=64)

    model = SentimentClassifier(args.backbone).to(device)
    best = train(model, train_loader, val_loader, args, device)
    print(f"best validation accuracy {best:.4f}")

    model.load_state_dict(torch.load(Path(args.out) / "student.pt", map_location=device))
    labels = pseudo_label(model, unlabeled_loader, device)
    kept = sum(1 for y in labels if y >= 0)
    print(f"pseudo-labeled {kept} of {len(labels)} reviews")
    (Path(args.out) / "pseudo_labels.json").write_text(json.dumps(labels))


if __name__ == "__main__":
    main()
