//! King Arthur's Knights' rules, scene by scene. The card facts here are
//! test values (said so where they are made), never the owner's cards;
//! quest 11's are the rules' own worked example, from the catalog.

use super::cards::{Quest, Virtue, VirtueCard};
use super::*;
use crate::{Ctx, Game, Lang, Said};

/// Test values, not a real box: cards 1–3 Swords of 1, 4–6 Lances of 1,
/// 7–9 Dragons of 1, 10–12 Books of 1, then 13 Sword 2, 14 Lance 2,
/// 15 Dragon 2, 16 Book 2, 17 Sword 2, 18 Book 2.
fn test_virtues() -> BTreeMap<String, VirtueCard> {
    let faces = [
        (Virtue::Sword, 1),
        (Virtue::Sword, 1),
        (Virtue::Sword, 1),
        (Virtue::Lance, 1),
        (Virtue::Lance, 1),
        (Virtue::Lance, 1),
        (Virtue::Dragon, 1),
        (Virtue::Dragon, 1),
        (Virtue::Dragon, 1),
        (Virtue::Book, 1),
        (Virtue::Book, 1),
        (Virtue::Book, 1),
        (Virtue::Sword, 2),
        (Virtue::Lance, 2),
        (Virtue::Dragon, 2),
        (Virtue::Book, 2),
        (Virtue::Sword, 2),
        (Virtue::Book, 2),
    ];
    (1..=18).zip(faces).map(|(n, (virtue, value))| (vc(n), VirtueCard { virtue, value })).collect()
}

fn vc(n: usize) -> String {
    format!("kak/virtue/card-{n}")
}

fn loc(slug: &str) -> String {
    format!("kak/location/{slug}")
}

/// Test values: every quest but the fair maiden (left for the owner to
/// enter when met) and the golden pheasant (the catalog's, from the
/// rules' example) at the Wild Forest, asking one Sword, for 4 points.
fn test_facts() -> Facts {
    let mut f = Facts { virtues: test_virtues(), ..Facts::default() };
    for (h, reach) in [(1, 2), (2, 3), (3, 4), (4, 2)] {
        f.horses.insert(format!("kak/action/horse-{h}"), reach);
    }
    for q in QUESTS {
        if !q.ends_with("fair-maiden") && !q.ends_with("golden-pheasant") {
            f.quests.insert(q.to_string(), Quest { location: loc("wild-forest"), needs: [1, 0, 0, 0], points: 4 });
        }
    }
    f
}

/// The circle, clockwise, as laid on the reader: Camelot, then the Hidden
/// Valley one step clockwise and the fourth unnamed location one step
/// the other way.
fn ring() -> Vec<String> {
    ["camelot", "hidden-valley", "wild-forest", "moon-lake", "other-1", "other-2", "other-3", "other-4"]
        .iter()
        .map(|s| loc(s))
        .collect()
}

fn setup(n: usize) -> Setup {
    Setup {
        knights: cards::knights().take(n).collect(),
        names: ["Anna", "Bruno", "Carla", "Dario"][..n].iter().map(|s| s.to_string()).collect(),
        ring: ring(),
        facts: test_facts(),
    }
}

