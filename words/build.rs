//! Compiles each message catalog (`lang/<code>/LC_MESSAGES/tavola.po`) into
//! a table of the binary: the ids in order with their translations, read in
//! place at run time. A table renders its first message without parsing
//! anything (see `src/compiled.rs`). The parser is the crate's own
//! (`src/po.rs`), so the table and [`tavola_words::Catalog`] read a file the
//! same way; a catalog that does not parse becomes an empty table, as a
//! parsed one would count as empty, and the tests name the fault.

#[allow(dead_code, unreachable_pub, missing_debug_implementations, unused_qualifications)]
#[path = "src/plural.rs"]
mod plural;
#[allow(dead_code, unreachable_pub, missing_debug_implementations, unused_qualifications)]
#[path = "src/po.rs"]
mod po;

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=lang");
    println!("cargo:rerun-if-changed=src/po.rs");
    println!("cargo:rerun-if-changed=src/plural.rs");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let langs = std::fs::read_dir("lang").expect("words/lang holds the catalogs");
    for dir in langs {
        let dir = dir.expect("words/lang can be read").path();
        let Some(code) = dir.file_name().and_then(|c| c.to_str()).map(str::to_string) else { continue };
        let po = dir.join("LC_MESSAGES/tavola.po");
        if !po.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&po).unwrap_or_else(|e| panic!("{}: {e}", po.display()));
        let table = match po::Catalog::parse(&text) {
            Ok(catalog) => table(&catalog),
            Err(e) => {
                println!("cargo:warning={}: {e}; its messages fall back to English", po.display());
                table(&po::Catalog::empty())
            }
        };
        let file = Path::new(&out).join(format!("compiled-{code}.rs"));
        std::fs::write(&file, table).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    }
}

/// The table as a Rust expression of type `Compiled`: the entries without a
/// context that are not fuzzy, sorted by id, each with its forms.
fn table(catalog: &po::Catalog) -> String {
    let mut entries: Vec<&po::Entry> = catalog.entries().filter(|e| e.context.is_none() && !e.fuzzy).collect();
    entries.sort_by(|a, b| a.id.cmp(&b.id));
    let mut s = String::from("Compiled {\n");
    let _ = writeln!(s, "    plural_forms: {:?},", catalog.header("Plural-Forms").unwrap_or_default());
    s.push_str("    entries: &[\n");
    for e in entries {
        let _ = writeln!(s, "        ({:?}, &{:?}),", e.id, e.strings);
    }
    s.push_str("    ],\n}\n");
    s
}
