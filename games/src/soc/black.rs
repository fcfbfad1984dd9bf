//! Black cards: read from a tag (or picked on screen) and applied.
//!
//! A standard card goes to its quest: Saxons and Picts add a figure,
//! Mercenaries one to the war the player picks, Black Knight and
//! Lancelot/Dragon cards take a black space (face down if the player wants,
//! who then draws a white card), Excalibur moves the sword toward evil,
//! Despair goes on the Grail. A standard card for a quest that is over adds
//! a siege engine instead. A special card waits for the table: three Merlin
//! cards can cancel it then, never later; otherwise it takes effect, and
//! what Tavola applies of it is data ([`super::rules::SpecialRules`]).

use super::quests::{BlackValue, QuestId};
use super::{Draft, Event, Pending, SocError};
use crate::catalog::Catalog;
use crate::{CommonError, GameKind, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// What a black card is, from its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BlackCard {
    /// Black Knight, with its value.
    BlackKnight {
        /// Value.
        value: u8,
    },
    /// Lancelot & the Dragon, with both values.
    LancelotDragon {
        /// Value on Lancelot's quest.
        lancelot: u8,
        /// Value on the Dragon's.
        dragon: u8,
    },
    /// Excalibur moves toward evil.
    Excalibur,
    /// Despair on the Grail.
    Despair,
    /// A Pict figure.
    Picts,
    /// A Saxon figure.
    Saxons,
    /// A figure in the war the player picks.
    Mercenaries,
    /// A special card (its slug: `morgan`, `vivien`…).
    Special {
        /// Slug.
        slug: String,
    },
}

impl BlackCard {
    /// Reads a card id (`soc/black/black-knight-5-2`, or the id without its
    /// copy number as the on-screen picker may give it).
    pub fn from_id(id: &str, catalog: &Catalog) -> Result<BlackCard, RuleError> {
        match GameKind::of_card(id) {
            Some(GameKind::ShadowsOverCamelot) => {}
            Some(_) => return Err(CommonError::WrongGameCard { card: id.into() }.into()),
            None => return Err(SocError::UnknownCard { card: id.into() }.into()),
        }
        let card = catalog
            .get(id)
            .or_else(|| catalog.by_game(GameKind::ShadowsOverCamelot).iter().find(|c| c.base == id))
            .ok_or_else(|| SocError::UnknownCard { card: id.into() })?;
        if card.kind != "black" {
            return Err(SocError::NotABlackCard { card: id.into() }.into());
        }
        let slug = card.base.rsplit('/').next().unwrap_or_default();
        let value = |k: &str| card.fact_int(k).and_then(|v| u8::try_from(v).ok()).unwrap_or(0);
        Ok(if card.fact_flag("special") {
            BlackCard::Special { slug: slug.to_string() }
        } else if slug.starts_with("black-knight") {
            BlackCard::BlackKnight { value: value("value") }
        } else if slug.starts_with("lancelot-dragon") {
            BlackCard::LancelotDragon { lancelot: value("lancelot"), dragon: value("dragon") }
        } else {
            match slug {
                "excalibur" => BlackCard::Excalibur,
                "despair" => BlackCard::Despair,
                "picts" => BlackCard::Picts,
                "saxons" => BlackCard::Saxons,
                "mercenaries" => BlackCard::Mercenaries,
                _ => return Err(SocError::UnknownCard { card: id.into() }.into()),
            }
        })
    }

    /// Cards whose value may be hidden (played face down).
    pub fn can_hide(&self) -> bool {
        matches!(self, BlackCard::BlackKnight { .. } | BlackCard::LancelotDragon { .. })
    }
}

