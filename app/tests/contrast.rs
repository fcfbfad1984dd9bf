//! Every text on the screen stands out from what it is drawn on by at least
//! WCAG AA: 4.5:1 for normal text, 3:1 for large text (24 px and more, or
//! bold from 18.67 px) and for the icons (non-text contrast, 3:1).
//!
//! The colours are read from `app/ui/theme.slint`; the pairs from the `.slint`
//! files themselves: every `Text`'s `color` (each colour a conditional can
//! give) against every `background` the nearest filled ancestor can have
//! (following a component to the places it is used, a `root.tint` to the
//! values it is given), the window's background when nothing nearer is
//! filled. Every icon's `colorize` is checked the same way. A game's colour
//! and its tile's ground come from its look (`….look.colour`,
//! `….look.ground`): every game's, read from the registry. A colour the test
//! cannot resolve fails, so no pair is skipped silently.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A colour as 8-bit sRGB with alpha.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rgba([f64; 4]);

impl Rgba {
    fn parse_hex(hex: &str) -> Option<Rgba> {
        let h = hex.strip_prefix('#')?;
        let byte = |i: usize| u8::from_str_radix(h.get(i..i + 2)?, 16).ok().map(f64::from);
        match h.len() {
            6 => Some(Rgba([byte(0)?, byte(2)?, byte(4)?, 255.0])),
            8 => Some(Rgba([byte(0)?, byte(2)?, byte(4)?, byte(6)?])),
            _ => None,
        }
    }

    /// Slint's `darker(f)`: the HSV value divided by 1 + f, which scales the
    /// three channels alike; `brighter(f)` multiplies it, up to full value.
    fn scaled(self, factor: f64) -> Rgba {
        let [r, g, b, a] = self.0;
        let max = r.max(g).max(b);
        let factor = if max * factor > 255.0 { 255.0 / max } else { factor };
        Rgba([(r * factor).round(), (g * factor).round(), (b * factor).round(), a])
    }

    /// This colour laid over an opaque one.
    fn over(self, below: Rgba) -> Rgba {
        let a = self.0[3] / 255.0;
        let mix = |i: usize| (self.0[i] * a + below.0[i] * (1.0 - a)).round();
        Rgba([mix(0), mix(1), mix(2), 255.0])
    }

    fn luminance(self) -> f64 {
        let lin = |c: f64| {
            let c = c / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0[0]) + 0.7152 * lin(self.0[1]) + 0.0722 * lin(self.0[2])
    }
}

/// WCAG's contrast ratio of two opaque colours.
fn contrast(a: Rgba, b: Rgba) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The `Theme` global's colours, by name.
fn theme_colours(source: &str) -> BTreeMap<String, Rgba> {
    let mut colours = BTreeMap::new();
    for line in source.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("out property <color> ") else { continue };
        let (name, value) = rest.split_once(':').unwrap_or_else(|| panic!("theme.slint: no value in `{line}`"));
        let value = value.trim().trim_end_matches(';').trim();
        let colour =
            Rgba::parse_hex(value).unwrap_or_else(|| panic!("theme.slint: `{name}` is not a #rrggbb colour: {value}"));
        colours.insert(name.trim().to_string(), colour);
    }
    colours
}

/// One element (or component definition) of a `.slint` file.
#[derive(Debug, Default)]
struct Element {
    /// The element's type (`Text`, `Rectangle`, a component's name).
    kind: String,
    /// For a component definition, its name; `kind` is then what it inherits.
    defines: Option<String>,
    parent: Option<usize>,
    /// Property bindings and declared defaults, in order.
    props: Vec<(String, String)>,
    /// The properties it declares as colours.
    colour_props: Vec<String>,
    file: String,
    line: usize,
}

