//! Avalon's optional rules on the screen (`app/ui/pages/avalon-options.slint`;
//! the setup asks for them, see `setup.rs`): the leader's mission and Excalibur
//! choices, the host answering for a seat, the Excalibur and Lady of the
//! Lake choices, the private reveal behind a covered panel, playing again.
//!
//! The one secret shown here, a private reveal's content, is asked of the
//! table only when the covered panel is touched, kept while the viewer
//! looks, and dropped as soon as the reveal is over.

use super::Controller;
use crate::games::avalon::{Avalon, AvalonView, Choice, Command, PhaseView};
use crate::games::{Lang, Seat};
use crate::table::{Input, Output, TableView, Touch};
use crate::ui::{AppWindow, AvalonExtras, AvalonUi, ChoiceItem, Page};
use slint::ComponentHandle;
use std::rc::Rc;
use tavola_words::msg;

/// The screen's own state for the optional rules.
#[derive(Debug, Default)]
pub(super) struct Extras {
    /// The mission the leader picked (0-based), when choosing missions.
    pub mission: Option<u8>,
    /// The member the leader hands Excalibur to.
    pub excalibur: Option<Seat>,
    /// What the covered panel shows, once touched.
    pub private_text: String,
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
    let name = |s: Seat| crate::ui::said(a.names.get(s.index()).map_or("", String::as_str), s);
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

impl Controller {
    /// Copies the optional rules' state into the `AvalonExtras` global.
    pub(super) fn refresh_extras(&mut self, window: &AppWindow, view: &TableView) {
        let lang = view.lang;
        let ui = window.global::<AvalonExtras<'_>>();
        let Some(a) = view.game_view.as_ref().and_then(|v| v.get::<Avalon>()) else { return };
        let name = |s: Seat| crate::ui::said(a.names.get(s.index()).map_or("", String::as_str), s);
        // Team building: which mission, and who gets Excalibur.
        let building = matches!(a.phase, PhaseView::TeamBuilding { .. });
        let open: Vec<i32> = match &a.phase {
            PhaseView::TeamBuilding { open_missions, .. } => open_missions.iter().map(|m| i32::from(*m) + 1).collect(),
            _ => Vec::new(),
        };
        if !building {
            self.screens.Avalon.extras.mission = None;
            self.screens.Avalon.extras.excalibur = None;
        }
        // The team the engine asks for now, per open mission: its size and
        // who may hold Excalibur.
        let teams: Vec<(u8, usize, Option<Vec<Seat>>)> = self
            .booted
            .table
            .session
            .engine::<Avalon>()
            .map(crate::games::Game::legal)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|l| match l.choice() {
                Some(Choice::Team { mission, size, excalibur }) => Some((*mission, *size, excalibur.clone())),
                _ => None,
            })
            .collect();
        // The mission the leader picked sets the team size and the number shown.
        if let (Some(m), PhaseView::TeamBuilding { open_missions, .. }) = (self.screens.Avalon.extras.mission, &a.phase)
        {
            match teams.iter().find(|(mission, _, _)| *mission == m) {
                None => self.screens.Avalon.extras.mission = None,
                Some(&(_, size, _)) => {
                    let mut chosen = a.clone();
                    chosen.phase = PhaseView::TeamBuilding { team_size: size, open_missions: open_missions.clone() };
                    let round = window.global::<AvalonUi<'_>>();
                    round.set_team_size(size as i32);
                    round.set_mission_number(i32::from(m) + 1);
                    round.set_status(super::round_status(&chosen, lang, self.screens.Avalon.team.len()).into());
                }
            }
        }
        super::set_model(&ui.get_open_missions(), open, |m| ui.set_open_missions(m));
        ui.set_chosen_mission(self.screens.Avalon.extras.mission.map_or(0, |m| i32::from(m) + 1));
        // Excalibur goes to a member of the team the engine allows.
        let holders: Vec<Seat> = teams.first().and_then(|(_, _, e)| e.clone()).unwrap_or_default();
        let candidates = if building && a.options.excalibur {
            items(a, self.screens.Avalon.team.iter().copied().filter(|s| holders.contains(s)))
        } else {
            Vec::new()
        };
        super::set_model(&ui.get_excalibur_candidates(), candidates, |m| ui.set_excalibur_candidates(m));
        ui.set_excalibur_seat(self.screens.Avalon.extras.excalibur.map_or(-1, |s| i32::from(s.0)));
        // A vote: the seats the host may answer for.
        let missing = match &a.phase {
            PhaseView::TeamVote { missing, .. } => items(a, missing.iter().copied()),
            _ => Vec::new(),
        };
        super::set_model(&ui.get_missing_voters(), missing, |m| ui.set_missing_voters(m));
        if !matches!(a.phase, PhaseView::TeamVote { .. }) {
            ui.set_host_open(false);
        }
        ui.set_can_play_again(matches!(a.phase, PhaseView::Ended { .. }));
        ui.set_info(info(a, lang).into());
        // The choices and the private reveal.
        let (title, targets, can_pass) = match &a.phase {
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
        };
        ui.set_card_by_hand(matches!(a.phase, PhaseView::LadyCard { .. }));
        ui.set_choice_title(title.into());
        super::set_model(&ui.get_targets(), targets, |m| ui.set_targets(m));
        ui.set_can_pass(can_pass);
        match &a.phase {
            PhaseView::Private { viewer, .. } => {
                let v = name(*viewer);
                let prompt = lang.text(&msg!("ui.avalon.private", name = v));
                ui.set_private_prompt(prompt.into());
            }
            _ => {
                self.screens.Avalon.extras.private_text.clear();
                ui.set_private_prompt("".into());
            }
        }
        ui.set_private_text(self.screens.Avalon.extras.private_text.clone().into());
    }

