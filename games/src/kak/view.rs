//! What King Arthur's Knights' screen shows and what the narrator says.
//!
//! The virtue cards in a hand are counted, never named: each player's two
//! dealt cards are theirs alone, and so is what they keep for a bid. What
//! is taken from the face-up piles, the quests taken and completed, the
//! picks, the knights' places and the points are public.

use super::cards::Virtue;
use super::{target, Event, Joust, Kak, Phase};
use crate::{Cue, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tavola_words::{Arg, Said};

/// One seat as the table sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The name (or the seat's number).
    pub name: String,
    /// The knight's card.
    pub knight: String,
    /// The tent, from 1.
    pub tent: u8,
    /// Where the knight stands (a location's card).
    pub location: String,
    /// Points.
    pub score: u32,
    /// Virtue cards in hand (how many).
    pub virtue_cards: u8,
    /// Quests held.
    pub quests: Vec<String>,
    /// Action cards picked and not used yet.
    pub picked: Vec<String>,
    /// The phase II turn is over this round.
    pub done: bool,
    /// The target is reached.
    pub reached: bool,
}

/// Where the round stands, for the screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum PhaseView {
    /// Before the setup.
    Setup,
    /// The ring being laid on the reader, clockwise.
    Ring {
        /// Locations laid so far.
        laid: u8,
    },
    /// Quests to turn face up.
    Refill {
        /// How many.
        wanted: u8,
    },
    /// Phase I.
    Picks {
        /// Who picks.
        seat: Seat,
        /// The round of picks, from 1.
        pick: u8,
    },
    /// Phase II.
    Actions {
        /// Who acts.
        seat: Seat,
    },
    /// The tournament.
    Tournament {
        /// Who bids.
        bidders: Vec<Seat>,
        /// Whose bid lies face down.
        down: Vec<Seat>,
        /// The bids shown: who, and the total.
        shown: Vec<(Seat, u8)>,
    },
    /// The game is over.
    Over {
        /// The winners.
        winners: Vec<Seat>,
    },
}

/// Everything the screen may show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KakView {
    /// The seats.
    pub players: Vec<PlayerView>,
    /// The ring, clockwise.
    pub ring: Vec<String>,
    /// Quests face up.
    pub open: Vec<String>,
    /// Quests face down in the pile.
    pub deck: u8,
    /// Quests completed.
    pub completed: Vec<String>,
    /// Action cards on the table.
    pub actions: Vec<String>,
    /// Virtue cards in the piles (face up).
    pub supply: Vec<String>,
    /// Cards in the box for this game.
    pub removed: Vec<String>,
    /// The round, from 1.
    pub round: u32,
    /// The points that end the game.
    pub target: u32,
    /// Where the round stands.
    pub phase: PhaseView,
    /// The names the owner gave knights and unnamed locations, by card.
    pub names: BTreeMap<String, String>,
}

impl Kak {
    pub(super) fn view_now(&self) -> KakView {
        let Some(setup) = &self.setup else {
            return KakView {
                players: Vec::new(),
                ring: Vec::new(),
                open: Vec::new(),
                deck: 0,
                completed: Vec::new(),
                actions: Vec::new(),
                supply: Vec::new(),
                removed: Vec::new(),
                round: 0,
                target: 0,
                phase: PhaseView::Setup,
                names: BTreeMap::new(),
            };
        };
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let seat = Seat(i as u8);
                PlayerView {
                    seat,
                    name: self.name(seat),
                    knight: setup.knights[i].clone(),
                    tent: self.tents.iter().position(|s| *s == seat).map_or(0, |t| t as u8 + 1),
                    location: self.location(seat).unwrap_or_default().to_string(),
                    score: p.score,
                    virtue_cards: p.hand.len() as u8,
                    quests: p.quests.clone(),
                    picked: p.picked.clone(),
                    done: p.done,
                    reached: p.reached.is_some(),
                }
            })
            .collect();
        let phase = match &self.phase {
            Phase::Setup => PhaseView::Setup,
            Phase::Ring => PhaseView::Ring { laid: setup.ring.len() as u8 },
            Phase::Refill => PhaseView::Refill { wanted: self.wanted() as u8 },
            Phase::Picks { pick, .. } => PhaseView::Picks { seat: self.picking().unwrap_or_default(), pick: pick + 1 },
            Phase::Actions { .. } => PhaseView::Actions { seat: self.acting().unwrap_or_default() },
            Phase::Tournament { bidders, down, shown } => PhaseView::Tournament {
                bidders: bidders.clone(),
                down: down.iter().copied().collect(),
                shown: shown.iter().map(|(s, b)| (*s, b.total)).collect(),
            },
            Phase::Over => PhaseView::Over { winners: self.winners.clone() },
        };
        KakView {
            players,
            ring: setup.ring.clone(),
            open: self.open.clone(),
            deck: self.deck.len() as u8,
            completed: self.completed.clone(),
            actions: self.actions.iter().cloned().collect(),
            supply: self.supply.iter().cloned().collect(),
            removed: self.removed.clone(),
            round: self.round,
            target: target(self.players()),
            phase,
            names: self.facts.names.clone(),
        }
    }

    /// A location's name: the owner's for the unnamed ones, else the
    /// catalog's.
    fn place_arg(&self, card: &str) -> Arg {
        match self.facts.names.get(card) {
            Some(name) => Arg::Text(name.clone()),
            None => Arg::Msg(crate::facts::card_msg(card)),
        }
    }
}

