//! The computer player's Web Worker.
fn main() {
    #[cfg(target_arch = "wasm32")]
    cheversi_web::worker::start();
}
