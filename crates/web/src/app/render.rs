//! Draws the board on the canvas: squares, coordinates, highlights,
//! attack counts, markers, pieces, legal targets, the pending placement
//! and the hint. Reads the UI state; changes nothing.

use crate::layout::Layout;
use crate::motion::Motion;
use crate::state::{Overlay, State};
use cheversi_api::view::{self, Snapshot};
use cheversi_engine::{GameState, Square};
use web_sys::CanvasRenderingContext2d as Ctx;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const LAST_MOVE: &str = "rgba(155, 199, 0, 0.45)";
const SELECTED: &str = "rgba(20, 85, 30, 0.5)";
const HINT: &str = "rgba(30, 110, 230, 0.9)";
const TARGET: &str = "rgba(20, 85, 30, 0.55)";
const FORBIDDEN: &str = "rgba(200, 30, 30, 0.55)";
/// A square marked in a lesson's tapping task.
const MARKED: &str = "rgba(30, 110, 230, 0.45)";

/// Fill and outline of each seat's pieces (White, Black, Red, Blue).
pub const SEAT_COLOURS: [(&str, &str); 4] = [
    ("#ffffff", "#222222"),
    ("#2b2b2b", "#000000"),
    ("#d9342b", "#5a0d08"),
    ("#2f6fd6", "#0b2456"),
];

/// Solid chess glyphs, filled with the seat's colour.
pub fn glyph(piece: char) -> &'static str {
    match piece {
        'K' => "\u{265A}",
        'Q' => "\u{265B}",
        'R' => "\u{265C}",
        'B' => "\u{265D}",
        _ => "\u{265E}",
    }
}

