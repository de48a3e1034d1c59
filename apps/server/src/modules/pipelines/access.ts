import { authorizeAny } from '../../platform/guards';

/** Pipelines are read by their settings page and by the deal board; only settings may change them. */
export const readPipelines = (action: 'index' | 'show') => authorizeAny(['settings_pipelines', action], ['deals', action]);
