//! What each game declares about itself, made ready for the screen: its
//! look ([`crate::games::Game::LOOK`]) for the picker, the top bar and every
//! emblem, and its timed windows ([`crate::games::Game::WINDOWS`]) for
//! Settings. Read from the registry: no page names a game.

use crate::games::{timed_windows, GameKind, Lang, Rgb, TimedWindow};
use crate::table::TimerConfig;
use crate::{GameItem, GameLook, TimerSetting};
use std::cell::OnceCell;
use tavola_words::msg;

fn colour(rgb: Rgb) -> slint::Color {
    let [_, r, g, b] = rgb.to_be_bytes();
    slint::Color::from_rgb_u8(r, g, b)
}

thread_local! {
    /// Each game's look once made: its emblem is parsed once, and the same
    /// image every refresh leaves the screen's models as they were.
    static LOOKS: OnceCell<Vec<GameLook>> = const { OnceCell::new() };
}

/// The look of `kind`, as the screen draws it.
pub(crate) fn look(kind: GameKind) -> GameLook {
    LOOKS.with(|looks| {
        let looks = looks.get_or_init(|| GameKind::ALL.into_iter().map(made).collect());
        let at = GameKind::ALL.iter().position(|&g| g == kind).unwrap_or_default();
        looks[at].clone()
    })
}

fn made(kind: GameKind) -> GameLook {
    let declared = kind.look();
    // A game without an emblem yet (not playable) shows none.
    let emblem = slint::Image::load_from_svg_data(declared.emblem).unwrap_or_default();
    GameLook {
        title: kind.title().into(),
        short_title: declared.short_title.into(),
        colour: colour(declared.colour),
        ground: colour(declared.ground),
        emblem,
    }
}

/// The picker's list: every game of the registry, in its order.
pub(crate) fn games() -> Vec<GameItem> {
    GameKind::ALL
        .into_iter()
        .map(|g| GameItem { id: g.id().into(), playable: g.is_playable(), look: look(g) })
        .collect()
}

/// Settings' timers: every window a game times, named with its game's
/// short title, at the length `config` gives it.
pub(crate) fn timer_settings(config: &TimerConfig, lang: Lang) -> Vec<TimerSetting> {
    timed_windows()
        .map(|(game, w)| {
            let label = msg!("ui.timer.setting", what = w.setting_words(), game = game.look().short_title);
            TimerSetting { label: lang.text(&label).into(), seconds: config.seconds(w) as i32, most: w.max_s as i32 }
        })
        .collect()
}

/// The window at `index` of Settings' timers.
pub(crate) fn timer_at(index: i32) -> Option<&'static TimedWindow> {
    timed_windows().nth(usize::try_from(index).ok()?).map(|(_, w)| w)
}
