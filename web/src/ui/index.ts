/**
 * Junction's design system: the theme and accessible primitives styled with
 * styled-components. Pages import from here, not from the files.
 */

export type { AppIconProps } from './AppIcon.js';
export { AppIcon } from './AppIcon.js';
export type { ButtonProps, ButtonVariant } from './Button.js';
export { Button } from './Button.js';
export type { DialogProps } from './Dialog.js';
export { Dialog } from './Dialog.js';
export { GlobalStyle } from './GlobalStyle.js';
export type { PageTitleProps } from './PageTitle.js';
export { PageTitle } from './PageTitle.js';
export type { SpinnerProps } from './Spinner.js';
export { Spinner } from './Spinner.js';
export type { TabsProps } from './Tabs.js';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs.js';
export type { TextFieldProps } from './TextField.js';
export { TextField } from './TextField.js';
export type { ToastApi, ToastProps } from './Toast.js';
export { TOAST_AUTO_HIDE_MS, Toast, ToastProvider, useToast } from './Toast.js';
export type { JunctionTheme, Status } from './theme.js';
export { getStatusColor, getStatusTextColor, theme } from './theme.js';
export { VisuallyHidden } from './VisuallyHidden.js';
