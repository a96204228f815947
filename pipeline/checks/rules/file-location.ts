/** A platform file's name is its slug and its folder its category; a slug never contains "-vs-". */
import path from 'node:path';
import { problemAt } from '../../load/load.js';
import type { PlatformCheck } from '../check-rule.js';
import { str } from '../raw-fields.js';

export const fileLocation: PlatformCheck = {
  id: 'file-location',
  rule: 'The file is sources/platforms/<category>/<slug>.yaml, so a record is found where its URL says; a slug never contains "-vs-", which separates the two slugs of a verdict.',
  check({ source, raw }) {
    const slug = str(raw.slug);
    const category = str(raw.category);
    const base = path.basename(source.file).replace(/\.ya?ml$/, '');
    const folder = path.basename(path.dirname(source.file));
    return [
      ...(slug !== undefined && base !== slug
        ? [problemAt(source, ['slug'], 'error', `slug "${slug}" differs from the file name "${base}"`, `rename the file to ${slug}.yaml or change the slug`)]
        : []),
      ...(category !== undefined && folder !== category
        ? [
            problemAt(
              source,
              ['category'],
              'error',
              `category "${category}" differs from the folder "${folder}"`,
              `move the file to sources/platforms/${category}/`,
            ),
          ]
        : []),
      ...(slug?.includes('-vs-') ? [problemAt(source, ['slug'], 'error', 'a slug may not contain "-vs-" (it separates the two slugs of a verdict)')] : []),
    ];
  },
};
