//! Shadows over Camelot on the screen (`app/ui/pages/soc-setup.slint`,
//! `soc-board.slint`): the setup, the board as Tavola remembers it, and the
//! buttons for whatever the table is asked now.
//!
//! The buttons come from [`menu`], a pure function of the public view and
//! the screen's own half-made choice ([`Menu`]): it offers what the rules
//! allow at this moment (the evil step, then the heroic actions the knight's
//! place permits, then ending the turn; or the answer to what waits, such as
//! the siege die or Kay's card). The engine still checks every command, and
//! its refusal is shown in the message line.

use super::Controller;
use crate::catalog::Catalog;
use crate::games::soc::{
    Action, Command, EndReason, FightView, Knight, LoyaltyMode, PendingView, Place, QuestId, Relic, Rules, Setup, Side,
    SocView,
};
use crate::games::{GameKind, Lang, Said, Seat};
use crate::table::{TableView, Touch};
use crate::ui::{AppWindow, SocAction, SocKnightItem, SocQuestItem, SocSeatChoice, SocUi};
use slint::{ComponentHandle, SharedString};
use std::cell::RefCell;
use std::rc::Rc;

/// The knights a table of `n` starts with, in seat order.
fn default_knights(n: usize) -> Vec<Knight> {
    Knight::ALL.into_iter().take(n.clamp(3, 7)).collect()
}

/// The screen's own state: the setup being prepared and a choice in
/// several steps.
#[derive(Debug)]
pub(super) struct SocScreen {
    knights: Vec<Knight>,
    names: Vec<String>,
    loyalty: LoyaltyMode,
    scan: bool,
    youngest: Option<Seat>,
    menu: Menu,
}

impl Default for SocScreen {
    fn default() -> Self {
        SocScreen {
            knights: default_knights(5),
            names: vec![String::new(); 7],
            loyalty: LoyaltyMode::Standard,
            scan: false,
            youngest: None,
            menu: Menu::Main,
        }
    }
}

/// A choice in several steps, half made.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) enum Menu {
    /// The choices of the moment.
    #[default]
    Main,
    /// The black card drawn, picked on screen.
    BlackCard,
    /// Where to travel.
    Move,
    /// The fight card played on the quest.
    Fight,
    /// The fight cards against a siege engine, chosen so far.
    Siege(Vec<u8>),
    /// The special white card played.
    Special,
    /// The knight accused.
    Accuse,
    /// The Merlin cards given so far to cancel a special black card.
    Merlin(Vec<Seat>),
    /// Setting a knight's count of cards in hand right.
    HandCount(Seat),
}

fn place_name(p: Place, lang: Lang) -> &'static str {
    match p {
        Place::Camelot => "Camelot",
        Place::BlackKnight => lang.pick("Cavaliere Nero", "Black Knight"),
        Place::Lancelot => lang.pick("Lancillotto", "Lancelot"),
        Place::Dragon => lang.pick("Drago", "Dragon"),
        Place::Excalibur => "Excalibur",
        Place::Grail => lang.pick("Graal", "Grail"),
        Place::Picts => lang.pick("Pitti", "Picts"),
        Place::Saxons => lang.pick("Sassoni", "Saxons"),
    }
}

fn relic_name(r: Relic, lang: Lang) -> &'static str {
    match r {
        Relic::Excalibur => "Excalibur",
        Relic::Grail => lang.pick("Graal", "Grail"),
        Relic::LancelotsArmor => lang.pick("Armatura di Lancillotto", "Lancelot's Armor"),
    }
}

fn special_white_name(slug: &str, lang: Lang) -> String {
    Catalog::builtin().name(&format!("soc/white/{slug}"), lang).unwrap_or(slug).to_string()
}

/// The special white cards (their slugs), in the catalog's order.
fn special_whites() -> Vec<String> {
    Catalog::builtin()
        .by_kind(GameKind::ShadowsOverCamelot, "white")
        .filter(|c| c.fact_flag("special") && c.copy.is_none_or(|n| n == 1))
        .map(|c| c.slug().to_string())
        .collect()
}

/// The black cards, one button each (the id without its copy number).
fn black_cards(lang: Lang) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    for c in Catalog::builtin().by_kind(GameKind::ShadowsOverCamelot, "black") {
        if !seen.iter().any(|(base, _): &(String, String)| *base == c.base) {
            seen.push((c.base.clone(), c.name(lang).to_string()));
        }
    }
    seen
}

fn action(key: impl Into<String>, label: impl Into<String>, tone: i32) -> SocAction {
    SocAction { key: key.into().into(), label: label.into().into(), tone, checked: false }
}

fn back(lang: Lang) -> SocAction {
    action("back", lang.pick("Indietro", "Back"), 0)
}

fn values_text(values: &[u8]) -> String {
    values.iter().map(u8::to_string).collect::<Vec<_>>().join(" + ")
}

