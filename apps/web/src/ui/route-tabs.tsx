import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Tabs, type TabsProps } from '@mantine/core';

type WithValue = ReactElement<{ value?: unknown; children?: ReactNode }>;

/**
 * The values of the tabs in a `Tabs.List` that have no `Tabs.Panel` beside it. On a page whose tabs
 * are routes only the current panel is written; every tab still names its panel (`aria-controls`),
 * so the others get an empty, hidden one.
 */
export function panelsMissing(children: ReactNode): string[] {
  const tabs: string[] = [];
  const panels = new Set<string>();
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const element = child as WithValue;
    if (element.type === Tabs.List)
      Children.forEach(element.props.children, (tab) => {
        if (isValidElement(tab) && typeof (tab as WithValue).props.value === 'string') tabs.push((tab as WithValue).props.value as string);
      });
    if (element.type === Tabs.Panel && typeof element.props.value === 'string') panels.add(element.props.value);
  });
  return tabs.filter((value) => !panels.has(value));
}

/** Tabs whose panels are pages (a tab navigates to its sub-page): Mantine's Tabs with a panel for every tab. */
export function RouteTabs({ children, ...props }: TabsProps) {
  return (
    <Tabs {...props}>
      {children}
      {panelsMissing(children).map((value) => (
        // Unlabelled: an empty, hidden panel is only there to be pointed at; a label would make it
        // one more element answering to the tab's name.
        // biome-ignore lint/a11y/useValidAriaValues: the empty value removes the label Mantine gives every panel
        <Tabs.Panel key={value} value={value} aria-labelledby="">
          {null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