impl Element {
    fn prop(&self, name: &str) -> Option<&str> {
        self.props.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The files' elements, as a tree; code blocks, `animate`, `states` and
/// struct bodies are not elements and their contents are left out.
fn parse_files(files: &[(String, String)]) -> Vec<Element> {
    let mut elements = Vec::new();
    for (file, source) in files {
        parse_file(file, source, &mut elements);
    }
    elements
}

fn parse_file(file: &str, source: &str, out: &mut Vec<Element>) {
    // None: a block that is not an element (code, animation, struct).
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut statement = String::new();
    let mut line = 1;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                statement.push(' ');
            }
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
                statement.push(' ');
            }
            '"' => {
                statement.push('"');
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if !escaped && c == '"' {
                        break;
                    }
                    escaped = !escaped && c == '\\';
                }
                statement.push('"');
            }
            '{' => {
                let header = statement.trim().to_string();
                statement.clear();
                let inside_element = stack.last().map(|s| s.is_some()).unwrap_or(true);
                let is_element = inside_element
                    && !header.is_empty()
                    && !header.contains("=>")
                    && !header.starts_with("animate ")
                    && !header.contains("struct ")
                    && !header.contains("global ")
                    && !header.ends_with(')')
                    && !header.contains("states");
                if !is_element {
                    stack.push(None);
                    continue;
                }
                let parent = stack.iter().rev().flatten().next().copied();
                let mut element = Element { parent, file: file.to_string(), line, ..Default::default() };
                if let Some(rest) = header.split("component ").nth(1) {
                    let mut words = rest.split_whitespace();
                    element.defines = words.next().map(str::to_string);
                    element.kind = if rest.contains(" inherits ") {
                        rest.split(" inherits ").nth(1).unwrap_or("").trim().to_string()
                    } else {
                        "Empty".to_string()
                    };
                    element.parent = None;
                } else {
                    let last = header.rsplit([':', ' ']).next().unwrap_or("").trim();
                    element.kind = last.to_string();
                }
                out.push(element);
                stack.push(Some(out.len() - 1));
            }
            '}' => {
                statement.clear();
                stack.pop();
            }
            ';' => {
                let text = statement.trim().to_string();
                statement.clear();
                let Some(Some(index)) = stack.last() else { continue };
                let text = text
                    .trim_start_matches("in-out ")
                    .trim_start_matches("in ")
                    .trim_start_matches("out ")
                    .trim_start_matches("private ");
                if let Some(rest) = text.strip_prefix("property <color> ") {
                    let name = rest.split(':').next().unwrap_or("").trim().to_string();
                    out[*index].colour_props.push(name);
                }
                let text = match text.strip_prefix("property ") {
                    Some(rest) => rest.split_once('>').map(|(_, r)| r.trim()).unwrap_or(rest),
                    None => text,
                };
                if let Some((name, value)) = text.split_once(':') {
                    let name = name.trim();
                    if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                        out[*index].props.push((name.to_string(), value.trim().to_string()));
                    }
                }
            }
            _ => statement.push(c),
        }
    }
}

/// What a colour expression can give: every colour among its branches.
#[derive(Debug)]
struct Resolver<'a> {
    theme: &'a BTreeMap<String, Rgba>,
    elements: &'a [Element],
    /// The players' colours the screens draw (`fn tint` in `app/screens/src/`).
    player_colours: Vec<Named>,
    /// Every game's look (`Game::LOOK`, from the registry): its colours
    /// (`….look.colour`) and its tile's grounds (`….look.ground`).
    game_colours: Vec<Named>,
    game_grounds: Vec<Named>,
}

/// A resolved colour and how it was written, for the failure message.
type Named = (Rgba, String);

