//! Nottingham's rules, scene by scene. The card facts here are test values
//! (a short path, round points), not the owner's cards.

use super::items::{Colour, Commission, Facts, Item, Points};
use super::*;
use crate::{Ctx, Game};

/// A test path: not the board's, only its range.
const PATH: [u8; 5] = [4, 3, 5, 2, 6];

fn facts() -> Facts {
    let mut f = Facts { path: PATH.to_vec(), ..Facts::default() };
    for (c, alone, shared) in [
        (Commission::OneOfEach, 30, 20),
        (Commission::FiveAlike, 25, 15),
        (Commission::FourPairs, 20, 12),
        (Commission::ThreePairs, 14, 10),
    ] {
        f.commissions.insert(c, Points { alone, shared });
    }
    f.ambush_items.insert("nottingham/ambush/items-1".into(), [Item::Pearls, Item::Chest]);
    f
}

fn table(n: usize) -> (Nottingham, Ctx<'static>) {
    let mut ctx = Ctx::seeded(1);
    let mut g = Nottingham::default();
    let setup = Setup {
        colours: Colour::ALL[..n].to_vec(),
        names: ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Gina"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        first: Seat(0),
        facts: facts(),
    };
    run(&mut g, &mut ctx, Command::Setup(setup));
    (g, ctx)
}

fn run(g: &mut Nottingham, ctx: &mut Ctx<'_>, c: Command) -> Vec<Event> {
    let events = g.execute(&c, ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
    g.check_invariants().unwrap_or_else(|e| panic!("after {c:?}: {e}"));
    events
}

fn refused(g: &Nottingham, c: Command) -> String {
    let before = g.clone();
    let e = g.decide(&c, &mut Ctx::seeded(0)).expect_err("refused");
    assert_eq!(*g, before);
    let code = e.code();
    code.strip_prefix("nottingham.").map_or(code.clone(), str::to_string)
}

fn hands(g: &Nottingham) -> Vec<u8> {
    g.player_states().iter().map(|p| p.hand).collect()
}

/// Draws `item` and keeps it.
fn keep(g: &mut Nottingham, ctx: &mut Ctx<'_>, item: Item) {
    run(g, ctx, Command::Draw { item });
    if item != Item::Necklace {
        run(g, ctx, Command::Keep);
    }
}

#[test]
fn setup_deals_three_each_puts_away_the_unused_colours_and_needs_the_path() {
    let mut g = Nottingham::default();
    let mut setup = Setup { colours: vec![Colour::Red, Colour::Blue, Colour::Grey], ..Setup::placeholder() };
    assert_eq!(refused(&g, Command::Setup(setup.clone())), "common.facts_needed");
    setup.facts.path = vec![4, 9];
    assert_eq!(refused(&g, Command::Setup(setup.clone())), "path_value");
    setup.facts.path = PATH.to_vec();
    setup.colours.push(Colour::Red);
    assert_eq!(refused(&g, Command::Setup(setup.clone())), "colour_twice");
    setup.colours = vec![Colour::Red, Colour::Blue];
    assert_eq!(refused(&g, Command::Setup(setup.clone())), "player_count");
    setup.colours = vec![Colour::Red, Colour::Blue, Colour::Grey];
    let events = run(&mut g, &mut Ctx::seeded(0), Command::Setup(setup));
    let Event::SetUp { put_away, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!(*put_away, [Colour::Yellow, Colour::Green, Colour::Purple, Colour::White]);
    assert_eq!(hands(&g), [3, 3, 3]);
    assert_eq!(g.piles(), (84 - 9, 0));
    assert_eq!(g.view().ambush_deck, 9, "13 less the four colours put away");
}

#[test]
fn a_turn_draws_then_keeps_or_acts_then_exchanges_once() {
    let (mut g, mut ctx) = table(3);
    assert_eq!(refused(&g, Command::Keep), "draw_first");
    assert_eq!(refused(&g, Command::Trade { item: Item::Gold, count: 3 }), "finish_the_card");
    run(&mut g, &mut ctx, Command::Draw { item: Item::Chest });
    assert_eq!(refused(&g, Command::Draw { item: Item::Chest }), "already_drawn");
    run(&mut g, &mut ctx, Command::Keep);
    assert_eq!(hands(&g), [4, 3, 3]);
    assert_eq!(refused(&g, Command::Trade { item: Item::Chest, count: 2 }), "trade_too_small");
    // The box holds 12 of each kind: 13 alike cannot be.
    assert_eq!(refused(&g, Command::Trade { item: Item::Chest, count: 13 }), "trade_too_large");
    assert_eq!(refused(&g, Command::Trade { item: Item::Chest, count: 5 }), "not_enough_cards");
    // Nobody holds an ambush: the exchange goes through at once.
    run(&mut g, &mut ctx, Command::Trade { item: Item::Chest, count: 3 });
    assert_eq!(g.player_states()[0].winnings, [Item::Chest]);
    assert_eq!(g.piles().1, 2, "one kept for points, two discarded");
    // The Sheriff's first space holds 4: every hand of 4 or fewer gets a favour.
    assert_eq!(g.sheriff(), (1, Some(4)));
    assert_eq!(hands(&g), [2, 4, 4]);
    assert_eq!(g.piles().0, 84 - 9 - 1 - 3);
    assert_eq!(refused(&g, Command::Trade { item: Item::Gold, count: 3 }), "one_exchange");
    run(&mut g, &mut ctx, Command::EndTurn);
    assert_eq!(g.turn().map(|t| t.seat), Some(Seat(1)));
}

#[test]
fn the_necklace_is_kept_and_an_attack_with_no_one_to_rob_is_refused() {
    let (mut g, mut ctx) = table(3);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Necklace });
    assert_eq!(hands(&g)[0], 4, "kept on the draw");
    assert_eq!(refused(&g, Command::Act), "card_placed");
    run(&mut g, &mut ctx, Command::EndTurn);
    // Bruno draws a candlestick while every other hand is empty.
    run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(0), cards: 0 });
    run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(2), cards: 0 });
    run(&mut g, &mut ctx, Command::Draw { item: Item::SilverCandlestick });
    assert_eq!(refused(&g, Command::Act), "no_opponent_holds");
    assert!(!g.legal().iter().any(|l| *l.command() == Command::Act));
    run(&mut g, &mut ctx, Command::Keep);
}

