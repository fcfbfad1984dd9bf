//! Phase II: each player's turn in tent order, the action cards picked
//! used where they may be (training, the Round Table, the Court, quests,
//! horses), the turn ended.

use super::{cards, err, target, Action, Command, Draft, Event, Kak, KakError, Phase, Res, Virtue, VirtueCard, Where};
use super::{COURT_POINTS, QUESTS, RING};
use crate::{CommonError, GameRng, Seat};
use std::collections::BTreeSet;

impl Draft {
    /// The player's turn ends at once when nothing but a Tournament card is
    /// left to use.
    pub(super) fn end_turn_if_spent(&mut self, rng: &mut GameRng) {
        let Some(seat) = self.sim.acting() else { return };
        let left = self.sim.players[seat.index()].picked.iter().any(|c| Action::of_card(c) != Some(Action::Tournament));
        if !left {
            self.end_turn(seat, rng);
        }
    }

    pub(super) fn end_turn(&mut self, seat: Seat, rng: &mut GameRng) {
        let unused = self.sim.players[seat.index()]
            .picked
            .iter()
            .filter(|c| Action::of_card(c) != Some(Action::Tournament))
            .cloned()
            .collect();
        self.emit(Event::TurnEnded { seat, unused });
        if matches!(self.sim.phase, Phase::Actions { turn } if usize::from(turn) >= self.sim.players()) {
            self.close_phase_two(rng);
        }
    }

    /// The tournament follows the turns ("Fase II", "ha luogo il torneo"):
    /// who took the Tournament card and is at Camelot bids.
    pub(super) fn close_phase_two(&mut self, rng: &mut GameRng) {
        let mut bidders = Vec::new();
        let mut absent = Vec::new();
        for s in Seat::all(self.sim.players()) {
            let p = &self.sim.players[s.index()];
            if p.picked.iter().any(|c| Action::of_card(c) == Some(Action::Tournament)) {
                if self.sim.at_camelot(s) {
                    bidders.push(s);
                } else {
                    absent.push(s);
                }
            }
        }
        if !bidders.is_empty() || !absent.is_empty() {
            self.emit(Event::TournamentOpened { bidders: bidders.clone(), absent });
        }
        if bidders.is_empty() {
            self.close_round(rng);
        }
    }
}

impl Kak {
    /// The first of the seat's picked cards of `action`, where it may be
    /// used now ("Fase II": "nel corrispondente luogo").
    pub(super) fn action_card(&self, seat: Seat, action: Action) -> Res<String> {
        let card = self.players[seat.index()]
            .picked
            .iter()
            .find(|c| Action::of_card(c) == Some(action))
            .cloned()
            .ok_or_else(|| err(KakError::NoSuchAction { action }))?;
        self.place_ok(seat, action)?;
        Ok(card)
    }

    pub(super) fn place_ok(&self, seat: Seat, action: Action) -> Res<()> {
        let camelot = self.at_camelot(seat);
        match action.place() {
            Where::Camelot if !camelot => Err(err(KakError::OnlyAtCamelot { action })),
            Where::Outside if camelot => Err(err(KakError::OnlyOutside { action })),
            _ => Ok(()),
        }
    }

    /// Steps along the ring from the seat's knight to `to`, the shorter
    /// way round ("in qualsiasi direzione").
    pub(super) fn distance(&self, seat: Seat, to: &str) -> Option<u8> {
        let ring = &self.setup.as_ref()?.ring;
        let to = ring.iter().position(|l| l == to)?;
        let from = self.players[seat.index()].at;
        let cw = (to + RING - from) % RING;
        Some(cw.min(RING - cw) as u8)
    }

    pub(super) fn virtue_card(&self, card: &str) -> Res<VirtueCard> {
        Self::kak_card(card)?;
        if !cards::is_virtue_card(card) {
            return Err(err(KakError::NotAVirtueCard { card: card.to_string() }));
        }
        self.virtue_of(card).ok_or_else(|| CommonError::FactsNeeded { cards: vec![card.to_string()] }.into())
    }

    /// Cards named once each, virtue cards, in the seat's hand, with their
    /// faces. A card Tavola does not place in the hand stands for one
    /// alike that is there (two Swords of 1 are the same at the table):
    /// the ids returned are the hand's.
    pub(super) fn hand_cards(&self, seat: Seat, cards: &[String]) -> Res<Vec<(String, VirtueCard)>> {
        let hand = &self.players[seat.index()].hand;
        let mut seen = BTreeSet::new();
        let mut faces = Vec::new();
        for c in cards {
            if !seen.insert(c) {
                return Err(err(KakError::CardTwice { card: c.clone() }));
            }
            faces.push(self.virtue_card(c)?);
        }
        let mut taken: BTreeSet<&String> = cards.iter().filter(|c| hand.contains(c)).collect();
        let mut out = Vec::new();
        for (c, v) in cards.iter().zip(faces) {
            let held = if hand.contains(c) {
                c.clone()
            } else {
                let alike = hand.iter().find(|h| !taken.contains(h) && self.virtue_of(h) == Some(v));
                let alike = alike.ok_or_else(|| err(KakError::NotInHand { card: c.clone() }))?;
                taken.insert(alike);
                alike.clone()
            };
            out.push((held, v));
        }
        Ok(out)
    }

