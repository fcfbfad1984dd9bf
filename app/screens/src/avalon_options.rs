//! Avalon's optional rules on the screen (`app/ui/pages/avalon-options.slint`;
//! the setup asks for them, see `setup.rs`): the leader's mission and Excalibur
//! choices, the host answering for a seat, the Excalibur and Lady of the
//! Lake choices, the private reveal behind a covered panel, playing again.
//!
//! The one secret shown here, a private reveal's content, reaches the
//! screen in the table's private look ([`crate::table::PrivateLook`]) for
//! the viewer only, once the covered panel is touched; it is asked for while
//! the viewer looks and dropped as soon as the reveal is over.

use super::super::screens::{Ask, Hook, Sight};
use super::super::set_model;
use super::{round_status, AvalonScreen, Round};
use crate::games::avalon::{Avalon, AvalonView, Choice, Command, PhaseView};
use crate::games::{Lang, Seat};
use crate::{AppWindow, AvalonExtras, ChoiceItem, Page};
use slint::ComponentHandle;
use tavola_words::msg;

/// The screen's own state for the optional rules.
#[derive(Debug, Default)]
pub(super) struct Extras {
    /// The mission the leader picked (0-based), when choosing missions.
    pub mission: Option<u8>,
    /// The member the leader hands Excalibur to.
    pub excalibur: Option<Seat>,
    /// The viewer touched the covered panel of the private reveal.
    pub(super) peeked: bool,
}

/// What the `AvalonExtras` global shows.
#[derive(Debug, Default)]
pub(super) struct ExtrasShows {
    open_missions: Vec<i32>,
    chosen_mission: i32,
    excalibur_candidates: Vec<ChoiceItem>,
    excalibur_seat: i32,
    missing_voters: Vec<ChoiceItem>,
    /// The host's answers for a seat close (no vote now).
    close_host: bool,
    can_play_again: bool,
    info: String,
    card_by_hand: bool,
    choice_title: String,
    targets: Vec<ChoiceItem>,
    can_pass: bool,
    pub(super) private_prompt: String,
    pub(super) private_text: String,
}

/// The seat whose private look the screen asks for: the viewer of the
/// private reveal, once they touched the covered panel.
pub(super) fn looking(extras: &Extras, a: &AvalonView) -> Option<Seat> {
    match &a.phase {
        PhaseView::Private { viewer, .. } if extras.peeked => Some(*viewer),
        _ => None,
    }
}

/// The page for the phases of the optional rules, if the phase is one.
pub(super) fn page(phase: &PhaseView) -> Option<Page> {
    match phase {
        PhaseView::Excalibur { .. } | PhaseView::Lady { .. } | PhaseView::LadyCard { .. } => Some(Page::AvalonChoice),
        PhaseView::Private { .. } => Some(Page::AvalonPrivate),
        _ => None,
    }
}

/// One line for the round page: who holds Excalibur and the Lady, and the
/// Lancelots' loyalty cards (all public).
fn info(a: &AvalonView, lang: Lang) -> String {
    use crate::games::avalon::LoyaltyCard;
    let name = |s: Seat| crate::said(a.names.get(s.index()).map_or("", String::as_str), s);
    let mut parts = Vec::new();
    if let PhaseView::TeamVote { excalibur: Some(h), .. } | PhaseView::Mission { excalibur: Some(h), .. } = &a.phase {
        parts.push(lang.text(&msg!("ui.avalon.info.excalibur", name = name(*h))));
    }
    if let Some(l) = &a.lady {
        parts.push(lang.text(&msg!("ui.avalon.info.lady", name = name(l.holder))));
    }
    if let Some(l) = &a.lancelot {
        let card = |c: &LoyaltyCard| match c {
            LoyaltyCard::NoChange => lang.text(&msg!("ui.avalon.info.no_change")),
            LoyaltyCard::Switch => lang.text(&msg!("ui.avalon.info.switch")),
        };
        // Variant 2 shows the whole row; variant 1 the cards turned so far.
        let row: Vec<String> = if l.laid_out.is_empty() {
            l.turned.iter().map(card).collect()
        } else {
            l.laid_out
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let mark = if i < l.turned.len() { "✓" } else { "" };
                    format!("{}{mark} {}", i + 1, card(c))
                })
                .collect()
        };
        if !row.is_empty() {
            parts.push(lang.text(&msg!("ui.avalon.info.loyalty_cards", cards = row.join(", "))));
        }
    }
    parts.join(" · ")
}