#[test]
fn steal_rob_raid_give_the_attacker_a_card_and_leave_the_victim_even_defended_or_not() {
    let (mut g, mut ctx) = table(3);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Pearls });
    run(&mut g, &mut ctx, Command::Act);
    assert_eq!(refused(&g, Command::Take { from: Seat(0), defended: false }), "not_yourself");
    assert_eq!(refused(&g, Command::Buy { from: None }), "not_that_action");
    run(&mut g, &mut ctx, Command::Take { from: Seat(1), defended: true });
    assert_eq!(hands(&g), [4, 3, 3], "the Necklace for the pearls: a card each way");
    run(&mut g, &mut ctx, Command::EndTurn);
    run(&mut g, &mut ctx, Command::Draw { item: Item::CopperCoin });
    run(&mut g, &mut ctx, Command::Act);
    run(&mut g, &mut ctx, Command::Buy { from: Some(Seat(2)) });
    assert_eq!(hands(&g), [4, 4, 3], "Carla sold a card for the coin");
    run(&mut g, &mut ctx, Command::EndTurn);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Chest });
    run(&mut g, &mut ctx, Command::Act);
    assert_eq!(refused(&g, Command::Barter { from: None, cards: 1 }), "barter_must_take");
    run(&mut g, &mut ctx, Command::Barter { from: Some(Seat(0)), cards: 2 });
    assert_eq!(hands(&g), [3, 4, 5], "two cards for the chest");
}

#[test]
fn an_ambush_takes_a_card_of_the_exchange_and_can_spoil_it() {
    let (mut g, mut ctx) = table(3);
    // Anna lays an ambush with the Gold she drew.
    run(&mut g, &mut ctx, Command::Draw { item: Item::Gold });
    run(&mut g, &mut ctx, Command::Act);
    assert_eq!(g.player_states()[0].ambushes, 1);
    assert_eq!(hands(&g)[0], 3, "the Gold lies under the ambush card, not in the hand");
    run(&mut g, &mut ctx, Command::EndTurn);
    // Bruno exchanges three pearls: the window opens for Anna.
    run(&mut g, &mut ctx, Command::Draw { item: Item::Pearls });
    run(&mut g, &mut ctx, Command::Keep);
    run(&mut g, &mut ctx, Command::Trade { item: Item::Pearls, count: 3 });
    let w = g.waiting().expect("the ambush window");
    assert_eq!(w.pad, [(Seat(0), false)]);
    assert_eq!(w.timer.map(|t| t.0.name), Some("ambush"));
    assert_eq!(refused(&g, Command::EndTurn), "ambushes_open");
    // Wrong cards are refused with the reason.
    let spring = |card: &str| Command::Spring { seat: None, card: card.into() };
    assert_eq!(refused(&g, spring("nottingham/ambush/red")), "own_colour");
    assert_eq!(refused(&g, spring("nottingham/ambush/green")), "wrong_colour");
    let asked = g.decide(&spring("nottingham/ambush/items-2"), &mut Ctx::seeded(0)).unwrap_err();
    assert_eq!(asked, CommonError::FactsNeeded { cards: vec!["nottingham/ambush/items-2".into()] }.into());
    // Learned, and it shows Gold and Jewels: not pearls.
    let mut learned = Facts::default();
    learned.ambush_items.insert("nottingham/ambush/items-2".into(), [Item::Gold, Item::Jewels]);
    assert_eq!(refused(&g, Command::Learn { facts: learned.clone() }), "ambush_items", "no card shows Gold");
    learned.ambush_items.insert("nottingham/ambush/items-2".into(), [Item::Jewels, Item::Chest]);
    run(&mut g, &mut ctx, Command::Learn { facts: learned });
    assert_eq!(refused(&g, spring("nottingham/ambush/items-2")), "wrong_items");
    // Bruno's colour card catches any exchange of his.
    assert_eq!(g.card_command("nottingham/ambush/yellow", ctx.cards), Ok(spring("nottingham/ambush/yellow")));
    run(&mut g, &mut ctx, Command::Announce { seat: Seat(0) });
    run(&mut g, &mut ctx, spring("nottingham/ambush/yellow"));
    // Two cards left: the exchange is spoiled, the Sheriff stays.
    assert_eq!(hands(&g), [4, 4, 3], "Anna took a pearl; Bruno has the Gold and his two pearls back");
    assert_eq!(g.sheriff().0, 0);
    assert!(g.player_states()[1].winnings.is_empty());
    assert_eq!(g.view().ambush_deck, 13 - 4, "the ambush card goes back under its deck");
    assert_eq!(refused(&g, Command::Trade { item: Item::Gold, count: 3 }), "one_exchange");
}

