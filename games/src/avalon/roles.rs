//! Avalon's characters, the two sides, and the role sets the rules allow.

use super::error::AvalonError;
use serde::{Deserialize, Serialize};
use tavola_words::{msg, Msg, Said};

/// Fewest players.
pub const MIN_PLAYERS: usize = 5;
/// Most players.
pub const MAX_PLAYERS: usize = 10;

/// Team size per mission, by number of players (5..=10).
const TEAM_SIZES: [[usize; 5]; 6] =
    [[2, 3, 2, 3, 3], [2, 3, 4, 3, 4], [2, 3, 3, 4, 4], [3, 4, 4, 5, 5], [3, 4, 4, 5, 5], [3, 4, 4, 5, 5]];

/// Evil players by number of players (5..=10); the rest are good.
const EVIL_COUNT: [usize; 6] = [2, 2, 3, 3, 3, 4];

/// How many players a mission needs.
pub fn team_size(players: usize, mission: usize) -> usize {
    TEAM_SIZES[players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS][mission.min(4)]
}

/// How many Fail cards make a mission fail: two on the fourth mission with
/// seven or more players, one otherwise.
pub fn fails_needed(players: usize, mission: usize) -> u8 {
    if mission == 3 && players >= 7 {
        2
    } else {
        1
    }
}

/// Number of evil players at a table of `players`.
pub fn evil_count(players: usize) -> usize {
    EVIL_COUNT[players.clamp(MIN_PLAYERS, MAX_PLAYERS) - MIN_PLAYERS]
}

/// Number of good players at a table of `players`.
pub fn good_count(players: usize) -> usize {
    players - evil_count(players)
}

/// Arthur's loyal servants or Mordred's minions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The forces of good.
    Good,
    /// The forces of evil.
    Evil,
}

impl Said for Side {
    /// The side's name with its article where the language wants one
    /// (`avalon.side.good`: "il Bene", "Good").
    fn msg(&self) -> Msg {
        match self {
            Side::Good => msg!("avalon.side.good"),
            Side::Evil => msg!("avalon.side.evil"),
        }
    }
}

/// A character card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Good; knows the evil players except Mordred.
    Merlin,
    /// Good; knows Merlin (and Morgana, not which is which).
    Percival,
    /// Good, no special power.
    LoyalServant,
    /// Evil; names Merlin at the end.
    Assassin,
    /// Evil; hidden from Merlin.
    Mordred,
    /// Evil; appears to Percival as Merlin.
    Morgana,
    /// Evil; unknown to the other evil players and knows none of them.
    Oberon,
    /// Evil, no special power.
    Minion,
    /// Lancelot, starting on the side of good; may switch sides.
    GoodLancelot,
    /// Lancelot, starting on the side of evil; may switch sides.
    EvilLancelot,
}

impl Role {
    /// Every role, good first, the two Lancelots last.
    pub const ALL: [Role; 10] = [
        Role::Merlin,
        Role::Percival,
        Role::LoyalServant,
        Role::Assassin,
        Role::Mordred,
        Role::Morgana,
        Role::Oberon,
        Role::Minion,
        Role::GoodLancelot,
        Role::EvilLancelot,
    ];

    /// The two Lancelots, always in play together (they replace one loyal
    /// servant and one minion).
    pub const LANCELOTS: [Role; 2] = [Role::GoodLancelot, Role::EvilLancelot];

    /// The optional characters that can be switched on in setup.
    pub const OPTIONAL: [Role; 4] = [Role::Percival, Role::Mordred, Role::Morgana, Role::Oberon];

    /// Which side the role plays for.
    pub fn side(self) -> Side {
        match self {
            Role::Merlin | Role::Percival | Role::LoyalServant | Role::GoodLancelot => Side::Good,
            _ => Side::Evil,
        }
    }

    /// True for characters with a name (one card each in the box).
    pub fn is_unique(self) -> bool {
        !matches!(self, Role::LoyalServant | Role::Minion)
    }

