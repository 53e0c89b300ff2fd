// Renders a component with the app's providers and the real en-US strings.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import enUS from '../src/locales/en-US.json';

let initialised: Promise<unknown> | undefined;
export function initTestI18n() {
  initialised ??= i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return initialised;
}

export async function renderWithProviders(ui: ReactNode) {
  await initTestI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}
