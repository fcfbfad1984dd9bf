//! What a game asks before it starts, answered by its engine
//! ([`crate::Game::setup_spec`]): how many players the rules allow, what
//! each seat chooses, the seat the table names (who starts), the options and
//! what they allow together. The setup screen is built from this answer, as
//! the boards are built from [`crate::Game::legal`], and the engine turns
//! what the players chose ([`SetupAnswers`]) into its setup command
//! ([`crate::Game::setup_command`]); `decide` still judges that command.
//!
//! The spec is asked again after every change, with the answers so far: an
//! option can appear, or its note change, with what was chosen (the
//! youngest player is asked only when King Arthur is not at the table).

use crate::{CommonError, Ctx, Game, Msg, Named, RuleError, Said, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use tavola_words::msg;

/// Longest player name, in characters: what a seat's tile shows whole.
pub const NAME_CHARS: usize = 24;

/// What a game asks at setup, given the answers so far.
#[derive(Debug, Clone)]
pub struct SetupSpec {
    /// The players the rules allow.
    pub players: RangeInclusive<usize>,
    /// The players offered first: a usual table.
    pub usual: usize,
    /// What each seat chooses (a knight, a colour), if anything.
    pub seat_choice: Option<SeatChoice>,
    /// A seat the table names (who starts, the youngest), if one is asked
    /// now.
    pub seat_question: Option<SeatQuestion>,
    /// The options, in the order shown.
    pub options: Vec<SetupOption>,
    /// Cards laid in order at setup (the ring of locations), if any.
    pub laid: Option<LaidCards>,
    /// Numbers typed at setup (the Sheriff's path), if any.
    pub typed: Option<TypedField>,
    /// The table as chosen, in one line ("Good 3 · Evil 2"), if the game
    /// has one.
    pub summary: Option<Msg>,
    /// Advice that does not stop the game.
    pub warnings: Vec<Msg>,
    /// What the table as chosen means, line by line (each character and
    /// what it does, which side the set favours), for those who ask.
    pub details: Vec<Msg>,
    /// The start button's words.
    pub start: Msg,
}

impl SetupSpec {
    /// A setup of `players` (first offered: `usual`) that asks nothing
    /// more; the game fills in what it asks.
    pub fn new(players: RangeInclusive<usize>, usual: usize, start: Msg) -> SetupSpec {
        SetupSpec {
            players,
            usual,
            seat_choice: None,
            seat_question: None,
            options: Vec::new(),
            laid: None,
            typed: None,
            summary: None,
            warnings: Vec::new(),
            details: Vec::new(),
            start,
        }
    }
}

/// What each seat chooses.
#[derive(Debug, Clone)]
pub struct SeatChoice {
    /// The panel's title.
    pub title: Msg,
    /// What may be chosen, in the order offered.
    pub picks: Vec<Named>,
    /// A seat's choice, named for a screen reader ("Knight of seat 2").
    pub each: fn(Seat) -> Msg,
    /// Whether two seats may not choose the same.
    pub distinct: bool,
}

impl SeatChoice {
    /// Each seat one of the pawns' colours `all`, none twice.
    pub fn colours<C: Serialize + Said>(all: &[C]) -> SeatChoice {
        SeatChoice {
            title: msg!("setup.colours"),
            picks: all.iter().map(|c| Named::new(crate::code(c), c.msg())).collect(),
            distinct: true,
            each: |s| msg!("setup.colour_of_seat", seat = s.number()),
        }
    }
}

/// A seat the table names.
#[derive(Debug, Clone)]
pub struct SeatQuestion {
    /// The question.
    pub title: Msg,
    /// The answer "this seat", for a screen reader ("Seat 2 starts").
    pub each: fn(Seat) -> Msg,
    /// What no seat named means.
    pub unanswered: Unanswered,
}

impl SeatQuestion {
    /// Who starts, asked as `title`.
    pub fn who_starts(title: Msg, unanswered: Unanswered) -> SeatQuestion {
        SeatQuestion { title, each: |s| msg!("setup.seat_starts", seat = s.number()), unanswered }
    }
}

/// What a seat question left unanswered means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unanswered {
    /// The seat is drawn by lot.
    ByLot,
    /// Nothing: the engine refuses the setup until a seat is named.
    Refused,
    /// There is always an answer: the first seat until another is named.
    FirstSeat,
}

