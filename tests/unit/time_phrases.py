"""Time phrases in recall questions and what they should resolve to (issue 17, item 1).

The yardstick the time-word reader of `recall` is measured against: the libraries compared in the
issue-17 study, and `graphmem.recall.timephrases.resolve`, which `tests/unit/test_time_phrases.py`
checks on every row. 250 rows were written first; the categories "fresh" (55) and "fresh_2" (37)
were written later and run before they joined the table, as a check of how far the grammar
generalises (their comments give the figures). Each entry is a question an agent could ask, with
the time it speaks about read relative to a FIXED

    NOW = 2026-12-01T12:00:00Z   (a Tuesday; its ISO week runs Mon 2026-11-30 .. Mon 2026-12-07)

Entry fields (see `PHRASES`, a list of dicts):

* ``category``  the kind of phrase (for failure tallies): see `CATEGORIES`.
* ``question``  the text as an agent would send it.
* ``kind``      ``"range"``   the question is about a period [start, end);
                ``"instant"`` a point in time: ``start`` is the instant, ``end`` is None;
                ``"since"``   open on the right: [start, +inf), ``end`` is None;
                ``"until"``   open on the left: (-inf, end), ``start`` is None;
                ``"none"``    no time at all: ``start`` and ``end`` are None.
* ``start``/``end``  ISO-8601 strings in UTC ("2026-03-01T00:00:00Z"), the interval half-open:
  a day is [00:00, next day 00:00), a month is [first day 00:00, first day of next month 00:00).
* ``axis`` (optional) ``"known"`` when the words ask what was *believed* then (known_at), not what
  was true (valid_at); the interval is read the same way.

Conventions (the decisions behind the expected values):

* Calendar units are whole calendar periods in UTC; weeks run Monday 00:00 to Monday 00:00.
* A month, weekday or season named without a year is the latest one that has started by NOW
  ("in March" = March 2026; "in December" = December 2026, the month NOW is in; "on Monday" =
  Mon 2026-11-30; "on Friday" = Fri 2026-11-27). "on the 15th" is the latest past 15th (2026-11-15).
* "last X" is the previous whole X (last week = Mon 2026-11-23 .. Mon 2026-11-30; last month =
  November 2026; last quarter = Q3 2026); "last <weekday>" is that day in last week ("last
  Tuesday" = 2026-11-24, "last Monday" = 2026-11-23, "last Sunday" = 2026-11-29); "this X" is the
  X that contains NOW ("this Thursday" = 2026-12-03, "this Monday" = 2026-11-30, in this week);
  "next X" is the following whole X; "next Friday" is the first Friday after today (2026-12-04).
* "N units ago" / "in N units" take the unit as the grain: "3 days ago" is the day 2026-11-28,
  "2 weeks ago" the Monday-week containing 2026-11-17, "3 months ago" September 2026,
  "2 years ago" the year 2024, "a week ago" = "1 week ago".
* "in the last/past N units" is a rolling window ending at NOW: [NOW - N units, NOW), to the second.
* Quarters are calendar quarters (Q1 = Jan..Mar). Seasons are meteorological, northern hemisphere:
  spring Mar-May, summer Jun-Aug, autumn/fall Sep-Nov, winter Dec-Feb; "winter 2025" is the winter
  that starts in December 2025 (2025-12-01 .. 2026-03-01); "last summer/fall/winter" is the latest
  one that has ended by NOW, "this winter" the one NOW is in.
* "the week of D" is the Monday-week containing D.
* Numeric dates: ISO 2025-03-10 (and 2025/03/10) is year-month-day. With slashes the US order
  month/day/year is read (3/10/2025 = 10 March 2025) unless the first number is over 12
  (25/03/2025 = 25 March 2025). With dots the European order day.month.year is read
  (10.03.2025 = 10 March 2025). A two-digit year is 20YY. "03/2025" and "2025-03" are a month.
* Bounds: "since X" and "from X onwards" start at the start of X; "after X" starts at the END of X
  (after March 10, 2025 -> since 2025-03-11); "before X" / "prior to X" end at the START of X;
  "until/till/through/up to/by (the end of) X" end at the END of X (X is included).
* "between X and Y", "from X to/until Y", "X-Y": [start of X, end of Y). "orders from December
  2025" with no end word means "in December 2025" (a range), not "since".
* "as of X" and "at <clock time>" are instants: the START of X ("as of last Friday" =
  2026-11-27T00:00:00Z); a clock time without a date word is today ("at 9:30 this morning").
* Identifiers are never dates: "cust-1042", "ORD-2024-001", "2024-1138", a phone
  "138-0000-1234", an order number "20251234", "version 3.2", "2 items", an IP address; a date
  right after an identifier is still read ("cust-1042 in March 2026" = March 2026).
* Other languages: French, German, Spanish and Chinese month names and relative words follow the
  same conventions ("去年三月" = March 2025, "上周" = last week, "三月份" = March 2026).
"""

from __future__ import annotations

NOW = "2026-12-01T12:00:00Z"

