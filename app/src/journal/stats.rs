//! The history of finished games and statistics computed from it.
//!
//! Everything here is computed from the stored games on demand: nothing is
//! cached, so an undo or a discarded game can never leave a stale count.
//! Per-player figures come from each game's [`super::GameResult`] and its player
//! names; Avalon's figures from its stored events told again to its engine:
//! the engine alone knows who won and who played for whom.

use super::{effective_events, EntryKind, GameId, GameInfo, Journal, Result, Seq, Timeline};
use crate::games::avalon::{Avalon, EndReason, Phase, Role, Side};
use crate::games::{AnyGame, GameKind, Seat};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// One finished game, as the history screen lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's row: kind, start and end time, players, result.
    pub info: GameInfo,
    /// Commands in effect (undone ones not counted).
    pub commands: usize,
    /// Stored events in effect.
    pub events: usize,
}

impl GameSummary {
    /// How long the game lasted, in milliseconds.
    pub fn duration_ms(&self) -> Option<i64> {
        self.info.ended_at.map(|end| (end - self.info.started_at).max(0))
    }

    /// The names of the winners, when known (an unnamed seat shows as its
    /// number, counted from 1).
    pub fn winner_names(&self) -> Option<Vec<String>> {
        let winners = self.info.result.as_ref()?.winners.as_ref()?;
        Some(winners.iter().map(|&s| seat_name(&self.info.players, s)).collect())
    }
}

fn seat_name(players: &[String], seat: Seat) -> String {
    players.get(seat.index()).filter(|n| !n.trim().is_empty()).map_or_else(|| seat.to_string(), |n| n.trim().into())
}

/// One player's record over the finished games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// The name, as first written (names are matched ignoring case).
    pub name: String,
    /// Finished games played.
    pub played: usize,
    /// Games won.
    pub won: usize,
    /// Games lost.
    pub lost: usize,
}

impl PlayerStats {
    /// Won over decided games (games where Tavola knows who won); `None`
    /// before any.
    pub fn win_rate(&self) -> Option<f64> {
        let decided = self.won + self.lost;
        (decided > 0).then(|| self.won as f64 / decided as f64)
    }
}

/// Avalon over all finished games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AvalonStats {
    /// Finished games with an end.
    pub games: usize,
    /// Won by good.
    pub good_wins: usize,
    /// Won by evil.
    pub evil_wins: usize,
    /// Games per way of ending.
    pub reasons: Vec<(EndReason, usize)>,
    /// Per role set, most played first.
    pub role_sets: Vec<RoleSetStats>,
}

impl AvalonStats {
    /// Share of the games won by `side`; `None` before any game.
    pub fn win_rate(&self, side: Side) -> Option<f64> {
        rate(self.side_wins(side), self.games)
    }

    fn side_wins(&self, side: Side) -> usize {
        match side {
            Side::Good => self.good_wins,
            Side::Evil => self.evil_wins,
        }
    }
}

/// Avalon's results with one role set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoleSetStats {
    /// The characters in play, sorted (their number is the player count).
    pub roles: Vec<Role>,
    /// Games played with this set.
    pub games: usize,
    /// Won by good.
    pub good_wins: usize,
    /// Won by evil.
    pub evil_wins: usize,
}

impl RoleSetStats {
    /// Share of the games won by `side`.
    pub fn win_rate(&self, side: Side) -> Option<f64> {
        rate(if side == Side::Good { self.good_wins } else { self.evil_wins }, self.games)
    }
}

fn rate(n: usize, of: usize) -> Option<f64> {
    (of > 0).then(|| n as f64 / of as f64)
}

