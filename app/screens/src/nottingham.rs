//! Nottingham on the screen (`app/ui/pages/notts.slint`; its setup is every
//! game's, see `setup.rs`): the board as Tavola counts it, and the buttons
//! for what the table is asked now.
//!
//! The buttons come from [`menu`]: the engine's list of what the rules
//! accept now ([`crate::games::Game::legal`]), each command a button, the
//! commands chosen from a list behind one button, and the choices made in
//! steps (an exchange's item, then its count) kept in [`Menu`]. No rule is
//! decided here.

use super::screens::{self, Ask, GameScreens, Press, Shown, Sight};
use super::set_model;
use crate::catalog::Catalog;
use crate::games::nottingham::items::{item_ambush_cards, COMMISSION_POINTS};
use crate::games::nottingham::{
    Choice, Colour, Command, Commission, Facts, Item, Nottingham, NottinghamView, Points, StepView,
};
use crate::games::{FactBook, GameKind, Lang, Legal, Msg, Said, Seat, SetupAnswers};
use crate::{ActionItem, AppWindow, NottsPlayerItem, NottsScoreItem, NottsSpace, NottsUi, Page};
use slint::{Color, ComponentHandle};
use tavola_words::msg;

type LegalNow = [Legal<Command, Choice>];

/// A button of Nottingham's action grid.
type Button = screens::Button<Command, Step>;

/// A step of the screen's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::controller) enum Step {
    /// A list of choices opens.
    Open(Menu),
    /// Back to the choices of the moment.
    Back,
    /// The game is over: back to the games.
    Leave,
    /// An exchange's item, before its count.
    TradeItem(Item),
    /// A commission's points at the end, one side at a time.
    Points(u8),
}

fn play(c: &Command, label: impl Into<String>, tone: i32) -> Button {
    screens::play(c.clone(), label, tone)
}

fn step(s: Step, label: impl Into<String>, tone: i32) -> Button {
    screens::step(s, label, tone)
}

/// The screen's own state: a choice in steps.
#[derive(Debug, Default)]
pub(in crate::controller) struct NottsScreen {
    menu: Menu,
    /// The buttons shown.
    shown: Shown<Command, Step>,
}

/// A choice in several steps, half made.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(in crate::controller) enum Menu {
    /// The choices of the moment.
    #[default]
    Main,
    /// The card drawn, picked on screen.
    Draw,
    /// An exchange: the item, then the count.
    Trade(Option<Item>),
    /// The ambush card shown, picked on screen.
    Ambush,
    /// A commission's points, learned (the single pawn's side given).
    Points(Commission, Option<u8>),
    /// Setting a count of cards in hand right.
    HandCount(Seat),
}

impl Menu {
    /// Whether the engine still lists what this menu offers.
    fn fits(&self, legal: &LegalNow, over: bool) -> bool {
        let listed = |f: &dyn Fn(&Command) -> bool| legal.iter().any(|l| f(l.command()));
        match self {
            Menu::Main => true,
            Menu::Draw => listed(&|c| matches!(c, Command::Draw { .. })),
            Menu::Trade(_) => listed(&|c| matches!(c, Command::Trade { .. })),
            Menu::Ambush => listed(&|c| matches!(c, Command::Spring { .. })),
            Menu::Points(..) => over,
            Menu::HandCount(s) => listed(&|c| matches!(c, Command::CorrectHand { seat, .. } if seat == s)),
        }
    }
}

/// How far from the count Tavola keeps the counts offered for a hand go.
const HAND_WINDOW: u8 = 7;

/// The colour drawn on screen for a player's pawn.
fn tint(c: Colour) -> Color {
    match c {
        Colour::Red => Color::from_rgb_u8(0xd9, 0x4f, 0x45),
        Colour::Yellow => Color::from_rgb_u8(0xe8, 0xc5, 0x3a),
        Colour::Green => Color::from_rgb_u8(0x5f, 0xb0, 0x5a),
        Colour::Blue => Color::from_rgb_u8(0x4a, 0x8f, 0xd9),
        Colour::Purple => Color::from_rgb_u8(0xa0, 0x6c, 0xc8),
        Colour::White => Color::from_rgb_u8(0xee, 0xee, 0xee),
        Colour::Grey => Color::from_rgb_u8(0x9a, 0x9a, 0x9a),
    }
}

