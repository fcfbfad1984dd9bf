//! The screen's controller: turns touches into table inputs and the table's
//! public view into the globals' properties.

use super::{App, AppWindow, CardItem, GameUi, Page, RulesSection, SetupUi, TableSim};
use crate::boot::Booted;
use crate::games::{GameKind, Lang, Seat, Stage};
use crate::hw::{Light, Millis, PadButton, TagSource};
use crate::table::{HwReport, Input, NarrationControl, Output, TableView, Touch};
use slint::{ComponentHandle, Model, ModelRc, VecModel};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;
use tavola_words::msg;

// The one interface between the window and every game's screens.
#[path = "screens.rs"]
mod screens;
// Each game's screens: `<module>.rs` beside this file, named as the game's
// engine module in the list of games (`games!`), which declares it. They
// see what this file sees.
#[path = "."]
mod each_game {
    use super::*;

    macro_rules! declare {
        ($($module:ident::$Engine:ident)*) => {
            $(mod $module;)*
        };
    }
    crate::games::games!(@modules declare);
}
// The owner's card facts: the form and Settings → Card facts.
#[path = "setup.rs"]
mod setup;

#[path = "facts.rs"]
mod facts;
// The hardware self-test and tagging pages, kept apart from this file.
#[path = "hardware.rs"]
mod hardware;
// The message line: one standing message at a time.
#[path = "messages.rs"]
mod messages;
// The history page's charts.
#[path = "history.rs"]
pub mod history;
// "What now?" and the first-game mode.
#[path = "teach.rs"]
mod teach;
// Each game's look and timed windows, from the registry.
#[path = "look.rs"]
mod look;

/// A page shown over the game (settings, about).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlay {
    Settings,
    About,
    History,
    /// Settings → Card facts.
    CardFacts,
}

/// The table and the screen's own state (the setup being prepared, the team
/// being chosen).
pub struct Controller {
    booted: Booted,
    now: Millis,
    overlay: Option<Overlay>,
    cards: Vec<(String, Option<String>)>,
    on_reader: String,
    /// Whether the pad was asked for answers at the last look.
    pad_asked: bool,
    /// Whether the simulated table was beside the game at the last look.
    table_shown: bool,
    held: BTreeSet<(u8, bool)>,
    /// The language the static labels are in.
    labels: Option<Lang>,
    /// Every game's screens (see `screens.rs`).
    screens: screens::Screens,
    /// Every game's setup as chosen so far (see `setup.rs`).
    setups: setup::Setups,
    /// The card facts pages (see `facts.rs`).
    facts_screen: facts::FactsScreen,
    /// Inputs handed to the table so far: what the table knows may have
    /// changed when this has.
    inputs: u64,
    /// What the card picker holds cards for: a game, or (`None`) a card of
    /// each game. Nothing yet while no game is chosen and the simulated
    /// table has not been shown: that list reads every game's card file,
    /// which a start need not pay for.
    cards_for: Option<Option<GameKind>>,
    /// The hardware pages (see `hardware.rs`).
    hw: hardware::HwPages,
    /// Which standing message the message line shows (see `messages.rs`).
    message_line: messages::MessageLine,
    /// The history page while it is open (see `history.rs`).
    history: history::HistoryScreen,
    /// "What now?" and the first-game mode (see `teach.rs`).
    teaching: teach::Teaching,
    /// The cards on the screen have just come to stand in for the real reader: the table
    /// beside the game opens to show them.
    cards_came: bool,
    /// Where what the parts report goes, a line each, besides the screen:
    /// standard error, which the unit hands to the system journal.
    log: Box<dyn FnMut(&str)>,
    /// A touch came since the last turn: the next one is due at once.
    kicked: bool,
    /// The last poll brought something (the table's outputs, a part's report).
    news: bool,
    /// The view the screen was last brought up to date from.
    shown: Option<TableView>,
    /// When an on-screen pad button last moved (its debounce runs).
    pad_moved: Option<Millis>,
    /// The app's clock and the call that brings the table's turn forward
    /// (see [`super::run`]); tests step the time themselves, without.
    pacing: Option<Pacing>,
}

/// How the app's loop is paced from the controller: its clock, read when a
/// touch comes between two turns, and the call that asks for a turn at once.
pub(crate) struct Pacing {
    pub(crate) clock: Rc<dyn Fn() -> Millis>,
    pub(crate) turn_now: Rc<dyn Fn()>,
}

/// The longest the table goes without a turn: what no part can announce
/// (a threaded part's watchdog, a part found late, a slow speaker's end)
/// is seen this late at worst.
pub const IDLE_TURN_MS: Millis = 1_000;

/// How long after an on-screen pad button moved its debounce is given
/// turns (the firmware's debounce, with room).
const PAD_SETTLE_MS: Millis = 200;

impl std::fmt::Debug for Controller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Controller").field("now", &self.now).finish_non_exhaustive()
    }
}

impl Controller {
    /// A controller for a booted table.
    pub fn new(booted: Booted) -> Self {
        Self::with_log(booted, Box::new(|line| eprintln!("{line}")))
    }

