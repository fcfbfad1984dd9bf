//! The `tavola` command.

use std::process::ExitCode;
use tavola::games::Lang;

const USAGE: &str = "\
Tavola: a game master in a box for Arthurian table games.

Usage:
  tavola [OPTIONS]                start the touchscreen app (simulated hardware where the Pi's is missing)
      --simulate                  use only the on-screen pad and card picker, even on a Pi
      --fullscreen                fill the screen (the Pi's touchscreen)
      --appliance                 the Pi's appliance: Settings offer to shut the box down (exit status 75)
      --db PATH                   the journal file (default: $TAVOLA_DB or ~/.local/share/tavola/tavola.db)
      --lang it|en                the language for this start (otherwise the one chosen in Settings)
      --mute                      subtitles only: nothing is spoken
      --voices DIR                the voice packs (default: $TAVOLA_VOICES or voices/ beside the binary)
  tavola headless [OPTIONS]       drive the table with JSON lines on stdin/stdout
      --seed N                    seed for the game's random numbers (default 0)
      --lang it|en                language of messages and narration (default en)
      --seats N                   seats on the simulated pad (default 10)
      --db PATH                   commit every accepted input to this journal file
      --resume                    take up the journal's unfinished game first
      --replay FILE               tell a game exported by `tavola export` again, then go on from its end
  tavola history [--db PATH]      the games played: number, date, game, players, result
  tavola export N [--db PATH]     game number N as JSON lines (for --replay)
  tavola tags write CARD [--sim]  write a card id (e.g. avalon/role/merlin) on the blank tag laid on the reader
  tavola tags learn CARD [--sim]  remember the tag laid on the reader (any tag) as CARD
  tavola tags list                the tags learned so far
      --sim                       use a simulated reader with a virtual tag (to try the commands)
  tavola voice …                  voice packs for the narrator (see below)
  tavola --help | --version
";

/// How the command ended, when it went well.
enum Done {
    Ok,
    /// The host shut the box down from the app's settings.
    #[cfg_attr(not(feature = "gui"), allow(dead_code))]
    ShutDown,
}

impl From<()> for Done {
    fn from((): ()) -> Self {
        Done::Ok
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(Done::Ok) => ExitCode::SUCCESS,
        // deploy/tavola.service powers the Pi off on this status (tavola::ui::SHUT_DOWN_STATUS).
        Ok(Done::ShutDown) => ExitCode::from(75),
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

fn run(args: &[String]) -> Result<Done, String> {
    let done = match args.first().map(String::as_str) {
        Some("--help" | "-h" | "help") => {
            print!("{USAGE}{}\nVoice packs:\n{}", tavola::selftest::CLI_USAGE, tavola::narrator::voice::CLI_USAGE);
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
                    "--db" => opts.db = Some(value(args, &mut i, "--db")?.into()),
                    "--resume" => opts.resume = true,
                    "--replay" => opts.replay = Some(value(args, &mut i, "--replay")?.into()),
                    other => return Err(format!("unknown option '{other}'\n\n{USAGE}")),
                }
                i += 1;
            }
            let stdin = std::io::stdin();
            tavola::headless::run(&opts, stdin.lock(), std::io::stdout().lock()).map_err(|e| e.to_string())
        }
        Some("tags") => tags(&args[1..]),
        Some("selftest") => {
            let checks = tavola::selftest::cli(&args[1..])?;
            let failed = checks.iter().filter(|c| c.outcome == tavola::selftest::Outcome::Fail).count();
            if failed > 0 {
                return Err(format!("{failed} of {} checks failed", checks.len()));
            }
            Ok(())
        }
        Some("voice") => {
            print!("{}", tavola::narrator::voice::cli(&args[1..])?);
            Ok(())
        }
        Some(cmd @ ("history" | "export")) => journal_cmd(cmd, &args[1..]),
        _ => return gui(args),
    };
    done.map(Done::from)
}

fn journal_cmd(cmd: &str, args: &[String]) -> Result<(), String> {
    use tavola::journal::{GameId, Journal};
    let mut db = None;
    let mut number = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--db" => db = Some(value(args, &mut i, "--db")?.to_string()),
            n if cmd == "export" && number.is_none() => {
                number = Some(n.parse::<i64>().map_err(|_| format!("export: '{n}' is not a game number"))?)
            }
            other => return Err(format!("{cmd}: unknown option '{other}'")),
        }
        i += 1;
    }
    let opened = match db {
        Some(p) => Journal::open(p),
        None => Journal::open_default(),
    }
    .map_err(|e| e.to_string())?;
    let journal = opened.journal;
    if cmd == "export" {
        let n = number.ok_or("export: which game? (see `tavola history`)")?;
        print!("{}", journal.export_jsonl(GameId(n)).map_err(|e| e.to_string())?);
        return Ok(());
    }
    for g in journal.history().map_err(|e| e.to_string())? {
        let players = g.info.players.iter().filter(|p| !p.is_empty()).cloned().collect::<Vec<_>>().join(", ");
        let result = g.info.result.as_ref().and_then(|r| r.winner.clone()).unwrap_or_default();
        let minutes = g.duration_ms().map(|ms| format!("{} min", ms / 60_000)).unwrap_or_default();
        let when = tavola::journal::utc(g.info.started_at);
        println!("{}\t{when}\t{}\t{players}\t{result}\t{minutes}", g.info.id, g.info.kind.title());
    }
    Ok(())
}