/// What the table asks now and its buttons: `(prompt, buttons, fills the
/// page)`.
pub(in crate::controller) fn menu(v: &NottinghamView, legal: &LegalNow, m: &Menu, lang: Lang) -> (String, Vec<Button>, bool) {
    let say = |m: Msg| lang.text(&m);
    let name = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    if v.ended.is_some() {
        return end_menu(v, m, lang);
    }
    if let Some(list) = list_menu(v, legal, m, lang) {
        return list;
    }
    // The choices of the moment, in the engine's order.
    let mut a = Vec::new();
    for l in legal {
        let c = l.command();
        let b = match c {
            Command::Draw { .. } => step(Step::Open(Menu::Draw), say(msg!("ui.notts.cmd.pick_card")), 0),
            Command::Keep => play(c, say(msg!("ui.notts.cmd.keep")), 1),
            Command::Act => {
                let action = match &v.turn {
                    Some((_, StepView::Drawn { item })) => item.action().msg(),
                    _ => msg!("ui.notts.cmd.act_plain"),
                };
                play(c, say(msg!("ui.notts.cmd.act", action)), 0)
            }
            Command::Buy { from: Some(f) } => play(c, say(msg!("ui.notts.cmd.buy_from", name = name(*f))), 0),
            Command::Buy { from: None } => play(c, say(msg!("ui.notts.cmd.buy_none")), 0),
            Command::Target { from } => play(c, name(*from).text(lang), 0),
            Command::Defend { defended: true } => {
                let victim = match &v.turn {
                    Some((_, StepView::Defence { from, .. })) => name(*from),
                    _ => crate::games::Arg::Text(String::new()),
                };
                play(c, say(msg!("ui.notts.cmd.defended", name = victim)), 0)
            }
            Command::Defend { defended: false } => play(c, say(msg!("ui.notts.cmd.taken")), 1),
            // The same in one command, for a script or the host: the screen
            // asks the opponent's answer apart.
            Command::Take { .. } => continue,
            Command::Barter { from: Some(f), cards } => {
                play(c, say(msg!("ui.notts.cmd.barter_from", name = name(*f), count = *cards)), 0)
            }
            Command::Barter { from: None, .. } => play(c, say(msg!("ui.notts.cmd.barter_none")), 0),
            // The cards laid on the reader: their exchange, as it stands.
            Command::Trade { item, count } if matches!(l, Legal::Exact(_)) => {
                play(c, say(msg!("ui.notts.cmd.trade_laid", count = *count, item = item.msg())), 1)
            }
            Command::Trade { .. } => step(Step::Open(Menu::Trade(None)), say(msg!("ui.notts.cmd.trade")), 1),
            Command::TakeBack => play(c, say(msg!("ui.notts.cmd.take_back")), 0),
            // Laid on the reader (the simulated one on a desktop).
            Command::Lay { .. } => continue,
            Command::Complete { commission } => {
                play(c, say(msg!("ui.notts.cmd.complete", commission = commission.msg())), 1)
            }
            Command::Spring { .. } => step(Step::Open(Menu::Ambush), say(msg!("ui.notts.cmd.pick_ambush")), 0),
            Command::Announce { seat } => play(c, say(msg!("ui.notts.cmd.announce", name = name(*seat))), 2),
            Command::Pass { seat } => play(c, say(msg!("ui.notts.cmd.pass", name = name(*seat))), 0),
            Command::CloseAmbushes => play(c, say(msg!("ui.notts.cmd.close_ambushes")), 1),
            Command::EndTurn => play(c, say(msg!("ui.notts.cmd.end_turn")), 0),
            // Set on the setup page, by a player's tile, or when a card asks.
            Command::Setup(_) | Command::CorrectHand { .. } | Command::Learn { .. } => continue,
        };
        a.push(b);
    }
    (prompt(v, lang), a, false)
}

