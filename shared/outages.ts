/**
 * How long a website's outage lasted, measured and written one way for the recovery e-mail,
 * the monthly report and the admin's and client's screens (docs/site-care.md, Incidents):
 * from the first failed check of the incident to the check that found the site back (or the
 * end of the period a report covers, while it is still down), in whole minutes, rounded to
 * the nearest.
 */
export function outageMinutes(startedAt: Date | string, endedAt: Date | string): number {
  const ms = new Date(endedAt).getTime() - new Date(startedAt).getTime();
  return Math.max(0, Math.round(ms / 60_000));
}

/** An outage's minutes as every place writes them: 'under a minute', '45 min', '2 h 5 min', '3 d 4 h'. */
export function formatOutage(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`;
  }
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  return `${Math.floor(minutes / (24 * 60))} d${hours ? ` ${hours} h` : ''}`;
}

/** Both at once: how long the outage from `startedAt` to `endedAt` lasted, in words. */
export function outageDuration(startedAt: Date | string, endedAt: Date | string): string {
  return formatOutage(outageMinutes(startedAt, endedAt));
}
