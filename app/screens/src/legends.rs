//! Camelot Legends on the screen (`app/ui/pages/legends.slint`; its setup is
//! every game's, see `setup.rs`): the board (the three locations, their events and every company's totals
//! as Tavola adds them up), and the buttons for what the table is asked now.
//!
//! The buttons come from [`menu`]: the engine's list of what the rules
//! accept now ([`crate::games::Game::legal`]), each command a button; long
//! lists (the character laid, the event drawn, the
//! moves) are a page at a time, kept in [`Menu`]. No rule is decided here.

use super::screens::{self, Ask, GameScreens, Press, Shown, Sight};
use super::set_model;
use crate::catalog::Catalog;
use crate::games::legends::cards::{Colour, Skill, Special};
use crate::games::legends::{Choice, Command, Legends, LegendsView, Phase};
use crate::games::{GameKind, Lang, Legal, Msg, Said, Seat};
use crate::{
    ActionItem, AppWindow, LegCompanyItem, LegEventItem, LegNeedItem, LegPlaceItem, LegPlayerItem, LegScoreItem,
    LegStrengthItem, LegendsUi, Page,
};
use slint::{Color, ComponentHandle, Model, ModelRc};
use tavola_words::msg;

type LegalNow = [Legal<Command, Choice>];

/// A button of Camelot Legends' action grid.
type Button = screens::Button<Command, Step>;

/// A step of the screen's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::controller) enum Step {
    /// A list of choices opens.
    Open(Menu),
    /// The list shown goes to this page.
    Page(usize),
    /// Back to the choices of the moment.
    Back,
    /// The game is over: back to the games.
    Leave,
}

fn play(c: &Command, label: impl Into<String>, tone: i32) -> Button {
    screens::play(c.clone(), label, tone)
}

fn step(s: Step, label: impl Into<String>, tone: i32) -> Button {
    screens::step(s, label, tone)
}

/// Buttons a page of a long list holds (and one more for the next page).
const PAGE: usize = 11;

/// The screen's own state: a list shown a page at a time.
#[derive(Debug, Default)]
pub(in crate::controller) struct LegendsScreen {
    menu: Menu,
    /// The buttons shown.
    shown: Shown<Command, Step>,
}

/// A list shown a page at a time, or a choice in steps.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(in crate::controller) enum Menu {
    /// The choices of the moment.
    #[default]
    Main,
    /// The event drawn, picked on screen: this page.
    Draw(usize),
    /// The character laid, picked on screen: this page.
    Lay(usize),
    /// A move: this page.
    Move(usize),
    /// A character from the hand bid, picked on screen: this page.
    Bid(usize),
    /// An optional ability used: this page.
    Ability(usize),
    /// The host's corrections: this page.
    Fix(usize),
    /// The choices an event's effect offers: this page.
    Choice(usize),
    /// A hand's count set right.
    HandCount(Seat),
}

impl Menu {
    fn at_page(&self, page: usize) -> Menu {
        match self {
            Menu::Draw(_) => Menu::Draw(page),
            Menu::Lay(_) => Menu::Lay(page),
            Menu::Move(_) => Menu::Move(page),
            Menu::Bid(_) => Menu::Bid(page),
            Menu::Ability(_) => Menu::Ability(page),
            Menu::Fix(_) => Menu::Fix(page),
            Menu::Choice(_) => Menu::Choice(page),
            other => other.clone(),
        }
    }

    /// Whether the engine still lists what this menu offers.
    fn fits(&self, legal: &LegalNow) -> bool {
        let listed = |f: &dyn Fn(&Command) -> bool| legal.iter().any(|l| f(l.command()));
        match self {
            Menu::Main => true,
            Menu::Draw(_) => listed(&|c| matches!(c, Command::DrawEvent { .. })),
            Menu::Lay(_) => listed(&|c| matches!(c, Command::Lay { .. })),
            Menu::Move(_) => listed(&|c| matches!(c, Command::Move { .. })),
            Menu::Bid(_) => listed(&|c| matches!(c, Command::Bid { .. })),
            Menu::Ability(_) => listed(&Command::is_ability),
            Menu::Fix(_) => listed(&|c| matches!(c, Command::Remove { .. })),
            Menu::Choice(_) => listed(&|c| matches!(c, Command::Resolve { .. })),
            Menu::HandCount(_) => listed(&|c| matches!(c, Command::CorrectHand { .. })),
        }
    }
}

/// The colour drawn on screen for a player.
fn tint(c: Colour) -> Color {
    match c {
        Colour::Blue => Color::from_rgb_u8(0x4a, 0x8f, 0xd9),
        Colour::Red => Color::from_rgb_u8(0xd9, 0x4f, 0x45),
        Colour::Yellow => Color::from_rgb_u8(0xe8, 0xc5, 0x3a),
        Colour::Green => Color::from_rgb_u8(0x5f, 0xb0, 0x5a),
    }
}

fn card_name(card: &str, lang: Lang) -> String {
    Catalog::builtin().label(card, lang)
}

/// `items` a page at a time, with "More" while more follow and "Back".
fn paged(items: Vec<Button>, page: usize, lang: Lang) -> Vec<Button> {
    let pages = items.len().div_ceil(PAGE).max(1);
    let page = page.min(pages - 1);
    let mut out: Vec<Button> = items.into_iter().skip(page * PAGE).take(PAGE).collect();
    if pages > 1 {
        out.push(step(Step::Page((page + 1) % pages), lang.text(&msg!("ui.legends.more")), 0));
    }
    out.push(step(Step::Back, lang.text(&msg!("ui.legends.back")), 0));
    out
}

/// The words a card's name may open with that are a title or an article,
/// not the name: "Sir Gawain" is looked for under G, "Il Cavaliere Nero"
/// under C.
const TITLES: [&str; 18] = [
    "sir ",
    "ser ",
    "king ",
    "re ",
    "queen ",
    "regina ",
    "lady ",
    "dame ",
    "dama ",
    "princess ",
    "principessa ",
    "the ",
    "il ",
    "la ",
    "lo ",
    "i ",
    "le ",
    "l'",
];

/// Where a card's name is looked for in the alphabet: its name without
/// its title, in small letters.
fn sort_key(name: &str) -> String {
    let low = name.to_lowercase();
    TITLES.iter().find_map(|t| low.strip_prefix(t)).unwrap_or(&low).trim().to_string()
}

/// The first `n` letters of a sort key, as a heading ("G", "Ga").
fn initials(key: &str, n: usize) -> String {
    let mut cs = key.chars().filter(|c| c.is_alphanumeric());
    let first: String = cs.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    first + &cs.take(n.saturating_sub(1)).collect::<String>()
}