#[test]
fn an_exchange_that_keeps_three_cards_through_an_ambush_still_scores() {
    let (mut g, mut ctx) = table(3);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Gold });
    run(&mut g, &mut ctx, Command::Act);
    run(&mut g, &mut ctx, Command::EndTurn);
    keep(&mut g, &mut ctx, Item::Pearls);
    run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(1), cards: 6 });
    run(&mut g, &mut ctx, Command::Trade { item: Item::Pearls, count: 4 });
    // The two-item card showing pearls, laid straight on the reader: Anna
    // is the only one who could have sprung it.
    let spring = g.card_command("nottingham/ambush/items-1", ctx.cards).expect("in the window");
    run(&mut g, &mut ctx, spring);
    assert_eq!(g.player_states()[1].winnings, [Item::Pearls], "three pearls left: still an exchange");
    assert_eq!(g.sheriff().0, 1);
    assert!(g.waiting().is_none(), "Anna has no ambush left: the window closed");
}

#[test]
fn a_window_nobody_answers_closes_on_time_and_the_exchange_goes_through() {
    let (mut g, mut ctx) = table(4);
    for seat in [0, 1] {
        run(&mut g, &mut ctx, Command::Draw { item: Item::Gold });
        run(&mut g, &mut ctx, Command::Act);
        run(&mut g, &mut ctx, Command::EndTurn);
        let _ = seat;
    }
    keep(&mut g, &mut ctx, Item::Jewels);
    run(&mut g, &mut ctx, Command::Trade { item: Item::Jewels, count: 3 });
    assert_eq!(g.waiting().map(|w| w.pad.len()), Some(2));
    assert_eq!(g.pad_command(Seat(1), false), Some(Command::Pass { seat: Seat(1) }));
    run(&mut g, &mut ctx, Command::Pass { seat: Seat(1) });
    assert_eq!(refused(&g, Command::Pass { seat: Seat(1) }), "common.not_asked");
    assert_eq!(g.timeout_command(), Some(Command::CloseAmbushes));
    run(&mut g, &mut ctx, Command::CloseAmbushes);
    assert_eq!(g.player_states()[2].winnings, [Item::Jewels]);
    assert_eq!(g.timeout_command(), None);
}

#[test]
fn commissions_go_to_two_players_at_most_once_each_and_the_eighth_ends_the_game() {
    let mut ctx = Ctx::seeded(1);
    let mut g = Nottingham::default();
    let long = Facts { path: vec![8; 10], ..facts() };
    let setup = Setup { colours: Colour::ALL[..4].to_vec(), facts: long, ..Setup::placeholder() };
    run(&mut g, &mut ctx, Command::Setup(setup));
    let turn = |g: &mut Nottingham, ctx: &mut Ctx<'_>| {
        let seat = g.turn().expect("a turn").seat;
        keep(g, ctx, Item::CopperCoin);
        run(g, ctx, Command::CorrectHand { seat, cards: 9 });
    };
    let complete = |g: &mut Nottingham, ctx: &mut Ctx<'_>, c: Commission| {
        run(g, ctx, Command::Complete { commission: c });
        if !g.is_over() {
            run(g, ctx, Command::EndTurn);
        }
    };
    use Commission::*;
    turn(&mut g, &mut ctx);
    run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(0), cards: 7 });
    assert_eq!(refused(&g, Command::Complete { commission: FourPairs }), "not_enough_cards");
    run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(0), cards: 9 });
    complete(&mut g, &mut ctx, FiveAlike);
    turn(&mut g, &mut ctx);
    complete(&mut g, &mut ctx, FiveAlike);
    turn(&mut g, &mut ctx);
    assert_eq!(refused(&g, Command::Complete { commission: FiveAlike }), "commission_gone");
    complete(&mut g, &mut ctx, OneOfEach);
    turn(&mut g, &mut ctx);
    complete(&mut g, &mut ctx, OneOfEach);
    turn(&mut g, &mut ctx);
    assert_eq!(refused(&g, Command::Complete { commission: FiveAlike }), "commission_twice");
    complete(&mut g, &mut ctx, FourPairs);
    turn(&mut g, &mut ctx);
    complete(&mut g, &mut ctx, ThreePairs);
    turn(&mut g, &mut ctx);
    complete(&mut g, &mut ctx, FourPairs);
    assert!(!g.is_over());
    turn(&mut g, &mut ctx);
    complete(&mut g, &mut ctx, ThreePairs);
    assert!(g.is_over(), "the eighth commission card is taken");
    assert_eq!(g.sheriff().0, 7, "no move after the last");
    assert_eq!(g.outcome().map(|o| o.reason), Some("commissions".into()));
    // Shared everywhere: Anna five alike 15 + four pairs 12; Bruno 15 + three
    // pairs 10; Carla one of each 20 + four pairs 12; Dario 20 + 10.
    let totals: Vec<u32> = g.scores().expect("known").iter().map(|s| s.commissions).collect();
    assert_eq!(totals, [27, 25, 32, 30]);
}