    /// The same, writing what the parts report to `log` (a line each).
    fn with_log(booted: Booted, log: Box<dyn FnMut(&str)>) -> Self {
        let message_line = messages::MessageLine::new(&booted.notices);
        let mut c = Controller {
            booted,
            now: 0,
            overlay: None,
            cards: Vec::new(),
            on_reader: String::new(),
            pad_asked: false,
            held: BTreeSet::new(),
            labels: None,
            table_shown: false,
            screens: Default::default(),
            setups: Default::default(),
            teaching: Default::default(),
            facts_screen: Default::default(),
            inputs: 0,
            cards_for: None,
            hw: Default::default(),
            message_line,
            history: Default::default(),
            cards_came: false,
            log,
            kicked: false,
            news: false,
            shown: None,
            pad_moved: None,
            pacing: None,
        };
        // What start-up found goes to the journal once, in the table's language.
        let lang = c.lang();
        for n in &c.booted.notices {
            (c.log)(&format!("tavola: {}", n.text(lang)));
        }
        c
    }

    /// The table's public view.
    pub fn view(&self) -> TableView {
        self.booted.table.session.view()
    }

    /// One turn of the table loop.
    pub fn poll(&mut self, now: Millis) {
        self.now = self.now.max(now);
        self.kicked = false;
        // While a hardware page is open it uses the parts and the table
        // waits (see `hardware.rs`).
        self.news = false;
        if !self.poll_hardware() {
            let out = self.booted.table.poll(self.now);
            self.news = !out.is_empty();
            self.heard(&out);
        }
        self.hw_reports();
        // The cards on the screen come while the real reader is down, and go when it is back.
        match self.booted.sync_reader() {
            Some(true) => self.cards_came = true,
            Some(false) => self.on_reader.clear(),
            None => {}
        }
    }

    /// A turn of the app's loop at `now`: [`Controller::poll`], then the
    /// screen brought up to date unless nothing it shows can have changed
    /// (no touch since the last turn, nothing polled, the same view).
    pub fn turn(&mut self, now: Millis, window: &AppWindow) {
        let touched = self.kicked;
        self.poll(now);
        if touched || self.news || self.hw.page().is_some() || self.shown.as_ref() != Some(&self.view()) {
            self.refresh(window);
        }
    }

    /// When the table next needs a turn ([`Controller::poll`]), on the
    /// table's clock: at once after a touch; while a part of the simulated
    /// table is moving (a card laid or lifted not yet read, a button held
    /// or bouncing) or a hardware page uses the parts, every [`TICK_MS`];
    /// else when the table says (the timer's next second, the narration's
    /// next line); and [`IDLE_TURN_MS`] after the last turn at the latest.
    /// A threaded part's news brings a turn of its own (`hw::wake`).
    ///
    /// [`TICK_MS`]: super::TICK_MS
    pub fn due(&self) -> Millis {
        let now = self.now;
        if self.kicked {
            return now;
        }
        let mut due = now + IDLE_TURN_MS;
        if self.hw.page().is_some() || self.parts_moving() {
            due = due.min(now + super::TICK_MS);
        }
        if let Some(at) = self.booted.table.due(now) {
            due = due.min(at.max(now));
        }
        due
    }

    /// Whether a part of the simulated table is on the move: a card laid
    /// that its reader has not taken in yet or one lifted it still counts
    /// as there, a pad button held or bouncing.
    fn parts_moving(&self) -> bool {
        let reader = self.booted.on_screen.reader.as_ref().is_some_and(|r| {
            let r = r.borrow();
            let lying = r.chip().tag().map(|t| t.uid().to_vec());
            let known = r.memory().and_then(|m| m.present()).map(|u| u.as_bytes().to_vec());
            lying != known
        });
        let pad = self.booted.on_screen.pad.is_some()
            && (!self.held.is_empty() || self.pad_moved.is_some_and(|at| self.now < at + PAD_SETTLE_MS));
        reader || pad
    }

    /// The app's loop paces the table through `pacing` from now on.
    pub(crate) fn pace_with(&mut self, pacing: Pacing) {
        self.pacing = Some(pacing);
    }

    /// A touch is coming: the table's clock is brought to the app's time
    /// (a touch between two turns happens when it happens).
    fn catch_up(&mut self) {
        if let Some(p) = &self.pacing {
            self.now = self.now.max((p.clock)());
        }
    }

    /// A touch came: the next turn is due at once.
    pub(crate) fn kick(&mut self) {
        self.kicked = true;
        if let Some(p) = &self.pacing {
            (p.turn_now)();
        }
    }

    /// Hands an input to the table (touches come this way; scripted demos
    /// and screenshots use it directly).
    pub fn input(&mut self, input: Input) {
        self.inputs += 1;
        let out = self.booted.table.input(self.now, input);
        self.heard(&out);
        self.hw_reports();
    }

    /// A word of the table in answer (a move refused, a stuck button) is
    /// shown at once, even the same words again. (The parts' own notices
    /// come as reports.)
    fn heard(&mut self, out: &[Output]) {
        let said = out.iter().any(|o| match o {
            Output::Error { .. } => true,
            Output::Notice { code, .. } => !code.starts_with("hw."),
            _ => false,
        });
        if said && self.booted.table.session.view().message.is_some() {
            self.message_line.front();
        }
    }

    /// What the parts reported (a failure, its end, a part that opened
    /// late): onto the message line, and into the journal once each.
    fn hw_reports(&mut self) {
        let lang = self.lang();
        for report in self.booted.table.take_hw_reports() {
            self.news = true;
            (self.log)(&format!("tavola: {}", report.said().text(lang)));
            if let HwReport::Connected(part) = &report {
                // The real part took over: its substitute leaves the screen.
                self.booted.part_connected(&part.part);
                match part.part.as_str() {
                    "reader" => self.on_reader.clear(),
                    "pad" => self.held.clear(),
                    _ => {}
                }
            }
            self.message_line.record(&report);
        }
    }