impl Resolver<'_> {
    /// The component definition an element belongs to.
    fn owner(&self, mut index: usize) -> usize {
        while let Some(parent) = self.elements[index].parent {
            index = parent;
        }
        index
    }

    fn definition(&self, name: &str) -> Option<usize> {
        self.elements.iter().position(|e| e.defines.as_deref() == Some(name))
    }

    /// Places where component `name` is used.
    fn uses(&self, name: &str) -> Vec<usize> {
        (0..self.elements.len())
            .filter(|&i| self.elements[i].kind == name && self.elements[i].defines.is_none())
            .collect()
    }

    /// Every colour `expr` (written on element `at`) can take.
    fn colours(&self, expr: &str, at: usize, problems: &mut Vec<String>, depth: usize) -> Vec<Named> {
        let mut found = Vec::new();
        let mut rest = expr;
        if depth > 8 {
            problems.push(format!("{}: `{expr}` refers to itself", self.place(at)));
            return found;
        }
        while !rest.is_empty() {
            let start = rest.find(|c: char| c == '#' || c.is_ascii_alphabetic()).unwrap_or(rest.len());
            rest = &rest[start..];
            if rest.is_empty() {
                break;
            }
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '#' || c == '-' || c == '_' || c == '.'))
                .unwrap_or(rest.len());
            let (mut word, after) = rest.split_at(end);
            rest = after;
            // `.darker(0.3)` / `.brighter(0.2)` after the colour.
            let mut factor = 1.0;
            for (method, sign) in [(".darker", -1.0), (".brighter", 1.0)] {
                if let Some(stem) = word.strip_suffix(method) {
                    let args = rest.trim_start_matches('(');
                    let close = args.find(')').unwrap_or(args.len());
                    let f: f64 = args[..close].trim().parse().unwrap_or(0.0);
                    factor = if sign < 0.0 { 1.0 / (1.0 + f) } else { 1.0 + f };
                    rest = &args[(close + 1).min(args.len())..];
                    word = stem;
                }
            }
            let base: Vec<Named> = if word.starts_with('#') {
                match Rgba::parse_hex(word) {
                    Some(c) => vec![(c, word.to_string())],
                    None => {
                        problems.push(format!("{}: `{word}` is not a colour", self.place(at)));
                        vec![]
                    }
                }
            } else if let Some(name) = word.strip_prefix("Theme.") {
                match self.theme.get(name) {
                    Some(&c) => vec![(c, word.to_string())],
                    None if name.starts_with("font") || matches!(name, "scale" | "touch" | "gap" | "radius") => vec![],
                    None => {
                        problems.push(format!("{}: `{word}` is not in theme.slint", self.place(at)));
                        vec![]
                    }
                }
            } else if word.ends_with("look.colour") {
                // A game's colour, from its look: every game's.
                self.game_colours.clone()
            } else if word.ends_with("look.ground") {
                self.game_grounds.clone()
            } else if let Some(prop) = word.strip_prefix("root.").or_else(|| word.strip_prefix("self.")) {
                self.property(prop, at, word.starts_with("self."), problems, depth)
            } else if word.ends_with(".tint") {
                // A player's colour, from the model: any of the game's colours.
                if self.player_colours.is_empty() {
                    problems.push(format!("{}: no player colours found for `{word}`", self.place(at)));
                }
                self.player_colours.clone()
            } else {
                continue;
            };
            for (c, n) in base {
                if factor == 1.0 {
                    found.push((c, n));
                } else {
                    found.push((c.scaled(factor), format!("{n}×{factor:.2}")));
                }
            }
        }
        found
    }

    /// The values a component's property can have: its default and what every
    /// use of the component binds to it.
    fn property(&self, prop: &str, at: usize, own: bool, problems: &mut Vec<String>, depth: usize) -> Vec<Named> {
        let root = if own { at } else { self.owner(at) };
        let element = &self.elements[root];
        let mut found = Vec::new();
        if !element.colour_props.iter().any(|p| p == prop) {
            // A condition (`root.enabled`), not a colour.
            return found;
        }
        if let Some(value) = element.prop(prop) {
            if value == "transparent" {
                return found;
            }
            found.extend(self.colours(value, root, problems, depth + 1));
        }
        if let Some(name) = &element.defines {
            for user in self.uses(name) {
                if let Some(value) = self.elements[user].prop(prop) {
                    found.extend(self.colours(value, user, problems, depth + 1));
                }
            }
        }
        if found.is_empty() && element.prop(prop) != Some("transparent") {
            problems.push(format!("{}: no colour found for `{prop}`", self.place(at)));
        }
        found
    }

    /// Every opaque colour element `at` can be drawn on.
    fn backgrounds(&self, at: usize, problems: &mut Vec<String>, depth: usize) -> Vec<Named> {
        let window = self.theme["background"];
        // A component's root (Tavola's Icon is an Image) lies on what each
        // use of the component lies on.
        if self.elements[at].parent.is_none() {
            if let Some(name) = &self.elements[at].defines {
                let users = self.uses(name);
                if !users.is_empty() && depth <= 8 {
                    return users
                        .into_iter()
                        .flat_map(|u| self.backgrounds_including(u, problems, depth + 1))
                        .collect();
                }
            }
        }
        let mut index = self.elements[at].parent;
        while let Some(i) = index {
            let element = &self.elements[i];
            let mut value = element.prop("background").map(str::to_string);
            if value.is_none() && element.defines.is_none() {
                // A component used here paints its own background.
                if let Some(def) = self.definition(&element.kind) {
                    value = self.elements[def].prop("background").map(str::to_string);
                    if let Some(v) = &value {
                        let found = self.colours(v, def, problems, depth + 1);
                        if !found.is_empty() {
                            return self.opaque(found, i, problems, depth);
                        }
                    }
                    value = None;
                }
            }
            if let Some(v) = value.filter(|v| v != "transparent") {
                let found = self.colours(&v, i, problems, depth + 1);
                if !found.is_empty() {
                    return self.opaque(found, i, problems, depth);
                }
            }
            if element.parent.is_none() {
                // The top of a component: what it is used on.
                let Some(name) = &element.defines else { break };
                if element.kind == "Window" {
                    return vec![(window, "Theme.background".into())];
                }
                let users = self.uses(name);
                if users.is_empty() || depth > 8 {
                    break;
                }
                let mut found = Vec::new();
                for user in users {
                    // The use itself may be filled (an instance with a background).
                    found.extend(self.backgrounds_including(user, problems, depth + 1));
                }
                return found;
            }
            index = element.parent;
        }
        vec![(window, "Theme.background".into())]
    }

    fn backgrounds_including(&self, at: usize, problems: &mut Vec<String>, depth: usize) -> Vec<Named> {
        if let Some(v) = self.elements[at].prop("background").filter(|v| *v != "transparent") {
            let found = self.colours(v, at, problems, depth + 1);
            if !found.is_empty() {
                return self.opaque(found, at, problems, depth);
            }
        }
        self.backgrounds(at, problems, depth)
    }

    /// Translucent backgrounds laid over what is below them.
    fn opaque(&self, found: Vec<Named>, at: usize, problems: &mut Vec<String>, depth: usize) -> Vec<Named> {
        let mut out = Vec::new();
        for (c, n) in found {
            if c.0[3] >= 255.0 {
                out.push((c, n));
            } else {
                for (below, bn) in self.backgrounds(at, problems, depth + 1) {
                    out.push((c.over(below), format!("{n} over {bn}")));
                }
            }
        }
        out
    }

    fn place(&self, at: usize) -> String {
        format!("{}:{}", self.elements[at].file, self.elements[at].line)
    }
}

