//! Every main screen on the displays a table uses (the 7" touchscreen's
//! 800×480, a cheap HDMI panel's 1024×600, Touch Display 2 turned to
//! landscape at 1280×720, 1280×800 and a television's 1920×1080), laid out by Slint's
//! software renderer with the font Tavola ships (the metrics the Pi uses),
//! at the largest table each game allows and with long names, in English
//! and in Italian: no text is cut (clipped, elided or wrapped past its box),
//! no element spills out of the element holding it or out of the window, and
//! nothing of the page lies under the message line. Settings is drawn with
//! several notices standing.
//!
//! The checks walk the window's items (Slint's item tree): a problem names
//! the screen, the element (its id in the .slint files when it has one, else
//! its type) and, for a text, the words.

use i_slint_core::item_tree::{ItemRc, ParentItemTraversalMode};
use i_slint_core::items::{Clip, ComplexText, Flickable, SimpleText, TextInput, TextOverflow, TextWrap};
use i_slint_core::layout::Orientation;
use i_slint_core::lengths::{LogicalPoint, LogicalRect, LogicalSize};
use i_slint_core::window::WindowInner;
use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::{ComponentHandle, Model};
use std::rc::Rc;
use tavola_core::hw::HwError;
use tavola_core::table::{Input, NarrationControl, Touch};
use tavola_games::avalon::{Command, MissionCard, Role};
use tavola_games::soc::{self, Knight, Place};
use tavola_games::{kak, legends, nottingham as notts, GameKind, Lang, Msg, Seat};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, offscreen, App, AvalonUi, FactsUi, HardwareUi, Page, SetupUi, SocUi, Ui};

/// Names of 18 to 20 characters, as long as a seat is asked to hold.
const LONG_NAMES: [&str; 10] = [
    "Guinevere Lancaster",
    "Bartholomew Fairfax",
    "Maximilian Ashworth",
    "Annabella Rossignol",
    "Gianfranco Bellini",
    "Genoveffa Castelli",
    "Christopher Pemberton",
    "Ludovica Santangelo",
    "Bernadette Harcourt",
    "Massimiliano Ferri",
];

/// Slack for rounding, in logical pixels.
const SLACK: f32 = 1.0;

/// A problem found on a screen.
fn describe(item: &ItemRc) -> String {
    let mut path = Vec::new();
    let mut current = Some(item.clone());
    while let Some(i) = current {
        let names = i.element_type_names_and_ids(0).unwrap_or_default();
        if let Some((ty, id)) = names.first() {
            if !id.is_empty() {
                path.push(id.to_string());
            } else if path.is_empty() {
                path.push(ty.to_string());
            }
        }
        if path.len() >= 3 {
            break;
        }
        current = i.parent_item(ParentItemTraversalMode::FindAllParents);
    }
    path.reverse();
    path.join(" › ")
}

fn absolute(item: &ItemRc) -> LogicalRect {
    let g = item.geometry();
    LogicalRect::new(item.map_to_window(g.origin), g.size)
}

fn fmt(r: &LogicalRect) -> String {
    format!("{:.0}×{:.0} at ({:.0}, {:.0})", r.size.width, r.size.height, r.origin.x, r.origin.y)
}

/// `inner` lies in `outer`, give or take the slack.
fn inside(inner: &LogicalRect, outer: &LogicalRect) -> bool {
    inner.min_x() >= outer.min_x() - SLACK
        && inner.min_y() >= outer.min_y() - SLACK
        && inner.max_x() <= outer.max_x() + SLACK
        && inner.max_y() <= outer.max_y() + SLACK
}

/// The part of `a` that `b` covers, when it is more than the slack both ways.
fn overlap(a: &LogicalRect, b: &LogicalRect) -> Option<LogicalRect> {
    a.intersection(b).filter(|r| r.size.width > SLACK && r.size.height > SLACK)
}

/// The text of a Text element, what it needs and what it has.
fn text_cut(item: &ItemRc, rect: &LogicalRect) -> Option<String> {
    let (text, wrap, overflow) = if let Some(t) = item.downcast::<ComplexText>() {
        let t = t.as_pin_ref();
        (t.text(), t.wrap(), t.overflow())
    } else if let Some(t) = item.downcast::<SimpleText>() {
        (t.as_pin_ref().text(), TextWrap::NoWrap, TextOverflow::Clip)
    } else {
        return None;
    };
    if text.trim().is_empty() {
        return None;
    }
    let adapter = item.window_adapter()?;
    let borrowed = item.borrow();
    let needs_w = borrowed.as_ref().layout_info(Orientation::Horizontal, -1.0, &adapter, item).preferred;
    let needs_h = borrowed.as_ref().layout_info(Orientation::Vertical, rect.size.width, &adapter, item).preferred;
    let elided = overflow == TextOverflow::Elide;
    let too_narrow = wrap == TextWrap::NoWrap && needs_w > rect.size.width + SLACK;
    let too_short = needs_h > rect.size.height + SLACK;
    if too_narrow || too_short {
        let how = if elided { "elided" } else { "cut" };
        return Some(format!(
            "text {how}: “{text}” needs {needs_w:.0}×{needs_h:.0}, has {:.0}×{:.0}",
            rect.size.width, rect.size.height
        ));
    }
    None
}