    /// The on-screen substitutes (the simulated pad and reader).
    pub fn on_screen(&self) -> &crate::boot::OnScreen {
        &self.booted.on_screen
    }

    /// Shows a settings or About page over the game (`None`: the game).
    pub fn show_page(&mut self, page: Option<Page>) {
        self.overlay = match page {
            Some(Page::Settings) => Some(Overlay::Settings),
            Some(Page::About) => Some(Overlay::About),
            Some(Page::History) => Some(Overlay::History),
            _ => None,
        };
    }

    fn touch(&mut self, t: Touch) {
        self.input(Input::Touch(t));
    }

    fn lang(&self) -> Lang {
        self.booted.table.session.lang()
    }

    fn press(&mut self, seat: i32, approve: bool, down: bool) {
        let Some(pad) = self.booted.on_screen.pad.clone() else { return };
        let Ok(seat) = u8::try_from(seat) else { return };
        // A key held down repeats: only real changes reach the pad.
        let changed = if down { self.held.insert((seat, approve)) } else { self.held.remove(&(seat, approve)) };
        if changed {
            self.pad_moved = Some(self.now);
            let button = if approve { PadButton::Approve } else { PadButton::Reject };
            pad.borrow_mut().set_level(self.now, seat, button, down);
        }
    }

    fn tap_card(&mut self, i: i32) {
        let Some(reader) = self.booted.on_screen.reader.clone() else { return };
        let Some((label, card)) = usize::try_from(i).ok().and_then(|i| self.cards.get(i)).cloned() else { return };
        reader.borrow_mut().place(&format!("picker-{label}"), card.as_deref());
        self.on_reader = label;
    }

    fn lift_card(&mut self) {
        if let Some(reader) = &self.booted.on_screen.reader {
            reader.borrow_mut().remove();
        }
        self.on_reader.clear();
    }

    /// Fills the history page from the journal (a second, reading connection).
    fn load_history(&mut self, window: &AppWindow) {
        let lang = self.lang();
        let Some(path) = &self.booted.journal else { return };
        let Ok(journal) = crate::journal::Journal::open(path).map(|o| o.journal) else { return };
        self.history.load(&journal, lang, window);
    }

    /// True while a game is being played, any game (set up and not over):
    /// leaving it asks first, and the hardware pages stay closed (the parts
    /// belong to the game).
    fn game_under_way(&self) -> bool {
        self.booted.table.session.game().is_some_and(|g| g.players() > 0 && !g.is_over())
    }

    /// The page of the moment: a host's page (the hardware, the card
    /// facts, settings, about, the history) over the game's.
    fn page(&self, view: &TableView) -> Page {
        if let Some(page) = self.hw.page() {
            return page;
        }
        if let Some(page) = self.facts_page(view) {
            return page;
        }
        match self.overlay {
            Some(Overlay::Settings) => return Page::Settings,
            Some(Overlay::About) => return Page::About,
            Some(Overlay::History) => return Page::History,
            Some(Overlay::CardFacts) | None => {}
        }
        game_page(view).unwrap_or(Page::Picker)
    }

    /// Copies the public view into the window's globals.
    pub fn refresh(&mut self, window: &AppWindow) {
        let view = self.view();
        self.shown = Some(view.clone());
        let lang = view.lang;
        if self.labels != Some(lang) {
            super::select_language(lang);
            self.labels = Some(lang);
        }
        let app = window.global::<App<'_>>();
        let page = self.page(&view);
        app.set_page(page);
        // The window grew by the simulated table's width when it came (its
        // minimum did): it gives that room back when the table goes, so the
        // game keeps its own size.
        let table = app.get_simulated() && app.get_show_table();
        if std::mem::replace(&mut self.table_shown, table) && !table {
            let w = window.window();
            if !w.is_fullscreen() && !w.is_maximized() {
                let size = w.size().to_logical(w.scale_factor());
                let width = (size.width - app.get_table_panel_width()).max(800.0);
                w.set_size(slint::LogicalSize::new(width, size.height));
            }
        }
        // ✕ leaves the game from its own pages; it asks first while there
        // is something to lose.
        let game_page = game_page(&view) == Some(page);
        app.set_game_page(game_page);
        app.set_leave_asks(self.game_under_way());
        let host_page = matches!(
            page,
            Page::Settings | Page::About | Page::History | Page::Selftest | Page::Tags | Page::FactsDeck
        );
        app.set_subtitle_line(!host_page && view.game.and_then(screens::narrated_page) != Some(page));
        app.set_lang(lang.code().into());
        app.set_game_title(view.game.map(GameKind::title).unwrap_or_default().into());
        app.set_game_id(view.game.map(GameKind::id).unwrap_or_default().into());
        if let Some(kind) = view.game {
            let look = look::look(kind);
            if app.get_game_look() != look {
                app.set_game_look(look);
            }
        }
        // The game's rules page, in the language of the moment.
        let rules_title = view.game.map(|g| lang.text(&g.rules_title())).unwrap_or_default();
        if app.get_rules_title() != rules_title.as_str() {
            app.set_rules_title(rules_title.into());
            let sections: Vec<RulesSection> = view
                .game
                .map(GameKind::rules_page)
                .unwrap_or_default()
                .iter()
                .map(|(title, body)| RulesSection { title: lang.text(title).into(), body: lang.text(body).into() })
                .collect();
            set_model(&app.get_rules(), sections, |m| app.set_rules(m));
        }
        self.refresh_teaching(window, &view);
        self.refresh_messages(&app, &view);
        // A page that shows the narration itself (the night) does not show
        // an explanation's words behind the explanation.
        let narrated = view.game.and_then(screens::narrated_page) == Some(page);
        let subtitle = view.subtitle.as_ref().filter(|_| !(narrated && view.explaining));
        app.set_subtitle(subtitle.map(|l| l.text.clone()).unwrap_or_default().into());
        app.set_queued_lines(view.queued_lines as i32);
        app.set_narration_paused(view.narration_paused);
        set_model(&app.get_games(), look::games(), |m| app.set_games(m));
        show_timer(&app, &view);
        let (undo, redo) = self.booted.table.session.can_undo_redo();
        app.set_can_undo(undo);
        app.set_can_redo(redo);
        self.refresh_resume(&app, lang);
        let on_screen = &self.booted.on_screen;
        app.set_simulated(on_screen.pad.is_some() || on_screen.reader.is_some());
        set_model(&app.get_timers(), look::timer_settings(&view.timers, lang), |m| app.set_timers(m));
        app.set_volume(i32::from(view.volume));
        app.set_pace(view.pace);

        // The pages of the game on the table (the picker shows none).
        if let Some(kind) = view.game {
            if view.stage == Some(Stage::Setup) {
                screens::setup_refresh(kind, self, window, &view);
            }
            screens::refresh(kind, self, window, &view);
        }
        self.refresh_sim(window, &view);
        self.refresh_hardware(window, &view);
        self.refresh_facts(window, &view);
    }

