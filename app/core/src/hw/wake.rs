//! Waking the screen's loop from a part's own thread. The screen thread
//! sleeps until something is due; a part polled on a thread of its own (the
//! Pi's reader, pad and roll button, a part found late) rings when it has
//! news, and the loop takes a turn at once. Without a loop listening (the
//! headless driver, tests) a ring does nothing.

use std::sync::RwLock;

type Waker = Box<dyn Fn() + Send + Sync>;

static WAKER: RwLock<Option<Waker>> = RwLock::new(None);

/// Whoever rings from now on calls `waker` (the screen's loop).
pub fn set(waker: Waker) {
    *WAKER.write().unwrap_or_else(|e| e.into_inner()) = Some(waker);
}

/// Nobody listens any more.
pub fn clear() {
    *WAKER.write().unwrap_or_else(|e| e.into_inner()) = None;
}

/// A part has news for the table: the loop listening takes a turn.
pub fn ring() {
    if let Some(waker) = WAKER.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        waker();
    }
}

/// Whether a poll of a part's thread is news for the table: something
/// found, or the part failing or working again; `down` is whether the
/// part failed at the poll before, and becomes this one's.
pub fn news<T, E>(polled: &Result<Vec<T>, E>, down: &mut bool) -> bool {
    let was_down = std::mem::replace(down, polled.is_err());
    match polled {
        Ok(found) => !found.is_empty() || was_down,
        Err(_) => !was_down,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty poll of a working part is no news; what it finds is, and
    /// so is the first failure and the first poll that works again, not
    /// every poll of a part that stays down.
    #[test]
    fn only_what_changes_is_news() {
        let mut down = false;
        let ok = |n: usize| -> Result<Vec<u8>, ()> { Ok(vec![0; n]) };
        assert!(!news(&ok(0), &mut down));
        assert!(news(&ok(1), &mut down));
        assert!(news(&Err::<Vec<u8>, ()>(()), &mut down));
        assert!(!news(&Err::<Vec<u8>, ()>(()), &mut down), "still down: said already");
        assert!(news(&ok(0), &mut down), "works again");
        assert!(!news(&ok(0), &mut down));
    }
}