/// What is wrong with the window as it is laid out now.
fn problems(window: &slint::Window) -> Vec<String> {
    let root = ItemRc::new_root(WindowInner::from_pub(window).component());
    // Every repeater and condition made up before the walk.
    root.visit_descendants(|_| std::ops::ControlFlow::<()>::Continue(()));
    let size = window.size().to_logical(window.scale_factor());
    let screen = LogicalRect::new(LogicalPoint::default(), LogicalSize::new(size.width, size.height));
    let mut line = None;
    root.visit_descendants(|i| {
        let named = i.element_type_names_and_ids(0).unwrap_or_default();
        if named.iter().any(|(_, id)| id.ends_with("::message-line")) {
            line = Some(i.clone());
            return std::ops::ControlFlow::Break(());
        }
        std::ops::ControlFlow::Continue(())
    });
    let mut out = Vec::new();
    let line_rect = line.as_ref().map(absolute);
    LINE_DRAWN.with(|d| d.set(false));
    walk(&root, screen, Walk::default(), line_rect.as_ref(), &mut out);
    out
}

thread_local! {
    /// The walk, in the order things are drawn, is past the message line.
    static LINE_DRAWN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// How the walk reaches an element.
#[derive(Debug, Default, Clone, Copy)]
struct Walk {
    /// A scrolling area holds it (it may then run past what is seen).
    scrolled: bool,
    /// It belongs to the message line.
    in_line: bool,
    /// What holds it is already said to be out of place (what it holds is
    /// not said again).
    told: bool,
}

/// Checks `item` and what it holds; `clip` is where it can be seen.
fn walk(item: &ItemRc, clip: LogicalRect, how: Walk, line: Option<&LogicalRect>, out: &mut Vec<String>) {
    let Walk { scrolled, in_line, mut told } = how;
    // What is drawn after the message line (a question over the whole
    // window, the list of messages) lies over it, not under.
    let drawn_over = line.is_some() && LINE_DRAWN.with(|d| d.get());
    let rect = absolute(item);
    let in_line = in_line || line.is_some_and(|l| *l == rect && is_line(item));
    let Some(seen) = overlap(&rect, &clip) else { return };
    // A hidden element is a clip of no size.
    if let Some(c) = item.downcast::<Clip>() {
        if c.as_pin_ref().clip() && (rect.size.width <= 0.0 || rect.size.height <= 0.0) {
            return;
        }
    }
    // A field being typed in scrolls its text inside itself.
    let typed = item.downcast::<TextInput>().is_some();
    if !scrolled && !told && !typed && !inside(&rect, &clip) {
        told = true;
        out.push(format!("{} ({}) is cut by the edge of {}", describe(item), fmt(&rect), fmt(&clip)));
    }
    if let Some(parent) = item.parent_item(ParentItemTraversalMode::FindAllParents) {
        let p = absolute(&parent);
        let in_flickable = parent.downcast::<Flickable>().is_some();
        if !in_flickable && !told && !typed && p.size.width > 0.0 && p.size.height > 0.0 && !inside(&rect, &p) {
            told = true;
            out.push(format!("{} ({}) spills out of {} ({})", describe(item), fmt(&rect), describe(&parent), fmt(&p)));
        }
    }
    // The message line elides a long message: the list of messages, a touch
    // away, shows it in full (and is checked too).
    if let Some(cut) = text_cut(item, &rect).filter(|_| !in_line) {
        out.push(format!("{}: {cut}", describe(item)));
    }
    if let (false, false, false, Some(l)) = (in_line, told, drawn_over, line) {
        if let Some(under) = overlap(&seen, l) {
            if !is_backdrop(item) {
                told = true;
                out.push(format!("{} ({}) lies under the message line ({})", describe(item), fmt(&under), fmt(l)));
            }
        }
    }
    // What the children can show.
    let clips = item.downcast::<Clip>().is_some_and(|c| c.as_pin_ref().clip());
    let flicks = item.downcast::<Flickable>().is_some();
    let child_clip = if clips || flicks { clip.intersection(&rect).unwrap_or_default() } else { clip };
    let mut child = item.first_child();
    while let Some(c) = child {
        walk(&c, child_clip, Walk { scrolled: scrolled || flicks, in_line, told }, line, out);
        child = c.next_sibling();
    }
    if in_line && !how.in_line {
        LINE_DRAWN.with(|d| d.set(true));
    }
}

fn is_line(item: &ItemRc) -> bool {
    item.element_type_names_and_ids(0).unwrap_or_default().iter().any(|(_, id)| id.ends_with("::message-line"))
}

/// The window's own background and the containers that hold the page and
/// the message line together (they lie under everything by design).
fn is_backdrop(item: &ItemRc) -> bool {
    item.parent_item(ParentItemTraversalMode::FindAllParents).is_none()
        || item.first_child().is_some() && {
            // A container is a backdrop when the message line is inside it.
            let mut found = false;
            item.visit_descendants(|d| {
                if is_line(d) {
                    found = true;
                    return std::ops::ControlFlow::Break(());
                }
                std::ops::ControlFlow::Continue(())
            });
            found
        }
}

/// Tavola on the simulated parts at `size`, with `notices` standing as
/// if start-up had found those parts missing.
struct Screen {
    ui: Ui,
    size: (u32, u32),
    window: Rc<MinimalSoftwareWindow>,
    now: u64,
    found: Vec<(String, String)>,
    lang: Lang,
}

impl Screen {
    fn touch(&mut self, t: Touch) {
        self.ui.controller.borrow_mut().input(Input::Touch(t));
        self.step(0);
    }

    fn step(&mut self, ms: u64) {
        self.now += ms;
        self.ui.step(self.now);
    }

    /// The narration skipped to its last line.
    fn last_line(&mut self) {
        while self.ui.controller.borrow().view().queued_lines > 0 {
            self.touch(Touch::Narration { control: NarrationControl::Skip });
        }
    }

    /// Checks the game's rules page, opened over the screen as it is now.
    fn check_rules(&mut self, name: &str) {
        self.ui.window.global::<App<'_>>().set_show_rules(true);
        self.check(&format!("{name}, the rules page"));
        self.ui.window.global::<App<'_>>().set_show_rules(false);
    }

    /// Checks the screen as it is now, as `name`.
    fn check(&mut self, name: &str) {
        self.check_with(name, |_| {});
    }

    /// Checks the screen as `name`, once `change` has set what the
    /// controller would take long to reach (it runs after the last step).
    fn check_with(&mut self, name: &str, change: impl FnOnce(&Ui)) {
        // On a desktop the simulated table stands beside the game's screen.
        let beside = if self.ui.window.global::<App<'_>>().get_show_table() { 300 } else { 0 };
        let (w, h) = self.size;
        self.window.set_size(slint::PhysicalSize::new(w + beside, h));
        self.step(0);
        change(&self.ui);
        let page = self.ui.window.global::<App<'_>>().get_page();
        let lang = self.lang.code();
        // TAVOLA_LAYOUT_PNG=DIR keeps a picture of every screen checked.
        if let Some(dir) = std::env::var_os("TAVOLA_LAYOUT_PNG") {
            let (w, h, pixels) = offscreen::render(&self.window);
            let file: String = name.chars().map(|c| if c.is_alphanumeric() { c } else { '-' }).collect();
            let path = std::path::Path::new(&dir).join(format!("{file}-{lang}-{}x{}.png", self.size.0, self.size.1));
            let out = std::io::BufWriter::new(std::fs::File::create(path).expect("the picture"));
            let mut enc = png::Encoder::new(out, w, h);
            enc.set_color(png::ColorType::Rgb);
            let bytes: Vec<u8> = pixels.iter().flat_map(|p| [p.r, p.g, p.b]).collect();
            enc.write_header().and_then(|mut wr| wr.write_image_data(&bytes)).expect("write the picture");
        }
        for p in problems(self.ui.window.window()) {
            let (w, h) = self.size;
            self.found.push((name.to_string(), format!("{name} ({lang}, {w}×{h}, page “{page:?}”): {p}")));
        }
    }
}

fn notices() -> Vec<HwError> {
    vec![
        HwError::said("reader", Msg::new("hw.reader.none").with("version", "0x00")),
        HwError::said("audio", Msg::new("hw.audio.no_speaker").with("why", "no card")),
        HwError::said("board", Msg::new("hw.not_a_pi")),
    ]
}

fn start(window: &Rc<MinimalSoftwareWindow>, size: (u32, u32), lang: Lang) -> Screen {
    let mut booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
    booted.notices.extend(notices());
    let ui = init(booted).expect("the window");
    ui.window.show().expect("show");
    let mut s = Screen { ui, size, window: window.clone(), now: 0, found: Vec::new(), lang };
    s.touch(Touch::SetLang { lang });
    tavola_screens::select_language(lang);
    s.step(0);
    s
}

/// The host's pages: the picker, the settings with the notices standing,
/// About, the self-test beside the simulated table, the tag page.
fn host_pages(s: &mut Screen) {
    s.check("picker");
    s.ui.controller.borrow_mut().show_page(Some(Page::Settings));
    s.check("settings, three notices standing");
    s.ui.window.global::<App<'_>>().set_show_messages(true);
    s.check("settings, the messages listed");
    s.ui.window.global::<App<'_>>().set_show_messages(false);
    s.ui.controller.borrow_mut().show_page(Some(Page::About));
    s.check("about");
    s.ui.controller.borrow_mut().show_page(Some(Page::Settings));
    let win = s.ui.window.clone_strong();
    let hw = win.global::<HardwareUi<'_>>();
    hw.invoke_open("selftest".into());
    hw.invoke_start_selftest();
    s.step(100);
    s.ui.window.global::<App<'_>>().set_show_table(true);
    s.check("self-test beside the simulated table");
    hw.invoke_stop_selftest();
    hw.invoke_close();
    s.ui.window.global::<App<'_>>().set_show_table(false);
    hw.invoke_open("tags".into());
    s.check("tag cards");
    hw.invoke_close();
    s.ui.controller.borrow_mut().show_page(None);
}

/// The card facts: Settings → Card facts, a character's form typed on the
/// keypad with a second emblem (its "Clear" shown), an event's, the Sheriff's path of
/// twelve spaces, the eighteen virtue cards as a table.
fn facts_pages(s: &mut Screen) {
    let win = s.ui.window.clone_strong();
    let f = win.global::<FactsUi<'_>>();
    f.invoke_open_page();
    f.invoke_choose_game(2);
    s.step(0);
    s.check("card facts list");
    f.invoke_open_card(0);
    for key in ["3", "-", "1", "6", "0", "2", "1", "3", "4"] {
        f.invoke_key(key.into());
    }
    s.check("card facts form, a character on the keypad");
    f.invoke_cancel();
    // An event: its place (its type not asked), a requirement, its
    // points, its level; the cursor on the type. On every display: a
    // choice's option that wraps to two lines (the level's "2 blue
    // (Standard Game)") must not be taller than its row.
    s.step(0);
    let name = tavola_core::table::card_title("legends/event/the-grail-castle", s.lang);
    let event = f.get_cards().iter().position(|c| c.name == name.as_str()).expect("an event");
    f.invoke_open_card(event as i32);
    for key in ["1", "1", "1", "2", "3", "1"] {
        f.invoke_key(key.into());
    }
    s.step(1_000);
    s.check("card facts form, an event on the keypad");
    f.invoke_cancel();
    f.invoke_choose_game(0);
    s.step(0);
    let name = tavola_core::table::card_title(notts::items::PATH_CARD, s.lang);
    let path = f.get_cards().iter().position(|c| c.name == name.as_str()).expect("the Sheriff's path");
    f.invoke_open_card(path as i32);
    for key in "435263452634".chars() {
        f.invoke_key(key.to_string().into());
    }
    s.check("card facts form, the Sheriff's path");
    f.invoke_cancel();
    f.invoke_choose_game(1);
    s.step(0);
    let name = tavola_core::table::card_title("kak/virtue/card-1", s.lang);
    let card = f.get_cards().iter().position(|c| c.name == name.as_str()).expect("a virtue card");
    f.invoke_open_card(card as i32);
    f.invoke_as_table(true);
    for key in ["3", "2", "1", "1", "4"] {
        f.invoke_key(key.into());
    }
    s.check("card facts, the virtue cards as a table");
    f.invoke_cancel();
    win.global::<App<'_>>().invoke_close_page();
    s.ui.controller.borrow_mut().show_page(None);
    s.step(0);
}

/// Avalon with ten players of long names: the setup, the team chosen, the
/// vote, a mission, a refused move, the Assassin, the end.
fn avalon(s: &mut Screen) {
    s.touch(Touch::ChooseGame { game: GameKind::Avalon });
    let win = s.ui.window.clone_strong();
    let ui = win.global::<AvalonUi<'_>>();
    let setup = win.global::<SetupUi<'_>>();
    setup.invoke_set_players(10);
    s.ui.controller.borrow_mut().prepare_setup(10, &[Role::Percival, Role::Morgana, Role::Oberon, Role::Mordred]);
    for (i, name) in LONG_NAMES.iter().enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    s.step(0);
    s.check("Avalon setup, 10 players");
    s.check_rules("Avalon setup, 10 players");
    setup.invoke_start();
    s.step(0);
    s.step(500);
    // A first game (suggested: nobody played it here) explains the goal.
    let app = win.global::<App<'_>>();
    assert_ne!(app.get_lesson(), "", "the first-game mode explains the goal");
    s.check("Avalon, a first game's explanation");
    app.invoke_lesson_heard(true);
    s.step(0);
    s.check("Avalon, the night read");
    s.touch(Touch::Avalon(Command::EndNight));
    s.last_line();
    let leader = (0..10).find(|&i| ui.get_seats().row_data(i).is_some_and(|r| r.leader)).unwrap_or(0);
    let team: Vec<usize> = (0..3).map(|k| (leader + k) % 10).collect();
    for &seat in &team {
        ui.invoke_toggle_seat(seat as i32);
    }
    s.step(0);
    s.check("Avalon, the leader chooses the team");
    app.set_show_what_now(true);
    app.invoke_open_what_now();
    s.check("Avalon, what now?");
    app.set_show_what_now(false);
    ui.invoke_propose();
    s.step(0);
    for seat in 0..4 {
        s.touch(Touch::Avalon(Command::Vote { seat: Seat(seat), approve: true }));
    }
    s.step(2_000);
    s.last_line();
    s.check("Avalon, the vote half way");
    for seat in 4..10 {
        s.touch(Touch::Avalon(Command::Vote { seat: Seat(seat), approve: true }));
    }
    s.step(5_000);
    s.last_line();
    // A move the rules refuse: said on the message line at once.
    s.touch(Touch::Avalon(Command::Vote { seat: Seat(0), approve: true }));
    s.check("Avalon, the mission, a refused vote");
    // A card from off the team: the refusal and its rule, then both listed.
    let outsider = (0..10).find(|seat| !team.contains(seat)).unwrap_or(0);
    s.touch(Touch::Avalon(Command::PlayMission { seat: Seat(outsider as u8), card: MissionCard::Success }));
    assert_ne!(s.ui.window.global::<App<'_>>().get_message_rule(), "", "the refusal says its rule");
    s.check("Avalon, the mission, a card from off the team");
    s.ui.window.global::<App<'_>>().set_show_messages(true);
    s.check("Avalon, the refusal and its rule listed");
    s.ui.window.global::<App<'_>>().set_show_messages(false);
    for &seat in &team {
        s.touch(Touch::Avalon(Command::PlayMission { seat: Seat(seat as u8), card: MissionCard::Success }));
    }
    s.last_line();
    s.step(5_000);
    s.check("Avalon, the second team");
    s.touch(Touch::Leave { confirm: true });
}

/// Shadows over Camelot with seven knights of long names.
fn soc(s: &mut Screen) {
    s.touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot });
    let win = s.ui.window.clone_strong();
    let ui = win.global::<SocUi<'_>>();
    let setup = win.global::<SetupUi<'_>>();
    setup.invoke_set_players(7);
    for (i, name) in LONG_NAMES.iter().take(7).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    s.step(0);
    s.check("Shadows over Camelot setup, 7 knights");
    let knights = vec![
        Knight::Arthur,
        Knight::Galahad,
        Knight::Gawain,
        Knight::Kay,
        Knight::Palamedes,
        Knight::Percival,
        Knight::Tristan,
    ];
    s.touch(Touch::ShadowsOverCamelot(soc::Command::Setup(soc::Setup {
        knights,
        names: LONG_NAMES.iter().take(7).map(|n| n.to_string()).collect(),
        loyalty: soc::LoyaltyMode::Standard,
        scan_loyalty: false,
        youngest: None,
        rules: None,
    })));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::AddSiegeEngine));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::Move { to: Place::Excalibur }));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::EndTurn));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::AddSiegeEngine));
    s.last_line();
    s.check("Shadows over Camelot board, 7 knights");
    s.check_rules("Shadows over Camelot board, 7 knights");
    // The fight quests at their fullest (the Dragon: nine knight cards and
    // seven of evil's), each side on its row: every card can be read.
    s.check_with("Shadows over Camelot board, the fight quests full", |ui| {
        let quests = ui.window.global::<SocUi<'_>>().get_quests();
        let full = [
            (("5 5 4 4", "4/4"), ("5 ? 4 3 ?", "5/5")),
            (("5 5 5 4 4", "5/5"), ("5 ? ? ?", "4/4")),
            (("5 5 5 4 4 4 3 3 2", "9/9"), ("5 ? 4 3 ? 2 1", "7/7")),
        ];
        for (i, (white, black)) in full.into_iter().enumerate() {
            let mut q = quests.row_data(i).expect("the three fight quests come first");
            assert!(q.fight, "{} is a fight quest", q.name);
            (q.white, q.white_count) = (white.0.into(), white.1.into());
            (q.black, q.black_count) = (black.0.into(), black.1.into());
            quests.set_row_data(i, q);
        }
    });
    tavola_screens::press_action(&s.ui.window, &ui.get_actions(), |a| a.label == "Draw a black card");
    s.step(0);
    s.check("Shadows over Camelot, the black cards");
    tavola_screens::press_action(&s.ui.window, &ui.get_actions(), |a| a.label == "Back");
    // Camelot falls at the twelfth engine: the end page and its drawn board.
    let correct = |c| Touch::ShadowsOverCamelot(soc::Command::Correct { correction: c });
    s.touch(correct(soc::Correction::Siege { engines: 11 }));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::Move { to: Place::Excalibur }));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::EndTurn));
    s.touch(Touch::ShadowsOverCamelot(soc::Command::AddSiegeEngine));
    assert_eq!(win.global::<App<'_>>().get_page(), Page::SocEnd, "{}", win.global::<App<'_>>().get_message());
    s.check("Shadows over Camelot end, Camelot fallen");
    s.touch(Touch::Leave { confirm: true });
}