/// The cards of `items` by name (title aside). A list longer than a page
/// opens on its letters ("A – C", "D – G"…), each a button to the cards
/// under them (a page at most, page `1 + i` of the menu), so that any
/// card is two touches away; a short one is shown whole. "Back" goes from
/// the cards to the letters, and from the letters to the table's choices.
fn by_letter(items: Vec<Button>, page: usize, lang: Lang) -> Vec<Button> {
    let mut keyed: Vec<(String, Button)> = items.into_iter().map(|b| (sort_key(&b.label), b)).collect();
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let back = |to: Step| step(to, lang.text(&msg!("ui.legends.back")), 0);
    if keyed.len() <= PAGE {
        let mut out: Vec<Button> = keyed.into_iter().map(|(_, b)| b).collect();
        out.push(back(Step::Back));
        return out;
    }
    // The runs of a letter, put together while a page holds them (a
    // letter with more cards than a page is cut).
    let mut groups: Vec<Vec<(String, Button)>> = Vec::new();
    let mut runs: Vec<Vec<(String, Button)>> = Vec::new();
    for (key, b) in keyed {
        match runs.last_mut() {
            Some(run) if initials(&run[0].0, 1) == initials(&key, 1) && run.len() < PAGE => run.push((key, b)),
            _ => runs.push(vec![(key, b)]),
        }
    }
    for run in runs {
        match groups.last_mut() {
            Some(g) if g.len() + run.len() <= PAGE => g.extend(run),
            _ => groups.push(run),
        }
    }
    if let Some(group) = page.checked_sub(1).and_then(|g| groups.get_mut(g)) {
        let mut out: Vec<Button> = std::mem::take(group).into_iter().map(|(_, b)| b).collect();
        out.push(back(Step::Page(0)));
        return out;
    }
    let heading = |g: &[(String, Button)]| {
        let (first, last) = (&g[0].0, &g[g.len() - 1].0);
        // Two letters where the group starts and ends on the same one.
        let n = if initials(first, 1) == initials(last, 1) { 2 } else { 1 };
        let (a, z) = (initials(first, n), initials(last, n));
        if a == z {
            a
        } else {
            format!("{a} – {z}")
        }
    };
    let mut out: Vec<Button> = groups.iter().enumerate().map(|(i, g)| step(Step::Page(i + 1), heading(g), 0)).collect();
    out.push(back(Step::Back));
    out
}

/// The cards of the first open command whose choice `is` picks (the
/// events the deck may give, the characters that may be in a hand).
fn choice(legal: &LegalNow, is: impl Fn(&Choice) -> bool) -> Vec<String> {
    legal
        .iter()
        .filter_map(Legal::choice)
        .find(|c| is(c))
        .map(|c| match c {
            Choice::Event { cards } | Choice::Character { cards } | Choice::Bid { cards } => cards.clone(),
            _ => Vec::new(),
        })
        .unwrap_or_default()
}

/// What the table asks now and its buttons: `(prompt, buttons, fills the
/// page)`.
pub(in crate::controller) fn menu(v: &LegendsView, legal: &LegalNow, m: &Menu, lang: Lang) -> (String, Vec<Button>, bool) {
    let say = |m: Msg| lang.text(&m);
    if matches!(v.phase, Phase::Over { .. }) {
        return (String::new(), vec![step(Step::Leave, say(msg!("ui.legends.cmd.leave")), 1)], false);
    }
    if let Some(sub) = sub_menu(v, legal, m, lang) {
        return sub;
    }
    main_menu(v, legal, lang)
}

/// A list the screen opened (`m`, a page of it) or a choice in steps:
/// `None` for the choices of the moment.
fn sub_menu(v: &LegendsView, legal: &LegalNow, m: &Menu, lang: Lang) -> Option<(String, Vec<Button>, bool)> {
    let say = |m: Msg| lang.text(&m);
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    match m {
        Menu::Main => None,
        Menu::Draw(page) | Menu::Lay(page) | Menu::Bid(page) => {
            // The cards the engine says may come now, each a button.
            let (cards, ask): (Vec<String>, fn(String) -> Command) = match m {
                Menu::Draw(_) => {
                    (choice(legal, |c| matches!(c, Choice::Event { .. })), |card| Command::DrawEvent { card })
                }
                Menu::Bid(_) => (choice(legal, |c| matches!(c, Choice::Bid { .. })), |card| Command::Bid { card }),
                _ => (choice(legal, |c| matches!(c, Choice::Character { .. })), |card| Command::Lay { card }),
            };
            // By name, so that a card is found where the alphabet puts it.
            let items: Vec<Button> = cards.into_iter().map(|c| play(&ask(c.clone()), card_name(&c, lang), 0)).collect();
            let prompt = if matches!(m, Menu::Draw(_)) {
                msg!("ui.legends.ask.which_event")
            } else {
                msg!("ui.legends.ask.which_character")
            };
            Some((say(prompt), by_letter(items, *page, lang), true))
        }
        Menu::Ability(page) => {
            let items = abilities(v, legal, lang);
            Some((say(msg!("ui.legends.ask.ability")), paged(items, *page, lang), true))
        }
        Menu::Fix(page) => Some((say(msg!("ui.legends.ask.fix")), paged(fixes(v, lang), *page, lang), true)),
        Menu::Choice(page) => {
            let items = legal
                .iter()
                .filter_map(|l| match l.command() {
                    c @ Command::Resolve { card, seat, to } => {
                        Some(play(c, resolve_label(v, card.as_deref(), *seat, *to, lang), 0))
                    }
                    _ => None,
                })
                .collect();
            Some((prompt(v, lang), paged(items, *page, lang), true))
        }
        Menu::Move(page) => {
            let items = legal
                .iter()
                .filter_map(|l| match l {
                    Legal::Exact(c @ Command::Move { cards, to }) => {
                        let names: Vec<String> = cards.iter().map(|c| card_name(c, lang)).collect();
                        let label = say(msg!("ui.legends.cmd.move_to", cards = names.join(" + "), location = to.msg()));
                        Some(play(c, label, 0))
                    }
                    _ => None,
                })
                .collect();
            Some((say(msg!("ui.legends.ask.move")), paged(items, *page, lang), true))
        }
        Menu::HandCount(s) => {
            let mut a: Vec<Button> = (0..=crate::games::legends::HAND)
                .map(|cards| play(&Command::CorrectHand { seat: *s, cards }, cards.to_string(), 0))
                .collect();
            a.push(step(Step::Back, say(msg!("ui.legends.back")), 0));
            Some((say(msg!("ui.legends.ask.hand", name = who(*s))), a, false))
        }
    }
}

