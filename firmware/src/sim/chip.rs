//! The MFRC522 register model behind [`super::SimChip`].

use std::collections::VecDeque;
use std::vec::Vec;

use super::tag::{crc_a_bitwise, Answer, SimTag};
use super::Fault;

const COMMAND: usize = 0x01;
const COM_IRQ: usize = 0x04;
const DIV_IRQ: usize = 0x05;
const ERROR: usize = 0x06;
const STATUS1: usize = 0x07;
const FIFO_DATA: usize = 0x09;
const FIFO_LEVEL: usize = 0x0A;
const CONTROL: usize = 0x0C;
const BIT_FRAMING: usize = 0x0D;
const COLL: usize = 0x0E;
const TX_CONTROL: usize = 0x14;
const CRC_HIGH: usize = 0x21;
const CRC_LOW: usize = 0x22;
const T_MODE: usize = 0x2A;
const T_PRESCALER: usize = 0x2B;
const T_RELOAD_HIGH: usize = 0x2C;
const T_RELOAD_LOW: usize = 0x2D;
const VERSION: usize = 0x37;

/// The MFRC522's clock, 13.56 MHz: the timer counts in its periods.
const CARRIER_HZ: u64 = 13_560_000;
/// One bit on the air at 106 kbit/s (128 carrier periods), in ns.
const BIT_NS: u64 = 128 * 1_000_000_000 / CARRIER_HZ;
/// From the end of the reader's frame to the tag's first bit (ISO/IEC 14443-3 FDT, about
/// 1236 carrier periods for a frame ending with a 0).
const FDT_NS: u64 = 1236 * 1_000_000_000 / CARRIER_HZ;
/// The gap between two SPI transactions (chip select high, the next call coming), in ns.
const CS_GAP_NS: u64 = 2_000;

const CMD_IDLE: u8 = 0x0;
const CMD_CALC_CRC: u8 = 0x3;
const CMD_TRANSCEIVE: u8 = 0xC;
const CMD_MF_AUTHENT: u8 = 0xE;
const CMD_SOFT_RESET: u8 = 0xF;

const TIMER_IRQ: u8 = 1 << 0;
const ERR_IRQ: u8 = 1 << 1;
const IDLE_IRQ: u8 = 1 << 4;
const RX_IRQ: u8 = 1 << 5;
const TX_IRQ: u8 = 1 << 6;
const CRC_IRQ: u8 = 1 << 2;

const PROTOCOL_ERR: u8 = 1 << 0;
const CRC_ERR: u8 = 1 << 2;
const COLL_ERR: u8 = 1 << 3;
const BUFFER_OVFL: u8 = 1 << 4;

const FIFO_SIZE: usize = 64;

/// Register values after power-on or soft reset (datasheet table 20 and section 9.3).
fn reset_values() -> [u8; 64] {
    let mut r = [0u8; 64];
    for (a, v) in [
        (0x01, 0x20),
        (0x02, 0x80),
        (0x04, 0x14),
        (0x07, 0x21),
        (0x0B, 0x08),
        (0x0C, 0x10),
        (0x0E, 0xA0),
        (0x11, 0x3F),
        (0x14, 0x80),
        (0x16, 0x10),
        (0x17, 0x84),
        (0x18, 0x84),
        (0x19, 0x4D),
        (0x1C, 0x62),
        (0x1F, 0xEB),
        (0x21, 0xFF),
        (0x22, 0xFF),
        (0x24, 0x26),
        (0x26, 0x48),
        (0x27, 0x88),
        (0x28, 0x20),
        (0x29, 0x20),
    ] {
        r[a] = v;
    }
    r
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    Start,
    Read(usize),
    Write(usize),
}

/// Chip state shared between the SPI side and the test/app side.
#[derive(Debug)]
pub(crate) struct ChipState {
    regs: [u8; 64],
    fifo: VecDeque<u8>,
    rx_last_bits: u8,
    mode: Mode,
    /// Interrupt bits still to come: the bits, IRQ register reads still to wait (the
    /// `irq_latency` model) and the chip time from which they are set.
    pending_com: Option<(u8, u32, u64)>,
    pending_div: Option<(u8, u32)>,
    /// The chip's time in ns: follows the table's clock ([`ChipState::sync_ms`]) and moves on
    /// with every byte on the SPI bus and every pause.
    pub now_ns: u64,
    /// SPI clock, for the time each byte takes.
    pub spi_hz: u32,
    powerdown_reads: u32,
    pub version: u8,
    /// The tags in the field, in the order they were laid.
    pub tags: Vec<SimTag>,
    pub one_shot: VecDeque<Option<Fault>>,
    pub pull_after: Option<u32>,
    pub pulled: Option<SimTag>,
    /// Frames still to go out before the chip resets itself ([`Fault::SelfResetAfter`]).
    pub reset_after: Option<u32>,
    /// Transactions still to go through before one fails ([`Fault::TransferErrorAfter`]).
    pub fail_after: Option<u32>,
    pub dead: Option<u8>,
    /// The RST pin is low: the chip is in hard power-down (MISO reads 0, nothing happens).
    pub rst_low: bool,
    pub stalled: bool,
    pub irq_latency: u32,
    pub reset_powerdown_reads: u32,
    pub transactions: u64,
    pub frames: u64,
}

