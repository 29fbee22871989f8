//! Numbers as text with one decimal point, by integer arithmetic: the page
//! never formats a float, so the wasm module carries no float-printing
//! code. As attributes and drawings read them; text a person reads goes
//! through [`crate::i18n::number`].

/// "12.5", "-0.5", "3" stays "3.0": one decimal, rounded half away from 0.
pub fn decimal(x: f64) -> String {
    let tenths = round_tenths(x);
    let sign = if tenths < 0 { "-" } else { "" };
    format!("{sign}{}.{}", tenths.abs() / 10, tenths.abs() % 10)
}

/// "+1.6", "-0.5", "+0.0": one decimal with its sign.
pub fn signed(x: f64) -> String {
    tenths_signed(round_tenths(x))
}

/// "+1.6" from tenths.
pub fn tenths_signed(tenths: i64) -> String {
    let sign = if tenths < 0 { '-' } else { '+' };
    format!("{sign}{}.{}", tenths.abs() / 10, tenths.abs() % 10)
}

fn round_tenths(x: f64) -> i64 {
    if x.is_finite() {
        (x * 10.0).round() as i64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decimal_like_the_standard_formatter() {
        for x in [
            0.0, 0.04, 0.05, 1.0, 2.25, 2.375, -0.5, -0.25, -3.0, 12.34, 199.96, 1e6,
        ] {
            // std rounds half to even on the exact binary value; ours
            // rounds half away from zero: compare where they agree.
            let expected = format!("{x:.1}");
            let ours = decimal(x);
            if !(x * 10.0).fract().abs().eq(&0.5) {
                assert_eq!(ours, expected, "{x}");
            }
        }
        assert_eq!(decimal(-0.04), "0.0");
        assert_eq!(decimal(2.25), "2.3");
        assert_eq!(decimal(f64::NAN), "0.0");
        assert_eq!(signed(2.5), "+2.5");
        assert_eq!(signed(-2.5), "-2.5");
        assert_eq!(signed(0.0), "+0.0");
        assert_eq!(tenths_signed(-16), "-1.6");
    }
}
