//! What Nottingham's screen shows and what the narrator says.
//!
//! Tavola never sees a card in a hand: the view holds counts, the items
//! kept for points (which every player saw exchanged), the commissions
//! taken and the Sheriff's place. The points of the winnings piles are
//! shown at the end only (the pile is face down at the table).

use super::items::{Colour, Commission, Item};
use super::{EndReason, Event, Nottingham, Score, Step, Turn};
use crate::{Cue, Seat};
use serde::{Deserialize, Serialize};
use tavola_words::Said;

/// One seat as the table sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The name (or the seat's number).
    pub name: String,
    /// The colour.
    pub colour: Colour,
    /// Cards in hand.
    pub hand: u8,
    /// Cards in the winnings pile.
    pub winnings: u8,
    /// Ambush cards laid.
    pub ambushes: u8,
    /// Commissions completed (the first to complete one holds its single
    /// pawn's card until a second completes it).
    pub commissions: Vec<Commission>,
    /// Whose turn it is.
    pub turn: bool,
    /// Would receive a favour if the Sheriff moved now.
    pub favour_next: bool,
}

/// Where the turn stands, for the screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum StepView {
    /// The card is to be drawn.
    Draw,
    /// The card drawn: keep it or play it.
    Drawn {
        /// Its item.
        item: Item,
    },
    /// The action being played.
    Acting {
        /// The action.
        action: super::Action,
    },
    /// The opponent attacked may defend with the Necklace.
    Defence {
        /// The action.
        action: super::Action,
        /// The opponent.
        from: Seat,
    },
    /// An exchange waits for ambushes.
    Ambushes {
        /// The item.
        item: Item,
        /// Cards still in the exchange.
        count: u8,
        /// Who may still spring one.
        open: Vec<Seat>,
        /// Who announced one.
        announced: Option<Seat>,
    },
    /// Exchange once, or end the turn.
    Free {
        /// The turn's exchange is made.
        traded: bool,
    },
}

/// Everything the screen may show.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NottinghamView {
    /// The seats.
    pub players: Vec<PlayerView>,
    /// Cards in the deck.
    pub deck: u8,
    /// Cards in the discards.
    pub discard: u8,
    /// Ambush cards in their deck.
    pub ambush_deck: u8,
    /// The Sheriff's space (0: Nottingham at the start).
    pub sheriff: u8,
    /// The path's values, in order.
    pub path: Vec<u8>,
    /// Whose turn, and where it stands.
    pub turn: Option<(Seat, StepView)>,
    /// Each commission and who completed it, in order.
    pub commissions: Vec<(Commission, Vec<Seat>)>,
    /// Why the game ended.
    pub ended: Option<EndReason>,
    /// The final scores, once the game ended and every point is known.
    pub scores: Option<Vec<Score>>,
    /// The winners, then.
    pub winners: Option<Vec<Seat>>,
    /// Commissions completed whose points the table must still enter.
    pub points_missing: Vec<Commission>,
    /// The cards laid on the reader for the turn's exchange, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub laid: Vec<Item>,
}

impl Nottingham {
    pub(super) fn view_now(&self) -> NottinghamView {
        let Some(setup) = &self.setup else { return NottinghamView::default() };
        let next = self.space_value(self.sheriff + 1);
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = Seat(i as u8);
                PlayerView {
                    seat,
                    name: self.name(seat),
                    colour: setup.colours[i],
                    hand: p.hand,
                    winnings: p.winnings.len() as u8,
                    ambushes: p.ambushes,
                    commissions: p.commissions.clone(),
                    turn: self.turn.as_ref().is_some_and(|t| t.seat == seat),
                    favour_next: next.is_some_and(|v| p.hand <= v),
                }
            })
            .collect();
        let turn = self.turn.as_ref().map(|Turn { seat, step, traded, .. }| {
            let step = match step {
                Step::Draw => StepView::Draw,
                Step::Drawn { item } => StepView::Drawn { item: *item },
                Step::Acting { action } => StepView::Acting { action: *action },
                Step::Defence { action, from } => StepView::Defence { action: *action, from: *from },
                Step::Ambushes { item, count, open, announced, .. } => StepView::Ambushes {
                    item: *item,
                    count: *count,
                    open: open.iter().copied().collect(),
                    announced: *announced,
                },
                Step::Free => StepView::Free { traded: *traded },
            };
            (*seat, step)
        });
        let over = self.ended.is_some();
        NottinghamView {
            players,
            deck: self.deck,
            discard: self.discard,
            ambush_deck: self.ambush_deck,
            sheriff: self.sheriff,
            path: self.facts.path.clone(),
            turn,
            commissions: Commission::ALL.into_iter().map(|c| (c, self.completed(c).to_vec())).collect(),
            ended: self.ended,
            scores: if over { self.scores() } else { None },
            winners: if over { self.winners() } else { None },
            points_missing: if over { self.points_missing() } else { Vec::new() },
            laid: self.turn.as_ref().map(|t| t.laid.iter().map(|(_, i)| *i).collect()).unwrap_or_default(),
        }
    }
}

