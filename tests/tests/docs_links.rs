//! The documentation holds together: every relative link and image in
//! README.md, docs/**/*.md, hardware/*.md and words/README.md leads to a file
//! that exists (and a `#anchor` on a Markdown page to one of its headings),
//! the README stays short and names `make run` and `make test`, every
//! `make <target>` the README and docs/ write is a target of the Makefile,
//! and every repository path written in backticks exists. Each failure names
//! the file and the line.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The repository's root: the parent of this crate's folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the tests crate lives in the repository").to_path_buf()
}

/// The Markdown files in `dir`, and in its subfolders when `deep`.
fn markdown_in(dir: &Path, deep: bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if deep {
                markdown_in(&path, deep, out);
            }
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// README.md, docs/**/*.md, hardware/*.md and words/README.md.
fn checked_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("words/README.md")];
    markdown_in(&root.join("docs"), true, &mut files);
    markdown_in(&root.join("hardware"), false, &mut files);
    files.sort();
    files
}

/// README.md and docs/**/*.md: where `make <target>` is checked.
fn readme_and_docs() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md")];
    markdown_in(&root.join("docs"), true, &mut files);
    files.sort();
    files
}

/// A file's path from the repository's root, for the messages.
fn shown(path: &Path) -> String {
    let root = root();
    path.strip_prefix(&root).unwrap_or(path).display().to_string()
}

/// A Markdown file cut into what is prose and what is code.
#[derive(Debug, Default)]
struct Parsed {
    /// The text outside code: fenced blocks and code spans blanked, newlines
    /// kept, so that an offset still falls on its line.
    prose: String,
    /// Every code span and every line of a fenced block: (line, text).
    code: Vec<(usize, String)>,
    /// The headings' text (outside fenced blocks), in order.
    headings: Vec<String>,
}

/// The line (from 1) that a byte offset of `text` is on.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset].matches('\n').count() + 1
}

/// Where the opening fence of a fenced code block is: its character and length.
fn fence(line: &str) -> Option<(char, usize)> {
    let t = line.trim_start();
    let c = t.chars().next()?;
    if c != '`' && c != '~' {
        return None;
    }
    let n = t.chars().take_while(|&x| x == c).count();
    (n >= 3).then_some((c, n))
}

/// Whether the line after the newline at `at` is blank: a code span ends
/// with its paragraph.
fn blank_line_after(bytes: &[u8], at: usize) -> bool {
    bytes[at + 1..].iter().take_while(|&&b| b != b'\n').all(|b| b.is_ascii_whitespace())
}

/// Cuts a Markdown file into its prose, its code and its headings.
fn parse(source: &str) -> Parsed {
    let mut parsed = Parsed::default();
    // Fenced blocks first: their lines are code, and blank in the prose.
    let mut outside = String::with_capacity(source.len());
    let mut open: Option<(char, usize)> = None;
    for (i, line) in source.split('\n').enumerate() {
        if i > 0 {
            outside.push('\n');
        }
        match open {
            Some((c, n)) => {
                let t = line.trim();
                if t.chars().all(|x| x == c) && t.len() >= n {
                    open = None;
                } else {
                    parsed.code.push((i + 1, line.to_string()));
                }
            }
            None => {
                if let Some(f) = fence(line) {
                    open = Some(f);
                    // The info string (` ```sh `) is not code to check.
                } else {
                    let t = line.trim_start();
                    let hashes = t.chars().take_while(|&c| c == '#').count();
                    if (1..=6).contains(&hashes) && t[hashes..].starts_with(' ') {
                        let text = t[hashes..].trim();
                        // A closing run of '#' goes, when a space stands before it.
                        let closed = text.trim_end_matches('#');
                        let text = if closed.is_empty() || closed.ends_with(' ') { closed.trim_end() } else { text };
                        parsed.headings.push(text.to_string());
                    }
                    outside.push_str(line);
                }
            }
        }
    }
    // Then code spans, which may run over a line but not over a blank line.
    let bytes = outside.as_bytes();
    let mut prose = String::with_capacity(outside.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            let next = outside[i..].find('`').map_or(outside.len(), |n| i + n);
            prose.push_str(&outside[i..next]);
            i = next;
            continue;
        }
        let run = outside[i..].bytes().take_while(|&b| b == b'`').count();
        let start = i + run;
        let mut close = None;
        let mut j = start;
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let n = outside[j..].bytes().take_while(|&b| b == b'`').count();
                if n == run {
                    close = Some(j);
                    break;
                }
                j += n;
            } else if bytes[j] == b'\n' && blank_line_after(bytes, j) {
                break;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                let text = outside[start..end].replace('\n', " ");
                parsed.code.push((line_of(&outside, start), text));
                let blank: String = outside[i..end + run].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
                prose.push_str(&blank);
                i = end + run;
            }
            None => {
                prose.push_str(&outside[i..start]);
                i = start;
            }
        }
    }
    parsed.prose = prose;
    parsed
}

