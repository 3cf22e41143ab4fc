//! How a sha256 is written where a result's card and a runs file name one: 64 lowercase
//! hexadecimal digits, shown to a reader by its first twelve.

/// Whether `s` is a hash as a card writes it: 64 lowercase hexadecimal digits.
pub fn is_hash(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// A hash as a message shows it: its first twelve digits and an ellipsis; any other text as
/// it is.
pub fn short(v: &str) -> String {
    if is_hash(v) {
        format!("{}…", &v[..12])
    } else {
        v.to_string()
    }
}
