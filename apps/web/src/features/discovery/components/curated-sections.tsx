// The landing page's highlight of the month and the curated collections (administrators curate
// them at /admin/curation); nothing is shown while none is set.
import { Badge, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanding } from '../api/get-landing';
import { VideoGrid } from './video-grid';

export function CuratedSections() {
  const { t, i18n } = useTranslation();
  const landing = useLanding().data;
  if (!landing) return null;
  const { highlight, collections } = landing;
  return (
    <>
      {highlight && (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="highlight-heading" data-testid="highlight">
          <Grid align="center">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="xs">
                <Badge leftSection={<IconAward size={14} />} variant="light" w="fit-content">
                  {new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
                    new Date(`${highlight.month}-01T00:00:00Z`),
                  )}
                </Badge>
                <Title order={2} size="h3" id="highlight-heading">
                  {t('landing.highlightTitle')}
                </Title>
                {highlight.note && <Text>{highlight.note}</Text>}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <VideoGrid cards={[highlight.video]} label={t('landing.highlightTitle')} />
            </Grid.Col>
          </Grid>
        </Card>
      )}
      {collections.map((collection) => (
        <Stack key={collection.id} gap="sm" component="section" aria-labelledby={`collection-${collection.id}`} data-testid="collection">
          <Title order={2} size="h3" id={`collection-${collection.id}`}>
            {collection.name}
          </Title>
          {collection.description && (
            <Text c="dimmed" maw={760}>
              {collection.description}
            </Text>
          )}
          <VideoGrid cards={collection.videos} label={collection.name} />
        </Stack>
      ))}
    </>
  );
}
