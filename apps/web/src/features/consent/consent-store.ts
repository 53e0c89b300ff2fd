// Reads and writes the consent record in local storage (key `consent`, spec section 3).
import { CONSENT_STORAGE_KEY, parseStoredConsent, type Consent } from '@ipsv/contracts/consent';

export function readConsent(storage: Storage = window.localStorage): Consent | null {
  try {
    return parseStoredConsent(storage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    // Storage can be disabled (private mode, policies): behave as "not decided".
    return null;
  }
}

export function writeConsent(consent: Consent, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Without storage the choice lasts for this page only; nothing else to do.
  }
}
