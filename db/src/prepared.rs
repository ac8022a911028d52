//! Hand-written SQL that each connection prepares once.
//!
//! diesel's `sql_query` marks its statements unsafe to cache (their text may be built
//! at run time), so Postgres parses and plans such a query on every call; for the
//! standings' lateral joins the planning costs as much as the run. [`prepared`] takes
//! SQL fixed at compile time, whose text can key diesel's statement cache, so a pooled
//! connection prepares it once and Postgres may keep its plan.

use std::marker::PhantomData;

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::result::Error;
use diesel::serialize::ToSql;
use diesel::sql_types::{HasSqlType, Untyped};
use diesel::QueryResult;

/// `sql` with its parameters `$1`, `$2`… bound in that order by [`Prepared::bind`].
/// The text holds `$` only in those parameters; one may appear more than once.
pub fn prepared<'a>(sql: &'static str) -> Prepared<'a> {
    Prepared {
        sql,
        binds: Vec::new(),
    }
}

/// A statement of fixed text with its bound values, loaded like diesel's `sql_query`
/// into `QueryableByName` rows.
#[must_use = "queries run only when loaded or executed"]
pub struct Prepared<'a> {
    sql: &'static str,
    binds: Vec<Box<dyn QueryFragment<Pg> + Send + 'a>>,
}

struct Bind<ST, V> {
    value: V,
    sql_type: PhantomData<fn() -> ST>,
}

impl<'a> Prepared<'a> {
    /// Binds the next parameter as SQL type `ST`.
    pub fn bind<ST, V>(mut self, value: V) -> Self
    where
        Pg: HasSqlType<ST>,
        V: ToSql<ST, Pg> + Send + 'a,
        ST: 'a,
    {
        self.binds.push(Box::new(Bind {
            value,
            sql_type: PhantomData,
        }));
        self
    }
}

impl<ST, V> QueryFragment<Pg> for Bind<ST, V>
where
    Pg: HasSqlType<ST>,
    V: ToSql<ST, Pg>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_bind_param::<ST, V>(&self.value)
    }
}

impl QueryFragment<Pg> for Prepared<'_> {
    // diesel numbers the placeholders itself, so every `$n` of the text is written as
    // the next placeholder with the n-th value.
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        let mut rest = self.sql;
        while let Some(at) = rest.find('$') {
            out.push_sql(&rest[..at]);
            let after = &rest[at + 1..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            let bind = after[..digits]
                .parse::<usize>()
                .ok()
                .and_then(|n| self.binds.get(n.checked_sub(1)?))
                .ok_or_else(|| {
                    Error::QueryBuilderError(
                        format!(
                            "`${}` has no bound value ({} bound) in {:?}",
                            &after[..digits],
                            self.binds.len(),
                            self.sql
                        )
                        .into(),
                    )
                })?;
            bind.walk_ast(out.reborrow())?;
            rest = &after[digits..];
        }
        out.push_sql(rest);
        Ok(())
    }
}

// No static id: the statement cache keys on the text and the bind types.
impl QueryId for Prepared<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl Query for Prepared<'_> {
    type SqlType = Untyped;
}

#[cfg(test)]
mod tests {
    use diesel::debug_query;
    use diesel::sql_types::{Int4, Int8, Text};

    use super::*;

    #[test]
    fn each_parameter_is_written_as_the_next_placeholder() {
        let query = prepared("SELECT $1 + $2, $1 WHERE name = $3")
            .bind::<Int8, _>(7_i64)
            .bind::<Int4, _>(2)
            .bind::<Text, _>("Ball");
        let shown = debug_query::<Pg, _>(&query).to_string();
        assert_eq!(
            shown,
            "SELECT $1 + $2, $3 WHERE name = $4 -- binds: [7, 2, 7, \"Ball\"]"
        );
    }

    #[test]
    fn a_parameter_without_a_value_is_an_error() {
        let query = prepared("SELECT $1, $2").bind::<Int4, _>(1);
        let mut builder = diesel::pg::PgQueryBuilder::default();
        let error = query.to_sql(&mut builder, &Pg).unwrap_err().to_string();
        assert!(
            error.contains("`$2` has no bound value (1 bound)"),
            "{error}"
        );
    }
}
