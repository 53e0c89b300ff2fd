// Consent state for the whole app: the stored record (null until the visitor decides), which
// dialog is open, and the actions of spec section 4 "Consent dialog".
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CONSENT_ACCEPT_ALL, CONSENT_REJECT_ALL, CONSENT_STORAGE_KEY, type Consent } from '@ipsv/contracts/consent';
import { readConsent, writeConsent } from './consent-store';

export type ConsentDialog = 'none' | 'consent' | 'preferences';

interface ConsentContextValue {
  consent: Consent | null;
  dialog: ConsentDialog;
  openPreferences(): void;
  /** Closes the preferences without a new choice (back to the first dialog if none was made). */
  closePreferences(): void;
  save(consent: Consent): void;
  accept(): void;
  reject(): void;
}

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function ConsentProvider({ children }: { children: ReactNode }) {
  const [consent, setConsent] = useState<Consent | null>(readConsent);
  // The first dialog is visible initially, until a choice has been stored.
  const [dialog, setDialog] = useState<ConsentDialog>(consent ? 'none' : 'consent');

  useEffect(() => {
    // A choice made in another tab applies here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CONSENT_STORAGE_KEY) return;
      const next = readConsent();
      setConsent(next);
      if (next) setDialog('none');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const save = useCallback((next: Consent) => {
    writeConsent(next);
    setConsent(next);
    setDialog('none');
  }, []);

  const value = useMemo<ConsentContextValue>(
    () => ({
      consent,
      dialog,
      openPreferences: () => setDialog('preferences'),
      closePreferences: () => setDialog(consent ? 'none' : 'consent'),
      save,
      accept: () => save(CONSENT_ACCEPT_ALL),
      reject: () => save(CONSENT_REJECT_ALL),
    }),
    [consent, dialog, save],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useConsent must be used inside <ConsentProvider>');
  return value;
}
