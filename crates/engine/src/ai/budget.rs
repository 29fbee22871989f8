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

    /// As [`Budget::part`]; where this budget has a node limit and no
    /// time limit, the part gets `share` of the nodes it has left: a
    /// request by nodes alone bounds each part of its search (with a time
    /// limit, the time bounds the parts, as before).
    pub fn share(&self, seconds: Option<f64>, share: f64) -> Budget<'a> {
        let nodes = self
            .max_nodes
            .filter(|_| self.deadline.is_none())
            .map(|m| (m.saturating_sub(self.nodes) as f64 * share) as u64);
        Budget::new(self.clock, seconds, nodes, Some(self.abort))
    }

    /// Counts the nodes of a part made by [`Budget::share`] where this
    /// budget is bounded by nodes alone, so the parts and what follows
    /// them spend the nodes asked for in all. With a time limit the time
    /// bounds them, and the node limit stays the whole search's own.
    pub fn absorb(&mut self, part: &Budget<'_>) {
        if self.deadline.is_none() {
            self.tick_many(part.nodes);
        }
    }

    /// The clock this budget reads.
    pub fn clock(&self) -> Clock<'a> {
        self.clock
    }

    /// True once a limit was reached.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Lets a search stopped by its abort check go on: the check stopped
    /// one probe of a proof (another part answered it), not the proof. A
    /// time or node limit already reached still stops it.
    pub fn go_on(&mut self) {
        self.stopped = self.max_nodes.is_some_and(|m| self.nodes >= m)
            || self.deadline.is_some_and(|d| (self.clock)() >= d);
    }

    /// Seconds since the search started.
    pub fn elapsed(&self) -> f64 {
        (self.clock)() - self.started
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_of_a_budget_by_nodes_alone_has_its_share_of_the_nodes() {
        let clock = || 0.0;
        let mut whole = Budget::new(&clock, None, Some(10 * POLL_EVERY), None);
        whole.tick_many(2 * POLL_EVERY);
        let mut part = whole.share(None, 0.5);
        let mut ticks = 0;
        while !part.tick() {
            ticks += 1;
            assert!(ticks < 100 * POLL_EVERY, "the part never stops");
        }
        assert_eq!(part.nodes, 4 * POLL_EVERY, "half of the 8 left");
        // The part's nodes count against the whole.
        whole.absorb(&part);
        assert_eq!(whole.nodes, 6 * POLL_EVERY);
        // With a time limit, the time bounds the parts, not the nodes.
        let mut timed = Budget::new(&clock, Some(1.0), Some(POLL_EVERY), None);
        let mut part = timed.share(None, 0.5);
        assert!(!part.tick_many(50 * POLL_EVERY));
        timed.absorb(&part);
        assert_eq!(timed.nodes, 0);
    }
}
