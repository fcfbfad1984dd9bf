//! Building blocks shared by the rules engines: seats, seeded randomness,
//! secret ballots, tracks, turn orders and dice.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::collections::BTreeSet;
use std::fmt;

/// A seat at the table, counted from 0 in clockwise order. The screen shows
/// seats counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat's number as the players say it, from 1.
    pub fn number(self) -> u16 {
        u16::from(self.0) + 1
    }

    /// The next seat clockwise at a table of `players`.
    pub fn next(self, players: usize) -> Seat {
        Seat(((self.index() + 1) % players.max(1)) as u8)
    }

    /// The seat to the right, i.e. the previous one in clockwise order.
    pub fn previous(self, players: usize) -> Seat {
        let n = players.max(1);
        Seat(((self.index() + n - 1) % n) as u8)
    }

    /// All seats of a table of `players`.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// The one source of randomness a rules engine may use, seeded so that a
/// game can be reproduced. Its results always end up in events.
#[derive(Debug, Clone)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    /// A generator that always draws the same numbers for the same seed.
    pub fn seeded(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A generator seeded by the operating system.
    pub fn from_os() -> Self {
        GameRng(ChaCha8Rng::from_os_rng())
    }

    /// A uniform draw in `0..n` without modulo bias. `n` must be at least 1.
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n.max(1))
    }

    /// Rolls a die with `sides` faces: a uniform value in `1..=sides`, by
    /// the firmware's rejection sampling ([`tavola_firmware::dice::roll`]),
    /// whose fairness its tests prove for every die size; `rand`'s range
    /// sampler is not exactly unbiased.
    pub fn roll(&mut self, sides: u8) -> u8 {
        tavola_firmware::dice::roll(&mut self.0, sides.max(1))
    }

    /// Shuffles a slice in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }
}

/// A simultaneous secret input in which each eligible seat gives one value
/// and all values are revealed together, seat by seat (team votes,
/// tournament bids). Until [`OpenBallot::is_complete`], only who has answered
/// is public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct OpenBallot<T> {
    eligible: BTreeSet<Seat>,
    #[serde(with = "seat_map", bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
    cast: BTreeMap<Seat, T>,
}

impl<T: Clone> OpenBallot<T> {
    /// A ballot for these seats.
    pub fn new(eligible: impl IntoIterator<Item = Seat>) -> Self {
        OpenBallot { eligible: eligible.into_iter().collect(), cast: BTreeMap::new() }
    }

    /// Whether `seat` may still answer.
    pub fn can_cast(&self, seat: Seat) -> Result<(), BallotRefusal> {
        if !self.eligible.contains(&seat) {
            Err(BallotRefusal::NotEligible)
        } else if self.cast.contains_key(&seat) {
            Err(BallotRefusal::AlreadyCast)
        } else {
            Ok(())
        }
    }

    /// Records an answer. Call [`OpenBallot::can_cast`] in `decide` first.
    pub fn cast(&mut self, seat: Seat, value: T) {
        if self.eligible.contains(&seat) {
            self.cast.entry(seat).or_insert(value);
        }
    }

    /// Seats that have answered.
    pub fn answered(&self) -> impl Iterator<Item = Seat> + '_ {
        self.cast.keys().copied()
    }

    /// Seats still to answer.
    pub fn missing(&self) -> Vec<Seat> {
        self.eligible.iter().filter(|s| !self.cast.contains_key(s)).copied().collect()
    }

    /// The eligible seats.
    pub fn eligible(&self) -> &BTreeSet<Seat> {
        &self.eligible
    }

    /// True when every eligible seat has answered.
    pub fn is_complete(&self) -> bool {
        self.cast.len() == self.eligible.len()
    }

    /// All answers, once complete; `None` before.
    pub fn revealed(&self) -> Option<&BTreeMap<Seat, T>> {
        self.is_complete().then_some(&self.cast)
    }

    /// Number of answers given so far.
    pub fn len(&self) -> usize {
        self.cast.len()
    }

    /// True before anybody answered.
    pub fn is_empty(&self) -> bool {
        self.cast.is_empty()
    }
}

