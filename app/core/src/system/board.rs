//! Which board this is, from the device tree the firmware hands the kernel.
//!
//! A Raspberry Pi's device tree names it in `compatible` (NUL-separated
//! strings, most specific first: `raspberrypi,5-model-b`, `brcm,bcm2712`) and
//! in `model` (`Raspberry Pi 5 Model B Rev 1.0`). Any `raspberrypi,…` entry
//! is a Pi, so a model newer than any list kept here is still recognised;
//! what it can do (SPI, I2C, GPIO) is then found part by part.

use std::path::Path;

/// A Raspberry Pi, as its device tree names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pi {
    /// Its name for people (`Raspberry Pi 5 Model B Rev 1.0`).
    pub model: String,
    /// Its `raspberrypi,…` compatible entry (`raspberrypi,5-model-b`).
    pub compatible: String,
}

/// Where the device tree is read under `root`: `/proc/device-tree` is a link
/// to `/sys/firmware/devicetree/base`; either will do.
const TREES: [&str; 2] = ["proc/device-tree", "sys/firmware/devicetree/base"];

/// The Raspberry Pi whose device tree is under `root` (`/` on the box), or
/// `None` when the tree names no Pi (a desktop, another board, no tree).
pub fn raspberry_pi(root: &Path) -> Option<Pi> {
    TREES.iter().find_map(|tree| {
        let tree = root.join(tree);
        let compatible = std::fs::read(tree.join("compatible")).ok()?;
        let compatible = strings(&compatible).into_iter().find(|s| s.starts_with("raspberrypi,"))?;
        let model = std::fs::read(tree.join("model"))
            .ok()
            .and_then(|m| strings(&m).into_iter().next())
            .unwrap_or_else(|| compatible.clone());
        Some(Pi { model, compatible })
    })
}

/// The NUL-separated strings of a device-tree property, empty ones left out.
fn strings(bytes: &[u8]) -> Vec<String> {
    bytes.split(|&b| b == 0).map(|s| String::from_utf8_lossy(s).trim().to_string()).filter(|s| !s.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(root: &Path, under: &str, compatible: &[u8], model: Option<&[u8]>) {
        let dir = root.join(under);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("compatible"), compatible).unwrap();
        if let Some(m) = model {
            std::fs::write(dir.join("model"), m).unwrap();
        }
    }

    #[test]
    fn a_pi_newer_than_any_list_is_recognised_by_its_device_tree() {
        let root = tempfile::tempdir().unwrap();
        tree(
            root.path(),
            "proc/device-tree",
            b"raspberrypi,6-model-b\0brcm,bcm2713\0",
            Some(b"Raspberry Pi 6 Model B\0"),
        );
        assert_eq!(
            raspberry_pi(root.path()),
            Some(Pi { model: "Raspberry Pi 6 Model B".into(), compatible: "raspberrypi,6-model-b".into() })
        );
    }

    #[test]
    fn a_known_pi_is_recognised_through_sys_and_named_by_its_model() {
        let root = tempfile::tempdir().unwrap();
        tree(
            root.path(),
            "sys/firmware/devicetree/base",
            b"raspberrypi,5-model-b\0brcm,bcm2712\0",
            Some(b"Raspberry Pi 5 Model B Rev 1.0\0"),
        );
        let pi = raspberry_pi(root.path()).expect("a Pi");
        assert_eq!(pi.model, "Raspberry Pi 5 Model B Rev 1.0");
        assert_eq!(pi.compatible, "raspberrypi,5-model-b");
    }

    #[test]
    fn a_pi_whose_tree_has_no_model_is_named_by_its_compatible_entry() {
        let root = tempfile::tempdir().unwrap();
        // The Pi's entry need not come first (a compute module's carrier board).
        tree(root.path(), "proc/device-tree", b"acme,carrier\0raspberrypi,4-compute-module\0brcm,bcm2711\0", None);
        let pi = raspberry_pi(root.path()).expect("a Pi");
        assert_eq!(pi.model, "raspberrypi,4-compute-module");
    }

    #[test]
    fn other_boards_and_machines_without_a_device_tree_are_not_a_pi() {
        let root = tempfile::tempdir().unwrap();
        assert_eq!(raspberry_pi(root.path()), None, "no device tree (a desktop)");
        // QEMU's virt machine, and a board whose model merely mentions a Pi.
        tree(root.path(), "proc/device-tree", b"linux,dummy-virt\0", Some(b"Raspberry Pi lookalike\0"));
        assert_eq!(raspberry_pi(root.path()), None);
        tree(root.path(), "proc/device-tree", b"radxa,rock-4\0rockchip,rk3399\0", None);
        assert_eq!(raspberry_pi(root.path()), None);
    }
}
