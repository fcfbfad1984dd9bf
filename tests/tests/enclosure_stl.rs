//! The enclosure's STL files (hardware/enclosure) are what their OpenSCAD
//! sources make: each parses, is closed (every edge joins exactly two
//! facets, once each way) with no degenerate facet and a positive volume,
//! and its size is the one its source's parameters give, so an STL left
//! stale after its source changed, or a broken export, is caught without
//! OpenSCAD. With OpenSCAD (scripts/setup.sh test installs it), each part
//! is also rendered again and compared with the committed file.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::repo;

fn enclosure() -> PathBuf {
    repo().join("hardware/enclosure")
}

/// A source's plain parameters: `name = 2.4;`, `name = [189.5, 120];`,
/// `name = "td2";` at the start of a line. Computed ones are left out.
#[derive(Debug)]
struct Params(BTreeMap<String, Vec<f64>>);

impl Params {
    fn read(scad: &str) -> Params {
        let text = std::fs::read_to_string(enclosure().join(scad)).unwrap();
        let mut out = BTreeMap::new();
        for line in text.lines() {
            let line = line.split("//").next().unwrap().trim();
            let Some((name, value)) = line.split_once('=') else { continue };
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let Some(value) = value.strip_suffix(';').map(str::trim) else { continue };
            let inner = value.strip_prefix('[').and_then(|v| v.strip_suffix(']')).unwrap_or(value);
            let numbers: Option<Vec<f64>> = inner.split(',').map(|n| n.trim().parse().ok()).collect();
            if let Some(numbers) = numbers {
                out.insert(name.to_string(), numbers);
            }
        }
        Params(out)
    }

    fn get(&self, name: &str) -> f64 {
        self.list(name)[0]
    }

    fn list(&self, name: &str) -> &[f64] {
        self.0.get(name).unwrap_or_else(|| panic!("no parameter {name} in {:?}", self.0.keys()))
    }
}

/// Every part: its STL file, its source, the `-D` settings that make it, and
/// its outside as the source's parameters give it.
fn parts() -> Vec<(String, &'static str, Vec<String>, [f64; 3])> {
    let mut parts = Vec::new();
    let display = Params::read("display.scad");
    for d in ["td1", "td2"] {
        let panel = display.list(d);
        let side = 2.0 * (display.get("clearance") + display.get("wall"));
        let (width, height) = (panel[0] + side, panel[1] + side);
        let depth = display.get("wall") + panel[2] + display.get("pi_space");
        for (part, size) in [("front", [width, height, depth]), ("back", [width, height, display.get("back")])] {
            let defines = vec![format!("display=\"{d}\""), format!("part=\"{part}\"")];
            parts.push((format!("display-{d}-{part}.stl"), "display.scad", defines, size));
        }
    }
    let seat = Params::read("seat.scad");
    let width = 2.0 * seat.get("button_pitch") + 2.0 * seat.get("wall");
    let length = seat.get("length");
    for (part, z) in [
        ("case", seat.get("top") + seat.get("button_depth")),
        ("hood", seat.get("hood")),
        ("bottom", seat.get("bottom")),
    ] {
        parts.push((format!("seat-{part}.stl"), "seat.scad", vec![format!("part=\"{part}\"")], [width, length, z]));
    }
    parts
}

type Facet = [[f32; 3]; 3];

/// The facets of an STL file, binary or ASCII.
fn facets(path: &Path) -> Result<Vec<Facet>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if bytes.len() >= 84 {
        let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
        if bytes.len() == 84 + 50 * count {
            return Ok((0..count)
                .map(|i| {
                    let at = 84 + 50 * i + 12;
                    let f = |k: usize| f32::from_le_bytes(bytes[at + 4 * k..at + 4 * k + 4].try_into().unwrap());
                    [[f(0), f(1), f(2)], [f(3), f(4), f(5)], [f(6), f(7), f(8)]]
                })
                .collect());
        }
    }
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("{}: neither binary nor ASCII STL", path.display()))?;
    if !text.trim_start().starts_with("solid") {
        return Err(format!("{}: neither binary nor ASCII STL", path.display()));
    }
    let mut vertices = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| l.starts_with("vertex")) {
        let v: Vec<f32> = line
            .split_whitespace()
            .skip(1)
            .map(|n| n.parse().map_err(|_| line.to_string()))
            .collect::<Result<_, _>>()?;
        let [x, y, z] = v[..] else { return Err(format!("{}: {line}", path.display())) };
        vertices.push([x, y, z]);
    }
    if vertices.len() % 3 != 0 {
        return Err(format!("{}: {} vertices, not whole facets", path.display(), vertices.len()));
    }
    Ok(vertices.chunks(3).map(|c| [c[0], c[1], c[2]]).collect())
}

