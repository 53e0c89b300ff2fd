// /support (support and admin roles): the support console. Conversations with their unread counts
// and the visitor's context (signed in or anonymous, email, page, language); claim, reply, typing
// both ways, close and reopen, search. While the page is open its user counts as online for the
// widgets. Updates arrive on the live socket; without it the console polls every 3 s.
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CHAT_MESSAGE_MAX, CHAT_POLL_MS, type SupportConversation } from '@ipsv/contracts/chat';
import { useSessionUser } from '../../../api/get-session';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { LinkedText } from '../../../components/linked-text';
import { Page } from '../../../components/page';
import { useLiveConnected, useLiveEvents, type LiveMessage } from '../../../lib/live-connection';
import { relativeTime } from '../../../lib/relative-time';
import { LabelledPagination } from '../../../components/labelled-pagination';
import {
  conversationQuery,
  conversationsQuery,
  sendSupportTyping,
  setPresence,
  SUPPORT_KEY,
  SUPPORT_PAGE_SIZE,
  useClaim,
  useReply,
  useSetStatus,
} from '../api/support-api';

const PRESENCE_EVERY_MS = 20_000;
const TYPING_SHOWN_MS = 6000;
const TYPING_SIGNAL_MS = 3000;

/** Marks this console online while it is open (every 20 s), offline when it closes. */
function usePresence(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const connection = crypto.randomUUID().replace(/-/g, '');
    const beat = () => void setPresence(connection, true).catch(() => undefined);
    beat();
    const timer = setInterval(beat, PRESENCE_EVERY_MS);
    const leave = () => void setPresence(connection, false).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [enabled]);
}

