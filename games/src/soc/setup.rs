//! Setting the table up, the loyalty cards, and how every event changes the
//! state.
//!
//! Setup: 3 to 7 knights, each once (Bedivere may take any place); life 4,
//! six white cards each (five and a Merlin). Loyalty:
//! - `standard`: the 8 cards (7 loyal, 1 traitor) shuffled and dealt, so
//!   there may be no traitor at the table;
//! - `traitor_among_us`: as many loyal cards as knights plus the traitor;
//! - `no_traitor`: the first game the rules recommend, loyal cards only.
//!
//! The cards are dealt by hand. With `scan_loyalty` each knight taps theirs
//! face down on the reader, in seat order, and Tavola keeps it secret; then
//! it knows at the end whether a hidden traitor turns swords black. Without
//! it, Tavola learns a card when it is shown (an accusation) and asks the
//! table at the final count. In that case, and only then, "all loyal knights
//! dead" is judged on the knights not exposed: Tavola cannot tell a hidden
//! traitor from a loyal knight.
//!
//! King Arthur starts; without him, the youngest player, whom the setup
//! names.

use super::knights::{KnightState, Side};
use super::quests::Place;
use super::Knight;
use super::{Draft, Event, Phase, Relic, Soc, SocError};
use crate::catalog::Catalog;
use crate::setup::{OptionKind, SeatChoice, SeatQuestion, SetupAnswers, SetupOption, SetupSpec, Unanswered};
use crate::{CommonError, GameKind, Named, RuleError, Said, Seat};
use serde::{Deserialize, Serialize};
use tavola_words::msg;

/// Fewest knights.
pub const MIN_KNIGHTS: usize = 3;
/// Most knights.
pub const MAX_KNIGHTS: usize = 7;

/// How the loyalty cards are dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum LoyaltyMode {
    /// From all 8 cards: there may be no traitor.
    #[default]
    Standard,
    /// One loyal card per knight plus the traitor: almost surely a traitor.
    TraitorAmongUs,
    /// A first game: no traitor.
    NoTraitor,
}

impl LoyaltyMode {
    /// Loyal cards in the deal for `knights` knights.
    pub fn loyal_cards(self, knights: usize) -> usize {
        match self {
            LoyaltyMode::Standard => 7,
            LoyaltyMode::TraitorAmongUs | LoyaltyMode::NoTraitor => knights,
        }
    }

    /// Whether the traitor card is in the deal.
    pub fn has_traitor(self) -> bool {
        self != LoyaltyMode::NoTraitor
    }
}

/// How the table starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The knights in seat order (clockwise).
    pub knights: Vec<Knight>,
    /// Player names in seat order (may be shorter or empty).
    #[serde(default)]
    pub names: Vec<String>,
    /// How the loyalty cards are dealt.
    #[serde(default)]
    pub loyalty: LoyaltyMode,
    /// Each knight taps their loyalty card face down before play.
    #[serde(default)]
    pub scan_loyalty: bool,
    /// The youngest player, who starts when Arthur is not at the table.
    #[serde(default)]
    pub youngest: Option<Seat>,
    /// Rules to play by instead of the built-in ones (the owner's corrections).
    #[serde(default)]
    pub rules: Option<super::Rules>,
}

impl Setup {
    /// An empty setup: what an open setup command holds until the setup
    /// page fills it in.
    pub fn placeholder() -> Setup {
        Setup {
            knights: Vec::new(),
            names: Vec::new(),
            loyalty: LoyaltyMode::default(),
            scan_loyalty: false,
            youngest: None,
            rules: None,
        }
    }
}

