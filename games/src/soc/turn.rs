//! A knight's turn: the evil step, then the heroic actions.
//!
//! The evil step is one of: a black card (scanned or picked on screen), a
//! siege engine, a life point. Then at least one heroic action: travel, an
//! action of the quest the knight is on (at Camelot: draw white cards or
//! fight a siege engine), a special white card, healing, an accusation. A
//! second action, of another kind, costs a life point (the sacrifice): only
//! with 6 siege engines or 6 swords, once per knight per game, after the
//! first action. A knight brought to zero by it acts, then falls.
//!
//! An exposed traitor's turn is the evil step only (a black card or a siege
//! engine); the traitor has no heroic actions left. The rules text leaves
//! the details to the traitor's shield; Tavola keeps only what changes the
//! board's count.
//!
//! Tavola does not end a turn by itself while the knight may still act: the
//! knight ends it ([`super::Command::EndTurn`]). When ending it is the only
//! thing the rules still accept (both actions spent after a sacrifice, no
//! free power left), Tavola ends it and says so
//! ([`super::Event::NoActionLeft`]). A knight who dies in their own turn
//! ends it there.

use super::quests::{Place, QuestId, FIGHT_VALUES};
use super::{Command, Draft, Event, Knight, Pending, Phase, Soc, SocError};
use crate::{CommonError, GameRng, RuleError, Seat};
use serde::{Deserialize, Serialize};

/// The evil step's three choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvilChoice {
    /// Draw a black card.
    BlackCard,
    /// Add a siege engine.
    SiegeEngine,
    /// Lose a life point.
    LoseLife,
}

/// Kinds of heroic action; one of each kind per turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Travel to another place.
    Move,
    /// An action of the quest the knight is on.
    Quest,
    /// A special white card.
    Special,
    /// Heal.
    Heal,
    /// Accuse.
    Accuse,
}

/// The turn in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Whose turn.
    pub seat: Seat,
    /// The evil step is done.
    pub evil_done: bool,
    /// Heroic actions taken.
    pub actions: Vec<Action>,
    /// Heroic actions allowed (2 after a sacrifice).
    pub slots: u8,
    /// A special white card was played (one per turn).
    pub special_played: bool,
    /// Tristan may still leave Camelot for free.
    pub free_move: bool,
    /// Tristan left Camelot for free: his move of the turn is made.
    #[serde(default)]
    pub moved_free: bool,
    /// Percival has peeked.
    pub peeked: bool,
    /// The knight sacrificed their last life point and falls after acting.
    pub doomed: bool,
    /// The knight ended the turn.
    pub over: bool,
}

impl Turn {
    pub(super) fn new(seat: Seat, free_move: bool) -> Self {
        Turn {
            seat,
            evil_done: false,
            actions: Vec::new(),
            slots: 1,
            special_played: false,
            free_move,
            moved_free: false,
            peeked: false,
            doomed: false,
            over: false,
        }
    }

    /// Every allowed heroic action was taken.
    pub fn actions_done(&self) -> bool {
        self.actions.len() >= usize::from(self.slots)
    }
}

