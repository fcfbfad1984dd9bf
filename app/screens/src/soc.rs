//! Shadows over Camelot on the screen (`app/ui/pages/soc-board.slint`; its
//! setup is every game's, see `setup.rs`): the board as Tavola remembers it, and the
//! buttons for whatever the table is asked now.
//!
//! The buttons come from [`menu`]: the engine's list of what the rules
//! accept now ([`crate::games::Game::legal`]), laid out as buttons, with
//! the screen's own half-made choice ([`Menu`]: a list opened, fight cards
//! picked one by one). No rule is decided here: a button exists because
//! the engine listed its command, and the engine still checks every
//! command (a refusal is shown in the message line).

use super::screens::{self, Ask, GameScreens, Press, Shown, Sight};
use super::set_model;
use crate::catalog::Catalog;
use crate::games::soc::Soc;
use crate::games::soc::{Choice, Command, Correction, FightView, PendingView, Place, QuestId, Rules, Side, SocView};
use crate::games::{GameKind, Lang, Legal, Msg, Said, Seat};
use crate::{ActionItem, AppWindow, Page, SocKnightItem, SocQuestItem, SocUi};
use slint::ComponentHandle;
use tavola_words::msg;

/// What the engine lists as legal now.
type LegalNow = [Legal<Command, Choice>];

/// A button of Shadows over Camelot's action grid.
type Button = screens::Button<Command, Step>;

/// A step of the screen's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(in crate::controller) enum Step {
    /// A list or a question opens (a knight's tile, a correction).
    Open(Menu),
    /// Back to the choices of the moment.
    Back,
    /// The game is over: back to the games.
    Leave,
    /// A fight card more against the siege engine.
    SiegeCard(u8),
    /// A Merlin card more from this seat.
    Merlin(Seat),
    /// The die is rolled (the simulated button's path where there is one).
    Roll,
}

fn play(c: &Command, label: impl Into<String>, tone: i32) -> Button {
    screens::play(c.clone(), label, tone)
}

fn step(s: Step, label: impl Into<String>, tone: i32) -> Button {
    screens::step(s, label, tone)
}
/// The screen's own state: a choice in several steps.
#[derive(Debug, Default)]
pub(in crate::controller) struct SocScreen {
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
    /// The black card drawn, picked on screen.
    BlackCard,
    /// Where to travel.
    Move,
    /// The fight card played on the quest.
    Fight,
    /// The fight cards against a siege engine, chosen so far.
    Siege(Vec<u8>),
    /// The special white card played.
    Special,
    /// The knight accused.
    Accuse,
    /// The Merlin cards given so far to cancel a special black card.
    Merlin(Vec<Seat>),
    /// Setting a knight's count of cards in hand right.
    HandCount(Seat),
    /// What of a knight to set right (a tap on the knight's tile): cards
    /// in hand, life, place.
    Knight(Seat),
    /// What of the board to set right.
    Correct,
    /// The siege engines around Camelot, set right.
    CorrectSiege,
    /// The swords on the Round Table, set right: the white ones first
    /// (`None`), then the black ones beside them.
    CorrectSwords(Option<u8>),
    /// A knight's life points, set right.
    CorrectLife(Seat),
    /// Where a knight's figure stands, set right.
    CorrectPlace(Seat),
}

impl Menu {
    /// Whether the engine still lists what this menu offers (an undo, a
    /// card on the reader or the end of a turn can take it away).
    fn fits(&self, legal: &LegalNow) -> bool {
        let listed = |f: &dyn Fn(&Command) -> bool| legal.iter().any(|l| f(l.command()));
        match self {
            Menu::Main => true,
            Menu::BlackCard => listed(&|c| matches!(c, Command::BlackCard { .. })),
            Menu::Move => listed(&|c| matches!(c, Command::Move { .. })),
            Menu::Fight => listed(&|c| matches!(c, Command::PlayFight { .. })),
            Menu::Siege(_) => listed(&|c| matches!(c, Command::SiegeFight { .. })),
            Menu::Special => listed(&|c| matches!(c, Command::PlaySpecial { .. })),
            Menu::Accuse => listed(&|c| matches!(c, Command::Accuse { .. })),
            Menu::Merlin(_) => listed(&|c| matches!(c, Command::CancelWithMerlin { .. })),
            Menu::HandCount(s) => hand_listed(legal, *s),
            Menu::Knight(s) => {
                hand_listed(legal, *s)
                    || Corrections::of(legal).is_some_and(|c| c.living.contains(s) || c.places_of(*s).is_some())
            }
            Menu::Correct | Menu::CorrectSiege | Menu::CorrectSwords(_) => Corrections::of(legal).is_some(),
            Menu::CorrectLife(s) => Corrections::of(legal).is_some_and(|c| c.living.contains(s)),
            Menu::CorrectPlace(s) => Corrections::of(legal).is_some_and(|c| c.places_of(*s).is_some()),
        }
    }
}

/// Whether the engine lets the host set `seat`'s hand right.
fn hand_listed(legal: &LegalNow, seat: Seat) -> bool {
    legal.iter().any(|l| matches!(l.command(), Command::CorrectHand { seat: s, .. } if *s == seat))
}

/// What the engine lets the host set right on the board now (its
/// [`Choice::Correction`]).
struct Corrections<'a> {
    engines: u8,
    black: u8,
    swords: u8,
    life: u8,
    living: &'a [Seat],
    places: &'a [(Seat, Vec<Place>)],
}

impl<'a> Corrections<'a> {
    fn of(legal: &'a LegalNow) -> Option<Corrections<'a>> {
        legal.iter().find_map(|l| match l.choice() {
            Some(Choice::Correction { engines, black, swords, life, living, places }) => {
                Some(Corrections { engines: *engines, black: *black, swords: *swords, life: *life, living, places })
            }
            _ => None,
        })
    }

    fn places_of(&self, seat: Seat) -> Option<&'a [Place]> {
        self.places.iter().find(|(s, _)| *s == seat).map(|(_, p)| p.as_slice())
    }
}

