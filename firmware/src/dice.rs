//! Fair dice: a debounced roll button and unbiased rolls.
//!
//! # Fairness
//!
//! [`roll`] draws a uniform 32-bit word `x` from the generator and maps it to a face by
//! **rejection sampling**: with `zone` = the largest multiple of `sides` not above 2³², a word
//! `x < zone` gives face `x % sides + 1` and any other word is thrown away and drawn again.
//! Every face then has exactly `zone / sides` words, so there is no modulo bias (plain
//! `x % sides` would favour the low faces whenever 2³² is not a multiple of `sides`). At most
//! `sides - 1` of the 2³² words are rejected, so for a d6 a redraw happens with probability
//! 4 / 2³²: the loop practically never runs twice. The mapping is checked exhaustively in the
//! tests on 8- and 16-bit words for every die size.
//!
//! [`self_test`] runs a chi-square goodness-of-fit test over `n` rolls at α = 0.01 (d6: fails
//! above 15.09 with 5 degrees of freedom; d8: above 18.48 with 7).

use rand_core::RngCore;

use crate::votepad::{Button, PadConfig, PadEvent, VotePad};

/// One roll, as shown, spoken and logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RollEvent {
    /// Number of faces of the die.
    pub sides: u8,
    /// The face rolled, `1..=sides`.
    pub value: u8,
}

/// Maps a word `x` drawn uniformly from `0..range` to a face of a `sides`-sided die, or `None`
/// if `x` falls in the rejected tail. `sides` must not be 0.
fn face(x: u64, range: u64, sides: u8) -> Option<u8> {
    let s = u64::from(sides);
    let zone = range - range % s;
    (x < zone).then(|| (x % s) as u8 + 1)
}

/// Rolls a `sides`-sided die: a value in `1..=sides`, uniform (rejection sampling, see the
/// [module docs](self)). A die with no sides rolls 0.
pub fn roll(rng: &mut impl RngCore, sides: u8) -> u8 {
    if sides == 0 {
        return 0;
    }
    loop {
        if let Some(v) = face(u64::from(rng.next_u32()), 1 << 32, sides) {
            return v;
        }
    }
}

/// [`roll`], returned as the event to log.
pub fn roll_event(rng: &mut impl RngCore, sides: u8) -> RollEvent {
    RollEvent { sides, value: roll(rng, sides) }
}

/// The roll button: debounced like a pad button, a roll on each press. Holding it (or a stuck
/// button) rolls once; chatter never rolls twice.
#[derive(Debug, Clone)]
pub struct RollButton {
    pad: VotePad,
}

impl Default for RollButton {
    fn default() -> Self {
        Self::new(PadConfig::default().debounce_ms)
    }
}

impl RollButton {
    /// A roll button with this debounce time.
    pub fn new(debounce_ms: u32) -> Self {
        RollButton { pad: VotePad::new(PadConfig { seats: 1, debounce_ms, stuck_ms: 0 }) }
    }

    /// Records the raw level of the button (it may bounce).
    pub fn set_level(&mut self, now_ms: u64, pressed: bool) {
        self.pad.set_level(now_ms, 0, Button::Approve, pressed);
    }

    /// How many presses have been counted since the last call.
    pub fn poll(&mut self, now_ms: u64) -> u32 {
        let mut presses = 0;
        self.pad.poll(now_ms, &mut |e| {
            if matches!(e, PadEvent::Pressed { .. }) {
                presses += 1;
            }
        });
        presses
    }

    /// Rolls a `sides`-sided die for every press counted since the last call.
    pub fn poll_rolls(&mut self, now_ms: u64, rng: &mut impl RngCore, sides: u8, out: &mut impl FnMut(RollEvent)) {
        for _ in 0..self.poll(now_ms) {
            out(roll_event(rng, sides));
        }
    }
}

