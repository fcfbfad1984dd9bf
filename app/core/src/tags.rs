//! Tagging a game box: writing a card id on a blank NTAG (`tavola tags
//! write`) and teaching Tavola the UID of a tag that cannot carry one
//! (`tavola tags learn`), one card after another.

use crate::games::GameKind;
use crate::journal::{Journal, JournalError};
use embedded_hal::spi::SpiDevice;
use std::time::Duration;
use tavola_firmware::nfc::{CardId, NfcConfig, NfcEvent, NfcSession, Uid};
use tavola_firmware::sim::SimTag;
use tavola_words::{msg, Msg, Said};

/// How long a command waits for a tag to be laid on the reader.
pub const WAIT_FOR_TAG: Duration = Duration::from_secs(30);

/// A tag on the reader, as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Its UID, as hex.
    pub uid: String,
    /// The card id it carries, if any.
    pub card: Option<String>,
}

/// Checks a card id: the right shape and the prefix of one of the games.
pub fn check_card_id(card: &str) -> Result<CardId, Msg> {
    let id = CardId::new(card).ok_or_else(|| msg!("cli.tags.bad_id", card))?;
    if GameKind::of_card(card).is_none() || card.split('/').count() < 3 {
        let prefixes: Vec<&str> = GameKind::ALL.iter().map(|g| g.card_prefix()).collect();
        return Err(msg!("cli.tags.bad_shape", card, prefixes = prefixes.join(", ")));
    }
    let catalog = crate::catalog::Catalog::builtin();
    if !catalog.contains(card) {
        let (base, _) = card.rsplit_once('/').unwrap_or((card, ""));
        let near: Vec<&str> =
            catalog.iter().map(|c| c.id.as_str()).filter(|id| id.starts_with(base)).take(12).collect();
        return Err(if near.is_empty() {
            msg!("cli.tags.unknown_card", card)
        } else {
            msg!("cli.tags.unknown_card_near", card, near = near.join(", "))
        });
    }
    Ok(id)
}

/// Polls until a tag is read, or `timeout` of the session's time passes.
pub fn wait_for_tag<SPI: SpiDevice>(
    session: &mut NfcSession<SPI>,
    timeout: Duration,
    poll: Duration,
    mut sleep: impl FnMut(Duration),
) -> Result<Found, Msg> {
    let mut now = 0u64;
    let step = poll.as_millis() as u64;
    while u128::from(now) <= timeout.as_millis() {
        let mut found = None;
        session
            .poll(now, &mut |e| {
                if let NfcEvent::TagArrived { uid, card } = e {
                    found = Some(Found { uid: uid.to_string(), card: card.map(|c| c.as_str().to_string()) });
                }
            })
            .map_err(|e| crate::hw::nfc::error_msg(&e))?;
        if let Some(f) = found {
            return Ok(f);
        }
        sleep(poll);
        now += step;
    }
    Err(msg!("cli.tags.no_tag", count = timeout.as_secs()))
}

/// What writing or learning a card would do to the tag lying on the
/// reader: decided before anything is changed, so that the command line and
/// the screen ask the same question at the same time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Go ahead: the tag is blank, or unknown.
    Go,
    /// The tag already is this card: nothing to do.
    Already,
    /// The tag is another card now: ask before making it this one.
    Reassign {
        /// The card it is now.
        old: String,
    },
    /// (Learning only.) The tag carries a card id itself: the reader reads
    /// it, there is nothing to learn.
    Carries {
        /// The card written on it.
        card: String,
    },
}

/// What writing `card` on the tag `found` would do.
pub fn plan_write(card: &str, found: &Found) -> Plan {
    match &found.card {
        Some(old) if old == card => Plan::Already,
        Some(old) => Plan::Reassign { old: old.clone() },
        None => Plan::Go,
    }
}

/// What learning the tag `found` as `card` would do, by what `journal`
/// remembers.
pub fn plan_learn(journal: &Journal, card: &str, found: &Found) -> Result<Plan, JournalError> {
    if let Some(written) = &found.card {
        return Ok(Plan::Carries { card: written.clone() });
    }
    Ok(match journal.learned_tag(&found.uid)? {
        Some(old) if old == card => Plan::Already,
        Some(old) => Plan::Reassign { old },
        None => Plan::Go,
    })
}