fn items(a: &AvalonView, seats: impl IntoIterator<Item = Seat>) -> Vec<ChoiceItem> {
    seats
        .into_iter()
        .map(|s| ChoiceItem { seat: i32::from(s.0), name: a.names.get(s.index()).cloned().unwrap_or_default().into() })
        .collect()
}

/// The team the engine asks for now, per open mission: its size and who
/// may hold Excalibur.
fn teams(sight: &Sight<'_, Avalon>) -> Vec<(u8, usize, Option<Vec<Seat>>)> {
    sight
        .legal
        .iter()
        .filter_map(|l| match l.choice() {
            Some(Choice::Team { mission, size, excalibur }) => Some((*mission, *size, excalibur.clone())),
            _ => None,
        })
        .collect()
}

/// The choices of Excalibur and the Lady of the Lake: the question, the
/// seats to choose among, whether the holder may pass.
fn choice(a: &AvalonView, lang: Lang) -> (String, Vec<ChoiceItem>, bool) {
    let name = |s: Seat| crate::said(a.names.get(s.index()).map_or("", String::as_str), s);
    match &a.phase {
        PhaseView::Excalibur { holder, targets } => {
            let title = lang.text(&msg!("ui.avalon.ask.excalibur", name = name(*holder)));
            (title, items(a, targets.iter().copied()), true)
        }
        PhaseView::Lady { holder, targets } => {
            let title = lang.text(&msg!("ui.avalon.ask.lady", name = name(*holder)));
            (title, items(a, targets.iter().copied()), false)
        }
        PhaseView::LadyCard { holder, target } => {
            let title = lang.text(&msg!("ui.avalon.ask.lady_card", name = name(*target), holder = name(*holder)));
            (title, Vec::new(), false)
        }
        _ => (String::new(), Vec::new(), false),
    }
}

/// What the optional rules' pages show; the mission the leader picked
/// sets the team size and the number on the round page (`round`).
pub(super) fn show(screen: &mut AvalonScreen, sight: &Sight<'_, Avalon>, round: &mut Round) -> ExtrasShows {
    let (a, lang) = (sight.view, sight.lang);
    let name = |s: Seat| crate::said(a.names.get(s.index()).map_or("", String::as_str), s);
    let extras = &mut screen.extras;
    // Team building: which mission, and who gets Excalibur.
    let building = matches!(a.phase, PhaseView::TeamBuilding { .. });
    let open_missions: Vec<i32> = match &a.phase {
        PhaseView::TeamBuilding { open_missions, .. } => open_missions.iter().map(|m| i32::from(*m) + 1).collect(),
        _ => Vec::new(),
    };
    if !building {
        extras.mission = None;
        extras.excalibur = None;
    }
    let teams = teams(sight);
    if let (Some(m), PhaseView::TeamBuilding { open_missions, .. }) = (extras.mission, &a.phase) {
        match teams.iter().find(|(mission, _, _)| *mission == m) {
            None => extras.mission = None,
            Some(&(_, size, _)) => {
                let mut chosen = a.clone();
                chosen.phase = PhaseView::TeamBuilding { team_size: size, open_missions: open_missions.clone() };
                round.team_size = size as i32;
                round.mission_number = i32::from(m) + 1;
                round.status = round_status(&chosen, lang, screen.team.len());
            }
        }
    }
    // Excalibur goes to a member of the team the engine allows.
    let holders: Vec<Seat> = teams.first().and_then(|(_, _, e)| e.clone()).unwrap_or_default();
    let excalibur_candidates = if building && a.options.excalibur {
        items(a, screen.team.iter().copied().filter(|s| holders.contains(s)))
    } else {
        Vec::new()
    };
    // A vote: the seats the host may answer for.
    let missing_voters = match &a.phase {
        PhaseView::TeamVote { missing, .. } => items(a, missing.iter().copied()),
        _ => Vec::new(),
    };
    let (choice_title, targets, can_pass) = choice(a, lang);
    // The private reveal: its words once the viewer touched the panel.
    let private_prompt = match &a.phase {
        PhaseView::Private { viewer, .. } => lang.text(&msg!("ui.avalon.private", name = name(*viewer))),
        _ => {
            extras.peeked = false;
            String::new()
        }
    };
    let private_text = sight.private.as_ref().map(|p| lang.text(p.message())).unwrap_or_default();
    ExtrasShows {
        open_missions,
        chosen_mission: extras.mission.map_or(0, |m| i32::from(m) + 1),
        excalibur_candidates,
        excalibur_seat: extras.excalibur.map_or(-1, |s| i32::from(s.0)),
        missing_voters,
        close_host: !matches!(a.phase, PhaseView::TeamVote { .. }),
        can_play_again: matches!(a.phase, PhaseView::Ended { .. }),
        info: info(a, lang),
        card_by_hand: matches!(a.phase, PhaseView::LadyCard { .. }),
        choice_title,
        targets,
        can_pass,
        private_prompt,
        private_text,
    }
}

