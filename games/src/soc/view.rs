//! What everybody may see of a Shadows over Camelot game, and what the
//! narrator says.

use super::knights::Side;
use super::quests::{Board, Fight, QuestId};
use super::{Correction, EndReason, Event, Pending, Phase, Relic, Soc};
use crate::{Cue, Msg, Seat};
use serde::{Deserialize, Serialize};

/// One knight on the board screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnightView {
    /// Seat.
    pub seat: Seat,
    /// Shield.
    pub knight: super::Knight,
    /// Name.
    pub name: String,
    /// Life.
    pub life: i32,
    /// Cards in hand (as counted).
    pub hand: u8,
    /// Where the figure stands.
    pub place: Option<super::Place>,
    /// Alive.
    pub alive: bool,
    /// Relics.
    pub relics: Vec<Relic>,
    /// Exposed as the traitor.
    pub exposed: bool,
}

/// A fight quest as the screen shows it: face-down values blank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightView {
    /// White values.
    pub white: Vec<u8>,
    /// Black values (`None`: face down).
    pub black: Vec<Option<u8>>,
    /// White spaces.
    pub white_slots: usize,
    /// Black spaces.
    pub black_slots: u8,
}

/// What waits on screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum PendingView {
    /// A black card waits: face up or down, or which war (`card` blank if hideable).
    BlackChoice {
        /// The card.
        card: Option<String>,
    },
    /// A special black card: cancel with three Merlin cards or let it stand.
    Merlin {
        /// The card.
        card: String,
    },
    /// The siege die.
    SiegeRoll {
        /// Who fights.
        seat: Seat,
        /// The cards.
        cards: Vec<u8>,
    },
    /// Kay may add a card.
    Kay {
        /// Kay's seat.
        seat: Seat,
        /// The quest, or the siege.
        quest: Option<QuestId>,
    },
    /// The accused shows their loyalty card.
    Accusation {
        /// Accuser.
        accuser: Seat,
        /// Accused.
        accused: Seat,
    },
    /// The Grail's holder may save a dying knight.
    Grail {
        /// The dying knight.
        seat: Seat,
        /// The holder.
        holder: Option<Seat>,
    },
    /// Who holds the traitor card, before the count.
    TraitorCheck,
}

/// Everything the screen may show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SocView {
    /// Knights.
    pub knights: Vec<KnightView>,
    /// Whose turn.
    pub turn: Option<Seat>,
    /// The evil step is done.
    pub evil_done: bool,
    /// Heroic actions taken this turn.
    pub actions: Vec<super::Action>,
    /// Heroic actions allowed this turn.
    pub slots: u8,
    /// Siege engines.
    pub siege: u8,
    /// White swords.
    pub white: u8,
    /// Black swords.
    pub black: u8,
    /// The Black Knight.
    pub black_knight: FightView,
    /// Lancelot.
    pub lancelot: FightView,
    /// The Dragon.
    pub dragon: FightView,
    /// Excalibur on the river (0 at the start).
    pub excalibur: i8,
    /// Grail cards.
    pub grail_white: u8,
    /// Despair cards.
    pub grail_black: u8,
    /// The Picts: last ladder value and figures.
    pub picts: (u8, u8),
    /// The Saxons.
    pub saxons: (u8, u8),
    /// Quests still open.
    pub open: Vec<QuestId>,
    /// Quests ended, in order: (quest, won).
    pub results: Vec<(QuestId, bool)>,
    /// Special cards in play to the end.
    pub lasting: Vec<String>,
    /// What waits.
    pub pending: Option<PendingView>,
    /// The next knight to tap a loyalty card.
    pub scan_next: Option<Seat>,
    /// Tavola knows every loyalty card.
    pub loyalty_known: bool,
    /// Over: why, who won, and the traitor revealed.
    pub ended: Option<(EndReason, Side, Option<Seat>)>,
}

fn fight_view(f: &Fight, soc: &Soc, q: QuestId) -> FightView {
    let r = soc.rules().quest(q);
    FightView {
        white: f.white.clone(),
        black: f.black.iter().map(|b| (!b.face_down).then_some(b.value)).collect(),
        white_slots: r.white_pattern.iter().map(|&n| usize::from(n)).sum(),
        black_slots: r.black_slots,
    }
}

/// A word for what waits, for the refusal message.
pub(super) fn pending_word(p: &Pending) -> String {
    match p {
        Pending::BlackChoice { .. } => "black_card",
        Pending::Merlin { .. } => "merlin",
        Pending::SiegeRoll { .. } => "die",
        Pending::Kay { .. } => "kay",
        Pending::Accusation { .. } => "loyalty",
        Pending::TraitorCheck => "traitor",
    }
    .into()
}

