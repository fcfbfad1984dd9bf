//! Avalon's characters, the two sides, and the role sets the rules allow.

use super::error::AvalonError;
use crate::games::{Lang, Localize};
use serde::{Deserialize, Serialize};

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

impl Localize for Side {
    fn text(&self, lang: Lang) -> String {
        match self {
            Side::Good => lang.pick("il Bene", "Good"),
            Side::Evil => lang.pick("il Male", "Evil"),
        }
        .into()
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
}

impl Role {
    /// Every role, good first.
    pub const ALL: [Role; 8] = [
        Role::Merlin,
        Role::Percival,
        Role::LoyalServant,
        Role::Assassin,
        Role::Mordred,
        Role::Morgana,
        Role::Oberon,
        Role::Minion,
    ];

    /// The optional characters that can be switched on in setup.
    pub const OPTIONAL: [Role; 4] = [Role::Percival, Role::Mordred, Role::Morgana, Role::Oberon];

    /// Which side the role plays for.
    pub fn side(self) -> Side {
        match self {
            Role::Merlin | Role::Percival | Role::LoyalServant => Side::Good,
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
        }
    }

    /// The role printed on an Avalon character card id, if it is one.
    pub fn from_card(card: &str) -> Option<Role> {
        let rest = card.strip_prefix("avalon/role/")?;
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

impl Localize for Role {
    fn text(&self, lang: Lang) -> String {
        match self {
            Role::Merlin => lang.pick("Merlino", "Merlin"),
            Role::Percival => "Percival",
            Role::LoyalServant => lang.pick("Servo Leale di Artù", "Loyal Servant of Arthur"),
            Role::Assassin => lang.pick("Assassino", "Assassin"),
            Role::Mordred => "Mordred",
            Role::Morgana => "Morgana",
            Role::Oberon => "Oberon",
            Role::Minion => lang.pick("Lacchè di Mordred", "Minion of Mordred"),
        }
        .into()
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

impl Localize for RoleWarning {
    fn text(&self, lang: Lang) -> String {
        match self {
            RoleWarning::PercivalNeedsCover => lang.pick(
                "Con 5 giocatori, Percival senza Mordred o Morgana rende il Bene molto forte: il regolamento consiglia di aggiungerne uno.",
                "At 5 players, Percival without Mordred or Morgana makes Good very strong: the rulebook advises adding one of them.",
            ),
            RoleWarning::MorganaWithoutPercival => lang.pick(
                "Morgana senza Percival non ha nessuno da ingannare: il suo potere non conta.",
                "Morgana without Percival has nobody to deceive: her power does nothing.",
            ),
        }
        .into()
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
            if !Role::OPTIONAL.contains(&r) {
                return Err(AvalonError::NotOptional { role: r });
            }
            if roles.contains(&r) {
                return Err(AvalonError::DuplicateRole { role: r });
            }
            roles.push(r);
        }
        let evil_specials = roles.iter().filter(|r| r.side() == Side::Evil).count();
        let good_specials = roles.len() - evil_specials;
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
    fn team_sizes_and_two_fail_rule() {
        assert_eq!((0..5).map(|m| team_size(5, m)).collect::<Vec<_>>(), vec![2, 3, 2, 3, 3]);
        assert_eq!((0..5).map(|m| team_size(7, m)).collect::<Vec<_>>(), vec![2, 3, 3, 4, 4]);
        assert_eq!(fails_needed(7, 3), 2);
        assert_eq!(fails_needed(6, 3), 1);
        assert_eq!(fails_needed(10, 4), 1);
    }
}