#[test]
fn the_sheriff_coming_home_ends_the_game_and_the_count_breaks_ties_on_winnings_cards() {
    let (mut g, mut ctx) = table(3);
    // Five exchanges walk the five test spaces; the sixth brings him home.
    let trades = [
        (Item::Chest, 3),
        (Item::CopperCoin, 3),
        (Item::Pearls, 3),
        (Item::Gold, 3),
        (Item::Jewels, 3),
        (Item::Chest, 3),
    ];
    for (i, (item, count)) in trades.into_iter().enumerate() {
        let seat = g.turn().expect("a turn").seat;
        keep(&mut g, &mut ctx, Item::Necklace);
        run(&mut g, &mut ctx, Command::CorrectHand { seat, cards: 5 });
        run(&mut g, &mut ctx, Command::Trade { item, count });
        if g.is_over() {
            assert_eq!(i, 5, "home on the sixth move");
            break;
        }
        run(&mut g, &mut ctx, Command::EndTurn);
    }
    assert!(g.is_over());
    let v = g.view();
    let scores = v.scores.expect("every point known");
    // Anna: chest 13 + gold 9; Bruno: coin 7 + jewels 11; Carla: pearls 10 + chest 13.
    assert_eq!(scores.iter().map(|s| s.total).collect::<Vec<_>>(), [22, 18, 23]);
    assert_eq!(v.winners, Some(vec![Seat(2)]));
    let o = g.outcome().expect("over");
    assert_eq!((o.winner.as_str(), o.reason.as_str()), ("green", "sheriff_home"));
    let words = Nottingham::outcome_words(&o.winner, &o.reason).expect("words");
    assert_eq!(crate::Lang::En.text(&words.title), "Green wins");
}

#[test]
fn an_empty_deck_takes_the_discards_and_with_none_the_hands_are_cut() {
    let (mut g, mut ctx) = table(3);
    // The discards are shuffled into a new deck.
    g.deck = 0;
    g.discard = 6;
    let events = run(&mut g, &mut ctx, Command::Draw { item: Item::Chest });
    assert!(matches!(events[0], Event::Reshuffled { cards: 6 }), "{events:?}");
    assert_eq!(g.piles(), (5, 0));
    run(&mut g, &mut ctx, Command::Keep);
    run(&mut g, &mut ctx, Command::EndTurn);
    // No deck and no discards, the Sheriff on a 4: Bruno's nine cards are cut
    // to four, the Sheriff moves on without favours, the cut cards make the
    // new deck.
    (g.deck, g.discard, g.sheriff) = (0, 0, 1);
    g.players[1].hand = 9;
    let events = run(&mut g, &mut ctx, Command::Draw { item: Item::Gold });
    assert_eq!(
        events,
        [
            Event::HandsCut { cuts: vec![(Seat(1), 5)] },
            Event::SheriffMoved { to: 2 },
            Event::Reshuffled { cards: 5 },
            Event::Drew { seat: Seat(1), item: Item::Gold },
        ]
    );
    assert_eq!(hands(&g), [4, 4, 3]);
    run(&mut g, &mut ctx, Command::Keep);
    run(&mut g, &mut ctx, Command::EndTurn);
    // Nothing anywhere, and no hand above the Sheriff's number: no draw.
    (g.deck, g.discard) = (0, 0);
    for p in &mut g.players {
        p.hand = 1;
    }
    let events = run(&mut g, &mut ctx, Command::Draw { item: Item::Gold });
    assert_eq!(events, [Event::SheriffMoved { to: 3 }, Event::NoDraw { seat: Seat(2) }]);
    assert!(g.legal().iter().any(|l| *l.command() == Command::EndTurn), "the turn goes on");
}

#[test]
fn random_games_keep_the_rules_invariants() {
    let report = crate::testkit::check_game::<Nottingham>(11, 60, 400).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.finished > 10, "{report:?}");
}

#[test]
fn the_players_own_pad_keeps_the_card_drawn_or_plays_it() {
    let (mut g, mut ctx) = table(3);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Chest });
    assert_eq!(g.pad_command(Seat(1), true), None, "another seat's pad does nothing");
    assert_eq!(g.pad_command(Seat(0), true), Some(Command::Keep));
    assert_eq!(g.pad_command(Seat(0), false), Some(Command::Act));
    run(&mut g, &mut ctx, Command::Keep);
    assert_eq!(g.pad_command(Seat(0), true), None, "nothing to answer now");
}

