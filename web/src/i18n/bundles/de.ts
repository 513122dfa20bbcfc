import { bundle } from '../bundle.js';

export default bundle(import.meta.glob<Record<string, unknown>>('../locales/de/*.json', { eager: true, import: 'default' }));
