//! Words are rules too: every sentence that teaches a rule says where it
//! comes from, and every game's texts use the rulebook's own terms.
//!
//! - Each teaching (`teach.*`), rules page (`rules.*`) and refusal's rule
//!   (`*.rule`) message carries, in every catalog alike, a gettext
//!   extracted comment naming its source: `#. Rulebook: «section title»
//!   "a few of its own words"` for a rule, `#. Publisher: …` for a fact
//!   from the publisher's own text beyond the rulebook, `#. Tavola: …` for
//!   what Tavola itself does. A reviewer checks the message against that
//!   passage in seconds.
//! - `words/terms/<game id>.txt` lists a game's terms as its rulebook
//!   prints them, with the wrong synonyms that crept into texts before; no
//!   message of that game may use one. `words/terms/common.txt` holds
//!   those wrong in every message and every screen label.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tavola_words::{is_id, Catalog, Entry, Lang};

fn catalogs() -> Vec<(Lang, Catalog)> {
    Lang::ALL
        .into_iter()
        .map(|l| match Catalog::parse(l.catalog_source()) {
            Ok(c) => (l, c),
            Err(e) => panic!("words/lang/{}/LC_MESSAGES/tavola.po, {e}", l.code()),
        })
        .collect()
}

/// Whether `id` is a message whose words teach a rule.
fn teaches(id: &str) -> bool {
    is_id(id) && (id.starts_with("teach.") || id.starts_with("rules.") || id.ends_with(".rule"))
}

/// The lines of an entry's extracted comments that name a source.
fn sources(e: &Entry) -> BTreeSet<String> {
    const KINDS: [&str; 3] = ["Rulebook:", "Publisher:", "Tavola:"];
    e.comments
        .iter()
        .filter_map(|c| c.strip_prefix('.'))
        .map(str::trim)
        .filter(|c| KINDS.iter().any(|k| c.starts_with(k)))
        .map(str::to_string)
        .collect()
}

/// A rulebook source: `Rulebook: «title» "words"`, with a title and two to
/// ten quoted words.
fn well_formed(source: &str) -> bool {
    let Some(rest) = source.strip_prefix("Rulebook:") else {
        // Publisher: and Tavola: say what they cite in words of their own.
        return source.split_once(':').is_some_and(|(_, what)| what.trim().len() >= 3);
    };
    let rest = rest.trim();
    let Some((title, words)) = rest.strip_prefix('«').and_then(|r| r.split_once('»')) else { return false };
    let words = words.trim();
    let quoted = words.len() >= 2 && words.starts_with('"') && words.ends_with('"');
    let count = words.trim_matches('"').split_whitespace().count();
    !title.trim().is_empty() && quoted && (2..=10).contains(&count)
}

