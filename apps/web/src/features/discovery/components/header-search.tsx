// The header's search box (spec section 2 "Header"): the surgery type and the text of the search
// values; Enter opens /video-search with them. The type's box fits the longest type's name in the
// current language (at a fixed 140 px 'Cholecystectomy' read 'Cholecyste').
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSurgeryTypes } from '../../../api/get-surgery-types';
import { FittedSelect } from '../../../components/fitted-select';
import { EMPTY_SEARCH, searchParamsOf } from '../search-state';
import { setSearchValues, useSearchValues } from '../search-values';

export function HeaderSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const values = useSearchValues();
  const types = useSurgeryTypes().data?.surgeryTypes ?? [];
  return (
    <form
      role="search"
      aria-label={t('discovery.searchLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        navigate(`/video-search?${searchParamsOf({ ...EMPTY_SEARCH, q: values.searchInput, surgeryType: values.surgeryType }).toString()}`);
      }}
    >
      <Group gap={0} wrap="nowrap" miw={0}>
        <FittedSelect
          minWidth={140}
          maxWidth={240}
          aria-label={t('discovery.surgeryType')}
          data={types.map((type) => ({ value: String(type.id), label: t(`surgeryTypes.${type.id}`, { defaultValue: type.name }) }))}
          value={String(values.surgeryType)}
          onChange={(value) => value !== null && setSearchValues({ surgeryType: Number(value) })}
          allowDeselect={false}
          radius={0}
          styles={{ input: { borderTopLeftRadius: 'var(--mantine-radius-sm)', borderBottomLeftRadius: 'var(--mantine-radius-sm)' } }}
          comboboxProps={{ withinPortal: true, width: 220 }}
          data-testid="header-search-type"
        />
        <TextInput
          value={values.searchInput}
          onChange={(event) => setSearchValues({ searchInput: event.currentTarget.value })}
          // The search page's longer hint ('Search procedures, techniques, surgeons…') was cut in
          // the header's narrower box.
          placeholder={t('discovery.searchLabel')}
          aria-label={t('discovery.searchText')}
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label={t('discovery.searchLabel')} data-testid="header-search-submit">
              <IconSearch size={16} />
            </ActionIcon>
          }
          maxLength={200}
          w={{ md: 180, lg: 220, xl: 280 }}
          radius={0}
          styles={{ input: { borderTopRightRadius: 'var(--mantine-radius-sm)', borderBottomRightRadius: 'var(--mantine-radius-sm)', marginLeft: -1 } }}
          data-testid="header-search-input"
        />
      </Group>
    </form>
  );
}
