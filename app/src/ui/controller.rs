//! The screen's controller: turns touches into table inputs and the table's
//! public view into the globals' properties.

use super::{App, AppWindow, AvalonUi, CardItem, GameItem, MissionItem, RoleOption, SeatItem, TableSim};
use crate::boot::Booted;
use crate::games::avalon::{AvalonView, Choice, Command, PhaseView, Role, RoleSet, Setup, Side};
use crate::games::{AnyView, Game, GameKind, Lang, Legal, Said, Seat};
use crate::hw::{Light, Millis, PadButton};
use crate::table::{
    HwReport, Input, NarrationControl, Output, RevealItem, RevealKind, TableView, TimerConfig, TimerKind, Touch,
};
use slint::{ComponentHandle, Model, ModelRc, VecModel};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;
use tavola_words::msg;

// Avalon's optional rules on the screen, kept apart from this file.
#[path = "avalon_options.rs"]
mod avalon_options;
// Shadows over Camelot's pages.
#[path = "soc.rs"]
mod soc;
// Nottingham's pages.
#[path = "nottingham.rs"]
mod nottingham;
// King Arthur's Knights' pages.
#[path = "kak.rs"]
mod kak;
// Camelot Legends' pages.
#[path = "legends.rs"]
mod legends;
// The owner's card facts: the form and Settings → Card facts.
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

/// A page shown over the game (settings, about).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Overlay {
    Settings,
    About,
    History,
    /// Settings → Card facts.
    CardFacts,
}

/// The cards of the card picker for the game on the table: for Avalon every
/// character card; for Shadows over Camelot the loyalty cards and one of
/// each black card; then a card of another game and a blank tag, to try
/// what the reader does.
fn picker_cards(game: Option<GameKind>) -> Vec<(String, Option<String>)> {
    let card = |id: &str| (id.to_string(), Some(id.to_string()));
    if game == Some(GameKind::ShadowsOverCamelot) {
        let catalog = crate::catalog::Catalog::builtin();
        let mut cards: Vec<_> = catalog
            .by_kind(GameKind::ShadowsOverCamelot, "loyalty")
            .filter(|c| c.copy.is_none_or(|n| n <= 3))
            .map(|c| card(&c.id))
            .collect();
        cards.extend(
            catalog
                .by_kind(GameKind::ShadowsOverCamelot, "black")
                .filter(|c| c.copy.is_none_or(|n| n == 1))
                .map(|c| card(&c.id)),
        );
        cards.push(card("avalon/role/merlin"));
        cards.push(("blank".into(), None));
        return cards;
    }
    if game == Some(GameKind::KingArthursKnights) {
        use crate::games::kak::cards as kak;
        let mut cards: Vec<_> = kak::locations().map(|id| card(&id)).collect();
        cards.extend(kak::QUESTS.iter().map(|id| card(id)));
        cards.extend(kak::ACTION_CARDS.iter().map(|(id, _)| card(id)));
        cards.extend(kak::virtue_cards().map(|id| card(&id)));
        cards.push(card("soc/black/saxons-1"));
        cards.push(("blank".into(), None));
        return cards;
    }
    if game == Some(GameKind::CamelotLegends) {
        let catalog = crate::catalog::Catalog::builtin();
        let mut cards: Vec<_> = catalog.by_kind(GameKind::CamelotLegends, "event").map(|c| card(&c.id)).collect();
        cards.extend(catalog.by_kind(GameKind::CamelotLegends, "character").map(|c| card(&c.id)));
        cards.push(card("soc/black/saxons-1"));
        cards.push(("blank".into(), None));
        return cards;
    }
    let mut cards = Vec::new();
    for role in Role::ALL {
        if role.is_unique() {
            cards.push((format!("avalon/role/{}", role.slug()), Some(format!("avalon/role/{}", role.slug()))));
        } else {
            let n = if role == Role::LoyalServant { 5 } else { 3 };
            for i in 1..=n {
                let id = format!("avalon/role/{}-{i}", role.slug());
                cards.push((id.clone(), Some(id)));
            }
        }
    }
    // A mission card of each kind, for a pad button that dies.
    for id in ["avalon/mission/success-1", "avalon/mission/fail-1"] {
        cards.push(card(id));
    }
    cards.push(("soc/black/saxons-1".into(), Some("soc/black/saxons-1".into())));
    cards.push(("blank".into(), None));
    cards
}

/// The name of a card the picker offers before a game is chosen, from the
/// message catalogs alone (the start reads no game's card file): a single
/// card's own name, or the name its copies share (`…/servant-2` is named
/// as `…/servant`).
fn offered_name(id: &str, lang: Lang) -> Option<String> {
    let named = |base: &str| {
        let name = crate::catalog::message_id(base);
        Lang::En.translation(&name, None).map(|_| lang.text(&crate::games::Msg::new(name)))
    };
    named(id).or_else(|| named(id.rsplit_once('-')?.0))
}