/// Writes `card` on the tag lying on the reader and reads it back. A tag
/// that already carries another card is overwritten only if `confirm`
/// agrees. Returns what to tell the user.
pub fn write<SPI: SpiDevice>(
    session: &mut NfcSession<SPI>,
    card: &str,
    found: &Found,
    mut confirm: impl FnMut(&Msg) -> bool,
) -> Result<Msg, Msg> {
    let id = check_card_id(card)?;
    let uid = found.uid.as_str();
    match plan_write(card, found) {
        Plan::Already => return Ok(msg!("cli.tags.already_carries", uid, card)),
        Plan::Reassign { old } if !confirm(&msg!("cli.tags.ask_overwrite", uid, old = old.as_str(), card)) => {
            return Err(msg!("cli.tags.left_carries", uid, old));
        }
        _ => {}
    }
    let uid: Uid = session.write_card(&id).map_err(|e| crate::hw::nfc::error_msg(&e))?;
    Ok(msg!("cli.tags.written", uid = uid.to_string(), card))
}

/// Remembers the UID of the tag lying on the reader as `card`. A UID
/// already assigned to another card is re-assigned only if `confirm` agrees.
pub fn learn(
    journal: &mut Journal,
    card: &str,
    found: &Found,
    mut confirm: impl FnMut(&Msg) -> bool,
) -> Result<Msg, Msg> {
    check_card_id(card)?;
    let uid = found.uid.as_str();
    let journal_error = |e: JournalError| msg!("cli.journal_error", error = e.to_string());
    match plan_learn(journal, card, found).map_err(journal_error)? {
        Plan::Carries { card: written } => return Err(msg!("cli.tags.carries_itself", uid, card = written)),
        Plan::Already => return Ok(msg!("cli.tags.already_known", uid, card)),
        Plan::Reassign { old } if !confirm(&msg!("cli.tags.ask_reassign", uid, old = old.as_str(), card)) => {
            return Err(msg!("cli.tags.left_known", uid, old));
        }
        _ => {}
    }
    journal.learn_tag(uid, card).map_err(|e| e.msg())?;
    Ok(msg!("cli.tags.learned", uid, card))
}

/// The tag `tavola tags --sim` lays on its simulated reader: the one of a Flipper Zero `.nfc`
/// dump when there is one, else a blank NTAG213 (to write on) or a UID-only card (to learn).
pub fn sim_tag(to_write: bool, dump: Option<&std::path::Path>) -> Result<SimTag, Msg> {
    match dump {
        Some(path) => load_dump(path),
        None if to_write => Ok(SimTag::ntag213([0x04, 0x53, 0x49, 0x4D, 0x00, 0x00, 0x01])),
        None => Ok(SimTag::classic_1k([0x53, 0x49, 0x4D, 0x01])),
    }
}

/// Reads a Flipper Zero `.nfc` dump as a simulated tag; what is wrong with it is said in the
/// user's language.
pub fn load_dump(path: &std::path::Path) -> Result<SimTag, Msg> {
    use tavola_firmware::sim::FlipperError as F;
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| msg!("cli.tags.dump.unreadable", path = shown.as_str(), error = e.to_string()))?;
    tavola_firmware::sim::parse_flipper_nfc(&text).map_err(|e| {
        let path = shown.as_str();
        match e {
            F::NotFlipper => msg!("cli.tags.dump.not_flipper", path),
            F::Line(line) => msg!("cli.tags.dump.line", path, line),
            F::Unsupported(kind) => msg!("cli.tags.dump.unsupported", path, kind),
            F::MissingPages { found, total } => msg!("cli.tags.dump.missing_pages", path, found, total),
            F::Pages(p) => msg!("cli.tags.dump.pages", path, problem = crate::hw::sim::pages_problem(&p)),
        }
    })
}