/// The optional abilities the engine lists now, each a button.
fn abilities(v: &LegendsView, legal: &LegalNow, lang: Lang) -> Vec<Button> {
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    legal
        .iter()
        .filter_map(|l| match l {
            Legal::Exact(c @ Command::Use { .. }) => Some(play(c, use_label(c, lang), 0)),
            Legal::Exact(c @ Command::Strike { card, target }) => Some(play(
                c,
                lang.text(&msg!(
                    "ui.legends.cmd.strike",
                    card = card_name(card, lang),
                    target = card_name(target, lang)
                )),
                2,
            )),
            Legal::Exact(c @ Command::Ward { card, target }) => Some(play(
                c,
                lang.text(&msg!("ui.legends.cmd.ward", card = card_name(card, lang), target = card_name(target, lang))),
                0,
            )),
            Legal::Exact(c @ Command::Spell { card, target }) => Some(play(
                c,
                lang.text(&msg!(
                    "ui.legends.cmd.spell",
                    card = card_name(card, lang),
                    target = card_name(target, lang)
                )),
                2,
            )),
            Legal::Exact(c @ Command::Scrap { card, event }) => Some(play(
                c,
                lang.text(&msg!("ui.legends.cmd.scrap", card = card_name(card, lang), event = card_name(event, lang))),
                2,
            )),
            Legal::Exact(c @ Command::Raid { card, seat }) => Some(play(
                c,
                lang.text(&msg!("ui.legends.cmd.raid", card = card_name(card, lang), name = who(*seat))),
                2,
            )),
            Legal::Exact(c @ Command::Recall { card }) => {
                Some(play(c, lang.text(&msg!("ui.legends.cmd.recall", card = card_name(card, lang))), 0))
            }
            Legal::Exact(c @ Command::Summon { card, target }) => Some(play(
                c,
                lang.text(&msg!(
                    "ui.legends.cmd.summon",
                    card = card_name(card, lang),
                    target = card_name(target, lang)
                )),
                0,
            )),
            Legal::Exact(c @ Command::Crown { card, event: None }) => {
                Some(play(c, lang.text(&msg!("ui.legends.cmd.crown", card = card_name(card, lang))), 1))
            }
            Legal::Exact(c @ Command::Crown { card, event: Some(e) }) => Some(play(
                c,
                lang.text(&msg!(
                    "ui.legends.cmd.crown_spending",
                    card = card_name(card, lang),
                    event = card_name(e, lang)
                )),
                1,
            )),
            _ => None,
        })
        .collect()
}

/// The choices of the moment, in the engine's order: a kind of many
/// commands (the moves, the abilities, the host's corrections, an event's
/// many choices) one button opening its list.
fn main_menu(v: &LegendsView, legal: &LegalNow, lang: Lang) -> (String, Vec<Button>, bool) {
    let say = |m: Msg| lang.text(&m);
    let laid = v.laid.as_deref().map(|c| card_name(c, lang)).unwrap_or_default();
    let mut a = Vec::new();
    let mut moves = false;
    let mut uses = false;
    let mut fix = false;
    // An event's choices a page at a time when they are many.
    let choices = legal.iter().filter(|l| matches!(l.command(), Command::Resolve { .. })).count();
    let mut choice = false;
    for l in legal {
        let c = l.command();
        let b = match c {
            Command::DrawEvent { .. } => step(Step::Open(Menu::Draw(0)), say(msg!("ui.legends.cmd.pick_event")), 1),
            Command::Lay { .. } => step(Step::Open(Menu::Lay(0)), say(msg!("ui.legends.cmd.pick_character")), 0),
            Command::Play { location } => {
                play(c, say(msg!("ui.legends.cmd.play", card = laid.as_str(), location = location.msg())), 1)
            }
            Command::Complete { card } => {
                play(c, say(msg!("ui.legends.cmd.complete", event = card_name(card, lang))), 1)
            }
            Command::Replace { target } => {
                // Sir Dagonet bid is not on the reader any more.
                let card =
                    if laid.is_empty() { card_name(crate::games::legends::texts::DAGONET, lang) } else { laid.clone() };
                let label = msg!("ui.legends.cmd.replace", card, target = card_name(target, lang));
                play(c, say(label), 1)
            }
            Command::DrawCharacter => play(c, say(msg!("ui.legends.cmd.draw_character")), 0),
            Command::Move { .. } => {
                if moves {
                    continue;
                }
                moves = true;
                step(Step::Open(Menu::Move(0)), say(msg!("ui.legends.cmd.move")), 0)
            }
            Command::EndTurn => play(c, say(msg!("ui.legends.cmd.end_turn")), 0),
            Command::EndGame => play(c, say(msg!("ui.legends.cmd.end_game")), 2),
            Command::Use { .. }
            | Command::Strike { .. }
            | Command::Ward { .. }
            | Command::Spell { .. }
            | Command::Crown { .. }
            | Command::Scrap { .. }
            | Command::Raid { .. }
            | Command::Recall { .. }
            | Command::Summon { .. } => {
                if uses {
                    continue;
                }
                uses = true;
                step(Step::Open(Menu::Ability(0)), say(msg!("ui.legends.cmd.ability")), 0)
            }
            Command::Bid { card } if l.choice().is_some() => {
                let _ = card;
                step(Step::Open(Menu::Bid(0)), say(msg!("ui.legends.cmd.bid_from_hand")), 1)
            }
            Command::Bid { card } => play(c, say(msg!("ui.legends.cmd.bid", card = card_name(card, lang))), 1),
            Command::Pass => play(c, say(msg!("ui.legends.cmd.pass")), 0),
            Command::Cover { card: Some(card) } => {
                play(c, say(msg!("ui.legends.cmd.cover", event = card_name(card, lang))), 1)
            }
            Command::Cover { card: None } => play(c, say(msg!("ui.legends.cmd.cover_none")), 0),
            Command::Grant { card } => {
                let special = v.grant.as_ref().map(|g| say(g.special.msg())).unwrap_or_default();
                play(c, say(msg!("ui.legends.cmd.grant", special, card = card_name(card, lang))), 1)
            }
            Command::Companion { card } => {
                play(c, say(msg!("ui.legends.cmd.companion", card = card_name(card, lang))), 1)
            }
            Command::Renounce { .. } => {
                let event = match &v.phase {
                    Phase::Turn(t) => t.balin.as_deref().map(|e| card_name(e, lang)).unwrap_or_default(),
                    _ => String::new(),
                };
                play(c, say(msg!("ui.legends.cmd.renounce", event)), 2)
            }
            Command::Rescue { take: true } => {
                let Some(r) = &v.rescue else { continue };
                let label = if r.by == crate::games::legends::texts::PRIAMUS {
                    msg!("ui.legends.cmd.rescue.priamus", card = card_name(&r.card, lang))
                } else {
                    msg!("ui.legends.cmd.rescue.lambegus")
                };
                play(c, say(label), 1)
            }
            Command::Resolve { .. } if choices > PAGE => {
                if choice {
                    continue;
                }
                choice = true;
                step(Step::Open(Menu::Choice(0)), say(msg!("ui.legends.cmd.choose")), 1)
            }
            Command::Resolve { card, seat, to } => {
                let style = if card.is_none() && seat.is_none() { 0 } else { 1 };
                play(c, resolve_label(v, card.as_deref(), *seat, *to, lang), style)
            }
            Command::Hunt { to } => play(c, say(msg!("ui.legends.cmd.hunt", location = to.msg())), 0),
            Command::Rescue { take: false } => play(c, say(msg!("ui.legends.cmd.rescue.decline")), 0),
            Command::Forfeit { event } => {
                play(c, say(msg!("ui.legends.cmd.forfeit", event = card_name(event, lang))), 2)
            }
            Command::Remove { .. } | Command::Relocate { .. } | Command::GiveSpecial { .. } => {
                if fix {
                    continue;
                }
                fix = true;
                step(Step::Open(Menu::Fix(0)), say(msg!("ui.legends.cmd.fix")), 2)
            }
            // Set on the setup page, by a player's tile, or on the card
            // facts form.
            Command::Setup(_) | Command::CorrectHand { .. } | Command::Learn { .. } => continue,
        };
        a.push(b);
    }
    (prompt(v, lang), a, false)
}