#[test]
fn a_tie_on_points_goes_to_more_cards_won_then_is_shared() {
    let (mut g, _) = table(3);
    // More points win, whatever the cards: 22 with three cards against 20.
    g.players[0].winnings = vec![Item::Chest, Item::CopperCoin];
    g.players[2].winnings = vec![Item::CopperCoin, Item::SilverCandlestick, Item::CopperCoin];
    assert_eq!(g.scores().expect("known").iter().map(|s| s.total).collect::<Vec<_>>(), [20, 0, 22]);
    assert_eq!(g.winners(), Some(vec![Seat(2)]));
    g.players[2].winnings = vec![Item::Pearls, Item::Pearls];
    // 20 and 20, two cards each: the victory is shared.
    assert_eq!(g.winners(), Some(vec![Seat(0), Seat(2)]));
    // Bruno's 20 from a commission (test points, shared by two): no card, he loses the tie.
    g.players[1].commissions = vec![Commission::OneOfEach];
    g.commissions.insert(Commission::OneOfEach, vec![Seat(1), Seat(0)]);
    g.players[0].commissions = vec![Commission::OneOfEach];
    g.players[0].winnings.clear();
    assert_eq!(g.scores().expect("known").iter().map(|s| s.total).collect::<Vec<_>>(), [20, 20, 20]);
    assert_eq!(g.winners(), Some(vec![Seat(2)]), "the most cards won breaks the tie");
}

#[test]
fn the_opponent_attacked_answers_on_their_own_pad() {
    let (mut g, mut ctx) = table(3);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Jewels });
    run(&mut g, &mut ctx, Command::Act);
    run(&mut g, &mut ctx, Command::Target { from: Seat(2) });
    assert_eq!(g.waiting().map(|w| w.pad), Some(vec![(Seat(2), false)]), "Carla's light asks her");
    assert_eq!(g.pad_command(Seat(1), true), None, "only the opponent attacked answers");
    let defend = g.pad_command(Seat(2), true).expect("her left button");
    assert_eq!(defend, Command::Defend { defended: true });
    let events = run(&mut g, &mut ctx, defend);
    assert!(matches!(events[0], Event::Took { from: Seat(2), defended: true, action: Action::Raid, .. }), "{events:?}");
    assert_eq!(hands(&g), [4, 3, 3]);
}

#[test]
fn the_setup_copies_the_owners_book_and_learns_only_cards_met_since() {
    // Test values, not a real board's or card's numbers.
    let book = facts().to_book();
    assert_eq!(Facts::from_book(&book), facts(), "a book says what the facts say");
    let mut g = Nottingham::default();
    let setup = Setup { colours: vec![Colour::Red, Colour::Blue, Colour::Grey], ..Setup::placeholder() };
    let mut ctx = Ctx::seeded(0).with_facts(&book);
    let events = run(&mut g, &mut ctx, Command::Setup(setup));
    assert_eq!(g.facts(), &facts(), "the setup event carries the book's facts");
    let replayed = Nottingham::replay(&events);
    assert_eq!(replayed.facts(), &facts(), "a replay needs no book");
    // A card met later: only it is learned; the path stays as set up.
    let mut later = book.clone();
    let items_1 = book.get("nottingham/ambush/items-1").cloned().unwrap_or_default();
    later.set("nottingham/ambush/items-4", items_1);
    let Some(Command::Learn { facts: learned }) = g.learn_command(&later.only(|c| c.ends_with("items-4"))) else {
        panic!("a learn command")
    };
    assert!(learned.path.is_empty());
    assert_eq!(learned.ambush_items.len(), 1);
    run(&mut g, &mut Ctx::seeded(0), Command::Learn { facts: learned });
    assert!(g.facts().ambush_items.contains_key("nottingham/ambush/items-4"));
}

