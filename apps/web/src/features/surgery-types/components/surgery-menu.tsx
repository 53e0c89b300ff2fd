// Header menu of surgery types (procedures and specialties) from the database; each entry opens
// the search for that type.
import { Button, Loader, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SURGERY_TYPE_ALL, type SurgeryType } from '@ipsv/contracts/surgery-types';
import { useSurgeryTypes } from '../api/get-surgery-types';

export function surgeryTypeLabel(t: (key: string, options?: { defaultValue: string }) => string, type: SurgeryType) {
  return t(`surgeryTypes.${type.id}`, { defaultValue: type.name });
}

export function SurgeryMenu() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useSurgeryTypes();
  const types = data?.surgeryTypes ?? [];
  const procedures = types.filter((type) => type.kind === 'procedure' && type.id !== SURGERY_TYPE_ALL);
  const specialties = types.filter((type) => type.kind === 'specialty');

  return (
    <Menu position="bottom-start" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="subtle" rightSection={<IconChevronDown size={16} />} data-testid="surgery-menu">
          {t('header.surgeries')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        {isPending && (
          <Menu.Item disabled leftSection={<Loader size="xs" />}>
            {t('common.loading')}
          </Menu.Item>
        )}
        {isError && <Menu.Item disabled>{t('header.surgeryMenuError')}</Menu.Item>}
        {!isPending && !isError && types.length === 0 && <Menu.Item disabled>{t('header.surgeryMenuEmpty')}</Menu.Item>}
        {procedures.length > 0 && <Menu.Label>{t('header.procedures')}</Menu.Label>}
        {procedures.map((type) => (
          <Menu.Item key={type.id} component={Link} to={`/video-search?surgeryType=${type.id}`}>
            {surgeryTypeLabel(t, type)}
          </Menu.Item>
        ))}
        {specialties.length > 0 && <Menu.Label>{t('header.specialties')}</Menu.Label>}
        {specialties.map((type) => (
          <Menu.Item key={type.id} component={Link} to={`/video-search?surgeryType=${type.id}`}>
            {surgeryTypeLabel(t, type)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
