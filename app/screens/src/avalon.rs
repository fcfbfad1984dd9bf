//! The Resistance: Avalon on the screen (`scan.slint`, `night.slint`,
//! `round.slint`, `endgame.slint` and, for the optional rules,
//! `avalon-options.slint`; its setup is every game's, see `setup.rs`): the
//! night, the rounds and the end, from what the table may see into the
//! `AvalonUi` global.

use super::screens::{Ask, GameScreens, Hook, Sight};
use super::set_model;
use crate::catalog::Catalog;
use crate::games::avalon::{Avalon, AvalonView, Choice, Command, PhaseView, Side};
use crate::games::{GameKind, Lang, Legal, Said, Seat};
use crate::hw::Light;
use crate::table::{RevealItem, RevealKind, TableView};
use crate::{AppWindow, AvalonUi, MissionItem, Page, SeatItem};
use slint::ComponentHandle;
use std::collections::BTreeSet;
use tavola_words::msg;

// Avalon's optional rules on the screen, kept apart from this file.
#[path = "avalon_options.rs"]
mod avalon_options;

/// The screens' own state: the team being chosen, the optional rules'
/// choices, the night's second touch.
#[derive(Debug, Default)]
pub(in crate::controller) struct AvalonScreen {
    team: BTreeSet<Seat>,
    /// Avalon's optional rules (see `avalon_options.rs`).
    extras: avalon_options::Extras,
    /// "Day begins" was touched once while the night was still read.
    night_armed: bool,
    /// The night's lines, counted when its script was queued.
    night_lines: usize,
}

/// What Avalon's pages show (the `AvalonUi` and `AvalonExtras` globals),
/// as plain data.
#[derive(Debug, Default)]
pub(in crate::controller) struct AvalonShows {
    round: Round,
    extras: avalon_options::ExtrasShows,
}

/// What the `AvalonUi` global shows.
#[derive(Debug, Default)]
struct Round {
    seats: Vec<SeatItem>,
    missions: Vec<MissionItem>,
    players: i32,
    rejections: i32,
    leader_name: String,
    mission_number: i32,
    status: String,
    team_size: i32,
    chosen: i32,
    /// The next seat to scan its character, and how many have.
    scan: Option<(String, i32)>,
    /// The player named as Merlin, to confirm.
    named: Option<String>,
    /// The end: who won, why, and whether good did.
    result: Option<(String, String, bool)>,
    roles_known: bool,
    dead: DeadButton,
    night_armed: bool,
    night_lines: i32,
    night_said: i32,
    votes_shown: bool,
    reveal_cards: Vec<i32>,
    reveal_total: i32,
    reveal_roles: bool,
}

/// A pad button that died during a mission: the seats the engine lets the
/// host name at the reader, the seat at the reader, and the count of a
/// mission played by hand when the engine takes one.
#[derive(Debug, Default)]
struct DeadButton {
    seats: Vec<i32>,
    reader: i32,
    cards: i32,
}

impl DeadButton {
    fn of(a: &AvalonView, legal: &[Legal<Command, Choice>]) -> DeadButton {
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
        DeadButton { seats, reader, cards }
    }
}

impl GameScreens for Avalon {
    type Screen = AvalonScreen;
    type Shows = AvalonShows;
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

    /// The player a private reveal is for, once they touched the covered
    /// panel.
    fn looking(screen: &AvalonScreen, a: &AvalonView) -> Option<Seat> {
        avalon_options::looking(&screen.extras, a)
    }

    fn show(screen: &mut AvalonScreen, sight: &Sight<'_, Avalon>) -> AvalonShows {
        let mut round = round(screen, sight);
        let extras = avalon_options::show(screen, sight, &mut round);
        AvalonShows { round, extras }
    }

    fn bind(shows: AvalonShows, window: &AppWindow) {
        bind_round(shows.round, window);
        avalon_options::bind(shows.extras, window);
    }

    fn wire(window: &AppWindow, hook: &Hook<Avalon>) {
        wire(window, hook);
        avalon_options::wire(window, hook);
    }

