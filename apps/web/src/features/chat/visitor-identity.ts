// The anonymous id of a visitor who is not signed in (spec section 5 "Chat": "visitors get an
// anonymous id"), with a secret only this browser knows, kept in local storage. Made on first use
// of the chat; `started` remembers that it has a conversation (to merge it at sign-in).
import { CHAT_VISITOR_ID_LENGTH } from '@ipsv/contracts/chat';

const STORAGE_KEY = 'ipsv.chat.visitor';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export interface ChatVisitor {
  id: string;
  secret: string;
  started: boolean;
}

function randomText(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export function readVisitor(): ChatVisitor | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as ChatVisitor | null;
    if (stored && typeof stored.id === 'string' && stored.id.length === CHAT_VISITOR_ID_LENGTH && typeof stored.secret === 'string') return stored;
  } catch {
    // Unreadable: a new id below.
  }
  return null;
}

export function ensureVisitor(): ChatVisitor {
  const existing = readVisitor();
  if (existing) return existing;
  const visitor = { id: randomText(CHAT_VISITOR_ID_LENGTH), secret: randomText(40), started: false };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(visitor));
  return visitor;
}

export function markVisitorStarted(started: boolean) {
  const visitor = readVisitor();
  if (visitor) localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...visitor, started }));
}

export const visitorHeader = (visitor: ChatVisitor) => ({ 'x-chat-visitor': `${visitor.id}.${visitor.secret}` });
export const visitorProtocol = (visitor: ChatVisitor) => `ipsv-visitor.${visitor.id}.${visitor.secret}`;
