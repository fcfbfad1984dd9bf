//! The `tavola` command.

mod cli;

use clap::Parser;
use cli::{AppArgs, Cli, Command, FactsAction, TagsAction};
use std::path::PathBuf;
use std::process::ExitCode;
use tavola_games::Lang;
use tavola_words::{msg, Msg, Said};

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
    // Help, --version, an unknown option or a bad value: clap says so and
    // exits (status 0 for help and version, 2 for a mistake).
    let cli = Cli::parse();
    match run(cli) {
        Ok(Done::Ok) => ExitCode::SUCCESS,
        // deploy/tavola.service powers the Pi off on this status (tavola_screens::SHUT_DOWN_STATUS).
        Ok(Done::ShutDown) => ExitCode::from(75),
        Err(msg) => {
            eprintln!("tavola: {msg}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<Done, String> {
    let done = match cli.command {
        None => return gui(cli.app),
        Some(Command::Headless(args)) => {
            let stdin = std::io::stdin();
            tavola::headless::run(&args.options(), stdin.lock(), std::io::stdout().lock()).map_err(|e| e.to_string())
        }
        Some(Command::History { db }) => history(db),
        Some(Command::Export { number, db }) => export(number, db),
        Some(Command::Facts { action, db, lang }) => facts(action, db, lang),
        Some(Command::Tags(args)) => tags(args.sim.then_some(args.dump), args.lang, args.action),
        Some(Command::Selftest(args)) => {
            let (checks, lang) = tavola_hw::selftest::cli(&args)?;
            let failed = checks.iter().filter(|c| c.outcome == tavola_hw::selftest::Outcome::Fail).count();
            if failed > 0 {
                return Err(lang.text(&msg!("cli.selftest.failed", count = failed, total = checks.len())));
            }
            Ok(())
        }
        Some(Command::Clock { set }) => {
            let lang = tavola_core::settings::command_lang(None, None);
            print!(
                "{}",
                tavola_core::system::clock::cli(std::path::Path::new("/"), set, lang).map_err(|e| e.text(lang))?
            );
            Ok(())
        }
        Some(Command::Voice { command }) => {
            let lang = tavola_core::settings::command_lang(None, None);
            print!("{}", tavola_narrator::voice::cli(&command, lang).map_err(|e| e.text(lang))?);
            Ok(())
        }
    };
    done.map(Done::from)
}

/// The journal at `db`, or the default one. A damaged file moved aside is
/// said on the standard error, in `lang` (else the journal's language), as
/// the table says it on its screen.
fn journal(db: Option<PathBuf>, lang: Option<Lang>) -> Result<tavola_core::journal::Journal, String> {
    use tavola_core::journal::Journal;
    let opened = match db {
        Some(p) => Journal::open(p),
        None => Journal::open_default(),
    }
    .map_err(|e| tavola_core::settings::command_lang(lang, None).text(&e.msg()))?;
    if let Some(moved) = &opened.moved_aside {
        let lang = tavola_core::settings::command_lang(lang, Some(&opened.journal));
        eprintln!("tavola: {}", lang.text(&msg!("cli.moved_aside", notice = moved.notice())));
    }
    Ok(opened.journal)
}

fn export(number: i64, db: Option<PathBuf>) -> Result<(), String> {
    let journal = journal(db, None)?;
    print!("{}", journal.export_jsonl(tavola_core::journal::GameId(number)).map_err(|e| e.to_string())?);
    Ok(())
}

/// `tavola facts`: the owner's card facts, listed, exported as a deck file,
/// or imported from one after showing what would change.
fn facts(action: FactsAction, db: Option<PathBuf>, lang: Option<Lang>) -> Result<(), String> {
    let mut journal = journal(db, lang)?;
    let lang = tavola_core::settings::command_lang(lang, Some(&journal));
    let known = journal.facts().map_err(|e| lang.text(&e.msg()))?;
    let game = |name: &str| {
        tavola_games::GameKind::from_name(name).ok_or_else(|| lang.text(&msg!("deck.unknown_game", game = name)))
    };
    match action {
        FactsAction::List { game: name } => print!("{}", tavola_core::deck::list(game(&name)?, &known, lang)),
        FactsAction::Export { game: name } => print!("{}", tavola_core::deck::render(game(&name)?, &known)),
        FactsAction::Import { file, yes } => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let (_, book) =
                tavola_core::deck::parse(&text, tavola_games::Catalog::builtin()).map_err(|e| e.text(lang))?;
            let changes = tavola_core::deck::changes(&known, &book);
            print!("{}", tavola_core::deck::describe(&changes, lang));
            if changes.is_empty() {
                return Ok(());
            }
            if !yes && !ask(lang, &msg!("cli.facts.import", count = changes.len())) {
                return Ok(());
            }
            let new = changes.into_iter().map(|c| (c.card, c.after)).collect();
            journal.keep_facts(&new).map_err(|e| lang.text(&e.msg()))?;
            println!("{}", lang.text(&msg!("notice.table.deck_imported", count = new.len())));
        }
    }
    Ok(())
}

fn history(db: Option<PathBuf>) -> Result<(), String> {
    let journal = journal(db, None)?;
    for g in journal.history().map_err(|e| e.to_string())? {
        let players = g.info.players.iter().filter(|p| !p.is_empty()).cloned().collect::<Vec<_>>().join(", ");
        let result = g.info.result.as_ref().and_then(|r| r.winner.clone()).unwrap_or_default();
        let minutes = g.duration_ms().map(|ms| format!("{} min", ms / 60_000)).unwrap_or_default();
        let when = tavola_core::journal::utc(g.info.started_at);
        println!("{}\t{when}\t{}\t{players}\t{result}\t{minutes}", g.info.id, g.info.kind.title());
    }
    Ok(())
}

/// Asks `question` on the terminal; true for yes (y, or s for sì).
fn ask(lang: Lang, question: &Msg) -> bool {
    use std::io::Write;
    print!("{}", lang.text(&msg!("cli.confirm", question = question.clone())));
    let _ = std::io::stdout().flush();
    let mut answer = String::new();
    std::io::stdin().read_line(&mut answer).is_ok() && matches!(answer.trim(), "y" | "Y" | "s" | "S" | "yes" | "sì")
}

fn tags(sim: Option<Option<PathBuf>>, lang: Option<Lang>, action: TagsAction) -> Result<(), String> {
    let opened = tavola_core::journal::Journal::open_default()
        .map_err(|e| tavola_core::settings::command_lang(lang, None).text(&e.msg()))?;
    let mut journal = opened.journal;
    let lang = tavola_core::settings::command_lang(lang, Some(&journal));
    if let Some(moved) = &opened.moved_aside {
        eprintln!("tavola: {}", lang.text(&msg!("cli.moved_aside", notice = moved.notice())));
    }
    tags_on(sim, lang, action, &mut journal).map_err(|m| lang.text(&m))
}

fn tags_on(
    sim: Option<Option<PathBuf>>,
    lang: Lang,
    action: TagsAction,
    journal: &mut tavola_core::journal::Journal,
) -> Result<(), Msg> {
    use tavola_core::tags;
    let ask = |q: &Msg| ask(lang, q);
    let (verb, card) = match &action {
        TagsAction::List => {
            for t in journal.learned_tags().map_err(|e| e.msg())? {
                println!("{}\t{}", t.uid, t.card);
            }
            return Ok(());
        }
        TagsAction::Write { card } => ("write", card.as_str()),
        TagsAction::Learn { card } => ("learn", card.as_str()),
    };
    tags::check_card_id(card)?;
    let sleep = |d| std::thread::sleep(d);
    let poll = std::time::Duration::from_millis(tavola_core::hw::nfc::POLL_MS);
    let message = if let Some(dump) = sim {
        let chip = tavola_firmware::sim::SimChip::new();
        chip.place(tags::sim_tag(verb == "write", dump.as_deref())?);
        let mut s = tags::session(chip)?;
        println!("{}", lang.text(&msg!("cli.tags.lay_tag")));
        let found = tags::wait_for_tag(&mut s, tags::WAIT_FOR_TAG, poll, sleep)?;
        match verb {
            "write" => tags::write(&mut s, card, &found, ask)?,
            _ => tags::learn(journal, card, &found, ask)?,
        }
    } else {
        real_reader_tags(verb, card, lang, journal, poll)?
    };
    println!("{}", lang.text(&message));
    Ok(())
}

#[cfg(feature = "rpi")]
fn real_reader_tags(
    verb: &str,
    card: &str,
    lang: Lang,
    journal: &mut tavola_core::journal::Journal,
    poll: std::time::Duration,
) -> Result<Msg, Msg> {
    use tavola_core::tags;
    let ask = |q: &Msg| ask(lang, q);
    let (map, _) = tavola_core::hw::pinmap::load(tavola_core::hw::pinmap::Fitted::as_set())
        .map_err(|e| msg!("hw.pinmap.invalid", error = e.msg()))?;
    let (spi, _reset) = tavola_hw::rpi::open_reader_spi(&map.reader).map_err(|e| e.msg)?;
    let mut s = tags::session(spi)?;
    println!("{}", lang.text(&msg!("cli.tags.lay_tag")));
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
    _lang: Lang,
    _journal: &mut tavola_core::journal::Journal,
    _poll: std::time::Duration,
) -> Result<Msg, Msg> {
    Err(msg!("cli.tags.no_reader_support"))
}

#[cfg(feature = "gui")]
fn gui(args: AppArgs) -> Result<Done, String> {
    let mut opts = tavola_screens::RunOptions::default();
    opts.boot.simulate = args.simulate;
    opts.fullscreen = args.fullscreen;
    opts.appliance = args.appliance;
    opts.boot.speech = !args.mute;
    opts.boot.voices = args.voices;
    opts.boot.db = args.db;
    opts.lang = args.lang;
    Ok(match tavola_screens::run(&opts).map_err(|e| e.to_string())? {
        tavola_screens::Closed::ShutDown => Done::ShutDown,
        tavola_screens::Closed::Window => Done::Ok,
    })
}

#[cfg(not(feature = "gui"))]
fn gui(args: AppArgs) -> Result<Done, String> {
    use clap::CommandFactory;
    let lang = tavola_core::settings::command_lang(args.lang, None);
    Err(format!("{}\n\n{}", lang.text(&msg!("cli.no_gui")), Cli::command().render_help()))
}
