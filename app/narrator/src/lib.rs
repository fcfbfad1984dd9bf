//! Tavola's voice: the narrator's lines ([`tavola_core::narrator`]) said
//! aloud, synthesised ([`synth`], espeak-ng) or from a recorded voice pack
//! ([`voice`]), on the sound device the owner chose ([`outputs`]) by the
//! speaker's worker ([`audio`]).

pub mod audio;
pub mod outputs;
pub mod synth;
pub mod voice;

// The table's modules under their usual names.
use tavola_core::{games, hw, narrator};
