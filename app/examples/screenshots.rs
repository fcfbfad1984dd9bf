//! Renders every screen of Tavola with the software renderer, at 800×480 (the
//! 7" touchscreen) and 1280×800, into `docs/screenshots/*.png`.
//!
//!     cargo run -p tavola --example screenshots [OUT_DIR [it [teach]]]
//!
//! `TAVOLA_SCREENSHOT_SIZES=1024x600,1280x720,1920x1080` draws at those sizes
//! instead (the other displays the layout test checks; `make screenshots-displays`
//! draws them into `target/screenshots/`, not kept in the repository).
//!
//! `teach` draws the first-game mode's screens only (`teach-*`).

use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::ComponentHandle;
use std::path::{Path, PathBuf};
use tavola_core::hw::PadButton;
use tavola_core::table::{Input, NarrationControl, Touch};
use tavola_games::avalon::{AvalonOptions, Command, LancelotVariant, MissionCard, Role, RoleSet, Setup};
use tavola_games::catalog::Catalog;
use tavola_games::nottingham::{self as notts, Colour, Item};
use tavola_games::soc::{self, Knight, Place};
use tavola_games::{kak, legends};
use tavola_games::{GameKind, Lang, Seat};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{
    init, offscreen, ActionItem, App, AvalonExtras, AvalonUi, FactsUi, GameUi, KakUi, LegendsUi, Page, SetupUi, SocUi,
    Ui,
};

const SIZES: [(u32, u32); 2] = [(800, 480), (1280, 800)];

/// The sizes to draw: [`SIZES`], or those `TAVOLA_SCREENSHOT_SIZES` names.
fn sizes() -> Vec<(u32, u32)> {
    let Ok(asked) = std::env::var("TAVOLA_SCREENSHOT_SIZES") else {
        return SIZES.to_vec();
    };
    asked
        .split(',')
        .map(|size| {
            let (w, h) = size.trim().split_once('x').unwrap_or_else(|| panic!("{size}: say WIDTHxHEIGHT"));
            (w.parse().expect("a width in pixels"), h.parse().expect("a height in pixels"))
        })
        .collect()
}
const NAMES: [&str; 7] = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia"];

struct Shooter {
    ui: Ui,
    window: std::rc::Rc<MinimalSoftwareWindow>,
    dir: PathBuf,
    now: u64,
    animations: u64,
}

impl Shooter {
    fn save(&mut self, name: &str) {
        // Animations (scroll bars fading) settled, on a clock of the script's own.
        self.animations += 5_000;
        offscreen::set_clock(self.animations);
        for (w, h) in sizes() {
            self.window.set_size(slint::PhysicalSize::new(w, h));
            self.ui.step(self.now);
            let (w, h, pixels) = offscreen::render(&self.window);
            write_png(&self.dir.join(format!("{name}-{w}x{h}.png")), w, h, &pixels);
        }
    }

    fn touch(&mut self, t: Touch) {
        self.ui.controller.borrow_mut().input(Input::Touch(t));
        self.ui.step(self.now);
    }

    fn avalon(&mut self, c: Command) {
        self.touch(Touch::Avalon(c));
    }

    fn soc(&mut self, c: soc::Command) {
        let what = format!("{c:?}");
        self.touch(Touch::ShadowsOverCamelot(c));
        if let Some(m) = self.ui.controller.borrow().view().message {
            eprintln!("{what}: {m}");
        }
    }

    /// A Shadows over Camelot turn: `evil`, a trip to `to`, the end.
    fn notts(&mut self, c: notts::Command) {
        self.touch(Touch::Nottingham(c));
    }

    fn kak(&mut self, c: kak::Command) {
        self.touch(Touch::KingArthursKnights(c));
    }

    fn legends(&mut self, c: legends::Command) {
        self.touch(Touch::CamelotLegends(c));
    }

    fn soc_turn(&mut self, evil: soc::Command, to: Place) {
        self.soc(evil);
        if self
            .ui
            .controller
            .borrow()
            .view()
            .game_view
            .as_ref()
            .and_then(|v| v.get::<soc::Soc>())
            .is_some_and(|v| v.ended.is_some())
        {
            return;
        }
        self.soc(soc::Command::Move { to });
        self.soc(soc::Command::EndTurn);
    }

    /// Skips the narration to its last line (what the table has just heard).
    fn last_line(&mut self) {
        while self.ui.controller.borrow().view().queued_lines > 0 {
            self.touch(Touch::Narration { control: NarrationControl::Skip });
        }
    }

    /// Skips the narration to the line `id` (or to the last line).
    fn skip_to_line(&mut self, id: &str) {
        loop {
            let view = self.ui.controller.borrow().view();
            if view.queued_lines == 0 || view.subtitle.is_some_and(|l| l.id == id) {
                break;
            }
            self.touch(Touch::Narration { control: NarrationControl::Skip });
        }
    }

    fn wait(&mut self, ms: u64) {
        self.now += ms;
        self.ui.step(self.now);
    }

