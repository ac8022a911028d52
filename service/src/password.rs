//! Password hashing with argon2id. Hashing is deliberately slow, so it runs on its own
//! threads at the lowest CPU priority, never on the executor: a burst of sign-ins gets
//! the cores only when the rest of the service leaves them idle.

use std::sync::{mpsc, Arc, Mutex, OnceLock};

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::ServiceError;

/// The shortest password an account may have.
pub const MIN_PASSWORD_LENGTH: usize = 8;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
fn hasher() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password (blocking: call through [`hash_password`] from async code).
pub fn hash_password_blocking(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(hasher()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Hashes a password on the hashing threads.
pub async fn hash_password(password: String) -> Result<String, ServiceError> {
    on_hashing_thread(move || hash_password_blocking(&password))
        .await?
        .map_err(|e| ServiceError::Internal(e.to_string()))
}

type Job = Box<dyn FnOnce() + Send>;

/// Runs `job` on one of the hashing threads (one per core, idle priority) and waits for
/// its answer without blocking the executor.
async fn on_hashing_thread<T: Send + 'static>(
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ServiceError> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        // The caller may have gone (a dropped request); its answer is not needed then.
        let _ = answer.send(job());
    });
    hashing_threads()
        .send(job)
        .map_err(|_| ServiceError::Internal("the password hashing threads stopped".into()))?;
    answered
        .await
        .map_err(|_| ServiceError::Internal("a password hashing thread failed".into()))
}

fn hashing_threads() -> &'static mpsc::Sender<Job> {
    static JOBS: OnceLock<mpsc::Sender<Job>> = OnceLock::new();
    JOBS.get_or_init(|| {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        for n in 0..threads {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || {
                    lowest_cpu_priority();
                    loop {
                        let job = match queue.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })
                .expect("starting a password hashing thread");
        }
        jobs
    })
}

/// Puts the calling thread in the idle scheduling class: it runs only on cores no
/// ordinary thread wants, and any waking thread preempts it at once. Nice 19 was not
/// enough: with autogroup scheduling a nice value only ranks the threads of the
/// server's own session, so hashing still took the cores from Postgres and from the
/// requests that wait on it (`scripts/bench`, the health route beside sign-ins).
#[cfg(target_os = "linux")]
fn lowest_cpu_priority() {
    let param = libc::sched_param { sched_priority: 0 };
    // SAFETY: `param` is a valid sched_param that outlives the call; pid 0 is the
    // calling thread. A refusal leaves the normal priority, which is still correct.
    unsafe {
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
    }
}

/// Elsewhere the hashing threads keep the normal priority.
#[cfg(not(target_os = "linux"))]
fn lowest_cpu_priority() {}

/// Checks a password against a stored hash, or against a dummy hash when there is no
/// account, so the answer takes as long either way and timing does not reveal which
/// usernames exist.
pub async fn verify_password(
    stored_hash: Option<String>,
    password: String,
) -> Result<bool, ServiceError> {
    on_hashing_thread(move || {
        let hash = stored_hash.unwrap_or_else(|| dummy_hash().to_owned());
        let Ok(parsed) = PasswordHash::new(&hash) else {
            return false;
        };
        hasher()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        hash_password_blocking("not a password of anyone").expect("hashing a constant works")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let hash = hash_password_blocking("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        let parsed = PasswordHash::new(&hash).unwrap();
        assert!(hasher().verify_password(b"correct horse", &parsed).is_ok());
        assert!(hasher().verify_password(b"wrong horse", &parsed).is_err());
    }
}
