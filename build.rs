//! Embeds the application icon into the Windows executable (macOS and Linux take their icons
//! from the app bundle or desktop file; the window icon is set at run time by the game), and
//! tells the code whether this build plays sound.

fn main() {
    // `has_sound`: the game plays sound. Windows and macOS always can; Linux needs ALSA's
    // development files to build Bevy's audio, so there it is the opt-in `sound` feature.
    println!("cargo::rustc-check-cfg=cfg(has_sound)");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let gui = std::env::var_os("CARGO_FEATURE_GUI").is_some();
    let sound = std::env::var_os("CARGO_FEATURE_SOUND").is_some();
    if gui && (sound || os == "windows" || os == "macos") {
        println!("cargo:rustc-cfg=has_sound");
    }
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
