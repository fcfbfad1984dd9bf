//! Teaching as the game is played, on the screen (`pages/teach.slint`):
//! "What now?" from the engine's own list of legal moves, and the
//! first-game mode's explanations, each once in a game (see
//! [`crate::games::teach`]).

use super::{set_model, Controller};
use crate::games::{GameKind, Lang, Lesson, Lessons, Msg, Stage};
use crate::table::TableView;
use crate::{App, AppWindow, SetupUi};
use slint::{ComponentHandle, SharedString};
use std::collections::VecDeque;
use tavola_words::msg;

/// The screens' teaching state.
#[derive(Debug, Default)]
pub(super) struct Teaching {
    /// The first-game mode is on for the game on the table.
    on: bool,
    /// The game followed, and its stored history's length at the last look
    /// (a shorter one is another game, or an undo: rebuilt from its history).
    game: Option<(GameKind, usize)>,
    /// What was explained in this game.
    lessons: Lessons,
    /// Explanations due, shown one at a time.
    queue: VecDeque<Lesson>,
    /// The setup page the first-game switch was suggested for.
    suggested_for: Option<GameKind>,
    /// "What now?" was filled for this history length and language.
    what_now_at: Option<(usize, Lang)>,
    /// The game taken up whose switch was looked up in the journal.
    looked_up: Option<GameKind>,
    /// What the narrator was given to say of what stands on the screen:
    /// the lesson's id, or "What now?" with its history length and
    /// language. `None`: nothing, the game's narration runs.
    said: Option<String>,
}

/// The journal's setting that keeps the switch for the game in progress
/// (the title's id), so that a game taken up after a restart goes on
/// teaching.
const SWITCH: &str = "teach.first_game";

impl Controller {
    /// The setup's "Start" was touched: the first-game mode follows the
    /// game from its very first step if the switch is on.
    pub(super) fn start_teaching(&mut self, window: &AppWindow, kind: GameKind) {
        let on = window.global::<SetupUi<'_>>().get_first_game();
        let said = self.teaching.said.take();
        self.teaching = Teaching { on, game: Some((kind, 0)), looked_up: Some(kind), said, ..Teaching::default() };
        self.keep_switch(on.then_some(kind));
    }

    /// Keeps the switch in the journal (`None`: off). A journal that cannot
    /// be written only costs the explanations after a restart.
    fn keep_switch(&self, on: Option<GameKind>) {
        let Some(path) = &self.booted.journal else { return };
        let Ok(mut opened) = crate::journal::Journal::open(path) else { return };
        let _ = match on {
            Some(kind) => opened.journal.set_setting(SWITCH, kind.id()),
            None => opened.journal.remove_setting(SWITCH).map(|_| ()),
        };
    }

    /// Whether the switch was on for a game of `kind` when Tavola stopped.
    fn kept_switch(&self, kind: GameKind) -> bool {
        let Some(path) = &self.booted.journal else { return false };
        let Ok(opened) = crate::journal::Journal::open(path) else { return false };
        opened.journal.setting::<String>(SWITCH).ok().flatten().is_some_and(|id| id == kind.id())
    }

    /// Whether a finished game of `kind` is in the history.
    fn played_before(&self, kind: GameKind) -> bool {
        let Some(path) = &self.booted.journal else { return false };
        let Ok(opened) = crate::journal::Journal::open(path) else { return false };
        let finished = opened.journal.games(crate::journal::GameState::Finished).unwrap_or_default();
        finished.iter().any(|g| g.kind == kind)
    }