/// Whether a text is large by WCAG (18 pt, or 14 pt bold), at the smallest
/// scale (the 800×480 screen).
fn large(element: &Element, theme_source: &str) -> bool {
    let size = element.prop("font-size").unwrap_or("Theme.font-body");
    let px = if let Some(name) = size.strip_prefix("Theme.") {
        let name = name.split_whitespace().next().unwrap_or("");
        theme_source
            .lines()
            .find_map(|l| l.trim().strip_prefix(&format!("out property <length> {name}:")).map(str::to_string))
            .and_then(|v| v.trim().split("px").next().and_then(|n| n.trim().parse::<f64>().ok()))
            .unwrap_or(0.0)
    } else {
        size.split("px").next().and_then(|n| n.trim().parse::<f64>().ok()).unwrap_or(0.0)
    };
    let bold = element.prop("font-weight").map(|w| w.trim() == "700").unwrap_or(false);
    px >= 24.0 || (bold && px >= 18.66)
}

/// Every pair below AA, one line each, and what could not be resolved.
fn check(theme_source: &str, files: &[(String, String)]) -> (Vec<String>, usize) {
    let theme = theme_colours(theme_source);
    let elements = parse_files(files);
    let (game_colours, game_grounds) = game_looks();
    let resolver =
        Resolver { theme: &theme, elements: &elements, player_colours: player_colours(), game_colours, game_grounds };
    let mut failures = Vec::new();
    let mut pairs = BTreeSet::new();
    for (i, element) in elements.iter().enumerate() {
        let (expr, needed, what) = match element.kind.as_str() {
            "Text" if element.prop("text").is_some() => {
                let needed = if large(element, theme_source) { 3.0 } else { 4.5 };
                // Slint's default text colour would be the style's: say it.
                let Some(expr) = element.prop("color") else {
                    failures.push(format!("{}: a Text without a colour from the theme", resolver.place(i)));
                    continue;
                };
                (expr, needed, "text")
            }
            "Image" => match element.prop("colorize") {
                Some(expr) => (expr, 3.0, "icon"),
                None => continue,
            },
            _ => continue,
        };
        let mut problems = Vec::new();
        let fg = resolver.colours(expr, i, &mut problems, 0);
        if fg.is_empty() {
            problems.push(format!("{}: no colour found in `{expr}`", resolver.place(i)));
        }
        let mut bg = resolver.backgrounds(i, &mut problems, 0);
        // Inside a plain rectangle, a filled rectangle drawn before the text
        // may lie under it (a timer's bar).
        if let Some(parent) = element.parent.filter(|&p| elements[p].kind == "Rectangle") {
            for sibling in (0..i).filter(|&j| elements[j].parent == Some(parent) && elements[j].kind == "Rectangle") {
                if let Some(v) = elements[sibling].prop("background").filter(|v| *v != "transparent") {
                    let found = resolver.colours(v, sibling, &mut problems, 0);
                    bg.extend(resolver.opaque(found, sibling, &mut problems, 0));
                }
            }
        }
        failures.extend(problems);
        for (f, fname) in &fg {
            for (b, bname) in &bg {
                let ratio = contrast(f.over(*b), *b);
                pairs.insert((fname.clone(), bname.clone()));
                if ratio < needed {
                    failures.push(format!(
                        "{}: {what} {fname} on {bname} is {ratio:.2}:1, below {needed}:1",
                        resolver.place(i)
                    ));
                }
            }
        }
    }
    (failures, pairs.len())
}

