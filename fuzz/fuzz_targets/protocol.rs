//! The checkers protocol reader on any bytes (see `gametree::invariants::protocol_input`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = gametree::invariants::protocol_input(data) {
        panic!("{e}");
    }
});
