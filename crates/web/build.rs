//! Turns the language files in `lang/` into tables for `src/i18n.rs`:
//! the English keys and texts, and the list of languages with their
//! names (adding a language is adding a file, and copying it in
//! index.html). A file that cannot be read, or
//! a key English does not have, stops the build.
use std::fmt::Write as _;

#[path = "src/lang_file.rs"]
mod lang_file;

fn main() {
    let dir = std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("lang");
    println!("cargo:rerun-if-changed={}", dir.display());
    println!("cargo:rerun-if-changed=src/lang_file.rs");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("crates/web/lang exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "lang"))
        .collect();
    files.sort();
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|path| {
            println!("cargo:rerun-if-changed={}", path.display());
            let code = path.file_stem().unwrap().to_string_lossy().to_string();
            (
                code,
                std::fs::read_to_string(path).expect("a readable file"),
            )
        })
        .collect();
    let parsed: Vec<(&str, Vec<(&str, &str)>)> = texts
        .iter()
        .map(|(code, text)| {
            let entries = lang_file::parse(text, &|_| true)
                .unwrap_or_else(|e| panic!("lang/{code}.lang: {e}"));
            (code.as_str(), entries)
        })
        .collect();
    let english = &parsed
        .iter()
        .find(|(code, _)| *code == "en")
        .expect("lang/en.lang")
        .1;
    let keys: Vec<&str> = english.iter().map(|(k, _)| *k).collect();
    for (lang, entries) in &parsed {
        if let Some((key, _)) = entries.iter().find(|(k, _)| keys.binary_search(k).is_err()) {
            panic!("lang/{lang}.lang: {key} is not a key of lang/en.lang");
        }
    }
    // English is compiled in as its file, read once at start (smaller in
    // the module than tables of its keys and texts); the other languages
    // are fetched when chosen (lang/<code>.lang in dist/), so the page
    // carries one language's words.
    let english_path = dir.join("en.lang");
    let mut code = format!(
        "pub const ENGLISH_FILE: &str = include_str!({:?});\n",
        english_path.display().to_string()
    );
    let known: Vec<(&str, &str)> = parsed
        .iter()
        .map(|(lang, entries)| {
            let name = entries
                .iter()
                .find(|(k, _)| *k == "language.name")
                .map_or(*lang, |(_, v)| *v);
            (*lang, name)
        })
        .collect();
    writeln!(code, "pub const KNOWN: &[(&str, &str)] = &{known:?};").unwrap();
    // Each language's own words for its file not coming: the module has
    // them, since they are needed exactly when that file cannot be had.
    let unavailable: Vec<(&str, &str)> = parsed
        .iter()
        .filter_map(|(lang, entries)| {
            let found = entries.iter().find(|(k, _)| *k == "language.unavailable");
            found.map(|(_, v)| (*lang, *v))
        })
        .collect();
    writeln!(
        code,
        "pub const UNAVAILABLE: &[(&str, &str)] = &{unavailable:?};"
    )
    .unwrap();
    // The tests read every file as the page would after fetching it.
    code.push_str("#[cfg(test)]\npub const FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        let lang = path.file_stem().unwrap().to_string_lossy();
        writeln!(
            code,
            "    ({lang:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("languages.rs");
    std::fs::write(out, code).unwrap();
}
