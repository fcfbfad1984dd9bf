//! The one interface between the window and every game: each engine in the
//! list of games (`games!`) has its screens, a module of this folder
//! implementing [`GameScreens`], and everything the controller does for the
//! game on the table (its page, its refresh, a button of its action grid, a
//! seat's tile, the simulated reader's cards) is generated from that list
//! below. A game added to the list is refused by the compiler until its
//! screens exist; nothing here names a game.
//!
//! A game's screens are a function of their own state
//! ([`GameScreens::Screen`]) and of what the table may see of the game, a
//! [`Sight`] the session builds: the public view, the legal moves, the
//! card facts, the names, the end, and a private look for the one seat the
//! rules let look. They never hold the controller or the engine. They
//! return what the pages show as plain data ([`GameScreens::Shows`]: rows,
//! buttons, words), which a thin binding ([`GameScreens::bind`]) copies
//! into the game's Slint global, and they answer a touch with what to ask
//! of the table ([`Ask`]: a typed command, leaving, a private look), which
//! the controller sends.
//!
//! A button never carries words to be parsed: the screen keeps the typed
//! [`Press`] of every button it showed at its last refresh, and the button
//! sends back its index in that list ([`Shown`]).

use super::Controller;
use crate::catalog::Catalog;
use crate::games::{AnyCommand, AnyView, FactBook, GameKind, Registered, Seat, SetupAnswers};
pub(super) use crate::table::Sight;
use crate::table::{TableView, Touch};
use crate::{ActionItem, AppWindow, Page};
use std::rc::Rc;

/// What a button of a game's action grid does.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Press<C, S> {
    /// Sends this command: one the engine lists now ([`crate::games::Game::legal`]),
    /// with the values of an open one filled in.
    Play(C),
    /// A step of the screen's own: a list opened, a choice half made.
    Step(S),
}

/// A button as a game's screen builds it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Button<C, S> {
    /// What it does.
    pub press: Press<C, S>,
    /// Its words.
    pub label: String,
    /// 0 plain, 1 the likely choice, 2 costs the player something.
    pub tone: i32,
    /// A choice already made in a choice of several steps.
    pub checked: bool,
}

/// A button that sends `command`.
pub(super) fn play<C, S>(command: C, label: impl Into<String>, tone: i32) -> Button<C, S> {
    Button { press: Press::Play(command), label: label.into(), tone, checked: false }
}

/// A button that takes a step of the screen's own.
pub(super) fn step<C, S>(step: S, label: impl Into<String>, tone: i32) -> Button<C, S> {
    Button { press: Press::Step(step), label: label.into(), tone, checked: false }
}

/// The buttons a game's screen showed at its last refresh: a touch sends
/// back an index into this list.
#[derive(Debug)]
pub(super) struct Shown<C, S>(Vec<Press<C, S>>);

impl<C, S> Default for Shown<C, S> {
    fn default() -> Self {
        Shown(Vec::new())
    }
}

impl<C: Clone, S: Clone> Shown<C, S> {
    /// Keeps the buttons' presses and gives the grid's rows.
    pub fn show(&mut self, buttons: Vec<Button<C, S>>) -> Vec<ActionItem> {
        self.0.clear();
        buttons
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                let step = matches!(b.press, Press::Step(_));
                self.0.push(b.press);
                ActionItem { index: i as i32, step, label: b.label.into(), tone: b.tone, checked: b.checked }
            })
            .collect()
    }

    /// What the button at `index` does (`None`: no such button now).
    pub fn pressed(&self, index: i32) -> Option<Press<C, S>> {
        usize::try_from(index).ok().and_then(|i| self.0.get(i)).cloned()
    }
}

/// What a seat plays as, for the history's chart of wins by part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Parts {
    /// A character (Avalon).
    Characters,
    /// A knight.
    Knights,
    /// A colour.
    Colours,
}

impl Parts {
    /// The value of the `chart-parts-kind` property.
    pub fn code(self) -> i32 {
        match self {
            Parts::Characters => 0,
            Parts::Knights => 1,
            Parts::Colours => 2,
        }
    }
}

/// How a callback reaches the controller: runs a change, then refreshes.
pub(super) type With = Rc<dyn Fn(&dyn Fn(&mut Controller))>;