/// The narrator's lines for an event just applied (`g` is the state after
/// it).
/// The names typed at setup, by seat.
fn seated(g: &Kak) -> &[String] {
    g.setup.as_ref().map_or(&[][..], |s| &s.names[..])
}

pub(super) fn cues(g: &Kak, e: &Event) -> Vec<Cue> {
    let mut cues = event_cues(g, e);
    // A player who reached the target with this event: the round is the
    // last one.
    if matches!(e, Event::CourtHeld { .. } | Event::QuestCompleted { .. } | Event::TournamentDecided { .. }) {
        let now = g.awards.checked_sub(1);
        for (i, p) in g.players.iter().enumerate() {
            if p.reached.is_some() && p.reached == now {
                let name = crate::seat_name(seated(g), Seat(i as u8));
                cues.push(Cue::new("kak.target.reached").arg("name", name).arg("count", p.score));
            }
        }
    }
    cues
}

fn event_cues(g: &Kak, e: &Event) -> Vec<Cue> {
    let name = |s: Seat| crate::seat_name(seated(g), s);
    let card = crate::facts::card_msg;
    match e {
        Event::Trained { .. }
        | Event::QuestTaken { .. }
        | Event::CourtHeld { .. }
        | Event::QuestCompleted { .. }
        | Event::Rode { .. }
        | Event::TurnEnded { .. } => action_cues(g, e),
        Event::TournamentOpened { .. }
        | Event::BidLaid { .. }
        | Event::BidShown { .. }
        | Event::TournamentDecided { .. } => tournament_cues(g, e),
        Event::SetUp { setup, removed, tents, .. } => {
            let n = setup.knights.len();
            let mut cues = vec![Cue::new("kak.setup.start").arg("count", n).arg("target", target(n))];
            // The table is told which cards go back in the box.
            for c in removed {
                cues.push(Cue::new("kak.setup.removed").arg("card", card(c)));
            }
            cues.push(Cue::new("kak.setup.dealt"));
            for (i, s) in tents.iter().enumerate() {
                cues.push(Cue::new("kak.tent.holds").arg("name", name(*s)).arg("tent", i + 1));
            }
            if g.phase == Phase::Ring {
                cues.push(Cue::new("kak.ring.lay").arg("locations", super::RING));
            } else {
                cues.push(Cue::new("kak.quest.turn_up").arg("count", g.wanted()));
            }
            cues
        }
        Event::Laid { card: c } => {
            let laid = g.setup.as_ref().map_or(0, |s| s.ring.len());
            if laid < super::RING {
                return vec![Cue::new("kak.ring.laid").arg("place", g.place_arg(c)).arg("count", super::RING - laid)];
            }
            vec![
                Cue::new("kak.ring.done").arg("place", g.place_arg(c)),
                Cue::new("kak.quest.turn_up").arg("count", g.wanted()),
            ]
        }
        Event::Revealed { card: c } => {
            let mut cues = vec![Cue::new("kak.quest.revealed").arg("quest", card(c))];
            if g.phase == Phase::Refill && g.wanted() > 0 {
                cues.push(Cue::new("kak.quest.turn_up").arg("count", g.wanted()));
            }
            cues
        }
        Event::RoundStarted { round } => {
            let first = g.tents.first().copied().unwrap_or_default();
            vec![
                Cue::new("kak.round.start").arg("count", *round),
                Cue::new("kak.pick.first").arg("name", name(first)).arg("count", super::picks_per_round(g.players())),
            ]
        }
        Event::Picked { seat, card: c } => {
            let mut cues = vec![Cue::new("kak.pick.done").arg("name", name(*seat)).arg("card", card(c))];
            match g.phase {
                Phase::Actions { .. } => {
                    if let Some(s) = g.acting() {
                        cues.push(Cue::new("kak.actions.first").arg("name", name(s)));
                    }
                }
                _ => {
                    if let Some(s) = g.picking() {
                        cues.push(Cue::new("kak.pick.next").arg("name", name(s)));
                    }
                }
            }
            cues
        }
        Event::TentsDealt { tents, drawn } => {
            let mut cues = Vec::new();
            for group in drawn {
                cues.push(Cue::new("kak.tent.drawn").arg("names", crate::seat_names(seated(g), group)));
            }
            for (i, s) in tents.iter().enumerate() {
                cues.push(Cue::new("kak.tent.holds").arg("name", name(*s)).arg("tent", i + 1));
            }
            if g.wanted() > 0 {
                cues.push(Cue::new("kak.quest.turn_up").arg("count", g.wanted()));
            }
            cues
        }
        Event::GameEnded { winners } => {
            let mut cues = vec![Cue::new("kak.end.round")];
            match winners.as_slice() {
                [w] => {
                    let score = g.players.get(w.index()).map_or(0, |p| p.score);
                    cues.push(Cue::new("kak.end.winner").arg("name", name(*w)).arg("count", score));
                }
                _ => {
                    cues.push(Cue::new("kak.end.shared").arg("names", crate::seat_names(seated(g), winners)));
                }
            }
            cues
        }
        Event::Learned { .. } => Vec::new(),
    }
}