    fn short_title() -> &'static str {
        "Avalon"
    }

    /// Every character card (each copy of the loyal servants and minions,
    /// for a table of ten scanning its cards) and a mission card of each
    /// kind, for a pad button that dies.
    fn picker_cards(catalog: &Catalog) -> Vec<String> {
        super::screens::catalog_cards(catalog, GameKind::Avalon, &["role"], u16::MAX)
            .into_iter()
            .chain(super::screens::catalog_cards(catalog, GameKind::Avalon, &["mission"], 1))
            .collect()
    }
}

/// "Day begins": while the night's script is still being read, the first
/// touch only asks for a second one (cutting the script short must not
/// happen by accident).
fn end_night(screen: &mut AvalonScreen, table: &TableView) -> Option<Ask<Command>> {
    if table.queued_lines > 0 && !screen.night_armed {
        screen.night_armed = true;
        return None;
    }
    screen.night_armed = false;
    Some(Ask::Play(Command::EndNight))
}

/// The team chosen so far proposed, with the mission and Excalibur's
/// holder the leader picked.
fn propose(screen: &mut AvalonScreen) -> Option<Ask<Command>> {
    let team: Vec<Seat> = std::mem::take(&mut screen.team).into_iter().collect();
    let (mission, excalibur) = (screen.extras.mission, screen.extras.excalibur);
    Some(Ask::Play(Command::ProposeTeam { team, mission, excalibur }))
}

/// The seats' tiles: who is on the team, who leads, whose light waits, the
/// votes once shown, the characters the narrator has named at the end.
fn seats(a: &AvalonView, table: &TableView, team: &BTreeSet<Seat>, lang: Lang) -> Vec<SeatItem> {
    let show_votes = !matches!(a.phase, PhaseView::TeamVote { .. });
    // At the end, the characters the narrator has named so far (all of
    // them once the reveal is over or skipped).
    let named: Option<BTreeSet<Seat>> = table.reveal.as_ref().filter(|r| r.kind == RevealKind::Roles).map(|r| {
        r.shown
            .iter()
            .filter_map(|i| match i {
                RevealItem::Role { seat, .. } => Some(*seat),
                RevealItem::Card { .. } => None,
            })
            .collect()
    });
    (0..a.players)
        .map(|i| {
            let seat = Seat(i as u8);
            let vote =
                a.last_votes.as_ref().filter(|_| show_votes).and_then(|v| v.get(&seat)).map_or(-1, |&v| i32::from(v));
            let hidden = named.as_ref().is_some_and(|n| !n.contains(&seat));
            let role = a.roles_revealed.as_ref().and_then(|r| r.get(&seat)).filter(|_| !hidden);
            SeatItem {
                name: a.names[i].clone().into(),
                on_team: team.contains(&seat),
                leader: a.leader == Some(seat),
                light: match table.lights.get(i) {
                    Some(Light::Waiting) => 1,
                    Some(Light::Done) => 2,
                    _ => 0,
                },
                vote,
                role: role.map(|r| r.text(lang)).unwrap_or_default().into(),
                role_id: role.map(|r| r.slug()).unwrap_or_default().into(),
                // The side the seat ended on (a Lancelot may have switched).
                evil: !hidden && a.sides_revealed.as_ref().and_then(|s| s.get(&seat)).is_some_and(|s| *s == Side::Evil),
                hidden,
            }
        })
        .collect()
}

/// The missions' track: the mission under way is ringed only while the
/// rounds go on; the mission whose cards are being turned shows its
/// result only once the last card is.
fn missions(a: &AvalonView, table: &TableView) -> Vec<MissionItem> {
    let in_round =
        matches!(a.phase, PhaseView::TeamBuilding { .. } | PhaseView::TeamVote { .. } | PhaseView::Mission { .. });
    let turning = table.reveal.as_ref().and_then(|r| match r.kind {
        RevealKind::Mission { mission } => Some(usize::from(mission)),
        RevealKind::Roles => None,
    });
    a.missions
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
        .collect()
}