/// What the table asks now and the buttons for it: `(prompt, buttons,
/// fills the page)`.
pub(super) fn menu(v: &SocView, m: &Menu, rules: &Rules, lang: Lang) -> (String, Vec<SocAction>, bool) {
    let name = |s: Seat| v.knights.get(s.index()).map(|k| k.name.clone()).unwrap_or_default();
    let seats = |key: &str, filter: &dyn Fn(&crate::games::soc::KnightView) -> bool| -> Vec<SocAction> {
        v.knights
            .iter()
            .filter(|k| filter(k))
            .map(|k| action(format!("{key}:{}", k.seat.0), k.name.clone(), 0))
            .collect()
    };
    if v.ended.is_some() {
        return (String::new(), vec![action("leave", lang.pick("Torna ai giochi", "Back to the games"), 1)], false);
    }
    // Loyalty cards tapped before the first turn.
    if let Some(s) = v.scan_next {
        let prompt = match lang {
            Lang::It => format!("{}: appoggia la tua carta lealtà coperta sul lettore.", name(s)),
            Lang::En => format!("{}: lay your loyalty card face down on the reader.", name(s)),
        };
        return (
            prompt,
            vec![action(
                "skip-loyalty",
                lang.pick("Giocate senza toccare le carte", "Play without tapping the cards"),
                0,
            )],
            false,
        );
    }
    // The answer to what waits comes first.
    if let Some(p) = &v.pending {
        return pending_menu(v, p, m, lang);
    }
    let Some(turn) = v.turn else { return (String::new(), Vec::new(), false) };
    let me = &v.knights[turn.index()];
    // Menus in several steps.
    match m {
        Menu::Main => {}
        Menu::BlackCard => {
            let mut a: Vec<SocAction> =
                black_cards(lang).into_iter().map(|(id, label)| action(format!("black:{id}"), label, 0)).collect();
            a.push(back(lang));
            let prompt = lang.pick("Quale carta nera è uscita?", "Which black card was drawn?");
            return (prompt.into(), a, true);
        }
        Menu::Move => {
            let mut a: Vec<SocAction> = Place::ALL
                .into_iter()
                .filter(|&p| Some(p) != me.place)
                .filter(|&p| p.quest().is_none_or(|q| v.open.contains(&q)))
                .map(|p| action(format!("move:{}", place_key(p)), place_name(p, lang), 0))
                .collect();
            a.push(back(lang));
            return (lang.pick("Dove va il cavaliere?", "Where does the knight go?").into(), a, false);
        }
        Menu::Fight => {
            let mut a: Vec<SocAction> = (1..=5).map(|n| action(format!("fight:{n}"), n.to_string(), 0)).collect();
            a.push(back(lang));
            return (lang.pick("Quale carta combattimento?", "Which fight card?").into(), a, false);
        }
        Menu::Siege(cards) => {
            let mut a: Vec<SocAction> =
                (1..=5).map(|n| action(format!("siege-card:{n}"), format!("+ {n}"), 0)).collect();
            if !cards.is_empty() {
                a.push(action("siege-clear", lang.pick("Ricomincia", "Start over"), 0));
                a.push(action("siege-go", lang.pick("Combatti", "Fight"), 1));
            }
            a.push(back(lang));
            let prompt = if cards.is_empty() {
                lang.pick(
                    "Le carte combattimento giocate contro la macchina d'assedio:",
                    "The fight cards played against the siege engine:",
                )
                .to_string()
            } else {
                let total: u32 = cards.iter().map(|&c| u32::from(c)).sum();
                match lang {
                    Lang::It => format!(
                        "Carte: {} = {total}. Il dado a {} deve fare meno.",
                        values_text(cards),
                        rules.siege.die
                    ),
                    Lang::En => {
                        format!("Cards: {} = {total}. The d{} must roll lower.", values_text(cards), rules.siege.die)
                    }
                }
            };
            return (prompt, a, false);
        }
        Menu::Special => {
            let mut a: Vec<SocAction> = special_whites()
                .into_iter()
                .map(|slug| action(format!("special:{slug}"), special_white_name(&slug, lang), 0))
                .collect();
            a.push(back(lang));
            return (lang.pick("Quale carta speciale?", "Which special card?").into(), a, false);
        }
        Menu::Accuse => {
            let mut a = seats("accuse", &|k| k.alive && !k.exposed && k.seat != turn);
            a.push(back(lang));
            return (
                lang.pick("Chi accusi di essere il traditore?", "Whom do you accuse of being the traitor?").into(),
                a,
                false,
            );
        }
        Menu::HandCount(s) => {
            let limit = rules.hand.limit;
            let mut a: Vec<SocAction> = (0..=limit).map(|n| action(format!("hand:{n}"), n.to_string(), 0)).collect();
            a.push(back(lang));
            let prompt = match lang {
                Lang::It => format!("Quante carte bianche ha in mano {}?", name(*s)),
                Lang::En => format!("How many white cards does {} hold?", name(*s)),
            };
            return (prompt, a, true);
        }
        Menu::Merlin(_) => {}
    }
    // The evil step.
    if !v.evil_done {
        let mut a = vec![
            action("evil:black", lang.pick("Pesca una carta nera", "Draw a black card"), 1),
            action("evil:siege", lang.pick("Aggiungi una macchina d'assedio", "Add a siege engine"), 2),
            action("evil:life", lang.pick("Perdi un punto vita", "Lose a life point"), 2),
        ];
        if me.knight == Knight::Percival {
            a.insert(
                0,
                action(
                    "peek",
                    lang.pick("Percival guarda la carta nera in cima", "Percival looks at the top black card"),
                    0,
                ),
            );
        }
        let prompt = match lang {
            Lang::It => format!(
                "{}: il Progresso del Male. Pescata una carta nera, appoggiala sul lettore; oppure scegli.",
                me.name
            ),
            Lang::En => {
                format!("{}: the Progression of Evil. Lay a drawn black card on the reader, or choose.", me.name)
            }
        };
        return (prompt, a, false);
    }
    // The heroic actions.
    let taken = |k: Action| v.actions.contains(&k);
    let left = usize::from(v.slots).saturating_sub(v.actions.len());
    let mut a = Vec::new();
    if left > 0 {
        if !taken(Action::Quest) {
            match me.place {
                Some(Place::Camelot) => {
                    a.push(action("draw", lang.pick("Pesca carte bianche", "Draw white cards"), 1));
                    if v.siege > 0 {
                        a.push(action(
                            "siege-menu",
                            lang.pick("Combatti una macchina d'assedio", "Fight a siege engine"),
                            1,
                        ));
                    }
                }
                Some(p) if p.quest().is_some_and(|q| v.open.contains(&q)) => match p {
                    Place::Grail => a.push(action("grail", lang.pick("Gioca una carta Graal", "Play a Grail card"), 1)),
                    Place::Excalibur => a.push(action(
                        "excalibur",
                        lang.pick("Scarta una carta per Excalibur", "Discard a card for Excalibur"),
                        1,
                    )),
                    _ => {
                        a.push(action("fight-menu", lang.pick("Gioca una carta combattimento", "Play a fight card"), 1))
                    }
                },
                _ => {}
            }
        }
        if !taken(Action::Move) {
            a.push(action("move-menu", lang.pick("Viaggia", "Travel"), 0));
        }
        if !taken(Action::Special) {
            a.push(action("special-menu", lang.pick("Carta speciale", "Special card"), 0));
        }
        if !taken(Action::Heal) && me.life < rules.life.max {
            a.push(action("heal", lang.pick("Cura (tre carte uguali)", "Heal (three alike)"), 0));
        }
        if !taken(Action::Accuse) {
            a.push(action("accuse-menu", lang.pick("Accusa", "Accuse"), 0));
        }
    }
    let sacrifice_open = v.siege >= rules.sacrifice.min_engines || v.white + v.black >= rules.sacrifice.min_swords;
    if left == 0 && v.slots < 2 && !v.knights[turn.index()].sacrificed && sacrifice_open {
        a.push(action(
            "sacrifice",
            lang.pick("Sacrifica 1 vita per un'altra azione", "Give 1 life for another action"),
            2,
        ));
    }
    if !v.actions.is_empty() {
        a.push(action("end", lang.pick("Fine del turno", "End the turn"), if left == 0 { 1 } else { 0 }));
    }
    let prompt = match (lang, left) {
        (Lang::It, 0) => format!("{}: azione fatta. Finisci il turno.", me.name),
        (Lang::It, _) => format!("{}: un'azione eroica (sei a {}).", me.name, place_here(me.place, lang)),
        (Lang::En, 0) => format!("{}: action done. End the turn.", me.name),
        (Lang::En, _) => format!("{}: one heroic action (at {}).", me.name, place_here(me.place, lang)),
    };
    (prompt, a, false)
}

