//! The `hollywood-gin` program: the game window, or the headless simulator.
fn main() {
    eprintln!("hollywood-gin: the table is not built yet; run `cargo test` for the rules core.");
    std::process::exit(1);
}
