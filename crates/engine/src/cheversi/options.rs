//! Cheversi's rule sets and scoring settings (docs/rules.md, "Rule sets").

use crate::names::named_enum;

/// Which placement rules are in force.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RuleSet {
    /// Lewicki's original: place on a square the opponent's last piece attacks.
    Lewicki,
    /// Variant I: on a square any opponent piece attacks.
    LewickiAny,
    /// Variant II: anywhere empty.
    LewickiFree,
    /// Early BrainKing: White starts with the King, Black answers with the Queen.
    BrainkingClassic,
    /// Current BrainKing: touching placements, Black's King last, Queen call,
    /// Bishops on both colours.
    Brainking,
}

impl RuleSet {
    pub const ALL: [RuleSet; 5] = [
        RuleSet::Lewicki,
        RuleSet::LewickiAny,
        RuleSet::LewickiFree,
        RuleSet::BrainkingClassic,
        RuleSet::Brainking,
    ];

    /// One line for menus and `--help`.
    pub const fn summary(self) -> &'static str {
        match self {
            RuleSet::Lewicki => "Place where your opponent's last piece attacks; if nowhere, anywhere.",
            RuleSet::LewickiAny => "Place where any of your opponent's pieces attacks; if nowhere, anywhere.",
            RuleSet::LewickiFree => "Place any piece on any empty square.",
            RuleSet::BrainkingClassic => "White opens with the King, Black answers with the Queen; then anything goes.",
            RuleSet::Brainking => "Each piece must touch one already placed; Black's King comes last; Queen calls Queen.",
        }
    }

    /// Whether a piece may go on any empty square (in
    /// `brainking-classic`, after the two opening placements): where the
    /// search reads the last placements in one pass.
    pub const fn places_anywhere(self) -> bool {
        matches!(self, RuleSet::LewickiFree | RuleSet::BrainkingClassic)
    }

    pub const fn default_scoring(self) -> Scoring {
        match self {
            RuleSet::Lewicki | RuleSet::LewickiAny | RuleSet::LewickiFree => Scoring {
                count: Count::Distinct,
                squares: Squares::All,
            },
            RuleSet::BrainkingClassic | RuleSet::Brainking => Scoring {
                count: Count::Multiplicity,
                squares: Squares::Empty,
            },
        }
    }
}

/// How often a square counts for a player.
#[cfg(test)]
impl RuleSet {
    /// The rule sets whose rules let a piece go on any empty square, listed
    /// from the rules rather than read from [`RuleSet::places_anywhere`]:
    /// what the tests expect of the code that asks it.
    pub(crate) const ANYWHERE: [RuleSet; 2] = [RuleSet::LewickiFree, RuleSet::BrainkingClassic];
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Count {
    /// k points for a square k of the player's pieces attack.
    Multiplicity,
    /// 1 point for a square the player attacks at all.
    Distinct,
}

/// Which squares score.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Squares {
    Empty,
    All,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Scoring {
    pub count: Count,
    pub squares: Squares,
}

/// Everything that fixes a Cheversi game before the first placement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    pub rules: RuleSet,
    pub scoring: Scoring,
}

impl Options {
    /// The rule set with its own default scoring.
    pub const fn new(rules: RuleSet) -> Options {
        Options {
            rules,
            scoring: rules.default_scoring(),
        }
    }

    pub fn with_count(mut self, count: Count) -> Options {
        self.scoring.count = count;
        self
    }

    pub fn with_squares(mut self, squares: Squares) -> Options {
        self.scoring.squares = squares;
        self
    }

    /// Every rule set with every scoring: what the unit tests run through.
    #[cfg(test)]
    pub(crate) fn every() -> impl Iterator<Item = Options> {
        RuleSet::ALL.into_iter().flat_map(|rules| {
            [Count::Multiplicity, Count::Distinct]
                .into_iter()
                .flat_map(move |count| {
                    [Squares::Empty, Squares::All].map(|squares| Options {
                        rules,
                        scoring: Scoring { count, squares },
                    })
                })
        })
    }
}

named_enum!(RuleSet, "rule set", [
    RuleSet::Lewicki => "lewicki",
    RuleSet::LewickiAny => "lewicki-any",
    RuleSet::LewickiFree => "lewicki-free",
    RuleSet::BrainkingClassic => "brainking-classic",
    RuleSet::Brainking => "brainking",
]);
named_enum!(Count, "count setting", [Count::Multiplicity => "multiplicity", Count::Distinct => "distinct"]);
named_enum!(Squares, "squares setting", [Squares::Empty => "empty", Squares::All => "all"]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_defaults_follow_rules() {
        for rules in RuleSet::ALL {
            assert_eq!(rules.places_anywhere(), RuleSet::ANYWHERE.contains(&rules));
            assert_eq!(rules.name().parse::<RuleSet>(), Ok(rules));
            assert_eq!(rules.to_string(), rules.name());
        }
        assert_eq!(
            RuleSet::Brainking.default_scoring(),
            Scoring {
                count: Count::Multiplicity,
                squares: Squares::Empty
            }
        );
        assert_eq!(
            RuleSet::Lewicki.default_scoring(),
            Scoring {
                count: Count::Distinct,
                squares: Squares::All
            }
        );
        let err = "brainkin".parse::<RuleSet>().unwrap_err();
        assert!(err.to_string().contains("brainking-classic"), "{err}");
    }
}
