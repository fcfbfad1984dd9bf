//! Setting up: the table's choices and optional rules checked, the first
//! leader and the Lancelots' deck drawn, the character cards tapped.

use super::roles::{Role, RoleSet};
use super::team::LOYALTY_DECK;
use super::{Avalon, AvalonError, Event, LadyToken, Phase};
use crate::{CommonError, GameKind, GameRng, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// How the table starts a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Player names in seat order (clockwise); may be shorter than the
    /// table or empty: unnamed seats are called by number.
    #[serde(default)]
    pub names: Vec<String>,
    /// The characters in play; its size is the number of players.
    pub roles: RoleSet,
    /// Whether every player taps their character card on the reader before
    /// the night, so that Tavola knows the roles.
    #[serde(default)]
    pub scan_roles: bool,
    /// The first leader; `None` draws one by lot.
    #[serde(default)]
    pub first_leader: Option<Seat>,
    /// The optional rules (all off by default).
    #[serde(default)]
    pub options: AvalonOptions,
}

impl Setup {
    /// A setup with this role set, unnamed seats, roles unknown to Tavola,
    /// a first leader by lot and no optional rule.
    pub fn new(roles: RoleSet) -> Setup {
        Setup { names: Vec::new(), roles, scan_roles: false, first_leader: None, options: AvalonOptions::default() }
    }
}

/// The three ways to play with the two Lancelots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LancelotVariant {
    /// A loyalty card is turned at the start of round 3 and of each round
    /// after: a switch card makes the Lancelots change sides.
    #[serde(alias = "1")]
    V1,
    /// The five loyalty cards are laid out face up at setup, one per round;
    /// Evil Lancelot must play Fail.
    #[serde(alias = "2")]
    V2,
    /// No loyalty cards: the two Lancelots know each other from the night.
    #[serde(alias = "3")]
    V3,
}

/// The optional rules. Every field defaults to the rulebook's plain game, so
/// setups stored before an option existed load unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvalonOptions {
    /// The Lady of the Lake examines a loyalty after missions 2, 3 and 4.
    #[serde(default)]
    pub lady_of_the_lake: bool,
    /// The leader hands Excalibur to a team member, who may switch one
    /// other member's mission card.
    #[serde(default)]
    pub excalibur: bool,
    /// The leader chooses which mission the team attempts.
    #[serde(default)]
    pub choose_missions: bool,
    /// The Lancelot variant (the role set must hold both Lancelots).
    #[serde(default)]
    pub lancelot: Option<LancelotVariant>,
    /// Whether Evil Lancelot raises his thumb for Merlin in the night. The
    /// rules text has him show himself as an evil agent and says nothing to
    /// hide him from Merlin, so he does by default; some groups hide him,
    /// like Mordred.
    #[serde(default = "yes")]
    pub merlin_sees_evil_lancelot: bool,
}

fn yes() -> bool {
    true
}

impl Default for AvalonOptions {
    fn default() -> Self {
        AvalonOptions {
            lady_of_the_lake: false,
            excalibur: false,
            choose_missions: false,
            lancelot: None,
            merlin_sees_evil_lancelot: true,
        }
    }
}

impl Avalon {
    /// The setup for another game with the same players and characters:
    /// `names` reseats them (by default everyone keeps their seat); the first
    /// leader is drawn by lot again. Only once this game is over.
    pub fn setup_for_next_game(&self, names: Option<Vec<String>>) -> Result<Setup, RuleError> {
        let setup = self.setup.as_ref().ok_or(CommonError::NotStarted)?;
        if !self.is_over_internal() {
            return Err(AvalonError::GameNotOver.into());
        }
        let names = names.unwrap_or_else(|| setup.names.clone());
        if names.len() > setup.roles.players() {
            return Err(AvalonError::TooManyNames { players: setup.roles.players() }.into());
        }
        Ok(Setup { names, first_leader: None, ..setup.clone() })
    }

