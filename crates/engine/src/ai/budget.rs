//! How long a search may run: a node limit, a deadline read from a clock
//! the caller passes in (`std::time::Instant` panics on wasm32), and an
//! abort check. Both are polled every [`POLL_EVERY`] nodes: no threads, no
//! timers.

/// Nodes between two looks at the clock and the abort check.
pub const POLL_EVERY: u64 = 1024;

/// Seconds on a monotonic clock.
pub type Clock<'a> = &'a dyn Fn() -> f64;

pub struct Budget<'a> {
    clock: Clock<'a>,
    started: f64,
    deadline: Option<f64>,
    max_nodes: Option<u64>,
    abort: &'a dyn Fn() -> bool,
    pub nodes: u64,
    stopped: bool,
}

fn never() -> bool {
    false
}

impl<'a> Budget<'a> {
    /// `seconds` and `max_nodes` are limits when given; `abort` is asked
    /// too and stops the search when it returns true.
    pub fn new(
        clock: Clock<'a>,
        seconds: Option<f64>,
        max_nodes: Option<u64>,
        abort: Option<&'a dyn Fn() -> bool>,
    ) -> Budget<'a> {
        let started = clock();
        Budget {
            clock,
            started,
            deadline: seconds.map(|s| started + s),
            max_nodes,
            abort: abort.unwrap_or(&never),
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts a node; true once the search must stop.
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.tick_many(1)
    }

    /// Counts `n` nodes at once (read in one pass); true once the search
    /// must stop.
    #[inline]
    pub fn tick_many(&mut self, n: u64) -> bool {
        let before = self.nodes / POLL_EVERY;
        self.nodes += n;
        if self.nodes / POLL_EVERY != before && !self.stopped {
            self.stopped = self.max_nodes.is_some_and(|m| self.nodes >= m)
                || self.deadline.is_some_and(|d| (self.clock)() >= d)
                || (self.abort)();
        }
        self.stopped
    }

    /// A budget for part of this search: the same clock and abort check
    /// (an abort must stop every part), its own time limit, no node limit.
    pub fn part(&self, seconds: Option<f64>) -> Budget<'a> {
        Budget::new(self.clock, seconds, None, Some(self.abort))
    }

    /// The clock this budget reads.
    pub fn clock(&self) -> Clock<'a> {
        self.clock
    }

    /// True once a limit was reached.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Seconds since the search started.
    pub fn elapsed(&self) -> f64 {
        (self.clock)() - self.started
    }
}