    /// A clean press on the on-screen pad, through the debouncer.
    fn press(&mut self, seat: u8, button: PadButton) {
        let pad = self.ui.controller.borrow().on_screen().pad.clone().expect("the on-screen pad");
        pad.borrow_mut().set_level(self.now, seat, button, true);
        self.wait(60);
        pad.borrow_mut().set_level(self.now, seat, button, false);
        self.wait(60);
    }

    fn everyone(&mut self, players: u8, button: PadButton) {
        for s in 0..players {
            self.press(s, button);
        }
    }

    /// The mission cards of the team, as the reader takes them.
    fn mission(&mut self, cards: &[(u8, MissionCard)]) {
        for &(seat, card) in cards {
            self.avalon(Command::PlayMission { seat: Seat(seat), card });
        }
        if let Some(m) = self.ui.controller.borrow().view().message {
            eprintln!("mission: {m}");
        }
    }

    fn team(&mut self, seats: &[u8]) {
        self.avalon(Command::ProposeTeam {
            team: seats.iter().map(|&s| Seat(s)).collect(),
            mission: None,
            excalibur: None,
        });
    }
}

fn write_png(path: &Path, w: u32, h: u32, pixels: &[slint::Rgb8Pixel]) {
    let file = std::fs::File::create(path).expect("create the PNG");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let bytes: Vec<u8> = pixels.iter().flat_map(|p| [p.r, p.g, p.b]).collect();
    enc.write_header().and_then(|mut wr| wr.write_image_data(&bytes)).expect("write the PNG");
    println!("{}", path.display());
}

fn main() {
    let dir = std::env::args().nth(1).map_or_else(|| PathBuf::from("docs/screenshots"), PathBuf::from);
    // English unless asked (`it` draws the same screens in Italian, to check the translation fits).
    let lang = std::env::args().nth(2).and_then(|code| Lang::from_code(&code)).unwrap_or(Lang::En);
    std::fs::create_dir_all(&dir).expect("the screenshots folder");
    let window = offscreen::install(800, 480).expect("the off-screen platform");
    let ui = init(boot(&BootOptions { simulate: true, no_journal: true, seed: Some(7), ..BootOptions::default() }))
        .expect("the window");
    ui.window.show().expect("show");
    let mut s = Shooter { ui, window, dir, now: 0, animations: 0 };
    s.touch(Touch::SetLang { lang });
    tavola_screens::select_language(lang);
    s.save("picker");
    if std::env::args().nth(3).as_deref() == Some("teach") {
        teach_screens(&mut s);
        return;
    }

    avalon_screens(&mut s);
    pages_screens(&mut s);
    avalon_on_trust_screens(&mut s);
    avalon_options_screens(&mut s, lang);
    soc_screens(&mut s);
    notts_screens(&mut s);
    facts_screens(&mut s);
    kak_screens(&mut s);
    legends_screens(&mut s);
    teach_screens(&mut s);
    history_screens(&s, lang);
}

/// The Resistance: Avalon with seven players, from the setup to the end:
/// the roles scanned, the night, a team, the votes, the round, the
/// Assassin, the characters turned over.
fn avalon_screens(s: &mut Shooter) {
    s.touch(Touch::ChooseGame { game: GameKind::Avalon });
    s.ui.controller.borrow_mut().prepare_setup(7, &[Role::Percival, Role::Morgana]);
    s.save("avalon-setup");

    let roles = RoleSet::standard(7, &[Role::Percival, Role::Morgana, Role::Oberon]).expect("a legal set");
    let names = NAMES.iter().map(|n| n.to_string()).collect();
    s.avalon(Command::Setup(Setup {
        names,
        roles,
        scan_roles: true,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    }));
    s.avalon(Command::RoleCard { card: "avalon/role/merlin".into() });
    s.last_line();
    s.save("avalon-role-scan");
    for card in ["percival", "servant-1", "assassin", "morgana", "oberon", "servant-2"] {
        s.avalon(Command::RoleCard { card: format!("avalon/role/{card}") });
    }
    // The night as Merlin is told to open his eyes.
    s.skip_to_line("avalon.night.merlin_open");
    s.save("avalon-night");

    s.avalon(Command::EndNight);
    s.ui.window.global::<AvalonUi<'_>>().invoke_toggle_seat(0);
    s.ui.window.global::<AvalonUi<'_>>().invoke_toggle_seat(2);
    s.wait(4_000);
    s.save("avalon-team");

    s.team(&[0, 2]);
    for seat in [0, 1, 3] {
        s.press(seat, PadButton::Approve);
    }
    s.wait(5_000);
    s.ui.window.global::<App<'_>>().set_show_table(true);
    s.save("avalon-vote");
    s.ui.window.global::<App<'_>>().set_show_table(false);

    for seat in [2, 4, 5, 6] {
        s.press(seat, if seat == 4 { PadButton::Reject } else { PadButton::Approve });
    }
    s.wait(5_000);
    s.mission(&[(0, MissionCard::Success), (2, MissionCard::Success)]);
    // Mission 2 fails, then a team for mission 3 is rejected.
    s.team(&[1, 3, 4]);
    s.everyone(7, PadButton::Approve);
    s.wait(5_000);
    s.mission(&[(1, MissionCard::Success), (3, MissionCard::Fail), (4, MissionCard::Success)]);
    s.team(&[0, 2, 6]);
    for seat in 0..7 {
        s.press(seat, if seat % 3 == 0 { PadButton::Reject } else { PadButton::Approve });
    }
    s.wait(20_000);
    s.last_line();
    s.save("avalon-round");
    s.ui.window.global::<App<'_>>().set_confirm_leave(true);
    s.save("avalon-leave");
    s.ui.window.global::<App<'_>>().set_confirm_leave(false);

    // Missions 3 and 4 succeed: the Assassin's turn.
    s.team(&[0, 2, 6]);
    s.everyone(7, PadButton::Approve);
    for seat in [0, 2, 6] {
        s.avalon(Command::PlayMission { seat: Seat(seat), card: MissionCard::Success });
    }
    s.team(&[0, 1, 2, 6]);
    s.everyone(7, PadButton::Approve);
    for seat in [0, 1, 2, 6] {
        s.avalon(Command::PlayMission { seat: Seat(seat), card: MissionCard::Success });
    }
    s.last_line();
    s.save("avalon-assassination");
    s.last_line();
    s.avalon(Command::Assassinate { target: Seat(1) });
    s.wait(4_000);
    s.last_line();
    // The characters named one after the other: two turned, then all.
    s.wait(6_000);
    s.save("avalon-end-reveal");
    s.ui.window.global::<AvalonUi<'_>>().invoke_skip_reveal();
    s.ui.step(s.now);
    s.save("avalon-end");
}