    pub(super) fn decide_setup(&self, setup: &Setup, rng: &mut GameRng) -> Result<Vec<Event>, RuleError> {
        if self.setup.is_some() {
            return Err(CommonError::AlreadyStarted.into());
        }
        // Re-validate: a set deserialised from outside must still be legal.
        let set = RoleSet::from_roles(setup.roles.roles().to_vec())?;
        let players = set.players();
        if setup.names.len() > players {
            return Err(AvalonError::TooManyNames { players }.into());
        }
        match (set.has_lancelots(), setup.options.lancelot) {
            (true, None) => return Err(AvalonError::LancelotVariantNeeded.into()),
            (false, Some(_)) => return Err(AvalonError::LancelotsMissing.into()),
            _ => {}
        }
        let first_leader = match setup.first_leader {
            Some(s) if s.index() >= players => return Err(AvalonError::NoSuchLeader { seat: s }.into()),
            Some(s) => s,
            None => Seat(rng.below(players) as u8),
        };
        let loyalty_deck = match setup.options.lancelot {
            Some(LancelotVariant::V1 | LancelotVariant::V2) => {
                let mut deck = LOYALTY_DECK.to_vec();
                rng.shuffle(&mut deck);
                deck
            }
            _ => Vec::new(),
        };
        // The set is stored as checked (in its canonical order).
        let stored = Setup { roles: set, ..setup.clone() };
        let mut events = vec![Event::SetUp { setup: stored, first_leader, loyalty_deck }];
        if !setup.scan_roles {
            events.push(Event::NightBegan);
        }
        Ok(events)
    }

    pub(super) fn decide_role_card(&self, card: &str) -> Result<Vec<Event>, RuleError> {
        let Some(seat) = self.next_to_scan() else {
            return Err(CommonError::CardNotExpected { card: card.to_string() }.into());
        };
        match GameKind::of_card(card) {
            Some(GameKind::Avalon) => {}
            Some(_) => return Err(CommonError::WrongGameCard { card: card.to_string() }.into()),
            None => return Err(AvalonError::NotARoleCard { card: card.to_string() }.into()),
        }
        let role = Role::from_card(card).ok_or_else(|| AvalonError::NotARoleCard { card: card.to_string() })?;
        if self.tapped.contains(card) {
            return Err(AvalonError::CardAlreadyTapped { card: card.to_string() }.into());
        }
        let set = self.role_set().ok_or(CommonError::NotStarted)?;
        let taken = self.roles.values().filter(|&&r| r == role).count();
        if taken >= set.count(role) {
            return Err(AvalonError::RoleNotInSet { role }.into());
        }
        let mut events = vec![Event::RoleRecorded { seat, card: Some(card.to_string()), role: Some(role) }];
        if self.roles.len() + 1 == self.players() {
            events.push(Event::NightBegan);
        }
        Ok(events)
    }

    /// The table set, a character card tapped, the scan skipped.
    pub(super) fn apply_setup(&mut self, event: &Event) {
        match event {
            Event::SetUp { setup, first_leader, loyalty_deck } => {
                self.setup = Some(setup.clone());
                self.leader = *first_leader;
                self.phase = if setup.scan_roles { Phase::RoleScan } else { Phase::Night };
                let players = setup.roles.players();
                if setup.options.lady_of_the_lake && players > 0 {
                    // To the right of the first leader: the seat before it,
                    // clockwise, who will lead last.
                    let holder = first_leader.previous(players);
                    self.lady = Some(LadyToken { holder, former: BTreeSet::from([holder]), uses: 0 });
                }
                self.loyalty_deck = loyalty_deck.clone();
            }
            Event::RoleRecorded { seat, card, role } => {
                if let (Some(card), Some(role)) = (card, role) {
                    self.roles.insert(*seat, *role);
                    self.tapped.insert(card.clone());
                }
                if self.roles.len() == self.players() {
                    self.roles_known = true;
                }
            }
            Event::RoleScanSkipped => {
                self.roles.clear();
                self.tapped.clear();
                self.roles_known = false;
            }
            _ => {}
        }
    }
}
