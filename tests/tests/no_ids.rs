//! What the players read and hear never shows Tavola's inner names: no
//! catalog id (`soc.knight.arthur`), no card id (`soc/black/saxons`), no
//! placeholder left unfilled (`{name}`), and no seat said as a bare
//! number. Random games of every game in the list, every narrated line and
//! every refusal they give, in Italian and in English.

use tavola_core::narrator;
use tavola_games::soc::Knight;
use tavola_games::testkit::Fuzz;
use tavola_games::{Catalog, Ctx, Lang, Said};

/// What in `text` looks like an inner name, if anything.
fn inner_name(text: &str) -> Option<String> {
    if let Some(at) = text.find(['{', '}']) {
        return Some(format!("a placeholder at {at}"));
    }
    let word = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    for token in text.split(|c: char| c.is_whitespace() || ",;:!?«»\"'()[]".contains(c)) {
        let token = token.trim_end_matches('.');
        // A card id the catalog names (an unknown tag's text is shown as
        // read: it is all there is to tell which tag it was).
        let parts: Vec<&str> = token.split('/').collect();
        if parts.len() >= 2
            && parts.iter().all(|p| !p.is_empty() && p.chars().all(word))
            && Catalog::builtin().name(token, Lang::En).is_some()
        {
            return Some(token.to_string());
        }
        // A catalog id: lowercase words joined by dots (not a number).
        let parts: Vec<&str> = token.split('.').collect();
        if parts.len() >= 2
            && parts.iter().all(|p| !p.is_empty() && p.chars().all(word))
            && token.chars().any(|c| c.is_ascii_lowercase())
        {
            return Some(token.to_string());
        }
    }
    None
}

/// A seat said as a bare number at the start of a sentence ("3, choose
/// two players"), the way an unnamed seat's place shows it.
fn bare_seat(text: &str) -> bool {
    let head: String = text.chars().take_while(char::is_ascii_digit).collect();
    !head.is_empty() && text[head.len()..].starts_with([',', ':'])
}

/// Words that must not stand in an Italian sentence: English names of
/// things the game names in Italian otherwise (Shadows over Camelot's
/// knights: "King Arthur" is "Re Artù").
fn english_in_italian(text: &str) -> Option<String> {
    Knight::ALL
        .into_iter()
        .map(|k| (k.text(Lang::En), k.text(Lang::It)))
        .find_map(|(en, it)| (en != it && text.contains(&en)).then_some(en))
}

fn check<G: Fuzz>(games: u64, steps: usize) -> usize {
    let mut said = 0;
    for seed in 0..games {
        let mut ctx = Ctx::seeded(seed);
        let mut g = G::default();
        for step in 0..steps {
            if g.is_over() {
                break;
            }
            let cmd = g.random_command(&mut ctx.rng);
            let mut texts = Vec::new();
            match g.decide(&cmd, &mut ctx) {
                Ok(events) => {
                    for e in &events {
                        g.apply(e);
                        for cue in g.cues(e) {
                            for lang in Lang::ALL {
                                texts.push((cue.id.clone(), narrator::line(&cue, lang).text));
                            }
                            let it = narrator::line(&cue, Lang::It).text;
                            if let Some(en) = english_in_italian(&it) {
                                panic!(
                                    "{:?} seed {seed} step {step}: {} says {en:?} in Italian: {it:?}",
                                    G::KIND,
                                    cue.id
                                );
                            }
                        }
                    }
                }
                Err(e) => {
                    for lang in Lang::ALL {
                        let who = |s| g.player_said(s).map(|a| a.text(lang));
                        texts.push((e.code(), e.text_named(lang, &who)));
                        texts.push((e.code(), e.text(lang)));
                    }
                    let it = e.text_named(Lang::It, &|s| g.player_said(s).map(|a| a.text(Lang::It)));
                    if let Some(en) = english_in_italian(&it) {
                        panic!("{:?} seed {seed} step {step}: {} says {en:?} in Italian: {it:?}", G::KIND, e.code());
                    }
                }
            }
            for (id, text) in texts {
                said += 1;
                if let Some(found) = inner_name(&text) {
                    panic!("{:?} seed {seed} step {step}: {id} says {found:?}: {text:?}", G::KIND);
                }
                assert!(!bare_seat(&text), "{:?} seed {seed} step {step}: {id} names a bare seat: {text:?}", G::KIND);
            }
        }
    }
    said
}

#[test]
fn the_check_sees_inner_names() {
    assert_eq!(inner_name("Carta nera: soc/black/saxons."), Some("soc/black/saxons".into()));
    assert_eq!(inner_name("[avalon.night.close_all]"), Some("avalon.night.close_all".into()));
    assert!(inner_name("{name}, scegli").is_some());
    assert_eq!(inner_name("La carta «avalon/role/nobody» non serve."), None, "an unknown tag, as read");
    assert_eq!(inner_name("Re Artù: il Progresso del Male. 3 punti, 1.5 s."), None);
    assert!(bare_seat("1, scegli 3 giocatori"));
    assert!(!bare_seat("Posto 1, scegli 3 giocatori"));
}

/// Random games played of each, and their most steps: Avalon's are
/// shorter, and a game not named here is played longer (a short game says
/// less in each).
macro_rules! budget {
    (avalon) => {
        (12, 200)
    };
    (soc) => {
        (12, 300)
    };
    (nottingham) => {
        (12, 300)
    };
    (kak) => {
        (12, 300)
    };
    (legends) => {
        (12, 300)
    };
    ($module:ident) => {
        (40, 300)
    };
}

/// Every game of the list, played at random, says no inner name, and says
/// enough for that to mean something.
macro_rules! no_inner_name_is_said {
    ($($module:ident::$Engine:ident)*) => {$(
        mod $module {
            #[test]
            fn no_inner_name_is_said_in_its_games() {
                let (games, steps) = budget!($module);
                assert!(super::check::<tavola_games::$module::$Engine>(games, steps) > 500);
            }
        }
    )*};
}
tavola_games::games!(@modules no_inner_name_is_said);