/// A simultaneous secret input revealed only as counts (mission cards): it
/// remembers who has answered and how many of each answer there are, never
/// which seat gave which.
///
/// One exception, for a rule that lets a player act on another's face-down
/// answer before the count (Avalon's Excalibur): the seats named *sealable*
/// at creation have their answer held apart, like a card lying face down in
/// front of its player, until [`AnonymousBallot::settle`] folds every held
/// answer into the counts, switching at most one, and hands back only that
/// one's original. The counts are not available before that.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct AnonymousBallot {
    eligible: BTreeSet<Seat>,
    answered: BTreeSet<Seat>,
    /// Count per answer, indexed by the answer's number.
    counts: Vec<u8>,
    /// Seats whose answer is held apart until settled.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    sealable: BTreeSet<Seat>,
    /// Answers held apart, by seat (only sealable seats, only until settled).
    #[serde(default, with = "seat_map", skip_serializing_if = "BTreeMap::is_empty")]
    sealed: BTreeMap<Seat, usize>,
}

impl AnonymousBallot {
    /// A ballot for these seats with `choices` possible answers.
    pub fn new(eligible: impl IntoIterator<Item = Seat>, choices: usize) -> Self {
        AnonymousBallot {
            eligible: eligible.into_iter().collect(),
            answered: BTreeSet::new(),
            counts: vec![0; choices],
            sealable: BTreeSet::new(),
            sealed: BTreeMap::new(),
        }
    }

    /// A ballot whose `sealable` seats (eligible ones) keep their answer
    /// apart until [`AnonymousBallot::settle`].
    pub fn with_sealable(
        eligible: impl IntoIterator<Item = Seat>,
        choices: usize,
        sealable: impl IntoIterator<Item = Seat>,
    ) -> Self {
        let mut b = Self::new(eligible, choices);
        b.sealable = sealable.into_iter().filter(|s| b.eligible.contains(s)).collect();
        b
    }

    /// Whether some answers are still held apart (or still to come from a
    /// sealable seat).
    pub fn unsettled(&self) -> bool {
        !self.sealable.is_empty()
    }

    /// Folds the held answers into the counts. The answer of `switch`'s seat,
    /// if it is one of them, is counted as `flip(answer)` instead, and its
    /// original answer is returned; every other held answer is forgotten
    /// once counted. Call it once every seat has answered.
    pub fn settle(&mut self, switch: Option<Seat>, flip: impl Fn(usize) -> usize) -> Option<usize> {
        let mut original = None;
        for (seat, choice) in std::mem::take(&mut self.sealed) {
            let counted = if Some(seat) == switch {
                original = Some(choice);
                flip(choice)
            } else {
                choice
            };
            if let Some(c) = self.counts.get_mut(counted) {
                *c += 1;
            }
        }
        self.sealable.clear();
        original
    }

    /// Whether `seat` may still answer.
    pub fn can_cast(&self, seat: Seat) -> Result<(), BallotRefusal> {
        if !self.eligible.contains(&seat) {
            Err(BallotRefusal::NotEligible)
        } else if self.answered.contains(&seat) {
            Err(BallotRefusal::AlreadyCast)
        } else {
            Ok(())
        }
    }

    /// Adds one answer; the seat is remembered only as having answered.
    pub fn cast(&mut self, seat: Seat, choice: usize) {
        if self.eligible.contains(&seat) && choice < self.counts.len() && self.answered.insert(seat) {
            if self.sealable.contains(&seat) {
                self.sealed.insert(seat, choice);
            } else {
                self.counts[choice] += 1;
            }
        }
    }

    /// Seats that have answered.
    pub fn answered(&self) -> &BTreeSet<Seat> {
        &self.answered
    }

    /// Seats still to answer.
    pub fn missing(&self) -> Vec<Seat> {
        self.eligible.difference(&self.answered).copied().collect()
    }

    /// The eligible seats.
    pub fn eligible(&self) -> &BTreeSet<Seat> {
        &self.eligible
    }

    /// True when every eligible seat has answered.
    pub fn is_complete(&self) -> bool {
        self.answered.len() == self.eligible.len()
    }

    /// The counts per answer, once complete and settled.
    pub fn counts(&self) -> Option<&[u8]> {
        (self.is_complete() && !self.unsettled()).then_some(self.counts.as_slice())
    }