/// The anchor GitHub gives a heading: lower-case, spaces to '-', and every
/// character but letters, digits, '-' and '_' dropped. A link's text stands
/// for the link.
fn anchor(heading: &str) -> String {
    let mut text = String::new();
    let mut rest = heading;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else { break };
        let Some(close) = rest[open + mid..].find(')') else { break };
        text.push_str(&rest[..open]);
        text.push_str(&rest[open + 1..open + mid]);
        rest = &rest[open + mid + close + 1..];
    }
    text.push_str(rest);
    text.to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings, a repeated one numbered as
/// GitHub numbers it (`-1`, `-2`…).
fn anchors(parsed: &Parsed) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for heading in &parsed.headings {
        let slug = anchor(heading);
        let count = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *count == 0 { slug.clone() } else { format!("{slug}-{count}") });
        *count += 1;
    }
    out
}

/// The targets of the links and images in the prose: (line, target).
fn link_targets(prose: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(n) = prose[from..].find("](") {
        let start = from + n + 2;
        let rest = &prose[start..];
        let target = if let Some(inner) = rest.strip_prefix('<') {
            inner.split('>').next().unwrap_or("").to_string()
        } else {
            let mut depth = 0usize;
            let mut end = rest.len();
            for (k, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = k;
                        break;
                    }
                    ')' => depth -= 1,
                    c if c.is_whitespace() => {
                        end = k;
                        break;
                    }
                    _ => {}
                }
            }
            rest[..end].to_string()
        };
        out.push((line_of(prose, start), target));
        from = start;
    }
    out
}

/// A path with its `.` and `..` taken out, as the file system would read it.
fn normalized(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.components().next_back(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// `%20` and its kind turned back into their characters.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let hex = |at: usize| bytes.get(at..at + 2).and_then(|h| std::str::from_utf8(h).ok());
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match hex(i + 1).and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(b) if bytes[i] == b'%' => {
                out.push(b);
                i += 3;
            }
            _ => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A file's text; a file that cannot be read fails the test with its name.
fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", shown(path)))
}

/// Fails with every problem, one a line, when there is any.
fn fail_on(problems: &[String], what: &str) {
    assert!(problems.is_empty(), "{what}:\n{}", problems.join("\n"));
}

#[test]
fn every_relative_link_and_image_leads_to_a_file_and_heading() {
    let mut problems = Vec::new();
    let mut headings: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    let mut checked = 0;
    for file in checked_files() {
        let parsed = parse(&read(&file));
        let dir = file.parent().expect("a file is in a folder");
        for (line, target) in link_targets(&parsed.prose) {
            let lower = target.to_lowercase();
            if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let at = format!("{}:{line}", shown(&file));
            if target.is_empty() {
                problems.push(format!("{at}: a link without a target"));
                continue;
            }
            let (path, fragment) = match target.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (target.as_str(), None),
            };
            let to = if path.is_empty() { file.clone() } else { normalized(&dir.join(percent_decoded(path))) };
            if !to.exists() {
                problems.push(format!("{at}: `{target}`: {} does not exist", shown(&to)));
                continue;
            }
            let Some(fragment) = fragment else { continue };
            if to.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let known = headings.entry(to.clone()).or_insert_with(|| anchors(&parse(&read(&to))));
            if !known.contains(&percent_decoded(fragment)) {
                problems.push(format!("{at}: `{target}`: {} has no heading #{fragment}", shown(&to)));
            }
        }
    }
    assert!(checked > 50, "only {checked} relative links found: is the parser reading the files?");
    fail_on(&problems, "links that lead nowhere");
}