/// Settings, About and the hardware pages.
fn pages_screens(s: &mut Shooter) {
    s.ui.controller.borrow_mut().show_page(Some(Page::Settings));
    s.save("settings");
    s.ui.controller.borrow_mut().show_page(Some(Page::About));
    s.save("about");

    // The hardware pages: the self-test half-way (the reader, a tag and
    // seat 1 passed, seat 2 awaited), then tagging Avalon's roles.
    s.ui.controller.borrow_mut().show_page(Some(Page::Settings));
    let hw_window = s.ui.window.clone_strong();
    let hw = hw_window.global::<tavola_screens::HardwareUi<'_>>();
    hw.invoke_open("selftest".into());
    hw.invoke_start_selftest();
    let reader = s.ui.controller.borrow().on_screen().reader.clone().expect("the on-screen reader");
    reader.borrow_mut().place("04A1B2C3D4E5F6", Some("avalon/role/merlin"));
    s.wait(100);
    s.wait(100);
    s.press(0, PadButton::Approve);
    s.press(0, PadButton::Reject);
    s.wait(20);
    s.save("selftest");
    hw.invoke_stop_selftest();
    hw.invoke_close();
    s.ui.window.global::<App<'_>>().set_show_table(false);
    hw.invoke_open("tags".into());
    hw.invoke_choose_kind(0);
    hw.invoke_choose_card("avalon/role/merlin".into());
    s.wait(100);
    s.save("tags");
    hw.invoke_close();
    reader.borrow_mut().remove();
    s.ui.controller.borrow_mut().show_page(None);
}

/// A game of Avalon played on trust, in Italian.
fn avalon_on_trust_screens(s: &mut Shooter) {
    // A game played on trust, in Italian: the table confirms who Merlin was.
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::SetLang { lang: Lang::It });
    s.touch(Touch::ChooseGame { game: GameKind::Avalon });
    let names = NAMES.iter().take(5).map(|n| n.to_string()).collect();
    let roles = RoleSet::standard(5, &[]).expect("a legal set");
    s.avalon(Command::Setup(Setup {
        names,
        roles,
        scan_roles: false,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    }));
    s.avalon(Command::EndNight);
    for team in [&[0, 1][..], &[1, 2, 3], &[2, 3]] {
        s.team(team);
        for seat in 0..5 {
            s.avalon(Command::Vote { seat: Seat(seat), approve: true });
        }
        for &seat in team {
            s.avalon(Command::PlayMission { seat: Seat(seat), card: MissionCard::Success });
        }
    }
    s.avalon(Command::Assassinate { target: Seat(3) });
    s.last_line();
    s.save("avalon-confirm-it");
}

