//! The full game's changes to a company's totals (stage two of the game),
//! as functions of their own: not applied by the introductory engine yet.