/// Copies the optional rules' data into the `AvalonExtras` global.
pub(super) fn bind(s: ExtrasShows, window: &AppWindow) {
    let ui = window.global::<AvalonExtras<'_>>();
    set_model(&ui.get_open_missions(), s.open_missions, |m| ui.set_open_missions(m));
    ui.set_chosen_mission(s.chosen_mission);
    set_model(&ui.get_excalibur_candidates(), s.excalibur_candidates, |m| ui.set_excalibur_candidates(m));
    ui.set_excalibur_seat(s.excalibur_seat);
    set_model(&ui.get_missing_voters(), s.missing_voters, |m| ui.set_missing_voters(m));
    if s.close_host {
        ui.set_host_open(false);
    }
    ui.set_can_play_again(s.can_play_again);
    ui.set_info(s.info.into());
    ui.set_card_by_hand(s.card_by_hand);
    ui.set_choice_title(s.choice_title.into());
    set_model(&ui.get_targets(), s.targets, |m| ui.set_targets(m));
    ui.set_can_pass(s.can_pass);
    ui.set_private_prompt(s.private_prompt.into());
    ui.set_private_text(s.private_text.into());
}

/// Excalibur used on, or the Lady of the Lake examining, the seat touched.
fn choose_target(a: &AvalonView, seat: i32) -> Option<Ask<Command>> {
    let seat = u8::try_from(seat).map(Seat).ok()?;
    match a.phase {
        PhaseView::Excalibur { .. } => Some(Ask::Play(Command::UseExcalibur { target: Some(seat) })),
        PhaseView::Lady { .. } => Some(Ask::Play(Command::LadyExamine { target: seat })),
        _ => None,
    }
}

/// Back to the setup page with the finished game's players, characters
/// and rules filled in, to type the names in their new seats.
fn reseat(sight: &Sight<'_, Avalon>) -> Option<Ask<Command>> {
    sight.public.map(|setup| Ask::Reseat(Avalon::answers_of(setup)))
}

/// Wires the `AvalonExtras` callbacks through `hook`.
pub(super) fn wire(window: &AppWindow, hook: &Hook<Avalon>) {
    let ui = window.global::<AvalonExtras<'_>>();
    let on = |f: fn(&mut AvalonScreen, &Sight<'_, Avalon>) -> Option<Ask<Command>>| {
        let hook = hook.clone();
        move || hook(&f)
    };
    {
        let hook = hook.clone();
        ui.on_choose_mission(move |m| {
            hook(&|screen, _| {
                screen.extras.mission = u8::try_from(m - 1).ok();
                None
            })
        });
    }
    {
        let hook = hook.clone();
        ui.on_give_excalibur(move |s| {
            hook(&|screen, _| {
                screen.extras.excalibur = u8::try_from(s).ok().map(Seat);
                None
            })
        });
    }
    {
        let hook = hook.clone();
        ui.on_host_vote(move |seat, approve| {
            hook(&|_, _| u8::try_from(seat).ok().map(|s| Ask::Play(Command::HostAnswer { seat: Seat(s), approve })))
        });
    }
    {
        let hook = hook.clone();
        ui.on_choose_target(move |s| hook(&|_, sight| choose_target(sight.view, s)));
    }
    ui.on_pass(on(|_, _| Some(Ask::Play(Command::UseExcalibur { target: None }))));
    ui.on_peek(on(|screen, _| {
        screen.extras.peeked = true;
        Some(Ask::Peek)
    }));
    ui.on_seen(on(|screen, _| {
        screen.extras.peeked = false;
        Some(Ask::Play(Command::RevealSeen))
    }));
    ui.on_play_again(on(|_, _| Some(Ask::PlayAgain)));
    ui.on_reseat(on(|_, sight| reseat(sight)));
}
