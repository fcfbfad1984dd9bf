//! What the table itself says (not a game): notices about tags, the pad,
//! timers and hardware. Their words are the `notice.table.*` messages of
//! the catalogs (`words/lang`).

use crate::games::Lang;
use crate::hw::Millis;
use tavola_words::{msg, Msg, Said};

/// A table notice with its parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// A tag that carries no card id and has not been learned.
    UnknownTag {
        /// The tag's UID.
        uid: String,
    },
    /// A tag that answers but cannot be read.
    UnreadableTag {
        /// The tag's UID.
        uid: String,
        /// Why.
        reason: String,
    },
    /// A card id that is in no game's catalog.
    UnknownCard {
        /// The id.
        card: String,
    },
    /// The pad was pressed while nothing was being voted.
    PadIdle {
        /// Seat shown from 1.
        seat: String,
    },
    /// Both buttons of a seat at once.
    BothPressed {
        /// Seat name.
        seat: String,
    },
    /// A button held down too long.
    Stuck {
        /// Seat name.
        seat: String,
    },
    /// A stuck button was released.
    Unstuck {
        /// Seat name.
        seat: String,
    },
    /// Time ran out with answers missing.
    Missing {
        /// Names of the seats missing.
        seats: String,
    },
    /// The host gave more time.
    Extended {
        /// Seconds added.
        seconds: u32,
    },
    /// That game cannot be played yet.
    NotBuilt {
        /// Title.
        title: String,
    },
    /// No game is being played.
    NoGame,
    /// The covered panel was touched with nothing private to show.
    NothingPrivate,
    /// Nothing to take back.
    NothingToUndo,
    /// Nothing to bring back.
    NothingToRedo,
    /// The last action was a secret input or revealed one: it stays.
    CannotUndo,
    /// The last action was taken back.
    Undone,
    /// The action taken back is in effect again.
    Redone,
    /// A game is in progress: leave it first (`title`: its game).
    GameInProgress {
        /// The game in progress.
        title: String,
    },
    /// The pad is quiet for a moment between two secret inputs.
    PadQuiet {
        /// For how long.
        seconds: Millis,
    },
    /// Leaving a game in progress needs a confirmation.
    LeaveFirst,
    /// The game in progress was left; it stays saved for the next start.
    LeftSaved,
    /// A card's facts were kept (for the game that needs them now, or the
    /// next one when the game in progress has its own in force).
    FactsKept {
        /// The card's name, said.
        card: Msg,
    },
    /// A card's facts were kept, and the game in progress, which lacked
    /// them, takes them now (a count that waited for them is made).
    FactsLearned {
        /// The card's name, said.
        card: Msg,
    },
    /// A deck file read, with what importing it would change.
    DeckRead {
        /// Cards it would add or change.
        count: usize,
    },
    /// A deck file's facts imported.
    DeckImported {
        /// Cards added or changed.
        count: usize,
    },
    /// Nothing to import: no deck file read and waiting for confirmation.
    NoDeck,
    /// Card facts were kept in the database, but the deck file beside it
    /// could not be written (the next start writes it).
    DeckNotWritten {
        /// What the file system said, in the players' words.
        why: Msg,
    },
    /// The journal could not store an input: nothing changed.
    NotSaved {
        /// What the storage said, in the players' words.
        why: Msg,
    },
}

impl Notice {
    /// A stable code for tests and logs.
    pub fn code(&self) -> &'static str {
        match self {
            Notice::UnknownTag { .. } => "table.unknown_tag",
            Notice::UnreadableTag { .. } => "table.unreadable_tag",
            Notice::UnknownCard { .. } => "table.unknown_card",
            Notice::PadIdle { .. } => "table.pad_idle",
            Notice::BothPressed { .. } => "table.both_pressed",
            Notice::Stuck { .. } => "table.stuck",
            Notice::Unstuck { .. } => "table.unstuck",
            Notice::Missing { .. } => "table.missing",
            Notice::Extended { .. } => "table.extended",
            Notice::NotBuilt { .. } => "table.not_built",
            Notice::NoGame => "table.no_game",
            Notice::NothingPrivate => "table.nothing_private",
            Notice::NotSaved { .. } => "table.not_saved",
            Notice::DeckNotWritten { .. } => "table.deck_not_written",
            Notice::FactsKept { .. } => "table.facts_kept",
            Notice::FactsLearned { .. } => "table.facts_learned",
            Notice::DeckRead { .. } => "table.deck_read",
            Notice::DeckImported { .. } => "table.deck_imported",
            Notice::NoDeck => "table.no_deck",
            Notice::GameInProgress { .. } => "table.game_in_progress",
            Notice::LeaveFirst => "table.leave_first",
            Notice::PadQuiet { .. } => "table.pad_quiet",
            Notice::LeftSaved => "table.left_saved",
            Notice::NothingToUndo => "table.nothing_to_undo",
            Notice::NothingToRedo => "table.nothing_to_redo",
            Notice::CannotUndo => "table.cannot_undo",
            Notice::Undone => "table.undone",
            Notice::Redone => "table.redone",
        }
    }

    /// The words in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        Said::text(self, lang)
    }
}