/// What the screen shows for the moment: the question, its buttons, and
/// whether they fill the page (a long list of cards).
#[derive(Debug, Default, PartialEq)]
pub(in crate::controller) struct Screen {
    pub prompt: String,
    pub buttons: Vec<Button>,
    pub big: bool,
}

impl Screen {
    fn new(prompt: String, buttons: Vec<Button>) -> Screen {
        Screen { prompt, buttons, big: false }
    }
}

/// The special white cards (their slugs), in the catalog's order.
fn special_whites() -> Vec<String> {
    Catalog::builtin()
        .by_kind(GameKind::ShadowsOverCamelot, "white")
        .filter(|c| c.fact_flag("special") && c.copy.is_none_or(|n| n == 1))
        .map(|c| c.slug().to_string())
        .collect()
}

/// The black cards, one button each (the id without its copy number).
fn black_cards(lang: Lang) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    for c in Catalog::builtin().by_kind(GameKind::ShadowsOverCamelot, "black") {
        if !seen.iter().any(|(base, _): &(String, String)| *base == c.base) {
            seen.push((c.base.clone(), c.name(lang).to_string()));
        }
    }
    seen
}

/// How a sentence names a seat's player: the name typed at setup, else the
/// knight in the table's language (never a bare number).
fn knight_said(v: &SocView, seat: Seat) -> crate::games::Arg {
    match v.knights.get(seat.index()) {
        Some(k) if k.name.trim() != seat.to_string() => crate::games::Arg::Text(k.name.clone()),
        Some(k) => crate::games::Arg::Msg(k.knight.msg()),
        None => crate::said("", seat),
    }
}

fn card_name(id: &str, lang: Lang) -> String {
    Catalog::builtin().label(id, lang)
}

/// The button that sends `command` as it stands.
fn back(lang: Lang) -> Button {
    step(Step::Back, lang.text(&msg!("ui.soc.back")), 0)
}

fn values_text(values: &[u8]) -> String {
    values.iter().map(u8::to_string).collect::<Vec<_>>().join(" + ")
}

/// The label of a whole command's button, and its tone (0 plain, 1 the
/// usual choice, 2 a cost). `None` for a command offered another way.
fn label(c: &Command, v: &SocView) -> Option<(Msg, i32)> {
    let name = |s: Seat| knight_said(v, s);
    Some(match c {
        Command::SkipLoyaltyScan => (msg!("ui.soc.cmd.skip_loyalty"), 0),
        Command::Peek => (msg!("ui.soc.cmd.peek"), 0),
        Command::BlackCard { .. } => (msg!("ui.soc.cmd.black_card"), 1),
        Command::AddSiegeEngine => (msg!("ui.soc.cmd.add_siege_engine"), 2),
        Command::LoseLife => (msg!("ui.soc.cmd.lose_life"), 2),
        Command::DrawWhite => (msg!("ui.soc.cmd.draw_white"), 1),
        Command::SiegeFight { .. } => (msg!("ui.soc.cmd.siege_fight"), 1),
        Command::PlayGrail => (msg!("ui.soc.cmd.play_grail"), 1),
        Command::DiscardForExcalibur => (msg!("ui.soc.cmd.excalibur"), 1),
        Command::PlayFight { .. } => (msg!("ui.soc.cmd.play_fight"), 1),
        Command::Move { .. } => (msg!("ui.soc.cmd.travel"), 0),
        Command::PlaySpecial { .. } => (msg!("ui.soc.cmd.special"), 0),
        Command::Heal => (msg!("ui.soc.cmd.heal"), 0),
        Command::Accuse { .. } => (msg!("ui.soc.cmd.accuse"), 0),
        Command::Sacrifice => (msg!("ui.soc.cmd.sacrifice"), 2),
        Command::EndTurn => (msg!("ui.soc.cmd.end_turn"), 0),
        Command::PlaceBlack { face_down: false, war: None } => (msg!("ui.soc.cmd.face_up"), 0),
        Command::PlaceBlack { face_down: true, .. } => (msg!("ui.soc.cmd.face_down"), 0),
        Command::PlaceBlack { war: Some(war), .. } => (Place::of(*war).msg(), 0),
        Command::LetStand => (msg!("ui.soc.cmd.let_stand"), 2),
        Command::RollDie => (msg!("ui.soc.cmd.roll"), 1),
        Command::Kay { value: Some(n) } => (msg!("ui.soc.cmd.plus", value = *n), 0),
        Command::Kay { value: None } => (msg!("ui.soc.cmd.kay_passes"), 0),
        Command::ConfirmLoyalty { traitor: false } => (msg!("ui.soc.cmd.was_loyal"), 0),
        Command::ConfirmLoyalty { traitor: true } => (msg!("ui.soc.cmd.was_traitor"), 0),
        Command::Grail { drink: true } => (msg!("ui.soc.cmd.drink"), 1),
        Command::Grail { drink: false } => (msg!("ui.soc.cmd.no_drink"), 2),
        Command::DeclareTraitor { seat: Some(s) } => (msg!("ui.soc.name", name = name(*s)), 0),
        Command::DeclareTraitor { seat: None } => (msg!("ui.soc.cmd.nobody"), 0),
        Command::Correct { .. } => (msg!("ui.soc.cmd.correct"), 0),
        // Given on the reader, on the setup page, in a list or by a knight's tile.
        Command::Setup(_)
        | Command::LoyaltyCard { .. }
        | Command::ShowLoyalty { .. }
        | Command::CancelWithMerlin { .. }
        | Command::CorrectHand { .. } => return None,
    })
}

/// What the table asks now and the buttons for it, from the engine's list
/// of legal commands and the screen's half-made choice.
pub(in crate::controller) fn menu(v: &SocView, legal: &LegalNow, m: &Menu, rules: &Rules, lang: Lang) -> Screen {
    let say = |msg: Msg| lang.text(&msg);
    if v.ended.is_some() {
        return Screen::new(String::new(), vec![step(Step::Leave, say(msg!("ui.soc.cmd.leave")), 1)]);
    }
    if let Some(list) = list_menu(v, legal, m, rules, lang) {
        return list;
    }
    main_menu(v, legal, m, lang)
}

