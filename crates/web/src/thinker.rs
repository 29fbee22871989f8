//! What the worker does with a request, as plain Rust (tested natively):
//! read the record, ask the engine, describe the answer.

use crate::protocol::{FromWorker, Judgement, ToWorker};
use cheversi_engine::ai::engine::{Engine, Eval, Request};
use cheversi_engine::ai::levels::Level;
use cheversi_engine::{GameState, Session};

/// The engine's evaluation as the page receives it. Margins go as whole
/// tenths: float formatting would add kilobytes to the worker.
pub fn judgement(eval: Eval) -> Judgement {
    match eval {
        Eval::Margin(m) => Judgement::Margin((m * 10.0).round() as i32),
        Eval::Score(s) => Judgement::Score(s),
        Eval::Wins(n) => Judgement::Wins(n),
        Eval::Loses(n) => Judgement::Loses(n),
    }
}

/// Answers one request. `clock` gives seconds; `abort` is never set in the
/// browser (the page stops a search by ending the worker).
pub fn answer(engine: &mut Engine, message: ToWorker, clock: &dyn Fn() -> f64) -> FromWorker {
    let ToWorker::Think {
        id,
        spec,
        moves,
        level,
        purpose,
    } = message;
    let failed = |message: String| FromWorker::Failed { id, message };
    let level: Level = match level.parse() {
        Ok(level) => level,
        Err(e) => return failed(e.to_string()),
    };
    let mut session = match spec.options() {
        Ok(options) => Session::new(options),
        Err(e) => return failed(e),
    };
    for text in &moves {
        if let Err(e) = session.play_text(text) {
            return failed(e.to_string());
        }
    }
    let game = session.latest();
    let Some(thought) = engine.think(game, &Request::level(level), clock, None) else {
        return failed("the game is over".into());
    };
    let mut line = game.clone();
    let pv = thought
        .pv
        .iter()
        .map(|&mv| {
            let text = line.notation(mv);
            line.play_unchecked(mv);
            text
        })
        .collect();
    FromWorker::Thought {
        id,
        purpose,
        best: game.notation(thought.best),
        judgement: judgement(thought.eval),
        exact: thought.exact,
        depth: thought.depth,
        nodes: thought.nodes,
        pv,
        ms: thought.seconds * 1000.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Purpose;

    fn think(spec: &str, moves: &[&str], level: &str) -> FromWorker {
        let start = std::time::Instant::now();
        let clock = move || start.elapsed().as_secs_f64();
        let message = ToWorker::Think {
            id: 7,
            spec: serde_json::from_str(spec).unwrap(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            level: level.into(),
            purpose: Purpose::Play,
        };
        answer(&mut Engine::new(1), message, &clock)
    }

    #[test]
    fn answers_with_a_legal_move_or_says_why_not() {
        let spec = r#"{"game":"cheversi","rules":"brainking"}"#;
        let FromWorker::Thought { id, best, pv, .. } = think(spec, &["Kd4"], "beginner") else {
            panic!("no thought")
        };
        assert_eq!(id, 7);
        let record = "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Kd4 *\n";
        let mut session = Session::parse_record(record).unwrap();
        session.play_text(&best).unwrap();
        assert_eq!(pv.first(), Some(&best));
        let failed = |answer| matches!(answer, FromWorker::Failed { .. });
        assert!(failed(think(spec, &["Kd4"], "grandmaster")));
        assert!(failed(think(spec, &["Kd4", "Qa8"], "master")));
        assert!(failed(think(r#"{"game":"go"}"#, &[], "master")));
    }

    #[test]
    fn margins_travel_as_tenths() {
        assert_eq!(judgement(Eval::Margin(3.26)), Judgement::Margin(33));
        assert_eq!(judgement(Eval::Margin(-2.5)), Judgement::Margin(-25));
        assert_eq!(judgement(Eval::Wins(Some(7))), Judgement::Wins(Some(7)));
    }
}
