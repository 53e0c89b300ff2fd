// Spec section 9 "Relative time: seconds to years ago", section 2 "relative upload age in hours,
// days, weeks, months or years", localised by Intl.RelativeTimeFormat in the interface language.

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 30 / 7],
  ['month', 12],
  ['year', Infinity],
];

/** "3 hours ago", "vor 2 Wochen", "2 年前"... for `date` seen at `now`. */
export function relativeAge(date: Date, now: Date, language: string): string {
  let value = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  for (const [unit, size] of STEPS) {
    if (value < size) return format.format(-Math.floor(value), unit);
    value /= size;
  }
  return format.format(-Math.floor(value), 'year');
}

/** A duration as m:ss or h:mm:ss (the thumbnail's badge). */
export function clockDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
