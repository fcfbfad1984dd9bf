//! What Camelot Legends' screen shows and what the narrator says.
//!
//! Every card Tavola knows lies face up on the table: the view holds the
//! companies with their totals per skill, each event with its requirement
//! and whether each player's company there meets it, the hands' counts,
//! the decks and the victory points.

use super::cards::{Colour, Location, Mode, Requirement, Skill, Special};
use super::{Auction, Discard, EndReason, Event, Gone, Grant, Legends, Phase, Went};
use crate::{Cue, Seat};
use serde::Serialize;
use std::collections::BTreeMap;

/// One seat as the table sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// The name (or the seat's number).
    pub name: String,
    /// The colour.
    pub colour: Colour,
    /// Cards in hand.
    pub hand: u8,
    /// Events completed, in the victory points zone (public).
    pub zone: Vec<String>,
    /// Victory points so far.
    pub points: u32,
    /// Whose turn it is (or who places an initial character).
    pub turn: bool,
}

/// One company: a player's characters at a location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompanyView {
    /// Whose.
    pub seat: Seat,
    /// The characters.
    pub cards: Vec<String>,
    /// The combined value in each skill.
    pub totals: BTreeMap<Skill, i32>,
    /// The special cards its members hold: the special and its holder.
    pub specials: Vec<(Special, String)>,
    /// Members discarded at the end of this turn.
    pub leaving: Vec<String>,
}

/// One event waiting at a location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EventView {
    /// The card.
    pub card: String,
    /// What completing it needs.
    pub requirements: Vec<Requirement>,
    /// Its victory points.
    pub victory_points: u8,
    /// Per seat: its company here meets every requirement.
    pub met: Vec<bool>,
    /// Completed by a single knight, on these terms (its text's), instead
    /// of the requirements.
    pub lone: Option<super::LoneKnight>,
    /// Completed with this total in any one skill (the Castle of Maidens),
    /// instead of the requirements.
    pub any_skill: Option<i32>,
}

/// One location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlaceView {
    /// Which.
    pub location: Location,
    /// Its events (three at most).
    pub events: Vec<EventView>,
    /// The companies here, one per seat with characters here.
    pub companies: Vec<CompanyView>,
    /// An event was completed here in this turn.
    pub done_this_turn: bool,
    /// The ladies held prisoner here (the Castle of Maidens), with their
    /// players.
    pub captives: Vec<super::sites::Captive>,
}

/// The public view.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LegendsView {
    /// Where the game stands.
    pub phase: Phase,
    /// The seats.
    pub players: Vec<PlayerView>,
    /// The three locations.
    pub places: Vec<PlaceView>,
    /// Cards left in the event deck.
    pub event_deck: u8,
    /// Cards left in the character deck.
    pub character_deck: u8,
    /// The heraldic event in force (the top one).
    pub heraldic: Option<String>,
    /// Events discarded.
    pub discarded: Vec<String>,
    /// The character laid on the reader, its location awaited.
    pub laid: Option<String>,
    /// Actions left in the turn.
    pub actions_left: u8,
    /// The winners, once the game is over.
    pub winners: Option<Vec<Seat>>,
    /// The game played.
    pub mode: Mode,
    /// Events still over the final event (the full game, until it is
    /// drawn).
    pub before_final: Option<u8>,
    /// The special cards' holders (the full game).
    pub specials: Vec<(Special, String)>,
    /// The bidding in progress.
    pub auction: Option<Auction>,
    /// A special card waiting for its holder.
    pub grant: Option<Grant>,
    /// The Black Knight waits for its place (covering a Forest event or
    /// discarded).
    pub black_knight: bool,
    /// The Forest event under the Black Knight.
    pub covered: Option<String>,
    /// Characters discarded so far.
    pub characters_discarded: usize,
    /// The Love Potion's holder waits for his companion to be chosen.
    pub companion_due: bool,
    /// The Love Potion's holder and companion.
    pub potion_pair: Option<(String, String)>,
    /// The knight Lady Ettard keeps from moving.
    pub bewitched: Option<String>,
    /// The characters whose text Nimue negates now.
    pub silenced: Vec<String>,
    /// The player asked to discard an event of their zone for Sir Balin's
    /// sacrifice.
    pub forfeit: Option<Seat>,
    /// Sir Lambegus' or Sir Priamus' offer waiting for its answer.
    pub rescue: Option<super::Rescue>,
    /// An event's effect waiting for its choice.
    pub effect: Option<super::Pending>,
}