/// Nottingham, King Arthur's Knights and Camelot Legends at their largest
/// tables: the setup and the board.
fn other_games(s: &mut Screen) {
    let win = s.ui.window.clone_strong();
    s.touch(Touch::ChooseGame { game: GameKind::Nottingham });
    let setup = win.global::<SetupUi<'_>>();
    setup.invoke_set_players(5);
    for (i, name) in LONG_NAMES.iter().take(5).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    setup.invoke_set_typed("4 3 5 2 6 3 4 5 2 6 3 4".into());
    s.step(0);
    s.check("Nottingham setup, 5 players");
    s.check_rules("Nottingham setup, 5 players");
    // The board itself, without a first game's explanation over it.
    setup.set_first_game(false);
    setup.invoke_start();
    s.touch(Touch::Nottingham(notts::Command::Draw { item: notts::Item::Gold }));
    s.last_line();
    s.check("Nottingham board, 5 players");
    s.touch(Touch::Leave { confirm: true });

    s.touch(Touch::ChooseGame { game: GameKind::KingArthursKnights });
    setup.invoke_set_players(4);
    for (i, name) in LONG_NAMES.iter().take(4).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    let ring: Vec<String> = kak::cards::locations().collect();
    // The first place not laid yet, five times: the ring's order.
    for _ in ring.iter().take(5) {
        assert!(tavola_screens::lay_next_setup_card(&win));
    }
    s.step(0);
    s.check("King Arthur's Knights setup, 4 players");
    let mut rng = tavola_games::GameRng::seeded(11);
    s.touch(Touch::KingArthursKnights(kak::Command::Setup(kak::Setup {
        knights: kak::cards::knights().take(4).collect(),
        names: LONG_NAMES.iter().take(4).map(|n| n.to_string()).collect(),
        ring,
        facts: kak::test_facts(&mut rng),
    })));
    for quest in kak::cards::QUESTS.iter().take(3) {
        s.touch(Touch::KingArthursKnights(kak::Command::Reveal { card: quest.to_string() }));
    }
    s.last_line();
    s.check("King Arthur's Knights board, 4 players");
    s.check_rules("King Arthur's Knights board, 4 players");
    // The actions: each player's line inside the ring. The picks are the
    // buttons the screen offers, in tent order.
    let kak_ui = win.global::<tavola_screens::KakUi<'_>>();
    let picking = |s: &Screen| {
        let c = s.ui.controller.borrow();
        let view = c.view();
        view.game_view
            .as_ref()
            .and_then(|g| g.get::<kak::Kak>())
            .is_some_and(|v| matches!(v.phase, kak::PhaseView::Picks { .. }))
    };
    while picking(s) {
        assert!(tavola_screens::press_action(&win, &kak_ui.get_actions(), |a| !a.step), "a card to take");
        s.step(0);
    }
    s.last_line();
    s.check("King Arthur's Knights actions, 4 players");
    s.touch(Touch::Leave { confirm: true });

    s.touch(Touch::ChooseGame { game: GameKind::CamelotLegends });
    setup.invoke_set_players(4);
    for (i, name) in LONG_NAMES.iter().take(4).enumerate() {
        setup.invoke_set_name(i as i32, (*name).into());
    }
    s.step(0);
    s.check("Camelot Legends setup, 4 players");
    let mut rng = tavola_games::GameRng::seeded(3);
    let mut facts = legends::test_facts(&mut rng, 100);
    for f in facts.characters.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
    }
    for f in facts.events.values_mut() {
        f.level = legends::cards::INTRODUCTORY.to_string();
    }
    s.touch(Touch::CamelotLegends(legends::Command::Setup(legends::Setup {
        colours: legends::Colour::ALL[..4].to_vec(),
        names: LONG_NAMES.iter().take(4).map(|n| n.to_string()).collect(),
        first: Some(Seat(0)),
        events: 10,
        characters: 20,
        facts,
        mode: legends::Mode::Introductory,
    })));
    s.last_line();
    s.check("Camelot Legends board, 4 players");
    s.check_rules("Camelot Legends board, 4 players");
    s.touch(Touch::Leave { confirm: true });
    legends_fullest(s);
}

