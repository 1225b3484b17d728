// Python's `int(text)` (base 10) for the CLI's step ids, as the reference CLI parses them: surrounding
// whitespace, an optional sign, single underscores between digits, any Unicode decimal digit (Unicode 14, the
// database of the reference's CPython 3.11.7), and CPython's 4300-digit limit. Returns the value as a BigInt,
// or the ValueError message CPython would give.

// Whitespace int() strips: ASCII " \t\n\v\f\r" (Py_ISSPACE after the ASCII transform), plus the non-ASCII
// characters Python's str.isspace() accepts (they are turned into spaces first). U+001C..U+001F are *not*
// stripped by int(), although str.isspace() is true for them; U+FEFF and U+200B are not whitespace at all.
const ASCII_SPACE = new Set([0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d]);
const UNICODE_SPACE = new Set([
  0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
// Decimal digits Node's newer Unicode has but CPython 3.11 (Unicode 14) does not: Kawi, Nag Mundari.
const NOT_IN_UNICODE_14 = [
  [0x11f50, 0x11f59],
  [0x1e4f0, 0x1e4f9],
];
const ND = /^\p{Nd}$/u;
const MAX_STR_DIGITS = 4300;

function isSpace(cp) {
  return ASCII_SPACE.has(cp) || UNICODE_SPACE.has(cp);
}

/** The decimal value of a code point, or -1 if it is not a Unicode 14 decimal digit. */
export function decimalValue(cp) {
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  if (cp < 0x80) return -1;
  if (!ND.test(String.fromCodePoint(cp))) return -1;
  for (const [lo, hi] of NOT_IN_UNICODE_14) if (cp >= lo && cp <= hi) return -1;
  // Decimal digits are always encoded in runs of ten, 0 to 9 (a Unicode stability guarantee), and adjacent
  // runs start at multiples of ten from the first digit of the run, so the value is the offset modulo 10.
  let start = cp;
  while (start > 0 && ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/**
 * @param {string} text
 * @returns {{ ok: true, value: bigint } | { ok: false, kind: "literal" | "limit", message?: string }}
 *   `kind: "literal"` is CPython's "invalid literal for int() with base 10: <repr>" (the caller renders it);
 *   `kind: "limit"` carries CPython's full message for more than 4300 digits.
 */
export function parsePythonInt(text) {
  const cps = Array.from(text, (c) => c.codePointAt(0));
  const bad = { ok: false, kind: "literal" };
  let i = 0;
  let end = cps.length;
  while (i < end && isSpace(cps[i])) i++;
  let negative = false;
  if (i < end && (cps[i] === 0x2b || cps[i] === 0x2d)) {
    negative = cps[i] === 0x2d;
    i++;
  }
  // The digit run: a digit, then any number of (an optional single underscore, a digit).
  const digits = [];
  let prevUnderscore = false;
  for (; i < end; i++) {
    const cp = cps[i];
    if (cp === 0x5f) {
      if (digits.length === 0 || prevUnderscore) return bad;
      prevUnderscore = true;
      continue;
    }
    const d = decimalValue(cp);
    if (d < 0) break;
    digits.push(d);
    prevUnderscore = false;
  }
  if (digits.length === 0 || prevUnderscore) return bad;
  // CPython checks the digit count before it looks at what follows the digits.
  if (digits.length > MAX_STR_DIGITS) {
    return {
      ok: false,
      kind: "limit",
      message:
        `Exceeds the limit (${MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits.length} digits; ` +
        "use sys.set_int_max_str_digits() to increase the limit",
    };
  }
  while (i < end && isSpace(cps[i])) i++;
  if (i !== end) return bad;
  let value = BigInt(digits.join(""));
  if (negative) value = -value;
  return { ok: true, value };
}
