//! Teaching Camelot Legends (see [`crate::teach`]): its steps, its moves'
//! words and its cards' lessons.

use super::legal::Choice;
use super::{Command, Legends, Phase, Turn};
use crate::facts::card_msg;
use crate::teach::{name_of, words, Step};
use crate::{Arg, Legal, Msg};
use tavola_words::msg;

/// Every step [`Legends`] answers.
pub(super) const STEPS: &[&str] = &[
    "legends.setup",
    "legends.placing",
    "legends.draw_event",
    "legends.actions",
    "legends.bidding",
    "legends.dagonet",
    "legends.black_knight",
    "legends.grant",
    "legends.rescue",
    "legends.effect",
    "legends.forfeit",
    "legends.companion",
    "legends.over",
];

impl Legends {
    /// See [`crate::Game::step`]: the moments are looked at in the order
    /// `legal` looks at them.
    pub(super) fn step_now(&self) -> Step {
        let turn = match &self.phase {
            Phase::Setup => return Step::all("legends.setup"),
            Phase::Over { .. } => return Step::all("legends.over"),
            Phase::Placing { seat, .. } => Some(*seat),
            Phase::Turn(t) => Some(t.seat),
        };
        let of = |id, seat: Option<crate::Seat>| match seat {
            Some(s) => Step::of(id, s),
            None => Step::all(id),
        };
        if self.setup.is_none() {
            return Step::all("legends.setup");
        }
        if let Some(a) = &self.auction {
            return match a.dagonet {
                Some(seat) => Step::of("legends.dagonet", seat),
                None => Step::of("legends.bidding", a.to),
            };
        }
        if self.black_knight_waits() {
            return of("legends.black_knight", turn);
        }
        if let Some(g) = &self.grant {
            return Step::of("legends.grant", g.seat);
        }
        if let Some(r) = self.rescue() {
            return Step::of("legends.rescue", r.seat);
        }
        if let Some(p) = self.effect() {
            return Step::of("legends.effect", p.seat);
        }
        if let Some(seat) = self.forfeit_due() {
            return Step::of("legends.forfeit", seat);
        }
        if self.companion_due {
            return of("legends.companion", turn);
        }
        match &self.phase {
            Phase::Placing { seat, .. } => Step::of("legends.placing", *seat),
            Phase::Turn(Turn { seat, drawn: false, .. }) => Step::of("legends.draw_event", *seat),
            Phase::Turn(t) => Step::of("legends.actions", t.seat),
            Phase::Setup | Phase::Over { .. } => Step::all("legends.over"),
        }
    }

    /// See [`crate::Game::move_words`].
    pub(super) fn move_words_now(&self, legal: &Legal<Command, Choice>) -> Msg {
        let player = || match self.step_now().whose {
            Some(s) => name_of(self, s),
            None => Arg::Msg(msg!("teach.legends.the_player")),
        };
        let card = |c: &str| card_msg(c);
        match legal.command() {
            Command::Setup(_) => words::setup(),
            Command::Lay { .. } => msg!("teach.legends.move.lay", name = player()),
            Command::Play { .. } => msg!("teach.legends.move.play", name = player()),
            Command::DrawEvent { .. } => msg!("teach.legends.move.draw_event", name = player()),
            Command::Complete { card: c } => msg!("teach.legends.move.complete", name = player(), card = card(c)),
            Command::DrawCharacter => msg!("teach.legends.move.draw_character", name = player()),
            Command::Move { .. } => msg!("teach.legends.move.move", name = player()),
            Command::EndTurn => words::end_turn(player()),
            Command::EndGame => msg!("teach.legends.move.end_game"),
            Command::Learn { .. } => words::learn(),
            Command::CorrectHand { .. } => words::correct_hand(),
            Command::Use { card: c, .. } => msg!("teach.legends.move.use", card = card(c)),
            Command::Bid { .. } => msg!("teach.legends.move.bid", name = player()),
            Command::Pass => msg!("teach.legends.move.pass", name = player()),
            Command::Grant { .. } => msg!("teach.legends.move.grant", name = player()),
            Command::Strike { card: c, .. } => msg!("teach.legends.move.strike", card = card(c)),
            Command::Cover { card: Some(_) } => msg!("teach.legends.move.cover"),
            Command::Cover { card: None } => msg!("teach.legends.move.uncovered"),
            Command::Ward { card: c, .. } => msg!("teach.legends.move.ward", card = card(c)),
            Command::Remove { .. } => msg!("teach.legends.move.remove"),
            Command::Relocate { .. } => msg!("teach.legends.move.relocate"),
            Command::Spell { card: c, .. } => msg!("teach.legends.move.spell", card = card(c)),
            Command::Crown { card: c, .. } => msg!("teach.legends.move.crown", card = card(c)),
            Command::Scrap { card: c, .. } => msg!("teach.legends.move.scrap", card = card(c)),
            Command::Raid { card: c, .. } => msg!("teach.legends.move.raid", card = card(c)),
            Command::Replace { .. } => msg!("teach.legends.move.replace", name = player()),
            Command::Recall { card: c } => msg!("teach.legends.move.recall", card = card(c)),
            Command::Summon { card: c, .. } => msg!("teach.legends.move.summon", card = card(c)),
            Command::Renounce { card: c } => msg!("teach.legends.move.renounce", card = card(c)),
            Command::Rescue { take: true } => msg!("teach.legends.move.rescue", name = player()),
            Command::Rescue { take: false } => msg!("teach.legends.move.no_rescue", name = player()),
            Command::Hunt { .. } => msg!("teach.legends.move.hunt", name = player()),
            Command::Resolve { .. } => msg!("teach.legends.move.resolve", name = player()),
            Command::Forfeit { .. } => msg!("teach.legends.move.forfeit", name = player()),
            Command::Companion { .. } => msg!("teach.legends.move.companion", name = player()),
            Command::GiveSpecial { .. } => msg!("teach.legends.move.give_special"),
        }
    }
}

