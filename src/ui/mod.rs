//! The desktop GUI (egui/eframe). (Owned by the GUI work.)

/// Opens the window on `file` (a path or bundled name; default: a bundled game).
pub fn run(file: Option<&str>) -> anyhow::Result<()> {
    let _ = file;
    anyhow::bail!("the GUI is not available yet")
}