fn ask(question: &str) -> bool {
    use std::io::Write;
    print!("{question} [y/N] ");
    let _ = std::io::stdout().flush();
    let mut answer = String::new();
    std::io::stdin().read_line(&mut answer).is_ok() && matches!(answer.trim(), "y" | "Y" | "s" | "S" | "yes" | "sì")
}

fn tags(args: &[String]) -> Result<(), String> {
    use tavola::tags;
    let sim = args.iter().any(|a| a == "--sim");
    let rest: Vec<&str> = args.iter().map(String::as_str).filter(|a| *a != "--sim").collect();
    let opened = tavola::journal::Journal::open_default().map_err(|e| e.to_string())?;
    if let Some(moved) = &opened.moved_aside {
        eprintln!("tavola: the database was damaged and was moved aside: {moved:?}");
    }
    let mut journal = opened.journal;
    if let ["list"] = rest.as_slice() {
        for t in journal.learned_tags().map_err(|e| e.to_string())? {
            println!("{}\t{}", t.uid, t.card);
        }
        return Ok(());
    }
    let (verb, card) = match rest.as_slice() {
        [verb @ ("write" | "learn"), card] => (*verb, *card),
        _ => return Err(format!("tags: say write CARD, learn CARD or list\n\n{USAGE}")),
    };
    tags::check_card_id(card)?;
    let sleep = |d| std::thread::sleep(d);
    let poll = std::time::Duration::from_millis(tavola::hw::nfc::POLL_MS);
    let message = if sim {
        let chip = tavola_firmware::sim::SimChip::new();
        let uid = [0x04, 0x53, 0x49, 0x4D, 0x00, 0x00, 0x01];
        chip.place(match verb {
            "write" => tavola_firmware::sim::SimTag::ntag213(uid),
            _ => tavola_firmware::sim::SimTag::classic_1k([0x53, 0x49, 0x4D, 0x01]),
        });
        let mut s = tags::session(chip)?;
        println!("Lay the tag on the reader…");
        let found = tags::wait_for_tag(&mut s, tags::WAIT_FOR_TAG, poll, sleep)?;
        match verb {
            "write" => tags::write(&mut s, card, &found, ask)?,
            _ => tags::learn(&mut journal, card, &found, ask)?,
        }
    } else {
        real_reader_tags(verb, card, &mut journal, poll)?
    };
    println!("{message}");
    Ok(())
}

#[cfg(feature = "rpi")]
fn real_reader_tags(
    verb: &str,
    card: &str,
    journal: &mut tavola::journal::Journal,
    poll: std::time::Duration,
) -> Result<String, String> {
    use tavola::tags;
    let (map, _) = tavola::hw::pinmap::load().map_err(|e| e.to_string())?;
    let (spi, _reset) = tavola::hw::rpi::open_reader_spi(&map.reader).map_err(|e| e.en)?;
    let mut s = tags::session(spi)?;
    println!("Lay the tag on the reader…");
    let found = tags::wait_for_tag(&mut s, tags::WAIT_FOR_TAG, poll, std::thread::sleep)?;
    match verb {
        "write" => tags::write(&mut s, card, &found, ask),
        _ => tags::learn(journal, card, &found, ask),
    }
}

#[cfg(not(feature = "rpi"))]
fn real_reader_tags(
    _verb: &str,
    _card: &str,
    _journal: &mut tavola::journal::Journal,
    _poll: std::time::Duration,
) -> Result<String, String> {
    Err("this build has no reader support: on the Pi, build with `--features rpi`; to try the command here, add --sim"
        .into())
}

#[cfg(feature = "gui")]
fn gui(args: &[String]) -> Result<Done, String> {
    let mut opts = tavola::ui::RunOptions::default();
    opts.boot.speech = true;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--simulate" => opts.boot.simulate = true,
            "--fullscreen" => opts.fullscreen = true,
            "--appliance" => opts.appliance = true,
            "--mute" => opts.boot.speech = false,
            "--voices" => opts.boot.voices = Some(value(args, &mut i, "--voices")?.into()),
            "--db" => opts.boot.db = Some(value(args, &mut i, "--db")?.into()),
            "--lang" => {
                opts.lang = Some(parse_lang(value(args, &mut i, "--lang")?)?);
            }
            other => return Err(format!("unknown option '{other}'\n\n{USAGE}")),
        }
        i += 1;
    }
    Ok(match tavola::ui::run(&opts)? {
        tavola::ui::Closed::ShutDown => Done::ShutDown,
        tavola::ui::Closed::Window => Done::Ok,
    })
}

#[cfg(not(feature = "gui"))]
fn gui(_args: &[String]) -> Result<Done, String> {
    Err(format!("this build has no touchscreen app (built without the `gui` feature)\n\n{USAGE}"))
}