// --- Cards entering play (see `crate::teach`, "Cards entering play") ---

/// The location tiles' lesson, given as the game sets them out.
pub(super) const LOCATION_LESSON: &str = "teach.legends.card.location";
/// What a character card shows, given with the first character that comes
/// into play.
pub(super) const CHARACTER_LESSON: &str = "teach.legends.card.character";

/// The lesson of a character's own text (`teach.legends.card.character.
/// sir_kay`): every character of the catalog has one, the rulebook giving
/// each one's text ("III. Traduzione delle carte").
fn character_lesson_id(card: &str) -> Option<String> {
    let base = crate::teach::card_base(card);
    let slug = base.strip_prefix("legends/character/")?;
    Some(format!("{CHARACTER_LESSON}.{}", slug.replace('-', "_")))
}

/// A character comes into play: what a character card shows, then its own
/// text (the first-game mode gives each once in a game).
fn character_lessons(card: &str) -> Vec<crate::Lesson> {
    use crate::teach::{card_lesson, card_named};
    let Some(own) = character_lesson_id(card) else { return Vec::new() };
    vec![card_lesson(Msg::new(CHARACTER_LESSON), card_named(card)), card_lesson(Msg::new(own), card_named(card))]
}

/// The explanations of the cards a Camelot Legends event brings into play:
/// the location tiles as the table is set, a character as it is played or
/// bid from a hand or takes another's place, an event as it is drawn (the
/// event's own summary, the final event's too), a special card as a
/// character takes one (its summary).
pub(super) fn cards_entering(_game: &Legends, event: &super::Event) -> Vec<crate::Lesson> {
    use super::Event;
    use crate::catalog::message_id;
    use crate::teach::{card_base, card_lesson, card_named};
    match event {
        Event::SetUp { .. } => vec![card_lesson(Msg::new(LOCATION_LESSON), card_named("legends/location/camelot"))],
        Event::Played { card, .. } | Event::BidMade { card, from: None, .. } | Event::Replaced { card, .. } => {
            character_lessons(card)
        }
        Event::DagonetBid { from: None, .. } => character_lessons(super::texts::DAGONET),
        Event::EventDrawn { card, .. } => {
            vec![card_lesson(Msg::new(format!("{}.summary", message_id(&card_base(card)))), card_named(card))]
        }
        Event::SpecialGiven { special, card: Some(_) } => {
            vec![card_lesson(Msg::new(format!("{}.summary", message_id(&special.card()))), crate::Said::msg(special))]
        }
        _ => Vec::new(),
    }
}

