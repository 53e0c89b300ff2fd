// A list of emails and @domains as the text a person types: one per line or separated by commas.
export const parseEntries = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

export const formatEntries = (entries: readonly string[]): string => entries.join('\n');
