/**
 * Tabs on Radix Tabs (WAI-ARIA tabs: arrow keys move between tabs, Home and End, each panel
 * labelled by its tab). Every tab list in the product uses these: `TabBar` and `Tab` are the
 * styled list and tab; a screen may still style its own through `asChild`.
 *
 * @example
 * <Tabs value={tab} onValueChange={setTab}>
 *   <TabsList aria-label="Test result">
 *     <TabsTrigger value="data" asChild><Tab $active={tab === 'data'}>Data</Tab></TabsTrigger>
 *   </TabsList>
 *   <TabsContent value="data">…</TabsContent>
 * </Tabs>
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import {
  type ComponentPropsWithoutRef,
  cloneElement,
  createContext,
  forwardRef,
  isValidElement,
  type ReactNode,
  useContext,
  useId,
} from 'react';
import styled from 'styled-components';

const SelectContext = createContext<(value: string) => void>(() => undefined);

/** The selected tab and the tabs' id prefix, for {@link TabsContent} (Radix keeps its own private). */
const PanelContext = createContext<{ value: string; baseId: string }>({ value: '', baseId: '' });

/** The ids tying a tab to its panel: set on both sides, so Radix's own ids are not needed. */
function tabIds(baseId: string, value: string): { tab: string; panel: string } {
  return { tab: `${baseId}-tab-${value}`, panel: `${baseId}-panel-${value}` };
}

/** Props of {@link Tabs}: always controlled by its screen. */
export interface TabsProps<T extends string> {
  value: T;
  onValueChange: (value: T) => void;
  children: ReactNode;
  className?: string;
}

/** The tabs' root; the screen keeps the selected tab. */
export function Tabs<T extends string>({ value, onValueChange, children, className }: TabsProps<T>) {
  const select = (next: string) => {
    if (next !== value) onValueChange(next as T);
  };
  const baseId = useId();
  return (
    <SelectContext.Provider value={select}>
      <PanelContext.Provider value={{ value, baseId }}>
        <RadixTabs.Root value={value} onValueChange={select} className={className}>
          {children}
        </RadixTabs.Root>
      </PanelContext.Provider>
    </SelectContext.Provider>
  );
}

/** The tab list; give it an `aria-label`. */
export const TabsList = RadixTabs.List;

/**
 * One tab. Radix selects on pointer down and on focus; a click (a keyboard's Enter or Space,
 * an assistive technology's activation) selects as well.
 */
export const TabsTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof RadixTabs.Trigger>>(
  function TabsTrigger({ value, onClick, ...props }, ref) {
    const select = useContext(SelectContext);
    const ids = tabIds(useContext(PanelContext).baseId, value);
    return (
      <RadixTabs.Trigger
        ref={ref}
        value={value}
        id={ids.tab}
        aria-controls={ids.panel}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) select(value);
        }}
        {...props}
      />
    );
  },
);

/**
 * The panel of one tab, labelled by it; rendered only while its tab is selected. Not Radix's
 * `Tabs.Content`: that one mounts a `Presence`, whose effect reads the panel's computed
 * `animationName` and so forces a style recalculation of the whole page before its first frame
 * (about 10 ms of the editor's opening, whose palette is a tab panel; BENCHMARKS.md "Editor").
 * No panel animates, so a plain element with the same attributes does.
 */
export const TabsContent = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<'div'> & {
    value: string;
    /** Puts the panel's attributes on the one child instead of a `div`. */
    asChild?: boolean;
  }
>(function TabsContent({ value, asChild, children, ...props }, ref) {
  const tabs = useContext(PanelContext);
  if (value !== tabs.value) return null;
  const ids = tabIds(tabs.baseId, value);
  const panel = {
    'data-state': 'active',
    'data-orientation': 'horizontal',
    role: 'tabpanel',
    'aria-labelledby': ids.tab,
    id: ids.panel,
    tabIndex: 0,
    ...props,
    ref,
  };
  if (asChild && isValidElement(children)) return cloneElement(children, panel);
  return <div {...panel}>{children}</div>;
});

/** A styled tab list: tabs in a row over a hairline (use {@link Tab} inside). */
export const TabBar = styled(RadixTabs.List)`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
`;

/** A styled tab: muted text, the selected one in the accent with an underline. */
export const Tab = styled(TabsTrigger)`
  position: relative;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.small} ${({ theme }) => theme.radius.small} 0 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  white-space: nowrap;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &[data-state='active'] { color: ${({ theme }) => theme.colors.accentText}; }
  &[data-state='active']::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -1px;
    height: 2px;
    background: ${({ theme }) => theme.colors.accent};
  }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;
