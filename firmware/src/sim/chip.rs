//! The MFRC522 register model behind [`super::SimChip`].

use std::collections::VecDeque;
use std::vec::Vec;

use super::tag::{crc_a_bitwise, SimTag};
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
const VERSION: usize = 0x37;

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
    pending_com: Option<(u8, u32)>,
    pending_div: Option<(u8, u32)>,
    powerdown_reads: u32,
    pub version: u8,
    pub tag: Option<SimTag>,
    pub one_shot: VecDeque<Option<Fault>>,
    pub pull_after: Option<u32>,
    pub pulled: Option<SimTag>,
    pub dead: Option<u8>,
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
            powerdown_reads: 0,
            version: 0x92,
            tag: None,
            one_shot: VecDeque::new(),
            pull_after: None,
            pulled: None,
            dead: None,
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
    }

    /// One byte on the bus: MOSI in, MISO out.
    pub fn exchange(&mut self, mosi: u8) -> u8 {
        if let Some(level) = self.dead {
            return level;
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
                if let Some((bits, n)) = self.pending_com {
                    if n <= 1 {
                        self.regs[COM_IRQ] |= bits;
                        self.pending_com = None;
                    } else {
                        self.pending_com = Some((bits, n - 1));
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
        if let Some(t) = self.tag.as_mut() {
            t.power_up();
        }
    }

    fn schedule_com(&mut self, bits: u8) {
        if self.stalled {
            return;
        }
        if self.irq_latency == 0 {
            self.regs[COM_IRQ] |= bits;
        } else {
            self.pending_com = Some((bits, self.irq_latency));
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
                self.schedule_com(ERR_IRQ | IDLE_IRQ);
            }
            _ => self.schedule_com(IDLE_IRQ),
        }
    }

    /// StartSend with Transceive active: the FIFO goes out on the air, the tag's answer comes
    /// back into the FIFO.
    fn transceive(&mut self) {
        let framing = self.regs[BIT_FRAMING];
        let tx_last_bits = framing & 0x07;
        let frame: Vec<u8> = self.fifo.drain(..).collect();
        self.regs[ERROR] = 0;
        self.rx_last_bits = 0;
        self.frames += 1;
        if self.stalled {
            return;
        }
        match self.pull_after {
            Some(0) => {
                self.pulled = self.tag.take();
                self.pull_after = None;
            }
            Some(k) => self.pull_after = Some(k - 1),
            None => {}
        }
        let field = self.regs[TX_CONTROL] & 0x03 != 0;
        let answer = if field { self.tag.as_mut().and_then(|t| t.handle(&frame, tx_last_bits)) } else { None };
        let Some(mut answer) = answer else {
            // Nobody answered: the timer (if started automatically) runs out.
            if self.regs[T_MODE] & 0x80 != 0 {
                self.schedule_com(TIMER_IRQ | TX_IRQ);
            }
            return;
        };
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
        self.schedule_com(irq);
    }
}
