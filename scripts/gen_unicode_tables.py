#!/usr/bin/env python3
"""Generate src/text/tables.rs from the running CPython's own behaviour (must be 3.11 / Unicode 14.0.0).

Every property is measured through the API the reference uses (re `\\w`, `\\d`, `\\s`, str.isspace, str.lower),
not derived from category names, so the Rust side reproduces Python exactly, independent of Rust's Unicode version.

NFC (src/text/nfc_tables.rs) is driven by tables taken from `unicodedata` itself (combining(), decomposition(),
normalize() for the composition exclusions); the generator ports the Rust algorithm (quick-check fast path,
decomposition, canonical ordering, composition) to Python and checks it against unicodedata.normalize("NFC") for
every code point alone, in templates and in pairs/triples of interesting chars, then writes the tables and the
fixtures tests/fixtures/nfc_cases.txt read by tests/nfc.rs.

Usage: python3 scripts/gen_unicode_tables.py   (from the crate root; rewrites src/text/tables.rs,
       src/text/nfc_tables.rs and tests/fixtures/nfc_cases.txt)
"""
import os
import random
import re
import sys
import unicodedata

EXPECTED_UNICODE = "14.0.0"

# Flag bits, mirrored in src/text.rs.
WORD = 1            # re `\w` (str pattern)
DIGIT = 2           # re `\d`
SPACE = 4           # str.isspace() == re `\s`
# 8 is free (it marked General_Category Cn for the former NFC wrapper; nfc_tables.rs now carries Unicode 14.0).
CASED = 16          # stops the Final_Sigma scan and counts as cased
CASE_IGNORABLE = 32 # skipped by the Final_Sigma scan
PRINTABLE = 64      # str.isprintable() (repr keeps the char as is)


def code_points():
    return (c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)  # Rust chars exclude surrogates


def flags_of(cp):
    ch = chr(cp)
    f = 0
    if re.match(r"\w", ch):
        f |= WORD
    if re.match(r"\d", ch):
        f |= DIGIT
    if ch.isspace():
        f |= SPACE
    assert bool(re.match(r"\s", ch)) == ch.isspace(), hex(cp)
    if ch.isprintable():
        f |= PRINTABLE
    # Probe CPython's Final_Sigma rule (handle_capital_sigma) directly:
    #   c+'Σ' ends in 'ς'      <=> c stops the backward scan and is cased
    #   'A'+c+'Σ' ends in 'ς'  <=> c is skipped (case-ignorable) or is cased
    stops_cased = (ch + "\u03a3").lower()[-1] == "\u03c2"
    skipped_or_cased = ("A" + ch + "\u03a3").lower()[-1] == "\u03c2"
    if stops_cased:
        f |= CASED
    elif skipped_or_cased:
        f |= CASE_IGNORABLE
    return f


def flag_ranges():
    """Packed `start << 8 | flags` at every change of flags."""
    out, prev = [], None
    for cp in code_points():
        f = flags_of(cp)
        if f != prev:
            out.append((cp << 8) | f)
            prev = f
    return out


def lower_runs():
    """(start, count, stride, delta): start + i*stride lowercases to itself + delta, for i < count."""
    pairs = []
    for cp in code_points():
        low = chr(cp).lower()
        if low == chr(cp):
            continue
        if len(low) != 1:
            assert cp == 0x130 and low == "i\u0307", (hex(cp), low)  # handled in code
            continue
        pairs.append((cp, ord(low) - cp))
    runs = []
    for cp, delta in pairs:
        if runs:
            start, count, stride, d = runs[-1]
            last = start + (count - 1) * stride
            if d == delta and count == 1 and cp - start in (1, 2):
                runs[-1] = (start, 2, cp - start, d)
                continue
            if d == delta and count > 1 and cp - last == stride:
                runs[-1] = (start, count + 1, stride, d)
                continue
        runs.append((cp, 1, 1, delta))
    return runs


def wrap(items, per_line):
    lines = []
    for i in range(0, len(items), per_line):
        lines.append("    " + " ".join(items[i:i + per_line]))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------
# NFC (UAX #15), mirrored in src/text.rs.

