//! The Sheriff: his moves along the path and the favours they give, the
//! empty deck ("Mazzo esaurito"), the end back in Nottingham.

use super::{hand, Draft, EndReason, Event, Nottingham, Seat};

impl Draft {
    /// An empty deck: the discards shuffled in, or, with none, the hands
    /// cut to the Sheriff's number and the Sheriff moved on ("Mazzo
    /// esaurito").
    pub(super) fn refill(&mut self, turn: Seat) {
        if self.sim.discard > 0 {
            let cards = self.sim.discard;
            self.emit(Event::Reshuffled { cards });
            return;
        }
        let value = self.sim.space_value(self.sim.sheriff).unwrap_or(0);
        let cuts: Vec<(Seat, u8)> = Seat::all(self.sim.players())
            .filter_map(|s| {
                let hand = self.sim.players[s.index()].hand;
                (hand > value).then(|| (s, hand - value))
            })
            .collect();
        if !cuts.is_empty() {
            self.emit(Event::HandsCut { cuts });
        }
        self.move_sheriff(turn, false);
        if self.sim.ended.is_none() && self.sim.deck == 0 && self.sim.discard > 0 {
            let cards = self.sim.discard;
            self.emit(Event::Reshuffled { cards });
        }
    }

    /// The Sheriff moves on; favours, or the end back in Nottingham.
    pub(super) fn move_sheriff(&mut self, from: Seat, favours: bool) {
        let to = self.sim.sheriff + 1;
        self.emit(Event::SheriffMoved { to });
        let Some(value) = self.sim.space_value(to) else {
            return self.end(EndReason::SheriffHome);
        };
        if !favours {
            return;
        }
        let n = self.sim.players();
        let mut seats = Vec::new();
        for i in 0..n {
            let s = Seat(((from.index() + i) % n) as u8);
            if self.sim.players[s.index()].hand <= value {
                seats.push(s);
            }
        }
        let mut given = Vec::new();
        for s in seats {
            if self.sim.deck == 0 {
                if !given.is_empty() {
                    self.emit(Event::Favoured { seats: std::mem::take(&mut given) });
                }
                self.refill(s);
                if self.sim.ended.is_some() || self.sim.deck == 0 {
                    return;
                }
            }
            given.push(s);
            // The deck as it will be once this favour is drawn.
            self.sim.deck -= 1;
        }
        // Undo the look-ahead: the event applies the draws.
        self.sim.deck += given.len() as u8;
        if !given.is_empty() {
            self.emit(Event::Favoured { seats: given });
        }
    }
}

impl Nottingham {
    /// The deck reshuffled, favours given, hands cut.
    pub(super) fn apply_sheriff(&mut self, e: &Event) {
        match e {
            Event::Reshuffled { cards } => {
                self.deck += cards;
                self.discard -= (*cards).min(self.discard);
            }
            Event::Favoured { seats } => {
                for s in seats {
                    hand(self, *s, 1);
                }
                self.deck = self.deck.saturating_sub(seats.len() as u8);
            }
            Event::HandsCut { cuts } => {
                for (s, n) in cuts {
                    hand(self, *s, -i32::from(*n));
                    self.discard += n;
                }
            }
            _ => {}
        }
    }
}