impl Draft<'_> {
    /// The quest a standard card goes to, `None` when it is over (a siege
    /// engine instead).
    fn target(&self, card: &BlackCard, war: Option<QuestId>) -> Option<QuestId> {
        let b = &self.sim.board;
        let q = match card {
            BlackCard::BlackKnight { .. } => QuestId::BlackKnight,
            BlackCard::LancelotDragon { .. } if b.is_open(QuestId::Lancelot) => QuestId::Lancelot,
            BlackCard::LancelotDragon { .. } => QuestId::Dragon,
            BlackCard::Excalibur => QuestId::Excalibur,
            BlackCard::Despair => QuestId::Grail,
            BlackCard::Picts => QuestId::Picts,
            BlackCard::Saxons => QuestId::Saxons,
            BlackCard::Mercenaries => war?,
            BlackCard::Special { .. } => return None,
        };
        b.is_open(q).then_some(q)
    }

    /// A black card drawn in the evil step, with the player's choices if
    /// the card needs them (face down; which war for Mercenaries).
    pub(super) fn black_card(
        &mut self,
        seat: Seat,
        id: &str,
        face_down: Option<bool>,
        war: Option<QuestId>,
    ) -> Result<(), RuleError> {
        let card = BlackCard::from_id(id, self.cards)?;
        if let Some(w) = war {
            if !w.is_war() {
                return Err(SocError::NotAWar { quest: w }.into());
            }
        }
        self.emit(Event::EvilChosen { seat, choice: super::EvilChoice::BlackCard });
        if let BlackCard::Special { slug } = &card {
            self.emit(Event::SpecialDrawn { card: id.to_string(), slug: slug.clone() });
            // Without three cards in the knights' hands nobody can give the
            // three Merlin cards: the card takes effect without asking.
            let cards: usize = self.sim.merlin_givers().iter().map(|&(_, n)| usize::from(n)).sum();
            if cards < MERLIN_CARDS {
                return self.merlin(None);
            }
            return Ok(());
        }
        let needs_war = card == BlackCard::Mercenaries && war.is_none();
        let open_hidden = card.can_hide() && face_down.is_none() && self.target(&card, None).is_some();
        if needs_war || open_hidden {
            // Wait for the player's choice; a hideable card is not shown.
            let hidden = card.can_hide();
            self.emit(Event::BlackCardDrawn { card: Some(id.to_string()), hidden });
            return Ok(());
        }
        self.place_black(seat, id, &card, face_down.unwrap_or(false), war);
        Ok(())
    }

    /// The choice for a card waiting on screen.
    pub(super) fn place_pending(&mut self, face_down: bool, war: Option<QuestId>) -> Result<(), RuleError> {
        let Some(Pending::BlackChoice { card, .. }) = &self.sim.pending else {
            return Err(CommonError::NotNow.into());
        };
        let id = card.clone();
        let parsed = BlackCard::from_id(&id, self.cards)?;
        if parsed == BlackCard::Mercenaries {
            match war {
                Some(w) if w.is_war() => {}
                Some(w) => return Err(SocError::NotAWar { quest: w }.into()),
                None => return Err(SocError::PickAWar.into()),
            }
        }
        let seat = self.sim.current().ok_or(CommonError::NotNow)?;
        self.place_black(seat, &id, &parsed, face_down && parsed.can_hide(), war);
        Ok(())
    }

    fn place_black(&mut self, seat: Seat, id: &str, card: &BlackCard, face_down: bool, war: Option<QuestId>) {
        let Some(q) = self.target(card, war) else {
            let quest = match card {
                BlackCard::LancelotDragon { .. } => QuestId::Dragon,
                BlackCard::Excalibur => QuestId::Excalibur,
                BlackCard::Despair => QuestId::Grail,
                _ => QuestId::BlackKnight,
            };
            self.emit(Event::BlackCardInstead { card: id.to_string(), quest });
            self.add_siege(1);
            return;
        };
        match *card {
            BlackCard::BlackKnight { value } => self.black_fight(seat, id, q, value, face_down),
            BlackCard::LancelotDragon { lancelot, dragon } => {
                let value = if q == QuestId::Lancelot { lancelot } else { dragon };
                self.black_fight(seat, id, q, value, face_down)
            }
            BlackCard::Excalibur => {
                self.emit(Event::ExcaliburMoved { card: Some(id.to_string()), delta: -1 });
                self.after_quest_change(q, None);
            }
            BlackCard::Despair => self.despair(Some(id.to_string())),
            BlackCard::Picts | BlackCard::Saxons | BlackCard::Mercenaries => {
                self.emit(Event::FigureAdded { card: id.to_string(), quest: q });
                self.after_quest_change(q, None);
            }
            BlackCard::Special { .. } => {}
        }
    }

    fn black_fight(&mut self, seat: Seat, id: &str, q: QuestId, value: u8, face_down: bool) {
        let placed = BlackValue { value, face_down };
        self.emit(Event::BlackPlaced { card: Some(id.to_string()), quest: q, value: Some(placed.value), face_down });
        if face_down {
            // Hiding the value earns a white card.
            self.change_hand(seat, 1);
        }
        self.after_quest_change(q, None);
    }

    /// A Despair (or Desolation) on the Grail track.
    pub(super) fn despair(&mut self, card: Option<String>) {
        if !self.sim.board.is_open(QuestId::Grail) {
            self.emit(Event::BlackCardInstead { card: card.unwrap_or_default(), quest: QuestId::Grail });
            self.add_siege(1);
            return;
        }
        let b = &self.sim.board;
        let full = b.grail_white + b.grail_black >= self.sim.rules().grail.spaces;
        self.emit(Event::GrailBlack { card, pushed_out_grail: full && b.grail_white > 0 });
        self.after_quest_change(QuestId::Grail, None);
    }

    /// Three Merlin cards cancel the special card waiting, or the table
    /// lets it take effect.
    pub(super) fn merlin(&mut self, from: Option<&[Seat]>) -> Result<(), RuleError> {
        let Some(Pending::Merlin { card, slug }) = self.sim.pending.clone() else {
            return Err(SocError::NoSpecialCard.into());
        };
        match from {
            Some(seats) => {
                self.sim.check_merlin(seats)?;
                for &s in seats {
                    self.change_hand(s, -1);
                }
                self.emit(Event::SpecialCancelled { card, merlins: seats.to_vec() });
            }
            None => {
                let effect = self.sim.rules().special(&slug);
                self.emit(Event::SpecialTookEffect { card, slug, lasting: effect.lasting });
                if effect.siege > 0 {
                    self.add_siege(effect.siege);
                }
                if effect.life_drawer > 0 {
                    if let Some(s) = self.sim.current() {
                        self.change_life(s, -i32::from(effect.life_drawer));
                    }
                }
                for _ in 0..effect.grail_black {
                    if !self.sim.is_over_now() {
                        self.despair(None);
                    }
                }
            }
        }
        Ok(())
    }
}

