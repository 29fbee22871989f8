//! Move ordering's one sort.

/// Sorts `items` by `key`, ascending, keeping the order of equal keys,
/// through one sort of plain integers: the wasm build then carries one
/// copy of the sort code instead of one per item type and key.
pub(crate) fn sort_by_key<T: Clone>(items: &mut [T], key: impl Fn(&T) -> i32) {
    let mut order: Vec<u64> = items
        .iter()
        .enumerate()
        .map(|(i, item)| sort_key(key(item), i))
        .collect();
    order.sort_unstable();
    let sorted: Vec<T> = order
        .iter()
        .map(|&k| items[k as u32 as usize].clone())
        .collect();
    items.clone_from_slice(&sorted);
}

/// A key and an index packed so that integer order is key order, then
/// index order (the low 32 bits give the index back).
pub(super) fn sort_key(key: i32, index: usize) -> u64 {
    (u64::from((key as u32) ^ 0x8000_0000) << 32) | index as u64
}

#[cfg(test)]
mod tests {
    use super::sort_by_key;
    use proptest::prelude::*;

    proptest! {
        /// Same order as the standard library's stable sort, equal keys
        /// included (the extremes of i32 too).
        #[test]
        fn sorts_like_the_stable_sort(keys in proptest::collection::vec(prop_oneof![-3..3i32, any::<i32>()], 0..80)) {
            let mut items: Vec<(i32, usize)> = keys.iter().copied().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|&(k, _)| k);
            sort_by_key(&mut items, |&(k, _)| k);
            prop_assert_eq!(items, expected);
        }
    }
}
