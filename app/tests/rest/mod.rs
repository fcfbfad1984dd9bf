//! The pages a table rests on, each reached by a short script on one
//! simulated table drawn off screen by Slint's software renderer at
//! 800×480, then left alone: what the idle-frames test (`ui_rest.rs`) and
//! benchmark (`benches/idle.rs`) share. Every card fact is a test value,
//! not a real box's.

// Each user takes the part it needs.
#![allow(dead_code)]

use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::{ComponentHandle, Model};
use std::rc::Rc;
use std::time::{Duration, Instant};
use tavola_core::table::{Input, NarrationControl, TimerConfig, Touch};
use tavola_games::avalon::{Command, RoleSet, Setup};
use tavola_games::nottingham as notts;
use tavola_games::soc::{self, Knight, Place};
use tavola_games::{kak, legends, GameKind, GameRng, Lang, Seat};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::offscreen::{self, Drawn};
use tavola_screens::{init, App, FactsUi, GameUi, KakUi, LegendsUi, Page, Ui};

/// The processor time this process has taken so far, all its threads
/// (`/proc/self/stat`'s user and system times, in the kernel's ticks of
/// 10 ms).
fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command's name, which is in parentheses.
    let rest = &stat[stat.rfind(')').expect("the command's name") + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    Duration::from_millis(ticks * 10)
}

const NAMES: [&str; 6] = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"];

/// The time a page is given to finish what comes with it (its entry, the
/// narration's last line) before it counts as at rest.
pub const SETTLE_MS: u64 = 8_000;

/// One simulated table, off screen or in a real window.
pub struct Table {
    pub ui: Ui,
    screen: Screen,
    /// The clock of the table and of the animations, in ms.
    pub now: u64,
}

/// Where the table's pages are drawn, and by what loop.
enum Screen {
    /// Slint's software renderer off screen, the app's loop run on the
    /// script's clock ([`offscreen::run_loop`]).
    Offscreen(Rc<MinimalSoftwareWindow>),
    /// A window of the desktop's (Slint's default backend), the app's own
    /// loop run in real time.
    Window { start: Instant, paced: tavola_screens::Paced },
}

/// A page at rest: its name, and whether a countdown shows on it (it may
/// then draw once each time the figure changes).
pub struct RestPage {
    pub name: &'static str,
    pub countdown: bool,
    /// The script that brings the table there from the page before.
    pub reach: fn(&mut Table),
}

impl Table {
    /// A table in English on the game picker. Makes this thread's windows
    /// off-screen ones: once per thread.
    pub fn open() -> Table {
        // The animations' clock is the script's from the start: it may
        // never go back.
        offscreen::set_clock(0);
        let window = offscreen::install(800, 480).expect("the off-screen platform");
        let booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
        let ui = init(booted).expect("the window");
        ui.window.show().expect("show");
        let mut t = Table { ui, screen: Screen::Offscreen(window), now: 0 };
        t.touch(Touch::SetLang { lang: Lang::En });
        t
    }

    /// A table in English on the game picker, in a window of the desktop
    /// as `tavola --simulate` opens it (its speaker too, silent where there
    /// is none), its loop paced in real time as the app's.
    pub fn open_window() -> Result<Table, String> {
        let booted = boot(&BootOptions { simulate: true, no_journal: true, speech: true, ..BootOptions::default() });
        let ui = init(booted).map_err(|e| format!("no window: {e}"))?;
        ui.window.show().map_err(|e| format!("no window: {e}"))?;
        let start = Instant::now();
        let paced = tavola_screens::pace(&ui, start);
        let mut t = Table { ui, screen: Screen::Window { start, paced }, now: 0 };
        t.touch(Touch::SetLang { lang: Lang::En });
        Ok(t)
    }

