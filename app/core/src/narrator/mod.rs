//! The narrator: turns the games' cues into lines in the active language.
//!
//! Lines are shown as subtitles; speaking them aloud is the job of the audio
//! output behind [`crate::hw::AudioOut`].

mod queue;

pub use queue::Queue;

use crate::games::{Cue, CueArg, GameKind, Lang};
use serde::{Deserialize, Serialize};
use tavola_words::{Arg, Msg};

/// A line ready to be shown and spoken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The cue's id.
    pub id: String,
    /// The words.
    pub text: String,
    /// Silence after the line, in milliseconds.
    pub pause_ms: u32,
    /// The sound played just before the line, if any (not part of the
    /// protocol: the speaker's business).
    #[serde(skip)]
    pub sound: Option<Sound>,
}

/// A short sound the narrator plays before a line (its engine puts it on
/// the line's cue): made by Tavola's own code (`tavola_narrator::synth::sound_wav`),
/// written into the voice packs beside the clips, never a downloaded
/// sample.
pub use crate::games::Sound;

/// The prefix of the narrator's messages in the catalogs.
const PREFIX: &str = "narration.";

/// The suffix of a counted line's words for a count of 0, said instead of
/// the plural form when the catalog has them ("none left" rather than "0
/// left").
const ZERO: &str = ".zero";

/// The catalog id of a cue's words: `narration.<cue id>`, with a `-` of the
/// cue id (a card's slug in it) written `_`.
pub fn message_id(cue_id: &str) -> String {
    format!("{PREFIX}{}", cue_id.replace('-', "_"))
}

/// The message a cue says: its words with its arguments, a card named by
/// the card catalog in `lang`.
pub fn message(cue: &Cue, lang: Lang) -> Msg {
    let mut id = message_id(&cue.id);
    let zero = format!("{id}{ZERO}");
    let count_is_zero = matches!(cue.args.get("count"), Some(CueArg::Say(Arg::Number(0))));
    if count_is_zero && template(&zero, lang).is_some() {
        id = zero;
    }
    cue.args.iter().fold(Msg::new(id), |m, (name, value)| {
        let value = match value {
            CueArg::Say(a) => a.clone(),
            CueArg::Card { card } => Arg::Text(crate::catalog::Catalog::builtin().label(card, lang)),
        };
        m.with(name.clone(), value)
    })
}

/// The words of a cue in `lang`, arguments filled in. A cue without words
/// (which a test catches) shows its id in brackets rather than nothing.
pub fn line(cue: &Cue, lang: Lang) -> Line {
    let text = if knows(&cue.id) { lang.text(&message(cue, lang)) } else { format!("[{}]", cue.id) };
    Line { id: cue.id.clone(), text, pause_ms: cue.pause_ms, sound: cue.sound }
}

/// The prefix of the teaching's messages: the first-game mode's
/// explanations and "What now?" are said by their own message ids.
const TEACH: &str = "teach.";

/// The pause after an explanation's line, in milliseconds.
const TEACH_PAUSE_MS: u32 = 500;

/// A line of the teaching (an explanation, what the table waits for, a
/// move): said under its message id (`teach.avalon.team_vote`), so that a
/// voice pack's clip says it when it takes no parameters.
pub fn teach_line(msg: &Msg, lang: Lang) -> Line {
    Line { id: msg.id.to_string(), text: lang.text(msg), pause_ms: TEACH_PAUSE_MS, sound: None }
}

/// The catalog id of a line id: a cue's `narration.<cue id>`, a teaching
/// line's own id (a card's explanation borrowed from its summary or a
/// character's words included).
fn catalog_id(id: &str) -> String {
    let borrowed = id.starts_with("card.") || id.ends_with(".explain");
    if id.starts_with(PREFIX) || id.starts_with(TEACH) || borrowed {
        id.to_string()
    } else {
        message_id(id)
    }
}

/// True when the cue id (or a teaching line's id) has words in every
/// language.
pub fn knows(id: &str) -> bool {
    let id = catalog_id(id);
    Lang::ALL.iter().all(|&l| template(&id, l).is_some())
}

