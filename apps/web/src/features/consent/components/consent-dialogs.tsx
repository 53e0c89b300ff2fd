// The two dialogs of spec section 2 "Cookie consent dialogs": 'Cookie Consent' (25rem, bottom
// right, no backdrop) and 'Cookie Preferences' (50rem) with one accordion section and switch per
// category.
import { Accordion, Button, Dialog, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_DEFAULTS, type Consent } from '@ipsv/contracts/consent';
import { useConsent } from '../consent-context';

type Category = keyof Consent;
const CATEGORIES: readonly Category[] = ['necessary', 'performance', 'advertising'];

export function ConsentDialogs() {
  const { t } = useTranslation();
  const { dialog, openPreferences, closePreferences, accept, reject } = useConsent();

  return (
    <>
      <Dialog
        opened={dialog === 'consent'}
        position={{ bottom: 20, right: 20 }}
        size="25rem"
        shadow="xl"
        radius="md"
        withBorder
        role="dialog"
        aria-labelledby="cookie-consent-title"
        data-testid="cookie-consent"
        zIndex={300}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="cookie-consent-title">
            {t('consent.title')}
          </Title>
          <Text size="sm">{t('consent.text')}</Text>
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={reject}>
              {t('consent.reject')}
            </Button>
            <Button onClick={accept}>{t('consent.accept')}</Button>
          </Group>
          <Button variant="subtle" onClick={openPreferences}>
            {t('consent.manage')}
          </Button>
        </Stack>
      </Dialog>

      <Modal
        opened={dialog === 'preferences'}
        // Closing without a choice keeps what was stored; on a first visit it returns to the first
        // dialog, because a choice is still needed.
        onClose={closePreferences}
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        size="50rem"
        centered
        title={t('consent.preferencesTitle')}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
        data-testid="cookie-preferences"
      >
        <PreferencesForm />
      </Modal>
    </>
  );
}

/** Mounted each time the preferences open, so it starts from what is stored. */
function PreferencesForm() {
  const { t } = useTranslation();
  const { consent, accept, reject, save } = useConsent();
  const [draft, setDraft] = useState<Consent>(consent ?? CONSENT_DEFAULTS);
  return (
    <Stack>
      <Text size="sm">{t('consent.preferencesIntro')}</Text>
      <Accordion variant="separated" multiple defaultValue={[]}>
        {CATEGORIES.map((category) => (
          <Accordion.Item key={category} value={category}>
            <Group wrap="nowrap" gap="sm" pr="md">
              <Accordion.Control>{t(`consent.${category}.title`)}</Accordion.Control>
              <Switch
                aria-label={t(`consent.${category}.title`)}
                checked={draft[category]}
                disabled={category === 'necessary'}
                onChange={(event) => {
                  if (category === 'necessary') return;
                  const checked = event.currentTarget.checked;
                  setDraft((current) => ({ ...current, [category]: checked }));
                }}
                data-testid={`consent-switch-${category}`}
              />
            </Group>
            <Accordion.Panel>
              <Text size="sm">{t(`consent.${category}.description`)}</Text>
              {category === 'necessary' && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('consent.alwaysOn')}
                </Text>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={reject}>
          {t('consent.reject')}
        </Button>
        <Button variant="default" onClick={accept}>
          {t('consent.accept')}
        </Button>
        <Button onClick={() => save(draft)}>{t('consent.save')}</Button>
      </Group>
    </Stack>
  );
}
