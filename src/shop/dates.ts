/** The shop's calendar: its day is India's, whatever the server's or the browser's time zone. */

const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in India as YYYY-MM-DD (a review's or a Sheet row's date). */
export function indiaToday(now: Date = new Date()): string {
  return indiaDate.format(now);
}
