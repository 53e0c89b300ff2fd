// /analytics: the account overview — every section of the account (and, by role, of the provider's
// videos, the support console and the administration) as a card that leads there.
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../api/get-session';
import { Page } from '../../components/page';
import { navigationFor } from '../navigation';

const SECTIONS = new Set(['nav.account', 'nav.yourVideos', 'nav.support', 'nav.administration']);

export function AccountOverviewPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const sections = navigationFor(user?.role).filter((section) => SECTIONS.has(section.label));
  return (
    <Page title={t('pages.analytics.title')}>
      <Text c="dimmed">{t('pages.analytics.empty')}</Text>
      {sections.map((section) => (
        <Stack key={section.label} gap="sm">
          <Title order={2} size="h4">
            {t(section.label)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {section.items
              .filter((item) => item.to !== '/analytics')
              .map((item) => (
                <UnstyledButton key={item.to} component={Link} to={item.to}>
                  <Card withBorder radius="md" padding="md">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                        <item.icon size={20} />
                      </ThemeIcon>
                      <Text fw={600}>{t(item.label)}</Text>
                    </Group>
                  </Card>
                </UnstyledButton>
              ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Page>
  );
}
