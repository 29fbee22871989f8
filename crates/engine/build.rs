//! Ships the solved duel data without what only the solver needs: the
//! comments and node counts of `data/duel_setups.txt` stay in the file
//! (`cheversi duel-table` resumes from it), the engine gets
//! `white black result` lines (a smaller wasm download); the opening book
//! `data/duel_book.txt` loses its comments.
fn ship(name: &str, fields: usize) {
    let source = std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("data")
    .join(name);
    println!("cargo:rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(&source).expect("the data file exists");
    let mut out = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(fields).collect();
        out.push_str(&fields.join(" "));
        out.push('\n');
    }
    let target = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join(name);
    std::fs::write(target, out).unwrap();
}

fn main() {
    ship("duel_setups.txt", 3);
    ship("duel_book.txt", usize::MAX);
}