/// Camelot Legends' board at its fullest: four players with long names, the
/// advanced game's five locations, three events of two requirements each
/// (one a single knight's) at Camelot, Cornwall and the Forest, a company
/// of every player at every location, prisoners at the Castle of Maidens.
/// The commands are the engine's legal ones, picked towards that table
/// (test facts, not a real box's).
fn legends_fullest(s: &mut Screen) {
    use legends::{sites, Command, Legends};
    use tavola_games::{Catalog, Ctx, Game};
    let cards = Catalog::builtin();
    let characters: Vec<String> = cards.by_kind(GameKind::CamelotLegends, "character").map(|c| c.id.clone()).collect();
    let (facts, ladies, quiet) = fullest_facts(&characters);
    let setup = Command::Setup(legends::Setup {
        colours: legends::Colour::ALL[..4].to_vec(),
        names: LONG_NAMES.iter().take(4).map(|n| n.to_string()).collect(),
        first: Some(Seat(0)),
        events: 0,
        characters: 60,
        facts,
        mode: legends::Mode::Advanced,
    });
    s.touch(Touch::ChooseGame { game: GameKind::CamelotLegends });
    // The table as the screen's engine holds it, played alongside.
    let (mut g, mut ctx) = (Legends::default(), Ctx::seeded(1));
    let mut send = |s: &mut Screen, g: &mut Legends, c: Command| {
        g.execute(&c, &mut ctx).unwrap_or_else(|e| panic!("{c:?}: {e:?}"));
        s.touch(Touch::CamelotLegends(c));
    };
    send(s, &mut g, setup);
    let mut draws: Vec<String> = vec![sites::ISLE.into()];
    draws.extend(quiet[..4].iter().cloned());
    draws.push(sites::CASTLE.into());
    draws.extend(quiet[4..8].iter().cloned());
    draws.push(FULLEST_LONE.into());
    draws.extend(quiet[8..].iter().cloned());
    let mut played: Vec<(Seat, String)> = Vec::new();
    for _ in 0..400 {
        let v = g.view();
        let full = v.places.len() == 5
            && v.places.iter().all(|p| p.companies.len() == 4)
            && v.places.iter().filter(|p| p.events.len() == 3).count() == 3;
        if full || matches!(v.phase, legends::Phase::Over { .. }) {
            break;
        }
        let c = towards_fullest(&g, &mut draws, &mut played, &characters, &ladies);
        send(s, &mut g, c);
    }
    let v = g.view();
    let shape: Vec<(usize, usize)> = v.places.iter().map(|p| (p.events.len(), p.companies.len())).collect();
    assert_eq!(shape, [(3, 4), (3, 4), (3, 4), (0, 4), (1, 4)], "the fullest board");
    assert!(v.places.iter().any(|p| !p.captives.is_empty()), "prisoners at the castle");
    s.last_line();
    let shown: Vec<(usize, usize)> =
        s.ui.window
            .global::<tavola_screens::LegendsUi<'_>>()
            .get_places()
            .iter()
            .map(|p| (p.event_cards.row_count(), p.company_rows.row_count()))
            .collect();
    assert_eq!(shown, shape, "the screen shows the same table");
    s.check("Camelot Legends board at its fullest, 4 players");
    s.touch(Touch::Leave { confirm: true });
}

