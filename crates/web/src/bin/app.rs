//! The page's front end.
fn main() {
    #[cfg(target_arch = "wasm32")]
    cheversi_web::app::start();
}