    /// A quest's check ("Carte Missione" and "Q (Ricerca)"): held, the
    /// knight at its location, the virtues it asks, no card it does without.
    /// Returns its points and the virtue value lost.
    pub(super) fn check_quest(&self, seat: Seat, quest: &str, cards: &[String]) -> Res<(u8, u8, Vec<String>)> {
        if !QUESTS.contains(&quest) {
            return Err(err(KakError::NotAQuest { card: quest.to_string() }));
        }
        if !self.players[seat.index()].quests.iter().any(|q| q == quest) {
            return Err(err(KakError::QuestNotHeld { quest: quest.to_string() }));
        }
        let Some(q) = self.facts.quests.get(quest) else {
            return Err(CommonError::FactsNeeded { cards: vec![quest.to_string()] }.into());
        };
        // "Q (Ricerca)": "nello stesso luogo indicato".
        if self.location(seat) != Some(q.location.as_str()) {
            return Err(err(KakError::WrongPlace { location: q.location.clone() }));
        }
        let held = self.hand_cards(seat, cards)?;
        let mut total = [0u8; 4];
        for (_, c) in &held {
            total[c.virtue.index()] += c.value;
        }
        // "Q (Ricerca)": "le necessarie carte virtù".
        for v in Virtue::ALL {
            if total[v.index()] < q.needs[v.index()] {
                return Err(err(KakError::VirtuesShort {
                    virtue: v,
                    needed: q.needs[v.index()],
                    given: total[v.index()],
                }));
            }
        }
        // A card the quest is done without is kept in hand.
        for (i, (_, c)) in held.iter().enumerate() {
            let mut rest = total;
            rest[c.virtue.index()] -= c.value;
            if rest[c.virtue.index()] >= q.needs[c.virtue.index()] {
                return Err(err(KakError::CardNotNeeded { card: cards[i].clone() }));
            }
        }
        // "Q (Ricerca)": a card worth more than needed "non riceve alcun
        // bonus": the extra value is lost.
        let wasted = Virtue::ALL.iter().map(|v| total[v.index()] - q.needs[v.index()]).sum();
        Ok((q.points, wasted, held.into_iter().map(|(c, _)| c).collect()))
    }

