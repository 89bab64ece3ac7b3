//! The outputs of a request, written whole or not at all: a file under a
//! temporary name beside it, renamed into place once complete ([`file`]); a
//! set of files into a folder, exchanged with the old set in one step
//! ([`folder`]). Moved here from the command line's `output.rs`, so that
//! every door writes its files the same way.

pub mod file;
pub mod folder;
