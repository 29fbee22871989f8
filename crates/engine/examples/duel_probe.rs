use cheversi_engine::ai::dfpn::Dfpn;
use cheversi_engine::ai::duel::Setup;
use cheversi_engine::Bitboard;
use std::time::Instant;
fn main() {
    let setups = Setup::all_distinct();
    println!("{} distinct setups", setups.len());
    let limit: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(5_000_000);
    let count: usize = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(20);
    let mut solver = Dfpn::new(24, limit);
    for s in setups.iter().step_by(setups.len() / count) {
        let t = Instant::now();
        let before = solver.nodes;
        let m = Bitboard::from_square(s.white) | Bitboard::from_square(s.black);
        let r = solver.prove(m, s.white, s.black);
        println!(
            "{}{} {:?} nodes {} {:.3}s",
            s.white,
            s.black,
            r,
            solver.nodes - before,
            t.elapsed().as_secs_f64()
        );
    }
}