impl Draft<'_> {
    pub(super) fn command(&mut self, command: &Command, rng: &mut GameRng) -> Result<(), RuleError> {
        match command {
            Command::Setup(s) => return self.setup(s),
            Command::CorrectHand { seat, cards } => {
                self.sim.check_correct_hand(*seat, *cards)?;
                self.emit(Event::HandCorrected { seat: *seat, cards: *cards });
                return Ok(());
            }
            Command::Correct { correction } => {
                self.sim.check_correction(correction)?;
                self.emit(Event::Corrected { correction: correction.clone() });
                return Ok(());
            }
            _ => {}
        }
        if self.sim.phase == Phase::LoyaltyScan {
            return match command {
                Command::LoyaltyCard { card } => self.loyalty_card(card),
                Command::SkipLoyaltyScan => self.skip_scan(),
                _ => Err(SocError::ScanFirst.into()),
            };
        }
        // The Grail's holder answers first, then whatever waits on screen.
        if let Some(&seat) = self.sim.dying.first() {
            return match command {
                Command::Grail { drink } => self.grail(seat, *drink),
                _ => Err(SocError::GrailFirst { seat }.into()),
            };
        }
        if let Some(p) = self.sim.pending.clone() {
            return match (command, p) {
                (Command::PlaceBlack { face_down, war }, Pending::BlackChoice { .. }) => {
                    self.place_pending(*face_down, *war)
                }
                (Command::CancelWithMerlin { from }, Pending::Merlin { .. }) => self.merlin(Some(from)),
                (Command::LetStand, Pending::Merlin { .. }) => self.merlin(None),
                (Command::RollDie, Pending::SiegeRoll { .. }) => self.roll_die(rng),
                (Command::Kay { value }, Pending::Kay { .. }) => self.kay(*value),
                (Command::ShowLoyalty { card }, Pending::Accusation { .. }) => self.show_loyalty(Some(card), None),
                (Command::ConfirmLoyalty { traitor }, Pending::Accusation { .. }) => {
                    self.show_loyalty(None, Some(*traitor))
                }
                (Command::DeclareTraitor { seat }, Pending::TraitorCheck) => self.declare_traitor(*seat),
                (_, p) => Err(SocError::Waiting { what: super::view::pending_word(&p) }.into()),
            };
        }
        let seat = self.sim.current().ok_or(CommonError::NotNow)?;
        let evil_done = self.sim.turn.as_ref().is_some_and(|t| t.evil_done);
        match command {
            Command::Peek => self.peek(seat),
            Command::BlackCard { card, face_down, war } => {
                self.evil_step(seat)?;
                self.black_card(seat, card, *face_down, *war)
            }
            Command::AddSiegeEngine => {
                self.evil_step(seat)?;
                self.emit(Event::EvilChosen { seat, choice: EvilChoice::SiegeEngine });
                self.add_siege(1);
                Ok(())
            }
            Command::LoseLife => {
                self.sim.check_lose_life(seat)?;
                self.emit(Event::EvilChosen { seat, choice: EvilChoice::LoseLife });
                self.change_life(seat, -1);
                Ok(())
            }
            _ if !evil_done => Err(SocError::EvilFirst.into()),
            Command::Move { to } => self.travel(seat, *to),
            Command::DrawWhite => self.draw_white(seat),
            Command::PlayFight { value } => self.fight_card(seat, *value),
            Command::PlayGrail => self.grail_card(seat),
            Command::DiscardForExcalibur => self.excalibur(seat),
            Command::SiegeFight { cards } => self.siege_fight(seat, cards),
            Command::PlaySpecial { card } => self.special_white(seat, card),
            Command::Heal => self.heal(seat),
            Command::Sacrifice => self.sacrifice(seat),
            Command::Accuse { accused } => self.accuse(seat, *accused),
            Command::EndTurn => {
                self.sim.check_end_turn()?;
                self.emit(Event::TurnEnded { seat });
                Ok(())
            }
            Command::Grail { .. } => Err(SocError::NobodyDying.into()),
            Command::RollDie => Err(SocError::NoSiegeFight.into()),
            Command::Kay { .. } => Err(SocError::NoKayNow.into()),
            Command::LetStand | Command::CancelWithMerlin { .. } => Err(SocError::NoSpecialCard.into()),
            Command::ShowLoyalty { card } => Err(CommonError::CardNotExpected { card: card.clone() }.into()),
            _ => Err(CommonError::NotNow.into()),
        }
    }

    fn evil_step(&self, seat: Seat) -> Result<(), RuleError> {
        self.sim.check_evil(seat)
    }

    fn peek(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.sim.check_peek(seat)?;
        self.emit(Event::Peeked { seat });
        Ok(())
    }

    /// Spends a heroic action of `kind`, unless the knight's power makes it free.
    pub(super) fn take_action(&mut self, seat: Seat, kind: Action) -> Result<(), RuleError> {
        self.sim.check_action(seat, kind)?;
        self.emit(Event::ActionTaken { seat, action: kind });
        Ok(())
    }

    fn travel(&mut self, seat: Seat, to: Place) -> Result<(), RuleError> {
        let free = self.sim.check_travel(seat, to)?;
        if !free {
            self.take_action(seat, Action::Move)?;
        }
        self.emit(Event::Moved { seat, to, free });
        Ok(())
    }

    fn draw_white(&mut self, seat: Seat) -> Result<(), RuleError> {
        let cards = self.sim.check_draw(seat)?;
        self.take_action(seat, Action::Quest)?;
        self.emit(Event::WhiteDrawn { seat, cards });
        Ok(())
    }

    fn fight_card(&mut self, seat: Seat, value: u8) -> Result<(), RuleError> {
        let q = self.sim.check_fight(seat, value)?;
        self.take_action(seat, Action::Quest)?;
        self.change_hand(seat, -1);
        self.play_fight(seat, q, value);
        Ok(())
    }

    fn grail_card(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.sim.check_quest_card(seat, QuestId::Grail)?;
        self.take_action(seat, Action::Quest)?;
        self.change_hand(seat, -1);
        let b = &self.sim.board;
        let full = b.grail_white + b.grail_black >= self.sim.rules().grail.spaces;
        self.emit(Event::GrailWhite { seat, removed_despair: full && b.grail_black > 0 });
        self.after_quest_change(QuestId::Grail, Some(seat));
        Ok(())
    }

    fn excalibur(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.sim.check_quest_card(seat, QuestId::Excalibur)?;
        self.take_action(seat, Action::Quest)?;
        self.change_hand(seat, -1);
        self.emit(Event::ExcaliburMoved { card: None, delta: 1 });
        self.after_quest_change(QuestId::Excalibur, Some(seat));
        Ok(())
    }

    fn special_white(&mut self, seat: Seat, card: &str) -> Result<(), RuleError> {
        let slug = card.rsplit('/').next().unwrap_or(card);
        let slug = slug.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-');
        let known = self
            .cards
            .by_kind(crate::GameKind::ShadowsOverCamelot, "white")
            .any(|c| c.fact_flag("special") && c.base.rsplit('/').next() == Some(slug));
        if !known {
            return Err(SocError::NotASpecialWhite { card: card.into() }.into());
        }
        let free = self.sim.check_special(seat)?;
        if !free {
            self.take_action(seat, Action::Special)?;
        }
        self.change_hand(seat, -1);
        self.emit(Event::SpecialWhitePlayed { seat, card: slug.to_string(), free });
        Ok(())
    }

    fn heal(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.sim.check_heal(seat)?;
        let n = self.sim.rules().hand.heal_cards;
        self.take_action(seat, Action::Heal)?;
        self.change_hand(seat, -i32::from(n));
        self.change_life(seat, 1);
        Ok(())
    }

    fn sacrifice(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.sim.check_sacrifice(seat)?;
        self.change_life(seat, -1);
        let doomed = self.sim.knights[seat.index()].life.value == 0;
        self.emit(Event::Sacrificed { seat, doomed });
        Ok(())
    }

    /// The next knight's turn begins.
    ///
    /// Tristan's free move: the rules text asks that he was at Camelot on
    /// his previous turn. Tavola moves no knight between his turns (only a
    /// host's correction does, and it sets the board as it stands), so a
    /// Tristan at Camelot when his turn begins ended his previous turn
    /// there; the publisher's FAQ 1.0 (Tristan's example) lets him go out
    /// free after coming back in the turn before. The one case where the
    /// two readings part is his first turn, with no previous turn: every
    /// knight starts at Camelot, and the free move is allowed.
    pub(super) fn begin_turn(&mut self, seat: Seat) {
        let k = &self.sim.knights[seat.index()];
        let free_move = k.knight == Knight::Tristan && k.place == Some(Place::Camelot) && !k.exposed;
        self.emit(Event::TurnBegan { seat, free_move });
    }

    /// After every command: the end checks, deaths, and passing the turn.
    pub(super) fn settle(&mut self) {
        for _ in 0..64 {
            if self.sim.is_over_now() || self.sim.phase != Phase::Play {
                return;
            }
            if let Some(reason) = self.sim.immediate_loss() {
                self.end_game(reason);
                return;
            }
            if self.deaths() {
                continue;
            }
            if self.sim.pending.is_some() || !self.sim.dying.is_empty() {
                return;
            }
            let rules = self.sim.rules();
            if self.sim.white + self.sim.black >= rules.swords.end_at {
                self.final_count();
                return;
            }
            let Some(t) = self.sim.turn.clone() else { return };
            let k = &self.sim.knights[t.seat.index()];
            let turn_over = t.over || !k.alive || (k.exposed && t.evil_done);
            if !turn_over {
                // Nothing left but ending the turn (both actions spent, no
                // free power left): Tavola ends it, and says so.
                if self.sim.only_end_turn_left() {
                    self.emit(Event::NoActionLeft { seat: t.seat });
                    self.emit(Event::TurnEnded { seat: t.seat });
                    continue;
                }
                return;
            }
            if !t.over {
                self.emit(Event::TurnEnded { seat: t.seat });
            }
            let n = self.sim.players();
            let next =
                (1..=n).map(|i| Seat(((t.seat.index() + i) % n) as u8)).find(|s| self.sim.knights[s.index()].alive);
            match next {
                Some(s) => self.begin_turn(s),
                None => return,
            }
            return;
        }
    }

    /// Knights at zero life fall (or wait for the Grail); true if any did.
    fn deaths(&mut self) -> bool {
        let turn = self.sim.turn.clone();
        let pending = self.sim.pending.is_some();
        for i in 0..self.sim.players() {
            let seat = Seat(i as u8);
            let k = &self.sim.knights[i];
            if !k.alive || self.sim.dying.contains(&seat) {
                continue;
            }
            let doomed_here = turn.as_ref().is_some_and(|t| t.seat == seat && t.doomed);
            if doomed_here {
                let finished = turn.as_ref().is_some_and(|t| (t.actions_done() || t.over) && !pending);
                if !finished {
                    continue;
                }
                // Whatever the last action brought, the sacrifice takes the knight.
                let life = k.life.value;
                if life > 0 {
                    self.emit(Event::LifeChanged { seat, delta: -life });
                }
            } else if k.life.value > 0 {
                continue;
            }
            self.fall(seat);
            return true;
        }
        false
    }
}