/// What a game's screens ask of the table in answer to a touch.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Ask<C> {
    /// This command of the game, sent to its engine.
    Play(C),
    /// The game left, back to the games.
    Leave,
    /// Another game with the same players and setup.
    PlayAgain,
    /// The player the private reveal is for touched the covered panel.
    Peek,
    /// The reveal under way shown whole at once.
    SkipReveal,
    /// The die rolled: the simulated table's roll button pressed where
    /// there is one (the hardware's path), else this command.
    Roll(C),
    /// Back to the game's setup page with these answers (the players
    /// seated anew).
    Reseat(SetupAnswers),
}

/// What a game's own callbacks (its pages' controls beyond the action
/// grid) run: a change of the screen's state, seeing the table, and what
/// it asks of the table. The screen is brought up to date after it.
pub(super) type Hook<G> = Rc<dyn Fn(&Change<'_, G>)>;

/// A change of `G`'s screens' state, seeing the table, answering what to
/// ask of it.
pub(super) type Change<'f, G> =
    dyn Fn(&mut <G as GameScreens>::Screen, &Sight<'_, G>) -> Option<Ask<<G as crate::games::Game>::Command>> + 'f;

/// A game's screens. Implemented once per engine, in the game's own module.
pub(super) trait GameScreens: Registered + crate::table::sight::Public {
    /// The screens' own state: a choice half made, the buttons shown.
    type Screen: Default + std::fmt::Debug;

    /// What the game's pages show, as plain data: built by
    /// [`GameScreens::show`], copied into the window by
    /// [`GameScreens::bind`].
    type Shows: std::fmt::Debug;

    /// The page that shows `view`.
    fn page(view: &Self::View) -> Page;

    /// The page on which the narrated line is shown big, not on the line
    /// under the page.
    fn narrated_page() -> Option<Page> {
        None
    }

    /// The seat whose private look the screen's state asks for now (the
    /// covered panel touched, the dealt cards shown to their player): the
    /// sight holds it if the rules allow that seat to look.
    fn looking(screen: &Self::Screen, view: &Self::View) -> Option<Seat> {
        let _ = (screen, view);
        None
    }

    /// What the game's pages show now, the screen's state brought in line
    /// with what the table shows first (a list closed whose command went).
    fn show(screen: &mut Self::Screen, sight: &Sight<'_, Self>) -> Self::Shows;

    /// Copies what [`GameScreens::show`] built into the game's global: a
    /// copy and nothing else (a model's rows set only where they changed).
    fn bind(shows: Self::Shows, window: &AppWindow);

    /// The button at `index` of the last refresh was touched.
    fn act(screen: &mut Self::Screen, sight: &Sight<'_, Self>, index: i32) -> Option<Ask<Self::Command>> {
        let _ = (screen, sight, index);
        None
    }

    /// A seat's tile was touched.
    fn seat(screen: &mut Self::Screen, sight: &Sight<'_, Self>, seat: Seat) -> Option<Ask<Self::Command>> {
        let _ = (screen, sight, seat);
        None
    }

    /// Connects the game's own callbacks (its pages' controls beyond the
    /// action grid) through `hook`.
    fn wire(window: &AppWindow, hook: &Hook<Self>) {
        let _ = (window, hook);
    }

    /// The cards of this game the simulated reader offers, from the catalog:
    /// those the game reads on the reader.
    fn picker_cards(catalog: &Catalog) -> Vec<String>;

    /// What a seat plays as, as the history's chart of wins by part names it.
    const PARTS: Parts;

    /// The game's title short enough for a button (the full one by default).
    fn short_title() -> &'static str {
        Self::KIND.title()
    }

    /// The colour a setup choice is drawn in (a pawn's colour, by its
    /// code), if it is one.
    fn tint(code: &str) -> Option<slint::Color> {
        let _ = code;
        None
    }

    /// Fills in what the setup can know before the players touch it (the
    /// owner's numbers kept from an earlier game, `kept`), once.
    fn prefill(kept: &FactBook, answers: &mut SetupAnswers) {
        let _ = (kept, answers);
    }

    /// The setup is about to be sent: the screens make ready for the game
    /// (a choice of the last game forgotten, the deal shown).
    fn starting(screen: &mut Self::Screen) {
        let _ = screen;
    }
}

/// A game's screens' state among every game's ([`Screens`]).
pub(super) trait Held: GameScreens {
    /// This game's screens' state.
    fn held(screens: &mut Screens) -> &mut Self::Screen;
}

/// Sends a command of `G` to the table.
pub(super) fn send<G: Registered>(c: &mut Controller, command: G::Command) {
    c.input(crate::table::Input::Touch(touch_of(G::wrap_command(command))));
}

/// Generates, from the list of games, the screens' states and every
/// dispatch on the game on the table.
macro_rules! bind {
    (
        playable { $( $Kind:ident($Engine:ty) = $id:literal, $title:literal, [$($alias:literal),*]; )* }
        coming { $( $Coming:ident = $cid:literal, $ctitle:literal, [$($calias:literal),*]; )* }
    ) => {
        /// Every game's screen state, a field per game of the list.
        #[allow(non_snake_case)]
        #[derive(Debug, Default)]
        pub(super) struct Screens {
            $(
                #[doc = concat!("The screens of ", $title, ".")]
                pub $Kind: <$Engine as GameScreens>::Screen,
            )*
        }

        $(
            impl Held for $Engine {
                fn held(screens: &mut Screens) -> &mut Self::Screen {
                    &mut screens.$Kind
                }
            }
        )*

        /// The touch that carries a command to its game.
        pub(super) fn touch_of(command: AnyCommand) -> Touch {
            match command {
                $(AnyCommand::$Kind(c) => Touch::$Kind(c),)*
            }
        }

        /// The page of the game on the table.
        pub(super) fn page_of(view: &AnyView) -> Page {
            match view {
                $(AnyView::$Kind(v) => <$Engine as GameScreens>::page(v),)*
            }
        }

        /// The page of a game that shows the narrated line big.
        pub(super) fn narrated_page(kind: GameKind) -> Option<Page> {
            match kind {
                $(GameKind::$Kind => <$Engine as GameScreens>::narrated_page(),)*
                $(GameKind::$Coming => None,)*
            }
        }

        /// Brings the pages of the game on the table up to date.
        pub(super) fn refresh(kind: GameKind, c: &mut Controller, window: &AppWindow, view: &TableView) {
            match kind {
                $(GameKind::$Kind => c.show_game::<$Engine>(window, view),)*
                $(GameKind::$Coming => {})*
            }
        }

        /// A button of the action grid of the game on the table.
        pub(super) fn act(kind: GameKind, c: &mut Controller, index: i32) {
            match kind {
                $(GameKind::$Kind => {
                    c.ask_game::<$Engine>(&|screen, sight| <$Engine as GameScreens>::act(screen, sight, index))
                })*
                $(GameKind::$Coming => {})*
            }
        }

        /// A seat's tile of the game on the table.
        pub(super) fn seat(kind: GameKind, c: &mut Controller, seat: Seat) {
            match kind {
                $(GameKind::$Kind => {
                    c.ask_game::<$Engine>(&|screen, sight| <$Engine as GameScreens>::seat(screen, sight, seat))
                })*
                $(GameKind::$Coming => {})*
            }
        }

        /// Connects every game's own callbacks.
        pub(super) fn wire(window: &AppWindow, with: &With) {
            $(<$Engine as GameScreens>::wire(window, &hook::<$Engine>(with));)*
        }

        /// Copies the setup of the game on the table into its page.
        pub(super) fn setup_refresh(kind: GameKind, c: &mut Controller, window: &AppWindow, view: &TableView) {
            match kind {
                $(GameKind::$Kind => super::setup::refresh::<$Engine>(c, window, view),)*
                $(GameKind::$Coming => {})*
            }
        }

        /// A change of the setup page of the game on the table.
        pub(super) fn setup_change(kind: GameKind, c: &mut Controller, change: &super::setup::Change) {
            match kind {
                $(GameKind::$Kind => super::setup::change::<$Engine>(c, change),)*
                $(GameKind::$Coming => {})*
            }
        }

        /// Starts the game on the table with its setup as chosen.
        pub(super) fn setup_start(kind: GameKind, c: &mut Controller) {
            match kind {
                $(GameKind::$Kind => super::setup::start::<$Engine>(c),)*
                $(GameKind::$Coming => {})*
            }
        }

        /// What a seat of `kind` plays as (colours for a game not playable yet).
        pub(super) fn parts(kind: GameKind) -> Parts {
            match kind {
                $(GameKind::$Kind => <$Engine as GameScreens>::PARTS,)*
                $(GameKind::$Coming => Parts::Colours,)*
            }
        }

        /// A game's title short enough for a button.
        pub(super) fn short_title(kind: GameKind) -> &'static str {
            match kind {
                $(GameKind::$Kind => <$Engine as GameScreens>::short_title(),)*
                $(GameKind::$Coming => $ctitle,)*
            }
        }

        /// The cards of `kind` the simulated reader offers.
        pub(super) fn game_cards(kind: GameKind, catalog: &Catalog) -> Vec<String> {
            match kind {
                $(GameKind::$Kind => <$Engine as GameScreens>::picker_cards(catalog),)*
                $(GameKind::$Coming => Vec::new(),)*
            }
        }
    };
}

crate::games::games!(bind);

/// The hook through which `G`'s own callbacks reach its screens (see
/// [`Hook`]).
fn hook<G: Held>(with: &With) -> Hook<G> {
    let with = with.clone();
    Rc::new(move |f| with(&|c| c.ask_game::<G>(f)))
}

/// The cards the simulated reader offers with `game` on the table: the
/// game's own (a card of each game before one is chosen), then one
/// card of another game and a blank tag, to try what the reader does with
/// them. Each is `(label, card id)`; the blank tag has no id.
pub(super) fn picker_cards(game: Option<GameKind>) -> Vec<(String, Option<String>)> {
    let catalog = Catalog::builtin();
    let card = |id: String| (id.clone(), Some(id));
    let Some(game) = game else {
        // Before a game is chosen, a card of each.
        let mut cards: Vec<_> =
            GameKind::ALL.into_iter().filter_map(|g| game_cards(g, catalog).into_iter().next()).map(card).collect();
        cards.push(("blank".into(), None));
        return cards;
    };
    let mut cards: Vec<_> = game_cards(game, catalog).into_iter().map(card).collect();
    // The first card of the next game in the list that has cards.
    let at = GameKind::ALL.iter().position(|&g| g == game).unwrap_or(0);
    let foreign = (1..GameKind::ALL.len())
        .map(|d| GameKind::ALL[(at + d) % GameKind::ALL.len()])
        .find_map(|g| catalog.by_game(g).first().map(|c| c.id.clone()));
    cards.extend(foreign.map(card));
    cards.push(("blank".into(), None));
    cards
}

/// The ids of the cards of `kinds` in `game`'s catalog, at most `copies`
/// copies of each card.
pub(super) fn catalog_cards(catalog: &Catalog, game: GameKind, kinds: &[&str], copies: u16) -> Vec<String> {
    catalog
        .by_game(game)
        .iter()
        .filter(|c| kinds.contains(&c.kind.as_str()) && c.copy.is_none_or(|n| n <= copies))
        .map(|c| c.id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With a game on the table, the simulated reader offers that game's
    /// cards only, besides one card of another game and a blank tag; every
    /// card it offers is in the catalog.
    #[test]
    fn the_card_picker_offers_the_cards_of_the_game_on_the_table() {
        let catalog = Catalog::builtin();
        for game in GameKind::ALL.into_iter().filter(|g| g.is_playable()) {
            let cards = picker_cards(Some(game));
            let (blank, rest) = cards.split_last().expect("cards");
            assert_eq!(blank.1, None, "{game:?}: the blank tag last");
            let (foreign, own) = rest.split_last().expect("cards");
            let foreign = foreign.1.as_deref().expect("an id");
            assert_ne!(GameKind::of_card(foreign), Some(game), "{game:?}: {foreign}");
            assert!(catalog.contains(foreign), "{foreign}");
            assert!(!own.is_empty(), "{game:?} offers none of its cards");
            for (_, id) in own {
                let id = id.as_deref().expect("an id");
                assert_eq!(GameKind::of_card(id), Some(game), "{game:?} offers {id}");
                assert!(catalog.contains(id), "{id} is not in the catalog");
            }
        }
    }
}
