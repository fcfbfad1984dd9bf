//! A finished game told in a shape every game shares ([`Summary`]): what
//! the history's charts and the statistics read, so that they never need a
//! second copy of a game's rules.
//!
//! A summary exists only once the game is over ([`crate::Game::summary`]):
//! by then the rules have revealed everything it holds. It serializes, so
//! that a journal can keep it beside the game instead of replaying the game
//! each time it is read.

use crate::{Msg, Seat};
use serde::{Deserialize, Serialize};

/// A thing with a stable code and its words: a side, a character, a knight,
/// a colour, a number's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Named {
    /// The stable code, the same across games (`good`, `merlin`,
    /// `arthur`, `red`).
    pub code: String,
    /// Its words in the catalogs.
    pub name: Msg,
}

impl Named {
    /// A code and its words.
    pub fn new(code: impl Into<String>, name: Msg) -> Self {
        Named { code: code.into(), name }
    }
}

/// What a player was in a finished game (a character, a knight, a colour)
/// and how it ended for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPart {
    /// The seat that played it, when Tavola knows (Avalon's characters are
    /// known only when they were tapped on the reader).
    pub seat: Option<Seat>,
    /// What it was.
    pub part: Named,
    /// The side the part itself belongs to, when it has one (a character
    /// card's side: Lancelot's card stays good when he switches); a
    /// knight or a colour has none.
    pub card_side: Option<String>,
    /// The side it ended on, when the game is won by sides (one of
    /// [`Summary::sides`]' codes), if Tavola knows it.
    pub side: Option<String>,
    /// Whether it won; `None` when Tavola does not know.
    pub won: Option<bool>,
}

/// A number worth charting (missions won, a seat's score, rounds played).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Number {
    /// What it counts.
    pub what: Named,
    /// Whose it is (a seat's score), or `None` for the game's.
    pub seat: Option<Seat>,
    /// The value.
    pub value: i64,
}

/// A finished game, as the history and the statistics read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The sides the game is won by, in the order the charts draw them
    /// (good, then evil); empty for a game the players win on their own.
    pub sides: Vec<Named>,
    /// The winning side's code (one of `sides`), for a game won by a side.
    pub side: Option<String>,
    /// Why it ended, as the [`crate::Outcome`]'s reason code.
    pub reason: String,
    /// The seats that won, when Tavola knows who played for the winner.
    pub winners: Option<Vec<Seat>>,
    /// What the players were, in the order the game lists them (a part
    /// several seats played, the loyal servants, listed for each).
    pub parts: Vec<SeatPart>,
    /// The setup worth grouping games by (Avalon's characters in play,
    /// sorted); empty when the game has none.
    pub setup: Vec<Named>,
    /// Numbers worth charting.
    pub numbers: Vec<Number>,
}

impl Summary {
    /// Whether `seat` won, when Tavola knows.
    pub fn seat_won(&self, seat: Seat) -> Option<bool> {
        self.winners.as_ref().map(|w| w.contains(&seat))
    }

    /// The part `seat` played, if Tavola knows it.
    pub fn part_of(&self, seat: Seat) -> Option<&SeatPart> {
        self.parts.iter().find(|p| p.seat == Some(seat))
    }

    /// The game's number named `code` (not a seat's).
    pub fn number(&self, code: &str) -> Option<i64> {
        self.numbers.iter().find(|n| n.seat.is_none() && n.what.code == code).map(|n| n.value)
    }
}

/// The summary of a game the players win on their own (no sides): each
/// seat's part in seat order, won by the seats in `winners`, and `score`
/// (what it counts, and each seat's value) as numbers by seat.
pub(crate) fn won_by_players(
    parts: Vec<Named>,
    reason: String,
    winners: Option<Vec<Seat>>,
    score: Option<(Named, Vec<i64>)>,
) -> Summary {
    let numbers = match score {
        Some((what, values)) => values
            .into_iter()
            .enumerate()
            .map(|(i, value)| Number { what: what.clone(), seat: Some(Seat(i as u8)), value })
            .collect(),
        None => Vec::new(),
    };
    let parts = parts
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            let seat = Seat(i as u8);
            SeatPart {
                seat: Some(seat),
                part,
                card_side: None,
                side: None,
                won: winners.as_ref().map(|w| w.contains(&seat)),
            }
        })
        .collect();
    Summary { sides: Vec::new(), side: None, reason, winners, parts, setup: Vec::new(), numbers }
}

