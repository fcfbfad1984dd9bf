//! Shadows over Camelot — Tavola as the board's memory and referee.
//!
//! Tavola does not replace the board: the players move their figures, play
//! their cards and draw from the decks. Tavola remembers everything on the
//! board (siege engines, swords, life, each quest's cards, relics), applies
//! the rules players forget, and ends the game exactly when the rules say.
//!
//! - [`setup`]: knights, loyalty (dealt from the 8 cards, the "traitor among
//!   us" variant, or a first game without a traitor), the first knight.
//! - [`turn`]: the evil step, the heroic actions, the sacrifice and the
//!   knights' powers that change a turn's shape.
//! - [`black`]: black cards scanned on the reader (or picked on screen).
//! - [`quests`]: every quest's state and its end.
//! - [`siege`]: fights against the siege engines on the d8.
//! - [`knights`]: life, hands, relics, death and the Grail's rescue.
//! - [`accuse`]: accusations and the end of the game.
//! - [`legal`]: the commands the rules accept now, from the checks
//!   `decide` makes; the board screen's buttons follow it.
//! - [`rules`]: the numbers, as data the owner can correct.
//!
//! Secrets: the loyalty cards tapped at setup, a black card being drawn
//! before the player says whether it goes face down, and face-down black
//! values. They live in the state and reach the view, the narration and the
//! logs only when the rules reveal them ([`GameEvent::redacted`]).
//!
//! Tavola counts white cards in hand from what it sees (the start, draws,
//! cards played); effects it does not model (special white cards) are set
//! right with [`Command::CorrectHand`].

mod accuse;
pub mod black;
mod error;
#[cfg(any(test, feature = "testkit"))]
mod fuzz;
pub mod knights;
mod legal;
pub mod quests;
pub mod rules;
mod setup;
mod siege;
mod summary;
mod teach;
mod turn;
mod view;

pub use black::{BlackCard, MERLIN_CARDS};
pub use error::SocError;
pub use knights::{Knight, KnightState, Relic, Side};
pub use legal::Choice;
pub use quests::{Board, Place, QuestId};
pub use rules::{Rules, RulesError};
pub use setup::{LoyaltyMode, Setup, MAX_KNIGHTS, MIN_KNIGHTS};
pub use turn::{Action, EvilChoice, Turn, MAX_HAND};
pub use view::{FightView, KnightView, PendingView, SocView};

use crate::catalog::Catalog;
use crate::core::Roll;
use crate::{CommonError, Ctx, Cue, Game, GameEvent, GameKind, Legal, Outcome, RuleError, Seat, Waiting};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Twelve siege engines around Camelot.
    SiegeEngines,
    /// Seven black swords on the Round Table.
    BlackSwords,
    /// Every loyal knight is dead.
    LoyalKnightsDead,
    /// The twelfth sword: the swords were counted.
    SwordsCounted,
}

/// A number of the board the host sets right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Correction {
    /// A knight's life points (1 to the track's top).
    Life {
        /// The knight.
        seat: Seat,
        /// Life points.
        life: u8,
    },
    /// The siege engines around Camelot (below the number that loses).
    Siege {
        /// Engines.
        engines: u8,
    },
    /// The swords on the Round Table (below the numbers that end the game).
    Swords {
        /// White swords.
        white: u8,
        /// Black swords.
        black: u8,
    },
    /// Where a living knight's figure stands.
    Place {
        /// The knight.
        seat: Seat,
        /// The place.
        place: Place,
    },
}

