// The search sidebar (spec section 3): surgery type (both lists), resolution, duration spans,
// frame rate, patient gender, BMI class, PGS grade (only for the type it applies to) and upload
// date, each value with the number of results it would give.
import { Button, Checkbox, Radio, Select, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DURATION_SPANS, FRAME_RATES, RESOLUTIONS, UPLOAD_DATES, type SearchFacets } from '@ipsv/contracts/search';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import { PATIENT_GENDERS, PGS_GRADES, PGS_SURGERY_TYPE, WEIGHT_CLASSES } from '@ipsv/contracts/videos';
import { useSurgeryTypes } from '../../../api/get-surgery-types';
import { EMPTY_SEARCH, withChange, type ListFilter, type SearchState } from '../search-state';

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);

function CheckGroup<T extends string | number>(props: {
  name: ListFilter;
  label: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  state: SearchState;
  counts: Record<string, number> | undefined;
  onChange: (state: SearchState) => void;
}) {
  const selected = (props.state[props.name] as T[]).map(String);
  return (
    <Checkbox.Group
      label={props.label}
      value={selected}
      onChange={(values) =>
        props.onChange(withChange(props.state, { [props.name]: props.options.filter((option) => values.includes(String(option))) } as Partial<SearchState>))
      }
    >
      <Stack gap={6} mt={6}>
        {props.options.map((option) => (
          <Checkbox key={String(option)} value={String(option)} label={withCount(props.optionLabel(option), props.counts?.[String(option)])} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function SearchFilters({ state, facets, onChange }: { state: SearchState; facets: SearchFacets | null; onChange: (state: SearchState) => void }) {
  const { t } = useTranslation();
  const types = useSurgeryTypes().data?.surgeryTypes ?? [];
  const typeLabel = (id: number) => t(`surgeryTypes.${id}`, { defaultValue: types.find((type) => type.id === id)?.name ?? String(id) });
  const group = (kind: 'procedure' | 'specialty', label: string) => ({
    group: label,
    items: types
      .filter((type) => type.kind === kind)
      .map((type) => ({
        value: String(type.id),
        label:
          type.id === SURGERY_TYPE_ALL ? typeLabel(type.id) : withCount(typeLabel(type.id), facets?.surgeryType[String(type.id)] ?? (facets ? 0 : undefined)),
      })),
  });
  const common = { state, onChange };
  return (
    <Stack gap="md" component="section" aria-labelledby="search-filters-heading" data-testid="search-filters">
      <Title order={2} size="h4" id="search-filters-heading">
        {t('discovery.filters')}
      </Title>
      <Select
        label={t('discovery.surgeryType')}
        data={[group('procedure', t('header.procedures')), group('specialty', t('header.specialties'))]}
        value={String(state.surgeryType)}
        onChange={(value) => onChange(withChange(state, { surgeryType: value === null ? SURGERY_TYPE_ALL : Number(value) }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-surgery-type"
      />
      <CheckGroup
        name="resolution"
        label={t('discovery.resolution')}
        options={RESOLUTIONS}
        optionLabel={(value) => value}
        counts={facets?.resolution}
        {...common}
      />
      <CheckGroup
        name="duration"
        label={t('discovery.duration')}
        options={DURATION_SPANS}
        optionLabel={(value) => t(`discovery.durations.${value}`)}
        counts={facets?.duration}
        {...common}
      />
      <CheckGroup
        name="frameRate"
        label={t('discovery.frameRate')}
        options={FRAME_RATES}
        optionLabel={(value) => t(`discovery.frameRates.${value}`)}
        counts={facets?.frameRate}
        {...common}
      />
      <CheckGroup
        name="gender"
        label={t('discovery.gender')}
        options={PATIENT_GENDERS}
        optionLabel={(value) => t(`discovery.genders.${value}`)}
        counts={facets?.gender}
        {...common}
      />
      <CheckGroup
        name="bmi"
        label={t('discovery.bmi')}
        options={WEIGHT_CLASSES}
        optionLabel={(value) => t(`discovery.bmiClasses.${value}`)}
        counts={facets?.bmi}
        {...common}
      />
      {state.surgeryType === PGS_SURGERY_TYPE && (
        <CheckGroup
          name="pgs"
          label={t('discovery.pgs')}
          options={PGS_GRADES}
          optionLabel={(value) => t('discovery.pgsGrade', { grade: value })}
          counts={facets?.pgs}
          {...common}
        />
      )}
      <Radio.Group
        label={t('discovery.uploaded')}
        value={state.uploaded ?? 'any'}
        onChange={(value) => onChange(withChange(state, { uploaded: value === 'any' ? null : (value as SearchState['uploaded']) }))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="any" label={t('discovery.anyTime')} />
          {UPLOAD_DATES.map((option) => (
            <Radio key={option} value={option} label={withCount(t(`discovery.uploadDates.${option}`), facets?.uploaded[option])} />
          ))}
        </Stack>
      </Radio.Group>
      <Button variant="subtle" onClick={() => onChange({ ...EMPTY_SEARCH, q: state.q, sort: state.sort })}>
        {t('discovery.clearFilters')}
      </Button>
    </Stack>
  );
}
