//! Card texts that change the turn rather than a total: Lady Lunete's
//! second character, the Love Potion's pair, Lady Ettard's and Nimue's
//! spells, the ways to the High King (King Arthur's, the Archbishop's),
//! La Cote Male Taile's discarded event, the hands Queen Morgause and Sir
//! Breunis raid, the places Sir Dagonet and the White Knight's successor
//! take, the card Hellawes recalls from the discard pile, the knight Dame
//! Bragwaine brings, the events Sir Balin's sacrifice costs, and the
//! companions Sir Priamus and Sir Lambegus save from the discard pile. Each is a small function the commands and
//! [`crate::Game::legal`] share.

use super::cards::{CharacterFacts, Location, Skill, Special};
use super::full::abilities_open;
use super::{err, Legends, LegendsError, Phase, Res, Rescue, Turn};
use crate::Seat;

/// Lady Ettard: played from the hand, she may bewitch a knight at her
/// location, who cannot move while she stays there.
pub const ETTARD: &str = "legends/character/lady-ettard";

/// Nimue: negates a man's text at her location until her player's next
/// turn.
pub const NIMUE: &str = "legends/character/nimue";

/// La Cote Male Taile: at a main location, discards its event with the
/// fewest victory points, and himself.
pub const COTE_MALE_TAILE: &str = "legends/character/la-cote-male-taile";

/// Queen Morgause: takes a card of another player's hand, then is
/// discarded.
pub const MORGAUSE: &str = "legends/character/queen-morgause";

/// Sir Breunis: makes a player discard a card at random, then goes back to
/// his player's hand.
pub const BREUNIS: &str = "legends/character/sir-breunis";

/// King Arthur: once a game, High King with two other knights in his
/// company.
pub const ARTHUR: &str = "legends/character/king-arthur";

/// The Archbishop of Canterbury: at Camelot, discarded with an event of the
/// zone, makes the player's knight at Camelot with the most Chivalry High
/// King.
pub const ARCHBISHOP: &str = "legends/character/archbishop-of-canterbury";

/// Sir Dagonet: played from the hand into another player's company, in
/// the place of one of its characters, who is discarded.
pub const DAGONET: &str = "legends/character/sir-dagonet";

/// The White Knight: a knight from the hand takes his place, spending no
/// action, and receives his special cards.
pub const WHITE_KNIGHT: &str = "legends/character/the-white-knight";

/// Hellawes: in the Forest, discarded with a card of the hand, she brings a
/// character of the discard pile back to the hand.
pub const HELLAWES: &str = "legends/character/hellawes";

/// Dame Bragwaine: at a main location, she brings one of her player's
/// knights there, and is discarded at the end of the turn.
pub const BRAGWAINE: &str = "legends/character/dame-bragwaine";

/// Sir Balin: when his company completes a location event, he may be
/// discarded with it; every other player then discards an event of their
/// victory points.
pub const BALIN: &str = "legends/character/sir-balin";

/// Sir Priamus: once in each opponent's turn, a character of his company
/// discarded goes back to his player's hand for a card of it.
pub const PRIAMUS: &str = "legends/character/sir-priamus";

/// Sir Lambegus: in an opponent's turn, he may be discarded in the place of
/// another knight of his company.
pub const LAMBEGUS: &str = "legends/character/sir-lambegus";

/// A company Sir Lambegus or Sir Priamus watches over.
pub(super) struct Watch {
    by: &'static str,
    seat: Seat,
    location: Location,
    members: Vec<Watched>,
}

/// A member of a watched company, as it stood before an event.
struct Watched {
    card: String,
    specials: Vec<Special>,
    /// Times it lay in the discard pile.
    discarded: usize,
}

/// Lady Lunete: a knight played from the hand into her company lets a lady
/// follow at that location as part of the same action.
pub const LUNETE: &str = "legends/character/lady-lunete";

impl Legends {
    /// A female character, by its facts.
    pub(super) fn is_lady(&self, card: &str) -> bool {
        self.facts.characters.get(card).is_some_and(|f| f.gender == "female")
    }

    /// A knight, by its facts.
    pub(super) fn is_knight(&self, card: &str) -> bool {
        self.facts.characters.get(card).is_some_and(CharacterFacts::is_knight)
    }