    fn choose_target(&mut self, seat: i32) {
        let Ok(seat) = u8::try_from(seat).map(Seat) else { return };
        let phase = self.view().game_view.as_ref().and_then(|v| v.get::<Avalon>()).map(|a| a.phase.clone());
        match phase {
            Some(PhaseView::Excalibur { .. }) => self.avalon(Command::UseExcalibur { target: Some(seat) }),
            Some(PhaseView::Lady { .. }) => self.avalon(Command::LadyExamine { target: seat }),
            _ => {}
        }
    }

    /// Back to the setup page with the finished game's players, characters
    /// and rules filled in, to type the names in their new seats.
    fn reseat(&mut self) {
        let Some(setup) = self.booted.table.session.engine::<Avalon>().and_then(|a| a.setup().cloned()) else { return };
        *self.setups.answers::<Avalon>() = Avalon::answers_of(&setup);
        self.touch(Touch::Leave { confirm: true });
        self.touch(Touch::ChooseGame { game: crate::games::GameKind::Avalon });
    }

    fn peek(&mut self) {
        let out = self.booted.table.input(self.now, Input::Touch(Touch::Peek));
        for o in out {
            if let Output::Private { message, .. } = o {
                self.screens.Avalon.extras.private_text = message;
            }
        }
    }
}

/// Wires the `AvalonExtras` callbacks; `with` runs a change on the
/// controller and refreshes the screen.
pub(super) fn wire<W: Fn(&dyn Fn(&mut Controller)) + ?Sized + 'static>(window: &AppWindow, with: Rc<W>) {
    let ui = window.global::<AvalonExtras<'_>>();
    {
        let with = with.clone();
        ui.on_choose_mission(move |m| with(&|c| c.screens.Avalon.extras.mission = u8::try_from(m - 1).ok()));
    }
    {
        let with = with.clone();
        ui.on_give_excalibur(move |s| with(&|c| c.screens.Avalon.extras.excalibur = u8::try_from(s).ok().map(Seat)));
    }
    {
        let with = with.clone();
        ui.on_host_vote(move |seat, approve| {
            with(&|c| {
                if let Ok(seat) = u8::try_from(seat) {
                    c.avalon(Command::HostAnswer { seat: Seat(seat), approve });
                }
            })
        });
    }
    {
        let with = with.clone();
        ui.on_choose_target(move |s| with(&|c| c.choose_target(s)));
    }
    {
        let with = with.clone();
        ui.on_pass(move || with(&|c| c.avalon(Command::UseExcalibur { target: None })));
    }
    {
        let with = with.clone();
        ui.on_peek(move || with(&|c| c.peek()));
    }
    {
        let with = with.clone();
        ui.on_seen(move || {
            with(&|c| {
                c.screens.Avalon.extras.private_text.clear();
                c.avalon(Command::RevealSeen);
            })
        });
    }
    {
        let with = with.clone();
        ui.on_play_again(move || with(&|c| c.touch(Touch::PlayAgain { names: None })));
    }
    ui.on_reseat(move || with(&|c| c.reseat()));
}
