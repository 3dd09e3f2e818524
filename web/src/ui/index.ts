/**
 * Junction's design system: the tokens (light and dark themes) and accessible components
 * styled only from them. Pages import from here, not from the files; the gallery
 * (web/gallery.html, development only) shows every component in every state.
 */

export type { AppIconProps } from './AppIcon.js';
export { AppIcon } from './AppIcon.js';
export type { BadgeProps, BadgeTone } from './Badge.js';
export { Badge, Status } from './Badge.js';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button.js';
export { Button } from './Button.js';
export type { ButtonLinkProps } from './ButtonLink.js';
export { ButtonLink } from './ButtonLink.js';
export type { CardProps } from './Card.js';
export { Card } from './Card.js';
export type { ComboboxProps } from './Combobox.js';
export { Combobox } from './Combobox.js';
export type { DialogProps } from './Dialog.js';
export { Dialog, DialogFooter } from './Dialog.js';
export type { DrawerProps } from './Drawer.js';
export { Drawer } from './Drawer.js';
export type { EmptyStateProps } from './EmptyState.js';
export { EmptyState } from './EmptyState.js';
export type { FieldProps } from './Field.js';
export { GlobalStyle } from './GlobalStyle.js';
export type { IconButtonProps } from './IconButton.js';
export { IconButton } from './IconButton.js';
export type { Breadcrumb, PageHeaderProps } from './PageHeader.js';
export { PageHeader } from './PageHeader.js';
export type { PageTitleProps } from './PageTitle.js';
export { PageTitle } from './PageTitle.js';
export type { RowAction, RowMenuProps } from './RowMenu.js';
export { RowMenu } from './RowMenu.js';
export type { SelectOption, SelectProps } from './Select.js';
export { Select } from './Select.js';
export type { SkeletonProps } from './Skeleton.js';
export { Skeleton } from './Skeleton.js';
export type { SpinnerProps } from './Spinner.js';
export { Spinner } from './Spinner.js';
export type { TableColumn, TableProps } from './Table.js';
export { Table } from './Table.js';
export type { TabsProps } from './Tabs.js';
export { Tab, TabBar, Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs.js';
export type { TextAreaProps, TextFieldProps } from './TextField.js';
export { TextArea, TextField } from './TextField.js';
export type { ThemeModeApi, ThemePreference } from './ThemeMode.js';
export { THEME_PREFERENCE_KEY, ThemeModeProvider, useThemeMode } from './ThemeMode.js';
export { ThemeSwitch } from './ThemeSwitch.js';
export type { ToastApi, ToastProps } from './Toast.js';
export { TOAST_AUTO_HIDE_MS, Toast, ToastProvider, useToast } from './Toast.js';
export type { TooltipProps } from './Tooltip.js';
export { Tooltip } from './Tooltip.js';
export type { ColorTokens, JunctionTheme, Status as StatusKind, ThemeMode } from './theme.js';
export { darkTheme, getStatusColor, getStatusTextColor, lightTheme, theme, themeFor } from './theme.js';
export { VisuallyHidden } from './VisuallyHidden.js';
