//! The time of a screen change as the table sees it: the touch (or command)
//! handed to the table, the screen brought up to date and the whole window
//! drawn again by the software renderer at 800×480 (release, simulation
//! mode). Target: under 16 ms, one frame at 60 Hz.
//!
//! Each change is made again and again from the same screen; the first time
//! (a game's cards and screens met for the first time) is printed apart from
//! the median of the rest.
//!
//! Camelot Legends, Nottingham and King Arthur's Knights are measured at
//! their heaviest moments, reached by taking up a seeded random game stored
//! in a journal as the box does after a restart (each game in a process of
//! its own, the bench run again with `TAVOLA_SCREENS_GAME`): Legends at the
//! last turn before the end (the most characters laid), Nottingham a turn
//! within its last ten commands (the fullest hands and stores), King
//! Arthur's Knights at its first
//! tournament (the ring complete, every knight placed). Timed there: the
//! game taken up and its board drawn, the board redrawn whole, and the last
//! move brought back (an undo, then the redo timed).

use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::ComponentHandle;
use std::path::Path;
use std::rc::Rc;
use std::time::Instant;
use tavola_core::journal::{GameMeta, Journal};
use tavola_core::table::{AnyEvent, Input, Touch};
use tavola_games::avalon::{self, Role, RoleSet};
use tavola_games::soc::{self, Knight, Place};
use tavola_games::testkit::{recorded_game, Fuzz};
use tavola_games::{kak, legends, nottingham, GameKind, Registered, Seat};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, offscreen, press_action, AvalonUi, Page, SocUi, Ui};

/// One frame at 60 Hz.
const TARGET_MS: f64 = 16.0;
/// Times each change is made.
const RUNS: usize = 21;
const NAMES: [&str; 10] = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia", "Ivo", "Luisa", "Marta"];

struct Table {
    ui: Ui,
    window: Rc<MinimalSoftwareWindow>,
    now: u64,
}

impl Table {
    /// A touch handed to the table and the screen brought up to date, as
    /// the app's loop does.
    fn touch(&mut self, t: Touch) {
        self.ui.controller.borrow_mut().input(Input::Touch(t));
        self.ui.step(self.now);
    }

    fn draw(&self) {
        let (_, _, pixels) = offscreen::render(&self.window);
        std::hint::black_box(pixels);
    }

    fn page(&self) -> Page {
        self.ui.window.global::<tavola_screens::App<'_>>().get_page()
    }

    /// `before` (not timed, its screen drawn), then `change` and the frame
    /// after it, timed; `RUNS` times. Prints the first and the median.
    fn time(&mut self, what: &str, before: impl Fn(&mut Table), change: impl Fn(&mut Table), page: Page) {
        let mut times = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            before(self);
            self.draw();
            self.now += 1_000;
            let start = Instant::now();
            change(self);
            self.draw();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(self.page(), page, "{what}: the change shows its screen");
        }
        let first = times[0];
        let mut rest = times[1..].to_vec();
        rest.sort_by(f64::total_cmp);
        let median = rest[rest.len() / 2];
        let verdict = if median < TARGET_MS { "met" } else { "MISSED" };
        println!(
            "{what:<62} {median:>6.2} ms (first {first:>6.2} ms, slowest {:>6.2} ms)   target < {TARGET_MS} ms: {verdict}",
            rest[rest.len() - 1]
        );
    }
}

/// Touches the Shadows over Camelot button labelled `label`; whether there
/// was one.
fn touch_soc(t: &mut Table, label: &str) -> bool {
    let actions = t.ui.window.global::<SocUi<'_>>().get_actions();
    press_action(&t.ui.window, &actions, |a| a.label == label)
}

/// Touches the Shadows over Camelot button labelled `label`.
fn press(t: &mut Table, label: &str) {
    assert!(touch_soc(t, label), "no “{label}”");
}

/// Closes the black cards, where they are open.
fn back(t: &mut Table) {
    touch_soc(t, "Back");
}

fn names(n: usize) -> Vec<String> {
    NAMES.iter().take(n).map(|s| s.to_string()).collect()
}