#: (category, question, kind, start, end); dates are written short ("2026-03-01" is midnight UTC,
#: "2026-11-30T10:00" a minute in UTC) and expanded to full ISO strings in `PHRASES` below.
_ROWS: list[tuple[str, str, str, str | None, str | None]] = [
    # --- a month with its year
    ("month_year", "what plan was the customer on in March 2026?", "range", "2026-03-01", "2026-04-01"),
    ("month_year", "where did the user live in March 2025?", "range", "2025-03-01", "2025-04-01"),
    ("month_year", "what was the account balance in January 2024", "range", "2024-01-01", "2024-02-01"),
    ("month_year", "show orders from December 2025", "range", "2025-12-01", "2026-01-01"),
    ("month_year", "what happened during February 2026?", "range", "2026-02-01", "2026-03-01"),
    ("month_year", "Sept 2025 invoices for this customer", "range", "2025-09-01", "2025-10-01"),
    ("month_year", "what did we discuss in Oct. 2025", "range", "2025-10-01", "2025-11-01"),
    ("month_year", "which address did she have in march 2025", "range", "2025-03-01", "2025-04-01"),
    ("month_year", "what did she order in May 2026?", "range", "2026-05-01", "2026-06-01"),
    ("month_year", "what was his plan in March of 2025", "range", "2025-03-01", "2025-04-01"),
    ("month_year", "tickets opened in August, 2025", "range", "2025-08-01", "2025-09-01"),
    # --- a month without a year: the latest that has started
    ("month_no_year", "where was he in March", "range", "2026-03-01", "2026-04-01"),
    ("month_no_year", "what did the user buy in July?", "range", "2026-07-01", "2026-08-01"),
    ("month_no_year", "list the invoices from November", "range", "2026-11-01", "2026-12-01"),
    ("month_no_year", "what changed in December?", "range", "2026-12-01", "2027-01-01"),
    ("month_no_year", "what was discussed in January?", "range", "2026-01-01", "2026-02-01"),
    ("month_no_year", "what was his address in Sept", "range", "2026-09-01", "2026-10-01"),
    ("month_no_year", "which plan did they have during April", "range", "2026-04-01", "2026-05-01"),
    # --- a month relative to a year
    ("month_relative", "what plan was she on in march of last year", "range", "2025-03-01", "2025-04-01"),
    ("month_relative", "March of last year", "range", "2025-03-01", "2025-04-01"),
    ("month_relative", "what was the plan in June last year", "range", "2025-06-01", "2025-07-01"),
    ("month_relative", "in January of this year", "range", "2026-01-01", "2026-02-01"),
    ("month_relative", "what is planned for March next year", "range", "2027-03-01", "2027-04-01"),
    ("month_relative", "orders in October of last year", "range", "2025-10-01", "2025-11-01"),
    ("month_relative", "in February this year", "range", "2026-02-01", "2026-03-01"),
    # --- relative days
    ("relative_day", "what happened yesterday", "range", "2026-11-30", "2026-12-01"),
    ("relative_day", "show me today's orders", "range", "2026-12-01", "2026-12-02"),
    ("relative_day", "what did we say the day before yesterday", "range", "2026-11-29", "2026-11-30"),
    ("relative_day", "what is scheduled for tomorrow", "range", "2026-12-02", "2026-12-03"),
    ("relative_day", "what did he say 3 days ago", "range", "2026-11-28", "2026-11-29"),
    ("relative_day", "two days ago", "range", "2026-11-29", "2026-11-30"),
    ("relative_day", "the complaint from 10 days ago", "range", "2026-11-21", "2026-11-22"),
    ("relative_day", "what is due in 3 days", "range", "2026-12-04", "2026-12-05"),
    ("relative_day", "the day after tomorrow", "range", "2026-12-03", "2026-12-04"),
    ("relative_day", "what did she ask a day ago", "range", "2026-11-30", "2026-12-01"),
    # --- relative weeks
    ("relative_week", "what did we discuss last week", "range", "2026-11-23", "2026-11-30"),
    ("relative_week", "what happened this week", "range", "2026-11-30", "2026-12-07"),
    ("relative_week", "what is planned for next week", "range", "2026-12-07", "2026-12-14"),
    ("relative_week", "what did the user say 2 weeks ago", "range", "2026-11-16", "2026-11-23"),
    ("relative_week", "a week ago", "range", "2026-11-23", "2026-11-30"),
    ("relative_week", "three weeks ago", "range", "2026-11-09", "2026-11-16"),
    ("relative_week", "the week before last", "range", "2026-11-16", "2026-11-23"),
    ("relative_week", "what happened last weekend", "range", "2026-11-28", "2026-11-30"),
    ("relative_week", "plans for this weekend", "range", "2026-12-05", "2026-12-07"),
    ("relative_week", "in 2 weeks", "range", "2026-12-14", "2026-12-21"),
    # --- relative months
    ("relative_month", "what plan was he on last month", "range", "2026-11-01", "2026-12-01"),
    ("relative_month", "orders this month", "range", "2026-12-01", "2027-01-01"),
    ("relative_month", "what renews next month", "range", "2027-01-01", "2027-02-01"),
    ("relative_month", "where did she live 3 months ago", "range", "2026-09-01", "2026-10-01"),
    ("relative_month", "two months ago", "range", "2026-10-01", "2026-11-01"),
    ("relative_month", "a month ago", "range", "2026-11-01", "2026-12-01"),
    ("relative_month", "what plan did they have 6 months ago", "range", "2026-06-01", "2026-07-01"),
    ("relative_month", "the month before last", "range", "2026-10-01", "2026-11-01"),
    ("relative_month", "what expires in 2 months", "range", "2027-02-01", "2027-03-01"),
    # --- relative and absolute years
    ("year", "Where did the user live last year?", "range", "2025-01-01", "2026-01-01"),
    ("year", "orders this year", "range", "2026-01-01", "2027-01-01"),
    ("year", "what is budgeted for next year", "range", "2027-01-01", "2028-01-01"),
    ("year", "what plan was she on 2 years ago", "range", "2024-01-01", "2025-01-01"),
    ("year", "the year before last", "range", "2024-01-01", "2025-01-01"),
    ("year", "in 2025", "range", "2025-01-01", "2026-01-01"),
    ("year", "what happened during 2023", "range", "2023-01-01", "2024-01-01"),
    ("year", "what was the address in 2019?", "range", "2019-01-01", "2020-01-01"),
    ("year", "a year ago", "range", "2025-01-01", "2026-01-01"),
    # --- quarters
    ("quarter", "revenue in Q3 2025", "range", "2025-07-01", "2025-10-01"),
    ("quarter", "what plan were they on in Q1 2026", "range", "2026-01-01", "2026-04-01"),
    ("quarter", "what shipped in Q2", "range", "2026-04-01", "2026-07-01"),
    ("quarter", "what happened last quarter", "range", "2026-07-01", "2026-10-01"),
    ("quarter", "orders this quarter", "range", "2026-10-01", "2027-01-01"),
    ("quarter", "targets for next quarter", "range", "2027-01-01", "2027-04-01"),
    ("quarter", "the third quarter of last year", "range", "2025-07-01", "2025-10-01"),
    ("quarter", "the first quarter of 2025", "range", "2025-01-01", "2025-04-01"),
    ("quarter", "what was the churn in Q4 of last year", "range", "2025-10-01", "2026-01-01"),
    ("quarter", "2025 Q2 results", "range", "2025-04-01", "2025-07-01"),
    ("quarter", "in the second quarter", "range", "2026-04-01", "2026-07-01"),
    ("quarter", "Q4 2024 bookings", "range", "2024-10-01", "2025-01-01"),
    # --- seasons (meteorological, northern hemisphere)
    ("season", "where did he travel last summer", "range", "2026-06-01", "2026-09-01"),
    ("season", "what plan was she on in winter 2025", "range", "2025-12-01", "2026-03-01"),
    ("season", "in summer 2025", "range", "2025-06-01", "2025-09-01"),
    ("season", "what broke last winter", "range", "2025-12-01", "2026-03-01"),
    ("season", "what did we change last fall", "range", "2026-09-01", "2026-12-01"),
    ("season", "in the spring of 2026", "range", "2026-03-01", "2026-06-01"),
    ("season", "autumn 2025 campaign results", "range", "2025-09-01", "2025-12-01"),
    ("season", "last spring", "range", "2026-03-01", "2026-06-01"),
    ("season", "what is planned for this winter", "range", "2026-12-01", "2027-03-01"),
    # --- weekdays
    ("weekday", "what did the customer say last Tuesday", "range", "2026-11-24", "2026-11-25"),
    ("weekday", "what did we discuss on Monday", "range", "2026-11-30", "2026-12-01"),
    ("weekday", "what did she say on Friday", "range", "2026-11-27", "2026-11-28"),
    ("weekday", "last Friday", "range", "2026-11-27", "2026-11-28"),
    ("weekday", "what is booked for next Friday", "range", "2026-12-04", "2026-12-05"),
    ("weekday", "this Monday", "range", "2026-11-30", "2026-12-01"),
    ("weekday", "the call last Sunday", "range", "2026-11-29", "2026-11-30"),
    ("weekday", "what was agreed on Wednesday", "range", "2026-11-25", "2026-11-26"),
    ("weekday", "next Monday", "range", "2026-12-07", "2026-12-08"),
    ("weekday", "the meeting this Thursday", "range", "2026-12-03", "2026-12-04"),
    ("weekday", "what did he buy last Saturday", "range", "2026-11-28", "2026-11-29"),
    # --- the week of a date
    ("week_of", "what happened the week of March 3", "range", "2026-03-02", "2026-03-09"),
    ("week_of", "the week of March 3, 2025", "range", "2025-03-03", "2025-03-10"),
    ("week_of", "orders during the week of 2025-06-18", "range", "2025-06-16", "2025-06-23"),
    ("week_of", "the week of Jan 5", "range", "2026-01-05", "2026-01-12"),
    # --- a day written in words
    ("day_date", "what happened on March 10, 2025", "range", "2025-03-10", "2025-03-11"),
    ("day_date", "what did he say on 10 March 2025", "range", "2025-03-10", "2025-03-11"),
    ("day_date", "March 10th 2025", "range", "2025-03-10", "2025-03-11"),
    ("day_date", "on the 10th of March 2025", "range", "2025-03-10", "2025-03-11"),
    ("day_date", "what did we agree on March 3", "range", "2026-03-03", "2026-03-04"),
    ("day_date", "the order from Dec 25 2025", "range", "2025-12-25", "2025-12-26"),
    ("day_date", "what happened on July 4th", "range", "2026-07-04", "2026-07-05"),
    ("day_date", "what was paid on the 15th", "range", "2026-11-15", "2026-11-16"),
    ("day_date", "on Christmas Day 2025", "range", "2025-12-25", "2025-12-26"),
    ("day_date", "on 1st February 2026", "range", "2026-02-01", "2026-02-02"),
    # --- numeric dates (ISO, US with slashes, EU with dots)
    ("numeric", "what happened on 2025-03-10", "range", "2025-03-10", "2025-03-11"),
    ("numeric", "2025-03-10", "range", "2025-03-10", "2025-03-11"),
    ("numeric", "what was the status on 3/10/2025", "range", "2025-03-10", "2025-03-11"),
    ("numeric", "what was the status on 10.03.2025", "range", "2025-03-10", "2025-03-11"),
    ("numeric", "the delivery on 25/03/2025", "range", "2025-03-25", "2025-03-26"),
    ("numeric", "the delivery on 03/25/2025", "range", "2025-03-25", "2025-03-26"),
    ("numeric", "what happened on 2025/03/10", "range", "2025-03-10", "2025-03-11"),
    ("numeric", "payments on 12/1/2025", "range", "2025-12-01", "2025-12-02"),
    ("numeric", "payments on 1.12.2025", "range", "2025-12-01", "2025-12-02"),
    ("numeric", "orders on 2026-11-30", "range", "2026-11-30", "2026-12-01"),
    ("numeric", "what was the plan in 2025-03", "range", "2025-03-01", "2025-04-01"),
    ("numeric", "what was the plan in 03/2025", "range", "2025-03-01", "2025-04-01"),
    ("numeric", "what happened on 3/10", "range", "2026-03-10", "2026-03-11"),
    ("numeric", "the invoice dated 10/3/25", "range", "2025-10-03", "2025-10-04"),
    ("numeric", "what happened on 31.12.2025", "range", "2025-12-31", "2026-01-01"),
    # --- instants: clock times and "as of"
    ("instant", "where was the parcel at 10 am yesterday", "instant", "2026-11-30T10:00", None),
    ("instant", "where was the parcel at 3pm on March 10, 2025", "instant", "2025-03-10T15:00", None),
    ("instant", "Where did the user live as of 2026-03-01?", "instant", "2026-03-01", None),
    ("instant", "what plan was active as of March 1, 2026", "instant", "2026-03-01", None),
    ("instant", "what was the balance as of last Friday", "instant", "2026-11-27", None),
    ("instant", "status as of 2025-06-30 14:00", "instant", "2025-06-30T14:00", None),
    ("instant", "where was the truck at noon yesterday", "instant", "2026-11-30T12:00", None),
    ("instant", "what did he say at 9:30 this morning", "instant", "2026-12-01T09:30", None),
    ("instant", "the address as of January 2026", "instant", "2026-01-01", None),
    ("instant", "what was the status at 2025-03-10T14:30:00Z", "instant", "2025-03-10T14:30", None),
    ("instant", "what was known on 2026-02-01 about the city", "instant", "2026-02-01", None),
    ("instant", "what did we believe as of March 2025 about her plan", "instant", "2025-03-01", None),
    # --- since / after: open on the right
    ("since", "orders since 2026-01-05", "since", "2026-01-05", None),
    ("since", "what changed since March 2025", "since", "2025-03-01", None),
    ("since", "all tickets since last year", "since", "2025-01-01", None),
    ("since", "payments since January", "since", "2026-01-01", None),
    ("since", "what happened after 2024", "since", "2025-01-01", None),
    ("since", "complaints after March 10, 2025", "since", "2025-03-11", None),
    ("since", "the plans from March 2025 onwards", "since", "2025-03-01", None),
    ("since", "messages since last Monday", "since", "2026-11-23", None),
    ("since", "what changed since Q2 2025", "since", "2025-04-01", None),
    ("since", "changes since yesterday", "since", "2026-11-30", None),
    ("since", "orders after last summer", "since", "2026-09-01", None),
    # --- rolling windows ending now
    ("rolling", "orders in the last 7 days", "range", "2026-11-24T12:00", "2026-12-01T12:00"),
    ("rolling", "what happened over the past 30 days", "range", "2026-11-01T12:00", "2026-12-01T12:00"),
    ("rolling", "messages in the past 2 weeks", "range", "2026-11-17T12:00", "2026-12-01T12:00"),
    ("rolling", "what changed in the last 3 months", "range", "2026-09-01T12:00", "2026-12-01T12:00"),
    ("rolling", "complaints in the past year", "range", "2025-12-01T12:00", "2026-12-01T12:00"),
    ("rolling", "in the last 24 hours", "range", "2026-11-30T12:00", "2026-12-01T12:00"),
    # --- until / before: open on the left
    ("until", "Where did the user live before 2026-03-01", "until", None, "2026-03-01"),
    ("until", "what plan was he on before March 2025", "until", None, "2025-03-01"),
    ("until", "what happened until last week", "until", None, "2026-11-30"),
    ("until", "orders until March 2025", "until", None, "2025-04-01"),
    ("until", "where did she live before 2025", "until", None, "2025-01-01"),
    ("until", "contracts signed prior to Q3 2025", "until", None, "2025-07-01"),
    ("until", "payments up to 2025-06-30", "until", None, "2025-07-01"),
    ("until", "the plans through June 2025", "until", None, "2025-07-01"),
    ("until", "everything until yesterday", "until", None, "2026-12-01"),
    ("until", "what was delivered by the end of 2025", "until", None, "2026-01-01"),
    ("until", "where did he live before last summer", "until", None, "2026-06-01"),
    ("until", "tickets till 10 March 2025", "until", None, "2025-03-11"),
    # --- ranges between two times
    ("between", "turns between March 1 and March 5", "range", "2026-03-01", "2026-03-06"),
    ("between", "what plan was she on between January and March 2025", "range", "2025-01-01", "2025-04-01"),
    ("between", "orders from 2025-01-01 to 2025-02-01", "range", "2025-01-01", "2025-02-02"),
    ("between", "what happened from March to May", "range", "2026-03-01", "2026-06-01"),
    ("between", "the addresses between 2023 and 2024", "range", "2023-01-01", "2025-01-01"),
    ("between", "tickets from March 3 to March 7, 2025", "range", "2025-03-03", "2025-03-08"),
    ("between", "what did we agree March 3-7, 2025", "range", "2025-03-03", "2025-03-08"),
    ("between", "churn between Q1 and Q2 2025", "range", "2025-01-01", "2025-07-01"),
    ("between", "the plans from June 2025 until February 2026", "range", "2025-06-01", "2026-03-01"),
    ("between", "orders between 3/1/2025 and 3/15/2025", "range", "2025-03-01", "2025-03-16"),
    ("between", "orders from 10.03.2025 to 20.03.2025", "range", "2025-03-10", "2025-03-21"),
    ("between", "messages between last Monday and yesterday", "range", "2026-11-23", "2026-12-01"),
    ("between", "the plans from 2024 to 2025", "range", "2024-01-01", "2026-01-01"),
    ("between", "what happened between Jan 5 and Jan 9 2026", "range", "2026-01-05", "2026-01-10"),
    # --- an identifier right before (or near) the time words
    ("identifier", "what plan was cust-1042 on in March 2026?", "range", "2026-03-01", "2026-04-01"),
    ("identifier", "order ORD-2024-001 on 2025-03-10", "range", "2025-03-10", "2025-03-11"),
    ("identifier", "status of ORD-2025-0042 in March 2025", "range", "2025-03-01", "2025-04-01"),
    ("identifier", "what did user U-2023 say last week", "range", "2026-11-23", "2026-11-30"),
    ("identifier", "invoice INV-2024-77 payments since January", "since", "2026-01-01", None),
    ("identifier", "what happened to account 2024-1138 in Q3 2025", "range", "2025-07-01", "2025-10-01"),
    ("identifier", "what was cust-2025 doing in 2024", "range", "2024-01-01", "2025-01-01"),
    ("identifier", "SKU-1203 orders on 3/10/2025", "range", "2025-03-10", "2025-03-11"),
    ("identifier", "who called from 138-0000-1234 in May 2025", "range", "2025-05-01", "2025-06-01"),
    ("identifier", "what happened to order 20251234 last month", "range", "2026-11-01", "2026-12-01"),
    ("identifier", "what did cust-1042 say on Monday", "range", "2026-11-30", "2026-12-01"),
    ("identifier", "where was ORD-2024-001 before 2025-03-10", "until", None, "2025-03-10"),
    ("identifier", "was version 3.2 released in June 2025", "range", "2025-06-01", "2025-07-01"),
    ("identifier", "cust-1042 in March 2026", "range", "2026-03-01", "2026-04-01"),
    ("identifier", "ticket #4411 opened 2 days ago", "range", "2026-11-29", "2026-11-30"),
    # --- no time at all (numbers that are not dates among them)
    ("none", "What is the order number of user 138-0000-1234?", "none", None, None),
    ("none", "How do I refund an order?", "none", None, None),
    ("none", "May I get a refund?", "none", None, None),
    ("none", "what did we say", "none", None, None),
    ("none", "order ORD-2024-001 status", "none", None, None),
    ("none", "what is the status of order 2024-001?", "none", None, None),
    ("none", "call me at 555-123-4567", "none", None, None),
    ("none", "I bought 2 items", "none", None, None),
    ("none", "should we upgrade to version 3.2", "none", None, None),
    ("none", "which plan is cust-1042 on?", "none", None, None),
    ("none", "who is staying in room 1205", "none", None, None),
    ("none", "send 3 units to warehouse 12", "none", None, None),
    ("none", "what is the price of SKU 2025-A?", "none", None, None),
    ("none", "summarise the 10.5 release notes", "none", None, None),
    ("none", "top 10 customers by revenue", "none", None, None),
    ("none", "Where does the user live?", "none", None, None),
    ("none", "who is our Sun Microsystems account manager", "none", None, None),
    ("none", "his IP address is 10.3.20.25", "none", None, None),
    ("none", "what is the postcode 10115 area", "none", None, None),
    ("none", "we have 2026 units in stock", "none", None, None),
    ("none", "what was the user's second order", "none", None, None),
    ("none", "reset the password for account 1042", "none", None, None),
    ("none", "用户138-0000-1234的订单号是什么？", "none", None, None),
    ("none", "is order 12/2025-B shipped", "none", None, None),
    ("none", "what does the customer want", "none", None, None),
    # --- other languages
    ("french", "Où habitait l'utilisateur en mars 2025 ?", "range", "2025-03-01", "2025-04-01"),
    ("french", "qu'a-t-il dit le 10 mars 2025", "range", "2025-03-10", "2025-03-11"),
    ("french", "qu'avons-nous discuté la semaine dernière", "range", "2026-11-23", "2026-11-30"),
    ("french", "qu'est-ce qui s'est passé hier", "range", "2026-11-30", "2026-12-01"),
    ("french", "les commandes depuis janvier 2025", "since", "2025-01-01", None),
    ("french", "quel forfait avait-elle le mois dernier", "range", "2026-11-01", "2026-12-01"),
    ("german", "Wo wohnte der Nutzer im März 2025?", "range", "2025-03-01", "2025-04-01"),
    ("german", "Was hat er am 10. März 2025 gesagt?", "range", "2025-03-10", "2025-03-11"),
    ("german", "Was haben wir letzte Woche besprochen?", "range", "2026-11-23", "2026-11-30"),
    ("german", "Was ist gestern passiert?", "range", "2026-11-30", "2026-12-01"),
    ("german", "Bestellungen seit Januar 2025", "since", "2025-01-01", None),
    ("german", "Was hat sie vor 3 Tagen gesagt?", "range", "2026-11-28", "2026-11-29"),
    ("spanish", "¿Dónde vivía el usuario en marzo de 2025?", "range", "2025-03-01", "2025-04-01"),
    ("spanish", "¿Qué dijo el 10 de marzo de 2025?", "range", "2025-03-10", "2025-03-11"),
    ("spanish", "¿Qué discutimos la semana pasada?", "range", "2026-11-23", "2026-11-30"),
    ("spanish", "¿Qué pasó ayer?", "range", "2026-11-30", "2026-12-01"),
    ("spanish", "¿Qué dijo hace 3 días?", "range", "2026-11-28", "2026-11-29"),
    ("spanish", "¿Qué plan tenía el mes pasado?", "range", "2026-11-01", "2026-12-01"),
    ("chinese", "用户2025年3月住在哪里？", "range", "2025-03-01", "2025-04-01"),
    ("chinese", "2025年3月10日他说了什么", "range", "2025-03-10", "2025-03-11"),
    ("chinese", "去年三月她用的是什么套餐", "range", "2025-03-01", "2025-04-01"),
    ("chinese", "上个月的订单", "range", "2026-11-01", "2026-12-01"),
    ("chinese", "上周我们讨论了什么", "range", "2026-11-23", "2026-11-30"),
    ("chinese", "昨天发生了什么", "range", "2026-11-30", "2026-12-01"),
    ("chinese", "去年用户住在哪里", "range", "2025-01-01", "2026-01-01"),
    ("chinese", "三月份他在哪里", "range", "2026-03-01", "2026-04-01"),
    ("chinese", "从2026年1月1日到2026年2月1日的对话", "range", "2026-01-01", "2026-02-02"),
    ("chinese", "2026-03-01之前用户住在哪里", "until", None, "2026-03-01"),
    ("chinese", "截至2026年3月1日用户住在哪里", "instant", "2026-03-01", None),
    ("chinese", "他3天前说了什么", "range", "2026-11-28", "2026-11-29"),
    ("chinese", "今年的订单", "range", "2026-01-01", "2027-01-01"),
    # --- fresh: written after the prototype grammar was finished, never used to tune it (the study's
    #     fresh_phrases.py; the prototype read 54/55 of them before one fix, the library 55/55)
    ('fresh', 'what did the client pay in Feb 2025', 'range', '2025-02-01', '2025-03-01'),
    ('fresh', 'which plan was active during Nov. 2025?', 'range', '2025-11-01', '2025-12-01'),
    ('fresh', 'show invoices for April', 'range', '2026-04-01', '2026-05-01'),
    ('fresh', 'what happened back in June of 2024', 'range', '2024-06-01', '2024-07-01'),
    ('fresh', 'what did we talk about last Thursday', 'range', '2026-11-26', '2026-11-27'),
    ('fresh', 'five days ago', 'range', '2026-11-26', '2026-11-27'),
    ('fresh', 'what was said 4 weeks ago', 'range', '2026-11-02', '2026-11-09'),
    ('fresh', 'what changed since 1 March 2025', 'since', '2025-03-01', None),
    ('fresh', 'orders placed before Jan 2026', 'until', None, '2026-01-01'),
    ('fresh', 'orders between 2025-05-01 and 2025-05-31', 'range', '2025-05-01', '2025-06-01'),
    ('fresh', 'what shipped in Q1', 'range', '2026-01-01', '2026-04-01'),
    ('fresh', 'the fourth quarter of 2025', 'range', '2025-10-01', '2026-01-01'),
    ('fresh', 'what did he order on 5/4/2025', 'range', '2025-05-04', '2025-05-05'),
    ('fresh', 'what happened on 15.11.2025', 'range', '2025-11-15', '2025-11-16'),
    ('fresh', 'the balance as of 2025-12-31', 'instant', '2025-12-31', None),
    ('fresh', 'where was she as of yesterday', 'instant', '2026-11-30', None),
    ('fresh', 'payments made after Q1 2026', 'since', '2026-04-01', None),
    ('fresh', 'tickets opened this year', 'range', '2026-01-01', '2027-01-01'),
    ('fresh', 'refunds within the past 14 days', 'range', '2026-11-17T12:00', '2026-12-01T12:00'),
    ('fresh', 'cust-77 orders in Nov 2026', 'range', '2026-11-01', '2026-12-01'),
    ('fresh', 'was ORD-2025-9 placed on Oct 3, 2025', 'range', '2025-10-03', '2025-10-04'),
    ('fresh', 'what is 2+2', 'none', None, None),
    ('fresh', 'user 42 bought 3 items for 19.99', 'none', None, None),
    ('fresh', "What's the ETA for shipment 88121?", 'none', None, None),
    ('fresh', '上个月用户买了什么', 'range', '2026-11-01', '2026-12-01'),
    ('fresh', '2024年12月的账单', 'range', '2024-12-01', '2025-01-01'),
    ('fresh', '¿qué compró el 3 de enero de 2026?', 'range', '2026-01-03', '2026-01-04'),
    ('fresh', 'Was kaufte er im Juni 2025?', 'range', '2025-06-01', '2025-07-01'),
    ('fresh', "qu'a-t-elle acheté en juin 2025", 'range', '2025-06-01', '2025-07-01'),
    ('fresh', 'Was war letzte Woche?', 'range', '2026-11-23', '2026-11-30'),
    ('fresh', 'what breaks during winter', 'range', '2026-12-01', '2027-03-01'),
    ('fresh', 'what did we launch last autumn', 'range', '2026-09-01', '2026-12-01'),
    ('fresh', 'orders until the end of March 2025', 'until', None, '2025-04-01'),
    ('fresh', 'addresses from 2022 through 2023', 'range', '2022-01-01', '2024-01-01'),
    ('fresh', 'what happened on December 24th, 2025', 'range', '2025-12-24', '2025-12-25'),
    ('fresh', 'what plan was he on 1 year ago', 'range', '2025-01-01', '2026-01-01'),
    ('fresh', 'what is booked next Tuesday', 'range', '2026-12-08', '2026-12-09'),
    ('fresh', 'what did she buy on Saturday', 'range', '2026-11-28', '2026-11-29'),
    ('fresh', 'what plan was he on 2 months ago', 'range', '2026-10-01', '2026-11-01'),
    ('fresh', 'errors in the past 48 hours', 'range', '2026-11-29T12:00', '2026-12-01T12:00'),
    ('fresh', 'the week of December 1', 'range', '2026-11-30', '2026-12-07'),
    ('fresh', 'what did we sell in 2026?', 'range', '2026-01-01', '2027-01-01'),
    ('fresh', 'orders since 03/2025', 'since', '2025-03-01', None),
    ('fresh', 'what did the agent say at 14:00 yesterday', 'instant', '2026-11-30T14:00', None),
    ('fresh', 'as of March 2026, what plan was cust-1042 on', 'instant', '2026-03-01', None),
    ('fresh', 'what is the price of the iPhone 15', 'none', None, None),
    ('fresh', 'is the March promo still running', 'none', None, None),
    ('fresh', 'contracts prior to June 2025', 'until', None, '2025-06-01'),
    ('fresh', 'Sep 2025 churn', 'range', '2025-09-01', '2025-10-01'),
    ('fresh', 'what happened over the last week', 'range', '2026-11-24T12:00', '2026-12-01T12:00'),
    ('fresh', 'what is due in 10 days', 'range', '2026-12-11', '2026-12-12'),
    ('fresh', '¿qué dijo hace 2 semanas?', 'range', '2026-11-16', '2026-11-23'),
    ('fresh', 'how many orders did cust-1042 place in the last 30 days', 'range', '2026-11-01T12:00', '2026-12-01T12:00'),
    ('fresh', 'send the report for week 48', 'none', None, None),
    ('fresh', 'what was her plan on the 3rd of June, 2025', 'range', '2025-06-03', '2025-06-04'),
    # --- fresh_2: written while the grammar moved into graphmem, before running it on them (35/37
    #     then: Chinese 之后 read as "since", "this past weekend" not read; both fixed)
    ('fresh_2', 'what did she pay in Aug 2025', 'range', '2025-08-01', '2025-09-01'),
    ('fresh_2', 'which address was on file on 7 June 2024', 'range', '2024-06-07', '2024-06-08'),
    ('fresh_2', 'orders placed since 2025-11-15', 'since', '2025-11-15', None),
    ('fresh_2', 'what happened after last week', 'since', '2026-11-30', None),
    ('fresh_2', 'messages from last Monday', 'range', '2026-11-23', '2026-11-24'),
    ('fresh_2', 'what was the plan before June', 'until', None, '2026-06-01'),
    ('fresh_2', 'tickets between 1 May 2025 and 10 May 2025', 'range', '2025-05-01', '2025-05-11'),
    ('fresh_2', 'what did he say four days ago', 'range', '2026-11-27', '2026-11-28'),
    ('fresh_2', 'invoices from Q2 2025 to Q3 2025', 'range', '2025-04-01', '2025-10-01'),
    ('fresh_2', 'the status as of 5 pm yesterday', 'instant', '2026-11-30T17:00', None),
    ('fresh_2', 'what was believed on 2025-01-01 about his address', 'instant', '2025-01-01', None),
    ('fresh_2', 'where did they live in the summer of 2024', 'range', '2024-06-01', '2024-09-01'),
    ('fresh_2', 'what did the customer order last Wednesday', 'range', '2026-11-25', '2026-11-26'),
    ('fresh_2', 'what changed over the past 6 months', 'range', '2026-06-01T12:00', '2026-12-01T12:00'),
    ('fresh_2', 'payments until 31 March 2025', 'until', None, '2025-04-01'),
    ('fresh_2', 'what was the price on 2024/12/24', 'range', '2024-12-24', '2024-12-25'),
    ('fresh_2', 'what is the plan for next month', 'range', '2027-01-01', '2027-02-01'),
    ('fresh_2', 'what happened 3 years ago', 'range', '2023-01-01', '2024-01-01'),
    ('fresh_2', 'what did cust-88 buy in October', 'range', '2026-10-01', '2026-11-01'),
    ('fresh_2', 'show me the lines of ORD-2023-11', 'none', None, None),
    ('fresh_2', 'the meeting on Thursday', 'range', '2026-11-26', '2026-11-27'),
    ('fresh_2', 'what was delivered by Friday', 'until', None, '2026-11-28'),
    ('fresh_2', "qu'a-t-il acheté en février 2026", 'range', '2026-02-01', '2026-03-01'),
    ('fresh_2', 'Was geschah im Dezember 2025?', 'range', '2025-12-01', '2026-01-01'),
    ('fresh_2', '¿Qué pasó en julio de 2025?', 'range', '2025-07-01', '2025-08-01'),
    ('fresh_2', '2025年5月1日之后的订单', 'since', '2025-05-02', None),
    ('fresh_2', 'orders from 1/15/2025 through 2/15/2025', 'range', '2025-01-15', '2025-02-16'),
    ('fresh_2', 'everything since Christmas', 'since', '2025-12-25', None),
    ('fresh_2', 'what is his plan right now', 'none', None, None),
    ('fresh_2', 'how many tickets in 2025 Q4', 'range', '2025-10-01', '2026-01-01'),
    ('fresh_2', 'what did the user say at 8:15 today', 'instant', '2026-12-01T08:15', None),
    ('fresh_2', 'status on 2025-07-04 at 09:00', 'instant', '2025-07-04T09:00', None),
    ('fresh_2', 'the 3 orders he placed', 'none', None, None),
    ('fresh_2', 'complaints prior to last month', 'until', None, '2026-11-01'),
    ('fresh_2', 'what was her plan 18 months ago', 'range', '2025-06-01', '2025-07-01'),
    ('fresh_2', 'how was the account set up as of Q1 2025', 'instant', '2025-01-01', None),
    ('fresh_2', 'what happened this past weekend', 'range', '2026-11-28', '2026-11-30'),
    # --- fresh_3 (issue 31: the hidden time-phrase check): a probe of 40 questions in users' words was run
    # first; its misses (halves, "this time last year", dotted ISO dates, "mid-2025" read at the start of its
    # middle third) were worked on, and the rows marked "held out" were written before that work and run only
    # after it: 11 of 15 then (H1/H2 had a typo in their pattern, "the 2nd half" read as a day, and one row's
    # expectation contradicted the conventions), 15 of 15 after
    ('fresh_3', 'where did Tom live back in the summer of 2024', 'range', '2024-06-01', '2024-09-01'),
    ('fresh_3', 'what was her phone number around Christmas 2025', 'range', '2025-12-25', '2025-12-26'),
    ('fresh_3', 'which city was he in during the first half of 2025', 'range', '2025-01-01', '2025-07-01'),
    ('fresh_3', 'what did the customer say the day before yesterday', 'range', '2026-11-29', '2026-11-30'),
    ('fresh_3', 'what was the status a fortnight ago', 'range', '2026-11-16', '2026-11-23'),
    ('fresh_3', 'what was the plan on 2025.03.15', 'range', '2025-03-15', '2025-03-16'),
    ('fresh_3', 'what was the plan this time last year', 'instant', '2025-12-01T12:00', None),
    ("fresh_3", "what was maria's city as of mid-2025", 'instant', '2025-07-02T12:00', None),
    ('fresh_3', 'what did she order between March and May 2025', 'range', '2025-03-01', '2025-06-01'),
    ('fresh_3', 'where was he living in late 2023', 'range', '2023-09-01', '2024-01-01'),
    ('fresh_3', 'what was the owner as at 31 December 2025', 'instant', '2025-12-31', None),
    ('fresh_3', 'what was the city in Sept 2025', 'range', '2025-09-01', '2025-10-01'),
    ('fresh_3', 'what was the plan on 2025-3-7', 'range', '2025-03-07', '2025-03-08'),
    ('fresh_3', 'what was the status in the second quarter of 2025', 'range', '2025-04-01', '2025-07-01'),
    ('fresh_3', "what was the status on New Year's Day 2026", 'range', '2026-01-01', '2026-01-02'),
    ('fresh_3', 'what was his title two months back', 'range', '2026-10-01', '2026-11-01'),
    ('fresh_3', 'who was the manager in the second half of 2024', 'range', '2024-07-01', '2025-01-01'),
    ('fresh_3', 'what was the plan in H1 2025', 'range', '2025-01-01', '2025-07-01'),
    # held out
    ('fresh_3', 'what was her city in the latter half of 2025', 'range', '2025-07-01', '2026-01-01'),
    ('fresh_3', 'how many orders in the first half of last year', 'range', '2025-01-01', '2025-07-01'),
    ('fresh_3', 'what was the plan on 2024.12.31', 'range', '2024-12-31', '2025-01-01'),
    ('fresh_3', 'what was his phone this time last month', 'instant', '2026-11-01T12:00', None),
    ('fresh_3', 'what was the address as of mid-March 2025', 'instant', '2025-03-16T12:00', None),
    ('fresh_3', 'what plan was she on in H2 2024', 'range', '2024-07-01', '2025-01-01'),
    ('fresh_3', 'what did he say this time last week', 'instant', '2026-11-24T12:00', None),
    ('fresh_3', 'what was the status in the 2nd half of 2025', 'range', '2025-07-01', '2026-01-01'),
    # (written as "what was recorded on 2026.01.05" expecting a day: "recorded on" asks what was believed then,
    # an instant on the known axis, as the conventions say; reworded so the row checks the dotted date)
    ('fresh_3', 'what did she say on 2026.01.05', 'range', '2026-01-05', '2026-01-06'),
    ('fresh_3', 'orders since H1 2025', 'since', '2025-01-01', None),
    ('fresh_3', 'what was the plan before the second half of 2025', 'until', None, '2025-07-01'),
    ('fresh_3', 'what was her email as of mid-2024', 'instant', '2024-07-02', None),
    ('fresh_3', 'what did she say this time yesterday', 'instant', '2026-11-30T12:00', None),
    ('fresh_3', 'during the first half of March 2025', 'range', '2025-03-01', '2025-03-16'),
    ('fresh_3', 'what happened in the second half of last month', 'range', '2026-11-16', '2026-12-01'),
    # from the review of the change: a dotted date ending a sentence, "H1" alone, a version number
    ('fresh_3', 'what was the plan on 2025.03.15.', 'range', '2025-03-15', '2025-03-16'),
    ('fresh_3', 'the H1 heading of the report', 'none', None, None),
    ('fresh_3', 'after we upgraded to 2024.10.1', 'none', None, None),
    # --- fresh_4: a second probe of 30, written before it was run: 26/30 on its first run (a day as a word, "as of
    # the end of X" read as a range, "this time two years ago"; one expectation contradicted the conventions:
    # "recorded in" asks the known axis, reworded below), 30/30 after ("as of the end of June 2025", an instant
    # a microsecond before July, is in test_time_phrases.py: this table's instants are to the minute)
    ('fresh_4', 'What was her plan on the first of March?', 'range', '2026-03-01', '2026-03-02'),
    ('fresh_4', 'Where did he live in the spring of 2025?', 'range', '2025-03-01', '2025-06-01'),
    ('fresh_4', 'what was the status two days ago', 'range', '2026-11-29', '2026-11-30'),
    ('fresh_4', 'What did Ana say last Thursday?', 'range', '2026-11-26', '2026-11-27'),
    ('fresh_4', 'which city was she in at the close of 2024', 'range', '2024-01-01', '2025-01-01'),
    ('fresh_4', 'What was the price in Q4 last year?', 'range', '2025-10-01', '2026-01-01'),
    ('fresh_4', 'What changed since last Monday?', 'since', '2026-11-23', None),
    ('fresh_4', 'What was the email before March 2025?', 'until', None, '2025-03-01'),
    ('fresh_4', 'Where did Tom work until the end of 2024?', 'until', None, '2025-01-01'),
    ('fresh_4', 'Which plan did she have from 2023 to 2024?', 'range', '2023-01-01', '2025-01-01'),
    ('fresh_4', 'What did the customer report on 12 Nov?', 'range', '2026-11-12', '2026-11-13'),
    ('fresh_4', 'What was the address on Nov. 3rd 2025?', 'range', '2025-11-03', '2025-11-04'),
    ('fresh_4', 'Where was Pablo living in mid-October 2025?', 'range', '2025-10-11', '2025-10-21'),
    ('fresh_4', 'What was the phone at the beginning of last month?', 'range', '2026-11-01', '2026-12-01'),
    ('fresh_4', 'what happened earlier today', 'range', '2026-12-01', '2026-12-02'),
    ('fresh_4', 'What was his city 1 year ago?', 'range', '2025-01-01', '2026-01-01'),
    ('fresh_4', 'What was the plan in the past 6 months?', 'range', '2026-06-01T12:00', '2026-12-01T12:00'),
    ('fresh_4', 'What was the balance on 30/06/2025?', 'range', '2025-06-30', '2025-07-01'),
    ('fresh_4', 'What changed in the week of 10 March 2025?', 'range', '2025-03-10', '2025-03-17'),
    ('fresh_4', 'Which plan was Lucía on during winter 2024?', 'range', '2024-12-01', '2025-03-01'),
    ('fresh_4', "What was Maria's city in the second half of last year?", 'range', '2025-07-01', '2026-01-01'),
    ('fresh_4', 'Who was the manager this time two years ago?', 'instant', '2024-12-01T12:00', None),
    ('fresh_4', 'what was the plan on 2025/7/4', 'range', '2025-07-04', '2025-07-05'),
    ('fresh_4', 'status on 4 July 2025 at 3pm', 'instant', '2025-07-04T15:00', None),
    ('fresh_4', 'where did she live in 2025年', 'range', '2025-01-01', '2026-01-01'),
    ('fresh_4', 'what was the plan last quarter', 'range', '2026-07-01', '2026-10-01'),
    ('fresh_4', 'What is the plan now?', 'none', None, None),
    ('fresh_4', 'Tell me about order ORD-2025-0315', 'none', None, None),
    ('fresh_4', 'what was his phone on the twenty-first of June 2025', 'range', '2025-06-21', '2025-06-22'),
    ('fresh_4', 'where was she on March the third, 2025', 'range', '2025-03-03', '2025-03-04'),
    # from the review of the change: ordinals that are no days, "back" for "ago", units of several
    ('fresh_4', 'In March the first invoice bounced', 'range', '2026-03-01', '2026-04-01'),
    ('fresh_4', "what was a third of March's revenue", 'range', '2026-03-01', '2026-04-01'),
    ('fresh_4', 'where was he this time two years back', 'instant', '2024-12-01T12:00', None),
    ('fresh_4', 'what was the plan this time a fortnight ago', 'instant', '2026-11-17T12:00', None),
    # --- fresh_5: a third probe of 30, written before it was run: 28/30 on its first run (a weekday beside its
    # date, "on Tuesday, 4 March 2025", was read as this Tuesday; "the 4th of July last year" as this year's);
    # 30/30 after
    ('fresh_5', 'What was her plan at the end of Q2 2025?', 'range', '2025-04-01', '2025-07-01'),
    ('fresh_5', 'Where did he live back in 2023?', 'range', '2023-01-01', '2024-01-01'),
    ('fresh_5', 'What was the plan as of yesterday?', 'instant', '2026-11-30', None),
    ('fresh_5', 'What did we discuss the day before yesterday?', 'range', '2026-11-29', '2026-11-30'),
    ('fresh_5', 'Which city was she in three weeks ago?', 'range', '2026-11-09', '2026-11-16'),
    ('fresh_5', 'What was the status at noon yesterday?', 'instant', '2026-11-30T12:00', None),
    ('fresh_5', 'What was her email in late 2024?', 'range', '2024-09-01', '2025-01-01'),
    ('fresh_5', 'How was the account in early March 2025?', 'range', '2025-03-01', '2025-03-11'),
    ('fresh_5', 'What did he order on Christmas Eve 2025?', 'range', '2025-12-24', '2025-12-25'),
    ('fresh_5', "What was the plan on New Year's Day 2026?", 'range', '2026-01-01', '2026-01-02'),
    ('fresh_5', 'Where did she live between March and June 2025?', 'range', '2025-03-01', '2025-07-01'),
    ('fresh_5', 'Which plan did he have from January through March 2026?', 'range', '2026-01-01', '2026-04-01'),
    ('fresh_5', 'What was the price in the third quarter of 2025?', 'range', '2025-07-01', '2025-10-01'),
    ('fresh_5', 'What did she say this morning?', 'range', '2026-12-01', '2026-12-02'),
    ('fresh_5', 'What was the plan as at 31 March 2025?', 'instant', '2025-03-31', None),
    ('fresh_5', 'Where was he living in the summer of 2024?', 'range', '2024-06-01', '2024-09-01'),
    ('fresh_5', 'What changed over the last couple of weeks?', 'range', '2026-11-17T12:00', '2026-12-01T12:00'),
    ('fresh_5', 'What was the status last Friday?', 'range', '2026-11-27', '2026-11-28'),
    ('fresh_5', 'What happened on the 3rd?', 'range', '2026-11-03', '2026-11-04'),
    ('fresh_5', 'Which plan was she on as of 1 Jan?', 'instant', '2026-01-01', None),
    ('fresh_5', 'What was his address in Sept 2025?', 'range', '2025-09-01', '2025-10-01'),
    ('fresh_5', 'What was the plan at the start of this year?', 'range', '2026-01-01', '2027-01-01'),
    ('fresh_5', 'Where did she work prior to 2024?', 'until', None, '2024-01-01'),
    ('fresh_5', 'What has changed since the beginning of November?', 'since', '2026-11-01', None),
    ('fresh_5', 'What did the client say a week ago?', 'range', '2026-11-23', '2026-11-30'),
    ('fresh_5', 'What was the balance at the end of last month?', 'range', '2026-11-01', '2026-12-01'),
    ('fresh_5', 'What was the plan on Tuesday, 4 March 2025?', 'range', '2025-03-04', '2025-03-05'),
    ('fresh_5', 'Where was he on the 4th of July last year?', 'range', '2025-07-04', '2025-07-05'),
    ('fresh_5', 'What was her plan 6 weeks ago?', 'range', '2026-10-19', '2026-10-26'),
    ('fresh_5', 'What did we know about him as of last Tuesday?', 'instant', '2026-11-24', None),
    ('fresh_5', 'on Tuesday 4 March', 'range', '2026-03-04', '2026-03-05'),
    ('fresh_5', 'What did she do on 4 March 2025, a Tuesday?', 'range', '2025-03-04', '2025-03-05'),
    ('fresh_5', 'What did he say on Monday, Tuesday and Friday?', 'range', '2026-11-30', '2026-12-01'),
    ('fresh_5', 'what is planned for Friday, tomorrow', 'range', '2026-11-27', '2026-11-28'),  # not "tomorrow"
    # --- fresh_6: a fourth probe of 30, written before it was run: 19/30 on its first run ("over the weekend", "the
    # last day of February 2025", "the 1st of last month", "the beginning of the year", "as of 3 weeks ago" (the
    # instant), "what was known about her on 1 May", "the year 2024", "Easter 2025", "summer last year", "the
    # first week of March"); 29/30 after: 28 rows below, "as at end of June 2025" in test_time_phrases.py (an
    # instant to the microsecond); left: "on 3rd March 25" (a two-digit year after a month name, read as this
    # year's 3 March: "March 25" is as often a day), not in the table
    ('fresh_6', 'What changed over the weekend?', 'range', '2026-11-28', '2026-11-30'),
    ('fresh_6', 'What was the plan in Q1?', 'range', '2026-01-01', '2026-04-01'),
    ('fresh_6', 'Where did she work between 2019 and 2021?', 'range', '2019-01-01', '2022-01-01'),
    ('fresh_6', 'What was the plan on the last day of February 2025?', 'range', '2025-02-28', '2025-03-01'),
    ('fresh_6', 'What was his role at the end of the first quarter?', 'range', '2026-01-01', '2026-04-01'),
    ('fresh_6', 'What was her status on 2025-12-31T18:00?', 'instant', '2025-12-31T18:00', None),
    ('fresh_6', 'What did she order on 12/25?', 'range', '2025-12-25', '2025-12-26'),
    ('fresh_6', 'Which city was he in on the 1st of last month?', 'range', '2026-11-01', '2026-11-02'),
    ('fresh_6', 'What was the plan at the beginning of the year?', 'range', '2026-01-01', '2027-01-01'),
    ('fresh_6', 'Where did they live in the fall of 2023?', 'range', '2023-09-01', '2023-12-01'),
    ('fresh_6', 'What was the price in mid-2024?', 'range', '2024-05-01', '2024-09-01'),
    ('fresh_6', 'What was the plan as of 3 weeks ago?', 'instant', '2026-11-10T12:00', None),
    ('fresh_6', 'What changed after Q3 2025?', 'since', '2025-10-01', None),
    ('fresh_6', 'What was the address before the 15th of March 2025?', 'until', None, '2025-03-15'),
    ('fresh_6', 'what was known about her on 1 May 2025', 'instant', '2025-05-01', None),
    ('fresh_6', 'What was her email yesterday at 9am?', 'instant', '2026-11-30T09:00', None),
    ('fresh_6', 'Where was he on Sunday?', 'range', '2026-11-29', '2026-11-30'),
    ('fresh_6', 'What did we discuss in the last 48 hours?', 'range', '2026-11-29T12:00', '2026-12-01T12:00'),
    ('fresh_6', 'What was the plan in late Jan?', 'range', '2026-01-21', '2026-02-01'),
    ('fresh_6', 'Which plan was active from 1 March to 15 March 2025?', 'range', '2025-03-01', '2025-03-16'),
    ('fresh_6', 'What was her city in the year 2024?', 'range', '2024-01-01', '2025-01-01'),
    ('fresh_6', 'What is planned for the day after tomorrow?', 'range', '2026-12-03', '2026-12-04'),
    ('fresh_6', 'Where was she living at Easter 2025?', 'range', '2025-04-20', '2025-04-21'),
    ('fresh_6', 'What was the plan on Jan 5th?', 'range', '2026-01-05', '2026-01-06'),
    ('fresh_6', 'What changed since the start of Q2?', 'since', '2026-04-01', None),
    ('fresh_6', 'What did the customer say last weekend?', 'range', '2026-11-28', '2026-11-30'),
    ('fresh_6', 'Where did he live in summer last year?', 'range', '2025-06-01', '2025-09-01'),
    ('fresh_6', 'What was the status in the first week of March 2025?', 'range', '2025-03-01', '2025-03-08'),
    ('fresh_6', 'What is the plan by the end of the year?', 'until', None, '2027-01-01'),
    ('fresh_6', 'What changed in the last week of March?', 'range', '2026-03-25', '2026-04-01'),
    ('fresh_6', 'What was the status on the first day of the month?', 'range', '2026-12-01', '2026-12-02'),
    ('fresh_6', 'What was the plan as of 2 days ago?', 'instant', '2026-11-29T12:00', None),
    ('fresh_6', 'Who was the employee of the year?', 'none', None, None),
    ('fresh_6', 'What did he say on Good Friday 2024?', 'range', '2024-03-29', '2024-03-30'),
    # from the review of the change: a week of a period after "the last", a holiday beside a weekday, words that
    # are no time ("the Easter egg", "the end of the year party"), "recorded about" stays on the valid axis
    ('fresh_6', 'What was the status the last week of March?', 'range', '2026-03-25', '2026-04-01'),
    ('fresh_6', 'What changed the last week of last month?', 'range', '2026-11-24', '2026-12-01'),
    ('fresh_6', 'What happened on Friday, Christmas Day?', 'range', '2025-12-25', '2025-12-26'),
    ('fresh_6', 'What was planned for the first week of the year?', 'range', '2026-01-01', '2026-01-08'),
    ('fresh_6', 'Where did she hide the Easter egg?', 'none', None, None),
    ('fresh_6', 'What did we do over the weekend before last?', 'range', '2026-11-21', '2026-11-23'),
    ('fresh_6', 'What was recorded about her visit in March?', 'range', '2026-03-01', '2026-04-01'),
    ('fresh_6', 'What did the team say about the end of the year party?', 'none', None, None),
    ('fresh_6', 'Where was he summer last year?', 'range', '2025-06-01', '2025-09-01'),
    # --- fresh_7: a fifth probe of 30, written before it was run: 27/30 on its first run ("Thanksgiving 2025",
    # units as people abbreviate them: "2 yrs ago", "3 wks ago"); 30/30 after
    ('fresh_7', 'What was her plan back in the day?', 'none', None, None),
    ('fresh_7', 'What did he say a couple of days ago?', 'range', '2026-11-29', '2026-11-30'),
    ('fresh_7', 'What was the plan at the end of last week?', 'range', '2026-11-23', '2026-11-30'),
    ('fresh_7', 'What did we agree on Monday morning?', 'range', '2026-11-30', '2026-12-01'),
    ('fresh_7', 'Which city was he in around March 2025?', 'range', '2025-03-01', '2025-04-01'),
    ('fresh_7', 'What was her email on the 15th of last month?', 'range', '2026-11-15', '2026-11-16'),
    ('fresh_7', 'What was the plan in the second quarter of last year?', 'range', '2025-04-01', '2025-07-01'),
    ('fresh_7', 'Since when has she been on the premium plan?', 'none', None, None),
    ('fresh_7', 'What was his address three months back?', 'range', '2026-09-01', '2026-10-01'),
    ('fresh_7', 'Where was she living in Jan 2024?', 'range', '2024-01-01', '2024-02-01'),
    ('fresh_7', 'What changed between Monday and today?', 'range', '2026-11-30', '2026-12-02'),
    ('fresh_7', 'What did she say on 2025-06-30 at 14:00?', 'instant', '2025-06-30T14:00', None),
    ('fresh_7', 'What did the customer say this week?', 'range', '2026-11-30', '2026-12-07'),
    ('fresh_7', 'What was the plan in the month of May 2025?', 'range', '2025-05-01', '2025-06-01'),
    ('fresh_7', 'Where did he live until recently?', 'none', None, None),
    ('fresh_7', 'What was her phone number as of last Friday?', 'instant', '2026-11-27', None),
    ('fresh_7', 'What has changed since yesterday morning?', 'since', '2026-11-30', None),
    ('fresh_7', 'What was the balance at the start of Q3 2025?', 'range', '2025-07-01', '2025-10-01'),
    ('fresh_7', 'Where did she work from 2020 until 2023?', 'range', '2020-01-01', '2024-01-01'),
    ('fresh_7', 'what was known on 3 March 2025 about his plan', 'instant', '2025-03-03', None),
    ('fresh_7', 'What was the plan as of the 10th?', 'instant', '2026-11-10', None),
    ('fresh_7', 'What did they discuss during the first half of November?', 'range', '2026-11-01', '2026-11-16'),
    ('fresh_7', 'What happened on Thanksgiving 2025?', 'range', '2025-11-27', '2025-11-28'),
    ('fresh_7', 'What was the rate in the fourth quarter?', 'range', '2026-10-01', '2027-01-01'),
    ('fresh_7', 'Which city was she in before 2020?', 'until', None, '2020-01-01'),
    ('fresh_7', 'What changed after the 1st of November?', 'since', '2026-11-02', None),
    ('fresh_7', 'What was the plan during the week of 3 November?', 'range', '2026-11-02', '2026-11-09'),
    ('fresh_7', 'What was her city 2 yrs ago?', 'range', '2024-01-01', '2025-01-01'),
    ('fresh_7', 'What was the plan 3 wks ago?', 'range', '2026-11-09', '2026-11-16'),
    ('fresh_7', 'Where was he on 31 Dec?', 'range', '2025-12-31', '2026-01-01'),
    ('fresh_7', 'what happened in the past 48 hrs', 'range', '2026-11-29T12:00', '2026-12-01T12:00'),
    ('fresh_7', 'any thanksgiving dinner recipe?', 'none', None, None),
    # from the review of the change: an abbreviation only with a count ("HR" is no hour), an hour ago is that hour
    ('fresh_7', 'Who was the previous HR manager?', 'none', None, None),
    ('fresh_7', 'What did she say 3 hours ago?', 'range', '2026-12-01T09:00', '2026-12-01T10:00'),
    ('fresh_7', 'What happened Thanksgiving Day?', 'range', '2026-11-26', '2026-11-27'),
    ('fresh_7', 'What changed between Thanksgiving and Christmas?', 'range', '2025-11-27', '2025-12-26'),
    # probe 6 (36 rows written before they were run, 27/36 on the first run): "in the previous month" and "the
    # previous year" were read as rolling windows, "between 1 and 15 March 2025" as the 15th, "the past fortnight",
    # "the 2010s", "the weekend before last", "the first Monday of March 2025" (read as the latest Monday), "the
    # year 2023 and the year 2025" and "the final quarter of 2024" were missed; 36/36 after
    ('fresh_8', 'What was her address on the 3rd of March 2025?', 'range', '2025-03-03', '2025-03-04'),
    ('fresh_8', 'Where did he live on March 3rd, 2025?', 'range', '2025-03-03', '2025-03-04'),
    ('fresh_8', 'What did we talk about on Sunday?', 'range', '2026-11-29', '2026-11-30'),
    ('fresh_8', 'What was the status last Thursday?', 'range', '2026-11-26', '2026-11-27'),
    ('fresh_8', 'What happened 4 days ago?', 'range', '2026-11-27', '2026-11-28'),
    ('fresh_8', 'How much did she owe at the close of 2025?', 'range', '2025-01-01', '2026-01-01'),
    ('fresh_8', 'What were his orders in the previous month?', 'range', '2026-11-01', '2026-12-01'),
    ('fresh_8', 'Which plan was she on the previous year?', 'range', '2025-01-01', '2026-01-01'),
    ('fresh_8', 'What was his number on 12/25/2024?', 'range', '2024-12-25', '2024-12-26'),
    ('fresh_8', 'Where did they live on 2024.12.25?', 'range', '2024-12-25', '2024-12-26'),
    ('fresh_8', 'What did she say at 3pm yesterday?', 'instant', '2026-11-30T15:00', None),
    ('fresh_8', 'What did he say yesterday at 9:15?', 'instant', '2026-11-30T09:15', None),
    ('fresh_8', 'Where was she working in the spring of 2024?', 'range', '2024-03-01', '2024-06-01'),
    ('fresh_8', 'What was her title last autumn?', 'range', '2026-09-01', '2026-12-01'),
    ('fresh_8', 'Who managed the account in Q1?', 'range', '2026-01-01', '2026-04-01'),
    ('fresh_8', 'Since March 2025, what changed for Ana?', 'since', '2025-03-01', None),
    ('fresh_8', 'What did the customer report prior to 1 June 2025?', 'until', None, '2025-06-01'),
    ('fresh_8', 'What did she buy between 1 and 15 March 2025?', 'range', '2025-03-01', '2025-03-16'),
    ('fresh_8', 'What happened from the 5th to the 10th of November?', 'range', '2026-11-05', '2026-11-11'),
    ('fresh_8', 'What did we decide a fortnight ago?', 'range', '2026-11-16', '2026-11-23'),
    ('fresh_8', 'How many orders in the past fortnight?', 'range', '2026-11-17T12:00', '2026-12-01T12:00'),
    ('fresh_8', 'What was the phone number on New Year\'s Day 2025?', 'range', '2025-01-01', '2025-01-02'),
    ('fresh_8', 'What happened on New Year\'s Eve?', 'range', '2025-12-31', '2026-01-01'),
    ('fresh_8', 'What was her plan on Christmas Eve last year?', 'range', '2025-12-24', '2025-12-25'),
    ('fresh_8', 'Where did she live in the 2010s?', 'range', '2010-01-01', '2020-01-01'),
    ('fresh_8', 'What was the price in 2024 Q4?', 'range', '2024-10-01', '2025-01-01'),
    ('fresh_8', 'What happened the weekend before last?', 'range', '2026-11-21', '2026-11-23'),
    ('fresh_8', "What's changed in the last 24 hours?", 'range', '2026-11-30T12:00', '2026-12-01T12:00'),
    ('fresh_8', 'What was the plan on the first Monday of March 2025?', 'range', '2025-03-03', '2025-03-04'),
    ('fresh_8', 'Who was his doctor three years ago?', 'range', '2023-01-01', '2024-01-01'),
    ('fresh_8', 'Where did they live between the year 2023 and the year 2025?', 'range', '2023-01-01', '2026-01-01'),
    ('fresh_8', 'What happened at Christmas?', 'range', '2025-12-25', '2025-12-26'),
    ('fresh_8', 'Where did they live in the final quarter of 2024?', 'range', '2024-10-01', '2025-01-01'),
    ('fresh_8', 'Who is the account manager for Summer Lopez?', 'none', None, None),
    ('fresh_8', 'What did May say about the order?', 'none', None, None),
    ('fresh_8', 'Which customers live on March Street?', 'none', None, None),
    # from the review of probe 6: a day before "today" keeps its own month, "the previous day" stays a window, a
    # decade keeps its operator, "the final quarter" of a game is no time, a numbered weekday of a month
    ('fresh_8', 'What changed between the 20th and today?', 'range', '2026-11-20', '2026-12-02'),
    ('fresh_8', 'What did she say in the previous hour?', 'range', '2026-12-01T11:00', '2026-12-01T12:00'),
    ('fresh_8', 'What happened the previous day?', 'range', '2026-11-30T12:00', '2026-12-01T12:00'),
    ('fresh_8', 'Where has he lived since the 2010s?', 'since', '2010-01-01', None),
    ('fresh_8', 'Where did she live before the 1990s?', 'until', None, '1990-01-01'),
    ('fresh_8', 'Who scored in the final quarter of the game?', 'none', None, None),
    ('fresh_8', 'What was the plan on the 2nd Monday of May?', 'range', '2026-05-11', '2026-05-12'),
]

CATEGORIES: tuple[str, ...] = tuple(dict.fromkeys(row[0] for row in _ROWS))


def _iso(short: str | None) -> str | None:
    """"2026-03-01" -> "2026-03-01T00:00:00Z"; "2026-11-30T10:00" -> "2026-11-30T10:00:00Z"."""
    if short is None:
        return None
    if "T" not in short:
        short += "T00:00"
    return short + ":00Z"


#: The table: one dict per phrase (category, question, kind, start, end[, axis]).
PHRASES: list[dict[str, str | None]] = [
    {"category": category, "question": question, "kind": kind, "start": _iso(start), "end": _iso(end),
     **({"axis": "known"} if question.startswith(("what was known", "what did we believe", "what was believed")) else {})}
    for category, question, kind, start, end in _ROWS
]
