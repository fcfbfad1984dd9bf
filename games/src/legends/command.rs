//! What the players and the host ask: every command the engine decides on.

use super::{Facts, Location, Setup, Skill, Special};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// What the players ask.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Command {
    /// Set the table up.
    Setup(Setup),
    /// A character from the hand laid on the reader, to be played: its
    /// location follows ([`Command::Play`]).
    Lay {
        /// The character.
        card: String,
    },
    /// The character laid goes to a location (an action, or the initial
    /// character at setup).
    Play {
        /// Where.
        location: Location,
    },
    /// The turn's event, drawn and laid on the reader.
    DrawEvent {
        /// The event.
        card: String,
    },
    /// The player's company completes an event at its location.
    Complete {
        /// The event.
        card: String,
    },
    /// Action: draw a character.
    DrawCharacter,
    /// Action: one or two characters move from one location to another.
    Move {
        /// The characters (one or two, from the same location).
        cards: Vec<String>,
        /// Where to.
        to: Location,
    },
    /// The turn ends (its remaining actions unspent).
    EndTurn,
    /// The host ends a game whose event deck is empty and whose events
    /// nobody can complete any more: the count is made.
    EndGame,
    /// The facts of cards learned now, when the game first needs them.
    Learn {
        /// What was learned.
        facts: Facts,
    },
    /// The host sets a hand's count right.
    CorrectHand {
        /// Whose.
        seat: Seat,
        /// Cards held.
        cards: u8,
    },
    /// A character's optional ability that changes a total for the turn
    /// ("2. Usare il testo opzionale delle carte").
    Use {
        /// The character using it.
        card: String,
        /// The knight it acts on, for an ability on another.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        /// The skill chosen, where the card gives a choice.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<Skill>,
    },
    /// A character bid on the bidding event: from the hand (laid on the
    /// reader) or from one of the bidder's companies.
    Bid {
        /// The character.
        card: String,
    },
    /// The bidder passes.
    Pass,
    /// The character of the company that completed an event who receives
    /// the special card the event gives.
    Grant {
        /// The character.
        card: String,
    },
    /// A threat (the sword icon): the character strikes an opposing
    /// character at its location, as its card says.
    Strike {
        /// The striker.
        card: String,
        /// The opposing character struck.
        target: String,
    },
    /// The Black Knight, drawn with three Forest events, covers one of
    /// them (`Some`) or is discarded (`None`).
    Cover {
        /// The Forest event it covers.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Lady Lyonesse's ward, once a game, on a knight of her company.
    Ward {
        /// Lady Lyonesse.
        card: String,
        /// The knight.
        target: String,
    },
    /// The host takes a character off the table, as a card's text says
    /// (a threat, an event): to the discard pile or back to its player's
    /// hand.
    Remove {
        /// The character.
        card: String,
        /// Back to the hand (discarded when the hand is full).
        #[serde(default)]
        to_hand: bool,
    },
    /// The host moves a character as a card's text says, spending no
    /// action, to another location and, where the text says so, into
    /// another player's company.
    Relocate {
        /// The character.
        card: String,
        /// Where to.
        to: Location,
        /// The player whose company it joins (`None`: its own).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
    },
    /// A spell on a character at the caster's location: Lady Ettard's, as
    /// she is played from the hand (the knight cannot move while she stays
    /// there); Nimue's, an optional ability (the man's text is negated
    /// until her player's next turn).
    Spell {
        /// Lady Ettard or Nimue.
        card: String,
        /// The character bewitched.
        target: String,
    },
    /// A knight made High King by a card's text: King Arthur himself, once a
    /// game, with two other knights in his company; or the Archbishop of
    /// Canterbury, at Camelot, discarded with an event of the player's zone,
    /// for the player's knight at Camelot with the most Chivalry.
    Crown {
        /// King Arthur or the Archbishop.
        card: String,
        /// The event discarded from the zone (the Archbishop's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<String>,
    },
    /// La Cote Male Taile discards the event of his main location with the
    /// fewest victory points (one at least), and is discarded.
    Scrap {
        /// La Cote Male Taile.
        card: String,
        /// The event.
        event: String,
    },
    /// A hand raided, an optional ability: Queen Morgause takes a card of
    /// another player's hand and is discarded; Sir Breunis makes a player
    /// discard a card at random and goes back to his player's hand.
    Raid {
        /// Queen Morgause or Sir Breunis.
        card: String,
        /// The player whose hand loses a card.
        seat: Seat,
    },
    /// The character laid takes `target`'s place: Sir Dagonet in another
    /// player's company, as an action; a knight in the place of the
    /// player's White Knight, an optional ability spending none. `target`
    /// is discarded and its special cards pass to the newcomer.
    Replace {
        /// The character replaced.
        target: String,
    },
    /// Hellawes, in the Forest, discarded with a card of the hand: a
    /// character of the discard pile goes back to the hand.
    Recall {
        /// Hellawes.
        card: String,
    },
    /// Dame Bragwaine, at a main location, brings one of her player's
    /// knights there, spending no action; she is discarded at the end of the
    /// turn.
    Summon {
        /// Dame Bragwaine.
        card: String,
        /// The knight.
        target: String,
    },
    /// Sir Balin's sacrifice, right after his company completes a location
    /// event: he and the event are discarded, and every other player
    /// discards an event of their victory points.
    Renounce {
        /// Sir Balin.
        card: String,
    },
    /// The answer to Sir Lambegus' or Sir Priamus' offer, in an opponent's
    /// turn, for a character of their company just discarded: Sir Lambegus
    /// discarded in a knight's place, or the character back to the hand
    /// for a card of it.
    Rescue {
        /// Taken, or declined.
        take: bool,
    },
    /// Action: the Questing Beast moved to another main location.
    Hunt {
        /// Where to.
        to: Location,
    },
    /// The choice an event's effect waits for (see [`effects`](super::effects)): a card, a
    /// player, both, or neither to decline an optional effect.
    Resolve {
        /// The character chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        /// The player chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        /// The location chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Location>,
    },
    /// The event a player discards from their victory points for Sir
    /// Balin's sacrifice.
    Forfeit {
        /// The event.
        event: String,
    },
    /// The lady who becomes the Love Potion's companion, chosen in her
    /// holder's company.
    Companion {
        /// The lady.
        card: String,
    },
    /// The host gives a special card to a character on the table, or puts
    /// it back beside the board (`None`), as a card's text says.
    GiveSpecial {
        /// Which.
        special: Special,
        /// Its new holder.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
}

impl Command {
    /// A character's text used on the board (an ability, a threat, a ward,
    /// a spell, a crowning, a discard or a raid): what the screen's
    /// "Use an ability" menu lists.
    pub fn is_ability(&self) -> bool {
        matches!(
            self,
            Command::Use { .. }
                | Command::Strike { .. }
                | Command::Ward { .. }
                | Command::Spell { .. }
                | Command::Crown { .. }
                | Command::Scrap { .. }
                | Command::Raid { .. }
                | Command::Recall { .. }
                | Command::Summon { .. }
        )
    }
}