    /// The message line: the table's last word first, then what start-up
    /// found missing and what the parts said since.
    fn refresh_messages(&mut self, app: &App<'_>, view: &TableView) {
        let lang = view.lang;
        let (mut standing, at) = self.message_line.standing(view.message.as_deref(), lang);
        app.set_message(standing.get(at).cloned().unwrap_or_default().into());
        // A refusal's rule, under it on the line and after it in the list.
        let rule = view.message_rule.as_ref().filter(|_| self.message_line.word_listed());
        let rule = rule.map(|r| lang.text(&msg!("refusal.rule", rule = r.as_str())));
        let shown_rule = rule.as_ref().filter(|_| self.message_line.word_at_front());
        app.set_message_rule(shown_rule.cloned().unwrap_or_default().into());
        if let (Some(rule), Some(word)) = (rule, standing.first_mut()) {
            *word = format!("{word}\n{rule}");
        }
        app.set_message_count(standing.len() as i32);
        if standing.is_empty() {
            app.set_show_messages(false);
        }
        let standing: Vec<slint::SharedString> = standing.into_iter().map(Into::into).collect();
        set_model(&app.get_messages(), standing, |m| app.set_messages(m));
    }

    /// "Take up the game left unfinished", when the journal holds one.
    fn refresh_resume(&self, app: &App<'_>, lang: Lang) {
        app.set_resume_offered(self.booted.unfinished.is_some());
        if let Some(stored) = &self.booted.unfinished {
            let names: Vec<&str> = stored.info.players.iter().filter(|n| !n.is_empty()).map(String::as_str).collect();
            let text = lang.text(&msg!(
                "ui.resume.saved",
                title = stored.info.kind.title(),
                count = stored.entries.len(),
                names = names.join(", ")
            ));
            app.set_resume_text(text.into());
        }
    }

    fn refresh_sim(&mut self, window: &AppWindow, view: &TableView) {
        let sim = window.global::<TableSim<'_>>();
        // A game's cards are there for a card laid by a key or a script
        // even while the table is hidden; before a game, only once shown.
        let wanted = view.game.is_some() || window.global::<App<'_>>().get_show_table();
        if self.cards_for != Some(view.game) && (wanted || self.cards_for.is_some()) {
            self.cards_for = wanted.then_some(view.game);
            self.cards = if wanted { screens::picker_cards(view.game) } else { Vec::new() };
            // A card of the last game does not stay on the reader, and the
            // search starts afresh.
            self.lift_card();
            sim.set_search(Default::default());
            sim.set_selected_card(0);
        }
        sim.set_has_pad(self.booted.on_screen.pad.is_some());
        // Cards that come to stand in for a real reader come into view.
        if std::mem::take(&mut self.cards_came) {
            window.global::<App<'_>>().set_show_table(true);
        }
        sim.set_has_reader(self.booted.on_screen.reader.is_some());
        // The seats at the table once a game is set up; the whole pad before.
        let pad = self.booted.on_screen.pad.as_ref().map_or(0, |p| usize::from(p.borrow().seats()));
        let seats = if view.lights.is_empty() { pad } else { view.lights.len().min(pad) };
        let lights: Vec<i32> = (0..seats)
            .map(|i| match view.lights.get(i) {
                Some(Light::Waiting) => 1,
                Some(Light::Done) => 2,
                _ => 0,
            })
            .collect();
        // The pad comes forward when the table asks it for answers.
        let asked = lights.contains(&1);
        if asked && !self.pad_asked {
            sim.set_tab(0);
        }
        self.pad_asked = asked;
        set_model(&sim.get_lights(), lights, |m| sim.set_lights(m));
        let blank = view.lang.text(&msg!("ui.sim.blank_tag"));
        let catalog = crate::catalog::Catalog::builtin();
        let cards: Vec<CardItem> = self
            .cards
            .iter()
            .enumerate()
            .map(|(i, (label, card))| {
                let name = match card {
                    // King Arthur's Knights' virtue cards share a name: their
                    // numbers tell them apart.
                    Some(id) if id.starts_with("kak/virtue/card-") => {
                        let n = id.rsplit('-').next().unwrap_or_default();
                        format!("{} {n}", catalog.name(id, view.lang).unwrap_or_else(|| label.clone()))
                    }
                    Some(id) => catalog.name(id, view.lang).unwrap_or_else(|| label.clone()),
                    None => blank.clone(),
                };
                CardItem { id: card.clone().unwrap_or_default().into(), label: name.into(), index: i as i32 }
            })
            .collect();
        let search = sim.get_search().trim().to_lowercase();
        let words: Vec<&str> = search.split_whitespace().collect();
        let shown: Vec<CardItem> = cards
            .iter()
            .filter(|c| {
                let (label, id) = (c.label.to_lowercase(), c.id.to_lowercase());
                words.iter().all(|w| label.contains(w) || id.contains(w))
            })
            .cloned()
            .collect();
        set_model(&sim.get_shown(), shown, |m| sim.set_shown(m));
        set_model(&sim.get_cards(), cards, |m| sim.set_cards(m));
        sim.set_on_reader(self.on_reader.clone().into());
    }
}

