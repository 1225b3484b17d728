//! Python's `int(text)` for a str, base 10, exactly as CPython 3.11 reads it (`_PyLong_FromUnicodeObject`, then
//! `PyLong_FromString`), with its `ValueError` messages. Used for step ids given as text (the CLI's arguments,
//! the cold node file names of validate's orphan check).
//!
//! The rules, in CPython's order:
//! * surrounding whitespace is skipped: ASCII `" \t\n\v\f\r"` and every non-ASCII char for which `str.isspace()`
//!   is true. U+001C..U+001F are *not* skipped although `str.isspace()` is true for them (CPython turns the
//!   non-ASCII spaces into `' '`, then strips with the ASCII-only `Py_ISSPACE`); U+200B and U+FEFF are no space;
//! * then an optional `+` or `-`, then the digits: any Unicode 14 decimal digit (General_Category Nd, the
//!   database of CPython 3.11.7; see [`text::decimal_value`]), with single underscores between digits only;
//! * more than [`MAX_STR_DIGITS`] digits is an error of its own, found before whatever follows the digits;
//! * anything else (no digit, `__`, a leading or trailing `_`, a space after the sign, `4.2`, `0x2a`, a NUL or a
//!   lone surrogate anywhere) is `invalid literal for int() with base 10: <repr>`, the repr cut to 200 chars.
//!
//! Python has no upper bound below the digit limit; values beyond `i128` are [`IntError::TooLarge`] here.

use std::fmt;

use crate::text;

/// CPython's default `sys.get_int_max_str_digits()`.
pub const MAX_STR_DIGITS: usize = 4300;

/// Why `int(text)` gives no `i128`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntError {
    /// Not an int literal (`ValueError`). `repr` is the text's whole Python `repr`; the message cuts it.
    Invalid { repr: String },
    /// More than [`MAX_STR_DIGITS`] digits (`ValueError`).
    TooManyDigits { digits: usize },
    /// A valid int that does not fit in an `i128` (Python would return it); `value` is its `str()`.
    TooLarge { value: String },
}

impl fmt::Display for IntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // CPython's `%.200R`: the repr cut to 200 code points.
            IntError::Invalid { repr } => {
                let cut = repr.char_indices().nth(200).map_or(repr.as_str(), |(i, _)| &repr[..i]);
                write!(f, "invalid literal for int() with base 10: {cut}")
            }
            IntError::TooManyDigits { digits } => write!(
                f,
                "Exceeds the limit ({MAX_STR_DIGITS} digits) for integer string conversion: value has {digits} \
                 digits; use sys.set_int_max_str_digits() to increase the limit"
            ),
            IntError::TooLarge { value } => write!(f, "integer {value} does not fit in 128 bits"),
        }
    }
}

impl std::error::Error for IntError {}

/// Python `int(s)` for a str.
pub fn python_int(s: &str) -> Result<i128, IntError> {
    parse(s.chars().map(Some)).map_err(|f| f.into_error(|| text::python_str_repr(s)))
}

/// Python `int(s)` for a str given as UTF-16 code units (a JS string), where lone surrogates may occur, as in
/// a Python str (`surrogateescape`): they are neither digits nor whitespace, so they make the literal invalid.
pub fn python_int_utf16(units: &[u16]) -> Result<i128, IntError> {
    parse(char::decode_utf16(units.iter().copied()).map(Result::ok))
        .map_err(|f| f.into_error(|| python_repr_utf16(units)))
}

