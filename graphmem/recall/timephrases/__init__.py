"""Time phrases in recall questions: `resolve(question, now=, mask=)` -> `Interval` | None. Pure.

One grammar of our own (issue 17): no library met the phrase table (`tests/unit/time_phrases.py`);
dateparser's search read 51 % of it, Recognizers-Text 57 %, duckling 47 %, ctparse under 20 %. The
package reads in layers: `lexicon` (words) and `periods` (calendar arithmetic, atoms) feed the patterns of
`numeric`, `dates`, `business`, `foreign` (other languages), `holidays` and `relative`; `masking` blanks
identifiers; `resolver` finds the atoms and reads the words around them.

Conventions (the table's, relative to `now`, in UTC; every interval half-open [start, end)):

* Calendar units are whole calendar periods; weeks run Monday 00:00 to Monday 00:00.
* A month, weekday or season named without a year is the latest one that has started by now ("in
  March" in December 2026 = March 2026; "in December" = the December now is in; "on Friday" = the
  latest Friday). "on the 15th" is the latest past 15th.
* "last X" is the previous whole X; "last <weekday>" is that day in last week; "this X" the X that
  holds now; "next X" the following whole X; "next Friday" the first Friday after today.
* "N units ago" / "in N units" take the unit as the grain ("3 days ago" is that day, "2 weeks ago" the
  Monday-week 14 days back, "2 years ago" that year); "N units ago" also names its instant (`at`: now
  minus N units), at which facts are read.
* "the start/beginning/middle/end of X" is X with its point (`at`: X's first instant, its midpoint, its
  last); "since/after/before/until the start of X" bound at that point, and "as of / known at the end of X"
  is that instant. "in the last/past N units" is a rolling window [now - N units, now), to the second.
* A day may be written as a word: "the first of March", "the twenty-first of June 2025", "March the third".
* A weekday beside a date only qualifies it ("on Tuesday, 4 March 2025" is 4 March 2025), and a day or
  month without a year followed by a year takes that year ("the 4th of July last year", "summer last year");
  a day of the month followed by a month is that day of it ("the 1st of last month").
* "the first/last day of X" is that day; "the first/second/third/fourth/last week of <month>" its days 1-7,
  8-14, 15-21, 22-28 or its last seven; "the start/end/first day of the year/month/week/quarter" is of the one
  now is in; "over/during/at the weekend" the latest weekend begun; Easter, Good Friday and Easter Monday
  (Western) and the United States' holidays on a weekday of a month (Thanksgiving: November's fourth Thursday;
  Labor Day, Memorial Day, MLK Day, Presidents' Day, Columbus Day) like the other holidays (Christmas, New Year,
  Valentine's Day, St Patrick's Day, Halloween, Boxing Day, Independence Day, Veterans Day). Mother's and Father's
  Day are not read: their day differs by country.
* A weekday may be written short ("on Tues", "since Mon", "last Fri"), after a word of time and before the end of a
  clause, a date or a part of the day ("on sun exposure", "she sat" are words).
* Units may be abbreviated, after a count: "2 yrs ago", "3 wks back", "the past 48 hrs", "2 mos ago" (not
  "the previous HR manager"). "N hours ago" is that clock hour, its instant now minus N hours.
* Quarters are calendar quarters. Seasons are meteorological, northern hemisphere (winter Dec-Feb;
  "winter 2025" starts in December 2025); "last summer" is the latest that has ended.
* "the week of D" is the Monday-week holding D; "the first/second/.../last Monday of March 2025" that day;
  "1-15 March 2025", "between 1 and 15 March" (a word joins the days only after "between" or "from") one
  range of days; "the 2010s", "the '90s", "the nineties" ten years ("the twenties" the 2020s, as "the '20s"); "the final quarter of 2024" its Q4.
* "the previous week/month/year" is the calendar one before this one, as "last X"; "in the previous N units"
  and "the past fortnight/decade" are rolling windows.
* Numeric dates: 2025-03-10, 2025/03/10 and 2025.03.10 (dotted: two digits each) are year-month-day; with slashes or dashes (10-03-2025) the
  order of GRAPHMEM_DATE_ORDER (mdy, dmy; auto: the locale's country, and without one slashes month first
  as in the US, dashes day first), unless only the other order makes a date; with dots and the year
  last always day.month.year; a two-digit year is 20YY; "03/2025" and "2025-03" are months. A numeric date is never
  an identifier or a phone.
* "early/mid/late X" is a third of X: of a year four months, of a month ten days (late: the 21st on);
  "as of mid-X" (and "known on mid-X") is X's midpoint (as "the middle of X").
* "the first/second (1st/2nd, former/latter) half of X" is a half of X: six months of a year, half the whole
  days of a month (March: 1-15, 16-31); "H1 2025"/"2025 H2" are half years.
* "this time last year/month/week", "this time yesterday", "this time two years ago": the instant that many
  units before now (the same day of the month, or its last day).
* "N units ago" = "N units back"; a fortnight is two weeks, a decade ten years, "a couple of" two. "N units ago
  today" is the one day N units back ("three weeks ago today"); "N weekends ago" counts back from the latest
  weekend begun (on a Tuesday, "a weekend ago" is last weekend); "2 months and 3 days ago" steps back both, read at
  the finer unit's grain; a count may be glued to its unit ("2wks ago"); "the Tuesday before last" is a week before
  last Tuesday, "the Friday after next" a week after next Friday. "this past <season>" is "last <season>"; "in/over
  the last quarter" is a rolling quarter, as "over the last month" is a rolling month.
* Bounds: "since X" / "from X onwards" start at the start of X; "after X" at the END of X; "before X" /
  "prior to X" end at the START of X; "until/till/through/up to/by (the end of) X" end at the END of X.
* "between X and Y", "from X to Y", "X-Y": [start of X, end of Y), each end narrowed by its own "early/mid/late"
  or "first/second half of" ("from mid-2024 to mid-2025": May 2024 to September 2025). "from X" with no end word is X.
* "as of X", "known/believed/recorded (about …) on X" and clock times are instants: the START of X (of
  "mid-X": its midpoint; of "N units ago": now minus N units); a clock time without
  a date word is today.
* Identifiers are never dates ("cust-1042", "ORD-2024-001", a phone, "version 3.2", an IP address);
  a date right after one still is.
* A weekday beside a week or a weekend is that day of it ("Monday last week", "Saturday the weekend before
  last", "Tuesday of next week"); two days joined by "and"/"or" ("the 2nd or the 3rd of May 2025") are the days
  from one to the other. "the summer before last" is the one before last summer; "last/next/this <holiday>" the
  latest over, the first to come, this year's.
* A year may be two digits after an apostrophe ("Q4 '24", "March '25": '00-'49 this century, '50-'99 the last),
  or after a day and a month where a clause ends ("3rd March 25,"). "the 1900s", "the 1800s" are centuries
  ("the 2000s" a decade), "the 80s" the 1980s (beside scores or temperatures: numbers); after "his", "her", "their"
  ("in her late 40s") two digits are an age, no time.
* "may" and "march" in lower case after a day number and before a word are verbs ("Items 1-15 may be delayed"),
  unless a word that leads a date stands before the day ("on 3 may in the office").
* ISO weeks come with their year ("week 12 of 2025", "W12 2025", "2025-W12": Monday to Monday); "year end 2024" is
  its last day, read at its last instant. "two days before X", "the day after X", "a week after X" move a day X
  ("before X" alone bounds, and so does "the week before X"); "N units from now" is "in N units"; "this coming
  Friday" and "the upcoming Friday" are "next Friday".
* A question writes all its numeric dates one way: when one of them can only be day first (15/3/2025) or month
  first (3/15/2025), the others are read so too, unless GRAPHMEM_DATE_ORDER is set.
* "year/month/quarter to date", "YTD", "so far this month" are the period's start to now, unless a time phrase
  dates the question otherwise ("year to date revenue in 2025", "YTD as of June 2025": that time). "MTD", "QTD",
  "WTD" are not read (Making Tax Digital), nor "H1"/"H2" alone (a room, a heading).
* "the N units before/after/leading up to/following X" is a span: [X - N units, X), or N units from the end of X
  (without "the", "N units before X" moves the day X); "the week commencing/beginning/starting D" is seven days
  from D; "the weekend of D" the Saturday and Sunday of D's weekend (of a Monday: its long weekend, Saturday to
  Monday; of a weekday before Friday: the next one).
* "since <someone> <did something> (on|in) X" is since X ("since we last spoke on 4 Nov"), a past clause only, never
  across a bound or a plan ("since he is away next week" is a reason; "since he started until March" is until).
* French, German, Spanish and Chinese month names and relative words follow the same conventions: "cette semaine",
  "diese Woche", "esta semana" (this week, month, year); counts in words up to ten after "il y a", "vor", "hace";
  an article after a bound ("avant le 1er mars", "seit dem", "bis zum", "hasta el", "jusqu'au"); Chinese clock times
  after a part of the day or a day word ("昨天下午3点", "上午10点半"), and 初/中/底 of a year or month as its start,
  middle and end ("2024年底" as "the end of 2024"); weekdays with their last/this/next words ("lundi dernier",
  "seit letztem Montag", "el próximo viernes"; a German or Spanish weekday alone only after a word of time, "am
  Montag", "el lunes": they are surnames too); "bis Ende März", "jusqu'à la fin d'avril", "hasta finales de marzo"
  as "until the end of March".
"""

from graphmem.recall.timephrases.resolver import Interval, resolve

__all__ = ["Interval", "resolve"]