/// A list the screen opened (`m`) or a choice in steps: `None` for the
/// choices of the moment.
fn list_menu(v: &NottinghamView, legal: &LegalNow, m: &Menu, lang: Lang) -> Option<(String, Vec<Button>, bool)> {
    let say = |m: Msg| lang.text(&m);
    let name = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    let back = || step(Step::Back, say(msg!("ui.notts.back")), 0);
    match m {
        Menu::Main => None,
        Menu::Draw => {
            let mut a: Vec<Button> =
                Item::ALL.iter().map(|&item| play(&Command::Draw { item }, item.text(lang), 0)).collect();
            a.push(back());
            Some((say(msg!("ui.notts.ask.which_card")), a, false))
        }
        Menu::Trade(None) => {
            let mut a: Vec<Button> =
                Item::ALL.iter().map(|&item| step(Step::TradeItem(item), item.text(lang), 0)).collect();
            a.push(back());
            Some((say(msg!("ui.notts.ask.trade_item")), a, false))
        }
        Menu::Trade(Some(item)) => {
            let most = legal.iter().find_map(|l| match l.choice() {
                Some(Choice::Trade { most }) => Some(*most),
                _ => None,
            });
            let mut a: Vec<Button> = (3..=most.unwrap_or(0))
                .map(|count| play(&Command::Trade { item: *item, count }, count.to_string(), 0))
                .collect();
            a.push(back());
            Some((say(msg!("ui.notts.ask.trade_count", item = item.msg())), a, false))
        }
        Menu::Ambush => {
            let cards = Catalog::builtin();
            // A two-item card whose items are not known yet: the table asks
            // them on the card facts form, then springs it.
            let mut a: Vec<Button> = v
                .players
                .iter()
                .map(|p| p.colour.ambush_card())
                .chain(item_ambush_cards())
                .map(|card| {
                    let label = cards.label(&card, lang);
                    play(&Command::Spring { seat: None, card }, label, 0)
                })
                .collect();
            a.push(back());
            Some((say(msg!("ui.notts.ask.ambush_card")), a, true))
        }
        Menu::Points(..) => None,
        Menu::HandCount(s) => {
            // The counts about the one Tavola keeps, within what the rules
            // allow (the engine's answer).
            let asked = legal.iter().find_map(|l| match (l.command(), l.choice()) {
                (Command::CorrectHand { seat, .. }, Some(Choice::HandCount { now, most })) if seat == s => {
                    Some((*now, *most))
                }
                _ => None,
            });
            let mut a: Vec<Button> = asked
                .into_iter()
                .flat_map(|(now, most)| {
                    (now.saturating_sub(HAND_WINDOW)..=now.saturating_add(HAND_WINDOW).min(most)).map(move |cards| {
                        // The count Tavola keeps is the likely one.
                        play(&Command::CorrectHand { seat: *s, cards }, cards.to_string(), i32::from(cards == now))
                    })
                })
                .collect();
            a.push(back());
            Some((say(msg!("ui.notts.ask.hand", name = name(*s))), a, true))
        }
    }
}

/// The question of the moment.
fn prompt(v: &NottinghamView, lang: Lang) -> String {
    let name = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    let Some((seat, step)) = &v.turn else { return String::new() };
    let me = name(*seat);
    lang.text(&match step {
        StepView::Draw => msg!("ui.notts.ask.draw", name = me),
        StepView::Drawn { item } => {
            msg!("ui.notts.ask.drawn", name = me, item = item.msg(), action = item.action().msg())
        }
        StepView::Acting { action } => msg!("ui.notts.ask.acting", name = me, action = action.msg()),
        StepView::Defence { from, .. } => msg!("ui.notts.ask.defended", name = name(*from)),
        StepView::Ambushes { item, count, announced: Some(a), .. } => {
            msg!("ui.notts.ask.ambush_card_of", name = name(*a), item = item.msg(), count = *count)
        }
        StepView::Ambushes { item, count, .. } => {
            msg!("ui.notts.ask.ambushes", name = me, item = item.msg(), count = *count)
        }
        StepView::Free { traded: false } if !v.laid.is_empty() => {
            let items = v.laid.iter().map(|i| lang.text(&i.msg())).collect::<Vec<_>>().join(", ");
            msg!("ui.notts.ask.laid", count = v.laid.len(), items)
        }
        StepView::Free { traded: false } => msg!("ui.notts.ask.free", name = me),
        StepView::Free { traded: true } => msg!("ui.notts.ask.traded", name = me),
    })
}

