use super::*;
use crate::nfc::{
    crc_a, AntennaGain, CardId, GuardError, GuardedSpi, NfcConfig, NfcError, NfcEvent, NfcSession, TagError, Uid,
    WaitConfig,
};
use mfrc522::comm::blocking::spi::SpiInterface;
use mfrc522::Mfrc522;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::vec;
use std::vec::Vec;

const U7: [u8; 7] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66];
const U7B: [u8; 7] = [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44];
const U4: [u8; 4] = [0xDE, 0xAD, 0xBE, 0xEF];

fn uid(b: &[u8]) -> Uid {
    Uid::new(b).unwrap()
}

fn card(s: &str) -> Option<CardId> {
    CardId::new(s)
}

fn session(chip: &SimChip) -> NfcSession<SimChip> {
    NfcSession::new(chip.clone(), NfcConfig::default()).unwrap()
}

fn poll(s: &mut NfcSession<SimChip>, now: u64) -> Vec<NfcEvent> {
    let mut ev = Vec::new();
    s.poll(now, &mut |e| ev.push(e)).unwrap();
    ev
}

// ---------------------------------------------------------------------------------------------
// The unmodified mfrc522 crate against the simulated chip.

#[test]
fn mfrc522_crate_reads_an_ntag() {
    let chip = SimChip::new();
    chip.place(SimTag::ntag213(U7).with_card("avalon/role/merlin"));
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    assert_eq!(m.version().unwrap(), 0x92);
    let atqa = m.reqa().unwrap();
    let u = m.select(&atqa).unwrap();
    assert_eq!(u.as_bytes(), &U7);
    assert!(matches!(u, mfrc522::Uid::Double(_)));
    assert!(matches!(u.get_type(), mfrc522::Type::MifareUL));
    let block = m.mf_read(0).unwrap();
    assert_eq!(&block[..], &chip.tag().unwrap().memory()[..16]);
    assert_eq!(&block[12..16], &[0xE1, 0x10, 0x12, 0x00]);
    let block = m.mf_read(4).unwrap();
    assert_eq!(&block[..2], &[0x03, 3 + 15 + 18]);
    m.hlta().unwrap();
    // Halted: REQA gets no answer, WUPA wakes it.
    assert!(matches!(m.reqa(), Err(mfrc522::Error::Timeout)));
    let atqa = m.wupa().unwrap();
    assert_eq!(m.select(&atqa).unwrap().as_bytes(), &U7);
}

#[test]
fn mfrc522_crate_selects_a_classic_with_a_4_byte_uid() {
    let chip = SimChip::new();
    chip.place(SimTag::classic_1k(U4));
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    let atqa = m.wupa().unwrap();
    let u = m.select(&atqa).unwrap();
    assert!(matches!(u, mfrc522::Uid::Single(_)));
    assert_eq!(u.as_bytes(), &U4);
    assert!(matches!(u.get_type(), mfrc522::Type::Mifare1k));
    // No authentication in the simulation: READ is refused (4-bit NAK, so the crate's CRC check
    // fails).
    assert!(m.mf_read(4).is_err());
}

#[test]
fn a_selected_tag_ignores_the_next_reqa() {
    let chip = SimChip::new();
    chip.place(SimTag::ntag215(U7));
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    let atqa = m.reqa().unwrap();
    m.select(&atqa).unwrap();
    assert!(matches!(m.reqa(), Err(mfrc522::Error::Timeout)), "active tag must not answer REQA");
    assert!(m.reqa().is_ok(), "and is idle again afterwards");
}

#[test]
fn nothing_in_the_field_times_out() {
    let chip = SimChip::new();
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    assert!(matches!(m.wupa(), Err(mfrc522::Error::Timeout)));
    assert!(matches!(m.new_card_present(), Err(mfrc522::Error::Timeout)));
}

#[test]
fn crc_coprocessor_matches_the_software_crc() {
    let chip = SimChip::new();
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    chip.place(SimTag::ntag213(U7));
    // mf_read checks the answer's CRC with the coprocessor; our own READ frame uses crc_a.
    let atqa = m.wupa().unwrap();
    m.select(&atqa).unwrap();
    let [c0, c1] = crc_a(&[0x30, 0x04]);
    let rx = m.transceive::<18>(&[0x30, 0x04, c0, c1], 0, 0).unwrap();
    assert_eq!(rx.valid_bytes, 18);
    assert_eq!(crc_a(&rx.buffer[..16]), rx.buffer[16..]);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for len in 0..40 {
        let data: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        assert_eq!(crc_a(&data), tag::crc_a_bitwise(&data));
    }
}

#[test]
fn irq_latency_is_waited_for() {
    let chip = SimChip::new();
    chip.set_irq_latency(7);
    chip.place(SimTag::ntag216(U7).with_card("x/1"));
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: card("x/1") }]);
}

