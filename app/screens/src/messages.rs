//! The message line at the foot of the screen: every message standing (the
//! table's last word, such as a move the rules refused, then what start-up
//! found missing and what the parts said during play) is shown one at a
//! time, on one line; the others are counted beside it and a touch brings
//! the next, another closes the one shown. A new word of the table, a part
//! that fails or comes back, comes to the front at once.
//!
//! The notices are kept as messages of the catalogs, so a change of
//! language says them again in the new one. A part that works again (or
//! opens late) replaces what was said about it, in its place in the line,
//! rather than piling up behind it.

use crate::games::Lang;
use crate::hw::HwError;
use crate::table::HwReport;

/// What a notice says about its part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Something is wrong (or worth knowing) and may stay so.
    Warning,
    /// The part works again, or has opened: nothing is wrong any more.
    Fine,
}

/// Which standing messages the line holds, and which one it shows.
#[derive(Debug, Default)]
pub(super) struct MessageLine {
    /// The one shown, counted from the table's word (or the first notice).
    at: usize,
    /// The table's word as last shown, to see a new one come.
    said: Option<String>,
    /// The table's word was closed: it stays hidden until a new one comes.
    word_closed: bool,
    /// Whether the line counted the table's word when it was last shown.
    word_shown: bool,
    /// The notices, oldest first.
    notices: Vec<(Kind, HwError)>,
    /// A notice that has just come, to be shown next.
    focus: Option<usize>,
}

impl MessageLine {
    /// A line holding what start-up found (the first of it shown).
    pub(super) fn new(start: &[HwError]) -> Self {
        MessageLine { notices: start.iter().map(|n| (Kind::Warning, n.clone())).collect(), ..Self::default() }
    }

    /// A part failed, works again or has opened: the line says so next.
    pub(super) fn record(&mut self, report: &HwReport) {
        let said = report.said();
        // What the new notice makes stale: for a failure, its own words
        // standing from before and a "works again" of its part; for a
        // part that is fine, everything said about the part.
        let stale = |(kind, n): &(Kind, HwError)| match report {
            HwReport::Failed(e) => n == e || (*kind == Kind::Fine && n.part == e.part),
            HwReport::WorksAgain(_) | HwReport::Connected(_) => n.part == said.part,
        };
        let place = self.notices.iter().position(stale).unwrap_or(self.notices.len());
        self.notices.retain(|n| !stale(n));
        let place = place.min(self.notices.len());
        let kind = if matches!(report, HwReport::Failed(_)) { Kind::Warning } else { Kind::Fine };
        self.notices.insert(place, (kind, said.clone()));
        self.focus = Some(place);
    }

    /// The messages standing in `lang`, in the order the line goes through
    /// them, and the index of the one shown.
    pub(super) fn standing(&mut self, said: Option<&str>, lang: Lang) -> (Vec<String>, usize) {
        let new_word = said != self.said.as_deref();
        if new_word {
            self.said = said.map(str::to_string);
            self.word_closed = false;
        }
        let word = said.filter(|_| !self.word_closed);
        if let Some(i) = self.focus.take() {
            self.at = usize::from(word.is_some()) + i;
        }
        if new_word && said.is_some() {
            self.at = 0;
        }
        let all: Vec<String> =
            word.map(str::to_string).into_iter().chain(self.notices.iter().map(|(_, n)| n.text(lang))).collect();
        let at = if all.is_empty() { 0 } else { self.at % all.len() };
        self.at = at;
        self.word_shown = word.is_some();
        (all, at)
    }

    /// Whether the table's word is the first of the messages last listed
    /// by [`MessageLine::standing`].
    pub(super) fn word_listed(&self) -> bool {
        self.word_shown
    }

    /// Whether the message shown is the table's word.
    pub(super) fn word_at_front(&self) -> bool {
        self.word_shown && self.at == 0
    }

    /// The next message (after the last, the first again).
    pub(super) fn next(&mut self) {
        self.at += 1;
    }

    /// Back to the first: the table has just said something (the same words
    /// as before, a move refused twice, are said again, closed or not).
    pub(super) fn front(&mut self) {
        self.at = 0;
        self.word_closed = false;
    }

