// What other modules may use of the settings; everything else in this folder is its own.
export { announceSettingsChange, SETTINGS_UPDATED } from './service';