/// A choice of an event's effect: the character discarded, taken or
/// given, the player chosen, or none.
fn resolve_label(
    v: &LegendsView,
    card: Option<&str>,
    seat: Option<Seat>,
    to: Option<crate::games::legends::Location>,
    lang: Lang,
) -> String {
    use crate::games::legends::Effect;
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    let effect = v.effect.as_ref().map(|p| &p.effect);
    if let (Some(c), Some(l)) = (card, to) {
        return lang.text(&msg!("ui.legends.cmd.resolve.journey", card = card_name(c, lang), location = l.msg()));
    }
    lang.text(&match (effect, card, seat) {
        (_, None, None) => msg!("ui.legends.cmd.resolve.none"),
        (Some(Effect::VillainousRequest { .. }), Some(c), _) => {
            msg!("ui.legends.cmd.resolve.take", card = card_name(c, lang))
        }
        (Some(Effect::Captive { .. }), Some(c), _) => {
            msg!("ui.legends.cmd.resolve.captive", card = card_name(c, lang))
        }
        (_, Some(c), Some(s)) => msg!("ui.legends.cmd.resolve.give", card = card_name(c, lang), name = who(s)),
        (_, Some(c), None) => msg!("ui.legends.cmd.resolve.discard", card = card_name(c, lang)),
        (Some(Effect::FalsePromise), None, Some(s)) => msg!("ui.legends.cmd.resolve.exchange", name = who(s)),
        (_, None, Some(s)) => msg!("ui.legends.cmd.resolve.card_to", name = who(s)),
    })
}

/// An optional ability's button: the character, the skill and by how
/// much, the knight it acts on.
fn use_label(c: &Command, lang: Lang) -> String {
    let Command::Use { card, target, skill } = c else { return String::new() };
    let skill = skill.map_or_else(|| lang.text(&msg!("ui.legends.every_skill")), |s| lang.text(&s.msg()));
    match target {
        Some(t) => {
            lang.text(&msg!("ui.legends.cmd.use_on", card = card_name(card, lang), skill, target = card_name(t, lang)))
        }
        None => lang.text(&msg!("ui.legends.cmd.use", card = card_name(card, lang), skill)),
    }
}

/// The host's corrections as buttons: each character on the table
/// discarded, back to its hand, moved to another location; each special
/// card given or put back (the full game).
fn fixes(v: &LegendsView, lang: Lang) -> Vec<Button> {
    let say = |m: Msg| lang.text(&m);
    let mut out = Vec::new();
    for place in &v.places {
        for company in &place.companies {
            for card in &company.cards {
                let name = card_name(card, lang);
                let remove = Command::Remove { card: card.clone(), to_hand: false };
                out.push(play(&remove, say(msg!("ui.legends.fix.discard", card = name.as_str())), 2));
                let back = Command::Remove { card: card.clone(), to_hand: true };
                out.push(play(&back, say(msg!("ui.legends.fix.to_hand", card = name.as_str())), 0));
                // Nobody reaches or leaves the Isle of Avalon by the host's hand.
                let isle = crate::games::legends::Location::IsleOfAvalon;
                let moves = v.places.iter().map(|p| p.location).filter(|l| *l != place.location && *l != isle);
                for to in moves.filter(|_| place.location != isle) {
                    let go = Command::Relocate { card: card.clone(), to, seat: None };
                    out.push(play(
                        &go,
                        say(msg!("ui.legends.fix.relocate", card = name.as_str(), location = to.msg())),
                        0,
                    ));
                }
                if v.mode.full() {
                    for special in Special::ALL.into_iter().filter(|k| !v.specials.contains(&(*k, card.clone()))) {
                        let give = Command::GiveSpecial { special, card: Some(card.clone()) };
                        out.push(play(
                            &give,
                            say(msg!("ui.legends.fix.give", special = special.msg(), card = name.as_str())),
                            0,
                        ));
                    }
                }
            }
        }
    }
    for (special, _) in &v.specials {
        let back = Command::GiveSpecial { special: *special, card: None };
        out.push(play(&back, say(msg!("ui.legends.fix.put_back", special = special.msg())), 0));
    }
    out
}

/// The question of the moment.
fn prompt(v: &LegendsView, lang: Lang) -> String {
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    let laid = v.laid.as_deref().map(|c| card_name(c, lang));
    if v.auction.as_ref().is_some_and(|a| a.dagonet.is_some()) {
        return lang.text(&msg!("ui.legends.ask.dagonet_bid"));
    }
    if let Some(a) = &v.auction {
        let event = card_name(&a.event, lang);
        return lang.text(&msg!("ui.legends.ask.bid", event, name = who(a.to), count = a.max));
    }
    if v.black_knight {
        return lang.text(&msg!("ui.legends.ask.cover"));
    }
    if let Some(g) = &v.grant {
        return lang.text(&msg!("ui.legends.ask.grant", name = who(g.seat), special = g.special.msg()));
    }
    if let Some(p) = &v.effect {
        use crate::games::legends::Effect;
        let name = who(p.seat);
        return lang.text(&match &p.effect {
            Effect::Assassination => msg!("narration.legends.effect.assassination", name),
            Effect::TrialByCombat => msg!("narration.legends.effect.trial_by_combat", name),
            Effect::VillainousRequest { .. } => msg!("narration.legends.effect.villainous_request", name),
            Effect::FalsePromise => msg!("narration.legends.effect.false_promise", name),
            Effect::Tournament { .. } => msg!("narration.legends.effect.tournament", name),
            Effect::RoyalBoon { .. } => msg!("narration.legends.effect.royal_boon", name),
            Effect::NobleAlliance { .. } => msg!("narration.legends.effect.noble_alliance", name),
            Effect::DarkJourney { .. } => msg!("narration.legends.effect.dark_journey", name),
            Effect::Champion { .. } => msg!("narration.legends.effect.champion", name),
            Effect::Winner { knight } => msg!("narration.legends.effect.winner", name, card = card_name(knight, lang)),
            Effect::Captive { .. } => msg!("narration.legends.effect.captive", name),
            Effect::Departure => msg!("narration.legends.effect.departure", name),
        });
    }
    if let Some(r) = &v.rescue {
        let card = card_name(&r.card, lang);
        return lang.text(&if r.by == crate::games::legends::texts::PRIAMUS {
            msg!("ui.legends.ask.rescue.priamus", name = who(r.seat), card)
        } else {
            msg!("ui.legends.ask.rescue.lambegus", name = who(r.seat), card)
        });
    }
    if let Some(s) = v.forfeit {
        return lang.text(&msg!("ui.legends.ask.forfeit", name = who(s)));
    }
    if v.companion_due {
        let holder = v.specials.iter().find(|(s, _)| *s == Special::LovePotion).map(|(_, h)| card_name(h, lang));
        return lang.text(&msg!("ui.legends.ask.companion", card = holder.unwrap_or_default()));
    }
    // The Mysterious Damosel's lady.
    if let (Phase::Turn(t), None) = (&v.phase, &laid) {
        if t.damosel {
            return lang.text(&msg!("narration.legends.effect.damosel", name = who(t.seat)));
        }
    }
    // Lady Lunete's offer, or Lady Ettard's spell, after the last action.
    if let (Phase::Turn(t), None, 0) = (&v.phase, &laid, v.actions_left) {
        if let Some(l) = t.lunete {
            return lang.text(&msg!("ui.legends.ask.lunete", name = who(t.seat), location = l.msg()));
        }
        if t.ettard {
            return lang.text(&msg!("ui.legends.ask.ettard", name = who(t.seat)));
        }
    }
    lang.text(&match (&v.phase, laid) {
        (Phase::Setup | Phase::Over { .. }, _) => return String::new(),
        (Phase::Placing { seat, .. }, None) => msg!("ui.legends.ask.place", name = who(*seat)),
        (Phase::Placing { .. } | Phase::Turn(_), Some(card)) => msg!("ui.legends.ask.where", card),
        (Phase::Turn(t), None) if !t.drawn => msg!("ui.legends.ask.draw", name = who(t.seat)),
        (Phase::Turn(t), None) => msg!("ui.legends.ask.actions", name = who(t.seat), count = v.actions_left),
    })
}