impl Legends {
    fn name(&self, seat: Seat) -> String {
        crate::Game::player_name(self, seat).unwrap_or_else(|| seat.to_string())
    }

    pub(super) fn view_now(&self) -> LegendsView {
        let current = match &self.phase {
            Phase::Placing { seat, .. } => Some(*seat),
            Phase::Turn(t) => Some(t.seat),
            _ => None,
        };
        let points = self.points();
        let players = Seat::all(self.players())
            .map(|s| PlayerView {
                seat: s,
                name: self.name(s),
                colour: self.colour(s).unwrap_or(Colour::Blue),
                hand: self.players[s.index()].hand,
                zone: self.players[s.index()].zone.clone(),
                points: points[s.index()],
                turn: current == Some(s),
            })
            .collect();
        let done: Vec<Location> = match &self.phase {
            Phase::Turn(t) => t.completed.clone(),
            _ => Vec::new(),
        };
        let places = if self.places.is_empty() {
            Vec::new()
        } else {
            self.open_places()
                .into_iter()
                .map(|l| PlaceView {
                    location: l,
                    events: self.places[l as usize]
                        .events
                        .iter()
                        .map(|e| {
                            let f = self.facts.events.get(e);
                            EventView {
                                card: e.clone(),
                                requirements: f.map(|f| f.requirements.clone()).unwrap_or_default(),
                                victory_points: f.map_or(0, |f| f.victory_points),
                                met: Seat::all(self.players()).map(|s| self.shortfall(s, l, e).is_none()).collect(),
                                lone: super::LoneKnight::of(e),
                                any_skill: super::sites::any_skill(e),
                            }
                        })
                        .collect(),
                    companies: Seat::all(self.players())
                        .filter(|s| !self.company(*s, l).is_empty())
                        .map(|s| {
                            let totals = self.totals(s, l);
                            let cards = self.company(s, l).to_vec();
                            let leaving = match &self.phase {
                                Phase::Turn(t) => cards.iter().filter(|c| t.to_discard.contains(c)).cloned().collect(),
                                _ => Vec::new(),
                            };
                            CompanyView {
                                seat: s,
                                specials: self
                                    .specials()
                                    .iter()
                                    .filter(|(_, h)| cards.contains(h))
                                    .map(|(k, h)| (*k, h.clone()))
                                    .collect(),
                                leaving,
                                cards,
                                totals: Skill::ALL.into_iter().map(|k| (k, totals[k as usize])).collect(),
                            }
                        })
                        .collect(),
                    done_this_turn: done.contains(&l),
                    captives: if l == Location::CastleOfMaidens { self.captives().to_vec() } else { Vec::new() },
                })
                .collect()
        };
        let actions_left = match &self.phase {
            Phase::Turn(t) => self.actions_allowed(t.seat).saturating_sub(t.actions),
            _ => 0,
        };
        let final_open = self.open_places().contains(&Location::Final);
        let before_final = (self.mode().full() && !final_open && self.event_deck > 0).then(|| self.event_deck - 1);
        LegendsView {
            phase: self.phase.clone(),
            players,
            places,
            event_deck: self.event_deck,
            character_deck: self.character_deck,
            heraldic: self.heraldic.last().cloned(),
            discarded: self.discarded.clone(),
            laid: self.laid.clone(),
            actions_left,
            winners: crate::Game::is_over(self).then(|| self.winners()),
            mode: self.mode(),
            before_final,
            specials: self.specials().iter().map(|(k, h)| (*k, h.clone())).collect(),
            auction: self.auction().cloned(),
            grant: self.grant().cloned(),
            black_knight: self.black_knight_waits(),
            covered: self.covered().map(str::to_string),
            characters_discarded: self.character_discard().len(),
            companion_due: self.companion_due,
            potion_pair: self.potion_pair(),
            bewitched: self.bewitched().map(str::to_string),
            silenced: self.silenced().map(str::to_string).collect(),
            forfeit: self.forfeit_due(),
            rescue: self.rescue().cloned(),
            effect: self.effect().cloned(),
        }
    }
}

