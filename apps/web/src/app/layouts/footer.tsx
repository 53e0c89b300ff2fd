// Footer of every layout: rights line, Privacy and Terms of use (both /terms), Cookie Preferences
// (reopens the consent choice), and the language switcher on pages without a header (the header
// has its own, and a page shows one).
import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FOOTER_YEAR } from '@ipsv/contracts/app';
import { LanguageSwitcher } from '../../components/language-switcher';
import { useConsent } from '../../features/consent/consent-context';

export function Footer({ withLanguage = true }: { withLanguage?: boolean }) {
  const { t } = useTranslation();
  const { openPreferences } = useConsent();
  return (
    <Box component="footer" py="md" px="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="footer-rights">
          {t('footer.rights', { year: FOOTER_YEAR, app: t('app.name') })}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/terms" size="sm">
            {t('footer.privacy')}
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm">
            {t('footer.termsOfUse')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={openPreferences} data-testid="footer-cookie-preferences">
            {t('footer.cookiePreferences')}
          </Anchor>
          {withLanguage && <LanguageSwitcher />}
        </Group>
      </Group>
    </Box>
  );
}
