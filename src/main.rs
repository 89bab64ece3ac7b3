#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: gametree::hugepages::HugePageHint = gametree::hugepages::HugePageHint;

fn main() -> std::process::ExitCode {
    gametree::cli::main()
}
