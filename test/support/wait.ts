/** Polls `test` every 50 ms until it holds; throws naming `what` after `ms`. */
export async function waitFor(what: string, test: () => Promise<boolean> | boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