/// The table and the screen's own state (the setup being prepared, the team
/// being chosen).
pub struct Controller {
    booted: Booted,
    now: Millis,
    players: usize,
    optional: [bool; 4],
    names: Vec<String>,
    scan_roles: bool,
    team: BTreeSet<Seat>,
    overlay: Option<Overlay>,
    cards: Vec<(String, Option<String>)>,
    on_reader: String,
    held: BTreeSet<(u8, bool)>,
    /// The language the static labels are in.
    labels: Option<Lang>,
    /// Avalon's optional rules (see `avalon_options.rs`).
    extras: avalon_options::Extras,
    /// Shadows over Camelot's setup and half-made choices (see `soc.rs`).
    /// "Day begins" was touched once while the night was still read.
    night_armed: bool,
    soc_screen: soc::SocScreen,
    notts_screen: nottingham::NottsScreen,
    kak_screen: kak::KakScreen,
    legends_screen: legends::LegendsScreen,
    /// The card facts pages (see `facts.rs`).
    facts_screen: facts::FactsScreen,
    /// The game the card picker holds cards for.
    cards_for: Option<GameKind>,
    /// A game has been chosen: every game's pages are kept up to date.
    game_pages: bool,
    /// The hardware pages (see `hardware.rs`).
    hw: hardware::HwPages,
    /// Which standing message the message line shows (see `messages.rs`).
    message_line: messages::MessageLine,
    /// The history page while it is open (see `history.rs`).
    history: history::HistoryScreen,
    /// Where what the parts report goes, a line each, besides the screen:
    /// standard error, which the unit hands to the system journal.
    log: Box<dyn FnMut(&str)>,
}

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
            players: 5,
            optional: [false; 4],
            names: vec![String::new(); 10],
            scan_roles: false,
            team: BTreeSet::new(),
            overlay: None,
            cards: picker_cards(None),
            on_reader: String::new(),
            held: BTreeSet::new(),
            labels: None,
            extras: Default::default(),
            night_armed: false,
            soc_screen: Default::default(),
            notts_screen: Default::default(),
            kak_screen: Default::default(),
            legends_screen: Default::default(),
            facts_screen: Default::default(),
            cards_for: None,
            game_pages: false,
            hw: Default::default(),
            message_line,
            history: Default::default(),
            log,
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
        // While a hardware page is open it uses the parts and the table
        // waits (see `hardware.rs`).
        if !self.poll_hardware() {
            let out = self.booted.table.poll(self.now);
            self.heard(&out);
        }
        self.hw_reports();
    }

    /// Hands an input to the table (touches come this way; scripted demos
    /// and screenshots use it directly).
    pub fn input(&mut self, input: Input) {
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
    pub fn show_page(&mut self, page: Option<&str>) {
        self.overlay = match page {
            Some("settings") => Some(Overlay::Settings),
            Some("about") => Some(Overlay::About),
            Some("history") => Some(Overlay::History),
            _ => None,
        };
    }

    /// Sets up the setup page's choices (players and optional characters).
    pub fn prepare_setup(&mut self, players: usize, optional: &[Role]) {
        self.players = players.clamp(5, 10);
        self.optional = Role::OPTIONAL.map(|r| optional.contains(&r));
    }

    fn touch(&mut self, t: Touch) {
        self.input(Input::Touch(t));
    }

    fn avalon(&mut self, cmd: Command) {
        self.touch(Touch::Avalon(cmd));
    }

    /// "Day begins": while the night's script is still being read, the first
    /// touch only asks for a second one (cutting the script short must not
    /// happen by accident).
    fn end_night(&mut self) {
        if self.view().queued_lines > 0 && !self.night_armed {
            self.night_armed = true;
            return;
        }
        self.night_armed = false;
        self.avalon(Command::EndNight);
    }

    fn lang(&self) -> Lang {
        self.booted.table.session.lang()
    }

    fn role_set(&self) -> Result<RoleSet, String> {
        let mut chosen: Vec<Role> =
            Role::OPTIONAL.into_iter().zip(self.optional).filter(|(_, on)| *on).map(|(r, _)| r).collect();
        if self.extras.options.lancelot.is_some() {
            chosen.extend(Role::LANCELOTS);
        }
        RoleSet::standard(self.players, &chosen).map_err(|e| e.text(self.lang()))
    }

    fn start(&mut self) {
        let Ok(roles) = self.role_set() else { return };
        let names = self.names.iter().take(self.players).cloned().collect();
        self.avalon(Command::Setup(Setup {
            names,
            roles,
            scan_roles: self.scan_roles,
            first_leader: None,
            options: self.extras.options,
        }));
    }

    fn toggle_seat(&mut self, i: usize) {
        let seat = Seat(i as u8);
        if !self.team.remove(&seat) {
            self.team.insert(seat);
        }
    }

    fn propose(&mut self) {
        let team: Vec<Seat> = self.team.iter().copied().collect();
        let (mission, excalibur) = (self.extras.mission, self.extras.excalibur);
        self.avalon(Command::ProposeTeam { team, mission, excalibur });
        self.team.clear();
    }

    fn press(&mut self, seat: i32, approve: bool, down: bool) {
        let Some(pad) = self.booted.on_screen.pad.clone() else { return };
        let Ok(seat) = u8::try_from(seat) else { return };
        // A key held down repeats: only real changes reach the pad.
        let changed = if down { self.held.insert((seat, approve)) } else { self.held.remove(&(seat, approve)) };
        if changed {
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

    fn page(&self, view: &TableView) -> &'static str {
        if let Some(page) = self.hw.page() {
            return page;
        }
        if let Some(page) = self.facts_page(view) {
            return page;
        }
        match self.overlay {
            Some(Overlay::Settings) => return "settings",
            Some(Overlay::About) => return "about",
            Some(Overlay::History) => return "history",
            Some(Overlay::CardFacts) | None => {}
        }
        // Each game's screens: a game added to the list of games is refused
        // here by the compiler until it has its own.
        let a = match &view.game_view {
            None => return "picker",
            Some(AnyView::ShadowsOverCamelot(g)) => return soc::page(g),
            Some(AnyView::Nottingham(g)) => return nottingham::page(g),
            Some(AnyView::KingArthursKnights(g)) => return kak::page(g),
            Some(AnyView::CamelotLegends(g)) => return legends::page(g),
            Some(AnyView::Avalon(a)) => a,
        };
        if let Some(page) = avalon_options::page(&a.phase) {
            return page;
        }
        match a.phase {
            PhaseView::Lobby => "setup",
            PhaseView::RoleScan { .. } => "scan",
            PhaseView::Night => "night",
            PhaseView::TeamBuilding { .. } | PhaseView::TeamVote { .. } | PhaseView::Mission { .. } => "round",
            // Shown by avalon_options::page above.
            PhaseView::Excalibur { .. }
            | PhaseView::Lady { .. }
            | PhaseView::LadyCard { .. }
            | PhaseView::Private { .. } => "round",
            PhaseView::Assassination => "assassination",
            PhaseView::ConfirmMerlin { .. } => "confirm",
            PhaseView::Ended { .. } => "ended",
        }
    }

    /// Copies the public view into the window's globals.
    pub fn refresh(&mut self, window: &AppWindow) {
        let view = self.view();
        let lang = view.lang;
        if self.labels != Some(lang) {
            super::select_language(lang);
            self.labels = Some(lang);
        }
        let app = window.global::<App<'_>>();
        app.set_page(self.page(&view).into());
        app.set_lang(lang.code().into());
        app.set_game_title(view.game.map(GameKind::title).unwrap_or_default().into());
        // The table's last word first, then what start-up found missing and
        // what the parts said since.
        let (standing, at) = self.message_line.standing(view.message.as_deref(), lang);
        app.set_message(standing.get(at).cloned().unwrap_or_default().into());
        app.set_message_count(standing.len() as i32);
        if standing.is_empty() {
            app.set_show_messages(false);
        }
        let standing: Vec<slint::SharedString> = standing.into_iter().map(Into::into).collect();
        set_model(&app.get_messages(), standing, |m| app.set_messages(m));
        app.set_subtitle(view.subtitle.as_ref().map(|l| l.text.clone()).unwrap_or_default().into());
        app.set_queued_lines(view.queued_lines as i32);
        app.set_narration_paused(view.narration_paused);
        let games: Vec<GameItem> =
            GameKind::ALL.iter().map(|g| GameItem { title: g.title().into(), playable: g.is_playable() }).collect();
        set_model(&app.get_games(), games, |m| app.set_games(m));
        match &view.timer {
            Some(t) => {
                let what = match t.kind {
                    TimerKind::Discussion => msg!("ui.timer.discussion"),
                    TimerKind::Vote => msg!("ui.timer.vote"),
                    TimerKind::Mission => msg!("ui.timer.mission"),
                    TimerKind::Ambush => msg!("ui.timer.ambush"),
                };
                let secs = t.remaining_ms.div_ceil(1000);
                let label = if t.expired {
                    msg!("ui.timer.expired", what)
                } else {
                    msg!("ui.timer.left", what, time = format!("{}:{:02}", secs / 60, secs % 60))
                };
                let label = lang.text(&label);
                app.set_timer_visible(true);
                app.set_timer_label(label.into());
                app.set_timer_fraction(if t.total_ms == 0 { 0.0 } else { t.remaining_ms as f32 / t.total_ms as f32 });
                app.set_timer_warning(t.warning);
                app.set_timer_expired(t.expired);
            }
            None => app.set_timer_visible(false),
        }
        let (undo, redo) = self.booted.table.session.can_undo_redo();
        app.set_can_undo(undo);
        app.set_can_redo(redo);
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
        let on_screen = &self.booted.on_screen;
        app.set_simulated(on_screen.pad.is_some() || on_screen.reader.is_some());
        app.set_discussion_s(view.timers.discussion_s as i32);
        app.set_vote_s(view.timers.vote_s as i32);
        app.set_mission_s(view.timers.mission_s as i32);
        app.set_ambush_s(view.timers.ambush_s as i32);
        app.set_volume(i32::from(view.volume));
        app.set_pace(view.pace);

        // Each game's pages are filled once a game has been chosen: the
        // game picker shows none of them.
        self.game_pages |= view.game.is_some();
        if self.game_pages {
            self.refresh_avalon(window, &view);
            self.refresh_extras(window, &view);
            self.refresh_soc(window, &view);
            self.refresh_notts(window, &view);
        } else {
            self.fill_notts_path();
        }
        self.refresh_kak(window, &view);
        self.refresh_legends(window, &view);
        self.refresh_sim(window, &view);
        self.refresh_hardware(window, &view);
        self.refresh_facts(window, lang);
    }

    fn refresh_avalon(&mut self, window: &AppWindow, view: &TableView) {
        let lang = view.lang;
        let ui = window.global::<AvalonUi<'_>>();
        // Setup.
        ui.set_setup_players(self.players as i32);
        let options: Vec<RoleOption> = Role::OPTIONAL
            .iter()
            .zip(self.optional)
            .map(|(r, on)| RoleOption { label: r.text(lang).into(), on })
            .collect();
        set_model(&ui.get_role_options(), options, |m| ui.set_role_options(m));
        let (problem, warning) = match self.role_set() {
            Ok(set) => (String::new(), set.warnings().iter().map(|w| w.text(lang)).collect::<Vec<_>>().join(" ")),
            Err(e) => (e, String::new()),
        };
        ui.set_setup_problem(problem.into());
        ui.set_setup_warning(warning.into());
        let evil = crate::games::avalon::roles::evil_count(self.players);
        let summary = lang.text(&msg!("ui.avalon.setup.summary", good = self.players - evil, evil));
        ui.set_setup_summary(summary.into());
        ui.set_scan_roles(self.scan_roles);
        let names: Vec<slint::SharedString> = self.names.iter().map(|n| n.as_str().into()).collect();
        set_model(&ui.get_setup_names(), names, |m| ui.set_setup_names(m));

        let Some(a) = view.avalon() else { return };
        if !matches!(a.phase, PhaseView::TeamBuilding { .. }) {
            self.team.clear();
        }
        let team: BTreeSet<Seat> = match &a.phase {
            PhaseView::TeamVote { team, .. } | PhaseView::Mission { team, .. } => team.iter().copied().collect(),
            PhaseView::TeamBuilding { .. } => self.team.clone(),
            _ => BTreeSet::new(),
        };
        let show_votes = !matches!(a.phase, PhaseView::TeamVote { .. });
        // At the end, the characters the narrator has named so far (all of
        // them once the reveal is over or skipped).
        let named: Option<BTreeSet<Seat>> = view.reveal.as_ref().filter(|r| r.kind == RevealKind::Roles).map(|r| {
            r.shown
                .iter()
                .filter_map(|i| match i {
                    RevealItem::Role { seat, .. } => Some(*seat),
                    RevealItem::Card { .. } => None,
                })
                .collect()
        });
        let seats: Vec<SeatItem> = (0..a.players)
            .map(|i| {
                let seat = Seat(i as u8);
                let vote = a
                    .last_votes
                    .as_ref()
                    .filter(|_| show_votes)
                    .and_then(|v| v.get(&seat))
                    .map_or(-1, |&v| i32::from(v));
                let hidden = named.as_ref().is_some_and(|n| !n.contains(&seat));
                let role = a.roles_revealed.as_ref().and_then(|r| r.get(&seat)).filter(|_| !hidden);
                SeatItem {
                    name: a.names[i].clone().into(),
                    on_team: team.contains(&seat),
                    leader: a.leader == Some(seat),
                    light: match view.lights.get(i) {
                        Some(Light::Waiting) => 1,
                        Some(Light::Done) => 2,
                        _ => 0,
                    },
                    vote,
                    role: role.map(|r| r.text(lang)).unwrap_or_default().into(),
                    role_id: role.map(|r| r.slug()).unwrap_or_default().into(),
                    // The side the seat ended on (a Lancelot may have switched).
                    evil: !hidden
                        && a.sides_revealed.as_ref().and_then(|s| s.get(&seat)).is_some_and(|s| *s == Side::Evil),
                    hidden,
                }
            })
            .collect();
        set_model(&ui.get_seats(), seats, |m| ui.set_seats(m));
        // The mission under way is ringed only while the rounds go on; the
        // mission whose cards are being turned shows its result only once
        // the last card is.
        let in_round =
            matches!(a.phase, PhaseView::TeamBuilding { .. } | PhaseView::TeamVote { .. } | PhaseView::Mission { .. });
        let turning = view.reveal.as_ref().and_then(|r| match r.kind {
            RevealKind::Mission { mission } => Some(usize::from(mission)),
            RevealKind::Roles => None,
        });
        let missions: Vec<MissionItem> = a
            .missions
            .iter()
            .enumerate()
            .map(|(i, m)| MissionItem {
                size: m.size as i32,
                two_fails: m.fails_needed > 1,
                result: match m.succeeded {
                    _ if turning == Some(i) => 0,
                    Some(true) => 1,
                    Some(false) => 2,
                    None => 0,
                },
                fails: i32::from(m.fails.unwrap_or(0)),
                current: if turning.is_some() { turning == Some(i) } else { in_round && i == usize::from(a.mission) },
            })
            .collect();
        set_model(&ui.get_missions(), missions, |m| ui.set_missions(m));
        ui.set_players(a.players as i32);
        ui.set_rejections(i32::from(a.rejections));
        ui.set_leader_name(a.leader.map(|s| a.names[s.index()].clone()).unwrap_or_default().into());
        ui.set_mission_number(i32::from(a.mission) + 1);
        ui.set_status(round_status(a, lang, self.team.len()).into());
        match &a.phase {
            PhaseView::TeamBuilding { team_size, .. } => {
                ui.set_team_size(*team_size as i32);
                ui.set_chosen(self.team.len() as i32);
            }
            _ => {
                ui.set_team_size(0);
                ui.set_chosen(-1);
            }
        }
        if let PhaseView::RoleScan { next, done } = &a.phase {
            ui.set_scan_next(a.names[next.index()].clone().into());
            ui.set_scan_done(*done as i32);
        }
        if let PhaseView::ConfirmMerlin { target } = &a.phase {
            ui.set_named(a.names[target.index()].clone().into());
        }
        if let PhaseView::Ended { reason, winner } = &a.phase {
            let words = GameKind::Avalon.outcome_words(&crate::games::code(winner), &crate::games::code(reason));
            let (title, why) = words
                .map(|w| (lang.text(&w.title), lang.text(&msg!("ui.end.reason", reason = w.reason))))
                .unwrap_or_default();
            ui.set_result_title(title.into());
            ui.set_result_reason(why.into());
            ui.set_good_won(*winner == Side::Good);
        }
        ui.set_roles_known(a.roles_revealed.is_some());
        self.refresh_dead_button(window, a);
        if !matches!(a.phase, PhaseView::Night) || view.queued_lines == 0 {
            self.night_armed = false;
        }
        ui.set_night_armed(self.night_armed);
        ui.set_votes_shown(show_votes && a.last_votes.is_some());
        let cards: Vec<i32> = view
            .reveal
            .iter()
            .flat_map(|r| &r.shown)
            .filter_map(|i| match i {
                RevealItem::Card { card: crate::games::avalon::MissionCard::Success } => Some(1),
                RevealItem::Card { .. } => Some(2),
                RevealItem::Role { .. } => None,
            })
            .collect();
        set_model(&ui.get_reveal_cards(), cards, |m| ui.set_reveal_cards(m));
        ui.set_reveal_total(view.reveal.as_ref().map_or(0, |r| r.total as i32));
        ui.set_reveal_roles(view.reveal.as_ref().is_some_and(|r| r.kind == RevealKind::Roles));
    }

    /// A pad button that died during a mission: the seats the engine lets
    /// the host name at the reader, and the count of a mission played by
    /// hand when the engine takes one.
    fn refresh_dead_button(&self, window: &AppWindow, a: &AvalonView) {
        let ui = window.global::<AvalonUi<'_>>();
        let legal = self.booted.table.session.avalon().map(Game::legal).unwrap_or_default();
        let seats: Vec<i32> = legal
            .iter()
            .filter_map(|l| match l {
                Legal::Exact(Command::MissionByReader { seat }) => Some(i32::from(seat.0)),
                _ => None,
            })
            .collect();
        let cards = legal
            .iter()
            .find_map(|l| match l.choice() {
                Some(Choice::MissionCounts { cards }) => Some(*cards as i32),
                _ => None,
            })
            .unwrap_or(0);
        let reader = match &a.phase {
            PhaseView::Mission { reader: Some(s), .. } => i32::from(s.0),
            _ => -1,
        };
        if seats.is_empty() && cards == 0 && reader < 0 {
            ui.set_dead_button_open(false);
        }
        ui.set_hand_fails(ui.get_hand_fails().clamp(0, cards));
        set_model(&ui.get_reader_seats(), seats, |m| ui.set_reader_seats(m));
        ui.set_reader_seat(reader);
        ui.set_hand_cards(cards);
    }

    fn refresh_sim(&mut self, window: &AppWindow, view: &TableView) {
        if self.cards_for != view.game {
            self.cards_for = view.game;
            self.cards = picker_cards(view.game);
        }
        let sim = window.global::<TableSim<'_>>();
        sim.set_has_pad(self.booted.on_screen.pad.is_some());
        sim.set_has_reader(self.booted.on_screen.reader.is_some());
        let seats = self.booted.on_screen.pad.as_ref().map_or(0, |p| p.borrow().seats());
        let lights: Vec<i32> = (0..usize::from(seats))
            .map(|i| match view.lights.get(i) {
                Some(Light::Waiting) => 1,
                Some(Light::Done) => 2,
                _ => 0,
            })
            .collect();
        set_model(&sim.get_lights(), lights, |m| sim.set_lights(m));
        let blank = view.lang.text(&msg!("ui.sim.blank_tag"));
        let catalog = crate::catalog::Catalog::builtin();
        let cards: Vec<CardItem> = self
            .cards
            .iter()
            .map(|(label, card)| {
                let name = match card {
                    // King Arthur's Knights' virtue cards share a name: their
                    // numbers tell them apart.
                    Some(id) if id.starts_with("kak/virtue/card-") => {
                        let n = id.rsplit('-').next().unwrap_or_default();
                        format!("{} {n}", catalog.name(id, view.lang).unwrap_or_else(|| label.clone()))
                    }
                    Some(id) if self.cards_for.is_none() => {
                        offered_name(id, view.lang).unwrap_or_else(|| label.clone())
                    }
                    Some(id) => catalog.name(id, view.lang).unwrap_or_else(|| label.clone()),
                    None => blank.clone(),
                };
                CardItem { id: card.clone().unwrap_or_default().into(), label: name.into() }
            })
            .collect();
        set_model(&sim.get_cards(), cards, |m| sim.set_cards(m));
        sim.set_on_reader(self.on_reader.clone().into());
    }
}

/// Names in a list: "Anna, Bruno and Carla".
fn names_list(a: &AvalonView, seats: &[Seat], lang: Lang) -> String {
    let names: Vec<&str> = seats.iter().filter_map(|s| a.names.get(s.index())).map(String::as_str).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => lang.text(&msg!("ui.list.and", rest = rest.join(", "), last = *last)),
    }
}

