//! Presence logic: turns "which tag answered this poll" into arrivals and departures.
//!
//! - A tag lying on the reader is one arrival, however many polls see it.
//! - It leaves only after `miss_limit` polls in a row without it.
//! - The same tag counts again only once it has been away (not seen) for `rearm_ms`; coming
//!   back sooner, it is tracked silently: no second arrival, and no departure when it goes.
//! - A tag whose content cannot be read is tried again on the next polls; after
//!   `read_attempts` failures in a row it is reported once as unreadable (and then leaves like
//!   any other tag).
//! - Another tag answering means the previous one is gone.

use super::{CardId, NfcConfig, NfcEvent, TagError, Uid};

const RECENT: usize = 4;

#[derive(Clone, Copy, Debug)]
struct OnReader {
    uid: Uid,
    announced: bool,
    last_seen: u64,
    misses: u8,
}

/// The presence state machine, fed by the session (or by tests) one poll at a time.
#[derive(Clone, Debug)]
pub struct Presence {
    cfg: NfcConfig,
    on_reader: Option<OnReader>,
    recent: [Option<(Uid, u64)>; RECENT],
    failing: Option<(Uid, u8)>,
}

impl Presence {
    /// Nothing on the reader.
    pub fn new(cfg: NfcConfig) -> Self {
        Presence { cfg, on_reader: None, recent: [None; RECENT], failing: None }
    }

    /// Goes on from what `earlier` knew (the presence of an earlier session on the same reader):
    /// the tag on the reader, whether it was announced, the tags that left lately and a read
    /// failing in a row. The settings stay this one's.
    pub fn take_over(&mut self, earlier: &Presence) {
        self.on_reader = earlier.on_reader;
        self.recent = earlier.recent;
        self.failing = earlier.failing;
    }

    /// The tag considered on the reader, announced or not.
    pub fn present(&self) -> Option<Uid> {
        self.on_reader.map(|t| t.uid)
    }

    /// Whether a tag that answered needs its content read: not when it is the tag already on the
    /// reader, nor when it left less than `rearm_ms` ago.
    pub fn needs_read(&self, now_ms: u64, uid: &Uid) -> bool {
        if self.on_reader.is_some_and(|t| t.uid == *uid) {
            return false;
        }
        !self
            .recent
            .iter()
            .flatten()
            .any(|(u, left)| u == uid && now_ms.saturating_sub(*left) < u64::from(self.cfg.rearm_ms))
    }

    /// A tag answered and [`Presence::needs_read`] said no read was needed.
    pub fn seen(&mut self, now_ms: u64, uid: Uid, out: &mut impl FnMut(NfcEvent)) {
        self.failing = None;
        if let Some(t) = self.on_reader.as_mut().filter(|t| t.uid == uid) {
            t.misses = 0;
            t.last_seen = now_ms;
            return;
        }
        self.leave(out);
        self.forget_recent(&uid);
        self.on_reader = Some(OnReader { uid, announced: false, last_seen: now_ms, misses: 0 });
    }

    /// A tag answered and its content was read (`card` is `None` for a tag without a card id).
    pub fn arrived(&mut self, now_ms: u64, uid: Uid, card: Option<CardId>, out: &mut impl FnMut(NfcEvent)) {
        self.failing = None;
        self.leave(out);
        self.forget_recent(&uid);
        self.on_reader = Some(OnReader { uid, announced: true, last_seen: now_ms, misses: 0 });
        out(NfcEvent::TagArrived { uid, card });
    }

    /// A tag answered but reading it failed.
    pub fn read_failed(&mut self, now_ms: u64, uid: Uid, error: TagError, out: &mut impl FnMut(NfcEvent)) {
        let n = match self.failing {
            Some((u, n)) if u == uid => n.saturating_add(1),
            _ => 1,
        };
        self.failing = Some((uid, n));
        if n < self.cfg.read_attempts.max(1) {
            self.missed(now_ms, out);
            self.failing = Some((uid, n));
            return;
        }
        self.failing = None;
        self.leave(out);
        self.forget_recent(&uid);
        self.on_reader = Some(OnReader { uid, announced: true, last_seen: now_ms, misses: 0 });
        out(NfcEvent::TagUnreadable { uid, error });
    }

    /// No tag answered (or an answer was garbled before any UID came out of it).
    pub fn missed(&mut self, _now_ms: u64, out: &mut impl FnMut(NfcEvent)) {
        self.failing = None;
        if let Some(t) = self.on_reader.as_mut() {
            t.misses = t.misses.saturating_add(1);
            if t.misses >= self.cfg.miss_limit.max(1) {
                self.leave(out);
            }
        }
    }

    fn leave(&mut self, out: &mut impl FnMut(NfcEvent)) {
        let Some(t) = self.on_reader.take() else { return };
        if t.announced {
            out(NfcEvent::TagLeft { uid: t.uid });
        }
        self.forget_recent(&t.uid);
        if let Some(slot) = self.recent.iter_mut().find(|s| s.is_none()) {
            *slot = Some((t.uid, t.last_seen));
        } else {
            self.recent.rotate_left(1);
            self.recent[RECENT - 1] = Some((t.uid, t.last_seen));
        }
    }

