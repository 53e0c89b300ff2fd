import { Badge, MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
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
  },
});

// Mantine's default "dimmed" grey and light-variant blue are below AA contrast; use darker ones.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // "light" variants (tinted buttons, active navigation) use a darker text shade for AA contrast.
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
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
