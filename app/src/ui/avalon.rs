//! The Resistance: Avalon on the screen (`scan.slint`, `night.slint`,
//! `round.slint`, `endgame.slint` and, for the optional rules,
//! `avalon-options.slint`; its setup is every game's, see `setup.rs`): the
//! night, the rounds and the end, from the public view into the `AvalonUi`
//! global.

use super::screens::{GameScreens, With};
use super::{set_model, Controller};
use crate::catalog::Catalog;
use crate::games::avalon::{Avalon, AvalonView, Choice, Command, PhaseView, Role, Side};
use crate::games::{AnyView, Game, GameKind, Lang, Legal, Said, Seat};
use crate::hw::Light;
use crate::table::{RevealItem, RevealKind, TableView, Touch};
use crate::ui::{AppWindow, AvalonUi, MissionItem, Page, SeatItem};
use slint::ComponentHandle;
use std::collections::BTreeSet;
use tavola_words::msg;

// Avalon's optional rules on the screen, kept apart from this file.
#[path = "avalon_options.rs"]
mod avalon_options;

/// The screens' own state: the team being chosen, the optional rules'
/// choices, the night's second touch.
#[derive(Debug, Default)]
pub(super) struct AvalonScreen {
    team: BTreeSet<Seat>,
    /// Avalon's optional rules (see `avalon_options.rs`).
    extras: avalon_options::Extras,
    /// "Day begins" was touched once while the night was still read.
    night_armed: bool,
    /// The night's lines, counted when its script was queued.
    night_lines: usize,
}

impl GameScreens for Avalon {
    type Screen = AvalonScreen;
    type Shows = ();
    const PARTS: super::screens::Parts = super::screens::Parts::Characters;

    fn page(a: &AvalonView) -> Page {
        if let Some(page) = avalon_options::page(&a.phase) {
            return page;
        }
        match a.phase {
            PhaseView::Lobby => Page::Setup,
            PhaseView::RoleScan { .. } => Page::AvalonScan,
            PhaseView::Night => Page::AvalonNight,
            PhaseView::TeamBuilding { .. } | PhaseView::TeamVote { .. } | PhaseView::Mission { .. } => {
                Page::AvalonRound
            }
            // Shown by avalon_options::page above.
            PhaseView::Excalibur { .. }
            | PhaseView::Lady { .. }
            | PhaseView::LadyCard { .. }
            | PhaseView::Private { .. } => Page::AvalonRound,
            PhaseView::Assassination => Page::AvalonAssassination,
            PhaseView::ConfirmMerlin { .. } => Page::AvalonConfirm,
            PhaseView::Ended { .. } => Page::AvalonEnd,
        }
    }

    /// The night page shows the line being read big.
    fn narrated_page() -> Option<Page> {
        Some(Page::AvalonNight)
    }

    fn legacy_refresh(c: &mut Controller, window: &AppWindow, view: &TableView) {
        c.refresh_avalon(window, view);
        c.refresh_extras(window, view);
    }

    fn legacy_wire(window: &AppWindow, with: &With) {
        wire(window, with);
        avalon_options::wire(window, with.clone());
    }

    /// Every character card (each copy of the loyal servants and minions,
    /// for a table of ten scanning its cards) and a mission card of each
    /// kind, for a pad button that dies.
    fn short_title() -> &'static str {
        "Avalon"
    }

    fn picker_cards(catalog: &Catalog) -> Vec<String> {
        super::screens::catalog_cards(catalog, GameKind::Avalon, &["role"], u16::MAX)
            .into_iter()
            .chain(super::screens::catalog_cards(catalog, GameKind::Avalon, &["mission"], 1))
            .collect()
    }
}

impl Controller {
    /// Sets up the setup page's choices (players and optional characters),
    /// as the table would touch them.
    pub fn prepare_setup(&mut self, players: usize, optional: &[Role]) {
        let a = self.setups.answers::<Avalon>();
        a.set_players::<Avalon>(players);
        for r in Role::OPTIONAL {
            a.set_option::<Avalon>(&crate::games::code(&r), i32::from(optional.contains(&r)));
        }
    }

    fn avalon(&mut self, cmd: Command) {
        super::screens::send::<Avalon>(self, cmd);
    }

    /// "Day begins": while the night's script is still being read, the first
    /// touch only asks for a second one (cutting the script short must not
    /// happen by accident).
    fn end_night(&mut self) {
        if self.view().queued_lines > 0 && !self.screens.Avalon.night_armed {
            self.screens.Avalon.night_armed = true;
            return;
        }
        self.screens.Avalon.night_armed = false;
        self.avalon(Command::EndNight);
    }

