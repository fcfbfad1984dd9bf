//! A game as JSON lines, to replay it elsewhere or attach it to a bug report.
//!
//! # Format (version 1)
//!
//! UTF-8 text, one JSON object per line, each line ending in `\n`.
//!
//! The first line is the header, an [`ExportHeader`]:
//!
//! ```json
//! {"tavola":"game-export","format":1,"id":3,"kind":"<game id>","state":"finished",
//!  "started_at":1767225600000,"ended_at":1767229200000,"seed":42,
//!  "players":["Anna","Bruno","","Dario","Elena"],
//!  "result":{"winner":"good","reason":"merlin_survived","winners":[0,1,2]},
//!  "public":false,"events":57}
//! ```
//!
//! (shown on several lines here; it is one line in the file). `seed`,
//! `ended_at` and `result` are absent when unknown; `"clock_unsure":true`
//! is there only for a game begun while the box's clock had never been set
//! (its dates may be far off). `events` is the number of event lines that
//! follow.
//!
//! Every following line is one stored event of the game's effective
//! history (undo and redo applied), in order, exactly as
//! [`crate::table::AnyEvent`] serialises:
//!
//! ```json
//! {"game":"<game id>","event":{"event":"team_proposed","leader":2,"mission":0,"team":[2,4]}}
//! ```
//!
//! so that a reader (the headless driver's future `--replay`) folds them
//! into a fresh game with the rules engine's `replay`.
//!
//! Secrets: a finished or discarded game is exported whole, as its secrets
//! are revealed or no longer matter. A game still open is exported in its
//! public form (`"public":true`): each event as [`GameEvent::redacted`]
//! gives it, wholly secret events left out, so an export taken during play
//! reveals nothing the screen does not show. Such an export shows what
//! happened but may not replay into the same state.

use super::{GameInfo, GameState, Journal, JournalError, Result};
use crate::games::GameKind;
use crate::table::AnyEvent;
use serde::{Deserialize, Serialize};

/// The value of the header's `tavola` field.
pub const EXPORT_MAGIC: &str = "game-export";
/// The format version written.
pub const EXPORT_FORMAT: u32 = 1;

/// The first line of an export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportHeader {
    /// Always [`EXPORT_MAGIC`].
    pub tavola: String,
    /// The format version, [`EXPORT_FORMAT`].
    pub format: u32,
    /// The game's id in the journal it came from.
    pub id: i64,
    /// Which game.
    pub kind: GameKind,
    /// Where it stood when exported.
    pub state: GameState,
    /// When it began (Unix ms).
    pub started_at: i64,
    /// When it ended (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<i64>,
    /// The table's random seed, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Player names in seat order.
    pub players: Vec<String>,
    /// How it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<super::GameResult>,
    /// The box's clock had never been synchronised when it began: its
    /// dates may be far off (written only then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub clock_unsure: bool,
    /// True when the events are in their public form (an open game).
    pub public: bool,
    /// Event lines that follow.
    pub events: usize,
}

/// An export read back.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    /// The header.
    pub header: ExportHeader,
    /// The events, in order.
    pub events: Vec<AnyEvent>,
}

fn redacted(event: &AnyEvent) -> Option<AnyEvent> {
    event.redacted()
}

impl Journal {
    /// The game as JSON lines: a header, then one line per event of its
    /// effective history. See the [module documentation](self) for the
    /// format.
    pub fn export_jsonl(&self, game: super::GameId) -> Result<String> {
        let GameInfo { id, kind, state, started_at, ended_at, seed, players, result, clock_unsure } =
            self.info(game)?;
        let public = state == GameState::Open;
        let mut events = self.events(game)?;
        if public {
            events = events.iter().filter_map(redacted).collect();
        }
        let header = ExportHeader {
            tavola: EXPORT_MAGIC.into(),
            format: EXPORT_FORMAT,
            id: id.0,
            kind,
            state,
            started_at,
            ended_at,
            seed,
            players,
            result,
            clock_unsure,
            public,
            events: events.len(),
        };
        let mut out = super::to_json(&header, || format!("export header of game {game}"))?;
        out.push('\n');
        for e in &events {
            out.push_str(&super::to_json(e, || format!("export of game {game}"))?);
            out.push('\n');
        }
        Ok(out)
    }
}

/// Reads an export back, checking the header and the number of events.
pub fn parse_jsonl(text: &str) -> Result<Export> {
    let bad = |line: usize, why: String| JournalError::BadExport { line, why };
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let (_, first) = lines.next().ok_or_else(|| bad(1, "empty export".into()))?;
    let header: ExportHeader = serde_json::from_str(first).map_err(|e| bad(1, format!("header: {e}")))?;
    if header.tavola != EXPORT_MAGIC {
        return Err(bad(1, format!("not a Tavola game export ({:?})", header.tavola)));
    }
    if header.format > EXPORT_FORMAT {
        return Err(bad(1, format!("format {} is newer than this Tavola knows ({EXPORT_FORMAT})", header.format)));
    }
    let mut events = Vec::with_capacity(header.events);
    for (i, line) in lines {
        let event: AnyEvent = serde_json::from_str(line).map_err(|e| bad(i + 1, e.to_string()))?;
        if super::event_kind(&event) != header.kind {
            return Err(bad(i + 1, format!("an event of another game than {}", header.kind.title())));
        }
        events.push(event);
    }
    if events.len() != header.events {
        return Err(bad(
            0,
            format!("{} events announced, {} found: the export is cut short", header.events, events.len()),
        ));
    }
    Ok(Export { header, events })
}
