//! Narration speed (written below).

fn main() {}