// ---------------------------------------------------------------------------------------------
// The session reads every tag kind.

#[test]
fn session_reads_each_tag_kind() {
    let cases: Vec<(SimTag, Uid, Option<CardId>)> = vec![
        (SimTag::ntag213(U7).with_card("avalon/role/merlin"), uid(&U7), card("avalon/role/merlin")),
        (SimTag::ntag215(U7B).with_card("camelot/black/siege"), uid(&U7B), card("camelot/black/siege")),
        (SimTag::ntag216(U7).with_card(&"k".repeat(64)), uid(&U7), card(&"k".repeat(64))),
        (SimTag::ntag213(U7).with_text("nottingham/favor/2"), uid(&U7), card("nottingham/favor/2")),
        (SimTag::ntag213(U7).with_text("Hello world"), uid(&U7), None),
        (SimTag::ntag213(U7), uid(&U7), None),
        (SimTag::ntag213(U7).unformatted(), uid(&U7), None),
        (SimTag::classic_1k(U4), uid(&U4), None),
    ];
    for (tag, u, c) in cases {
        let chip = SimChip::new();
        let label = format!("{:?}", tag.kind());
        chip.place(tag);
        let mut s = session(&chip);
        assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: u, card: c }], "{label}");
        assert_eq!(s.present(), Some(u));
    }
}

#[test]
fn long_messages_with_several_records_are_read() {
    // A 300-byte URI record first (long TLV and long record form), then the card record.
    let mut msg = vec![0x81, 1, 0, 0, 1, 0x2C, b'U'];
    msg.extend(std::iter::repeat_n(b'a', 300));
    msg.extend_from_slice(&[0x54, 15, 10]);
    msg.extend_from_slice(b"tavola.app:cardking/t/3xy");
    let chip = SimChip::new();
    chip.place(SimTag::ntag215(U7).with_ndef(&msg));
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: card("king/t/3xy") }]);
}

#[test]
fn a_message_too_big_for_the_session_is_uid_only() {
    let mut msg = vec![0xD1, 1, 0, 0, 2, 0x58, b'U'];
    msg[0] = 0xC1;
    msg.extend(std::iter::repeat_n(b'a', 600));
    let chip = SimChip::new();
    chip.place(SimTag::ntag216(U7).with_ndef(&msg));
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: None }]);
}

#[test]
fn a_clone_reader_is_accepted_and_reported() {
    let chip = SimChip::new();
    chip.set_version(0xB2);
    let s = session(&chip);
    assert_eq!(s.chip(), crate::nfc::ReaderChip::Clone(0xB2));
}

// ---------------------------------------------------------------------------------------------
// Presence.

#[test]
fn a_lying_tag_is_one_arrival_and_lifting_it_is_one_departure() {
    let chip = SimChip::new();
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0), []);
    chip.place(SimTag::ntag213(U7).with_card("a/b"));
    assert_eq!(poll(&mut s, 100), [NfcEvent::TagArrived { uid: uid(&U7), card: card("a/b") }]);
    for i in 2..30 {
        assert_eq!(poll(&mut s, i * 100), []);
    }
    let lifted = chip.remove().unwrap();
    assert_eq!(poll(&mut s, 3000), []);
    assert_eq!(poll(&mut s, 3100), []);
    assert_eq!(poll(&mut s, 3200), [NfcEvent::TagLeft { uid: uid(&U7) }]);
    // Back too soon (last seen at 2900): no second scan.
    chip.place(lifted.clone());
    assert_eq!(poll(&mut s, 3300), []);
    chip.remove();
    for t in [3400, 3500, 3600] {
        assert_eq!(poll(&mut s, t), []);
    }
    // Away long enough: a new scan.
    chip.place(lifted);
    assert_eq!(poll(&mut s, 5000), [NfcEvent::TagArrived { uid: uid(&U7), card: card("a/b") }]);
}

#[test]
fn swapping_tags_is_a_departure_and_an_arrival() {
    let chip = SimChip::new();
    let mut s = session(&chip);
    chip.place(SimTag::ntag213(U7).with_card("a/1"));
    poll(&mut s, 0);
    chip.place(SimTag::classic_1k(U4));
    assert_eq!(
        poll(&mut s, 100),
        [NfcEvent::TagLeft { uid: uid(&U7) }, NfcEvent::TagArrived { uid: uid(&U4), card: None }]
    );
}

// ---------------------------------------------------------------------------------------------
// Faults: a clear error or event, never a wrong card id.