/// The narrator's lines for an event just applied (`g` is the state after).
pub(super) fn cues(g: &Legends, e: &Event) -> Vec<Cue> {
    let names = g.setup.as_ref().map_or(&[][..], |s| &s.names[..]);
    let name = |s: Seat| crate::seat_name(names, s);
    match e {
        Event::EventDrawn { .. } | Event::EventCompleted { .. } | Event::Covered { .. } => event_card_cues(g, e),
        Event::EffectOpened { .. }
        | Event::Resolved { .. }
        | Event::Captured { .. }
        | Event::Freed { .. }
        | Event::Hunted { .. }
        | Event::ThirdAction { .. }
        | Event::HandFilled { .. }
        | Event::DamoselOffered { .. }
        | Event::CardGiven { .. } => effect_cues(g, e),
        Event::BidMade { .. }
        | Event::DagonetBid { .. }
        | Event::Passed { .. }
        | Event::AuctionClosed { .. }
        | Event::GrantOpened { .. }
        | Event::SpecialGiven { .. }
        | Event::CompanionAsked
        | Event::CompanionChosen { .. } => bidding_cues(g, e),
        Event::AbilityUsed { .. }
        | Event::Struck { .. }
        | Event::Spelled { .. }
        | Event::Crowned { .. }
        | Event::Scrapped { .. }
        | Event::Replaced { .. }
        | Event::Renounced { .. }
        | Event::Forfeited { .. }
        | Event::Rescued { .. }
        | Event::Recalled { .. }
        | Event::Summoned { .. }
        | Event::Raided { .. }
        | Event::Warded { .. } => power_cues(g, e),
        Event::SetUp { setup, first } => vec![
            Cue::new("legends.setup.deal").arg("players", setup.colours.len()),
            Cue::new("legends.setup.place").arg("name", name(*first)),
        ],
        Event::Played { seat, card, location, free, lunete } => {
            let mut cues = vec![Cue::new(if *free { "legends.played.lunete" } else { "legends.played" })
                .arg("name", name(*seat))
                .card("card", card.clone())
                .arg("location", tavola_words::Said::msg(location))];
            if *lunete {
                cues.push(Cue::new("legends.lunete.offer").arg("location", tavola_words::Said::msg(location)));
            }
            if let Phase::Placing { seat: next, .. } = &g.phase {
                if next != seat {
                    cues.push(Cue::new("legends.setup.place").arg("name", name(*next)));
                }
            }
            cues
        }
        Event::CharacterDrawn { seat } => vec![Cue::new("legends.character.drawn").arg("name", name(*seat))],
        Event::Moved { seat, to, .. } => {
            vec![Cue::new("legends.moved").arg("name", name(*seat)).arg("location", tavola_words::Said::msg(to))]
        }
        // With the event deck empty a turn begins without a draw.
        Event::TurnPassed { to } if g.event_deck == 0 => vec![Cue::new("legends.turn.no_draw").arg("name", name(*to))],
        Event::TurnPassed { to } => vec![Cue::new("legends.turn").arg("name", name(*to))],
        Event::Discarded { cards, why: Gone::EndOfTurn } => {
            vec![Cue::new("legends.discarded.end_of_turn").arg("count", cards.len())]
        }
        Event::Discarded { cards, .. } => vec![Cue::new("legends.discarded").arg("count", cards.len())],
        Event::ReturnedToHand { card, .. } => vec![Cue::new("legends.returned").card("card", card.clone())],
        Event::Relocated { card, to, .. } => {
            vec![Cue::new("legends.relocated").card("card", card.clone()).arg("location", tavola_words::Said::msg(to))]
        }
        Event::GameEnded { reason } => {
            let mut cues = vec![Cue::new(match reason {
                EndReason::AllCompleted => "legends.end.all_completed",
                EndReason::Stopped => "legends.end.stopped",
                EndReason::FinalCompleted => "legends.end.final",
            })];
            let points = g.points();
            let winners = g.winners();
            let best = winners.first().map_or(0, |w| points[w.index()]);
            match winners.as_slice() {
                [one] => cues.push(Cue::new("legends.end.winner").arg("name", name(*one)).arg("count", best)),
                _ => cues.push(Cue::new("legends.end.shared").arg("count", best)),
            }
            cues
        }
        Event::Laid { .. } | Event::Learned { .. } | Event::HandCorrected { .. } => Vec::new(),
    }
}