/// After the end: the commissions' points the count still needs, asked one
/// side at a time, then back to the games.
fn end_menu(v: &NottinghamView, m: &Menu, lang: Lang) -> (String, Vec<Button>, bool) {
    let say = |m: Msg| lang.text(&m);
    let asked = match m {
        Menu::Points(c, alone) if v.points_missing.contains(c) => Some((*c, *alone)),
        _ => v.points_missing.first().map(|c| (*c, None)),
    };
    match asked {
        Some((c, None)) => {
            let a = COMMISSION_POINTS.map(|n| step(Step::Points(n), n.to_string(), 0)).collect();
            (say(msg!("ui.notts.ask.points_alone", commission = c.msg())), a, true)
        }
        Some((c, Some(alone))) => {
            let a = (*COMMISSION_POINTS.start()..alone).map(|n| step(Step::Points(n), n.to_string(), 0)).collect();
            (say(msg!("ui.notts.ask.points_shared", commission = c.msg(), alone)), a, true)
        }
        None => (String::new(), vec![step(Step::Leave, say(msg!("ui.notts.cmd.leave")), 1)], false),
    }
}

/// Where the path's space `i` lies across the winding road, from -1 (its
/// lowest) to 1 (its highest): a gentle wave, a bend every four spaces.
fn rise(i: usize) -> f32 {
    (i as f32 * std::f32::consts::FRAC_PI_4).sin()
}

/// The road through the spaces' middles as path commands (a space 100
/// wide, the road's highest point at 0 and its lowest at 100): a smooth
/// curve through every middle, in the path's order.
fn road(rises: &[f32]) -> String {
    let at = |i: usize| {
        let i = i.min(rises.len().saturating_sub(1));
        (i as f32 * 100.0 + 50.0, 50.0 - rises.get(i).copied().unwrap_or(0.0) * 50.0)
    };
    let Some(first) = rises.first().map(|_| at(0)) else { return String::new() };
    let mut out = format!("M {:.1} {:.1}", first.0, first.1);
    for i in 0..rises.len().saturating_sub(1) {
        // A Catmull-Rom curve, each piece a cubic Bézier.
        let (p0, p1, p2, p3) = (at(i.saturating_sub(1)), at(i), at(i + 1), at(i + 2));
        let c1 = (p1.0 + (p2.0 - p0.0) / 6.0, p1.1 + (p2.1 - p0.1) / 6.0);
        let c2 = (p2.0 - (p3.0 - p1.0) / 6.0, p2.1 - (p3.1 - p1.1) / 6.0);
        out += &format!(" C {:.1} {:.1} {:.1} {:.1} {:.1} {:.1}", c1.0, c1.1, c2.0, c2.1, p2.0, p2.1);
    }
    out
}

/// What Nottingham's pages show (the `NottsUi` global), as plain data.
#[derive(Debug, Default)]
pub(in crate::controller) struct NottsShows {
    players: Vec<NottsPlayerItem>,
    path: Vec<NottsSpace>,
    road: String,
    deck: i32,
    discard: i32,
    ambush_deck: i32,
    commissions: String,
    prompt: String,
    actions: Vec<ActionItem>,
    big_menu: bool,
    result_title: String,
    result_reason: String,
    scores: Vec<NottsScoreItem>,
}

/// How a sentence names a seat of `v`.
fn who(v: &NottinghamView, s: Seat) -> crate::games::Arg {
    crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s)
}

/// The players' rows and the Sheriff's path.
fn board(v: &NottinghamView, lang: Lang, shows: &mut NottsShows) {
    shows.players = v
        .players
        .iter()
        .map(|p| NottsPlayerItem {
            name: p.name.clone().into(),
            colour: p.colour.text(lang).into(),
            tint: tint(p.colour),
            hand: i32::from(p.hand),
            winnings: i32::from(p.winnings),
            ambushes: i32::from(p.ambushes),
            commissions: p.commissions.iter().map(|c| c.text(lang)).collect::<Vec<_>>().join(", ").into(),
            turn: p.turn,
            favour: p.favour_next,
        })
        .collect();
    let last = v.path.len() + 1;
    let rises: Vec<f32> = (0..=last).map(rise).collect();
    shows.path = (0..=last)
        .map(|i| NottsSpace {
            value: if i == 0 || i == last { String::new() } else { v.path[i - 1].to_string() }.into(),
            here: usize::from(v.sheriff) == i,
            passed: i < usize::from(v.sheriff),
            rise: rises[i],
        })
        .collect();
    shows.road = road(&rises);
    shows.deck = i32::from(v.deck);
    shows.discard = i32::from(v.discard);
    shows.ambush_deck = i32::from(v.ambush_deck);
    let commissions: Vec<String> = v
        .commissions
        .iter()
        .map(|(c, seats)| {
            let who: Vec<String> = seats.iter().map(|s| who(v, *s).text(lang)).collect();
            let (commission, names) = (c.msg(), who.join(", "));
            lang.text(&match seats.len() {
                0 => msg!("ui.notts.commission.open", commission),
                1 => msg!("ui.notts.commission.one", commission, names),
                _ => msg!("ui.notts.commission.closed", commission, names),
            })
        })
        .collect();
    shows.commissions = commissions.join("\n");
}

