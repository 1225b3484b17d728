// Python's repr() of a str, for the CLI's own messages (the engine's console text has its own, in Rust).

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(cp, width) {
  return cp.toString(16).padStart(width, "0");
}

/** `repr(s)`: single quotes unless the text has a single quote and no double quote. */
export function pyRepr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + hex(cp, 2);
    else if (cp < 0x7f) out += ch;
    else if (ch !== " " && NON_PRINTABLE.test(ch)) {
      if (cp < 0x100) out += "\\x" + hex(cp, 2);
      else if (cp < 0x10000) out += "\\u" + hex(cp, 4);
      else out += "\\U" + hex(cp, 8);
    } else out += ch;
  }
  return out + quote;
}

/** CPython's `%.200R`: the repr cut to 200 code points. */
export function pyReprCut(s, n = 200) {
  return Array.from(pyRepr(s)).slice(0, n).join("");
}
