import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { refusal, useCan } from '../../access/useCan.js';
import { Button, Spinner } from '../../ui/index.js';
import { type IStepPanelModel, WAITING_TEXT } from './panel-step.js';
import { ErrorBox, Muted, Row, SuccessBox } from './parts.js';
import { TestViewer } from './TestViewer.js';

/** Re-renders every `ms` so 'about N seconds ago' stays true while the panel is open. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * The action panel's Test step (editor-core 2.8, 4.8): 'Skip test' and 'Test action', then
 * 'Waiting for response data', the success line or the error heading with the error data,
 * 'Retest action' and 'Continue'.
 */
export const ActionTest = observer(function ActionTest({
  model,
  onDone,
}: {
  model: IStepPanelModel;
  onDone: () => void;
}) {
  const now = useNow(10_000);
  const testRefusal = refusal(useCan('workflow.test'));
  const phase = model.testPhase;
  if (phase === 'idle') {
    return (
      <div>
        <Muted>{testRefusal ?? "Send a real request with this step's values to see what it returns."}</Muted>
        <Row>
          <Button variant="ghost" onClick={onDone}>
            Skip test
          </Button>
          <Button
            data-tour="test-action"
            disabled={testRefusal !== undefined}
            title={testRefusal}
            onClick={() => void model.runTest()}
          >
            Test action
          </Button>
        </Row>
      </div>
    );
  }
  if (phase === 'testing') {
    return (
      <Row aria-live="polite">
        <Spinner label={WAITING_TEXT} size={20} />
        <span>{WAITING_TEXT}</span>
      </Row>
    );
  }
  const result = model.testResult;
  return (
    <div aria-live="polite">
      {phase === 'tested' ? (
        <SuccessBox role="status">{model.successText(Math.max(now, model.data.actionTestTime ?? now))}</SuccessBox>
      ) : (
        <ErrorBox role="alert">
          <p>
            <strong>{model.testError}</strong>
          </p>
        </ErrorBox>
      )}
      {result?.message && <Muted>{result.message}</Muted>}
      {(result || model.shownOutput !== null) && (
        <TestViewer
          output={model.shownOutput}
          response={
            result
              ? { ok: result.ok, statusCode: result.statusCode, message: result.message, testedAt: result.testedAt }
              : undefined
          }
        />
      )}
      <Row>
        <Button
          variant="ghost"
          disabled={testRefusal !== undefined}
          title={testRefusal}
          onClick={() => void model.runTest()}
        >
          Retest action
        </Button>
        <Button onClick={onDone}>Continue</Button>
      </Row>
    </div>
  );
});