#[test]
fn garbled_answers_yield_nothing_then_the_right_card() {
    for fault in [Fault::CrcError, Fault::Collision, Fault::Truncated, Fault::Corrupted] {
        // Hit every frame of the first read, one at a time.
        for skip in 0..12 {
            let chip = SimChip::new();
            chip.place(SimTag::ntag215(U7).with_card("shadows/knight/gawain"));
            let mut s = session(&chip);
            chip.inject_after(skip, fault);
            let mut ev = poll(&mut s, 0);
            // A collision flagged during anticollision reads as two tags at once: nothing read.
            ev.retain(|e| *e != NfcEvent::SeveralTags);
            assert!(
                ev.is_empty() || ev == [NfcEvent::TagArrived { uid: uid(&U7), card: card("shadows/knight/gawain") }],
                "{fault:?} after {skip}: {ev:?}"
            );
            chip.clear_faults();
            let ev2 = poll(&mut s, 100);
            if ev.is_empty() {
                assert_eq!(
                    ev2,
                    [NfcEvent::TagArrived { uid: uid(&U7), card: card("shadows/knight/gawain") }],
                    "{fault:?} after {skip}"
                );
            } else {
                assert_eq!(ev2, []);
            }
        }
    }
}

#[test]
fn pulling_the_tag_mid_read_never_gives_a_wrong_id() {
    for k in 0..30 {
        let chip = SimChip::new();
        chip.place(SimTag::ntag216(U7).with_card("legends/char/lancelot"));
        let mut s = session(&chip);
        chip.inject(Fault::PullAfter(k));
        let mut events = Vec::new();
        for t in 0..6 {
            events.extend(poll(&mut s, t * 100));
        }
        assert!(
            events.is_empty()
                || events
                    == [
                        NfcEvent::TagArrived { uid: uid(&U7), card: card("legends/char/lancelot") },
                        NfcEvent::TagLeft { uid: uid(&U7) }
                    ],
            "pulled after {k} frames: {events:?}"
        );
    }
}

#[test]
fn a_damaged_tag_is_reported_unreadable_after_three_tries() {
    let chip = SimChip::new();
    // NDEF TLV claims 0x80 bytes on a 144-byte area, but the message inside is inconsistent.
    chip.place(SimTag::ntag213(U7).write_user(0, &[0x03, 0x10, 0xD4, 15, 40, b't', b'a']));
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0), []);
    assert_eq!(poll(&mut s, 100), []);
    let ev = poll(&mut s, 200);
    assert!(
        matches!(ev[..], [NfcEvent::TagUnreadable { uid: u, error: TagError::Ndef(_) }] if u == uid(&U7)),
        "{ev:?}"
    );
    assert_eq!(poll(&mut s, 300), []);
    chip.remove();
    let mut ev = Vec::new();
    for t in [400, 500, 600] {
        ev.extend(poll(&mut s, t));
    }
    assert_eq!(ev, [NfcEvent::TagLeft { uid: uid(&U7) }]);
    assert!(s.stats().tag_errors >= 3);
}

#[test]
fn a_tag_whose_pages_disagree_with_its_uid_is_refused() {
    let chip = SimChip::new();
    // A tag whose page 0 holds another UID than the one it answers with.
    let t = SimTag::ntag213(U7).with_card("a/b");
    let p0 = &t.memory()[..4];
    let t = t.clone().with_page(0, [p0[0], p0[1] ^ 1, p0[2], p0[3]]);
    chip.place(t);
    let mut s = session(&chip);
    poll(&mut s, 0);
    poll(&mut s, 100);
    assert_eq!(poll(&mut s, 200), [NfcEvent::TagUnreadable { uid: uid(&U7), error: TagError::UidMismatch }]);
}

#[test]
fn no_reader_is_a_distinct_error() {
    for level in [0x00, 0xFF] {
        let chip = SimChip::new();
        chip.inject(Fault::DeadMiso(level));
        let before = chip.transactions();
        assert_eq!(
            NfcSession::new(chip.clone(), NfcConfig::default()).err(),
            Some(NfcError::NoReader { version: level })
        );
        assert_eq!(chip.transactions() - before, 1, "only the version register was read");
    }
}

#[test]
fn the_guard_bounds_the_crates_own_loops() {
    // With MISO floating high the crate's reset loop would spin forever on the power-down bit.
    let chip = SimChip::new();
    chip.inject(Fault::DeadMiso(0xFF));
    // 10 ms: 500 transactions of 20 µs.
    let r = Mfrc522::new(SpiInterface::new(GuardedSpi::new(chip.clone(), 10_000))).init();
    assert!(matches!(r, Err(mfrc522::Error::Comm(GuardError::Stalled))));
    assert!(chip.transactions() <= 501);
    // A stalled chip: transceive would wait for IRQ bits forever.
    let chip = SimChip::new();
    let mut m = Mfrc522::new(SpiInterface::new(GuardedSpi::new(chip.clone(), 10_000))).init().unwrap();
    chip.inject(Fault::Stall);
    m.version().unwrap(); // a new step
    let before = chip.transactions();
    assert!(matches!(m.wupa(), Err(mfrc522::Error::Comm(GuardError::Stalled))));
    // Paced reads of 250 µs and 20 µs each: 10 ms hold a few dozen; and the guard's own
    // reads of the set-up and its two writes of the timer's reload value.
    let spent = chip.transactions() - before;
    assert!(spent <= 50, "{spent} transactions");
}

