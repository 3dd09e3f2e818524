/**
 * Tabs on Radix Tabs (WAI-ARIA tabs: arrow keys move between tabs, Home and End, each panel
 * labelled by its tab). Every tab list in the product uses these, styled by its screen through
 * `asChild`.
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
