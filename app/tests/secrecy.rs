//! No screen ever shows what the rules hide: random games of all five games,
//! played through the window on Slint's testing backend, with every string
//! the window shows read at every step and held to what the engine keeps
//! secret at that moment.
//!
//! Each step a command is drawn from the engine's list of legal moves (its
//! random-game driver, `games/src/*/fuzz.rs`), seeded, and given to the
//! table as the table would get it: a card the reader would read is laid on
//! the simulated reader, anything else is touched. The engine's whole state
//! (its secrets included) is read back from the journal, a second reader of
//! the same file the app writes (the screens never see it), and checked to
//! be the state the screen shows.
//!
//! What is read off the window: every element of the item tree that is laid
//! out (a hidden element, a clip of no size, is left out with what it
//! holds), its text, its accessible label, value, description and
//! placeholder, and the picture an image shows, named by the icon file it
//! comes from. Besides the page, each step also reads the "What now?"
//! panel and the list of messages, opened as a finger would: both are a
//! touch away for anybody at the table. The rules page is left out (the
//! same words every time, none of them about this game's table), and so is
//! the simulated table beside the game on a desktop: it stands for the
//! cards in the players' hands and the pad under their fingers.
//!
//! A secret is a fact and the words (and pictures) that would tell it, in
//! the language in use, from the catalogs: a seat's character, a knight's
//! loyalty, the cards in a hand. Most secrets are about a seat: they leak
//! when a string names that seat (its name, or "Seat 3") and the secret's
//! words together, or when the words (or the picture) lie inside an element
//! that speaks of that seat alone (its tile: an element naming the seat and
//! no other, and the element holding it when that names no other seat
//! either). The same words elsewhere are public: a character's name in the
//! list of characters in play, a loyalty card's name in the rules. Words
//! that are also said, the same but for the name, of a seat whose secret
//! of that kind is another tell nothing ("Xenia accuses another Knight of
//! being the Traitor" is said of loyal knights too): such a finding is
//! dropped at the end of the game's runs. A secret about no seat (a
//! face-down black card) leaks wherever its words appear. What each game
//! keeps secret, and until when, is written at its `secrets`; a test fails
//! too when it saw too few secrets to have tested anything, no end or no
//! game taken up after a restart.
//!
//! A failure names the game, the seed, the language, the step (and the
//! command given), the page, the element and the string.

use i_slint_core::accessibility::AccessibleStringProperty;
use i_slint_core::item_tree::ItemRc;
use i_slint_core::items::{Clip, ClippedImage, ComplexText, ImageItem, SimpleText, TextInput};
use i_slint_core::window::WindowInner;
use slint::{ComponentHandle, Model};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use tavola_core::journal::{GameId, Journal};
use tavola_core::table::{card_title, RevealItem, RevealKind, TableView, Touch};
use tavola_games::testkit::Fuzz;
use tavola_games::{AnyEvent, AnyGame, Catalog, Ctx, Game, GameKind, GameRng, Lang, Registered, Seat};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, App, Page, TableSim, Ui};
use tavola_words::msg;

/// The players' names: none of them a word of either catalog, so a name on
/// the screen is the seat's.
const NAMES: [&str; 10] = ["Zelda", "Yorick", "Xenia", "Wystan", "Vesna", "Ulric", "Tilda", "Sveva", "Rufus", "Olwen"];

/// Table time after each step: this many turns of the table loop, this
/// many ms apart.
const TICKS: u64 = 2;
const TICK_MS: u64 = 500;

// ---------------------------------------------------------------------------
// What the window shows.

/// One element of the window, in the order of the item tree.
#[derive(Debug)]
struct Node {
    /// The element holding it.
    parent: Option<usize>,
    /// The elements it holds are the nodes after it, up to here.
    end: usize,
    /// The element itself, to name it (by its ids in the .slint files, or
    /// its type) when something is wrong with it.
    item: ItemRc,
    /// What it says: its text and accessible strings.
    strings: Vec<String>,
    /// The icon it shows, by file name (or a fingerprint of the picture).
    picture: Option<String>,
}

/// The window as read at one moment.
struct Seen {
    page: Page,
    /// What was opened over the page to read it ("" for the page itself).
    over: &'static str,
    nodes: Vec<Node>,
}

impl Seen {
    fn strings(&self) -> usize {
        self.nodes.iter().map(|n| n.strings.len()).sum()
    }
}

/// Reads every element of the window.
fn read(ui: &Ui, over: &'static str) -> Seen {
    let root = ItemRc::new_root(WindowInner::from_pub(ui.window.window()).component());
    // Every repeater and condition made up before the walk.
    root.visit_descendants(|_| std::ops::ControlFlow::<()>::Continue(()));
    let mut nodes = Vec::new();
    walk(&root, None, &mut nodes);
    Seen { page: ui.window.global::<App<'_>>().get_page(), over, nodes }
}

fn walk(item: &ItemRc, parent: Option<usize>, out: &mut Vec<Node>) {
    // The simulated table beside the game: the players' own cards and pad.
    if item.first_child().is_some() && kind_of(item).starts_with("TableSimPanel") {
        return;
    }
    // A hidden element is a clip of no size.
    if let Some(c) = item.downcast::<Clip>() {
        let g = item.geometry();
        if c.as_pin_ref().clip() && (g.size.width <= 0.0 || g.size.height <= 0.0) {
            return;
        }
    }
    let mut strings = Vec::new();
    if let Some(t) = item.downcast::<ComplexText>() {
        strings.push(t.as_pin_ref().text().to_string());
    } else if let Some(t) = item.downcast::<SimpleText>() {
        strings.push(t.as_pin_ref().text().to_string());
    } else if let Some(t) = item.downcast::<TextInput>() {
        strings.push(t.as_pin_ref().text().to_string());
    }
    for p in [
        AccessibleStringProperty::Label,
        AccessibleStringProperty::Value,
        AccessibleStringProperty::Description,
        AccessibleStringProperty::PlaceholderText,
    ] {
        if let Some(s) = item.accessible_string_property(p) {
            strings.push(s.to_string());
        }
    }
    strings.retain(|s| !s.trim().is_empty());
    strings.dedup();
    let picture = if let Some(i) = item.downcast::<ImageItem>() {
        Some(picture(&i.as_pin_ref().source()))
    } else {
        item.downcast::<ClippedImage>().map(|i| picture(&i.as_pin_ref().source()))
    };
    let me = out.len();
    out.push(Node { parent, end: me + 1, item: item.clone(), strings, picture });
    let mut child = item.first_child();
    while let Some(c) = child {
        walk(&c, Some(me), out);
        child = c.next_sibling();
    }
    out[me].end = out.len();
}

/// An element's ids in the .slint files (or its type).
fn kind_of(item: &ItemRc) -> String {
    let names = item.element_type_names_and_ids(0).unwrap_or_default();
    names
        .iter()
        .map(|(ty, id)| if id.is_empty() { ty.to_string() } else { id.to_string() })
        .collect::<Vec<_>>()
        .join(" › ")
}

/// An element as a failure names it: its ids (or its type), those of the
/// two nearest elements holding it that have an id, and the label of the
/// nearest one a screen reader names.
fn path(item: &ItemRc) -> String {
    use i_slint_core::item_tree::ParentItemTraversalMode;
    let mut names = vec![kind_of(item)];
    let mut label = None;
    let mut up = item.parent_item(ParentItemTraversalMode::FindAllParents);
    while let Some(i) = up {
        let ids = i.element_type_names_and_ids(0).unwrap_or_default();
        if let Some((_, id)) = ids.iter().find(|(_, id)| !id.is_empty()).filter(|_| names.len() < 3) {
            if names.last() != Some(&id.to_string()) {
                names.push(id.to_string());
            }
        }
        if label.is_none() {
            label = i.accessible_string_property(AccessibleStringProperty::Label).filter(|l| !l.is_empty());
        }
        up = i.parent_item(ParentItemTraversalMode::FindAllParents);
    }
    names.reverse();
    let within = label.map(|l| format!(" in “{l}”")).unwrap_or_default();
    format!("{}{within}", names.join(" › "))
}

/// A picture's pixels drawn at one size, hashed.
fn fingerprint(image: &slint::Image) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    let size = i_slint_core::graphics::IntSize::new(24, 24);
    let pixels = i_slint_core::graphics::image_to_rgba8_with_target_size(image, size)?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    pixels.as_bytes().hash(&mut h);
    Some(h.finish())
}

