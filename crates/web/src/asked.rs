//! A thinking request read and checked ([`ask`]), and the answer the
//! page receives for the engine's thought ([`Asked::answer`]): shared by
//! the worker's answers (`answer.rs`) and the result proof on two
//! workers (`parts.rs`).

use crate::protocol::{Failure, FromWorker, Judgement, Purpose, ToWorker};
use cheversi_api::spec::GameSpec;
use cheversi_engine::ai::player::levels::Level;
use cheversi_engine::ai::player::{Eval, Request, Thought};
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

/// The game after `moves`, every move checked.
pub fn replay(spec: &GameSpec, moves: &[String]) -> Result<Session, Failure> {
    let options = spec
        .checked()
        .map_err(|e| Failure::Options(e.field.name().into()))?;
    let mut session = Session::new(options);
    for (i, text) in moves.iter().enumerate() {
        session.play_text(text).map_err(|_| Failure::Move {
            number: i + 1,
            text: crate::problem::clip(text),
        })?;
    }
    Ok(session)
}

/// The most nodes a request may ask for (minutes of search).
const MOST_NODES: u64 = 2_000_000_000;
/// The most time a request may ask for.
const MOST_SECONDS: f64 = 60.0;

/// A thinking request, read and checked: what to ask the engine.
pub struct Asked {
    pub id: u32,
    pub purpose: Purpose,
    /// The request's game and moves, as the worker beside needs them.
    pub spec: GameSpec,
    pub moves: Vec<String>,
    pub session: Session,
    pub request: Request,
}

/// Reads one thinking request, to be searched `seconds` when given
/// (exactly that long, without the level's noise) instead of the level's
/// budget, else the request's own `seconds` if it has them; or the
/// failure to answer.
pub fn ask(message: ToWorker, seconds: Option<f64>) -> Result<Asked, FromWorker> {
    let ToWorker::Think {
        id,
        spec,
        moves,
        level,
        purpose,
        nodes,
        seconds: asked_seconds,
        ..
    } = message
    else {
        return Err(FromWorker::Failed {
            id: message.id(),
            failure: Failure::NotThinking,
        });
    };
    let failed = |failure: Failure| FromWorker::Failed { id, failure };
    let level: Level = level
        .parse()
        .map_err(|_| failed(Failure::Level(crate::problem::clip(&level))))?;
    let session = replay(&spec, &moves).map_err(failed)?;
    // A time the think cannot use is no time asked.
    let asked_seconds = asked_seconds.filter(|s| s.is_finite() && *s > 0.0);
    let request = Request {
        seconds: seconds.or(asked_seconds.map(|s| s.min(MOST_SECONDS))),
        // Bounded: the page stops a search by ending the worker, a
        // benchmark by waiting.
        nodes: nodes.map(|n| n.min(MOST_NODES)),
        ..Request::level(level)
    };
    Ok(Asked {
        id,
        purpose,
        spec,
        moves,
        session,
        request,
    })
}

impl Asked {
    /// The answer to send for the engine's `thought` (`None`: the game is
    /// over).
    pub fn answer(&self, thought: Option<Thought>) -> FromWorker {
        let game = self.session.latest();
        let Some(thought) = thought else {
            return FromWorker::Failed {
                id: self.id,
                failure: Failure::GameOver,
            };
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
            id: self.id,
            purpose: self.purpose,
            best: game.notation(thought.best),
            judgement: judgement(thought.eval),
            exact: thought.exact,
            depth: thought.depth,
            nodes: thought.nodes,
            pv,
            ms: thought.seconds * 1000.0,
            more: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The time `ask` gives the engine for a think asking `asked`
    /// seconds, the caller giving `given`.
    fn time(asked: Option<f64>, given: Option<f64>) -> Option<f64> {
        let spec = serde_json::from_str(r#"{"game":"cheversi","rules":"brainking"}"#).unwrap();
        let mut message = ToWorker::think(1, spec, vec![], "master", Purpose::Play, None);
        if let ToWorker::Think { seconds, .. } = &mut message {
            *seconds = asked;
        }
        let Ok(asked) = ask(message, given) else {
            panic!("not asked")
        };
        asked.request.seconds
    }

    #[test]
    fn a_think_takes_the_time_it_asks_for_unless_its_caller_gives_one() {
        assert_eq!(time(None, None), None, "the level's time");
        assert_eq!(time(Some(0.25), None), Some(0.25));
        assert_eq!(
            time(Some(0.25), Some(0.1)),
            Some(0.1),
            "an evaluation's step"
        );
        assert_eq!(time(Some(1e9), None), Some(60.0), "at most a minute");
        for unusable in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert_eq!(time(Some(unusable), None), None, "{unusable}");
        }
    }
}