function ConversationRow({ conversation, selected, onSelect }: { conversation: SupportConversation; selected: boolean; onSelect: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton
      onClick={onSelect}
      p="sm"
      w="100%"
      aria-current={selected ? 'true' : undefined}
      data-testid="support-conversation"
      style={{ borderRadius: 8, background: selected ? 'var(--mantine-color-blue-0)' : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} truncate>
          {conversation.visitor.name || t('support.anonymous')}
        </Text>
        {conversation.unread > 0 && (
          <Badge color="red" size="sm" aria-label={t('support.unread', { count: conversation.unread })}>
            {conversation.unread}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {conversation.lastMessage}
      </Text>
      <Group gap={6} mt={2}>
        <Text size="xs" c="dimmed">
          {relativeTime(conversation.lastMessageAt, i18n.language)}
        </Text>
        {conversation.claimedBy && (
          <Text size="xs" c="dimmed">
            · {t('support.claimedBy', { name: conversation.claimedBy.name })}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

function ConversationPanel({ id, pollMs, visitorTypingUntil }: { id: string; pollMs: number | false; visitorTypingUntil: number }) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const detail = useQuery(conversationQuery(id, pollMs));
  const reply = useReply();
  const claim = useClaim();
  const setStatus = useSetStatus();
  const [text, setText] = useState('');
  const lastSignal = useRef(0);
  const viewport = useRef<HTMLDivElement>(null);
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }), [i18n.language]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A fresh signal: show it until it is TYPING_SHOWN_MS old.
    const start = setTimeout(() => setNow(Date.now()), 0);
    const end = setTimeout(() => setNow(Date.now()), Math.max(0, visitorTypingUntil - Date.now()) + 50);
    return () => {
      clearTimeout(start);
      clearTimeout(end);
    };
  }, [visitorTypingUntil]);

  const conversation = detail.data;
  const count = conversation?.messages.length ?? 0;
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  if (detail.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!conversation) return <ErrorAlert error={detail.error} />;

  const visitorTyping = visitorTypingUntil > now || conversation.visitorTyping;
  const canSend = text.trim().length > 0 && !reply.isPending;
  const submit = () => {
    if (!canSend) return;
    reply.mutate({ id, text }, { onSuccess: () => setText('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const onChange = (value: string) => {
    setText(value);
    if (!value.trim() || Date.now() - lastSignal.current < TYPING_SIGNAL_MS) return;
    lastSignal.current = Date.now();
    void sendSupportTyping(id).catch(() => undefined);
  };

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {conversation.visitor.name || t('support.anonymous')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="support-context">
            {[
              conversation.visitor.kind === 'user' ? t('support.signedIn') : t('support.anonymousVisitor'),
              conversation.visitor.email,
              conversation.visitor.page && t('support.onPage', { page: conversation.visitor.page }),
              conversation.visitor.language && t('support.language', { language: conversation.visitor.language }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">
          {conversation.claimedBy?.id !== user?.id && (
            <Button size="xs" variant="light" loading={claim.isPending} onClick={() => claim.mutate(id)}>
              {t('support.claim')}
            </Button>
          )}
          {conversation.status === 'open' ? (
            <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => setStatus.mutate({ id, status: 'closed' })}>
              {t('support.close')}
            </Button>
          ) : (
            <Button size="xs" variant="default" loading={setStatus.isPending} onClick={() => setStatus.mutate({ id, status: 'open' })}>
              {t('support.reopen')}
            </Button>
          )}
        </Group>
      </Group>
      <ErrorAlert error={reply.error ?? claim.error ?? setStatus.error} />
      <ScrollArea h={380} viewportRef={viewport} type="auto">
        <Stack gap={8} role="log" aria-live="polite" aria-label={t('chat.messages')} pr="sm">
          {conversation.messages.map((message) => (
            <Group key={message.id} justify={message.isUser ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="support-message">
              <Card
                padding="xs"
                radius="md"
                maw="80%"
                bg={message.isUser ? 'blue.9' : 'gray.1'}
                c={message.isUser ? 'white' : 'dark.9'}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                <Text size="sm" inherit>
                  <LinkedText text={message.text} />
                </Text>
                <Text size="xs" ta="end" c={message.isUser ? 'blue.0' : 'dimmed'}>
                  {[message.author, timeFormat.format(new Date(message.timestamp))].filter(Boolean).join(' · ')}
                </Text>
              </Card>
            </Group>
          ))}
          {visitorTyping && (
            <Text size="xs" c="dimmed" fs="italic" data-testid="support-visitor-typing">
              {t('support.visitorTyping')}
            </Text>
          )}
        </Stack>
      </ScrollArea>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={5}
          placeholder={t('support.replyPlaceholder')}
          aria-label={t('support.replyPlaceholder')}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button leftSection={<IconSend size={16} />} disabled={!canSend} loading={reply.isPending} onClick={submit}>
          {t('chat.send')}
        </Button>
      </Group>
    </Stack>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isSupport = user?.role === 'support' || user?.role === 'admin';
  const queryClient = useQueryClient();
  const connected = useLiveConnected();
  const pollMs = connected ? false : CHAT_POLL_MS;
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [typing, setTyping] = useState<Record<string, number>>({});
  usePresence(isSupport);

  const list = useQuery({ ...conversationsQuery({ status, search: debounced, page }, pollMs), enabled: isSupport });
  const onLive = useCallback(
    (message: LiveMessage) => {
      if (message.type === 'chat') void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
      if (message.type === 'chat-typing' && message.by === 'visitor')
        setTyping((current) => ({ ...current, [String(message.conversationId)]: Date.now() + TYPING_SHOWN_MS }));
    },
    [queryClient],
  );
  useLiveEvents(onLive);

  if (!isSupport) {
    return (
      <Page title={t('pages.support.title')}>
        <Alert color="red" variant="light" role="alert">
          {t('errors.SUPPORT_ONLY')}
        </Alert>
      </Page>
    );
  }

  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / SUPPORT_PAGE_SIZE));
  return (
    <Page title={t('pages.support.title')}>
      {!connected && (
        <Text size="sm" c="dimmed" role="status">
          {t('support.polling')}
        </Text>
      )}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="sm">
            <Stack gap="xs">
              <TextInput
                leftSection={<IconSearch size={16} />}
                placeholder={t('support.search')}
                aria-label={t('support.search')}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
              />
              <SegmentedControl
                fullWidth
                size="xs"
                value={status}
                onChange={(value) => {
                  setStatus(value as 'open' | 'closed');
                  setPage(1);
                }}
                data={[
                  { value: 'open', label: t('support.open') },
                  { value: 'closed', label: t('support.closed') },
                ]}
              />
              <ErrorAlert error={list.error} />
              {list.data?.conversations.length === 0 && <EmptyState title={t('support.empty')} hint={t('support.emptyHint')} />}
              <Stack gap={2} component="nav" aria-label={t('support.conversations')}>
                {list.data?.conversations.map((conversation) => (
                  <ConversationRow
                    key={conversation.id}
                    conversation={conversation}
                    selected={conversation.id === selected}
                    onSelect={() => setParams({ conversation: conversation.id })}
                  />
                ))}
              </Stack>
              {pages > 1 && <LabelledPagination size="sm" total={pages} value={page} onChange={setPage} />}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="md" mih={480}>
            {selected ? (
              <ConversationPanel key={selected} id={selected} pollMs={pollMs} visitorTypingUntil={typing[selected] ?? 0} />
            ) : (
              <EmptyState title={t('support.choose')} hint={t('support.chooseHint')} />
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
