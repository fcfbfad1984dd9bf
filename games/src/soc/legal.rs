//! What the rules accept now ([`crate::Game::legal`]), from the very checks
//! `decide` makes: the board screen's buttons and the fuzzers are built
//! from this list.
//!
//! The order is the screen's: what waits first, then the evil step, then
//! the heroic actions (the quest's own, travel, a special card, healing,
//! an accusation, the sacrifice), then the end of the turn, and last the
//! host's corrections of a hand.

use super::black::MERLIN_CARDS;
use super::quests::{Place, QuestId, FIGHT_VALUES};
use super::turn::MAX_HAND;
use super::{Command, Pending, Phase, Setup, Side, Soc};
use crate::{Legal, Seat};
use std::ops::RangeInclusive;

/// What a command [`Soc`]'s `legal` lists as open leaves to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The setup page's choices: the knights, their names, the loyalty
    /// cards, the youngest player.
    Setup,
    /// A loyalty card laid on the reader: face down at setup, or the
    /// accused's after an accusation. Which card it is, is the table's
    /// secret; `decide` judges it.
    LoyaltyCard,
    /// The black card drawn, laid on the reader or picked on screen: any
    /// card of the black deck. Whether it goes face down, and the war a
    /// Mercenaries card joins, may be given with it or asked after.
    BlackCard,
    /// A special white card of the deck, picked on screen.
    SpecialWhite,
    /// The fight cards played against a siege engine: one to `most` of
    /// them (the knight's hand), each of `values`.
    FightCards {
        /// The values a fight card may have.
        values: RangeInclusive<u8>,
        /// Most cards: as many as the knight holds.
        most: u8,
    },
    /// `cards` Merlin cards, one seat per card, from the `givers`, each
    /// giving at most the number beside it (the cards they hold).
    Merlin {
        /// Merlin cards needed.
        cards: u8,
        /// Who may give, and how many at most.
        givers: Vec<(Seat, u8)>,
    },
    /// A number of the board set right (life, engines, swords, a place),
    /// within its track: the values the engine accepts now.
    Correction {
        /// Siege engines: 0 to this.
        engines: u8,
        /// Black swords: 0 to this.
        black: u8,
        /// White and black swords together: 0 to this.
        swords: u8,
        /// Life points: 1 to this.
        life: u8,
        /// The knights whose life may be set.
        living: Vec<Seat>,
        /// The knights who may be moved, each with the places it may
        /// stand on.
        places: Vec<(Seat, Vec<Place>)>,
    },
    /// The knight's count of white cards in hand, set right: 0 to `most`.
    HandCount {
        /// The highest count.
        most: u8,
    },
}

