//! The superuser password: made from /dev/urandom, kept in a file only its owner reads.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// 32 alphanumeric characters (~190 bits): nothing to percent-encode in a URL.
pub(crate) fn generate_password() -> io::Result<String> {
    let mut random = File::open("/dev/urandom")?;
    let mut password = String::with_capacity(32);
    let mut byte = [0u8; 1];
    while password.len() < 32 {
        random.read_exact(&mut byte)?;
        // Rejection sampling keeps the characters uniform: 248 = 4 * 62.
        if byte[0] < 248 {
            password.push(ALPHABET[usize::from(byte[0]) % ALPHABET.len()] as char);
        }
    }
    Ok(password)
}

/// Writes `contents` to `path` with mode 0600, atomically (temp file then rename), so a
/// crash never leaves a truncated password behind.
pub(crate) fn write_private(path: &Path, contents: &str) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    let _ = fs::remove_file(&tmp);
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)?;
    file.write_all(contents.as_bytes())?;
    file.sync_all()?;
    fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn passwords_are_long_alphanumeric_and_differ() {
        let a = generate_password().unwrap();
        let b = generate_password().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }

    #[test]
    fn private_files_are_mode_0600() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("password");
        write_private(&path, "secret").unwrap();
        write_private(&path, "other").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "other");
        let mode = fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