# Quick-check values in NFC_PROPS (bits 8..9), mirrored in src/text.rs.
QC_YES, QC_MAYBE, QC_NO = 0, 1, 2

S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
N_COUNT = V_COUNT * T_COUNT
S_COUNT = L_COUNT * N_COUNT


class NfcData:
    """Everything NFC needs, read from `unicodedata` of this CPython."""

    def __init__(self):
        self.ccc = {}     # cp -> Canonical_Combining_Class, nonzero only
        self.decomp = {}  # cp -> single-level canonical decomposition (tuple of 1 or 2 cps), Hangul excluded
        for cp in code_points():
            ch = chr(cp)
            c = unicodedata.combining(ch)
            if c:
                self.ccc[cp] = c
            d = unicodedata.decomposition(ch)
            if d and not d.startswith("<"):
                self.decomp[cp] = tuple(int(x, 16) for x in d.split())
        assert all(len(d) in (1, 2) for d in self.decomp.values())
        assert not any(S_BASE <= cp < S_BASE + S_COUNT for cp in self.decomp)  # Hangul is algorithmic
        # Primary composites: canonical decompositions that NFC recomposes, i.e. not Full_Composition_Exclusion
        # (singletons, non-starter decompositions, the CompositionExclusions list), measured by normalize().
        self.comp = {}  # (first, second) -> composite
        for cp, d in self.decomp.items():
            if unicodedata.normalize("NFC", chr(cp)) == chr(cp):
                assert len(d) == 2 and self.ccc_of(cp) == 0 and self.ccc_of(d[0]) == 0, hex(cp)
                self.comp[d] = cp
            # else excluded: a singleton, a non-starter decomposition, or listed in CompositionExclusions.txt.
        seconds = {b for (_, b) in self.comp}
        seconds |= set(range(V_BASE, V_BASE + V_COUNT)) | set(range(T_BASE + 1, T_BASE + T_COUNT))
        self.qc = {}  # cp -> QC_MAYBE / QC_NO (NFC_Quick_Check), Yes omitted
        for cp in code_points():
            if unicodedata.normalize("NFC", chr(cp)) != chr(cp):
                self.qc[cp] = QC_NO  # can never occur in NFC text
            elif cp in seconds:
                self.qc[cp] = QC_MAYBE  # may combine with the previous char
        # The fast path treats a char with ccc 0 and QC Yes as a boundary: nothing before it interacts with it or
        # with anything after it. That holds when its full decomposition starts with a starter that never
        # combines backwards; check it for every such char.
        for cp in code_points():
            if self.ccc_of(cp) == 0 and cp not in self.qc:
                first = self.full_decomposition(cp)[0]
                assert self.ccc_of(first) == 0 and first not in seconds, hex(cp)
        assert all(self.ccc_of(c) == 0 for c in self.comp.values())

    def ccc_of(self, cp):
        return self.ccc.get(cp, 0)

    def qc_of(self, cp):
        return self.qc.get(cp, QC_YES)

    def full_decomposition(self, cp):
        s = cp - S_BASE
        if 0 <= s < S_COUNT:
            out = [L_BASE + s // N_COUNT, V_BASE + (s % N_COUNT) // T_COUNT]
            if s % T_COUNT:
                out.append(T_BASE + s % T_COUNT)
            return out
        d = self.decomp.get(cp)
        if d is None:
            return [cp]
        return [x for part in d for x in self.full_decomposition(part)]

    def compose_pair(self, a, b):
        if L_BASE <= a < L_BASE + L_COUNT and V_BASE <= b < V_BASE + V_COUNT:
            return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT
        s = a - S_BASE
        if 0 <= s < S_COUNT and s % T_COUNT == 0 and T_BASE < b < T_BASE + T_COUNT:
            return a + (b - T_BASE)
        return self.comp.get((a, b))

    def normalize_piece(self, cps):
        """Decompose, order canonically (stable), compose: UAX #15 on one piece."""
        buf = []
        for cp in cps:
            for d in self.full_decomposition(cp):
                c = self.ccc_of(d)
                i = len(buf)
                if c:
                    while i > 0 and self.ccc_of(buf[i - 1]) > c:
                        i -= 1
                buf.insert(i, d)
        out, starter, last_ccc = [], None, 0  # last_ccc: ccc of the last kept char after the starter, 0 if none
        for d in buf:
            c = self.ccc_of(d)
            if starter is not None and (last_ccc == 0 or last_ccc < c):
                composite = self.compose_pair(out[starter], d)
                if composite is not None:
                    out[starter] = composite
                    continue
            if c == 0:
                starter, last_ccc = len(out), 0
            else:
                last_ccc = c
            out.append(d)
        return out

    def nfc(self, s):
        """The Rust algorithm: copy quick-check-Yes text; renormalise from the last boundary to the next one."""
        cps = [ord(ch) for ch in s]
        out, copied, boundary, last_ccc, i, n = [], 0, 0, 0, 0, len(cps)
        while i < n:
            cp = cps[i]
            c, q = self.ccc_of(cp), self.qc_of(cp)
            if c == 0 and q == QC_YES:
                boundary, last_ccc, i = i, 0, i + 1
                continue
            if q == QC_YES and last_ccc <= c:
                last_ccc, i = c, i + 1
                continue
            end = i + 1
            while end < n and not (self.ccc_of(cps[end]) == 0 and self.qc_of(cps[end]) == QC_YES):
                end += 1
            out.extend(cps[copied:boundary])
            out.extend(self.normalize_piece(cps[boundary:end]))
            copied = boundary = i = end
            last_ccc = 0
        out.extend(cps[copied:])
        return "".join(map(chr, out))


def hexseq(s):
    return " ".join(f"{ord(ch):04X}" for ch in s)


def interesting_chars(data):
    """Chars that take part in normalisation, plus samples of Hangul and of chars assigned after Unicode 14."""
    chars = set(data.ccc) | set(data.decomp) | set(data.qc)
    for (a, b) in data.comp:
        chars.update((a, b))
    chars.update(range(L_BASE, L_BASE + L_COUNT + 2))
    chars.update(range(V_BASE - 1, V_BASE + V_COUNT + 1))
    chars.update(range(T_BASE - 1, T_BASE + T_COUNT + 1))
    chars.update((S_BASE, S_BASE + 1, S_BASE + T_COUNT - 1, S_BASE + T_COUNT, S_BASE + S_COUNT - 1, S_BASE + S_COUNT))
    chars.update(LATER_ASSIGNED)
    return sorted(chars)


# Assigned (and normalisation-relevant) after Unicode 14: combining marks and composing pairs of 15.0/16.0.
# Python 3.11 treats them as inert starters.
LATER_ASSIGNED = [
    0x0897, 0x10EFD, 0x10EFE, 0x10EFF, 0x1E4EC, 0x1E4ED, 0x1E4EE, 0x1E4EF, 0x1E5EE, 0x1E5EF,
    0x16D63, 0x16D67, 0x16D68, 0x16D69, 0x16D6A, 0x1611E, 0x1611F, 0x16121, 0x16129, 0x105C9, 0x105D2, 0x105E4,
    0x11382, 0x11383, 0x113C2, 0x113C5, 0x113C7, 0x113C9, 0x113B8, 0x113BB, 0x113C8, 0x11F00, 0x11F41,
]


def verify_nfc(data):
    """The Python port of the Rust algorithm must equal unicodedata.normalize everywhere we can look."""
    def check(s):
        want = unicodedata.normalize("NFC", s)
        got = data.nfc(s)
        assert got == want, (hexseq(s), hexseq(got), hexseq(want))
        assert data.normalize_piece([ord(c) for c in s]) == [ord(c) for c in want], hexseq(s)

    for cp in code_points():
        ch = chr(cp)
        check(ch)
        check("e" + ch + "\u0301")
    chars = interesting_chars(data)
    rng = random.Random(1400)
    firsts = sorted({a for (a, _) in data.comp} | set(range(L_BASE, L_BASE + L_COUNT)))
    seconds = sorted(cp for cp, q in data.qc.items() if q == QC_MAYBE)
    for a in firsts:  # every possible composition, and blocked variants
        for b in seconds:
            check(chr(a) + chr(b))
    sample = rng.sample(chars, 600)
    for a in sample:
        for b in sample:
            check(chr(a) + chr(b))
    for _ in range(300000):
        check("".join(chr(rng.choice(chars)) for _ in range(rng.randint(3, 6))))
    return chars


def nfc_props_ranges(data):
    """Packed `start << 10 | qc << 8 | ccc` at every change of (ccc, quick check)."""
    out, prev = [], None
    for cp in range(0x110000):
        v = (data.qc_of(cp) << 8) | data.ccc_of(cp)
        if v != prev:
            out.append((cp << 10) | v)
            prev = v
    return out


def nfc_tables(data):
    decomp = sorted(data.decomp.items())
    packed = [(cp << 42) | (d[0] << 21) | (d[1] if len(d) == 2 else 0) for cp, d in decomp]
    index = {cp: i for i, (cp, _) in enumerate(decomp)}
    comp = [index[c] for _, c in sorted(data.comp.items())]
    assert len(packed) < 1 << 16
    return packed, comp


def write_nfc_tables(path, data):
    props = nfc_props_ranges(data)
    packed, comp = nfc_tables(data)
    safe_below = next(cp for cp in range(0x80, 0x110000) if data.ccc_of(cp) or data.qc_of(cp) != QC_YES)
    with open(path, "w", encoding="utf-8") as out:
        out.write(
            "// @generated by scripts/gen_unicode_tables.py from CPython "
            f"{sys.version.split()[0]}, Unicode {unicodedata.unidata_version}. Do not edit.\n\n"
            "/// Every char below this one has Canonical_Combining_Class 0 and NFC_Quick_Check Yes.\n"
            f"pub(crate) const NFC_SAFE_BELOW: u32 = {safe_below:#x};\n\n"
            "/// Sorted `start << 10 | quick_check << 8 | ccc` at every change (quick check 0 Yes, 1 Maybe, 2 No).\n"
            "#[rustfmt::skip]\n"
            f"pub(crate) static NFC_PROPS: [u32; {len(props)}] = [\n"
            + wrap([f"{v:#x}," for v in props], 10)
            + "\n];\n\n"
            "/// Canonical decompositions, one level, sorted: `cp << 42 | first << 21 | second` (second 0: singleton).\n"
            "/// Hangul syllables are decomposed algorithmically and are not listed.\n"
            "#[rustfmt::skip]\n"
            f"pub(crate) static DECOMPOSITIONS: [u64; {len(packed)}] = [\n"
            + wrap([f"{v:#x}," for v in packed], 5)
            + "\n];\n\n"
            "/// Primary composites: indices into `DECOMPOSITIONS`, sorted by `first << 21 | second`.\n"
            "#[rustfmt::skip]\n"
            f"pub(crate) static COMPOSITIONS: [u16; {len(comp)}] = [\n"
            + wrap([f"{v}," for v in comp], 16)
            + "\n];\n"
        )
    return len(props), len(packed), len(comp)


def template_fixture(data, template):
    """Lines for `template` (a list of cps, None standing for X) over every code point: ranges where the output
    is the output template with X substituted, explicit lines elsewhere."""
    lines, run = [], None  # run: [start, end, out_template]

    def flush():
        if run:
            lines.append(f"@ {run[0]:04X} {run[1]:04X} ; {tin} ; {run[2]}")

    tin = " ".join("X" if t is None else f"{t:04X}" for t in template)
    for cp in code_points():
        s = "".join(chr(cp) if t is None else chr(t) for t in template)
        want = unicodedata.normalize("NFC", s)
        tout = None
        if want.count(chr(cp)) == 1 and all(t != cp for t in template):
            tout = " ".join("X" if ord(ch) == cp else f"{ord(ch):04X}" for ch in want)
        if tout is not None and run and run[1] == cp - 1 and run[2] == tout:
            run[1] = cp
            continue
        flush()
        run = None
        if tout is not None:
            run = [cp, cp, tout]
        else:
            lines.append(f"{hexseq(s)} ; {hexseq(want)}")
    flush()
    return lines


def explicit_cases(data, chars):
    cases = []
    L = [L_BASE, L_BASE + 1, L_BASE + L_COUNT - 1, L_BASE + L_COUNT, L_BASE - 1]
    V = [V_BASE, V_BASE + V_COUNT - 1, V_BASE + V_COUNT, V_BASE - 1]
    T = [T_BASE, T_BASE + 1, T_BASE + T_COUNT - 1, T_BASE + T_COUNT]
    S = [S_BASE, S_BASE + 1, S_BASE + T_COUNT - 1, S_BASE + T_COUNT, S_BASE + S_COUNT - 1, S_BASE + S_COUNT,
         S_BASE - 1, 0xD4DB, 0xD4DC]
    for l in L:
        for v in V:
            cases.append([l, v])
            for t in T:
                cases.append([l, v, t])
                cases.append([l, 0x0301, v, t])
                cases.append([l, v, 0x0334, t])
    for s in S:
        for t in T + V:
            cases.append([s, t])
            cases.append([s, t, t])
    cases += [[0x1100, 0x1161, 0x11A8, 0x11A8], [0xAC00, 0x11A8, 0x0301], [0xAC01, 0x11A8]]
    # CJK compatibility ideographs (singletons) alone, with marks and between Hangul.
    for cp in list(range(0xF900, 0xFADA, 7)) + list(range(0x2F800, 0x2FA1E, 5)):
        cases.append([cp, 0x0301])
        cases.append([0x1100, cp, 0x1161])
    # Devanagari nukta forms (0958.. excluded, 0929/0931/0934 composing), Bengali/Oriya/Kannada/Malayalam splits.
    cases += [[0x0915, 0x093C], [0x0928, 0x093C], [0x0930, 0x093C], [0x0933, 0x093C], [0x0915, 0x094D, 0x093C],
              [0x0915, 0x093C, 0x094D], [0x0958, 0x094D], [0x09C7, 0x09BE], [0x09C7, 0x09D7], [0x0B47, 0x0B3E],
              [0x0B47, 0x0B56], [0x0B47, 0x0B57], [0x0CC6, 0x0CC2, 0x0CD5], [0x0CC6, 0x0CD5, 0x0CC2],
              [0x0D46, 0x0D3E], [0x0D47, 0x0D3E], [0x0DD9, 0x0DCF, 0x0DCA], [0x0DD9, 0x0DCA, 0x0DCF]]
    # Tibetan: non-starter decompositions and reordering of 0F71/0F72/0F74/0F80.
    tib = [0x0F71, 0x0F72, 0x0F73, 0x0F74, 0x0F75, 0x0F77, 0x0F79, 0x0F80, 0x0F81, 0x0F82, 0x0F83, 0x0F84, 0x0F86,
           0x0F39, 0x0F7A, 0x0F7B, 0x0F7C, 0x0F7D, 0x0F7E, 0x0F43, 0x0F42, 0x0FB7, 0x0F40, 0x0FB5, 0x0F90]
    rng = random.Random(1411)
    for _ in range(300):
        cases.append([0x0F40] + [rng.choice(tib) for _ in range(rng.randint(1, 4))])
    # Hebrew points and presentation forms (excluded).
    heb = [0x05B0, 0x05B4, 0x05B7, 0x05B8, 0x05BC, 0x05BF, 0x05C1, 0x05C2, 0x05C7, 0x0591, 0x05A2, 0x05AF]
    for _ in range(300):
        cases.append([rng.choice([0x05D0, 0x05D1, 0x05E9, 0x05D5, 0xFB2A, 0xFB4B])]
                     + [rng.choice(heb) for _ in range(rng.randint(1, 4))])
    # Chars assigned after Unicode 14 around marks and each other: inert for Python 3.11.
    for a in LATER_ASSIGNED:
        for b in LATER_ASSIGNED[::3] + [0x0301, 0x0334, 0x0041]:
            cases.append([a, b])
        cases.append([0x0065, a, 0x0301])
        cases.append([0x0041, 0x0301, a, 0x0323])
    cases += [[0x16D63, 0x16D67], [0x16D67, 0x16D67], [0x1611E, 0x1611E], [0x105D2, 0x0307], [0x11382, 0x113C9]]
    # Random mixes of bases and marks of many combining classes.
    marks = sorted(data.ccc)
    bases = [0x41, 0x61, 0x65, 0x6F, 0x75, 0x53, 0x3B1, 0x3C9, 0x415, 0x438, 0x1100, 0xAC00, 0x0915, 0x05D0, 0x0E01,
             0x00C5, 0x00E7, 0x1E63, 0x212B, 0x2126, 0x0131, 0x0130, 0x015F, 0x011F]
    for _ in range(3000):
        seq = [rng.choice(bases)]
        for _ in range(rng.randint(1, 6)):
            r = rng.random()
            seq.append(rng.choice(marks) if r < 0.6 else rng.choice(chars) if r < 0.9 else rng.choice(bases))
        cases.append(seq)
    for _ in range(3000):
        cases.append([rng.choice(chars) for _ in range(rng.randint(2, 5))])
    lines, seen = [], set()
    for seq in cases:
        s = "".join(map(chr, seq))
        if s in seen:
            continue
        seen.add(s)
        want = unicodedata.normalize("NFC", s)
        assert data.nfc(s) == want, hexseq(s)
        lines.append(f"{hexseq(s)} ; {hexseq(want)}")
    return lines


def write_nfc_fixtures(path, data, chars):
    lines = [
        f"# @generated by scripts/gen_unicode_tables.py from CPython {sys.version.split()[0]}, "
        f"Unicode {unicodedata.unidata_version}: unicodedata.normalize(\"NFC\", input). Do not edit.",
        "# `IN ; OUT`: hex code points. `@ START END ; IN ; OUT`: for every code point X in START..=END",
        "# (surrogates excluded), IN and OUT with X substituted.",
    ]
    lines += template_fixture(data, [None])
    lines += template_fixture(data, [0x65, None, 0x301])
    lines += explicit_cases(data, chars)
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return len(lines)


def main():
    if unicodedata.unidata_version != EXPECTED_UNICODE:
        sys.exit(f"need Unicode {EXPECTED_UNICODE} (CPython 3.11), this Python has {unicodedata.unidata_version}")
    assert "\u03a3".lower() == "\u03c3" and "A\u03a3".lower() == "a\u03c2"  # Final_Sigma is applied by lower()
    ranges = flag_ranges()
    runs = lower_runs()
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    path = os.path.join(root, "src", "text", "tables.rs")
    with open(path, "w", encoding="utf-8") as out:
        out.write(
            "// @generated by scripts/gen_unicode_tables.py from CPython "
            f"{sys.version.split()[0]}, Unicode {unicodedata.unidata_version}. Do not edit.\n\n"
            "/// Sorted `start << 8 | flags`; a run's flags hold until the next start (surrogates never looked up).\n"
            "#[rustfmt::skip]\n"
            f"pub(crate) static FLAG_RANGES: [u32; {len(ranges)}] = [\n"
            + wrap([f"{v:#x}," for v in ranges], 12)
            + "\n];\n\n"
            "/// Sorted `(start, count, stride, delta)`: `start + i*stride` lowercases to itself + `delta`\n"
            "/// (`str.lower`, one-char mappings; U+0130 is the only longer one and is handled in code).\n"
            "#[rustfmt::skip]\n"
            f"pub(crate) static LOWER_RUNS: [(u32, u16, u8, i32); {len(runs)}] = [\n"
            + wrap([f"({s:#x}, {n}, {st}, {d})," for s, n, st, d in runs], 6)
            + "\n];\n"
        )
    print(f"wrote {path}: {len(ranges)} flag ranges, {len(runs)} lowercase runs")
    data = NfcData()
    chars = verify_nfc(data)
    nfc_path = os.path.join(root, "src", "text", "nfc_tables.rs")
    n_props, n_decomp, n_comp = write_nfc_tables(nfc_path, data)
    print(f"wrote {nfc_path}: {n_props} property ranges, {n_decomp} decompositions, {n_comp} compositions")
    fixture_path = os.path.join(root, "tests", "fixtures", "nfc_cases.txt")
    n_lines = write_nfc_fixtures(fixture_path, data, chars)
    print(f"wrote {fixture_path}: {n_lines} lines")


if __name__ == "__main__":
    main()
