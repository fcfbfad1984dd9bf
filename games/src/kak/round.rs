//! The round's frame: the open quests refilled, the round started, phase
//! I's picks in tent order, phase III's tents by score, the end.

use super::cards::QUESTS;
use super::{err, picks_per_round, Action, Command, Draft, Event, Kak, KakError, Phase, Res};
use crate::{CommonError, GameRng, Seat};
use std::collections::BTreeMap;

impl Draft {
    /// Starts the round once no open quest is wanted; deals the tents by
    /// score first after a round played.
    pub(super) fn start_round_if_ready(&mut self) {
        if self.sim.phase == Phase::Refill && self.sim.wanted() == 0 {
            let round = self.sim.round + 1;
            self.emit(Event::RoundStarted { round });
        }
    }

    /// The end of phase II: the game ends once a player reached the target
    /// ("Fine del gioco": "il round in corso"); else phase III: the tents
    /// by score, ties by lot ("Fase III": "il minor numero di punti",
    /// "mescolate le relative carte tenda"), then the open quests refilled.
    pub(super) fn close_round(&mut self, rng: &mut GameRng) {
        if self.sim.players.iter().any(|p| p.reached.is_some()) {
            let winners = self.sim.leaders();
            self.emit(Event::GameEnded { winners });
            return;
        }
        let mut by_score: BTreeMap<u32, Vec<Seat>> = BTreeMap::new();
        for s in Seat::all(self.sim.players()) {
            by_score.entry(self.sim.players[s.index()].score).or_default().push(s);
        }
        let mut tents = Vec::new();
        let mut drawn = Vec::new();
        for (_, mut group) in by_score {
            if group.len() > 1 {
                rng.shuffle(&mut group);
                drawn.push(group.clone());
            }
            tents.extend(group);
        }
        self.emit(Event::TentsDealt { tents, drawn });
        self.start_round_if_ready();
    }
}

impl Kak {
    /// Whether the seat may pick `card` now ("Fase I": a card "sul
    /// tavolo"; the Tournament "solo una volta per round").
    pub(super) fn check_pick(&self, seat: Seat, card: &str) -> Res<()> {
        Self::kak_card(card)?;
        let Some(action) = Action::of_card(card) else {
            return Err(err(KakError::NotAnActionCard { card: card.to_string() }));
        };
        if !self.actions.contains(card) {
            return Err(err(KakError::ActionTaken { card: card.to_string() }));
        }
        if action == Action::Tournament
            && self.players[seat.index()].picked.iter().any(|c| Action::of_card(c) == Some(Action::Tournament))
        {
            return Err(err(KakError::TournamentTwice));
        }
        Ok(())
    }

    /// An open quest turned, an action card picked.
    pub(super) fn decide_round(&self, c: &Command, d: &mut Draft) -> Res<()> {
        match (c, &self.phase) {
            (Command::Reveal { card }, Phase::Refill) => {
                Self::kak_card(card)?;
                if !QUESTS.contains(&card.as_str()) {
                    return Err(err(KakError::NotAQuest { card: card.clone() }));
                }
                if !self.deck.contains(card) {
                    return Err(err(KakError::NotInDeck { card: card.clone() }));
                }
                // A quest met: its facts are asked now, when it is on the
                // table for all to see.
                if !self.facts.quests.contains_key(card) {
                    return Err(CommonError::FactsNeeded { cards: vec![card.clone()] }.into());
                }
                d.emit(Event::Revealed { card: card.clone() });
                d.start_round_if_ready();
            }
            (Command::Pick { card }, Phase::Picks { .. }) => {
                let seat = self.picking().ok_or(CommonError::NotNow)?;
                self.check_pick(seat, card)?;
                d.emit(Event::Picked { seat, card: card.clone() });
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// A quest turned, the round started, a pick, the tents dealt, the end.
    pub(super) fn apply_round(&mut self, e: &Event) {
        match e {
            Event::Revealed { card } => {
                self.deck.remove(card);
                self.open.push(card.clone());
            }
            Event::RoundStarted { round } => {
                self.round = *round;
                self.actions = self.in_play().map(str::to_string).collect();
                for p in &mut self.players {
                    p.picked.clear();
                    p.done = false;
                }
                self.phase = Phase::Picks { pick: 0, turn: 0 };
            }
            Event::Picked { seat, card } => {
                self.actions.remove(card);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.picked.push(card.clone());
                }
                let n = self.players() as u8;
                let per = picks_per_round(self.players()) as u8;
                if let Phase::Picks { pick, turn } = &mut self.phase {
                    *turn += 1;
                    if *turn >= n {
                        *turn = 0;
                        *pick += 1;
                    }
                    if *pick >= per {
                        self.phase = Phase::Actions { turn: 0 };
                    }
                }
            }
            Event::TentsDealt { tents, .. } => {
                self.tents.clone_from(tents);
                self.phase = Phase::Refill;
            }
            Event::GameEnded { winners } => {
                self.winners.clone_from(winners);
                self.phase = Phase::Over;
            }
            _ => {}
        }
    }
}