/// A list the screen opened (`m`) or a choice made card by card: `None`
/// for the choices of the moment.
fn list_menu(v: &SocView, legal: &LegalNow, m: &Menu, rules: &Rules, lang: Lang) -> Option<Screen> {
    let say = |msg: Msg| lang.text(&msg);
    let name = |s: Seat| knight_said(v, s);
    let commands = || legal.iter().map(Legal::command);
    let choice = |f: &dyn Fn(&Command) -> bool| legal.iter().find(|l| f(l.command())).and_then(Legal::choice);
    let listed = |pick: &dyn Fn(&Command) -> Option<String>| -> Vec<Button> {
        commands().filter_map(|c| Some(play(c, pick(c)?, 0))).collect()
    };
    match m {
        Menu::Main | Menu::Merlin(_) => None,
        Menu::BlackCard => {
            let mut a: Vec<Button> = black_cards(lang)
                .into_iter()
                .map(|(id, label)| play(&Command::BlackCard { card: id, face_down: None, war: None }, label, 0))
                .collect();
            a.push(back(lang));
            Some(Screen { prompt: say(msg!("ui.soc.ask.black_card")), buttons: a, big: true })
        }
        Menu::Move => {
            let mut a = listed(&|c| match c {
                Command::Move { to } => Some(to.text(lang)),
                _ => None,
            });
            a.push(back(lang));
            Some(Screen::new(say(msg!("ui.soc.ask.travel")), a))
        }
        Menu::Fight => {
            let mut a = listed(&|c| match c {
                Command::PlayFight { value } => Some(value.to_string()),
                _ => None,
            });
            a.push(back(lang));
            Some(Screen::new(say(msg!("ui.soc.ask.fight_card")), a))
        }
        Menu::Accuse => {
            let mut a = listed(&|c| match c {
                Command::Accuse { accused } => Some(name(*accused).text(lang)),
                _ => None,
            });
            a.push(back(lang));
            Some(Screen::new(say(msg!("ui.soc.ask.accuse")), a))
        }
        Menu::Special => {
            let mut a: Vec<Button> = special_whites()
                .into_iter()
                .map(|slug| {
                    let label = card_name(&format!("soc/white/{slug}"), lang);
                    play(&Command::PlaySpecial { card: slug }, label, 0)
                })
                .collect();
            a.push(back(lang));
            Some(Screen::new(say(msg!("ui.soc.ask.special")), a))
        }
        Menu::Siege(cards) => {
            let Some(Choice::FightCards { values, most }) = choice(&|c| matches!(c, Command::SiegeFight { .. })) else {
                return Some(Screen::new(String::new(), vec![back(lang)]));
            };
            let mut a = Vec::new();
            if cards.len() < usize::from(*most) {
                a.extend(values.clone().map(|n| step(Step::SiegeCard(n), say(msg!("ui.soc.cmd.plus", value = n)), 0)));
            }
            if !cards.is_empty() {
                a.push(step(Step::Open(Menu::Siege(Vec::new())), say(msg!("ui.soc.cmd.start_over")), 0));
                a.push(play(&Command::SiegeFight { cards: cards.clone() }, say(msg!("ui.soc.cmd.fight")), 1));
            }
            a.push(back(lang));
            let prompt = if cards.is_empty() {
                say(msg!("ui.soc.ask.siege_cards", count = *most))
            } else {
                let total: u32 = cards.iter().map(|&c| u32::from(c)).sum();
                say(msg!("ui.soc.siege_total", cards = values_text(cards), total, die = rules.siege.die))
            };
            Some(Screen::new(prompt, a))
        }
        Menu::HandCount(s) => {
            let most = match choice(&|c| matches!(c, Command::CorrectHand { seat, .. } if seat == s)) {
                Some(Choice::HandCount { most }) => *most,
                _ => 0,
            };
            let mut a: Vec<Button> =
                (0..=most).map(|cards| play(&Command::CorrectHand { seat: *s, cards }, cards.to_string(), 0)).collect();
            a.push(back(lang));
            Some(Screen { prompt: say(msg!("ui.soc.ask.hand", name = name(*s))), buttons: a, big: true })
        }
        Menu::Knight(s) => {
            let mut a = Vec::new();
            if hand_listed(legal, *s) {
                a.push(step(Step::Open(Menu::HandCount(*s)), say(msg!("ui.soc.cmd.fix_hand")), 0));
            }
            if let Some(c) = Corrections::of(legal) {
                if c.living.contains(s) {
                    a.push(step(Step::Open(Menu::CorrectLife(*s)), say(msg!("ui.soc.cmd.fix_life")), 0));
                }
                if c.places_of(*s).is_some() {
                    a.push(step(Step::Open(Menu::CorrectPlace(*s)), say(msg!("ui.soc.cmd.fix_place")), 0));
                }
            }
            a.push(back(lang));
            Some(Screen::new(say(msg!("ui.soc.ask.knight", name = name(*s))), a))
        }
        Menu::Correct | Menu::CorrectSiege | Menu::CorrectSwords(_) | Menu::CorrectLife(_) | Menu::CorrectPlace(_) => {
            let Some(c) = Corrections::of(legal) else {
                return Some(Screen::new(String::new(), vec![back(lang)]));
            };
            Some(corrections(v, &c, m, lang))
        }
    }
}