    /// The app's loop for `ms` with nothing happening. In a window, the
    /// frames are not counted, and the time busy is the whole process's
    /// processor time (every thread's: the parts', the speaker's).
    pub fn idle(&mut self, ms: u64) -> Drawn {
        match &self.screen {
            Screen::Offscreen(window) => offscreen::run_loop(&self.ui, window, &mut self.now, ms),
            Screen::Window { start, paced } => {
                let (cpu, turns) = (process_cpu(), paced.turns());
                slint::Timer::single_shot(Duration::from_millis(ms), || {
                    let _ = slint::quit_event_loop();
                });
                slint::run_event_loop().expect("the event loop");
                self.now = start.elapsed().as_millis() as u64;
                let ticks = u32::try_from(paced.turns() - turns).unwrap_or(u32::MAX);
                Drawn { frames: 0, ticks, animating: false, busy: process_cpu().saturating_sub(cpu) }
            }
        }
    }

    /// Whether the pages are drawn in a real window.
    pub fn in_window(&self) -> bool {
        matches!(self.screen, Screen::Window { .. })
    }

    pub fn touch(&mut self, t: Touch) {
        if let Screen::Window { start, .. } = &self.screen {
            self.now = start.elapsed().as_millis() as u64;
        }
        self.ui.controller.borrow_mut().input(Input::Touch(t));
        self.ui.step(self.now);
    }

    pub fn page(&self) -> Page {
        self.ui.window.global::<App<'_>>().get_page()
    }

    /// The narration skipped to its last line.
    fn last_line(&mut self) {
        while self.ui.controller.borrow().view().queued_lines > 0 {
            self.touch(Touch::Narration { control: NarrationControl::Skip });
        }
    }

    fn leave(&mut self) {
        self.ui.controller.borrow_mut().show_page(None);
        self.touch(Touch::Leave { confirm: true });
    }
}

/// Every page checked, in the order the scripts reach them.
pub fn pages() -> Vec<RestPage> {
    vec![
        RestPage { name: "picker", countdown: false, reach: |_| {} },
        RestPage { name: "avalon setup, a choice of several shown", countdown: false, reach: avalon_setup },
        RestPage { name: "king arthur's knights setup, the ring half laid", countdown: false, reach: kak_setup },
        RestPage { name: "avalon round, discussion timer running", countdown: true, reach: avalon_round },
        RestPage { name: "avalon round, timer run out", countdown: false, reach: timer_over },
        RestPage { name: "shadows over camelot board", countdown: false, reach: soc_board },
        RestPage { name: "nottingham board", countdown: false, reach: notts_board },
        RestPage { name: "king arthur's knights board", countdown: false, reach: kak_board },
        RestPage { name: "camelot legends board", countdown: false, reach: legends_board },
        RestPage { name: "card facts list", countdown: false, reach: facts_deck },
        RestPage { name: "card facts form, a character", countdown: false, reach: facts_character },
        RestPage { name: "card facts form, the sheriff's path", countdown: false, reach: facts_path },
        RestPage { name: "card facts table, the virtue cards", countdown: false, reach: facts_table },
        RestPage { name: "settings", countdown: false, reach: settings },
        RestPage { name: "history", countdown: false, reach: history },
    ]
}

/// Avalon's setup with the Lancelots' variant chosen (a row of choices in
/// a row of the options' list), then back to the picker.
fn avalon_setup(t: &mut Table) {
    t.touch(Touch::ChooseGame { game: GameKind::Avalon });
    assert!(tavola_screens::set_setup_option(&t.ui.window, "Lancelot: variant", 2));
    t.ui.step(t.now);
}

/// King Arthur's Knights' setup with four locations laid.
fn kak_setup(t: &mut Table) {
    t.leave();
    t.touch(Touch::ChooseGame { game: GameKind::KingArthursKnights });
    for _ in 0..4 {
        assert!(tavola_screens::lay_next_setup_card(&t.ui.window));
    }
    t.ui.step(t.now);
}

/// A discussion of 30 s: long enough to settle and count, short enough to
/// run out soon after.
const DISCUSSION_S: u32 = 30;