    /// Whether a character on the table has its text now (Nimue negates a
    /// man's until her player's next turn).
    pub(super) fn speaks(&self, card: &str) -> bool {
        !self.silenced.iter().any(|s| s.card == card)
    }

    /// Lady Lunete's offer with the turn's actions spent: only a lady
    /// played at this location is taken (the offer alone keeps the turn
    /// open).
    pub(super) fn lunete_only(&self) -> Option<Location> {
        let Phase::Turn(t) = &self.phase else { return None };
        let at = t.lunete?;
        (t.actions >= self.actions_allowed(t.seat)).then_some(at)
    }

    /// A lady played where Lady Lunete's offer stands: part of the knight's
    /// action, no action spent ("come parte della stessa azione"); or into
    /// the Forest right after the Mysterious Damosel ("senza spendere
    /// un'azione aggiuntiva").
    pub(super) fn lunete_free(&self, card: &str, location: Location) -> bool {
        let Phase::Turn(t) = &self.phase else { return false };
        let damosel = t.damosel && location == Location::PerilousForest;
        (t.lunete == Some(location) || damosel) && self.is_lady(card)
    }

    /// Whether playing `card` at `location` opens Lady Lunete's offer: a
    /// knight from the hand into the company where she stands, with another
    /// card in hand and room for two.
    pub(super) fn lunete_opens(&self, seat: Seat, card: &str, location: Location) -> bool {
        matches!(self.phase, Phase::Turn(_))
            && self.is_knight(card)
            && self.company(seat, location).iter().any(|c| c == LUNETE && self.speaks(c))
            && self.players.get(seat.index()).is_some_and(|p| p.hand > 1)
            && self.room(seat, location, 2)
    }

    /// The Love Potion's holder, on the table.
    fn potion_holder(&self) -> Option<&String> {
        self.specials.get(&Special::LovePotion).filter(|h| self.where_is(h).is_some())
    }

    /// The ladies who may become the Love Potion's companion: those of its
    /// holder's company ("sceglie un Personaggio femminile della sua
    /// Compagnia").
    pub(super) fn potion_ladies(&self) -> Vec<String> {
        let Some(holder) = self.potion_holder() else { return Vec::new() };
        let Some((seat, l)) = self.where_is(holder) else { return Vec::new() };
        self.company(seat, l).iter().filter(|c| *c != holder && self.is_lady(c)).cloned().collect()
    }

    /// The Love Potion's holder and companion, while both are on the table.
    pub fn potion_pair(&self) -> Option<(String, String)> {
        let holder = self.potion_holder()?;
        let companion = self.companion.as_ref().filter(|c| self.where_is(c).is_some())?;
        Some((holder.clone(), companion.clone()))
    }

    /// Exactly the Love Potion's pair.
    pub(super) fn is_pair(&self, cards: &[String]) -> bool {
        self.potion_pair().is_some_and(|(h, c)| cards.len() == 2 && cards.contains(&h) && cards.contains(&c))
    }

    /// The pair moving together, alone, spends no action ("possono muovere
    /// assieme gratuitamente"), once a turn (the reading chosen).
    pub(super) fn potion_free(&self, t: &Turn, cards: &[String]) -> bool {
        self.is_pair(cards) && !t.used.contains(&Special::LovePotion.card())
    }

    /// `cards` with the other of the Love Potion's pair when one of them is
    /// among them ("se uno dei due Personaggi deve essere scartato, ... anche
    /// l'altro").
    pub(super) fn with_partners(&self, cards: &[String]) -> Vec<String> {
        let mut out = cards.to_vec();
        if let Some((h, c)) = self.potion_pair() {
            for (one, other) in [(&h, &c), (&c, &h)] {
                if out.contains(one) && !out.contains(other) {
                    out.push(other.clone());
                }
            }
        }
        out
    }

    /// What an event leaves behind: a pair broken when one of it leaves
    /// the table.
    pub(super) fn settle(&mut self) {
        if self.potion_holder().is_none() {
            self.companion = None;
            self.companion_due = false;
        }
        if self.companion.as_ref().is_some_and(|c| self.where_is(c).is_none()) {
            self.companion = None;
        }
        // Lady Ettard's spell ends for good when she leaves its location
        // (the reading chosen) or the knight leaves the table.
        if let Some((knight, at)) = &self.bewitched {
            let here = self.where_is(ETTARD).map(|(_, l)| l) == Some(*at);
            if !here || self.where_is(knight).is_none() {
                self.bewitched = None;
            }
        }
        let on: Vec<bool> = self.silenced.iter().map(|s| self.where_is(&s.card).is_some()).collect();
        let mut on = on.into_iter();
        self.silenced.retain(|_| on.next().unwrap_or(false));
    }