/// What the round page says the table is doing: whom it waits for, never
/// how anyone voted or played before the reveal.
fn round_status(a: &AvalonView, lang: Lang, chosen: usize) -> String {
    let leader = a.leader.and_then(|s| a.names.get(s.index())).cloned().unwrap_or_default();
    match &a.phase {
        PhaseView::TeamBuilding { team_size, .. } => {
            let last = a.last_votes.as_ref().map(|v| {
                let yes = v.values().filter(|&&y| y).count();
                lang.text(&msg!("ui.avalon.last_vote", yes, no = v.len() - yes)) + " "
            });
            let ask = lang.text(&msg!("ui.avalon.choose_team", name = leader, count = *team_size, chosen));
            last.unwrap_or_default() + &ask
        }
        // The team and who is awaited are on the seats' tiles (gold, and a
        // gold border): the status counts, and names the last two awaited.
        PhaseView::TeamVote { voted, missing, .. } => {
            let (done, all) = (voted.len(), voted.len() + missing.len());
            let status = lang.text(&msg!("ui.avalon.team_vote", done, all));
            status + &awaited(a, missing, true, lang)
        }
        PhaseView::Mission { played, missing, reader, .. } => {
            let (done, all) = (played.len(), played.len() + missing.len());
            let status = lang.text(&msg!("ui.avalon.mission_status", done, all));
            let status = status + &awaited(a, missing, false, lang);
            match reader.and_then(|s| a.names.get(s.index())) {
                Some(name) => status + " " + &lang.text(&msg!("ui.avalon.at_reader", name = name.as_str())),
                None => status,
            }
        }
        _ => String::new(),
    }
}

