//! Rendering: named arguments, plurals, nested messages, fallback, and a
//! language with three plural forms that needs no code.

use tavola_words::{msg, Arg, Catalog, Lang, Msg, Said};

#[test]
fn named_arguments() {
    let m = msg!("notice.table.unreadable_tag", uid = "04:A2", reason = String::from("CRC error"));
    assert_eq!(
        Lang::En.text(&m),
        "The tag 04:A2 cannot be read (CRC error): hold it still and flat on the reader, then try again."
    );
    assert_eq!(
        m.text(Lang::It),
        "Non riesco a leggere l'etichetta 04:A2 (CRC error): tienila ferma e piatta sul lettore, poi riprova."
    );
    let seat = 4_u8;
    assert_eq!(Lang::It.text(&msg!("notice.table.pad_idle", seat)), "Posto 4: ora non c'è niente da votare.");
}

#[test]
fn plurals_in_italian_and_english() {
    let said = |lang: Lang, count: i64| lang.text(&msg!("notice.table.extended", count));
    assert_eq!(said(Lang::It, 0), "Altri 0 secondi.");
    assert_eq!(said(Lang::It, 1), "Un altro secondo.");
    assert_eq!(said(Lang::It, 2), "Altri 2 secondi.");
    assert_eq!(said(Lang::En, 0), "0 more seconds.");
    assert_eq!(said(Lang::En, 1), "One more second.");
    assert_eq!(said(Lang::En, 2), "2 more seconds.");
    assert_eq!(said(Lang::En, -1), "One more second.", "the form of a negative count is its absolute value's");
}

#[test]
fn nested_messages_are_in_the_same_language() {
    let m = msg!("notice.table.stuck", seat = msg!("common.seat", seat = 5));
    assert_eq!(Lang::En.text(&m), "Seat 5: a button is held down. It is ignored until released.");
    assert_eq!(Lang::It.text(&m), "Posto 5: un pulsante resta premuto. Viene ignorato finché non si rilascia.");
    // A nested message that no catalog has is its id, inside the sentence.
    let m = msg!("notice.table.stuck", seat = Msg::new("common.no_such_thing"));
    assert_eq!(
        Lang::It.text(&m),
        "common.no_such_thing: un pulsante resta premuto. Viene ignorato finché non si rilascia."
    );
}

#[test]
fn missing_messages_fall_back_to_english_then_to_the_id() {
    let english = Catalog::parse(
        "msgid \"\"\nmsgstr \"Language: en\\n\"\n\nmsgid \"test.only_english\"\nmsgstr \"Only in {where}.\"\n",
    )
    .unwrap();
    let italian = Catalog::parse(
        "msgid \"\"\nmsgstr \"Language: it\\n\"\n\n#, fuzzy\nmsgid \"test.draft\"\nmsgstr \"Bozza\"\n\nmsgid \"test.empty\"\nmsgstr \"\"\n",
    )
    .unwrap();
    let only = Msg::new("test.only_english").with("where", "English");
    assert_eq!(italian.render(&only, Some(&english)), "Only in English.");
    assert_eq!(italian.render(&Msg::new("test.draft"), Some(&english)), "test.draft", "fuzzy is not used");
    assert_eq!(italian.render(&Msg::new("test.empty"), None), "test.empty");
    assert_eq!(italian.render(&Msg::new("test.nowhere").with("x", 1), Some(&english)), "test.nowhere");
    // The built-in catalogs do the same.
    assert_eq!(Lang::It.text(&Msg::new("test.nowhere")), "test.nowhere");
    assert_eq!(Lang::En.text(&Msg::new("test.nowhere")), "test.nowhere");
}

#[test]
fn a_missing_argument_stays_visible() {
    let m = Msg::new("notice.table.stuck");
    assert_eq!(Lang::En.text(&m), "{seat}: a button is held down. It is ignored until released.");
}

/// Polish: three forms (one; 2–4 but not 12–14; the rest), from its header
/// alone.
const POLISH: &str = r#"msgid ""
msgstr ""
"Language: pl\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

#. {count}: seconds.
msgid "notice.table.extended"
msgid_plural "notice.table.extended"
msgstr[0] "Jeszcze jedna sekunda."
msgstr[1] "Jeszcze {count} sekundy."
msgstr[2] "Jeszcze {count} sekund."

msgid "notice.table.stuck"
msgstr "{seat}: przycisk jest wciśnięty."

msgid "common.seat"
msgstr "Miejsce {seat}"
"#;

#[test]
fn a_third_language_with_three_plural_forms() {
    let pl = Catalog::parse(POLISH).unwrap();
    assert_eq!(pl.language(), Some("pl"));
    assert_eq!(pl.nplurals(), 3);
    let cases = [
        (0, 2),
        (1, 0),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 2),
        (11, 2),
        (12, 2),
        (14, 2),
        (21, 2),
        (22, 1),
        (104, 1),
        (112, 2),
    ];
    for (n, form) in cases {
        assert_eq!(pl.plural_index(n), form, "n = {n}");
    }
    let en = Lang::En.catalog();
    let said = |count: i64| pl.render(&msg!("notice.table.extended", count), Some(en));
    assert_eq!(said(1), "Jeszcze jedna sekunda.");
    assert_eq!(said(3), "Jeszcze 3 sekundy.");
    assert_eq!(said(5), "Jeszcze 5 sekund.");
    assert_eq!(said(22), "Jeszcze 22 sekundy.");
    let nested = msg!("notice.table.stuck", seat = msg!("common.seat", seat = 2));
    assert_eq!(pl.render(&nested, Some(en)), "Miejsce 2: przycisk jest wciśnięty.");
    // What Polish lacks comes in English.
    assert_eq!(pl.render(&msg!("notice.table.no_game"), Some(en)), "No game in progress: pick a game.");
}

#[test]
fn messages_serialize_as_plain_data() {
    let m = msg!("notice.table.stuck", seat = msg!("common.seat", seat = 2));
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(json, r#"{"id":"notice.table.stuck","args":{"seat":{"id":"common.seat","args":{"seat":2}}}}"#);
    assert_eq!(serde_json::from_str::<Msg>(&json).unwrap(), m);
    let plain = msg!("notice.table.no_game");
    assert_eq!(serde_json::to_string(&plain).unwrap(), r#"{"id":"notice.table.no_game"}"#);
    let text = msg!("notice.table.unknown_tag", uid = "04:A2");
    let back: Msg = serde_json::from_str(&serde_json::to_string(&text).unwrap()).unwrap();
    assert_eq!(back.arg("uid"), Some(&Arg::Text("04:A2".into())));
}

#[test]
fn said_things_render_in_any_language() {
    #[derive(Debug)]
    struct Idle(u8);
    impl Said for Idle {
        fn msg(&self) -> Msg {
            msg!("notice.table.pad_idle", seat = self.0)
        }
    }
    assert_eq!(Idle(2).text(Lang::En), "Seat 2: there is nothing to vote on right now.");
    assert_eq!(Idle(2).msg().text(Lang::It), "Posto 2: ora non c'è niente da votare.");
}
