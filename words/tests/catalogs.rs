//! The catalogs agree with each other: every language has every message,
//! with the same parameters and the same plurality, and each catalog
//! belongs to a `Lang`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use tavola_words::{is_id, placeholders, Catalog, Entry, Lang};

fn catalogs() -> Vec<(Lang, Catalog)> {
    Lang::ALL
        .into_iter()
        .map(|l| match Catalog::parse(l.catalog_source()) {
            Ok(c) => (l, c),
            Err(e) => panic!("words/lang/{}/LC_MESSAGES/tavola.po, {e}", l.code()),
        })
        .collect()
}

fn messages(c: &Catalog) -> impl Iterator<Item = &Entry> {
    c.entries().filter(|e| is_id(&e.id))
}

/// The parameters of every form, as a set per form.
fn forms(e: &Entry) -> Vec<BTreeSet<&str>> {
    e.strings.iter().map(|s| placeholders(s)).collect()
}

#[test]
fn every_catalog_parses_and_names_its_language() {
    for (lang, c) in catalogs() {
        assert_eq!(c.language(), Some(lang.code()), "the Language header of the {} catalog", lang.code());
        assert!(c.header("Plural-Forms").is_some(), "the {} catalog has no Plural-Forms", lang.code());
    }
}

#[test]
fn every_catalog_folder_is_a_lang_and_every_lang_has_one() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("lang");
    let mut folders = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let entry = entry.unwrap();
        if entry.path().join("LC_MESSAGES/tavola.po").exists() {
            folders.insert(entry.file_name().to_string_lossy().into_owned());
        }
    }
    let langs: BTreeSet<String> = Lang::ALL.iter().map(|l| l.code().to_string()).collect();
    assert_eq!(folders, langs, "catalogs in words/lang/ vs the languages! list in words/src/lang.rs");
}

#[test]
fn every_id_is_in_every_catalog() {
    let all = catalogs();
    let ids: BTreeSet<&str> = all.iter().flat_map(|(_, c)| messages(c).map(|e| e.id.as_str())).collect();
    let mut problems = Vec::new();
    for (lang, c) in &all {
        for id in &ids {
            match c.get(id) {
                None => problems.push(format!("{}: {id} is missing", lang.code())),
                Some(e) if !e.is_translated() => {
                    problems.push(format!("{}: {id} is untranslated or fuzzy", lang.code()))
                }
                Some(_) => {}
            }
        }
        for e in messages(c) {
            if e.context.is_some() {
                problems.push(format!("{}: {} has a msgctxt: message ids take none", lang.code(), e.id));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_has_the_same_parameters_and_plurality_everywhere() {
    let all = catalogs();
    let (_, english) = all.iter().find(|(l, _)| *l == Lang::En).unwrap();
    let mut problems = Vec::new();
    for reference in messages(english) {
        let expected: BTreeSet<&str> = forms(reference).into_iter().flatten().collect();
        for (lang, c) in &all {
            let Some(e) = c.get(&reference.id) else { continue };
            let code = lang.code();
            if e.is_plural() != reference.is_plural() {
                problems.push(format!("{code}: {} is plural in one catalog and not in another", e.id));
                continue;
            }
            if e.is_plural() && e.id_plural.as_deref() != Some(e.id.as_str()) {
                problems.push(format!("{code}: the msgid_plural of {} must repeat the id", e.id));
            }
            for (i, form) in forms(e).into_iter().enumerate() {
                let mut want = expected.clone();
                // A form used for a single number may say it in words
                // ("One more second."); see below.
                if e.is_plural() && !form.contains("count") {
                    want.remove("count");
                }
                if form != want {
                    problems.push(format!("{code}: {} form {i} has {form:?}, the English has {want:?}", e.id));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_plural_form_without_its_count_serves_one_number_only() {
    let mut problems = Vec::new();
    for (lang, c) in catalogs() {
        let mut served: BTreeMap<usize, Vec<u64>> = BTreeMap::new();
        for n in 0..=1000 {
            served.entry(c.plural_index(n)).or_default().push(n);
        }
        for e in messages(&c).filter(|e| e.is_plural()) {
            for (i, s) in e.strings.iter().enumerate() {
                let numbers = served.get(&i).map_or(&[][..], Vec::as_slice);
                if !placeholders(s).contains("count") && numbers.len() > 1 {
                    problems.push(format!(
                        "{}: {} form {i} (“{s}”) has no {{count}} but serves {:?}…",
                        lang.code(),
                        e.id,
                        &numbers[..numbers.len().min(4)]
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_english_catalog_has_messages_only() {
    // Slint takes English labels from the .slint files; an entry for one
    // here would be a second English text for it.
    let labels: Vec<String> =
        Lang::En.catalog().entries().filter(|e| !is_id(&e.id)).map(|e| format!("line {}: {}", e.line, e.id)).collect();
    assert!(labels.is_empty(), "labels in the English catalog: {labels:?}");
}

#[test]
fn plural_rules_stay_within_what_slint_reads() {
    for lang in Lang::ALL {
        let c = lang.catalog();
        let header = c.header("Plural-Forms").unwrap_or_default();
        let rule = header.split(';').find_map(|p| p.trim().strip_prefix("plural=")).unwrap_or_default();
        let without_ne = rule.replace("!=", "");
        let bad: Vec<char> = without_ne.chars().filter(|c| "+-*/!".contains(*c)).collect();
        assert!(bad.is_empty(), "{}: Slint's bundler cannot read {bad:?} in “{rule}”", lang.code());
    }
}

#[test]
fn italian_and_english_plurals() {
    for lang in [Lang::It, Lang::En] {
        let c = lang.catalog();
        assert_eq!(c.nplurals(), 2, "{}", lang.code());
        let picked: Vec<usize> = [0, 1, 2, 11, 21, 100].into_iter().map(|n| c.plural_index(n)).collect();
        assert_eq!(picked, [1, 0, 1, 1, 1, 1], "{}", lang.code());
    }
}

#[test]
fn the_builtin_catalogs_are_parsed_once_and_shared() {
    assert!(std::ptr::eq(Lang::It.catalog(), Lang::It.catalog()));
    assert!(Lang::It.catalog().get("notice.table.stuck").is_some());
    assert!(Lang::En.catalog().get("notice.table.stuck").is_some());
}
