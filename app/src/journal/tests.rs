//! Unit tests of the journal.