fn place_here(p: Option<Place>, lang: Lang) -> &'static str {
    p.map_or("—", |p| place_name(p, lang))
}

fn place_key(p: Place) -> String {
    serde_json::to_value(p).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default()
}

fn pending_menu(v: &SocView, p: &PendingView, m: &Menu, lang: Lang) -> (String, Vec<SocAction>, bool) {
    let name = |s: Seat| v.knights.get(s.index()).map(|k| k.name.clone()).unwrap_or_default();
    let card_name = |id: &str| Catalog::builtin().name(id, lang).map(str::to_string).unwrap_or_else(|| id.to_string());
    match p {
        PendingView::BlackChoice { card: None } => (
            lang.pick(
                "Carta nera per il Cavaliere Nero o per Lancillotto e il Drago: coperta o scoperta? (Coperta: chi l'ha pescata prende una carta bianca.)",
                "A black card for the Black Knight or Lancelot and the Dragon: face up or face down? (Face down: whoever drew it takes a white card.)",
            )
            .into(),
            vec![
                action("place:up", lang.pick("Scoperta", "Face up"), 0),
                action("place:down", lang.pick("Coperta", "Face down"), 0),
            ],
            false,
        ),
        PendingView::BlackChoice { card: Some(card) } => {
            let prompt = match lang {
                Lang::It => format!("{}: a quale guerra si unisce?", card_name(card)),
                Lang::En => format!("{}: which war does it join?", card_name(card)),
            };
            (
                prompt,
                vec![
                    action("war:picts", place_name(Place::Picts, lang), 0),
                    action("war:saxons", place_name(Place::Saxons, lang), 0),
                ],
                false,
            )
        }
        PendingView::Merlin { card } => {
            let given = match m {
                Menu::Merlin(g) => g.clone(),
                _ => Vec::new(),
            };
            let mut a: Vec<SocAction> = v
                .knights
                .iter()
                .filter(|k| k.alive && !k.exposed)
                .map(|k| {
                    let n = given.iter().filter(|&&s| s == k.seat).count();
                    let label = if n == 0 { k.name.clone() } else { format!("{} ×{n}", k.name) };
                    SocAction { checked: n > 0, ..action(format!("merlin:{}", k.seat.0), label, 0) }
                })
                .collect();
            if !given.is_empty() {
                a.push(action("merlin-clear", lang.pick("Ricomincia", "Start over"), 0));
            }
            if given.len() == 3 {
                a.push(action("merlin-go", lang.pick("Annulla la carta", "Cancel the card"), 1));
            }
            a.push(action("stand", lang.pick("La carta ha effetto", "Let it take effect"), 2));
            let prompt = match lang {
                Lang::It => format!(
                    "{}: tre carte Merlino possono annullarla ora. Tocca chi ne dà una ({} di 3).",
                    card_name(card),
                    given.len()
                ),
                Lang::En => format!(
                    "{}: three Merlin cards can cancel it now. Tap who gives one ({} of 3).",
                    card_name(card),
                    given.len()
                ),
            };
            (prompt, a, false)
        }
        PendingView::SiegeRoll { seat, cards } => {
            let total: u32 = cards.iter().map(|&c| u32::from(c)).sum();
            let prompt = match lang {
                Lang::It => format!("{} combatte con {total}: premi il pulsante del dado.", name(*seat)),
                Lang::En => format!("{} fights with {total}: press the dice button.", name(*seat)),
            };
            (prompt, vec![action("roll", lang.pick("Tira il dado sullo schermo", "Roll on screen"), 1)], false)
        }
        PendingView::Kay { seat, .. } => {
            let mut a: Vec<SocAction> =
                (1..=5).map(|n| action(format!("kay:{n}"), format!("+ {n}"), 0)).collect();
            a.push(action("kay:pass", lang.pick("Kay passa", "Kay passes"), 0));
            let prompt = match lang {
                Lang::It => format!("{} (Kay) può aggiungere una carta combattimento.", name(*seat)),
                Lang::En => format!("{} (Kay) may add a fight card.", name(*seat)),
            };
            (prompt, a, false)
        }
        PendingView::Accusation { accused, .. } => {
            let prompt = match lang {
                Lang::It => format!("{}: appoggia la tua carta lealtà sul lettore, o mostrala a tutti.", name(*accused)),
                Lang::En => format!("{}: lay your loyalty card on the reader, or show it to all.", name(*accused)),
            };
            (
                prompt,
                vec![
                    action("loyalty:loyal", lang.pick("Era leale", "It was loyal"), 0),
                    action("loyalty:traitor", lang.pick("Era il traditore", "It was the traitor"), 0),
                ],
                false,
            )
        }
        PendingView::Grail { seat, holder } => {
            let prompt = match (lang, holder) {
                (Lang::It, Some(h)) => format!("{} sta morendo: {} lo fa bere dal Graal?", name(*seat), name(*h)),
                (Lang::En, Some(h)) => format!("{} is dying: does {} let them drink from the Grail?", name(*seat), name(*h)),
                (Lang::It, None) => format!("{} sta morendo.", name(*seat)),
                (Lang::En, None) => format!("{} is dying.", name(*seat)),
            };
            (
                prompt,
                vec![
                    action("grail:yes", lang.pick("Beve dal Graal", "Drink from the Grail"), 1),
                    action("grail:no", lang.pick("No", "No"), 2),
                ],
                false,
            )
        }
        PendingView::TraitorCheck => {
            let mut a: Vec<SocAction> = v
                .knights
                .iter()
                .filter(|k| k.alive && !k.exposed)
                .map(|k| action(format!("traitor:{}", k.seat.0), k.name.clone(), 0))
                .collect();
            a.push(action("traitor:none", lang.pick("Nessuno", "Nobody"), 0));
            let prompt = lang.pick(
                "Prima del conteggio: chi ha la carta del traditore? Mostratela ora.",
                "Before the count: who holds the traitor card? Show it now.",
            );
            (prompt.into(), a, false)
        }
    }
}