fn avalon_setup(t: &mut Table) {
    t.touch(Touch::Leave { confirm: true });
    t.touch(Touch::ChooseGame { game: GameKind::Avalon });
}

fn avalon_ten(t: &mut Table) {
    let roles = RoleSet::standard(10, &[Role::Percival, Role::Morgana, Role::Mordred, Role::Oberon]).expect("a set");
    let setup = avalon::Setup {
        names: names(10),
        roles,
        scan_roles: false,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    };
    t.touch(Touch::Avalon(avalon::Command::Setup(setup)));
}

fn soc_setup(t: &mut Table) {
    t.touch(Touch::Leave { confirm: true });
    t.touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot });
}

fn soc_seven(t: &mut Table) {
    use Knight::*;
    t.touch(Touch::ShadowsOverCamelot(soc::Command::Setup(soc::Setup {
        knights: vec![Arthur, Galahad, Gawain, Kay, Percival, Tristan, Palamedes],
        names: names(7),
        loyalty: soc::LoyaltyMode::Standard,
        scan_loyalty: false,
        youngest: None,
        rules: None,
    })));
}

/// The environment variable that runs one game's part of the bench.
const GAME_ENV: &str = "TAVOLA_SCREENS_GAME";

/// A seeded random game of `G` played to its end, cut where `moment` first
/// holds of the game as it then stands (`None`: nowhere): the stored events
/// of each command up to there, and how many commands the whole game had.
fn cut<G: Fuzz + Registered>(moment: impl Fn(&G, usize, usize) -> bool) -> (Vec<Vec<AnyEvent>>, usize) {
    for seed in 1..500 {
        let game = recorded_game::<G>(seed, 20_000);
        if !game.state.is_over() {
            continue;
        }
        let total = game.stored.len();
        let mut state = G::default();
        for (i, events) in game.stored.iter().enumerate() {
            events.iter().for_each(|e| state.apply(e));
            if !state.is_over() && moment(&state, i + 1, total) {
                let kept = game.stored[..=i].iter().map(|c| c.iter().cloned().map(G::wrap_event).collect()).collect();
                return (kept, total);
            }
        }
    }
    panic!("no random {:?} game reaches the moment", G::KIND)
}

