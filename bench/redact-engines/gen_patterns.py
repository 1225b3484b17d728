#!/usr/bin/env python3
"""Regex patterns equivalent to the vendor-token rows of src/redact/tokens.rs (prefix, runs, literals), plus the
private-key armor, JWT and a secret-named assignment, for the engine comparison. Writes patterns.txt."""
import re, pathlib
src = (pathlib.Path(__file__).parent / "../../src/redact/tokens.rs").read_text()
CLASS = {"DIGIT": "0-9", "UPPER": "A-Z", "LOWER": "a-z", "HEX_LOWER": "a-f", "HEX_UPPER": "A-F", "DASH": r"\-", "UNDERSCORE": "_",
         "PLUS_SLASH": r"+/", "DOT": r"\.", "EQUALS": "=", "BASE32": "A-Z2-7", "TILDE": "~", "PERCENT": "%",
         "ALNUM": "A-Za-z0-9", "HEX": "0-9a-fA-F", "HEXL": "0-9a-f", "WORD": "A-Za-z0-9_", "B64URL": r"A-Za-z0-9_\-", "B64": r"A-Za-z0-9+/", "KEY": r"A-Za-z0-9_.\-"}
def cls(expr): return "[" + "".join(CLASS[c.strip()] for c in expr.split("|")) + "]"
out = []
for m in re.finditer(r't\("[^"]+", b"((?:[^"\\]|\\.)*)", &\[(.*?)\], ([A-Z0-9_ |]+), ', src):
    prefix, segs, stop = m.group(1), m.group(2), m.group(3)
    pat = re.escape(prefix.encode().decode("unicode_escape"))
    for seg in re.finditer(r'Run\(([A-Z0-9_ |]+), (\d+), (\d+)\)|Lit\(b"((?:[^"\\]|\\.)*)"\)', segs):
        if seg.group(4) is not None: pat += re.escape(seg.group(4))
        else:
            lo, hi = int(seg.group(2)), int(seg.group(3))
            # Wide counted ranges are what makes automata large; an open range is what a regex rule set would use.
            pat += f"{cls(seg.group(1))}{{{lo},{hi}}}" if hi - lo <= 8 else f"{cls(seg.group(1))}{{{lo},}}"
    out.append(r"(?:^|[^A-Za-z0-9])" + pat)
out.append(r"-----BEGIN[ A-Z0-9_-]{0,60}PRIVATE KEY(?: BLOCK)?-----[\s\S]{40,8000}?-----END[ A-Z0-9_-]{0,60}-----")
out.append(r"eyJ[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*")
out.append(r"(?i)[a-z0-9_.-]{0,40}(?:passw(?:or)?d|secret|token|api[_-]?key|credential)[a-z0-9_.-]{0,20}[\"']?\s{0,3}(?:=|:|=>|:=)\s{0,3}[\"']?[^\s\"',;]{8,}")
(pathlib.Path(__file__).parent / "patterns.txt").write_text("\n".join(out) + "\n")
print(len(out), "patterns")