/// Avalon's optional rules, in `lang`.
fn avalon_options_screens(s: &mut Shooter, lang: Lang) {
    // The optional rules, in English: the rules page over the setup, the
    // leader's choices, Excalibur's choice and the covered panel.
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::SetLang { lang });
    s.touch(Touch::ChooseGame { game: GameKind::Avalon });
    s.ui.controller.borrow_mut().prepare_setup(7, &[Role::Percival, Role::Morgana]);
    let win = s.ui.window.clone_strong();
    let extras = win.global::<AvalonExtras<'_>>();
    let setup = win.global::<SetupUi<'_>>();
    for rule in ["Lady of the Lake", "Excalibur", "The leader chooses the mission"] {
        tavola_screens::set_setup_option(&win, rule, 1);
    }
    tavola_screens::set_setup_option(&win, "Lancelot: variant", 2);
    s.save("avalon-options");
    setup.set_show_details(true);
    s.save("avalon-details");
    setup.set_show_details(false);
    let names = NAMES.iter().map(|n| n.to_string()).collect();
    let roles = RoleSet::standard(7, &[Role::Percival, Role::Morgana, Role::GoodLancelot, Role::EvilLancelot])
        .expect("a legal set");
    let options = AvalonOptions {
        lady_of_the_lake: true,
        excalibur: true,
        choose_missions: true,
        lancelot: Some(LancelotVariant::V2),
        merlin_sees_evil_lancelot: true,
    };
    s.avalon(Command::Setup(Setup { names, roles, scan_roles: false, first_leader: Some(Seat(0)), options }));
    s.avalon(Command::EndNight);
    let ui = win.global::<AvalonUi<'_>>();
    ui.invoke_toggle_seat(0);
    ui.invoke_toggle_seat(2);
    extras.invoke_choose_mission(1);
    extras.invoke_give_excalibur(2);
    s.last_line();
    s.save("avalon-leader-choices");
    s.avalon(Command::ProposeTeam { team: vec![Seat(0), Seat(2)], mission: Some(0), excalibur: Some(Seat(2)) });
    s.everyone(7, PadButton::Approve);
    s.press(0, PadButton::Reject);
    s.press(2, PadButton::Approve);
    s.last_line();
    s.save("avalon-excalibur");
    s.avalon(Command::UseExcalibur { target: Some(Seat(0)) });
    s.last_line();
    s.save("avalon-private");
    extras.invoke_peek();
    s.wait(100);
    s.save("avalon-private-seen");
}

/// Shadows over Camelot.
fn soc_screens(s: &mut Shooter) {
    let win = s.ui.window.clone_strong();
    let setup = win.global::<SetupUi<'_>>();
    // Shadows over Camelot: the setup, the board mid-game, a black card
    // picked on screen, a siege fight waiting for the die, the end.
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot });
    let soc_ui = win.global::<SocUi<'_>>();
    setup.invoke_set_players(6);
    for (i, name) in NAMES.iter().take(6).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    s.save("soc-setup");
    let knights = vec![Knight::Arthur, Knight::Galahad, Knight::Gawain, Knight::Kay, Knight::Percival, Knight::Tristan];
    s.soc(soc::Command::Setup(soc::Setup {
        knights,
        names: NAMES.iter().take(6).map(|n| n.to_string()).collect(),
        loyalty: soc::LoyaltyMode::Standard,
        scan_loyalty: false,
        youngest: None,
        rules: None,
    }));
    let black =
        |card: &str, face_down: Option<bool>| soc::Command::BlackCard { card: card.into(), face_down, war: None };
    s.soc(black("soc/black/saxons-1", None));
    s.soc(soc::Command::DrawWhite);
    s.soc(soc::Command::EndTurn);
    s.soc_turn(soc::Command::AddSiegeEngine, Place::BlackKnight);
    s.soc_turn(black("soc/black/black-knight-5-1", Some(true)), Place::Grail);
    s.soc_turn(soc::Command::AddSiegeEngine, Place::Picts);
    s.soc_turn(soc::Command::LoseLife, Place::Excalibur);
    // Tristan's move from the Round Table is free: white cards first.
    s.soc(black("soc/black/excalibur-1", None));
    s.soc(soc::Command::DrawWhite);
    s.soc(soc::Command::Move { to: Place::Lancelot });
    s.soc(soc::Command::EndTurn);
    tavola_screens::press_action(&win, &soc_ui.get_actions(), |a| said(a, "ui.soc.cmd.black_card"));
    s.last_line();
    s.save("soc-black-cards");
    tavola_screens::press_action(&win, &soc_ui.get_actions(), |a| said(a, "ui.soc.back"));
    s.soc(soc::Command::AddSiegeEngine);
    s.last_line();
    s.save("soc-board");
    s.soc(soc::Command::SiegeFight { cards: vec![5, 3] });
    s.last_line();
    s.save("soc-siege");
    s.soc(soc::Command::RollDie);
    s.soc(soc::Command::EndTurn);
    // Siege engines until Camelot falls.
    for _ in 0..40 {
        let view =
            s.ui.controller
                .borrow()
                .view()
                .game_view
                .as_ref()
                .and_then(|v| v.get::<soc::Soc>())
                .cloned()
                .expect("the game");
        if view.ended.is_some() {
            break;
        }
        let here = view.turn.and_then(|t| view.knights[t.index()].place);
        let to = if here == Some(Place::Camelot) { Place::Grail } else { Place::Camelot };
        s.soc_turn(soc::Command::AddSiegeEngine, to);
    }
    s.last_line();
    s.save("soc-end");
}

