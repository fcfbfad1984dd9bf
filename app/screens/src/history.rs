//! The history page (`app/ui/pages/history.slint`): the finished games'
//! charts, one game at a time. The figures come from
//! [`crate::journal::charts`]; this file only puts them into words and
//! into the page's properties. The journal is read when the page opens,
//! never at start-up: one read of the finished games with the summaries
//! kept beside them (no game is replayed), for the charts and the list.

use crate::games::{GameKind, Lang};
use crate::journal::charts::{self, ChartGame, RateBar};
use crate::journal::{GameInfo, Journal};
use crate::{App, AppWindow, ChartBar, ChartColumn, ChartRow, HistoryRow};
use slint::{ComponentHandle, ModelRc, VecModel};
use tavola_words::msg;

/// The most games a chart over the sequence of games draws (the last ones).
pub const LAST_GAMES: usize = 20;

/// The most games the list shows.
const LISTED: usize = 200;

/// What the page holds while it is open.
#[derive(Debug, Default)]
pub(super) struct HistoryScreen {
    games: Vec<ChartGame>,
    /// The games listed, newest first, with their game.
    listed: Vec<(GameKind, HistoryRow)>,
    /// The games played, with their count, and the one shown.
    kinds: Vec<(GameKind, usize)>,
    shown: usize,
}

impl HistoryScreen {
    /// Reads the finished games and shows the game played last.
    pub(super) fn load(&mut self, journal: &Journal, lang: Lang, window: &AppWindow) {
        let finished = journal.finished_games().unwrap_or_default();
        self.games = finished.iter().map(|(info, summary)| charts::chart_game(info, summary.as_ref())).collect();
        self.listed = finished.iter().rev().take(LISTED).map(|(info, _)| list_row(info, lang)).collect();
        self.kinds = charts::kinds_played(&self.games);
        let last = self.games.last().map(|g| g.kind);
        self.shown = self.kinds.iter().position(|(k, _)| Some(*k) == last).unwrap_or(0);
        self.fill(lang, window);
    }

    /// Shows the previous (`-1`) or next (`1`) game played.
    pub(super) fn step(&mut self, by: i32, lang: Lang, window: &AppWindow) {
        let n = self.kinds.len() as i32;
        if n > 0 {
            self.shown = (self.shown as i32 + by).rem_euclid(n) as usize;
        }
        self.fill(lang, window);
    }

    fn fill(&self, lang: Lang, window: &AppWindow) {
        let app = window.global::<App<'_>>();
        let titles: Vec<slint::SharedString> = self.kinds.iter().map(|(k, _)| k.title().into()).collect();
        app.set_history_kinds(ModelRc::new(VecModel::from(titles)));
        app.set_history_kind(self.shown as i32);
        let Some(&(kind, count)) = self.kinds.get(self.shown) else {
            app.set_history(ModelRc::new(VecModel::from(Vec::new())));
            return;
        };
        let page = ChartPage::new(&self.games, kind, lang);
        app.set_history_games(lang.text(&msg!("ui.chart.games", count = count)).into());
        app.set_chart_parts_kind(super::screens::parts(kind).code());
        app.set_wins_headline(page.wins_headline.into());
        app.set_chart_rows(ModelRc::new(VecModel::from(page.rows)));
        app.set_chart_points(ModelRc::new(VecModel::from(page.points)));
        app.set_chart_first(page.first);
        app.set_parts_headline(page.parts_headline.into());
        app.set_chart_parts(ModelRc::new(VecModel::from(page.parts)));
        app.set_players_headline(page.players_headline.into());
        app.set_chart_players(ModelRc::new(VecModel::from(page.players)));
        app.set_length_headline(page.length_headline.into());
        app.set_chart_lengths(ModelRc::new(VecModel::from(page.lengths)));
        app.set_chart_longest(page.longest.into());
        app.set_chart_median(page.median);
        let rows: Vec<HistoryRow> = self.listed.iter().filter(|(k, _)| *k == kind).map(|(_, r)| r.clone()).collect();
        app.set_history(ModelRc::new(VecModel::from(rows)));
    }
}

/// One game's charts in the page's terms.
pub struct ChartPage {
    pub wins_headline: String,
    pub rows: Vec<ChartRow>,
    pub points: Vec<i32>,
    pub first: i32,
    pub parts_headline: String,
    pub parts: Vec<ChartBar>,
    pub players_headline: String,
    pub players: Vec<ChartBar>,
    pub length_headline: String,
    pub lengths: Vec<ChartColumn>,
    pub longest: String,
    pub median: f32,
}

impl ChartPage {
    /// `kind`'s charts from the finished games, in `lang`.
    pub fn new(games: &[ChartGame], kind: GameKind, lang: Lang) -> ChartPage {
        let wins = charts::wins_over_time(games, kind, LAST_GAMES);
        let rows: Vec<ChartRow> =
            wins.rows.iter().map(|(p, n)| ChartRow { label: p.label.text(lang).into(), count: *n as i32 }).collect();
        let wins_headline = wins_headline(&wins, lang);
        // A part that belongs to a side by its card (a character) is drawn
        // in its side's tone, in the order of the wins chart's rows.
        let sides: Vec<&str> =
            if wins.sided { wins.rows.iter().map(|(p, _)| p.code.as_str()).collect() } else { Vec::new() };
        let parts_bars = charts::win_rates(games, kind);
        let player_bars = charts::player_rates(games, kind);
        let len = charts::lengths(games, kind, LAST_GAMES);
        let top = len.longest.max(1) as f32;
        ChartPage {
            wins_headline,
            rows,
            points: wins.points.iter().map(|p| p.map_or(-1, |p| p as i32)).collect(),
            first: wins.first as i32,
            parts_headline: best(&parts_bars, lang),
            parts: parts_bars.iter().map(|b| bar(b, lang, &sides)).collect(),
            players_headline: best(&player_bars, lang),
            players: player_bars.iter().map(|b| bar(b, lang, &[])).collect(),
            length_headline: len.median.map(|m| lang.text(&msg!("ui.chart.median", minutes = m))).unwrap_or_default(),
            lengths: len
                .minutes
                .iter()
                .map(|m| ChartColumn {
                    fraction: m.map_or(0.0, |m| m as f32 / top),
                    label: m.map(|m| m.to_string()).unwrap_or_default().into(),
                    known: m.is_some(),
                })
                .collect(),
            longest: format!("{} min", len.longest),
            median: len.median.map_or(-1.0, |m| m as f32 / top),
        }
    }
}

