//! Every `msg!` call in the workspace's Rust sources (doc comments and
//! `words/README.md` included) names a message the catalogs have, with
//! exactly the parameters the message takes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tavola_words::{placeholders, Lang};

/// One `msg!` call: its id and the names of the arguments it passes.
#[derive(Debug, PartialEq, Eq)]
struct Call {
    line: usize,
    id: String,
    names: BTreeSet<String>,
}

/// Finds the `msg!` calls whose first argument is a string literal, outside
/// strings and comments.
fn calls(source: &str) -> Vec<Call> {
    // Doc comments hold examples that compile: read them as code.
    let text: String = source
        .lines()
        .map(|l| {
            let t = l.trim_start();
            let doc = ["///", "//!"].iter().find_map(|m| t.strip_prefix(m));
            doc.unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(end) = literal_end(&text, i) {
            i = end;
            continue;
        }
        let at = i;
        i += text[i..].chars().next().map_or(1, char::len_utf8);
        if !text[at..].starts_with("msg!") || ident_before(&text, at) {
            continue;
        }
        let after = at + "msg!".len();
        let open = text[after..].find(|c: char| !c.is_whitespace()).map(|j| j + after);
        let Some(open) = open.filter(|&j| matches!(text.as_bytes()[j], b'(' | b'[' | b'{')) else { continue };
        let Some(args) = arguments(&text[open..]) else { continue };
        let Some(id) = args.first().and_then(|a| string_literal(a)) else { continue };
        let names = args[1..].iter().filter_map(|a| argument_name(a)).collect();
        out.push(Call { line: text[..at].matches('\n').count() + 1, id, names });
    }
    out
}

fn ident_before(text: &str, i: usize) -> bool {
    text[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Where the string, character or comment starting at byte `i` ends, if one
/// does.
fn literal_end(text: &str, i: usize) -> Option<usize> {
    let rest = &text[i..];
    if rest.starts_with("//") {
        return Some(rest.find('\n').map_or(text.len(), |e| i + e));
    }
    if let Some(body) = rest.strip_prefix("/*") {
        return Some(body.find("*/").map_or(text.len(), |e| i + 2 + e + 2));
    }
    // Raw strings: r"…", r#"…"#, br"…" (but not an identifier ending in r).
    let raw_start =
        rest.starts_with('r') && (!ident_before(text, i) || (text[..i].ends_with('b') && !ident_before(text, i - 1)));
    if raw_start {
        let hashes = rest[1..].chars().take_while(|&c| c == '#').count();
        if !rest[1 + hashes..].starts_with('"') {
            return None;
        }
        let close = format!("\"{}", "#".repeat(hashes));
        let start = i + 2 + hashes;
        return Some(text[start..].find(&close).map_or(text.len(), |e| start + e + close.len()));
    }
    if rest.starts_with('"') {
        let mut chars = rest.char_indices().skip(1);
        while let Some((j, c)) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => return Some(i + j + 1),
                _ => {}
            }
        }
        return Some(text.len());
    }
    // A character literal ('x', '\n', '\''), not a lifetime ('a).
    let body = rest.strip_prefix('\'')?;
    if body.starts_with('\\') {
        return body.get(2..)?.find('\'').map(|e| i + 1 + 2 + e + 1);
    }
    let first = body.chars().next()?.len_utf8();
    body[first..].starts_with('\'').then_some(i + 1 + first + 1)
}

/// Splits the group that starts `text` (`(…)`, `[…]` or `{…}`) into its
/// top-level, comma-separated arguments, without comments. `None` if it
/// never closes.
fn arguments(text: &str) -> Option<Vec<String>> {
    let mut depth = 0_usize;
    let mut args = Vec::new();
    let mut current = String::new();
    let mut i = 0;
    while i < text.len() {
        if let Some(end) = literal_end(text, i) {
            if !text[i..].starts_with("//") && !text[i..].starts_with("/*") {
                current.push_str(&text[i..end]);
            }
            i = end;
            continue;
        }
        let c = text[i..].chars().next()?;
        i += c.len_utf8();
        match c {
            '(' | '[' | '{' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ')' | ']' | '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    if !current.trim().is_empty() {
                        args.push(current.trim().to_string());
                    }
                    return Some(args);
                }
            }
            ',' if depth == 1 => {
                args.push(std::mem::take(&mut current).trim().to_string());
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    None
}

/// The text of a plain string literal (ids have no escapes).
fn string_literal(arg: &str) -> Option<String> {
    let body = arg.strip_prefix('"')?.strip_suffix('"')?;
    (!body.contains(['"', '\\'])).then(|| body.to_string())
}

/// `name = value` or `name`: the name.
fn argument_name(arg: &str) -> Option<String> {
    let end = arg.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(arg.len());
    let (name, rest) = arg.split_at(end);
    let rest = rest.trim_start();
    let is_binding = rest.is_empty() || (rest.starts_with('=') && !rest.starts_with("=="));
    (!name.is_empty() && is_binding).then(|| name.to_string())
}

/// The ```rust blocks of a Markdown file, each line where it was (the
/// rest blanked).
fn rust_blocks(markdown: &str) -> String {
    // Inside a fence: whether it is Rust (rustdoc's default for a bare one).
    let mut block: Option<bool> = None;
    let mut out = Vec::new();
    for line in markdown.lines() {
        match line.trim_start().strip_prefix("```") {
            Some(lang) => {
                let lang = lang.trim();
                block = match block {
                    None => Some(lang.is_empty() || lang.split(',').any(|t| t.trim() == "rust")),
                    Some(_) => None,
                };
                out.push("");
            }
            None => out.push(if block == Some(true) { line } else { "" }),
        }
    }
    out.join("\n")
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            sources(&path, out);
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_msg_names_a_message_with_its_parameters() {
    let words = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = words.parent().unwrap();
    let mut files = Vec::new();
    sources(root, &mut files);
    files.push(words.join("README.md"));
    files.sort();
    let english = Lang::En.catalog();
    let mut seen = 0;
    let mut problems = Vec::new();
    for file in &files {
        let mut source = std::fs::read_to_string(file).unwrap_or_default();
        if file.extension().is_some_and(|e| e == "md") {
            source = rust_blocks(&source);
        }
        let shown = file.strip_prefix(root).unwrap_or(file).display().to_string();
        for call in calls(&source) {
            seen += 1;
            let Some(entry) = english.get(&call.id) else {
                problems.push(format!("{shown}:{}: {} is in no catalog", call.line, call.id));
                continue;
            };
            // The catalogs agree on parameters (tests/catalogs.rs): English
            // speaks for all.
            let mut expected: BTreeSet<String> =
                entry.strings.iter().flat_map(|s| placeholders(s)).map(String::from).collect();
            if entry.is_plural() {
                expected.insert("count".into());
            }
            if call.names != expected {
                problems.push(format!(
                    "{shown}:{}: {} takes {expected:?}, the call passes {:?}",
                    call.line, call.id, call.names
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(seen > 0, "no msg! found: is the scan looking in the right place ({})?", root.display());
}

#[test]
fn the_scan_reads_any_formatting() {
    let source = r####"
        let a = msg!("a.one");
        let b = tavola_words::msg! (
            "a.two", // a comment, with a comma
            seat = f(x, y),
            name = "a, \"b\")",
            who,
            c = ',', d = '\'', e = if a == b { [1, 2] } else { [3, 4] },
            f = r#"raw "), x"#, /* g = 1, */
        );
        let c = msg!["a.three", count = n];
        let d = my_msg!("not.this");
        let e = msg!($id);
        /// let f = msg!("a.doc", count = 1);
        let g = msg!(
            "a.last",
        );
    "####;
    let found: Vec<(usize, String, Vec<String>)> =
        calls(source).into_iter().map(|c| (c.line, c.id, c.names.into_iter().collect())).collect();
    let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        found,
        [
            (2, "a.one".into(), names(&[])),
            (3, "a.two".into(), names(&["c", "d", "e", "f", "name", "seat", "who"])),
            (11, "a.three".into(), names(&["count"])),
            (14, "a.doc".into(), names(&["count"])),
            (15, "a.last".into(), names(&[])),
        ]
    );
}
