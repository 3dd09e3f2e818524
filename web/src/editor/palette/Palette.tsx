import { isPremiumApp } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { PremiumOffer, useTenantPlan } from '../../shared/PremiumOffer.js';
import { isOfferedPremium } from '../../shared/premium.js';
import { AppIcon, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '../../ui/index.js';
import { loadLayout } from '../canvas/canvas-actions.js';
import { useEditor } from '../editor-context.js';
import {
  applyStepEntry,
  linkForTool,
  PALETTE_TABS,
  type PaletteEntry,
  type PaletteTab,
  paletteEntries,
} from './palette-entries.js';

const Aside = styled.aside`
  flex: none;
  width: 248px;
  display: flex;
  flex-direction: column;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: auto;
`;

const TabList = styled(TabsList)`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled(TabsTrigger)`
  flex: 1;
  height: 40px;
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  &[data-state='active'] { color: ${({ theme }) => theme.colors.primary}; border-bottom-color: ${({ theme }) => theme.colors.primary}; }
  font: inherit;
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.04em;
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: inset ${({ theme }) => theme.focusRing}; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Entry = styled.button`
  width: 100%;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  strong { display: block; font-size: 14px; }
  span.description { display: block; font-size: 12px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const EntryIcon = styled.span`
  flex: none;
  width: 32px;
  height: 32px;
  display: grid;
  place-items: center;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  img { width: 24px; height: 24px; }
`;

/**
 * The palette (editor-core 1): tabs TRIGGERS, ACTIONS and TOOLS. A trigger entry sets the
 * trigger's app, an action entry adds a step after the selected (or last) step, an IF or
 * Delay entry opens the filter or delay panel of the link into the selected step. The tabs are
 * Radix Tabs (WAI-ARIA tabs: arrow keys move between them).
 */
export const Palette = observer(function Palette() {
  const editor = useEditor();
  const { showToast } = useToast();
  const [tab, setTab] = useState<PaletteTab>('TRIGGERS');
  const plan = useTenantPlan();
  const [pendingEntry, setPendingEntry] = useState<PaletteEntry | null>(null);
  const [isOfferDismissed, setOfferDismissed] = useState(false);
  // The messaging entries come from the app catalogue, read when ACTIONS is first opened (not at
  // the editor's opening: the catalogue is not first-load work).
  useEffect(() => {
    if (tab === 'ACTIONS') void editor.catalog.load();
  }, [tab, editor]);

  const choose = (entry: PaletteEntry) => {
    const isPremium = entry.effect.kind !== 'link' && isPremiumApp(entry.effect.app);
    if (isPremium && isOfferedPremium(plan) && !isOfferDismissed) {
      setPendingEntry(entry);
      return;
    }
    apply(entry);
  };

  const apply = (entry: PaletteEntry) => {
    const wf = editor.wf;
    if (entry.effect.kind === 'link') {
      const linkId = linkForTool(wf, editor.selectedStepId);
      if (!linkId) {
        showToast({ status: 'info', message: 'Add a second step first: filters and delays sit on links.' });
        return;
      }
      editor.openLinkPanel(linkId, entry.effect.panel);
      return;
    }
    const add = () => {
      const step = applyStepEntry(wf, entry, editor.selectedStepId);
      if (step) editor.select(step.id);
    };
    // Adding an action lays the canvas out: core's layout loads on first use (canvas-actions.ts).
    if (entry.effect.kind === 'trigger') add();
    else void loadLayout().then(add);
  };

  return (
    <Aside aria-label="Palette">
      <Tabs value={tab} onValueChange={setTab}>
        <TabList aria-label="Palette">
          {PALETTE_TABS.map((name) => (
            <Tab key={name} value={name}>
              {name}
            </Tab>
          ))}
        </TabList>
        <TabsContent value={tab}>
          <List>
            {paletteEntries(tab, editor.catalog.apps).map((entry) => (
              <li key={entry.id}>
                <Entry type="button" onClick={() => choose(entry)} data-entry={entry.id}>
                  <EntryIcon aria-hidden="true">
                    {entry.icon ? <AppIcon src={entry.icon} name={entry.title} size={24} /> : entry.title.slice(0, 1)}
                  </EntryIcon>
                  <span>
                    <strong>{entry.title}</strong>
                    <span className="description">{entry.description}</span>
                  </span>
                </Entry>
              </li>
            ))}
          </List>
        </TabsContent>
      </Tabs>
      <PremiumOffer
        open={pendingEntry !== null}
        onDismiss={() => {
          // 'No thanks' dismisses the offer for this visit and goes on with the chosen app.
          const entry = pendingEntry;
          setPendingEntry(null);
          setOfferDismissed(true);
          if (entry) apply(entry);
        }}
      />
    </Aside>
  );
});
