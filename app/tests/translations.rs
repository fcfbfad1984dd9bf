//! Every label of the screen has its translation in every catalog but
//! English (the labels' source language), and every translated label is
//! still used. The labels share the catalogs with Tavola's messages
//! (`words/lang`), which `tavola-words` checks.

use std::collections::BTreeSet;
use tavola_words::{is_id, Lang};

fn tr_strings(dir: &std::path::Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            tr_strings(&path, out);
        } else if path.extension().is_some_and(|e| e == "slint") {
            let text = std::fs::read_to_string(&path).unwrap();
            for piece in text.split("@tr(\"").skip(1) {
                let end = piece.find('"').expect("a closing quote");
                out.insert(piece[..end].to_string());
            }
        }
    }
}

fn labels() -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    tr_strings(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui"), &mut used);
    used
}

#[test]
fn every_label_has_its_translation() {
    let used = labels();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        let catalog = tavola_words::Catalog::parse(lang.catalog_source()).unwrap();
        let entries: Vec<_> = catalog.entries().filter(|e| !is_id(&e.id)).collect();
        let translated: BTreeSet<String> = entries.iter().filter(|e| e.is_translated()).map(|e| e.id.clone()).collect();
        let code = lang.code();
        let missing: Vec<&String> = used.difference(&translated).collect();
        assert!(missing.is_empty(), "labels without a translation in {code}: {missing:?}");
        let unused: Vec<&String> = translated.difference(&used).collect();
        assert!(unused.is_empty(), "{code} lines no label uses any more: {unused:?}");
        for e in &entries {
            for s in &e.strings {
                assert_eq!(e.id.matches("{}").count(), s.matches("{}").count(), "placeholders differ in “{}”", e.id);
            }
        }
    }
}

#[test]
fn no_label_looks_like_a_message_id() {
    // A msgid like `notice.table.stuck` is a message for tavola-words,
    // which a label must not be taken for.
    let ids: Vec<String> = labels().into_iter().filter(|l| is_id(l)).collect();
    assert!(ids.is_empty(), "labels shaped like message ids: {ids:?}");
}