#[test]
fn every_message_that_teaches_a_rule_names_its_source_alike_in_every_catalog() {
    let all = catalogs();
    let mut problems = Vec::new();
    let (_, english) = all.iter().find(|(l, _)| *l == Lang::En).unwrap();
    let mut checked = 0;
    for reference in english.entries().filter(|e| teaches(&e.id)) {
        checked += 1;
        let want = sources(reference);
        if want.is_empty() {
            problems.push(format!("{}: no #. Rulebook:/Publisher:/Tavola: source", reference.id));
            continue;
        }
        for s in want.iter().filter(|s| !well_formed(s)) {
            problems.push(format!("{}: malformed source {s:?}", reference.id));
        }
        for (lang, c) in &all {
            if let Some(e) = c.get(&reference.id) {
                if sources(e) != want {
                    problems.push(format!(
                        "{}: its sources in {} differ from the English catalog's",
                        e.id,
                        lang.code()
                    ));
                }
            }
        }
    }
    assert!(checked > 400, "only {checked} teaching, rules and refusal messages found");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn a_source_is_well_formed_or_refused() {
    assert!(well_formed(r#"Rulebook: «Fine del gioco» "Un pareggio non è mai sufficiente""#));
    assert!(well_formed("Tavola: how a card is laid on the reader"));
    assert!(!well_formed("Rulebook: Fine del gioco"), "a title in «»");
    assert!(!well_formed("Rulebook: «Fine del gioco»"), "a few of its words");
    assert!(!well_formed(r#"Rulebook: «» "due parole""#), "a title");
    assert!(!well_formed(
        r#"Rulebook: «Fine» "tutta una frase del regolamento copiata qui parola per parola fino in fondo""#
    ));
    assert!(!well_formed("Tavola:"), "says what of Tavola");
}

/// One line of a term list: the rulebook's term in each language and the
/// wrong synonyms in each.
#[derive(Debug)]
struct Term {
    it: String,
    en: String,
    wrong: BTreeMap<Lang, Vec<String>>,
    line: usize,
}

fn terms_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("terms")
}

fn term_list(path: &Path) -> Vec<Term> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(cols.len(), 4, "{}:{}: four columns (it | en | wrong it | wrong en)", path.display(), i + 1);
        let list = |s: &str| -> Vec<String> {
            s.split(';').map(|w| w.trim().to_lowercase()).filter(|w| !w.is_empty()).collect()
        };
        assert!(!cols[0].is_empty() && !cols[1].is_empty(), "{}:{}: both terms", path.display(), i + 1);
        out.push(Term {
            it: cols[0].to_string(),
            en: cols[1].to_string(),
            wrong: BTreeMap::from([(Lang::It, list(cols[2])), (Lang::En, list(cols[3]))]),
            line: i + 1,
        });
    }
    out
}

/// Whether `text` holds `phrase` (lower case) as whole words.
fn holds(text: &str, phrase: &str) -> bool {
    let text = text.to_lowercase();
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(phrase)
        .any(|(at, _)| !word(text[..at].chars().next_back()) && !word(text[at + phrase.len()..].chars().next()))
}

/// Whether message `id` belongs to game `game`.
fn of_game(id: &str, game: &str) -> bool {
    let mut parts = id.split('.');
    match (parts.next(), parts.next()) {
        (Some(first), _) if first == game => true,
        (Some("teach" | "rules" | "card" | "narration"), Some(second)) => second == game,
        _ => false,
    }
}

/// The games the catalogs teach: each has its goal, `teach.<game>.goal`.
fn games(c: &Catalog) -> BTreeSet<String> {
    c.entries()
        .filter_map(|e| e.id.strip_prefix("teach.")?.strip_suffix(".goal").map(str::to_string))
        .filter(|g| !g.contains('.'))
        .collect()
}

#[test]
fn no_message_of_a_game_uses_a_wrong_synonym_of_its_rulebooks_terms() {
    let all = catalogs();
    let games = games(&all[0].1);
    assert!(games.len() >= 5, "{games:?}");
    let mut problems = Vec::new();
    let mut lists = 0;
    for game in games.iter().map(String::as_str).chain(["common"]) {
        let path = terms_dir().join(format!("{game}.txt"));
        if !path.exists() {
            problems.push(format!("words/terms/{game}.txt is missing"));
            continue;
        }
        lists += 1;
        let terms = term_list(&path);
        if game != "common" {
            assert!(terms.len() >= 10, "words/terms/{game}.txt lists {} terms: the rulebook's main ones", terms.len());
        }
        for (lang, c) in &all {
            for e in c.entries().filter(|e| e.is_translated()) {
                let mine = if game == "common" { true } else { is_id(&e.id) && of_game(&e.id, game) };
                if !mine {
                    continue;
                }
                for term in &terms {
                    for wrong in &term.wrong[lang] {
                        for text in e.strings.iter().filter(|t| holds(t, wrong)) {
                            problems.push(format!(
                                "{} {}: says {wrong:?} where the rulebook says {:?} (words/terms/{game}.txt:{}): {text}",
                                lang.code(),
                                e.id,
                                if *lang == Lang::It { &term.it } else { &term.en },
                                term.line
                            ));
                        }
                    }
                }
            }
        }
    }
    assert_eq!(lists, games.len() + 1);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn a_wrong_synonym_is_found_as_a_whole_word_only() {
    assert!(holds("Completa un'Impresa per vincere.", "impresa"));
    assert!(holds("l'avanzata del male: pesca", "avanzata del male"));
    assert!(!holds("imprese e impresario", "impresa"), "not inside another word");
    assert!(of_game("teach.kak.goal", "kak") && of_game("kak.quest_not_open.rule", "kak"));
    assert!(of_game("card.kak.quest.fire_dragon", "kak") && !of_game("teach.soc.goal", "kak"));
}