/// An event's line: its name, what it asks, its points, who meets it now.
fn event_words(v: &LegendsView, e: &crate::games::legends::EventView, lang: Lang) -> String {
    let who = |i: usize| crate::said(v.players.get(i).map_or("", |p| p.name.as_str()), Seat(i as u8)).text(lang);
    let name = card_name(&e.card, lang);
    let needs: Vec<String> =
        e.requirements.iter().map(|r| format!("{} {}", lang.text(&r.skill.msg()), r.needed)).collect();
    let met: Vec<String> = e.met.iter().enumerate().filter(|(_, m)| **m).map(|(i, _)| who(i)).collect();
    let met = if met.is_empty() { "—".to_string() } else { met.join(", ") };
    if let Some(total) = e.any_skill {
        return lang.text(&msg!(
            "ui.legends.any_skill",
            event = name,
            total = i64::from(total),
            points = e.victory_points,
            names = met
        ));
    }
    if let Some(lone) = &e.lone {
        let skill = |i: usize| lone.skills.get(i).map(|s| lang.text(&s.msg())).unwrap_or_default();
        return lang.text(&msg!(
            "ui.legends.lone",
            event = name,
            first = skill(0),
            second = skill(1),
            total = i64::from(lone.total),
            points = e.victory_points,
            names = met
        ));
    }
    lang.text(&msg!(
        "ui.legends.event",
        event = name,
        needs = needs.join(" + "),
        points = e.victory_points,
        names = met
    ))
}

/// What a location holds besides its events and companies, a line each:
/// the Castle of Maidens' prisoners with their players, the Isle's rule.
fn place_note(v: &LegendsView, place: &crate::games::legends::PlaceView, lang: Lang) -> String {
    let who = |i: usize| crate::said(v.players.get(i).map_or("", |p| p.name.as_str()), Seat(i as u8)).text(lang);
    let mut lines = Vec::new();
    if !place.captives.is_empty() {
        let held: Vec<String> =
            place.captives.iter().map(|c| format!("{} ({})", card_name(&c.card, lang), who(c.seat.index()))).collect();
        lines.push(lang.text(&msg!("ui.legends.captives", names = held.join(", "))));
    }
    if place.location == crate::games::legends::Location::IsleOfAvalon {
        lines.push(lang.text(&msg!("ui.legends.isle_rule")));
    }
    lines.join("\n")
}

/// A location's events, a line each (see [`event_words`]), then what it
/// holds besides (see [`place_note`]).
fn events_text(v: &LegendsView, place: &crate::games::legends::PlaceView, lang: Lang) -> String {
    let mut lines: Vec<String> = place.events.iter().map(|e| event_words(v, e, lang)).collect();
    let note = place_note(v, place, lang);
    if !note.is_empty() {
        lines.push(note);
    }
    lines.join("\n")
}

/// The colour of a seat's player.
fn seat_tint(v: &LegendsView, seat: Seat) -> Color {
    v.players.get(seat.index()).map_or(Color::from_rgb_u8(0x80, 0x80, 0x80), |p| tint(p.colour))
}

/// A location's events as drawn: each a card with its requirements, and
/// under each requirement every company's strength against it, in the
/// companies' order (the models within the rows are filled by the binding,
/// see [`nest_events`]).
fn event_cards(v: &LegendsView, place: &crate::games::legends::PlaceView, lang: Lang) -> Vec<EventRow> {
    let total = |c: &crate::games::legends::CompanyView, s: Skill| c.totals.get(&s).copied().unwrap_or(0);
    let met_by = |e: &crate::games::legends::EventView, seat: Seat| e.met.get(seat.index()).copied().unwrap_or(false);
    place
        .events
        .iter()
        .map(|e| {
            // (skill, second skill, needed, a single knight's, each company's strength)
            let mut needs: Vec<(i32, i32, i32, bool, Vec<LegStrengthItem>)> = Vec::new();
            let strength = |seat: Seat, value: String, met: bool| LegStrengthItem {
                tint: seat_tint(v, seat),
                value: value.into(),
                met,
            };
            if let Some(needed) = e.any_skill {
                let strengths = place
                    .companies
                    .iter()
                    .map(|c| {
                        let best = Skill::ALL.iter().map(|s| total(c, *s)).max().unwrap_or(0);
                        strength(c.seat, best.to_string(), met_by(e, c.seat))
                    })
                    .collect();
                needs.push((-1, -1, needed, false, strengths));
            } else if let Some(lone) = &e.lone {
                let index = |i: usize| lone.skills.get(i).map_or(-1, |s| *s as i32);
                let strengths = place
                    .companies
                    .iter()
                    .map(|c| {
                        let met = met_by(e, c.seat);
                        strength(c.seat, if met { "✓" } else { "–" }.into(), met)
                    })
                    .collect();
                needs.push((index(0), index(1), lone.total, true, strengths));
            } else {
                for r in &e.requirements {
                    let needed = i32::from(r.needed);
                    let strengths = place
                        .companies
                        .iter()
                        .map(|c| {
                            let t = total(c, r.skill);
                            strength(c.seat, t.to_string(), t >= needed)
                        })
                        .collect();
                    needs.push((r.skill as i32, -1, needed, false, strengths));
                }
            }
            let needs = needs
                .into_iter()
                .map(|(skill, second, needed, lone, strengths)| {
                    (LegNeedItem { skill, second, needed, lone, strengths: Default::default() }, strengths)
                })
                .collect();
            let item = LegEventItem {
                name: card_name(&e.card, lang).into(),
                points: i32::from(e.victory_points),
                needs: Default::default(),
                lone: e.lone.is_some(),
                met: e.met.iter().any(|m| *m),
                words: event_words(v, e, lang).into(),
            };
            EventRow { item, needs }
        })
        .collect()
}

