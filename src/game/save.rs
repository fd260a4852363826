//! Writing files so that nothing is lost: a crash, a kill or a full disk mid-write leaves the
//! old file whole, never a half-written one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary file a save of `path` writes first: `.NAME.tmp` beside it (on the same file
/// system, so the final rename is atomic). One fixed name, so a save interrupted by a crash
/// leaves at most one stale temporary file, which the next save replaces.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    dir.join(format!(".{name}.tmp"))
}

/// Writes `bytes` to `path` atomically: into [`temp_path`], then renamed over `path`. Readers
/// (and the next run after a crash) see either the old file or the new one, whole. With
/// `durable` the data is also flushed to the disk before the rename (a save the user asked
/// for); without it the write survives the process dying, not the machine (an autosave).
pub fn write_atomic(path: &Path, bytes: &[u8], durable: bool) -> io::Result<()> {
    // Saving through a symbolic link replaces the file it points to, not the link.
    let target = match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    let tmp = temp_path(&target);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        if let Ok(m) = fs::metadata(&target) {
            // keep the old file's permissions
            let _ = f.set_permissions(m.permissions());
        }
        f.write_all(bytes)?;
        if durable {
            f.sync_all()?;
        }
        drop(f);
        fs::rename(&tmp, &target)?;
        if durable {
            // the rename itself, on file systems that need the directory flushed
            if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
                if let Ok(d) = File::open(dir) {
                    let _ = d.sync_all();
                }
            }
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_replaces_the_file_whole_and_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("myriad-save-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.pgn");
        write_atomic(&path, b"old", true).unwrap();
        write_atomic(&path, b"new text", false).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new text");
        assert!(!temp_path(&path).exists());
        // a save that cannot happen leaves the old file as it was
        let bad = dir.join("no-such-dir").join("game.pgn");
        assert!(write_atomic(&bad, b"x", true).is_err());
        assert_eq!(temp_path(Path::new("x.pgn")), Path::new("./.x.pgn.tmp"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