/// The single knight's event of the fullest board, at the Forest.
const FULLEST_LONE: &str = "legends/event/sword-in-the-stone";

/// The facts of the fullest board: a lady every third character, the
/// others knights; events that only wait at their place, a third at each,
/// with two requirements high enough to stay on the board. With the ladies
/// and those events, in order.
fn fullest_facts(characters: &[String]) -> (legends::Facts, Vec<String>, Vec<String>) {
    use legends::{sites, EventType, Location, Requirement, Skill};
    let mut facts = legends::test_facts(&mut tavola_games::GameRng::seeded(12), 100);
    let ladies: Vec<String> = characters.iter().skip(1).step_by(3).cloned().collect();
    for (card, f) in facts.characters.iter_mut() {
        f.level = "normal".to_string();
        let lady = ladies.contains(card);
        f.gender = if lady { "female" } else { "male" }.to_string();
        f.alliance = if lady { "none" } else { "grey" }.to_string();
    }
    let places = [Location::Camelot, Location::Cornwall, Location::PerilousForest];
    let quiet: Vec<String> = tavola_games::Catalog::builtin()
        .by_kind(GameKind::CamelotLegends, "event")
        .map(|e| e.id.clone())
        .filter(|e| {
            sites::opens(e).is_none()
                && !legends::effects::CARRIED_OUT.contains(&e.as_str())
                && !legends::cards::single_knight(e)
        })
        .collect();
    assert!(quiet.len() > 8, "{quiet:?}");
    for (id, f) in facts.events.iter_mut() {
        f.level = "normal".to_string();
        let at = quiet.iter().position(|q| q == id);
        // The others only stand as the heraldic event, turn after turn.
        if at.is_some_and(|i| i >= 8) {
            f.event_type = EventType::Heraldic;
            f.location = None;
            f.requirements.clear();
        }
        if let Some(i) = at.filter(|i| *i < 8) {
            f.event_type = EventType::Location;
            f.location = Some(places[i % 3]);
            let (a, b) = (Skill::ALL[i % 6], Skill::ALL[(i + 3) % 6]);
            f.requirements = vec![Requirement { skill: a, needed: 18 }, Requirement { skill: b, needed: 16 }];
            f.victory_points = 6;
        }
        if id == FULLEST_LONE {
            f.location = Some(Location::PerilousForest);
        }
    }
    (facts, ladies, quiet)
}