impl Controller {
    /// Sets up Avalon's setup page choices (players and optional
    /// characters), as the table would touch them.
    pub fn prepare_setup(&mut self, players: usize, optional: &[crate::games::avalon::Role]) {
        use crate::games::avalon::{Avalon, Role};
        let a = self.setups.answers::<Avalon>();
        a.set_players::<Avalon>(players);
        for r in Role::OPTIONAL {
            a.set_option::<Avalon>(&crate::games::code(&r), i32::from(optional.contains(&r)));
        }
    }
}

impl Controller {
    /// Brings `G`'s pages up to date from what they may see of `view`.
    fn show_game<G: screens::Held>(&mut self, window: &AppWindow, view: &TableView) {
        let Some(v) = view.game::<G>() else { return };
        let looking = G::looking(G::held(&mut self.screens), v);
        let Some(sight) = self.booted.table.session.sight::<G>(view, looking) else { return };
        let shows = G::show(G::held(&mut self.screens), &sight);
        G::bind(shows, window);
    }

    /// Runs `f` on `G`'s screens, seeing the table as it is now, and asks
    /// the table what it answers.
    fn ask_game<G: screens::Held>(&mut self, f: &screens::Change<'_, G>) {
        let view = self.view();
        let Some(v) = view.game::<G>() else { return };
        let looking = G::looking(G::held(&mut self.screens), v);
        let Some(sight) = self.booted.table.session.sight::<G>(&view, looking) else { return };
        let ask = f(G::held(&mut self.screens), &sight);
        drop(sight);
        match ask {
            Some(screens::Ask::Play(command)) => screens::send::<G>(self, command),
            Some(screens::Ask::Leave) => self.touch(Touch::Leave { confirm: true }),
            Some(screens::Ask::PlayAgain) => self.touch(Touch::PlayAgain { names: None }),
            Some(screens::Ask::Peek) => self.touch(Touch::Peek),
            Some(screens::Ask::SkipReveal) => self.touch(Touch::SkipReveal),
            Some(screens::Ask::Roll(command)) => match self.booted.on_screen.dice.clone() {
                Some(dice) => dice.borrow_mut().press(),
                None => screens::send::<G>(self, command),
            },
            Some(screens::Ask::Reseat(answers)) => {
                *self.setups.answers::<G>() = answers;
                self.touch(Touch::Leave { confirm: true });
                self.touch(Touch::ChooseGame { game: G::KIND });
            }
            None => {}
        }
    }
}

/// The running timer's countdown on the top bar.
fn show_timer(app: &App<'_>, view: &TableView) {
    let lang = view.lang;
    match &view.timer {
        Some(t) => {
            let what = t.kind.countdown_words();
            let secs = t.remaining_ms.div_ceil(1000);
            let label = if t.expired {
                msg!("ui.timer.expired", what)
            } else {
                msg!("ui.timer.left", what, time = format!("{}:{:02}", secs / 60, secs % 60))
            };
            let label = lang.text(&label);
            app.set_timer_visible(true);
            app.set_timer_label(label.into());
            // The bar moves with the figure, once a second: a bar
            // following the milliseconds would have the window draw
            // every turn of the loop.
            let fraction = if t.total_ms == 0 { 0.0 } else { (secs * 1000).min(t.total_ms) as f32 / t.total_ms as f32 };
            app.set_timer_fraction(if t.expired { 0.0 } else { fraction });
            app.set_timer_warning(t.warning);
            app.set_timer_expired(t.expired);
        }
        None => app.set_timer_visible(false),
    }
}

/// The page of the game on the table: its setup until it is set up, then
/// the page its screens show.
fn game_page(view: &TableView) -> Option<Page> {
    match view.stage {
        Some(Stage::Setup) => Some(Page::Setup),
        _ => view.game_view.as_ref().map(screens::page_of),
    }
}