impl ChipState {
    pub fn new() -> Self {
        ChipState {
            regs: reset_values(),
            fifo: VecDeque::new(),
            rx_last_bits: 0,
            mode: Mode::Start,
            pending_com: None,
            pending_div: None,
            now_ns: 0,
            spi_hz: 1_000_000,
            powerdown_reads: 0,
            version: 0x92,
            tags: Vec::new(),
            one_shot: VecDeque::new(),
            pull_after: None,
            pulled: None,
            reset_after: None,
            fail_after: None,
            dead: None,
            rst_low: false,
            stalled: false,
            irq_latency: 0,
            reset_powerdown_reads: 2,
            transactions: 0,
            frames: 0,
        }
    }

    /// Starts an SPI transaction (chip select asserted).
    pub fn begin(&mut self) {
        self.transactions += 1;
        self.mode = Mode::Start;
        self.now_ns += CS_GAP_NS;
    }

    /// The RST pin goes low (hard power-down) or high (the chip starts afresh, as at power-on).
    pub fn set_rst(&mut self, high: bool) {
        if high && self.rst_low {
            self.regs = reset_values();
            self.fifo.clear();
            self.pending_com = None;
            self.pending_div = None;
            self.rx_last_bits = 0;
            self.field_off();
        }
        self.rst_low = !high;
    }

    /// A register's value as the chip holds it (no side effect).
    pub fn register(&self, a: u8) -> u8 {
        self.regs[usize::from(a & 0x3F)]
    }

    /// The chip resets itself: its registers back to their power-on values, its FIFO and
    /// pending interrupts gone, the field off. The version register is not a register that
    /// changes: it reads as before.
    pub fn self_reset(&mut self) {
        self.regs = reset_values();
        self.fifo.clear();
        self.pending_com = None;
        self.pending_div = None;
        self.rx_last_bits = 0;
        self.mode = Mode::Start;
        self.field_off();
    }

    /// Time passes (a pause on the bus, the table's clock moving on).
    pub fn wait_ns(&mut self, ns: u64) {
        self.now_ns = self.now_ns.saturating_add(ns);
    }

    /// The table's clock reads `ms`: the chip's time catches up with it (it never goes back).
    pub fn sync_ms(&mut self, ms: u64) {
        self.now_ns = self.now_ns.max(ms.saturating_mul(1_000_000));
    }

    /// How long the timer runs once started: (TReload + 1) periods of (2 * TPrescaler + 1)
    /// carrier periods.
    fn timer_ns(&self) -> u64 {
        let prescaler = (u64::from(self.regs[T_MODE] & 0x0F) << 8) | u64::from(self.regs[T_PRESCALER]);
        let reload = (u64::from(self.regs[T_RELOAD_HIGH]) << 8) | u64::from(self.regs[T_RELOAD_LOW]);
        (reload + 1) * (2 * prescaler + 1) * 1_000_000_000 / CARRIER_HZ
    }

    /// One byte on the bus: MOSI in, MISO out.
    pub fn exchange(&mut self, mosi: u8) -> u8 {
        self.now_ns += 8 * 1_000_000_000 / u64::from(self.spi_hz.max(1));
        if let Some(level) = self.dead {
            return level;
        }
        if self.rst_low {
            return 0x00;
        }
        let addr = usize::from((mosi >> 1) & 0x3F);
        match self.mode {
            Mode::Start => {
                self.mode = if mosi & 0x80 != 0 { Mode::Read(addr) } else { Mode::Write(addr) };
                0
            }
            Mode::Read(a) => {
                let v = self.read(a);
                self.mode = Mode::Read(addr);
                v
            }
            Mode::Write(a) => {
                self.write(a, mosi);
                0
            }
        }
    }