/// Draws the board; `motion` is a piece on its way (and how far along).
pub fn draw(
    ctx: &Ctx,
    state: &State,
    snap: &Snapshot,
    layout: Layout,
    motion: Option<(Motion, f64)>,
) {
    let drag = state.drag();
    let cell = layout.cell();
    let cheversi = snap.spec.game == "cheversi";
    let targets = state.targets();
    let pending: Option<u8> = state
        .pending()
        .and_then(|t| state.play().current().parse_move(t).ok())
        .map(|mv| view::target(mv).index() as u8);
    let hint: Vec<u8> = state.outlined();
    let marked: Vec<u8> = state.marked();
    let forbidden: Option<&Vec<bool>> = match (snap.in_setup, snap.to_move) {
        (true, Some(m)) if !cheversi => snap.forbidden.get(m as usize),
        _ => None,
    };

    for sq in 0..64u8 {
        let (x, y) = layout.origin(sq);
        fill(ctx, square_colour(sq), x, y, cell, cell);
        if snap.last_move.contains(&sq) {
            fill(ctx, LAST_MOVE, x, y, cell, cell);
        }
        if state.selected() == Some(&Square::new(sq).expect("0..64").to_string()) {
            fill(ctx, SELECTED, x, y, cell, cell);
        }
        if marked.contains(&sq) {
            fill(ctx, MARKED, x, y, cell, cell);
        }
        if !cheversi && snap.markers[sq as usize] {
            draw_marker(ctx, x, y, cell);
        }
        if forbidden.is_some_and(|f| f[sq as usize]) {
            draw_cross(ctx, x, y, cell, FORBIDDEN);
        }
        if cheversi {
            draw_counts(ctx, state.prefs().overlay, snap, sq, x, y, cell);
        }
    }
    draw_coordinates(ctx, layout);

    for sq in 0..64u8 {
        if let Some(p) = snap.board[sq as usize] {
            let (x, y) = layout.origin(sq);
            let (mut cx, mut cy) = (x + cell / 2.0, y + cell / 2.0);
            let (mut size, mut alpha) = (cell, 1.0);
            match motion {
                // A jump: from the square it left towards this one.
                Some((m, t)) if m.to == sq && m.from.is_some() => {
                    let (fx, fy) = layout.origin(m.from.unwrap_or(sq));
                    cx = fx + cell / 2.0 + (x - fx) * t;
                    cy = fy + cell / 2.0 + (y - fy) * t;
                }
                // A placement: grows into its square.
                Some((m, t)) if m.to == sq => {
                    size = cell * (0.6 + 0.4 * t);
                    alpha = 0.35 + 0.65 * t;
                }
                _ => {}
            }
            draw_piece(ctx, p.piece, p.player, cheversi, cx, cy, size, alpha);
        }
    }
    for &sq in &targets {
        let (x, y) = layout.origin(sq);
        ctx.set_fill_style_str(TARGET);
        ctx.begin_path();
        if snap.board[sq as usize].is_some() {
            ctx.set_stroke_style_str(TARGET);
            ctx.set_line_width(cell * 0.08);
            let _ = ctx.arc(
                x + cell / 2.0,
                y + cell / 2.0,
                cell * 0.44,
                0.0,
                std::f64::consts::TAU,
            );
            ctx.stroke();
        } else {
            let _ = ctx.arc(
                x + cell / 2.0,
                y + cell / 2.0,
                cell * 0.14,
                0.0,
                std::f64::consts::TAU,
            );
            ctx.fill();
        }
    }
    for &sq in &hint {
        let (x, y) = layout.origin(sq);
        ctx.set_stroke_style_str(HINT);
        ctx.set_line_width(cell * 0.07);
        ctx.stroke_rect(x + cell * 0.05, y + cell * 0.05, cell * 0.9, cell * 0.9);
    }
    let mover = snap.to_move.unwrap_or(0);
    if let (Some(sq), Some(chosen)) = (pending, state.pending()) {
        let (x, y) = layout.origin(sq);
        let piece = chosen.chars().next().unwrap_or('N');
        draw_piece(
            ctx,
            piece,
            mover,
            cheversi,
            x + cell / 2.0,
            y + cell / 2.0,
            cell,
            0.55,
        );
    }
    if let Some(drag) = drag {
        let piece = match drag.chosen.parse::<Square>() {
            Ok(from) => snap.board[from.index()].map(|p| p.piece).unwrap_or('N'),
            Err(_) => drag.chosen.chars().next().unwrap_or('N'),
        };
        draw_piece(
            ctx,
            piece,
            mover,
            cheversi,
            drag.x,
            drag.y,
            cell * 1.1,
            0.85,
        );
    }
}

fn fill(ctx: &Ctx, colour: &str, x: f64, y: f64, w: f64, h: f64) {
    ctx.set_fill_style_str(colour);
    ctx.fill_rect(x, y, w, h);
}

fn draw_marker(ctx: &Ctx, x: f64, y: f64, cell: f64) {
    ctx.set_fill_style_str("rgba(40, 40, 40, 0.55)");
    ctx.begin_path();
    let _ = ctx.arc(
        x + cell / 2.0,
        y + cell / 2.0,
        cell * 0.3,
        0.0,
        std::f64::consts::TAU,
    );
    ctx.fill();
}

fn draw_cross(ctx: &Ctx, x: f64, y: f64, cell: f64, colour: &str) {
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(cell * 0.06);
    ctx.begin_path();
    let (a, b) = (cell * 0.25, cell * 0.75);
    ctx.move_to(x + a, y + a);
    ctx.line_to(x + b, y + b);
    ctx.move_to(x + b, y + a);
    ctx.line_to(x + a, y + b);
    ctx.stroke();
}

