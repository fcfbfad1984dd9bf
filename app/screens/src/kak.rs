//! King Arthur's Knights on the screen (`app/ui/pages/kak.slint`; its
//! setup is every game's, see `setup.rs`): the board as Tavola keeps it,
//! and the buttons for what the table is asked now.
//!
//! The buttons come from [`menu`]: the engine's list of what the rules
//! accept now ([`crate::games::Game::legal`]), each command a button; alike
//! cards share one button (two Round Table cards,
//! three Sword 1 in a pile); the cards a player hands in (a quest's, a bid,
//! a Book) are chosen in steps kept in [`Menu`], by their face, since a
//! card stands for any alike. No rule is decided here.

use super::screens::{self, Ask, GameScreens, Press, Shown, Sight};
use super::set_model;
use crate::catalog::Catalog;
use crate::games::kak::cards::{self, QUESTS};
use crate::games::kak::{Choice, Command, Facts, Kak, KakView, PhaseView, Virtue, VirtueCard, RING};
use crate::games::{GameKind, Lang, Legal, Msg, Said, Seat};
use crate::table::PrivateLook;
use crate::{ActionItem, AppWindow, KakPile, KakPlayerItem, KakRingSpot, KakScoreItem, KakUi, Page};
use slint::ComponentHandle;
use tavola_words::msg;

type LegalNow = [Legal<Command, Choice>];

/// A button of King Arthur's Knights' action grid.
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
    /// A virtue card more for the quest or the bid.
    Add(String),
    /// The cards chosen so far are put back.
    Clear,
    /// The dealt cards show to the player whose turn it is to look.
    DealShow,
    /// They are hidden again, for the next player.
    DealHide,
}

fn play(c: &Command, label: impl Into<String>, tone: i32) -> Button {
    screens::play(c.clone(), label, tone)
}

fn step(s: Step, label: impl Into<String>, tone: i32) -> Button {
    screens::step(s, label, tone)
}

/// The screen's own state: a choice in steps, the deal shown.
#[derive(Debug, Default)]
pub(in crate::controller) struct KakScreen {
    menu: Menu,
    /// The virtue cards Tavola dealt, shown to each player in turn: the
    /// seat whose turn it is to look, and whether the cards show now.
    deal: Option<(usize, bool)>,
    /// The setup was sent: the deal is shown once the game is set up (the
    /// table may first ask for the virtue cards' facts).
    deal_pending: bool,
    /// The buttons shown on the board.
    shown: Shown<Command, Step>,
}

/// What the cards chosen in steps are for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::controller) enum Purpose {
    /// A quest completed.
    Quest(String),
    /// A bid shown.
    Bid(Seat),
}

/// A choice in several steps, half made.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(in crate::controller) enum Menu {
    /// The choices of the moment.
    #[default]
    Main,
    /// The quest turned face up, picked on screen.
    Reveal,
    /// The Book handed back at court.
    Court,
    /// Where a horse goes.
    Ride(String),
    /// Virtue cards chosen one at a time.
    Hand(Purpose, Vec<String>),
}

impl Menu {
    /// Whether the engine still lists what this menu offers.
    fn fits(&self, legal: &LegalNow) -> bool {
        let listed = |f: &dyn Fn(&Command) -> bool| legal.iter().any(|l| f(l.command()));
        match self {
            Menu::Main => true,
            Menu::Reveal => listed(&|c| matches!(c, Command::Reveal { .. })),
            Menu::Court => listed(&|c| matches!(c, Command::Court { .. })),
            Menu::Ride(h) => listed(&|c| matches!(c, Command::Ride { horse, .. } if horse == h)),
            Menu::Hand(Purpose::Quest(q), _) => listed(&|c| matches!(c, Command::Quest { quest, .. } if quest == q)),
            Menu::Hand(Purpose::Bid(s), _) => listed(&|c| matches!(c, Command::Bid { seat, .. } if seat == s)),
        }
    }
}

/// Names cards the way the table says them: the owner's names for knights
/// and unnamed locations, a virtue card by its face, a horse with its reach.
struct Names<'a> {
    lang: Lang,
    names: &'a std::collections::BTreeMap<String, String>,
    facts: &'a Facts,
}