/// The next of the engine's legal commands towards the fullest board: the
/// event planned next; the pair to the Isle; a character where this player
/// has none yet; a character drawn; else the end of the turn.
fn towards_fullest(
    g: &legends::Legends,
    draws: &mut Vec<String>,
    played: &mut Vec<(Seat, String)>,
    characters: &[String],
    ladies: &[String],
) -> legends::Command {
    use legends::{Command, Location};
    use tavola_games::{Game, Legal};
    let v = g.view();
    let legal = g.legal();
    let seat = match &v.phase {
        legends::Phase::Turn(t) => t.seat,
        legends::Phase::Placing { seat, .. } => *seat,
        _ => Seat(0),
    };
    let has = |at: Location| v.places.iter().any(|p| p.location == at && p.companies.iter().any(|c| c.seat == seat));
    let exact = |f: &dyn Fn(&Command) -> bool| {
        legal.iter().filter_map(|l| if let Legal::Exact(c) = l { Some(c) } else { None }).find(|c| f(c)).cloned()
    };
    let pick = if legal.iter().any(|l| matches!(l.command(), Command::DrawEvent { .. })) && !draws.is_empty() {
        Some(Command::DrawEvent { card: draws.remove(0) })
    } else if let Some(m) = exact(&|c| matches!(c, Command::Move { to: Location::IsleOfAvalon, .. }))
        .filter(|_| !has(Location::IsleOfAvalon))
    {
        Some(m)
    } else if v.laid.is_some() {
        let to = v.places.iter().map(|p| p.location).filter(|l| *l != Location::IsleOfAvalon);
        let mut to: Vec<Location> = to.collect();
        to.sort_by_key(|l| has(*l));
        // A lady joins the player's last knight, for the Isle.
        let mine: Vec<&String> = played.iter().filter(|(p, _)| *p == seat).map(|(_, c)| c).collect();
        let lady = mine.last().is_some_and(|c| ladies.contains(*c));
        let knight = mine.iter().rev().nth(1).copied();
        if lady && !has(Location::IsleOfAvalon) {
            let with = v
                .places
                .iter()
                .find(|p| p.companies.iter().any(|c| c.seat == seat && knight.is_some_and(|k| c.cards.contains(k))));
            if let Some(p) = with {
                to.insert(0, p.location);
            }
        }
        to.into_iter().map(|location| Command::Play { location }).find(|c| legal.iter().any(|l| l.command() == c))
    } else if legal.iter().any(|l| matches!(l.command(), Command::Lay { .. }))
        && v.places.iter().any(|p| p.location != Location::IsleOfAvalon && !has(p.location))
    {
        // A knight and a lady in turn, so that a pair can leave for the Isle.
        let lady_now = played.iter().filter(|(p, _)| *p == seat).count() % 2 == 1;
        let card = characters
            .iter()
            .find(|c| !played.iter().any(|(_, p)| p == *c) && ladies.contains(c) == lady_now)
            .cloned()
            .expect("a character");
        played.push((seat, card.clone()));
        Some(Command::Lay { card })
    } else {
        exact(&|c| matches!(c, Command::DrawCharacter))
            .filter(|_| v.players[seat.index()].hand == 0)
            .or_else(|| exact(&|c| matches!(c, Command::EndTurn)))
            .or_else(|| exact(&|c| matches!(c, Command::Resolve { .. } | Command::Pass | Command::Cover { .. })))
    };
    pick.unwrap_or_else(|| {
        let shape: Vec<(usize, usize)> = v.places.iter().map(|p| (p.events.len(), p.companies.len())).collect();
        panic!("nothing to do at {shape:?}: {:?}", legal.iter().map(|l| l.command()).collect::<Vec<_>>())
    })
}