/// What is wrong with a mesh's shape, if anything; else its bounding box
/// (lowest and highest corner) and volume.
fn solid(facets: &[Facet]) -> Result<([f64; 3], [f64; 3], f64), String> {
    if facets.is_empty() {
        return Err("no facets".into());
    }
    let key = |v: &[f32; 3]| v.map(f32::to_bits);
    let mut edges: HashMap<([u32; 3], [u32; 3]), usize> = HashMap::new();
    let (mut lo, mut hi, mut volume) = ([f64::MAX; 3], [f64::MIN; 3], 0.0);
    for (i, f) in facets.iter().enumerate() {
        let p = f.map(|v| v.map(f64::from));
        let (a, b) = ([0, 1, 2].map(|k| p[1][k] - p[0][k]), [0, 1, 2].map(|k| p[2][k] - p[0][k]));
        let cross = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
        let area = 0.5 * cross.iter().map(|c| c * c).sum::<f64>().sqrt();
        if area < 1e-9 {
            return Err(format!("facet {i} is degenerate (area {area:e}): {f:?}"));
        }
        // The signed volume of the tetrahedron from the origin.
        volume += (p[0][0] * (p[1][1] * p[2][2] - p[1][2] * p[2][1])
            - p[0][1] * (p[1][0] * p[2][2] - p[1][2] * p[2][0])
            + p[0][2] * (p[1][0] * p[2][1] - p[1][1] * p[2][0]))
            / 6.0;
        for v in &p {
            for k in 0..3 {
                lo[k] = lo[k].min(v[k]);
                hi[k] = hi[k].max(v[k]);
            }
        }
        for (from, to) in [(0, 1), (1, 2), (2, 0)] {
            *edges.entry((key(&f[from]), key(&f[to]))).or_default() += 1;
        }
    }
    for (&(from, to), &n) in &edges {
        let back = edges.get(&(to, from)).copied().unwrap_or(0);
        if n != 1 || back != 1 {
            let at = from.map(f32::from_bits);
            return Err(format!("an edge from {at:?} is used {n} times one way and {back} the other: not closed"));
        }
    }
    if volume <= 0.0 {
        return Err(format!("its volume is {volume} mm³: the facets face inwards"));
    }
    Ok((lo, hi, volume))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-3
}

#[test]
fn every_stl_is_a_closed_solid_of_the_size_its_source_gives() {
    let parts = parts();
    let mut on_disk: Vec<String> = std::fs::read_dir(enclosure())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".stl"))
        .collect();
    on_disk.sort();
    let mut expected: Vec<String> = parts.iter().map(|p| p.0.clone()).collect();
    expected.sort();
    assert_eq!(on_disk, expected, "each part has its STL, and there is no other (render.sh renders them all)");

    for (stl, scad, _, size) in &parts {
        let facets = facets(&enclosure().join(stl)).unwrap_or_else(|e| panic!("{e}"));
        let (lo, hi, volume) = solid(&facets).unwrap_or_else(|e| panic!("{stl}: {e}"));
        assert!(lo.iter().all(|&c| close(c, 0.0)), "{stl}: it starts at {lo:?}, not at the origin");
        let got = [0, 1, 2].map(|k| hi[k] - lo[k]);
        assert!(
            (0..3).all(|k| close(got[k], size[k])),
            "{stl} measures {got:?} mm, but {scad}'s parameters give {size:?}: render it again \
             (hardware/enclosure/render.sh)"
        );
        let boxed = size.iter().product::<f64>();
        assert!(volume < boxed, "{stl}: {volume} mm³ in a box of {boxed}");
    }
}

#[test]
fn the_mesh_checks_catch_a_hole_a_flipped_facet_and_a_sliver() {
    let stl = enclosure().join("seat-bottom.stl");
    let good = facets(&stl).unwrap();
    assert!(solid(&good).is_ok());
    let mut holed = good.clone();
    holed.remove(3);
    assert!(solid(&holed).unwrap_err().contains("not closed"));
    let mut flipped = good.clone();
    flipped[5].swap(1, 2);
    assert!(solid(&flipped).unwrap_err().contains("not closed"));
    let mut sliver = good.clone();
    sliver[0][2] = sliver[0][0];
    assert!(solid(&sliver).unwrap_err().contains("degenerate"));
    let inside_out: Vec<Facet> = good.iter().map(|f| [f[0], f[2], f[1]]).collect();
    assert!(solid(&inside_out).unwrap_err().contains("inwards"));
    assert!(solid(&[]).is_err());
}

/// OpenSCAD renders each part again: the committed file has the same size
/// and volume (its bytes differ from one render to the next).
#[test]
fn each_stl_is_what_openscad_renders_from_its_source_today() {
    let dir = tempfile::tempdir().unwrap();
    for (stl, scad, defines, _) in parts() {
        let out = dir.path().join(&stl);
        let mut cmd = Command::new("openscad");
        cmd.arg("-q").args(["--export-format", "binstl"]);
        for d in &defines {
            cmd.arg("-D").arg(d);
        }
        let run = match cmd.arg("-o").arg(&out).arg(enclosure().join(scad)).output() {
            Ok(run) => run,
            Err(e) => panic!("openscad is needed ({e}): run scripts/setup.sh test"),
        };
        assert!(run.status.success(), "{scad} {defines:?}: {}", String::from_utf8_lossy(&run.stderr));
        let fresh = solid(&facets(&out).unwrap()).unwrap();
        let committed = solid(&facets(&enclosure().join(&stl)).unwrap()).unwrap();
        assert!(
            (0..3).all(|k| close(fresh.1[k], committed.1[k])) && (fresh.2 - committed.2).abs() < 1e-3 * committed.2,
            "{stl} is not what {scad} renders now ({:?} mm, {} mm³ against {:?} mm, {} mm³): \
             run hardware/enclosure/render.sh",
            committed.1,
            committed.2,
            fresh.1,
            fresh.2
        );
    }
}
