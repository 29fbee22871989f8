//! The one hash table every search here keeps its results in: a fixed
//! number of buckets of two slots, each bucket on its own cache line, so a
//! look-up reads one line. The searches differ only in what they store and
//! in which slot a new entry takes ([`TwoSlotEntry::store`]): the alpha-beta
//! table keeps the deepest entry and the newest, the duel's solvers the
//! costliest proof and the newest.

/// What a table holds: an entry, or nothing.
pub trait TwoSlotEntry: Copy {
    /// The line a bucket of two such slots fills ([`Line64`] or
    /// [`Line32`]).
    type Line: Line<Self>;
    /// An unused slot.
    const EMPTY: Self;
    /// Puts `new` into `bucket`, over the slot it should take.
    fn store(bucket: &mut [Self; 2], new: Self);
}

/// A bucket of two slots, aligned to the part of a cache line it fills.
pub trait Line<S>: Copy {
    fn new(slots: [S; 2]) -> Self;
    fn slots(&self) -> &[S; 2];
    fn slots_mut(&mut self) -> &mut [S; 2];
}

/// Two slots of up to 32 bytes each, on one 64-byte line.
#[derive(Clone, Copy)]
#[repr(align(64))]
pub struct Line64<S>([S; 2]);

/// Two slots of up to 16 bytes each, on half a line: twice the buckets in
/// the same memory.
#[derive(Clone, Copy)]
#[repr(align(32))]
pub struct Line32<S>([S; 2]);

impl<S: Copy> Line<S> for Line64<S> {
    fn new(slots: [S; 2]) -> Self {
        Line64(slots)
    }
    fn slots(&self) -> &[S; 2] {
        &self.0
    }
    fn slots_mut(&mut self) -> &mut [S; 2] {
        &mut self.0
    }
}

impl<S: Copy> Line<S> for Line32<S> {
    fn new(slots: [S; 2]) -> Self {
        Line32(slots)
    }
    fn slots(&self) -> &[S; 2] {
        &self.0
    }
    fn slots_mut(&mut self) -> &mut [S; 2] {
        &mut self.0
    }
}

/// `2^bits` slots in buckets of two, found by the low bits of a hash.
pub struct TwoSlotTable<S: TwoSlotEntry> {
    lines: Vec<S::Line>,
    mask: usize,
}

impl<S: TwoSlotEntry> TwoSlotTable<S> {
    /// A table of `2^bits` slots (at least one bucket of two), all empty.
    pub fn new(bits: u32) -> TwoSlotTable<S> {
        let buckets = 1usize << bits.saturating_sub(1);
        TwoSlotTable {
            lines: vec![S::Line::new([S::EMPTY; 2]); buckets],
            mask: buckets - 1,
        }
    }

    /// The bucket of a hash.
    #[inline]
    pub fn index(&self, hash: u64) -> usize {
        hash as usize & self.mask
    }

    #[inline]
    pub fn bucket(&self, index: usize) -> &[S; 2] {
        self.lines[index].slots()
    }

    /// Stores `slot` in bucket `index`, where the slot's rule says.
    #[inline]
    pub fn store(&mut self, index: usize, slot: S) {
        S::store(self.lines[index].slots_mut(), slot);
    }

    /// Asks the processor to bring bucket `index` into the cache ahead of
    /// its reading (the table is far larger than the cache; a look-up is
    /// mostly a wait for memory). Does nothing where there is no such
    /// instruction.
    #[inline]
    pub fn prefetch(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let line = &self.lines[index];
            // SAFETY: a prefetch is only a hint; it reads nothing and
            // cannot fault, and the address is that of a live bucket.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>((line as *const S::Line).cast::<i8>());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }

    /// How many slots there are.
    pub fn slots(&self) -> usize {
        self.lines.len() * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key and a worth; the worthier stays first, the newest goes second.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Toy(u64, u8);

    impl TwoSlotEntry for Toy {
        type Line = Line32<Toy>;
        const EMPTY: Toy = Toy(u64::MAX, 0);
        fn store(bucket: &mut [Toy; 2], new: Toy) {
            if new.1 >= bucket[0].1 {
                bucket[1] = bucket[0];
                bucket[0] = new;
            } else {
                bucket[1] = new;
            }
        }
    }

    #[test]
    fn a_table_has_the_slots_asked_for_in_buckets_of_two() {
        for bits in [1, 2, 5, 10] {
            let t = TwoSlotTable::<Toy>::new(bits);
            assert_eq!(t.slots(), 1 << bits);
            assert_eq!(t.bucket(0), &[Toy::EMPTY; 2]);
        }
        // Zero bits: still one bucket.
        assert_eq!(TwoSlotTable::<Toy>::new(0).slots(), 2);
    }

    #[test]
    fn a_hash_finds_its_bucket_by_its_low_bits() {
        let t = TwoSlotTable::<Toy>::new(4); // eight buckets
        assert_eq!(t.index(0), 0);
        assert_eq!(t.index(7), 7);
        assert_eq!(t.index(8), 0);
        assert_eq!(t.index(u64::MAX), 7);
        for i in 0..8 {
            t.prefetch(i);
        }
    }

    #[test]
    fn the_slots_rule_decides_what_stays() {
        let mut t = TwoSlotTable::<Toy>::new(3);
        let i = t.index(5);
        t.store(i, Toy(5, 9));
        t.store(i, Toy(13, 1));
        t.store(i, Toy(21, 2));
        assert_eq!(t.bucket(i), &[Toy(5, 9), Toy(21, 2)]);
        t.store(i, Toy(29, 9));
        assert_eq!(t.bucket(i), &[Toy(29, 9), Toy(5, 9)]);
        // Other buckets are untouched.
        assert_eq!(t.bucket(t.index(6)), &[Toy::EMPTY; 2]);
    }

    #[test]
    fn a_bucket_fills_its_line() {
        assert_eq!(std::mem::align_of::<Line64<[u64; 3]>>(), 64);
        assert_eq!(std::mem::size_of::<Line64<[u64; 3]>>(), 64);
        assert_eq!(std::mem::align_of::<Line32<[u64; 2]>>(), 32);
        assert_eq!(std::mem::size_of::<Line32<[u64; 2]>>(), 32);
    }
}
