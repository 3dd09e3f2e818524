/**
 * The steps and links the engine tests, the reliability scenarios and the server benches build
 * their webhook workflows from: a Catch Hook trigger, an HTTP GET to a local target, a Formatter
 * "upper case" step, and a plain link. Pure data over core's `createStepData`, so a bench's
 * child process can import it without any test runner.
 */
import { createStepData, type Link, type Step } from '@junction/core';

/** The Webhook "Catch Hook" trigger, tested with `testData` (its sample event). */
export function webhookTrigger(id: string, testData: Record<string, unknown>): Step {
  return {
    id,
    kind: 'trigger',
    position: { x: 0, y: 0 },
    data: createStepData({
      name: 'Catch Hook',
      type: 'webhook',
      app: 'webhook',
      label: 'Webhook',
      action: 'catchHook',
      triggerlabel: 'Catch Hook',
      testData,
    }),
  };
}

/** What {@link httpGetStep} asks for. */
export interface HttpGetOptions {
  id: string;
  name: string;
  url: string;
  /** Query parameters, values may reference earlier steps (`${st-hook.amount}`). */
  params: { key: string; value: string }[];
  /** Horizontal position on the canvas. */
  x: number;
  /** The step's test result. */
  testData: Record<string, unknown>;
}

/**
 * An HTTP request step: GET `url` with `params`. It carries a test result because only a
 * workflow whose steps are all tested is switched ON (editor-core 4.2).
 */
export function httpGetStep(options: HttpGetOptions): Step {
  return {
    id: options.id,
    kind: 'action',
    position: { x: options.x, y: 0 },
    data: createStepData({
      name: options.name,
      type: 'http',
      label: 'HTTP request',
      action: 'customRequest',
      actionlabel: 'Custom Request',
      fields: [
        { name: 'requestType', value: 'GET' },
        { name: 'url', value: options.url },
        { name: 'params', value: options.params },
      ],
      testData: options.testData,
    }),
  };
}

/** A Formatter "Text → upper case" step over `input` (a reference such as `${st-hook.name}`), tested. */
export function upperCaseStep(id: string, name: string, input: string, x: number): Step {
  return {
    id,
    kind: 'action',
    position: { x, y: 0 },
    data: createStepData({
      name,
      type: 'formatter',
      app: 'formatter',
      label: 'Formatter',
      action: 'text',
      actionlabel: 'Text',
      fields: [
        { name: 'transform', value: 'upper' },
        { name: 'input', value: input },
      ],
      testData: { ok: true },
    }),
  };
}

/** A link from `source` to `target` without filter or delay. */
export function plainLink(id: string, source: string, target: string): Link {
  return { id, source, target, name: '', groups: [], delaySeconds: 0 };
}