    /// The first-game switch suggested, "What now?" and the explanation
    /// due, for the screen.
    pub(super) fn refresh_teaching(&mut self, window: &AppWindow, view: &TableView) {
        let app = window.global::<App<'_>>();
        let lang = view.lang;
        // The switch is suggested on when nobody has played the title here.
        if view.stage == Some(Stage::Setup) {
            if self.teaching.suggested_for != view.game {
                self.teaching.suggested_for = view.game;
                let first = view.game.is_some_and(|k| !self.played_before(k));
                window.global::<SetupUi<'_>>().set_first_game(first);
            }
        } else if view.game.is_none() {
            self.teaching.suggested_for = None;
        }
        let session = &self.booted.table.session;
        let stored = session.history().len();
        // "What now?" while a game is under way, filled again as it moves.
        let under_way = view.stage == Some(Stage::Playing);
        app.set_what_now_offered(under_way);
        if !under_way {
            app.set_show_what_now(false);
        }
        if !app.get_show_what_now() {
            self.teaching.what_now_at = None;
        } else if self.teaching.what_now_at != Some((stored, lang)) {
            self.teaching.what_now_at = Some((stored, lang));
            if let Some(game) = session.game() {
                let now = game.what_now();
                app.set_what_now_waiting(lang.text(&now.waiting).into());
                let moves: Vec<SharedString> = now.moves.iter().map(|m| lang.text(m).into()).collect();
                set_model(&app.get_what_now_moves(), moves, |m| app.set_what_now_moves(m));
            }
        }
        // A game taken up after a restart: its switch as it was kept.
        if let Some(kind) = session.game().map(|g| g.kind()).filter(|_| under_way) {
            if self.teaching.looked_up != Some(kind) {
                self.teaching.looked_up = Some(kind);
                self.teaching.on = self.kept_switch(kind);
                self.teaching.game = None;
            }
        }
        let session = &self.booted.table.session;
        // The explanations due, once each in this game.
        let t = &mut self.teaching;
        match session.game().filter(|_| t.on) {
            Some(game) => {
                let seen = t.game.filter(|&(kind, seen)| kind == game.kind() && stored >= seen).map(|(_, n)| n);
                if seen.is_none() {
                    // Taken up, or something taken back: what its history
                    // went through counts as explained.
                    t.lessons = Lessons::from_history(game.kind(), session.history()).unwrap_or_default();
                    t.queue.clear();
                }
                t.game = Some((game.kind(), stored));
                // The cards the new events brought into play, then the step.
                let new = seen.map_or(&[][..], |n| &session.history()[n..stored]);
                t.queue.extend(t.lessons.due_after(game, new));
            }
            None => {
                t.queue.clear();
                if session.game().is_none() {
                    t.on = false;
                    t.looked_up = None;
                }
            }
        }
        let front = t.queue.front();
        let title = front.map(|l| {
            let title = match &l.card {
                Some(card) => msg!("ui.teach.card", card = card.clone()),
                None if l.id.ends_with(".goal") => msg!("ui.teach.goal"),
                None => msg!("ui.teach.step"),
            };
            lang.text(&title)
        });
        app.set_lesson_title(title.unwrap_or_default().into());
        app.set_lesson(front.map(|l| lang.text(&l.msg)).unwrap_or_default().into());
        app.set_lessons_waiting(t.queue.len().saturating_sub(1) as i32);
        // The narrator says what stands on the screen, the lesson first;
        // the game's own lines wait until it is gone.
        let asked = app.get_show_what_now() && session.game().is_some();
        let key = match front {
            Some(l) => Some(l.id.clone()),
            None => asked.then(|| format!("what_now:{stored}:{}", lang.code())),
        };
        if key != t.said {
            let msgs: Vec<Msg> = match (front, session.game().filter(|_| key.is_some())) {
                (Some(l), _) => vec![l.msg.clone()],
                (None, Some(game)) => {
                    let now = game.what_now();
                    std::iter::once(now.waiting).chain(now.moves).collect()
                }
                (None, None) => Vec::new(),
            };
            let table = &mut self.booted.table.session;
            match &key {
                Some(_) => table.explain(msgs.iter().map(|m| crate::narrator::teach_line(m, lang)).collect()),
                None => table.explained(),
            }
            self.teaching.said = key;
        }
    }

    /// The explanation shown was read; `stop`: the mode ends for this game.
    pub(super) fn lesson_heard(&mut self, stop: bool) {
        self.teaching.queue.pop_front();
        if stop {
            self.teaching.on = false;
            self.teaching.queue.clear();
            self.keep_switch(None);
        }
    }
}
