import { Badge, MantineProvider, Table, createTheme, darken, luminance, toRgba, type CSSVariablesResolver } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConsentProvider } from '../features/consent/consent-context';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white-on-blue and blue-on-white text above the WCAG AA contrast ratio (4.5:1).
  primaryShade: { light: 8, dark: 7 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  components: {
    // A badge is a short word (a status, a category, a duration): in a squeezed table column Mantine
    // would cut it to 'Pu…'; it keeps its whole width and the column makes room.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // A table wider than a phone scrolls sideways in its container: the container takes the keyboard
    // focus so arrow keys can scroll it (axe-core's scrollable-region-focusable on /analytics/security
    // and others at 390 px).
    TableScrollContainer: Table.ScrollContainer.extend({ defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } }),
  },
});

/** WCAG's contrast ratio of two colours. */
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/**
 * The text colour of a "light" variant (a tinted badge, alert or button) in `shades`: Mantine's
 * shade 6 is below AA contrast (4.5:1) on its own tint for every colour but the darkest (a
 * 'Published' badge, teal on pale teal, was 2.3:1). Shade 9, darkened as far as needed, against the
 * tint at its strongest (shade 6 at 15 % over white).
 */
const lightVariantText = (shades: readonly string[]): string => {
  const { r, g, b } = toRgba(shades[6]!);
  const tint = (v: number) => Math.round(255 * 0.85 + v * 0.15);
  const background = `rgb(${tint(r)}, ${tint(g)}, ${tint(b)})`;
  for (let amount = 0; amount < 0.6; amount += 0.05) {
    const text = darken(shades[9]!, amount);
    if (contrast(text, background) >= 4.5) return text;
  }
  return 'var(--mantine-color-black)';
};

// Mantine's default "dimmed" grey and light-variant text colours are below AA contrast; darker ones.
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(Object.entries(resolved.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, lightVariantText(shades)])),
  },
  dark: {},
});

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ConsentProvider>{children}</ConsentProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