/// A fight quest's state: "Knights 3 4 (2/4) · Evil 5 ? (2/3)".
fn fight_state(f: &FightView, lang: Lang) -> (String, f32, f32) {
    let cards = |v: Vec<String>| if v.is_empty() { "—".to_string() } else { v.join(" ") };
    let white = cards(f.white.iter().map(u8::to_string).collect());
    let black = cards(f.black.iter().map(|b| b.map_or("?".into(), |v| v.to_string())).collect());
    let text = format!(
        "{} {} ({}/{}) · {} {} ({}/{})",
        lang.pick("Cavalieri", "Knights"),
        white,
        f.white.len(),
        f.white_slots,
        lang.pick("Male", "Evil"),
        black,
        f.black.len(),
        f.black_slots
    );
    let frac = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f32 / of as f32 };
    (text, frac(f.white.len(), f.white_slots), frac(f.black.len(), usize::from(f.black_slots)))
}

fn quests(v: &SocView, rules: &Rules, lang: Lang) -> Vec<SocQuestItem> {
    let here = v.turn.and_then(|t| v.knights.get(t.index())).and_then(|k| k.place);
    QuestId::ALL
        .into_iter()
        .map(|q| {
            let (state, good, evil) = match q {
                QuestId::BlackKnight => fight_state(&v.black_knight, lang),
                QuestId::Lancelot => fight_state(&v.lancelot, lang),
                QuestId::Dragon => fight_state(&v.dragon, lang),
                QuestId::Excalibur => {
                    let (k, e) = (rules.excalibur.to_knights, rules.excalibur.to_evil);
                    let text = match lang {
                        Lang::It => format!("Spada a {:+} (cavalieri a +{k}, male a −{e})", v.excalibur),
                        Lang::En => format!("Sword at {:+} (knights at +{k}, evil at −{e})", v.excalibur),
                    };
                    let frac = |n: i8, of: i8| if of == 0 { 0.0 } else { f32::from(n.max(0)) / f32::from(of) };
                    (text, frac(v.excalibur, k), frac(-v.excalibur, e))
                }
                QuestId::Grail => {
                    let n = rules.grail.spaces;
                    let text = match lang {
                        Lang::It => format!("Graal {} · Disperazione {} (su {n})", v.grail_white, v.grail_black),
                        Lang::En => format!("Grail {} · Despair {} (of {n})", v.grail_white, v.grail_black),
                    };
                    let frac = |x: u8| if n == 0 { 0.0 } else { f32::from(x) / f32::from(n) };
                    (text, frac(v.grail_white), frac(v.grail_black))
                }
                QuestId::Picts | QuestId::Saxons => {
                    let (ladder, figures) = if q == QuestId::Picts { v.picts } else { v.saxons };
                    let (top, most) = (rules.wars.ladder, rules.wars.figures);
                    let played: Vec<String> = (1..=ladder).map(|n| n.to_string()).collect();
                    let text = match lang {
                        Lang::It => format!(
                            "Scala {} (fino a {top}) · figure {figures} di {most}",
                            if played.is_empty() { "—".into() } else { played.join("-") }
                        ),
                        Lang::En => format!(
                            "Ladder {} (to {top}) · figures {figures} of {most}",
                            if played.is_empty() { "—".into() } else { played.join("-") }
                        ),
                    };
                    let frac = |x: u8, of: u8| if of == 0 { 0.0 } else { f32::from(x) / f32::from(of) };
                    (text, frac(ladder, top), frac(figures, most))
                }
            };
            let result = v.results.iter().find(|(r, _)| *r == q).map_or(0, |(_, won)| if *won { 1 } else { 2 });
            let state = match result {
                1 => format!("{} · {state}", lang.pick("VINTA", "WON")),
                2 => format!("{} · {state}", lang.pick("PERSA", "LOST")),
                _ => state,
            };
            SocQuestItem {
                name: place_name(Place::of(q), lang).into(),
                state: state.into(),
                result,
                good,
                evil,
                here: here == Some(Place::of(q)),
            }
        })
        .collect()
}