/// The end: the winners by name (the history keeps the colour), why, and
/// the scores.
fn end(v: &NottinghamView, outcome: Option<&crate::games::Outcome>, lang: Lang, shows: &mut NottsShows) {
    let words = outcome.and_then(|o| GameKind::Nottingham.outcome_words(&o.winner, &o.reason));
    let winners = v.winners.clone().unwrap_or_default();
    let name = |s: &Seat| who(v, *s).text(lang);
    shows.result_title = match winners.as_slice() {
        [] => words.as_ref().map(|w| lang.text(&w.title)).unwrap_or_default(),
        [one] => lang.text(&msg!("ui.notts.end.winner", name = name(one))),
        many => {
            let names: Vec<String> = many.iter().map(name).collect();
            lang.text(&msg!("ui.notts.end.shared", names = names.join(", ")))
        }
    };
    shows.result_reason = words.map(|w| lang.text(&w.reason)).unwrap_or_default();
    shows.scores = v
        .scores
        .iter()
        .flatten()
        .zip(&v.players)
        .map(|(s, p)| NottsScoreItem {
            name: p.name.clone().into(),
            tint: tint(p.colour),
            winnings: s.winnings as i32,
            cards: i32::from(s.cards),
            commissions: s.commissions as i32,
            total: s.total as i32,
            winner: winners.contains(&p.seat),
        })
        .collect();
}

/// A commission's points, one side at a time (see [`end_menu`]): the
/// points alone kept, then both learned.
fn points(v: &NottinghamView, menu: Menu, n: u8) -> (Menu, Option<Ask<Command>>) {
    let missing = &v.points_missing;
    let asked = match menu {
        Menu::Points(c, alone) if missing.contains(&c) => Some((c, alone)),
        _ => missing.first().map(|c| (*c, None)),
    };
    match asked {
        Some((c, None)) => (Menu::Points(c, Some(n)), None),
        Some((c, Some(alone))) => {
            let mut facts = Facts::default();
            facts.commissions.insert(c, Points { alone, shared: n });
            (Menu::Main, Some(Ask::Play(Command::Learn { facts })))
        }
        None => (Menu::Main, None),
    }
}

impl GameScreens for Nottingham {
    type Screen = NottsScreen;
    type Shows = NottsShows;
    const PARTS: screens::Parts = screens::Parts::Colours;

    fn page(v: &NottinghamView) -> Page {
        if v.players.is_empty() {
            Page::Setup
        } else if v.ended.is_some() {
            Page::NottsEnd
        } else {
            Page::NottsBoard
        }
    }

    fn show(screen: &mut NottsScreen, sight: &Sight<'_, Nottingham>) -> NottsShows {
        let lang = sight.lang;
        // A seat nobody named is "Seat 2" on the screen, in its language.
        let mut v = sight.view.clone();
        for p in &mut v.players {
            p.name = sight.seat_label(p.seat, &p.name);
        }
        let v = &v;
        if !screen.menu.fits(&sight.legal, v.ended.is_some()) {
            screen.menu = Menu::Main;
        }
        let mut shows = NottsShows::default();
        board(v, lang, &mut shows);
        let (prompt, buttons, big) = menu(v, &sight.legal, &screen.menu, lang);
        shows.actions = screen.shown.show(buttons);
        shows.prompt = prompt;
        shows.big_menu = big;
        end(v, sight.outcome.as_ref(), lang, &mut shows);
        shows
    }

