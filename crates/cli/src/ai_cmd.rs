//! `bestmove`, `match` and `review`: the computer players on the command line.

use crate::arena::{play_match, Agent};
use crate::args::GameArgs;
use crate::error::{other, CliError};
use crate::threads;
use cheversi_engine::ai::cheversi::{distinct_moves, HandValues};
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::review::review;
use cheversi_engine::ai::player::{Engine, Eval, Request, Thought, TABLE_BITS};
use cheversi_engine::ai::search::{Draws, Proven};
use cheversi_engine::{AnyGame, GameOptions, GameState};
use clap::Args;
use serde::Serialize;
use std::time::Instant;

#[derive(Args)]
pub struct BestMoveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// beginner, casual, strong or master (the default).
    #[arg(long, conflicts_with_all = ["time_ms", "nodes"])]
    level: Option<String>,
    /// Search for this long (milliseconds, up to a day), no noise.
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=86_400_000))]
    time_ms: Option<u64>,
    /// Search this many nodes, no noise.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Seed of the level's noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    json: bool,
    /// Threads the Master's result proof is split over (Cheversi, near the
    /// end), each proving its part of the root moves with a table of its
    /// own.
    /// (Not with --nodes: the threads split a proof within a time.)
    #[arg(long, default_value_t = 1, conflicts_with = "nodes",
          value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Only the result proof the Master's think starts with near the end
    /// of a Cheversi game (here wherever asked), on --threads threads,
    /// within --time-ms (the proof's own limit): JSON `result` (win, draw, loss, or null if
    /// not proven in time), `moves` (the winning move or every drawing
    /// one), `nodes` and `ms` (its longest part's). What
    /// `e2e/worker-ratio.js` times against the page's workers.
    #[arg(long, requires = "time_ms", conflicts_with_all = ["level", "nodes"])]
    result: bool,
}

#[derive(Serialize)]
struct BestMoveJson {
    #[serde(rename = "move")]
    mv: String,
    /// Points of final margin for the mover (Cheversi), a heuristic score
    /// (Attrition), or a proof as text ("wins in 7", "loses in 4", "wins").
    eval: serde_json::Value,
    exact: bool,
    depth: u32,
    nodes: u64,
    pv: Vec<String>,
    ms: f64,
}

fn eval_json(eval: Eval) -> serde_json::Value {
    let proof = |verb: &str, n: Option<u32>| match n {
        Some(n) => format!("{verb} in {n}"),
        None => verb.to_string(),
    };
    match eval {
        Eval::Margin(m) => serde_json::json!((m * 100.0).round() / 100.0),
        Eval::Score(s) => serde_json::json!(s),
        Eval::Wins(n) => serde_json::json!(proof("wins", n)),
        Eval::Loses(n) => serde_json::json!(proof("loses", n)),
    }
}

pub fn clock() -> impl Fn() -> f64 {
    let origin = Instant::now();
    move || origin.elapsed().as_secs_f64()
}

pub fn bestmove(args: &BestMoveArgs) -> Result<(), CliError> {
    let game = args.game.position()?;
    if args.result {
        return result_only(&game, args);
    }
    let level = match &args.level {
        Some(l) => l.parse::<Level>().map_err(other)?,
        None => Level::DEFAULT,
    };
    let request = Request {
        level,
        seconds: args.time_ms.map(|ms| ms as f64 / 1000.0),
        nodes: args.nodes,
    };
    let clock = clock();
    let mut engine = Engine::new(args.seed);
    let thought = think(&mut engine, &game, &request, args.threads as usize, &clock)
        .ok_or_else(|| other("the game is over: there is no move to find"))?;
    // The PV in notation, played out from the position.
    let mut p = game.clone();
    let mut pv = Vec::new();
    for &mv in &thought.pv {
        if p.check_move(mv).is_err() {
            break;
        }
        pv.push(p.notation(mv));
        p.play_unchecked(mv);
    }
    let out = BestMoveJson {
        mv: game.notation(thought.best),
        eval: eval_json(thought.eval),
        exact: thought.exact,
        depth: thought.depth,
        nodes: thought.nodes,
        pv,
        ms: (thought.seconds * 10_000.0).round() / 10.0,
    };
    if args.json {
        println!("{}", serde_json::to_string(&out).map_err(other)?);
    } else {
        println!("best move: {}", out.mv);
        let eval = match &out.eval {
            serde_json::Value::String(words) => words.clone(),
            number => number.to_string(),
        };
        println!(
            "eval: {} ({})",
            eval,
            if out.exact { "proven" } else { "estimated" }
        );
        println!(
            "depth {} turns, {} nodes, {} ms",
            out.depth, out.nodes, out.ms
        );
        println!("line: {}", out.pv.join(" "));
    }
    Ok(())
}

