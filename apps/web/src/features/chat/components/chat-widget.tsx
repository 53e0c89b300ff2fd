// The support chat widget (spec section 2 "Chat widget", section 4 "Chat", section 5 "Chat"), on
// every layout including /login: a toggle button with the unread badge, and the 'Chat Support'
// window with Online/Offline, the welcome line, bubbles with hour:minute, 'Support is typing...',
// and the message box (Enter sends, Shift+Enter a new line). Replies arrive on the app's live
// socket; while it is down and the window is open, the conversation is polled every 3,000 ms.
// Closing the window stops polling; opening it clears the unread count.
import { ActionIcon, Affix, Badge, Box, CloseButton, Group, Indicator, Paper, ScrollArea, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMessageCircle, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CHAT_MESSAGE_MAX, CHAT_POLL_MS, type ChatMessage } from '@ipsv/contracts/chat';
import { useSessionUser } from '../../../api/get-session';
import { LinkedText } from '../../../components/linked-text';
import { liveConnection, useLiveConnected, useLiveEvents, type LiveMessage } from '../../../lib/live-connection';
import { chatKey, conversationQuery, markChatRead, mergeVisitorChat, sendTyping, useSendChatMessage, type ChatCaller } from '../api/chat-api';
import { ensureVisitor, markVisitorStarted, readVisitor, visitorHeader, visitorProtocol, type ChatVisitor } from '../visitor-identity';

/** How long "Support is typing..." stays after the last signal. */
const TYPING_SHOWN_MS = 6000;
/** At most one typing signal per this many ms. */
const TYPING_SIGNAL_MS = 3000;

type Bubble = ChatMessage & { failed?: boolean };

const wantsChat = (search: string) => new URLSearchParams(search).get('chat') === 'open';

function MessageBubble({ message, time }: { message: Bubble; time: string }) {
  const mine = message.isUser && !message.failed;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} wrap="nowrap" data-testid="chat-message">
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg={message.failed ? 'red.0' : mine ? 'blue.9' : 'gray.1'}
        c={message.failed ? 'red.9' : mine ? 'white' : 'dark.9'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <Text size="sm" inherit>
          <LinkedText text={message.text} />
        </Text>
        {time && (
          <Text size="xs" ta="end" c={mine ? 'blue.0' : 'dimmed'} mt={2}>
            {time}
          </Text>
        )}
      </Paper>
    </Group>
  );
}

