// The patient-privacy question asked before every upload; its answer travels as tus metadata and
// tells the privacy analysis how careful to be.
import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIVACY_ANSWERS, type PrivacyAnswer } from '@ipsv/contracts/videos';

export function PrivacyQuestion({ value, onChange }: { value: PrivacyAnswer | null; onChange: (value: PrivacyAnswer) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      name="privacyAnswer"
      label={t('upload.privacy.question')}
      description={t('upload.privacy.hint')}
      withAsterisk
      required
      value={value ?? ''}
      onChange={(next) => onChange(next as PrivacyAnswer)}
    >
      <Group mt="xs">
        {PRIVACY_ANSWERS.map((answer) => (
          <Radio key={answer} value={answer} label={t(`upload.privacy.answers.${answer}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}