#[test]
fn cards_laid_on_the_reader_make_the_exchange_and_a_card_read_twice_is_refused() {
    let (mut g, mut ctx) = table(3);
    let chest = |n: u8| format!("nottingham/item/chest-{n}");
    assert_eq!(
        g.card_command(&chest(1), ctx.cards),
        Ok(Command::Draw { item: Item::Chest }),
        "before the draw a card laid is the card drawn"
    );
    run(&mut g, &mut ctx, Command::Draw { item: Item::Chest });
    run(&mut g, &mut ctx, Command::Keep);
    assert_eq!(g.card_command(&chest(2), ctx.cards), Ok(Command::Lay { card: chest(2) }));
    run(&mut g, &mut ctx, Command::Lay { card: chest(2) });
    assert_eq!(refused(&g, Command::Lay { card: chest(2) }), "card_laid_twice", "one physical card counts once");
    run(&mut g, &mut ctx, Command::Lay { card: chest(5) });
    run(&mut g, &mut ctx, Command::Lay { card: "nottingham/item/gold-1".into() });
    assert_eq!(g.view().laid, [Item::Chest, Item::Chest, Item::Gold]);
    // Not alike: no exchange of them, another is refused, they go back.
    assert!(!g.legal().iter().any(|l| matches!(l.command(), Command::Trade { .. })));
    assert_eq!(refused(&g, Command::Trade { item: Item::Chest, count: 3 }), "not_the_cards_laid");
    assert_eq!(refused(&g, Command::Complete { commission: Commission::FiveAlike }), "not_the_commission");
    run(&mut g, &mut ctx, Command::TakeBack);
    assert!(g.view().laid.is_empty());
    assert_eq!(hands(&g), [4, 3, 3], "the cards never left the hand");
    for n in [2, 5, 7] {
        run(&mut g, &mut ctx, Command::Lay { card: chest(n) });
    }
    run(&mut g, &mut ctx, Command::Lay { card: "nottingham/item/gold-1".into() });
    assert_eq!(refused(&g, Command::Lay { card: chest(9) }), "not_enough_cards", "four in hand, four laid");
    run(&mut g, &mut ctx, Command::TakeBack);
    for n in [2, 5, 7] {
        run(&mut g, &mut ctx, Command::Lay { card: chest(n) });
    }
    let legal = g.legal();
    let offered: Vec<&Command> =
        legal.iter().map(|l| l.command()).filter(|c| matches!(c, Command::Trade { .. })).collect();
    assert_eq!(offered, [&Command::Trade { item: Item::Chest, count: 3 }], "the exchange of the cards laid");
    run(&mut g, &mut ctx, Command::Trade { item: Item::Chest, count: 3 });
    assert!(g.view().laid.is_empty());
    assert_eq!(g.player_states()[0].winnings, [Item::Chest]);
    assert_eq!(refused(&g, Command::Lay { card: chest(9) }), "one_exchange");
}

#[test]
fn a_commission_from_cards_laid_needs_exactly_its_combination() {
    assert!(Commission::OneOfEach.is_made_of(&Item::ALL));
    assert!(!Commission::OneOfEach.is_made_of(&Item::ALL[..6]));
    assert!(Commission::FiveAlike.is_made_of(&[Item::Gold; 5]));
    assert!(!Commission::FiveAlike.is_made_of(&[Item::Gold; 4]));
    let pairs = |items: &[Item]| items.iter().flat_map(|&i| [i, i]).collect::<Vec<_>>();
    assert!(Commission::ThreePairs.is_made_of(&pairs(&[Item::Gold, Item::Chest, Item::Pearls])));
    assert!(
        !Commission::ThreePairs.is_made_of(&pairs(&[Item::Gold, Item::Gold, Item::Pearls])),
        "pairs of different items"
    );
    assert!(Commission::FourPairs.is_made_of(&pairs(&[Item::Gold, Item::Chest, Item::Pearls, Item::Jewels])));
    assert!(!Commission::FourPairs.is_made_of(&pairs(&[Item::Gold, Item::Chest, Item::Pearls])));
}

/// The words a narration cue stands for (`narration.<id>` with its
/// arguments).
fn cue_words(cue: &Cue) -> tavola_words::Msg {
    let mut m = tavola_words::Msg::new(format!("narration.{}", cue.id.replace('-', "_")));
    for (name, arg) in &cue.args {
        if let crate::CueArg::Say(a) = arg {
            m = m.with(name.clone(), a.clone());
        }
    }
    m
}

/// `count` cards, in the words of each language ("una carta", "2 carte").
fn cards_said(count: u8) -> [(crate::Lang, String); 2] {
    use crate::Lang;
    match count {
        1 => [(Lang::It, "una carta".into()), (Lang::En, "one card".into())],
        n => [(Lang::It, format!("{n} carte")), (Lang::En, format!("{n} cards"))],
    }
}

#[test]
fn a_favour_goes_to_every_hand_at_or_below_the_sheriffs_number_and_the_words_say_that_number() {
    let (mut g, mut ctx) = table(4);
    // The Sheriff's first space: its number, as the engine reads the path.
    let n = PATH[0];
    keep(&mut g, &mut ctx, Item::Chest);
    // Anna exchanges 3 and keeps one more than the number; Bruno holds it,
    // Carla one fewer, Dario one more.
    for (seat, cards) in [(0, n + 1 + 3), (1, n), (2, n - 1), (3, n + 1)] {
        run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(seat), cards });
    }
    let events = run(&mut g, &mut ctx, Command::Trade { item: Item::Chest, count: 3 });
    assert_eq!(g.sheriff(), (1, Some(n)), "the Sheriff stands on the space that shows {n}");
    let favoured: Vec<Seat> = events
        .iter()
        .find_map(|e| match e {
            Event::Favoured { seats } => Some(seats.clone()),
            _ => None,
        })
        .expect("favours");
    assert_eq!(favoured, [Seat(1), Seat(2)], "{n} cards and {} receive a favour, {} do not", n - 1, n + 1);
    assert_eq!(hands(&g), [n + 1, n + 1, n, n + 1]);
    // The narrator says the very number the engine used.
    let moved = events.iter().find(|e| matches!(e, Event::SheriffMoved { .. })).expect("the Sheriff moved");
    let cue = g.cues(moved).into_iter().next().expect("a line");
    assert_eq!(cue.id, "nottingham.sheriff.moved");
    assert_eq!(cue.args.get("count"), Some(&crate::CueArg::Say(n.into())));
    for lang in crate::Lang::ALL {
        let text = lang.text(&cue_words(&cue));
        assert!(text.contains(&format!("{n} ")), "{lang:?}: {text}");
        assert!(!text.contains(&(n + 1).to_string()) && !text.contains(&(n - 1).to_string()), "{lang:?}: {text}");
    }
}