/// The event cards drawn, completed and covered.
fn event_card_cues(g: &Legends, e: &Event) -> Vec<Cue> {
    let names = g.setup.as_ref().map_or(&[][..], |s| &s.names[..]);
    let name = |s: Seat| crate::seat_name(names, s);
    match e {
        Event::EventDrawn { seat, card, went } => {
            let drawn = Cue::new("legends.event.drawn").arg("name", name(*seat)).card("card", card.clone());
            let then = match went {
                Went::Placed { location } => Cue::new("legends.event.placed")
                    .card("card", card.clone())
                    .arg("location", tavola_words::Said::msg(location)),
                Went::Discarded { why: Discard::Fourth } => Cue::new("legends.event.fourth").card("card", card.clone()),
                Went::Discarded { why: Discard::Special } => {
                    Cue::new("legends.event.special").card("card", card.clone())
                }
                Went::Discarded { why: Discard::Bidding } => {
                    Cue::new("legends.event.bidding").card("card", card.clone())
                }
                Went::Discarded { why: Discard::NoWinner | Discard::Spent } => {
                    Cue::new("legends.event.special").card("card", card.clone())
                }
                Went::Heraldic => Cue::new("legends.event.heraldic").card("card", card.clone()),
                Went::Bidding { max, .. } => {
                    Cue::new("legends.event.bidding_open").card("card", card.clone()).arg("count", *max)
                }
                Went::Final => Cue::new("legends.event.final").card("card", card.clone()),
                Went::BlackKnight => Cue::new("legends.event.black_knight").card("card", card.clone()),
                Went::Site { location: Location::IsleOfAvalon } => Cue::new("legends.site.isle"),
                Went::Site { .. } => Cue::new("legends.site.castle"),
            };
            let mut cues = vec![drawn, then];
            if let Some(a) = g.auction() {
                cues.push(Cue::new("legends.bid.turn").arg("name", name(a.to)));
            }
            cues
        }
        Event::EventCompleted { seat, card, spent: true, .. } => {
            vec![Cue::new("legends.event.completed_spent").arg("name", name(*seat)).card("card", card.clone())]
        }
        Event::EventCompleted { seat, card, .. } => {
            let points = g.facts.events.get(card).map_or(0, |f| f.victory_points);
            let mut cues = vec![Cue::new("legends.event.completed")
                .arg("name", name(*seat))
                .card("card", card.clone())
                .arg("count", points)];
            // The Grail Castle's reordering is done with the deck in hand.
            if card == super::effects::GRAIL_CASTLE {
                cues.push(Cue::new("legends.effect.grail_castle").arg("name", name(*seat)));
            }
            cues
        }
        Event::Covered { card: Some(card) } => vec![Cue::new("legends.covered").card("card", card.clone())],
        Event::Covered { card: None } => vec![Cue::new("legends.cover_discarded")],
        _ => Vec::new(),
    }
}