/// Merlin cards that cancel a special black card.
pub const MERLIN_CARDS: usize = 3;

impl super::Soc {
    /// Why these knights cannot cancel the special card with their Merlin
    /// cards (one seat per card).
    pub(super) fn check_merlin(&self, seats: &[Seat]) -> Result<(), RuleError> {
        if !matches!(self.pending, Some(Pending::Merlin { .. })) {
            return Err(SocError::NoSpecialCard.into());
        }
        if seats.len() != MERLIN_CARDS {
            return Err(SocError::ThreeMerlins { given: seats.len() }.into());
        }
        for &s in seats {
            self.check_seat(s)?;
            let k = &self.knights[s.index()];
            if !k.active() {
                return Err(SocError::KnightOut { seat: s }.into());
            }
            let count = seats.iter().filter(|&&x| x == s).count();
            if usize::from(k.hand) < count {
                return Err(SocError::NotEnoughCards { seat: s, needed: count as u8, held: k.hand }.into());
            }
        }
        Ok(())
    }

    /// The knights who may give Merlin cards, each with how many at most.
    pub(super) fn merlin_givers(&self) -> Vec<(Seat, u8)> {
        (0..self.players())
            .map(|i| Seat(i as u8))
            .filter(|&s| self.knights[s.index()].active())
            .map(|s| (s, self.knights[s.index()].hand.min(MERLIN_CARDS as u8)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }
}

impl super::Soc {
    /// A black card's choice, if one waits, is over.
    fn clear_black_choice(&mut self) {
        if matches!(self.pending, Some(Pending::BlackChoice { .. })) {
            self.pending = None;
        }
    }

    /// The progression of evil: black cards, Merlin's and the siege.
    pub(super) fn apply_black(&mut self, event: &Event) {
        match event {
            Event::BlackCardDrawn { card: Some(card), hidden } => {
                self.pending = Some(Pending::BlackChoice { card: card.clone(), hidden: *hidden });
            }
            Event::BlackPlaced { quest, value, face_down, .. } => {
                self.clear_black_choice();
                if let (Some(f), Some(v)) = (self.board.fight_mut(*quest), value) {
                    f.black.push(BlackValue { value: *v, face_down: *face_down });
                }
            }
            Event::BlackCardInstead { .. } => self.clear_black_choice(),
            Event::FigureAdded { quest, .. } => {
                self.clear_black_choice();
                if let Some(w) = self.board.war_mut(*quest) {
                    w.figures = w.figures.saturating_add(1);
                }
            }
            Event::ExcaliburMoved { delta, .. } => self.board.excalibur = self.board.excalibur.saturating_add(*delta),
            Event::GrailBlack { pushed_out_grail, .. } => {
                if *pushed_out_grail {
                    self.board.grail_white = self.board.grail_white.saturating_sub(1);
                }
                self.board.grail_black = self.board.grail_black.saturating_add(1);
            }
            Event::SpecialDrawn { card, slug } => {
                self.pending = Some(Pending::Merlin { card: card.clone(), slug: slug.clone() });
            }
            Event::SpecialCancelled { .. } => self.pending = None,
            Event::SpecialTookEffect { slug, lasting, .. } => {
                self.pending = None;
                if *lasting {
                    self.lasting.push(slug.clone());
                }
            }
            Event::SiegeChanged { delta } => {
                self.siege = (i16::from(self.siege) + i16::from(*delta)).clamp(0, 255) as u8;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_ids_read_with_or_without_their_copy_number() {
        assert_eq!(
            BlackCard::from_id("soc/black/black-knight-5-2", Catalog::builtin()),
            Ok(BlackCard::BlackKnight { value: 5 })
        );
        assert_eq!(
            BlackCard::from_id("soc/black/lancelot-dragon-3-7", Catalog::builtin()),
            Ok(BlackCard::LancelotDragon { lancelot: 3, dragon: 7 })
        );
        assert_eq!(BlackCard::from_id("soc/black/saxons-4", Catalog::builtin()), Ok(BlackCard::Saxons));
        assert_eq!(
            BlackCard::from_id("soc/black/vivien", Catalog::builtin()),
            Ok(BlackCard::Special { slug: "vivien".into() })
        );
        assert_eq!(
            BlackCard::from_id("soc/black/desolation-1", Catalog::builtin()),
            Ok(BlackCard::Special { slug: "desolation".into() })
        );
    }

    #[test]
    fn wrong_cards_are_named_clearly() {
        let code = |id: &str| BlackCard::from_id(id, Catalog::builtin()).unwrap_err().code();
        assert_eq!(code("avalon/role/merlin"), "common.wrong_game_card");
        assert_eq!(code("soc/black/saxons-9"), "soc.unknown_card");
        assert_eq!(code("soc/white/grail-1"), "soc.not_a_black_card");
        assert_eq!(code("nonsense"), "soc.unknown_card");
    }

    #[test]
    fn a_special_card_nobody_can_cancel_takes_effect_without_asking() {
        use super::super::{Command, Event, Soc};
        use crate::{Ctx, Game};
        let mut ctx = Ctx::seeded(2);
        let mut g = Soc::default();
        let setup = super::super::Setup {
            knights: vec![super::super::Knight::Arthur, super::super::Knight::Gawain, super::super::Knight::Kay],
            loyalty: super::super::LoyaltyMode::NoTraitor,
            ..super::super::Setup::placeholder()
        };
        g.execute(&Command::Setup(setup), &mut ctx).expect("setup");
        for k in &mut g.knights {
            k.hand = 0;
        }
        g.knights[0].hand = 2;
        let card = Command::BlackCard { card: "soc/black/morgan-1".into(), face_down: None, war: None };
        let events = g.execute(&card, &mut ctx).expect("drawn");
        assert!(events.iter().any(|e| matches!(e, Event::SpecialTookEffect { .. })), "{events:?}");
        assert!(g.pending.is_none(), "nothing to answer: two cards in all hands cannot make three Merlins");
    }
}
