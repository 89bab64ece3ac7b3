//! Whether the terminal can show box drawing and ●/○: a locale without
//! UTF-8 (LANG=C, POSIX, ISO-8859-1) gets the plain boards.

/// Whether the locale in force is UTF-8, read as the C library does: the
/// first of LC_ALL, LC_CTYPE and LANG that is set decides; none is "C".
pub fn is_utf8() -> bool {
    utf8_in(|name| std::env::var(name).ok())
}

fn utf8_in(var: impl Fn(&str) -> Option<String>) -> bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].iter().find_map(|v| var(v).filter(|s| !s.is_empty()));
    locale.is_some_and(|l| {
        let l = l.to_ascii_lowercase();
        l.contains("utf-8") || l.contains("utf8")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_utf8_locale_gets_box_drawing() {
        let with = |pairs: &'static [(&'static str, &'static str)]| {
            utf8_in(move |n| pairs.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string()))
        };
        assert!(with(&[("LANG", "en_GB.UTF-8")]));
        assert!(with(&[("LC_CTYPE", "C.utf8"), ("LANG", "C")]));
        assert!(!with(&[("LANG", "C")]));
        assert!(!with(&[("LC_ALL", "POSIX"), ("LANG", "en_GB.UTF-8")]));
        assert!(!with(&[("LANG", "de_DE.ISO-8859-1")]));
        assert!(!with(&[]));
        assert!(with(&[("LC_ALL", ""), ("LANG", "fr_FR.UTF-8")]));
    }
}
