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
import { type ComponentPropsWithoutRef, createContext, forwardRef, type ReactNode, useContext } from 'react';
import styled from 'styled-components';

const SelectContext = createContext<(value: string) => void>(() => undefined);

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
  return (
    <SelectContext.Provider value={select}>
      <RadixTabs.Root value={value} onValueChange={select} className={className}>
        {children}
      </RadixTabs.Root>
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
    return (
      <RadixTabs.Trigger
        ref={ref}
        value={value}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) select(value);
        }}
        {...props}
      />
    );
  },
);

/** The panel of one tab, labelled by it; rendered only while its tab is selected. */
export const TabsContent = RadixTabs.Content;

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