/// Brings a model's rows up to date a row at a time (see [`update_rows`]);
/// `set` gives the property a model of its own the first time (the .slint
/// file's empty array).
///
/// Every refresh of the table loop (50 a second) comes through here: a
/// model replaced while its rows are the same would have the window draw
/// every frame, and would rebuild the widgets of its rows under a finger
/// that holds one of them (the press lost).
fn set_model<T: Clone + PartialEq + 'static>(current: &ModelRc<T>, rows: Vec<T>, set: impl FnOnce(ModelRc<T>)) {
    match current.as_any().downcast_ref::<VecModel<T>>() {
        Some(model) => update_rows(model, rows),
        None => set(ModelRc::new(VecModel::from(rows))),
    }
}

/// `rows` into `model`: a row that did not change is left alone, one that
/// did is set in place, rows come and go at the end. The widgets of the
/// rows that stay stay too.
fn update_rows<T: Clone + PartialEq + 'static>(model: &VecModel<T>, rows: Vec<T>) {
    let before = model.row_count();
    for last in (rows.len()..before).rev() {
        model.remove(last);
    }
    for (i, row) in rows.into_iter().enumerate() {
        if i >= before {
            model.push(row);
        } else if model.row_data(i).as_ref() != Some(&row) {
            model.set_row_data(i, row);
        }
    }
}

/// The model a row holds within a model (a location's companies, a field's
/// values): the one it held at the last refresh (`before`), brought up to
/// date in place, else a new one. Two models are equal only when they are
/// the same model, so a row given a new one each refresh never compares
/// equal to itself and is set again every time.
fn nested<T: Clone + PartialEq + 'static>(before: Option<ModelRc<T>>, rows: Vec<T>) -> ModelRc<T> {
    if let Some(model) = before {
        if let Some(vec) = model.as_any().downcast_ref::<VecModel<T>>() {
            update_rows(vec, rows);
            return model;
        }
    }
    ModelRc::new(VecModel::from(rows))
}

/// Connects the `SetupUi` callbacks to the setup of the game on the table.
fn wire_setup(window: &AppWindow, ctrl: &Rc<RefCell<Controller>>, with: &screens::With) {
    let ui = window.global::<SetupUi<'_>>();
    let change = |with: screens::With| {
        move |ch: setup::Change| {
            with(&|c| {
                if let Some(kind) = c.view().game {
                    screens::setup_change(kind, c, &ch);
                }
            })
        }
    };
    // Typing changes no page: no refresh, so the field keeps its focus.
    let typing = |ctrl: Rc<RefCell<Controller>>| {
        move |ch: setup::Change| {
            let mut c = ctrl.borrow_mut();
            if let Some(kind) = c.view().game {
                screens::setup_change(kind, &mut c, &ch);
            }
        }
    };
    let f = change(with.clone());
    ui.on_set_players(move |n| f(setup::Change::Players(n)));
    let f = change(with.clone());
    ui.on_cycle(move |i| f(setup::Change::Cycle(i)));
    let f = typing(ctrl.clone());
    ui.on_set_name(move |i, text| f(setup::Change::Name(i, text.to_string())));
    let f = change(with.clone());
    ui.on_set_option(move |i, v| f(setup::Change::Option(i, v)));
    let f = change(with.clone());
    ui.on_set_seat(move |i| f(setup::Change::Seat(i)));
    let f = change(with.clone());
    ui.on_lay(move |i| f(setup::Change::Lay(i)));
    let f = typing(ctrl.clone());
    ui.on_set_typed(move |text| f(setup::Change::Typed(text.to_string())));
    let with = with.clone();
    let win = window.as_weak();
    ui.on_start(move || {
        let win = win.clone();
        with(&move |c| {
            if let (Some(kind), Some(window)) = (c.view().game, win.upgrade()) {
                c.start_teaching(&window, kind);
                screens::setup_start(kind, c);
            }
        })
    });
}

/// For the screens' tests: walks random games of `G` and checks, in every
/// state, that every button sends a command the engine lists now, and that
/// every exact command it lists has a button (or one `alike`, a twin the
/// screen shows once). `buttons` gives a state's buttons, its lists
/// opened; `skip` names what the screen asks in other ways. Returns how
/// many states were checked.
#[cfg(test)]
fn buttons_follow_legal<G, S: std::fmt::Debug>(
    seeds: std::ops::Range<u64>,
    steps: usize,
    buttons: impl Fn(&G, Lang) -> Vec<screens::Button<G::Command, S>>,
    alike: impl Fn(&G, &G::Command, &G::Command) -> bool,
    skip: impl Fn(&G::Command) -> bool,
) -> usize
where
    G: crate::games::testkit::Fuzz + Default,
{
    let mut states = 0;
    for seed in seeds {
        let mut ctx = crate::games::Ctx::seeded(seed);
        let mut g = G::default();
        for _ in 0..steps {
            if g.is_over() {
                break;
            }
            if g.players() > 0 {
                states += 1;
                let lang = if seed % 2 == 0 { Lang::It } else { Lang::En };
                let legal = g.legal();
                let shown = buttons(&g, lang);
                for b in &shown {
                    assert!(!b.label.is_empty() && !b.label.contains("ui."), "seed {seed}: {b:?}");
                }
                let sent: Vec<&G::Command> = shown
                    .iter()
                    .filter_map(|b| match &b.press {
                        screens::Press::Play(c) => Some(c),
                        screens::Press::Step(_) => None,
                    })
                    .collect();
                for c in &sent {
                    let listed = legal.iter().any(|l| match l {
                        crate::games::Legal::Exact(x) | crate::games::Legal::Secret(x) => x == *c,
                        crate::games::Legal::Open(x, _) => std::mem::discriminant(x) == std::mem::discriminant(*c),
                    });
                    assert!(listed, "seed {seed}: {c:?} is offered, the engine lists {legal:?}");
                }
                for l in &legal {
                    let crate::games::Legal::Exact(c) = l else { continue };
                    if skip(c) {
                        continue;
                    }
                    assert!(sent.iter().any(|b| alike(&g, c, b)), "seed {seed}: {c:?} is legal but has no button");
                }
            }
            let cmd = g.random_command(&mut ctx.rng);
            let _ = g.execute(&cmd, &mut ctx);
        }
    }
    states
}

