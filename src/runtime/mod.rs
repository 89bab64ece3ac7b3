//! The machine under the searches: helper threads, where they run, faulting in
//! memory ahead of the builders, huge pages. The only place for OS-level
//! `unsafe`; everything here is offered through safe functions and types.

pub mod clock;
#[cfg(target_os = "linux")]
pub mod closed_streams;
#[cfg(target_os = "linux")]
pub mod hugepages;
mod placement;
mod prefault;
#[cfg(unix)]
pub mod reaper;
pub mod share;
#[cfg(unix)]
pub mod signals;
pub mod system;
pub mod team;

pub(crate) use prefault::Prefault;