    /// The id's last part in the card catalog (`avalon/role/<slug>-N` for the
    /// plain servants and minions, `avalon/role/<slug>` otherwise).
    pub fn slug(self) -> &'static str {
        match self {
            Role::Merlin => "merlin",
            Role::Percival => "percival",
            Role::LoyalServant => "servant",
            Role::Assassin => "assassin",
            Role::Mordred => "mordred",
            Role::Morgana => "morgana",
            Role::Oberon => "oberon",
            Role::Minion => "minion",
            Role::GoodLancelot => "lancelot-good",
            Role::EvilLancelot => "lancelot-evil",
        }
    }

    /// Whether this is one of the two Lancelots.
    pub fn is_lancelot(self) -> bool {
        Role::LANCELOTS.contains(&self)
    }

    /// The character's name (`avalon.role.merlin`).
    pub fn name(self) -> Msg {
        Msg::new(format!("avalon.role.{}", self.slug().replace('-', "_")))
    }

    /// What the character does, in one line, for the role setup screen
    /// (`avalon.role.merlin.explain`).
    pub fn explain(self) -> Msg {
        Msg::new(format!("avalon.role.{}.explain", self.slug().replace('-', "_")))
    }

    /// The role printed on an Avalon character card id, if it is one.
    pub fn from_card(card: &str) -> Option<Role> {
        let rest = card.strip_prefix("avalon/role/")?;
        if let Some(r) = Role::ALL.into_iter().find(|r| r.is_unique() && r.slug() == rest) {
            return Some(r);
        }
        let (slug, number) = match rest.split_once('-') {
            Some((s, n)) => (s, Some(n)),
            None => (rest, None),
        };
        let role = Role::ALL.into_iter().find(|r| r.slug() == slug)?;
        match (role.is_unique(), number) {
            (true, None) => Some(role),
            (false, Some(n)) if n.parse::<u8>().is_ok_and(|n| (1..=5).contains(&n)) => Some(role),
            _ => None,
        }
    }
}

impl Said for Role {
    fn msg(&self) -> Msg {
        self.name()
    }
}

/// The characters in play: one card per player. Always Merlin and the
/// Assassin; optional characters replace plain servants or minions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoleSet {
    roles: Vec<Role>,
}

/// A note about a legal role set that the table should hear before playing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoleWarning {
    /// Percival at five players without Mordred or Morgana makes good too strong.
    PercivalNeedsCover,
    /// Morgana without Percival has no one to fool.
    MorganaWithoutPercival,
}

impl Said for RoleWarning {
    fn msg(&self) -> Msg {
        match self {
            RoleWarning::PercivalNeedsCover => msg!("avalon.warning.percival_needs_cover"),
            RoleWarning::MorganaWithoutPercival => msg!("avalon.warning.morgana_without_percival"),
        }
    }
}

/// What a balance note is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "role", rename_all = "snake_case")]
pub enum BalanceItem {
    /// An optional character.
    Role(Role),
    /// The Lady of the Lake.
    LadyOfTheLake,
}

/// One of the rulebook's notes on balance: adding this makes that side win
/// more often.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BalanceNote {
    /// The character or rule.
    pub about: BalanceItem,
    /// The side it makes stronger.
    pub favours: Side,
}

impl Said for BalanceNote {
    fn msg(&self) -> Msg {
        let what = match self.about {
            BalanceItem::Role(r) => r.name(),
            BalanceItem::LadyOfTheLake => msg!("avalon.lady_of_the_lake"),
        };
        match self.favours {
            Side::Good => msg!("avalon.balance.good", what),
            Side::Evil => msg!("avalon.balance.evil", what),
        }
    }
}