/// Opens a reader session on an SPI device with the default settings.
pub fn session<SPI: SpiDevice>(spi: SPI) -> Result<NfcSession<SPI>, Msg> {
    NfcSession::new(spi, NfcConfig::default()).map_err(|e| crate::hw::nfc::error_msg(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavola_firmware::sim::{SimChip, SimTag};

    use crate::games::Lang;

    fn en(m: Msg) -> String {
        Lang::En.text(&m)
    }

    const UID: [u8; 7] = [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60];

    fn reader_with(tag: SimTag) -> (SimChip, NfcSession<SimChip>) {
        let chip = SimChip::new();
        chip.place(tag);
        let s = session(chip.clone()).unwrap();
        (chip, s)
    }

    #[test]
    fn a_blank_tag_is_written_and_then_reads_as_the_card() {
        let (chip, mut s) = reader_with(SimTag::ntag213(UID));
        let found = wait_for_tag(&mut s, WAIT_FOR_TAG, Duration::from_millis(50), |_| {}).unwrap();
        assert_eq!(found, Found { uid: "04102030405060".into(), card: None });
        let msg = en(write(&mut s, "avalon/role/merlin", &found, |_| panic!("nothing to confirm")).unwrap());
        assert!(msg.contains("avalon/role/merlin"), "{msg}");
        // A fresh session reads the new card.
        let mut again = session(chip.clone()).unwrap();
        let read = wait_for_tag(&mut again, WAIT_FOR_TAG, Duration::from_millis(50), |_| {}).unwrap();
        assert_eq!(read.card.as_deref(), Some("avalon/role/merlin"));
    }

    #[test]
    fn a_tag_of_another_card_is_overwritten_only_when_confirmed() {
        let (chip, mut s) = reader_with(SimTag::ntag213(UID).with_card("soc/black/saxons-1"));
        let found = wait_for_tag(&mut s, WAIT_FOR_TAG, Duration::from_millis(50), |_| {}).unwrap();
        let mut asked = String::new();
        let err = write(&mut s, "avalon/role/merlin", &found, |q| {
            asked = en(q.clone());
            false
        })
        .unwrap_err();
        let err = en(err);
        assert!(asked.contains("soc/black/saxons-1"), "{asked}");
        assert!(err.starts_with("Left as it was"), "{err}");
        let mut again = session(chip.clone()).unwrap();
        let read = wait_for_tag(&mut again, WAIT_FOR_TAG, Duration::from_millis(50), |_| {}).unwrap();
        assert_eq!(read.card.as_deref(), Some("soc/black/saxons-1"), "nothing was written");
        write(&mut again, "avalon/role/merlin", &read, |_| true).unwrap();
    }

    #[test]
    fn every_card_in_the_catalog_fits_on_a_tag() {
        assert_eq!(crate::catalog::MAX_ID_LEN, CardId::MAX_LEN, "the catalog checks ids against the tag's room");
        for card in crate::catalog::Catalog::builtin().iter() {
            check_card_id(&card.id).unwrap_or_else(|e| panic!("{}", en(e)));
        }
    }

    #[test]
    fn a_uid_only_tag_cannot_be_written_and_bad_ids_are_refused() {
        let (_chip, mut s) = reader_with(SimTag::classic_1k([1, 2, 3, 4]));
        let found = wait_for_tag(&mut s, WAIT_FOR_TAG, Duration::from_millis(50), |_| {}).unwrap();
        assert!(en(write(&mut s, "avalon/role/merlin", &found, |_| true).unwrap_err()).contains("cannot be written"));
        assert!(check_card_id("chess/piece/king").is_err());
        assert!(check_card_id("avalon").is_err());
        let typo = en(check_card_id("avalon/role/merlyn").unwrap_err());
        assert!(typo.contains("avalon/role/merlin"), "the near cards are offered: {typo}");
        assert!(check_card_id("soc/black/saxons-4").is_ok(), "each copy has its own id");
        assert!(check_card_id("soc/black/saxons-5").is_err(), "the box holds four");
    }

    #[test]
    fn no_tag_within_the_time_is_a_clear_error() {
        let chip = SimChip::new();
        let mut s = session(chip).unwrap();
        let mut slept = Duration::ZERO;
        let err = wait_for_tag(&mut s, Duration::from_secs(2), Duration::from_millis(50), |d| slept += d).unwrap_err();
        assert!(en(err.clone()).contains("within 2 seconds"), "{err:?}");
        assert_eq!(Lang::It.text(&err), "Nessun tag è stato appoggiato sul lettore entro 2 secondi.");
        assert!(slept >= Duration::from_secs(2));
    }

    /// The dumps in tests/data/ (see its README for where each comes from), each read as what
    /// it is.
    fn data(name: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data").join(name)
    }

    fn read_dump(name: &str) -> Found {
        let chip = SimChip::new();
        chip.place(load_dump(&data(name)).unwrap_or_else(|e| panic!("{name}: {}", en(e))));
        let mut s = session(chip).unwrap();
        wait_for_tag(&mut s, Duration::from_secs(1), Duration::from_millis(50), |_| {}).unwrap()
    }

    #[test]
    fn public_dumps_of_foreign_tags_read_as_unknown_tags_learnable_by_uid() {
        // Two NTAGs dumped with a Flipper Zero carrying a URI record (a link): no Tavola card.
        // The UID is the one their pages hold (the file's "UID:" line is the emulated one).
        for name in ["uberguidoz-rickroll.nfc", "uberguidoz-google.nfc"] {
            let found = read_dump(name);
            assert_eq!(found, Found { uid: "043991C2FC6780".into(), card: None }, "{name}");
        }
        let dir = tempfile::tempdir().unwrap();
        let mut j = Journal::open(dir.path().join("t.db")).unwrap().journal;
        let found = read_dump("uberguidoz-rickroll.nfc");
        learn(&mut j, "soc/loyalty/traitor", &found, |_| panic!("nothing to ask")).unwrap();
        assert_eq!(j.learned_tag("043991C2FC6780").unwrap().as_deref(), Some("soc/loyalty/traitor"));
    }

    #[test]
    fn constructed_dumps_read_as_blank_or_as_their_card() {
        assert_eq!(read_dump("factory-ntag213.nfc").card, None, "a tag as NXP ships it is blank");
        assert_eq!(read_dump("tavola-ntag215-merlin.nfc").card.as_deref(), Some("avalon/role/merlin"));
        // The factory NTAG213 is the simulator's own blank one, byte for byte up to the password
        // (which a dump never holds).
        let tag = load_dump(&data("factory-ntag213.nfc")).unwrap();
        let blank = SimTag::ntag213([0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80]);
        assert_eq!(tag.memory()[..43 * 4], blank.memory()[..43 * 4]);
    }

    #[test]
    fn a_dump_that_is_not_a_tag_is_refused_in_words() {
        let dir = tempfile::tempdir().unwrap();
        let bad = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            let m = load_dump(&path).unwrap_err();
            (en(m.clone()), Lang::It.text(&m))
        };
        let (e, i) = bad("a.nfc", "hello\n");
        assert!(e.contains("not a Flipper Zero NFC file") && i.contains("non è un file NFC"), "{e} / {i}");
        let (e, _) = bad("b.nfc", "Filetype: Flipper NFC device\nDevice type: Mifare DESFire\n");
        assert!(e.contains("Mifare DESFire"), "{e}");
        let text = std::fs::read_to_string(data("factory-ntag213.nfc")).unwrap();
        let (e, i) = bad("c.nfc", &text.replace("Page 44: 00 00 00 00\n", ""));
        assert!(e.contains("44 of 45 pages") && i.contains("44 pagine su 45"), "{e} / {i}");
        let (e, _) = bad("d.nfc", &text.replace("Page 2: ", "Page 2: 00 "));
        assert!(e.contains("line"), "{e}");
        let missing = en(load_dump(&dir.path().join("nowhere.nfc")).unwrap_err());
        assert!(missing.contains("nowhere.nfc"), "{missing}");
    }

    #[test]
    fn learning_asks_before_reassigning() {
        let dir = tempfile::tempdir().unwrap();
        let mut j = Journal::open(dir.path().join("t.db")).unwrap().journal;
        let found = Found { uid: "01020304".into(), card: None };
        learn(&mut j, "soc/loyalty/traitor", &found, |_| panic!("first time: nothing to ask")).unwrap();
        let err = en(learn(&mut j, "soc/loyalty/loyal-1", &found, |_| false).unwrap_err());
        assert!(err.contains("still soc/loyalty/traitor"), "{err}");
        learn(&mut j, "soc/loyalty/loyal-1", &found, |_| true).unwrap();
        assert_eq!(j.learned_tag("01020304").unwrap().as_deref(), Some("soc/loyalty/loyal-1"));
    }
}