/// The choices of the moment, in the engine's order: one button per
/// command, one per kind for the commands chosen from a list.
fn main_menu(v: &SocView, legal: &LegalNow, m: &Menu, lang: Lang) -> Screen {
    let say = |msg: Msg| lang.text(&msg);
    let commands = || legal.iter().map(Legal::command);
    // The choices of the moment, in the engine's order: one button per
    // command, one per kind for the commands chosen from a list.
    let mut buttons: Vec<Button> = Vec::new();
    let mut opened: Vec<Menu> = Vec::new();
    for l in legal {
        let c = l.command();
        let list = match c {
            Command::BlackCard { .. } => Some(Menu::BlackCard),
            Command::Move { .. } => Some(Menu::Move),
            Command::PlayFight { .. } => Some(Menu::Fight),
            Command::SiegeFight { .. } => Some(Menu::Siege(Vec::new())),
            Command::PlaySpecial { .. } => Some(Menu::Special),
            Command::Accuse { .. } => Some(Menu::Accuse),
            Command::Correct { .. } => Some(Menu::Correct),
            _ => None,
        };
        let Some((text, tone)) = label(c, v) else { continue };
        match list {
            Some(list) if opened.contains(&list) => {}
            Some(list) => {
                opened.push(list.clone());
                buttons.push(step(Step::Open(list), say(text), tone));
            }
            // The dice button of the simulated table takes the hardware's path.
            None if *c == Command::RollDie => buttons.push(step(Step::Roll, say(text), tone)),
            None => buttons.push(play(c, say(text), tone)),
        }
    }
    // The Merlin cards, given seat by seat.
    let mut merlin = merlin_buttons(v, legal, m, lang);
    if !merlin.is_empty() {
        merlin.append(&mut buttons);
        buttons = merlin;
    }
    // The turn's end is the usual choice once no other action is left.
    let acting = commands().any(|c| {
        label(c, v).is_some()
            && !matches!(
                c,
                Command::EndTurn | Command::Sacrifice | Command::CorrectHand { .. } | Command::Correct { .. }
            )
    });
    if !acting {
        for b in &mut buttons {
            if b.press == Press::Play(Command::EndTurn) {
                b.tone = 1;
            }
        }
    }
    Screen::new(prompt(v, legal, m, acting, lang), buttons)
}

/// The Merlin cards that cancel a special black card, given seat by seat
/// (`m` holds those given so far): nothing while none is asked for.
fn merlin_buttons(v: &SocView, legal: &LegalNow, m: &Menu, lang: Lang) -> Vec<Button> {
    let say = |msg: Msg| lang.text(&msg);
    let name = |s: Seat| knight_said(v, s);
    let choice = legal.iter().find(|l| matches!(l.command(), Command::CancelWithMerlin { .. })).and_then(Legal::choice);
    let Some(Choice::Merlin { cards, givers }) = choice else { return Vec::new() };
    let given = match m {
        Menu::Merlin(g) => g.clone(),
        _ => Vec::new(),
    };
    let mut a: Vec<Button> = givers
        .iter()
        .map(|&(seat, _)| {
            let n = given.iter().filter(|&&s| s == seat).count();
            let label =
                if n == 0 { name(seat).text(lang) } else { say(msg!("ui.soc.given", name = name(seat), count = n)) };
            Button { checked: n > 0, ..step(Step::Merlin(seat), label, 0) }
        })
        .collect();
    if !given.is_empty() {
        a.push(step(Step::Open(Menu::Merlin(Vec::new())), say(msg!("ui.soc.cmd.start_over")), 0));
    }
    if given.len() == usize::from(*cards) {
        a.push(play(&Command::CancelWithMerlin { from: given.clone() }, say(msg!("ui.soc.cmd.cancel_card")), 1));
    }
    a
}

/// The host's corrections of the board: what to set right, then its value,
/// each value one the engine listed. The value the board shows now is
/// ticked.
fn corrections(v: &SocView, c: &Corrections<'_>, m: &Menu, lang: Lang) -> Screen {
    let say = |msg: Msg| lang.text(&msg);
    let name = |s: Seat| knight_said(v, s);
    let set = |correction: Correction, label: String, now: bool| Button {
        checked: now,
        ..play(&Command::Correct { correction }, label, 0)
    };
    let (prompt, mut a, big) = match m {
        Menu::CorrectSiege => {
            let a =
                (0..=c.engines).map(|n| set(Correction::Siege { engines: n }, n.to_string(), n == v.siege)).collect();
            (say(msg!("ui.soc.ask.fix_siege")), a, true)
        }
        Menu::CorrectSwords(None) => {
            let a = (0..=c.swords)
                .map(|n| Button {
                    checked: n == v.white,
                    ..step(Step::Open(Menu::CorrectSwords(Some(n))), n.to_string(), 0)
                })
                .collect();
            (say(msg!("ui.soc.ask.fix_white")), a, true)
        }
        Menu::CorrectSwords(Some(white)) => {
            let most = c.black.min(c.swords.saturating_sub(*white));
            let a = (0..=most)
                .map(|n| set(Correction::Swords { white: *white, black: n }, n.to_string(), n == v.black))
                .collect();
            (say(msg!("ui.soc.ask.fix_black", white = *white)), a, true)
        }
        Menu::CorrectLife(s) => {
            let now = v.knights.get(s.index()).map(|k| k.life);
            let a = (1..=c.life)
                .map(|n| set(Correction::Life { seat: *s, life: n }, n.to_string(), now == Some(i32::from(n))))
                .collect();
            (say(msg!("ui.soc.ask.fix_life", name = name(*s))), a, false)
        }
        Menu::CorrectPlace(s) => {
            let now = v.knights.get(s.index()).and_then(|k| k.place);
            let a = c
                .places_of(*s)
                .unwrap_or_default()
                .iter()
                .map(|&p| set(Correction::Place { seat: *s, place: p }, p.text(lang), now == Some(p)))
                .collect();
            (say(msg!("ui.soc.ask.fix_place", name = name(*s))), a, false)
        }
        _ => {
            let mut a = vec![
                step(Step::Open(Menu::CorrectSiege), say(msg!("ui.soc.cmd.fix_siege", count = v.siege)), 0),
                step(
                    Step::Open(Menu::CorrectSwords(None)),
                    say(msg!("ui.soc.cmd.fix_swords", white = v.white, black = v.black)),
                    0,
                ),
            ];
            for s in c.living {
                a.push(step(Step::Open(Menu::CorrectLife(*s)), say(msg!("ui.soc.cmd.life_of", name = name(*s))), 0));
            }
            for (s, _) in c.places {
                a.push(step(Step::Open(Menu::CorrectPlace(*s)), say(msg!("ui.soc.cmd.place_of", name = name(*s))), 0));
            }
            (say(msg!("ui.soc.ask.correct")), a, true)
        }
    };
    a.push(back(lang));
    Screen { prompt, buttons: a, big }
}

