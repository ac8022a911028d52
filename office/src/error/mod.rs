//! A use case's refusal as the doors receive it: what went wrong, which rule refused
//! and which part of the input it concerns. Its message tells the person what to fix;
//! each door chooses how to show it (a problem document, a sentence beside a field).

/// What went wrong; each kind maps to one of API.md's error statuses.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// 400: malformed JSON, a wrong type, an unknown field or query parameter.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no token, or one that no longer works.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: the caller's role does not allow this.
    #[error("{0}")]
    Forbidden(String),
    /// 404: no such thing, or one the caller may not see.
    #[error("{0}")]
    NotFound(String),
    /// 409: a conflicting or stale write.
    #[error("{0}")]
    Conflict(String),
    /// 410: something that worked once and no longer does (an invitation expired,
    /// used up or revoked; a reset link used or expired); says which.
    #[error("{0}")]
    Gone(String),
    /// 412: a write made against a version of a thing that changed meanwhile
    /// (`If-Match`, RFC 9110); says what changed since.
    #[error("{0}")]
    PreconditionFailed(String),
    /// 422: a rule of the game (or a field's allowed values) broken.
    #[error("{detail}")]
    Unprocessable {
        detail: String,
        /// The rule that refused it, e.g. "R3" or "§13.102".
        rule: Option<&'static str>,
        /// What part of the request it refused, when the check knew.
        at: Option<Locus>,
    },
    /// 422: several problems of one request, each an `Unprocessable` with its own rule
    /// and locus, in the order of the request (see the service's `ServiceError::all`).
    #[error("{}", join_details(.0))]
    Problems(Vec<Error>),
    /// 413: a body larger than the endpoint accepts.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 429: too many tries; `retry_after` seconds until the next one is allowed.
    #[error("{detail}")]
    TooManyRequests { detail: String, retry_after: u64 },
    /// 503: the database cannot be reached right now.
    #[error("the database is unavailable right now; try again in a moment")]
    Unavailable,
    /// 500: a bug or an unexpected failure; the cause is logged, not sent.
    #[error("internal error")]
    Internal(String),
}

/// The part of a request a refusal is about, so that a form can show the reason beside
/// the input it concerns, whatever the reason's wording.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Locus {
    /// A named field of the request, e.g. `turns_played`.
    Field(&'static str),
    /// A debrief's sortie, by its key.
    Sortie(String),
    /// A part of a debrief's sortie: one of its crewmen, one of its fields (`down.terrain`,
    /// `down.dice.crash`, `outcome`, …), or both.
    SortiePart {
        key: String,
        crew_id: Option<i64>,
        field: Option<&'static str>,
    },
    /// A debrief's kills.
    Kills,
    /// A debrief's report of this mission.
    Mission(i64),
}

impl Error {
    /// A 422 for a value the client can correct.
    pub fn invalid(detail: impl Into<String>) -> Self {
        Self::Unprocessable {
            detail: detail.into(),
            rule: None,
            at: None,
        }
    }

    /// The HTTP status of this kind of error (API.md, Errors); the pages answer with
    /// the same status as the API.
    pub fn status(&self) -> u16 {
        match self {
            Self::BadRequest(_) => 400,
            Self::Unauthorized(_) => 401,
            Self::Forbidden(_) => 403,
            Self::NotFound(_) => 404,
            Self::Conflict(_) => 409,
            Self::Gone(_) => 410,
            Self::PreconditionFailed(_) => 412,
            Self::PayloadTooLarge(_) => 413,
            Self::Unprocessable { .. } | Self::Problems(_) => 422,
            Self::TooManyRequests { .. } => 429,
            Self::Internal(_) => 500,
            Self::Unavailable => 503,
        }
    }

    /// The problems this error stands for: those of [`Error::Problems`], else
    /// the error itself.
    pub fn problems(&self) -> Vec<&Error> {
        match self {
            Self::Problems(all) => all.iter().collect(),
            one => vec![one],
        }
    }

    /// The rule that refused a 422 (the first problem's, for several).
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            Self::Unprocessable { rule, .. } => *rule,
            Self::Problems(all) => all.iter().find_map(Self::rule),
            _ => None,
        }
    }

    /// What part of the request a 422 is about, when known.
    pub fn locus(&self) -> Option<&Locus> {
        match self {
            Self::Unprocessable { at, .. } => at.as_ref(),
            _ => None,
        }
    }

    /// The same error, pointed at `locus` when it is a 422 that points nowhere yet.
    pub fn at(self, locus: Locus) -> Self {
        match self {
            Self::Unprocessable {
                detail,
                rule,
                at: None,
            } => Self::Unprocessable {
                detail,
                rule,
                at: Some(locus),
            },
            other => other,
        }
    }

    /// Every problem of `problems`, in order, as one error: `None` when there is none,
    /// the problem itself when there is one, [`Error::Problems`] when there are
    /// more (nested lists flattened).
    pub fn all(problems: impl IntoIterator<Item = Error>) -> Option<Self> {
        let mut flat = Vec::new();
        for problem in problems {
            match problem {
                Self::Problems(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => None,
            1 => flat.pop(),
            _ => Some(Self::Problems(flat)),
        }
    }
}

impl From<campaign::RuleError> for Error {
    fn from(e: campaign::RuleError) -> Self {
        Self::Unprocessable {
            rule: Some(e.rule()),
            detail: e.to_string(),
            at: None,
        }
    }
}

fn join_details(problems: &[Error]) -> String {
    problems
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
