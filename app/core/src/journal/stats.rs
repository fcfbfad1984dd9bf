//! The history of finished games and statistics computed from it.
//!
//! Everything here is computed from the stored games on demand: no count is
//! cached, so an undo or a discarded game can never leave a stale one.
//! Per-player figures come from each game's [`super::GameResult`] and its player
//! names; each game's own figures from the summary its engine gave of the
//! finished game ([`crate::games::Summary`], kept beside it, see
//! [`super::summaries`]): the engine alone knows who won and who played for
//! whom.

use super::{EntryKind, GameId, GameInfo, Journal, Result, Seq, Timeline};
use crate::games::{GameKind, Msg, Seat, Summary};
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

/// One game's results over all its finished games, read from each
/// game's summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    /// Which game.
    pub kind: GameKind,
    /// Finished games with an end.
    pub games: usize,
    /// The wins of each side, in the order the game names its sides
    /// (empty for a game the players win on their own).
    pub sides: Vec<SideStats>,
    /// Games per way of ending (the outcome's reason code), in the order
    /// first seen.
    pub reasons: Vec<(String, usize)>,
    /// Each character, knight or colour: games with it whose result is
    /// known, and those won; most played first.
    pub parts: Vec<PartStats>,
    /// Per setup worth grouping by (the characters in play), most
    /// played first; empty for a game without one.
    pub setups: Vec<SetupStats>,
    /// The numbers the game charts, over every game (a seat's number over
    /// every seat of every game).
    pub numbers: Vec<NumberStats>,
}

impl GameStats {
    fn new(kind: GameKind) -> Self {
        GameStats {
            kind,
            games: 0,
            sides: Vec::new(),
            reasons: Vec::new(),
            parts: Vec::new(),
            setups: Vec::new(),
            numbers: Vec::new(),
        }
    }

    /// The games won by the side `code`.
    pub fn side_wins(&self, code: &str) -> usize {
        self.sides.iter().find(|s| s.code == code).map_or(0, |s| s.wins)
    }

    /// Share of the games won by the side `code`; `None` before any game.
    pub fn win_rate(&self, code: &str) -> Option<f64> {
        rate(self.side_wins(code), self.games)
    }

    /// The games that ended for the reason `code`.
    pub fn reason(&self, code: &str) -> usize {
        self.reasons.iter().find(|(r, _)| r == code).map_or(0, |(_, n)| *n)
    }

    /// Folds in one finished game.
    fn add(&mut self, summary: &Summary) {
        self.games += 1;
        for side in &summary.sides {
            if !self.sides.iter().any(|s| s.code == side.code) {
                self.sides.push(SideStats { code: side.code.clone(), name: side.name.clone(), wins: 0 });
            }
        }
        if let Some(won) = summary.side.as_ref().and_then(|c| self.sides.iter_mut().find(|s| &s.code == c)) {
            won.wins += 1;
        }
        match self.reasons.iter_mut().find(|(r, _)| *r == summary.reason) {
            Some(r) => r.1 += 1,
            None => self.reasons.push((summary.reason.clone(), 1)),
        }
        // A part several seats played (the loyal servants) counts once a game.
        let mut seen: Vec<&str> = Vec::new();
        for p in &summary.parts {
            let Some(won) = p.won else { continue };
            if seen.contains(&p.part.code.as_str()) {
                continue;
            }
            seen.push(&p.part.code);
            let i = match self.parts.iter().position(|s| s.code == p.part.code) {
                Some(i) => i,
                None => {
                    let name = p.part.name.clone();
                    self.parts.push(PartStats { code: p.part.code.clone(), name, played: 0, won: 0 });
                    self.parts.len() - 1
                }
            };
            self.parts[i].played += 1;
            self.parts[i].won += usize::from(won);
        }
        if !summary.setup.is_empty() {
            let codes: Vec<String> = summary.setup.iter().map(|n| n.code.clone()).collect();
            let i = match self.setups.iter().position(|s| s.codes == codes) {
                Some(i) => i,
                None => {
                    let names = summary.setup.iter().map(|n| n.name.clone()).collect();
                    self.setups.push(SetupStats { codes, names, games: 0, wins: Vec::new() });
                    self.setups.len() - 1
                }
            };
            let set = &mut self.setups[i];
            set.games += 1;
            if let Some(side) = &summary.side {
                match set.wins.iter_mut().find(|(c, _)| c == side) {
                    Some(w) => w.1 += 1,
                    None => set.wins.push((side.clone(), 1)),
                }
            }
        }
        for n in &summary.numbers {
            let i = match self.numbers.iter().position(|s| s.code == n.what.code) {
                Some(i) => i,
                None => {
                    let name = n.what.name.clone();
                    let stats = NumberStats {
                        code: n.what.code.clone(),
                        name,
                        count: 0,
                        total: 0,
                        least: n.value,
                        most: n.value,
                    };
                    self.numbers.push(stats);
                    self.numbers.len() - 1
                }
            };
            let s = &mut self.numbers[i];
            s.count += 1;
            s.total += n.value;
            s.least = s.least.min(n.value);
            s.most = s.most.max(n.value);
        }
    }