/// Python `repr(s)` of a str given as UTF-16 code units: [`text::python_str_repr`], with each lone surrogate
/// as `\udXXX` (Python's escape for the non-printable category Cs).
pub fn python_repr_utf16(units: &[u16]) -> String {
    let items: Vec<Result<char, u16>> =
        char::decode_utf16(units.iter().copied()).map(|r| r.map_err(|e| e.unpaired_surrogate())).collect();
    let has = |q: char| items.contains(&Ok(q));
    // The quote of the whole string, and a char that makes `python_str_repr` of any run of it choose the same
    // quote while printing as itself (it is not the quote).
    let (quote, steer) = if has('\'') && !has('"') { ('"', '\'') } else { ('\'', '"') };
    let mut out = String::with_capacity(units.len() + 2);
    out.push(quote);
    let mut run = String::new();
    let flush = |out: &mut String, run: &mut String| {
        if !run.is_empty() {
            run.push(steer);
            let r = text::python_str_repr(run);
            // `quote`, the escaped run, `steer`, `quote`: all but the first byte and the last two.
            out.push_str(&r[1..r.len() - 2]);
            run.clear();
        }
    };
    for item in items.iter().copied() {
        match item {
            Ok(c) => run.push(c),
            Err(unit) => {
                flush(&mut out, &mut run);
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    flush(&mut out, &mut run);
    out.push(quote);
    out
}

/// The whitespace `int()` skips around the number (see the module doc).
fn is_int_space(c: char) -> bool {
    if c.is_ascii() {
        matches!(c, ' ' | '\t'..='\r')
    } else {
        text::is_space(c)
    }
}

enum Failure {
    Invalid,
    TooManyDigits(usize),
    TooLarge(String),
}

impl Failure {
    fn into_error(self, repr: impl FnOnce() -> String) -> IntError {
        match self {
            Failure::Invalid => IntError::Invalid { repr: repr() },
            Failure::TooManyDigits(digits) => IntError::TooManyDigits { digits },
            Failure::TooLarge(value) => IntError::TooLarge { value },
        }
    }
}

/// The parse over a str's chars; `None` stands for a lone surrogate.
fn parse(chars: impl Iterator<Item = Option<char>>) -> Result<i128, Failure> {
    let mut chars = chars.peekable();
    let space = |c: &Option<char>| c.is_some_and(is_int_space);
    while chars.next_if(space).is_some() {}
    let negative = chars.next_if(|c| matches!(c, Some('+' | '-'))) == Some(Some('-'));
    // A digit, then any number of (an optional single underscore, a digit).
    let mut digits: Vec<u8> = Vec::new();
    let mut after_underscore = false;
    while let Some(&Some(c)) = chars.peek() {
        if c == '_' {
            if digits.is_empty() || after_underscore {
                return Err(Failure::Invalid);
            }
            after_underscore = true;
        } else {
            let Some(d) = text::decimal_value(c) else { break };
            digits.push(d as u8);
            after_underscore = false;
        }
        chars.next();
    }
    if digits.is_empty() || after_underscore {
        return Err(Failure::Invalid);
    }
    if digits.len() > MAX_STR_DIGITS {
        return Err(Failure::TooManyDigits(digits.len()));
    }
    while chars.next_if(space).is_some() {}
    if chars.next().is_some() {
        return Err(Failure::Invalid);
    }
    let significant = &digits[digits.iter().position(|&d| d != 0).unwrap_or(digits.len())..];
    let magnitude = significant.iter().try_fold(0u128, |acc, &d| acc.checked_mul(10)?.checked_add(u128::from(d)));
    let value = magnitude.and_then(|m| if negative { 0i128.checked_sub_unsigned(m) } else { i128::try_from(m).ok() });
    value.ok_or_else(|| {
        let mut text = String::from(if negative { "-" } else { "" });
        text.extend(significant.iter().map(|&d| char::from(b'0' + d)));
        Failure::TooLarge(text)
    })
}

/// Saturate a Python int into i64 (token counts beyond that are meaningless, but must not overflow).
pub fn clamp_i64(i: i128) -> i64 {
    i.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invalid(s: &str) -> String {
        python_int(s).unwrap_err().to_string()
    }

    #[test]
    fn accepts_what_python_accepts() {
        // tests/js/cli.test.mjs: each is 42 for CPython 3.11.7.
        for s in ["42", " 42 ", "\t42\n", "+42", "4_2", "0_0_42", "٤٢", "４２", "\u{a0}42\u{3000}", "\x0b\x0c42\r"]
        {
            assert_eq!(python_int(s), Ok(42), "{s:?}");
        }
        assert_eq!(python_int("000999"), Ok(999));
        assert_eq!(python_int("-00005"), Ok(-5));
        assert_eq!(python_int("-0"), Ok(0));
        assert_eq!(python_int("1_0_0"), Ok(100));
        assert_eq!(python_int("١٢٣"), Ok(123));
        assert_eq!(python_int("\u{85}\u{1680}\u{2000}\u{200a}\u{2028}\u{2029}\u{202f}\u{205f}7"), Ok(7));
        assert_eq!(python_int("𝟗𝟘"), Ok(90)); // mathematical digits (Nd)
        assert_eq!(python_int("0".repeat(4300).as_str()), Ok(0));
    }

    #[test]
    fn invalid_literals_have_cpythons_message() {
        let cases = [
            ("abc", "'abc'"),
            ("", "''"),
            ("4__2", "'4__2'"),
            ("_42", "'_42'"),
            ("42_", "'42_'"),
            ("+_42", "'+_42'"),
            ("- 42", "'- 42'"),
            ("+-42", "'+-42'"),
            ("+", "'+'"),
            ("4.2", "'4.2'"),
            ("0x2a", "'0x2a'"),
            ("4 2", "'4 2'"),
            ("\u{1c}42", "'\\x1c42'"),
            ("42\u{1f}", "'42\\x1f'"),
            ("it's", "\"it's\""),
            ("42\u{200b}", "'42\\u200b'"),
            ("\u{feff}42", "'\\ufeff42'"),
            ("4\u{0}2", "'4\\x002'"),
            ("²", "'²'"),                   // No, not Nd
            ("\u{11f50}", "'\\U00011f50'"), // Kawi digit zero: Unicode 15, unassigned (so unprintable) in 14
        ];
        for (s, repr) in cases {
            assert_eq!(invalid(s), format!("invalid literal for int() with base 10: {repr}"), "{s:?}");
        }
    }

    #[test]
    fn repr_is_cut_to_200_code_points() {
        let s = "é".repeat(300);
        let msg = invalid(&s);
        let repr = msg.strip_prefix("invalid literal for int() with base 10: ").unwrap();
        assert_eq!(repr.chars().count(), 200);
        assert_eq!(repr, format!("'{}", "é".repeat(199)));
        assert_eq!(invalid(&"x".repeat(199)), format!("invalid literal for int() with base 10: '{}", "x".repeat(199)));
    }

    #[test]
    fn digit_limit_comes_before_the_rest() {
        let limit = |n: usize| {
            format!(
                "Exceeds the limit (4300 digits) for integer string conversion: value has {n} digits; \
                 use sys.set_int_max_str_digits() to increase the limit"
            )
        };
        assert_eq!(invalid(&"1".repeat(4301)), limit(4301));
        assert_eq!(invalid(&format!(" -{}x", "1_2".repeat(2200))), limit(4400));
        assert_eq!(invalid(&format!("{}\u{1c}", "0".repeat(4301))), limit(4301));
        // A trailing or double underscore is found while reading the digits, so it wins.
        assert!(invalid(&format!("{}_", "1".repeat(4301))).starts_with("invalid literal"));
        assert!(python_int(&"9".repeat(4300)).is_err_and(|e| matches!(e, IntError::TooLarge { .. })));
    }

    #[test]
    fn i128_bounds() {
        assert_eq!(python_int("170141183460469231731687303715884105727"), Ok(i128::MAX));
        assert_eq!(python_int("-170141183460469231731687303715884105728"), Ok(i128::MIN));
        assert_eq!(
            python_int("+000170141183460469231731687303715884105728"),
            Err(IntError::TooLarge { value: "170141183460469231731687303715884105728".into() })
        );
        assert_eq!(
            python_int("-1_70141183460469231731687303715884105729"),
            Err(IntError::TooLarge { value: "-170141183460469231731687303715884105729".into() })
        );
    }

    #[test]
    fn whitespace_is_str_isspace_without_the_ascii_separators() {
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            let want = text::is_space(c) && !('\x1c'..='\x1f').contains(&c);
            assert_eq!(is_int_space(c), want, "{c:?}");
        }
    }

    #[test]
    fn utf16_strings_may_hold_lone_surrogates() {
        let u = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
        assert_eq!(python_int_utf16(&u(" ٤٢ ")), Ok(42));
        assert_eq!(python_repr_utf16(&u("a'b\"c\n🚀")), text::python_str_repr("a'b\"c\n🚀"));
        let mut units = u("4'2");
        units.insert(1, 0xdc80);
        assert_eq!(python_repr_utf16(&units), "\"4\\udc80'2\"");
        assert_eq!(
            python_int_utf16(&units).unwrap_err().to_string(),
            "invalid literal for int() with base 10: \"4\\udc80'2\""
        );
        let mut both = u("'\"x");
        both.push(0xd800);
        both.extend(u("'"));
        assert_eq!(python_repr_utf16(&both), "'\\'\"x\\ud800\\''");
        assert_eq!(python_repr_utf16(&[0xdfff]), "'\\udfff'");
        let mut long = u(&"1".repeat(4301));
        long.push(0xd800);
        assert!(matches!(python_int_utf16(&long), Err(IntError::TooManyDigits { digits: 4301 })));
    }
}