/// Phase II: the action cards used, the turn ended.
fn action_cues(g: &Kak, e: &Event) -> Vec<Cue> {
    let name = |s: Seat| crate::seat_name(seated(g), s);
    let card = crate::facts::card_msg;
    match e {
        Event::Trained { seat, card: c, .. } => {
            let v = g.virtue_of(c);
            let virtue = v.map_or(Virtue::Sword, |v| v.virtue).msg();
            vec![Cue::new("kak.train")
                .arg("name", name(*seat))
                .arg("virtue", virtue)
                .arg("count", v.map_or(1, |v| v.value))]
        }
        Event::QuestTaken { seat, quest, .. } => {
            vec![Cue::new("kak.round_table").arg("name", name(*seat)).arg("quest", card(quest))]
        }
        Event::CourtHeld { seat, points, .. } => {
            vec![Cue::new("kak.court").arg("name", name(*seat)).arg("count", *points)]
        }
        Event::QuestCompleted { seat, quest, points, wasted, .. } => {
            let mut cues = vec![Cue::new("kak.quest.done")
                .arg("name", name(*seat))
                .arg("quest", card(quest))
                .arg("count", *points)];
            if *wasted > 0 {
                cues.push(Cue::new("kak.quest.wasted").arg("count", *wasted));
            }
            cues
        }
        Event::Rode { seat, to, .. } => {
            vec![Cue::new("kak.ride").arg("name", name(*seat)).arg("location", g.place_arg(to))]
        }
        Event::TurnEnded { .. } => match g.acting() {
            Some(s) if matches!(g.phase, Phase::Actions { .. }) => {
                vec![Cue::new("kak.actions.next").arg("name", name(s))]
            }
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The tournament.
fn tournament_cues(g: &Kak, e: &Event) -> Vec<Cue> {
    let name = |s: Seat| crate::seat_name(seated(g), s);
    match e {
        Event::TournamentOpened { bidders, absent } => {
            let mut cues: Vec<Cue> =
                absent.iter().map(|s| Cue::new("kak.tournament.absent").arg("name", name(*s))).collect();
            if !bidders.is_empty() {
                let names = crate::seat_names(seated(g), bidders);
                let id = if bidders.len() == 1 { "kak.tournament.bid_alone" } else { "kak.tournament.bid" };
                cues.push(Cue::new(id).arg("names", names));
            }
            cues
        }
        Event::BidLaid { .. } => {
            if let Phase::Tournament { bidders, down, .. } = &g.phase {
                if down.len() == bidders.len() {
                    return vec![Cue::new("kak.tournament.show")];
                }
            }
            Vec::new()
        }
        Event::BidShown { seat, total, .. } => {
            vec![Cue::new("kak.tournament.shown").arg("name", name(*seat)).arg("count", *total)]
        }
        Event::TournamentDecided { joust, points } => {
            let who = |i: usize| points.get(i).map_or(Arg::Text(String::new()), |(s, _)| name(*s));
            // The points as the engine gave them.
            let won = |i: usize| points.get(i).map_or(0, |(_, p)| *p);
            vec![match joust {
                Joust::Won | Joust::AloneWon => Cue::new("kak.tournament.won").arg("name", who(0)).arg("count", won(0)),
                Joust::Tied => {
                    Cue::new("kak.tournament.tied").arg("first", who(0)).arg("second", who(1)).arg("count", won(0))
                }
                Joust::NoBids => Cue::new("kak.tournament.no_bids"),
                Joust::AloneEmpty => Cue::new("kak.tournament.alone_empty"),
            }]
        }
        _ => Vec::new(),
    }
}
