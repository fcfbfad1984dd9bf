//! A game's rules page: opened from the top bar on the game's setup page and
//! on its board, it shows that game's turn, end and readings, in the
//! language of the moment, and closes again.

use i_slint_backend_testing::ElementHandle;
use slint::{ComponentHandle, Model};
use tavola_games::{GameKind, Lang};
use tavola_screens::{App, Ui};

use crate::common;
use common::{click, open_game, shown};

/// The sections the page shows: each title and its words.
fn sections(ui: &Ui) -> Vec<(String, String)> {
    let app = ui.window.global::<App<'_>>();
    app.get_rules().iter().map(|s| (s.title.to_string(), s.body.to_string())).collect()
}

fn page_text(ui: &Ui, title: &str) -> bool {
    ElementHandle::find_by_accessible_label(&ui.window, title).next().is_some()
}

#[test]
fn the_rules_page_opens_from_the_setup_and_from_the_board_with_that_games_words() {
    let ui = open_game("Nottingham");
    let app = ui.window.global::<App<'_>>();
    assert!(!app.get_show_rules());
    assert!(!shown(&ui, "Rules page"));
    click(&ui, "Rules");
    assert!(app.get_show_rules());
    assert!(shown(&ui, "Rules page"), "the page is on the screen");
    assert_eq!(app.get_rules_title(), "The rules of Nottingham");
    let got = sections(&ui);
    let want: Vec<(String, String)> =
        GameKind::Nottingham.rules_page().iter().map(|(t, b)| (Lang::En.text(t), Lang::En.text(b))).collect();
    assert_eq!(got, want);
    assert_eq!(
        got.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(),
        ["The turn", "The end", "Where the rulebook is silent"]
    );
    assert!(got[0].1.contains("Sheriff"), "{}", got[0].1);
    assert!(page_text(&ui, "The turn") && page_text(&ui, "The end"), "the sections are drawn");
    click(&ui, "Close");
    assert!(!app.get_show_rules());
    assert!(!shown(&ui, "Rules page"));

    // In Italian, another game: its own words.
    app.invoke_set_lang("it".into());
    ui.step(0);
    click(&ui, "Esci dalla partita");
    ui.step(0);
    click(&ui, "King Arthur's Knights");
    ui.step(0);
    click(&ui, "Regole");
    assert_eq!(app.get_rules_title(), "Le regole di King Arthur's Knights");
    let got = sections(&ui);
    assert_eq!(got[0].0, "Il turno");
    assert!(got[0].1.starts_with("Fase I:"), "{}", got[0].1);
    assert!(got[2].1.contains("Camelot"), "{}", got[2].1);
    click(&ui, "Chiudi");
    assert!(!app.get_show_rules());
}

#[test]
fn the_rules_page_opens_from_a_game_under_way() {
    let ui = open_game("The Resistance: Avalon");
    let setup = ui.window.global::<tavola_screens::SetupUi<'_>>();
    setup.invoke_set_players(5);
    ui.step(0);
    setup.invoke_start();
    ui.step(0);
    let app = ui.window.global::<App<'_>>();
    assert_ne!(app.get_page(), tavola_screens::Page::Setup, "the game is under way");
    assert!(app.get_game_page() || shown(&ui, "Rules"), "{:?}", app.get_page());
    click(&ui, "Rules");
    assert!(shown(&ui, "Rules page"));
    let got = sections(&ui);
    assert!(got[0].1.starts_with("The leader proposes a team"), "{}", got[0].1);
    assert!(got[1].1.contains("Assassin"), "{}", got[1].1);
    click(&ui, "Close");
    assert!(!shown(&ui, "Rules page"));
}