/// What the players ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// A loyalty card tapped face down for the next knight waiting.
    LoyaltyCard {
        /// The card id.
        card: String,
    },
    /// Play without Tavola knowing the loyalty cards.
    SkipLoyaltyScan,
    /// Percival looks at the top black card before his evil choice.
    Peek,
    /// Evil step: a black card drawn and read (`face_down` and `war` when
    /// already chosen; otherwise the screen asks).
    BlackCard {
        /// The card id.
        card: String,
        /// Black Knight or Lancelot/Dragon card placed face down.
        #[serde(default)]
        face_down: Option<bool>,
        /// The war a Mercenaries card joins.
        #[serde(default)]
        war: Option<QuestId>,
    },
    /// The choice for the black card waiting on screen.
    PlaceBlack {
        /// Face down.
        #[serde(default)]
        face_down: bool,
        /// The war, for Mercenaries.
        #[serde(default)]
        war: Option<QuestId>,
    },
    /// Evil step: one more siege engine.
    AddSiegeEngine,
    /// Evil step: lose a life point.
    LoseLife,
    /// Three Merlin cards cancel the special black card just drawn; `from`
    /// names who gave each (a knight may give several).
    CancelWithMerlin {
        /// One seat per Merlin card.
        from: Vec<Seat>,
    },
    /// The special black card takes effect.
    LetStand,
    /// Heroic action: travel.
    Move {
        /// Where to.
        to: Place,
    },
    /// Heroic action at the Round Table: draw white cards.
    DrawWhite,
    /// Heroic action on a fight quest or a war: one fight card.
    PlayFight {
        /// Its value, 1 to 5.
        value: u8,
    },
    /// Heroic action on the Grail quest: one Grail card.
    PlayGrail,
    /// Heroic action on the Excalibur quest: discard a white card.
    DiscardForExcalibur,
    /// Heroic action at Camelot: fight a siege engine with these cards.
    SiegeFight {
        /// The fight cards' values.
        cards: Vec<u8>,
    },
    /// Roll the siege die (the hardware button, or on screen).
    RollDie,
    /// Kay adds a fight card after the reveal, or passes.
    Kay {
        /// The card's value; `None` to pass.
        #[serde(default)]
        value: Option<u8>,
    },
    /// Heroic action: a special white card (its slug: `heroism`…).
    PlaySpecial {
        /// The card.
        card: String,
    },
    /// Heroic action: three identical cards for a life point.
    Heal,
    /// One life point for a second, different heroic action.
    Sacrifice,
    /// Heroic action: accuse a knight of being the traitor.
    Accuse {
        /// The accused.
        accused: Seat,
    },
    /// The accused's loyalty card, tapped on the reader.
    ShowLoyalty {
        /// The card id.
        card: String,
    },
    /// The host confirms the loyalty card the accused showed.
    ConfirmLoyalty {
        /// It was the traitor.
        traitor: bool,
    },
    /// The Grail's holder lets the dying knight drink, or not.
    Grail {
        /// Drink.
        drink: bool,
    },
    /// The knight whose turn it is is done.
    EndTurn,
    /// The host sets a knight's count of white cards right.
    CorrectHand {
        /// The knight.
        seat: Seat,
        /// Cards in hand.
        cards: u8,
    },
    /// The host sets a number of the board right, after a card Tavola does
    /// not model changed it (a special white or black card).
    Correct {
        /// What is set, and to what.
        correction: Correction,
    },
    /// At the final count, when Tavola does not know the loyalty cards:
    /// the living knight who holds the traitor card, or nobody.
    DeclareTraitor {
        /// The traitor, if alive and still hidden.
        #[serde(default)]
        seat: Option<Seat>,
    },
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table is set up.
    SetUp {
        /// The setup.
        setup: Setup,
        /// The rules in force for this game.
        rules: Box<Rules>,
        /// The first knight.
        first: Seat,
    },
    /// A loyalty card tapped (secret: blank in public).
    LoyaltyRecorded {
        /// The seat.
        seat: Seat,
        /// The card id.
        card: Option<String>,
        /// Its side.
        side: Option<Side>,
    },
    /// Played without Tavola knowing the loyalty cards.
    LoyaltyScanSkipped,
    /// A knight's turn begins.
    TurnBegan {
        /// Whose.
        seat: Seat,
        /// Tristan may leave Camelot for free this turn.
        free_move: bool,
    },
    /// Percival looked at the top black card.
    Peeked {
        /// Percival's seat.
        seat: Seat,
    },
    /// The evil step's choice.
    EvilChosen {
        /// Who.
        seat: Seat,
        /// What.
        choice: EvilChoice,
    },
    /// A black card waits for the player's choice (the card is blank in
    /// public when it could go face down).
    BlackCardDrawn {
        /// The card.
        card: Option<String>,
        /// Its value may be hidden.
        hidden: bool,
    },
    /// A black card on a fight quest (blank in public when face down).
    BlackPlaced {
        /// The card.
        card: Option<String>,
        /// The quest.
        quest: QuestId,
        /// Its value there.
        value: Option<u8>,
        /// Face down.
        face_down: bool,
    },
    /// A standard card for a quest that is over: a siege engine instead.
    BlackCardInstead {
        /// The card.
        card: String,
        /// The quest it was meant for.
        quest: QuestId,
    },
    /// An enemy figure on a war's field.
    FigureAdded {
        /// The card.
        card: String,
        /// The war.
        quest: QuestId,
    },
    /// Excalibur moved on the river (negative: toward evil).
    ExcaliburMoved {
        /// The black card, if one moved it.
        card: Option<String>,
        /// Spaces.
        delta: i8,
    },
    /// A Despair (or Desolation) on the Grail track.
    GrailBlack {
        /// The card, if a Despair.
        card: Option<String>,
        /// The track was full: it pushed out the nearest Grail card.
        pushed_out_grail: bool,
    },
    /// A Grail card on the Grail track.
    GrailWhite {
        /// Who.
        seat: Seat,
        /// The track was full: it removed the nearest Despair instead.
        removed_despair: bool,
    },
    /// A special black card drawn: the table may cancel it.
    SpecialDrawn {
        /// The card.
        card: String,
        /// Its slug.
        slug: String,
    },
    /// Three Merlin cards cancelled it.
    SpecialCancelled {
        /// The card.
        card: String,
        /// Who gave each Merlin card.
        merlins: Vec<Seat>,
    },
    /// It takes effect.
    SpecialTookEffect {
        /// The card.
        card: String,
        /// Its slug.
        slug: String,
        /// It stays in play to the end.
        lasting: bool,
    },
    /// Siege engines changed.
    SiegeChanged {
        /// Change.
        delta: i8,
    },
    /// A knight's life changed.
    LifeChanged {
        /// The knight.
        seat: Seat,
        /// Change (already clamped to the track).
        delta: i32,
    },
    /// A knight's hand changed.
    HandChanged {
        /// The knight.
        seat: Seat,
        /// Change.
        delta: i32,
    },
    /// The host set a number of the board right.
    Corrected {
        /// What, and to what.
        correction: Correction,
    },
    /// The host set a hand right.
    HandCorrected {
        /// The knight.
        seat: Seat,
        /// Cards in hand.
        cards: u8,
    },
    /// A heroic action was spent.
    ActionTaken {
        /// Who.
        seat: Seat,
        /// Which kind.
        action: Action,
    },
    /// A knight travelled.
    Moved {
        /// Who.
        seat: Seat,
        /// Where to.
        to: Place,
        /// Tristan's free move.
        free: bool,
    },
    /// White cards drawn at the Round Table.
    WhiteDrawn {
        /// Who.
        seat: Seat,
        /// How many.
        cards: u8,
    },
    /// A white fight card on a quest.
    WhiteFightPlayed {
        /// Who.
        seat: Seat,
        /// Where.
        quest: QuestId,
        /// Value.
        value: u8,
    },
    /// A special white card played.
    SpecialWhitePlayed {
        /// Who.
        seat: Seat,
        /// Which.
        card: String,
        /// Galahad's free one.
        free: bool,
    },
    /// A knight sacrificed a life point for a second action.
    Sacrificed {
        /// Who.
        seat: Seat,
        /// At zero life: the knight falls after the action.
        doomed: bool,
    },
    /// Kay may add a fight card.
    KayWindowOpened {
        /// Kay's seat.
        seat: Seat,
        /// The quest (`None`: a siege engine).
        quest: Option<QuestId>,
        /// The knight whose action ended the fight.
        by: Option<Seat>,
    },
    /// Kay added a card (or passed).
    KayPlayed {
        /// The value.
        value: Option<u8>,
    },
    /// A quest ended.
    QuestEnded {
        /// Which.
        quest: QuestId,
        /// Won.
        won: bool,
        /// The knights on it (back to Camelot).
        knights: Vec<Seat>,
        /// A fight: the white total.
        white_total: u32,
        /// A fight: the black total.
        black_total: u32,
        /// A fight: the black values, revealed together.
        black_values: Vec<u8>,
    },
    /// Swords placed on the Round Table.
    SwordsPlaced {
        /// White.
        white: u8,
        /// Black.
        black: u8,
    },
    /// White swords turned black.
    SwordsFlipped {
        /// How many.
        count: u8,
    },
    /// A relic won.
    RelicWon {
        /// Who holds it.
        seat: Seat,
        /// Which.
        relic: Relic,
    },
    /// A relic gone from the game.
    RelicLost {
        /// Which.
        relic: Relic,
        /// Who held it, if anybody.
        seat: Option<Seat>,
    },
    /// A siege fight: cards on the table, the die awaited.
    SiegeFightBegan {
        /// Who.
        seat: Seat,
        /// Fight cards' values.
        cards: Vec<u8>,
    },
    /// The siege die.
    DieRolled {
        /// Who.
        seat: Seat,
        /// The roll.
        roll: Roll,
    },
    /// A siege fight's result.
    SiegeFightEnded {
        /// Who.
        seat: Seat,
        /// The cards' total (Kay's included).
        total: u32,
        /// The die.
        die: u8,
        /// Won (an engine destroyed).
        won: bool,
    },
    /// An accusation.
    Accused {
        /// Who accuses.
        accuser: Seat,
        /// Who is accused.
        accused: Seat,
    },
    /// A loyalty card shown to all.
    LoyaltyRevealed {
        /// Whose.
        seat: Seat,
        /// Its side.
        side: Side,
    },
    /// The traitor is exposed.
    TraitorExposed {
        /// The traitor's seat.
        seat: Seat,
    },
    /// A knight at zero life; the Grail's holder may save them.
    Dying {
        /// Who.
        seat: Seat,
    },
    /// A knight drank from the Grail.
    GrailDrunk {
        /// Who drank.
        seat: Seat,
        /// Who held it.
        holder: Seat,
    },
    /// A knight is dead.
    KnightDied {
        /// Who.
        seat: Seat,
    },
    /// The knight has no action left but ending the turn: Tavola ends it
    /// (the [`Event::TurnEnded`] follows).
    NoActionLeft {
        /// Whose turn.
        seat: Seat,
    },
    /// The knight ended their turn.
    TurnEnded {
        /// Whose.
        seat: Seat,
    },
    /// The swords are about to be counted and Tavola does not know whether
    /// a hidden traitor is alive: the table says.
    TraitorAsked,
    /// The final count: a hidden traitor's flipped swords.
    FinalCount {
        /// The hidden traitor, if alive.
        traitor: Option<Seat>,
        /// Swords turned black.
        flipped: u8,
    },
    /// The game is over.
    GameEnded {
        /// Why.
        reason: EndReason,
        /// Who won.
        winner: Side,
        /// The traitor, when known (revealed at the end).
        traitor: Option<Seat>,
    },
}