/// Most white cards a knight's hand may be set to.
pub const MAX_HAND: u8 = 84;

/// The rules' checks of a turn, on the state as it is: `decide` makes them
/// before it acts, `legal` to list what it would accept.
impl Soc {
    /// Why `seat`'s hand cannot be set to `cards`.
    pub(super) fn check_correct_hand(&self, seat: Seat, cards: u8) -> Result<(), RuleError> {
        self.check_seat(seat)?;
        if !self.knights[seat.index()].alive {
            return Err(SocError::KnightOut { seat }.into());
        }
        if cards > MAX_HAND {
            return Err(SocError::TooManyCards { cards }.into());
        }
        Ok(())
    }

    /// Why the board cannot be set so (a number out of its track, a knight
    /// out of the game).
    pub(super) fn check_correction(&self, c: &super::Correction) -> Result<(), RuleError> {
        use super::Correction::*;
        if self.phase != Phase::Play {
            return Err(CommonError::NotNow.into());
        }
        let rules = self.rules();
        let ok = match c {
            Life { seat, life } => {
                self.check_seat(*seat)?;
                if !self.knights[seat.index()].alive {
                    return Err(SocError::KnightOut { seat: *seat }.into());
                }
                *life >= 1 && i32::from(*life) <= rules.life.max
            }
            Siege { engines } => *engines < rules.siege.loss_at,
            Swords { white, black } => *black < rules.swords.black_loss && white + black < rules.swords.end_at,
            Place { seat, place } => {
                self.check_seat(*seat)?;
                if !self.knights[seat.index()].active() {
                    return Err(SocError::KnightOut { seat: *seat }.into());
                }
                // Only where a knight may stand: an open quest, a solo quest
                // free.
                if let Some(q) = place.quest() {
                    if !self.board.is_open(q) {
                        return Err(SocError::QuestClosed { quest: q }.into());
                    }
                    let others = super::knights::on_place(&self.knights, *place);
                    if q.is_solo() && others.iter().any(|s| s != seat) {
                        return Err(SocError::SoloTaken { quest: q, seat: others[0] }.into());
                    }
                }
                true
            }
        };
        if !ok {
            return Err(SocError::CorrectionOutOfRange.into());
        }
        Ok(())
    }

