//! Compiles the Slint user interface (feature `gui`) with its translations
//! bundled; English is the source language.
//!
//! Static labels are `@tr("…")` in the `.slint` files with their translations
//! in Tavola's one catalog per language, `words/lang/<code>/LC_MESSAGES/
//! tavola.po` (see `words/README.md`), compiled into the binary. Slint reads
//! every catalog there: the English one holds message ids only, so its labels
//! stay the source text. They switch at run time with
//! `slint::select_bundled_translation` (see `tavola::ui::select_language`),
//! called whenever the session's language changes. Everything dynamic (rules
//! errors, narration, names of roles) is already in the session's language
//! when Rust hands it to the screen.

/// The catalogs, shared with the crate `tavola-words` (Slint reruns this
/// script when anything in the folder changes).
#[cfg(feature = "gui")]
const CATALOGS: &str = "../words/lang";

fn main() {
    #[cfg(feature = "gui")]
    {
        let debug = std::env::var("PROFILE").as_deref() == Ok("debug");
        let config = slint_build::CompilerConfiguration::new()
            .with_style("fluent-dark".into())
            .with_bundled_translations(CATALOGS)
            .with_default_translation_context(slint_build::DefaultTranslationContext::None)
            // Element ids for the UI tests (debug builds only).
            .with_debug_info(debug);
        if let Err(e) = slint_build::compile_with_config("ui/app.slint", config) {
            panic!("the Slint user interface does not compile: {e}");
        }
    }
}
