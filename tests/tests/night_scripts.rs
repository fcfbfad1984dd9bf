//! Avalon's night script for every legal role set, checked against a
//! who-sees-whom table written from the rules; and every line Avalon can
//! say has words in both languages.

use std::collections::BTreeSet;
use tavola_core::hw::sim::speaking_time;
use tavola_core::narrator;
use tavola_games::avalon::night::{night_script, night_script_with, sightings, NightRules, NightStep};
use tavola_games::avalon::{Avalon, LancelotVariant, Role, RoleSet, Side};
use tavola_games::testkit::Fuzz;
use tavola_games::{Game, Lang};

/// Every legal set: 5 to 10 players with each combination of the optional
/// characters that fits the evil places.
fn legal_sets() -> Vec<RoleSet> {
    let mut sets = Vec::new();
    for players in 5..=10 {
        for mask in 0..16u8 {
            let optional: Vec<Role> =
                Role::OPTIONAL.into_iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, r)| r).collect();
            if let Ok(set) = RoleSet::standard(players, &optional) {
                sets.push(set);
            }
        }
    }
    sets
}

/// Every legal set with the two Lancelots (replacing a servant and a
/// minion), with each variant and each choice about Merlin.
fn lancelot_cases() -> Vec<(RoleSet, NightRules)> {
    let mut cases = Vec::new();
    for players in 5..=10 {
        for mask in 0..16u8 {
            let mut optional: Vec<Role> =
                Role::OPTIONAL.into_iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, r)| r).collect();
            optional.extend(Role::LANCELOTS);
            let Ok(set) = RoleSet::standard(players, &optional) else { continue };
            for variant in [LancelotVariant::V1, LancelotVariant::V2, LancelotVariant::V3] {
                for merlin_sees_evil_lancelot in [true, false] {
                    cases.push((set.clone(), NightRules { lancelot: Some(variant), merlin_sees_evil_lancelot }));
                }
            }
        }
    }
    cases
}

/// Who learns whom, from the rules: the evil players (Oberon aside) know each
/// other; Merlin sees every evil player but Mordred (Oberon included);
/// Percival sees Merlin and Morgana; nobody else sees anybody.
///
/// With the Lancelots: in variants 1 and 2 Evil Lancelot keeps his eyes
/// closed and shows a thumb, so the other evil players know him and he knows
/// nobody; in variant 3 he opens his eyes like any minion of Mordred, and
/// the two Lancelots know each other. Merlin sees Evil Lancelot unless the
/// table chose otherwise.
fn expected(set: &RoleSet, rules: NightRules) -> BTreeSet<(Role, Role)> {
    let present: BTreeSet<Role> = set.roles().iter().copied().collect();
    let v3 = rules.lancelot == Some(LancelotVariant::V3);
    let mut out = BTreeSet::new();
    for &w in &present {
        for &s in &present {
            let sees = match w {
                Role::Merlin => {
                    s.side() == Side::Evil
                        && s != Role::Mordred
                        && (s != Role::EvilLancelot || rules.merlin_sees_evil_lancelot)
                }
                Role::Percival => s == Role::Merlin || s == Role::Morgana,
                Role::Oberon => false,
                Role::GoodLancelot => v3 && s == Role::EvilLancelot,
                Role::EvilLancelot if !v3 => false,
                Role::EvilLancelot => (s.side() == Side::Evil && s != Role::Oberon) || s == Role::GoodLancelot,
                _ if w.side() == Side::Evil => s.side() == Side::Evil && s != Role::Oberon,
                _ => false,
            };
            if sees && (w != s) {
                out.insert((w, s));
            }
        }
    }
    out
}

fn check_order(set: &RoleSet, rules: NightRules, script: &[NightStep]) {
    let v3 = rules.lancelot == Some(LancelotVariant::V3);
    let evil_seeing: BTreeSet<Role> = set
        .roles()
        .iter()
        .copied()
        .filter(|r| r.side() == Side::Evil && *r != Role::Oberon && (v3 || *r != Role::EvilLancelot))
        .collect();
    let first = script.first().unwrap();
    assert!(first.eyes_open.is_empty() && first.thumbs_up.is_empty(), "{set:?}: starts with everyone's eyes closed");
    let last = script.last().unwrap();
    let everyone: BTreeSet<Role> = set.roles().iter().copied().collect();
    assert_eq!(last.eyes_open.iter().copied().collect::<BTreeSet<_>>(), everyone, "{set:?}: ends with all eyes open");
    assert!(last.thumbs_up.is_empty());
    for (i, st) in script[..script.len() - 1].iter().enumerate() {
        let open: BTreeSet<Role> = st.eyes_open.iter().copied().collect();
        let allowed = open.is_empty()
            || open == evil_seeing
            || open == BTreeSet::from([Role::Merlin])
            || open == BTreeSet::from([Role::Percival])
            || (v3 && open == BTreeSet::from(Role::LANCELOTS));
        assert!(allowed, "{set:?}, step {i} ({}): unexpected eyes open {open:?}", st.cue.id);
        assert!(st.thumbs_up.iter().all(|r| !open.contains(r)), "{set:?}, step {i}: a raised thumb with open eyes");
        // Nobody opens their eyes straight after another group without closing first.
        if i > 0 {
            let before: BTreeSet<Role> = script[i - 1].eyes_open.iter().copied().collect();
            assert!(
                before.is_empty() || open.is_empty() || before == open,
                "{set:?}, step {i}: eyes not closed between groups"
            );
        }
    }
    // No thumb stays up into the morning.
    assert!(script[script.len() - 2].thumbs_up.is_empty(), "{set:?}: a thumb still up at the end");
}