    /// Total answers so far, held ones included (equals the number of seats
    /// that answered).
    pub fn total(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum::<usize>() + self.sealed.len()
    }
}

/// Serde helpers that store a map keyed by seat as a list of `[seat, value]`
/// pairs. JSON object keys are strings, and serde cannot turn them back into
/// numbers inside tagged enums; a list round-trips everywhere.
pub mod seat_map {
    use super::Seat;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;

    /// Writes the map as pairs.
    pub fn serialize<S: Serializer, T: Serialize>(map: &BTreeMap<Seat, T>, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    /// Reads pairs back into a map.
    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<BTreeMap<Seat, T>, D::Error> {
        Ok(Vec::<(Seat, T)>::deserialize(d)?.into_iter().collect())
    }

    /// The same for an optional map.
    pub mod option {
        use super::Seat;
        use serde::{Deserialize, Deserializer, Serialize, Serializer};
        use std::collections::BTreeMap;

        /// Writes the map as pairs, or null.
        pub fn serialize<S: Serializer, T: Serialize>(
            map: &Option<BTreeMap<Seat, T>>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match map {
                Some(m) => s.serialize_some(&m.iter().collect::<Vec<_>>()),
                None => s.serialize_none(),
            }
        }

        /// Reads pairs, or null.
        pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
            d: D,
        ) -> Result<Option<BTreeMap<Seat, T>>, D::Error> {
            Ok(Option::<Vec<(Seat, T)>>::deserialize(d)?.map(|v| v.into_iter().collect()))
        }
    }
}

/// Why a ballot refuses an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BallotRefusal {
    /// The seat has no say in this ballot.
    NotEligible,
    /// The seat has already answered.
    AlreadyCast,
}

/// A counter on a track with bounds (life 0..=6, siege engines 0..=12, a
/// score): changes are clamped to the bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    /// Current value.
    pub value: i32,
    /// Lowest value.
    pub min: i32,
    /// Highest value.
    pub max: i32,
}

impl Track {
    /// A track starting at `value`, clamped into `min..=max`.
    pub fn new(value: i32, min: i32, max: i32) -> Self {
        Track { value: value.clamp(min, max), min, max }
    }

    /// Moves by `delta`, stopping at the bounds; returns the actual change.
    pub fn add(&mut self, delta: i32) -> i32 {
        let before = self.value;
        self.value = (self.value.saturating_add(delta)).clamp(self.min, self.max);
        self.value - before
    }

    /// True at the top of the track.
    pub fn is_max(&self) -> bool {
        self.value >= self.max
    }

    /// True at the bottom of the track.
    pub fn is_min(&self) -> bool {
        self.value <= self.min
    }
}

/// The order in which seats take turns, which some games change during play
/// (tents in King Arthur's Knights, the Sheriff in Nottingham).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct TurnOrder {
    order: Vec<Seat>,
    current: usize,
}

impl TurnOrder {
    /// Clockwise from `first` at a table of `players`.
    pub fn clockwise(players: usize, first: Seat) -> Self {
        let order = (0..players).map(|i| Seat(((first.index() + i) % players.max(1)) as u8)).collect();
        TurnOrder { order, current: 0 }
    }

    /// An explicit order (for instance by tent), starting with its first seat.
    pub fn from_order(order: Vec<Seat>) -> Self {
        TurnOrder { order, current: 0 }
    }

    /// Whose turn it is.
    pub fn current(&self) -> Option<Seat> {
        self.order.get(self.current).copied()
    }

    /// Passes the turn on (wrapping around); returns the new current seat.
    pub fn advance(&mut self) -> Option<Seat> {
        if !self.order.is_empty() {
            self.current = (self.current + 1) % self.order.len();
        }
        self.current()
    }

    /// The whole order.
    pub fn order(&self) -> &[Seat] {
        &self.order
    }

    /// True when the turn is back to the first seat of the order.
    pub fn at_start(&self) -> bool {
        self.current == 0
    }
}

/// A die roll as it is stored in an event: the die and the face rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Number of faces.
    pub sides: u8,
    /// The face, `1..=sides`.
    pub value: u8,
}

