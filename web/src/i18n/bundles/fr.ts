import { bundle } from '../bundle.js';

export default bundle(import.meta.glob<Record<string, unknown>>('../locales/fr/*.json', { eager: true, import: 'default' }));
