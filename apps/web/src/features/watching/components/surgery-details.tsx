// Surgery Details of the video page: what the provider described, the patient specifics, dates,
// duration, quality, the published age, the owner (linking to their page) and the version.
import { Anchor, Avatar, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PGS_SURGERY_TYPE } from '@ipsv/contracts/videos';
import type { WatchPage } from '@ipsv/contracts/watching';
import { useSurgeryTypes } from '../../../api/get-surgery-types';
import { clock } from '../watch-math';

/** "3 days ago": the largest unit that fits (spec section 9: seconds to years). */
export function relativeAge(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

export function SurgeryDetails({ video }: { video: WatchPage['video'] }) {
  const { t, i18n } = useTranslation();
  const types = useSurgeryTypes().data?.surgeryTypes ?? [];
  const type = types.find((item) => item.id === video.surgeryTypeId);
  const d = video.description;
  const none = t('watching.details.notGiven');
  return (
    <Stack gap="md" data-testid="surgery-details">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" component="dl" m={0}>
        <Field label={t('videoDetails.fields.title')}>{video.title}</Field>
        <Field label={t('videoDetails.fields.surgeryType')}>{type ? t(`surgeryTypes.${type.id}`, { defaultValue: type.name }) : none}</Field>
        <Field label={t('videoDetails.fields.procedure')}>{d.procedure || none}</Field>
        <Field label={t('videoDetails.fields.approach')}>{d.approach ? t(`videoDetails.approaches.${d.approach}`) : none}</Field>
        <Field label={t('videoDetails.fields.initialOrRedo')}>{d.initialOrRedo ? t(`videoDetails.initialOrRedoValues.${d.initialOrRedo}`) : none}</Field>
        <Field label={t('videoDetails.fields.technique')}>{d.technique || none}</Field>
        <Field label={t('videoDetails.fields.caseType')}>{d.caseType ? t(`videoDetails.caseTypes.${d.caseType}`) : none}</Field>
        <Field label={t('videoDetails.fields.gender')}>{video.patientGender ? t(`videoDetails.genders.${video.patientGender}`) : none}</Field>
        <Field label={t('videoDetails.fields.ageBand')}>{d.ageBand ? t(`videoDetails.ageBands.${d.ageBand}`) : none}</Field>
        <Field label={t('videoDetails.fields.weightClass')}>{d.weightClass ? t(`videoDetails.weightClasses.${d.weightClass}`) : none}</Field>
        <Field label={t('videoDetails.fields.surgeryEvent')}>{video.surgeryEvent || none}</Field>
        <Field label={t('videoDetails.fields.surgeryDate')}>{video.surgeryDate ?? (video.surgeryYear ? String(video.surgeryYear) : none)}</Field>
        {video.surgeryTypeId === PGS_SURGERY_TYPE && (
          <Field label={t('videoDetails.fields.pgsGrade')}>{video.pgsGrade ? t(`videoDetails.pgsGrades.${video.pgsGrade}`) : none}</Field>
        )}
        <Field label={t('watching.details.duration')}>{clock(video.durationSeconds)}</Field>
        <Field label={t('videoDetails.fields.videoQuality')}>{video.quality ? `${video.quality}p` : none}</Field>
        <Field label={t('watching.details.published')}>{video.publishedAt ? relativeAge(video.publishedAt, i18n.language) : none}</Field>
        <Field label={t('watching.details.version')}>{String(video.version)}</Field>
      </SimpleGrid>
      <Group gap="sm">
        <Avatar src={video.ownerPictureUrl} alt="" radius="xl" size="md" />
        <Anchor component={Link} to={`/user/${video.ownerId}`}>
          {video.ownerName}
        </Anchor>
      </Group>
    </Stack>
  );
}
