//! The bookkeeping of requests to the computer player: at most one at a
//! time, each about one shown position, failures counted so a request
//! that keeps failing is not sent again and again.

use crate::protocol::Purpose;

/// After this many failures in a row the computer stops being asked until
/// the person acts.
pub const MAX_FAILURES: u32 = 3;

/// A request the worker is answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    pub id: u32,
    pub purpose: Purpose,
    /// The position it is about ([`super::State`]'s position version).
    pub version: u64,
}

#[derive(Debug, Default)]
pub struct Requests {
    last_id: u32,
    pending: Option<Pending>,
    failures: u32,
    gave_up: bool,
}

impl Requests {
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The request `id`, for `purpose`, is the one outstanding (a partial
    /// answer to it does not end it).
    pub fn awaits(&self, id: u32, purpose: Purpose) -> bool {
        self.pending
            .is_some_and(|p| p.id == id && p.purpose == purpose)
    }

    /// A computer move is being computed.
    pub fn thinking(&self) -> bool {
        self.pending.is_some_and(|p| p.purpose == Purpose::Play)
    }

    pub fn gave_up(&self) -> bool {
        self.gave_up
    }

    /// Records a new request; its id.
    pub fn start(&mut self, purpose: Purpose, version: u64) -> u32 {
        self.last_id = self.last_id.wrapping_add(1).max(1);
        self.pending = Some(Pending {
            id: self.last_id,
            purpose,
            version,
        });
        self.last_id
    }

    /// Forgets the outstanding request (its answer will be stale).
    pub fn abandon(&mut self) {
        self.pending = None;
    }

    /// The request an answer with this id belongs to, if it is the one
    /// outstanding; it is no longer outstanding. The failures in a row end
    /// only once the answer is used ([`Requests::used`]): one that cannot
    /// be is a failure too ([`Requests::unusable`]).
    pub fn answered(&mut self, id: u32) -> Option<Pending> {
        let pending = self.pending.filter(|p| p.id == id)?;
        self.pending = None;
        Some(pending)
    }

    /// An answer was used: the failures in a row are over.
    pub fn used(&mut self) {
        self.failures = 0;
    }

    /// An answer could not be used (a move the page cannot play).
    pub fn unusable(&mut self) {
        self.failures += 1;
        if self.failures >= MAX_FAILURES {
            self.gave_up = true;
        }
    }

    /// The outstanding request failed (`id` None: the worker could not say
    /// which). The failed request, if it was outstanding.
    pub fn failed(&mut self, id: Option<u32>) -> Option<Pending> {
        let pending = self.pending.filter(|p| id.is_none_or(|id| p.id == id))?;
        self.pending = None;
        self.unusable();
        Some(pending)
    }

    /// The person acted: the computer may be asked again.
    pub fn forgive(&mut self) {
        self.failures = 0;
        self.gave_up = false;
    }
}