#[test]
fn a_reader_that_stops_answering_mid_game_is_an_error_within_the_budget() {
    let chip = SimChip::new();
    chip.place(SimTag::ntag213(U7).with_card("a/b"));
    let cfg = NfcConfig { step_limit_ms: 500, ..NfcConfig::default() };
    let mut s = NfcSession::new(chip.clone(), cfg).unwrap();
    assert_eq!(poll(&mut s, 0).len(), 1);
    chip.inject(Fault::Stall);
    let before = chip.now_ns();
    assert_eq!(s.poll(100, &mut |_| {}), Err(NfcError::Stalled));
    // The chip's own time (its bus bytes and the pauses asked of it): the step ended within
    // its half second, however many reads that took.
    let took_ms = (chip.now_ns() - before.max(100_000_000)) / 1_000_000;
    assert!(took_ms <= 520, "the stalled step took {took_ms} ms");
    // The reader recovers: the session goes on, the tag is still the same visit.
    chip.clear_faults();
    assert_eq!(poll(&mut s, 200), []);
    assert_eq!(s.present(), Some(uid(&U7)));
}

#[test]
fn a_reader_unplugged_or_replaced_mid_game_is_reported() {
    let chip = SimChip::new();
    let mut s = session(&chip);
    poll(&mut s, 0);
    chip.inject(Fault::DeadMiso(0x00));
    assert_eq!(s.poll(100, &mut |_| {}), Err(NfcError::NoReader { version: 0 }));
    chip.clear_faults();
    chip.set_version(0x91);
    assert_eq!(s.poll(200, &mut |_| {}), Err(NfcError::ReaderChanged { expected: 0x92, found: 0x91 }));
}

#[test]
fn a_stalled_reader_at_start_is_reported() {
    let chip = SimChip::new();
    chip.inject(Fault::Stall);
    let cfg = NfcConfig { step_limit_ms: 6, ..NfcConfig::default() };
    assert_eq!(NfcSession::new(chip.clone(), cfg).err(), Some(NfcError::Stalled));
    // 6 ms of 20 µs transactions.
    assert!(chip.transactions() <= 302, "{}", chip.transactions());
}

// ---------------------------------------------------------------------------------------------
// Writing.

#[test]
fn written_cards_read_back() {
    for tag in [SimTag::ntag213(U7), SimTag::ntag215(U7).unformatted().write_user(0, &[0u8; 4]), SimTag::ntag216(U7)] {
        let chip = SimChip::new();
        let fresh = tag.memory()[12] == 0xE1;
        chip.place(tag);
        let mut s = session(&chip);
        let r = s.write_card(&card("avalon/role/percival").unwrap());
        if !fresh {
            assert_eq!(r, Err(NfcError::NotWritable));
            continue;
        }
        assert_eq!(r, Ok(uid(&U7)));
        assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: card("avalon/role/percival") }]);
    }
}

#[test]
fn write_errors_are_clear() {
    let chip = SimChip::new();
    let mut s = session(&chip);
    let id = card("a/b").unwrap();
    assert_eq!(s.write_card(&id), Err(NfcError::NoTag));
    chip.place(SimTag::classic_1k(U4));
    assert_eq!(s.write_card(&id), Err(NfcError::NotWritable));
    chip.place(SimTag::ntag213(U7));
    assert_eq!(s.write_ndef(&[0u8; 200]), Err(NfcError::TooLarge { needed: 203, capacity: 144 }));
}

#[test]
fn an_interrupted_write_leaves_the_old_card_or_an_empty_tag_or_the_new_card() {
    let id = card("king/knight/kay").unwrap();
    let mut outcomes = [0u32; 3];
    for k in 0..40 {
        let chip = SimChip::new();
        chip.place(SimTag::ntag213(U7).with_card("old/card/zzzzzzzzzzzzzzzzzzzzz"));
        let mut s = session(&chip);
        chip.inject(Fault::PullAfter(k));
        let result = s.write_card(&id);
        let tag = chip.remove().or(chip.take_pulled()).unwrap();
        let chip2 = SimChip::new();
        chip2.place(tag);
        let mut s2 = session(&chip2);
        let ev = poll(&mut s2, 0);
        let allowed: &[Option<CardId>] =
            if result.is_ok() { &[Some(id)] } else { &[card("old/card/zzzzzzzzzzzzzzzzzzzzz"), None, Some(id)] };
        let found = allowed.iter().position(|c| ev == [NfcEvent::TagArrived { uid: uid(&U7), card: *c }]);
        assert!(found.is_some(), "after {k} frames: {ev:?} ({result:?})");
        let c = match &ev[..] {
            [NfcEvent::TagArrived { card, .. }] => *card,
            _ => unreachable!(),
        };
        outcomes[if c == Some(id) {
            2
        } else if c.is_none() {
            1
        } else {
            0
        }] += 1;
    }
    // Cut early: old card; cut while writing: empty; cut after the last page: new card.
    assert!(outcomes.iter().all(|&n| n > 0), "old/empty/new outcomes: {outcomes:?}");
}

