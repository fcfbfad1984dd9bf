//! The reveal as a moment: cards turned over one at a time, or every
//! player's character named one after the other at the end. What a reveal
//! holds is the engine's answer ([`crate::games::Game::reveal`]); the session
//! holds the steps back and lets the narrator say them one by one, each
//! once the line before and its beat are over; the screen shows what has
//! been turned so far. The host may skip to the end.
//!
//! Nothing here is stored: the order comes from the engine's events (a
//! shuffle is drawn in `decide` and journaled), so a replayed or resumed
//! game shows the result at once and says the same order if asked.

use crate::games::RevealItem as Item;
use crate::games::{AnyEvent, AnyGame, Cue};
pub use crate::games::{RevealItem, RevealKind};
use serde::Serialize;

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
    steps: Vec<(Cue, Item)>,
    shown: usize,
    /// What the narrator says once every item is turned (the result).
    tail: Vec<Cue>,
}

impl Staged {
    /// The screen's view of it.
    pub fn view(&self) -> RevealView {
        RevealView {
            kind: self.kind,
            shown: self.steps[..self.shown].iter().map(|(_, item)| item.clone()).collect(),
            total: self.steps.len(),
        }
    }

    /// The items turned over so far, as the engine gave them.
    pub fn shown(&self) -> impl Iterator<Item = &Item> {
        self.steps[..self.shown].iter().map(|(_, item)| item)
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
/// The engine's reveal names its steps' lines, which follow each other among
/// `cues`; otherwise the lines come back untouched.
pub fn stage(game: &AnyGame, event: &AnyEvent, cues: Vec<Cue>) -> Result<(Vec<Cue>, Staged), Vec<Cue>> {
    let Some(reveal) = game.reveal(event).filter(|r| !r.steps.is_empty()) else { return Err(cues) };
    let Some(first) = cues.iter().position(|c| *c == reveal.steps[0].0) else { return Err(cues) };
    let after = first + reveal.steps.len();
    if cues.get(first..after).is_none_or(|said| !said.iter().zip(&reveal.steps).all(|(a, (b, _))| a == b)) {
        return Err(cues);
    }
    let mut cues = cues;
    let tail = cues.split_off(after);
    cues.truncate(first);
    Ok((cues, Staged { kind: reveal.kind, steps: reveal.steps, shown: 0, tail }))
}
