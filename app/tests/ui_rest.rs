//! A page at rest draws nothing: every page a table rests on, reached by a
//! script (`rest/mod.rs`) and given its time to settle, then left alone
//! for ten seconds of the app's loop on Slint's software renderer. No frame
//! may be drawn and no animation may run; a page with a countdown draws
//! once each time its figure changes, no more.

use crate::rest;

use rest::{pages, Table, SETTLE_MS};

const IDLE_MS: u64 = 10_000;

#[test]
fn every_page_at_rest_draws_nothing_and_a_countdown_only_when_its_figure_changes() {
    let mut t = Table::open();
    let mut failed = Vec::new();
    for page in pages() {
        (page.reach)(&mut t);
        t.idle(SETTLE_MS);
        let drawn = t.idle(IDLE_MS);
        // One figure a second, and the second it began in.
        let allowed = if page.countdown { (IDLE_MS / 1000 + 1) as u32 } else { 0 };
        if drawn.frames > allowed || drawn.animating {
            failed.push(format!(
                "{}: {} frames in {} s (at most {allowed}){}",
                page.name,
                drawn.frames,
                IDLE_MS / 1000,
                if drawn.animating { ", an animation still running" } else { "" }
            ));
        }
    }
    assert!(failed.is_empty(), "pages that keep drawing:\n{}", failed.join("\n"));
}
