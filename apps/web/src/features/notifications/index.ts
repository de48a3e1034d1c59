// What other features may use of notifications; everything else in this folder is its own.
export { useNotificationList } from './api/use-notifications';
export { NotificationBell } from './components/notification-bell';
export { NotificationIcon } from './components/notification-icon';
export { StaffNotificationSettingsCard } from './components/staff-notification-settings';
