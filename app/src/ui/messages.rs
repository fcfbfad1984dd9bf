//! The message line at the foot of the screen: every message standing (the
//! table's last word, such as a move the rules refused, then what start-up
//! found missing) is shown one at a time, on one line; the others are
//! counted beside it and a touch brings the next. A new word of the table
//! comes to the front at once.

/// Which standing message the line shows.
#[derive(Debug, Default)]
pub(super) struct MessageLine {
    /// The one shown, counted from the table's word (or the first notice).
    at: usize,
    /// The table's word as last shown, to see a new one come.
    said: Option<String>,
}

impl MessageLine {
    /// The messages standing, in the order the line goes through them, and
    /// the index of the one shown.
    pub(super) fn standing(&mut self, said: Option<&str>, notices: Vec<String>) -> (Vec<String>, usize) {
        if said != self.said.as_deref() {
            self.said = said.map(str::to_string);
            if said.is_some() {
                self.at = 0;
            }
        }
        let all: Vec<String> = said.map(str::to_string).into_iter().chain(notices).collect();
        let at = if all.is_empty() { 0 } else { self.at % all.len() };
        self.at = at;
        (all, at)
    }

    /// The next message (after the last, the first again).
    pub(super) fn next(&mut self) {
        self.at += 1;
    }

    /// Back to the first: the table has just said something (the same words
    /// as before, a move refused twice, are said again).
    pub(super) fn front(&mut self) {
        self.at = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notices() -> Vec<String> {
        vec!["No speaker".into(), "No reader".into()]
    }

    #[test]
    fn the_notices_go_round_one_at_a_time() {
        let mut line = MessageLine::default();
        assert_eq!(line.standing(None, notices()), (notices(), 0));
        line.next();
        assert_eq!(line.standing(None, notices()).1, 1);
        line.next();
        assert_eq!(line.standing(None, notices()).1, 0, "after the last, the first");
        assert_eq!(line.standing(None, Vec::new()), (Vec::new(), 0));
    }

    #[test]
    fn a_refused_move_comes_to_the_front_at_once() {
        let mut line = MessageLine::default();
        line.standing(None, notices());
        line.next();
        let (all, at) = line.standing(Some("Not your turn"), notices());
        assert_eq!(all[at], "Not your turn");
        assert_eq!(all.len(), 3, "the notices still stand behind it");
        line.next();
        assert_eq!(line.standing(Some("Not your turn"), notices()).1, 1, "the same word keeps its place");
        line.front();
        assert_eq!(line.standing(Some("Not your turn"), notices()).1, 0, "said again");
        line.next();
        line.next();
        assert_eq!(line.standing(None, notices()).1, 0, "the word gone, the next in turn");
    }
}