impl Names<'_> {
    fn card(&self, card: &str) -> String {
        if let Some(name) = self.names.get(card) {
            return name.clone();
        }
        if let Some(v) = self.facts.virtues.get(card) {
            return self.face(*v);
        }
        let name = Catalog::builtin().label(card, self.lang);
        match self.facts.horses.get(card) {
            Some(reach) => self.lang.text(&msg!("ui.kak.horse", name, reach = *reach)),
            None => name,
        }
    }

    fn face(&self, v: VirtueCard) -> String {
        self.lang.text(&msg!("ui.kak.face", virtue = v.virtue.msg(), value = v.value))
    }

    fn quest(&self, quest: &str) -> String {
        let name = self.card(quest);
        match self.facts.quests.get(quest) {
            Some(q) => {
                let needs: Vec<String> = Virtue::ALL
                    .iter()
                    .zip(q.needs)
                    .filter(|(_, n)| *n > 0)
                    .map(|(v, n)| format!("{} {n}", self.lang.text(&v.msg())))
                    .collect();
                self.lang.text(&msg!(
                    "ui.kak.quest",
                    quest = name,
                    place = self.card(&q.location),
                    needs = needs.join(" + "),
                    points = q.points
                ))
            }
            None => name,
        }
    }
}

/// The virtue piles by virtue, in the piles' order: each card's value,
/// repeated ones counted ("2×3, 1"); cards whose face is not known yet are
/// left to the words.
fn piles(supply: &[String], facts: &Facts) -> Vec<KakPile> {
    Virtue::ALL
        .iter()
        .filter_map(|virtue| {
            let mut values: Vec<(u8, usize)> = Vec::new();
            for face in supply.iter().filter_map(|c| facts.virtues.get(c)).filter(|f| f.virtue == *virtue) {
                match values.iter_mut().find(|(v, _)| *v == face.value) {
                    Some((_, k)) => *k += 1,
                    None => values.push((face.value, 1)),
                }
            }
            let cards: Vec<String> =
                values.into_iter().map(|(v, k)| if k > 1 { format!("{v}×{k}") } else { v.to_string() }).collect();
            (!cards.is_empty()).then(|| KakPile { virtue: virtue.index() as i32, cards: cards.join(", ").into() })
        })
        .collect()
}

/// The tokens of the knights on the ring's place `i`: the model drawn now
/// when they are the same (a place that did not change is not redrawn).
fn tokens(ring: &slint::ModelRc<KakRingSpot>, i: usize, tents: Vec<i32>) -> slint::ModelRc<i32> {
    use slint::Model;
    match ring.row_data(i) {
        Some(spot) if spot.tents.iter().eq(tents.iter().copied()) => spot.tents,
        _ => slint::ModelRc::new(slint::VecModel::from(tents)),
    }
}

/// The virtue cards that may be in a hand (not in a pile, not in the box),
/// one per face (alike cards stand for each other), with `chosen` taken out.
fn faces(v: &KakView, facts: &Facts, chosen: &[String], only: impl Fn(Virtue) -> bool) -> Vec<(VirtueCard, String)> {
    let mut out: Vec<(VirtueCard, String)> = Vec::new();
    for card in cards::virtue_cards() {
        if v.supply.contains(&card) || v.removed.contains(&card) || chosen.contains(&card) {
            continue;
        }
        let Some(face) = facts.virtues.get(&card).copied() else { continue };
        if only(face.virtue) && !out.iter().any(|(f, _)| *f == face) {
            out.push((face, card));
        }
    }
    out.sort_by_key(|(f, _)| (f.virtue.index(), f.value));
    out
}