    /// Why the evil step cannot be taken now.
    pub(super) fn check_evil(&self, seat: Seat) -> Result<(), RuleError> {
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        if t.evil_done {
            return Err(SocError::EvilDone { seat }.into());
        }
        Ok(())
    }

    /// Why the evil step cannot cost a life point.
    pub(super) fn check_lose_life(&self, seat: Seat) -> Result<(), RuleError> {
        self.check_evil(seat)?;
        if self.knights[seat.index()].exposed {
            return Err(SocError::TraitorNoLife.into());
        }
        Ok(())
    }

    /// Why Percival cannot peek now.
    pub(super) fn check_peek(&self, seat: Seat) -> Result<(), RuleError> {
        let k = &self.knights[seat.index()];
        if k.knight != Knight::Percival || k.exposed {
            return Err(SocError::NotYourPower { power: Knight::Percival }.into());
        }
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        if t.evil_done || t.peeked {
            return Err(SocError::PeekBeforeEvil.into());
        }
        Ok(())
    }

    /// Why a heroic action of `kind` cannot be spent now.
    pub(super) fn check_action(&self, seat: Seat, kind: Action) -> Result<(), RuleError> {
        let k = &self.knights[seat.index()];
        if k.exposed {
            return Err(SocError::TraitorNoActions.into());
        }
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        if t.over {
            return Err(SocError::TurnOver.into());
        }
        // Tristan's free move is his move of the turn: no second one (the
        // publisher's FAQ 1.0, "The Heroic Actions", Tristan's example).
        if t.actions.contains(&kind) || (kind == Action::Move && t.moved_free) {
            return Err(SocError::SameActionTwice { action: kind }.into());
        }
        if t.actions_done() {
            return Err(SocError::NoActionLeft { can_sacrifice: self.check_sacrifice(seat).is_ok() }.into());
        }
        Ok(())
    }