#[cfg(test)]
mod tests {
    use crate::testkit::{recorded_game, Fuzz, Recorded};
    use crate::Stage;

    /// Random games of `G` played to their end (at most `max_steps` each),
    /// those that ended.
    fn finished<G: Fuzz>(games: u64, max_steps: usize) -> Vec<Recorded<G>> {
        (0..games).map(|seed| recorded_game::<G>(seed, max_steps)).filter(|r| r.state.is_over()).collect()
    }

    /// Every finished game has a summary that agrees with its outcome, and
    /// no game has one before its end.
    fn summaries_agree_with_outcomes<G: Fuzz>(max_steps: usize) {
        let done = finished::<G>(20, max_steps);
        for n in done.iter().flat_map(|r| r.state.summary()).flat_map(|s| s.numbers) {
            for lang in crate::Lang::ALL {
                assert_ne!(lang.text(&n.what.name), n.what.name.id, "{:?}: the number has words", G::KIND);
            }
        }
        assert!(!done.is_empty(), "{:?}: some random games end", G::KIND);
        for r in &done {
            let summary = r.state.summary().expect("a finished game has a summary");
            let outcome = r.state.outcome().expect("and an outcome");
            assert_eq!(summary.winners, outcome.winners, "{:?}", G::KIND);
            assert_eq!(summary.reason, outcome.reason);
            assert_eq!(r.state.stage(), Stage::Over);
            match &summary.side {
                Some(side) => assert!(summary.sides.iter().any(|s| &s.code == side), "the side is one of the sides"),
                None => assert!(summary.sides.is_empty(), "a game won by sides names the winning side"),
            }
            assert!(!summary.parts.is_empty(), "{:?}: what the players were", G::KIND);
            for p in &summary.parts {
                if let (Some(seat), Some(won)) = (p.seat, p.won) {
                    assert_eq!(Some(won), summary.seat_won(seat), "{:?}: a seat's part won with the seat", G::KIND);
                }
                for lang in crate::Lang::ALL {
                    assert_ne!(lang.text(&p.part.name), p.part.name.id, "{:?}: the part has words", G::KIND);
                }
            }
            // The game before its last commands: no summary yet.
            let mut before = G::default();
            for events in &r.stored[..r.stored.len() - 1] {
                events.iter().for_each(|e| before.apply(e));
            }
            if !before.is_over() {
                assert_eq!(before.summary(), None, "{:?}: no summary before the end", G::KIND);
                let stage = if before.players() == 0 { Stage::Setup } else { Stage::Playing };
                assert_eq!(before.stage(), stage);
            }
        }
        assert_eq!(G::default().stage(), Stage::Setup, "nothing set up yet");
        assert_eq!(G::default().summary(), None);
    }

    /// The most steps a random game of each is played (an Avalon game is
    /// shorter than the others).
    macro_rules! summary_budget {
        (avalon) => {
            400
        };
        ($module:ident) => {
            3000
        };
    }

    /// Every game of the list: its finished random games are summed up as
    /// they ended.
    macro_rules! every_finished_game_is_summed_up {
        ($($module:ident::$Engine:ident)*) => {$(
            mod $module {
                #[test]
                fn every_finished_game_is_summed_up_as_it_ended() {
                    super::summaries_agree_with_outcomes::<crate::$module::$Engine>(summary_budget!($module));
                }
            }
        )*};
    }
    crate::games!(@modules every_finished_game_is_summed_up);
}