/// Nottingham.
fn notts_screens(s: &mut Shooter) {
    let win = s.ui.window.clone_strong();
    let setup = win.global::<SetupUi<'_>>();
    // Nottingham: the setup with the path typed, the board with an ambush
    // window open, the final count. The path's numbers are test values.
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::Nottingham });
    setup.invoke_set_players(5);
    for (i, name) in NAMES.iter().take(5).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    setup.invoke_set_typed("4 3 5 2 6 3 4 5 2 6 3 4".into());
    s.save("notts-setup");
    // The board itself, without a first game's explanation over it.
    setup.set_first_game(false);
    setup.invoke_start();
    let draw_keep = |s: &mut Shooter, item: Item| {
        s.notts(notts::Command::Draw { item });
        s.notts(notts::Command::Keep);
    };
    s.notts(notts::Command::Draw { item: Item::Gold });
    s.notts(notts::Command::Act);
    s.notts(notts::Command::EndTurn);
    draw_keep(s, Item::Chest);
    s.notts(notts::Command::Trade { item: Item::Chest, count: 3 });
    s.notts(notts::Command::Pass { seat: Seat(0) });
    s.notts(notts::Command::EndTurn);
    s.notts(notts::Command::Draw { item: Item::Pearls });
    s.notts(notts::Command::Act);
    s.notts(notts::Command::Take { from: Seat(3), defended: false });
    s.notts(notts::Command::EndTurn);
    draw_keep(s, Item::Jewels);
    s.notts(notts::Command::Trade { item: Item::Jewels, count: 3 });
    s.last_line();
    s.save("notts-board");
    s.notts(notts::Command::CloseAmbushes);
    s.notts(notts::Command::EndTurn);
    // Exchanges until the Sheriff is home; the commissions' points are asked.
    for _ in 0..200 {
        let view =
            s.ui.controller
                .borrow()
                .view()
                .game_view
                .as_ref()
                .and_then(|v| v.get::<notts::Nottingham>())
                .cloned()
                .expect("the game");
        if view.ended.is_some() {
            break;
        }
        let Some((seat, step)) = view.turn else { break };
        match step {
            notts::StepView::Draw => draw_keep(s, Item::CopperCoin),
            notts::StepView::Free { traded: false } => {
                s.notts(notts::Command::CorrectHand { seat, cards: 5 });
                s.notts(notts::Command::Trade { item: Item::ALL[seat.index() % 7], count: 3 });
            }
            notts::StepView::Ambushes { .. } => s.notts(notts::Command::CloseAmbushes),
            _ => s.notts(notts::Command::EndTurn),
        }
    }
    let _ = Colour::Red;
    s.last_line();
    s.save("notts-end");
}

/// Settings → Card facts.
fn facts_screens(s: &mut Shooter) {
    // Settings → Card facts after that game (its path kept), then a
    // commission's form half filled (test values, not a real card's).
    s.touch(Touch::Leave { confirm: true });
    let win = s.ui.window.clone_strong();
    let facts = win.global::<FactsUi<'_>>();
    facts.invoke_open_page();
    s.ui.step(s.now);
    s.save("facts-deck");
    facts.invoke_open_card(2);
    for _ in 0..9 {
        facts.invoke_step(0, -1, 1);
    }
    s.ui.step(s.now);
    s.save("facts-form");
    facts.invoke_cancel();
    // A Camelot Legends character: six skills, alliances, gender, level.
    facts.invoke_choose_game(2);
    facts.invoke_open_card(0);
    facts.invoke_step(0, -1, 1);
    facts.invoke_pick(6, 4);
    s.ui.step(s.now);
    s.save("facts-form-legends");
}

/// King Arthur's Knights.
fn kak_screens(s: &mut Shooter) {
    let win = s.ui.window.clone_strong();
    let setup = win.global::<SetupUi<'_>>();
    // King Arthur's Knights: the setup with the ring half tapped, the
    // picks, then phase II. The card facts are test values
    // (`kak::test_facts`), not a real box's.
    win.global::<FactsUi<'_>>().invoke_cancel();
    s.ui.window.global::<App<'_>>().invoke_close_page();
    s.ui.window.global::<App<'_>>().invoke_close_page();
    s.touch(Touch::ChooseGame { game: GameKind::KingArthursKnights });
    let kak_ui = win.global::<KakUi<'_>>();
    setup.invoke_set_players(3);
    for (i, name) in NAMES.iter().take(3).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    setup.invoke_cycle(1);
    let ring: Vec<String> = kak::cards::locations().collect();
    // The first place not laid yet, five times: the ring's order.
    for _ in ring.iter().take(5) {
        assert!(tavola_screens::lay_next_setup_card(&win));
    }
    s.ui.step(s.now);
    s.save("kak-setup");
    let mut rng = tavola_games::GameRng::seeded(11);
    s.kak(kak::Command::Setup(kak::Setup {
        knights: kak::cards::knights().take(3).collect(),
        names: NAMES.iter().take(3).map(|n| n.to_string()).collect(),
        ring,
        facts: kak::test_facts(&mut rng),
    }));
    for quest in kak::cards::QUESTS.iter().take(3) {
        s.kak(kak::Command::Reveal { card: quest.to_string() });
    }
    // Two picks each, in tent order: the buttons the screen offers.
    for _ in 0..5 {
        tavola_screens::press_action(&win, &kak_ui.get_actions(), |a| !a.step);
    }
    s.last_line();
    s.save("kak-picks");
    for _ in 0..4 {
        tavola_screens::press_action(&win, &kak_ui.get_actions(), |a| !a.step);
    }
    s.last_line();
    s.save("kak-actions");
}

