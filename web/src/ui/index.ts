/**
 * Junction's design system: the tokens (light and dark themes) and accessible components
 * styled only from them. Pages import from here, not from the files; the gallery
 * (web/gallery.html, development only) shows every component in every state.
 */

export { AppIcon, type AppIconProps } from './AppIcon.js';
export { Badge, type BadgeProps, type BadgeTone, Status } from './Badge.js';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.js';
export { ButtonLink, type ButtonLinkProps } from './ButtonLink.js';
export { Card, type CardProps } from './Card.js';
export { Combobox, type ComboboxProps } from './Combobox.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export { Dialog, DialogFooter, type DialogProps } from './Dialog.js';
export { Drawer, type DrawerProps } from './Drawer.js';
export { EmptyState, type EmptyStateProps } from './EmptyState.js';
export type { FieldProps } from './Field.js';
export { GlobalStyle } from './GlobalStyle.js';
export { IconButton, type IconButtonProps } from './IconButton.js';
export { type Breadcrumb, PageHeader, type PageHeaderProps } from './PageHeader.js';
export { PageTitle, type PageTitleProps } from './PageTitle.js';
export { type RowAction, RowMenu, type RowMenuProps } from './RowMenu.js';
export { Select, type SelectOption, type SelectProps } from './Select.js';
export { Skeleton, type SkeletonProps } from './Skeleton.js';
export { Spinner, type SpinnerProps } from './Spinner.js';
export { Table, type TableColumn, type TableProps } from './Table.js';
export { Tab, TabBar, Tabs, TabsContent, TabsList, type TabsProps, TabsTrigger } from './Tabs.js';
export { TextArea, type TextAreaProps, TextField, type TextFieldProps } from './TextField.js';
export {
  THEME_PREFERENCE_KEY,
  type ThemeModeApi,
  ThemeModeProvider,
  type ThemePreference,
  useThemeMode,
} from './ThemeMode.js';
export { ThemeSwitch } from './ThemeSwitch.js';
export { TOAST_AUTO_HIDE_MS, type ToastApi, ToastProvider, useToast } from './Toast.js';
export { Tooltip, type TooltipProps } from './Tooltip.js';
export {
  type ColorTokens,
  darkTheme,
  getStatusColor,
  getStatusTextColor,
  type JunctionTheme,
  lightTheme,
  type Status as StatusKind,
  type ThemeMode,
  theme,
  themeFor,
} from './theme.js';
export { VisuallyHidden } from './VisuallyHidden.js';