/// " Still to vote: Anna." (or to play) when one or two are awaited;
/// nothing otherwise (the seats' tiles show who).
fn awaited(a: &AvalonView, missing: &[Seat], vote: bool, lang: Lang) -> String {
    if !(1..=2).contains(&missing.len()) {
        return String::new();
    }
    let names = names_list(a, missing, lang);
    let m = if vote { msg!("ui.avalon.still_to_vote", names) } else { msg!("ui.avalon.still_to_play", names) };
    format!(" {}", lang.text(&m))
}

/// Replaces a model's rows only when they changed (the screen redraws less).
fn set_model<T: Clone + PartialEq + 'static>(current: &ModelRc<T>, rows: Vec<T>, set: impl FnOnce(ModelRc<T>)) {
    let same = current.row_count() == rows.len()
        && rows.iter().enumerate().all(|(i, r)| current.row_data(i).as_ref() == Some(r));
    if !same {
        set(ModelRc::new(VecModel::from(rows)));
    }
}

/// A button of a game's action grid: `key` tells the controller what to do.
fn button(key: impl Into<String>, label: impl Into<String>, tone: i32) -> super::ActionItem {
    super::ActionItem { key: key.into().into(), label: label.into().into(), tone, checked: false }
}

/// A button that sends `command` to the game (`do:` and its JSON).
fn command_button(command: &impl serde::Serialize, label: impl Into<String>, tone: i32) -> super::ActionItem {
    button(format!("do:{}", serde_json::to_string(command).unwrap_or_default()), label, tone)
}

