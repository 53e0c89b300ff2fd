// Plain-text emails in the recipient's language (the one they used when signing up), falling back
// to en-US. Texts live in src/locales/<language>.json, one file per supported language, bundled in.
import { DEFAULT_LANGUAGE, resolveLanguage, type LanguageCode } from '@ipsv/contracts/languages';
import type { MailMessage } from '../../platform/mail/mail.js';
import de from '../../locales/de.json' with { type: 'json' };
import enUS from '../../locales/en-US.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import it from '../../locales/it.json' with { type: 'json' };
import ja from '../../locales/ja.json' with { type: 'json' };
import ko from '../../locales/ko.json' with { type: 'json' };
import ptBR from '../../locales/pt-BR.json' with { type: 'json' };
import ru from '../../locales/ru.json' with { type: 'json' };
import tr from '../../locales/tr.json' with { type: 'json' };
import vi from '../../locales/vi.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };

export type EmailTexts = typeof enUS;
export const EMAIL_TEXTS: Record<LanguageCode, EmailTexts> = {
  'en-US': enUS,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  'pt-BR': ptBR,
  ru,
  tr,
  vi,
  'zh-CN': zhCN,
};

/** Fills `{{name}}` placeholders; unknown names stay as they are. */
export const fillTemplate = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export type CodeEmailKind = 'confirmSignUp' | 'verifyContact' | 'resetPassword' | 'signInCode';

export interface Recipient {
  email: string;
  firstName?: string | null;
  language?: string | null;
}

/** The email texts in `language` (en-US when it has none). */
export function emailTexts(language: string | null | undefined): EmailTexts {
  return EMAIL_TEXTS[resolveLanguage(language) ?? DEFAULT_LANGUAGE];
}

export function letter(texts: EmailTexts, recipient: Recipient, paragraphs: string[]): string {
  const greeting = recipient.firstName ? fillTemplate(texts.greeting, { name: recipient.firstName }) : texts.greetingNoName;
  return [greeting, ...paragraphs, '--', texts.signature].join('\n\n') + '\n';
}

export function codeEmail(kind: CodeEmailKind, recipient: Recipient, code: string, minutes: number): MailMessage {
  const texts = emailTexts(recipient.language);
  return {
    to: recipient.email,
    subject: fillTemplate(texts[kind].subject, { code }),
    text: letter(texts, recipient, [texts[kind].body, `    ${code}`, fillTemplate(texts.codeFooter, { minutes })]),
  };
}

export function accountCreatedEmail(recipient: Recipient, temporaryPassword: string, url: string): MailMessage {
  const texts = emailTexts(recipient.language);
  return {
    to: recipient.email,
    subject: texts.accountCreated.subject,
    text: letter(texts, recipient, [
      fillTemplate(texts.accountCreated.body, { url }),
      fillTemplate(texts.accountCreated.passwordLabel, { password: temporaryPassword }),
    ]),
  };
}

export function providerDecisionEmail(recipient: Recipient, approved: boolean, url: string): MailMessage {
  const { providerDecision } = emailTexts(recipient.language);
  return {
    to: recipient.email,
    subject: approved ? providerDecision.approvedSubject : providerDecision.rejectedSubject,
    text: letter(emailTexts(recipient.language), recipient, [fillTemplate(approved ? providerDecision.approvedBody : providerDecision.rejectedBody, { url })]),
  };
}

/** Someone asked to create an account with an address that has one: its owner is told, nobody else. */
export function accountExistsEmail(recipient: Recipient, url: string): MailMessage {
  const texts = emailTexts(recipient.language);
  return {
    to: recipient.email,
    subject: texts.accountExists.subject,
    text: letter(texts, recipient, [fillTemplate(texts.accountExists.body, { url })]),
  };
}
