//! How the table serves Avalon: which command a pad answer means, which
//! timer runs, what the seat lights show.

use super::{TimerKind, TimerRequest};
use crate::games::avalon::{Avalon, Command, MissionCard, Phase};
use crate::games::Seat;
use crate::hw::{Light, PadButton};

/// The command a pad answer stands for in the current phase, if any.
pub(super) fn pad_command(game: &Avalon, seat: Seat, button: PadButton) -> Option<Command> {
    match game.phase() {
        Phase::TeamVote { .. } => Some(Command::Vote { seat, approve: button == PadButton::Approve }),
        Phase::Mission { .. } => {
            let card = if button == PadButton::Approve { MissionCard::Success } else { MissionCard::Fail };
            Some(Command::PlayMission { seat, card })
        }
        _ => None,
    }
}

/// The timer this moment of the game calls for.
pub(super) fn timer_request(game: &Avalon) -> Option<TimerRequest> {
    let view_key = |what: &str| format!("{what}:{}:{}", game.round(), game.rejections());
    match game.phase() {
        Phase::TeamBuilding => {
            Some(TimerRequest { kind: TimerKind::Discussion, key: view_key("discussion"), missing: vec![] })
        }
        Phase::TeamVote { ballot, .. } => {
            Some(TimerRequest { kind: TimerKind::Vote, key: view_key("vote"), missing: ballot.missing() })
        }
        Phase::Mission { ballot, .. } if !ballot.is_complete() => {
            Some(TimerRequest { kind: TimerKind::Mission, key: view_key("mission"), missing: ballot.missing() })
        }
        _ => None,
    }
}

/// Seat lights: waiting for seats that owe an answer, done for those that
/// gave one. The same light whatever the answer or the player's role.
pub(super) fn lights(game: &Avalon) -> Vec<Light> {
    let mut lights = vec![Light::Off; game.players()];
    let mut mark = |eligible: &mut dyn Iterator<Item = Seat>, done: &dyn Fn(Seat) -> bool| {
        for s in eligible {
            if let Some(l) = lights.get_mut(s.index()) {
                *l = if done(s) { Light::Done } else { Light::Waiting };
            }
        }
    };
    match game.phase() {
        Phase::TeamVote { ballot, .. } => {
            let answered: Vec<Seat> = ballot.answered().collect();
            mark(&mut ballot.eligible().iter().copied(), &|s| answered.contains(&s));
        }
        Phase::Mission { ballot, .. } => {
            mark(&mut ballot.eligible().iter().copied(), &|s| ballot.answered().contains(&s));
        }
        _ => {}
    }
    lights
}