/// The events' effects.
fn effect_cues(g: &Legends, e: &Event) -> Vec<Cue> {
    let names = g.setup.as_ref().map_or(&[][..], |s| &s.names[..]);
    let name = |s: Seat| crate::seat_name(names, s);
    match e {
        Event::EffectOpened { pending } => {
            use super::effects::Effect;
            let id = match &pending.effect {
                Effect::Assassination => "legends.effect.assassination",
                Effect::TrialByCombat => "legends.effect.trial_by_combat",
                Effect::VillainousRequest { .. } => "legends.effect.villainous_request",
                Effect::FalsePromise => "legends.effect.false_promise",
                Effect::Tournament { .. } => "legends.effect.tournament",
                Effect::RoyalBoon { .. } => "legends.effect.royal_boon",
                Effect::NobleAlliance { .. } => "legends.effect.noble_alliance",
                Effect::DarkJourney { .. } => "legends.effect.dark_journey",
                Effect::Champion { .. } => "legends.effect.champion",
                Effect::Winner { .. } => "legends.effect.winner",
                Effect::Captive { .. } => "legends.effect.captive",
                Effect::Departure => "legends.effect.departure",
            };
            let cue = Cue::new(id).arg("name", name(pending.seat));
            match &pending.effect {
                Effect::Winner { knight } => vec![cue.card("card", knight.clone())],
                _ => vec![cue],
            }
        }
        Event::Resolved { seat, effect, card, with, to } => {
            use super::effects::Effect;
            match (effect, card, with) {
                (Effect::Champion { .. }, Some(c), _) => {
                    vec![Cue::new("legends.resolved.champion").arg("name", name(*seat)).card("card", c.clone())]
                }
                (Effect::Captive { .. }, Some(c), _) => {
                    vec![Cue::new("legends.captured").arg("name", name(*seat)).card("card", c.clone())]
                }
                (Effect::DarkJourney { .. } | Effect::Winner { .. } | Effect::Departure, Some(c), _) => to
                    .iter()
                    .map(|l| {
                        Cue::new("legends.resolved.journey")
                            .arg("name", name(*seat))
                            .card("card", c.clone())
                            .arg("location", tavola_words::Said::msg(l))
                    })
                    .collect(),
                (Effect::VillainousRequest { .. }, Some(c), _) => {
                    vec![Cue::new("legends.resolved.taken").arg("name", name(*seat)).card("card", c.clone())]
                }
                (Effect::NobleAlliance { .. }, Some(c), Some(to)) => {
                    vec![Cue::new("legends.resolved.given").arg("other", name(*to)).card("card", c.clone())]
                }
                (_, Some(c), _) => vec![Cue::new("legends.resolved.discarded").card("card", c.clone())],
                (Effect::FalsePromise, None, Some(to)) => {
                    vec![Cue::new("legends.resolved.hands_exchanged").arg("name", name(*seat)).arg("other", name(*to))]
                }
                (_, None, Some(to)) => {
                    vec![Cue::new("legends.card_given").arg("name", name(*seat)).arg("other", name(*to))]
                }
                (_, None, None) => vec![Cue::new("legends.resolved.declined").arg("name", name(*seat))],
            }
        }
        Event::Captured { seat, card } => {
            vec![Cue::new("legends.captured").arg("name", name(*seat)).card("card", card.clone())]
        }
        Event::Freed { seat } => vec![Cue::new("legends.freed").arg("name", name(*seat))],
        Event::Hunted { seat, to, .. } => {
            vec![Cue::new("legends.hunted").arg("name", name(*seat)).arg("location", tavola_words::Said::msg(to))]
        }
        Event::ThirdAction { seat } => vec![Cue::new("legends.effect.feast").arg("name", name(*seat))],
        Event::HandFilled { seat, .. } => vec![Cue::new("legends.effect.truage").arg("name", name(*seat))],
        Event::DamoselOffered { seat } => vec![Cue::new("legends.effect.damosel").arg("name", name(*seat))],
        Event::CardGiven { from, to } => {
            vec![Cue::new("legends.card_given").arg("name", name(*from)).arg("other", name(*to))]
        }
        _ => Vec::new(),
    }
}

/// The bidding and the special cards.
fn bidding_cues(g: &Legends, e: &Event) -> Vec<Cue> {
    let names = g.setup.as_ref().map_or(&[][..], |s| &s.names[..]);
    let name = |s: Seat| crate::seat_name(names, s);
    match e {
        Event::BidMade { seat, card, .. } => {
            let mut cues = vec![Cue::new("legends.bid.made").arg("name", name(*seat)).card("card", card.clone())];
            if let Some(a) = g.auction() {
                cues.push(Cue::new("legends.bid.turn").arg("name", name(a.to)));
            }
            cues
        }
        Event::DagonetBid { seat, .. } => {
            vec![Cue::new("legends.bid.dagonet").arg("name", name(*seat))]
        }
        Event::Passed { seat } => {
            let mut cues = vec![Cue::new("legends.bid.passed").arg("name", name(*seat))];
            if let Some(a) = g.auction() {
                cues.push(Cue::new("legends.bid.turn").arg("name", name(a.to)));
            }
            cues
        }
        Event::AuctionClosed { totals, winner } => match winner {
            Some(w) => vec![Cue::new("legends.bid.won")
                .arg("name", name(*w))
                .arg("count", totals.get(w.index()).copied().flatten().unwrap_or(0))],
            None if totals.iter().any(Option::is_some) => vec![Cue::new("legends.bid.tie")],
            None => vec![Cue::new("legends.bid.none")],
        },
        Event::GrantOpened { grant } => vec![Cue::new("legends.grant.ask")
            .arg("name", name(grant.seat))
            .arg("special", tavola_words::Said::msg(&grant.special))],
        Event::SpecialGiven { special, card: Some(card) } => vec![Cue::new("legends.special.given")
            .card("card", card.clone())
            .arg("special", tavola_words::Said::msg(special))],
        Event::SpecialGiven { special, card: None } => {
            vec![Cue::new("legends.special.returned").arg("special", tavola_words::Said::msg(special))]
        }
        Event::CompanionAsked => {
            let holder = g.specials().get(&Special::LovePotion).cloned().unwrap_or_default();
            vec![Cue::new("legends.companion.ask").card("card", holder)]
        }
        Event::CompanionChosen { card } => {
            let holder = g.specials().get(&Special::LovePotion).cloned().unwrap_or_default();
            vec![Cue::new("legends.companion.chosen").card("card", holder).card("lady", card.clone())]
        }
        _ => Vec::new(),
    }
}