/// The question of the moment.
fn prompt(v: &SocView, legal: &LegalNow, m: &Menu, acting: bool, lang: Lang) -> String {
    let name = |s: Seat| knight_said(v, s);
    let say = |msg: Msg| lang.text(&msg);
    if let Some(s) = v.scan_next {
        return say(msg!("ui.soc.ask.loyalty_card", name = name(s)));
    }
    if let Some(p) = &v.pending {
        return match p {
            PendingView::BlackChoice { card: None } => say(msg!("ui.soc.ask.face_down")),
            PendingView::BlackChoice { card: Some(card) } => say(msg!("ui.soc.ask.war", card = card_name(card, lang))),
            PendingView::Merlin { card } => {
                let given = if let Menu::Merlin(g) = m { g.len() } else { 0 };
                say(msg!("ui.soc.ask.merlin", card = card_name(card, lang), given))
            }
            PendingView::SiegeRoll { seat, cards } => {
                let total: u32 = cards.iter().map(|&c| u32::from(c)).sum();
                say(msg!("ui.soc.ask.roll", name = name(*seat), total))
            }
            PendingView::Kay { seat, .. } => say(msg!("ui.soc.ask.kay", name = name(*seat))),
            PendingView::Accusation { accused, .. } => say(msg!("ui.soc.ask.loyalty_shown", name = name(*accused))),
            PendingView::Grail { seat, holder: Some(h) } => {
                say(msg!("ui.soc.ask.grail", name = name(*seat), holder = name(*h)))
            }
            PendingView::Grail { seat, holder: None } => say(msg!("ui.soc.dying", name = name(*seat))),
            PendingView::TraitorCheck => say(msg!("ui.soc.ask.traitor")),
        };
    }
    let Some(turn) = v.turn else { return String::new() };
    let me = name(turn);
    let evil = legal.iter().any(|l| matches!(l.command(), Command::AddSiegeEngine | Command::LoseLife));
    if evil {
        return say(msg!("ui.soc.ask.evil", name = me));
    }
    if !acting {
        return say(msg!("ui.soc.ask.end_turn", name = me));
    }
    match v.knights.get(turn.index()).and_then(|k| k.place) {
        Some(place) => say(msg!("ui.soc.ask.heroic", name = me, place = place.at())),
        None => say(msg!("ui.soc.ask.heroic_nowhere", name = me)),
    }
}

/// A fight quest's two sides as the tile draws them, each beside its mark:
/// the cards ("3 4", "5 ?"; "—" for none) and the spaces filled ("2/4").
#[derive(Default)]
struct FightSides {
    white: String,
    white_count: String,
    black: String,
    black_count: String,
}

/// A fight quest's state in words ("Knights 3 4 (2/4) · Evil 5 ? (2/3)"),
/// its sides as drawn, and its progress on each side.
fn fight_state(f: &FightView, lang: Lang) -> (String, Option<FightSides>, f32, f32) {
    let cards = |v: Vec<String>| if v.is_empty() { "—".to_string() } else { v.join(" ") };
    let sides = FightSides {
        white: cards(f.white.iter().map(u8::to_string).collect()),
        white_count: format!("{}/{}", f.white.len(), f.white_slots),
        black: cards(f.black.iter().map(|b| b.map_or("?".into(), |v| v.to_string())).collect()),
        black_count: format!("{}/{}", f.black.len(), f.black_slots),
    };
    let text = lang.text(&msg!(
        "ui.soc.quest.fight",
        white = sides.white.as_str(),
        white_played = f.white.len(),
        white_slots = f.white_slots,
        black = sides.black.as_str(),
        black_played = f.black.len(),
        black_slots = f.black_slots
    ));
    let frac = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f32 / of as f32 };
    (text, Some(sides), frac(f.white.len(), f.white_slots), frac(f.black.len(), usize::from(f.black_slots)))
}

fn quests(v: &SocView, rules: &Rules, lang: Lang) -> Vec<SocQuestItem> {
    let here = v.turn.and_then(|t| v.knights.get(t.index())).and_then(|k| k.place);
    QuestId::ALL
        .into_iter()
        .map(|q| {
            let (state, sides, good, evil) = match q {
                QuestId::BlackKnight => fight_state(&v.black_knight, lang),
                QuestId::Lancelot => fight_state(&v.lancelot, lang),
                QuestId::Dragon => fight_state(&v.dragon, lang),
                QuestId::Excalibur => {
                    let (k, e) = (rules.excalibur.to_knights, rules.excalibur.to_evil);
                    let at = format!("{:+}", v.excalibur);
                    let text = lang.text(&msg!("ui.soc.quest.excalibur", at, knights = k, evil = e));
                    let frac = |n: i8, of: i8| if of == 0 { 0.0 } else { f32::from(n.max(0)) / f32::from(of) };
                    (text, None, frac(v.excalibur, k), frac(-v.excalibur, e))
                }
                QuestId::Grail => {
                    let n = rules.grail.spaces;
                    let text = lang.text(&msg!(
                        "ui.soc.quest.grail",
                        grail = v.grail_white,
                        despair = v.grail_black,
                        spaces = n
                    ));
                    let frac = |x: u8| if n == 0 { 0.0 } else { f32::from(x) / f32::from(n) };
                    (text, None, frac(v.grail_white), frac(v.grail_black))
                }
                QuestId::Picts | QuestId::Saxons => {
                    let (ladder, figures) = if q == QuestId::Picts { v.picts } else { v.saxons };
                    let (top, most) = (rules.wars.ladder, rules.wars.figures);
                    let played: Vec<String> = (1..=ladder).map(|n| n.to_string()).collect();
                    let played = if played.is_empty() { "—".to_string() } else { played.join("-") };
                    let text = lang.text(&msg!("ui.soc.quest.war", ladder = played, top, figures, most));
                    let frac = |x: u8, of: u8| if of == 0 { 0.0 } else { f32::from(x) / f32::from(of) };
                    (text, None, frac(ladder, top), frac(figures, most))
                }
            };
            let fight = sides.is_some();
            let sides = sides.unwrap_or_default();
            let result = v.results.iter().find(|(r, _)| *r == q).map_or(0, |(_, won)| if *won { 1 } else { 2 });
            let state = match result {
                1 => lang.text(&msg!("ui.soc.quest.won", state)),
                2 => lang.text(&msg!("ui.soc.quest.lost", state)),
                _ => state,
            };
            SocQuestItem {
                name: Place::of(q).text(lang).into(),
                state: state.into(),
                result,
                good,
                evil,
                here: here == Some(Place::of(q)),
                fight,
                white: sides.white.into(),
                white_count: sides.white_count.into(),
                black: sides.black.into(),
                black_count: sides.black_count.into(),
            }
        })
        .collect()
}

