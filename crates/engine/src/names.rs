//! Options spelled as fixed names ("brainking", "duel", …).

use std::fmt;

/// A name that is not one of the allowed values; says which are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub what: &'static str,
    pub text: String,
    pub allowed: Vec<&'static str>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} '{}' (expected one of: {})",
            self.what,
            self.text,
            self.allowed.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// Implements `name()` / `FromStr` / `Display` over a fixed list of names.
macro_rules! named_enum {
    ($ty:ty, $what:expr, [$($variant:path => $name:expr),+ $(,)?]) => {
        impl $ty {
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The name used in options, records and the command line.
            pub fn name(self) -> &'static str {
                match self {
                    $($variant => $name,)+
                }
            }
        }
        impl ::std::str::FromStr for $ty {
            type Err = $crate::names::UnknownName;
            fn from_str(text: &str) -> Result<Self, $crate::names::UnknownName> {
                $(if text.eq_ignore_ascii_case($name) { return Ok($variant); })+
                Err($crate::names::UnknownName { what: $what, text: $crate::game::quoted(text), allowed: Self::NAMES.to_vec() })
            }
        }
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
pub(crate) use named_enum;
