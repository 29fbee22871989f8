//! Ships the duel's opening book, `data/duel_book.txt`, without its
//! comments (the engine reads the solved setups from its setup lines).
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
    ship("duel_book.txt", usize::MAX);
}
