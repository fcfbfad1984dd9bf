//! Setting up: the table's choices and optional rules checked, the first
//! leader and the Lancelots' deck drawn, the character cards tapped.

use super::roles::{evil_count, Role, RoleSet, MAX_PLAYERS, MIN_PLAYERS};
use super::team::LOYALTY_DECK;
use super::{Avalon, AvalonError, Event, LadyToken, Phase};
use crate::setup::{OptionKind, SetupAnswers, SetupOption, SetupSpec};
use crate::{CommonError, GameKind, GameRng, Msg, RuleError, Said, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tavola_words::msg;

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

/// The optional characters' option codes, in [`Role::OPTIONAL`]'s order.
const OPTIONAL_CODES: [&str; 4] = ["percival", "mordred", "morgana", "oberon"];

/// What Avalon's setup asks (see [`crate::setup`]): the players, their
/// names, the optional characters and rules; the counts of good and evil
/// and what the chosen set favours come with it.
pub(super) fn setup_spec(a: &SetupAnswers) -> SetupSpec {
    let players = a.players.clamp(MIN_PLAYERS, MAX_PLAYERS);
    let toggle = |code: &'static str, label: Msg, note: Option<Msg>| SetupOption {
        code,
        label,
        note,
        kind: OptionKind::Toggle,
        default: 0,
    };
    let mut options: Vec<SetupOption> =
        Role::OPTIONAL.iter().zip(OPTIONAL_CODES).map(|(r, code)| toggle(code, r.msg(), None)).collect();
    let lancelot = a.option("lancelot");
    let variant_note = match lancelot {
        1 => Some(msg!("ui.avalon.lancelot.v1")),
        2 => Some(msg!("ui.avalon.lancelot.v2")),
        3 => Some(msg!("ui.avalon.lancelot.v3")),
        _ => None,
    };
    options.push(SetupOption {
        code: "lancelot",
        label: msg!("setup.avalon.lancelot"),
        note: variant_note.map(|variant| msg!("ui.avalon.lancelot.note", variant)),
        kind: OptionKind::OneOf(vec![
            msg!("setup.avalon.lancelot.none"),
            msg!("setup.avalon.lancelot.variant", variant = 1),
            msg!("setup.avalon.lancelot.variant", variant = 2),
            msg!("setup.avalon.lancelot.variant", variant = 3),
        ]),
        default: 0,
    });
    if lancelot > 0 {
        options.push(SetupOption {
            default: 1,
            ..toggle("merlin_sees_lancelot", msg!("setup.avalon.merlin_sees_lancelot"), None)
        });
    }
    let lady = a.option("lady") == 1;
    let lady_hint = (lady && players < 7).then(|| msg!("ui.avalon.lady_hint"));
    options.push(toggle("lady", msg!("setup.avalon.lady"), lady_hint));
    options.push(toggle("excalibur", msg!("setup.avalon.excalibur"), None));
    options.push(toggle("choose_missions", msg!("setup.avalon.choose_missions"), None));
    options.push(toggle("scan_roles", msg!("setup.avalon.scan_roles"), None));

    let evil = evil_count(players);
    let (warnings, details) = match role_set(a) {
        Ok(set) => {
            let mut distinct: Vec<Role> = set.roles().to_vec();
            distinct.dedup();
            let mut details: Vec<Msg> =
                distinct.iter().map(|r| msg!("setup.avalon.role", role = r.msg(), does = r.explain())).collect();
            details.extend(set.balance(lady).iter().map(Said::msg));
            details.push(match set.leans(lady) {
                Some(side) => msg!("ui.avalon.leans", side = side.msg()),
                None => msg!("ui.avalon.balanced"),
            });
            (set.warnings().iter().map(Said::msg).collect(), details)
        }
        Err(_) => (Vec::new(), Vec::new()),
    };
    SetupSpec {
        seat_question: None,
        options,
        summary: Some(msg!("ui.avalon.setup.summary", good = players - evil, evil)),
        warnings,
        details,
        ..SetupSpec::new(MIN_PLAYERS..=MAX_PLAYERS, MIN_PLAYERS, msg!("setup.start"))
    }
}

/// The characters the answers choose.
fn role_set(a: &SetupAnswers) -> Result<RoleSet, AvalonError> {
    let mut chosen: Vec<Role> = Role::OPTIONAL
        .into_iter()
        .zip(OPTIONAL_CODES)
        .filter(|(_, code)| a.option(code) == 1)
        .map(|(r, _)| r)
        .collect();
    if a.option("lancelot") > 0 {
        chosen.extend(Role::LANCELOTS);
    }
    RoleSet::standard(a.players, &chosen)
}

/// Avalon's setup command for these answers.
pub(super) fn setup_command(a: &SetupAnswers) -> Result<super::Command, RuleError> {
    let on = |code: &str| a.option(code) == 1;
    let options = AvalonOptions {
        lady_of_the_lake: on("lady"),
        excalibur: on("excalibur"),
        choose_missions: on("choose_missions"),
        lancelot: match a.option("lancelot") {
            1 => Some(LancelotVariant::V1),
            2 => Some(LancelotVariant::V2),
            3 => Some(LancelotVariant::V3),
            _ => None,
        },
        merlin_sees_evil_lancelot: a.options.get("merlin_sees_lancelot").is_none_or(|&v| v == 1),
    };
    Ok(super::Command::Setup(Setup {
        names: a.seated_names(),
        roles: role_set(a)?,
        scan_roles: on("scan_roles"),
        first_leader: None,
        options,
    }))
}

impl Avalon {
    /// The setup answers that give `setup` again (the players, their names,
    /// the characters and the rules), for another game with the same table.
    pub fn answers_of(setup: &Setup) -> SetupAnswers {
        let mut a =
            SetupAnswers { players: setup.roles.players(), names: setup.names.clone(), ..SetupAnswers::default() };
        for (r, code) in Role::OPTIONAL.iter().zip(OPTIONAL_CODES) {
            a.options.insert(code.into(), i32::from(setup.roles.has(*r)));
        }
        let o = setup.options;
        let variant = match o.lancelot {
            None => 0,
            Some(LancelotVariant::V1) => 1,
            Some(LancelotVariant::V2) => 2,
            Some(LancelotVariant::V3) => 3,
        };
        for (code, v) in [
            ("lancelot", variant),
            ("merlin_sees_lancelot", i32::from(o.merlin_sees_evil_lancelot)),
            ("lady", i32::from(o.lady_of_the_lake)),
            ("excalibur", i32::from(o.excalibur)),
            ("choose_missions", i32::from(o.choose_missions)),
            ("scan_roles", i32::from(setup.scan_roles)),
        ] {
            a.options.insert(code.into(), v);
        }
        a.settle::<Avalon>();
        a
    }
}