/// Why a game ended, from the journal's code (`siege_engines`…), for the
/// history page.
pub(super) fn reason_text(code: &str, winner: Option<&str>, lang: Lang) -> String {
    let text = match code {
        "siege_engines" => lang.pick("Camelot cade: dodici macchine d'assedio", "Camelot fell: twelve siege engines"),
        "black_swords" => lang.pick("Camelot cade: troppe spade nere", "Camelot fell: too many black swords"),
        "loyal_knights_dead" => {
            lang.pick("Camelot cade: i cavalieri leali sono morti", "Camelot fell: the loyal knights are dead")
        }
        "swords_counted" if winner == Some("loyal") => {
            lang.pick("Spade contate: vincono i cavalieri", "Swords counted: the knights win")
        }
        "swords_counted" => lang.pick("Spade contate: vince il Male", "Swords counted: evil wins"),
        other => other,
    };
    text.to_string()
}

fn end_texts(v: &SocView, lang: Lang) -> (String, String, String, bool) {
    let Some((reason, winner, traitor)) = &v.ended else { return Default::default() };
    let title = match (winner, lang) {
        (Side::Loyal, Lang::It) => "Camelot è salva",
        (Side::Loyal, Lang::En) => "Camelot stands",
        (Side::Evil, Lang::It) => "Camelot è caduta",
        (Side::Evil, Lang::En) => "Camelot has fallen",
    };
    let reason = match (reason, lang) {
        (EndReason::SiegeEngines, Lang::It) => "Dodici macchine d'assedio circondano Camelot.".to_string(),
        (EndReason::SiegeEngines, Lang::En) => "Twelve siege engines surround Camelot.".to_string(),
        (EndReason::BlackSwords, Lang::It) => "Troppe spade nere sulla Tavola Rotonda.".to_string(),
        (EndReason::BlackSwords, Lang::En) => "Too many black swords on the Round Table.".to_string(),
        (EndReason::LoyalKnightsDead, Lang::It) => "Tutti i cavalieri leali sono morti.".to_string(),
        (EndReason::LoyalKnightsDead, Lang::En) => "Every loyal knight is dead.".to_string(),
        (EndReason::SwordsCounted, Lang::It) => format!("Spade contate: {} bianche, {} nere.", v.white, v.black),
        (EndReason::SwordsCounted, Lang::En) => format!("Swords counted: {} white, {} black.", v.white, v.black),
    };
    let traitor = match traitor {
        Some(t) => {
            let who = v.knights.get(t.index()).map(|k| k.name.clone()).unwrap_or_default();
            match lang {
                Lang::It => format!("Il traditore era {who}."),
                Lang::En => format!("The traitor was {who}."),
            }
        }
        None => String::new(),
    };
    (title.into(), reason, traitor, *winner == Side::Loyal)
}

