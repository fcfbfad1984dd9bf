//! The `tavola` command line: every command, sub-command and option, from
//! which clap makes the help (`--help`, for each command too), `--version`
//! and the error for an unknown option or a bad value (exit status 2).
//!
//! Only the words are read here; each command runs where it lives (`main`,
//! [`tavola::headless`], [`tavola_hw::selftest`], [`tavola_narrator::voice`]).

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use tavola_games::Lang;
use tavola_hw::selftest::SelftestArgs;
use tavola_narrator::voice::VoiceCommand;

/// Tavola: a game master in a box for Arthurian table games.
///
/// Without a command, starts the touchscreen app (simulated hardware where the Pi's is missing).
#[derive(Debug, PartialEq, Eq, Parser)]
#[command(name = "tavola", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(flatten)]
    pub app: AppArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The touchscreen app's options (no command given).
#[derive(Debug, Default, PartialEq, Eq, Args)]
pub struct AppArgs {
    /// Use only the on-screen pad and card picker, even on a Pi
    #[arg(long)]
    pub simulate: bool,
    /// Fill the screen (the Pi's touchscreen)
    #[arg(long)]
    pub fullscreen: bool,
    /// The Pi's appliance: Settings offer to shut the box down (exit status 75)
    #[arg(long)]
    pub appliance: bool,
    /// The journal file (default: $TAVOLA_DB or ~/.local/share/tavola/tavola.db)
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// The language for this start (otherwise the one chosen in Settings)
    #[arg(long, value_name = "it|en")]
    pub lang: Option<Lang>,
    /// Subtitles only: nothing is spoken
    #[arg(long)]
    pub mute: bool,
    /// The voice packs (default: $TAVOLA_VOICES or voices/ beside the binary)
    #[arg(long, value_name = "DIR")]
    pub voices: Option<PathBuf>,
}

/// The commands besides the touchscreen app.
#[derive(Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Drive the table with JSON lines on stdin/stdout
    Headless(HeadlessArgs),
    /// The games played: number, date, game, players, result
    History {
        /// The journal file (default: $TAVOLA_DB or ~/.local/share/tavola/tavola.db)
        #[arg(long, value_name = "PATH")]
        db: Option<PathBuf>,
    },
    /// Game number N as JSON lines (for `tavola headless --replay`)
    Export {
        /// The game's number (see `tavola history`)
        #[arg(value_name = "N")]
        number: i64,
        /// The journal file (default: $TAVOLA_DB or ~/.local/share/tavola/tavola.db)
        #[arg(long, value_name = "PATH")]
        db: Option<PathBuf>,
    },
    /// The owner's card facts (numbers printed only on the cards): list, export or import a deck file
    Facts {
        #[command(subcommand)]
        action: FactsAction,
        /// The journal file (default: $TAVOLA_DB or ~/.local/share/tavola/tavola.db)
        #[arg(long, value_name = "PATH", global = true)]
        db: Option<PathBuf>,
        /// Language of the messages
        #[arg(long, value_name = "it|en", global = true)]
        lang: Option<Lang>,
    },
    /// Write a card id on a tag, or remember a tag as a card
    Tags(TagsArgs),
    /// Check the reader, a tag, each seat's buttons and light, the roll button, the dice, the speaker
    Selftest(SelftestArgs),
    /// The real-time clocks and what they tell; with --set, the system clock set from the best one (at boot, as root)
    Clock {
        /// Set the system clock from the real-time clock that tells a believable time (deploy/tavola-clock.service)
        #[arg(long)]
        set: bool,
    },
    /// Voice packs for the narrator
    Voice {
        #[command(subcommand)]
        command: VoiceCommand,
    },
}

/// What `tavola facts` does.
#[derive(Debug, PartialEq, Eq, Subcommand)]
pub enum FactsAction {
    /// Every card of GAME that carries facts, with its values or "missing"
    List {
        /// The game (avalon, soc, nottingham, kak, legends)
        game: String,
    },
    /// GAME's facts as a deck file, on standard output
    Export {
        /// The game (avalon, soc, nottingham, kak, legends)
        game: String,
    },
    /// Read a deck file, show what it would change, and import it once confirmed
    Import {
        /// The deck file
        file: PathBuf,
        /// Import without asking
        #[arg(long)]
        yes: bool,
    },
}