pub(super) fn view(g: &Soc) -> SocView {
    let b: &Board = &g.board;
    let pending = match (g.dying.first(), &g.pending) {
        (Some(&seat), _) => Some(PendingView::Grail { seat, holder: g.holder(Relic::Grail) }),
        (None, Some(p)) => Some(match p {
            Pending::BlackChoice { card, hidden } => PendingView::BlackChoice { card: (!hidden).then(|| card.clone()) },
            Pending::Merlin { card, .. } => PendingView::Merlin { card: card.clone() },
            Pending::SiegeRoll { seat, cards } => PendingView::SiegeRoll { seat: *seat, cards: cards.clone() },
            Pending::Kay { seat, quest, .. } => PendingView::Kay { seat: *seat, quest: *quest },
            Pending::Accusation { accuser, accused } => {
                PendingView::Accusation { accuser: *accuser, accused: *accused }
            }
            Pending::TraitorCheck => PendingView::TraitorCheck,
        }),
        _ => None,
    };
    let ended = match g.phase {
        Phase::Ended { reason, winner } => Some((reason, winner, g.known_traitor())),
        _ => None,
    };
    SocView {
        knights: g
            .knights
            .iter()
            .enumerate()
            .map(|(i, k)| KnightView {
                seat: Seat(i as u8),
                knight: k.knight,
                name: g.name(Seat(i as u8)),
                life: k.life.value,
                hand: k.hand,
                place: k.place,
                alive: k.alive,
                relics: k.relics.clone(),
                exposed: k.exposed,
            })
            .collect(),
        turn: g.current(),
        evil_done: g.turn.as_ref().is_some_and(|t| t.evil_done),
        actions: g.turn.as_ref().map(|t| t.actions.clone()).unwrap_or_default(),
        slots: g.turn.as_ref().map_or(0, |t| t.slots),
        siege: g.siege,
        white: g.white,
        black: g.black,
        black_knight: fight_view(&b.black_knight, g, QuestId::BlackKnight),
        lancelot: fight_view(&b.lancelot, g, QuestId::Lancelot),
        dragon: fight_view(&b.dragon, g, QuestId::Dragon),
        excalibur: b.excalibur,
        grail_white: b.grail_white,
        grail_black: b.grail_black,
        picts: (b.picts.ladder, b.picts.figures),
        saxons: (b.saxons.ladder, b.saxons.figures),
        open: QuestId::ALL.into_iter().filter(|&q| b.is_open(q)).collect(),
        results: b.results.iter().map(|r| (r.quest, r.won)).collect(),
        lasting: g.lasting.clone(),
        pending,
        scan_next: g.next_to_scan(),
        loyalty_known: g.loyalty_known,
        ended,
    }
}

