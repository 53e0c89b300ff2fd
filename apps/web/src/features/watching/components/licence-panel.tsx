// The video's licence on the video page with what it means, and "Ask for a licence" (institution,
// purpose, duration) for viewers; the answer shows here and under My licences.
import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LICENCE_LINKS, LICENCE_NAMES, type Licence } from '@ipsv/contracts/licences';
import { ErrorAlert } from '../../../components/error-alert';
import { useRequestLicence, useVideoLicence } from '../api/licence';

/** The licence's name: the Creative Commons ones are proper names; the others are translated. */
export function licenceName(licence: Licence, t: (key: string) => string): string {
  return licence === 'cc_by_nc_nd' || licence === 'cc_by_nc_sa' ? LICENCE_NAMES[licence] : t(`licences.names.${licence}`);
}

export function LicencePanel({ videoId, isOwner }: { videoId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const licence = useVideoLicence(videoId);
  const ask = useRequestLicence(videoId);
  const [open, setOpen] = useState(false);
  const [institution, setInstitution] = useState('');
  const [purpose, setPurpose] = useState('');
  const [duration, setDuration] = useState('');
  if (!licence.data) return <ErrorAlert error={licence.error} />;
  const { licence: current, myRequest } = licence.data;
  const link = LICENCE_LINKS[current];
  const pending = myRequest?.status === 'pending';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="licence-heading" data-testid="licence-panel">
      <Stack gap="xs">
        <Title order={2} size="h4" id="licence-heading">
          {t('licences.title')}: {licenceName(current, t)}
        </Title>
        <Text size="sm">{t(`licences.meanings.${current}`)}</Text>
        {link && (
          <Anchor href={link} target="_blank" rel="noreferrer" size="sm">
            {t('licences.deed')}
          </Anchor>
        )}
        {myRequest && (
          <Group gap="xs">
            <Text size="sm">{t('licences.myRequest')}</Text>
            <Badge variant="outline" color={myRequest.status === 'accepted' ? 'teal.9' : 'gray.9'} c={myRequest.status === 'accepted' ? 'teal.9' : 'gray.9'}>
              {t(`licences.status.${myRequest.status}`)}
            </Badge>
            {myRequest.status === 'accepted' && (
              <Anchor component={Link} to={`/licence-record/${myRequest.id}`} size="sm">
                {t('licences.record')}
              </Anchor>
            )}
          </Group>
        )}
        {!isOwner && !pending && !open && (
          <Group>
            <Button variant="default" onClick={() => setOpen(true)}>
              {t('licences.ask')}
            </Button>
          </Group>
        )}
        {open && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              ask.mutate({ institution, purpose, duration }, { onSuccess: () => setOpen(false) });
            }}
          >
            <Stack gap="xs">
              <TextInput
                label={t('licences.institution')}
                value={institution}
                onChange={(e) => setInstitution(e.currentTarget.value)}
                required
                maxLength={200}
              />
              <Textarea
                label={t('licences.purpose')}
                value={purpose}
                onChange={(e) => setPurpose(e.currentTarget.value)}
                required
                maxLength={2000}
                autosize
                minRows={2}
              />
              <TextInput
                label={t('licences.duration')}
                description={t('licences.durationHint')}
                value={duration}
                onChange={(e) => setDuration(e.currentTarget.value)}
                required
                maxLength={200}
              />
              <ErrorAlert error={ask.error} />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setOpen(false)}>
                  {t('dashboard.cancel')}
                </Button>
                <Button type="submit" loading={ask.isPending}>
                  {t('licences.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
