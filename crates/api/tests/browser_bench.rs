//! The engine's benchmarks inside headless Chromium, for the wasm-vs-native
//! ratio: `scripts/bench-wasm.sh` runs this with `--release` and compares
//! with `cheversi bench` on the same machine. Figures are printed, and the
//! test only checks that they were measured.
#![cfg(target_arch = "wasm32")]

use cheversi_engine::ai::bench::search_speed;
use cheversi_engine::bench::{kinds, run_all, table};
use cheversi_engine::GameOptions;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now_seconds() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .expect("performance");
    let now = js_sys::Reflect::get(&performance, &JsValue::from_str("now")).expect("now");
    let now: js_sys::Function = now.unchecked_into();
    now.call0(&performance)
        .expect("now()")
        .as_f64()
        .expect("a number")
        / 1000.0
}

fn setting(name: &str, default: u64) -> u64 {
    option_env!("BENCH_PLAYOUTS")
        .filter(|_| name == "playouts")
        .or(option_env!("BENCH_RUNS").filter(|_| name == "runs"))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[wasm_bindgen_test]
fn playouts_and_search_speed_in_the_browser() {
    let runs = setting("runs", 3) as usize;
    let playouts = setting("playouts", 20_000);
    let rows = run_all(&now_seconds, runs, playouts, &|_| true);
    console_log!(
        "BENCH wasm playouts ({playouts} per run)\n{}",
        table(&rows, runs)
    );
    for row in &rows {
        assert!(row.playouts.median > 0.0, "{}", row.label);
    }
    let mut lines = String::new();
    for (label, options) in kinds() {
        let plies = match options {
            GameOptions::Cheversi(_) => 6,
            GameOptions::Attrition(o) => o.players() as usize * o.variant().pieces_per_player() + 6,
        };
        let speed = search_speed(options, plies, 3, &now_seconds).expect("positions searched");
        assert!(speed > 0.0);
        lines.push_str(&format!("{label:<30} {speed:>12.0}\n"));
    }
    console_log!("BENCH wasm search nodes per second\n{lines}");
}
