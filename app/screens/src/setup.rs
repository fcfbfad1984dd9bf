//! The setup of every game on the screen (`app/ui/pages/setup.slint`),
//! built from what its engine asks ([`Game::setup_spec`]) as the boards
//! are built from [`Game::legal`]: the players the rules allow, what each
//! seat chooses, the seat the table names, the options, the cards laid in
//! order, the numbers typed. What the players chose is kept as the
//! engine's [`SetupAnswers`] (the names stay for the next game), the start
//! stays off while the engine would refuse the setup, saying why, and the
//! command sent is the engine's own ([`Game::setup_command`]).

use super::screens::{self, GameScreens};
use super::{set_model, Controller};
use crate::catalog::Catalog;
use crate::games::setup::OptionKind;
use crate::games::{Game, GameKind, Lang, RuleError, Said, Seat, SetupAnswers, SetupSpec};
use crate::table::TableView;
use crate::{ActionItem, AppWindow, SetupOption, SetupSeat, SetupUi};
use slint::{ComponentHandle, Model, SharedString};
use std::collections::BTreeMap;
use std::rc::Rc;
use tavola_words::msg;

/// A change the setup page asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Change {
    /// The players at the table.
    Players(i32),
    /// A seat's choice moves on to the next one free.
    Cycle(i32),
    /// A seat's name typed.
    Name(i32, String),
    /// The option at this index of those shown takes this value.
    Option(i32, i32),
    /// A seat named (-1: none).
    Seat(i32),
    /// The lay button at this index of those shown.
    Lay(i32),
    /// The numbers typed.
    Typed(String),
}

/// What a lay button does.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Lay {
    /// Lays this card next.
    Card(String),
    /// Takes back the last card laid.
    Undo,
    /// Nothing: a card already laid.
    Nothing,
}

/// Every game's setup as chosen so far, kept while Tavola runs.
#[derive(Debug, Default)]
pub(super) struct Setups {
    answers: BTreeMap<GameKind, SetupAnswers>,
    /// Each game's answers as its page opened, filled in from what Tavola
    /// keeps: until they change, a refusal is what is still to be given.
    opened: BTreeMap<GameKind, SetupAnswers>,
    /// The lay buttons shown.
    lay: Vec<Lay>,
    /// The last answers asked of their engine, with its spec and its
    /// refusal: the page is refreshed every turn of the table loop, the
    /// answers change only with a touch.
    asked: Option<Asked>,
}

/// Answers and what their engine said of them.
#[derive(Debug)]
struct Asked {
    game: GameKind,
    answers: SetupAnswers,
    spec: Rc<SetupSpec>,
    problem: Option<RuleError>,
}

impl Setups {
    /// `G`'s answers, the first ones until the players change them.
    pub fn answers<G: Game>(&mut self) -> &mut SetupAnswers {
        self.answers.entry(G::KIND).or_insert_with(|| SetupAnswers::first::<G>(None))
    }

    /// `G`'s spec for its answers now and the engine's refusal of them, asked
    /// again only when the answers changed.
    fn asked<G: Game>(&mut self) -> (SetupAnswers, Rc<SetupSpec>, Option<RuleError>) {
        let answers = self.answers::<G>().clone();
        let fresh = self.asked.as_ref().is_some_and(|a| a.game == G::KIND && a.answers == answers);
        if !fresh {
            let spec = Rc::new(G::setup_spec(&answers));
            let problem = answers.problem::<G>();
            self.asked = Some(Asked { game: G::KIND, answers: answers.clone(), spec, problem });
        }
        let asked = self.asked.as_ref().expect("just asked");
        (answers, asked.spec.clone(), asked.problem.clone())
    }
}