/// The first-game mode (`teach-*`), for Avalon and Shadows over Camelot: the
/// goal over the page as the game starts, a card explained as it comes into
/// play, and "What now?".
fn teach_screens(s: &mut Shooter) {
    let win = s.ui.window.clone_strong();
    let app = win.global::<App<'_>>();
    let setup = win.global::<SetupUi<'_>>();
    let read_all = |s: &mut Shooter| {
        while !app.get_lesson().is_empty() {
            app.invoke_lesson_heard(false);
            s.wait(20);
        }
    };
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::Avalon });
    s.ui.controller.borrow_mut().prepare_setup(7, &[Role::Percival, Role::Morgana]);
    s.wait(20);
    setup.set_first_game(true);
    setup.invoke_start();
    s.wait(20);
    s.save("teach-avalon-goal");
    // The characters in play come after the goal: Percival's.
    while !app.get_lesson().is_empty() && !app.get_lesson_title().contains("Percival") {
        app.invoke_lesson_heard(false);
        s.wait(20);
    }
    s.save("teach-avalon-card");
    read_all(s);
    s.avalon(Command::EndNight);
    s.wait(20);
    s.save("teach-avalon-step");
    read_all(s);
    app.set_show_what_now(true);
    s.wait(20);
    s.save("teach-avalon-what-now");
    app.set_show_what_now(false);

    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot });
    setup.invoke_set_players(6);
    for (i, name) in NAMES.iter().take(6).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    setup.set_first_game(true);
    setup.invoke_start();
    s.wait(20);
    read_all(s);
    s.soc(soc::Command::BlackCard { card: "soc/black/morgan-1".into(), face_down: None, war: None });
    s.wait(20);
    s.save("teach-soc-card");
    read_all(s);
    app.set_show_what_now(true);
    s.wait(20);
    s.save("teach-soc-what-now");
    app.set_show_what_now(false);
}

/// The history page's views over a journal of its own, in a temporary
/// folder: four games of Nottingham, then six of Avalon with the characters
/// tapped (good and evil winning in turn), played through the table's
/// touches and pads like any game, so the journal holds what a real
/// evening's would. The games are played in a second: their start and end
/// times are then spread over evenings a day apart, 25 to 70 minutes long,
/// for the length chart.
fn history_screens(before: &Shooter, lang: Lang) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let db = folder.path().join("tavola.db");
    let booted = boot(&BootOptions {
        simulate: true,
        db: Some(db.clone()),
        settings: Some(folder.path().join("settings.toml")),
        seed: Some(7),
        ..BootOptions::default()
    });
    let ui = init(booted).expect("the window");
    ui.window.show().expect("show");
    let (window, dir) = (before.window.clone(), before.dir.clone());
    let mut s = Shooter { ui, window, dir, now: before.now, animations: before.animations };
    s.touch(Touch::SetLang { lang });
    for seed in [3, 8, 11, 15] {
        nottingham_game(&mut s, seed);
    }
    for (i, good) in [true, false, false, true, false, true].into_iter().enumerate() {
        avalon_game(&mut s, i, good);
    }
    let conn = rusqlite::Connection::open(&db).expect("the journal");
    let finished: i64 = conn
        .query_row("SELECT count(*) FROM games WHERE state = 'finished'", [], |r| r.get(0))
        .expect("the finished games");
    assert_eq!(finished, 10, "every game played to its end");
    // Evenings a day apart, each game 25 to 70 minutes long.
    let lengths = [55, 70, 48, 63, 32, 47, 25, 41, 38, 52];
    let first = 1_767_204_000_000_i64; // 31 December 2025, 18:00 UTC
    for (i, minutes) in lengths.into_iter().enumerate() {
        let start = first + i as i64 * 86_400_000;
        conn.execute(
            "UPDATE games SET started_at = ?1, ended_at = ?2 WHERE id = (SELECT id FROM games \
             WHERE state = 'finished' ORDER BY id LIMIT 1 OFFSET ?3)",
            rusqlite::params![start, start + minutes * 60_000, i as i64],
        )
        .expect("the times");
    }
    drop(conn);
    let win = s.ui.window.clone_strong();
    let app = win.global::<App<'_>>();
    app.invoke_open_history();
    s.ui.step(s.now);
    for view in ["wins", "parts", "players", "length", "games"] {
        app.set_history_view(view.into());
        s.ui.step(s.now);
        s.save(&format!("history-{view}"));
    }
    // The other game played: Nottingham, won by players.
    app.invoke_history_step(1);
    app.set_history_view("wins".into());
    s.ui.step(s.now);
    s.save("history-nottingham");
}

