//! The night phase: the ordered script the narrator reads, built from the
//! role set in play, with what every step asks of the table.

use super::roles::{Role, RoleSet, Side};
use super::LancelotVariant;
use crate::Cue;
use serde::{Deserialize, Serialize};

/// Pause after a line that only gives an order (close eyes, thumbs down).
pub const SHORT_PAUSE_MS: u32 = 2_000;
/// Pause after a line during which somebody looks around.
pub const LOOK_PAUSE_MS: u32 = 5_000;

/// The line said once a group has closed its eyes again (and lowered any
/// thumb): everybody's eyes are shut and every fist rests on the table
/// before the next group is called. The rulebook's script asks for this
/// check after each group (the Italian rules' night script).
pub const ALL_CLOSED: &str = "avalon.night.all_closed";

/// One line of the night script and the state of the table while it holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NightStep {
    /// What the narrator says.
    pub cue: Cue,
    /// Roles whose eyes are open once this line is obeyed.
    pub eyes_open: Vec<Role>,
    /// Roles whose thumbs are raised once this line is obeyed.
    pub thumbs_up: Vec<Role>,
}

fn step(id: &str, pause_ms: u32, eyes_open: Vec<Role>, thumbs_up: Vec<Role>) -> NightStep {
    NightStep { cue: Cue::new(id).pause(pause_ms), eyes_open, thumbs_up }
}

/// Every eye closed, every fist down: said after each group.
fn all_closed() -> NightStep {
    step(ALL_CLOSED, SHORT_PAUSE_MS, vec![], vec![])
}

fn distinct_in(set: &RoleSet, keep: impl Fn(Role) -> bool) -> Vec<Role> {
    let mut v: Vec<Role> = set.roles().iter().copied().filter(|&r| keep(r)).collect();
    v.dedup();
    v
}

/// How the night treats the Lancelots (nothing changes without them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NightRules {
    /// The Lancelot variant in play, if any.
    pub lancelot: Option<LancelotVariant>,
    /// Whether Evil Lancelot raises his thumb for Merlin with the other
    /// evil players.
    pub merlin_sees_evil_lancelot: bool,
}

impl NightRules {
    /// The rules a set implies on its own: with the Lancelots, variant 1 and
    /// Merlin seeing Evil Lancelot (the defaults of the setup).
    pub fn for_set(set: &RoleSet) -> NightRules {
        NightRules { lancelot: set.has_lancelots().then_some(LancelotVariant::V1), merlin_sees_evil_lancelot: true }
    }
}

/// The night script for a role set, with the defaults of [`NightRules::for_set`].
pub fn night_script(set: &RoleSet) -> Vec<NightStep> {
    night_script_with(set, NightRules::for_set(set))
}