/// The colours `fn tint` gives players' pawns in the screens' controllers.
fn player_colours() -> Vec<Named> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("screens").join("src");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        let Some(start) = source.find("fn tint(") else { continue };
        let body = &source[start..];
        let body = &body[..body.find("\n}").unwrap_or(body.len())];
        for call in body.split("Color::from_rgb_u8(").skip(1) {
            let args: Vec<f64> = call
                .split(')')
                .next()
                .unwrap_or("")
                .split(',')
                .filter_map(|a| u8::from_str_radix(a.trim().trim_start_matches("0x"), 16).ok().map(f64::from))
                .collect();
            assert_eq!(args.len(), 3, "{}: a player colour not read: {call}", path.display());
            let name = format!("player colour #{:02x}{:02x}{:02x}", args[0] as u8, args[1] as u8, args[2] as u8);
            found.push((Rgba([args[0], args[1], args[2], 255.0]), name));
        }
    }
    found
}

/// Every game's colour and ground, as its engine declares them.
fn game_looks() -> (Vec<Named>, Vec<Named>) {
    let rgb = |c: u32| {
        let [_, r, g, b] = c.to_be_bytes();
        Rgba([f64::from(r), f64::from(g), f64::from(b), 255.0])
    };
    let games = tavola_games::GameKind::ALL;
    let colours = games.iter().map(|g| (rgb(g.look().colour), format!("{}'s colour", g.id()))).collect();
    let grounds = games.iter().map(|g| (rgb(g.look().ground), format!("{}'s ground", g.id()))).collect();
    (colours, grounds)
}