impl Soc {
    /// See [`crate::Game::legal`].
    pub(super) fn legal_now(&self) -> Vec<Legal<Command, Choice>> {
        let mut out = Vec::new();
        if self.is_over_now() {
            return out;
        }
        if self.setup.is_none() {
            out.push(Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup));
            return out;
        }
        self.legal_moments(&mut out);
        // The host may set the board's numbers right at any time.
        if let Some(choice) = self.corrections() {
            let placeholder = super::Correction::Siege { engines: 0 };
            out.push(Legal::Open(Command::Correct { correction: placeholder }, choice));
        }
        // The host may set a living knight's hand right at any time.
        for seat in Seat::all(self.players()) {
            if self.check_correct_hand(seat, 0).is_ok() {
                out.push(Legal::Open(Command::CorrectHand { seat, cards: 0 }, Choice::HandCount { most: MAX_HAND }));
            }
        }
        out
    }

    /// What the host may set right now, found with the very check `decide`
    /// makes (`check_correction`): each track's top is the last value it
    /// accepts counting up from the bottom.
    fn corrections(&self) -> Option<Choice> {
        use super::Correction::{Life, Place as At, Siege, Swords};
        let ok = |c: super::Correction| self.check_correction(&c).is_ok();
        if !ok(Siege { engines: 0 }) {
            return None;
        }
        let top = |from: u8, f: &dyn Fn(u8) -> super::Correction| {
            (from..=u8::MAX).take_while(|&n| ok(f(n))).last().unwrap_or(from)
        };
        let seats = || Seat::all(self.players());
        let living: Vec<Seat> = seats().filter(|&seat| ok(Life { seat, life: 1 })).collect();
        let life = living.first().map_or(0, |&seat| top(1, &|life| Life { seat, life }));
        let places = seats()
            .map(|seat| (seat, Place::ALL.into_iter().filter(|&place| ok(At { seat, place })).collect::<Vec<_>>()))
            .filter(|(_, p)| !p.is_empty())
            .collect();
        Some(Choice::Correction {
            engines: top(0, &|engines| Siege { engines }),
            black: top(0, &|black| Swords { white: 0, black }),
            swords: top(0, &|white| Swords { white, black: 0 }),
            life,
            living,
            places,
        })
    }

    /// Everything but the hand corrections, in the order `decide` looks.
    fn legal_moments(&self, out: &mut Vec<Legal<Command, Choice>>) {
        if self.phase == Phase::LoyaltyScan {
            out.push(Legal::Open(Command::LoyaltyCard { card: String::new() }, Choice::LoyaltyCard));
            out.push(Legal::Exact(Command::SkipLoyaltyScan));
            return;
        }
        if !self.dying.is_empty() {
            for drink in [true, false] {
                if self.check_grail(drink).is_ok() {
                    out.push(Legal::Exact(Command::Grail { drink }));
                }
            }
            return;
        }
        if let Some(p) = &self.pending {
            self.legal_pending(p, out);
            return;
        }
        let Some(t) = &self.turn else { return };
        let seat = t.seat;
        if !t.evil_done {
            self.legal_evil(seat, out);
        } else {
            self.legal_heroic(seat, out);
        }
    }

    fn legal_pending(&self, p: &Pending, out: &mut Vec<Legal<Command, Choice>>) {
        match p {
            // A card that may go face down waits for that choice; the only
            // other card that waits is Mercenaries, for its war.
            Pending::BlackChoice { hidden: true, .. } => {
                for face_down in [false, true] {
                    out.push(Legal::Exact(Command::PlaceBlack { face_down, war: None }));
                }
            }
            Pending::BlackChoice { hidden: false, .. } => {
                for war in [QuestId::Picts, QuestId::Saxons] {
                    out.push(Legal::Exact(Command::PlaceBlack { face_down: false, war: Some(war) }));
                }
            }
            Pending::Merlin { .. } => {
                let givers = self.merlin_givers();
                let cards: usize = givers.iter().map(|&(_, n)| usize::from(n)).sum();
                if cards >= MERLIN_CARDS {
                    let choice = Choice::Merlin { cards: MERLIN_CARDS as u8, givers };
                    out.push(Legal::Open(Command::CancelWithMerlin { from: Vec::new() }, choice));
                }
                out.push(Legal::Exact(Command::LetStand));
            }
            Pending::SiegeRoll { .. } => out.push(Legal::Exact(Command::RollDie)),
            Pending::Kay { .. } => {
                for value in FIGHT_VALUES.map(Some).chain([None]) {
                    if self.check_kay(value).is_ok() {
                        out.push(Legal::Exact(Command::Kay { value }));
                    }
                }
            }
            Pending::Accusation { .. } => {
                out.push(Legal::Open(Command::ShowLoyalty { card: String::new() }, Choice::LoyaltyCard));
                for (traitor, side) in [(false, Side::Loyal), (true, Side::Evil)] {
                    let command = Command::ConfirmLoyalty { traitor };
                    if self.shown_is_secret() {
                        out.push(Legal::Secret(command));
                    } else if self.check_shown(side).is_ok() {
                        out.push(Legal::Exact(command));
                    }
                }
            }
            Pending::TraitorCheck => {
                for seat in Seat::all(self.players()).map(Some).chain([None]) {
                    if self.check_declare(seat).is_ok() {
                        out.push(Legal::Exact(Command::DeclareTraitor { seat }));
                    }
                }
            }
        }
    }

    fn legal_evil(&self, seat: Seat, out: &mut Vec<Legal<Command, Choice>>) {
        if self.check_peek(seat).is_ok() {
            out.push(Legal::Exact(Command::Peek));
        }
        if self.check_evil(seat).is_ok() {
            let black = Command::BlackCard { card: String::new(), face_down: None, war: None };
            out.push(Legal::Open(black, Choice::BlackCard));
            out.push(Legal::Exact(Command::AddSiegeEngine));
        }
        if self.check_lose_life(seat).is_ok() {
            out.push(Legal::Exact(Command::LoseLife));
        }
    }

    /// Whether the turn under way may only end: its evil step done, an
    /// action taken, and of the heroic commands `legal` would list, only
    /// the end of the turn (nothing waits on screen).
    pub(super) fn only_end_turn_left(&self) -> bool {
        let Some(t) = &self.turn else { return false };
        if !t.evil_done || t.over || self.pending.is_some() || !self.dying.is_empty() {
            return false;
        }
        let mut out = Vec::new();
        self.legal_heroic(t.seat, &mut out);
        out == [Legal::Exact(Command::EndTurn)]
    }

    fn legal_heroic(&self, seat: Seat, out: &mut Vec<Legal<Command, Choice>>) {
        let exact = |ok: bool, c: Command, out: &mut Vec<Legal<Command, Choice>>| {
            if ok {
                out.push(Legal::Exact(c));
            }
        };
        // The action of the place: at Camelot the Round Table and the
        // siege, on a quest its cards.
        exact(self.check_draw(seat).is_ok(), Command::DrawWhite, out);
        if self.check_siege_fight(seat, &[*FIGHT_VALUES.start()]).is_ok() {
            let most = self.knights[seat.index()].hand;
            let choice = Choice::FightCards { values: FIGHT_VALUES, most };
            out.push(Legal::Open(Command::SiegeFight { cards: Vec::new() }, choice));
        }
        exact(self.check_quest_card(seat, QuestId::Grail).is_ok(), Command::PlayGrail, out);
        exact(self.check_quest_card(seat, QuestId::Excalibur).is_ok(), Command::DiscardForExcalibur, out);
        for value in FIGHT_VALUES {
            exact(self.check_fight(seat, value).is_ok(), Command::PlayFight { value }, out);
        }
        for to in Place::ALL {
            exact(self.check_travel(seat, to).is_ok(), Command::Move { to }, out);
        }
        if self.check_special(seat).is_ok() {
            out.push(Legal::Open(Command::PlaySpecial { card: String::new() }, Choice::SpecialWhite));
        }
        exact(self.check_heal(seat).is_ok(), Command::Heal, out);
        for accused in Seat::all(self.players()) {
            exact(self.check_accuse(seat, accused).is_ok(), Command::Accuse { accused }, out);
        }
        exact(self.check_sacrifice(seat).is_ok(), Command::Sacrifice, out);
        exact(self.check_end_turn().is_ok(), Command::EndTurn, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Ctx, Game};

    /// Arthur, Gawain and Percival at the table (Arthur starts), no
    /// traitor: the first knight's evil step is next.
    fn table(knights: &[Knight]) -> (Soc, Ctx<'static>) {
        let mut ctx = Ctx::seeded(7);
        let mut g = Soc::default();
        let setup = Setup {
            knights: knights.to_vec(),
            loyalty: super::super::LoyaltyMode::NoTraitor,
            youngest: Some(Seat(0)),
            ..Setup::placeholder()
        };
        g.execute(&Command::Setup(setup), &mut ctx).expect("setup");
        (g, ctx)
    }

    fn run(g: &mut Soc, ctx: &mut Ctx<'_>, c: Command) {
        g.execute(&c, ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
    }

    fn commands(g: &Soc) -> Vec<Command> {
        g.legal().iter().map(|l| l.command().clone()).collect()
    }

    fn lists(g: &Soc, f: impl Fn(&Command) -> bool) -> bool {
        commands(g).iter().any(f)
    }

    use super::super::Knight;

    #[test]
    fn nothing_but_the_setup_before_it_and_nothing_after_the_end() {
        let g = Soc::default();
        assert_eq!(g.legal(), vec![Legal::Open(Command::Setup(Setup::placeholder()), Choice::Setup)]);
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        while !g.is_over() {
            run(&mut g, &mut ctx, Command::AddSiegeEngine);
            if g.is_over() {
                break;
            }
            // White cards, or travel once the hand is full.
            let action = commands(&g).into_iter().find(|c| matches!(c, Command::DrawWhite | Command::Move { .. }));
            run(&mut g, &mut ctx, action.expect("an action"));
            run(&mut g, &mut ctx, Command::EndTurn);
        }
        assert!(g.legal().is_empty());
    }

    #[test]
    fn the_evil_step_comes_first_and_percival_may_peek_once() {
        let (mut g, mut ctx) = table(&[Knight::Percival, Knight::Arthur, Knight::Kay]);
        // Arthur (seat 1) starts: no peek for him.
        assert_eq!(g.current(), Some(Seat(1)));
        let evil = |g: &Soc| {
            commands(g)
                .into_iter()
                .filter(|c| !matches!(c, Command::CorrectHand { .. } | Command::Correct { .. }))
                .map(|c| format!("{c:?}"))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            evil(&g),
            ["BlackCard { card: \"\", face_down: None, war: None }", "AddSiegeEngine", "LoseLife"],
            "no heroic action before the evil step"
        );
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        assert!(!lists(&g, |c| matches!(c, Command::AddSiegeEngine | Command::LoseLife)), "one evil step");
        run(&mut g, &mut ctx, Command::DrawWhite);
        run(&mut g, &mut ctx, Command::EndTurn);
        run(&mut g, &mut ctx, Command::LoseLife);
        run(&mut g, &mut ctx, Command::DrawWhite);
        run(&mut g, &mut ctx, Command::EndTurn);
        assert_eq!(g.current(), Some(Seat(0)), "Percival's turn");
        assert!(lists(&g, |c| *c == Command::Peek));
        run(&mut g, &mut ctx, Command::Peek);
        assert!(!lists(&g, |c| *c == Command::Peek), "once per turn");
        assert!(lists(&g, |c| *c == Command::AddSiegeEngine), "his evil step still to come");
    }

    #[test]
    fn at_camelot_without_a_siege_engine_there_is_no_siege_fight() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::LoseLife);
        assert_eq!(g.siege(), 0);
        assert!(!lists(&g, |c| matches!(c, Command::SiegeFight { .. })));
        assert!(lists(&g, |c| *c == Command::DrawWhite), "the Round Table's action instead");
        run(&mut g, &mut ctx, Command::DrawWhite);
        run(&mut g, &mut ctx, Command::EndTurn);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        let hand = g.knights()[1].hand;
        let fight = g.legal().into_iter().find(|l| matches!(l.command(), Command::SiegeFight { .. }));
        assert_eq!(
            fight.and_then(|l| l.choice().cloned()),
            Some(Choice::FightCards { values: 1..=5, most: hand }),
            "one engine: a fight with up to the cards in hand"
        );
    }

    #[test]
    fn after_a_move_there_is_no_second_move_nor_a_quest_action() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        let places: Vec<Place> = commands(&g)
            .into_iter()
            .filter_map(|c| match c {
                Command::Move { to } => Some(to),
                _ => None,
            })
            .collect();
        // Not Camelot (there already), not the Dragon (closed until Lancelot's quest ends).
        assert_eq!(
            places,
            [Place::BlackKnight, Place::Lancelot, Place::Excalibur, Place::Grail, Place::Picts, Place::Saxons]
        );
        run(&mut g, &mut ctx, Command::Move { to: Place::BlackKnight });
        let now = commands(&g);
        assert!(!now.iter().any(|c| matches!(c, Command::Move { .. } | Command::PlayFight { .. })), "{now:?}");
        assert!(now.contains(&Command::EndTurn));
        run(&mut g, &mut ctx, Command::EndTurn);
        // Gawain cannot join the Black Knight, who fights one knight at a time.
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        assert!(!lists(&g, |c| *c == Command::Move { to: Place::BlackKnight }));
        assert!(lists(&g, |c| *c == Command::Move { to: Place::Saxons }));
    }

    #[test]
    fn a_knight_at_full_life_cannot_heal_nor_with_too_few_cards() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        assert!(lists(&g, |c| *c == Command::Heal), "life 4 of 6, six cards");
        run(&mut g, &mut ctx, Command::CorrectHand { seat: Seat(0), cards: 2 });
        assert!(!lists(&g, |c| *c == Command::Heal), "healing takes three cards alike");
        let mut full = g.clone();
        let max = full.rules().life.max;
        full.knights[0].life.value = max;
        full.knights[0].hand = 6;
        assert!(!lists(&full, |c| *c == Command::Heal), "full life");
        assert!(lists(&full, |c| *c == Command::DrawWhite));
    }

    #[test]
    fn a_fight_card_must_keep_the_combination_and_the_war_its_order() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        run(&mut g, &mut ctx, Command::Move { to: Place::Picts });
        run(&mut g, &mut ctx, Command::EndTurn);
        for _ in 0..2 {
            run(&mut g, &mut ctx, Command::AddSiegeEngine);
            run(&mut g, &mut ctx, Command::DrawWhite);
            run(&mut g, &mut ctx, Command::EndTurn);
        }
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        let values = |g: &Soc| {
            commands(g)
                .into_iter()
                .filter_map(|c| match c {
                    Command::PlayFight { value } => Some(value),
                    _ => None,
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(values(&g), [1], "the ladder starts at 1");
        run(&mut g, &mut ctx, Command::PlayFight { value: 1 });
        assert_eq!(values(&g), Vec::<u8>::new(), "one quest action a turn");
    }

    #[test]
    fn the_sacrifice_is_open_every_turn_and_the_accusation_waits_for_six_engines() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        for _ in 0..6 {
            run(&mut g, &mut ctx, Command::AddSiegeEngine);
            assert!(!lists(&g, |c| *c == Command::Sacrifice), "only after the first action");
            let six = g.siege() >= g.rules().accusation.min_engines;
            assert_eq!(lists(&g, |c| matches!(c, Command::Accuse { .. })), six, "siege {}", g.siege());
            run(&mut g, &mut ctx, Command::DrawWhite);
            assert!(lists(&g, |c| *c == Command::Sacrifice), "a second action for a life point, any turn");
            run(&mut g, &mut ctx, Command::EndTurn);
        }
        run(&mut g, &mut ctx, Command::LoseLife);
        let accused: Vec<Command> = commands(&g).into_iter().filter(|c| matches!(c, Command::Accuse { .. })).collect();
        assert_eq!(accused, [Command::Accuse { accused: Seat(1) }, Command::Accuse { accused: Seat(2) }]);
        run(&mut g, &mut ctx, Command::Accuse { accused: Seat(1) });
        assert!(lists(&g, |c| *c == Command::Sacrifice), "a second action for a life point");
        run(&mut g, &mut ctx, Command::Sacrifice);
        assert!(!lists(&g, |c| matches!(c, Command::Accuse { .. })), "one accusation a turn");
        assert!(!lists(&g, |c| *c == Command::Sacrifice), "one sacrifice a turn");
        assert!(lists(&g, |c| *c == Command::DrawWhite), "another kind of action");
    }

    #[test]
    fn the_card_dealt_is_not_told_by_the_list_when_tavola_knows_it() {
        let mut ctx = Ctx::seeded(3);
        let mut g = Soc::default();
        let setup = Setup {
            knights: vec![Knight::Arthur, Knight::Gawain, Knight::Kay],
            loyalty: super::super::LoyaltyMode::TraitorAmongUs,
            scan_loyalty: true,
            ..Setup::placeholder()
        };
        run(&mut g, &mut ctx, Command::Setup(setup));
        assert!(matches!(g.legal()[0], Legal::Open(Command::LoyaltyCard { .. }, Choice::LoyaltyCard)));
        for card in ["soc/loyalty/loyal-1", "soc/loyalty/traitor", "soc/loyalty/loyal-2"] {
            run(&mut g, &mut ctx, Command::LoyaltyCard { card: card.into() });
        }
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        // Six engines around Camelot: an accusation is allowed.
        g.siege = 6;
        run(&mut g, &mut ctx, Command::Accuse { accused: Seat(1) });
        let answers: Vec<_> =
            g.legal().into_iter().filter(|l| matches!(l.command(), Command::ConfirmLoyalty { .. })).collect();
        assert_eq!(
            answers,
            [
                Legal::Secret(Command::ConfirmLoyalty { traitor: false }),
                Legal::Secret(Command::ConfirmLoyalty { traitor: true })
            ],
            "both offered: only the engine knows Gawain is the traitor"
        );
    }

    #[test]
    fn an_early_accusation_is_refused_with_the_condition_and_the_board_untouched() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        let before = g.clone();
        let e = g.decide(&Command::Accuse { accused: Seat(1) }, &mut ctx).expect_err("too early");
        assert_eq!(e.code(), "soc.accuse_too_early");
        assert!(crate::Lang::En.text(&e.msg_named(&|_| None)).contains("6 siege engines"));
        assert_eq!(g, before);
        // Six swords on the Round Table open it too.
        g.white = 4;
        g.black = 2;
        assert!(lists(&g, |c| *c == Command::Accuse { accused: Seat(1) }));
    }

    #[test]
    fn tristans_free_move_is_his_move_of_the_turn() {
        let (mut g, mut ctx) = table(&[Knight::Tristan, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        run(&mut g, &mut ctx, Command::Move { to: Place::Picts });
        assert_eq!(g.turn.as_ref().map(|t| t.actions.len()), Some(0), "free: no heroic action spent");
        let e = g.decide(&Command::Move { to: Place::Saxons }, &mut ctx).expect_err("a second move");
        assert_eq!(e.code(), "soc.same_action_twice");
        assert!(!lists(&g, |c| matches!(c, Command::Move { .. })));
        // His heroic action is still his: a fight card on the Picts.
        run(&mut g, &mut ctx, Command::PlayFight { value: 1 });
        run(&mut g, &mut ctx, Command::EndTurn);
    }

    #[test]
    fn palamedes_gains_no_life_for_a_quest_won_unless_the_owner_says_so() {
        assert_eq!(super::super::Rules::builtin().palamedes_life_per_won_quest, 0);
    }

    #[test]
    fn kay_is_asked_only_when_his_card_could_change_the_siege_fight() {
        let mut seen = (false, false);
        for seed in 0..40 {
            let (mut g, _) = table(&[Knight::Kay, Knight::Arthur, Knight::Gawain]);
            let mut ctx = Ctx::seeded(seed);
            // Turns pass until Kay's.
            while g.current() != Some(Seat(0)) {
                run(&mut g, &mut ctx, Command::LoseLife);
                run(&mut g, &mut ctx, Command::DrawWhite);
                run(&mut g, &mut ctx, Command::EndTurn);
            }
            run(&mut g, &mut ctx, Command::AddSiegeEngine);
            let ten = g.clone();
            run(&mut g, &mut ctx, Command::SiegeFight { cards: vec![1] });
            let events = g.execute(&Command::RollDie, &mut ctx).expect("rolled");
            let die = events.iter().find_map(|e| match e {
                super::super::Event::DieRolled { roll, .. } => Some(roll.value),
                _ => None,
            });
            let asked = matches!(g.pending(), Some(Pending::Kay { .. }));
            assert_eq!(asked, die.is_some_and(|d| d <= 5), "a 1 against {die:?}");
            if asked {
                seen.0 = true
            } else {
                seen.1 = true
            }
            // Ten against a d8 is won whatever the die: never asked.
            let mut g = ten;
            run(&mut g, &mut ctx, Command::SiegeFight { cards: vec![5, 5] });
            run(&mut g, &mut ctx, Command::RollDie);
            assert!(!matches!(g.pending(), Some(Pending::Kay { .. })));
        }
        assert_eq!(seen, (true, true), "both cases met");
    }

    #[test]
    fn kay_is_asked_only_when_his_card_could_change_a_quests_fight() {
        use super::super::quests::{BlackValue, Fight};
        // The Black Knight (two pairs): Kay lays the fourth white card, 1 +
        // 1 + 2 + 2 = 6, against five black cards of these values.
        let fight = |black: [u8; 5]| {
            let (mut g, mut ctx) = table(&[Knight::Kay, Knight::Arthur, Knight::Gawain]);
            while g.current() != Some(Seat(0)) {
                run(&mut g, &mut ctx, Command::LoseLife);
                run(&mut g, &mut ctx, Command::DrawWhite);
                run(&mut g, &mut ctx, Command::EndTurn);
            }
            run(&mut g, &mut ctx, Command::AddSiegeEngine);
            g.knights[0].place = Some(Place::BlackKnight);
            let black = black.iter().map(|&value| BlackValue { value, face_down: true }).collect();
            g.board.black_knight = Fight { white: vec![1, 1, 2], black };
            let events = g.execute(&Command::PlayFight { value: 2 }, &mut ctx).expect("the fourth white card");
            let ended = events.iter().any(|e| matches!(e, super::super::Event::QuestEnded { .. }));
            (matches!(g.pending(), Some(Pending::Kay { .. })), ended)
        };
        assert_eq!(fight([1, 1, 1, 1, 1]), (false, true), "6 against 5: won already, not asked");
        assert_eq!(fight([1, 1, 1, 1, 2]), (true, false), "6 against 6: a tie goes to evil, his card could win it");
        assert_eq!(fight([2, 2, 2, 2, 2]), (true, false), "6 against 10: a 5 would win it");
        assert_eq!(fight([3, 2, 2, 2, 2]), (false, true), "6 against 11: no card of his wins it, not asked");
    }

    #[test]
    fn the_turn_ends_by_itself_when_ending_it_is_all_that_is_left() {
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        let events = g.execute(&Command::DrawWhite, &mut ctx).expect("drawn");
        assert!(!events.iter().any(|e| matches!(e, super::super::Event::TurnEnded { .. })));
        assert_eq!(g.current(), Some(Seat(0)), "a sacrifice is still open: the knight ends the turn");
        assert!(lists(&g, |c| *c == Command::Sacrifice) && lists(&g, |c| *c == Command::EndTurn));
        run(&mut g, &mut ctx, Command::Sacrifice);
        let events = g.execute(&Command::Move { to: Place::Grail }, &mut ctx).expect("moved");
        let left = events.iter().position(|e| *e == super::super::Event::NoActionLeft { seat: Seat(0) });
        let ended = events.iter().position(|e| *e == super::super::Event::TurnEnded { seat: Seat(0) });
        assert!(left.is_some() && left < ended, "said, then ended: {events:?}");
        assert_eq!(g.current(), Some(Seat(1)), "Gawain's turn, with no touch");
        let cue = g.cues(&events[left.unwrap()]);
        assert_eq!(cue[0].id, "soc.turn.no_action_left");
        // Galahad still holds a white card for his free special card: his
        // turn waits for him.
        let (mut g, mut ctx) = table(&[Knight::Galahad, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        run(&mut g, &mut ctx, Command::DrawWhite);
        run(&mut g, &mut ctx, Command::Sacrifice);
        run(&mut g, &mut ctx, Command::Move { to: Place::Grail });
        assert_eq!(g.current(), Some(Seat(0)));
        assert!(lists(&g, |c| matches!(c, Command::PlaySpecial { .. })));
        run(&mut g, &mut ctx, Command::EndTurn);
        assert_eq!(g.current(), Some(Seat(1)));
    }

    #[test]
    fn the_host_sets_the_boards_numbers_right_within_their_tracks() {
        use super::super::Correction;
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        let set = |c: Correction| Command::Correct { correction: c };
        run(&mut g, &mut ctx, set(Correction::Siege { engines: 5 }));
        run(&mut g, &mut ctx, set(Correction::Swords { white: 3, black: 2 }));
        run(&mut g, &mut ctx, set(Correction::Life { seat: Seat(1), life: 6 }));
        run(&mut g, &mut ctx, set(Correction::Place { seat: Seat(2), place: Place::Grail }));
        let v = g.view();
        assert_eq!((v.siege, v.white, v.black), (5, 3, 2));
        assert_eq!((v.knights[1].life, v.knights[2].place), (6, Some(Place::Grail)));
        let before = g.clone();
        for bad in [
            Correction::Siege { engines: 12 },
            Correction::Swords { white: 5, black: 7 },
            Correction::Swords { white: 8, black: 4 },
            Correction::Life { seat: Seat(0), life: 0 },
            Correction::Life { seat: Seat(0), life: 7 },
        ] {
            let e = g.decide(&set(bad.clone()), &mut ctx).expect_err("out of its track");
            assert_eq!(e.code(), "soc.correction_out_of_range", "{bad:?}");
        }
        assert_eq!(g, before, "nothing changed");
    }

    #[test]
    fn the_corrections_listed_are_the_values_the_engine_accepts() {
        use super::super::Correction;
        let (mut g, mut ctx) = table(&[Knight::Arthur, Knight::Gawain, Knight::Kay]);
        run(&mut g, &mut ctx, Command::AddSiegeEngine);
        run(&mut g, &mut ctx, Command::Move { to: Place::BlackKnight });
        let choice = |g: &Soc| {
            g.legal()
                .into_iter()
                .find(|l| matches!(l.command(), Command::Correct { .. }))
                .and_then(|l| l.choice().cloned())
        };
        let Some(Choice::Correction { engines, black, swords, life, living, places }) = choice(&g) else {
            panic!("the board can be set right during play")
        };
        let rules = g.rules().clone();
        assert_eq!(
            (engines, black, swords),
            (rules.siege.loss_at - 1, rules.swords.black_loss - 1, rules.swords.end_at - 1)
        );
        assert_eq!(i32::from(life), rules.life.max);
        assert_eq!(living, vec![Seat(0), Seat(1), Seat(2)]);
        // Arthur holds the Black Knight, a solo quest; the Dragon is closed.
        let gawain = &places.iter().find(|(s, _)| *s == Seat(1)).expect("Gawain may be moved").1;
        assert!(!gawain.contains(&Place::BlackKnight) && !gawain.contains(&Place::Dragon), "{gawain:?}");
        assert!(gawain.contains(&Place::Grail) && gawain.contains(&Place::Camelot));
        for (seat, at) in &places {
            for place in Place::ALL {
                let c = Command::Correct { correction: Correction::Place { seat: *seat, place } };
                assert_eq!(g.decide(&c, &mut ctx).is_ok(), at.contains(&place), "{c:?}");
            }
        }
        for (c, ok) in [
            (Correction::Siege { engines }, true),
            (Correction::Siege { engines: engines + 1 }, false),
            (Correction::Swords { white: swords - black, black }, true),
            (Correction::Swords { white: 0, black: black + 1 }, false),
            (Correction::Life { seat: Seat(2), life }, true),
            (Correction::Life { seat: Seat(2), life: life + 1 }, false),
        ] {
            assert_eq!(g.decide(&Command::Correct { correction: c.clone() }, &mut ctx).is_ok(), ok, "{c:?}");
        }
        // Before the loyalty cards are all tapped, nothing to set right.
        let mut scan = Soc::default();
        let setup = Setup {
            knights: vec![Knight::Arthur, Knight::Gawain, Knight::Kay],
            loyalty: super::super::LoyaltyMode::TraitorAmongUs,
            scan_loyalty: true,
            ..Setup::placeholder()
        };
        run(&mut scan, &mut ctx, Command::Setup(setup));
        assert_eq!(choice(&scan), None);
    }
}