#[test]
fn an_ambush_takes_as_many_cards_as_the_engine_says_and_every_word_about_it_says_so() {
    let (mut g, mut ctx) = table(3);
    run(&mut g, &mut ctx, Command::Draw { item: Item::Gold });
    run(&mut g, &mut ctx, Command::Act);
    run(&mut g, &mut ctx, Command::EndTurn);
    keep(&mut g, &mut ctx, Item::Pearls);
    run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(1), cards: 6 });
    run(&mut g, &mut ctx, Command::Trade { item: Item::Pearls, count: 5 });
    let mut before = g.clone();
    let events =
        run(&mut g, &mut ctx, Command::Spring { seat: Some(Seat(0)), card: "nottingham/ambush/yellow".into() });
    // The exchange loses AMBUSH_TAKES cards to the ambusher's hand, and
    // goes on with the rest.
    let sprung = events.iter().find(|e| matches!(e, Event::Sprung { .. })).expect("sprung");
    let held = hands(&before)[0];
    before.apply(sprung);
    assert_eq!(hands(&before)[0], held + AMBUSH_TAKES);
    let traded = events.iter().find_map(|e| match e {
        Event::Traded { count, .. } => Some(*count),
        _ => None,
    });
    assert_eq!(traded, Some(5 - AMBUSH_TAKES));
    let cue = g.cues(sprung).into_iter().next().expect("a line");
    assert_eq!(cue.args.get("count"), Some(&crate::CueArg::Say(AMBUSH_TAKES.into())));
    // The narrator's line, the ambush window's lesson and the ambush cards'
    // lessons say that number of cards.
    for (lang, words) in cards_said(AMBUSH_TAKES) {
        let line = lang.text(&cue_words(&cue));
        assert!(line.contains(&words), "{lang:?}: {line}");
        for id in
            ["teach.nottingham.ambushes", "teach.nottingham.card.ambush.colour", "teach.nottingham.card.ambush.items"]
        {
            let text = lang.text(&tavola_words::Msg::new(id));
            assert!(text.contains(&words), "{id} in {lang:?} says not {words:?}: {text}");
        }
    }
}

/// Plays `commands` on `g`, feeding every event to the first-game lessons
/// as the table does; returns the card lessons given, in order.
fn lessons_given(
    g: &mut Nottingham,
    ctx: &mut Ctx<'_>,
    any: &mut crate::AnyGame,
    lessons: &mut crate::teach::Lessons,
    commands: Vec<Command>,
) -> Vec<String> {
    let cards: Vec<String> = Nottingham::card_lesson_ids().into_iter().map(|(_, id)| id).collect();
    let mut given = Vec::new();
    for c in commands {
        for e in run(g, ctx, c) {
            let e = crate::AnyEvent::Nottingham(e);
            any.apply(&e).expect("the event applies");
            for l in lessons.due_after(any, std::slice::from_ref(&e)) {
                if cards.contains(&l.id) {
                    let name = l.card.as_ref().expect("a card lesson names its card");
                    for lang in crate::Lang::ALL {
                        let said = lang.text(name);
                        assert!(!said.is_empty() && !said.starts_with("card."), "{}: the card is named {said:?}", l.id);
                    }
                    given.push(l.id);
                }
            }
        }
    }
    given
}

