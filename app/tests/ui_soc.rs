//! Shadows over Camelot through the widgets, with Slint's testing backend:
//! the setup page, the turn's buttons, a black card picked on screen and
//! one laid on the simulated reader, a siege fight on the simulated dice
//! button, and twelve siege engines ending the game on the end page.

use i_slint_backend_testing::{AccessibleRole, ElementHandle};
use slint::{ComponentHandle, Model};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, Page, SetupUi, SocUi, TableSim, Ui};

/// Taps the button (or toggle) with `label`; a quest tile may bear the same
/// name as a place to travel to.
fn click(ui: &Ui, label: &str) {
    let found: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(&ui.window, label)
        .filter(|e| matches!(e.accessible_role(), Some(AccessibleRole::Button | AccessibleRole::Checkbox)))
        .collect();
    let page = ui.window.global::<App<'_>>().get_page();
    let buttons: Vec<String> =
        ui.window.global::<SocUi<'_>>().get_actions().iter().map(|a| a.label.to_string()).collect();
    assert!(!found.is_empty(), "no “{label}” on the page {page:?} (buttons {buttons:?}; {})", message(ui));
    found[0].invoke_accessible_default_action();
}

fn message(ui: &Ui) -> String {
    ui.window.global::<App<'_>>().get_message().to_string()
}

fn open(lang: &str) -> Ui {
    open_with(lang, BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })
}

fn open_with(lang: &str, opts: BootOptions) -> Ui {
    i_slint_backend_testing::init_no_event_loop();
    let ui = init(boot(&opts)).unwrap();
    ui.step(0);
    ui.window.global::<App<'_>>().invoke_set_lang(lang.into());
    ui.step(0);
    click(&ui, "Shadows over Camelot");
    ui
}

fn knight_names(ui: &Ui) -> Vec<String> {
    ui.window.global::<SocUi<'_>>().get_knights().iter().map(|k| k.name.to_string()).collect()
}

/// The knight whose turn it is.
fn turn(ui: &Ui) -> String {
    let knights = ui.window.global::<SocUi<'_>>().get_knights();
    knights.iter().find(|k| k.turn).map(|k| k.name.to_string()).unwrap_or_default()
}