/// An option of the setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupOption {
    /// Its stable code, the key of its value in [`SetupAnswers::options`].
    pub code: &'static str,
    /// Its words.
    pub label: Msg,
    /// What the value chosen means, if it needs saying.
    pub note: Option<Msg>,
    /// What values it takes.
    pub kind: OptionKind,
    /// Its value until changed.
    pub default: i32,
}

/// The values an option takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// Off (0) or on (1).
    Toggle,
    /// One of these, by index.
    OneOf(Vec<Msg>),
    /// A number in `min..=max`; `step` is the big step beside ±1 (0: none).
    Count {
        /// Least value.
        min: i32,
        /// Greatest value.
        max: i32,
        /// The big step (cards counted by fives).
        step: i32,
    },
}

impl OptionKind {
    /// The values allowed.
    pub fn range(&self) -> RangeInclusive<i32> {
        match self {
            OptionKind::Toggle => 0..=1,
            OptionKind::OneOf(v) => 0..=(v.len().max(1) as i32 - 1),
            OptionKind::Count { min, max, .. } => *min..=*max,
        }
    }
}

/// Cards laid in order at setup, by touch or on the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaidCards {
    /// The panel's title.
    pub title: Msg,
    /// The cards that may be laid, in the order offered.
    pub cards: Vec<String>,
    /// How many make the whole.
    pub count: usize,
    /// What the table is told while it is not whole.
    pub hint: Msg,
}

/// Numbers typed at setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedField {
    /// The field's title.
    pub title: Msg,
    /// What the field shows empty.
    pub placeholder: Msg,
}

/// What the players chose so far. [`SetupAnswers::settle`] keeps it within
/// the spec after every change.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SetupAnswers {
    /// Players at the table.
    pub players: usize,
    /// Names by seat (empty: the seat's number); as long as the largest
    /// table, so that a name typed stays when the table shrinks and grows.
    pub names: Vec<String>,
    /// Each seat's choice, an index into [`SeatChoice::picks`].
    pub seats: Vec<usize>,
    /// The seat named ([`SetupSpec::seat_question`]); `None`: by lot.
    pub seat: Option<Seat>,
    /// The options' values by code.
    pub options: BTreeMap<String, i32>,
    /// The cards laid ([`SetupSpec::laid`]), in order.
    pub laid: Vec<String>,
    /// The numbers typed ([`SetupSpec::typed`]).
    pub typed: String,
}

impl SetupAnswers {
    /// The first answers of `G`'s setup: a usual table unless `players` is
    /// given, the first picks, every option as it comes.
    pub fn first<G: Game>(players: Option<usize>) -> SetupAnswers {
        let players = players.unwrap_or_else(|| G::setup_spec(&SetupAnswers::default()).usual);
        let mut a = SetupAnswers { players, ..SetupAnswers::default() };
        a.settle::<G>();
        a
    }

    /// An option's value (0 when it is not set).
    pub fn option(&self, code: &str) -> i32 {
        self.options.get(code).copied().unwrap_or(0)
    }

    /// The names of the seats at the table, trimmed.
    pub fn seated_names(&self) -> Vec<String> {
        self.names.iter().take(self.players).map(|n| n.trim().to_string()).collect()
    }

    /// Brings the answers within `G`'s spec: the players in range, a choice
    /// per seat (no two alike where the game says so), the seat named at
    /// the table, every option shown set and within its values, names cut
    /// to [`NAME_CHARS`].
    pub fn settle<G: Game>(&mut self) {
        // The spec may change with what is settled (an option appears):
        // twice is enough, as it only grows with answers already in range.
        for _ in 0..2 {
            let spec = G::setup_spec(self);
            self.players = self.players.clamp(*spec.players.start(), *spec.players.end());
            if self.names.len() < *spec.players.end() {
                self.names.resize(*spec.players.end(), String::new());
            }
            for n in &mut self.names {
                if n.chars().count() > NAME_CHARS {
                    *n = n.chars().take(NAME_CHARS).collect();
                }
            }
            match &spec.seat_choice {
                Some(choice) => settle_picks(&mut self.seats, self.players, choice),
                None => self.seats.clear(),
            }
            match &spec.seat_question {
                Some(q) => {
                    if self.seat.is_some_and(|s| s.index() >= self.players) {
                        self.seat = None;
                    }
                    if q.unanswered == Unanswered::FirstSeat && self.seat.is_none() {
                        self.seat = Some(Seat(0));
                    }
                }
                None => self.seat = None,
            }
            for o in &spec.options {
                let range = o.kind.range();
                let v = self.options.entry(o.code.to_string()).or_insert(o.default);
                *v = (*v).clamp(*range.start(), *range.end());
            }
            match &spec.laid {
                Some(l) => {
                    let mut seen = Vec::new();
                    self.laid.retain(|c| {
                        let keep = l.cards.contains(c) && !seen.contains(c) && seen.len() < l.count;
                        seen.push(c.clone());
                        keep
                    });
                }
                None => self.laid.clear(),
            }
        }
    }