/// What the table asks now and its buttons: `(prompt, buttons, fills the
/// page)`.
pub(in crate::controller) fn menu(v: &KakView, facts: &Facts, legal: &LegalNow, m: &Menu, lang: Lang) -> (String, Vec<Button>, bool) {
    let say = |m: Msg| lang.text(&m);
    let names = Names { lang, names: &v.names, facts };
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    if matches!(v.phase, PhaseView::Over { .. }) {
        return (String::new(), vec![step(Step::Leave, say(msg!("ui.kak.cmd.leave")), 1)], false);
    }
    if let Some(list) = list_menu(v, facts, legal, m, lang) {
        return list;
    }
    // The choices of the moment, in the engine's order; alike cards once.
    let mut a: Vec<Button> = Vec::new();
    let mut push = |b: Button| {
        if !a.iter().any(|x| x.label == b.label) {
            a.push(b);
        }
    };
    for l in legal {
        let c = l.command();
        match c {
            Command::Lay { card } => push(play(c, say(msg!("ui.kak.cmd.lay", place = names.card(card))), 0)),
            Command::Reveal { .. } => push(step(Step::Open(Menu::Reveal), say(msg!("ui.kak.cmd.reveal")), 0)),
            // Copies share a name; a horse's carries its reach.
            // The prompt says "take an action card": the button names the card.
            Command::Pick { card } => push(play(c, names.card(card), 0)),
            Command::Train { card } => push(play(c, say(msg!("ui.kak.cmd.train", card = names.card(card))), 0)),
            Command::RoundTable { quest } => {
                push(play(c, say(msg!("ui.kak.cmd.round_table", quest = names.card(quest))), 0))
            }
            Command::Court { .. } => push(step(Step::Open(Menu::Court), say(msg!("ui.kak.cmd.court")), 0)),
            Command::Quest { quest, .. } => push(step(
                Step::Open(Menu::Hand(Purpose::Quest(quest.clone()), Vec::new())),
                say(msg!("ui.kak.cmd.quest", quest = names.card(quest))),
                1,
            )),
            Command::Ride { horse, .. } => push(step(
                Step::Open(Menu::Ride(horse.clone())),
                say(msg!("ui.kak.cmd.ride", horse = names.card(horse))),
                0,
            )),
            Command::EndTurn => push(play(c, say(msg!("ui.kak.cmd.end_turn")), 0)),
            Command::BidDown { seat } => push(play(c, say(msg!("ui.kak.cmd.bid_down", name = who(*seat))), 0)),
            Command::Bid { seat, .. } => push(step(
                Step::Open(Menu::Hand(Purpose::Bid(*seat), Vec::new())),
                say(msg!("ui.kak.cmd.bid", name = who(*seat))),
                1,
            )),
            // Set on the setup page, and on the card facts form.
            Command::Setup(_) | Command::Learn { .. } => {}
        }
    }
    (prompt(v, &names), a, false)
}

/// A list the screen opened (`m`) or virtue cards chosen one at a time:
/// `None` for the choices of the moment.
fn list_menu(
    v: &KakView,
    facts: &Facts,
    legal: &LegalNow,
    m: &Menu,
    lang: Lang,
) -> Option<(String, Vec<Button>, bool)> {
    let say = |m: Msg| lang.text(&m);
    let names = Names { lang, names: &v.names, facts };
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    let back = || step(Step::Back, say(msg!("ui.kak.back")), 0);
    match m {
        Menu::Main => None,
        Menu::Reveal => {
            let held: Vec<&String> = v.players.iter().flat_map(|p| &p.quests).collect();
            let mut a: Vec<Button> = QUESTS
                .iter()
                .filter(|q| !v.open.iter().any(|o| o == *q) && !v.completed.iter().any(|c| c == *q))
                .filter(|q| !held.iter().any(|h| h == q))
                .map(|q| play(&Command::Reveal { card: q.to_string() }, names.card(q), 0))
                .collect();
            a.push(back());
            Some((say(msg!("ui.kak.ask.reveal")), a, true))
        }
        Menu::Court => {
            let mut a: Vec<Button> = faces(v, facts, &[], |x| x == Virtue::Book)
                .into_iter()
                .map(|(face, card)| play(&Command::Court { card }, names.face(face), 0))
                .collect();
            a.push(back());
            Some((say(msg!("ui.kak.ask.court")), a, false))
        }
        Menu::Ride(horse) => {
            let mut a: Vec<Button> = legal
                .iter()
                .filter_map(|l| match l {
                    Legal::Exact(c @ Command::Ride { horse: h, to }) if h == horse => Some(play(c, names.card(to), 0)),
                    // The reach is not known yet: every other place, and
                    // the table asks the horse's card facts.
                    Legal::Open(Command::Ride { horse: h, .. }, _) if h == horse => None,
                    _ => None,
                })
                .collect();
            if legal.iter().any(|l| matches!(l, Legal::Open(Command::Ride { horse: h, .. }, _) if h == horse)) {
                let here = v.players.iter().find(|p| p.picked.contains(horse)).map(|p| p.location.clone());
                for to in v.ring.iter().filter(|to| Some(*to) != here.as_ref()) {
                    a.push(play(&Command::Ride { horse: horse.clone(), to: to.clone() }, names.card(to), 0));
                }
            }
            a.push(back());
            Some((say(msg!("ui.kak.ask.ride", horse = names.card(horse))), a, false))
        }
        Menu::Hand(purpose, chosen) => {
            let only: fn(Virtue) -> bool = match purpose {
                Purpose::Quest(_) => |_| true,
                Purpose::Bid(_) => Virtue::bids,
            };
            let mut a: Vec<Button> = faces(v, facts, chosen, only)
                .into_iter()
                .map(|(face, card)| step(Step::Add(card), format!("+ {}", names.face(face)), 0))
                .collect();
            let shown: Vec<String> = chosen.iter().map(|c| names.card(c)).collect();
            let (done, prompt) = match purpose {
                Purpose::Quest(quest) => (
                    Command::Quest { quest: quest.clone(), cards: chosen.clone() },
                    msg!("ui.kak.ask.quest_cards", quest = names.quest(quest), cards = shown.join(", ")),
                ),
                Purpose::Bid(seat) => (
                    Command::Bid { seat: *seat, cards: chosen.clone() },
                    msg!("ui.kak.ask.bid_cards", name = who(*seat), cards = shown.join(", ")),
                ),
            };
            if !chosen.is_empty() {
                a.push(step(Step::Clear, say(msg!("ui.kak.clear")), 0));
            }
            let label = match purpose {
                Purpose::Quest(_) => msg!("ui.kak.cmd.hand_in", count = chosen.len()),
                Purpose::Bid(_) => msg!("ui.kak.cmd.show_bid", count = chosen.len()),
            };
            a.push(play(&done, say(label), 1));
            a.push(back());
            Some((say(prompt), a, false))
        }
    }
}