fn avalon_round(t: &mut Table) {
    let timers = TimerConfig::default().with("discussion", DISCUSSION_S);
    t.touch(Touch::SetTimers(timers));
    t.touch(Touch::ChooseGame { game: GameKind::Avalon });
    let roles = RoleSet::standard(5, &[]).expect("a legal set");
    let names = NAMES.iter().take(5).map(|n| n.to_string()).collect();
    let setup = Setup { names, roles, scan_roles: false, first_leader: Some(Seat(0)), options: Default::default() };
    t.touch(Touch::Avalon(Command::Setup(setup)));
    t.touch(Touch::Avalon(Command::EndNight));
    t.last_line();
    assert_eq!(t.page(), Page::AvalonRound);
    assert!(t.ui.window.global::<App<'_>>().get_timer_visible(), "the discussion timer runs");
}

/// The discussion's time gone by.
fn timer_over(t: &mut Table) {
    t.idle(u64::from(DISCUSSION_S) * 1000);
    assert!(t.ui.window.global::<App<'_>>().get_timer_expired());
}

fn soc_board(t: &mut Table) {
    t.leave();
    t.touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot });
    let knights = vec![Knight::Arthur, Knight::Galahad, Knight::Gawain, Knight::Kay];
    let setup = soc::Setup {
        knights,
        names: NAMES.iter().take(4).map(|n| n.to_string()).collect(),
        loyalty: soc::LoyaltyMode::Standard,
        scan_loyalty: false,
        youngest: None,
        rules: None,
    };
    t.touch(Touch::ShadowsOverCamelot(soc::Command::Setup(setup)));
    let black = soc::Command::BlackCard { card: "soc/black/saxons-1".into(), face_down: None, war: None };
    t.touch(Touch::ShadowsOverCamelot(black));
    t.touch(Touch::ShadowsOverCamelot(soc::Command::DrawWhite));
    t.touch(Touch::ShadowsOverCamelot(soc::Command::EndTurn));
    t.touch(Touch::ShadowsOverCamelot(soc::Command::AddSiegeEngine));
    t.touch(Touch::ShadowsOverCamelot(soc::Command::Move { to: Place::Grail }));
    t.last_line();
    assert_eq!(t.page(), Page::SocBoard);
}

fn notts_board(t: &mut Table) {
    t.leave();
    t.touch(Touch::ChooseGame { game: GameKind::Nottingham });
    let facts = notts::Facts { path: vec![4, 3, 5, 2, 6, 3, 4, 5, 2, 6, 3, 4], ..Default::default() };
    let setup = notts::Setup {
        colours: notts::Colour::ALL[..4].to_vec(),
        names: NAMES.iter().take(4).map(|n| n.to_string()).collect(),
        first: Seat(0),
        facts,
    };
    t.touch(Touch::Nottingham(notts::Command::Setup(setup)));
    t.touch(Touch::Nottingham(notts::Command::Draw { item: notts::Item::Gold }));
    t.touch(Touch::Nottingham(notts::Command::Act));
    t.touch(Touch::Nottingham(notts::Command::EndTurn));
    t.last_line();
    assert_eq!(t.page(), Page::NottsBoard, "{:?}", t.ui.controller.borrow().view().message);
}

