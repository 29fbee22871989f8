//! The CLI's contract, run as a user would run it.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cheversi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cheversi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

fn state(args: &[&str]) -> Value {
    let mut all = vec!["state", "--json"];
    all.extend_from_slice(args);
    let out = cheversi(&all);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one JSON object on one line");
    serde_json::from_str(&text).unwrap()
}

#[test]
fn state_json_has_exactly_the_contract_fields() {
    let v = state(&["--game", "cheversi", "--rules", "lewicki"]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(sorted, ["legal", "over", "scores", "to_move", "winner"]);
    assert_eq!(v["to_move"], 0);
    assert_eq!(v["legal"].as_array().unwrap().len(), 320);
    assert_eq!(v["legal"][0], "Ka1");
    assert_eq!(v["scores"], serde_json::json!([0, 0]));
    assert_eq!(v["over"], false);
    assert_eq!(v["winner"], Value::Null);
}

#[test]
fn state_follows_moves_scoring_overrides_and_the_end() {
    let v = state(&[
        "--game",
        "cheversi",
        "--rules",
        "brainking",
        "--moves",
        "Kd4 Qe5",
    ]);
    assert_eq!(v["to_move"], 0);
    assert!(v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m.as_str().unwrap().starts_with('Q')));
    let moves = "Ra1 Rh8 Ra8";
    let all = state(&[
        "--rules",
        "lewicki-free",
        "--count",
        "multiplicity",
        "--squares",
        "all",
        "--moves",
        moves,
    ]);
    assert_eq!(all["scores"], serde_json::json!([28, 14]));
    let distinct = state(&[
        "--rules",
        "lewicki-free",
        "--count",
        "distinct",
        "--squares",
        "empty",
        "--moves",
        moves,
    ]);
    assert_eq!(distinct["scores"], serde_json::json!([19, 13]));
    let end = state(&[
        "--rules",
        "lewicki-free",
        "--moves",
        "Kd4 Ka8 Qe4 Qb8 Rd5 Ra7 Re5 Rb7 Bc4 Bc8 Bf4 Bd8 Nc5 Ne8 Nf5 Nf8",
    ]);
    assert_eq!(end["over"], true);
    assert_eq!(end["to_move"], Value::Null);
    assert_eq!(end["legal"], serde_json::json!([]));
    assert_eq!(end["winner"], 0);
}

#[test]
fn state_for_attrition_prints_jumps_and_captures_and_no_scores() {
    let v = state(&[
        "--game",
        "attrition",
        "--variant",
        "duel",
        "--moves",
        "Nd4 Nf5",
    ]);
    assert_eq!(v["scores"], serde_json::json!([]));
    let legal: Vec<&str> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(legal.contains(&"d4xf5"), "{legal:?}");
    assert!(legal.contains(&"d4-b3"));
    let won = state(&[
        "--game",
        "attrition",
        "--variant",
        "duel",
        "--moves",
        "Nd4 Nf5 d4xf5",
    ]);
    assert_eq!(won["winner"], 0);
    assert_eq!(won["over"], true);
    let melee = state(&[
        "--game",
        "attrition",
        "--variant",
        "melee",
        "--players",
        "4",
        "--moves",
        "Na1 Nc3 Nf1",
    ]);
    assert_eq!(melee["to_move"], 3);
    let two = state(&["--game", "attrition", "--variant", "two-knights"]);
    assert!(two["legal"].as_array().unwrap().iter().any(|m| m == "Bd4"));
}