    /// Checks a spell: Lady Ettard's right after she is played from the
    /// hand, on an opposing knight at her location; Nimue's in the optional
    /// abilities' phase, once a turn, on another man at her location.
    pub(super) fn check_spell(&self, t: &Turn, card: &str, target: &str) -> Res<()> {
        let location = match self.where_is(card) {
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        let opposing = match self.where_is(target) {
            Some((s, l)) if l == location && target != card => s != t.seat,
            _ => return Err(err(LegendsError::WrongTarget { card: card.to_string() })),
        };
        match card {
            ETTARD => {
                if !t.ettard {
                    return Err(err(LegendsError::SpellNotNow { card: card.to_string() }));
                }
                if !opposing {
                    return Err(err(LegendsError::NotOpposing { card: target.to_string() }));
                }
                if !self.is_knight(target) {
                    return Err(err(LegendsError::NotAKnight { card: target.to_string() }));
                }
            }
            NIMUE => {
                abilities_open(t)?;
                if t.used.iter().any(|c| c == card) {
                    return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
                }
                let man = self.facts.characters.get(target).is_some_and(|f| f.gender == "male");
                if !man || !self.speaks(target) {
                    return Err(err(LegendsError::WrongTarget { card: card.to_string() }));
                }
            }
            _ => return Err(err(LegendsError::NoAbility { card: card.to_string() })),
        }
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        // Excalibur, Merlin and Lady Lyonesse keep opposing spells off.
        if let Some(by) = self.protection(card, target, false).filter(|_| opposing) {
            return Err(err(LegendsError::Protected { card: target.to_string(), by }));
        }
        Ok(())
    }

    /// Whom `card`'s spell may fall on now.
    pub(super) fn spell_targets(&self, t: &Turn, card: &str) -> Vec<String> {
        let Some((_, l)) = self.where_is(card) else { return Vec::new() };
        Seat::all(self.players())
            .flat_map(|s| self.company(s, l).iter())
            .filter(|c| self.check_spell(t, card, c).is_ok())
            .cloned()
            .collect()
    }

    /// Lady Ettard's knight stays ("non potrà muovere fintanto che Lady
    /// Ettard rimane in tale locazione").
    pub(super) fn check_bewitched(&self, cards: &[String]) -> Res<()> {
        match &self.bewitched {
            Some((knight, _)) if cards.contains(knight) => Err(err(LegendsError::Bewitched { card: knight.clone() })),
            _ => Ok(()),
        }
    }

    /// The knight Lady Ettard keeps from moving.
    pub fn bewitched(&self) -> Option<&str> {
        self.bewitched.as_ref().map(|(k, _)| k.as_str())
    }

    /// The characters whose text Nimue negates now.
    pub fn silenced(&self) -> impl Iterator<Item = &str> {
        self.silenced.iter().map(|s| s.card.as_str())
    }

    /// The player's knight at Camelot with the most Chivalry, the first laid
    /// of those tied (the Archbishop's choice).
    fn crown_knight(&self, seat: Seat) -> Option<String> {
        let mut best: Option<(&String, i32)> = None;
        for k in self.company(seat, Location::Camelot).iter().filter(|c| *c != ARCHBISHOP && self.is_knight(c)) {
            let v = self.values(k).map_or(0, |v| v[Skill::Chivalry as usize]);
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((k, v));
            }
        }
        best.map(|(k, _)| k.clone())
    }