#[test]
fn a_table_without_arthur_names_the_youngest_then_plays_turns_on_the_board() {
    let ui = open("en");
    let app = ui.window.global::<App<'_>>();
    let soc = ui.window.global::<SocUi<'_>>();
    let setup = ui.window.global::<SetupUi<'_>>();
    assert_eq!(app.get_page(), Page::Setup);
    assert_eq!(setup.get_seats().row_count(), 5, "five knights to begin with");
    click(&ui, "Fewer players");
    click(&ui, "Fewer players");
    let shields: Vec<String> = setup.get_seats().iter().map(|s| s.pick.to_string()).collect();
    assert_eq!(shields, ["King Arthur", "Galahad", "Gawain"]);
    assert_eq!(setup.get_question(), "", "King Arthur starts");
    // Seat 1 trades Arthur's shield for the next one nobody holds.
    click(&ui, "Knight of seat 1");
    assert_eq!(setup.get_seats().row_data(0).unwrap().pick, "Kay");
    assert!(setup.get_question().contains("youngest"), "without Arthur the youngest starts");
    assert!(setup.get_problem().contains("youngest"), "{}", setup.get_problem());
    for (i, name) in ["Anna", "Bruno", "Carla"].iter().enumerate() {
        let field = ElementHandle::find_by_accessible_label(&ui.window, &format!("Seat {}", i + 1))
            .find(|e| e.accessible_role() == Some(AccessibleRole::TextInput))
            .expect("a name field");
        field.set_accessible_value(*name);
    }
    click(&ui, "Seat 2 is the youngest");
    assert_eq!(setup.get_problem(), "");
    click(&ui, "No traitor");
    click(&ui, "Begin the quest");
    assert_eq!(app.get_page(), Page::SocBoard, "{}", message(&ui));
    assert_eq!(knight_names(&ui), ["Anna", "Bruno", "Carla"]);
    assert_eq!(turn(&ui), "Bruno", "the youngest starts");
    assert!(soc.get_prompt().contains("Progression of Evil"), "{}", soc.get_prompt());

    // Bruno: a siege engine, then white cards at Camelot, then the turn ends.
    click(&ui, "Add a siege engine");
    assert_eq!(soc.get_siege(), 1);
    let hand = |i: usize| soc.get_knights().row_data(i).unwrap().hand;
    let before = hand(1);
    click(&ui, "Draw white cards");
    assert!(hand(1) > before, "the cards drawn are counted");
    assert!(ElementHandle::find_by_accessible_label(&ui.window, "Draw white cards").next().is_none(), "one action");
    click(&ui, "End the turn");
    assert_eq!(turn(&ui), "Carla", "clockwise");

    // Carla picks the black card she drew on screen: a Saxon joins the war.
    click(&ui, "Draw a black card");
    assert!(soc.get_big_menu(), "the black cards fill the page");
    click(&ui, "Saxons");
    let saxons = soc.get_quests().iter().find(|q| q.name == "Saxons").unwrap();
    assert!(saxons.state.contains("figures 1 of 4"), "{}", saxons.state);
    assert!(!soc.get_big_menu());
    click(&ui, "Travel");
    click(&ui, "Grail");
    assert_eq!(soc.get_knights().row_data(2).unwrap().place, "Grail");
    click(&ui, "End the turn");

    // Anna lays a Black Knight card on the reader and keeps it face down.
    assert_eq!(turn(&ui), "Anna");
    let sim = ui.window.global::<TableSim<'_>>();
    let index = sim.get_cards().iter().position(|c| c.id == "soc/black/black-knight-5-1").expect("on the picker");
    sim.invoke_tap_card(index as i32);
    for t in 1..4 {
        ui.step(t * 60);
    }
    assert!(soc.get_prompt().contains("face down"), "{}", soc.get_prompt());
    click(&ui, "Face down");
    let knight = soc.get_quests().iter().find(|q| q.name == "Black Knight").unwrap();
    assert!(knight.state.contains("Evil ? (1/"), "its value stays hidden: {}", knight.state);
    assert!(!knight.state.contains("Evil 5"), "{}", knight.state);
    sim.invoke_lift_card();

    // A siege fight: Anna plays a 5 and a 3 and the simulated dice button rolls.
    click(&ui, "Fight a siege engine");
    click(&ui, "+ 5");
    click(&ui, "+ 3");
    assert!(soc.get_prompt().contains("5 + 3 = 8"), "{}", soc.get_prompt());
    click(&ui, "Fight");
    assert!(soc.get_prompt().contains("press the dice button"), "{}", soc.get_prompt());
    let (siege, life) = (soc.get_siege(), soc.get_knights().row_data(0).unwrap().life);
    click(&ui, "Roll on screen");
    for t in 4..8 {
        ui.step(t * 60);
    }
    // Anna is Kay: once the die shows, he may add a card, but only when it
    // could change the result: 8 against a d8 is won on anything under 8,
    // and only an 8 leaves his card something to do.
    let asked = soc.get_prompt().contains("(Kay) may add");
    if asked {
        click(&ui, "Kay passes");
    }
    let (siege_after, life_after) = (soc.get_siege(), soc.get_knights().row_data(0).unwrap().life);
    if asked {
        assert_eq!((siege_after, life_after), (siege, life - 1), "an 8: Kay passed, a life lost");
    } else {
        assert_eq!((siege_after, life_after), (siege - 1, life), "under 8: won, Kay not asked");
    }
    assert!(soc.get_actions().iter().any(|a| a.label == "End the turn"), "{}", message(&ui));
}

