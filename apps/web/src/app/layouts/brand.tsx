import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './brand.module.css';

export function Brand() {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to="/" aria-label={t('app.name')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon radius="md" size="md">
          <IconPlayerPlayFilled size={16} />
        </ThemeIcon>
        <Text fw={700} className={classes.full}>
          {t('app.name')}
        </Text>
        <Text fw={700} className={classes.short}>
          {t('app.shortName')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
