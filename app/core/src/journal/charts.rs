//! The history in pictures: what the history page's charts draw, computed
//! from the finished games.
//!
//! [`Journal::chart_games`] reads each finished game once into a
//! [`ChartGame`] (who won, what each seat played and whether it won, how
//! long it lasted), from the summary its engine gave of it when it ended
//! ([`crate::games::Summary`]); the functions below are pure and turn a list of them
//! into one chart's figures: the wins of each side (or winner) over the
//! sequence of games, the win rate of each character, knight or colour and
//! of each named player, and the games' lengths.
//!
//! Nothing is cached but each game's summary, kept in the journal when the
//! game ends: the page asks when it opens, never at start-up.

use super::{GameInfo, Journal, Result};
use crate::games::{GameKind, Lang, Msg, Named, Seat, Summary};
use tavola_words::msg;

/// What a chart writes for a row or a bar: a player's name as written, or
/// words in the session's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Label {
    /// A player's name.
    Name(String),
    /// Words from the catalogs.
    Said(Msg),
}

impl Label {
    /// The words in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Label::Name(n) => n.clone(),
            Label::Said(m) => lang.text(m),
        }
    }
}

/// Something a seat played or was (a character, a knight, a colour, a
/// named player) and whether it won that game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// Groups the same part across games (a role's or a knight's code, a
    /// name in lower case).
    pub code: String,
    /// What the chart writes.
    pub label: Label,
    /// Won, lost, or not known (a game whose loyalty cards Tavola never
    /// read).
    pub won: Option<bool>,
    /// The side the part belongs to by its card (a character's), if it
    /// has one.
    pub side: Option<String>,
}

impl Part {
    fn said(named: &Named) -> Part {
        Part { code: named.code.clone(), label: Label::Said(named.name.clone()), won: None, side: None }
    }
}

/// One finished game, as the charts read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartGame {
    /// Which game.
    pub kind: GameKind,
    /// Whole minutes from its start to its end; `None` when the clock ran
    /// backwards (a Pi without a clock battery).
    pub minutes: Option<u32>,
    /// The sides the game is won by, in the order the wins chart draws
    /// them (empty for a game the players win on their own).
    pub sides: Vec<Part>,
    /// The row of the wins chart it counts for: a side (`good`, `evil`),
    /// or the winning player, or `shared`.
    pub winner: Option<Part>,
    /// What each seat played: the characters, the knights, the colours.
    /// A part played by several seats (the loyal servants) is listed once.
    pub parts: Vec<Part>,
    /// The named players.
    pub players: Vec<Part>,
}

/// The most rows the wins chart draws; more winners share an "others" row.
/// Four rows of names on two lines fit under a two-line headline at 800×480.
pub const MAX_ROWS: usize = 4;

/// The wins of each side or winner, over the sequence of games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinsChart {
    /// The rows, top to bottom, with their wins over all the games.
    pub rows: Vec<(Part, usize)>,
    /// For each game drawn, oldest first, the row it was won by (`None`:
    /// a game whose winner Tavola does not know, drawn as an empty column).
    pub points: Vec<Option<usize>>,
    /// The number, counted from 1, of the first game drawn.
    pub first: usize,
    /// All the games of that kind.
    pub games: usize,
    /// The rows are the game's sides (drawn even before a side has won),
    /// not its winning players.
    pub sided: bool,
}

/// One bar: a part's games and wins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateBar {
    /// The part.
    pub code: String,
    /// What the bar is labelled.
    pub label: Label,
    /// Games with this part whose result is known.
    pub played: usize,
    /// Of those, won.
    pub won: usize,
    /// The side the part belongs to by its card, if it has one.
    pub side: Option<String>,
}

impl RateBar {
    /// Won over played.
    pub fn rate(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            self.won as f64 / self.played as f64
        }
    }
}