#[test]
fn every_kind_of_card_is_explained_once_when_it_first_comes_into_play() {
    use Command as C;
    let mut ctx = Ctx::seeded(1);
    let mut g = Nottingham::default();
    let mut any = crate::AnyGame::new(GameKind::Nottingham).expect("playable");
    let mut lessons = crate::teach::Lessons::new();
    let setup = Setup {
        colours: Colour::ALL[..3].to_vec(),
        names: vec!["Anna".into(), "Bruno".into(), "Carla".into()],
        first: Seat(0),
        facts: facts(),
    };
    let mut given = lessons_given(&mut g, &mut ctx, &mut any, &mut lessons, vec![C::Setup(setup)]);
    assert_eq!(given, ["teach.nottingham.card.pawn.sheriff", "teach.nottingham.card.board.sheriff_path"]);
    let draw = |item| C::Draw { item };
    let turns = vec![
        // Anna lays an ambush with Gold; Bruno draws a Necklace, which goes to his hand.
        draw(Item::Gold),
        C::Act,
        C::EndTurn,
        draw(Item::Necklace),
        C::EndTurn,
        // Carla buys nothing with her Copper Coin; Anna steals from Bruno, who defends.
        draw(Item::CopperCoin),
        C::Act,
        C::Buy { from: None },
        C::EndTurn,
        draw(Item::SilverCandlestick),
        C::Act,
        C::Take { from: Seat(1), defended: true },
        C::EndTurn,
        // Bruno robs Carla, Carla raids Anna, Anna barters with Bruno.
        draw(Item::Pearls),
        C::Act,
        C::Take { from: Seat(2), defended: false },
        C::EndTurn,
        draw(Item::Jewels),
        C::Act,
        C::Take { from: Seat(0), defended: false },
        C::EndTurn,
        draw(Item::Chest),
        C::Act,
        C::Barter { from: Some(Seat(1)), cards: 1 },
        C::EndTurn,
        // Bruno exchanges four chests: Anna springs his colour's ambush card.
        draw(Item::Chest),
        C::Keep,
        C::CorrectHand { seat: Seat(1), cards: 8 },
        C::Trade { item: Item::Chest, count: 4 },
        C::Spring { seat: Some(Seat(0)), card: "nottingham/ambush/yellow".into() },
        C::EndTurn,
        // Carla lays an ambush and springs the two-item card on Anna's pearls.
        draw(Item::Gold),
        C::Act,
        C::EndTurn,
        draw(Item::Pearls),
        C::Keep,
        C::CorrectHand { seat: Seat(0), cards: 8 },
        C::Trade { item: Item::Pearls, count: 4 },
        C::Spring { seat: Some(Seat(2)), card: "nottingham/ambush/items-1".into() },
        C::EndTurn,
        // Bruno, then Carla, complete three different pairs.
        draw(Item::Gold),
        C::Keep,
        C::CorrectHand { seat: Seat(1), cards: 9 },
        C::Complete { commission: Commission::ThreePairs },
        C::EndTurn,
        draw(Item::Gold),
        C::Keep,
        C::CorrectHand { seat: Seat(2), cards: 9 },
        C::Complete { commission: Commission::ThreePairs },
        C::EndTurn,
    ];
    given.extend(lessons_given(&mut g, &mut ctx, &mut any, &mut lessons, turns));
    assert_eq!(
        given,
        [
            "teach.nottingham.card.pawn.sheriff",
            "teach.nottingham.card.board.sheriff_path",
            "teach.nottingham.card.item.gold",
            "teach.nottingham.card.item.necklace",
            "teach.nottingham.card.item.copper_coin",
            "teach.nottingham.card.item.silver_candlestick",
            "teach.nottingham.card.item.pearls",
            "teach.nottingham.card.item.jewels",
            "teach.nottingham.card.item.chest",
            "teach.nottingham.card.ambush.colour",
            "teach.nottingham.card.ambush.items",
            "teach.nottingham.card.commission.first",
            "teach.nottingham.card.commission.second",
        ],
        "each once, when its card first comes into play (the second Gold, the Necklace played, the second pearls: nothing)"
    );
    // Every lesson there is was given: one per kind of card at least.
    let mut all: Vec<String> = Nottingham::card_lesson_ids().into_iter().map(|(_, id)| id).collect();
    all.sort();
    let mut seen = given.clone();
    seen.sort();
    assert_eq!(seen, all);
    let kinds: BTreeSet<&str> = Nottingham::card_lesson_ids().into_iter().map(|(k, _)| k).collect();
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["ambush", "board", "commission", "item", "pawn"]);
}

#[test]
fn each_items_lesson_says_the_points_the_engine_counts_for_it() {
    for item in Item::ALL {
        let id = format!("teach.nottingham.card.item.{}", item.slug().replace('-', "_"));
        for lang in crate::Lang::ALL {
            let text = lang.text(&tavola_words::Msg::new(id.clone()));
            assert!(text.contains(&format!(" {} ", item.value())), "{id} in {lang:?}: {text}");
            assert!(lang.text(&item.msg()).split_whitespace().all(|w| text.contains(w)), "{id} names its item: {text}");
        }
    }
}

#[test]
fn random_games_explain_only_listed_cards_in_one_or_two_sentences() {
    use crate::testkit::Fuzz;
    let listed: Vec<String> = Nottingham::card_lesson_ids().into_iter().map(|(_, id)| id).collect();
    let mut given = BTreeSet::new();
    for seed in 0..30 {
        let mut ctx = Ctx::seeded(seed);
        let mut g = Nottingham::default();
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            let command = g.random_command(&mut ctx);
            let Ok(events) = g.execute(&command, &mut ctx) else { continue };
            for e in events {
                for l in g.cards_entering(&e) {
                    assert!(listed.contains(&l.id), "{} is not listed", l.id);
                    for lang in crate::Lang::ALL {
                        let text = lang.text(&l.msg);
                        let n = text.split_inclusive(['.', '?', '!']).filter(|s| s.trim().len() > 1).count();
                        assert!((1..=2).contains(&n), "{} in {lang:?}: {n} sentences", l.id);
                    }
                    given.insert(l.id);
                }
            }
        }
    }
    assert!(given.len() >= 8, "{given:?}");
}