// ---------------------------------------------------------------------------------------------
// Cost of polling.

/// Polls `s` at `now` and returns the SPI transactions and the chip's time (µs) the poll took.
fn cost(chip: &SimChip, s: &mut NfcSession<SimChip>, now: u64) -> (u64, u64) {
    chip.sync_ms(now);
    let (t0, us0) = (chip.transactions(), chip.now_us());
    poll(s, now);
    (chip.transactions() - t0, chip.now_us() - us0)
}

#[test]
fn idle_poll_cost_in_spi_transactions() {
    let chip = SimChip::new();
    let mut s = session(&chip);
    cost(&chip, &mut s, 0);
    let (idle, idle_us) = cost(&chip, &mut s, 100);
    // Version, then WUPA: Idle, clear IRQs, flush, FIFO write, Transceive, StartSend, and the
    // interrupt register read after each 250 µs pause until the 1 ms timer runs out.
    assert!(idle <= 14, "an idle poll costs {idle} SPI transactions");
    assert!(idle_us < 1_600, "an idle poll keeps the bus for {idle_us} µs");
    chip.place(SimTag::ntag213(U7).with_card("a/b"));
    cost(&chip, &mut s, 200);
    let (present, present_us) = cost(&chip, &mut s, 300);
    assert!(present < 120, "a poll with the tag lying there costs {present} transactions");
    eprintln!("idle poll: {idle} SPI transactions, {idle_us} µs; tag lying there: {present}, {present_us} µs");
}

#[test]
fn the_chips_timer_takes_its_programmed_time_and_the_crates_wait_would_spin_through_it() {
    // The crate alone: a 25 ms timer and the interrupt register read back to back. On the
    // simulated chip, as on a real one, every read takes its time on the bus (about 18 µs at
    // 1 MHz), so the wait for nothing costs over a thousand reads: a busy processor for 25 ms.
    let chip = SimChip::new();
    let cfg = NfcConfig { wait: WaitConfig::CRATE, ..NfcConfig::default() };
    let mut s = NfcSession::new(chip.clone(), cfg).unwrap();
    cost(&chip, &mut s, 0);
    let (spun, spun_us) = cost(&chip, &mut s, 100);
    assert!(spun > 1_000, "{spun} transactions");
    assert!((25_000..27_000).contains(&spun_us), "the timer ran {spun_us} µs");
    // Bounded: a 1 ms timer and paced reads.
    let mut s = session(&chip);
    cost(&chip, &mut s, 200);
    let (paced, paced_us) = cost(&chip, &mut s, 300);
    assert!(paced * 50 < spun, "{paced} against {spun} transactions");
    assert!(paced_us < 1_600, "{paced_us} µs");
    // The timer's reload went through the guard: 1 ms is 40 ticks of 25 µs.
    assert_eq!((chip.register(0x2C), chip.register(0x2D)), (0, 39));
}

#[test]
fn a_write_waits_for_the_tag_to_program_its_memory() {
    // An NTAG acknowledges a WRITE only after 4.1 ms: with the short timer alone every write
    // would time out. The guard gives WRITE its own, longer timeout.
    let chip = SimChip::new();
    chip.place(SimTag::ntag213(U7));
    let mut s = session(&chip);
    let id = CardId::new("avalon/role/merlin").unwrap();
    assert_eq!(s.write_card(&id), Ok(uid(&U7)));
    let short =
        NfcConfig { wait: WaitConfig { write_timeout_us: 1_000, ..WaitConfig::default() }, ..NfcConfig::default() };
    let mut s = NfcSession::new(chip.clone(), short).unwrap();
    assert_eq!(s.write_card(&id), Err(NfcError::Tag(TagError::NoAnswer)));
}

#[test]
fn the_antenna_gain_is_set_for_small_stickers() {
    let chip = SimChip::new();
    assert_eq!(chip.register(0x26), 0x48, "33 dB after reset");
    let _s = session(&chip);
    assert_eq!(chip.register(0x26), AntennaGain::Db48.register());
    assert_eq!(chip.register(0x26) & 0x70, 0x70, "48 dB");
}