    fn read(&mut self, a: usize) -> u8 {
        match a {
            COMMAND => {
                let mut v = self.regs[COMMAND];
                if self.powerdown_reads > 0 {
                    self.powerdown_reads -= 1;
                    v |= 0x10;
                }
                v
            }
            COM_IRQ => {
                if let Some((bits, n, at)) = self.pending_com {
                    if n <= 1 && self.now_ns >= at {
                        self.regs[COM_IRQ] |= bits;
                        self.pending_com = None;
                    } else {
                        self.pending_com = Some((bits, n.saturating_sub(1), at));
                    }
                }
                self.regs[COM_IRQ] & 0x7F
            }
            DIV_IRQ => {
                if let Some((bits, n)) = self.pending_div {
                    if n <= 1 {
                        self.regs[DIV_IRQ] |= bits;
                        self.pending_div = None;
                    } else {
                        self.pending_div = Some((bits, n - 1));
                    }
                }
                self.regs[DIV_IRQ] & 0x7F
            }
            FIFO_DATA => self.fifo.pop_front().unwrap_or(0),
            FIFO_LEVEL => self.fifo.len() as u8,
            CONTROL => (self.regs[CONTROL] & !0x07) | (self.rx_last_bits & 0x07),
            VERSION => self.version,
            _ => self.regs[a],
        }
    }

    fn write(&mut self, a: usize, v: u8) {
        match a {
            COMMAND => self.command(v),
            COM_IRQ | DIV_IRQ => {
                if v & 0x80 != 0 {
                    self.regs[a] |= v & 0x7F;
                } else {
                    self.regs[a] &= !v;
                }
            }
            FIFO_DATA => {
                if self.fifo.len() < FIFO_SIZE {
                    self.fifo.push_back(v);
                } else {
                    self.regs[ERROR] |= BUFFER_OVFL;
                }
            }
            FIFO_LEVEL => {
                if v & 0x80 != 0 {
                    self.fifo.clear();
                    self.regs[ERROR] &= !BUFFER_OVFL;
                }
            }
            BIT_FRAMING => {
                self.regs[BIT_FRAMING] = v & 0x7F;
                if v & 0x80 != 0 && self.regs[COMMAND] & 0x0F == CMD_TRANSCEIVE {
                    self.transceive();
                }
            }
            TX_CONTROL => {
                self.regs[TX_CONTROL] = v;
                if v & 0x03 == 0 {
                    self.field_off();
                }
            }
            ERROR | STATUS1 | VERSION => {}
            _ => self.regs[a] = v,
        }
    }

    fn field_off(&mut self) {
        for t in &mut self.tags {
            t.power_up();
        }
    }

    /// Interrupt bits that appear `after_ns` from now (and after `irq_latency` reads).
    fn schedule_com(&mut self, bits: u8, after_ns: u64) {
        if self.stalled {
            return;
        }
        if self.irq_latency == 0 && after_ns == 0 {
            self.regs[COM_IRQ] |= bits;
        } else {
            self.pending_com = Some((bits, self.irq_latency, self.now_ns + after_ns));
        }
    }

    fn command(&mut self, v: u8) {
        let cmd = v & 0x0F;
        self.regs[COMMAND] = v & 0x2F;
        match cmd {
            CMD_IDLE => {
                self.pending_com = None;
                self.pending_div = None;
            }
            CMD_CALC_CRC => {
                let data: Vec<u8> = self.fifo.drain(..).collect();
                let [lo, hi] = crc_a_bitwise(&data);
                self.regs[CRC_LOW] = lo;
                self.regs[CRC_HIGH] = hi;
                if !self.stalled {
                    if self.irq_latency == 0 {
                        self.regs[DIV_IRQ] |= CRC_IRQ;
                    } else {
                        self.pending_div = Some((CRC_IRQ, self.irq_latency));
                    }
                }
            }
            CMD_TRANSCEIVE => self.regs[ERROR] = 0,
            CMD_SOFT_RESET => {
                self.regs = reset_values();
                self.fifo.clear();
                self.pending_com = None;
                self.pending_div = None;
                self.rx_last_bits = 0;
                self.powerdown_reads = if self.stalled { u32::MAX } else { self.reset_powerdown_reads };
                self.field_off();
            }
            CMD_MF_AUTHENT => {
                self.regs[ERROR] = PROTOCOL_ERR;
                self.schedule_com(ERR_IRQ | IDLE_IRQ, 0);
            }
            _ => self.schedule_com(IDLE_IRQ, 0),
        }
    }

