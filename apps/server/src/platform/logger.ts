// Structured logs (pino): JSON lines for log collectors, readable coloured lines when a person
// watches a terminal. Every request is logged at debug (LOG_LEVEL=debug shows them); errors,
// refusals worth a look and the lifecycle lines (start, stop, jobs) stay at info and above.
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const settings = {
    level,
    base: { pid: process.pid },
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  const readable = options.pretty ?? process.stdout.isTTY === true;
  return readable ? pino(settings, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' })) : pino(settings);
}
