//! What the worker does with a request, as plain Rust (tested natively):
//! read the record, ask the engine, describe the answer.

use crate::protocol::{FromWorker, ToWorker};
use cheversi_engine::ai::engine::{Engine, Eval, Request};
use cheversi_engine::ai::levels::Level;
use cheversi_engine::{GameState, Session};

/// How an evaluation reads to a person, from the mover's side.
pub fn eval_text(eval: Eval) -> String {
    let proven = |verb: &str, n: Option<u32>| match n {
        Some(n) => format!("{verb} in {n}"),
        None => verb.to_string(),
    };
    match eval {
        Eval::Margin(m) => format!("{m:+.1}"),
        Eval::Score(s) => format!("{s:+}"),
        Eval::Wins(n) => proven("wins", n),
        Eval::Loses(n) => proven("loses", n),
    }
}

/// Answers one request. `clock` gives seconds; `abort` is never set in the
/// browser (the page stops a search by ending the worker).
pub fn answer(engine: &mut Engine, message: ToWorker, clock: &dyn Fn() -> f64) -> FromWorker {
    let ToWorker::Think {
        id,
        record,
        level,
        purpose,
    } = message;
    let failed = |message: String| FromWorker::Failed { id, message };
    let level: Level = match level.parse() {
        Ok(level) => level,
        Err(e) => return failed(e.to_string()),
    };
    let session = match Session::parse_record(&record) {
        Ok(session) => session,
        Err(e) => return failed(format!("record: {e}")),
    };
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
        eval: eval_text(thought.eval),
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

    fn think(record: &str, level: &str) -> FromWorker {
        let start = std::time::Instant::now();
        let clock = move || start.elapsed().as_secs_f64();
        let message = ToWorker::Think {
            id: 7,
            record: record.into(),
            level: level.into(),
            purpose: Purpose::Play,
        };
        answer(&mut Engine::new(1), message, &clock)
    }

    #[test]
    fn answers_with_a_legal_move_or_says_why_not() {
        let record = "[Game \"Cheversi\"]\n[Rules \"brainking\"]\n\n1. Kd4 *\n";
        let FromWorker::Thought { id, best, pv, .. } = think(record, "beginner") else {
            panic!("no thought")
        };
        assert_eq!(id, 7);
        let mut session = Session::parse_record(record).unwrap();
        session.play_text(&best).unwrap();
        assert_eq!(pv.first(), Some(&best));
        assert!(matches!(
            think(record, "grandmaster"),
            FromWorker::Failed { .. }
        ));
        assert!(matches!(
            think("[Game", "master"),
            FromWorker::Failed { .. }
        ));
    }

    #[test]
    fn evaluations_read_naturally() {
        assert_eq!(eval_text(Eval::Margin(3.25)), "+3.2");
        assert_eq!(eval_text(Eval::Wins(Some(7))), "wins in 7");
        assert_eq!(eval_text(Eval::Loses(None)), "loses");
    }
}