/// Connects every callback of the window to the controller.
pub(super) fn wire(window: &AppWindow, ctrl: &Rc<RefCell<Controller>>) {
    // Each callback runs a change on the controller, then refreshes the
    // screen.
    let (c, w) = (ctrl.clone(), window.as_weak());
    let with = move |f: &dyn Fn(&mut Controller)| {
        if let Some(w) = w.upgrade() {
            let mut c = c.borrow_mut();
            c.catch_up();
            f(&mut c);
            c.refresh(&w);
            c.kick();
        }
    };
    let with: screens::With = Rc::new(with);
    wire_pages(window, ctrl, &with);
    wire_narration(window, &with);
    wire_table(window, &with);
    screens::wire(window, &with);
    wire_setup(window, ctrl, &with);
    hardware::wire(window, with.clone());
    facts::wire(window, ctrl, with);
}

/// A callback that runs `f` on the controller through `with`.
fn run(with: &screens::With, f: fn(&mut Controller)) -> impl Fn() + 'static {
    let with = with.clone();
    move || with(&f)
}

/// The app's own pages: the picker, the language, Settings, About, the
/// history, the message line, leaving, undo and redo, a stored game taken
/// up.
fn wire_pages(window: &AppWindow, ctrl: &Rc<RefCell<Controller>>, with: &screens::With) {
    let app = window.global::<App<'_>>();
    {
        let with = with.clone();
        app.on_choose_game(move |i| {
            with(&|c| {
                if let Some(game) = GameKind::ALL.get(i as usize).copied() {
                    c.touch(Touch::ChooseGame { game });
                }
            })
        });
    }
    {
        let with = with.clone();
        app.on_set_lang(move |code| {
            with(&|c| {
                if let Some(lang) = Lang::from_code(&code) {
                    c.touch(Touch::SetLang { lang });
                }
            })
        });
    }
    app.on_open_settings(run(with, |c| {
        c.close_hardware();
        c.list_speakers();
        c.overlay = Some(Overlay::Settings)
    }));
    app.on_open_about(run(with, |c| c.overlay = Some(Overlay::About)));
    // The page sets `show-what-now`; the refresh fills it at once.
    app.on_open_what_now(run(with, |_| {}));
    {
        let with = with.clone();
        app.on_lesson_heard(move |stop| with(&|c| c.lesson_heard(stop)));
    }
    app.on_next_message(run(with, |c| c.message_line.next()));
    app.on_close_message(run(with, |c| c.message_line.close()));
    {
        let (c, w) = (ctrl.clone(), window.as_weak());
        app.on_open_history(move || {
            let Some(win) = w.upgrade() else { return };
            let mut c = c.borrow_mut();
            c.overlay = Some(Overlay::History);
            c.load_history(&win);
            c.refresh(&win);
        });
        let (c, w) = (ctrl.clone(), window.as_weak());
        app.on_history_step(move |by| {
            let Some(win) = w.upgrade() else { return };
            let mut c = c.borrow_mut();
            let lang = c.lang();
            c.history.step(by, lang, &win);
        });
    }
    app.on_close_page(run(with, |c| {
        c.overlay = match c.overlay {
            Some(Overlay::About) => Some(Overlay::Settings),
            Some(Overlay::CardFacts) => {
                c.close_card_facts();
                Some(Overlay::Settings)
            }
            _ => None,
        }
    }));
    app.on_leave(run(with, |c| {
        c.overlay = None;
        c.touch(Touch::Leave { confirm: true })
    }));
    app.on_undo(run(with, |c| c.touch(Touch::Undo)));
    app.on_redo(run(with, |c| c.touch(Touch::Redo)));
    app.on_take_up(run(with, |c| {
        let now = c.now;
        if let Err(why) = c.booted.take_up(now) {
            eprintln!("tavola: {why}");
        }
    }));
    app.on_start_fresh(run(with, |c| {
        if let Err(why) = c.booted.start_fresh() {
            eprintln!("tavola: {why}");
        }
    }));
}