impl Said for Notice {
    fn msg(&self) -> Msg {
        match self {
            Notice::UnknownTag { uid } => msg!("notice.table.unknown_tag", uid),
            Notice::UnreadableTag { uid, reason } => msg!("notice.table.unreadable_tag", uid, reason),
            Notice::UnknownCard { card } => msg!("notice.table.unknown_card", card),
            Notice::PadIdle { seat } => msg!("notice.table.pad_idle", seat),
            Notice::BothPressed { seat } => msg!("notice.table.both_pressed", seat),
            Notice::Stuck { seat } => msg!("notice.table.stuck", seat),
            Notice::Unstuck { seat } => msg!("notice.table.unstuck", seat),
            Notice::Missing { seats } => msg!("notice.table.missing", seats),
            Notice::Extended { seconds } => msg!("notice.table.extended", count = seconds),
            Notice::NotBuilt { title } => msg!("notice.table.not_built", title),
            Notice::NoGame => msg!("notice.table.no_game"),
            Notice::NothingPrivate => msg!("notice.table.nothing_private"),
            Notice::NotSaved { why } => msg!("notice.table.not_saved", why),
            Notice::DeckNotWritten { why } => msg!("notice.table.deck_not_written", why),
            Notice::FactsKept { card } => msg!("notice.table.facts_kept", card),
            Notice::FactsLearned { card } => msg!("notice.table.facts_learned", card),
            Notice::DeckRead { count } => msg!("notice.table.deck_read", count = *count),
            Notice::DeckImported { count } => msg!("notice.table.deck_imported", count = *count),
            Notice::NoDeck => msg!("notice.table.no_deck"),
            Notice::GameInProgress { title } => msg!("notice.table.game_in_progress", title = title.as_str()),
            Notice::LeaveFirst => msg!("notice.table.leave_first"),
            Notice::PadQuiet { seconds } => msg!("notice.table.pad_quiet", count = *seconds),
            Notice::LeftSaved => msg!("notice.table.left_saved"),
            Notice::NothingToUndo => msg!("notice.table.nothing_to_undo"),
            Notice::NothingToRedo => msg!("notice.table.nothing_to_redo"),
            Notice::CannotUndo => msg!("notice.table.cannot_undo"),
            Notice::Undone => msg!("notice.table.undone"),
            Notice::Redone => msg!("notice.table.redone"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_notice() -> Vec<Notice> {
        let s = |t: &str| t.to_string();
        vec![
            Notice::UnknownTag { uid: s("04:A2") },
            Notice::UnreadableTag { uid: s("04:A2"), reason: s("CRC error") },
            Notice::UnknownCard { card: s("avalon/role/jester") },
            Notice::PadIdle { seat: s("3") },
            Notice::BothPressed { seat: s("Anna") },
            Notice::Stuck { seat: s("Anna") },
            Notice::Unstuck { seat: s("Anna") },
            Notice::Missing { seats: s("Anna, Bruno") },
            Notice::Extended { seconds: 30 },
            Notice::NotBuilt { title: s("Nottingham") },
            Notice::NoGame,
            Notice::NothingPrivate,
            Notice::NothingToUndo,
            Notice::NothingToRedo,
            Notice::CannotUndo,
            Notice::Undone,
            Notice::Redone,
            Notice::NotSaved { why: msg!("journal.error.no_game_stored") },
            Notice::DeckNotWritten { why: msg!("journal.error.no_game_stored") },
            Notice::GameInProgress { title: s("Nottingham") },
            Notice::LeaveFirst,
            Notice::LeftSaved,
            Notice::PadQuiet { seconds: 2 },
            Notice::FactsKept { card: msg!("card.nottingham.board.sheriff_path") },
            Notice::FactsLearned { card: msg!("card.nottingham.board.sheriff_path") },
            Notice::DeckRead { count: 3 },
            Notice::DeckImported { count: 1 },
            Notice::NoDeck,
        ]
    }

    #[test]
    fn every_notice_is_said_in_every_language() {
        for n in every_notice() {
            let said = n.msg();
            assert_eq!(said.id, format!("notice.{}", n.code()), "the message id follows the code");
            for lang in Lang::ALL {
                let text = n.text(lang);
                assert!(!text.contains(['{', '}']) && text != said.id, "{:?} in {}: {text}", n, lang.code());
            }
        }
        assert_eq!(Notice::Extended { seconds: 30 }.text(Lang::It), "Altri 30 secondi.");
        // What the storage reported is said in the table's language too.
        let full = Notice::NotSaved { why: msg!("journal.error.no_game_stored") };
        assert!(full.text(Lang::It).contains("nessuna partita"), "{}", full.text(Lang::It));
        assert_eq!(
            Notice::Stuck { seat: "Anna".into() }.text(Lang::En),
            "Anna: a button is held down. It is ignored until released."
        );
    }
}
