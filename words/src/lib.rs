#![doc = include_str!("../README.md")]

mod compiled;
mod lang;
mod msg;
pub mod plural;
pub mod po;

pub use lang::Lang;
pub use msg::{is_id, placeholders, Arg, Msg, Said};
pub use po::{Catalog, Entry, PoError};

/// Builds a [`Msg`]: a catalog id (a string literal) and its named
/// arguments.
///
/// ```
/// use tavola_words::{msg, Lang};
///
/// let seat = 3;
/// let idle = msg!("notice.table.pad_idle", seat); // the same as `seat = seat`
/// assert_eq!(Lang::En.text(&idle), "Seat 3: there is nothing to vote on right now.");
///
/// let more = msg!("notice.table.extended", count = 30);
/// assert_eq!(Lang::It.text(&more), "Altri 30 secondi.");
///
/// let stuck = msg!("notice.table.stuck", seat = msg!("common.seat", seat = 2));
/// assert_eq!(Lang::It.text(&stuck), "Posto 2: un pulsante resta premuto. Viene ignorato finché non si rilascia.");
///
/// assert_eq!(Lang::En.text(&msg!("notice.table.no_game")), "No game in progress: pick a game.");
/// ```
///
/// A value is anything that converts [`Into<Arg>`](Arg): integers, `String`,
/// `&str`, a nested `Msg`. The tests check every `msg!` in the workspace
/// against the catalogs (the id exists, and the names passed are exactly the
/// message's `{…}` parameters, plus `count` for a plural message), so pass
/// every argument here rather than adding some with [`Msg::with`] later.
#[macro_export]
macro_rules! msg {
    (@value $name:ident) => {
        $name
    };
    (@value $name:ident $value:expr) => {
        $value
    };
    ($id:literal $(,)?) => {
        $crate::Msg::new($id)
    };
    ($id:literal, $($name:ident $(= $value:expr)?),+ $(,)?) => {
        $crate::Msg::new($id) $( .with(stringify!($name), $crate::msg!(@value $name $($value)?)) )+
    };
}
