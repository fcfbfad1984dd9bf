//! What each game declares about itself reaches the screen, for every game
//! of the registry, through Slint's testing backend: its look (colour,
//! ground, emblem, title) on the picker and in the top bar, and its timed
//! windows in Settings, in both languages, each setting the table's timer.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use tavola_core::table::{Input, Touch};
use tavola_games::{timed_windows, GameKind, Lang};
use tavola_screens::{App, GameLook, Page, Ui};
use tavola_words::msg;

use crate::common;
use common::{click, open_table};

fn colour(rgb: u32) -> slint::Color {
    let [_, r, g, b] = rgb.to_be_bytes();
    slint::Color::from_rgb_u8(r, g, b)
}

/// `look` is `kind`'s, as its engine declares it.
fn is_declared(look: &GameLook, kind: GameKind) {
    let declared = kind.look();
    assert_eq!(look.title, kind.title(), "{kind:?}");
    assert_eq!(look.short_title, declared.short_title, "{kind:?}");
    assert_eq!(look.colour, colour(declared.colour), "{kind:?}'s colour");
    assert_eq!(look.ground, colour(declared.ground), "{kind:?}'s ground");
    let size = look.emblem.size();
    assert!(kind.is_playable() == (size.width > 0 && size.height > 0), "{kind:?}'s emblem: {size:?}");
}

/// The images on the screen named `label`.
fn images(ui: &Ui, label: &str) -> usize {
    ElementHandle::find_by_accessible_label(&ui.window, label)
        .filter(|e| e.accessible_role() == Some(AccessibleRole::Image))
        .count()
}

#[test]
fn every_games_look_reaches_the_picker_and_the_top_bar() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    let games = app.get_games();
    assert_eq!(games.row_count(), GameKind::ALL.len(), "the picker lists every game of the registry");
    for (i, kind) in GameKind::ALL.into_iter().enumerate() {
        let row = games.row_data(i).unwrap();
        assert_eq!(row.id, kind.id());
        is_declared(&row.look, kind);
        assert_eq!(images(&ui, &format!("Emblem of {}", kind.title())), 1, "{kind:?}'s emblem on its tile");
    }
    let emblems: Vec<_> = (0..games.row_count()).map(|i| games.row_data(i).unwrap().look.emblem).collect();
    for (i, e) in emblems.iter().enumerate() {
        assert!(emblems[i + 1..].iter().all(|other| other != e), "two games share an emblem");
    }
    let mut now = 0;
    for kind in GameKind::ALL.into_iter().filter(|g| g.is_playable()) {
        click(&ui, kind.title());
        now += 20;
        ui.step(now);
        assert_ne!(app.get_page(), Page::Picker, "{kind:?} is taken up");
        is_declared(&app.get_game_look(), kind);
        assert_eq!(images(&ui, &format!("Emblem of {}", kind.title())), 1, "{kind:?}'s emblem in the top bar");
        ui.controller.borrow_mut().input(Input::Touch(Touch::Leave { confirm: true }));
        now += 20;
        ui.step(now);
        assert_eq!(app.get_page(), Page::Picker, "{kind:?} left");
    }
}

/// Settings' row of each window a game times, in `lang`.
fn rows(ui: &Ui) -> Vec<(String, i32, i32)> {
    let timers = ui.window.global::<App<'_>>().get_timers();
    timers.iter().map(|t| (t.label.to_string(), t.seconds, t.most)).collect()
}

#[test]
fn every_timed_window_is_in_settings_with_its_words_and_sets_the_table() {
    let ui = open_table();
    click(&ui, "Settings");
    ui.step(20);
    let declared: Vec<_> = timed_windows().collect();
    assert!(declared.len() >= 4, "Avalon's three and Nottingham's ambush at least");
    for lang in [Lang::En, Lang::It] {
        ui.window.global::<App<'_>>().invoke_set_lang(lang.code().into());
        ui.step(40);
        let shown = rows(&ui);
        assert_eq!(shown.len(), declared.len(), "{lang:?}: one row a window");
        for ((game, w), (label, seconds, most)) in declared.iter().zip(&shown) {
            let words = msg!("ui.timer.setting", what = w.setting_words(), game = game.look().short_title);
            assert_eq!(*label, lang.text(&words), "{lang:?}");
            assert!(label.contains(game.look().short_title) && !label.contains("ui.timer"), "{label}");
            assert_eq!((*seconds, *most), (w.default_s as i32, w.max_s as i32), "{label}");
            let spin = ElementHandle::find_by_accessible_label(&ui.window, label)
                .filter(|e| e.accessible_role() == Some(AccessibleRole::Spinbox))
                .count();
            assert_eq!(spin, 1, "{label}: its row on the page");
        }
    }
    assert!(rows(&ui).iter().any(|(l, ..)| l == "Tempo per le imboscate (Nottingham)"), "{:?}", rows(&ui));
    ui.window.global::<App<'_>>().invoke_set_lang("en".into());
    ui.step(60);
    // Each window's buttons set that window's timer at the table, and only it.
    for (i, (_, w)) in declared.iter().enumerate() {
        let label = rows(&ui)[i].0.clone();
        click(&ui, &format!("More: {label}"));
        ui.step(80 + 20 * i as u64);
        let timers = ui.controller.borrow().view().timers;
        assert_eq!(timers.seconds(w), (w.default_s + 15).min(w.max_s), "{label}");
        assert_eq!(rows(&ui)[i].1, timers.seconds(w) as i32, "{label}: the row shows it");
        for (_, other) in declared.iter().filter(|(_, o)| o != w) {
            let expected = if declared.iter().position(|(_, o)| o == other).unwrap() < i {
                (other.default_s + 15).min(other.max_s)
            } else {
                other.default_s
            };
            assert_eq!(timers.seconds(other), expected, "{label} changed {}", other.name);
        }
    }
}
