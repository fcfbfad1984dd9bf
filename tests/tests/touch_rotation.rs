//! A screen turned by `scripts/install.sh --rotation`, and its touches
//! turned with it: a touch on the panel must land on what the panel shows
//! there.
//!
//! The picture is turned by Slint itself (`SLINT_KMS_ROTATION`: the LinuxKMS
//! backend hands the rotation to its renderer), the touches by libinput's
//! calibration matrix in the udev rule the installer writes. Slint gives
//! libinput's touch position, scaled to the turned window, to the window as
//! it is: it does not turn touches. So the matrix must take a point of the
//! panel (0..1 across its own width and height) to the point of the window
//! drawn there. Here the picker is drawn upright and turned by the same
//! software renderer, and every detailed pixel of the turned picture is
//! looked up in the upright one through the installed matrix.

use crate::common::{card, install};
use slint::platform::software_renderer::{MinimalSoftwareWindow, RenderingRotation};
use slint::{ComponentHandle, Rgb8Pixel};
use tavola_hw::boot::{boot, BootOptions};
use tavola_screens::{init, offscreen};

/// Touch Display 2 turned to landscape: the window Tavola lays out.
const W: usize = 1280;
const H: usize = 720;

/// libinput's calibration matrix (its first two rows) from the rule the
/// installer writes for `--rotation deg`.
fn installed_matrix(deg: u32) -> [f32; 6] {
    let pi = card("dtparam=audio=on\n");
    let (ok, said) = install(&pi, &["--rotation", &deg.to_string()]);
    assert!(ok, "{said}");
    let rules = std::fs::read_to_string(pi.root.join("etc/udev/rules.d/90-tavola-touch.rules")).unwrap();
    let value = rules
        .split("LIBINPUT_CALIBRATION_MATRIX}=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no calibration matrix in {rules}"));
    let numbers: Vec<f32> = value.split_whitespace().map(|n| n.parse().expect("a number")).collect();
    numbers.try_into().unwrap_or_else(|n| panic!("six numbers, not {n:?}"))
}

/// The window drawn into a buffer turned by `rotation`: the pixels row by
/// row and the buffer's width.
fn draw(window: &MinimalSoftwareWindow, rotation: RenderingRotation) -> (Vec<Rgb8Pixel>, usize) {
    slint::platform::update_timers_and_animations();
    let stride = match rotation {
        RenderingRotation::Rotate90 | RenderingRotation::Rotate270 => H,
        _ => W,
    };
    let mut pixels = vec![Rgb8Pixel::new(0, 0, 0); W * H];
    window.request_redraw();
    window.draw_if_needed(|renderer| {
        renderer.set_rendering_rotation(rotation);
        renderer.render(&mut pixels, stride);
    });
    (pixels, stride)
}

fn close(a: Rgb8Pixel, b: Rgb8Pixel) -> bool {
    a.r.abs_diff(b.r) <= 12 && a.g.abs_diff(b.g) <= 12 && a.b.abs_diff(b.b) <= 12
}

/// Of the turned picture's pixels that are not the page's background, the
/// share whose touch, through `m`, lands on a pixel of the same colour in
/// the upright picture.
fn share_landing(upright: &[Rgb8Pixel], turned: &[Rgb8Pixel], stride: usize, m: [f32; 6]) -> f64 {
    let background = upright[W * 5 + 5];
    let (panel_w, panel_h) = (stride, W * H / stride);
    let (mut detailed, mut landed) = (0u32, 0u32);
    for py in (0..panel_h).step_by(3) {
        for px in (0..panel_w).step_by(3) {
            let seen = turned[py * stride + px];
            if close(seen, background) {
                continue;
            }
            detailed += 1;
            let (x, y) = ((px as f32 + 0.5) / panel_w as f32, (py as f32 + 0.5) / panel_h as f32);
            let (u, v) = (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]);
            let (wx, wy) = ((u * W as f32) as usize, (v * H as f32) as usize);
            if wx < W && wy < H && close(upright[wy * W + wx], seen) {
                landed += 1;
            }
        }
    }
    assert!(detailed > 1_000, "the picker shows too little to tell where a touch lands ({detailed} pixels)");
    f64::from(landed) / f64::from(detailed)
}

#[test]
fn on_a_screen_turned_by_the_installer_a_touch_lands_on_what_is_drawn_under_it() {
    let window = offscreen::install(W as u32, H as u32).expect("the off-screen platform");
    let ui =
        init(boot(&BootOptions { simulate: true, no_journal: true, ..BootOptions::default() })).expect("the window");
    ui.window.show().expect("show");
    ui.step(5_000);
    let (upright, _) = draw(&window, RenderingRotation::NoRotation);
    let identity = installed_matrix(0);
    assert!(share_landing(&upright, &upright, W, identity) > 0.99, "upright, a touch lands where it is");
    for (deg, rotation, half_turn_off) in [
        (90, RenderingRotation::Rotate90, 270),
        (180, RenderingRotation::Rotate180, 0),
        (270, RenderingRotation::Rotate270, 90),
    ] {
        let (turned, stride) = draw(&window, rotation);
        let landed = share_landing(&upright, &turned, stride, installed_matrix(deg));
        assert!(landed > 0.97, "turned by {deg}°, only {:.1} % of touches land on what is drawn", landed * 100.0);
        // The picture is not so even that a touch turned the wrong way would
        // pass: the test can tell.
        let wrong = share_landing(&upright, &turned, stride, installed_matrix(half_turn_off));
        println!(
            "turned by {deg}°: {:.1} % of touches land on what is drawn, {:.1} % turned the other way",
            landed * 100.0,
            wrong * 100.0
        );
        assert!(wrong < 0.8, "turned by {deg}°, a matrix turned the other way lands {:.1} %", wrong * 100.0);
    }
}
