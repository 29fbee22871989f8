//! Random keys for hashing positions (transposition tables, symmetry).

/// SplitMix64 at compile time: fixed keys, the same on every platform.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `N` tables of 64 keys, drawn from `seed`. Positions build theirs at
/// first use ([`std::sync::LazyLock`]) rather than at compile time: random
/// keys do not compress, and baked in they would add kilobytes to every
/// download of the browser game.
pub(crate) const fn keys<const N: usize>(seed: u64) -> [[u64; 64]; N] {
    let mut table = [[0u64; 64]; N];
    let mut i = 0;
    while i < N {
        let mut sq = 0;
        while sq < 64 {
            table[i][sq] = splitmix(seed ^ splitmix((i * 64 + sq) as u64));
            sq += 1;
        }
        i += 1;
    }
    table
}

/// Mixes a 64-bit word into a well-spread hash (for whole bitboards).
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    splitmix(x)
}