/// Whether a half-made choice still fits the moment.
fn fits(v: &SocView, m: &Menu) -> bool {
    let playing = v.ended.is_none() && v.scan_next.is_none() && v.turn.is_some();
    let free = playing && v.pending.is_none();
    match m {
        Menu::Main => true,
        Menu::BlackCard => free && !v.evil_done,
        Menu::Move | Menu::Fight | Menu::Siege(_) | Menu::Special | Menu::Accuse => free && v.evil_done,
        Menu::Merlin(_) => matches!(v.pending, Some(PendingView::Merlin { .. })),
        Menu::HandCount(_) => free,
    }
}

impl Controller {
    fn soc(&mut self, cmd: Command) {
        self.touch(Touch::ShadowsOverCamelot(cmd));
    }

    /// The problem that stops the setup from starting, if any.
    fn soc_setup_problem(&self, lang: Lang) -> String {
        let s = &self.soc_screen;
        if !s.knights.contains(&Knight::Arthur) && s.youngest.is_none_or(|y| y.index() >= s.knights.len()) {
            return lang
                .pick(
                    "Re Artù non gioca: scegliete chi è il più giovane, che inizia.",
                    "King Arthur is not playing: choose the youngest player, who starts.",
                )
                .into();
        }
        String::new()
    }

    fn soc_start(&mut self) {
        let s = &self.soc_screen;
        let n = s.knights.len();
        let setup = Setup {
            knights: s.knights.clone(),
            names: s.names.iter().take(n).map(|n| n.trim().to_string()).collect(),
            loyalty: s.loyalty,
            scan_loyalty: s.scan && s.loyalty.has_traitor(),
            youngest: if s.knights.contains(&Knight::Arthur) { None } else { s.youngest },
            rules: None,
        };
        self.soc_screen.menu = Menu::Main;
        self.soc(Command::Setup(setup));
    }