    /// Sorts the parts and setups, most played first (the same count in
    /// the order first seen).
    fn sort(&mut self) {
        self.parts.sort_by_key(|p| std::cmp::Reverse(p.played));
        self.setups.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.codes.cmp(&b.codes)));
    }
}

/// A side's wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideStats {
    /// The side's code (`good`).
    pub code: String,
    /// Its words.
    pub name: Msg,
    /// Games it won.
    pub wins: usize,
}

/// A character's, knight's or colour's record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartStats {
    /// Its code (`merlin`).
    pub code: String,
    /// Its words.
    pub name: Msg,
    /// Games with it whose result is known.
    pub played: usize,
    /// Of those, won.
    pub won: usize,
}

impl PartStats {
    /// Won over played.
    pub fn win_rate(&self) -> Option<f64> {
        rate(self.won, self.played)
    }
}

/// The results with one setup (the characters in play).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupStats {
    /// The setup's parts' codes, as the game sorts them.
    pub codes: Vec<String>,
    /// Their words.
    pub names: Vec<Msg>,
    /// Games played with this setup.
    pub games: usize,
    /// Games won, by side code.
    pub wins: Vec<(String, usize)>,
}

impl SetupStats {
    /// Share of the games won by the side `code`.
    pub fn win_rate(&self, code: &str) -> Option<f64> {
        rate(self.wins.iter().find(|(c, _)| c == code).map_or(0, |(_, n)| *n), self.games)
    }
}

/// A number over the finished games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberStats {
    /// What it counts (`missions_succeeded`, `score`).
    pub code: String,
    /// Its words.
    pub name: Msg,
    /// Values counted (one a game, or one a seat of each game).
    pub count: usize,
    /// Their sum.
    pub total: i64,
    /// The least.
    pub least: i64,
    /// The most.
    pub most: i64,
}

impl NumberStats {
    /// The mean value.
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.total as f64 / self.count as f64)
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

    /// `kind`'s results over its finished games: wins by side, by way of
    /// ending, by part and by setup, and its numbers, read from the
    /// summary its engine gives of each stored game.
    pub fn stats(&self, kind: GameKind) -> Result<GameStats> {
        let mut stats = GameStats::new(kind);
        for (info, summary) in self.finished_games()? {
            if let Some(summary) = summary.filter(|_| info.kind == kind) {
                stats.add(&summary);
            }
        }
        stats.sort();
        Ok(stats)
    }

    /// Every playable game's results (see [`Journal::stats`]), in the
    /// registry's order.
    pub fn all_stats(&self) -> Result<Vec<GameStats>> {
        let mut all: Vec<GameStats> =
            GameKind::ALL.into_iter().filter(|k| k.is_playable()).map(GameStats::new).collect();
        for (info, summary) in self.finished_games()? {
            let Some(stats) = all.iter_mut().find(|s| s.kind == info.kind) else { continue };
            if let Some(summary) = summary {
                stats.add(&summary);
            }
        }
        all.iter_mut().for_each(GameStats::sort);
        Ok(all)
    }
}

/// `YYYY-MM-DD HH:MM` (UTC) for Unix milliseconds.
pub fn utc(ms: i64) -> String {
    super::recovery::utc_time(ms).format("%Y-%m-%d %H:%M").to_string()
}
