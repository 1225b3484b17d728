// Strict UTF-8 decoding of a `--file` payload. The reference reads the file as UTF-8 text, so bytes that are
// not UTF-8 are a ValueError there ("Bad argument", exit 1); this gives CPython's message for the first bad
// sequence. Unlike the reference, nothing else is changed: CRLF stays CRLF and a BOM stays a U+FEFF.

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The first ill-formed sequence: `[start, end, reason]` as CPython's decoder reports it, or null. */
function firstError(b) {
  let i = 0;
  const n = b.length;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return [i, i + 1, "invalid start byte"];
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return [i, n, "unexpected end of data"];
      const d = b[i + k];
      const min = k === 1 ? lo : 0x80;
      const max = k === 1 ? hi : 0xbf;
      if (d < min || d > max) return [i, i + k, "invalid continuation byte"];
    }
    i += need + 1;
  }
  return null;
}

/** @returns {{ ok: true, text: string } | { ok: false, message: string }} */
export function decodeUtf8(bytes) {
  try {
    return { ok: true, text: fatal.decode(bytes) };
  } catch {
    const err = firstError(bytes);
    if (!err) return { ok: false, message: "'utf-8' codec can't decode the file" };
    const [start, end, reason] = err;
    const where =
      end - start === 1
        ? `byte 0x${bytes[start].toString(16).padStart(2, "0")} in position ${start}`
        : `bytes in position ${start}-${end - 1}`;
    return { ok: false, message: `'utf-8' codec can't decode ${where}: ${reason}` };
  }
}