thread_local! {
    /// The icons the screens draw (`app/ui/icons/*.svg`), by fingerprint.
    static ICONS: HashMap<u64, String> = {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/icons");
        let mut icons = HashMap::new();
        for entry in std::fs::read_dir(&dir).expect("the icons") {
            let path = entry.expect("an icon").path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else { continue };
            let image = slint::Image::load_from_path(&path).expect("an icon loads");
            if let Some(f) = fingerprint(&image) {
                icons.insert(f, stem.to_string());
            }
        }
        icons
    };
}

thread_local! {
    /// The pictures named so far.
    static NAMED: std::cell::RefCell<Vec<(slint::Image, String)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The icon a picture is, by its file's name; another picture by its
/// fingerprint.
fn picture(image: &slint::Image) -> String {
    if let Some(name) = NAMED.with(|n| n.borrow().iter().find(|(i, _)| i == image).map(|(_, name)| name.clone())) {
        return name;
    }
    let name = match fingerprint(image) {
        Some(f) => ICONS.with(|icons| icons.get(&f).cloned().unwrap_or_else(|| format!("picture {f:x}"))),
        None => "no picture".to_string(),
    };
    NAMED.with(|n| n.borrow_mut().push((image.clone(), name.clone())));
    name
}

// ---------------------------------------------------------------------------
// What is secret, and finding it on the screen.

/// Something the rules keep from the table at this moment.
#[derive(Debug, Clone)]
struct Secret {
    /// What kind of fact it is ("character", "vote"): the same kind of
    /// fact about another seat holds other words.
    kind: &'static str,
    /// The seat it is about (`None`: nobody's, a card lying face down).
    seat: Option<usize>,
    /// What it is, for the failure ("Yorick's character").
    what: String,
    /// The words that would tell it, as the screen says them.
    words: Vec<String>,
    /// The icons that would show it.
    icons: Vec<&'static str>,
}

impl Secret {
    /// A secret about `seat`.
    fn of(kind: &'static str, seat: usize, what: String, words: Vec<String>, icons: Vec<&'static str>) -> Secret {
        Secret { kind, seat: Some(seat), what, words, icons }
    }

    /// A secret about nobody at the table.
    fn lying(what: String, words: Vec<String>) -> Secret {
        Secret { kind: "card", seat: None, what, words, icons: Vec::new() }
    }
}

/// A secret's words found where they would tell it.
#[derive(Debug)]
struct Hit {
    /// Where, and what, for the failure.
    told: String,
    /// For a secret about a seat, found in words: the words with the seat's
    /// names put aside, the secret's kind, and the word found.
    said: Option<(String, &'static str, String)>,
}

/// The words said of a seat (its names put aside) while it held a secret
/// of a kind, and that secret's words: the same words said of a seat whose
/// secret of that kind is another tell nothing ("Xenia accuses another
/// Knight of being the Traitor" is said of loyal knights too).
type SaidOf = HashMap<(String, &'static str), Vec<BTreeSet<String>>>;

/// `text` (in lower case) with every name of a seat put aside.
fn aside(text: &str, names: &[String]) -> String {
    names.iter().fold(text.to_string(), |t, n| t.replace(n.as_str(), "{}"))
}

/// The hits that stand: those whose words were never said of a seat whose
/// secret of the same kind is another.
fn standing(hits: Vec<Hit>, said: &SaidOf) -> Vec<String> {
    hits.into_iter()
        .filter(|h| match &h.said {
            Some((words, kind, word)) => {
                !said.get(&(words.clone(), *kind)).is_some_and(|others| others.iter().any(|o| !o.contains(word)))
            }
            None => true,
        })
        .map(|h| h.told)
        .collect()
}

/// Whether `text` holds `word` as a whole word (or words), whatever the case.
fn has_word(text: &str, word: &str) -> bool {
    holds(&text.to_lowercase(), &word.to_lowercase())
}

/// The same, both in lower case already.
fn holds(text: &str, word: &str) -> bool {
    if word.trim().is_empty() {
        return false;
    }
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let (a, b) = (from + i, from + i + word.len());
        let before = text[..a].chars().next_back();
        let after = text[b..].chars().next();
        if !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric) {
            return true;
        }
        from = a + text[a..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

/// The seats `text` (in lower case) names, as a bit set; `seats` holds
/// each seat's names in lower case.
fn naming(text: &str, seats: &[Vec<String>]) -> u32 {
    seats.iter().enumerate().filter(|(_, names)| names.iter().any(|n| holds(text, n))).fold(0, |m, (i, _)| m | 1 << i)
}

/// Every place `secrets` show on `seen` (the page, the element, the string
/// or icon, for the failure); what is said of each seat goes into `said`.
fn leaks(seen: &Seen, seats: &[Vec<String>], secrets: &[Secret], said: &mut SaidOf) -> Vec<Hit> {
    let nodes = &seen.nodes;
    let mut out = Vec::new();
    let over = if seen.over.is_empty() { String::new() } else { format!(" with {} open", seen.over) };
    let tell = |i: usize, shown: &str, s: &Secret, how: &str| {
        format!("page {:?}{over}: {} ({}) shows {}{how}", seen.page, path(&nodes[i].item), shown, s.what)
    };
    let lower = |v: &[String]| v.iter().map(|s| s.to_lowercase()).collect::<Vec<String>>();
    let seats: Vec<Vec<String>> = seats.iter().map(|names| lower(names)).collect();
    let words: Vec<Vec<String>> = secrets.iter().map(|s| lower(&s.words)).collect();
    // Each seat's secrets by kind: their words.
    let mut kinds: BTreeMap<(usize, &'static str), BTreeSet<String>> = BTreeMap::new();
    for (s, w) in secrets.iter().zip(&words) {
        if let Some(seat) = s.seat {
            kinds.entry((seat, s.kind)).or_default().extend(w.iter().cloned());
        }
    }
    // Each string in lower case, with the seats it names.
    let texts: Vec<Vec<(String, u32)>> = nodes
        .iter()
        .map(|n| {
            n.strings
                .iter()
                .map(|s| {
                    let s = s.to_lowercase();
                    let named = naming(&s, &seats);
                    (s, named)
                })
                .collect()
        })
        .collect();
    // The seats each element names, itself and with what it holds.
    let own: Vec<u32> = texts.iter().map(|t| t.iter().fold(0, |m, (_, n)| m | n)).collect();
    let mut held = own.clone();
    for i in (0..nodes.len()).rev() {
        if let Some(p) = nodes[i].parent {
            held[p] |= held[i];
        }
    }
    // Where each seat has a place of its own: an element naming it and no
    // other seat, with what it holds; and the element holding that one,
    // when all it holds names no other seat.
    let mut place: Vec<u32> = vec![0; nodes.len()];
    for (i, n) in nodes.iter().enumerate() {
        if own[i].count_ones() != 1 || held[i] != own[i] {
            continue;
        }
        let top = match n.parent {
            Some(p) if held[p] == own[i] => p,
            _ => i,
        };
        for p in place.iter_mut().take(nodes[top].end).skip(top) {
            *p |= own[i];
        }
    }
    for (i, n) in nodes.iter().enumerate() {
        // What is said of each seat here, with what it holds then.
        for (text, named) in &texts[i] {
            for (seat, names) in seats.iter().enumerate() {
                if (named | place[i]) & (1 << seat) == 0 {
                    continue;
                }
                let words = aside(text, names);
                for ((_, kind), held) in kinds.range((seat, "")..(seat + 1, "")) {
                    let entry = said.entry((words.clone(), *kind)).or_default();
                    if !entry.contains(held) {
                        entry.push(held.clone());
                    }
                }
            }
        }
        for (s, words) in secrets.iter().zip(&words) {
            let near = match s.seat {
                Some(seat) => place[i] & (1 << seat) != 0,
                None => true,
            };
            for (k, (text, named)) in texts[i].iter().enumerate() {
                let Some(word) = words.iter().find(|w| holds(text, w)) else { continue };
                let named = s.seat.is_some_and(|seat| named & (1 << seat) != 0);
                if near || named {
                    let told = tell(i, &format!("“{}”", n.strings[k]), s, &format!(" (the words “{word}”)"));
                    let said = s.seat.map(|seat| (aside(text, &seats[seat]), s.kind, word.clone()));
                    out.push(Hit { told, said });
                }
            }
            if let Some(icon) = n.picture.as_deref().filter(|p| s.icons.contains(p)) {
                if near {
                    out.push(Hit { told: tell(i, &format!("the icon {icon}"), s, ""), said: None });
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// A game on the table.

/// What a game's secrets are made from at one moment.
struct Told<'a> {
    lang: Lang,
    /// The table's public view (the reveal under way, the private look).
    view: &'a TableView,
    /// The stored history and the secret inputs not yet revealed.
    history: &'a [AnyEvent],
    pending: &'a [AnyEvent],
    /// The seat a private look of the screens' own is open for now.
    looking: Option<usize>,
}

/// A game played by this test.
trait Played: Fuzz + Registered {
    /// The touch that sends `command`.
    fn touch(command: Self::Command) -> Touch;
    /// The setup with the test's names, and the choices that put secrets
    /// on the table most of the time.
    fn seated(command: Self::Command, rng: &mut GameRng) -> Self::Command;
    /// Steers the random game where secrets come on the table: a scan of
    /// the characters or loyalty cards seldom skipped, cards tapped that
    /// fit (`history`: the stored events so far).
    fn steer(&self, command: Self::Command, _history: &[AnyEvent], _rng: &mut GameRng) -> Self::Command {
        command
    }
    /// Sets the game up through its setup page instead of a command, when
    /// the screens' own steps follow from there (false: not this game).
    fn by_page(_t: &mut Table, _rng: &mut GameRng) -> bool {
        false
    }
    /// What the rules keep secret now.
    fn secrets(&self, told: &Told<'_>) -> Vec<Secret>;
    /// A private look of the screens' own is offered: opens it as the seat
    /// it is for would, and says whose it is.
    fn look(_ui: &Ui, _lang: Lang) -> Option<usize> {
        None
    }
    /// Closes the look opened.
    fn unlook(_ui: &Ui, _lang: Lang) {}
}

/// The names for a setup of `players`.
fn names(players: usize) -> Vec<String> {
    NAMES.iter().take(players).map(|n| n.to_string()).collect()
}

/// What a run saw, to show the check was put to the test.
#[derive(Debug, Default)]
struct Report {
    steps: usize,
    /// Screens read and checked.
    checks: usize,
    /// Of those, the ones with something secret at that moment.
    with_secrets: usize,
    /// Secrets checked, in all.
    secrets: usize,
    /// Screens read with a secret of each kind.
    kinds: BTreeMap<&'static str, usize>,
    /// Strings read, in all.
    strings: usize,
    /// Cards laid on the simulated reader.
    cards_laid: usize,
    /// Private looks opened.
    looks: usize,
    /// Games that reached their end (and its reveal).
    ends: usize,
    /// Screens read while the end's reveal of who was what went on.
    reveal_reads: usize,
    /// Games taken up after a restart.
    taken_up: usize,
    /// What was found, and what was said of each seat.
    hits: Vec<Hit>,
    said: SaidOf,
}

impl std::ops::AddAssign for Report {
    fn add_assign(&mut self, r: Report) {
        self.steps += r.steps;
        self.checks += r.checks;
        self.with_secrets += r.with_secrets;
        self.secrets += r.secrets;
        for (k, n) in r.kinds {
            *self.kinds.entry(k).or_default() += n;
        }
        self.strings += r.strings;
        self.cards_laid += r.cards_laid;
        self.looks += r.looks;
        self.ends += r.ends;
        self.reveal_reads += r.reveal_reads;
        self.taken_up += r.taken_up;
        self.hits.extend(r.hits);
        for (k, v) in r.said {
            let entry = self.said.entry(k).or_default();
            for held in v {
                if !entry.contains(&held) {
                    entry.push(held);
                }
            }
        }
    }
}

/// A game as its journal holds it.
struct Stored {
    game: AnyGame,
    /// The stored history.
    history: Vec<AnyEvent>,
    /// The secret inputs held until their reveal.
    pending: Vec<AnyEvent>,
}

/// The app on a journal of its own, and a second reader of that journal.
struct Table {
    ui: Ui,
    opts: BootOptions,
    _dir: tempfile::TempDir,
    db: PathBuf,
    journal: Option<Journal>,
    game: Option<GameId>,
    /// The game as last read from the journal, until the next input.
    read: Option<std::rc::Rc<Stored>>,
    /// The list of messages as last read: how many, and the one shown.
    messages: (i32, String),
    now: u64,
    lang: Lang,
    catalog: Catalog,
    report: Report,
}

impl Table {
    fn open(kind: GameKind, seed: u64, lang: Lang) -> Table {
        thread_local!(static BACKEND: () = i_slint_backend_testing::init_no_event_loop());
        BACKEND.with(|_| {});
        // In memory where the system has it: the journal syncs every command.
        let dir = tempfile::tempdir_in("/dev/shm").or_else(|_| tempfile::tempdir()).expect("a folder");
        let db = dir.path().join("tavola.db");
        let opts = BootOptions { simulate: true, db: Some(db.clone()), seed: Some(seed), ..BootOptions::default() };
        let ui = init(boot(&opts)).expect("the window");
        let mut t = Table {
            ui,
            opts,
            _dir: dir,
            db,
            journal: None,
            game: None,
            read: None,
            messages: (0, String::new()),
            now: 0,
            lang,
            catalog: Catalog::builtin().clone(),
            report: Report::default(),
        };
        t.ui.step(0);
        t.ui.window.global::<App<'_>>().invoke_set_lang(lang.code().into());
        t.input(Touch::ChooseGame { game: kind });
        t
    }

    fn input(&mut self, touch: Touch) {
        self.read = None;
        self.ui.controller.borrow_mut().input(tavola_core::table::Input::Touch(touch));
        self.ui.step(self.now);
    }

    /// Lets the table's time run: the narration, the reveals, the timers.
    fn run(&mut self, ticks: u64) {
        self.read = None;
        for _ in 0..ticks {
            self.now += TICK_MS;
            self.ui.step(self.now);
        }
    }

    /// The narration's next line, as the host's "Skip line" gives it.
    fn skip_line(&mut self) {
        self.input(Touch::Narration { control: tavola_core::table::NarrationControl::Skip });
    }

    /// Lines still to be said.
    fn queued(&self) -> usize {
        self.ui.controller.borrow().view().queued_lines
    }

    /// Lays `card` on the simulated reader and lifts it, if the card picker
    /// offers it.
    fn lay(&mut self, card: &str) -> bool {
        let sim = self.ui.window.global::<TableSim<'_>>();
        let Some(index) = sim.get_cards().iter().position(|c| c.id == card) else { return false };
        self.read = None;
        sim.invoke_tap_card(index as i32);
        for _ in 0..3 {
            self.now += 60;
            self.ui.step(self.now);
        }
        sim.invoke_lift_card();
        for _ in 0..2 {
            self.now += 60;
            self.ui.step(self.now);
        }
        self.report.cards_laid += 1;
        true
    }

    /// The game as the journal holds it: the engine rebuilt from the stored
    /// history and the secret inputs held (the state the app resumes to).
    fn stored(&mut self, kind: GameKind) -> std::rc::Rc<Stored> {
        if let Some(read) = &self.read {
            return read.clone();
        }
        if self.journal.is_none() {
            self.journal = Some(Journal::open(&self.db).expect("the journal").journal);
        }
        let journal = self.journal.as_ref().expect("open");
        if self.game.is_none() {
            self.game = journal.unfinished().expect("the journal reads").map(|g| g.info.id);
        }
        let mut game = AnyGame::new(kind).expect("playable");
        let (mut history, mut pending) = (Vec::new(), Vec::new());
        if let Some(id) = self.game {
            let stored = journal.game(id).expect("the game reads");
            for e in stored.events.iter().chain(&stored.secrets) {
                game.apply(e).expect("an event of the game");
            }
            (history, pending) = (stored.events, stored.secrets);
        }
        let read = std::rc::Rc::new(Stored { game, history, pending });
        self.read = Some(read.clone());
        read
    }

    /// The table stopped and started again on its journal, the game taken up.
    fn restart(&mut self) {
        let ui = init(boot(&self.opts)).expect("the window");
        self.ui = ui;
        self.ui.step(self.now);
        let app = self.ui.window.global::<App<'_>>();
        assert!(app.get_resume_offered(), "the game under way is offered after the restart");
        app.invoke_take_up();
        self.ui.step(self.now);
        self.report.taken_up += 1;
    }

    /// Reads the window (and what a touch opens over it) and looks for
    /// `secrets` on it; `step` names the moment.
    fn check(&mut self, step: &str, seats: &[Vec<String>], secrets: &[Secret]) {
        let app = self.ui.window.global::<App<'_>>();
        let mut seen = vec![read(&self.ui, "")];
        if app.get_what_now_offered() && app.get_game_page() {
            app.set_show_what_now(true);
            app.invoke_open_what_now();
            seen.push(read(&self.ui, "“What now?”"));
            app.set_show_what_now(false);
        }
        // The list of messages, when what it lists has changed.
        let messages = (app.get_message_count(), app.get_message().to_string());
        if messages.0 > 0 && self.messages != messages {
            self.messages = messages;
            app.set_show_messages(true);
            seen.push(read(&self.ui, "the messages"));
            app.set_show_messages(false);
        }
        for s in &seen {
            let strings = s.strings();
            assert!(strings > 0, "{step}: nothing read off the page {:?}", s.page);
            self.report.strings += strings;
            self.report.checks += 1;
            self.report.secrets += secrets.len();
            if !secrets.is_empty() {
                self.report.with_secrets += 1;
            }
            for kind in secrets.iter().map(|s| s.kind).collect::<BTreeSet<_>>() {
                *self.report.kinds.entry(kind).or_default() += 1;
            }
            let said = &mut self.report.said;
            for mut hit in leaks(s, seats, secrets, said) {
                hit.told = format!("{step}: {}", hit.told);
                self.report.hits.push(hit);
            }
        }
    }
}

/// Plays a random game of `G` through the window from `seed`, in `lang`, for
/// at most `steps` commands (restarting the app after `restart_at` of them),
/// then through its end and the end's reveal if it got there.
fn play<G: Played>(seed: u64, lang: Lang, steps: usize, restart_at: Option<usize>) -> Report {
    let mut t = Table::open(G::KIND, seed, lang);
    let mut rng = Ctx::seeded(seed ^ 0x005E_C2E7);
    let game = G::KIND.title();
    for step in 0..steps {
        if restart_at == Some(step) {
            t.restart();
        }
        let stored = t.stored(G::KIND);
        let g = G::get(&stored.game).expect("the game").clone();
        if g.is_over() {
            break;
        }
        // The next command: one the engine lists (now and then a wrong
        // one), as the table would give it.
        let mut command = g.steer(g.random_command(&mut rng), &stored.history, &mut rng);
        if matches!(g.players(), 0) {
            command = G::seated(command, &mut rng);
        }
        let card = card_of::<G>(&g, &command, &t.catalog);
        let mut given = format!("after {command:?}");
        if g.players() == 0 && G::by_page(&mut t, &mut rng) {
            given = "set up on its page".to_string();
        } else if !card.as_deref().is_some_and(|c| t.lay(c)) {
            t.input(G::touch(command.clone()));
        }
        t.run(TICKS);
        // The table waits for its narrator: a host skips what is said
        // slower than the random table plays.
        let mut skipped = 0;
        while t.queued() > 2 && skipped < 50 {
            t.skip_line();
            skipped += 1;
        }
        t.report.steps += 1;
        let name = format!("{game}, seed {seed}, {lang:?}, step {step} ({given})");
        check_now::<G>(&mut t, &name);
        // A private look the screens offer: opened, read, closed.
        if let Some(seat) = G::look(&t.ui, lang) {
            t.ui.step(t.now);
            t.report.looks += 1;
            check_looking::<G>(&mut t, &format!("{name}, {}'s private look open", NAMES[seat]), Some(seat));
            G::unlook(&t.ui, lang);
            t.ui.step(t.now);
        }
    }
    if t.stored(G::KIND).game.is_over() {
        // The end and its reveal, read at every line the narrator says
        // until it is over.
        for line in 0..200 {
            check_now::<G>(&mut t, &format!("{game}, seed {seed}, {lang:?}, the end, line {line}"));
            let v = t.ui.controller.borrow().view();
            if v.reveal.as_ref().is_some_and(|r| r.kind == RevealKind::Roles) {
                t.report.reveal_reads += 1;
            }
            if v.reveal.is_none() && v.queued_lines == 0 && v.subtitle.is_none() {
                break;
            }
            t.skip_line();
        }
        t.report.ends += 1;
    }
    t.report
}

fn check_now<G: Played>(t: &mut Table, name: &str) {
    check_looking::<G>(t, name, None);
}

/// Checks the window against the game's secrets now.
fn check_looking<G: Played>(t: &mut Table, name: &str, looking: Option<usize>) {
    let stored = t.stored(G::KIND);
    let g = G::get(&stored.game).expect("the game");
    let view = t.ui.controller.borrow().view();
    // The secrets come from the state the screen shows.
    let shown = view.game_view.as_ref().and_then(G::view_of).map(|v| serde_json::to_value(v).expect("a view"));
    assert_eq!(
        shown,
        Some(serde_json::to_value(g.view()).expect("a view")),
        "{name}: the journal's game is the screen's"
    );
    let told = Told { lang: t.lang, view: &view, history: &stored.history, pending: &stored.pending, looking };
    let secrets = g.secrets(&told);
    let seats: Vec<Vec<String>> =
        (0..g.players()).map(|i| vec![NAMES[i].to_string(), t.lang.text(&msg!("common.seat", seat = i + 1))]).collect();
    t.check(name, &seats, &secrets);
}

/// The card on the reader that gives `command`, when one does.
fn card_of<G: Played>(g: &G, command: &G::Command, catalog: &Catalog) -> Option<String> {
    let mut found = Vec::new();
    strings_in(&serde_json::to_value(command).ok()?, &mut found);
    found
        .into_iter()
        .filter(|s| s.contains('/'))
        .find(|card| g.card_command(card, catalog).ok().as_ref() == Some(command))
}

fn strings_in(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(a) => a.iter().for_each(|v| strings_in(v, out)),
        serde_json::Value::Object(o) => o.values().for_each(|v| strings_in(v, out)),
        _ => {}
    }
}

/// A card's words as the screens say them: its title ("Mission card:
/// Fail"), and the name in it ("Fail").
fn card_words(card: &str, lang: Lang) -> Vec<String> {
    let title = card_title(card, lang);
    let mut words = vec![title.clone()];
    if let Some((_, name)) = title.rsplit_once(": ") {
        words.push(name.to_string());
    }
    words
}

// ---------------------------------------------------------------------------
// The games.

mod avalon_secrets {
    use super::*;
    use tavola_games::avalon::{Avalon, Command, Event, MissionCard, PhaseView, Role, Side};

    fn side_words(side: Side, lang: Lang) -> Vec<String> {
        let m = match side {
            Side::Good => msg!("avalon.side.good"),
            Side::Evil => msg!("avalon.side.evil"),
        };
        let phrase = lang.text(&m);
        // "il Bene": the phrase, and the noun.
        let noun = phrase.rsplit(' ').next().unwrap_or_default().to_string();
        vec![phrase, noun]
    }

    fn side_icon(side: Side) -> &'static str {
        match side {
            Side::Good => "loyal",
            Side::Evil => "evil",
        }
    }

    fn role_icon(role: Role) -> &'static str {
        match role {
            Role::Merlin => "merlin",
            Role::Percival => "percival",
            Role::Assassin => "assassin",
            Role::Mordred => "mordred",
            Role::Morgana => "morgana",
            Role::Oberon => "oberon",
            r => side_icon(r.side()),
        }
    }

    fn card_of(card: MissionCard) -> &'static str {
        match card {
            MissionCard::Success => "avalon/mission/success-1",
            _ => "avalon/mission/fail-1",
        }
    }

    fn card_icon(card: MissionCard) -> &'static str {
        match card {
            MissionCard::Success => "success",
            _ => "fail",
        }
    }

    impl Played for Avalon {
        fn touch(c: Command) -> Touch {
            Touch::Avalon(c)
        }

        /// Tavola knows the characters only when they are tapped on the
        /// reader: three tables in four tap them.
        fn seated(c: Command, rng: &mut GameRng) -> Command {
            match c {
                Command::Setup(mut s) => {
                    s.names = names(s.roles.players());
                    s.scan_roles = rng.below(4) != 0;
                    Command::Setup(s)
                }
                other => other,
            }
        }

        /// While the characters are tapped, the next card is mostly one
        /// of the set not tapped yet, and the scan seldom skipped.
        fn steer(&self, c: Command, history: &[AnyEvent], rng: &mut GameRng) -> Command {
            if !matches!(self.view().phase, PhaseView::RoleScan { .. }) || rng.below(20) == 0 {
                return c;
            }
            let tapped: BTreeSet<String> = history
                .iter()
                .filter_map(|e| match Avalon::event(e) {
                    Some(Event::RoleRecorded { card: Some(card), .. }) => Some(card.clone()),
                    _ => None,
                })
                .collect();
            let set = self.role_set().map(|s| s.roles().to_vec()).unwrap_or_default();
            let mut free: Vec<String> = Vec::new();
            for role in set.iter().copied().collect::<BTreeSet<Role>>() {
                let taken = tapped.iter().filter(|t| Role::from_card(t) == Some(role)).count();
                if set.iter().filter(|r| **r == role).count() <= taken {
                    continue;
                }
                let card = if role.is_unique() {
                    Some(format!("avalon/role/{}", role.slug()))
                } else {
                    (1..=5).map(|k| format!("avalon/role/{}-{k}", role.slug())).find(|c| !tapped.contains(c))
                };
                free.extend(card);
            }
            match free.len() {
                0 => c,
                n => Command::RoleCard { card: free[rng.below(n)].clone() },
            }
        }

        /// Avalon's secrets, each seat's, until the rules reveal them:
        /// - its character and side (when tapped on the reader), until the
        ///   end's reveal names it (the rulebook: every character is shown
        ///   at the end), the Assassin's from the assassination on (the
        ///   Assassin names Merlin aloud);
        /// - the side the Lady of the Lake showed about it (to her holder
        ///   alone, on the private reveal), to the end;
        /// - its vote, until the votes are shown together;
        /// - the mission card it played, for ever (only the tally is
        ///   shown), and the card Excalibur switched (shown to the holder
        ///   alone, on the private reveal).
        fn secrets(&self, t: &Told<'_>) -> Vec<Secret> {
            let lang = t.lang;
            let name = |s: Seat| NAMES[s.index()];
            let view = self.view();
            let over = self.is_over();
            // At the end, the seats the reveal has named so far (all of them
            // once it is over).
            let named: Option<BTreeSet<Seat>> =
                t.view.reveal.as_ref().filter(|r| r.kind == RevealKind::Roles).map(|r| {
                    r.shown
                        .iter()
                        .filter_map(|i| match i {
                            RevealItem::Role { seat, .. } => Some(*seat),
                            RevealItem::Card { .. } => None,
                        })
                        .collect()
                });
            let revealed = |s: Seat| over && named.as_ref().is_none_or(|n| n.contains(&s));
            // The private reveal open now: whom it is about, and what.
            // (What it shows, by its name in the view: "loyalty", "mission_card".)
            let private = match &view.phase {
                PhaseView::Private { about, what, .. } => {
                    Some((*about, serde_json::to_value(what).expect("a kind").as_str().unwrap_or_default().to_string()))
                }
                _ => None,
            };
            let looked = |s: Seat, what: &str| private.as_ref().is_some_and(|(a, w)| *a == s && w == what);
            let mut out = Vec::new();
            let mut roles: BTreeMap<Seat, Role> = BTreeMap::new();
            let mut votes: BTreeMap<Seat, bool> = BTreeMap::new();
            let mut lady: BTreeMap<Seat, Side> = BTreeMap::new();
            let mut switched: Vec<(Seat, MissionCard)> = Vec::new();
            for e in t.history {
                match Avalon::event(e) {
                    Some(Event::RoleRecorded { seat, role: Some(r), .. }) => {
                        roles.insert(*seat, *r);
                    }
                    Some(Event::RoleScanSkipped) => roles.clear(),
                    Some(Event::TeamProposed { .. } | Event::VotesRevealed { .. }) => votes.clear(),
                    Some(Event::VoteCast { seat, approve: Some(a) }) => {
                        votes.insert(*seat, *a);
                    }
                    Some(
                        Event::LadyExamined { target, loyalty: Some(side), .. }
                        | Event::LoyaltyShown { target, loyalty: Some(side) },
                    ) => {
                        lady.insert(*target, *side);
                    }
                    Some(Event::ExcaliburUsed { target: Some(target), original: Some(card), .. }) => {
                        switched.push((*target, *card));
                    }
                    _ => {}
                }
            }
            // The rulebook's assassination: the player holding the
            // Assassin's card names Merlin aloud, so who the Assassin is
            // is no secret from then on.
            let assassinating = matches!(view.phase, PhaseView::Assassination);
            for (&seat, &role) in &roles {
                if revealed(seat) || assassinating && role == Role::Assassin {
                    continue;
                }
                let what = format!("{}'s character, {}", name(seat), lang.text(&role.name()));
                out.push(Secret::of(
                    "character",
                    seat.index(),
                    what,
                    vec![lang.text(&role.name())],
                    vec![role_icon(role)],
                ));
                if let Some(side) = self.allegiance(seat).filter(|_| !looked(seat, "loyalty")) {
                    let what = format!("{}'s side, {}", name(seat), lang.text(&msg!("avalon.side.good")));
                    let what = if side == Side::Evil {
                        format!("{}'s side, {}", name(seat), lang.text(&msg!("avalon.side.evil")))
                    } else {
                        what
                    };
                    out.push(Secret::of("side", seat.index(), what, side_words(side, lang), vec![side_icon(side)]));
                }
            }
            for (&seat, &side) in &lady {
                if over || looked(seat, "loyalty") {
                    continue;
                }
                let what = format!("the loyalty the Lady of the Lake saw of {}", name(seat));
                out.push(Secret::of("side", seat.index(), what, side_words(side, lang), vec![side_icon(side)]));
            }
            for (&seat, &approve) in &votes {
                let (word, icon) = if approve { ("approves", "approve") } else { ("rejects", "reject") };
                let what = format!("{}'s vote before the votes are shown", name(seat));
                out.push(Secret::of(
                    "vote",
                    seat.index(),
                    what,
                    vec![lang.text(&tavola_games::Msg::new(word))],
                    vec![icon],
                ));
            }
            let played = t.pending.iter().filter_map(|e| match Avalon::event(e) {
                Some(Event::MissionCardPlayed { seat, card: Some(c) }) => Some((*seat, *c)),
                _ => None,
            });
            for (seat, card) in played.chain(switched) {
                if looked(seat, "mission_card") {
                    continue;
                }
                let what = format!("the mission card {} played", name(seat));
                out.push(Secret::of(
                    "mission card",
                    seat.index(),
                    what,
                    card_words(card_of(card), lang),
                    vec![card_icon(card)],
                ));
            }
            out
        }

        /// The private reveal (the Lady's loyalty, the card Excalibur
        /// switched): its viewer touches the covered panel.
        fn look(ui: &Ui, _: Lang) -> Option<usize> {
            let x = ui.window.global::<tavola_screens::AvalonExtras<'_>>();
            if x.get_private_prompt().is_empty() || !x.get_private_text().is_empty() {
                return None;
            }
            let view = ui.controller.borrow().view();
            let viewer = match view.game_view.as_ref().and_then(Avalon::view_of).map(|a| a.phase.clone()) {
                Some(PhaseView::Private { viewer, .. }) => viewer,
                other => panic!("a private prompt without a private reveal: {other:?}"),
            };
            x.invoke_peek();
            Some(viewer.index())
        }
    }
}

mod soc_secrets {
    use super::*;
    use tavola_games::soc::{Command, Event, Pending, Side, Soc};

    impl Played for Soc {
        fn touch(c: Command) -> Touch {
            Touch::ShadowsOverCamelot(c)
        }

        /// Tavola knows the loyalty cards only when they are tapped on the
        /// reader: three tables in four tap them.
        fn seated(c: Command, rng: &mut GameRng) -> Command {
            match c {
                Command::Setup(mut s) => {
                    s.names = names(s.knights.len());
                    s.scan_loyalty = rng.below(4) != 0;
                    if !s.loyalty.has_traitor() && rng.below(4) != 0 {
                        s.loyalty = tavola_games::soc::LoyaltyMode::Standard;
                    }
                    Command::Setup(s)
                }
                other => other,
            }
        }

        /// While the loyalty cards are tapped, the scan is seldom skipped;
        /// half the black cards drawn are ones that may go face down, laid
        /// on the reader for the player to say how.
        fn steer(&self, c: Command, _: &[AnyEvent], rng: &mut GameRng) -> Command {
            match c {
                Command::BlackCard { .. } if rng.below(2) == 0 => {
                    let hiding: Vec<String> = Catalog::builtin()
                        .by_kind(GameKind::ShadowsOverCamelot, "black")
                        .map(|c| c.id.clone())
                        .filter(|id| id.contains("black-knight") || id.contains("lancelot-dragon"))
                        .collect();
                    Command::BlackCard { card: hiding[rng.below(hiding.len())].clone(), face_down: None, war: None }
                }
                Command::SkipLoyaltyScan if rng.below(10) != 0 => {
                    let card = if rng.below(4) == 0 {
                        "soc/loyalty/traitor".to_string()
                    } else {
                        format!("soc/loyalty/loyal-{}", 1 + rng.below(7))
                    };
                    Command::LoyaltyCard { card }
                }
                other => other,
            }
        }

        /// Shadows over Camelot's secrets:
        /// - each knight's loyalty card (when tapped on the reader), until
        ///   an accusation shows it or the game ends (the rulebook: the
        ///   traitor is revealed at the end);
        /// - a black card drawn that may go face down, until the player
        ///   says how it is laid;
        /// - a black card laid face down, until its quest's fight is over
        ///   (the face-down cards are turned over together).
        ///
        /// The white cards in a hand are never known to Tavola (it counts
        /// them), so they are no secret it could tell.
        fn secrets(&self, t: &Told<'_>) -> Vec<Secret> {
            let lang = t.lang;
            let over = self.is_over();
            let mut loyalty: BTreeMap<Seat, Side> = BTreeMap::new();
            let mut shown: BTreeSet<Seat> = BTreeSet::new();
            let mut face_down = Vec::new();
            for e in t.history {
                match Soc::event(e) {
                    Some(Event::LoyaltyRecorded { seat, side: Some(side), .. }) => {
                        loyalty.insert(*seat, *side);
                    }
                    Some(Event::LoyaltyScanSkipped) => loyalty.clear(),
                    Some(Event::LoyaltyRevealed { seat, .. }) => {
                        shown.insert(*seat);
                    }
                    Some(Event::BlackPlaced { card: Some(card), quest, face_down: true, .. }) => {
                        face_down.push((card.clone(), *quest));
                    }
                    _ => {}
                }
            }
            let mut out = Vec::new();
            for (seat, side) in loyalty {
                let exposed = self.knights().get(seat.index()).is_some_and(|k| k.exposed);
                if over || exposed || shown.contains(&seat) {
                    continue;
                }
                let (card, icon) = match side {
                    Side::Loyal => ("soc/loyalty/loyal-1", "loyal"),
                    Side::Evil => ("soc/loyalty/traitor", "evil"),
                };
                let words = card_words(card, lang);
                let what =
                    format!("{}'s loyalty card, {}", NAMES[seat.index()], words.last().cloned().unwrap_or_default());
                out.push(Secret::of("loyalty", seat.index(), what, words, vec![icon]));
            }
            if let Some(Pending::BlackChoice { card, hidden: true }) = self.pending() {
                let what = format!("the black card drawn before it is laid, {card}");
                out.push(Secret::lying(what, card_words(card, lang)));
            }
            for (card, quest) in face_down {
                if self.board().is_open(quest) && !over {
                    let what = format!("the black card laid face down, {card}");
                    out.push(Secret::lying(what, card_words(&card, lang)));
                }
            }
            out
        }
    }
}

mod kak_secrets {
    use super::*;
    use tavola_games::kak::{Command, Event, Kak};
    use tavola_games::Said;
    use tavola_screens::KakUi;

    impl Played for Kak {
        fn touch(c: Command) -> Touch {
            Touch::KingArthursKnights(c)
        }

        fn seated(c: Command, _: &mut GameRng) -> Command {
            match c {
                Command::Setup(mut s) => {
                    s.names = names(s.knights.len());
                    Command::Setup(s)
                }
                other => other,
            }
        }

        /// The table sets up on the setup page (the owner's card facts
        /// known from before): the deal's private looks follow from there.
        fn by_page(t: &mut Table, rng: &mut GameRng) -> bool {
            for (card, facts) in tavola_games::kak::test_facts(rng).to_book().iter() {
                t.input(Touch::SetFacts { card: card.to_string(), facts: facts.clone() });
            }
            let players = 2 + rng.below(3);
            let setup = t.ui.window.global::<tavola_screens::SetupUi<'_>>();
            setup.invoke_set_players(players as i32);
            for (i, name) in names(players).into_iter().enumerate() {
                setup.invoke_set_name(i as i32, name.into());
            }
            for _ in 0..8 {
                assert!(tavola_screens::lay_next_setup_card(&t.ui.window), "a location of the ring to lay");
                t.ui.step(t.now);
            }
            // Not a first game: no lesson holds the narration.
            setup.set_first_game(false);
            setup.invoke_start();
            assert_eq!(t.ui.window.global::<App<'_>>().get_page(), Page::KakBoard, "set up on its page");
            true
        }

        /// King Arthur's Knights' secrets: the two virtue cards Tavola dealt
        /// each player at setup, while they are in the hand (what is taken
        /// from the face-up piles, and what a quest or a bid shows, is
        /// public), except to the player on the screens' private look at
        /// the deal. The game's end shows no hand.
        fn secrets(&self, t: &Told<'_>) -> Vec<Secret> {
            let lang = t.lang;
            let dealt = t.history.iter().find_map(|e| match Kak::event(e) {
                Some(Event::SetUp { dealt, .. }) => Some(dealt.clone()),
                _ => None,
            });
            let mut out = Vec::new();
            for (i, (cards, p)) in dealt.unwrap_or_default().iter().zip(self.player_states()).enumerate() {
                if t.looking == Some(i) {
                    continue;
                }
                for card in cards.iter().filter(|c| p.hand.contains(c)) {
                    let Some(face) = self.facts().virtues.get(card) else { continue };
                    let words = vec![lang.text(&msg!("ui.kak.face", virtue = face.virtue.msg(), value = face.value))];
                    let what = format!("a virtue card dealt to {}, {card}", NAMES[i]);
                    out.push(Secret::of("dealt card", i, what, words, Vec::new()));
                }
            }
            out
        }

        /// The deal's private look: the player it is for takes the screen
        /// and shows their cards.
        fn look(ui: &Ui, lang: Lang) -> Option<usize> {
            let k = ui.window.global::<KakUi<'_>>();
            let show = lang.text(&msg!("ui.kak.deal.show"));
            if !k.get_actions().iter().any(|a| a.label == show.as_str()) {
                return None;
            }
            let prompt = k.get_prompt().to_string();
            let seat = NAMES.iter().position(|n| has_word(&prompt, n)).expect("the deal names whose look it is");
            assert!(tavola_screens::press_action(&ui.window, &k.get_actions(), |a| a.label == show.as_str()));
            Some(seat)
        }

        fn unlook(ui: &Ui, lang: Lang) {
            let k = ui.window.global::<KakUi<'_>>();
            let hide = lang.text(&msg!("ui.kak.deal.hide"));
            assert!(tavola_screens::press_action(&ui.window, &k.get_actions(), |a| a.label == hide.as_str()));
        }
    }
}

mod notts_secrets {
    use super::*;
    use tavola_games::nottingham::{Command, Nottingham};

    impl Played for Nottingham {
        fn touch(c: Command) -> Touch {
            Touch::Nottingham(c)
        }

        fn seated(c: Command, _: &mut GameRng) -> Command {
            match c {
                Command::Setup(mut s) => {
                    s.names = names(s.colours.len());
                    Command::Setup(s)
                }
                other => other,
            }
        }

        /// Nottingham's secret: each player's winnings pile lies face down
        /// (the rulebook: a card of each exchange is kept face down), its
        /// points counted at the end. Tavola never sees a hand.
        fn secrets(&self, t: &Told<'_>) -> Vec<Secret> {
            let _ = t;
            if self.is_over() {
                return Vec::new();
            }
            let mut out = Vec::new();
            for (i, p) in self.player_states().iter().enumerate() {
                if p.winnings.is_empty() {
                    continue;
                }
                let points: u32 = p.winnings.iter().map(|item| item.value()).sum();
                // A number the seat's place shows anyway tells nothing.
                let counts = [u32::from(p.hand), p.winnings.len() as u32, u32::from(p.ambushes)];
                if counts.contains(&points) {
                    continue;
                }
                let what = format!("the points of {}'s winnings pile, {points}", NAMES[i]);
                out.push(Secret::of("winnings", i, what, vec![points.to_string()], Vec::new()));
            }
            out
        }
    }
}

mod legends_secrets {
    use super::*;
    use tavola_games::legends::{Command, Legends};
    use tavola_games::GameEvent;

    impl Played for Legends {
        fn touch(c: Command) -> Touch {
            Touch::CamelotLegends(c)
        }

        fn seated(c: Command, _: &mut GameRng) -> Command {
            match c {
                Command::Setup(mut s) => {
                    s.names = names(s.colours.len());
                    Command::Setup(s)
                }
                other => other,
            }
        }

        /// Camelot Legends keeps nothing secret: every card Tavola sees lies
        /// face up on the table, the hands are only counted, and the bids
        /// are shown to all as they are made (the rulebook's "Eventi di
        /// Asta"). Held to that: every event it stores is its own public
        /// form, so a secret added to the engine fails here until this
        /// test knows how to look for it.
        fn secrets(&self, t: &Told<'_>) -> Vec<Secret> {
            for e in t.history.iter().chain(t.pending) {
                let e = Legends::event(e).expect("a Camelot Legends event");
                assert_eq!(e.redacted().as_ref(), Some(e), "Camelot Legends keeps something secret: {e:?}");
            }
            Vec::new()
        }
    }
}

// ---------------------------------------------------------------------------
// The tests.

/// Plays `runs` (seed, language, commands at most, restart after) of `G`,
/// and fails on the first leak, naming the page, the step and the string.
fn run<G: Played>(runs: &[(u64, Lang, usize, Option<usize>)]) -> Report {
    let started = std::time::Instant::now();
    let mut all = Report::default();
    for &(seed, lang, steps, restart) in runs {
        all += play::<G>(seed, lang, steps, restart);
    }
    println!(
        "{}: {} steps, {} screens read ({} with secrets, by kind {:?}; {} secrets checked), {} strings, \
         {} cards laid, {} private looks, {} ends ({} screens during the end's reveal), {} taken up, in {:?}",
        G::KIND.title(),
        all.steps,
        all.checks,
        all.with_secrets,
        all.kinds,
        all.secrets,
        all.strings,
        all.cards_laid,
        all.looks,
        all.ends,
        all.reveal_reads,
        all.taken_up,
        started.elapsed()
    );
    let leaks = standing(std::mem::take(&mut all.hits), &all.said);
    let first: Vec<&str> = leaks.iter().take(10).map(String::as_str).collect();
    assert!(leaks.is_empty(), "{} leaks, the first:\n{}", leaks.len(), first.join("\n"));
    assert!(all.strings > 0 && all.checks > 0);
    assert!(all.ends > 0, "no game reached its end");
    assert!(all.taken_up > 0, "no game was taken up after a restart");
    all
}

/// At least `n` screens read with a secret of `kind` on the table.
fn saw(r: &Report, kind: &str, n: usize) {
    let seen = r.kinds.get(kind).copied().unwrap_or(0);
    assert!(seen >= n, "{seen} screens read with a secret of the kind “{kind}”, fewer than {n}: {:?}", r.kinds);
}

#[test]
fn avalon_screens_never_show_a_character_a_vote_or_a_mission_card_the_rules_hide() {
    use tavola_games::avalon::Avalon;
    let r = run::<Avalon>(&[
        (1, Lang::En, 250, Some(30)),
        (2, Lang::It, 250, None),
        (3, Lang::En, 250, None),
        (4, Lang::En, 250, None),
    ]);
    assert!(r.with_secrets * 2 > r.checks, "{r:?}");
    for kind in ["character", "side", "vote", "mission card"] {
        saw(&r, kind, 50);
    }
    assert!(r.looks > 0, "no private reveal was looked at");
    assert!(r.reveal_reads > 0, "no end with the characters named one by one");
}

#[test]
fn shadows_over_camelot_screens_never_show_a_loyalty_card_or_a_face_down_card() {
    use tavola_games::soc::Soc;
    let r = run::<Soc>(&[(1, Lang::En, 300, Some(40)), (2, Lang::It, 300, None)]);
    assert!(r.with_secrets * 2 > r.checks, "{r:?}");
    saw(&r, "loyalty", 100);
    saw(&r, "card", 50);
}

#[test]
fn king_arthurs_knights_screens_never_show_a_dealt_virtue_card() {
    use tavola_games::kak::Kak;
    let r = run::<Kak>(&[(1, Lang::It, 900, None), (2, Lang::En, 150, Some(40))]);
    assert!(r.with_secrets * 2 > r.checks, "{r:?}");
    saw(&r, "dealt card", 500);
    assert!(r.looks >= 4, "each player's look at the deal: {r:?}");
}

#[test]
fn nottingham_screens_never_show_the_points_of_a_winnings_pile_before_the_end() {
    use tavola_games::nottingham::Nottingham;
    let r = run::<Nottingham>(&[(1, Lang::En, 300, Some(30)), (2, Lang::It, 300, None)]);
    assert!(r.with_secrets * 2 > r.checks, "{r:?}");
    saw(&r, "winnings", 300);
}

#[test]
fn camelot_legends_keeps_nothing_secret_and_its_screens_are_read_to_the_end() {
    use tavola_games::legends::Legends;
    run::<Legends>(&[(1, Lang::It, 300, Some(20)), (2, Lang::En, 300, None)]);
}
