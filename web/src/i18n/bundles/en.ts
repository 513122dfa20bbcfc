import { bundle } from '../bundle.js';

export default bundle(import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' }));