/// One game's heaviest moment: the game stored unfinished in a journal,
/// taken up and its board drawn, then redrawn, then its last move taken
/// back and brought back.
fn resumed(kind: GameKind) {
    let (what, (entries, total), board) = match kind {
        GameKind::CamelotLegends => (
            "Camelot Legends, the last turn",
            cut::<legends::Legends>(|_, at, total| at + 1 == total),
            Page::LegendsBoard,
        ),
        GameKind::Nottingham => (
            "Nottingham, late in the game",
            cut::<nottingham::Nottingham>(|g, at, total| at + 10 >= total && g.turn().is_some()),
            Page::NottsBoard,
        ),
        GameKind::KingArthursKnights => (
            "King Arthur's Knights, a tournament",
            cut::<kak::Kak>(|g, _, _| matches!(g.phase(), kak::Phase::Tournament { .. })),
            Page::KakBoard,
        ),
        other => panic!("no heavy moment for {other:?}"),
    };
    let dir = tempfile_dir(kind);
    let db = dir.join("tavola.db");
    let mut journal = Journal::open(&db).expect("open").journal;
    let id = journal.begin_game(kind, &GameMeta::from_events(&entries[0], None)).expect("begin");
    for events in &entries {
        journal.append(id, events).expect("append");
    }
    drop(journal);

    let window = offscreen::install(800, 480).expect("the off-screen platform");
    let ui = init(boot(&BootOptions {
        simulate: true,
        db: Some(db.clone()),
        settings: Some(dir.join("settings.toml")),
        ..BootOptions::default()
    }))
    .expect("the window");
    ui.window.show().expect("show");
    let mut t = Table { ui, window, now: 0 };
    t.ui.step(0);
    t.draw();
    let start = Instant::now();
    t.ui.window.global::<tavola_screens::App<'_>>().invoke_take_up();
    t.ui.step(t.now);
    t.draw();
    let taken_up = start.elapsed().as_secs_f64() * 1000.0;
    assert_eq!(t.page(), board, "{what}: the game taken up shows its board");
    let verdict = if taken_up < TARGET_MS { "met" } else { "MISSED" };
    println!(
        "{:<62} {taken_up:>6.2} ms (once, {} of {total} commands replayed)   target < {TARGET_MS} ms: {verdict}",
        format!("{}: taken up → the board", kind.title()),
        entries.len()
    );
    t.time(&format!("{what}: redrawn"), |_| {}, |t| t.ui.step(t.now), board);
    t.time(&format!("{what}: the last move brought back"), |t| t.touch(Touch::Undo), |t| t.touch(Touch::Redo), board);
    drop(t);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh directory for one part's journal.
fn tempfile_dir(kind: GameKind) -> std::path::PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("screens-bench-{}-{}", kind.id(), std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the bench directory");
    dir
}

fn main() {
    if let Some(game) = std::env::var_os(GAME_ENV) {
        let name = game.to_string_lossy();
        resumed(GameKind::from_name(&name).unwrap_or_else(|| panic!("no game {name}")));
        return;
    }
    let window = offscreen::install(800, 480).expect("the off-screen platform");
    let ui =
        init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).expect("the window");
    ui.window.show().expect("show");
    // The buttons are pressed by their English labels, whatever the
    // machine's language.
    ui.window.global::<tavola_screens::App<'_>>().invoke_set_lang("en".into());
    let mut t = Table { ui, window, now: 0 };
    t.ui.step(0);
    t.draw();
    println!("Screen changes at 800×480, software renderer (median of {} after the first):", RUNS - 1);

    t.time(
        "home → Avalon's setup",
        |t| t.touch(Touch::Leave { confirm: true }),
        |t| t.touch(Touch::ChooseGame { game: GameKind::Avalon }),
        Page::Setup,
    );
    t.time(
        "home → Shadows over Camelot's setup",
        |t| t.touch(Touch::Leave { confirm: true }),
        |t| t.touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot }),
        Page::Setup,
    );
    t.time("Avalon's setup → the night, 10 players", avalon_setup, avalon_ten, Page::AvalonNight);
    t.time(
        "the night → Avalon's board, 10 players",
        |t| {
            avalon_setup(t);
            avalon_ten(t);
        },
        |t| t.touch(Touch::Avalon(avalon::Command::EndNight)),
        Page::AvalonRound,
    );
    // A busy board: ten seats, a team being picked, a seat tapped in and out.
    let seat = std::cell::Cell::new(0);
    t.time(
        "Avalon's board, 10 players: a seat tapped",
        |_| {},
        |t| {
            t.ui.window.global::<AvalonUi<'_>>().invoke_toggle_seat(seat.get());
            seat.set((seat.get() + 1) % 10);
            t.ui.step(t.now);
        },
        Page::AvalonRound,
    );
    t.time("Shadows over Camelot's setup → the board, 7 knights", soc_setup, soc_seven, Page::SocBoard);
    // A busy board: seven knights, a few turns played, a knight moving.
    soc_setup(&mut t);
    soc_seven(&mut t);
    for to in [Place::BlackKnight, Place::Grail, Place::Picts, Place::Excalibur, Place::Saxons] {
        t.touch(Touch::ShadowsOverCamelot(soc::Command::AddSiegeEngine));
        t.touch(Touch::ShadowsOverCamelot(soc::Command::Move { to }));
        t.touch(Touch::ShadowsOverCamelot(soc::Command::EndTurn));
    }
    t.time(
        "Shadows over Camelot's board, 7 knights: the black cards opened",
        back,
        |t| {
            press(t, "Draw a black card");
            t.ui.step(t.now);
        },
        Page::SocBoard,
    );
    t.time("Shadows over Camelot's board, 7 knights: redrawn", back, |t| t.ui.step(t.now), Page::SocBoard);
    drop(t);

    // The other games, each in a process of its own (one window a process).
    let me = std::env::current_exe().expect("the bench's own path");
    for kind in [GameKind::CamelotLegends, GameKind::Nottingham, GameKind::KingArthursKnights] {
        let status = std::process::Command::new(&me).env(GAME_ENV, kind.id()).status().expect("the bench run again");
        assert!(status.success(), "{}: {status}", kind.title());
    }
}
