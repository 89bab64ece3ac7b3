//! `gametree completions`: a shell's completion script, from the argument
//! definitions themselves.

use std::path::Path;

use clap::CommandFactory;

use super::Cli;
use super::failure::{Failure, Outcome};
use super::lines::STDIO;
use super::output::write_output;

/// `gametree completions`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell to complete for.
    shell: clap_complete::Shell,
}

impl Args {
    /// The completion script to stdout.
    pub fn run(self) -> Outcome {
        // Made whole first: the generator itself cannot report a failed write.
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut Cli::command(), "gametree", &mut script);
        write_output(Path::new(STDIO), |w| w.write_all(&script))
            .map_err(|e| Failure::output(format!("cannot write to stdout: {e}")))
    }
}
