// The shape both command lines share (`<command> [file] [options]`, -h/--help): parse, or say what
// is wrong with the usage and give the exit code.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export const parseCommandLine = <const O extends Options>(
  argv: string[],
  options: O,
  usage: string,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
) => {
  const config = { args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' } } } as const;
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const [command, file] = parsed.positionals;
  const help = (parsed.values as { help?: boolean }).help === true;
  if (help || !command) {
    (help ? out : err).write(usage);
    return help ? 0 : 2;
  }
  return { values: parsed.values, command, file };
};