    /// Closes the message shown; the next one takes its place. A notice
    /// closed is gone; the same trouble happening again later is new.
    pub(super) fn close(&mut self) {
        if self.word_shown && self.at == 0 {
            self.word_closed = true;
            return;
        }
        let i = self.at - usize::from(self.word_shown);
        if i < self.notices.len() {
            self.notices.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavola_words::msg;

    fn start() -> Vec<HwError> {
        vec![
            HwError::said("audio", msg!("hw.audio.no_speaker", why = "no card")),
            HwError::said("reader", msg!("hw.reader.none", version = "0x00")),
        ]
    }

    fn shown(line: &mut MessageLine, said: Option<&str>) -> String {
        let (all, at) = line.standing(said, Lang::En);
        all.get(at).cloned().unwrap_or_default()
    }

    #[test]
    fn the_notices_go_round_one_at_a_time() {
        let mut line = MessageLine::new(&start());
        let (all, at) = line.standing(None, Lang::En);
        assert_eq!((all.len(), at), (2, 0));
        assert!(all[0].starts_with("No speaker found") && all[1].starts_with("No NFC reader answers"), "{all:?}");
        line.next();
        assert_eq!(line.standing(None, Lang::En).1, 1);
        line.next();
        assert_eq!(line.standing(None, Lang::En).1, 0, "after the last, the first");
        assert_eq!(MessageLine::default().standing(None, Lang::En), (Vec::new(), 0));
        // Said again in the language of the moment.
        assert!(
            line.standing(None, Lang::It).0[0].starts_with("Nessun altoparlante"),
            "{:?}",
            line.standing(None, Lang::It)
        );
    }

    #[test]
    fn a_refused_move_comes_to_the_front_at_once() {
        let mut line = MessageLine::new(&start());
        line.standing(None, Lang::En);
        line.next();
        let (all, at) = line.standing(Some("Not your turn"), Lang::En);
        assert_eq!(all[at], "Not your turn");
        assert_eq!(all.len(), 3, "the notices still stand behind it");
        line.next();
        assert_eq!(line.standing(Some("Not your turn"), Lang::En).1, 1, "the same word keeps its place");
        line.front();
        assert_eq!(line.standing(Some("Not your turn"), Lang::En).1, 0, "said again");
        line.next();
        line.next();
        assert_eq!(line.standing(None, Lang::En).1, 0, "the word gone, the next in turn");
    }

    #[test]
    fn a_part_that_works_again_replaces_its_warning_in_its_place() {
        let mut line = MessageLine::new(&start());
        let stalled = HwError::said("reader", msg!("hw.reader.stalled"));
        line.record(&HwReport::Failed(stalled.clone()));
        assert_eq!(shown(&mut line, None), "The NFC reader stopped answering: Tavola is restarting it.");
        let back = HwError::said("reader", msg!("notice.hw.reader_ok"));
        line.record(&HwReport::WorksAgain(back.clone()));
        let (all, at) = line.standing(None, Lang::En);
        assert_eq!(all.len(), 2, "both reader warnings gave way to one notice: {all:?}");
        assert_eq!((all[at].as_str(), at), ("The NFC reader works again.", 1), "where the first of them stood");
        // Failing again: the "works again" goes, the warning comes back.
        line.record(&HwReport::Failed(stalled));
        let (all, at) = line.standing(None, Lang::En);
        assert_eq!(all.len(), 2, "{all:?}");
        assert!(all[at].starts_with("The NFC reader stopped"), "{all:?}");
        // Another part's trouble stands beside it.
        line.record(&HwReport::Failed(HwError::said("pad", msg!("hw.pad.froze"))));
        assert_eq!(line.standing(None, Lang::En).0.len(), 3);
    }

    #[test]
    fn closing_shows_the_next_and_a_closed_trouble_that_happens_again_shows_again() {
        let mut line = MessageLine::new(&start());
        let (_, at) = line.standing(Some("Not your turn"), Lang::En);
        assert_eq!(at, 0);
        line.close();
        assert!(shown(&mut line, Some("Not your turn")).starts_with("No speaker found"), "the word closed");
        line.close();
        assert!(shown(&mut line, Some("Not your turn")).starts_with("No NFC reader answers"));
        line.close();
        assert_eq!(line.standing(Some("Not your turn"), Lang::En), (Vec::new(), 0), "nothing stands");
        // The table says something new: shown.
        assert_eq!(shown(&mut line, Some("Nothing to vote on")), "Nothing to vote on");
        line.close();
        let froze = HwError::said("pad", msg!("hw.pad.froze"));
        line.record(&HwReport::Failed(froze.clone()));
        assert!(shown(&mut line, Some("Nothing to vote on")).starts_with("The vote pad froze"));
        line.close();
        assert_eq!(line.standing(Some("Nothing to vote on"), Lang::En).0.len(), 0);
        line.record(&HwReport::WorksAgain(HwError::said("pad", msg!("notice.hw.pad_ok"))));
        assert_eq!(shown(&mut line, None), "The vote pad works again.");
        line.record(&HwReport::Failed(froze));
        assert!(shown(&mut line, None).starts_with("The vote pad froze"), "it happened again");
    }
}
