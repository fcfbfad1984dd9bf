//! The screens the emulated box should show, drawn here with Slint's software
//! renderer, for `scripts/appliance-check.sh` to compare with what the box's
//! display shows (QEMU's screendump). Each screen is written as a binary PPM.
//!
//!     cargo run -p tavola --example appliance_reference -- OUT_DIR WIDTH HEIGHT LANG [NOTICE…]
//!
//! The notices are the words the box put on its message line at start-up
//! (read from its system journal); they are shown here as the box shows
//! them. Written: `picker.ppm` (the picker), `messages.ppm` (the messages
//! listed in full, as a touch on the message line shows them),
//! `soc-setup.ppm` (Shadows over Camelot chosen), `soc-board.ppm` (its
//! quest begun with the setup as it comes), then, from a journal holding
//! that game unfinished as after a power cut, `offer.ppm` (the picker
//! offering it) and `resumed.ppm` (taken up).

use slint::platform::software_renderer::MinimalSoftwareWindow;
use slint::ComponentHandle;
use std::path::{Path, PathBuf};
use tavola_core::hw::HwError;
use tavola_core::table::{Input, Touch};
use tavola_games::{GameKind, Lang};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, offscreen, App, Ui};
use tavola_words::Msg;

struct Reference {
    ui: Ui,
    window: std::rc::Rc<MinimalSoftwareWindow>,
    dir: PathBuf,
    now: u64,
}

impl Reference {
    fn save(&mut self, name: &str) {
        // Entry animations finished, as on the box a few seconds later.
        self.now += 5_000;
        offscreen::set_clock(self.now);
        self.ui.step(self.now);
        let (w, h, pixels) = offscreen::render(&self.window);
        write_ppm(&self.dir.join(format!("{name}.ppm")), w, h, &pixels);
    }
}

fn write_ppm(path: &Path, w: u32, h: u32, pixels: &[slint::Rgb8Pixel]) {
    let mut bytes = format!("P6\n{w} {h}\n255\n").into_bytes();
    bytes.extend(pixels.iter().flat_map(|p| [p.r, p.g, p.b]));
    std::fs::write(path, bytes).expect("write the screen");
    println!("{}", path.display());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, width, height, lang, notices @ ..] = &args[..] else {
        eprintln!("usage: appliance_reference OUT_DIR WIDTH HEIGHT LANG [NOTICE…]");
        std::process::exit(2);
    };
    let dir = PathBuf::from(dir);
    let (width, height) = (width.parse().expect("a width"), height.parse().expect("a height"));
    let lang = Lang::from_code(lang).expect("it or en");
    std::fs::create_dir_all(&dir).expect("the output folder");
    let window = offscreen::install(width, height).expect("the off-screen platform");
    let journal = tempfile::tempdir().expect("a folder for the journal");
    let opts = BootOptions { simulate: true, db: Some(journal.path().join("tavola.db")), ..BootOptions::default() };
    // The box's words, as it said them in the screen's language: a message
    // that is no catalog id is shown as it is written.
    let said = |opts: &BootOptions| {
        let mut booted = boot(opts);
        booted.notices = notices.iter().map(|n| HwError::said("box", Msg::new(n.clone()))).collect();
        booted
    };
    let mut r = Reference { ui: init(said(&opts)).expect("the window"), window, dir, now: 0 };
    r.ui.window.show().expect("show");
    r.ui.controller.borrow_mut().input(Input::Touch(Touch::SetLang { lang }));
    tavola_screens::select_language(lang);
    r.save("picker");
    // Every message standing, listed in full (a touch on the message line).
    r.ui.window.global::<App<'_>>().set_show_messages(true);
    r.save("messages");
    r.ui.window.global::<App<'_>>().set_show_messages(false);
    r.ui.controller.borrow_mut().input(Input::Touch(Touch::ChooseGame { game: GameKind::ShadowsOverCamelot }));
    r.save("soc-setup");
    r.ui.window.global::<tavola_screens::SetupUi<'_>>().invoke_start();
    r.save("soc-board");

    // The power cut: the same journal opened again.
    r.ui.window.hide().expect("hide");
    let Reference { window, dir, now, .. } = r;
    let mut r = Reference { ui: init(said(&opts)).expect("the window"), window, dir, now };
    r.ui.window.show().expect("show");
    r.save("offer");
    r.ui.window.global::<App<'_>>().invoke_take_up();
    r.save("resumed");
}
