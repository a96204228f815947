/**
 * How the editor's commands end: exit code 0 or the command's own, 2 with the usage on a usage
 * error, 1 with the message on any other error (e.g. sources that do not build).
 */

/** A wrong or missing command-line argument: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a command's body and exits the process with its code once its output is written.
 * @param usage printed after a UsageError's message (or parseArgs' own)
 */
export async function runCommand(usage: string, body: () => Promise<number>): Promise<never> {
  let code: number;
  try {
    code = await body();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // parseArgs throws TypeErrors with a code for unknown or malformed options
    const usageError = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(usageError ? `${message}\n${usage}` : `${message}\n`);
    code = usageError ? 2 : 1;
  }
  // a pipe is written asynchronously: exit only when what was written has gone out (else a large JSON is cut)
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))));
  process.exit(code);
}