/// The end page: who won, why (the ending's one text, as in the
/// history) and the traitor.
fn end_texts(v: &SocView, lang: Lang) -> (String, String, String, bool) {
    let Some((reason, winner, traitor)) = &v.ended else { return Default::default() };
    let words = GameKind::ShadowsOverCamelot.outcome_words(&crate::games::code(winner), &crate::games::code(reason));
    let Some(words) = words else { return Default::default() };
    // The swords stay drawn beside it.
    let why = msg!("ui.end.reason", reason = words.reason);
    let traitor = match traitor {
        Some(t) => {
            let who = knight_said(v, *t);
            lang.text(&msg!("ui.soc.end.traitor", name = who))
        }
        None => String::new(),
    };
    (lang.text(&words.title), lang.text(&why), traitor, *winner == Side::Loyal)
}

/// What Shadows over Camelot's pages show (the `SocUi` global), as plain
/// data.
#[derive(Debug, Default)]
pub(in crate::controller) struct SocShows {
    siege: i32,
    white: i32,
    black: i32,
    quests: Vec<SocQuestItem>,
    knights: Vec<SocKnightItem>,
    lasting: String,
    prompt: String,
    actions: Vec<ActionItem>,
    big_menu: bool,
    result_title: String,
    result_reason: String,
    traitor_line: String,
    loyal_won: bool,
}

/// The knights' tiles.
fn knights(v: &SocView, rules: &Rules, lang: Lang) -> Vec<SocKnightItem> {
    v.knights
        .iter()
        .map(|k| SocKnightItem {
            name: knight_said(v, k.seat).text(lang).into(),
            knight: k.knight.text(lang).into(),
            life: k.life,
            max_life: rules.life.max,
            hand: i32::from(k.hand),
            place: k.place.map(|p| p.text(lang)).unwrap_or_default().into(),
            relics: k.relics.iter().map(|r| r.text(lang)).collect::<Vec<_>>().join(", ").into(),
            alive: k.alive,
            exposed: k.exposed,
            turn: v.turn == Some(k.seat) && v.ended.is_none(),
        })
        .collect()
}

/// One more Merlin card from `seat`, if it holds one more than those given
/// so far and the cancel still wants one.
fn give_merlin(legal: &LegalNow, mut given: Vec<Seat>, seat: Seat) -> Vec<Seat> {
    let choice = legal.iter().find(|l| matches!(l.command(), Command::CancelWithMerlin { .. }));
    if let Some(Choice::Merlin { cards, givers }) = choice.and_then(Legal::choice) {
        let most = givers.iter().find(|(g, _)| *g == seat).map_or(0, |(_, n)| usize::from(*n));
        if given.len() < usize::from(*cards) && given.iter().filter(|&&g| g == seat).count() < most {
            given.push(seat);
        }
    }
    given
}

impl GameScreens for Soc {
    type Screen = SocScreen;
    type Shows = SocShows;
    const PARTS: screens::Parts = screens::Parts::Knights;

    fn page(v: &SocView) -> Page {
        if v.knights.is_empty() {
            Page::Setup
        } else if v.ended.is_some() {
            Page::SocEnd
        } else {
            Page::SocBoard
        }
    }

    fn show(screen: &mut SocScreen, sight: &Sight<'_, Soc>) -> SocShows {
        let (v, lang, rules) = (sight.view, sight.lang, sight.public);
        // A half-made choice that no longer fits the moment (an undo, a
        // card on the reader) is dropped.
        if !screen.menu.fits(&sight.legal) {
            screen.menu = Menu::Main;
        }
        let lasting: Vec<String> = v.lasting.iter().map(|c| Catalog::builtin().label(c, lang)).collect();
        let moment = menu(v, &sight.legal, &screen.menu, rules, lang);
        let (result_title, result_reason, traitor_line, loyal_won) = end_texts(v, lang);
        SocShows {
            siege: i32::from(v.siege),
            white: i32::from(v.white),
            black: i32::from(v.black),
            quests: quests(v, rules, lang),
            knights: knights(v, rules, lang),
            lasting: if lasting.is_empty() {
                String::new()
            } else {
                lang.text(&msg!("ui.soc.in_play", cards = lasting.join(", ")))
            },
            prompt: moment.prompt,
            actions: screen.shown.show(moment.buttons),
            big_menu: moment.big,
            result_title,
            result_reason,
            traitor_line,
            loyal_won,
        }
    }

    fn bind(s: SocShows, window: &AppWindow) {
        let ui = window.global::<SocUi<'_>>();
        ui.set_siege(s.siege);
        ui.set_white(s.white);
        ui.set_black(s.black);
        set_model(&ui.get_quests(), s.quests, |m| ui.set_quests(m));
        set_model(&ui.get_knights(), s.knights, |m| ui.set_knights(m));
        ui.set_lasting(s.lasting.into());
        ui.set_prompt(s.prompt.into());
        set_model(&ui.get_actions(), s.actions, |m| ui.set_actions(m));
        ui.set_big_menu(s.big_menu);
        ui.set_result_title(s.result_title.into());
        ui.set_result_reason(s.result_reason.into());
        ui.set_traitor_line(s.traitor_line.into());
        ui.set_loyal_won(s.loyal_won);
    }

