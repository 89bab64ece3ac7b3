#![deny(unsafe_code)]

#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::runtime::hugepages::HugePageHint = gametree::runtime::hugepages::HugePageHint;

fn main() -> std::process::ExitCode {
    gametree::cli::main()
}