/// The question of the moment.
fn prompt(v: &KakView, names: &Names<'_>) -> String {
    let who = |s: Seat| crate::said(v.players.get(s.index()).map_or("", |p| p.name.as_str()), s);
    let lang = names.lang;
    lang.text(&match &v.phase {
        PhaseView::Setup | PhaseView::Over { .. } => return String::new(),
        PhaseView::Ring { laid } => msg!("ui.kak.ask.ring", count = RING - usize::from(*laid)),
        PhaseView::Refill { wanted } => msg!("ui.kak.ask.refill", count = *wanted),
        PhaseView::Picks { seat, pick } => msg!("ui.kak.ask.pick", name = who(*seat), count = *pick),
        PhaseView::Actions { seat } => {
            let place = v.players.get(seat.index()).map(|p| names.card(&p.location)).unwrap_or_default();
            msg!("ui.kak.ask.actions", name = who(*seat), place)
        }
        PhaseView::Tournament { bidders, down, .. } if down.len() < bidders.len() => {
            // An unnamed seat's place shows its number: said "Seat 3".
            let seated: Vec<String> = v
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| if p.name == Seat(i as u8).to_string() { String::new() } else { p.name.clone() })
                .collect();
            msg!("ui.kak.ask.bids_down", names = crate::games::seat_names(&seated, bidders))
        }
        PhaseView::Tournament { .. } => msg!("ui.kak.ask.bids_shown"),
    })
}

/// What King Arthur's Knights' pages show (the `KakUi` global), as plain
/// data.
#[derive(Debug, Default)]
pub(in crate::controller) struct KakShows {
    players: Vec<KakPlayerItem>,
    players_line: String,
    status: String,
    open_quests: String,
    open_quests_line: String,
    on_table: String,
    piles_title: String,
    piles: Vec<KakPile>,
    /// The ring's places, each with its knights' tents (drawn as tokens).
    ring: Vec<(KakRingSpot, Vec<i32>)>,
    prompt: String,
    actions: Vec<ActionItem>,
    big_menu: bool,
    result_title: String,
    result_reason: String,
    scores: Vec<KakScoreItem>,
}

/// The private look at the cards dealt: `(prompt, buttons)` for the seat
/// whose turn it is, its cards (the table's private look for that seat)
/// only while it has them shown.
fn deal_menu(
    v: &KakView,
    (seat, open): (usize, bool),
    private: Option<&PrivateLook>,
    names: &Names<'_>,
) -> (String, Vec<Button>) {
    let lang = names.lang;
    let say = |m: Msg| lang.text(&m);
    let name = crate::said(v.players.get(seat).map_or("", |p| p.name.as_str()), Seat(seat as u8));
    if !open {
        return (say(msg!("ui.kak.deal.pass", name)), vec![step(Step::DealShow, say(msg!("ui.kak.deal.show")), 1)]);
    }
    let hand: Vec<String> = private
        .filter(|p| p.seat().index() == seat)
        .and_then(|p| serde_json::from_value(p.shows().clone()).ok())
        .unwrap_or_default();
    let cards: Vec<String> = hand.iter().map(|c| names.card(c)).collect();
    let prompt = say(msg!("ui.kak.deal.cards", name, cards = cards.join(", ")));
    (prompt, vec![step(Step::DealHide, say(msg!("ui.kak.deal.hide")), 1)])
}