/// What the screen calls a seat: the name the game knows, else "Seat 2"
/// in the table's language (a view names an unnamed seat by its number).
fn seat_label<G: Game>(game: Option<&G>, seat: Seat, name: &str, lang: Lang) -> String {
    match game.and_then(|g| g.player_name(seat)) {
        Some(_) => name.to_string(),
        None => lang.text(&msg!("common.seat", seat = seat.number())),
    }
}

/// A setup's seats each holding one of `all` (a colour, a knight): `n` of
/// them, a new seat given the first that nobody holds.
fn resize_choices<T: Copy + PartialEq>(chosen: &mut Vec<T>, n: usize, all: &[T]) {
    chosen.truncate(n);
    while chosen.len() < n {
        match all.iter().find(|k| !chosen.contains(k)) {
            Some(&k) => chosen.push(k),
            None => break,
        }
    }
}

/// Seat `i`'s choice moves on to the next of `all` that nobody holds,
/// coming round after the last.
fn cycle_choice<T: Copy + PartialEq>(chosen: &mut [T], i: usize, all: &[T]) {
    let Some(&current) = chosen.get(i) else { return };
    let at = all.iter().position(|&k| k == current).unwrap_or(0);
    let next = (1..all.len()).map(|d| all[(at + d) % all.len()]).find(|k| !chosen.contains(k));
    if let Some(k) = next {
        chosen[i] = k;
    }
}

