//! Embeds the application icon into the Windows executable; does nothing elsewhere (macOS and
//! Linux take their icons from the app bundle or desktop file, and the window icon is set at
//! run time by the game itself).

fn main() {
    println!("cargo:rerun-if-changed=assets/icon/icon.ico");
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(windows)]
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut res = winresource::WindowsResource::new();
        res.set_icon("assets/icon/icon.ico");
        res.set("ProductName", "Hollywood Gin");
        res.set("FileDescription", "Hollywood Gin Rummy");
        if let Err(e) = res.compile() {
            println!("cargo:warning=could not embed the Windows icon: {e}");
        }
    }
}
