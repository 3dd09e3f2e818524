/**
 * The chain every step benchmark runs (step-overhead.ts, cost.ts): Webhook → N − 1 Formatter
 * "upper case" steps, each on the previous one's output → an HTTP GET to the local target.
 */

/** A document: Webhook → N − 1 Formatter steps (upper case of the previous value) → HTTP GET. */
export async function chainDocument(steps: number, targetUrl: string): Promise<unknown> {
  const { createStepData } = await import('@junction/core');
  const trigger = {
    id: 'st-hook',
    kind: 'trigger' as const,
    position: { x: 0, y: 0 },
    data: createStepData({
      name: 'Catch Hook',
      type: 'webhook',
      app: 'webhook',
      label: 'Webhook',
      action: 'catchHook',
      triggerlabel: 'Catch Hook',
      testData: { amount: 42, name: 'sample' },
    }),
  };
  const list: { id: string; kind: 'trigger' | 'action'; position: { x: number; y: number }; data: unknown }[] = [
    trigger,
  ];
  let previous = '${st-hook.name}';
  for (let i = 1; i < steps; i++) {
    const id = `st-f${i}`;
    list.push({
      id,
      kind: 'action',
      position: { x: 200 * i, y: 0 },
      data: createStepData({
        name: `Upper case ${i}`,
        type: 'formatter',
        app: 'formatter',
        label: 'Formatter',
        action: 'text',
        actionlabel: 'Text',
        fields: [
          { name: 'transform', value: 'upper' },
          { name: 'input', value: previous },
        ],
        // Tested once: only a workflow whose steps are all tested is switched ON (editor-core 4.2).
        testData: { ok: true },
      }),
    });
    previous = `\${${id}.output}`;
  }
  list.push({
    id: 'st-http',
    kind: 'action',
    position: { x: 200 * steps, y: 0 },
    data: createStepData({
      name: 'Call target',
      type: 'http',
      label: 'HTTP request',
      action: 'customRequest',
      actionlabel: 'Custom Request',
      fields: [
        { name: 'requestType', value: 'GET' },
        { name: 'url', value: targetUrl },
        { name: 'params', value: [{ key: 'v', value: previous }] },
      ],
      testData: { ok: true },
    }),
  });
  const links = list.slice(1).map((step, i) => ({
    id: `ln-${i + 1}`,
    source: list[i].id,
    target: step.id,
    name: '',
    groups: [],
    delaySeconds: 0,
  }));
  return { schemaVersion: 1, id: `chain-${steps}`, name: `Chain of ${steps}`, active: true, steps: list, links };
}
