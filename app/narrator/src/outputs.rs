//! The sound devices themselves: listing them through the audio library
//! (cpal, under rodio), opening one for playing, and a simulated machine's
//! devices for tests. What the devices are called, what kind each is and
//! which one the owner's choice picks is the table's vocabulary
//! ([`tavola_core::hw::speaker`]).

use tavola_core::hw::speaker::{devices, place, OpenError, OutputDevice, Pcm, Placed, SpeakerChoice, SpeakerKind};
use tavola_core::hw::HwError;
use tavola_words::{msg, Msg};

/// A device opened for playing.
pub struct Opened(pub(crate) Option<rodio::MixerDeviceSink>);

impl Opened {
    /// A device that plays nowhere, drained at a device's pace (a simulated
    /// sound card, for tests and demonstrations).
    pub fn stand_in() -> Opened {
        Opened(None)
    }
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "Opened(device)" } else { "Opened(stand-in)" })
    }
}

/// The sound devices of this machine.
pub trait Outputs: Send + Sync {
    /// Every PCM that can play, as the sound system lists it now; why none,
    /// when there is no sound card at all (Tavola's own words, said in the
    /// table's language).
    fn pcms(&self) -> Result<Vec<Pcm>, tavola_words::Arg>;

    /// Opens one of [`Outputs::devices`].
    fn open(&self, device: &OutputDevice) -> Result<Opened, OpenError>;

    /// The sound cards among them, grouped and sorted ([`devices`]).
    fn devices(&self) -> Vec<OutputDevice> {
        self.pcms().map(|p| devices(&p)).unwrap_or_default()
    }

    /// Opens the device `choice` names, or the best one ([`place`]).
    fn place(&self, choice: &SpeakerChoice) -> Placed<Opened> {
        match self.pcms() {
            Err(why) if *choice == SpeakerChoice::Auto => {
                Placed { on: None, notice: Some(HwError::said("speaker", msg!("hw.audio.no_speaker", why))) }
            }
            Err(_) => place(choice, &[], |d| self.open(d)),
            Ok(pcms) => place(choice, &devices(&pcms), |d| self.open(d)),
        }
    }
}

/// A simulated machine's sound devices: PCMs listed by hand, each opening
/// as a stand-in ([`Opened::stand_in`]) unless it is among `broken`. Every
/// PCM opened is noted in `opened` (shared, so a test keeps a handle).
#[derive(Debug, Clone, Default)]
pub struct SimOutputs {
    /// What the sound system lists.
    pub pcms: Vec<Pcm>,
    /// PCMs that refuse to open ("Device or resource busy").
    pub broken: Vec<String>,
    /// Every PCM opened so far, in order.
    pub opened: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    /// How long the sound system takes to list its PCMs (ALSA probing every name it knows:
    /// noticeable natively, minutes under emulation).
    pub pause: std::time::Duration,
}

impl Outputs for SimOutputs {
    fn pcms(&self) -> Result<Vec<Pcm>, tavola_words::Arg> {
        std::thread::sleep(self.pause);
        Ok(self.pcms.clone())
    }

    fn open(&self, device: &OutputDevice) -> Result<Opened, OpenError> {
        if self.broken.contains(&device.id) {
            return Err(OpenError::Refused("Device or resource busy".into()));
        }
        self.opened.lock().unwrap_or_else(|e| e.into_inner()).push(device.id.clone());
        Ok(Opened::stand_in())
    }
}

/// The sound devices ALSA has, through cpal.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemOutputs;

impl SystemOutputs {
    /// Whether this machine has a sound card at all: without one, the
    /// audio library is not asked (it would probe every PCM name it knows,
    /// which takes noticeable time natively and minutes under emulation).
    pub fn any_card() -> Result<(), Msg> {
        #[cfg(target_os = "linux")]
        match std::fs::read_dir("/dev/snd") {
            Ok(dir) => {
                if !dir.flatten().any(|e| e.file_name().to_string_lossy().starts_with("pcmC")) {
                    return Err(msg!("hw.speaker.no_output"));
                }
            }
            Err(_) => return Err(msg!("hw.speaker.no_card")),
        }
        Ok(())
    }

    /// Opens `device` with a short buffer, or failing that as the device
    /// prefers; why when it does not open.
    fn open_sink(device: &OutputDevice) -> Result<rodio::MixerDeviceSink, OpenError> {
        use rodio::cpal::traits::{DeviceTrait, HostTrait};
        Self::any_card().map_err(OpenError::NoCard)?;
        let host = rodio::cpal::default_host();
        let found = if device.kind == SpeakerKind::Default {
            host.default_output_device()
        } else {
            host.output_devices()
                .map_err(|e| OpenError::Refused(e.to_string()))?
                .find(|d| d.id().is_ok_and(|id| id.id() == device.id))
        };
        let found = found.ok_or_else(|| OpenError::Gone(device.id.clone()))?;
        let short = rodio::DeviceSinkBuilder::from_device(found.clone()).and_then(|b| {
            b.with_buffer_size(rodio::cpal::BufferSize::Fixed(crate::audio::DEVICE_BUFFER_FRAMES)).open_stream()
        });
        let mut sink = match short {
            Ok(s) => s,
            Err(_) => rodio::DeviceSinkBuilder::from_device(found)
                .and_then(|b| b.open_sink_or_fallback())
                .map_err(|e| OpenError::Refused(e.to_string()))?,
        };
        sink.log_on_drop(false);
        Ok(sink)
    }
}

impl Outputs for SystemOutputs {
    fn open(&self, device: &OutputDevice) -> Result<Opened, OpenError> {
        SystemOutputs::open_sink(device).map(|sink| Opened(Some(sink)))
    }

    fn pcms(&self) -> Result<Vec<Pcm>, tavola_words::Arg> {
        use rodio::cpal::traits::{DeviceTrait, HostTrait};
        Self::any_card()?;
        let host = rodio::cpal::default_host();
        let mut pcms: Vec<Pcm> = match host.output_devices() {
            Ok(devices) => devices
                .filter_map(|d| {
                    let id = d.id().ok()?.id().to_string();
                    let desc = d.description().ok().map_or_else(String::new, |desc| {
                        let lines: Vec<&str> = desc.extended().collect();
                        if lines.is_empty() {
                            desc.name().to_string()
                        } else {
                            lines.join("\n")
                        }
                    });
                    Some(Pcm { id, desc })
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        // ALSA's default opens even when the hint list leaves it out.
        if !pcms.iter().any(|p| p.id == "default") {
            pcms.push(Pcm::new("default", "Default Audio Device"));
        }
        Ok(pcms)
    }
}
