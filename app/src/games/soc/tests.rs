//! Unit tests of the Shadows over Camelot engine.
