//! The output plan of one request: every file it reads and every file it
//! writes, checked together before anything is built, and written all or
//! none.
//!
//! A door names each input (a class list, a tree read from `@FILE`, a
//! replayed game, a saved analysis) and each output (an export, a chart, a
//! quiz, a key; `-` is stdout) with the [`Opt`] it came from. [`OutputPlan::check`]
//! refuses, naming the option at fault:
//! - an output that is an input: the same file by any of its names (the
//!   device and inode are compared where the file exists, the folder's and
//!   the name where it does not, so `./x` and `x`, a link and its target,
//!   `/dev/stdin` redirected from the file are one file);
//! - an output that is a file the process holds open only for reading (`<
//!   file`, `3< file`), whatever name it is given;
//! - two outputs to one file, and two outputs to stdout, where they would mix.
//!
//! [`OutputPlan::write`] then writes every output, all or none: each file
//! under a temporary name beside it ([`mod@file`]), then the streams (stdout, a
//! FIFO, a device: what they are given cannot be taken back, so they come
//! only once every file is whole), and only then are the files renamed into
//! place. A failure anywhere removes every temporary and leaves every target
//! as it was. An exercise set, a folder of files, is written whole the same
//! way by [`folder::write_folder`].

pub mod file;
pub mod folder;

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use self::file::{Place, held_for_reading, is_stream, write_staged};
use super::option::Opt;
use super::refusal::{Refusal, Word};

/// A file a request reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    /// Its path, `-` for stdin.
    pub path: PathBuf,
    /// The option that names it; none for the file a command is about (the
    /// saved analysis `explore` opens).
    pub opt: Option<Opt>,
}

/// A file (or stdout) a request writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// Its path, `-` for stdout.
    pub path: PathBuf,
    /// The option that names it.
    pub opt: Opt,
}

/// One output's bytes, written to whatever it is given: the plan gives it a
/// temporary file, or the stream itself.
pub type Writer<'a> = Box<dyn Fn(&mut dyn Write) -> io::Result<()> + 'a>;

/// Every file one request reads and writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutputPlan {
    inputs: Vec<Input>,
    outputs: Vec<Output>,
}

impl OutputPlan {
    /// A plan with nothing read or written yet.
    pub fn new() -> OutputPlan {
        OutputPlan::default()
    }

    /// Adds a file the request reads (`-`: stdin).
    pub fn input(&mut self, opt: impl Into<Option<Opt>>, path: impl Into<PathBuf>) -> &mut OutputPlan {
        self.inputs.push(Input { path: path.into(), opt: opt.into() });
        self
    }

    /// Adds a file the request writes (`-`: stdout).
    pub fn output(&mut self, opt: Opt, path: impl Into<PathBuf>) -> &mut OutputPlan {
        self.outputs.push(Output { path: path.into(), opt });
        self
    }

    /// The files read.
    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// The files written.
    pub fn outputs(&self) -> &[Output] {
        &self.outputs
    }

    /// Whether some output goes to stdout (`-`, or any name of what stdout
    /// is): then nothing else may go there.
    pub fn to_stdout(&self) -> bool {
        self.outputs.iter().any(|o| on_stdout(&o.path))
    }

    /// Refuses the plan, naming the output at fault, when an output would
    /// write over an input or over a file held open for reading, or two
    /// outputs name one file or both go to stdout. Nothing is read or
    /// written: call it before anything is built.
    pub fn check(&self) -> Result<(), Refusal> {
        let places: Vec<Option<Place>> = self.outputs.iter().map(|o| Place::of(&o.path)).collect();
        for (i, out) in self.outputs.iter().enumerate() {
            let place = &places[i];
            let same = |p: &Path, q: &Option<Place>| p == out.path || (q.is_some() && q == place);
            if let Some(first) = self.outputs[..i].iter().zip(&places).find(|(o, q)| same(&o.path, q)) {
                let first = first.0;
                let what = if on_stdout(&out.path) && on_stdout(&first.path) {
                    "stdout, where they would mix".to_string()
                } else if first.path == out.path {
                    shown(&out.path)
                } else {
                    format!("{} and {}, one file", shown(&first.path), shown(&out.path))
                };
                return Err(Refusal::usage(
                    out.opt,
                    crate::words![
                        first.opt,
                        " and ",
                        out.opt,
                        " both write ",
                        what,
                        "; give each export its own file"
                    ],
                ));
            }
            let is_input = |i: &&Input| {
                i.path == out.path && out.path != Path::new("-")
                    || place.is_some() && Place::of_input(&i.path) == *place
            };
            if let Some(input) = self.inputs.iter().find(is_input) {
                let mut words = crate::words![given(out.opt, &out.path), " would overwrite the input "];
                match input.opt {
                    _ if reads_stdin(&input.path) => {
                        words.push(Word::from("<stdin>"));
                        if let Some(opt) = input.opt {
                            words.extend(crate::words![", read for ", opt]);
                        }
                    }
                    Some(Opt::Position) => {
                        let at = format!("@{}", printable(&input.path));
                        words.push(Word::set(Opt::Position, at));
                    }
                    Some(opt) => words.push(given(opt, &input.path)),
                    None => words.push(Word::from(printable(&input.path))),
                }
                words.push(Word::from("; give the export another file"));
                return Err(Refusal::usage(out.opt, words));
            }
            if let Some(held) = held_for_reading(&out.path) {
                return Err(Refusal::usage(
                    out.opt,
                    crate::words![
                        given(out.opt, &out.path),
                        format!(
                            " would write over {held}, which is open only for reading; give the export another file"
                        )
                    ],
                ));
            }
        }
        Ok(())
    }