impl GameEvent for Event {
    fn redacted(&self) -> Option<Self> {
        Some(match self {
            Event::LoyaltyRecorded { seat, .. } => Event::LoyaltyRecorded { seat: *seat, card: None, side: None },
            Event::BlackCardDrawn { hidden: true, .. } => Event::BlackCardDrawn { card: None, hidden: true },
            Event::BlackPlaced { quest, face_down: true, .. } => {
                Event::BlackPlaced { card: None, quest: *quest, value: None, face_down: true }
            }
            other => other.clone(),
        })
    }

    fn blocks_undo(&self) -> bool {
        // A die rolled and a loyalty card shown cannot be taken back.
        matches!(
            self,
            Event::DieRolled { .. }
                | Event::LoyaltyRevealed { .. }
                | Event::GameEnded { .. }
                | Event::FinalCount { .. }
        )
    }
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Nothing set up.
    #[default]
    Lobby,
    /// Knights tap their loyalty cards face down, seat by seat.
    LoyaltyScan,
    /// The game is on.
    Play,
    /// The game is over.
    Ended {
        /// Why.
        reason: EndReason,
        /// Who won.
        winner: Side,
    },
}

/// Something the table must settle before anything else happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// A black card waits for face up / face down, or for its war.
    BlackChoice {
        /// The card (secret when `hidden`).
        card: String,
        /// Its value may be hidden.
        hidden: bool,
    },
    /// A special black card: three Merlin cards may cancel it.
    Merlin {
        /// The card.
        card: String,
        /// Its slug.
        slug: String,
    },
    /// A siege fight waits for the die.
    SiegeRoll {
        /// Who fights.
        seat: Seat,
        /// The fight cards.
        cards: Vec<u8>,
    },
    /// Kay may add a fight card.
    Kay {
        /// Kay's seat.
        seat: Seat,
        /// The quest (`None`: the siege fight).
        quest: Option<QuestId>,
        /// Whose action ended the fight.
        by: Option<Seat>,
    },
    /// The accused shows their loyalty card.
    Accusation {
        /// Who accuses.
        accuser: Seat,
        /// Who is accused.
        accused: Seat,
    },
    /// The final count waits for the table to say who the hidden traitor is.
    TraitorCheck,
}