    fn bind(s: NottsShows, window: &AppWindow) {
        let ui = window.global::<NottsUi<'_>>();
        set_model(&ui.get_players(), s.players, |m| ui.set_players(m));
        set_model(&ui.get_path(), s.path, |m| ui.set_path(m));
        ui.set_road(s.road.into());
        ui.set_deck(s.deck);
        ui.set_discard(s.discard);
        ui.set_ambush_deck(s.ambush_deck);
        ui.set_commissions(s.commissions.into());
        ui.set_prompt(s.prompt.into());
        set_model(&ui.get_actions(), s.actions, |m| ui.set_actions(m));
        ui.set_big_menu(s.big_menu);
        ui.set_result_title(s.result_title.into());
        ui.set_result_reason(s.result_reason.into());
        set_model(&ui.get_scores(), s.scores, |m| ui.set_scores(m));
    }

    /// Runs the button at `index` of those shown (see [`menu`]).
    fn act(screen: &mut NottsScreen, sight: &Sight<'_, Nottingham>, index: i32) -> Option<Ask<Command>> {
        let press = screen.shown.pressed(index)?;
        let menu = std::mem::take(&mut screen.menu);
        let (next, ask) = match press {
            Press::Play(c) => (Menu::Main, Some(Ask::Play(c))),
            Press::Step(Step::Open(m)) => (m, None),
            Press::Step(Step::Back) => (Menu::Main, None),
            Press::Step(Step::Leave) => (Menu::Main, Some(Ask::Leave)),
            Press::Step(Step::TradeItem(item)) => (Menu::Trade(Some(item)), None),
            Press::Step(Step::Points(n)) => points(sight.view, menu, n),
        };
        screen.menu = next;
        ask
    }

    /// A player's tile: their count of cards in hand set right.
    fn seat(screen: &mut NottsScreen, _: &Sight<'_, Nottingham>, seat: Seat) -> Option<Ask<Command>> {
        screen.menu = Menu::HandCount(seat);
        None
    }

    /// A pawn's colour.
    fn tint(code: &str) -> Option<Color> {
        crate::games::from_code::<Colour>(code).map(tint)
    }

    /// The path kept from an earlier game, typed for the next one.
    fn prefill(kept: &FactBook, answers: &mut SetupAnswers) {
        let kept = Facts::from_book(kept).path;
        if answers.typed.is_empty() {
            answers.typed = kept.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        }
    }

    fn starting(screen: &mut NottsScreen) {
        screen.menu = Menu::Main;
    }

