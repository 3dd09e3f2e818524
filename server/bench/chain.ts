/**
 * The chain every step benchmark runs (step-overhead.ts, cost.ts): Webhook → N − 1 Formatter
 * "upper case" steps, each on the previous one's output → an HTTP GET to the local target.
 * Built from the steps the engine tests use (test/support/workflow-steps.ts), imported when
 * a document is made so a parent process that only forks the roles does not load core.
 */

/** The webhook event the chain benches post: the chain upper-cases its `name`. */
export const CHAIN_EVENT = JSON.stringify({ amount: 42, name: 'ada lovelace', email: 'ada@example.com' });

/** A document: Webhook → N − 1 Formatter steps (upper case of the previous value) → HTTP GET. */
export async function chainDocument(steps: number, targetUrl: string): Promise<unknown> {
  const { httpGetStep, plainLink, upperCaseStep, webhookTrigger } = await import(
    '../../test/support/workflow-steps.js'
  );
  const list = [webhookTrigger('st-hook', { amount: 42, name: 'sample' })];
  let previous = '${st-hook.name}';
  for (let i = 1; i < steps; i++) {
    const id = `st-f${i}`;
    list.push(upperCaseStep(id, `Upper case ${i}`, previous, 200 * i));
    previous = `\${${id}.output}`;
  }
  list.push(
    httpGetStep({
      id: 'st-http',
      name: 'Call target',
      url: targetUrl,
      params: [{ key: 'v', value: previous }],
      x: 200 * steps,
      testData: { ok: true },
    }),
  );
  const links = list.slice(1).map((step, i) => plainLink(`ln-${i + 1}`, list[i].id, step.id));
  return { schemaVersion: 1, id: `chain-${steps}`, name: `Chain of ${steps}`, active: true, steps: list, links };
}