impl Draft<'_> {
    pub(super) fn setup(&mut self, setup: &Setup) -> Result<(), RuleError> {
        if self.sim.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        let n = setup.knights.len();
        if !(MIN_KNIGHTS..=MAX_KNIGHTS).contains(&n) {
            return Err(SocError::KnightCount { knights: n }.into());
        }
        for (i, k) in setup.knights.iter().enumerate() {
            if setup.knights[..i].contains(k) {
                return Err(SocError::KnightTwice { knight: *k }.into());
            }
        }
        if setup.names.len() > n {
            return Err(SocError::TooManyNames { knights: n }.into());
        }
        let rules = match &setup.rules {
            Some(r) => {
                r.check().map_err(|e| SocError::BadRules { why: e.to_string() })?;
                r.clone()
            }
            None => super::Rules::builtin().clone(),
        };
        let first = match setup.knights.iter().position(|&k| k == Knight::Arthur) {
            Some(i) => Seat(i as u8),
            None => match setup.youngest {
                Some(s) if s.index() < n => s,
                Some(s) => return Err(CommonError::NoSuchSeat { seat: s }.into()),
                None => return Err(SocError::NameTheYoungest.into()),
            },
        };
        let stored = Setup { rules: None, ..setup.clone() };
        self.emit(Event::SetUp { setup: stored, rules: Box::new(rules), first });
        if !(setup.scan_loyalty && setup.loyalty.has_traitor()) {
            self.begin_turn(first);
        }
        Ok(())
    }

    pub(super) fn loyalty_card(&mut self, card: &str) -> Result<(), RuleError> {
        let Some(seat) = self.sim.next_to_scan() else {
            return Err(CommonError::CardNotExpected { card: card.into() }.into());
        };
        let side = loyalty_side(card, self.cards)?;
        if self.sim.loyalty_cards.iter().any(|c| c == card) {
            return Err(SocError::CardAlreadyTapped { card: card.into() }.into());
        }
        let mode = self.sim.setup.as_ref().map(|s| s.loyalty).unwrap_or_default();
        let loyal = self.sim.loyalty.values().filter(|&&s| s == Side::Loyal).count();
        if side == Side::Loyal && loyal >= mode.loyal_cards(self.sim.players()) {
            return Err(SocError::NotInTheDeal { card: card.into() }.into());
        }
        self.emit(Event::LoyaltyRecorded { seat, card: Some(card.into()), side: Some(side) });
        if self.sim.next_to_scan().is_none() {
            let first = self.sim.first_seat();
            self.begin_turn(first);
        }
        Ok(())
    }

    pub(super) fn skip_scan(&mut self) -> Result<(), RuleError> {
        if self.sim.phase != Phase::LoyaltyScan {
            return Err(CommonError::NotNow.into());
        }
        self.emit(Event::LoyaltyScanSkipped);
        let first = self.sim.first_seat();
        self.begin_turn(first);
        Ok(())
    }
}

/// The side on a loyalty card id.
pub(super) fn loyalty_side(card: &str, cards: &Catalog) -> Result<Side, RuleError> {
    match GameKind::of_card(card) {
        Some(GameKind::ShadowsOverCamelot) => {}
        Some(_) => return Err(CommonError::WrongGameCard { card: card.into() }.into()),
        None => return Err(SocError::UnknownCard { card: card.into() }.into()),
    }
    let c = cards.get(card).ok_or_else(|| SocError::UnknownCard { card: card.into() })?;
    match (c.kind.as_str(), c.fact_str("side")) {
        ("loyalty", Some("traitor")) => Ok(Side::Evil),
        ("loyalty", _) => Ok(Side::Loyal),
        _ => Err(SocError::NotALoyaltyCard { card: card.into() }.into()),
    }
}

impl Soc {
    /// The next knight to tap a loyalty card.
    pub fn next_to_scan(&self) -> Option<Seat> {
        if self.phase != Phase::LoyaltyScan {
            return None;
        }
        Seat::all(self.players()).find(|s| !self.loyalty.contains_key(s))
    }

    fn first_seat(&self) -> Seat {
        let s = self.setup.as_ref();
        let arthur = s.and_then(|s| s.knights.iter().position(|&k| k == Knight::Arthur));
        arthur.map(|i| Seat(i as u8)).or(s.and_then(|s| s.youngest)).unwrap_or_default()
    }

    /// Each event applied by the part of the game it belongs to.
    pub(super) fn apply_event(&mut self, event: &Event) {
        match event {
            Event::SetUp { .. }
            | Event::LoyaltyRecorded { .. }
            | Event::LoyaltyScanSkipped
            | Event::Corrected { .. }
            | Event::HandCorrected { .. } => self.apply_setup(event),
            Event::TurnBegan { .. }
            | Event::Peeked { .. }
            | Event::EvilChosen { .. }
            | Event::ActionTaken { .. }
            | Event::Moved { .. }
            | Event::WhiteDrawn { .. }
            | Event::SpecialWhitePlayed { .. }
            | Event::Sacrificed { .. }
            | Event::NoActionLeft { .. }
            | Event::TurnEnded { .. } => self.apply_turn(event),
            Event::BlackCardDrawn { .. }
            | Event::BlackPlaced { .. }
            | Event::BlackCardInstead { .. }
            | Event::FigureAdded { .. }
            | Event::ExcaliburMoved { .. }
            | Event::GrailBlack { .. }
            | Event::SpecialDrawn { .. }
            | Event::SpecialCancelled { .. }
            | Event::SpecialTookEffect { .. }
            | Event::SiegeChanged { .. } => self.apply_black(event),
            Event::WhiteFightPlayed { .. }
            | Event::GrailWhite { .. }
            | Event::KayWindowOpened { .. }
            | Event::KayPlayed { .. }
            | Event::QuestEnded { .. }
            | Event::SwordsPlaced { .. }
            | Event::SwordsFlipped { .. }
            | Event::RelicWon { .. }
            | Event::RelicLost { .. } => self.apply_quests(event),
            Event::SiegeFightBegan { .. } | Event::DieRolled { .. } | Event::SiegeFightEnded { .. } => {
                self.apply_siege(event)
            }
            Event::LifeChanged { .. }
            | Event::HandChanged { .. }
            | Event::Dying { .. }
            | Event::GrailDrunk { .. }
            | Event::KnightDied { .. } => self.apply_knights(event),
            Event::Accused { .. }
            | Event::LoyaltyRevealed { .. }
            | Event::TraitorExposed { .. }
            | Event::TraitorAsked
            | Event::FinalCount { .. }
            | Event::GameEnded { .. } => self.apply_accuse(event),
        }
    }