fn kak_board(t: &mut Table) {
    t.leave();
    t.touch(Touch::ChooseGame { game: GameKind::KingArthursKnights });
    let mut rng = GameRng::seeded(11);
    let setup = kak::Setup {
        knights: kak::cards::knights().take(3).collect(),
        names: NAMES.iter().take(3).map(|n| n.to_string()).collect(),
        ring: kak::cards::locations().collect(),
        facts: kak::test_facts(&mut rng),
    };
    t.touch(Touch::KingArthursKnights(kak::Command::Setup(setup)));
    for quest in kak::cards::QUESTS.iter().take(3) {
        t.touch(Touch::KingArthursKnights(kak::Command::Reveal { card: quest.to_string() }));
    }
    let win = t.ui.window.clone_strong();
    for _ in 0..5 {
        tavola_screens::press_action(&win, &win.global::<KakUi<'_>>().get_actions(), |a| !a.step);
        t.ui.step(t.now);
    }
    t.last_line();
    assert_eq!(t.page(), Page::KakBoard);
}

fn legends_board(t: &mut Table) {
    t.leave();
    t.touch(Touch::ChooseGame { game: GameKind::CamelotLegends });
    let mut facts = legends::test_facts(&mut GameRng::seeded(3), 100);
    for f in facts.characters.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
    }
    for f in facts.events.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
        f.event_type = legends::EventType::Location;
        if f.location.is_none() {
            f.location = Some(legends::Location::Camelot);
        }
    }
    let setup = legends::Setup {
        colours: legends::Colour::ALL[..3].to_vec(),
        names: NAMES.iter().take(3).map(|n| n.to_string()).collect(),
        first: Some(Seat(0)),
        events: 10,
        characters: 20,
        facts,
        mode: legends::Mode::Introductory,
    };
    t.touch(Touch::CamelotLegends(legends::Command::Setup(setup)));
    let win = t.ui.window.clone_strong();
    let end_turn = Lang::En.text(&tavola_games::Msg::new("ui.legends.cmd.end_turn"));
    // The first button offered, a command before a list to open, but
    // never the turn's end: characters laid at the locations.
    for _ in 0..30 {
        let all: Vec<_> = win.global::<LegendsUi<'_>>().get_actions().iter().collect();
        let pick = all.iter().find(|a| !a.step && a.label != end_turn.as_str()).or_else(|| all.iter().find(|a| a.step));
        if let Some(a) = pick {
            win.global::<GameUi<'_>>().invoke_act(a.index);
            t.ui.step(t.now);
        }
    }
    t.last_line();
    assert_eq!(t.page(), Page::LegendsBoard);
}

fn facts_deck(t: &mut Table) {
    t.leave();
    t.ui.window.global::<FactsUi<'_>>().invoke_open_page();
    t.ui.step(t.now);
    assert_eq!(t.page(), Page::FactsDeck);
}

/// A Camelot Legends character's form: numbers and choices.
fn facts_character(t: &mut Table) {
    let f = t.ui.window.global::<FactsUi<'_>>();
    f.invoke_choose_game(2);
    f.invoke_open_card(0);
    f.invoke_step(0, -1, 1);
    t.ui.step(t.now);
    assert_eq!(t.page(), Page::FactsForm);
}

/// Nottingham's board: a list of numbers.
fn facts_path(t: &mut Table) {
    let f = t.ui.window.global::<FactsUi<'_>>();
    f.invoke_cancel();
    f.invoke_choose_game(0);
    t.ui.step(t.now);
    let path = f.get_cards().iter().position(|c| c.name.contains("path")).expect("the Sheriff's path");
    f.invoke_open_card(path as i32);
    for _ in 0..4 {
        f.invoke_add_item(0);
    }
    t.ui.step(t.now);
    assert_eq!(t.page(), Page::FactsForm);
}

/// King Arthur's Knights' eighteen virtue cards as one table, some typed.
fn facts_table(t: &mut Table) {
    let f = t.ui.window.global::<FactsUi<'_>>();
    f.invoke_cancel();
    f.invoke_choose_game(1);
    t.ui.step(t.now);
    let card = f.get_cards().iter().position(|c| c.name == "Virtue card 1").expect("the first virtue card");
    f.invoke_open_card(card as i32);
    f.invoke_as_table(true);
    for key in ["3", "2", "1", "1"] {
        f.invoke_key(key.into());
    }
    t.ui.step(t.now);
    assert_eq!(t.page(), Page::FactsForm);
    assert!(f.get_table());
}

fn settings(t: &mut Table) {
    t.ui.window.global::<FactsUi<'_>>().invoke_cancel();
    t.ui.controller.borrow_mut().show_page(Some(Page::Settings));
    t.ui.step(t.now);
    assert_eq!(t.page(), Page::Settings);
}

fn history(t: &mut Table) {
    t.ui.controller.borrow_mut().show_page(None);
    t.ui.window.global::<App<'_>>().invoke_open_history();
    t.ui.step(t.now);
    assert_eq!(t.page(), Page::History);
}
