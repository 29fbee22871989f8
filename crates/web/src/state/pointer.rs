//! One pointer gesture at a time: a press on something that can move, a
//! drag once it travels far enough, and whether the gesture was a drag.
//!
//! A drag ends with a `click` from the browser, sent to the element under
//! both the press and the release (often a common parent, not a cell). So
//! instead of a flag that waits for "the next click" (which could be a
//! later, real tap), the gesture itself remembers it was a drag, and a
//! click is ignored only while it belongs to that gesture: until the next
//! press. Keyboard clicks never belong to a gesture.

/// How far (CSS pixels) a press must travel to become a drag.
pub const DRAG_DISTANCE: f64 = 6.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    /// A piece letter from the reserve, or the square a piece jumps from.
    pub chosen: String,
    /// Where the piece is drawn, in board coordinates.
    pub x: f64,
    pub y: f64,
}

#[derive(Debug, Default)]
pub struct Pointer {
    press: Option<(String, f64, f64)>,
    drag: Option<Drag>,
    was_drag: bool,
}

impl Pointer {
    pub fn drag(&self) -> Option<&Drag> {
        self.drag.as_ref()
    }

    /// A new gesture starts; `chosen` is what it could drag, if anything.
    pub fn press(&mut self, chosen: Option<String>, x: f64, y: f64) {
        self.press = chosen.map(|c| (c, x, y));
        self.drag = None;
        self.was_drag = false;
    }

    /// The pointer moved: true when the dragged piece moved with it.
    pub fn moved(&mut self, x: f64, y: f64) -> bool {
        let Some((chosen, x0, y0)) = &self.press else {
            return false;
        };
        if self.drag.is_none() && (x - x0).hypot(y - y0) < DRAG_DISTANCE {
            return false;
        }
        self.drag = Some(Drag {
            chosen: chosen.clone(),
            x,
            y,
        });
        true
    }

    /// The pointer was released: the drag that ended, if any.
    pub fn release(&mut self) -> Option<Drag> {
        self.press = None;
        let drag = self.drag.take();
        self.was_drag = drag.is_some();
        drag
    }

    /// The gesture was abandoned (pointercancel): nothing is dropped.
    pub fn cancel(&mut self) {
        self.press = None;
        self.drag = None;
    }

    /// Whether a click is the tail of a drag and should do nothing.
    pub fn click_ends_drag(&self, from_pointer: bool) -> bool {
        from_pointer && self.was_drag
    }
}
