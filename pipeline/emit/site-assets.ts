/**
 * The site's assets under content-hashed names (`assets/site.<hash>.css`, `assets/search-box.<hash>.js`,
 * `assets/search-index.<hash>.json`): a new content gets a new name, so the server can send them
 * with a year-long immutable Cache-Control (runtime/server/static-files.ts) and a page never
 * mixes an old stylesheet with new markup. The pages name them through `site.assets`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteAssets } from '../../runtime/domain/contract/model.js';
import type { PlatformSource } from '../../runtime/domain/sources/platform-schema.js';
import { PROJECT_ROOT } from '../paths.js';
import type { EmittedFile } from './open-data.js';

/** Hex digits of the SHA-256 kept in an asset's name. */
const HASH_DIGITS = 10;

/** `assets/<stem>.<hash>.<extension>` for these bytes. */
function hashedPath(stem: string, extension: string, contents: string | Buffer): string {
  return `assets/${stem}.${createHash('sha256').update(contents).digest('hex').slice(0, HASH_DIGITS)}.${extension}`;
}

/**
 * The asset files and their URL paths (each starting with `/`).
 * @param platforms the platforms of the build: the search box offers their names, slugs and aliases
 */
export function siteAssets(platforms: ReadonlyArray<Pick<PlatformSource, 'name' | 'slug' | 'aliases' | 'category'>>): {
  paths: SiteAssets;
  files: EmittedFile[];
} {
  const css = readFileSync(path.join(PROJECT_ROOT, 'runtime/domain/pages/site.css'));
  const script = readFileSync(path.join(PROJECT_ROOT, 'runtime/domain/pages/search-box.js'));
  const index = JSON.stringify(
    [...platforms].sort((a, b) => (a.slug < b.slug ? -1 : 1)).map((p) => ({ name: p.name, slug: p.slug, aliases: p.aliases ?? [], category: p.category })),
  );
  const files: EmittedFile[] = [
    { path: hashedPath('site', 'css', css), contents: css },
    { path: hashedPath('search-box', 'js', script), contents: script },
    { path: hashedPath('search-index', 'json', index), contents: index },
  ];
  return { paths: { stylesheet: `/${files[0]!.path}`, script: `/${files[1]!.path}`, search_index: `/${files[2]!.path}` }, files };
}
