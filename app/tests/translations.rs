//! Every label of the screen has its Italian, and every Italian line of the
//! translation is still used.

use std::collections::BTreeSet;

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

fn po_entries(po: &str) -> Vec<(String, String)> {
    let unquote =
        |line: &str, key: &str| line.strip_prefix(key).map(|r| r.trim().trim_matches('"').replace("\\\"", "\""));
    let mut entries = Vec::new();
    let mut id = None;
    for line in po.lines() {
        if let Some(m) = unquote(line, "msgid ") {
            id = Some(m);
        } else if let (Some(s), Some(m)) = (unquote(line, "msgstr "), id.take()) {
            if !m.is_empty() {
                entries.push((m, s));
            }
        }
    }
    entries
}

#[test]
fn every_label_has_its_italian() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut used = BTreeSet::new();
    tr_strings(&root.join("ui"), &mut used);
    let po = std::fs::read_to_string(root.join("lang/it/LC_MESSAGES/tavola.po")).unwrap();
    let entries = po_entries(&po);
    let translated: BTreeSet<String> = entries.iter().filter(|(_, s)| !s.is_empty()).map(|(m, _)| m.clone()).collect();
    let missing: Vec<&String> = used.difference(&translated).collect();
    assert!(missing.is_empty(), "labels without Italian: {missing:?}");
    let unused: Vec<&String> = translated.difference(&used).collect();
    assert!(unused.is_empty(), "Italian lines no label uses any more: {unused:?}");
    for (m, s) in &entries {
        assert_eq!(m.matches("{}").count(), s.matches("{}").count(), "placeholders differ in “{m}”");
    }
}