/// The players' rows and lines, the round's status, the quests open and
/// the cards on the table.
fn board(v: &KakView, names: &Names<'_>, facts: &Facts, shows: &mut KakShows) {
    let lang = names.lang;
    let current = turn(v);
    shows.players = v
        .players
        .iter()
        .map(|p| KakPlayerItem {
            name: p.name.clone().into(),
            knight: names.card(&p.knight).into(),
            tent: i32::from(p.tent),
            score: p.score as i32,
            virtue_cards: i32::from(p.virtue_cards),
            place: names.card(&p.location).into(),
            quests: p.quests.iter().map(|q| names.card(q)).collect::<Vec<_>>().join(", ").into(),
            picked: p.picked.iter().map(|c| names.card(c)).collect::<Vec<_>>().join(", ").into(),
            turn: current == Some(p.seat),
            done: p.done,
        })
        .collect();
    let line: Vec<String> = v
        .players
        .iter()
        .map(|p| {
            let name = crate::said(&p.name, p.seat);
            lang.text(&msg!("ui.kak.player_line", tent = p.tent, name, points = p.score))
        })
        .collect();
    shows.players_line = line.join("   ");
    let removed: Vec<String> = v.removed.iter().map(|c| names.card(c)).collect();
    shows.status = lang.text(&msg!(
        "ui.kak.status",
        round = v.round,
        target = v.target,
        deck = u32::from(v.deck),
        removed = if removed.is_empty() { "—".to_string() } else { removed.join(", ") }
    ));
    let open: Vec<String> = v.open.iter().map(|q| format!("• {}", names.quest(q))).collect();
    shows.open_quests = format!("{}\n{}", lang.text(&msg!("ui.kak.open_quests")), open.join("\n"));
    let quests: Vec<String> = v.open.iter().map(|q| names.quest(q)).collect();
    shows.open_quests_line = lang.text(&msg!("ui.kak.open_quests_line", quests = quests.join(" · ")));
    let counted = |cards: &[String]| {
        let mut seen: Vec<(String, usize)> = Vec::new();
        for c in cards {
            let n = names.card(c);
            match seen.iter_mut().find(|(x, _)| *x == n) {
                Some((_, k)) => *k += 1,
                None => seen.push((n, 1)),
            }
        }
        seen.into_iter().map(|(n, k)| if k > 1 { format!("{n} ×{k}") } else { n }).collect::<Vec<_>>().join(", ")
    };
    let picks = matches!(v.phase, PhaseView::Picks { .. });
    shows.on_table = if picks {
        lang.text(&msg!("ui.kak.actions_left", cards = counted(&v.actions)))
    } else {
        lang.text(&msg!("ui.kak.piles", cards = counted(&v.supply)))
    };
    // The piles drawn: each virtue's mark with its cards' values.
    shows.piles = if picks { Vec::new() } else { piles(&v.supply, facts) };
    shows.piles_title = lang.text(&msg!("ui.kak.piles_title"));
}

/// The seat whose turn it is, while a player has one.
fn turn(v: &KakView) -> Option<Seat> {
    match &v.phase {
        PhaseView::Picks { seat, .. } | PhaseView::Actions { seat } => Some(*seat),
        _ => None,
    }
}

/// The ring's places (while the ring is laid on the reader, its places
/// still empty), each with the knights there and the button a touch on it
/// presses.
fn ring(v: &KakView, names: &Names<'_>, buttons: &[Button]) -> Vec<(KakRingSpot, Vec<i32>)> {
    let turn_tent = turn(v).and_then(|s| v.players.get(s.index())).map(|p| p.tent);
    v.ring
        .iter()
        .chain(std::iter::repeat(&String::new()))
        .take(RING)
        .map(|l| {
            // The knights here by their tents' numbers, as the players'
            // lines show them: four long names do not fit a place.
            let here: Vec<u8> = v.players.iter().filter(|p| &p.location == l).map(|p| p.tent).collect();
            let text: Vec<String> = here.iter().map(u8::to_string).collect();
            // A horse may ride here: a touch on the place is its button.
            let act = buttons
                .iter()
                .position(|b| matches!(&b.press, Press::Play(Command::Ride { to, .. }) if to == l && !l.is_empty()));
            let spot = KakRingSpot {
                name: if l.is_empty() { String::new() } else { names.card(l) }.into(),
                camelot: l == cards::CAMELOT,
                knights: text.join(" ").into(),
                turn_tent: turn_tent.filter(|t| here.contains(t)).map_or(0, i32::from),
                tents: Default::default(),
                act: act.map_or(-1, |i| i as i32),
            };
            (spot, here.iter().map(|t| i32::from(*t)).collect())
        })
        .collect()
}