/// Pearson's chi-square statistic of observed face counts against a uniform die.
pub fn chi_square(counts: &[u32]) -> f64 {
    let n: u64 = counts.iter().map(|&c| u64::from(c)).sum();
    if counts.is_empty() || n == 0 {
        return 0.0;
    }
    let expected = n as f64 / counts.len() as f64;
    counts.iter().map(|&c| (f64::from(c) - expected) * (f64::from(c) - expected) / expected).sum()
}

/// Critical value of the chi-square distribution at α = 0.01 for `dof` degrees of freedom
/// (1..=30), or `None` outside the table.
pub fn chi_square_critical_01(dof: usize) -> Option<f64> {
    const TABLE: [f64; 30] = [
        6.635, 9.210, 11.345, 13.277, 15.086, 16.812, 18.475, 20.090, 21.666, 23.209, 24.725, 26.217, 27.688, 29.141,
        30.578, 32.000, 33.409, 34.805, 36.191, 37.566, 38.932, 40.289, 41.638, 42.980, 44.314, 45.642, 46.963, 48.278,
        49.588, 50.892,
    ];
    dof.checked_sub(1).and_then(|i| TABLE.get(i).copied())
}

/// Result of a [`self_test`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfTest {
    /// Die tested.
    pub sides: u8,
    /// Number of rolls.
    pub rolls: u32,
    /// The chi-square statistic.
    pub chi_square: f64,
    /// The value it must stay below (α = 0.01).
    pub threshold: f64,
    /// `chi_square < threshold`.
    pub passed: bool,
}