/// An event as drawn ([`event_cards`]): its row, and each requirement's
/// row with every company's strength against it.
#[derive(Debug)]
pub(in crate::controller) struct EventRow {
    item: LegEventItem,
    needs: Vec<(LegNeedItem, Vec<LegStrengthItem>)>,
}

/// A location as drawn: its row, its events and its companies (each with
/// its totals in the rules' order).
#[derive(Debug)]
pub(in crate::controller) struct PlaceRow {
    item: LegPlaceItem,
    events: Vec<EventRow>,
    companies: Vec<(LegCompanyItem, Vec<i32>)>,
}

/// The events' rows into the models they were in at the last refresh
/// (`before`, see `nested`).
fn nest_events(before: Option<ModelRc<LegEventItem>>, events: Vec<EventRow>) -> ModelRc<LegEventItem> {
    let rows: Vec<LegEventItem> = events
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let needs_before = before.as_ref().and_then(|m| m.row_data(i)).map(|row| row.needs);
            let needs: Vec<LegNeedItem> = e
                .needs
                .into_iter()
                .enumerate()
                .map(|(j, (need, strengths))| {
                    let strengths_before = needs_before.as_ref().and_then(|m| m.row_data(j)).map(|row| row.strengths);
                    LegNeedItem { strengths: super::nested(strengths_before, strengths), ..need }
                })
                .collect();
            LegEventItem { needs: super::nested(needs_before, needs), ..e.item }
        })
        .collect();
    super::nested(before, rows)
}

/// The companies' rows into the models they were in at the last refresh.
fn nest_companies(
    before: Option<ModelRc<LegCompanyItem>>,
    companies: Vec<(LegCompanyItem, Vec<i32>)>,
) -> ModelRc<LegCompanyItem> {
    let rows: Vec<LegCompanyItem> = companies
        .into_iter()
        .enumerate()
        .map(|(i, (company, totals))| {
            let totals_before = before.as_ref().and_then(|m| m.row_data(i)).map(|row| row.totals);
            LegCompanyItem { totals: super::nested(totals_before, totals), ..company }
        })
        .collect();
    super::nested(before, rows)
}

/// A location's companies, a line each: whose, how many characters, the
/// totals per skill.
fn companies_text(v: &LegendsView, place: &crate::games::legends::PlaceView, lang: Lang) -> String {
    let mut lines = Vec::new();
    for c in &place.companies {
        let totals: Vec<String> = Skill::ALL
            .iter()
            .map(|s| format!("{} {}", lang.text(&s.msg()), c.totals.get(s).copied().unwrap_or(0)))
            .collect();
        lines.push(format!("{}: {}", company_who(v, c, lang), totals.join(" · ")));
    }
    lines.join("\n")
}

/// Whose company and which characters: "Anna (Sir Kay [Excalibur], ...)".
fn company_who(v: &LegendsView, c: &crate::games::legends::CompanyView, lang: Lang) -> String {
    let name = crate::said(v.players.get(c.seat.index()).map_or("", |p| p.name.as_str()), c.seat).text(lang);
    {
        let cards: Vec<String> = c
            .cards
            .iter()
            .map(|x| {
                let mut name = card_name(x, lang);
                for (special, _) in c.specials.iter().filter(|(_, h)| h == x) {
                    name = format!("{name} [{}]", lang.text(&special.msg()));
                }
                if c.leaving.contains(x) {
                    name = format!("{name} †");
                }
                name
            })
            .collect();
        format!("{name} ({})", cards.join(", "))
    }
}

/// A location's companies as drawn: whose and which characters, their
/// player's colour, the totals in the rules' order.
fn company_rows(
    v: &LegendsView,
    place: &crate::games::legends::PlaceView,
    lang: Lang,
) -> Vec<(LegCompanyItem, Vec<i32>)> {
    place
        .companies
        .iter()
        .map(|c| {
            let totals: Vec<i32> = Skill::ALL.iter().map(|s| c.totals.get(s).copied().unwrap_or(0)).collect();
            let company = LegCompanyItem {
                who: company_who(v, c, lang).into(),
                tint: seat_tint(v, c.seat),
                totals: Default::default(),
            };
            (company, totals)
        })
        .collect()
}

/// What Camelot Legends' pages show (the `LegendsUi` global), as plain
/// data.
#[derive(Debug, Default)]
pub(in crate::controller) struct LegendsShows {
    players: Vec<LegPlayerItem>,
    places: Vec<PlaceRow>,
    status: String,
    prompt: String,
    actions: Vec<ActionItem>,
    big_menu: bool,
    result_title: String,
    result_reason: String,
    scores: Vec<LegScoreItem>,
}

/// The line under the board: the decks, the heraldic card, the turns
/// before the end, the characters bid (shown to all).
fn status(v: &LegendsView, lang: Lang) -> String {
    let heraldic = v.heraldic.as_deref().map(|c| card_name(c, lang)).unwrap_or_else(|| "—".into());
    let mut status = lang.text(&msg!(
        "ui.legends.status",
        events = u32::from(v.event_deck),
        characters = u32::from(v.character_deck),
        heraldic
    ));
    if let Some(n) = v.before_final {
        status = format!("{status} · {}", lang.text(&msg!("ui.legends.before_final", count = u32::from(n))));
    }
    // The bid characters are shown to all ("viene mostrato a tutti").
    if let Some(a) = &v.auction {
        let bids: Vec<String> = a
            .bids
            .iter()
            .enumerate()
            .filter(|(_, b)| !b.is_empty())
            .map(|(i, b)| {
                let cards: Vec<String> = b.iter().map(|c| card_name(c, lang)).collect();
                let name = crate::said(v.players.get(i).map_or("", |p| p.name.as_str()), Seat(i as u8)).text(lang);
                format!("{name}: {}", cards.join(", "))
            })
            .collect();
        let bids = if bids.is_empty() { "—".to_string() } else { bids.join(" · ") };
        status = format!("{status}\n{}", lang.text(&msg!("ui.legends.bids", bids)));
    }
    status
}