/// The whole game, secrets included. The screen gets [`SocView`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Soc {
    setup: Option<Setup>,
    rules: Option<Box<Rules>>,
    phase: Phase,
    knights: Vec<KnightState>,
    /// Loyalty by seat (secret until revealed).
    #[serde(with = "crate::core::seat_map")]
    loyalty: BTreeMap<Seat, Side>,
    /// Loyalty card ids tapped (secret).
    loyalty_cards: Vec<String>,
    /// Every seat's loyalty card was tapped.
    loyalty_known: bool,
    siege: u8,
    white: u8,
    black: u8,
    board: Board,
    turn: Option<Turn>,
    pending: Option<Pending>,
    /// Knights at zero life waiting for the Grail's holder (first first).
    dying: Vec<Seat>,
    /// The fight in progress at the siege (for Kay's card and the die).
    siege_fight: Option<siege::SiegeFight>,
    /// Special black cards in play to the end.
    lasting: Vec<String>,
    /// The hidden traitor named at the final count.
    final_traitor: Option<Seat>,
}

/// Events being built by `decide`: each one is applied to a copy of the
/// state as it is made, so the next rule looks at the board as it now is.
#[derive(Debug)]
pub(crate) struct Draft<'a> {
    sim: Soc,
    events: Vec<Event>,
    /// The cards, to read a card id laid on the reader.
    cards: &'a Catalog,
}