export function ChatWidget() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  const liveConnected = useLiveConnected();
  // A notification "support replied" links to /?chat=open.
  const [opened, setOpened] = useState(() => wantsChat(location.search));
  const [seenSearch, setSeenSearch] = useState(location.search);
  if (seenSearch !== location.search) {
    setSeenSearch(location.search);
    if (wantsChat(location.search)) setOpened(true);
  }
  const [visitor, setVisitor] = useState<ChatVisitor | null>(() => readVisitor());
  const [text, setText] = useState('');
  const [failed, setFailed] = useState<Bubble[]>([]);
  const [supportTypingUntil, setSupportTypingUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const lastTypingSignal = useRef(0);
  const viewport = useRef<HTMLDivElement>(null);

  /** An anonymous visitor gets their id when they first open the chat or write in it. */
  const ensureCaller = () => {
    if (!user && !visitor) setVisitor(ensureVisitor());
  };

  const caller: ChatCaller | null = useMemo(() => {
    if (user) return { key: `user:${user.id}`, headers: {} };
    return visitor ? { key: `visitor:${visitor.id}`, headers: visitorHeader(visitor) } : null;
  }, [user, visitor]);

  // The live socket speaks for an anonymous visitor once they use the chat.
  const visitorActive = !user && visitor !== null && (opened || visitor.started);
  useEffect(() => {
    liveConnection.setIdentity({ visitorProtocol: visitorActive && visitor ? visitorProtocol(visitor) : null });
  }, [visitorActive, visitor]);

  // Signing in keeps what was written anonymously.
  useEffect(() => {
    if (!user || !visitor?.started) return;
    void mergeVisitorChat({ id: visitor.id, secret: visitor.secret })
      .then(() => {
        markVisitorStarted(false);
        setVisitor(readVisitor());
        return queryClient.invalidateQueries({ queryKey: chatKey({ key: `user:${user.id}`, headers: {} }) });
      })
      .catch((error: unknown) => console.warn('The anonymous chat could not be kept with the account.', error));
  }, [user, visitor, queryClient]);

  const conversation = useQuery(
    conversationQuery(caller, {
      enabled: Boolean(user) || visitorActive,
      pollMs: opened && !liveConnected ? CHAT_POLL_MS : false,
    }),
  );
  const data = conversation.data;
  const connected = liveConnected || (conversation.isSuccess && !conversation.isError);

  const onLive = useCallback(
    (message: LiveMessage) => {
      if (!caller) return;
      if (message.type === 'chat' || message.type === 'chat-presence') void queryClient.invalidateQueries({ queryKey: chatKey(caller) });
      if (message.type === 'chat-typing' && message.by === 'support') {
        const at = Date.now();
        setNow(at);
        setSupportTypingUntil(at + TYPING_SHOWN_MS);
      }
    },
    [caller, queryClient],
  );
  useLiveEvents(onLive);

  // A reply ends the typing indicator; so does time.
  const lastMessageId = data?.messages.at(-1)?.id;
  const [seenMessageId, setSeenMessageId] = useState(lastMessageId);
  if (seenMessageId !== lastMessageId) {
    setSeenMessageId(lastMessageId);
    setSupportTypingUntil(0);
  }
  useEffect(() => {
    if (supportTypingUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), supportTypingUntil - now + 50);
    return () => clearTimeout(timer);
  }, [supportTypingUntil, now]);
  // Without the live socket, the polled conversation says whether support is typing.
  const supportTyping = supportTypingUntil > now || (!liveConnected && Boolean(data?.supportTyping));

  // Opening the window (and new replies while it is open) clears the unread count.
  const unread = data?.unread ?? 0;
  useEffect(() => {
    if (!opened || !caller || !data?.id || unread === 0) return;
    void markChatRead(caller).then(() => queryClient.invalidateQueries({ queryKey: chatKey(caller) }));
  }, [opened, caller, data?.id, unread, queryClient]);

  // Keep the newest message in view.
  const count = (data?.messages.length ?? 0) + failed.length;
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count, opened, supportTyping]);

  const send = useSendChatMessage(caller);
  const timeFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }), [i18n.language]);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && text.length <= CHAT_MESSAGE_MAX && connected && caller !== null && !send.isPending;

  const submit = () => {
    if (!canSend || !caller) return;
    const message = text;
    send.mutate(
      { text: message, page: location.pathname, language: i18n.language },
      {
        onSuccess: () => {
          setText('');
          if (!user) {
            markVisitorStarted(true);
            setVisitor(readVisitor());
          }
        },
        onError: () =>
          setFailed((list) => [
            ...list,
            { id: `failed-${Date.now()}`, text: t('chat.sendError'), isUser: false, timestamp: new Date().toISOString(), failed: true },
          ]),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    ensureCaller();
    if (!caller || !data?.id || !value.trim() || Date.now() - lastTypingSignal.current < TYPING_SIGNAL_MS) return;
    lastTypingSignal.current = Date.now();
    void sendTyping(caller).catch(() => undefined);
  };

  const bubbles: Bubble[] = [...(data?.messages ?? []), ...failed].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  const online = data?.online ?? false;

  return (
    // Above the footer's links and language switcher.
    <Affix position={{ bottom: 72, right: 20 }} zIndex={250}>
      <Stack align="flex-end" gap="sm">
        {opened && (
          <Paper
            shadow="xl"
            radius="md"
            withBorder
            w={{ base: 'calc(100vw - 40px)', xs: 360 }}
            h={480}
            mah="calc(100vh - 120px)"
            role="dialog"
            aria-label={t('chat.title')}
            data-testid="chat-window"
            style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
          >
            <Group justify="space-between" px="md" py="xs" bg="blue.9" c="white" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} size="sm" component="h2" m={0}>
                  {t('chat.title')}
                </Text>
                <Badge
                  size="sm"
                  variant="filled"
                  color={online ? 'teal.9' : 'gray.7'}
                  data-testid="chat-status"
                  leftSection={<Box w={6} h={6} bg={online ? 'teal.2' : 'gray.4'} style={{ borderRadius: 3 }} />}
                >
                  {online ? t('chat.online') : t('chat.offline')}
                </Badge>
              </Group>
              <CloseButton variant="transparent" c="white" aria-label={t('chat.close')} onClick={() => setOpened(false)} />
            </Group>
            <ScrollArea viewportRef={viewport} style={{ flex: 1 }} px="sm" py="sm">
              <Stack gap={8} role="log" aria-live="polite" aria-label={t('chat.messages')}>
                <MessageBubble message={{ id: 'welcome', text: t('chat.welcome'), isUser: false, timestamp: '' }} time="" />
                {bubbles.map((message) => (
                  <MessageBubble key={message.id} message={message} time={message.timestamp ? timeFormat.format(new Date(message.timestamp)) : ''} />
                ))}
                {supportTyping && (
                  <Text size="xs" c="dimmed" fs="italic" data-testid="chat-typing">
                    {t('chat.supportTyping')}
                  </Text>
                )}
              </Stack>
            </ScrollArea>
            <Group gap="xs" p="sm" wrap="nowrap" align="flex-end" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Textarea
                style={{ flex: 1 }}
                autosize
                minRows={1}
                maxRows={4}
                placeholder={t('chat.placeholder')}
                aria-label={t('chat.placeholder')}
                value={text}
                maxLength={CHAT_MESSAGE_MAX}
                onChange={(event) => onChange(event.currentTarget.value)}
                onKeyDown={onKeyDown}
                error={text.length >= CHAT_MESSAGE_MAX ? t('chat.tooLong', { max: CHAT_MESSAGE_MAX }) : undefined}
              />
              <Tooltip label={connected ? t('chat.send') : t('chat.notConnected')}>
                <ActionIcon size="lg" variant="filled" aria-label={t('chat.send')} disabled={!canSend} loading={send.isPending} onClick={submit}>
                  <IconSend size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        )}
        <Indicator label={unread} size={18} disabled={opened || unread === 0} color="red" offset={4}>
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            aria-label={opened ? t('chat.close') : unread > 0 ? t('chat.openUnread', { count: unread }) : t('chat.open')}
            aria-expanded={opened}
            onClick={() => {
              if (!opened) ensureCaller();
              setOpened(!opened);
            }}
            data-testid="chat-toggle"
          >
            <IconMessageCircle size={26} />
          </ActionIcon>
        </Indicator>
      </Stack>
    </Affix>
  );
}
