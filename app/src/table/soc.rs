//! How the table serves Shadows over Camelot: which command a tag stands
//! for at this moment of the game.

use crate::games::soc::{Command, Pending, Phase, Soc, SocError};
use crate::games::{CommonError, RuleError};

/// The command a tapped card stands for: a loyalty card while they are
/// tapped at setup or shown after an accusation, a black card in the evil
/// step. Anything else is named and refused, the game untouched.
pub(super) fn tag_command(game: &Soc, card: String) -> Result<Command, RuleError> {
    let kind = card.split('/').nth(1).unwrap_or_default();
    match (kind, game.phase(), game.pending()) {
        ("loyalty", Phase::LoyaltyScan, _) => Ok(Command::LoyaltyCard { card }),
        ("loyalty", _, Some(Pending::Accusation { .. })) => Ok(Command::ShowLoyalty { card }),
        ("black", Phase::Play, None) if game.turn().is_some_and(|t| !t.evil_done) && game.dying().is_empty() => {
            Ok(Command::BlackCard { card, face_down: None, war: None })
        }
        ("black", ..) => Err(SocError::BlackCardNotNow.into()),
        _ => Err(CommonError::CardNotExpected { card }.into()),
    }
}