/// `bestmove --result`: the Master's result proof alone, over the moves
/// its think proves it over, wherever asked (its think tries it only
/// near the end).
fn result_only(game: &AnyGame, args: &BestMoveArgs) -> Result<(), CliError> {
    let seconds = args.time_ms.unwrap_or_default() as f64 / 1000.0;
    let AnyGame::Cheversi(pos) = game else {
        return Err(other("--result proves a Cheversi result"));
    };
    if pos.to_move().is_none() {
        return Err(other("the game is over: there is no result to prove"));
    }
    let values = HandValues::calibrate(pos.options());
    let proof = threads::prove_result(
        pos,
        &values,
        distinct_moves(pos),
        Draws::Every,
        Some(seconds),
        args.threads as usize,
        TABLE_BITS,
    );
    let (result, moves) = match proof.proven {
        Some(Proven::Win(mv)) => (Some("win"), vec![mv]),
        Some(Proven::Draw(moves)) => (Some("draw"), moves),
        Some(Proven::Loss) => (Some("loss"), vec![]),
        None => (None, vec![]),
    };
    let out = serde_json::json!({
        "result": result,
        "moves": moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "nodes": proof.nodes,
        "ms": (proof.seconds * 10_000.0).round() / 10.0,
    });
    println!("{out}");
    Ok(())
}

/// The engine's think, its result proof on `threads` threads where it
/// starts with one ([`Engine::result_proof`]); the thought's nodes and
/// time then include the proof's.
fn think(
    engine: &mut Engine,
    game: &AnyGame,
    request: &Request,
    threads: usize,
    clock: &dyn Fn() -> f64,
) -> Option<Thought> {
    let plan = (threads > 1)
        .then(|| engine.result_proof(game, request))
        .flatten();
    let (Some(plan), AnyGame::Cheversi(pos)) = (plan, game) else {
        return engine.think(game, request, clock, None);
    };
    let start = clock();
    let values = HandValues::calibrate(pos.options());
    let proof = threads::prove_result(
        pos,
        &values,
        plan.moves,
        Draws::Every,
        Some(plan.seconds),
        threads,
        TABLE_BITS,
    );
    let spent = clock() - start;
    let mut thought = engine.think_proven(game, request, clock, proof.proven, spent)?;
    thought.nodes += proof.nodes;
    thought.seconds += spent;
    Some(thought)
}

#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// First agent: random, greedy, a level (beginner … master, or
    /// level:Master), a plain search (ms:500, nodes:2000000), the UCT
    /// baseline (uct:3000 simulations, uct-ms:500), the Master's older
    /// alpha-beta search (ab-ms:500) or master-plain (the Master judging
    /// positions by the current score alone).
    #[arg(long)]
    a: Option<String>,
    /// Second agent.
    #[arg(long)]
    b: Option<String>,
    /// Melee: one agent per seat, comma separated (the first is scored).
    #[arg(long)]
    seats: Option<String>,
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    json: bool,
    /// Write every game to this file, one a line: the first agent's seat,
    /// its result and the moves (tab separated).
    #[arg(long)]
    records: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct MatchJson {
    agents: Vec<String>,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score_rate: f64,
    /// null where every game was won or lost (no finite difference), and
    /// at the open end of the interval then.
    elo: Option<f64>,
    elo_low: Option<f64>,
    elo_high: Option<f64>,
    ms_per_move: Vec<f64>,
    nodes_per_move: Vec<f64>,
    max_ms_first: f64,
    /// The first agent's wins, draws and losses when it moved first.
    first_seat: [u32; 3],
}

