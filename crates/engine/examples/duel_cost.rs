//! What proving a duel position costs each solver: the depth-first solver
//! (`DuelSolver`, used in play) and proof-number search (`Dfpn`, used for
//! the setups), on the same positions from seeded random play after the
//! setup and N jumps, each within a node limit.
//!
//! `cargo run --release -p cheversi-engine --example duel_cost -- JUMPS SAMPLES NODES [pn]`
//! e.g. `... -- 4 10 5000000`; with `pn`, df-pn alone (the depth-first
//! solver gets no nodes). `PN_BITS=19` sets df-pn's table to 2^19 entries
//! (the Master's; 22 by default); `SEED=N` draws other positions (77 by
//! default).

use cheversi_engine::ai::duel::dfpn::Dfpn;
use cheversi_engine::ai::duel::random::random_position;
use cheversi_engine::ai::duel::DuelSolver;
use cheversi_engine::rng::Rng;
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let [jumps, samples, nodes] = args[..] else {
        eprintln!("usage: duel_cost JUMPS SAMPLES NODES [pn]");
        std::process::exit(2);
    };
    let pn_only = std::env::args().nth(4).is_some_and(|a| a == "pn");
    let seed = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(77);
    let mut rng = Rng::new(seed);
    let mut taken = 0;
    let (mut dfs_times, mut pn_times) = (Vec::new(), Vec::new());
    while taken < samples {
        let Some((pos, played, a, b)) = random_position(&mut rng, jumps as usize) else {
            continue;
        };
        taken += 1;
        let start = Instant::now();
        let mut dfs = DuelSolver::new(22, if pn_only { 0 } else { nodes });
        let by_dfs = dfs.solve(pos.markers(), a, b);
        let dfs_s = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let bits = std::env::var("PN_BITS")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(22);
        let mut pn = Dfpn::new(bits, nodes);
        let by_pn = pn.prove(pos.markers(), a, b);
        let pn_s = start.elapsed().as_secs_f64();
        println!("moves: {}", played.join(" "));
        println!(
            "{a}{b}: depth-first {:?} {} nodes {:.3} s; df-pn {:?} {} nodes {:.3} s",
            by_dfs.map(|p| p.wins),
            dfs.nodes,
            dfs_s,
            by_pn,
            pn.nodes,
            pn_s
        );
        if let (Some(p), Some(w)) = (by_dfs, by_pn) {
            assert_eq!(p.wins, w, "the solvers disagree");
        }
        dfs_times.push(if by_dfs.is_some() {
            dfs_s
        } else {
            f64::INFINITY
        });
        pn_times.push(if by_pn.is_some() { pn_s } else { f64::INFINITY });
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let proved = |v: &[f64]| v.iter().filter(|t| t.is_finite()).count();
    println!(
        "depth-first: {} of {samples} proved, median {:.3} s; df-pn: {} proved, median {:.3} s",
        proved(&dfs_times),
        median(dfs_times.clone()),
        proved(&pn_times),
        median(pn_times.clone())
    );
}
