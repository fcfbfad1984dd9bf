//! The reveal as a moment: a mission's cards turned over one at a time, and
//! at the end of an Avalon game every player's character named one after
//! the other. The session holds the steps back and lets the narrator say
//! them one by one, each once the line before and its beat are over; the
//! screen shows what has been turned so far. The host may skip to the end.
//!
//! Nothing here is stored: the order comes from the engine's events (the
//! cards' shuffle is drawn in `decide` and journaled), so a replayed or
//! resumed game shows the result at once and says the same order if asked.

use crate::games::avalon::{Event as AvalonEvent, MissionCard, Role, Side};
use crate::games::{AnyEvent, AnyGame, Cue, Seat};
use serde::Serialize;

/// What a step turns over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum RevealItem {
    /// A mission card (no seat: the cards are shuffled).
    Card {
        /// The card.
        card: MissionCard,
    },
    /// A player's character, at the end.
    Role {
        /// The player.
        seat: Seat,
        /// The character.
        role: Role,
        /// The side the player ended on (a Lancelot may have switched).
        side: Side,
    },
}

/// What is being revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RevealKind {
    /// A mission's cards.
    Mission {
        /// The mission (0-based).
        mission: u8,
    },
    /// Every player's character, at the end of the game.
    Roles,
}

/// The reveal as the screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RevealView {
    /// What is revealed.
    #[serde(flatten)]
    pub kind: RevealKind,
    /// The items turned over so far, in order.
    pub shown: Vec<RevealItem>,
    /// How many items there are in all.
    pub total: usize,
}

/// A reveal under way.
#[derive(Debug, Clone)]
pub struct Staged {
    kind: RevealKind,
    steps: Vec<(Cue, RevealItem)>,
    shown: usize,
    /// What the narrator says once every item is turned (the result).
    tail: Vec<Cue>,
}

impl Staged {
    /// The screen's view of it.
    pub fn view(&self) -> RevealView {
        RevealView {
            kind: self.kind,
            shown: self.steps[..self.shown].iter().map(|(_, item)| *item).collect(),
            total: self.steps.len(),
        }
    }

    /// The next step's line, if one is left (it counts as turned).
    pub fn next_step(&mut self) -> Option<Cue> {
        let (cue, _) = self.steps.get(self.shown)?;
        self.shown += 1;
        Some(cue.clone())
    }

    /// Every step turned at once (the host skipped): the lines still owed,
    /// the result's.
    pub fn finish(self) -> Vec<Cue> {
        self.tail
    }

    /// Lines said after the reveal.
    pub fn push_tail(&mut self, cues: Vec<Cue>) {
        self.tail.extend(cues);
    }
}

/// Whether `event`, just applied to `game` with `cues` as its lines, opens
/// a reveal: then the lines to say at once, and the reveal holding the rest.
/// Otherwise the lines come back untouched.
pub fn stage(game: &AnyGame, event: &AnyEvent, cues: Vec<Cue>) -> Result<(Vec<Cue>, Staged), Vec<Cue>> {
    let (AnyGame::Avalon(avalon), AnyEvent::Avalon(event)) = (game, event) else { return Err(cues) };
    match event {
        AvalonEvent::MissionShuffled { mission, order } if order.len() == cues.len() && !order.is_empty() => {
            let steps = cues.into_iter().zip(order.iter().map(|&card| RevealItem::Card { card })).collect();
            Ok((
                Vec::new(),
                Staged { kind: RevealKind::Mission { mission: *mission }, steps, shown: 0, tail: Vec::new() },
            ))
        }
        AvalonEvent::GameEnded { .. } => {
            let named = avalon.end_reveal();
            let Some(first) = named.first().and_then(|(_, _, c)| cues.iter().position(|x| x == c)) else {
                return Err(cues);
            };
            let after = first + named.len();
            if cues.get(first..after).is_none_or(|said| !said.iter().zip(&named).all(|(a, (_, _, b))| a == b)) {
                return Err(cues);
            }
            let mut cues = cues;
            let tail = cues.split_off(after);
            cues.truncate(first);
            let steps = named
                .into_iter()
                .map(|(seat, role, cue)| {
                    let side = avalon.allegiance(seat).unwrap_or(role.side());
                    (cue, RevealItem::Role { seat, role, side })
                })
                .collect();
            Ok((cues, Staged { kind: RevealKind::Roles, steps, shown: 0, tail }))
        }
        _ => Err(cues),
    }
}