    fn forget_recent(&mut self, uid: &Uid) {
        for s in self.recent.iter_mut() {
            if s.is_some_and(|(u, _)| u == *uid) {
                *s = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    fn uid(n: u8) -> Uid {
        Uid::new(&[0x04, n, 2, 3, 4, 5, 6]).unwrap()
    }

    fn card(s: &str) -> Option<CardId> {
        CardId::new(s)
    }

    /// One poll: `Some(uid)` answered (read if needed, with `content`), or nothing.
    fn poll(p: &mut Presence, now: u64, tag: Option<(Uid, Option<CardId>)>) -> Vec<NfcEvent> {
        let mut ev = Vec::new();
        match tag {
            Some((u, c)) if p.needs_read(now, &u) => p.arrived(now, u, c, &mut |e| ev.push(e)),
            Some((u, _)) => p.seen(now, u, &mut |e| ev.push(e)),
            None => p.missed(now, &mut |e| ev.push(e)),
        }
        ev
    }

    #[test]
    fn a_lying_tag_is_one_arrival_and_leaves_after_three_misses() {
        let mut p = Presence::new(NfcConfig::default());
        let t = Some((uid(1), card("a/b")));
        assert_eq!(poll(&mut p, 0, t), [NfcEvent::TagArrived { uid: uid(1), card: card("a/b") }]);
        for i in 1..50 {
            assert_eq!(poll(&mut p, i * 100, t), []);
        }
        assert_eq!(poll(&mut p, 5000, None), []);
        assert_eq!(poll(&mut p, 5100, None), []);
        assert_eq!(poll(&mut p, 5200, t), [], "two misses then seen again: still the same visit");
        assert_eq!(poll(&mut p, 5300, None), []);
        assert_eq!(poll(&mut p, 5400, None), []);
        assert_eq!(poll(&mut p, 5500, None), [NfcEvent::TagLeft { uid: uid(1) }]);
        assert_eq!(p.present(), None);
    }

    #[test]
    fn the_same_tag_counts_again_only_after_rearm_time() {
        let mut p = Presence::new(NfcConfig::default());
        let t = Some((uid(1), None));
        poll(&mut p, 0, t);
        for now in [100, 200, 300] {
            poll(&mut p, now, None);
        }
        // Last seen at 0; back at 500 (< 1000 ms away): silent.
        assert_eq!(poll(&mut p, 500, t), []);
        assert_eq!(p.present(), Some(uid(1)));
        for now in [600, 700, 800] {
            assert_eq!(poll(&mut p, now, None), [], "a silent visit leaves silently");
        }
        // Last seen at 500: back at 1600 (1100 ms away): a new arrival.
        assert_eq!(poll(&mut p, 1600, t), [NfcEvent::TagArrived { uid: uid(1), card: None }]);
    }

    #[test]
    fn another_tag_replaces_the_first_at_once() {
        let mut p = Presence::new(NfcConfig::default());
        poll(&mut p, 0, Some((uid(1), card("x"))));
        assert_eq!(
            poll(&mut p, 100, Some((uid(2), card("y")))),
            [NfcEvent::TagLeft { uid: uid(1) }, NfcEvent::TagArrived { uid: uid(2), card: card("y") }]
        );
        // A different tag is never held back by the rearm time of another.
        poll(&mut p, 200, Some((uid(1), card("x"))));
        assert_eq!(p.present(), Some(uid(1)));
    }

    #[test]
    fn unreadable_after_attempts_in_a_row() {
        let mut p = Presence::new(NfcConfig::default());
        let mut ev = Vec::new();
        p.read_failed(0, uid(3), TagError::Crc, &mut |e| ev.push(e));
        p.read_failed(100, uid(3), TagError::Crc, &mut |e| ev.push(e));
        assert_eq!(ev, []);
        p.read_failed(200, uid(3), TagError::ShortFrame, &mut |e| ev.push(e));
        assert_eq!(ev, [NfcEvent::TagUnreadable { uid: uid(3), error: TagError::ShortFrame }]);
        assert!(!p.needs_read(300, &uid(3)));
        ev.clear();
        for now in [300, 400, 500] {
            p.missed(now, &mut |e| ev.push(e));
        }
        assert_eq!(ev, [NfcEvent::TagLeft { uid: uid(3) }]);
    }

    #[test]
    fn failures_interrupted_by_a_miss_start_over() {
        let mut p = Presence::new(NfcConfig::default());
        let mut ev = Vec::new();
        for i in 0..10 {
            p.read_failed(i * 200, uid(3), TagError::Crc, &mut |e| ev.push(e));
            p.missed(i * 200 + 100, &mut |e| ev.push(e));
        }
        assert_eq!(ev, []);
    }

    #[test]
    fn a_failed_read_counts_as_a_miss_for_the_tag_on_the_reader() {
        let mut p = Presence::new(NfcConfig { read_attempts: 10, ..NfcConfig::default() });
        let mut ev = Vec::new();
        p.arrived(0, uid(1), None, &mut |e| ev.push(e));
        for i in 1..=3 {
            p.read_failed(i * 100, uid(2), TagError::Crc, &mut |e| ev.push(e));
        }
        assert_eq!(ev, [NfcEvent::TagArrived { uid: uid(1), card: None }, NfcEvent::TagLeft { uid: uid(1) }]);
    }
}
