//! Compiles the Slint user interface with its translations bundled; English
//! is the source language.
//!
//! Static labels are `@tr("…")` in the `.slint` files with their translations
//! in Tavola's one catalog per language, `words/lang/<code>/LC_MESSAGES/
//! tavola.po` (see `words/README.md`), compiled into the binary. Slint reads
//! every catalog there: the English one holds message ids only, so its labels
//! stay the source text. They switch at run time with
//! `slint::select_bundled_translation` (see `tavola_screens::select_language`),
//! called whenever the session's language changes. Everything dynamic (rules
//! errors, narration, names of roles) is already in the session's language
//! when Rust hands it to the screen.

use std::path::Path;

/// The catalogs, shared with the crate `tavola-words`.
const CATALOGS: &str = "../../words/lang";

/// Slint looks for a catalog named after the crate (`tavola-pages.po`):
/// each language's `tavola.po` is copied under that name into the build's
/// own folder, which is what Slint reads.
fn catalogs_for_slint(out: &Path) -> std::path::PathBuf {
    println!("cargo:rerun-if-changed={CATALOGS}");
    let into = out.join("lang");
    let langs = std::fs::read_dir(CATALOGS).unwrap_or_else(|e| panic!("{CATALOGS}: {e}"));
    for lang in langs {
        let lang = lang.expect("a language's folder").path();
        let po = lang.join("LC_MESSAGES").join("tavola.po");
        if !po.is_file() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", po.display());
        let code = lang.file_name().expect("a language's code");
        let dir = into.join(code).join("LC_MESSAGES");
        std::fs::create_dir_all(&dir).expect("the build's folder");
        let name = format!("{}.po", std::env::var("CARGO_PKG_NAME").expect("cargo names the crate"));
        std::fs::copy(&po, dir.join(name)).expect("a catalog copied");
    }
    into
}

fn main() {
    let out = std::env::var_os("OUT_DIR").expect("cargo gives a build folder");
    let catalogs = catalogs_for_slint(Path::new(&out));
    let debug = std::env::var("PROFILE").as_deref() == Ok("debug");
    let config = slint_build::CompilerConfiguration::new()
        .with_style("fluent-dark".into())
        .with_bundled_translations(catalogs)
        .with_default_translation_context(slint_build::DefaultTranslationContext::None)
        // Element ids for the UI tests (debug builds only).
        .with_debug_info(debug);
    if let Err(e) = slint_build::compile_with_config("app.slint", config) {
        panic!("the Slint user interface does not compile: {e}");
    }
}
