//! The characters' optional abilities that change a total for the turn
//! ("2. Usare il testo opzionale delle carte": the texts with "may", once a
//! turn each): who they act on, which skill, by how much, and who is
//! discarded at the end of the turn. Each is one entry of [`ability`],
//! read from the glossary (section III).
//!
//! The abilities that discard or move an opposing character (the threat
//! icon), take cards from hands, or move events are the table's to carry
//! out: Tavola keeps the board right through the host's corrections
//! ([`super::Command::Remove`], [`super::Command::Relocate`],
//! [`super::Command::GiveSpecial`]).

use super::cards::Skill;
use super::modifiers::Change;
use serde::{Deserialize, Serialize};

/// Who an ability acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The character itself.
    Own,
    /// Another member of its company who is a knight ("un Cavaliere nella
    /// sua stessa Compagnia").
    Knight,
}

/// Which skill it changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skills {
    /// This one.
    One(Skill),
    /// One of two, the player's choice.
    Either(Skill, Skill),
    /// Any one, the player's choice.
    Any,
    /// One other than Cunning (Sir Accolon adds his Cunning to "un'altra
    /// delle sue caratteristiche").
    NotCunning,
    /// Every skill at once.
    All,
}

/// By how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// A fixed addition.
    Add(i32),
    /// The value doubled, after every other modifier.
    Double,
    /// The user's own Cunning added (Sir Accolon).
    OwnCunning,
    /// The De Gales knights at the user's location, himself included (Sir
    /// Tor's X).
    DeGalesHere,
}

/// Who is discarded at the end of the turn for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    /// The user ("scarta ... alla fine del turno").
    User,
    /// The knight it acted on (Princess Guinevere).
    Target,
    /// Both (Princess Isolde, Nascien).
    Both,
}

/// One optional ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ability {
    /// Who it acts on.
    pub target: Target,
    /// Which skill.
    pub skills: Skills,
    /// By how much.
    pub effect: Effect,
    /// Who goes at the end of the turn.
    pub cost: Cost,
    /// Only with a female character in the user's company (Sir Pelleas).
    pub needs_lady: bool,
}

impl Ability {
    const fn new(target: Target, skills: Skills, effect: Effect, cost: Cost) -> Ability {
        Ability { target, skills, effect, cost, needs_lady: false }
    }

    /// Whether `skill` is one this ability may change (for
    /// [`Skills::All`], no choice is made: `None`).
    pub fn allows(&self, skill: Option<Skill>) -> bool {
        match (self.skills, skill) {
            (Skills::All, None) => true,
            (Skills::One(s), Some(k)) => s == k,
            (Skills::Either(a, b), Some(k)) => a == k || b == k,
            (Skills::Any, Some(_)) => true,
            (Skills::NotCunning, Some(k)) => k != Skill::Cunning,
            _ => false,
        }
    }

    /// The skills a player may choose among (empty: no choice, every
    /// skill at once).
    pub fn choices(&self) -> Vec<Skill> {
        Skill::ALL.into_iter().filter(|s| self.allows(Some(*s))).collect()
    }

    /// The change to make, given the user's Cunning now and the De Gales
    /// knights at its location.
    pub fn change(&self, own_cunning: i32, de_gales_here: i32) -> Change {
        match self.effect {
            Effect::Add(n) => Change::Add(n),
            Effect::Double => Change::Double,
            Effect::OwnCunning => Change::Add(own_cunning),
            Effect::DeGalesHere => Change::Add(de_gales_here),
        }
    }
}

