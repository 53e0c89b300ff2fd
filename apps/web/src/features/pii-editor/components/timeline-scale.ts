// What the timeline's lanes share: a time as a left offset, and the colour of each reason.
import type { RangeReason } from '@ipsv/contracts/privacy-review';

export const REASON_COLORS: Record<RangeReason, string> = {
  out_of_body: 'red',
  face: 'orange',
  person: 'grape',
  text: 'blue',
  manual: 'teal',
};

export const reasonColor = (reason: RangeReason | undefined, shade = 6) => `var(--mantine-color-${REASON_COLORS[reason ?? 'manual']}-${shade})`;

/** A time as a percentage of the timeline's width. */
export const percent = (time: number, duration: number) => `${duration > 0 ? (time / duration) * 100 : 0}%`;
