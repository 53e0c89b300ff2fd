// A content page made of titled sections, each a paragraph from the locale files.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function InfoSections({ prefix, sections }: { prefix: string; sections: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760}>
      <Text size="lg">{t(`${prefix}.intro`)}</Text>
      {sections.map((section) => (
        <Stack key={section} gap={6} component="section" aria-labelledby={`${prefix}-${section}`}>
          <Title order={2} size="h4" id={`${prefix}-${section}`}>
            {t(`${prefix}.${section}Title`)}
          </Title>
          <Text>{t(`${prefix}.${section}`)}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
