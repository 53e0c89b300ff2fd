// Input that PostgreSQL or a recursive consumer cannot take is refused at the edge with a 400, so
// no route has to remember it: NUL characters (text columns reject 0x00), lone UTF-16 surrogates
// (jsonb rejects them), and JSON nested deeper than any of our bodies (validators and libraries
// recurse and overflow the stack). Applies to JSON bodies, query strings and path parameters.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.js';

/** Our deepest body is a handful of levels; 32 leaves room and stops stack-overflow payloads. */
export const MAX_JSON_DEPTH = 32;

/** True when `text` holds a NUL or a lone surrogate. */
export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** Depth of the deepest object or array in a JSON text, counted without parsing (strings skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/** JSON.parse that refuses deep nesting, unsafe text in keys or values, and prototype keys. */
export function parseSafeJson(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError('BODY_TOO_DEEP', { max: MAX_JSON_DEPTH });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      // Keys that reach an object's prototype when a body is merged into another object.
      if (key === '__proto__' || key === 'constructor') throw new UnsafeInput('BAD_JSON');
      if (isUnsafeText(key) || (typeof value === 'string' && isUnsafeText(value))) throw new UnsafeInput('INVALID_TEXT');
      return value;
    });
  } catch (error) {
    throw new AppError(error instanceof UnsafeInput ? error.code : 'BAD_JSON');
  }
  return parsed;
}

class UnsafeInput extends Error {
  constructor(readonly code: 'BAD_JSON' | 'INVALID_TEXT') {
    super(code);
  }
}

const unsafeValue = (value: unknown): boolean => (typeof value === 'string' ? isUnsafeText(value) : Array.isArray(value) ? value.some(unsafeValue) : false);

/** Installs the JSON parser and the query/parameter check on the root instance (before any route). */
export function registerSafeInput(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    // An empty body is "no body" (DELETE and POST without content send the header anyway).
    if (body === '') return done(null, undefined);
    try {
      done(null, parseSafeJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    for (const source of [request.params, request.query]) {
      if (source && typeof source === 'object' && Object.entries(source).some(([key, value]) => isUnsafeText(key) || unsafeValue(value))) {
        throw new AppError('INVALID_TEXT');
      }
    }
  });
}