    /// Where the knight stands (Camelot for an exposed traitor).
    pub(super) fn place_of(&self, seat: Seat) -> Place {
        self.knights[seat.index()].place.unwrap_or(Place::Camelot)
    }

    /// Why the knight cannot travel to `to`; else whether the move is
    /// free (Tristan leaving Camelot).
    pub(super) fn check_travel(&self, seat: Seat, to: Place) -> Result<bool, RuleError> {
        let from = self.place_of(seat);
        if from == to {
            return Err(SocError::AlreadyThere { place: to }.into());
        }
        if let Some(q) = to.quest() {
            if !self.board.is_open(q) {
                return Err(SocError::QuestClosed { quest: q }.into());
            }
            if q.is_solo() {
                if let Some(&other) = super::knights::on_place(&self.knights, to).first() {
                    return Err(SocError::SoloTaken { quest: q, seat: other }.into());
                }
            }
        }
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        let free = t.free_move
            && !t.actions.contains(&Action::Move)
            && from == Place::Camelot
            && !self.knights[seat.index()].exposed
            && !t.over;
        if !free {
            self.check_action(seat, Action::Move)?;
        }
        Ok(free)
    }

    /// Why the knight does not hold `n` white cards.
    pub(super) fn check_hand(&self, seat: Seat, n: u8) -> Result<(), RuleError> {
        let held = self.knights[seat.index()].hand;
        if held < n {
            return Err(SocError::NotEnoughCards { seat, needed: n, held }.into());
        }
        Ok(())
    }

    /// Why the knight cannot draw white cards; else how many they draw.
    pub(super) fn check_draw(&self, seat: Seat) -> Result<u8, RuleError> {
        if self.place_of(seat) != Place::Camelot {
            return Err(SocError::OnlyAtCamelot.into());
        }
        let rules = &self.rules().hand;
        let k = &self.knights[seat.index()];
        if k.hand >= rules.limit {
            return Err(SocError::HandFull { limit: rules.limit }.into());
        }
        self.check_action(seat, Action::Quest)?;
        Ok(if k.knight == Knight::Gawain { rules.gawain_draw } else { rules.draw })
    }

    /// Why the knight cannot play a fight card of `value` where they stand;
    /// else the quest it goes on.
    pub(super) fn check_fight(&self, seat: Seat, value: u8) -> Result<QuestId, RuleError> {
        let Some(q) = self.place_of(seat).quest() else {
            return Err(SocError::FightWhere.into());
        };
        if !(q.is_fight() || q.is_war()) {
            return Err(SocError::NoFightHere { quest: q }.into());
        }
        if !FIGHT_VALUES.contains(&value) {
            return Err(SocError::NoSuchFightCard { value }.into());
        }
        self.check_fight_card(q, value)?;
        self.check_hand(seat, 1)?;
        self.check_action(seat, Action::Quest)?;
        Ok(q)
    }