#[test]
fn twelve_siege_engines_end_the_game_on_the_end_page_in_italian() {
    let dir = std::env::temp_dir().join(format!("tavola-ui-soc-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ui = open_with("it", BootOptions { simulate: true, db: Some(dir.join("t.db")), ..BootOptions::default() });
    let app = ui.window.global::<App<'_>>();
    let soc = ui.window.global::<SocUi<'_>>();
    click(&ui, "Meno giocatori");
    click(&ui, "Meno giocatori");
    click(&ui, "Nessun traditore");
    click(&ui, "Inizia la cerca");
    assert_eq!(app.get_page(), Page::SocBoard, "{}", message(&ui));
    let places = ["Graal", "Camelot"];
    for round in 0..12 {
        assert_eq!(soc.get_siege(), round);
        click(&ui, "Aggiungi una macchina d'assedio");
        if app.get_page() != Page::SocBoard {
            break;
        }
        click(&ui, "Viaggia");
        // Each knight goes to the Grail, then back to Camelot.
        click(&ui, places[(round as usize / 3) % 2]);
        click(&ui, "Fine del turno");
    }
    assert_eq!(app.get_page(), Page::SocEnd);
    assert_eq!(soc.get_result_title(), "Camelot è caduta");
    assert_eq!(soc.get_result_reason(), "Le Macchine d'Assedio circondano Camelot.");
    assert!(!soc.get_loyal_won());
    click(&ui, "Torna ai giochi");
    assert_eq!(app.get_page(), Page::Picker);
    // The journal kept it: the history says how it ended.
    click(&ui, "Storico");
    let row = app.get_history().row_data(0).expect("the game in the history");
    assert_eq!(row.game, "Shadows over Camelot");
    assert_eq!(row.result, "Camelot è caduta · Le Macchine d'Assedio circondano Camelot");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn merlin_cards_cancel_a_special_black_card_and_the_host_confirms_an_accused_traitor() {
    let ui = open("en");
    let soc = ui.window.global::<SocUi<'_>>();
    click(&ui, "Fewer players");
    click(&ui, "Fewer players");
    for (i, name) in ["Anna", "Bruno", "Carla"].iter().enumerate() {
        ui.window.global::<SetupUi<'_>>().invoke_set_name(i as i32, (*name).into());
    }
    click(&ui, "Begin the quest");
    assert_eq!(turn(&ui), "Anna", "King Arthur starts");

    // Morgan is drawn: three Merlin cards, two of them Bruno's, cancel it.
    click(&ui, "Draw a black card");
    click(&ui, "Morgan");
    assert!(soc.get_prompt().contains("three Merlin cards can cancel it now"), "{}", soc.get_prompt());
    assert!(soc.get_actions().iter().all(|a| a.label != "Cancel the card"), "not before three are given");
    let hands: Vec<i32> = soc.get_knights().iter().map(|k| k.hand).collect();
    click(&ui, "Anna");
    click(&ui, "Bruno");
    click(&ui, "Bruno ×1");
    assert!(soc.get_prompt().contains("(3 of 3)"), "{}", soc.get_prompt());
    click(&ui, "Cancel the card");
    let after: Vec<i32> = soc.get_knights().iter().map(|k| k.hand).collect();
    assert_eq!(after, [hands[0] - 1, hands[1] - 2, hands[2]], "each Merlin card leaves its giver's hand");
    assert!(soc.get_lasting().is_empty(), "nothing of Morgan stays in play");

    // An accusation waits for six siege engines: five turns add them.
    assert!(soc.get_actions().iter().all(|a| a.label != "Accuse"), "one engine is not six");
    click(&ui, "Draw white cards");
    click(&ui, "End the turn");
    for place in ["Grail", "Grail", "Grail", "Camelot", "Camelot"] {
        click(&ui, "Add a siege engine");
        click(&ui, "Travel");
        click(&ui, place);
        click(&ui, "End the turn");
    }
    assert_eq!(turn(&ui), "Anna");
    click(&ui, "Add a siege engine");
    assert_eq!(soc.get_siege(), 6);

    // Anna accuses Bruno; the host confirms the card he shows.
    click(&ui, "Accuse");
    click(&ui, "Bruno");
    assert!(soc.get_prompt().starts_with("Bruno: lay your loyalty card"), "{}", soc.get_prompt());
    click(&ui, "It was the traitor");
    let bruno = soc.get_knights().row_data(1).unwrap();
    assert!(bruno.exposed, "{}", message(&ui));
    assert_eq!(soc.get_white(), 1, "a white sword for the traitor found");
    // Nobody else can be accused of being the traitor now.
    click(&ui, "End the turn");
    assert_eq!(turn(&ui), "Bruno", "the exposed traitor still takes turns");
}

#[test]
fn the_host_sets_each_number_of_the_board_right_on_the_screen_and_it_is_journaled() {
    use tavola_games::soc::{Correction, Event, Place};
    use tavola_games::{AnyEvent, Seat};
    let dir = std::env::temp_dir().join(format!("tavola-ui-soc-correct-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("t.db");
    let ui = open_with("en", BootOptions { simulate: true, db: Some(db.clone()), ..BootOptions::default() });
    let soc = ui.window.global::<SocUi<'_>>();
    click(&ui, "Fewer players");
    click(&ui, "Fewer players");
    click(&ui, "No traitor");
    // Not a first game: no explanation holds the narration.
    ui.window.global::<SetupUi<'_>>().set_first_game(false);
    click(&ui, "Begin the quest");
    assert_eq!(knight_names(&ui), ["King Arthur", "Galahad", "Gawain"]);
    click(&ui, "Add a siege engine");

    // The board's own numbers, from the button among the turn's.
    click(&ui, "Set the board right");
    assert!(soc.get_prompt().contains("What is to be set right?"), "{}", soc.get_prompt());
    click(&ui, "Siege engines: 1");
    let offered: Vec<String> = soc.get_actions().iter().map(|a| a.label.to_string()).collect();
    assert_eq!(offered.len(), 12 + 1, "0 to 11 engines (12 lose), and back: {offered:?}");
    assert!(soc.get_actions().iter().any(|a| a.label == "1" && a.checked), "the board's number is ticked");
    click(&ui, "5");
    assert_eq!(soc.get_siege(), 5);
    // Said as a correction once the lines before it are read.
    let said = (1..600).any(|t| {
        ui.step(t * 100);
        ui.window.global::<App<'_>>().get_subtitle().contains("Set right: 5 siege engines around Camelot.")
    });
    assert!(said, "{}", ui.window.global::<App<'_>>().get_subtitle());
    click(&ui, "Set the board right");
    click(&ui, "Swords: 0 white, 0 black");
    click(&ui, "3");
    assert!(soc.get_prompt().contains("beside the 3 white ones"), "{}", soc.get_prompt());
    click(&ui, "2");
    assert_eq!((soc.get_white(), soc.get_black()), (3, 2));

    // A knight's life and place, from the knight's tile.
    let tile = |name: &str| {
        ElementHandle::find_by_accessible_label(&ui.window, name)
            .find(|e| e.accessible_role() == Some(AccessibleRole::Text))
            .expect("the knight's tile")
    };
    tile("Gawain").invoke_accessible_default_action();
    ui.step(0);
    assert!(soc.get_prompt().contains("What of Gawain"), "{}", soc.get_prompt());
    click(&ui, "Life");
    click(&ui, "6");
    assert_eq!(soc.get_knights().row_data(2).unwrap().life, 6);
    tile("Galahad").invoke_accessible_default_action();
    ui.step(0);
    click(&ui, "Place");
    click(&ui, "Grail");
    assert_eq!(soc.get_knights().row_data(1).unwrap().place, "Grail");
    // The cards in hand, the same way.
    tile("Galahad").invoke_accessible_default_action();
    ui.step(0);
    click(&ui, "Cards in hand");
    click(&ui, "3");
    assert_eq!(soc.get_knights().row_data(1).unwrap().hand, 3);
    // The turn goes on where it was.
    assert!(soc.get_actions().iter().any(|a| a.label == "Draw white cards"), "the heroic action still to come");

    // Journaled as corrections, in order.
    drop(ui);
    let journal = tavola_core::journal::Journal::open(&db).expect("the journal").journal;
    let game = journal.unfinished().expect("read").expect("the game under way");
    let corrections: Vec<Correction> = game
        .events
        .iter()
        .filter_map(|e| match e {
            AnyEvent::ShadowsOverCamelot(Event::Corrected { correction }) => Some(correction.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        corrections,
        [
            Correction::Siege { engines: 5 },
            Correction::Swords { white: 3, black: 2 },
            Correction::Life { seat: Seat(2), life: 6 },
            Correction::Place { seat: Seat(1), place: Place::Grail },
        ]
    );
    assert!(game
        .events
        .iter()
        .any(|e| matches!(e, AnyEvent::ShadowsOverCamelot(Event::HandCorrected { cards: 3, .. }))));
    let _ = std::fs::remove_dir_all(&dir);
}