/// The games' lengths, over the sequence of games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LengthChart {
    /// Minutes of each game drawn, oldest first (`None`: not known).
    pub minutes: Vec<Option<u32>>,
    /// The number, counted from 1, of the first game drawn.
    pub first: usize,
    /// The median over all the games of that kind whose length is known
    /// (the lower middle one for an even count).
    pub median: Option<u32>,
    /// The longest game drawn (the top of the scale).
    pub longest: u32,
}

/// Each game that has finished games, with how many, in the registry's
/// order.
pub fn kinds_played(games: &[ChartGame]) -> Vec<(GameKind, usize)> {
    GameKind::ALL
        .into_iter()
        .map(|k| (k, games.iter().filter(|g| g.kind == k).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// The wins of each side (or winning player) in `kind`'s games, the last
/// `last` of them drawn in order.
pub fn wins_over_time(games: &[ChartGame], kind: GameKind, last: usize) -> WinsChart {
    let of_kind: Vec<&ChartGame> = games.iter().filter(|g| g.kind == kind).collect();
    // A game won by sides draws them all, even a side that never won.
    let sides = of_kind.iter().map(|g| &g.sides).find(|s| !s.is_empty());
    let mut rows: Vec<(Part, usize)> = sides.into_iter().flatten().map(|p| (p.clone(), 0)).collect();
    let fixed = !rows.is_empty();
    for g in &of_kind {
        let Some(w) = &g.winner else { continue };
        match rows.iter_mut().find(|(p, _)| p.code == w.code) {
            Some(row) => row.1 += 1,
            None if !fixed => rows.push((Part { won: None, ..w.clone() }, 1)),
            None => {}
        }
    }
    if !fixed {
        // Most wins first; the same number of wins in the order first won.
        rows.sort_by_key(|r| std::cmp::Reverse(r.1));
        if rows.len() > MAX_ROWS {
            let others: usize = rows[MAX_ROWS - 1..].iter().map(|r| r.1).sum();
            rows.truncate(MAX_ROWS - 1);
            let label = Label::Said(msg!("ui.chart.others"));
            rows.push((Part { code: String::new(), label, won: None, side: None }, others));
        }
    }
    let first = of_kind.len().saturating_sub(last);
    let points = of_kind[first..]
        .iter()
        .map(|g| {
            let w = g.winner.as_ref()?;
            // A winner past the rows drawn is among the others (the last row).
            rows.iter().position(|(p, _)| p.code == w.code).or((!fixed).then(|| rows.len() - 1))
        })
        .collect();
    WinsChart { rows, points, first: first + 1, games: of_kind.len(), sided: fixed }
}

fn rates(games: &[ChartGame], kind: GameKind, parts: impl Fn(&ChartGame) -> &[Part]) -> Vec<RateBar> {
    let mut bars: Vec<RateBar> = Vec::new();
    for g in games.iter().filter(|g| g.kind == kind) {
        for p in parts(g) {
            let Some(won) = p.won else { continue };
            let i = match bars.iter().position(|b| b.code == p.code) {
                Some(i) => i,
                None => {
                    let (code, label, side) = (p.code.clone(), p.label.clone(), p.side.clone());
                    bars.push(RateBar { code, label, played: 0, won: 0, side });
                    bars.len() - 1
                }
            };
            bars[i].played += 1;
            bars[i].won += usize::from(won);
        }
    }
    // Most played first; the same count in the order first seen.
    bars.sort_by_key(|b| std::cmp::Reverse(b.played));
    bars
}

/// The win rate of each character, knight or colour in `kind`'s games
/// (only the games where Tavola knows who won with it).
pub fn win_rates(games: &[ChartGame], kind: GameKind) -> Vec<RateBar> {
    rates(games, kind, |g| &g.parts)
}

/// The win rate of each named player in `kind`'s games.
pub fn player_rates(games: &[ChartGame], kind: GameKind) -> Vec<RateBar> {
    rates(games, kind, |g| &g.players)
}

/// The lengths of `kind`'s games, the last `last` of them drawn in order.
pub fn lengths(games: &[ChartGame], kind: GameKind, last: usize) -> LengthChart {
    let all: Vec<Option<u32>> = games.iter().filter(|g| g.kind == kind).map(|g| g.minutes).collect();
    let mut known: Vec<u32> = all.iter().flatten().copied().collect();
    known.sort_unstable();
    let median = (!known.is_empty()).then(|| known[(known.len() - 1) / 2]);
    let first = all.len().saturating_sub(last);
    let minutes = all[first..].to_vec();
    let longest = minutes.iter().flatten().copied().max().unwrap_or(0);
    LengthChart { minutes, first: first + 1, median, longest }
}

impl Journal {
    /// Every finished game as the charts read it, oldest first.
    pub fn chart_games(&self) -> Result<Vec<ChartGame>> {
        Ok(self.finished_games()?.iter().map(|(info, summary)| chart_game(info, summary.as_ref())).collect())
    }
}

/// The name at `seat`, when the seat was named.
fn named(info: &GameInfo, seat: usize) -> Option<&str> {
    info.players.get(seat).map(|n| n.trim()).filter(|n| !n.is_empty())
}

/// One finished game, from its row and its engine's summary (`None`: the
/// stored events no longer make a finished game; only its players and its
/// length are drawn).
pub fn chart_game(info: &GameInfo, summary: Option<&Summary>) -> ChartGame {
    let minutes = info
        .ended_at
        .and_then(|end| u32::try_from((end - info.started_at) / 60_000).ok().filter(|_| end >= info.started_at));
    let winners: Option<&Vec<Seat>> = info.result.as_ref().and_then(|r| r.winners.as_ref());
    let seat_won = |i: usize| winners.map(|w| w.iter().any(|s| s.index() == i));
    let mut players: Vec<Part> = Vec::new();
    for i in 0..info.players.len() {
        if let Some(name) = named(info, i) {
            let code = name.to_lowercase();
            if !players.iter().any(|p| p.code == code) {
                players.push(Part { code, label: Label::Name(name.into()), won: seat_won(i), side: None });
            }
        }
    }
    let Some(summary) = summary else {
        return ChartGame { kind: info.kind, minutes, sides: Vec::new(), winner: None, parts: Vec::new(), players };
    };
    // What the seats played, each part once.
    let mut parts: Vec<Part> = Vec::new();
    for p in &summary.parts {
        if !parts.iter().any(|q| q.code == p.part.code) {
            parts.push(Part { won: p.won, side: p.card_side.clone(), ..Part::said(&p.part) });
        }
    }
    let sides: Vec<Part> = summary.sides.iter().map(Part::said).collect();
    let winner = if sides.is_empty() {
        // Won by players: the winner by name (or by what they played).
        summary.winners.as_ref().map(|w| match w.as_slice() {
            [one] => match (named(info, one.index()), summary.part_of(*one)) {
                (Some(name), _) => {
                    Part { code: name.to_lowercase(), label: Label::Name(name.into()), won: None, side: None }
                }
                (None, Some(p)) => Part::said(&p.part),
                (None, None) => {
                    Part { code: one.to_string(), label: Label::Name(one.to_string()), won: None, side: None }
                }
            },
            _ => Part { code: "shared".into(), label: Label::Said(msg!("ui.chart.shared")), won: None, side: None },
        })
    } else {
        summary.side.as_ref().and_then(|c| sides.iter().find(|p| &p.code == c)).cloned()
    };
    ChartGame { kind: info.kind, minutes, sides, winner, parts, players }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::avalon::{self, Avalon, Command, MissionCard, Role, RoleSet, Side};
    use crate::games::{soc, AnyEvent, Game, GameEvent};
    use crate::journal::{GameId, GameMeta, GameResult};
    use rusqlite::params;

    const NAMES: [&str; 5] = ["Anna", "Bruno", "Carla", "Dario", "Elena"];

    fn setup(scan_roles: bool) -> Command {
        Command::Setup(avalon::Setup {
            names: NAMES.iter().map(|s| s.to_string()).collect(),
            roles: RoleSet::standard(5, &[]).expect("five players"),
            scan_roles,
            first_leader: Some(Seat(0)),
            options: Default::default(),
        })
    }

    /// Three missions won by good, then the Assassin names the wrong
    /// player (Tavola does not know the characters: the table confirms).
    fn good_wins() -> Vec<Command> {
        let mut cmds = vec![setup(false), Command::EndNight];
        for size in [2u8, 3, 2] {
            let team: Vec<Seat> = (0..size).map(Seat).collect();
            cmds.push(Command::ProposeTeam { team: team.clone(), mission: None, excalibur: None });
            cmds.extend((0..5).map(|s| Command::Vote { seat: Seat(s), approve: true }));
            cmds.extend(team.iter().map(|&seat| Command::PlayMission { seat, card: MissionCard::Success }));
        }
        cmds.push(Command::Assassinate { target: Seat(4) });
        cmds.push(Command::ConfirmMerlin { was_merlin: false });
        cmds
    }

    /// The characters tapped (Anna Merlin, Bruno and Carla loyal servants,
    /// Dario the Assassin, Elena a minion), then five rejected teams.
    fn evil_wins() -> Vec<Command> {
        let roles = RoleSet::standard(5, &[]).expect("five players");
        let mut cmds = vec![setup(true)];
        let mut taps: Vec<Role> = roles.roles().to_vec();
        taps.sort_by_key(|r| r.side() != Side::Good);
        for (i, r) in taps.iter().enumerate() {
            let card = if r.is_unique() {
                format!("avalon/role/{}", r.slug())
            } else {
                format!("avalon/role/{}-{}", r.slug(), i)
            };
            cmds.push(Command::RoleCard { card });
        }
        cmds.push(Command::EndNight);
        for _ in 0..5 {
            cmds.push(Command::ProposeTeam { team: vec![Seat(0), Seat(1)], mission: None, excalibur: None });
            cmds.extend((0..5).map(|s| Command::Vote { seat: Seat(s), approve: false }));
        }
        cmds
    }

    fn play<G: Game>(commands: &[G::Command], wrap: fn(G::Event) -> AnyEvent) -> Vec<Vec<AnyEvent>> {
        let mut rng = crate::games::Ctx::seeded(7);
        let mut game = G::default();
        let mut entries = Vec::new();
        for c in commands {
            let events = game.execute(c, &mut rng).unwrap_or_else(|e| panic!("{c:?} refused: {e:?}"));
            let stored: Vec<AnyEvent> = events.into_iter().filter(|e| !e.is_transient()).map(wrap).collect();
            if !stored.is_empty() {
                entries.push(stored);
            }
        }
        entries
    }

    /// Stores a played game as finished, lasting `minutes`.
    fn store(j: &mut Journal, kind: GameKind, entries: &[Vec<AnyEvent>], result: GameResult, minutes: i64) -> GameId {
        let id = j.begin_game(kind, &GameMeta::from_events(&entries[0], None)).expect("begin");
        for e in entries {
            j.append(id, e).expect("append");
        }
        j.finish_game(id, &result).expect("finish");
        let start = 1_700_000_000_000 + id.0 * 86_400_000;
        j.conn()
            .execute(
                "UPDATE games SET started_at = ?1, ended_at = ?2 WHERE id = ?3",
                params![start, start + minutes * 60_000 + 59_000, id.0],
            )
            .expect("times");
        id
    }

    fn avalon_game(j: &mut Journal, commands: &[Command], minutes: i64) {
        let entries = play::<Avalon>(commands, AnyEvent::Avalon);
        let result = GameResult::from_events(&entries.concat()).expect("the game ended");
        store(j, GameKind::Avalon, &entries, result, minutes);
    }

    /// Arthur, Galahad and Gawain set up, then the swords counted: the
    /// traitor (Gawain's player) wins, or, without a traitor, the loyal
    /// knights do.
    fn soc_game(j: &mut Journal, traitor_wins: bool, minutes: i64) {
        let loyalty = if traitor_wins { soc::LoyaltyMode::Standard } else { soc::LoyaltyMode::NoTraitor };
        let mut entries = play::<soc::Soc>(
            &[soc::Command::Setup(soc::Setup {
                knights: vec![soc::Knight::Arthur, soc::Knight::Galahad, soc::Knight::Gawain],
                names: NAMES[..3].iter().map(|s| s.to_string()).collect(),
                loyalty,
                scan_loyalty: false,
                youngest: None,
                rules: None,
            })],
            AnyEvent::ShadowsOverCamelot,
        );
        let reason = soc::EndReason::SwordsCounted;
        let end = if traitor_wins {
            vec![
                soc::Event::FinalCount { traitor: Some(Seat(2)), flipped: 0 },
                soc::Event::GameEnded { reason, winner: soc::Side::Evil, traitor: Some(Seat(2)) },
            ]
        } else {
            vec![soc::Event::GameEnded { reason, winner: soc::Side::Loyal, traitor: None }]
        };
        entries.push(end.into_iter().map(AnyEvent::ShadowsOverCamelot).collect());
        let result = GameResult::from_events(&entries.concat()).expect("the game ended");
        store(j, GameKind::ShadowsOverCamelot, &entries, result, minutes);
    }

    fn bar(bars: &[RateBar], code: &str) -> (usize, usize) {
        let b = bars.iter().find(|b| b.code == code).unwrap_or_else(|| panic!("no bar {code}: {bars:?}"));
        (b.played, b.won)
    }

    #[test]
    fn five_finished_games_give_each_charts_figures() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut j = Journal::open(dir.path().join("tavola.db")).expect("open").journal;
        avalon_game(&mut j, &good_wins(), 30);
        avalon_game(&mut j, &evil_wins(), 45);
        // The traitor (Gawain's player) among the winners.
        soc_game(&mut j, true, 90);
        avalon_game(&mut j, &evil_wins(), 20);
        soc_game(&mut j, false, 60);
        // A game left before its end counts nowhere.
        let open = j.begin_game(GameKind::Avalon, &GameMeta::default()).expect("begin");
        j.discard(open).expect("discard");

        let games = j.chart_games().expect("chart games");
        assert_eq!(games.len(), 5);
        assert_eq!(kinds_played(&games), vec![(GameKind::Avalon, 3), (GameKind::ShadowsOverCamelot, 2)]);

        let wins = wins_over_time(&games, GameKind::Avalon, 20);
        let rows: Vec<(&str, usize)> = wins.rows.iter().map(|(p, n)| (p.code.as_str(), *n)).collect();
        assert_eq!(rows, [("good", 1), ("evil", 2)]);
        assert_eq!(wins.points, [Some(0), Some(1), Some(1)], "good, then evil twice");
        assert_eq!((wins.first, wins.games), (1, 3));
        let last_two = wins_over_time(&games, GameKind::Avalon, 2);
        assert_eq!((last_two.points.as_slice(), last_two.first), ([Some(1), Some(1)].as_slice(), 2));

        let soc_wins = wins_over_time(&games, GameKind::ShadowsOverCamelot, 20);
        let rows: Vec<(&str, usize)> = soc_wins.rows.iter().map(|(p, n)| (p.code.as_str(), *n)).collect();
        assert_eq!(rows, [("loyal", 1), ("traitor", 1), ("fell", 0)]);
        assert_eq!(soc_wins.points, [Some(1), Some(0)]);

        // Every character's side won once of three (good) or twice (evil).
        let roles = win_rates(&games, GameKind::Avalon);
        assert_eq!(roles.len(), 4);
        assert_eq!(bar(&roles, "merlin"), (3, 1));
        assert_eq!(bar(&roles, "loyal-servant"), (3, 1), "two servants in a game count once");
        assert_eq!(bar(&roles, "assassin"), (3, 2));
        assert_eq!(bar(&roles, "minion"), (3, 2));
        // The players: only the games whose characters were tapped.
        let players = player_rates(&games, GameKind::Avalon);
        assert_eq!(bar(&players, "anna"), (2, 0));
        assert_eq!(bar(&players, "elena"), (2, 2));
        let knights = win_rates(&games, GameKind::ShadowsOverCamelot);
        assert_eq!(bar(&knights, "arthur"), (2, 1));
        assert_eq!(bar(&knights, "galahad"), (2, 1));
        assert_eq!(bar(&knights, "gawain"), (2, 2));
        assert_eq!(knights[0].label.text(Lang::En), "King Arthur");

        let len = lengths(&games, GameKind::Avalon, 20);
        assert_eq!(len.minutes, [Some(30), Some(45), Some(20)]);
        assert_eq!((len.median, len.longest, len.first), (Some(30), 45, 1));
        let len = lengths(&games, GameKind::ShadowsOverCamelot, 20);
        assert_eq!((len.minutes.as_slice(), len.median), ([Some(90), Some(60)].as_slice(), Some(60)));
    }

    fn scored(winner: Option<&str>) -> ChartGame {
        let part =
            |name: &str| Part { code: name.to_lowercase(), label: Label::Name(name.into()), won: None, side: None };
        ChartGame {
            kind: GameKind::Nottingham,
            minutes: None,
            sides: Vec::new(),
            winner: Some(winner.map_or_else(
                || Part { code: "shared".into(), label: Label::Said(msg!("ui.chart.shared")), won: None, side: None },
                part,
            )),
            parts: Vec::new(),
            players: Vec::new(),
        }
    }

    #[test]
    fn a_game_won_by_players_draws_the_most_winning_and_the_others_together() {
        let games: Vec<ChartGame> =
            [Some("Anna"), Some("Bruno"), Some("Anna"), Some("Carla"), Some("Dario"), Some("Elena"), None]
                .into_iter()
                .map(scored)
                .collect();
        let wins = wins_over_time(&games, GameKind::Nottingham, 4);
        let rows: Vec<(String, usize)> = wins.rows.iter().map(|(p, n)| (p.label.text(Lang::En), *n)).collect();
        assert_eq!(rows, [("Anna".into(), 2), ("Bruno".into(), 1), ("Carla".into(), 1), ("Others".into(), 3)]);
        assert_eq!(
            wins.points,
            [Some(2), Some(3), Some(3), Some(3)],
            "Carla, then Dario, Elena and the shared win among the others"
        );
        assert_eq!((wins.first, wins.games), (4, 7));
        // No length known: no median, nothing to scale.
        let len = lengths(&games, GameKind::Nottingham, 20);
        assert_eq!((len.median, len.longest), (None, 0));
    }

    #[test]
    fn a_game_whose_winner_is_not_known_keeps_its_column_empty() {
        let unknown = ChartGame { winner: None, ..scored(Some("Anna")) };
        let games = [scored(Some("Anna")), unknown, scored(Some("Bruno"))];
        let wins = wins_over_time(&games, GameKind::Nottingham, 20);
        assert_eq!(wins.points, [Some(0), None, Some(1)], "the third game drawn third, not second");
        assert_eq!((wins.first, wins.games), (1, 3));
    }

    #[test]
    fn no_game_no_chart() {
        let wins = wins_over_time(&[], GameKind::Avalon, 20);
        assert!(wins.points.is_empty());
        assert_eq!(wins.rows.iter().map(|r| r.1).sum::<usize>(), 0);
        assert!(win_rates(&[], GameKind::KingArthursKnights).is_empty());
        assert!(kinds_played(&[]).is_empty());
    }
}
