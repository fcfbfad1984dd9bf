//! What the table itself says (not a game): notices about tags, the pad,
//! timers and hardware, in Italian and English.

use crate::games::Lang;

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
    /// The journal could not store an input: nothing changed.
    NotSaved {
        /// What the storage said.
        why: String,
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
            Notice::NothingToUndo => "table.nothing_to_undo",
            Notice::NothingToRedo => "table.nothing_to_redo",
            Notice::CannotUndo => "table.cannot_undo",
            Notice::Undone => "table.undone",
            Notice::Redone => "table.redone",
        }
    }

    /// The words in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let it = lang == Lang::It;
        match self {
            Notice::UnknownTag { uid } => {
                if it {
                    format!("Etichetta sconosciuta ({uid}): insegnala a Tavola in Impostazioni → Etichette.")
                } else {
                    format!("Unknown tag ({uid}): teach it to Tavola in Settings → Tags.")
                }
            }
            Notice::UnreadableTag { uid, reason } => {
                if it {
                    format!("Non riesco a leggere l'etichetta {uid}: tienila ferma e piatta sul lettore, poi riprova.")
                } else {
                    format!("The tag {uid} cannot be read ({reason}): hold it still and flat on the reader, then try again.")
                }
            }
            Notice::UnknownCard { card } => {
                if it {
                    format!("La carta «{card}» non è in nessun gioco di Tavola.")
                } else {
                    format!("The card “{card}” is in none of Tavola's games.")
                }
            }
            Notice::PadIdle { seat } => {
                if it {
                    format!("Posto {seat}: ora non c'è niente da votare.")
                } else {
                    format!("Seat {seat}: there is nothing to vote on right now.")
                }
            }
            Notice::BothPressed { seat } => {
                if it {
                    format!("{seat}: due pulsanti insieme non valgono. Premine uno solo.")
                } else {
                    format!("{seat}: both buttons at once do not count. Press just one.")
                }
            }
            Notice::Stuck { seat } => {
                if it {
                    format!("{seat}: un pulsante resta premuto. Viene ignorato finché non si rilascia.")
                } else {
                    format!("{seat}: a button is held down. It is ignored until released.")
                }
            }
            Notice::Unstuck { seat } => {
                if it {
                    format!("{seat}: pulsante rilasciato, si può votare.")
                } else {
                    format!("{seat}: button released, voting works again.")
                }
            }
            Notice::Missing { seats } => {
                if it {
                    format!("Tempo scaduto. Mancano ancora: {seats}. Si aspetta, oppure si dà più tempo.")
                } else {
                    format!("Time is up. Still missing: {seats}. The table waits, or gives more time.")
                }
            }
            Notice::Extended { seconds } => {
                if it {
                    format!("Altri {seconds} secondi.")
                } else {
                    format!("{seconds} more seconds.")
                }
            }
            Notice::NotBuilt { title } => {
                if it {
                    format!("{title} non è ancora disponibile in Tavola.")
                } else {
                    format!("{title} is not available in Tavola yet.")
                }
            }
            Notice::NoGame => {
                lang.pick("Nessuna partita in corso: scegli un gioco.", "No game in progress: pick a game.").into()
            }
            Notice::NothingPrivate => lang
                .pick("Non c'è niente di riservato da mostrare ora.", "There is nothing private to show now.")
                .into(),
            Notice::NotSaved { why } => {
                if it {
                    format!("Non riesco a salvare ({why}): l'azione non è stata registrata, riprova.")
                } else {
                    format!("Could not save ({why}): the action was not recorded, try again.")
                }
            }
            Notice::NothingToUndo => lang.pick("Non c'è niente da annullare.", "There is nothing to undo.").into(),
            Notice::NothingToRedo => lang.pick("Non c'è niente da ripristinare.", "There is nothing to redo.").into(),
            Notice::CannotUndo => lang
                .pick(
                    "Un voto o una carta missione già data non si può annullare.",
                    "A vote or a mission card already given cannot be taken back.",
                )
                .into(),
            Notice::Undone => lang.pick("Ultima azione annullata.", "The last action was undone.").into(),
            Notice::Redone => lang.pick("Azione ripristinata.", "The action was redone.").into(),
        }
    }
}