/// The mission cards turned so far (1 a success, 2 a fail).
fn reveal_cards(table: &TableView) -> Vec<i32> {
    let success = crate::games::code(&crate::games::avalon::MissionCard::Success);
    table
        .reveal
        .iter()
        .flat_map(|r| &r.shown)
        .filter_map(|i| match i {
            RevealItem::Card { card } if *card == success => Some(1),
            RevealItem::Card { .. } => Some(2),
            RevealItem::Role { .. } => None,
        })
        .collect()
}

/// The night's progress: the armed second touch forgotten once the script
/// is read, and how far the script has come (its lines are all queued
/// when the night begins, so the most ever waiting is the whole).
fn night(screen: &mut AvalonScreen, a: &AvalonView, table: &TableView, round: &mut Round) {
    if !matches!(a.phase, PhaseView::Night) || table.queued_lines == 0 {
        screen.night_armed = false;
    }
    round.night_armed = screen.night_armed;
    let waiting = table.queued_lines + usize::from(table.subtitle.is_some() && !table.explaining);
    let night = &mut screen.night_lines;
    if matches!(a.phase, PhaseView::Night) {
        *night = (*night).max(waiting);
    } else {
        *night = 0;
    }
    round.night_lines = *night as i32;
    round.night_said = (*night - waiting.min(*night)) as i32;
}

/// What the round pages show (`AvalonUi`).
fn round(screen: &mut AvalonScreen, sight: &Sight<'_, Avalon>) -> Round {
    let (a, table, lang) = (sight.view, sight.table, sight.lang);
    if !matches!(a.phase, PhaseView::TeamBuilding { .. }) {
        screen.team.clear();
    }
    let team: BTreeSet<Seat> = match &a.phase {
        PhaseView::TeamVote { team, .. } | PhaseView::Mission { team, .. } => team.iter().copied().collect(),
        PhaseView::TeamBuilding { .. } => screen.team.clone(),
        _ => BTreeSet::new(),
    };
    let (team_size, chosen) = match &a.phase {
        PhaseView::TeamBuilding { team_size, .. } => (*team_size as i32, screen.team.len() as i32),
        _ => (0, -1),
    };
    let result = match &a.phase {
        PhaseView::Ended { reason, winner } => {
            let words = GameKind::Avalon.outcome_words(&crate::games::code(winner), &crate::games::code(reason));
            let (title, why) = words
                .map(|w| (lang.text(&w.title), lang.text(&msg!("ui.end.reason", reason = w.reason))))
                .unwrap_or_default();
            Some((title, why, *winner == Side::Good))
        }
        _ => None,
    };
    let mut round = Round {
        seats: seats(a, table, &team, lang),
        missions: missions(a, table),
        players: a.players as i32,
        rejections: i32::from(a.rejections),
        leader_name: a.leader.map(|s| a.names[s.index()].clone()).unwrap_or_default(),
        mission_number: i32::from(a.mission) + 1,
        status: round_status(a, lang, screen.team.len()),
        team_size,
        chosen,
        scan: match &a.phase {
            PhaseView::RoleScan { next, done } => Some((a.names[next.index()].clone(), *done as i32)),
            _ => None,
        },
        named: match &a.phase {
            PhaseView::ConfirmMerlin { target } => Some(a.names[target.index()].clone()),
            _ => None,
        },
        result,
        roles_known: a.roles_revealed.is_some(),
        dead: DeadButton::of(a, &sight.legal),
        votes_shown: !matches!(a.phase, PhaseView::TeamVote { .. }) && a.last_votes.is_some(),
        reveal_cards: reveal_cards(table),
        reveal_total: table.reveal.as_ref().map_or(0, |r| r.total as i32),
        reveal_roles: table.reveal.as_ref().is_some_and(|r| r.kind == RevealKind::Roles),
        ..Round::default()
    };
    night(screen, a, table, &mut round);
    round
}