/// The night script for a role set.
///
/// Evil players except Oberon open their eyes to know each other; evil
/// players except Mordred (Oberon included) raise a thumb for Merlin; with
/// Percival in play, Merlin (and Morgana, if present) raise a thumb for him.
/// With the Lancelots in variants 1 and 2, Evil Lancelot keeps his eyes
/// closed and raises a thumb while the other evil players look; in variant 3
/// he opens his eyes with them, and at the end the two Lancelots open their
/// eyes to know each other. Every script starts with everybody closing
/// their eyes and ends with everybody opening them; after each group has
/// closed its eyes (and lowered its thumbs) the narrator checks that every
/// eye is closed and every fist down ([`ALL_CLOSED`]).
pub fn night_script_with(set: &RoleSet, rules: NightRules) -> Vec<NightStep> {
    let has = |r| set.has(r);
    let lancelots = set.has_lancelots() && rules.lancelot.is_some();
    let thumb_lancelot = lancelots && rules.lancelot != Some(LancelotVariant::V3);
    let mut s = vec![step("avalon.night.close_all", 3_000, vec![], vec![])];

    let evil_seeing = distinct_in(set, |r| {
        r.side() == Side::Evil && r != Role::Oberon && !(thumb_lancelot && r == Role::EvilLancelot)
    });
    if thumb_lancelot {
        s.push(step("avalon.night.lancelot_thumb", SHORT_PAUSE_MS, vec![], vec![Role::EvilLancelot]));
        let open_id = if has(Role::Oberon) {
            "avalon.night.evil_open_but_oberon_lancelot"
        } else {
            "avalon.night.evil_open_but_lancelot"
        };
        s.push(step(open_id, LOOK_PAUSE_MS, evil_seeing, vec![Role::EvilLancelot]));
        s.push(step("avalon.night.evil_close", SHORT_PAUSE_MS, vec![], vec![Role::EvilLancelot]));
        s.push(step("avalon.night.lancelot_thumb_down", SHORT_PAUSE_MS, vec![], vec![]));
        s.push(all_closed());
    } else {
        let open_id = if has(Role::Oberon) { "avalon.night.evil_open_but_oberon" } else { "avalon.night.evil_open" };
        s.push(step(open_id, LOOK_PAUSE_MS, evil_seeing, vec![]));
        s.push(step("avalon.night.evil_close", SHORT_PAUSE_MS, vec![], vec![]));
        s.push(all_closed());
    }

    let hide_lancelot = lancelots && !rules.merlin_sees_evil_lancelot;
    let seen_by_merlin = distinct_in(set, |r| {
        r.side() == Side::Evil && r != Role::Mordred && !(hide_lancelot && r == Role::EvilLancelot)
    });
    let thumbs_id = match (has(Role::Mordred), hide_lancelot) {
        (true, true) => "avalon.night.evil_thumbs_but_mordred_lancelot",
        (true, false) => "avalon.night.evil_thumbs_but_mordred",
        (false, true) => "avalon.night.evil_thumbs_but_lancelot",
        (false, false) => "avalon.night.evil_thumbs",
    };
    s.push(step(thumbs_id, SHORT_PAUSE_MS, vec![], seen_by_merlin.clone()));
    s.push(step("avalon.night.merlin_open", LOOK_PAUSE_MS, vec![Role::Merlin], seen_by_merlin));
    s.push(step("avalon.night.evil_thumbs_down", SHORT_PAUSE_MS, vec![Role::Merlin], vec![]));
    s.push(step("avalon.night.merlin_close", SHORT_PAUSE_MS, vec![], vec![]));
    s.push(all_closed());

    if has(Role::Percival) {
        let (id, shown) = if has(Role::Morgana) {
            ("avalon.night.merlin_morgana_thumbs", vec![Role::Merlin, Role::Morgana])
        } else {
            ("avalon.night.merlin_thumbs", vec![Role::Merlin])
        };
        s.push(step(id, SHORT_PAUSE_MS, vec![], shown.clone()));
        s.push(step("avalon.night.percival_open", LOOK_PAUSE_MS, vec![Role::Percival], shown));
        let down = if has(Role::Morgana) {
            "avalon.night.merlin_morgana_thumbs_down"
        } else {
            "avalon.night.merlin_thumbs_down"
        };
        s.push(step(down, SHORT_PAUSE_MS, vec![Role::Percival], vec![]));
        s.push(step("avalon.night.percival_close", SHORT_PAUSE_MS, vec![], vec![]));
        s.push(all_closed());
    }

    if lancelots && rules.lancelot == Some(LancelotVariant::V3) {
        s.push(step("avalon.night.lancelots_open", LOOK_PAUSE_MS, Role::LANCELOTS.to_vec(), vec![]));
        s.push(step("avalon.night.lancelots_close", SHORT_PAUSE_MS, vec![], vec![]));
        s.push(all_closed());
    }

    let everyone = distinct_in(set, |_| true);
    s.push(step("avalon.night.open_all", 0, everyone, vec![]));
    s
}