/// The history page over stored games of ten players with long names (five
/// rejected teams each, evil's win): each chart and the list of games.
fn history(window: &Rc<MinimalSoftwareWindow>, size: (u32, u32), lang: Lang) -> Vec<(String, String)> {
    use tavola_core::journal::{GameMeta, GameResult, Journal};
    use tavola_games::avalon::{Avalon, RoleSet, Setup};
    use tavola_games::{AnyEvent, Ctx, Game, GameEvent};
    // A folder of its own: the sizes are checked side by side.
    let dir = tempfile::tempdir().expect("a folder");
    let db = dir.path().join("t.db");
    let mut j = Journal::open(&db).expect("a journal").journal;
    for _ in 0..3 {
        let mut cmds = vec![Command::Setup(Setup {
            names: LONG_NAMES.iter().map(|n| n.to_string()).collect(),
            roles: RoleSet::standard(10, &[Role::Percival, Role::Morgana]).expect("ten players"),
            scan_roles: false,
            first_leader: Some(Seat(0)),
            options: Default::default(),
        })];
        cmds.push(Command::EndNight);
        for _ in 0..5 {
            cmds.push(Command::ProposeTeam { team: vec![Seat(0), Seat(1), Seat(2)], mission: None, excalibur: None });
            cmds.extend((0..10).map(|s| Command::Vote { seat: Seat(s), approve: false }));
        }
        let (mut game, mut rng, mut entries) = (Avalon::default(), Ctx::seeded(5), Vec::new());
        for c in &cmds {
            let events = game.execute(c, &mut rng).expect("a legal command");
            entries.push(events.into_iter().filter(|e| !e.is_transient()).map(AnyEvent::Avalon).collect::<Vec<_>>());
        }
        let id = j.begin_game(GameKind::Avalon, &GameMeta::from_events(&entries[0], None)).expect("begin");
        for e in entries.iter().filter(|e| !e.is_empty()) {
            j.append(id, e).expect("append");
        }
        j.finish_game(id, &GameResult::from_events(&entries.concat()).expect("an end")).expect("finish");
    }
    drop(j);
    let mut booted = boot(&BootOptions { simulate: true, db: Some(db), ..BootOptions::default() });
    booted.notices.extend(notices());
    let ui = init(booted).expect("the window");
    ui.window.show().expect("show");
    let mut s = Screen { ui, size, window: window.clone(), now: 0, found: Vec::new(), lang };
    s.touch(Touch::SetLang { lang });
    tavola_screens::select_language(lang);
    s.step(0);
    let app = s.ui.window.clone_strong();
    let app = app.global::<App<'_>>();
    app.invoke_open_history();
    for view in ["wins", "parts", "players", "length", "games"] {
        app.set_history_view(view.into());
        s.check(&format!("history, {view}"));
    }
    s.found
}

