//! The time of a screen change as the table sees it: the touch (or command)
//! handed to the table, the screen brought up to date and the whole window
//! drawn again by the software renderer at 800×480 (release, simulation
//! mode). Target: under 16 ms, one frame at 60 Hz.
//!
//! Each change is made again and again from the same screen; the first time
//! (a game's cards and screens met for the first time) is printed apart from
//! the median of the rest.

use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::ComponentHandle;
use std::rc::Rc;
use std::time::Instant;
use tavola::boot::{boot, BootOptions};
use tavola::games::avalon::{self, Role, RoleSet};
use tavola::games::soc::{self, Knight, Place};
use tavola::games::{GameKind, Seat};
use tavola::table::{Input, Touch};
use tavola::ui::{init, offscreen, press_action, AvalonUi, Page, SocUi, Ui};

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
        self.ui.window.global::<tavola::ui::App<'_>>().get_page()
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

/// Touches the Shadows over Camelot button labelled `label`.
fn press(t: &mut Table, label: &str) {
    let actions = t.ui.window.global::<SocUi<'_>>().get_actions();
    assert!(press_action(&t.ui.window, &actions, |a| a.label == label), "no “{label}”");
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

fn main() {
    let window = offscreen::install(800, 480).expect("the off-screen platform");
    let ui =
        init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).expect("the window");
    ui.window.show().expect("show");
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
        |t| press(t, "Back"),
        |t| {
            press(t, "Draw a black card");
            t.ui.step(t.now);
        },
        Page::SocBoard,
    );
    t.time(
        "Shadows over Camelot's board, 7 knights: redrawn",
        |t| press(t, "Back"),
        |t| t.ui.step(t.now),
        Page::SocBoard,
    );
}