/// An Avalon game of five, the characters tapped (turned by `turn` seats
/// from one game to the next): three missions won and the Assassin wrong,
/// or five teams rejected.
fn avalon_game(s: &mut Shooter, turn: usize, good_wins: bool) {
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::Avalon });
    let roles = RoleSet::standard(5, &[]).expect("a legal set");
    let mut cards: Vec<(Role, String)> = Vec::new();
    for (i, &r) in roles.roles().iter().enumerate() {
        let card = if r.is_unique() { r.slug().to_string() } else { format!("{}-{i}", r.slug()) };
        cards.push((r, format!("avalon/role/{card}")));
    }
    cards.rotate_left(turn % 5);
    s.avalon(Command::Setup(Setup {
        names: NAMES.iter().take(5).map(|n| n.to_string()).collect(),
        roles,
        scan_roles: true,
        first_leader: Some(Seat(0)),
        options: Default::default(),
    }));
    for (_, card) in &cards {
        s.avalon(Command::RoleCard { card: card.clone() });
    }
    s.last_line();
    s.avalon(Command::EndNight);
    if good_wins {
        for size in [2u8, 3, 2] {
            let team: Vec<u8> = (0..size).collect();
            s.team(&team);
            s.everyone(5, PadButton::Approve);
            s.wait(5_000);
            for &seat in &team {
                s.avalon(Command::PlayMission { seat: Seat(seat), card: MissionCard::Success });
            }
            s.touch(Touch::SkipReveal);
            s.wait(5_000);
            s.last_line();
        }
        // The Assassin names a loyal servant.
        let servant = cards.iter().position(|(r, _)| !r.is_unique()).expect("a servant");
        s.avalon(Command::Assassinate { target: Seat(servant as u8) });
    } else {
        for _ in 0..5 {
            s.team(&[0, 1]);
            s.everyone(5, PadButton::Reject);
            s.wait(5_000);
            s.last_line();
        }
    }
    s.touch(Touch::SkipReveal);
    s.wait(5_000);
    s.last_line();
    if let Some(m) = s.ui.controller.borrow().view().message {
        eprintln!("Avalon game {turn}: {m}");
    }
}

/// A Nottingham game of seeded random legal commands (test card facts,
/// not a real box's) through the table's touches, with names given.
fn nottingham_game(s: &mut Shooter, seed: u64) {
    use tavola_games::testkit::recorded_game;
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::Nottingham });
    let game = recorded_game::<notts::Nottingham>(seed, 20_000);
    assert!(tavola_games::Game::is_over(&game.state), "seed {seed}: a game played to its end");
    for c in game.commands {
        let c = match c {
            notts::Command::Setup(setup) => notts::Command::Setup(notts::Setup {
                names: NAMES.iter().take(setup.colours.len()).map(|n| n.to_string()).collect(),
                ..setup
            }),
            other => other,
        };
        s.notts(c);
    }
    s.last_line();
}

/// Camelot Legends' introductory game: the setup, then the board after the
/// first characters and a few turns. Every card fact and the decks' counts
/// are test values (`legends::test_facts`), not a real box's.
fn legends_screens(s: &mut Shooter) {
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::CamelotLegends });
    let win = s.ui.window.clone_strong();
    let ui = win.global::<LegendsUi<'_>>();
    let setup = win.global::<SetupUi<'_>>();
    setup.invoke_set_players(3);
    for (i, name) in NAMES.iter().take(3).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    tavola_screens::set_setup_option(&win, "Events", 10);
    tavola_screens::set_setup_option(&win, "Characters", 20);
    s.ui.step(s.now);
    s.save("legends-setup");
    let mut rng = tavola_games::GameRng::seeded(3);
    let mut facts = legends::test_facts(&mut rng, 100);
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
    legends_setup(s, legends::Mode::Introductory, (10, 20), facts);
    // The buttons the screen offers, the first each time, with the
    // character and the event picked on screen.
    for _ in 0..30 {
        let index = legends_button(&ui);
        win.global::<GameUi<'_>>().invoke_act(index);
    }
    s.last_line();
    s.save("legends-board");

    // The normal game: a bidding event drawn, one character bid.
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::CamelotLegends });
    let mut facts = legends::test_facts(&mut tavola_games::GameRng::seeded(4), 100);
    for f in facts.characters.values_mut() {
        f.level = "normal".to_string();
    }
    let french = "legends/event/french-delegation";
    for (id, f) in facts.events.iter_mut() {
        f.level = "normal".to_string();
        if id.starts_with("legends/event/") {
            f.event_type = legends::EventType::Location;
            f.location = f.location.or(Some(legends::Location::Camelot));
        }
        if id == french {
            f.event_type = legends::EventType::Bidding;
            f.location = None;
            f.requirements.clear();
        }
    }
    let characters: Vec<String> =
        Catalog::builtin().by_kind(GameKind::CamelotLegends, "character").map(|c| c.id.clone()).collect();
    legends_setup(s, legends::Mode::Normal, (0, 30), facts);
    let places = [legends::Location::Camelot, legends::Location::Cornwall, legends::Location::PerilousForest];
    for (card, location) in characters.iter().zip(places) {
        s.legends(legends::Command::Lay { card: card.clone() });
        s.legends(legends::Command::Play { location });
    }
    s.legends(legends::Command::DrawEvent { card: french.into() });
    s.legends(legends::Command::Bid { card: characters[5].clone() });
    s.last_line();
    s.save("legends-bidding");
    legends_sites(s, &characters);
}