#[test]
fn two_tags_at_once_collide_and_are_said_once_without_losing_the_reader() {
    let chip = SimChip::new();
    let mut s = session(&chip);
    chip.place(SimTag::ntag213(U7).with_card("a/one"));
    assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: card("a/one") }]);
    // A second card laid beside it: same ATQA, UIDs that differ from the 3rd byte on.
    chip.add(SimTag::ntag213(U7B).with_card("a/two"));
    assert_eq!(poll(&mut s, 100), [NfcEvent::SeveralTags]);
    for t in 2..8 {
        assert_eq!(poll(&mut s, t * 100), [], "said once, and the first card is not declared gone");
    }
    assert_eq!(s.present(), Some(uid(&U7)));
    assert!(s.several(), "still two");
    // The second one lifted: the first is still the same visit, nothing new.
    chip.remove_uid(&U7B);
    assert_eq!(poll(&mut s, 900), []);
    assert!(!s.several(), "one again");
    // Both again, then the first lifted: the second one arrives.
    chip.add(SimTag::ntag213(U7B).with_card("a/two"));
    assert_eq!(poll(&mut s, 1_000), [NfcEvent::SeveralTags]);
    chip.remove_uid(&U7);
    assert_eq!(
        poll(&mut s, 1_100),
        [NfcEvent::TagLeft { uid: uid(&U7) }, NfcEvent::TagArrived { uid: uid(&U7B), card: card("a/two") }]
    );
    // A UID-only card and an NTAG: their ATQAs already differ.
    chip.add(SimTag::classic_1k(U4));
    assert_eq!(poll(&mut s, 1_200), [NfcEvent::SeveralTags]);
}

#[test]
fn the_crates_own_anticollision_picks_one_of_two_tags_on_the_simulated_air() {
    // The collision is modelled bit by bit: the crate's loop, resolving it, selects one tag.
    let chip = SimChip::new();
    chip.place(SimTag::ntag213(U7));
    chip.add(SimTag::ntag213(U7B));
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    let atqa = m.wupa().unwrap();
    let u = m.select(&atqa).unwrap();
    assert!(u.as_bytes() == U7 || u.as_bytes() == U7B, "{:?}", u.as_bytes());
}

// ---------------------------------------------------------------------------------------------
// Property: random sequences of placing, removing and faults never give a wrong card id.

#[test]
fn random_sequences_never_give_a_wrong_card_id() {
    let pool: Vec<(SimTag, Option<&str>)> = vec![
        (SimTag::ntag213(U7).with_card("avalon/role/merlin"), Some("avalon/role/merlin")),
        (SimTag::ntag215(U7B).with_card("avalon/role/assassin"), Some("avalon/role/assassin")),
        (SimTag::ntag216([0x04, 1, 2, 3, 4, 5, 6]).with_text("camelot/white/grail"), Some("camelot/white/grail")),
        (SimTag::ntag213([0x04, 9, 9, 9, 9, 9, 9]), None),
        (SimTag::ntag215([0x04, 7, 7, 7, 7, 7, 7]).unformatted(), None),
        (SimTag::classic_1k(U4), None),
        (SimTag::classic_1k([1, 2, 3, 4]), None),
    ];
    let expected = |u: &Uid| pool.iter().find(|(t, _)| t.uid() == u.as_bytes()).map(|(_, c)| c.and_then(CardId::new));
    let mut rng = ChaCha8Rng::seed_from_u64(0x7A_0014);
    let mut arrivals = 0u32;
    for _seq in 0..10_000 {
        let chip = SimChip::new();
        let mut s = session(&chip);
        let mut now = 0u64;
        let mut announced: Option<Uid> = None;
        for _step in 0..6 {
            match rng.random_range(0..10) {
                0..=2 => chip.place(pool[rng.random_range(0..pool.len())].0.clone()),
                3 => {
                    chip.remove();
                }
                4 => chip.inject(Fault::PullAfter(rng.random_range(0..25))),
                5 => chip.inject(
                    [Fault::CrcError, Fault::Collision, Fault::Truncated, Fault::Corrupted][rng.random_range(0..4)],
                ),
                _ => {}
            }
            now += rng.random_range(50..700);
            let mut events = Vec::new();
            s.poll(now, &mut |e| events.push(e)).unwrap();
            for e in events {
                match e {
                    NfcEvent::TagArrived { uid: u, card: c } => {
                        arrivals += 1;
                        assert_eq!(Some(c), expected(&u), "wrong card for {u}");
                        assert_eq!(announced, None, "arrival while {announced:?} is still on the reader");
                        announced = Some(u);
                    }
                    NfcEvent::TagLeft { uid: u } => {
                        assert_eq!(announced, Some(u));
                        announced = None;
                    }
                    NfcEvent::TagUnreadable { uid: u, .. } => {
                        assert!(expected(&u).is_some(), "unknown uid {u}");
                        assert_eq!(announced, None);
                        announced = Some(u);
                    }
                    // An injected collision reads as two tags answering at once.
                    NfcEvent::SeveralTags => {}
                }
            }
        }
    }
    assert!(arrivals > 5_000, "the sequences should read plenty of tags ({arrivals})");
}

