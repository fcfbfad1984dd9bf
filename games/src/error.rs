//! Typed rule errors in the players' own words.
//!
//! Every refusal a rules engine gives is a [`RuleError`]: a stable `code()`
//! for tests and logs, and a message (`common.<code>`, `avalon.<code>`,
//! `soc.<code>` in the catalogs) for the screen.

use super::{Lang, Seat};
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Arg, Msg, Said};

pub use crate::registry::RuleError;

/// Refusals shared by every game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CommonError {
    /// The game has not been set up yet.
    NotStarted,
    /// The game is already set up.
    AlreadyStarted,
    /// The game has ended.
    GameOver,
    /// That seat is not at this table.
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
    },
    /// This seat has already answered in the current secret input.
    AlreadyAnswered {
        /// Who pressed again.
        seat: Seat,
    },
    /// This seat has no say in the current secret input.
    NotAsked {
        /// Who pressed.
        seat: Seat,
    },
    /// A card from another game was scanned.
    WrongGameCard {
        /// The card's id.
        card: String,
    },
    /// A card the game does not use right now.
    CardNotExpected {
        /// The card's id.
        card: String,
    },
    /// This is not the moment for this action.
    NotNow,
    /// The game needs the owner's facts of these cards (printed only on
    /// them) before it can go on: the table asks for them.
    FactsNeeded {
        /// The cards' ids.
        cards: Vec<String>,
    },
    /// A learn command that names no card's facts.
    NothingToLearn,
    /// A player's name longer than the screen shows.
    NameTooLong {
        /// The seat named.
        seat: Seat,
        /// The most letters a name may have.
        most: usize,
    },
}

impl Said for CommonError {
    fn msg(&self) -> Msg {
        use CommonError::*;
        match self {
            NotStarted => msg!("common.not_started"),
            AlreadyStarted => msg!("common.already_started"),
            GameOver => msg!("common.game_over"),
            NoSuchSeat { seat } => msg!("common.no_such_seat", seat = seat.number()),
            AlreadyAnswered { seat } => msg!("common.already_answered", seat = seat.number()),
            NotAsked { seat } => msg!("common.not_asked", seat = seat.number()),
            WrongGameCard { card } => match super::GameKind::of_card(card) {
                Some(g) => msg!("common.wrong_game_card", card = card.as_str(), game = g.title()),
                None => msg!("common.wrong_game_card.unknown", card = card.as_str()),
            },
            CardNotExpected { card } => msg!("common.card_not_expected", card = card.as_str()),
            NotNow => msg!("common.not_now"),
            FactsNeeded { cards } => {
                let names = cards.iter().map(|c| crate::facts::card_msg(c)).collect::<Vec<_>>();
                match names.as_slice() {
                    [one] => msg!("common.facts_needed", card = one.clone()),
                    _ => msg!("common.facts_needed.cards", count = names.len()),
                }
            }
            NothingToLearn => msg!("common.nothing_to_learn"),
            NameTooLong { seat, most } => msg!("common.name_too_long", seat = seat.number(), most = *most),
        }
    }

    fn text(&self, lang: Lang) -> String {
        lang.text(&cards_named(self.msg(), lang))
    }
}

/// A refusal that carries a card's id (`card`) names the card on the
/// screen: its name in `lang`, from the card catalog (an id the catalog
/// does not know is shown as read, cut short).
fn cards_named(mut msg: Msg, lang: Lang) -> Msg {
    if let Some(Arg::Text(card)) = msg.arg("card") {
        let name = crate::catalog::Catalog::builtin().label(card, lang);
        msg = msg.with("card", name);
    }
    msg
}

impl CommonError {
    /// The common refusals that apply no rule of a game, each with why.
    pub const NOT_RULES: &'static [&'static str] = &[
        // The table's own order: a game is set up before it is played, once.
        "not_started",
        "already_started",
        // The ending is on the screen, with its reason.
        "game_over",
        // A seat number that is not at the table: a slip of the input.
        "no_such_seat",
        // A card of another box.
        "wrong_game_card",
        // A card the moment has no use for: the screen says what it waits for.
        "card_not_expected",
        // The moment is wrong for that touch: the screen says what it waits for.
        "not_now",
        // Tavola needs the numbers printed on a card, not a rule of play.
        "facts_needed",
        "nothing_to_learn",
        // The screen's room, not the game's.
        "name_too_long",
    ];

    /// Stable code (`not_now`).
    pub fn code(&self) -> &'static str {
        use CommonError::*;
        match self {
            NotStarted => "not_started",
            AlreadyStarted => "already_started",
            GameOver => "game_over",
            NoSuchSeat { .. } => "no_such_seat",
            AlreadyAnswered { .. } => "already_answered",
            NotAsked { .. } => "not_asked",
            WrongGameCard { .. } => "wrong_game_card",
            CardNotExpected { .. } => "card_not_expected",
            NotNow => "not_now",
            FactsNeeded { .. } => "facts_needed",
            NothingToLearn => "nothing_to_learn",
            NameTooLong { .. } => "name_too_long",
        }
    }
}