/// The end: the winner, why, and the scores.
fn end(v: &KakView, outcome: Option<&crate::games::Outcome>, names: &Names<'_>, shows: &mut KakShows) {
    let lang = names.lang;
    let words = outcome.and_then(|o| GameKind::KingArthursKnights.outcome_words(&o.winner, &o.reason));
    let winners = match &v.phase {
        PhaseView::Over { winners } => winners.clone(),
        _ => Vec::new(),
    };
    shows.result_title = match winners.as_slice() {
        [one] => lang.text(&msg!("ui.kak.end.winner", name = crate::said(&v.players[one.index()].name, *one))),
        _ => words.as_ref().map(|w| lang.text(&w.title)).unwrap_or_default(),
    };
    shows.result_reason = words.map(|w| lang.text(&w.reason)).unwrap_or_default();
    shows.scores = v
        .players
        .iter()
        .map(|p| KakScoreItem {
            name: p.name.clone().into(),
            knight: names.card(&p.knight).into(),
            score: p.score as i32,
            winner: winners.contains(&p.seat),
        })
        .collect();
}

impl GameScreens for Kak {
    type Screen = KakScreen;
    /// Nothing before the game is set up: the board keeps what it showed.
    type Shows = Option<KakShows>;
    const PARTS: screens::Parts = screens::Parts::Knights;

    fn page(v: &KakView) -> Page {
        match v.phase {
            PhaseView::Setup => Page::Setup,
            PhaseView::Over { .. } => Page::KakEnd,
            _ => Page::KakBoard,
        }
    }

    /// The player whose dealt cards show now.
    fn looking(screen: &KakScreen, _: &KakView) -> Option<Seat> {
        screen.deal.filter(|(_, open)| *open).and_then(|(seat, _)| u8::try_from(seat).ok()).map(Seat)
    }

    fn show(screen: &mut KakScreen, sight: &Sight<'_, Kak>) -> Option<KakShows> {
        let lang = sight.lang;
        // A seat nobody named is "Seat 2" on the screen, in its language.
        let mut v = sight.view.clone();
        for p in &mut v.players {
            p.name = sight.seat_label(p.seat, &p.name);
        }
        let v = &v;
        if v.players.is_empty() {
            return None;
        }
        // Dealt just now: each player looks at their own cards in turn.
        if std::mem::take(&mut screen.deal_pending) {
            screen.deal = Some((0, false));
        }
        if !screen.menu.fits(&sight.legal) {
            screen.menu = Menu::Main;
        }
        let facts = Facts::from_book(&sight.facts);
        let names = Names { lang, names: &v.names, facts: &facts };
        let mut shows = KakShows::default();
        board(v, &names, &facts, &mut shows);
        let (prompt, buttons, big) = match screen.deal {
            Some(step) if step.0 < v.players.len() => {
                let (prompt, buttons) = deal_menu(v, step, sight.private.as_ref(), &names);
                (prompt, buttons, true)
            }
            _ => menu(v, &facts, &sight.legal, &screen.menu, lang),
        };
        shows.ring = ring(v, &names, &buttons);
        shows.actions = screen.shown.show(buttons);
        shows.prompt = prompt;
        // More choices than a row: they take the room of the players'
        // lines on a small screen (the page decides by its height).
        shows.big_menu = big || shows.actions.len() > 4;
        end(v, sight.outcome.as_ref(), &names, &mut shows);
        Some(shows)
    }

    fn bind(shows: Option<KakShows>, window: &AppWindow) {
        let Some(s) = shows else { return };
        let ui = window.global::<KakUi<'_>>();
        ui.set_players_line(s.players_line.into());
        set_model(&ui.get_players(), s.players, |m| ui.set_players(m));
        ui.set_status(s.status.into());
        ui.set_open_quests(s.open_quests.into());
        ui.set_open_quests_line(s.open_quests_line.into());
        ui.set_on_table(s.on_table.into());
        ui.set_piles_title(s.piles_title.into());
        set_model(&ui.get_piles(), s.piles, |m| ui.set_piles(m));
        let before = ui.get_ring();
        let ring: Vec<KakRingSpot> = s
            .ring
            .into_iter()
            .enumerate()
            .map(|(i, (spot, tents))| KakRingSpot { tents: tokens(&before, i, tents), ..spot })
            .collect();
        set_model(&ui.get_ring(), ring, |m| ui.set_ring(m));
        ui.set_prompt(s.prompt.into());
        set_model(&ui.get_actions(), s.actions, |m| ui.set_actions(m));
        ui.set_big_menu(s.big_menu);
        ui.set_result_title(s.result_title.into());
        ui.set_result_reason(s.result_reason.into());
        set_model(&ui.get_scores(), s.scores, |m| ui.set_scores(m));
    }