    /// Sets the players at the table, within the rules.
    pub fn set_players<G: Game>(&mut self, players: usize) {
        self.players = players;
        self.settle::<G>();
    }

    /// Gives `seat` the next choice free (the next one at all where seats
    /// may choose alike).
    pub fn cycle<G: Game>(&mut self, seat: usize) {
        let Some(choice) = G::setup_spec(self).seat_choice else { return };
        let n = choice.picks.len();
        if seat >= self.seats.len() || n == 0 {
            return;
        }
        let now = self.seats[seat];
        let taken = |i: usize| choice.distinct && self.seats.iter().enumerate().any(|(s, &p)| s != seat && p == i);
        if let Some(next) = (1..=n).map(|d| (now + d) % n).find(|&i| !taken(i)) {
            self.seats[seat] = next;
        }
        self.settle::<G>();
    }

    /// Sets an option, within its values.
    pub fn set_option<G: Game>(&mut self, code: &str, value: i32) {
        self.options.insert(code.to_string(), value);
        self.settle::<G>();
    }

    /// Names the seat asked for (`None`: none, see [`Unanswered`]).
    pub fn set_seat<G: Game>(&mut self, seat: Option<Seat>) {
        self.seat = seat;
        self.settle::<G>();
    }

    /// Lays a card at the end of the cards laid, if it may be laid.
    pub fn lay<G: Game>(&mut self, card: &str) {
        self.laid.push(card.to_string());
        self.settle::<G>();
    }

    /// Takes back the last card laid.
    pub fn unlay(&mut self) {
        self.laid.pop();
    }

    /// What stops these answers from starting the game, in the players'
    /// words: the engine's own refusal of the setup command, but for the
    /// card facts it asks for (they are asked when the game starts).
    pub fn problem<G: Game>(&self) -> Option<RuleError> {
        let command = match G::setup_command(self) {
            Ok(c) => c,
            Err(e) => return Some(e),
        };
        match G::default().decide(&command, &mut Ctx::seeded(0)) {
            Ok(_) | Err(RuleError::Common(CommonError::FactsNeeded { .. })) => None,
            Err(e) => Some(e),
        }
    }
}