/// The options of `tavola headless`.
#[derive(Debug, PartialEq, Eq, Args)]
pub struct HeadlessArgs {
    /// Seed for the game's random numbers
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Language of messages and narration
    #[arg(long, value_name = "it|en", default_value = "en")]
    pub lang: Lang,
    /// Seats on the simulated pad (1 to 10)
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub seats: u8,
    /// Commit every accepted input to this journal file
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Take up the journal's unfinished game first
    #[arg(long)]
    pub resume: bool,
    /// Tell a game exported by `tavola export` again, then go on from its end
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// First-game mode: explain each step the first time it comes
    #[arg(long)]
    pub first_game: bool,
}

impl HeadlessArgs {
    /// The run's settings.
    pub fn options(self) -> tavola::headless::Options {
        let HeadlessArgs { seed, lang, seats, db, resume, replay, first_game } = self;
        tavola::headless::Options { seed, lang, seats, db, resume, replay, first_game, ..Default::default() }
    }
}

/// The options of `tavola tags`.
#[derive(Debug, PartialEq, Eq, Args)]
pub struct TagsArgs {
    /// Use a simulated reader with a virtual tag (to try the commands)
    #[arg(long, global = true)]
    pub sim: bool,
    /// With --sim: lay the tag of this Flipper Zero .nfc dump on the simulated reader
    #[arg(long, global = true, value_name = "FILE", requires = "sim")]
    pub dump: Option<PathBuf>,
    /// The language of what the command says (default: the one chosen in Settings, else English)
    #[arg(long, global = true, value_name = "it|en")]
    pub lang: Option<Lang>,
    #[command(subcommand)]
    pub action: TagsAction,
}

/// What `tavola tags` does.
#[derive(Debug, PartialEq, Eq, Subcommand)]
pub enum TagsAction {
    /// Write a card id (e.g. avalon/role/merlin) on the blank tag laid on the reader
    Write {
        /// The card id
        card: String,
    },
    /// Remember the tag laid on the reader (any tag) as CARD
    Learn {
        /// The card id
        card: String,
    },
    /// The tags learned so far
    List,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::CommandFactory;