    /// StartSend with Transceive active: the FIFO goes out on the air, the tags' answers come
    /// back into the FIFO, each interrupt bit when the air time says so.
    fn transceive(&mut self) {
        let framing = self.regs[BIT_FRAMING];
        let tx_last_bits = framing & 0x07;
        let rx_align = (framing >> 4) & 0x07;
        let frame: Vec<u8> = self.fifo.drain(..).collect();
        self.regs[ERROR] = 0;
        self.rx_last_bits = 0;
        self.frames += 1;
        if self.stalled {
            return;
        }
        match self.reset_after {
            Some(0) => {
                // The reset meets the frame: it never goes out, and its command is gone.
                self.reset_after = None;
                self.self_reset();
                return;
            }
            Some(k) => self.reset_after = Some(k - 1),
            None => {}
        }
        match self.pull_after {
            Some(0) => {
                self.pulled = if self.tags.is_empty() { None } else { Some(self.tags.remove(0)) };
                self.pull_after = None;
            }
            Some(k) => self.pull_after = Some(k - 1),
            None => {}
        }
        // The reader's frame on the air: 9 bits a byte (with parity), a short frame 7 bits.
        let tx_bits = match tx_last_bits {
            0 => frame.len() as u64 * 9,
            n => frame.len().saturating_sub(1) as u64 * 9 + u64::from(n),
        };
        let tx_ns = tx_bits * BIT_NS;
        let field = self.regs[TX_CONTROL] & 0x03 != 0;
        let answers: Vec<Answer> = if field {
            self.tags.iter_mut().filter_map(|t| t.handle(&frame, tx_last_bits)).collect()
        } else {
            Vec::new()
        };
        let auto_timer = self.regs[T_MODE] & 0x80 != 0;
        // The timer starts at the end of the frame and stops at the tag's first bits.
        let timer_end = tx_ns + self.timer_ns();
        let first_bit = tx_ns + FDT_NS + answers.iter().map(|a| a.busy_ns).max().unwrap_or(0);
        if answers.is_empty() || (auto_timer && first_bit > timer_end) {
            // Nobody answered in time: the timer (if started automatically) runs out.
            if auto_timer {
                self.schedule_com(TIMER_IRQ | TX_IRQ, timer_end);
            }
            return;
        }
        let (mut answer, collision) = superpose(&answers, rx_align);
        let rx_bits = answer.data.len() as u64 * 9;
        let done = first_bit + rx_bits * BIT_NS;
        if let Some(pos) = collision {
            // Two tags answered different bits at the same time.
            self.regs[ERROR] |= COLL_ERR;
            self.regs[COLL] = if pos <= 32 { (self.regs[COLL] & 0x80) | (pos % 32) as u8 } else { 0x20 };
            for b in answer.data.iter_mut().skip(pos.saturating_sub(1) / 8 + 1) {
                *b = 0;
            }
            self.fifo.extend(answer.data.iter().take(FIFO_SIZE));
            self.rx_last_bits = answer.last_bits;
            self.schedule_com(TX_IRQ | RX_IRQ | ERR_IRQ, done);
            return;
        }
        let mut irq = TX_IRQ | RX_IRQ;
        match self.one_shot.pop_front().flatten() {
            Some(Fault::CrcError) => {
                self.regs[ERROR] |= CRC_ERR;
                irq |= ERR_IRQ;
            }
            Some(Fault::Collision) => {
                self.regs[ERROR] |= COLL_ERR;
                self.regs[COLL] = 0x20; // CollPosNotValid
                irq |= ERR_IRQ;
            }
            Some(Fault::Truncated) => {
                let keep = answer.data.len() / 2;
                answer.data.truncate(keep);
                answer.last_bits = 0;
            }
            Some(Fault::Corrupted) => {
                let i = answer.data.len() / 2;
                if let Some(b) = answer.data.get_mut(i) {
                    *b ^= 0x10;
                }
            }
            _ => {}
        }
        for b in answer.data {
            if self.fifo.len() < FIFO_SIZE {
                self.fifo.push_back(b);
            } else {
                self.regs[ERROR] |= BUFFER_OVFL;
                irq |= ERR_IRQ;
            }
        }
        self.rx_last_bits = answer.last_bits;
        self.schedule_com(irq, done);
    }
}

/// What the reader hears when several tags answer at once: the bits they agree on, and the
/// position (1-based, counted from the first bit stored, `rx_align` included) of the first bit
/// where they differ, if any. A tag whose answer is shorter differs from its end on.
fn superpose(answers: &[Answer], rx_align: u8) -> (Answer, Option<usize>) {
    let bits = |a: &Answer| a.data.len() * 8 - if a.last_bits == 0 { 0 } else { usize::from(8 - a.last_bits) };
    let first = answers[0].clone();
    let mut collision = None;
    for other in &answers[1..] {
        let n = bits(&first).max(bits(other));
        let bit = |a: &Answer, i: usize| (i < bits(a)).then(|| a.data[i / 8] >> (i % 8) & 1);
        if let Some(i) = (0..n).find(|&i| bit(&first, i) != bit(other, i)) {
            let pos = i + 1 + usize::from(rx_align);
            collision = Some(collision.map_or(pos, |p: usize| p.min(pos)));
        }
    }
    (first, collision)
}