    /// Runs the button with `key` (see [`menu`]).
    pub(super) fn soc_act(&mut self, key: &str) {
        let (verb, arg) = key.split_once(':').unwrap_or((key, ""));
        let seat = || arg.parse::<u8>().ok().map(Seat);
        let value = || arg.parse::<u8>().ok();
        let menu = std::mem::take(&mut self.soc_screen.menu);
        let mut next = Menu::Main;
        match verb {
            "leave" => self.touch(Touch::Leave),
            "skip-loyalty" => self.soc(Command::SkipLoyaltyScan),
            "peek" => self.soc(Command::Peek),
            "evil" => match arg {
                "black" => next = Menu::BlackCard,
                "siege" => self.soc(Command::AddSiegeEngine),
                _ => self.soc(Command::LoseLife),
            },
            "black" => self.soc(Command::BlackCard { card: arg.into(), face_down: None, war: None }),
            "place" => self.soc(Command::PlaceBlack { face_down: arg == "down", war: None }),
            "war" => {
                let war = if arg == "picts" { QuestId::Picts } else { QuestId::Saxons };
                self.soc(Command::PlaceBlack { face_down: false, war: Some(war) });
            }
            "merlin" => {
                let mut given = if let Menu::Merlin(g) = menu { g } else { Vec::new() };
                if let Some(s) = seat() {
                    if given.len() < 3 {
                        given.push(s);
                    }
                }
                next = Menu::Merlin(given);
            }
            "merlin-clear" => next = Menu::Merlin(Vec::new()),
            "merlin-go" => {
                let from = if let Menu::Merlin(g) = menu { g } else { Vec::new() };
                self.soc(Command::CancelWithMerlin { from });
            }
            "stand" => self.soc(Command::LetStand),
            "move-menu" => next = Menu::Move,
            "move" => {
                if let Some(to) = Place::ALL.into_iter().find(|&p| place_key(p) == arg) {
                    self.soc(Command::Move { to });
                }
            }
            "draw" => self.soc(Command::DrawWhite),
            "fight-menu" => next = Menu::Fight,
            "fight" => {
                if let Some(value) = value() {
                    self.soc(Command::PlayFight { value });
                }
            }
            "grail" if arg.is_empty() => self.soc(Command::PlayGrail),
            "grail" => self.soc(Command::Grail { drink: arg == "yes" }),
            "excalibur" => self.soc(Command::DiscardForExcalibur),
            "siege-menu" => next = Menu::Siege(Vec::new()),
            "siege-card" => {
                let mut cards = if let Menu::Siege(c) = menu { c } else { Vec::new() };
                cards.extend(value());
                next = Menu::Siege(cards);
            }
            "siege-clear" => next = Menu::Siege(Vec::new()),
            "siege-go" => {
                let cards = if let Menu::Siege(c) = menu { c } else { Vec::new() };
                self.soc(Command::SiegeFight { cards });
            }
            "roll" => match self.booted.on_screen.dice.clone() {
                // The simulated button: the roll takes the hardware's path.
                Some(d) => d.borrow_mut().press(),
                None => self.soc(Command::RollDie),
            },
            "kay" => self.soc(Command::Kay { value: value() }),
            "special-menu" => next = Menu::Special,
            "special" => self.soc(Command::PlaySpecial { card: arg.into() }),
            "heal" => self.soc(Command::Heal),
            "accuse-menu" => next = Menu::Accuse,
            "accuse" => {
                if let Some(accused) = seat() {
                    self.soc(Command::Accuse { accused });
                }
            }
            "loyalty" => self.soc(Command::ConfirmLoyalty { traitor: arg == "traitor" }),
            "sacrifice" => self.soc(Command::Sacrifice),
            "end" => self.soc(Command::EndTurn),
            "hand-seat" => next = seat().map_or(Menu::Main, Menu::HandCount),
            "hand" => {
                if let (Menu::HandCount(seat), Some(cards)) = (menu, value()) {
                    self.soc(Command::CorrectHand { seat, cards });
                }
            }
            "traitor" => self.soc(Command::DeclareTraitor { seat: seat() }),
            _ => {}
        }
        // After a command the choices of the moment return (a refusal is
        // said in the message line).
        self.soc_screen.menu = next;
    }

    /// Copies the game's public view into the `SocUi` global.
    pub(super) fn refresh_soc(&mut self, window: &AppWindow, view: &TableView) {
        let lang = view.lang;
        let ui = window.global::<SocUi<'_>>();
        // Setup.
        let s = &self.soc_screen;
        let seats: Vec<SocSeatChoice> = s
            .knights
            .iter()
            .enumerate()
            .map(|(i, k)| SocSeatChoice {
                knight: k.text(lang).into(),
                name: s.names.get(i).cloned().unwrap_or_default().into(),
            })
            .collect();
        super::set_model(&ui.get_setup_seats(), seats, |m| ui.set_setup_seats(m));
        ui.set_setup_loyalty(match s.loyalty {
            LoyaltyMode::Standard => 0,
            LoyaltyMode::TraitorAmongUs => 1,
            LoyaltyMode::NoTraitor => 2,
        });
        ui.set_setup_scan(s.scan);
        ui.set_ask_youngest(!s.knights.contains(&Knight::Arthur));
        ui.set_youngest(s.youngest.map_or(-1, |y| i32::from(y.0)));
        let note = match (s.loyalty, lang) {
            (LoyaltyMode::Standard, Lang::It) => {
                "Le carte si mescolano tutte e 8 (7 leali, 1 traditore): forse nessuno tradisce."
            }
            (LoyaltyMode::Standard, Lang::En) => {
                "All 8 cards are shuffled (7 loyal, 1 traitor): there may be no traitor."
            }
            (LoyaltyMode::TraitorAmongUs, Lang::It) => {
                "Una carta leale per cavaliere più il traditore: quasi certamente c'è un traditore."
            }
            (LoyaltyMode::TraitorAmongUs, Lang::En) => {
                "One loyal card per knight plus the traitor: almost surely there is a traitor."
            }
            (LoyaltyMode::NoTraitor, Lang::It) => "Per la prima partita: solo carte leali, nessun traditore.",
            (LoyaltyMode::NoTraitor, Lang::En) => "For a first game: loyal cards only, no traitor.",
        };
        ui.set_loyalty_note(note.into());
        ui.set_setup_problem(self.soc_setup_problem(lang).into());

        let Some(v) = view.soc() else { return };
        // A half-made choice that no longer fits the moment (an undo, a
        // card on the reader) is dropped.
        if !fits(v, &self.soc_screen.menu) {
            self.soc_screen.menu = Menu::Main;
        }
        // The rules the game was set up with (borrowed: this runs every tick).
        let rules: &Rules = match self.booted.table.session.soc() {
            Some(g) => g.rules(),
            None => Rules::builtin(),
        };
        ui.set_siege(i32::from(v.siege));
        ui.set_white(i32::from(v.white));
        ui.set_black(i32::from(v.black));
        super::set_model(&ui.get_quests(), quests(v, rules, lang), |m| ui.set_quests(m));
        let knights: Vec<SocKnightItem> = v
            .knights
            .iter()
            .map(|k| SocKnightItem {
                name: k.name.clone().into(),
                knight: k.knight.text(lang).into(),
                life: k.life,
                max_life: rules.life.max,
                hand: i32::from(k.hand),
                place: k.place.map(|p| place_name(p, lang)).unwrap_or_default().into(),
                relics: k.relics.iter().map(|r| relic_name(*r, lang)).collect::<Vec<_>>().join(", ").into(),
                alive: k.alive,
                exposed: k.exposed,
                turn: v.turn == Some(k.seat) && v.ended.is_none(),
            })
            .collect();
        super::set_model(&ui.get_knights(), knights, |m| ui.set_knights(m));
        let lasting: Vec<String> = v
            .lasting
            .iter()
            .map(|c| Catalog::builtin().name(c, lang).map_or_else(|| c.clone(), str::to_string))
            .collect();
        ui.set_lasting(if lasting.is_empty() {
            SharedString::new()
        } else {
            format!("{}: {}", lang.pick("In gioco", "In play"), lasting.join(", ")).into()
        });
        let (prompt, actions, big) = menu(v, &self.soc_screen.menu, rules, lang);
        ui.set_prompt(prompt.into());
        super::set_model(&ui.get_actions(), actions, |m| ui.set_actions(m));
        ui.set_big_menu(big);
        let (title, reason, traitor, loyal) = end_texts(v, lang);
        ui.set_result_title(title.into());
        ui.set_result_reason(reason.into());
        ui.set_traitor_line(traitor.into());
        ui.set_loyal_won(loyal);
    }
}

