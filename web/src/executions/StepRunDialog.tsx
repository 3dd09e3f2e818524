import type { Link, ReferenceSamples, Step } from '@junction/core';
import { useState } from 'react';
import styled from 'styled-components';
import { StaticPills } from '../editor/fields/StaticPills.js';
import { Button, Dialog, Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/index.js';
import {
  filterRows,
  isRerunnable,
  REPLAY_TEXTS,
  STEP_STATUS_LABELS,
  type StepDialogTab,
  type StepRunRecord,
  stepDialogTabs,
  toJsonText,
} from './execution-replay.js';

const TabStrip = styled(TabsList)`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Tab = styled(TabsTrigger)`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  &[data-state='active'] { color: ${({ theme }) => theme.colors.accentText}; border-bottom-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** JSON preview, 350 px high (onboarding 9). */
const Json = styled.pre`
  max-height: 350px;
  overflow: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.small};
  white-space: pre-wrap;
  word-break: break-word;
`;

const Meta = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const ErrorText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.dangerText};
  font-weight: 600;
`;

const Rerun = styled.fieldset`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  legend { font-weight: 600; padding: 0 4px; }
  label { display: inline-flex; gap: 6px; align-items: center; }
`;

const Rows = styled.table`
  width: 100%;
  border-collapse: collapse;
  td, th { padding: 6px 8px; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: left; }
  th { font-size: ${({ theme }) => theme.font.size.small}; color: ${({ theme }) => theme.colors.muted}; }
  code { word-break: break-all; }
`;

const TAB_LABELS: Record<Exclude<StepDialogTab, 'fields'>, string> = {
  input: REPLAY_TEXTS.inputTab,
  output: REPLAY_TEXTS.outputTab,
};

/** Props of {@link StepRunDialog}. */
export interface StepRunDialogProps {
  step: Step | null;
  run: StepRunRecord | undefined;
  onClose: () => void;
  /** Re-runs the execution from this step; absent while a run is in flight. */
  onRerun?: (stepId: string, version: 'original' | 'latest') => void;
  isBusy: boolean;
}

/**
 * The dialog of one step on the replay page (onboarding 2): an action's Input data and Output
 * data tabs, a trigger's Output data only, a filter step's fields; the step's status and
 * error; for actions, re-run from here with the original or the latest workflow version.
 */
export function StepRunDialog({ step, run, onClose, onRerun, isBusy }: StepRunDialogProps) {
  const tabs = step ? stepDialogTabs(step) : [];
  const [chosen, setChosen] = useState<StepDialogTab | null>(null);
  const [version, setVersion] = useState<'original' | 'latest'>('original');
  const tab = chosen && tabs.includes(chosen) ? chosen : tabs[tabs.length - 1];
  return (
    <Dialog
      open={step !== null}
      onOpenChange={(open) => {
        if (!open) {
          setChosen(null);
          onClose();
        }
      }}
      title={step ? step.data.name || 'Step' : ''}
    >
      {step && (
        <div data-testid="step-run-dialog">
          <Meta>
            {step.data.label ? `${step.data.label} · ` : ''}
            {STEP_STATUS_LABELS[run?.status ?? 'not_run']}
            {run?.attempts && run.attempts > 1 ? ` · ${run.attempts} attempts` : ''}
          </Meta>
          {run?.error && <ErrorText>{run.error}</ErrorText>}
          {tab === 'fields' ? (
            <Rows>
              <tbody>
                {step.data.fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">{field.title || field.name}</th>
                    <td>
                      <code>{toJsonText(field.value)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Rows>
          ) : (
            <Tabs value={tab ?? 'output'} onValueChange={(t) => setChosen(t as StepDialogTab)}>
              <TabStrip aria-label="Step data">
                {tabs.map((t) =>
                  t === 'fields' ? null : (
                    <Tab key={t} value={t}>
                      {TAB_LABELS[t]}
                    </Tab>
                  ),
                )}
              </TabStrip>
              <TabsContent value={tab ?? 'output'} asChild>
                <Json>{run ? toJsonText(tab === 'input' ? run.input : run.output) : 'This step did not run.'}</Json>
              </TabsContent>
            </Tabs>
          )}
          {isRerunnable(step) && onRerun && (
            <Rerun>
              <legend>Re-run from this step</legend>
              <label>
                <input
                  type="radio"
                  name="version"
                  checked={version === 'original'}
                  onChange={() => setVersion('original')}
                />
                Original version
              </label>
              <label>
                <input
                  type="radio"
                  name="version"
                  checked={version === 'latest'}
                  onChange={() => setVersion('latest')}
                />
                Latest version
              </label>
              <Button disabled={isBusy} onClick={() => onRerun(step.id, version)}>
                {isBusy ? 'Running...' : 'Re-run from here'}
              </Button>
            </Rerun>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Props of {@link FilterDialog}. */
export interface FilterDialogProps {
  link: Link | null;
  /** The run's step outputs, so references read 'Step · field' with this run's values. */
  samples: ReferenceSamples;
  onClose: () => void;
}

/** A filter on a link, read-only: its condition groups (onboarding 2 "Filter nodes show their fields"). */
export function FilterDialog({ link, samples, onClose }: FilterDialogProps) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()} title={link?.name || 'Filter'}>
      {link && (
        <Rows data-testid="filter-dialog">
          <thead>
            <tr>
              <th>Group</th>
              <th>Field</th>
              <th>Condition</th>
              <th>Value</th>
            </tr>
          </thead>
          <tbody>
            {filterRows(link).map((row) => (
              <tr key={row.key}>
                <td>{row.group === 0 ? 'All of' : `Or group ${row.group}`}</td>
                <td>
                  <StaticPills text={row.field} samples={samples} />
                </td>
                <td>{row.condition}</td>
                <td>
                  <StaticPills text={row.value} samples={samples} />
                </td>
              </tr>
            ))}
          </tbody>
        </Rows>
      )}
    </Dialog>
  );
}