/// The end: the winners, why, and the scores.
fn end(v: &LegendsView, outcome: Option<&crate::games::Outcome>, lang: Lang, shows: &mut LegendsShows) {
    let words = outcome.and_then(|o| GameKind::CamelotLegends.outcome_words(&o.winner, &o.reason));
    let winners = v.winners.clone().unwrap_or_default();
    let name = |s: &Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), *s).text(lang);
    shows.result_title = match winners.as_slice() {
        [] => words.as_ref().map(|w| lang.text(&w.title)).unwrap_or_default(),
        [one] => lang.text(&msg!("ui.legends.end.winner", name = name(one))),
        many => {
            let names: Vec<String> = many.iter().map(name).collect();
            lang.text(&msg!("ui.legends.end.shared", names = names.join(", ")))
        }
    };
    shows.result_reason = words.map(|w| lang.text(&w.reason)).unwrap_or_default();
    shows.scores = v
        .players
        .iter()
        .map(|p| LegScoreItem {
            name: p.name.clone().into(),
            tint: tint(p.colour),
            points: p.points as i32,
            winner: winners.contains(&p.seat),
        })
        .collect();
}

impl GameScreens for Legends {
    type Screen = LegendsScreen;
    /// Nothing before the game is set up: the board keeps what it showed.
    type Shows = Option<LegendsShows>;
    const PARTS: screens::Parts = screens::Parts::Colours;

    fn page(v: &LegendsView) -> Page {
        match v.phase {
            Phase::Setup => Page::Setup,
            Phase::Over { .. } => Page::LegendsEnd,
            _ => Page::LegendsBoard,
        }
    }

    fn show(screen: &mut LegendsScreen, sight: &Sight<'_, Legends>) -> Option<LegendsShows> {
        let lang = sight.lang;
        if sight.view.players.is_empty() {
            return None;
        }
        // A seat nobody named is "Seat 2" on the screen, in its language.
        let mut v = sight.view.clone();
        for p in &mut v.players {
            p.name = sight.seat_label(p.seat, &p.name);
        }
        let v = &v;
        if !screen.menu.fits(&sight.legal) {
            screen.menu = Menu::Main;
        }
        let players = v
            .players
            .iter()
            .map(|p| LegPlayerItem {
                name: p.name.clone().into(),
                tint: tint(p.colour),
                hand: i32::from(p.hand),
                points: p.points as i32,
                turn: p.turn,
            })
            .collect();
        let places = v
            .places
            .iter()
            .map(|p| PlaceRow {
                item: LegPlaceItem {
                    name: lang.text(&p.location.msg()).into(),
                    events: events_text(v, p, lang).into(),
                    event_cards: Default::default(),
                    note: place_note(v, p, lang).into(),
                    companies: companies_text(v, p, lang).into(),
                    company_rows: Default::default(),
                    done: p.done_this_turn,
                },
                events: event_cards(v, p, lang),
                companies: company_rows(v, p, lang),
            })
            .collect();
        let mut shows = LegendsShows { players, places, status: status(v, lang), ..LegendsShows::default() };
        let (prompt, buttons, big) = menu(v, &sight.legal, &screen.menu, lang);
        shows.actions = screen.shown.show(buttons);
        shows.prompt = prompt;
        shows.big_menu = big;
        end(v, sight.outcome.as_ref(), lang, &mut shows);
        Some(shows)
    }