fn ui_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("ui")
}

fn ui_files() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for dir in [ui_dir(), ui_dir().join("pages")] {
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "slint"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.strip_prefix(ui_dir()).unwrap().display().to_string();
            files.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    files
}

fn theme_source() -> String {
    std::fs::read_to_string(ui_dir().join("theme.slint")).unwrap()
}

#[test]
fn every_text_and_icon_meets_wcag_aa_on_what_it_is_drawn_on() {
    let (failures, pairs) = check(&theme_source(), &ui_files());
    assert!(failures.is_empty(), "{} pairs below WCAG AA:\n{}", failures.len(), failures.join("\n"));
    // The pages have some dozens of pairs: a parser that found few has lost its way.
    assert!(pairs > 40, "only {pairs} colour pairs found in the .slint files");
}

#[test]
fn a_weakened_theme_colour_is_caught() {
    let theme = theme_source();
    for (name, weak) in [("text-dim", "#5a5560"), ("gold", "#6a5630"), ("surface", "#8a8a8a"), ("evil", "#7a2a28")] {
        let line = theme
            .lines()
            .find(|l| l.trim().starts_with(&format!("out property <color> {name}:")))
            .unwrap_or_else(|| panic!("theme.slint has no colour `{name}`"));
        let weakened = theme.replace(line, &format!("    out property <color> {name}: {weak};"));
        let (failures, _) = check(&weakened, &ui_files());
        assert!(failures.iter().any(|f| f.contains(&format!("Theme.{name}"))), "`{name}` set to {weak} went unnoticed");
    }
}

#[test]
fn a_weak_pair_in_a_page_is_caught() {
    let page = "component P inherits Rectangle {\n    background: Theme.surface;\n    Text { text: \"x\"; color: Theme.line; }\n}\n";
    let (failures, _) = check(&theme_source(), &[("p.slint".into(), page.into())]);
    assert!(failures.iter().any(|f| f.contains("Theme.line on Theme.surface")), "{failures:?}");
}

#[test]
fn a_faint_icon_is_caught() {
    // Tavola's own Icon, used on a surface with a border's colour.
    let widgets = ui_files().into_iter().find(|(name, _)| name == "widgets.slint").unwrap();
    let page = "component P inherits Rectangle {\n    background: Theme.surface;\n    Icon { tint: Theme.line; }\n}\n";
    let (failures, _) = check(&theme_source(), &[widgets, ("p.slint".into(), page.into())]);
    assert!(failures.iter().any(|f| f.contains("icon Theme.line on Theme.surface")), "{failures:?}");
}

#[test]
fn contrast_ratio_matches_wcag_examples() {
    let black = Rgba::parse_hex("#000000").unwrap();
    let white = Rgba::parse_hex("#ffffff").unwrap();
    assert!((contrast(black, white) - 21.0).abs() < 1e-9);
    // #777777 on white is the classic just-below-AA grey (4.48:1).
    let grey = Rgba::parse_hex("#777777").unwrap();
    assert!((contrast(grey, white) - 4.48).abs() < 0.01);
}