    /// Runs the button at `index` of those shown (see [`menu`]): a command
    /// the engine listed, a list to open, or a step of a choice made card
    /// by card. After a command the choices of the moment return (a
    /// refusal is said in the message line); a menu the engine no longer
    /// offers closes at the refresh.
    fn act(screen: &mut SocScreen, sight: &Sight<'_, Soc>, index: i32) -> Option<Ask<Command>> {
        let press = screen.shown.pressed(index)?;
        let menu = std::mem::take(&mut screen.menu);
        let (next, ask) = match press {
            Press::Play(command) => (Menu::Main, Some(Ask::Play(command))),
            Press::Step(Step::Open(m)) => (m, None),
            Press::Step(Step::Back) => (Menu::Main, None),
            Press::Step(Step::Leave) => (Menu::Main, Some(Ask::Leave)),
            Press::Step(Step::Merlin(seat)) => {
                let given = if let Menu::Merlin(g) = menu { g } else { Vec::new() };
                (Menu::Merlin(give_merlin(&sight.legal, given, seat)), None)
            }
            Press::Step(Step::SiegeCard(n)) => {
                let mut cards = if let Menu::Siege(c) = menu { c } else { Vec::new() };
                cards.push(n);
                (Menu::Siege(cards), None)
            }
            // The simulated button where there is one: the roll takes the
            // hardware's path.
            Press::Step(Step::Roll) => (Menu::Main, Some(Ask::Roll(Command::RollDie))),
        };
        screen.menu = next;
        ask
    }

    /// A knight's tile: what of the knight to set right.
    fn seat(screen: &mut SocScreen, _: &Sight<'_, Soc>, seat: Seat) -> Option<Ask<Command>> {
        screen.menu = Menu::Knight(seat);
        None
    }

    fn starting(screen: &mut Self::Screen) {
        screen.menu = Menu::Main;
    }