/// The narration, the timers and the speaker's sliders.
fn wire_narration(window: &AppWindow, with: &screens::With) {
    let app = window.global::<App<'_>>();
    {
        let with = with.clone();
        app.on_extend_timer(move |s| with(&|c| c.touch(Touch::ExtendTimer { seconds: s.max(0) as u32 })));
    }
    {
        let with = with.clone();
        app.on_narration(move |what| {
            with(&|c| {
                let control = match what.as_str() {
                    "pause" => NarrationControl::Pause,
                    "resume" => NarrationControl::Resume,
                    "repeat" => NarrationControl::Repeat,
                    _ => NarrationControl::Skip,
                };
                c.touch(Touch::Narration { control })
            })
        });
    }
    {
        let with = with.clone();
        app.on_set_timer(move |index, seconds| {
            let Some(window) = look::timer_at(index) else { return };
            let seconds = u32::try_from(seconds).unwrap_or_default();
            with(&|c| {
                let mut cfg = c.booted.table.session.timers().clone();
                cfg.set(window, seconds);
                c.touch(Touch::SetTimers(cfg));
            });
        });
    }
    // The volume and pace sliders: in effect as they move, kept (a commit) once let go.
    let volume = |w: &slint::Weak<AppWindow>| {
        w.upgrade()
            .map(|win| NarrationControl::Volume { percent: win.global::<App<'_>>().get_volume().clamp(0, 100) as u8 })
    };
    let pace = |w: &slint::Weak<AppWindow>| {
        w.upgrade().map(|win| NarrationControl::Pace { factor: win.global::<App<'_>>().get_pace() })
    };
    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_preview_volume(move || {
            let Some(control) = volume(&w) else { return };
            with(&|c| c.booted.table.session.preview_narration(control));
        });
    }
    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_preview_pace(move || {
            let Some(control) = pace(&w) else { return };
            with(&|c| c.booted.table.session.preview_narration(control));
        });
    }
    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_apply_volume(move || {
            let Some(control) = volume(&w) else { return };
            with(&|c| c.touch(Touch::Narration { control }));
        });
    }
    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_apply_pace(move || {
            let Some(control) = pace(&w) else { return };
            with(&|c| c.touch(Touch::Narration { control }));
        });
    }
}

/// The simulated table (the pad, the card picker) and the game on the
/// table's action grid and seats' tiles.
fn wire_table(window: &AppWindow, with: &screens::With) {
    let sim = window.global::<TableSim<'_>>();
    {
        let with = with.clone();
        sim.on_press(move |seat, approve, down| with(&|c| c.press(seat, approve, down)));
    }
    {
        let with = with.clone();
        sim.on_tap_card(move |i| with(&|c| c.tap_card(i)));
    }
    sim.on_lift_card(run(with, |c| c.lift_card()));
    // The game on the table's action grid and seats' tiles.
    let game = window.global::<GameUi<'_>>();
    {
        let with = with.clone();
        game.on_act(move |i| {
            with(&|c| {
                if let Some(kind) = c.view().game {
                    screens::act(kind, c, i);
                }
            })
        });
    }
    {
        let with = with.clone();
        game.on_seat(move |i| {
            with(&|c| {
                if let (Some(kind), Ok(seat)) = (c.view().game, u8::try_from(i)) {
                    screens::seat(kind, c, Seat(seat));
                }
            })
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every part's trouble goes to the journal once when it happens, not
    /// once a poll: what start-up found, a reader that stops answering, two
    /// cards laid at once, each "works again", in the table's language.
    #[test]
    fn each_warning_is_logged_once_each_time_it_happens() {
        use crate::boot::{boot, BootOptions};
        use crate::hw::HwError;
        use tavola_firmware::sim::{Fault, SimTag};
        let mut booted = boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() });
        booted.notices.push(HwError::said("audio", msg!("hw.audio.no_espeak")));
        let lines = Rc::new(RefCell::new(Vec::<String>::new()));
        let sink = lines.clone();
        let mut c = Controller::with_log(booted, Box::new(move |l| sink.borrow_mut().push(l.to_string())));
        let said = |m: tavola_words::Msg, lang: Lang| format!("tavola: {}", lang.text(&m));
        let count = |line: &str| lines.borrow().iter().filter(|l| *l == line).count();
        let no_espeak = said(msg!("hw.audio.no_espeak"), Lang::It);
        assert_eq!(*lines.borrow(), std::slice::from_ref(&no_espeak), "start-up's notice, in Italian");

        let chip = c.on_screen().reader.as_ref().unwrap().borrow().chip().clone();
        let dead = said(msg!("hw.reader.none", version = "0x00"), Lang::It);
        let back = said(msg!("notice.hw.reader_ok"), Lang::It);
        let mut now = 0;
        let mut run = |c: &mut Controller, ms: u64| {
            for _ in 0..ms / 20 {
                now += 20;
                c.poll(now);
            }
        };
        chip.inject(Fault::DeadMiso(0x00));
        run(&mut c, 10_000);
        assert_eq!(count(&dead), 1, "{:?}", lines.borrow());
        chip.clear_faults();
        run(&mut c, 5_000);
        assert_eq!(count(&back), 1, "{:?}", lines.borrow());
        // Again later: a second occurrence, a second line each.
        chip.inject(Fault::DeadMiso(0x00));
        run(&mut c, 10_000);
        chip.clear_faults();
        run(&mut c, 5_000);
        assert_eq!((count(&dead), count(&back)), (2, 2), "{:?}", lines.borrow());

        // Two cards at once, in English now.
        c.input(Input::Touch(Touch::SetLang { lang: Lang::En }));
        chip.place(SimTag::ntag213([4, 1, 2, 3, 4, 5, 6]));
        chip.add(SimTag::ntag213([4, 6, 5, 4, 3, 2, 1]));
        run(&mut c, 3_000);
        chip.remove_uid(&[4, 6, 5, 4, 3, 2, 1]);
        run(&mut c, 3_000);
        let two = said(msg!("hw.reader.several_tags"), Lang::En);
        assert_eq!(count(&two), 1, "{:?}", lines.borrow());
        assert_eq!(count(&said(msg!("notice.hw.reader_ok"), Lang::En)), 1, "{:?}", lines.borrow());
        assert_eq!(lines.borrow().len(), 7, "nothing else: {:?}", lines.borrow());
        assert_eq!(count(&no_espeak), 1);
    }
}