#[test]
fn the_readme_is_short_and_names_the_two_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    let mut problems = Vec::new();
    if lines > 220 {
        problems.push(format!("README.md:{lines}: {lines} lines, at most 220 (the rest belongs in docs/)"));
    }
    for command in ["make run", "make test"] {
        if !readme.contains(command) {
            problems.push(format!("README.md:1: `{command}` is not named"));
        }
    }
    fail_on(&problems, "the README");
}

/// The Makefile's targets: every name before a `:` that starts a line (not
/// a `:=` assignment).
fn makefile_targets() -> BTreeSet<String> {
    let mut targets = BTreeSet::new();
    for line in read(&root().join("Makefile")).lines() {
        if line.starts_with(|c: char| c.is_whitespace() || c == '#') {
            continue;
        }
        let Some((names, after)) = line.split_once(':') else { continue };
        if after.starts_with('=') || names.contains('=') {
            continue;
        }
        targets.extend(names.split_whitespace().map(str::to_string));
    }
    targets
}

/// The targets of the `make` commands in a piece of code (a code span or a
/// line of a fenced block): the first word
/// after `make` that is no option and no variable.
fn make_targets_named(code: &str) -> Vec<String> {
    let words: Vec<&str> = code.split_whitespace().collect();
    let mut out = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if word.trim_start_matches('(').trim_start_matches("$(") != "make" {
            continue;
        }
        for next in &words[i + 1..] {
            if next.starts_with('-') || next.contains('=') {
                continue;
            }
            let target = next.trim_end_matches([',', '.', ';', ':', ')', '`']);
            if target.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                out.push(target.to_string());
            }
            break;
        }
    }
    out
}

#[test]
fn every_make_target_named_is_in_the_makefile() {
    let targets = makefile_targets();
    assert!(targets.contains("run") && targets.contains("test"), "the Makefile's targets: {targets:?}");
    let mut problems = Vec::new();
    let mut named = 0;
    for file in readme_and_docs() {
        for (line, code) in parse(&read(&file)).code {
            for target in make_targets_named(&code) {
                named += 1;
                if !targets.contains(&target) {
                    problems.push(format!(
                        "{}:{line}: `make {target}`: the Makefile has no target `{target}`",
                        shown(&file)
                    ));
                }
            }
        }
    }
    assert!(named >= 2, "only {named} `make` commands found");
    fail_on(&problems, "make targets the Makefile lacks");
}

/// The folders a repository path written in the docs starts with.
const TOP: [&str; 8] = ["docs/", "scripts/", "deploy/", "hardware/", "app/", "games/", "words/", "tests/"];

/// The repository paths in a piece of code (a code span or a line of a
/// fenced block): the words that start with one of
/// [`TOP`], without the punctuation around them and without a `:line`; a
/// pattern (`<id>`, `*`, `…`) is no path.
fn paths_named(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in code.split_whitespace() {
        let word = word.trim_start_matches(['(', '"', '\'', '[', '`']);
        let word = word.trim_end_matches([')', '"', '\'', ',', '.', ';', ':', ']', '`']);
        if !TOP.iter().any(|top| word.starts_with(top)) {
            continue;
        }
        if word.contains(['<', '>', '*', '?', '{', '}', '$', '…', '|']) || word.contains("...") {
            continue;
        }
        let word = match word.rsplit_once(':') {
            Some((path, line)) if line.chars().all(|c| c.is_ascii_digit()) => path,
            _ => word,
        };
        out.push(word.split('#').next().unwrap_or(word).to_string());
    }
    out
}

#[test]
fn every_repository_path_in_backticks_exists() {
    let root = root();
    let mut problems = Vec::new();
    let mut named = 0;
    for file in checked_files() {
        for (line, code) in parse(&read(&file)).code {
            for path in paths_named(&code) {
                named += 1;
                if !root.join(&path).exists() {
                    problems.push(format!("{}:{line}: `{path}` does not exist", shown(&file)));
                }
            }
        }
    }
    assert!(named > 20, "only {named} repository paths found");
    fail_on(&problems, "paths that do not exist");
}
