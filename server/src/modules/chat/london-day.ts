// Schools are in London: a "day" for the daily message limit starts at midnight London time (GMT or
// BST), not UTC.

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Milliseconds London's clock is ahead of UTC at `at` (0 in winter, one hour in summer). */
function londonOffsetMs(at: Date): number {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the London calendar day containing `at` began, and the instant the next one begins. */
export function londonDay(at: Date): { start: Date; end: Date } {
  const offset = londonOffsetMs(at);
  const local = new Date(at.getTime() + offset);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const start = new Date(midnightLocal - londonOffsetMs(new Date(midnightLocal - offset)));
  const nextLocal = midnightLocal + 86_400_000;
  const end = new Date(nextLocal - londonOffsetMs(new Date(nextLocal - offset)));
  return { start, end };
}