#[test]
fn every_legal_role_set_has_a_correct_night() {
    let sets = legal_sets();
    // Percival on or off, times the evil characters that fit beside the
    // Assassin: at most 1 of 3 for 5-6 players, 2 for 7-9, all 3 for 10.
    assert_eq!(sets.len(), 2 * (2 * 4 + 3 * 7 + 8));
    let plain = sets.iter().map(|s| (s.clone(), NightRules::for_set(s)));
    let with_lancelots = lancelot_cases();
    // Three variants, Merlin seeing Evil Lancelot or not, Percival on or
    // off, times the evil characters that fit beside the Assassin and Evil
    // Lancelot: none at 5-6 players, at most 1 of 3 at 7-9, 2 at 10.
    assert_eq!(with_lancelots.len(), 3 * 2 * 2 * (1 + 1 + 3 * 4 + 7));
    for (set, rules) in plain.chain(with_lancelots) {
        assert_eq!(set.has_lancelots(), rules.lancelot.is_some());
        let script = night_script_with(&set, rules);
        let seen: BTreeSet<(Role, Role)> = sightings(&script).into_iter().collect();
        assert_eq!(seen, expected(&set, rules), "who sees whom for {set:?} with {rules:?}");
        check_order(&set, rules, &script);
        for st in &script {
            assert!(narrator::knows(&st.cue.id), "no words for {}", st.cue.id);
        }
    }
}

#[test]
fn variant_three_ends_with_the_lancelots_finding_each_other() {
    let set = RoleSet::standard(8, &Role::LANCELOTS).unwrap();
    let rules = NightRules { lancelot: Some(LancelotVariant::V3), merlin_sees_evil_lancelot: true };
    let ids: Vec<String> = night_script_with(&set, rules).into_iter().map(|s| s.cue.id).collect();
    let n = ids.len();
    assert_eq!(
        ids[n - 4..],
        [
            "avalon.night.lancelots_open",
            "avalon.night.lancelots_close",
            "avalon.night.all_closed",
            "avalon.night.open_all"
        ]
        .map(String::from)
    );
    let v1 = NightRules { lancelot: Some(LancelotVariant::V1), ..rules };
    let ids: Vec<String> = night_script_with(&set, v1).into_iter().map(|s| s.cue.id).collect();
    assert_eq!(ids[1], "avalon.night.lancelot_thumb", "Evil Lancelot shows his thumb before the evil look");
    assert!(!ids.iter().any(|i| i.contains("lancelots_open")));
}

#[test]
fn night_length_with_default_pauses() {
    let set = RoleSet::standard(10, &Role::OPTIONAL).unwrap();
    for lang in Lang::ALL {
        let total: u64 = night_script(&set)
            .iter()
            .map(|s| narrator::line(&s.cue, lang))
            .map(|l| speaking_time(&l) + u64::from(l.pause_ms))
            .sum();
        println!("10-player night with every optional character, {lang:?}: {:.1} s", total as f64 / 1000.0);
        assert!((30_000..180_000).contains(&total), "a night between half a minute and three minutes, not {total} ms");
    }
    let lancelots =
        RoleSet::standard(10, &[Role::Percival, Role::Mordred, Role::Morgana, Role::GoodLancelot, Role::EvilLancelot])
            .unwrap();
    for variant in [LancelotVariant::V1, LancelotVariant::V3] {
        let rules = NightRules { lancelot: Some(variant), merlin_sees_evil_lancelot: true };
        let total: u64 = night_script_with(&lancelots, rules)
            .iter()
            .map(|s| narrator::line(&s.cue, Lang::It))
            .map(|l| speaking_time(&l) + u64::from(l.pause_ms))
            .sum();
        println!("10-player night with the Lancelots, {variant:?}, It: {:.1} s", total as f64 / 1000.0);
        assert!((30_000..180_000).contains(&total), "{total} ms");
    }
}

#[test]
fn every_line_avalon_can_say_has_words_in_both_languages() {
    let mut rng = tavola_games::Ctx::seeded(42);
    let mut seen = BTreeSet::new();
    for _ in 0..300 {
        let mut g = Avalon::default();
        for _ in 0..400 {
            let cmd = g.random_command(&mut rng);
            if let Ok(events) = g.decide(&cmd, &mut rng) {
                for e in &events {
                    g.apply(e);
                    for cue in g.cues(e) {
                        seen.insert(cue.id.clone());
                        for lang in Lang::ALL {
                            let line = narrator::line(&cue, lang);
                            assert!(!line.text.starts_with('['), "no {lang:?} words for {}", cue.id);
                            assert!(!line.text.contains('{'), "a parameter left unfilled in {}: {}", cue.id, line.text);
                        }
                    }
                }
            }
            if g.is_over() {
                break;
            }
        }
    }
    assert!(seen.contains("avalon.reveal.merlin_was"), "random games reach the narrated reveal: {seen:?}");
    for id in [
        "avalon.lady.examines",
        "avalon.lady.passed",
        "avalon.excalibur.used",
        "avalon.excalibur.kept",
        "avalon.lancelot.switch",
        "avalon.round.mission_chosen",
        "avalon.host.answered",
        "avalon.private.look_away",
    ] {
        assert!(seen.contains(id), "random games with random options reach {id}");
    }
}