impl Draft<'_> {
    fn emit(&mut self, e: Event) {
        self.sim.apply(&e);
        self.events.push(e);
    }

    /// Life up or down, clamped to the track; nothing for the dead.
    pub(super) fn change_life(&mut self, seat: Seat, delta: i32) {
        let Some(k) = self.sim.knights.get(seat.index()) else { return };
        if !k.alive {
            return;
        }
        let mut track = k.life;
        let actual = track.add(delta);
        if actual != 0 {
            self.emit(Event::LifeChanged { seat, delta: actual });
        }
    }

    /// Cards in hand up or down (never below zero).
    pub(super) fn change_hand(&mut self, seat: Seat, delta: i32) {
        let Some(k) = self.sim.knights.get(seat.index()) else { return };
        let after = (i32::from(k.hand) + delta).clamp(0, i32::from(u8::MAX));
        let actual = after - i32::from(k.hand);
        if actual != 0 {
            self.emit(Event::HandChanged { seat, delta: actual });
        }
    }

    /// Siege engines added (never beyond the number that loses).
    pub(super) fn add_siege(&mut self, n: u8) {
        let room = self.sim.rules().siege.loss_at.saturating_sub(self.sim.siege);
        let n = n.min(room);
        if n > 0 {
            self.emit(Event::SiegeChanged { delta: n as i8 });
        }
    }
}

impl Soc {
    /// Knights at the table (0 before setup).
    pub fn players(&self) -> usize {
        self.knights.len()
    }