/// Rolls a `sides`-sided die `rolls` times and checks the counts with a chi-square test at
/// α = 0.01. A fair die fails it 1 time in 100 by chance: repeat before blaming the dice.
/// `None` for dice with fewer than 2 or more than 31 sides (outside the table).
pub fn self_test(rng: &mut impl RngCore, sides: u8, rolls: u32) -> Option<SelfTest> {
    let threshold = chi_square_critical_01(usize::from(sides).checked_sub(1)?)?;
    let mut counts = [0u32; 31];
    for _ in 0..rolls {
        counts[usize::from(roll(rng, sides)) - 1] += 1;
    }
    let chi_square = chi_square(&counts[..usize::from(sides)]);
    Some(SelfTest { sides, rolls, chi_square, threshold, passed: chi_square < threshold })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::vec::Vec;

    fn counts(seed: u64, sides: u8, n: u32) -> Vec<u32> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut c = std::vec![0u32; usize::from(sides)];
        for _ in 0..n {
            let v = roll(&mut rng, sides);
            assert!((1..=sides).contains(&v), "d{sides} rolled {v}");
            c[usize::from(v) - 1] += 1;
        }
        c
    }

    #[test]
    fn d6_passes_chi_square() {
        let c = counts(6, 6, 60_000);
        let x2 = chi_square(&c);
        assert!(x2 < 15.09, "d6 chi-square {x2} with counts {c:?}");
    }

    #[test]
    fn d8_passes_chi_square() {
        let c = counts(8, 8, 80_000);
        let x2 = chi_square(&c);
        assert!(x2 < 18.48, "d8 chi-square {x2} with counts {c:?}");
    }

    #[test]
    fn critical_values_match_the_notes() {
        assert_eq!(chi_square_critical_01(5).map(|v| (v * 100.0).round() / 100.0), Some(15.09));
        assert_eq!(chi_square_critical_01(7).map(|v| (v * 100.0).round() / 100.0), Some(18.48));
        assert_eq!(chi_square_critical_01(0), None);
        assert_eq!(chi_square_critical_01(31), None);
    }

    /// Every 8- and 16-bit word, every die: each face gets exactly the same number of words,
    /// and fewer than `sides` words are rejected.
    #[test]
    fn rejection_mapping_is_exactly_uniform() {
        for range in [1u64 << 8, 1 << 16] {
            for sides in 1..=255u8 {
                let mut per_face = [0u64; 256];
                let mut rejected = 0u64;
                for x in 0..range {
                    match face(x, range, sides) {
                        Some(v) => per_face[usize::from(v)] += 1,
                        None => rejected += 1,
                    }
                }
                assert_eq!(per_face[0], 0);
                let want = range / u64::from(sides);
                assert!(per_face[1..=usize::from(sides)].iter().all(|&c| c == want), "d{sides} on {range}");
                assert!(per_face[usize::from(sides) + 1..].iter().all(|&c| c == 0));
                assert_eq!(rejected, range % u64::from(sides));
                assert!(rejected < u64::from(sides));
            }
        }
        // The 32-bit words used by `roll`: the accepted zone is a multiple of every die, and the
        // rejected tail is shorter than one die.
        for sides in 1..=255u8 {
            let range = 1u64 << 32;
            let zone = range - range % u64::from(sides);
            assert_eq!(zone % u64::from(sides), 0);
            assert!(range - zone < u64::from(sides));
            assert_eq!(face(zone - 1, range, sides), Some(sides));
            assert_eq!(face(zone, range, sides), None);
        }
    }

    /// A generator stuck in the rejected tail is redrawn until it leaves it.
    #[test]
    fn rejected_words_are_redrawn() {
        struct Script(Vec<u32>);
        impl RngCore for Script {
            fn next_u32(&mut self) -> u32 {
                self.0.remove(0)
            }
            fn next_u64(&mut self) -> u64 {
                u64::from(self.next_u32())
            }
            fn fill_bytes(&mut self, dst: &mut [u8]) {
                dst.fill(0)
            }
        }
        // For a d6, 2^32 % 6 = 4: the words u32::MAX - 3 ..= u32::MAX are rejected.
        let mut rng = Script(std::vec![u32::MAX, u32::MAX - 3, 7]);
        assert_eq!(roll(&mut rng, 6), 7 % 6 + 1);
        assert!(rng.0.is_empty());
        let mut rng = Script(std::vec![u32::MAX - 4]);
        assert_eq!(roll(&mut rng, 6), ((u32::MAX - 4) % 6 + 1) as u8);
    }

    #[test]
    fn degenerate_dice() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(roll(&mut rng, 0), 0);
        assert!((0..100).all(|_| roll(&mut rng, 1) == 1));
        assert!((0..1000).all(|_| roll(&mut rng, 255) >= 1));
    }

    #[test]
    fn self_test_passes_a_good_rng_and_fails_a_broken_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let t = self_test(&mut rng, 6, 6000).unwrap();
        assert!(t.passed, "{t:?}");
        assert_eq!(t.threshold, 15.086);
        struct Stuck;
        impl RngCore for Stuck {
            fn next_u32(&mut self) -> u32 {
                0
            }
            fn next_u64(&mut self) -> u64 {
                0
            }
            fn fill_bytes(&mut self, dst: &mut [u8]) {
                dst.fill(0)
            }
        }
        assert!(!self_test(&mut Stuck, 8, 800).unwrap().passed);
        assert!(self_test(&mut Stuck, 1, 10).is_none());
        assert!(self_test(&mut Stuck, 32, 10).is_none());
    }

    #[test]
    fn roll_button_rolls_once_per_press_despite_bounces_and_holds() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut b = RollButton::default();
        for (i, t) in (0..10u64).map(|i| (i, i * 2)) {
            b.set_level(t, i % 2 == 0);
        }
        b.set_level(20, true);
        b.set_level(60_000, false); // held a whole minute: still one roll
        b.set_level(60_100, true);
        b.set_level(60_200, false);
        let mut rolls = Vec::new();
        b.poll_rolls(70_000, &mut rng, 8, &mut |r| rolls.push(r));
        assert_eq!(rolls.len(), 2);
        assert!(rolls.iter().all(|r| r.sides == 8 && (1..=8).contains(&r.value)));
        assert_eq!(b.poll(80_000), 0);
    }
}
