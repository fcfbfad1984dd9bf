//! Avalon's night script for every legal role set, checked against a
//! who-sees-whom table written from the rules; and every line Avalon can
//! say has words in both languages.

use std::collections::BTreeSet;
use tavola::games::avalon::night::{night_script, sightings, NightStep};
use tavola::games::avalon::{Avalon, Role, RoleSet, Side};
use tavola::games::testkit::Fuzz;
use tavola::games::{Game, GameRng, Lang};
use tavola::hw::sim::speaking_time;
use tavola::narrator;

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

/// Who learns whom, from the rules: the evil players (Oberon aside) know each
/// other; Merlin sees every evil player but Mordred (Oberon included);
/// Percival sees Merlin and Morgana; nobody else sees anybody.
fn expected(set: &RoleSet) -> BTreeSet<(Role, Role)> {
    let present: BTreeSet<Role> = set.roles().iter().copied().collect();
    let mut out = BTreeSet::new();
    for &w in &present {
        for &s in &present {
            let sees = match w {
                Role::Merlin => s.side() == Side::Evil && s != Role::Mordred,
                Role::Percival => s == Role::Merlin || s == Role::Morgana,
                Role::Oberon => false,
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

fn check_order(set: &RoleSet, script: &[NightStep]) {
    let evil_seeing: BTreeSet<Role> =
        set.roles().iter().copied().filter(|r| r.side() == Side::Evil && *r != Role::Oberon).collect();
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
            || open == BTreeSet::from([Role::Percival]);
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
}

#[test]
fn every_legal_role_set_has_a_correct_night() {
    let sets = legal_sets();
    // Percival on or off, times the evil characters that fit beside the
    // Assassin: at most 1 of 3 for 5-6 players, 2 for 7-9, all 3 for 10.
    assert_eq!(sets.len(), 2 * (2 * 4 + 3 * 7 + 8));
    for set in &sets {
        let script = night_script(set);
        let seen: BTreeSet<(Role, Role)> = sightings(&script).into_iter().collect();
        assert_eq!(seen, expected(set), "who sees whom for {set:?}");
        check_order(set, &script);
        for st in &script {
            assert!(narrator::knows(&st.cue.id), "no words for {}", st.cue.id);
        }
    }
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
}

#[test]
fn every_line_avalon_can_say_has_words_in_both_languages() {
    let mut rng = GameRng::seeded(42);
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
}