    /// The table set, the loyalty cards read, a count set right.
    pub(super) fn apply_setup(&mut self, event: &Event) {
        match event {
            Event::SetUp { setup, rules, .. } => {
                self.knights = setup
                    .knights
                    .iter()
                    .map(|&k| KnightState::new(k, rules.life.start, rules.life.max, rules.hand.start))
                    .collect();
                self.rules = Some(rules.clone());
                self.phase =
                    if setup.scan_loyalty && setup.loyalty.has_traitor() { Phase::LoyaltyScan } else { Phase::Play };
                if !setup.loyalty.has_traitor() {
                    self.loyalty = Seat::all(setup.knights.len()).map(|s| (s, Side::Loyal)).collect();
                    self.loyalty_known = true;
                }
                self.setup = Some(setup.clone());
            }
            Event::LoyaltyRecorded { seat, card, side } => {
                if let (Some(card), Some(side)) = (card, side) {
                    self.loyalty.insert(*seat, *side);
                    self.loyalty_cards.push(card.clone());
                }
                if self.loyalty.len() == self.players() {
                    self.loyalty_known = true;
                }
            }
            Event::LoyaltyScanSkipped => {
                self.loyalty.clear();
                self.loyalty_cards.clear();
                self.loyalty_known = false;
            }
            Event::Corrected { correction } => match correction {
                super::Correction::Life { seat, life } => {
                    if let Some(k) = self.knights.get_mut(seat.index()) {
                        k.life.value = i32::from(*life);
                    }
                }
                super::Correction::Siege { engines } => self.siege = *engines,
                super::Correction::Swords { white, black } => {
                    self.white = *white;
                    self.black = *black;
                }
                super::Correction::Place { seat, place } => {
                    if let Some(k) = self.knights.get_mut(seat.index()) {
                        k.place = Some(*place);
                    }
                }
            },
            Event::HandCorrected { seat, cards } => {
                if let Some(k) = self.knights.get_mut(seat.index()) {
                    k.hand = *cards;
                }
            }
            _ => {}
        }
    }

    pub(super) fn invariants(&self) -> Result<(), String> {
        let Some(setup) = &self.setup else {
            return if self.phase == Phase::Lobby && self.knights.is_empty() {
                Ok(())
            } else {
                Err("play without setup".into())
            };
        };
        let rules = self.rules();
        let n = self.players();
        if n != setup.knights.len() || !(MIN_KNIGHTS..=MAX_KNIGHTS).contains(&n) {
            return Err(format!("{n} knights"));
        }
        if self.siege > rules.siege.loss_at {
            return Err(format!("{} siege engines", self.siege));
        }
        // Between the events of one command a quest may be full for an
        // instant before its end is applied: the bounds hold, not the ends.
        let over = matches!(self.phase, Phase::Ended { .. });
        if self.black > 16 || self.white + self.black > 16 {
            return Err(format!("{} white and {} black swords", self.white, self.black));
        }
        for (i, k) in self.knights.iter().enumerate() {
            if k.life.value < 0 || k.life.value > rules.life.max {
                return Err(format!("seat {i} life {}", k.life.value));
            }
            if !k.alive && (k.place.is_some() || !k.relics.is_empty()) {
                return Err(format!("dead seat {i} still on the board"));
            }
            if k.alive && !k.exposed && k.place.is_none() {
                return Err(format!("seat {i} nowhere"));
            }
            if let Some(q) = k.place.and_then(Place::quest) {
                if !self.board.is_open(q) {
                    return Err(format!("seat {i} on a closed quest {q:?}"));
                }
            }
        }
        for relic in [Relic::Excalibur, Relic::Grail, Relic::LancelotsArmor] {
            if self.knights.iter().filter(|k| k.relics.contains(&relic)).count() > 1 {
                return Err(format!("{relic:?} held twice"));
            }
        }
        for q in [super::QuestId::BlackKnight, super::QuestId::Lancelot] {
            if super::knights::on_place(&self.knights, Place::of(q)).len() > 1 {
                return Err(format!("two knights on the solo quest {q:?}"));
            }
        }
        for q in [super::QuestId::BlackKnight, super::QuestId::Lancelot, super::QuestId::Dragon] {
            let f = self.board.fight(q).cloned().unwrap_or_default();
            let qr = rules.quest(q);
            if !super::quests::fits_pattern(&f.white, &qr.white_pattern) {
                return Err(format!("{q:?} white cards break the combination"));
            }
            if f.white.len() > super::quests::white_slots(rules, q) || f.black.len() > usize::from(qr.black_slots) {
                return Err(format!("{q:?} overflows"));
            }
        }
        for q in [super::QuestId::Picts, super::QuestId::Saxons] {
            let w = self.board.war(q).cloned().unwrap_or_default();
            if w.ladder > rules.wars.ladder || w.figures > rules.wars.figures {
                return Err(format!("{q:?} war overflows"));
            }
        }
        let b = &self.board;
        if b.grail_white + b.grail_black > rules.grail.spaces {
            return Err("Grail track overflows".into());
        }
        if b.excalibur > rules.excalibur.to_knights || b.excalibur < -rules.excalibur.to_evil {
            return Err("Excalibur past a bank".into());
        }
        if self.loyalty.values().filter(|&&s| s == Side::Evil).count() > 1 {
            return Err("two traitors".into());
        }
        if self.knights.iter().filter(|k| k.exposed).count() > 1 {
            return Err("two exposed traitors".into());
        }
        for s in &self.dying {
            if !self.knights.get(s.index()).is_some_and(|k| k.alive) {
                return Err("a dead knight still dying".into());
            }
        }
        if !over {
            if let Some(t) = &self.turn {
                if t.actions.len() > usize::from(t.slots) {
                    return Err("more heroic actions than allowed".into());
                }
            }
        }
        Ok(())
    }
}