/// The serde tags (`kind`) of an internally tagged enum's variants: the
/// codes of a game's refusals. Read from what serde answers to a tag no
/// variant has, which lists them all.
pub(crate) fn variant_tags<T: serde::de::DeserializeOwned>() -> Vec<String> {
    let none = serde_json::json!({ "kind": "\u{1}" });
    let Err(e) = serde_json::from_value::<T>(none) else { return Vec::new() };
    let said = e.to_string();
    let listed = said.split_once("expected").map_or("", |(_, l)| l);
    listed.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

impl RuleError {
    /// The rule this refusal applies, in words that teach it (naming the
    /// rulebook's section where that helps): the message `<code>.rule`
    /// (`avalon.team_size.rule`). `None` for a refusal that applies no
    /// rule of the game (see [`CommonError::NOT_RULES`] and
    /// [`crate::GameError::NOT_RULES`]).
    pub fn rule(&self) -> Option<Msg> {
        self.applies_rule().then(|| Msg::new(format!("{}.rule", self.code())))
    }

    /// The rule's words in `lang` (see [`RuleError::rule`]).
    pub fn rule_text(&self, lang: Lang) -> Option<String> {
        self.rule().map(|m| lang.text(&m))
    }

    /// What to say, naming seats by their players where `who` knows them
    /// ("Anna has already answered" rather than "Seat 1 has…").
    pub fn msg_named(&self, who: &dyn Fn(Seat) -> Option<String>) -> Msg {
        match self {
            RuleError::Common(e) => match e {
                CommonError::AlreadyAnswered { seat } => {
                    who(*seat).map(|name| msg!("common.already_answered.named", name))
                }
                CommonError::NotAsked { seat } => who(*seat).map(|name| msg!("common.not_asked.named", name)),
                _ => None,
            }
            .unwrap_or_else(|| e.msg()),
            game => game.game_msg_named(who),
        }
    }

    /// The text in `lang`, naming seats by their players where `who` knows
    /// them.
    pub fn text_named(&self, lang: Lang, who: &dyn Fn(Seat) -> Option<String>) -> String {
        lang.text(&cards_named(self.msg_named(who), lang))
    }
}

impl Said for RuleError {
    fn msg(&self) -> Msg {
        self.msg_named(&|_| None)
    }

    fn text(&self, lang: Lang) -> String {
        lang.text(&cards_named(self.msg(), lang))
    }
}

impl From<CommonError> for RuleError {
    fn from(e: CommonError) -> Self {
        RuleError::Common(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_named_by_its_player_when_known_without_a_glued_preposition() {
        let e = RuleError::from(CommonError::NotAsked { seat: Seat(2) });
        let anna = |_| Some("Anna".to_string());
        assert_eq!(e.text_named(Lang::It, &anna), "Anna non deve rispondere ora.");
        assert_eq!(e.text_named(Lang::En, &anna), "Anna is not asked to answer now.");
        assert_eq!(e.text_named(Lang::It, &|_| None), "Ora non tocca al posto 3 rispondere.");
        assert_eq!(e.text(Lang::En), "Seat 3 is not asked to answer now.");
        let e = RuleError::from(CommonError::AlreadyAnswered { seat: Seat(0) });
        assert_eq!(e.text_named(Lang::It, &|_| Some("Ugo".into())), "Ugo ha già risposto: conta la prima scelta.");
        assert_eq!(e.code(), "common.already_answered");
        assert_eq!(e.msg().id, "common.already_answered");
    }

    /// Every kind of refusal of every game, with the words of the rule it
    /// applies (or listed, with why, among those that apply none).
    fn every_refusal() -> Vec<(String, bool)> {
        let mut all: Vec<(String, bool)> = variant_tags::<CommonError>()
            .into_iter()
            .map(|code| {
                let rule = !CommonError::NOT_RULES.contains(&code.as_str());
                (format!("common.{code}"), rule)
            })
            .collect();
        for kind in crate::GameKind::ALL {
            for code in kind.refusal_codes() {
                let rule = !kind.not_rules().contains(&code.as_str());
                all.push((format!("{}.{code}", kind.id()), rule));
            }
        }
        all
    }

    #[test]
    fn every_refusal_that_applies_a_rule_says_which_in_every_language() {
        let all = every_refusal();
        // The enums are read whole: a game's count is its enum's.
        assert_eq!(variant_tags::<CommonError>().len(), 12);
        assert_eq!(crate::GameKind::Avalon.refusal_codes().len(), 38);
        for kind in crate::GameKind::ALL.into_iter().filter(|k| k.is_playable()) {
            assert!(kind.refusal_codes().len() > 20, "{kind:?}: {:?}", kind.refusal_codes());
        }
        assert!(all.iter().filter(|(_, rule)| *rule).count() > 200);
        let mut missing = Vec::new();
        for (code, rule) in &all {
            let id = format!("{code}.rule");
            for lang in Lang::ALL {
                let has = lang.translation(&id, None).is_some();
                if *rule && !has {
                    missing.push(format!("{id} has no {lang:?} words"));
                }
                if !*rule && has {
                    missing.push(format!("{id} is written but {code} is listed as applying no rule"));
                }
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    #[test]
    fn every_rule_fits_the_message_line() {
        for (code, rule) in every_refusal() {
            if !rule {
                continue;
            }
            for lang in Lang::ALL {
                let said = lang.text(&msg!("refusal.rule", rule = lang.text(&Msg::new(format!("{code}.rule")))));
                let n = said.chars().count();
                assert!(n <= 100, "{code}.rule in {lang:?} has {n} characters, the line shows about 100: {said}");
            }
        }
    }

    #[test]
    fn every_refusal_listed_as_no_rule_is_a_refusal_and_every_rule_message_has_its_refusal() {
        let all = every_refusal();
        let codes: std::collections::BTreeSet<&str> = all.iter().map(|(c, _)| c.as_str()).collect();
        for kind in crate::GameKind::ALL {
            for code in kind.not_rules() {
                assert!(codes.contains(format!("{}.{code}", kind.id()).as_str()), "{}: no refusal {code}", kind.id());
            }
        }
        for code in CommonError::NOT_RULES {
            assert!(codes.contains(format!("common.{code}").as_str()), "common: no refusal {code}");
        }
        for lang in Lang::ALL {
            let games: Vec<&str> = crate::GameKind::ALL.iter().map(|g| g.id()).chain(["common"]).collect();
            for entry in lang.catalog().entries() {
                let Some(code) = entry.id.strip_suffix(".rule") else { continue };
                if !games.iter().any(|g| code.starts_with(&format!("{g}."))) {
                    continue;
                }
                assert!(codes.contains(code), "{} ({lang:?}) names no refusal", entry.id);
            }
        }
    }

    #[test]
    fn a_refusal_carries_its_rule_and_a_slip_of_the_input_none() {
        let e = RuleError::Avalon(crate::avalon::AvalonError::TeamSize { needed: 2, given: 3 });
        assert_eq!(e.rule().map(|m| m.id.to_string()).as_deref(), Some("avalon.team_size.rule"));
        let it = e.rule_text(Lang::It).unwrap();
        assert!(it.contains("Fase di Formazione della Squadra"), "{it}");
        let en = e.rule_text(Lang::En).unwrap();
        assert!(en.starts_with("each mission has its team size"), "{en}");
        assert_ne!(en, it);
        let said = Lang::En.text(&msg!("refusal.rule", rule = en.clone()));
        assert_eq!(said, format!("Rule: {en}"));
        assert_eq!(RuleError::from(CommonError::NameTooLong { seat: Seat(0), most: 12 }).rule(), None);
        assert_eq!(RuleError::KingArthursKnights(crate::kak::KakError::NotAQuest { card: "x".into() }).rule(), None);
        let e = RuleError::from(CommonError::AlreadyAnswered { seat: Seat(1) });
        assert!(e.rule_text(Lang::It).unwrap().contains("una volta sola"));
    }

    #[test]
    fn every_game_has_its_rules_page_in_every_language() {
        for kind in crate::GameKind::ALL {
            let page = kind.rules_page();
            assert_eq!(page.len(), 3, "{kind:?}");
            for lang in Lang::ALL {
                assert!(lang.text(&kind.rules_title()).contains(kind.title()));
                for (title, body) in &page {
                    for m in [title, body] {
                        assert!(lang.translation(&m.id, None).is_some(), "{} has no {lang:?} words", m.id);
                    }
                    // A few lines, each a sentence or a step of its own.
                    let text = lang.text(body);
                    let lines = text.lines().count();
                    assert!((2..=8).contains(&lines), "{} in {lang:?}: {lines} lines", body.id);
                }
            }
        }
    }

    #[test]
    fn a_card_is_named_in_the_language_of_the_sentence() {
        let e = CommonError::CardNotExpected { card: "avalon/role/merlin".into() };
        assert_eq!(e.text(Lang::It), "La carta «Merlino» non serve in questo momento.");
        assert_eq!(RuleError::from(e).text(Lang::En), "The card “Merlin” is not needed right now.");
    }
}
