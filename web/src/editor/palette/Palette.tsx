import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useToast } from '../../ui/index.js';
import { useEditor } from '../editor-context.js';
import {
  applyStepEntry,
  linkForTool,
  PALETTE_ENTRIES,
  PALETTE_TABS,
  type PaletteEntry,
  type PaletteTab,
} from './palette-entries.js';
import { PremiumOffer, useTenantPlan } from './PremiumOffer.js';
import { isOfferedPremium } from './premium.js';

const Aside = styled.aside`
  flex: none;
  width: 248px;
  display: flex;
  flex-direction: column;
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: auto;
`;

const TabList = styled.div`
  display: flex;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: 1;
  height: 40px;
  border: none;
  border-bottom: 3px solid ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.textMuted)};
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
 * Delay entry opens the filter or delay panel of the link into the selected step. Tabs follow
 * the WAI-ARIA tabs pattern (arrow keys move between them).
 */
export const Palette = observer(function Palette() {
  const editor = useEditor();
  const { showToast } = useToast();
  const [tab, setTab] = useState<PaletteTab>('TRIGGERS');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const plan = useTenantPlan();
  const [pendingEntry, setPendingEntry] = useState<PaletteEntry | null>(null);
  const [isOfferDismissed, setOfferDismissed] = useState(false);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    const next = (index + delta + PALETTE_TABS.length) % PALETTE_TABS.length;
    setTab(PALETTE_TABS[next]);
    tabRefs.current[next]?.focus();
  };

  const choose = (entry: PaletteEntry) => {
    if (entry.premium && isOfferedPremium(plan) && !isOfferDismissed) {
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
    const step = applyStepEntry(wf, entry, editor.selectedStepId);
    if (step) editor.select(step.id);
  };

  return (
    <Aside aria-label="Palette">
      <TabList role="tablist" aria-label="Palette">
        {PALETTE_TABS.map((name, index) => (
          <Tab
            key={name}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === name ? 0 : -1}
            $active={tab === name}
            onClick={() => setTab(name)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {name}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
        <List>
          {PALETTE_ENTRIES[tab].map((entry) => (
            <li key={entry.id}>
              <Entry type="button" onClick={() => choose(entry)} data-entry={entry.id}>
                <EntryIcon aria-hidden="true">
                  {entry.icon ? <img src={entry.icon} alt="" /> : entry.title.slice(0, 1)}
                </EntryIcon>
                <span>
                  <strong>{entry.title}</strong>
                  <span className="description">{entry.description}</span>
                </span>
              </Entry>
            </li>
          ))}
        </List>
      </div>
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