/// The game screens that do not fit yet at the largest table with long
/// names (run with `--nocapture` to see why): a screen made to fit must
/// leave this list, and any other screen that stops fitting fails the test.
const STILL_TOO_FULL: [&str; 0] = [];

/// Every main screen at `width`×`height`, in both languages: the problems
/// found, but for the screens of [`STILL_TOO_FULL`].
fn fits(width: u32, height: u32) {
    let window = offscreen::install(width, height).expect("the off-screen platform");
    let size = (width, height);
    let mut found = Vec::new();
    for lang in [Lang::En, Lang::It] {
        let mut s = start(&window, size, lang);
        host_pages(&mut s);
        facts_pages(&mut s);
        avalon(&mut s);
        soc(&mut s);
        other_games(&mut s);
        found.append(&mut s.found);
        found.append(&mut history(&window, size, lang));
    }
    let (known, new): (Vec<_>, Vec<_>) =
        found.into_iter().partition(|(screen, _)| STILL_TOO_FULL.contains(&screen.as_str()));
    for (_, p) in &known {
        eprintln!("still too full: {p}");
    }
    let fitting: Vec<&&str> = STILL_TOO_FULL.iter().filter(|name| !known.iter().any(|(s, _)| s == **name)).collect();
    assert!(fitting.is_empty(), "these screens fit now, take them off STILL_TOO_FULL: {fitting:?}");
    let new: Vec<String> = new.into_iter().map(|(_, p)| p).collect();
    assert!(new.is_empty(), "{} problems on the {width}×{height} screen:\n{}", new.len(), new.join("\n"));
}

/// The 7" touchscreen Tavola is drawn for.
#[test]
fn every_main_screen_fits_800_by_480_at_the_largest_table_in_both_languages() {
    fits(800, 480);
}

/// The cheap 7" HDMI panels.
#[test]
fn every_main_screen_fits_1024_by_600_at_the_largest_table_in_both_languages() {
    fits(1024, 600);
}

/// Raspberry Pi's Touch Display 2 (a 720×1280 panel) turned to landscape,
/// and a 720p television.
#[test]
fn every_main_screen_fits_1280_by_720_at_the_largest_table_in_both_languages() {
    fits(1280, 720);
}

/// The common 10.1" panels.
#[test]
fn every_main_screen_fits_1280_by_800_at_the_largest_table_in_both_languages() {
    fits(1280, 800);
}

/// A television.
#[test]
fn every_main_screen_fits_1920_by_1080_at_the_largest_table_in_both_languages() {
    fits(1920, 1080);
}
