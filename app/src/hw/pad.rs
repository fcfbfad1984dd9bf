//! What every pad backend shares: the firmware's debouncer turned into the
//! app's [`PadEvent`]s, and the app's lights turned into the firmware's.

use super::{Light, PadButton, PadEvent};
use tavola_firmware::votepad as fw;

/// The firmware's button for an app button.
pub fn to_fw(b: PadButton) -> fw::Button {
    match b {
        PadButton::Approve => fw::Button::Approve,
        PadButton::Reject => fw::Button::Reject,
    }
}

fn from_fw(b: fw::Button) -> PadButton {
    match b {
        fw::Button::Approve => PadButton::Approve,
        fw::Button::Reject => PadButton::Reject,
    }
}

/// Debounced events of `pad` up to `now`, as the session wants them. Raw
/// presses and releases stay inside: only answers, stuck buttons and
/// double presses matter to the table.
pub fn events(pad: &mut fw::VotePad, now: u64) -> Vec<PadEvent> {
    let mut out = Vec::new();
    pad.poll(now, &mut |e| match e {
        fw::PadEvent::Vote { seat, button } => out.push(PadEvent::Vote { seat, button: from_fw(button) }),
        fw::PadEvent::BothPressed { seat } => out.push(PadEvent::BothPressed { seat }),
        fw::PadEvent::Stuck { seat, button } => out.push(PadEvent::Stuck { seat, button: from_fw(button) }),
        fw::PadEvent::Unstuck { seat, button } => out.push(PadEvent::Unstuck { seat, button: from_fw(button) }),
        _ => {}
    });
    out
}

/// The firmware's lights for the app's: waiting seats blink, seats that have
/// answered are lit, the rest are dark.
pub fn lights(lights: &[Light]) -> fw::Lights {
    let mut out = fw::Lights::new();
    for (seat, l) in lights.iter().enumerate() {
        let fw_light = match l {
            Light::Off => fw::Light::Off,
            Light::Waiting => fw::Light::BLINK,
            Light::Done => fw::Light::On,
        };
        out.set(seat as u8, fw_light);
    }
    out
}
