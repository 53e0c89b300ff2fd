// Message text with its web addresses and emails as safe links (linkify-it finds them); everything
// else stays text — never HTML. Links open in a new tab without access to this page.
import { Anchor } from '@mantine/core';
import LinkifyIt from 'linkify-it';
import { Fragment, type ReactNode } from 'react';

const linkify = new LinkifyIt();
const SAFE_SCHEMES = /^(https?:|mailto:)/i;

export function linkParts(text: string): ({ kind: 'text'; text: string } | { kind: 'link'; text: string; href: string })[] {
  const parts: ({ kind: 'text'; text: string } | { kind: 'link'; text: string; href: string })[] = [];
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!SAFE_SCHEMES.test(match.url)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', text: match.text, href: match.url });
    last = match.lastIndex;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export function LinkedText({ text }: { text: string }): ReactNode {
  return linkParts(text).map((part, index) =>
    part.kind === 'link' ? (
      <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" inherit c="inherit" underline="always">
        {part.text}
      </Anchor>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