    /// The rules in force (the built-in ones before setup).
    pub fn rules(&self) -> &Rules {
        self.rules.as_deref().unwrap_or_else(|| Rules::builtin())
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// What the table must settle now, if anything.
    pub fn pending(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// The knights.
    pub fn knights(&self) -> &[KnightState] {
        &self.knights
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The turn in progress.
    pub fn turn(&self) -> Option<&Turn> {
        self.turn.as_ref()
    }

    /// Siege engines around Camelot.
    pub fn siege(&self) -> u8 {
        self.siege
    }

    /// White and black swords on the Round Table.
    pub fn swords(&self) -> (u8, u8) {
        (self.white, self.black)
    }

    /// Knights waiting for the Grail's holder.
    pub fn dying(&self) -> &[Seat] {
        &self.dying
    }

    /// Whether Tavola knows every knight's loyalty card.
    pub fn loyalty_known(&self) -> bool {
        self.loyalty_known
    }

    /// Whose turn it is.
    pub fn current(&self) -> Option<Seat> {
        self.turn.as_ref().map(|t| t.seat)
    }

    /// The name typed for a seat at setup, if any.
    fn typed_name(&self, seat: Seat) -> Option<String> {
        self.setup
            .as_ref()
            .and_then(|s| s.names.get(seat.index()))
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
    }

    /// A seat's name as its place on the screen shows it: the name typed
    /// at setup, else the seat's number (the place shows the knight beside
    /// it).
    pub fn name(&self, seat: Seat) -> String {
        self.typed_name(seat).unwrap_or_else(|| seat.to_string())
    }

    /// How a sentence names a seat's player: the name typed at setup, else
    /// the knight, in the listener's language ("Re Artù", never "King
    /// Arthur" in an Italian sentence), else "Seat 3".
    pub fn said_name(&self, seat: Seat) -> tavola_words::Arg {
        match (self.typed_name(seat), self.knights.get(seat.index())) {
            (Some(typed), _) => tavola_words::Arg::Text(typed),
            (None, Some(k)) => tavola_words::Arg::Msg(tavola_words::Said::msg(&k.knight)),
            (None, None) => crate::seat_name(&[], seat),
        }
    }

    /// The seat of a knight, if in play.
    pub fn seat_of(&self, knight: Knight) -> Option<Seat> {
        self.knights.iter().position(|k| k.knight == knight).map(|i| Seat(i as u8))
    }

    /// The seat holding a relic.
    pub fn holder(&self, relic: Relic) -> Option<Seat> {
        self.knights.iter().position(|k| k.alive && k.relics.contains(&relic)).map(|i| Seat(i as u8))
    }

    /// Kay, alive, on `place`, with a card in hand.
    fn kay_on(&self, place: Place) -> Option<Seat> {
        self.seat_of(Knight::Kay).filter(|s| {
            let k = &self.knights[s.index()];
            k.active() && k.place == Some(place) && k.hand > 0
        })
    }

    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        if seat.index() >= self.players() {
            Err(CommonError::NoSuchSeat { seat }.into())
        } else {
            Ok(())
        }
    }

    fn is_over_now(&self) -> bool {
        matches!(self.phase, Phase::Ended { .. })
    }

    /// The traitor's seat, when Tavola knows it.
    pub(crate) fn known_traitor(&self) -> Option<Seat> {
        self.loyalty.iter().find(|(_, &s)| s == Side::Evil).map(|(&s, _)| s).or(self.final_traitor)
    }
}

impl Game for Soc {
    type Command = Command;
    type Event = Event;
    type View = SocView;
    type Error = SocError;
    type Choice = Choice;
    const KIND: GameKind = GameKind::ShadowsOverCamelot;

    const STEPS: &'static [&'static str] = teach::STEPS;

    // None: the table times no window of this game; it waits for the
    // players.
    const WINDOWS: &'static [crate::TimedWindow] = &[];

    const LOOK: crate::Look = crate::Look {
        colour: 0xb9a1f2,
        ground: 0x2c2250,
        emblem: include_bytes!("emblem.svg"),
        short_title: "Shadows over Camelot",
    };

    fn step(&self) -> crate::Step {
        self.step_now()
    }

    fn move_words(&self, legal: &Legal<Command, Choice>) -> tavola_words::Msg {
        self.move_words_now(legal)
    }

    fn decide(&self, command: &Command, ctx: &mut Ctx<'_>) -> Result<Vec<Event>, RuleError> {
        if self.is_over_now() {
            return Err(CommonError::GameOver.into());
        }
        if self.setup.is_none() && !matches!(command, Command::Setup(_)) {
            return Err(CommonError::NotStarted.into());
        }
        let mut d = Draft { sim: self.clone(), events: Vec::new(), cards: ctx.cards };
        d.command(command, &mut ctx.rng)?;
        d.settle();
        Ok(d.events)
    }

    fn apply(&mut self, event: &Event) {
        self.apply_event(event);
    }

    fn legal(&self) -> Vec<Legal<Command, Choice>> {
        self.legal_now()
    }

    fn cards_entering(&self, event: &Event) -> Vec<crate::Lesson> {
        teach::cards_entering(self, event)
    }

    fn card_lesson_ids() -> Vec<(&'static str, String)> {
        teach::card_lesson_ids()
    }

    fn view(&self) -> SocView {
        view::view(self)
    }

    fn cues(&self, event: &Event) -> Vec<Cue> {
        view::cues(self, event)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn is_over(&self) -> bool {
        self.is_over_now()
    }

    fn players(&self) -> usize {
        Soc::players(self)
    }

    fn player_name(&self, seat: Seat) -> Option<String> {
        // Only a typed name: a knight's name is said in the listener's
        // language, which a name given as text cannot follow.
        (seat.index() < self.players()).then(|| self.typed_name(seat)).flatten()
    }

    /// The typed name, else the knight the seat plays.
    fn player_said(&self, seat: Seat) -> Option<tavola_words::Arg> {
        (seat.index() < self.players()).then(|| self.said_name(seat))
    }

    fn pad_command(&self, _seat: Seat, _approve: bool) -> Option<Command> {
        None
    }

    /// A loyalty card while they are tapped at setup or shown after an
    /// accusation, a black card in the evil step. Anything else is named
    /// and refused, the game untouched.
    fn card_command(&self, card: &str, _cards: &Catalog) -> Result<Command, RuleError> {
        let card = card.to_string();
        let kind = card.split('/').nth(1).unwrap_or_default();
        match (kind, &self.phase, &self.pending) {
            ("loyalty", Phase::LoyaltyScan, _) => Ok(Command::LoyaltyCard { card }),
            ("loyalty", _, Some(Pending::Accusation { .. })) => Ok(Command::ShowLoyalty { card }),
            ("black", Phase::Play, None)
                if self.turn.as_ref().is_some_and(|t| !t.evil_done) && self.dying.is_empty() =>
            {
                Ok(Command::BlackCard { card, face_down: None, war: None })
            }
            ("black", ..) => Err(SocError::BlackCardNotNow.into()),
            _ => Err(CommonError::CardNotExpected { card }.into()),
        }
    }

    fn die_command(&self) -> Option<Command> {
        self.waits_for_die().then_some(Command::RollDie)
    }

    fn waiting(&self) -> Option<Waiting> {
        None
    }

    /// The winners' seats are known when every side is (tapped at setup,
    /// a game without a traitor, or the traitor named, which makes every
    /// other knight loyal).
    fn outcome(&self) -> Option<Outcome> {
        let Phase::Ended { reason, winner } = self.phase else { return None };
        let players = self.players();
        let no_traitor = self.setup.as_ref().is_some_and(|s| s.loyalty == LoyaltyMode::NoTraitor);
        let traitor = self.known_traitor();
        let all_known = no_traitor || traitor.is_some() || self.loyalty.len() == players;
        let side_of = |s: Seat| {
            if traitor == Some(s) {
                Side::Evil
            } else {
                self.loyalty.get(&s).copied().unwrap_or(Side::Loyal)
            }
        };
        let winners = all_known.then(|| Seat::all(players).filter(|&s| side_of(s) == winner).collect());
        Some(Outcome { winner: crate::code(&winner), reason: crate::code(&reason), winners })
    }

    fn outcome_words(winner: &str, reason: &str) -> Option<crate::OutcomeWords> {
        let title = match crate::from_code::<Side>(winner)? {
            Side::Loyal => tavola_words::msg!("soc.winner.loyal"),
            Side::Evil => tavola_words::msg!("soc.winner.evil"),
        };
        let reason = match crate::from_code::<EndReason>(reason)? {
            EndReason::SiegeEngines => tavola_words::msg!("soc.outcome.siege_engines"),
            EndReason::BlackSwords => tavola_words::msg!("soc.outcome.black_swords"),
            EndReason::LoyalKnightsDead => tavola_words::msg!("soc.outcome.loyal_knights_dead"),
            EndReason::SwordsCounted => tavola_words::msg!("soc.outcome.swords_counted"),
        };
        Some(crate::OutcomeWords { title, reason })
    }

    fn summary(&self) -> Option<crate::Summary> {
        self.finished_summary()
    }

    fn setup_spec(answers: &crate::SetupAnswers) -> crate::SetupSpec {
        setup::setup_spec(answers)
    }

    fn setup_command(answers: &crate::SetupAnswers) -> Result<Command, RuleError> {
        setup::setup_command(answers)
    }

    fn seated_names(event: &Event) -> Option<Vec<String>> {
        let Event::SetUp { setup, .. } = event else { return None };
        Some((0..setup.knights.len()).map(|i| setup.names.get(i).map_or("", |s| s.trim()).to_string()).collect())
    }
}

impl crate::Public for Soc {
    /// The rules the game was set up with.
    type Public<'a> = &'a Rules;

    fn public(&self) -> &Rules {
        self.rules()
    }
}
