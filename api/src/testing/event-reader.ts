/** Test helper: a server-sent event stream read as it arrives (`event:`/`data:` pairs). */
export function eventReader(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const received: { event: string; data: string }[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffered += value;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim();
        const event = field('event');
        if (event) received.push({ event, data: field('data') ?? '' });
      }
    }
  })();
  return {
    received,
    /** The ids of `appointment` events so far. */
    ids: () => received.filter((e) => e.event === 'appointment').map((e) => (JSON.parse(e.data) as { id: string }).id),
    async waitFor(predicate: () => boolean, ms = 2000) {
      const until = Date.now() + ms;
      while (!predicate()) {
        if (Date.now() > until) throw new Error(`no such event within ${ms} ms; received ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await reader.cancel();
      await pump;
    },
  };
}