// ---------------------------------------------------------------------------------------------
// Tags as NXP makes them.

#[test]
fn a_factory_ntag213_carries_a_lock_control_tlv_and_reads_blank() {
    let tag = SimTag::ntag213(U7);
    assert_eq!(&tag.memory()[12..24], &[0xE1, 0x10, 0x12, 0x00, 0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE]);
    assert_eq!(&SimTag::ntag215(U7).memory()[16..20], &[0x03, 0x00, 0xFE, 0x00]);
    let chip = SimChip::new();
    chip.place(tag);
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: None }]);
}

#[test]
fn locked_pages_refuse_writes_and_the_capability_container_is_one_time() {
    let chip = SimChip::new();
    // Pages 4 to 7 locked by the static lock bytes.
    chip.place(SimTag::ntag213(U7).with_static_lock([0xF0, 0x00]));
    let mut s = session(&chip);
    let id = CardId::new("avalon/role/merlin").unwrap();
    assert_eq!(s.write_card(&id), Err(NfcError::Tag(TagError::Nak(0))));
    assert_eq!(&chip.tag().unwrap().memory()[16..24], &[0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE]);

    // The capability container's bits can be set, never cleared; the UID pages never change.
    chip.place(SimTag::ntag213(U7));
    let mut m = Mfrc522::new(SpiInterface::new(chip.clone())).init().unwrap();
    let atqa = m.wupa().unwrap();
    m.select(&atqa).unwrap();
    let write = |m: &mut Mfrc522<_, _>, page: u8, d: [u8; 4]| {
        let mut cmd = vec![0xA2, page, d[0], d[1], d[2], d[3]];
        let crc = crc_a(&cmd);
        cmd.extend_from_slice(&crc);
        m.transceive::<1>(&cmd, 0, 0).map(|rx| rx.buffer[0] & 0x0F)
    };
    assert_eq!(write(&mut m, 3, [0x00, 0x00, 0x00, 0x0F]), Ok(0xA));
    assert_eq!(&chip.tag().unwrap().memory()[12..16], &[0xE1, 0x10, 0x12, 0x0F], "bits OR'ed in");
    assert_eq!(write(&mut m, 0, [0; 4]), Ok(0x0), "the UID page refuses");
    // With the write access bits set in the container, Tavola does not even try.
    let atqa = m.wupa().unwrap();
    m.select(&atqa).unwrap();
    m.hlta().unwrap();
    let mut s = session(&chip);
    assert_eq!(s.write_card(&id), Err(NfcError::NotWritable));
}

/// A chip that resets itself mid-game (its version reads as before, its antenna and timer
/// settings are gone): the next step finds the settings lost and writes them again, and the
/// tag on the reader is still seen, no stall, no "reader gone".
#[test]
fn a_chip_that_resets_itself_is_set_up_again_and_keeps_reading() {
    let chip = SimChip::new();
    chip.place(SimTag::ntag213(U7).with_card("a/b"));
    let mut s = session(&chip);
    assert_eq!(poll(&mut s, 0).len(), 1);
    chip.inject(Fault::SelfReset);
    for t in 1..=5 {
        assert_eq!(s.poll(t * 100, &mut |_| {}), Ok(()), "poll {t} after the reset");
    }
    assert_eq!(s.present(), Some(uid(&U7)), "the card never left");
    // A card laid after the reset is read whole.
    chip.remove();
    for t in 6..=10 {
        s.poll(t * 1000, &mut |_| {}).unwrap();
    }
    chip.place(SimTag::ntag213(U7).with_card("c/d"));
    let seen = poll(&mut s, 20_000);
    assert!(seen.iter().any(|e| matches!(e, NfcEvent::TagArrived { .. })), "{seen:?}");
}

