//! The campaign calendar (R1, R15): week dates, the era, and which aircraft types are
//! in service.

use chrono::{Datelike, Days, NaiveDate};

use crate::error::RuleError;
use crate::wire::wire_enum;

const fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(y, m, d) {
        Some(date) => date,
        None => panic!("invalid calendar constant"),
    }
}

/// The earliest start date of a campaign (R1, §13.00).
pub const FIRST_START_DATE: NaiveDate = date(1915, 6, 1);
/// The latest start date of a campaign (R1, §13.00).
pub const LAST_START_DATE: NaiveDate = date(1918, 11, 30);
/// The first day of late war (R1).
pub const LATE_WAR_FROM: NaiveDate = date(1917, 1, 1);

/// Refuses a campaign start date outside 1915-06-01…1918-11-30 (R1).
pub fn check_start_date(start: NaiveDate) -> Result<(), RuleError> {
    if (FIRST_START_DATE..=LAST_START_DATE).contains(&start) {
        Ok(())
    } else {
        Err(RuleError::StartDateOutOfRange { date: start })
    }
}

/// The date of week `week` of a campaign that started on `start`: week 1 is the start
/// date, each further week 7 days later (R1). Weeks are numbered from 1; week 0 is
/// treated as week 1.
pub fn week_date(start: NaiveDate, week: u32) -> NaiveDate {
    let days = 7 * u64::from(week.saturating_sub(1));
    start
        .checked_add_days(Days::new(days))
        .expect("a campaign week lies within chrono's calendar")
}

wire_enum! {
    /// Early or late war: it sets the altitude column of the aircraft and the
    /// anti-aircraft modifier (R1, §7.02).
    pub enum Era {
        /// Before 1917-01-01.
        Early,
        /// From 1917-01-01.
        Late,
    }
}

/// The era of a date: early war before 1917-01-01, late war from then (R1).
pub fn era_on(date: NaiveDate) -> Era {
    if date < LATE_WAR_FROM {
        Era::Early
    } else {
        Era::Late
    }
}

/// The first day of the month of `date`: a type enters service on the first day of
/// its month (R15).
pub fn first_of_month(date: NaiveDate) -> NaiveDate {
    date.with_day(1).expect("every month has a first day")
}

/// Whether a type whose service starts in the month of `service_start` is in service
/// on `on` (R9, R15).
pub fn in_service(service_start: NaiveDate, on: NaiveDate) -> bool {
    on >= first_of_month(service_start)
}

/// Whether a type enters service while week `week` runs: it is in service on week
/// `week + 1`'s date but was not on week `week`'s. These are the new aircraft listed
/// when week `week` closes (R15).
pub fn entered_service_in_week(
    service_start: NaiveDate,
    campaign_start: NaiveDate,
    week: u32,
) -> bool {
    let this_week = week_date(campaign_start, week);
    let next_week = week_date(campaign_start, week.max(1) + 1);
    in_service(service_start, next_week) && !in_service(service_start, this_week)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::testing::round_trips;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    // R1: start dates 1915-06-01 to 1918-11-30, both ends included.
    #[test]
    fn r1_start_date_window() {
        assert!(check_start_date(d(1915, 6, 1)).is_ok());
        assert!(check_start_date(d(1918, 11, 30)).is_ok());
        let early = check_start_date(d(1915, 5, 31)).unwrap_err();
        assert_eq!(early.rule(), "R1");
        assert!(early.to_string().contains("1915-05-31"));
        assert!(check_start_date(d(1918, 12, 1)).is_err());
    }

    // R1: week n is dated start + 7(n−1) days.
    #[test]
    fn r1_week_dates() {
        let start = d(1917, 4, 2);
        assert_eq!(week_date(start, 1), start);
        assert_eq!(week_date(start, 2), d(1917, 4, 9));
        assert_eq!(week_date(start, 5), d(1917, 4, 30));
        assert_eq!(week_date(start, 0), start);
    }

    // R1: early war before 1917-01-01, late war from it.
    #[test]
    fn r1_era_boundary() {
        assert_eq!(era_on(d(1916, 12, 31)), Era::Early);
        assert_eq!(era_on(d(1917, 1, 1)), Era::Late);
        assert_eq!(era_on(FIRST_START_DATE), Era::Early);
        assert_eq!(era_on(LAST_START_DATE), Era::Late);
        round_trips(Era::ALL);
    }

    // R15: a type enters service on the first day of its month.
    #[test]
    fn r15_in_service_from_first_of_month() {
        // SPAD XIII, May'17
        let spad13 = d(1917, 5, 1);
        assert!(!in_service(spad13, d(1917, 4, 30)));
        assert!(in_service(spad13, d(1917, 5, 1)));
        // a mid-month date given for the service start still means the 1st
        assert!(in_service(d(1917, 5, 20), d(1917, 5, 2)));
    }

    // R15: closing week n lists types in service on week n+1's date, not on week n's.
    #[test]
    fn r15_entered_service_in_week() {
        let start = d(1917, 4, 2); // weeks: 04-02, 04-09, 04-16, 04-23, 04-30, 05-07
        let spad13 = d(1917, 5, 1);
        assert!(!entered_service_in_week(spad13, start, 4)); // 04-23 → 04-30
        assert!(entered_service_in_week(spad13, start, 5)); // 04-30 → 05-07
        assert!(!entered_service_in_week(spad13, start, 6)); // already in service
                                                             // a type in service at the start never "enters" during the campaign
        assert!(!entered_service_in_week(d(1916, 9, 1), start, 1));
        // the first day of the month falling exactly on a week's date
        let start = d(1917, 4, 17); // week 3 is 05-01
        assert!(entered_service_in_week(spad13, start, 2));
        assert!(!entered_service_in_week(spad13, start, 3));
    }
}
