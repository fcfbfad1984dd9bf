//! What a game's screens may see of the table ([`Sight`]): the game's public
//! view and what else the table may show, built by the session from the
//! game on the table. A screen receives nothing else: the engine itself,
//! with its secret state, stays behind this module, so that "the screens
//! show only the public view" is kept by the compiler, not by care.
//!
//! A secret reaches a screen in one way only: a [`PrivateLook`], for the
//! one seat the rules let look now, asked for by the screen's own state (the
//! covered panel touched, the dealt cards handed to their player).

use super::{Session, TableView};
use crate::games::{FactBook, Game, Lang, Legal, Outcome, Private, Registered, Seat};

/// What a game's screens may see of its engine beyond the view (see
/// [`crate::games::Public`]): each engine answers it in its own folder.
pub use crate::games::Public;

/// What one player may look at, for their eyes only: the private reveal
/// the rules open now (a loyalty, a switched mission card) or the cards
/// the table dealt them. Built by the session only, for the seat asked,
/// when the engine has something for that seat; never part of the public
/// view, the events or the narration.
#[derive(Debug, Clone, PartialEq)]
pub struct PrivateLook {
    seat: Seat,
    message: crate::games::Msg,
    shows: serde_json::Value,
}

impl PrivateLook {
    fn of(private: Private) -> Self {
        PrivateLook { seat: private.seat, message: private.message, shows: private.shows }
    }

    /// Who may look.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The panel's words.
    pub fn message(&self) -> &crate::games::Msg {
        &self.message
    }

    /// What is shown, as data.
    pub fn shows(&self) -> &serde_json::Value {
        &self.shows
    }
}

/// What the screens of a game `G` may see of the table: the only thing a
/// game's screen receives.
#[derive(Debug)]
pub struct Sight<'a, G: Public> {
    /// The language of the table: the words the screens say.
    pub lang: Lang,
    /// The game's public view.
    pub view: &'a G::View,
    /// The table's public view around it (the narration, the timer, the
    /// reveal under way, the seats' lights).
    pub table: &'a TableView,
    /// What the rules accept now, as the table may be shown it: the
    /// engines' `legal` reads only what the view tells (a command whose
    /// acceptance hangs on a secret, the Assassin's target, is listed as
    /// [`Legal::Secret`], for every seat alike), so no button built from
    /// it can tell a secret. Its contract, [`Game::legal`], is held by the
    /// engines' property tests.
    pub legal: Vec<Legal<G::Command, G::Choice>>,
    /// Which seats have a name typed at setup (a seat without one is
    /// "Seat 3" on the screen).
    named: Vec<bool>,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// The card facts in force: the game's own once it is set up, else
    /// those kept from the last game (the owner's printed numbers, public).
    pub facts: FactBook,
    /// The one private look the screen asked for, when the rules allow it
    /// for that seat now.
    pub private: Option<PrivateLook>,
    /// What the game was set up with, as far as its screens need it.
    pub public: G::Public<'a>,
}

impl<G: Public> Sight<'_, G> {
    /// What the screen calls a seat: `shown`, the name the view gives it,
    /// when the player was named at setup, else "Seat 2" in the table's
    /// language (a view names an unnamed seat by its number).
    pub fn seat_label(&self, seat: Seat, shown: &str) -> String {
        if self.named.get(seat.index()).copied().unwrap_or(false) {
            shown.to_string()
        } else {
            self.lang.text(&tavola_words::msg!("common.seat", seat = seat.number()))
        }
    }
}

#[cfg(feature = "testkit")]
impl<'a, G: Public> Sight<'a, G> {
    /// A sight of `game` (its view `view`) as the session builds it, for
    /// the screens' tests (a screen holds no engine to call it with): `table` is a table's view in the language the
    /// screens speak ([`empty_table`]; its game is not read),
    /// `looking` the seat whose private look is asked for.
    pub fn of_engine(game: &'a G, view: &'a G::View, table: &'a TableView, looking: Option<Seat>) -> Self {
        build(game, view, table, table.lang, &FactBook::default(), looking)
    }
}

/// The view of a table with no game, in `lang`: what a game's sight is
/// built around in the screens' tests.
#[cfg(feature = "testkit")]
pub fn empty_table(lang: Lang) -> TableView {
    Session::new(lang, Default::default(), crate::games::GameRng::seeded(0)).view()
}

/// The sight of `game` (its view `view`, the table's `table`).
fn build<'a, G: Public>(
    game: &'a G,
    view: &'a G::View,
    table: &'a TableView,
    lang: Lang,
    kept: &FactBook,
    looking: Option<Seat>,
) -> Sight<'a, G> {
    let named = (0..game.players()).map(|i| game.player_name(Seat(i as u8)).is_some()).collect();
    Sight {
        lang,
        view,
        table,
        legal: game.legal(),
        named,
        outcome: game.outcome(),
        facts: game.card_facts().unwrap_or_else(|| kept.clone()),
        private: looking.and_then(|seat| look(game, seat)),
        public: game.public(),
    }
}

/// What `seat` may look at now: the private reveal open for that seat, else
/// the cards dealt to it.
fn look<G: Game>(game: &G, seat: Seat) -> Option<PrivateLook> {
    game.private().filter(|p| p.seat == seat).or_else(|| game.dealt(seat)).map(PrivateLook::of)
}

impl Session {
    /// What the screens of `G` may see, from `table` (this session's view):
    /// `None` when the game on the table is not a `G`. `looking` is the seat
    /// whose private look the screen asks for.
    pub fn sight<'a, G: Registered + Public>(
        &'a self,
        table: &'a TableView,
        looking: Option<Seat>,
    ) -> Option<Sight<'a, G>> {
        let game = self.engine::<G>()?;
        let view = table.game::<G>()?;
        Some(build(game, view, table, table.lang, self.facts(), looking))
    }
}
