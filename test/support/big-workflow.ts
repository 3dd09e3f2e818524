/**
 * The large workflow the editor benchmark opens and the API test saves (editor-core 3: big
 * workflows stay fast): one long chain, every step tested.
 */
import {
  createLink,
  createStepData,
  type Link,
  type Step,
  WORKFLOW_SCHEMA_VERSION,
  type WorkflowDocument,
} from '@junction/core';

/** A chain of one tested webhook trigger and `count - 1` tested HTTP actions, laid out top to bottom. */
export function bigWorkflow(id: string, name: string, count: number): WorkflowDocument {
  const steps: Step[] = [];
  const links: Link[] = [];
  for (let i = 0; i < count; i += 1) {
    const isTrigger = i === 0;
    steps.push({
      id: `s${i}`,
      kind: isTrigger ? 'trigger' : 'action',
      position: { x: 220, y: 40 + i * 180 },
      data: createStepData({
        name: isTrigger ? 'Catch Hook in Webhook' : `Step ${i}: create order`,
        type: isTrigger ? 'webhook' : 'http',
        label: isTrigger ? 'Webhook' : 'HTTP request',
        icon: isTrigger ? '/icons/webhook.svg' : '/icons/http.svg',
        action: isTrigger ? 'catchHook' : 'customRequest',
        testData: { index: i, ok: true },
      }),
    });
    if (i > 0) links.push(createLink({ id: `l${i}`, source: `s${i - 1}`, target: `s${i}` }));
  }
  return { schemaVersion: WORKFLOW_SCHEMA_VERSION, id, name, active: false, steps, links };
}