/// Attack counts: White's on blue, Black's on red.
fn draw_counts(ctx: &Ctx, overlay: Overlay, snap: &Snapshot, sq: u8, x: f64, y: f64, cell: f64) {
    let show = |seat: usize| match overlay {
        Overlay::Off => false,
        Overlay::Both => true,
        Overlay::White => seat == 0,
        Overlay::Black => seat == 1,
    };
    for seat in 0..2 {
        let count = snap.attacks[seat][sq as usize];
        if count == 0 || !show(seat) {
            continue;
        }
        let tint = if seat == 0 {
            "rgba(40, 110, 230, 0.28)"
        } else {
            "rgba(220, 50, 40, 0.28)"
        };
        if overlay != Overlay::Both {
            fill(ctx, tint, x, y, cell, cell);
        }
        let r = cell * 0.17;
        // White top right, Black bottom left: clear of the coordinates,
        // which sit top left (ranks) and bottom right (files).
        let (cx, cy) = if seat == 0 {
            (x + cell - r - 2.0, y + r + 2.0)
        } else {
            (x + r + 2.0, y + cell - r - 2.0)
        };
        ctx.set_fill_style_str(if seat == 0 { "#1f5fc4" } else { "#c2271d" });
        ctx.begin_path();
        let _ = ctx.arc(cx, cy, r, 0.0, std::f64::consts::TAU);
        ctx.fill();
        ctx.set_fill_style_str("#ffffff");
        ctx.set_font(&format!(
            "bold {}px system-ui, sans-serif",
            (r * 1.3).round() as i32
        ));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        let _ = ctx.fill_text(&count.to_string(), cx, cy + 1.0);
    }
}

fn square_colour(sq: u8) -> &'static str {
    if Square::new(sq).expect("0..64").is_dark() {
        DARK
    } else {
        LIGHT
    }
}

/// File letters along the bottom row (bottom right of each square), rank
/// numbers along the left column (top left), in the other square colour.
fn draw_coordinates(ctx: &Ctx, layout: Layout) {
    let cell = layout.cell();
    ctx.set_font(&format!(
        "600 {}px system-ui, sans-serif",
        (cell * 0.2).round().max(9.0) as i32
    ));
    let label = |sq: u8, file: bool| {
        let (x, y) = layout.origin(sq);
        let name = Square::new(sq).expect("0..64").to_string();
        let colour = if square_colour(sq) == DARK {
            LIGHT
        } else {
            DARK
        };
        ctx.set_fill_style_str(colour);
        let (text, align, baseline, tx, ty) = if file {
            (
                &name[..1],
                "right",
                "bottom",
                x + cell - 2.0,
                y + cell - 1.0,
            )
        } else {
            (&name[1..], "left", "top", x + 2.0, y + 2.0)
        };
        ctx.set_text_align(align);
        ctx.set_text_baseline(baseline);
        let _ = ctx.fill_text(text, tx, ty);
    };
    for i in 0..8u8 {
        label(if layout.flipped { 63 - i } else { i }, true);
        label(if layout.flipped { 7 + 8 * i } else { 8 * i }, false);
    }
}

/// A piece centred on (cx, cy). Attrition's second piece is the knight
/// glyph mirrored, so it looks different but clearly moves as a knight.
#[allow(clippy::too_many_arguments)]
pub fn draw_piece(
    ctx: &Ctx,
    piece: char,
    seat: u8,
    cheversi: bool,
    cx: f64,
    cy: f64,
    cell: f64,
    alpha: f64,
) {
    let (fill_colour, outline) = SEAT_COLOURS[seat as usize % 4];
    ctx.save();
    ctx.set_global_alpha(alpha);
    let _ = ctx.translate(cx, cy);
    if !cheversi && piece == 'B' {
        let _ = ctx.scale(-1.0, 1.0);
    }
    let text = if cheversi { glyph(piece) } else { glyph('N') };
    ctx.set_font(&format!(
        "{}px 'DejaVu Sans', 'Noto Sans Symbols 2', 'Segoe UI Symbol', sans-serif",
        (cell * 0.78).round() as i32
    ));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.set_line_join("round");
    ctx.set_line_width(cell * 0.05);
    ctx.set_stroke_style_str(if seat == 1 { "#f0f0f0" } else { outline });
    let _ = ctx.stroke_text(text, 0.0, cell * 0.04);
    ctx.set_fill_style_str(fill_colour);
    let _ = ctx.fill_text(text, 0.0, cell * 0.04);
    ctx.restore();
}