    fn bind(shows: Option<LegendsShows>, window: &AppWindow) {
        let Some(s) = shows else { return };
        let ui = window.global::<LegendsUi<'_>>();
        set_model(&ui.get_players(), s.players, |m| ui.set_players(m));
        let before = ui.get_places();
        let places: Vec<LegPlaceItem> = s
            .places
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let row = before.row_data(i);
                LegPlaceItem {
                    event_cards: nest_events(row.as_ref().map(|r| r.event_cards.clone()), p.events),
                    company_rows: nest_companies(row.map(|r| r.company_rows), p.companies),
                    ..p.item
                }
            })
            .collect();
        set_model(&ui.get_places(), places, |m| ui.set_places(m));
        ui.set_status(s.status.into());
        ui.set_prompt(s.prompt.into());
        set_model(&ui.get_actions(), s.actions, |m| ui.set_actions(m));
        ui.set_big_menu(s.big_menu);
        ui.set_result_title(s.result_title.into());
        ui.set_result_reason(s.result_reason.into());
        set_model(&ui.get_scores(), s.scores, |m| ui.set_scores(m));
    }

    /// Runs the button at `index` of those shown (see [`menu`]).
    fn act(screen: &mut LegendsScreen, _: &Sight<'_, Legends>, index: i32) -> Option<Ask<Command>> {
        let press = screen.shown.pressed(index)?;
        let menu = std::mem::take(&mut screen.menu);
        let (next, ask) = match press {
            Press::Play(c) => (Menu::Main, Some(Ask::Play(c))),
            Press::Step(Step::Open(m)) => (m, None),
            Press::Step(Step::Page(page)) => (menu.at_page(page), None),
            Press::Step(Step::Back) => (Menu::Main, None),
            Press::Step(Step::Leave) => (Menu::Main, Some(Ask::Leave)),
        };
        screen.menu = next;
        ask
    }

    /// A player's line: their count of cards in hand set right.
    fn seat(screen: &mut LegendsScreen, _: &Sight<'_, Legends>, seat: Seat) -> Option<Ask<Command>> {
        screen.menu = Menu::HandCount(seat);
        None
    }

    /// A pawn's colour.
    fn tint(code: &str) -> Option<Color> {
        crate::games::from_code::<Colour>(code).map(tint)
    }

    fn starting(screen: &mut Self::Screen) {
        screen.menu = Menu::Main;
    }

    /// The events drawn and the characters laid.
    fn picker_cards(catalog: &Catalog) -> Vec<String> {
        screens::catalog_cards(catalog, GameKind::CamelotLegends, &["event", "character"], 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    /// The board as a sight of a game under way shows it, with no window:
    /// a row per player and per location, each location's events and
    /// companies as the view holds them, buttons only for what the engine
    /// lists; a player's line opens the counts their hand may be set to.
    #[test]
    fn the_board_shows_every_location_and_a_players_line_opens_their_hand() {
        use crate::table::sight::empty_table;
        let mut ctx = crate::games::Ctx::seeded(5);
        let mut g = Legends::default();
        for _ in 0..2_000 {
            if g.players() > 0 && g.view().places.iter().any(|p| !p.companies.is_empty()) {
                break;
            }
            let cmd = crate::games::testkit::Fuzz::random_command(&g, &mut ctx.rng);
            let _ = g.execute(&cmd, &mut ctx);
        }
        let (view, table) = (g.view(), empty_table(Lang::It));
        assert!(g.players() > 0 && !g.is_over(), "a game under way");
        let sight = Sight::of_engine(&g, &view, &table, None);
        let mut screen = LegendsScreen::default();
        let shows = Legends::show(&mut screen, &sight).expect("set up");
        assert_eq!(shows.players.len(), view.players.len());
        assert_eq!(shows.places.len(), view.places.len());
        for (row, place) in shows.places.iter().zip(&view.places) {
            assert_eq!(row.item.name.as_str(), Lang::It.text(&place.location.msg()));
            assert_eq!(row.events.len(), place.events.len());
            assert_eq!(row.companies.len(), place.companies.len());
            for (company, totals) in &row.companies {
                assert!(!company.who.is_empty());
                assert_eq!(totals.len(), Skill::ALL.len());
            }
        }
        assert!(shows.places.iter().any(|p| !p.companies.is_empty()), "a company laid");
        assert!(!shows.prompt.is_empty() && !shows.actions.is_empty());
        for action in shows.actions.iter().filter(|a| !a.step) {
            let sent = match screen.shown.pressed(action.index) {
                Some(Press::Play(c)) => c,
                other => panic!("{other:?}"),
            };
            let listed = sight.legal.iter().any(|l| match l {
                Legal::Open(c, _) => std::mem::discriminant(c) == std::mem::discriminant(&sent),
                _ => l.command() == &sent,
            });
            assert!(listed, "{sent:?} is not listed");
        }
        assert_eq!(Legends::seat(&mut screen, &sight, Seat(1)), None);
        let shows = Legends::show(&mut screen, &sight).expect("set up");
        let counts: Vec<&str> = shows.actions.iter().map(|a| a.label.as_str()).collect();
        assert_eq!(counts.len(), usize::from(crate::games::legends::HAND) + 2, "0 to a full hand, and back");
        assert_eq!(counts[0], "0");
        let back = shows.actions.last().expect("back").index;
        assert_eq!(Legends::act(&mut screen, &sight, back), None);
        assert_eq!(screen.menu, Menu::Main);
    }

    #[test]
    fn the_buttons_are_the_engines_legal_commands_in_every_state_of_random_games() {
        let buttons = |g: &Legends, lang: Lang| {
            let (v, legal) = (g.view(), g.legal());
            let (prompt, main, _) = menu(&v, &legal, &Menu::Main, lang);
            assert!(!prompt.is_empty() && !prompt.contains("ui."), "{prompt}");
            let mut all = main.clone();
            for b in &main {
                if let Press::Step(Step::Open(m)) = &b.press {
                    // Every page of the list.
                    for page in 0..12 {
                        all.extend(menu(&v, &legal, &m.at_page(page), lang).1);
                    }
                }
            }
            all
        };
        let states = super::super::buttons_follow_legal::<Legends, _>(0..12, 500, buttons, |_, a, b| a == b, |_| false);
        assert!(states > 1_000, "only {states} states");
    }

    #[test]
    fn the_cards_to_pick_are_listed_by_name_in_the_language_of_the_moment() {
        let mut checked = 0;
        for seed in 0..20 {
            let mut ctx = crate::games::Ctx::seeded(seed);
            let mut g = Legends::default();
            for _ in 0..200 {
                let legal = g.legal();
                for lang in Lang::ALL {
                    for m in [Menu::Draw(0), Menu::Lay(0), Menu::Bid(0)] {
                        let v = g.view();
                        let (_, first, _) = menu(&v, &legal, &m, lang);
                        // The cards shown, through every letter of a long list.
                        let mut shown = first.clone();
                        for b in &first {
                            if let Press::Step(Step::Page(p)) = b.press {
                                let (_, cards, _) = menu(&v, &legal, &m.at_page(p), lang);
                                assert!(cards.len() <= PAGE + 1, "a letter's cards fit a page: {}", cards.len());
                                assert!(
                                    cards.iter().any(|c| c.press == Press::Step(Step::Page(0))),
                                    "back to the letters"
                                );
                                shown.extend(cards);
                            }
                        }
                        let names: Vec<String> = shown
                            .iter()
                            .filter(|b| matches!(b.press, Press::Play(_)))
                            .map(|b| sort_key(&b.label))
                            .collect();
                        let cards = choice(&legal, |c| match m {
                            Menu::Draw(_) => matches!(c, Choice::Event { .. }),
                            Menu::Bid(_) => matches!(c, Choice::Bid { .. }),
                            _ => matches!(c, Choice::Character { .. }),
                        });
                        assert_eq!(names.len(), cards.len(), "every card can be reached");
                        if names.len() > 2 {
                            checked += 1;
                            assert!(names.windows(2).all(|w| w[0] <= w[1]), "{lang:?}: {names:?}");
                        }
                    }
                }
                let cmd = crate::games::testkit::Fuzz::random_command(&g, &mut ctx.rng);
                let _ = g.execute(&cmd, &mut ctx);
            }
        }
        assert!(checked > 20, "only {checked} lists seen");
    }

    #[test]
    fn sixty_characters_open_on_their_letters_and_any_is_two_touches_away() {
        let names: Vec<String> = ["Sir Gawain", "King Arthur", "Merlin", "Sir Bors", "The White Knight", "Sir Kay"]
            .into_iter()
            .map(String::from)
            .chain((0..54).map(|i| format!("Sir {}{}", char::from(b'A' + (i % 26) as u8), i)))
            .collect();
        let items: Vec<Button> = names.iter().map(|n| play(&Command::Pass, n.clone(), 0)).collect();
        let letters = by_letter(items.clone(), 0, Lang::En);
        assert!(letters.len() <= PAGE + 2, "the letters fit a page: {}", letters.len());
        assert_eq!(letters.last().unwrap().press, Press::Step(Step::Back));
        assert!(letters[0].label.starts_with('A'), "{:?}", letters.iter().map(|b| &b.label).collect::<Vec<_>>());
        // Gawain is under G, not under S with every other knight.
        let (label, cards) = letters
            .iter()
            .find_map(|b| match b.press {
                Press::Step(Step::Page(p)) => {
                    let cards = by_letter(items.clone(), p, Lang::En);
                    cards.iter().any(|c| c.label == "Sir Gawain").then(|| (b.label.clone(), cards))
                }
                _ => None,
            })
            .expect("Gawain under a letter");
        let (first, last) = (label.chars().next().unwrap(), label.chars().last().unwrap());
        assert!(first <= 'G' && 'G' <= last, "Gawain under {label}");
        assert_eq!(cards.last().unwrap().press, Press::Step(Step::Page(0)), "back to the letters");
        // Every card once, through the letters.
        let mut all: Vec<String> = Vec::new();
        for b in &letters {
            if let Press::Step(Step::Page(p)) = b.press {
                all.extend(by_letter(items.clone(), p, Lang::En).into_iter().filter_map(|c| match c.press {
                    Press::Play(_) => Some(c.label),
                    _ => None,
                }));
            }
        }
        let mut expected = names.clone();
        expected.sort_by_key(|n| sort_key(n));
        assert_eq!(all, expected);
        // A short list is shown whole.
        assert_eq!(by_letter(items[..5].to_vec(), 0, Lang::En).len(), 6);
    }

    #[test]
    fn a_long_list_goes_a_page_at_a_time_and_comes_round_again() {
        let items: Vec<Button> = (0..25).map(|i| play(&Command::Pass, i.to_string(), 0)).collect();
        let first = paged(items.clone(), 0, Lang::En);
        assert_eq!(first.len(), PAGE + 2, "a page, More and Back");
        assert_eq!(first[PAGE].press, Press::Step(Step::Page(1)));
        let last = paged(items, 2, Lang::En);
        assert_eq!(last.len(), 3 + 2);
        assert_eq!(last[3].press, Press::Step(Step::Page(0)), "More comes round to the first page");
    }
}
