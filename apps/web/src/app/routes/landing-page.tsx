// Landing page: the marketing copy of spec section 1, the highlight of the month and the curated
// collections, and the popular-videos grid. On load the search values reset to surgery type 1 and
// empty text (spec section 2).
import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconStack2, IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useSessionUser } from '../../api/get-session';
import { CuratedSections } from '../../features/discovery/components/curated-sections';
import { PopularVideos } from '../../features/discovery/components/popular-videos';
import { resetSearchValues } from '../../features/discovery/search-values';

const PROMOS = [
  { key: 'collections', icon: IconStack2 },
  { key: 'highlight', icon: IconAward },
  { key: 'provider', icon: IconUpload },
] as const;

export function LandingPage() {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  useEffect(() => resetSearchValues(), []);
  // Providers go straight to uploading; viewers ask for the role from their profile.
  const providerLink = role === 'provider' || role === 'admin' ? '/upload' : '/analytics/pi#provider';
  return (
    <Page title={t('landing.heroTitle')} appHome>
      <Text size="lg" maw={760}>
        {t('landing.heroText')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {PROMOS.map((promo) => (
          <Card key={promo.key} withBorder radius="md" padding="lg">
            <Stack gap="xs">
              <ThemeIcon variant="light" size="lg" radius="md">
                <promo.icon size={20} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {t(`landing.${promo.key}Title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`landing.${promo.key}Text`)}
              </Text>
              {promo.key === 'provider' && (
                <Button component={Link} to={providerLink} variant="light" mt="xs" w="fit-content">
                  {t('landing.providerTitle')}
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <CuratedSections />
      <PopularVideos />
    </Page>
  );
}
