//! No two source files of the workspace import each other, directly or
//! through others: a circle means two concepts that cannot be understood,
//! tested or moved apart. A module naming its own ancestor or descendant
//! (`mod.rs` re-exporting, `use super::*` in tests) is not a circle.
//!
//! The graph is read from the text: every `crate::…` and `super::…` path
//! outside comments, `use` groups included, resolved to the longest module
//! path that has a file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every `.rs` file under `src`, by module path (`a/b.rs` and `a/b/mod.rs`
/// are `a::b`; `lib.rs`, `main.rs` are the crate root). `src/bin` holds
/// separate crates and is left out.
fn modules(src: &Path) -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<Module, PathBuf>) {
        for entry in fs::read_dir(dir).expect("a readable folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                if path != src.join("bin") {
                    walk(&path, src, out);
                }
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let mut parts: Module = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            out.insert(parts, path);
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The text without comments and string literals (a path named in prose
/// or in a message is not an import).
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if !escaped && c == '"' {
                        break;
                    }
                    escaped = !escaped && c == '\\';
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

/// Every path that starts with `crate::` or `super::`, as its segments
/// after the start resolved (`super` counted from `module`); a `use`
/// group `a::{b, c::d}` gives `a::b` and `a::c::d`.
fn paths_named(code: &str, module: &Module) -> Vec<Module> {
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(ident(bytes[i - 1]) || bytes[i - 1] == b':');
        // Bytes, not `&code[i..]`: `i` may fall inside a character.
        let rest = &bytes[i..];
        let (mut base, mut at) = if starts_word && rest.starts_with(b"crate::") {
            (Vec::new(), i + "crate::".len())
        } else if starts_word && rest.starts_with(b"super::") {
            // `super` in `a/b.rs` and in `a/b/mod.rs` (module a::b) is `a`.
            let mut base = module.clone();
            let mut at = i;
            while bytes[at..].starts_with(b"super::") {
                base.pop();
                at += "super::".len();
            }
            (base, at)
        } else {
            i += 1;
            continue;
        };
        if code[at..].starts_with('{') {
            let close = matching_brace(code, at);
            group_paths(&code[at + 1..close], &base, &mut found);
            i = close.max(i + 1);
            continue;
        }
        loop {
            let start = at;
            while at < bytes.len() && ident(bytes[at]) {
                at += 1;
            }
            if at > start {
                base.push(code[start..at].to_string());
            }
            if code[at..].starts_with("::{") {
                let close = matching_brace(code, at + 2);
                group_paths(&code[at + 3..close], &base, &mut found);
                at = close;
                break;
            }
            if code[at..].starts_with("::") {
                at += 2;
                continue;
            }
            break;
        }
        found.push(base);
        i = at.max(i + 1);
    }
    found
}

/// Where the `}` that closes the `{` at `open` stands (the end of the text
/// if none does).
fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, b) in code.bytes().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// The paths of a `use` group's inside (`b, c::{d, e}`), each after `base`.
fn group_paths(inside: &str, base: &[String], found: &mut Vec<Module>) {
    let mut depth = 0;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, b) in inside.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth -= 1,
            b',' if depth == 0 => {
                items.push(&inside[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inside[start..]);
    for item in items {
        let item = item.trim();
        let (head, group) = match item.find("::{") {
            Some(at) => (
                &item[..at],
                Some(&item[at + 3..item.len().saturating_sub(1)]),
            ),
            None => (item.split(" as ").next().unwrap_or(""), None),
        };
        let mut path = base.to_vec();
        path.extend(
            head.split("::")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty()),
        );
        match group {
            Some(inner) => group_paths(inner, &path, found),
            None => found.push(path),
        }
    }
}

/// The longest prefix of `path` that is a module with a file.
fn resolve(path: &[String], known: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| known.contains_key(p))
}

/// The edges between files: `a -> b` when `a` names `b`, leaving out a
/// module's own ancestors and descendants.
fn edges(known: &BTreeMap<Module, PathBuf>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut out = BTreeMap::new();
    for (module, file) in known {
        let text = fs::read_to_string(file).expect("a readable source file");
        let targets: BTreeSet<Module> = paths_named(&code_only(&text), module)
            .iter()
            .filter_map(|p| resolve(p, known))
            .filter(|t| !t.starts_with(module) && !module.starts_with(t))
            .collect();
        out.insert(module.clone(), targets);
    }
    out
}

/// The groups of two or more modules that reach each other (Tarjan's
/// strongly connected components).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in &self.graph[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    group.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.out.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.out
}

fn workspace_crates() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut out: Vec<PathBuf> = fs::read_dir(&crates)
        .expect("the crates folder")
        .map(|e| e.expect("an entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    out.sort();
    out
}

#[test]
fn no_source_file_imports_itself_through_others() {
    let crates = workspace_crates();
    assert!(crates.len() >= 4, "the workspace's crates: {crates:?}");
    let mut found = Vec::new();
    for src in crates {
        let known = modules(&src);
        for group in circles(&edges(&known)) {
            let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            found.push(format!("{}: {}", src.display(), names.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The checker itself: a planted circle in a scratch crate is found, and
/// a parent re-exporting its child is not a circle.
#[test]
fn a_planted_circle_is_found() {
    let dir = std::env::temp_dir().join(format!("import-circles-{}", std::process::id()));
    let src = dir.join("src");
    fs::create_dir_all(src.join("deep")).unwrap();
    fs::write(src.join("lib.rs"), "mod a;\nmod b;\nmod c;\nmod deep;\n").unwrap();
    // a -> b, and b -> a only through the last item of a nested group.
    fs::write(
        src.join("a.rs"),
        "// crate::c in a comment\nfn f() { crate::b::g() }\n",
    )
    .unwrap();
    fs::write(
        src.join("b.rs"),
        "use crate::{deep::inner::{X, Y}, a};\nconst S: &str = \"crate::c\";\n",
    )
    .unwrap();
    // c -> a: a circle with a if the comment or the string counted.
    fs::write(src.join("c.rs"), "use crate::a;\n").unwrap();
    // A parent and its child naming each other: not a circle.
    fs::write(
        src.join("deep/mod.rs"),
        "mod inner;\nfn h() { crate::deep::inner::X }\n",
    )
    .unwrap();
    fs::write(src.join("deep/inner.rs"), "use super::h;\n").unwrap();
    let known = modules(&src);
    let found = circles(&edges(&known));
    fs::remove_dir_all(&dir).unwrap();
    let names: Vec<Vec<String>> = found
        .iter()
        .map(|g| g.iter().map(|m| m.join("::")).collect())
        .collect();
    assert_eq!(names, vec![vec!["a".to_string(), "b".to_string()]]);
}

#[test]
fn text_beyond_ascii_is_read_around() {
    // A star in a string before a path: the reader walks bytes, never
    // slicing inside a character.
    let code = code_only("fn stars() -> char { '★' }\nuse crate::a::{b, c};\nconst S: &str = \"é★\"; use super::d;\n");
    let module: Module = vec!["x".into(), "y".into()];
    let found = paths_named(&code, &module);
    for want in [["a", "b"], ["a", "c"], ["x", "d"]] {
        let want: Module = want.iter().map(|s| s.to_string()).collect();
        assert!(found.contains(&want), "{want:?} in {found:?}");
    }
}