/// For the screens' tests: walks random games of `G` and checks, in every
/// state, that every button sends a command the engine lists now, and that
/// every exact command it lists has a button (or one `alike`, a twin the
/// screen shows once). `buttons` gives a state's buttons, its lists
/// opened; `skip` names what the screen asks in other ways. Returns how
/// many states were checked.
#[cfg(test)]
fn buttons_follow_legal<G>(
    seeds: std::ops::Range<u64>,
    steps: usize,
    buttons: impl Fn(&G, Lang) -> Vec<super::ActionItem>,
    alike: impl Fn(&G, &G::Command, &G::Command) -> bool,
    skip: impl Fn(&G::Command) -> bool,
) -> usize
where
    G: crate::games::testkit::Fuzz + Default,
    G::Command: serde::de::DeserializeOwned,
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
                let sent: Vec<G::Command> = shown
                    .iter()
                    .filter_map(|b| b.key.strip_prefix("do:"))
                    .map(|json| serde_json::from_str(json).expect("a button's command"))
                    .collect();
                for c in &sent {
                    let listed = legal.iter().any(|l| match l {
                        Legal::Exact(x) | Legal::Secret(x) => x == c,
                        Legal::Open(x, _) => std::mem::discriminant(x) == std::mem::discriminant(c),
                    });
                    assert!(listed, "seed {seed}: {c:?} is offered, the engine lists {legal:?}");
                }
                for l in &legal {
                    let Legal::Exact(c) = l else { continue };
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
    // Each callback runs `f` on the controller, then refreshes the screen.
    let act = |f: Rc<dyn Fn(&mut Controller)>| {
        let (c, w) = (ctrl.clone(), window.as_weak());
        move || {
            if let Some(w) = w.upgrade() {
                let mut c = c.borrow_mut();
                f(&mut c);
                c.refresh(&w);
            }
        }
    };
    let app = window.global::<App<'_>>();
    let ui = window.global::<AvalonUi<'_>>();
    let sim = window.global::<TableSim<'_>>();

    let (c, w) = (ctrl.clone(), window.as_weak());
    let with = move |f: &dyn Fn(&mut Controller)| {
        if let Some(w) = w.upgrade() {
            let mut c = c.borrow_mut();
            f(&mut c);
            c.refresh(&w);
        }
    };
    let with = Rc::new(with);

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
    app.on_open_settings(act(Rc::new(|c| {
        c.close_hardware();
        c.list_speakers();
        c.overlay = Some(Overlay::Settings)
    })));
    app.on_open_about(act(Rc::new(|c| c.overlay = Some(Overlay::About))));
    app.on_next_message(act(Rc::new(|c| c.message_line.next())));
    app.on_close_message(act(Rc::new(|c| c.message_line.close())));
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
    app.on_close_page(act(Rc::new(|c| {
        c.overlay = match c.overlay {
            Some(Overlay::About) => Some(Overlay::Settings),
            Some(Overlay::CardFacts) => {
                c.close_card_facts();
                Some(Overlay::Settings)
            }
            _ => None,
        }
    })));
    app.on_leave(act(Rc::new(|c| {
        c.overlay = None;
        c.touch(Touch::Leave { confirm: true })
    })));
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
    app.on_undo(act(Rc::new(|c| c.touch(Touch::Undo))));
    app.on_redo(act(Rc::new(|c| c.touch(Touch::Redo))));
    app.on_take_up(act(Rc::new(|c| {
        let now = c.now;
        if let Err(why) = c.booted.take_up(now) {
            eprintln!("tavola: {why}");
        }
    })));
    app.on_start_fresh(act(Rc::new(|c| {
        if let Err(why) = c.booted.start_fresh() {
            eprintln!("tavola: {why}");
        }
    })));
    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_apply_timers(move || {
            let Some(win) = w.upgrade() else { return };
            let a = win.global::<App<'_>>();
            let secs = |v: i32| v.clamp(0, 3600) as u32;
            let cfg = TimerConfig {
                discussion_s: secs(a.get_discussion_s()),
                vote_s: secs(a.get_vote_s()),
                mission_s: secs(a.get_mission_s()),
                ambush_s: secs(a.get_ambush_s()),
                warning_s: TimerConfig::default().warning_s,
            };
            with(&|c| c.touch(Touch::SetTimers(cfg)));
        });
    }
    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_apply_volume(move || {
            let Some(win) = w.upgrade() else { return };
            let percent = win.global::<App<'_>>().get_volume().clamp(0, 100) as u8;
            with(&|c| c.touch(Touch::Narration { control: NarrationControl::Volume { percent } }));
        });
    }

    {
        let (with, w) = (with.clone(), window.as_weak());
        app.on_apply_pace(move || {
            let Some(win) = w.upgrade() else { return };
            let factor = win.global::<App<'_>>().get_pace();
            with(&|c| c.touch(Touch::Narration { control: NarrationControl::Pace { factor } }));
        });
    }
    {
        let with = with.clone();
        ui.on_setup_players_changed(move |n| with(&|c| c.players = (n.clamp(5, 10)) as usize));
    }
    {
        let with = with.clone();
        ui.on_toggle_role(move |i| {
            with(&|c| {
                if let Some(on) = c.optional.get_mut(i as usize) {
                    *on = !*on;
                }
            })
        });
    }
    {
        let c = ctrl.clone();
        ui.on_set_name(move |i, text| {
            if let Some(name) = c.borrow_mut().names.get_mut(i as usize) {
                *name = text.to_string();
            }
        });
    }
    ui.on_start(act(Rc::new(|c| c.start())));
    {
        let with = with.clone();
        ui.on_set_scan_roles(move |on| with(&|c| c.scan_roles = on));
    }
    ui.on_skip_scan(act(Rc::new(|c| c.avalon(Command::SkipRoleScan))));
    ui.on_skip_reveal(act(Rc::new(|c| c.touch(Touch::SkipReveal))));
    ui.on_end_night(act(Rc::new(|c| c.end_night())));
    {
        let with = with.clone();
        ui.on_toggle_seat(move |i| with(&|c| c.toggle_seat(i.max(0) as usize)));
    }
    ui.on_propose(act(Rc::new(|c| c.propose())));
    {
        let with = with.clone();
        ui.on_assassinate(move |i| with(&|c| c.avalon(Command::Assassinate { target: Seat(i.max(0) as u8) })));
    }
    {
        let with = with.clone();
        ui.on_confirm_merlin(move |yes| with(&|c| c.avalon(Command::ConfirmMerlin { was_merlin: yes })));
    }
    {
        let with = with.clone();
        ui.on_name_reader(move |i| {
            with(&|c| {
                if let Ok(seat) = u8::try_from(i) {
                    c.avalon(Command::MissionByReader { seat: Seat(seat) });
                }
            })
        });
    }
    {
        let with = with.clone();
        ui.on_enter_counts(move |successes, fails| {
            with(&|c| {
                if let (Ok(successes), Ok(fails)) = (u8::try_from(successes), u8::try_from(fails)) {
                    c.avalon(Command::MissionCounts { successes, fails });
                }
            })
        });
    }

    {
        let with = with.clone();
        sim.on_press(move |seat, approve, down| with(&|c| c.press(seat, approve, down)));
    }
    {
        let with = with.clone();
        sim.on_tap_card(move |i| with(&|c| c.tap_card(i)));
    }
    sim.on_lift_card(act(Rc::new(|c| c.lift_card())));
    hardware::wire(window, with.clone());
    avalon_options::wire(window, with.clone());
    soc::wire(window, ctrl, with.clone());
    nottingham::wire(window, ctrl, with.clone());
    kak::wire(window, ctrl, with.clone());
    legends::wire(window, ctrl, with.clone());
    facts::wire(window, ctrl, with);
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

    #[test]
    fn the_cards_offered_before_a_game_have_their_catalog_names() {
        let catalog = crate::catalog::Catalog::builtin();
        for (_, card) in picker_cards(None) {
            let Some(id) = card else { continue };
            for lang in [Lang::It, Lang::En] {
                let name = catalog.name(&id, lang).unwrap_or_else(|| panic!("{id} is not in the catalog"));
                assert_eq!(offered_name(&id, lang), Some(name), "{id} in {lang:?}");
            }
        }
        assert_eq!(offered_name("avalon/role/nobody-1", Lang::En), None);
    }
}