/// A character's optional ability that changes a total, by its card id.
pub fn ability(card: &str) -> Option<Ability> {
    use Effect::*;
    use Skill::*;
    use Skills::*;
    use Target::*;
    let slug = card.strip_prefix("legends/character/")?;
    Some(match slug {
        // "+2 al Combattimento o +2 alla Cavalleria di un Cavaliere".
        "gareths-dwarf" => Ability::new(Knight, Either(Combat, Chivalry), Add(2), Cost::User),
        // "+2 al Combattimento o +2 alla Avventura di un Cavaliere".
        "gouvernail" => Ability::new(Knight, Either(Combat, Adventure), Add(2), Cost::User),
        // "raddoppiare ... Avventura di un Cavaliere": both go.
        "nascien" => Ability::new(Knight, One(Adventure), Double, Cost::Both),
        // "+1 ad una singola caratteristica di un Cavaliere": the knight
        // goes.
        "princess-guinevere" => Ability::new(Knight, Any, Add(1), Cost::Target),
        // "raddoppiare ... Combattimento di un Cavaliere": both go.
        "princess-isolde" => Ability::new(Knight, One(Combat), Double, Cost::Both),
        "sir-accolon" => Ability::new(Own, NotCunning, OwnCunning, Cost::User),
        "sir-bors" => Ability::new(Own, One(Psyche), Add(3), Cost::User),
        "sir-galahad" => Ability::new(Own, All, Add(1), Cost::User),
        "sir-gareth" => Ability::new(Own, One(Chivalry), Add(3), Cost::User),
        "sir-gawain" => Ability::new(Own, One(Combat), Add(3), Cost::User),
        // "+3 al valore di Diplomazia di un altro Cavaliere".
        "sir-lucan" => Ability::new(Knight, One(Diplomacy), Add(3), Cost::User),
        "sir-pelleas" => Ability { needs_lady: true, ..Ability::new(Own, Any, Add(2), Cost::User) },
        "sir-percival" => Ability::new(Own, One(Adventure), Add(3), Cost::User),
        "sir-sagramore" => Ability::new(Own, One(Combat), Double, Cost::User),
        "sir-tor" => Ability::new(Own, Any, DeGalesHere, Cost::User),
        _ => return None,
    })
}

/// Who a threat may strike ("Icona di Minaccia": an opposing character at
/// the same location).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Victim {
    /// Any opposing character.
    Anyone,
    /// An opposing knight.
    Knight,
    /// An opposing female character (Sir Peris).
    Lady,
    /// An opposing male character (Morgan le Fay).
    Man,
}

/// What a threat does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blow {
    /// Both are discarded ("scarta entrambi").
    Both,
    /// The one struck alone is discarded (Sir Lamorak "resta comunque in
    /// gioco").
    Struck,
    /// The victim joins the striker's company and the striker is discarded
    /// (Morgan le Fay).
    Lure,
    /// The victim goes under the striker, out of play, worth a victory point
    /// at the end; its player makes one action this turn (Sir Turquin).
    Capture,
}

/// A threat: an optional ability that strikes an opposing character at the
/// same location.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// Only while the striker stands here.
    pub only_at: Option<super::cards::Location>,
    /// Who it may strike.
    pub victim: Victim,
    /// The skills added up on both sides: the striker's sum must be higher
    /// than the victim's (none: no comparison).
    pub skills: &'static [Skill],
    /// What it does.
    pub blow: Blow,
}

/// A character's threat, by its card id (the glossary, section III).
pub fn threat(card: &str) -> Option<Threat> {
    use super::cards::Location::{Camelot, Cornwall, PerilousForest};
    use Blow::{Both, Capture, Lure, Struck};
    use Victim::{Anyone, Knight, Lady, Man};
    let t = |only_at, victim, skills, blow| Threat { only_at, victim, skills, blow };
    let slug = card.strip_prefix("legends/character/")?;
    Some(match slug {
        // "Fintanto che si trova a Camelot ... Cavalleria inferiore".
        "sir-kay" => t(Some(Camelot), Anyone, &[Skill::Chivalry], Both),
        // "un altro Cavaliere ... Combattimento inferiore"; he stays.
        "sir-lamorak" => t(None, Knight, &[Skill::Combat], Struck),
        // "valore combinato di Combattimento e Cavalleria inferiore".
        "sir-marhaus" => t(None, Knight, &[Skill::Combat, Skill::Chivalry], Both),
        // "valore combinato nelle caratteristiche Combattimento e Astuzia".
        "sir-mordred" => t(None, Knight, &[Skill::Combat, Skill::Cunning], Both),
        // "Fintanto che si trova in Cornovaglia ... Astuzia inferiore".
        "sir-andred" => t(Some(Cornwall), Knight, &[Skill::Cunning], Both),
        // "Finché si trova nella Foresta ... un Personaggio femminile".
        "sir-peris" => t(Some(PerilousForest), Lady, &[], Both),
        // "un Personaggio maschio ... Forza di Volontà inferiore": he joins
        // her company, she is discarded.
        "morgan-le-fay" => t(None, Man, &[Skill::Psyche], Lure),
        // "Fintanto che si trovi nella Foresta ... Cavaliere avversario ...
        // Combattimento inferiore": under him.
        "sir-turquin" => t(Some(PerilousForest), Knight, &[Skill::Combat], Capture),
        _ => return None,
    })
}