/// A game won by a side: each side and its wins ("Good 1 · Evil 2"). A
/// game won by players: the one with the most wins (the rows come most wins
/// first), whose name may be long, and their share ("Most wins: Anna, 3 of
/// 7"); the others are on the chart.
fn wins_headline(wins: &charts::WinsChart, lang: Lang) -> String {
    let by_side = wins.sided;
    match wins.rows.iter().find(|(p, _)| !p.code.is_empty() && p.code != "shared") {
        Some((p, won)) if !by_side && *won > 0 => {
            lang.text(&msg!("ui.chart.leader", name = p.label.text(lang), won = *won, games = wins.games))
        }
        _ => wins.rows.iter().map(|(p, n)| format!("{} {n}", p.label.text(lang))).collect::<Vec<_>>().join(" · "),
    }
}

fn pct(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

/// The part that wins most often (the most played among equals).
fn best(bars: &[RateBar], lang: Lang) -> String {
    let mut top: Option<&RateBar> = None;
    for b in bars {
        if top.is_none_or(|t| b.rate() > t.rate()) {
            top = Some(b);
        }
    }
    top.map(|b| lang.text(&msg!("ui.chart.best", name = b.label.text(lang), rate = pct(b.rate())))).unwrap_or_default()
}

/// A bar; `sides` are the codes of the sides whose tones the bars take
/// (the first side's tone 0, the next 1), empty for no tone.
fn bar(b: &RateBar, lang: Lang, sides: &[&str]) -> ChartBar {
    let tone = b.side.as_deref().and_then(|s| sides.iter().position(|c| *c == s)).map_or(-1, |i| i as i32);
    ChartBar {
        label: b.label.text(lang).into(),
        value: lang.text(&msg!("ui.chart.rate", won = b.won, played = b.played, rate = pct(b.rate()))).into(),
        fraction: b.rate() as f32,
        tone,
    }
}

/// A finished game as the list shows it.
fn list_row(g: &GameInfo, lang: Lang) -> (GameKind, HistoryRow) {
    let names: Vec<String> =
        g.players.iter().enumerate().map(|(i, n)| if n.is_empty() { (i + 1).to_string() } else { n.clone() }).collect();
    let result = g
        .result
        .as_ref()
        .and_then(|r| g.kind.outcome_words(r.winner.as_deref()?, r.reason.as_deref()?))
        .map(|w| lang.text(&msg!("ui.history.result", title = w.title, reason = w.reason)))
        .unwrap_or_default();
    let mut when = crate::journal::utc(g.started_at);
    if g.clock_unsure {
        when = lang.text(&msg!("ui.history.when_unsure", when));
    }
    let row = HistoryRow {
        when: when.into(),
        game: g.kind.title().into(),
        players: names.join(", ").into(),
        result: result.into(),
        length: g
            .ended_at
            .map(|end| format!("{} min", (end - g.started_at).max(0) / 60_000))
            .unwrap_or_default()
            .into(),
    };
    (g.kind, row)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::journal::charts::{Label, Part};

    fn won_by(name: Option<&str>) -> ChartGame {
        ChartGame {
            kind: GameKind::Nottingham,
            minutes: Some(40),
            sides: Vec::new(),
            winner: name.map(|n| Part { code: n.to_lowercase(), label: Label::Name(n.into()), won: None, side: None }),
            parts: Vec::new(),
            players: Vec::new(),
        }
    }

    #[test]
    fn a_game_begun_on_a_clock_never_set_shows_its_date_as_uncertain() {
        use crate::journal::{GameId, GameState};
        let game = |clock_unsure| GameInfo {
            id: GameId(1),
            kind: GameKind::Avalon,
            state: GameState::Finished,
            started_at: 1_767_225_600_000,
            ended_at: Some(1_767_229_200_000),
            seed: None,
            players: vec!["Anna".into()],
            result: None,
            clock_unsure,
        };
        assert_eq!(list_row(&game(false), Lang::En).1.when, "2026-01-01 00:00");
        assert_eq!(list_row(&game(false), Lang::En).1.length, "60 min");
        assert_eq!(list_row(&game(true), Lang::En).1.when, "2026-01-01 00:00 (date uncertain)");
        assert_eq!(list_row(&game(true), Lang::It).1.when, "2026-01-01 00:00 (data incerta)");
    }

    #[test]
    fn a_game_won_by_players_headlines_who_won_most_and_leaves_an_unknown_winner_out() {
        let games = [won_by(Some("Anna")), won_by(None), won_by(Some("Bruno")), won_by(Some("Anna"))];
        let page = ChartPage::new(&games, GameKind::Nottingham, Lang::En);
        assert_eq!(page.wins_headline, "Most wins: Anna, 2 of 4");
        assert_eq!(page.points, [0, -1, 1, 0], "the second game's column stays empty");
        let page = ChartPage::new(&games, GameKind::Nottingham, Lang::It);
        assert_eq!(page.wins_headline, "Più vittorie: Anna, 2 su 4");
    }
}
