//! Ships the duel's opening book, `data/duel_book.txt`, without its
//! comments, and each line about a first jump without its setup where the
//! line before has the same (the engine reads both forms, and the solved
//! setups from the setup lines). `scripts/post-build.py` writes the site's
//! copy by the same rule.
fn ship(name: &str) {
    let source = std::path::PathBuf::from(
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("data")
    .join(name);
    println!("cargo:rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(&source).expect("the data file exists");
    let mut out = String::new();
    let mut setup: Vec<&str> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        // A first jump's line (a square third) after a line of its setup.
        let first_jump = fields.get(2).is_some_and(|f| f.len() == 2);
        let kept = if first_jump && fields[..2] == setup[..] {
            &fields[2..]
        } else {
            &fields[..]
        };
        setup = fields[..2].to_vec();
        out.push_str(&kept.join(" "));
        out.push('\n');
    }
    let target = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join(name);
    std::fs::write(target, out).unwrap();
}

fn main() {
    ship("duel_book.txt");
}
