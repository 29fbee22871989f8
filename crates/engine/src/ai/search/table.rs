//! The search's transposition table, a [`TwoSlotTable`]: the first slot
//! keeps the deepest (or proven) entry seen for its bucket, the second
//! always takes the newest, so a deep result is not lost to the many
//! shallow nodes that share its bucket, and the shallow ones still find a
//! home. Beside it, marks of the keys stored deep.

use crate::ai::two_slot::{Line64, TwoSlotEntry, TwoSlotTable};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The value is at least this (a cut-off above beta).
    Lower,
    /// The value is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    pub key: u64,
    pub depth: u8,
    pub value: i32,
    pub bound: Bound,
    /// True when the value does not depend on the depth (the subtree was
    /// searched to the end of the game).
    pub exact: bool,
    pub best: Option<M>,
}

impl<M> Entry<M> {
    /// How much work the entry stands for: a proven subtree beats any
    /// depth, and among proven ones the deeper (stored as the moves left
    /// below it) beats the shallower, the many near the end of the game.
    fn worth(&self) -> u16 {
        u16::from(self.exact) << 8 | u16::from(self.depth)
    }
}

pub struct Table<M: Copy> {
    slots: TwoSlotTable<Option<Entry<M>>>,
    /// One bit per key (by its high half) for each entry stored at least
    /// [`MARKED_DEPTH`] deep: small enough to stay in the cache, so that a
    /// key never stored that deep costs no fetch ([`Table::may_hold`]).
    marks: Vec<u64>,
    mark_mask: u64,
    /// How many bits are set: once a quarter are, the next new mark clears
    /// them all first, so that a table kept from search to search (the
    /// Master's, move after move) keeps a filter that filters. Entries
    /// stored before are then fetched only when their turn comes in the
    /// search, as without marks.
    marked: u64,
}

/// The depth from which stored entries are marked: the children the
/// search looks ahead to are at least this deep (`LOOK_AHEAD_LEFT` less
/// one, in `alpha_beta`).
pub const MARKED_DEPTH: u8 = 4;

/// `[deepest, newest]`.
impl<M: Copy> TwoSlotEntry for Option<Entry<M>> {
    type Line = Line64<Self>;
    const EMPTY: Self = None;

    fn store(bucket: &mut [Self; 2], new: Self) {
        let Some(entry) = new else { return };
        let [deep, newest] = bucket;
        if newest.is_some_and(|n| n.key == entry.key) {
            *newest = None; // about to be stale
        }
        match *deep {
            Some(old) if old.worth() > entry.worth() => *newest = Some(entry),
            Some(old) if old.key == entry.key => *deep = Some(entry),
            old => {
                // The displaced deep entry moves to the newest slot.
                *deep = Some(entry);
                if old.is_some() {
                    *newest = old;
                }
            }
        }
    }
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots (at least one bucket of two).
    pub fn new(bits: u32) -> Table<M> {
        // Eight bits a slot, at most 2^21 (256 KiB), at least one word.
        let mark_bits = (bits.max(1) + 3).clamp(6, 21);
        Table {
            slots: TwoSlotTable::new(bits),
            marks: vec![0; 1 << (mark_bits - 6)],
            mark_mask: (1 << mark_bits) - 1,
            marked: 0,
        }
    }

    /// The word and bit marking `key`.
    fn mark(&self, key: u64) -> (usize, u64) {
        let i = (key >> 32) & self.mark_mask;
        ((i >> 6) as usize, 1 << (i & 63))
    }

    /// False where no entry for `key` was ever stored [`MARKED_DEPTH`] or
    /// more deep (true may still find none: keys share bits).
    pub fn may_hold(&self, key: u64) -> bool {
        let (word, bit) = self.mark(key);
        self.marks[word] & bit != 0
    }

    pub fn get(&self, key: u64) -> Option<&Entry<M>> {
        self.slots
            .bucket(self.slots.index(key))
            .iter()
            .flatten()
            .find(|e| e.key == key)
    }

    /// Asks for `key`'s bucket ahead of its reading.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.slots.prefetch(self.slots.index(key));
    }

    pub fn put(&mut self, entry: Entry<M>) {
        if entry.depth >= MARKED_DEPTH {
            let (word, bit) = self.mark(entry.key);
            if self.marks[word] & bit == 0 {
                if self.marked > self.mark_mask / 4 {
                    self.marks.fill(0);
                    self.marked = 0;
                }
                self.marks[word] |= bit;
                self.marked += 1;
            }
        }
        let i = self.slots.index(entry.key);
        self.slots.store(i, Some(entry));
    }
}

#[cfg(test)]
mod tests {
    use super::{Bound, Entry, Table};

