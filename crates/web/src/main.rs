//! Placeholder for the browser front end: it builds with trunk and does
//! nothing yet beyond telling the console so. The page's text says the same.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console)]
    fn info(message: &str);
}

fn main() {
    info("Cheversi: the web front end is not built yet (placeholder crate).");
}
