// The details form of /upload-finished and /edit-video (spec section 5): validated with the same
// schema as the server, 'Undo Changes' goes back to the last saved values, 'Save' sends the parsed body.
import { Button, Fieldset, Group, Notification, Radio, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SURGERY_TYPE_ALL } from '@ipsv/contracts/surgery-types';
import {
  AGE_BANDS,
  APPROACHES,
  CASE_TYPES,
  INITIAL_OR_REDO,
  PATIENT_GENDERS,
  PGS_GRADES,
  PGS_SURGERY_TYPE,
  VISIBILITIES,
  WEIGHT_CLASSES,
  type Video,
  type Visibility,
} from '@ipsv/contracts/videos';
import { useSurgeryTypes } from '../../../api/get-surgery-types';
import { ErrorAlert } from '../../../components/error-alert';
import { ruleText } from '../../../lib/use-error-text';
import { useSaveDetails } from '../api/save-details';
import { parseValues, valuesFromVideo, type DetailsFormValues } from '../details-form-values';
import { ThumbnailPicker } from './thumbnail-picker';

/** "1080" from the probe reads as "1080p"; anything else is shown as it came. */
export function qualityLabel(quality: string): string {
  return /^\d+$/.test(quality) ? `${quality}p` : quality;
}

export function VideoDetailsForm({ video, onSaved }: { video: Video; onSaved: (saved: Video, firstSave: boolean) => void }) {
  const { t } = useTranslation();
  const surgeryTypes = useSurgeryTypes();
  const save = useSaveDetails(video.id);
  const [saved, setSaved] = useState<DetailsFormValues>(() => valuesFromVideo(video));
  const [notice, setNotice] = useState(false);
  const form = useForm<DetailsFormValues>({
    mode: 'controlled',
    initialValues: saved,
    validate: (values) => {
      const parsed = parseValues(values, t);
      return parsed.ok ? {} : parsed.errors;
    },
  });

  const options = <T extends string | number>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value: String(value), label: t(`${prefix}.${value}`) }));
  const typeOptions = useMemo(
    () =>
      (surgeryTypes.data?.surgeryTypes ?? [])
        .filter((type) => type.kind === 'procedure' && type.id !== SURGERY_TYPE_ALL)
        .map((type) => ({ value: String(type.id), label: t(`surgeryTypes.${type.id}`, { defaultValue: type.name }) })),
    [surgeryTypes.data, t],
  );
  const values = form.getValues();
  const showPgs = values.surgeryTypeId === String(PGS_SURGERY_TYPE);

  const submit = form.onSubmit(() => {
    // Validation passed (Mantine ran the schema); parse again for the transformed body.
    const parsed = parseValues(form.getValues(), t);
    if (!parsed.ok) return;
    setNotice(false);
    save.mutate(parsed.body, {
      onSuccess: (result) => {
        const next = valuesFromVideo(result);
        setSaved(next);
        form.setValues(next);
        form.resetDirty(next);
        setNotice(true);
        onSaved(result, !video.detailsSaved);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('videoDetails.formLabel')}>
      <Stack gap="md">
        <ErrorAlert error={save.error} title={t('videoDetails.saveFailed')} />
        <TextInput label={t('videoDetails.fields.title')} required withAsterisk {...form.getInputProps('title')} />
        <Select
          label={t('videoDetails.fields.surgeryType')}
          placeholder={surgeryTypes.isPending ? t('common.loading') : t('videoDetails.choose')}
          data={typeOptions}
          clearable
          {...form.getInputProps('surgeryTypeId')}
        />
        {showPgs && (
          <Select
            label={t('videoDetails.fields.pgsGrade')}
            description={t('videoDetails.pgsHint')}
            placeholder={t('videoDetails.choose')}
            data={options(PGS_GRADES, 'videoDetails.pgsGrades')}
            clearable
            {...form.getInputProps('pgsGrade')}
          />
        )}
        <Fieldset legend={t('videoDetails.fields.patientSpecifics')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('videoDetails.fields.gender')}
              placeholder={t('videoDetails.choose')}
              data={options(PATIENT_GENDERS, 'videoDetails.genders')}
              clearable
              {...form.getInputProps('patientGender')}
            />
            <Select
              label={t('videoDetails.fields.ageBand')}
              placeholder={t('videoDetails.choose')}
              data={options(AGE_BANDS, 'videoDetails.ageBands')}
              clearable
              {...form.getInputProps('description.ageBand')}
            />
            <Select
              label={t('videoDetails.fields.weightClass')}
              placeholder={t('videoDetails.choose')}
              data={options(WEIGHT_CLASSES, 'videoDetails.weightClasses')}
              clearable
              {...form.getInputProps('description.weightClass')}
            />
          </SimpleGrid>
        </Fieldset>
        <TextInput label={t('videoDetails.fields.surgeryEvent')} {...form.getInputProps('surgeryEvent')} />
        <Fieldset legend={t('videoDetails.fields.description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('videoDetails.fields.procedure')} {...form.getInputProps('description.procedure')} />
            <Select
              label={t('videoDetails.fields.approach')}
              placeholder={t('videoDetails.choose')}
              data={options(APPROACHES, 'videoDetails.approaches')}
              clearable
              {...form.getInputProps('description.approach')}
            />
            <Select
              label={t('videoDetails.fields.initialOrRedo')}
              placeholder={t('videoDetails.choose')}
              data={options(INITIAL_OR_REDO, 'videoDetails.initialOrRedoValues')}
              clearable
              {...form.getInputProps('description.initialOrRedo')}
            />
            <TextInput label={t('videoDetails.fields.technique')} {...form.getInputProps('description.technique')} />
            <Select
              label={t('videoDetails.fields.caseType')}
              placeholder={t('videoDetails.choose')}
              data={options(CASE_TYPES, 'videoDetails.caseTypes')}
              clearable
              {...form.getInputProps('description.caseType')}
            />
          </SimpleGrid>
        </Fieldset>
        <TextInput
          type="date"
          label={t('videoDetails.fields.surgeryDate')}
          max={new Date().toISOString().slice(0, 10)}
          {...form.getInputProps('surgeryDate')}
        />
        <ThumbnailPicker
          videoId={video.id}
          value={values.thumbnail}
          onChange={(choice) => form.setFieldValue('thumbnail', choice)}
          error={form.errors.thumbnail as string | undefined}
        />
        <TextInput type="url" label={t('videoDetails.fields.videoLink')} placeholder="https://" {...form.getInputProps('videoLink')} />
        <TextInput label={t('videoDetails.fields.fileName')} required withAsterisk {...form.getInputProps('fileName')} />
        <TextInput label={t('videoDetails.fields.videoQuality')} readOnly value={video.quality ? qualityLabel(video.quality) : t('videoDetails.checking')} />
        <Switch label={t('videoDetails.fields.downloadable')} {...form.getInputProps('isDownloadable', { type: 'checkbox' })} />
        <Radio.Group
          label={t('videoDetails.fields.visibility')}
          value={values.visibility}
          onChange={(next) => form.setFieldValue('visibility', next as Visibility)}
        >
          <Stack gap={6} mt="xs">
            {VISIBILITIES.map((visibility) => (
              <Radio key={visibility} value={visibility} label={t(`videoDetails.visibilities.${visibility}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {values.visibility === 'whitelist' && (
          <Textarea
            label={t('videoDetails.fields.whitelist')}
            description={ruleText(t, 'whitelistEntry')}
            autosize
            minRows={3}
            {...form.getInputProps('whitelist')}
          />
        )}
        <Switch
          label={t('videoDetails.fields.autoConfirm')}
          description={t('videoDetails.autoConfirmHint')}
          {...form.getInputProps('autoConfirm', { type: 'checkbox' })}
        />
        <Group>
          <Button
            variant="default"
            disabled={!form.isDirty() || save.isPending}
            onClick={() => {
              form.setValues(saved);
              form.resetDirty(saved);
              form.clearErrors();
              save.reset();
            }}
          >
            {t('videoDetails.undo')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
        {notice && (
          <Notification color="teal" role="status" withCloseButton closeButtonProps={{ 'aria-label': t('common.close') }} onClose={() => setNotice(false)}>
            {t('videoDetails.saved')}
          </Notification>
        )}
      </Stack>
    </form>
  );
}