    /// Why the knight cannot play a card on `q` (a Grail card on the Grail,
    /// a discard for Excalibur).
    pub(super) fn check_quest_card(&self, seat: Seat, q: QuestId) -> Result<(), RuleError> {
        if self.place_of(seat) != Place::of(q) {
            return Err(SocError::NotOnQuest { quest: q }.into());
        }
        self.check_hand(seat, 1)?;
        self.check_action(seat, Action::Quest)
    }

    /// Why the knight cannot play a special white card now (the card
    /// itself aside); else whether it is free (Galahad's).
    pub(super) fn check_special(&self, seat: Seat) -> Result<bool, RuleError> {
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        if t.special_played {
            return Err(SocError::OneSpecialPerTurn.into());
        }
        self.check_hand(seat, 1)?;
        let k = &self.knights[seat.index()];
        let galahad = k.knight == Knight::Galahad;
        if !galahad {
            self.check_action(seat, Action::Special)?;
        } else if k.exposed || t.over {
            return Err(SocError::TraitorNoActions.into());
        }
        Ok(galahad)
    }

    /// Why the knight cannot heal.
    pub(super) fn check_heal(&self, seat: Seat) -> Result<(), RuleError> {
        if self.knights[seat.index()].life.is_max() {
            return Err(SocError::FullLife { max: self.rules().life.max }.into());
        }
        self.check_hand(seat, self.rules().hand.heal_cards)?;
        self.check_action(seat, Action::Heal)
    }

    /// Why a sacrifice is refused now, if it is.
    pub(super) fn check_sacrifice(&self, seat: Seat) -> Result<(), RuleError> {
        let k = &self.knights[seat.index()];
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        // Once per turn, after the first action ("Una volta per turno").
        if k.exposed || !t.evil_done || t.over {
            return Err(CommonError::NotNow.into());
        }
        if t.actions.is_empty() || t.slots > 1 {
            return Err(SocError::SacrificeAfterFirst.into());
        }
        Ok(())
    }

    /// Why the turn cannot end yet.
    pub(super) fn check_end_turn(&self) -> Result<(), RuleError> {
        let t = self.turn.as_ref().ok_or(CommonError::NotNow)?;
        if t.actions.is_empty() {
            return Err(SocError::ActFirst.into());
        }
        Ok(())
    }
}

impl Soc {
    /// A knight's turn: its steps and actions.
    pub(super) fn apply_turn(&mut self, event: &Event) {
        match event {
            Event::TurnBegan { seat, free_move } => {
                self.phase = Phase::Play;
                self.turn = Some(Turn::new(*seat, *free_move));
            }
            Event::Peeked { .. } => {
                if let Some(t) = &mut self.turn {
                    t.peeked = true;
                }
            }
            Event::EvilChosen { .. } => {
                if let Some(t) = &mut self.turn {
                    t.evil_done = true;
                }
            }
            Event::ActionTaken { action, .. } => {
                if let Some(t) = &mut self.turn {
                    t.actions.push(*action);
                }
            }
            Event::Moved { seat, to, free } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.place = Some(*to);
                }
                if *free {
                    if let Some(t) = &mut self.turn {
                        t.free_move = false;
                        t.moved_free = true;
                    }
                }
            }
            Event::WhiteDrawn { seat, cards } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.hand = k.hand.saturating_add(*cards);
                }
            }
            Event::SpecialWhitePlayed { .. } => {
                if let Some(t) = &mut self.turn {
                    t.special_played = true;
                }
            }
            Event::Sacrificed { doomed, .. } => {
                if let Some(t) = &mut self.turn {
                    t.slots = 2;
                    t.doomed = *doomed;
                }
            }
            Event::NoActionLeft { .. } => {}
            Event::TurnEnded { .. } => {
                if let Some(t) = &mut self.turn {
                    t.over = true;
                }
            }
            _ => {}
        }
    }
}