/// The page for a Shadows over Camelot view.
pub(super) fn page(v: &SocView) -> &'static str {
    if v.knights.is_empty() {
        "soc-setup"
    } else if v.ended.is_some() {
        "soc-end"
    } else {
        "soc-board"
    }
}

/// Connects the `SocUi` callbacks.
pub(super) fn wire<W: Fn(&dyn Fn(&mut Controller)) + 'static>(
    window: &AppWindow,
    ctrl: &Rc<RefCell<Controller>>,
    with: Rc<W>,
) {
    let ui = window.global::<SocUi<'_>>();
    {
        let with = with.clone();
        ui.on_setup_knights(move |n| {
            with(&|c| {
                let s = &mut c.soc_screen;
                let n = n.clamp(3, 7) as usize;
                while s.knights.len() > n {
                    s.knights.pop();
                }
                // A new seat takes the first shield nobody holds.
                while s.knights.len() < n {
                    match Knight::ALL.into_iter().find(|k| !s.knights.contains(k)) {
                        Some(k) => s.knights.push(k),
                        None => break,
                    }
                }
            })
        });
    }
    {
        let with = with.clone();
        ui.on_cycle_knight(move |i| {
            with(&|c| {
                let s = &mut c.soc_screen;
                let Some(current) = s.knights.get(i.max(0) as usize).copied() else { return };
                let at = Knight::ALL.iter().position(|&k| k == current).unwrap_or(0);
                // The next shield round the list that no other seat holds.
                let next = (1..Knight::ALL.len())
                    .map(|d| Knight::ALL[(at + d) % Knight::ALL.len()])
                    .find(|k| !s.knights.contains(k));
                if let Some(k) = next {
                    s.knights[i as usize] = k;
                }
            })
        });
    }
    {
        // Typing changes no page: no refresh, so the field keeps its focus.
        let c = ctrl.clone();
        ui.on_set_name(move |i, text| {
            if let Some(name) = c.borrow_mut().soc_screen.names.get_mut(i.max(0) as usize) {
                *name = text.to_string();
            }
        });
    }
    {
        let with = with.clone();
        ui.on_set_loyalty(move |i| {
            with(&|c| {
                c.soc_screen.loyalty = match i {
                    1 => LoyaltyMode::TraitorAmongUs,
                    2 => LoyaltyMode::NoTraitor,
                    _ => LoyaltyMode::Standard,
                }
            })
        });
    }
    {
        let with = with.clone();
        ui.on_set_scan(move |on| with(&|c| c.soc_screen.scan = on));
    }
    {
        let with = with.clone();
        ui.on_set_youngest(move |i| with(&|c| c.soc_screen.youngest = u8::try_from(i).ok().map(Seat)));
    }
    {
        let with = with.clone();
        ui.on_start(move || with(&|c| c.soc_start()));
    }
    ui.on_act(move |key| with(&|c| c.soc_act(&key)));
}