    fn parse(line: &str) -> Cli {
        Cli::try_parse_from(line.split_whitespace()).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    fn refused(line: &str) -> ErrorKind {
        match Cli::try_parse_from(line.split_whitespace()) {
            Ok(cli) => panic!("{line} was accepted: {cli:?}"),
            Err(e) => {
                assert_eq!(e.exit_code(), 2, "{line}: {e}");
                e.kind()
            }
        }
    }

    fn command(line: &str) -> Command {
        parse(line).command.unwrap_or_else(|| panic!("{line}: no command"))
    }

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    /// deploy/tavola.service, `make run`, docs/usage.md.
    #[test]
    fn no_command_starts_the_app_with_its_options() {
        assert_eq!(parse("tavola"), Cli { app: AppArgs::default(), command: None });
        let app = parse("tavola --fullscreen --appliance").app;
        assert_eq!(app, AppArgs { fullscreen: true, appliance: true, ..AppArgs::default() });
        let app = parse("tavola --simulate --db /tmp/t.db --lang it --mute --voices /opt/voices").app;
        assert_eq!(
            app,
            AppArgs {
                simulate: true,
                db: Some("/tmp/t.db".into()),
                lang: Some(Lang::It),
                mute: true,
                voices: Some("/opt/voices".into()),
                ..AppArgs::default()
            }
        );
        assert_eq!(parse("tavola --lang=en").app.lang, Some(Lang::En));
    }

    /// docs/usage.md, docs/headless.md, `make headless`, app/tests/crash.rs.
    #[test]
    fn headless_takes_its_options_with_the_same_defaults() {
        let Command::Headless(args) = command("tavola headless") else { panic!() };
        let (opts, default) = (args.options(), tavola::headless::Options::default());
        assert_eq!((opts.seed, opts.lang, opts.seats), (default.seed, default.lang, default.seats));
        assert_eq!((opts.db, opts.resume, opts.replay), (None, false, None));

        let Command::Headless(args) = command("tavola headless --seed 7") else { panic!() };
        assert_eq!(args.seed, 7);
        let Command::Headless(args) = command("tavola headless --seed 3 --lang it --seats 5") else { panic!() };
        assert_eq!((args.seed, args.lang, args.seats), (3, Lang::It, 5));
        let Command::Headless(args) = command("tavola headless --seed 3 --resume --db /tmp/t.db") else { panic!() };
        assert_eq!((args.resume, args.db), (true, Some("/tmp/t.db".into())));
        let Command::Headless(args) = command("tavola headless --replay game.jsonl --db t.db") else { panic!() };
        assert_eq!(args.replay, Some("game.jsonl".into()));
        assert!(!opts.first_game);
        let Command::Headless(args) = command("tavola headless --first-game") else { panic!() };
        assert!(args.options().first_game);
    }

    /// deploy/tavola-clock.service runs `tavola clock --set`; `tavola clock` only looks.
    #[test]
    fn clock_looks_unless_told_to_set() {
        assert_eq!(command("tavola clock"), Command::Clock { set: false });
        assert_eq!(command("tavola clock --set"), Command::Clock { set: true });
        assert_eq!(refused("tavola clock --from rtc0"), ErrorKind::UnknownArgument);
    }

    /// docs/usage.md: history, export; docs/card-facts.md: facts.
    #[test]
    fn history_and_export_read_the_journal() {
        assert_eq!(command("tavola history"), Command::History { db: None });
        assert_eq!(
            command("tavola facts list nottingham"),
            Command::Facts { action: FactsAction::List { game: "nottingham".into() }, db: None, lang: None }
        );
        assert_eq!(
            command("tavola facts export nottingham --db t.db"),
            Command::Facts {
                action: FactsAction::Export { game: "nottingham".into() },
                db: Some("t.db".into()),
                lang: None
            }
        );
        assert_eq!(
            command("tavola facts import deck.json --yes --lang it"),
            Command::Facts {
                action: FactsAction::Import { file: "deck.json".into(), yes: true },
                db: None,
                lang: Some(Lang::It)
            }
        );
        assert_eq!(command("tavola history --db t.db"), Command::History { db: Some("t.db".into()) });
        assert_eq!(command("tavola export 12"), Command::Export { number: 12, db: None });
        assert_eq!(command("tavola export 12 --db t.db"), Command::Export { number: 12, db: Some("t.db".into()) });
        assert_eq!(command("tavola export --db t.db 3"), Command::Export { number: 3, db: Some("t.db".into()) });
    }

    /// docs/usage.md, hardware/tagging-guide.md: `--sim` before or after the card.
    #[test]
    fn tags_write_learn_and_list() {
        let tags = |line: &str| match command(line) {
            Command::Tags(t) => (t.sim, t.action),
            other => panic!("{line}: {other:?}"),
        };
        let merlin = || TagsAction::Write { card: "avalon/role/merlin".into() };
        assert_eq!(tags("tavola tags write avalon/role/merlin"), (false, merlin()));
        assert_eq!(tags("tavola tags write avalon/role/merlin --sim"), (true, merlin()));
        assert_eq!(tags("tavola tags --sim write avalon/role/merlin"), (true, merlin()));
        let traitor = TagsAction::Learn { card: "soc/loyalty/traitor".into() };
        assert_eq!(tags("tavola tags learn soc/loyalty/traitor --sim"), (true, traitor));
        assert_eq!(tags("tavola tags list"), (false, TagsAction::List));
        match command("tavola tags --sim --dump tests/data/tag.nfc learn soc/loyalty/traitor") {
            Command::Tags(t) => assert_eq!(t.dump.as_deref(), Some(std::path::Path::new("tests/data/tag.nfc"))),
            other => panic!("{other:?}"),
        }
        assert_eq!(refused("tavola tags --dump t.nfc list"), ErrorKind::MissingRequiredArgument, "--dump needs --sim");
    }

    /// docs/usage.md, docs/hardware.md, hardware/README.md.
    #[test]
    fn selftest_options() {
        assert_eq!(command("tavola selftest"), Command::Selftest(SelftestArgs::default()));
        assert_eq!(
            command("tavola selftest --sim"),
            Command::Selftest(SelftestArgs { sim: true, ..Default::default() })
        );
        assert_eq!(
            command("tavola selftest --lang en --seats 4 --wait 30"),
            Command::Selftest(SelftestArgs { sim: false, lang: Some(Lang::En), seats: Some(4), wait: Some(30) })
        );
    }

    /// Makefile, voices/README.md.
    #[test]
    fn voice_commands() {
        let voice = |line: &str| match command(line) {
            Command::Voice { command } => command,
            other => panic!("{line}: {other:?}"),
        };
        let speed = tavola_narrator::synth::DEFAULT_SPEED;
        assert_eq!(voice("tavola voice build"), VoiceCommand::Build { lang: vec![], out: None, speed });
        assert_eq!(
            voice("tavola voice build --out voices"),
            VoiceCommand::Build { lang: vec![], out: Some("voices".into()), speed }
        );
        assert_eq!(
            voice("tavola voice build --lang it --out voices"),
            VoiceCommand::Build { lang: vec![Lang::It], out: Some("voices".into()), speed }
        );
        assert_eq!(
            voice("tavola voice build --lang it --out /opt/tavola/voices --speed 140"),
            VoiceCommand::Build { lang: vec![Lang::It], out: Some("/opt/tavola/voices".into()), speed: 140 }
        );
        assert_eq!(voice("tavola voice check"), VoiceCommand::Check { dir: None, out: None });
        assert_eq!(voice("tavola voice check voices"), VoiceCommand::Check { dir: Some("voices".into()), out: None });
        assert_eq!(voice("tavola voice script --lang it"), VoiceCommand::Script { lang: vec![Lang::It] });
        assert_eq!(
            voice("tavola voice manifest voices/it --lang it --name Laura"),
            VoiceCommand::Manifest { dir: "voices/it".into(), lang: Lang::It, name: "Laura".into() }
        );
        assert_eq!(
            voice("tavola voice manifest voices/en --lang en"),
            VoiceCommand::Manifest { dir: "voices/en".into(), lang: Lang::En, name: "recorded".into() }
        );
    }

    #[test]
    fn unknown_options_and_bad_values_are_refused() {
        assert_eq!(refused("tavola --frobnicate"), ErrorKind::UnknownArgument);
        assert_eq!(refused("tavola headless --frobnicate"), ErrorKind::UnknownArgument);
        assert_eq!(refused("tavola voice build --frobnicate"), ErrorKind::UnknownArgument);
        assert_eq!(refused("tavola selftest --frobnicate"), ErrorKind::UnknownArgument);
        assert_eq!(refused("tavola tags list --frobnicate"), ErrorKind::UnknownArgument);
        assert_eq!(refused("tavola history --frobnicate"), ErrorKind::UnknownArgument);
        assert_eq!(refused("tavola frobnicate"), ErrorKind::InvalidSubcommand);
        for bad in [
            "tavola --lang fr",
            "tavola headless --lang fr",
            "tavola headless --seed many",
            "tavola headless --seats 0",
            "tavola headless --seats 11",
            "tavola export twelve",
            "tavola selftest --seats 11",
            "tavola selftest --wait 0",
            "tavola selftest --wait 601",
            "tavola voice build --speed 79",
            "tavola voice build --speed 451",
            "tavola voice build --lang fr",
        ] {
            assert_eq!(refused(bad), ErrorKind::ValueValidation, "{bad}");
        }
        assert_eq!(refused("tavola headless --db"), ErrorKind::InvalidValue);
        assert_eq!(refused("tavola export"), ErrorKind::MissingRequiredArgument);
        assert_eq!(refused("tavola voice manifest voices/it"), ErrorKind::MissingRequiredArgument);
        assert_eq!(refused("tavola tags write"), ErrorKind::MissingRequiredArgument);
        assert_eq!(refused("tavola voice"), ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand);
        assert_eq!(refused("tavola tags"), ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand);
        // The app's options belong to the app, not to a command.
        assert_eq!(refused("tavola --fullscreen headless"), ErrorKind::ArgumentConflict);
        assert_eq!(refused("tavola headless --fullscreen"), ErrorKind::UnknownArgument);
    }

    #[test]
    fn help_and_version() {
        for line in ["tavola --help", "tavola -h", "tavola help", "tavola headless --help", "tavola voice build --help"]
        {
            let e = Cli::try_parse_from(line.split_whitespace()).unwrap_err();
            assert_eq!((e.kind(), e.exit_code()), (ErrorKind::DisplayHelp, 0), "{line}");
        }
        let e = Cli::try_parse_from(["tavola", "--version"]).unwrap_err();
        assert_eq!((e.kind(), e.exit_code()), (ErrorKind::DisplayVersion, 0));
        assert_eq!(e.to_string(), format!("tavola {}\n", env!("CARGO_PKG_VERSION")));

        let help = Cli::command().render_long_help().to_string();
        for word in ["headless", "history", "export", "tags", "selftest", "voice", "--appliance", "$TAVOLA_DB"] {
            assert!(help.contains(word), "{word} in:\n{help}");
        }
    }
}