/// Who learns something about whom during the night, derived from a script:
/// `(watcher, seen)` pairs, a watcher seeing `seen` when its eyes are open
/// while `seen` has its eyes open or its thumb up.
pub fn sightings(script: &[NightStep]) -> Vec<(Role, Role)> {
    let mut out = Vec::new();
    for st in script.iter().filter(|st| st.cue.id != "avalon.night.open_all") {
        for &w in &st.eyes_open {
            for &seen in st.eyes_open.iter().chain(&st.thumbs_up) {
                if seen != w && !out.contains(&(w, seen)) {
                    out.push((w, seen));
                }
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merlin_sees_oberon_but_not_mordred_and_oberon_sees_nobody() {
        let set = RoleSet::standard(10, &[Role::Percival, Role::Mordred, Role::Morgana, Role::Oberon]).unwrap();
        let seen = sightings(&night_script(&set));
        assert!(seen.contains(&(Role::Merlin, Role::Oberon)));
        assert!(seen.contains(&(Role::Merlin, Role::Morgana)));
        assert!(!seen.contains(&(Role::Merlin, Role::Mordred)));
        assert!(seen.contains(&(Role::Mordred, Role::Assassin)));
        assert!(!seen.iter().any(|&(w, _)| w == Role::Oberon));
        assert!(!seen.contains(&(Role::Assassin, Role::Oberon)));
        assert!(seen.contains(&(Role::Percival, Role::Merlin)));
        assert!(seen.contains(&(Role::Percival, Role::Morgana)));
        assert!(!seen.iter().any(|&(w, _)| w == Role::LoyalServant));
    }

    /// Every role set the setup allows, with every way to play the
    /// Lancelots (none without them).
    fn every_night() -> Vec<(RoleSet, NightRules)> {
        let mut out = Vec::new();
        for players in 5..=10 {
            for mask in 0..(1 << (Role::OPTIONAL.len() + 1)) {
                let mut chosen: Vec<Role> =
                    Role::OPTIONAL.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, &r)| r).collect();
                let lancelots = mask & (1 << Role::OPTIONAL.len()) != 0;
                if lancelots {
                    chosen.extend(Role::LANCELOTS);
                }
                let Ok(set) = RoleSet::standard(players, &chosen) else { continue };
                if !lancelots {
                    out.push((set, NightRules { lancelot: None, merlin_sees_evil_lancelot: true }));
                    continue;
                }
                for v in [LancelotVariant::V1, LancelotVariant::V2, LancelotVariant::V3] {
                    for seen in [true, false] {
                        out.push((set.clone(), NightRules { lancelot: Some(v), merlin_sees_evil_lancelot: seen }));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn after_each_group_closes_its_eyes_every_eye_and_fist_is_checked() {
        let nights = every_night();
        assert!(nights.iter().any(|(_, r)| r.lancelot == Some(LancelotVariant::V3)), "the Lancelots are met");
        for (set, rules) in nights {
            let script = night_script_with(&set, rules);
            let ids: Vec<&str> = script.iter().map(|s| s.cue.id.as_str()).collect();
            let groups = ids.iter().filter(|id| id.ends_with("_close")).count();
            assert_eq!(ids.iter().filter(|&&id| id == ALL_CLOSED).count(), groups, "{set:?} {rules:?}: {ids:?}");
            for (i, id) in ids.iter().enumerate().filter(|(_, id)| id.ends_with("_close")) {
                // A thumb still up is lowered first; then the check, before
                // anybody else is called.
                let next = ids[i + 1..].iter().find(|n| !n.ends_with("thumb_down")).copied();
                assert_eq!(next, Some(ALL_CLOSED), "{set:?} {rules:?}: after {id}: {ids:?}");
            }
            for st in script.iter().filter(|s| s.cue.id == ALL_CLOSED) {
                assert!(st.eyes_open.is_empty() && st.thumbs_up.is_empty(), "{set:?}: the check with eyes open");
            }
        }
    }

    #[test]
    fn script_starts_closed_and_ends_open() {
        let set = RoleSet::standard(5, &[]).unwrap();
        let script = night_script(&set);
        assert_eq!(script.first().unwrap().cue.id, "avalon.night.close_all");
        assert_eq!(script.last().unwrap().cue.id, "avalon.night.open_all");
        assert!(!script.iter().any(|s| s.cue.id.contains("percival")));
        let seen = sightings(&script);
        assert_eq!(
            seen,
            vec![
                (Role::Merlin, Role::Assassin),
                (Role::Merlin, Role::Minion),
                (Role::Assassin, Role::Minion),
                (Role::Minion, Role::Assassin)
            ]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
        );
    }
}
