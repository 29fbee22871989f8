//! Files the CLI writes: a good file is replaced only by a whole new one,
//! and a file of lines appended to stays a file of lines.

use crate::error::{other, CliError};
use std::io::Write;
use std::path::Path;

/// Writes `text` as the file `path`, through `path.partial` and a rename:
/// a failure (a full disk) leaves the old file as it was.
pub fn replace(path: &Path, text: &str) -> Result<(), CliError> {
    let cannot = |e: std::io::Error| other(format!("cannot write {}: {e}", path.display()));
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = Path::new(&partial);
    let written = std::fs::write(partial, text).and_then(|()| std::fs::rename(partial, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(partial);
        return Err(cannot(e));
    }
    Ok(())
}

/// Refuses at once a path that will not take a file (its folder missing,
/// a folder itself, or a folder that takes no file), before the work whose
/// results go there: the file [`replace`] writes through is made and
/// removed.
pub fn check_writable(path: &Path) -> Result<(), CliError> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(other(format!(
            "cannot write {}: no folder {}",
            path.display(),
            folder.display()
        )));
    }
    if path.is_dir() {
        return Err(other(format!("cannot write {}: a folder", path.display())));
    }
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let made = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&partial);
    match made {
        Ok(_) => {
            let _ = std::fs::remove_file(&partial);
            Ok(())
        }
        // Left by an interrupted run: the folder takes files.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(other(format!("cannot write {}: {e}", path.display()))),
    }
}

/// Opens `path` to append lines (made if missing). A last line cut off by
/// an interrupted run is ended first, so the next line does not join it.
pub fn append(path: &Path) -> Result<std::fs::File, CliError> {
    let cannot = |e: std::io::Error| other(format!("cannot write {}: {e}", path.display()));
    let ends_a_line = match std::fs::read(path) {
        Ok(bytes) => bytes.last().is_none_or(|&b| b == b'\n'),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(cannot(e)),
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(cannot)?;
    if !ends_a_line {
        file.write_all(b"\n").map_err(cannot)?;
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cheversi-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_is_replaced_whole_or_not_at_all() {
        let dir = scratch("replace");
        let path = dir.join("out.txt");
        std::fs::write(&path, "old\n").unwrap();
        replace(&path, "new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert!(!dir.join("out.txt.partial").exists());
        // Where the new one cannot be written, the old one stays.
        let blocked = dir.join("blocked");
        std::fs::create_dir(blocked.with_extension("partial")).unwrap();
        std::fs::write(&blocked, "good\n").unwrap();
        let err = replace(&blocked, "half").expect_err("cannot write");
        assert!(err.to_string().contains("blocked"), "{err}");
        assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "good\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_line_cut_off_is_ended_before_the_next() {
        let dir = scratch("append");
        let path = dir.join("lines.txt");
        writeln!(append(&path).unwrap(), "a 1").unwrap();
        std::fs::write(&path, "a 1\nb 2").unwrap(); // an interrupted run
        writeln!(append(&path).unwrap(), "c 3").unwrap();
        writeln!(append(&path).unwrap(), "d 4").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "a 1\nb 2\nc 3\nd 4\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