/// Every line id the narrator has words for, in the English catalog's
/// order: the cues' lines, and the teaching's (`teach.*`: explanations,
/// goals, what the table waits for, moves, cards), which the first-game
/// mode and "What now?" say.
pub fn all_line_ids() -> impl Iterator<Item = String> {
    let lines = Lang::En.catalog().entries().filter_map(|e| {
        if e.id.starts_with(TEACH) {
            return Some(e.id.to_string());
        }
        let id = e.id.strip_prefix(PREFIX)?;
        (!id.ends_with(ZERO)).then(|| cue_id(id))
    });
    // The cards' explanations the teaching borrows from other words (a
    // character's, a card's summary).
    let cards = crate::games::teach::card_lesson_ids().into_iter().filter(|id| !id.starts_with(TEACH));
    lines.chain(cards)
}

/// The cue id of a message id without its prefix: the game whose line it
/// is gives back a `-` the catalogs write `_`.
fn cue_id(id: &str) -> String {
    GameKind::ALL.into_iter().find_map(|kind| kind.cue_id(id)).unwrap_or_else(|| id.to_string())
}

/// The words of a line (a cue id or a catalog id) in `lang`, parameters
/// unfilled: for a counted line, the form for many.
pub fn template(id: &str, lang: Lang) -> Option<&'static str> {
    forms(id, lang).pop()
}