/// One pick per seat, within the picks, none taken twice where the game
/// says so (a repeated one moves on to the first one free).
fn settle_picks(seats: &mut Vec<usize>, players: usize, choice: &SeatChoice) {
    let n = choice.picks.len();
    if n == 0 {
        seats.clear();
        return;
    }
    seats.truncate(players);
    for p in seats.iter_mut() {
        *p %= n;
    }
    if choice.distinct {
        for i in 0..seats.len() {
            if seats[..i].contains(&seats[i]) {
                if let Some(free) = (0..n).find(|p| !seats.contains(p)) {
                    seats[i] = free;
                }
            }
        }
    }
    while seats.len() < players {
        let free = if choice.distinct { (0..n).find(|p| !seats.contains(p)) } else { Some(seats.len() % n) };
        seats.push(free.unwrap_or(0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameRng, Lang, Said};

    /// Runs `$check::<Engine>()` for every playable game of the list.
    macro_rules! each_engine {
        (playable { $( $Kind:ident($Engine:ty) = $id:literal, $title:literal, [$($alias:literal),*]; )* }
         coming { $($coming:tt)* }) => {
            fn engines() -> Vec<(&'static str, fn())> {
                vec![$(($id, check::<$Engine> as fn()),)*]
            }
        };
    }
    crate::games!(each_engine);

    /// Every message of the spec, nested ones included, in both catalogs.
    fn said_everywhere(spec: &SetupSpec) -> Result<(), String> {
        let mut all = vec![spec.start.clone()];
        all.extend(spec.summary.clone());
        all.extend(spec.warnings.iter().cloned());
        all.extend(spec.details.iter().cloned());
        if let Some(c) = &spec.seat_choice {
            all.extend([c.title.clone(), (c.each)(Seat(1))]);
            all.extend(c.picks.iter().map(|p| p.name.clone()));
        }
        if let Some(q) = &spec.seat_question {
            all.extend([q.title.clone(), (q.each)(Seat(1))]);
        }
        for o in &spec.options {
            all.push(o.label.clone());
            all.extend(o.note.clone());
            if let OptionKind::OneOf(v) = &o.kind {
                all.extend(v.iter().cloned());
            }
        }
        if let Some(l) = &spec.laid {
            all.extend([l.title.clone(), l.hint.clone()]);
        }
        if let Some(t) = &spec.typed {
            all.extend([t.title.clone(), t.placeholder.clone()]);
        }
        for lang in Lang::ALL {
            if let Some(m) = all.iter().find(|m| !lang.catalog().covers(m)) {
                return Err(format!("{} lacks {}", lang.code(), m.id));
            }
        }
        Ok(())
    }

    /// The answers kept within the spec, whatever was touched.
    fn within(a: &SetupAnswers, spec: &SetupSpec) -> Result<(), String> {
        if !spec.players.contains(&a.players) {
            return Err(format!("{} players", a.players));
        }
        if let Some(c) = &spec.seat_choice {
            if a.seats.len() != a.players || a.seats.iter().any(|&p| p >= c.picks.len()) {
                return Err(format!("seats {:?}", a.seats));
            }
            let distinct: std::collections::BTreeSet<_> = a.seats.iter().collect();
            if c.distinct && distinct.len() != a.seats.len() {
                return Err(format!("the same choice twice: {:?}", a.seats));
            }
        }
        if a.seat.is_some_and(|s| s.index() >= a.players) {
            return Err(format!("seat {:?} named at a table of {}", a.seat, a.players));
        }
        for o in &spec.options {
            if !o.kind.range().contains(&a.option(o.code)) {
                return Err(format!("{} = {}", o.code, a.option(o.code)));
            }
        }
        if a.names.iter().any(|n| n.chars().count() > NAME_CHARS) {
            return Err("a name longer than a tile shows".into());
        }
        Ok(())
    }

    /// One game's setup, touched at random as a table would: the answers
    /// stay within the spec, every message is in both catalogs, and
    /// whatever the screen would let start is accepted by the engine.
    fn check<G: Game>() {
        let mut rng = GameRng::seeded(7);
        let mut started = 0;
        for round in 0..400 {
            let mut a = SetupAnswers::first::<G>(None);
            for _ in 0..rng.below(12) {
                let spec = G::setup_spec(&a);
                match rng.below(7) {
                    0 => a.set_players::<G>(rng.below(12)),
                    1 => a.cycle::<G>(rng.below(a.players.max(1))),
                    2 => {
                        if let Some(o) = spec.options.get(rng.below(spec.options.len().max(1))) {
                            let r = o.kind.range();
                            a.set_option::<G>(
                                o.code,
                                *r.start() + rng.below((*r.end() - *r.start() + 1) as usize) as i32,
                            );
                        }
                    }
                    3 => a.set_seat::<G>((rng.below(3) > 0).then(|| Seat(rng.below(a.players) as u8))),
                    4 => {
                        if let Some(l) = &spec.laid {
                            a.lay::<G>(&l.cards[rng.below(l.cards.len())]);
                        }
                    }
                    5 => {
                        let seat = rng.below(a.names.len());
                        a.names[seat] = "N".repeat(rng.below(40));
                        a.settle::<G>();
                    }
                    _ => a.typed = ["", "3 4 5", "4, 2; 6", "x 3"][rng.below(4)].into(),
                }
            }
            let spec = G::setup_spec(&a);
            within(&a, &spec).unwrap_or_else(|e| panic!("{}, round {round}: {e} in {a:?}", G::KIND.id()));
            said_everywhere(&spec).unwrap_or_else(|e| panic!("{}: {e}", G::KIND.id()));
            if a.problem::<G>().is_none() {
                let command = G::setup_command(&a).expect("no problem: a command");
                match G::default().decide(&command, &mut Ctx::seeded(round)) {
                    Ok(events) => assert!(!events.is_empty(), "{}: a setup with no event", G::KIND.id()),
                    Err(RuleError::Common(CommonError::FactsNeeded { .. })) => {}
                    Err(e) => panic!("{}: the screen would start {a:?}, the engine refuses: {e}", G::KIND.id()),
                }
                started += 1;
            }
        }
        assert!(started > 20, "{}: only {started} of 400 setups could start", G::KIND.id());
    }

    #[test]
    fn every_setup_the_screen_can_start_is_one_the_engine_accepts() {
        for (id, check) in engines() {
            eprintln!("{id}");
            check();
        }
    }

    /// The players the spec offers are exactly the ones the engine takes.
    fn player_range<G: Game>() -> Result<(), String> {
        let spec = G::setup_spec(&SetupAnswers::first::<G>(None));
        let (low, high) = (*spec.players.start(), *spec.players.end());
        for n in [low.saturating_sub(1), low, high, high + 1] {
            let mut a = SetupAnswers::first::<G>(Some(n.clamp(low, high)));
            // Past the range, bypassing `settle` as a stored answer could.
            a.players = n;
            let picks = spec.seat_choice.as_ref().map_or(0, |c| c.picks.len());
            a.seats = (0..n).map(|i| i % picks.max(1)).collect();
            let refused = match G::setup_command(&a) {
                Err(e) => Some(e),
                Ok(c) => G::default().decide(&c, &mut Ctx::seeded(1)).err(),
            };
            let count = refused.as_ref().is_some_and(|e| e.code().ends_with("_count"));
            if count == spec.players.contains(&n) {
                return Err(format!("{n} players: {refused:?}"));
            }
        }
        Ok(())
    }

    #[test]
    fn the_players_offered_are_the_players_the_rules_allow() {
        macro_rules! ranges {
            (playable { $( $Kind:ident($Engine:ty) = $id:literal, $title:literal, [$($alias:literal),*]; )* }
             coming { $($coming:tt)* }) => {
                $( player_range::<$Engine>().unwrap_or_else(|e| panic!("{}: {e}", $id)); )*
            };
        }
        crate::games!(ranges);
    }

    #[test]
    fn a_finished_avalon_setup_is_chosen_again_as_it_was() {
        use crate::avalon::{Avalon, Command};
        let mut a = SetupAnswers::first::<Avalon>(Some(8));
        for (code, v) in [("percival", 1), ("morgana", 1), ("lancelot", 2), ("lady", 1), ("scan_roles", 1)] {
            a.set_option::<Avalon>(code, v);
        }
        a.names[2] = "Viviana".into();
        let Ok(Command::Setup(setup)) = Avalon::setup_command(&a) else { panic!("a setup") };
        let again = Avalon::answers_of(&setup);
        assert_eq!(Avalon::setup_command(&again), Ok(Command::Setup(setup)));
        assert_eq!(again.names[2], "Viviana");
    }

    #[test]
    fn a_long_name_is_cut_to_what_a_tile_shows() {
        let mut a = SetupAnswers::first::<crate::nottingham::Nottingham>(None);
        a.names[0] = "Guinevere".repeat(20);
        a.settle::<crate::nottingham::Nottingham>();
        assert_eq!(a.names[0].chars().count(), NAME_CHARS);
        assert!(a.names[0].starts_with("GuinevereGuinevere"));
    }

    #[test]
    fn shields_and_colours_are_never_taken_twice_and_a_knight_cycles_to_a_free_one() {
        use crate::soc::Soc;
        let mut a = SetupAnswers::first::<Soc>(Some(7));
        assert_eq!(a.seats, vec![0, 1, 2, 3, 4, 5, 6]);
        // Seven of eight knights seated: the one free is Bedivere.
        a.cycle::<Soc>(0);
        assert_eq!(a.seats[0], 7);
        // Without Arthur the youngest is asked, and the engine waits for it.
        let spec = Soc::setup_spec(&a);
        assert!(spec.seat_question.is_some());
        assert_eq!(a.problem::<Soc>().map(|e| e.code()), Some("soc.name_the_youngest".into()));
        a.set_seat::<Soc>(Some(Seat(3)));
        assert_eq!(a.problem::<Soc>(), None);
    }

    #[test]
    fn a_word_in_the_path_is_refused_in_the_players_words() {
        use crate::nottingham::Nottingham;
        let mut a = SetupAnswers::first::<Nottingham>(None);
        a.typed = "4 tre 5".into();
        let e = a.problem::<Nottingham>().expect("a word");
        assert!(Lang::It.text(&e.msg()).contains("tre"), "{}", Lang::It.text(&e.msg()));
        a.typed = "4 3, 5;2".into();
        let Ok(crate::nottingham::Command::Setup(s)) = Nottingham::setup_command(&a) else { panic!("a setup") };
        assert_eq!(s.facts.path, vec![4, 3, 5, 2]);
    }
}
