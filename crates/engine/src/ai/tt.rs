//! A transposition table: one slot per hash bucket, replaced by depth.

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

pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `2^bits` slots.
    pub fn new(bits: u32) -> Table<M> {
        let n = 1usize << bits;
        Table {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    pub fn get(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[key as usize & self.mask]
            .as_ref()
            .filter(|e| e.key == key)
    }

    pub fn put(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(old) => old.key != entry.key || entry.depth >= old.depth || entry.exact,
        };
        if replace {
            *slot = Some(entry);
        }
    }
}
