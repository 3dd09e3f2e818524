import { useState } from 'react';
import styled from 'styled-components';
import { DataTree } from '../../ui/DataTree.js';
import { Tabs, TabsContent } from '../../ui/index.js';
import { Tab, TabList } from './parts.js';

/** The test viewer's tabs (editor-core 2.11). */
export const VIEWER_TABS = ['Data', 'Raw Console', 'Response'] as const;
/** One tab of the test viewer. */
export type ViewerTab = (typeof VIEWER_TABS)[number];

const Frame = styled(TabsContent)`
  margin-top: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: ${({ theme }) => theme.space(2)};
  max-height: 360px;
  overflow: auto;
  font-size: 13px;
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

// Radix builds element ids from tab values, so a value holds no space ('raw-console').
const tabValue = (tab: ViewerTab): string => tab.toLowerCase().replace(/ /g, '-');
const tabOf = (value: string): ViewerTab => VIEWER_TABS.find((tab) => tabValue(tab) === value) ?? 'Data';

/** What the Response tab says about the call. */
export interface ViewerResponse {
  ok?: boolean;
  statusCode?: number;
  message?: string;
  testedAt?: string;
}

/**
 * The test viewer (editor-core 2.11): the output as an expandable JSON tree (Data), as text
 * (Raw Console), and the call's status (Response). The tree is the ui's DataTree.
 */
export function TestViewer({ output, response }: { output: unknown; response?: ViewerResponse }) {
  const [tab, setTab] = useState<ViewerTab>('Data');
  return (
    <Tabs value={tabValue(tab)} onValueChange={(value) => setTab(tabOf(value))}>
      <TabList aria-label="Test result">
        {VIEWER_TABS.map((name) => (
          <Tab key={name} value={tabValue(name)}>
            {name}
          </Tab>
        ))}
      </TabList>
      <Frame value={tabValue(tab)}>
        {tab === 'Data' && <DataTree data={output} label="Test data" />}
        {tab === 'Raw Console' && <pre>{JSON.stringify(output ?? null, null, 2)}</pre>}
        {tab === 'Response' && (
          <dl>
            <dt>Outcome</dt>
            <dd>{response?.ok === false ? 'Failed' : 'Succeeded'}</dd>
            {response?.statusCode !== undefined && (
              <>
                <dt>Status</dt>
                <dd>{response.statusCode}</dd>
              </>
            )}
            {response?.message && (
              <>
                <dt>Message</dt>
                <dd>{response.message}</dd>
              </>
            )}
            {response?.testedAt && (
              <>
                <dt>Tested at</dt>
                <dd>{new Date(response.testedAt).toLocaleString()}</dd>
              </>
            )}
          </dl>
        )}
      </Frame>
    </Tabs>
  );
}