impl Journal {
    /// The finished games, newest first, with their length.
    pub fn history(&self) -> Result<Vec<GameSummary>> {
        let finished = self.games(super::GameState::Finished)?;
        let mut stmt = self.conn().prepare_cached(
            "SELECT e.game, e.seq, e.kind, e.target, json_array_length(e.events)
               FROM entries e JOIN games g ON g.id = e.game
              WHERE g.state = 'finished' ORDER BY e.game, e.seq",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                    r.get::<_, i64>(4)?,
                ))
            })?
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let mut heads: HashMap<GameId, Vec<(Seq, EntryKind, Option<Seq>)>> = HashMap::new();
        let mut lengths: HashMap<(GameId, Seq), usize> = HashMap::new();
        for (game, seq, kind, target, len) in rows {
            let (game, seq) = (GameId(game), Seq(seq));
            heads.entry(game).or_default().push((seq, EntryKind::parse(&kind)?, target.map(Seq)));
            lengths.insert((game, seq), usize::try_from(len).unwrap_or(0));
        }
        let mut out = Vec::with_capacity(finished.len());
        for info in finished.into_iter().rev() {
            let timeline = Timeline::fold(info.id, heads.remove(&info.id).unwrap_or_default())?;
            let events = timeline.done.iter().map(|&s| lengths[&(info.id, s)]).sum();
            out.push(GameSummary { commands: timeline.done.len(), events, info });
        }
        Ok(out)
    }

    /// Every named player's wins and losses over the finished games, most
    /// games first. Unnamed seats are left out: a seat number is not a
    /// person from one game to the next.
    pub fn player_stats(&self) -> Result<Vec<PlayerStats>> {
        let mut by_name: BTreeMap<String, PlayerStats> = BTreeMap::new();
        for info in self.games(super::GameState::Finished)? {
            let winners = info.result.as_ref().and_then(|r| r.winners.as_ref());
            for (i, name) in info.players.iter().enumerate() {
                let name = name.trim();
                if name.is_empty() {
                    continue;
                }
                let entry = by_name.entry(name.to_lowercase()).or_insert_with(|| PlayerStats {
                    name: name.to_string(),
                    played: 0,
                    won: 0,
                    lost: 0,
                });
                entry.played += 1;
                if let Some(w) = winners {
                    if w.iter().any(|s| s.index() == i) {
                        entry.won += 1;
                    } else {
                        entry.lost += 1;
                    }
                }
            }
        }
        let mut out: Vec<PlayerStats> = by_name.into_values().collect();
        out.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase())));
        Ok(out)
    }

    /// Avalon's win rates by side, by way of ending and by role set, read
    /// from the stored events of the finished games.
    pub fn avalon_stats(&self) -> Result<AvalonStats> {
        let mut stats = AvalonStats::default();
        let mut reasons: Vec<(EndReason, usize)> = [
            EndReason::MerlinSurvived,
            EndReason::ThreeFailures,
            EndReason::FiveRejections,
            EndReason::MerlinAssassinated,
        ]
        .into_iter()
        .map(|r| (r, 0))
        .collect();
        let mut sets: BTreeMap<Vec<Role>, RoleSetStats> = BTreeMap::new();
        for info in self.games(super::GameState::Finished)? {
            if info.kind != GameKind::Avalon {
                continue;
            }
            let events = effective_events(self.conn(), info.id)?;
            let Some(game) = AnyGame::replay(GameKind::Avalon, &events).ok() else { continue };
            let Some(avalon) = game.get::<Avalon>() else { continue };
            let (Phase::Ended { reason }, Some(setup)) = (avalon.phase(), avalon.setup()) else {
                continue;
            };
            let reason = *reason;
            let good = reason.winner() == Side::Good;
            stats.games += 1;
            if good {
                stats.good_wins += 1;
            } else {
                stats.evil_wins += 1;
            }
            if let Some(slot) = reasons.iter_mut().find(|(r, _)| *r == reason) {
                slot.1 += 1;
            }
            let mut roles = setup.roles.roles().to_vec();
            roles.sort();
            let set = sets.entry(roles.clone()).or_insert(RoleSetStats { roles, games: 0, good_wins: 0, evil_wins: 0 });
            set.games += 1;
            if good {
                set.good_wins += 1;
            } else {
                set.evil_wins += 1;
            }
        }
        stats.reasons = reasons;
        stats.role_sets = sets.into_values().collect();
        stats.role_sets.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.roles.cmp(&b.roles)));
        Ok(stats)
    }
}

/// `YYYY-MM-DD HH:MM` (UTC) for Unix milliseconds.
pub fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rem / 3600, rem % 3600 / 60)
}
