//! Nothing that appears moves a control: the narrated line (the subtitle)
//! takes the words' place on the message line, whose place is kept, so the
//! buttons stand where they stood when a line comes and when it goes, and
//! the line covers none of them. With Slint's testing backend.

use crate::common;

use common::open_table;
use i_slint_backend_testing::{AccessibleRole, ElementHandle, ElementQuery};
use slint::ComponentHandle;
use tavola_core::table::{Input, Touch};
use tavola_games::avalon::{Command, RoleSet, Setup};
use tavola_games::{GameKind, Seat};
use tavola_screens::{App, Page, Ui};

/// Every button on the screen: its label and where it stands.
fn buttons(ui: &Ui) -> Vec<(String, [i32; 4])> {
    let mut all: Vec<(String, [i32; 4])> = ElementQuery::from_root(&ui.window)
        .match_descendants()
        .match_accessible_role(AccessibleRole::Button)
        .find_all()
        .into_iter()
        .map(|b| {
            let (p, s) = (b.absolute_position(), b.size());
            let label = b.accessible_label().unwrap_or_default().to_string();
            (label, [p.x, p.y, s.width, s.height].map(|v| v.round() as i32))
        })
        .collect();
    all.sort();
    all
}

fn touch(ui: &Ui, now: u64, t: Touch) {
    ui.controller.borrow_mut().input(Input::Touch(t));
    ui.step(now);
}

#[test]
fn the_buttons_keep_their_place_when_a_narrated_line_comes_and_goes_and_it_covers_none() {
    let ui = open_table();
    let app = ui.window.global::<App<'_>>();
    let mut now = 0;
    touch(&ui, now, Touch::ChooseGame { game: GameKind::Avalon });
    let names = ["Anna", "Bruno", "Carla", "Dario", "Elena"].map(String::from).to_vec();
    let roles = RoleSet::standard(5, &[]).expect("a legal set");
    let setup = Setup { names, roles, scan_roles: false, first_leader: Some(Seat(0)), options: Default::default() };
    touch(&ui, now, Touch::Avalon(Command::Setup(setup)));
    touch(&ui, now, Touch::Avalon(Command::EndNight));
    assert_eq!(app.get_page(), Page::AvalonRound);
    assert!(!app.get_subtitle().is_empty(), "a line is said as the day begins");
    let said = buttons(&ui);
    assert!(!said.is_empty());
    let line = ElementHandle::find_by_element_id(&ui.window, "AppWindow::subtitle-line").next().expect("the line");
    let (lp, ls) = (line.absolute_position(), line.size());
    for (label, [x, y, w, h]) in &said {
        let apart = (*y + *h) as f32 <= lp.y + 0.5
            || *y as f32 >= lp.y + ls.height - 0.5
            || (*x + *w) as f32 <= lp.x + 0.5
            || *x as f32 >= lp.x + ls.width - 0.5;
        assert!(apart, "the line covers “{label}”");
    }
    // The narration runs out.
    while !app.get_subtitle().is_empty() && now < 120_000 {
        now += 100;
        ui.step(now);
    }
    assert!(app.get_subtitle().is_empty(), "the narration ended");
    // The message's own buttons come back beside the words; none moved.
    let after = buttons(&ui);
    for button in &said {
        assert!(after.contains(button), "“{}” moved or went when the line went: {after:?}", button.0);
    }
}