/// Copies the round pages' data into the `AvalonUi` global.
fn bind_round(r: Round, window: &AppWindow) {
    let ui = window.global::<AvalonUi<'_>>();
    set_model(&ui.get_seats(), r.seats, |m| ui.set_seats(m));
    set_model(&ui.get_missions(), r.missions, |m| ui.set_missions(m));
    ui.set_players(r.players);
    ui.set_rejections(r.rejections);
    ui.set_leader_name(r.leader_name.into());
    ui.set_mission_number(r.mission_number);
    ui.set_status(r.status.into());
    ui.set_team_size(r.team_size);
    ui.set_chosen(r.chosen);
    if let Some((next, done)) = r.scan {
        ui.set_scan_next(next.into());
        ui.set_scan_done(done);
    }
    if let Some(named) = r.named {
        ui.set_named(named.into());
    }
    if let Some((title, why, good)) = r.result {
        ui.set_result_title(title.into());
        ui.set_result_reason(why.into());
        ui.set_good_won(good);
    }
    ui.set_roles_known(r.roles_known);
    // The dead button's panel closes once nothing is asked of it.
    let dead = r.dead;
    if dead.seats.is_empty() && dead.cards == 0 && dead.reader < 0 {
        ui.set_dead_button_open(false);
    }
    ui.set_hand_fails(ui.get_hand_fails().clamp(0, dead.cards));
    set_model(&ui.get_reader_seats(), dead.seats, |m| ui.set_reader_seats(m));
    ui.set_reader_seat(dead.reader);
    ui.set_hand_cards(dead.cards);
    ui.set_night_armed(r.night_armed);
    ui.set_night_lines(r.night_lines);
    ui.set_night_said(r.night_said);
    ui.set_votes_shown(r.votes_shown);
    set_model(&ui.get_reveal_cards(), r.reveal_cards, |m| ui.set_reveal_cards(m));
    ui.set_reveal_total(r.reveal_total);
    ui.set_reveal_roles(r.reveal_roles);
}

