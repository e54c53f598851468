"""Offline augmentation for a small satellite-tile data set.

Reads tiles from an .npz archive (uint8, N x H x W x C, with integer labels), writes K
augmented copies of every tile into numbered shards, and prints per-channel statistics that
the training script uses for normalisation.

Usage: python augment_images.py tiles.npz out_dir --copies 4 --crop 96
"""
import argparse
import json
import random
from pathlib import Path

import numpy as np

OPS = ("flip", "rotate", "jitter", "noise", "cutout")


def random_crop(tile, size):
    h, w = tile.shape[:2]
    top = np.random.randint(0, h - size + 1)  # expect: ML205
    left = np.random.randint(0, w - size + 1)
    return tile[top : top + size, left : left + size]


def flip(tile):
    if np.random.rand() < 0.5:
        tile = tile[:, ::-1]
    if np.random.rand() < 0.5:
        tile = tile[::-1, :]
    return tile


def rotate(tile):
    return np.rot90(tile, k=np.random.randint(4), axes=(0, 1))


def jitter(tile, strength=0.2):
    scale = 1.0 + np.random.uniform(-strength, strength, size=(1, 1, tile.shape[2]))
    shift = np.random.uniform(-strength, strength, size=(1, 1, tile.shape[2])) * 0.5
    return np.clip(tile * scale + shift, 0.0, 1.0)


def add_noise(tile, sigma=0.03):
    return np.clip(tile + np.random.normal(0.0, sigma, size=tile.shape), 0.0, 1.0)


def cutout(tile, frac=0.25):
    h, w = tile.shape[:2]
    ch, cw = int(h * frac), int(w * frac)
    y, x = np.random.randint(0, h - ch + 1), np.random.randint(0, w - cw + 1)
    out = tile.copy()
    out[y : y + ch, x : x + cw] = tile.mean(axis=(0, 1))
    return out


def augment(tile, crop, n_ops=2):
    out = random_crop(tile, crop)
    for op in random.sample(OPS, k=n_ops):
        if op == "flip":
            out = flip(out)
        elif op == "rotate":
            out = rotate(out)
        elif op == "jitter":
            out = jitter(out)
        elif op == "noise":
            out = add_noise(out)
        else:
            out = cutout(out)
    return np.ascontiguousarray(out, dtype=np.float32)


def channel_stats(batch):
    mean = batch.mean(axis=(0, 1, 2))
    std = batch.std(axis=(0, 1, 2))
    return mean, std


def check_shard(shard, labels):
    if np.any(shard == np.nan):  # expect: ML204
        raise ValueError("augmentation produced NaN pixels")
    if shard.min() < 0.0 or shard.max() > 1.0:
        raise ValueError(f"pixel range [{shard.min():.3f}, {shard.max():.3f}] outside [0, 1]")
    if len(shard) != len(labels):
        raise ValueError(f"{len(shard)} tiles but {len(labels)} labels")


def write_shards(tiles, labels, out_dir, copies, crop, shard_size):
    out_dir.mkdir(parents=True, exist_ok=True)
    buffer, buffer_labels, shard_id, written = [], [], 0, 0
    for tile, label in zip(tiles, labels):
        for _ in range(copies):
            buffer.append(augment(tile, crop))
            buffer_labels.append(int(label))
        if len(buffer) >= shard_size:
            shard = np.stack(buffer)
            check_shard(shard, buffer_labels)
            np.savez_compressed(out_dir / f"shard_{shard_id:04d}.npz", x=shard, y=np.array(buffer_labels))
            written += len(buffer)
            shard_id += 1
            buffer, buffer_labels = [], []
    if buffer:
        shard = np.stack(buffer)
        check_shard(shard, buffer_labels)
        np.savez_compressed(out_dir / f"shard_{shard_id:04d}.npz", x=shard, y=np.array(buffer_labels))
        written += len(buffer)
        shard_id += 1
    return written, shard_id


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("archive")
    parser.add_argument("out_dir")
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--crop", type=int, default=96)
    parser.add_argument("--shard-size", type=int, default=2048)
    args = parser.parse_args()

    data = np.load(args.archive)
    tiles = data["x"].astype(np.float32) / 255.0
    labels = data["y"]
    out_dir = Path(args.out_dir)
    written, shards = write_shards(tiles, labels, out_dir, args.copies, args.crop, args.shard_size)

    sample = np.stack([augment(t, args.crop) for t in tiles[:512]])
    mean, std = channel_stats(sample)
    normalized = (sample - mean) / std
    np.allclose(normalized.mean(axis=(0, 1, 2)), 0.0, atol=1e-3)  # expect: OA104
    stats = {"mean": mean.round(5).tolist(), "std": std.round(5).tolist(), "tiles": written, "shards": shards}
    (out_dir / "stats.json").write_text(json.dumps(stats, indent=2))
    print(json.dumps(stats, indent=2))


if __name__ == "__main__":
    main()