impl Roll {
    /// Rolls a die with `sides` faces from the game's RNG.
    pub fn of(sides: u8, rng: &mut GameRng) -> Roll {
        Roll { sides, value: rng.roll(sides) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anonymous_ballot_counts_without_seats() {
        let mut b = AnonymousBallot::new([Seat(0), Seat(2), Seat(4)], 2);
        b.cast(Seat(0), 1);
        assert_eq!(b.counts(), None, "no counts before everybody answered");
        assert_eq!(b.can_cast(Seat(0)), Err(BallotRefusal::AlreadyCast));
        assert_eq!(b.can_cast(Seat(1)), Err(BallotRefusal::NotEligible));
        b.cast(Seat(2), 0);
        b.cast(Seat(4), 0);
        assert_eq!(b.counts(), Some(&[2u8, 1][..]));
        assert!(b.missing().is_empty());
    }

    #[test]
    fn a_sealed_answer_can_be_switched_once_and_the_rest_are_forgotten() {
        // Seat 0 holds the switch; seats 2 and 4 are the cards it may switch.
        let mut b = AnonymousBallot::with_sealable([Seat(0), Seat(2), Seat(4)], 2, [Seat(2), Seat(4)]);
        b.cast(Seat(0), 0);
        b.cast(Seat(2), 1);
        b.cast(Seat(4), 0);
        assert!(b.is_complete());
        assert_eq!(b.counts(), None, "no count while answers are held apart");
        assert_eq!(b.total(), 3);
        let original = b.settle(Some(Seat(2)), |c| 1 - c);
        assert_eq!(original, Some(1), "the switched seat's original answer");
        assert_eq!(b.counts(), Some(&[3u8, 0][..]), "the Fail became a Success");
        let json = serde_json::to_string(&b).unwrap();
        assert!(!json.contains("sealed"), "nothing per seat survives the settling: {json}");

        let mut plain = AnonymousBallot::with_sealable([Seat(0), Seat(1)], 2, [Seat(1)]);
        plain.cast(Seat(0), 1);
        plain.cast(Seat(1), 1);
        assert_eq!(plain.settle(None, |c| 1 - c), None);
        assert_eq!(plain.counts(), Some(&[0u8, 2][..]));
    }

    #[test]
    fn open_ballot_reveals_only_when_complete() {
        let mut b = OpenBallot::new(Seat::all(3));
        b.cast(Seat(1), true);
        b.cast(Seat(1), false);
        assert!(b.revealed().is_none());
        assert_eq!(b.missing(), vec![Seat(0), Seat(2)]);
        b.cast(Seat(0), false);
        b.cast(Seat(2), true);
        let r = b.revealed().expect("complete");
        assert!(r[&Seat(1)], "first answer stands");
    }

    #[test]
    fn track_clamps_and_reports_the_real_change() {
        let mut life = Track::new(4, 0, 6);
        assert_eq!(life.add(5), 2);
        assert!(life.is_max());
        assert_eq!(life.add(-9), -6);
        assert!(life.is_min());
    }

    #[test]
    fn dice_are_reproducible_and_in_range() {
        let mut a = GameRng::seeded(7);
        let mut b = GameRng::seeded(7);
        for _ in 0..1000 {
            let x = a.roll(8);
            assert_eq!(x, b.roll(8));
            assert!((1..=8).contains(&x));
        }
    }

    #[test]
    fn the_games_die_is_the_firmwares_proven_roll() {
        // Same seed, same stream: every face the games roll is the one the
        // firmware's rejection sampling gives (rand's range sampler draws
        // differently and would part from it within a few rolls).
        for sides in [2u8, 3, 6, 8, 20] {
            let mut game = GameRng::seeded(u64::from(sides));
            let mut raw = ChaCha8Rng::seed_from_u64(u64::from(sides));
            for _ in 0..500 {
                assert_eq!(game.roll(sides), tavola_firmware::dice::roll(&mut raw, sides));
            }
        }
    }

    #[test]
    fn turn_order_wraps() {
        let mut t = TurnOrder::clockwise(4, Seat(2));
        assert_eq!(t.order(), &[Seat(2), Seat(3), Seat(0), Seat(1)]);
        for _ in 0..4 {
            t.advance();
        }
        assert!(t.at_start());
        assert_eq!(t.current(), Some(Seat(2)));
    }
}