pub(super) fn cues(g: &Soc, event: &Event) -> Vec<Cue> {
    let name = |s: &Seat| g.said_name(*s);
    match event {
        Event::SetUp { .. } | Event::LoyaltyRecorded { .. } => {
            g.next_to_scan().map(|s| vec![Cue::new("soc.scan.next").arg("name", g.said_name(s))]).unwrap_or_default()
        }
        Event::TurnBegan { seat, .. } => vec![Cue::new("soc.turn.begin").arg("name", name(seat))],
        Event::BlackCardDrawn { hidden: true, .. } => vec![Cue::new("soc.black_card.choose")],
        Event::BlackCardDrawn { card: Some(card), .. } => vec![Cue::new("soc.black_card").card("card", card)],
        Event::BlackPlaced { quest, face_down: true, .. } => {
            vec![Cue::new("soc.black_card.face_down").arg("on", quest.on())]
        }
        Event::BlackPlaced { card: Some(card), .. } | Event::FigureAdded { card, .. } => {
            vec![Cue::new("soc.black_card").card("card", card)]
        }
        Event::ExcaliburMoved { card: Some(card), .. } | Event::GrailBlack { card: Some(card), .. } => {
            vec![Cue::new("soc.black_card").card("card", card)]
        }
        Event::BlackCardInstead { card, .. } => {
            vec![Cue::new("soc.black_card.instead").card("card", card)]
        }
        Event::SpecialDrawn { card, .. } => vec![Cue::new("soc.merlin.offer").card("card", card)],
        Event::SpecialCancelled { card, .. } => vec![Cue::new("soc.merlin.cancelled").card("card", card)],
        Event::SpecialTookEffect { card, slug, .. } => vec![special_effect(card, slug)],
        Event::SiegeChanged { delta } if *delta > 0 => vec![Cue::new("soc.siege.added").arg("count", g.siege)],
        Event::SiegeChanged { .. } => vec![Cue::new("soc.siege.removed").arg("count", g.siege)],
        Event::LifeChanged { seat, .. } => {
            vec![Cue::new("soc.knight.life").arg("name", name(seat)).arg("count", g.knights[seat.index()].life.value)]
        }
        Event::SiegeFightBegan { seat, cards } => {
            let total: u32 = cards.iter().map(|&v| u32::from(v)).sum();
            vec![Cue::new("soc.siege.fight").arg("name", name(seat)).arg("count", total)]
        }
        Event::DieRolled { roll, .. } => vec![Cue::new("soc.die.rolled").arg("value", roll.value)],
        // A correction is said as one: what was set right, and to what.
        Event::Corrected { correction } => vec![match correction {
            Correction::Life { seat, life } => {
                Cue::new("soc.corrected.life").arg("name", name(seat)).arg("count", *life)
            }
            Correction::Siege { engines } => Cue::new("soc.corrected.siege").arg("count", *engines),
            Correction::Swords { white, black } => {
                Cue::new("soc.corrected.swords").arg("white", *white).arg("black", *black)
            }
            Correction::Place { seat, place } => {
                Cue::new("soc.corrected.place").arg("name", name(seat)).arg("at", place.at())
            }
        }],
        Event::HandCorrected { seat, cards } => {
            vec![Cue::new("soc.corrected.hand").arg("name", name(seat)).arg("count", *cards)]
        }
        Event::KayWindowOpened { .. } => vec![Cue::new("soc.kay.offer")],
        Event::QuestEnded { quest, won, white_total, black_total, .. } => {
            let mut cues = Vec::new();
            if quest.is_fight() {
                cues.push(Cue::new("soc.fight.reveal").arg("white", white_total).arg("black", black_total));
            }
            let id = if *won { "soc.quest.won" } else { "soc.quest.lost" };
            cues.push(Cue::new(id).arg("quest", quest.msg()));
            cues
        }
        Event::SwordsPlaced { white, black } => {
            let mut cues = Vec::new();
            cues.extend((0..*white).map(|_| Cue::new("soc.sword.white")));
            cues.extend((0..*black).map(|_| Cue::new("soc.sword.black")));
            cues
        }
        Event::SwordsFlipped { count } => (0..*count).map(|_| Cue::new("soc.sword.flipped")).collect(),
        Event::RelicWon { seat, relic } => {
            vec![Cue::new("soc.relic.won")
                .arg("name", name(seat))
                .arg("relic", Msg::new(format!("soc.quest.{}", relic_slug(*relic))))]
        }
        Event::NoActionLeft { seat } => vec![Cue::new("soc.turn.no_action_left").arg("name", name(seat))],
        Event::Sacrificed { seat, .. } => vec![Cue::new("soc.sacrifice").arg("name", name(seat))],
        Event::Accused { accuser, accused } => {
            vec![Cue::new("soc.accuse").arg("accuser", name(accuser)).arg("accused", name(accused))]
        }
        Event::LoyaltyRevealed { seat, side: Side::Loyal } => {
            vec![Cue::new("soc.traitor.wrong").arg("name", name(seat))]
        }
        Event::TraitorExposed { seat } => vec![Cue::new("soc.traitor.exposed").arg("name", name(seat))],
        Event::Dying { seat } => vec![Cue::new("soc.knight.dying").arg("name", name(seat))],
        Event::GrailDrunk { seat, .. } => vec![Cue::new("soc.knight.saved").arg("name", name(seat))],
        Event::KnightDied { seat } => vec![Cue::new("soc.knight.dead").arg("name", name(seat))],
        Event::TraitorAsked => vec![Cue::new("soc.final.ask").arg("swords", g.white + g.black)],
        Event::FinalCount { traitor: Some(t), flipped } => {
            vec![
                Cue::new("soc.traitor.revealed").arg("name", name(t)),
                Cue::new("soc.traitor.flips").arg("count", flipped),
            ]
        }
        Event::GameEnded { reason, winner, traitor } => {
            // The line says the engine's own count, not a number of its own.
            let mut cues = vec![match reason {
                EndReason::SiegeEngines => Cue::new("soc.end.siege").arg("engines", g.siege),
                EndReason::BlackSwords => Cue::new("soc.end.black_swords").arg("swords", g.black),
                EndReason::LoyalKnightsDead => Cue::new("soc.end.all_dead"),
                EndReason::SwordsCounted => Cue::new("soc.end.count").arg("white", g.white).arg("black", g.black),
            }];
            cues.push(Cue::new(if *winner == Side::Loyal { "soc.end.won" } else { "soc.end.lost" }).pause(1_500));
            // The narrated end names the traitor, unless the count already did.
            let named_at_count = *reason == EndReason::SwordsCounted && g.final_traitor.is_some();
            match traitor {
                Some(t) if !named_at_count => cues.push(Cue::new("soc.traitor.revealed").arg("name", name(t))),
                None if g.loyalty_known && g.mode().has_traitor() => cues.push(Cue::new("soc.traitor.none")),
                _ => {}
            }
            cues
        }
        _ => Vec::new(),
    }
}

fn relic_slug(r: Relic) -> &'static str {
    match r {
        Relic::Excalibur => "excalibur",
        Relic::Grail => "grail",
        Relic::LancelotsArmor => "lancelot",
    }
}

/// What a special black card does as it takes effect, said in every mode:
/// its own line (`soc.special.<slug>`); a card the catalogs have no line
/// for is named only.
fn special_effect(card: &str, slug: &str) -> Cue {
    let id = format!("soc.special.{}", slug.replace('-', "_"));
    if crate::Lang::En.translation(&format!("narration.{id}"), None).is_some() {
        Cue::new(id)
    } else {
        Cue::new("soc.special.effect").card("card", card)
    }
}
