//! Turns the language files in `lang/` into tables for `src/i18n.rs`:
//! the English keys once, and each language's texts in the same order
//! (adding a language is adding a file). A file that cannot be read, or
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
            let entries =
                lang_file::parse(text).unwrap_or_else(|e| panic!("lang/{code}.lang: {e}"));
            (code.as_str(), entries)
        })
        .collect();
    let english = &parsed
        .iter()
        .find(|(code, _)| *code == "en")
        .expect("lang/en.lang")
        .1;
    let keys: Vec<&str> = english.iter().map(|(k, _)| *k).collect();
    let mut code = format!("pub const KEYS: &[&str] = &{keys:?};\n");
    code.push_str("pub const LANGS: &[(&str, &[&str])] = &[\n");
    for (lang, entries) in &parsed {
        if let Some((key, _)) = entries.iter().find(|(k, _)| keys.binary_search(k).is_err()) {
            panic!("lang/{lang}.lang: {key} is not a key of lang/en.lang");
        }
        // Missing texts stay empty (English is shown); a test lists them.
        let values: Vec<&str> = keys
            .iter()
            .map(|k| entries.iter().find(|(e, _)| e == k).map_or("", |(_, v)| *v))
            .collect();
        writeln!(code, "    ({lang:?}, &{values:?}),").unwrap();
    }
    code.push_str("];\n");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("languages.rs");
    std::fs::write(out, code).unwrap();
}