/// How a sentence names a seat's player (never a bare number).
fn said(a: &AvalonView, seat: Seat) -> crate::games::Arg {
    crate::said(a.names.get(seat.index()).map_or("", String::as_str), seat)
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
pub(in crate::controller) fn round_status(a: &AvalonView, lang: Lang, chosen: usize) -> String {
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
fn wire(window: &AppWindow, hook: &Hook<Avalon>) {
    let ui = window.global::<AvalonUi<'_>>();
    let play = |command: fn() -> Command| {
        let hook = hook.clone();
        move || hook(&|_, _| Some(Ask::Play(command())))
    };
    ui.on_skip_scan(play(|| Command::SkipRoleScan));
    {
        let hook = hook.clone();
        ui.on_skip_reveal(move || hook(&|_, _| Some(Ask::SkipReveal)));
    }
    {
        let hook = hook.clone();
        ui.on_end_night(move || hook(&|screen, sight| end_night(screen, sight.table)));
    }
    {
        let hook = hook.clone();
        ui.on_toggle_seat(move |i| {
            hook(&|screen, _| {
                let seat = Seat(i.max(0) as u8);
                if !screen.team.remove(&seat) {
                    screen.team.insert(seat);
                }
                None
            })
        });
    }
    {
        let hook = hook.clone();
        ui.on_propose(move || hook(&|screen, _| propose(screen)));
    }
    {
        let hook = hook.clone();
        ui.on_assassinate(move |i| {
            hook(&|_, _| Some(Ask::Play(Command::Assassinate { target: Seat(i.max(0) as u8) })))
        });
    }
    {
        let hook = hook.clone();
        ui.on_confirm_merlin(move |yes| hook(&|_, _| Some(Ask::Play(Command::ConfirmMerlin { was_merlin: yes }))));
    }
    {
        let hook = hook.clone();
        ui.on_name_reader(move |i| {
            hook(&|_, _| u8::try_from(i).ok().map(|seat| Ask::Play(Command::MissionByReader { seat: Seat(seat) })))
        });
    }
    {
        let hook = hook.clone();
        ui.on_enter_counts(move |successes, fails| {
            hook(&|_, _| match (u8::try_from(successes), u8::try_from(fails)) {
                (Ok(successes), Ok(fails)) => Some(Ask::Play(Command::MissionCounts { successes, fails })),
                _ => None,
            })
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testkit::Fuzz;
    use crate::games::{Ctx, Game};
    use crate::table::sight::empty_table;

    /// The round as a sight of a game shows it, with no window: a tile per
    /// seat with its name, the leader marked, the five missions; the team
    /// chosen on screen is the one proposed.
    #[test]
    fn the_round_shows_the_seats_and_the_team_chosen_is_proposed() {
        let mut ctx = Ctx::seeded(4);
        let mut g = Avalon::default();
        while !matches!(g.view().phase, PhaseView::TeamBuilding { .. }) {
            let cmd = g.random_command(&mut ctx.rng);
            let _ = g.execute(&cmd, &mut ctx);
        }
        let (view, table) = (g.view(), empty_table(Lang::En));
        let sight = Sight::of_engine(&g, &view, &table, None);
        let mut screen = AvalonScreen::default();
        let shows = Avalon::show(&mut screen, &sight);
        let names: Vec<&str> = shows.round.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, view.names.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(shows.round.seats.iter().filter(|s| s.leader).count(), 1);
        assert_eq!(shows.round.missions.len(), 5);
        assert!(shows.round.seats.iter().all(|s| s.role.is_empty()), "no character shows during the game");
        screen.team.extend([Seat(0), Seat(1)]);
        let shows = Avalon::show(&mut screen, &sight);
        assert_eq!(shows.round.chosen, 2);
        assert!(shows.round.seats[0].on_team && !shows.round.seats[2].on_team);
        let Some(Ask::Play(Command::ProposeTeam { team, .. })) = propose(&mut screen) else { panic!("a proposal") };
        assert_eq!(team, [Seat(0), Seat(1)]);
        assert!(screen.team.is_empty());
    }

    /// A private reveal reaches the screen only once its viewer touched
    /// the covered panel, and only for the viewer: a sight asked for any
    /// other seat holds nothing; it is dropped once the reveal is over.
    #[test]
    fn a_private_reveal_shows_only_to_its_viewer_once_the_panel_is_touched() {
        let found = (0..400).find_map(|seed| {
            let mut ctx = Ctx::seeded(seed);
            let mut g = Avalon::default();
            for _ in 0..400 {
                if let PhaseView::Private { viewer, .. } = g.view().phase {
                    return Some((g, viewer));
                }
                if g.is_over() {
                    return None;
                }
                let cmd = g.random_command(&mut ctx.rng);
                let _ = g.execute(&cmd, &mut ctx);
            }
            None
        });
        let (g, viewer) = found.expect("a game with a private reveal");
        let (view, table) = (g.view(), empty_table(Lang::En));
        let mut screen = AvalonScreen::default();
        assert_eq!(Avalon::looking(&screen, &view), None, "nobody looks before the panel is touched");
        let shows = Avalon::show(&mut screen, &Sight::of_engine(&g, &view, &table, None));
        assert!(shows.extras.private_text.is_empty());
        assert!(!shows.extras.private_prompt.is_empty(), "the panel asks its viewer to touch it");
        for seat in (0..view.players).map(|i| Seat(i as u8)).filter(|s| *s != viewer) {
            assert!(Sight::of_engine(&g, &view, &table, Some(seat)).private.is_none(), "{seat:?} sees nothing");
        }
        screen.extras.peeked = true;
        let looking = Avalon::looking(&screen, &view);
        assert_eq!(looking, Some(viewer));
        let sight = Sight::of_engine(&g, &view, &table, looking);
        assert_eq!(sight.private.as_ref().map(|p| p.seat()), Some(viewer));
        let shows = Avalon::show(&mut screen, &sight);
        let said = Lang::En.text(&g.private().expect("the engine's reveal").message);
        assert_eq!(shows.extras.private_text, said);
        // Once seen, the reveal is over: nothing is asked for any more.
        let mut after = g.clone();
        after.execute(&Command::RevealSeen, &mut Ctx::seeded(0)).expect("seen");
        let view = after.view();
        let _ = Avalon::show(&mut screen, &Sight::of_engine(&after, &view, &table, None));
        assert_eq!(Avalon::looking(&screen, &view), None);
    }
}