impl RoleSet {
    /// The standard set for `players` with the chosen optional characters;
    /// the remaining places go to loyal servants and minions.
    pub fn standard(players: usize, optional: &[Role]) -> Result<RoleSet, AvalonError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(AvalonError::PlayerCount { players });
        }
        let mut roles = vec![Role::Merlin, Role::Assassin];
        for &r in optional {
            if !Role::OPTIONAL.contains(&r) && !r.is_lancelot() {
                return Err(AvalonError::NotOptional { role: r });
            }
            if roles.contains(&r) {
                return Err(AvalonError::DuplicateRole { role: r });
            }
            roles.push(r);
        }
        if roles.contains(&Role::GoodLancelot) != roles.contains(&Role::EvilLancelot) {
            return Err(AvalonError::LancelotsTogether);
        }
        let evil_specials = roles.iter().filter(|r| r.side() == Side::Evil).count();
        let good_specials = roles.len() - evil_specials;
        if good_specials > good_count(players) {
            return Err(AvalonError::TooManyGoodCharacters {
                players,
                good: good_count(players),
                chosen: good_specials,
            });
        }
        let evil = evil_count(players);
        if evil_specials > evil {
            return Err(AvalonError::TooManyEvilCharacters { players, evil, chosen: evil_specials });
        }
        roles.extend(std::iter::repeat_n(Role::Minion, evil - evil_specials));
        roles.extend(std::iter::repeat_n(Role::LoyalServant, players - evil - good_specials));
        roles.sort();
        Ok(RoleSet { roles })
    }

    /// A set given card by card (as the cards dealt are laid out): checked
    /// against the rulebook's counts.
    pub fn from_roles(mut roles: Vec<Role>) -> Result<RoleSet, AvalonError> {
        let players = roles.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(AvalonError::PlayerCount { players });
        }
        for must in [Role::Merlin, Role::Assassin] {
            if !roles.contains(&must) {
                return Err(AvalonError::MissingRole { role: must });
            }
        }
        for r in Role::ALL.into_iter().filter(|r| r.is_unique()) {
            if roles.iter().filter(|&&x| x == r).count() > 1 {
                return Err(AvalonError::DuplicateRole { role: r });
            }
        }
        if roles.contains(&Role::GoodLancelot) != roles.contains(&Role::EvilLancelot) {
            return Err(AvalonError::LancelotsTogether);
        }
        let evil = roles.iter().filter(|r| r.side() == Side::Evil).count();
        if evil != evil_count(players) {
            return Err(AvalonError::Unbalanced { players, evil_expected: evil_count(players), evil_given: evil });
        }
        if roles.iter().filter(|&&r| r == Role::LoyalServant).count() > 5
            || roles.iter().filter(|&&r| r == Role::Minion).count() > 3
        {
            return Err(AvalonError::NotEnoughCards);
        }
        roles.sort();
        Ok(RoleSet { roles })
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.roles.len()
    }

    /// All cards in the set, sorted good first.
    pub fn roles(&self) -> &[Role] {
        &self.roles
    }

    /// How many cards of `role` are in the set.
    pub fn count(&self, role: Role) -> usize {
        self.roles.iter().filter(|&&r| r == role).count()
    }

    /// Whether `role` is in play.
    pub fn has(&self, role: Role) -> bool {
        self.roles.contains(&role)
    }

    /// The optional characters in play.
    pub fn optional(&self) -> Vec<Role> {
        Role::OPTIONAL.into_iter().filter(|r| self.has(*r)).collect()
    }

    /// Whether the two Lancelots are in play.
    pub fn has_lancelots(&self) -> bool {
        self.has(Role::GoodLancelot) && self.has(Role::EvilLancelot)
    }

    /// Which side each choice of this set (and of the optional rules) helps,
    /// as the rulebook puts it, for the role setup screen.
    pub fn balance(&self, lady_of_the_lake: bool) -> Vec<BalanceNote> {
        let mut notes: Vec<BalanceNote> = Role::OPTIONAL
            .into_iter()
            .filter(|r| self.has(*r))
            .map(|r| BalanceNote {
                about: BalanceItem::Role(r),
                favours: match r {
                    Role::Percival | Role::Oberon => Side::Good,
                    _ => Side::Evil,
                },
            })
            .collect();
        if lady_of_the_lake {
            notes.push(BalanceNote { about: BalanceItem::LadyOfTheLake, favours: Side::Good });
        }
        notes
    }

    /// The side the rulebook's notes lean to on the whole for this set, or
    /// `None` when they cancel out (or there are none).
    pub fn leans(&self, lady_of_the_lake: bool) -> Option<Side> {
        let notes = self.balance(lady_of_the_lake);
        let good = notes.iter().filter(|n| n.favours == Side::Good).count();
        let evil = notes.len() - good;
        match good.cmp(&evil) {
            std::cmp::Ordering::Greater => Some(Side::Good),
            std::cmp::Ordering::Less => Some(Side::Evil),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Advice about a legal set (never a refusal).
    pub fn warnings(&self) -> Vec<RoleWarning> {
        let mut w = Vec::new();
        if self.players() == 5 && self.has(Role::Percival) && !self.has(Role::Mordred) && !self.has(Role::Morgana) {
            w.push(RoleWarning::PercivalNeedsCover);
        }
        if self.has(Role::Morgana) && !self.has(Role::Percival) {
            w.push(RoleWarning::MorganaWithoutPercival);
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    #[test]
    fn standard_sets_follow_the_rulebook_counts() {
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            let set = RoleSet::standard(players, &[]).unwrap();
            let evil = set.roles().iter().filter(|r| r.side() == Side::Evil).count();
            assert_eq!(evil, evil_count(players));
            assert_eq!(set.count(Role::Merlin), 1);
            assert_eq!(set.count(Role::Assassin), 1);
            assert_eq!(RoleSet::from_roles(set.roles().to_vec()).unwrap(), set);
        }
        assert_eq!(evil_count(10), 4);
        assert_eq!(good_count(9), 6);
    }

    #[test]
    fn impossible_sets_are_refused_with_the_reason() {
        assert_eq!(RoleSet::standard(4, &[]), Err(AvalonError::PlayerCount { players: 4 }));
        assert_eq!(
            RoleSet::standard(5, &[Role::Mordred, Role::Morgana]),
            Err(AvalonError::TooManyEvilCharacters { players: 5, evil: 2, chosen: 3 })
        );
        let mut roles = RoleSet::standard(6, &[]).unwrap().roles().to_vec();
        roles[0] = Role::Minion;
        assert!(matches!(RoleSet::from_roles(roles), Err(AvalonError::MissingRole { role: Role::Merlin })));
        let unbalanced = vec![Role::Merlin, Role::Assassin, Role::Minion, Role::Minion, Role::LoyalServant];
        assert_eq!(
            RoleSet::from_roles(unbalanced),
            Err(AvalonError::Unbalanced { players: 5, evil_expected: 2, evil_given: 3 })
        );
    }

    #[test]
    fn percival_alone_at_five_is_a_warning_not_a_refusal() {
        let set = RoleSet::standard(5, &[Role::Percival]).unwrap();
        assert_eq!(set.warnings(), vec![RoleWarning::PercivalNeedsCover]);
        let covered = RoleSet::standard(5, &[Role::Percival, Role::Morgana]).unwrap();
        assert!(covered.warnings().is_empty());
    }

    #[test]
    fn card_ids_map_to_roles() {
        assert_eq!(Role::from_card("avalon/role/merlin"), Some(Role::Merlin));
        assert_eq!(Role::from_card("avalon/role/servant-3"), Some(Role::LoyalServant));
        assert_eq!(Role::from_card("avalon/role/servant"), None);
        assert_eq!(Role::from_card("avalon/role/merlin-2"), None);
        assert_eq!(Role::from_card("soc/black/saxons"), None);
    }

    #[test]
    fn the_lancelots_come_in_pairs_and_take_a_good_and_an_evil_place() {
        assert_eq!(Role::from_card("avalon/role/lancelot-good"), Some(Role::GoodLancelot));
        assert_eq!(Role::from_card("avalon/role/lancelot-evil"), Some(Role::EvilLancelot));
        let set = RoleSet::standard(5, &Role::LANCELOTS).unwrap();
        assert_eq!(set.count(Role::LoyalServant), 1);
        assert_eq!(set.count(Role::Minion), 0);
        assert!(set.has_lancelots());
        assert_eq!(RoleSet::standard(6, &[Role::GoodLancelot]), Err(AvalonError::LancelotsTogether));
        assert_eq!(
            RoleSet::standard(5, &[Role::Mordred, Role::GoodLancelot, Role::EvilLancelot]),
            Err(AvalonError::TooManyEvilCharacters { players: 5, evil: 2, chosen: 3 })
        );
        let mut roles = RoleSet::standard(7, &Role::LANCELOTS).unwrap().roles().to_vec();
        roles.retain(|r| *r != Role::GoodLancelot);
        roles.push(Role::LoyalServant);
        assert_eq!(RoleSet::from_roles(roles), Err(AvalonError::LancelotsTogether));
    }

    #[test]
    fn every_role_is_explained_in_one_line_in_both_languages() {
        for role in Role::ALL {
            let (it, en) = (role.explain().text(Lang::It), role.explain().text(Lang::En));
            assert_ne!(it, en, "{role:?}");
            for text in [&it, &en] {
                assert!(!text.contains('\n') && text.len() < 120, "one short line: {text}");
            }
            let side = if role.side() == Side::Good { ("Bene", "Good") } else { ("Male", "Evil") };
            assert!(it.starts_with(side.0) && en.starts_with(side.1), "the line starts with the side: {en}");
        }
    }

    #[test]
    fn the_balance_notes_follow_the_rulebook() {
        let set = RoleSet::standard(8, &[Role::Percival, Role::Morgana, Role::Oberon]).unwrap();
        let notes = set.balance(true);
        let favours = |about| notes.iter().find(|n| n.about == about).map(|n| n.favours);
        assert_eq!(favours(BalanceItem::Role(Role::Percival)), Some(Side::Good));
        assert_eq!(favours(BalanceItem::Role(Role::Morgana)), Some(Side::Evil));
        assert_eq!(favours(BalanceItem::Role(Role::Oberon)), Some(Side::Good));
        assert_eq!(favours(BalanceItem::LadyOfTheLake), Some(Side::Good));
        assert_eq!(set.leans(true), Some(Side::Good));
        let evil = RoleSet::standard(7, &[Role::Mordred, Role::Morgana]).unwrap();
        assert_eq!(evil.leans(false), Some(Side::Evil));
        assert_eq!(RoleSet::standard(5, &[]).unwrap().leans(false), None);
        let line = notes[0].text(Lang::It);
        assert!(line.starts_with("Percival") && line.contains("Bene"), "{line}");
    }

    #[test]
    fn team_sizes_and_two_fail_rule() {
        assert_eq!((0..5).map(|m| team_size(5, m)).collect::<Vec<_>>(), vec![2, 3, 2, 3, 3]);
        assert_eq!((0..5).map(|m| team_size(7, m)).collect::<Vec<_>>(), vec![2, 3, 3, 4, 4]);
        assert_eq!(fails_needed(7, 3), 2);
        assert_eq!(fails_needed(6, 3), 1);
        assert_eq!(fails_needed(10, 4), 1);
    }
}