    fn toggle_seat(&mut self, i: usize) {
        let seat = Seat(i as u8);
        if !self.screens.Avalon.team.remove(&seat) {
            self.screens.Avalon.team.insert(seat);
        }
    }

    fn propose(&mut self) {
        let team: Vec<Seat> = self.screens.Avalon.team.iter().copied().collect();
        let (mission, excalibur) = (self.screens.Avalon.extras.mission, self.screens.Avalon.extras.excalibur);
        self.avalon(Command::ProposeTeam { team, mission, excalibur });
        self.screens.Avalon.team.clear();
    }

    fn refresh_avalon(&mut self, window: &AppWindow, view: &TableView) {
        let lang = view.lang;
        let ui = window.global::<AvalonUi<'_>>();
        let Some(a) = view.game_view.as_ref().and_then(AnyView::get::<Avalon>) else { return };
        if !matches!(a.phase, PhaseView::TeamBuilding { .. }) {
            self.screens.Avalon.team.clear();
        }
        let team: BTreeSet<Seat> = match &a.phase {
            PhaseView::TeamVote { team, .. } | PhaseView::Mission { team, .. } => team.iter().copied().collect(),
            PhaseView::TeamBuilding { .. } => self.screens.Avalon.team.clone(),
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
        ui.set_status(round_status(a, lang, self.screens.Avalon.team.len()).into());
        match &a.phase {
            PhaseView::TeamBuilding { team_size, .. } => {
                ui.set_team_size(*team_size as i32);
                ui.set_chosen(self.screens.Avalon.team.len() as i32);
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
            self.screens.Avalon.night_armed = false;
        }
        ui.set_night_armed(self.screens.Avalon.night_armed);
        // How far the night's script has come: its lines are all queued
        // when the night begins, so the most ever waiting is the whole.
        let waiting = view.queued_lines + usize::from(view.subtitle.is_some() && !view.explaining);
        let night = &mut self.screens.Avalon.night_lines;
        if matches!(a.phase, PhaseView::Night) {
            *night = (*night).max(waiting);
        } else {
            *night = 0;
        }
        ui.set_night_lines(*night as i32);
        ui.set_night_said((*night - waiting.min(*night)) as i32);
        ui.set_votes_shown(show_votes && a.last_votes.is_some());
        let cards: Vec<i32> = view
            .reveal
            .iter()
            .flat_map(|r| &r.shown)
            .filter_map(|i| match i {
                RevealItem::Card { card }
                    if *card == crate::games::code(&crate::games::avalon::MissionCard::Success) =>
                {
                    Some(1)
                }
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
        let legal = self.booted.table.session.engine::<Avalon>().map(Game::legal).unwrap_or_default();
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
}

/// How a sentence names a seat's player (never a bare number).
fn said(a: &AvalonView, seat: Seat) -> crate::games::Arg {
    crate::ui::said(a.names.get(seat.index()).map_or("", String::as_str), seat)
}

/// Names in a list: "Anna, Bruno and Carla".
fn names_list(a: &AvalonView, seats: &[Seat], lang: Lang) -> String {
    let names: Vec<String> = seats.iter().map(|&s| said(a, s).text(lang)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => lang.text(&msg!("ui.list.and", rest = rest.join(", "), last = last.as_str())),
    }
}

/// What the round page says the table is doing: whom it waits for, never
/// how anyone voted or played before the reveal.
fn round_status(a: &AvalonView, lang: Lang, chosen: usize) -> String {
    let leader = a.leader.map(|s| said(a, s)).unwrap_or_else(|| crate::games::Arg::Text(String::new()));
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
            match reader {
                Some(s) => status + " " + &lang.text(&msg!("ui.avalon.at_reader", name = said(a, *s))),
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

/// Connects the `AvalonUi` callbacks.
fn wire(window: &AppWindow, with: &With) {
    let ui = window.global::<AvalonUi<'_>>();
    let act = |f: fn(&mut Controller)| {
        let with = with.clone();
        move || with(&f)
    };
    ui.on_skip_scan(act(|c| c.avalon(Command::SkipRoleScan)));
    ui.on_skip_reveal(act(|c| c.touch(Touch::SkipReveal)));
    ui.on_end_night(act(|c| c.end_night()));
    {
        let with = with.clone();
        ui.on_toggle_seat(move |i| with(&|c| c.toggle_seat(i.max(0) as usize)));
    }
    ui.on_propose(act(|c| c.propose()));
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
}
