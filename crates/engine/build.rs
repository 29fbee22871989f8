//! Ships the solved duel setups without what only the solver needs: the
//! comments and node counts of `data/duel_setups.txt` stay in the file
//! (`cheversi duel-table` resumes from it), the engine gets
//! `white black result` lines (a smaller wasm download).
fn main() {
    let source = std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("data/duel_setups.txt");
    println!("cargo:rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(&source).expect("data/duel_setups.txt exists");
    let mut out = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(3).collect();
        out.push_str(&fields.join(" "));
        out.push('\n');
    }
    let target = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("duel_setups.txt");
    std::fs::write(target, out).unwrap();
}