/// The narrator's lines for an event just applied (`g` is the state after
/// it).
pub(super) fn cues(g: &Nottingham, e: &Event) -> Vec<Cue> {
    let name = |s: Seat| crate::seat_name(g.setup.as_ref().map_or(&[][..], |s| &s.names[..]), s);
    match e {
        Event::SetUp { setup, put_away } => {
            let mut cues = vec![Cue::new("nottingham.setup.deal").arg("count", setup.colours.len())];
            // The table is told which ambush cards go back in the box.
            for c in put_away {
                cues.push(Cue::new("nottingham.setup.put_away").arg("colour", c.msg()));
            }
            cues.push(Cue::new("nottingham.turn.first").arg("name", name(setup.first)));
            cues
        }
        Event::Drew { seat, item } => {
            vec![Cue::new("nottingham.turn.drew").arg("name", name(*seat)).arg("item", item.msg())]
        }
        Event::Acted { seat, item } => {
            vec![Cue::new("nottingham.turn.acts").arg("name", name(*seat)).arg("action", item.action().msg())]
        }
        Event::Bought { seat, from: Some(f) } => {
            vec![Cue::new("nottingham.buy.from").arg("name", name(*seat)).arg("seller", name(*f))]
        }
        Event::Bought { seat, from: None } => vec![Cue::new("nottingham.buy.kept").arg("name", name(*seat))],
        Event::Took { seat, from, defended: true, .. } => {
            vec![Cue::new("nottingham.take.defended").arg("name", name(*from)).arg("attacker", name(*seat))]
        }
        Event::Took { seat, from, .. } => {
            vec![Cue::new("nottingham.take.done").arg("name", name(*seat)).arg("victim", name(*from))]
        }
        Event::Targeted { seat, from } => {
            vec![Cue::new("nottingham.take.target").arg("name", name(*seat)).arg("victim", name(*from))]
        }
        Event::Bartered { seat, from: Some(f), cards } => vec![Cue::new("nottingham.barter.done")
            .arg("name", name(*seat))
            .arg("giver", name(*f))
            .arg("count", *cards)],
        Event::Bartered { seat, from: None, .. } => vec![Cue::new("nottingham.barter.kept").arg("name", name(*seat))],
        Event::AmbushLaid { seat } => vec![Cue::new("nottingham.ambush.laid").arg("name", name(*seat))],
        Event::TradeOffered { seat, item, count } => {
            let mut cues = vec![Cue::new("nottingham.trade.offered")
                .arg("name", name(*seat))
                .arg("item", item.msg())
                .arg("count", *count)];
            if matches!(&g.turn, Some(Turn { step: Step::Ambushes { open, .. }, .. }) if !open.is_empty()) {
                cues.push(Cue::new("nottingham.ambush.window"));
            }
            cues
        }
        Event::Announced { seat } => vec![Cue::new("nottingham.ambush.announced").arg("name", name(*seat))],
        Event::Sprung { seat, on, .. } => {
            vec![Cue::new("nottingham.ambush.sprung")
                .arg("name", name(*seat))
                .arg("trader", name(*on))
                .arg("count", super::AMBUSH_TAKES)]
        }
        Event::Traded { seat, item, .. } => {
            vec![Cue::new("nottingham.trade.done").arg("name", name(*seat)).arg("item", item.msg())]
        }
        Event::TradeSpoiled { seat, back } => {
            vec![Cue::new("nottingham.trade.spoiled").arg("name", name(*seat)).arg("count", *back)]
        }
        Event::Completed { seat, commission, first } => {
            let id = if *first { "nottingham.commission.first" } else { "nottingham.commission.second" };
            vec![Cue::new(id).arg("name", name(*seat)).arg("commission", commission.msg())]
        }
        Event::SheriffMoved { to } => match g.space_value(*to) {
            Some(v) => vec![Cue::new("nottingham.sheriff.moved").arg("count", v)],
            None => vec![Cue::new("nottingham.sheriff.home")],
        },
        Event::Favoured { seats } => {
            let names = crate::seat_names(g.setup.as_ref().map_or(&[][..], |s| &s.names[..]), seats);
            vec![Cue::new("nottingham.sheriff.favours").arg("names", names).arg("count", seats.len())]
        }
        Event::NoDraw { seat } => vec![Cue::new("nottingham.turn.no_draw").arg("name", name(*seat))],
        Event::Reshuffled { cards } => vec![Cue::new("nottingham.deck.reshuffled").arg("count", *cards)],
        Event::HandsCut { cuts } => {
            cuts.iter().map(|(s, n)| Cue::new("nottingham.deck.cut").arg("name", name(*s)).arg("count", *n)).collect()
        }
        Event::TurnPassed { to } => vec![Cue::new("nottingham.turn.next").arg("name", name(*to))],
        Event::GameEnded { reason } => {
            let mut cues = vec![Cue::new(match reason {
                EndReason::SheriffHome => "nottingham.end.sheriff_home",
                EndReason::Commissions => "nottingham.end.commissions",
            })];
            match g.winners() {
                Some(w) if w.len() == 1 => {
                    let total = g.scores().and_then(|s| s.get(w[0].index()).map(|s| s.total)).unwrap_or(0);
                    cues.push(Cue::new("nottingham.end.winner").arg("name", name(w[0])).arg("count", total));
                }
                Some(_) => cues.push(Cue::new("nottingham.end.shared")),
                None => cues.push(Cue::new("nottingham.end.points_missing")),
            }
            cues
        }
        Event::Kept { .. }
        | Event::Passed { .. }
        | Event::Learned { .. }
        | Event::HandCorrected { .. }
        | Event::Laid { .. }
        | Event::TakenBack { .. } => Vec::new(),
    }
}
