// "404" layout: shown for any path that is not in the route table.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../layouts/brand';
import { Footer } from '../layouts/footer';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app.documentTitle', { page: t('pages.notFound.title'), app: t('app.name') }));
  return (
    <Stack data-layout="404" mih="100vh" gap={0} justify="space-between">
      <Center component="main" id="main" style={{ flex: 1 }} p="xl">
        <Stack align="center" gap="md" maw={520} data-testid="not-found">
          <Brand />
          <Text fz={72} fw={800} c="gray.6" lh={1} aria-hidden>
            404
          </Text>
          <Title order={1} size="h2" ta="center">
            {t('pages.notFound.title')}
          </Title>
          <Text c="dimmed" ta="center">
            {t('pages.notFound.text')}
          </Text>
          <Button component={Link} to="/">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Center>
      <Footer />
    </Stack>
  );
}
