import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './brand.module.css';

/**
 * The logo and the app's name, short on a phone. In the signed-in header (`inHeader`) the full name
 * waits for a wide screen, where it fits beside the search box and the account's name.
 */
export function Brand({ inHeader = false }: { inHeader?: boolean }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to="/" aria-label={t('app.name')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon radius="md" size="md">
          <IconPlayerPlayFilled size={16} />
        </ThemeIcon>
        <Text fw={700} className={inHeader ? classes.headerFull : classes.full}>
          {t('app.name')}
        </Text>
        <Text fw={700} className={inHeader ? classes.headerShort : classes.short}>
          {t('app.shortName')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