/// The characters' abilities and texts.
fn power_cues(g: &Legends, e: &Event) -> Vec<Cue> {
    let names = g.setup.as_ref().map_or(&[][..], |s| &s.names[..]);
    let name = |s: Seat| crate::seat_name(names, s);
    match e {
        Event::AbilityUsed { seat, card, .. } => {
            vec![Cue::new("legends.ability").arg("name", name(*seat)).card("card", card.clone())]
        }
        Event::Replaced { target, .. } if g.auction().is_some() => {
            let mut cues = vec![Cue::new("legends.replaced").card("card", target.clone())];
            if let Some(a) = g.auction() {
                cues.push(Cue::new("legends.bid.turn").arg("name", name(a.to)));
            }
            cues
        }
        Event::Struck { seat, card, target, blow } => vec![Cue::new(match blow {
            super::abilities::Blow::Both => "legends.struck.both",
            super::abilities::Blow::Struck => "legends.struck.one",
            super::abilities::Blow::Lure => "legends.struck.lure",
            super::abilities::Blow::Capture => "legends.struck.capture",
        })
        .arg("name", name(*seat))
        .card("card", card.clone())
        .card("target", target.clone())],
        Event::Spelled { card, target, .. } => {
            vec![Cue::new(if card == super::texts::ETTARD { "legends.spell.ettard" } else { "legends.spell.nimue" })
                .card("target", target.clone())]
        }
        Event::Crowned { knight, by, .. } => {
            let key = if by == super::texts::ARTHUR { "legends.crowned.arthur" } else { "legends.crowned.archbishop" };
            vec![Cue::new(key).card("card", knight.clone())]
        }
        Event::Scrapped { scrapped, .. } => vec![Cue::new("legends.scrapped").card("card", scrapped.clone())],
        Event::Replaced { card, target, .. }
            if target == super::texts::WHITE_KNIGHT && card != super::texts::DAGONET =>
        {
            vec![Cue::new("legends.replaced.white_knight").card("card", card.clone())]
        }
        Event::Replaced { target, .. } => vec![Cue::new("legends.replaced").card("card", target.clone())],
        Event::Renounced { lost, .. } => vec![Cue::new("legends.renounced").card("card", lost.clone())],
        Event::Forfeited { seat, lost } => {
            vec![Cue::new("legends.forfeited").arg("name", name(*seat)).card("card", lost.clone())]
        }
        Event::Rescued { rescue, taken: true } if rescue.by == super::texts::PRIAMUS => {
            vec![Cue::new("legends.rescued.priamus").arg("name", name(rescue.seat)).card("card", rescue.card.clone())]
        }
        Event::Rescued { rescue, taken: true } => {
            vec![Cue::new("legends.rescued.lambegus").card("card", rescue.card.clone())]
        }
        Event::Rescued { taken: false, .. } => Vec::new(),
        Event::Recalled { seat, .. } => vec![Cue::new("legends.recalled").arg("name", name(*seat))],
        Event::Summoned { target, to, .. } => {
            vec![Cue::new("legends.summoned").card("card", target.clone()).arg("location", tavola_words::Said::msg(to))]
        }
        Event::Raided { seat, card, from } => vec![Cue::new(if card == super::texts::MORGAUSE {
            "legends.raided.morgause"
        } else {
            "legends.raided.breunis"
        })
        .arg("name", name(*seat))
        .arg("other", name(*from))],
        Event::Warded { card, by, .. } => {
            vec![Cue::new("legends.warded").card("card", card.clone()).card("by", by.clone())]
        }
        _ => Vec::new(),
    }
}