    /// The items (laid for an exchange, or as the card drawn) and the
    /// ambush cards.
    fn picker_cards(catalog: &Catalog) -> Vec<String> {
        screens::catalog_cards(catalog, GameKind::Nottingham, &["item", "ambush"], 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::table::sight::empty_table;

    /// A game of three set up, the second seat unnamed.
    fn three() -> Nottingham {
        let mut ctx = crate::games::Ctx::seeded(1);
        let mut g = Nottingham::default();
        let setup = crate::games::nottingham::Setup {
            colours: Colour::ALL[..3].to_vec(),
            names: vec!["Anna".into(), String::new(), "Carla".into()],
            first: Seat(0),
            facts: Facts { path: vec![4, 3, 5, 2, 6], ..Facts::default() },
        };
        g.execute(&Command::Setup(setup), &mut ctx).expect("set up");
        g
    }

    /// The board as a sight of the table shows it, with no window: the
    /// players' rows (an unnamed seat called by its number in words), the
    /// Sheriff's path, the question and its buttons; the card drawn picked
    /// in a list behind one button, whose item sends the engine's command.
    #[test]
    fn the_board_shows_the_players_and_a_card_drawn_is_picked_from_a_list() {
        let g = three();
        let (view, table) = (g.view(), empty_table(Lang::En));
        let mut screen = NottsScreen::default();
        let sight = Sight::of_engine(&g, &view, &table, None);
        let shows = Nottingham::show(&mut screen, &sight);
        let names: Vec<&str> = shows.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Anna", "Seat 2", "Carla"]);
        assert!(shows.players[0].turn && !shows.players[1].turn);
        let values: Vec<&str> = shows.path.iter().map(|s| s.value.as_str()).collect();
        assert_eq!(values, ["", "4", "3", "5", "2", "6", ""], "the path between its two ends");
        assert!(shows.path[0].here, "the Sheriff at the start");
        assert!(shows.prompt.contains("Anna"), "{}", shows.prompt);
        let pick = shows.actions.iter().find(|a| a.step).expect("a list to open");
        assert_eq!(Nottingham::act(&mut screen, &sight, pick.index), None, "a step of the screen's own");
        let shows = Nottingham::show(&mut screen, &sight);
        assert_eq!(shows.actions.len(), Item::ALL.len() + 1, "every item, and back: {:?}", shows.actions);
        let first = &shows.actions[0];
        assert_eq!(first.label.as_str(), Item::ALL[0].text(Lang::En));
        let sent = Nottingham::act(&mut screen, &sight, first.index);
        assert_eq!(sent, Some(Ask::Play(Command::Draw { item: Item::ALL[0] })));
        assert_eq!(screen.menu, Menu::Main, "the list closes with its command");
        assert!(shows.result_title.is_empty() && shows.scores.is_empty(), "no end yet");
    }

    #[test]
    fn the_road_winds_through_every_space_in_the_paths_order() {
        let rises: Vec<f32> = (0..14).map(rise).collect();
        assert!(rises.iter().any(|r| *r > 0.5) && rises.iter().any(|r| *r < -0.5), "it winds: {rises:?}");
        let numbers: Vec<f32> = road(&rises).split_whitespace().filter_map(|w| w.parse().ok()).collect();
        // "M x y", then one "C" of three points a space: its end is the next
        // space's middle.
        let mut ends = vec![(numbers[0], numbers[1])];
        ends.extend(numbers[2..].chunks(6).map(|c| (c[4], c[5])));
        assert_eq!(ends.len(), rises.len());
        for (i, (end, r)) in ends.iter().zip(&rises).enumerate() {
            let middle = (i as f32 * 100.0 + 50.0, 50.0 - r * 50.0);
            assert!(
                (end.0 - middle.0).abs() < 0.1 && (end.1 - middle.1).abs() < 0.1,
                "space {i}: {end:?} / {middle:?}"
            );
        }
        assert_eq!(road(&[]), "");
    }

    #[test]
    fn the_buttons_are_the_engines_legal_commands_in_every_state_of_random_games() {
        let buttons = |g: &Nottingham, lang: Lang| {
            let (v, legal) = (g.view(), g.legal());
            let (_, main, _) = menu(&v, &legal, &Menu::Main, lang);
            let mut all = main.clone();
            for b in &main {
                if let Press::Step(Step::Open(m)) = &b.press {
                    all.extend(menu(&v, &legal, m, lang).1);
                }
            }
            all
        };
        // `take` is `target` then `defend` in one command.
        let skip = |c: &Command| matches!(c, Command::Take { .. });
        let states = super::super::buttons_follow_legal::<Nottingham, _>(0..20, 400, buttons, |_, a, b| a == b, skip);
        assert!(states > 1_000, "only {states} states");
    }

    #[test]
    fn a_hands_count_is_offered_about_the_one_tavola_keeps_even_past_fifteen() {
        let mut ctx = crate::games::Ctx::seeded(1);
        let mut g = Nottingham::default();
        let setup = crate::games::nottingham::Setup {
            colours: Colour::ALL[..3].to_vec(),
            names: Vec::new(),
            first: Seat(0),
            facts: Facts { path: vec![4, 3, 5, 2, 6], ..Facts::default() },
        };
        g.execute(&Command::Setup(setup), &mut ctx).expect("set up");
        g.execute(&Command::CorrectHand { seat: Seat(1), cards: 20 }, &mut ctx).expect("a hand of twenty");
        let offered = |g: &Nottingham, seat: Seat| {
            let (_, buttons, _) = menu(&g.view(), &g.legal(), &Menu::HandCount(seat), Lang::En);
            let counts: Vec<(u8, i32)> = buttons
                .iter()
                .filter_map(|b| match &b.press {
                    Press::Play(Command::CorrectHand { cards, .. }) => Some((*cards, b.tone)),
                    _ => None,
                })
                .collect();
            counts
        };
        let twenty = offered(&g, Seat(1));
        assert_eq!(twenty.iter().map(|c| c.0).collect::<Vec<_>>(), (13..=27).collect::<Vec<u8>>());
        assert_eq!(twenty.iter().filter(|c| c.1 == 1).map(|c| c.0).collect::<Vec<_>>(), [20], "the count kept");
        let first = offered(&g, Seat(0));
        assert_eq!(first.first().map(|c| c.0), Some(0), "never below nothing");
        // Every count offered is one the engine takes.
        for (cards, _) in twenty {
            let mut h = g.clone();
            h.execute(&Command::CorrectHand { seat: Seat(1), cards }, &mut ctx).expect("accepted");
        }
    }
}