pub fn run_match(args: &MatchArgs) -> Result<(), CliError> {
    let options = args.game.options()?;
    // An opening to play every game from (the start when none is given).
    let (start, opening) = args.game.play()?;
    if start.is_over() {
        return Err(other("--moves: the game is already over"));
    }
    let mut replay = options.start();
    let opening: Vec<String> = opening
        .into_iter()
        .map(|mv| {
            let text = replay.notation(mv);
            replay.play_unchecked(mv);
            text
        })
        .collect();
    let names: Vec<String> = match (&args.seats, &args.a, &args.b) {
        (Some(seats), None, None) => seats.split(',').map(|s| s.trim().to_string()).collect(),
        (None, Some(a), Some(b)) => vec![a.clone(), b.clone()],
        _ => return Err(other("give --a and --b, or --seats for a melee")),
    };
    if names.len() != options.players() {
        return Err(other(format!(
            "this game has {} seats but {} agents were given",
            options.players(),
            names.len()
        )));
    }
    let agents: Vec<Agent> = names
        .iter()
        .map(|n| n.parse::<Agent>().map_err(other))
        .collect::<Result<_, _>>()?;
    // Checked before the games, so that a path that cannot be written is
    // refused at once instead of after the whole match; the file is
    // replaced whole once the results are printed, so an interrupted match
    // or a full disk keeps the old file, and the results are not lost.
    if let Some(path) = &args.records {
        crate::files::check_writable(path)?;
    }
    let clock = clock();
    let r = play_match(&start, &agents, args.games, args.seed, &clock);
    let records: String = r
        .games_played
        .iter()
        .map(|g| {
            let moves: Vec<&str> = opening.iter().chain(&g.moves).map(String::as_str).collect();
            format!("{}\t{}\t{}\n", g.seat, g.result, moves.join(" "))
        })
        .collect();
    let (elo, low, high) = r.elo();
    let out = MatchJson {
        agents: agents.iter().map(|a| a.to_string()).collect(),
        games: r.games,
        wins: r.wins,
        draws: r.draws,
        losses: r.losses,
        score_rate: r.score_rate(),
        elo,
        elo_low: low,
        elo_high: high,
        ms_per_move: r.usage.iter().map(|u| u.ms_per_move()).collect(),
        nodes_per_move: r.usage.iter().map(|u| u.nodes_per_move()).collect(),
        max_ms_first: r.max_ms,
        first_seat: r.first_seat,
    };
    if args.json {
        println!("{}", serde_json::to_string(&out).map_err(other)?);
    } else {
        println!("{}: {} games", out.agents.join(" vs "), out.games);
        println!(
            "{} wins {}, draws {}, losses {}: score rate {:.1}%",
            out.agents[0],
            out.wins,
            out.draws,
            out.losses,
            100.0 * out.score_rate
        );
        println!("{}", crate::arena::elo_words((elo, low, high)));
        for (i, name) in out.agents.iter().enumerate() {
            println!(
                "{name}: {:.1} ms and {:.0} nodes per move",
                out.ms_per_move[i], out.nodes_per_move[i]
            );
        }
        println!(
            "longest move of {}: {:.0} ms",
            out.agents[0], out.max_ms_first
        );
    }
    match &args.records {
        Some(path) => crate::files::replace(path, &records),
        None => Ok(()),
    }
}

#[derive(Args)]
pub struct ReviewArgs {
    /// A game record file, or - for standard input.
    file: String,
    /// Search time per move on average (milliseconds): the review gets
    /// this times the number of moves, spent last move first, so the time
    /// proven endings leave over goes to harder positions. Up to a minute.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    time_ms: u64,
    #[arg(long)]
    json: bool,
}

pub fn run_review(args: &ReviewArgs) -> Result<(), CliError> {
    let record = crate::record_cmd::read(&args.file)?.1;
    let clock = clock();
    let rows = review(&record, Some(args.time_ms as f64 / 1000.0), None, &clock);
    let game: AnyGame = record.options().start();
    if args.json {
        let json: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| {
                serde_json::json!({"ply": r.ply, "player": r.player, "played": r.played, "best": r.best,
                                   "lost": r.lost, "exact": r.exact, "value": r.best_value})
            })
            .collect();
        println!("{}", serde_json::to_string(&json).map_err(other)?);
        return Ok(());
    }
    let unit = if matches!(record.options(), GameOptions::Cheversi(_)) {
        "points lost"
    } else {
        "threw a win"
    };
    println!(
        "{:>4}  {:<6} {:<8} {:<8} {:>11}  {:<6} best value",
        "ply", "player", "played", "best", unit, "exact"
    );
    for r in &rows {
        println!(
            "{:>4}  {:<6} {:<8} {:<8} {:>11.1}  {:<6} {}",
            r.ply + 1,
            game.player_name(r.player),
            r.played,
            r.best,
            r.lost,
            if r.exact { "yes" } else { "no" },
            r.best_value
        );
    }
    Ok(())
}