    /// Checks King Arthur's or the Archbishop's way to the High King, an
    /// optional ability; gives the new High King.
    pub(super) fn check_crown(&self, t: &Turn, card: &str, event: Option<&str>) -> Res<String> {
        abilities_open(t)?;
        let location = match self.where_is(card) {
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        if !matches!(card, ARTHUR | ARCHBISHOP) {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        // The special cards belong to the full game.
        if !self.mode().full() {
            return Err(err(LegendsError::NoSpecials));
        }
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        if t.used.iter().any(|c| c == card) {
            return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
        }
        let knight = if card == ARTHUR {
            // "Una volta per partita ... se due altri Cavalieri sono nella
            // sua Compagnia".
            if self.arthur_crowned {
                return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
            }
            if event.is_some() {
                return Err(err(LegendsError::WrongTarget { card: card.to_string() }));
            }
            let knights = self.company(t.seat, location).iter().filter(|c| *c != card && self.is_knight(c)).count();
            if knights < 2 {
                return Err(err(LegendsError::ArthurKnights));
            }
            card.to_string()
        } else {
            // "Finché l'Arcivescovo è a Camelot, puoi scartarlo assieme ad
            // una Carta Evento dalla tua Zona".
            if location != Location::Camelot {
                return Err(err(LegendsError::NotAtCamelot { card: card.to_string() }));
            }
            let Some(e) = event else { return Err(err(LegendsError::WrongTarget { card: card.to_string() })) };
            if !self.players[t.seat.index()].zone.iter().any(|z| z == e) {
                return Err(err(LegendsError::NotInZone { card: e.to_string() }));
            }
            self.crown_knight(t.seat).ok_or_else(|| err(LegendsError::NoKnightAtCamelot))?
        };
        if self.specials.get(&Special::HighKing) == Some(&knight) {
            return Err(err(LegendsError::SpecialThere));
        }
        Ok(knight)
    }

    /// Checks La Cote Male Taile's text, an optional ability: "Finché si
    /// trova in una Locazione Principale, può scartare la Carta Evento che
    /// vi si trova che abbia il minor valore di Punti Vittoria (almeno 1)";
    /// of events tied for the fewest, the player chooses.
    pub(super) fn check_scrap(&self, t: &Turn, card: &str, event: &str) -> Res<()> {
        abilities_open(t)?;
        let location = match self.where_is(card) {
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        if card != COTE_MALE_TAILE {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        if !location.is_main() {
            return Err(err(LegendsError::NotAtMain { card: card.to_string() }));
        }
        let events = &self.places[location as usize].events;
        if !events.iter().any(|e| e == event) {
            return Err(err(LegendsError::EventNotHere { card: event.to_string() }));
        }
        let points = |e: &str| self.facts.events.get(e).map_or(0, |f| f.victory_points);
        let fewest = events.iter().map(|e| points(e)).filter(|p| *p >= 1).min();
        if fewest.is_none() || Some(points(event)) != fewest {
            return Err(err(LegendsError::NotFewestPoints { card: event.to_string() }));
        }
        Ok(())
    }

    /// The events La Cote Male Taile may discard now.
    pub(super) fn scraps(&self, t: &Turn) -> Vec<String> {
        let Some((_, l)) = self.where_is(COTE_MALE_TAILE) else { return Vec::new() };
        let events = self.places.get(l as usize).map_or(&[][..], |p| &p.events[..]);
        events.iter().filter(|e| self.check_scrap(t, COTE_MALE_TAILE, e).is_ok()).cloned().collect()
    }

    /// Checks a raid on `from`'s hand, an optional ability: Queen Morgause
    /// ("guardare le carte della mano di un avversario e prenderne una") or
    /// Sir Breunis ("costringere un giocatore a scartare una carta a caso").
    pub(super) fn check_raid(&self, t: &Turn, card: &str, from: Seat) -> Res<()> {
        abilities_open(t)?;
        match self.where_is(card) {
            Some((s, _)) if s == t.seat => {}
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        }
        if !matches!(card, MORGAUSE | BREUNIS) {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        if t.used.iter().any(|c| c == card) {
            return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
        }
        self.seat_ok(from)?;
        if from == t.seat {
            return Err(err(LegendsError::WrongTarget { card: card.to_string() }));
        }
        if self.players[from.index()].hand == 0 {
            return Err(err(LegendsError::NothingToRaid { card: card.to_string() }));
        }
        Ok(())
    }

    /// A raid's counts: the hand raided loses a card; Morgause's player
    /// takes it (discarded over five) and she is discarded; Sir Breunis
    /// goes back to his player's hand (discarded over five).
    pub(super) fn apply_raid(&mut self, seat: Seat, card: &str, from: Seat) {
        if let Phase::Turn(t) = &mut self.phase {
            t.used.push(card.to_string());
        }
        if let Some(p) = self.players.get_mut(from.index()) {
            p.hand = p.hand.saturating_sub(1);
        }
        let back = card == BREUNIS;
        if let Some((_, l)) = self.where_is(card) {
            self.take_off(card, l);
        }
        let room = self.players.get(seat.index()).is_some_and(|p| p.hand < super::HAND);
        if room {
            // Morgause's card taken, or Sir Breunis himself.
            self.players[seat.index()].hand += 1;
        }
        if !back || !room {
            self.character_discard.push(card.to_string());
        }
    }

    /// Checks Sir Dagonet's play: laid from the hand as an action, "alla
    /// Compagnia di qualsiasi altro giocatore, rimpiazzando così un altro
    /// Personaggio"; no protection but Siege Perilous' stops him (his text
    /// influences no one). Gives his player.
    pub(super) fn check_replace(&self, target: &str) -> Res<Seat> {
        // Sir Dagonet bid takes the place of a character bid.
        if let Some(seat) = self.auction.as_ref().and_then(|a| a.dagonet) {
            let bid = self.auction.as_ref().is_some_and(|a| a.bids.iter().flatten().any(|c| c == target));
            return if bid { Ok(seat) } else { Err(err(LegendsError::NotBid { card: target.to_string() })) };
        }
        // Nobody is played on the Isle of Avalon, in another's place either.
        if self.where_is(target).is_some_and(|(_, l)| l == Location::IsleOfAvalon) {
            return Err(err(LegendsError::IsleNoPlay));
        }
        let own = matches!(&self.phase, Phase::Turn(t) if self.where_is(target).is_some_and(|(s, _)| s == t.seat));
        if target == WHITE_KNIGHT && own {
            return self.check_successor();
        }
        let seat = self.acting()?.seat;
        if self.lunete_only().is_some() {
            return Err(err(LegendsError::NoActionLeft));
        }
        match self.laid.as_deref() {
            Some(DAGONET) => {}
            Some(other) => return Err(err(LegendsError::NoAbility { card: other.to_string() })),
            None => return Err(err(LegendsError::NothingLaid)),
        }
        self.check_character(seat, DAGONET)?;
        match self.where_is(target) {
            Some((s, _)) if s != seat => {}
            _ => return Err(err(LegendsError::WrongTarget { card: DAGONET.to_string() })),
        }
        if self.wards.iter().any(|w| w.card == target && w.by == super::abilities::SIEGE_PERILOUS) {
            let by = super::Protection::SiegePerilous;
            return Err(err(LegendsError::Protected { card: target.to_string(), by }));
        }
        Ok(seat)
    }

    /// Checks the White Knight's text, an optional ability: "Puoi
    /// sostituire il Cavaliere Bianco con un altro Cavaliere dalla tua mano
    /// senza spendere azioni". Siege Perilous' knight "non può essere
    /// scartato", so a White Knight it wards stays. Gives his player.
    fn check_successor(&self) -> Res<Seat> {
        let t = self.turn_open()?;
        abilities_open(t)?;
        let Some(card) = self.laid.as_deref() else { return Err(err(LegendsError::NothingLaid)) };
        if !self.speaks(WHITE_KNIGHT) {
            return Err(err(LegendsError::Silenced { card: WHITE_KNIGHT.to_string() }));
        }
        if self.wards.iter().any(|w| w.card == WHITE_KNIGHT && w.by == super::abilities::SIEGE_PERILOUS) {
            let by = super::Protection::SiegePerilous;
            return Err(err(LegendsError::Protected { card: WHITE_KNIGHT.to_string(), by }));
        }
        self.check_character(t.seat, card)?;
        if !self.is_knight(card) {
            return Err(err(LegendsError::NotAKnight { card: card.to_string() }));
        }
        Ok(t.seat)
    }

    /// The characters the card laid may replace now: Sir Dagonet another
    /// player's, a knight the player's own White Knight.
    pub(super) fn replace_targets(&self) -> Vec<String> {
        if let Some(a) = self.auction.as_ref().filter(|a| a.dagonet.is_some()) {
            return a.bids.iter().flatten().cloned().collect();
        }
        if self.laid.is_none() {
            return Vec::new();
        }
        let on = self.places.iter().flat_map(|p| p.companies.iter().flatten());
        on.filter(|c| self.check_replace(c).is_ok()).cloned().collect()
    }

    /// Sir Dagonet takes `target`'s place and special cards ("ne acquisisce
    /// le eventuali Carte Speciali"), as an action; or a knight takes the
    /// White Knight's ("dai tutte le sue Carte Speciali al nuovo
    /// Cavaliere"), spending none. `target` is discarded, with the other of
    /// the Love Potion's pair.
    pub(super) fn apply_replace(&mut self, seat: Seat, card: &str, target: &str) {
        // In a bidding: "prendendone il posto a tutti gli effetti", in the
        // bid of whoever bid the character replaced.
        let n = self.players().max(1);
        if let Some(a) = self.auction.as_mut().filter(|a| a.dagonet.is_some()) {
            for c in a.bids.iter_mut().flatten().filter(|c| *c == target) {
                *c = card.to_string();
            }
            a.dagonet = None;
            a.passes = 0;
            a.to = super::full::next_bidder(a, n);
            self.character_discard.push(target.to_string());
            return;
        }
        let action = self.where_is(target).is_none_or(|(s, _)| s != seat);
        let partners: Vec<String> = self.with_partners(&[target.to_string()]).into_iter().skip(1).collect();
        for c in &partners {
            if let Some((_, l)) = self.where_is(c) {
                self.take_off(c, l);
            }
            self.character_discard.push(c.clone());
        }
        for holder in self.specials.values_mut().filter(|h| *h == target) {
            *holder = card.to_string();
        }
        for place in &mut self.places {
            for member in place.companies.iter_mut().flatten().filter(|m| *m == target) {
                *member = card.to_string();
            }
        }
        self.wards.retain(|w| w.card != target);
        self.character_discard.push(target.to_string());
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.hand = p.hand.saturating_sub(1);
        }
        self.laid = None;
        if let Phase::Turn(t) = &mut self.phase {
            if action {
                t.actions += 1;
                t.lunete = None;
                t.ettard = false;
            }
        }
    }

    /// Checks Hellawes' text, an optional ability: "Finché si trova nella
    /// Foresta, puoi scartare Hellawes ed una carta dalla tua mano per
    /// ripescare un Personaggio dalla pila degli scarti". The card discarded
    /// from the hand is in the pile, so there is always one to take.
    pub(super) fn check_recall(&self, t: &Turn, card: &str) -> Res<()> {
        abilities_open(t)?;
        let location = match self.where_is(card) {
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        if card != HELLAWES {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        if location != Location::PerilousForest {
            return Err(err(LegendsError::NotInForest { card: card.to_string() }));
        }
        if self.players[t.seat.index()].hand == 0 {
            return Err(err(LegendsError::HandEmpty));
        }
        Ok(())
    }

    /// Hellawes leaves the table; the hand gives one card to the pile and
    /// takes one back, so its count stays.
    pub(super) fn apply_recall(&mut self, card: &str) {
        if let Phase::Turn(t) = &mut self.phase {
            t.used.push(card.to_string());
        }
        if let Some((_, l)) = self.where_is(card) {
            self.take_off(card, l);
        }
        self.character_discard.push(card.to_string());
    }

    /// Checks Dame Bragwaine's text, an optional ability: "Finché si trova
    /// in una locazione principale, può immediatamente trasportare uno dei
    /// tuoi Cavalieri in quella stessa locazione". The knight moves (Lady
    /// Ettard's spell holds him, Sir Alisander guards the Forest); gives
    /// where he comes from and where he goes.
    pub(super) fn check_summon(&self, t: &Turn, card: &str, target: &str) -> Res<(Location, Location)> {
        abilities_open(t)?;
        let to = match self.where_is(card) {
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: card.to_string() })),
        };
        if card != BRAGWAINE {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        if !self.speaks(card) {
            return Err(err(LegendsError::Silenced { card: card.to_string() }));
        }
        if t.used.iter().any(|c| c == card) {
            return Err(err(LegendsError::AbilityUsed { card: card.to_string() }));
        }
        if !to.is_main() {
            return Err(err(LegendsError::NotAtMain { card: card.to_string() }));
        }
        let from = match self.where_is(target) {
            Some((s, Location::IsleOfAvalon)) if s == t.seat => {
                return Err(err(LegendsError::IsleStay { card: target.to_string() }))
            }
            Some((s, l)) if s == t.seat => l,
            _ => return Err(err(LegendsError::NotYours { card: target.to_string() })),
        };
        if !self.is_knight(target) {
            return Err(err(LegendsError::NotAKnight { card: target.to_string() }));
        }
        if from == to {
            return Err(err(LegendsError::SameLocation));
        }
        let cards = [target.to_string()];
        self.check_bewitched(&cards)?;
        self.check_guard(t.seat, &cards, to)?;
        if !self.room(t.seat, to, 1) {
            return Err(err(LegendsError::CompanyFull { location: to }));
        }
        Ok((from, to))
    }

    /// The knights Dame Bragwaine may bring now.
    pub(super) fn summons(&self, t: &Turn) -> Vec<String> {
        let mine = self.open_places().into_iter().flat_map(|l| self.company(t.seat, l).iter());
        mine.filter(|c| self.check_summon(t, BRAGWAINE, c).is_ok()).cloned().collect()
    }

    /// The knight moves beside Dame Bragwaine, spending no action; she is
    /// discarded at the end of the turn.
    pub(super) fn apply_summon(&mut self, seat: Seat, card: &str, target: &str, from: Location, to: Location) {
        if let Some(c) = self.company_mut(seat, from) {
            c.retain(|x| x != target);
        }
        if let Some(c) = self.company_mut(seat, to) {
            c.push(target.to_string());
        }
        if let Phase::Turn(t) = &mut self.phase {
            t.used.push(card.to_string());
            t.to_discard.push(card.to_string());
        }
    }

    /// Whether completing `event` at `location` opens Sir Balin's offer:
    /// his company completed a location event at a main location, which is
    /// not discarded at once ("non può essere usata con eventi che debbano
    /// essere scartati al loro completamento").
    pub(super) fn balin_offer(&self, seat: Seat, event: &str, location: Location, spent: bool) -> bool {
        let location_event =
            self.facts.events.get(event).is_some_and(|f| f.event_type == super::cards::EventType::Location);
        !spent
            && location_event
            && location.is_main()
            && self.company(seat, location).iter().any(|c| c == BALIN)
            && self.speaks(BALIN)
    }

    /// Checks Sir Balin's sacrifice: "puoi scegliere di scartare sia Ser
    /// Balin che la Carta Evento", right after his company completes the
    /// event (any other command closes the offer). Siege Perilous' knight
    /// "non può essere scartato". Gives the event.
    pub(super) fn check_renounce(&self, t: &Turn, card: &str) -> Res<String> {
        if card != BALIN {
            return Err(err(LegendsError::NoAbility { card: card.to_string() }));
        }
        let Some(event) = t.balin.clone() else { return Err(err(LegendsError::RenounceNotNow)) };
        if !self.players[t.seat.index()].zone.contains(&event) || !self.speaks(card) {
            return Err(err(LegendsError::RenounceNotNow));
        }
        if self.wards.iter().any(|w| w.card == card && w.by == super::abilities::SIEGE_PERILOUS) {
            let by = super::Protection::SiegePerilous;
            return Err(err(LegendsError::Protected { card: card.to_string(), by }));
        }
        Ok(event)
    }

    /// Sir Balin leaves the table (with the other of a Love Potion's pair)
    /// and his event leaves the zone; "tutti gli altri giocatori devono
    /// scartare una Carta Evento dalla propria Zona", clockwise from the
    /// next, those with one at least.
    pub(super) fn apply_renounce(&mut self, seat: Seat, card: &str, event: &str) {
        for c in self.with_partners(&[card.to_string()]) {
            if let Some((_, l)) = self.where_is(&c) {
                self.take_off(&c, l);
            }
            self.character_discard.push(c);
        }
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.zone.retain(|e| e != event);
        }
        self.discarded.push(event.to_string());
        let n = self.players();
        self.forfeits = (1..n)
            .map(|i| Seat(((seat.index() + i) % n) as u8))
            .filter(|s| !self.players[s.index()].zone.is_empty())
            .collect();
    }

    /// The player asked now to discard an event of their zone for Sir
    /// Balin's sacrifice.
    pub fn forfeit_due(&self) -> Option<Seat> {
        self.forfeits.first().copied()
    }

    /// An event leaves the asked player's zone.
    pub(super) fn apply_forfeit(&mut self, seat: Seat, event: &str) {
        if let Some(p) = self.players.get_mut(seat.index()) {
            p.zone.retain(|e| e != event);
        }
        self.discarded.push(event.to_string());
        self.forfeits.retain(|s| *s != seat);
    }

    /// The companies Sir Lambegus and Sir Priamus watch now: theirs, in an
    /// opponent's turn, while their text stands (Sir Lambegus' not in a
    /// bidding: "non può essere utilizzata durante un Evento di Asta").
    pub(super) fn rescue_watch(&self) -> Vec<Watch> {
        let Phase::Turn(t) = &self.phase else { return Vec::new() };
        let mut out = Vec::new();
        for by in [LAMBEGUS, PRIAMUS] {
            let Some((seat, location)) = self.where_is(by) else { continue };
            let priamus_spent = by == PRIAMUS && t.priamus;
            let bidding = by == LAMBEGUS && self.auction.is_some();
            if seat == t.seat || !self.speaks(by) || priamus_spent || bidding {
                continue;
            }
            let members = self.company(seat, location).iter().filter(|c| *c != by);
            let members = members.filter(|c| by == PRIAMUS || self.is_knight(c)).map(|c| Watched {
                card: c.clone(),
                specials: self.specials.iter().filter(|(_, h)| *h == c).map(|(s, _)| *s).collect(),
                discarded: self.character_discard.iter().filter(|d| *d == c).count(),
            });
            out.push(Watch { by, seat, location, members: members.collect() });
        }
        out
    }

    /// After an event: the members of a watched company it discarded are
    /// offered to Sir Lambegus (first: he acts "before" the discard) and
    /// Sir Priamus.
    pub(super) fn offer_rescues(&mut self, watch: Vec<Watch>) {
        for w in watch {
            if self.where_is(w.by).is_none() {
                continue;
            }
            for m in w.members {
                let now = self.character_discard.iter().filter(|d| **d == m.card).count();
                let discarded = self.where_is(&m.card).is_none() && now > m.discarded;
                if discarded && !self.rescues.iter().any(|r| r.card == m.card && r.by == w.by) {
                    let (seat, location) = (w.seat, w.location);
                    self.rescues.push(Rescue {
                        by: w.by.to_string(),
                        seat,
                        card: m.card,
                        location,
                        specials: m.specials,
                    });
                }
            }
        }
    }

    /// Checks that the first offer may be taken: Sir Priamus' player gives
    /// a card of the hand ("puoi scartare immediatamente una carta dalla
    /// mano"); Sir Lambegus takes the knight's place in the company.
    pub(super) fn check_rescue(&self, r: &Rescue) -> Res<()> {
        if self.where_is(&r.by).is_none() {
            return Err(err(LegendsError::NoRescue));
        }
        if r.by == PRIAMUS && self.players[r.seat.index()].hand == 0 {
            return Err(err(LegendsError::HandEmpty));
        }
        Ok(())
    }

    /// The first offer answered. Taken: Sir Priamus' character leaves the
    /// pile for the hand (a card of the hand goes there: the count stays);
    /// Sir Lambegus leaves the table and the knight comes back to his place
    /// with the special cards he held, if nobody holds them since.
    pub(super) fn apply_rescue(&mut self, taken: bool) {
        if self.rescues.is_empty() {
            return;
        }
        let r = self.rescues.remove(0);
        if taken {
            if let Some(i) = self.character_discard.iter().rposition(|c| *c == r.card) {
                self.character_discard.remove(i);
            }
            if r.by == PRIAMUS {
                if let Phase::Turn(t) = &mut self.phase {
                    t.priamus = true;
                }
            } else {
                if let Some((_, l)) = self.where_is(&r.by) {
                    self.take_off(&r.by, l);
                }
                self.character_discard.push(r.by.clone());
                if let Some(c) = self.company_mut(r.seat, r.location) {
                    c.push(r.card.clone());
                }
                for s in &r.specials {
                    self.specials.entry(*s).or_insert_with(|| r.card.clone());
                }
            }
        }
        let priamus_spent = matches!(&self.phase, Phase::Turn(t) if t.priamus);
        let on: Vec<bool> = self
            .rescues
            .iter()
            .map(|o| {
                self.where_is(&o.by).is_some()
                    && self.where_is(&o.card).is_none()
                    && !(o.by == PRIAMUS && priamus_spent)
            })
            .collect();
        let mut on = on.into_iter();
        self.rescues.retain(|_| on.next().unwrap_or(false));
    }

    /// The offer waiting for its answer.
    pub fn rescue(&self) -> Option<&Rescue> {
        self.rescues.first()
    }
}
