//! The `tavola` command.

use std::process::ExitCode;
use tavola::games::Lang;

const USAGE: &str = "\
Tavola: a game master in a box for Arthurian table games.

Usage:
  tavola [--lang it|en]           start the touchscreen app (simulated hardware on a desktop)
  tavola headless [OPTIONS]       drive the table with JSON lines on stdin/stdout
      --seed N                    seed for the game's random numbers (default 0)
      --lang it|en                language of messages and narration (default en)
      --seats N                   seats on the simulated pad (default 10)
  tavola --help | --version
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("tavola: {msg}");
            ExitCode::from(2)
        }
    }
}

fn value<'a>(args: &'a [String], i: &mut usize, flag: &str) -> Result<&'a str, String> {
    *i += 1;
    args.get(*i).map(String::as_str).ok_or_else(|| format!("{flag} needs a value"))
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| format!("unknown language '{s}': use it or en"))
}

fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("--help" | "-h" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        Some("--version" | "-V") => {
            println!("tavola {}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        Some("headless") => {
            let mut opts = tavola::headless::Options::default();
            let mut i = 1;
            while i < args.len() {
                match args[i].as_str() {
                    "--seed" => {
                        opts.seed = value(args, &mut i, "--seed")?.parse().map_err(|_| "--seed needs a number")?
                    }
                    "--lang" => opts.lang = parse_lang(value(args, &mut i, "--lang")?)?,
                    "--seats" => {
                        opts.seats = value(args, &mut i, "--seats")?
                            .parse()
                            .ok()
                            .filter(|n| (1..=10).contains(n))
                            .ok_or("--seats needs a number from 1 to 10")?
                    }
                    other => return Err(format!("unknown option '{other}'\n\n{USAGE}")),
                }
                i += 1;
            }
            let stdin = std::io::stdin();
            tavola::headless::run(&opts, stdin.lock(), std::io::stdout().lock()).map_err(|e| e.to_string())
        }
        _ => gui(args),
    }
}

#[cfg(feature = "gui")]
fn gui(args: &[String]) -> Result<(), String> {
    let _ = args;
    Err("the touchscreen app is not wired in yet".into())
}

#[cfg(not(feature = "gui"))]
fn gui(_args: &[String]) -> Result<(), String> {
    Err(format!("this build has no touchscreen app (built without the `gui` feature)\n\n{USAGE}"))
}
