// A progress line for command-line tools: a redrawn bar on a terminal, plain "NN%" lines when the
// output is a file or a pipe (logs stay readable).
export const progressBar = (label: string, stream: NodeJS.WriteStream = process.stderr) => {
  let last = -1;
  let printed = -1;
  return {
    update(percent: number) {
      const value = Math.max(0, Math.min(100, Math.floor(percent)));
      if (value === last) return;
      last = value;
      if (stream.isTTY) {
        const width = 30;
        const filled = Math.round((value / 100) * width);
        stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(value).padStart(3)}%`);
      } else if (Math.floor(value / 10) > Math.floor(printed / 10) || (value === 100 && printed < 100)) {
        // Every tenth, even when progress jumps over the exact multiple.
        printed = value;
        stream.write(`${label} ${value}%\n`);
      }
    },
    done() {
      if (stream.isTTY && last >= 0) stream.write('\n');
    },
  };
};