/// Sir Lamorak, discarded at the start of his player's turn with two
/// Orkney knights at his location.
pub const LAMORAK: &str = "legends/character/sir-lamorak";

/// Sir Agloval: once a turn, moving with another De Gales knight, both move
/// for free.
pub const AGLOVAL: &str = "legends/character/sir-agloval";

/// Sir Alisander: while he is in the Forest, no opposing knight moves there
/// without more Combat than his.
pub const ALISANDER: &str = "legends/character/sir-alisander";

/// Sir Turquin, who keeps the knights he captures under his card.
pub const TURQUIN: &str = "legends/character/sir-turquin";

/// Lady Lyonesse's ward: once a game, a knight of her company is untouched
/// by opposing characters while she is in play.
pub const LYONESSE: &str = "legends/character/lady-lyonesse";

/// Merlin: opposing characters with less Psyche than his touch neither him
/// nor his company.
pub const MERLIN: &str = "legends/character/merlin";

/// Siege Perilous: its completer's knight with the most Psyche at Camelot
/// cannot be discarded while the card is in that player's zone.
pub const SIEGE_PERILOUS: &str = "legends/event/siege-perilous";

#[cfg(test)]
mod tests {
    use super::*;

    fn of(slug: &str) -> Ability {
        ability(&format!("legends/character/{slug}")).expect(slug)
    }

    #[test]
    fn each_ability_acts_as_its_card_says() {
        // Sir Gawain: +3 to his own Combat, he goes at the end of the turn.
        let gawain = of("sir-gawain");
        assert_eq!((gawain.target, gawain.cost), (Target::Own, Cost::User));
        assert!(gawain.allows(Some(Skill::Combat)) && !gawain.allows(Some(Skill::Psyche)));
        assert_eq!(gawain.change(0, 0), Change::Add(3));
        // Princess Isolde doubles a knight's Combat and both go.
        let isolde = of("princess-isolde");
        assert_eq!((isolde.target, isolde.cost, isolde.change(0, 0)), (Target::Knight, Cost::Both, Change::Double));
        // Guinevere: any one skill of a knight, the knight goes.
        let guinevere = of("princess-guinevere");
        assert_eq!(guinevere.choices().len(), 6);
        assert_eq!(guinevere.cost, Cost::Target);
        // Gareth's Dwarf: Combat or Chivalry only.
        assert_eq!(of("gareths-dwarf").choices(), vec![Skill::Combat, Skill::Chivalry]);
        // Sir Accolon adds his Cunning to another skill, never Cunning.
        let accolon = of("sir-accolon");
        assert!(!accolon.allows(Some(Skill::Cunning)) && accolon.allows(Some(Skill::Combat)));
        assert_eq!(accolon.change(4, 0), Change::Add(4));
        // Sir Tor adds the De Gales knights at his location.
        assert_eq!(of("sir-tor").change(0, 3), Change::Add(3));
        // Sir Galahad: every skill at once, no choice.
        let galahad = of("sir-galahad");
        assert!(galahad.allows(None) && !galahad.allows(Some(Skill::Combat)));
        assert!(galahad.choices().is_empty());
        // Sir Pelleas needs a lady in his company.
        assert!(of("sir-pelleas").needs_lady && !gawain.needs_lady);
        // A king's bonus is always on, not an optional ability.
        assert!(ability("legends/character/king-lot").is_none());
    }
}