    pub(super) fn award(&mut self, seat: Seat, points: u8) {
        let target = target(self.players());
        let at = self.awards;
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.score += u32::from(points);
            if p.reached.is_none() && p.score >= target {
                p.reached = Some(at);
            }
        }
    }

    pub(super) fn use_action(&mut self, seat: Seat, card: &str) {
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.picked.retain(|c| c != card);
        }
        // "le carte azione al loro posto".
        self.actions.insert(card.to_string());
    }

    pub(super) fn hand_out(&mut self, seat: Seat, cards: &[String]) {
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.hand.retain(|c| !cards.contains(c));
        }
        self.supply.extend(cards.iter().cloned());
    }

    /// An action card used, the turn ended.
    pub(super) fn decide_actions(&self, c: &Command, d: &mut Draft, rng: &mut GameRng) -> Res<()> {
        match (c, &self.phase) {
            (Command::Train { card }, Phase::Actions { .. }) => {
                let seat = self.acting().ok_or(CommonError::NotNow)?;
                let v = self.virtue_card(card)?;
                let action = self.action_card(seat, Action::Training(v.virtue))?;
                // "sceglie una carta ... dalla rispettiva pila": this one,
                // or one alike (the same virtue and value).
                let card = match self.supply.contains(card) {
                    true => card.clone(),
                    false => self
                        .supply
                        .iter()
                        .find(|c| self.virtue_of(c) == Some(v))
                        .cloned()
                        .ok_or_else(|| err(KakError::NotInPile { card: card.clone() }))?,
                };
                d.emit(Event::Trained { seat, action, card });
                d.end_turn_if_spent(rng);
            }
            (Command::RoundTable { quest }, Phase::Actions { .. }) => {
                let seat = self.acting().ok_or(CommonError::NotNow)?;
                Self::kak_card(quest)?;
                let action = self.action_card(seat, Action::RoundTable)?;
                // "A (Tavola Rotonda)": one of "le tre carte missione"
                // face up (a second Round Table finds one fewer).
                if !self.open.contains(quest) {
                    return Err(err(KakError::QuestNotOpen { quest: quest.clone() }));
                }
                d.emit(Event::QuestTaken { seat, action, quest: quest.clone() });
                d.end_turn_if_spent(rng);
            }
            (Command::Court { card }, Phase::Actions { .. }) => {
                let seat = self.acting().ok_or(CommonError::NotNow)?;
                let action = self.action_card(seat, Action::Court)?;
                let v = self.virtue_card(card)?;
                // "G (Corte)": one of "le proprie carte virtù Libro".
                if v.virtue != Virtue::Book {
                    return Err(err(KakError::NotABook { card: card.clone() }));
                }
                let held = self.hand_cards(seat, std::slice::from_ref(card))?;
                let card = held.into_iter().next().map(|(c, _)| c).unwrap_or_default();
                d.emit(Event::CourtHeld { seat, action, card, points: COURT_POINTS });
                d.end_turn_if_spent(rng);
            }
            (Command::Quest { quest, cards }, Phase::Actions { .. }) => {
                let seat = self.acting().ok_or(CommonError::NotNow)?;
                Self::kak_card(quest)?;
                // "per ogni missione ... una carta Q".
                let action = self.action_card(seat, Action::Quest)?;
                let (points, wasted, cards) = self.check_quest(seat, quest, cards)?;
                d.emit(Event::QuestCompleted { seat, action, quest: quest.clone(), cards, points, wasted });
                d.end_turn_if_spent(rng);
            }
            (Command::Ride { horse, to }, Phase::Actions { .. }) => {
                let seat = self.acting().ok_or(CommonError::NotNow)?;
                Self::kak_card(horse)?;
                Self::kak_card(to)?;
                if Action::of_card(horse) != Some(Action::Horse) {
                    return Err(err(KakError::NoSuchAction { action: Action::Horse }));
                }
                if !self.players[seat.index()].picked.contains(horse) {
                    return Err(err(KakError::NoSuchAction { action: Action::Horse }));
                }
                if !cards::is_location(to) {
                    return Err(err(KakError::NotALocation { card: to.clone() }));
                }
                let Some(&reach) = self.facts.horses.get(horse) else {
                    return Err(CommonError::FactsNeeded { cards: vec![horse.clone()] }.into());
                };
                // "P (Cavallo)": "in qualsiasi direzione", "al massimo" the
                // card's number of locations.
                let distance = self.distance(seat, to).unwrap_or(0);
                if distance == 0 {
                    return Err(err(KakError::StayPut));
                }
                if distance > reach {
                    return Err(err(KakError::TooFar { reach, distance }));
                }
                d.emit(Event::Rode { seat, horse: horse.clone(), to: to.clone() });
                d.end_turn_if_spent(rng);
            }
            (Command::EndTurn, Phase::Actions { .. }) => {
                let seat = self.acting().ok_or(CommonError::NotNow)?;
                d.end_turn(seat, rng);
            }
            _ => return Err(CommonError::NotNow.into()),
        }
        Ok(())
    }

    /// An action card used, the turn ended.
    pub(super) fn apply_actions(&mut self, e: &Event) {
        match e {
            Event::Trained { seat, action, card } => {
                self.use_action(*seat, action);
                self.supply.remove(card);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.hand.push(card.clone());
                }
            }
            Event::QuestTaken { seat, action, quest } => {
                self.use_action(*seat, action);
                self.open.retain(|q| q != quest);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.quests.push(quest.clone());
                }
            }
            Event::CourtHeld { seat, action, card, points } => {
                self.use_action(*seat, action);
                self.hand_out(*seat, std::slice::from_ref(card));
                self.award(*seat, *points);
                self.awards += 1;
            }
            Event::QuestCompleted { seat, action, quest, cards, points, .. } => {
                self.use_action(*seat, action);
                self.hand_out(*seat, cards);
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.quests.retain(|q| q != quest);
                }
                // "La carta missione completata viene tolta dal gioco."
                self.completed.push(quest.clone());
                self.award(*seat, *points);
                self.awards += 1;
            }
            Event::Rode { seat, horse, to } => {
                self.use_action(*seat, horse);
                let at = self.setup.as_ref().and_then(|s| s.ring.iter().position(|l| l == to));
                if let (Some(at), Some(p)) = (at, self.players.get_mut(seat.index())) {
                    p.at = at;
                }
            }
            Event::TurnEnded { seat, unused } => {
                for c in unused {
                    self.use_action(*seat, c);
                }
                if let Some(p) = self.players.get_mut(seat.index()) {
                    p.done = true;
                }
                if let Phase::Actions { turn } = &mut self.phase {
                    *turn += 1;
                }
            }
            _ => {}
        }
    }
}
