//! The labels of every tree read, each given a small number once, so that an
//! action (a child's place and its label's number) fits in 4 bytes like every
//! other game's: a search node then holds no more than any game's does.
//! The table is the process's: each distinct label is kept once (a copy), so
//! reading one tree again and again adds nothing to it.

use std::collections::HashMap;
use std::sync::{Mutex, RwLock};

/// Distinct labels a process may read (number 0 is "no label").
pub const MAX_LABELS: usize = u16::MAX as usize;

static NUMBERS: Mutex<Option<HashMap<&'static str, u16>>> = Mutex::new(None);
static TEXTS: RwLock<Vec<&'static str>> = RwLock::new(Vec::new());

/// The number of `label` (0 for none), giving it one if it has none yet: the
/// table keeps a copy of its own, so the text it was read from may go.
pub fn number(label: &str) -> Result<u16, String> {
    if label.is_empty() {
        return Ok(0);
    }
    let mut numbers = NUMBERS.lock().unwrap_or_else(|e| e.into_inner());
    let numbers = numbers.get_or_insert_with(HashMap::new);
    if let Some(&n) = numbers.get(label) {
        return Ok(n);
    }
    let mut texts = TEXTS.write().unwrap_or_else(|e| e.into_inner());
    if texts.len() == MAX_LABELS {
        return Err(format!("more than {MAX_LABELS} different labels"));
    }
    let label: &'static str = Box::leak(label.into());
    texts.push(label);
    let n = texts.len() as u16;
    numbers.insert(label, n);
    Ok(n)
}

/// The label numbered `n` (not 0).
pub fn text(n: u16) -> &'static str {
    TEXTS.read().unwrap_or_else(|e| e.into_inner())[usize::from(n) - 1]
}
