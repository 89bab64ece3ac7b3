#![deny(unsafe_code)]

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

// A stdout the shell closed (`>&-`) is noted, and a stream whose
// writes fail put in its place, before Rust's runtime would put `/dev/null`
// there: the binary registers it, so a program that links the library never
// runs it.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static CLOSED_STREAMS: extern "C" fn() = gametree::runtime::closed_streams::at_start;

fn main() -> std::process::ExitCode {
    gametree::cli::main()
}
