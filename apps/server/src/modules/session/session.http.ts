// HTTP glue shared by the routes: the caller's headers and address, and the cookies a service asked
// to set (the signed-in caller is actor.ts). Services never see Fastify; this is the only translation.
import type { FastifyReply, FastifyRequest } from 'fastify';

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

export function callerOf(request: FastifyRequest) {
  const headers = webHeaders(request);
  // better-auth records the address of each session from this header.
  headers.set('x-forwarded-for', request.ip);
  return { headers, ip: request.ip };
}

export function sendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