/// Every explanation [`cards_entering`] may give, with the card kind it
/// explains.
pub(super) fn card_lesson_ids() -> Vec<(&'static str, String)> {
    let catalog = crate::catalog::Catalog::builtin();
    let mut ids = vec![("location", LOCATION_LESSON.to_string()), ("character", CHARACTER_LESSON.to_string())];
    for card in catalog.by_game(crate::GameKind::CamelotLegends) {
        match card.kind.as_str() {
            kind @ ("event" | "final" | "special") => {
                ids.push((kind, format!("{}.summary", crate::catalog::message_id(&card.base))));
            }
            "character" => ids.extend(character_lesson_id(&card.id).map(|id| ("character", id))),
            _ => {}
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::super::full_tests::{facts, fillers, ok, refused};
    use super::super::{Colour, Command, Event, Legends, LegendsError, Location, Mode, Seat, Setup};
    use super::{card_lesson_ids, CHARACTER_LESSON, LOCATION_LESSON};
    use crate::catalog::Catalog;
    use crate::teach::Lessons;
    use crate::{AnyEvent, AnyGame, Ctx, GameKind, Lang, Said};

    const LOT: &str = "legends/character/king-lot";
    const BORS: &str = "legends/character/sir-bors";
    const GAWAIN: &str = "legends/character/sir-gawain";
    const KAY: &str = "legends/character/sir-kay";
    const LUCAN: &str = "legends/character/sir-lucan";
    const THEFT: &str = "legends/event/theft-of-excalibur";
    const FRENCH: &str = "legends/event/french-delegation";
    const FINAL: &str = "legends/final/dragonslayer";

    /// A normal game for two played command by command, its events told to
    /// a first-game table's lessons as the table tells them.
    struct Table {
        game: Legends,
        ctx: Ctx<'static>,
        mirror: AnyGame,
        lessons: Lessons,
        /// The card lessons given, in order.
        heard: Vec<String>,
    }

    impl Table {
        fn new() -> Table {
            let mut t = Table {
                game: Legends::default(),
                ctx: Ctx::seeded(3),
                mirror: AnyGame::new(GameKind::CamelotLegends).expect("playable"),
                lessons: Lessons::new(),
                heard: Vec::new(),
            };
            t.run(Command::Setup(Setup {
                colours: vec![Colour::Blue, Colour::Red],
                names: vec!["Anna".into(), "Ugo".into()],
                first: Some(Seat(0)),
                events: 0,
                characters: 40,
                facts: facts(),
                mode: Mode::Normal,
            }));
            t
        }

        fn run(&mut self, c: Command) -> Vec<Event> {
            let events = ok(&mut self.game, &mut self.ctx, c);
            let told: Vec<AnyEvent> = events.iter().cloned().map(AnyEvent::CamelotLegends).collect();
            for e in &told {
                self.mirror.apply(e).expect("the mirror follows");
            }
            for l in self.lessons.due_after(&self.mirror, &told) {
                if l.card.is_some() {
                    self.heard.push(l.id);
                }
            }
            events
        }

        fn play(&mut self, card: &str, location: Location) {
            self.run(Command::Lay { card: card.into() });
            self.run(Command::Play { location });
        }

        fn heard(&self, id: &str) -> usize {
            self.heard.iter().filter(|h| *h == id).count()
        }
    }

    fn own(card: &str) -> String {
        format!("{CHARACTER_LESSON}.{}", card.trim_start_matches("legends/character/").replace('-', "_"))
    }

    #[test]
    fn each_kind_of_card_is_explained_once_when_it_first_comes_into_play() {
        let mut t = Table::new();
        // The table is set: the location tiles.
        assert_eq!(t.heard, [LOCATION_LESSON]);
        // The first character placed: what a character card shows, then its
        // own text; the second only its own.
        t.play(LOT, Location::Camelot);
        assert_eq!(t.heard[1..], [CHARACTER_LESSON.to_string(), own(LOT)]);
        t.play(BORS, Location::Cornwall);
        assert_eq!(t.heard.last(), Some(&own(BORS)));
        // An event drawn: its summary.
        let first = fillers(16);
        t.run(Command::DrawEvent { card: first[0].clone() });
        assert_eq!(
            t.heard.last().map(String::as_str),
            Some(format!("{}.summary", crate::catalog::message_id(&first[0])).as_str())
        );
        t.play(GAWAIN, Location::PerilousForest);
        t.play(KAY, Location::PerilousForest);
        t.run(Command::DrawEvent { card: first[1].clone() });
        t.run(Command::EndTurn);
        // A special card taken: its summary.
        t.run(Command::DrawEvent { card: THEFT.into() });
        t.run(Command::Complete { card: THEFT.into() });
        t.run(Command::Grant { card: GAWAIN.into() });
        assert_eq!(t.heard.last().map(String::as_str), Some("card.legends.special.excalibur.summary"));
        t.run(Command::EndTurn);
        // The final event under the 17 others.
        for e in &first[2..16] {
            t.run(Command::DrawEvent { card: e.clone() });
            t.run(Command::EndTurn);
        }
        t.run(Command::DrawEvent { card: FINAL.into() });
        assert_eq!(t.heard.last().map(String::as_str), Some("card.legends.final.dragonslayer.summary"));
        // Every kind of the catalog was explained, and nothing twice.
        let ids = card_lesson_ids();
        for kind in ["location", "character", "event", "special", "final"] {
            assert!(ids.iter().any(|(k, id)| *k == kind && t.heard(id) == 1), "no {kind} lesson in {:?}", t.heard);
        }
        for id in &t.heard {
            assert_eq!(t.heard(id), 1, "{id} said twice: {:?}", t.heard);
            assert!(ids.iter().any(|(_, listed)| listed == id), "{id} is not listed");
        }
        assert_eq!(t.heard(CHARACTER_LESSON), 1, "four characters, one lesson on the card's numbers");
    }

    #[test]
    fn a_character_bid_from_the_hand_is_explained_as_it_comes_into_play() {
        let mut t = Table::new();
        t.play(LOT, Location::Camelot);
        t.play(BORS, Location::Cornwall);
        t.run(Command::DrawEvent { card: FRENCH.into() });
        t.run(Command::Bid { card: LUCAN.into() });
        assert_eq!(t.heard.last(), Some(&own(LUCAN)));
        // Bors was explained when placed: bid from his company, nothing new.
        let before = t.heard.len();
        t.run(Command::Bid { card: BORS.into() });
        assert_eq!(t.heard.len(), before);
    }

    #[test]
    fn every_character_of_the_catalog_has_its_own_lesson_in_both_languages() {
        let ids = card_lesson_ids();
        let characters: Vec<String> =
            Catalog::builtin().by_kind(GameKind::CamelotLegends, "character").map(|c| own(&c.id)).collect();
        assert_eq!(characters.len(), usize::from(super::super::CHARACTERS));
        for id in characters.iter().map(String::as_str).chain([CHARACTER_LESSON, LOCATION_LESSON]) {
            assert!(ids.iter().any(|(_, listed)| listed == id), "{id} is not listed");
            for lang in Lang::ALL {
                let text = lang.text(&crate::Msg::new(id.to_string()));
                assert!(lang.catalog().get(id).is_some() && !text.contains('{'), "{id} in {}: {text}", lang.code());
            }
        }
    }

    #[test]
    fn a_bid_past_the_events_most_is_refused_in_words_that_say_that_most() {
        let mut t = Table::new();
        t.play(LOT, Location::Camelot);
        t.play(BORS, Location::Cornwall);
        t.run(Command::DrawEvent { card: FRENCH.into() });
        // The most each player bids is the event's own, as the engine read
        // it from the card's text.
        let most = t.game.auction().expect("the bidding").max;
        let stated = Catalog::builtin().get(FRENCH).and_then(|c| c.fact_int("bid_max"));
        assert_eq!(stated, Some(i64::from(most)));
        // Anna bids two, her most: the say goes to Ugo and never comes back
        // to her, so the refusal is reached by giving her the say again.
        t.run(Command::Bid { card: LUCAN.into() });
        t.run(Command::Pass);
        t.run(Command::Bid { card: LOT.into() });
        assert_eq!(t.game.auction().map(|a| a.to), Some(Seat(1)), "Anna is at her most");
        t.game.auction.as_mut().expect("the bidding").to = Seat(0);
        let e = refused(&t.game, &mut t.ctx, Command::Bid { card: GAWAIN.into() });
        assert_eq!(e, LegendsError::BidMax { most }.into());
        for lang in Lang::ALL {
            let said = lang.text(&e.msg());
            assert!(said.contains(&most.to_string()), "{} does not quote the most {most}: {said}", lang.code());
            let rule = e.rule_text(lang).expect("a rule");
            assert!(
                !rule.contains("un personaggio per giocatore") && !rule.contains("one character per player"),
                "{rule}"
            );
        }
        assert_eq!(Lang::It.text(&e.msg()), format!("Su questo evento ognuno punta al massimo {most} Personaggi."));
        assert_eq!(Lang::En.text(&e.msg()), format!("Each player bids {most} Characters at most on this Event."));
    }
}
