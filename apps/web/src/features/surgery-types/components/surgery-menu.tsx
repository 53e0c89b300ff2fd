// Header menu of surgery types (procedures and specialties) from the database; each entry opens
// the search for that type.
import { Button, Loader, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SURGERY_TYPE_ALL, type SurgeryType } from '@ipsv/contracts/surgery-types';
import { useSurgeryTypes } from '../../../api/get-surgery-types';

export function SurgeryMenu() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useSurgeryTypes();
  const types = data?.surgeryTypes ?? [];
  // "All" is a search filter, not something to pick from a menu.
  const groups: { label: string; items: SurgeryType[] }[] = [
    { label: t('header.procedures'), items: types.filter((type) => type.kind === 'procedure' && type.id !== SURGERY_TYPE_ALL) },
    { label: t('header.specialties'), items: types.filter((type) => type.kind === 'specialty') },
  ];

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
        {groups
          .filter((group) => group.items.length > 0)
          .map((group) => [
            <Menu.Label key={group.label}>{group.label}</Menu.Label>,
            ...group.items.map((type) => (
              <Menu.Item key={type.id} component={Link} to={`/video-search?surgeryType=${type.id}`}>
                {t(`surgeryTypes.${type.id}`, { defaultValue: type.name })}
              </Menu.Item>
            )),
          ])}
      </Menu.Dropdown>
    </Menu>
  );
}