#[test]
fn an_illegal_move_exits_2_with_the_rule_on_stderr() {
    let out = cheversi(&[
        "state",
        "--json",
        "--rules",
        "brainking",
        "--moves",
        "Kd4 Nc2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("Nc2: every placement must touch a piece already on the board"),
        "{}",
        stderr(&out)
    );
    let out = cheversi(&["state", "--game", "attrition", "--moves", "Nd4 Ne5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Ne5: mirror image of White's start d4"));
    let out = cheversi(&[
        "state",
        "--game",
        "attrition",
        "--moves",
        "Nd4 Nh8 d4-f5 h8-g6 f5-d4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("f5-d4: d4 is marked"));
}

#[test]
fn a_malformed_move_exits_2_and_bad_options_exit_1() {
    let out = cheversi(&["state", "--moves", "Kz9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("'z9' is not a square"),
        "{}",
        stderr(&out)
    );
    let out = cheversi(&["state", "--rules", "brainkin"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("unknown rule set 'brainkin'"));
    let out = cheversi(&["state", "--game", "cheversi", "--variant", "duel"]);
    assert_eq!(out.status.code(), Some(1));
    let out = cheversi(&[
        "state",
        "--game",
        "attrition",
        "--variant",
        "melee",
        "--players",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("melee is for 3 or 4 players"));
}

#[test]
fn option_names_are_the_engines_and_a_bad_one_exits_1() {
    // clap reads these names; its own exit code (2) would mean a bad move.
    for (args, says) in [
        (&["--game", "go"][..], "unknown game 'go'"),
        (&["--count", "some"][..], "unknown count setting 'some'"),
        (&["--squares", "none"][..], "unknown squares setting 'none'"),
        (
            &["--game", "attrition", "--variant", "trio"][..],
            "unknown variant 'trio'",
        ),
        (
            &["--game", "attrition", "--rules", "lewicki"][..],
            "--rules does not apply",
        ),
    ] {
        let out = cheversi(&[&["state"][..], args].concat());
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    // Names are read in any case, as records and the web API read them.
    let out = cheversi(&[
        "state",
        "--game",
        "Attrition",
        "--variant",
        "MELEE",
        "--players",
        "4",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = cheversi(&["state", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("--rules"));
}

#[test]
fn no_input_makes_it_panic() {
    let weird = [
        "",
        "   ",
        "1.",
        "Kd4Kd4",
        "K@",
        "@d4",
        "d4-",
        "é",
        "1-0",
        "Kd4 1-0 Qe5",
        "99999999999999999999.",
    ];
    for moves in weird {
        for game in ["cheversi", "attrition"] {
            let out = cheversi(&["state", "--game", game, "--moves", moves]);
            assert!(matches!(out.status.code(), Some(0..=2)), "{moves:?}");
            assert!(
                !stderr(&out).contains("panicked"),
                "{moves:?}: {}",
                stderr(&out)
            );
        }
    }
}

/// A reader that stops early (`| head`) ends the output quietly, as it
/// ends any other command's, instead of a panic on the broken pipe.
#[test]
fn a_closed_output_ends_it_without_a_panic() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cheversi"))
        .args([
            "bench",
            "--ai",
            "--positions",
            "9",
            "--only",
            "brainking",
            "--samples",
            "8",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a first line");
    assert!(first.starts_with('{'), "{first}");
    // The reader is dropped here: the next line meets a closed pipe.
    let out = child.wait_with_output().expect("it ends");
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert_ne!(out.status.code(), Some(101), "a panic's exit code");
}

#[test]
fn perft_counts_and_divides() {
    let out = cheversi(&[
        "perft", "--game", "cheversi", "--rules", "lewicki", "--depth", "2",
    ]);
    assert_eq!(stdout(&out).trim(), "18340");
    let out = cheversi(&[
        "perft",
        "--game",
        "attrition",
        "--variant",
        "duel",
        "--depth",
        "2",
        "--divide",
    ]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 65);
    assert!(text.ends_with("total: 3840\n"));
    let out = cheversi(&[
        "perft",
        "--game",
        "attrition",
        "--moves",
        "Nd4",
        "--depth",
        "1",
    ]);
    assert_eq!(stdout(&out).trim(), "60");
}

/// A file or directory of a test's, removed when the test ends, failing
/// or not (they were left behind in the temporary directory).
struct Temp(std::path::PathBuf);

impl Temp {
    fn named(name: &str) -> Temp {
        Temp(std::env::temp_dir().join(format!("cheversi-cli-test-{}-{name}", std::process::id())))
    }
}

impl std::ops::Deref for Temp {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Temp {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn write_temp(name: &str, text: &str) -> Temp {
    let path = Temp::named(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn record_print_is_canonical_and_validate_reports_line_and_column() {
    let messy = "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n[White \"Ann \\\"the Bold\\\"\"]\n\n1.Kd4 Qe5, 2. Qd5\n";
    let path = write_temp("messy.txt", messy);
    let out = cheversi(&["record", "print", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let canonical = stdout(&out);
    assert_eq!(
        canonical,
        "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n[Count \"multiplicity\"]\n[Squares \"empty\"]\n\
         [White \"Ann \\\"the Bold\\\"\"]\n[Result \"*\"]\n\n1. Kd4 Qe5 2. Qd5 *\n"
    );
    let path2 = write_temp("canonical.txt", &canonical);
    let out = cheversi(&["record", "validate", path2.to_str().unwrap()]);
    assert!(
        stdout(&out).contains("valid Cheversi record, 3 moves, canonical"),
        "{}",
        stdout(&out)
    );
    let bad = canonical.replace("2. Qd5", "2. Rd5");
    let path3 = write_temp("bad.txt", &bad);
    let out = cheversi(&["record", "validate", path3.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "line 8, column 15: Rd5: the Queen was called — White must place the Queen now"
        ),
        "{}",
        stderr(&out)
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_cheversi"))
        .args(["record", "print", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(canonical.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(stdout(&out), canonical);
    let out = cheversi(&["record", "print", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read /no/such/file"));
}

#[test]
fn show_draws_the_board_with_attack_counts_and_scores() {
    let out = cheversi(&["show", "--rules", "brainking", "--moves", "Kd4 Qe5"]);
    let text = stdout(&out);
    assert!(text.contains("White to move"));
    // d4's King is attacked by Black's Queen; e5's Queen by White's King.
    assert!(text.contains("K0/1") && text.contains("q1/0"), "{text}");
    assert!(text.contains("White: score 7"));
    assert!(text.contains("Black: score 23"));
    let out = cheversi(&[
        "show",
        "--game",
        "attrition",
        "--variant",
        "melee",
        "--moves",
        "Nd4 Nb3 d4?",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = cheversi(&["show", "--game", "attrition", "--moves", "Nd4"]);
    assert!(stdout(&out).contains("WN"));
}

#[test]
fn bench_runs_and_reports_every_game_kind() {
    let out = cheversi(&["bench", "--runs", "1", "--playouts", "20"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for label in [
        "cheversi lewicki",
        "cheversi brainking",
        "attrition duel",
        "attrition melee 4p",
    ] {
        assert!(text.contains(label), "{text}");
    }
}

#[test]
fn bestmove_prints_the_contract_fields_and_a_legal_move() {
    let out = cheversi(&[
        "bestmove",
        "--rules",
        "brainking",
        "--moves",
        "Kd4",
        "--nodes",
        "20000",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort();
    assert_eq!(
        keys,
        ["depth", "eval", "exact", "move", "ms", "nodes", "pv"]
    );
    let mv = v["move"].as_str().unwrap();
    let legal = state(&["--rules", "brainking", "--moves", "Kd4"]);
    assert!(
        legal["legal"].as_array().unwrap().iter().any(|m| m == mv),
        "{mv}"
    );
    assert_eq!(v["pv"][0], mv);
    // A capture that wins is proven.
    let out = cheversi(&[
        "bestmove",
        "--game",
        "attrition",
        "--moves",
        "Nd4 Nf5",
        "--json",
    ]);
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["move"], "d4xf5");
    assert_eq!(v["eval"], "wins in 1");
    assert_eq!(v["exact"], true);
    let out = cheversi(&[
        "bestmove",
        "--rules",
        "lewicki-free",
        "--moves",
        "Kd4 Ka8 Qe4 Qb8 Rd5 Ra7 Re5 Rb7 Bc4 Bc8 Bf4 Bd8 Nc5 Ne8 Nf5 Nf8",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the game is over"));
    let out = cheversi(&["bestmove", "--level", "grandmaster"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("unknown level 'grandmaster'"));
}

#[test]
fn bestmove_refuses_a_node_budget_on_threads_or_of_no_nodes() {
    // The threads split a proof within a time; a node budget is one
    // search's (cli.md).
    let out = cheversi(&["bestmove", "--nodes", "100000", "--threads", "2"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("--threads"), "{}", stderr(&out));
    let out = cheversi(&["bestmove", "--nodes", "0"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("--nodes"), "{}", stderr(&out));
    let out = cheversi(&["bestmove", "--nodes", "1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn match_reports_results_elo_and_costs() {
    let out = cheversi(&[
        "match",
        "--rules",
        "lewicki-free",
        "--a",
        "beginner",
        "--b",
        "random",
        "--games",
        "4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let total =
        v["wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["losses"].as_u64().unwrap();
    assert_eq!(total, 4);
    match v["elo"].as_f64() {
        Some(elo) => {
            assert!(v["elo_low"].as_f64().unwrap() <= elo);
            assert!(elo <= v["elo_high"].as_f64().unwrap());
        }
        // Every game won: no finite difference, the interval open above.
        None => {
            assert_eq!(v["wins"], 4, "{v}");
            assert!(v["elo_low"].as_f64().unwrap() > 0.0 && v["elo_high"].is_null());
        }
    }
    assert_eq!(v["ms_per_move"].as_array().unwrap().len(), 2);
    let out = cheversi(&[
        "match",
        "--game",
        "attrition",
        "--variant",
        "melee",
        "--seats",
        "greedy,random,random",
        "--games",
        "3",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = cheversi(&[
        "match",
        "--game",
        "attrition",
        "--variant",
        "melee",
        "--seats",
        "greedy,random",
        "--games",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("3 seats but 2 agents"));
    let out = cheversi(&["match", "--a", "wizard", "--b", "random"]);
    assert!(stderr(&out).contains("unknown agent 'wizard'"));
}

/// `--moves` gives the opening every game starts from: the records begin
/// with it, then the agents' moves, to the end of a 16-placement game.
#[test]
fn match_plays_from_an_opening() {
    let path = std::env::temp_dir().join(format!("match-opening-{}.tsv", std::process::id()));
    let name = path.to_str().unwrap();
    let args = [
        "match",
        "--rules",
        "lewicki",
        "--moves",
        "Qd4 Bd5",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--json",
        "--records",
        name,
    ];
    // An older, longer file there is replaced, not partly overwritten.
    std::fs::write(&path, "old\n".repeat(1000)).unwrap();
    let out = cheversi(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    let games: Vec<&str> = text.lines().collect();
    assert_eq!(games.len(), 4, "{text}");
    for game in games {
        let moves: Vec<&str> = game.split('\t').nth(2).unwrap().split(' ').collect();
        assert_eq!(&moves[..2], ["Qd4", "Bd5"], "{game}");
        assert_eq!(moves.len(), 16, "{game}");
    }
    let _ = std::fs::remove_file(path);
    let out = cheversi(&[
        "match", "--rules", "lewicki", "--moves", "Qd4 Qa8", "--a", "greedy", "--b", "random",
    ]);
    assert_eq!(out.status.code(), Some(2), "a bad move, as for bestmove");
    assert!(stderr(&out).contains("Qa8"), "{}", stderr(&out));
}

#[test]
fn review_lists_every_move_with_the_points_it_lost() {
    let record = "[Game \"Cheversi\"]\n[Rules \"lewicki-free\"]\n\n\
                  1. Kd4 Ka8 2. Qe4 Qb8 3. Rd5 Ra7 4. Re5 Rb7 5. Bc4 Bc8 6. Bf4 Bd8 7. Nc5 Ne8 8. Nf5 Nh8\n";
    let path = write_temp("review.txt", record);
    let out = cheversi(&[
        "review",
        path.to_str().unwrap(),
        "--time-ms",
        "100",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Value> = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(rows.len(), 16);
    let last = &rows[15];
    assert_eq!(last["played"], "Nh8");
    assert_eq!(last["exact"], true);
    assert!(last["lost"].as_f64().unwrap() > 0.0);
}

/// Runs the binary, killing it (and failing) if it is not done within
/// `seconds`: for inputs that used to make it run forever.
fn cheversi_within(seconds: u64, args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cheversi"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= seconds {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} still ran after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A records path that cannot be written is refused before the games are
/// played: the match used to play them all, then fail and print nothing.
#[test]
fn match_refuses_a_records_path_it_cannot_write_before_playing() {
    let dir = std::env::temp_dir();
    let name = dir.to_str().unwrap();
    // 100,000 games at 1 s a move would take days: only an early check ends it.
    let args = [
        "match",
        "--rules",
        "lewicki",
        "--a",
        "ms:1000",
        "--b",
        "ms:1000",
        "--games",
        "100000",
        "--records",
        name,
    ];
    let out = cheversi_within(60, &args);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot write") && stderr(&out).contains(name),
        "{}",
        stderr(&out)
    );
    // A folder that is there but takes no file (here /proc): refused as
    // early, by trying to make the file.
    #[cfg(target_os = "linux")]
    {
        let mut args = args;
        args[args.len() - 1] = "/proc/cheversi-records.txt";
        let out = cheversi_within(60, &args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    }
}

#[test]
fn moves_over_several_lines_are_placed_by_line_and_column() {
    let out = cheversi(&["state", "--moves", "Kd4 Qe5\nKd4"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("(--moves, line 2, column 1)"),
        "{}",
        stderr(&out)
    );
    let out = cheversi(&["state", "--moves", "Kd4 Kd4"]);
    assert!(
        stderr(&out).contains("(--moves, column 5)"),
        "{}",
        stderr(&out)
    );
}

/// Output that cannot be written (a full disk) is an error like any other,
/// exit 1 and a line that says so, not a panic.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error_not_a_panic() {
    for args in [&["state"][..], &["state", "--moves", "Kd4 Kd4"][..]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_cheversi"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(101), "{args:?}: {}", stderr(&out));
        assert!(
            !stderr(&out).contains("panicked"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_cheversi"))
        .arg("state")
        .stdout(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot write the output"),
        "{}",
        stderr(&out)
    );
}

/// A benchmark that would measure nothing says so, rather than printing an
/// empty table as a success.
#[test]
fn bench_of_nothing_is_refused() {
    for args in [
        &["bench", "--only", "nonexistent"][..],
        &["bench", "--ai", "--positions", "3", "--only", "zzz"][..],
        &["bench", "--playouts", "0"][..],
    ] {
        let out = cheversi_within(60, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
    }
    let out = cheversi_within(60, &["bench", "--only", "nonexistent"]);
    assert!(
        stderr(&out).contains("nonexistent") && stderr(&out).contains("duel"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bench_ai_with_no_samples_is_an_error_not_a_panic() {
    let out = cheversi_within(60, &["bench", "--ai", "--samples", "0"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--samples must be at least 1"),
        "{}",
        stderr(&out)
    );
}

/// The Master with its result proof on two threads, three placements
/// from the end: proven, with the result plain minimax gives.
#[test]
fn bestmove_on_threads_proves_the_minimax_result() {
    use cheversi_engine::ai::cheversi::PlainScore;
    use cheversi_engine::ai::search::minimax::minimax;
    use cheversi_engine::{cheversi, GameState};
    let moves = "Kd4 Ka8 Qe4 Qb8 Rd5 Ra7 Re5 Rb7 Bc4 Bc8 Bf4 Bd8 Nc5";
    let mut pos = cheversi::Position::new(cheversi::Options::new(cheversi::RuleSet::LewickiFree));
    for m in moves.split(' ') {
        let mv = pos.parse_move(m).unwrap();
        pos.play_unchecked(mv);
    }
    let me = pos.to_move().unwrap();
    let expected = minimax(&pos, &PlainScore, me, 3, 0).signum();
    // `bestmove` on this position with `extra`, its JSON.
    let bestmove = |extra: &[&str]| -> Value {
        let args = [
            &["bestmove", "--rules", "lewicki-free", "--moves", moves],
            extra,
        ]
        .concat();
        let out = cheversi(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str(stdout(&out).trim()).unwrap()
    };
    let v = bestmove(&["--time-ms", "500", "--threads", "2", "--json"]);
    assert_eq!(v["exact"], true, "{v}");
    let sign = match &v["eval"] {
        Value::String(s) if s.starts_with("wins") => 1,
        Value::String(s) if s.starts_with("loses") => -1,
        Value::Number(n) => {
            let margin = n.as_f64().unwrap();
            i32::from(margin > 0.0) - i32::from(margin < 0.0)
        }
        other => panic!("{other}"),
    };
    assert_eq!(sign, expected, "{v}");
    assert!(v["nodes"].as_u64().unwrap() > 0, "{v}");
    // The proof alone, on one thread and on two: the same result.
    let sign = |v: &Value| match v["result"].as_str() {
        Some("win") => 1,
        Some("draw") => 0,
        Some("loss") => -1,
        other => panic!("{other:?} in {v}"),
    };
    for threads in ["1", "2"] {
        let v = bestmove(&["--time-ms", "2000", "--threads", threads, "--result"]);
        assert_eq!(sign(&v), expected, "{threads} threads: {v}");
        let named = v["moves"].as_array().unwrap().len();
        assert_eq!(named > 0, expected >= 0, "{threads} threads: {v}");
    }
    let duel = cheversi(&[
        "bestmove",
        "--game",
        "attrition",
        "--time-ms",
        "100",
        "--result",
    ]);
    assert!(!duel.status.success(), "no result proof in Attrition");
    assert!(stderr(&duel).contains("Cheversi"), "{}", stderr(&duel));
}

#[test]
fn no_threads_is_an_error() {
    for command in [&["bestmove"][..], &["bench", "--ai", "--proof", "result"]] {
        let args = [command, &["--threads", "0"]].concat();
        let out = cheversi_within(60, &args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("'0' for '--threads"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn a_time_budget_must_be_a_positive_finite_number_of_milliseconds() {
    for bad in ["nan", "NaN", "inf", "-inf", "-5", "0", "1e400"] {
        let agent = format!("ms:{bad}");
        let out = cheversi_within(
            20,
            &["match", "--a", &agent, "--b", "random", "--games", "1"],
        );
        assert_eq!(out.status.code(), Some(1), "{agent}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("'{bad}'")) && stderr(&out).contains("positive"),
            "{agent}: {}",
            stderr(&out)
        );
    }
    let out = cheversi_within(
        60,
        &[
            "match",
            "--rules",
            "lewicki-free",
            "--a",
            "ms:2.5",
            "--b",
            "random",
            "--games",
            "1",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

/// A setup is counted once however many lines (a rerun's, or its mirror
/// image's) name it, and two knights on one square are no setup.
#[test]
fn duel_table_summary_counts_each_setup_once() {
    let twice = write_temp("duel-twice.txt", "a1 b1 W 5\na1 b1 W 5\n");
    let out = cheversi(&["duel-table", "--out", twice.to_str().unwrap(), "--summary"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("1 setups"), "{}", stdout(&out));
    let same = write_temp("duel-same.txt", "a1 a1 W 5\n");
    let out = cheversi(&["duel-table", "--out", same.to_str().unwrap(), "--summary"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stderr(&out).contains("line 1"), "{}", stderr(&out));
}

#[test]
fn duel_table_refuses_an_existing_file_it_cannot_read_or_parse() {
    // Not UTF-8: unreadable as text.
    let path = write_temp("duel-binary.txt", "");
    std::fs::write(&path, b"a1 b3 W 10\n\xff\xfe\n").unwrap();
    let garbage = write_temp("duel-garbage.txt", "a1 b3 W 10\nnot a table line\n");
    for (file, reason) in [(&path, "UTF-8"), (&garbage, "line 2")] {
        let before = std::fs::read(file).unwrap();
        let name = file.to_str().unwrap();
        let out = cheversi_within(60, &["duel-table", "--out", name, "--nodes", "1"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(name) && err.contains(reason), "{err}");
        assert_eq!(std::fs::read(file).unwrap(), before, "nothing appended");
    }
    // A directory is not a table either.
    let dir = std::env::temp_dir();
    let out = cheversi_within(
        60,
        &["duel-table", "--out", dir.to_str().unwrap(), "--summary"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(dir.to_str().unwrap()),
        "{}",
        stderr(&out)
    );
}

#[test]
fn puzzles_generate_writes_a_file_that_verify_accepts() {
    let dir = std::env::temp_dir().join(format!("cheversi-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.txt");
    let path = file.to_str().unwrap();
    let out = cheversi(&[
        "puzzles",
        "generate",
        "--seed",
        "3",
        "--games",
        "4",
        "--games-per-kind",
        "lewicki-free=1,two-knights=2",
        "--nodes",
        "200000",
        "--out",
        path,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for game in [
        "lewicki",
        "lewicki-free",
        "brainking",
        "duel",
        "two-knights",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(game)),
            "{game} missing: {text}"
        );
    }
    assert!(text.contains("a minute"), "{text}");
    assert!(text.contains(" bytes"), "{text}");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with("#cheversi-puzzles 2\n# cheversi puzzles generate --seed 3"));
    let count = written.lines().filter(|l| !l.starts_with('#')).count();
    assert!(count > 0, "no puzzles: {text}");
    assert!(text.contains(&format!("{count} puzzles in")), "{text}");

    let out = cheversi(&["puzzles", "verify", path, "--nodes", "200000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with(&format!("{count} puzzles verified in")));

    // A wrong goal: exit 1, naming the puzzle and the check. The line
    // gets an id of its own (a sixth field, first) for the message.
    let first = written.lines().nth(2).unwrap();
    let fields: Vec<&str> = first.split(' ').collect();
    assert_eq!(fields.len(), 5, "the derived id is left out: {first}");
    let wrong_goal = match fields[2].strip_prefix('w') {
        Some(n) => format!("w{}", n.parse::<u32>().unwrap() + 2),
        None => format!("{:+}", fields[2].parse::<i32>().unwrap() + 1).replace("+0", "0"),
    };
    let broken = written.replacen(
        first,
        &[
            "zz1",
            fields[0],
            fields[1],
            &wrong_goal,
            fields[3],
            fields[4],
        ]
        .join(" "),
        1,
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, broken).unwrap();
    let out = cheversi(&["puzzles", "verify", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("puzzle zz1: goal:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn puzzles_refuse_bad_options_and_files() {
    let out = cheversi(&[
        "puzzles",
        "generate",
        "--games-per-kind",
        "chess=3",
        "--out",
        "/nonexistent/p.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("'chess'"), "{}", stderr(&out));
    let out = cheversi(&["puzzles", "verify", "/nonexistent/p.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot read"), "{}", stderr(&out));
    let file = write_temp(
        "puzzles-bad.txt",
        "#cheversi-puzzles 1\na1 lewicki 1200 +3 - Zz9\n",
    );
    let out = cheversi(&["puzzles", "verify", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn duel_table_takes_a_table_size_and_refuses_one_out_of_range() {
    let path = std::env::temp_dir().join(format!("duel-small-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let name = path.to_str().unwrap();
    // One node a setup and a tiny table: only setups decided at once
    // (White captures on its first jump) are proved.
    let args = [
        "duel-table",
        "--out",
        name,
        "--nodes",
        "1",
        "--table-bits",
        "10",
    ];
    let out = cheversi_within(60, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 492, "a line per setup");
    assert!(text.lines().any(|l| l == "a1 c2 W 1"), "{text}");
    assert!(stdout(&out).contains("492 setups"), "{}", stdout(&out));
    for bits in ["9", "31", "x"] {
        let out = cheversi(&["duel-table", "--out", name, "--table-bits", bits]);
        assert_eq!(out.status.code(), Some(1), "--table-bits {bits}");
        assert!(stderr(&out).contains("--table-bits"), "{}", stderr(&out));
    }
    let _ = std::fs::remove_file(path);
}

#[test]
fn duel_book_writes_a_line_per_position_and_shares_the_solver_options() {
    let path = std::env::temp_dir().join(format!("duel-book-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let name = path.to_str().unwrap();
    // The first setup (a1 b1) and White's two first jumps (b3, c2), with
    // a large enough budget to prove all three.
    let args = [
        "duel-book",
        "--out",
        name,
        "--setups",
        "1",
        "--table-bits",
        "16",
    ];
    let out = cheversi_within(120, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("a1 b1 "), "{text}");
    assert!(lines.iter().all(|l| !l.contains('?')), "{text}");
    // a1 b1: White wins (different colours), in an odd number of plies.
    let fields: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(fields[2], "W", "{text}");
    let plies: u16 = fields[4].parse().unwrap();
    assert!(plies % 2 == 1 && plies <= 63, "{text}");
    // A second run resumes: nothing left to solve.
    let out = cheversi_within(60, &args);
    assert!(
        stdout(&out).contains("0 positions proved this run, 0 unproved"),
        "{}",
        stdout(&out)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let out = cheversi(&["duel-book", "--out", name, "--table-bits", "9"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("--table-bits"), "{}", stderr(&out));
    let _ = std::fs::remove_file(path);
}

/// A position left unproved is tried again by the next run, and written
/// again only when it is proved: it was appended as unproved once more by
/// every run, and counted as solved.
#[test]
fn duel_book_tries_unproved_positions_again_without_writing_them_twice() {
    let path = std::env::temp_dir().join(format!("duel-book-u-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let name = path.to_str().unwrap();
    let args = |nodes: &'static str| {
        [
            "duel-book",
            "--out",
            name,
            "--setups",
            "1",
            "--table-bits",
            "16",
            "--nodes",
            nodes,
        ]
    };
    for _ in 0..2 {
        let out = cheversi_within(60, &args("1000"));
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stdout(&out).contains("0 positions proved this run, 3 unproved"),
            "{}",
            stdout(&out)
        );
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.ends_with('?')).count(),
        3,
        "{text}"
    );
    assert_eq!(text.lines().count(), 3, "{text}");
    let out = cheversi_within(120, &args("100000000"));
    assert!(
        stdout(&out).contains("3 positions proved this run, 0 unproved"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_file(path);
}

/// `--distances` adds the plies to winning lines that lack them and keeps
/// every other line, comments included.
#[test]
fn duel_book_distances_are_added_to_winning_lines() {
    let path = std::env::temp_dir().join(format!("duel-book-d-{}.txt", std::process::id()));
    let name = path.to_str().unwrap();
    let before = "# a comment\na1 b1 W b3\na1 b1 c2 W\na1 b1 b3 W\nb1 d1 c3 B c3\n";
    std::fs::write(&path, before).unwrap();
    let args = [
        "duel-book",
        "--out",
        name,
        "--distances",
        "--table-bits",
        "16",
    ];
    let out = cheversi_within(120, &args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("2 distances added"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(lines[0], "# a comment");
    assert!(lines[1].starts_with("a1 b1 W "), "{text}");
    assert_eq!(lines[1].split_whitespace().count(), 5, "{text}");
    assert_eq!(&lines[2..4], ["a1 b1 c2 W", "a1 b1 b3 W"]);
    // Black captures White's knight on c3 at once: one ply.
    assert_eq!(lines[4], "b1 d1 c3 B c3 1");
    // Nothing left to add.
    let out = cheversi_within(60, &args);
    assert!(
        stdout(&out).contains("0 distances added"),
        "{}",
        stdout(&out)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let _ = std::fs::remove_file(path);
}

/// Sizes no machine could meet are refused at once (exit 1, with the
/// limit), not attempted: no allocation abort, no thread panic, no hang.
#[test]
fn sizes_beyond_reason_are_refused_up_front() {
    for args in [
        &[
            "match",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "4294967295",
        ][..],
        &["bench", "--runs", "5000"],
        &["bestmove", "--result", "--threads", "100000"],
        &["bench", "--ai", "--threads", "1000"],
        &[
            "duel-table",
            "--out",
            "/nonexistent/x",
            "--table-bits",
            "30",
        ],
        &["bench", "--ai", "--positions", "70", "--only", "duel"],
    ] {
        let out = cheversi(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("not in"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let out = cheversi(&["bench", "--ai", "--positions", "17", "--only", "lewicki"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("16 placements"), "{}", stderr(&out));
    // The duel's setups are 0 jumps after the setup (what
    // e2e/worker-ratio.js asks for first); a Cheversi game 0 placements
    // from the end is over.
    let out = cheversi(&["bench", "--ai", "--positions", "0", "--only", "lewicki"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("no placement left"),
        "{}",
        stderr(&out)
    );
    let out = cheversi(&[
        "bench",
        "--ai",
        "--positions",
        "0",
        "--only",
        "duel",
        "--samples",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        // Each knight placed, and no jump yet.
        assert_eq!(line["moves"].as_array().unwrap().len(), 2, "{line}");
    }
}

/// A summary of a table that is not there says so (a mistyped path is not
/// an empty table).
#[test]
fn a_duel_table_summary_of_no_file_is_an_error() {
    let out = cheversi(&["duel-table", "--out", "/nonexistent/typo.txt", "--summary"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no such file"), "{}", stderr(&out));
}

/// The options `bench --ai` alone reads are refused without it (they
/// were ignored, and the long playout benchmark ran instead).
#[test]
fn bench_refuses_ai_options_without_ai() {
    for args in [
        &["bench", "--positions", "3"][..],
        &["bench", "--proof", "margin"],
        &["bench", "--speed"],
        &["bench", "--samples", "2"],
        &["bench", "--threads", "2"],
    ] {
        let out = cheversi_within(20, args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("--ai"), "{args:?}: {}", stderr(&out));
    }
}

/// A result in `--moves` that the moves do not reach was dropped: the
/// game read as going on.
#[test]
fn moves_with_a_result_they_do_not_reach_are_refused() {
    for moves in ["Kd4 Qe5 0-1", "Kd4 Qe5 1/2-1/2"] {
        let out = cheversi(&["state", "--moves", moves]);
        assert_eq!(out.status.code(), Some(2), "{moves}: {}", stdout(&out));
        assert!(stderr(&out).contains("moves only"), "{}", stderr(&out));
    }
    // Unfinished ("*") is no result.
    let out = cheversi(&["state", "--moves", "Kd4 Qe5 *"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn an_unknown_agent_is_told_every_form_an_agent_takes() {
    let out = cheversi(&["match", "--a", "foo", "--b", "random", "--games", "2"]);
    assert_eq!(out.status.code(), Some(1));
    for form in [
        "master-plain",
        "level:",
        "ms:",
        "nodes:",
        "uct:",
        "uct-ms:",
        "ab-ms:",
    ] {
        assert!(stderr(&out).contains(form), "{form}: {}", stderr(&out));
    }
}

#[test]
fn a_duel_table_summary_of_a_directory_says_so() {
    let dir = Temp::named("dir");
    std::fs::create_dir_all(&dir).unwrap();
    let out = cheversi(&["duel-table", "--out", dir.to_str().unwrap(), "--summary"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("a directory"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("no such file"), "{}", stderr(&out));
}

/// `lessons verify --answers` writes moves as the game does: a capture
/// with `x` (it wrote `d4-e6`).
#[test]
fn lesson_answers_are_written_in_the_games_notation() {
    let path = write_temp(
        "answers.txt",
        "#cheversi-lessons 1\nm 1 duel Nd4,Ne6 win d4xe6\n",
    );
    let out = cheversi(&["lessons", "verify", path.to_str().unwrap(), "--answers"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("d4xe6"), "{}", stdout(&out));
    assert!(!stdout(&out).contains("d4-e6"), "{}", stdout(&out));
}

/// `duel-book --distances` reads the book as the engine does: a line that
/// leaves out its setup (the site's compact form) takes the line before's
/// (it was refused as "not a book line").
#[test]
fn duel_book_distances_read_the_compact_form() {
    let distances = |name: &str, book: &str| {
        let path = write_temp(name, book);
        let out = path.to_str().unwrap().to_string();
        let args = [
            "duel-book",
            "--out",
            &out,
            "--distances",
            "--table-bits",
            "10",
            "--nodes",
            "1000",
        ];
        cheversi_within(60, &args)
    };
    let out = distances("compact-book.txt", "a1 b1 B\nc2 W\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        !stderr(&out).contains("not a book line"),
        "{}",
        stderr(&out)
    );
    // A damaged line is still refused, by its number and reason.
    let out = distances("damaged-book.txt", "a1 b1 B\nc2 X\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

/// More than a day is no limit at all (a search that never ends), as for
/// `match`'s agents: refused, not run.
#[test]
fn bestmove_refuses_a_think_longer_than_a_day() {
    let out = cheversi_within(
        20,
        &[
            "bestmove",
            "--moves",
            "Kd4",
            "--time-ms",
            "18446744073709551615",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("86400000"), "{}", stderr(&out));
}

/// Words, not JSON or Rust, in the text output: a proven Attrition value
/// was printed in quotes (`eval: "loses"`), and the duel's verdict by its
/// Rust name (`BlackWins`).
#[test]
fn text_output_says_values_in_words() {
    let out = cheversi(&[
        "bestmove",
        "--game",
        "attrition",
        "--moves",
        "Ng8 Na1 g8-f6 a1-c2 f6-d5",
        "--nodes",
        "3000000",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("eval: loses in 54 (proven)"), "{text}");
    assert!(!text.contains('"'), "{text}");
    let table = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/data/duel_setups.txt"
    );
    let out = cheversi(&["duel-table", "--out", table, "--summary"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("the duel with perfect play: Black wins"),
        "{}",
        stdout(&out)
    );
}

/// A search speed with nothing searched is no speed: the one sampled duel
/// ends in its random opening, and `0` was printed as its nodes a second.
#[test]
fn bench_speed_with_nothing_searched_says_so() {
    let out = cheversi(&[
        "bench",
        "--ai",
        "--speed",
        "--only",
        "duel",
        "--samples",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let row = text
        .lines()
        .find(|l| l.starts_with("attrition duel"))
        .unwrap();
    assert_eq!(row.split_whitespace().last(), Some("-"), "{text}");
}

/// An illegal move is named as it was written: `e4-f6` was reported as
/// the canonical `e4xf6`, which the reader never typed.
#[test]
fn an_illegal_move_is_named_as_written() {
    let out = cheversi(&["state", "--game", "attrition", "--moves", "Nd4 Nf6 e4-f6"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: e4-f6: there is no piece on e4"),
        "{}",
        stderr(&out)
    );
    let record = "[Game \"Attrition\"]\n[Variant \"duel\"]\n\n1. Nd4 Nf6 2. e4-f6 *\n";
    let path = std::env::temp_dir().join(format!("as-written-{}.txt", std::process::id()));
    std::fs::write(&path, record).unwrap();
    let out = cheversi(&["record", "print", path.to_str().unwrap()]);
    assert!(
        stderr(&out).contains("line 4, column 15: e4-f6: there is no piece on e4"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_file(path);
}

/// `review --time-ms` is bounded, as `bestmove`'s is: a huge value ran a
/// review that never ended.
#[test]
fn review_time_is_bounded() {
    let out = cheversi(&["review", "-", "--time-ms", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("--time-ms"), "{}", stderr(&out));
}