/// The advanced game: the Isle of Avalon with a knight and a lady on it,
/// the Castle of Maidens with its prisoners and a company. Every card fact
/// is a test value.
fn legends_sites(s: &mut Shooter, c: &[String]) {
    use legends::{sites, Command, Location};
    s.touch(Touch::Leave { confirm: true });
    s.touch(Touch::ChooseGame { game: GameKind::CamelotLegends });
    let mut facts = legends::test_facts(&mut tavola_games::GameRng::seeded(6), 100);
    for (i, card) in c.iter().enumerate() {
        if let Some(f) = facts.characters.get_mut(card) {
            f.level = "normal".to_string();
            // Ladies: the second, third and fifth; knights: the rest.
            let lady = matches!(i, 1 | 2 | 4);
            f.gender = if lady { "female" } else { "male" }.to_string();
            f.alliance = if lady { "none" } else { "grey" }.to_string();
        }
    }
    let quiet: Vec<String> = Catalog::builtin()
        .by_kind(GameKind::CamelotLegends, "event")
        .map(|e| e.id.clone())
        .filter(|e| sites::opens(e).is_none() && !legends::effects::CARRIED_OUT.contains(&e.as_str()))
        .collect();
    for (id, f) in facts.events.iter_mut() {
        f.level = "normal".to_string();
        if quiet.contains(id) {
            f.event_type = legends::EventType::Location;
            f.location = f.location.or(Some(Location::Camelot));
        }
    }
    legends_setup(s, legends::Mode::Advanced, (0, 30), facts);
    let play = |s: &mut Shooter, card: &String, location| {
        s.legends(Command::Lay { card: card.clone() });
        s.legends(Command::Play { location });
    };
    for (card, location) in c.iter().zip([Location::Camelot, Location::Cornwall, Location::PerilousForest]) {
        play(s, card, location);
    }
    s.legends(Command::DrawEvent { card: sites::ISLE.into() });
    play(s, &c[3], Location::Camelot);
    play(s, &c[4], Location::Camelot);
    for e in &quiet[..2] {
        s.legends(Command::DrawEvent { card: e.clone() });
        s.legends(Command::EndTurn);
    }
    s.legends(Command::DrawEvent { card: quiet[2].clone() });
    s.legends(Command::Move { cards: vec![c[3].clone(), c[4].clone()], to: Location::IsleOfAvalon });
    play(s, &c[5], Location::Camelot);
    s.legends(Command::DrawEvent { card: sites::CASTLE.into() });
    play(s, &c[6], Location::CastleOfMaidens);
    play(s, &c[7], Location::CastleOfMaidens);
    s.last_line();
    s.save("legends-advanced");
}

/// A Camelot Legends game of `mode` for three, the first seat starting,
/// with these decks' counts (events, characters) and test facts.
fn legends_setup(s: &mut Shooter, mode: legends::Mode, (events, characters): (u8, u8), facts: legends::Facts) {
    s.legends(legends::Command::Setup(legends::Setup {
        colours: legends::Colour::ALL[..3].to_vec(),
        names: NAMES.iter().take(3).map(|n| n.to_string()).collect(),
        first: Some(Seat(0)),
        events,
        characters,
        facts,
        mode,
    }));
}

/// The first of Camelot Legends' buttons: a command (but the turn's end),
/// else a list to open.
fn legends_button(ui: &LegendsUi<'_>) -> i32 {
    use slint::Model;
    let all: Vec<ActionItem> = ui.get_actions().iter().collect();
    let end_turn = |a: &ActionItem| said(a, "ui.legends.cmd.end_turn");
    all.iter()
        .find(|a| !a.step && !end_turn(a))
        .or_else(|| all.iter().find(|a| a.step))
        .or_else(|| all.first())
        .map(|a| a.index)
        .expect("a button")
}

/// Whether a button says the message `id`, in either language.
fn said(a: &ActionItem, id: &'static str) -> bool {
    Lang::ALL.iter().any(|l| a.label == l.text(&tavola_games::Msg::new(id)))
}
