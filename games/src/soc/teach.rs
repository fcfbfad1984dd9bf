//! Teaching Shadows over Camelot (see [`crate::teach`]): its steps and its
//! moves' words.

use super::legal::Choice;
use super::{Command, Pending, Phase, Soc};
use crate::teach::{name_of, words, Step};
use crate::{Legal, Msg};
use tavola_words::msg;

/// Every step [`Soc`] answers.
pub(super) const STEPS: &[&str] = &[
    "soc.setup",
    "soc.loyalty_scan",
    "soc.evil_action",
    "soc.heroic_action",
    "soc.black_choice",
    "soc.merlin",
    "soc.siege_roll",
    "soc.kay",
    "soc.accusation",
    "soc.grail",
    "soc.traitor_check",
    "soc.over",
];

impl Soc {
    /// See [`crate::Game::step`].
    pub(super) fn step_now(&self) -> Step {
        if self.setup.is_none() {
            return Step::all("soc.setup");
        }
        match &self.phase {
            Phase::Lobby => return Step::all("soc.setup"),
            Phase::LoyaltyScan => return Step::all("soc.loyalty_scan"),
            Phase::Ended { .. } => return Step::all("soc.over"),
            Phase::Play if self.is_over_now() => return Step::all("soc.over"),
            Phase::Play => {}
        }
        let whose = self.turn.as_ref().map(|t| t.seat);
        let step = |id| match whose {
            Some(seat) => Step::of(id, seat),
            None => Step::all(id),
        };
        if let Some(&dying) = self.dying.first() {
            return Step::of("soc.grail", dying);
        }
        match &self.pending {
            Some(Pending::BlackChoice { .. }) => step("soc.black_choice"),
            Some(Pending::Merlin { .. }) => Step::all("soc.merlin"),
            Some(Pending::SiegeRoll { seat, .. }) => Step::of("soc.siege_roll", *seat),
            Some(Pending::Kay { seat, .. }) => Step::of("soc.kay", *seat),
            Some(Pending::Accusation { accused, .. }) => Step::of("soc.accusation", *accused),
            Some(Pending::TraitorCheck) => Step::all("soc.traitor_check"),
            None => match &self.turn {
                Some(t) if !t.evil_done => Step::of("soc.evil_action", t.seat),
                Some(t) => Step::of("soc.heroic_action", t.seat),
                None => Step::all("soc.heroic_action"),
            },
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let knight = || match self.turn.as_ref() {
            Some(t) => name_of(self, t.seat),
            None => tavola_words::Arg::Msg(msg!("teach.soc.the_knight")),
        };
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::LoyaltyCard { .. } => msg!("teach.soc.move.loyalty_card"),
            Command::SkipLoyaltyScan => msg!("teach.soc.move.skip_loyalty_scan"),
            Command::Peek => msg!("teach.soc.move.peek", name = knight()),
            Command::BlackCard { .. } => msg!("teach.soc.move.black_card", name = knight()),
            Command::PlaceBlack { face_down: true, .. } => msg!("teach.soc.move.face_down"),
            Command::PlaceBlack { war: Some(_), .. } => msg!("teach.soc.move.war"),
            Command::PlaceBlack { .. } => msg!("teach.soc.move.face_up"),
            Command::AddSiegeEngine => msg!("teach.soc.move.siege_engine", name = knight()),
            Command::LoseLife => msg!("teach.soc.move.lose_life", name = knight()),
            Command::CancelWithMerlin { .. } => msg!("teach.soc.move.merlin"),
            Command::LetStand => msg!("teach.soc.move.let_stand"),
            Command::Move { .. } => msg!("teach.soc.move.travel", name = knight()),
            Command::DrawWhite => msg!("teach.soc.move.draw_white", name = knight()),
            Command::PlayFight { .. } => msg!("teach.soc.move.fight", name = knight()),
            Command::PlayGrail => msg!("teach.soc.move.grail_card", name = knight()),
            Command::DiscardForExcalibur => msg!("teach.soc.move.excalibur", name = knight()),
            Command::SiegeFight { .. } => msg!("teach.soc.move.siege_fight", name = knight()),
            Command::RollDie => msg!("teach.soc.move.roll"),
            Command::Kay { value: Some(_) } => msg!("teach.soc.move.kay_card"),
            Command::Kay { value: None } => msg!("teach.soc.move.kay_pass"),
            Command::PlaySpecial { .. } => msg!("teach.soc.move.special", name = knight()),
            Command::Heal => msg!("teach.soc.move.heal", name = knight()),
            Command::Sacrifice => msg!("teach.soc.move.sacrifice", name = knight()),
            Command::Accuse { .. } => msg!("teach.soc.move.accuse", name = knight()),
            Command::ShowLoyalty { .. } => msg!("teach.soc.move.show_loyalty"),
            Command::ConfirmLoyalty { .. } => msg!("teach.soc.move.confirm_loyalty"),
            Command::Grail { drink: true } => msg!("teach.soc.move.drink"),
            Command::Grail { drink: false } => msg!("teach.soc.move.no_drink"),
            Command::EndTurn => words::end_turn(knight()),
            Command::CorrectHand { .. } => words::correct_hand(),
            Command::Correct { .. } => msg!("teach.soc.move.correct"),
            Command::DeclareTraitor { .. } => msg!("teach.soc.move.declare_traitor"),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// The standard black cards, by the start of their catalog slug, each
/// explained by the quest it feeds (`teach.soc.card.black.<slug>`).
const STANDARD_BLACK: [&str; 7] =
    ["black-knight", "lancelot-dragon", "excalibur", "despair", "picts", "saxons", "mercenaries"];

/// The message id of a lesson on a kind of card: `teach.soc.card.<kind>.<slug>`.
fn kind_lesson(kind: &str, slug: &str) -> String {
    format!("teach.soc.card.{kind}.{}", slug.replace('-', "_"))
}

/// The last part of a card's catalog id, once the copy number is gone
/// (`soc/black/black-knight-3` is `black-knight-3`).
fn slug_of(card: &str) -> String {
    crate::teach::card_base(card).rsplit('/').next().unwrap_or_default().to_string()
}

/// The standard black card `card` is one of, by its slug in [`STANDARD_BLACK`].
fn standard_black(card: &str) -> Option<&'static str> {
    let slug = slug_of(card);
    STANDARD_BLACK.into_iter().find(|s| slug == *s || slug.strip_prefix(s).is_some_and(|r| r.starts_with('-')))
}

/// The lesson on a special white card (Merlin's is the one given at setup).
fn special_white_lesson(slug: &str) -> String {
    kind_lesson("white", slug)
}

/// The explanations of the cards a Shadows over Camelot event brings into
/// play, each when it first matters:
/// - at setup, every knight at the table (his power), the loyalty cards
///   dealt (loyal, and the traitor when it is in the deal) and the Merlin
///   card each knight is dealt;
/// - a fight card when one is first played (on a quest, a war, a siege
///   engine, or Kay's), a Grail card on the Grail quest;
/// - a special white card when it is played;
/// - a standard black card as it reaches the board (the quest it feeds),
///   or a siege engine instead; a special black card as it is drawn; the
///   Merlin cards when three cancel one.
pub(super) fn cards_entering(_game: &Soc, event: &super::Event) -> Vec<crate::Lesson> {
    use super::{Event, QuestId};
    use crate::teach::{card_lesson, card_named};
    let lesson = |id: String, name: Msg| card_lesson(Msg::new(id), name);
    let black = |card: &str| standard_black(card).map(|s| lesson(kind_lesson("black", s), card_named(card)));
    match event {
        Event::SetUp { setup, .. } => {
            let mut out: Vec<crate::Lesson> = setup
                .knights
                .iter()
                .map(|k| {
                    let card = k.card();
                    lesson(kind_lesson("knight", &slug_of(&card)), card_named(&card))
                })
                .collect();
            out.push(lesson(kind_lesson("loyalty", "loyal"), card_named("soc/loyalty/loyal")));
            if setup.loyalty.has_traitor() {
                out.push(lesson(kind_lesson("loyalty", "traitor"), card_named("soc/loyalty/traitor")));
            }
            out.push(lesson(kind_lesson("white", "merlin"), card_named("soc/white/merlin")));
            out
        }
        Event::WhiteFightPlayed { value, .. } | Event::KayPlayed { value: Some(value) } => {
            vec![lesson(kind_lesson("white", "fight"), card_named(&format!("soc/white/fight-{value}")))]
        }
        Event::SiegeFightBegan { cards, .. } => cards
            .first()
            .map(|v| lesson(kind_lesson("white", "fight"), card_named(&format!("soc/white/fight-{v}"))))
            .into_iter()
            .collect(),
        Event::GrailWhite { .. } => vec![lesson(kind_lesson("white", "grail"), card_named("soc/white/grail"))],
        Event::SpecialWhitePlayed { card, .. } => {
            vec![lesson(special_white_lesson(card), card_named(&format!("soc/white/{card}")))]
        }
        // A face-down card is not named: its quest is.
        Event::BlackPlaced { card, quest, .. } => {
            let slug = if *quest == QuestId::BlackKnight { "black-knight" } else { "lancelot-dragon" };
            let name = card.as_deref().map_or_else(|| quest.title(), card_named);
            vec![lesson(kind_lesson("black", slug), name)]
        }
        Event::ExcaliburMoved { card: Some(card), .. }
        | Event::GrailBlack { card: Some(card), .. }
        | Event::FigureAdded { card, .. }
        | Event::BlackCardInstead { card, .. } => black(card).into_iter().collect(),
        Event::SpecialDrawn { card, slug } => {
            vec![lesson(format!("teach.soc.card.{}", slug.replace('-', "_")), card_named(card))]
        }
        Event::SpecialCancelled { .. } => {
            vec![lesson("teach.soc.card.merlin".to_string(), card_named("soc/white/merlin"))]
        }
        _ => Vec::new(),
    }
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    let mut ids: Vec<(&'static str, String)> = Vec::new();
    for k in super::Knight::ALL {
        ids.push(("knight", kind_lesson("knight", &slug_of(&k.card()))));
    }
    ids.push(("loyalty", kind_lesson("loyalty", "loyal")));
    ids.push(("loyalty", kind_lesson("loyalty", "traitor")));
    ids.push(("white", kind_lesson("white", "fight")));
    ids.push(("white", kind_lesson("white", "grail")));
    for card in crate::catalog::Catalog::builtin().by_kind(crate::GameKind::ShadowsOverCamelot, "white") {
        if card.fact_flag("special") {
            ids.push(("white", special_white_lesson(&slug_of(&card.base))));
        }
    }
    ids.push(("white", "teach.soc.card.merlin".into()));
    for slug in STANDARD_BLACK {
        ids.push(("black", kind_lesson("black", slug)));
    }
    for card in crate::catalog::Catalog::builtin().by_kind(crate::GameKind::ShadowsOverCamelot, "black") {
        if card.fact_flag("special") {
            ids.push(("black", format!("teach.soc.card.{}", slug_of(&card.base).replace('-', "_"))));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    ids.retain(|(_, id)| seen.insert(id.clone()));
    ids
}

#[cfg(test)]
mod tests {
    use super::super::{Command, EndReason, Event, Knight, LoyaltyMode, Place, QuestId, Setup, Side, Soc};
    use super::{card_lesson_ids, cards_entering};
    use crate::teach::Lessons;
    use crate::{AnyEvent, AnyGame, Ctx, CueArg, Game, GameKind, Lang, Msg, Said, Seat};
    use std::collections::BTreeSet;

    fn setup(knights: &[Knight], loyalty: LoyaltyMode, youngest: Option<Seat>) -> Setup {
        Setup { knights: knights.to_vec(), loyalty, youngest, ..Setup::placeholder() }
    }

    /// A table set up, with the engine and its mirror the first-game mode
    /// reads, and every card lesson given so far (in order).
    struct Table {
        g: Soc,
        any: AnyGame,
        ctx: Ctx<'static>,
        lessons: Lessons,
        given: Vec<String>,
    }

    impl Table {
        fn new(s: Setup) -> Table {
            let mut t = Table {
                g: Soc::default(),
                any: AnyGame::new(GameKind::ShadowsOverCamelot).unwrap(),
                ctx: Ctx::seeded(11),
                lessons: Lessons::new(),
                given: Vec::new(),
            };
            t.run(Command::Setup(s));
            t
        }

        fn run(&mut self, c: Command) -> Vec<Event> {
            let events = self.g.execute(&c, &mut self.ctx).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
            let any: Vec<AnyEvent> = events.iter().cloned().map(AnyEvent::ShadowsOverCamelot).collect();
            for e in &any {
                self.any.apply(e).unwrap();
            }
            for l in self.lessons.due_after(&self.any, &any) {
                if l.card.is_some() {
                    self.given.push(l.id);
                }
            }
            events
        }

        fn black(&mut self, card: &str, face_down: bool, war: Option<QuestId>) {
            self.run(Command::BlackCard { card: card.into(), face_down: Some(face_down), war });
        }

        fn times(&self, id: &str) -> usize {
            self.given.iter().filter(|g| *g == id).count()
        }
    }

    /// `msg` in both languages: said in full, in one or two sentences.
    fn one_or_two_sentences(id: &str) {
        for lang in Lang::ALL {
            assert!(lang.catalog().get(id).is_some(), "no {id} in {}", lang.code());
            let text = lang.text(&Msg::new(id.to_string()));
            let n = text.split_inclusive(['.', '?', '!']).filter(|s| s.trim().len() > 1).count();
            assert!((1..=2).contains(&n), "{id} has {n} sentences in {}: {text}", lang.code());
            assert!(!text.contains('{'), "{id} takes no parameter: {text}");
        }
    }

    #[test]
    fn every_lesson_listed_is_in_both_catalogs_and_every_kind_has_one() {
        let ids = card_lesson_ids();
        for (_, id) in &ids {
            one_or_two_sentences(id);
        }
        let kinds: BTreeSet<&str> = ids.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, BTreeSet::from(["black", "knight", "loyalty", "white"]));
        // One lesson for each card whose effect differs.
        assert_eq!(ids.iter().filter(|(k, _)| *k == "knight").count(), Knight::ALL.len());
        for slug in ["convocation", "fate", "heroism", "lady_of_the_lake", "messenger", "piety", "clairvoyance"] {
            assert!(ids.iter().any(|(_, id)| *id == format!("teach.soc.card.white.{slug}")), "{slug}");
        }
        assert!(!ids.iter().any(|(_, id)| id == "teach.soc.card.special_white"), "each special white card has its own");
    }

    #[test]
    fn the_table_set_up_explains_each_knight_the_loyalty_cards_dealt_and_merlin() {
        let all = [
            Knight::Arthur,
            Knight::Galahad,
            Knight::Gawain,
            Knight::Kay,
            Knight::Palamedes,
            Knight::Percival,
            Knight::Tristan,
        ];
        let t = Table::new(setup(&all, LoyaltyMode::Standard, None));
        let mut want: Vec<String> = all.iter().map(|k| format!("teach.soc.card.knight.{}", &k.card()[11..])).collect();
        want.extend(["loyalty.loyal", "loyalty.traitor", "white.merlin"].map(|s| format!("teach.soc.card.{s}")));
        assert_eq!(t.given, want);
        // A first game deals no traitor card; Bedivere has his own lesson.
        let t =
            Table::new(setup(&[Knight::Bedivere, Knight::Kay, Knight::Tristan], LoyaltyMode::NoTraitor, Some(Seat(1))));
        assert!(t.given.contains(&"teach.soc.card.knight.bedivere".to_string()), "{:?}", t.given);
        assert!(!t.given.iter().any(|id| id.ends_with("traitor")), "{:?}", t.given);
    }

    #[test]
    fn a_game_explains_each_card_it_brings_into_play_once() {
        let mut t = Table::new(setup(&[Knight::Arthur, Knight::Gawain, Knight::Kay], LoyaltyMode::NoTraitor, None));
        // Arthur: a Black Knight card, then a fight card on his quest.
        t.black("soc/black/black-knight-3", false, None);
        t.run(Command::Move { to: Place::BlackKnight });
        t.run(Command::EndTurn);
        // Gawain: another Black Knight card, face down this time; a special white card.
        t.black("soc/black/black-knight-1-2", true, None);
        t.run(Command::PlaySpecial { card: "heroism".into() });
        t.run(Command::EndTurn);
        // Kay: Lancelot & the Dragon, Excalibur's and the Grail's cards come on later turns.
        t.black("soc/black/lancelot-dragon-1-5", true, None);
        t.run(Command::Move { to: Place::Grail });
        t.run(Command::EndTurn);
        t.black("soc/black/excalibur-2", false, None);
        t.run(Command::PlayFight { value: 2 });
        t.run(Command::EndTurn);
        t.black("soc/black/despair-1", false, None);
        t.run(Command::DrawWhite);
        t.run(Command::EndTurn);
        t.black("soc/black/mercenaries-1", false, Some(QuestId::Picts));
        t.run(Command::PlayGrail);
        t.run(Command::EndTurn);
        t.black("soc/black/picts-1", false, None);
        t.run(Command::PlayFight { value: 2 });
        t.run(Command::EndTurn);
        t.black("soc/black/saxons-1", false, None);
        t.run(Command::DrawWhite);
        t.run(Command::EndTurn);
        for id in [
            "black.black_knight",
            "black.lancelot_dragon",
            "black.excalibur",
            "black.despair",
            "black.mercenaries",
            "black.picts",
            "black.saxons",
            "white.heroism",
            "white.fight",
            "white.grail",
        ] {
            assert_eq!(t.times(&format!("teach.soc.card.{id}")), 1, "{id}: {:?}", t.given);
        }
        let listed: BTreeSet<String> = card_lesson_ids().into_iter().map(|(_, id)| id).collect();
        for id in &t.given {
            assert!(listed.contains(id), "{id} is given but not listed");
        }
    }

    #[test]
    fn every_lesson_listed_can_be_given() {
        let g = Soc::default();
        let mut given: BTreeSet<String> = BTreeSet::new();
        let mut take = |e: Event| given.extend(cards_entering(&g, &e).into_iter().map(|l| l.id));
        for loyalty in [LoyaltyMode::Standard, LoyaltyMode::NoTraitor] {
            let s = setup(&Knight::ALL[..7], loyalty, None);
            take(Event::SetUp { setup: s, rules: Box::new(g.rules().clone()), first: Seat(0) });
        }
        let s = setup(&[Knight::Bedivere, Knight::Kay, Knight::Gawain], LoyaltyMode::NoTraitor, Some(Seat(0)));
        take(Event::SetUp { setup: s, rules: Box::new(g.rules().clone()), first: Seat(0) });
        for card in crate::catalog::Catalog::builtin().by_game(GameKind::ShadowsOverCamelot) {
            let slug = card.base.rsplit('/').next().unwrap().to_string();
            match (card.kind.as_str(), card.fact_flag("special")) {
                ("white", true) => take(Event::SpecialWhitePlayed { seat: Seat(0), card: slug, free: false }),
                ("black", true) => take(Event::SpecialDrawn { card: card.base.clone(), slug }),
                ("black", false) => {
                    take(Event::BlackCardInstead { card: card.base.clone(), quest: QuestId::Excalibur })
                }
                _ => {}
            }
        }
        take(Event::BlackPlaced { card: None, quest: QuestId::Lancelot, value: None, face_down: true });
        take(Event::SiegeFightBegan { seat: Seat(0), cards: vec![4] });
        take(Event::GrailWhite { seat: Seat(0), removed_despair: false });
        take(Event::SpecialCancelled { card: "soc/black/vivien".into(), merlins: vec![Seat(0); 3] });
        let listed: BTreeSet<String> = card_lesson_ids().into_iter().map(|(_, id)| id).collect();
        assert_eq!(given, listed);
    }

    // --- The numbers the engine decides, said in the words ---

    /// `msg` in `lang`, with a cue's arguments.
    fn narrated(cue: &crate::Cue, lang: Lang) -> String {
        let mut msg = Msg::new(format!("narration.{}", cue.id));
        for (name, arg) in &cue.args {
            if let CueArg::Say(a) = arg {
                msg = msg.with(name.clone(), a.clone());
            }
        }
        lang.text(&msg)
    }

    fn text(id: &str, lang: Lang) -> String {
        lang.text(&Msg::new(id.to_string()))
    }

    #[test]
    fn king_arthur_starts_and_without_him_the_youngest_players_knight_and_the_words_say_so() {
        // Arthur at the third seat starts, whoever is youngest.
        let t =
            Table::new(setup(&[Knight::Kay, Knight::Gawain, Knight::Arthur], LoyaltyMode::NoTraitor, Some(Seat(0))));
        assert_eq!(t.g.current(), Some(Seat(2)));
        let began = Event::TurnBegan { seat: Seat(2), free_move: false };
        for lang in Lang::ALL {
            let arthur = lang.text(&Knight::Arthur.msg());
            let said = narrated(&t.g.cues(&began)[0], lang);
            assert!(said.contains(&arthur), "{said}");
            assert!(text("teach.soc.setup", lang).contains(&arthur), "{lang:?}");
            assert!(text("soc.name_the_youngest.rule", lang).contains(&arthur), "{lang:?}");
        }
        // Without him, the knight of the youngest player the setup names.
        let t =
            Table::new(setup(&[Knight::Kay, Knight::Gawain, Knight::Tristan], LoyaltyMode::NoTraitor, Some(Seat(1))));
        assert_eq!(t.g.current(), Some(Seat(1)));
        let began = Event::TurnBegan { seat: Seat(1), free_move: false };
        for (lang, youngest) in [(Lang::It, "giovane"), (Lang::En, "youngest")] {
            let said = narrated(&t.g.cues(&began)[0], lang);
            assert!(said.contains(&lang.text(&Knight::Gawain.msg())), "{said}");
            for id in ["teach.soc.setup", "soc.name_the_youngest.rule"] {
                assert!(text(id, lang).contains(youngest), "{id} in {lang:?}");
            }
        }
        let mut g = Soc::default();
        let refused = g.execute(
            &Command::Setup(setup(&[Knight::Kay, Knight::Gawain, Knight::Tristan], LoyaltyMode::NoTraitor, None)),
            &mut Ctx::seeded(1),
        );
        assert_eq!(refused.unwrap_err().code(), "soc.name_the_youngest");
    }

    #[test]
    fn the_life_the_words_say_is_the_engines() {
        let t = Table::new(setup(&[Knight::Arthur, Knight::Gawain, Knight::Kay], LoyaltyMode::NoTraitor, None));
        let life = &t.g.rules().life;
        assert!(t.g.knights().iter().all(|k| k.life.value == life.start));
        // A knight at the top of the track cannot heal: the refusal says the top.
        let mut g = t.g.clone();
        g.knights[0].life.value = life.max;
        let mut ctx = Ctx::seeded(3);
        g.execute(&Command::AddSiegeEngine, &mut ctx).unwrap();
        let err = g.execute(&Command::Heal, &mut ctx).unwrap_err();
        assert_eq!(err.code(), "soc.full_life");
        for lang in Lang::ALL {
            let said = err.text(lang);
            assert!(said.contains(&life.max.to_string()), "{said}");
            // The rule's line and the Grail's lesson cannot take parameters
            // (they are recorded once per id): they must say the same numbers.
            let rule = text("soc.full_life.rule", lang);
            assert!(rule.contains(&life.start.to_string()) && rule.contains(&life.max.to_string()), "{rule}");
            let grail = text("teach.soc.grail", lang);
            assert!(grail.contains(&life.grail_rescue_to.to_string()), "{grail}");
        }
    }

    #[test]
    fn the_swords_and_engines_that_end_the_game_are_the_engines() {
        let t = Table::new(setup(&[Knight::Arthur, Knight::Gawain, Knight::Kay], LoyaltyMode::NoTraitor, None));
        let rules = t.g.rules().clone();
        let ended = |reason| Event::GameEnded { reason, winner: Side::Evil, traitor: None };
        let mut g = t.g.clone();
        g.black = rules.swords.black_loss;
        g.siege = rules.siege.loss_at;
        g.white = rules.swords.end_at - rules.swords.black_loss;
        let black = g.cues(&ended(EndReason::BlackSwords));
        let siege = g.cues(&ended(EndReason::SiegeEngines));
        let asked = g.cues(&Event::TraitorAsked);
        for lang in Lang::ALL {
            let said = narrated(&black[0], lang);
            assert!(said.contains(&rules.swords.black_loss.to_string()), "{said}");
            let said = narrated(&siege[0], lang);
            assert!(said.contains(&rules.siege.loss_at.to_string()), "{said}");
            let said = narrated(&asked[0], lang);
            assert!(said.contains(&rules.swords.end_at.to_string()), "{said}");
            // The goal and the rules page cannot take parameters: they say
            // the engine's numbers in digits.
            for id in ["teach.soc.goal", "rules.soc.end"] {
                let words = text(id, lang);
                for n in [rules.swords.black_loss, rules.siege.loss_at] {
                    assert!(words.contains(&n.to_string()), "{id} in {lang:?} does not say {n}: {words}");
                }
            }
        }
    }
}