    fn entry(key: u64, depth: u8, value: i32) -> Entry<u8> {
        Entry {
            key,
            depth,
            value,
            bound: Bound::Exact,
            exact: false,
            best: None,
        }
    }

    /// Keys 1, 3, 5, ... share bucket 1 of a 4-slot table.
    #[test]
    fn a_deep_entry_survives_shallow_ones_in_its_bucket() {
        let mut t = Table::new(2);
        t.put(entry(1, 9, 10));
        for k in [3u64, 5, 7, 9] {
            t.put(entry(k, 1, k as i32));
        }
        assert_eq!(t.get(1).map(|e| e.value), Some(10));
        // The newest shallow entry is kept beside it, the older ones not.
        assert_eq!(t.get(9).map(|e| e.value), Some(9));
        assert!(t.get(7).is_none());
    }

    #[test]
    fn a_deeper_entry_takes_the_deep_slot_and_keeps_the_old_one() {
        let mut t = Table::new(2);
        t.put(entry(1, 2, 10));
        t.put(entry(3, 5, 30));
        assert_eq!(t.get(3).map(|e| e.value), Some(30));
        assert_eq!(t.get(1).map(|e| e.value), Some(10));
    }

    #[test]
    fn a_key_is_found_at_its_deepest() {
        let mut t = Table::new(2);
        t.put(entry(1, 5, 10));
        t.put(entry(1, 2, 20)); // shallower: the deep result is found
        assert_eq!(t.get(1).map(|e| e.value), Some(10));
        t.put(entry(3, 1, 30));
        t.put(entry(1, 7, 40));
        assert_eq!(t.get(1).map(|e| e.value), Some(40));
        assert_eq!(t.get(3).map(|e| e.value), Some(30));
        let proven = Entry {
            exact: true,
            ..entry(1, 0, 50)
        };
        t.put(proven);
        assert_eq!(t.get(1).map(|e| e.value), Some(50));
        // Replacing key 1 in place leaves the other slot alone.
        assert_eq!(t.get(3).map(|e| e.value), Some(30));
    }

    /// In a proof every entry is proven: the one furthest from the end
    /// keeps its slot.
    #[test]
    fn a_deeper_proven_entry_survives_shallower_proven_ones() {
        let proven = |key, depth, value| Entry {
            exact: true,
            ..entry(key, depth, value)
        };
        let mut t = Table::new(2);
        t.put(proven(1, 6, 10));
        for k in [3u64, 5, 7] {
            t.put(proven(k, 2, k as i32));
        }
        assert_eq!(t.get(1).map(|e| e.value), Some(10));
        assert_eq!(t.get(7).map(|e| e.value), Some(7));
        assert!(t.get(5).is_none());
    }

    /// A key stored deep enough is marked; one stored shallower, or never,
    /// is not (the keys here differ in their marking bits).
    #[test]
    fn only_keys_stored_deep_are_marked() {
        let mut t = Table::new(10);
        let [deep, shallow, never] = [1u64 << 32 | 1, 2u64 << 32 | 2, 3u64 << 32 | 3];
        t.put(entry(deep, super::MARKED_DEPTH, 1));
        t.put(entry(shallow, super::MARKED_DEPTH - 1, 2));
        assert!(t.may_hold(deep));
        assert!(!t.may_hold(shallow));
        assert!(!t.may_hold(never));
        // Still marked once its entry is displaced.
        for k in 0..64u64 {
            t.put(entry(1 + 512 * k, 9, 0));
        }
        assert!(t.may_hold(deep));
    }

    /// Once a quarter of the bits are set, the next new mark clears them
    /// and marking starts again.
    #[test]
    fn the_marks_are_cleared_when_a_quarter_are_set() {
        let mut t = Table::new(10); // 2^13 bits: a quarter is 2048
        let key = |i: u64| i << 32;
        for i in 0..2048 {
            t.put(entry(key(i), 9, 0));
        }
        assert!(t.may_hold(key(0)) && t.may_hold(key(2047)));
        t.put(entry(key(2047), 9, 0)); // marked already: nothing changes
        assert!(t.may_hold(key(0)));
        t.put(entry(key(2048), 9, 0));
        assert!(!t.may_hold(key(0)));
        assert!(t.may_hold(key(2048)));
    }

    #[test]
    fn keys_in_other_buckets_do_not_meet() {
        let mut t = Table::new(2);
        t.put(entry(0, 1, 1));
        t.put(entry(1, 1, 2));
        assert_eq!(t.get(0).map(|e| e.value), Some(1));
        assert_eq!(t.get(1).map(|e| e.value), Some(2));
        assert!(t.get(2).is_none());
    }
}
