fn main() -> std::process::ExitCode {
    gametree::cli::main()
}