/// Copies `G`'s setup into the `SetupUi` global.
pub(super) fn refresh<G: GameScreens>(c: &mut Controller, window: &AppWindow, view: &TableView) {
    let lang = view.lang;
    let say = |m: &crate::games::Msg| SharedString::from(lang.text(m));
    if !c.setups.opened.contains_key(&G::KIND) {
        let mut a = c.setups.answers::<G>().clone();
        G::prefill(c.booted.table.session.facts(), &mut a);
        *c.setups.answers::<G>() = a.clone();
        c.setups.opened.insert(G::KIND, a);
    }
    let (a, spec, problem) = c.setups.asked::<G>();
    let ui = window.global::<SetupUi<'_>>();
    ui.set_players(a.players as i32);
    ui.set_min_players(*spec.players.start() as i32);
    ui.set_max_players(*spec.players.end() as i32);
    ui.set_seat_title(spec.seat_choice.as_ref().map(|s| say(&s.title)).unwrap_or_default());
    let seats: Vec<SetupSeat> = (0..a.players)
        .map(|i| {
            let pick = spec.seat_choice.as_ref().and_then(|s| a.seats.get(i).and_then(|&p| s.picks.get(p)));
            let tint = pick.and_then(|p| G::tint(&p.code));
            let seat = Seat(i as u8);
            SetupSeat {
                pick: pick.map(|p| say(&p.name)).unwrap_or_default(),
                pick_label: spec.seat_choice.as_ref().map(|s| say(&(s.each)(seat))).unwrap_or_default(),
                named_label: spec.seat_question.as_ref().map(|q| say(&(q.each)(seat))).unwrap_or_default(),
                tint: tint.unwrap_or_default(),
                tinted: tint.is_some(),
                name: a.names.get(i).cloned().unwrap_or_default().into(),
                named: a.seat == Some(seat),
            }
        })
        .collect();
    set_model(&ui.get_seats(), seats, |m| ui.set_seats(m));
    let question = spec.seat_question.as_ref();
    ui.set_question(question.map(|q| say(&q.title)).unwrap_or_default());
    ui.set_by_lot(question.is_some_and(|q| q.unanswered == crate::games::setup::Unanswered::ByLot));
    ui.set_none_named(a.seat.is_none());
    let shown = ui.get_options();
    let options: Vec<SetupOption> = spec
        .options
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let range = o.kind.range();
            SetupOption {
                label: say(&o.label),
                note: o.note.as_ref().map(say).unwrap_or_default(),
                kind: match o.kind {
                    OptionKind::Toggle => 0,
                    OptionKind::OneOf(_) => 1,
                    OptionKind::Count { .. } => 2,
                },
                value: a.option(o.code),
                // The list shown last time, brought up to date: a new one
                // each refresh would redraw the page without end.
                choices: super::nested(
                    shown.row_data(i).map(|row| row.choices),
                    match &o.kind {
                        OptionKind::OneOf(v) => v.iter().map(say).collect(),
                        _ => Vec::new(),
                    },
                ),
                min: *range.start(),
                max: *range.end(),
                step: match o.kind {
                    OptionKind::Count { step, .. } => step,
                    _ => 0,
                },
            }
        })
        .collect();
    set_model(&ui.get_options(), options, |m| ui.set_options(m));
    let laid = spec.laid.as_ref();
    ui.set_laid_title(laid.map(|l| say(&l.title)).unwrap_or_default());
    ui.set_laid_hint(laid.map(|l| say(&l.hint)).unwrap_or_default());
    // A button per card: those laid ticked with their place in the ring,
    // the last of them taken back by its own button.
    let catalog = Catalog::builtin();
    let mut lay: Vec<(Lay, String, bool)> = laid
        .map(|l| {
            l.cards
                .iter()
                .map(|card| {
                    let name = catalog.label(card, lang);
                    match a.laid.iter().position(|c| c == card) {
                        Some(at) => (Lay::Nothing, format!("{}. {name}", at + 1), true),
                        None if a.laid.len() < l.count => (Lay::Card(card.clone()), name, false),
                        None => (Lay::Nothing, name, false),
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    if !a.laid.is_empty() {
        lay.push((Lay::Undo, lang.text(&msg!("ui.kak.setup.undo")), false));
    }
    let buttons: Vec<ActionItem> = lay
        .iter()
        .enumerate()
        .map(|(i, (_, label, checked))| ActionItem {
            index: i as i32,
            step: true,
            label: label.into(),
            tone: 0,
            checked: *checked,
        })
        .collect();
    c.setups.lay = lay.into_iter().map(|(l, _, _)| l).collect();
    set_model(&ui.get_lay_buttons(), buttons, |m| ui.set_lay_buttons(m));
    let typed = spec.typed.as_ref();
    ui.set_typed_title(typed.map(|t| say(&t.title)).unwrap_or_default());
    ui.set_typed_placeholder(typed.map(|t| say(&t.placeholder)).unwrap_or_default());
    ui.set_typed_text(a.typed.clone().into());
    ui.set_summary(spec.summary.as_ref().map(say).unwrap_or_default());
    ui.set_problem_pending(c.setups.opened.get(&G::KIND) == Some(&a));
    ui.set_problem(problem.map(|e| lang.text(&e.msg())).unwrap_or_default().into());
    ui.set_warning(words(&spec.warnings, lang).into());
    let details: Vec<SharedString> = spec.details.iter().map(say).collect();
    set_model(&ui.get_details(), details, |m| ui.set_details(m));
    ui.set_start_label(say(&spec.start));
}

/// Messages said one after the other.
fn words(msgs: &[crate::games::Msg], lang: Lang) -> String {
    msgs.iter().map(|m| lang.text(m)).collect::<Vec<_>>().join(" ")
}

/// Applies a change of the setup page to `G`'s answers.
pub(super) fn change<G: GameScreens>(c: &mut Controller, change: &Change) {
    let lay = c.setups.lay.clone();
    let a = c.setups.answers::<G>();
    let index = |i: i32| usize::try_from(i).ok();
    match change {
        Change::Players(n) => a.set_players::<G>(index(*n).unwrap_or(0)),
        Change::Cycle(seat) => {
            if let Some(seat) = index(*seat) {
                a.cycle::<G>(seat);
            }
        }
        Change::Name(seat, name) => {
            if let Some(n) = index(*seat).and_then(|s| a.names.get_mut(s)) {
                n.clone_from(name);
                a.settle::<G>();
            }
        }
        Change::Option(i, value) => {
            let spec = G::setup_spec(a);
            if let Some(o) = index(*i).and_then(|i| spec.options.get(i)) {
                a.set_option::<G>(o.code, *value);
            }
        }
        Change::Seat(seat) => a.set_seat::<G>(index(*seat).map(|s| Seat(s as u8))),
        Change::Lay(i) => match index(*i).and_then(|i| lay.get(i)) {
            Some(Lay::Card(card)) => a.lay::<G>(card),
            Some(Lay::Undo) => a.unlay(),
            Some(Lay::Nothing) | None => {}
        },
        Change::Typed(text) => a.typed.clone_from(text),
    }
}

/// Sends `G`'s setup, as the engine builds it from the answers.
pub(super) fn start<G: screens::Held>(c: &mut Controller) {
    let answers = c.setups.answers::<G>().clone();
    if let Ok(command) = G::setup_command(&answers) {
        G::starting(<G as screens::Held>::held(&mut c.screens));
        screens::send::<G>(c, command);
    }
}