    /// Refuses a set of files written into the folder `dir` (the value of
    /// `opt`) when one of the plan's inputs lies inside it, by any of its
    /// names (stdin's file too), under a name `writes` says the set may
    /// write: the set would replace it while it is read.
    pub fn check_folder(&self, opt: Opt, dir: &Path, writes: impl Fn(&str) -> bool) -> Result<(), Refusal> {
        for input in &self.inputs {
            let path = if input.path == Path::new("-") { Path::new("/dev/stdin") } else { &input.path };
            let Ok(real) = std::fs::canonicalize(path) else { continue };
            let named = real.file_name().and_then(|n| n.to_str()).is_some_and(&writes);
            if named && folder::lies_inside(&real, dir) {
                let shown =
                    if reads_stdin(&input.path) { "<stdin>".to_string() } else { printable(&input.path) };
                return Err(Refusal::usage(
                    opt,
                    crate::words![
                        given(opt, dir),
                        format!(
                            " would replace the input {shown}, a file of the set it writes; give it another folder"
                        )
                    ],
                ));
            }
        }
        Ok(())
    }

    /// Writes every output of the plan, each with the job of its option, all
    /// or none (see the module's notes); the files are put on disk by one
    /// sync of each file system that holds them, not one sync a file. An
    /// error names the file (`PATH: why`); an error a job gives for a reason
    /// of its own (a budget passed) is passed on as it is. An output with no
    /// job is an error, before anything is written.
    pub fn write(&self, jobs: Vec<(Opt, Writer<'_>)>) -> io::Result<()> {
        self.stage(jobs)?.finish()
    }

    /// [`OutputPlan::write`] but for the renames: every file is left whole
    /// under its temporary name (the streams are written), for the door to
    /// put in place with [`Staged::finish`] once what goes with them is
    /// (an exercise set's folder); dropped instead, it removes them.
    pub fn stage(&self, mut jobs: Vec<(Opt, Writer<'_>)>) -> io::Result<Staged> {
        let mut planned = Vec::with_capacity(self.outputs.len());
        for out in &self.outputs {
            let Some(at) = jobs.iter().position(|(opt, _)| *opt == out.opt) else {
                return Err(io::Error::other(format!("{}: nothing to write", out.path.display())));
            };
            planned.push((out.path.as_path(), jobs.swap_remove(at).1));
        }
        // The files first, under their temporary names; the streams last.
        planned.sort_by_key(|(path, _)| is_stream(path));
        let mut staged = Staged::default();
        for (path, job) in planned {
            let done = write_staged(path, |w| job(w)).map_err(|e| {
                if is_over_budget(&e) {
                    return e;
                }
                // Only stdout's reader having gone is a closed pipe to the
                // door (the command line ends quietly); a FIFO's is an error.
                let kind = match e.kind() {
                    io::ErrorKind::BrokenPipe if !file::closed_stdout(path, &e) => io::ErrorKind::Other,
                    kind => kind,
                };
                io::Error::new(kind, format!("{}: {e}", path.display()))
            })?;
            staged.files.extend(done);
            staged.written.push(path.to_path_buf());
        }
        Ok(staged)
    }
}

/// A plan's outputs written whole, the files still under their temporary
/// names: [`Staged::finish`] puts them in place; dropped, it removes them.
#[derive(Default)]
pub struct Staged {
    files: Vec<file::Staged>,
    written: Vec<PathBuf>,
}

impl Staged {
    /// Renames every file into place and puts them on disk.
    pub fn finish(self) -> io::Result<()> {
        for file in self.files {
            let target = file.target().to_path_buf();
            file.put_in_place()
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", target.display())))?;
        }
        sync_written(&self.written)
    }
}

/// An output that would pass its byte budget: the job that writes it fails
/// with this (in its own words), and [`OutputPlan::write`] passes it on as it
/// is, for the door to refuse as a budget rather than an output error.
#[derive(Debug)]
pub struct OverBudget(pub String);

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OverBudget {}

/// Whether a write failed because an output would pass its byte budget.
pub fn is_over_budget(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|r| r.is::<OverBudget>())
}

/// Checks the files one request of a door reads and writes, before it builds
/// anything: [`OutputPlan::check`] of `inputs` and `outputs`. For a door
/// that writes its own files (Python's `quiz(students="c.txt",
/// moodle="c.txt")`), whose refusal it says in its own words
/// ([`Refusal::in_door`]).
pub fn check_files(inputs: &[(Opt, &Path)], outputs: &[(Opt, &Path)]) -> Result<(), Refusal> {
    let mut plan = OutputPlan::new();
    for &(opt, path) in inputs {
        plan.input(opt, path);
    }
    for &(opt, path) in outputs {
        plan.output(opt, path);
    }
    plan.check()
}

/// Whether `path` is stdout, by any name.
fn on_stdout(path: &Path) -> bool {
    if path == Path::new("-") {
        return true;
    }
    let stdout = Place::of(Path::new("-"));
    stdout.is_some() && Place::of(path) == stdout
}

/// Whether the input `path` is read from stdin.
fn reads_stdin(path: &Path) -> bool {
    path == Path::new("-") || path == Path::new("/dev/stdin")
}

/// A path as a message shows it: `stdout` for `-`, control characters escaped.
fn shown(path: &Path) -> String {
    if path == Path::new("-") { "stdout".to_string() } else { printable(path) }
}

/// A path with its control characters escaped, for a one-line message.
fn printable(path: &Path) -> String {
    crate::game::printable(&path.to_string_lossy()).into_owned()
}

/// `opt` given `path`, as the door writes it: `--chart x.svg`, `moodle="x.xml"`.
fn given(opt: Opt, path: &Path) -> Word {
    Word::set(opt, printable(path))
}

/// Puts the regular files among `paths` on disk: one sync of each file system
/// that holds some of them (streams, pipes and devices need none).
fn sync_written(paths: &[PathBuf]) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let mut synced = Vec::new();
    for path in paths {
        let Ok(meta) = std::fs::metadata(path) else { continue };
        if !meta.is_file() || synced.contains(&meta.dev()) {
            continue;
        }
        let file = std::fs::File::open(path).or_else(|_| std::fs::File::open(file::folder_of(path)));
        file.and_then(|f| crate::runtime::system::sync_file_system(&f))
            .map_err(|e| io::Error::new(e.kind(), format!("{}: cannot sync: {e}", path.display())))?;
        synced.push(meta.dev());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::Door;
    use std::fs;

    fn scratch(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gametree-plan-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn refused(plan: &OutputPlan) -> (Option<Opt>, String) {
        let r = plan.check().expect_err("the plan was not refused");
        (r.option, r.in_door(Door::Cli))
    }

    #[test]
    fn one_file_by_any_of_its_names_is_one_file() {
        let dir = scratch("names");
        let x = dir.join("x");
        fs::create_dir(dir.join("sub")).unwrap();
        let dotted = dir.join("sub/../x");
        // Not made yet: the folder and the name are compared.
        let (opt, said) = refused(OutputPlan::new().output(Opt::Json, &x).output(Opt::Chart, &dotted));
        assert_eq!(opt, Some(Opt::Chart));
        assert!(said.starts_with("--json and --chart both write "), "{said}");
        assert!(said.ends_with(", one file; give each export its own file"), "{said}");
        // A link and its target.
        fs::write(&x, "old").unwrap();
        std::os::unix::fs::symlink(&x, dir.join("link")).unwrap();
        let (opt, said) =
            refused(OutputPlan::new().input(Opt::Class, &x).output(Opt::Moodle, dir.join("link")));
        assert_eq!(opt, Some(Opt::Moodle));
        assert!(said.contains("would overwrite the input --class "), "{said}");
        // The position's file is shown as it was given, `@FILE`.
        let (_, said) = refused(OutputPlan::new().input(Opt::Position, "x").output(Opt::Chart, "x"));
        assert_eq!(said, "--chart x would overwrite the input --position @x; give the export another file");
        assert_eq!(fs::read_to_string(&x).unwrap(), "old");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_outputs_on_stdout_are_refused_and_one_is_not() {
        let (opt, said) = refused(OutputPlan::new().output(Opt::Json, "-").output(Opt::Chart, "-"));
        assert_eq!(opt, Some(Opt::Chart));
        assert_eq!(
            said,
            "--json and --chart both write stdout, where they would mix; give each export its own file"
        );
        let mut plan = OutputPlan::new();
        plan.output(Opt::Json, "-").output(Opt::Chart, "c.svg");
        assert!(plan.check().is_ok());
        assert!(plan.to_stdout());
        // Stdin is an input, never stdout.
        assert!(OutputPlan::new().input(Opt::Moves, "-").output(Opt::Json, "-").check().is_ok());
    }

    #[test]
    fn the_python_door_says_the_refusal_in_its_own_words() {
        let dir = scratch("python");
        let c = dir.join("c.txt");
        fs::write(&c, "ann\n").unwrap();
        let r = check_files(&[(Opt::Class, &c)], &[(Opt::Moodle, &c)]).unwrap_err();
        let said = r.in_door(Door::Python);
        let shown = c.display();
        assert_eq!(
            said,
            format!(
                "moodle=\"{shown}\" would overwrite the input students=\"{shown}\"; give the export another file"
            )
        );
        let q = dir.join("q.txt");
        let r = check_files(&[], &[(Opt::Moodle, &q), (Opt::Gift, &q)]).unwrap_err();
        assert_eq!(r.option, Some(Opt::Gift));
        assert!(r.in_door(Door::Python).starts_with("moodle= and gift= both write "));
        assert!(check_files(&[(Opt::Class, &c)], &[(Opt::Moodle, &q), (Opt::Gift, &dir.join("g"))]).is_ok());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_outputs_are_written_all_or_none() {
        let dir = scratch("all-or-none");
        let (a, b) = (dir.join("a.svg"), dir.join("b.json"));
        fs::write(&a, "old a").unwrap();
        let mut plan = OutputPlan::new();
        plan.output(Opt::Chart, &a).output(Opt::Json, &b);
        // The second fails half-way: the first is left as it was.
        let failed = plan.write(vec![
            (Opt::Chart, Box::new(|w: &mut dyn Write| w.write_all(b"new a"))),
            (
                Opt::Json,
                Box::new(|w: &mut dyn Write| {
                    w.write_all(b"half")?;
                    Err(io::Error::other("disk full"))
                }),
            ),
        ]);
        let e = failed.unwrap_err();
        assert!(e.to_string().starts_with(&format!("{}: ", b.display())), "{e}");
        assert_eq!(fs::read_to_string(&a).unwrap(), "old a");
        assert!(!b.exists());
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "a temporary was left");
        // A budget's own error is passed on as it is.
        let over = plan.write(vec![
            (Opt::Chart, Box::new(|w: &mut dyn Write| w.write_all(b"new a"))),
            (Opt::Json, Box::new(|_: &mut dyn Write| Err(io::Error::other(OverBudget("too big".into()))))),
        ]);
        let e = over.unwrap_err();
        assert!(is_over_budget(&e) && e.to_string() == "too big", "{e}");
        assert_eq!(fs::read_to_string(&a).unwrap(), "old a");
        // An output with nothing to write: nothing is written.
        let e =
            plan.write(vec![(Opt::Chart, Box::new(|w: &mut dyn Write| w.write_all(b"new a")))]).unwrap_err();
        assert!(e.to_string().contains("nothing to write"), "{e}");
        assert_eq!(fs::read_to_string(&a).unwrap(), "old a");
        // Both written.
        plan.write(vec![
            (Opt::Json, Box::new(|w: &mut dyn Write| w.write_all(b"{}"))),
            (Opt::Chart, Box::new(|w: &mut dyn Write| w.write_all(b"new a"))),
        ])
        .unwrap();
        assert_eq!(fs::read_to_string(&a).unwrap(), "new a");
        assert_eq!(fs::read_to_string(&b).unwrap(), "{}");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
        fs::remove_dir_all(&dir).unwrap();
    }
}