    /// Runs the button at `index` of those shown (see [`menu`]).
    fn act(screen: &mut KakScreen, sight: &Sight<'_, Kak>, index: i32) -> Option<Ask<Command>> {
        let press = screen.shown.pressed(index)?;
        let menu = std::mem::take(&mut screen.menu);
        let mut next = Menu::Main;
        let mut ask = None;
        match press {
            Press::Play(c) => ask = Some(Ask::Play(c)),
            Press::Step(Step::Open(m)) => next = m,
            Press::Step(Step::Back) => {}
            Press::Step(Step::Leave) => ask = Some(Ask::Leave),
            Press::Step(Step::Add(card)) => {
                if let Menu::Hand(purpose, mut chosen) = menu {
                    chosen.push(card);
                    next = Menu::Hand(purpose, chosen);
                }
            }
            Press::Step(Step::Clear) => {
                if let Menu::Hand(purpose, _) = menu {
                    next = Menu::Hand(purpose, Vec::new());
                }
            }
            Press::Step(Step::DealShow) => screen.deal = screen.deal.map(|(seat, _)| (seat, true)),
            Press::Step(Step::DealHide) => {
                let players = sight.view.players.len();
                screen.deal = screen.deal.and_then(|(seat, _)| (seat + 1 < players).then_some((seat + 1, false)));
            }
        }
        screen.menu = next;
        ask
    }

    /// The deal is shown once the game is set up.
    fn starting(screen: &mut KakScreen) {
        screen.menu = Menu::Main;
        screen.deal_pending = true;
    }

    /// The locations (the ring at setup), the quests turned up, the action
    /// cards picked and the virtue cards trained.
    fn picker_cards(_: &Catalog) -> Vec<String> {
        let mut cards: Vec<String> = cards::locations().collect();
        cards.extend(QUESTS.iter().map(|id| id.to_string()));
        cards.extend(cards::ACTION_CARDS.iter().map(|(id, _)| id.to_string()));
        cards.extend(cards::virtue_cards());
        cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Ctx, Game};

    fn sent(b: &Button) -> Option<Command> {
        match &b.press {
            Press::Play(c) => Some(c.clone()),
            Press::Step(_) => None,
        }
    }

    /// Alike cards share a button: a legal command is offered when a
    /// button sends it or its twin (the same action, the same face, a
    /// horse of the same reach).
    fn alike(g: &Kak, a: &Command, b: &Command) -> bool {
        let face = |c: &str| g.facts().virtues.get(c).copied();
        match (a, b) {
            (Command::Pick { card: x }, Command::Pick { card: y }) => {
                let reach = |h: &str| g.facts().horses.get(h).copied();
                cards::Action::of_card(x) == cards::Action::of_card(y) && reach(x) == reach(y)
            }
            (Command::Train { card: x }, Command::Train { card: y }) => face(x).is_some() && face(x) == face(y),
            (Command::Ride { horse: x, to: a }, Command::Ride { horse: y, to: b }) => {
                let reach = |h: &str| g.facts().horses.get(h).copied();
                a == b && reach(x).is_some() && reach(x) == reach(y)
            }
            _ => a == b,
        }
    }

    /// Once the game is set up, each player in turn sees their own dealt
    /// cards and nobody else's: the sight holds the private look only for
    /// the seat whose cards show, and the board names them by their faces.
    #[test]
    fn the_dealt_cards_show_to_each_player_in_turn_and_only_theirs() {
        use crate::table::sight::empty_table;
        let mut ctx = Ctx::seeded(3);
        let mut g = Kak::default();
        let mut rng = crate::games::GameRng::seeded(3);
        let setup = crate::games::kak::Setup {
            knights: cards::knights().take(2).collect(),
            names: vec!["Anna".into(), "Bruno".into()],
            ring: cards::locations().collect(),
            facts: crate::games::kak::test_facts(&mut rng),
        };
        g.execute(&Command::Setup(setup), &mut ctx).expect("set up");
        let (view, table) = (g.view(), empty_table(Lang::En));
        let mut screen = KakScreen::default();
        Kak::starting(&mut screen);
        let sight = |screen: &KakScreen| Sight::of_engine(&g, &view, &table, Kak::looking(screen, &view));
        let first = sight(&screen);
        let shows = Kak::show(&mut screen, &first).expect("set up");
        assert!(shows.prompt.contains("Anna"), "{}", shows.prompt);
        assert!(sight(&screen).private.is_none(), "nothing shows before Anna asks");
        let show = shows.actions.iter().find(|a| a.step).expect("show my cards").index;
        assert_eq!(Kak::act(&mut screen, &first, show), None);
        let looked = sight(&screen);
        let private = looked.private.as_ref().expect("Anna's look");
        assert_eq!(private.seat(), Seat(0));
        let hand = &g.player_states()[0].hand;
        assert!(!hand.is_empty());
        assert_eq!(private.shows(), &serde_json::json!(hand));
        let shows = Kak::show(&mut screen, &looked).expect("set up");
        let facts = Facts::from_book(&looked.facts);
        let names = Names { lang: Lang::En, names: &view.names, facts: &facts };
        for card in hand {
            assert!(shows.prompt.contains(&names.card(card)), "{card} in {}", shows.prompt);
        }
        let hide = shows.actions[0].index;
        assert_eq!(Kak::act(&mut screen, &looked, hide), None);
        assert_eq!(screen.deal, Some((1, false)), "Bruno's turn to look");
        let hidden = sight(&screen);
        assert!(hidden.private.is_none(), "hidden again");
        let shows = Kak::show(&mut screen, &hidden).expect("set up");
        assert!(shows.prompt.contains("Bruno"), "{}", shows.prompt);
    }

