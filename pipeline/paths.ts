/** Default folders of the project, resolved from this file's location. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SOURCES_DIR = path.join(PROJECT_ROOT, 'sources');
export const DEFAULT_DIST_DIR = path.join(PROJECT_ROOT, 'dist');