fn run(g: &mut Kak, ctx: &mut Ctx<'_>, c: Command) -> Vec<Event> {
    let events = g.execute(&c, ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
    g.check_invariants().unwrap_or_else(|e| panic!("after {c:?}: {e}"));
    events
}

/// The refusal's code (without `kak.`); the state untouched.
fn refused(g: &Kak, c: Command) -> String {
    let before = g.clone();
    let e = g.decide(&c, &mut Ctx::seeded(0)).expect_err("refused");
    assert_eq!(*g, before);
    let code = e.code();
    code.strip_prefix("kak.").map_or(code.clone(), str::to_string)
}

/// A table of `n` set up, the first three quests turned up: the golden
/// pheasant, the wild boar, the black knight. Tents set to seat order.
fn table(n: usize) -> (Kak, Ctx<'static>) {
    let mut ctx = Ctx::seeded(1);
    let mut g = Kak::default();
    run(&mut g, &mut ctx, Command::Setup(setup(n)));
    g.tents = Seat::all(n).collect();
    // The horse put away by lot at 2 or 3 players: the fourth, for the tests.
    if let Some(i) = g.removed.iter().position(|c| Action::of_card(c) == Some(Action::Horse)) {
        let drawn = std::mem::replace(&mut g.removed[i], "kak/action/horse-4".into());
        g.actions.insert(drawn);
        g.actions.remove("kak/action/horse-4");
    }
    for q in ["kak/quest/golden-pheasant", "kak/quest/wild-boar", "kak/quest/black-knight"] {
        run(&mut g, &mut ctx, Command::Reveal { card: q.into() });
    }
    assert!(matches!(g.phase, Phase::Picks { pick: 0, turn: 0 }));
    (g, ctx)
}

/// Phase I played: `picks[t]` are the cards of the player holding tent
/// `t + 1`, picked one round at a time.
fn pick(g: &mut Kak, ctx: &mut Ctx<'_>, picks: &[&[&str]]) {
    let rounds = picks[0].len();
    for r in 0..rounds {
        for p in picks {
            run(g, ctx, Command::Pick { card: format!("kak/action/{}", p[r]) });
        }
    }
    assert!(matches!(g.phase, Phase::Actions { turn: 0 }), "{:?}", g.phase);
}

/// Moves virtue cards (test values) into a seat's hand from wherever they are.
fn give(g: &mut Kak, seat: usize, cards: &[usize]) {
    for n in cards {
        let c = vc(*n);
        g.supply.remove(&c);
        g.removed.retain(|r| *r != c);
        for p in &mut g.players {
            p.hand.retain(|h| *h != c);
        }
        g.players[seat].hand.push(c);
    }
}

/// Sets every hand (the other cards to their piles).
fn set_hands(g: &mut Kak, hands: &[&[usize]]) {
    for p in &mut g.players {
        g.supply.extend(p.hand.drain(..));
    }
    for (s, h) in hands.iter().enumerate() {
        give(g, s, h);
    }
}

fn codes(cues: &[Cue]) -> Vec<&str> {
    cues.iter().map(|c| c.id.as_str()).collect()
}

#[test]
fn setup_at_three_players_names_the_cards_put_away_and_deals_the_value_one_cards() {
    let mut g = Kak::default();
    let mut s = setup(3);
    s.facts.virtues.remove(&vc(5));
    assert_eq!(refused(&g, Command::Setup(s.clone())), "common.facts_needed");
    // Test values: only one Lance of value 1 left, the setup takes two.
    s.facts.virtues = test_virtues();
    for n in [4, 5] {
        s.facts.virtues.insert(vc(n), VirtueCard { virtue: Virtue::Lance, value: 2 });
    }
    assert_eq!(refused(&g, Command::Setup(s.clone())), "too_few_ones");
    s.facts = test_facts();
    s.ring.pop();
    assert_eq!(refused(&g, Command::Setup(s.clone())), "ring_size");
    s.ring.push("avalon/role/merlin".into());
    assert_eq!(refused(&g, Command::Setup(s.clone())), "common.wrong_game_card");
    s.ring = ring();
    s.ring[7] = loc("camelot");
    assert_eq!(refused(&g, Command::Setup(s.clone())), "location_twice");
    s.ring = ring();
    s.knights = cards::knights().collect();
    s.knights.push("kak/knight/knight-1".into());
    assert_eq!(refused(&g, Command::Setup(s.clone())), "player_count");
    s.knights = vec!["kak/knight/knight-2".into(), "kak/knight/knight-2".into(), "kak/knight/knight-3".into()];
    assert_eq!(refused(&g, Command::Setup(s.clone())), "knight_twice");
    s.knights = cards::knights().take(3).collect();

    let mut ctx = Ctx::seeded(5);
    let events = run(&mut g, &mut ctx, Command::Setup(s));
    let Event::SetUp { removed, tents, dealt, .. } = &events[0] else { panic!("{events:?}") };
    // "una ciascuno delle carte azione A, G e P ... virtù Spada 1, Lancia
    // 1, Drago 1 e Libro 1".
    assert_eq!(removed.len(), 7, "{removed:?}");
    assert!(removed.contains(&"kak/action/round-table-2".to_string()));
    assert!(removed.contains(&"kak/action/court-2".to_string()));
    assert_eq!(removed.iter().filter(|c| Action::of_card(c) == Some(Action::Horse)).count(), 1);
    let faces: Vec<VirtueCard> = removed.iter().filter_map(|c| g.facts.virtues.get(c).copied()).collect();
    assert_eq!(faces.len(), 4);
    for v in Virtue::ALL {
        assert_eq!(faces.iter().filter(|f| f.virtue == v && f.value == 1).count(), 1, "{v:?}");
    }
    // Two cards each, of value 1: two Swords, two Dragons, a Lance, a Book.
    assert!(dealt.iter().all(|h| h.len() == 2));
    let mut by_virtue = [0; 4];
    for c in dealt.iter().flatten() {
        let f = g.facts.virtues[c];
        assert_eq!(f.value, 1);
        by_virtue[f.virtue.index()] += 1;
    }
    assert_eq!(by_virtue, [2, 1, 2, 1]);
    let mut t = tents.clone();
    t.sort();
    assert_eq!(t, [Seat(0), Seat(1), Seat(2)], "one tent each, drawn by lot");
    assert!(Seat::all(3).all(|s| g.location(s) == Some(CAMELOT)), "the knights start by Camelot");
    // The table is told which cards go back, and nobody's hand is shown.
    let said = g.cues(&events[0]);
    assert_eq!(codes(&said).iter().filter(|c| **c == "kak.setup.removed").count(), 7);
    let Some(Event::SetUp { dealt: public, .. }) = events[0].redacted() else { panic!() };
    assert!(public.iter().all(Vec::is_empty));
    assert_eq!(g.view().players[0].virtue_cards, 2);
    let view = serde_json::to_string(&g.view()).expect("a view");
    for c in dealt.iter().flatten() {
        assert!(!view.contains(&format!("\"{c}\"")), "{c} is in a hand, not on the screen");
    }
    // The open quests are turned up before the first pick.
    assert_eq!(g.view().phase, PhaseView::Refill { wanted: 3 });
    assert_eq!(refused(&g, Command::Pick { card: "kak/action/quest-1".into() }), "common.not_now");
    for q in ["kak/quest/wild-boar", "kak/quest/white-stag", "kak/quest/evil-witch"] {
        run(&mut g, &mut ctx, Command::Reveal { card: q.into() });
    }
    assert_eq!(g.round(), 1);
    assert_eq!(g.view().target, 20);
    assert_eq!(refused(&g, Command::Pick { card: "kak/action/round-table-2".into() }), "action_taken");
}

#[test]
fn four_players_put_nothing_away_and_two_pick_four_times() {
    let mut g = Kak::default();
    run(&mut g, &mut Ctx::seeded(2), Command::Setup(setup(4)));
    assert!(g.removed().is_empty());
    assert_eq!(g.players.iter().map(|p| p.hand.len()).sum::<usize>(), 8);
    assert_eq!((target(2), target(3), target(4)), (25, 20, 15));
    let (mut g, mut ctx) = table(2);
    assert_eq!(g.removed().len(), 7, "at 2 players as at 3");
    pick(
        &mut g,
        &mut ctx,
        &[&["quest-1", "quest-2", "court-1", "horse-1"], &["horse-2", "horse-3", "training-book", "training-sword"]],
    );
    assert!(g.players.iter().all(|p| p.picked.len() == 4));
}

#[test]
fn picks_go_by_tent_and_refuse_a_taken_card_a_second_tournament_and_other_games_cards() {
    let (mut g, mut ctx) = table(3);
    g.tents = vec![Seat(2), Seat(0), Seat(1)];
    let events = run(&mut g, &mut ctx, Command::Pick { card: "kak/action/tournament-1".into() });
    assert_eq!(events, [Event::Picked { seat: Seat(2), card: "kak/action/tournament-1".into() }]);
    assert_eq!(refused(&g, Command::Pick { card: "kak/action/tournament-1".into() }), "action_taken");
    assert_eq!(refused(&g, Command::Pick { card: "kak/quest/wild-boar".into() }), "not_an_action_card");
    assert_eq!(refused(&g, Command::Pick { card: "soc/white/grail-1".into() }), "common.wrong_game_card");
    assert_eq!(
        g.card_command("nottingham/item/gold-1", Catalog::builtin()).map_err(|e| e.code()),
        Err("common.wrong_game_card".to_string())
    );
    run(&mut g, &mut ctx, Command::Pick { card: "kak/action/quest-1".into() });
    run(&mut g, &mut ctx, Command::Pick { card: "kak/action/quest-2".into() });
    // Carla's second pick: the other Tournament card is refused.
    assert_eq!(refused(&g, Command::Pick { card: "kak/action/tournament-2".into() }), "tournament_twice");
    assert!(!g.legal().iter().any(|l| *l.command() == Command::Pick { card: "kak/action/tournament-2".into() }));
    let by_reader = g.card_command("kak/action/horse-1", Catalog::builtin()).expect("a pick");
    run(&mut g, &mut ctx, by_reader);
    assert_eq!(g.view().phase, PhaseView::Picks { seat: Seat(0), pick: 2 });
}

#[test]
fn actions_only_where_allowed_and_horses_ride_the_ring_both_ways_within_reach() {
    let (mut g, mut ctx) = table(2);
    // Test reaches: horse-2 goes 3, horse-1 goes 2.
    pick(
        &mut g,
        &mut ctx,
        &[
            &["horse-2", "court-1", "training-sword", "horse-1"],
            &["quest-1", "training-lance", "round-table-1", "horse-3"],
        ],
    );
    assert_eq!(refused(&g, Command::Court { card: vc(10) }), "only_outside");
    assert_eq!(refused(&g, Command::Train { card: vc(4) }), "no_such_action");
    let h2 = "kak/action/horse-2".to_string();
    // Moon Lake is 3 clockwise; the fourth unnamed location 1 the other way; Other 1 is 4 either way.
    assert_eq!(refused(&g, Command::Ride { horse: h2.clone(), to: loc("other-1") }), "too_far");
    assert_eq!(refused(&g, Command::Ride { horse: h2.clone(), to: loc("camelot") }), "stay_put");
    assert_eq!(
        refused(&g, Command::Ride { horse: h2.clone(), to: "avalon/role/merlin".into() }),
        "common.wrong_game_card"
    );
    assert_eq!(
        refused(&g, Command::Ride { horse: "kak/action/horse-3".into(), to: loc("moon-lake") }),
        "no_such_action"
    );
    let rides: Vec<String> = g
        .legal()
        .iter()
        .filter_map(|l| match l.command() {
            Command::Ride { horse, to } if *horse == h2 => Some(to.clone()),
            _ => None,
        })
        .collect();
    let mut expected: Vec<String> =
        ["hidden-valley", "wild-forest", "moon-lake", "other-2", "other-3", "other-4"].iter().map(|s| loc(s)).collect();
    expected.sort();
    let mut rides = rides;
    rides.sort();
    assert_eq!(rides, expected, "three steps either way round the circle");
    // Training first at Camelot, then away.
    run(&mut g, &mut ctx, Command::Train { card: vc(13) });
    assert!(g.players[0].hand.contains(&vc(13)));
    assert_eq!(refused(&g, Command::Train { card: vc(13) }), "no_such_action");
    run(&mut g, &mut ctx, Command::Ride { horse: h2, to: loc("other-2") });
    assert_eq!(g.location(Seat(0)), Some(loc("other-2").as_str()));
    // Two more steps clockwise with the other horse.
    run(&mut g, &mut ctx, Command::Ride { horse: "kak/action/horse-1".into(), to: loc("other-4") });
    assert_eq!(refused(&g, Command::Court { card: vc(1) }), "not_a_book");
    set_hands(&mut g, &[&[1], &[]]);
    assert_eq!(refused(&g, Command::Court { card: vc(10) }), "not_in_hand");
    // A Book of 1 laid on the reader stands for the one alike in the hand.
    give(&mut g, 0, &[12]);
    let events = run(&mut g, &mut ctx, Command::Court { card: vc(10) });
    assert!(matches!(&events[0], Event::CourtHeld { card, .. } if *card == vc(12)), "{events:?}");
    assert_eq!(g.players[0].score, 2);
    assert!(g.supply.contains(&vc(12)), "the Book goes back to its pile");
    // Every card used: the turn passes at once.
    assert!(matches!(events.last(), Some(Event::TurnEnded { seat: Seat(0), .. })), "{events:?}");
    assert_eq!(g.acting(), Some(Seat(1)));
    assert_eq!(refused(&g, Command::Quest { quest: "kak/quest/wild-boar".into(), cards: vec![] }), "only_outside");
}

#[test]
fn a_quest_with_more_virtue_than_asked_is_done_and_the_excess_is_said_lost() {
    let (mut g, mut ctx) = table(2);
    pick(
        &mut g,
        &mut ctx,
        &[&["round-table-1", "horse-2", "quest-1", "quest-2"], &["horse-1", "horse-3", "court-1", "training-book"]],
    );
    let pheasant = "kak/quest/golden-pheasant".to_string();
    run(&mut g, &mut ctx, Command::RoundTable { quest: pheasant.clone() });
    assert_eq!(g.players[0].quests, std::slice::from_ref(&pheasant));
    assert_eq!(g.open_quests().len(), 2);
    run(&mut g, &mut ctx, Command::Ride { horse: "kak/action/horse-2".into(), to: loc("hidden-valley") });
    // The rules' example: a Lance of 1 and a Book of 2 for a Lance and a Book.
    set_hands(&mut g, &[&[4, 16, 7], &[]]);
    let quest = |cards: &[String]| Command::Quest { quest: pheasant.clone(), cards: cards.to_vec() };
    assert_eq!(refused(&g, quest(&[vc(4)])), "virtues_short");
    assert_eq!(refused(&g, quest(&[vc(4), vc(16), vc(7)])), "card_not_needed", "the Dragon is not asked");
    assert_eq!(refused(&g, quest(&[vc(4), vc(4), vc(16)])), "card_twice");
    assert_eq!(refused(&g, quest(&[vc(14), vc(16)])), "not_in_hand", "no Lance of 2 in hand");
    let events = run(&mut g, &mut ctx, quest(&[vc(4), vc(16)]));
    let Event::QuestCompleted { points, wasted, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!((*points, *wasted), (3, 1), "3 shields; the extra Book point is lost");
    assert_eq!(g.players[0].score, 3);
    assert_eq!(g.players[0].hand, [vc(7)]);
    assert!(g.completed.contains(&pheasant));
    let said = g.cues(&events[0]);
    assert_eq!(codes(&said), ["kak.quest.done", "kak.quest.wasted"]);
    assert!(Lang::En.text(&tavola_words::msg!("narration.kak.quest.wasted", count = 1)).contains("lost"));
    // One Quest card for each quest: the second card is still there, but
    // no quest is held now.
    assert_eq!(refused(&g, quest(&[vc(7)])), "quest_not_held");
}

#[test]
fn the_second_round_table_chooses_among_fewer_quests() {
    let (mut g, mut ctx) = table(4);
    pick(
        &mut g,
        &mut ctx,
        &[
            &["round-table-1", "quest-1", "quest-2"],
            &["round-table-2", "horse-1", "horse-2"],
            &["court-1", "court-2", "training-sword"],
            &["training-lance", "training-dragon", "training-book"],
        ],
    );
    run(&mut g, &mut ctx, Command::RoundTable { quest: "kak/quest/wild-boar".into() });
    run(&mut g, &mut ctx, Command::EndTurn);
    let offered = g.legal().iter().filter(|l| matches!(l.command(), Command::RoundTable { .. })).count();
    assert_eq!(offered, 2);
    assert_eq!(refused(&g, Command::RoundTable { quest: "kak/quest/wild-boar".into() }), "quest_not_open");
}

/// Plays a round at 2 where both take the Tournament card and stay at
/// Camelot; the bids wait on the pad.
fn tournament(hands: [&[usize]; 2]) -> (Kak, Ctx<'static>) {
    let (mut g, mut ctx) = table(2);
    set_hands(&mut g, &hands);
    pick(
        &mut g,
        &mut ctx,
        &[&["tournament-1", "quest-1", "quest-2", "court-1"], &["tournament-2", "horse-1", "horse-2", "horse-3"]],
    );
    run(&mut g, &mut ctx, Command::EndTurn);
    let events = run(&mut g, &mut ctx, Command::EndTurn);
    assert!(events.contains(&Event::TournamentOpened { bidders: vec![Seat(0), Seat(1)], absent: vec![] }));
    (g, ctx)
}

#[test]
fn the_tournament_bids_are_secret_on_the_pad_then_a_tie_scores_one_each() {
    // Test values: cards 1 and 4 are a Sword and a Lance of 1, 13 a Sword of 2, 7 a Dragon.
    let (mut g, mut ctx) = tournament([&[1, 4, 7], &[13]]);
    assert_eq!(g.waiting().map(|w| w.pad), Some(vec![(Seat(0), false), (Seat(1), false)]));
    assert_eq!(refused(&g, Command::Bid { seat: Seat(0), cards: vec![vc(1)] }), "bids_not_down");
    let down = g.pad_command(Seat(1), true).expect("the pad");
    run(&mut g, &mut ctx, down);
    assert_eq!(g.pad_command(Seat(1), false), None, "one press counts");
    assert_eq!(refused(&g, Command::BidDown { seat: Seat(1) }), "common.already_answered");
    run(&mut g, &mut ctx, Command::BidDown { seat: Seat(0) });
    assert_eq!(refused(&g, Command::Bid { seat: Seat(0), cards: vec![vc(1), vc(7)] }), "not_sword_or_lance");
    assert_eq!(refused(&g, Command::Bid { seat: Seat(0), cards: vec![vc(17)] }), "not_in_hand");
    run(&mut g, &mut ctx, Command::Bid { seat: Seat(0), cards: vec![vc(1), vc(4)] });
    let events = run(&mut g, &mut ctx, Command::Bid { seat: Seat(1), cards: vec![vc(13)] });
    assert!(events.contains(&Event::TournamentDecided {
        joust: Joust::Tied,
        points: vec![(Seat(0), TOURNAMENT_TIE), (Seat(1), TOURNAMENT_TIE)]
    }));
    assert_eq!((g.players[0].score, g.players[1].score), (1, 1));
    // The bid cards go back to their piles; the Dragon stays in hand.
    assert_eq!(g.players[0].hand, [vc(7)]);
    assert!(g.supply.contains(&vc(13)) && g.supply.contains(&vc(1)));
    assert!(g.actions.contains("kak/action/tournament-1"), "the Tournament card goes back to Camelot");
}

#[test]
fn the_higher_bid_scores_two_and_a_bid_of_nothing_on_both_sides_scores_nothing() {
    let (mut g, mut ctx) = tournament([&[1], &[13]]);
    for s in [0, 1] {
        run(&mut g, &mut ctx, Command::BidDown { seat: Seat(s) });
    }
    run(&mut g, &mut ctx, Command::Bid { seat: Seat(0), cards: vec![vc(1)] });
    let events = run(&mut g, &mut ctx, Command::Bid { seat: Seat(1), cards: vec![vc(13)] });
    assert!(events.contains(&Event::TournamentDecided { joust: Joust::Won, points: vec![(Seat(1), TOURNAMENT_WIN)] }));

    let (mut g, mut ctx) = tournament([&[1], &[13]]);
    for s in [0, 1] {
        run(&mut g, &mut ctx, Command::BidDown { seat: Seat(s) });
    }
    run(&mut g, &mut ctx, Command::Bid { seat: Seat(0), cards: vec![] });
    let events = run(&mut g, &mut ctx, Command::Bid { seat: Seat(1), cards: vec![] });
    assert!(events.contains(&Event::TournamentDecided { joust: Joust::NoBids, points: vec![] }));
}

#[test]
fn a_lone_bidder_scores_only_with_a_card_and_one_away_from_camelot_is_out() {
    for (bid, points) in [(vec![], vec![]), (vec![vc(1)], vec![(Seat(0), TOURNAMENT_WIN)])] {
        let (mut g, mut ctx) = table(2);
        set_hands(&mut g, &[&[1], &[2]]);
        pick(
            &mut g,
            &mut ctx,
            &[&["tournament-1", "quest-1", "quest-2", "court-1"], &["tournament-2", "horse-1", "horse-2", "horse-3"]],
        );
        run(&mut g, &mut ctx, Command::EndTurn);
        // Bruno rides away: he misses the tournament.
        run(&mut g, &mut ctx, Command::Ride { horse: "kak/action/horse-1".into(), to: loc("hidden-valley") });
        let events = run(&mut g, &mut ctx, Command::EndTurn);
        assert!(events.contains(&Event::TournamentOpened { bidders: vec![Seat(0)], absent: vec![Seat(1)] }));
        run(&mut g, &mut ctx, Command::BidDown { seat: Seat(0) });
        assert_eq!(refused(&g, Command::Bid { seat: Seat(1), cards: vec![] }), "common.not_asked");
        let events = run(&mut g, &mut ctx, Command::Bid { seat: Seat(0), cards: bid.clone() });
        let joust = if bid.is_empty() { Joust::AloneEmpty } else { Joust::AloneWon };
        assert!(events.contains(&Event::TournamentDecided { joust, points }), "{events:?}");
    }
}

#[test]
fn tents_go_by_score_fewest_first_and_a_tie_is_drawn_by_lot() {
    let mut orders = BTreeSet::new();
    for seed in 0..12 {
        let (mut g, _) = table(4);
        let mut ctx = Ctx::seeded(seed);
        for (s, score) in [5, 2, 5, 9].into_iter().enumerate() {
            g.players[s].score = score;
        }
        pick(
            &mut g,
            &mut ctx,
            &[
                &["quest-1", "horse-1", "horse-2"],
                &["quest-2", "horse-3", "horse-4"],
                &["court-1", "court-2", "training-sword"],
                &["training-lance", "training-dragon", "training-book"],
            ],
        );
        let mut events = Vec::new();
        for _ in 0..4 {
            events.extend(run(&mut g, &mut ctx, Command::EndTurn));
        }
        let dealt = events.iter().find_map(|e| match e {
            Event::TentsDealt { tents, drawn } => Some((tents.clone(), drawn.clone())),
            _ => None,
        });
        let (tents, drawn) = dealt.expect("tents dealt");
        assert_eq!(tents[0], Seat(1), "fewest points: tent 1");
        assert_eq!(tents[3], Seat(3), "most points: the last tent");
        assert_eq!(drawn.len(), 1);
        let mut tied = drawn[0].clone();
        tied.sort();
        assert_eq!(tied, [Seat(0), Seat(2)]);
        assert_eq!(g.tents(), tents.as_slice());
        let said: Vec<Cue> =
            events.iter().filter(|e| matches!(e, Event::TentsDealt { .. })).flat_map(|e| g.cues(e)).collect();
        assert_eq!(codes(&said)[0], "kak.tent.drawn", "Tavola says the tie was drawn by lot");
        orders.insert(tents[1..3].to_vec());
    }
    assert_eq!(orders.len(), 2, "both orders of the tie come up by lot");
}

/// Two players near the target at 3 (20 points); both pass it in one
/// round. Test scores.
fn race(first: u32, second: u32, book: usize) -> Kak {
    let (mut g, mut ctx) = table(3);
    g.players[0].score = first;
    g.players[1].score = second;
    set_hands(&mut g, &[&[book], &[book + 1], &[]]);
    g.players[0].at = 2;
    g.players[1].at = 3;
    pick(
        &mut g,
        &mut ctx,
        &[
            &["court-1", "horse-1", "horse-2"],
            &["round-table-1", "horse-3", "quest-1"],
            &["training-sword", "training-lance", "training-book"],
        ],
    );
    let events = run(&mut g, &mut ctx, Command::Court { card: vc(book) });
    assert!(g.players[0].reached.is_some());
    let reached: Vec<Cue> = g.cues(&events[0]);
    assert!(codes(&reached).contains(&"kak.target.reached"), "{reached:?}");
    run(&mut g, &mut ctx, Command::EndTurn);
    // Bruno holds court too, with a second Court card given for the test.
    g.players[1].picked.push("kak/action/court-2".into());
    g.removed.retain(|c| c != "kak/action/court-2");
    g.actions.remove("kak/action/court-2");
    run(&mut g, &mut ctx, Command::Court { card: vc(book + 1) });
    run(&mut g, &mut ctx, Command::EndTurn);
    assert!(!g.is_over(), "the round is played to its end");
    let events = run(&mut g, &mut ctx, Command::EndTurn);
    assert!(g.is_over(), "{events:?}");
    g
}

#[test]
fn the_game_ends_after_the_round_and_a_tie_goes_to_the_first_to_reach_the_target() {
    // Test values: Books of 2 points each at court.
    let g = race(18, 19, 10);
    assert_eq!((g.players[0].score, g.players[1].score), (20, 21));
    assert_eq!(g.winners(), [Seat(1)], "the most points win");
    let g = race(18, 18, 10);
    assert_eq!((g.players[0].score, g.players[1].score), (20, 20));
    assert_eq!(g.winners(), [Seat(0)], "a tie: Anna reached 20 first");
    let out = g.outcome().expect("over");
    assert_eq!(out.winner, "knight-1");
    assert!(Kak::outcome_words(&out.winner, &out.reason).is_some());
    assert_eq!(g.legal(), Vec::new());
}

#[test]
fn a_quest_met_without_its_facts_is_asked_for_then_learned_and_the_game_goes_on() {
    let mut g = Kak::default();
    let mut ctx = Ctx::seeded(3);
    run(&mut g, &mut ctx, Command::Setup(setup(2)));
    let maiden = "kak/quest/fair-maiden".to_string();
    let e = g.decide(&Command::Reveal { card: maiden.clone() }, &mut ctx).expect_err("its facts");
    assert_eq!(e, RuleError::Common(CommonError::FactsNeeded { cards: vec![maiden.clone()] }));
    // The owner enters the card's facts (test values) and the table learns them.
    let mut book = FactBook::new();
    let facts =
        serde_json::json!({"location": "moon-lake", "sword": 0, "lance": 1, "dragon": 2, "book": 0, "points": 5});
    book.set(maiden.clone(), facts.as_object().cloned().unwrap_or_default());
    let learn = g.learn_command(&book).expect("a learn command");
    run(&mut g, &mut ctx, learn);
    assert_eq!(g.facts().quests[&maiden].location, loc("moon-lake"));
    run(&mut g, &mut ctx, Command::Reveal { card: maiden.clone() });
    assert_eq!(g.open_quests(), std::slice::from_ref(&maiden));
    // A fact in force stays for the game.
    let mut changed = g.facts().clone();
    changed.quests.get_mut(&maiden).expect("known").points = 6;
    assert_eq!(refused(&g, Command::Learn { facts: changed }), "fact_in_force");
    // A value out of the declared range is refused with the range.
    let mut bad = Facts::default();
    bad.horses.insert("kak/action/horse-1".into(), 5);
    let e = g.decide(&Command::Learn { facts: bad }, &mut ctx).expect_err("out of range");
    assert_eq!(e.code(), "kak.bad_facts");
    assert!(e.text(Lang::En).contains('4'), "{}", e.text(Lang::En));
    // The facts go on to the next game.
    assert!(g.card_facts().expect("some").get(&maiden).is_some());
}

#[test]
fn the_setup_copies_the_owners_book_and_the_catalogs_worked_example() {
    let book = test_facts().to_book();
    assert_eq!(Facts::from_book(&book), test_facts(), "a book says what the facts say");
    let mut g = Kak::default();
    let s = Setup { facts: Facts::default(), ..setup(3) };
    let mut ctx = Ctx::seeded(0).with_facts(&book);
    let events = run(&mut g, &mut ctx, Command::Setup(s));
    assert_eq!(g.facts().virtues, test_virtues());
    assert_eq!(g.facts().quests["kak/quest/golden-pheasant"].points, 3, "the rules' example");
    assert_eq!(Kak::replay(&events), g, "a replay needs no book");
}

#[test]
fn every_refusal_and_every_line_has_its_words_in_every_language() {
    use crate::GameError;
    let said = |m: &tavola_words::Msg| {
        for lang in Lang::ALL {
            assert!(lang.catalog().get(&m.id).is_some(), "{} missing in {lang:?}", m.id);
        }
    };
    for v in Virtue::ALL {
        said(&v.msg());
    }
    for (_, a) in ACTION_CARDS {
        said(&a.msg());
    }
    said(&KakError::NoSuchAction { action: Action::Quest }.msg_named(&|_| None));
    // The cues of random games, each line in every catalog.
    let mut lines = BTreeSet::new();
    for seed in 0..30 {
        let r = crate::testkit::recorded_game::<Kak>(seed, 3000);
        let mut g = Kak::default();
        for e in r.stored.iter().flatten() {
            g.apply(e);
            for c in g.cues(e) {
                lines.insert(c.id);
            }
        }
    }
    assert!(lines.len() > 25, "{lines:?}");
    for id in lines {
        said(&tavola_words::Msg::new(format!("narration.{id}")));
    }
    for (w, r) in [("shared", "target"), ("knight-3", "target")] {
        let words = Kak::outcome_words(w, r).expect("words");
        said(&words.title);
        said(&words.reason);
    }
}

#[test]
fn random_games_keep_the_rules_invariants() {
    // 80 games: every step of each checked against `legal`, the invariants
    // and a replay (200 took 90 s in a debug build).
    let report = crate::testkit::check_game::<Kak>(7, 80, 1200).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.finished > 60, "{report:?}");
}

#[test]
fn refusals_say_why_in_the_players_words() {
    let say = |e: KakError, lang: Lang| RuleError::from(e).text(lang);
    let far = KakError::TooFar { reach: 2, distance: 3 };
    assert_eq!(say(far.clone(), Lang::En), "This horse goes 2 locations at most; that place is 3 away.");
    assert_eq!(say(far, Lang::It), "Questo cavallo va al massimo di 2 luoghi; quel luogo è a 3 passi.");
    let court = KakError::OnlyOutside { action: Action::Court };
    assert_eq!(say(court.clone(), Lang::En), "This action is used only outside Camelot: Court.");
    assert_eq!(say(court, Lang::It), "Questa azione si fa solo fuori da Camelot: Corte.");
    let short = KakError::VirtuesShort { virtue: Virtue::Book, needed: 2, given: 1 };
    assert_eq!(say(short, Lang::En), "The quest asks 2 of Book; the cards give only 1.");
    let dragon = KakError::NotSwordOrLance { card: vc(7) };
    assert!(say(dragon, Lang::It).starts_with("Al torneo si offrono solo Spade e Lance"));
    assert_eq!(say(KakError::TournamentTwice, Lang::En), "One Tournament card per player each round.");
    let place = KakError::WrongPlace { location: loc("hidden-valley") };
    assert!(say(place, Lang::It).ends_with("Si compie qui: La Valle Nascosta."));
}

#[test]
fn a_ring_left_empty_at_setup_is_laid_on_the_reader_clockwise_and_the_knights_then_stand_by_camelot() {
    let mut ctx = Ctx::seeded(9);
    let mut g = Kak::default();
    let mut s = setup(2);
    s.ring.clear();
    run(&mut g, &mut ctx, Command::Setup(s));
    assert_eq!(g.view().phase, PhaseView::Ring { laid: 0 });
    // Quests wait for the ring.
    assert_eq!(refused(&g, Command::Reveal { card: QUESTS[0].to_string() }), "common.not_now");
    let ring = ring();
    for (i, l) in ring.iter().enumerate().rev() {
        // Laid the other way round: the order laid is the ring's order.
        let cmd = g.card_command(l, Catalog::builtin()).expect("a location is laid");
        run(&mut g, &mut ctx, cmd);
        if i == 5 {
            assert_eq!(refused(&g, Command::Lay { card: l.clone() }), "location_twice");
            assert_eq!(refused(&g, Command::Lay { card: QUESTS[0].to_string() }), "not_a_location");
        }
    }
    let mut laid = ring.clone();
    laid.reverse();
    assert_eq!(g.view().ring, laid);
    assert_eq!(g.view().phase, PhaseView::Refill { wanted: 3 });
    assert!(g.view().players.iter().all(|p| p.location == CAMELOT));
    assert!(g.check_invariants().is_ok());
}

/// A cue's line in `lang`, as the narrator says it.
fn line(c: &Cue, lang: Lang) -> String {
    let mut m = tavola_words::Msg::new(format!("narration.{}", c.id.replace('-', "_")));
    for (name, value) in &c.args {
        m = match value {
            crate::CueArg::Say(a) => m.with(name.clone(), a.clone()),
            crate::CueArg::Card { card } => m.with(name.clone(), crate::facts::card_msg(card)),
        };
    }
    lang.text(&m)
}

/// The lines of the cues `id` among `cues`, in both languages.
fn lines_of(cues: &[Cue], id: &str) -> Vec<String> {
    let found: Vec<&Cue> = cues.iter().filter(|c| c.id == id).collect();
    assert!(!found.is_empty(), "no {id} in {:?}", codes(cues));
    found.iter().flat_map(|c| [line(c, Lang::It), line(c, Lang::En)]).collect()
}

#[test]
fn the_words_say_the_number_of_picks_the_engine_asks() {
    for n in MIN_PLAYERS..=MAX_PLAYERS {
        let (g, _) = table(n);
        let per = picks_per_round(n);
        for text in lines_of(&g.cues(&Event::RoundStarted { round: 1 }), "kak.pick.first") {
            assert!(text.contains(&per.to_string()), "{n} players pick {per}: {text}");
        }
    }
    // The rules page takes no parameters: its numbers are the engine's.
    let turn = |lang: Lang| lang.text(&tavola_words::Msg::new("rules.kak.turn"));
    let (three, two) = (picks_per_round(3), picks_per_round(2));
    assert!(turn(Lang::It).contains(&format!("fino a {three} a testa ({two} in due)")), "{}", turn(Lang::It));
    assert!(turn(Lang::En).contains(&format!("up to {three} each ({two} at two players)")), "{}", turn(Lang::En));
    assert!(turn(Lang::It).contains(&format!("tornano a {OPEN_QUESTS} dalla pila")), "{}", turn(Lang::It));
    assert!(turn(Lang::En).contains(&format!("refilled to {OPEN_QUESTS} from the pile")), "{}", turn(Lang::En));
}

#[test]
fn the_words_say_the_target_and_the_players_the_engine_counts() {
    let end = |lang: Lang| lang.text(&tavola_words::Msg::new("rules.kak.end"));
    let (t2, t3, t4) = (target(2), target(3), target(4));
    assert!(end(Lang::It).contains(&format!("{t2} punti in due, {t3} in tre, {t4} in quattro")), "{}", end(Lang::It));
    assert!(
        end(Lang::En).contains(&format!("{t2} points at two players, {t3} at three, {t4} at four")),
        "{}",
        end(Lang::En)
    );
    for n in MIN_PLAYERS..=MAX_PLAYERS {
        let (g, _) = table(n);
        let started = Event::SetUp { setup: setup(n), removed: vec![], tents: g.tents.clone(), dealt: vec![] };
        for text in lines_of(&g.cues(&started), "kak.setup.start") {
            assert!(text.contains(&target(n).to_string()), "{n} players: {text}");
        }
    }
    // The refusals of a wrong table count their numbers from the engine.
    let mut s = setup(4);
    s.knights.push("kak/knight/knight-1".into());
    let e = Kak::default().decide(&Command::Setup(s), &mut Ctx::seeded(0)).expect_err("five knights");
    for lang in Lang::ALL {
        let text = e.text(lang);
        assert!(text.contains(&format!("{MIN_PLAYERS} ")) && text.contains(&format!("{MAX_PLAYERS}")), "{text}");
    }
    let mut s = setup(3);
    s.ring.pop();
    let e = Kak::default().decide(&Command::Setup(s), &mut Ctx::seeded(0)).expect_err("seven locations");
    for lang in Lang::ALL {
        let text = e.text(lang);
        assert!(text.contains(&RING.to_string()) && text.contains(&(RING - 1).to_string()), "{text}");
    }
    // The circle left to the reader: the narrator counts its locations.
    let mut g = Kak::default();
    let mut ctx = Ctx::seeded(2);
    let events = run(&mut g, &mut ctx, Command::Setup(Setup { ring: vec![], ..setup(2) }));
    for text in lines_of(&g.cues(&events[0]), "kak.ring.lay") {
        assert!(text.contains(&RING.to_string()), "{text}");
    }
}

#[test]
fn the_words_say_the_courts_points_and_the_virtue_a_quest_asks_as_the_engine_decides() {
    let (mut g, mut ctx) = table(2);
    pick(
        &mut g,
        &mut ctx,
        &[&["horse-2", "court-1", "quest-1", "round-table-1"], &["quest-2", "training-lance", "horse-1", "horse-3"]],
    );
    let pheasant = "kak/quest/golden-pheasant".to_string();
    run(&mut g, &mut ctx, Command::RoundTable { quest: pheasant.clone() });
    run(&mut g, &mut ctx, Command::Ride { horse: "kak/action/horse-2".into(), to: loc("hidden-valley") });
    set_hands(&mut g, &[&[4, 10], &[]]);
    // The Court's words, before and after: the engine's points.
    let court = g.legal().into_iter().find(|l| matches!(l.command(), Command::Court { .. })).expect("the Court");
    let words = g.move_words(&court);
    for lang in Lang::ALL {
        assert!(lang.text(&words).contains(&COURT_POINTS.to_string()), "{}", lang.text(&words));
    }
    // The quest asks a Book too: the refusal says what the quest's facts say.
    let asked = g.facts().quests[&pheasant].needs[Virtue::Book.index()];
    let e = g.decide(&Command::Quest { quest: pheasant.clone(), cards: vec![vc(4)] }, &mut ctx).expect_err("short");
    assert_eq!(e.code(), "kak.virtues_short");
    assert!(e.text(Lang::It).contains(&format!("chiede {asked} per la virtù Libro")), "{}", e.text(Lang::It));
    assert!(e.text(Lang::En).contains(&format!("asks {asked} of Book")), "{}", e.text(Lang::En));
    let events = run(&mut g, &mut ctx, Command::Court { card: vc(10) });
    let Event::CourtHeld { points, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!(*points, COURT_POINTS);
    for text in lines_of(&g.cues(&events[0]), "kak.court") {
        assert!(text.contains(&COURT_POINTS.to_string()), "{text}");
    }
    // The card's own words (no parameters) say the same points.
    for lang in Lang::ALL {
        let summary = lang.text(&tavola_words::Msg::new("card.kak.action.court.summary"));
        assert!(summary.contains(&COURT_POINTS.to_string()), "{summary}");
    }
}

#[test]
fn the_words_say_the_tournaments_points_as_the_engine_gives_them() {
    for (bids, joust) in
        [([&[1][..], &[13][..]], "kak.tournament.won"), ([&[1, 4][..], &[13][..]], "kak.tournament.tied")]
    {
        let (mut g, mut ctx) = tournament(bids);
        for s in [0, 1] {
            run(&mut g, &mut ctx, Command::BidDown { seat: Seat(s) });
        }
        run(&mut g, &mut ctx, Command::Bid { seat: Seat(0), cards: bids[0].iter().map(|n| vc(*n)).collect() });
        let events = run(&mut g, &mut ctx, Command::Bid { seat: Seat(1), cards: vec![vc(13)] });
        let decided = events.iter().find(|e| matches!(e, Event::TournamentDecided { .. })).expect("decided");
        let Event::TournamentDecided { points, .. } = decided else { unreachable!() };
        let each = points[0].1;
        assert_eq!(each, if joust == "kak.tournament.won" { TOURNAMENT_WIN } else { TOURNAMENT_TIE });
        // One point is said in words ("un punto", "one point").
        let says = |text: &str| {
            text.contains(&format!(" {each} "))
                || (each == 1 && (text.contains("un punto") || text.contains("one point")))
        };
        for text in lines_of(&g.cues(decided), joust) {
            assert!(says(&text), "{each} points: {text}");
        }
    }
    for lang in Lang::ALL {
        let summary = lang.text(&tavola_words::Msg::new("card.kak.action.tournament.summary"));
        assert!(
            summary.contains(&TOURNAMENT_WIN.to_string()) && summary.contains(&TOURNAMENT_TIE.to_string()),
            "{summary}"
        );
    }
}

/// The card lessons the first-game mode gives, in order, as a game is
/// played: each command's events wrapped and passed to the lessons.
fn lessons_of(commands: impl FnOnce(&mut dyn FnMut(Command) -> Vec<Event>)) -> Vec<String> {
    use crate::teach::Lessons;
    use crate::{AnyEvent, AnyGame, GameKind};
    let mut game = AnyGame::new(GameKind::KingArthursKnights).expect("playable");
    let mut lessons = Lessons::new();
    let mut given = Vec::new();
    let mut g = Kak::default();
    let mut ctx = Ctx::seeded(4);
    let mut step = |c: Command| {
        let events = run(&mut g, &mut ctx, c);
        for e in &events {
            let any = AnyEvent::KingArthursKnights(e.clone());
            game.apply(&any).expect("applies");
            for l in lessons.due_after(&game, std::slice::from_ref(&any)) {
                if l.card.is_some() {
                    given.push(l.id);
                }
            }
        }
        events
    };
    commands(&mut step);
    given
}

#[test]
fn every_kind_of_card_is_explained_once_when_it_first_comes_into_play() {
    let pheasant = "kak/quest/golden-pheasant";
    let given = lessons_of(|step| {
        // The ring left to the reader: each location as it is laid.
        let events = step(Command::Setup(Setup { ring: vec![], ..setup(3) }));
        let Event::SetUp { removed, .. } = &events[0] else { panic!("{events:?}") };
        let removed = removed.clone();
        for l in ring() {
            step(Command::Lay { card: l });
        }
        for q in [pheasant, "kak/quest/wild-boar", "kak/quest/black-knight"] {
            step(Command::Reveal { card: q.into() });
        }
        let horses: Vec<&str> = cards::horse_cards().filter(|h| !removed.iter().any(|r| r == h)).collect();
        for card in [
            "training-sword",
            "round-table-1",
            "tournament-1",
            "court-1",
            "quest-1",
            &horses[0]["kak/action/".len()..],
            "training-lance",
            "quest-2",
            &horses[1]["kak/action/".len()..],
        ] {
            step(Command::Pick { card: format!("kak/action/{card}") });
        }
    });
    let mut once: Vec<String> = given.clone();
    once.sort();
    once.dedup();
    assert_eq!(once.len(), given.len(), "each lesson once: {given:?}");
    let listed: BTreeSet<String> = Kak::card_lesson_ids().into_iter().map(|(_, id)| id).collect();
    assert_eq!(given.iter().cloned().collect::<BTreeSet<_>>(), listed, "every lesson listed is given: {given:?}");
    // At the setup the knights, the tents and the virtue cards; then the
    // circle's locations as they are laid, the quests as they turn up, the
    // action cards as they are picked.
    assert_eq!(given[..3], ["teach.kak.card.knight", "teach.kak.card.tent", "teach.kak.card.virtue"]);
    assert_eq!(given[3..5], ["teach.kak.card.location.camelot", "teach.kak.card.location.outside"]);
    assert_eq!(given[5..7], ["teach.kak.card.quest", "teach.kak.card.quest.golden_pheasant"]);
    assert_eq!(given[7], "teach.kak.card.action.training");
    // Every kind of the catalog has a lesson.
    let kinds: BTreeSet<&str> = Kak::card_lesson_ids().into_iter().map(|(k, _)| k).collect();
    let catalog: BTreeSet<String> =
        Catalog::builtin().by_game(GameKind::KingArthursKnights).iter().map(|c| c.kind.clone()).collect();
    assert_eq!(kinds.into_iter().map(str::to_string).collect::<BTreeSet<_>>(), catalog);
}

#[test]
fn a_ring_given_at_setup_explains_its_locations_with_the_setup() {
    let given = lessons_of(|step| {
        step(Command::Setup(setup(2)));
        // Quest 11 met later than the first quest: its own words come then.
        step(Command::Reveal { card: "kak/quest/wild-boar".into() });
        step(Command::Reveal { card: "kak/quest/black-knight".into() });
        step(Command::Reveal { card: "kak/quest/golden-pheasant".into() });
    });
    assert_eq!(
        given,
        [
            "teach.kak.card.knight",
            "teach.kak.card.tent",
            "teach.kak.card.virtue",
            "teach.kak.card.location.camelot",
            "teach.kak.card.location.outside",
            "teach.kak.card.quest",
            "teach.kak.card.quest.golden_pheasant",
        ]
    );
}

#[test]
fn the_worked_examples_lesson_says_the_catalogs_facts_and_every_lesson_is_one_or_two_sentences() {
    let f = Facts::from_catalog(Catalog::builtin());
    let q = &f.quests["kak/quest/golden-pheasant"];
    assert_eq!(q.needs, [0, 1, 0, 1], "a Lance and a Book");
    for lang in Lang::ALL {
        let text = lang.text(&tavola_words::Msg::new("teach.kak.card.quest.golden_pheasant"));
        assert!(text.contains(&format!(" {} ", q.points)), "{text}");
        let place = lang.text(&crate::facts::card_msg(&q.location));
        assert!(text.to_lowercase().contains(&place.to_lowercase()), "{text} names {place}");
    }
    for (_, id) in Kak::card_lesson_ids() {
        for lang in Lang::ALL {
            let text = lang.text(&tavola_words::Msg::new(id.clone()));
            assert_ne!(text, id, "{id} in {lang:?}");
            let n = text.split_inclusive(['.', '?', '!']).filter(|s| s.trim().len() > 1).count();
            assert!((1..=2).contains(&n), "{id} has {n} sentences in {lang:?}: {text}");
        }
    }
}