    #[test]
    fn the_virtue_piles_are_drawn_a_mark_a_virtue_with_their_values_counted() {
        // Test faces, not a real box's.
        let ids: Vec<String> = cards::virtue_cards().take(5).collect();
        let mut facts = Facts::default();
        let faces = [(Virtue::Lance, 2), (Virtue::Sword, 1), (Virtue::Lance, 2), (Virtue::Lance, 1), (Virtue::Book, 2)];
        for (id, (virtue, value)) in ids.iter().zip(faces) {
            facts.virtues.insert(id.clone(), VirtueCard { virtue, value });
        }
        let drawn: Vec<(i32, String)> =
            piles(&ids, &facts).into_iter().map(|p| (p.virtue, p.cards.to_string())).collect();
        assert_eq!(drawn, [(0, "1".to_string()), (1, "2×2, 1".to_string()), (3, "2".to_string())]);
    }

    #[test]
    fn the_buttons_are_the_engines_legal_commands_in_every_state_of_random_games() {
        let buttons = |g: &Kak, lang: Lang| {
            let (v, legal) = (g.view(), g.legal());
            let (prompt, main, _) = menu(&v, g.facts(), &legal, &Menu::Main, lang);
            assert!(!prompt.is_empty() && !prompt.starts_with("ui."), "{prompt}");
            let mut all = main.clone();
            for b in &main {
                if let Press::Step(Step::Open(m)) = &b.press {
                    all.extend(menu(&v, g.facts(), &legal, m, lang).1);
                }
            }
            all
        };
        let states = super::super::buttons_follow_legal::<Kak, _>(0..12, 600, buttons, alike, |_| false);
        assert!(states > 1_000, "only {states} states");
    }

    #[test]
    fn a_quests_cards_are_chosen_by_their_face_and_a_chosen_card_is_not_offered_again() {
        let mut ctx = Ctx::seeded(3);
        let mut g = Kak::default();
        let mut rng = crate::games::GameRng::seeded(3);
        let facts = crate::games::kak::test_facts(&mut rng);
        let setup = crate::games::kak::Setup {
            knights: cards::knights().take(2).collect(),
            names: vec!["Anna".into(), "Bruno".into()],
            ring: cards::locations().collect(),
            facts: facts.clone(),
        };
        g.execute(&Command::Setup(setup), &mut ctx).expect("set up");
        let v = g.view();
        let purpose = Purpose::Quest(QUESTS[0].to_string());
        let (_, first, _) = menu(&v, g.facts(), &[], &Menu::Hand(purpose.clone(), Vec::new()), Lang::En);
        let added = |b: &Button| match &b.press {
            Press::Step(Step::Add(card)) => Some(card.clone()),
            _ => None,
        };
        let adds: Vec<&Button> = first.iter().filter(|b| added(b).is_some()).collect();
        // One button a face: no two alike.
        let labels: std::collections::BTreeSet<&str> = adds.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels.len(), adds.len(), "{adds:?}");
        let card = added(adds[0]).expect("a card");
        let (_, second, _) = menu(&v, g.facts(), &[], &Menu::Hand(purpose, vec![card.clone()]), Lang::En);
        let handed = second.iter().filter_map(sent).next().expect("the hand-in button");
        assert_eq!(handed, Command::Quest { quest: QUESTS[0].to_string(), cards: vec![card.clone()] });
        assert!(second.iter().all(|b| added(b).as_ref() != Some(&card)));
    }
}