/// Every form of a line's words in `lang` (one, or one per plural form).
pub fn forms(id: &str, lang: Lang) -> Vec<&'static str> {
    let id = catalog_id(id);
    lang.forms(&id).map(<[&str]>::to_vec).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::avalon::night::night_script;
    use crate::games::avalon::{Role, RoleSet};

    #[test]
    fn every_night_line_has_words_in_both_languages() {
        let set = RoleSet::standard(10, &Role::OPTIONAL).unwrap();
        let plain = RoleSet::standard(5, &[Role::Percival]).unwrap();
        for step in night_script(&set).into_iter().chain(night_script(&plain)) {
            assert!(knows(&step.cue.id), "no words for {}", step.cue.id);
            let it = line(&step.cue, Lang::It).text;
            let en = line(&step.cue, Lang::En).text;
            assert_ne!(it, en, "{} is not translated", step.cue.id);
        }
    }

    fn say(cue: &Cue) -> [String; 2] {
        [line(cue, Lang::It).text, line(cue, Lang::En).text]
    }

    /// A counted line: its id, its other arguments, and its words in
    /// Italian and English for counts 0, 1 and 2.
    type Counted = (&'static str, &'static [(&'static str, &'static str)], [[&'static str; 2]; 3]);

    #[test]
    fn counted_lines_say_none_one_and_many() {
        let cases: [Counted; 6] = [
            (
                "soc.siege.added",
                &[],
                [
                    ["Una macchina d'assedio in più: ora sono 0.", "One more siege engine: now there are 0."],
                    ["Una macchina d'assedio in più: ora ce n'è una.", "One more siege engine: now there is one."],
                    ["Una macchina d'assedio in più: ora sono 2.", "One more siege engine: now there are 2."],
                ],
            ),
            (
                "soc.siege.removed",
                &[],
                [
                    [
                        "L'ultima macchina d'assedio è distrutta: non ne resta nessuna.",
                        "The last siege engine is destroyed: none left.",
                    ],
                    ["Una macchina d'assedio distrutta: ne resta una.", "A siege engine destroyed: one left."],
                    ["Una macchina d'assedio distrutta: ne restano 2.", "A siege engine destroyed: 2 left."],
                ],
            ),
            (
                "soc.knight.life",
                &[("name", "Isotta")],
                [
                    ["Isotta ha ora 0 punti vita.", "Isotta now has 0 life points."],
                    ["Isotta ha ora un punto vita.", "Isotta now has one life point."],
                    ["Isotta ha ora 2 punti vita.", "Isotta now has 2 life points."],
                ],
            ),
            (
                "soc.siege.fight",
                &[("name", "Ettore")],
                [
                    [
                        "Ettore affronta una macchina d'assedio con 0 punti. Si tira il dado.",
                        "Ettore takes on a siege engine with 0 points. Roll the die.",
                    ],
                    [
                        "Ettore affronta una macchina d'assedio con un punto. Si tira il dado.",
                        "Ettore takes on a siege engine with one point. Roll the die.",
                    ],
                    [
                        "Ettore affronta una macchina d'assedio con 2 punti. Si tira il dado.",
                        "Ettore takes on a siege engine with 2 points. Roll the die.",
                    ],
                ],
            ),
            (
                "soc.traitor.flips",
                &[],
                [
                    ["Il traditore non ha spade bianche da voltare.", "The traitor has no white sword to turn."],
                    [
                        "Il traditore volta una spada bianca sul lato nero.",
                        "The traitor turns one white sword to black.",
                    ],
                    ["Il traditore volta 2 spade bianche sul lato nero.", "The traitor turns 2 white swords to black."],
                ],
            ),
            (
                "table.timer.warning",
                &[],
                [
                    ["Ancora 0 secondi.", "0 seconds left."],
                    ["Ancora un secondo.", "One second left."],
                    ["Ancora 2 secondi.", "2 seconds left."],
                ],
            ),
        ];
        for (id, names, expected) in cases {
            for (count, words) in expected.into_iter().enumerate() {
                let cue = names.iter().fold(Cue::new(id), |c, (n, v)| c.arg(n, *v)).arg("count", count);
                assert_eq!(say(&cue), words, "{id} at {count}");
            }
        }
    }

    #[test]
    fn names_starting_with_a_vowel_need_no_glued_preposition() {
        let cases = [
            (
                Cue::new("soc.turn.begin").arg("name", "Anna"),
                ["È il turno di Anna: prima il Progresso del Male.", "Anna's turn: first, the Progression of Evil."],
            ),
            (
                Cue::new("avalon.excalibur.given").arg("holder", "Elena"),
                ["Excalibur passa nelle mani di Elena.", "Excalibur goes to Elena."],
            ),
            (
                Cue::new("avalon.lady.card").arg("target", "Ugo").arg("holder", "Anna"),
                [
                    "Ugo, la Carta Lealtà della tua fazione va consegnata senza mostrarla agli altri: la riceve Anna. Oppure appoggiala sul lettore.",
                    "Ugo, hand Anna the loyalty card of your side without showing it to the others, or lay it on the reader.",
                ],
            ),
            (
                Cue::new("avalon.lady.starts").arg("holder", "Ines"),
                [
                    "La Dama del Lago parte da Ines, alla destra del primo leader.",
                    "The Lady of the Lake starts with Ines, on the first leader's right.",
                ],
            ),
            (
                Cue::new("soc.accuse").arg("accuser", "Olga").arg("accused", "Enzo"),
                ["Olga accusa Enzo. Enzo, mostra la tua carta lealtà.", "Olga accuses Enzo. Enzo, show your loyalty card."],
            ),
        ];
        for (cue, words) in cases {
            assert_eq!(say(&cue), words, "{}", cue.id);
        }
    }

    #[test]
    fn a_black_card_lies_on_each_quest_with_the_right_preposition() {
        use crate::games::soc::QuestId;
        let on: Vec<_> =
            QuestId::ALL.into_iter().map(|q| say(&Cue::new("soc.black_card.face_down").arg("on", q.on()))).collect();
        let it: Vec<_> = on.iter().map(|[it, _]| it.as_str()).collect();
        let en: Vec<_> = on.iter().map(|[_, en]| en.as_str()).collect();
        assert_eq!(
            it,
            [
                "Una carta nera coperta sul Cavaliere Nero.",
                "Una carta nera coperta sull'Armatura di Lancillotto.",
                "Una carta nera coperta sul Drago.",
                "Una carta nera coperta su Excalibur.",
                "Una carta nera coperta sul Santo Graal.",
                "Una carta nera coperta sulla guerra contro i Pitti.",
                "Una carta nera coperta sulla guerra contro i Sassoni.",
            ]
        );
        assert_eq!(
            en,
            [
                "A black card face down on the Black Knight.",
                "A black card face down on Lancelot's Armor.",
                "A black card face down on the Dragon.",
                "A black card face down on Excalibur.",
                "A black card face down on the Holy Grail.",
                "A black card face down on the war against the Picts.",
                "A black card face down on the war against the Saxons.",
            ]
        );
        let won = say(&Cue::new("soc.quest.won").arg("quest", QuestId::Grail.msg()));
        assert_eq!(won, ["Impresa vinta: il Santo Graal.", "Quest won: the Holy Grail."]);
    }

    #[test]
    fn the_night_calls_the_evil_side_by_the_rulebooks_name() {
        for id in all_line_ids().filter(|id| id.starts_with("avalon.night.evil_")) {
            let [it, en] = say(&Cue::new(id.as_str()));
            assert!(!it.contains("Servitori") && !en.contains("Servants"), "{id}");
        }
        let [it, en] = say(&Cue::new("avalon.night.evil_open"));
        assert_eq!(it, "Lacchè di Mordred, aprite gli occhi e riconoscete i vostri complici.");
        assert_eq!(en, "Minions of Mordred, open your eyes and take note of your allies.");
    }

    #[test]
    fn every_line_has_words_in_every_language_and_a_card_is_said_by_name() {
        for id in all_line_ids() {
            assert!(knows(&id), "{id}");
        }
        assert!(knows("avalon.reveal.lancelot-good"));
        let cue = Cue::new("soc.black_card").card("card", "avalon/role/merlin");
        assert_eq!(say(&cue), ["Carta nera: Merlino.", "Black card: Merlin."]);
        let json = serde_json::to_value(&cue).unwrap();
        assert_eq!(json["args"]["card"]["card"], "avalon/role/merlin");
        assert_eq!(serde_json::from_value::<Cue>(json).unwrap(), cue);
    }

    #[test]
    fn a_special_black_card_taking_effect_says_what_it_does_in_any_mode() {
        use crate::games::{AnyEvent, AnyGame, GameKind};
        let game = AnyGame::new(GameKind::ShadowsOverCamelot).unwrap();
        let took = |slug: &str| {
            AnyEvent::ShadowsOverCamelot(crate::games::soc::Event::SpecialTookEffect {
                card: format!("soc/black/{slug}-1"),
                slug: slug.into(),
                lasting: false,
            })
        };
        let said: Vec<[String; 2]> = game.cues(&took("morgan")).iter().map(say).collect();
        assert_eq!(
            said,
            [[
                "La maledizione di Morgana si abbatte su Camelot: leggete ad alta voce la sua carta, fate subito quel che dice, poi scartatela.".to_string(),
                "Morgan's curse falls on Camelot: read her card aloud, do what it says now, then discard it.".to_string(),
            ]]
        );
        // Every special black card says more than its name.
        for card in crate::catalog::Catalog::builtin().by_game(GameKind::ShadowsOverCamelot) {
            if card.kind != "black" || !card.fact_flag("special") {
                continue;
            }
            let slug = card.base.rsplit('/').next().unwrap_or_default();
            for cue in game.cues(&took(slug)) {
                assert!(cue.id.starts_with("soc.special.") && cue.id != "soc.special.effect", "{slug}: {}", cue.id);
                assert!(knows(&cue.id), "{slug}: no words for {}", cue.id);
            }
        }
    }

    #[test]
    fn the_teachings_lines_are_said_by_their_own_ids_and_are_in_the_packs_list() {
        let ids: Vec<String> = all_line_ids().collect();
        for id in ["teach.avalon.goal", "teach.soc.grail", "teach.soc.card.morgan", "avalon.role.merlin.explain"] {
            assert!(ids.iter().any(|i| i == id), "{id} is not among the lines");
            assert!(knows(id), "{id}");
        }
        let summary = "card.legends.event.the_questing_beast.summary";
        assert!(ids.iter().any(|i| i == summary));
        let line = teach_line(&Msg::new("teach.soc.card.morgan"), Lang::It);
        assert_eq!(line.id, "teach.soc.card.morgan");
        assert_eq!(
            Some(line.text.as_str()),
            template("teach.soc.card.morgan", Lang::It),
            "a clip says it as it stands"
        );
    }

    #[test]
    fn parameters_are_filled_in() {
        let cue = Cue::new("avalon.round.leader").arg("leader", "Laura").arg("mission", 2).arg("size", 3);
        assert_eq!(line(&cue, Lang::En).text, "Mission 2: Laura leads and picks a team of 3.");
        assert_eq!(line(&cue, Lang::It).text, "Missione 2: guida Laura, che sceglie una squadra di 3.");
    }

    #[test]
    fn unknown_cue_shows_its_id() {
        assert_eq!(line(&Cue::new("nope"), Lang::It).text, "[nope]");
    }
}
