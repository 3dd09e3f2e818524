import type { Link, ReferenceSamples, Step } from '@junction/core';
import { useState } from 'react';
import styled from 'styled-components';
import { DataTree } from '../ui/DataTree.js';
import { Button, Dialog, Tab, TabBar, Table, Tabs, TabsContent } from '../ui/index.js';
import { StaticPills } from '../ui/StaticPills.js';
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

/** The data preview, 350 px high (onboarding 9): the step's data as an expandable tree. */
const Data = styled.div`
  max-height: 350px;
  overflow: auto;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
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

const Fields = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; font-weight: ${({ theme }) => theme.font.weight.semibold}; }
  dd { margin: 0; }
  code { font-family: ${({ theme }) => theme.font.mono}; word-break: break-all; }
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
            <Fields>
              {step.data.fields.map((field) => (
                <div key={field.name} style={{ display: 'contents' }}>
                  <dt>{field.title || field.name}</dt>
                  <dd>
                    <code>{toJsonText(field.value)}</code>
                  </dd>
                </div>
              ))}
            </Fields>
          ) : (
            <Tabs value={tab ?? 'output'} onValueChange={(t) => setChosen(t as StepDialogTab)}>
              <TabBar aria-label="Step data">
                {tabs.map((t) =>
                  t === 'fields' ? null : (
                    <Tab key={t} value={t}>
                      {TAB_LABELS[t]}
                    </Tab>
                  ),
                )}
              </TabBar>
              <TabsContent value={tab ?? 'output'} asChild>
                <Data>
                  {run ? (
                    <DataTree
                      data={tab === 'input' ? run.input : run.output}
                      label={TAB_LABELS[tab === 'input' ? 'input' : 'output']}
                    />
                  ) : (
                    'This step did not run.'
                  )}
                </Data>
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
        <div data-testid="filter-dialog">
          <Table
            caption="Conditions"
            rows={filterRows(link)}
            rowKey={(row) => row.key}
            columns={[
              { key: 'group', header: 'Group', cell: (row) => (row.group === 0 ? 'All of' : `Or group ${row.group}`) },
              { key: 'field', header: 'Field', cell: (row) => <StaticPills text={row.field} samples={samples} /> },
              { key: 'condition', header: 'Condition', cell: (row) => row.condition },
              { key: 'value', header: 'Value', cell: (row) => <StaticPills text={row.value} samples={samples} /> },
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}
