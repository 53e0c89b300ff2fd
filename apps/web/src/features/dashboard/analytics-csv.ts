// The analytics as CSV: the totals, then one row per day (and per video, or per segment).
import type { Analytics } from '@ipsv/contracts/dashboard';

const cell = (value: string | number) => {
  const text = String(value);
  // Quote anything with a separator or quote, and neutralise formulas spreadsheets would run.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const line = (values: (string | number)[]) => values.map(cell).join(',');

export function analyticsCsv(
  data: Analytics,
  labels: { day: string; views: string; uniqueViewers: string; watchSeconds: string; downloads: string; video: string; segment: string; plays: string },
): string {
  const lines = [
    line(['from', data.from, 'to', data.to]),
    line([labels.views, labels.uniqueViewers, labels.watchSeconds, labels.downloads]),
    line([data.totals.views, data.totals.uniqueViewers, data.totals.watchSeconds, data.totals.downloads]),
    '',
    line([labels.day, labels.views, labels.uniqueViewers, labels.watchSeconds, labels.downloads]),
    ...data.perDay.map((d) => line([d.day, d.views, d.uniqueViewers, d.watchSeconds, d.downloads])),
  ];
  if (data.segments.length)
    lines.push('', line([labels.segment, 'start', 'end', labels.plays]), ...data.segments.map((s) => line([s.title, s.start, s.end, s.plays])));
  else if (data.videos.length > 1)
    lines.push(
      '',
      line([labels.video, labels.views, labels.watchSeconds, labels.downloads]),
      ...data.videos.map((v) => line([v.title, v.views, v.watchSeconds, v.downloads])),
    );
  return `${lines.join('\n')}\n`;
}