/// What the setup asks (see [`crate::setup`]): the knights, a shield per
/// seat, how the loyalty cards are dealt and whether they are tapped, and
/// the youngest player when King Arthur is not at the table.
pub(super) fn setup_spec(a: &SetupAnswers) -> SetupSpec {
    let loyalty = loyalty_mode(a.option("loyalty"));
    let note = match loyalty {
        LoyaltyMode::Standard => msg!("ui.soc.setup.loyalty.standard"),
        LoyaltyMode::TraitorAmongUs => msg!("ui.soc.setup.loyalty.traitor_among_us"),
        LoyaltyMode::NoTraitor => msg!("ui.soc.setup.loyalty.no_traitor"),
    };
    let mut options = vec![SetupOption {
        code: "loyalty",
        label: msg!("setup.soc.loyalty"),
        note: Some(note),
        kind: OptionKind::OneOf(vec![
            msg!("setup.soc.loyalty.standard"),
            msg!("setup.soc.loyalty.traitor_among_us"),
            msg!("setup.soc.loyalty.no_traitor"),
        ]),
        default: 0,
    }];
    if loyalty.has_traitor() {
        options.push(SetupOption {
            code: "scan_loyalty",
            label: msg!("setup.soc.scan_loyalty"),
            note: None,
            kind: OptionKind::Toggle,
            default: 0,
        });
    }
    let arthur = knights(a).contains(&Knight::Arthur);
    SetupSpec {
        seat_choice: Some(SeatChoice {
            title: msg!("setup.soc.knights"),
            picks: Knight::ALL.iter().map(|k| Named::new(crate::code(k), k.msg())).collect(),
            distinct: true,
            each: |s| msg!("setup.knight_of_seat", seat = s.number()),
        }),
        seat_question: (!arthur).then(|| SeatQuestion {
            title: msg!("setup.soc.youngest"),
            each: |s| msg!("setup.soc.youngest_seat", seat = s.number()),
            unanswered: Unanswered::Refused,
        }),
        options,
        ..SetupSpec::new(MIN_KNIGHTS..=MAX_KNIGHTS, 5, msg!("setup.soc.start"))
    }
}

fn loyalty_mode(v: i32) -> LoyaltyMode {
    match v {
        1 => LoyaltyMode::TraitorAmongUs,
        2 => LoyaltyMode::NoTraitor,
        _ => LoyaltyMode::Standard,
    }
}

/// The knights chosen, seat by seat.
fn knights(a: &SetupAnswers) -> Vec<Knight> {
    a.seats.iter().map(|&i| Knight::ALL[i % Knight::ALL.len()]).collect()
}

/// The setup command for these answers.
pub(super) fn setup_command(a: &SetupAnswers) -> Result<super::Command, RuleError> {
    let knights = knights(a);
    let loyalty = loyalty_mode(a.option("loyalty"));
    Ok(super::Command::Setup(Setup {
        youngest: if knights.contains(&Knight::Arthur) { None } else { a.seat },
        knights,
        names: a.seated_names(),
        loyalty,
        scan_loyalty: loyalty.has_traitor() && a.option("scan_loyalty") == 1,
        rules: None,
    }))
}