/// A transfer error of the bus ends the poll with the bus's error; the failed transaction never
/// reaches the chip, and the session polls on afterwards.
#[test]
fn a_transfer_error_is_the_buses_error_and_reaches_nothing() {
    let chip = SimChip::new();
    chip.place(SimTag::ntag213(U7).with_card("a/b"));
    let mut s = session(&chip);
    chip.inject(Fault::TransferErrorAfter(0));
    let before = chip.transactions();
    assert_eq!(s.poll(0, &mut |_| {}), Err(NfcError::Spi(TransferError)));
    assert_eq!(chip.transactions(), before, "the failed transaction never reached the chip");
    assert_eq!(poll(&mut s, 100), [NfcEvent::TagArrived { uid: uid(&U7), card: card("a/b") }]);
    // Counted in transactions: the third from now fails, the two before go through.
    chip.inject(Fault::TransferErrorAfter(2));
    let before = chip.transactions();
    assert!(s.poll(200, &mut |_| {}).is_err());
    assert_eq!(chip.transactions(), before + 2);
    chip.inject(Fault::TransferErrorAfter(5));
    chip.clear_faults();
    assert_eq!(poll(&mut s, 300), []);
}

/// The card ids of these tests: one real card of each game (a copy of those that come in
/// several), with its entry in games/data/catalog.
const GAME_CARDS: [&str; 5] = [
    "avalon/mission/fail-2",
    "soc/black/despair-3",
    "legends/character/sir-bors",
    "nottingham/item/copper-coin-5",
    "kak/quest/tree-of-life",
];

#[test]
fn the_cards_of_these_tests_are_in_the_catalogs() {
    let catalogs = [
        (include_str!("../../../games/data/catalog/avalon.json"), "avalon/mission/fail", true),
        (include_str!("../../../games/data/catalog/soc.json"), "soc/black/despair", true),
        (include_str!("../../../games/data/catalog/legends.json"), "legends/character/sir-bors", false),
        (include_str!("../../../games/data/catalog/nottingham.json"), "nottingham/item/copper-coin", true),
        (include_str!("../../../games/data/catalog/kak.json"), "kak/quest/tree-of-life", false),
    ];
    for (id, (catalog, entry, copies)) in GAME_CARDS.iter().zip(catalogs) {
        let at = catalog.find(&std::format!("\"id\": \"{entry}\"")).unwrap_or_else(|| panic!("{entry}"));
        let next = catalog[at + 1..].find("\"id\"").map_or(catalog.len(), |n| at + 1 + n);
        assert_eq!(catalog[at..next].contains("\"copies\""), copies, "{entry}");
        assert!(id.starts_with(entry), "{id}");
    }
}

/// A chip that resets itself while a frame goes out, at every frame of laying a card and reading
/// it: the frame is lost, the next step sets the chip up again, and the card is announced once,
/// whole, never wrong; the session never fails.
#[test]
fn a_chip_that_resets_itself_mid_read_gives_the_card_once_and_keeps_its_session() {
    for id in GAME_CARDS {
        for k in 0..24 {
            let chip = SimChip::new();
            let mut s = session(&chip);
            chip.place(SimTag::ntag215(U7).with_card(id));
            chip.inject(Fault::SelfResetAfter(k));
            let mut events = Vec::new();
            for t in 0..10 {
                let polled = s.poll(t * 100, &mut |e| events.push(e));
                assert_eq!(polled, Ok(()), "{id}, reset at frame {k}, poll {t}");
            }
            assert_eq!(events, [NfcEvent::TagArrived { uid: uid(&U7), card: card(id) }], "{id}, reset at frame {k}");
        }
    }
}

/// A session started after another failed goes on from what it knew: the card lying on the
/// reader throughout is not announced again; lifted (three polls without it) it leaves, and laid
/// again it is a new read. A session that starts knowing nothing announces it again.
#[test]
fn a_session_that_takes_over_from_another_goes_on_with_the_same_visits() {
    for id in GAME_CARDS {
        let chip = SimChip::new();
        chip.place(SimTag::ntag213(U7).with_card(id));
        let mut first = session(&chip);
        assert_eq!(poll(&mut first, 0), [NfcEvent::TagArrived { uid: uid(&U7), card: card(id) }]);
        chip.inject(Fault::TransferErrorAfter(3));
        assert!(first.poll(100, &mut |_| {}).is_err(), "{id}");

        let mut forgetful = session(&chip);
        assert_eq!(poll(&mut forgetful, 2_100), [NfcEvent::TagArrived { uid: uid(&U7), card: card(id) }]);

        let mut next = session(&chip);
        next.recall(first.presence());
        assert_eq!(next.present(), Some(uid(&U7)));
        for t in 21..40 {
            assert_eq!(poll(&mut next, t * 100), [], "{id} at {t}");
        }
        let lifted = chip.remove().unwrap();
        assert_eq!(poll(&mut next, 4_000), []);
        assert_eq!(poll(&mut next, 4_100), []);
        assert_eq!(poll(&mut next, 4_200), [NfcEvent::TagLeft { uid: uid(&U7) }], "{id}");
        chip.place(lifted);
        assert_eq!(poll(&mut next, 6_000), [NfcEvent::TagArrived { uid: uid(&U7), card: card(id) }], "{id}");
    }
}