    /// The loyalty cards (three of each, for a table scanning them) and a
    /// black card of each kind.
    fn picker_cards(catalog: &Catalog) -> Vec<String> {
        let mut cards = screens::catalog_cards(catalog, GameKind::ShadowsOverCamelot, &["loyalty"], 3);
        cards.extend(screens::catalog_cards(catalog, GameKind::ShadowsOverCamelot, &["black"], 1));
        cards
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::testkit::Fuzz;
    use crate::games::{Ctx, Game};

    /// The board as a sight of a game under way shows it, with no window:
    /// a tile per knight with the rules' most life, the siege and swords
    /// as the view counts them; a knight's tile asks what of that knight to
    /// set right, and back returns to the choices of the moment.
    #[test]
    fn the_board_shows_every_knight_and_a_knights_tile_asks_what_to_set_right() {
        use crate::table::sight::empty_table;
        let mut ctx = Ctx::seeded(2);
        let mut g = Soc::default();
        while g.view().knights.is_empty() || g.view().turn.is_none() {
            let cmd = g.random_command(&mut ctx.rng);
            let _ = g.execute(&cmd, &mut ctx);
        }
        let (view, table) = (g.view(), empty_table(Lang::En));
        let sight = Sight::of_engine(&g, &view, &table, None);
        let mut screen = SocScreen::default();
        let shows = Soc::show(&mut screen, &sight);
        assert_eq!(shows.knights.len(), view.knights.len());
        assert!(shows.knights.iter().all(|k| k.max_life == g.rules().life.max));
        assert_eq!(shows.knights.iter().filter(|k| k.turn).count(), 1, "one knight's turn");
        assert_eq!(
            (shows.siege, shows.white, shows.black),
            (i32::from(view.siege), i32::from(view.white), i32::from(view.black))
        );
        assert!(!shows.prompt.is_empty() && !shows.actions.is_empty());
        let seat = Seat(0);
        assert_eq!(Soc::seat(&mut screen, &sight, seat), None);
        let shows = Soc::show(&mut screen, &sight);
        let who = knight_said(&view, seat).text(Lang::En);
        assert!(shows.prompt.contains(&who), "{who} in {}", shows.prompt);
        let back = shows.actions.last().expect("back");
        assert_eq!(back.label.as_str(), Lang::En.text(&msg!("ui.soc.back")));
        assert_eq!(Soc::act(&mut screen, &sight, back.index), None);
        assert_eq!(screen.menu, Menu::Main);
    }

    /// The command a button sends.
    fn sent(b: &Button) -> Option<Command> {
        match &b.press {
            Press::Play(c) => Some(c.clone()),
            Press::Step(_) => None,
        }
    }

    /// The menu a button opens, if it opens one.
    fn opens(b: &Button) -> Option<Menu> {
        match &b.press {
            Press::Step(Step::Open(m)) => Some(m.clone()),
            _ => None,
        }
    }

    /// The commands the screen offers now: its buttons and the lists they
    /// open; with `deep`, the knights' tiles and every menu of the
    /// corrections too, each menu once.
    fn offered(g: &Soc, lang: Lang, deep: bool) -> (Vec<Button>, Vec<Command>) {
        let (v, legal) = (g.view(), g.legal());
        let mut menus = vec![Menu::Main];
        if deep {
            menus.extend((0..v.knights.len()).map(|i| Menu::Knight(Seat(i as u8))).filter(|m| m.fits(&legal)));
        }
        let mut seen = Vec::new();
        let mut buttons = Vec::new();
        while let Some(m) = menus.pop() {
            if seen.contains(&m) {
                continue;
            }
            let screen = menu(&v, &legal, &m, g.rules(), lang);
            let next = screen.buttons.iter().filter_map(opens);
            menus.extend(next.filter(|n| deep || (m == Menu::Main && *n != Menu::Correct)));
            buttons.extend(screen.buttons);
            seen.push(m);
        }
        let commands = buttons.iter().filter_map(sent).collect();
        (buttons, commands)
    }

    #[test]
    fn the_buttons_are_the_engines_legal_commands_in_every_state_of_random_games() {
        let mut states = 0;
        for seed in 0..24 {
            let mut ctx = Ctx::seeded(seed);
            let mut g = Soc::default();
            for _ in 0..300 {
                if g.is_over() {
                    break;
                }
                if g.view().knights.is_empty() {
                    // The setup has its own page.
                } else {
                    states += 1;
                    let legal = g.legal();
                    let lang = if seed % 2 == 0 { Lang::It } else { Lang::En };
                    // The corrections' many menus, one state in eight.
                    let (buttons, commands) = offered(&g, lang, states % 8 == 0);
                    for b in &buttons {
                        assert!(!b.label.is_empty() && !b.label.starts_with("ui."), "a button without words: {b:?}");
                    }
                    // Every button sends a command the engine lists…
                    let cards_picked =
                        |c: &Command| matches!(c, Command::BlackCard { .. } | Command::PlaySpecial { .. });
                    for c in &commands {
                        // A correction's value comes from the engine's list
                        // of what it accepts: the engine takes it.
                        let listed = match c {
                            Command::Correct { .. } | Command::CorrectHand { .. } => {
                                g.decide(c, &mut ctx.clone()).is_ok()
                            }
                            _ => legal.iter().any(|l| match l {
                                Legal::Exact(x) | Legal::Secret(x) => x == c,
                                Legal::Open(x, _) => {
                                    cards_picked(c) && std::mem::discriminant(x) == std::mem::discriminant(c)
                                }
                            }),
                        };
                        assert!(listed, "seed {seed}: the screen offers {c:?}, the engine lists {legal:?}");
                    }
                    // …and every whole command the engine lists has its button
                    // (a hand is set right from the knight's tile).
                    for l in &legal {
                        let (Legal::Exact(c) | Legal::Secret(c)) = l else { continue };
                        let on_screen = commands.contains(c)
                            || (*c == Command::RollDie && buttons.iter().any(|b| b.press == Press::Step(Step::Roll)));
                        assert!(on_screen, "seed {seed}: {c:?} is legal but has no button: {buttons:?}");
                    }
                }
                let cmd = g.random_command(&mut ctx);
                let _ = g.execute(&cmd, &mut ctx);
            }
        }
        assert!(states > 1_000, "only {states} states seen");
    }

    #[test]
    fn every_correction_the_engine_accepts_has_its_button_and_no_other() {
        use crate::games::soc::Correction;
        let mut tried = 0;
        for seed in 0..6 {
            let mut ctx = Ctx::seeded(seed);
            let mut g = Soc::default();
            for step in 0..120 {
                if g.is_over() {
                    break;
                }
                if step % 10 == 9 && !g.view().knights.is_empty() {
                    let (_, commands) = offered(&g, Lang::En, true);
                    let seats = || (0..g.players() + 1).map(|i| Seat(i as u8));
                    let mut all = Vec::new();
                    for n in 0..16 {
                        all.push(Correction::Siege { engines: n });
                        for b in 0..10 {
                            all.push(Correction::Swords { white: n, black: b });
                        }
                    }
                    for seat in seats() {
                        all.extend((0..9).map(|life| Correction::Life { seat, life }));
                        all.extend(Place::ALL.map(|place| Correction::Place { seat, place }));
                    }
                    for correction in all {
                        let c = Command::Correct { correction };
                        let accepted = g.decide(&c, &mut ctx.clone()).is_ok();
                        assert_eq!(commands.contains(&c), accepted, "seed {seed}: {c:?}");
                        tried += 1;
                    }
                }
                let cmd = g.random_command(&mut ctx);
                let _ = g.execute(&cmd, &mut ctx);
            }
        }
        assert!(tried > 10_000, "{tried}");
    }

    #[test]
    fn the_end_page_and_the_history_say_the_same_ending() {
        let mut ctx = Ctx::seeded(5);
        let mut g = Soc::default();
        while !g.is_over() {
            let cmd = g.random_command(&mut ctx);
            let _ = g.execute(&cmd, &mut ctx);
        }
        let v = g.view();
        let outcome = g.outcome().expect("an ending");
        let words = GameKind::ShadowsOverCamelot.outcome_words(&outcome.winner, &outcome.reason).expect("its words");
        for lang in Lang::ALL {
            let (title, reason, _, _) = end_texts(&v, lang);
            assert_eq!(title, lang.text(&words.title));
            assert!(reason.starts_with(&lang.text(&words.reason)), "{reason}");
        }
    }

    #[test]
    fn a_fight_quest_shows_each_sides_cards_on_a_row_of_its_own_and_says_them_in_words() {
        // The Dragon at its fullest: nine knight cards, seven of evil's, two
        // of them face down.
        let dragon = FightView {
            white: vec![5, 5, 5, 4, 4, 4, 3, 3, 2],
            black: vec![Some(5), None, Some(4), Some(3), None, Some(2), Some(1)],
            white_slots: 9,
            black_slots: 7,
        };
        let (words, sides, good, evil) = fight_state(&dragon, Lang::En);
        let sides = sides.expect("a fight quest has two sides");
        assert_eq!(sides.white, "5 5 5 4 4 4 3 3 2");
        assert_eq!(sides.white_count, "9/9");
        assert_eq!(sides.black, "5 ? 4 3 ? 2 1");
        assert_eq!(sides.black_count, "7/7");
        assert_eq!((good, evil), (1.0, 1.0));
        // The screen reader hears the same, with the sides named.
        assert_eq!(words, "Knights 5 5 5 4 4 4 3 3 2 (9/9) · Evil 5 ? 4 3 ? 2 1 (7/7)");
        // Nothing played yet: a dash, not an empty row.
        let empty = FightView { white: vec![], black: vec![], white_slots: 4, black_slots: 5 };
        let (_, sides, good, evil) = fight_state(&empty, Lang::It);
        let sides = sides.expect("a fight quest has two sides");
        assert_eq!((sides.white.as_str(), sides.white_count.as_str()), ("—", "0/4"));
        assert_eq!((sides.black.as_str(), sides.black_count.as_str()), ("—", "0/5"));
        assert_eq!((good, evil), (0.0, 0.0));
    }
}
