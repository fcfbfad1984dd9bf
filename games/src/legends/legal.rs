//! What the rules accept now ([`crate::Game::legal`]), from the checks
//! `decide` makes: the screen's buttons and the fuzzers are built from it.

use super::cards::{Location, Skill, Special};
use super::{abilities, texts, Command, Legends, Phase, Setup, Turn, HAND};
use crate::{Legal, Seat};

/// What an open command leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: colours, names, the first player, the
    /// decks' counts, facts known.
    Setup,
    /// A character from the hand laid on the reader (any character of the
    /// introductory game not on the table).
    Character,
    /// The event drawn, laid on the reader.
    Event,
    /// A hand's count set right.
    HandCount,
    /// Facts learned for a card the game needs now.
    Facts,
    /// A character from the hand bid, laid on the reader.
    Bid,
    /// The host's correction of the board, as a card's text says: a
    /// character taken off the table, moved, or a special card given.
    Fix,
}

impl Setup {
    /// A setup with placeholders, for [`crate::Game::legal`].
    pub fn placeholder() -> Setup {
        Setup {
            colours: Vec::new(),
            names: Vec::new(),
            first: None,
            events: 0,
            characters: 0,
            facts: super::Facts::default(),
            mode: super::Mode::default(),
        }
    }
}

impl Legends {
    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        if self.setup.is_none() {
            out.push(Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup));
            return out;
        }
        let learn = Legal::Open(Command::Learn { facts: super::Facts::default() }, Choice::Facts);
        if matches!(self.phase, Phase::Over { .. } | Phase::Setup) {
            out.push(learn);
            return out;
        }
        let hand = Legal::Open(Command::CorrectHand { seat: Seat(0), cards: 0 }, Choice::HandCount);
        if let Some(a) = self.auction.as_ref().filter(|a| a.dagonet.is_some()) {
            for b in a.bids.iter().flatten() {
                out.push(Legal::Exact(Command::Replace { target: b.clone() }));
            }
            self.fixes(&mut out);
            out.push(hand);
            out.push(learn);
            return out;
        }
        if let Some(a) = &self.auction {
            let seat = a.to;
            if a.bids[seat.index()].len() < usize::from(a.max) {
                for l in self.open_places().into_iter().filter(|l| *l != Location::IsleOfAvalon) {
                    // Sir Dagonet is bid only in the place of a character bid.
                    let dagonet_placed = a.bids.iter().any(|b| !b.is_empty());
                    for c in self.company(seat, l).iter().filter(|c| dagonet_placed || *c != texts::DAGONET) {
                        out.push(Legal::Exact(Command::Bid { card: c.clone() }));
                    }
                }
                if self.players[seat.index()].hand > 0 {
                    out.push(Legal::Open(Command::Bid { card: String::new() }, Choice::Bid));
                }
            }
            out.push(Legal::Exact(Command::Pass));
            self.fixes(&mut out);
            out.push(hand);
            out.push(learn);
            return out;
        }
        if self.black_knight_waits() {
            if let Some(forest) = self.place(Location::PerilousForest) {
                for e in &forest.events {
                    out.push(Legal::Exact(Command::Cover { card: Some(e.clone()) }));
                }
            }
            out.push(Legal::Exact(Command::Cover { card: None }));
            self.fixes(&mut out);
            out.push(hand);
            out.push(learn);
            return out;
        }
        if let Some(g) = &self.grant {
            for c in self.grantees(g) {
                out.push(Legal::Exact(Command::Grant { card: c }));
            }
            self.fixes(&mut out);
            out.push(hand);
            out.push(learn);
            return out;
        }
        if let Some(r) = self.rescue() {
            if self.check_rescue(r).is_ok() {
                out.push(Legal::Exact(Command::Rescue { take: true }));
            }
            out.push(Legal::Exact(Command::Rescue { take: false }));
            out.push(hand);
            out.push(learn);
            return out;
        }
        if let Some(p) = self.effect() {
            for a in self.resolutions(p) {
                out.push(Legal::Exact(Command::Resolve { card: a.card, seat: a.seat, to: a.to }));
            }
            out.push(hand);
            out.push(learn);
            return out;
        }
        if let Some(seat) = self.forfeit_due() {
            for e in &self.players[seat.index()].zone {
                out.push(Legal::Exact(Command::Forfeit { event: e.clone() }));
            }
            self.fixes(&mut out);
            out.push(hand);
            out.push(learn);
            return out;
        }
        if self.companion_due {
            for c in self.potion_ladies() {
                out.push(Legal::Exact(Command::Companion { card: c }));
            }
            self.fixes(&mut out);
            out.push(hand);
            out.push(learn);
            return out;
        }
        let layer = match &self.phase {
            Phase::Over { .. } | Phase::Setup => None,
            Phase::Placing { seat, .. } => Some(*seat),
            Phase::Turn(Turn { drawn: false, .. }) => {
                out.push(Legal::Open(Command::DrawEvent { card: String::new() }, Choice::Event));
                None
            }
            Phase::Turn(t) => {
                let seat = t.seat;
                // Lady Ettard's spell, as she is played.
                if t.ettard {
                    for target in self.spell_targets(t, texts::ETTARD) {
                        out.push(Legal::Exact(Command::Spell { card: texts::ETTARD.into(), target }));
                    }
                }
                if t.actions == 0 && t.completed.is_empty() {
                    self.abilities(t, &mut out);
                    self.threats(t, &mut out);
                    self.spells_and_crowns(t, &mut out);
                }
                if self.check_renounce(t, texts::BALIN).is_ok() {
                    out.push(Legal::Exact(Command::Renounce { card: texts::BALIN.into() }));
                }
                if t.actions == 0 {
                    for l in self.open_places().into_iter().filter(|l| !t.completed.contains(l)) {
                        for e in &self.places[l as usize].events {
                            if self.shortfall(seat, l, e).is_none() {
                                out.push(Legal::Exact(Command::Complete { card: e.clone() }));
                            }
                        }
                    }
                }
                if t.actions < self.actions_allowed(seat) {
                    if self.players[seat.index()].hand < HAND && self.character_deck > 0 {
                        out.push(Legal::Exact(Command::DrawCharacter));
                    }
                    self.moves(seat, &mut out);
                    for to in Location::ALL {
                        if self.check_hunt(to).is_ok() {
                            out.push(Legal::Exact(Command::Hunt { to }));
                        }
                    }
                    Some(seat)
                } else {
                    // Lady Lunete's offer: a lady in the same action.
                    t.lunete.map(|_| seat)
                }
            }
        };
        if let Some(seat) = layer {
            if let Some(card) = &self.laid {
                if self.check_character(seat, card).is_ok() {
                    let only = self.lunete_only();
                    let fits = |l: Location| only.is_none_or(|at| at == l && self.lunete_free(card, l));
                    for l in self.playable().into_iter().filter(|l| self.room(seat, *l, 1) && fits(*l)) {
                        out.push(Legal::Exact(Command::Play { location: l }));
                    }
                }
                for target in self.replace_targets() {
                    out.push(Legal::Exact(Command::Replace { target }));
                }
            }
            if self.players[seat.index()].hand > 0 && self.playable().into_iter().any(|l| self.room(seat, l, 1)) {
                out.push(Legal::Open(Command::Lay { card: String::new() }, Choice::Character));
            }
        }
        if let Phase::Turn(Turn { drawn: true, .. }) = &self.phase {
            out.push(Legal::Exact(Command::EndTurn));
            if self.event_deck == 0 {
                out.push(Legal::Exact(Command::EndGame));
            }
        }
        self.fixes(&mut out);
        out.push(hand);
        out.push(learn);
        out
    }

    /// The host's corrections, while characters are on the table.
    fn fixes(&self, out: &mut Vec<Legal<Command, Choice>>) {
        let any =
            self.open_places().into_iter().any(|l| Seat::all(self.players()).any(|s| !self.company(s, l).is_empty()));
        if !any {
            return;
        }
        out.push(Legal::Open(Command::Remove { card: String::new(), to_hand: false }, Choice::Fix));
        out.push(Legal::Open(
            Command::Relocate { card: String::new(), to: Location::Camelot, seat: None },
            Choice::Fix,
        ));
        if self.mode().full() {
            out.push(Legal::Open(Command::GiveSpecial { special: Special::HighKing, card: None }, Choice::Fix));
        }
    }

    /// Every threat the turn's player may carry out now, and Lady
    /// Lyonesse's ward.
    fn threats(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) {
        for l in self.open_places() {
            let mine = self.company(t.seat, l);
            for card in mine {
                if abilities::threat(card).is_some() {
                    for s in Seat::all(self.players()).filter(|s| *s != t.seat) {
                        for target in self.company(s, l) {
                            if self.check_strike(t, card, target).is_ok() {
                                out.push(Legal::Exact(Command::Strike { card: card.clone(), target: target.clone() }));
                            }
                        }
                    }
                }
                if card == abilities::LYONESSE {
                    for target in mine {
                        if self.check_ward(t, card, target).is_ok() {
                            out.push(Legal::Exact(Command::Ward { card: card.clone(), target: target.clone() }));
                        }
                    }
                }
            }
        }
    }

    /// Nimue's spells, and King Arthur's and the Archbishop's ways to the
    /// High King, in the optional abilities' phase.
    fn spells_and_crowns(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) {
        for target in self.spell_targets(t, texts::NIMUE) {
            out.push(Legal::Exact(Command::Spell { card: texts::NIMUE.into(), target }));
        }
        for card in [texts::MORGAUSE, texts::BREUNIS] {
            for from in Seat::all(self.players()) {
                if self.check_raid(t, card, from).is_ok() {
                    out.push(Legal::Exact(Command::Raid { card: card.into(), seat: from }));
                }
            }
        }
        if self.check_recall(t, texts::HELLAWES).is_ok() {
            out.push(Legal::Exact(Command::Recall { card: texts::HELLAWES.into() }));
        }
        for target in self.summons(t) {
            out.push(Legal::Exact(Command::Summon { card: texts::BRAGWAINE.into(), target }));
        }
        for event in self.scraps(t) {
            out.push(Legal::Exact(Command::Scrap { card: texts::COTE_MALE_TAILE.into(), event }));
        }
        if self.check_crown(t, texts::ARTHUR, None).is_ok() {
            out.push(Legal::Exact(Command::Crown { card: texts::ARTHUR.into(), event: None }));
        }
        for e in &self.players[t.seat.index()].zone {
            if self.check_crown(t, texts::ARCHBISHOP, Some(e)).is_ok() {
                out.push(Legal::Exact(Command::Crown { card: texts::ARCHBISHOP.into(), event: Some(e.clone()) }));
            }
        }
    }

    /// Every use of an optional ability the turn's player may make now.
    fn abilities(&self, t: &Turn, out: &mut Vec<Legal<Command, Choice>>) {
        for l in self.open_places() {
            let company = self.company(t.seat, l);
            for card in company {
                let Some(a) = abilities::ability(card) else { continue };
                let targets: Vec<Option<String>> = match a.target {
                    abilities::Target::Own => vec![None],
                    abilities::Target::Knight => company.iter().filter(|c| *c != card).cloned().map(Some).collect(),
                };
                let skills: Vec<Option<Skill>> = match a.choices().as_slice() {
                    [] => vec![None],
                    many => many.iter().copied().map(Some).collect(),
                };
                for target in &targets {
                    for skill in &skills {
                        if self.check_use(t, card, target.as_deref(), *skill).is_ok() {
                            out.push(Legal::Exact(Command::Use {
                                card: card.clone(),
                                target: target.clone(),
                                skill: *skill,
                            }));
                        }
                    }
                }
            }
        }
    }

    /// Every move of one or two of `seat`'s characters from one location
    /// to another with room.
    fn moves(&self, seat: Seat, out: &mut Vec<Legal<Command, Choice>>) {
        let open = self.open_places();
        for from in open.iter().copied() {
            let company = self.company(seat, from);
            let mut groups: Vec<Vec<String>> = company.iter().map(|c| vec![c.clone()]).collect();
            for (i, a) in company.iter().enumerate() {
                for b in &company[i + 1..] {
                    groups.push(vec![a.clone(), b.clone()]);
                }
            }
            for to in open.iter().copied().filter(|&t| t != from) {
                for g in &groups {
                    let stays = self.check_bewitched(g).is_err() || self.check_isle(seat, g, from, to).is_err();
                    if self.room(seat, to, g.len()) && self.check_guard(seat, g, to).is_ok() && !stays {
                        out.push(Legal::Exact(Command::Move { cards: g.clone(), to }));
                    }
                }
            }
        }
    }
}
